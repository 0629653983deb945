//! Rapier colliders for the table: every terrain piece, raised tile, model and the table top gets
//! a collider built from the same parry shape the pure geometry uses (`table::scene`), so picking
//! in the app and the rules' line of sight agree on what is where.

use super::table_entities::{Miniature, TableTop, TerrainPiece, TerrainTile};
use crate::app::base::state::TableState;
use crate::table::shape::{model_shape, piece_shape};
use bevy::prelude::*;
use bevy_rapier3d::prelude::*;

pub(crate) fn plugin(app: &mut App) {
    app.add_plugins(RapierPhysicsPlugin::<NoUserData>::default())
        .add_systems(Startup, no_gravity)
        .add_systems(
            PostUpdate,
            (terrain_colliders, model_colliders).before(PhysicsSet::SyncBackend),
        );
}

/// A model's collider; the entity is a child of the model's [`Miniature`].
#[derive(Component, Debug, Clone, Copy)]
pub struct ModelCollider(pub crate::table::ModelId);

/// A collider of the table top or its terrain.
#[derive(Component, Debug, Clone, Copy)]
pub struct TerrainCollider;

fn no_gravity(mut cfg: Query<&mut RapierConfiguration>) {
    for mut c in &mut cfg {
        c.gravity = Vec3::ZERO;
    }
}

/// The child transform that puts a shape at `pose` (world) under a parent at `parent` (world).
fn local(parent: &Transform, pose: &bevy_rapier3d::parry::math::Pose) -> Transform {
    let world = Transform::from_translation(pose.translation).with_rotation(pose.rotation);
    let inv = parent.compute_affine().inverse();
    Transform::from_matrix(Mat4::from(inv) * world.to_matrix())
}

fn terrain_colliders(
    mut commands: Commands,
    state: Option<Res<TableState>>,
    tops: Query<(Entity, &TableTop), Added<TableTop>>,
    pieces: Query<(Entity, &TerrainPiece, &Transform), Added<TerrainPiece>>,
    tiles: Query<(Entity, &TerrainTile), Added<TerrainTile>>,
) {
    let Some(state) = state else { return };
    for (e, t) in &tops {
        commands.entity(e).with_child((
            TerrainCollider,
            Collider::cuboid(t.width / 2.0, 0.5, t.depth / 2.0),
            Transform::from_xyz(0.0, -0.5, 0.0),
        ));
    }
    for (e, p, tf) in &pieces {
        let Some(piece) = state.table.pieces.get(p.index) else {
            continue;
        };
        let (shape, pose) = piece_shape(piece);
        commands
            .entity(e)
            .with_child((TerrainCollider, Collider::from(shape), local(tf, &pose)));
    }
    for (e, t) in &tiles {
        if t.height > 0.0 {
            commands.entity(e).with_child((
                TerrainCollider,
                Collider::cuboid(t.size / 2.0, t.height / 2.0, t.size / 2.0),
                Transform::from_xyz(0.0, t.height / 2.0, 0.0),
            ));
        }
    }
}

fn model_colliders(
    mut commands: Commands,
    state: Option<Res<TableState>>,
    minis: Query<(Entity, &Miniature, &Transform), Added<Miniature>>,
) {
    let Some(state) = state else { return };
    for (e, mini, tf) in &minis {
        let Ok(m) = state.table.model(mini.id) else {
            continue;
        };
        let (shape, pose) = model_shape(m);
        commands.entity(e).with_child((
            ModelCollider(mini.id),
            Collider::from(shape),
            local(tf, &pose),
        ));
    }
}
