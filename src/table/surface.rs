//! The height of a table's surface at a point, remembered on this thread per terrain: the
//! program opponent asks the height of the same spots after each order it weighs.

use super::geom::Pt;
use super::tabletop::Table;
use std::cell::RefCell;
use std::collections::HashMap;

type Heights = HashMap<(u64, u64), f32, rustc_hash::FxBuildHasher>;

thread_local! {
    /// The heights found, by the terrain (its fingerprint) and the point.
    static HEIGHTS: RefCell<Heights> = RefCell::new(Heights::default());
}

/// How many heights the memo keeps; a full memo starts afresh.
const KEPT: usize = 1 << 15;

/// [`Table::surface_height`] at `p`, from the memo when asked before of the same terrain (a
/// memo of a pure function of the tiles and pieces).
pub fn height(t: &Table, p: Pt) -> f32 {
    let key = (
        super::fingerprint::terrain(t),
        p.x.to_bits() as u64 | (p.y.to_bits() as u64) << 32,
    );
    if let Some(h) = HEIGHTS.with_borrow(|m| m.get(&key).copied()) {
        return h;
    }
    let h = t.surface_height(p);
    HEIGHTS.with_borrow_mut(|m| {
        if m.len() >= KEPT {
            m.clear();
        }
        m.insert(key, h);
    });
    h
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::table::{Piece, PieceShape};

    #[test]
    fn the_height_follows_the_terrain_it_is_asked_of() {
        let mut t = Table::new(24.0, 24.0, 6.0);
        let p = Pt::new(12.0, 12.0);
        assert_eq!(height(&t, p), 0.0);
        t.pieces.push(Piece {
            shape: PieceShape::Box,
            at: p,
            rotation: 0.0,
            size: (2.0, 2.0, 1.5),
            base_height: 0.0,
            tags: vec![],
            label: "Crate".into(),
        });
        assert_eq!(height(&t, p), t.surface_height(p));
        assert_eq!(height(&t, p), 1.5);
    }
}
