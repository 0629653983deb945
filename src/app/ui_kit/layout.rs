//! The layout of the egui screens: a root `Ui` on the background layer, a rule set's two side
//! panels, the rects the common bars and the play shell leave for what comes after them, the
//! pointer over the UI, and the 3D view fitted to the free rect.

use bevy::camera::Viewport;
use bevy::prelude::*;
use bevy_egui::egui;

/// In a game, the area the common bars leave for the game's own panels and the 3D view.
#[derive(Resource, Debug, Clone, Default)]
pub struct UiRest(pub Option<egui::Rect>);

/// The screen left for the rule set's panels, then for the table.
#[derive(Resource, Debug, Default)]
pub struct PlayRest(pub Option<egui::Rect>);

/// A root `Ui` over `rect` on the background layer, for a screen's side panels (egui 0.36 lays
/// panels out inside a `Ui`).
pub fn root_ui(ctx: &egui::Context, id: &'static str, rect: egui::Rect) -> egui::Ui {
    egui::Ui::new(
        ctx.clone(),
        id.into(),
        egui::UiBuilder::new()
            .layer_id(egui::LayerId::background())
            .max_rect(rect),
    )
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
    rest: &mut PlayRest,
    id: &'static str,
    widths: [f32; 2],
    mut draw: impl FnMut(&mut bevy_egui::egui::Ui, Side),
) {
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

/// Whether the pointer is over the UI: outside the free area, or over a window floating above
/// the table.
pub fn pointer_over_ui(ctx: &egui::Context, free: egui::Rect) -> bool {
    let pos = ctx.pointer_latest_pos();
    ctx.egui_is_using_pointer()
        || pos.is_some_and(|p| {
            !free.contains(p)
                || ctx
                    .layer_id_at(p)
                    .is_some_and(|l| l.order != egui::Order::Background)
        })
}

/// Sets the camera's viewport to `free` (egui points, `zoom` logical pixels each), in physical
/// pixels within the window.
pub fn fit_viewport(cam: &mut Camera, window: &Window, free: egui::Rect, zoom: f32) {
    let scale = window.scale_factor() * zoom;
    let (w, h) = (window.physical_width(), window.physical_height());
    let x0 = ((free.min.x * scale).max(0.0) as u32).min(w.saturating_sub(1));
    let y0 = ((free.min.y * scale).max(0.0) as u32).min(h.saturating_sub(1));
    let x1 = ((free.max.x * scale) as u32).clamp(x0 + 1, w.max(x0 + 1));
    let y1 = ((free.max.y * scale) as u32).clamp(y0 + 1, h.max(y0 + 1));
    if x1 - x0 < 32 || y1 - y0 < 32 {
        cam.viewport = None;
        return;
    }
    let vp = Viewport {
        physical_position: UVec2::new(x0, y0),
        physical_size: UVec2::new(x1 - x0, y1 - y0),
        ..default()
    };
    if cam.viewport.as_ref().is_none_or(|v| {
        v.physical_position != vp.physical_position || v.physical_size != vp.physical_size
    }) {
        cam.viewport = Some(vp);
    }
}
