//! Close combat in the game: declaring the attack (with a charge, and fear), the defender's
//! defence class (step 1) and type (step 4), the rolls, the attack types' effects, weapon
//! breaks, and the AP for extra wounds.

use super::catalogue::{Ability, CcEffect};
use super::close::{
    AttackType, Circumstances, Defence, Fighter, deflect_breaks, extra_wound_cost, numbers,
    roll_to_avoid, roll_to_hit, roll_to_wound, rolls_to_avoid,
};
use super::command::{RuleError, illegal};
pub use super::contact::CONTACT;
use super::ctx::{Ctx, expect_orders, own};
use super::dice;
use super::event::Event;
use super::fear::{FREEZE, fear_why};
use super::forced::{pure_horror_flight, push, shift};
use super::shooting::{self_harm, wound};
use super::state::{CcGear, CloseAttack, KryModel, KryState, Pending, RangedGear, Side};
use crate::table::{ModelId, Pt};

fn fighter(m: &KryModel, weapon: Option<&CcGear>) -> Fighter {
    Fighter {
        cc: m.cc(),
        strength: m.profile.strength,
        speed: m.speed(),
        body: m.body(),
        armour: m.armour,
        weapon: weapon.map(|w| (w.cc, w.str)),
        armour_piercing: weapon.is_some_and(|w| w.effects.contains(&CcEffect::ArmourPiercing)),
        multiple_wounds: weapon.is_some_and(|w| w.effects.contains(&CcEffect::MultipleWounds)),
        wrap: weapon.is_some_and(|w| w.effects.contains(&CcEffect::Wrap)),
    }
}

/// The weapon `att` strikes with in `a`: its named close-combat weapon for a weapon attack.
fn attack_weapon<'a>(att: &'a KryModel, a: &CloseAttack) -> Option<&'a CcGear> {
    match a.attack {
        AttackType::Weapon => a.weapon.as_deref().and_then(|w| att.cc_weapon(w)),
        _ => None,
    }
}

/// The close-combat weapon `def` parries with: the one named, or the first unbroken one that may
/// parry ("Wrapping weapons cannot parry"), or the first unbroken one.
fn parry_weapon<'a>(def: &'a KryModel, name: Option<&str>) -> Option<&'a CcGear> {
    match name {
        Some(n) => def.cc_weapon(n),
        None => def
            .cc_weapons
            .iter()
            .filter(|w| !w.broken)
            .find(|w| !w.effects.contains(&CcEffect::Wrap))
            .or_else(|| def.cc_weapons.iter().find(|w| !w.broken)),
    }
}

/// The numbers of the attack `a` in state `s` met with `defence`, for the panels' odds (the same
/// numbers the roll uses).
pub fn attack_numbers(
    s: &KryState,
    a: &CloseAttack,
    defence: Defence,
) -> Result<super::close::CloseNumbers, super::close::CloseError> {
    let (Some(att), Some(def)) = (s.models.get(&a.attacker), s.models.get(&a.target)) else {
        return Err(super::close::CloseError::Illegal("no such model".into()));
    };
    numbers(
        &fighter(att, attack_weapon(att, a)),
        &fighter(def, parry_weapon(def, None)),
        a.attack,
        defence,
        circumstances(s, a),
    )
}

/// The circumstances of `a`'s attack in state `s`.
fn circumstances(s: &KryState, a: &CloseAttack) -> Circumstances {
    let (att, def) = (&s.models[&a.attacker], &s.models[&a.target]);
    // "In the first round of combat": the first attack between the two, for the charge's +2 as
    // for the initiator's +1.
    let charged = att.charged == Some(a.target) && !def.first_attack_taken.contains(&a.attacker);
    Circumstances {
        // The first exchange between the two: neither has attacked the other yet.
        initiator_first_round: !charged
            && !def.first_attack_taken.contains(&a.attacker)
            && !att.first_attack_taken.contains(&a.target),
        charged,
        defender_charged_first: def.charged == Some(a.attacker)
            && !def.first_attack_taken.contains(&a.attacker),
        defender_afraid: def.afraid_of == Some(a.attacker),
        attacker_afraid: false,
    }
}

