//! Turns gestures on the table into Kry-Gothic orders: a dragged model moves (or deploys) when
//! dropped, with the move kind picked in the card; Q/E turn it; a click places a model or picks
//! a shot's or a charge's target (a split snap shot's two, one click each). While dragging, the move's AP cost (terrain included) or why
//! it is refused is previewed. While an order combo is being built, drops and clicks queue its
//! steps instead.

use super::session::{KrySession, Placing};
use crate::app::view::interact::{Drag, GameGate, Gesture};
use crate::app::view::picking::CursorHit;
use crate::app::game::session::ActiveGame;
use crate::app::base::mode::Mode;
use crate::app::base::state::{ActiveTool, Notices, Selection};
use crate::rules::core::{Player, RuleSet};
use crate::rules::kry::Kry;
use crate::rules::kry::command::Command;
use crate::rules::kry::event::Event;
use crate::rules::kry::ranged::FireMode;
use crate::rules::kry::state::{KryState, Phase};
use crate::table::{ModelId, Pt};
use bevy::prelude::*;

pub fn plugin(app: &mut App) {
    app.init_resource::<MovePreview>().add_systems(
        Update,
        (
            update_gate,
            handle_gestures,
            click_on_table.run_if(crate::app::base::state::pointer_on_table),
            preview_drag,
        )
            .chain()
            .run_if(in_game)
            .after(crate::app::view::interact::InteractSet)
            .before(crate::app::view::mirror::MirrorSet),
    );
}

pub fn in_game(mode: Res<State<Mode>>, active: Option<Res<ActiveGame>>) -> bool {
    *mode.get() == Mode::Game && active.is_some_and(|a| a.is::<KrySession>())
}

/// The move a drag would make now: its cost in AP or why it is refused.
#[derive(Resource, Debug, Clone, Default)]
pub struct MovePreview {
    pub model: Option<ModelId>,
    pub text: String,
    pub ok: bool,
    last: Option<Pt>,
}

/// Which models a person may drag and turn now: those of the sides a person plays, on the
/// table, while the game takes orders from them.
fn update_gate(active: Res<ActiveGame>, mut gate: ResMut<GameGate>) {
    let Some(session) = KrySession::of(&active) else {
        return;
    };
    let s = session.state();
    let mine = |side: u8| session.game.player(side) == Player::Human;
    let ids: Vec<ModelId> = match &s.phase {
        Phase::Deploy { side } if mine(*side) => s
            .alive(*side)
            .filter(|m| s.table.model(m.id).is_ok())
            .map(|m| m.id)
            .collect(),
        Phase::Play if s.pending.is_none() || session.building.is_some() => s
            .models
            .values()
            .filter(|m| m.alive() && mine(m.side) && s.table.model(m.id).is_ok())
            .map(|m| m.id)
            .collect(),
        _ => Vec::new(),
    };
    if !gate.active || gate.movable != ids || gate.turnable != ids {
        *gate = GameGate {
            active: true,
            movable: ids.clone(),
            turnable: ids,
        };
    }
}

/// The order a drop or a turn makes.
fn gesture_command(session: &KrySession, g: &Gesture) -> Command {
    let s = session.state();
    match g {
        Gesture::Dropped { model, to, .. } => match s.phase {
            Phase::Deploy { .. } => Command::Deploy {
                model: *model,
                at: *to,
                facing: s.table.model(*model).map(|m| m.facing).unwrap_or(0.0),
            },
            _ => Command::Move {
                model: *model,
                to: *to,
                kind: session.move_kind,
            },
        },
        Gesture::Turned { model, facing } => Command::Turn {
            model: *model,
            facing: *facing,
        },
    }
}

/// Sends drops and turns to the rules (or to the combo being built); a refused drop puts the
/// model back.
fn handle_gestures(
    mut active: ResMut<ActiveGame>,
    mut gestures: MessageReader<Gesture>,
    mut notices: ResMut<Notices>,
) {
    let Some(session) = KrySession::of_mut(&mut active) else {
        return;
    };
    for g in gestures.read() {
        let cmd = gesture_command(session, g);
        if let Some(steps) = session.building.as_mut()
            && !matches!(cmd, Command::Deploy { .. })
        {
            steps.push(cmd);
            session.shell.remirror();
            notices.status = "queued in the order combo".into();
            continue;
        }
        match session.submit(cmd) {
            Ok(_) => notices.status.clear(),
            Err(e) => {
                notices.status = format!("Refused: {e}");
                session.shell.remirror();
            }
        }
    }
}

