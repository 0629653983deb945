//! A Kry-Gothic team as fielded: each model named, its troop type and the wargear bought for it,
//! with its cost against the cap. Saved and loaded as RON, validated with located errors.

use super::catalogue::{Catalogue, Class, Troop, fold, same_name};
use crate::data::error::{Issue, LocatedError};
use crate::data::spans::SpanIndex;
use serde::{Deserialize, Serialize};
use std::path::Path;

/// One model of a team.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct KryForceModel {
    /// "giving each of your units names".
    pub name: String,
    pub troop: String,
    /// Wargear bought beyond what the troop type comes with.
    #[serde(default)]
    pub extra: Vec<String>,
}

/// A team: "that small group of 12 or so units".
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct KryForce {
    pub name: String,
    pub team: String,
    pub models: Vec<KryForceModel>,
}

/// "Players can take up to 5 elite units."
pub const MAX_ELITES: usize = 5;

/// How many lower-ranking squad leaders a team takes in place of one top-ranking one: "a few
/// lower ranking squad leaders instead of one top ranking one" (a few: up to three; one alone
/// is the weakest choice, which the text does not forbid).
pub const LOWER_LEADERS: std::ops::RangeInclusive<usize> = 1..=3;

impl KryForce {
    /// The troop type of model `i`.
    pub fn troop<'a>(&self, cat: &'a Catalogue, i: usize) -> Option<&'a Troop> {
        let team = cat.team(&self.team)?;
        let troop = &self.models.get(i)?.troop;
        team.troops.iter().find(|t| same_name(&t.name, troop))
    }

    /// What model `i` costs: the troop, the wargear it comes with and what was bought.
    pub fn model_cost(&self, cat: &Catalogue, i: usize) -> u32 {
        let Some(t) = self.troop(cat, i) else {
            return 0;
        };
        let gear = |n: &String| -> u32 {
            cat.armour(n)
                .map(|a| a.cost)
                .or_else(|| cat.cc_weapon(n).map(|w| w.cost))
                .or_else(|| cat.ranged_weapon(n).map(|w| w.cost))
                .unwrap_or(0)
        };
        t.cost
            + t.armour
                .iter()
                .chain(&t.cc_weapons)
                .chain(&t.ranged_weapons)
                .chain(&self.models[i].extra)
                .map(gear)
                .sum::<u32>()
    }

    pub fn cost(&self, cat: &Catalogue) -> u32 {
        (0..self.models.len())
            .map(|i| self.model_cost(cat, i))
            .sum()
    }

    /// Problems with the team, by field path.
    pub fn validate(&self, cat: &Catalogue, cost_cap: u32, max_models: usize) -> Vec<Issue> {
        let mut out = Vec::new();
        let Some(team) = cat.team(&self.team) else {
            let names: Vec<&str> = cat.teams.iter().map(|t| t.name.as_str()).collect();
            out.push(Issue::new(
                "team",
                format!("no team '{}' (there are {})", self.team, names.join(", ")),
            ));
            return out;
        };
        if self.models.is_empty() {
            out.push(Issue::new("models", "the team has no models"));
        }
        if self.models.len() > max_models {
            out.push(Issue::new(
                "models",
                format!(
                    "{} models; a side fields at most {max_models}",
                    self.models.len()
                ),
            ));
        }
        let mut names: Vec<String> = Vec::new();
        let (mut top, mut lower, mut elites) = (0, 0, 0);
        for (i, m) in self.models.iter().enumerate() {
            let p = format!("models[{i}]");
            let k = fold(&m.name);
            if k.is_empty() {
                out.push(Issue::new(format!("{p}.name"), "each model has a name"));
            } else if names.contains(&k) {
                out.push(Issue::new(
                    format!("{p}.name"),
                    format!("two models are named '{}'", m.name),
                ));
            }
            names.push(k);
            let Some(t) = self.troop(cat, i) else {
                out.push(Issue::new(
                    format!("{p}.troop"),
                    format!("{} has no troop type '{}'", team.name, m.troop),
                ));
                continue;
            };
            match t.class {
                Class::SquadLeader if t.lower_ranking => lower += 1,
                Class::SquadLeader => top += 1,
                Class::Elite => elites += 1,
                _ => {}
            }
            for (j, g) in m.extra.iter().enumerate() {
                let known = cat.armour(g).is_some()
                    || cat.cc_weapon(g).is_some()
                    || cat.ranged_weapon(g).is_some();
                if !known {
                    out.push(Issue::new(
                        format!("{p}.extra[{j}]"),
                        format!("no armour or weapon named '{g}'"),
                    ));
                } else if !team.armoury.is_empty()
                    && !team.armoury.iter().any(|a| fold(a) == fold(g))
                {
                    out.push(Issue::new(
                        format!("{p}.extra[{j}]"),
                        format!("{} cannot buy '{g}'", team.name),
                    ));
                } else if cat.ranged_weapon(g).is_some() && t.profile.rc.is_none() {
                    out.push(Issue::new(
                        format!("{p}.extra[{j}]"),
                        format!("the {} has RC X and takes no ranged weapon", t.name),
                    ));
                }
            }
            // "some armor will cause this to decrease": its own armour and the armour bought
            // for it together may not take its Speed to 0 (it could not move).
            let slowed = cat.speed_lost(t.armour.iter().chain(&m.extra));
            if slowed >= t.profile.speed as u32 {
                out.push(Issue::new(
                    format!("{p}.extra"),
                    format!(
                        "{}'s armour takes {slowed} off Speed {}: it could not move",
                        m.name, t.profile.speed
                    ),
                ));
            }
        }
        if top + lower == 0 && !self.models.is_empty() {
            out.push(Issue::new(
                "models",
                "\"Every team must have a Squad leader\"",
            ));
        }
        // "It is possible for some teams to take a few lower ranking squad leaders instead of
        // one top ranking one": one top-ranking leader, or a few lower-ranking ones, not both.
        let (few, most) = (*LOWER_LEADERS.start(), *LOWER_LEADERS.end());
        if top > 0 && lower > 0 {
            out.push(Issue::new(
                "models",
                format!(
                    "{top} top-ranking and {lower} lower-ranking squad leaders: a team takes \"a few lower ranking squad leaders instead of one top ranking one\", not both"
                ),
            ));
        } else if top > 1 {
            out.push(Issue::new(
                "models",
                format!("{top} top-ranking squad leaders: a team takes \"one top ranking one\""),
            ));
        } else if lower > 0 && !LOWER_LEADERS.contains(&lower) {
            out.push(Issue::new(
                "models",
                format!(
                    "{lower} lower-ranking squad leaders: \"a few\" stand in for one top-ranking one, {few} to {most}"
                ),
            ));
        }
        if elites > MAX_ELITES {
            out.push(Issue::new(
                "models",
                format!("\"Players can take up to 5 elite units\" ({elites} picked)"),
            ));
        }
        let cost = self.cost(cat);
        if cost > cost_cap {
            out.push(Issue::new(
                "models",
                format!("the team costs {cost}, over the cost cap of {cost_cap}"),
            ));
        }
        out
    }
}

pub fn parse_force(
    file: &str,
    text: &str,
    cat: &Catalogue,
    cost_cap: u32,
    max_models: usize,
) -> Result<KryForce, Vec<LocatedError>> {
    if text.trim().is_empty() {
        return Err(vec![LocatedError::whole_file(
            file,
            "file is empty: expected a KryForce(...)",
        )]);
    }
    let spans = SpanIndex::new(text);
    let f: KryForce = crate::data::load::from_ron(file, text, &spans)?;
    let issues = f.validate(cat, cost_cap, max_models);
    if issues.is_empty() {
        Ok(f)
    } else {
        Err(issues
            .iter()
            .map(|i| LocatedError::locate(file, &spans, i))
            .collect())
    }
}

pub fn load_force(
    path: &Path,
    cat: &Catalogue,
    cost_cap: u32,
    max_models: usize,
) -> Result<KryForce, Vec<LocatedError>> {
    let text = crate::data::read_text(path).map_err(|e| vec![e])?;
    parse_force(
        &path.display().to_string(),
        &text,
        cat,
        cost_cap,
        max_models,
    )
}
