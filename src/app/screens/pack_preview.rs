//! The Model packs window's preview: the chosen model on its base, fitted as the table fits it,
//! drawn by a camera of its own into an image that the window shows, and turned by dragging
//! the image. The little stage stands far below the table on a render layer of its own.

use crate::app::view::pack_load::PackModels;
use bevy::camera::RenderTarget;
use bevy::camera::visibility::RenderLayers;
use bevy::prelude::*;
use bevy::render::render_resource::TextureFormat;

pub fn plugin(app: &mut App) {
    app.init_resource::<PackPreview>()
        .add_systems(Startup, setup_stage)
        .add_systems(Update, show_model);
}

/// The render layer the preview's stage, light and camera share.
const LAYER: usize = 7;
/// Where the stage stands (well below the table).
const STAGE: Vec3 = Vec3::new(0.0, -500.0, 0.0);
/// The image's size in pixels.
pub const SIZE: u32 = 320;

/// What the preview shows and how it is turned.
#[derive(Resource, Debug, Default)]
pub struct PackPreview {
    /// Draw the preview (the window is open).
    pub active: bool,
    /// The model (`TableModel::uid`) on a base `diameter` across with a body `height` tall;
    /// `None`: the base alone.
    pub want: Option<(u64, f32, f32)>,
    /// The base's size when no model is shown.
    pub base: (f32, f32),
    /// Degrees turned about the vertical.
    pub yaw: f32,
    /// The image the camera draws into.
    pub image: Option<Handle<Image>>,
    shown: Option<(Option<(u64, f32, f32)>, (f32, f32))>,
}

#[derive(Component)]
struct Stage;

#[derive(Component)]
struct PreviewCamera;

fn setup_stage(
    mut commands: Commands,
    mut images: ResMut<Assets<Image>>,
    mut preview: ResMut<PackPreview>,
) {
    let image = images.add(Image::new_target_texture(
        SIZE,
        SIZE,
        TextureFormat::Rgba8Unorm,
        Some(TextureFormat::Rgba8UnormSrgb),
    ));
    preview.image = Some(image.clone());
    let layer = RenderLayers::layer(LAYER);
    commands.spawn((
        Camera3d::default(),
        Camera {
            order: -1,
            is_active: false,
            clear_color: ClearColorConfig::Custom(Color::srgb(0.16, 0.17, 0.2)),
            ..default()
        },
        RenderTarget::Image(image.into()),
        Transform::from_translation(STAGE + Vec3::new(3.0, 2.0, 1.6))
            .looking_at(STAGE + Vec3::Y * 0.6, Vec3::Y),
        layer.clone(),
        PreviewCamera,
    ));
    commands.spawn((
        DirectionalLight {
            illuminance: 9_000.0,
            shadow_maps_enabled: false,
            ..default()
        },
        Transform::from_translation(STAGE + Vec3::new(2.0, 4.0, 3.0)).looking_at(STAGE, Vec3::Y),
        layer.clone(),
    ));
    commands.spawn((
        Stage,
        Transform::from_translation(STAGE),
        Visibility::default(),
        layer,
    ));
}

/// Builds the stage again when the model or the base changes, turns it, and runs the camera
/// only while the window shows it.
fn show_model(
    mut commands: Commands,
    mut preview: ResMut<PackPreview>,
    models: Option<Res<PackModels>>,
    stage: Query<(Entity, Option<&Children>), With<Stage>>,
    mut tf: Query<&mut Transform, With<Stage>>,
    mut cams: Query<(&mut Camera, &mut Transform), (With<PreviewCamera>, Without<Stage>)>,
    mut meshes: ResMut<Assets<Mesh>>,
    mut mats: ResMut<Assets<StandardMaterial>>,
) {
    for (mut cam, _) in &mut cams {
        if cam.is_active != preview.active {
            cam.is_active = preview.active;
        }
    }
    if !preview.active {
        return;
    }
    for mut t in &mut tf {
        let r = Quat::from_rotation_y(preview.yaw.to_radians());
        if t.rotation != r {
            t.rotation = r;
        }
    }
    let now = (preview.want, preview.base);
    if preview.shown == Some(now) {
        return;
    }
    preview.shown = Some(now);
    let Ok((stage, children)) = stage.single() else {
        return;
    };
    for c in children.into_iter().flatten() {
        commands.entity(*c).despawn();
    }
    let (diameter, height) = match preview.want {
        Some((_, d, h)) => (d, h),
        None => preview.base,
    };
    // The camera frames a figure of this size.
    let span = diameter.max(height).max(0.5);
    for (_, mut t) in &mut cams {
        *t = Transform::from_translation(STAGE + Vec3::new(1.9, 1.3, 1.0) * span)
            .looking_at(STAGE + Vec3::Y * height * 0.45, Vec3::Y);
    }
    let layer = RenderLayers::layer(LAYER);
    let side = Color::srgb_u8(0, 114, 178);
    let base = meshes.add(Cylinder::new(diameter / 2.0, 0.125).mesh().resolution(40));
    let base_mat = mats.add(StandardMaterial {
        base_color: side.darker(0.08),
        perceptual_roughness: 0.5,
        ..default()
    });
    // The front arc: a light wedge on the base's front (+x).
    let arc = meshes.add(crate::app::view::figures::arc_band(
        diameter / 2.0,
        90.0,
        0.125,
    ));
    let arc_mat = mats.add(StandardMaterial {
        base_color: Color::srgb(0.95, 0.92, 0.75),
        unlit: true,
        ..default()
    });
    let mut parts = Vec::new();
    if let (Some((uid, d, h)), Some(models)) = (preview.want, models.as_ref())
        && let Some(m) = models.models.iter().find(|m| m.uid == uid)
        && let Some(f) = crate::data::packs::fit_miniature(&m.mesh, d, h, &m.entry)
    {
        let fit = Transform::from_translation(Vec3::from(f.translation) + Vec3::Y * 0.125)
            .with_scale(Vec3::from(f.scale));
        for (mesh, tint) in &m.parts {
            // The file's own material (its textures) once loaded, else its colour.
            let mat = m.file_material(*tint).unwrap_or_else(|| {
                mats.add(StandardMaterial {
                    base_color: tint.color(side),
                    perceptual_roughness: 0.6,
                    ..default()
                })
            });
            parts.push((mesh.clone(), fit, mat));
        }
    }
    commands.entity(stage).with_children(|s| {
        s.spawn((
            Mesh3d(base),
            MeshMaterial3d(base_mat),
            Transform::from_xyz(0.0, 0.0625, 0.0),
            layer.clone(),
        ));
        s.spawn((
            Mesh3d(arc),
            MeshMaterial3d(arc_mat),
            Transform::default(),
            layer.clone(),
        ));
        for (mesh, tf, mat) in parts {
            s.spawn((Mesh3d(mesh), MeshMaterial3d(mat), tf, layer.clone()));
        }
    });
}
