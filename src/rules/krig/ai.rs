//! Krig's program opponent: it defends against a charge, charges when it has no defence to lose,
//! attacks when a blow could finish, and parries a small d6 (or a blow that would finish it). At
//! Easy it makes a player's mistakes: it attacks every turn it is not charging and parries only
//! the smallest blows, whatever they would do to it.

use super::marker::{Krig, KrigGame};
use super::rules::{Command, KrigState, Phase, other};
use crate::rules::core::{Candidate, RuleSet, Seat, Skill};

pub fn choose(s: &KrigState, seat: Seat) -> Option<Command> {
    choose_at(s, seat, Skill::Normal)
}

/// The program's command for `seat` at `skill` (Hard chooses as Normal here).
pub fn choose_at(s: &KrigState, seat: Seat, skill: Skill) -> Option<Command> {
    if skill == Skill::Easy {
        return match &s.phase {
            Phase::Initiative => Some(Command::RollInitiative),
            Phase::Parry(b) if other(b.attacker) == seat => {
                Some(Command::Parry { parry: b.d6 <= 1 })
            }
            Phase::Turn(t) if *t == seat => Some(Command::Attack),
            _ => None,
        };
    }
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
    play_at(g, seat, Skill::Normal)
}

/// [`play`] at `skill`.
pub fn play_at(g: &mut KrigGame, seat: Seat, skill: Skill) -> Option<Command> {
    let c = choose_at(&g.state, seat, skill)?;
    g.play(seat, c).ok().map(|_| c)
}

/// The orders the program weighs for `seat` now, Normal's first: every other one the rules
/// accept.
pub fn options(g: &KrigGame, seat: Seat) -> Vec<Candidate<Command>> {
    let Some(normal) = choose(&g.state, seat) else {
        return Vec::new();
    };
    let all = [
        normal,
        Command::Attack,
        Command::Defend,
        Command::Charge,
        Command::Parry { parry: true },
        Command::Parry { parry: false },
    ];
    let mut out: Vec<Candidate<Command>> = Vec::new();
    for c in all {
        if out.iter().any(|o| o.cmd == c) || Krig::check(&g.state, seat, &c).is_err() {
            continue;
        }
        let facts = match c {
            Command::Attack => "the d6 and d10 at the foe",
            Command::Defend => "the d8 beside the d20 against the next blow",
            Command::Charge => "the d8 added to the next attack",
            Command::Parry { parry: true } => "the d4 against the blow",
            Command::Parry { parry: false } => "takes the blow, keeps the d4",
            Command::RollInitiative => "",
        };
        out.push(Candidate::new(c, 0.0, format!("{c:?}"), facts));
    }
    out
}

/// How the game stands for `seat`: its health against its foe's.
pub fn position_value(s: &KrigState, seat: Seat) -> f64 {
    let (me, foe) = (s.mat(seat).health as f64, s.mat(other(seat)).health as f64);
    (me - foe) / (me.max(0.0) + foe.max(0.0)).max(1.0)
}
