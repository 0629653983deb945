//! What the table looks like: meshes and materials for the table top, tiles, pieces, zones,
//! objectives and miniatures, added to the mirror entities as they appear; lights and shadows.

use super::table_entities::{
    Base, Facing, Miniature, ObjectiveMarker, TableTop, TerrainPiece, TerrainTile, ZoneArea,
};
use crate::data::level::Theme;
use crate::table::{GroundKind, PieceShape, Tag, ZoneKind};
use bevy::light::CascadeShadowConfigBuilder;
use bevy::prelude::*;
use std::f32::consts::{FRAC_PI_2, PI};

pub(super) fn plugin(app: &mut App) {
    app.insert_resource(GlobalAmbientLight {
        brightness: 350.0,
        ..default()
    })
    .insert_resource(ClearColor(Color::srgb(0.12, 0.13, 0.15)))
    .add_systems(Startup, (setup_materials, spawn_lights))
    .add_systems(Update, follow_lighting)
    .add_systems(
        PostUpdate,
        (
            dress_table,
            dress_tiles,
            dress_pieces,
            dress_zones,
            dress_objectives,
            dress_miniatures,
            update_arc,
            show_wrecks,
        )
            .chain()
            .before(TransformSystems::Propagate),
    );
}

/// A miniature's body and nose (laid on their side when it is wrecked).
#[derive(Component, Debug)]
pub struct Body {
    upright: Transform,
}

/// Black smoke over a wreck.
#[derive(Component, Debug)]
pub struct WreckSmoke;

/// Shared materials.
#[derive(Resource)]
pub struct Palette {
    themes: [(Theme, Handle<StandardMaterial>); 3],
    kinds: Vec<(GroundKind, Handle<StandardMaterial>)>,
    /// Shallow and deep blood (a level whose liquid is blood).
    blood: [Handle<StandardMaterial>; 2],
    stone: Handle<StandardMaterial>,
    wall: Handle<StandardMaterial>,
    cover: Handle<StandardMaterial>,
    weak: Handle<StandardMaterial>,
    ramp: Handle<StandardMaterial>,
    objective: Handle<StandardMaterial>,
    arc: Handle<StandardMaterial>,
    zones: [Handle<StandardMaterial>; 4],
    wreck: Handle<StandardMaterial>,
    black_smoke: Handle<StandardMaterial>,
    pub white_smoke: Handle<StandardMaterial>,
}

/// The colour of a side or seat (1 blue, 2 red, 3 green, 4 amber, 5 violet, 6 teal).
pub fn side_color(side: u8) -> Color {
    match side {
        1 => Color::srgb(0.25, 0.45, 0.85),
        2 => Color::srgb(0.85, 0.25, 0.2),
        3 => Color::srgb(0.3, 0.7, 0.3),
        4 => Color::srgb(0.9, 0.65, 0.15),
        5 => Color::srgb(0.6, 0.35, 0.8),
        6 => Color::srgb(0.2, 0.7, 0.7),
        _ => Color::srgb(0.7, 0.7, 0.7),
    }
}

/// [`side_color`] for egui.
pub fn side_color32(side: u8) -> bevy_egui::egui::Color32 {
    let c = side_color(side).to_srgba();
    bevy_egui::egui::Color32::from_rgb(
        (c.red * 255.0) as u8,
        (c.green * 255.0) as u8,
        (c.blue * 255.0) as u8,
    )
}

pub fn ground_color(kind: GroundKind) -> Color {
    match kind {
        GroundKind::Open => Color::srgb(0.36, 0.42, 0.30),
        GroundKind::Rough => Color::srgb(0.45, 0.37, 0.24),
        GroundKind::Difficult => Color::srgb(0.36, 0.30, 0.18),
        GroundKind::VeryDifficult => Color::srgb(0.28, 0.22, 0.14),
        GroundKind::Impossible => Color::srgb(0.12, 0.12, 0.13),
        GroundKind::ShallowWater => Color::srgb(0.30, 0.55, 0.70),
        GroundKind::DeepWater => Color::srgb(0.10, 0.22, 0.50),
    }
}

