//! "randomly generated missions": a mission drawn from a seed when a game is set up (and kept in
//! the setup, so a save replays it): the scenario, whether it is dark, and how many AP rounds it
//! may last.

use super::options::{KryOptions, Scenario};
use crate::data::LevelFile;
use rand::{Rng, SeedableRng};

/// A drawn mission, in words and as the setup's scenario and options.
#[derive(Debug, Clone, PartialEq)]
pub struct Mission {
    pub scenario: Scenario,
    pub round_limit: u32,
    pub briefing: String,
}

/// Draws a mission for `level` from `seed`: a Breach only where the level has 3 locations.
pub fn random_mission(seed: u64, level: &LevelFile) -> Mission {
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed ^ 0x6d69_7373_696f_6e73);
    let mut pool = vec![Scenario::Deathmatch, Scenario::DarkDeathmatch];
    if level.objectives.len() >= 3 {
        pool.push(Scenario::Breach);
    }
    let scenario = pool[rng.random_range(0..pool.len())];
    let round_limit = match scenario {
        Scenario::Breach => super::round::BREACH_BACKUP,
        _ => rng.random_range(5..=10),
    };
    let briefing = match scenario {
        Scenario::Deathmatch => format!(
            "Two teams run into each other in {}: the last standing holds the deck ({round_limit} AP rounds).",
            level.name
        ),
        Scenario::DarkDeathmatch => format!(
            "The lights are out in {}: +2 to hit, the last standing wins ({round_limit} AP rounds).",
            level.name
        ),
        Scenario::Breach => format!(
            "Side 1 breaks into {} to destroy 3 locations; side 2's defenders come running, and their backup arrives after AP round 10.",
            level.name
        ),
    };
    Mission {
        scenario,
        round_limit,
        briefing,
    }
}

impl Mission {
    pub fn options(&self, base: KryOptions) -> KryOptions {
        KryOptions {
            round_limit: Some(self.round_limit),
            ..base
        }
    }
}
