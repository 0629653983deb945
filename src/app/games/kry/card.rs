//! The Kry-Gothic model card: the profile with modified Speed and Body, armour pieces, weapons
//! and effects, its conditions (wounds, pinned, waiting, down, stuck, breath lost to running),
//! and the legal actions with their AP cost and, for close combat, exact odds. A shot's odds
//! show only after it is called: "No distance measuring is performed before the shot is taken."

use super::odds::{close_line, declared};
use super::session::{KrySession, Placing};
use super::tips::Tip;
use crate::rules::core::RuleSet;
use crate::rules::kry::Kry;
use crate::rules::kry::close::{AttackType, Defence};
use crate::rules::kry::command::{Command, MoveKind};
use crate::rules::kry::melee::CONTACT;
use crate::rules::kry::ranged::FireMode;
use crate::rules::kry::setup::KrySetup;
use crate::rules::kry::shooting::sighting;
use crate::rules::kry::state::{KryModel, KryState, Phase, Pin};
use crate::table::ModelId;
use bevy_egui::egui;

/// What a click in the card asks for.
#[derive(Debug, Clone, PartialEq)]
pub enum CardAction {
    /// Give (or, while building a combo, queue) this order.
    Cmd(Command),
    /// Pick the target on the table next.
    Place(Placing),
    Kind(MoveKind),
}

/// The armour pieces a model wears, by name (the troop's and those bought for it).
pub fn armour_names(setup: &KrySetup, m: &KryModel) -> Vec<String> {
    let side = m.side as usize - 1;
    let before: usize = setup.forces[..side].iter().map(|f| f.models.len()).sum();
    let Some(i) = (m.id.0 as usize).checked_sub(1 + before) else {
        return Vec::new();
    };
    let f = &setup.forces[side];
    let Some(t) = f.troop(&setup.catalogue, i) else {
        return Vec::new();
    };
    t.armour
        .iter()
        .chain(
            f.models
                .get(i)
                .map(|x| x.extra.iter())
                .into_iter()
                .flatten(),
        )
        .filter(|n| setup.catalogue.armour(n).is_some())
        .cloned()
        .collect()
}

