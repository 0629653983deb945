//! The play screen every rule set shares: the game in play ([`ActiveGame`]), the table kept in
//! line with it, the program opponent's clock, saving and leaving, the rule sets the program
//! can play ([`PlayRegistry`]), and the shell's overlays (bar, seats, combat log, rules
//! reference, game over). Each rule set adds only its own panels (`src/app/<rule set>/`).

pub mod keys;
pub mod mirror;
pub mod new_game;
pub mod online;
pub mod program;
pub mod registry;
pub mod requests;
pub mod rules_ref;
pub mod session;
pub mod shell;

pub use registry::{PlayRegistry, RuleSetApp};
pub use session::{ActiveGame, DynGame, PlaySession, Shell};

use crate::app::screens::Mode;
use crate::app::state::{Notices, TableState};
use bevy::prelude::*;

pub fn plugin(app: &mut App) {
    app.add_plugins((
        keys::plugin,
        mirror::plugin,
        online::plugin,
        program::plugin,
        registry::plugin,
        requests::plugin,
        shell::plugin,
    ));
}

/// A root `Ui` over `rect` on the background layer, for a screen's side panels (egui 0.36 lays
/// panels out inside a `Ui`).
pub fn root_ui(
    ctx: &bevy_egui::egui::Context,
    id: &'static str,
    rect: bevy_egui::egui::Rect,
) -> bevy_egui::egui::Ui {
    use bevy_egui::egui;
    egui::Ui::new(
        ctx.clone(),
        id.into(),
        egui::UiBuilder::new()
            .layer_id(egui::LayerId::background())
            .max_rect(rect),
    )
}

/// Whether a game is in play.
pub fn in_play(mode: Res<State<Mode>>, active: Option<Res<ActiveGame>>) -> bool {
    *mode.get() == Mode::Game && active.is_some()
}

/// Starts playing `game`: the level's terrain on the table, the play screen on.
pub fn begin(
    commands: &mut Commands,
    state: &mut TableState,
    notices: &mut Notices,
    level: crate::data::LevelFile,
    game: ActiveGame,
) {
    state.level = level;
    state.path = None;
    state.table = game.0.game().table();
    state.terrain_changed();
    notices.status = format!(
        "{} on '{}', seed {}",
        game.0.title(),
        state.level.name,
        game.0.game().seed()
    );
    commands.set_state(Mode::Game);
    commands.insert_resource(game);
}

/// Which of a rule set's side panels [`side_panels`] is drawing.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Side {
    Left,
    Right,
}

/// A rule set's two side panels, each scrolling, in the rect the shell left for it (`rest`);
/// what they leave goes back to `rest` for the table. `draw` fills each side; `widths` are their
/// default widths, left then right. Nothing is drawn while the shell has left no rect.
pub fn side_panels(
    ctx: &bevy_egui::egui::Context,
    rest: &mut shell::PlayRest,
    id: &'static str,
    widths: [f32; 2],
    mut draw: impl FnMut(&mut bevy_egui::egui::Ui, Side),
) {
    use bevy_egui::egui;
    let Some(rect) = rest.0 else {
        return;
    };
    let mut root = root_ui(ctx, id, rect);
    for (side, width) in [(Side::Left, widths[0]), (Side::Right, widths[1])] {
        let panel = match side {
            Side::Left => egui::Panel::left(egui::Id::new((id, "left"))),
            Side::Right => egui::Panel::right(egui::Id::new((id, "right"))),
        };
        panel.default_size(width).show(&mut root, |ui| {
            egui::ScrollArea::vertical()
                .id_salt((id, side == Side::Left))
                .show(ui, |ui| draw(ui, side));
        });
    }
    rest.0 = Some(root.available_rect_before_wrap());
}
