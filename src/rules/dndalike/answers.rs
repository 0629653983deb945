//! Who is asked to answer the stack, and with what: the rules' reading of "Once it is on the
//! stack all players have the option to activate any quick abilities in response", shared by the
//! rules (which seats the fight waits on), the table's respond prompt and the program.

use super::check::{attacked, check_answer, in_melee_with};
use super::command::Command;
use super::sheet::{DieKind, Pack, Power};
use super::state::{Ability, DndState};
use crate::rules::core::Seat;

/// Whether an attack on the stack will be judged against `i`'s armour class: a Jab or Finish
/// aimed at it, an attack merged into its move, a Trip or Riposte aimed at one of its stacked
/// abilities. Its seat is then asked, whatever quick ability it has (an Exert to get a die back
/// for a Dodge included).
pub fn judged_against(s: &DndState, i: usize) -> bool {
    s.stack
        .iter()
        .any(|e| attacked(s, e) == Some(i) || (e.by == i && !e.merged.is_empty()))
}

/// The seats with a living character that could answer what is on the stack: see [`pressing`].
pub fn responders(s: &DndState) -> Vec<Seat> {
    let mut v: Vec<Seat> = Vec::new();
    for (i, c) in s.chars.iter().enumerate() {
        if c.dead || v.contains(&c.seat) {
            continue;
        }
        if has_pressing(s, i) {
            v.push(c.seat);
        }
    }
    v.sort();
    v
}

/// The answers that bear on what is on the stack. A character an attack on the stack will be
/// judged against has every quick answer it may give (a Dodge, an Exert to regain a die first,
/// a quick attack...); any other character has its Blocks, Trips, Ripostes and merges against
/// enemies' entries, its quick attacks and quick spells while an enemy's ability is on the
/// stack, and an Exert that regains a die for one of those (never a Dodge: nothing on the stack
/// is aimed at it). A seat is asked to respond only when one of its characters has one (any
/// quick ability may then be used).
pub fn pressing(s: &DndState, i: usize) -> Vec<Command> {
    let all = responses(s, i);
    if judged_against(s, i) {
        return all;
    }
    let party = s.chars[i].party;
    let enemy_stacked = s.stack.iter().any(|e| s.chars[e.by].party != party);
    all.into_iter()
        .filter(|c| match c {
            Command::Act {
                ability: Ability::Dodge,
                ..
            } => false,
            Command::Act {
                ability: Ability::Exert { die },
                ..
            } => exert_helps(s, i, *die),
            Command::Act {
                ability: Ability::Jab { .. } | Ability::Finish { .. } | Ability::Cast { .. },
                ..
            }
            | Command::Empowered { .. }
            | Command::DmChooses { .. } => enemy_stacked,
            _ => true,
        })
        .collect()
}

/// Whether `i` has an answer that bears on the stack ([`pressing`] without listing them: the
/// cheap tests first, the full check only then).
pub fn has_pressing(s: &DndState, i: usize) -> bool {
    let c = &s.chars[i];
    if c.dead || s.stack.is_empty() {
        return false;
    }
    if judged_against(s, i) {
        return !responses(s, i).is_empty();
    }
    if bears_on_stack(s, i) {
        return true;
    }
    // "all players have the option to activate any quick abilities in response": an Exert that
    // regains the die of an answer that bears on the stack (Georgia, her S die spent, Exerts to
    // Block a jab at the friend beside her).
    c.has(Power::Exert)
        && c.may_tire()
        && [DieKind::Movement, DieKind::Attack, DieKind::Shield]
            .into_iter()
            .any(|die| c.spent(die) > 0 && exert_helps(s, i, die))
}

/// Whether `i`, having regained a `die` by Exert (and gained its fatigue), would have an answer
/// that bears on the stack.
fn exert_helps(s: &DndState, i: usize, die: DieKind) -> bool {
    let c = &s.chars[i];
    // An Exert already stacked for the die will regain it.
    let stacked = s
        .stack
        .iter()
        .filter(|e| e.by == i && e.ability == Ability::Exert { die })
        .count();
    if !c.has(Power::Exert) || c.spent(die) <= stacked || !c.may_tire() {
        return false;
    }
    let mut t = s.clone();
    super::apply::apply(&mut t, &super::command::Event::Regained { who: i, die });
    t.chars[i].fatigue += 1;
    bears_on_stack(&t, i)
}

