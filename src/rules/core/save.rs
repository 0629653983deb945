//! Saves of any rule set: a header (the rule set's id and the format version), the setup, who
//! plays each seat, the command log, and the hash its replay must reach. Written atomically;
//! loaded by replaying the commands from the setup.

use super::game::{Game, Logged, RuleSet};
use super::seat::Player;
use super::skill::{Reasons, Skill};
use crate::data::error::LocatedError;
use crate::data::spans::SpanIndex;
use serde::{Deserialize, Serialize};
use std::path::Path;

/// A saved game.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, rename = "Save")]
pub struct SaveFile<S, C> {
    /// The rule set's id, e.g. "kog-light".
    pub rules: String,
    /// The rule set's save format version.
    pub version: u32,
    pub setup: S,
    /// Who plays each seat, in seat order.
    #[serde(default)]
    pub players: Vec<Player>,
    /// How well the program plays each seat, in seat order; left out when every seat plays
    /// Normal (saves written before there were skills read as Normal).
    #[serde(default, skip_serializing_if = "all_normal")]
    pub skills: Vec<Skill>,
    pub commands: Vec<Logged<C>>,
    pub state_hash: String,
    /// What the program weighed for its commands ("Why?"), where it kept it: beside the game,
    /// not part of its state.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub reasons: Vec<Reasons>,
}

fn all_normal(v: &[Skill]) -> bool {
    Skill::all_normal(v)
}

/// Just the header of a save, read before the rule set is known.
#[derive(Deserialize)]
#[serde(rename = "Save")]
struct Header {
    rules: String,
    version: u32,
}

/// The header of saves written before the shared game core (KOG light only).
#[derive(Deserialize)]
#[serde(rename = "KogSave")]
struct OldHeader {
    rules: String,
    version: u32,
}

/// The rule set id and format version a save declares.
pub fn read_header(file: &str, text: &str) -> Result<(String, u32), LocatedError> {
    if text.trim().is_empty() {
        return Err(LocatedError::whole_file(
            file,
            "file is empty: expected a Save(...)",
        ));
    }
    if let Some((line, col)) = crate::data::load::too_deep(text) {
        return Err(LocatedError {
            file: file.to_string(),
            line,
            col,
            field: String::new(),
            message: format!(
                "brackets nested more than {} deep",
                crate::data::load::MAX_NESTING
            ),
        });
    }
    match ron::from_str::<Header>(text) {
        Ok(h) => Ok((h.rules, h.version)),
        Err(e) => match ron::from_str::<OldHeader>(text) {
            Ok(h) => Ok((h.rules, h.version)),
            Err(_) => Err(crate::data::load::ron_error(
                file,
                &SpanIndex::new(text),
                &e,
            )),
        },
    }
}

/// `value` as the pretty RON a save file holds.
pub fn ron_text<T: Serialize>(value: &T) -> Result<String, String> {
    let cfg = ron::ser::PrettyConfig::new()
        .depth_limit(5)
        .struct_names(true)
        .indentor("  ");
    let mut text = ron::ser::to_string_pretty(value, cfg)
        .map_err(|e| format!("cannot write the save: {e}"))?;
    text.push('\n');
    Ok(text)
}

/// Writes `value` as pretty RON to `path`, atomically.
pub fn write_ron<T: Serialize>(path: &Path, value: &T) -> Result<(), String> {
    let text = ron_text(value)?;
    crate::data::load::write_atomic(path, text.as_bytes())
        .map_err(|e| format!("cannot save {}: {e}", path.display()))
}

impl<R: RuleSet> Game<R> {
    pub fn to_save(&self) -> SaveFile<R::Setup, R::Command> {
        SaveFile {
            rules: R::ID.key().into(),
            version: R::SAVE_VERSION,
            setup: self.setup.clone(),
            players: self.players.clone(),
            skills: self.skills.clone(),
            commands: self.log.clone(),
            state_hash: format!("{:016x}", self.hash()),
            reasons: self.reasons.clone(),
        }
    }

    /// Writes the game to `path` atomically.
    pub fn save(&self, path: &Path) -> Result<(), String> {
        write_ron(path, &self.to_save())
    }

