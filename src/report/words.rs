//! The report's words shared by its HTML and Markdown forms: titles, the setup's lines, the
//! luck figures in sentences.

use super::gather::Report;
use crate::rules::core::luck::{RollLuck, SideLuck, extremes, side_luck};

/// How many luckiest and unluckiest rolls a report lists.
pub const EXTREMES: usize = 5;

/// "Setup" for round 0, else "Round N".
pub fn round_title(round: u32) -> String {
    if round == 0 {
        "Setup".into()
    } else {
        format!("Round {round}")
    }
}

/// Side `k`'s name (from 1).
pub fn side_name(r: &Report, side: u8) -> String {
    r.luck
        .sides
        .get((side as usize).wrapping_sub(1))
        .map_or_else(|| format!("side {side}"), |(n, _)| n.clone())
}

/// One seat's forces table: its heading and a row per model (name, kind, points or "-").
pub struct Forces<'a> {
    /// The seat the table is for.
    pub seat: &'a super::gather::SeatLine,
    /// The models' points together; 0 when the rule set prices nothing.
    pub points: u32,
    pub rows: Vec<(&'a str, &'a str, String)>,
}

impl Forces<'_> {
    /// ": 412 points", or nothing when the rule set prices nothing.
    pub fn points_suffix(&self) -> String {
        if self.points > 0 {
            format!(": {} points", self.points)
        } else {
            String::new()
        }
    }
}

/// The forces of each seat that fields models, in seat order.
pub fn forces(r: &Report) -> Vec<Forces<'_>> {
    r.seats
        .iter()
        .filter_map(|s| {
            let models: Vec<_> = r.roster.iter().filter(|m| m.0 == s.seat).collect();
            (!models.is_empty()).then(|| Forces {
                seat: s,
                points: models.iter().map(|m| m.3).sum(),
                rows: models
                    .iter()
                    .map(|(_, name, kind, pts)| {
                        let p = if *pts > 0 {
                            pts.to_string()
                        } else {
                            "-".into()
                        };
                        (name.as_str(), kind.as_str(), p)
                    })
                    .collect(),
            })
        })
        .collect()
}

/// `+1.08 SD`.
pub fn sd(z: f64) -> String {
    format!("{z:+.2} SD")
}

/// The luck of each side over the whole game, in side order.
pub fn sides(r: &Report) -> Vec<SideLuck> {
    (1..=r.luck.sides.len() as u8)
        .map(|s| side_luck(&r.luck.rolls, s, None))
        .collect()
}

/// Each round's luck of each side: (round, one per side).
pub fn rounds(r: &Report) -> Vec<(u32, Vec<SideLuck>)> {
    let mut rounds: Vec<u32> = r.luck.rolls.iter().map(|l| l.round).collect();
    rounds.dedup();
    rounds.sort();
    rounds.dedup();
    rounds
        .into_iter()
        .map(|n| {
            let v = (1..=r.luck.sides.len() as u8)
                .map(|s| side_luck(&r.luck.rolls, s, Some(n)))
                .collect();
            (n, v)
        })
        .collect()
}

/// The luckiest and the unluckiest rolls.
pub fn best_and_worst(r: &Report) -> (Vec<&RollLuck>, Vec<&RollLuck>) {
    extremes(&r.luck.rolls, EXTREMES)
}

/// A roll in words: `#12 2d6 = 10 (Brute attacks ...), 87.5th percentile`.
pub fn roll_line(r: &Report, l: &RollLuck) -> String {
    format!(
        "#{} {} = {} for {} ({}): percentile {:.1}{}",
        l.seq,
        l.expr,
        l.total,
        side_name(r, l.side),
        l.purpose,
        l.percentile,
        if l.high_is_good {
            String::new()
        } else {
            format!(", low is good: luck {:.1}", l.luck)
        }
    )
}

/// A side's luck in words.
pub fn side_line(r: &Report, s: &SideLuck) -> String {
    format!(
        "{}: {} rolls, total {} against {:.1} expected (SD {:.1}): {}",
        side_name(r, s.side),
        s.rolls,
        s.sum,
        s.expected,
        s.sd,
        sd(s.z)
    )
}

/// What the luck section leaves out, in sentences.
pub fn luck_notes(r: &Report) -> Vec<String> {
    let mut v = Vec::new();
    let secret = r
        .luck
        .skipped
        .iter()
        .filter(|(_, _, why)| *why == crate::rules::core::luck::Skip::Secret)
        .count();
    if secret > 0 {
        v.push(format!(
            "The game is not over: {secret} secret roll(s) of the seats are left out of this report."
        ));
    }
    let other = r.luck.skipped.len() - secret;
    if other > 0 {
        let mut why: Vec<String> = r
            .luck
            .skipped
            .iter()
            .filter(|(_, _, w)| *w != crate::rules::core::luck::Skip::Secret)
            .map(|(_, _, w)| w.to_string())
            .collect();
        why.sort();
        why.dedup();
        v.push(format!(
            "{other} roll(s) have no luck figures ({}).",
            why.join("; ")
        ));
    }
    if !r.luck.neutral.is_empty() {
        v.push(format!(
            "{} roll(s) are random choices, good for nobody, and not counted.",
            r.luck.neutral.len()
        ));
    }
    v
}

/// The maps' key: each colour and whose models wear it; then the marks.
pub fn legend(r: &Report) -> (Vec<(super::map::Rgb, String)>, &'static str) {
    (
        r.legend
            .iter()
            .map(|(side, name)| (super::map::rgb(*side), name.clone()))
            .collect(),
        "arrows: moves; thin lines ending in a dot: attacks; red rings: models struck; red crosses: models lost; gold rings: objectives; grey: terrain and wrecks",
    )
}

/// The outcome in a sentence.
pub fn outcome(r: &Report) -> String {
    if r.over {
        r.outcome.clone()
    } else {
        format!(
            "The game is not over ({}); this report stops after command {}.",
            r.outcome, r.commands
        )
    }
}
