//! KtOG's program opponent: it goes for the weakest player standing, casts Haste and Bless early,
//! cures itself when badly hurt, dodges a blow that could knock it out, saves its Mighty Blow
//! for a critical hit or a blow it makes likelier to finish, and takes its weapon back with
//! Haste. When it is itself the weakest standing it cures an unconscious player (with the
//! option), who then draws the blows aimed at the weakest; when its own hit points are low and
//! the foe cannot be finished in one blow, it tries to knock the foe's weapon away. At Easy it
//! makes a player's mistakes: it strikes the second-weakest player, dodges only a critical hit,
//! spends its Mighty Blow on the first hit and casts no spell before it strikes.

use super::command::{Command, Spell};
use super::marker::{Ktog, KtogGame};
use super::state::{KtogState, Phase};
use crate::rules::core::{Candidate, RuleSet, Seat, Skill};

/// The command the program gives for `seat` now, if the game waits on it.
pub fn choose(s: &KtogState, seat: Seat) -> Option<Command> {
    choose_at(s, seat, Skill::Normal)
}

/// The program's command for `seat` at `skill` (Hard chooses as Normal here).
pub fn choose_at(s: &KtogState, seat: Seat, skill: Skill) -> Option<Command> {
    if skill == Skill::Easy {
        match &s.phase {
            Phase::Dodge(h) if h.target == seat => {
                return Some(Command::Dodge { dodge: h.critical });
            }
            Phase::Mighty(h) if h.attacker == seat => {
                let may = s.may_cast(seat, s.player(seat).spells.mighty);
                return Some(Command::Mighty { mighty: may });
            }
            Phase::Turn { seat: t, .. } if *t == seat && s.player(seat).disarmed.is_none() => {
                let target = second_weakest(s, seat).or_else(|| weakest(s, seat))?;
                return Some(Command::Attack { target });
            }
            _ => {}
        }
    }
    match &s.phase {
        Phase::Initiative => Some(Command::RollInitiative),
        Phase::Dodge(h) if h.target == seat => {
            let me = s.player(seat);
            let attacker_mighty = s.may_cast(h.attacker, s.player(h.attacker).spells.mighty);
            let worst = (if h.critical { 12 } else { 6 }) * if attacker_mighty { 2 } else { 1 }
                - if h.bare { 2 } else { 0 };
            Some(Command::Dodge {
                dodge: h.critical || worst >= me.hp,
            })
        }
        Phase::Mighty(h) if h.attacker == seat => {
            let hp = s.player(h.target).hp;
            Some(Command::Mighty {
                mighty: h.critical || knock_out(h, hp, true) > knock_out(h, hp, false),
            })
        }
        Phase::Turn {
            seat: t,
            started,
            blessed,
            ..
        } if *t == seat => {
            let me = s.player(seat);
            let target = weakest(s, seat)?;
            if !started {
                if me.disarmed.is_some() {
                    if s.may_cast(seat, me.spells.haste) {
                        return Some(Command::Cast(Spell::Haste));
                    }
                    // A finishing blow with the fist, else back to the weapon.
                    return Some(if s.player(target).hp <= 2 {
                        Command::Attack { target }
                    } else {
                        Command::Scramble
                    });
                }
                if let Some(down) = decoy(s, seat) {
                    return Some(Command::Cure { target: down });
                }
                if me.max_hp - me.hp >= 8 && s.may_cast(seat, me.spells.cure) {
                    return Some(Command::Cure { target: seat });
                }
                if s.may_cast(seat, me.spells.haste) {
                    return Some(Command::Cast(Spell::Haste));
                }
                if !blessed && s.may_cast(seat, me.spells.bless) {
                    return Some(Command::Cast(Spell::Bless));
                }
            }
            let foe = s.player(target);
            // Low itself and facing a foe no single blow finishes: the foe's weapon away costs
            // them turns of scrambling and makes them easier to hit.
            if me.disarmed.is_none()
                && foe.disarmed.is_none()
                && me.hp <= 6
                && foe.hp > 6
                && foe.spells.haste == 0
            {
                return Some(Command::Disarm { target });
            }
            Some(Command::Attack { target })
        }
        _ => None,
    }
}

