//! The tape measure tool: drag from a model or a point to another; the tape is drawn on the table
//! and the readout gives inches to 0.1, base edge to base edge where models are involved (where
//! the rule set in play allows: [`TapeRule`]).

use crate::app::base::convert::to_world;
use crate::app::base::state::{ActiveTool, TableState, Tape, TapeRule};
use crate::app::view::picking::CursorHit;
use crate::table::{Measurement, TapeEnd};
use bevy::prelude::*;

pub(crate) fn plugin(app: &mut App) {
    app.init_resource::<Tape>()
        .init_resource::<TapeRule>()
        .add_systems(
            Update,
            (
                drag_tape.run_if(crate::app::base::state::pointer_on_table),
                tool_keys.run_if(crate::app::base::keys::keys_free),
                draw_tape,
            ),
        );
}

/// The current tape's measurement, if both ends are on the table.
pub fn current(state: &TableState, tape: &Tape) -> Option<Measurement> {
    state.table.measure(tape.from?, tape.to?).ok()
}

fn end_under_cursor(hit: &CursorHit) -> Option<TapeEnd> {
    hit.model
        .map(TapeEnd::Model)
        .or(hit.ground.map(TapeEnd::Point))
}

fn drag_tape(
    mouse: Res<ButtonInput<MouseButton>>,
    hit: Res<CursorHit>,
    tool: Res<ActiveTool>,
    mut tape: ResMut<Tape>,
) {
    if *tool != ActiveTool::Measure {
        return;
    }
    if mouse.just_pressed(MouseButton::Left)
        && let Some(end) = end_under_cursor(&hit)
    {
        *tape = Tape {
            from: Some(end),
            to: Some(end),
            dragging: true,
        };
    }
    if tape.dragging && mouse.pressed(MouseButton::Left) {
        // While dragging, snap to a model under the cursor, else follow the surface.
        if let Some(end) = end_under_cursor(&hit)
            && Some(end) != tape.from
        {
            tape.to = Some(end);
        }
    }
    if mouse.just_released(MouseButton::Left) {
        tape.dragging = false;
    }
}

fn tool_keys(
    keys: crate::app::base::keys::Keys,
    mut tool: ResMut<ActiveTool>,
    mut tape: ResMut<Tape>,
) {
    if keys.just_pressed(crate::app::base::keys::Key::Measure) {
        *tool = if *tool == ActiveTool::Measure {
            ActiveTool::Select
        } else {
            ActiveTool::Measure
        };
    }
    if keys.just_pressed(crate::app::base::keys::Key::Cancel) {
        *tool = ActiveTool::Select;
        *tape = Tape::default();
    }
}

fn draw_tape(
    state: Option<Res<TableState>>,
    tape: Res<Tape>,
    rule: Res<TapeRule>,
    mut gizmos: Gizmos,
) {
    let Some(state) = state else { return };
    let Some(m) = current(&state, &tape) else {
        return;
    };
    let shown = rule.shows(&tape);
    let t = &state.table;
    let lift = 0.35;
    let a = to_world(m.from, t.surface_height(m.from) + lift);
    let b = to_world(m.to, t.surface_height(m.to) + lift);
    let yellow = Color::srgb(1.0, 0.9, 0.1);
    gizmos.line(a, b, yellow);
    // Inch ticks along the tape.
    let len = m.from.dist(m.to);
    if shown && len > 0.01 {
        let dir = (b - a).normalize_or_zero();
        let side = dir.cross(Vec3::Y).normalize_or_zero() * 0.15;
        let mut i = 1.0;
        while i < len {
            let p = a + (b - a) * (i / len);
            let k = if (i as i32) % 6 == 0 { 2.0 } else { 1.0 };
            gizmos.line(p - side * k, p + side * k, yellow);
            i += 1.0;
        }
    }
    let mid = (a + b) / 2.0 + Vec3::Y * 0.6;
    let label = if shown {
        format!("{:.1}\"", m.inches)
    } else {
        "not measured".to_string()
    };
    gizmos.text(
        Isometry3d::from_translation(mid),
        &label,
        0.9,
        Vec2::ZERO,
        Color::WHITE,
    );
}
