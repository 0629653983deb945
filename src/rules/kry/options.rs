//! Named choices where Kry-Gothic's text offers variants or leaves a number open; each is
//! explained, with the sentence it reads, in `assets/rules/kry-gothic.md`.

use super::close::DeflectBreak;
use super::dice::HighTargets;
use super::ranged::{BlindSide, ShotRules};
use serde::{Deserialize, Serialize};

/// The scenarios of the text.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Scenario {
    /// "a few straight out 'deathmatch' style scenarios": the last side standing wins.
    Deathmatch,
    /// A deathmatch "in the dark" (+2 to hit).
    DarkDeathmatch,
    /// The text's example: side 1 attacks and must destroy 3 locations (the level's objectives);
    /// side 2 defends, moves from the end of AP round 1, its squad leaders arrive after round 3,
    /// its last quarter after round 4, and its backup wins it the game after round 10.
    Breach,
}

impl Scenario {
    pub const ALL: [Scenario; 3] = [
        Scenario::Deathmatch,
        Scenario::DarkDeathmatch,
        Scenario::Breach,
    ];

    pub fn label(self) -> &'static str {
        match self {
            Scenario::Deathmatch => "Deathmatch",
            Scenario::DarkDeathmatch => "Deathmatch in the dark",
            Scenario::Breach => "Breach (destroy 3 locations)",
        }
    }

    pub fn from_name(name: &str) -> Option<Self> {
        match crate::data::names::fold(name).as_str() {
            "deathmatch" => Some(Scenario::Deathmatch),
            "dark" | "darkdeathmatch" => Some(Scenario::DarkDeathmatch),
            "breach" => Some(Scenario::Breach),
            _ => None,
        }
    }

    pub fn dark(self) -> bool {
        self == Scenario::DarkDeathmatch
    }
}

/// Which action of a face-off goes first.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
pub enum FaceOffOrder {
    /// The list in its order, movement first ("movement is done before ranged attacks";
    /// "movement only precedes other actions if that unit is not currently part of any other
    /// action").
    #[default]
    ListOrder,
    /// "Whoever is performing the action with a higher number gets to go first."
    HigherFirst,
}

/// How long the table shows that a unit is in waiting.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
pub enum WaitingMarker {
    /// A mark on the unit for as long as it waits.
    #[default]
    Shown,
    /// "The other player must be informed which units are going into waiting, but they are only
    /// told once. It is up to them to remember": the mark shows as the unit goes into waiting,
    /// and is gone with the next order paid for.
    ToldOnce,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct KryOptions {
    pub high_targets: HighTargets,
    pub blind_side: BlindSide,
    pub deflect_break: DeflectBreak,
    /// "a final cost cap ... (the final cost cap will be decided later on)".
    pub cost_cap: u32,
    /// Models a team may field: 14, from "skirmishes of around 12-14 models per player"; "usually
    /// no greater than 12 on either side" is the usual size, not a limit.
    pub max_models: usize,
    /// AP for a shot: the combo example's sum ("In total this costs about 6 AP") reads 1.
    pub shot_cost: u32,
    /// AP rounds after which an undecided game ends (`None`: play on).
    pub round_limit: Option<u32>,
    #[serde(default)]
    pub face_off: FaceOffOrder,
    #[serde(default)]
    pub waiting_marker: WaitingMarker,
}

impl Default for KryOptions {
    fn default() -> Self {
        Self {
            high_targets: HighTargets::Table,
            blind_side: BlindSide::Damage,
            deflect_break: DeflectBreak::OnSix,
            cost_cap: 1000,
            max_models: 14,
            shot_cost: 1,
            round_limit: None,
            face_off: FaceOffOrder::ListOrder,
            waiting_marker: WaitingMarker::Shown,
        }
    }
}

impl KryOptions {
    pub fn shot_rules(&self) -> ShotRules {
        ShotRules {
            high_targets: self.high_targets,
            blind_side: self.blind_side,
        }
    }
}
