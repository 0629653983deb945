//! DnDalike commands resolved with the game's dice, once checked (`check.rs`): paying and
//! rolling costs, the stack, responses, and resolution top first.

use super::apply::apply;
use super::check::{
    attacked, check, check_act, check_merge, first_contact, in_melee_with, in_reach, pick_stones,
    seat_of, sees, waiting,
};
use super::command::{Command, Event};
use super::sheet::{DieKind, Power};
use super::spells::{Aim, Effect};
use super::state::{Ability, DndState, Entry, Merged, Party, Phase};
use crate::dice::{Dice, DiceExpr};
use crate::rules::core::{GameEnd, RuleError, Seat};
use crate::table::geom::Pt;

struct Ctx<'a> {
    s: DndState,
    events: Vec<Event>,
    dice: &'a mut Dice,
}

const D6: DiceExpr = DiceExpr::new(1, 6);

impl Ctx<'_> {
    fn emit(&mut self, e: Event) {
        apply(&mut self.s, &e);
        self.events.push(e);
    }

    fn d6(&mut self, why: &'static str) -> Result<u32, RuleError> {
        Ok(self.dice.roll_total(&D6, why)? as u32)
    }
}

/// Resolves `c` by `by` with the dice: its events.
pub fn resolve(
    s: &DndState,
    by: Seat,
    c: &Command,
    dice: &mut Dice,
) -> Result<Vec<Event>, RuleError> {
    check(s, by, c)?;
    let mut x = Ctx {
        s: s.clone(),
        events: Vec::with_capacity(8),
        dice,
    };
    match c {
        Command::Rest { .. } | Command::Onward => {
            return super::between::resolve(s, c, x.dice);
        }
        Command::Act { who, ability } => {
            let responding = matches!(s.phase, Phase::Respond { .. });
            let (tired, _) = check_act(s, by, *who, ability, responding, None)?;
            announce(&mut x, *who, ability, tired, None, false)?;
            respond_or_resolve(&mut x)?;
        }
        Command::Empowered {
            who,
            ability,
            stone,
        } => {
            let responding = matches!(s.phase, Phase::Respond { .. });
            let (tired, paid) = check_act(s, by, *who, ability, responding, Some(*stone))?;
            announce(&mut x, *who, ability, tired, paid, false)?;
            respond_or_resolve(&mut x)?;
        }
        Command::DmChooses { who, ability } => {
            let responding = matches!(s.phase, Phase::Respond { .. });
            let (tired, _) = check_act(s, by, *who, ability, responding, None)?;
            announce(&mut x, *who, ability, tired, None, true)?;
            respond_or_resolve(&mut x)?;
        }
        Command::Backlash { who, lose_stones } => {
            if *lose_stones {
                x.emit(Event::StonesLost { who: *who });
            } else {
                x.emit(Event::Tired {
                    who: *who,
                    why: "the end-of-turn backlash, stones kept".into(),
                });
            }
            let Phase::Backlash { who: left } = &x.s.phase else {
                unreachable!("checked")
            };
            let left: Vec<usize> = left.iter().copied().filter(|i| i != who).collect();
            if left.is_empty() {
                end_turn(&mut x);
            } else {
                x.emit(Event::Phase(Phase::Backlash { who: left }));
            }
        }
        Command::Merge { who, onto, finish } => {
            let roll = x.d6("attack die (A)")?;
            x.emit(Event::MergedInto {
                onto: *onto,
                merged: Merged {
                    by: *who,
                    finish: *finish,
                    roll,
                },
                stone: false,
            });
            respond_or_resolve(&mut x)?;
        }
        Command::EmpoweredMerge {
            who,
            onto,
            finish,
            stone,
        } => {
            let at = check_merge(s, by, *who, *onto, Some(*stone))?.unwrap_or(0);
            // "The stone counts as a natural 6, but you must roll a saving throw as if you were
            // casting a spell."
            x.emit(Event::Paid {
                who: *who,
                at: smallvec::smallvec![at],
            });
            x.emit(Event::MergedInto {
                onto: *onto,
                merged: Merged {
                    by: *who,
                    finish: *finish,
                    roll: 6,
                },
                stone: true,
            });
            casting_save(&mut x, *who, 1, None)?;
            respond_or_resolve(&mut x)?;
        }
        Command::Pass => {
            let Phase::Respond { left } = &x.s.phase else {
                unreachable!("checked")
            };
            let left: Vec<Seat> = left.iter().copied().filter(|s| *s != by).collect();
            if left.is_empty() {
                resolve_top(&mut x)?;
                respond_or_resolve(&mut x)?;
            } else {
                x.emit(Event::Phase(Phase::Respond { left }));
            }
        }
        Command::EndTurn => {
            // "At the end of their turn sorcerers must take a saving throw."
            let sorcerers: Vec<usize> =
                x.s.alive(x.s.active)
                    .filter(|i| x.s.chars[*i].sheet.sorcerer())
                    .collect();
            let mut failed = Vec::new();
            for i in sorcerers {
                if !save(&mut x, i, 0, 0, "a sorcerer's end of turn")?.0 {
                    failed.push(i);
                }
            }
            if failed.is_empty() {
                end_turn(&mut x);
            } else {
                x.emit(Event::Phase(Phase::Backlash { who: failed }));
            }
        }
    }
    Ok(x.events)
}

