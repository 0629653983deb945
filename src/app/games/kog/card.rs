//! The selected model's card in a game (profile, weapons, condition, what it did this turn) and
//! its menu of actions: the legal ones with their exact odds, the others with the reason.

use super::session::{KogSession, Placing};
use super::tips::Tip;
use crate::app::ui_kit::guide_mark;
use crate::rules::kog::actions::{check_actor, objectives_in_reach};
use crate::rules::kog::attack::RerollChoice;
use crate::rules::kog::catalogue::ModelType;
use crate::rules::kog::odds::{Odds, odds};
use crate::rules::kog::state::{Condition, KogState, MoveMode, Phase, Step};
use crate::rules::kog::targeting::{AttackPlan, attack_menu, sighting};
use crate::rules::kog::{Command, moves};
use crate::table::{ModelId, Scene};
use bevy::prelude::*;
use bevy_egui::egui;

/// One attack in the menu.
pub struct AttackRow {
    pub weapon: String,
    pub target: ModelId,
    pub result: Result<(AttackPlan, Odds, Option<Odds>), String>,
}

/// The menu worked out for one model and one state of the game.
#[derive(Resource, Default)]
pub struct MenuCache {
    rev: u64,
    model: Option<ModelId>,
    pub rows: Vec<AttackRow>,
    /// Enemies a Forward Observer could report on, with the sight it has.
    pub observe: Vec<(ModelId, String)>,
}

impl MenuCache {
    pub fn refresh(&mut self, session: &KogSession, model: Option<ModelId>) {
        if self.rev == session.shell.rev && self.model == model {
            return;
        }
        self.rev = session.shell.rev;
        self.model = model;
        self.rows.clear();
        self.observe.clear();
        let s = session.state();
        let Some(id) = model else { return };
        if s.phase != Phase::Turn || s.step != Step::Action || s.model(id).is_err() {
            return;
        }
        if s.models[&id].side != s.active || !s.active_model(id) {
            return;
        }
        let scene = Scene::new(&s.table, s.options().sight());
        for (weapon, target, r) in attack_menu(s, &scene, id) {
            let result = r.map_err(|e| e.to_string()).map(|plan| {
                let defend = odds(&plan.spec(s, false));
                let counter = (!plan.counter_weapons.is_empty()).then(|| odds(&plan.spec(s, true)));
                (plan, defend, counter)
            });
            self.rows.push(AttackRow {
                weapon,
                target,
                result,
            });
        }
        if s.models[&id].loadout.has_type(ModelType::Recon) {
            for e in s.active_models(crate::rules::kog::state::enemy(s.active)) {
                if let Ok(seen) = sighting(s, &scene, id, e.id)
                    && let Some(k) = seen.kind
                {
                    self.observe.push((e.id, k.label().to_string()));
                }
            }
        }
    }
}

fn pct(p: f64) -> String {
    format!("{:.0}%", p * 100.0)
}

/// The three outcomes in a line.
pub fn odds_line(o: &Odds, target_crippled: bool) -> String {
    if target_crippled {
        format!(
            "stays crippled {}  destroyed {}",
            pct(o.crippled),
            pct(o.destroyed)
        )
    } else {
        format!(
            "unharmed {}  crippled {}  destroyed {}",
            pct(o.unharmed),
            pct(o.crippled),
            pct(o.destroyed)
        )
    }
}

fn condition_text(c: Condition) -> (&'static str, egui::Color32) {
    match c {
        Condition::Unharmed => ("Unharmed", egui::Color32::LIGHT_GREEN),
        Condition::Crippled => ("Crippled \u{2297}", egui::Color32::from_rgb(240, 200, 90)),
        Condition::Destroyed => ("Destroyed \u{2297}", egui::Color32::LIGHT_RED),
        Condition::Eliminated => ("Eliminated", egui::Color32::LIGHT_RED),
    }
}

