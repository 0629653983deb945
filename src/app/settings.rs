//! The player's settings, kept in the user's config folder (`settings.ron`; the folder can be
//! moved with `WARTABLE_CONFIG_DIR`): UI scale, the side colours, whether moves and shots are
//! animated, the Kry-Gothic interrupt countdown. A Settings window edits them; each change is
//! saved at once. A settings file that cannot be read leaves the defaults and says why.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};
use serde::{Deserialize, Serialize};
use std::path::PathBuf;

pub fn plugin(app: &mut App) {
    app.insert_resource(Settings::load_or_default())
        .init_resource::<SettingsWindow>()
        .add_systems(Startup, apply_loaded)
        .add_systems(
            EguiPrimaryContextPass,
            (settings_window, apply_scale).after(super::play::shell::PlayUi::Panels),
        );
}

/// The settings.
#[derive(Resource, Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Settings {
    /// Size of the panels and their text, 1.0 the usual.
    pub ui_scale: f32,
    /// The colours of sides (or seats) 1 to 6, as sRGB.
    pub side_colours: [[u8; 3]; 6],
    /// Whether models glide when the game moves them, attacks and hits are shown, and the dice
    /// of each roll are thrown into the dice tray.
    pub animate: bool,
    /// The Kry-Gothic interrupt countdown a new game starts with, in seconds (`None`: off).
    pub kry_countdown: Option<f32>,
    /// Keys bound instead of the defaults.
    pub keys: super::keys::Rebinds,
}

/// Okabe and Ito's colour-blind-safe palette: blue, vermillion, bluish green, orange, reddish
/// purple, sky blue.
pub const COLOUR_BLIND_SAFE: [[u8; 3]; 6] = [
    [0, 114, 178],
    [213, 94, 0],
    [0, 158, 115],
    [230, 159, 0],
    [204, 121, 167],
    [86, 180, 233],
];

pub const UI_SCALES: std::ops::RangeInclusive<f32> = 0.75..=2.0;

impl Default for Settings {
    fn default() -> Self {
        Self {
            ui_scale: 1.0,
            side_colours: COLOUR_BLIND_SAFE,
            animate: true,
            kry_countdown: Some(crate::app::kry::tempo::DEFAULT_COUNTDOWN),
            keys: Vec::new(),
        }
    }
}

/// Whether the Settings window is open, what loading or saving last said, and the action
/// waiting for its new key.
#[derive(Resource, Debug, Default)]
pub struct SettingsWindow {
    pub open: bool,
    pub message: Option<String>,
    pub rebinding: Option<super::keys::Key>,
}

/// A key's name as the Settings window shows it.
fn key_name(k: KeyCode) -> String {
    let s = format!("{k:?}");
    s.strip_prefix("Key")
        .or_else(|| s.strip_prefix("Digit"))
        .unwrap_or(&s)
        .to_string()
}

/// Where the settings live: `$WARTABLE_CONFIG_DIR/settings.ron`, or the user's config folder.
pub fn settings_path() -> Option<PathBuf> {
    if let Some(dir) = std::env::var_os("WARTABLE_CONFIG_DIR") {
        return Some(PathBuf::from(dir).join("settings.ron"));
    }
    directories::ProjectDirs::from("org", "Wartable", "wartable")
        .map(|d| d.config_dir().join("settings.ron"))
}

impl Settings {
    /// Reads settings from RON text, with a located error; values out of range are brought
    /// into range.
    pub fn from_ron(text: &str, file: &str) -> Result<Self, String> {
        let mut s: Settings = ron::from_str(text).map_err(|e| {
            format!(
                "{file}:{}:{}: {}",
                e.position.line.max(1),
                e.position.col.max(1),
                e.code
            )
        })?;
        if !s.ui_scale.is_finite() {
            s.ui_scale = 1.0;
        }
        s.ui_scale = s.ui_scale.clamp(*UI_SCALES.start(), *UI_SCALES.end());
        s.kry_countdown = s
            .kry_countdown
            .filter(|c| c.is_finite())
            .map(|c| c.clamp(1.0, 15.0));
        Ok(s)
    }

    /// The settings file's contents, or the defaults (and why, if the file was there but bad).
    pub fn load(path: &std::path::Path) -> (Self, Option<String>) {
        match std::fs::read_to_string(path) {
            Ok(text) => match Self::from_ron(&text, &path.display().to_string()) {
                Ok(s) => (s, None),
                Err(e) => (Self::default(), Some(format!("settings not read: {e}"))),
            },
            Err(_) => (Self::default(), None),
        }
    }

