//! The program opponent plays whole games against itself on the shipped levels with the shipped
//! forces: every scenario ends (a victory, a draw or the agreed round limit), no command it plays
//! is refused, and the command log replays to the same state.

use super::cat;
use wartable::rules::kog::ai::self_play;
use wartable::rules::kog::force::load_force;
use wartable::rules::kog::state::Phase;
use wartable::rules::kog::{GameSetup, KogGame, KogOptions, Scenario};

fn forces(size: &str) -> [wartable::rules::kog::ForceList; 2] {
    let dir = crate::common::repo().join("assets/forces/kog-light");
    let c = cat();
    [
        load_force(&dir.join(format!("german-{size}.ron")), &c).expect("german list"),
        load_force(&dir.join(format!("russian-{size}.ron")), &c).expect("russian list"),
    ]
}

fn game(level: &str, size: &str, scenario: Scenario, seed: u64) -> KogGame {
    let (lvl, _) = wartable::data::load_level(&crate::common::repo().join(level)).expect("level");
    // "Larger and smaller battlefields are both perfectly acceptable, but may require some
    // adjustment": under 3' deep, the players agree a smaller deployment gap.
    let gap = if lvl.depth.min(lvl.width) < 36.0 {
        4.0
    } else {
        12.0
    };
    KogGame::new(GameSetup {
        level: lvl,
        scenario,
        options: KogOptions {
            round_limit: Some(6),
            deployment_gap: gap,
            ..Default::default()
        },
        forces: forces(size),
        seed,
        catalogue: cat(),
        program_sides: Vec::new(),
    })
    .expect("game")
}

#[test]
fn the_program_plays_every_scenario_to_the_end() {
    for (i, scenario) in Scenario::ALL.into_iter().enumerate() {
        let mut g = game(
            "levels/kog-battlefield.ron",
            "encounter",
            scenario,
            11 + i as u64,
        );
        let played = self_play(&mut g, 4000);
        assert!(
            matches!(g.state.phase, Phase::Over(_)),
            "{scenario:?} did not end after {played} commands: {:?}, round {}; last lines: {:#?}",
            g.state.phase,
            g.state.round,
            g.journal
                .iter()
                .rev()
                .take(12)
                .map(|l| &l.text)
                .collect::<Vec<_>>()
        );
        eprintln!(
            "{scenario:?}: {:?} after {played} commands, round {}",
            g.state.phase, g.state.round
        );
        let attacks = g
            .journal
            .iter()
            .filter(|l| l.text.contains(" with ") && l.text.contains("needing"))
            .count();
        assert!(attacks > 0, "{scenario:?}: the program never attacked");
        let replay = KogGame::replay(g.setup.clone(), &g.log).expect("replays");
        assert_eq!(replay.hash(), g.hash(), "{scenario:?}");
    }
}

#[test]
fn the_program_plays_duels_on_every_shipped_level() {
    for (i, level) in crate::common::level_files().iter().enumerate() {
        let rel = level
            .strip_prefix(crate::common::repo())
            .unwrap()
            .to_string_lossy()
            .to_string();
        let mut g = game(&rel, "duel", Scenario::Standard, 3 + i as u64);
        self_play(&mut g, 3000);
        assert!(
            matches!(g.state.phase, Phase::Over(_)),
            "{rel}: {:?} in round {}",
            g.state.phase,
            g.state.round
        );
    }
}

/// A side handed to the program in the middle of a turn, with a unit left out of coherency, is
/// played on: the program takes back the stray moves.
#[test]
fn the_program_takes_over_a_side_mid_turn() {
    use super::{force, id, ok, start};
    use wartable::rules::kog::Command;
    use wartable::rules::kog::force::{BattleSize, UnitKind};
    use wartable::rules::kog::state::{MoveMode, Step};
    use wartable::table::Pt;
    let f = force(
        "German",
        BattleSize::Encounter,
        &[
            ("A", UnitKind::Tactical, &["Kämpfer"; 3]),
            ("B", UnitKind::Tactical, &["Kämpfer"; 3]),
        ],
    );
    let mut g = super::new_game(Scenario::Standard, f.clone(), f);
    start(
        &mut g,
        &[
            (1, 5.0, 3.0),
            (2, 7.0, 3.0),
            (3, 9.0, 3.0),
            (4, 30.0, 3.0),
            (5, 32.0, 3.0),
            (6, 34.0, 3.0),
            (7, 40.0, 33.0),
        ],
    );
    ok(
        &mut g,
        Command::Move {
            model: id(1),
            mode: MoveMode::Speed,
            to: Pt::new(5.0, 15.0),
        },
    );
    ok(
        &mut g,
        Command::Move {
            model: id(2),
            mode: MoveMode::Combat,
            to: Pt::new(7.0, 1.0),
        },
    );
    ok(
        &mut g,
        Command::Move {
            model: id(3),
            mode: MoveMode::Combat,
            to: Pt::new(13.0, 1.0),
        },
    );
    assert!(g.submit(Command::EndMovement).is_err(), "model 1 ran off");
    let played = wartable::rules::kog::ai::play(&mut g, 1);
    assert!(played.is_some());
    assert!(g.state.step == Step::Action || g.state.turn.moved.len() < 3);
}
