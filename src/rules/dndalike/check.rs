//! DnDalike commands checked against the state (illegal: a typed error, nothing changed): who
//! may act, paying costs, the stack and its answers, reach and sight. Resolution is
//! `resolve.rs`'s.

use super::command::Command;
use super::sheet::{DieKind, Pack, Power};
use super::spells::Aim;
use super::state::{Ability, DndState, Entry, MELEE_REACH, Phase, gap_at};
use crate::rules::core::{RuleError, Seat, Waiting, illegal};
use crate::table::geom::Pt;

/// Who may act now.
pub fn waiting(s: &DndState) -> Waiting {
    match &s.phase {
        Phase::Act => Waiting::Any(s.active_seats()),
        Phase::Respond { left } => Waiting::Each(left.clone()),
        Phase::Backlash { who } => {
            let mut v: Vec<Seat> = who.iter().map(|i| seat_of(s, *i)).collect();
            v.sort();
            v.dedup();
            Waiting::Each(v)
        }
        Phase::Camp => Waiting::Any(super::between::camp_seats(s)),
        Phase::Over(end) => Waiting::Over(end.clone()),
    }
}

/// Whether `by` may give `c` now.
pub fn check(s: &DndState, by: Seat, c: &Command) -> Result<(), RuleError> {
    waiting(s).admit(by, |x| format!("seat {x}"))?;
    let camp = matches!(c, Command::Rest { .. } | Command::Onward);
    if s.phase == Phase::Camp {
        return super::between::check(s, c);
    }
    if camp {
        return illegal("the party rests or goes on only between the fights of a delve");
    }
    match c {
        Command::Rest { .. } | Command::Onward => illegal("between fights only"),
        Command::Pass => match s.phase {
            Phase::Respond { .. } => Ok(()),
            _ => illegal("nothing is on the stack to answer: act or end the turn"),
        },
        Command::EndTurn => match s.phase {
            Phase::Act => Ok(()),
            Phase::Backlash { .. } => illegal("the turn is ending: the sorcerers choose first"),
            _ => illegal("the stack must empty before the turn ends: pass or respond"),
        },
        Command::Act { who, ability } => {
            if matches!(s.phase, Phase::Backlash { .. }) {
                return illegal("the turn is ending: the sorcerers choose first");
            }
            let responding = matches!(s.phase, Phase::Respond { .. });
            check_act(s, by, *who, ability, responding, None).map(|_| ())
        }
        Command::Empowered {
            who,
            ability,
            stone,
        } => {
            if matches!(s.phase, Phase::Backlash { .. }) {
                return illegal("the turn is ending: the sorcerers choose first");
            }
            let responding = matches!(s.phase, Phase::Respond { .. });
            check_act(s, by, *who, ability, responding, Some(*stone)).map(|_| ())
        }
        Command::DmChooses { who, ability } => {
            let responding = matches!(s.phase, Phase::Respond { .. });
            check_act(s, by, *who, ability, responding, None)?;
            dm_may_choose(s, *who, ability)
        }
        Command::Backlash { who, lose_stones } => {
            let Phase::Backlash { who: left } = &s.phase else {
                return illegal("no sorcerer has an end-of-turn choice to make");
            };
            let me = mine(s, by, *who)?;
            if !left.contains(who) {
                return illegal(why(|| format!("{} has no choice to make", me.name())));
            }
            if !lose_stones && !me.may_tire() {
                return illegal(why(|| {
                    format!(
                        "{} is at the fatigue maximum ({}): the stones must go",
                        me.name(),
                        me.sheet.max_fatigue()
                    )
                }));
            }
            Ok(())
        }
        Command::Merge { who, onto, .. } => {
            if !matches!(s.phase, Phase::Respond { .. }) {
                return illegal("an attack merges into a move on the stack");
            }
            check_merge(s, by, *who, *onto, None).map(|_| ())
        }
        Command::EmpoweredMerge {
            who, onto, stone, ..
        } => {
            if !matches!(s.phase, Phase::Respond { .. }) {
                return illegal("an attack merges into a move on the stack");
            }
            check_merge(s, by, *who, *onto, Some(*stone)).map(|_| ())
        }
    }
}

