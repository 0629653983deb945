//! What happened: the events a resolved command yields. [`apply`] is the only code that changes a
//! [`KogState`]; [`describe`] turns an event into a line of the combat log.

use super::pool::{PoolDie, describe_dice};
use super::state::{
    KogObjective, KogState, MoveMode, Observation, Outcome, PendingAttack, Phase, Roles, Step,
    Territory, TurnState, ix,
};
use crate::table::{Model, ModelId, Pt};
use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub enum Event {
    /// Both players rolled a die.
    DiceOff {
        what: String,
        rolls: [u32; 2],
    },
    /// One side re-rolled its die of a dice-off.
    DiceOffReroll {
        side: u8,
        old: u32,
        new: u32,
    },
    PhaseSet(Phase),
    /// Placing terrain: a side put a piece from the level's palette on the table.
    TerrainPlaced {
        side: u8,
        piece: crate::data::level::PieceDef,
    },
    /// Placing terrain: a side is done placing.
    TerrainFinished {
        side: u8,
    },
    RolesSet(Roles),
    TerritorySet(Territory),
    Deployed {
        model: ModelId,
        at: Pt,
        facing: f32,
    },
    DeploymentFinished {
        side: u8,
    },
    ObjectiveAdded(KogObjective),
    CommanderNamed {
        side: u8,
        model: ModelId,
    },
    /// A player turn begins: its round, its side, and whether that side goes first this round.
    TurnBegan {
        round: u32,
        side: u8,
        first: bool,
    },
    StepBegan(Step),
    /// A unit is selected for this step (the one before it is done).
    UnitSelected {
        unit: usize,
    },
    Moved {
        model: ModelId,
        mode: MoveMode,
        from: Pt,
        to: Pt,
        /// The path followed, for drawing.
        path: Vec<Pt>,
        /// Inches of movement spent.
        cost: f32,
    },
    Faced {
        model: ModelId,
        facing: f32,
    },
    /// A model took its action for the turn.
    Acted {
        model: ModelId,
        what: String,
    },
    AttackDeclared(PendingAttack),
    AttackSettled,
    /// A model was selected as a target.
    Targeted {
        model: ModelId,
    },
    WeaponUsed {
        model: ModelId,
        weapon: String,
    },
    /// "[1] Make Attacks"
    AttackRolled {
        attacker: ModelId,
        target: ModelId,
        weapon: String,
        dice: Vec<PoolDie>,
        need: u32,
        hits: u32,
        rerolls: Option<String>,
        notes: Vec<String>,
        counterattack: bool,
    },
    /// "[2] Determine Defense"
    DefenseRolled {
        model: ModelId,
        dice: Vec<PoolDie>,
        need: u32,
        hits: u32,
        cancelled: u32,
        rerolls: Option<String>,
    },
    /// "[3] Assess Damage": `amount` damage from `cause`.
    Damaged {
        model: ModelId,
        amount: u32,
        cause: String,
        /// The model whose attack it was.
        #[serde(default)]
        by: Option<ModelId>,
    },
    FireSupported {
        commander: ModelId,
        model: ModelId,
    },
    Observed(Observation),
    ObjectiveHeld {
        objective: usize,
        model: ModelId,
    },
    /// Linebreaker: the objective changes hands, or lies on the table (`carrier` none).
    ObjectiveCarried {
        objective: usize,
        carrier: Option<ModelId>,
        at: Pt,
    },
    /// Linebreaker: the carrier left the table over the Defender's edge.
    ObjectiveOffTable {
        objective: usize,
        model: ModelId,
    },
    StreaksUpdated {
        objective: usize,
        streak: [u32; 2],
    },
    Note(String),
    Ended(Outcome),
}

