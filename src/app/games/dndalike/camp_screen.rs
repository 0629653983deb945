//! A delve's between-fights screen: where the delve stands, the party as it came out of the
//! last fight (fatigue, wounds, stones, the dead), who keeps watch and how much fatigue each
//! rester keeps, what the watch must roll, the rolls of the last rest, and the buttons that
//! rest or go on to the next encounter (core commands: the dice are the game's, and logged).

use super::camp_form::CampForm;
use super::panels::party_color;
use super::session::DndSession;
use crate::app::base::state::Notices;
use crate::app::game::session::ActiveGame;
use crate::rules::dndalike::between::plan;
use crate::rules::dndalike::camp::{WATCH, max_attempts, rank, requirement};
use crate::rules::dndalike::state::Phase;
use crate::rules::dndalike::{Command, Party};
use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

pub fn plugin(app: &mut App) {
    app.add_systems(
        EguiPrimaryContextPass,
        window
            .in_set(crate::app::base::sets::PlayUi::Panels)
            .after(super::panels::GameUi)
            .run_if(super::panels::in_game),
    );
}

/// Fills the form for a new camp: the program's choice of watcher ticked.
fn fill(session: &mut DndSession) {
    let st = &session.game.state;
    let Some(d) = &st.delve else { return };
    let key = (d.won, d.rests);
    if session.camp.filled_at == Some(key) {
        return;
    }
    let n = d.heroes;
    let mut form = CampForm {
        watch: vec![false; n],
        keep: vec![0; n],
        filled_at: Some(key),
    };
    if let Some(w) = crate::rules::dndalike::between::best_watcher(st)
        && let Some(f) = form.watch.get_mut(w)
    {
        *f = true;
    }
    session.camp = form;
}

fn window(
    mut contexts: EguiContexts,
    mut active: ResMut<ActiveGame>,
    mut notices: ResMut<Notices>,
) -> Result {
    let Some(session) = DndSession::of_mut(&mut active) else {
        return Ok(());
    };
    if session.state().phase != Phase::Camp || session.camp_seat().is_none() {
        return Ok(());
    }
    fill(session);
    let ctx = contexts.ctx_mut()?.clone();
    let mut cmd = None;
    egui::Window::new("Between fights")
        .id(egui::Id::new("dnd_camp"))
        .collapsible(false)
        .resizable(false)
        .anchor(egui::Align2::CENTER_CENTER, [0.0, 0.0])
        .default_width(520.0)
        .show(&ctx, |ui| cmd = form(ui, session));
    if let Some(c) = cmd
        && let Err(e) = session.submit(c)
    {
        notices.status = format!("Refused: {e}");
    }
    Ok(())
}

