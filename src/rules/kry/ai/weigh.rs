//! What the Kry-Gothic program weighs at a decision, in words: the orders the Normal program
//! would give, in its own order of preference, each one the rules accept as things stand (at
//! most two from each stage of its orders, so that the few weighed differ), with its worth and
//! the facts that decide it ("Shoot Reaver 2 with the bolter, aimed: 0.61 wounds expected").
//! Hard plays these out; "Why?" shows them. Also how a game stands for a side, for Hard's
//! rollouts.

use super::judge::{by_eye, worth};
use super::program::{Orders, Ways, best_attack, best_shot_at, wishes};
use crate::rules::core::{Candidate, RuleSet, Seat};
use crate::rules::kry::catalogue::Class;
use crate::rules::kry::command::{Command, MoveKind};
use crate::rules::kry::marker::{Kry, KryGame};
use crate::rules::kry::state::{KryState, Pending, Phase, Side};
use crate::table::ModelId;

/// How many orders are weighed.
const MOST: usize = 5;

/// The orders the program weighs for `seat` now, Normal's first.
pub fn options(g: &KryGame, seat: Seat) -> Vec<Candidate<Command>> {
    if !Kry::waiting(&g.state).allows(seat) {
        return Vec::new();
    }
    if matches!(g.state.pending, Some(Pending::Window { owner, .. }) if owner == seat) {
        return Vec::new();
    }
    let seed = g.dice.seed();
    let s = &g.state;
    let takes = |c: &Command| g.clone().play(seat, c.clone()).is_ok();
    let mut out: Vec<Command> = Vec::new();
    if s.phase == Phase::Play && s.pending.is_none() {
        let mut stages = Orders::default();
        let mut ways = Ways::default();
        while let Some(stage) = stages.next(s, seat, seed) {
            let mut from_stage = 0;
            for c in stage {
                if out.len() >= MOST || from_stage >= 2 {
                    break;
                }
                // A turn is free: weighed only as Normal's own choice (turning back and forth
                // would cost nothing and lead nowhere).
                if !out.is_empty() && matches!(c, Command::Turn { .. }) {
                    continue;
                }
                if !out.contains(&c) && ways.maybe(s, &c) && takes(&c) {
                    out.push(c);
                    from_stage += 1;
                }
            }
            if out.len() >= MOST {
                break;
            }
        }
        let done = Command::Done { side: seat };
        if out.len() < MOST && takes(&done) {
            out.push(done);
        }
    } else if s.phase == Phase::Play {
        let mut all = wishes(s, seat, seed);
        if let Some(f) = super::answer_fallback(s) {
            all.push(f);
        }
        for c in all {
            if out.len() >= MOST {
                break;
            }
            if !out.contains(&c) && takes(&c) {
                out.push(c);
            }
        }
    }
    out.into_iter()
        .map(|c| {
            let (value, facts) = facts(s, &c, seed);
            Candidate::new(c.clone(), value, words(s, &c), facts)
        })
        .collect()
}

/// A model's name.
fn name(s: &KryState, id: ModelId) -> String {
    s.models
        .get(&id)
        .map_or_else(|| format!("model {}", id.0), |m| m.name.to_string())
}

