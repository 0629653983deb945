//! Sandbox mode (free play without rules): a palette of stand-in miniatures for each side; click
//! an entry, then click the table to place it. Models are moved, turned and removed as anywhere.

use crate::app::base::level_io::resolve_data_path;
use crate::app::base::sets::TableSync;
use crate::app::base::state::{ActiveTool, Notices, Selection, TableState};
use crate::app::view::picking::CursorHit;
use crate::data::palette::{Palette, PaletteEntry, load_palette};
use crate::table::Model;
use bevy::prelude::*;
use std::path::Path;

pub(crate) fn plugin(app: &mut App) {
    app.add_systems(Startup, load_palette_resource).add_systems(
        Update,
        place_on_click
            .run_if(crate::app::base::state::pointer_on_table)
            .before(TableSync),
    );
}

/// The palette in use.
#[derive(Resource, Debug, Clone)]
pub struct SandboxPalette(pub Palette);

pub use crate::data::palette::PaletteChoice;

pub const PALETTE_FILE: &str = "assets/sandbox/palette.ron";

fn load_palette_resource(mut commands: Commands, mut notices: ResMut<Notices>) {
    let path = resolve_data_path(Path::new(PALETTE_FILE));
    let palette = match load_palette(&path) {
        Ok(p) => p,
        Err(errs) => {
            notices.show_errors(
                "The sandbox palette could not be read; using a single trooper",
                errs.iter().map(ToString::to_string).collect(),
            );
            Palette {
                entries: vec![PaletteEntry {
                    name: "Trooper".into(),
                    base: 1.0,
                    height: 1.3,
                }],
            }
        }
    };
    commands.insert_resource(SandboxPalette(palette));
}

/// Places a model from the palette at `at`, facing away from its side's table edge.
pub fn place(
    state: &mut TableState,
    choice: &PaletteChoice,
    at: crate::table::Pt,
) -> Result<crate::table::ModelId, crate::table::TableError> {
    let id = state.table.next_model_id();
    let facing = if choice.side == 1 { 90.0 } else { 270.0 };
    let count = state
        .table
        .models
        .iter()
        .filter(|m| m.name.starts_with(&choice.entry.name))
        .count();
    let name = format!("{} {}", choice.entry.name, count + 1);
    let model = Model::new(
        id.0,
        choice.side,
        &name,
        choice.entry.base,
        choice.entry.height,
        at,
        facing,
    );
    state.table.add_model(model)
}

fn place_on_click(
    mouse: Res<ButtonInput<MouseButton>>,
    hit: Res<CursorHit>,
    mut tool: ResMut<ActiveTool>,
    mut sel: ResMut<Selection>,
    mut notices: ResMut<Notices>,
    state: Option<ResMut<TableState>>,
) {
    let ActiveTool::Place(choice) = &*tool else {
        return;
    };
    let Some(mut state) = state else { return };
    if mouse.just_pressed(MouseButton::Right) {
        *tool = ActiveTool::Select;
        return;
    }
    if !mouse.just_pressed(MouseButton::Left) {
        return;
    }
    let Some(at) = hit.ground else { return };
    match place(&mut state, choice, at) {
        Ok(id) => {
            sel.0 = Some(id);
            notices.status = format!(
                "Placed {} (side {}). Click to place another; right-click or Esc to stop.",
                choice.entry.name, choice.side
            );
        }
        Err(e) => notices.status = format!("Cannot place there: {e}"),
    }
}
