//! The program at a DnDalike fight: its choices, among the answers the rules offer
//! ([`super::answers`]). It plays the monsters as the dungeon master (and may
//! play heroes): it moves into contact, jabs, finishes wounded enemies, dodges an attack that
//! would otherwise wound, blocks, trips and ripostes.

use super::answers::spell_casts;
use super::check::{allowed, check_answer, first_contact, in_reach};
use super::command::Command;
use super::marker::DndGame;
use super::resolve::hits;
use super::sheet::DieKind;
use super::state::{Ability, BASE, DndState, Phase};
use crate::rules::core::{Seat, Skill};
use crate::table::geom::Pt;

/// The program's command for `seat`, if the game waits on it.
pub fn choose(s: &DndState, seat: Seat) -> Option<Command> {
    choose_at(s, seat, Skill::Normal)
}

/// The program's command for `seat` at `skill` (Hard chooses as Normal here).
pub fn choose_at(s: &DndState, seat: Seat, skill: Skill) -> Option<Command> {
    let easy = skill == Skill::Easy;
    match &s.phase {
        Phase::Over(_) => None,
        Phase::Camp => super::between::program_choice(s, seat),
        Phase::Backlash { who } => {
            let &i = who.iter().find(|i| s.chars[**i].seat == seat)?;
            let c = &s.chars[i];
            // Keep the stones while the fatigue is well below the maximum.
            let nothing_to_lose = c.stones.pool.is_empty() && c.stones.discard.is_empty();
            let lose_stones = nothing_to_lose || c.fatigue + 2 >= c.sheet.max_fatigue();
            Some(Command::Backlash {
                who: i,
                lose_stones: lose_stones || !c.may_tire(),
            })
        }
        Phase::Respond { left } => {
            if !left.contains(&seat) {
                return None;
            }
            if easy {
                return Some(Command::Pass);
            }
            Some(answer(s, seat).unwrap_or(Command::Pass))
        }
        Phase::Act => {
            if !s.active_seats().contains(&seat) {
                return None;
            }
            // One seat's end of turn ends the party's: only when none of the party's seats has
            // anything left to do (a person's seat ends it for them).
            let mine = if easy {
                act(s, seat, true)
            } else {
                kept_act(s, seat)
            };
            mine.or_else(|| {
                s.active_seats()
                    .into_iter()
                    .filter(|o| *o != seat)
                    .all(|o| kept_act(s, o).is_none())
                    .then_some(Command::EndTurn)
            })
        }
    }
}

/// An answer worth giving: dodge or block an attack on one of ours that would hit, trip a
/// move, riposte a weak attack, or merge an attack into an enemy's move that passes by.
fn answer(s: &DndState, seat: Seat) -> Option<Command> {
    let top = s.stack.last()?;
    let ours = |i: usize| s.chars[i].seat == seat && !s.chars[i].dead;
    if s.chars[top.by].seat == seat {
        return None;
    }
    match top.ability {
        Ability::Cast { .. } => {
            // Unweave an enemy's spell.
            (0..s.chars.len())
                .filter(|i| ours(*i))
                .flat_map(|i| spell_casts(s, i, true))
                .find(|c| {
                    matches!(c, Command::Act { ability: Ability::Cast { target, .. }, .. } if *target == top.id)
                        && check_answer(s, seat, c)
                })
        }
        Ability::Jab { target } | Ability::Finish { target } if ours(target) => {
            let die = top.roll.unwrap_or(0);
            // The attack's A with its STR bonus, what a ward or a dodge must beat.
            let a = s.value(top).max(0) as u32;
            let t = &s.chars[target];
            if die == 6 || !hits(die, s.chars[top.by].sheet.attack_bonus(), t.ac()) {
                return None;
            }
            // A ward that lifts the armour class above the attack die.
            for i in (0..s.chars.len()).filter(|i| ours(*i)) {
                for c in spell_casts(s, i, true) {
                    if let Command::Act {
                        ability: Ability::Cast { spell, target: w },
                        ..
                    } = &c
                        && *w as usize == target
                        && matches!(
                            s.grimoire.spells[*spell as usize].effect,
                            super::spells::Effect::Ward { ac } if ac > a as i32
                        )
                        && check_answer(s, seat, &c)
                    {
                        return Some(c);
                    }
                }
            }
            // A block by anyone of ours that stops it for sure.
            for i in (0..s.chars.len()).filter(|i| ours(*i)) {
                let b = Command::Act {
                    who: i,
                    ability: Ability::Block { entry: top.id },
                };
                if s.chars[i].sheet.pack == super::sheet::Pack::Shield
                    && check_answer(s, seat, &b)
                    && a <= 3
                {
                    return Some(b);
                }
            }
            // A dodge whose M (with DEX) may beat the attack's A.
            let dodge = Command::Act {
                who: target,
                ability: Ability::Dodge,
            };
            ((a as i32) < 6 + t.sheet.movement_bonus()
                && check_answer(s, seat, &dodge)
                && t.fatigue + 1 < t.sheet.max_fatigue())
            .then_some(dodge)
        }
        Ability::Move { to } => {
            for i in (0..s.chars.len()).filter(|i| ours(*i)) {
                let me = &s.chars[i];
                let from = s.chars[top.by].pos;
                if first_contact(from, to, me.pos).is_some() {
                    let m = Command::Merge {
                        who: i,
                        onto: top.id,
                        finish: false,
                    };
                    if check_answer(s, seat, &m) {
                        return Some(m);
                    }
                }
            }
            None
        }
        _ => None,
    }
}