/// What an order is worth to the program and why, in words.
fn facts(s: &KryState, c: &Command, seed: u64) -> (f64, String) {
    match c {
        Command::Shoot {
            shooter, target, ..
        } => {
            let (Some(m), Some(t)) = (s.models.get(shooter), s.models.get(target)) else {
                return (0.0, String::new());
            };
            let v = best_shot_at(s, m, *target, seed).map_or(0.0, |x| x.0);
            let eye = by_eye(s, *shooter, *target, seed)
                .map(|d| format!(", {d:.0}\" away by eye"))
                .unwrap_or_default();
            let leader = if t.class == Class::SquadLeader {
                ", it leads its squad"
            } else {
                ""
            };
            let left = t.wounds.saturating_sub(t.wounds_taken);
            (
                v,
                format!(
                    "{v:.2} wounds' worth per AP{eye}; {left} wound{} left{leader}",
                    if left == 1 { "" } else { "s" }
                ),
            )
        }
        Command::Attack {
            attacker,
            target,
            charge,
            ..
        } => {
            let (Some(m), Some(t)) = (s.models.get(attacker), s.models.get(target)) else {
                return (0.0, String::new());
            };
            let v = best_attack(s, m, *target, *charge).map_or(0.0, |x| x.0);
            let left = t.wounds.saturating_sub(t.wounds_taken);
            (
                v,
                format!(
                    "{v:.2} wounds' worth expected; {left} wound{} left",
                    if left == 1 { "" } else { "s" }
                ),
            )
        }
        Command::Order { steps } => (
            0.5,
            format!("an order combo of {} steps, paid in advance", steps.len()),
        ),
        Command::Wait { .. } => (0.3, "an enemy may walk into its fire".into()),
        Command::Move { .. } => (0.2, "gains ground toward the enemy's flank".into()),
        Command::Unpin { .. } | Command::StandUp { .. } => {
            (0.4, "back on its feet to act this round".into())
        }
        Command::Done { .. } => (0.0, "keeps its AP for defence".into()),
        Command::CallFaceOff => (0.5, "its shooter wins a shoot-out".into()),
        _ => (0.0, String::new()),
    }
}

/// An order in words.
pub fn words(s: &KryState, c: &Command) -> String {
    match c {
        Command::Shoot {
            shooter,
            target,
            weapon,
            mode,
            ..
        } => format!(
            "{} shoots {} with the {weapon} ({mode:?})",
            name(s, *shooter),
            name(s, *target)
        ),
        Command::Attack {
            attacker,
            target,
            attack,
            charge,
            ..
        } => format!(
            "{} {} {} ({attack:?})",
            name(s, *attacker),
            if *charge { "charges" } else { "attacks" },
            name(s, *target)
        ),
        Command::Move { model, kind, .. } => format!(
            "{} {}",
            name(s, *model),
            match kind {
                MoveKind::Run => "runs",
                MoveKind::SmallStep => "takes a small step",
                _ => "moves",
            }
        ),
        Command::Turn { model, .. } => format!("{} turns to face its target", name(s, *model)),
        Command::Wait { model } => format!("{} goes into waiting", name(s, *model)),
        Command::Unpin { model } => format!("{} tries to get back up", name(s, *model)),
        Command::StandUp { model } => format!("{} stands up", name(s, *model)),
        Command::DigOut { model } => format!("{} digs out", name(s, *model)),
        Command::Sabotage { model, .. } => format!("{} blows up the location", name(s, *model)),
        Command::Order { steps } => {
            let parts: Vec<String> = steps.iter().map(|x| words(s, x)).collect();
            format!("Order combo: {}", parts.join(", then "))
        }
        Command::Done { .. } => "Done for the round".into(),
        Command::Pass => "Let the combo go on".into(),
        Command::CallFaceOff => "Call a face-off".into(),
        // The reasons show at the table to both seats while the other seat has still to name
        // its own action: the pick (or the pulling out) stays hidden there, as in the log.
        Command::FaceOffChoose { .. } => "A face-off pick (hidden)".into(),
        Command::DefenceClass { active } => {
            format!("{} defence", if *active { "Active" } else { "Passive" })
        }
        Command::DefenceType { defence, .. } => format!("Defend: {defence:?}"),
        Command::BuyWounds { extra } => format!("Buy {extra} extra wounds"),
        other => format!("{other:?}"),
    }
}

/// How the game stands for `side`: what its models still standing are worth (by their profile,
/// a squad leader more, each at the share of its wounds left) against the enemy's.
pub fn position_value(s: &KryState, side: Side) -> f64 {
    let mut mine = 0.0;
    let mut theirs = 0.0;
    for m in s.models.values().filter(|m| m.alive()) {
        let left = m.wounds.saturating_sub(m.wounds_taken) as f64 / m.wounds.max(1) as f64;
        let v = worth(m) * m.wounds.saturating_sub(m.wounds_taken).max(1) as f64 * left;
        if m.side == side {
            mine += v;
        } else {
            theirs += v;
        }
    }
    (mine - theirs) / (mine + theirs).max(1e-6)
}
