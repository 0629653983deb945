//! "Order Combos": orders joined with "AND", paid in advance and carried out step by step.
//! Between different actions only an enemy unit in waiting may interrupt; between repeated
//! actions the opponent may interrupt with anything. An interruption or a failed step stops the
//! whole combo; the owner may cancel it (1 AP per cancel order). The Triumph table counts the
//! commands of completed combos and each interruption.

use super::command::{Command, RuleError, illegal};
use super::event::Event;
use super::play::{Ctx, expect_orders, own, run};
use super::state::{Combo, Pending, Side, enemy};

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

/// Declares a combo: checks that it can be carried out as given (on a scratch copy, no dice of
/// the game), pays its whole cost, and starts it.
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
    // What it costs, step by step from where the models stand after the steps before.
    let mut dice = crate::dice::Dice::new(0);
    let mut scratch = Ctx {
        s: c.s.clone(),
        dice: &mut dice,
        events: Vec::new(),
        prepaid: false,
        failed: None,
    };
    for (i, st) in steps.iter().enumerate() {
        run(&mut scratch, by, st)
            .map_err(|e| RuleError::Illegal(format!("step {} of the combo: {e}", i + 1)))?;
        if scratch.s.pending.is_some() && i + 1 < steps.len() {
            return illegal("a close-combat attack can only be a combo's last order");
        }
    }
    let cost = scratch.s.spent[super::state::ix(by)] - c.s.spent[super::state::ix(by)];
    c.pay(
        by,
        cost,
        format!(
            "an order combo of {} commands, paid in advance",
            steps.len()
        ),
    )?;
    c.emit(Event::StreakSet(None));
    c.emit(Event::ComboBegan(Combo {
        side: by,
        steps: steps.to_vec(),
        next: 0,
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
            };
            run(&mut sub, owner, &step).map(|_| (sub.events, sub.failed))
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
        // "if ... any of the actions fail, all orders are immediately stopped": the unit is out,
        // pinned, or its shot was lost.
        if let Some(m) = step.model().and_then(|m| c.s.models.get(&m))
            && (!m.alive() || m.pinned.is_some())
        {
            let why = format!("{} can go no further", m.name);
            return end(c, owner, false, None, &why);
        }
        if next >= combo.steps.len() || c.s.pending.is_some() {
            return end(c, owner, true, None, "all its orders given");
        }
        let waiting_only = class_of(&combo.steps[next]) != class_of(&step);
        let foe = enemy(owner);
        let may = if waiting_only {
            c.s.alive(foe).any(|m| m.waiting)
        } else {
            !c.s.out(foe)
        };
        if may {
            c.emit(Event::PendingSet(Some(Pending::Window {
                owner,
                interrupter: foe,
                waiting_only,
            })));
            return Ok(());
        }
    }
}

fn end(
    c: &mut Ctx,
    side: Side,
    completed: bool,
    interrupted_by: Option<Side>,
    why: &str,
) -> Result<(), RuleError> {
    let commands = c.s.combo.as_ref().map_or(0, |x| x.steps.len() as u32);
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
            Command::CancelCombo | Command::Concede { .. } => Ok(()),
            _ => Err(RuleError::WrongPhase(format!(
                "side {interrupter} may interrupt the combo now; side {owner} may only cancel it"
            ))),
        };
    }
    if by == interrupter && waiting_only && !matches!(cmd, Command::Pass | Command::Concede { .. })
    {
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
