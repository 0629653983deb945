//! The table's 3D scene for sight and movement, built once per arrangement of the models: the
//! program opponent asks many questions of one state, and building the scene is the costly part.
//! A memo, not state: the same table gives the same scene.

use crate::table::{Scene, Table};
use std::cell::RefCell;
use std::rc::Rc;

thread_local! {
    static LAST: RefCell<Option<(u64, Rc<Scene>)>> = const { RefCell::new(None) };
}

/// What the scene depends on: the table's size, its pieces and tiles (fixed in a game), and
/// where each model stands.
fn key(t: &Table) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    let mut mix = |v: u64| {
        h ^= v;
        h = h.wrapping_mul(0x100000001b3);
    };
    mix(t.width.to_bits() as u64);
    mix(t.depth.to_bits() as u64);
    mix(t.pieces.len() as u64);
    for p in &t.pieces {
        mix(p.shape as u64);
        mix(p.at.x.to_bits() as u64 ^ ((p.at.y.to_bits() as u64) << 32));
        mix(p.size.0.to_bits() as u64 ^ ((p.size.1.to_bits() as u64) << 32));
        mix(p.size.2.to_bits() as u64 ^ ((p.rotation.to_bits() as u64) << 32));
        mix(p.base_height.to_bits() as u64 ^ ((p.tags.len() as u64) << 32));
        for tag in &p.tags {
            mix(*tag as u64);
        }
    }
    mix(t.tiles.cols as u64 ^ ((t.tiles.rows as u64) << 32));
    for r in 0..t.tiles.rows {
        for c in 0..t.tiles.cols {
            mix(t.tiles.height(c, r).to_bits() as u64);
        }
    }
    for m in &t.models {
        mix(m.id.0 as u64);
        mix(m.pos.x.to_bits() as u64 ^ ((m.pos.y.to_bits() as u64) << 32));
        mix(m.h.to_bits() as u64 ^ ((m.base_diameter.to_bits() as u64) << 32));
    }
    h
}

/// The scene of `t`, from the memo when the models stand where they stood last time.
pub fn of(t: &Table) -> Rc<Scene> {
    let k = key(t);
    LAST.with_borrow_mut(|last| {
        if let Some((lk, s)) = last
            && *lk == k
        {
            return s.clone();
        }
        let s = Rc::new(Scene::new(t, Default::default()));
        *last = Some((k, s.clone()));
        s
    })
}