/// The end of turn step once the end-of-turn effects are done: dice replenished, the other
/// party's turn.
fn end_turn(x: &mut Ctx) {
    let next = x.s.active.other();
    let round = x.s.round + u32::from(next == x.s.first);
    x.emit(Event::TurnEnds { next, round });
    x.emit(Event::Phase(Phase::Act));
}

/// "Announce the ability you wish to perform, pay its cost, roll the dice of the cost, and put
/// it on the stack", with what a spell or a stone paid as a die adds.
fn announce(
    x: &mut Ctx,
    who: usize,
    ability: &Ability,
    tired: bool,
    stone: Option<u8>,
    forgo: bool,
) -> Result<(), RuleError> {
    let draw = matches!(ability, Ability::Draw);
    // A stone pays the die (for Draw, the second of its two M dice).
    let spent = if stone.is_some() && !draw {
        None
    } else {
        ability.cost().0
    };
    let roll = match spent {
        Some(k) => Some(x.d6(roll_why(k))?),
        // "The stone counts as a natural 6".
        None if stone.is_some() => Some(6),
        None => None,
    };
    let id = x.s.next_id;
    let entry = Entry {
        id,
        by: who,
        ability: ability.clone(),
        roll,
        merged: Default::default(),
    };
    x.emit(Event::Announced {
        entry: entry.clone(),
        spent,
        tired,
    });
    if draw && stone.is_none() {
        let r = x.d6(roll_why(DieKind::Movement))?;
        x.emit(Event::Spent {
            who,
            die: DieKind::Movement,
            roll: r,
        });
    }
    if let Some(at) = stone {
        // The stone chosen pays (for a Cast, its M: the spell's stones are picked from the rest
        // below); "you must roll a saving throw as if you were casting a spell" (of level 1:
        // one stone).
        x.emit(Event::Paid {
            who,
            at: smallvec::smallvec![at],
        });
        casting_save(x, who, 1, None)?;
    }
    if let Ability::Cast { spell, .. } = ability {
        let sp = &x.s.grimoire.spells[*spell as usize];
        let level = sp.level;
        let school = x.s.grimoire.school_of(*spell as usize) as u8;
        let at = pick_stones(&x.s.chars[who].stones.pool, school, level).expect("checked");
        x.emit(Event::Paid { who, at });
        casting_save(x, who, level as i32, Some(&entry))?;
    }
    // "Characters making a ranged attack against a character with one or more characters in
    // melee range": a bow's Trip or Riposte is a ranged attack on the owner of the ability it
    // aims at.
    let aimed = match ability {
        Ability::Jab { target } | Ability::Finish { target } => Some(*target),
        Ability::Trip { entry } | Ability::Riposte { entry } => x.s.entry(*entry).map(|e| e.by),
        _ => None,
    };
    if let Some(target) = aimed
        && x.s.chars[who].sheet.ranged()
    {
        into_melee(x, id, who, target, forgo)?;
    }
    Ok(())
}