/// The profile, wargear and conditions.
pub fn card(ui: &mut egui::Ui, setup: &KrySetup, s: &KryState, id: ModelId) {
    let Some(m) = s.models.get(&id) else {
        return;
    };
    ui.heading(&*m.name);
    let class = setup
        .forces
        .get(usize::from(m.side).saturating_sub(1))
        .and_then(|f| setup.catalogue.team(&f.team))
        .map_or(m.class.label(), |t| t.class_label(m.class));
    ui.label(format!("{} \u{b7} {class} \u{b7} side {}", m.troop, m.side));
    egui::Grid::new("kry_profile").striped(true).show(ui, |ui| {
        for (h, tip) in Tip::PROFILE {
            ui.strong(h).on_hover_text(tip.text());
        }
        ui.end_row();
        let p = &m.profile;
        let opt = |v: Option<u8>| v.map_or("X".to_string(), |v| v.to_string());
        let sp = if m.speed() != p.speed {
            format!("{} ({})", m.speed(), p.speed)
        } else {
            p.speed.to_string()
        };
        let body = if m.body() != p.body {
            format!("{} ({})", m.body(), p.body)
        } else {
            p.body.to_string()
        };
        for v in [
            sp,
            p.strength.to_string(),
            body,
            p.mind.to_string(),
            p.willpower.to_string(),
            opt(p.cc),
            opt(p.rc),
        ] {
            ui.label(v);
        }
        ui.end_row();
    });
    let wounds = ui.label(format!(
        "Wounds {} of {} \u{b7} armour +{}{}",
        m.wounds.saturating_sub(m.wounds_taken),
        m.wounds,
        m.armour,
        if m.armour_front_only > 0 {
            format!(" ({} from the front only)", m.armour_front_only)
        } else {
            String::new()
        }
    ));
    wounds.on_hover_text(format!("{}\n{}", Tip::Wounds.text(), Tip::Armour.text()));
    let armour = armour_names(setup, m);
    if !armour.is_empty() {
        ui.label(format!("Armour: {}", armour.join(", ")))
            .on_hover_text(Tip::Armour.text());
    }
    for w in m.cc_weapons.iter() {
        let fx: Vec<String> = w.effects.iter().map(|e| format!("{e:?}")).collect();
        ui.label(format!(
            "CC: {} {:+}cc/{:+}str{}",
            w.name,
            w.cc,
            w.str,
            if fx.is_empty() {
                String::new()
            } else {
                format!(" ({})", fx.join(", "))
            }
        ))
        .on_hover_text(Tip::CcWeapon.text());
    }
    for w in m.ranged.iter() {
        ui.label(format!(
            "Ranged: {} {} SR {}\" LR {}\"{}{}{}",
            w.name,
            w.stats,
            w.short,
            w.long,
            if w.suppressive { ", suppressive" } else { "" },
            if w.heavy { ", heavy" } else { "" },
            if w.broken { " \u{2014} BROKEN" } else { "" }
        ))
        .on_hover_text(Tip::RangedWeapon.text());
    }
    if !m.abilities.is_empty() {
        let a: Vec<String> = m.abilities.iter().map(|a| format!("{a:?}")).collect();
        ui.label(format!("Abilities: {}", a.join(", ")));
    }
    let mut cond = Vec::new();
    if m.dead {
        cond.push(("out of the fight".to_string(), Tip::Out));
    }
    match m.pinned {
        Some(Pin::Hit { from }) => cond.push((
            format!(
                "pinned (may move only away from {})",
                s.models
                    .get(&from)
                    .map_or("the shooter", |x| &*x.name)
            ),
            Tip::PinnedHit,
        )),
        Some(Pin::Missed) => cond.push(("pinned (cannot move)".into(), Tip::PinnedMissed)),
        None => {}
    }
    if s.waiting_shown(m) {
        cond.push(("waiting".into(), Tip::Waiting));
    }
    if m.prone {
        cond.push(("down (1 AP to stand up)".into(), Tip::Down));
    }
    if m.stuck > 0 {
        cond.push((
            format!("stuck in a damaged floor ({} AP to dig out)", m.stuck),
            Tip::Stuck,
        ));
    }
    if m.body_loss > 0 {
        cond.push((
            format!("out of breath: Body -{} from running", m.body_loss),
            Tip::OutOfBreath,
        ));
    }
    if m.sprinting {
        cond.push(("sprinting".into(), Tip::Sprinting));
    }
    if let Some(f) = m.afraid_of.and_then(|f| s.models.get(&f)) {
        cond.push((format!("afraid of {}", f.name), Tip::Afraid));
    }
    if m.arrives.is_some_and(|r| r > s.round) {
        cond.push((
            format!("held back: arrives after round {}", m.arrives.unwrap_or(0)),
            Tip::HeldBack,
        ));
    }
    if !cond.is_empty() {
        ui.horizontal_wrapped(|ui| {
            for (i, (text, tip)) in cond.iter().enumerate() {
                let text = if i == 0 {
                    text.clone()
                } else {
                    format!("\u{b7} {text}")
                };
                ui.label(egui::RichText::new(text).color(egui::Color32::YELLOW))
                    .on_hover_text(tip.text());
            }
        });
    }
}

/// A button for `cmd`, enabled when the rules would take it now, with its AP cost.
fn order_button(
    ui: &mut egui::Ui,
    s: &KryState,
    label: &str,
    ap: u32,
    cmd: Command,
    hover: &str,
) -> Option<CardAction> {
    let side = Kry::natural_seat(s, &cmd);
    let check = Kry::check(s, side, &cmd);
    let text = format!("{label} ({ap} AP)");
    let r = ui
        .add_enabled(check.is_ok(), egui::Button::new(&text))
        .on_hover_text(hover);
    crate::app::ui_kit::guide_mark::mark(ui, &r, &text);
    let r = match &check {
        Err(e) => r.on_disabled_hover_text(e.to_string()),
        Ok(()) => r,
    };
    r.clicked().then_some(CardAction::Cmd(cmd))
}

