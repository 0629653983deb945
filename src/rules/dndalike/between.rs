//! A delve between fights: when a fight of a delve is won the party makes camp; its players
//! rest (some keeping watch, [`super::camp::rest`] with the game's dice, every roll logged) or
//! go on to the next encounter. A failed watch starts the wandering monsters' ambush. Checked,
//! resolved into events and applied like every other command.

use super::camp::{CampEvent, RestPlan};
use super::command::{Command, Event};
use super::state::{DndState, Party, Phase};
use crate::dice::Dice;
use crate::rules::core::{RuleError, Seat, illegal};

/// The seats of the living heroes, in order: any of them may decide for the party between
/// fights ("it is expected that those players will agree between themselves").
pub fn camp_seats(s: &DndState) -> Vec<Seat> {
    let mut v: Vec<Seat> = s.alive(Party::Heroes).map(|i| s.chars[i].seat).collect();
    v.sort();
    v.dedup();
    v
}

/// Where the delve stands between fights, in words.
pub fn camp_label(s: &DndState) -> String {
    match &s.delve {
        Some(d) => format!(
            "between fights ({} of {} encounters cleared): rest, or go on to {}",
            d.encounter + 1,
            d.plan.encounters.len(),
            d.next().map_or("nothing", |e| e.name.as_str())
        ),
        None => "between fights".into(),
    }
}

/// The rest `watch` and `keep` ask for, at the delve's dungeon level.
pub fn plan(s: &DndState, watch: &[usize], keep: &[(usize, i32)]) -> RestPlan {
    RestPlan {
        watch: watch.to_vec(),
        keep: keep.to_vec(),
        dungeon_level: s.delve.as_ref().map_or(0, |d| d.plan.dungeon_level),
    }
}

/// Whether `c` (a rest or going on) may be given now; the phase is the camp's.
pub fn check(s: &DndState, c: &Command) -> Result<(), RuleError> {
    let Some(d) = &s.delve else {
        return illegal("this fight is not part of a delve");
    };
    match c {
        Command::Rest { watch, keep } => {
            let heroes = &s.chars[..d.heroes.min(s.chars.len())];
            super::camp::check_rest(heroes, &plan(s, watch, keep)).or_else(|e| illegal(e.0))
        }
        Command::Onward => match d.next() {
            Some(_) => Ok(()),
            None => illegal("there is no encounter left"),
        },
        _ => illegal("between fights: rest or go on to the next encounter"),
    }
}

/// Resolves a rest or going on: its events.
pub fn resolve(s: &DndState, c: &Command, dice: &mut Dice) -> Result<Vec<Event>, RuleError> {
    check(s, c)?;
    let Some(d) = &s.delve else {
        return illegal("this fight is not part of a delve");
    };
    let mut events = Vec::new();
    match c {
        Command::Rest { watch, keep } => {
            events.push(Event::Resting {
                number: d.rests + 1,
            });
            let mut heroes = s.chars[..d.heroes].to_vec();
            let camp = super::camp::rest(&mut heroes, &plan(s, watch, keep), dice)
                .or_else(|e| illegal(e.0))?;
            let ambushed = camp.last() == Some(&CampEvent::Ambushed);
            events.extend(camp.into_iter().map(Event::Camp));
            if ambushed {
                events.push(Event::Encounter {
                    index: d.encounter,
                    ambush: true,
                });
            }
        }
        Command::Onward => events.push(Event::Encounter {
            index: d.encounter + 1,
            ambush: false,
        }),
        _ => unreachable!("checked"),
    }
    Ok(events)
}

/// The fight is won and more lie ahead: the stack empties, armour drops back, every die is
/// replenished, and the party makes camp.
pub fn fight_won(s: &mut DndState) {
    s.stack.clear();
    for c in &mut s.chars {
        c.raised_ac = None;
        for d in &mut c.dice {
            d.spent = false;
            d.rolled = None;
        }
    }
    s.phase = Phase::Camp;
    if let Some(d) = &mut s.delve {
        d.won += 1;
        d.rests = 0;
    }
}

/// Applies what happened while resting.
pub fn apply_camp(s: &mut DndState, e: &CampEvent) {
    match e {
        CampEvent::Watching { who } => {
            if let Some(c) = s.chars.get_mut(*who) {
                c.fatigue += 1;
            }
        }
        CampEvent::Rested { who, .. } => {
            if let Some(c) = s.chars.get_mut(*who) {
                super::camp::recuperate(c, e);
            }
        }
        CampEvent::Progress { .. } | CampEvent::Completion { .. } | CampEvent::Ambushed => {}
    }
}

