//! "Order Combos": orders joined with "AND", paid in advance and carried out step by step.
//! Between different actions only an enemy unit in waiting may interrupt; between repeated
//! actions the opponent may interrupt with anything. An interruption or a failed step stops the
//! whole combo; the owner may cancel it (1 AP per cancel order). The Triumph table counts the
//! paid commands of completed combos and each interruption. A turn inside a combo belongs to the
//! action around it.

use super::command::{Command, MoveKind, RuleError, illegal};
use super::ctx::{Ctx, expect_orders, own};
use super::event::{Event, apply};
use super::state::{Combo, Pending, Side, enemy, ix};
use crate::table::ModelId;

/// The kind of action a step is, for "Different actions" and "Repeated actions" (and
/// face-offs' precedence).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ActionClass {
    Movement,
    Ranged,
    Close,
    Other,
}

pub fn class_of(c: &Command) -> ActionClass {
    match c {
        Command::Move { .. } => ActionClass::Movement,
        Command::Shoot { .. } => ActionClass::Ranged,
        Command::Attack { .. } => ActionClass::Close,
        _ => ActionClass::Other,
    }
}

/// Whether a step is a turn: "Turning is free of charge"; inside a combo it belongs to the action
/// around it and does not change the combo's kind.
fn is_turn(c: &Command) -> bool {
    matches!(c, Command::Turn { .. })
}

/// The events of a step that can be known when the order is given: what it costs, where the
/// models go, where they face, that they have acted. What the dice make of it (hits, wounds,
/// a floor giving way, a fear test that freezes a walk, a run in fear shock) is found out when
/// the step is carried out.
fn known(e: &Event) -> bool {
    matches!(
        e,
        Event::Spent { .. } | Event::Turned { .. } | Event::Acted { .. }
    ) || matches!(e, Event::Moved { kind, .. } if *kind != MoveKind::Forced)
}

/// `e` as known when the order is given: a move ends where it was ordered to (the dice of the
/// check, which may freeze it before a fear-causer or drop it in a damaged floor, are not the
/// game's).
fn as_ordered(e: &Event, step: &Command) -> Event {
    match (e, step) {
        (
            Event::Moved {
                model,
                from,
                kind,
                body_loss,
                ..
            },
            Command::Move { model: m, to, .. },
        ) if model == m => Event::Moved {
            model: *model,
            from: *from,
            to: *to,
            kind: *kind,
            body_loss: *body_loss,
        },
        _ => e.clone(),
    }
}

/// Declares a combo: checks what can be known when it is given (its shape, each step's own
/// legality from the position it starts in, the AP of the whole), pays its whole cost, and
/// starts it.
pub fn order(c: &mut Ctx, by: Side, steps: &[Command]) -> Result<(), RuleError> {
    expect_orders(&c.s, by)?;
    if c.s.combo.is_some() {
        return illegal("an order combo is already under way");
    }
    if steps.len() < 2 {
        return illegal("an order combo joins two or more orders with AND");
    }
    for (i, st) in steps.iter().enumerate() {
        match st {
            Command::Move { .. } | Command::Shoot { .. } | Command::Turn { .. } => {}
            Command::Attack { .. } if i + 1 == steps.len() => {}
            Command::Attack { .. } => {
                return illegal("a close-combat attack can only be a combo's last order");
            }
            _ => return illegal(format!("step {}: not an order a combo can hold", i + 1)),
        }
        if let Some(m) = st.model() {
            own(&c.s, by, m)?;
        }
    }
    // Each step from where the steps before leave the models, with only what is known of them
    // (no dice of the game, no outcome of a shot).
    let mut dice = crate::dice::Dice::new(0);
    let mut scratch = c.s.clone();
    let mut cost = 0;
    let mut paid = 0;
    for (i, st) in steps.iter().enumerate() {
        let mut sub = Ctx {
            s: scratch.clone(),
            dice: &mut dice,
            events: Vec::new(),
            prepaid: false,
            failed: None,
            run: c.run,
        };
        (c.run)(&mut sub, by, st)
            .map_err(|e| RuleError::Illegal(format!("step {} of the combo: {e}", i + 1)))?;
        let step_cost = sub.s.spent[ix(by)] - scratch.spent[ix(by)];
        for e in sub.events.iter().filter(|e| known(e)) {
            apply(&mut scratch, &as_ordered(e, st));
        }
        cost += step_cost;
        paid += u32::from(step_cost > 0);
    }
    c.pay(
        by,
        cost,
        format!(
            "an order combo of {} commands, paid in advance",
            steps.len()
        ),
    )?;
    // Paying for a combo is no action: its steps go on a run of shots or end it themselves.
    c.emit(Event::ComboBegan(Combo {
        side: by,
        steps: steps.to_vec(),
        next: 0,
        paid,
    }));
    advance(c)
}