/// [`has_pressing`] for a character no attack on the stack is judged against, without Exert.
fn bears_on_stack(s: &DndState, i: usize) -> bool {
    let c = &s.chars[i];
    let ok = |cmd: Command| check_answer(s, c.seat, &cmd);
    let (attack, shield) = (c.free(DieKind::Attack) > 0, c.free(DieKind::Shield) > 0);
    let enemy_stacked = s.stack.iter().any(|e| s.chars[e.by].party != c.party);
    // A sorcerer with stones in the pool may answer an enemy's ability with a quick spell, and
    // a Powerful one may pay a stone for a die it lacks.
    if enemy_stacked && !c.stones.pool.is_empty() {
        if c.free(DieKind::Movement) > 0 && spell_casts(s, i, true).into_iter().any(ok) {
            return true;
        }
        if c.has(Power::Powerful)
            && empowered_answers(s, i).into_iter().any(|a| {
                a != Ability::Dodge
                    && ok(Command::Empowered {
                        who: i,
                        ability: a,
                        stone: None,
                    })
            })
        {
            return true;
        }
    }
    if attack
        && enemy_stacked
        && matches!(c.sheet.pack, Pack::Bow | Pack::TwoHanded)
        && s.alive(c.party.other()).any(|t| {
            ok(Command::Act {
                who: i,
                ability: Ability::Jab { target: t },
            })
        })
    {
        return true;
    }
    // Block against an enemy's attack merged into a move.
    if shield
        && s.stack.iter().any(|e| {
            e.merged.iter().any(|m| {
                s.chars[m.by].party != c.party
                    && ok(Command::Act {
                        who: i,
                        ability: Ability::BlockMerged {
                            onto: e.id,
                            attacker: m.by,
                        },
                    })
            })
        })
    {
        return true;
    }
    s.stack.iter().any(|e| {
        if s.chars[e.by].party == c.party {
            return false;
        }
        let act = |ability| Command::Act { who: i, ability };
        match e.ability {
            Ability::Move { .. } => {
                attack
                    && (ok(Command::Merge {
                        who: i,
                        onto: e.id,
                        finish: false,
                    }) || (c.has(Power::Trip) && ok(act(Ability::Trip { entry: e.id }))))
            }
            Ability::Dodge => {
                attack && c.has(Power::Trip) && ok(act(Ability::Trip { entry: e.id }))
            }
            Ability::Jab { .. }
            | Ability::Finish { .. }
            | Ability::Trip { .. }
            | Ability::Riposte { .. } => {
                (shield && ok(act(Ability::Block { entry: e.id })))
                    || (attack
                        && c.has(Power::Riposte)
                        && ok(act(Ability::Riposte { entry: e.id })))
            }
            _ => false,
        }
    })
}

