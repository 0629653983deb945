//! A DnDalike fight's state: every character's dice, fatigue, wounds and secret damage, the
//! stack of announced abilities, whose party's turn it is, and who still has to answer.

use super::sheet::{DieKind, Power, Sheet};
use crate::rules::core::{GameEnd, Seat};
use crate::table::Table;
use crate::table::geom::Pt;
use serde::{Deserialize, Serialize};
use std::sync::Arc;

/// "a party of heroes ... facing off against a party of monsters".
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, serde::Deserialize)]
pub enum Party {
    Heroes,
    Monsters,
}

impl Party {
    pub fn other(self) -> Party {
        match self {
            Party::Heroes => Party::Monsters,
            Party::Monsters => Party::Heroes,
        }
    }

    pub fn label(self) -> &'static str {
        match self {
            Party::Heroes => "the heroes",
            Party::Monsters => "the monsters",
        }
    }

    pub fn possessive(self) -> &'static str {
        match self {
            Party::Heroes => "the heroes'",
            Party::Monsters => "the monsters'",
        }
    }
}

/// One action die: its kind and whether it is spent this round.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Default)]
pub struct ActionDie {
    pub kind: DieKind,
    pub spent: bool,
    /// What it rolled when it was spent (until the pool is replenished).
    pub rolled: Option<u32>,
}

/// A sorcerer's spell stones, each the index of its school in the fight's grimoire: "a little
/// bag or cup", the active pool drawn from it, the discard pile spent stones go to, and the
/// stones "removed from the game ... until the sorcerer has a serious rest".
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Default)]
pub struct Stones {
    pub bag: Pile,
    pub pool: Pile,
    pub discard: Pile,
    pub lost: Pile,
}

/// A pile of spell stones (a sheet has at most [`super::sheet::MAX_STONES`]). Piles, dice and
/// spells are kept inline, so that copying a fight's state to resolve a command is one copy of
/// memory.
pub type Pile = tinyvec::ArrayVec<[u8; super::sheet::MAX_STONES]>;

/// A character's action dice (a pack gives at most three).
pub type Dice = tinyvec::ArrayVec<[ActionDie; 4]>;

fn no_spell(v: &tinyvec::ArrayVec<[u8; super::sheet::MAX_SPELLS]>) -> bool {
    v.is_empty()
}

impl Stones {
    pub fn is_empty(&self) -> bool {
        self.bag.is_empty()
            && self.pool.is_empty()
            && self.discard.is_empty()
            && self.lost.is_empty()
    }
}

/// A character in the fight.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Character {
    /// Shared: copying a fight's state to resolve a command copies no sheets.
    pub sheet: Arc<Sheet>,
    pub party: Party,
    /// The seat that plays it.
    pub seat: Seat,
    pub pos: Pt,
    pub dice: Dice,
    /// Current fatigue, the armour's permanent fatigue included.
    pub fatigue: i32,
    pub wounds: u32,
    /// "their controller adds d6 points of damage in secret to their total damage": known to
    /// this character's seat only ([`super::rule_set`] redacts it for the others).
    pub damage: u32,
    /// The armour class raised by Move or Dodge "until the end of the turn".
    pub raised_ac: Option<i32>,
    pub dead: bool,
    /// The spells known (indices in the fight's grimoire).
    #[serde(skip_serializing_if = "no_spell")]
    pub spells: tinyvec::ArrayVec<[u8; super::sheet::MAX_SPELLS]>,
    #[serde(skip_serializing_if = "Stones::is_empty")]
    pub stones: Stones,
}

/// Base diameter of every character (a 1" base: one 5-foot square).
pub const BASE: f32 = 1.0;

/// "Melee attackers must be next to their target": base edges within this many inches.
pub const MELEE_REACH: f32 = 0.1;

impl Character {
    pub fn name(&self) -> &str {
        &self.sheet.name
    }

    /// "successful if the attack's attack die is equal to or greater than the target's armour
    /// class at resolution".
    pub fn ac(&self) -> i32 {
        let base = self.sheet.armour_class();
        self.raised_ac.map_or(base, |r| r.max(base))
    }

    pub fn free(&self, kind: DieKind) -> usize {
        self.dice
            .iter()
            .filter(|d| d.kind == kind && !d.spent)
            .count()
    }

    pub fn spent(&self, kind: DieKind) -> usize {
        self.dice
            .iter()
            .filter(|d| d.kind == kind && d.spent)
            .count()
    }

