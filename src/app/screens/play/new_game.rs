//! What every New game window shares: when it shows (its rule set chosen, no game under way),
//! the level and seed rows, the errors and the Start button, and starting the game at the table.

use crate::app::base::mode::Mode;
use crate::app::base::nav::MainMenu;
use crate::app::base::state::{ActiveTool, Notices, Selection, TableState};
use crate::app::game::session::ActiveGame;
use crate::rules::core::RulesId;
use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use bevy_egui::egui;
use std::path::PathBuf;

/// The resources a New game window needs to start a game.
#[derive(SystemParam)]
pub struct NewGame<'w, 's> {
    pub main: ResMut<'w, MainMenu>,
    commands: Commands<'w, 's>,
    mode: Res<'w, State<Mode>>,
    tool: ResMut<'w, ActiveTool>,
    notices: ResMut<'w, Notices>,
    sel: ResMut<'w, Selection>,
    state: Option<ResMut<'w, TableState>>,
    active: Option<Res<'w, ActiveGame>>,
}

impl NewGame<'_, '_> {
    /// Whether `rules`' New game window is to be shown now.
    pub fn shown(&self, rules: RulesId) -> bool {
        self.main.new_game == Some(rules)
            && !(self.active.is_some() && *self.mode.get() == Mode::Game)
            && self.state.is_some()
    }

    /// Starts `game` on `level` at the table and closes the window.
    pub fn begin(&mut self, level: crate::data::LevelFile, game: ActiveGame) {
        let Some(state) = self.state.as_mut() else {
            return;
        };
        self.main.new_game = None;
        self.sel.0 = None;
        *self.tool = ActiveTool::Select;
        crate::app::game::session::begin(&mut self.commands, state, &mut self.notices, level, game);
    }

    /// Closes the window (the main menu shows again if it was open).
    pub fn close(&mut self) {
        self.main.new_game = None;
    }

    /// After the window is drawn: starts the game `make` builds when Start was clicked, and
    /// closes the window when its X was. When Start was clicked: the form's errors (none if the
    /// game started).
    pub fn finish(
        &mut self,
        start: bool,
        open: bool,
        make: impl FnOnce() -> Result<(crate::data::LevelFile, ActiveGame), Vec<String>>,
    ) -> Option<Vec<String>> {
        let mut errors = None;
        if start {
            errors = Some(match make() {
                Ok((level, game)) => {
                    self.begin(level, game);
                    Vec::new()
                }
                Err(e) => e,
            });
        }
        if !open {
            self.close();
        }
        errors
    }
}

/// The level picker and the seed field.
pub fn level_and_seed(
    ui: &mut egui::Ui,
    salt: &str,
    levels: &[PathBuf],
    level: &mut PathBuf,
    seed: &mut String,
) {
    ui.horizontal(|ui| {
        ui.label("Level:");
        egui::ComboBox::from_id_salt(salt)
            .selected_text(level.display().to_string())
            .show_ui(ui, |ui| {
                for p in levels {
                    let name = p
                        .file_name()
                        .map_or(String::new(), |n| n.to_string_lossy().to_string());
                    ui.selectable_value(level, p.clone(), name);
                }
            });
    });
    ui.horizontal(|ui| {
        ui.label("Seed:");
        ui.add(egui::TextEdit::singleline(seed).hint_text("from the clock"));
    });
}

/// The form's errors and its Start button: whether Start was clicked.
pub fn errors_and_start(ui: &mut egui::Ui, errors: &[String]) -> bool {
    for e in errors {
        ui.colored_label(egui::Color32::LIGHT_RED, e);
    }
    ui.button("Start").clicked()
}

/// A countdown's row: `label`, its seconds (0 to `max`) and what 0 means.
pub fn countdown_row(ui: &mut egui::Ui, label: &str, secs: &mut f32, max: f32, zero: &str) {
    ui.horizontal(|ui| {
        ui.label(label);
        ui.add(egui::DragValue::new(secs).range(0.0..=max).speed(0.5));
        ui.weak(zero);
    });
}

/// A New game form that makes a session on a level named by path (the bare table for `None`).
pub trait GameForm {
    type Session: crate::app::game::session::PlaySession;
    fn make(&self) -> Result<(Option<PathBuf>, Self::Session), Vec<String>>;
    fn errors_mut(&mut self) -> &mut Vec<String>;
}

impl NewGame<'_, '_> {
    /// [`Self::finish`] for a [`GameForm`]: its errors are put back in the form.
    pub fn finish_form<F: GameForm>(&mut self, start: bool, open: bool, form: &mut F) {
        let made = self.finish(start, open, || {
            let (level, s) = form.make()?;
            Ok((level_file(&level), ActiveGame::new(s)))
        });
        if let Some(e) = made {
            *form.errors_mut() = e;
        }
    }
}

/// Opens a save of rule set `R` at the table: the game loaded and replayed, its level (by the
/// path `level` gives from the setup), the session `make` builds, with the save's path and any
/// load warning in its shell.
pub fn open_save<R, S>(
    path: &std::path::Path,
    level: impl FnOnce(&R::Setup) -> Option<PathBuf>,
    make: impl FnOnce(crate::rules::core::Game<R>) -> S,
) -> Result<(ActiveGame, crate::data::LevelFile), Vec<String>>
where
    R: crate::rules::core::RuleSet,
    S: crate::app::game::session::PlaySession,
{
    let (g, warning) = crate::rules::core::Game::<R>::load_with_warning(path)
        .map_err(|e| e.iter().map(ToString::to_string).collect::<Vec<_>>())?;
    let level = level_file(&level(&g.setup));
    let mut s = make(g);
    let n = s.game().commands();
    let shell = s.shell_mut();
    shell.save_path = Some(path.to_path_buf());
    shell.saved_commands = Some(n);
    shell.last_error = warning.map(|w| format!("Loaded with a warning: {w}"));
    Ok((ActiveGame::new(s), level))
}

/// A session of rule set `R` for a copy of `game` (a `Game<R>`), with its level (by the path
/// `level` gives from the setup): for an online game, whose game is kept by the network.
pub fn from_game<R, S>(
    game: &dyn std::any::Any,
    level: impl FnOnce(&R::Setup) -> Option<PathBuf>,
    make: impl FnOnce(crate::rules::core::Game<R>) -> S,
) -> Option<(ActiveGame, crate::data::LevelFile)>
where
    R: crate::rules::core::RuleSet,
    S: crate::app::game::session::PlaySession,
{
    let g = game.downcast_ref::<crate::rules::core::Game<R>>()?.clone();
    let level = level_file(&level(&g.setup));
    Some((ActiveGame::new(make(g)), level))
}

/// The level file a duel game stands on (a bare table if it cannot be read).
pub fn level_file(path: &Option<std::path::PathBuf>) -> crate::data::LevelFile {
    match path {
        Some(p) => crate::rules::duel::level(p).map(|l| l.0.clone()),
        None => Ok(crate::rules::duel::bare().0.clone()),
    }
    .unwrap_or_else(|_| crate::rules::duel::bare().0.clone())
}

/// The seed typed in a New game window, or the clock's seconds when left empty.
pub fn seed_or_clock(text: &str) -> Result<u64, Vec<String>> {
    if text.trim().is_empty() {
        return Ok(std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(1, |d| d.as_secs()));
    }
    text.trim()
        .parse::<u64>()
        .map_err(|_| vec![format!("the seed '{text}' is not a whole number")])
}
