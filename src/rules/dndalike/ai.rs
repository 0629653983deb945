//! The program at a DnDalike fight: what each character could do now (shared with the check
//! of who may respond), and its choices. It plays the monsters as the dungeon master (and may
//! play heroes): it moves into contact, jabs, finishes wounded enemies, dodges an attack that
//! would otherwise wound, blocks, trips and ripostes.

use super::DndGame;
use super::command::Command;
use super::resolve::{allowed, check_answer, first_contact, hits, in_reach};
use super::sheet::{DieKind, Pack};
use super::state::{Ability, BASE, DndState, Phase};
use crate::rules::core::Seat;
use crate::table::geom::Pt;

/// The answers that bear on what is on the stack: a Dodge only when an attack on the stack
/// targets `i`; a quick attack (a bow, a two-handed weapon) when an enemy's ability is on the
/// stack; blocks, trips, ripostes and merges always do. A seat is asked to respond only
/// when one of its characters has one (any quick ability may then be used).
pub fn pressing(s: &DndState, i: usize) -> Vec<Command> {
    let targeted = s.stack.iter().any(|e| {
        matches!(e.ability, Ability::Jab { target } | Ability::Finish { target } if target == i)
    });
    let party = s.chars[i].party;
    let enemy_stacked = s.stack.iter().any(|e| s.chars[e.by].party != party);
    responses(s, i)
        .into_iter()
        .filter(|c| match c {
            Command::Act {
                ability: Ability::Dodge,
                ..
            } => targeted,
            Command::Act {
                ability: Ability::Exert { .. },
                ..
            } => false,
            Command::Act {
                ability: Ability::Jab { .. } | Ability::Cast { .. },
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
    let ok = |cmd: Command| check_answer(s, c.seat, &cmd);
    let targeted = s.stack.iter().any(|e| {
        matches!(e.ability, Ability::Jab { target } | Ability::Finish { target } if target == i)
    });
    if targeted
        && c.free(DieKind::Movement) > 0
        && c.may_tire()
        && ok(Command::Act {
            who: i,
            ability: Ability::Dodge,
        })
    {
        return true;
    }
    let (attack, shield) = (c.free(DieKind::Attack) > 0, c.free(DieKind::Shield) > 0);
    let enemy_stacked = s.stack.iter().any(|e| s.chars[e.by].party != c.party);
    // A sorcerer with stones in the pool may answer an enemy's ability with a quick spell, and
    // a Powerful one may pay a stone for a die it lacks.
    if enemy_stacked && !c.stones.pool.is_empty() {
        if c.free(DieKind::Movement) > 0 && spell_casts(s, i, true).into_iter().any(ok) {
            return true;
        }
        if c.has(super::sheet::Power::Powerful)
            && empowered_answers(s, i)
                .into_iter()
                .any(|a| ok(Command::Empowered { who: i, ability: a }))
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
                    }) || (c.has(super::sheet::Power::Trip)
                        && ok(act(Ability::Trip { entry: e.id }))))
            }
            Ability::Jab { .. } | Ability::Finish { .. } => {
                (shield && ok(act(Ability::Block { entry: e.id })))
                    || (attack
                        && c.has(super::sheet::Power::Riposte)
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
        if s.chars[e.by].party == c.party {
            continue;
        }
        match e.ability {
            Ability::Move { .. } => {
                push(Command::Merge {
                    who: i,
                    onto: e.id,
                    finish: false,
                });
                push(Command::Act {
                    who: i,
                    ability: Ability::Trip { entry: e.id },
                });
            }
            Ability::Jab { .. } | Ability::Finish { .. } => {
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
    // A bow shoots as a quick action; a two-handed weapon strikes as one for a fatigue.
    if c.free(DieKind::Attack) > 0 && matches!(c.sheet.pack, Pack::Bow | Pack::TwoHanded) {
        for t in s.alive(c.party.other()) {
            push(Command::Act {
                who: i,
                ability: Ability::Jab { target: t },
            });
            // Into a melee, a bow may let the DM choose instead of a fatigue and a save.
            if c.sheet.ranged() && !super::resolve::in_melee_with(s, i, t).is_empty() {
                push(Command::DmChooses {
                    who: i,
                    ability: Ability::Jab { target: t },
                });
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
    if c.has(super::sheet::Power::Powerful) && !c.stones.pool.is_empty() {
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
            };
            if !have.contains(&a) && !v.contains(&cmd) && check_answer(s, seat, &cmd) {
                v.push(cmd);
            }
        }
    }
    v
}

/// The answers a Powerful character might pay for with a stone: a Dodge when an attack on the
/// stack targets it, a Block or Riposte against an enemy's attack, a Trip against its move.
fn empowered_answers(s: &DndState, i: usize) -> Vec<Ability> {
    let party = s.chars[i].party;
    let mut v = Vec::new();
    for e in s.stack.iter().filter(|e| s.chars[e.by].party != party) {
        match e.ability {
            Ability::Jab { target } | Ability::Finish { target } => {
                if target == i && !v.contains(&Ability::Dodge) {
                    v.push(Ability::Dodge);
                }
                v.push(Ability::Block { entry: e.id });
                v.push(Ability::Riposte { entry: e.id });
            }
            Ability::Move { .. } => v.push(Ability::Trip { entry: e.id }),
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

/// The program's command for `seat`, if the game waits on it.
pub fn choose(s: &DndState, seat: Seat) -> Option<Command> {
    match &s.phase {
        Phase::Over(_) => None,
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
            Some(answer(s, seat).unwrap_or(Command::Pass))
        }
        Phase::Act => {
            if !s.active_seats().contains(&seat) {
                return None;
            }
            // One seat's end of turn ends the party's: only when none of the party's seats has
            // anything left to do (a person's seat ends it for them).
            kept_act(s, seat).or_else(|| {
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
            let a = top.roll.unwrap_or(0);
            let t = &s.chars[target];
            if a == 6 || !hits(a, t.ac()) {
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
            // A dodge that beats the attack die on a roll above it.
            let dodge = Command::Act {
                who: target,
                ability: Ability::Dodge,
            };
            (a < 6 && check_answer(s, seat, &dodge) && t.fatigue + 1 < t.sheet.max_fatigue())
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
    let c = act(s, seat);
    s.memo.put(seat, c.clone());
    c
}

/// A slow action for one of the seat's characters on its turn.
fn act(s: &DndState, seat: Seat) -> Option<Command> {
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
                cb.wounds
                    .cmp(&ca.wounds)
                    .then(me.pos.dist(ca.pos).total_cmp(&me.pos.dist(cb.pos)))
            });
            if let Some(t) = by_wounds.into_iter().find(|t| in_reach(s, i, *t)) {
                let tc = &s.chars[t];
                let finish =
                    tc.wounds > 0 && guessed(tc.wounds) >= tc.sheet.max_health() as f32 * 0.8;
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
            let cmd = Command::Empowered { who: i, ability };
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
        if worth > 0.0
            && best.as_ref().is_none_or(|(w, _)| worth > *w)
            && allowed(s, seat, &c)
        {
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
    let c = choose(&g.state, seat)?;
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