pub fn declare(
    c: &mut Ctx,
    by: Side,
    attacker: ModelId,
    target: ModelId,
    attack: AttackType,
    weapon: Option<String>,
    charge: bool,
) -> Result<(), RuleError> {
    expect_orders(&c.s, by)?;
    let a = own(&c.s, by, attacker)?;
    let t = c.s.model(target)?.clone();
    if t.side == by || !t.alive() {
        return illegal(format!("{} is not an enemy in the fight", t.name));
    }
    if a.profile.cc.is_none() {
        return illegal(format!("{} has CC X", a.name));
    }
    if a.prone {
        return illegal(format!("{} is down: it stands up first (1 AP)", a.name));
    }
    match attack {
        AttackType::Weapon => match weapon.as_deref().and_then(|w| a.cc_weapon(w)) {
            Some(_) => {}
            None => {
                return illegal(format!(
                    "{} has no close-combat weapon {}",
                    a.name,
                    weapon.as_deref().unwrap_or("named")
                ));
            }
        },
        AttackType::Bunt | AttackType::PointBlank => {
            match weapon.as_deref().and_then(|w| a.weapon(w)) {
                Some(w) if !w.broken => {}
                _ => {
                    return illegal(format!(
                        "a {} needs a working ranged weapon",
                        attack.label()
                    ));
                }
            }
        }
        _ => {}
    }
    let gap =
        c.s.table
            .distance(attacker, target)
            .map_err(|e| RuleError::Illegal(e.to_string()))?;
    if !charge && gap > CONTACT {
        return illegal(format!(
            "{} is {gap:.1}\" away: close combat needs the bases touching (or a charge)",
            t.name
        ));
    }
    // "Models which are charging move at their normal movement distance PLUS their BOD stat": a
    // charge is a move into the fight. From base contact there is no way to charge over, and its
    // +2 CC (and the -2 Body it costs) would come without the run-in that earns them.
    if charge && gap <= CONTACT {
        return illegal(format!(
            "{} already touches {}: a charge is a move into combat; attack from here",
            a.name, t.name
        ));
    }
    if charge && a.small_stepped {
        return illegal(format!(
            "{} took a small step: its next action cannot be a movement (a charge)",
            a.name
        ));
    }
    if charge && a.stuck > 0 {
        return illegal(format!("{} is stuck in the floor", a.name));
    }
    if charge && matches!(a.pinned, Some(super::state::Pin::Missed)) {
        return illegal(format!("{} is pinned and cannot move", a.name));
    }
    // The charge's way is checked before any die: toward the target, at most Speed + Body, round
    // what blocks the straight line if need be; the model goes the way found, and pays its terrain.
    let way = Charge::of(&c.s, &a, attacker, target);
    let reach = way.reach;
    let mut path: Vec<Pt> = Vec::new();
    if charge {
        super::movement::away_from_fire(&c.s, &a, way.from, way.at(gap))
            .map_err(RuleError::Illegal)?;
        if gap > reach + 0.01 {
            return illegal(format!(
                "{} is {gap:.1}\" away; a charge reaches Speed + Body = {reach}\"",
                t.name
            ));
        }
        let scene = super::scene::of(&c.s.table);
        path = super::movement::find_way(&c.s, &scene, attacker, way.at(gap), reach)
            .map_err(RuleError::Illegal)?
            .0;
    }
    // "1. Movement – moving, running, charging etc."; "Difficult Terrain: Additional 1 AP per
    // movement": a charge pays its way's terrain on top of the attack's 1 AP.
    let terrain = if charge && !a.has(Ability::IgnoresTerrain) {
        super::movement::path_terrain(&c.s, &path, a.height)
    } else {
        super::movement::Terrain::Easy
    };
    if terrain == super::movement::Terrain::Impossible {
        return illegal("the charge's way climbs the model's height or more: impossible terrain");
    }
    c.pay(
        by,
        1 + terrain.extra_ap(),
        // The attack type stays the attacker's secret until the defender has chosen its
        // defence class ("1) Choose defense class 2) Choose an attack"): no word of it here.
        format!(
            "{} attacks {}{}",
            a.name,
            t.name,
            if terrain > super::movement::Terrain::Easy {
                format!(", charging over {}", terrain.label())
            } else {
                String::new()
            }
        ),
    )?;
    c.emit(Event::StreakSet(None));
    c.emit(Event::Acted { model: attacker });
    // "Any time a unit moves in to attack a fear causing unit in close combat (either through
    // normal movement or the movement type ‘charge’), a willpower roll must be made against 6.
    // If the unit fails, they freeze 2 inches out".
    // Fear: one test each time it comes into the fight: a unit that has braved this enemy
    // (passed the test moving in, or at an earlier attack, and not disengaged since) tests no
    // more. Pure horror: "Any time a pure horror unit is attacked": every attack on it tests,
    // but the first after a walk in that passed (that walk's test was the test of the attack it
    // moved in for, as a charge's one test is).
    let tests = super::fear::frightens(&t, &a)
        && (!a.braved.contains(&target)
            || (t.has(Ability::PureHorror) && t.first_attack_taken.contains(&attacker)));
    let fear_ok =
        !tests || c.will_roll_halved(attacker, 6, t.has(Ability::PureHorror), &fear_why(&a, &t))?;
    if tests && fear_ok {
        c.emit(Event::Braved {
            model: attacker,
            of: target,
        });
    }
    if charge {
        // Frozen, it stops 2" out along its way ("If the unit was closer than 2 inches when
        // they declared the charge, leave the unit where it is").
        let (dest, walked) = if fear_ok {
            (*path.last().unwrap_or(&way.from), path.clone())
        } else if path.len() == 2 {
            // The straight way: the point 2" short of the bases touching.
            let dest = if gap > FREEZE {
                way.at(gap - FREEZE)
            } else {
                way.from
            };
            (dest, vec![way.from, dest])
        } else {
            super::fear::freeze_point(c, &path, a.base, target)
        };
        if dest.dist(way.from) > 1e-4 {
            // A damaged floor that gives way on the way holds the charger in the hole, short
            // of its target: the charge ends there.
            let walk = super::hazards::walk(c, attacker, &walked)?;
            let dest = walk.path.last().copied().unwrap_or(dest);
            c.emit(Event::Moved {
                model: attacker,
                from: way.from,
                to: dest,
                kind: super::command::MoveKind::Normal,
                body_loss: 0,
            });
            super::hazards::land(c, attacker, walk.fell)?;
            if walk.fell.is_some() && c.s.model(attacker)?.alive() {
                c.note(
                    by,
                    format!(
                        "{} falls through the floor short of {}: no attack",
                        a.name, t.name
                    ),
                );
                return Ok(());
            }
        }
        if !c.s.model(attacker)?.alive() {
            return Ok(());
        }
        // A charger frozen 2" out has not charged: no +2 CC, no -2 Body.
        if fear_ok {
            c.emit(Event::Charged {
                model: attacker,
                target,
            });
        }
    }
    if !fear_ok {
        let why = format!("{} freezes before {}", a.name, t.name);
        c.note(by, why.clone());
        // A failed fear test is a failed action: in an order combo it stops the whole ("or any
        // of the actions fail, all orders are immediately stopped").
        c.fail(why);
        // "Any time a pure horror unit is attacked or attacks": the attacker's fear shock too.
        pure_horror_flight(c, &t, &a)?;
        return Ok(());
    }
    // Fear: "for the first attack the fear causing unit performs", again only after the two
    // disengage; pure horror: "Any time a pure horror unit is attacked or attacks", every attack.
    if super::fear::frightens(&a, &t)
        && (a.has(Ability::PureHorror)
            || (a.has(Ability::Fear) && !t.first_attack_taken.contains(&attacker)))
        && !c.will_roll_halved(target, 6, a.has(Ability::PureHorror), &fear_why(&t, &a))?
    {
        c.emit(Event::Afraid {
            model: target,
            of: Some(attacker),
        });
        pure_horror_flight(c, &a, &t)?;
        if c.s
            .table
            .distance(attacker, target)
            .is_ok_and(|d| d > CONTACT)
        {
            c.note(t.side, format!("{} flees out of reach: no attack", t.name));
            return Ok(());
        }
    }
    c.emit(Event::PendingSet(Some(Pending::DefenceClass(
        CloseAttack {
            attacker,
            target,
            attack,
            weapon,
            active: false,
            hits: None,
            critical: false,
            hidden: false,
        },
    ))));
    Ok(())
}

