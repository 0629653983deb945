//! The list of saved games in the saves folder, newest name first, as the Load window and the
//! Watch a replay window show it: a click picks one.

use bevy_egui::egui;
use std::path::PathBuf;

/// Shows the saves folder's games as buttons; the one clicked, if any.
pub fn pick_save(ui: &mut egui::Ui) -> Option<PathBuf> {
    let dir = crate::app::base::files::saves_dir();
    ui.label(format!("Saved games in {}:", dir.display()));
    let list = crate::app::base::level_io::list_levels(&dir);
    if list.is_empty() {
        ui.label("(none yet: \"Save game\" in a game writes one here)");
    }
    let mut chosen = None;
    egui::ScrollArea::vertical()
        .max_height(300.0)
        .show(ui, |ui| {
            for p in list.iter().rev() {
                let name = p.file_name().map(|n| n.to_string_lossy().into_owned());
                if ui.button(name.unwrap_or_default()).clicked() {
                    chosen = Some(p.clone());
                }
            }
        });
    chosen
}
