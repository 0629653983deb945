//! Krig's New game window (the two players' names and who plays each, the program at which
//! skill, the level, the seed), and how a Krig save opens at the table.

use super::session::KrigSession;
use crate::app::game::session::ActiveGame;
use crate::app::screens::play::new_game::{NewGame, errors_and_start, level_and_seed};
use crate::rules::core::{Player, RulesId, Skill};
use crate::rules::krig::rules::DEFAULT_LEVEL;
use crate::rules::krig::{KrigGame, KrigSetup};
use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};
use std::path::{Path, PathBuf};

pub fn plugin(app: &mut App) {
    app.init_resource::<NewKrigGame>().add_systems(
        EguiPrimaryContextPass,
        window.after(crate::app::base::sets::OverlaySet),
    );
}

#[derive(Resource)]
pub struct NewKrigGame {
    pub names: [String; 2],
    pub players: [Player; 2],
    /// How well the program plays each side it plays.
    pub skills: [Skill; 2],
    pub level: PathBuf,
    pub seed: String,
    pub errors: Vec<String>,
}

impl Default for NewKrigGame {
    fn default() -> Self {
        Self {
            names: ["Alejandro".into(), "Mark".into()],
            players: [Player::Human, Player::Program],
            skills: [Skill::Normal; 2],
            level: PathBuf::from(DEFAULT_LEVEL),
            seed: String::new(),
            errors: Vec::new(),
        }
    }
}

impl NewKrigGame {
    pub fn start(&self) -> Result<KrigSession, Vec<String>> {
        let setup = KrigSetup {
            seed: crate::app::screens::play::new_game::seed_or_clock(&self.seed)?,
            level: Some(self.level.clone()),
            names: self.names.clone(),
        };
        let mut g = KrigGame::new(setup)?;
        for (i, p) in self.players.iter().enumerate() {
            g.set_player(i as u8 + 1, *p);
            g.set_skill(i as u8 + 1, self.skills[i]);
        }
        Ok(KrigSession::new(g))
    }
}

fn window(
    mut contexts: EguiContexts,
    mut form: ResMut<NewKrigGame>,
    mut new_game: NewGame,
) -> Result {
    if !new_game.shown(RulesId::Krig) {
        return Ok(());
    }
    let ctx = contexts.ctx_mut()?.clone();
    let mut open = true;
    let mut start = false;
    let levels = crate::app::base::level_io::data_levels();
    egui::Window::new("New Krig game")
        .open(&mut open)
        .default_width(420.0)
        .show(&ctx, |ui| {
            let f = &mut *form;
            ui.label("Krig: two players, a d20 of health each; the last with hit points wins.");
            for i in 0..2 {
                ui.horizontal(|ui| {
                    ui.add_sized([120.0, 20.0], egui::TextEdit::singleline(&mut f.names[i]));
                    crate::app::ui_kit::skill_pick::who_plays(
                        ui,
                        ("krig_skill", i),
                        &mut f.players[i],
                        &mut f.skills[i],
                    );
                });
            }
            level_and_seed(ui, "krig_level", &levels, &mut f.level, &mut f.seed);
            start = errors_and_start(ui, &f.errors);
        });
    new_game.finish_form(start, open, &mut *form);
    Ok(())
}

impl crate::app::screens::play::new_game::GameForm for NewKrigGame {
    type Session = KrigSession;
    fn make(&self) -> Result<(Option<PathBuf>, KrigSession), Vec<String>> {
        let s = self.start()?;
        Ok((s.game.setup.level.clone(), s))
    }
    fn errors_mut(&mut self) -> &mut Vec<String> {
        &mut self.errors
    }
}

/// Opens a Krig save at the table.
pub fn load_for_play(path: &Path) -> Result<(ActiveGame, crate::data::LevelFile), Vec<String>> {
    crate::app::screens::play::new_game::open_save::<crate::rules::krig::Krig, _>(
        path,
        |s| s.level.clone(),
        KrigSession::new,
    )
}

/// A Krig session for a copy of an online game (the play registry's).
pub fn online_session(g: &dyn std::any::Any) -> Option<(ActiveGame, crate::data::LevelFile)> {
    crate::app::screens::play::new_game::from_game::<crate::rules::krig::Krig, _>(
        g,
        |s| s.level.clone(),
        KrigSession::new,
    )
}