fn pending_attack(s: &KryState, by: Side, want_type: bool) -> Result<CloseAttack, RuleError> {
    let a = match (&s.pending, want_type) {
        (Some(Pending::DefenceClass(a)), false) | (Some(Pending::DefenceType(a)), true) => a,
        _ => {
            return Err(RuleError::WrongPhase(if want_type {
                "no defence type is asked for".into()
            } else {
                "no defence class is asked for".into()
            }));
        }
    };
    let side = s.models[&a.target].side;
    if side != by {
        return illegal(format!("the defender, side {side}, answers"));
    }
    Ok(a.clone())
}

/// Step 1, then step 3 (to hit).
pub fn defence_class(c: &mut Ctx, by: Side, active: bool) -> Result<(), RuleError> {
    let mut a = pending_attack(&c.s, by, false)?;
    if active {
        let name = c.s.models[&a.target].name.clone();
        c.pay(by, 1, format!("{name} defends actively"))?;
    }
    a.active = active;
    roll_hit(c, a)
}

/// Whether `def` may break off from `attacker` (a move of its own, straight away from the
/// attacker, not a "compulsory" one): not down ("1AP must be spent to stand back up"), not stuck
/// in a floor ("stuck until D6/2 ... AP's are spent on that unit to remove him from the hole"),
/// not pinned by misses ("The unit cannot move"), and, pinned by a hit, only when away from the
/// attacker is away from the shooter ("cannot move except for opposite direction they are being
/// fired on"). The reason it may not, in words.
pub fn may_break_off(s: &KryState, def: ModelId, attacker: ModelId) -> Result<(), String> {
    let Some(m) = s.models.get(&def) else {
        return Err("no such model".into());
    };
    if m.prone {
        return Err(format!("{} is down and cannot break off", m.name));
    }
    if m.stuck > 0 {
        return Err(format!(
            "{} is stuck in the floor and cannot break off",
            m.name
        ));
    }
    if m.pinned == Some(super::state::Pin::Missed) {
        return Err(format!("{} is pinned and cannot move to break off", m.name));
    }
    let (Ok(p), Ok(q)) = (s.table.model(def), s.table.model(attacker)) else {
        return Ok(());
    };
    super::movement::away_from_fire(s, m, p.pos, p.pos.add(p.pos.sub(q.pos)))
}