/// The expected damage of `n` secret wounds (3.5 each), as the program guesses an enemy's
/// total (it sees the wounds, never the damage).
fn guessed(wounds: u32) -> f32 {
    3.5 * wounds as f32
}

/// [`act`], kept with the state until it changes: deciding whether a seat may end the turn asks
/// what every other seat would do, and each of them is asked again when its turn to choose comes.
fn kept_act(s: &DndState, seat: Seat) -> Option<Command> {
    if let Some(c) = s.memo.get(seat) {
        return c;
    }
    let c = act(s, seat, false);
    s.memo.put(seat, c.clone());
    c
}

/// A slow action for one of the seat's characters on its turn (at Easy: the nearest enemy
/// struck, never finished).
fn act(s: &DndState, seat: Seat, easy: bool) -> Option<Command> {
    let mine: Vec<usize> = (0..s.chars.len())
        .filter(|i| s.chars[*i].seat == seat && !s.chars[*i].dead && s.chars[*i].party == s.active)
        .collect();
    for &i in &mine {
        let me = &s.chars[i];
        let enemies: Vec<usize> = s.alive(me.party.other()).collect();
        // Attack: finish a target that is likely done, else jab the most wounded in reach.
        if me.free(DieKind::Attack) > 0 {
            // The most wounded first, then the nearest (sight is asked only until one is seen).
            let mut by_wounds = enemies.clone();
            by_wounds.sort_by(|a, b| {
                let (ca, cb) = (&s.chars[*a], &s.chars[*b]);
                let wounds = if easy {
                    std::cmp::Ordering::Equal
                } else {
                    cb.wounds.cmp(&ca.wounds)
                };
                wounds.then(me.pos.dist(ca.pos).total_cmp(&me.pos.dist(cb.pos)))
            });
            if let Some(t) = by_wounds.into_iter().find(|t| in_reach(s, i, *t)) {
                let tc = &s.chars[t];
                let finish = !easy
                    && tc.wounds > 0
                    && guessed(tc.wounds) >= tc.sheet.max_health() as f32 * 0.8;
                let ability = if finish {
                    Ability::Finish { target: t }
                } else {
                    Ability::Jab { target: t }
                };
                let cmd = Command::Act { who: i, ability };
                if allowed(s, seat, &cmd) {
                    return Some(cmd);
                }
            }
        }
        // A spell the pool can pay: a finishing spell on a likely-done enemy, a bolt or a
        // drain on the most wounded enemy in sight, a mend on a tired friend.
        if !me.stones.pool.is_empty()
            && me.free(DieKind::Movement) > 0
            && let Some(c) = best_cast(s, seat, i)
        {
            return Some(c);
        }
        // Powerful: a stone as an attack die (a natural 6) when the A dice are spent.
        if me.has(super::sheet::Power::Powerful)
            && me.free(DieKind::Attack) == 0
            && !me.stones.pool.is_empty()
            && me.fatigue + 2 < me.sheet.max_fatigue()
            && let Some(t) = enemies.iter().copied().find(|t| in_reach(s, i, *t))
        {
            let tc = &s.chars[t];
            let ability =
                if tc.wounds > 0 && guessed(tc.wounds) >= tc.sheet.max_health() as f32 * 0.8 {
                    Ability::Finish { target: t }
                } else {
                    Ability::Jab { target: t }
                };
            let cmd = Command::Empowered {
                who: i,
                ability,
                stone: None,
            };
            if allowed(s, seat, &cmd) {
                return Some(cmd);
            }
        }
        // Draw a stone when the pool pays for no spell.
        if me.sheet.sorcerer() && me.free(DieKind::Movement) >= 2 && !me.stones.bag.is_empty() {
            let cmd = Command::Act {
                who: i,
                ability: Ability::Draw,
            };
            if best_cast(s, seat, i).is_none() && allowed(s, seat, &cmd) {
                return Some(cmd);
            }
        }
        // Move: into contact with the nearest enemy, as far as the movement rate goes.
        // An archer moves only when it sees nobody to shoot.
        let shoots = me.sheet.ranged() && enemies.iter().any(|t| in_reach(s, i, *t));
        if me.free(DieKind::Movement) > 0 && !shoots {
            let engaged = s.engaged(i).next().is_some();
            if !engaged
                && let Some(&t) = enemies.iter().min_by(|a, b| {
                    me.pos
                        .dist(s.chars[**a].pos)
                        .total_cmp(&me.pos.dist(s.chars[**b].pos))
                })
            {
                let (places, grid) = approach(s, i, s.chars[t].pos);
                // Where the level has rock or pillars, only the places the grid can reach in a
                // straight line are worth the rules' exact (and dearer) check of the way; both
                // are asked only until a place passes.
                for to in places {
                    if grid.is_some_and(|g| !g.straight(me.pos, to)) {
                        continue;
                    }
                    let cmd = Command::Act {
                        who: i,
                        ability: Ability::Move { to },
                    };
                    if allowed(s, seat, &cmd) {
                        return Some(cmd);
                    }
                }
            }
        }
    }
    None
}

