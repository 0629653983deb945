//! What the table looks like: meshes and materials for the table top, tiles, pieces, zones,
//! objectives and miniatures, added to the mirror entities as they appear; lights and shadows.

use super::figures::Paint;
use super::scenery::{Dress, PieceKind};
use super::table_entities::{
    Base, Facing, Miniature, ObjectiveMarker, TableTop, TerrainPiece, TerrainTile, ZoneArea,
};
use super::textures::{Detail, DetailMaps, detailed, inch_uvs};
use crate::data::level::Theme;
use crate::table::look::Look;
use crate::table::{GroundKind, PieceShape, ZoneKind};
use bevy::light::CascadeShadowConfigBuilder;
use bevy::prelude::*;
use std::collections::HashMap;
use std::f32::consts::FRAC_PI_2;

pub fn plugin(app: &mut App) {
    app.insert_resource(GlobalAmbientLight {
        brightness: 350.0,
        ..default()
    })
    .insert_resource(ClearColor(Color::srgb(0.12, 0.13, 0.15)))
    .add_systems(Startup, (setup_materials, spawn_lights))
    .add_message::<Recolour>()
    .init_resource::<FigureCache>()
    .add_systems(Update, (follow_lighting, recolour))
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
    /// The table's wooden frame.
    wall: Handle<StandardMaterial>,
    pieces: HashMap<PieceKind, Handle<StandardMaterial>>,
    dress: HashMap<Dress, Handle<StandardMaterial>>,
    objective: Handle<StandardMaterial>,
    arc: Handle<StandardMaterial>,
    /// The ground on a miniature's base.
    base_top: Handle<StandardMaterial>,
    zones: [Handle<StandardMaterial>; 4],
    wreck: Handle<StandardMaterial>,
    black_smoke: Handle<StandardMaterial>,
    pub white_smoke: Handle<StandardMaterial>,
}

/// The side colours in use (the settings' choice; Okabe and Ito's colour-blind-safe palette
/// until they say otherwise).
static SIDE_COLOURS: std::sync::RwLock<[[u8; 3]; 6]> =
    std::sync::RwLock::new(crate::app::base::settings::COLOUR_BLIND_SAFE);

/// Sets the side colours; [`Recolour`] repaints what is on the table.
pub fn set_side_colours(c: [[u8; 3]; 6]) {
    if let Ok(mut w) = SIDE_COLOURS.write() {
        *w = c;
    }
}

/// The side colours changed: repaint the miniatures and zones.
#[derive(Message, Debug, Clone, Copy)]
pub struct Recolour;

/// The colour of a side or seat (1 to 6).
pub fn side_color(side: u8) -> Color {
    match (side, SIDE_COLOURS.read()) {
        (1..=6, Ok(c)) => {
            let [r, g, b] = c[usize::from(side) - 1];
            Color::srgb_u8(r, g, b)
        }
        _ => Color::srgb(0.7, 0.7, 0.7),
    }
}

