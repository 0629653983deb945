//! A Kry-Gothic game's whole state: the models with their profiles, wargear and conditions, the
//! table, the AP round with each side's action points, the tallies for the Loses and Triumph
//! tables, and the question a close-combat attack waits on.

use super::catalogue::{Ability, CcEffect, Class, Profile};
use super::close::{AttackType, Defence};
use super::options::{KryOptions, Scenario};
use super::stats::WeaponStats;
use crate::table::{ModelId, Pt, Table};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::sync::Arc;

pub use super::side::{Side, enemy, ix};

/// A close-combat weapon as carried.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct CcGear {
    pub name: String,
    pub cc: i8,
    pub str: i8,
    pub effects: Vec<CcEffect>,
    /// Broken parrying a wrapping weapon.
    #[serde(default)]
    pub broken: bool,
}

/// A ranged weapon as carried.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct RangedGear {
    pub name: String,
    pub stats: WeaponStats,
    pub short: f32,
    pub long: f32,
    pub suppressive: bool,
    pub heavy: bool,
    /// Broken by a bunt or a deflect.
    pub broken: bool,
}

/// A model in the game.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct KryModel {
    pub id: ModelId,
    pub side: Side,
    /// Its name and troop type: shared by copies of the state (the rules copy the state for
    /// every command they check).
    pub name: Arc<str>,
    pub troop: Arc<str>,
    pub class: Class,
    pub profile: Profile,
    /// Wounds it can take.
    pub wounds: u8,
    pub wounds_taken: u8,
    /// All its armour, and the part of it that counts only from the front.
    pub armour: u8,
    pub armour_front_only: u8,
    /// Taken off Speed by armour.
    pub speed_penalty: u8,
    /// Its gear and abilities: shared by copies of the state until one changes them (a ranged
    /// weapon broken).
    pub cc_weapons: Arc<Vec<CcGear>>,
    pub ranged: Arc<Vec<RangedGear>>,
    pub abilities: Arc<Vec<Ability>>,
    /// Base diameter and body height, in inches.
    pub base: f32,
    pub height: f32,
    /// Body lost to running, given back 1 a round.
    pub body_loss: u8,
    /// Pinned, and how: hit (may move only away from the fire) or missed (may not move).
    pub pinned: Option<Pin>,
    /// Pinned by a hit: where each hit that found it pinned came from (the shooters as they
    /// stood): "cannot move except for opposite direction they are being fired on".
    #[serde(default)]
    pub fired_from: Vec<Pt>,
    /// Knocked down by a leg sweep or a lasso: 1 AP to stand up.
    pub prone: bool,
    /// In waiting (1 AP), until it acts, is hit or is charged.
    pub waiting: bool,
    /// Ran this AP round (the to-hit modifier "The target is sprinting").
    pub sprinting: bool,
    /// Has taken an action this round other than turning (a small step must come first).
    pub acted: bool,
    /// Took a small step and has taken no other action since: "The next action must be some
    /// other type of action except a movement action."
    #[serde(default)]
    pub small_stepped: bool,
    /// The enemy it charged: +2 CC on the charge's attack, and -2 Body against that enemy's first
    /// attack, whenever it comes (kept across AP rounds, dropped when the two disengage).
    pub charged: Option<ModelId>,
    /// Enemies whose first attack on it has been made (the charge's -2 Body is spent).
    pub first_attack_taken: Vec<ModelId>,
    /// The fear-causer whose first attack it meets with halved CC.
    pub afraid_of: Option<ModelId>,
    /// Fear-causing enemies it passed its test against, moving in or attacking, since the two
    /// last met: "Any time a unit moves in to attack a fear causing unit" tests once.
    #[serde(default)]
    pub braved: Vec<ModelId>,
    /// Held back: it arrives at the end of this AP round (the Breach scenario's defenders).
    #[serde(default)]
    pub arrives: Option<u32>,
    /// AP still to spend to get it out of a hole in a damaged floor.
    #[serde(default)]
    pub stuck: u32,
    pub dead: bool,
}

