//! The DnDalike New game window (who plays the monsters, one player for the whole party or one
//! each, which party has been in the area longest, the respond countdown, the level, the seed;
//! the shipped party and monsters shown with what follows from their sheets), and how a
//! DnDalike save opens at the table.

use super::panels::pack_label;
use super::session::DndSession;
use crate::app::level_io::{list_levels, resolve_data_path};
use crate::app::play::ActiveGame;
use crate::app::play::new_game::{NewGame, countdown_row, errors_and_start, level_and_seed};
use crate::rules::core::{Player, RulesId};
use crate::rules::dndalike::setup::{DEFAULT_LEVEL, shipped};
use crate::rules::dndalike::{DndGame, Party, Sheet};
use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};
use std::path::{Path, PathBuf};

pub fn plugin(app: &mut App) {
    app.init_resource::<NewDndGame>().add_systems(
        EguiPrimaryContextPass,
        window.after(crate::app::ui::OverlaySet),
    );
}

/// The New game form.
#[derive(Resource)]
pub struct NewDndGame {
    /// Who plays the monsters (the dungeon master's seat).
    pub monsters: Player,
    /// One seat for the whole party.
    pub one_player: bool,
    /// Who plays each hero seat (one entry when `one_player`).
    pub heroes: Vec<Player>,
    pub first: Party,
    /// Which of the shipped heroes and monsters take part (by index in their roster).
    pub hero_in: Vec<bool>,
    pub monster_in: Vec<bool>,
    pub level: PathBuf,
    /// The respond prompt's countdown, seconds (0: off).
    pub pause: f32,
    pub seed: String,
    pub errors: Vec<String>,
}

impl Default for NewDndGame {
    fn default() -> Self {
        Self {
            monsters: Player::Program,
            one_player: true,
            heroes: vec![Player::Human; 4],
            first: Party::Monsters,
            hero_in: vec![true; 8],
            monster_in: vec![true; 16],
            level: PathBuf::from(DEFAULT_LEVEL),
            pause: 8.0,
            seed: String::new(),
            errors: Vec::new(),
        }
    }
}

impl NewDndGame {
    pub fn start(&self) -> Result<DndSession, Vec<String>> {
        let seed = crate::app::duel::seed_or_clock(&self.seed)?;
        let mut setup = shipped(seed, Some(self.level.clone()), self.one_player)?;
        setup.first = self.first;
        setup.heroes = ticked(setup.heroes, &self.hero_in);
        setup.monsters = ticked(setup.monsters, &self.monster_in);
        // One seat for the whole party, or one each numbered on from 2 with no gaps; who plays
        // a seat stays with its hero.
        let mut players = vec![(1, self.monsters)];
        for (k, m) in setup.heroes.iter_mut().enumerate() {
            let at = if self.one_player {
                0
            } else {
                m.seat as usize - 2
            };
            if !self.one_player {
                m.seat = 2 + k as crate::rules::core::Seat;
            }
            players.push((
                m.seat,
                self.heroes.get(at).copied().unwrap_or(Player::Human),
            ));
        }
        let mut g = DndGame::new(setup)?;
        for (seat, p) in players {
            g.set_player(seat, p);
        }
        Ok(DndSession::new(g, (self.pause > 0.0).then_some(self.pause)))
    }
}

/// The members whose box is ticked (a member without a box is kept).
fn ticked<T>(members: Vec<T>, flags: &[bool]) -> Vec<T> {
    members
        .into_iter()
        .enumerate()
        .filter(|(k, _)| flags.get(*k).copied().unwrap_or(true))
        .map(|(_, m)| m)
        .collect()
}

fn who(ui: &mut egui::Ui, p: &mut Player) {
    ui.selectable_value(p, Player::Human, "a player");
    ui.selectable_value(p, Player::Program, "the program");
}

/// A sheet in one line: class and level, health, armour class, fatigue, dice, pack.
fn sheet_line(s: &Sheet) -> String {
    let dice: String = s.action_dice().iter().map(|d| d.letter()).collect();
    format!(
        "{} \u{b7} health {} \u{b7} AC {} \u{b7} fatigue max {} \u{b7} dice {dice} \u{b7} {}{}",
        match s.class() {
            Some(c) => format!(
                "{c:?} {} ({})",
                s.level(),
                s.powers
                    .iter()
                    .map(|p| p.label())
                    .collect::<Vec<_>>()
                    .join(", ")
            ),
            None if s.lesser => "minion".into(),
            None => "monster".into(),
        },
        s.max_health(),
        s.armour_class(),
        s.max_fatigue(),
        pack_label(s.pack),
        if s.ranged() { ", ranged" } else { "" }
    )
}

