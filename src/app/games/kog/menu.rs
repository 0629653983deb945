//! KOG light's New battle window (scenario, level, battle size, forces, who plays each side,
//! seed, options) with the force builder, and how a KOG light save opens at the table.

use super::builder::{Builder, builder_window};
use super::files;
use super::session::KogSession;
use crate::app::base::level_io::{list_levels, resolve_data_path};
use crate::app::base::nav::{MainMenu, OpenAtStart};
use crate::app::game::session::ActiveGame;
use crate::app::base::mode::Mode;
use crate::app::base::state::{ActiveTool, Notices, Selection, TableState};
use crate::data::load_level;
use crate::rules::core::{Player, RulesId};
use crate::rules::kog::catalogue::{Catalogue, shipped};
use crate::rules::kog::force::{BattleSize, ForceList, load_force};
use crate::rules::kog::options::{LongRange, SpeedMoveBars, TerrainSetup};
use crate::rules::kog::{GameSetup, KogGame, KogOptions, Scenario};
use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};
use std::path::{Path, PathBuf};

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<MenuState>()
        .add_systems(
            EguiPrimaryContextPass,
            menus.after(crate::app::base::sets::OverlaySet),
        )
        .add_systems(Update, open_at_start.run_if(resource_exists::<OpenAtStart>));
}

/// Opens KOG light's own windows `--open` names: the New battle window (`new-battle`) and
/// the force builder on a shipped force (`builder`).
fn open_at_start(
    mut commands: Commands,
    open: Res<OpenAtStart>,
    mut menu: ResMut<MenuState>,
    mut main: ResMut<MainMenu>,
) {
    match open.0.as_str() {
        "new-battle" => main.new_game = Some(RulesId::KogLight),
        "builder" => {
            main.new_game = Some(RulesId::KogLight);
            let mut b = Builder::new(0, BattleSize::Encounter);
            if let Ok(cat) = menu.catalogue()
                && let Ok(f) = load_force(
                    &resolve_data_path(Path::new("assets/forces/kog-light/german-encounter.ron")),
                    cat,
                )
            {
                b.force = f;
            }
            menu.builder = Some(b);
        }
        _ => return,
    }
    commands.remove_resource::<OpenAtStart>();
}

/// The New battle form, the force builder, and the catalogue they pick from.
#[derive(Resource, Default)]
pub struct MenuState {
    pub form: NewBattle,
    pub builder: Option<Builder>,
    catalogue: Option<Result<Catalogue, Vec<String>>>,
}

impl MenuState {
    /// The catalogue, read once.
    pub fn catalogue(&mut self) -> Result<&Catalogue, Vec<String>> {
        let c = self.catalogue.get_or_insert_with(|| {
            shipped().map_err(|e| e.iter().map(ToString::to_string).collect())
        });
        c.as_ref().map_err(Clone::clone)
    }
}

/// The New battle form.
pub struct NewBattle {
    pub scenario: Scenario,
    pub level: PathBuf,
    pub size: BattleSize,
    pub apocalyptic_points: u32,
    pub forces: [Option<(String, ForceList)>; 2],
    pub players: [Player; 2],
    /// How well the program plays each side it plays.
    pub skills: [crate::rules::core::Skill; 2],
    pub seed: String,
    pub options: KogOptions,
    pub round_limit: bool,
    pub errors: Vec<String>,
}

impl Default for NewBattle {
    fn default() -> Self {
        Self {
            scenario: Scenario::Standard,
            level: PathBuf::from("levels/kog-battlefield.ron"),
            size: BattleSize::Encounter,
            apocalyptic_points: 150,
            forces: [None, None],
            players: [Player::Human, Player::Human],
            skills: [crate::rules::core::Skill::Normal; 2],
            seed: String::new(),
            options: KogOptions::default(),
            round_limit: false,
            errors: Vec::new(),
        }
    }
}