/// How a model is pinned.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Pin {
    /// "cannot move except for opposite direction they are being fired on": the shooter's side
    /// of the model is barred.
    Hit { from: ModelId },
    /// "The unit cannot move, but it can still fire as normal."
    Missed,
}

impl KryModel {
    /// "modified speed score": Speed less armour.
    pub fn speed(&self) -> u8 {
        self.profile.speed.saturating_sub(self.speed_penalty).max(1)
    }

    /// Body now: less what running took.
    pub fn body(&self) -> u8 {
        self.profile.body.saturating_sub(self.body_loss).max(1)
    }

    pub fn cc(&self) -> u8 {
        self.profile.cc.unwrap_or(0)
    }

    pub fn rc(&self) -> u8 {
        self.profile.rc.unwrap_or(0)
    }

    pub fn has(&self, a: Ability) -> bool {
        self.abilities.contains(&a)
    }

    pub fn alive(&self) -> bool {
        !self.dead
    }

    pub fn weapon(&self, name: &str) -> Option<&RangedGear> {
        self.ranged
            .iter()
            .find(|w| super::catalogue::same_name(&w.name, name))
    }

    /// The close-combat weapon `name`, if it carries it unbroken.
    pub fn cc_weapon(&self, name: &str) -> Option<&CcGear> {
        self.cc_weapons
            .iter()
            .find(|w| !w.broken && super::catalogue::same_name(&w.name, name))
    }
}

/// Where the game is.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub enum Phase {
    /// Side `side` places its models in its deployment zone.
    Deploy {
        side: Side,
    },
    /// AP rounds: both sides spend AP whenever they like.
    Play,
    Over(Outcome),
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub enum Outcome {
    Victory { side: Side, why: String },
    Draw { why: String },
}

/// A close-combat attack waiting on an answer.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct CloseAttack {
    pub attacker: ModelId,
    pub target: ModelId,
    pub attack: AttackType,
    /// The attacker's close-combat weapon, for `AttackType::Weapon`.
    pub weapon: Option<String>,
    /// The defender chose an active defence (1 AP) at step 1.
    pub active: bool,
    /// The to-hit dice that passed (step 3), once rolled.
    pub hits: Option<u32>,
    pub critical: bool,
    /// This is the defender's view before its defence class: `attack` and `weapon` are not the
    /// attacker's (its choice is kept secret, see [`super::secret`]).
    #[serde(default)]
    pub hidden: bool,
}

/// What the game waits on besides the free flow of orders.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub enum Pending {
    /// Step 1: the defender chooses passive or active defence.
    DefenceClass(CloseAttack),
    /// Step 4: the defender, having chosen active defence, picks its type.
    DefenceType(CloseAttack),
    /// The defender asked to break off (1 AP paid): the attacker lets it go or not.
    BreakOffAsked(CloseAttack),
    /// Between two steps of an order combo: `interrupter` may interrupt (only with a unit in
    /// waiting when `waiting_only`, the steps being different actions) or pass; `owner` may
    /// cancel.
    Window {
        owner: Side,
        interrupter: Side,
        waiting_only: bool,
    },
    /// A face-off: each side names its action in secret.
    FaceOff(FaceOff),
    /// The face-off's winner carries its named action through first.
    FaceOffWon {
        side: Side,
        choice: super::faceoff_choice::FaceOffChoice,
    },
    /// After the roll to wound: the attacker pays 2, 3, ... AP for each wound beyond the first.
    BuyWounds {
        attacker: ModelId,
        target: ModelId,
        passes: u32,
        critical: bool,
    },
}

