//! The luck figures of a whole game: its commands replayed one by one, each roll counted for
//! the side its rule set says it is good for ([`RuleSet::roll_readings`]), in the round it was
//! rolled. Another seat's secret roll is left out unless the game is over.

use super::game::{Game, Logged, RuleSet};
use super::luck::{Counted, RollLuck, Skip, roll_luck};
use super::seat::Seat;
use std::ops::Range;

/// The luck of every roll of a game.
#[derive(Debug, Clone, PartialEq)]
pub struct GameLuck {
    /// The sides, in order (side `k` is `sides[k - 1]`): name and seats.
    pub sides: Vec<(String, Vec<Seat>)>,
    /// The figures of each roll that has them, in roll order.
    pub rolls: Vec<RollLuck>,
    /// Rolls left out: sequence number, purpose, and why.
    pub skipped: Vec<(u64, String, Skip)>,
    /// Rolls good for nobody (a random choice), by sequence number.
    pub neutral: Vec<u64>,
    /// For each command, its range in `rolls`.
    pub by_command: Vec<Range<usize>>,
    /// Whether the seats' secret rolls are counted (only once the game is over).
    pub secrets_shown: bool,
    /// The last round played.
    pub last_round: u32,
}

impl GameLuck {
    /// The side (from 1) `seat` plays on; 0 for a seat of no side.
    pub fn side_of(&self, seat: Seat) -> u8 {
        self.sides
            .iter()
            .position(|(_, seats)| seats.contains(&seat))
            .map_or(0, |i| i as u8 + 1)
    }
}

/// Replays `log` from `setup` and counts every roll.
pub fn game_luck<R: RuleSet>(
    setup: &R::Setup,
    log: &[Logged<R::Command>],
) -> Result<GameLuck, String> {
    // First the whole game, to know whether it is over (secrets shown).
    let end = Game::<R>::replay(setup.clone(), log)?;
    let secrets_shown = end.is_over();
    let mut g = Game::<R>::new(setup.clone()).map_err(|e| e.join("; "))?;
    g.keep_journal = false;
    let mut out = GameLuck {
        sides: R::sides(setup),
        rolls: Vec::new(),
        skipped: Vec::new(),
        neutral: Vec::new(),
        by_command: Vec::new(),
        secrets_shown,
        last_round: R::round(&end.state),
    };
    for (i, l) in log.iter().enumerate() {
        let before = g.state.clone();
        let round = R::round(&before);
        let first = g.dice.log().len();
        let events = g
            .play_with(l.seat, l.cmd.clone(), &l.entered)
            .map_err(|e| format!("command {} is refused on replay: {e}", i + 1))?;
        let rolls = &g.dice.log()[first..];
        let readings = R::roll_readings(&before, l.seat, &events, rolls);
        let start = out.rolls.len();
        for (k, roll) in rolls.iter().enumerate() {
            let purpose = roll.purpose.to_string();
            if roll.secret.is_some() && !secrets_shown {
                out.skipped.push((roll.seq, purpose, Skip::Secret));
                continue;
            }
            let Some(reading) = readings.get(k).copied().unwrap_or(None) else {
                out.neutral.push(roll.seq);
                continue;
            };
            let counted = Counted {
                roll,
                side: out.side_of(reading.seat),
                round,
                high_is_good: reading.high_is_good,
            };
            match roll_luck(&counted) {
                Ok(r) => out.rolls.push(r),
                Err(why) => out.skipped.push((roll.seq, purpose, why)),
            }
        }
        out.by_command.push(start..out.rolls.len());
    }
    Ok(out)
}