/// "Make a saving throw with a negative penalty equal to the spell's level. On a failure the
/// spell is still cast, but the sorcerer must gain a fatigue. On a natural 6, as well as being
/// an automatic success, the character must gain a fatigue and put another copy of the spell
/// on the stack at no cost." (`copy`: the spell's entry; none for a stone paid as a die.)
fn casting_save(
    x: &mut Ctx,
    who: usize,
    level: i32,
    copy: Option<&Entry>,
) -> Result<(), RuleError> {
    let (ok, roll) = save(x, who, level, 0, "casting")?;
    if !ok {
        tire(x, who, "a failed casting save", None)?;
    } else if roll == 6 {
        tire(x, who, "a natural 6 when casting", None)?;
        if let Some(e) = copy
            && !x.s.chars[who].dead
        {
            let id = x.s.next_id;
            x.emit(Event::Announced {
                entry: Entry {
                    id,
                    roll: None,
                    merged: Default::default(),
                    ..e.clone()
                },
                spent: None,
                tired: false,
            });
        }
    }
    Ok(())
}

fn roll_why(k: DieKind) -> &'static str {
    match k {
        DieKind::Movement => "movement die (M)",
        DieKind::Attack => "attack die (A)",
        DieKind::Shield => "shield die (S)",
    }
}

/// "Characters making a ranged attack against a character with one or more characters in melee
/// range must gain a fatigue and then make a saving throw. If they fail then they instead make
/// their attack against another character of the DMs choice (who will usually determine
/// randomly)."
/// With `forgo` ("The character may forgo the fatigue and the saving throw to just let the DM
/// choose"), no fatigue and no save: the DM's choice (rolled) among the target and the others in
/// its melee range.
fn into_melee(
    x: &mut Ctx,
    id: u32,
    by: usize,
    target: usize,
    forgo: bool,
) -> Result<(), RuleError> {
    let near = in_melee_with(&x.s, by, target);
    if near.is_empty() {
        return Ok(());
    }
    // "You may only voluntarily gain fatigue up to your fatigue maximum": at the maximum the
    // shooter cannot gain this fatigue and must forgo it and the save, letting the DM choose.
    let forgo = forgo || !x.s.chars[by].may_tire();
    let choices: Vec<usize> = if forgo {
        std::iter::once(target).chain(near).collect()
    } else {
        tire(x, by, "shooting into melee", None)?;
        if save(x, by, 0, 0, "shooting into melee")?.0 {
            return Ok(());
        }
        near
    };
    let k = x.dice.roll_total(
        &DiceExpr::new(1, choices.len() as u32),
        "the DM's choice of target",
    )? as usize;
    if choices[k - 1] != target {
        x.emit(Event::Retargeted {
            id,
            target: choices[k - 1],
        });
    }
    Ok(())
}

/// After something went on the stack or resolved: ask who may respond, else resolve the top;
/// with the stack empty, back to the active party (or the fight is over).
fn respond_or_resolve(x: &mut Ctx) -> Result<(), RuleError> {
    loop {
        if over(x) {
            return Ok(());
        }
        if x.s.stack.is_empty() {
            if x.s.phase != Phase::Act {
                x.emit(Event::Phase(Phase::Act));
            }
            return Ok(());
        }
        let left = super::answers::responders(&x.s);
        if !left.is_empty() {
            x.emit(Event::Phase(Phase::Respond { left }));
            return Ok(());
        }
        resolve_top(x)?;
    }
}

/// The fight ends when a party has nobody left.
fn over(x: &mut Ctx) -> bool {
    if matches!(x.s.phase, Phase::Over(_) | Phase::Camp) {
        return true;
    }
    for p in [Party::Heroes, Party::Monsters] {
        if x.s.alive(p).next().is_none() {
            // A delve's fight won with encounters ahead (or the wandering monsters beaten):
            // the party makes camp.
            if p == Party::Monsters
                && let Some(d) = &x.s.delve
                && d.next().is_some()
            {
                x.emit(Event::FightWon);
                return true;
            }
            let mut winners: Vec<Seat> = x.s.alive(p.other()).map(|i| x.s.chars[i].seat).collect();
            winners.sort();
            winners.dedup();
            let mut text = format!("{} win: {} are all dead", cap(p.other().label()), p.label());
            if let Some(d) = &x.s.delve {
                text = match p {
                    Party::Monsters => format!(
                        "The heroes win the delve: {}, all {} encounters cleared",
                        d.plan.name,
                        d.plan.encounters.len()
                    ),
                    Party::Heroes => format!(
                        "{text}, at {} ({} of {} encounters cleared)",
                        d.current().name,
                        d.encounter + usize::from(d.ambush),
                        d.plan.encounters.len()
                    ),
                };
            }
            x.emit(Event::Phase(Phase::Over(GameEnd { winners, text })));
            return true;
        }
    }
    false
}