/// Step 1 answered with a wish to break off: "If one player wants to break off, and the other
/// player lets him, this is an automatic pass, even though it still costs the fleeing unit 1AP."
/// The AP is paid now; the attacker answers.
pub fn ask_break_off(c: &mut Ctx, by: Side) -> Result<(), RuleError> {
    // The defender asks before it knows the attack ("1) Choose defense class 2) Choose an
    // attack"): against a leg sweep it may ask, and the attacker may not let it go.
    let mut a = pending_attack(&c.s, by, false)?;
    may_break_off(&c.s, a.target, a.attacker).map_err(RuleError::Illegal)?;
    let name = c.s.models[&a.target].name.clone();
    c.pay(by, 1, format!("{name} asks to break off"))?;
    a.active = true;
    c.emit(Event::PendingSet(Some(Pending::BreakOffAsked(a))));
    Ok(())
}

/// The attacker lets the defender break off (it moves its Speed away, no roll), or not: the
/// attack goes on, the defender's AP paying for an active defence.
pub fn let_break_off(c: &mut Ctx, by: Side, agree: bool) -> Result<(), RuleError> {
    let Some(Pending::BreakOffAsked(a)) = c.s.pending.clone() else {
        return Err(RuleError::WrongPhase("no break off is asked for".into()));
    };
    let side = c.s.models[&a.attacker].side;
    if side != by {
        return illegal(format!("the attacker, side {side}, answers"));
    }
    if agree && a.attack == AttackType::LegSweep {
        return illegal("a leg sweep: the \"opponent cannot use break off maneuver\"; fight on");
    }
    if !agree {
        let name = c.s.models[&a.attacker].name.clone();
        c.note(by, format!("{name} fights on: no break off"));
        return roll_hit(c, a);
    }
    c.emit(Event::PendingSet(None));
    let def = c.s.models[&a.target].clone();
    let went = push(c, a.target, a.attacker, def.speed() as f32)?;
    c.note(
        def.side,
        format!("{} is let go and breaks off ({went:.1}\")", def.name),
    );
    Ok(())
}

