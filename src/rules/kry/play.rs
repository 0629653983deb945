//! Resolving a Kry-Gothic order: the shared checks (phase, side, AP), deployment, turning,
//! waiting, unpinning, standing up, being done; moves, shots and close combat live in their own
//! files. Events are applied as they are emitted, so later checks see their effect.

use super::command::{Command, RuleError, illegal};
use super::ctx::{Ctx, expect_orders, own};
use super::event::Event;
use super::state::{KryModel, KryState, Pending, Phase, Pin, Side};
use crate::dice::Dice;
use crate::table::{ModelId, ZoneKind};

/// AP to destroy a location: as much as a normal move (the text gives no cost).
pub const SABOTAGE_AP: u32 = 2;

/// Resolves `c` given by `by`.
pub fn execute(
    s: &KryState,
    by: Side,
    c: &Command,
    dice: &mut Dice,
) -> Result<Vec<Event>, RuleError> {
    let mut ctx = Ctx {
        s: s.clone(),
        dice,
        events: Vec::new(),
        prepaid: false,
        failed: None,
        run,
    };
    super::combo::check_interrupt(&ctx, by, c)?;
    super::faceoff::check_winner(s, by, c)?;
    let face_off_won = matches!(s.pending, Some(Pending::FaceOffWon { .. }));
    let window = matches!(
        s.pending,
        Some(Pending::Window { interrupter, .. }) if interrupter == by
    );
    run(&mut ctx, by, c)?;
    if window && !matches!(c, Command::Pass | Command::Concede { .. }) {
        super::combo::interrupted(&mut ctx, by)?;
    }
    // The winner's action carried through: the face-off is over (a close-combat attack has
    // set its own question in its place). A free turn before it carries nothing through.
    if face_off_won
        && !matches!(c, Command::Turn { .. })
        && matches!(ctx.s.pending, Some(Pending::FaceOffWon { .. }))
    {
        ctx.emit(Event::PendingSet(None));
    }
    super::round::after_command(&mut ctx)?;
    Ok(ctx.events)
}

