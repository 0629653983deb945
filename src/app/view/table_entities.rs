//! The ECS mirror of the table: one entity per terrain tile, piece, zone, objective and model,
//! with components that carry the table's data. Rebuilt when the terrain changes; models are
//! spawned, moved and despawned to match the table every frame it changes.

use crate::app::base::convert::{to_world, yaw};
use crate::app::base::state::TableState;
use crate::table::{GroundKind, ModelId, PieceShape, Pt, Side, Tag, ZoneKind};
use bevy::prelude::*;

pub fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        (rebuild_terrain, sync_models).chain().in_set(TableSync),
    );
}

pub use crate::app::base::sets::TableSync;

/// Everything spawned from the table's terrain (tiles, pieces, zones, objectives, the table top).
#[derive(Component, Debug)]
pub struct TerrainEntity;

/// The table top itself.
#[derive(Component, Debug)]
pub struct TableTop {
    pub width: f32,
    pub depth: f32,
    pub theme: crate::data::level::Theme,
}

/// A terrain tile that is not plain open flat ground.
#[derive(Component, Debug, Clone)]
pub struct TerrainTile {
    pub col: usize,
    pub row: usize,
    pub kind: GroundKind,
    pub height: f32,
    pub size: f32,
    /// The level's water tiles hold blood (Kry-Gothic's lakes of blood).
    pub blood: bool,
}

/// A terrain piece: index into the table's pieces, and its shape data.
#[derive(Component, Debug, Clone)]
pub struct TerrainPiece {
    pub index: usize,
    pub shape: PieceShape,
    pub size: (f32, f32, f32),
    pub tags: Vec<Tag>,
}

#[derive(Component, Debug, Clone)]
pub struct ZoneArea {
    pub kind: ZoneKind,
    pub side: u8,
    pub min: Pt,
    pub max: Pt,
}

#[derive(Component, Debug, Clone)]
pub struct ObjectiveMarker {
    pub diameter: f32,
}

/// A miniature on the table.
#[derive(Component, Debug, Clone, Copy, PartialEq)]
pub struct Miniature {
    pub id: ModelId,
    pub side: Side,
    pub look: crate::table::look::Look,
}

/// A destroyed model left on the table as a wreck.
#[derive(Component, Debug, Clone, Copy)]
pub struct Wrecked;

/// A model's round base.
#[derive(Component, Debug, Clone, Copy)]
pub struct Base {
    pub diameter: f32,
    pub body_height: f32,
}

/// A model's facing in degrees and its front arc's width.
#[derive(Component, Debug, Clone, Copy)]
pub struct Facing {
    pub deg: f32,
    pub front_arc: f32,
}

fn rebuild_terrain(
    mut commands: Commands,
    state: Option<Res<TableState>>,
    old: Query<Entity, With<TerrainEntity>>,
    mut built: Local<Option<u64>>,
) {
    let Some(state) = state else { return };
    if *built == Some(state.terrain_rev) {
        return;
    }
    *built = Some(state.terrain_rev);
    for e in &old {
        commands.entity(e).despawn();
    }
    let t = &state.table;
    commands.spawn((
        TerrainEntity,
        TableTop {
            width: t.width,
            depth: t.depth,
            theme: state.level.theme,
        },
        Name::new("Table"),
        Visibility::default(),
        Transform::from_translation(to_world(Pt::new(t.width / 2.0, t.depth / 2.0), 0.0)),
    ));
    let g = &t.tiles;
    for (col, row, kind, height) in g.iter() {
        if kind == GroundKind::Open && height == 0.0 {
            continue;
        }
        commands.spawn((
            TerrainEntity,
            TerrainTile {
                col,
                row,
                kind,
                height,
                size: g.tile_size,
                blood: state.level.liquid == crate::data::level::Liquid::Blood,
            },
            Name::new(format!("Tile {col},{row}")),
            Transform::from_translation(to_world(g.tile_centre(col, row), 0.0)),
        ));
    }
    for (index, p) in t.pieces.iter().enumerate() {
        commands.spawn((
            TerrainEntity,
            TerrainPiece {
                index,
                shape: p.shape,
                size: p.size,
                tags: p.tags.clone(),
            },
            Name::new(if p.label.is_empty() {
                format!("{:?} {index}", p.shape)
            } else {
                p.label.clone()
            }),
            Transform::from_translation(to_world(p.at, p.base_height))
                .with_rotation(yaw(p.rotation)),
        ));
    }
    for z in &t.zones {
        commands.spawn((
            TerrainEntity,
            ZoneArea {
                kind: z.kind,
                side: z.side,
                min: z.min,
                max: z.max,
            },
            Name::new(z.name.clone()),
            Transform::from_translation(to_world(z.min.add(z.max).scale(0.5), 0.0)),
        ));
    }
    for o in &t.objectives {
        commands.spawn((
            TerrainEntity,
            ObjectiveMarker {
                diameter: o.diameter,
            },
            Name::new(o.name.clone()),
            Transform::from_translation(to_world(o.at, t.surface_height(o.at))),
        ));
    }
}

