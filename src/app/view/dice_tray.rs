//! The dice tray: the dice of the game's latest roll are thrown into a small tray in the corner
//! of the view and land on the values the game rolled ([`crate::tray`]: the physics plays the
//! throw, the seeded dice decided it). Each die's value shows over it once it lands. Secret rolls
//! are never thrown; the settings turn the tray off.

use crate::app::game::session::ActiveGame;
use crate::tray::{HZ, TRAY, Throw};
use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};
use std::collections::HashMap;

pub fn plugin(app: &mut App) {
    app.init_resource::<Tray>()
        .add_systems(Startup, spawn_tray)
        .add_systems(
            Update,
            (
                start_throw.run_if(resource_exists::<ActiveGame>),
                play_throw,
                place_tray,
            )
                .chain(),
        )
        .add_systems(
            EguiPrimaryContextPass,
            // After the panels and the guided game's step panel, which shrink the view.
            tray_labels.after(crate::app::base::sets::PlayUi::Finish),
        );
}

/// The throw on show.
#[derive(Resource, Default)]
pub struct Tray {
    /// Rolls of the game already seen.
    seen: usize,
    pub throws: Vec<Throw>,
    pub purpose: String,
    t: f32,
}

/// Seconds a throw stays in view after its dice come to rest.
const HOLD: f32 = 2.5;
/// Tray inches to world inches, and how far in front of the camera the tray floats.
const SCALE: f32 = 0.2;
const DEPTH: f32 = 6.0;
/// The most dice thrown at once.
const MAX_DICE: usize = 12;

impl Tray {
    fn landed_at(&self) -> f32 {
        self.throws
            .iter()
            .map(|t| t.path.len() as f32 / HZ)
            .fold(0.0, f32::max)
    }
    fn showing(&self) -> bool {
        !self.throws.is_empty() && self.t < self.landed_at() + HOLD
    }
    /// Whether the dice have come to rest.
    pub fn landed(&self) -> bool {
        !self.throws.is_empty() && self.t >= self.landed_at()
    }
}

#[derive(Component)]
struct TrayRoot;

#[derive(Component)]
struct TrayDie(usize);

#[derive(Resource)]
struct TrayLook {
    die: Handle<StandardMaterial>,
    meshes: HashMap<u32, Handle<Mesh>>,
}

/// A die's mesh: its hull, flat-shaded.
fn die_mesh(sides: u32) -> Option<Mesh> {
    use bevy::asset::RenderAssetUsages;
    use bevy::mesh::{Indices, PrimitiveTopology};
    use bevy_rapier3d::parry::shape::ConvexPolyhedron;
    let shape = crate::tray::Shape::new(sides, crate::tray::DIE)?;
    let pts: Vec<_> = shape
        .corners
        .iter()
        .map(|c| bevy_rapier3d::parry::math::Vector::new(c.x, c.y, c.z))
        .collect();
    let hull = ConvexPolyhedron::from_convex_hull(&pts)?;
    let (verts, tris) = hull.to_trimesh();
    let (mut pos, mut nrm) = (Vec::new(), Vec::new());
    for t in tris {
        let [a, b, c] = t.map(|i| {
            let p = verts[i as usize];
            Vec3::new(p.x, p.y, p.z)
        });
        let n = (b - a).cross(c - a).normalize_or_zero();
        for p in [a, b, c] {
            pos.push(p.to_array());
            nrm.push(n.to_array());
        }
    }
    let count = pos.len() as u32;
    Some(
        Mesh::new(
            PrimitiveTopology::TriangleList,
            RenderAssetUsages::default(),
        )
        .with_inserted_attribute(Mesh::ATTRIBUTE_POSITION, pos)
        .with_inserted_attribute(Mesh::ATTRIBUTE_NORMAL, nrm)
        .with_inserted_attribute(Mesh::ATTRIBUTE_UV_0, vec![[0.0f32, 0.0]; count as usize])
        .with_inserted_indices(Indices::U32((0..count).collect())),
    )
}