/// Step 3: the roll to hit (and what comes of it at once: a fumble, a point blank shot's misses,
/// a bunt's break), then step 4's question or, for a passive defence, steps 5 and 6.
fn roll_hit(c: &mut Ctx, mut a: CloseAttack) -> Result<(), RuleError> {
    let (att, def) = (
        c.s.models[&a.attacker].clone(),
        c.s.models[&a.target].clone(),
    );
    let n = numbers(
        &fighter(&att, attack_weapon(&att, &a)),
        &fighter(&def, parry_weapon(&def, None)),
        a.attack,
        Defence::Passive,
        circumstances(&c.s, &a),
    )
    .map_err(|e| RuleError::Illegal(e.to_string()))?;
    let reading = c.s.options.high_targets;
    let r = roll_to_hit(
        c.dice,
        &n,
        reading,
        &format!("{}: {} on {}", att.name, a.attack.label(), def.name),
    )?;
    let hits = r.hits;
    a.hits = Some(hits);
    a.critical = r.critical;
    c.note(
        att.side,
        format!(
            "{} {}s {}: {} of {} dice pass CC {} (keep {}){}",
            att.name,
            a.attack.label(),
            def.name,
            hits,
            n.hit_dice,
            n.hit_target,
            n.hit_keep,
            if a.critical {
                ", a critical"
            } else if r.fumble {
                ", all 1s: the damage falls on itself"
            } else {
                ""
            }
        ),
    );
    if r.fumble {
        self_harm(c, a.attacker, att.body() as i32 + att.armour as i32)?;
    }
    if a.attack == AttackType::PointBlank {
        let misses = n.hit_dice - r.passed;
        for _ in 0..misses {
            if !c.s.models[&a.attacker].alive() {
                break;
            }
            self_harm(
                c,
                a.attacker,
                att.body() as i32 + att.armour as i32 - damage_of(&att, &a) as i32,
            )?;
        }
    }
    if a.attack == AttackType::Bunt && hits > 0 {
        let b = c.dice.roll(
            "1d6",
            &format!("{}: bunt, on a 6 the weapon breaks", att.name),
        )?;
        if b.total == 6
            && let Some(w) = a.weapon.clone()
        {
            c.emit(Event::WeaponBroken {
                model: a.attacker,
                weapon: w,
            });
        }
    }
    // An attacker downed by its own blow (a fumble, a point blank shot's misses) asks no
    // defence type: what got through is resolved at once as against a passive defence, so the
    // game is never decided with the question still open.
    let fell = !c.s.models[&a.attacker].alive();
    if a.active && !fell {
        c.emit(Event::PendingSet(Some(Pending::DefenceType(a))));
        Ok(())
    } else {
        finish(c, a, Defence::Passive, None)
    }
}

fn damage_of(att: &KryModel, a: &CloseAttack) -> u8 {
    a.weapon
        .as_deref()
        .and_then(|w| att.weapon(w))
        .map_or(0, |w| w.stats.damage)
}