/// The quick answers character `i` could give to what is on the stack now.
pub fn responses(s: &DndState, i: usize) -> Vec<Command> {
    let c = &s.chars[i];
    let mut v = Vec::new();
    if c.dead || s.stack.is_empty() {
        return v;
    }
    let seat = c.seat;
    let mut push = |cmd: Command| {
        if check_answer(s, seat, &cmd) {
            v.push(cmd);
        }
    };
    if c.free(DieKind::Movement) > 0 && c.may_tire() {
        push(Command::Act {
            who: i,
            ability: Ability::Dodge,
        });
    }
    for e in &s.stack {
        // Block against an enemy's attack merged into a move.
        for m in &e.merged {
            if s.chars[m.by].party != c.party {
                push(Command::Act {
                    who: i,
                    ability: Ability::BlockMerged {
                        onto: e.id,
                        attacker: m.by,
                    },
                });
            }
        }
        if s.chars[e.by].party == c.party {
            continue;
        }
        match e.ability {
            Ability::Move { .. } => {
                // A jab or a finishing attack merged into the move.
                for finish in [false, true] {
                    push(Command::Merge {
                        who: i,
                        onto: e.id,
                        finish,
                    });
                }
                push(Command::Act {
                    who: i,
                    ability: Ability::Trip { entry: e.id },
                });
            }
            Ability::Dodge => push(Command::Act {
                who: i,
                ability: Ability::Trip { entry: e.id },
            }),
            Ability::Jab { .. }
            | Ability::Finish { .. }
            | Ability::Trip { .. }
            | Ability::Riposte { .. } => {
                push(Command::Act {
                    who: i,
                    ability: Ability::Block { entry: e.id },
                });
                push(Command::Act {
                    who: i,
                    ability: Ability::Riposte { entry: e.id },
                });
            }
            _ => {}
        }
    }
    // A bow shoots as a quick action; a two-handed weapon strikes as one for a fatigue: a jab
    // or a finishing attack.
    if c.free(DieKind::Attack) > 0 && matches!(c.sheet.pack, Pack::Bow | Pack::TwoHanded) {
        for t in s.alive(c.party.other()) {
            for ability in [Ability::Jab { target: t }, Ability::Finish { target: t }] {
                push(Command::Act {
                    who: i,
                    ability: ability.clone(),
                });
                // Into a melee, a bow may let the DM choose instead of a fatigue and a save.
                if c.sheet.ranged() && !in_melee_with(s, i, t).is_empty() {
                    push(Command::DmChooses { who: i, ability });
                }
            }
        }
    }
    for die in [DieKind::Movement, DieKind::Attack, DieKind::Shield] {
        if c.spent(die) > 0 {
            push(Command::Act {
                who: i,
                ability: Ability::Exert { die },
            });
        }
    }
    // Quick spells the active pool can pay, at every target they may take.
    if !c.stones.pool.is_empty() && c.free(DieKind::Movement) > 0 {
        for cmd in spell_casts(s, i, true) {
            push(cmd);
        }
    }
    // Powerful: a stone for a die that is lacking.
    if c.has(Power::Powerful) && !c.stones.pool.is_empty() {
        let have: Vec<Ability> = v
            .iter()
            .filter_map(|p| match p {
                Command::Act { ability, .. } => Some(ability.clone()),
                _ => None,
            })
            .collect();
        for a in empowered_answers(s, i) {
            let cmd = Command::Empowered {
                who: i,
                ability: a.clone(),
                stone: None,
            };
            if !have.contains(&a) && !v.contains(&cmd) && check_answer(s, seat, &cmd) {
                v.push(cmd);
            }
        }
    }
    v
}

/// The answers a Powerful character might pay for with a stone: a Dodge when an attack on the
/// stack will be judged against it, a Block or Riposte against an enemy's attack, a Trip
/// against its Move or Dodge.
fn empowered_answers(s: &DndState, i: usize) -> Vec<Ability> {
    let party = s.chars[i].party;
    let mut v = Vec::new();
    if judged_against(s, i) {
        v.push(Ability::Dodge);
    }
    for e in &s.stack {
        for m in e.merged.iter().filter(|m| s.chars[m.by].party != party) {
            v.push(Ability::BlockMerged {
                onto: e.id,
                attacker: m.by,
            });
        }
    }
    for e in s.stack.iter().filter(|e| s.chars[e.by].party != party) {
        match e.ability {
            Ability::Jab { .. }
            | Ability::Finish { .. }
            | Ability::Trip { .. }
            | Ability::Riposte { .. } => {
                v.push(Ability::Block { entry: e.id });
                v.push(Ability::Riposte { entry: e.id });
            }
            Ability::Move { .. } | Ability::Dodge => v.push(Ability::Trip { entry: e.id }),
            _ => {}
        }
    }
    v
}

/// Every cast of a known spell by `i` at each target it may take (`quick`: the quick spells
/// only), unchecked.
pub fn spell_casts(s: &DndState, i: usize, quick: bool) -> Vec<Command> {
    use super::spells::Aim;
    let c = &s.chars[i];
    let mut v = Vec::new();
    for &spell in &c.spells {
        let Some(sp) = s.grimoire.spells.get(spell as usize) else {
            continue;
        };
        if quick && !sp.quick {
            continue;
        }
        let targets: Vec<u32> = match sp.effect.aim() {
            Aim::Enemy => s.alive(c.party.other()).map(|t| t as u32).collect(),
            Aim::Friend => s.alive(c.party).map(|t| t as u32).collect(),
            Aim::Spell => s
                .stack
                .iter()
                .filter(|e| {
                    matches!(e.ability, Ability::Cast { .. }) && s.chars[e.by].party != c.party
                })
                .map(|e| e.id)
                .collect(),
        };
        for target in targets {
            v.push(Command::Act {
                who: i,
                ability: Ability::Cast { spell, target },
            });
        }
    }
    v
}
