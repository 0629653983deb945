//! Named choices for the places where KOG light's text offers variants or is silent; each is
//! explained, with the sentence it reads, in `assets/rules/kog-light.md`.

use serde::{Deserialize, Serialize};

/// "In addition to the basic single objective scenario given above, players may agree to play
/// alternate scenarios".
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Scenario {
    /// One objective per player; take and hold the opponent's.
    Standard,
    /// Destruction first: the victory conditions of the standard game swapped.
    Meatgrinder,
    /// One central objective, held uncontested.
    HamburgerHill,
    /// The Attacker carries an objective off the Defender's board edge.
    Linebreaker,
}

impl Scenario {
    pub const ALL: [Scenario; 4] = [
        Scenario::Standard,
        Scenario::Meatgrinder,
        Scenario::HamburgerHill,
        Scenario::Linebreaker,
    ];

    pub fn label(self) -> &'static str {
        match self {
            Scenario::Standard => "Standard (single objective)",
            Scenario::Meatgrinder => "Meatgrinder",
            Scenario::HamburgerHill => "Hamburger Hill",
            Scenario::Linebreaker => "Linebreaker",
        }
    }

    /// The scenario named on the command line: standard, meatgrinder, hamburger-hill or
    /// linebreaker (case, spaces and dashes do not matter).
    pub fn from_name(name: &str) -> Option<Scenario> {
        match super::catalogue::fold(name).as_str() {
            "standard" => Some(Scenario::Standard),
            "meatgrinder" => Some(Scenario::Meatgrinder),
            "hamburgerhill" => Some(Scenario::HamburgerHill),
            "linebreaker" => Some(Scenario::Linebreaker),
            _ => None,
        }
    }

    pub fn summary(self) -> &'static str {
        match self {
            Scenario::Standard => {
                "Major: take and hold the opponent's Objective for consecutive turns. Minor: the opponent has no non-Crippled units."
            }
            Scenario::Meatgrinder => {
                "Major: the opponent has no non-Crippled units. Minor: take and hold the opponent's Objective for consecutive turns."
            }
            Scenario::HamburgerHill => {
                "One Objective in the centre. Major: hold it uncontested for consecutive turns. Minor: the opponent has no non-Crippled units."
            }
            Scenario::Linebreaker => {
                "The Attacker carries the Objective on a model. Attacker Major: move it off the Defender's board edge. Defender Major: the Attacker has no non-Crippled units."
            }
        }
    }
}

/// How far a weapon may shoot past its effective range.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum LongRange {
    /// As written: any distance, re-rolling successes beyond the effective range.
    Unlimited,
    /// A house limit: up to twice the effective range.
    UpToDouble,
}

/// What a Speed Move gives up: "may not choose Shooting actions until the end of the player
/// turn".
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum SpeedMoveBars {
    /// The text's layout: Hold Objective, Forward Observer and Fire Support are listed under
    /// "Ranged Shooting" ("Alternately, eligible models may instead choose"), and Pass Objective
    /// comes "Instead of Shooting", so all of them are Shooting actions.
    ShootingAndItsAlternatives,
    /// Only shots at enemy models (the summary's marker: "model may not shoot").
    ShotsOnly,
}

impl SpeedMoveBars {
    /// What saves from before this option meant (a field missing from them).
    fn legacy() -> Self {
        SpeedMoveBars::ShotsOnly
    }

    fn is_legacy(&self) -> bool {
        *self == Self::legacy()
    }

    pub fn label(self) -> &'static str {
        match self {
            SpeedMoveBars::ShootingAndItsAlternatives => "shooting and its alternatives",
            SpeedMoveBars::ShotsOnly => "shots only",
        }
    }
}

/// Where an Objective's "more than 6\" from any board edge" is measured from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum GapFrom {
    /// The marker's edge, like every other distance of the game.
    MarkerEdge,
    /// The marker's centre: how saves from before the edge reading were played.
    MarkerCentre,
}

