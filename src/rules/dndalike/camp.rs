//! Between fights: skills ("two parts to completing a skill: progress and completion"), and
//! resting with a watch kept. Pure functions over a party's characters and the game's dice,
//! each returning what happened; every reading of the text is in `assets/rules/dndalike.md`.

use super::parts::{Character, Stones};
use super::sheet::Power;
use crate::dice::{Dice, DiceExpr};
use serde::{Deserialize, Serialize};

/// The skill a watch is kept with ("They must make a skill roll").
pub const WATCH: &str = "Watch";

/// A task that takes some time: its progress requirement (secret until a completion attempt
/// "reveals" it), the difficulty of each progress attempt, the progress so far, and the
/// attempts each character has made.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Task {
    pub skill: String,
    pub requirement: u32,
    /// Taken off each progress saving throw.
    pub difficulty: i32,
    pub progress: u32,
    pub attempts: Vec<(usize, u32)>,
}

impl Task {
    pub fn new(skill: &str, requirement: u32, difficulty: i32) -> Self {
        Task {
            skill: skill.into(),
            requirement,
            difficulty,
            progress: 0,
            attempts: Vec::new(),
        }
    }

    pub fn attempts_by(&self, who: usize) -> u32 {
        self.attempts
            .iter()
            .find(|(w, _)| *w == who)
            .map_or(0, |(_, n)| *n)
    }
}

/// "Skilled - gain a rank in any one Skill": the ranks a sheet has in `skill` (each Skilled
/// power names its skill in the sheet's `skills`).
pub fn rank(c: &Character, skill: &str) -> u32 {
    c.sheet
        .skills
        .iter()
        .filter(|s| s.as_str() == skill)
        .count() as u32
}

/// "A character may only attempt to progress task a certain number of times, depending on
/// their expertise" (the "Skill Level / Maximum Progress attempts" table is missing): one
/// attempt untrained, one more for each rank.
pub fn max_attempts(rank: u32) -> u32 {
    1 + rank
}

/// What happened between fights.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub enum CampEvent {
    /// A progress attempt: the saving throw (the die against `need`: fatigue plus the
    /// difficulty less the INT bonus).
    Progress {
        who: usize,
        roll: u32,
        need: i32,
        ok: bool,
    },
    /// A completion attempt: a die for each progress, their total against the requirement.
    Completion {
        dice: Vec<u32>,
        /// The completer's INT bonus ("all skill rolls"), in the total.
        #[serde(default)]
        bonus: i32,
        total: u32,
        requirement: u32,
        ok: bool,
    },
    /// A watcher gains a fatigue and forgoes the rest.
    Watching { who: usize },
    /// A rester recuperates.
    Rested {
        who: usize,
        fatigue_lost: i32,
        wound_healed: bool,
        damage_healed: u32,
        stones_back: bool,
    },
    /// The watch failed: "the party is ambushed instead".
    Ambushed,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CampError(pub String);

impl std::fmt::Display for CampError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

fn refuse<T>(why: impl Into<String>) -> Result<T, CampError> {
    Err(CampError(why.into()))
}

fn d6(dice: &mut Dice, why: &'static str) -> Result<u32, CampError> {
    dice.roll_total(&DiceExpr::new(1, 6), why)
        .map(|v| v as u32)
        .map_err(|e| CampError(e.to_string()))
}

/// "A character may attempt to progress a task by succeeding in a saving throw": d6 less the
/// task's difficulty plus the INT bonus ("all skill rolls") against the character's fatigue, a
/// natural 6 always and a natural 1 never, with advantage for Lucky.
pub fn progress(
    task: &mut Task,
    chars: &[Character],
    who: usize,
    dice: &mut Dice,
) -> Result<CampEvent, CampError> {
    let Some(c) = chars.get(who).filter(|c| !c.dead) else {
        return refuse(format!("there is no living character {who}"));
    };
    let made = task.attempts_by(who);
    let max = max_attempts(rank(c, &task.skill));
    if made >= max {
        return refuse(format!(
            "{} has made all {max} progress attempts at {}: complete it or leave it",
            c.name(),
            task.skill
        ));
    }
    let roll = if c.has(Power::Lucky) {
        let (a, b) = (d6(dice, "progress (Lucky)")?, d6(dice, "progress (Lucky)")?);
        a.max(b)
    } else {
        d6(dice, "progress")?
    };
    // INT's bonus goes to "all skill rolls": taken off what the die must reach.
    let need = c.fatigue + task.difficulty - c.sheet.skill_bonus();
    let ok = roll == 6 || (roll != 1 && roll as i32 >= need);
    match task.attempts.iter_mut().find(|(w, _)| *w == who) {
        Some((_, n)) => *n += 1,
        None => task.attempts.push((who, 1)),
    }
    if ok {
        task.progress += 1;
    }
    Ok(CampEvent::Progress {
        who,
        roll,
        need,
        ok,
    })
}