/// Carries out the combo's next steps until a window opens, a step fails, or it is done.
pub fn advance(c: &mut Ctx) -> Result<(), RuleError> {
    loop {
        let Some(combo) = c.s.combo.clone() else {
            return Ok(());
        };
        let owner = combo.side;
        let Some(step) = combo.steps.get(combo.next).cloned() else {
            return end(c, owner, true, None, "all its orders carried out");
        };
        // The step on a copy: a step that fails leaves nothing but the stop.
        let result = {
            let mut sub = Ctx {
                s: c.s.clone(),
                dice: &mut *c.dice,
                events: Vec::new(),
                prepaid: true,
                failed: None,
                run: c.run,
            };
            (c.run)(&mut sub, owner, &step).map(|_| (sub.events, sub.failed))
        };
        let (events, failed) = match result {
            Ok(ev) => ev,
            Err(e) => {
                return end(
                    c,
                    owner,
                    false,
                    None,
                    &format!("step {} fails: {e}", combo.next + 1),
                );
            }
        };
        for e in events {
            c.emit(e);
        }
        let next = combo.next + 1;
        c.emit(Event::ComboStep { next });
        if let Some(why) = failed {
            return end(c, owner, false, None, &format!("step {next} fails: {why}"));
        }
        // "if ... any of the actions fail, all orders are immediately stopped": the unit is out
        // or pinned; and "if he becomes involved in another action": it fell into a damaged
        // floor or was knocked down on its way.
        if let Some(m) = step.model().and_then(|m| c.s.models.get(&m))
            && (!m.alive() || m.pinned.is_some() || m.stuck > 0 || m.prone)
        {
            let why = format!("{} can go no further", m.name);
            return end(c, owner, false, None, &why);
        }
        if next >= combo.steps.len() || c.s.pending.is_some() {
            return end(c, owner, true, None, "all its orders given");
        }
        if open_window(c, owner, &combo.steps, next) {
            return Ok(());
        }
    }
}

/// Opens the enemy's window before step `next` of `steps`, if one opens there; whether it did.
fn open_window(c: &mut Ctx, owner: Side, steps: &[Command], next: usize) -> bool {
    // A turn comes with the action around it: no window before it, and the kinds compared
    // are those of the actions on either side of it.
    if steps.get(next).is_none_or(is_turn) {
        return false;
    }
    let Some(before) = steps[..next].iter().rev().find(|s| !is_turn(s)) else {
        return false;
    };
    let different = class_of(&steps[next]) != class_of(before);
    let foe = enemy(owner);
    // "the unit can perform one action DURING the enemies order combo": a unit in waiting
    // acts in any window, even when its side has declared itself done (the text's tip puts
    // left-over AP into waiting); other units only between repeated actions of a side that
    // is not out of the round.
    let waiting = c.s.ap_left(foe) > 0 && c.s.alive(foe).any(|m| m.waiting);
    let (may, waiting_only) = if different || c.s.done[ix(foe)] {
        (waiting, true)
    } else {
        (!c.s.out(foe), false)
    };
    if may {
        c.emit(Event::PendingSet(Some(Pending::Window {
            owner,
            interrupter: foe,
            waiting_only,
        })));
    }
    may
}

fn end(
    c: &mut Ctx,
    side: Side,
    completed: bool,
    interrupted_by: Option<Side>,
    why: &str,
) -> Result<(), RuleError> {
    // "+1AP per 4 commands": the steps the squad leader paid to give (a free turn or small step
    // is no command barked).
    let commands = c.s.combo.as_ref().map_or(0, |x| x.paid);
    c.emit(Event::ComboEnded {
        side,
        completed,
        commands,
        interrupted_by,
        why: why.to_string(),
    });
    Ok(())
}

/// `Pass`: the interrupter lets the next step go.
pub fn pass(c: &mut Ctx, by: Side) -> Result<(), RuleError> {
    match c.s.pending {
        Some(Pending::Window { interrupter, .. }) if interrupter == by => {}
        _ => {
            return Err(RuleError::WrongPhase(
                "no combo window is open for this side".into(),
            ));
        }
    }
    c.emit(Event::PendingSet(None));
    advance(c)
}

/// `CancelCombo`: "They must also spend AP for the cancel order to be sent through".
pub fn cancel(c: &mut Ctx, by: Side) -> Result<(), RuleError> {
    let Some(combo) = &c.s.combo else {
        return illegal("no order combo to cancel");
    };
    if combo.side != by {
        return illegal("only the side that gave a combo cancels it");
    }
    c.pay(by, 1, "a cancel order")?;
    if matches!(c.s.pending, Some(Pending::Window { .. })) {
        c.emit(Event::PendingSet(None));
    }
    end(c, by, false, None, "cancelled")
}

