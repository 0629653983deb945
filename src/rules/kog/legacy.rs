//! Saves of KOG light written before the shared game core (format 1, `KogSave(...)`): their
//! commands carry no seat (each is given by the seat the game waited on), the sides the program
//! played sit in the setup, and their hash was taken over a hand-listed digest of the state,
//! which is kept here to check them.

use super::catalogue::Catalogue;
use super::command::Command;
use super::force::ForceList;
use super::game_setup::GameSetup;
use super::marker::{Kog, KogGame};
use super::options::{KogOptions, Scenario};
use super::state::KogState;
use crate::data::LevelFile;
use crate::data::error::LocatedError;
use crate::data::spans::SpanIndex;
use crate::dice::Dice;
use crate::rules::core::game::fnv1a;
use crate::rules::core::save::{check_setup, hash_warning};
use crate::rules::core::{Player, RuleSet};
use serde::{Deserialize, Serialize};

#[derive(Deserialize)]
#[serde(deny_unknown_fields, rename = "KogSave")]
struct SaveV1 {
    #[allow(dead_code)]
    version: u32,
    #[allow(dead_code)]
    rules: String,
    setup: SetupV1,
    commands: Vec<CommandV1>,
    state_hash: String,
}

#[derive(Deserialize)]
#[serde(rename = "GameSetup")]
struct SetupV1 {
    level: LevelFile,
    scenario: Scenario,
    options: KogOptions,
    forces: [ForceList; 2],
    seed: u64,
    catalogue: Catalogue,
    #[serde(default)]
    program_sides: Vec<u8>,
}

#[derive(Deserialize)]
#[serde(rename = "LoggedCommand")]
struct CommandV1 {
    cmd: Command,
    #[serde(default)]
    entered: Vec<u32>,
}

/// Reads and replays a format-1 save, checking it against its hash of that format.
pub fn load_v1(file: &str, text: &str) -> Result<(KogGame, Option<String>), Vec<LocatedError>> {
    let spans = SpanIndex::new(text);
    let save: SaveV1 = crate::data::load::from_ron(file, text, &spans)?;
    let s = save.setup;
    let setup = GameSetup {
        level: s.level,
        scenario: s.scenario,
        options: s.options,
        forces: s.forces,
        seed: s.seed,
        catalogue: s.catalogue,
    };
    check_setup(file, &spans, Kog::validate_setup(&setup))?;
    let mut g =
        KogGame::new(setup).map_err(|e| vec![LocatedError::whole_file(file, e.join("; "))])?;
    for (i, c) in save.commands.into_iter().enumerate() {
        let cmd = c.cmd;
        g.submit_with(cmd.clone(), &c.entered).map_err(|e| {
            vec![LocatedError::whole_file(
                file,
                format!("command {} ({cmd:?}) is refused on replay: {e}", i + 1),
            )]
        })?;
    }
    for side in s.program_sides {
        g.set_player(side, Player::Program);
    }
    let warning = hash_warning(digest_hash(&g.state, &g.dice), &save.state_hash);
    Ok((g, warning))
}

#[derive(Serialize)]
struct Digest<'a> {
    table_models: &'a [crate::table::Model],
    models: Vec<super::state_form::ModelForm<'a>>,
    units: &'a [super::state::KogUnit],
    phase: &'a super::state::Phase,
    roles: &'a Option<super::state::Roles>,
    territory: &'a Option<super::state::Territory>,
    objectives: &'a [super::state::KogObjective],
    commanders: &'a [Option<crate::table::ModelId>; 2],
    round: u32,
    first: u8,
    active: u8,
    step: super::state::Step,
    turn: &'a super::state::TurnState,
    pending: &'a Option<super::state::PendingAttack>,
    dice_position: String,
    rolls: usize,
}

/// The format-1 hash: FNV-1a over the RON form of a hand-listed digest of the state.
pub fn digest_hash(s: &KogState, dice: &Dice) -> u64 {
    let d = Digest {
        table_models: &s.table.models,
        models: s
            .models
            .values()
            .map(|m| super::state_form::ModelForm::of(s, m))
            .collect(),
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
    fnv1a(ron::to_string(&d).unwrap_or_default().as_bytes())
}
