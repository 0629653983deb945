//! A delve: a party going through a dungeon's fights one after another, keeping its wounds,
//! fatigue, stones and dead between them. A delve file names one level and its encounter areas
//! (where the heroes come in, which monsters of a roster wait where, who acts first), and the
//! wandering monsters that fall on a party whose watch fails. Read and validated on load with
//! errors that name file, line, column and field; a fight's setup carries the whole plan, so
//! that a save replays the same delve whatever the files say later.

use super::delve_plan::{DelvePlan, Encounter, MAX_ENCOUNTERS};
use super::member::Member;
use super::parts::{BASE, Party};
use super::setup::{DndSetup, load_roster};
use crate::data::error::{Issue, LocatedError};
use crate::data::spans::SpanIndex;
use crate::table::geom::Pt;
use serde::{Deserialize, Serialize};
use std::path::{Path, PathBuf};

/// The shipped delve.
pub const DELVE_FILE: &str = "assets/delves/crypt-of-the-lantern.ron";
/// Where delve files are kept.
pub const DELVE_DIR: &str = "assets/delves";
/// A monster of the delve's roster, by name, and where it waits.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Foe {
    pub name: String,
    /// (x, y) in inches.
    pub at: (f32, f32),
}

/// An encounter area as written in a delve file.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct EncounterFile {
    pub name: String,
    #[serde(default)]
    pub text: String,
    /// "The party that has been in the area longest always takes the first turn".
    #[serde(default = "monsters_first")]
    pub first: Party,
    /// Where the heroes come in, one place (x, y) for each hero in the party's order.
    pub heroes: Vec<(f32, f32)>,
    pub monsters: Vec<Foe>,
}

fn monsters_first() -> Party {
    Party::Monsters
}

/// A delve file: `Delve(name: ..., level: ..., encounters: [...], ambush: (...))`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, rename = "Delve")]
pub struct DelveFile {
    pub name: String,
    /// The one level all the encounter areas are on.
    pub level: PathBuf,
    /// "a difficulty equal to 1 + the level of the dungeon they are on".
    #[serde(default = "one")]
    pub dungeon_level: i32,
    /// The party that goes in (a roster), unless the table picks another.
    pub party: PathBuf,
    /// The roster the encounters' monsters are named from.
    pub monsters: PathBuf,
    pub encounters: Vec<EncounterFile>,
    /// The wandering monsters: "On a failure the party is ambushed instead."
    pub ambush: EncounterFile,
}

fn one() -> i32 {
    1
}

/// A delve under way (in the fight's state): the plan, which encounter the party is at, and
/// what it has done there.
#[derive(Debug, Clone, Serialize)]
pub struct Delving {
    /// The setup's plan (not hashed: the setup holds it).
    #[serde(skip)]
    pub plan: std::sync::Arc<DelvePlan>,
    /// The party: the first this many characters.
    pub heroes: usize,
    /// The encounter fought last or now (index in the plan).
    pub encounter: usize,
    /// The fight now (or the last one) is the wandering monsters' ambush.
    pub ambush: bool,
    /// Fights won.
    pub won: u32,
    /// Rests taken since the last fight.
    pub rests: u32,
}

impl Delving {
    pub fn new(plan: DelvePlan, heroes: usize) -> Self {
        Delving {
            plan: std::sync::Arc::new(plan),
            heroes,
            encounter: 0,
            ambush: false,
            won: 0,
            rests: 0,
        }
    }

    /// The encounter after this one, if any.
    pub fn next(&self) -> Option<&Encounter> {
        self.plan.encounters.get(self.encounter + 1)
    }

    /// The encounter being fought (or last fought).
    pub fn current(&self) -> &Encounter {
        if self.ambush {
            &self.plan.ambush
        } else {
            &self.plan.encounters[self.encounter.min(self.plan.encounters.len() - 1)]
        }
    }
}

