//! "Placing Terrain": before the dice-off for Attacker and Defender the players may alternate
//! placing terrain features from the level's palette onto an open or partly dressed table (the
//! option [`super::options::TerrainSetup`]), or play the level as it is.

use super::command::{Command, RuleError, illegal};
use super::ctx::{Ctx, expect_phase};
use super::event::Event;
use super::piece_def::to_def;
use super::state::{KogState, Phase, enemy, ix};
use crate::edit::presets::PRESETS;
use crate::table::{Piece, Pt, Tag};

/// The pieces players place from: each distinct piece of the level (by name, as the level has
/// it: its shape, size and effects), then the level editor's ready-made pieces of other names
/// (the Kry-Gothic weak floor left out: KOG light has no use for it). Names are unique.
pub fn palette(s: &KogState) -> Vec<Piece> {
    let mut out: Vec<Piece> = Vec::new();
    let level = s.setup.level.to_table();
    let mut add = |p: Piece| {
        if !p.label.trim().is_empty() && !out.iter().any(|q| q.label == p.label) {
            out.push(Piece {
                at: Pt::new(0.0, 0.0),
                rotation: 0.0,
                ..p
            });
        }
    };
    for p in level.pieces.iter() {
        add(p.clone());
    }
    for pr in PRESETS.iter().filter(|p| !p.tags.contains(&Tag::WeakFloor)) {
        add(pr.piece_at(Pt::new(0.0, 0.0), 0.0));
    }
    out
}

/// The palette piece named `name`, placed at `at` turned `rotation` degrees.
pub fn piece_named(s: &KogState, name: &str, at: Pt, rotation: f32) -> Option<Piece> {
    palette(s)
        .into_iter()
        .find(|p| p.label == name)
        .map(|p| Piece {
            at,
            rotation: crate::table::geom::norm_deg(rotation),
            ..p
        })
}

/// How many features the program aims for: "A few terrain features per 2-foot square are a
/// good starting point" (three per square of 24" x 24", at least four).
pub fn suggested_count(s: &KogState) -> usize {
    let squares = (s.table.width * s.table.depth / (24.0 * 24.0)).max(1.0);
    ((squares * 3.0).round() as usize).max(4)
}

/// The most pieces a table may hold (a level file's own limit is the editor's to keep).
pub const MAX_PIECES: usize = 200;

/// Checks that a placed piece lies wholly on the table.
pub fn check_spot(s: &KogState, p: &Piece) -> Result<(), RuleError> {
    if !(p.at.is_finite() && p.rotation.is_finite()) {
        return illegal("a terrain piece needs a place and a turn in degrees");
    }
    let t = &s.table;
    let inside =
        |c: Pt| c.x >= -1e-3 && c.y >= -1e-3 && c.x <= t.width + 1e-3 && c.y <= t.depth + 1e-3;
    let whole = match p.shape {
        crate::table::PieceShape::Cylinder => {
            let r = p.size.0 / 2.0;
            inside(Pt::new(p.at.x - r, p.at.y - r)) && inside(Pt::new(p.at.x + r, p.at.y + r))
        }
        _ => p.corners().into_iter().all(inside),
    };
    if !whole {
        return illegal(format!(
            "{} would reach off the table: place it wholly on the battlefield",
            p.label
        ));
    }
    Ok(())
}

pub fn run(c: &mut Ctx, cmd: &Command) -> Result<(), RuleError> {
    let Phase::PlaceTerrain { side, done } = c.s.phase else {
        return expect_phase(&c.s, false, "placing terrain");
    };
    match cmd {
        Command::PlaceTerrain {
            piece,
            at,
            rotation,
        } => {
            let Some(p) = piece_named(&c.s, piece, *at, *rotation) else {
                let names: Vec<String> = palette(&c.s).into_iter().map(|p| p.label).collect();
                return illegal(format!(
                    "the palette has no piece '{piece}' (it has: {})",
                    names.join(", ")
                ));
            };
            if c.s.table.pieces.len() >= MAX_PIECES {
                return illegal(format!("the table holds at most {MAX_PIECES} pieces"));
            }
            check_spot(&c.s, &p)?;
            c.emit(Event::TerrainPlaced {
                side,
                piece: to_def(&p),
            });
            // "Players should alternate placing terrain features": the other side places next,
            // unless it is done.
            let next = if done[ix(enemy(side))] {
                side
            } else {
                enemy(side)
            };
            c.emit(Event::PhaseSet(Phase::PlaceTerrain { side: next, done }));
            Ok(())
        }
        Command::FinishTerrain => {
            let mut done = done;
            done[ix(side)] = true;
            c.emit(Event::TerrainFinished { side });
            if done.iter().all(|d| *d) {
                c.emit(Event::PhaseSet(Phase::RoleDiceOff {
                    last: None,
                    may_reroll: None,
                }));
            } else {
                c.emit(Event::PhaseSet(Phase::PlaceTerrain {
                    side: enemy(side),
                    done,
                }));
            }
            Ok(())
        }
        _ => unreachable!("terrain::run is only called with terrain commands"),
    }
}
