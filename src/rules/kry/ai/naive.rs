//! The naive player, a yardstick for the program (and the program of the rules core before it
//! learned better): it answers close combat by rule of thumb (active defence when it can pay,
//! block when stronger than fast, dodge otherwise; it buys the wounds it can afford), fights what
//! it touches with its first weapon, always fires a standard shot at the nearest enemy it sees
//! (whatever the range), charges the nearest enemy in reach, turns to face and walks toward the
//! nearest enemy, and is done when nothing is left to do.

use crate::rules::core::RuleSet;
use crate::rules::kry::close::{AttackType, Defence};
use crate::rules::kry::command::{Command, MoveKind};
use crate::rules::kry::melee::CONTACT;
use crate::rules::kry::ranged::FireMode;
use crate::rules::kry::shooting::sighting;
use crate::rules::kry::state::{KryModel, KryState, Pending, Side, enemy};

/// What the naive player would like to do, best first.
pub fn wishes(s: &KryState, side: Side) -> Vec<Command> {
    match &s.pending {
        Some(p) => vec![answer(s, side, p)],
        None => orders(s, side),
    }
}

fn answer(s: &KryState, side: Side, p: &Pending) -> Command {
    match p {
        Pending::DefenceClass(_) => Command::DefenceClass {
            active: s.ap_left(side) >= 1,
        },
        Pending::DefenceType(a) => {
            let d = &s.models[&a.target];
            let pick = if a.hits == Some(0)
                && a.attack != AttackType::LegSweep
                && crate::rules::kry::melee::may_break_off(s, a.target, a.attacker).is_ok()
            {
                Defence::BreakOff
            } else if d.profile.strength > d.speed() {
                Defence::Block
            } else {
                Defence::Dodge
            };
            Command::DefenceType {
                defence: pick,
                weapon: None,
            }
        }
        Pending::BuyWounds { passes, .. } => {
            let mut extra = 0;
            let mut cost = 0;
            while extra + 1 < *passes && cost + extra + 2 <= s.ap_left(side) {
                cost += extra + 2;
                extra += 1;
            }
            Command::BuyWounds { extra }
        }
        // The naive player fights on.
        Pending::BreakOffAsked(_) => Command::LetBreakOff { agree: false },
        Pending::Window { .. } => Command::Pass,
        // The program does not call face-offs; called on it, it lets the other side go.
        Pending::FaceOff(_) => Command::FaceOffChoose { choice: None },
        Pending::FaceOffWon { .. } => Command::Done { side },
    }
}

/// The nearest living enemy by the centres (the program judges by eye; the rules measure
/// only after an order is given).
fn nearest_enemy<'a>(s: &'a KryState, m: &KryModel) -> Option<(&'a KryModel, f32)> {
    let p = s.table.model(m.id).ok()?.pos;
    s.alive(enemy(m.side))
        .filter_map(|e| Some((e, s.table.model(e.id).ok()?.pos.dist(p))))
        .min_by(|a, b| a.1.total_cmp(&b.1))
}

fn orders(s: &KryState, side: Side) -> Vec<Command> {
    let mut out = Vec::new();
    let mine: Vec<&KryModel> = s
        .alive(side)
        .filter(|m| s.table.model(m.id).is_ok())
        .collect();
    let breach_attacker = s.scenario == crate::rules::kry::options::Scenario::Breach && side == 1;
    // 0. Breach: blow up a location in reach.
    if breach_attacker {
        for m in &mine {
            for (i, _) in s.table.objectives.iter().enumerate() {
                if !s.destroyed.contains(&i) {
                    out.push(Command::Sabotage {
                        model: m.id,
                        objective: i,
                    });
                }
            }
        }
        out.retain(|c| crate::rules::kry::marker::Kry::check(s, side, c).is_ok());
    }
    // 1. Fight what it touches.
    for m in &mine {
        if m.prone {
            out.push(Command::StandUp { model: m.id });
            continue;
        }
        if m.stuck > 0 {
            out.push(Command::DigOut { model: m.id });
        }
        for e in s.alive(enemy(side)) {
            if s.table.distance(m.id, e.id).is_ok_and(|d| d <= CONTACT) {
                let (attack, weapon) = match m.cc_weapons.first() {
                    Some(w) => (AttackType::Weapon, Some(w.name.clone())),
                    None => (AttackType::Punch, None),
                };
                let c = Command::Attack {
                    attacker: m.id,
                    target: e.id,
                    attack,
                    weapon,
                    charge: false,
                };
                out.push(c);
            }
        }
    }
    // 2. Shoot what it sees (one shot per model a round), else turn to face.
    for m in mine.iter().filter(|m| !m.acted) {
        let Some(w) = m.ranged.iter().find(|w| !w.broken) else {
            continue;
        };
        // "No distance measuring is performed before the shot is taken": the program picks the
        // nearest enemy it sees by eye and measures nothing; a shot out of range is lost.
        let Some((e, _)) = nearest_enemy(s, m) else {
            continue;
        };
        if sighting(s, m.id, e.id).is_ok() {
            let c = Command::Shoot {
                shooter: m.id,
                target: e.id,
                weapon: w.name.clone(),
                mode: FireMode::Standard,
                second: None,
            };
            out.push(c);
        }
    }
    // 3. Close in: charge what it can reach, else walk toward the nearest enemy.
    for m in mine.iter().filter(|m| !m.acted && m.pinned.is_none()) {
        let Some((e, d)) = nearest_enemy(s, m) else {
            continue;
        };
        if m.profile.cc.is_some() && d <= (m.speed() + m.body()) as f32 {
            let c = Command::Attack {
                attacker: m.id,
                target: e.id,
                attack: AttackType::Punch,
                weapon: None,
                charge: true,
            };
            out.push(c);
        }
        let (Ok(p), Ok(q)) = (s.table.model(m.id), s.table.model(e.id)) else {
            continue;
        };
        // Breach attackers head for the nearest location left standing.
        if breach_attacker
            && let Some(goal) = s
                .table
                .objectives
                .iter()
                .enumerate()
                .filter(|(i, _)| !s.destroyed.contains(i))
                .map(|(_, o)| o.at)
                .min_by(|a, b| a.dist(p.pos).total_cmp(&b.dist(p.pos)))
        {
            let dir = goal.sub(p.pos);
            let len = dir.len().max(1e-6);
            let mut k = (m.speed() as f32).min(len - 0.5 - p.radius());
            while k >= 1.0 {
                out.push(Command::Move {
                    model: m.id,
                    to: p.pos.add(dir.scale(k / len)),
                    kind: MoveKind::Normal,
                });
                k -= 1.0;
            }
        }
        let facing = q.pos.sub(p.pos).y.atan2(q.pos.sub(p.pos).x).to_degrees();
        let away = (p.facing - facing).rem_euclid(360.0);
        if away > 40.0 && away < 320.0 {
            let c = Command::Turn {
                model: m.id,
                facing,
            };
            out.push(c);
        }
        let dir = q.pos.sub(p.pos);
        let len = dir.len().max(1e-6);
        let step = (m.speed() as f32).min(len - p.radius() - q.radius() - 1.5);
        let mut k = step;
        while k >= 1.0 {
            let c = Command::Move {
                model: m.id,
                to: p.pos.add(dir.scale(k / len)),
                kind: MoveKind::Normal,
            };
            out.push(c);
            k -= 1.0;
        }
    }
    out
}
