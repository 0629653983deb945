//! A level's terrain as a DnDalike fight sees it: a sight scene with the answers found so far,
//! and the grid of where a base can stand.

use crate::table::Table;
use crate::table::geom::Pt;
use std::sync::Arc;

/// A level's terrain ready for line-of-sight queries, with the answers found so far (sight
/// between two points depends on nothing else, so they are kept for every fight on the level).
#[derive(Clone, Default)]
pub struct Terrain(pub Option<Arc<TerrainSight>>);

pub struct TerrainSight {
    pub scene: crate::table::scene::Scene,
    /// The pieces that stop a base, each as a circle around its footprint (centre, radius).
    pub blockers: Vec<(Pt, f32)>,
    /// Whether any ground of the level is impassable.
    pub impassable_ground: bool,
    /// Where a base can stand, for the program's ways around the rock (built when first asked).
    pub grid: std::sync::OnceLock<super::path::Grid>,
    /// Straight ways walked so far (from, to) and where each is stopped, if anywhere.
    pub walked: std::sync::Mutex<std::collections::HashMap<[u32; 4], Option<Pt>>>,
    seen: std::sync::Mutex<std::collections::HashMap<[u32; 4], bool>>,
}

impl Terrain {
    pub fn of(table: &Table) -> Self {
        let mut t = table.clone();
        t.models.clear();
        let blockers = t
            .pieces
            .iter()
            .filter(|p| crate::table::movement::piece_blocks_movement(p))
            .map(|p| (p.at, 0.5 * (p.size.0.hypot(p.size.1))))
            .collect();
        let impassable_ground = t
            .tiles
            .iter()
            .any(|(_, _, kind, _)| kind == crate::table::terrain::GroundKind::Impossible);
        Terrain(Some(Arc::new(TerrainSight {
            scene: crate::table::scene::Scene::new(&t, Default::default()),
            blockers,
            impassable_ground,
            grid: Default::default(),
            walked: Default::default(),
            seen: Default::default(),
        })))
    }

    /// The terrain of the level at `path` (a bare table for `None`), built once and kept.
    pub fn of_level(path: Option<&std::path::Path>, table: &Table) -> Self {
        type Cache =
            std::sync::Mutex<std::collections::HashMap<Option<std::path::PathBuf>, Terrain>>;
        static CACHE: std::sync::OnceLock<Cache> = std::sync::OnceLock::new();
        let cache = CACHE.get_or_init(Default::default);
        let key = path.map(|p| p.to_path_buf());
        if let Some(hit) = cache.lock().ok().and_then(|c| c.get(&key).cloned()) {
            return hit;
        }
        let t = Terrain::of(table);
        if let Ok(mut c) = cache.lock() {
            c.insert(key, t.clone());
        }
        t
    }

    /// Sight from a base at `a` to one at `b`, asking `look` only the first time.
    pub fn sees(
        &self,
        a: Pt,
        b: Pt,
        look: impl FnOnce(&crate::table::scene::Scene) -> bool,
    ) -> bool {
        let Some(t) = &self.0 else {
            return true;
        };
        let key = [a.x.to_bits(), a.y.to_bits(), b.x.to_bits(), b.y.to_bits()];
        if let Some(v) = t.seen.lock().ok().and_then(|m| m.get(&key).copied()) {
            return v;
        }
        let v = look(&t.scene);
        if let Ok(mut m) = t.seen.lock() {
            if m.len() > 100_000 {
                m.clear();
            }
            m.insert(key, v);
        }
        v
    }
}

impl std::fmt::Debug for Terrain {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Terrain")
    }
}