/// Whether `seat` could answer with `cmd` now if asked (who is asked is worked out from this).
pub fn check_answer(s: &DndState, seat: Seat, cmd: &Command) -> bool {
    quietly(|| check_answer_why(s, seat, cmd))
}

/// Whether `by` may give `c` now ([`check`] as yes or no, its reasons left unwritten): the
/// program asks this of every command it weighs.
pub fn allowed(s: &DndState, by: Seat, c: &Command) -> bool {
    quietly(|| check(s, by, c).is_ok())
}

thread_local! {
    /// Set while a refusal's reason would be thrown away unread.
    static QUIET: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
}

/// Runs `f` with refusals' reasons left unwritten ([`why`] gives an empty one).
fn quietly<T>(f: impl FnOnce() -> T) -> T {
    struct Restore(bool);
    impl Drop for Restore {
        fn drop(&mut self) {
            QUIET.set(self.0);
        }
    }
    let _restore = Restore(QUIET.replace(true));
    f()
}

/// A refusal's reason, written only when somebody may read it.
fn why(f: impl FnOnce() -> String) -> String {
    if QUIET.get() { String::new() } else { f() }
}

fn check_answer_why(s: &DndState, seat: Seat, cmd: &Command) -> bool {
    match cmd {
        Command::Act { who, ability } => check_act(s, seat, *who, ability, true, None).is_ok(),
        Command::Empowered {
            who,
            ability,
            stone,
        } => check_act(s, seat, *who, ability, true, Some(*stone)).is_ok(),
        Command::DmChooses { who, ability } => {
            check_act(s, seat, *who, ability, true, None).is_ok()
                && dm_may_choose(s, *who, ability).is_ok()
        }
        Command::Merge { who, onto, .. } => check_merge(s, seat, *who, *onto, None).is_ok(),
        Command::EmpoweredMerge {
            who, onto, stone, ..
        } => check_merge(s, seat, *who, *onto, Some(*stone)).is_ok(),
        _ => false,
    }
}

/// Checks a merge (paid with a stone if `stone`: the stone chosen, if any); returns the place
/// in the active pool of the stone that pays.
pub fn check_merge(
    s: &DndState,
    by: Seat,
    who: usize,
    onto: u32,
    stone: Option<Option<u8>>,
) -> Result<Option<u8>, RuleError> {
    let me = mine(s, by, who)?;
    // "you may spend spell stones as if they were action dice of any type": a stone pays the
    // merged attack's A die too.
    let paid = match stone {
        Some(choice) => Some(paying_stone(s, who, &Ability::Jab { target: 0 }, choice)?),
        None => None,
    };
    {
        {
            let Some(e) = s.entry(onto) else {
                return illegal(why(|| format!("nothing numbered {onto} is on the stack")));
            };
            if !matches!(e.ability, Ability::Move { .. }) {
                return illegal("attacks merge into a move only");
            }
            if s.chars[e.by].party == me.party {
                return illegal("merge into an enemy's move");
            }
            if me.sheet.ranged() {
                return illegal("a ranged attacker shoots instead (Jab or Finish)");
            }
            if paid.is_none() && me.free(DieKind::Attack) == 0 {
                return illegal(why(|| format!("{} has no Attack die left", me.name())));
            }
            if e.merged.iter().any(|m| m.by == who) {
                return illegal(why(|| {
                    format!("{} has merged an attack already", me.name())
                }));
            }
            // "stating at which point during the move you would like your attack to take over":
            // there must be such a point.
            if let Ability::Move { to } = e.ability
                && first_contact(s.chars[e.by].pos, to, me.pos).is_none()
            {
                return illegal(why(|| {
                    format!(
                        "{}'s move never comes within {}'s reach",
                        s.chars[e.by].name(),
                        me.name()
                    )
                }));
            }
            Ok(paid)
        }
    }
}