    fn load_or_default() -> Self {
        let Some(path) = settings_path() else {
            return Self::default();
        };
        let (s, err) = Self::load(&path);
        if let Some(e) = err {
            warn!("{e}");
        }
        s
    }

    /// Writes the settings, atomically.
    pub fn save(&self, path: &std::path::Path) -> Result<(), String> {
        let text = ron::ser::to_string_pretty(self, ron::ser::PrettyConfig::default())
            .map_err(|e| e.to_string())?;
        if let Some(dir) = path.parent() {
            std::fs::create_dir_all(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
        }
        let tmp = path.with_extension("ron.tmp");
        std::fs::write(&tmp, text).map_err(|e| format!("{}: {e}", tmp.display()))?;
        std::fs::rename(&tmp, path).map_err(|e| format!("{}: {e}", path.display()))
    }
}

fn apply_loaded(settings: Res<Settings>, mut form: ResMut<crate::app::kry::menu::NewKryGame>) {
    super::visuals::set_side_colours(settings.side_colours);
    form.countdown_on = settings.kry_countdown.is_some();
    if let Some(c) = settings.kry_countdown {
        form.countdown = c;
    }
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
    mut kry_form: ResMut<crate::app::kry::menu::NewKryGame>,
    mut recolour: MessageWriter<super::visuals::Recolour>,
    raw: Res<ButtonInput<KeyCode>>,
    mut maps: Query<
        &mut leafwing_input_manager::prelude::InputMap<super::keys::Key>,
        With<super::keys::Bindings>,
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
                            .unwrap_or(crate::app::kry::tempo::DEFAULT_COUNTDOWN);
                        ui.add_enabled(on, egui::Slider::new(&mut secs, 1.0..=15.0).suffix(" s"));
                        s.kry_countdown = on.then_some(secs);
                    });
                    ui.end_row();
                });
            ui.collapsing("Keys", |ui| {
                egui::Grid::new("keys_grid")
                    .num_columns(3)
                    .striped(true)
                    .show(ui, |ui| {
                        for key in super::keys::Key::ALL {
                            ui.label(key.label());
                            let bound = super::keys::bound(&s.keys, key);
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
            super::visuals::set_side_colours(s.side_colours);
            recolour.write(super::visuals::Recolour);
        }
        if s.kry_countdown != settings.kry_countdown {
            kry_form.countdown_on = s.kry_countdown.is_some();
            if let Some(c) = s.kry_countdown {
                kry_form.countdown = c;
            }
        }
        if s.keys != settings.keys {
            for mut map in &mut maps {
                super::keys::rebind(&mut map, &s.keys);
            }
        }
        window.message = settings_path().and_then(|p| s.save(&p).err());
        *settings = s;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn settings_round_trip_through_their_file() {
        let dir = std::env::temp_dir().join(format!("wartable-settings-{}", std::process::id()));
        let path = dir.join("nested").join("settings.ron");
        let s = Settings {
            ui_scale: 1.5,
            side_colours: [[1, 2, 3]; 6],
            animate: false,
            kry_countdown: None,
            keys: vec![(super::super::keys::Key::Grid, vec![KeyCode::KeyX])],
        };
        s.save(&path).expect("saves");
        assert_eq!(Settings::load(&path), (s, None));
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn a_missing_file_gives_the_defaults_quietly_and_a_bad_one_says_where() {
        let missing = std::env::temp_dir().join("wartable-no-such-dir/settings.ron");
        assert_eq!(Settings::load(&missing), (Settings::default(), None));
        let err = Settings::from_ron("(ui_scale: 1.0,\n animate: maybe)", "s.ron").unwrap_err();
        assert!(err.starts_with("s.ron:2:"), "{err}");
        let err = Settings::from_ron("(colours: [])", "s.ron").unwrap_err();
        assert!(err.contains("colours"), "{err}");
    }

    #[test]
    fn values_out_of_range_are_brought_back() {
        let s = Settings::from_ron("(ui_scale: 40.0, kry_countdown: Some(99.0))", "s").unwrap();
        assert_eq!((s.ui_scale, s.kry_countdown), (2.0, Some(15.0)));
        let s = Settings::from_ron("(ui_scale: 0.1)", "s").unwrap();
        assert_eq!(s.ui_scale, 0.75);
        // Fields left out keep their defaults.
        assert_eq!(s.side_colours, COLOUR_BLIND_SAFE);
        assert!(s.animate);
    }
}
