//! Turns the players' gestures on the table into KOG light commands: a dragged model moves (or
//! deploys) when dropped, Q/E turn it, a click places a model or an objective or picks a target.
//! While dragging, the move the rules would make is previewed with its path and cost.

use super::session::{KogSession, Placing};
use crate::app::view::interact::{Drag, GameGate, Gesture};
use crate::app::view::picking::CursorHit;
use crate::app::game::session::ActiveGame;
use crate::app::base::mode::Mode;
use crate::app::base::state::{ActiveTool, Notices, Selection};
use crate::rules::kog::Command;
use crate::rules::kog::moves::plan_move;
use crate::rules::kog::state::{Phase, Step};
use crate::table::{ModelId, Pt, Scene};
use bevy::prelude::*;

pub fn plugin(app: &mut App) {
    app.init_resource::<MovePreview>()
        .init_resource::<crate::app::tools::sight_tools::MoveRange>()
        .add_systems(
            Update,
            (
                update_gate,
                handle_gestures,
                place_on_click.run_if(crate::app::base::state::pointer_on_table),
                preview_drag,
                sync_range,
            )
                .chain()
                .run_if(in_game)
                .after(crate::app::base::sets::InteractSet)
                .before(crate::app::base::sets::MirrorSet),
        );
}

pub fn in_game(mode: Res<State<Mode>>, active: Option<Res<ActiveGame>>) -> bool {
    *mode.get() == Mode::Game && active.is_some_and(|a| a.is::<KogSession>())
}

/// The move a drag would make now, for the view.
#[derive(Resource, Debug, Clone, Default)]
pub struct MovePreview {
    pub model: Option<ModelId>,
    pub path: Vec<Pt>,
    /// "Combat Move: 4.2\" of 6\"" or why it is refused.
    pub text: String,
    pub ok: bool,
    last: Option<Pt>,
}

/// Which models the player may drag and turn now.
fn update_gate(active: Res<ActiveGame>, mut gate: ResMut<GameGate>) {
    let Some(session) = KogSession::of(&active) else {
        return;
    };
    let s = session.state();
    let human = session.human_to_act();
    let mut movable = Vec::new();
    let mut turnable = Vec::new();
    if human {
        match &s.phase {
            Phase::Deploy { side } => {
                movable = s
                    .models
                    .values()
                    .filter(|m| m.side == *side && s.on_table(m.id))
                    .map(|m| m.id)
                    .collect();
                turnable = movable.clone();
            }
            Phase::Turn if s.pending.is_none() => {
                turnable = s.active_models(s.active).map(|m| m.id).collect();
                if s.step == Step::Movement {
                    movable = turnable
                        .iter()
                        .copied()
                        .filter(|id| !s.turn.moved.contains_key(id))
                        .collect();
                }
            }
            _ => {}
        }
    }
    if !gate.active || gate.movable != movable || gate.turnable != turnable {
        *gate = GameGate {
            active: true,
            movable,
            turnable,
        };
    }
}

/// Sends drops and turns to the rules; a refused drop puts the model back.
fn handle_gestures(
    mut active: ResMut<ActiveGame>,
    mut gestures: MessageReader<Gesture>,
    mut notices: ResMut<Notices>,
) {
    let Some(session) = KogSession::of_mut(&mut active) else {
        return;
    };
    for g in gestures.read() {
        let s = session.state();
        let cmd = match g {
            Gesture::Dropped { model, to, .. } => match s.phase {
                Phase::Deploy { .. } => Command::Deploy {
                    model: *model,
                    at: *to,
                    facing: s.table.model(*model).map(|m| m.facing).unwrap_or(0.0),
                },
                _ => Command::Move {
                    model: *model,
                    mode: session.move_mode,
                    to: *to,
                },
            },
            Gesture::Turned { model, facing } => Command::Face {
                model: *model,
                facing: *facing,
            },
        };
        match session.submit(cmd) {
            Ok(()) => notices.status.clear(),
            Err(e) => {
                notices.status = format!("Refused: {e}");
                session.shell.remirror();
            }
        }
    }
}

/// A click on the table while placing a model or an objective, or picking a target.
fn place_on_click(
    mouse: Res<ButtonInput<MouseButton>>,
    hit: Res<CursorHit>,
    tool: Res<ActiveTool>,
    mut active: ResMut<ActiveGame>,
    mut notices: ResMut<Notices>,
    mut sel: ResMut<Selection>,
) {
    let Some(session) = KogSession::of_mut(&mut active) else {
        return;
    };
    if !mouse.just_pressed(MouseButton::Left) || *tool != ActiveTool::Select {
        return;
    }
    let cmd = match session.placing.clone() {
        Placing::None => return,
        // A click on a model selects or drags it; placing is for the open table.
        Placing::Deploy(_) | Placing::Objective | Placing::Terrain { .. }
            if hit.model.is_some() =>
        {
            return;
        }
        Placing::Deploy(id) => {
            let Some(at) = hit.ground else { return };
            let facing = deploy_facing(session.state(), id, at);
            Command::Deploy {
                model: id,
                at,
                facing,
            }
        }
        Placing::Objective => {
            let Some(at) = hit.ground else { return };
            Command::PlaceObjective { at }
        }
        Placing::Terrain { piece, rotation } => {
            let Some(at) = hit.ground else { return };
            Command::PlaceTerrain {
                piece,
                at,
                rotation,
            }
        }
        Placing::Target { attacker, weapon } => {
            let Some(target) = hit.model else { return };
            Command::Attack {
                attacker,
                weapon,
                target,
                reroll: Default::default(),
            }
        }
    };
    let next_deploy = matches!(cmd, Command::Deploy { .. });
    // The piece stays picked for the side's next placement.
    let keep = matches!(cmd, Command::PlaceTerrain { .. }).then(|| session.placing.clone());
    match session.submit(cmd) {
        Ok(()) => {
            notices.status.clear();
            session.placing = if next_deploy {
                next_to_deploy(session).map_or(Placing::None, Placing::Deploy)
            } else if let Some(p) = keep {
                p
            } else {
                Placing::None
            };
            if let Placing::Deploy(id) = session.placing {
                sel.0 = Some(id);
            }
        }
        Err(e) => notices.status = format!("Refused: {e}"),
    }
}