/// The stone `who` pays as a die for `a` (Powerful): `choice` (its place in the active pool)
/// if given, else [`default_stone`]. Refused without the power or a stone that can pay.
fn paying_stone(
    s: &DndState,
    who: usize,
    a: &Ability,
    choice: Option<u8>,
) -> Result<u8, RuleError> {
    let me = &s.chars[who];
    if !me.has(Power::Powerful) {
        return illegal(why(|| format!("{} has not the Powerful power", me.name())));
    }
    if me.stones.pool.is_empty() {
        return illegal(why(|| {
            format!("no spell stone in {}'s active pool", me.name())
        }));
    }
    match choice {
        Some(k) if (k as usize) < me.stones.pool.len() => {
            if !cast_payable_without(s, who, a, k as usize) {
                return illegal("the stones left in the active pool would not pay for the spell");
            }
            Ok(k)
        }
        Some(k) => illegal(why(|| {
            format!(
                "there is no stone {k} in {}'s active pool ({} there)",
                me.name(),
                me.stones.pool.len()
            )
        })),
        // With no stone that leaves a Cast payable, the last drawn: the Cast is refused below for
        // its stones.
        None => Ok(default_stone(s, who, a).unwrap_or(me.stones.pool.len() as u8 - 1)),
    }
}

/// Whether a Cast `a` (anything else: yes) can still pay its stones with the stone at `k` of
/// the active pool paid as its M die.
fn cast_payable_without(s: &DndState, who: usize, a: &Ability, k: usize) -> bool {
    let Ability::Cast { spell, .. } = a else {
        return true;
    };
    let Some(sp) = s.grimoire.spells.get(*spell as usize) else {
        return true;
    };
    let pool = &s.chars[who].stones.pool;
    let rest: Vec<u8> = (0..pool.len())
        .filter(|i| *i != k)
        .map(|i| pool[i])
        .collect();
    pick_stones(&rest, s.grimoire.school_of(*spell as usize) as u8, sp.level).is_some()
}

/// The stone the program pays as a die for `a` when the player names none: the one least
/// needed for spells. First a stone of a school none of `who`'s spells is of, then one of the
/// school with the most stones in the pool, the most recently drawn first; for a Cast, one that
/// leaves the spell's own stones payable. None if no stone can pay.
pub fn default_stone(s: &DndState, who: usize, a: &Ability) -> Option<u8> {
    let c = &s.chars[who];
    let pool = &c.stones.pool;
    let known: Vec<u8> = c
        .spells
        .iter()
        .map(|sp| s.grimoire.school_of(*sp as usize) as u8)
        .collect();
    let count = |k: u8| pool.iter().filter(|x| **x == k).count();
    let mut order: Vec<usize> = (0..pool.len()).rev().collect();
    order.sort_by_key(|i| {
        (
            known.contains(&pool[*i]),
            std::cmp::Reverse(count(pool[*i])),
        )
    });
    order
        .into_iter()
        .find(|i| cast_payable_without(s, who, a, *i))
        .map(|i| i as u8)
}

fn mine(s: &DndState, by: Seat, who: usize) -> Result<&super::state::Character, RuleError> {
    let Some(c) = s.chars.get(who) else {
        return illegal(why(|| format!("there is no character {who}")));
    };
    if c.seat != by {
        return illegal(why(|| format!("{} is not yours to play", c.name())));
    }
    if c.dead {
        return illegal(why(|| format!("{} is dead", c.name())));
    }
    Ok(c)
}