pub fn run(c: &mut Ctx, by: Side, cmd: &Command) -> Result<(), RuleError> {
    if matches!(c.s.phase, Phase::Over(_)) {
        return Err(RuleError::GameOver);
    }
    super::shooting::break_fire_run(c, cmd);
    match cmd {
        Command::Deploy { model, at, facing } => deploy(c, by, *model, *at, *facing),
        Command::FinishDeployment => finish_deployment(c, by),
        Command::Move { model, to, kind } => super::movement::order_move(c, by, *model, *to, *kind),
        Command::Turn { model, facing } => {
            expect_orders(&c.s, by)?;
            own(&c.s, by, *model)?;
            if !facing.is_finite() {
                return illegal("a facing is an angle in degrees");
            }
            c.emit(Event::Turned {
                model: *model,
                facing: facing.rem_euclid(360.0),
            });
            Ok(())
        }
        Command::Shoot {
            shooter,
            target,
            weapon,
            mode,
            second,
        } => super::shooting::shoot(c, by, *shooter, *target, weapon, *mode, *second),
        Command::Attack {
            attacker,
            target,
            attack,
            weapon,
            charge,
        } => super::melee::declare(c, by, *attacker, *target, *attack, weapon.clone(), *charge),
        Command::DefenceClass { active } => super::melee::defence_class(c, by, *active),
        Command::DefenceType { defence, weapon } => {
            super::melee::defence_type(c, by, *defence, weapon.clone())
        }
        Command::AskBreakOff => super::melee::ask_break_off(c, by),
        Command::LetBreakOff { agree } => super::melee::let_break_off(c, by, *agree),
        Command::BuyWounds { extra } => super::melee::buy_wounds(c, by, *extra),
        Command::Wait { model } => {
            expect_orders(&c.s, by)?;
            let m = own(&c.s, by, *model)?;
            if m.waiting {
                return illegal(format!("{} is already waiting", m.name));
            }
            c.pay(by, 1, format!("{} goes into waiting", m.name))?;
            c.emit(Event::Acted { model: *model });
            c.emit(Event::WaitingSet {
                model: *model,
                waiting: true,
            });
            Ok(())
        }
        Command::Unpin { model } => {
            expect_orders(&c.s, by)?;
            let m = own(&c.s, by, *model)?;
            let Some(pin) = m.pinned else {
                return illegal(format!("{} is not pinned", m.name));
            };
            c.pay(by, 1, format!("re-roll {}'s Willpower to unpin it", m.name))?;
            // An action of the unit: it breaks its waiting ("If any actions are performed").
            c.emit(Event::Acted { model: *model });
            let target = match pin {
                Pin::Hit { .. } => 5,
                Pin::Missed => 3,
            };
            if c.will_roll(*model, target, "unpin")? {
                c.emit(Event::Unpinned { model: *model });
            }
            Ok(())
        }
        Command::StandUp { model } => {
            expect_orders(&c.s, by)?;
            let m = own(&c.s, by, *model)?;
            if !m.prone {
                return illegal(format!("{} is not down", m.name));
            }
            c.pay(by, 1, format!("{} stands up", m.name))?;
            c.emit(Event::KnockedDown {
                model: *model,
                down: false,
            });
            c.emit(Event::Acted { model: *model });
            Ok(())
        }
        Command::Order { steps } => super::combo::order(c, by, steps),
        Command::Pass => super::combo::pass(c, by),
        Command::CallFaceOff => super::faceoff::call(c, by),
        Command::FaceOffChoose { choice } => super::faceoff::choose(c, by, choice.clone()),
        Command::CancelCombo => super::combo::cancel(c, by),
        Command::CancelUnits { models } => super::combo::cancel_units(c, by, models),
        Command::Sabotage { model, objective } => {
            expect_orders(&c.s, by)?;
            let m = own(&c.s, by, *model)?;
            if c.s.scenario != super::options::Scenario::Breach || by != 1 {
                return illegal("only the attackers of a Breach destroy locations");
            }
            let Some(o) = c.s.table.objectives.get(*objective).cloned() else {
                return illegal(format!("no location #{objective}"));
            };
            if c.s.destroyed.contains(objective) {
                return illegal(format!("{} is already destroyed", o.name));
            }
            let gap =
                c.s.table
                    .model(*model)
                    .map(|t| t.edge_distance_to_point(o.at) - o.diameter / 2.0)
                    .map_err(|e| RuleError::Illegal(e.to_string()))?;
            if gap > 1.0 + 1e-4 {
                return illegal(format!(
                    "{} is {gap:.1}\" from {}: a location is destroyed from within 1\"",
                    m.name, o.name
                ));
            }
            c.pay(
                by,
                SABOTAGE_AP,
                format!("{} sets charges on {}", m.name, o.name),
            )?;
            c.emit(Event::Acted { model: *model });
            c.emit(Event::LocationDestroyed {
                objective: *objective,
                by: *model,
            });
            Ok(())
        }
        Command::DigOut { model } => {
            expect_orders(&c.s, by)?;
            let m = own(&c.s, by, *model)?;
            if m.stuck == 0 {
                return illegal(format!("{} is not stuck", m.name));
            }
            c.pay(by, 1, format!("digging {} out of the hole", m.name))?;
            c.emit(Event::Acted { model: *model });
            c.emit(Event::Stuck {
                model: *model,
                ap: m.stuck - 1,
            });
            Ok(())
        }
        Command::Done { side } => {
            if *side != by {
                return illegal(format!("side {by} cannot be done for side {side}"));
            }
            expect_orders(&c.s, by)?;
            c.emit(Event::Done { side: by });
            Ok(())
        }
        Command::Concede { side } => {
            if *side != by {
                return illegal(format!("side {by} cannot concede for side {side}"));
            }
            c.emit(Event::Over(super::state::Outcome::Victory {
                side: super::state::enemy(by),
                why: format!("side {by} concedes"),
            }));
            Ok(())
        }
    }
}

