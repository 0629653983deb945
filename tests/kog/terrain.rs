//! "Placing Terrain – ... Players should alternate placing terrain features and agree upon any
//! battlefield effects before proceeding": the optional setup step before the dice-off.

use super::*;
use crate::common::temp_dir;
use wartable::rules::kog::force::BattleSize;
use wartable::rules::kog::options::TerrainSetup;
use wartable::rules::kog::state::Phase;
use wartable::rules::kog::terrain::{palette, suggested_count};
use wartable::table::Tag;

fn battlefield() -> LevelFile {
    wartable::data::load_level(std::path::Path::new("levels/kog-battlefield.ron"))
        .expect("the shipped battlefield loads")
        .0
}

fn game(terrain: TerrainSetup) -> KogGame {
    let mut s = setup(
        battlefield(),
        Scenario::Standard,
        singles("German", BattleSize::Duel, &["Kämpfer", "Kämpfer"]),
        singles("Russian", BattleSize::Duel, &["F6-16"]),
    );
    s.options.terrain = terrain;
    s.options.round_limit = Some(8);
    KogGame::new(s).expect("a valid game")
}

fn place(piece: &str, x: f32, y: f32, rotation: f32) -> Command {
    Command::PlaceTerrain {
        piece: piece.into(),
        at: Pt::new(x, y),
        rotation,
    }
}

/// A fixed sequence on an open table: side 1 places first, the sides alternate, a side that is
/// done lets the other place on alone, and the dice-off follows when both are done. Pieces come
/// from the level's palette with the effects the level gives them.
#[test]
fn players_alternate_placing_terrain_before_the_dice_off() {
    let level_pieces = battlefield().pieces.len();
    let mut g = game(TerrainSetup::OpenTable);
    assert!(g.state.table.pieces.is_empty(), "an open table");
    assert_eq!(
        g.state.phase,
        Phase::PlaceTerrain {
            side: 1,
            done: [false, false]
        }
    );
    // The dice-off waits for the battlefield.
    let e = refused(&mut g, Command::RollOff);
    assert!(e.contains("side 1 places terrain"), "{e}");
    // Side 2 cannot place in side 1's turn.
    assert!(matches!(
        g.play(2, place("Woods", 12.0, 12.0, 0.0)),
        Err(RuleError::NotYourTurn(2, _))
    ));
    // A name the palette lacks, and a piece reaching off the table, are refused.
    let e = refused(&mut g, place("Castle", 12.0, 12.0, 0.0));
    assert!(
        e.contains("no piece 'Castle'") && e.contains("Ruined farmhouse"),
        "{e}"
    );
    let e = refused(&mut g, place("Woods", 3.0, 3.0, 0.0));
    assert!(e.contains("off the table"), "{e}");
    ok(&mut g, place("Woods", 12.0, 12.0, 0.0));
    assert_eq!(
        g.state.phase,
        Phase::PlaceTerrain {
            side: 2,
            done: [false, false]
        }
    );
    ok(&mut g, place("Bunker", 36.0, 24.0, 45.0));
    assert_eq!(g.state.active, 0, "still setup");
    ok(&mut g, Command::FinishTerrain);
    assert_eq!(
        g.state.phase,
        Phase::PlaceTerrain {
            side: 2,
            done: [true, false]
        },
        "side 1 is done: side 2 places on alone"
    );
    ok(&mut g, place("Crate stack", 24.0, 18.0, 0.0));
    assert_eq!(
        g.state.phase,
        Phase::PlaceTerrain {
            side: 2,
            done: [true, false]
        }
    );
    ok(&mut g, Command::FinishTerrain);
    assert_eq!(
        g.state.phase,
        Phase::RoleDiceOff {
            last: None,
            may_reroll: None
        }
    );
    let p = &g.state.table.pieces;
    let labels: Vec<&str> = p.iter().map(|p| p.label.as_str()).collect();
    assert_eq!(labels, ["Woods", "Bunker", "Crate stack"]);
    // The level's own woods: 10" x 8", cover and rough ground.
    assert_eq!(p[0].size, (10.0, 8.0, 0.05));
    assert_eq!(p[0].tags, vec![Tag::Cover, Tag::Rough]);
    assert_eq!((p[1].at, p[1].rotation), (Pt::new(36.0, 24.0), 45.0));
    assert!(level_pieces > 3);
    // No more placing once the dice-off is due; the combat log tells who placed what.
    let e = refused(&mut g, place("Woods", 30.0, 10.0, 0.0));
    assert!(e.contains("placing terrain"), "{e}");
    let log: Vec<&str> = g.journal.iter().map(|l| l.text.as_str()).collect();
    assert!(
        log.iter()
            .any(|l| l.starts_with("Side 2 places Bunker at (36.0, 24.0)")),
        "{log:?}"
    );
    ok(&mut g, Command::RollOff);
}

