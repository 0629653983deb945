//! KOG light's guided first game: a Melee on a small field (three German KOGs for the player,
//! three Russian Frames for the program, a fixed seed), set up in code so that the player starts
//! in the first turn, and the steps that walk through selecting, a Combat Move, a shot with its
//! odds, cover, End turn, the program's turn and the counterattack prompt, and an Objective.
//! Each step's test reads the game as it stands (never a die's result), and each has a way on
//! whatever the program does.

use super::card::odds_line;
use super::session::KogSession;
use crate::app::game::guide::{GuideEntry, GuideStep, GuideView, gate_args};
use crate::app::game::session::ActiveGame;
use crate::rules::core::Player;
use crate::rules::kog::actions::{objective_gap, objectives_in_reach};
use crate::rules::kog::force::{BattleSize, ForceList, ForceModel, ForceUnit, UnitKind};
use crate::rules::kog::odds::odds;
use crate::rules::kog::state::{Half, KogState, MoveMode, Phase, Split, Step};
use crate::rules::kog::targeting::attack_menu;
use crate::rules::kog::{Command, GameSetup, Kog, KogGame, KogOptions, Scenario};
use crate::table::{ModelId, Pt, Scene};

/// Its `--open` name.
pub const KEY: &str = "tutorial-kog-light";
/// The seed of its dice.
pub const SEED: u64 = 2037;

/// The player's models (side 1) and the program's (side 2), by id.
pub const KAEMPFER_1: u32 = 1;
pub const KAEMPFER_2: u32 = 2;
pub const PANTHER: u32 = 3;

const LEVEL: &str = include_str!("../../../../levels/tutorial-kog-light.ron");

/// The guided game in the registry.
pub fn entry() -> GuideEntry {
    GuideEntry {
        key: KEY,
        label: "KOG light: a guided first game",
        start,
        steps,
    }
}

fn force(name: &str, faction: &str, models: &[&str]) -> ForceList {
    ForceList {
        name: name.into(),
        faction: faction.into(),
        size: BattleSize::Melee,
        units: models
            .iter()
            .enumerate()
            .map(|(i, p)| ForceUnit {
                name: format!("{p} {}", i + 1),
                kind: UnitKind::Individual,
                models: vec![ForceModel {
                    profile: (*p).into(),
                    upgrades: Vec::new(),
                }],
            })
            .collect(),
    }
}

/// Where each model deploys, and each side's Objective.
const SPOTS: [(u32, f32, f32); 6] = [
    (1, 5.0, 7.5),
    (2, 12.0, 7.5),
    (3, 19.0, 7.5),
    (4, 6.0, 23.0),
    (5, 12.0, 23.5),
    (6, 17.0, 23.5),
];
const OBJECTIVES: [(f32, f32); 2] = [(8.5, 7.0), (15.0, 17.5)];

/// The guided game's first state: the setup played by commands (the dice-off, side 1 the
/// Defender with the near half, the models and Objectives where [`SPOTS`] says, the Panther and
/// the first F6-16 the Commanders), side 1's first turn begun, side 2 handed to the program.
pub fn start() -> Result<(ActiveGame, crate::data::LevelFile), Vec<String>> {
    let (level, _) = crate::data::parse_level("levels/tutorial-kog-light.ron", LEVEL)
        .map_err(|e| e.iter().map(ToString::to_string).collect::<Vec<_>>())?;
    let catalogue = crate::rules::kog::catalogue::shipped()
        .map_err(|e| e.iter().map(ToString::to_string).collect::<Vec<_>>())?;
    let options = KogOptions {
        // "Larger and smaller battlefields are both perfectly acceptable, but may require some
        // adjustment": on a 30"-deep field, 6" from the enemy territory instead of 12".
        deployment_gap: 6.0,
        ..KogOptions::default()
    };
    let setup = GameSetup {
        level: level.clone(),
        scenario: Scenario::Standard,
        options,
        forces: [
            force(
                "Guided game: German KOGs",
                "German",
                &["Kämpfer", "Kämpfer", "Panther"],
            ),
            force(
                "Guided game: Russian Frames",
                "Russian",
                &["F6-16", "F6-16", "F6-16"],
            ),
        ],
        seed: SEED,
        catalogue,
    };
    let mut g = KogGame::new(setup)?;
    set_up(&mut g)?;
    g.seal_undo();
    g.players = vec![Player::Human, Player::Program];
    Ok((ActiveGame::new(KogSession::new(g)), level))
}