impl Pending {
    /// The side that answers.
    pub fn side(&self, s: &KryState) -> Side {
        let m = |id: &ModelId| s.models.get(id).map_or(1, |m| m.side);
        match self {
            Pending::DefenceClass(a) | Pending::DefenceType(a) => m(&a.target),
            Pending::BreakOffAsked(a) => m(&a.attacker),
            Pending::BuyWounds { attacker, .. } => m(attacker),
            Pending::Window { interrupter, .. } => *interrupter,
            Pending::FaceOff(f) => {
                if f.picks[0] == FaceOffPick::Open {
                    1
                } else {
                    2
                }
            }
            Pending::FaceOffWon { side, .. } => *side,
        }
    }
}

/// Both sides' picks in a face-off.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct FaceOff {
    pub picks: [FaceOffPick; 2],
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub enum FaceOffPick {
    Open,
    Named(super::faceoff_choice::FaceOffChoice),
    PulledOut,
    /// Named, but not shown to this seat yet.
    Hidden,
}

/// What happened to a side since the last AP round, for the Loses and Triumph tables.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Tally {
    /// Models lost this round.
    pub lost: u32,
    /// Models it had at the round's start.
    pub had: u32,
    pub leader_killed: bool,
    pub leader_failed_will: bool,
    pub damaged_by_own_side: bool,
    pub killed_enemy_leader: bool,
    pub first_blood: bool,
    /// Commands of the order combos it completed this round.
    #[serde(default)]
    pub combo_commands: u32,
    /// "+1AP per 4 commands", counted combo by combo: the sum over its completed combos of a
    /// quarter of each one's paid commands (rounded down).
    #[serde(default)]
    pub combo_ap: u32,
    /// It interrupted an enemy's order combo this round.
    #[serde(default)]
    pub interrupted_combo: bool,
}

/// A run of shots at one target, for pinning: "shot by 2 or more different units in a row".
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct FireStreak {
    pub target: ModelId,
    pub shooters: Vec<ModelId>,
    pub hit: bool,
}

/// A part of the state shared by copies of it until one of them changes it: reads go through
/// to the value, a change (any `&mut` use) copies it first when it is shared. The table and the
/// models are: the rules resolve each command on a copy of the state, and most orders the
/// program weighs are refused, changing nothing.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(transparent)]
pub struct Shared<T>(Arc<T>);

impl<T> Shared<T> {
    pub fn new(v: T) -> Self {
        Shared(Arc::new(v))
    }
}

impl<T> std::ops::Deref for Shared<T> {
    type Target = T;
    fn deref(&self) -> &T {
        &self.0
    }
}

impl<T: Clone> std::ops::DerefMut for Shared<T> {
    fn deref_mut(&mut self) -> &mut T {
        Arc::make_mut(&mut self.0)
    }
}

/// The models by id, shared by copies of the state until one changes a model, and each model
/// shared until it is the one changed (the rules resolve each command on a copy, most orders the
/// program weighs are refused unchanged, and an order changes one model or two). Read as a map
/// (kept as a list sorted by id: a model is found at once by its place); a model borrowed
/// mutably is copied first when it is shared.
#[derive(Clone, Default, PartialEq)]
pub struct Models(Shared<Vec<(ModelId, Arc<KryModel>)>>);

impl Models {
    /// Where model `id` is in the list (sorted by id): the ids are mostly 1, 2, 3 and on.
    fn at(&self, id: &ModelId) -> Option<usize> {
        let v = &*self.0;
        match (id.0 as usize).checked_sub(1).and_then(|i| v.get(i)) {
            Some((k, _)) if k == id => Some(id.0 as usize - 1),
            _ => v.binary_search_by_key(id, |(k, _)| *k).ok(),
        }
    }

    pub fn get(&self, id: &ModelId) -> Option<&KryModel> {
        self.at(id).map(|i| &*self.0[i].1)
    }

    pub fn get_mut(&mut self, id: &ModelId) -> Option<&mut KryModel> {
        let i = self.at(id)?;
        Some(Arc::make_mut(&mut self.0[i].1))
    }

    pub fn contains_key(&self, id: &ModelId) -> bool {
        self.at(id).is_some()
    }

