//! What a battle report tells, gathered by replaying a loaded game command by command: who
//! played, who took the field, each round's moves, attacks and losses on the table, the combat
//! log with its key moments, the luck of every roll, and the outcome.

use super::moments::{Moment, moment_of};
use crate::rules::core::game::{Game, RuleSet};
use crate::rules::core::luck_replay::{GameLuck, game_luck};
use crate::rules::core::{Cue, Seat};
use crate::table::{Pt, Table};
use std::collections::BTreeMap;

/// A whole battle report's content.
#[derive(Debug, Clone)]
pub struct Report {
    /// The save it was made from, as named on the command line.
    pub file: String,
    pub rules_key: String,
    pub rules_label: String,
    /// The level (or dungeon) played, where the setup names one.
    pub level: Option<String>,
    pub scenario: Option<String>,
    pub seed: u64,
    pub seats: Vec<SeatLine>,
    /// Who took the field: seat, name, kind, points (0: not counted).
    pub roster: Vec<(Seat, String, String, u32)>,
    pub rounds: Vec<RoundStory>,
    /// The maps' colours: a side of the table and the name of the side its models play for.
    pub legend: Vec<(u8, String)>,
    pub luck: GameLuck,
    pub outcome: String,
    pub over: bool,
    pub commands: usize,
}

/// A seat, its side and who played it.
#[derive(Debug, Clone, PartialEq)]
pub struct SeatLine {
    pub seat: Seat,
    pub side: String,
    pub player: &'static str,
}

/// One round: its combat log and its map.
#[derive(Debug, Clone)]
pub struct RoundStory {
    pub round: u32,
    pub lines: Vec<StoryLine>,
    pub map: Snapshot,
}

/// A line of the combat log.
#[derive(Debug, Clone, PartialEq)]
pub struct StoryLine {
    pub seat: Seat,
    pub text: String,
    pub moment: Option<Moment>,
}

/// The table at the end of a round, with what happened on it during the round.
#[derive(Debug, Clone)]
pub struct Snapshot {
    pub table: Table,
    /// Each model's moves: its side and path.
    pub moves: Vec<(u8, Vec<Pt>)>,
    /// Attacks: the attacker's side, from, to.
    pub attacks: Vec<(u8, Pt, Pt)>,
    /// Models lost: side, where, name.
    pub losses: Vec<(u8, Pt, String)>,
    /// Where models were struck (a wound, damage).
    pub hits: Vec<Pt>,
}

