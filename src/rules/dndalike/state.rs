//! A DnDalike fight's state: every character's dice, fatigue, wounds and secret damage, the
//! stack of announced abilities, whose party's turn it is, and who still has to answer.

use crate::rules::core::Seat;
use crate::table::Table;
use serde::Serialize;
use std::sync::Arc;

pub use super::parts::{
    Ability, ActionDie, BASE, Character, Dice, Entry, MELEE_REACH, Merged, Party, Phase, Pile,
    Stones, gap_at,
};
pub use super::terrain::{Terrain, TerrainSight};

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
/// [`super::apply::apply`] empties it, so an answer never outlives the state it was found in.
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