    pub fn len(&self) -> usize {
        self.0.len()
    }

    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// The models, by id.
    pub fn values(&self) -> impl DoubleEndedIterator<Item = &KryModel> + Clone {
        self.0.iter().map(|(_, m)| &**m)
    }

    /// Every model, each copied first when it is shared.
    pub fn values_mut(&mut self) -> impl Iterator<Item = &mut KryModel> {
        self.0.iter_mut().map(|(_, m)| Arc::make_mut(m))
    }

    pub fn iter(&self) -> impl DoubleEndedIterator<Item = (&ModelId, &KryModel)> + Clone {
        self.0.iter().map(|(id, m)| (id, &**m))
    }

    pub fn keys(&self) -> impl DoubleEndedIterator<Item = &ModelId> + Clone {
        self.0.iter().map(|(id, _)| id)
    }

    pub fn insert(&mut self, id: ModelId, m: KryModel) -> Option<KryModel> {
        match self.0.binary_search_by_key(&id, |(k, _)| *k) {
            Ok(i) => Some(Arc::unwrap_or_clone(std::mem::replace(
                &mut self.0[i].1,
                Arc::new(m),
            ))),
            Err(i) => {
                self.0.insert(i, (id, Arc::new(m)));
                None
            }
        }
    }

    pub fn remove(&mut self, id: &ModelId) -> Option<KryModel> {
        let i = self.at(id)?;
        Some(Arc::unwrap_or_clone(self.0.remove(i).1))
    }

    pub fn clear(&mut self) {
        self.0.clear();
    }
}

impl std::fmt::Debug for Models {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_map().entries(self.iter()).finish()
    }
}

impl std::ops::Index<&ModelId> for Models {
    type Output = KryModel;
    /// The model `id`; panics when there is none, as a map's index does.
    fn index(&self, id: &ModelId) -> &KryModel {
        self.get(id).expect("no model with this id")
    }
}

impl FromIterator<(ModelId, KryModel)> for Models {
    fn from_iter<I: IntoIterator<Item = (ModelId, KryModel)>>(it: I) -> Self {
        // As a map is made: by id, a later model with an id replacing the earlier one.
        let map: BTreeMap<ModelId, KryModel> = it.into_iter().collect();
        map.into()
    }
}

impl From<BTreeMap<ModelId, KryModel>> for Models {
    fn from(map: BTreeMap<ModelId, KryModel>) -> Self {
        Models(Shared::new(
            map.into_iter().map(|(id, m)| (id, Arc::new(m))).collect(),
        ))
    }
}

impl Serialize for Models {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_map(self.iter())
    }
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct KryState {
    pub options: KryOptions,
    pub scenario: Scenario,
    pub teams: [String; 2],
    pub tactics: [u8; 2],
    pub table: Shared<Table>,
    pub models: Models,
    pub phase: Phase,
    /// The AP round (0 before the first).
    pub round: u32,
    pub ap: [u32; 2],
    pub spent: [u32; 2],
    pub done: [bool; 2],
    pub tally: [Tally; 2],
    /// "Fist blood!": someone caused the first wound of the game.
    pub first_blood: bool,
    pub pending: Option<Pending>,
    pub streak: Option<FireStreak>,
    /// "Damaged structure" markers placed by heavy weapons in weak (W) areas.
    pub hazards: Vec<HazardMark>,
    /// The order combo under way.
    pub combo: Option<Combo>,
    /// The Loses and Triumph tables' change to each side's next AP roll.
    pub next_mods: [i32; 2],
    /// The last round's Loses and Triumph lines that changed the next roll.
    pub round_summary: Vec<String>,
    /// Played in the dark (+2 to hit): a dark scenario, or a level lit dark.
    pub dark: bool,
    /// The distances measured for shots called, with where both models stood.
    pub measured: Vec<Measured>,
    /// The level's objectives destroyed (Breach), by index.
    pub destroyed: Vec<usize>,
    /// The unit the other side was just told went into waiting (until the next order is paid
    /// for): under [`super::options::WaitingMarker::ToldOnce`] the only time its mark shows.
    pub told_waiting: Option<ModelId>,
}