    /// "You may only voluntarily gain fatigue up to your fatigue maximum".
    pub fn may_tire(&self) -> bool {
        self.fatigue < self.sheet.max_fatigue()
    }

    pub fn has(&self, p: Power) -> bool {
        self.sheet.has(p)
    }

    /// Base edge to base edge, in inches.
    pub fn gap(&self, o: &Character) -> f32 {
        gap_at(self.pos, o.pos)
    }
}

/// The gap between two bases centred at `a` and `b`.
pub fn gap_at(a: Pt, b: Pt) -> f32 {
    (a.dist(b) - BASE).max(0.0)
}

/// An ability announced, paid for and rolled, waiting on the stack.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Entry {
    pub id: u32,
    /// The character using it (index in [`DndState::chars`]).
    pub by: usize,
    pub ability: Ability,
    /// The rolled die of the cost that decides success (A, M or S), if any.
    pub roll: Option<u32>,
    /// Attacks merged into this move: where each takes over ("when he comes within range").
    pub merged: smallvec::SmallVec<[Merged; 1]>,
}

/// An attack merged into another character's stacked move.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Merged {
    pub by: usize,
    pub finish: bool,
    pub roll: u32,
}

/// What an entry does when it resolves.
#[derive(Debug, Clone, PartialEq, Serialize, serde::Deserialize)]
pub enum Ability {
    /// "MOVE - slow. M: Raise your AC to M until the end of the turn then move your movement
    /// rate."
    Move { to: Pt },
    /// "DODGE - quick. F, M: Raise your AC to M until the end of the turn."
    Dodge,
    /// "JAB - slow. A: On a hit the target takes a wound."
    Jab { target: usize },
    /// The finishing attack, its name lost in the text: "A: On a hit the target suffers a
    /// finishing blow." Called Finish here.
    Finish { target: usize },
    /// "BLOCK - quick. S: ... Cancel a melee attack ... with an A of S or less ... Cancel a
    /// ranged attack ... Return a S die to your available pool."
    Block { entry: u32 },
    /// Block against the attack by `attacker` merged into the stacked move `onto` ("Cancel a
    /// melee attack with a target within melee range and an A of S or less": the mover is the
    /// target).
    BlockMerged { onto: u32, attacker: usize },
    /// "TRIP - quick. A: On a hit, cancel target movement ability."
    Trip { entry: u32 },
    /// "RIPOSTE - quick. A: On a hit, cancel target melee attack that has an A equal to or less
    /// than your A."
    Riposte { entry: u32 },
    /// "EXERT - quick. F: Regain a lost action die."
    Exert { die: DieKind },
    /// "M, M: Draw a spell stone at random from your bag".
    Draw,
    /// "O, M: Cast a spell of level O or less": spell `spell` (index in the grimoire) at
    /// `target` (a character, or a stack entry's id for a spell aimed at a spell).
    Cast { spell: u8, target: u32 },
}

impl Ability {
    pub fn label(&self) -> &'static str {
        match self {
            Ability::Move { .. } => "Move",
            Ability::Dodge => "Dodge",
            Ability::Jab { .. } => "Jab",
            Ability::Finish { .. } => "Finish",
            Ability::Block { .. } | Ability::BlockMerged { .. } => "Block",
            Ability::Trip { .. } => "Trip",
            Ability::Riposte { .. } => "Riposte",
            Ability::Exert { .. } => "Exert",
            Ability::Draw => "Draw a stone",
            Ability::Cast { .. } => "Cast",
        }
    }

    /// Spell actions: "Although this action uses movement dice, it is not a movement action. It
    /// is a spell action."
    pub fn is_spell(&self) -> bool {
        matches!(self, Ability::Draw | Ability::Cast { .. })
    }

    /// Slow abilities "can only be performed on that character's turn".
    pub fn slow(&self) -> bool {
        matches!(
            self,
            Ability::Move { .. } | Ability::Jab { .. } | Ability::Finish { .. } | Ability::Draw
        )
    }

    /// Movement actions: "An Attack Action is any action that requires Attack Dice (A) to
    /// activate. The same is true for Movement Actions and Movement Dice (M)", spell actions
    /// excepted ("it is not a movement action"): Move and Dodge.
    pub fn is_movement(&self) -> bool {
        matches!(self, Ability::Move { .. } | Ability::Dodge)
    }

    pub fn is_attack(&self) -> bool {
        matches!(
            self,
            Ability::Jab { .. }
                | Ability::Finish { .. }
                | Ability::Trip { .. }
                | Ability::Riposte { .. }
        )
    }

    /// The die kinds its cost spends (each rolled), and whether it costs a fatigue.
    pub fn cost(&self) -> (Option<DieKind>, bool) {
        match self {
            Ability::Move { .. } | Ability::Draw | Ability::Cast { .. } => {
                (Some(DieKind::Movement), false)
            }
            Ability::Dodge => (Some(DieKind::Movement), true),
            Ability::Jab { .. }
            | Ability::Finish { .. }
            | Ability::Trip { .. }
            | Ability::Riposte { .. } => (Some(DieKind::Attack), false),
            Ability::Block { .. } | Ability::BlockMerged { .. } => (Some(DieKind::Shield), false),
            Ability::Exert { .. } => (None, true),
        }
    }
}

