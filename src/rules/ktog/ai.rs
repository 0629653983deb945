//! KtOG's program opponent: it goes for the weakest player standing, casts Haste and Bless early,
//! cures itself when badly hurt, dodges a blow that could knock it out, saves its Mighty Blow
//! for a critical hit or a blow that could finish, and takes its weapon back with Haste.

use super::command::{Command, Spell};
use super::rule_set::KtogGame;
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
                mighty: h.critical || (hp > 6 && hp <= 12),
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
            Some(Command::Attack { target })
        }
        _ => None,
    }
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