fn window(
    mut contexts: EguiContexts,
    mut form: ResMut<NewDndGame>,
    mut new_game: NewGame,
) -> Result {
    if !new_game.shown(RulesId::Dndalike) {
        return Ok(());
    }
    let ctx = contexts.ctx_mut()?.clone();
    let mut open = true;
    let mut start = false;
    let levels = list_levels(&resolve_data_path(Path::new("levels")));
    egui::Window::new("New DnDalike fight")
        .open(&mut open)
        .default_width(560.0)
        .show(&ctx, |ui| {
            let f = &mut *form;
            ui.label(
                "A party of heroes against the dungeon's monsters, with action dice and the stack. \
                 A fight lasts until one party is dead.",
            );
            let setup = shipped(0, None, f.one_player);
            ui.separator();
            ui.horizontal(|ui| {
                ui.strong("The monsters");
                ui.label("(the dungeon master) played by");
                who(ui, &mut f.monsters);
            });
            if let Ok(s) = &setup {
                for (k, m) in s.monsters.iter().enumerate() {
                    ui.horizontal(|ui| {
                        if let Some(f) = f.monster_in.get_mut(k) {
                            ui.checkbox(f, "");
                        }
                        ui.small(format!("{}: {}", m.sheet.name, sheet_line(&m.sheet)));
                    });
                }
            }
            ui.separator();
            ui.horizontal(|ui| {
                ui.strong("The heroes");
                ui.selectable_value(&mut f.one_player, true, "one player for the whole party");
                ui.selectable_value(&mut f.one_player, false, "one player each");
            });
            if let Ok(s) = &setup {
                if f.one_player {
                    ui.horizontal(|ui| {
                        ui.label("The party is played by");
                        who(ui, &mut f.heroes[0]);
                    });
                }
                egui::Grid::new("dnd_heroes").num_columns(3).show(ui, |ui| {
                    for (k, m) in s.heroes.iter().enumerate() {
                        ui.horizontal(|ui| {
                            if let Some(f) = f.hero_in.get_mut(k) {
                                ui.checkbox(f, "");
                            }
                            ui.label(egui::RichText::new(m.sheet.name.as_ref()).strong());
                        });
                        ui.small(sheet_line(&m.sheet));
                        if !f.one_player
                            && let Some(p) = f.heroes.get_mut(k)
                        {
                            ui.horizontal(|ui| who(ui, p));
                        }
                        ui.end_row();
                    }
                });
            }
            if let Err(e) = &setup {
                for e in e {
                    ui.colored_label(egui::Color32::LIGHT_RED, e);
                }
            }
            ui.weak("Untick a character to leave it out of this fight.");
            ui.separator();
            ui.horizontal(|ui| {
                ui.label("In the area longest (acts first):");
                ui.selectable_value(&mut f.first, Party::Monsters, "the monsters (a dungeon)");
                ui.selectable_value(&mut f.first, Party::Heroes, "the heroes");
            });
            countdown_row(
                ui,
                "Respond prompt countdown, s:",
                &mut f.pause,
                30.0,
                "0: it waits for an answer",
            );
            level_and_seed(ui, "dnd_level", &levels, &mut f.level, &mut f.seed);
            start = errors_and_start(ui, &f.errors);
        });
    new_game.finish_form(start, open, &mut *form);
    Ok(())
}

impl crate::app::play::new_game::GameForm for NewDndGame {
    type Session = DndSession;
    fn make(&self) -> Result<(Option<PathBuf>, DndSession), Vec<String>> {
        let s = self.start()?;
        Ok((s.game.setup.level.clone(), s))
    }
    fn errors_mut(&mut self) -> &mut Vec<String> {
        &mut self.errors
    }
}

/// Opens a DnDalike save at the table.
pub fn load_for_play(path: &Path) -> Result<(ActiveGame, crate::data::LevelFile), Vec<String>> {
    crate::app::play::new_game::open_save::<crate::rules::dndalike::Dndalike, _>(
        path,
        |s| s.level.clone(),
        |g| DndSession::new(g, Some(8.0)),
    )
}
