//! KtOG's commands (what a player announces), its events (what happened, every die in it), the
//! events applied to the state as its only change, and their words in the combat log.

use super::state::{Disarm, KtogState, PerSeat, Phase};
use crate::rules::core::Seat;
use serde::{Deserialize, Serialize};

/// The spells announced at the start of one's own turn.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Spell {
    Haste,
    Bless,
    Cure,
    MightyBlow,
    Dodge,
}

impl Spell {
    pub fn label(self) -> &'static str {
        match self {
            Spell::Haste => "Haste",
            Spell::Bless => "Bless",
            Spell::Cure => "Cure",
            Spell::MightyBlow => "Mighty Blow",
            Spell::Dodge => "Dodge",
        }
    }
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub enum Command {
    /// Roll initiative (any player may roll it for the table).
    RollInitiative,
    /// Haste (two rolls to hit this turn, or pick up the weapon and strike once) or Bless, at the
    /// beginning of the turn.
    Cast(Spell),
    /// The Cure spell on `target` (oneself, or another with the Q&A's option), in place of an
    /// attack.
    Cure { target: Seat },
    /// "announce who you are going to attempt to strike", then roll to hit.
    Attack { target: Seat },
    /// An "Attempt to Disarm" on `target`.
    Disarm { target: Seat },
    /// A disarmed player spends the turn scrambling for the weapon.
    Scramble,
    /// A disarmed player casts Haste for its two rolls to hit, bare-handed, and leaves the
    /// weapon where it lies ("A player may opt to use a 'Haste' spell ... to pick up his
    /// weapon": may, not must). `Cast(Haste)` while disarmed picks the weapon up.
    HasteBareHanded,
    /// The victim of a hit dodges it, or lets it land.
    Dodge { dodge: bool },
    /// The attacker announces a Mighty Blow, or rolls plain damage.
    Mighty { mighty: bool },
}

/// What happened; every die is in the event that used it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub enum Event {
    /// Initiative dice, one per player rolling (a tie for the highest rolls again).
    InitiativeRoll {
        rolls: PerSeat<(Seat, u32)>,
        sides: u32,
    },
    /// The round's turn order.
    Order {
        round: u32,
        order: PerSeat<Seat>,
    },
    Spell {
        seat: Seat,
        spell: Spell,
    },
    /// The Cure's d10 (1s rolled again) and the hit points healed (up to the starting number).
    Cured {
        by: Seat,
        target: Seat,
        rolls: Vec<u32>,
        healed: i32,
    },
    /// The Q&A's variant: the d20 to lay hands on another player before a Cure (the number a
    /// strike on them would need).
    LayHands {
        by: Seat,
        target: Seat,
        roll: u32,
        need: i32,
    },
    /// A player stands up again, cured above 0 hit points.
    Revived {
        seat: Seat,
    },
    Announce {
        attacker: Seat,
        target: Seat,
        disarm: bool,
    },
    /// The d20 to hit (or to disarm) against the number needed.
    ToHit {
        attacker: Seat,
        target: Seat,
        roll: u32,
        need: i32,
        disarm: bool,
    },
    /// A critical miss's roll to hit oneself (17 or higher does).
    HitSelf {
        seat: Seat,
        roll: u32,
    },
    /// A critical miss's roll to lose the weapon (17 or higher does; a 1 loses it for three
    /// turns with the Q&A's option).
    Drop {
        seat: Seat,
        roll: u32,
    },
    /// Damage dice (d6, or 2d6 for a natural 20), doubled by a Mighty Blow, -2 bare-handed.
    Damage {
        to: Seat,
        dice: Vec<u32>,
        doubled: bool,
        bare: bool,
        amount: i32,
    },
    Dodged {
        seat: Seat,
    },
    /// The percentile roll to stay standing at 0 hit points (50 or under does).
    Standing {
        seat: Seat,
        roll: u32,
    },
    Down {
        seat: Seat,
    },
    Disarmed {
        seat: Seat,
        turns: u8,
    },
    Scrambled {
        seat: Seat,
    },
    Regained {
        seat: Seat,
    },
    /// `seat`'s turn is over (counted for the other players' disarms).
    TurnEnded {
        seat: Seat,
    },
    Phase(Phase),
    /// The turn under way is set aside while a hit's windows are open, and taken up again.
    Suspend,
    Resume,
    NextTurn {
        turn: usize,
        round: u32,
    },
}