impl KryState {
    /// The distances known now: measured for a shot called between two models, neither of
    /// which has moved since ("After the shot has been called, distance is then measured").
    pub fn known_distances(&self) -> Vec<&Measured> {
        self.measured
            .iter()
            .filter(|m| {
                let at = |id| self.table.model(id).ok().map(|x| x.pos);
                at(m.shooter) == Some(m.from) && at(m.target) == Some(m.to)
            })
            .collect()
    }

    /// Whether the table shows `m`'s waiting mark: always while it waits, or under
    /// [`super::options::WaitingMarker::ToldOnce`] only as it goes into waiting ("they are only
    /// told once. It is up to them to remember").
    pub fn waiting_shown(&self, m: &KryModel) -> bool {
        m.waiting
            && match self.options.waiting_marker {
                super::options::WaitingMarker::Shown => true,
                super::options::WaitingMarker::ToldOnce => self.told_waiting == Some(m.id),
            }
    }

    /// Whether `m` is on the table's side of the game: not held back, or arrived.
    pub fn arrived(&self, m: &KryModel) -> bool {
        m.arrives.is_none_or(|r| r <= self.round)
    }
}

/// A shot's distance as measured after it was called.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Measured {
    pub shooter: ModelId,
    pub target: ModelId,
    pub range: f32,
    pub from: Pt,
    pub to: Pt,
}

/// An order combo: "anything that has to be said with the word “AND”", paid in advance.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Combo {
    pub side: Side,
    pub steps: Vec<super::command::Command>,
    /// The next step to carry out.
    pub next: usize,
    /// The steps that cost AP when the combo was given: the commands the Triumph table counts.
    #[serde(default)]
    pub paid: u32,
}

/// A damaged-structure marker: "double the size of the bases your models use".
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct HazardMark {
    pub centre: crate::table::Pt,
    pub diameter: f32,
}

impl HazardMark {
    pub fn hazard(&self) -> crate::table::template::Hazard {
        crate::table::template::Hazard {
            centre: self.centre,
            diameter: self.diameter,
        }
    }
}

impl KryState {
    pub fn model(&self, id: ModelId) -> Result<&KryModel, crate::rules::core::RuleError> {
        self.models
            .get(&id)
            .ok_or_else(|| crate::rules::core::RuleError::Illegal(format!("no model #{}", id.0)))
    }

    /// AP `side` has left this round.
    pub fn ap_left(&self, side: Side) -> u32 {
        self.ap[ix(side)].saturating_sub(self.spent[ix(side)])
    }

    /// Whether `side` is out of the round: done, or no AP left.
    pub fn out(&self, side: Side) -> bool {
        self.done[ix(side)] || self.ap_left(side) == 0
    }

    pub fn alive(&self, side: Side) -> impl Iterator<Item = &KryModel> {
        self.models
            .values()
            .filter(move |m| m.side == side && m.alive())
    }

    /// Squad leaders in the fight: alive, and on the table's side of the game (a held-back
    /// leader gives no order until it arrives).
    pub fn leaders_alive(&self, side: Side) -> u32 {
        self.alive(side)
            .filter(|m| m.class == Class::SquadLeader && self.arrived(m))
            .count() as u32
    }
}

/// The one-screen view of a model's condition, for journal lines.
pub fn conditions(m: &KryModel) -> Vec<&'static str> {
    let mut v = Vec::new();
    if m.pinned.is_some() {
        v.push("pinned");
    }
    if m.prone {
        v.push("down");
    }
    if m.waiting {
        v.push("waiting");
    }
    if m.sprinting {
        v.push("sprinting");
    }
    v
}

/// The attack declaration's defence, for logs.
pub fn defence_label(d: Defence) -> &'static str {
    d.label()
}
