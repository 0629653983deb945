//! Kry-Gothic tests: each names the section of `shared/rules/kry-gothic.txt` it covers; the
//! text's worked examples are tests of their own, with the dice forced.

mod ai;
mod app;
mod catalogue;
mod close;
mod combat;
mod deployment;
mod dice;
mod effects;
mod fear;
mod game;
mod guide;
mod ladders;
mod online;
mod orders;
mod ranged;
mod teams;
mod tips;

use wartable::rules::core::RuleSet;
use wartable::rules::kry::catalogue::{Catalogue, shipped};
use wartable::rules::kry::command::Command;
use wartable::rules::kry::event::Event;
use wartable::rules::kry::force::{KryForce, KryForceModel};
use wartable::rules::kry::options::{KryOptions, Scenario};
use wartable::rules::kry::setup::KrySetup;
use wartable::rules::kry::state::Phase;
use wartable::rules::kry::{Kry, KryGame};
use wartable::table::{ModelId, Pt};

pub fn cat() -> Catalogue {
    shipped().expect("the shipped catalogue loads")
}

/// A team of `team` with these troop types, named after them with a number.
pub fn team(team: &str, troops: &[&str]) -> KryForce {
    KryForce {
        name: format!("{team} test team"),
        team: team.into(),
        models: troops
            .iter()
            .enumerate()
            .map(|(i, t)| KryForceModel {
                name: format!("{t} {}", i + 1),
                troop: (*t).into(),
                extra: Vec::new(),
            })
            .collect(),
    }
}

/// A 24" x 24" open level; side 1 deploys in the near half, side 2 in the far half. `rows[i]`
/// is the ground of the row from y = i to i + 1 (the level file lists rows from the far edge).
pub fn open_level(rows: &[&str]) -> wartable::data::LevelFile {
    let mut ground: Vec<String> = (0..24).map(|_| ".".repeat(24)).collect();
    for (i, r) in rows.iter().enumerate() {
        ground[23 - i] = (*r).to_string();
    }
    let text = format!(
        "Level(name: \"test\", width: 24.0, depth: 24.0, tile_size: 1.0, ground: [{}], zones: [Zone(name: \"near\", kind: Deployment, side: 1, min: (0.0, 0.0), max: (24.0, 12.0)), Zone(name: \"far\", kind: Deployment, side: 2, min: (0.0, 12.0), max: (24.0, 24.0))])",
        ground
            .iter()
            .map(|r| format!("\"{r}\""))
            .collect::<Vec<_>>()
            .join(", ")
    );
    match wartable::data::parse_level("test.ron", &text) {
        Ok((l, _)) => l,
        Err(e) => panic!("test level: {}", e[0]),
    }
}

pub fn game_with(level: wartable::data::LevelFile, f1: KryForce, f2: KryForce) -> KryGame {
    KryGame::new(KrySetup {
        level,
        forces: [f1, f2],
        scenario: Scenario::Deathmatch,
        options: KryOptions::default(),
        seed: 7,
        catalogue: cat(),
    })
    .unwrap_or_else(|e| panic!("a valid game: {e:?}"))
}

/// Deploys models where `at` says (id, x, y, facing), the rest of each side nowhere (they must be
/// placed for deployment to finish, so every model of the teams must be listed), and starts AP
/// round 1 with the dice `ap_dice` (one per squad leader of side 1, then of side 2).
pub fn start(g: &mut KryGame, at: &[(u32, f32, f32, f32)], ap_dice: &[u32]) {
    for side in [1u8, 2] {
        for (id, x, y, f) in at {
            if g.state.models[&ModelId(*id)].side == side {
                let c = Command::Deploy {
                    model: ModelId(*id),
                    at: Pt::new(*x, *y),
                    facing: *f,
                };
                if let Err(e) = g.play(side, c.clone()) {
                    panic!("{c:?}: {e}");
                }
            }
        }
        if side == 2 {
            g.dice.force(ap_dice);
        }
        g.play(side, Command::FinishDeployment)
            .unwrap_or_else(|e| panic!("finish {side}: {e}"));
    }
    assert_eq!(g.state.phase, Phase::Play);
    assert_eq!(g.dice.clear_queued(), 0, "AP dice {ap_dice:?} not all used");
}

pub fn id(n: u32) -> ModelId {
    ModelId(n)
}

/// Plays `cmd` for `side` with `dice` forced; it must be accepted and use them all.
pub fn ok(g: &mut KryGame, side: u8, cmd: Command, dice: &[u32]) -> Vec<Event> {
    wartable::rules::core::testing::exec(g, side, cmd, dice)
}

/// `cmd` must be refused with nothing changed; the reason.
pub fn refused(g: &mut KryGame, side: u8, cmd: Command) -> String {
    let (h, rolls) = (g.hash(), g.dice.log().len());
    let e = match g.play(side, cmd.clone()) {
        Ok(_) => panic!("{cmd:?} was accepted"),
        Err(e) => e.to_string(),
    };
    assert_eq!(g.hash(), h, "a refused command changed the game");
    assert_eq!(g.dice.log().len(), rolls, "a refused command rolled dice");
    assert!(Kry::check(&g.state, side, &cmd).is_err());
    e
}

/// The journal's lines, joined.
pub fn journal(g: &KryGame) -> String {
    g.journal
        .iter()
        .map(|l| l.text.clone())
        .collect::<Vec<_>>()
        .join("\n")
}

/// Moves a model on the table directly (staging, not a game move).
pub fn put(g: &mut KryGame, n: u32, x: f32, y: f32) {
    let from = g.state.table.model(ModelId(n)).unwrap().pos;
    wartable::rules::core::testing::stage(
        g,
        &[Event::Moved {
            model: ModelId(n),
            from,
            to: Pt::new(x, y),
            kind: wartable::rules::kry::command::MoveKind::SmallStep,
            body_loss: 0,
        }],
    );
    // Staging is no small step of the game's.
    if let Some(m) = g.state.models.get_mut(&ModelId(n)) {
        m.small_stepped = false;
    }
}
