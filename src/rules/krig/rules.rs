//! Krig's setup, state, commands and events; commands checked and resolved with the dice, events
//! applied as the only change, and their words in the combat log.

use crate::dice::{Dice, DiceExpr};
use crate::rules::core::{GameEnd, RuleError, Seat, Waiting, illegal};
use crate::table::Table;
use serde::{Deserialize, Serialize};
use std::path::PathBuf;
use std::sync::Arc;

pub const DEFAULT_LEVEL: &str = "levels/arena.ron";

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct KrigSetup {
    pub seed: u64,
    /// The level the two miniatures stand on (`None`: a bare table).
    pub level: Option<PathBuf>,
    pub names: [String; 2],
}

impl KrigSetup {
    pub fn new(seed: u64) -> Self {
        Self {
            seed,
            level: Some(PathBuf::from(DEFAULT_LEVEL)),
            names: ["Alejandro".into(), "Mark".into()],
        }
    }
}

/// One player's playmat: "The D20 represents the player's health, and it should start with the
/// 20 side showing"; the d8 in the defence position; the d10 on the Charge spot.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Mat {
    pub health: i32,
    /// The d8 in the defence position, showing what it has left to absorb.
    pub defence: Option<u8>,
    /// The d10 Agility on the Charge spot.
    pub charging: bool,
}

/// An attack rolled, waiting on the defender's parry.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Blow {
    pub attacker: Seat,
    pub d6: u32,
    /// The d8 added by a charge.
    pub d8: Option<u32>,
    pub d10: u32,
}