fn cap(s: &str) -> String {
    let mut c = s.chars();
    c.next()
        .map(|f| f.to_uppercase().collect::<String>() + c.as_str())
        .unwrap_or_default()
}

/// "When all players decline to do anything, the top ability on the stack will resolve."
fn resolve_top(x: &mut Ctx) -> Result<(), RuleError> {
    let Some(e) = x.s.stack.last().cloned() else {
        return Ok(());
    };
    x.emit(Event::Resolving { id: e.id });
    let me = e.by;
    if x.s.chars[me].dead {
        return Ok(());
    }
    let roll = e.roll.unwrap_or(0);
    match &e.ability {
        // "Raise your AC to M": the M die with the DEX bonus ("movement rolls").
        Ability::Dodge => x.emit(Event::Raised {
            who: me,
            ac: x.s.value(&e),
        }),
        Ability::Move { to } => {
            x.emit(Event::Raised {
                who: me,
                ac: x.s.value(&e),
            });
            walk(x, &e, *to)?;
        }
        Ability::Jab { target } => strike(x, me, *target, roll, false, Some(e.id))?,
        Ability::Finish { target } => strike(x, me, *target, roll, true, Some(e.id))?,
        Ability::Exert { die } => x.emit(Event::Regained { who: me, die: *die }),
        Ability::Draw => {
            let n = x.s.chars[me].stones.bag.len();
            if n == 0 {
                x.emit(Event::Failed {
                    who: me,
                    why: "the bag of stones is empty".into(),
                });
            } else {
                let k = x
                    .dice
                    .roll_total(&DiceExpr::new(1, n as u32), "the stone drawn from the bag")?;
                x.emit(Event::Drawn {
                    who: me,
                    at: k as usize - 1,
                });
            }
        }
        Ability::Cast { spell, target } => cast(x, &e, *spell, *target)?,
        Ability::BlockMerged { onto, attacker } => {
            let mover = x.s.entry(*onto).map(|t| t.by);
            let merged =
                x.s.entry(*onto)
                    .and_then(|t| t.merged.iter().find(|m| m.by == *attacker))
                    .cloned();
            if let (Some(m), Some(mover)) = (merged, mover) {
                let a = m.roll as i32 + x.s.chars[m.by].sheet.attack_bonus();
                if a <= roll as i32 {
                    x.emit(Event::Unmerged {
                        onto: *onto,
                        by: m.by,
                        why: format!("blocked: A {a} against S {roll}"),
                    });
                    // Heavy Hitter: the blocked attack is an attack "successful or not" (it
                    // would have taken over within reach: the merge needs such a point).
                    if x.s.chars[m.by].has(Power::HeavyHitter)
                        && !x.s.chars[m.by].dead
                        && !x.s.chars[mover].dead
                    {
                        tire(x, mover, "Heavy Hitter", Some(e.id))?;
                    }
                } else {
                    x.emit(Event::Failed {
                        who: me,
                        why: format!("Block fails: the attack's A {a} is above S {roll}"),
                    });
                }
            }
        }
        Ability::Block { entry } => {
            if let Some(t) = x.s.entry(*entry).cloned() {
                if x.s.chars[t.by].sheet.ranged() {
                    cancel(x, vec![t.id], "blocked".into(), Some(e.id))?;
                    x.emit(Event::Regained {
                        who: me,
                        die: DieKind::Shield,
                    });
                } else if x.s.value(&t) <= roll as i32 {
                    let why = format!("blocked: A {} against S {roll}", x.s.value(&t));
                    cancel(x, vec![t.id], why, Some(e.id))?;
                } else {
                    x.emit(Event::Failed {
                        who: me,
                        why: format!(
                            "Block fails: the attack's A {} is above S {roll}",
                            x.s.value(&t)
                        ),
                    });
                }
            }
        }
        Ability::Trip { entry } | Ability::Riposte { entry } => {
            if let Some(t) = x.s.entry(*entry).cloned() {
                let owner = t.by;
                let riposte = matches!(e.ability, Ability::Riposte { .. });
                let reach = in_reach(&x.s, me, owner);
                let ac = x.s.chars[owner].ac();
                let bonus = x.s.chars[me].sheet.attack_bonus();
                // "cancel target melee attack that has an A equal to or less than your A": both
                // A with their owners' STR.
                let outdone = riposte && x.s.value(&t) > x.s.value(&e);
                let hit = reach && hits(roll, bonus, ac) && !outdone;
                x.emit(Event::Judged {
                    by: me,
                    target: owner,
                    roll,
                    ac,
                    hit,
                    why: if !reach {
                        "out of reach"
                    } else if outdone && hits(roll, bonus, ac) {
                        "the attack's A is above the riposte's"
                    } else {
                        ""
                    }
                    .into(),
                });
                if reach && x.s.chars[me].has(Power::HeavyHitter) && !x.s.chars[owner].dead {
                    // "Each attack (successful or not) forces the target to gain a fatigue."
                    tire(x, owner, "Heavy Hitter", Some(e.id))?;
                }
                if hit && x.s.entry(t.id).is_some() {
                    cancel(x, vec![t.id], e.ability.label().to_lowercase(), Some(e.id))?;
                }
                if hit && !x.s.chars[owner].dead {
                    // A Trip or Riposte that hits is "a successful attack that does not cause a
                    // wound": "a saving throw with advantage or cancel all of their stacked
                    // abilities".
                    shaken(x, owner, 1, Some(e.id), "hit without a wound")?;
                }
            }
        }
    }
    Ok(())
}

