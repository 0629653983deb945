//! The orbit camera: right-drag orbits, middle-drag or WASD/arrows pan, the wheel zooms (shift+wheel
//! is left to turning models), Home resets, F focuses the selected model. A new game starts
//! framed on its models; the camera glides to a goal ([`CameraGoal`]) that input cancels. Written by hand so that the wheel can be shared with
//! model turning and panning stays on the table plane.

use crate::app::base::state::TableState;
use bevy::camera::CameraOutputMode;
use bevy::camera::visibility::RenderLayers;
use bevy::input::mouse::{AccumulatedMouseMotion, AccumulatedMouseScroll, MouseScrollUnit};
use bevy::prelude::*;
use bevy::render::render_resource::BlendState;
use bevy_egui::{EguiGlobalSettings, PrimaryEguiContext};
use bevy_rapier3d::prelude::{QueryFilter, ReadRapierContext};

pub(crate) fn plugin(app: &mut App) {
    app.init_resource::<CameraGoal>()
        .add_systems(Startup, spawn_camera)
        .add_systems(
            Update,
            (
                reset_on_new_table,
                frame_new_game,
                orbit_controls,
                seek_goal,
                apply_orbit,
            )
                .chain(),
        );
}

/// The filter that finds the table's camera, the one with the orbit. The Model packs window's
/// preview has a 3D camera of its own (drawing into an image), so `With<Camera3d>` alone
/// matches two cameras and a `single()` over it finds none.
pub type TableCamera = (With<Camera3d>, With<OrbitCamera>);

/// The camera's orbit around a focus point on the table.
#[derive(Component, Debug, Clone, Copy)]
pub struct OrbitCamera {
    pub focus: Vec3,
    /// Heading around the focus, radians.
    pub yaw: f32,
    /// Elevation above the table plane, radians.
    pub pitch: f32,
    pub distance: f32,
}

impl OrbitCamera {
    /// The default view of a table: from the near edge, looking down at about 50 degrees.
    pub fn for_table(width: f32, depth: f32) -> Self {
        Self {
            focus: Vec3::new(width / 2.0, 0.0, -depth / 2.0),
            yaw: 0.0,
            pitch: 0.9,
            distance: width.max(depth) * 1.15 + 6.0,
        }
    }

    pub fn transform(&self) -> Transform {
        let rot = Quat::from_rotation_y(self.yaw) * Quat::from_rotation_x(-self.pitch);
        let pos = self.focus + rot * Vec3::new(0.0, 0.0, self.distance);
        Transform::from_translation(pos).looking_at(self.focus, Vec3::Y)
    }
}

fn spawn_camera(mut commands: Commands, mut egui_settings: ResMut<EguiGlobalSettings>) {
    let orbit = OrbitCamera::for_table(48.0, 36.0);
    commands.spawn((Camera3d::default(), orbit, orbit.transform(), Msaa::Sample4));
    // egui draws through a camera of its own over the whole window, so that the 3D camera's
    // viewport can shrink to the space the panels leave free.
    egui_settings.auto_create_primary_context = false;
    commands.spawn((
        PrimaryEguiContext,
        Camera2d,
        RenderLayers::none(),
        Camera {
            order: 1,
            output_mode: CameraOutputMode::Write {
                blend_state: Some(BlendState::ALPHA_BLENDING),
                clear_color: ClearColorConfig::None,
            },
            clear_color: ClearColorConfig::Custom(Color::NONE),
            ..default()
        },
    ));
}

fn reset_on_new_table(
    state: Option<Res<TableState>>,
    mut cams: Query<&mut OrbitCamera>,
    mut last: Local<Option<(f32, f32)>>,
) {
    let Some(state) = state else { return };
    let size = (state.table.width, state.table.depth);
    if *last != Some(size) {
        *last = Some(size);
        for mut c in &mut cams {
            *c = OrbitCamera::for_table(size.0, size.1);
        }
    }
}

/// Where the camera is gliding to: a focus point, a distance, and a heading if it should turn.
#[derive(Resource, Debug, Default, Clone, Copy)]
pub struct CameraGoal(pub Option<(Vec3, f32, Option<f32>)>);

/// What the camera asks of the terrain's colliders: whether it sees a model.
#[derive(bevy::ecs::system::SystemParam)]
struct Terrain<'w, 's> {
    rapier: ReadRapierContext<'w, 's>,
    pieces: Query<'w, 's, (), With<super::colliders::TerrainCollider>>,
}

