//! The only change to a DnDalike state: an event applied.

use super::check::aim_instead;
use super::command::Event;
use super::sheet::DieKind;
use super::state::{Ability, Character, DndState};

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
            let aim = s.entry(*id).map(|e| aim_instead(s, &e.ability, *target));
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
