//! KOG light scenario tests: each test names the section of `shared/rules/kog-light.txt` it
//! covers, plays commands through the rules with forced dice, and checks the outcome.

mod ai;
mod app;
mod attack_edges;
mod attacks;
mod catalogue;
mod choices;
mod forces;
mod guide;
mod moves;
mod odds;
mod play_actions;
mod saves;
mod seats;
mod selfplay;
mod setup;
mod terrain;
mod tips;
mod victory;

use wartable::data::LevelFile;
use wartable::rules::kog::catalogue::{Catalogue, shipped};
use wartable::rules::kog::event::{Event, apply};
use wartable::rules::kog::force::{BattleSize, ForceList, ForceModel, ForceUnit, UnitKind};
use wartable::rules::kog::state::{Half, Roles, Split, Territory};
use wartable::rules::kog::{Command, GameSetup, KogGame, KogOptions, RuleError, Scenario};
use wartable::table::{ModelId, Pt};

pub fn cat() -> Catalogue {
    shipped().expect("the shipped catalogue loads")
}

/// A plain open level `w` x `d` inches.
pub fn open_level(w: f32, d: f32) -> LevelFile {
    let text = format!("Level(name: \"test\", width: {w:.1}, depth: {d:.1}, tile_size: 2.0)");
    wartable::data::parse_level("test.ron", &text)
        .expect("a plain level parses")
        .0
}

/// A force of individual models (a Duel or Melee) or of units.
pub fn force(faction: &str, size: BattleSize, units: &[(&str, UnitKind, &[&str])]) -> ForceList {
    ForceList {
        name: format!("{faction} test force"),
        faction: faction.into(),
        size,
        units: units
            .iter()
            .map(|(name, kind, models)| ForceUnit {
                name: (*name).into(),
                kind: *kind,
                models: models
                    .iter()
                    .map(|p| {
                        let mut it = p.split('+');
                        ForceModel {
                            profile: it.next().unwrap_or_default().trim().into(),
                            upgrades: it.map(|u| u.trim().to_string()).collect(),
                        }
                    })
                    .collect(),
            })
            .collect(),
    }
}

/// Individual models, one unit each, for a Duel/Melee/Apocalyptic test force.
pub fn singles(faction: &str, size: BattleSize, models: &[&str]) -> ForceList {
    let units: Vec<(String, &str)> = models
        .iter()
        .enumerate()
        .map(|(i, m)| (format!("U{}", i + 1), *m))
        .collect();
    ForceList {
        name: format!("{faction} singles"),
        faction: faction.into(),
        size,
        units: units
            .iter()
            .map(|(n, m)| {
                let mut it = m.split('+');
                ForceUnit {
                    name: n.clone(),
                    kind: UnitKind::Individual,
                    models: vec![ForceModel {
                        profile: it.next().unwrap_or_default().trim().into(),
                        upgrades: it.map(|u| u.trim().to_string()).collect(),
                    }],
                }
            })
            .collect(),
    }
}

pub fn setup(level: LevelFile, scenario: Scenario, f1: ForceList, f2: ForceList) -> GameSetup {
    GameSetup {
        level,
        scenario,
        options: KogOptions::default(),
        forces: [f1, f2],
        seed: 7,
        catalogue: cat(),
    }
}

pub fn new_game(scenario: Scenario, f1: ForceList, f2: ForceList) -> KogGame {
    KogGame::new(setup(open_level(48.0, 36.0), scenario, f1, f2)).expect("a valid game")
}

/// Puts the game straight into play: side 1 the Defender with the near half, the models where
/// `at` says (those not named stay off the table), the first model of each side its Commander,
/// and side 1's first turn of round 1 begun. Setup itself is tested through commands in `setup`.
pub fn start(g: &mut KogGame, at: &[(u32, f32, f32)]) {
    let evs = [
        Event::RolesSet(Roles {
            attacker: 2,
            defender: 1,
        }),
        Event::TerritorySet(Territory {
            split: Split::NearFar,
            defender: Half::LeftOrNear,
            width: g.state.table.width,
            depth: g.state.table.depth,
        }),
    ];
    for e in evs {
        apply(&mut g.state, &e);
    }
    for (id, x, y) in at {
        let facing = if g.state.models[&ModelId(*id)].side == 1 {
            90.0
        } else {
            270.0
        };
        apply(
            &mut g.state,
            &Event::Deployed {
                model: ModelId(*id),
                at: Pt::new(*x, *y),
                facing,
            },
        );
    }
    for side in [1u8, 2] {
        if let Some(m) = g
            .state
            .models
            .values()
            .find(|m| m.side == side && g.state.on_table(m.id))
        {
            let id = m.id;
            apply(&mut g.state, &Event::CommanderNamed { side, model: id });
        }
    }
    apply(
        &mut g.state,
        &Event::TurnBegan {
            round: 1,
            side: 1,
            first: true,
        },
    );
}

