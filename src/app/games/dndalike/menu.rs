//! The DnDalike New game window (who plays the monsters and each hero seat, the program at which
//! skill; one player for the whole party or one each, which party has been in the area longest,
//! the respond countdown, the level, the seed; the shipped party and monsters shown with what
//! follows from their sheets), and how a DnDalike save opens at the table.

use super::builder::{RosterDraft, builder_window, roster_files};
use super::session::DndSession;
use super::sheet_text::sheet_line;
use crate::app::base::level_io::resolve_data_path;
use crate::app::base::nav::{MainMenu, OpenAtStart};
use crate::app::game::session::ActiveGame;
use crate::app::screens::play::new_game::{
    NewGame, countdown_row, errors_and_start, level_and_seed,
};
use crate::rules::core::{Player, RulesId, Skill};
use crate::rules::dndalike::setup::{DEFAULT_LEVEL, MONSTERS_FILE, PARTY_FILE, from_rosters};
use crate::rules::dndalike::spells::Grimoire;
use crate::rules::dndalike::{DndGame, Party};
use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};
use std::path::{Path, PathBuf};

pub fn plugin(app: &mut App) {
    app.init_resource::<NewDndGame>()
        .add_systems(
            EguiPrimaryContextPass,
            window.after(crate::app::base::sets::OverlaySet),
        )
        .add_systems(Update, open_at_start.run_if(resource_exists::<OpenAtStart>));
}

/// `--open dnd-builder`: the New game window with the character builder on the party;
/// `--open dnd-delve`: the New game window set to the shipped delve.
fn open_at_start(
    mut commands: Commands,
    open: Res<OpenAtStart>,
    mut main: ResMut<MainMenu>,
    mut form: ResMut<NewDndGame>,
) {
    if open.0 == "dnd-builder" {
        main.new_game = Some(RulesId::Dndalike);
        form.open_builder(true);
        commands.remove_resource::<OpenAtStart>();
    } else if open.0 == "dnd-delve" {
        main.new_game = Some(RulesId::Dndalike);
        form.delve = Some(crate::rules::dndalike::delve::DELVE_FILE.into());
        commands.remove_resource::<OpenAtStart>();
    }
}

/// The New game form.
#[derive(Resource)]
pub struct NewDndGame {
    /// Who plays the monsters (the dungeon master's seat).
    pub monsters: Player,
    /// How well the program plays the monsters, if it plays them.
    pub monsters_skill: Skill,
    /// One seat for the whole party.
    pub one_player: bool,
    /// Who plays each hero seat (one entry when `one_player`).
    pub heroes: Vec<Player>,
    /// How well the program plays each hero seat it plays (as `heroes`; a seat without an
    /// entry: Normal).
    pub hero_skills: Vec<Skill>,
    pub first: Party,
    /// Which of the shipped heroes and monsters take part (by index in their roster).
    pub hero_in: Vec<bool>,
    pub monster_in: Vec<bool>,
    pub level: PathBuf,
    /// The respond prompt's countdown, seconds (0: off).
    pub pause: f32,
    pub seed: String,
    pub errors: Vec<String>,
    /// The roster files of the party and the monsters.
    pub party_file: PathBuf,
    pub monsters_file: PathBuf,
    /// The character builder, when open.
    pub builder: Option<RosterDraft>,
    /// The roster files to choose from (listed when the window first shows, again after the
    /// builder saves one).
    pub rosters: Option<Vec<PathBuf>>,
    /// The shipped grimoire, loaded when the builder first opens.
    pub grimoire: Option<Result<Grimoire, Vec<String>>>,
    /// A delve file: its fights one after another instead of one fight.
    pub delve: Option<PathBuf>,
}

impl NewDndGame {
    /// Opens the character builder on the roster of the party (`heroes`) or the monsters.
    pub fn open_builder(&mut self, heroes: bool) {
        let file = if heroes {
            &self.party_file
        } else {
            &self.monsters_file
        };
        match crate::rules::dndalike::setup::load_roster(&resolve_data_path(file)) {
            Ok(r) => self.builder = Some(RosterDraft::new(r, heroes)),
            Err(e) => self.errors = e.iter().map(|e| e.to_string()).collect(),
        }
    }

    fn setup(&self, seed: u64) -> Result<crate::rules::dndalike::DndSetup, Vec<String>> {
        if let Some(d) = &self.delve {
            return crate::rules::dndalike::delve::delve_setup(
                seed,
                d,
                Some(&self.party_file),
                self.one_player,
            );
        }
        from_rosters(
            seed,
            Some(self.level.clone()),
            self.one_player,
            &self.party_file,
            &self.monsters_file,
        )
    }
}

