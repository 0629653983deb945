//! A Kry-Gothic command in resolution (a scratch state, the game's dice, the events so far,
//! applied as they are emitted), and the shared checks of an order: the side's own model, orders
//! given in play.

use super::command::{Command, RuleError, illegal};
use super::dice;
use super::event::{Event, apply};
use super::state::{KryModel, KryState, Pending, Phase, Side, ix};
use crate::dice::Dice;
use crate::table::ModelId;

/// A command in resolution: a scratch state, the game's dice and the events so far.
pub struct Ctx<'a> {
    pub s: KryState,
    pub dice: &'a mut Dice,
    pub events: Vec<Event>,
    /// Carrying out a combo's step, already paid for.
    pub prepaid: bool,
    /// Why the order, though carried out, failed (a shot out of range): a combo stops.
    pub failed: Option<String>,
    /// How an order is carried out (`play::run`): a combo carries out its steps with it.
    pub run: Run,
}

/// Carries out an order given by a side (`play::run`).
pub type Run = fn(&mut Ctx, Side, &Command) -> Result<(), RuleError>;

impl Ctx<'_> {
    pub fn emit(&mut self, e: Event) {
        apply(&mut self.s, &e);
        self.events.push(e);
    }

    pub fn note(&mut self, side: Side, text: impl Into<String>) {
        self.emit(Event::Note {
            side,
            text: text.into(),
        });
    }

    /// Marks the order failed for `why` (a combo stops), unless it failed already: the first
    /// failure is the reason.
    pub fn fail(&mut self, why: String) {
        if self.failed.is_none() {
            self.failed = Some(why);
        }
    }

    /// Pays `ap` for `what`, or refuses if `side` has too few left.
    pub fn pay(&mut self, side: Side, ap: u32, what: impl Into<String>) -> Result<(), RuleError> {
        let what = what.into();
        if self.prepaid {
            return Ok(());
        }
        if ap > self.s.ap_left(side) {
            return illegal(format!(
                "{what} costs {ap} AP; side {side} has {} left",
                self.s.ap_left(side)
            ));
        }
        if ap > 0 {
            self.emit(Event::Spent { side, ap, what });
        }
        Ok(())
    }

    /// A Willpower roll of `m` against `target` ("Take the units WILL stat, and roll against
    /// target"); Steadfast models roll a failure again once. Logs a squad leader's failure.
    pub fn will_roll(&mut self, id: ModelId, target: i32, why: &str) -> Result<bool, RuleError> {
        self.will_roll_halved(id, target, false, why)
    }

    /// [`Ctx::will_roll`] with the WILL halved (rounded down) when `halved`: "halve the
    /// non-horror causing units WILL attribute (rounded down), and roll against a target number
    /// of 6".
    pub fn will_roll_halved(
        &mut self,
        id: ModelId,
        target: i32,
        halved: bool,
        why: &str,
    ) -> Result<bool, RuleError> {
        let m = self.s.model(id)?.clone();
        let will = m.profile.willpower as u32 / if halved { 2 } else { 1 };
        let reading = self.s.options.high_targets;
        let (mut pass, _) = dice::attribute_check(
            self.dice,
            will,
            target,
            reading,
            &format!("{}: Willpower {will} against {target} ({why})", m.name),
        )?;
        if !pass && m.has(super::catalogue::Ability::Steadfast) {
            (pass, _) = dice::attribute_check(
                self.dice,
                will,
                target,
                reading,
                &format!("{}: Steadfast, Willpower rolled again", m.name),
            )?;
        }
        self.note(
            m.side,
            format!(
                "{} {} a Willpower roll against {target} ({why})",
                m.name,
                if pass { "passes" } else { "fails" }
            ),
        );
        if !pass && m.class == super::catalogue::Class::SquadLeader {
            self.emit(Event::LeaderFailedWill { side: m.side });
        }
        Ok(pass)
    }
}

/// The side of a model that must be `side`'s own, alive, in play.
pub fn own(s: &KryState, side: Side, id: ModelId) -> Result<KryModel, RuleError> {
    let m = s.model(id)?;
    if m.side != side {
        return Err(RuleError::NotYourModel(m.name.to_string(), m.side));
    }
    if !m.alive() {
        return illegal(format!("{} is out of the fight", m.name));
    }
    Ok(m.clone())
}

/// Orders are given in play, with no question pending, by a side not done.
pub fn expect_orders(s: &KryState, side: Side) -> Result<(), RuleError> {
    match &s.phase {
        Phase::Over(_) => return Err(RuleError::GameOver),
        Phase::Play => {}
        Phase::Deploy { .. } => return Err(RuleError::WrongPhase("deployment".into())),
    }
    match &s.pending {
        None => {}
        // The interrupter's orders in a combo's window (checked in `combo`), the face-off
        // winner's (checked in `faceoff`).
        Some(Pending::Window { interrupter, .. }) if *interrupter == side => {}
        Some(Pending::FaceOffWon { side: w, .. }) if *w == side => {}
        Some(Pending::Window { .. }) => {
            return Err(RuleError::WrongPhase(
                "the other side may interrupt the combo now".into(),
            ));
        }
        Some(_) => {
            return Err(RuleError::WrongPhase(
                "a close-combat attack waits on an answer".into(),
            ));
        }
    }
    // A side that is done may still act in an enemy combo's window with a unit in waiting
    // (checked in `combo`): "If one player wishes to make no more moves, but still has AP left
    // over (tip: Use it to put units into waiting), they can declare they are done".
    let window =
        matches!(s.pending, Some(Pending::Window { interrupter, .. }) if interrupter == side);
    if s.done[ix(side)] && !window {
        return illegal(format!("side {side} is done for this AP round"));
    }
    Ok(())
}
