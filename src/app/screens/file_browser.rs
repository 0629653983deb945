//! A small file browser in egui, for choosing a model file where no native file dialog is at
//! hand: the folders and the model files (.glb, .gltf, .stl) of one folder, a way up, and the
//! folder's path to type in; it starts in the home folder.

use bevy_egui::egui;
use std::path::{Path, PathBuf};

/// What the browser came to.
#[derive(Debug, Clone, PartialEq)]
pub enum Browsed {
    Chosen(PathBuf),
    Cancelled,
}

/// The browser's state: the folder shown and what is in it.
#[derive(Debug, Clone)]
pub struct FileBrowser {
    pub dir: PathBuf,
    /// The folder as typed.
    typed: String,
    folders: Vec<String>,
    files: Vec<String>,
    error: Option<String>,
    selected: Option<String>,
}

/// Whether a file name is a model file the packs read.
pub fn is_model_file(name: &str) -> bool {
    crate::data::packs::Format::of(name).is_some()
}

/// The folders (hidden ones left out) and model files in `dir`, each sorted.
pub fn list_dir(dir: &Path) -> Result<(Vec<String>, Vec<String>), String> {
    let rd = std::fs::read_dir(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    let (mut folders, mut files) = (Vec::new(), Vec::new());
    for e in rd.filter_map(Result::ok) {
        let name = e.file_name().to_string_lossy().into_owned();
        if name.starts_with('.') {
            continue;
        }
        let path = e.path();
        if path.is_dir() {
            folders.push(name);
        } else if is_model_file(&name) {
            files.push(name);
        }
    }
    folders.sort_by_key(|s| s.to_lowercase());
    files.sort_by_key(|s| s.to_lowercase());
    Ok((folders, files))
}

impl FileBrowser {
    /// A browser on the home folder (or the current one).
    pub fn new() -> Self {
        let home = std::env::var_os("HOME")
            .map(PathBuf::from)
            .unwrap_or_else(|| PathBuf::from("."));
        Self::at(home)
    }

    pub fn at(dir: PathBuf) -> Self {
        let mut b = Self {
            typed: dir.display().to_string(),
            dir,
            folders: Vec::new(),
            files: Vec::new(),
            error: None,
            selected: None,
        };
        b.go(b.dir.clone());
        b
    }

    fn go(&mut self, dir: PathBuf) {
        match list_dir(&dir) {
            Ok((folders, files)) => {
                self.folders = folders;
                self.files = files;
                self.error = None;
                self.selected = None;
                self.typed = dir.display().to_string();
                self.dir = dir;
            }
            Err(e) => self.error = Some(e),
        }
    }

    /// Draws the browser in its own window; `Some` once a file is chosen or the browser closed.
    pub fn show(&mut self, ctx: &egui::Context, title: &str) -> Option<Browsed> {
        let mut out = None;
        let mut open = true;
        egui::Window::new(title)
            .open(&mut open)
            .collapsible(false)
            .default_size([420.0, 420.0])
            .show(ctx, |ui| {
                ui.horizontal(|ui| {
                    if ui.button("Up").clicked()
                        && let Some(p) = self.dir.parent()
                    {
                        self.go(p.to_path_buf());
                    }
                    let r =
                        ui.add(egui::TextEdit::singleline(&mut self.typed).desired_width(320.0));
                    if r.lost_focus() && ui.input(|i| i.key_pressed(egui::Key::Enter)) {
                        self.go(PathBuf::from(self.typed.clone()));
                    }
                });
                if let Some(e) = &self.error {
                    ui.colored_label(egui::Color32::LIGHT_RED, e);
                }
                ui.separator();
                egui::ScrollArea::vertical()
                    .max_height(300.0)
                    .auto_shrink([false, false])
                    .show(ui, |ui| {
                        let mut go_to = None;
                        for f in &self.folders {
                            if ui
                                .selectable_label(false, format!("[{f}]"))
                                .double_clicked()
                            {
                                go_to = Some(self.dir.join(f));
                            }
                        }
                        for f in &self.files {
                            let on = self.selected.as_deref() == Some(f);
                            let r = ui.selectable_label(on, f);
                            if r.clicked() {
                                self.selected = Some(f.clone());
                            }
                            if r.double_clicked() {
                                out = Some(Browsed::Chosen(self.dir.join(f)));
                            }
                        }
                        if self.folders.is_empty() && self.files.is_empty() {
                            ui.weak("No folders or model files here.");
                        }
                        if let Some(d) = go_to {
                            self.go(d);
                        }
                    });
                ui.separator();
                ui.horizontal(|ui| {
                    let chosen = self.selected.clone();
                    if ui
                        .add_enabled(chosen.is_some(), egui::Button::new("Choose"))
                        .clicked()
                        && let Some(f) = chosen
                    {
                        out = Some(Browsed::Chosen(self.dir.join(f)));
                    }
                    if ui.button("Cancel").clicked() {
                        out = Some(Browsed::Cancelled);
                    }
                    ui.weak("Double-click a folder to open it.");
                });
            });
        if !open {
            out = Some(Browsed::Cancelled);
        }
        out
    }
}

impl Default for FileBrowser {
    fn default() -> Self {
        Self::new()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_folder_lists_its_folders_and_model_files_only() {
        let dir = std::env::temp_dir().join(format!("wartable-browse-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(dir.join("Orcs")).unwrap();
        std::fs::create_dir_all(dir.join(".hidden")).unwrap();
        for f in ["b.STL", "a.glb", "notes.txt", "c.gltf", "c.bin"] {
            std::fs::write(dir.join(f), b"x").unwrap();
        }
        let (folders, files) = list_dir(&dir).unwrap();
        assert_eq!(folders, vec!["Orcs"]);
        assert_eq!(files, vec!["a.glb", "b.STL", "c.gltf"]);
        assert!(list_dir(&dir.join("nope")).is_err());
        let _ = std::fs::remove_dir_all(&dir);
    }
}
