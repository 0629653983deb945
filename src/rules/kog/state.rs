//! The state of a KOG light game: the table, each model's loadout and damage, the units, the
//! objectives, whose turn and step it is, and what each model did this turn. Changed only by
//! [`super::event::apply`].

use super::catalogue::Loadout;
use super::force::{BattleSize, ForceList, UnitKind};
use super::options::{KogOptions, Scenario};
use crate::table::{ModelId, Pt, Table};
use serde::{Deserialize, Serialize};
use std::collections::{BTreeMap, BTreeSet};

/// "Attacker v. Defender".
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Roles {
    pub attacker: u8,
    pub defender: u8,
}

/// How the Defender "divides the battlefield into equal halves".
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Split {
    /// Left and right halves (the line runs across the depth, at half the width).
    LeftRight,
    /// Near and far halves (the line runs across the width, at half the depth).
    NearFar,
}

/// One of the two halves: the one nearer the origin (left or near) or the other.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Half {
    LeftOrNear,
    RightOrFar,
}

impl Half {
    pub fn other(self) -> Half {
        match self {
            Half::LeftOrNear => Half::RightOrFar,
            Half::RightOrFar => Half::LeftOrNear,
        }
    }
}

/// The territories: how the table is split and which half is the Defender's.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct Territory {
    pub split: Split,
    pub defender: Half,
    pub width: f32,
    pub depth: f32,
}

impl Territory {
    /// The coordinate across the split, and where the line is.
    fn axis(&self, p: Pt) -> (f32, f32, f32) {
        match self.split {
            Split::LeftRight => (p.x, self.width / 2.0, self.width),
            Split::NearFar => (p.y, self.depth / 2.0, self.depth),
        }
    }

    /// Whether `p` lies in `half`.
    pub fn contains(&self, half: Half, p: Pt) -> bool {
        let (v, mid, _) = self.axis(p);
        match half {
            Half::LeftOrNear => v <= mid,
            Half::RightOrFar => v >= mid,
        }
    }

    /// Distance from `p` to `half` (0 inside it).
    pub fn distance_to(&self, half: Half, p: Pt) -> f32 {
        let (v, mid, _) = self.axis(p);
        match half {
            Half::LeftOrNear => (v - mid).max(0.0),
            Half::RightOrFar => (mid - v).max(0.0),
        }
    }

    /// Distance from `p` to the table edge on `half`'s side (the edge parallel to the split).
    pub fn distance_to_edge(&self, half: Half, p: Pt) -> f32 {
        let (v, _, size) = self.axis(p);
        match half {
            Half::LeftOrNear => v,
            Half::RightOrFar => size - v,
        }
    }

    /// The half that belongs to `side`.
    pub fn half_of(&self, side: u8, roles: &Roles) -> Half {
        if side == roles.defender {
            self.defender
        } else {
            self.defender.other()
        }
    }

    pub fn describe(&self, half: Half) -> &'static str {
        match (self.split, half) {
            (Split::LeftRight, Half::LeftOrNear) => "the left half",
            (Split::LeftRight, Half::RightOrFar) => "the right half",
            (Split::NearFar, Half::LeftOrNear) => "the near half",
            (Split::NearFar, Half::RightOrFar) => "the far half",
        }
    }
}

/// How a model fares.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Condition {
    Unharmed,
    Crippled,
    Destroyed,
    /// Infantry: "Eliminated instead of Destroyed, and simply removed from the game".
    Eliminated,
}

/// One model of a force.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct KogModel {
    pub id: ModelId,
    pub side: u8,
    /// Index into [`KogState::units`].
    pub unit: usize,
    pub name: String,
    /// The profile, weapons and upgrades: fixed for the game, shared by copies of the state.
    pub loadout: std::sync::Arc<Loadout>,
    /// Damage taken: 1 cripples, 2 or more destroys.
    pub damage: u32,
    /// Left the game (eliminated infantry, or carried the objective off the table): a fact of
    /// the game's history. Whether the model stands on the table is the table's own list
    /// ([`KogState::on_table`]).
    pub removed: bool,
    /// Uses of twice-per-game weapons, by weapon name.
    pub uses: BTreeMap<String, u32>,
}