/// Plays a command that must be accepted.
pub fn ok(g: &mut KogGame, cmd: Command) -> Vec<Event> {
    match g.submit(cmd.clone()) {
        Ok(e) => e,
        Err(e) => panic!("{cmd:?} was refused: {e}"),
    }
}

/// Plays a command that must be refused; returns the reason, and checks nothing changed.
pub fn refused(g: &mut KogGame, cmd: Command) -> String {
    let before = g.hash();
    let rolls = g.dice.log().len();
    match g.submit(cmd.clone()) {
        Ok(_) => panic!("{cmd:?} was accepted"),
        Err(e) => {
            assert_eq!(g.hash(), before, "a refused command changed the game");
            assert_eq!(g.dice.log().len(), rolls, "a refused command rolled dice");
            match e {
                RuleError::Illegal(s) | RuleError::WrongPhase(s) => s,
                e => e.to_string(),
            }
        }
    }
}

pub fn id(n: u32) -> ModelId {
    ModelId(n)
}

pub fn damage(g: &KogGame, n: u32) -> u32 {
    g.state.models[&ModelId(n)].damage
}

/// Moves a model on the table directly (test staging, not a game move).
pub fn put(g: &mut KogGame, n: u32, x: f32, y: f32) {
    let facing = g
        .state
        .table
        .model(ModelId(n))
        .map(|m| m.facing)
        .unwrap_or(0.0);
    apply(
        &mut g.state,
        &Event::Deployed {
            model: ModelId(n),
            at: Pt::new(x, y),
            facing,
        },
    );
}

/// Ends side 1's Movement so that its Action step is on.
pub fn to_actions(g: &mut KogGame) {
    ok(g, Command::EndMovement);
}

/// A 48" x 36" level with these pieces (RON `Piece(...)` entries).
pub fn level_with(pieces: &[&str]) -> LevelFile {
    let text = format!(
        "Level(name: \"test\", width: 48.0, depth: 36.0, tile_size: 2.0, pieces: [{}])",
        pieces.join(", ")
    );
    match wartable::data::parse_level("test.ron", &text) {
        Ok((l, _)) => l,
        Err(e) => panic!("test level: {}", e[0]),
    }
}

pub fn game_on(level: LevelFile, scenario: Scenario, f1: ForceList, f2: ForceList) -> KogGame {
    KogGame::new(setup(level, scenario, f1, f2)).expect("a valid game")
}

/// Gives a model damage directly (test staging through the rules' own event).
pub fn hurt(g: &mut KogGame, n: u32, amount: u32) {
    apply(
        &mut g.state,
        &Event::Damaged {
            model: ModelId(n),
            amount,
            cause: "test".into(),
            by: None,
        },
    );
}

/// The movement a Moved event among `events` spent.
pub fn move_cost(events: &[Event]) -> f32 {
    events
        .iter()
        .find_map(|e| match e {
            Event::Moved { cost, .. } => Some(*cost),
            _ => None,
        })
        .expect("a move")
}

/// Linebreaker staging: side 1 (the Defender in [`start`]) becomes the Attacker, and model 1
/// carries the Objective, which stands at `at`.
pub fn carry_objective(g: &mut KogGame, at: Pt) {
    apply(
        &mut g.state,
        &Event::RolesSet(Roles {
            attacker: 1,
            defender: 2,
        }),
    );
    apply(
        &mut g.state,
        &Event::ObjectiveAdded(wartable::rules::kog::state::KogObjective {
            name: "the Objective".into(),
            owner: Some(1),
            at,
            carrier: Some(ModelId(1)),
            off_table: false,
            streak: [0, 0],
        }),
    );
}