fn menus(
    mut contexts: EguiContexts,
    mut menu: ResMut<MenuState>,
    mut main: ResMut<MainMenu>,
    mut commands: Commands,
    mode: Res<State<Mode>>,
    mut tool: ResMut<ActiveTool>,
    mut notices: ResMut<Notices>,
    mut sel: ResMut<Selection>,
    state: Option<ResMut<TableState>>,
    active: Option<Res<ActiveGame>>,
) -> Result {
    let ctx = contexts.ctx_mut()?.clone();
    let Some(mut state) = state else {
        return Ok(());
    };
    let in_game = active.is_some() && *mode.get() == Mode::Game;
    if main.new_game == Some(RulesId::KogLight) && !in_game {
        let mut open = true;
        let mut start = false;
        new_battle_window(&ctx, &mut menu, &mut open, &mut start);
        if start {
            match start_battle(&mut menu) {
                Ok(s) => {
                    main.new_game = None;
                    sel.0 = None;
                    *tool = ActiveTool::Select;
                    let level = s.game.setup.level.clone();
                    crate::app::game::session::begin(
                        &mut commands,
                        &mut state,
                        &mut notices,
                        level,
                        ActiveGame::new(s),
                    );
                }
                Err(e) => menu.form.errors = e,
            }
        }
        if !open {
            main.new_game = None;
        }
    }
    if menu.builder.is_some() {
        let cat = match menu.catalogue() {
            Ok(c) => c.clone(),
            Err(e) => {
                notices.show_errors("The KOG light catalogue could not be read", e);
                menu.builder = None;
                return Ok(());
            }
        };
        let mut b = menu.builder.take().expect("checked");
        let done = builder_window(&ctx, &mut b, &cat);
        if let Some((side, force, name)) = done {
            menu.form.forces[side] = Some((name, force));
        } else if b.open {
            menu.builder = Some(b);
        }
    }
    Ok(())
}

/// Reads a saved game into a session, each side played as it was.
pub fn load_session(path: &Path) -> Result<KogSession, Vec<String>> {
    let (g, warning) = KogGame::load_with_warning(path)
        .map_err(|e| e.iter().map(ToString::to_string).collect::<Vec<_>>())?;
    let mut s = KogSession::new(g);
    s.shell.save_path = Some(path.to_path_buf());
    s.shell.saved_commands = Some(s.game.log.len());
    s.shell.last_error = warning.map(|w| format!("Loaded with a warning: {w}"));
    Ok(s)
}

/// Opens a KOG light save at the table (the play registry's loader).
pub fn load_for_play(path: &Path) -> Result<(ActiveGame, crate::data::LevelFile), Vec<String>> {
    let s = load_session(path)?;
    let level = s.game.setup.level.clone();
    Ok((ActiveGame::new(s), level))
}

fn size_label(size: BattleSize) -> String {
    size.label()
}

