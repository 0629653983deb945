//! KtOG's New game window (2 to 6 players, each one's name, persona, hit points and who plays
//! it, the program at which skill; the text's variants; the level; the Dodge countdown; the
//! seed), and how a KtOG save opens at the table.

use super::session::KtogSession;
use crate::app::game::session::ActiveGame;
use crate::app::screens::play::new_game::{NewGame, countdown_row, errors_and_start, level_and_seed};
use crate::rules::core::{Player, RulesId, Skill};
use crate::rules::ktog::options::{DEFAULT_LEVEL, FIGHTER_HP, FIGHTER_TO_HIT, HIT_POINTS, NAMES};
use crate::rules::ktog::{
    InitiativeDie, InitiativeRule, KtogGame, KtogOptions, KtogSetup, Persona, PlayerSetup,
};
use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};
use std::path::{Path, PathBuf};

pub fn plugin(app: &mut App) {
    app.init_resource::<NewKtogGame>().add_systems(
        EguiPrimaryContextPass,
        window.after(crate::app::base::sets::OverlaySet),
    );
}

/// The New game form.
#[derive(Resource)]
pub struct NewKtogGame {
    pub players: Vec<(PlayerSetup, Player)>,
    /// How well the program plays each player it plays, in seat order (a player without an
    /// entry: Normal).
    pub skills: Vec<Skill>,
    pub options: KtogOptions,
    pub level: PathBuf,
    /// The Dodge prompt's countdown, seconds (0: off).
    pub pause: f32,
    pub seed: String,
    pub errors: Vec<String>,
}

impl Default for NewKtogGame {
    fn default() -> Self {
        Self {
            players: (0..3)
                .map(|i| {
                    (
                        PlayerSetup {
                            name: NAMES[i].into(),
                            hp: 20,
                            persona: Persona::Plain,
                        },
                        if i == 0 {
                            Player::Human
                        } else {
                            Player::Program
                        },
                    )
                })
                .collect(),
            skills: vec![Skill::Normal; 3],
            options: KtogOptions::default(),
            level: PathBuf::from(DEFAULT_LEVEL),
            pause: 5.0,
            seed: String::new(),
            errors: Vec::new(),
        }
    }
}

impl NewKtogGame {
    pub fn start(&self) -> Result<KtogSession, Vec<String>> {
        let seed = crate::app::screens::play::new_game::seed_or_clock(&self.seed)?;
        let setup = KtogSetup {
            seed,
            level: Some(self.level.clone()),
            players: self.players.iter().map(|p| p.0.clone()).collect(),
            options: self.options.clone(),
        };
        let mut g = KtogGame::new(setup)?;
        for (i, p) in self.players.iter().enumerate() {
            g.set_player(i as u8 + 1, p.1);
            g.set_skill(i as u8 + 1, self.skills.get(i).copied().unwrap_or_default());
        }
        Ok(KtogSession::new(
            g,
            (self.pause > 0.0).then_some(self.pause),
        ))
    }
}

