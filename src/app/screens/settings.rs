//! The Settings window: it edits the player's settings (UI scale, the side colours, whether moves
//! and shots are animated, the Kry-Gothic interrupt countdown, the keys) and saves each change at
//! once; the settings themselves and their file are `crate::app::base::settings`.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

pub use crate::app::base::settings::{
    COLOUR_BLIND_SAFE, Settings, SettingsWindow, UI_SCALES, settings_path,
};

pub fn plugin(app: &mut App) {
    app.insert_resource(Settings::load_or_default())
        .init_resource::<SettingsWindow>()
        .add_systems(Startup, apply_loaded)
        .add_systems(
            EguiPrimaryContextPass,
            (settings_window, apply_scale).after(crate::app::base::sets::PlayUi::Panels),
        );
}

use crate::app::base::key_help::key_name;

fn apply_loaded(settings: Res<Settings>) {
    crate::app::view::visuals::set_side_colours(settings.side_colours);
}

fn apply_scale(mut contexts: EguiContexts, settings: Res<Settings>) -> Result {
    let ctx = contexts.ctx_mut()?;
    if (ctx.zoom_factor() - settings.ui_scale).abs() > 1e-4 {
        ctx.set_zoom_factor(settings.ui_scale);
    }
    Ok(())
}

fn settings_window(
    mut contexts: EguiContexts,
    mut settings: ResMut<Settings>,
    mut window: ResMut<SettingsWindow>,
    mut recolour: MessageWriter<crate::app::view::visuals::Recolour>,
    packs: Option<ResMut<crate::app::screens::packs_window::PacksWindow>>,
    raw: Res<ButtonInput<KeyCode>>,
    mut maps: Query<
        &mut leafwing_input_manager::prelude::InputMap<crate::app::base::keys::Key>,
        With<crate::app::base::keys::Bindings>,
    >,
) -> Result {
    if !window.open {
        return Ok(());
    }
    let ctx = contexts.ctx_mut()?.clone();
    let mut s = settings.clone();
    let mut open = true;
    // The next key pressed is the new binding (Esc keeps the old one).
    if let Some(key) = window.rebinding
        && let Some(code) = raw.get_just_pressed().next().copied()
    {
        window.rebinding = None;
        if code != KeyCode::Escape {
            s.keys.retain(|(k, _)| *k != key);
            if key.defaults() != [code] {
                s.keys.push((key, vec![code]));
            }
        }
    }
    egui::Window::new("Settings")
        .open(&mut open)
        .collapsible(false)
        .resizable(false)
        .show(&ctx, |ui| {
            egui::Grid::new("settings_grid")
                .num_columns(2)
                .spacing([12.0, 8.0])
                .show(ui, |ui| {
                    ui.label("UI scale");
                    ui.add(egui::Slider::new(&mut s.ui_scale, UI_SCALES).step_by(0.05));
                    ui.end_row();
                    ui.label("Side colours");
                    ui.horizontal(|ui| {
                        for (i, c) in s.side_colours.iter_mut().enumerate() {
                            ui.label(format!("{}", i + 1));
                            ui.color_edit_button_srgb(c);
                        }
                    });
                    ui.end_row();
                    ui.label("");
                    if ui
                        .add_enabled(
                            s.side_colours != COLOUR_BLIND_SAFE,
                            egui::Button::new("Colour-blind-safe colours"),
                        )
                        .clicked()
                    {
                        s.side_colours = COLOUR_BLIND_SAFE;
                    }
                    ui.end_row();
                    ui.label("Animation");
                    ui.checkbox(
                        &mut s.animate,
                        "models glide, attacks and hits show, dice roll in the tray",
                    );
                    ui.end_row();
                    ui.label("Kry-Gothic countdown");
                    ui.horizontal(|ui| {
                        let mut on = s.kry_countdown.is_some();
                        ui.checkbox(&mut on, "on");
                        let mut secs = s
                            .kry_countdown
                            .unwrap_or(crate::rules::kry::tempo::DEFAULT_COUNTDOWN);
                        ui.add_enabled(on, egui::Slider::new(&mut secs, 1.0..=15.0).suffix(" s"));
                        s.kry_countdown = on.then_some(secs);
                    });
                    ui.end_row();
                });
            ui.collapsing("Online", |ui| {
                let o = &mut s.online;
                egui::Grid::new("online_grid")
                    .num_columns(2)
                    .show(ui, |ui| {
                        ui.label("Signalling server");
                        ui.text_edit_singleline(&mut o.signal)
                            .on_hover_text("where games over the internet meet: wartable signal");
                        ui.end_row();
                        ui.label("STUN servers");
                        ui.text_edit_singleline(&mut o.stun).on_hover_text(
                            "comma-separated; empty or none: this machine's own addresses only",
                        );
                        ui.end_row();
                        ui.label("TURN relay");
                        ui.add(egui::TextEdit::singleline(&mut o.turn).hint_text("turn:HOST:3478"));
                        ui.end_row();
                        ui.label("TURN user");
                        ui.text_edit_singleline(&mut o.turn_user);
                        ui.end_row();
                        ui.label("TURN credential");
                        ui.add(egui::TextEdit::singleline(&mut o.turn_credential).password(true));
                        ui.end_row();
                    });
            });
            ui.collapsing("Keys", |ui| {
                egui::Grid::new("keys_grid")
                    .num_columns(3)
                    .striped(true)
                    .show(ui, |ui| {
                        for key in crate::app::base::keys::Key::ALL {
                            ui.label(key.label());
                            let bound = crate::app::base::keys::bound(&s.keys, key);
                            let names: Vec<String> = bound.iter().map(|k| key_name(*k)).collect();
                            if window.rebinding == Some(key) {
                                ui.colored_label(egui::Color32::YELLOW, "press a key (Esc: keep)");
                            } else {
                                ui.monospace(names.join(" / "));
                            }
                            if ui.small_button("Change").clicked() {
                                window.rebinding = Some(key);
                            }
                            ui.end_row();
                        }
                    });
                if ui
                    .add_enabled(!s.keys.is_empty(), egui::Button::new("Default keys"))
                    .clicked()
                {
                    s.keys.clear();
                }
            });
            if let Some(mut packs) = packs
                && ui
                    .button("Model packs...")
                    .on_hover_text("your own miniatures and terrain models on the table")
                    .clicked()
            {
                packs.open = true;
            }
            ui.separator();
            ui.label(
                egui::RichText::new(match settings_path() {
                    Some(p) => format!("Saved in {}", p.display()),
                    None => "No config folder: settings last until the program closes".into(),
                })
                .small(),
            );
            if let Some(m) = &window.message {
                ui.colored_label(egui::Color32::LIGHT_RED, m);
            }
        });
    window.open = open;
    if s != *settings {
        if s.side_colours != settings.side_colours {
            crate::app::view::visuals::set_side_colours(s.side_colours);
            recolour.write(crate::app::view::visuals::Recolour);
        }
        if s.keys != settings.keys {
            for mut map in &mut maps {
                crate::app::base::keys::rebind(&mut map, &s.keys);
            }
        }
        window.message = settings_path().and_then(|p| s.save(&p).err());
        *settings = s;
    }
    Ok(())
}
