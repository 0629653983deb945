//! Fingerprints of a table for the memos of its costly derived structures (the 3D scene, the
//! terrain under each movement cell, cost fields): a 64-bit FNV-1a over every field those read.
//! Each struct is taken apart field by field without `..`, so a field added to a piece, a model
//! or the tile grid does not compile here until it is either mixed in or named as not read.

pub use super::mix::Mix;
use super::model::Model;
use super::piece::Piece;
use super::sight_options::SightOptions;
use super::tabletop::Table;
use super::terrain::TileGrid;

fn tiles(h: &mut Mix, g: &TileGrid) {
    h.f32(g.tile_size)
        .u64(g.cols as u64)
        .u64(g.rows as u64)
        .u64(g.fingerprint());
}

fn piece(h: &mut Mix, p: &Piece) {
    let Piece {
        shape,
        at,
        rotation,
        size,
        base_height,
        tags,
        label: _,
    } = p;
    h.u64(*shape as u64)
        .pt(*at)
        .f32(*rotation)
        .f32(size.0)
        .f32(size.1)
        .f32(size.2)
        .f32(*base_height)
        .u64(tags.len() as u64);
    for t in tags {
        h.u64(*t as u64);
    }
}

pub fn model(h: &mut Mix, m: &Model) {
    let Model {
        id,
        side,
        name: _,
        base_diameter,
        body_height,
        pos,
        h: height,
        facing,
        front_arc,
        wreck,
    } = m;
    h.u64(id.0 as u64)
        .u64(side.0 as u64)
        .f32(*base_diameter)
        .f32(*body_height)
        .pt(*pos)
        .f32(*height)
        .f32(*facing)
        .f32(*front_arc)
        .u64(*wreck as u64);
}

/// The ground the table is made of: its size, tiles and pieces (zones, objectives and models
/// left out: they neither block nor slow a base).
pub fn terrain(t: &Table) -> u64 {
    let mut h = Mix::default();
    h.f32(t.width).f32(t.depth);
    tiles(&mut h, &t.tiles);
    h.u64(t.pieces.key(|list| {
        let mut h = Mix::default();
        h.u64(list.len() as u64);
        for p in list {
            piece(&mut h, p);
        }
        h.done()
    }));
    h.done()
}

/// The terrain and every model on it.
pub fn with_models(t: &Table) -> u64 {
    models_on(terrain(t), t)
}

/// [`with_models`] from the table's [`terrain`] fingerprint, already taken.
pub fn models_on(terrain: u64, t: &Table) -> u64 {
    let models = t.models.key(|list| {
        let mut h = Mix::default();
        h.u64(list.len() as u64);
        for m in list {
            model(&mut h, m);
        }
        h.done()
    });
    Mix::from_word(terrain).u64(models).done()
}

/// Sight options as a word for a key.
pub fn sight(o: &SightOptions) -> u64 {
    let SightOptions {
        models_block,
        wrecks_block,
        columns,
        rows,
    } = *o;
    models_block as u64 | (wrecks_block as u64) << 1 | (columns as u64) << 8 | (rows as u64) << 16
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::table::{GroundKind, PieceShape, Pt};

    fn table() -> Table {
        let mut t = Table::new(24.0, 24.0, 6.0);
        t.pieces.push(Piece {
            shape: PieceShape::Box,
            at: Pt::new(12.0, 12.0),
            rotation: 0.0,
            size: (2.0, 2.0, 2.0),
            base_height: 0.0,
            tags: vec![],
            label: "Crate".into(),
        });
        t.models
            .push(Model::new(1, 1, "A", 1.0, 1.0, Pt::new(3.0, 3.0), 0.0));
        t
    }

    #[test]
    fn every_change_the_memos_depend_on_changes_the_fingerprint() {
        let t = table();
        let (terr, all) = (terrain(&t), with_models(&t));
        assert_eq!((terr, all), (terrain(&t.clone()), with_models(&t.clone())));

        let mut moved = t.clone();
        moved.models[0].pos = Pt::new(3.5, 3.0);
        assert_eq!(terrain(&moved), terr, "models are not terrain");
        assert_ne!(with_models(&moved), all);

        let mut wreck = t.clone();
        wreck.models[0].wreck = true;
        assert_ne!(with_models(&wreck), all);

        let mut tile = t.clone();
        let _ = tile.tiles.fingerprint();
        tile.tiles.set_kind(1, 1, GroundKind::Rough);
        assert_ne!(
            terrain(&tile),
            terr,
            "a changed tile is not the remembered one"
        );
        let mut high = t.clone();
        high.tiles.set_height(0, 0, 1.0);
        assert_ne!(terrain(&high), terr);

        let mut piece = t.clone();
        piece.pieces[0].size.2 = 3.0;
        assert_ne!(terrain(&piece), terr);
        let mut tagged = t.clone();
        tagged.pieces[0].tags.push(crate::table::Tag::Rough);
        assert_ne!(terrain(&tagged), terr);

        let mut renamed = t.clone();
        renamed.pieces[0].label = "Box".into();
        assert_eq!(terrain(&renamed), terr, "a label changes nothing measured");
    }
}