/// The legal actions of model `id`, with their cost and odds.
pub fn actions(ui: &mut egui::Ui, session: &KrySession, id: ModelId) -> Option<CardAction> {
    let s = session.state();
    let m = s.models.get(&id)?;
    if s.phase != Phase::Play || !m.alive() || s.table.model(id).is_err() {
        return None;
    }
    let mut out = None;
    ui.separator();
    ui.strong("Actions");
    ui.horizontal_wrapped(|ui| {
        ui.label("Drag to move:");
        for (k, ap) in [
            (MoveKind::Normal, "2 AP, Speed"),
            (MoveKind::Run, "1 AP, twice Speed, Body -1"),
            (MoveKind::SmallStep, "free, under 1\""),
        ] {
            let label = format!("{} ({ap})", k.label());
            // A model that may not run is offered no run.
            let cannot = (k == MoveKind::Run)
                .then(|| crate::rules::kry::movement::why_not_run(m))
                .flatten();
            let r = ui.add_enabled(
                cannot.is_none(),
                egui::Button::selectable(session.move_kind == k, &label),
            );
            let r = match cannot {
                Some(why) => r.on_disabled_hover_text(why),
                None => r.on_hover_text(Tip::of_move(k).text()),
            };
            crate::app::ui_kit::guide_mark::mark(ui, &r, &label);
            if r.clicked() {
                out = Some(CardAction::Kind(k));
            }
        }
    });
    ui.label("Q/E turn it (free). Difficult terrain: +1 AP, very difficult: +2 AP.")
        .on_hover_text(format!("{}\n{}", Tip::Turning.text(), Tip::Terrain.text()));
    ui.horizontal_wrapped(|ui| {
        for (label, ap, cmd, hover) in [
            ("Wait", 1, Command::Wait { model: id }, Tip::Wait),
            ("Unpin", 1, Command::Unpin { model: id }, Tip::Unpin),
            ("Stand up", 1, Command::StandUp { model: id }, Tip::StandUp),
            ("Dig out", 1, Command::DigOut { model: id }, Tip::DigOut),
        ] {
            if let Some(a) = order_button(ui, s, label, ap, cmd, &hover.text()) {
                out = Some(a);
            }
        }
        for (i, o) in s.table.objectives.iter().enumerate() {
            let cmd = Command::Sabotage {
                model: id,
                objective: i,
            };
            if !s.destroyed.contains(&i)
                && Kry::check(s, m.side, &cmd).is_ok()
                && let Some(a) = order_button(
                    ui,
                    s,
                    &format!("Sabotage {}", o.name),
                    2,
                    cmd,
                    &Tip::Sabotage.text(),
                )
            {
                out = Some(a);
            }
        }
    });
    // Shots: the target is picked on the table; the odds come once the shot is called.
    for w in m.ranged.iter().filter(|w| !w.broken) {
        ui.horizontal_wrapped(|ui| {
            ui.label(format!("{} {}:", w.name, w.stats));
            for mode in FireMode::ALL {
                if mode == FireMode::Suppressive && !w.suppressive {
                    continue;
                }
                let ap = s.options.shot_cost + if mode == FireMode::Aimed { 2 } else { 0 };
                let picking = session.placing
                    == Placing::Shoot {
                        shooter: id,
                        weapon: w.name.clone(),
                        mode,
                    };
                let label = format!("{} ({ap} AP)", mode.label());
                let r = ui
                    .selectable_label(picking, &label)
                    .on_hover_text(Tip::of_fire_mode(mode).text());
                crate::app::ui_kit::guide_mark::mark(ui, &r, &label);
                if r.clicked() {
                    out = Some(CardAction::Place(Placing::Shoot {
                        shooter: id,
                        weapon: w.name.clone(),
                        mode,
                    }));
                }
                // "two attacks for base AP cost": the two may go at two targets.
                if mode == FireMode::Snap {
                    let splitting = matches!(&session.placing,
                        Placing::SnapSplit { shooter, weapon, .. } if *shooter == id && *weapon == w.name);
                    if ui
                        .selectable_label(splitting, format!("snap at two ({ap} AP)"))
                        .on_hover_text(Tip::SnapAtTwo.text())
                        .clicked()
                    {
                        out = Some(CardAction::Place(Placing::SnapSplit {
                            shooter: id,
                            weapon: w.name.clone(),
                            first: None,
                        }));
                    }
                }
            }
        });
    }
    // The target, clicked on the table or picked here among the enemies in sight (seen by eye:
    // no distance is shown before the shot is called).
    if let Some(pick) = target_list(ui, session, id) {
        out = Some(pick);
    }
    if let Some(c) = &session.called
        && c.shooter == id
    {
        ui.label(egui::RichText::new(format!("Last shot as called: {}", c.text)).italics());
    }
    // Close combat: each enemy in base contact, each attack with its odds against a passive
    // defence; a charge picks its target on the table.
    if m.profile.cc.is_some() {
        let contact: Vec<&KryModel> = s
            .alive(crate::rules::kry::state::enemy(m.side))
            .filter(|e| s.table.distance(id, e.id).is_ok_and(|d| d <= CONTACT))
            .collect();
        for e in contact {
            ui.label(format!(
                "In contact with {} (odds against a passive defence):",
                e.name
            ));
            for at in AttackType::ALL {
                let weapons: Vec<Option<String>> = match at {
                    AttackType::Weapon => {
                        m.cc_weapons.iter().map(|w| Some(w.name.clone())).collect()
                    }
                    AttackType::Bunt | AttackType::PointBlank => m
                        .ranged
                        .iter()
                        .filter(|w| !w.broken)
                        .map(|w| Some(w.name.clone()))
                        .take(1)
                        .collect(),
                    _ => vec![None],
                };
                for w in weapons {
                    let cmd = Command::Attack {
                        attacker: id,
                        target: e.id,
                        attack: at,
                        weapon: w.clone(),
                        charge: false,
                    };
                    if Kry::check(s, m.side, &cmd).is_err() {
                        continue;
                    }
                    let a = declared(id, e.id, at, w.clone());
                    let odds = close_line(s, &a, Defence::Passive).map(|(_, t)| t);
                    ui.horizontal_wrapped(|ui| {
                        let label = match &w {
                            Some(w) => format!("{} ({w}) (1 AP)", at.label()),
                            None => format!("{} (1 AP)", at.label()),
                        };
                        if crate::app::ui_kit::guide_mark::button(ui, label)
                            .on_hover_text(Tip::of_attack(at).text())
                            .clicked()
                        {
                            out = Some(CardAction::Cmd(cmd.clone()));
                        }
                        if let Some(o) = odds {
                            ui.label(egui::RichText::new(o).small());
                        }
                    });
                }
            }
        }
        let charging = matches!(&session.placing, Placing::Attack { attacker, charge: true, .. } if *attacker == id);
        let weapon = m.cc_weapons.first().map(|w| w.name.clone());
        let attack = if weapon.is_some() {
            AttackType::Weapon
        } else {
            AttackType::Punch
        };
        let label = format!(
            "Charge! (1 AP, up to {}\" into contact, +2 CC)",
            m.speed() + m.body()
        );
        let r = ui
            .selectable_label(charging, &label)
            .on_hover_text(Tip::Charge.text());
        crate::app::ui_kit::guide_mark::mark(ui, &r, &label);
        if r.clicked() {
            out = Some(CardAction::Place(Placing::Attack {
                attacker: id,
                attack,
                weapon,
                charge: true,
            }));
        }
    }
    out
}

