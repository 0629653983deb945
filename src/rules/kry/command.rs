//! What the players (and the program) can order in Kry-Gothic, and why an order is refused.

use super::close::{AttackType, Defence};
use super::ranged::FireMode;
use super::side::Side;
use crate::table::{ModelId, Pt};
use serde::{Deserialize, Serialize};

pub use crate::rules::core::RuleError;

/// A move's kind and what it costs.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum MoveKind {
    /// "The model may move up to its Speed characteristic (Sp) in inches. Cost AP -2"
    Normal,
    /// "move double its Speed stat for 1 AP, but the units Body drops by 1".
    Run,
    /// "If a unit moves less than 1 inch, there is no AP cost."
    SmallStep,
    /// "Any forced movement incurs no cost": a model pushed by the rules themselves (a shove, a
    /// tackle, a break-off, a pure horror's flight). It is no action of the unit's own: it costs
    /// nothing, leaves the unit free to move next, and is never given as an order.
    Forced,
}

impl MoveKind {
    pub fn label(self) -> &'static str {
        match self {
            MoveKind::Normal => "move",
            MoveKind::Run => "run",
            MoveKind::SmallStep => "small step",
            MoveKind::Forced => "forced move",
        }
    }
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub enum Command {
    /// Places a model in its side's deployment zone.
    Deploy {
        model: ModelId,
        at: Pt,
        facing: f32,
    },
    /// The side deploying is finished (every model placed).
    FinishDeployment,
    Move {
        model: ModelId,
        to: Pt,
        kind: MoveKind,
    },
    /// "Turning is free of charge."
    Turn {
        model: ModelId,
        facing: f32,
    },
    Shoot {
        shooter: ModelId,
        target: ModelId,
        weapon: String,
        mode: FireMode,
        /// A snap shot's second attack at another target ("two attacks for base AP cost"); `None`:
        /// both at `target`.
        #[serde(default)]
        second: Option<ModelId>,
    },
    /// A close-combat attack (1 AP); with `charge`, the attacker first moves up to Speed + Body
    /// into base contact.
    Attack {
        attacker: ModelId,
        target: ModelId,
        attack: AttackType,
        /// The close-combat weapon for `AttackType::Weapon`, the ranged one for a bunt or a
        /// point blank shot.
        weapon: Option<String>,
        charge: bool,
    },
    /// Step 1, by the defender: passive (free) or active (1 AP) defence.
    DefenceClass {
        active: bool,
    },
    /// Step 4, by the defender that chose active defence.
    DefenceType {
        defence: Defence,
        /// The weapon that parries (a close-combat one) or deflects (a ranged one); `None`: the
        /// first that can.
        #[serde(default)]
        weapon: Option<String>,
    },
    /// Step 1's other answer, by the defender: "If one player wants to break off, and the other
    /// player lets him, this is an automatic pass, even though it still costs the fleeing unit
    /// 1AP." The attacker answers with `LetBreakOff`.
    AskBreakOff,
    /// The attacker's answer to `AskBreakOff`: let the defender go, or fight on (the defender's
    /// AP buys it an active defence).
    LetBreakOff {
        agree: bool,
    },
    /// By the attacker after the roll to wound: how many wounds beyond the first to pay for.
    BuyWounds {
        extra: u32,
    },
    /// "It costs one AP for a unit to go into waiting".
    Wait {
        model: ModelId,
    },
    /// "spend a single AP to re-roll the WILL roll in an attempt to get the unit on its feet".
    Unpin {
        model: ModelId,
    },
    /// "1AP must be spent to stand back up."
    StandUp {
        model: ModelId,
    },
    /// Breach: an attacker within 1" of a location destroys it (2 AP).
    Sabotage {
        model: ModelId,
        objective: usize,
    },
    /// One AP spent on a model stuck in a damaged floor ("until D6/2 ... AP's are spent on that
    /// unit to remove him from the hole").
    DigOut {
        model: ModelId,
    },
    /// An order combo: the steps (moves, turns and shots, and a close-combat attack last), paid in
    /// advance and carried out in order.
    Order {
        steps: Vec<Command>,
    },
    /// The side that may interrupt a combo lets the next step go.
    Pass,
    /// "In the case that both players want to do something at the same time ... it is called a
    /// face-off."
    CallFaceOff,
    /// A side names its face-off action in secret, or pulls out (`None`).
    FaceOffChoose {
        choice: Option<super::faceoff_choice::FaceOffChoice>,
    },
    /// "a player may cancel an order combo at any time": 1 AP per cancel order.
    CancelCombo,
    /// A cancel order to some of the combo's units only (1 AP): their orders still to come are
    /// dropped, the others carry on ("the only way to fail an order combo without affecting
    /// every unit who is part of it").
    CancelUnits {
        models: Vec<ModelId>,
    },
    /// "they can declare they are done for the round."
    Done {
        side: Side,
    },
    Concede {
        side: Side,
    },
}

impl Command {
    /// The model the command is about, if one.
    pub fn model(&self) -> Option<ModelId> {
        match self {
            Command::Deploy { model, .. }
            | Command::Move { model, .. }
            | Command::Turn { model, .. }
            | Command::Wait { model }
            | Command::Unpin { model }
            | Command::StandUp { model }
            | Command::DigOut { model } => Some(*model),
            Command::Shoot { shooter, .. } => Some(*shooter),
            Command::Sabotage { model, .. } => Some(*model),
            Command::Attack { attacker, .. } => Some(*attacker),
            _ => None,
        }
    }
}

pub fn illegal<T>(why: impl Into<String>) -> Result<T, RuleError> {
    Err(RuleError::Illegal(why.into()))
}