fn window(
    mut contexts: EguiContexts,
    mut form: ResMut<NewKtogGame>,
    mut new_game: NewGame,
) -> Result {
    if !new_game.shown(RulesId::Ktog) {
        return Ok(());
    }
    let ctx = contexts.ctx_mut()?.clone();
    let mut open = true;
    let mut start = false;
    let levels = crate::app::base::level_io::data_levels();
    egui::Window::new("New KtOG game")
        .open(&mut open)
        .default_width(520.0)
        .show(&ctx, |ui| {
            let f = &mut *form;
            ui.label("Kill the Other Guy: 2 to 6 players, the last one standing wins.");
            egui::Grid::new("ktog_players")
                .num_columns(4)
                .show(ui, |ui| {
                    ui.strong("player");
                    ui.strong("hit points");
                    ui.strong("persona");
                    ui.strong("played by");
                    ui.end_row();
                    for (i, (p, who)) in f.players.iter_mut().enumerate() {
                        ui.add_sized([110.0, 20.0], egui::TextEdit::singleline(&mut p.name))
                            .on_hover_text(format!("seat {}", i + 1));
                        ui.add(egui::DragValue::new(&mut p.hp).range(HIT_POINTS))
                            .on_hover_text("\"usually 15 to 25\"");
                        egui::ComboBox::from_id_salt(("ktog_persona", i))
                            .selected_text(match p.persona {
                                Persona::Plain => "plain",
                                Persona::Fighter => "Fighter",
                                Persona::MagicUser => "Magic-user",
                            })
                            .show_ui(ui, |ui| {
                                ui.selectable_value(&mut p.persona, Persona::Plain, "plain");
                                ui.selectable_value(&mut p.persona, Persona::Fighter, "Fighter");
                                ui.selectable_value(
                                    &mut p.persona,
                                    Persona::MagicUser,
                                    "Magic-user",
                                );
                            });
                        ui.horizontal(|ui| {
                            crate::app::ui_kit::skill_pick::who_plays(
                                ui,
                                ("ktog_skill", i),
                                who,
                                crate::app::ui_kit::skill_pick::skill_at(&mut f.skills, i),
                            );
                        });
                        ui.end_row();
                    }
                });
            ui.horizontal(|ui| {
                if f.players.len() < 6 && ui.button("Add a player").clicked() {
                    let i = f.players.len();
                    f.players.push((
                        PlayerSetup {
                            name: NAMES[i].into(),
                            hp: f.players[0].0.hp,
                            persona: Persona::Plain,
                        },
                        Player::Program,
                    ));
                }
                if f.players.len() > 2 && ui.button("Remove the last").clicked() {
                    f.players.pop();
                }
                if ui
                    .button("Same hit points for all")
                    .on_hover_text("every player gets the first player's hit points")
                    .clicked()
                {
                    let hp = f.players[0].0.hp;
                    for p in &mut f.players {
                        p.0.hp = hp;
                    }
                }
            });
            ui.separator();
            let o = &mut f.options;
            ui.horizontal(|ui| {
                ui.label("Initiative:");
                ui.selectable_value(&mut o.initiative, InitiativeRule::EveryRound, "every round");
                ui.selectable_value(&mut o.initiative, InitiativeRule::SetOrder, "a set order");
                ui.selectable_value(&mut o.initiative_die, InitiativeDie::D6, "d6");
                ui.selectable_value(&mut o.initiative_die, InitiativeDie::D10, "d10");
            });
            ui.checkbox(
                &mut o.standing_roll,
                "At 0 hit points, a percentile roll of 50 or under stays standing",
            );
            ui.checkbox(
                &mut o.lost_weapon,
                "A 1 on the roll to drop the weapon loses it for three turns (Q&A)",
            );
            ui.checkbox(&mut o.cure_others, "Cure may heal another player (Q&A)");
            ui.add_enabled(
                o.cure_others,
                egui::Checkbox::new(
                    &mut o.lay_hands_roll,
                    "Curing another needs a roll to hit to lay hands on them (Q&A variant)",
                ),
            );
            ui.horizontal(|ui| {
                ui.label("Fighter: to hit better by");
                ui.add(egui::DragValue::new(&mut o.fighter_to_hit).range(FIGHTER_TO_HIT));
                ui.label(", hit points +");
                ui.add(egui::DragValue::new(&mut o.fighter_hp).range(FIGHTER_HP));
            });
            countdown_row(
                ui,
                "Dodge prompt countdown (the dramatic pause), s:",
                &mut f.pause,
                15.0,
                "0: off",
            );
            level_and_seed(ui, "ktog_level", &levels, &mut f.level, &mut f.seed);
            start = errors_and_start(ui, &f.errors);
        });
    new_game.finish_form(start, open, &mut *form);
    Ok(())
}

impl crate::app::screens::play::new_game::GameForm for NewKtogGame {
    type Session = KtogSession;
    fn make(&self) -> Result<(Option<PathBuf>, KtogSession), Vec<String>> {
        let s = self.start()?;
        Ok((s.game.setup.level.clone(), s))
    }
    fn errors_mut(&mut self) -> &mut Vec<String> {
        &mut self.errors
    }
}

/// Opens a KtOG save at the table.
pub fn load_for_play(path: &Path) -> Result<(ActiveGame, crate::data::LevelFile), Vec<String>> {
    crate::app::screens::play::new_game::open_save::<crate::rules::ktog::Ktog, _>(
        path,
        |s| s.level.clone(),
        |g| KtogSession::new(g, Some(5.0)),
    )
}

/// A KtOG session for a copy of an online game (the play registry's).
pub fn online_session(g: &dyn std::any::Any) -> Option<(ActiveGame, crate::data::LevelFile)> {
    crate::app::screens::play::new_game::from_game::<crate::rules::ktog::Ktog, _>(
        g,
        |s| s.level.clone(),
        |g| KtogSession::new(g, Some(5.0)),
    )
}