impl KogModel {
    pub fn condition(&self) -> Condition {
        match self.damage {
            0 => Condition::Unharmed,
            1 => Condition::Crippled,
            _ if self.loadout.is_infantry() => Condition::Eliminated,
            _ => Condition::Destroyed,
        }
    }

    pub fn crippled(&self) -> bool {
        self.damage == 1
    }

    /// Neither destroyed nor eliminated.
    pub fn alive(&self) -> bool {
        self.damage < 2
    }

    pub fn uses_left(&self, weapon: &super::catalogue::Weapon) -> Option<u32> {
        match weapon.uses {
            super::catalogue::Uses::Unlimited => None,
            super::catalogue::Uses::TwicePerGame => {
                Some(2u32.saturating_sub(self.uses.get(&weapon.name).copied().unwrap_or(0)))
            }
        }
    }
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct KogUnit {
    pub name: String,
    pub kind: UnitKind,
    pub side: u8,
    pub models: Vec<ModelId>,
}

/// An objective marker.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct KogObjective {
    pub name: String,
    /// The side whose objective it is (placed in its territory); `None` for Hamburger Hill's
    /// central objective.
    pub owner: Option<u8>,
    pub at: Pt,
    /// Linebreaker: the model carrying it.
    pub carrier: Option<ModelId>,
    /// Linebreaker: carried off the Defender's board edge.
    pub off_table: bool,
    /// Consecutive turns of each side (index side - 1) in which it held the objective.
    pub streak: [u32; 2],
}

/// The four moves of "[1] Movement".
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum MoveMode {
    Combat,
    Speed,
    HoldPosition,
    Charge,
}

impl MoveMode {
    pub const ALL: [MoveMode; 4] = [
        MoveMode::Combat,
        MoveMode::Speed,
        MoveMode::HoldPosition,
        MoveMode::Charge,
    ];

    pub fn label(self) -> &'static str {
        match self {
            MoveMode::Combat => "Combat Move",
            MoveMode::Speed => "Speed Move",
            MoveMode::HoldPosition => "Hold Position",
            MoveMode::Charge => "Charge!",
        }
    }
}

/// The two steps of a player turn.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Step {
    Movement,
    Action,
}

/// The kind of sight a Forward Observer gave.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum SightKind {
    Full,
    Partial,
    SensorLock,
}

impl SightKind {
    pub fn label(self) -> &'static str {
        match self {
            SightKind::Full => "Line of Sight",
            SightKind::Partial => "Partial Line of Sight",
            SightKind::SensorLock => "Sensor Lock",
        }
    }
}

/// A Forward Observer's report on a target.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Observation {
    pub observer: ModelId,
    pub target: ModelId,
    pub sight: SightKind,
    /// The target has cover as the observer sees it.
    pub cover: bool,
}

/// An attack declared on a target that may counterattack: it waits for the target's answer.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct PendingAttack {
    pub attacker: ModelId,
    pub weapon: String,
    pub target: ModelId,
    /// Weapons the target may counterattack with.
    pub counter_weapons: Vec<String>,
    /// The attacker's choice of optional re-rolls.
    #[serde(
        default,
        skip_serializing_if = "super::attack::RerollChoice::is_default"
    )]
    pub reroll: super::attack::RerollChoice,
}

