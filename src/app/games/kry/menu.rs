//! Kry-Gothic's New game window (each side's team, the scenario or a random mission, the level,
//! who plays each side, the interrupt countdown, the seed), and how a Kry-Gothic save opens at
//! the table.

use super::session::KrySession;
use super::tempo::DEFAULT_COUNTDOWN;
use crate::app::base::level_io::{list_levels, resolve_data_path};
use crate::app::game::session::ActiveGame;
use crate::app::screens::play::new_game::{NewGame, errors_and_start};
use crate::rules::core::{Player, QuickSetup, RuleSet, RulesId};
use crate::rules::kry::{Kry, KryGame};
use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};
use std::path::{Path, PathBuf};

/// The shipped teams.
pub const SHIPPED_TEAMS: &str = "assets/forces/kry-gothic";

/// Every team on offer: the shipped ones, then the player's own.
pub fn team_files() -> Vec<PathBuf> {
    crate::app::base::files::with_user_files(
        &resolve_data_path(Path::new(SHIPPED_TEAMS)),
        super::roster::USER_TEAMS,
    )
}

/// The New game window's countdown follows the player's settings: the one they were read with,
/// then each change made in the Settings window (a change made on the form itself stays until
/// the setting changes).
fn follow_settings(
    settings: Option<Res<crate::app::base::settings::Settings>>,
    mut form: ResMut<NewKryGame>,
    mut seen: Local<Option<Option<f32>>>,
) {
    let Some(settings) = settings else { return };
    if *seen == Some(settings.kry_countdown) {
        return;
    }
    *seen = Some(settings.kry_countdown);
    form.countdown_on = settings.kry_countdown.is_some();
    if let Some(c) = settings.kry_countdown {
        form.countdown = c;
    }
}

pub fn plugin(app: &mut App) {
    app.init_resource::<NewKryGame>()
        .add_systems(Startup, follow_settings)
        .add_systems(Update, follow_settings)
        .add_systems(
        EguiPrimaryContextPass,
        window.after(crate::app::screens::sandbox_bar::OverlaySet),
    );
}

const SCENARIOS: [(&str, &str); 4] = [
    ("deathmatch", "Deathmatch"),
    ("dark", "Dark deathmatch"),
    ("breach", "Breach"),
    ("random", "Random mission (from the seed)"),
];

/// The New game form.
#[derive(Resource)]
pub struct NewKryGame {
    pub teams: [PathBuf; 2],
    pub scenario: usize,
    pub level: PathBuf,
    pub players: [Player; 2],
    /// How well the program plays each side it plays.
    pub skills: [crate::rules::core::Skill; 2],
    pub countdown_on: bool,
    pub countdown: f32,
    pub rounds: u32,
    pub seed: String,
    pub errors: Vec<String>,
    /// The team builder, when open.
    pub roster: Option<super::roster::Roster>,
    catalogue: Option<Result<crate::rules::kry::catalogue::Catalogue, Vec<String>>>,
}

impl Default for NewKryGame {
    fn default() -> Self {
        Self {
            teams: crate::rules::kry::rule_set::DEFAULT_FORCES.map(PathBuf::from),
            scenario: 0,
            level: PathBuf::from(crate::rules::kry::rule_set::DEFAULT_LEVEL),
            players: [Player::Human, Player::Program],
            skills: [crate::rules::core::Skill::Normal; 2],
            countdown_on: true,
            countdown: DEFAULT_COUNTDOWN,
            rounds: 8,
            seed: String::new(),
            errors: Vec::new(),
            roster: None,
            catalogue: None,
        }
    }
}

impl NewKryGame {
    /// The shipped catalogue, read once.
    pub fn catalogue(&mut self) -> Result<&crate::rules::kry::catalogue::Catalogue, Vec<String>> {
        self.catalogue
            .get_or_insert_with(|| {
                crate::rules::kry::catalogue::shipped()
                    .map_err(|e| e.iter().map(ToString::to_string).collect())
            })
            .as_ref()
            .map_err(Clone::clone)
    }

    /// Opens the team builder for `side`, on the team chosen for it.
    pub fn build_team(&mut self, side: usize) {
        let o = crate::rules::kry::options::KryOptions::default();
        let path = resolve_data_path(&self.teams[side]);
        let force = match self.catalogue() {
            Ok(cat) => {
                crate::rules::kry::force::load_force(&path, cat, o.cost_cap, o.max_models).ok()
            }
            Err(_) => None,
        };
        let force = force.unwrap_or_else(|| crate::rules::kry::force::KryForce {
            name: "My team".into(),
            team: "The Earth Confederate".into(),
            models: Vec::new(),
        });
        self.roster = Some(super::roster::Roster::new(force, side));
    }

    /// The game this form sets up.
    pub fn start(&self) -> Result<KrySession, Vec<String>> {
        let seed = crate::app::games::duel::seed_or_clock(&self.seed)?;
        let q = QuickSetup {
            seed,
            level: Some(self.level.clone()),
            forces: self.teams.to_vec(),
            scenario: Some(SCENARIOS[self.scenario.min(3)].0.to_string()),
            rounds: Some(self.rounds),
            players: None,
        };
        let mut g = KryGame::new(Kry::quick_setup(&q)?)?;
        for (i, p) in self.players.iter().enumerate() {
            g.set_player(i as u8 + 1, *p);
            g.set_skill(i as u8 + 1, self.skills[i]);
        }
        Ok(KrySession::new(
            g,
            self.countdown_on.then_some(self.countdown),
        ))
    }
}

fn name(p: &Path) -> String {
    p.file_stem().map_or_else(
        || p.display().to_string(),
        |n| n.to_string_lossy().into_owned(),
    )
}