/// Encounter `index` (the ambush with `ambush`) begins: the last monsters leave the table, the
/// encounter's come in at their places, every hero (the dead carried along) at the
/// encounter's places in the party's order, and the party that has been in the area longest
/// acts first. Wounds, damage, fatigue, stones and the dead stay as they are.
pub fn begin(s: &mut DndState, index: usize, ambush: bool) {
    let Some(d) = &mut s.delve else {
        return;
    };
    let plan = d.plan.clone();
    let enc = if ambush {
        &plan.ambush
    } else {
        match plan.encounters.get(index) {
            Some(e) => e,
            None => return,
        }
    };
    if !ambush {
        d.encounter = index;
    }
    d.ambush = ambush;
    let heroes = d.heroes;
    s.chars.truncate(heroes);
    for (i, c) in s.chars.iter_mut().enumerate() {
        if let Some(p) = enc.heroes.get(i) {
            c.pos = *p;
        }
        c.raised_ac = None;
        for d in &mut c.dice {
            d.spent = false;
            d.rolled = None;
        }
    }
    for (i, m) in enc.monsters.iter().enumerate() {
        let at = m.at.unwrap_or_else(|| {
            super::init::start_place(&s.table, Party::Monsters, i, enc.monsters.len())
        });
        s.chars
            .push(super::init::character(m, Party::Monsters, at, &s.grimoire));
    }
    s.stack.clear();
    s.active = enc.first;
    s.first = enc.first;
    s.round = 1;
    s.phase = Phase::Act;
}

/// The combat log's words for the delve's events (before they are applied).
pub fn describe(s: &DndState, e: &Event) -> Option<String> {
    let d = s.delve.as_ref()?;
    let n = |i: usize| s.name(i).to_string();
    Some(match e {
        Event::FightWon => format!(
            "{} is won: the party makes camp ({} of {} encounters behind it)",
            d.current().name,
            d.encounter + 1,
            d.plan.encounters.len()
        ),
        Event::Resting { number } => {
            if *number == 1 {
                "the party rests".into()
            } else {
                format!("the party rests again (rest {number} here)")
            }
        }
        Event::Camp(c) => match c {
            CampEvent::Watching { who } => format!("{} keeps watch, gaining a fatigue", n(*who)),
            CampEvent::Progress {
                who,
                roll,
                need,
                ok,
            } => format!(
                "{}'s watch: d6 {roll} against {need} (fatigue + difficulty - INT): {}",
                n(*who),
                if *ok { "progress" } else { "no progress" }
            ),
            CampEvent::Completion {
                dice,
                bonus,
                total,
                requirement,
                ok,
            } => format!(
                "the watch's completion: {}{} = {total} against the requirement {requirement} (the resters' fatigue): {}",
                if dice.is_empty() {
                    "no dice".to_string()
                } else {
                    dice.iter()
                        .map(|d| d.to_string())
                        .collect::<Vec<_>>()
                        .join(" + ")
                },
                match bonus {
                    0 => String::new(),
                    b => format!(" {b:+} (INT)"),
                },
                if *ok {
                    "the watch holds"
                } else {
                    "the watch fails"
                }
            ),
            CampEvent::Rested {
                who,
                fatigue_lost,
                wound_healed,
                stones_back,
                ..
            } => {
                let mut what = vec![format!("{fatigue_lost} fatigue lost")];
                if *wound_healed {
                    what.push("a wound healed".into());
                }
                if *stones_back {
                    what.push("every stone back in the bag".into());
                }
                format!("{} recuperates: {}", n(*who), what.join(", "))
            }
            CampEvent::Ambushed => "the party is ambushed!".into(),
        },
        Event::Encounter { index, ambush } => {
            let enc = if *ambush {
                &d.plan.ambush
            } else {
                d.plan.encounters.get(*index)?
            };
            format!(
                "{}{}{} ({} first)",
                if *ambush {
                    "ambush: ".to_string()
                } else {
                    format!("encounter {} of {}: ", index + 1, d.plan.encounters.len())
                },
                enc.name,
                if enc.text.is_empty() {
                    String::new()
                } else {
                    format!(". {}", enc.text)
                },
                enc.first.label()
            )
        }
        _ => return None,
    })
}

/// The program's choice between fights, made by the first seat of the party only (so that a
/// person on another seat is not overruled): one rest after a fight when anyone has fatigue to
/// lose, a wound or a stone to get back, with the best watcher on watch (the most ranks in
/// Watch, then the least fatigue); otherwise, and after an ambush, on to the next encounter.
pub fn program_choice(s: &DndState, seat: Seat) -> Option<Command> {
    let d = s.delve.as_ref()?;
    if camp_seats(s).first() != Some(&seat) {
        return None;
    }
    let heroes: Vec<usize> = s.alive(Party::Heroes).collect();
    let worn = heroes.iter().any(|i| {
        let c = &s.chars[*i];
        c.fatigue > c.sheet.armour.fatigue()
            || c.wounds > 0
            || c.stones.bag.len() < c.sheet.stones.len()
    });
    if d.rests == 0
        && !d.ambush
        && worn
        && heroes.len() > 1
        && let Some(w) = best_watcher(s)
    {
        return Some(Command::Rest {
            watch: vec![w],
            keep: Vec::new(),
        });
    }
    d.next().map(|_| Command::Onward)
}

/// The living hero best fit to keep watch: able to tire, the most ranks in Watch, then the
/// least fatigue, then the first.
pub fn best_watcher(s: &DndState) -> Option<usize> {
    s.alive(Party::Heroes)
        .filter(|i| s.chars[*i].may_tire())
        .max_by_key(|i| {
            let c = &s.chars[*i];
            (
                super::camp::rank(c, super::camp::WATCH),
                -c.fatigue,
                std::cmp::Reverse(*i),
            )
        })
}
