//! "Face-off": both players want to act at once. Each names its action in secret (hidden from the
//! other until both have), or pulls out; precedence comes from the action list, then Speed, then
//! a d6; the winner must carry its action through first.

use super::combo::{ActionClass, class_of};
use super::command::{Command, RuleError, illegal};
use super::contact::CONTACT;
use super::ctx::{Ctx, expect_orders, own};
use super::event::Event;
pub use super::faceoff_choice::{FaceOffAction, FaceOffChoice};
use super::options::FaceOffOrder;
use super::state::{FaceOff, FaceOffPick, KryState, Pending, Side, enemy, ix};
use crate::table::ModelId;

impl FaceOffAction {
    fn fits(self, c: ActionClass) -> bool {
        matches!(
            (self, c),
            (FaceOffAction::Movement, ActionClass::Movement)
                | (FaceOffAction::Ranged, ActionClass::Ranged)
                | (FaceOffAction::Close, ActionClass::Close)
        )
    }
}

/// The face-off list's class of `cmd`: "1. Movement – moving, running, charging etc.", so a
/// charge that has a way to go is a movement; "3. Close Combat – attacking, breaking off etc.": an
/// attack on a model the bases already touch is close combat (a charge with no way left included).
pub fn face_off_class(s: &KryState, cmd: &Command) -> ActionClass {
    match cmd {
        Command::Attack {
            attacker,
            target,
            charge: true,
            ..
        } if s
            .table
            .distance(*attacker, *target)
            .is_ok_and(|d| d > CONTACT) =>
        {
            ActionClass::Movement
        }
        _ => class_of(cmd),
    }
}

/// The enemy `cmd` is aimed at, if it is aimed at one: a shot's (first) target, an attack's.
fn aimed_at(cmd: &Command) -> Option<ModelId> {
    match cmd {
        Command::Shoot { target, .. } | Command::Attack { target, .. } => Some(*target),
        _ => None,
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
        can_carry_out(&c.s, by, ch)?;
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

/// Whether `by` may name `ch`: "Once players name the action they want to perform, they MUST
/// carry it through if they win the face-off", so only an action the model can carry out now is
/// named (a model with RC X names no shot, a pinned one no move, none with too few AP).
pub fn can_carry_out(s: &KryState, by: Side, ch: &FaceOffChoice) -> Result<(), RuleError> {
    let m = own(s, by, ch.model)?;
    if s.table.model(ch.model).is_err() {
        return illegal(format!("{} is not on the table", m.name));
    }
    if let Some(t) = ch.target {
        let tm = s.model(t)?;
        if tm.side == by || !tm.alive() {
            return illegal("a face-off action aims at an enemy in the fight");
        }
    }
    let ap = s.ap_left(by);
    let cannot = |why: &str| illegal(format!("{} cannot {why}", m.name));
    if m.prone {
        return cannot("act while down: it stands up first");
    }
    match ch.action {
        FaceOffAction::Psychic => illegal("the text gives no psychic actions yet"),
        FaceOffAction::Movement => {
            if m.stuck > 0 || m.pinned == Some(super::state::Pin::Missed) || m.small_stepped {
                return cannot("move now");
            }
            let run = !m.has(super::catalogue::Ability::CannotRun) && m.body() > 1;
            if ap >= 2 || (ap >= 1 && run) || !m.acted {
                Ok(())
            } else {
                cannot(&format!("move on {ap} AP"))
            }
        }
        FaceOffAction::Ranged => {
            if m.profile.rc.is_none() {
                return cannot("shoot: it has RC X");
            }
            if m.ranged.iter().all(|w| w.broken) {
                return cannot("shoot: it has no working ranged weapon");
            }
            if ap < s.options.shot_cost {
                return cannot(&format!("shoot on {ap} AP"));
            }
            Ok(())
        }
        FaceOffAction::Close => {
            if m.profile.cc.is_none() {
                return cannot("fight in close combat: it has CC X");
            }
            if ap < 1 {
                return cannot("attack with no AP");
            }
            // A charge is a movement; close combat is fought with the bases touching.
            let touching = |t: &super::state::KryModel| {
                t.side != by
                    && t.alive()
                    && s.table.distance(ch.model, t.id).is_ok_and(|d| d <= CONTACT)
            };
            let in_contact = match ch.target {
                Some(t) => s.models.get(&t).is_some_and(touching),
                None => s.models.values().any(touching),
            };
            if !in_contact {
                return cannot(
                    "fight in close combat: its base touches no enemy (a charge is named as movement)",
                );
            }
            Ok(())
        }
    }
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
    // action": a unit the other side's action aims at does not get the movement's place, nor
    // does a unit in close combat (its base touching an enemy's).
    let in_fight = |id: ModelId| {
        c.s.models.get(&id).is_some_and(|m| {
            c.s.models.values().any(|o| {
                o.side != m.side
                    && o.alive()
                    && c.s.table.distance(id, o.id).is_ok_and(|d| d <= CONTACT)
            })
        })
    };
    let rank = |me: &FaceOffChoice, other: &FaceOffChoice| -> i32 {
        let n = me.action.number() as i32;
        let engaged = other.target == Some(me.model) || in_fight(me.model);
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
    // Conceding, or declaring the side done for the round (the action given up with the rest of
    // the round's AP), are always open.
    if matches!(cmd, Command::Concede { .. } | Command::Done { .. }) {
        return Ok(());
    }
    // "Turning is free of charge. The model is free to rotate to face any direction as they
    // please": the model named may turn before it carries its action through (a shot named at
    // an enemy outside its front arc needs it); the action is still owed.
    if let Command::Turn { model, .. } = cmd
        && *model == choice.model
    {
        return Ok(());
    }
    let fits = cmd.model() == Some(choice.model) && choice.action.fits(face_off_class(s, cmd));
    if !fits {
        return illegal(format!(
            "the face-off was won naming {:?} with {}: that is the order to carry through",
            choice.action, s.models[&choice.model].name
        ));
    }
    // The action named is carried through at the enemy named.
    if let Some(t) = choice.target
        && aimed_at(cmd).is_some_and(|a| a != t)
    {
        return illegal(format!(
            "the face-off was won naming {:?} at {}: that is the target to carry it through at",
            choice.action,
            s.models.get(&t).map_or("the enemy named", |m| &*m.name)
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