fn spawn_tray(
    mut commands: Commands,
    mut meshes: ResMut<Assets<Mesh>>,
    mut mats: ResMut<Assets<StandardMaterial>>,
) {
    let (w, d, h) = TRAY;
    let felt = mats.add(StandardMaterial {
        base_color: Color::srgb(0.12, 0.32, 0.22),
        perceptual_roughness: 1.0,
        ..default()
    });
    let wood = mats.add(StandardMaterial {
        base_color: Color::srgb(0.42, 0.27, 0.15),
        perceptual_roughness: 0.7,
        ..default()
    });
    let die = mats.add(StandardMaterial {
        base_color: Color::srgb(0.93, 0.90, 0.82),
        perceptual_roughness: 0.4,
        ..default()
    });
    let mut die_meshes = HashMap::new();
    for sides in [4, 6, 8, 10, 12, 20] {
        if let Some(m) = die_mesh(sides) {
            die_meshes.insert(sides, meshes.add(m));
        }
    }
    commands.insert_resource(TrayLook {
        die,
        meshes: die_meshes,
    });
    let wall = 0.3;
    commands
        .spawn((
            TrayRoot,
            Transform::from_scale(Vec3::splat(SCALE)),
            Visibility::Hidden,
            Name::new("Dice tray"),
        ))
        .with_children(|c| {
            c.spawn((
                Mesh3d(meshes.add(Cuboid::new(w, 0.2, d))),
                MeshMaterial3d(felt),
                Transform::from_xyz(0.0, -0.1, 0.0),
                bevy::light::NotShadowCaster,
            ));
            for (size, at) in [
                (
                    Vec3::new(wall, h * 0.6, d + 2.0 * wall),
                    Vec3::new(-(w + wall) / 2.0, h * 0.3, 0.0),
                ),
                (
                    Vec3::new(wall, h * 0.6, d + 2.0 * wall),
                    Vec3::new((w + wall) / 2.0, h * 0.3, 0.0),
                ),
                (
                    Vec3::new(w, h * 0.6, wall),
                    Vec3::new(0.0, h * 0.3, -(d + wall) / 2.0),
                ),
                (
                    Vec3::new(w, h * 0.6, wall),
                    Vec3::new(0.0, h * 0.3, (d + wall) / 2.0),
                ),
            ] {
                c.spawn((
                    Mesh3d(meshes.add(Cuboid::new(size.x, size.y, size.z))),
                    MeshMaterial3d(wood.clone()),
                    Transform::from_translation(at),
                    bevy::light::NotShadowCaster,
                ));
            }
        });
}

/// Throws the latest roll's dice once the tray is free.
fn start_throw(
    mut commands: Commands,
    active: Res<ActiveGame>,
    settings: Option<Res<crate::app::base::settings::Settings>>,
    look: Option<Res<TrayLook>>,
    mut tray: ResMut<Tray>,
    root: Query<Entity, With<TrayRoot>>,
    old: Query<Entity, With<TrayDie>>,
) {
    let log = active.0.game().roll_log();
    if log.len() < tray.seen || active.is_added() {
        // Undone, or another game.
        tray.seen = log.len();
        return;
    }
    if log.len() == tray.seen || tray.showing() && !tray.landed() {
        return;
    }
    let new = &log[tray.seen..];
    tray.seen = log.len();
    if settings.is_some_and(|s| !s.animate) {
        return;
    }
    let (Some(look), Ok(root)) = (look, root.single()) else {
        return;
    };
    let Some(roll) = new.iter().rev().find(|r| {
        r.secret.is_none() && !r.dice.is_empty() && look.meshes.contains_key(&r.expr.sides)
    }) else {
        return;
    };
    let dice: Vec<(u32, u32)> = roll
        .dice
        .iter()
        .rev()
        .take(MAX_DICE)
        .rev()
        .map(|d| (roll.expr.sides, d.value))
        .collect();
    tray.throws = crate::tray::throw(&dice, roll.seq);
    tray.purpose = roll.purpose.to_string();
    tray.t = 0.0;
    for e in &old {
        commands.entity(e).despawn();
    }
    let mesh = look.meshes[&roll.expr.sides].clone();
    commands.entity(root).with_children(|c| {
        for i in 0..tray.throws.len() {
            c.spawn((
                Mesh3d(mesh.clone()),
                MeshMaterial3d(look.die.clone()),
                Transform::default(),
                TrayDie(i),
                bevy::light::NotShadowCaster,
            ));
        }
    });
}

