//! The Balance window, for rule designers: the program plays many games of a rule set against
//! itself on a background thread (a progress bar meanwhile), then the win rates with their 95%
//! intervals, game length, and for force lists picked for a matchup matrix its heat map, are
//! drawn with egui_plot, as `wartable simulate --plot` draws them.

use crate::app::base::nav::OpenWindow;
use crate::app::game::registry::PlayRegistry;
use crate::rules::core::{QuickSetup, RulesId};
use crate::rules::simulate::{Matrix, Report, Simulation, matrix, simulate, wilson};
use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};
use egui_plot::{Bar, BarChart, Heatmap, Line, Plot, PlotPoint, PlotPoints, Text};
use std::path::PathBuf;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};

pub fn plugin(app: &mut App) {
    app.init_resource::<Balance>()
        .add_message::<OpenWindow>()
        .add_systems(Update, open_when_asked)
        .add_systems(
            EguiPrimaryContextPass,
            window.after(crate::app::base::sets::OverlaySet),
        );
}

/// Opens the window when a screen asks for it.
fn open_when_asked(mut asked: MessageReader<OpenWindow>, mut b: ResMut<Balance>) {
    if asked.read().any(|w| *w == OpenWindow::Balance) {
        b.open = true;
    }
}

/// A run on its thread: the games done so far, and the report when it ends.
struct Running {
    done: Arc<AtomicU64>,
    total: u64,
    handle: std::thread::JoinHandle<Result<(Report, Option<Matrix>), Vec<String>>>,
}

/// The Balance window's form, its run and its last report.
#[derive(Resource)]
pub struct Balance {
    pub open: bool,
    pub rules: RulesId,
    pub games: u64,
    pub seed: u64,
    /// Players, for a rule set that lets them be chosen (KtOG).
    pub players: u8,
    /// The chosen rule set's player-count knob, from its registration: the range offered, or
    /// `None` when its games have no choice of players.
    pub players_range: Option<(u8, u8)>,
    running: Option<Running>,
    pub report: Option<Report>,
    /// The last matrix run (its first cell is kept in `report` for the rule set's name).
    pub matrix: Option<Matrix>,
    pub error: Option<String>,
    /// The force lists of the rule set on offer for a matrix, each with whether it is picked.
    pub forces: Vec<(PathBuf, bool)>,
    forces_of: Option<RulesId>,
}

impl Default for Balance {
    fn default() -> Self {
        Self {
            open: false,
            rules: RulesId::Ktog,
            games: 500,
            seed: 1,
            players: 3,
            players_range: None,
            running: None,
            report: None,
            matrix: None,
            error: None,
            forces: Vec::new(),
            forces_of: None,
        }
    }
}

impl Balance {
    /// What the chosen rule set's registration offers: the force lists a matrix can pick from
    /// (shipped, then the player's), read again when the rule set changes, and its player-count
    /// knob.
    pub fn refresh(&mut self, registry: &PlayRegistry) {
        let app = registry.0.iter().find(|r| r.id == self.rules);
        self.players_range = app.and_then(|r| r.players);
        if self.forces_of == Some(self.rules) {
            return;
        }
        let files = app.map(|r| (r.force_files)()).unwrap_or_default();
        self.forces = files.into_iter().map(|p| (p, false)).collect();
        self.forces_of = Some(self.rules);
    }

    /// The force lists picked for a matrix.
    pub fn picked(&self) -> Vec<PathBuf> {
        self.forces
            .iter()
            .filter(|(_, on)| *on)
            .map(|(p, _)| p.clone())
            .collect()
    }