/// Draws the card of model `id`.
pub fn card(ui: &mut egui::Ui, s: &KogState, id: ModelId) {
    let Ok(m) = s.model(id) else {
        ui.label("No model selected.");
        return;
    };
    let l = &m.loadout;
    ui.horizontal(|ui| {
        ui.heading(&m.name);
        if s.commander(m.side) == Some(id) {
            ui.label(egui::RichText::new("Commander").italics())
                .on_hover_text(Tip::Commander.text());
        }
    });
    let (cond, col) = condition_text(m.condition());
    let types: Vec<String> = l.types.iter().map(|t| format!("{t:?}")).collect();
    ui.label(format!(
        "Side {} \u{b7} {} \u{b7} unit {} ({})",
        m.side,
        types.join(", "),
        s.units[m.unit].name,
        s.units[m.unit].kind.label()
    ));
    ui.label(egui::RichText::new(cond).color(col).strong())
        .on_hover_text(Tip::of_condition(m.condition()).text());
    egui::Grid::new("kog_card").num_columns(2).show(ui, |ui| {
        ui.label("Move").on_hover_text(Tip::MoveStat.text());
        ui.label(format!(
            "{}\"{}",
            l.movement,
            if l.free_climb > 0.0 {
                format!(" (climbs {}\" free)", l.free_climb)
            } else {
                String::new()
            }
        ));
        ui.end_row();
        ui.label("Defense").on_hover_text(Tip::DefenseStat.text());
        ui.label(format!("{} ({}+)", l.defense, l.save));
        ui.end_row();
        ui.label("Sensors").on_hover_text(Tip::SensorsStat.text());
        ui.label(format!("{}\"", l.sensors));
        ui.end_row();
        ui.label("Points").on_hover_text(Tip::Points.text());
        ui.label(if l.upgrades.is_empty() {
            format!("{}", l.cost)
        } else {
            format!("{} ({})", l.cost, l.upgrades.join(", "))
        });
        ui.end_row();
    });
    for w in &l.weapons {
        let left = match m.uses_left(w) {
            Some(n) => format!("  [{n} use{} left]", if n == 1 { "" } else { "s" }),
            None => String::new(),
        };
        let tip = match (m.uses_left(w), w.is_assault()) {
            (Some(_), _) => Tip::DoubleUse,
            (None, true) => Tip::Attacks,
            (None, false) => Tip::Shots,
        };
        ui.label(format!("\u{2022} {}: {}{left}", w.name, w.describe()))
            .on_hover_text(tip.text());
    }
    let mut this_turn = Vec::new();
    if let Some((mode, _)) = s.turn.moved.get(&id) {
        let text = match mode {
            MoveMode::Speed => "\u{bb} Speed Move (may not shoot)".to_string(),
            MoveMode::HoldPosition => "H Hold Position (re-roll failed shots)".to_string(),
            MoveMode::Charge => "Charge! (re-roll failed attacks)".to_string(),
            MoveMode::Combat => "Combat Move".to_string(),
        };
        this_turn.push((text, Tip::of_move(*mode)));
    }
    if s.turn.acted.contains(&id) {
        this_turn.push(("has acted".into(), Tip::Acted));
    }
    if let Some(n) = s.turn.targeted.get(&id) {
        this_turn.push((
            format!("targeted {n}\u{d7} (Concentrated Attack next)"),
            Tip::Targeted,
        ));
    }
    if s.turn.fire_support.contains(&id) {
        this_turn.push((
            "Fire Support: re-roll failed shots".into(),
            Tip::FireSupported,
        ));
    }
    if s.turn.held.values().any(|h| *h == id) {
        this_turn.push(("! holds an Objective".into(), Tip::HoldsObjective));
    }
    if s.objectives.iter().any(|o| o.carrier == Some(id)) {
        this_turn.push(("carries the Objective".into(), Tip::CarriesObjective));
    }
    if !this_turn.is_empty() {
        ui.horizontal_wrapped(|ui| {
            ui.small("This turn:");
            for (text, tip) in &this_turn {
                ui.small(text).on_hover_text(tip.text());
            }
        });
    }
}