/// The heading nearest `yaw` (in steps of 45 degrees) from which a camera at `pitch` and
/// `distance` sees `target` with no terrain in between; `yaw` itself if none does.
fn clear_yaw(terrain: &Terrain, target: Vec3, pitch: f32, distance: f32, yaw: f32) -> f32 {
    let Ok(ctx) = terrain.rapier.single() else {
        return yaw;
    };
    let is_terrain = |e: Entity| terrain.pieces.contains(e);
    let step = std::f32::consts::FRAC_PI_4;
    for k in [0.0, 1.0, -1.0, 2.0, -2.0, 3.0, -3.0, 4.0] {
        let y = yaw + k * step;
        let cam = OrbitCamera {
            focus: target,
            yaw: y,
            pitch,
            distance,
        };
        let dir = (cam.transform().translation - target).normalize_or_zero();
        let blocked = ctx.cast_ray(
            target,
            dir,
            distance,
            true,
            QueryFilter::default().predicate(&is_terrain),
        );
        if blocked.is_none() {
            return y;
        }
    }
    yaw
}

/// The goal that shows model `m` close up, from a side where terrain does not hide it.
fn focus_on(
    m: &crate::table::Model,
    cam: &OrbitCamera,
    pitch: f32,
    terrain: &Terrain,
) -> (Vec3, f32, Option<f32>) {
    let focus = crate::app::base::convert::to_world(m.pos, m.h);
    let distance = cam.distance.min(m.base_diameter * 3.0 + 7.0);
    let head = focus + Vec3::Y * (m.body_height * 0.8);
    let yaw = clear_yaw(terrain, head, pitch, distance, cam.yaw);
    (focus, distance, Some(yaw))
}

/// The focus and distance that show all of `points` (table coordinates) with a margin.
pub fn framing(points: &[crate::table::Pt]) -> Option<(Vec3, f32, Option<f32>)> {
    let first = points.first()?;
    let (mut lo, mut hi) = (*first, *first);
    for p in points {
        lo = crate::table::Pt::new(lo.x.min(p.x), lo.y.min(p.y));
        hi = crate::table::Pt::new(hi.x.max(p.x), hi.y.max(p.y));
    }
    let centre = lo.add(hi).scale(0.5);
    let extent = (hi.x - lo.x).max(hi.y - lo.y);
    Some((
        crate::app::base::convert::to_world(centre, 0.0),
        (extent * 0.9 + 8.0).clamp(12.0, 120.0),
        None,
    ))
}

/// Frames the models when a game begins with models on the table, or the selected model if one
/// is; a game that begins with its deployment keeps the view of the whole table.
fn frame_new_game(
    active: Option<Res<crate::app::game::session::ActiveGame>>,
    state: Option<Res<TableState>>,
    sel: Res<crate::app::base::state::Selection>,
    mut goal: ResMut<CameraGoal>,
    mut cams: Query<&mut OrbitCamera>,
    terrain: Terrain,
    mut framed: Local<bool>,
) {
    let Some(active) = active else {
        *framed = false;
        return;
    };
    let Some(state) = state else { return };
    if active.is_added() {
        // A game that begins on an empty table (its deployment to come) keeps the view of the
        // whole table: framing the first models placed would zoom in on one corner of it.
        *framed = state.table.models.is_empty();
    }
    if *framed || state.table.models.is_empty() {
        return;
    }
    *framed = true;
    let selected = sel.0.and_then(|id| state.table.model(id).ok());
    let Ok(mut cam) = cams.single_mut() else {
        return;
    };
    // Lower, as a player leaning over the table sees it; over the walls round a model.
    cam.pitch = if selected.is_some() { 0.95 } else { 0.75 };
    if let Some(m) = selected {
        goal.0 = Some(focus_on(m, &cam, cam.pitch, &terrain));
        return;
    }
    let pts: Vec<_> = state.table.models.iter().map(|m| m.pos).collect();
    goal.0 = framing(&pts);
}