fn setup_materials(mut commands: Commands, mut mats: ResMut<Assets<StandardMaterial>>) {
    let mut solid = |c: Color, rough: f32| {
        mats.add(StandardMaterial {
            base_color: c,
            perceptual_roughness: rough,
            ..default()
        })
    };
    let themes = [
        (Theme::Field, solid(ground_color(GroundKind::Open), 0.95)),
        (Theme::Deck, solid(Color::srgb(0.40, 0.42, 0.45), 0.55)),
        (Theme::Sand, solid(Color::srgb(0.62, 0.55, 0.40), 0.95)),
    ];
    let kinds = GroundKind::ALL
        .map(|k| {
            (
                k,
                solid(
                    ground_color(k),
                    if matches!(k, GroundKind::ShallowWater | GroundKind::DeepWater) {
                        0.2
                    } else {
                        0.9
                    },
                ),
            )
        })
        .to_vec();
    let blood = [
        solid(Color::srgb(0.55, 0.06, 0.05), 0.15),
        solid(Color::srgb(0.30, 0.02, 0.03), 0.1),
    ];
    let stone = solid(Color::srgb(0.55, 0.55, 0.58), 0.8);
    let wall = solid(Color::srgb(0.42, 0.42, 0.46), 0.8);
    let cover = solid(Color::srgb(0.50, 0.40, 0.28), 0.85);
    let weak = solid(Color::srgb(0.85, 0.55, 0.15), 0.7);
    let ramp = solid(Color::srgb(0.60, 0.56, 0.42), 0.9);
    let objective = solid(Color::srgb(0.95, 0.85, 0.2), 0.4);
    let wreck = solid(Color::srgb(0.16, 0.15, 0.14), 1.0);
    let arc = mats.add(StandardMaterial {
        base_color: Color::srgb(1.0, 0.95, 0.6),
        unlit: true,
        ..default()
    });
    let zone = |c: Color, a: f32| StandardMaterial {
        base_color: c.with_alpha(a),
        alpha_mode: AlphaMode::Blend,
        unlit: true,
        ..default()
    };
    let zones = [
        mats.add(zone(side_color(1), 0.22)),
        mats.add(zone(side_color(2), 0.22)),
        mats.add(zone(side_color(1), 0.08)),
        mats.add(zone(side_color(2), 0.08)),
    ];
    let smoke = |c: Color, a: f32| StandardMaterial {
        base_color: c.with_alpha(a),
        alpha_mode: AlphaMode::Blend,
        perceptual_roughness: 1.0,
        ..default()
    };
    let black_smoke = mats.add(smoke(Color::srgb(0.05, 0.05, 0.05), 0.75));
    let white_smoke = mats.add(smoke(Color::srgb(0.95, 0.95, 0.95), 0.7));
    commands.insert_resource(Palette {
        wreck,
        black_smoke,
        white_smoke,
        themes,
        kinds,
        blood,
        stone,
        wall,
        cover,
        weak,
        ramp,
        objective,
        arc,
        zones,
    });
}

fn spawn_lights(mut commands: Commands) {
    commands.spawn((
        DirectionalLight {
            illuminance: 9_000.0,
            shadow_maps_enabled: true,
            ..default()
        },
        CascadeShadowConfigBuilder {
            maximum_distance: 250.0,
            first_cascade_far_bound: 60.0,
            ..default()
        }
        .build(),
        Transform::from_xyz(10.0, 40.0, 20.0).looking_at(Vec3::new(24.0, 0.0, -18.0), Vec3::Y),
    ));
}

/// Dims the lights for a dark level, and brings them back for a lit one.
fn follow_lighting(
    state: Option<Res<super::state::TableState>>,
    mut ambient: ResMut<GlobalAmbientLight>,
    mut suns: Query<&mut DirectionalLight>,
    mut shown: Local<Option<crate::data::level::Lighting>>,
) {
    let Some(state) = state else { return };
    let want = state.level.lighting;
    if *shown == Some(want) {
        return;
    }
    *shown = Some(want);
    let dark = want == crate::data::level::Lighting::Dark;
    ambient.brightness = if dark { 60.0 } else { 350.0 };
    for mut sun in &mut suns {
        sun.illuminance = if dark { 1_800.0 } else { 9_000.0 };
    }
}

