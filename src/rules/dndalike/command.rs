//! DnDalike commands (announce an ability, merge an attack into a move, pass, end the turn) and
//! the events they resolve into; `apply.rs` applies an event, `describe.rs` words it for the
//! combat log (a wound's damage is never written: it is secret).

use super::parts::{Ability, Entry, Merged, Party, Phase};
use super::sheet::DieKind;
use crate::table::geom::Pt;
use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub enum Command {
    /// Announce `ability` for character `who`, pay its cost, roll the dice of the cost, and put
    /// it on the stack.
    Act { who: usize, ability: Ability },
    /// Merge an attack by `who` into the stacked move `onto`: it takes over where the mover comes
    /// within reach. `finish`: the finishing attack instead of a jab.
    Merge { who: usize, onto: u32, finish: bool },
    /// Decline to respond to what is on the stack.
    Pass,
    /// The active party is done: the end of turn step.
    EndTurn,
    /// "Powerful - you may spend spell stones as if they were action dice of any type": announce
    /// `ability` for `who`, paying a stone from the active pool instead of its die; the stone
    /// "counts as a natural 6". `stone`: the stone paid (its place in the active pool); none
    /// lets the program pick ([`super::check::default_stone`]).
    Empowered {
        who: usize,
        ability: Ability,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        stone: Option<u8>,
    },
    /// [`Command::Merge`] paid with a spell stone instead of the A die (Powerful), `stone` as
    /// for [`Command::Empowered`].
    EmpoweredMerge {
        who: usize,
        onto: u32,
        finish: bool,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        stone: Option<u8>,
    },
    /// A ranged attack (Jab or Finish) at a target with others in its melee range, forgoing the
    /// fatigue and the saving throw: "The character may forgo the fatigue and the saving throw to
    /// just let the DM choose."
    DmChooses { who: usize, ability: Ability },
    /// A sorcerer who failed the end-of-turn saving throw chooses: "gain a fatigue or lose all
    /// spell stones in their active pool and their discard pile".
    Backlash { who: usize, lose_stones: bool },
    /// A delve between fights: the party rests, the characters `watch` keeping watch and each
    /// rester of `keep` keeping that much fatigue ("reduce the amount of fatigue they will lose
    /// during their rest in order to reduce the progress requirement").
    Rest {
        watch: Vec<usize>,
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        keep: Vec<(usize, i32)>,
    },
    /// A delve between fights: on to the next encounter.
    Onward,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub enum Event {
    /// Paid (a die of `spent`, rolled to `entry.roll`; a fatigue if `tired`) and put on the stack.
    Announced {
        entry: Entry,
        spent: Option<DieKind>,
        tired: bool,
    },
    /// A further die of a cost paid and rolled (Draw's second M).
    Spent {
        who: usize,
        die: DieKind,
        roll: u32,
    },
    /// A stone drawn at random from the bag (`at` in it) into the active pool.
    Drawn {
        who: usize,
        at: usize,
    },
    /// Stones paid from the active pool (`at`, in it) to the discard pile.
    Paid {
        who: usize,
        at: smallvec::SmallVec<[u8; 3]>,
    },
    /// The active pool and the discard pile removed from the game until a serious rest.
    StonesLost {
        who: usize,
    },
    /// Fatigue taken off by a spell.
    Mended {
        who: usize,
        fatigue: i32,
    },
    /// An attack merged into a stacked move, its A die paid and rolled (or a stone paid for it,
    /// `stone`, by Powerful).
    MergedInto {
        onto: u32,
        merged: Merged,
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        stone: bool,
    },
    /// A merged attack cancelled (blocked) before the move reaches it.
    Unmerged {
        onto: u32,
        by: usize,
        why: String,
    },
    /// A ranged attack's target changed ("the DM's choice", rolled).
    Retargeted {
        id: u32,
        target: usize,
    },
    /// Fatigue gained (voluntarily or forced), and why.
    Tired {
        who: usize,
        why: std::borrow::Cow<'static, str>,
    },
    /// A saving throw: the die kept, what it had to reach, the result.
    Saved {
        who: usize,
        roll: u32,
        need: i32,
        ok: bool,
        why: std::borrow::Cow<'static, str>,
    },
    /// Wounds taken; `damage` is the secret d6 total added (0 for a lesser character).
    Wounded {
        who: usize,
        count: u32,
        damage: u32,
    },
    /// These entries leave the stack without resolving.
    Cancelled {
        ids: Vec<u32>,
        why: String,
    },
    /// An ability resolved without effect, and why (a Block whose S fell short).
    Failed {
        who: usize,
        why: String,
    },
    /// The top entry starts resolving (it leaves the stack).
    Resolving {
        id: u32,
    },
    /// An attack judged at resolution.
    Judged {
        by: usize,
        target: usize,
        roll: u32,
        ac: i32,
        hit: bool,
        why: std::borrow::Cow<'static, str>,
    },
    /// "Raise your AC to M until the end of the turn".
    Raised {
        who: usize,
        ac: i32,
    },
    Moved {
        who: usize,
        to: Pt,
    },
    /// A finishing blow: the damage total revealed (rolled for a lesser character).
    Revealed {
        who: usize,
        total: u32,
        health: i32,
        dies: bool,
    },
    Died {
        who: usize,
    },
    /// An action die back in the pool (Exert, or Block's returned S die).
    Regained {
        who: usize,
        die: DieKind,
    },
    Phase(Phase),
    /// The end of turn step: raised armour drops, the active party's dice are replenished, and
    /// the other party's turn begins.
    TurnEnds {
        next: Party,
        round: u32,
    },
    /// A delve's fight is won and more lie ahead: the stack empties, every die comes back, and
    /// the party is between fights.
    FightWon,
    /// A rest begins (the `number`th since the last fight).
    Resting {
        number: u32,
    },
    /// What happened while resting: watching, the watch's rolls, recuperation, an ambush.
    Camp(super::camp::CampEvent),
    /// An encounter of the delve begins (`ambush`: the wandering monsters fall on the party):
    /// its monsters replace the last ones, the living heroes come in at its places.
    Encounter {
        index: usize,
        ambush: bool,
    },
}