/// Plays "Order of Battle" to the first turn.
fn set_up(g: &mut KogGame) -> Result<(), Vec<String>> {
    for _ in 0..64 {
        let s = &g.state;
        let cmd = match &s.phase {
            Phase::RoleDiceOff {
                may_reroll: None, ..
            } => Command::RollOff,
            Phase::RoleDiceOff { .. } => Command::KeepRolls,
            // Side 1 is the Defender: it takes the first turn of round 1.
            Phase::ChooseRole { chooser } => Command::ChooseRole {
                attacker: *chooser == 2,
            },
            Phase::ChooseTerritory => Command::ChooseTerritory {
                split: Split::NearFar,
                half: Half::LeftOrNear,
            },
            Phase::Deploy { side } => SPOTS
                .iter()
                .find(|(id, ..)| {
                    s.models
                        .get(&ModelId(*id))
                        .is_some_and(|m| m.side == *side && s.waiting_to_deploy(m))
                })
                .map_or(Command::FinishDeployment, |(id, x, y)| Command::Deploy {
                    model: ModelId(*id),
                    at: Pt::new(*x, *y),
                    facing: if *side == 1 { 90.0 } else { 270.0 },
                }),
            Phase::PlaceObjective { side } => {
                let (x, y) = OBJECTIVES[(*side as usize).clamp(1, 2) - 1];
                Command::PlaceObjective { at: Pt::new(x, y) }
            }
            Phase::NameCommanders => Command::NameCommander {
                model: ModelId(if s.commander(1).is_none() { PANTHER } else { 4 }),
            },
            Phase::Turn => return Ok(()),
            p => return Err(vec![format!("the guided game's setup stopped at {p:?}")]),
        };
        g.submit(cmd.clone())
            .map_err(|e| vec![format!("the guided game's setup: {cmd:?}: {e}")])?;
    }
    Err(vec!["the guided game's setup did not reach the first turn".into()])
}

// --- What the steps read --------------------------------------------------------------------

fn game<'a>(v: &'a GuideView) -> Option<&'a KogGame> {
    KogSession::of(v.game).map(|s| &s.game)
}

fn state<'a>(v: &'a GuideView) -> Option<&'a KogState> {
    game(v).map(|g| &g.state)
}

/// The commands played since the step began.
fn since<'a>(v: &'a GuideView) -> &'a [crate::rules::core::Logged<Command>] {
    game(v).map_or(&[], |g| &g.log[v.commands_at_start.min(g.log.len())..])
}

fn over(s: &KogState) -> bool {
    matches!(s.phase, Phase::Over(_))
}

/// Whether it is side 1's turn, with no attack waiting on an answer.
fn own_turn(s: &KogState) -> bool {
    s.phase == Phase::Turn && s.active == 1 && s.pending.is_none()
}

fn name(s: &KogState, id: u32) -> String {
    s.models
        .get(&ModelId(id))
        .map_or(format!("model {id}"), |m| m.name.clone())
}

/// Whether model `id` has an attack it may make now.
fn can_attack(s: &KogState, id: ModelId) -> bool {
    let scene = Scene::new(&s.table, s.options().sight());
    attack_menu(s, &scene, id).iter().any(|(_, _, r)| r.is_ok())
}

/// Side 1's models that may still attack this Action step.
fn shooters_left(s: &KogState) -> Vec<ModelId> {
    if s.phase != Phase::Turn || s.active != 1 || s.step != Step::Action {
        return Vec::new();
    }
    s.active_models(1)
        .map(|m| m.id)
        .filter(|id| !s.turn.acted.contains(id) && can_attack(s, *id))
        .collect()
}

