//! Keeps the table on screen in line with the game in play: its models, zones and objectives,
//! as the rule set's view of its state shows them; not while a model is being dragged.

use crate::app::base::mode::Mode;
use crate::app::base::state::{Selection, TableState};
use crate::app::game::session::ActiveGame;
use crate::app::view::interact::Drag;
use bevy::prelude::*;

pub fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        mirror_table
            .in_set(MirrorSet)
            .run_if(resource_exists::<ActiveGame>)
            .before(crate::app::base::sets::TableSync)
            .after(crate::app::base::sets::InteractSet),
    );
}

pub use crate::app::base::sets::MirrorSet;

fn mirror_table(
    mut active: ResMut<ActiveGame>,
    state: Option<ResMut<TableState>>,
    drag: Res<Drag>,
    mode: Res<State<Mode>>,
    mut sel: ResMut<Selection>,
    moved: Option<ResMut<crate::app::view::glide::GameMoved>>,
) {
    let Some(mut state) = state else { return };
    if *mode.get() != Mode::Game || drag.model.is_some() {
        return;
    }
    let shell = active.shell_mut();
    if shell.mirrored == shell.rev {
        return;
    }
    shell.mirrored = shell.rev;
    let view = active.0.game().table();
    let terrain_changed = view.zones != state.table.zones
        || view.objectives != state.table.objectives
        || view.pieces != state.table.pieces;
    let just_moved = view
        .models
        .iter()
        .filter(|m| {
            state
                .table
                .model(m.id)
                .is_ok_and(|o| o.pos != m.pos || o.h != m.h)
        })
        .map(|m| m.id)
        .collect();
    if let Some(mut moved) = moved {
        moved.0 = just_moved;
    }
    state.table = view;
    state.looks = active.0.game().looks().into_iter().collect();
    let units = crate::app::base::state::Units {
        rules: Some(active.0.game().rules().key()),
        of: active.0.game().unit_types().into_iter().collect(),
    };
    if state.units != units {
        state.units = units;
    }
    if terrain_changed {
        state.terrain_changed();
    }
    if let Some(id) = sel.0
        && state.table.model(id).is_err()
    {
        sel.0 = None;
    }
}
