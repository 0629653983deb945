//! The list of saved games in the saves folder, newest name first, as the Load window and the
//! Watch a replay window show it: a click picks one.

use bevy_egui::egui;
use std::path::PathBuf;

/// How often, in seconds, an open list reads the saves folder again.
const REREAD_SECS: f64 = 2.0;

/// Shows the saves folder's games as buttons; the one clicked, if any. The folder is read when
/// the list first shows and then every [`REREAD_SECS`], not every frame.
pub fn pick_save(ui: &mut egui::Ui) -> Option<PathBuf> {
    let dir = crate::app::base::files::saves_dir();
    ui.label(format!("Saved games in {}:", dir.display()));
    let id = egui::Id::new(("save-list", &dir));
    let now = ui.input(|i| i.time);
    let cached = ui
        .ctx()
        .data_mut(|d| d.get_temp::<(f64, Vec<PathBuf>)>(id))
        .filter(|(read, _)| now - read < REREAD_SECS && *read <= now);
    let list = match cached {
        Some((_, list)) => list,
        None => {
            let list = crate::app::base::level_io::list_levels(&dir);
            ui.ctx()
                .data_mut(|d| d.insert_temp(id, (now, list.clone())));
            list
        }
    };
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