fn deploy(
    c: &mut Ctx,
    by: Side,
    model: ModelId,
    at: crate::table::Pt,
    facing: f32,
) -> Result<(), RuleError> {
    let Phase::Deploy { side } = c.s.phase else {
        return Err(RuleError::WrongPhase("deploying".into()));
    };
    if side != by {
        return illegal(format!("side {side} deploys now"));
    }
    let m = own(&c.s, by, model)?;
    if !c.s.arrived(&m) {
        return illegal(format!(
            "{} is held back: it arrives at the end of AP round {}",
            m.name,
            m.arrives.unwrap_or(0)
        ));
    }
    if c.s.round > 0 && c.s.table.model(model).is_ok() {
        return illegal(format!("{} is already on the table", m.name));
    }
    if !at.is_finite() || !facing.is_finite() {
        return illegal("a place on the table is needed");
    }
    let scene = super::scene::of(&c.s.table);
    deploy_spot(&c.s, &scene, &m, at).map_err(RuleError::Illegal)?;
    c.emit(Event::Deployed {
        model,
        at,
        facing: facing.rem_euclid(360.0),
    });
    Ok(())
}

/// Whether `m` may be deployed at `at`: its whole base in its side's deployment zone, on
/// footing, clear of other bases.
pub fn deploy_spot(
    s: &KryState,
    scene: &crate::table::Scene,
    m: &KryModel,
    at: crate::table::Pt,
) -> Result<(), String> {
    let r = m.base / 2.0;
    let inside = s.table.zones.iter().any(|z| {
        z.side == m.side
            && z.kind == ZoneKind::Deployment
            && at.x - r >= z.min.x - 1e-4
            && at.x + r <= z.max.x + 1e-4
            && at.y - r >= z.min.y - 1e-4
            && at.y + r <= z.max.y + 1e-4
    });
    if !inside {
        return Err(format!(
            "{} deploys with its whole base in side {}'s deployment zone",
            m.name, m.side
        ));
    }
    s.table
        .check_placement(at, m.base, Some(m.id))
        .map_err(|e| e.to_string())?;
    if !crate::table::movement::can_stand(&s.table, scene, r, at) {
        return Err("no footing there: impassable ground or a solid piece".into());
    }
    Ok(())
}

/// The first place where `m` may deploy, scanning its side's deployment zones row by row 0.35"
/// apart from the corner (a model "not deployed yet" while this finds a place).
pub fn room_for(
    s: &KryState,
    scene: &crate::table::Scene,
    m: &KryModel,
) -> Option<crate::table::Pt> {
    let r = m.base / 2.0;
    for z in s
        .table
        .zones
        .iter()
        .filter(|z| z.side == m.side && z.kind == ZoneKind::Deployment)
    {
        let mut y = z.min.y + r + 0.05;
        while y <= z.max.y - r {
            let mut x = z.min.x + r + 0.05;
            while x <= z.max.x - r {
                let at = crate::table::Pt::new(x, y);
                // The placement first, without the reasons' words (most spots are taken).
                if s.table.check_placement(at, m.base, Some(m.id)).is_ok()
                    && deploy_spot(s, scene, m, at).is_ok()
                {
                    return Some(at);
                }
                x += 0.35;
            }
            y += 0.35;
        }
    }
    None
}

fn finish_deployment(c: &mut Ctx, by: Side) -> Result<(), RuleError> {
    let Phase::Deploy { side } = c.s.phase else {
        return Err(RuleError::WrongPhase("deploying".into()));
    };
    if side != by {
        return illegal(format!("side {side} deploys now"));
    }
    let scene = super::scene::of(&c.s.table);
    let off: Vec<&KryModel> =
        c.s.alive(side)
            .filter(|m| c.s.arrived(m) && c.s.table.model(m.id).is_err())
            .collect();
    if let Some(m) = off.iter().find(|m| room_for(&c.s, &scene, m).is_some()) {
        return illegal(format!("{} is not deployed yet", m.name));
    }
    // The zone holds no more: the rest take no part (else the game would wait for ever).
    let left: Vec<ModelId> = off.iter().map(|m| m.id).collect();
    for model in left {
        c.emit(Event::LeftOut { model });
    }
    c.emit(Event::DeploymentFinished { side });
    if c.s.phase == Phase::Play {
        let (next, mods) = (c.s.round + 1, c.s.next_mods);
        super::round::begin_round(c, next, mods)?;
    }
    Ok(())
}