/// Step 4: the active defence's type (with the weapon that parries or deflects, if named), then
/// steps 5 and 6.
pub fn defence_type(
    c: &mut Ctx,
    by: Side,
    defence: Defence,
    weapon: Option<String>,
) -> Result<(), RuleError> {
    let a = pending_attack(&c.s, by, true)?;
    if defence == Defence::Passive {
        return illegal(
            "an active defence picks a type: parry, deflect, dodge, break off, block or counter attack",
        );
    }
    if defence == Defence::BreakOff && a.attack == AttackType::LegSweep {
        return illegal("a leg sweep: the \"opponent cannot use break off maneuver\"");
    }
    if defence == Defence::BreakOff {
        may_break_off(&c.s, a.target, a.attacker).map_err(RuleError::Illegal)?;
    }
    let def = c.s.models[&a.target].clone();
    match (defence, weapon.as_deref()) {
        (Defence::Deflect, w) => {
            if deflect_weapon(&def, w).is_none() {
                return illegal(match w {
                    Some(w) => format!("{} has no working {w} to deflect with", def.name),
                    None => format!("{} has no ranged weapon to deflect with", def.name),
                });
            }
        }
        (Defence::Parry, Some(w)) => {
            if def.cc_weapon(w).is_none() {
                return illegal(format!("{} has no working {w} to parry with", def.name));
            }
        }
        (Defence::Parry, None) => {}
        (_, Some(_)) => {
            return illegal(format!("a {} takes no weapon", defence.label()));
        }
        (_, None) => {}
    }
    finish(c, a, defence, weapon)
}

/// The ranged weapon `def` deflects with: the one named, or the first unbroken one.
fn deflect_weapon<'a>(def: &'a KryModel, name: Option<&str>) -> Option<&'a RangedGear> {
    match name {
        Some(n) => def.weapon(n).filter(|w| !w.broken),
        None => def.ranged.iter().find(|w| !w.broken),
    }
}

/// Steps 5 and 6 with `defence` (and the weapon named for it), and the attack's effects.
fn finish(
    c: &mut Ctx,
    a: CloseAttack,
    defence: Defence,
    weapon: Option<String>,
) -> Result<(), RuleError> {
    let (att, def) = (
        c.s.models[&a.attacker].clone(),
        c.s.models[&a.target].clone(),
    );
    let att_f = fighter(&att, attack_weapon(&att, &a));
    let parrying = parry_weapon(
        &def,
        weapon.as_deref().filter(|_| defence == Defence::Parry),
    );
    let def_f = fighter(&def, parrying);
    let n = numbers(&att_f, &def_f, a.attack, defence, circumstances(&c.s, &a))
        .map_err(|e| RuleError::Illegal(e.to_string()))?;
    let reading = c.s.options.high_targets;
    let hits = a.hits.unwrap_or(0);
    c.emit(Event::PendingSet(None));
    c.emit(Event::FirstAttackTaken {
        model: a.target,
        by: a.attacker,
    });
    // "halve their CC attribute for the first attack the fear causing unit performs": that
    // attack's numbers are taken; the fear is spent.
    if def.afraid_of == Some(a.attacker) {
        c.emit(Event::Afraid {
            model: a.target,
            of: None,
        });
    }
    if hits == 0 && defence == Defence::BreakOff {
        let went = push(c, a.target, a.attacker, def.speed() as f32)?;
        c.note(def.side, format!("{} breaks off ({went:.1}\")", def.name));
        return Ok(());
    }
    // "Wrap: Opponent cannot use parry. If for some reason they do, their weapon breaks
    // automatically."
    if defence == Defence::Parry
        && att_f.wrap
        && let Some(w) = parrying
    {
        c.note(
            def.side,
            format!("{}'s {} is caught in the wrap and breaks", def.name, w.name),
        );
        c.emit(Event::WeaponBroken {
            model: a.target,
            weapon: w.name.clone(),
        });
    }
    let mut through = hits;
    if rolls_to_avoid(&n, hits) {
        let r = roll_to_avoid(
            c.dice,
            &n,
            hits,
            reading,
            &format!("{}: {}", def.name, defence.label()),
        )?;
        let avoided = r.avoided;
        through = r.through;
        c.note(
            def.side,
            format!(
                "{} ({}) avoids {avoided}: {through} of the attacker's dice left",
                def.name,
                defence.label()
            ),
        );
        if defence == Defence::Deflect && avoided > 0 && n.avoid_removes {
            let removed = hits.min(avoided);
            let b = c.dice.roll(
                "1d6",
                &format!("{}: does the deflecting weapon break?", def.name),
            )?;
            if deflect_breaks(b.total as u32, removed, c.s.options.deflect_break)
                && let Some(w) = deflect_weapon(&def, weapon.as_deref())
            {
                c.emit(Event::WeaponBroken {
                    model: a.target,
                    weapon: w.name.clone(),
                });
            }
        }
        if defence == Defence::CounterAttack {
            // "If you get more successes than the attacker, you can attack once for free. If you
            // fail, the attacker gets one attack for free": read as an immediate punch at a
            // passive defender (the free attack's own type is the program's choice).
            let (striker, victim) = if avoided > hits {
                (a.target, a.attacker)
            } else {
                (a.attacker, a.target)
            };
            free_attack(c, striker, victim)?;
        }
    }
    if a.attack == AttackType::Tackle {
        return tackle(c, &a, through);
    }
    if through == 0 || !n.wound_roll {
        return Ok(());
    }
    let (_, passes) = roll_to_wound(
        c.dice,
        &n,
        through,
        reading,
        &format!("{}: to wound {}", att.name, def.name),
    )?;
    match a.attack {
        AttackType::Shove => {
            let inches = passes.min(att.profile.strength as u32) as f32;
            let went = push(c, a.target, a.attacker, inches)?;
            c.note(
                att.side,
                format!("{} shoves {} back {went:.1}\"", att.name, def.name),
            );
            return Ok(());
        }
        AttackType::LegSweep => {
            c.emit(Event::KnockedDown {
                model: a.target,
                down: true,
            });
        }
        _ => {}
    }
    if passes == 0 {
        c.note(att.side, format!("{} causes no wound", att.name));
        return Ok(());
    }
    let lasso = a.attack == AttackType::Weapon && att_weapon_has(&att, &a, CcEffect::Lasso);
    if lasso {
        c.emit(Event::KnockedDown {
            model: a.target,
            down: true,
        });
    }
    if (a.attack == AttackType::Weapon && att_f.multiple_wounds) || passes == 1 {
        let w = if a.critical { 2 * passes } else { passes };
        wound(c, a.target, w, Some(a.attacker))?;
    } else {
        c.emit(Event::PendingSet(Some(Pending::BuyWounds {
            attacker: a.attacker,
            target: a.target,
            passes,
            critical: a.critical,
        })));
    }
    Ok(())
}