/// The chance the hit `h` takes a target with `hp` hit points to 0, with or without a Mighty Blow.
fn knock_out(h: &super::state::Hit, hp: i32, doubled: bool) -> f64 {
    let sums: Vec<i32> = if h.critical {
        (1..=6).flat_map(|a| (1..=6).map(move |b| a + b)).collect()
    } else {
        (1..=6).collect()
    };
    let n = sums.len() as f64;
    sums.iter()
        .filter(|d| {
            let d = if doubled { *d * 2 } else { **d };
            d - if h.bare { 2 } else { 0 } >= hp
        })
        .count() as f64
        / n
}

/// An unconscious player to cure, when `seat` is itself the weakest standing and may cure
/// another: the one nearest to its left.
fn decoy(s: &KtogState, seat: Seat) -> Option<Seat> {
    let me = s.player(seat);
    if !s.options.cure_others || !s.may_cast(seat, me.spells.cure) {
        return None;
    }
    if s.standing_iter()
        .any(|t| t != seat && s.player(t).hp <= me.hp)
    {
        return None;
    }
    let n = s.players.len() as i32;
    s.seats()
        .filter(|t| s.player(*t).down)
        .min_by_key(|t| (*t as i32 - seat as i32).rem_euclid(n))
}

/// The standing opponent with the fewest hit points; on a tie the next one around to the left
/// (so that no seat is everybody's first choice).
fn weakest(s: &KtogState, seat: Seat) -> Option<Seat> {
    let n = s.players.len() as i32;
    s.standing_iter()
        .filter(|t| *t != seat)
        .min_by_key(|t| (s.player(*t).hp, (*t as i32 - seat as i32).rem_euclid(n)))
}

/// The standing opponent a careless player strikes: the second in [`weakest`]'s order.
fn second_weakest(s: &KtogState, seat: Seat) -> Option<Seat> {
    let n = s.players.len() as i32;
    let mut v: Vec<Seat> = s.standing_iter().filter(|t| *t != seat).collect();
    v.sort_by_key(|t| (s.player(*t).hp, (*t as i32 - seat as i32).rem_euclid(n)));
    v.get(1).copied()
}

/// Plays the program's command for `seat`: the command played.
pub fn play(g: &mut KtogGame, seat: Seat) -> Option<Command> {
    play_at(g, seat, Skill::Normal)
}

/// [`play`] at `skill`.
pub fn play_at(g: &mut KtogGame, seat: Seat, skill: Skill) -> Option<Command> {
    let c = choose_at(&g.state, seat, skill)?;
    g.play(seat, c.clone()).ok().map(|_| c)
}

/// The orders the program weighs for `seat` now, Normal's first: the other strikes, spells and
/// answers the rules accept.
pub fn options(g: &KtogGame, seat: Seat) -> Vec<Candidate<Command>> {
    let s = &g.state;
    let Some(normal) = choose(s, seat) else {
        return Vec::new();
    };
    let mut all = vec![normal];
    for t in s.standing_iter().filter(|t| *t != seat) {
        all.push(Command::Attack { target: t });
        all.push(Command::Disarm { target: t });
    }
    all.extend([
        Command::Cast(Spell::Haste),
        Command::Cast(Spell::Bless),
        Command::Cure { target: seat },
        Command::Dodge { dodge: true },
        Command::Dodge { dodge: false },
        Command::Mighty { mighty: true },
        Command::Mighty { mighty: false },
    ]);
    let mut out: Vec<Candidate<Command>> = Vec::new();
    for c in all {
        if out.iter().any(|o| o.cmd == c) || Ktog::check(s, seat, &c).is_err() {
            continue;
        }
        let facts = match &c {
            Command::Attack { target } | Command::Disarm { target } => {
                format!("player {target} has {} hit points", s.player(*target).hp)
            }
            _ => String::new(),
        };
        out.push(Candidate::new(c.clone(), 0.0, format!("{c:?}"), facts));
    }
    out
}

/// How the game stands for `seat`: its hit points against the strongest other player's, and
/// whether it still stands.
pub fn position_value(s: &KtogState, seat: Seat) -> f64 {
    let me = s.player(seat);
    if me.down {
        return -0.9;
    }
    let best = s
        .standing_iter()
        .filter(|t| *t != seat)
        .map(|t| s.player(t).hp)
        .max()
        .unwrap_or(0) as f64;
    let hp = me.hp as f64;
    (hp - best) / (hp.max(0.0) + best.max(0.0)).max(1.0)
}
