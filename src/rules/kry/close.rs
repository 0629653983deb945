//! "Chapter 4: Close Combat", the six steps as numbers: the attack type's and the weapon's
//! changes, the to-hit roll (CC K Str against the opponent's CC), the defence type's changes, the
//! roll to avoid (cc K speed against the attacker's CC, each pass taking away an attacker's die)
//! and the roll to wound (Body + armour, less armour piercing). Rolled with the game's dice, and
//! as exact odds.

use super::dice::{self, HighTargets, Rolled, binomial, p_pass};
use crate::dice::{Dice, DiceError};
use serde::{Deserialize, Serialize};

/// "Step 2: Attacker: Choose an attack".
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum AttackType {
    /// "Use a weapon specifically taken for CC. Add stats according to weapon."
    Weapon,
    /// "opponent cannot use break off maneuver, and must spend 1 AP getting up."
    LegSweep,
    /// "Opponent –1 Body."
    HeadButt,
    /// "both combatants move Strength + passed to hit dice. If object is hit, enemy must make
    /// inches traveled wound saves, otherwise no wounds are caused."
    Tackle,
    /// "+2 CC. Causes no wounds. Knocks the enemy back 1 inch for every “wound” roll passed
    /// (maximum attackers Strength)".
    Shove,
    /// "+1 Strength".
    Punch,
    /// "+1 CC stat."
    Kick,
    /// "Using a ranged weapon as a club ... Add str+2 to the attack. If attack hits, roll a d6. On a
    /// 6 the weapon breaks."
    Bunt,
    /// "Roll combat as normal, but attacker must make 1 wound save for every to hit dice that
    /// misses."
    PointBlank,
}

impl AttackType {
    pub const ALL: [AttackType; 9] = [
        AttackType::Weapon,
        AttackType::LegSweep,
        AttackType::HeadButt,
        AttackType::Tackle,
        AttackType::Shove,
        AttackType::Punch,
        AttackType::Kick,
        AttackType::Bunt,
        AttackType::PointBlank,
    ];

    pub fn label(self) -> &'static str {
        match self {
            AttackType::Weapon => "CC weapon",
            AttackType::LegSweep => "leg sweep",
            AttackType::HeadButt => "head butt",
            AttackType::Tackle => "tackle",
            AttackType::Shove => "shove",
            AttackType::Punch => "punch",
            AttackType::Kick => "kick",
            AttackType::Bunt => "bunt",
            AttackType::PointBlank => "point blank shot",
        }
    }

    pub fn from_name(s: &str) -> Option<Self> {
        let k = crate::data::names::fold(s);
        Self::ALL
            .into_iter()
            .find(|a| crate::data::names::fold(a.label()) == k)
            .or(match k.as_str() {
                "weapon" => Some(AttackType::Weapon),
                "pointblank" => Some(AttackType::PointBlank),
                _ => None,
            })
    }
}

/// "Step 1: Defender: Choose a defense class" and "Step 4: ... Choose defense type".
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Defence {
    /// "stand there and take the full brunt of the attack" (no AP).
    Passive,
    /// "Add your close combat weapons stat before the K to your CC roll. Both the defending and
    /// attacking player must be using a close combat weapon."
    Parry,
    /// "Using a ranged weapon to block, you get +2 to your CC."
    Deflect,
    /// "Add +2 to your speed stat for avoiding the hit."
    Dodge,
    /// "If the attacker misses in their attempt to hit you, you can remove yourself from combat".
    BreakOff,
    /// "You can use your Str stat instead of Speed for blocking."
    Block,
    /// "Roll to dodge as normal, but do not take any of the attackers dice away."
    CounterAttack,
}

impl Defence {
    pub const ALL: [Defence; 7] = [
        Defence::Passive,
        Defence::Parry,
        Defence::Deflect,
        Defence::Dodge,
        Defence::BreakOff,
        Defence::Block,
        Defence::CounterAttack,
    ];

    pub fn label(self) -> &'static str {
        match self {
            Defence::Passive => "passive",
            Defence::Parry => "parry",
            Defence::Deflect => "deflect",
            Defence::Dodge => "dodge",
            Defence::BreakOff => "break off",
            Defence::Block => "block",
            Defence::CounterAttack => "counter attack",
        }
    }

    pub fn from_name(s: &str) -> Option<Self> {
        let k = crate::data::names::fold(s);
        Self::ALL
            .into_iter()
            .find(|d| crate::data::names::fold(d.label()) == k)
    }

    /// Active defences cost 1 AP.
    pub fn active(self) -> bool {
        self != Defence::Passive
    }
}

