//! The status markers of KOG light's summary on the table: a label over each model (crippled ⊗,
//! speed move », hold position H, charge C, objective !, acted a, Commander ★) and over each
//! objective; white smoke over crippled models ("Visibly mark the model as crippled with white
//! cotton smoke").

use super::hover::AttackHover;
use super::input::in_game;
use super::session::KogSession;
use crate::app::base::convert::to_world;
use crate::app::view::labels::{ModelTag, ModelTags};
use crate::app::game::session::ActiveGame;
use crate::app::view::table_entities::{Base, Miniature};
use crate::app::view::visuals::Palette;
use crate::rules::kog::state::{Condition, MoveMode, Phase};
use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        EguiPrimaryContextPass,
        labels
            .after(super::panels::game_ui)
            .in_set(crate::app::view::labels::TagSet)
            .run_if(in_game),
    )
    .add_systems(PostUpdate, crippled_smoke.run_if(in_game))
    .init_resource::<AttackHover>()
    .add_systems(Update, draw_hovered_attack.run_if(in_game));
}

/// Draws the lines of sight of the hovered attack: green where clear, red where blocked.
fn draw_hovered_attack(
    active: Res<ActiveGame>,
    mut hover: ResMut<AttackHover>,
    mut gizmos: Gizmos,
) {
    let Some(session) = KogSession::of(&active) else {
        return;
    };
    let Some((a, t)) = hover.pair else {
        return;
    };
    let s = session.state();
    let key = (a, t, session.shell.rev);
    if hover.key != Some(key) {
        let scene = crate::table::Scene::new(&s.table, s.options().sight());
        hover.lines = scene
            .line_of_sight(&s.table, a, t, true)
            .map(|l| l.lines)
            .unwrap_or_default();
        hover.key = Some(key);
    }
    let v = |p: bevy_rapier3d::parry::math::Vector| Vec3::new(p.x, p.y, p.z);
    for l in &hover.lines {
        let c = if l.clear {
            Color::srgb(0.2, 1.0, 0.3)
        } else {
            Color::srgb(1.0, 0.15, 0.1)
        };
        gizmos.line(v(l.from), v(l.to), c);
    }
    if let Ok(m) = s.table.model(t) {
        gizmos
            .circle(
                Isometry3d::new(
                    to_world(m.pos, m.h + 0.15),
                    Quat::from_rotation_x(std::f32::consts::FRAC_PI_2),
                ),
                m.radius() + 0.2,
                Color::srgb(1.0, 0.4, 0.9),
            )
            .resolution(40);
    }
}

/// White smoke over a crippled model.
#[derive(Component, Debug)]
pub struct CrippledSmoke;

fn labels(
    mut contexts: EguiContexts,
    active: Res<ActiveGame>,
    hover: Res<AttackHover>,
    mut tags: ResMut<ModelTags>,
    cams: Query<(&Camera, &GlobalTransform), crate::app::view::camera::TableCamera>,
) -> Result {
    let Some(session) = KogSession::of(&active) else {
        return Ok(());
    };
    let ctx = contexts.ctx_mut()?.clone();
    let Ok((cam, cam_tf)) = cams.single() else {
        return Ok(());
    };
    let s = session.state();
    let view = cam.logical_viewport_rect();
    for tm in &s.table.models {
        let Some(m) = s.models.get(&tm.id) else {
            continue;
        };
        let mut marks = Vec::new();
        if s.commander(m.side) == Some(m.id) {
            marks.push("\u{2605}".to_string());
        }
        match m.condition() {
            Condition::Crippled => marks.push("\u{2297}".into()),
            Condition::Destroyed => marks.push("\u{2297} wreck".into()),
            _ => {}
        }
        if s.phase == Phase::Turn {
            match s.turn.moved.get(&m.id).map(|x| x.0) {
                Some(MoveMode::Speed) => marks.push("\u{bb}".into()),
                Some(MoveMode::HoldPosition) => marks.push("H".into()),
                Some(MoveMode::Charge) => marks.push("C".into()),
                _ => {}
            }
            if s.turn.acted.contains(&m.id) {
                marks.push("a".into());
            }
        }
        if s.turn.held.values().any(|h| *h == m.id)
            || s.objectives.iter().any(|o| o.carrier == Some(m.id))
        {
            marks.push("!".into());
        }
        tags.0.push(ModelTag {
            id: m.id,
            name: m.name.clone(),
            marks: marks.join(" "),
            targeted: hover.pair.is_some_and(|(_, t)| t == m.id),
        });
    }
    for (i, o) in s.objectives.iter().enumerate() {
        if o.carrier.is_some() || o.off_table {
            continue;
        }
        let Ok(p) =
            cam.world_to_viewport(cam_tf, to_world(o.at, s.table.surface_height(o.at) + 0.6))
        else {
            continue;
        };
        if view.is_some_and(|r| !r.contains(p)) {
            continue;
        }
        let p = p / ctx.zoom_factor();
        let held: Vec<String> = [1u8, 2]
            .iter()
            .filter(|side| o.streak[(**side - 1) as usize] > 0)
            .map(|side| format!("held by {side} \u{d7}{}", o.streak[(*side - 1) as usize]))
            .collect();
        egui::Area::new(egui::Id::new(("objective", i)))
            .fixed_pos(egui::pos2(p.x - 20.0, p.y - 16.0))
            .order(egui::Order::Background)
            .interactable(false)
            .show(&ctx, |ui| {
                ui.label(
                    egui::RichText::new(format!("! {} {}", o.name, held.join(" ")))
                        .color(egui::Color32::from_rgb(250, 220, 60))
                        .size(11.0)
                        .strong(),
                );
            });
    }
    Ok(())
}

/// Keeps white smoke over the crippled models, and none over the others.
fn crippled_smoke(
    mut commands: Commands,
    active: Res<ActiveGame>,
    minis: Query<(Entity, &Miniature, &Base, Option<&Children>)>,
    smoke: Query<(), With<CrippledSmoke>>,
    mut meshes: ResMut<Assets<Mesh>>,
    pal: Option<Res<Palette>>,
) {
    let Some(session) = KogSession::of(&active) else {
        return;
    };
    let Some(pal) = pal else { return };
    let s = session.state();
    for (e, mini, base, children) in &minis {
        let crippled = s
            .models
            .get(&mini.id)
            .is_some_and(|m| m.condition() == Condition::Crippled);
        let puffs: Vec<Entity> = children
            .map(|c| c.iter().filter(|c| smoke.contains(*c)).collect())
            .unwrap_or_default();
        if crippled && puffs.is_empty() {
            let puff = meshes.add(Sphere::new(base.diameter * 0.18).mesh().uv(12, 8));
            let top = base.body_height + 0.2;
            commands.entity(e).with_children(|p| {
                for (i, (dx, dz)) in [(0.1, 0.0), (-0.12, 0.08), (0.0, -0.12)].iter().enumerate() {
                    p.spawn((
                        Mesh3d(puff.clone()),
                        MeshMaterial3d(pal.white_smoke.clone()),
                        Transform::from_xyz(
                            dx * base.diameter,
                            top + 0.22 * i as f32,
                            dz * base.diameter,
                        ),
                        CrippledSmoke,
                        bevy::light::NotShadowCaster,
                        DespawnOnExit(crate::app::base::mode::Mode::Game),
                    ));
                }
            });
        } else if !crippled {
            for p in puffs {
                commands.entity(p).despawn();
            }
        }
    }
}
