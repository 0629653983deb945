//! Exact odds of a DnDalike attack against an armour class: the attack die (with advantage or
//! disadvantage), "a natural 6 is an automatic hit ... a natural 1 is an automatic miss", and
//! the target's possible Dodge (its M die raising the armour class before the attack resolves),
//! with the attacker's STR bonus on the attack die and the target's DEX bonus on its Dodge.
//! The overlay and `wartable odds dndalike` print these.

use super::resolve::hits;
use serde::Serialize;

/// What is asked.
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct AttackQuery {
    pub ac: i32,
    /// Above 0: advantage; below 0: disadvantage ("Advantage and Disadvantage cancel each
    /// other out").
    pub advantage: i32,
    /// Wounds a hit deals (2 with a two-handed weapon).
    pub wounds: u32,
    /// The attacker's STR bonus, added to the attack die ("attack rolls").
    pub bonus: i32,
    /// The target's DEX bonus, added to its Dodge's M die ("movement rolls").
    pub dodge_bonus: i32,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct AttackOdds {
    pub ac: i32,
    /// The chance of each attack die result 1 to 6.
    pub die: [f64; 6],
    pub hit: f64,
    /// The hit chance if the target answers with a Dodge (rolled after the attack die).
    pub hit_if_dodged: f64,
    /// The chance the target's Dodge turns a hit into a miss, given the attack die would hit.
    pub dodge_saves: f64,
    /// Expected secret damage from the wounds of one attack (3.5 a wound), without and with
    /// the Dodge.
    pub mean_damage: f64,
    pub mean_damage_if_dodged: f64,
}

/// The chance of each face of the attack die.
pub fn die_odds(advantage: i32) -> [f64; 6] {
    let mut p = [0.0; 6];
    match advantage.signum() {
        0 => p = [1.0 / 6.0; 6],
        sign => {
            for a in 1..=6u32 {
                for b in 1..=6u32 {
                    let k = if sign > 0 { a.max(b) } else { a.min(b) };
                    p[k as usize - 1] += 1.0 / 36.0;
                }
            }
        }
    }
    p
}

/// Works the odds out by going through every attack die and every Dodge die.
pub fn attack(q: &AttackQuery) -> AttackOdds {
    let die = die_odds(q.advantage);
    let wounds = q.wounds.max(1) as f64;
    let (mut hit, mut dodged) = (0.0, 0.0);
    for (i, p) in die.iter().enumerate() {
        let a = i as u32 + 1;
        if hits(a, q.bonus, q.ac) {
            hit += p;
        }
        for m in 1..=6 {
            if hits(a, q.bonus, q.ac.max(m + q.dodge_bonus)) {
                dodged += p / 6.0;
            }
        }
    }
    AttackOdds {
        ac: q.ac,
        die,
        hit,
        hit_if_dodged: dodged,
        dodge_saves: if hit > 0.0 { 1.0 - dodged / hit } else { 0.0 },
        mean_damage: hit * wounds * 3.5,
        mean_damage_if_dodged: dodged * wounds * 3.5,
    }
}

/// The chance that `c` passes a casting save for a spell of `level` now: "a saving throw with a
/// negative penalty equal to the spell's level" (d6 - level >= fatigue; a natural 6 always, a
/// natural 1 never), with advantage for Lucky ("advantage on all saving throws").
pub fn casting_save(c: &super::parts::Character, level: u32) -> f64 {
    let advantage = i32::from(c.has(super::sheet::Power::Lucky));
    let need = c.fatigue + level as i32;
    die_odds(advantage)
        .iter()
        .enumerate()
        .filter(|(k, _)| {
            let r = *k as i32 + 1;
            r == 6 || (r != 1 && r >= need)
        })
        .map(|(_, p)| p)
        .sum()
}