/// The actions `id` may take now; a click returns the command.
pub fn actions(
    ui: &mut egui::Ui,
    session: &mut KogSession,
    cache: &MenuCache,
    id: ModelId,
    hovered: &mut Option<(ModelId, ModelId)>,
) -> Option<Command> {
    let s = session.state();
    let m = s.model(id).ok()?;
    if s.phase != Phase::Turn || m.side != s.active || s.pending.is_some() {
        return None;
    }
    if !session.human_to_act() {
        ui.label(session.game.player(s.active).plays_seat());
        return None;
    }
    let mut out = None;
    ui.separator();
    match s.step {
        Step::Movement => {
            ui.strong("[1] Movement");
            if !s.is_active(m) {
                ui.label("Destroyed models may not move or act.");
                return None;
            }
            if s.turn.moved.contains_key(&id) {
                ui.label("Moved this turn (no model moves twice).")
                    .on_hover_text(Tip::Moved.text());
            } else {
                ui.label("Choose the move, then drag the model on the table:");
                let mut mode = session.move_mode;
                for mm in MoveMode::ALL {
                    let allow = moves::allowance(s, id, mm);
                    let ok = !(mm == MoveMode::Speed && m.crippled());
                    ui.add_enabled_ui(ok, |ui| {
                        let tip = Tip::of_move(mm).text();
                        let label = format!("{} ({allow:.0}\")", mm.label());
                        let r = ui
                            .radio_value(&mut mode, mm, &label)
                            .on_hover_text(&tip)
                            .on_disabled_hover_text(&tip);
                        guide_mark::mark(ui, &r, &label);
                    });
                }
                let carrier = s.objectives.iter().any(|o| o.carrier == Some(id));
                session.move_mode = mode;
                ui.small("Rough ground, climbing and making way count double.")
                    .on_hover_text(Tip::SlowedMovement.text());
                if carrier
                    && ui
                        .button("Leave by the Defender's edge")
                        .on_hover_text(Tip::LeaveByEdge.text())
                        .clicked()
                {
                    out = Some(Command::ExitTable {
                        model: id,
                        mode: if session.move_mode == MoveMode::Speed {
                            MoveMode::Speed
                        } else {
                            MoveMode::Combat
                        },
                    });
                }
            }
        }
        Step::Action => {
            ui.strong("[2] Action");
            if let Err(e) = check_actor(s, id, true) {
                ui.label(egui::RichText::new(e.to_string()).color(egui::Color32::LIGHT_RED));
                return None;
            }
            out = out.or(attack_rows(ui, session, cache, id, hovered));
            let s = session.state();
            let engaged = check_actor(s, id, false).err().map(|e| e.to_string());
            if let Some(e) = &engaged {
                ui.label(egui::RichText::new(e).small())
                    .on_hover_text(Tip::Engaged.text());
                return out;
            }
            ui.separator();
            ui.label("Instead of shooting:");
            let reach = objectives_in_reach(s, id);
            if !reach.is_empty() {
                // "may take and hold it": with two objectives in reach, the player names one.
                for o in reach {
                    let label = format!("Hold Objective ({})", s.objectives[o].name);
                    if guide_mark::button(ui, label)
                        .on_hover_text(Tip::HoldObjective.text())
                        .clicked()
                    {
                        out = Some(Command::HoldObjective {
                            model: id,
                            objective: Some(o),
                        });
                    }
                }
            } else {
                ui.add_enabled(false, egui::Button::new("Hold Objective"))
                    .on_disabled_hover_text(format!(
                        "{}\nNot within 1\" of an Objective.",
                        Tip::HoldObjective.text()
                    ));
            }
            if !cache.observe.is_empty() {
                ui.label("Forward Observer for indirect fire on:");
                for (t, kind) in &cache.observe {
                    if ui
                        .button(format!("{} ({kind})", s.models[t].name))
                        .on_hover_text(Tip::ForwardObserver.text())
                        .clicked()
                    {
                        out = Some(Command::ForwardObserver {
                            model: id,
                            target: *t,
                        });
                    }
                }
            }
            if s.commander(s.active) == Some(id) {
                ui.label("Fire Support (Commander) for:");
                let sensors = s.models[&id].loadout.sensors;
                for f in s.active_models(s.active) {
                    if f.id == id || s.turn.acted.contains(&f.id) {
                        continue;
                    }
                    let d = s.table.distance(id, f.id).unwrap_or(f32::INFINITY);
                    if d <= sensors
                        && ui
                            .button(format!("{} ({d:.1}\")", f.name))
                            .on_hover_text(Tip::FireSupport.text())
                            .clicked()
                    {
                        out = Some(Command::FireSupport {
                            commander: id,
                            model: f.id,
                        });
                    }
                }
            }
            if s.objectives.iter().any(|o| o.carrier == Some(id)) {
                for f in s.active_models(s.active) {
                    if f.id != id
                        && s.table.distance(id, f.id).is_ok_and(|d| d <= 1.0)
                        && ui
                            .button(format!("Pass Objective to {}", f.name))
                            .on_hover_text(Tip::PassObjective.text())
                            .clicked()
                    {
                        out = Some(Command::PassObjective {
                            model: id,
                            to: f.id,
                        });
                    }
                }
            } else if s.scenario() == crate::rules::kog::Scenario::Linebreaker
                && ui
                    .button("Pick up the Objective")
                    .on_hover_text(Tip::PickUpObjective.text())
                    .clicked()
            {
                out = Some(Command::PickUpObjective { model: id });
            }
        }
    }
    out
}

/// The other ways of taking an attack's optional re-rolls of failed dice (Charge!, Hold
/// Position, Fire Support): keeping all the dice, and, under Friendly Fire, re-rolling only
/// the 1s.
fn optional_reroll_choices(plan: &AttackPlan) -> Vec<RerollChoice> {
    let sit = &plan.situation;
    let offered = if plan.weapon.is_assault() {
        sit.charge
    } else {
        sit.hold_position || sit.fire_support
    };
    if !offered {
        return Vec::new();
    }
    if sit.friendly_near_target {
        vec![RerollChoice::OnlyOnes, RerollChoice::Decline]
    } else {
        vec![RerollChoice::Decline]
    }
}