/// How a deflecting weapon breaks: the rule against the worked example.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
pub enum DeflectBreak {
    /// "If hits are negated, roll a D6. On a 6 the weapon breaks."
    #[default]
    OnSix,
    /// Example #2: "he must make a roll of 4 (base 2+2) to see if the weapon breaks. He rolls a 4
    /// and is ok": the weapon holds on 2 + the dice it took away, or more.
    Example,
}

/// One side of a close-combat exchange: what the rolls use.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct Fighter {
    pub cc: u8,
    pub strength: u8,
    /// Modified Speed.
    pub speed: u8,
    /// Body now.
    pub body: u8,
    pub armour: u8,
    /// The close-combat weapon's "cc/str", if it fights with one.
    pub weapon: Option<(i8, i8)>,
    pub armour_piercing: bool,
    pub multiple_wounds: bool,
    pub wrap: bool,
}

/// The circumstances of one attack.
#[derive(Debug, Clone, Copy, PartialEq, Default, Serialize, Deserialize)]
pub struct Circumstances {
    /// "In the first round of combat, the initiator of the close combat receives a +1 bonus to
    /// their CC characteristic."
    pub initiator_first_round: bool,
    /// "the charger receives a +2 bonus to their CC characteristic" (first round).
    pub charged: bool,
    /// The defender charged this combat and this is the opponent's first attack on it: "receives
    /// a body stat of -2 for the first attack the opponent has".
    pub defender_charged_first: bool,
    /// The defender failed its fear test: "halve their CC attribute for the first attack".
    pub defender_afraid: bool,
    /// The attacker failed a fear test against this defender: its CC is halved.
    pub attacker_afraid: bool,
}

/// The numbers of one attack.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct CloseNumbers {
    /// To hit: CC dice ...
    pub hit_dice: u32,
    /// ... keeping up to Str that pass ...
    pub hit_keep: u32,
    /// ... the defender's CC.
    pub hit_target: i32,
    /// To avoid: the defender's cc dice ...
    pub avoid_dice: u32,
    /// ... keeping up to its Speed (or Str to block) ...
    pub avoid_keep: u32,
    /// ... against the attacker's CC.
    pub avoid_target: i32,
    /// Whether passes to avoid take attacker's dice away (not for a counter attack).
    pub avoid_removes: bool,
    /// Body + armour, less armour piercing (and a head butt's -1).
    pub wound_target: i32,
    /// Whether the "wound" dice are rolled (not for a tackle, whose wounds come from what it hits).
    /// A shove rolls them for its knock-back, not for wounds.
    pub wound_roll: bool,
}

/// Why an attack or defence cannot be used.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum CloseError {
    #[error("{0}")]
    Illegal(String),
}

fn halve(v: i32, yes: bool) -> i32 {
    if yes { v / 2 } else { v }
}

/// The numbers of `attack` by `a` on `d` defending with `defence`.
pub fn numbers(
    a: &Fighter,
    d: &Fighter,
    attack: AttackType,
    defence: Defence,
    c: Circumstances,
) -> Result<CloseNumbers, CloseError> {
    let (mut acc, mut astr) = (a.cc as i32, a.strength as i32);
    match attack {
        AttackType::Weapon => match a.weapon {
            Some((wcc, wstr)) => {
                acc += wcc as i32;
                astr += wstr as i32;
            }
            None => {
                return Err(CloseError::Illegal(
                    "no close-combat weapon to attack with".into(),
                ));
            }
        },
        AttackType::Shove => acc += 2,
        AttackType::Punch => astr += 1,
        AttackType::Kick => acc += 1,
        AttackType::Bunt => astr += 2,
        _ => {}
    }
    if c.initiator_first_round {
        acc += 1;
    }
    if c.charged {
        acc += 2;
    }
    let acc = halve(acc, c.attacker_afraid).max(0);
    let dcc_base = halve(d.cc as i32, c.defender_afraid).max(0);
    let (mut dcc, mut keep) = (dcc_base, d.speed as i32);
    match defence {
        Defence::Parry => {
            if attack != AttackType::Weapon {
                return Err(CloseError::Illegal(
                    "parry: \"Both the defending and attacking player must be using a close combat weapon\"".into(),
                ));
            }
            match d.weapon {
                // "Wrap: Opponent cannot use parry. If for some reason they do, their weapon
                // breaks automatically": the parry against a wrapping weapon adds nothing (the
                // game breaks the parrying weapon).
                Some((wcc, _)) if !d.wrap => {
                    if !a.wrap {
                        dcc += wcc as i32
                    }
                }
                Some(_) => {
                    return Err(CloseError::Illegal(
                        "\"Wrapping weapons cannot parry.\"".into(),
                    ));
                }
                None => {
                    return Err(CloseError::Illegal(
                        "parry needs a close-combat weapon".into(),
                    ));
                }
            }
        }
        Defence::Deflect => dcc += 2,
        Defence::Dodge => keep += 2,
        Defence::Block => keep = d.strength as i32,
        _ => {}
    }
    let mut body = d.body as i32;
    if c.defender_charged_first {
        body -= 2;
    }
    if attack == AttackType::HeadButt {
        body -= 1;
    }
    let mut armour = d.armour as i32;
    if attack == AttackType::Weapon
        && a.armour_piercing
        && let Some((_, wstr)) = a.weapon
    {
        armour = (armour - wstr.max(0) as i32).max(0);
    }
    Ok(CloseNumbers {
        hit_dice: acc as u32,
        hit_keep: astr.max(0) as u32,
        hit_target: dcc_base,
        avoid_dice: dcc.max(0) as u32,
        avoid_keep: keep.max(0) as u32,
        avoid_target: acc,
        avoid_removes: defence != Defence::CounterAttack,
        wound_target: body.max(0) + armour,
        wound_roll: attack != AttackType::Tackle,
    })
}

