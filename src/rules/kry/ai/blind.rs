//! The program's defence class as the text orders the steps ("1) Choose defense class 2) Choose
//! an attack"): it chooses from what the defender's seat sees, where the attacker's choice of
//! attack is still hidden, weighing the attack the attacker could make that would hurt most.

use super::judge::{attack_wounds, defended};
use crate::rules::core::RuleSet;
use crate::rules::kry::close::{AttackType, Defence};
use crate::rules::kry::command::Command;
use crate::rules::kry::marker::Kry;
use crate::rules::kry::state::{CloseAttack, KryState, Pending, Side};

/// Passive or active defence for `side`, asked for its defence class in `s`, without the
/// attacker's hidden choice: against the attack (of those the attacker's gear allows) that
/// would do most against a passive defence, one AP is worth it when it takes off a quarter of a
/// wound or more.
pub fn defence_class(s: &KryState, side: Side) -> Command {
    let seen = Kry::redact(s, side);
    let passive_only = Command::DefenceClass { active: false };
    let Some(Pending::DefenceClass(a)) = &seen.pending else {
        return passive_only;
    };
    let Some(att) = seen.models.get(&a.attacker) else {
        return passive_only;
    };
    let mut ways: Vec<(AttackType, Option<String>)> = Vec::new();
    for t in AttackType::ALL {
        match t {
            AttackType::Weapon => ways.extend(
                att.cc_weapons
                    .iter()
                    .filter(|w| !w.broken)
                    .map(|w| (t, Some(w.name.clone()))),
            ),
            AttackType::Bunt | AttackType::PointBlank => ways.extend(
                att.ranged
                    .iter()
                    .filter(|w| !w.broken)
                    .map(|w| (t, Some(w.name.clone()))),
            ),
            _ => ways.push((t, None)),
        }
    }
    let worst = ways
        .into_iter()
        .map(|(attack, weapon)| CloseAttack {
            attack,
            weapon,
            hidden: false,
            ..a.clone()
        })
        .filter_map(|c| attack_wounds(&seen, &c).map(|w| (w, c)))
        .max_by(|x, y| x.0.total_cmp(&y.0));
    let Some((_, likely)) = worst else {
        return passive_only;
    };
    let passive = defended(&seen, &likely, Defence::Passive).map_or(0.0, |x| x.0);
    let best = Defence::ALL
        .into_iter()
        .filter(|d| d.active())
        .filter_map(|d| defended(&seen, &likely, d).map(|x| x.0))
        .fold(f64::INFINITY, f64::min);
    Command::DefenceClass {
        active: seen.ap_left(side) >= 1 && passive - best >= 0.25,
    }
}