fn form(ui: &mut egui::Ui, session: &mut DndSession) -> Option<Command> {
    let st = session.state().clone();
    let d = st.delve.as_ref()?;
    let viewer = session.viewer();
    let sees_all = session.shell.sees_all;
    ui.heading(&d.plan.name);
    ui.label(format!(
        "{} cleared ({} of {} encounters).",
        d.current().name,
        d.encounter + 1,
        d.plan.encounters.len()
    ));
    if let Some(next) = d.next() {
        ui.label(egui::RichText::new(format!("Ahead: {}. {}", next.name, next.text)).italics());
    }
    ui.separator();
    ui.label(
        "\"Resting characters remove all fatigue, regain all spell stones and removes one wound. \
         One or more characters may forgo these benefits and gain a fatigue to keep watch.\"",
    );
    let mut out = None;
    egui::Grid::new("dnd_camp_party")
        .num_columns(5)
        .striped(true)
        .show(ui, |ui| {
            ui.strong("Hero");
            ui.strong("Fatigue");
            ui.strong("Wounds");
            ui.strong("On watch");
            ui.strong("Keeps fatigue");
            ui.end_row();
            for i in 0..d.heroes {
                let c = &st.chars[i];
                let mut name = egui::RichText::new(c.name()).color(party_color(Party::Heroes));
                if c.dead {
                    name = name.strikethrough();
                }
                ui.label(name);
                if c.dead {
                    ui.label("dead");
                    ui.end_row();
                    continue;
                }
                ui.label(format!(
                    "{} of {} (armour {})",
                    c.fatigue,
                    c.sheet.max_fatigue(),
                    c.sheet.armour.fatigue()
                ));
                let damage = if c.sheet.lesser || viewer == Some(c.seat) || sees_all {
                    format!(" \u{b7} damage {}", c.damage)
                } else {
                    String::new()
                };
                let stones = if c.sheet.sorcerer() {
                    format!(
                        " \u{b7} stones {} of {} in the bag",
                        c.stones.bag.len(),
                        c.sheet.stones.len()
                    )
                } else {
                    String::new()
                };
                ui.label(format!("{}{damage}{stones}", c.wounds));
                let watch = &mut session.camp.watch[i];
                let ranks = rank(c, WATCH);
                ui.add_enabled(c.may_tire(), egui::Checkbox::new(watch, ""))
                    .on_hover_text(format!(
                        "Watch rank {ranks}: {} progress attempts",
                        max_attempts(ranks)
                    ))
                    .on_disabled_hover_text("at the fatigue maximum: too tired to keep watch");
                let spare = (c.fatigue - c.sheet.armour.fatigue()).max(0);
                let keep = &mut session.camp.keep[i];
                *keep = (*keep).clamp(0, spare);
                if *watch {
                    ui.label("");
                } else {
                    ui.add_enabled(spare > 0, egui::DragValue::new(keep).range(0..=spare));
                }
                ui.end_row();
            }
        });
    let watch: Vec<usize> = (0..d.heroes)
        .filter(|i| session.camp.watch[*i] && !st.chars[*i].dead)
        .collect();
    let keep: Vec<(usize, i32)> = (0..d.heroes)
        .filter(|i| !watch.contains(i) && session.camp.keep[*i] > 0)
        .map(|i| (i, session.camp.keep[i]))
        .collect();
    let p = plan(&st, &watch, &keep);
    ui.separator();
    if watch.is_empty() {
        ui.colored_label(
            egui::Color32::LIGHT_RED,
            "Nobody keeps watch: a rest without a watch is an ambush.",
        );
    } else {
        ui.label(format!(
            "The watch: a progress attempt is a saving throw, d6 against fatigue + difficulty {} \
             (1 + dungeon level {}) - INT; then one die for each progress against the \
             requirement {} (the fatigue the resters lose). A failure is an ambush.",
            1 + p.dungeon_level,
            p.dungeon_level,
            requirement(&st.chars[..d.heroes], &p)
        ));
    }
    if !keep.is_empty() {
        ui.label(
            "Fatigue kept lowers the requirement, but then no wound is removed and no stone \
             comes back.",
        );
    }
    ui.horizontal(|ui| {
        if ui
            .button(egui::RichText::new("Rest").strong())
            .on_hover_text(format!(
                "{}\nThe watch rolls: success, the others recuperate; failure, an ambush.",
                super::tips::Tip::Rest.quoted()
            ))
            .clicked()
        {
            out = Some(Command::Rest {
                watch: watch.clone(),
                keep: keep.clone(),
            });
        }
        if let Some(next) = d.next()
            && ui
                .button(format!("Go on to {}", next.name))
                .on_hover_text("the party goes on as it is")
                .clicked()
        {
            out = Some(Command::Onward);
        }
    });
    if d.rests > 0 {
        ui.separator();
        ui.strong("The last rest");
        let last = session
            .game
            .log
            .iter()
            .rposition(|l| matches!(l.cmd, Command::Rest { .. }));
        if let Some(k) = last {
            for l in session.game.journal.iter().filter(|l| l.command == k) {
                ui.small(&l.text);
            }
        }
    }
    out
}
