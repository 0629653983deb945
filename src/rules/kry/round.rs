//! "Getting your AP", "Action Point Rounds" (the Loses and Triumph tables) and the scenario's
//! victory: what happens when both sides are out of a round, and when a side is wiped out.

use super::ctx::Ctx;
use super::dice;
use super::event::Event;
use super::options::Scenario;
use super::state::{KryState, Outcome, Phase, Side, Tally, ix};

/// "the attacking force must destroy 3 locations".
pub const BREACH_LOCATIONS: usize = 3;
/// "End of AP round 10 - Backup arrives, defenders win."
pub const BREACH_BACKUP: u32 = 10;
use crate::rules::core::RuleError;

/// The Loses and Triumph tables for one side: the change to its next AP, with each line.
pub fn tables(t: &Tally) -> (i32, Vec<String>) {
    let mut total = 0;
    let mut lines = Vec::new();
    let mut add = |v: i32, why: &str| {
        total += v;
        lines.push(format!("{v:+} {why}"));
    };
    let over_half = t.lost * 2 > t.had && t.had > 0;
    // "Your squad leader has been killed -5AP (If 50% of army has been lost as well, just count
    // -5AP)".
    if t.leader_killed {
        add(-5, "squad leader killed");
    } else if over_half {
        add(-5, "lost over 50% of the army");
    }
    if t.leader_failed_will {
        add(-2, "squad leader lost a Willpower roll");
    }
    if t.damaged_by_own_side {
        add(-1, "damaged by own side");
    }
    if t.lost == 0 {
        add(1, "no units lost");
    }
    if t.killed_enemy_leader {
        add(2, "killed the enemy squad leader");
    }
    // "You have successfully completed a command combo. +1AP per 4 commands": per combo, so
    // two combos of 3 commands earn nothing.
    if t.combo_ap > 0 {
        add(
            t.combo_ap as i32,
            &format!(
                "completed combos ({} commands, +1 per 4 in each combo)",
                t.combo_commands
            ),
        );
    }
    if t.interrupted_combo {
        add(3, "interrupted a combo");
    }
    if t.first_blood {
        add(2, "first blood");
    }
    (total, lines)
}

/// Rolls the AP of round `round` for both sides, with the tables' changes `mods`.
pub fn begin_round(c: &mut Ctx, round: u32, mods: [i32; 2]) -> Result<(), RuleError> {
    let mut ap = [0u32; 2];
    let mut why = [String::new(), String::new()];
    for side in [1u8, 2] {
        let n = c.s.leaders_alive(side);
        let r = dice::roll(
            c.dice,
            n,
            &format!(
                "side {side}: AP for round {round}, 1D6 per squad leader ({n}), the highest counts"
            ),
        )?;
        let tr = c.s.tactics[ix(side)] as i32;
        let v = r.highest() as i32 + tr + mods[ix(side)];
        ap[ix(side)] = v.max(0) as u32;
        why[ix(side)] = format!(
            "highest {} + Tactics Rating {tr}{}",
            r.highest(),
            if mods[ix(side)] != 0 {
                format!(" {:+} from the tables", mods[ix(side)])
            } else {
                String::new()
            }
        );
        // "End of AP round 1 - The defending side can begin to move their units into
        // postition": the scenario takes all of the defenders' first AP.
        if c.s.scenario == Scenario::Breach && side == 2 && round == 1 {
            ap[ix(side)] = 0;
            why[ix(side)] =
                "caught off guard: the defenders move from the end of AP round 1".into();
        }
    }
    c.emit(Event::RoundBegan { round, ap, why });
    Ok(())
}

/// The result if the game is decided: a side wiped out, or the round limit passed.
pub fn outcome(s: &KryState, round_over: bool) -> Option<Outcome> {
    let alive = |side: Side| s.alive(side).count();
    match (alive(1), alive(2)) {
        (0, 0) => {
            return Some(Outcome::Draw {
                why: "both teams are wiped out".into(),
            });
        }
        (0, _) => {
            return Some(Outcome::Victory {
                side: 2,
                why: "side 1 is wiped out".into(),
            });
        }
        (_, 0) => {
            return Some(Outcome::Victory {
                side: 1,
                why: "side 2 is wiped out".into(),
            });
        }
        _ => {}
    }
    if s.scenario == Scenario::Breach {
        if s.destroyed.len() >= BREACH_LOCATIONS {
            return Some(Outcome::Victory {
                side: 1,
                why: "the attackers destroyed 3 locations".into(),
            });
        }
        if round_over && s.round >= BREACH_BACKUP {
            return Some(Outcome::Victory {
                side: 2,
                why: "\"End of AP round 10 - Backup arrives, defenders win.\"".into(),
            });
        }
    }
    if round_over && s.options.round_limit.is_some_and(|l| s.round >= l) {
        return Some(Outcome::Draw {
            why: format!("the agreed {} AP rounds are over", s.round),
        });
    }
    None
}

/// After a command: the game's end if decided, else the round's end when both sides are out.
pub fn after_command(c: &mut Ctx) -> Result<(), RuleError> {
    if c.s.phase != Phase::Play {
        return Ok(());
    }
    if let Some(o) = outcome(&c.s, false) {
        // A question still open when the game is decided (an attacker downed by its own blow
        // as its target's defence is asked) can no longer be answered: it goes with the game.
        if c.s.pending.is_some() {
            c.emit(Event::PendingSet(None));
        }
        c.emit(Event::Over(o));
        return Ok(());
    }
    if c.s.pending.is_some() || !(c.s.out(1) && c.s.out(2)) {
        return Ok(());
    }
    let (m1, l1) = tables(&c.s.tally[0]);
    let (m2, l2) = tables(&c.s.tally[1]);
    let mut lines = Vec::new();
    for (side, l) in [(1, l1), (2, l2)] {
        if !l.is_empty() {
            lines.push(format!("side {side}: {}", l.join(", ")));
        }
    }
    c.emit(Event::RoundEnded {
        lines,
        mods: [m1, m2],
    });
    if let Some(o) = outcome(&c.s, true) {
        c.emit(Event::Over(o));
        return Ok(());
    }
    // Held-back models due now arrive before the next round's roll.
    let round = c.s.round;
    let due: Vec<_> =
        c.s.models
            .values()
            .filter(|m| m.alive() && m.arrives == Some(round))
            .map(|m| (m.side, m.id))
            .collect();
    if let Some((side, _)) = due.first() {
        let side = *side;
        let models = due.iter().filter(|d| d.0 == side).map(|d| d.1).collect();
        c.emit(Event::Reinforcements { side, models });
        return Ok(());
    }
    let next = c.s.round + 1;
    begin_round(c, next, [m1, m2])
}
