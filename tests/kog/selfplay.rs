//! The program opponent plays whole games against itself on the shipped levels with the shipped
//! forces: every scenario ends (a victory, a draw or the agreed round limit), no command it plays
//! is refused, and the command log replays to the same state.

use super::cat;
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
    })
    .expect("game")
}

#[test]
fn smoke_the_program_plays_every_scenario_to_the_end() {
    for (i, scenario) in Scenario::ALL.into_iter().enumerate() {
        let mut g = game(
            "levels/kog-battlefield.ron",
            "encounter",
            scenario,
            11 + i as u64,
        );
        let played = g.self_play(4000);
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
fn smoke_the_program_plays_duels_on_every_shipped_level() {
    for (i, level) in crate::common::level_files().iter().enumerate() {
        let rel = level
            .strip_prefix(crate::common::repo())
            .unwrap()
            .to_string_lossy()
            .to_string();
        let mut g = game(&rel, "duel", Scenario::Standard, 3 + i as u64);
        g.self_play(3000);
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
    // The program takes the side over from here: it ends the Movement, with the unit coherent.
    let mut played = Vec::new();
    while g.state.step == Step::Movement && played.len() < 20 {
        let Some(c) = wartable::rules::kog::ai::play(&mut g, 1) else {
            break;
        };
        played.push(c);
    }
    assert_eq!(g.state.step, Step::Action, "{played:?}");
    assert_eq!(g.state.round, 1, "the same turn: {played:?}");
    let unit = g.state.models[&id(1)].unit;
    assert_eq!(
        wartable::rules::kog::moves::coherency_problem(&g.state, unit),
        None,
        "{played:?}"
    );
}

/// Bad input never panics: thousands of random commands (any model id, any point, any weapon
/// name, any side) thrown at games in every phase, between the program's own moves, are either
/// played or refused, and a refused one changes nothing.
#[test]
fn random_commands_are_played_or_refused_without_panic() {
    use rand::{Rng, SeedableRng};
    use wartable::rules::kog::Command;
    use wartable::rules::kog::state::{Half, MoveMode, Split};
    use wartable::table::{ModelId, Pt};
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(99);
    let mut played = 0;
    for (i, scenario) in Scenario::ALL.into_iter().enumerate() {
        let mut g = game(
            "levels/kog-battlefield.ron",
            "encounter",
            scenario,
            40 + i as u64,
        );
        for _ in 0..1500 {
            let id = ModelId(rng.random_range(0..20));
            let other = ModelId(rng.random_range(0..20));
            let at = Pt::new(rng.random_range(-5.0..55.0), rng.random_range(-5.0..40.0));
            let weapon = [
                "Autocannon",
                "Combat Blade",
                "Rocket Pod",
                "Linear Cannon",
                "Laser",
                "",
            ][rng.random_range(0..6)]
            .to_string();
            let mode = MoveMode::ALL[rng.random_range(0..4)];
            let cmd = match rng.random_range(0..24) {
                0 => Command::RollOff,
                1 => Command::Reroll,
                2 => Command::KeepRolls,
                3 => Command::ChooseRole {
                    attacker: rng.random_bool(0.5),
                },
                4 => Command::ChooseTerritory {
                    split: [Split::NearFar, Split::LeftRight][rng.random_range(0..2)],
                    half: [Half::LeftOrNear, Half::RightOrFar][rng.random_range(0..2)],
                },
                5 => Command::Deploy {
                    model: id,
                    at,
                    facing: rng.random_range(-400.0..400.0),
                },
                6 => Command::FinishDeployment,
                7 => Command::PlaceObjective { at },
                8 => Command::CarryObjective { model: id },
                9 => Command::NameCommander { model: id },
                10 => Command::ChooseFirst {
                    side: rng.random_range(0..4),
                },
                11 => Command::Move {
                    model: id,
                    mode,
                    to: at,
                },
                12 => Command::Face {
                    model: id,
                    facing: f32::NAN,
                },
                13 => Command::ExitTable { model: id, mode },
                14 => Command::EndMovement,
                15 => Command::Attack {
                    attacker: id,
                    weapon,
                    target: other,
                    reroll: Default::default(),
                },
                16 => Command::Respond {
                    counter: Some(weapon),
                },
                17 => Command::HoldObjective {
                    model: id,
                    objective: None,
                },
                18 => Command::ForwardObserver {
                    model: id,
                    target: other,
                },
                19 => Command::FireSupport {
                    commander: id,
                    model: other,
                },
                20 => Command::PassObjective {
                    model: id,
                    to: other,
                },
                21 => Command::PickUpObjective { model: id },
                22 => Command::EndTurn,
                _ => Command::Move {
                    model: id,
                    mode,
                    to: Pt::new(f32::INFINITY, f32::NAN),
                },
            };
            let before = g.hash();
            match g.submit(cmd) {
                Ok(_) => played += 1,
                Err(_) => assert_eq!(g.hash(), before, "a refused command changed the game"),
            }
            // Let the program move the game on now and then, so every phase is reached.
            if rng.random_bool(0.3) {
                g.self_play(1);
            }
        }
        let replay = KogGame::replay(g.setup.clone(), &g.log).expect("the log replays");
        assert_eq!(replay.hash(), g.hash(), "{scenario:?}");
    }
    assert!(played > 20, "some random commands are legal ({played})");
}
