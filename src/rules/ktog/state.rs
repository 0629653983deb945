//! KtOG's state: each player's sheet (hit points, spells left, disarmed, down), the round, the
//! turn order and what the game waits for.

use super::options::{KtogOptions, Persona};
use crate::rules::core::{GameEnd, Seat};
use crate::table::Table;
use serde::{Deserialize, Serialize};
use smallvec::SmallVec;
use std::sync::Arc;

/// The spells a player has left: "Haste Spells (two) ... Cure Spell (one) ... Bless Spell (one)
/// ... Mighty Blow (one) ... Dodge Blow (one)".
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Default)]
pub struct Spells {
    pub haste: u8,
    pub cure: u8,
    pub bless: u8,
    pub mighty: u8,
    pub dodge: u8,
}

impl Spells {
    pub const FULL: Spells = Spells {
        haste: 2,
        cure: 1,
        bless: 1,
        mighty: 1,
        dodge: 1,
    };

    pub fn total(&self) -> u8 {
        self.haste + self.cure + self.bless + self.mighty + self.dodge
    }
}

/// A player's weapon knocked from the hand.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Disarm {
    /// Own turns of scrambling still needed to regain the weapon.
    pub turns: u8,
    /// Turns every other standing player must have had since the disarm ("everyone goes
    /// twice") before the weapon comes back.
    pub need: u8,
    /// Turns each seat (index seat - 1) has ended since the disarm.
    pub waited: [u8; 6],
    /// The seat whose turn the disarm came in: the end of that turn is not a turn since.
    pub during: Option<Seat>,
    /// The player spent a turn since the disarm on something other than scrambling (a
    /// bare-handed strike, a Cure): the first Scramble starts the count of everyone's turns
    /// again.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub delayed: bool,
}

impl Disarm {
    pub fn new(turns: u8) -> Disarm {
        Disarm {
            turns,
            need: turns,
            waited: [0; 6],
            during: None,
            delayed: false,
        }
    }
}

/// A list per player, kept inline (KtOG has 2 to 6 players): copying the state to resolve a
/// command allocates nothing.
pub type PerSeat<T> = SmallVec<[T; 6]>;

/// One player's line of the game sheet.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Player {
    pub persona: Persona,
    pub hp: i32,
    pub max_hp: i32,
    pub spells: Spells,
    /// The round of the player's last spell ("Only one spell can be cast in a round").
    pub spell_round: u32,
    pub disarmed: Option<Disarm>,
    /// Unconscious (reduced to 0 hit points).
    pub down: bool,
}

/// A hit waiting on the victim's Dodge and the attacker's Mighty Blow before damage.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Hit {
    pub attacker: Seat,
    pub target: Seat,
    /// A natural 20: 2d6 damage.
    pub critical: bool,
    /// Bare-handed: -2 damage.
    pub bare: bool,
}

/// What the game waits for.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub enum Phase {
    /// Initiative is to be rolled (any player rolls it).
    Initiative,
    /// `seat`'s turn: `left` actions to take; `started` once it has acted (spells are announced
    /// "at the beginning of the turn").
    Turn {
        seat: Seat,
        left: u8,
        blessed: bool,
        started: bool,
    },
    /// The victim of a hit may Dodge ("announced immediately after you have been hit, but
    /// BEFORE damage is rolled ... BEFORE a 'Mighty Blow'").
    Dodge(Hit),
    /// The attacker may announce a Mighty Blow before rolling damage.
    Mighty(Hit),
    Over(GameEnd),
}

#[derive(Debug, Clone, Serialize)]
pub struct KtogState {
    pub options: KtogOptions,
    pub players: PerSeat<Player>,
    pub round: u32,
    /// This round's turn order (seats), from the initiative winner around to the left.
    pub order: PerSeat<Seat>,
    /// Index in `order` of the turn under way.
    pub turn: usize,
    /// The turn under way before a hit's windows opened (restored after the damage).
    pub resume: Option<Phase>,
    pub phase: Phase,
    /// The players' names (from the setup; not hashed).
    #[serde(skip)]
    pub names: Arc<[String]>,
    /// The table the miniatures stand on (from the setup's level; not hashed).
    #[serde(skip)]
    pub table: Arc<Table>,
}

impl KtogState {
    pub fn player(&self, seat: Seat) -> &Player {
        &self.players[seat as usize - 1]
    }

    pub fn player_mut(&mut self, seat: Seat) -> &mut Player {
        &mut self.players[seat as usize - 1]
    }

    /// Whether disarmed `seat` may have the weapon back: its own turns of scrambling are done
    /// and every other standing player has had its turns since the disarm ("everyone goes
    /// twice").
    pub fn may_regain(&self, seat: Seat) -> bool {
        let Some(d) = self.player(seat).disarmed else {
            return false;
        };
        d.turns == 0
            && self.players.iter().enumerate().all(|(i, p)| {
                i + 1 == seat as usize || p.down || d.waited.get(i).is_some_and(|w| *w >= d.need)
            })
    }

    pub fn name(&self, seat: Seat) -> &str {
        self.names
            .get(seat as usize - 1)
            .map_or("?", |n| n.as_str())
    }

    pub fn seats(&self) -> impl Iterator<Item = Seat> + '_ {
        (1..=self.players.len() as Seat).map(|s| s as Seat)
    }

    /// The players still standing.
    pub fn standing(&self) -> PerSeat<Seat> {
        self.standing_iter().collect()
    }

    /// The players still standing, in seat order.
    pub fn standing_iter(&self) -> impl Iterator<Item = Seat> + '_ {
        self.seats().filter(|s| !self.player(*s).down)
    }

    /// Whether `seat` may still cast a spell this round and has `left` of that spell.
    pub fn may_cast(&self, seat: Seat, left: u8) -> bool {
        let p = self.player(seat);
        left > 0 && p.spell_round != self.round && p.persona != Persona::Fighter && !p.down
    }

    /// The number a strike by `attacker` on `target` needs on the d20.
    pub fn strike_need(&self, attacker: Seat, target: Seat, blessed: bool) -> i32 {
        let a = self.player(attacker);
        strike_need(
            (a.persona == Persona::Fighter).then_some(self.options.fighter_to_hit),
            blessed,
            self.player(target).disarmed.is_some(),
            a.disarmed.is_some(),
        )
    }

    /// The number an attempt to disarm needs: "a 17 or higher (or a 16 when using a Bless)".
    pub fn disarm_need(&self, blessed: bool) -> i32 {
        if blessed { 16 } else { 17 }
    }
}

/// "A 14 or higher is necessary to hit": a Fighter's better roll (`fighter` by how much), Bless
/// "reducing the number required to hit by 2", "+2" against a disarmed player, "-1 penalty 'to
/// hit'" bare-handed.
pub fn strike_need(fighter: Option<i32>, blessed: bool, target_disarmed: bool, bare: bool) -> i32 {
    14 - fighter.unwrap_or(0) - if blessed { 2 } else { 0 } - if target_disarmed { 2 } else { 0 }
        + if bare { 1 } else { 0 }
}