fn dress_table(
    mut commands: Commands,
    q: Query<(Entity, &TableTop), Added<TableTop>>,
    mut meshes: ResMut<Assets<Mesh>>,
    pal: Res<Palette>,
) {
    for (e, t) in &q {
        let slab = meshes.add(Cuboid::new(t.width, 1.0, t.depth));
        let rim = meshes.add(Cuboid::new(t.width + 2.0, 1.2, t.depth + 2.0));
        let top = pal
            .themes
            .iter()
            .find(|(th, _)| *th == t.theme)
            .map(|(_, m)| m.clone())
            .unwrap_or_default();
        commands
            .entity(e)
            .insert(Visibility::default())
            .with_children(|p| {
                p.spawn((
                    Mesh3d(slab),
                    MeshMaterial3d(top),
                    Transform::from_xyz(0.0, -0.5, 0.0),
                ));
                p.spawn((
                    Mesh3d(rim),
                    MeshMaterial3d(pal.wall.clone()),
                    Transform::from_xyz(0.0, -0.62, 0.0),
                ));
            });
    }
}

fn dress_tiles(
    mut commands: Commands,
    q: Query<(Entity, &TerrainTile), Added<TerrainTile>>,
    mut meshes: ResMut<Assets<Mesh>>,
    pal: Res<Palette>,
) {
    for (e, t) in &q {
        // Flat tiles sit a hair above the table top; raised ones are blocks up to their height.
        let h = t.height.max(0.01);
        let mesh = meshes.add(Cuboid::new(t.size, h, t.size));
        let mat = match t.kind {
            GroundKind::ShallowWater if t.blood => pal.blood[0].clone(),
            GroundKind::DeepWater if t.blood => pal.blood[1].clone(),
            _ => pal
                .kinds
                .iter()
                .find(|(k, _)| *k == t.kind)
                .map(|(_, m)| m.clone())
                .unwrap_or_default(),
        };
        commands
            .entity(e)
            .insert(Visibility::default())
            .with_children(|c| {
                c.spawn((
                    Mesh3d(mesh),
                    MeshMaterial3d(mat),
                    Transform::from_xyz(0.0, h / 2.0, 0.0),
                ));
            });
    }
}

fn piece_material(pal: &Palette, p: &TerrainPiece) -> Handle<StandardMaterial> {
    if p.tags.contains(&Tag::WeakFloor) {
        pal.weak.clone()
    } else if p.shape == PieceShape::Ramp {
        pal.ramp.clone()
    } else if p.shape == PieceShape::Wall {
        pal.wall.clone()
    } else if p.tags.contains(&Tag::BlocksSight) {
        pal.stone.clone()
    } else {
        pal.cover.clone()
    }
}

fn dress_pieces(
    mut commands: Commands,
    q: Query<(Entity, &TerrainPiece), Added<TerrainPiece>>,
    mut meshes: ResMut<Assets<Mesh>>,
    pal: Res<Palette>,
) {
    for (e, p) in &q {
        let (w, d, h) = p.size;
        let mat = piece_material(&pal, p);
        let (mesh, offset) = match p.shape {
            PieceShape::Box | PieceShape::Wall => (
                meshes.add(Cuboid::new(w, h.max(0.02), d)),
                h.max(0.02) / 2.0,
            ),
            PieceShape::Cylinder => (meshes.add(Cylinder::new(w / 2.0, h)), h / 2.0),
            PieceShape::Ramp => {
                let tri = Triangle2d::new(
                    Vec2::new(-w / 2.0, 0.0),
                    Vec2::new(w / 2.0, 0.0),
                    Vec2::new(w / 2.0, h.max(0.02)),
                );
                (meshes.add(Extrusion::new(tri, d)), 0.0)
            }
        };
        commands
            .entity(e)
            .insert(Visibility::default())
            .with_children(|c| {
                c.spawn((
                    Mesh3d(mesh),
                    MeshMaterial3d(mat),
                    Transform::from_xyz(0.0, offset, 0.0),
                ));
            });
    }
}

