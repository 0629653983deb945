//! A KOG light command checked against the state and resolved with the game's dice into the
//! events it yields, each kind of command by the file of its part of the turn.

use super::command::{Command, RuleError};
use super::event::Event;
use super::state::{KogState, Phase};
use super::{actions, combat, ctx, game, moves, setup, terrain, turns};
use crate::dice::Dice;

/// Checks `cmd` against `s` and resolves it with `dice`: the events it yields, or why it is
/// refused. `s` is not changed; apply the events to move the game on.
pub fn execute(s: &KogState, cmd: &Command, dice: &mut Dice) -> Result<Vec<Event>, RuleError> {
    execute_after(s, cmd, dice).map(|(events, _)| events)
}

/// [`execute`], also giving the state after its events (the copy the resolution applied them
/// to as it went): what the program opponent looks at when it weighs a command.
pub fn execute_after(
    s: &KogState,
    cmd: &Command,
    dice: &mut Dice,
) -> Result<(Vec<Event>, KogState), RuleError> {
    if matches!(s.phase, Phase::Over(_)) {
        return Err(RuleError::GameOver);
    }
    if s.pending.is_some() && !matches!(cmd, Command::Respond { .. } | Command::Concede { .. }) {
        return Err(RuleError::WrongPhase(format!(
            "{} must first choose to Counterattack or Defend",
            s.pending
                .as_ref()
                .and_then(|p| s.models.get(&p.target))
                .map(|m| m.name.as_str())
                .unwrap_or("the target")
        )));
    }
    let mut c = ctx::Ctx::new(s, dice);
    match cmd {
        Command::PlaceTerrain { .. } | Command::FinishTerrain => terrain::run(&mut c, cmd)?,
        Command::RollOff
        | Command::Reroll
        | Command::KeepRolls
        | Command::ChooseRole { .. }
        | Command::ChooseTerritory { .. }
        | Command::Deploy { .. }
        | Command::FinishDeployment
        | Command::PlaceObjective { .. }
        | Command::CarryObjective { .. }
        | Command::NameCommander { .. }
        | Command::ChooseFirst { .. } => {
            let unused = game::unused_points(s);
            setup::run(&mut c, cmd, unused)?
        }
        Command::Move { .. }
        | Command::Face { .. }
        | Command::ExitTable { .. }
        | Command::EndMovement => moves::run(&mut c, cmd)?,
        Command::Attack { .. } | Command::Respond { .. } => combat::run(&mut c, cmd)?,
        Command::HoldObjective { .. }
        | Command::ForwardObserver { .. }
        | Command::FireSupport { .. }
        | Command::PassObjective { .. }
        | Command::PickUpObjective { .. } => actions::run(&mut c, cmd)?,
        Command::EndTurn | Command::Concede { .. } => turns::run(&mut c, cmd)?,
    }
    Ok((c.events, c.s))
}
