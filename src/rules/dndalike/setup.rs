//! A DnDalike fight's setup (the level, the two parties, who plays whom, who goes first) and
//! the roster files characters and monsters are kept in, validated on load with errors that
//! name file, line, column and field.

use super::member::Member;
use super::parts::Party;
use super::sheet::Sheet;
use super::spells::Grimoire;
use crate::data::error::{Issue, LocatedError};
use crate::data::spans::SpanIndex;
use crate::rules::core::Seat;
use serde::{Deserialize, Serialize};
use std::path::{Path, PathBuf};

pub const DEFAULT_LEVEL: &str = "levels/dungeon-crypt.ron";
pub const PARTY_FILE: &str = "assets/forces/dndalike/party.ron";
pub const MONSTERS_FILE: &str = "assets/forces/dndalike/monsters.ron";

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct DndSetup {
    pub seed: u64,
    pub level: Option<PathBuf>,
    pub heroes: Vec<Member>,
    pub monsters: Vec<Member>,
    /// "The party that has been in the area longest always takes the first turn. So, in a
    /// dungeon, monsters act first."
    pub first: Party,
    /// The schools and spells of the fight (kept in the setup, so that a save replays the same
    /// spells whatever the grimoire file says later).
    #[serde(default, skip_serializing_if = "Grimoire::is_empty")]
    pub grimoire: Grimoire,
    /// A delve: its encounters one after another (the first is this fight's monsters and
    /// places), the party carrying on between them (`None`: one fight).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub delve: Option<super::delve_plan::DelvePlan>,
}

impl DndSetup {
    /// What is wrong with the setup, each with the field it names.
    pub fn problems(&self) -> Vec<Issue> {
        let mut v = Vec::new();
        if let Some(Err(e)) = self
            .level
            .as_deref()
            .map(crate::data::load::check_data_path)
        {
            v.push(Issue::new("level", e));
        }
        // The copy of the grimoire a save carries is checked as the grimoire file is.
        v.extend(self.grimoire.problems().into_iter().map(|mut i| {
            i.path = format!("grimoire.{}", i.path);
            i
        }));
        for (list, members) in [("heroes", &self.heroes), ("monsters", &self.monsters)] {
            if members.is_empty() {
                v.push(Issue::new(list, "a fight needs at least one on each side"));
            }
            for (i, m) in members.iter().enumerate() {
                for (f, msg) in m
                    .sheet
                    .problems()
                    .into_iter()
                    .chain(m.sheet.grimoire_problems(&self.grimoire))
                {
                    v.push(Issue::new(format!("{list}[{i}].sheet.{f}"), msg));
                }
                if m.seat == 0 {
                    v.push(Issue::new(
                        format!("{list}[{i}].seat"),
                        "seats are numbered from 1",
                    ));
                }
            }
        }
        if let Some(d) = &self.delve {
            v.extend(d.problems(self.heroes.len()).into_iter().map(|mut i| {
                i.path = format!("delve.{}", i.path);
                i
            }));
            for (k, e) in d.encounters.iter().chain([&d.ambush]).enumerate() {
                for (i, m) in e.monsters.iter().enumerate() {
                    for (f, msg) in m.sheet.grimoire_problems(&self.grimoire) {
                        let at = if k == d.encounters.len() {
                            "ambush".to_string()
                        } else {
                            format!("encounters[{k}]")
                        };
                        v.push(Issue::new(
                            format!("delve.{at}.monsters[{i}].sheet.{f}"),
                            msg,
                        ));
                    }
                }
            }
        }
        v
    }

    /// The seats, in order.
    pub fn seats(&self) -> Vec<Seat> {
        let mut v: Vec<Seat> = self
            .heroes
            .iter()
            .chain(&self.monsters)
            .map(|m| m.seat)
            .collect();
        v.sort();
        v.dedup();
        v
    }
}

