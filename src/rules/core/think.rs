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

/// How many of Normal's best orders Hard plays out (more orders than this a rule set rarely
/// lists: the DnDalike party's and the dungeon master's jabs and finishing blows on every enemy
/// in reach are the most).
pub const WIDTH: usize = 8;

/// After this many commands in a row by one seat, Hard leaves the decision to Normal.
pub const RUN_LIMIT: usize = 60;

/// A decision whose worth shows only over the rest of the game ([`RuleSet::deep_choice`]) gets
/// this many times the budget: it is rare (once a game in KOG light), its futures are long and
/// their outcomes far apart.
pub const DEEP_FACTOR: u32 = 8;

/// The longest future Hard plays out for such a decision, in commands.
pub const DEEP_LIMIT: usize = 2000;

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

/// Plays a decision Hard took elsewhere (on another thread) for `seat`, with its reasons when
/// the game keeps them; with none, or one the rules refuse, Normal plays instead.
pub fn play_decided<R: RuleSet>(
    g: &mut Game<R>,
    seat: Seat,
    d: Option<Decision<R::Command>>,
) -> Option<R::Command> {
    if let Some(d) = d {
        let index = g.log.len();
        if g.play(seat, d.cmd.clone()).is_ok() {
            if g.keep_reasons {
                g.reasons.push(Reasons {
                    command: index,
                    ..d.reasons
                });
            }
            return Some(d.cmd);
        }
    }
    g.program_play_as(seat, Skill::Normal)
}

/// Hard's choice for `seat` within `budget`, from what `seat` sees of the game; the game is not
/// changed. `None` when the game does not wait on `seat` or the rule set lists no orders.
pub fn decide<R: RuleSet>(g: &Game<R>, seat: Seat, budget: Think) -> Option<Decision<R::Command>> {
    if !g.waiting().allows(seat) {
        return None;
    }
    // A guard against going round in circles (orders that change nothing for good, such as a
    // free turn back and forth): after this many commands in a row by the seat, Normal plays.
    let run = g.log.iter().rev().take_while(|l| l.seat == seat).count();
    if run >= RUN_LIMIT {
        return None;
    }
    let view = R::redact(&g.state, seat);
    let base = mix(view_hash::<R>(&view) ^ mix(seat as u64));
    let sandbox = g.sandbox(view, base);
    let deep = R::deep_choice(&sandbox.state);
    let budget = if deep {
        Think {
            steps: budget.steps.map(|s| s.saturating_mul(DEEP_FACTOR)),
            ms: budget.ms.saturating_mul(DEEP_FACTOR),
        }
    } else {
        budget
    };
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
    // `values[c][j]`: where order `c`'s future of round `j` stood (`None`: refused).
    let mut values: Vec<Vec<f64>> = vec![Vec::new(); k];
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
            values[c].push(rollout(&mut copy, seat, deep));
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
    let n = |c: usize| values[c].len();
    let mean = |c: usize| values[c].iter().sum::<f64>() / n(c).max(1) as f64;
    // Normal's first choice stands unless another order beats it, round by round on the same
    // luck, by more than a margin and the noise of the difference (a standard error).
    let first = (0..k).find(|c| legal[*c] && n(*c) > 0)?;
    let mut best = first;
    let mut best_gain = 0.0;
    for c in 0..k {
        if c == first || !legal[c] || n(c) < 2 {
            continue;
        }
        let diffs: Vec<f64> = values[c]
            .iter()
            .zip(&values[first])
            .map(|(a, b)| a - b)
            .collect();
        let m = diffs.len() as f64;
        let gain = diffs.iter().sum::<f64>() / m;
        let var = diffs.iter().map(|d| (d - gain) * (d - gain)).sum::<f64>() / (m - 1.0).max(1.0);
        let noise = (var / m).sqrt();
        if gain > 0.02 + noise && gain > best_gain {
            best = c;
            best_gain = gain;
        }
    }
    let weighed: Vec<Weighed> = (0..k)
        .map(|c| {
            let mut w = options[c].weighed();
            w.value = if legal[c] && n(c) > 0 { mean(c) } else { -1.0 };
            let future = if !legal[c] {
                "the rules refuse it as its side sees the table".to_string()
            } else {
                format!("{} in its {} futures", outlook(mean(c)), n(c))
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
/// the end of the next round, or to the game's end (a `deep` choice: to the game's end, at most
/// [`DEEP_LIMIT`] commands): where it stands for `seat`.
fn rollout<R: RuleSet>(copy: &mut Game<R>, seat: Seat, deep: bool) -> f64 {
    if deep {
        copy.self_play(DEEP_LIMIT);
        return value(copy, seat);
    }
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

impl<R: RuleSet> Game<R> {
    /// The program plays `seat`'s next command at the seat's skill, if the game waits on it;
    /// with [`Self::keep_reasons`], what it weighed is kept in [`Self::reasons`].
    pub fn program_play(&mut self, seat: Seat) -> Option<R::Command> {
        self.program_play_as(seat, self.skill(seat))
    }

    /// [`Self::program_play`] at `skill`, whatever the seat's own.
    pub fn program_play_as(&mut self, seat: Seat, skill: Skill) -> Option<R::Command> {
        if skill == Skill::Hard
            && let Some(c) = play(self, seat)
        {
            return Some(c);
        }
        let options = (self.keep_reasons && self.waiting().allows(seat))
            .then(|| R::program_options(self, seat))
            .filter(|o| !o.is_empty());
        let c = R::program_play(self, seat, skill)?;
        if let Some(options) = options {
            let mut weighed: Vec<_> = options.iter().map(Candidate::weighed).collect();
            let chosen = match options.iter().position(|o| o.cmd == c) {
                Some(i) => i,
                None => {
                    weighed.push(super::skill::Weighed {
                        order: format!("{c:?}"),
                        value: 0.0,
                        facts: match skill {
                            Skill::Easy => "a player's mistake, on purpose".into(),
                            _ => "the order the rules took".into(),
                        },
                    });
                    weighed.len() - 1
                }
            };
            self.reasons.push(Reasons {
                command: self.log.len().saturating_sub(1),
                seat,
                skill,
                weighed,
                chosen,
                rollouts: 0,
            });
        }
        Some(c)
    }
}