/// The attacks of `id` now with the first weapon that has any, one line each: target, range,
/// sight, cover and the odds.
fn attack_lines(s: &KogState, id: ModelId) -> Vec<String> {
    let scene = Scene::new(&s.table, s.options().sight());
    let menu = attack_menu(s, &scene, id);
    let first = menu
        .iter()
        .find(|(_, _, r)| r.is_ok())
        .map(|(w, _, _)| w.clone());
    menu.into_iter()
        .filter(|(w, _, _)| Some(w) == first.as_ref())
        .filter_map(|(w, t, r)| {
            let plan = r.ok()?;
            let o = odds(&plan.spec(s, false));
            let target = &s.models[&t];
            Some(format!(
                "{w} at {} ({:.1}\", {}, {}): {}",
                target.name,
                plan.situation.range,
                plan.sight.map_or("indirect", |k| k.label()),
                if plan.situation.cover {
                    "COVER"
                } else {
                    "no cover"
                },
                odds_line(&o, target.crippled())
            ))
        })
        .collect()
}

fn odds_detail(v: &GuideView, id: u32) -> String {
    let Some(s) = state(v) else {
        return String::new();
    };
    let lines = attack_lines(s, ModelId(id));
    if lines.is_empty() {
        return format!(
            "{} has no target it may attack from where it stands.",
            name(s, id)
        );
    }
    format!(
        "The odds, as the card shows them (if the target Defends):\n{}",
        lines.join("\n")
    )
}

/// What the Objective step ended on: a model of side 1 took the enemy's Objective, or the turn
/// ended without (no model could reach it), or the game ended.
pub fn objective_outcome(v: &GuideView) -> String {
    let Some(s) = state(v) else {
        return String::new();
    };
    let enemy = s.objective_of(2);
    let holder = since(v).iter().find_map(|l| match &l.cmd {
        Command::HoldObjective { model, objective }
            if l.seat == 1 && (objective.is_none() || *objective == enemy) =>
        {
            Some(*model)
        }
        _ => None,
    });
    match holder {
        Some(m) => format!(
            "{} holds the enemy's Objective. Holding it at the end of consecutive turns wins: \
             hold it again in your next turn, and keep the program's models off yours.",
            name(s, m.0)
        ),
        None if over(s) => "The game ended before a model of yours took the enemy's Objective.".into(),
        None => "Your turn ended without a model of yours holding the enemy's Objective: none \
                 was within 1\" of it. Move closer in your next turns, then Hold Objective; \
                 holding it at the end of consecutive turns wins."
            .into(),
    }
}

// --- The steps ---------------------------------------------------------------------------------

