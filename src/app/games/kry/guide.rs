//! Kry-Gothic's guided first game: a small fixed scenario on the cargo hold level
//! (`levels/tutorial-kry-gothic.ron`), three Earth Confederate models against three Renegades
//! played by the program, a fixed seed, deployment done, the program's Hunter Vasquez already in
//! waiting and its Zealot Penn in base contact with Joe Abara; the interrupt countdown on, longer
//! than a normal game's for a newcomer. The steps, and the registry's entry, are in
//! `guide_steps`.

use super::session::KrySession;
use crate::app::game::guide::GuideView;
use crate::app::game::session::ActiveGame;
use crate::rules::core::Player;
use crate::rules::kry::command::Command;
use crate::rules::kry::force::{KryForce, KryForceModel};
use crate::rules::kry::options::{KryOptions, Scenario};
use crate::rules::kry::setup::KrySetup;
use crate::rules::kry::state::KryState;
use crate::rules::kry::{KryGame, state::Side};
use crate::table::{ModelId, Pt};

/// The guided game's `--open` name.
pub const KEY: &str = "tutorial-kry-gothic";
/// Its fixed seed.
pub const SEED: u64 = 20;
/// The interrupt countdown of the guided game, in seconds: a normal game's is 4 s, too short
/// for a newcomer reading the step panel.
pub const COUNTDOWN: f32 = 12.0;

/// The models, by id (side 1's first).
pub const CAPTAIN: u32 = 1;
pub const ABARA: u32 = 2;
pub const BRANDT: u32 = 3;
pub const PROPHET: u32 = 4;
pub const HUNTER: u32 = 5;
pub const ZEALOT: u32 = 6;

fn force(name: &str, team: &str, models: &[(&str, &str)]) -> KryForce {
    KryForce {
        name: name.into(),
        team: team.into(),
        models: models
            .iter()
            .map(|(n, t)| KryForceModel {
                name: (*n).into(),
                troop: (*t).into(),
                extra: Vec::new(),
            })
            .collect(),
    }
}

/// The game of the guided first game, deployed, in AP round 1.
pub fn game() -> Result<KryGame, Vec<String>> {
    let (level, _) = crate::data::parse_level(
        "levels/tutorial-kry-gothic.ron",
        include_str!("../../../../levels/tutorial-kry-gothic.ron"),
    )
    .map_err(|e| e.iter().map(ToString::to_string).collect::<Vec<_>>())?;
    let catalogue = crate::rules::kry::catalogue::shipped()
        .map_err(|e| e.iter().map(ToString::to_string).collect::<Vec<_>>())?;
    let setup = KrySetup {
        level,
        forces: [
            force(
                "Drop Team Kestrel",
                "The Earth Confederate",
                &[
                    ("Captain Ilse Varga", "Captain"),
                    ("Joe Abara", "Average Joe"),
                    ("Joe Brandt", "Average Joe"),
                ],
            ),
            force(
                "The Savoir's Cell",
                "The Renegades",
                &[
                    ("Prophet Amos Reel", "Prophet"),
                    ("Hunter Vasquez", "Devil Hunter"),
                    ("Zealot Penn", "Zealot"),
                ],
            ),
        ],
        scenario: Scenario::Deathmatch,
        options: KryOptions::default(),
        seed: SEED,
        catalogue,
    };
    let mut g = KryGame::new(setup)?;
    g.set_player(2, Player::Program);
    let r = |g: &KryGame, id: u32| {
        g.state
            .models
            .get(&ModelId(id))
            .map_or(0.5, |m| m.base / 2.0)
    };
    // Joe Abara at the edge of side 1's zone, the Zealot come through the hatch touching him.
    let abara_y = 4.0 - r(&g, ABARA);
    let zealot_y = abara_y + r(&g, ABARA) + r(&g, ZEALOT) + 0.01;
    let places: [(u32, f32, f32, f32); 6] = [
        (CAPTAIN, 3.0, 2.0, 90.0),
        (ABARA, 7.0, abara_y, 90.0),
        (BRANDT, 12.0, 2.0, 90.0),
        (PROPHET, 5.0, 16.0, 270.0),
        (HUNTER, 12.0, 15.5, 270.0),
        (ZEALOT, 7.0, zealot_y, 270.0),
    ];
    for side in [1u8, 2] {
        for (id, x, y, facing) in places {
            if g.state
                .models
                .get(&ModelId(id))
                .is_some_and(|m| m.side == side)
            {
                play(
                    &mut g,
                    side,
                    Command::Deploy {
                        model: ModelId(id),
                        at: Pt::new(x, y),
                        facing,
                    },
                )?;
            }
        }
        play(&mut g, side, Command::FinishDeployment)?;
    }
    // "It costs one AP for a unit to go into waiting": the program's Hunter watches the lane.
    play(
        &mut g,
        2,
        Command::Wait {
            model: ModelId(HUNTER),
        },
    )?;
    Ok(g)
}

fn play(g: &mut KryGame, side: Side, cmd: Command) -> Result<(), Vec<String>> {
    g.play(side, cmd.clone())
        .map(|_| ())
        .map_err(|e| vec![format!("the guided game's setup, {cmd:?}: {e}")])
}

/// Starts the guided game (the registry's `start`).
pub fn start() -> Result<(ActiveGame, crate::data::LevelFile), Vec<String>> {
    let g = game()?;
    let level = g.setup.level.clone();
    let mut s = KrySession::new(g, Some(COUNTDOWN));
    // The setup's last order (the Hunter going into waiting) opens no window for side 1.
    s.tempo.window = None;
    Ok((ActiveGame::new(s), level))
}

/// The Kry-Gothic session a step looks at.
pub fn session<'a>(v: &'a GuideView) -> Option<&'a KrySession> {
    KrySession::of(v.game)
}

/// The state a step looks at.
pub fn state<'a>(v: &'a GuideView) -> Option<&'a KryState> {
    session(v).map(|s| s.state())
}

/// The commands given since the step began, with the side that gave each.
pub fn since<'a>(v: &'a GuideView) -> Vec<(Side, &'a Command)> {
    session(v)
        .and_then(|s| s.game.log.get(v.commands_at_start..))
        .unwrap_or(&[])
        .iter()
        .map(|l| (l.seat, &l.cmd))
        .collect()
}

/// A model's name.
pub fn name(s: &KryState, id: u32) -> String {
    s.models
        .get(&ModelId(id))
        .map_or_else(|| format!("model {id}"), |m| m.name.to_string())
}