/// Plays the recorded throw back, each die's mesh turned so that its value lands up.
fn play_throw(
    time: Res<Time>,
    mut tray: ResMut<Tray>,
    mut dice: Query<(&TrayDie, &mut Transform)>,
    mut root: Query<&mut Visibility, With<TrayRoot>>,
) {
    if tray.throws.is_empty() {
        return;
    }
    tray.t += time.delta_secs();
    let step = (tray.t * HZ) as usize;
    for (d, mut tf) in &mut dice {
        if let Some(t) = tray.throws.get(d.0)
            && let Some((at, rot)) = t.path.get(step.min(t.path.len().saturating_sub(1)))
        {
            tf.translation = *at;
            tf.rotation = *rot * t.turn;
        }
    }
    let want = if tray.showing() {
        Visibility::Inherited
    } else {
        Visibility::Hidden
    };
    for mut v in &mut root {
        if *v != want {
            *v = want;
        }
    }
}

/// Keeps the tray in the lower right of the view, in front of everything on the table.
fn place_tray(
    cams: Query<(&Camera, &Projection, &GlobalTransform), super::camera::TableCamera>,
    mut root: Query<&mut Transform, With<TrayRoot>>,
) {
    let (Ok((cam, proj, cam_tf)), Ok(mut tf)) = (cams.single(), root.single_mut()) else {
        return;
    };
    let Projection::Perspective(p) = proj else {
        return;
    };
    let aspect = cam
        .logical_viewport_size()
        .map_or(p.aspect_ratio, |s| s.x / s.y.max(1.0));
    let hh = DEPTH * (p.fov / 2.0).tan();
    let hw = hh * aspect;
    let (w, d, _) = TRAY;
    let local = Vec3::new(hw - w * SCALE * 0.62, -hh + d * SCALE * 0.75, -DEPTH);
    let cam_rot = cam_tf.rotation();
    *tf = Transform::from_translation(cam_tf.transform_point(local))
        .with_rotation(cam_rot * Quat::from_rotation_x(0.75))
        .with_scale(Vec3::splat(SCALE));
}

/// Each die's value over it once it lands, and what the roll was for.
fn tray_labels(
    mut contexts: EguiContexts,
    tray: Res<Tray>,
    cams: Query<(&Camera, &GlobalTransform), super::camera::TableCamera>,
    dice: Query<(&TrayDie, &GlobalTransform)>,
) -> Result {
    if !tray.showing() {
        return Ok(());
    }
    let ctx = contexts.ctx_mut()?.clone();
    let Ok((cam, cam_tf)) = cams.single() else {
        return Ok(());
    };
    let zoom = ctx.zoom_factor();
    // Under every window and panel (a step panel, a prompt), and only over the 3D view.
    let mut painter = ctx.layer_painter(egui::LayerId::new(
        egui::Order::Background,
        egui::Id::new("dice_tray"),
    ));
    if let Some(r) = cam.logical_viewport_rect() {
        painter.set_clip_rect(egui::Rect::from_min_max(
            egui::pos2(r.min.x / zoom, r.min.y / zoom),
            egui::pos2(r.max.x / zoom, r.max.y / zoom),
        ));
    }
    let mut lowest: Option<egui::Pos2> = None;
    for (d, tf) in &dice {
        let Ok(p) = cam.world_to_viewport(cam_tf, tf.translation()) else {
            continue;
        };
        let p = egui::pos2(p.x / zoom, p.y / zoom);
        lowest = Some(lowest.map_or(p, |l| if p.y < l.y { p } else { l }));
        if !tray.landed() {
            continue;
        }
        let Some(t) = tray.throws.get(d.0) else {
            continue;
        };
        let r = egui::Rect::from_center_size(p - egui::vec2(0.0, 16.0), egui::vec2(22.0, 16.0));
        painter.rect_filled(r, 3.0, egui::Color32::from_black_alpha(200));
        painter.text(
            r.center(),
            egui::Align2::CENTER_CENTER,
            t.value.to_string(),
            egui::FontId::proportional(12.0),
            egui::Color32::WHITE,
        );
    }
    if let Some(top) = lowest {
        let sides = tray.throws.first().map_or(6, |t| t.sides);
        painter.text(
            top - egui::vec2(0.0, 30.0),
            egui::Align2::CENTER_BOTTOM,
            format!("{}d{sides}: {}", tray.throws.len(), tray.purpose),
            egui::FontId::proportional(12.0),
            egui::Color32::from_gray(230),
        );
    }
    Ok(())
}