/// "A character may attempt to complete a task by revealing the progress requirement of the
/// task, and rolling a die for each progress on the task. If the dice result is equal to or
/// greater than the task's progress requirement then the task is successfully completed."
/// The completion roll of nobody's (no bonus): see [`complete_by`].
pub fn complete(task: &Task, dice: &mut Dice) -> Result<CampEvent, CampError> {
    complete_with(task, 0, dice)
}

/// [`complete`] by character `c`: a skill roll of `c`'s ("A character may attempt to complete a
/// task by ... rolling"), so INT's bonus to "all skill rolls" is added to the dice's total.
pub fn complete_by(task: &Task, c: &Character, dice: &mut Dice) -> Result<CampEvent, CampError> {
    complete_with(task, c.sheet.skill_bonus(), dice)
}

fn complete_with(task: &Task, bonus: i32, dice: &mut Dice) -> Result<CampEvent, CampError> {
    let mut rolled = Vec::new();
    for _ in 0..task.progress {
        rolled.push(d6(dice, "completion")?);
    }
    let sum: u32 = rolled.iter().sum();
    let total = (sum as i32 + bonus).max(0) as u32;
    Ok(CampEvent::Completion {
        dice: rolled,
        bonus,
        total,
        requirement: task.requirement,
        ok: total >= task.requirement,
    })
}

/// A rest: who keeps watch, and the fatigue each rester agrees to keep ("reduce the amount of
/// fatigue they will lose during their rest in order to reduce the progress requirement").
#[derive(Debug, Clone, PartialEq, Default)]
pub struct RestPlan {
    pub watch: Vec<usize>,
    pub keep: Vec<(usize, i32)>,
    /// "a difficulty equal to 1 + the level of the dungeon they are on".
    pub dungeon_level: i32,
}

/// "Resting characters remove all fatigue, regain all spell stones and removes one wound. One
/// or more characters may forgo these benefits and gain a fatigue to keep watch. They must make
/// a skill roll with a difficulty equal to 1 + the level of the dungeon they are on and a
/// progress requirement equal to the total fatigue of all resting characters. On a success all
/// other characters are recuperated. On a failure the party is ambushed instead."
///
/// The watchers make every progress attempt their rank allows, then the completion roll. With
/// nobody on watch there is no roll: the party is ambushed. `chars` is changed only as the
/// events say.
pub fn rest(
    chars: &mut [Character],
    plan: &RestPlan,
    dice: &mut Dice,
) -> Result<Vec<CampEvent>, CampError> {
    check_rest(chars, plan)?;
    let resting: Vec<usize> = (0..chars.len())
        .filter(|i| !chars[*i].dead && !plan.watch.contains(i))
        .collect();
    let kept = |i: usize| {
        plan.keep
            .iter()
            .find(|(w, _)| *w == i)
            .map_or(0, |(_, k)| (*k).max(0))
    };
    let reduced = plan.keep.iter().any(|(_, k)| *k > 0);
    let mut events = Vec::new();
    for &w in &plan.watch {
        chars[w].fatigue += 1;
        events.push(CampEvent::Watching { who: w });
    }
    let requirement = requirement(chars, plan);
    let ok = if plan.watch.is_empty() {
        false
    } else {
        let mut task = Task::new(WATCH, requirement as u32, 1 + plan.dungeon_level);
        for &w in &plan.watch {
            while task.attempts_by(w) < max_attempts(rank(&chars[w], WATCH)) {
                events.push(progress(&mut task, chars, w, dice)?);
            }
        }
        // The completion roll is made by the watcher with the best INT (the first of them on a
        // tie).
        let by = plan
            .watch
            .iter()
            .copied()
            .min_by_key(|w| std::cmp::Reverse(chars[*w].sheet.skill_bonus()))
            .unwrap_or(plan.watch[0]);
        let done = complete_by(&task, &chars[by], dice)?;
        let ok = matches!(done, CampEvent::Completion { ok: true, .. });
        events.push(done);
        ok
    };
    if !ok {
        events.push(CampEvent::Ambushed);
        return Ok(events);
    }
    for i in resting {
        let c = &mut chars[i];
        let floor = c.sheet.armour.fatigue() + kept(i);
        let fatigue_lost = (c.fatigue - floor).max(0);
        // The damage of one wound: its share of the total, rounded down (the dice of each
        // wound are not kept apart). A reduced rest heals no wound and returns no stone.
        let share = c.damage.checked_div(c.wounds).filter(|_| !reduced);
        let e = CampEvent::Rested {
            who: i,
            fatigue_lost,
            wound_healed: share.is_some(),
            damage_healed: share.unwrap_or(0),
            stones_back: !reduced && c.sheet.sorcerer(),
        };
        recuperate(c, &e);
        events.push(e);
    }
    Ok(events)
}

