//! Where the cursor points: the point of the table surface under it and the model under it, found
//! by casting the camera ray through rapier against the colliders built from the rules' shapes.

use super::colliders::{ModelCollider, TerrainCollider};
use crate::app::base::convert::to_table;
use crate::app::base::state::TableState;
use crate::table::{ModelId, Pt};
use bevy::prelude::*;
use bevy::window::PrimaryWindow;
use bevy_rapier3d::prelude::*;

pub(crate) fn plugin(app: &mut App) {
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

fn update_cursor(
    window: Query<&Window, With<PrimaryWindow>>,
    cams: Query<(&Camera, &GlobalTransform), super::camera::TableCamera>,
    state: Option<Res<TableState>>,
    rapier: ReadRapierContext,
    models: Query<&ModelCollider>,
    terrain: Query<(), With<TerrainCollider>>,
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
    let Ok(ctx) = rapier.single() else { return };
    let (o, d) = (ray.origin, *ray.direction);
    let is_model = |e: Entity| models.contains(e);
    let is_terrain = |e: Entity| terrain.contains(e);
    let ground = ctx.cast_ray(
        o,
        d,
        5000.0,
        true,
        QueryFilter::default().predicate(&is_terrain),
    );
    let model = ctx.cast_ray(
        o,
        d,
        5000.0,
        true,
        QueryFilter::default().predicate(&is_model),
    );
    hit.ground = ground
        .map(|(_, toi)| to_table(o + d * toi))
        .filter(|p| state.table.contains(*p));
    // A model hides behind terrain only when the terrain is clearly nearer.
    hit.model = model
        .filter(|(_, mt)| ground.is_none_or(|(_, gt)| *mt <= gt + 0.05))
        .and_then(|(e, _)| models.get(e).ok())
        .map(|m| m.0);
}