impl Default for NewDndGame {
    fn default() -> Self {
        Self {
            monsters: Player::Program,
            monsters_skill: Skill::Normal,
            one_player: true,
            heroes: vec![Player::Human; 4],
            hero_skills: vec![Skill::Normal; 4],
            first: Party::Monsters,
            hero_in: vec![true; 8],
            monster_in: vec![true; 16],
            level: PathBuf::from(DEFAULT_LEVEL),
            pause: 8.0,
            seed: String::new(),
            errors: Vec::new(),
            party_file: PathBuf::from(PARTY_FILE),
            monsters_file: PathBuf::from(MONSTERS_FILE),
            builder: None,
            rosters: None,
            grimoire: None,
            delve: None,
        }
    }
}

impl NewDndGame {
    pub fn start(&self) -> Result<DndSession, Vec<String>> {
        let seed = crate::app::screens::play::new_game::seed_or_clock(&self.seed)?;
        let mut setup = self.setup(seed)?;
        setup.heroes = ticked(setup.heroes, &self.hero_in);
        if self.delve.is_none() {
            setup.first = self.first;
            setup.monsters = ticked(setup.monsters, &self.monster_in);
        }
        // One seat for the whole party, or one each numbered on from 2 with no gaps; who plays
        // a seat stays with its hero.
        let mut players = vec![(1, self.monsters, self.monsters_skill)];
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
                self.hero_skills.get(at).copied().unwrap_or_default(),
            ));
        }
        let mut g = DndGame::new(setup)?;
        for (seat, p, k) in players {
            g.set_player(seat, p);
            g.set_skill(seat, k);
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

fn who(ui: &mut egui::Ui, id: usize, p: &mut Player, skills: &mut Vec<Skill>) {
    crate::app::ui_kit::skill_pick::who_plays(
        ui,
        ("dnd_skill", id),
        p,
        crate::app::ui_kit::skill_pick::skill_at(skills, id),
    );
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
    let levels = crate::app::base::level_io::data_levels();
    let rosters = form.rosters.get_or_insert_with(roster_files).clone();
    let mut build = None;
    egui::Window::new("New DnDalike fight")
        .open(&mut open)
        .default_width(560.0)
        .show(&ctx, |ui| {
            let f = &mut *form;
            ui.label(
                "A party of heroes against the dungeon's monsters, with action dice and the stack. \
                 A fight lasts until one party is dead.",
            );
            delve_row(ui, f);
            let setup = f.setup(0);
            ui.separator();
            ui.horizontal(|ui| {
                ui.strong("The monsters");
                ui.label("(the dungeon master) played by");
                crate::app::ui_kit::skill_pick::who_plays(
                    ui,
                    "dnd_monsters_skill",
                    &mut f.monsters,
                    &mut f.monsters_skill,
                );
            });
            if f.delve.is_none()
                && roster_row(ui, "dnd_monsters_file", &rosters, &mut f.monsters_file)
            {
                build = Some(false);
            }
            if let (Ok(s), true) = (&setup, f.delve.is_some()) {
                delve_list(ui, s);
            }
            if let (Ok(s), None) = (&setup, &f.delve) {
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
            if roster_row(ui, "dnd_party_file", &rosters, &mut f.party_file) {
                build = Some(true);
            }
            if let Ok(s) = &setup {
                if f.one_player {
                    ui.horizontal(|ui| {
                        ui.label("The party is played by");
                        who(ui, 0, &mut f.heroes[0], &mut f.hero_skills);
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
                            ui.horizontal(|ui| who(ui, k, p, &mut f.hero_skills));
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
            if f.delve.is_none() {
                ui.horizontal(|ui| {
                    ui.label("In the area longest (acts first):");
                    ui.selectable_value(&mut f.first, Party::Monsters, "the monsters (a dungeon)");
                    ui.selectable_value(&mut f.first, Party::Heroes, "the heroes");
                });
            }
            countdown_row(
                ui,
                "Respond prompt countdown, s:",
                &mut f.pause,
                30.0,
                "0: it waits for an answer",
            );
            if f.delve.is_none() {
                level_and_seed(ui, "dnd_level", &levels, &mut f.level, &mut f.seed);
            } else {
                let mut level = setup
                    .as_ref()
                    .ok()
                    .and_then(|s| s.level.clone())
                    .unwrap_or_default();
                level_and_seed(ui, "dnd_level", &[level.clone()], &mut level, &mut f.seed);
            }
            start = errors_and_start(ui, &f.errors);
        });
    if let Some(heroes) = build {
        form.open_builder(heroes);
    }
    let f = &mut *form;
    if let Some(d) = f.builder.as_mut() {
        let grimoire = f
            .grimoire
            .get_or_insert_with(crate::rules::dndalike::spells::shipped_grimoire);
        let mut still = true;
        match grimoire {
            Ok(g) => {
                if let Some(path) = builder_window(&ctx, d, g, &mut still) {
                    if d.heroes {
                        f.party_file = path;
                    } else {
                        f.monsters_file = path;
                    }
                    f.rosters = None;
                    // A new roster: every member takes part.
                    f.hero_in = vec![true; 16];
                    f.monster_in = vec![true; 16];
                    still = false;
                }
            }
            Err(e) => {
                f.errors = e.clone();
                still = false;
            }
        }
        if !still {
            f.builder = None;
        }
    }
    new_game.finish_form(start, open, &mut *form);
    Ok(())
}

/// One fight, or a delve (its file to choose).
fn delve_row(ui: &mut egui::Ui, f: &mut NewDndGame) {
    ui.horizontal(|ui| {
        if ui
            .selectable_label(f.delve.is_none(), "One fight")
            .clicked()
        {
            f.delve = None;
        }
        if ui
            .selectable_label(f.delve.is_some(), "A delve: fights one after another")
            .on_hover_text(
                "the party keeps its wounds, fatigue, stones and dead, and rests between fights",
            )
            .clicked()
            && f.delve.is_none()
        {
            f.delve = Some(PathBuf::from(crate::rules::dndalike::delve::DELVE_FILE));
        }
        if let Some(d) = &mut f.delve {
            let name = |p: &Path| {
                p.file_stem()
                    .map_or(String::new(), |n| n.to_string_lossy().into_owned())
            };
            egui::ComboBox::from_id_salt("dnd_delve_file")
                .selected_text(name(d))
                .show_ui(ui, |ui| {
                    for p in crate::rules::dndalike::delve::delve_files() {
                        let shown = name(&p);
                        ui.selectable_value(d, p, shown);
                    }
                });
        }
    });
}

/// A delve's encounters and the monsters of each.
fn delve_list(ui: &mut egui::Ui, s: &crate::rules::dndalike::DndSetup) {
    let Some(d) = &s.delve else { return };
    ui.label(egui::RichText::new(&d.name).strong());
    let line = |e: &crate::rules::dndalike::delve_plan::Encounter| {
        let mut names: Vec<String> = Vec::new();
        for m in &e.monsters {
            names.push(m.sheet.name.to_string());
        }
        format!(
            "{}: {} ({} first)",
            e.name,
            names.join(", "),
            e.first.label()
        )
    };
    for (k, e) in d.encounters.iter().enumerate() {
        ui.small(format!("{}. {}", k + 1, line(e)));
    }
    ui.small(format!(
        "On a failed watch, the ambush. {}",
        line(&d.ambush)
    ));
}

/// A roster file to choose, and the builder's button: whether it was clicked.
fn roster_row(ui: &mut egui::Ui, id: &str, files: &[PathBuf], file: &mut PathBuf) -> bool {
    let name = |p: &Path| {
        p.file_stem()
            .map_or(String::new(), |n| n.to_string_lossy().into_owned())
    };
    let mut clicked = false;
    ui.horizontal(|ui| {
        ui.label("Roster");
        egui::ComboBox::from_id_salt(id)
            .selected_text(name(file))
            .show_ui(ui, |ui| {
                for p in files {
                    let shown = name(p);
                    ui.selectable_value(file, p.clone(), shown);
                }
            });
        clicked = ui
            .button("Character builder\u{2026}")
            .on_hover_text("edit this roster and save it as one of your own")
            .clicked();
    });
    clicked
}

impl crate::app::screens::play::new_game::GameForm for NewDndGame {
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
    crate::app::screens::play::new_game::open_save::<crate::rules::dndalike::Dndalike, _>(
        path,
        |s| s.level.clone(),
        |g| DndSession::new(g, Some(8.0)),
    )
}

/// A DnDalike session for a copy of an online game (the play registry's).
pub fn online_session(g: &dyn std::any::Any) -> Option<(ActiveGame, crate::data::LevelFile)> {
    crate::app::screens::play::new_game::from_game::<crate::rules::dndalike::Dndalike, _>(
        g,
        |s| s.level.clone(),
        |g| DndSession::new(g, Some(8.0)),
    )
}