/// A spell resolving: "On a failure the spell is still cast", so it takes effect unless its
/// target is gone (dead, out of the caster's sight, or no longer on the stack).
fn cast(x: &mut Ctx, e: &Entry, spell: u8, target: u32) -> Result<(), RuleError> {
    let me = e.by;
    let Some(sp) = x.s.grimoire.spells.get(spell as usize).cloned() else {
        return Ok(());
    };
    let t = target as usize;
    if sp.effect.aim() != Aim::Spell {
        let gone = x.s.chars.get(t).is_none_or(|c| c.dead);
        if gone || (t != me && !sees(&x.s, me, t)) {
            x.emit(Event::Failed {
                who: me,
                why: format!(
                    "{} fails: {} is {}",
                    sp.name,
                    x.s.name(t),
                    if gone { "dead" } else { "out of sight" }
                ),
            });
            return Ok(());
        }
    }
    match sp.effect {
        Effect::Bolt { wounds } => wound(x, t, wounds, Some(e.id))?,
        Effect::Drain { fatigue } => {
            for _ in 0..fatigue {
                if !x.s.chars[t].dead {
                    tire(x, t, "a spell", Some(e.id))?;
                }
            }
        }
        Effect::Ward { ac } => x.emit(Event::Raised { who: t, ac }),
        Effect::Mend { fatigue } => {
            let c = &x.s.chars[t];
            let off = (fatigue as i32).min(c.fatigue - c.sheet.armour.fatigue());
            if off > 0 {
                x.emit(Event::Mended {
                    who: t,
                    fatigue: off,
                });
            }
        }
        Effect::Doom => finishing_blow(x, t)?,
        Effect::Unweave => {
            if x.s.entry(target).is_some() {
                x.emit(Event::Cancelled {
                    ids: vec![target],
                    why: format!("unwoven by {}'s {}", x.s.name(me), sp.name),
                });
            } else {
                x.emit(Event::Failed {
                    who: me,
                    why: format!("{} fails: the spell is no longer on the stack", sp.name),
                });
            }
        }
    }
    Ok(())
}

/// "Any attack roll of a natural 6 is an automatic hit. Similarly, a natural 1 is an automatic
/// miss." Otherwise the attack die with the attacker's STR bonus ("attack rolls") "equal to or
/// greater than the target's armour class at resolution".
pub fn hits(roll: u32, bonus: i32, ac: i32) -> bool {
    roll == 6 || (roll != 1 && roll as i32 + bonus >= ac)
}

