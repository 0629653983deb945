//! The serialised form of a KOG light state, from which its hash is taken: the state's fields
//! in order, with each model's place on the table (`on_table`) written beside it from the
//! table's own list. Saves made while that place was a flag kept in the model carry hashes of
//! this form, so they still replay to their hash.

use super::state::{KogModel, KogState};
use serde::{Serialize, Serializer};

impl Serialize for KogState {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        StateForm {
            table: &self.table,
            options: &self.setup.options,
            scenario: &self.setup.scenario,
            size: &self.setup.forces[0].size,
            forces: &self.setup.forces,
            models: Models(self),
            units: &self.units,
            phase: &self.phase,
            roles: &self.roles,
            territory: &self.territory,
            objectives: &self.objectives,
            commanders: &self.commanders,
            round: &self.round,
            first: &self.first,
            active: &self.active,
            step: &self.step,
            turn: &self.turn,
            pending: &self.pending,
        }
        .serialize(serializer)
    }
}

#[derive(Serialize)]
#[serde(rename = "KogState")]
struct StateForm<'a> {
    table: &'a crate::table::Table,
    options: &'a super::options::KogOptions,
    scenario: &'a super::options::Scenario,
    size: &'a super::force::BattleSize,
    forces: &'a [super::force::ForceList; 2],
    models: Models<'a>,
    units: &'a Vec<super::state::KogUnit>,
    phase: &'a super::state::Phase,
    roles: &'a Option<super::state::Roles>,
    territory: &'a Option<super::state::Territory>,
    objectives: &'a Vec<super::state::KogObjective>,
    commanders: &'a [Option<crate::table::ModelId>; 2],
    round: &'a u32,
    first: &'a u8,
    active: &'a u8,
    step: &'a super::state::Step,
    turn: &'a super::state::TurnState,
    pending: &'a Option<super::state::PendingAttack>,
}

/// The models by id, each with its place on the table.
struct Models<'a>(&'a KogState);

impl Serialize for Models<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let s = self.0;
        serializer.collect_map(s.models.iter().map(|(id, m)| (id, ModelForm::of(s, m))))
    }
}

/// One model as serialised: its fields with its place on the table between `damage` and
/// `removed`, where the kept flag stood.
#[derive(Serialize)]
#[serde(rename = "KogModel")]
pub struct ModelForm<'a> {
    id: &'a crate::table::ModelId,
    side: &'a u8,
    unit: &'a usize,
    name: &'a String,
    loadout: &'a std::sync::Arc<super::catalogue::Loadout>,
    damage: &'a u32,
    on_table: bool,
    removed: &'a bool,
    uses: &'a std::collections::BTreeMap<String, u32>,
}

impl<'a> ModelForm<'a> {
    pub fn of(s: &KogState, m: &'a KogModel) -> Self {
        ModelForm {
            id: &m.id,
            side: &m.side,
            unit: &m.unit,
            name: &m.name,
            loadout: &m.loadout,
            damage: &m.damage,
            on_table: s.on_table(m.id),
            removed: &m.removed,
            uses: &m.uses,
        }
    }
}
