//! "Victory!" and each scenario's conditions, checked at the end of a game round.

use super::options::Scenario;
use super::state::{KogState, Outcome, enemy, ix};

/// Held for this many consecutive turns: "taken and held ... for consecutive turns".
pub const HOLD_TURNS: u32 = 2;

/// Whether `side` has taken and held the objective at `i` for consecutive turns.
fn held(s: &KogState, i: Option<usize>, side: u8) -> bool {
    i.and_then(|i| s.objectives.get(i))
        .is_some_and(|o| o.streak[ix(side)] >= HOLD_TURNS)
}

/// "a player's opponent has no non-Crippled units remaining on the board"
fn broke_enemy(s: &KogState, side: u8) -> bool {
    !s.has_uncrippled_unit(enemy(side))
}

/// The result when the round that just ended finishes the game, if it does.
pub fn round_end_outcome(s: &KogState) -> Option<Outcome> {
    if !s.has_forces(1) && !s.has_forces(2) {
        return Some(Outcome::Draw {
            why: "neither player has any forces remaining".into(),
        });
    }
    let objective = |side: u8| match s.scenario() {
        Scenario::HamburgerHill => held(s, Some(0), side),
        _ => held(s, s.objective_of(enemy(side)), side),
    };
    let (major, minor): ([bool; 2], [bool; 2]) = match s.scenario() {
        Scenario::Standard => (
            [objective(1), objective(2)],
            [broke_enemy(s, 1), broke_enemy(s, 2)],
        ),
        Scenario::Meatgrinder => (
            [broke_enemy(s, 1), broke_enemy(s, 2)],
            [objective(1), objective(2)],
        ),
        Scenario::HamburgerHill => (
            [objective(1), objective(2)],
            [broke_enemy(s, 1), broke_enemy(s, 2)],
        ),
        Scenario::Linebreaker => {
            let r = s.roles?;
            let off = s.objectives.iter().any(|o| o.off_table);
            let mut m = [false, false];
            m[ix(r.attacker)] = off;
            // The carrier that took the Objective off counts as the Attacker's non-Crippled
            // unit for the round it left in: the Defender's condition is not met beside it.
            m[ix(r.defender)] = !off && broke_enemy(s, r.defender);
            (m, [false, false])
        }
    };
    let why_major = |side: u8| -> String {
        match (s.scenario(), s.roles) {
            (Scenario::Meatgrinder, _) => {
                format!("side {} has no non-Crippled units remaining", enemy(side))
            }
            (Scenario::Linebreaker, Some(r)) if side == r.attacker => {
                "the Attacker moved the Objective off the Defender's board edge".into()
            }
            (Scenario::Linebreaker, _) => "the Attacker has no non-Crippled units remaining".into(),
            (Scenario::HamburgerHill, _) => {
                "took and held the central Objective uncontested for consecutive turns".into()
            }
            _ => "took and held the opponent's Objective for consecutive turns".into(),
        }
    };
    let why_minor = |side: u8| -> String {
        match s.scenario() {
            Scenario::Meatgrinder => {
                "took and held the opponent's Objective for consecutive turns".into()
            }
            _ => format!("side {} has no non-Crippled units remaining", enemy(side)),
        }
    };
    match major {
        [true, true] => {
            return Some(Outcome::Draw {
                why: "both players met the Major Victory condition in the same round".into(),
            });
        }
        [true, false] => {
            return Some(Outcome::MajorVictory {
                side: 1,
                why: why_major(1),
            });
        }
        [false, true] => {
            return Some(Outcome::MajorVictory {
                side: 2,
                why: why_major(2),
            });
        }
        _ => {}
    }
    match minor {
        [true, true] => Some(Outcome::Draw {
            why: "both players met the Minor Victory condition in the same round".into(),
        }),
        [true, false] => Some(Outcome::MinorVictory {
            side: 1,
            why: why_minor(1),
        }),
        [false, true] => Some(Outcome::MinorVictory {
            side: 2,
            why: why_minor(2),
        }),
        _ => s
            .options()
            .round_limit
            .filter(|l| s.round >= *l)
            .map(|l| Outcome::Draw {
                why: format!("the agreed {l} rounds are over with no victory"),
            }),
    }
}