/// Repaints after a change of side colours: the zones' materials in place, the miniatures
/// dressed again.
fn recolour(
    mut msgs: MessageReader<Recolour>,
    mut commands: Commands,
    pal: Option<Res<Palette>>,
    mut mats: ResMut<Assets<StandardMaterial>>,
    mut cache: ResMut<FigureCache>,
    minis: Query<Entity, With<Miniature>>,
    state: Option<ResMut<crate::app::base::state::TableState>>,
) {
    if msgs.read().count() == 0 {
        return;
    }
    if let Some(pal) = pal {
        for (i, h) in pal.zones.iter().enumerate() {
            if let Some(mut m) = mats.get_mut(h) {
                let a = if i < 2 { 0.22 } else { 0.08 };
                m.base_color = side_color(i as u8 % 2 + 1).with_alpha(a);
            }
        }
    }
    *cache = FigureCache::default();
    for e in &minis {
        commands.entity(e).despawn();
    }
    if let Some(mut s) = state {
        s.set_changed();
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

fn setup_materials(
    mut commands: Commands,
    mut mats: ResMut<Assets<StandardMaterial>>,
    mut images: ResMut<Assets<Image>>,
) {
    let maps = DetailMaps::make(&mut images);
    let mut tex = |d: Detail, c: Color, rough: f32| mats.add(detailed(&maps, d, c, rough));
    let themes = [
        (
            Theme::Field,
            tex(Detail::Flock, Color::srgb(0.44, 0.52, 0.33), 0.95),
        ),
        (
            Theme::Deck,
            tex(Detail::Plates, Color::srgb(0.50, 0.52, 0.55), 0.5),
        ),
        (
            Theme::Sand,
            tex(Detail::Ripples, Color::srgb(0.78, 0.68, 0.50), 0.95),
        ),
    ];
    let kinds = GroundKind::ALL
        .map(|k| {
            let (d, rough) = match k {
                GroundKind::Open => (Detail::Flock, 0.95),
                GroundKind::Rough | GroundKind::Difficult | GroundKind::VeryDifficult => {
                    (Detail::Pebbles, 0.95)
                }
                GroundKind::Impossible => (Detail::Cracks, 0.9),
                GroundKind::ShallowWater | GroundKind::DeepWater => (Detail::Ripples, 0.08),
            };
            (k, tex(d, ground_color(k), rough))
        })
        .to_vec();
    let blood = [
        tex(Detail::Ripples, Color::srgb(0.62, 0.08, 0.06), 0.1),
        tex(Detail::Ripples, Color::srgb(0.36, 0.03, 0.04), 0.08),
    ];
    let pieces = PieceKind::ALL
        .iter()
        .map(|k| {
            let (d, c, rough, metal) = k.surface();
            let mut m = detailed(&maps, d, c, rough);
            m.metallic = metal;
            (*k, mats.add(m))
        })
        .collect();
    let screen = mats.add(StandardMaterial {
        base_color: Color::srgb(0.2, 0.9, 0.6),
        emissive: LinearRgba::rgb(0.3, 1.6, 0.9),
        ..default()
    });
    let mut solid = |c: Color, rough: f32| {
        mats.add(StandardMaterial {
            base_color: c,
            perceptual_roughness: rough,
            ..default()
        })
    };
    let dress = HashMap::from([
        (Dress::Bark, solid(Color::srgb(0.30, 0.22, 0.14), 0.95)),
        (Dress::Leaves, solid(Color::srgb(0.18, 0.36, 0.14), 0.9)),
        (Dress::Band, solid(Color::srgb(0.75, 0.62, 0.15), 0.5)),
        (Dress::Pebble, solid(Color::srgb(0.42, 0.40, 0.37), 0.95)),
        (Dress::Screen, screen),
    ]);
    let wall = solid(Color::srgb(0.30, 0.24, 0.18), 0.7);
    let objective = solid(Color::srgb(0.95, 0.85, 0.2), 0.4);
    let wreck = solid(Color::srgb(0.16, 0.15, 0.14), 1.0);
    let base_top = solid(Color::srgb(0.40, 0.34, 0.24), 0.95);
    let arc = mats.add(StandardMaterial {
        base_color: Color::srgb(1.0, 0.95, 0.6),
        unlit: true,
        cull_mode: None,
        double_sided: true,
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
        wall,
        pieces,
        dress,
        objective,
        arc,
        base_top,
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
        Sun,
    ));
    // A soft fill from the other side, without shadows, so that shaded sides keep their colour.
    commands.spawn((
        DirectionalLight {
            illuminance: 2_500.0,
            shadow_maps_enabled: false,
            color: Color::srgb(0.85, 0.9, 1.0),
            ..default()
        },
        Transform::from_xyz(40.0, 30.0, -40.0).looking_at(Vec3::new(24.0, 0.0, -18.0), Vec3::Y),
        Fill,
    ));
}

/// The main light, which casts the shadows.
#[derive(Component)]
struct Sun;

/// The fill light.
#[derive(Component)]
struct Fill;

/// Dims the lights for a dark level, and brings them back for a lit one.
fn follow_lighting(
    state: Option<Res<crate::app::base::state::TableState>>,
    mut ambient: ResMut<GlobalAmbientLight>,
    mut suns: Query<(&mut DirectionalLight, Has<Fill>)>,
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
    for (mut sun, fill) in &mut suns {
        sun.illuminance = match (dark, fill) {
            (true, false) => 1_800.0,
            (false, false) => 9_000.0,
            (true, true) => 300.0,
            (false, true) => 2_500.0,
        };
    }
}

fn dress_table(
    mut commands: Commands,
    q: Query<(Entity, &TableTop), Added<TableTop>>,
    mut meshes: ResMut<Assets<Mesh>>,
    pal: Res<Palette>,
) {
    for (e, t) in &q {
        let corner = Vec3::new(t.width / 2.0, 0.0, t.depth / 2.0);
        let slab = meshes.add(inch_uvs(Cuboid::new(t.width, 1.0, t.depth).into(), corner));
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

/// Spawns dressing parts as children of `e`.
fn spawn_dressing(
    commands: &mut Commands,
    e: Entity,
    parts: Vec<super::scenery::Dressing>,
    meshes: &mut Assets<Mesh>,
    pal: &Palette,
) {
    if parts.is_empty() {
        return;
    }
    commands.entity(e).with_children(|c| {
        for d in parts {
            c.spawn((
                Mesh3d(meshes.add(d.mesh)),
                MeshMaterial3d(pal.dress.get(&d.look).cloned().unwrap_or_default()),
                d.tf,
            ));
        }
    });
}

fn dress_tiles(
    mut commands: Commands,
    q: Query<(Entity, &TerrainTile, &Transform), Added<TerrainTile>>,
    state: Option<Res<crate::app::base::state::TableState>>,
    mut meshes: ResMut<Assets<Mesh>>,
    pal: Res<Palette>,
) {
    let field = state.is_some_and(|s| s.level.theme == Theme::Field);
    for (e, t, tf) in &q {
        // Flat tiles sit a hair above the table top; raised ones are blocks up to their height.
        let h = t.height.max(0.01);
        let at = tf.translation + Vec3::Y * h / 2.0;
        let mesh = meshes.add(inch_uvs(Cuboid::new(t.size, h, t.size).into(), at));
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
        let mut parts = super::scenery::tile_dressing(t.kind, field, t.col, t.row, t.size);
        for p in &mut parts {
            p.tf.translation.y += h;
        }
        spawn_dressing(&mut commands, e, parts, &mut meshes, &pal);
    }
}

fn dress_pieces(
    mut commands: Commands,
    q: Query<(Entity, &TerrainPiece, &Name), Added<TerrainPiece>>,
    mut meshes: ResMut<Assets<Mesh>>,
    mut mats: ResMut<Assets<StandardMaterial>>,
    mut packs: super::pack_figures::PackDress,
    pal: Res<Palette>,
) {
    for (e, p, name) in &q {
        let (w, d, h) = p.size;
        let kind = super::scenery::kind_of(name.as_str(), p.shape, &p.tags);
        let mat = pal.pieces.get(&kind).cloned().unwrap_or_default();
        // A pack's model for the piece's label stands in the piece's box instead.
        let (uid, drawn) = packs.piece(p.index, p.size, &mat, &mut mats);
        commands
            .entity(e)
            .insert((Visibility::default(), super::pack_figures::DrawnModel(uid)));
        if uid.is_some() {
            commands.entity(e).with_children(|c| {
                for (mesh, tf, mat) in drawn {
                    c.spawn((Mesh3d(mesh), MeshMaterial3d(mat), tf));
                }
            });
            continue;
        }
        if !super::scenery::dressing_replaces(kind, p.shape) {
            let (mesh, offset) = match p.shape {
                PieceShape::Box | PieceShape::Wall => {
                    (Cuboid::new(w, h.max(0.02), d).into(), h.max(0.02) / 2.0)
                }
                PieceShape::Cylinder => (
                    Cylinder::new(w / 2.0, h).mesh().resolution(24).into(),
                    h / 2.0,
                ),
                PieceShape::Ramp => {
                    let tri = Triangle2d::new(
                        Vec2::new(-w / 2.0, 0.0),
                        Vec2::new(w / 2.0, 0.0),
                        Vec2::new(w / 2.0, h.max(0.02)),
                    );
                    (Extrusion::new(tri, d).into(), 0.0)
                }
            };
            // A wood is its floor and its trees: the block is drawn low.
            let (mesh, offset): (Mesh, f32) = if kind == super::scenery::PieceKind::Woods {
                (Cuboid::new(w, 0.06, d).into(), 0.03)
            } else {
                (mesh, offset)
            };
            let mesh = meshes.add(inch_uvs(mesh, Vec3::new(w / 2.0, offset, d / 2.0)));
            commands.entity(e).with_children(|c| {
                c.spawn((
                    Mesh3d(mesh),
                    MeshMaterial3d(mat),
                    Transform::from_xyz(0.0, offset, 0.0),
                ));
            });
        }
        let parts = super::scenery::piece_dressing(kind, p.shape, p.size);
        spawn_dressing(&mut commands, e, parts, &mut meshes, &pal);
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

/// A figure's part, with the material it wears when not wrecked.
#[derive(Component, Debug)]
pub struct FigurePart(pub Handle<StandardMaterial>);

/// The part of a tank that turns to face its weapon's target.
#[derive(Component, Debug)]
pub struct Turret;

/// Meshes of figures already built, by look and size; materials by side, paint and style.
#[derive(Resource, Default)]
pub struct FigureCache {
    meshes: HashMap<(Look, u32, u32), Vec<(Handle<Mesh>, Transform, Paint, bool)>>,
    mats: HashMap<(u8, Paint, u8), Handle<StandardMaterial>>,
    /// A base, its material and the ground on its top, by side and radius.
    bases: HashMap<(u8, u32), (Handle<Mesh>, Handle<StandardMaterial>, Handle<Mesh>)>,
}

fn paint_material(paint: Paint, side: u8, style: u8) -> StandardMaterial {
    let (c, rough, metal) = match paint {
        Paint::Body => (side_color(side), 0.55, 0.0),
        Paint::Trim => (super::figures::trim_color(style), 0.6, 0.0),
        Paint::Metal => (Color::srgb(0.32, 0.33, 0.35), 0.35, 0.8),
        Paint::Skin => (Color::srgb(0.85, 0.66, 0.52), 0.8, 0.0),
        Paint::Hide => (Color::srgb(0.42, 0.55, 0.22), 0.85, 0.0),
        Paint::Dark => (Color::srgb(0.12, 0.12, 0.13), 0.7, 0.0),
        Paint::Light => (Color::srgb(0.95, 0.92, 0.75), 0.3, 0.0),
        Paint::Glass => (Color::srgb(0.10, 0.25, 0.35), 0.1, 0.3),
    };
    StandardMaterial {
        base_color: c,
        perceptual_roughness: rough,
        metallic: metal,
        emissive: if paint == Paint::Light {
            LinearRgba::rgb(0.4, 0.38, 0.25)
        } else {
            LinearRgba::BLACK
        },
        ..default()
    }
}

fn dress_miniatures(
    mut commands: Commands,
    q: Query<(Entity, &Miniature, &Base, &Facing), Added<Miniature>>,
    mut meshes: ResMut<Assets<Mesh>>,
    mut mats: ResMut<Assets<StandardMaterial>>,
    mut cache: ResMut<FigureCache>,
    mut packs: super::pack_figures::PackDress,
    pal: Res<Palette>,
) {
    for (e, mini, base, facing) in &q {
        let r = base.diameter / 2.0;
        let side = mini.side.0;
        let key = |x: f32| (x * 100.0).round() as u32;
        // A pack's model for the miniature's unit type stands instead of the built-in figure.
        let (uid, pack_parts) = packs.figure(mini.id, base, side_color(side), &mut mats);
        commands
            .entity(e)
            .insert(super::pack_figures::DrawnModel(uid));
        let FigureCache {
            meshes: fig_meshes,
            mats: fig_mats,
            bases,
        } = &mut *cache;
        let parts = if uid.is_some() {
            Vec::new()
        } else {
            fig_meshes
                .entry((mini.look, key(r), key(base.body_height)))
                .or_insert_with(|| {
                    super::figures::build(mini.look, r, base.body_height)
                        .into_iter()
                        .map(|p| (meshes.add(p.mesh), p.tf, p.paint, p.turret))
                        .collect()
                })
                .clone()
        };
        let (base_mesh, base_mat, top_mesh) = bases
            .entry((side, key(r)))
            .or_insert_with(|| {
                (
                    meshes.add(Cylinder::new(r, BASE_THICKNESS).mesh().resolution(40)),
                    mats.add(StandardMaterial {
                        base_color: side_color(side).darker(0.08),
                        perceptual_roughness: 0.5,
                        ..default()
                    }),
                    meshes.add(Cylinder::new(r * 0.93, 0.01).mesh().resolution(40)),
                )
            })
            .clone();
        let arc = meshes.add(super::figures::arc_band(
            r,
            facing.front_arc,
            BASE_THICKNESS,
        ));
        let mut mat_of = |paint: Paint| {
            fig_mats
                .entry((side, paint, mini.look.style % 8))
                .or_insert_with(|| mats.add(paint_material(paint, side, mini.look.style)))
                .clone()
        };
        let mut parts: Vec<_> = parts
            .iter()
            .map(|(mesh, tf, p, turret)| (mesh.clone(), *tf, mat_of(*p), *turret))
            .collect();
        parts.extend(
            pack_parts
                .into_iter()
                .map(|(mesh, tf, mat)| (mesh, tf, mat, false)),
        );
        commands
            .entity(e)
            .insert(Visibility::default())
            .with_children(|c| {
                c.spawn((
                    Mesh3d(base_mesh),
                    MeshMaterial3d(base_mat),
                    Transform::from_xyz(0.0, BASE_THICKNESS / 2.0, 0.0),
                ));
                c.spawn((
                    Mesh3d(top_mesh),
                    MeshMaterial3d(pal.base_top.clone()),
                    Transform::from_xyz(0.0, BASE_THICKNESS + 0.003, 0.0),
                ));
                c.spawn((
                    Mesh3d(arc),
                    MeshMaterial3d(pal.arc.clone()),
                    Transform::default(),
                    ArcWedge,
                    bevy::light::NotShadowCaster,
                ));
                let upright = Transform::from_xyz(0.0, BASE_THICKNESS, 0.0);
                c.spawn((upright, Visibility::default(), Body { upright }))
                    .with_children(|f| {
                        let mut turret = Vec::new();
                        for (mesh, tf, mat, on_turret) in parts {
                            let part = (
                                Mesh3d(mesh),
                                MeshMaterial3d(mat.clone()),
                                tf,
                                FigurePart(mat),
                            );
                            if on_turret {
                                turret.push(part);
                            } else {
                                f.spawn(part);
                            }
                        }
                        if !turret.is_empty() {
                            f.spawn((Transform::default(), Visibility::default(), Turret))
                                .with_children(|t| {
                                    for part in turret {
                                        t.spawn(part);
                                    }
                                });
                        }
                    });
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
                let _ = meshes.insert(
                    &m.0,
                    super::figures::arc_band(base.diameter / 2.0, facing.front_arc, BASE_THICKNESS),
                );
            }
        }
    }
}

/// "Lay the model on its side and mark the model as Destroyed with black cotton smoke": a
/// wrecked miniature's figure lies down, dark, under black smoke; it stands up again if the
/// wreck is taken away.
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
    mut bodies: Query<(&Body, &mut Transform)>,
    kids: Query<&Children>,
    mut parts: Query<(&FigurePart, &mut MeshMaterial3d<StandardMaterial>)>,
    smoke: Query<(), With<WreckSmoke>>,
    mut meshes: ResMut<Assets<Mesh>>,
    pal: Res<Palette>,
) {
    for (e, base, children, wrecked) in &minis {
        let has_smoke = children.iter().any(|c| smoke.contains(c));
        if wrecked == has_smoke {
            continue;
        }
        for c in children.iter() {
            if let Ok((body, mut tf)) = bodies.get_mut(c) {
                *tf = if wrecked {
                    Transform::from_translation(
                        body.upright.translation + Vec3::Y * base.diameter * 0.12,
                    )
                    .with_rotation(Quat::from_rotation_x(FRAC_PI_2 * 0.9))
                    .with_scale(Vec3::splat(0.8))
                } else {
                    body.upright
                };
                for part in kids.iter_descendants(c) {
                    if let Ok((orig, mut mat)) = parts.get_mut(part) {
                        mat.0 = if wrecked {
                            pal.wreck.clone()
                        } else {
                            orig.0.clone()
                        };
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