/// Parses and validates a delve file; every problem located in the file. The level and the
/// rosters it names are read and checked too.
pub fn parse_delve(file: &str, text: &str) -> Result<(DelveFile, DelvePlan), Vec<LocatedError>> {
    let spans = SpanIndex::new(text);
    let d: DelveFile = crate::data::load::from_ron(file, text, &spans)?;
    let mut issues = Vec::new();
    if d.name.trim().is_empty() {
        issues.push(Issue::new("name", "empty"));
    }
    let level = match crate::data::load::check_data_path(&d.level) {
        Err(e) => {
            issues.push(Issue::new("level", e));
            None
        }
        Ok(()) => match crate::rules::duel::level(&d.level) {
            Ok(l) => Some(l),
            Err(e) => {
                issues.push(Issue::new(
                    "level",
                    format!("the level does not load: {}", e.join("; ")),
                ));
                None
            }
        },
    };
    let roster = |field: &str, p: &Path, issues: &mut Vec<Issue>| {
        if let Err(e) = crate::data::load::check_data_path(p) {
            issues.push(Issue::new(field, e));
            return None;
        }
        match load_roster(&crate::data::load::resolve_data_path(p)) {
            Ok(r) => Some(r),
            Err(e) => {
                issues.push(Issue::new(
                    field,
                    format!(
                        "the roster does not load: {}",
                        e.iter()
                            .map(|e| e.to_string())
                            .collect::<Vec<_>>()
                            .join("; ")
                    ),
                ));
                None
            }
        }
    };
    let party = roster("party", &d.party, &mut issues);
    let monsters = roster("monsters", &d.monsters, &mut issues);
    if d.encounters.is_empty() {
        issues.push(Issue::new(
            "encounters",
            "a delve needs at least one encounter",
        ));
    }
    if d.encounters.len() > MAX_ENCOUNTERS {
        issues.push(Issue::new(
            "encounters",
            format!("more than {MAX_ENCOUNTERS} encounters"),
        ));
    }
    if !(0..=20).contains(&d.dungeon_level) {
        issues.push(Issue::new(
            "dungeon_level",
            format!("{} is not 0 to 20", d.dungeon_level),
        ));
    }
    let sight = level
        .as_ref()
        .map(|l| super::terrain::Terrain::of_level(Some(&d.level), &l.1));
    let stands = |p: Pt| -> Option<&'static str> {
        let (Some(l), Some(s)) = (&level, &sight) else {
            return None;
        };
        let table = &l.1;
        if !table.contains_base(p, BASE) {
            return Some("off the table");
        }
        match &s.0 {
            Some(t) if !crate::table::movement::can_stand(table, &t.scene, BASE / 2.0, p) => {
                Some("a base cannot stand there: rock, a wall or a pillar")
            }
            _ => None,
        }
    };
    let mut encounters = Vec::new();
    let all = d
        .encounters
        .iter()
        .enumerate()
        .map(|(i, e)| (format!("encounters[{i}]"), e))
        .chain([("ambush".to_string(), &d.ambush)]);
    for (at, e) in all {
        if e.name.trim().is_empty() {
            issues.push(Issue::new(format!("{at}.name"), "empty"));
        }
        if e.monsters.is_empty() {
            issues.push(Issue::new(format!("{at}.monsters"), "no monsters"));
        }
        if let Some(p) = &party
            && e.heroes.len() < p.members.len()
        {
            issues.push(Issue::new(
                format!("{at}.heroes"),
                format!(
                    "places for {} heroes, and the party has {}",
                    e.heroes.len(),
                    p.members.len()
                ),
            ));
        }
        let mut places: Vec<(String, Pt)> = Vec::new();
        let heroes: Vec<Pt> = e.heroes.iter().map(|(x, y)| Pt::new(*x, *y)).collect();
        for (k, p) in heroes.iter().enumerate() {
            places.push((format!("{at}.heroes[{k}]"), *p));
        }
        let mut members = Vec::new();
        for (k, f) in e.monsters.iter().enumerate() {
            let fat = Pt::new(f.at.0, f.at.1);
            places.push((format!("{at}.monsters[{k}].at"), fat));
            let Some(r) = &monsters else { continue };
            match r.members.iter().find(|m| m.name.as_ref() == f.name) {
                Some(sheet) => members.push(Member {
                    sheet: sheet.clone(),
                    seat: 1,
                    at: Some(fat),
                }),
                None => issues.push(Issue::new(
                    format!("{at}.monsters[{k}].name"),
                    format!(
                        "no monster of the roster is named \"{}\" (it has {})",
                        f.name,
                        r.members
                            .iter()
                            .map(|m| m.name.as_ref())
                            .collect::<Vec<_>>()
                            .join(", ")
                    ),
                )),
            }
        }
        for (i, (field, p)) in places.iter().enumerate() {
            if let Some(why) = stands(*p) {
                issues.push(Issue::new(
                    field.clone(),
                    format!("({:.1}, {:.1}): {why}", p.x, p.y),
                ));
            }
            if let Some((other, _)) = places[..i].iter().find(|(_, q)| q.dist(*p) < BASE - 1e-3) {
                issues.push(Issue::new(
                    field.clone(),
                    format!("overlaps the base at {other}"),
                ));
            }
        }
        encounters.push(Encounter {
            name: e.name.clone(),
            text: e.text.clone(),
            first: e.first,
            heroes,
            monsters: members,
        });
    }
    if !issues.is_empty() {
        return Err(issues
            .iter()
            .map(|i| LocatedError::locate(file, &spans, i))
            .collect());
    }
    let ambush = encounters.pop().expect("the ambush is always pushed last");
    let plan = DelvePlan {
        name: d.name.clone(),
        dungeon_level: d.dungeon_level,
        encounters,
        ambush,
    };
    Ok((d, plan))
}