/// `CancelUnits`: "This is the only way to fail an order combo without affecting every unit who
/// is part of it (so if you can see one of your units is about to balls up the entire order
/// combo, get on the radio and tell him to get the hell out of the way)". One cancel order (1 AP,
/// "regardless of how many people receive it") takes the steps still to come of `models` out of
/// the combo; the other units carry on with theirs. Taking out every unit left is a whole cancel.
pub fn cancel_units(c: &mut Ctx, by: Side, models: &[ModelId]) -> Result<(), RuleError> {
    let Some(combo) = c.s.combo.clone() else {
        return illegal("no order combo to cancel");
    };
    if combo.side != by {
        return illegal("only the side that gave a combo cancels it");
    }
    if !matches!(c.s.pending, Some(Pending::Window { .. })) {
        return illegal("a combo's units are told to cancel between its steps");
    }
    let ahead = &combo.steps[combo.next.min(combo.steps.len())..];
    if models.is_empty() {
        return illegal("a cancel order names the units it goes to");
    }
    for m in models {
        if !ahead.iter().any(|st| st.model() == Some(*m)) {
            return illegal(format!(
                "{} has no order left in the combo",
                c.s.models.get(m).map_or("that model", |x| &*x.name)
            ));
        }
    }
    c.pay(by, 1, "a cancel order")?;
    c.emit(Event::PendingSet(None));
    let (kept, dropped): (Vec<Command>, Vec<Command>) = ahead
        .iter()
        .cloned()
        .partition(|st| !st.model().is_some_and(|m| models.contains(&m)));
    if kept.is_empty() {
        return end(c, by, false, None, "cancelled");
    }
    // The commands the Triumph table counts are those carried out: a cancelled paid step is
    // none (a turn or a small step was never one).
    let dropped_paid = dropped
        .iter()
        .filter(|st| match st {
            Command::Turn { .. } => false,
            Command::Move { kind, .. } => *kind != super::command::MoveKind::SmallStep,
            _ => true,
        })
        .count() as u32;
    let mut steps = combo.steps[..combo.next.min(combo.steps.len())].to_vec();
    steps.extend(kept);
    let names: Vec<String> = models
        .iter()
        .filter_map(|m| c.s.models.get(m).map(|x| x.name.to_string()))
        .collect();
    c.note(
        by,
        format!("{} told to cancel; the combo goes on", names.join(", ")),
    );
    let next = combo.next;
    c.emit(Event::ComboBegan(Combo {
        side: by,
        steps: steps.clone(),
        next,
        paid: combo.paid.saturating_sub(dropped_paid),
    }));
    if open_window(c, by, &steps, next) {
        return Ok(());
    }
    advance(c)
}

/// Checks an order given in a combo's window by the interrupter: between different actions it
/// must be a unit in waiting that acts.
pub fn check_interrupt(c: &Ctx, by: Side, cmd: &Command) -> Result<(), RuleError> {
    let Some(Pending::Window {
        interrupter,
        waiting_only,
        owner,
    }) = c.s.pending
    else {
        return Ok(());
    };
    if by == owner {
        return match cmd {
            Command::CancelCombo | Command::CancelUnits { .. } | Command::Concede { .. } => Ok(()),
            _ => Err(RuleError::WrongPhase(format!(
                "side {interrupter} may interrupt the combo now; side {owner} may only cancel it"
            ))),
        };
    }
    if by != interrupter || matches!(cmd, Command::Pass | Command::Concede { .. }) {
        return Ok(());
    }
    // "You have interrupted a command combo. +3 AP": an interrupt is an order that acts on the
    // game and is paid for (a move, a shot, an attack or a charge, a sabotage), not a free turn
    // or step, nor an order about the unit itself.
    let acts = match cmd {
        Command::Move { kind, .. } => *kind != super::command::MoveKind::SmallStep,
        Command::Shoot { .. } | Command::Attack { .. } | Command::Sabotage { .. } => true,
        _ => false,
    };
    if !acts {
        return illegal(
            "a combo is interrupted by an order that acts on the game: a move, a shot, an attack or a charge (or pass)",
        );
    }
    if waiting_only {
        let waiting = cmd
            .model()
            .and_then(|m| c.s.models.get(&m))
            .is_some_and(|m| m.waiting && m.side == by);
        if !waiting {
            return illegal(
                "between different actions of a combo only a unit in waiting may interrupt",
            );
        }
    }
    Ok(())
}

/// After an interrupter's order in a window: the combo stops.
pub fn interrupted(c: &mut Ctx, by: Side) -> Result<(), RuleError> {
    if c.s.combo.is_none() {
        return Ok(());
    }
    if matches!(c.s.pending, Some(Pending::Window { .. })) {
        c.emit(Event::PendingSet(None));
    }
    let owner = c.s.combo.as_ref().map_or(enemy(by), |x| x.side);
    end(
        c,
        owner,
        false,
        Some(by),
        &format!("side {by} interrupts it"),
    )
}