/// What the current player turn has seen so far.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct TurnState {
    /// The unit selected in this step, if any.
    pub open_unit: Option<usize>,
    /// Units already selected in this step.
    pub units_done: BTreeSet<usize>,
    /// Models moved this turn, with the move and where they stood before it.
    pub moved: BTreeMap<ModelId, (MoveMode, Pt)>,
    pub acted: BTreeSet<ModelId>,
    /// Times each model has been a target this turn.
    pub targeted: BTreeMap<ModelId, u32>,
    /// Models given Fire Support.
    pub fire_support: BTreeSet<ModelId>,
    pub observed: Vec<Observation>,
    /// Objectives held this turn (index), with the model holding each.
    pub held: BTreeMap<usize, ModelId>,
}

/// Where the game is.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub enum Phase {
    /// "Placing Terrain": the players alternate placing pieces; `side` places next, `done`
    /// (index side - 1) marks a side that has finished.
    PlaceTerrain {
        side: u8,
        done: [bool; 2],
    },
    /// Dicing off for Attacker and Defender; `may_reroll` is the side with more unused points
    /// that lost the last roll.
    RoleDiceOff {
        last: Option<[u32; 2]>,
        may_reroll: Option<u8>,
    },
    ChooseRole {
        chooser: u8,
    },
    /// The Defender divides the table and picks a half.
    ChooseTerritory,
    Deploy {
        side: u8,
    },
    PlaceObjective {
        side: u8,
    },
    NameCommanders,
    /// Rounds 3 and on: dice off to choose who goes first.
    FirstTurnDiceOff,
    ChooseFirst {
        chooser: u8,
    },
    /// A player turn is under way.
    Turn,
    Over(Outcome),
}

/// How a game ended.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub enum Outcome {
    MajorVictory { side: u8, why: String },
    MinorVictory { side: u8, why: String },
    Draw { why: String },
    Conceded { side: u8 },
}

impl Outcome {
    pub fn describe(&self) -> String {
        match self {
            Outcome::MajorVictory { side, why } => format!("Major Victory! for side {side}: {why}"),
            Outcome::MinorVictory { side, why } => format!("Minor Victory for side {side}: {why}"),
            Outcome::Draw { why } => format!("Draw: {why}"),
            Outcome::Conceded { side } => {
                format!("Side {side} concedes: side {} wins", enemy(*side))
            }
        }
    }

    /// The side that won (none for a draw).
    pub fn winner(&self) -> Option<u8> {
        match self {
            Outcome::MajorVictory { side, .. } | Outcome::MinorVictory { side, .. } => Some(*side),
            Outcome::Draw { .. } => None,
            Outcome::Conceded { side } => Some(enemy(*side)),
        }
    }
}

/// The whole game state. Serialised (for its hash) with each model's place on the table
/// written beside it, as saves made before [`KogState::on_table`] replaced a kept flag expect
/// ([`super::state_form`]).
#[derive(Debug, Clone, PartialEq)]
pub struct KogState {
    pub table: Table,
    /// The game's setup, shared with the game and by every copy of the state: the options, the
    /// scenario and the forces (hence the battle size) are read from it, never copied.
    pub setup: std::sync::Arc<super::game_setup::GameSetup>,
    pub models: BTreeMap<ModelId, KogModel>,
    pub units: Vec<KogUnit>,
    pub phase: Phase,
    pub roles: Option<Roles>,
    pub territory: Option<Territory>,
    pub objectives: Vec<KogObjective>,
    pub commanders: [Option<ModelId>; 2],
    pub round: u32,
    /// The side that took the first player turn this round.
    pub first: u8,
    /// The side whose turn it is (or who must act in setup).
    pub active: u8,
    pub step: Step,
    pub turn: TurnState,
    pub pending: Option<PendingAttack>,
}

/// The other side.
pub fn enemy(side: u8) -> u8 {
    if side == 1 { 2 } else { 1 }
}

/// Index of a side (1 or 2) into per-side arrays.
pub fn ix(side: u8) -> usize {
    (side.clamp(1, 2) - 1) as usize
}

impl KogState {
    /// The options the game was set up with.
    pub fn options(&self) -> &KogOptions {
        &self.setup.options
    }