/// While a shot's or a charge's target is being picked for `id`: the enemies it sees, as
/// buttons (the same as clicking them on the table).
fn target_list(ui: &mut egui::Ui, session: &KrySession, id: ModelId) -> Option<CardAction> {
    let s = session.state();
    let make = |t: ModelId| -> Option<CardAction> {
        match session.placing.clone() {
            Placing::Shoot {
                shooter,
                weapon,
                mode,
            } if shooter == id => Some(CardAction::Cmd(Command::Shoot {
                shooter,
                target: t,
                weapon,
                mode,
                second: None,
            })),
            Placing::SnapSplit {
                shooter,
                weapon,
                first,
            } if shooter == id => {
                Some(match super::input::split_click(shooter, weapon, first, t) {
                    Ok(c) => CardAction::Cmd(c),
                    Err(next) => CardAction::Place(next),
                })
            }
            Placing::Attack {
                attacker,
                attack,
                weapon,
                charge,
            } if attacker == id => Some(CardAction::Cmd(Command::Attack {
                attacker,
                target: t,
                attack,
                weapon,
                charge,
            })),
            _ => None,
        }
    };
    let m = s.models.get(&id)?;
    make(id)?;
    let mut out = None;
    match &session.placing {
        Placing::SnapSplit { first: Some(f), .. } => ui.label(format!(
            "Snap shot: first attack at {}; click the second target, or pick one in sight:",
            s.models.get(f).map_or("?", |x| &*x.name)
        )),
        Placing::SnapSplit { first: None, .. } => {
            ui.label("Snap shot at two: click the first target, or pick one in sight:")
        }
        _ => ui.label("Click the target on the table, or pick one in sight:"),
    };
    ui.horizontal_wrapped(|ui| {
        for e in s.alive(crate::rules::kry::state::enemy(m.side)) {
            if sighting(s, id, e.id).is_err() {
                continue;
            }
            if crate::app::ui_kit::guide_mark::button(ui, &*e.name).clicked() {
                out = make(e.id);
            }
        }
    });
    out
}