fn new_battle_window(ctx: &egui::Context, menu: &mut MenuState, open: &mut bool, start: &mut bool) {
    let cat = menu.catalogue().ok().cloned();
    let form = &mut menu.form;
    let mut open_builder: Option<usize> = None;
    egui::Window::new("New KOG light battle")
        .open(open)
        .default_width(520.0)
        .default_pos(ctx.content_rect().center() - egui::vec2(260.0, 200.0))
        .show(ctx, |ui| {
            egui::Grid::new("new_battle").num_columns(2).show(ui, |ui| {
                ui.label("Rule set");
                ui.label("KOG light (hot-seat or against the program)");
                ui.end_row();
                ui.label("Scenario");
                egui::ComboBox::from_id_salt("scenario")
                    .selected_text(form.scenario.label())
                    .show_ui(ui, |ui| {
                        for s in Scenario::ALL {
                            ui.selectable_value(&mut form.scenario, s, s.label());
                        }
                    });
                ui.end_row();
                ui.label("");
                ui.label(egui::RichText::new(form.scenario.summary()).small());
                ui.end_row();
                ui.label("Level");
                let levels = list_levels(&resolve_data_path(Path::new("levels")));
                let shown = form
                    .level
                    .file_name()
                    .map(|n| n.to_string_lossy().into_owned())
                    .unwrap_or_default();
                egui::ComboBox::from_id_salt("level")
                    .selected_text(shown)
                    .show_ui(ui, |ui| {
                        for l in &levels {
                            let n = l.file_name().map(|n| n.to_string_lossy().into_owned());
                            ui.selectable_value(&mut form.level, l.clone(), n.unwrap_or_default());
                        }
                    });
                ui.end_row();
                ui.label("Battle size");
                let mut size = form.size;
                egui::ComboBox::from_id_salt("size")
                    .selected_text(size_label(size))
                    .show_ui(ui, |ui| {
                        for s in BattleSize::ALL {
                            let s = match s {
                                BattleSize::Apocalyptic(_) => {
                                    BattleSize::Apocalyptic(form.apocalyptic_points)
                                }
                                s => s,
                            };
                            let same = std::mem::discriminant(&size) == std::mem::discriminant(&s);
                            if ui.selectable_label(same, size_label(s)).clicked() {
                                size = s;
                            }
                        }
                    });
                if let BattleSize::Apocalyptic(p) = &mut size {
                    ui.add(egui::DragValue::new(p).range(1..=2000).suffix(" pts"));
                    form.apocalyptic_points = *p;
                }
                if size != form.size {
                    form.size = size;
                    form.forces = [None, None];
                }
                ui.end_row();
                for side in 0..2 {
                    ui.label(format!("Side {}", side + 1));
                    ui.horizontal(|ui| {
                        egui::ComboBox::from_id_salt(("player", side))
                            .selected_text(match form.players[side] {
                                Player::Human => "a player",
                                Player::Program => "the program",
                                Player::Remote => "a player online",
                            })
                            .show_ui(ui, |ui| {
                                ui.selectable_value(
                                    &mut form.players[side],
                                    Player::Human,
                                    "a player",
                                );
                                ui.selectable_value(
                                    &mut form.players[side],
                                    Player::Program,
                                    "the program",
                                );
                            });
                        if form.players[side] == Player::Program {
                            crate::app::ui_kit::skill_pick::skill_pick(
                                ui,
                                ("kog_skill", side),
                                &mut form.skills[side],
                            );
                        }
                        let current = form.forces[side]
                            .as_ref()
                            .map(|f| f.0.clone())
                            .unwrap_or_else(|| "choose a force...".into());
                        egui::ComboBox::from_id_salt(("force", side))
                            .selected_text(current)
                            .width(220.0)
                            .show_ui(ui, |ui| {
                                if let Some(cat) = &cat {
                                    for p in files::force_files() {
                                        let Ok(f) = load_force(&p, cat) else { continue };
                                        if std::mem::discriminant(&f.size)
                                            != std::mem::discriminant(&form.size)
                                        {
                                            continue;
                                        }
                                        let label = format!("{} ({} pts)", f.name, f.points(cat));
                                        if ui.selectable_label(false, label.clone()).clicked() {
                                            let mut f = f;
                                            f.size = form.size;
                                            form.forces[side] = Some((label, f));
                                        }
                                    }
                                }
                            });
                        if ui.button("Build...").clicked() {
                            open_builder = Some(side);
                        }
                    });
                    ui.end_row();
                }
                ui.label("Dice seed");
                ui.add(egui::TextEdit::singleline(&mut form.seed).hint_text("random"));
                ui.end_row();
            });
            ui.horizontal(|ui| {
                ui.label("Terrain:").on_hover_text(
                    "\"Players should alternate placing terrain features\": before the dice-off, \
                     or play the level as it is",
                );
                for t in TerrainSetup::ALL {
                    ui.radio_value(&mut form.options.terrain, t, t.label());
                }
            });
            ui.collapsing("Options (readings the text leaves open)", |ui| {
                ui.horizontal(|ui| {
                    ui.label("Long range:");
                    ui.radio_value(
                        &mut form.options.long_range,
                        LongRange::Unlimited,
                        "unlimited (as written)",
                    );
                    ui.radio_value(
                        &mut form.options.long_range,
                        LongRange::UpToDouble,
                        "up to double range",
                    );
                });
                ui.horizontal(|ui| {
                    ui.label("A Speed Move gives up:");
                    ui.radio_value(
                        &mut form.options.speed_move_bars,
                        SpeedMoveBars::ShootingAndItsAlternatives,
                        "shooting and its alternatives (as laid out)",
                    )
                    .on_hover_text(
                        "Hold Objective, Forward Observer, Fire Support and Pass Objective are \
                         listed under Ranged Shooting, so a Speed Move rules them out too",
                    );
                    ui.radio_value(
                        &mut form.options.speed_move_bars,
                        SpeedMoveBars::ShotsOnly,
                        "shots only",
                    );
                });
                ui.checkbox(
                    &mut form.options.wrecks_block_sight,
                    "Wrecks block sight (they give cover either way)",
                );
                ui.checkbox(&mut form.options.models_block_sight, "Models block sight");
                ui.horizontal(|ui| {
                    ui.checkbox(&mut form.round_limit, "Round limit:");
                    let mut n = form.options.round_limit.unwrap_or(6);
                    ui.add_enabled(form.round_limit, egui::DragValue::new(&mut n).range(1..=50));
                    form.options.round_limit = form.round_limit.then_some(n);
                });
                ui.horizontal(|ui| {
                    ui.label("Deploy more than");
                    ui.add(
                        egui::DragValue::new(&mut form.options.deployment_gap)
                            .range(0.0..=24.0)
                            .suffix("\""),
                    );
                    ui.label("from the enemy half (12\" as written; less on small tables)");
                });
            });
            for e in &form.errors {
                ui.label(egui::RichText::new(e).color(egui::Color32::LIGHT_RED));
            }
            ui.separator();
            if ui.button("Start the battle").clicked() {
                *start = true;
            }
        });
    if let Some(side) = open_builder {
        let mut b = Builder::new(side, form.size);
        if let Some((_, f)) = &form.forces[side] {
            b.force = f.clone();
        }
        menu.builder = Some(b);
    }
}