/// An attack by `by` on `target` with A `roll` judged now.
fn strike(
    x: &mut Ctx,
    by: usize,
    target: usize,
    roll: u32,
    finish: bool,
    resolving: Option<u32>,
) -> Result<(), RuleError> {
    if x.s.chars[target].dead {
        return Ok(());
    }
    let reach = in_reach(&x.s, by, target);
    let ac = x.s.chars[target].ac();
    let hit = reach && hits(roll, x.s.chars[by].sheet.attack_bonus(), ac);
    x.emit(Event::Judged {
        by,
        target,
        roll,
        ac,
        hit,
        why: if !reach {
            "out of reach"
        } else if roll == 6 {
            "a natural 6"
        } else if roll == 1 {
            "a natural 1"
        } else {
            ""
        }
        .into(),
    });
    if !reach {
        return Ok(());
    }
    if x.s.chars[by].has(Power::HeavyHitter) {
        tire(x, target, "Heavy Hitter", resolving)?;
    }
    if !hit || x.s.chars[target].dead {
        return Ok(());
    }
    if finish {
        finishing_blow(x, target)?;
        if !x.s.chars[target].dead {
            // "If they suffer a successful attack that does not cause a wound then they must
            // make a saving throw with advantage or cancel all of their stacked abilities."
            shaken(x, target, 1, resolving, "hit without a wound")?;
        }
    } else {
        let n = x.s.chars[by].sheet.wounds_per_hit();
        wound(x, target, n, resolving)?;
    }
    Ok(())
}

/// Wounds: d6 damage each in secret (counted openly for a lesser character); with abilities on
/// the stack, a saving throw or all of them are cancelled.
fn wound(x: &mut Ctx, who: usize, count: u32, resolving: Option<u32>) -> Result<(), RuleError> {
    let mut damage = 0;
    if !x.s.chars[who].sheet.lesser {
        // "their controller adds d6 points of damage in secret": the die is that seat's secret.
        let seat = x.s.chars[who].seat;
        for _ in 0..count {
            damage += x.dice.roll_secret(&D6, "damage (secret)", seat)? as u32;
        }
    }
    x.emit(Event::Wounded { who, count, damage });
    shaken(x, who, 0, resolving, "wounded")
}

/// "make a saving throw or cancel all of their stacked abilities" (`advantage` 1 for a hit
/// without a wound). "An ability that is already being resolved cannot be cancelled".
fn shaken(
    x: &mut Ctx,
    who: usize,
    advantage: i32,
    resolving: Option<u32>,
    why: &'static str,
) -> Result<(), RuleError> {
    let ids: Vec<u32> =
        x.s.stack
            .iter()
            .filter(|e| e.by == who && Some(e.id) != resolving)
            .map(|e| e.id)
            .collect();
    if ids.is_empty() {
        return Ok(());
    }
    if !save(x, who, 0, advantage, why)?.0 {
        let why = format!("{} failed the saving throw", x.s.name(who));
        cancel(x, ids, why, resolving)?;
    }
    Ok(())
}

/// Entries `ids` leave the stack without resolving. "Heavy Hitter - Each attack (successful or
/// not) forces the target to gain a fatigue": a Heavy Hitter's attack cancelled before it
/// resolves (blocked, riposted, lost to a failed saving throw) is an attack that did not
/// succeed, and its target gains the fatigue, when the attacker lives and the target is within
/// its reach (as for an attack that resolves). `resolving`: the ability being resolved.
fn cancel(
    x: &mut Ctx,
    ids: Vec<u32>,
    why: String,
    resolving: Option<u32>,
) -> Result<(), RuleError> {
    let tired: Vec<(usize, usize)> = ids
        .iter()
        .filter_map(|id| x.s.entry(*id))
        .filter(|e| e.ability.is_attack() && x.s.chars[e.by].has(Power::HeavyHitter))
        .filter_map(|e| attacked(&x.s, e).map(|t| (e.by, t)))
        .collect();
    x.emit(Event::Cancelled { ids, why });
    for (by, t) in tired {
        if !x.s.chars[by].dead && !x.s.chars[t].dead && in_reach(&x.s, by, t) {
            tire(x, t, "Heavy Hitter", resolving)?;
        }
    }
    Ok(())
}

