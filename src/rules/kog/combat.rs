//! Close Assault and Ranged Shooting: the declaration, the target's choice to Counterattack or
//! Defend, and "Resolve Attacks" ([1] Make Attacks, [2] Determine Defense, [3] Assess Damage),
//! with blasts, friendly fire, and the counterattack itself.

use super::actions::{check_actor_for, take_action};
use super::attack::bystander_defense;
use super::command::{Command, RuleError, illegal};
use super::ctx::{Ctx, expect_phase};
use super::event::Event;
use super::pool::{self, PoolSpec};
use super::state::PendingAttack;
use super::targeting::{AttackPlan, plan_attack, sighting};
use crate::table::ModelId;

pub fn run(c: &mut Ctx, cmd: &Command) -> Result<(), RuleError> {
    match cmd {
        Command::Attack {
            attacker,
            weapon,
            target,
            reroll,
        } => {
            let assault =
                c.s.model(*attacker)?
                    .loadout
                    .weapon(weapon)
                    .is_some_and(|w| w.is_assault());
            let u = check_actor_for(&c.s, *attacker, assault, !assault)?;
            let scene = c.scene();
            let mut plan = plan_attack(&c.s, &scene, *attacker, weapon, *target, false)?;
            plan.situation.reroll = *reroll;
            let kind = if plan.weapon.is_assault() {
                "Close Assault"
            } else {
                "Ranged Shooting"
            };
            take_action(
                c,
                *attacker,
                u,
                format!(
                    "{kind} with {} at {}",
                    plan.weapon.name, c.s.models[target].name
                ),
            );
            if plan.counter_weapons.is_empty() {
                resolve(c, &plan, None)
            } else {
                c.emit(Event::AttackDeclared(PendingAttack {
                    attacker: *attacker,
                    weapon: plan.weapon.name.clone(),
                    target: *target,
                    counter_weapons: plan.counter_weapons,
                    reroll: *reroll,
                }));
                Ok(())
            }
        }
        Command::Respond { counter } => {
            let Some(p) = c.s.pending.clone() else {
                return expect_phase(&c.s, false, "answering an attack");
            };
            if let Some(w) = counter
                && !p.counter_weapons.iter().any(|x| x == w)
            {
                return illegal(format!(
                    "{} cannot counterattack with '{w}' (it may with: {})",
                    c.s.models[&p.target].name,
                    p.counter_weapons.join(", ")
                ));
            }
            let scene = c.scene();
            let mut plan = plan_attack(&c.s, &scene, p.attacker, &p.weapon, p.target, false)?;
            plan.situation.reroll = p.reroll;
            c.emit(Event::AttackSettled);
            resolve(c, &plan, counter.as_deref())
        }
        _ => unreachable!("combat::run is only called with attack commands"),
    }
}

/// Rolls a defense pool against `hits` and returns the damage left.
fn defend(
    c: &mut Ctx,
    model: ModelId,
    spec: &PoolSpec,
    hits: u32,
    purpose: &str,
) -> Result<u32, RuleError> {
    if hits == 0 {
        return Ok(0);
    }
    let dice = spec.roll(c.dice, purpose)?;
    let saves = pool::successes(&dice);
    let cancelled = saves.min(hits);
    c.emit(Event::DefenseRolled {
        model,
        dice,
        need: spec.target,
        hits,
        cancelled,
        rerolls: spec.rerolls.describe(),
    });
    Ok(hits - cancelled)
}

/// Applies damage, and drops a carried objective from a model that falls.
fn damage(c: &mut Ctx, model: ModelId, amount: u32, cause: String, by: ModelId) {
    if amount == 0 {
        return;
    }
    c.emit(Event::Damaged {
        model,
        amount,
        cause,
        by: Some(by),
    });
    let m = &c.s.models[&model];
    if !m.alive()
        && m.removed
        && let Some(o) = c.s.objectives.iter().position(|o| o.carrier == Some(model))
    {
        let at = c.s.objectives[o].at;
        c.emit(Event::ObjectiveCarried {
            objective: o,
            carrier: None,
            at,
        });
    }
}

/// Resolves a declared attack; `counter`: the target counterattacks with this weapon instead of
/// defending.
fn resolve(c: &mut Ctx, plan: &AttackPlan, counter: Option<&str>) -> Result<(), RuleError> {
    resolve_one(c, plan, counter.is_some())?;
    let Some(w) = counter else {
        return Ok(());
    };
    let target = &c.s.models[&plan.target];
    if !target.alive() {
        c.emit(Event::Note(format!(
            "{} was Destroyed by the attack and makes no counterattack",
            target.name
        )));
        return Ok(());
    }
    let scene = c.scene();
    match plan_attack(&c.s, &scene, plan.target, w, plan.attacker, true) {
        Ok(p) => resolve_one(c, &p, false),
        Err(e) => {
            c.emit(Event::Note(format!(
                "{} cannot counterattack after all: {e}",
                c.s.models[&plan.target].name
            )));
            Ok(())
        }
    }
}