/// The placed terrain is the battlefield the game is played on: a model cannot deploy on a
/// solid piece placed there, as on one of the level's own.
#[test]
fn placed_terrain_is_part_of_the_battlefield() {
    let mut g = game(TerrainSetup::OpenTable);
    ok(&mut g, place("Bunker", 10.0, 5.0, 0.0));
    ok(&mut g, Command::FinishTerrain);
    ok(&mut g, Command::FinishTerrain);
    g.dice.force(&[6, 1]);
    ok(&mut g, Command::RollOff);
    ok(&mut g, Command::KeepRolls);
    ok(&mut g, Command::ChooseRole { attacker: false });
    ok(
        &mut g,
        Command::ChooseTerritory {
            split: Split::NearFar,
            half: Half::LeftOrNear,
        },
    );
    let e = refused(
        &mut g,
        Command::Deploy {
            model: id(1),
            at: Pt::new(10.0, 5.0),
            facing: 90.0,
        },
    );
    assert!(e.contains("cannot stand there"), "{e}");
    ok(
        &mut g,
        Command::Deploy {
            model: id(1),
            at: Pt::new(20.0, 5.0),
            facing: 90.0,
        },
    );
}

/// "an open or partly dressed table": with `Dressed` the level's pieces stay and the players add
/// to them; with `Level` the game starts at the dice-off as before.
#[test]
fn a_dressed_table_keeps_the_levels_pieces_and_the_level_choice_skips_placing() {
    let n = battlefield().pieces.len();
    let mut g = game(TerrainSetup::Dressed);
    assert_eq!(g.state.table.pieces.len(), n);
    ok(&mut g, place("Hill slope", 24.0, 18.0, 90.0));
    assert_eq!(g.state.table.pieces.len(), n + 1);
    let g = game(TerrainSetup::Level);
    assert_eq!(g.state.table.pieces.len(), n);
    assert!(matches!(g.state.phase, Phase::RoleDiceOff { .. }));
    // The palette: the level's pieces by name, then the editor's, each name once.
    let pal = palette(&g.state);
    let names: Vec<&str> = pal.iter().map(|p| p.label.as_str()).collect();
    assert_eq!(names[0], "Ruined farmhouse");
    assert_eq!(names.iter().filter(|n| **n == "Woods").count(), 1);
    assert!(
        names.contains(&"Ruin") && !names.contains(&"Weak floor (W)"),
        "{names:?}"
    );
}

/// Placing terrain is a command like any other: saved, loaded and replayed to the same hash.
#[test]
fn placed_terrain_is_saved_and_replayed() {
    let mut g = game(TerrainSetup::OpenTable);
    ok(&mut g, place("Woods", 12.0, 12.0, 30.0));
    ok(&mut g, place("Fuel tank", 30.0, 20.0, 0.0));
    ok(&mut g, place("Bunker", 10.0, 28.0, 0.0));
    // Saved in the middle of placing, it resumes there.
    let dir = temp_dir("kog-terrain-saves");
    let mid = dir.join("placing.ron");
    g.save(&mid).expect("saves");
    let loaded = KogGame::load(&mid).expect("loads");
    assert_eq!(loaded.hash(), g.hash());
    assert_eq!(
        loaded.state.phase,
        Phase::PlaceTerrain {
            side: 2,
            done: [false, false]
        }
    );
    assert_eq!(loaded.state.table.pieces.len(), 3);
    ok(&mut g, Command::FinishTerrain);
    ok(&mut g, Command::FinishTerrain);
    ok(&mut g, Command::RollOff);
    let path = dir.join("terrain.ron");
    g.save(&path).expect("saves");
    let loaded = KogGame::load(&path).expect("loads");
    assert_eq!(loaded.hash(), g.hash());
    assert_eq!(loaded.state.table.pieces, g.state.table.pieces);
    let replayed = KogGame::replay(g.setup.clone(), &g.log).unwrap();
    assert_eq!(replayed.hash(), g.hash());
    assert_eq!(replayed.state.phase, g.state.phase);
}

/// The program opponent takes its turns at placing: both sides alternate until the table
/// holds a few features per 2-foot square, then the game goes on to the battle.
#[test]
fn the_program_places_terrain_in_turn() {
    let mut g = game(TerrainSetup::OpenTable);
    let want = suggested_count(&g.state);
    assert_eq!(want, 9, "48\" x 36\" is three 2-foot squares");
    let mut seats = Vec::new();
    while matches!(g.state.phase, Phase::PlaceTerrain { .. }) {
        let before = g.log.len();
        let side = match g.state.phase {
            Phase::PlaceTerrain { side, .. } => side,
            _ => unreachable!(),
        };
        assert!(g.program_play(side).is_some());
        assert_eq!(g.log.len(), before + 1);
        if matches!(g.log[before].cmd, Command::PlaceTerrain { .. }) {
            seats.push(g.log[before].seat);
        }
    }
    assert_eq!(g.state.table.pieces.len(), want);
    assert_eq!(seats, [1, 2, 1, 2, 1, 2, 1, 2, 1]);
    // No two pieces share a centre: the program spreads them.
    let p = &g.state.table.pieces;
    for (i, a) in p.iter().enumerate() {
        for b in &p[i + 1..] {
            assert!(a.at.dist(b.at) > 4.0, "{} and {} crowd", a.label, b.label);
        }
    }
    assert!(matches!(g.state.phase, Phase::RoleDiceOff { .. }));
    // The rest of the game plays on the placed battlefield, the same way every time.
    let mut again = game(TerrainSetup::OpenTable);
    g.self_play(5000);
    again.self_play(5000);
    assert!(g.is_over());
    assert_eq!(g.hash(), again.hash());
}
