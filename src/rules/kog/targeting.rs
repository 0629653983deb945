//! Whether a model may attack another with a weapon, and the situation the dice see: range,
//! Line of Sight (full, partial, Sensor Lock), cover and its reasons, the re-rolls earned this
//! turn, friendly fire, the models a blast would catch, and the target's counterattacks.

use super::attack::{AttackSpec, Situation, build};
use super::catalogue::Weapon;
use super::command::{RuleError, illegal};
use super::options::LongRange;
use super::state::{KogState, MoveMode, SightKind, enemy};
use crate::rules::core::memo::try_remembered;
use crate::table::template::{TemplateAt, under_template};
use crate::table::{CoverReason, ModelId, Scene, Verdict};
use std::cell::RefCell;

/// What a shooter sees of a target.
#[derive(Debug, Clone, PartialEq)]
pub struct Sighting {
    pub kind: Option<SightKind>,
    /// Share of the target seen, 0 to 1.
    pub fraction: f32,
    /// Why the target has cover (empty: none).
    pub cover: Vec<String>,
}

thread_local! {
    /// Sightings by scene (its serial), shooter, target and the shooter's Sensors.
    static SIGHTINGS: RefCell<crate::rules::core::memo::MemoMap<(u64, ModelId, ModelId, u32), Sighting>> =
        RefCell::new(crate::rules::core::memo::MemoMap::default());
}

/// Line of Sight, Partial Line of Sight or Sensor Lock from `shooter` to `target`. `scene` is
/// the scene of `s`'s table: the answer is kept by the scene, the two models and the shooter's
/// Sensors (the program opponent asks it for every weapon and every counterattack).
pub fn sighting(
    s: &KogState,
    scene: &Scene,
    shooter: ModelId,
    target: ModelId,
) -> Result<Sighting, RuleError> {
    let Ok(m) = s.model(shooter) else {
        return sighting_anew(s, scene, shooter, target);
    };
    let key = (scene.serial(), shooter, target, m.loadout.sensors.to_bits());
    try_remembered(&SIGHTINGS, key, || sighting_anew(s, scene, shooter, target))
}

fn sighting_anew(
    s: &KogState,
    scene: &Scene,
    shooter: ModelId,
    target: ModelId,
) -> Result<Sighting, RuleError> {
    let t = &s.table;
    let los = scene
        .line_of_sight(t, shooter, target, false)
        .map_err(|e| RuleError::Illegal(e.to_string()))?;
    let reasons = scene
        .cover_seen(t, shooter, target, false, &los)
        .map_err(|e| RuleError::Illegal(e.to_string()))?;
    let mut cover: Vec<String> = reasons.iter().map(CoverReason::to_string).collect();
    let kind = match los.verdict {
        Verdict::Full => Some(SightKind::Full),
        Verdict::Partial => Some(SightKind::Partial),
        Verdict::None => {
            let d = t
                .distance(shooter, target)
                .map_err(|e| RuleError::Illegal(e.to_string()))?;
            let sensors = s.model(shooter)?.loadout.sensors;
            if d <= sensors + 1e-4 {
                cover.insert(
                    0,
                    "Sensor Lock is \"treated as Partial Line of Sight\"".into(),
                );
                Some(SightKind::SensorLock)
            } else {
                None
            }
        }
    };
    Ok(Sighting {
        kind,
        fraction: los.fraction,
        cover,
    })
}

/// A legal attack, ready to roll.
#[derive(Debug, Clone, PartialEq)]
pub struct AttackPlan {
    pub attacker: ModelId,
    pub target: ModelId,
    pub weapon: Weapon,
    /// How the attacker sees the target (`None`: indirect fire without a Forward Observer).
    pub sight: Option<SightKind>,
    pub cover: Vec<String>,
    pub situation: Situation,
    /// Weapons the target may counterattack with (empty: it must defend).
    pub counter_weapons: Vec<String>,
    /// Models a hit would catch under the blast (the target left out).
    pub blast_models: Vec<ModelId>,
    /// Models friendly to the attacker within 1" of the target.
    pub friendly_near: Vec<ModelId>,
}