fn window(
    mut contexts: EguiContexts,
    mut form: ResMut<NewKryGame>,
    mut new_game: NewGame,
    settings: Option<Res<crate::app::base::settings::Settings>>,
) -> Result {
    if !new_game.shown(RulesId::KryGothic) {
        return Ok(());
    }
    let ctx = contexts.ctx_mut()?.clone();
    let mut open = true;
    let mut start = false;
    let mut build = None;
    let teams = team_files();
    // The interrupt keys as the settings bind them.
    let key_label = |k: crate::app::base::keys::Key| match &settings {
        Some(s) => crate::app::base::keys::first_key_label(crate::app::base::keys::bound(&s.keys, k)),
        None => crate::app::base::keys::first_key_label(k.defaults()),
    };
    let levels = list_levels(&resolve_data_path(Path::new("levels")));
    egui::Window::new("New Kry-Gothic game")
        .open(&mut open)
        .default_width(480.0)
        .show(&ctx, |ui| {
            egui::Grid::new("new_kry").num_columns(2).show(ui, |ui| {
                for side in 0..2 {
                    ui.label(format!("Side {} team", side + 1));
                    ui.horizontal(|ui| {
                        egui::ComboBox::from_id_salt(("kry_team", side))
                            .selected_text(name(&form.teams[side]))
                            .show_ui(ui, |ui| {
                                for t in &teams {
                                    ui.selectable_value(&mut form.teams[side], t.clone(), name(t));
                                }
                            });
                        if ui
                            .button("Team builder\u{2026}")
                            .on_hover_text("edit this roster and save it as a team of your own")
                            .clicked()
                        {
                            build = Some(side);
                        }
                    });
                    ui.end_row();
                    ui.label(format!("Side {} played by", side + 1));
                    ui.horizontal(|ui| {
                        let f = &mut *form;
                        crate::app::ui_kit::skill_pick::who_plays(
                            ui,
                            ("kry_skill", side),
                            &mut f.players[side],
                            &mut f.skills[side],
                        );
                    });
                    ui.end_row();
                }
                ui.label("Scenario");
                egui::ComboBox::from_id_salt("kry_scenario")
                    .selected_text(SCENARIOS[form.scenario.min(3)].1)
                    .show_ui(ui, |ui| {
                        for (i, (_, label)) in SCENARIOS.iter().enumerate() {
                            ui.selectable_value(&mut form.scenario, i, *label);
                        }
                    });
                ui.end_row();
                ui.label("Level");
                egui::ComboBox::from_id_salt("kry_level")
                    .selected_text(name(&form.level))
                    .show_ui(ui, |ui| {
                        for l in &levels {
                            ui.selectable_value(&mut form.level, l.clone(), name(l));
                        }
                    });
                ui.end_row();
                ui.label("Interrupt countdown");
                ui.horizontal(|ui| {
                    ui.checkbox(&mut form.countdown_on, "on");
                    ui.add_enabled(
                        form.countdown_on,
                        egui::Slider::new(&mut form.countdown, 1.0..=15.0).suffix(" s"),
                    );
                });
                ui.end_row();
                ui.label("AP rounds");
                ui.add(egui::Slider::new(&mut form.rounds, 1..=20));
                ui.end_row();
                ui.label("Seed");
                ui.add(egui::TextEdit::singleline(&mut form.seed).hint_text("random"));
                ui.end_row();
            });
            ui.label(format!(
                "Interrupt keys: side 1 {}, side 2 {} (or the buttons in the bar).",
                key_label(crate::app::base::keys::Key::InterruptSide1),
                key_label(crate::app::base::keys::Key::InterruptSide2)
            ));
            start = errors_and_start(ui, &form.errors);
        });
    if let Some(side) = build {
        form.build_team(side);
    }
    if let Some(mut r) = form.roster.take() {
        let o = crate::rules::kry::options::KryOptions::default();
        let mut keep = true;
        if let Ok(cat) = form.catalogue().cloned()
            && let Some(p) = super::roster::roster_window(
                &ctx,
                &mut r,
                &cat,
                o.cost_cap,
                o.max_models,
                &mut keep,
            )
        {
            form.teams[r.side] = p;
            keep = false;
        }
        if keep {
            form.roster = Some(r);
        }
    }
    let made = new_game.finish(start, open, || {
        let s = form.start()?;
        Ok((s.game.setup.level.clone(), ActiveGame::new(s)))
    });
    if let Some(errors) = made {
        form.errors = errors;
    }
    Ok(())
}

/// Opens a Kry-Gothic save at the table (the play registry's loader), with the default
/// countdown.
pub fn load_for_play(path: &Path) -> Result<(ActiveGame, crate::data::LevelFile), Vec<String>> {
    let (g, warning) = KryGame::load_with_warning(path)
        .map_err(|e| e.iter().map(ToString::to_string).collect::<Vec<_>>())?;
    let level = g.setup.level.clone();
    let mut s = KrySession::new(g, Some(DEFAULT_COUNTDOWN));
    s.shell.save_path = Some(path.to_path_buf());
    s.shell.saved_commands = Some(s.game.log.len());
    s.shell.last_error = warning.map(|w| format!("Loaded with a warning: {w}"));
    Ok((ActiveGame::new(s), level))
}

/// A Kry-Gothic session for a copy of an online game (the play registry's): no interrupt
/// countdown (the windows close when both sides have answered).
pub fn online_session(g: &dyn std::any::Any) -> Option<(ActiveGame, crate::data::LevelFile)> {
    let g = g.downcast_ref::<KryGame>()?.clone();
    let level = g.setup.level.clone();
    Some((ActiveGame::new(KrySession::new(g, None)), level))
}
