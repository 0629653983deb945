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
