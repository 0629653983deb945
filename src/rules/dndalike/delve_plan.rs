//! The delve a DnDalike fight's setup carries, whole (so that a save replays the same delve
//! whatever the files say later): its encounters with the monsters' whole sheets, and what is
//! wrong with a plan read from a save.

use super::member::Member;
use super::parts::Party;
use crate::data::error::Issue;
use crate::table::geom::Pt;
use serde::{Deserialize, Serialize};

/// The most encounters a delve holds.
pub const MAX_ENCOUNTERS: usize = 12;

/// An encounter of a fight's setup: the monsters' whole sheets (seat 1, places given).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Encounter {
    pub name: String,
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub text: String,
    pub first: Party,
    pub heroes: Vec<Pt>,
    pub monsters: Vec<Member>,
}

/// The delve a fight's setup carries: the first encounter is the setup's own fight.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct DelvePlan {
    pub name: String,
    pub dungeon_level: i32,
    pub encounters: Vec<Encounter>,
    pub ambush: Encounter,
}

impl DelvePlan {
    /// What is wrong with the plan (a save's copy), each with the field it names.
    pub fn problems(&self, heroes: usize) -> Vec<Issue> {
        let mut v = Vec::new();
        if self.encounters.is_empty() {
            v.push(Issue::new(
                "encounters",
                "a delve needs at least one encounter",
            ));
        }
        if self.encounters.len() > MAX_ENCOUNTERS {
            v.push(Issue::new(
                "encounters",
                format!("more than {MAX_ENCOUNTERS} encounters"),
            ));
        }
        if !(0..=20).contains(&self.dungeon_level) {
            v.push(Issue::new(
                "dungeon_level",
                format!("{} is not 0 to 20", self.dungeon_level),
            ));
        }
        let all = self
            .encounters
            .iter()
            .enumerate()
            .map(|(i, e)| (format!("encounters[{i}]"), e))
            .chain([("ambush".to_string(), &self.ambush)]);
        for (at, e) in all {
            if e.monsters.is_empty() {
                v.push(Issue::new(format!("{at}.monsters"), "no monsters"));
            }
            if e.heroes.len() < heroes {
                v.push(Issue::new(
                    format!("{at}.heroes"),
                    format!(
                        "places for {} heroes, and the party has {heroes}",
                        e.heroes.len()
                    ),
                ));
            }
            for (k, m) in e.monsters.iter().enumerate() {
                for (f, msg) in m.sheet.problems() {
                    v.push(Issue::new(format!("{at}.monsters[{k}].sheet.{f}"), msg));
                }
                if m.seat != 1 {
                    v.push(Issue::new(
                        format!("{at}.monsters[{k}].seat"),
                        "the monsters are the dungeon master's: seat 1",
                    ));
                }
                if m.at.is_none() {
                    v.push(Issue::new(
                        format!("{at}.monsters[{k}].at"),
                        "a delve's monster needs a place",
                    ));
                }
            }
        }
        v
    }
}