fn sync_models(
    mut commands: Commands,
    state: Option<Res<TableState>>,
    mut game_moved: Option<ResMut<crate::app::view::glide::GameMoved>>,
    settings: Option<Res<crate::app::base::settings::Settings>>,
    mut minis: Query<(
        Entity,
        &Miniature,
        &mut Transform,
        &mut Facing,
        Has<Wrecked>,
        Option<&crate::app::view::glide::Glide>,
    )>,
) {
    let Some(state) = state else { return };
    if !state.is_changed() {
        return;
    }
    let t = &state.table;
    let glides = game_moved
        .as_mut()
        .map(|g| std::mem::take(&mut g.0))
        .unwrap_or_default();
    let mut seen = Vec::new();
    for (e, mini, mut tf, mut facing, wrecked, glide) in &mut minis {
        match t.model(mini.id) {
            Ok(m) if m.side == mini.side && state.look(m) == mini.look => {
                if m.wreck && !wrecked {
                    commands.entity(e).insert(Wrecked);
                } else if !m.wreck && wrecked {
                    commands.entity(e).remove::<Wrecked>();
                }
                let target =
                    Transform::from_translation(to_world(m.pos, m.h)).with_rotation(yaw(m.facing));
                let on_its_way = glide.is_some_and(|g| g.to == target.translation);
                if *tf != target && !on_its_way {
                    // A move made by the game glides; one made by hand follows the hand.
                    let moved = tf.translation.distance(target.translation) > 0.05;
                    let animate = settings.as_ref().is_none_or(|s| s.animate);
                    if moved && animate && glides.contains(&m.id) {
                        commands
                            .entity(e)
                            .insert(crate::app::view::glide::Glide::new(
                                tf.translation,
                                target.translation,
                            ));
                        tf.rotation = target.rotation;
                    } else {
                        *tf = target;
                    }
                }
                if facing.deg != m.facing || facing.front_arc != m.front_arc {
                    *facing = Facing {
                        deg: m.facing,
                        front_arc: m.front_arc,
                    };
                }
                seen.push(m.id);
            }
            _ => commands.entity(e).despawn(),
        }
    }
    for m in t.models.iter().filter(|m| !seen.contains(&m.id)) {
        let mut e = commands.spawn((
            Miniature {
                id: m.id,
                side: m.side,
                look: state.look(m),
            },
            Base {
                diameter: m.base_diameter,
                body_height: m.body_height,
            },
            Facing {
                deg: m.facing,
                front_arc: m.front_arc,
            },
            Name::new(m.name.clone()),
            Transform::from_translation(to_world(m.pos, m.h)).with_rotation(yaw(m.facing)),
        ));
        if m.wreck {
            e.insert(Wrecked);
        }
    }
}
