//! A shot in the game: "Choose a target" (90° front arc, a clear view, distance measured only
//! after the shot is called), the fire mode's AP, the roll, wounds, and "Pinning".

use super::catalogue::Class;
use super::command::{RuleError, illegal};
use super::ctx::{Ctx, expect_orders, own};
use super::event::Event;
use super::ranged::{FireMode, Shot, ShotError, roll_shot};
use super::state::{FireStreak, KryModel, KryState, Pin, Side};
use crate::rules::core::memo::try_remembered;
use crate::table::{Arc, ModelId, Verdict, fingerprint};
use std::cell::RefCell;

/// What the shooter sees of the target: `None` when it cannot shoot it.
pub struct Sighting {
    /// "The targets body is at least half hidden by cover".
    pub cover: bool,
    /// The shooter stands outside the target's front arc.
    pub blind_side: bool,
    pub range: f32,
}

/// Why a shooter may not fire at a target; [`NoSight::explain`] words it (only a refused
/// command needs the words: the program asks after thousands of shots it never gives).
#[derive(Debug, Clone, PartialEq)]
pub enum NoSight {
    OffTable,
    OutsideArc { shooter: ModelId, target: ModelId },
    Unseen { shooter: ModelId, target: ModelId },
    Sight(String),
}

impl NoSight {
    /// The reason in words, with the models' names from `s`.
    pub fn explain(&self, s: &KryState) -> String {
        let name = |id: &ModelId| s.table.model(*id).map_or("?", |m| m.name.as_str());
        match self {
            NoSight::OffTable => "both models must stand on the table".into(),
            NoSight::OutsideArc { shooter, target } => format!(
                "{} is outside {}'s 90° front arc (turning is free)",
                name(target),
                name(shooter)
            ),
            NoSight::Unseen { shooter, target } => {
                format!("{} cannot see {}", name(shooter), name(target))
            }
            NoSight::Sight(why) => why.clone(),
        }
    }
}

/// Whether `shooter` may fire at `target`: in its 90° front arc and seen.
pub fn sighting(s: &KryState, shooter: ModelId, target: ModelId) -> Result<Sighting, NoSight> {
    let (a, t) = match (s.table.model(shooter), s.table.model(target)) {
        (Ok(a), Ok(t)) => (a, t),
        _ => return Err(NoSight::OffTable),
    };
    if a.arc_of(t) != Arc::Front {
        return Err(NoSight::OutsideArc { shooter, target });
    }
    let (verdict, fraction) = seen(s, shooter, target).map_err(NoSight::Sight)?;
    if verdict == Verdict::None {
        return Err(NoSight::Unseen { shooter, target });
    }
    Ok(Sighting {
        cover: fraction <= 0.5 + 1e-6,
        blind_side: t.arc_of(a) != Arc::Front,
        range: a.edge_distance(t),
    })
}

thread_local! {
    /// The sight verdicts asked for on this thread, by the table (terrain and models), shooter and
    /// target: the program opponent weighs every unit's shot at every target after each order,
    /// most of them on a table where nobody moved. A memo of a pure function.
    static SEEN: RefCell<crate::rules::core::memo::MemoMap<(u64, ModelId, ModelId), (Verdict, f32)>> =
        RefCell::new(crate::rules::core::memo::MemoMap::default());
}

/// The line of sight's verdict from `shooter` to `target` and the share of the target seen.
fn seen(s: &KryState, shooter: ModelId, target: ModelId) -> Result<(Verdict, f32), String> {
    // Unless the sight options say living models block, they neither block sight nor give
    // cover: the verdict rests on the terrain, the two models and any wrecks, and stays while
    // others move.
    let opts = super::scene::options();
    let mut h = fingerprint::Mix::default();
    h.u64(fingerprint::terrain(&s.table))
        .u64(fingerprint::sight(&opts));
    for m in s.table.models.iter() {
        if opts.models_block || m.id == shooter || m.id == target || m.wreck {
            fingerprint::model(&mut h, m);
        }
    }
    try_remembered(&SEEN, (h.done(), shooter, target), || {
        let los = super::scene::of(&s.table)
            .line_of_sight(&s.table, shooter, target, false)
            .map_err(|e| e.to_string())?;
        Ok((los.verdict, los.fraction))
    })
}

/// The shot's inputs for `shooter` firing `weapon` in `mode` at `target` seen as `sight`.
pub fn shot_of(
    s: &KryState,
    shooter: &KryModel,
    target: &KryModel,
    weapon: &super::state::RangedGear,
    mode: FireMode,
    sight: &Sighting,
) -> Shot {
    Shot {
        rc: shooter.rc(),
        weapon: weapon.stats,
        short: weapon.short,
        long: weapon.long,
        mode,
        range: sight.range,
        cover: sight.cover,
        fast_target: target.speed() > 5,
        dark: s.dark,
        sprinting: target.sprinting,
        // Pinned by a hit: "Any time the unit fires, they must increase their target number to hit
        // by 1"; pinned by misses: "it can still fire as normal".
        pinned: matches!(shooter.pinned, Some(Pin::Hit { .. })),
        blind_side: sight.blind_side,
        body: target.body(),
        armour: if sight.blind_side {
            target.armour.saturating_sub(target.armour_front_only)
        } else {
            target.armour
        },
    }
}

