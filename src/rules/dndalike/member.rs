//! A character in a DnDalike fight as a setup holds it: its sheet, its seat, where it starts.

use super::sheet::Sheet;
use crate::rules::core::Seat;
use crate::table::geom::Pt;
use serde::{Deserialize, Serialize};

/// A character in the fight: its sheet, the seat that plays it, and where it starts.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Member {
    pub sheet: Sheet,
    pub seat: Seat,
    /// Where the base starts (default: the party's row along its table edge).
    #[serde(default)]
    pub at: Option<Pt>,
}