    /// The options of this state alone (its shared setup copied first): for scenario tests that
    /// change a rule's reading in the middle of a game.
    pub fn options_mut(&mut self) -> &mut KogOptions {
        &mut std::sync::Arc::make_mut(&mut self.setup).options
    }

    pub fn scenario(&self) -> Scenario {
        self.setup.scenario
    }

    /// The two forces (side 1, side 2).
    pub fn forces(&self) -> &[ForceList; 2] {
        &self.setup.forces
    }

    /// The battle size both forces were picked for.
    pub fn size(&self) -> BattleSize {
        self.setup.forces[0].size
    }

    /// Whether model `id` stands on the table (deployed and not removed): the table's own list
    /// of models says, so no flag is kept beside it.
    pub fn on_table(&self, id: ModelId) -> bool {
        self.table.models.iter().any(|m| m.id == id)
    }

    /// On the table and neither destroyed nor eliminated: able to move and act.
    pub fn is_active(&self, m: &KogModel) -> bool {
        m.alive() && self.on_table(m.id)
    }

    /// Whether model `id` exists and is active.
    pub fn active_model(&self, id: ModelId) -> bool {
        self.models.get(&id).is_some_and(|m| self.is_active(m))
    }

    /// Not yet deployed: neither on the table nor gone from the game.
    pub fn waiting_to_deploy(&self, m: &KogModel) -> bool {
        !m.removed && !self.on_table(m.id)
    }

    pub fn model(&self, id: ModelId) -> Result<&KogModel, crate::rules::core::RuleError> {
        self.models
            .get(&id)
            .ok_or(crate::rules::core::RuleError::NoSuchModel(id))
    }

    /// Models of `side` that are on the table and neither destroyed nor eliminated.
    pub fn active_models(&self, side: u8) -> impl Iterator<Item = &KogModel> {
        self.models
            .values()
            .filter(move |m| m.side == side && self.is_active(m))
    }

    /// Whether any active enemy of `side` is within `inches` of model `id` (base edge to base
    /// edge).
    pub fn enemy_within(&self, id: ModelId, inches: f32) -> Option<ModelId> {
        let m = self.table.model(id).ok()?;
        let side = self.models.get(&id)?.side;
        self.active_models(enemy(side))
            .filter_map(|e| self.table.model(e.id).ok())
            .find(|e| m.edge_distance(e) <= inches + 1e-4)
            .map(|e| e.id)
    }

    /// Whether any model of unit `u` is within 1" of an active enemy (it "may only choose Close
    /// Assault actions").
    pub fn unit_engaged(&self, u: usize) -> bool {
        self.units[u]
            .models
            .iter()
            .any(|id| self.active_model(*id) && self.enemy_within(*id, 1.0).is_some())
    }

    /// "no non-Crippled units remaining on the board": a unit counts while one of its models is
    /// on the table unharmed.
    pub fn has_uncrippled_unit(&self, side: u8) -> bool {
        self.units.iter().filter(|u| u.side == side).any(|u| {
            u.models.iter().any(|id| {
                self.models
                    .get(id)
                    .is_some_and(|m| self.is_active(m) && m.damage == 0)
            })
        })
    }

    /// Whether `side` has any model left on the table that is not destroyed.
    pub fn has_forces(&self, side: u8) -> bool {
        self.active_models(side).next().is_some()
    }

    pub fn commander(&self, side: u8) -> Option<ModelId> {
        self.commanders[ix(side)]
    }

    /// The objective a side must take for victory (standard and Meatgrinder): its opponent's.
    pub fn objective_of(&self, side: u8) -> Option<usize> {
        self.objectives.iter().position(|o| o.owner == Some(side))
    }

    /// The Defender's board edge of Linebreaker, as a distance from `p` (0 on it).
    pub fn defender_edge_distance(&self, p: Pt) -> Option<f32> {
        let (t, r) = (self.territory?, self.roles?);
        Some(t.distance_to_edge(t.half_of(r.defender, &r), p))
    }
}