/// Applies one event to the state.
pub fn apply(s: &mut KogState, e: &Event) {
    match e {
        Event::DiceOff { .. } | Event::DiceOffReroll { .. } | Event::Note(_) => {}
        Event::AttackRolled { .. } | Event::DefenseRolled { .. } => {}
        Event::PhaseSet(p) => s.phase = p.clone(),
        Event::TerrainPlaced { piece, .. } => {
            s.table.pieces.push(super::piece_def::from_def(piece))
        }
        Event::TerrainFinished { .. } => {}
        Event::RolesSet(r) => s.roles = Some(*r),
        Event::TerritorySet(t) => s.territory = Some(*t),
        Event::Deployed { model, at, facing } => {
            if let Some(m) = s.models.get_mut(model) {
                let mut tm = Model::new(
                    model.0,
                    m.side,
                    &m.name,
                    m.loadout.base,
                    m.loadout.height,
                    *at,
                    *facing,
                );
                tm.h = s.table.surface_height(*at);
                s.table.models.retain(|x| x.id != *model);
                s.table.models.push(tm);
                s.table.models.sort_by_key(|x| x.id);
            }
        }
        Event::DeploymentFinished { .. } => {}
        Event::ObjectiveAdded(o) => s.objectives.push(o.clone()),
        Event::CommanderNamed { side, model } => s.commanders[ix(*side)] = Some(*model),
        Event::TurnBegan { round, side, first } => {
            s.round = *round;
            s.active = *side;
            if *first {
                s.first = *side;
            }
            s.step = Step::Movement;
            s.turn = TurnState::default();
            s.pending = None;
            s.phase = Phase::Turn;
        }
        Event::StepBegan(step) => {
            s.step = *step;
            s.turn.open_unit = None;
            s.turn.units_done.clear();
        }
        Event::UnitSelected { unit } => {
            if let Some(u) = s.turn.open_unit.replace(*unit) {
                s.turn.units_done.insert(u);
            }
        }
        Event::Moved {
            model,
            mode,
            from,
            to,
            ..
        } => {
            s.turn.moved.insert(*model, (*mode, *from));
            let h = s.table.surface_height(*to);
            if let Ok(m) = s.table.model_mut(*model) {
                m.pos = *to;
                m.h = h;
            }
            for o in s
                .objectives
                .iter_mut()
                .filter(|o| o.carrier == Some(*model))
            {
                o.at = *to;
            }
        }
        Event::Faced { model, facing } => {
            if let Ok(m) = s.table.model_mut(*model) {
                m.facing = crate::table::geom::norm_deg(*facing);
            }
        }
        Event::Acted { model, .. } => {
            s.turn.acted.insert(*model);
        }
        Event::AttackDeclared(p) => s.pending = Some(p.clone()),
        Event::AttackSettled => s.pending = None,
        Event::Targeted { model } => *s.turn.targeted.entry(*model).or_insert(0) += 1,
        Event::WeaponUsed { model, weapon } => {
            if let Some(m) = s.models.get_mut(model) {
                *m.uses.entry(weapon.clone()).or_insert(0) += 1;
            }
        }
        Event::Damaged { model, amount, .. } => {
            let Some(m) = s.models.get_mut(model) else {
                return;
            };
            m.damage += amount;
            if m.damage >= 2 {
                if m.loadout.is_infantry() {
                    m.removed = true;
                    s.table.models.retain(|x| x.id != *model);
                } else if let Ok(tm) = s.table.model_mut(*model) {
                    tm.wreck = true;
                }
            }
        }
        Event::FireSupported { model, .. } => {
            s.turn.fire_support.insert(*model);
        }
        Event::Observed(o) => s.turn.observed.push(o.clone()),
        Event::ObjectiveHeld { objective, model } => {
            s.turn.held.insert(*objective, *model);
        }
        Event::ObjectiveCarried {
            objective,
            carrier,
            at,
        } => {
            if let Some(o) = s.objectives.get_mut(*objective) {
                o.carrier = *carrier;
                o.at = *at;
            }
        }
        Event::ObjectiveOffTable { objective, model } => {
            if let Some(o) = s.objectives.get_mut(*objective) {
                o.off_table = true;
                o.carrier = None;
            }
            if let Some(m) = s.models.get_mut(model) {
                m.removed = true;
            }
            s.table.models.retain(|x| x.id != *model);
        }
        Event::StreaksUpdated { objective, streak } => {
            if let Some(o) = s.objectives.get_mut(*objective) {
                o.streak = *streak;
            }
        }
        Event::Ended(o) => {
            s.phase = Phase::Over(o.clone());
            s.pending = None;
        }
    }
}

