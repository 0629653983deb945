//! A game of KOG light: its setup (level, scenario, forces, options, seed), the state, the dice,
//! the command log and the combat log; undo of any step that rolled no dice; saves written
//! atomically as the setup plus the command log, and loaded by replaying them to the same state
//! hash.

use super::catalogue::Catalogue;
use super::command::{Command, RuleError};
use super::event::{Event, apply, describe};
use super::force::ForceList;
use super::options::{KogOptions, Scenario};
use super::state::{KogModel, KogState, KogUnit, Phase, Step, TurnState};
use crate::data::LevelFile;
use crate::data::error::LocatedError;
use crate::data::spans::SpanIndex;
use crate::dice::Dice;
use crate::table::ModelId;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::path::Path;

/// Everything a game starts from.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct GameSetup {
    /// The level, whole, so that a save needs no other file.
    pub level: LevelFile,
    pub scenario: Scenario,
    pub options: KogOptions,
    /// Side 1's and side 2's forces.
    pub forces: [ForceList; 2],
    pub seed: u64,
    /// The catalogue the forces were picked from.
    pub catalogue: Catalogue,
    /// The sides the program plays (the rules do not look at it; a loaded game keeps it).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub program_sides: Vec<u8>,
}

/// A command as played, with any dice results a player typed in for it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct LoggedCommand {
    pub cmd: Command,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub entered: Vec<u32>,
}

/// A line of the combat log.
#[derive(Debug, Clone, PartialEq)]
pub struct JournalLine {
    pub round: u32,
    /// The side whose turn it was (0 during setup).
    pub side: u8,
    pub text: String,
    /// Index of the command that wrote it.
    pub command: usize,
}

struct UndoPoint {
    state: KogState,
    journal_len: usize,
}

pub struct KogGame {
    pub setup: GameSetup,
    pub state: KogState,
    pub dice: Dice,
    pub log: Vec<LoggedCommand>,
    pub journal: Vec<JournalLine>,
    undo: Vec<UndoPoint>,
}

/// Points of each side's battle size left unspent.
pub fn unused_points(s: &KogState) -> [i64; 2] {
    let spent = |side: u8| -> i64 {
        s.models
            .values()
            .filter(|m| m.side == side)
            .map(|m| m.loadout.cost as i64)
            .sum()
    };
    let limit = s.size.points() as i64;
    [limit - spent(1), limit - spent(2)]
}

impl GameSetup {
    /// The first state of the game: the level's terrain with no models on it, every model of
    /// both forces waiting to deploy, and the dice-off for Attacker and Defender to come.
    pub fn initial_state(&self) -> Result<KogState, Vec<String>> {
        let mut errors = Vec::new();
        for (i, f) in self.forces.iter().enumerate() {
            for issue in f.validate(&self.catalogue) {
                errors.push(format!(
                    "side {}'s force '{}': {}: {}",
                    i + 1,
                    f.name,
                    issue.path,
                    issue.message
                ));
            }
        }
        if self.forces[0].size != self.forces[1].size {
            errors.push(format!(
                "both forces are picked for the same battle size (side 1: {}, side 2: {})",
                self.forces[0].size.label(),
                self.forces[1].size.label()
            ));
        }
        let issues = crate::data::validate::validate(&self.level);
        for i in issues {
            errors.push(format!("level: {}: {}", i.path, i.message));
        }
        if !errors.is_empty() {
            return Err(errors);
        }
        let mut table = self.level.to_table();
        table.models.clear();
        let mut models = BTreeMap::new();
        let mut units = Vec::new();
        let mut next = 1u32;
        for (si, force) in self.forces.iter().enumerate() {
            let side = si as u8 + 1;
            let mut counts: BTreeMap<String, u32> = BTreeMap::new();
            for fu in &force.units {
                let mut ids = Vec::new();
                for fm in &fu.models {
                    let loadout = self
                        .catalogue
                        .loadout(&fm.profile, &fm.upgrades)
                        .map_err(|e| vec![e])?;
                    let n = counts.entry(loadout.profile.clone()).or_insert(0);
                    *n += 1;
                    let id = ModelId(next);
                    next += 1;
                    models.insert(
                        id,
                        KogModel {
                            id,
                            side,
                            unit: units.len(),
                            name: format!("{} {}", loadout.profile, n),
                            loadout,
                            damage: 0,
                            on_table: false,
                            removed: false,
                            uses: BTreeMap::new(),
                        },
                    );
                    ids.push(id);
                }
                units.push(KogUnit {
                    name: fu.name.clone(),
                    kind: fu.kind,
                    side,
                    models: ids,
                });
            }
        }
        Ok(KogState {
            table,
            options: self.options.clone(),
            scenario: self.scenario,
            size: self.forces[0].size,
            forces: self.forces.clone(),
            models,
            units,
            phase: Phase::RoleDiceOff {
                last: None,
                may_reroll: None,
            },
            roles: None,
            territory: None,
            objectives: Vec::new(),
            commanders: [None, None],
            round: 0,
            first: 0,
            active: 0,
            step: Step::Movement,
            turn: TurnState::default(),
            pending: None,
        })
    }
}

