//! Hard: the program opponent that thinks ahead. It takes the orders the Normal program weighs
//! best ([`RuleSet::program_options`]), plays each out on copies of what its own side sees
//! (`RuleSet::redact`), with the rules themselves as the model and Normal playing every seat for
//! the next commands, and judges where each future stands ([`RuleSet::position_value`], or the
//! outcome). The order with the best mean wins; Normal's own first choice keeps its place unless
//! another comes out clearly better.
//!
//! Fair: it never reads the other side's secrets (only the redacted state) nor the game's dice:
//! the dice it imagines with are its own, seeded from what it sees and its seat. With a budget
//! in rollouts ([`Think::steps`]) the same position always gives the same choice.

use super::game::{Game, RuleSet, view_hash};
use super::seat::{Seat, Waiting};
use super::skill::{Candidate, Reasons, Skill, Think, Weighed};
use std::time::Instant;

/// How many of Normal's best orders Hard plays out.
pub const WIDTH: usize = 4;

/// What Hard decided: the command and what it weighed (the reasons' command index is left to
/// the caller).
pub struct Decision<C> {
    pub cmd: C,
    pub reasons: Reasons,
}

/// A well-mixed 64-bit hash (splitmix64's finaliser).
fn mix(mut z: u64) -> u64 {
    z = z.wrapping_add(0x9e37_79b9_7f4a_7c15);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

/// Hard plays `seat`'s next command, if it finds one to weigh; `None` leaves the decision to
/// Normal (nothing to choose between, or the game does not wait on `seat`).
pub fn play<R: RuleSet>(g: &mut Game<R>, seat: Seat) -> Option<R::Command> {
    let d = decide(g, seat, g.think)?;
    let index = g.log.len();
    g.play(seat, d.cmd.clone()).ok()?;
    if g.keep_reasons {
        g.reasons.push(Reasons {
            command: index,
            ..d.reasons
        });
    }
    Some(d.cmd)
}

/// Hard's choice for `seat` within `budget`, from what `seat` sees of the game; the game is not
/// changed. `None` when the game does not wait on `seat` or the rule set lists no orders.
pub fn decide<R: RuleSet>(g: &Game<R>, seat: Seat, budget: Think) -> Option<Decision<R::Command>> {
    if !g.waiting().allows(seat) {
        return None;
    }
    let view = R::redact(&g.state, seat);
    let base = mix(view_hash::<R>(&view) ^ mix(seat as u64));
    let sandbox = g.sandbox(view, base);
    let mut options: Vec<Candidate<R::Command>> = Vec::new();
    for o in R::program_options(&sandbox, seat) {
        if options.len() < WIDTH && !options.iter().any(|x| x.cmd == o.cmd) {
            options.push(o);
        }
    }
    let first = options.first()?.cmd.clone();
    let reasons = |weighed: Vec<Weighed>, chosen: usize, rollouts: u32| Reasons {
        command: 0,
        seat,
        skill: Skill::Hard,
        weighed,
        chosen,
        rollouts,
    };
    if options.len() == 1 {
        return Some(Decision {
            cmd: first,
            reasons: reasons(vec![options[0].weighed()], 0, 0),
        });
    }
    let k = options.len();
    let mut sum = vec![0.0f64; k];
    let mut squares = vec![0.0f64; k];
    let mut n = vec![0u32; k];
    let mut legal = vec![true; k];
    let start = Instant::now();
    let rounds_by_steps = budget.steps.map(|s| (s as usize).div_ceil(k).max(1));
    let mut played = 0u32;
    let mut j = 0usize;
    loop {
        for c in 0..k {
            if !legal[c] {
                continue;
            }
            let mut copy = sandbox.clone();
            // The same dice and guesses for every order in a round: the orders are compared on
            // equal luck.
            let luck = mix(base ^ mix(j as u64 + 1));
            copy.dice = crate::dice::Dice::new(luck);
            R::imagine(&mut copy.state, seat, luck);
            if copy.play(seat, options[c].cmd.clone()).is_err() {
                legal[c] = false;
                continue;
            }
            let v = rollout(&mut copy, seat);
            sum[c] += v;
            squares[c] += v * v;
            n[c] += 1;
            played += 1;
        }
        j += 1;
        let done = match rounds_by_steps {
            Some(r) => j >= r,
            None => start.elapsed().as_millis() >= budget.ms as u128,
        };
        if done || !legal.iter().any(|l| *l) {
            break;
        }
    }
    let mean = |c: usize| sum[c] / n[c].max(1) as f64;
    let spread = |c: usize| {
        let m = mean(c);
        let var = (squares[c] / n[c].max(1) as f64 - m * m).max(0.0);
        var / n[c].max(1) as f64
    };
    // Normal's first choice stands unless another order's mean beats it by more than the
    // rollouts' noise (a standard error of the difference), and by a margin.
    let mut best = (0..k).find(|c| legal[*c] && n[*c] > 0)?;
    for c in 0..k {
        if c == best || !legal[c] || n[c] == 0 {
            continue;
        }
        let margin = 0.02 + (spread(c) + spread(best)).sqrt();
        if mean(c) > mean(best) + margin {
            best = c;
        }
    }
    let weighed: Vec<Weighed> = (0..k)
        .map(|c| {
            let mut w = options[c].weighed();
            w.value = if legal[c] && n[c] > 0 { mean(c) } else { -1.0 };
            let future = if !legal[c] {
                "the rules refuse it as its side sees the table".to_string()
            } else {
                format!("{} in its {} futures", outlook(mean(c)), n[c])
            };
            w.facts = if w.facts.is_empty() {
                future
            } else {
                format!("{}; {future}", w.facts)
            };
            w
        })
        .collect();
    Some(Decision {
        cmd: options[best].cmd.clone(),
        reasons: reasons(weighed, best, played),
    })
}

/// Where the futures of an order stood on average, in words.
fn outlook(v: f64) -> &'static str {
    match v {
        v if v > 0.5 => "well ahead",
        v if v > 0.15 => "ahead",
        v if v > -0.15 => "even",
        v if v > -0.5 => "behind",
        _ => "well behind",
    }
}

/// Plays the copy on with Normal on every seat for [`RuleSet::THINK_HORIZON`] commands, or to
/// the end of the next round, or to the game's end: where it stands for `seat`.
fn rollout<R: RuleSet>(copy: &mut Game<R>, seat: Seat) -> f64 {
    let round = R::round(&copy.state);
    let mut left = R::THINK_HORIZON;
    while left > 0 && !copy.is_over() && R::round(&copy.state) < round + 2 {
        if copy.self_play(1) == 0 {
            break;
        }
        left -= 1;
    }
    value(copy, seat)
}

/// Where the game stands for `seat`: 1 won, -1 lost, 0 drawn, else the rule set's judgement.
pub fn value<R: RuleSet>(g: &Game<R>, seat: Seat) -> f64 {
    match g.waiting() {
        Waiting::Over(end) if end.winners.contains(&seat) => 1.0,
        Waiting::Over(end) if end.winners.is_empty() => 0.0,
        Waiting::Over(_) => -1.0,
        _ => R::position_value(&g.state, seat).clamp(-0.99, 0.99),
    }
}
