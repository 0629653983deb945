//! The end of a player turn and of a game round: objective streaks, "At the end of each game
//! round, check to see whether the game ends", and who goes first next ("Round 1 – Defender
//! takes the first Player Turn; Round 2 – Attacker takes the first Player Turn; then Round 3+ –
//! dice off, second player decides ties").

use super::command::{Command, RuleError};
use super::ctx::{Ctx, expect_phase};
use super::event::Event;
use super::options::Scenario;
use super::state::{Outcome, Phase, enemy, ix};
use super::victory::round_end_outcome;

/// Hamburger Hill's "uncontested": no active enemy of the holder within 1" of the objective
/// (of the central piece of terrain, when one stands there).
pub fn contested(s: &super::state::KogState, objective: usize, holder_side: u8) -> bool {
    s.active_models(enemy(holder_side)).any(|m| {
        s.table
            .model(m.id)
            .is_ok_and(|tm| super::actions::objective_gap(s, objective, tm) <= 1.0 + 1e-4)
    })
}

pub fn run(c: &mut Ctx, cmd: &Command) -> Result<(), RuleError> {
    match cmd {
        Command::EndTurn => {
            expect_phase(
                &c.s,
                c.s.phase == Phase::Turn && c.s.pending.is_none(),
                "ending a turn",
            )?;
            if let Some(u) = c.s.turn.open_unit
                && c.s.step == super::state::Step::Movement
                && let Some(p) = super::moves::coherency_problem(&c.s, u)
            {
                return Err(RuleError::Illegal(p));
            }
            end_turn(c);
            Ok(())
        }
        Command::Concede { side } => {
            if !(1..=2).contains(side) {
                return Err(RuleError::Illegal(format!("there is no side {side}")));
            }
            c.emit(Event::Ended(Outcome::Conceded { side: *side }));
            Ok(())
        }
        _ => unreachable!("turns::run is only called with EndTurn and Concede"),
    }
}

fn end_turn(c: &mut Ctx) {
    let side = c.s.active;
    for i in 0..c.s.objectives.len() {
        let mut streak = c.s.objectives[i].streak;
        let held = c.s.turn.held.contains_key(&i);
        let counts =
            held && !(c.s.scenario() == Scenario::HamburgerHill && contested(&c.s, i, side));
        if held && !counts {
            c.emit(Event::Note(format!(
                "{} is contested: an enemy model is within 1\" of it",
                c.s.objectives[i].name
            )));
        }
        streak[ix(side)] = if counts { streak[ix(side)] + 1 } else { 0 };
        if streak != c.s.objectives[i].streak {
            c.emit(Event::StreaksUpdated {
                objective: i,
                streak,
            });
        }
    }
    if side == c.s.first {
        c.emit(Event::TurnBegan {
            round: c.s.round,
            side: enemy(side),
            first: false,
        });
        return;
    }
    if let Some(o) = round_end_outcome(&c.s) {
        c.emit(Event::Ended(o));
        return;
    }
    let next = c.s.round + 1;
    if next == 2 {
        let attacker = c.s.roles.map_or(1, |r| r.attacker);
        c.emit(Event::TurnBegan {
            round: 2,
            side: attacker,
            first: true,
        });
    } else {
        c.emit(Event::PhaseSet(Phase::FirstTurnDiceOff));
    }
}
