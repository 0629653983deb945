//! The odds the Kry-Gothic panels show, from the same code as `wartable odds kry-gothic`: a
//! close-combat attack against each defence, and a shot once it has been called (its distance is
//! measured only then).

use crate::rules::kry::close::{AttackType, CloseOdds, Defence, close_odds};
use crate::rules::kry::melee::attack_numbers;
use crate::rules::kry::ranged::{FireMode, shot_odds};
use crate::rules::kry::shooting::{shot_of, sighting};
use crate::rules::kry::state::{CloseAttack, KryState};
use crate::table::ModelId;

/// The chance of at least one wound, and the expected wounds before any are bought.
pub fn wound_summary(o: &CloseOdds) -> (f64, f64) {
    let any = 1.0 - o.wounds.first().copied().unwrap_or(1.0);
    let mean = o.wounds.iter().enumerate().map(|(k, p)| k as f64 * p).sum();
    (any, mean)
}

/// The odds of `a` met with `defence`, in words; `None` when that defence cannot meet it.
pub fn close_line(s: &KryState, a: &CloseAttack, defence: Defence) -> Option<(f64, String)> {
    let n = attack_numbers(s, a, defence).ok()?;
    let o = close_odds(&n, s.options.high_targets);
    let (any, mean) = wound_summary(&o);
    Some((
        any,
        format!(
            "{:.0}% at least one wound ({:.2} wound dice pass on average); to hit {}K{} vs CC {}",
            any * 100.0,
            mean,
            n.hit_dice,
            n.hit_keep,
            n.hit_target
        ),
    ))
}

/// An attack by `attacker` on `target` as it would be declared.
pub fn declared(
    attacker: ModelId,
    target: ModelId,
    attack: AttackType,
    weapon: Option<String>,
) -> CloseAttack {
    CloseAttack {
        attacker,
        target,
        attack,
        weapon,
        active: false,
        hits: None,
        critical: false,
        hidden: false,
    }
}

/// The odds of a shot as it was called in state `s` (before it was taken): range, cover and the
/// blind side as measured, the dice and the chances of a hit and of a wound.
pub fn called_shot(
    s: &KryState,
    shooter: ModelId,
    target: ModelId,
    weapon: &str,
    mode: FireMode,
) -> Option<String> {
    let (a, t) = (s.models.get(&shooter)?, s.models.get(&target)?);
    let w = a.weapon(weapon)?;
    let sight = sighting(s, shooter, target).ok()?;
    let shot = shot_of(s, a, t, w, mode, &sight);
    let rules = s.options.shot_rules();
    let mut text = format!(
        "{} at {}: measured {:.1}\"{}{}",
        w.name,
        t.name,
        sight.range,
        if sight.cover { ", in cover" } else { "" },
        if sight.blind_side {
            ", from its blind side"
        } else {
            ""
        }
    );
    match shot.numbers(rules) {
        Ok(n) => {
            let o = shot_odds(&n, rules);
            let hit = 1.0 - o.hits.first().copied().unwrap_or(1.0);
            let wound = 1.0 - o.wounds.first().copied().unwrap_or(1.0);
            text.push_str(&format!(
                "; {} dice to hit {}+ keep {}: {:.0}% a hit, {:.0}% a wound, {:.1}% all 1s",
                n.dice,
                n.target,
                n.cap,
                hit * 100.0,
                wound * 100.0,
                o.fumble * 100.0
            ));
        }
        Err(e) => text.push_str(&format!("; {e}")),
    }
    Some(text)
}
