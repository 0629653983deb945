//! Where the cursor points: the point of the table surface under it and the model under it,
//! found by casting the camera ray against the table model (the same geometry the rules use).

use super::convert::{to_table, to_world};
use super::state::TableState;
use crate::table::{ModelId, Pt, Table};
use bevy::prelude::*;
use bevy::window::PrimaryWindow;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<CursorHit>()
        .add_systems(PreUpdate, update_cursor);
}

/// What lies under the mouse cursor this frame.
#[derive(Resource, Debug, Clone, Default)]
pub struct CursorHit {
    /// The point of the table surface under the cursor.
    pub ground: Option<Pt>,
    /// The nearest model under the cursor.
    pub model: Option<ModelId>,
    /// The world-space ray, for tools that intersect planes themselves.
    pub ray: Option<Ray3d>,
}

/// The first point where a ray meets the table's surface (tiles and pieces), if it does.
pub fn ray_to_surface(table: &Table, origin: Vec3, dir: Vec3) -> Option<Pt> {
    let dir = dir.normalize_or_zero();
    if dir == Vec3::ZERO {
        return None;
    }
    let above = |p: Vec3| p.y > table.surface_height(to_table(p));
    let step = 0.2;
    let max_t = 2000.0;
    let mut t = 0.0;
    // Skip to the top of anything on the table (highest relevant height 50").
    if origin.y > 50.0 && dir.y < 0.0 {
        t = (origin.y - 50.0) / -dir.y;
    }
    let mut prev = t;
    while t < max_t {
        let p = origin + dir * t;
        if !above(p) {
            let (mut lo, mut hi) = (prev, t);
            for _ in 0..20 {
                let mid = (lo + hi) / 2.0;
                if above(origin + dir * mid) {
                    lo = mid
                } else {
                    hi = mid
                }
            }
            let hit = to_table(origin + dir * hi);
            return table.contains(hit).then_some(hit);
        }
        if p.y < -1.0 {
            return None;
        }
        prev = t;
        t += step;
    }
    None
}

/// The nearest model whose base-and-body cylinder the ray passes through, with the ray distance.
pub fn ray_to_model(table: &Table, origin: Vec3, dir: Vec3) -> Option<(ModelId, f32)> {
    let dir = dir.normalize_or_zero();
    let mut best: Option<(ModelId, f32)> = None;
    for m in &table.models {
        let c = to_world(m.pos, m.h);
        let r = m.radius();
        let top = m.h + 0.125 + m.body_height;
        // Infinite vertical cylinder, then clip to [h, top].
        let o = Vec2::new(origin.x - c.x, origin.z - c.z);
        let d = Vec2::new(dir.x, dir.z);
        let a = d.dot(d);
        let b = 2.0 * o.dot(d);
        let cc = o.dot(o) - r * r;
        let mut hits = Vec::new();
        if a > 1e-9 {
            let disc = b * b - 4.0 * a * cc;
            if disc >= 0.0 {
                let s = disc.sqrt();
                hits.push((-b - s) / (2.0 * a));
                hits.push((-b + s) / (2.0 * a));
            }
        }
        // Caps.
        if dir.y.abs() > 1e-9 {
            for y in [m.h, top] {
                let t = (y - origin.y) / dir.y;
                let p = origin + dir * t;
                if Vec2::new(p.x - c.x, p.z - c.z).length() <= r {
                    hits.push(t);
                }
            }
        }
        let t = hits
            .into_iter()
            .filter(|t| *t > 0.0)
            .filter(|t| {
                let y = origin.y + dir.y * t;
                y >= m.h - 1e-3 && y <= top + 1e-3
            })
            .fold(f32::INFINITY, f32::min);
        if t.is_finite() && best.is_none_or(|(_, bt)| t < bt) {
            best = Some((m.id, t));
        }
    }
    best
}

fn update_cursor(
    window: Query<&Window, With<PrimaryWindow>>,
    cams: Query<(&Camera, &GlobalTransform), With<Camera3d>>,
    state: Option<Res<TableState>>,
    mut hit: ResMut<CursorHit>,
) {
    *hit = CursorHit::default();
    let (Ok(window), Ok((camera, cam_tf)), Some(state)) = (window.single(), cams.single(), state)
    else {
        return;
    };
    let Some(cursor) = window.cursor_position() else {
        return;
    };
    // Window coordinates: the camera maps them through its viewport itself.
    let Ok(ray) = camera.viewport_to_world(cam_tf, cursor) else {
        return;
    };
    hit.ray = Some(ray);
    hit.ground = ray_to_surface(&state.table, ray.origin, *ray.direction);
    hit.model = ray_to_model(&state.table, ray.origin, *ray.direction).map(|(id, _)| id);
}