fn dress_zones(
    mut commands: Commands,
    q: Query<(Entity, &ZoneArea), Added<ZoneArea>>,
    mut meshes: ResMut<Assets<Mesh>>,
    pal: Res<Palette>,
) {
    for (e, z) in &q {
        let size = z.max.sub(z.min);
        let mesh = meshes.add(Plane3d::default().mesh().size(size.x, size.y));
        let i =
            (z.side.clamp(1, 2) - 1) as usize + if z.kind == ZoneKind::Territory { 2 } else { 0 };
        commands
            .entity(e)
            .insert(Visibility::default())
            .with_children(|c| {
                c.spawn((
                    Mesh3d(mesh),
                    MeshMaterial3d(pal.zones[i].clone()),
                    Transform::from_xyz(0.0, 0.02, 0.0),
                    bevy::light::NotShadowCaster,
                ));
            });
    }
}

fn dress_objectives(
    mut commands: Commands,
    q: Query<(Entity, &ObjectiveMarker), Added<ObjectiveMarker>>,
    mut meshes: ResMut<Assets<Mesh>>,
    pal: Res<Palette>,
) {
    for (e, o) in &q {
        let disc = meshes.add(Cylinder::new(o.diameter / 2.0, 0.1));
        let pole = meshes.add(Cylinder::new(0.06, 1.2));
        let flag = meshes.add(Cuboid::new(0.5, 0.3, 0.03));
        commands
            .entity(e)
            .insert(Visibility::default())
            .with_children(|c| {
                c.spawn((
                    Mesh3d(disc),
                    MeshMaterial3d(pal.objective.clone()),
                    Transform::from_xyz(0.0, 0.05, 0.0),
                ));
                c.spawn((
                    Mesh3d(pole),
                    MeshMaterial3d(pal.objective.clone()),
                    Transform::from_xyz(0.0, 0.6, 0.0),
                ));
                c.spawn((
                    Mesh3d(flag),
                    MeshMaterial3d(pal.objective.clone()),
                    Transform::from_xyz(0.27, 1.05, 0.0),
                ));
            });
    }
}

/// Marks the front-arc wedge on a miniature's base.
#[derive(Component)]
pub struct ArcWedge;

const BASE_THICKNESS: f32 = 0.125;

fn arc_mesh(radius: f32, arc_deg: f32) -> Mesh {
    CircularSector::new(radius, (arc_deg / 2.0).to_radians().min(PI))
        .mesh()
        .resolution(24)
        .build()
}

/// Lays the sector (built in the XY plane pointing +Y) flat on the base, pointing along +X.
fn arc_transform() -> Transform {
    Transform::from_xyz(0.0, BASE_THICKNESS + 0.005, 0.0)
        .with_rotation(Quat::from_rotation_y(-FRAC_PI_2) * Quat::from_rotation_x(-FRAC_PI_2))
}

fn dress_miniatures(
    mut commands: Commands,
    q: Query<(Entity, &Miniature, &Base, &Facing), Added<Miniature>>,
    mut meshes: ResMut<Assets<Mesh>>,
    mut mats: ResMut<Assets<StandardMaterial>>,
    pal: Res<Palette>,
) {
    for (e, mini, base, facing) in &q {
        let r = base.diameter / 2.0;
        let col = side_color(mini.side.0);
        let body_mat = mats.add(StandardMaterial {
            base_color: col,
            perceptual_roughness: 0.6,
            ..default()
        });
        let base_mat = mats.add(StandardMaterial {
            base_color: col.darker(0.25),
            perceptual_roughness: 0.8,
            ..default()
        });
        let body_r = (r * 0.5).min(0.6);
        let body_h = base.body_height;
        let base_mesh = meshes.add(Cylinder::new(r, BASE_THICKNESS).mesh().resolution(40));
        let body_mesh = meshes.add(Capsule3d::new(body_r, (body_h - 2.0 * body_r).max(0.05)));
        let nose = meshes.add(Cuboid::new(body_r * 0.8, body_r * 0.5, body_r * 0.8));
        let arc = meshes.add(arc_mesh(r * 0.96, facing.front_arc));
        commands
            .entity(e)
            .insert(Visibility::default())
            .with_children(|c| {
                c.spawn((
                    Mesh3d(base_mesh),
                    MeshMaterial3d(base_mat),
                    Transform::from_xyz(0.0, BASE_THICKNESS / 2.0, 0.0),
                ));
                let body_tf = Transform::from_xyz(0.0, BASE_THICKNESS + body_h / 2.0, 0.0);
                c.spawn((
                    Mesh3d(body_mesh),
                    MeshMaterial3d(body_mat.clone()),
                    body_tf,
                    Body { upright: body_tf },
                ));
                let nose_tf =
                    Transform::from_xyz(body_r * 0.9, BASE_THICKNESS + body_h * 0.75, 0.0);
                c.spawn((
                    Mesh3d(nose),
                    MeshMaterial3d(pal.arc.clone()),
                    nose_tf,
                    Body { upright: nose_tf },
                ));
                c.spawn((
                    Mesh3d(arc),
                    MeshMaterial3d(pal.arc.clone()),
                    arc_transform(),
                    ArcWedge,
                    bevy::light::NotShadowCaster,
                ));
            });
    }
}

