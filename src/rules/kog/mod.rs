//! KOG light (`shared/rules/kog-light.txt`) as a pure, deterministic rule set: a [`KogState`],
//! [`Command`]s checked by the rules (an illegal one is refused with a [`RuleError`] and changes
//! nothing), resolved with the game's dice into [`Event`]s, which [`event::apply`] alone turns
//! into the next state. [`Kog`] puts it on the shared game core, whose [`KogGame`] adds the
//! command log, undo, saves and replays.

pub mod actions;
pub mod ai;
pub mod attack;
pub mod catalogue;
pub mod combat;
pub mod command;
pub mod ctx;
pub mod event;
pub mod force;
pub mod game;
pub mod legacy;
pub mod moves;
pub mod odds;
pub mod options;
pub mod pool;
pub mod rule_set;
pub mod setup;
pub mod state;
pub mod state_form;
pub mod targeting;
pub mod terrain;
pub mod turns;
pub mod victory;
pub mod view;

pub use catalogue::Catalogue;
pub use command::{Command, RuleError};
pub use event::Event;
pub use force::{BattleSize, ForceList};
pub use game::GameSetup;
pub use options::{KogOptions, Scenario};
pub use rule_set::{Kog, KogGame};
pub use state::KogState;

use crate::dice::Dice;
use state::Phase;

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
