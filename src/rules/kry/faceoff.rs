//! "Face-off": both players want to act at once. Each names its action in secret (hidden from the
//! other until both have), or pulls out; precedence comes from the action list, then Speed, then
//! a d6; the winner must carry its action through first.

use super::combo::{ActionClass, class_of};
use super::command::{Command, RuleError, illegal};
use super::event::Event;
use super::options::FaceOffOrder;
use super::play::{Ctx, expect_orders, own};
use super::state::{FaceOff, FaceOffPick, KryState, Pending, Side, enemy, ix};
use crate::table::ModelId;
use serde::{Deserialize, Serialize};

/// What a side names in a face-off.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct FaceOffChoice {
    /// "1. Movement ... 2. Ranged combat ... 3. Close Combat ... 4. Psychic"
    pub action: FaceOffAction,
    pub model: ModelId,
    /// The enemy model the action is aimed at, if any.
    pub target: Option<ModelId>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum FaceOffAction {
    Movement,
    Ranged,
    Close,
    Psychic,
}

impl FaceOffAction {
    /// The number of the text's list.
    pub fn number(self) -> u8 {
        match self {
            FaceOffAction::Movement => 1,
            FaceOffAction::Ranged => 2,
            FaceOffAction::Close => 3,
            FaceOffAction::Psychic => 4,
        }
    }

    fn fits(self, c: ActionClass) -> bool {
        matches!(
            (self, c),
            (FaceOffAction::Movement, ActionClass::Movement)
                | (FaceOffAction::Ranged, ActionClass::Ranged)
                | (FaceOffAction::Close, ActionClass::Close)
        )
    }
}

/// Either side calls a face-off.
pub fn call(c: &mut Ctx, by: Side) -> Result<(), RuleError> {
    expect_orders(&c.s, by)?;
    if c.s.combo.is_some() || c.s.pending.is_some() {
        return illegal("a face-off is called when both want to act, not during another action");
    }
    if c.s.out(enemy(by)) {
        return illegal(format!("side {} is out of this round", enemy(by)));
    }
    c.emit(Event::PendingSet(Some(Pending::FaceOff(FaceOff {
        picks: [FaceOffPick::Open, FaceOffPick::Open],
    }))));
    Ok(())
}

/// A side names its action (or pulls out with `None`); when both have, precedence is settled.
pub fn choose(c: &mut Ctx, by: Side, choice: Option<FaceOffChoice>) -> Result<(), RuleError> {
    let Some(Pending::FaceOff(mut f)) = c.s.pending.clone() else {
        return Err(RuleError::WrongPhase("no face-off is called".into()));
    };
    if f.picks[ix(by)] != FaceOffPick::Open {
        return illegal(format!("side {by} has named its action"));
    }
    if let Some(ch) = &choice {
        own(&c.s, by, ch.model)?;
        if let Some(t) = ch.target {
            let tm = c.s.model(t)?;
            if tm.side == by {
                return illegal("a face-off action aims at an enemy");
            }
        }
        if ch.action == FaceOffAction::Psychic {
            return illegal("the text gives no psychic actions yet");
        }
    }
    f.picks[ix(by)] = match choice {
        Some(ch) => FaceOffPick::Named(ch),
        None => FaceOffPick::PulledOut,
    };
    if f.picks.contains(&FaceOffPick::Open) {
        c.emit(Event::PendingSet(Some(Pending::FaceOff(f))));
        return Ok(());
    }
    settle(c, f)
}

fn settle(c: &mut Ctx, f: FaceOff) -> Result<(), RuleError> {
    let pick = |side: Side| match &f.picks[ix(side)] {
        FaceOffPick::Named(ch) => Some(ch.clone()),
        _ => None,
    };
    let (a, b) = (pick(1), pick(2));
    let winner = match (&a, &b) {
        (None, None) => {
            c.note(0, "both pull out of the face-off");
            c.emit(Event::PendingSet(None));
            return Ok(());
        }
        (Some(_), None) => 1,
        (None, Some(_)) => 2,
        (Some(x), Some(y)) => precedence(c, x, y)?,
    };
    let ch = pick(winner).expect("the winner named an action");
    c.note(
        winner,
        format!(
            "side {winner} wins the face-off: {} goes first with {:?}",
            c.s.models[&ch.model].name, ch.action
        ),
    );
    c.emit(Event::PendingSet(Some(Pending::FaceOffWon {
        side: winner,
        choice: ch,
    })));
    Ok(())
}

/// The side that goes first when side 1 names `x` and side 2 names `y`.
fn precedence(c: &mut Ctx, x: &FaceOffChoice, y: &FaceOffChoice) -> Result<Side, RuleError> {
    // "movement only precedes other actions if that unit is not currently part of any other
    // action": a unit the other side's action aims at does not get the movement's place.
    let rank = |me: &FaceOffChoice, other: &FaceOffChoice| -> i32 {
        let n = me.action.number() as i32;
        let engaged = other.target == Some(me.model);
        match c.s.options.face_off {
            FaceOffOrder::ListOrder => {
                if me.action == FaceOffAction::Movement && engaged {
                    5
                } else {
                    n
                }
            }
            FaceOffOrder::HigherFirst => -n,
        }
    };
    let (r1, r2) = (rank(x, y), rank(y, x));
    if r1 != r2 {
        return Ok(if r1 < r2 { 1 } else { 2 });
    }
    // "If both players wish to do the same action ... precedence is given to the unit with the
    // highest Speed stat. If they also have the same Speed stat, roll a d6."
    let (s1, s2) = (c.s.models[&x.model].speed(), c.s.models[&y.model].speed());
    if s1 != s2 {
        return Ok(if s1 > s2 { 1 } else { 2 });
    }
    loop {
        let d1 = c.dice.roll("1d6", "face-off: side 1's d6")?.total;
        let d2 = c.dice.roll("1d6", "face-off: side 2's d6")?.total;
        if d1 != d2 {
            return Ok(if d1 > d2 { 1 } else { 2 });
        }
    }
}

/// "Once players name the action they want to perform, they MUST carry it through if they win":
/// the winner's next order is the action it named, with the model it named.
pub fn check_winner(s: &KryState, by: Side, cmd: &Command) -> Result<(), RuleError> {
    let Some(Pending::FaceOffWon { side, choice }) = &s.pending else {
        return Ok(());
    };
    if by != *side {
        return Err(RuleError::WrongPhase(format!(
            "side {side} won the face-off and acts first"
        )));
    }
    if matches!(cmd, Command::Concede { .. }) {
        return Ok(());
    }
    let fits = cmd.model() == Some(choice.model) && choice.action.fits(class_of(cmd));
    if !fits {
        return illegal(format!(
            "the face-off was won naming {:?} with {}: that is the order to carry through",
            choice.action, s.models[&choice.model].name
        ));
    }
    Ok(())
}

/// What `seat` may see of a face-off: the other side's pick is hidden until both have named.
pub fn redact(s: &mut KryState, seat: Side) {
    if let Some(p) = s.pending.as_mut() {
        redact_pending(p, seat);
    }
}

/// [`redact`] of a pending choice (as the event that sets it carries it to `seat`).
pub fn redact_pending(p: &mut Pending, seat: Side) {
    if let Pending::FaceOff(f) = p {
        let other = ix(enemy(seat));
        if f.picks[other] != FaceOffPick::Open {
            f.picks[other] = FaceOffPick::Hidden;
        }
    }
}
