//! The random legal player, a yardstick for the program: each time it draws among the orders
//! (or answers) the rules would take now, moves to random spots, shots in random modes at random
//! enemies, attacks, waiting, unpinning, and being done, all alike. Its draws come from the
//! game's seed and the number of commands played, so a game replays the same.

use super::judge::mix;
use crate::rules::kry::close::{AttackType, Defence};
use crate::rules::kry::command::{Command, MoveKind};
use crate::rules::kry::ranged::FireMode;
use crate::rules::kry::state::{KryState, Pending, Side, enemy};
use crate::table::Pt;

/// The candidates shuffled by the draw: the first the rules take is the random pick.
pub fn wishes(s: &KryState, side: Side, seed: u64, played: usize) -> Vec<Command> {
    let mut draw = Draw(mix(seed ^ ((played as u64) << 8) ^ side as u64));
    let mut v = match &s.pending {
        Some(p) => answers(s, side, p),
        None => orders(s, side, &mut draw),
    };
    // Fisher-Yates with the draw.
    for i in (1..v.len()).rev() {
        let j = (draw.next() % (i as u64 + 1)) as usize;
        v.swap(i, j);
    }
    v
}

struct Draw(u64);

impl Draw {
    fn next(&mut self) -> u64 {
        self.0 = mix(self.0);
        self.0
    }

    fn unit(&mut self) -> f32 {
        (self.next() % 10_000) as f32 / 10_000.0
    }
}

fn answers(s: &KryState, side: Side, p: &Pending) -> Vec<Command> {
    match p {
        Pending::DefenceClass(_) => vec![
            Command::DefenceClass { active: false },
            Command::DefenceClass { active: true },
            Command::AskBreakOff,
        ],
        Pending::DefenceType(_) => Defence::ALL
            .into_iter()
            .filter(|d| d.active())
            .map(|defence| Command::DefenceType {
                defence,
                weapon: None,
            })
            .collect(),
        Pending::BuyWounds { passes, .. } => (0..*passes)
            .map(|extra| Command::BuyWounds { extra })
            .collect(),
        Pending::BreakOffAsked(_) => vec![
            Command::LetBreakOff { agree: false },
            Command::LetBreakOff { agree: true },
        ],
        Pending::Window { .. } => {
            let mut v = orders(s, side, &mut Draw(mix(s.round as u64)));
            v.push(Command::Pass);
            v
        }
        Pending::FaceOff(_) => vec![Command::FaceOffChoose { choice: None }],
        Pending::FaceOffWon { .. } => vec![Command::Done { side }],
    }
}

fn orders(s: &KryState, side: Side, draw: &mut Draw) -> Vec<Command> {
    let mut v = vec![Command::Done { side }];
    let foes: Vec<_> = s
        .alive(enemy(side))
        .filter(|e| s.table.model(e.id).is_ok())
        .collect();
    for m in s.alive(side) {
        let Ok(tm) = s.table.model(m.id) else {
            continue;
        };
        for kind in [MoveKind::Normal, MoveKind::Run] {
            let reach = m.speed() as f32 * if kind == MoveKind::Run { 2.0 } else { 1.0 };
            let a = draw.unit() * 360.0;
            let k = 1.0 + draw.unit() * (reach - 1.0).max(0.0);
            v.push(Command::Move {
                model: m.id,
                to: tm.pos.add(Pt::new(1.0, 0.0).rotate(a).scale(k)),
                kind,
            });
        }
        v.push(Command::Turn {
            model: m.id,
            facing: draw.unit() * 360.0,
        });
        for c in [
            Command::Wait { model: m.id },
            Command::Unpin { model: m.id },
            Command::StandUp { model: m.id },
            Command::DigOut { model: m.id },
        ] {
            v.push(c);
        }
        for e in &foes {
            for w in m.ranged.iter().filter(|w| !w.broken) {
                let mode = FireMode::ALL[(draw.next() % 4) as usize];
                v.push(Command::Shoot {
                    shooter: m.id,
                    target: e.id,
                    weapon: w.name.clone(),
                    mode,
                    second: None,
                });
            }
            let attack = AttackType::ALL[(draw.next() % AttackType::ALL.len() as u64) as usize];
            let weapon = match attack {
                AttackType::Weapon => m.cc_weapons.first().map(|w| w.name.clone()),
                AttackType::Bunt | AttackType::PointBlank => {
                    m.ranged.first().map(|w| w.name.clone())
                }
                _ => None,
            };
            v.push(Command::Attack {
                attacker: m.id,
                target: e.id,
                attack,
                weapon,
                charge: draw.unit() < 0.5,
            });
        }
        for i in 0..s.table.objectives.len() {
            v.push(Command::Sabotage {
                model: m.id,
                objective: i,
            });
        }
    }
    v
}
