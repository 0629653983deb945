//! What the DnDalike program weighs at a decision, in words: Normal's own choice first, then the
//! other answers and actions the rules accept for the seat's characters (a jab or a finishing
//! blow at each enemy in reach, a dodge by the one attacked, letting an attack land; never ending the turn, which
//! ends it for the whole party, unless Normal would), each with the
//! facts that decide it. Hard plays these out; "Why?" shows them. Also how a fight stands for a
//! seat, and the guesses Hard makes of the other seats' secret damage.

use super::ai::choose;
use super::check::in_reach;
use super::command::Command;
use super::marker::{DndGame, Dndalike};
use super::parts::{Ability, Party};
use super::state::{DndState, Phase};
use crate::rules::core::{Candidate, RuleSet, Seat};

/// The orders the program weighs for `seat` now, Normal's first.
pub fn options(g: &DndGame, seat: Seat) -> Vec<Candidate<Command>> {
    let s = &g.state;
    let Some(normal) = choose(s, seat) else {
        return Vec::new();
    };
    let mut all = vec![normal];
    let mine: Vec<usize> = (0..s.chars.len())
        .filter(|i| s.chars[*i].seat == seat && !s.chars[*i].dead)
        .collect();
    match &s.phase {
        Phase::Respond { .. } => {
            all.push(Command::Pass);
            // A dodge by the character the attack on top aims at: a dodge by another one
            // would stop nothing and costs a fatigue, which the rollouts' measure (health left)
            // does not see.
            let target = s.stack.last().and_then(|e| match e.ability {
                Ability::Jab { target } | Ability::Finish { target } => Some(target),
                _ => None,
            });
            for &i in mine.iter().filter(|i| Some(**i) == target) {
                all.push(Command::Act {
                    who: i,
                    ability: Ability::Dodge,
                });
            }
        }
        Phase::Act => {
            for &i in &mine {
                let foes: Vec<usize> = s.alive(s.chars[i].party.other()).collect();
                for t in foes.into_iter().filter(|t| in_reach(s, i, *t)) {
                    for ability in [Ability::Jab { target: t }, Ability::Finish { target: t }] {
                        all.push(Command::Act { who: i, ability });
                    }
                }
            }
        }
        _ => {}
    }
    let mut out: Vec<Candidate<Command>> = Vec::new();
    for c in all {
        if out.iter().any(|o| o.cmd == c) || Dndalike::check(s, seat, &c).is_err() {
            continue;
        }
        out.push(Candidate::new(c.clone(), 0.0, words(s, &c), facts(s, &c)));
    }
    out
}

/// A character's name.
fn name(s: &DndState, i: usize) -> String {
    s.chars
        .get(i)
        .map_or_else(|| format!("character {i}"), |c| c.name().to_string())
}

/// An order in words.
fn words(s: &DndState, c: &Command) -> String {
    match c {
        Command::Act { who, ability } => match ability {
            Ability::Jab { target } => format!("{} jabs {}", name(s, *who), name(s, *target)),
            Ability::Finish { target } => {
                format!(
                    "{} goes for the finishing blow on {}",
                    name(s, *who),
                    name(s, *target)
                )
            }
            Ability::Dodge => format!("{} dodges", name(s, *who)),
            Ability::Move { .. } => format!("{} moves", name(s, *who)),
            Ability::Block { .. } => format!("{} blocks", name(s, *who)),
            Ability::Cast { .. } => format!("{} casts a spell", name(s, *who)),
            other => format!("{} {other:?}", name(s, *who)),
        },
        Command::Pass => "Let it happen".into(),
        Command::EndTurn => "End the turn".into(),
        other => format!("{other:?}"),
    }
}

/// The facts of an order: the target's wounds.
fn facts(s: &DndState, c: &Command) -> String {
    match c {
        Command::Act {
            ability: Ability::Jab { target } | Ability::Finish { target },
            ..
        } => {
            let t = &s.chars[*target];
            format!(
                "{} has {} wound{} of about {} health",
                t.name(),
                t.wounds,
                if t.wounds == 1 { "" } else { "s" },
                t.sheet.max_health()
            )
        }
        _ => String::new(),
    }
}

/// How a fight stands for `seat`'s side: the share of health its characters have left against
/// the other side's (secret damage as `s` holds it: for Hard, its own guesses).
pub fn position_value(s: &DndState, seat: Seat) -> f64 {
    let Some(party) = s.chars.iter().find(|c| c.seat == seat).map(|c| c.party) else {
        return 0.0;
    };
    let share = |p: Party| {
        let (mut left, mut all) = (0.0, 0.0);
        for c in s.chars.iter().filter(|c| c.party == p) {
            let max = c.sheet.max_health().max(1) as f64;
            all += max;
            if !c.dead {
                left += (max - c.damage as f64).max(0.0);
            }
        }
        left / all.max(1.0)
    };
    share(party) - share(party.other())
}

/// Fills in the other seats' secret damage of a redacted state with guesses: a d6 for each of
/// their wounds, rolled from `seed`.
pub fn imagine(s: &mut DndState, seat: Seat, seed: u64) {
    let mut z = seed;
    for (i, c) in s.chars.iter_mut().enumerate() {
        if c.seat == seat {
            continue;
        }
        let mut damage = 0;
        for k in 0..c.wounds {
            z = z
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1_442_695_040_888_963_407 ^ ((i as u64) << 8) ^ k as u64);
            damage += 1 + ((z >> 33) % 6) as u32;
        }
        c.damage = damage;
    }
}