/// Reads and checks a delve file.
pub fn load_delve(path: &Path) -> Result<(DelveFile, DelvePlan), Vec<LocatedError>> {
    let resolved = crate::data::load::resolve_data_path(path);
    let text = crate::data::read_text(&resolved).map_err(|e| vec![e])?;
    parse_delve(&path.display().to_string(), &text)
}

/// The delve files shipped and the player's own, by path.
pub fn delve_files() -> Vec<PathBuf> {
    let dir = crate::data::load::resolve_data_path(Path::new(DELVE_DIR));
    let mut v: Vec<PathBuf> = std::fs::read_dir(&dir)
        .map(|r| {
            r.filter_map(|e| e.ok())
                .map(|e| e.path())
                .filter(|p| p.extension().is_some_and(|x| x == "ron"))
                .filter_map(|p| p.file_name().map(|n| Path::new(DELVE_DIR).join(n)))
                .collect()
        })
        .unwrap_or_default();
    v.sort();
    v
}

/// The first fight of the delve at `path`: the heroes of roster `party` (the delve's own when
/// `None`; one seat each from seat 2, or all on seat 2 with `one_player`) at the first
/// encounter's places, its monsters on seat 1, and the whole plan.
pub fn delve_setup(
    seed: u64,
    path: &Path,
    party: Option<&Path>,
    one_player: bool,
) -> Result<DndSetup, Vec<String>> {
    let strings = |e: Vec<LocatedError>| e.iter().map(|e| e.to_string()).collect::<Vec<_>>();
    let (file, plan) = load_delve(path).map_err(strings)?;
    let party = party.unwrap_or(&file.party);
    let mut setup = super::setup::from_rosters(
        seed,
        Some(file.level.clone()),
        one_player,
        party,
        &file.monsters,
    )?;
    let first = &plan.encounters[0];
    if first.heroes.len() < setup.heroes.len() {
        return Err(vec![format!(
            "{}: the encounters have places for {} heroes, and the party has {}",
            path.display(),
            first.heroes.len(),
            setup.heroes.len()
        )]);
    }
    for (m, p) in setup.heroes.iter_mut().zip(&first.heroes) {
        m.at = Some(*p);
    }
    setup.monsters = first.monsters.clone();
    setup.first = first.first;
    setup.delve = Some(plan);
    Ok(setup)
}
