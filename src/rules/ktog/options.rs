//! KtOG's setup: the players (name, persona, hit points) and the text's variants as options.

use serde::{Deserialize, Serialize};
use std::ops::RangeInclusive;
use std::path::PathBuf;

/// Starting hit points a setup may agree on ("usually 15 to 25": no limit, see ktog.md); the
/// New game window offers the same range.
pub const HIT_POINTS: RangeInclusive<i32> = 1..=99;
/// How much better a Fighter hits, and its extra hit points (the text gives no numbers): the
/// ranges a setup or a save may hold, and the window offers.
pub const FIGHTER_TO_HIT: RangeInclusive<i32> = 0..=10;
pub const FIGHTER_HP: RangeInclusive<i32> = 0..=50;

/// "Initiative can be rolled every time or a set order can be determined from the onset."
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, Default)]
pub enum InitiativeRule {
    /// Rolled at the start of every round ("re-rolling for initiative keeps the game from
    /// getting stale").
    #[default]
    EveryRound,
    /// Rolled once; the same order every round.
    SetOrder,
}

/// "A 6 sided die (d6) is rolled to determine initiative ... [a 10 sided die (d10) may be used as
/// well!"
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, Default)]
pub enum InitiativeDie {
    #[default]
    D6,
    D10,
}

impl InitiativeDie {
    pub fn sides(self) -> u32 {
        match self {
            InitiativeDie::D6 => 6,
            InitiativeDie::D10 => 10,
        }
    }
}

/// "Die hard role players may like to require players to assume the persona of a fighter or
/// magic user."
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, Default)]
pub enum Persona {
    /// The plain game: six spells, 14 to hit.
    #[default]
    Plain,
    /// "a better 'to hit' roll and higher 'hit points' ... but would not be able to cast spells".
    Fighter,
    /// Six spells, 14 to hit.
    MagicUser,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct PlayerSetup {
    pub name: String,
    /// "usually 15 to 25"; a Fighter adds [`KtogOptions::fighter_hp`].
    pub hp: i32,
    #[serde(default)]
    pub persona: Persona,
}

/// The text's variants, each a named option.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct KtogOptions {
    pub initiative: InitiativeRule,
    pub initiative_die: InitiativeDie,
    /// "An optional rule allowed a percentile roll of 50% or under to remain standing at zero
    /// hit points."
    pub standing_roll: bool,
    /// The Q&A: a 1 on the roll to drop the weapon loses it "for a longer period ... three full
    /// turns".
    pub lost_weapon: bool,
    /// The Q&A: "Can you choose to heal someone else? ... Sure!"
    pub cure_others: bool,
    /// The Q&A's variant: "there needs to be [a] 'roll to hit' in order to lay hands on another
    /// player, but as a variant I suppose that would work". Off: no roll is needed.
    #[serde(default)]
    pub lay_hands_roll: bool,
    /// How much a Fighter's roll to hit is better (the text gives no number).
    pub fighter_to_hit: i32,
    /// How many more hit points a Fighter has (the text gives no number).
    pub fighter_hp: i32,
}

impl Default for KtogOptions {
    fn default() -> Self {
        Self {
            initiative: InitiativeRule::EveryRound,
            initiative_die: InitiativeDie::D6,
            standing_roll: false,
            lost_weapon: false,
            cure_others: true,
            lay_hands_roll: false,
            fighter_to_hit: 2,
            fighter_hp: 5,
        }
    }
}

/// Everything a KtOG game starts from.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct KtogSetup {
    pub seed: u64,
    /// The level the miniatures stand on (the arena by default); `None`: a bare 24" table.
    pub level: Option<PathBuf>,
    pub players: Vec<PlayerSetup>,
    pub options: KtogOptions,
}

pub const DEFAULT_LEVEL: &str = "levels/arena.ron";
pub const NAMES: [&str; 6] = ["Nate", "Rob", "Gwen", "Ulf", "Mira", "Toke"];

impl KtogSetup {
    /// `n` players with `hp` hit points each, plain personas, default options.
    pub fn plain(seed: u64, n: usize, hp: i32) -> Self {
        Self {
            seed,
            level: Some(PathBuf::from(DEFAULT_LEVEL)),
            players: (0..n)
                .map(|i| PlayerSetup {
                    name: NAMES[i % NAMES.len()].into(),
                    hp,
                    persona: Persona::Plain,
                })
                .collect(),
            options: KtogOptions::default(),
        }
    }

    /// What is wrong with the setup, in words.
    pub fn problems(&self) -> Vec<String> {
        let mut v = Vec::new();
        if let Some(Err(e)) = self
            .level
            .as_deref()
            .map(crate::data::load::check_data_path)
        {
            v.push(format!("level: {e}"));
        }
        if !(2..=6).contains(&self.players.len()) {
            v.push(format!(
                "players: KtOG is for 2 to 6 players, not {}",
                self.players.len()
            ));
        }
        for (i, p) in self.players.iter().enumerate() {
            if !HIT_POINTS.contains(&p.hp) {
                v.push(format!(
                    "players[{i}].hp: {} hit points (1 to 99; the text says usually 15 to 25)",
                    p.hp
                ));
            }
            if p.name.trim().is_empty() {
                v.push(format!("players[{i}].name: empty"));
            }
        }
        let o = &self.options;
        if !FIGHTER_TO_HIT.contains(&o.fighter_to_hit) {
            v.push("options.fighter_to_hit: 0 to 10".into());
        }
        if !FIGHTER_HP.contains(&o.fighter_hp) {
            v.push("options.fighter_hp: 0 to 50".into());
        }
        v
    }
}
