//! The parts of a DnDalike fight's state: the parties, a character with its action dice,
//! stones, fatigue and wounds, its base and reach, the stack's entries and the abilities on
//! them, and the phase of the fight. The whole state is `state.rs`'s.

use super::sheet::{DieKind, Power, Sheet};
use crate::rules::core::{GameEnd, Seat};
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