/// Gains a fatigue; "You must take a wound for each fatigue you gain beyond your maximum."
fn tire(
    x: &mut Ctx,
    who: usize,
    why: &'static str,
    resolving: Option<u32>,
) -> Result<(), RuleError> {
    x.emit(Event::Tired {
        who,
        why: why.into(),
    });
    let c = &x.s.chars[who];
    if c.fatigue > c.sheet.max_fatigue() {
        wound(x, who, 1, resolving)?;
    }
    Ok(())
}

/// "A character makes a saving throw by rolling d6 and meeting or exceeding their current
/// fatigue. A natural 6 is always a success. A natural 1 is always a failure." `penalty` is
/// taken off the die; `advantage` above 0 rolls twice keeping the higher, below 0 the lower
/// (Lucky adds one: "advantage on all saving throws"; they cancel).
fn save(
    x: &mut Ctx,
    who: usize,
    penalty: i32,
    advantage: i32,
    why: &'static str,
) -> Result<(bool, u32), RuleError> {
    let c = &x.s.chars[who];
    let adv = advantage + i32::from(c.has(Power::Lucky));
    let need = c.fatigue;
    let expr = match adv.signum() {
        1 => DiceExpr::parse("2d6kh1").expect("valid"),
        -1 => DiceExpr::parse("2d6kl1").expect("valid"),
        _ => D6,
    };
    let roll = x.dice.roll_total(&expr, "saving throw")? as u32;
    let ok = roll == 6 || (roll != 1 && roll as i32 - penalty >= need);
    x.emit(Event::Saved {
        who,
        roll,
        need: need + penalty,
        ok,
        why: why.into(),
    });
    Ok((ok, roll))
}

/// "When a character suffers a finishing blow they must reveal their damage total. If it is
/// equal to or greater than their health then they die immediately." A lesser character rolls
/// all their wounds now, and the damage is not kept.
fn finishing_blow(x: &mut Ctx, who: usize) -> Result<(), RuleError> {
    let c = &x.s.chars[who];
    let health = c.sheet.max_health();
    let total = if c.sheet.lesser {
        let n = c.wounds;
        let mut t = 0;
        for _ in 0..n {
            t += x.d6("a lesser character's wounds")?;
        }
        t
    } else {
        c.damage
    };
    let dies = total as i32 >= health;
    x.emit(Event::Revealed {
        who,
        total,
        health,
        dies,
    });
    if dies {
        x.emit(Event::Died { who });
        // "If a character dies with abilities on the stack then all of their abilities are
        // immediately canceled."
        let ids: Vec<u32> =
            x.s.stack
                .iter()
                .filter(|e| e.by == who)
                .map(|e| e.id)
                .collect();
        if !ids.is_empty() {
            x.emit(Event::Cancelled {
                ids,
                why: format!("{} is dead", x.s.name(who)),
            });
        }
    }
    Ok(())
}

/// A move resolving: along the straight line to `to`; each merged attack takes over where the
/// mover first comes within its reach, then the move goes on.
fn walk(x: &mut Ctx, e: &Entry, to: Pt) -> Result<(), RuleError> {
    let me = e.by;
    let from = x.s.chars[me].pos;
    let mut takes: Vec<(f32, &Merged)> = e
        .merged
        .iter()
        .filter_map(|m| first_contact(from, to, x.s.chars[m.by].pos).map(|t| (t, m)))
        .collect();
    takes.sort_by(|a, b| a.0.total_cmp(&b.0));
    for (t, m) in takes {
        if x.s.chars[me].dead || x.s.chars[m.by].dead {
            continue;
        }
        let at = from.add(to.sub(from).scale(t));
        if at.dist(x.s.chars[me].pos) > 1e-4 {
            x.emit(Event::Moved { who: me, to: at });
        }
        strike(x, m.by, me, m.roll, m.finish, Some(e.id))?;
    }
    if !x.s.chars[me].dead {
        x.emit(Event::Moved { who: me, to });
    }
    Ok(())
}

/// Whose is the command, for hot-seat play: the seat playing the character it names, else the
/// first seat waited on.
pub fn natural_seat(s: &DndState, c: &Command) -> Seat {
    match c {
        Command::Act { who, .. }
        | Command::Merge { who, .. }
        | Command::Empowered { who, .. }
        | Command::EmpoweredMerge { who, .. }
        | Command::DmChooses { who, .. }
        | Command::Backlash { who, .. } => seat_of(s, *who),
        _ => waiting(s).seats().first().copied().unwrap_or(1),
    }
}