#[allow(clippy::too_many_arguments)]
pub fn shoot(
    c: &mut Ctx,
    by: Side,
    shooter: ModelId,
    target: ModelId,
    weapon: &str,
    mode: FireMode,
    second: Option<ModelId>,
) -> Result<(), RuleError> {
    expect_orders(&c.s, by)?;
    let a = own(&c.s, by, shooter)?;
    let t = c.s.model(target)?.clone();
    if t.side == by || !t.alive() {
        return illegal(format!("{} is not an enemy in the fight", t.name));
    }
    if a.profile.rc.is_none() {
        return illegal(format!(
            "{} has RC X: it \"can't fight back in ranged combat\"",
            a.name
        ));
    }
    if a.prone {
        return illegal(format!("{} is down: it stands up first (1 AP)", a.name));
    }
    let Some(w) = a.weapon(weapon).cloned() else {
        return illegal(format!("{} carries no {weapon}", a.name));
    };
    if w.broken {
        return illegal(format!("{}'s {} is broken", a.name, w.name));
    }
    if mode == FireMode::Suppressive && !w.suppressive {
        return illegal(format!("the {} is not capable of suppressive fire", w.name));
    }
    // "Snap Shot: ... two attacks for base AP cost": the second may go at another target.
    let second = second.filter(|s| *s != target);
    if second.is_some() && mode != FireMode::Snap {
        return illegal("only a snap shot's two attacks may go at two targets");
    }
    let mut aims = vec![(
        target,
        sighting(&c.s, shooter, target).map_err(|e| RuleError::Illegal(e.explain(&c.s)))?,
    )];
    if let Some(t2) = second {
        let m2 = c.s.model(t2)?;
        if m2.side == by || !m2.alive() {
            return illegal(format!("{} is not an enemy in the fight", m2.name));
        }
        let sight = sighting(&c.s, shooter, t2).map_err(|e| RuleError::Illegal(e.explain(&c.s)))?;
        aims.push((t2, sight));
    }
    let base = c.s.options.shot_cost;
    let ap = base + if mode == FireMode::Aimed { 2 } else { 0 };
    let named = aims
        .iter()
        .map(|(id, _)| c.s.models[id].name.clone())
        .collect::<Vec<_>>()
        .join(" and ");
    c.pay(
        by,
        ap,
        format!(
            "{} fires its {} at {} ({})",
            a.name,
            w.name,
            named,
            mode.label()
        ),
    )?;
    c.emit(Event::Acted { model: shooter });
    // "No distance measuring is performed before the shot is taken. After the shot has been
    // called, distance is then measured": a shot out of range is lost, its AP spent.
    let mut plans = Vec::new();
    for (tid, sight) in &aims {
        c.emit(Event::Measured {
            shooter,
            target: *tid,
            range: sight.range,
        });
        let tm = c.s.model(*tid)?.clone();
        let shot = shot_of(&c.s, &a, &tm, &w, mode, sight);
        match shot.numbers(c.s.options.shot_rules()) {
            Ok(n) => plans.push(Some((tm, sight.range, n))),
            Err(e @ ShotError::OutOfRange { .. }) => {
                c.note(
                    by,
                    format!(
                        "{} measures {:.1}\" to {}: {e}; the shot is lost",
                        a.name, sight.range, tm.name
                    ),
                );
                c.failed = Some(format!("{}'s shot is out of range", a.name));
                plans.push(None);
            }
            Err(e) => return illegal(e.to_string()),
        }
    }
    let shots = if mode == FireMode::Snap { 2 } else { 1 };
    let mut hit = false;
    for k in 0..shots {
        let Some((t, range, n)) = plans[k.min(plans.len() - 1)].clone() else {
            continue;
        };
        if !c.s.model(t.id)?.alive() {
            continue;
        }
        let who = if shots == 2 {
            format!("{} ({} shot {})", a.name, mode.label(), k + 1)
        } else {
            format!("{} ({})", a.name, mode.label())
        };
        let r = roll_shot(c.dice, &n, c.s.options.shot_rules(), &who)?;
        c.note(
            by,
            format!(
                "{who} at {} {:.1}\": {} to hit {}+ keep {}: {} hit(s){}{}",
                t.name,
                range,
                n.dice,
                n.target,
                n.cap,
                r.hits,
                if r.critical { ", a critical" } else { "" },
                if r.wounds > 0 {
                    format!(", {} wound(s)", r.wounds)
                } else {
                    String::new()
                }
            ),
        );
        if r.fumble {
            // "all damage is done to your own unit": the shot's wound roll against the shooter
            // itself (its own Body + armour less the weapon's damage).
            self_harm(
                c,
                shooter,
                a.body() as i32 + a.armour as i32 - w.stats.damage as i32,
            )?;
        }
        // "Place a 'Damaged structure' template on the area that the heavy weapon hit": where the
        // target stood, though the hit takes it out.
        let spot = c.s.table.model(t.id).map(|m| (m.pos, m.base_diameter)).ok();
        if r.wounds > 0 {
            wound(c, t.id, r.wounds, Some(shooter))?;
        }
        if r.hits > 0
            && w.heavy
            && let Some((at, base)) = spot
        {
            super::hazards::heavy_hit(c, at, base)?;
        }
        if r.hits > 0 {
            c.emit(Event::WaitingSet {
                model: t.id,
                waiting: false,
            });
        }
        pinning(c, shooter, t.id, r.hits > 0)?;
        hit |= r.hits > 0;
    }
    // "any of the actions fail ... ALL will have to pass their tests": a shot that hits nothing
    // is a failed action, and stops an order combo.
    if !hit && c.failed.is_none() {
        c.failed = Some(format!("{}'s shot misses", a.name));
    }
    Ok(())
}