/// A click on the table while placing a model or picking a target.
fn click_on_table(
    mouse: Res<ButtonInput<MouseButton>>,
    hit: Res<CursorHit>,
    tool: Res<ActiveTool>,
    mut active: ResMut<ActiveGame>,
    mut notices: ResMut<Notices>,
    mut sel: ResMut<Selection>,
) {
    let Some(session) = KrySession::of_mut(&mut active) else {
        return;
    };
    if !mouse.just_pressed(MouseButton::Left) || *tool != ActiveTool::Select {
        return;
    }
    // While a shot's or an attack's target is picked, a press on a model of the acting side is
    // no target (it selects or drags that model, e.g. one moved into an order combo).
    let acting = match &session.placing {
        Placing::Shoot { shooter: a, .. }
        | Placing::SnapSplit { shooter: a, .. }
        | Placing::Attack { attacker: a, .. } => session.state().models.get(a).map(|m| m.side),
        _ => None,
    };
    if let (Some(side), Some(m)) = (acting, hit.model)
        && session.state().models.get(&m).is_some_and(|x| x.side == side)
    {
        return;
    }
    let cmd = match session.placing.clone() {
        Placing::None => return,
        Placing::Deploy(_) if hit.model.is_some() => return,
        Placing::Deploy(id) => {
            let Some(at) = hit.ground else { return };
            let facing = deploy_facing(session.state(), id, at);
            Command::Deploy {
                model: id,
                at,
                facing,
            }
        }
        Placing::Shoot {
            shooter,
            weapon,
            mode,
        } => {
            let Some(target) = hit.model else { return };
            Command::Shoot {
                shooter,
                target,
                weapon,
                mode,
                second: None,
            }
        }
        Placing::SnapSplit {
            shooter,
            weapon,
            first,
        } => {
            let Some(target) = hit.model else { return };
            match split_click(shooter, weapon, first, target) {
                Ok(c) => c,
                Err(next) => {
                    session.placing = next;
                    notices.status = "snap shot: now click the second target".into();
                    return;
                }
            }
        }
        Placing::Attack {
            attacker,
            attack,
            weapon,
            charge,
        } => {
            let Some(target) = hit.model else { return };
            Command::Attack {
                attacker,
                target,
                attack,
                weapon,
                charge,
            }
        }
    };
    let deploying = matches!(cmd, Command::Deploy { .. });
    if !deploying && let Some(steps) = session.building.as_mut() {
        steps.push(cmd);
        session.placing = Placing::None;
        notices.status = "queued in the order combo".into();
        return;
    }
    match session.submit(cmd) {
        Ok(_) => {
            notices.status.clear();
            session.placing = if deploying {
                next_to_deploy(session.state()).map_or(Placing::None, Placing::Deploy)
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

/// A target picked for a split snap shot: the shot once both are picked, else the placing that
/// waits for the second.
pub fn split_click(
    shooter: ModelId,
    weapon: String,
    first: Option<ModelId>,
    target: ModelId,
) -> Result<Command, Placing> {
    match first {
        Some(first) => Ok(Command::Shoot {
            shooter,
            target: first,
            weapon,
            mode: FireMode::Snap,
            second: Some(target),
        }),
        None => Err(Placing::SnapSplit {
            shooter,
            weapon,
            first: Some(target),
        }),
    }
}

/// Models deploy facing the middle of the table.
pub fn deploy_facing(s: &KryState, _id: ModelId, at: Pt) -> f32 {
    let mid = Pt::new(s.table.width / 2.0, s.table.depth / 2.0);
    mid.sub(at).angle_deg()
}

/// The deploying side's next model still off the table.
pub fn next_to_deploy(s: &KryState) -> Option<ModelId> {
    let Phase::Deploy { side } = s.phase else {
        return None;
    };
    s.alive(side)
        .find(|m| s.arrived(m) && s.table.model(m.id).is_err())
        .map(|m| m.id)
}

/// The move a drop here would make, in words: its AP (terrain included) or the refusal.
pub fn move_preview(session: &KrySession, id: ModelId, to: Pt) -> (bool, String) {
    let s = session.state();
    let cmd = Command::Move {
        model: id,
        to,
        kind: session.move_kind,
    };
    let side = s.models.get(&id).map_or(1, |m| m.side);
    match Kry::resolve(s, side, &cmd, &mut crate::dice::Dice::new(0)) {
        Ok(events) => {
            let spent = events.iter().find_map(|e| match e {
                Event::Spent { ap, what, .. } => Some(format!("{ap} AP: {what}")),
                _ => None,
            });
            (
                true,
                spent.unwrap_or_else(|| format!("{}: free", session.move_kind.label())),
            )
        }
        Err(e) => (false, e.to_string()),
    }
}

fn preview_drag(
    active: Res<ActiveGame>,
    drag: Res<Drag>,
    state: Option<Res<crate::app::base::state::TableState>>,
    mut preview: ResMut<MovePreview>,
) {
    let Some(session) = KrySession::of(&active) else {
        return;
    };
    let (Some(id), Some(view)) = (drag.model, state) else {
        if preview.model.is_some() {
            *preview = MovePreview::default();
        }
        return;
    };
    if session.state().phase != Phase::Play {
        return;
    }
    let Ok(now) = view.table.model(id).map(|m| m.pos) else {
        return;
    };
    if preview.model == Some(id) && preview.last.is_some_and(|p| p.dist(now) < 0.1) {
        return;
    }
    let (ok, text) = move_preview(session, id, now);
    *preview = MovePreview {
        model: Some(id),
        text,
        ok,
        last: Some(now),
    };
}