impl KogGame {
    pub fn new(setup: GameSetup) -> Result<Self, Vec<String>> {
        let state = setup.initial_state()?;
        Ok(Self {
            dice: Dice::new(setup.seed),
            setup,
            state,
            log: Vec::new(),
            journal: Vec::new(),
            undo: Vec::new(),
        })
    }

    /// Plays a command with the game's dice.
    pub fn submit(&mut self, cmd: Command) -> Result<Vec<Event>, RuleError> {
        self.submit_with(cmd, &[])
    }

    /// Plays a command; its dice show `entered` (results of real dice typed in) first.
    pub fn submit_with(&mut self, cmd: Command, entered: &[u32]) -> Result<Vec<Event>, RuleError> {
        let rolls_before = self.dice.log().len();
        self.dice.enter(entered);
        let result = super::execute(&self.state, &cmd, &mut self.dice);
        // The queue is used front first (forced results, then the entered ones): what is left
        // is the end of the entered results.
        let consumed = entered.len() - self.dice.forced_pending().min(entered.len());
        if !entered.is_empty() {
            // Typed-in results the command did not use are dropped, not carried to the next.
            self.dice.clear_queued();
        }
        let events = result?;
        let before = self.state.clone();
        let journal_len = self.journal.len();
        let index = self.log.len();
        for e in &events {
            if let Some(text) = describe(&self.state, e) {
                self.journal.push(JournalLine {
                    round: journal_round(&self.state, e),
                    // A turn's announcement goes under the side whose turn it is.
                    side: match e {
                        Event::TurnBegan { side, .. } => *side,
                        _ if self.state.phase == Phase::Turn => self.state.active,
                        _ => 0,
                    },
                    text,
                    command: index,
                });
            }
            apply(&mut self.state, e);
        }
        if self.dice.log().len() > rolls_before {
            self.undo.clear();
        } else {
            self.undo.push(UndoPoint {
                state: before,
                journal_len,
            });
        }
        self.log.push(LoggedCommand {
            cmd,
            entered: entered[..consumed].to_vec(),
        });
        Ok(events)
    }

    /// Whether the last command can be taken back (it rolled no dice, nor did any since).
    pub fn can_undo(&self) -> bool {
        !self.undo.is_empty()
    }

    /// Takes back the last command if it rolled no dice; returns it.
    pub fn undo(&mut self) -> Option<Command> {
        let p = self.undo.pop()?;
        self.state = p.state;
        self.journal.truncate(p.journal_len);
        self.log.pop().map(|l| l.cmd)
    }

    /// A hash of everything that can change in play (models, damage, turn, objectives, the
    /// dice's position): two games with equal hashes are in the same state.
    pub fn hash(&self) -> u64 {
        state_hash(&self.state, &self.dice)
    }

    /// Replays a command log from a setup: the game it leads to, or the first command refused.
    pub fn replay(setup: GameSetup, log: &[LoggedCommand]) -> Result<Self, String> {
        let mut g = Self::new(setup).map_err(|e| e.join("; "))?;
        for (i, l) in log.iter().enumerate() {
            g.submit_with(l.cmd.clone(), &l.entered).map_err(|e| {
                format!("command {} ({:?}) is refused on replay: {e}", i + 1, l.cmd)
            })?;
        }
        Ok(g)
    }

    pub fn to_save(&self) -> SaveFile {
        SaveFile {
            version: SAVE_VERSION,
            rules: "kog-light".into(),
            setup: self.setup.clone(),
            commands: self.log.clone(),
            state_hash: format!("{:016x}", self.hash()),
        }
    }