    /// Starts a run of the form's settings on a background thread: a matrix when two or more
    /// force lists are picked, else one run of the rule set's own forces.
    pub fn start(&mut self) {
        let threads = std::thread::available_parallelism()
            .map_or(1, |n| n.get())
            .saturating_sub(1)
            .max(1);
        let sim = Simulation {
            rules: self.rules,
            games: self.games.max(1),
            threads,
            seed: self.seed,
            setup: QuickSetup {
                seed: self.seed,
                players: self.players_range.map(|_| self.players),
                ..Default::default()
            },
            max_commands: 100_000,
            lineup: Default::default(),
            swap: false,
        };
        let done = Arc::new(AtomicU64::new(0));
        let seen = done.clone();
        let picked = self.picked();
        let total = self.games.max(1) * (picked.len().max(1) as u64).pow(2);
        let handle = std::thread::spawn(move || {
            let tick = |n| {
                seen.fetch_max(n, Ordering::Relaxed);
            };
            if picked.len() >= 2 {
                let m = matrix(&sim, &picked, &tick)?;
                Ok((m.cells[0][0].clone(), Some(m)))
            } else {
                simulate(&sim, &tick).map(|r| (r, None))
            }
        });
        self.error = None;
        self.running = Some(Running {
            done,
            total,
            handle,
        });
    }

    /// Whether a run is going on.
    pub fn is_running(&self) -> bool {
        self.running.is_some()
    }

    /// Takes in a run that has ended.
    pub fn collect(&mut self) {
        if !self
            .running
            .as_ref()
            .is_some_and(|r| r.handle.is_finished())
        {
            return;
        }
        if let Some(r) = self.running.take() {
            match r.handle.join() {
                Ok(Ok((report, m))) => {
                    self.report = Some(report);
                    self.matrix = m;
                }
                Ok(Err(e)) => self.error = Some(e.join("; ")),
                Err(_) => self.error = Some("the run stopped on an error in the program".into()),
            }
        }
    }
}

fn colour(c: plotters::style::RGBColor) -> egui::Color32 {
    egui::Color32::from_rgb(c.0, c.1, c.2)
}

fn window(
    mut contexts: EguiContexts,
    mut b: ResMut<Balance>,
    registry: Res<PlayRegistry>,
) -> Result {
    if !b.open {
        return Ok(());
    }
    let ctx = contexts.ctx_mut()?.clone();
    b.collect();
    let mut open = true;
    egui::Window::new("Balance: the program against itself")
        .open(&mut open)
        .default_width(760.0)
        // Sized to its content, which grows when a run ends.
        .resizable(false)
        .show(&ctx, |ui| {
            let b = &mut *b;
            ui.label("Many games of the program against itself, on a background thread: who wins how often, how long games last. For rule designers.");
            ui.horizontal(|ui| {
                ui.label("Rule set:");
                egui::ComboBox::from_id_salt("balance_rules")
                    .selected_text(b.rules.label())
                    .show_ui(ui, |ui| {
                        for id in RulesId::ALL {
                            ui.selectable_value(&mut b.rules, *id, id.label());
                        }
                    });
                ui.label("games:");
                ui.add(egui::DragValue::new(&mut b.games).range(10..=100_000));
                ui.label("seed:");
                ui.add(egui::DragValue::new(&mut b.seed));
                b.refresh(&registry);
                if let Some((least, most)) = b.players_range {
                    ui.label("players:");
                    ui.add(egui::DragValue::new(&mut b.players).range(least..=most));
                }
            });
            if !b.forces.is_empty() {
                ui.collapsing("Matchup matrix: pick two or more force lists", |ui| {
                    ui.label("Each picked force plays each as side 1 and as side 2, the games above for every pairing.");
                    for (p, on) in &mut b.forces {
                        ui.checkbox(on, crate::plot::force_name(p));
                    }
                });
            }
            match &b.running {
                Some(r) => {
                    let done = r.done.load(Ordering::Relaxed);
                    ui.add(
                        egui::ProgressBar::new(done as f32 / r.total as f32)
                            .text(format!("{done} of {} games", r.total)),
                    );
                    ctx.request_repaint();
                }
                None => {
                    let n = b.picked().len();
                    let label = if n >= 2 {
                        format!("Run the matrix ({n} x {n} pairings)")
                    } else {
                        "Run".to_string()
                    };
                    if ui.button(label).clicked() {
                        b.start();
                    }
                }
            }
            if let Some(e) = &b.error {
                ui.colored_label(egui::Color32::from_rgb(220, 90, 80), e);
            }
            if let Some(r) = &b.report {
                report_ui(ui, r, b.matrix.as_ref());
            }
        });
    if !open {
        b.open = false;
    }
    Ok(())
}