/// The guided game's steps, first to last.
pub fn steps() -> Vec<GuideStep> {
    vec![
        GuideStep::new(
            "Your forces",
            "You play side 1, three German KOGs at the near edge; the program plays side 2, three \
             Russian Frames. Click Kämpfer 1, ringed in yellow, on the table (or in the list at \
             the left) to select it.",
            "\"Select any one of your units and move each model in that unit.\" \"In these \
             battles, each model is its own independent unit.\"",
            |v| v.selected == Some(ModelId(KAEMPFER_1)),
        )
        .select(KAEMPFER_1)
        .gate(gate_select)
        .after(
            "Its card is at the right: Move, Defense (dice and the roll that saves), Sensors, and \
             each weapon with its dice, range and the roll each die needs.",
        ),
        GuideStep::new(
            "Combat Move",
            "Keep \"Combat Move\" picked in the card, then drag Kämpfer 1 forward on the table, \
             up behind the ruined wall: cover from the program's shots. The ring on the ground \
             shows how far it can go; let go to move.",
            "\"Combat Move – A model can be moved in any direction by whatever path desired up \
             to a number of inches equal to its Move limit.\" \"Movement may slow to half (i.e. \
             1” count as 2”) for: Rough Ground\"",
            |v| state(v).is_some_and(|s| s.turn.moved.contains_key(&ModelId(KAEMPFER_1))),
        )
        .model(KAEMPFER_1)
        .button("Combat Move")
        .gate(gate_combat_move)
        .detail(|v| {
            let Some(s) = state(v) else {
                return String::new();
            };
            let id = ModelId(KAEMPFER_1);
            format!(
                "Kämpfer 1: Combat Move {:.0}\", Speed Move {:.0}\" (but no shooting after).",
                crate::rules::kog::moves::allowance(s, id, MoveMode::Combat),
                crate::rules::kog::moves::allowance(s, id, MoveMode::Speed)
            )
        })
        .after(
            "The rules measured the path you dragged: the log gives the inches it cost. A model \
             that made a Combat Move may still shoot.",
        ),
        GuideStep::new(
            "End Movement",
            "You may move Kämpfer 2 and the Panther too (select, then drag), toward the enemy \
             Objective just beyond the middle line. Then click End Movement in the bar at the \
             top.",
            "\"No model or unit can be moved more than once during Movement.\"",
            |v| {
                state(v).is_some_and(|s| {
                    over(s) || s.round > 1 || s.active != 1 || s.step == Step::Action
                })
            },
        )
        .button("End Movement")
        .gate(gate_end_movement)
        .after("The Action step is on: each model may take one action now, a shot for one."),
        GuideStep::new(
            "A shot, with its odds",
            "Select Kämpfer 1. Its card lists the attacks it may make: the target, the range, \
             whether it sees the target fully and whether the target has cover, and the odds of \
             each outcome. Click Attack beside the target you pick.",
            "\"Ranged Shooting – A model may select any weapon to fight against any enemy model \
             within the specified range and Line of Sight. Roll dice equal to its Shots; each \
             result that is at least equal to the target number causes 1 hit on the target \
             model.\" \"If the model did not attack, roll dice equal to the target's Defense, \
             and cancel 1 hit for each result that is at least equal to the target number.\"",
            |v| {
                state(v).is_some_and(|s| {
                    over(s)
                        || s.active != 1
                        || (s.pending.is_none()
                            && s.active_models(1).any(|m| s.turn.acted.contains(&m.id)))
                })
            },
        )
        .model(KAEMPFER_1)
        .button("Attack")
        .gate(gate_first_shot)
        .detail(|v| odds_detail(v, KAEMPFER_1))
        .after(
            "The log lists each roll with its reason: the Shots (a 6 is 2 hits), then the \
             target's Defense dice (each success cancels a hit), then the damage: 1 cripples, 2 \
             destroy. The program chose for its model whether to Defend or Counterattack.",
        ),
        GuideStep::new(
            "Cover",
            "Click Kämpfer 2. In its card, F6-16 1 behind the sandbags has cover, F6-16 2 in the \
             open has none: compare the odds, then click Attack beside one.",
            "\"Cover – If the target has any sort of cover, then re-roll any failed Defense \
             results.\" \"Partial Line of Sight – exists if the target model is partially \
             obscured due to Cover, but one can still draw an unobstructed line from any part of \
             the shooting model to any part of the target model.\"",
            |v| {
                state(v).is_some_and(|s| {
                    let id = ModelId(KAEMPFER_2);
                    over(s)
                        || s.active != 1
                        || (s.pending.is_none()
                            && (s.turn.acted.contains(&id)
                                || !s.active_model(id)
                                || !can_attack(s, id)))
                })
            },
        )
        .select(KAEMPFER_2)
        .button("Attack")
        .gate(gate_cover_shot)
        .detail(|v| odds_detail(v, KAEMPFER_2))
        .after(
            "A target in cover re-rolls its failed Defense dice: the log shows the re-rolls. \
             Moving your own models behind walls makes the program's shots worse the same way.",
        ),
        GuideStep::new(
            "End turn",
            "The Panther may still act (shoot, or give Fire Support as your Commander), or not. \
             Then click End turn in the bar at the top.",
            "\"No model may take more than one action per player turn, and no unit may be \
             selected more than once.\" \"After the first player completes their turn, the \
             second player starts their turn.\"",
            |v| state(v).is_some_and(|s| over(s) || s.active != 1 || s.round > 1),
        )
        .button("End turn")
        .after("Your turn is over: side 2, played by the program, takes its turn."),
        GuideStep::new(
            "The program's turn",
            "Watch: the program moves and shoots one step at a time, each step a line in the \
             log. It is the Attacker, so after its turn in round 1 it also takes the first turn \
             of round 2. When it attacks one of your models, you answer.",
            "\"The Defender takes the first player turn in the first game round; the Attacker \
             takes the first turn in the second round.\"",
            |v| {
                let human = v.game.human_to_act();
                state(v).is_some_and(|s| {
                    over(s) || (s.pending.is_some() && human) || (own_turn(s) && s.round >= 2)
                })
            },
        )
        .gate(gate_wait)
        .after("The program's steps so far are in the log, one line each."),
        GuideStep::new(
            "Counterattack?",
            "One of your models is attacked. The window at the top left gives the odds of \
             Defending and of Counterattacking. Defend rolls your Defense dice and most often \
             keeps your model alive; Counterattack rolls none, but strikes back if the model \
             survives. Compare the odds, then click Defend (or Counterattack with a weapon). (If \
             the program attacked nobody, this step passes by itself.)",
            "\"Counterattack – Each turn, the first time a model is selected as a target, the \
             target may Counterattack instead of Defending against the attack. If not Destroyed \
             by the attack, then the target model may make an attack of its own against the \
             attacking model.\"",
            |v| {
                state(v).is_some_and(|s| {
                    over(s)
                        || since(v)
                            .iter()
                            .any(|l| l.seat == 1 && matches!(l.cmd, Command::Respond { .. }))
                        || (own_turn(s) && s.round >= 2)
                })
            },
        )
        .button("Defend")
        .gate(gate_wait)
        .after(
            "A Counterattack rolls no Defense dice, but if your model is not Destroyed it \
             attacks back; Defending rolls its Defense dice. The log has both sides' rolls.",
        ),
        GuideStep::new(
            "The Objective",
            "In your turn (round 2): drag a model within 1\" of the enemy Objective (the marker \
             in the far half) with a Combat Move (after a Speed Move a model may not Hold \
             Objective in this game), End Movement, select that model and click Hold Objective in \
             its card. Out of reach this turn? Move closer and End turn: the game goes on.",
            "\"Hold Objective – A model within 1” of an Objective may take and hold it.\" \
             \"Major Victory! – a player has taken and held the opponent’s Objective for \
             consecutive turns.\"",
            |v| {
                state(v).is_some_and(|s| {
                    over(s)
                        || s.turn
                            .held
                            .values()
                            .any(|m| s.models.get(m).is_some_and(|m| m.side == 1))
                        || since(v)
                            .iter()
                            .any(|l| l.seat == 1 && l.cmd == Command::EndTurn)
                })
            },
        )
        .button("Hold Objective")
        .gate(gate_objective)
        .detail(|v| {
            let Some(s) = state(v) else {
                return String::new();
            };
            let Some(i) = s.objective_of(2) else {
                return String::new();
            };
            let lines: Vec<String> = s
                .active_models(1)
                .filter_map(|m| {
                    let t = s.table.model(m.id).ok()?;
                    Some(format!(
                        "{}: {:.1}\" from it",
                        m.name,
                        objective_gap(s, i, t).max(0.0)
                    ))
                })
                .collect();
            format!("The enemy Objective: {}.", lines.join(", "))
        })
        .outcome(objective_outcome),
        GuideStep::new(
            "Play on",
            "That is a game of KOG light: move, act, answer the program's attacks, take the \
             Objective. Play on to the end; Close the guide to play without it.",
            "\"At the end of each game round, check to see whether the game ends:\" \"Minor \
             Victory – a player’s opponent has no non-Crippled units remaining on the board.\"",
            |_| false,
        ),
    ]
}

