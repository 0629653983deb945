//! Scenario tests for any rule set, in the way of Zemeroth's core tests: stage a state with the
//! rule set's own events, run commands with forced dice, and compare the events they yield.
//! Used by each rule set's tests; nothing here is used in play.

use super::error::RuleError;
use super::game::{Game, RuleSet};
use super::seat::Seat;
use crate::dice::DieSource;
use std::fmt::Debug;

/// Applies events straight to the state (staging a scenario, not playing it).
pub fn stage<R: RuleSet>(g: &mut Game<R>, events: &[R::Event]) {
    for e in events {
        R::apply(&mut g.state, e);
    }
}

/// Plays `cmd` for `seat` with the dice forced to `dice` (in order); it must be accepted and
/// use every forced die and roll no other (no die from the seed). Returns its events.
pub fn exec<R: RuleSet>(
    g: &mut Game<R>,
    seat: Seat,
    cmd: R::Command,
    dice: &[u32],
) -> Vec<R::Event> {
    g.dice.force(dice);
    let rolls_before = g.dice.log().len();
    let events = match g.play(seat, cmd.clone()) {
        Ok(e) => e,
        Err(e) => panic!("{cmd:?} by side {seat} was refused: {e}"),
    };
    let left = g.dice.clear_queued();
    assert_eq!(
        left, 0,
        "{cmd:?} left {left} of the forced dice {dice:?} unused"
    );
    // Every die the command rolled must be one of the forced ones: a die taken from the seed
    // means the command rolled more than the scenario says.
    let seeded: Vec<String> = g.dice.log()[rolls_before.min(g.dice.log().len())..]
        .iter()
        .filter(|r| r.dice.iter().any(|d| d.source == DieSource::Seeded))
        .map(|r| r.describe())
        .collect();
    assert!(
        seeded.is_empty(),
        "{cmd:?} by side {seat} rolled dice beyond the forced {dice:?}: {}",
        seeded.join("; ")
    );
    events
}

/// [`exec`], then checks the events are exactly `expected`.
pub fn exec_and_check<R: RuleSet>(
    g: &mut Game<R>,
    seat: Seat,
    cmd: R::Command,
    dice: &[u32],
    expected: &[R::Event],
) where
    R::Event: PartialEq,
{
    let events = exec(g, seat, cmd.clone(), dice);
    if events.as_slice() != expected {
        panic!(
            "{cmd:?} by side {seat} with dice {dice:?}\n yielded:  {}\n expected: {}",
            list(&events),
            list(expected)
        );
    }
}

/// Checks that `seat` may not give `cmd`: [`Game::check`] and play both refuse it, and the
/// game (state, dice, log) is unchanged. Returns the reason.
pub fn refuse<R: RuleSet>(g: &mut Game<R>, seat: Seat, cmd: R::Command) -> RuleError {
    let before = g.hash();
    let (rolls, logged) = (g.dice.log().len(), g.log.len());
    let checked = g.check(seat, &cmd);
    let played = g.play(seat, cmd.clone());
    let Err(e) = played else {
        panic!("{cmd:?} by side {seat} was accepted");
    };
    assert_eq!(
        checked,
        Err(e.clone()),
        "check and play disagree on {cmd:?}"
    );
    assert_eq!(g.hash(), before, "a refused command changed the game");
    assert_eq!(g.dice.log().len(), rolls, "a refused command rolled dice");
    assert_eq!(g.log.len(), logged, "a refused command was logged");
    e
}

fn list<E: Debug>(events: &[E]) -> String {
    events
        .iter()
        .map(|e| format!("{e:?}"))
        .collect::<Vec<_>>()
        .join("\n           ")
}