/// One attack, start to end: hits, Defense (unless countering), damage, blast, friendly fire.
fn resolve_one(c: &mut Ctx, plan: &AttackPlan, countering: bool) -> Result<(), RuleError> {
    let (a, t) = (plan.attacker, plan.target);
    let an = c.s.models[&a].name.clone();
    let tn = c.s.models[&t].name.clone();
    let spec = plan.spec(&c.s, countering);
    c.emit(Event::Targeted { model: t });
    if c.s.models[&a].uses_left(&plan.weapon).is_some() {
        c.emit(Event::WeaponUsed {
            model: a,
            weapon: plan.weapon.name.clone(),
        });
    }
    let purpose = format!("{an} attacks {tn} with {}", plan.weapon.name);
    let dice = spec.attack.roll(c.dice, &purpose)?;
    let hits = pool::hits(&dice);
    let ff: u32 = dice.iter().filter(|d| d.friendly_fire).count() as u32;
    let mut notes = spec.notes.clone();
    if !plan.cover.is_empty() {
        notes.push(format!("cover: {}", plan.cover.join(", ")));
    }
    c.emit(Event::AttackRolled {
        attacker: a,
        target: t,
        weapon: plan.weapon.name.clone(),
        dice,
        need: plan.weapon.hit,
        hits,
        rerolls: spec.attack.rerolls.describe(),
        notes,
        counterattack: a_is_defender_side(c, a),
    });
    let dmg = if countering {
        hits
    } else {
        defend(
            c,
            t,
            &spec.defense,
            hits,
            &format!("{tn} defends against {an}"),
        )?
    };
    damage(c, t, dmg, format!("{}'s {}", an, plan.weapon.name), a);
    if plan.weapon.blast > 0.0 && hits > 0 {
        blast(c, plan)?;
    }
    if ff > 0 {
        friendly_fire(c, plan, ff)?;
    }
    Ok(())
}

/// Whether `a` belongs to the side not taking its turn (its attack is a counterattack).
fn a_is_defender_side(c: &Ctx, a: ModelId) -> bool {
    c.s.models.get(&a).is_some_and(|m| m.side != c.s.active)
}

/// "On a successful hit, any models partly or wholly within half the blast diameter also suffer
/// 1 hit, whether friendly or enemy."
fn blast(c: &mut Ctx, plan: &AttackPlan) -> Result<(), RuleError> {
    let caught: Vec<ModelId> = plan
        .blast_models
        .iter()
        .copied()
        .filter(|id| c.s.active_model(*id))
        .collect();
    if caught.is_empty() {
        c.emit(Event::Note(format!(
            "Blast ({}\"): no other model under the template",
            plan.weapon.blast
        )));
        return Ok(());
    }
    let names: Vec<String> = caught
        .iter()
        .map(|id| c.s.models[id].name.clone())
        .collect();
    c.emit(Event::Note(format!(
        "Blast ({}\"): {} also suffer 1 hit each",
        plan.weapon.blast,
        names.join(", ")
    )));
    for id in caught {
        suffer_hits(c, plan, id, 1, "blast")?;
    }
    Ok(())
}

/// "any shot results of a 1 hit a friendly model instead": the friendly model nearest the target.
fn friendly_fire(c: &mut Ctx, plan: &AttackPlan, hits: u32) -> Result<(), RuleError> {
    let victim = plan
        .friendly_near
        .iter()
        .copied()
        .filter(|id| c.s.active_model(*id))
        .min_by(|x, y| {
            let d = |id: ModelId| c.s.table.distance(id, plan.target).unwrap_or(f32::INFINITY);
            d(*x).total_cmp(&d(*y)).then(x.cmp(y))
        });
    let Some(v) = victim else {
        return Ok(());
    };
    c.emit(Event::Note(format!(
        "Friendly Fire: {hits} shot{} of 1 hit{} {} instead",
        if hits == 1 { "" } else { "s" },
        if hits == 1 { "s" } else { "" },
        c.s.models[&v].name
    )));
    suffer_hits(c, plan, v, hits, "friendly fire")
}

/// A model that is not the target suffers hits: it defends with its own cover from the attacker.
fn suffer_hits(
    c: &mut Ctx,
    plan: &AttackPlan,
    id: ModelId,
    hits: u32,
    why: &str,
) -> Result<(), RuleError> {
    let scene = c.scene();
    let cover = plan.weapon.indirect
        || sighting(&c.s, &scene, plan.attacker, id)
            .is_ok_and(|s| s.kind != Some(super::state::SightKind::Full) || !s.cover.is_empty());
    let m = &c.s.models[&id];
    let spec = bystander_defense(&m.loadout, cover, m.crippled());
    let name = m.name.clone();
    let an = c.s.models[&plan.attacker].name.clone();
    let dmg = defend(
        c,
        id,
        &spec,
        hits,
        &format!("{name} defends against {why} from {an}"),
    )?;
    damage(
        c,
        id,
        dmg,
        format!("{why} from {an}'s {}", plan.weapon.name),
        plan.attacker,
    );
    Ok(())
}