/// The attacks: the legal ones with their odds and a button, the others folded away.
fn attack_rows(
    ui: &mut egui::Ui,
    session: &mut KogSession,
    cache: &MenuCache,
    id: ModelId,
    hovered: &mut Option<(ModelId, ModelId)>,
) -> Option<Command> {
    let s = session.state();
    let mut out = None;
    let weapons: Vec<String> = s.models[&id]
        .loadout
        .weapons
        .iter()
        .map(|w| w.name.clone())
        .collect();
    for w in weapons {
        let rows: Vec<&AttackRow> = cache.rows.iter().filter(|r| r.weapon == w).collect();
        let legal: Vec<&&AttackRow> = rows.iter().filter(|r| r.result.is_ok()).collect();
        ui.label(egui::RichText::new(&w).strong());
        if legal.is_empty() {
            let why = rows
                .iter()
                .find_map(|r| r.result.as_ref().err())
                .cloned()
                .unwrap_or_else(|| "no enemy in the fight".into());
            ui.label(egui::RichText::new(format!("  {why}")).small().weak());
            continue;
        }
        for r in legal {
            let Ok((plan, defend, counter)) = &r.result else {
                continue;
            };
            let t = &s.models[&r.target];
            let sight = match plan.sight {
                Some(k) => k.label().to_string(),
                None => "indirect".into(),
            };
            let cover = if plan.situation.cover {
                "cover"
            } else {
                "no cover"
            };
            let row = ui.horizontal_wrapped(|ui| {
                let attack_tip = if plan.weapon.is_assault() {
                    Tip::CloseAssault
                } else {
                    Tip::RangedShooting
                };
                let attack = ui.small_button("Attack").on_hover_text(attack_tip.text());
                guide_mark::mark(ui, &attack, "Attack");
                if attack.clicked() {
                    out = Some(Command::Attack {
                        attacker: id,
                        weapon: w.clone(),
                        target: r.target,
                        reroll: RerollChoice::Failures,
                    });
                }
                // "may re-roll any failed shots/attacks": the player may keep some dice.
                for choice in optional_reroll_choices(plan) {
                    if ui
                        .small_button(choice.label())
                        .on_hover_text(format!(
                            "{}\nAttack, and do this with the failed dice.",
                            Tip::of_reroll(choice).text()
                        ))
                        .clicked()
                    {
                        out = Some(Command::Attack {
                            attacker: id,
                            weapon: w.clone(),
                            target: r.target,
                            reroll: choice,
                        });
                    }
                }
                let where_ = ui.label(format!(
                    "{} {:.1}\" ({sight}, {cover})",
                    t.name, plan.situation.range
                ));
                if plan.situation.cover {
                    where_.on_hover_text(Tip::Cover.text());
                }
            });
            if row.response.contains_pointer() {
                *hovered = Some((id, r.target));
            }
            let mut text = format!("    if it defends: {}", odds_line(defend, t.crippled()));
            if let Some(c) = counter {
                text.push_str(&format!(
                    "\n    if it counterattacks: {}",
                    odds_line(c, t.crippled())
                ));
            }
            let spec = plan.spec(s, false);
            let mut why = Vec::new();
            if let Some(x) = spec.attack.rerolls.describe() {
                why.push(format!("attack: {x}"));
            }
            if let Some(x) = spec.defense.rerolls.describe() {
                why.push(format!("defense: {x}"));
            }
            why.extend(spec.notes.iter().cloned());
            if !plan.blast_models.is_empty() {
                let names: Vec<&str> = plan
                    .blast_models
                    .iter()
                    .map(|b| s.models[b].name.as_str())
                    .collect();
                why.push(format!("blast also hits {}", names.join(", ")));
            }
            ui.label(egui::RichText::new(text).small())
                .on_hover_text(why.join("\n"));
        }
    }
    let refused: Vec<String> = cache
        .rows
        .iter()
        .filter_map(|r| {
            let e = r.result.as_ref().err()?;
            Some(format!("{} at {}: {e}", r.weapon, s.models[&r.target].name))
        })
        .collect();
    if !refused.is_empty() {
        egui::CollapsingHeader::new(format!("Not possible ({})", refused.len()))
            .id_salt("refused_attacks")
            .show(ui, |ui| {
                for r in &refused {
                    ui.label(egui::RichText::new(r).small().weak());
                }
            });
    }
    if ui
        .small_button("Pick the target on the table...")
        .on_hover_text("then click an enemy model with the first weapon that can fire")
        .clicked()
        && let Some(w) = cache
            .rows
            .iter()
            .find(|r| r.result.is_ok())
            .map(|r| r.weapon.clone())
    {
        session.placing = Placing::Target {
            attacker: id,
            weapon: w,
        };
    }
    out
}