/// The summary line and the plots of a run: win rates and game length, and a matrix's heat map.
fn report_ui(ui: &mut egui::Ui, r: &Report, m: Option<&Matrix>) {
    if let Some(m) = m {
        return matrix_ui(ui, m);
    }
    let n = r.games();
    let (fw, fn_) = r.first_player_wins();
    let (cm, cmed) = r.length(|g| g.commands as f64);
    ui.separator();
    ui.label(format!(
        "{}: {n} games in {:.1} s ({:.0} games/s); draws {}, cut off {}; mean length {cm:.1} commands (median {cmed:.0})",
        r.rules.label(),
        r.seconds,
        r.games_per_second(),
        r.draws(),
        r.unfinished()
    ));
    if fn_ > 0 {
        let (lo, hi) = wilson(fw, fn_);
        ui.label(format!(
            "The first player won {fw} of {fn_}: {:.1}% (95% interval {:.1}% to {:.1}%)",
            100.0 * fw as f64 / fn_ as f64,
            100.0 * lo,
            100.0 * hi
        ));
    }
    let commands: Vec<usize> = r.results.iter().map(|g| g.commands).collect();
    plots(ui, &crate::plot::win_bars(r), &commands);
    units_ui(ui, &r.units());
}

/// Each unit type's damage dealt and taken per 100 points fielded.
fn units_ui(ui: &mut egui::Ui, units: &crate::rules::core::tally::Tally) {
    if units.is_empty() {
        return;
    }
    ui.strong("Unit types: damage dealt and taken per 100 points fielded");
    egui::Grid::new("balance_units")
        .striped(true)
        .show(ui, |ui| {
            for h in crate::rules::core::tally::HEADINGS {
                ui.strong(h);
            }
            ui.end_row();
            for (k, u) in units {
                ui.label(k);
                ui.label(u.fielded.to_string());
                ui.label(u.points.to_string());
                ui.label(u.dealt.to_string());
                ui.label(u.taken.to_string());
                ui.label(format!("{:.2}", u.dealt_per_100()));
                ui.label(format!("{:.2}", u.taken_per_100()));
                ui.end_row();
            }
        });
}

/// The win-rate bars with their intervals, and the game-length histogram, side by side.
fn plots(
    ui: &mut egui::Ui,
    bars: &[(String, f64, (f64, f64), plotters::style::RGBColor)],
    commands: &[usize],
) {
    let ink = ui.visuals().strong_text_color();
    ui.columns(2, |cols| {
        cols[0].strong("Wins (95% intervals)");
        Plot::new("balance_wins")
            .height(260.0)
            .include_y(0.0)
            .include_y(100.0)
            .y_axis_label("% of games")
            .show_grid([false, true])
            .allow_drag(false)
            .allow_zoom(false)
            .allow_scroll(false)
            .x_axis_formatter({
                let names: Vec<String> = bars.iter().map(|b| b.0.clone()).collect();
                move |m, _| {
                    let i = m.value.round();
                    if (m.value - i).abs() < 1e-6 && i >= 0.0 {
                        names.get(i as usize).cloned().unwrap_or_default()
                    } else {
                        String::new()
                    }
                }
            })
            .show(&mut cols[0], |p| {
                for (i, (name, rate, (lo, hi), c)) in bars.iter().enumerate() {
                    let x = i as f64;
                    p.bar_chart(
                        BarChart::new(
                            name.clone(),
                            vec![Bar::new(x, rate * 100.0).width(0.7).fill(colour(*c))],
                        )
                        .color(colour(*c)),
                    );
                    p.line(
                        Line::new(
                            format!("{name} interval"),
                            PlotPoints::from(vec![[x, lo * 100.0], [x, hi * 100.0]]),
                        )
                        .color(ink)
                        .width(2.0),
                    );
                }
            });
        cols[1].strong("Game length (commands)");
        let bins = crate::plot::length_bins(commands, 24);
        Plot::new("balance_length")
            .height(260.0)
            .y_axis_label("games")
            .allow_drag(false)
            .allow_zoom(false)
            .allow_scroll(false)
            .show(&mut cols[1], |p| {
                p.bar_chart(
                    BarChart::new(
                        "games",
                        bins.iter()
                            .map(|(from, to, k)| {
                                Bar::new((from + to) as f64 / 2.0, *k as f64)
                                    .width((to - from) as f64)
                            })
                            .collect(),
                    )
                    .color(colour(plotters::style::RGBColor(0, 114, 178))),
                );
            });
    });
}

