//! The order builder: orders joined by "AND" for one or more units, queued instead of given,
//! with the total AP (paid in advance) and which joins the opponent may interrupt; then given as
//! one order combo. A running combo can be cancelled (1 AP), whole or for the units named.

use super::session::KrySession;
use super::tips::Tip;
use crate::rules::core::RuleSet;
use crate::rules::kry::Kry;
use crate::rules::kry::combo::class_of;
use crate::rules::kry::command::Command;
use crate::rules::kry::event::Event;
use crate::rules::kry::state::{KryState, Side};
use bevy_egui::egui;

/// What a click in the builder asks for.
#[derive(Debug, Clone, PartialEq)]
pub enum BuilderAction {
    Start,
    Give(Side, Command),
    RemoveLast,
    Discard,
    Cancel(Side),
    /// Tell these units to cancel their steps still to come; the others carry on (1 AP).
    CancelUnits(Side, Vec<crate::table::ModelId>),
}

/// The units of the combo under way that a cancel order may go to now: those with steps still
/// to come, while the combo waits between two steps (the owner may cancel then), and only when
/// at least two units have steps left (telling the only one left to stop is a whole cancel).
pub fn cancellable_units(s: &KryState) -> Vec<crate::table::ModelId> {
    let Some(c) = &s.combo else {
        return Vec::new();
    };
    if !matches!(
        s.pending,
        Some(crate::rules::kry::state::Pending::Window { .. })
    ) {
        return Vec::new();
    }
    let mut out: Vec<crate::table::ModelId> = Vec::new();
    for m in c.steps[c.next.min(c.steps.len())..]
        .iter()
        .filter_map(Command::model)
    {
        if !out.contains(&m) {
            out.push(m);
        }
    }
    if out.len() < 2 {
        out.clear();
    }
    out
}

/// A step in words.
pub fn step_label(s: &KryState, c: &Command) -> String {
    let name = |id: &crate::table::ModelId| s.models.get(id).map_or("?".into(), |m| m.name.clone());
    match c {
        Command::Move { model, to, kind } => {
            format!(
                "{} {}s to ({:.1}, {:.1})",
                name(model),
                kind.label(),
                to.x,
                to.y
            )
        }
        Command::Turn { model, facing } => format!("{} turns to {facing:.0}\u{b0}", name(model)),
        Command::Shoot {
            shooter,
            target,
            weapon,
            mode,
            second,
        } => format!(
            "{} fires its {weapon} at {}{} ({})",
            name(shooter),
            name(target),
            second.map_or(String::new(), |t| format!(" and {}", name(&t))),
            mode.label()
        ),
        Command::Attack {
            attacker,
            target,
            attack,
            charge,
            ..
        } => format!(
            "{} {} {} ({})",
            name(attacker),
            if *charge { "charges" } else { "attacks" },
            name(target),
            attack.label()
        ),
        other => format!("{other:?}"),
    }
}

/// The AP a combo of `steps` would cost `side` now, or why it cannot be given.
pub fn combo_cost(s: &KryState, side: Side, steps: &[Command]) -> Result<u32, String> {
    let cmd = Command::Order {
        steps: steps.to_vec(),
    };
    let events =
        Kry::resolve(s, side, &cmd, &mut crate::dice::Dice::new(0)).map_err(|e| e.to_string())?;
    Ok(events
        .iter()
        .find_map(|e| match e {
            Event::Spent { ap, .. } => Some(*ap),
            _ => None,
        })
        .unwrap_or(0))
}

/// The builder's panel section.
pub fn builder_ui(ui: &mut egui::Ui, session: &KrySession) -> Option<BuilderAction> {
    let s = session.state();
    let mut out = None;
    ui.separator();
    ui.strong("Order combo");
    if let Some(c) = &s.combo {
        ui.label(format!(
            "Side {}'s combo under way: step {} of {}",
            c.side,
            c.next + 1,
            c.steps.len()
        ));
        if session.game.player(c.side) == crate::rules::core::Player::Human
            && ui
                .button("Cancel the combo (1 AP)")
                .on_hover_text(Tip::CancelCombo.text())
                .clicked()
        {
            out = Some(BuilderAction::Cancel(c.side));
        }
        if session.game.player(c.side) == crate::rules::core::Player::Human {
            for m in cancellable_units(s) {
                let name = s.models.get(&m).map_or("?", |x| &*x.name);
                if ui
                    .button(format!("Tell {name} to cancel (1 AP)"))
                    .on_hover_text(Tip::CancelUnit.text())
                    .clicked()
                {
                    out = Some(BuilderAction::CancelUnits(c.side, vec![m]));
                }
            }
        }
    }
    let Some(steps) = &session.building else {
        if crate::app::ui_kit::guide_mark::button(ui, "Build an order combo\u{2026}")
            .on_hover_text(format!(
                "{}\nQueue orders joined by AND (moves, turns, shots, a close-combat attack last).",
                Tip::BuildCombo.text()
            ))
            .clicked()
        {
            out = Some(BuilderAction::Start);
        }
        return out;
    };
    ui.label("Orders from the card and drags on the table are queued here until given.");
    if steps.is_empty() {
        ui.label(egui::RichText::new("(no orders yet)").italics());
    }
    for (i, st) in steps.iter().enumerate() {
        if i > 0 {
            let same = class_of(st) == class_of(&steps[i - 1]);
            ui.label(
                egui::RichText::new(if same {
                    "   AND \u{2014} repeated action: the opponent may interrupt with anything"
                } else {
                    "   AND \u{2014} different action: only a unit in waiting may interrupt"
                })
                .small()
                .color(egui::Color32::LIGHT_BLUE),
            );
        }
        ui.label(format!("{}. {}", i + 1, step_label(s, st)));
    }
    let side = steps.first().map(|c| Kry::natural_seat(s, c)).unwrap_or(1);
    let cost = (steps.len() >= 2).then(|| combo_cost(s, side, steps));
    match &cost {
        Some(Ok(ap)) => {
            ui.label(format!(
                "Total {ap} AP, paid in advance (side {side} has {} left)",
                s.ap_left(side)
            ));
        }
        Some(Err(e)) => {
            ui.label(egui::RichText::new(e).color(egui::Color32::LIGHT_RED));
        }
        None => {
            ui.label("A combo joins two or more orders.");
        }
    }
    ui.horizontal(|ui| {
        let give = ui.add_enabled(
            matches!(cost, Some(Ok(_))),
            egui::Button::new("Give the combo"),
        );
        crate::app::ui_kit::guide_mark::mark(ui, &give, "Give the combo");
        if give.clicked() {
            out = Some(BuilderAction::Give(
                side,
                Command::Order {
                    steps: steps.clone(),
                },
            ));
        }
        if ui
            .add_enabled(!steps.is_empty(), egui::Button::new("Remove last"))
            .clicked()
        {
            out = Some(BuilderAction::RemoveLast);
        }
        if ui.button("Discard").clicked() {
            out = Some(BuilderAction::Discard);
        }
    });
    out
}