fn att_weapon_has(att: &KryModel, a: &CloseAttack, e: CcEffect) -> bool {
    attack_weapon(att, a).is_some_and(|w| w.effects.contains(&e))
}

/// A tackle: "both combatants move Strength + passed to hit dice. If object is hit, enemy must
/// make inches traveled wound saves, otherwise no wounds are caused." The passed dice are those
/// left after the roll to avoid (none: the tackle fails); the defender is driven straight away
/// and the attacker follows it as far.
fn tackle(c: &mut Ctx, a: &CloseAttack, through: u32) -> Result<(), RuleError> {
    let att = c.s.models[&a.attacker].clone();
    let name = c.s.models[&a.target].name.clone();
    if through == 0 {
        c.note(att.side, format!("{} fails to tackle {name}", att.name));
        return Ok(());
    }
    let (Ok(p), Ok(q)) = (c.s.table.model(a.target), c.s.table.model(a.attacker)) else {
        return Ok(());
    };
    let dir = p.pos.sub(q.pos);
    let want = (att.profile.strength as u32 + through) as f32;
    // The two go together: they stay in their close combat.
    let (fought, charged) = (
        c.s.models[&a.target].first_attack_taken.clone(),
        att.charged,
    );
    let went = shift(c, a.target, dir, want)?;
    if went > 0.0 && c.s.models[&a.attacker].alive() {
        shift(c, a.attacker, dir, went)?;
    }
    let together =
        c.s.table
            .distance(a.attacker, a.target)
            .is_ok_and(|d| d <= CONTACT);
    if together {
        if fought.contains(&a.attacker)
            && !c.s.models[&a.target]
                .first_attack_taken
                .contains(&a.attacker)
        {
            c.emit(Event::FirstAttackTaken {
                model: a.target,
                by: a.attacker,
            });
        }
        if charged == Some(a.target) && c.s.models[&a.attacker].charged.is_none() {
            c.emit(Event::Charged {
                model: a.attacker,
                target: a.target,
            });
        }
    }
    if went + 0.01 < want && c.s.models[&a.target].alive() {
        let def = c.s.models[&a.target].clone();
        let saves = went.floor().max(1.0) as u32;
        let r = dice::roll(
            c.dice,
            saves,
            &format!(
                "{}: tackled into an obstacle, {saves} wound roll(s)",
                def.name
            ),
        )?;
        let w = r.passing(
            def.body() as i32 + def.armour as i32,
            c.s.options.high_targets,
        ) as u32;
        c.note(
            att.side,
            format!(
                "{} tackles {} into an obstacle: {w} wound(s)",
                att.name, def.name
            ),
        );
        if w > 0 {
            wound(c, a.target, w, Some(a.attacker))?;
        }
    } else {
        c.note(att.side, format!("{} tackles {name} {went:.1}\"", att.name));
    }
    Ok(())
}