/// A matrix: the table of side 1's win rates as a heat map (rows side 1, columns side 2), and
/// each force's record on both sides with the game-length histogram.
fn matrix_ui(ui: &mut egui::Ui, m: &Matrix) {
    let names: Vec<String> = m
        .forces
        .iter()
        .map(|p| crate::plot::force_name(p))
        .collect();
    let n = names.len();
    let seconds: f64 = m.cells.iter().flatten().map(|c| c.seconds).sum();
    ui.separator();
    ui.label(format!(
        "{}: {} games for each of {} pairings in {seconds:.1} s",
        m.cells[0][0].rules.label(),
        m.cells[0][0].games(),
        n * n
    ));
    ui.strong("Side 1's win rate: row (side 1) against column (side 2, by number)");
    // The heat map draws its first row at the bottom: rows are given last first.
    let values: Vec<f64> = (0..n)
        .rev()
        .flat_map(|i| (0..n).map(move |j| (i, j)))
        .map(|(i, j)| 100.0 * m.rate(i, j))
        .collect();
    // Names as text beside the tiles: rows on the left, columns below.
    Plot::new("balance_matrix")
        .height(70.0 + 44.0 * n as f32)
        .data_aspect(1.0)
        .show_axes(false)
        .show_grid(false)
        .show_x(false)
        .show_y(false)
        .include_x(-2.2)
        .include_x(n as f64 + 0.2)
        .include_y(-0.6)
        .allow_drag(false)
        .allow_zoom(false)
        .allow_scroll(false)
        .show(ui, |p| {
            p.heatmap(
                Heatmap::new(values, n)
                    .at(PlotPoint::new(0.0, 0.0))
                    .range(0.0, 100.0)
                    .palette(&[
                        colour(plotters::style::RGBColor(213, 94, 0)),
                        egui::Color32::from_gray(235),
                        colour(plotters::style::RGBColor(0, 114, 178)),
                    ])
                    .formatter(Box::new(|v| format!("{v:.0}%"))),
            );
            // Rows by number and name, columns by number (names would overlap).
            for (k, name) in names.iter().enumerate() {
                let row = (n - 1 - k) as f64 + 0.5;
                p.text(
                    Text::new(
                        name.clone(),
                        PlotPoint::new(-0.1, row),
                        format!("{} {name}", k + 1),
                    )
                    .anchor(egui::Align2::RIGHT_CENTER),
                );
                p.text(
                    Text::new(
                        name.clone(),
                        PlotPoint::new(k as f64 + 0.5, -0.1),
                        format!("{}", k + 1),
                    )
                    .anchor(egui::Align2::CENTER_TOP),
                );
            }
        });
    let commands: Vec<usize> = m
        .cells
        .iter()
        .flatten()
        .flat_map(|c| c.results.iter().map(|g| g.commands))
        .collect();
    plots(ui, &crate::plot::matrix_bars(m), &commands);
    let mut units = crate::rules::core::tally::Tally::new();
    for (k, u) in m.cells.iter().flatten().flat_map(|c| c.units()) {
        units.entry(k).or_default().add(&u);
    }
    units_ui(ui, &units);
}