/// What a [`CampEvent::Rested`] does to the character: fatigue lost, a wound and its share of
/// the damage healed, every stone back in the bag.
pub fn recuperate(c: &mut Character, e: &CampEvent) {
    let CampEvent::Rested {
        fatigue_lost,
        wound_healed,
        damage_healed,
        stones_back,
        ..
    } = e
    else {
        return;
    };
    c.fatigue -= fatigue_lost;
    if *wound_healed {
        c.wounds = c.wounds.saturating_sub(1);
        c.damage = c.damage.saturating_sub(*damage_healed);
    }
    if *stones_back {
        let st = c.stones;
        let mut bag = st.bag;
        bag.extend(st.pool.iter().chain(&*st.discard).chain(&*st.lost).copied());
        bag.sort_unstable();
        c.stones = Stones {
            bag,
            ..Default::default()
        };
    }
}

/// "a progress requirement equal to the total fatigue of all resting characters": the fatigue
/// the resters would lose (their armour's and what they keep stay), the watchers' new fatigue
/// not counted (they do not rest).
pub fn requirement(chars: &[Character], plan: &RestPlan) -> i32 {
    let kept = |i: usize| {
        plan.keep
            .iter()
            .find(|(w, _)| *w == i)
            .map_or(0, |(_, k)| (*k).max(0))
    };
    (0..chars.len())
        .filter(|i| !chars[*i].dead && !plan.watch.contains(i))
        .map(|i| {
            let c = &chars[i];
            (c.fatigue - c.sheet.armour.fatigue() - kept(i)).max(0)
        })
        .sum()
}

/// Whether the rest `plan` may be taken by `chars` (no dice rolled): the watchers living and
/// able to tire, someone resting, and no more fatigue kept than a rester has to lose.
pub fn check_rest(chars: &[Character], plan: &RestPlan) -> Result<(), CampError> {
    for (k, &w) in plan.watch.iter().enumerate() {
        if plan.watch[..k].contains(&w) {
            return refuse(format!("character {w} is named twice on watch"));
        }
        let Some(c) = chars.get(w).filter(|c| !c.dead) else {
            return refuse(format!("there is no living character {w} to keep watch"));
        };
        if !c.may_tire() {
            return refuse(format!(
                "{} is at the fatigue maximum: too tired to keep watch",
                c.name()
            ));
        }
    }
    let resting: Vec<usize> = (0..chars.len())
        .filter(|i| !chars[*i].dead && !plan.watch.contains(i))
        .collect();
    if resting.is_empty() {
        return refuse("nobody would rest");
    }
    for &(i, k) in &plan.keep {
        if !resting.contains(&i) || k < 0 {
            return refuse(format!("character {i} keeps no fatigue: not resting"));
        }
        let c = &chars[i];
        if k > c.fatigue - c.sheet.armour.fatigue() {
            return refuse(format!(
                "{} has only {} fatigue to lose",
                c.name(),
                c.fatigue - c.sheet.armour.fatigue()
            ));
        }
    }
    Ok(())
}
