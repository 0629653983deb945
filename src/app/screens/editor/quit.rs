//! Quitting with unsaved work: window close requests are held for a prompt (save and quit, quit
//! without saving, or cancel) while the editor has unsaved changes.

use super::state::Editor;
use crate::app::base::state::Notices;
use bevy::prelude::*;
use bevy_egui::{EguiContexts, egui};

/// Window close requests: closed at once, or held for the quit prompt when the editor has unsaved
/// work. Window-free, so headless tests use it.
pub fn quit_plugin(app: &mut App) {
    app.init_resource::<QuitPrompt>()
        .add_systems(Update, close_requests);
}

/// Asks before closing the window on unsaved work.
#[derive(Resource, Debug, Default)]
pub struct QuitPrompt(pub Option<Entity>);

fn close_requests(
    mut commands: Commands,
    mut requests: MessageReader<bevy::window::WindowCloseRequested>,
    editor: Option<Res<Editor>>,
    mut prompt: ResMut<QuitPrompt>,
) {
    for r in requests.read() {
        if editor.as_ref().is_some_and(|e| e.history.is_dirty()) {
            prompt.0 = Some(r.window);
        } else {
            commands.entity(r.window).despawn();
        }
    }
}

pub(super) fn quit_dialog(
    mut contexts: EguiContexts,
    mut commands: Commands,
    mut prompt: ResMut<QuitPrompt>,
    editor: Option<ResMut<Editor>>,
    mut notices: ResMut<Notices>,
) -> Result {
    let Some(window) = prompt.0 else {
        return Ok(());
    };
    let ctx = contexts.ctx_mut()?.clone();
    let Some(mut editor) = editor else {
        commands.entity(window).despawn();
        return Ok(());
    };
    egui::Window::new("Unsaved changes")
        .anchor(egui::Align2::CENTER_CENTER, [0.0, 0.0])
        .collapsible(false)
        .show(&ctx, |ui| {
            ui.label(format!(
                "'{}' has unsaved changes.",
                editor.history.current().name
            ));
            ui.horizontal(|ui| {
                if ui.button("Save and quit").clicked() {
                    match editor.path.clone() {
                        Some(p) => {
                            editor.save_to(p, &mut notices);
                            if !editor.history.is_dirty() {
                                commands.entity(window).despawn();
                            }
                        }
                        None => {
                            let _ = editor.autosave();
                            notices.status = format!(
                                "Not saved yet: use Save as. A recovery copy is in {}",
                                editor.autosave_path().display()
                            );
                        }
                    }
                    prompt.0 = None;
                }
                if ui.button("Quit without saving").clicked() {
                    let _ = std::fs::remove_file(editor.autosave_path());
                    commands.entity(window).despawn();
                    prompt.0 = None;
                }
                if ui.button("Cancel").clicked() {
                    prompt.0 = None;
                }
            });
        });
    Ok(())
}