/// Rebuilds the wedge when a model's arc width changes.
fn update_arc(
    q: Query<(&Base, &Facing, &Children), Changed<Facing>>,
    wedges: Query<&Mesh3d, With<ArcWedge>>,
    mut meshes: ResMut<Assets<Mesh>>,
) {
    for (base, facing, children) in &q {
        for c in children.iter() {
            if let Ok(m) = wedges.get(c) {
                let _ = meshes.insert(&m.0, arc_mesh(base.diameter / 2.0 * 0.96, facing.front_arc));
            }
        }
    }
}

/// "Lay the model on its side and mark the model as Destroyed with black cotton smoke": a
/// wrecked miniature's body lies down, dark, under black smoke; it stands up again if the wreck
/// is taken away.
fn show_wrecks(
    mut commands: Commands,
    minis: Query<
        (
            Entity,
            &Base,
            &Children,
            Has<super::table_entities::Wrecked>,
        ),
        With<Miniature>,
    >,
    mut bodies: Query<(&Body, &mut Transform, &mut MeshMaterial3d<StandardMaterial>)>,
    smoke: Query<(), With<WreckSmoke>>,
    mut meshes: ResMut<Assets<Mesh>>,
    pal: Res<Palette>,
    mut body_mats: Local<std::collections::HashMap<Entity, Handle<StandardMaterial>>>,
) {
    for (e, base, children, wrecked) in &minis {
        let has_smoke = children.iter().any(|c| smoke.contains(c));
        if wrecked == has_smoke {
            continue;
        }
        for c in children.iter() {
            if let Ok((body, mut tf, mut mat)) = bodies.get_mut(c) {
                if wrecked {
                    body_mats.insert(c, mat.0.clone());
                    mat.0 = pal.wreck.clone();
                    let lie = Quat::from_rotation_x(FRAC_PI_2);
                    *tf = Transform::from_translation(
                        lie * (body.upright.translation - Vec3::Y * BASE_THICKNESS) * 0.8
                            + Vec3::Y * (BASE_THICKNESS + base.diameter * 0.2),
                    )
                    .with_rotation(lie);
                } else {
                    *tf = body.upright;
                    if let Some(m) = body_mats.remove(&c) {
                        mat.0 = m;
                    }
                }
            }
            if !wrecked && smoke.contains(c) {
                commands.entity(c).despawn();
            }
        }
        if wrecked {
            let puff = meshes.add(Sphere::new(base.diameter * 0.22).mesh().uv(12, 8));
            commands.entity(e).with_children(|p| {
                for (i, (dx, dz)) in [(0.0, 0.0), (0.15, 0.1), (-0.1, 0.15)].iter().enumerate() {
                    p.spawn((
                        Mesh3d(puff.clone()),
                        MeshMaterial3d(pal.black_smoke.clone()),
                        Transform::from_xyz(
                            dx * base.diameter,
                            base.diameter * (0.55 + 0.3 * i as f32),
                            dz * base.diameter,
                        ),
                        WreckSmoke,
                        bevy::light::NotShadowCaster,
                    ));
                }
            });
        }
    }
}