/// Checks an announcement (paid with a spell stone instead of a die if `stone`: the stone
/// chosen, if any); returns whether it costs a fatigue (Dodge and Exert, and a slow ability made
/// quick by Tumble or a two-handed weapon), and the place in the active pool of the stone that
/// pays.
pub fn check_act(
    s: &DndState,
    by: Seat,
    who: usize,
    a: &Ability,
    responding: bool,
    stone: Option<Option<u8>>,
) -> Result<(bool, Option<u8>), RuleError> {
    let me = mine(s, by, who)?;
    let choice = stone;
    let stone = choice.is_some();
    let own_turn = !responding && s.phase == Phase::Act && me.party == s.active;
    let (die, mut tired) = a.cost();
    let slow = a.slow()
        || matches!(a, Ability::Cast { spell, .. }
            if s.grimoire.spells.get(*spell as usize).is_some_and(|x| !x.quick));
    let mut paid = None;
    if let Some(choice) = choice {
        // "as if they were action dice of any type": a Cast's M die too, and one of Draw's.
        if die.is_none() {
            return illegal(why(|| {
                format!(
                    "a stone pays for an action die: {} has none to pay for",
                    a.label()
                )
            }));
        }
        paid = Some(paying_stone(s, who, a, choice)?);
    }
    if slow && !own_turn {
        // "Tumble - you may gain fatigue to perform slow Movement Actions as if they were quick";
        // a two-handed weapon: "gain a fatigue to perform any slow attack action as a quick
        // action"; a bow: "you may perform any slow attack action as a quick action".
        let attack = a.is_attack();
        let quick = if attack && me.sheet.pack == Pack::Bow {
            Some(false)
        } else if (attack && me.sheet.pack == Pack::TwoHanded)
            || (!attack && !a.is_spell() && me.has(Power::Tumble))
        {
            Some(true)
        } else {
            None
        };
        match quick {
            Some(f) => tired |= f,
            None => {
                return illegal(why(|| {
                    format!(
                        "{} is slow: only on {}'s own turn, with the stack empty",
                        a.label(),
                        me.name()
                    )
                }));
            }
        }
    }
    if !own_turn && !responding {
        return illegal("not your party's turn");
    }
    // A stone pays for one die (Draw's other M is paid as usual).
    let need = if matches!(a, Ability::Draw) { 2 } else { 1 } - usize::from(stone);
    if let Some(k) = die
        && me.free(k) < need
    {
        return illegal(if need == 1 {
            format!("{} has no {} die left", me.name(), k.letter())
        } else {
            format!("{} has not {need} {} dice left", me.name(), k.letter())
        });
    }
    if tired && !me.may_tire() {
        return illegal(why(|| {
            format!(
                "{} is at the fatigue maximum ({}): no more fatigue by choice",
                me.name(),
                me.sheet.max_fatigue()
            )
        }));
    }
    let enemy = |t: usize| -> Result<(), RuleError> {
        let Some(c) = s.chars.get(t) else {
            return illegal(why(|| format!("there is no character {t}")));
        };
        if c.dead {
            return illegal(why(|| format!("{} is dead", c.name())));
        }
        if c.party == me.party {
            return illegal(why(|| format!("{} is on your side", c.name())));
        }
        if !in_reach(s, who, t) {
            return illegal(if me.sheet.ranged() {
                format!("{} cannot see {}", me.name(), c.name())
            } else {
                format!("{} is not next to {}", c.name(), me.name())
            });
        }
        Ok(())
    };
    match a {
        Ability::Move { to } => {
            let d = me.pos.dist(*to);
            if !to.is_finite() || d > me.sheet.speed + 1e-3 {
                return illegal(why(|| {
                    format!(
                        "{:.1}\" is beyond {}'s movement rate of {}\"",
                        d,
                        me.name(),
                        me.sheet.speed
                    )
                }));
            }
            if !s.table.contains_base(*to, super::state::BASE) {
                return illegal("the base would leave the table");
            }
            if let Some(p) = blocked_on_the_way(s, me.pos, *to) {
                return illegal(why(|| {
                    format!(
                        "the way is blocked at ({:.1}, {:.1}): moves go in a straight line",
                        p.x, p.y
                    )
                }));
            }
            if let Some(o) =
                s.chars.iter().enumerate().find(|(j, o)| {
                    *j != who && !o.dead && o.pos.dist(*to) < super::state::BASE - 1e-3
                })
            {
                return illegal(why(|| format!("{} stands there", o.1.name())));
            }
        }
        Ability::Dodge => {}
        Ability::Jab { target } | Ability::Finish { target } => enemy(*target)?,
        Ability::BlockMerged { onto, attacker } => {
            if me.sheet.pack != Pack::Shield {
                return illegal("Block needs a shield");
            }
            let e = stacked(s, *onto)?;
            if !e.merged.iter().any(|m| m.by == *attacker) {
                return illegal(why(|| {
                    format!("no attack by {} is merged into that", s.name(*attacker))
                }));
            }
            let target = e.by;
            if target != who && gap_at(me.pos, s.chars[target].pos) > MELEE_REACH {
                return illegal(why(|| {
                    format!(
                        "{} is not within melee range of {}",
                        s.name(target),
                        me.name()
                    )
                }));
            }
        }
        Ability::Block { entry } => {
            if me.sheet.pack != Pack::Shield {
                return illegal("Block needs a shield");
            }
            let e = stacked(s, *entry)?;
            let target = attacked(s, e)
                .ok_or_else(|| RuleError::Illegal("Block cancels an attack".into()))?;
            if target != who && gap_at(me.pos, s.chars[target].pos) > MELEE_REACH {
                return illegal(why(|| {
                    format!(
                        "{} is not within melee range of {}",
                        s.name(target),
                        me.name()
                    )
                }));
            }
        }
        Ability::Trip { entry } => {
            if !me.has(Power::Trip) {
                return illegal(why(|| format!("{} has not the Trip power", me.name())));
            }
            let e = stacked(s, *entry)?;
            // "cancel target movement ability": a Move or a Dodge (both need M dice; a spell
            // action's M dice make it no movement action).
            if !e.ability.is_movement() {
                return illegal("Trip cancels a movement ability (Move or Dodge)");
            }
            enemy(e.by)?;
        }
        Ability::Riposte { entry } => {
            if !me.has(Power::Riposte) {
                return illegal(why(|| format!("{} has not the Riposte power", me.name())));
            }
            let e = stacked(s, *entry)?;
            let melee = attacked(s, e).is_some() && !s.chars[e.by].sheet.ranged();
            if !melee {
                return illegal("Riposte cancels a melee attack");
            }
            enemy(e.by)?;
        }
        Ability::Draw => {
            if !me.sheet.sorcerer() {
                return illegal(why(|| format!("{} has no spell stones", me.name())));
            }
            if me.stones.bag.is_empty() {
                return illegal(why(|| format!("{}'s bag of stones is empty", me.name())));
            }
        }
        Ability::Cast { spell, target } => {
            let Some(sp) = s.grimoire.spells.get(*spell as usize) else {
                return illegal(why(|| format!("there is no spell {spell}")));
            };
            if !me.spells.contains(spell) {
                return illegal(why(|| format!("{} does not know {}", me.name(), sp.name)));
            }
            let school = s.grimoire.school_of(*spell as usize);
            // A stone paying the M die is not there to pay the spell's O.
            let pool: Vec<u8> = (0..me.stones.pool.len())
                .filter(|i| paid != Some(*i as u8))
                .map(|i| me.stones.pool[i])
                .collect();
            if pick_stones(&pool, school as u8, sp.level).is_none() {
                return illegal(why(|| {
                    format!(
                        "{} takes {} in the active pool, one of them {}",
                        sp.name,
                        if sp.level == 1 {
                            "a stone".to_string()
                        } else {
                            format!("{} stones", sp.level)
                        },
                        sp.school
                    )
                }));
            }
            match sp.effect.aim() {
                Aim::Enemy | Aim::Friend => {
                    let t = *target as usize;
                    let Some(c) = s.chars.get(t) else {
                        return illegal(why(|| format!("there is no character {t}")));
                    };
                    if c.dead {
                        return illegal(why(|| format!("{} is dead", c.name())));
                    }
                    let friend = sp.effect.aim() == Aim::Friend;
                    if (c.party == me.party) != friend {
                        return illegal(if friend {
                            format!(
                                "{} is cast on a friend, and {} is an enemy",
                                sp.name,
                                c.name()
                            )
                        } else {
                            format!("{} is on your side", c.name())
                        });
                    }
                    if t != who && !sees(s, who, t) {
                        return illegal(why(|| format!("{} cannot see {}", me.name(), c.name())));
                    }
                }
                Aim::Spell => {
                    let e = stacked(s, *target)?;
                    if !matches!(e.ability, Ability::Cast { .. }) {
                        return illegal(why(|| format!("{} cancels a spell", sp.name)));
                    }
                }
            }
        }
        Ability::Exert { die } => {
            if !me.has(Power::Exert) {
                return illegal(why(|| format!("{} has not the Exert power", me.name())));
            }
            if me.spent(*die) == 0 {
                return illegal(why(|| {
                    format!("{} has no spent {} die", me.name(), die.letter())
                }));
            }
        }
    }
    Ok((tired, paid))
}