// --- The gates ---------------------------------------------------------------------------------

fn args<'a>(state: &'a dyn std::any::Any, cmd: &'a dyn std::any::Any) -> Option<(&'a KogState, &'a Command)> {
    gate_args::<Kog>(state, cmd)
}

fn gate_select(_: &dyn std::any::Any, _: &dyn std::any::Any) -> Result<(), String> {
    Err("first click Kämpfer 1, ringed in yellow, to select it.".into())
}

fn gate_combat_move(state: &dyn std::any::Any, cmd: &dyn std::any::Any) -> Result<(), String> {
    let Some((_, cmd)) = args(state, cmd) else {
        return Ok(());
    };
    match cmd {
        Command::Move { model, mode, .. } if model.0 == KAEMPFER_1 => match mode {
            MoveMode::Combat => Ok(()),
            m => Err(format!(
                "this step is about the Combat Move: pick \"Combat Move\" in the card instead of \
                 \"{}\", then drag Kämpfer 1 again.",
                m.label()
            )),
        },
        Command::Move { .. } => Err(
            "this step moves Kämpfer 1 (ringed in yellow): drag it; the others may move next."
                .into(),
        ),
        Command::Face { .. } => Ok(()),
        _ => Err("first drag Kämpfer 1 forward on the table with a Combat Move.".into()),
    }
}

