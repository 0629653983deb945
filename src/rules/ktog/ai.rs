//! KtOG's program opponent: it goes for the weakest player standing, casts Haste and Bless early,
//! cures itself when badly hurt, dodges a blow that could knock it out, saves its Mighty Blow
//! for a critical hit or a blow it makes likelier to finish, and takes its weapon back with
//! Haste. When it is itself the weakest standing it cures an unconscious player (with the
//! option), who then draws the blows aimed at the weakest; when its own hit points are low and
//! the foe cannot be finished in one blow, it tries to knock the foe's weapon away.

use super::command::{Command, Spell};
use super::marker::KtogGame;
use super::state::{KtogState, Phase};
use crate::rules::core::Seat;

/// The command the program gives for `seat` now, if the game waits on it.
pub fn choose(s: &KtogState, seat: Seat) -> Option<Command> {
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

/// Plays the program's command for `seat`: the command played.
pub fn play(g: &mut KtogGame, seat: Seat) -> Option<Command> {
    let c = choose(&g.state, seat)?;
    g.play(seat, c.clone()).ok().map(|_| c)
}
