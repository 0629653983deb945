//! DnDalike commands (announce an ability, merge an attack into a move, pass, end the turn),
//! the events they resolve into, the one function that applies an event, and the combat log's
//! words for each (a wound's damage is never written: it is secret).

use super::sheet::DieKind;
use super::state::{Ability, ActionDie, Character, DndState, Entry, Merged, Party, Phase};
use crate::rules::core::Seat;
use crate::table::geom::Pt;
use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub enum Command {
    /// Announce `ability` for character `who`, pay its cost, roll the dice of the cost, and put
    /// it on the stack.
    Act { who: usize, ability: Ability },
    /// Merge an attack by `who` into the stacked move `onto`: it takes over where the mover comes
    /// within reach. `finish`: the finishing attack instead of a jab.
    Merge { who: usize, onto: u32, finish: bool },
    /// Decline to respond to what is on the stack.
    Pass,
    /// The active party is done: the end of turn step.
    EndTurn,
    /// "Powerful - you may spend spell stones as if they were action dice of any type": announce
    /// `ability` for `who`, paying a stone from the active pool instead of its die; the stone
    /// "counts as a natural 6". `stone`: the stone paid (its place in the active pool); none
    /// lets the program pick ([`super::resolve::default_stone`]).
    Empowered {
        who: usize,
        ability: Ability,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        stone: Option<u8>,
    },
    /// [`Command::Merge`] paid with a spell stone instead of the A die (Powerful), `stone` as
    /// for [`Command::Empowered`].
    EmpoweredMerge {
        who: usize,
        onto: u32,
        finish: bool,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        stone: Option<u8>,
    },
    /// A ranged attack (Jab or Finish) at a target with others in its melee range, forgoing the
    /// fatigue and the saving throw: "The character may forgo the fatigue and the saving throw to
    /// just let the DM choose."
    DmChooses { who: usize, ability: Ability },
    /// A sorcerer who failed the end-of-turn saving throw chooses: "gain a fatigue or lose all
    /// spell stones in their active pool and their discard pile".
    Backlash { who: usize, lose_stones: bool },
    /// A delve between fights: the party rests, the characters `watch` keeping watch and each
    /// rester of `keep` keeping that much fatigue ("reduce the amount of fatigue they will lose
    /// during their rest in order to reduce the progress requirement").
    Rest {
        watch: Vec<usize>,
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        keep: Vec<(usize, i32)>,
    },
    /// A delve between fights: on to the next encounter.
    Onward,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub enum Event {
    /// Paid (a die of `spent`, rolled to `entry.roll`; a fatigue if `tired`) and put on the stack.
    Announced {
        entry: Entry,
        spent: Option<DieKind>,
        tired: bool,
    },
    /// A further die of a cost paid and rolled (Draw's second M).
    Spent {
        who: usize,
        die: DieKind,
        roll: u32,
    },
    /// A stone drawn at random from the bag (`at` in it) into the active pool.
    Drawn {
        who: usize,
        at: usize,
    },
    /// Stones paid from the active pool (`at`, in it) to the discard pile.
    Paid {
        who: usize,
        at: smallvec::SmallVec<[u8; 3]>,
    },
    /// The active pool and the discard pile removed from the game until a serious rest.
    StonesLost {
        who: usize,
    },
    /// Fatigue taken off by a spell.
    Mended {
        who: usize,
        fatigue: i32,
    },
    /// An attack merged into a stacked move, its A die paid and rolled (or a stone paid for it,
    /// `stone`, by Powerful).
    MergedInto {
        onto: u32,
        merged: Merged,
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        stone: bool,
    },
    /// A merged attack cancelled (blocked) before the move reaches it.
    Unmerged {
        onto: u32,
        by: usize,
        why: String,
    },
    /// A ranged attack's target changed ("the DM's choice", rolled).
    Retargeted {
        id: u32,
        target: usize,
    },
    /// Fatigue gained (voluntarily or forced), and why.
    Tired {
        who: usize,
        why: std::borrow::Cow<'static, str>,
    },
    /// A saving throw: the die kept, what it had to reach, the result.
    Saved {
        who: usize,
        roll: u32,
        need: i32,
        ok: bool,
        why: std::borrow::Cow<'static, str>,
    },
    /// Wounds taken; `damage` is the secret d6 total added (0 for a lesser character).
    Wounded {
        who: usize,
        count: u32,
        damage: u32,
    },
    /// These entries leave the stack without resolving.
    Cancelled {
        ids: Vec<u32>,
        why: String,
    },
    /// An ability resolved without effect, and why (a Block whose S fell short).
    Failed {
        who: usize,
        why: String,
    },
    /// The top entry starts resolving (it leaves the stack).
    Resolving {
        id: u32,
    },
    /// An attack judged at resolution.
    Judged {
        by: usize,
        target: usize,
        roll: u32,
        ac: i32,
        hit: bool,
        why: std::borrow::Cow<'static, str>,
    },
    /// "Raise your AC to M until the end of the turn".
    Raised {
        who: usize,
        ac: i32,
    },
    Moved {
        who: usize,
        to: Pt,
    },
    /// A finishing blow: the damage total revealed (rolled for a lesser character).
    Revealed {
        who: usize,
        total: u32,
        health: i32,
        dies: bool,
    },
    Died {
        who: usize,
    },
    /// An action die back in the pool (Exert, or Block's returned S die).
    Regained {
        who: usize,
        die: DieKind,
    },
    Phase(Phase),
    /// The end of turn step: raised armour drops, the active party's dice are replenished, and
    /// the other party's turn begins.
    TurnEnds {
        next: Party,
        round: u32,
    },
    /// A delve's fight is won and more lie ahead: the stack empties, every die comes back, and
    /// the party is between fights.
    FightWon,
    /// A rest begins (the `number`th since the last fight).
    Resting { number: u32 },
    /// What happened while resting: watching, the watch's rolls, recuperation, an ambush.
    Camp(super::camp::CampEvent),
    /// An encounter of the delve begins (`ambush`: the wandering monsters fall on the party):
    /// its monsters replace the last ones, the living heroes come in at its places.
    Encounter { index: usize, ambush: bool },
}

/// The only change to the state.
pub fn apply(s: &mut DndState, e: &Event) {
    s.memo.clear();
    match e {
        Event::Announced {
            entry,
            spent,
            tired,
        } => {
            let c = &mut s.chars[entry.by];
            if let Some(k) = spent {
                spend(c, *k, entry.roll);
            }
            if *tired {
                c.fatigue += 1;
            }
            s.next_id = s.next_id.max(entry.id + 1);
            s.stack.push(entry.clone());
        }
        Event::MergedInto {
            onto,
            merged,
            stone,
        } => {
            if !stone {
                spend(&mut s.chars[merged.by], DieKind::Attack, Some(merged.roll));
            }
            if let Some(e) = s.stack.iter_mut().find(|e| e.id == *onto) {
                e.merged.push(merged.clone());
            }
        }
        Event::Unmerged { onto, by, .. } => {
            if let Some(e) = s.stack.iter_mut().find(|e| e.id == *onto) {
                e.merged.retain(|m| m.by != *by);
            }
        }
        Event::Retargeted { id, target } => {
            let aim = s
                .entry(*id)
                .map(|e| super::resolve::aim_instead(s, &e.ability, *target));
            if let Some(e) = s.stack.iter_mut().find(|e| e.id == *id) {
                match &mut e.ability {
                    Ability::Jab { target: t } | Ability::Finish { target: t } => *t = *target,
                    Ability::Trip { entry } | Ability::Riposte { entry } => {
                        *entry = aim.unwrap_or(u32::MAX)
                    }
                    _ => {}
                }
            }
        }
        Event::Tired { who, .. } => s.chars[*who].fatigue += 1,
        Event::Spent { who, die, roll } => spend(&mut s.chars[*who], *die, Some(*roll)),
        Event::Drawn { who, at } => {
            let st = &mut s.chars[*who].stones;
            if *at < st.bag.len() {
                let k = st.bag.remove(*at);
                st.pool.push(k);
            }
        }
        Event::Paid { who, at } => {
            let st = &mut s.chars[*who].stones;
            let mut idx: smallvec::SmallVec<[u8; 3]> = at.clone();
            idx.sort_unstable_by(|a, b| b.cmp(a));
            for i in idx {
                if (i as usize) < st.pool.len() {
                    let k = st.pool.remove(i as usize);
                    st.discard.push(k);
                }
            }
        }
        Event::StonesLost { who } => {
            let st = &mut s.chars[*who].stones;
            let (pool, discard) = (
                std::mem::take(&mut st.pool),
                std::mem::take(&mut st.discard),
            );
            st.lost.extend(pool.iter().chain(discard.iter()).copied());
        }
        Event::Mended { who, fatigue } => {
            let c = &mut s.chars[*who];
            c.fatigue = (c.fatigue - fatigue).max(c.sheet.armour.fatigue());
        }
        Event::Saved { .. } | Event::Judged { .. } | Event::Failed { .. } => {}
        Event::Wounded { who, count, damage } => {
            let c = &mut s.chars[*who];
            c.wounds += count;
            c.damage += damage;
        }
        Event::Cancelled { ids, .. } => s.stack.retain(|e| !ids.contains(&e.id)),
        Event::Resolving { id } => s.stack.retain(|e| e.id != *id),
        Event::Raised { who, ac } => {
            let c = &mut s.chars[*who];
            c.raised_ac = Some(c.raised_ac.map_or(*ac, |r| r.max(*ac)));
        }
        Event::Moved { who, to } => s.chars[*who].pos = *to,
        Event::Revealed { .. } => {}
        Event::Died { who } => s.chars[*who].dead = true,
        Event::Regained { who, die } => {
            if let Some(d) = s.chars[*who]
                .dice
                .iter_mut()
                .find(|d| d.kind == *die && d.spent)
            {
                d.spent = false;
                d.rolled = None;
            }
        }
        Event::Phase(p) => s.phase = p.clone(),
        Event::TurnEnds { next, round } => {
            let done = s.active;
            for c in &mut s.chars {
                c.raised_ac = None;
                if c.party == done {
                    for d in &mut c.dice {
                        d.spent = false;
                        d.rolled = None;
                    }
                }
            }
            s.active = *next;
            s.round = *round;
        }
        Event::FightWon => super::between::fight_won(s),
        Event::Resting { number } => {
            if let Some(d) = &mut s.delve {
                d.rests = *number;
            }
        }
        Event::Camp(e) => super::between::apply_camp(s, e),
        Event::Encounter { index, ambush } => super::between::begin(s, *index, *ambush),
    }
}

fn spend(c: &mut Character, k: DieKind, roll: Option<u32>) {
    if let Some(d) = c.dice.iter_mut().find(|d| d.kind == k && !d.spent) {
        d.spent = true;
        d.rolled = roll;
    }
}

/// A fresh pool of action dice.
pub fn pool(kinds: &[DieKind]) -> super::state::Dice {
    kinds
        .iter()
        .map(|k| ActionDie {
            kind: *k,
            spent: false,
            rolled: None,
        })
        .collect()
}

/// The combat log's words for `e` (before it is applied). Wounds never show their damage.
pub fn describe(s: &DndState, e: &Event) -> Option<String> {
    let n = |i: usize| s.name(i).to_string();
    Some(match e {
        Event::Announced { entry, tired, .. } => {
            let roll = entry
                .roll
                .map(|r| {
                    let k = entry.ability.cost().0.map_or('?', |k| k.letter());
                    format!(" ({k} {r})")
                })
                .unwrap_or_default();
            format!(
                "{} announces {}{}{}{}",
                n(entry.by),
                entry.ability.label(),
                what(s, &entry.ability),
                roll,
                if *tired { ", gaining a fatigue" } else { "" }
            )
        }
        Event::Unmerged { onto, by, why } => format!(
            "cancelled: {}'s attack merged into {}'s move ({why})",
            n(*by),
            s.entry(*onto).map_or("?".into(), |e| n(e.by))
        ),
        Event::MergedInto { onto, merged, .. } => format!(
            "{} merges a {} (A {}) into {}'s move",
            n(merged.by),
            if merged.finish {
                "finishing attack"
            } else {
                "jab"
            },
            merged.roll,
            s.entry(*onto).map_or("?".into(), |e| n(e.by))
        ),
        Event::Retargeted { target, .. } => {
            format!("the shot goes astray: it is made against {}", n(*target))
        }
        Event::Tired { who, why } => format!("{} gains a fatigue ({why})", n(*who)),
        Event::Spent { who, die, roll } => {
            format!("{} also pays an {} die ({roll})", n(*who), die.letter())
        }
        Event::Drawn { who, at } => {
            let c = &s.chars[*who];
            let school = c
                .stones
                .bag
                .get(*at)
                .and_then(|k| s.grimoire.schools.get(*k as usize))
                .map_or("?", |x| x.name.as_str());
            format!("{} draws a {school} stone into the active pool", n(*who))
        }
        Event::Paid { who, at } => {
            let c = &s.chars[*who];
            let names: Vec<&str> = at
                .iter()
                .filter_map(|i| c.stones.pool.get(*i as usize))
                .filter_map(|k| s.grimoire.schools.get(*k as usize))
                .map(|x| x.name.as_str())
                .collect();
            format!(
                "{} spends {} ({})",
                n(*who),
                stones(at.len()),
                names.join(", ")
            )
        }
        Event::StonesLost { who } => {
            let st = &s.chars[*who].stones;
            format!(
                "{} loses {} from the active pool and the discard pile until a serious rest",
                n(*who),
                stones(st.pool.len() + st.discard.len())
            )
        }
        Event::Mended { who, fatigue } => format!("{} loses {fatigue} fatigue", n(*who)),
        Event::Saved {
            who,
            roll,
            need,
            ok,
            why,
        } => format!(
            "{} saves ({why}): d6 {roll} against {}{need}: {}",
            n(*who),
            if *why == "casting" {
                "fatigue + level "
            } else {
                "fatigue "
            },
            if *ok { "success" } else { "failure" }
        ),
        Event::Wounded { who, count, .. } => {
            let c = &s.chars[*who];
            if c.sheet.lesser {
                format!(
                    "{} takes {} (wounds {})",
                    n(*who),
                    wounds(*count),
                    c.wounds + count
                )
            } else {
                format!(
                    "{} takes {} (damage rolled in secret)",
                    n(*who),
                    wounds(*count)
                )
            }
        }
        Event::Cancelled { ids, why } => {
            let names: Vec<String> = ids
                .iter()
                .filter_map(|id| s.entry(*id))
                .map(|e| format!("{}'s {}", n(e.by), e.ability.label()))
                .collect();
            format!("cancelled: {} ({why})", names.join(", "))
        }
        Event::Failed { who, why } => format!("{}: {why}", n(*who)),
        Event::Resolving { id } => {
            let e = s.entry(*id)?;
            format!("{}'s {} resolves", n(e.by), spell_name(s, &e.ability))
        }
        Event::Judged {
            by,
            target,
            roll,
            ac,
            hit,
            why,
        } => format!(
            "{}'s attack on {}: A {roll}{} against AC {ac}: {}{}",
            n(*by),
            n(*target),
            match s.chars.get(*by).map_or(0, |c| c.sheet.attack_bonus()) {
                0 => String::new(),
                b => format!(" {b:+} STR = {}", *roll as i32 + b),
            },
            if *hit { "a hit" } else { "a miss" },
            if why.is_empty() {
                String::new()
            } else {
                format!(" ({why})")
            }
        ),
        Event::Raised { who, ac } => format!("{}'s armour class rises to {ac}", n(*who)),
        Event::Moved { who, to } => format!("{} moves to ({:.1}, {:.1})", n(*who), to.x, to.y),
        Event::Revealed {
            who,
            total,
            health,
            dies,
        } => format!(
            "finishing blow on {}: damage {total} against health {health}: {}",
            n(*who),
            if *dies { "dies" } else { "still standing" }
        ),
        Event::Died { who } => format!("{} is dead", n(*who)),
        Event::Regained { who, die } => format!("{} regains an {} die", n(*who), die.letter()),
        Event::Phase(Phase::Over(end)) => end.text.clone(),
        Event::Phase(_) => return None,
        Event::TurnEnds { next, round } => format!("round {round}: {} turn", next.possessive()),
        Event::FightWon | Event::Resting { .. } | Event::Camp(_) | Event::Encounter { .. } => {
            return super::between::describe(s, e);
        }
    })
}

fn stones(n: usize) -> String {
    if n == 1 {
        "a stone".into()
    } else {
        format!("{n} stones")
    }
}

fn wounds(n: u32) -> String {
    if n == 1 {
        "a wound".into()
    } else {
        format!("{n} wounds")
    }
}

fn what(s: &DndState, a: &Ability) -> String {
    match a {
        Ability::Move { to } => format!(" to ({:.1}, {:.1})", to.x, to.y),
        Ability::Jab { target } | Ability::Finish { target } => format!(" on {}", s.name(*target)),
        Ability::BlockMerged { onto, attacker } => s
            .entry(*onto)
            .map(|e| format!(" against {}'s attack merged into {}'s move", s.name(*attacker), s.name(e.by)))
            .unwrap_or_default(),
        Ability::Block { entry } | Ability::Trip { entry } | Ability::Riposte { entry } => s
            .entry(*entry)
            .map(|e| format!(" against {}'s {}", s.name(e.by), e.ability.label()))
            .unwrap_or_default(),
        Ability::Exert { die } => format!(" for an {} die", die.letter()),
        Ability::Dodge | Ability::Draw => String::new(),
        Ability::Cast { spell, target } => {
            let Some(sp) = s.grimoire.spells.get(*spell as usize) else {
                return String::new();
            };
            format!(
                " {} ({}, level {}) on {}",
                sp.name,
                sp.school,
                sp.level,
                cast_target(s, *spell, *target)
            )
        }
    }
}

/// What spell `spell` is cast at: a character's name, or the stacked spell it aims at.
pub fn cast_target(s: &DndState, spell: u8, target: u32) -> String {
    let at_spell = s
        .grimoire
        .spells
        .get(spell as usize)
        .is_some_and(|sp| sp.effect.aim() == super::spells::Aim::Spell);
    if at_spell {
        s.entry(target)
            .map(|e| format!("{}'s {}", s.name(e.by), spell_name(s, &e.ability)))
            .unwrap_or_else(|| "?".into())
    } else {
        s.name(target as usize).to_string()
    }
}

/// An ability's name, a cast spell's own name.
pub fn spell_name(s: &DndState, a: &Ability) -> String {
    match a {
        Ability::Cast { spell, .. } => s
            .grimoire
            .spells
            .get(*spell as usize)
            .map_or("a spell".into(), |x| x.name.clone()),
        _ => a.label().to_string(),
    }
}

/// The seat that plays character `who`.
pub fn seat_of(s: &DndState, who: usize) -> Seat {
    s.chars.get(who).map_or(0, |c| c.seat)
}
