//! DnDalike sorcery as data: the schools of magic (each with its colour) and the spells, read
//! from a grimoire file and validated on load with errors that name file, line, column and
//! field. "The schools of magic will differ depending on your game, but each one should be
//! assigned a colour".

use crate::data::error::{Issue, LocatedError};
use crate::data::spans::SpanIndex;
use serde::{Deserialize, Serialize};
use std::path::Path;

pub const GRIMOIRE_FILE: &str = "assets/forces/dndalike/spells.ron";

/// A school of magic: its stones' colour (red, green, blue).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct School {
    pub name: String,
    pub colour: [u8; 3],
}

/// What a spell does when it resolves. The text names no spells ("The Cthonic Codex has some
/// good spells, or you could just use DnD 5e. Whatever, really."): these are the effects the
/// shipped spells are made of.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub enum Effect {
    /// An enemy the caster sees takes this many wounds.
    Bolt { wounds: u32 },
    /// An enemy the caster sees gains this much fatigue (a wound for each beyond the maximum).
    Drain { fatigue: u32 },
    /// A character of the caster's party that the caster sees (or the caster) has its armour
    /// class raised to this until the end of the turn.
    Ward { ac: i32 },
    /// A character of the caster's party that the caster sees (or the caster) loses this much
    /// fatigue (never below its armour's permanent fatigue).
    Mend { fatigue: u32 },
    /// An enemy the caster sees suffers a finishing blow.
    Doom,
    /// Cancels a spell on the stack.
    Unweave,
}

impl Effect {
    /// Whether the spell is aimed at an enemy, a friend, or a spell on the stack.
    pub fn aim(self) -> Aim {
        match self {
            Effect::Bolt { .. } | Effect::Drain { .. } | Effect::Doom => Aim::Enemy,
            Effect::Ward { .. } | Effect::Mend { .. } => Aim::Friend,
            Effect::Unweave => Aim::Spell,
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Aim {
    Enemy,
    Friend,
    Spell,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Spell {
    pub name: String,
    /// "at least one must match the school of magic to which the school belongs".
    pub school: String,
    /// "Cast a spell of level O or less": the number of stones it takes, and the penalty on the
    /// caster's saving throw.
    pub level: u32,
    /// Whether it may be cast at any time (quick) or only on the caster's own turn (slow).
    #[serde(default)]
    pub quick: bool,
    pub effect: Effect,
    /// A line for the card.
    #[serde(default)]
    pub text: String,
}

/// The schools and spells of a fight.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, Default)]
#[serde(deny_unknown_fields)]
pub struct Grimoire {
    pub schools: Vec<School>,
    pub spells: Vec<Spell>,
}

impl Grimoire {
    pub fn is_empty(&self) -> bool {
        self.schools.is_empty() && self.spells.is_empty()
    }

    pub fn school(&self, name: &str) -> Option<usize> {
        self.schools.iter().position(|s| s.name == name)
    }

    pub fn spell(&self, name: &str) -> Option<usize> {
        self.spells.iter().position(|s| s.name == name)
    }

    /// The school index of spell `i`.
    pub fn school_of(&self, i: usize) -> usize {
        self.spells
            .get(i)
            .and_then(|s| self.school(&s.school))
            .unwrap_or(0)
    }

    /// What is wrong with the grimoire, each with the field it names.
    pub fn problems(&self) -> Vec<Issue> {
        let mut v = Vec::new();
        for (i, s) in self.schools.iter().enumerate() {
            if s.name.trim().is_empty() {
                v.push(Issue::new(format!("schools[{i}].name"), "empty"));
            }
            if self.schools[..i].iter().any(|o| o.name == s.name) {
                v.push(Issue::new(
                    format!("schools[{i}].name"),
                    format!("\"{}\" is named twice", s.name),
                ));
            }
        }
        for (i, s) in self.spells.iter().enumerate() {
            if s.name.trim().is_empty() {
                v.push(Issue::new(format!("spells[{i}].name"), "empty"));
            }
            if self.spells[..i].iter().any(|o| o.name == s.name) {
                v.push(Issue::new(
                    format!("spells[{i}].name"),
                    format!("\"{}\" is named twice", s.name),
                ));
            }
            if self.school(&s.school).is_none() {
                v.push(Issue::new(
                    format!("spells[{i}].school"),
                    format!("no school is named \"{}\"", s.school),
                ));
            }
            if !(1..=3).contains(&s.level) {
                v.push(Issue::new(
                    format!("spells[{i}].level"),
                    format!("{} is not 1 to 3", s.level),
                ));
            }
            let bad = match s.effect {
                Effect::Bolt { wounds: n }
                | Effect::Drain { fatigue: n }
                | Effect::Mend { fatigue: n } => !(1..=6).contains(&n),
                Effect::Ward { ac } => !(1..=6).contains(&ac),
                Effect::Doom | Effect::Unweave => false,
            };
            if bad {
                v.push(Issue::new(
                    format!("spells[{i}].effect"),
                    "its number is not 1 to 6",
                ));
            }
        }
        v
    }
}

/// Parses and validates a grimoire; every problem located in the file.
pub fn parse_grimoire(file: &str, text: &str) -> Result<Grimoire, Vec<LocatedError>> {
    let spans = SpanIndex::new(text);
    let g: Grimoire = crate::data::load::from_ron(file, text, &spans)?;
    let issues = g.problems();
    if issues.is_empty() {
        Ok(g)
    } else {
        Err(issues
            .iter()
            .map(|i| LocatedError::locate(file, &spans, i))
            .collect())
    }
}

pub fn load_grimoire(path: &Path) -> Result<Grimoire, Vec<LocatedError>> {
    let text = crate::data::read_text(path).map_err(|e| vec![e])?;
    parse_grimoire(&path.display().to_string(), &text)
}

/// The shipped grimoire (read again only when the file changes).
pub fn shipped_grimoire() -> Result<Grimoire, Vec<String>> {
    static KEPT: std::sync::OnceLock<crate::data::load::Kept<Grimoire>> =
        std::sync::OnceLock::new();
    let path = crate::data::load::resolve_data_path(Path::new(GRIMOIRE_FILE));
    crate::data::load::read_kept(KEPT.get_or_init(Default::default), &path, load_grimoire)
        .map_err(|e| e.iter().map(|e| e.to_string()).collect())
}