impl Blow {
    pub fn power(&self) -> i32 {
        (self.d6 + self.d8.unwrap_or(0)) as i32
    }
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub enum Phase {
    /// Both roll the d10 Agility; the highest goes first.
    Initiative,
    Turn(Seat),
    /// The attacked player may parry before the damage is taken.
    Parry(Blow),
    Over(GameEnd),
}

#[derive(Debug, Clone, Serialize)]
pub struct KrigState {
    pub mats: [Mat; 2],
    /// Turns taken, for the log's headings.
    pub turn: u32,
    pub phase: Phase,
    #[serde(skip)]
    pub names: Arc<[String]>,
    #[serde(skip)]
    pub table: Arc<Table>,
}

impl KrigState {
    pub fn mat(&self, seat: Seat) -> &Mat {
        &self.mats[seat as usize - 1]
    }
    pub fn name(&self, seat: Seat) -> &str {
        self.names
            .get(seat as usize - 1)
            .map_or("?", |n| n.as_str())
    }
}

pub fn other(seat: Seat) -> Seat {
    3 - seat
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Command {
    /// Both players roll their d10 Agility (either may roll for the table).
    RollInitiative,
    /// "rolls both their D6 and D10 together" (a charged attack adds the d8).
    Attack,
    /// "rolls their D8 and places the die next to their D20".
    Defend,
    /// "pick up the D10 Agility die and place it on the Charge location. This ends their turn."
    Charge,
    /// The attacked player parries with the d4, or takes the blow.
    Parry { parry: bool },
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub enum Event {
    Initiative {
        d10: [u32; 2],
    },
    Turn(Seat),
    Defended {
        seat: Seat,
        d8: u32,
    },
    Charged {
        seat: Seat,
    },
    Rolled(Blow),
    /// "If the result of the D10 Agility roll is a 1, the attack missed."
    Missed {
        seat: Seat,
    },
    /// The d4 against the attacker's d6.
    Parried {
        seat: Seat,
        d4: u32,
        d6: u32,
    },
    /// Damage taken: `absorbed` by the defence die, `health` from the d20.
    Hurt {
        seat: Seat,
        absorbed: i32,
        health: i32,
        critical: bool,
    },
    Phase(Phase),
}

const D4: DiceExpr = DiceExpr::new(1, 4);
const D6: DiceExpr = DiceExpr::new(1, 6);
const D8: DiceExpr = DiceExpr::new(1, 8);
const D10: DiceExpr = DiceExpr::new(1, 10);

pub fn waiting(s: &KrigState) -> Waiting {
    match &s.phase {
        Phase::Initiative => Waiting::Any(vec![1, 2]),
        Phase::Turn(seat) => Waiting::One(*seat),
        Phase::Parry(b) => Waiting::One(other(b.attacker)),
        Phase::Over(end) => Waiting::Over(end.clone()),
    }
}

pub fn check(s: &KrigState, by: Seat, c: &Command) -> Result<(), RuleError> {
    waiting(s).admit(by, |x| s.name(x).to_string())?;
    match (&s.phase, c) {
        (Phase::Initiative, Command::RollInitiative) => Ok(()),
        (Phase::Initiative, _) => illegal("roll the d10 Agility for initiative first"),
        (Phase::Parry(_), Command::Parry { .. }) => Ok(()),
        (Phase::Parry(_), _) => illegal("parry or take the blow first"),
        (Phase::Turn(_), Command::Parry { .. }) => illegal("there is no attack to parry"),
        (Phase::Turn(_), Command::RollInitiative) => illegal("initiative is rolled already"),
        (Phase::Turn(seat), Command::Defend | Command::Charge) if s.mat(*seat).charging => {
            illegal("a player who charged must attack on their next turn")
        }
        (Phase::Turn(_), _) => Ok(()),
        (Phase::Over(_), _) => Err(RuleError::GameOver),
    }
}

struct Ctx<'a> {
    s: KrigState,
    events: Vec<Event>,
    dice: &'a mut Dice,
}

impl Ctx<'_> {
    fn emit(&mut self, e: Event) {
        apply(&mut self.s, &e);
        self.events.push(e);
    }
    fn roll(&mut self, e: &DiceExpr, why: &'static str) -> Result<u32, RuleError> {
        Ok(self.dice.roll_total(e, why)? as u32)
    }
}

pub fn resolve(
    s: &KrigState,
    by: Seat,
    c: &Command,
    dice: &mut Dice,
) -> Result<Vec<Event>, RuleError> {
    check(s, by, c)?;
    let mut x = Ctx {
        s: s.clone(),
        events: Vec::new(),
        dice,
    };
    match c {
        Command::RollInitiative => {
            // "The player with the highest roll gets to go first"; a tie is rolled again.
            loop {
                let a = x.roll(&D10, "initiative: player 1's d10 Agility")?;
                let b = x.roll(&D10, "initiative: player 2's d10 Agility")?;
                x.emit(Event::Initiative { d10: [a, b] });
                if a != b {
                    x.emit(Event::Turn(if a > b { 1 } else { 2 }));
                    break;
                }
            }
        }
        Command::Defend => {
            let d8 = x.roll(&D8, "Defend: the d8 into the defence position")?;
            x.emit(Event::Defended { seat: by, d8 });
            x.emit(Event::Turn(other(by)));
        }
        Command::Charge => {
            x.emit(Event::Charged { seat: by });
            x.emit(Event::Turn(other(by)));
        }
        Command::Attack => {
            let charged = x.s.mat(by).charging;
            let d6 = x.roll(&D6, "Attack: the d6")?;
            let d8 = if charged {
                Some(x.roll(&D8, "Charge attack: the d8 Defence adds its power")?)
            } else {
                None
            };
            let d10 = x.roll(&D10, "Attack: the d10 Agility (1 misses, 10 is a critical)")?;
            let blow = Blow {
                attacker: by,
                d6,
                d8,
                d10,
            };
            x.emit(Event::Rolled(blow));
            let foe = other(by);
            if d10 == 1 {
                x.emit(Event::Missed { seat: by });
                x.emit(Event::Turn(foe));
            } else if d10 == 10 || charged || x.s.mat(foe).charging {
                // "A charge attack or a critical hit cannot be parried"; "A player cannot parry
                // while charging."
                land(&mut x, blow);
                if !finished(&mut x) {
                    x.emit(Event::Turn(foe));
                }
            } else {
                x.emit(Event::Phase(Phase::Parry(blow)));
            }
        }
        Command::Parry { parry } => {
            let Phase::Parry(blow) = x.s.phase else {
                unreachable!("checked: a parry")
            };
            if *parry {
                let d4 = x.roll(&D4, "Parry: the d4 against the attacker's d6")?;
                x.emit(Event::Parried {
                    seat: by,
                    d4,
                    d6: blow.d6,
                });
                if d4 >= blow.d6 {
                    // "The attack fails, and the defending player gets to take their turn."
                    x.emit(Event::Turn(by));
                } else {
                    // "the attack hits and the defending player loses their turn. The attacker
                    // gets to go again."
                    land(&mut x, blow);
                    if !finished(&mut x) {
                        x.emit(Event::Turn(blow.attacker));
                    }
                }
            } else {
                land(&mut x, blow);
                if !finished(&mut x) {
                    x.emit(Event::Turn(by));
                }
            }
        }
    }
    Ok(x.events)
}

/// The blow's damage: "first subtracted from their defense die unless their opponent makes a
/// critical hit"; what the die cannot absorb goes on to the health.
fn land(x: &mut Ctx, b: Blow) {
    let foe = other(b.attacker);
    let critical = b.d10 == 10;
    let power = b.power();
    let shield = if critical {
        0
    } else {
        x.s.mat(foe).defence.unwrap_or(0) as i32
    };
    let absorbed = power.min(shield);
    x.emit(Event::Hurt {
        seat: foe,
        absorbed,
        health: power - absorbed,
        critical,
    });
}

fn finished(x: &mut Ctx) -> bool {
    for seat in [1, 2] {
        if x.s.mat(seat).health <= 0 {
            let w = other(seat);
            let text = format!("{} wins: the last player with hit points", x.s.name(w));
            x.emit(Event::Phase(Phase::Over(GameEnd {
                winners: vec![w],
                text,
            })));
            return true;
        }
    }
    false
}

pub fn apply(s: &mut KrigState, e: &Event) {
    match e {
        Event::Initiative { .. } | Event::Missed { .. } | Event::Parried { .. } => {}
        Event::Rolled(b) => {
            // The charge is spent on this attack; the d10 goes back to its place.
            s.mats[b.attacker as usize - 1].charging = false;
        }
        Event::Turn(seat) => {
            s.turn += 1;
            s.phase = Phase::Turn(*seat);
        }
        Event::Defended { seat, d8 } => s.mats[*seat as usize - 1].defence = Some(*d8 as u8),
        Event::Charged { seat } => {
            // "If a player chooses to charge, any defense points they had are lost."
            let m = &mut s.mats[*seat as usize - 1];
            m.charging = true;
            m.defence = None;
        }
        Event::Hurt {
            seat,
            absorbed,
            health,
            ..
        } => {
            let m = &mut s.mats[*seat as usize - 1];
            if let Some(d) = m.defence {
                let left = d as i32 - absorbed;
                // "The D8 remains in the defense position until it reaches zero."
                m.defence = (left > 0).then_some(left as u8);
            }
            m.health -= health;
        }
        Event::Phase(p) => s.phase = p.clone(),
    }
}

pub fn describe(s: &KrigState, e: &Event) -> Option<String> {
    let n = |seat: &Seat| s.name(*seat).to_string();
    Some(match e {
        Event::Initiative { d10 } => format!(
            "initiative, d10 Agility: {} {}, {} {}{}",
            n(&1),
            d10[0],
            n(&2),
            d10[1],
            if d10[0] == d10[1] {
                ": a tie, rolled again"
            } else {
                ""
            }
        ),
        Event::Turn(seat) => format!("{}'s turn", n(seat)),
        Event::Defended { seat, d8 } => format!("{} defends: the d8 shows {d8}", n(seat)),
        Event::Charged { seat } => format!(
            "{} charges: the d10 on the Charge spot, defence lost; next turn an attack with d6 + d8",
            n(seat)
        ),
        Event::Rolled(b) => format!(
            "{} attacks: d6 {}{}, d10 {}{}",
            n(&b.attacker),
            b.d6,
            b.d8.map(|d| format!(" + d8 {d} (charge)"))
                .unwrap_or_default(),
            b.d10,
            match b.d10 {
                1 => ": a miss",
                10 => ": a critical hit",
                _ => "",
            }
        ),
        Event::Missed { .. } => return None,
        Event::Parried { seat, d4, d6 } => format!(
            "{} parries: d4 {d4} against d6 {d6}: {}",
            n(seat),
            if d4 >= d6 {
                "parried, the attack fails"
            } else {
                "failed, the hit lands and the attacker goes again"
            }
        ),
        Event::Hurt {
            seat,
            absorbed,
            health,
            critical,
        } => format!(
            "{} takes {}{}{}: health {}",
            n(seat),
            absorbed + health,
            if *critical {
                " (critical: straight to the health)".to_string()
            } else {
                String::new()
            },
            if *absorbed > 0 {
                format!(", {absorbed} absorbed by the defence die")
            } else {
                String::new()
            },
            (s.mat(*seat).health - health).max(0)
        ),
        Event::Phase(Phase::Over(end)) => end.text.clone(),
        Event::Phase(_) => return None,
    })
}