fn gate_end_movement(state: &dyn std::any::Any, cmd: &dyn std::any::Any) -> Result<(), String> {
    let Some((_, cmd)) = args(state, cmd) else {
        return Ok(());
    };
    match cmd {
        Command::Move { .. } | Command::Face { .. } | Command::EndMovement => Ok(()),
        _ => Err("move the others if you like, then click End Movement in the bar.".into()),
    }
}

/// A shot by `want` (any model's if `want` has none to make); an answer to an attack; End turn
/// only when nobody can shoot.
fn gate_shot(s: &KogState, cmd: &Command, want: u32) -> Result<(), String> {
    let want_can = s.active_model(ModelId(want))
        && !s.turn.acted.contains(&ModelId(want))
        && can_attack(s, ModelId(want));
    match cmd {
        Command::Respond { .. } => Ok(()),
        Command::Attack { attacker, .. } if attacker.0 == want || !want_can => Ok(()),
        Command::EndTurn if shooters_left(s).is_empty() => Ok(()),
        _ => Err(format!(
            "this step is {}'s shot: select it and click Attack beside a target in its card.",
            name(s, want)
        )),
    }
}

fn gate_first_shot(state: &dyn std::any::Any, cmd: &dyn std::any::Any) -> Result<(), String> {
    match args(state, cmd) {
        Some((s, c)) => gate_shot(s, c, KAEMPFER_1),
        None => Ok(()),
    }
}

fn gate_cover_shot(state: &dyn std::any::Any, cmd: &dyn std::any::Any) -> Result<(), String> {
    match args(state, cmd) {
        Some((s, c)) => gate_shot(s, c, KAEMPFER_2),
        None => Ok(()),
    }
}

/// While the program plays: only an answer to its attack.
fn gate_wait(state: &dyn std::any::Any, cmd: &dyn std::any::Any) -> Result<(), String> {
    match args(state, cmd) {
        Some((_, Command::Respond { .. })) | None => Ok(()),
        Some(_) => Err(
            "wait: the program is playing side 2. When it attacks one of your models, answer in \
             the window at the top."
                .into(),
        ),
    }
}

/// Anything the game takes, but not End turn while a model could still Hold the enemy's
/// Objective.
fn gate_objective(state: &dyn std::any::Any, cmd: &dyn std::any::Any) -> Result<(), String> {
    let Some((s, cmd)) = args(state, cmd) else {
        return Ok(());
    };
    if *cmd != Command::EndTurn {
        return Ok(());
    }
    let Some(i) = s.objective_of(2) else {
        return Ok(());
    };
    let holder = s.active_models(1).find(|m| {
        !s.turn.acted.contains(&m.id)
            && objectives_in_reach(s, m.id).contains(&i)
            && <Kog as crate::rules::core::RuleSet>::check(
                s,
                1,
                &Command::HoldObjective {
                    model: m.id,
                    objective: Some(i),
                },
            )
            .is_ok()
    });
    match holder {
        Some(m) if !s.turn.held.contains_key(&i) => Err(format!(
            "{} is within 1\" of the enemy Objective: select it and click Hold Objective in its \
             card first.",
            m.name
        )),
        _ => Ok(()),
    }
}