/// Step 3 as rolled: the attacker's to-hit dice.
#[derive(Debug, Clone, PartialEq)]
pub struct HitRoll {
    pub to_hit: Rolled,
    /// Dice that passed the target (before the keep).
    pub passed: u32,
    /// To-hit dice that passed, at most the keep.
    pub hits: u32,
    pub critical: bool,
    /// All 1s: the damage goes to the attacker's own unit.
    pub fumble: bool,
}

/// Step 5 as rolled: the defender's dice to avoid.
#[derive(Debug, Clone, PartialEq)]
pub struct AvoidRoll {
    pub to_avoid: Rolled,
    /// The defender's passes (kept).
    pub avoided: u32,
    /// Attacker's dice left (all of them when the passes take none away: a counter attack).
    pub through: u32,
}

/// Step 3: "Roll to hit adding the modifiers from the attack type ... CCKStr. The target number
/// is the opponents CC score." `who` names the roll in the dice log.
pub fn roll_to_hit(
    dice: &mut Dice,
    n: &CloseNumbers,
    reading: HighTargets,
    who: &str,
) -> Result<HitRoll, DiceError> {
    let purpose = format!(
        "{who}, to hit {}K{} against CC {}",
        n.hit_dice, n.hit_keep, n.hit_target
    );
    let to_hit = dice::roll(dice, n.hit_dice, &purpose)?;
    let passed = to_hit.passing(n.hit_target, reading) as u32;
    // "If at any point you roll all 1's for you're to hit roll, all damage is done to your own
    // unit": the enemy takes none, even when a target of 1 lets every die pass.
    let fumble = to_hit.all_ones();
    Ok(HitRoll {
        passed,
        hits: if fumble { 0 } else { passed.min(n.hit_keep) },
        critical: to_hit.critical(),
        fumble,
        to_hit,
    })
}

/// Step 5: "roll ccKspeed. The target number is the opponents CC. For each dice that passes,
/// remove one dice of the attacker" (`hits` of them).
pub fn roll_to_avoid(
    dice: &mut Dice,
    n: &CloseNumbers,
    hits: u32,
    reading: HighTargets,
    who: &str,
) -> Result<AvoidRoll, DiceError> {
    let purpose = format!(
        "{who} to avoid, {}K{} against CC {}",
        n.avoid_dice, n.avoid_keep, n.avoid_target
    );
    let to_avoid = dice::roll(dice, n.avoid_dice, &purpose)?;
    let avoided = (to_avoid.passing(n.avoid_target, reading) as u32).min(n.avoid_keep);
    Ok(AvoidRoll {
        to_avoid,
        avoided,
        through: if n.avoid_removes {
            hits.saturating_sub(avoided)
        } else {
            hits
        },
    })
}

/// Step 6: "The attacker rolls the amount of dice that passed the to hit roll, with the target
/// being the victims Body + Save"; the dice and how many passed. `who` names the roll ("X: to
/// wound Y"), the target follows.
pub fn roll_to_wound(
    dice: &mut Dice,
    n: &CloseNumbers,
    through: u32,
    reading: HighTargets,
    who: &str,
) -> Result<(Rolled, u32), DiceError> {
    let w = dice::roll(dice, through, &format!("{who}, {}+", n.wound_target))?;
    let passes = w.passing(n.wound_target, reading) as u32;
    Ok((w, passes))
}

/// Whether the defender rolls to avoid after `hits`: when hit, and a counter attack always ("Roll
/// to dodge as normal ... If you get more successes than the attacker").
pub fn rolls_to_avoid(n: &CloseNumbers, hits: u32) -> bool {
    hits > 0 || !n.avoid_removes
}