/// A free attack: a punch at a passive defender, rolled through at once.
fn free_attack(c: &mut Ctx, striker: ModelId, victim: ModelId) -> Result<(), RuleError> {
    if !c.s.models[&striker].alive() || !c.s.models[&victim].alive() {
        return Ok(());
    }
    let a = CloseAttack {
        attacker: striker,
        target: victim,
        attack: AttackType::Punch,
        weapon: None,
        active: false,
        hits: None,
        critical: false,
        hidden: false,
    };
    c.note(
        c.s.models[&striker].side,
        format!("{} gets a free attack", c.s.models[&striker].name),
    );
    roll_hit(c, a)?;
    // A free attack's extra wounds are not bought: its first wound stands.
    if let Some(Pending::BuyWounds {
        target, critical, ..
    }) = c.s.pending.clone()
    {
        c.emit(Event::PendingSet(None));
        wound(c, target, if critical { 2 } else { 1 }, Some(striker))?;
    }
    Ok(())
}

/// "2 AP for the second wound, 3 AP for the third and so on".
pub fn buy_wounds(c: &mut Ctx, by: Side, extra: u32) -> Result<(), RuleError> {
    let Some(Pending::BuyWounds {
        attacker,
        target,
        passes,
        critical,
    }) = c.s.pending.clone()
    else {
        return Err(RuleError::WrongPhase("no wounds to pay for".into()));
    };
    if c.s.models[&attacker].side != by {
        return illegal("the attacker pays for its wounds");
    }
    if extra >= passes {
        return illegal(format!(
            "{passes} wound dice passed: at most {} extra wound(s)",
            passes.saturating_sub(1)
        ));
    }
    let cost: u32 = (2..=extra + 1).map(extra_wound_cost).sum();
    if extra > 0 {
        c.pay(by, cost, format!("{extra} extra wound(s)"))?;
    }
    c.emit(Event::PendingSet(None));
    let w = 1 + extra;
    wound(c, target, if critical { 2 * w } else { w }, Some(attacker))
}

/// A charge's way: straight from where the attacker stands at the target, at most Speed + Body.
pub struct Charge {
    pub from: Pt,
    /// Toward the target's centre, and its length.
    dir: Pt,
    len: f32,
    pub reach: f32,
}

impl Charge {
    pub fn of(s: &KryState, a: &KryModel, attacker: ModelId, target: ModelId) -> Self {
        let from = s.table.model(attacker).map(|m| m.pos).unwrap_or_default();
        let to_pos = s.table.model(target).map(|m| m.pos).unwrap_or_default();
        let dir = to_pos.sub(from);
        Charge {
            from,
            dir,
            len: dir.len().max(1e-6),
            reach: a.speed() as f32 + a.body() as f32,
        }
    }

    /// The point `inches` along the way (the bases touch at the gap between them).
    pub fn at(&self, inches: f32) -> Pt {
        self.from.add(self.dir.scale(inches / self.len))
    }
}
