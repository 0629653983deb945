//! The app's shared resources: the table in play, the dice, the selection and the active tool.

use crate::data::LevelFile;
use crate::dice::Dice;
use crate::table::{ModelId, Table, TapeEnd};
use bevy::prelude::*;
use std::path::PathBuf;

pub fn plugin(app: &mut App) {
    app.init_resource::<Selection>()
        .init_resource::<ActiveTool>()
        .init_resource::<Notices>()
        .init_resource::<ViewSettings>()
        .init_resource::<PointerOverUi>();
}

/// The level file named on the command line, loaded at start-up.
#[derive(Resource, Debug, Clone)]
pub struct StartupLevel(pub PathBuf);

/// The table in play and where it came from. Systems mutate `table` through the table's own
/// checked methods; `terrain_rev` changes whenever the terrain (not the models) changes.
#[derive(Resource, Debug, Clone)]
pub struct TableState {
    pub level: LevelFile,
    pub table: Table,
    pub path: Option<PathBuf>,
    pub terrain_rev: u64,
    /// What the game in play says each model looks like (the rest stand as their size says).
    pub looks: std::collections::HashMap<ModelId, crate::table::look::Look>,
    /// The rule set in play (its key) and each model's unit type in it: what a model pack
    /// draws. Empty outside a game.
    pub units: Units,
}

/// The rule set in play and each model's unit type, as the rule set names it.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Units {
    pub rules: Option<&'static str>,
    pub of: std::collections::HashMap<ModelId, String>,
}

impl TableState {
    pub fn new(level: LevelFile, table: Table, path: Option<PathBuf>) -> Self {
        Self {
            level,
            table,
            path,
            terrain_rev: next_rev(),
            looks: Default::default(),
            units: Units::default(),
        }
    }

    /// What model `m` looks like.
    pub fn look(&self, m: &crate::table::Model) -> crate::table::look::Look {
        self.looks
            .get(&m.id)
            .copied()
            .unwrap_or_else(|| crate::table::look::guess(&m.name, m.base_diameter, m.body_height))
    }

    /// Marks the terrain as changed so that its entities are rebuilt.
    pub fn terrain_changed(&mut self) {
        self.terrain_rev = next_rev();
    }
}

/// A process-wide counter, so that every table loaded or edited gets a revision never seen before.
fn next_rev() -> u64 {
    use std::sync::atomic::{AtomicU64, Ordering};
    static REV: AtomicU64 = AtomicU64::new(1);
    REV.fetch_add(1, Ordering::Relaxed)
}

/// The sandbox's dice, seeded with `--seed`: the free rolls of the dice panel and the
/// damaged-structure rolls of the heavy-hit tool, both outside a game. A game in play rolls only
/// its own dice (the game core's one seeded source, logged with its commands); neither the panel
/// nor the heavy-hit tool is offered there.
#[derive(Resource, Debug, Clone)]
pub struct SandboxDice(pub Dice);

/// The selected model, if any.
#[derive(Resource, Debug, Clone, Default)]
pub struct Selection(pub Option<ModelId>);

/// What a left click on the table does.
#[derive(Resource, Debug, Clone, Default, PartialEq)]
pub enum ActiveTool {
    /// Select, drag to move.
    #[default]
    Select,
    /// Drag a tape measure.
    Measure,
    /// Place a model from the palette.
    Place(crate::data::palette::PaletteChoice),
    /// Line of sight between a shooter and a target.
    Los,
    /// A blast template.
    Template,
    /// Where a heavy weapon hit (damaged structure on weak floors).
    HeavyHit,
    /// The level editor's current tool.
    Edit,
}

/// Messages for the player: errors in a panel, and short notices.
#[derive(Resource, Debug, Clone, Default)]
pub struct Notices {
    /// Located errors from the last failed load; shown until dismissed.
    pub errors: Vec<String>,
    pub errors_title: String,
    /// A short status line (a refused move, a saved file).
    pub status: String,
}

impl Notices {
    pub fn show_errors(&mut self, title: impl Into<String>, errors: Vec<String>) {
        self.errors_title = title.into();
        self.errors = errors;
    }
}

/// View toggles.
#[derive(Resource, Debug, Clone)]
pub struct ViewSettings {
    pub grid: bool,
    pub help: bool,
    pub zones: bool,
}

impl Default for ViewSettings {
    fn default() -> Self {
        Self {
            grid: true,
            help: false,
            zones: true,
        }
    }
}

/// A tape measure between two ends; each end is a model or a point.
#[derive(Resource, Debug, Clone, Default)]
pub struct Tape {
    pub from: Option<TapeEnd>,
    pub to: Option<TapeEnd>,
    /// True while the mouse is still dragging it.
    pub dragging: bool,
}

/// The distances the tape measure may show, where the rule set in play limits them (Kry-Gothic:
/// "No distance measuring is performed before the shot is taken").
#[derive(Resource, Debug, Clone, Default, PartialEq)]
pub struct TapeRule {
    /// `None`: any distance; else only between these pairs of models (either way round).
    pub known: Option<Vec<(ModelId, ModelId)>>,
    /// Why others are not shown, in the rules' words.
    pub why: &'static str,
}

impl TapeRule {
    /// Whether the tape's distance may be shown.
    pub fn shows(&self, tape: &Tape) -> bool {
        let Some(known) = &self.known else {
            return true;
        };
        match (tape.from, tape.to) {
            (Some(TapeEnd::Model(a)), Some(TapeEnd::Model(b))) => known
                .iter()
                .any(|&(x, y)| (x, y) == (a, b) || (x, y) == (b, a)),
            _ => false,
        }
    }
}

/// True while the pointer is over an egui panel or window (set by the UI pass each frame), so that
/// clicks there do not reach the table.
#[derive(Resource, Debug, Clone, Copy, Default)]
pub struct PointerOverUi(pub bool);

/// Run condition: the pointer is over the 3D table, not over the UI.
pub fn pointer_on_table(p: Res<PointerOverUi>) -> bool {
    !p.0
}

/// Whether a modifier is held for a key pressed this frame: pressed now, or released during this
/// same frame (a quick chord delivered between two frames).
pub fn modifier_held(keys: &ButtonInput<KeyCode>, mods: [KeyCode; 2]) -> bool {
    keys.any_pressed(mods) || keys.any_just_released(mods)
}

pub const CTRL: [KeyCode; 2] = [KeyCode::ControlLeft, KeyCode::ControlRight];
pub const SHIFT: [KeyCode; 2] = [KeyCode::ShiftLeft, KeyCode::ShiftRight];