/// Which stones of `pool` pay for a spell of `school` and `level`: one of the school ("at
/// least one must match the school of magic"), then other schools' stones before more of its
/// own (kept for the next spell of the school). None if the pool cannot pay.
pub fn pick_stones(pool: &[u8], school: u8, level: u32) -> Option<smallvec::SmallVec<[u8; 3]>> {
    let level = level as usize;
    let first = pool.iter().position(|k| *k == school)?;
    if pool.len() < level {
        return None;
    }
    let mut v: smallvec::SmallVec<[u8; 3]> = smallvec::smallvec![first as u8];
    let others = (0..pool.len()).filter(|i| *i != first && pool[*i] != school);
    let same = (0..pool.len()).filter(|i| *i != first && pool[*i] == school);
    v.extend(others.chain(same).take(level - 1).map(|i| i as u8));
    Some(v)
}

/// The first point of the straight way from `a` to `b` (every quarter inch and the end) where a
/// base cannot stand for the terrain: walls, pillars, impassable ground.
fn blocked_on_the_way(s: &DndState, a: Pt, b: Pt) -> Option<Pt> {
    let t = s.sight.0.as_ref()?;
    // Only a piece near the way or impassable ground can stop it: most moves need no walk.
    let r = super::state::BASE / 2.0;
    let near = |c: Pt, rad: f32| segment_distance(a, b, c) < rad + r;
    if !t.impassable_ground && !t.blockers.iter().any(|(c, rad)| near(*c, *rad)) {
        return None;
    }
    // The same way is asked again and again (the program weighs each seat's moves at every
    // step): the answer depends on the terrain only, so it is kept.
    let key = [a.x.to_bits(), a.y.to_bits(), b.x.to_bits(), b.y.to_bits()];
    if let Some(v) = t.walked.lock().ok().and_then(|m| m.get(&key).copied()) {
        return v;
    }
    let steps = (a.dist(b) / 0.25).ceil().max(1.0) as usize;
    let v = (1..=steps)
        .map(|k| a.add(b.sub(a).scale(k as f32 / steps as f32)))
        .find(|p| {
            !crate::table::movement::can_stand(&s.table, &t.scene, super::state::BASE / 2.0, *p)
        });
    if let Ok(mut m) = t.walked.lock() {
        if m.len() > 200_000 {
            m.clear();
        }
        m.insert(key, v);
    }
    v
}

