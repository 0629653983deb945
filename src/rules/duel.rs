//! The table of the duel games (KtOG, Krig): a level read once per path and kept, and each
//! player's miniature placed around its centre, facing in; a player who is out lies down.

use crate::data::LevelFile;
use crate::table::{Model, Pt, Table};
use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex, OnceLock};

type Cached = Arc<(LevelFile, Table)>;

/// The level at `path` (resolved from any folder), read once and kept for the next game.
pub fn level(path: &Path) -> Result<Cached, Vec<String>> {
    static CACHE: OnceLock<Mutex<HashMap<PathBuf, Cached>>> = OnceLock::new();
    let cache = CACHE.get_or_init(Default::default);
    if let Some(hit) = cache.lock().ok().and_then(|c| c.get(path).cloned()) {
        return Ok(hit);
    }
    let resolved = crate::data::load::resolve_data_path(path);
    let (level, table) = crate::data::load_level(&resolved)
        .map_err(|e| e.iter().map(ToString::to_string).collect::<Vec<_>>())?;
    let hit = Arc::new((level, table));
    if let Ok(mut c) = cache.lock() {
        c.insert(path.to_path_buf(), hit.clone());
    }
    Ok(hit)
}

/// A bare 24" × 24" table, for a setup without a level.
pub fn bare() -> Cached {
    static BARE: OnceLock<Cached> = OnceLock::new();
    BARE.get_or_init(|| {
        let table = Table::new(24.0, 24.0, 1.0);
        let level = LevelFile::from_table("Bare table", "a bare 24\" table", &table);
        Arc::new((level, table))
    })
    .clone()
}

/// `table` with one miniature per player (model id = seat, side = seat) in a circle of
/// `radius` inches around its centre, facing the centre, seat 1 nearest the viewer and the next
/// seats around to its left; `down[i]` lays player i+1's miniature down.
pub fn with_players(table: &Table, names: &[String], down: &[bool], radius: f32) -> Table {
    let mut t = table.clone();
    t.models.clear();
    let c = Pt::new(t.width / 2.0, t.depth / 2.0);
    let n = names.len().max(1) as f32;
    for (i, name) in names.iter().enumerate() {
        let a = -90.0 - 360.0 * i as f32 / n;
        let pos = c.add(Pt::new(radius, 0.0).rotate(a));
        let facing = a + 180.0;
        let mut m = Model::new(i as u32 + 1, i as u8 + 1, name, 1.0, 1.6, pos, facing);
        m.h = t.surface_height(pos);
        m.wreck = down.get(i).copied().unwrap_or(false);
        t.models.push(m);
    }
    t
}

/// The players' miniatures of a duel table: a hero each, in the seat's style.
/// The one unit type of the duel games, for model packs.
pub const HERO_UNIT: &str = "Hero";

/// Every seat's hero is of the unit type [`HERO_UNIT`].
pub fn hero_unit_types(players: usize) -> Vec<(crate::table::ModelId, String)> {
    (0..players)
        .map(|i| (crate::table::ModelId(i as u32 + 1), HERO_UNIT.to_string()))
        .collect()
}

pub fn hero_looks(players: usize) -> crate::table::look::Looks {
    use crate::table::look::{Figure, Look};
    (0..players)
        .map(|i| {
            (
                crate::table::ModelId(i as u32 + 1),
                Look::new(Figure::Hero, i as u8),
            )
        })
        .collect()
}