    /// Writes the game to `path` atomically.
    pub fn save(&self, path: &Path) -> Result<(), String> {
        let cfg = ron::ser::PrettyConfig::new()
            .depth_limit(5)
            .struct_names(true)
            .indentor("  ");
        let mut text = ron::ser::to_string_pretty(&self.to_save(), cfg)
            .map_err(|e| format!("cannot write the save: {e}"))?;
        text.push('\n');
        crate::data::load::write_atomic(path, text.as_bytes())
            .map_err(|e| format!("cannot save {}: {e}", path.display()))
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

    fn load_lenient(file: &str, text: &str) -> Result<(Self, Option<String>), Vec<LocatedError>> {
        if text.trim().is_empty() {
            return Err(vec![LocatedError::whole_file(
                file,
                "file is empty: expected a KogSave(...)",
            )]);
        }
        let spans = SpanIndex::new(text);
        let save: SaveFile = ron::from_str(text)
            .map_err(|e| vec![crate::data::load::ron_error(file, &spans, &e)])?;
        if save.version != SAVE_VERSION || save.rules != "kog-light" {
            return Err(vec![LocatedError::whole_file(
                file,
                format!(
                    "a save of '{}' version {}; this program reads kog-light version {SAVE_VERSION}",
                    save.rules, save.version
                ),
            )]);
        }
        let issues = save.setup.catalogue.validate();
        if !issues.is_empty() {
            return Err(issues
                .iter()
                .map(|i| {
                    let mut i = i.clone();
                    i.path = format!("setup.catalogue.{}", i.path);
                    LocatedError::locate(file, &spans, &i)
                })
                .collect());
        }
        let g = Self::replay(save.setup, &save.commands)
            .map_err(|e| vec![LocatedError::whole_file(file, e)])?;
        let hash = format!("{:016x}", g.hash());
        let warning = (hash != save.state_hash).then(|| {
            format!(
                "the replay reaches state {hash}, not the saved {}: the file was changed or was saved by another version of the program",
                save.state_hash
            )
        });
        Ok((g, warning))
    }
}

pub const SAVE_VERSION: u32 = 1;

/// A saved game: the setup and the commands played, with the hash their replay must reach.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, rename = "KogSave")]
pub struct SaveFile {
    pub version: u32,
    pub rules: String,
    pub setup: GameSetup,
    pub commands: Vec<LoggedCommand>,
    pub state_hash: String,
}

#[derive(Serialize)]
struct Digest<'a> {
    table_models: &'a [crate::table::Model],
    models: Vec<&'a KogModel>,
    units: &'a [KogUnit],
    phase: &'a Phase,
    roles: &'a Option<super::state::Roles>,
    territory: &'a Option<super::state::Territory>,
    objectives: &'a [super::state::KogObjective],
    commanders: &'a [Option<ModelId>; 2],
    round: u32,
    first: u8,
    active: u8,
    step: Step,
    turn: &'a TurnState,
    pending: &'a Option<super::state::PendingAttack>,
    dice_position: String,
    rolls: usize,
}

/// FNV-1a over the state's RON form.
pub fn state_hash(s: &KogState, dice: &Dice) -> u64 {
    let d = Digest {
        table_models: &s.table.models,
        models: s.models.values().collect(),
        units: &s.units,
        phase: &s.phase,
        roles: &s.roles,
        territory: &s.territory,
        objectives: &s.objectives,
        commanders: &s.commanders,
        round: s.round,
        first: s.first,
        active: s.active,
        step: s.step,
        turn: &s.turn,
        pending: &s.pending,
        dice_position: dice.word_pos().to_string(),
        rolls: dice.log().len(),
    };
    let text = ron::to_string(&d).unwrap_or_default();
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for b in text.bytes() {
        h ^= b as u64;
        h = h.wrapping_mul(0x0000_0100_0000_01b3);
    }
    h
}

/// The round a journal line about `e` belongs to: a turn under the round it begins, and the
/// dice-off for who goes first (and its announcement) under the round it opens.
fn journal_round(s: &KogState, e: &Event) -> u32 {
    match e {
        Event::TurnBegan { round, .. } => *round,
        Event::PhaseSet(Phase::FirstTurnDiceOff) => s.round + 1,
        _ if matches!(s.phase, Phase::FirstTurnDiceOff | Phase::ChooseFirst { .. }) => s.round + 1,
        _ => s.round,
    }
}
