//! The guided game's pointer at a button: the guide names the button its step asks for (by its
//! label, or the start of it) in the egui context, and a panel that draws that button rings it.
//! Panels call [`mark`] after drawing a button (or [`button`] instead of `ui.button`).

use bevy_egui::egui;

fn focus_id() -> egui::Id {
    egui::Id::new("wartable-guide-focus")
}

/// Names the button the guided game points at this frame (`None`: none).
pub fn set_focus(ctx: &egui::Context, label: Option<&str>) {
    ctx.data_mut(|d| match label {
        Some(l) => {
            d.insert_temp(focus_id(), l.to_string());
        }
        None => {
            d.remove::<String>(focus_id());
        }
    });
}

/// The label the guided game points at, if any.
pub fn focus(ctx: &egui::Context) -> Option<String> {
    ctx.data(|d| d.get_temp::<String>(focus_id()))
}

/// Whether the guided game points at a button labelled `label`.
pub fn is_focus(ctx: &egui::Context, label: &str) -> bool {
    focus(ctx).is_some_and(|f| !f.is_empty() && label.starts_with(f.as_str()))
}

/// Rings `resp` (a button labelled `label`) if the guided game points at it.
pub fn mark(ui: &egui::Ui, resp: &egui::Response, label: &str) {
    if is_focus(ui.ctx(), label) {
        let t = ui.input(|i| i.time);
        let a = (0.6 + 0.4 * (t * 4.0).sin()) as f32;
        let col = egui::Color32::from_rgba_unmultiplied(255, 215, 0, (a * 255.0) as u8);
        ui.painter().rect_stroke(
            resp.rect.expand(3.0),
            4.0,
            egui::Stroke::new(3.0, col),
            egui::StrokeKind::Outside,
        );
        ui.ctx().request_repaint();
    }
}

/// `ui.button(label)`, ringed when the guided game points at it.
pub fn button(ui: &mut egui::Ui, label: impl Into<String>) -> egui::Response {
    let label = label.into();
    let r = ui.button(&label);
    mark(ui, &r, &label);
    r
}
