//! Kry-Gothic's markers on the table: a label over each model (P pinned, W waiting, F afraid,
//! D down, S stuck, + in the combo under way, wounds), the AP cost of a move while dragging
//! (terrain included), and the front arc and blind side of the selected model drawn on the
//! ground (green: its front arc, red: the blind side a shot from behind comes from), and the
//! damaged-structure markers where heavy weapons broke weak floors.

use super::input::{MovePreview, in_game};
use super::session::KrySession;
use crate::app::base::convert::to_world;
use crate::app::view::labels::ModelTag;
use crate::app::game::session::ActiveGame;
use crate::app::base::state::Selection;
use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

pub fn plugin(app: &mut App) {
    app.add_systems(
        EguiPrimaryContextPass,
        labels
            .after(super::panels::game_ui)
            .in_set(crate::app::view::labels::TagSet)
            .run_if(in_game),
    )
    .add_systems(Update, (draw_arcs, draw_floors).run_if(in_game));
}

/// The damaged-structure markers the game has placed where heavy weapons hit weak (W) floors.
fn draw_floors(active: Res<ActiveGame>, mut gizmos: Gizmos) {
    let Some(session) = KrySession::of(&active) else {
        return;
    };
    let s = session.state();
    for h in &s.hazards {
        crate::app::tools::sight_tools::draw_hazard(&mut gizmos, &s.table, &h.hazard());
    }
}

/// The short markers of a model, as the label shows them.
pub fn short_marks(s: &crate::rules::kry::state::KryState, id: crate::table::ModelId) -> String {
    let Some(m) = s.models.get(&id) else {
        return String::new();
    };
    let mut v = String::new();
    if m.pinned.is_some() {
        v.push('P');
    }
    if s.waiting_shown(m) {
        v.push('W');
    }
    if m.afraid_of.is_some() {
        v.push('F');
    }
    if m.prone {
        v.push('D');
    }
    if m.stuck > 0 {
        v.push('S');
    }
    if s.combo
        .as_ref()
        .is_some_and(|c| c.steps.iter().any(|st| st.model() == Some(id)))
    {
        v.push('+');
    }
    for _ in 0..m.wounds_taken.min(5) {
        v.push('\u{2022}');
    }
    v
}

fn labels(
    mut contexts: EguiContexts,
    active: Res<ActiveGame>,
    preview: Res<MovePreview>,
    mut tags: ResMut<crate::app::view::labels::ModelTags>,
    cams: Query<(&Camera, &GlobalTransform), crate::app::view::camera::TableCamera>,
) -> Result {
    let Some(session) = KrySession::of(&active) else {
        return Ok(());
    };
    let ctx = contexts.ctx_mut()?.clone();
    let Ok((cam, cam_tf)) = cams.single() else {
        return Ok(());
    };
    let s = session.state();
    for tm in &s.table.models {
        let Some(m) = s.models.get(&tm.id) else {
            continue;
        };
        tags.0.push(ModelTag {
            id: m.id,
            name: m.name.to_string(),
            marks: short_marks(s, m.id),
            targeted: false,
        });
    }
    if let Some(id) = preview.model
        && !preview.text.is_empty()
        && let Ok(tm) = s.table.model(id)
        && let Ok(p) = cam.world_to_viewport(cam_tf, to_world(tm.pos, tm.h))
    {
        let p = p / ctx.zoom_factor();
        let col = if preview.ok {
            egui::Color32::LIGHT_GREEN
        } else {
            egui::Color32::LIGHT_RED
        };
        egui::Area::new("kry_move_preview".into())
            .fixed_pos(egui::pos2(p.x + 20.0, p.y + 10.0))
            .order(egui::Order::Foreground)
            .interactable(false)
            .show(&ctx, |ui| {
                egui::Frame::popup(ui.style()).show(ui, |ui| {
                    ui.label(egui::RichText::new(&preview.text).color(col));
                });
            });
    }
    Ok(())
}

/// The selected model's front arc (green) and blind side (red) on the ground.
fn draw_arcs(active: Res<ActiveGame>, sel: Res<Selection>, mut gizmos: Gizmos) {
    let Some(session) = KrySession::of(&active) else {
        return;
    };
    let Some(m) = sel.0.and_then(|id| session.state().table.model(id).ok()) else {
        return;
    };
    let r = m.radius() + 3.0;
    let y = m.h + 0.05;
    let half = m.front_arc / 2.0;
    let at = |deg: f32, len: f32| {
        let d = crate::table::Pt::new(1.0, 0.0).rotate(deg);
        to_world(m.pos.add(d.scale(len)), y)
    };
    let centre = to_world(m.pos, y);
    let (front, blind) = (Color::srgb(0.2, 0.9, 0.3), Color::srgb(0.95, 0.25, 0.2));
    gizmos.line(centre, at(m.facing + half, r), front);
    gizmos.line(centre, at(m.facing - half, r), front);
    let steps = 24;
    for i in 0..steps {
        let (a0, a1) = (i as f32 / steps as f32, (i + 1) as f32 / steps as f32);
        let f = |t: f32| m.facing - half + t * 2.0 * half;
        gizmos.line(at(f(a0), r), at(f(a1), r), front);
        let b = |t: f32| m.facing + half + t * (360.0 - 2.0 * half);
        gizmos.line(at(b(a0), r * 0.6), at(b(a1), r * 0.6), blind);
    }
}