/// What the fight waits for.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub enum Phase {
    /// The active party acts (or ends its turn); the stack is empty.
    Act,
    /// Something is on the stack: these seats may still respond with quick abilities or pass.
    Respond {
        left: Vec<Seat>,
    },
    /// The end of the turn waits on these sorcerers, who failed their end-of-turn saving throw:
    /// each chooses a fatigue or the loss of its pool and discard pile.
    Backlash {
        who: Vec<usize>,
    },
    /// A delve between fights: the party rests (a watch kept) or goes on to the next
    /// encounter.
    Camp,
    Over(GameEnd),
}

#[derive(Debug, Clone, Serialize)]
pub struct DndState {
    pub chars: Vec<Character>,
    pub stack: Vec<Entry>,
    pub next_id: u32,
    /// The party whose turn it is.
    pub active: Party,
    /// The party that acted first ("The party that has been in the area longest").
    pub first: Party,
    pub round: u32,
    pub phase: Phase,
    /// The seats, in order (seat 1 is the dungeon master's).
    pub seats: Vec<Seat>,
    /// The fight's schools and spells (hashed only when there are any).
    #[serde(skip_serializing_if = "no_spells")]
    pub grimoire: Arc<super::spells::Grimoire>,
    /// The delve under way, if the fight is one of a delve's.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub delve: Option<super::delve::Delving>,
    /// The program's choices for this very state (emptied by every change and every copy).
    #[serde(skip)]
    pub memo: Memo,
    /// The table (the level the fight is on; not hashed).
    #[serde(skip)]
    pub table: Arc<Table>,
    /// The level's terrain as a sight scene, built once (characters do not block sight).
    #[serde(skip)]
    pub sight: Terrain,
}

/// What the program would do for each seat in a state, worked out once: a copy starts empty, and
/// [`super::command::apply`] empties it, so an answer never outlives the state it was found in.
#[derive(Default)]
pub struct Memo(std::sync::Mutex<Vec<(Seat, Option<super::command::Command>)>>);

impl Memo {
    pub fn get(&self, seat: Seat) -> Option<Option<super::command::Command>> {
        let m = self.0.lock().ok()?;
        m.iter().find(|(s, _)| *s == seat).map(|(_, c)| c.clone())
    }

    pub fn put(&self, seat: Seat, c: Option<super::command::Command>) {
        if let Ok(mut m) = self.0.lock() {
            m.push((seat, c));
        }
    }

    pub fn clear(&mut self) {
        if let Ok(m) = self.0.get_mut() {
            m.clear();
        }
    }
}

impl Clone for Memo {
    fn clone(&self) -> Self {
        Memo::default()
    }
}

impl std::fmt::Debug for Memo {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Memo")
    }
}

fn no_spells(g: &Arc<super::spells::Grimoire>) -> bool {
    g.is_empty()
}

/// A level's terrain ready for line-of-sight queries, with the answers found so far (sight
/// between two points depends on nothing else, so they are kept for every fight on the level).
#[derive(Clone, Default)]
pub struct Terrain(pub Option<Arc<TerrainSight>>);

pub struct TerrainSight {
    pub scene: crate::table::scene::Scene,
    /// The pieces that stop a base, each as a circle around its footprint (centre, radius).
    pub blockers: Vec<(Pt, f32)>,
    /// Whether any ground of the level is impassable.
    pub impassable_ground: bool,
    /// Where a base can stand, for the program's ways around the rock (built when first asked).
    pub grid: std::sync::OnceLock<super::path::Grid>,
    /// Straight ways walked so far (from, to) and where each is stopped, if anywhere.
    pub walked: std::sync::Mutex<std::collections::HashMap<[u32; 4], Option<Pt>>>,
    seen: std::sync::Mutex<std::collections::HashMap<[u32; 4], bool>>,
}