/// Models face the enemy half when deployed.
fn deploy_facing(s: &crate::rules::kog::KogState, id: ModelId, at: Pt) -> f32 {
    let (Some(t), Some(r), Ok(m)) = (s.territory, s.roles, s.model(id)) else {
        return 0.0;
    };
    let enemy_half = t.half_of(m.side, &r).other();
    let centre = match (t.split, enemy_half) {
        (crate::rules::kog::state::Split::LeftRight, _) => Pt::new(
            if t.contains(enemy_half, Pt::new(0.0, at.y)) {
                0.0
            } else {
                t.width
            },
            at.y,
        ),
        (crate::rules::kog::state::Split::NearFar, _) => Pt::new(
            at.x,
            if t.contains(enemy_half, Pt::new(at.x, 0.0)) {
                0.0
            } else {
                t.depth
            },
        ),
    };
    centre.sub(at).angle_deg()
}

/// The next model of the deploying side still off the table.
pub fn next_to_deploy(session: &KogSession) -> Option<ModelId> {
    let s = session.state();
    let Phase::Deploy { side } = s.phase else {
        return None;
    };
    s.models
        .values()
        .find(|m| m.side == side && s.waiting_to_deploy(m))
        .map(|m| m.id)
}

/// While a model is dragged in the Movement step: the move the rules would make.
fn preview_drag(
    active: Res<ActiveGame>,
    drag: Res<Drag>,
    state: Option<Res<crate::app::base::state::TableState>>,
    mut preview: ResMut<MovePreview>,
) {
    let Some(session) = KogSession::of(&active) else {
        return;
    };
    let s = session.state();
    let (Some(id), Some(view)) = (drag.model, state) else {
        if preview.model.is_some() {
            *preview = MovePreview::default();
        }
        return;
    };
    if s.phase != Phase::Turn || s.step != Step::Movement {
        return;
    }
    let Ok(now) = view.table.model(id).map(|m| m.pos) else {
        return;
    };
    if preview.model == Some(id) && preview.last.is_some_and(|p| p.dist(now) < 0.1) {
        return;
    }
    let scene = Scene::new(&s.table, s.options().sight());
    let mode = session.move_mode;
    *preview = match plan_move(s, &scene, id, mode, now) {
        Ok(p) => MovePreview {
            model: Some(id),
            text: format!(
                "{}: {:.1}\" of {:.1}\"{}",
                mode.label(),
                p.cost,
                p.allowance,
                if p.to.dist(now) > 0.05 {
                    " (stops on coming within 1\" of an enemy)"
                } else {
                    ""
                }
            ),
            path: p.path,
            ok: true,
            last: Some(now),
        },
        Err(e) => MovePreview {
            model: Some(id),
            path: vec![drag.start, now],
            text: e.to_string(),
            ok: false,
            last: Some(now),
        },
    };
}

/// In the Movement step the range overlay shows where the selected model can go with the move
/// chosen (its allowance, Jump Jets, a Speed Move's 1" from enemies).
fn sync_range(
    active: Res<ActiveGame>,
    sel: Res<Selection>,
    mut range: ResMut<crate::app::tools::sight_tools::MoveRange>,
    mut shown_for: Local<Option<(ModelId, crate::rules::kog::state::MoveMode, u64)>>,
    mut auto_on: Local<bool>,
) {
    let Some(session) = KogSession::of(&active) else {
        return;
    };
    let s = session.state();
    let movable = sel.0.is_some_and(|id| {
        s.phase == Phase::Turn
            && s.step == Step::Movement
            && s.models
                .get(&id)
                .is_some_and(|m| m.side == s.active && s.is_active(m))
            && !s.turn.moved.contains_key(&id)
    });
    let Some(id) = sel.0.filter(|_| movable) else {
        // The overlay this system turned on goes when there is nothing left to move.
        if *auto_on {
            range.on = false;
            *auto_on = false;
        }
        *shown_for = None;
        return;
    };
    let key = (id, session.move_mode, session.shell.rev);
    if *shown_for == Some(key) {
        return;
    }
    let newly_selected = shown_for.is_none_or(|k| k.0 != id);
    *shown_for = Some(key);
    let mode = session.move_mode;
    range.set_move(
        crate::rules::kog::moves::move_rules(s, id, mode),
        crate::rules::kog::moves::allowance(s, id, mode),
    );
    if newly_selected && !range.on {
        range.on = true;
        *auto_on = true;
    }
}