    /// Reads a save and replays it; refuses a file whose replay does not reach its saved hash.
    pub fn load(path: &Path) -> Result<Self, Vec<LocatedError>> {
        let text = crate::data::read_text(path).map_err(|e| vec![e])?;
        Self::load_text(&path.display().to_string(), &text)
    }

    /// Reads a save and replays it; refuses a file whose replay does not reach its saved hash.
    pub fn load_text(file: &str, text: &str) -> Result<Self, Vec<LocatedError>> {
        match Self::load_lenient(file, text)? {
            (g, None) => Ok(g),
            (_, Some(w)) => Err(vec![LocatedError::whole_file(file, w)]),
        }
    }

    /// Like [`Self::load`], but a replay that plays through and ends elsewhere than the saved
    /// hash (a save from another version of the program, or an edited file) is kept, with the
    /// reason as a warning for the players.
    pub fn load_with_warning(path: &Path) -> Result<(Self, Option<String>), Vec<LocatedError>> {
        let text = crate::data::read_text(path).map_err(|e| vec![e])?;
        Self::load_lenient(&path.display().to_string(), &text)
    }

    /// Reads a save of any supported format and replays it: the game, and a warning when the
    /// replay ends elsewhere than the saved hash.
    pub fn load_lenient(
        file: &str,
        text: &str,
    ) -> Result<(Self, Option<String>), Vec<LocatedError>> {
        let (rules, version) = read_header(file, text).map_err(|e| vec![e])?;
        if rules != R::ID.key() {
            return Err(vec![LocatedError::whole_file(
                file,
                format!(
                    "a save of '{rules}', not of {} ('{}')",
                    R::ID.label(),
                    R::ID.key()
                ),
            )]);
        }
        if version != R::SAVE_VERSION {
            return R::load_legacy(file, text, version).unwrap_or_else(|| {
                let made_by = if version < R::SAVE_VERSION {
                    "an older"
                } else {
                    "a newer"
                };
                Err(vec![LocatedError::whole_file(
                    file,
                    format!(
                        "a {} save in format {version}, made by {made_by} version of Wartable; this version reads format {}{}",
                        R::ID.label(),
                        R::SAVE_VERSION,
                        if version < R::SAVE_VERSION {
                            " and has no reader for the older one"
                        } else {
                            ""
                        }
                    ),
                )])
            });
        }
        let spans = SpanIndex::new(text);
        let save: SaveFile<R::Setup, R::Command> = crate::data::load::from_ron(file, text, &spans)?;
        check_setup(file, &spans, R::validate_setup(&save.setup))?;
        let mut g = Self::replay(save.setup, &save.commands)
            .map_err(|e| vec![LocatedError::whole_file(file, e)])?;
        for (i, p) in save.players.iter().enumerate() {
            g.set_player(i as u8 + 1, *p);
        }
        for (i, k) in save.skills.iter().enumerate() {
            g.set_skill(i as u8 + 1, *k);
        }
        let n = g.log.len();
        g.reasons = save.reasons.into_iter().filter(|r| r.command < n).collect();
        // Saves written before the hash was streamed carry the hash of the state's RON form.
        let warning = hash_warning(g.hash(), &save.state_hash)
            .filter(|_| hash_warning(g.hash_ron(), &save.state_hash).is_some());
        Ok((g, warning))
    }
}

/// Refuses a save whose setup has problems, each located in the file under `setup.`.
pub fn check_setup(
    file: &str,
    spans: &SpanIndex,
    issues: Vec<crate::data::error::Issue>,
) -> Result<(), Vec<LocatedError>> {
    if issues.is_empty() {
        return Ok(());
    }
    Err(issues
        .into_iter()
        .map(|mut i| {
            i.path = format!("setup.{}", i.path);
            LocatedError::locate(file, spans, &i)
        })
        .collect())
}

/// The warning for a replay that reached `hash` instead of the `saved` one, if they differ.
pub fn hash_warning(hash: u64, saved: &str) -> Option<String> {
    let hash = format!("{hash:016x}");
    (hash != saved).then(|| {
        format!(
            "the replay reaches state {hash}, not the saved {saved}: the file was changed or was saved by another version of the program"
        )
    })
}
