//! What a game of KOG light starts from: its setup (level, scenario, forces, options, seed, the
//! catalogue) and the first state it makes. The log, undo, saves and replays are the shared
//! game core's ([`crate::rules::core::Game`]).

use super::game_setup::GameSetup;
use super::state::{KogModel, KogState, KogUnit, Phase, Step, TurnState};
use crate::table::ModelId;
use std::collections::BTreeMap;

/// Points of each side's battle size left unspent.
pub fn unused_points(s: &KogState) -> [i64; 2] {
    let spent = |side: u8| -> i64 {
        s.models
            .values()
            .filter(|m| m.side == side)
            .map(|m| m.loadout.cost as i64)
            .sum()
    };
    let limit = s.size().points() as i64;
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
        let terrain = self.options.terrain;
        if terrain == super::options::TerrainSetup::OpenTable {
            table.pieces.clear();
        }
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
                            loadout: std::sync::Arc::new(loadout),
                            damage: 0,
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
            setup: std::sync::Arc::new(self.clone()),
            models,
            units,
            // "Players should alternate placing terrain features": side 1 places first.
            phase: if terrain == super::options::TerrainSetup::Level {
                Phase::RoleDiceOff {
                    last: None,
                    may_reroll: None,
                }
            } else {
                Phase::PlaceTerrain {
                    side: 1,
                    done: [false, false],
                }
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