impl GapFrom {
    fn legacy() -> Self {
        GapFrom::MarkerCentre
    }

    fn is_legacy(&self) -> bool {
        *self == Self::legacy()
    }
}

/// "Placing Terrain – ... Players should alternate placing terrain features and agree upon any
/// battlefield effects before proceeding."
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
pub enum TerrainSetup {
    /// The level as it is: its terrain was agreed when it was chosen.
    #[default]
    Level,
    /// The level's ground without its pieces: the players alternate placing pieces from its
    /// palette before the dice-off.
    OpenTable,
    /// The level's pieces stay: the players alternate adding pieces from its palette.
    Dressed,
}

impl TerrainSetup {
    pub const ALL: [TerrainSetup; 3] = [
        TerrainSetup::Level,
        TerrainSetup::OpenTable,
        TerrainSetup::Dressed,
    ];

    fn is_level(&self) -> bool {
        *self == TerrainSetup::Level
    }

    pub fn label(self) -> &'static str {
        match self {
            TerrainSetup::Level => "the level as it is",
            TerrainSetup::OpenTable => "place terrain on an open table",
            TerrainSetup::Dressed => "add terrain to the level's",
        }
    }

    /// The choice named on the command line: level, open or dressed.
    pub fn from_name(name: &str) -> Option<TerrainSetup> {
        match super::catalogue::fold(name).as_str() {
            "level" => Some(TerrainSetup::Level),
            "open" | "opentable" => Some(TerrainSetup::OpenTable),
            "dressed" => Some(TerrainSetup::Dressed),
            _ => None,
        }
    }
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct KogOptions {
    pub long_range: LongRange,
    /// Living models block sight to models behind them.
    pub models_block_sight: bool,
    /// Wrecks block sight (they give cover either way).
    pub wrecks_block_sight: bool,
    /// Rounds after which the game ends in a draw if nobody has won (`None`: play on).
    pub round_limit: Option<u32>,
    /// How far from the enemy's territory forces deploy: the text's "more than 12\"", which a
    /// table smaller than 4' x 3' may need to adjust ("may require some adjustment").
    #[serde(default = "default_gap")]
    pub deployment_gap: f32,
    /// What a Speed Move rules out. Saves from before the option have no field and meant
    /// `ShotsOnly`; that value is left out of the saved form so their hashes stay the same.
    #[serde(
        default = "SpeedMoveBars::legacy",
        skip_serializing_if = "SpeedMoveBars::is_legacy"
    )]
    pub speed_move_bars: SpeedMoveBars,
    /// Where the Objective's edge gap is measured from; saves from before the edge reading have
    /// no field and keep the centre (left out of the saved form, so their hashes stay the same).
    #[serde(
        default = "GapFrom::legacy",
        skip_serializing_if = "GapFrom::is_legacy"
    )]
    pub objective_gap_from: GapFrom,
    /// Whether the players place terrain before the dice-off. Left out of the saved form when
    /// the level is played as it is, so saves from before the option keep their hashes.
    #[serde(default, skip_serializing_if = "TerrainSetup::is_level")]
    pub terrain: TerrainSetup,
}

fn default_gap() -> f32 {
    12.0
}

impl Default for KogOptions {
    fn default() -> Self {
        Self {
            long_range: LongRange::Unlimited,
            models_block_sight: false,
            wrecks_block_sight: true,
            round_limit: None,
            deployment_gap: default_gap(),
            speed_move_bars: SpeedMoveBars::ShootingAndItsAlternatives,
            objective_gap_from: GapFrom::MarkerEdge,
            terrain: TerrainSetup::Level,
        }
    }
}

impl KogOptions {
    pub fn sight(&self) -> crate::table::SightOptions {
        crate::table::SightOptions {
            models_block: self.models_block_sight,
            wrecks_block: self.wrecks_block_sight,
            ..Default::default()
        }
    }
}