/// The spell worth casting now for `i`, if any.
fn best_cast(s: &DndState, seat: Seat, i: usize) -> Option<Command> {
    use super::spells::Effect;
    let mut best: Option<(f32, Command)> = None;
    for c in spell_casts(s, i, false) {
        let Command::Act {
            ability: Ability::Cast { spell, target },
            ..
        } = &c
        else {
            continue;
        };
        let sp = &s.grimoire.spells[*spell as usize];
        let t = *target as usize;
        let worth = match sp.effect {
            Effect::Doom => {
                let tc = &s.chars[t];
                if tc.wounds > 0 && guessed(tc.wounds) >= tc.sheet.max_health() as f32 * 0.8 {
                    10.0
                } else {
                    0.0
                }
            }
            Effect::Bolt { wounds } => 3.0 * wounds as f32 + s.chars[t].wounds as f32 * 0.1,
            Effect::Drain { fatigue } => {
                let tc = &s.chars[t];
                fatigue as f32
                    + if tc.fatigue + fatigue as i32 > tc.sheet.max_fatigue() {
                        2.0
                    } else {
                        0.0
                    }
            }
            Effect::Mend { fatigue } => {
                let tc = &s.chars[t];
                if tc.fatigue + 2 >= tc.sheet.max_fatigue() {
                    fatigue.min((tc.fatigue - tc.sheet.armour.fatigue()).max(0) as u32) as f32
                } else {
                    0.0
                }
            }
            Effect::Ward { .. } | Effect::Unweave => 0.0,
        };
        if worth > 0.0 && best.as_ref().is_none_or(|(w, _)| worth > *w) && allowed(s, seat, &c) {
            best = Some((worth, c));
        }
    }
    best.map(|(_, c)| c)
}

/// Points to move `i` to on the way to `goal`: base contact with it if the move reaches (the
/// side facing the mover first, then round it); then, where the level has rock or pillars, the
/// places within the move that shorten the way round them most; then straight towards it as far
/// as the move goes, and the same a little to either side (another base may stand there). With
/// them, the level's grid where it has rock or pillars.
fn approach(s: &DndState, i: usize, goal: Pt) -> (Vec<Pt>, Option<&super::path::Grid>) {
    let me = &s.chars[i];
    let d = goal.sub(me.pos);
    let len = d.len();
    if len < 1e-3 {
        return (Vec::new(), None);
    }
    let dir = d.scale(1.0 / len);
    let want = (len - BASE - 0.02).max(0.0);
    let go = want.min(me.sheet.speed - 0.01);
    let mut v = Vec::new();
    if go >= want {
        for a in [
            0.0f32, 30.0, -30.0, 60.0, -60.0, 90.0, -90.0, 120.0, -120.0, 150.0, -150.0, 180.0,
        ] {
            let target = goal.sub(dir.rotate(a).scale(BASE + 0.02));
            if target.dist(me.pos) <= me.sheet.speed - 0.01 {
                v.push(target);
            }
        }
    }
    let grid = s
        .sight
        .0
        .as_ref()
        .filter(|t| t.impassable_ground || !t.blockers.is_empty())
        .map(|t| {
            t.grid
                .get_or_init(|| super::path::Grid::of(&s.table, &t.scene))
        });
    if let Some(grid) = grid {
        v.extend(grid.toward(me.pos, goal, me.sheet.speed - 0.01, 12));
    }
    if go < want {
        for a in [0.0f32, 30.0, -30.0, 60.0, -60.0] {
            v.push(me.pos.add(dir.rotate(a).scale(go)));
        }
    }
    (v, grid)
}

/// Plays the program's command for `seat`: the command played.
pub fn play(g: &mut DndGame, seat: Seat) -> Option<Command> {
    play_at(g, seat, Skill::Normal)
}

/// [`play`] at `skill`.
pub fn play_at(g: &mut DndGame, seat: Seat, skill: Skill) -> Option<Command> {
    let c = choose_at(&g.state, seat, skill)?;
    match g.play(seat, c.clone()) {
        Ok(_) => Some(c),
        Err(_) => {
            // Whatever it chose was refused: pass or end the turn instead.
            let fallback = match &g.state.phase {
                Phase::Respond { .. } => Command::Pass,
                Phase::Backlash { who } => Command::Backlash {
                    who: *who.iter().find(|i| g.state.chars[**i].seat == seat)?,
                    lose_stones: true,
                },
                _ => Command::EndTurn,
            };
            g.play(seat, fallback.clone()).ok().map(|_| fallback)
        }
    }
}