/// "the very next action anyone performs should be another unit shooting at the same target": a
/// move, a wait, an unpin, standing up, digging out or setting charges ends a run of shots (a
/// shot at another target and a close-combat attack end it where they are resolved; turning is
/// free and no action; an order combo's steps are these commands, each judged alike).
pub fn break_fire_run(c: &mut Ctx, cmd: &super::command::Command) {
    use super::command::Command as C;
    if c.s.streak.is_some()
        && matches!(
            cmd,
            C::Move { .. }
                | C::Wait { .. }
                | C::Unpin { .. }
                | C::StandUp { .. }
                | C::DigOut { .. }
                | C::Sabotage { .. }
        )
    {
        c.emit(Event::StreakSet(None));
    }
}

/// "all damage is done to your own unit": one wound roll against the attacker itself. Its 6 is
/// not re-rolled: "the player can re-roll that dice", and no player re-rolls to wound their
/// own unit (so a target of 7 or more is never reached).
pub fn self_harm(c: &mut Ctx, id: ModelId, target: i32) -> Result<(), RuleError> {
    let m = c.s.model(id)?.clone();
    let r = super::dice::Rolled::from_roll(&c.dice.roll(
        "1d6",
        &format!(
            "{}: all 1s, the damage turns on itself (a 6 not re-rolled)",
            m.name
        ),
    )?);
    let w = r.passing(target, c.s.options.high_targets) as u32;
    c.note(
        m.side,
        format!(
            "{} rolls all 1s: it rolls to wound itself, {target}+: {w} wound(s)",
            m.name
        ),
    );
    if w > 0 {
        wound(c, id, w, Some(id))?;
    }
    Ok(())
}

/// `wounds` on `target`; it is out when it has taken as many as it can.
pub fn wound(
    c: &mut Ctx,
    target: ModelId,
    wounds: u32,
    by: Option<ModelId>,
) -> Result<(), RuleError> {
    c.emit(Event::Wounded {
        model: target,
        wounds,
        by,
    });
    let t = c.s.model(target)?;
    if t.wounds_taken >= t.wounds && t.alive() {
        c.emit(Event::Killed { model: target, by });
    }
    Ok(())
}

/// "Pinning": hit, WILL against 5 (+1 per other unit also firing in the run); shot at by 2 or
/// more units in a row and not hit, WILL against 3 (+1 per unit beyond the second). "Squad
/// leaders can never be pinned."
fn pinning(c: &mut Ctx, shooter: ModelId, target: ModelId, hit: bool) -> Result<(), RuleError> {
    let mut streak = match &c.s.streak {
        Some(f) if f.target == target => f.clone(),
        _ => FireStreak {
            target,
            shooters: Vec::new(),
            hit: false,
        },
    };
    if !streak.shooters.contains(&shooter) {
        streak.shooters.push(shooter);
    }
    streak.hit |= hit;
    c.emit(Event::StreakSet(Some(streak.clone())));
    let t = c.s.model(target)?.clone();
    // A unit pinned by a hit is as pinned as it gets: no new test. A unit pinned by misses that
    // is then hit tests as any unit hit ("The unit only has to be hit"): failing, it is pinned by
    // the hit; passing, its pin by the misses stays.
    let tested = match t.pinned {
        None => true,
        Some(Pin::Missed) => hit,
        Some(Pin::Hit { .. }) => false,
    };
    // Hit again, it must move away from this fire too: "What happens if the unit is being
    // fired on from so many directions, there is no opposite way to retreat? Then that unit is
    // well and truly boned."
    if hit && t.alive() && matches!(t.pinned, Some(Pin::Hit { .. })) {
        c.emit(Event::FiredOnAgain {
            model: target,
            by: shooter,
        });
    }
    if !t.alive() || t.class == Class::SquadLeader || !tested {
        return Ok(());
    }
    let n = streak.shooters.len() as i32;
    if hit {
        if !c.will_roll(target, 5 + (n - 1), "hit by a ranged attack")? {
            c.emit(Event::Pinned {
                model: target,
                pin: Pin::Hit { from: shooter },
            });
        }
    } else if !streak.hit
        && n >= 2
        && !c.will_roll(target, 3 + (n - 2), "shot at by units in a row, not hit")?
    {
        c.emit(Event::Pinned {
            model: target,
            pin: Pin::Missed,
        });
    }
    Ok(())
}