/// Glides the camera towards its goal.
fn seek_goal(time: Res<Time>, mut goal: ResMut<CameraGoal>, mut cams: Query<&mut OrbitCamera>) {
    let Some((focus, distance, yaw)) = goal.0 else {
        return;
    };
    let Ok(mut cam) = cams.single_mut() else {
        return;
    };
    let k = 1.0 - (-6.0 * time.delta_secs()).exp();
    cam.focus = cam.focus.lerp(focus, k);
    cam.distance += (distance - cam.distance) * k;
    let mut turned = true;
    if let Some(y) = yaw {
        // The short way round.
        let d = (y - cam.yaw + std::f32::consts::PI).rem_euclid(std::f32::consts::TAU)
            - std::f32::consts::PI;
        cam.yaw += d * k;
        turned = d.abs() < 0.01;
    }
    if turned && cam.focus.distance(focus) < 0.05 && (cam.distance - distance).abs() < 0.05 {
        goal.0 = None;
    }
}

#[allow(clippy::too_many_arguments)]
fn orbit_controls(
    mouse: Res<ButtonInput<MouseButton>>,
    keys: Res<ButtonInput<KeyCode>>,
    motion: Res<AccumulatedMouseMotion>,
    scroll: Res<AccumulatedMouseScroll>,
    typing: Option<Res<crate::app::base::keys::TypingInField>>,
    over_ui: Res<crate::app::base::state::PointerOverUi>,
    time: Res<Time>,
    state: Option<Res<TableState>>,
    sel: Res<crate::app::base::state::Selection>,
    mut goal: ResMut<CameraGoal>,
    mut cams: Query<&mut OrbitCamera>,
    terrain: Terrain,
    bind: crate::app::base::keys::Keys,
) {
    use crate::app::base::keys::Key;
    let Ok(mut cam) = cams.single_mut() else {
        return;
    };
    let before = *cam;
    let pointer_free = !over_ui.0;
    let keys_free = typing.is_none_or(|t| !t.0);
    let shift = keys.any_pressed([KeyCode::ShiftLeft, KeyCode::ShiftRight]);
    if pointer_free && mouse.pressed(MouseButton::Right) {
        cam.yaw -= motion.delta.x * 0.006;
        cam.pitch = (cam.pitch + motion.delta.y * 0.006).clamp(0.08, 1.55);
    }
    let right = Quat::from_rotation_y(cam.yaw) * Vec3::X;
    let forward = Quat::from_rotation_y(cam.yaw) * Vec3::NEG_Z;
    if pointer_free && mouse.pressed(MouseButton::Middle) {
        let k = cam.distance * 0.0015;
        let delta = -right * motion.delta.x * k + forward * motion.delta.y * k;
        cam.focus += delta;
    }
    if keys_free && !crate::app::base::state::modifier_held(&keys, crate::app::base::state::CTRL) {
        let mut dir = Vec3::ZERO;
        if bind.pressed(Key::PanForward) {
            dir += forward;
        }
        if bind.pressed(Key::PanBack) {
            dir -= forward;
        }
        if bind.pressed(Key::PanLeft) {
            dir -= right;
        }
        if bind.pressed(Key::PanRight) {
            dir += right;
        }
        let speed = cam.distance * 0.8 * time.delta_secs();
        cam.focus += dir.normalize_or_zero() * speed;
        if bind.just_pressed(Key::ResetCamera)
            && let Some(s) = &state
        {
            *cam = OrbitCamera::for_table(s.table.width, s.table.depth);
        }
        if bind.just_pressed(Key::Focus)
            && let (Some(id), Some(s)) = (sel.0, &state)
            && let Ok(m) = s.table.model(id)
        {
            cam.pitch = cam.pitch.max(0.95);
            goal.0 = Some(focus_on(m, &cam, cam.pitch, &terrain));
            return;
        }
    }
    if pointer_free && !shift && scroll.delta.y != 0.0 {
        let notches = match scroll.unit {
            MouseScrollUnit::Line => scroll.delta.y,
            MouseScrollUnit::Pixel => scroll.delta.y / 40.0,
        };
        cam.distance = (cam.distance * 0.88f32.powf(notches)).clamp(3.0, 400.0);
    }
    if cam.focus != before.focus || cam.distance != before.distance || cam.yaw != before.yaw {
        goal.0 = None;
    }
    if let Some(s) = &state {
        cam.focus.x = cam.focus.x.clamp(-10.0, s.table.width + 10.0);
        cam.focus.z = cam.focus.z.clamp(-s.table.depth - 10.0, 10.0);
    }
}

fn apply_orbit(mut q: Query<(&OrbitCamera, &mut Transform), Changed<OrbitCamera>>) {
    for (cam, mut tf) in &mut q {
        *tf = cam.transform();
    }
}
