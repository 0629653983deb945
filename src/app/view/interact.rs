//! Selecting, dragging, turning and removing models with the mouse and keyboard. Every change
//! goes through the table's checked methods, so bases never overlap and never leave the table.

use super::picking::CursorHit;
use crate::app::base::sets::TableSync;
use crate::app::base::state::{ActiveTool, Notices, Selection, TableState};
use crate::table::{ModelId, Pt};
use bevy::input::mouse::{AccumulatedMouseScroll, MouseScrollUnit};
use bevy::prelude::*;

pub(crate) fn plugin(app: &mut App) {
    app.init_resource::<Drag>()
        .init_resource::<GameGate>()
        .add_message::<Gesture>()
        .add_systems(
            Update,
            (
                (select_and_drag, wheel_turn).run_if(crate::app::base::state::pointer_on_table),
                (key_turn, delete_selected).run_if(crate::app::base::keys::keys_free),
            )
                .in_set(InteractSet)
                .before(TableSync),
        );
}

pub use crate::app::base::sets::InteractSet;

/// While a rule set is in play: which models the player may drag and turn. Their drags and
/// turns are not applied to the table but passed on as [`Gesture`]s for the rules to judge.
#[derive(Resource, Debug, Clone, Default)]
pub struct GameGate {
    pub active: bool,
    pub movable: Vec<ModelId>,
    pub turnable: Vec<ModelId>,
}

/// A drag or turn made in a game, for the rules to judge.
#[derive(Message, Debug, Clone, PartialEq)]
pub enum Gesture {
    Dropped { model: ModelId, from: Pt, to: Pt },
    Turned { model: ModelId, facing: f32 },
}

/// A model being dragged, and where on it the cursor grabbed it.
#[derive(Resource, Debug, Default)]
pub struct Drag {
    pub model: Option<ModelId>,
    pub offset: Pt,
    /// Where the dragged model stood when the drag began.
    pub start: Pt,
}

/// Degrees a key press turns a model.
pub const KEY_TURN_DEG: f32 = 15.0;
/// Degrees one wheel notch turns a model (with shift held).
pub const WHEEL_TURN_DEG: f32 = 5.0;

fn select_and_drag(
    mouse: Res<ButtonInput<MouseButton>>,
    hit: Res<CursorHit>,
    tool: Res<ActiveTool>,
    mut sel: ResMut<Selection>,
    mut drag: ResMut<Drag>,
    mut notices: ResMut<Notices>,
    state: Option<ResMut<TableState>>,
    gate: Res<GameGate>,
    mut gestures: MessageWriter<Gesture>,
) {
    let Some(mut state) = state else { return };
    if *tool != ActiveTool::Select {
        drag.model = None;
        return;
    }
    if mouse.just_pressed(MouseButton::Left) {
        sel.0 = hit.model;
        drag.model = None;
        if gate.active && hit.model.is_some_and(|id| !gate.movable.contains(&id)) {
            return;
        }
        if let (Some(id), Some(g)) = (hit.model, hit.ground) {
            if let Ok(m) = state.table.model(id) {
                drag.model = Some(id);
                drag.offset = m.pos.sub(g);
                drag.start = m.pos;
            }
        } else if let Some(id) = hit.model
            && let Ok(m) = state.table.model(id)
        {
            drag.model = Some(id);
            drag.offset = Pt::default();
            drag.start = m.pos;
        }
    }
    if mouse.just_released(MouseButton::Left) {
        if gate.active
            && let Some(id) = drag.model
            && let Ok(m) = state.table.model(id)
            && m.pos.dist(drag.start) > 0.01
        {
            gestures.write(Gesture::Dropped {
                model: id,
                from: drag.start,
                to: m.pos,
            });
        }
        drag.model = None;
    }
    let (Some(id), true, Some(g)) = (drag.model, mouse.pressed(MouseButton::Left), hit.ground)
    else {
        return;
    };
    let Ok((pos, diameter)) = state.table.model(id).map(|m| (m.pos, m.base_diameter)) else {
        drag.model = None;
        return;
    };
    let target = g.add(drag.offset);
    if target.dist(pos) < 0.01 {
        return;
    }
    // Read first so that an unchanged table does not count as a change.
    if let Err(e) =
        state
            .bypass_change_detection()
            .table
            .check_placement(target, diameter, Some(id))
    {
        notices.status = format!("Cannot move there: {e}");
        return;
    }
    if state.table.move_model(id, target).is_ok() {
        notices.status.clear();
    }
}

fn turn_selected(
    state: &mut TableState,
    sel: &Selection,
    deg: f32,
    gate: &GameGate,
    gestures: &mut MessageWriter<Gesture>,
) {
    let Some(id) = sel.0 else { return };
    if gate.active {
        if gate.turnable.contains(&id)
            && let Ok(m) = state.table.model(id)
        {
            gestures.write(Gesture::Turned {
                model: id,
                facing: crate::table::geom::norm_deg(m.facing + deg),
            });
        }
        return;
    }
    if let Ok(m) = state.table.model_mut(id) {
        m.facing = crate::table::geom::norm_deg(m.facing + deg);
    }
}

fn key_turn(
    keys: crate::app::base::keys::Keys,
    sel: Res<Selection>,
    state: Option<ResMut<TableState>>,
    gate: Res<GameGate>,
    mut gestures: MessageWriter<Gesture>,
) {
    let Some(mut state) = state else { return };
    if sel.0.is_none() {
        return;
    }
    if keys.just_pressed(crate::app::base::keys::Key::TurnLeft) {
        turn_selected(&mut state, &sel, KEY_TURN_DEG, &gate, &mut gestures);
    }
    if keys.just_pressed(crate::app::base::keys::Key::TurnRight) {
        turn_selected(&mut state, &sel, -KEY_TURN_DEG, &gate, &mut gestures);
    }
}

fn wheel_turn(
    keys: Res<ButtonInput<KeyCode>>,
    scroll: Res<AccumulatedMouseScroll>,
    sel: Res<Selection>,
    state: Option<ResMut<TableState>>,
    gate: Res<GameGate>,
    mut gestures: MessageWriter<Gesture>,
) {
    let Some(mut state) = state else { return };
    if sel.0.is_none()
        || scroll.delta.y == 0.0
        || !keys.any_pressed([KeyCode::ShiftLeft, KeyCode::ShiftRight])
    {
        return;
    }
    let notches = match scroll.unit {
        MouseScrollUnit::Line => scroll.delta.y,
        MouseScrollUnit::Pixel => scroll.delta.y / 40.0,
    };
    turn_selected(
        &mut state,
        &sel,
        notches * WHEEL_TURN_DEG,
        &gate,
        &mut gestures,
    );
}

fn delete_selected(
    keys: crate::app::base::keys::Keys,
    mut sel: ResMut<Selection>,
    state: Option<ResMut<TableState>>,
    gate: Res<GameGate>,
) {
    let Some(mut state) = state else { return };
    if gate.active {
        return;
    }
    if keys.just_pressed(crate::app::base::keys::Key::RemoveModel)
        && let Some(id) = sel.0.take()
    {
        let _ = state.table.remove_model(id);
    }
}
