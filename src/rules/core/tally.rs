//! What each unit type did over a balance run: models fielded, the points they cost, and the
//! damage they dealt and took (in the rule set's own units: KOG light damage, Kry-Gothic
//! wounds), for "which unit earns its points".

use std::collections::BTreeMap;

/// The headings of a table of records, in the order of [`UnitTally`]'s columns.
pub const HEADINGS: [&str; 7] = [
    "unit type",
    "fielded",
    "points",
    "dealt",
    "taken",
    "dealt/100 pts",
    "taken/100 pts",
];

/// One unit type's record.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct UnitTally {
    /// Models of this type that took the field.
    pub fielded: u64,
    /// The points they cost, all together.
    pub points: u64,
    pub dealt: u64,
    pub taken: u64,
}

impl UnitTally {
    /// Damage dealt per 100 points fielded.
    pub fn dealt_per_100(&self) -> f64 {
        100.0 * self.dealt as f64 / self.points.max(1) as f64
    }

    /// Damage taken per 100 points fielded.
    pub fn taken_per_100(&self) -> f64 {
        100.0 * self.taken as f64 / self.points.max(1) as f64
    }

    /// Adds `other`'s counts.
    pub fn add(&mut self, other: &UnitTally) {
        self.fielded += other.fielded;
        self.points += other.points;
        self.dealt += other.dealt;
        self.taken += other.taken;
    }
}

/// The records by unit type name.
pub type Tally = BTreeMap<String, UnitTally>;