fn name(s: &KogState, id: ModelId) -> String {
    s.models
        .get(&id)
        .map(|m| format!("{} ({})", m.name, id))
        .unwrap_or_else(|| format!("model {id}"))
}

/// A line of the combat log for the event, read against the state before it applied; `None`
/// for bookkeeping that needs no line.
pub fn describe(s: &KogState, e: &Event) -> Option<String> {
    Some(match e {
        Event::DiceOff { what, rolls } => format!(
            "Dice-off for {what}: side 1 rolls {}, side 2 rolls {}{}",
            rolls[0],
            rolls[1],
            if rolls[0] == rolls[1] {
                " (a tie: roll again)"
            } else {
                ""
            }
        ),
        Event::TerrainPlaced { side, piece } => format!(
            "Side {side} places {} at ({:.1}, {:.1}), turned {:.0}\u{b0}",
            piece.label, piece.at.0, piece.at.1, piece.rotation
        ),
        Event::TerrainFinished { side } => format!("Side {side} is done placing terrain"),
        Event::DiceOffReroll { side, old, new } => format!(
            "Side {side} has more unused points and re-rolls its {old}: {new} (\"Unused Points\")"
        ),
        Event::PhaseSet(p) => match p {
            Phase::ChooseRole { chooser } => {
                format!("Side {chooser} won the dice-off and chooses Attacker or Defender")
            }
            Phase::RoleDiceOff {
                may_reroll: Some(side),
                ..
            } => format!("Side {side} has more unused points and may re-roll its die"),
            Phase::Deploy { side } => format!("Side {side} deploys"),
            Phase::PlaceTerrain { side, .. } => format!("Side {side} places terrain"),
            Phase::RoleDiceOff {
                last: None,
                may_reroll: None,
            } if matches!(s.phase, Phase::PlaceTerrain { .. }) => {
                "The battlefield is ready: dice off for Attacker and Defender".into()
            }
            Phase::PlaceObjective { side } => format!("Side {side} places its Objective"),
            Phase::NameCommanders => "Each player names a Commander".into(),
            Phase::FirstTurnDiceOff => "Dice off for the first turn of the round".into(),
            Phase::ChooseFirst { chooser } => {
                format!("Side {chooser} chooses who takes the first turn")
            }
            _ => return None,
        },
        Event::RolesSet(r) => format!(
            "Side {} is the Attacker, side {} the Defender",
            r.attacker, r.defender
        ),
        Event::TerritorySet(t) => format!(
            "The Defender takes {} as its territory",
            t.describe(t.defender)
        ),
        Event::Deployed { model, at, .. } => {
            format!("{} deployed at ({:.1}, {:.1})", name(s, *model), at.x, at.y)
        }
        Event::DeploymentFinished { side } => format!("Side {side} has deployed"),
        Event::ObjectiveAdded(o) => match o.carrier {
            Some(c) => format!("{} carries the Objective", name(s, c)),
            None => format!("{} placed at ({:.1}, {:.1})", o.name, o.at.x, o.at.y),
        },
        Event::CommanderNamed { side, model } => {
            format!("Side {side} names {} its Commander", name(s, *model))
        }
        Event::TurnBegan { round, side, first } => format!(
            "Round {round}: side {side} takes the {} player turn",
            if *first { "first" } else { "second" }
        ),
        Event::StepBegan(step) => match step {
            Step::Movement => return None,
            Step::Action => "[2] Action".into(),
        },
        Event::UnitSelected { unit } => format!(
            "Unit {} selected",
            s.units.get(*unit).map(|u| u.name.as_str()).unwrap_or("?")
        ),
        Event::Moved {
            model,
            mode,
            from,
            to,
            cost,
            ..
        } => format!(
            "{}: {} {:.1}\" to ({:.1}, {:.1}), {:.1}\" of movement spent",
            name(s, *model),
            mode.label(),
            from.dist(*to),
            to.x,
            to.y,
            cost
        ),
        Event::Faced { .. } => return None,
        Event::Acted { model, what } => format!("{}: {what}", name(s, *model)),
        Event::AttackDeclared(p) => format!(
            "{} attacks {} with {}: {} may Counterattack or Defend",
            name(s, p.attacker),
            name(s, p.target),
            p.weapon,
            name(s, p.target)
        ),
        Event::AttackSettled | Event::Targeted { .. } => return None,
        Event::WeaponUsed { model, weapon } => {
            let used = s
                .models
                .get(model)
                .and_then(|m| m.uses.get(weapon))
                .copied()
                .unwrap_or(0)
                + 1;
            format!(
                "{} fires its {weapon} (use {used} of 2, twice per game)",
                name(s, *model)
            )
        }
        Event::AttackRolled {
            attacker,
            target,
            weapon,
            dice,
            need,
            hits,
            rerolls,
            notes,
            counterattack,
        } => {
            let mut line = format!(
                "{}{} \u{2192} {} with {weapon}: {} needing {need}+ = {hits} hit{}",
                if *counterattack {
                    "Counterattack: "
                } else {
                    ""
                },
                name(s, *attacker),
                name(s, *target),
                describe_dice(dice),
                if *hits == 1 { "" } else { "s" }
            );
            let crits = dice.iter().filter(|d| d.hits == 2).count();
            if crits > 0 {
                line.push_str(&format!(
                    "; {crits} Critical Hit{} (*: 2 hits)",
                    if crits == 1 { "" } else { "s" }
                ));
            }
            if let Some(r) = rerolls {
                line.push_str(&format!("; {r}"));
            }
            for n in notes {
                line.push_str(&format!("; {n}"));
            }
            line
        }
        Event::DefenseRolled {
            model,
            dice,
            need,
            hits,
            cancelled,
            rerolls,
        } => {
            let mut line = format!(
                "{} Defense: {} needing {need}+ cancels {cancelled} of {hits} hit{}",
                name(s, *model),
                describe_dice(dice),
                if *hits == 1 { "" } else { "s" }
            );
            if let Some(r) = rerolls {
                line.push_str(&format!("; {r}"));
            }
            line
        }
        Event::Damaged {
            model,
            amount,
            cause,
            ..
        } => {
            let m = s.models.get(model)?;
            let after = m.damage + amount;
            let result = match (m.damage, after) {
                (_, a) if a >= 2 && m.loadout.is_infantry() => "Eliminated and removed",
                (0, 1) => "Crippled",
                (1, _) => "Destroyed: a Crippled model is damaged",
                (_, a) if a >= 2 => "Destroyed: 2 or more damage",
                _ => "unchanged",
            };
            format!(
                "{} takes {amount} damage ({cause}): {result}",
                name(s, *model)
            )
        }
        Event::FireSupported { commander, model } => format!(
            "Fire Support: Commander {} lets {} re-roll failed shots this turn",
            name(s, *commander),
            name(s, *model)
        ),
        Event::Observed(o) => format!(
            "Forward Observer: {} gives {} on {}{}",
            name(s, o.observer),
            o.sight.label(),
            name(s, o.target),
            if o.cover {
                " (in cover)"
            } else {
                " (no cover)"
            }
        ),
        Event::ObjectiveHeld { objective, model } => format!(
            "{} takes and holds {}",
            name(s, *model),
            s.objectives
                .get(*objective)
                .map(|o| o.name.as_str())
                .unwrap_or("an Objective")
        ),
        Event::ObjectiveCarried { carrier, at, .. } => match carrier {
            Some(c) => format!("{} now carries the Objective", name(s, *c)),
            None => format!("The Objective lies at ({:.1}, {:.1})", at.x, at.y),
        },
        Event::ObjectiveOffTable { model, .. } => format!(
            "{} carries the Objective off the Defender's board edge",
            name(s, *model)
        ),
        Event::StreaksUpdated { objective, streak } => {
            let o = s.objectives.get(*objective)?;
            if o.streak == *streak {
                return None;
            }
            format!(
                "{}: held for {} consecutive turn(s) by side 1, {} by side 2",
                o.name, streak[0], streak[1]
            )
        }
        Event::Note(n) => n.clone(),
        Event::Ended(o) => o.describe(),
    })
}
