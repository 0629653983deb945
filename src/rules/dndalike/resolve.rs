//! DnDalike commands checked (illegal: a typed error, nothing changed) and resolved with the
//! game's dice: paying and rolling costs, the stack, responses, and resolution top first.

use super::command::{Command, Event, apply, seat_of};
use super::sheet::{DieKind, Pack, Power};
use super::spells::{Aim, Effect};
use super::state::{Ability, DndState, Entry, MELEE_REACH, Merged, Party, Phase, gap_at};
use crate::dice::{Dice, DiceExpr};
use crate::rules::core::{GameEnd, RuleError, Seat, Waiting, illegal};
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
                return illegal(why(|| format!(
                    "{} is at the fatigue maximum ({}): the stones must go",
                    me.name(),
                    me.sheet.max_fatigue()
                )));
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
fn check_merge(
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
                return illegal(why(|| format!("{} has merged an attack already", me.name())));
            }
            // "stating at which point during the move you would like your attack to take over":
            // there must be such a point.
            if let Ability::Move { to } = e.ability
                && first_contact(s.chars[e.by].pos, to, me.pos).is_none()
            {
                return illegal(why(|| format!(
                    "{}'s move never comes within {}'s reach",
                    s.chars[e.by].name(),
                    me.name()
                )));
            }
            Ok(paid)
        }
    }
}

/// The stone `who` pays as a die for `a` (Powerful): `choice` (its place in the active pool)
/// if given, else [`default_stone`]. Refused without the power or a stone that can pay.
fn paying_stone(s: &DndState, who: usize, a: &Ability, choice: Option<u8>) -> Result<u8, RuleError> {
    let me = &s.chars[who];
    if !me.has(Power::Powerful) {
        return illegal(why(|| format!("{} has not the Powerful power", me.name())));
    }
    if me.stones.pool.is_empty() {
        return illegal(why(|| format!("no spell stone in {}'s active pool", me.name())));
    }
    match choice {
        Some(k) if (k as usize) < me.stones.pool.len() => {
            if !cast_payable_without(s, who, a, k as usize) {
                return illegal("the stones left in the active pool would not pay for the spell");
            }
            Ok(k)
        }
        Some(k) => illegal(why(|| format!(
            "there is no stone {k} in {}'s active pool ({} there)",
            me.name(),
            me.stones.pool.len()
        ))),
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
    let rest: Vec<u8> = (0..pool.len()).filter(|i| *i != k).map(|i| pool[i]).collect();
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
    order.sort_by_key(|i| (known.contains(&pool[*i]), std::cmp::Reverse(count(pool[*i]))));
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
fn check_act(
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
            return illegal(why(|| format!(
                "a stone pays for an action die: {} has none to pay for",
                a.label()
            )));
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
                return illegal(why(|| format!(
                    "{} is slow: only on {}'s own turn, with the stack empty",
                    a.label(),
                    me.name()
                )));
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
        return illegal(why(|| format!(
            "{} is at the fatigue maximum ({}): no more fatigue by choice",
            me.name(),
            me.sheet.max_fatigue()
        )));
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
                return illegal(why(|| format!(
                    "{:.1}\" is beyond {}'s movement rate of {}\"",
                    d,
                    me.name(),
                    me.sheet.speed
                )));
            }
            if !s.table.contains_base(*to, super::state::BASE) {
                return illegal("the base would leave the table");
            }
            if let Some(p) = blocked_on_the_way(s, me.pos, *to) {
                return illegal(why(|| format!(
                    "the way is blocked at ({:.1}, {:.1}): moves go in a straight line",
                    p.x, p.y
                )));
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
                return illegal(why(|| format!(
                    "no attack by {} is merged into that",
                    s.name(*attacker)
                )));
            }
            let target = e.by;
            if target != who && gap_at(me.pos, s.chars[target].pos) > MELEE_REACH {
                return illegal(why(|| format!(
                    "{} is not within melee range of {}",
                    s.name(target),
                    me.name()
                )));
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
                return illegal(why(|| format!(
                    "{} is not within melee range of {}",
                    s.name(target),
                    me.name()
                )));
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
                return illegal(why(|| format!(
                    "{} takes {} in the active pool, one of them {}",
                    sp.name,
                    if sp.level == 1 {
                        "a stone".to_string()
                    } else {
                        format!("{} stones", sp.level)
                    },
                    sp.school
                )));
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
                return illegal(why(|| format!("{} has no spent {} die", me.name(), die.letter())));
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
        return illegal(why(|| format!(
            "nobody else is in melee with {}: shoot at it",
            s.name(*target)
        )));
    }
    Ok(())
}

/// The living characters other than the shooter `by` within melee range of `target`.
pub fn in_melee_with(s: &DndState, by: usize, target: usize) -> Vec<usize> {
    (0..s.chars.len())
        .filter(|j| *j != target && *j != by && !s.chars[*j].dead)
        .filter(|j| gap_at(s.chars[*j].pos, s.chars[target].pos) <= MELEE_REACH)
        .collect()
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
            let merged = x
                .s
                .entry(*onto)
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
fn cancel(x: &mut Ctx, ids: Vec<u32>, why: String, resolving: Option<u32>) -> Result<(), RuleError> {
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