/// One attack as rolled, up to the wound dice that passed.
#[derive(Debug, Clone, PartialEq)]
pub struct CloseRoll {
    pub to_hit: Rolled,
    /// To-hit dice that passed, at most the keep.
    pub hits: u32,
    pub critical: bool,
    /// All 1s: the damage goes to the attacker's own unit.
    pub fumble: bool,
    pub to_avoid: Option<Rolled>,
    /// The defender's passes (kept).
    pub avoided: u32,
    /// Attacker's dice left after the avoid roll.
    pub through: u32,
    pub to_wound: Option<Rolled>,
    /// Wound dice that passed (before the AP for extra wounds, and before a critical's doubling).
    pub wound_passes: u32,
}

/// Rolls steps 3, 5 and 6 of one attack with the steps the game uses, nothing between them (the
/// game adds the attack types' and defences' effects between the steps).
pub fn roll_close(
    dice: &mut Dice,
    n: &CloseNumbers,
    reading: HighTargets,
    who: &str,
) -> Result<CloseRoll, DiceError> {
    let h = roll_to_hit(dice, n, reading, who)?;
    let mut out = CloseRoll {
        hits: h.hits,
        critical: h.critical,
        fumble: h.fumble,
        to_hit: h.to_hit,
        to_avoid: None,
        avoided: 0,
        through: h.hits,
        to_wound: None,
        wound_passes: 0,
    };
    if !rolls_to_avoid(n, out.hits) {
        return Ok(out);
    }
    let a = roll_to_avoid(dice, n, out.hits, reading, who)?;
    out.avoided = a.avoided;
    out.through = a.through;
    out.to_avoid = Some(a.to_avoid);
    if out.through > 0 && n.wound_roll {
        let (w, passes) =
            roll_to_wound(dice, n, out.through, reading, &format!("{who}: to wound"))?;
        out.wound_passes = passes;
        out.to_wound = Some(w);
    }
    Ok(out)
}

/// The exact odds of one attack.
#[derive(Debug, Clone, PartialEq)]
pub struct CloseOdds {
    /// `hits[k]`: exactly k to-hit dice pass after the Str cap.
    pub hits: Vec<f64>,
    /// `through[k]`: exactly k attacker's dice left after the roll to avoid.
    pub through: Vec<f64>,
    /// `wounds[k]`: exactly k wound dice pass (each beyond the first costs AP, or is free with
    /// multiple-wound weapons). Criticals are not counted here (one die totalling 18: 1 in 216).
    pub wounds: Vec<f64>,
}

/// The distribution of kept passes: `n` dice passing `target`, at most `keep` counted.
fn kept_passes(n: u32, keep: u32, target: i32, reading: HighTargets) -> Vec<f64> {
    let b = binomial(n, p_pass(target, reading));
    let mut out = vec![0.0; (keep.min(n) + 1) as usize];
    for (k, p) in b.iter().enumerate() {
        out[k.min(keep as usize)] += p;
    }
    out
}

/// The exact odds of an attack with numbers `n`.
pub fn close_odds(n: &CloseNumbers, reading: HighTargets) -> CloseOdds {
    let hits = kept_passes(n.hit_dice, n.hit_keep, n.hit_target, reading);
    let avoid = kept_passes(n.avoid_dice, n.avoid_keep, n.avoid_target, reading);
    let mut through = vec![0.0; hits.len()];
    for (h, ph) in hits.iter().enumerate() {
        if h == 0 || !n.avoid_removes {
            through[h] += ph;
            continue;
        }
        for (a, pa) in avoid.iter().enumerate() {
            through[h.saturating_sub(a)] += ph * pa;
        }
    }
    let mut wounds = vec![0.0; through.len()];
    let pw = p_pass(n.wound_target, reading);
    for (t, pt) in through.iter().enumerate() {
        if !n.wound_roll {
            wounds[0] += pt;
            continue;
        }
        for (k, pk) in binomial(t as u32, pw).iter().enumerate() {
            wounds[k] += pt * pk;
        }
    }
    CloseOdds {
        hits,
        through,
        wounds,
    }
}

/// Whether a deflecting weapon breaks on the d6 `roll`, having taken `removed` dice away.
pub fn deflect_breaks(roll: u32, removed: u32, reading: DeflectBreak) -> bool {
    match reading {
        DeflectBreak::OnSix => roll >= 6,
        DeflectBreak::Example => roll < 2 + removed,
    }
}

/// The AP for the `k`-th wound of one attack: "2 AP for the second wound, 3 AP for the third
/// and so on"; the first is free.
pub fn extra_wound_cost(k: u32) -> u32 {
    if k <= 1 { 0 } else { k }
}