/// The report of `g`, a game loaded from `file` (replayed to its hash).
pub fn gather<R: RuleSet>(file: &str, g: &Game<R>) -> Result<Report, String> {
    let sides = R::sides(&g.setup);
    let side_name = |seat: Seat| {
        sides
            .iter()
            .find(|(_, seats)| seats.contains(&seat))
            .map_or_else(|| format!("seat {seat}"), |(n, _)| n.clone())
    };
    let seats = R::seats(&g.setup)
        .into_iter()
        .map(|seat| SeatLine {
            seat,
            side: side_name(seat),
            player: g.player(seat).label(),
        })
        .collect();
    let mut r = Game::<R>::new(g.setup.clone()).map_err(|e| e.join("; "))?;
    let roster = R::roster(&g.setup, &r.state);
    let mut legend: Vec<(u8, String)> = Vec::new();
    // Each side of the table as its first model shows it (models may be deployed later).
    let mut key = |t: &Table| {
        for m in &t.models {
            if legend.iter().any(|(s, _)| *s == m.side.0) {
                continue;
            }
            // The seat that fields a model of this name, else the table's side as a seat.
            let seat = roster
                .iter()
                .find(|x| x.1 == m.name)
                .map_or(m.side.0, |x| x.0);
            legend.push((m.side.0, side_name(seat)));
        }
    };
    r.take_cues();
    let mut rounds: BTreeMap<u32, RoundStory> = BTreeMap::new();
    for (i, l) in g.log.iter().enumerate() {
        let round = R::round(&r.state);
        let before = R::table(&r.state);
        let journal = r.journal.len();
        r.play_with(l.seat, l.cmd.clone(), &l.entered)
            .map_err(|e| format!("command {} is refused on replay: {e}", i + 1))?;
        let after = R::table(&r.state);
        key(&after);
        let story = rounds.entry(round).or_insert_with(|| RoundStory {
            round,
            lines: Vec::new(),
            map: Snapshot {
                table: before.clone(),
                moves: Vec::new(),
                attacks: Vec::new(),
                losses: Vec::new(),
                hits: Vec::new(),
            },
        });
        let side_of = |t: &Table, id| t.model(id).map_or(0, |m| m.side.0);
        let mut moved = Vec::new();
        for c in r.take_cues() {
            match c {
                Cue::Moved { model, path } if path.len() > 1 => {
                    moved.push(model);
                    story.map.moves.push((side_of(&before, model), path));
                }
                Cue::Struck { model } => {
                    if let Ok(m) = after.model(model).or_else(|_| before.model(model)) {
                        story.map.hits.push(m.pos);
                    }
                }
                Cue::Attack { from, at } => {
                    let at_pos = |id| before.model(id).or_else(|_| after.model(id)).ok();
                    if let (Some(a), Some(b)) = (at_pos(from), at_pos(at)) {
                        let (a, b) = (a.pos, b.pos);
                        story.map.attacks.push((side_of(&before, from), a, b));
                    }
                }
                _ => {}
            }
        }
        // A rule set that gives no move cues: each model that changed place moved straight.
        for m in &before.models {
            if let Ok(n) = after.model(m.id)
                && !moved.contains(&m.id)
                && n.pos.dist(m.pos) > 0.05
            {
                story.map.moves.push((m.side.0, vec![m.pos, n.pos]));
            }
        }
        let mut lost = Vec::new();
        for m in &before.models {
            let gone = after.model(m.id).map_or(true, |n| n.wreck);
            if gone && !m.wreck {
                lost.push(m.name.clone());
                story.map.losses.push((m.side.0, m.pos, m.name.clone()));
            }
        }
        for j in &r.journal[journal..] {
            story.lines.push(StoryLine {
                seat: j.seat,
                text: j.text.clone(),
                moment: moment_of(&j.text),
            });
        }
        for name in lost {
            if !story
                .lines
                .iter()
                .any(|s| s.moment == Some(Moment::Kill) && s.text.contains(name.as_str()))
            {
                story.lines.push(StoryLine {
                    seat: 0,
                    text: format!("{name} is lost"),
                    moment: Some(Moment::Kill),
                });
            }
        }
        story.map.table = after;
    }
    legend.sort();
    let luck = game_luck::<R>(&g.setup, &g.log)?;
    let (level, scenario) = setup_names(&g.setup);
    let over = g.is_over();
    Ok(Report {
        file: file.to_string(),
        rules_key: R::ID.key().to_string(),
        rules_label: R::ID.label().to_string(),
        level,
        scenario,
        seed: R::seed(&g.setup),
        seats,
        roster,
        rounds: rounds.into_values().collect(),
        legend,
        luck,
        outcome: R::phase_label(&g.state),
        over,
        commands: g.log.len(),
    })
}

/// The level's name (or file) and the scenario, where the setup holds them.
fn setup_names<S: serde::Serialize>(setup: &S) -> (Option<String>, Option<String>) {
    let Ok(v) = serde_json::to_value(setup) else {
        return (None, None);
    };
    let text = |v: &serde_json::Value| match v {
        serde_json::Value::String(s) => Some(s.clone()),
        serde_json::Value::Object(o) => o.get("name").and_then(|n| n.as_str()).map(String::from),
        _ => None,
    };
    let level = v.get("level").and_then(text);
    let scenario = v
        .get("scenario")
        .or_else(|| v.get("options").and_then(|o| o.get("scenario")))
        .and_then(|s| match s {
            serde_json::Value::String(s) => Some(s.clone()),
            other => Some(other.to_string().trim_matches('"').to_string()),
        })
        .filter(|s| s != "null");
    (level, scenario)
}