/// A roster file: `Roster(name: "...", members: [ (name: ..., stats: (...), ...), ... ])`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Roster {
    pub name: String,
    pub members: Vec<Sheet>,
}

/// Parses and validates a roster; every problem located in the file.
pub fn parse_roster(file: &str, text: &str) -> Result<Roster, Vec<LocatedError>> {
    let spans = SpanIndex::new(text);
    let r: Roster = crate::data::load::from_ron(file, text, &spans)?;
    let mut issues = Vec::new();
    if r.members.is_empty() {
        issues.push(Issue::new("members", "the roster is empty"));
    }
    // Spells and menhirs name entries of the shipped grimoire (loaded only when asked for).
    let mut grimoire: Option<Result<Grimoire, Vec<String>>> = None;
    for (i, m) in r.members.iter().enumerate() {
        for (f, msg) in m.problems() {
            issues.push(Issue::new(format!("members[{i}].{f}"), msg));
        }
        if m.spells.is_empty() && m.stones.is_empty() {
            continue;
        }
        match grimoire.get_or_insert_with(super::spells::shipped_grimoire) {
            Ok(g) => {
                for (f, msg) in m.grimoire_problems(g) {
                    issues.push(Issue::new(format!("members[{i}].{f}"), msg));
                }
            }
            Err(e) => issues.push(Issue::new(
                format!("members[{i}].spells"),
                format!("the grimoire does not load: {}", e.join("; ")),
            )),
        }
    }
    if issues.is_empty() {
        Ok(r)
    } else {
        Err(issues
            .iter()
            .map(|i| LocatedError::locate(file, &spans, i))
            .collect())
    }
}

/// Reads and checks a roster file (read again only when the file changes: a simulation sets up
/// thousands of fights from the same files).
pub fn load_roster(path: &Path) -> Result<Roster, Vec<LocatedError>> {
    static KEPT: std::sync::OnceLock<crate::data::load::Kept<Roster>> = std::sync::OnceLock::new();
    crate::data::load::read_kept(KEPT.get_or_init(Default::default), path, |p| {
        let text = crate::data::read_text(p).map_err(|e| vec![e])?;
        parse_roster(&p.display().to_string(), &text)
    })
}

/// The shipped fight: the party of four (one seat each from seat 2, or all on seat 2 with
/// `one_player`) against the monsters on seat 1, the dungeon master's.
pub fn shipped(
    seed: u64,
    level: Option<PathBuf>,
    one_player: bool,
) -> Result<DndSetup, Vec<String>> {
    from_rosters(
        seed,
        level,
        one_player,
        Path::new(PARTY_FILE),
        Path::new(MONSTERS_FILE),
    )
}

/// A fight between the heroes of roster `party` (one seat each from seat 2, or all on seat 2
/// with `one_player`) and the monsters of roster `monsters` on seat 1, with the shipped
/// grimoire.
pub fn from_rosters(
    seed: u64,
    level: Option<PathBuf>,
    one_player: bool,
    party: &Path,
    monsters: &Path,
) -> Result<DndSetup, Vec<String>> {
    let load = |p: &Path| {
        load_roster(&crate::data::load::resolve_data_path(p))
            .map_err(|e| e.iter().map(|e| e.to_string()).collect::<Vec<_>>())
    };
    let party = load(party)?;
    let monsters = load(monsters)?;
    Ok(DndSetup {
        seed,
        level,
        heroes: party
            .members
            .into_iter()
            .enumerate()
            .map(|(i, sheet)| Member {
                sheet,
                seat: if one_player { 2 } else { 2 + i as Seat },
                at: None,
            })
            .collect(),
        monsters: monsters
            .members
            .into_iter()
            .map(|sheet| Member {
                sheet,
                seat: 1,
                at: None,
            })
            .collect(),
        first: Party::Monsters,
        grimoire: super::spells::shipped_grimoire()?,
        delve: None,
    })
}
