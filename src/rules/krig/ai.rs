//! Krig's program opponent: it defends against a charge, charges when it has no defence to lose,
//! attacks when a blow could finish, and parries a small d6 (or a blow that would finish it).

use super::marker::KrigGame;
use super::rules::{Command, KrigState, Phase, other};
use crate::rules::core::Seat;

pub fn choose(s: &KrigState, seat: Seat) -> Option<Command> {
    match &s.phase {
        Phase::Initiative => Some(Command::RollInitiative),
        Phase::Parry(b) if other(b.attacker) == seat => {
            let me = s.mat(seat);
            let lethal = b.power() >= me.health + me.defence.unwrap_or(0) as i32;
            Some(Command::Parry {
                parry: b.d6 <= 2 || (lethal && b.d6 <= 4),
            })
        }
        Phase::Turn(t) if *t == seat => {
            let (me, foe) = (s.mat(seat), s.mat(other(seat)));
            Some(if me.charging || foe.health <= 6 {
                Command::Attack
            } else if foe.charging && me.defence.is_none() {
                Command::Defend
            } else if me.defence.is_none() {
                Command::Charge
            } else {
                Command::Attack
            })
        }
        _ => None,
    }
}

pub fn play(g: &mut KrigGame, seat: Seat) -> Option<Command> {
    let c = choose(&g.state, seat)?;
    g.play(seat, c).ok().map(|_| c)
}