impl AttackPlan {
    /// The dice of this attack, with the target defending (`counterattack` false) or not.
    pub fn spec(&self, s: &KogState, counterattack: bool) -> AttackSpec {
        let target = &s.models[&self.target].loadout;
        let mut sit = self.situation.clone();
        sit.counterattack = counterattack;
        build(&self.weapon, target, &sit)
    }
}

/// Checks an attack and works out its situation. `counter`: this is a counterattack (no
/// counterattack of its own, no Speed Move or 1" limits of the attacker's own turn).
pub fn plan_attack(
    s: &KogState,
    scene: &Scene,
    attacker: ModelId,
    weapon: &str,
    target: ModelId,
    counter: bool,
) -> Result<AttackPlan, RuleError> {
    let a = s.model(attacker)?;
    let t = s.model(target)?;
    if !s.is_active(a) {
        return illegal(format!("{} is not in the fight", a.name));
    }
    if !s.is_active(t) {
        return illegal(format!(
            "{} is not a target: it is out of the fight",
            t.name
        ));
    }
    if a.side == t.side {
        return illegal(format!("{} is a friendly model", t.name));
    }
    let Some(w) = a.loadout.weapon(weapon).cloned() else {
        let names: Vec<&str> = a.loadout.weapons.iter().map(|w| w.name.as_str()).collect();
        return illegal(format!(
            "{} has no weapon '{weapon}' (it has {})",
            a.name,
            names.join(", ")
        ));
    };
    if a.uses_left(&w) == Some(0) {
        return illegal(format!(
            "{} has fired its {} twice already (\"twice per game\")",
            a.name, w.name
        ));
    }
    let range = s
        .table
        .distance(attacker, target)
        .map_err(|e| RuleError::Illegal(e.to_string()))?;
    let moved = s.turn.moved.get(&attacker).map(|m| m.0);
    let mut sit = Situation {
        range,
        concentrated: s.turn.targeted.get(&target).copied().unwrap_or(0) > 0,
        attacker_crippled: a.crippled(),
        target_crippled: t.crippled(),
        ..Default::default()
    };
    let mut sight = None;
    let mut cover = Vec::new();
    let mut friendly_near = Vec::new();
    if w.is_assault() {
        if range > 1.0 + 1e-4 {
            return illegal(format!(
                "Close Assault reaches enemies within 1\": {} is {range:.1}\" away",
                t.name
            ));
        }
        sit.charge = moved == Some(MoveMode::Charge) && !counter;
        // "Resolving attacks follows the same basic process for both Close Assault and Ranged
        // Shooting", whose [2] holds "Cover – If the target has any sort of cover": a target in
        // or behind cover, or obscured, has it in Close Assault too (no sight is needed).
        let seen = sighting(s, scene, attacker, target)?;
        sit.cover = seen.kind != Some(SightKind::Full) || !seen.cover.is_empty();
        cover = seen.cover;
        if seen.kind.is_none() {
            cover.push("obscured".into());
        }
    } else {
        if !counter && moved == Some(MoveMode::Speed) {
            return illegal(format!(
                "{} made a Speed Move and \"may not choose Shooting actions until the end of the player turn\"",
                a.name
            ));
        }
        if !counter && range <= 1.0 + 1e-4 {
            return illegal(format!(
                "{} is within 1\": that is Close Assault, not Ranged Shooting",
                t.name
            ));
        }
        if s.options().long_range == LongRange::UpToDouble && range > 2.0 * w.range + 1e-4 {
            return illegal(format!(
                "{range:.1}\" is beyond twice the {}'s {}\" range (long range limit option)",
                w.name, w.range
            ));
        }
        if w.indirect {
            if range < 12.0 - 1e-4 {
                return illegal(format!(
                    "Indirect fire needs the target \"at least 12\\\" away\": {} is {range:.1}\"",
                    t.name
                ));
            }
            // The best of the turn's observations counts: in the open, then Line of Sight,
            // Partial Line of Sight and Sensor Lock, in that order.
            let seen = s
                .turn
                .observed
                .iter()
                .filter(|o| {
                    o.target == target
                        && s.models.get(&o.observer).is_some_and(|m| m.side == a.side)
                })
                .min_by_key(|o| {
                    let kind = match o.sight {
                        SightKind::Full => 0,
                        SightKind::Partial => 1,
                        SightKind::SensorLock => 2,
                    };
                    (o.cover, kind)
                });
            match seen {
                Some(o) if !o.cover => {
                    sight = Some(o.sight);
                    cover.push(format!(
                        "none: Forward Observer {} sees the target in the open",
                        s.models[&o.observer].name
                    ));
                }
                Some(o) => {
                    sight = Some(o.sight);
                    sit.cover = true;
                    cover.push(format!(
                        "Forward Observer {} sees the target in cover",
                        s.models[&o.observer].name
                    ));
                }
                None => {
                    sit.cover = true;
                    cover.push("target of indirect fire".into());
                }
            }
        } else {
            let seen = sighting(s, scene, attacker, target)?;
            let Some(kind) = seen.kind else {
                return illegal(format!(
                    "{} cannot see {}: no Line of Sight, no Partial Line of Sight, and it is {range:.1}\" away, beyond Sensors {}\"",
                    a.name, t.name, a.loadout.sensors
                ));
            };
            sight = Some(kind);
            sit.cover = kind != SightKind::Full || !seen.cover.is_empty();
            cover = seen.cover;
        }
        if !counter {
            sit.hold_position = moved == Some(MoveMode::HoldPosition);
            sit.fire_support = s.turn.fire_support.contains(&attacker);
        }
        friendly_near = s
            .active_models(a.side)
            .filter(|m| m.id != attacker)
            .filter(|m| {
                s.table
                    .distance(m.id, target)
                    .is_ok_and(|d| d <= 1.0 + 1e-4)
            })
            .map(|m| m.id)
            .collect();
        sit.friendly_near_target = !friendly_near.is_empty();
    }
    let blast_models = if w.blast > 0.0 {
        under_template(&s.table, scene, TemplateAt::Model(target), w.blast)
            .map_err(|e| RuleError::Illegal(e.to_string()))?
            .into_iter()
            .map(|(id, _)| id)
            .filter(|id| *id != target && s.active_model(*id))
            .collect()
    } else {
        Vec::new()
    };
    let mut plan = AttackPlan {
        attacker,
        target,
        weapon: w,
        sight,
        cover,
        situation: sit,
        counter_weapons: Vec::new(),
        blast_models,
        friendly_near,
    };
    if !counter && s.turn.targeted.get(&target).copied().unwrap_or(0) == 0 {
        plan.counter_weapons = counter_weapons(s, scene, &plan);
    }
    Ok(plan)
}

/// The weapons the target of `plan` could counterattack with: of the same kind as the attack
/// (Close Assault answers Close Assault), able to reach the attacker now.
fn counter_weapons(s: &KogState, scene: &Scene, plan: &AttackPlan) -> Vec<String> {
    let t = &s.models[&plan.target];
    t.loadout
        .weapons
        .iter()
        .filter(|w| w.is_assault() == plan.weapon.is_assault())
        .filter(|w| plan_attack(s, scene, plan.target, &w.name, plan.attacker, true).is_ok())
        .map(|w| w.name.clone())
        .collect()
}

/// Every attack `attacker` could make now, weapon by weapon and target by target, legal or with
/// the reason it is not (for the action menu).
pub fn attack_menu(
    s: &KogState,
    scene: &Scene,
    attacker: ModelId,
) -> Vec<(String, ModelId, Result<AttackPlan, RuleError>)> {
    let Ok(a) = s.model(attacker) else {
        return Vec::new();
    };
    let mut out = Vec::new();
    for w in &a.loadout.weapons {
        for t in s.active_models(enemy(a.side)) {
            out.push((
                w.name.clone(),
                t.id,
                plan_attack(s, scene, attacker, &w.name, t.id, false),
            ));
        }
    }
    out
}