/// The distance from `c` to the segment from `a` to `b`.
fn segment_distance(a: Pt, b: Pt, c: Pt) -> f32 {
    let d = b.sub(a);
    let len2 = d.x * d.x + d.y * d.y;
    let t = if len2 <= 1e-9 {
        0.0
    } else {
        ((c.x - a.x) * d.x + (c.y - a.y) * d.y) / len2
    };
    c.dist(a.add(d.scale(t.clamp(0.0, 1.0))))
}

fn stacked(s: &DndState, id: u32) -> Result<&Entry, RuleError> {
    s.entry(id)
        .ok_or_else(|| RuleError::Illegal(format!("nothing numbered {id} is on the stack")))
}

/// The character whose armour class an attack entry is judged against: a Jab's or Finish's
/// target, or the owner of the stacked ability a Trip or Riposte aims at ("Attacks can either
/// target a character or stacked ability of a character ... against the target's armour class").
/// None for an entry that is no attack, or aims at an ability no longer on the stack.
pub fn attacked(s: &DndState, e: &Entry) -> Option<usize> {
    match e.ability {
        Ability::Jab { target } | Ability::Finish { target } => Some(target),
        Ability::Trip { entry } | Ability::Riposte { entry } => s.entry(entry).map(|t| t.by),
        _ => None,
    }
}

/// "Melee attackers must be next to their target. Ranged attackers must be able to see their
/// target."
pub fn in_reach(s: &DndState, by: usize, target: usize) -> bool {
    let (a, t) = (&s.chars[by], &s.chars[target]);
    if a.sheet.ranged() {
        sees(s, by, target)
    } else {
        a.gap(t) <= MELEE_REACH
    }
}

