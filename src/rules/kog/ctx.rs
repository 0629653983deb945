//! The working context of one command's resolution: a copy of the state that each emitted event
//! is applied to at once (so later steps read the effects of earlier ones), the events so far,
//! and the game's dice.

use super::command::RuleError;
use super::event::{Event, apply};
use super::state::{KogState, Phase};
use crate::dice::Dice;
use crate::table::{ModelId, Scene};

pub struct Ctx<'a> {
    pub s: KogState,
    pub events: Vec<Event>,
    pub dice: &'a mut Dice,
}

impl<'a> Ctx<'a> {
    pub fn new(s: &KogState, dice: &'a mut Dice) -> Self {
        Self {
            s: s.clone(),
            events: Vec::new(),
            dice,
        }
    }

    pub fn emit(&mut self, e: Event) {
        apply(&mut self.s, &e);
        self.events.push(e);
    }

    /// The table's query structure as it stands now.
    pub fn scene(&self) -> std::rc::Rc<Scene> {
        Scene::shared(&self.s.table, self.s.options().sight())
    }

    /// Rolls one d6 with a purpose, logged.
    pub fn d6(&mut self, purpose: &str) -> Result<u32, RuleError> {
        Ok(self.dice.roll("1d6", purpose)?.total.clamp(1, 6) as u32)
    }
}

/// Refuses a command outside the phase it belongs to.
pub fn expect_phase(s: &KogState, ok: bool, what: &str) -> Result<(), RuleError> {
    if ok {
        Ok(())
    } else {
        Err(RuleError::WrongPhase(format!(
            "{what} (the game is at: {})",
            phase_label(s)
        )))
    }
}

/// Where the game is, in words.
pub fn phase_label(s: &KogState) -> String {
    match &s.phase {
        Phase::PlaceTerrain { side, .. } => format!("side {side} places terrain"),
        Phase::RoleDiceOff {
            may_reroll: Some(side),
            ..
        } => format!("side {side} may re-roll the dice-off"),
        Phase::RoleDiceOff { .. } => "the dice-off for Attacker and Defender".into(),
        Phase::ChooseRole { chooser } => format!("side {chooser} chooses Attacker or Defender"),
        Phase::ChooseTerritory => "the Defender divides the table".into(),
        Phase::Deploy { side } => format!("side {side} deploys"),
        Phase::PlaceObjective { side } => format!("side {side} places its Objective"),
        Phase::NameCommanders => "naming Commanders".into(),
        Phase::FirstTurnDiceOff => format!("the dice-off for round {}", s.round + 1),
        Phase::ChooseFirst { chooser } => format!("side {chooser} chooses who goes first"),
        Phase::Turn if s.pending.is_some() => "an attack waits for the target's answer".into(),
        Phase::Turn => format!(
            "round {}, side {}'s {}",
            s.round,
            s.active,
            match s.step {
                super::state::Step::Movement => "Movement",
                super::state::Step::Action => "Action",
            }
        ),
        Phase::Over(o) => o.describe(),
    }
}

/// The model, which must belong to the side whose turn it is.
pub fn own_model(s: &KogState, id: ModelId) -> Result<&super::state::KogModel, RuleError> {
    let m = s.model(id)?;
    if m.side != s.active {
        return Err(RuleError::NotYourModel(m.name.clone(), s.active));
    }
    Ok(m)
}