impl Terrain {
    pub fn of(table: &Table) -> Self {
        let mut t = table.clone();
        t.models.clear();
        let blockers = t
            .pieces
            .iter()
            .filter(|p| crate::table::movement::piece_blocks_movement(p))
            .map(|p| (p.at, 0.5 * (p.size.0.hypot(p.size.1))))
            .collect();
        let impassable_ground = t
            .tiles
            .iter()
            .any(|(_, _, kind, _)| kind == crate::table::terrain::GroundKind::Impossible);
        Terrain(Some(Arc::new(TerrainSight {
            scene: crate::table::scene::Scene::new(&t, Default::default()),
            blockers,
            impassable_ground,
            grid: Default::default(),
            walked: Default::default(),
            seen: Default::default(),
        })))
    }

    /// The terrain of the level at `path` (a bare table for `None`), built once and kept.
    pub fn of_level(path: Option<&std::path::Path>, table: &Table) -> Self {
        type Cache =
            std::sync::Mutex<std::collections::HashMap<Option<std::path::PathBuf>, Terrain>>;
        static CACHE: std::sync::OnceLock<Cache> = std::sync::OnceLock::new();
        let cache = CACHE.get_or_init(Default::default);
        let key = path.map(|p| p.to_path_buf());
        if let Some(hit) = cache.lock().ok().and_then(|c| c.get(&key).cloned()) {
            return hit;
        }
        let t = Terrain::of(table);
        if let Ok(mut c) = cache.lock() {
            c.insert(key, t.clone());
        }
        t
    }

    /// Sight from a base at `a` to one at `b`, asking `look` only the first time.
    pub fn sees(
        &self,
        a: Pt,
        b: Pt,
        look: impl FnOnce(&crate::table::scene::Scene) -> bool,
    ) -> bool {
        let Some(t) = &self.0 else {
            return true;
        };
        let key = [a.x.to_bits(), a.y.to_bits(), b.x.to_bits(), b.y.to_bits()];
        if let Some(v) = t.seen.lock().ok().and_then(|m| m.get(&key).copied()) {
            return v;
        }
        let v = look(&t.scene);
        if let Ok(mut m) = t.seen.lock() {
            if m.len() > 100_000 {
                m.clear();
            }
            m.insert(key, v);
        }
        v
    }
}

impl std::fmt::Debug for Terrain {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Terrain")
    }
}

impl DndState {
    /// Puts the fight on `table` (its terrain; the characters keep their places).
    pub fn set_table(&mut self, table: Table) {
        self.memo.clear();
        self.sight = Terrain::of(&table);
        self.table = Arc::new(table);
    }

    pub fn alive(&self, party: Party) -> impl Iterator<Item = usize> + '_ {
        self.chars
            .iter()
            .enumerate()
            .filter(move |(_, c)| c.party == party && !c.dead)
            .map(|(i, _)| i)
    }

    /// The seats that play the active party's living characters.
    pub fn active_seats(&self) -> Vec<Seat> {
        let mut v: Vec<Seat> = self
            .alive(self.active)
            .map(|i| self.chars[i].seat)
            .collect();
        v.sort();
        v.dedup();
        v
    }

    /// An entry's value with its owner's bonus: the A of an attack (die + STR), the M of a Move
    /// or Dodge (die + DEX: a movement roll), the S of a Block (the die); a spell action's M
    /// is no movement roll ("it is not a movement action") and takes no bonus.
    pub fn value(&self, e: &Entry) -> i32 {
        let roll = e.roll.unwrap_or(0) as i32;
        match e.ability.cost().0 {
            Some(k) if !e.ability.is_spell() => {
                roll + self.chars.get(e.by).map_or(0, |c| c.sheet.die_bonus(k))
            }
            _ => roll,
        }
    }

    pub fn entry(&self, id: u32) -> Option<&Entry> {
        self.stack.iter().find(|e| e.id == id)
    }

    pub fn name(&self, i: usize) -> &str {
        self.chars.get(i).map_or("?", |c| c.name())
    }

    /// The characters of the other party within melee reach of `i`.
    pub fn engaged(&self, i: usize) -> impl Iterator<Item = usize> + '_ {
        let c = &self.chars[i];
        self.chars
            .iter()
            .enumerate()
            .filter(move |(j, o)| {
                *j != i && !o.dead && o.party != c.party && c.gap(o) <= MELEE_REACH
            })
            .map(|(j, _)| j)
    }
}