/// Line of sight between two characters from the table's own geometry (the level's terrain;
/// characters do not block it).
pub fn sees(s: &DndState, a: usize, b: usize) -> bool {
    use crate::table::model::{Model, ModelId};
    let (pa, pb) = (s.chars[a].pos, s.chars[b].pos);
    s.sight.sees(pa, pb, |scene| {
        // Sight needs only the two models from the table (the terrain is in the scene).
        let mut t = crate::table::Table::new(s.table.width, s.table.depth, s.table.width.max(1.0));
        for (id, p) in [(1, pa), (2, pb)] {
            let mut m = Model::new(id, 1, "", super::state::BASE, 1.6, p, 0.0);
            m.h = s.table.surface_height(p);
            t.models.push(m);
        }
        scene
            .line_of_sight(&t, ModelId(1), ModelId(2), false)
            .map(|l| l.verdict != crate::table::sight::Verdict::None)
            .unwrap_or(false)
    })
}

/// Whether `who`'s `ability` is a ranged attack into a melee, where the DM may choose the target.
fn dm_may_choose(s: &DndState, who: usize, ability: &Ability) -> Result<(), RuleError> {
    let target = match ability {
        Ability::Jab { target } | Ability::Finish { target } => target,
        Ability::Trip { entry } | Ability::Riposte { entry } => match s.entry(*entry) {
            Some(e) => &e.by,
            None => return illegal("the DM chooses the target of a ranged attack only"),
        },
        _ => return illegal("the DM chooses the target of a ranged attack only"),
    };
    if !s.chars[who].sheet.ranged() {
        return illegal(why(|| format!("{} has no ranged weapon", s.name(who))));
    }
    if in_melee_with(s, who, *target).is_empty() {
        return illegal(why(|| {
            format!(
                "nobody else is in melee with {}: shoot at it",
                s.name(*target)
            )
        }));
    }
    Ok(())
}

/// The first fraction of the way from `a` to `b` at which a base there is within melee reach
/// of a base at `c` (None if it never is).
pub fn first_contact(a: Pt, b: Pt, c: Pt) -> Option<f32> {
    // A thousandth inside the reach, so that the point found is within it after rounding.
    let r = super::state::BASE + MELEE_REACH - 1e-3;
    let d = b.sub(a);
    let f = a.sub(c);
    let (qa, qb, qc) = (
        d.x * d.x + d.y * d.y,
        2.0 * (f.x * d.x + f.y * d.y),
        f.x * f.x + f.y * f.y - r * r,
    );
    if qc <= 0.0 {
        return Some(0.0);
    }
    if qa <= 1e-9 {
        return None;
    }
    let disc = qb * qb - 4.0 * qa * qc;
    if disc < 0.0 {
        return None;
    }
    let t = (-qb - disc.sqrt()) / (2.0 * qa);
    (0.0..=1.0).contains(&t).then_some(t)
}

/// The living characters other than the shooter `by` within melee range of `target`.
pub fn in_melee_with(s: &DndState, by: usize, target: usize) -> Vec<usize> {
    (0..s.chars.len())
        .filter(|j| *j != target && *j != by && !s.chars[*j].dead)
        .filter(|j| gap_at(s.chars[*j].pos, s.chars[target].pos) <= MELEE_REACH)
        .collect()
}

/// What a Trip or Riposte made against `target` instead ("they instead make their attack
/// against another character of the DMs choice") aims at: that character's topmost stacked
/// ability of the kind it cancels (a movement ability; a melee attack), else nothing
/// (`u32::MAX`: it resolves without effect).
pub fn aim_instead(s: &DndState, a: &Ability, target: usize) -> u32 {
    let fits = |e: &Entry| match a {
        Ability::Trip { .. } => e.ability.is_movement(),
        Ability::Riposte { .. } => attacked(s, e).is_some() && !s.chars[e.by].sheet.ranged(),
        _ => false,
    };
    s.stack
        .iter()
        .rev()
        .find(|e| e.by == target && fits(e))
        .map_or(u32::MAX, |e| e.id)
}

/// The seat that plays character `who`.
pub fn seat_of(s: &DndState, who: usize) -> Seat {
    s.chars.get(who).map_or(0, |c| c.seat)
}