/// The only change to the state.
pub fn apply(s: &mut KtogState, e: &Event) {
    match e {
        // A disarmed player who strikes (bare-handed) or lays hands on someone is not
        // scrambling for the weapon: the attempt, when it comes, begins later.
        Event::Announce { attacker: by, .. } | Event::LayHands { by, .. } => {
            if let Some(d) = s.player_mut(*by).disarmed.as_mut() {
                d.delayed = true;
            }
        }
        Event::InitiativeRoll { .. } | Event::ToHit { .. } => {}
        Event::HitSelf { .. } | Event::Drop { .. } => {}
        // "a percentile roll of 50% or under to remain standing at zero hit points": the player
        // stays up at exactly 0.
        Event::Standing { seat, roll } => {
            if *roll <= 50 {
                let p = s.player_mut(*seat);
                p.hp = p.hp.max(0);
            }
        }
        Event::Order { round, order } => {
            s.round = *round;
            s.order = order.clone();
            s.turn = 0;
        }
        Event::Spell { seat, spell } => {
            let round = s.round;
            let p = s.player_mut(*seat);
            p.spell_round = round;
            let n = match spell {
                Spell::Haste => &mut p.spells.haste,
                Spell::Bless => &mut p.spells.bless,
                Spell::Cure => &mut p.spells.cure,
                Spell::MightyBlow => &mut p.spells.mighty,
                Spell::Dodge => &mut p.spells.dodge,
            };
            *n = n.saturating_sub(1);
        }
        Event::Cured {
            by, target, healed, ..
        } => {
            if let Some(d) = s.player_mut(*by).disarmed.as_mut() {
                d.delayed = true;
            }
            let p = s.player_mut(*target);
            p.hp = (p.hp.max(0) + healed).min(p.max_hp);
        }
        Event::Revived { seat } => s.player_mut(*seat).down = false,
        Event::Damage { to, amount, .. } => s.player_mut(*to).hp -= amount,
        Event::Dodged { .. } => {}
        Event::Down { seat } => {
            let p = s.player_mut(*seat);
            p.down = true;
            p.hp = 0;
        }
        Event::Disarmed { seat, turns } => {
            let during = match s.phase {
                Phase::Turn { seat, .. } => Some(seat),
                _ => None,
            };
            s.player_mut(*seat).disarmed = Some(Disarm {
                during,
                ..Disarm::new(*turns)
            });
        }
        Event::Scrambled { seat } => {
            if let Some(d) = s.player_mut(*seat).disarmed.as_mut() {
                // "It will still take 2 full rounds to regain the weapon once the attempt
                // begins": a player who did not scramble at once counts everyone's turns from
                // the first Scramble.
                if d.delayed && d.turns == d.need {
                    d.waited = [0; 6];
                    d.during = None;
                    d.delayed = false;
                }
                d.turns = d.turns.saturating_sub(1);
            }
        }
        Event::Regained { seat } => s.player_mut(*seat).disarmed = None,
        Event::Phase(p) => s.phase = p.clone(),
        Event::Suspend => s.resume = Some(s.phase.clone()),
        Event::Resume => {
            if let Some(p) = s.resume.take() {
                s.phase = p;
            }
        }
        Event::TurnEnded { seat } => {
            let i = *seat as usize;
            for (j, p) in s.players.iter_mut().enumerate() {
                let Some(d) = p.disarmed.as_mut().filter(|_| j + 1 != i) else {
                    continue;
                };
                if d.during == Some(*seat) {
                    d.during = None;
                } else if let Some(w) = i.checked_sub(1).and_then(|i| d.waited.get_mut(i)) {
                    *w = w.saturating_add(1);
                }
            }
        }
        Event::NextTurn { turn, round } => {
            s.turn = *turn;
            s.round = *round;
        }
    }
    if let Event::Damage { to, .. } = e {
        let p = s.player_mut(*to);
        if p.hp < 0 && !p.down {
            // A player standing at 0 is at 0; below is shown as 0 once down.
            p.hp = p.hp.min(0);
        }
    }
}

fn list(v: &[u32]) -> String {
    v.iter()
        .map(|d| d.to_string())
        .collect::<Vec<_>>()
        .join(", ")
}

