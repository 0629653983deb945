//! Moves, attacks and hits on the table: a move glides along the path the rules gave it, an
//! attack draws a tracer from the attacker to its target (a tank's turret turns to face it
//! first), a model struck flashes. They follow the game's cues
//! ([`crate::rules::core::Cue`]) and never change the game.

use super::table_entities::{Base, Miniature};
use super::visuals::Turret;
use crate::app::game::session::ActiveGame;
use crate::app::view::glide::Glide;
use crate::rules::core::Cue;
use bevy::prelude::*;

pub fn plugin(app: &mut App) {
    app.add_systems(Startup, setup)
        .add_systems(
            Update,
            show_cues
                .run_if(resource_exists::<ActiveGame>)
                .after(crate::app::base::sets::TableSync),
        )
        .add_systems(Update, fade);
}

/// Meshes and materials of the effects.
#[derive(Resource)]
struct Effects {
    beam: Handle<Mesh>,
    ball: Handle<Mesh>,
    tracer: Handle<StandardMaterial>,
    flash: Handle<StandardMaterial>,
}

/// An effect that shrinks away: `grow` makes it swell first (a flash).
#[derive(Component, Debug)]
pub struct Fade {
    t: f32,
    secs: f32,
    full: Vec3,
    grow: bool,
}

impl Fade {
    /// The effect's scale at `t` seconds: a tracer thins out, a flash swells then shrinks.
    pub fn scale(&self, t: f32) -> Vec3 {
        let x = (t / self.secs).clamp(0.0, 1.0);
        let k = if self.grow {
            (x * std::f32::consts::PI).sin()
        } else {
            1.0 - x
        };
        if self.grow {
            self.full * k
        } else {
            Vec3::new(self.full.x * k, self.full.y, self.full.z * k)
        }
    }
}

fn setup(
    mut commands: Commands,
    mut meshes: ResMut<Assets<Mesh>>,
    mut mats: ResMut<Assets<StandardMaterial>>,
) {
    let glow = |c: Color, e: LinearRgba| StandardMaterial {
        base_color: c,
        emissive: e,
        unlit: true,
        ..default()
    };
    commands.insert_resource(Effects {
        beam: meshes.add(Cylinder::new(1.0, 1.0).mesh().resolution(8)),
        ball: meshes.add(Sphere::new(1.0).mesh().uv(12, 8)),
        tracer: mats.add(glow(
            Color::srgb(1.0, 0.9, 0.5),
            LinearRgba::rgb(4.0, 3.2, 1.2),
        )),
        flash: mats.add(glow(
            Color::srgb(1.0, 0.55, 0.2),
            LinearRgba::rgb(5.0, 2.0, 0.5),
        )),
    });
}

#[allow(clippy::type_complexity)]
fn show_cues(
    mut commands: Commands,
    mut active: ResMut<ActiveGame>,
    fx: Option<Res<Effects>>,
    minis: Query<(Entity, &Miniature, &Base, &GlobalTransform)>,
    kids: Query<&Children>,
    mut turrets: Query<&mut Transform, With<Turret>>,
    mut glides: Query<&mut Glide>,
    state: Option<Res<crate::app::base::state::TableState>>,
    settings: Option<Res<crate::app::base::settings::Settings>>,
) {
    let cues = active.0.game_mut().take_cues();
    let Some(fx) = fx else { return };
    if cues.is_empty() || settings.is_some_and(|s| !s.animate) {
        return;
    }
    let find = |id| {
        minis
            .iter()
            .find(|(_, m, _, _)| m.id == id)
            .map(|(e, _, b, tf)| (e, tf, tf.translation() + Vec3::Y * b.body_height * 0.6))
    };
    for cue in cues {
        match cue {
            Cue::Moved { model, path } => {
                // The glide the table started takes the rules' path instead of the straight line.
                let Some((e, _, _)) = find(model) else {
                    continue;
                };
                let (Ok(mut glide), Some(state)) = (glides.get_mut(e), state.as_ref()) else {
                    continue;
                };
                let inner = path.len().saturating_sub(1);
                let via: Vec<Vec3> = path[1..inner]
                    .iter()
                    .map(|p| {
                        crate::app::base::convert::to_world(*p, state.table.surface_height(*p))
                    })
                    .collect();
                *glide = Glide::along(glide.from, via, glide.to);
            }
            Cue::Attack { from, at } => {
                let (Some((shooter, stf, a)), Some((_, _, b))) = (find(from), find(at)) else {
                    continue;
                };
                let d = b - a;
                let len = d.length();
                if len < 1e-3 {
                    continue;
                }
                // The turret turns to the target, in the shooter's own frame (figures face +X).
                let local = stf.rotation().inverse() * d;
                for e in kids.iter_descendants(shooter) {
                    if let Ok(mut tf) = turrets.get_mut(e) {
                        tf.rotation = Quat::from_rotation_y((-local.z).atan2(local.x));
                    }
                }
                let full = Vec3::new(0.07, len, 0.07);
                commands.spawn((
                    Mesh3d(fx.beam.clone()),
                    MeshMaterial3d(fx.tracer.clone()),
                    Transform::from_translation(a + d / 2.0)
                        .with_rotation(Quat::from_rotation_arc(Vec3::Y, d / len))
                        .with_scale(full),
                    Fade {
                        t: 0.0,
                        secs: 0.5,
                        full,
                        grow: false,
                    },
                    bevy::light::NotShadowCaster,
                    // Cues of the game in play: gone with the game screen.
                    DespawnOnExit(crate::app::base::mode::Mode::Game),
                ));
            }
            Cue::Struck { model } => {
                let Some((_, _, at)) = find(model) else {
                    continue;
                };
                let full = Vec3::splat(0.55);
                commands.spawn((
                    Mesh3d(fx.ball.clone()),
                    MeshMaterial3d(fx.flash.clone()),
                    Transform::from_translation(at).with_scale(Vec3::ZERO),
                    Fade {
                        t: 0.0,
                        secs: 0.4,
                        full,
                        grow: true,
                    },
                    bevy::light::NotShadowCaster,
                    // Cues of the game in play: gone with the game screen.
                    DespawnOnExit(crate::app::base::mode::Mode::Game),
                ));
            }
        }
    }
}

fn fade(
    mut commands: Commands,
    time: Res<Time>,
    mut q: Query<(Entity, &mut Fade, &mut Transform)>,
) {
    for (e, mut f, mut tf) in &mut q {
        f.t += time.delta_secs();
        if f.t >= f.secs {
            commands.entity(e).despawn();
        } else {
            tf.scale = f.scale(f.t);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tracers_thin_out_and_flashes_swell_then_go() {
        let full = Vec3::new(0.04, 9.0, 0.04);
        let tracer = Fade {
            t: 0.0,
            secs: 0.5,
            full,
            grow: false,
        };
        assert_eq!(tracer.scale(0.0), full);
        assert_eq!(tracer.scale(0.25), Vec3::new(0.02, 9.0, 0.02));
        assert_eq!(tracer.scale(0.5).x, 0.0);
        let flash = Fade {
            t: 0.0,
            secs: 0.4,
            full: Vec3::ONE,
            grow: true,
        };
        assert!(flash.scale(0.0).length() < 1e-6);
        assert!((flash.scale(0.2) - Vec3::ONE).length() < 1e-5);
        assert!(flash.scale(0.4).length() < 1e-5);
    }
}
