//! The combat log's line for each DnDalike event, and the names of what is cast.

use super::command::Event;
use super::state::{Ability, DndState, Phase};

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
            .map(|e| {
                format!(
                    " against {}'s attack merged into {}'s move",
                    s.name(*attacker),
                    s.name(e.by)
                )
            })
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