/// Builds the game from the form.
fn start_battle(menu: &mut MenuState) -> Result<KogSession, Vec<String>> {
    let cat = menu.catalogue()?.clone();
    let form = &menu.form;
    let mut errors = Vec::new();
    let level = match load_level(&resolve_data_path(&form.level)) {
        Ok((l, _)) => Some(l),
        Err(e) => {
            errors.extend(e.iter().map(ToString::to_string));
            None
        }
    };
    let forces: Vec<ForceList> = form
        .forces
        .iter()
        .enumerate()
        .filter_map(|(i, f)| {
            if f.is_none() {
                errors.push(format!("choose a force for side {}", i + 1));
            }
            f.as_ref().map(|f| f.1.clone())
        })
        .collect();
    let seed = if form.seed.trim().is_empty() {
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map(|d| d.as_nanos() as u64 % 1_000_000)
            .unwrap_or(1)
    } else {
        match form.seed.trim().parse::<u64>() {
            Ok(s) => s,
            Err(_) => {
                errors.push(format!(
                    "the seed '{}' is not a whole number",
                    form.seed.trim()
                ));
                0
            }
        }
    };
    if !errors.is_empty() {
        return Err(errors);
    }
    let setup = GameSetup {
        level: level.expect("no errors"),
        scenario: form.scenario,
        options: form.options.clone(),
        forces: [forces[0].clone(), forces[1].clone()],
        seed,
        catalogue: cat,
    };
    let mut game = KogGame::new(setup)?;
    game.players = form.players.to_vec();
    for (i, k) in form.skills.iter().enumerate() {
        game.set_skill(i as u8 + 1, *k);
    }
    Ok(KogSession::new(game))
}

/// A KOG light session for a copy of an online game (the play registry's).
pub fn online_session(g: &dyn std::any::Any) -> Option<(ActiveGame, crate::data::LevelFile)> {
    let g = g.downcast_ref::<KogGame>()?.clone();
    let level = g.setup.level.clone();
    Some((ActiveGame::new(KogSession::new(g)), level))
}