/// The event in the combat log's words (`None` for bookkeeping).
pub fn describe(s: &KtogState, e: &Event) -> Option<String> {
    let n = |seat: &Seat| s.name(*seat).to_string();
    Some(match e {
        Event::InitiativeRoll { rolls, sides } => format!(
            "initiative (d{sides}): {}",
            rolls
                .iter()
                .map(|(seat, r)| format!("{} {r}", n(seat)))
                .collect::<Vec<_>>()
                .join(", ")
        ),
        Event::Order { round, order } => format!(
            "round {round}: {}",
            order
                .iter()
                .filter(|seat| !s.player(**seat).down)
                .map(n)
                .collect::<Vec<_>>()
                .join(", then ")
        ),
        Event::Spell { seat, spell } => format!("{} casts {}", n(seat), spell.label()),
        Event::Cured {
            by,
            target,
            rolls,
            healed,
        } => format!(
            "{}'s Cure heals {} {healed} (d10: {}{})",
            n(by),
            if by == target {
                "themself".to_string()
            } else {
                n(target)
            },
            list(rolls),
            if rolls.len() > 1 {
                "; 1s rolled again"
            } else {
                ""
            }
        ),
        Event::LayHands {
            by,
            target,
            roll,
            need,
        } => format!(
            "{} reaches for {}: d20 {roll} (needs {need}+): {}",
            n(by),
            n(target),
            if *roll == 20 || *roll as i32 >= *need {
                "hands laid on"
            } else {
                "out of reach: no Cure"
            }
        ),
        Event::Revived { seat } => format!("{} stands up again", n(seat)),
        Event::Announce {
            attacker,
            target,
            disarm,
        } => format!(
            "{} goes for {}{}",
            n(attacker),
            n(target),
            if *disarm { " (to disarm)" } else { "" }
        ),
        Event::ToHit {
            roll, need, disarm, ..
        } => {
            let what = if *disarm { "to disarm" } else { "to hit" };
            let verdict = match roll {
                20 if !disarm => "a natural 20: a critical hit".to_string(),
                1 => "a natural 1: a critical miss".to_string(),
                r if *r as i32 >= *need => "success".to_string(),
                _ => "a miss".to_string(),
            };
            format!("d20 {what}: {roll} (needs {need}+): {verdict}")
        }
        Event::HitSelf { seat, roll } => format!(
            "{} rolls to hit themself: {roll} (17+ does): {}",
            n(seat),
            if *roll >= 17 { "hit!" } else { "not" }
        ),
        Event::Drop { seat, roll } => format!(
            "{} rolls to lose their weapon: {roll} (17+ does): {}",
            n(seat),
            if *roll >= 17 {
                "dropped"
            } else if *roll == 1 && s.options.lost_weapon {
                "a 1: the weapon flies across the room"
            } else {
                "kept"
            }
        ),
        Event::Damage {
            to,
            dice,
            doubled,
            bare,
            amount,
        } => format!(
            "{} takes {amount} damage ({}d6: {}{}{}), {} hit points left",
            n(to),
            dice.len(),
            list(dice),
            if *doubled { ", x2 Mighty Blow" } else { "" },
            if *bare { ", -2 bare-handed" } else { "" },
            (s.player(*to).hp - amount).max(0)
        ),
        Event::Dodged { seat } => format!("{} dodges: no damage", n(seat)),
        Event::Standing { seat, roll } => format!(
            "{} rolls percentile to stay standing: {roll} (50 or under does): {}",
            n(seat),
            if *roll <= 50 {
                "stays standing at 0"
            } else {
                "falls"
            }
        ),
        Event::Down { seat } => format!("{} is unconscious", n(seat)),
        Event::Disarmed { seat, turns } => {
            format!("{} is disarmed for {turns} turns of scrambling", n(seat))
        }
        Event::Scrambled { seat } => format!("{} scrambles for the weapon", n(seat)),
        Event::Regained { seat } => format!("{} has the weapon back", n(seat)),
        Event::Phase(Phase::Over(end)) => end.text.clone(),
        Event::Phase(_)
        | Event::Suspend
        | Event::Resume
        | Event::NextTurn { .. }
        | Event::TurnEnded { .. } => {
            return None;
        }
    })
}
