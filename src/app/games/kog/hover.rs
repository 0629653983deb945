//! The attack row under the pointer in KOG light's card panel, shared by the panel that sets it
//! and the markers that draw its sight lines.

use bevy::prelude::*;

/// The attack row under the pointer in the card panel: its sight lines are drawn on the table.
#[derive(Resource, Debug, Default)]
pub struct AttackHover {
    pub pair: Option<(crate::table::ModelId, crate::table::ModelId)>,
    pub(super) lines: Vec<crate::table::sight::SightLine>,
    pub(super) key: Option<(crate::table::ModelId, crate::table::ModelId, u64)>,
}
