//! The rules reference in game: a rule set's Markdown file of rulings, each with the sentence it
//! interprets, shown in a window with a filter.

use crate::data::load::resolve_data_path;
use bevy_egui::egui;
use std::path::Path;

/// A reference file's text: the file beside the program, else `built_in` (the copy compiled
/// in).
pub fn read_or(file: &str, built_in: &'static str) -> String {
    std::fs::read_to_string(resolve_data_path(Path::new(file)))
        .unwrap_or_else(|_| built_in.to_string())
}

/// Draws the reference; `open` closes it.
pub fn window(ctx: &egui::Context, open: &mut bool, title: &str, text: &str) {
    let id = egui::Id::new("rules_filter");
    let mut filter: String = ctx.data_mut(|d| d.get_temp(id)).unwrap_or_default();
    egui::Window::new(title)
        .open(open)
        .default_size([560.0, 520.0])
        .show(ctx, |ui| {
            ui.horizontal(|ui| {
                ui.label("Find:");
                ui.text_edit_singleline(&mut filter);
            });
            ui.separator();
            egui::ScrollArea::vertical()
                .id_salt("rules_scroll")
                .show(ui, |ui| render(ui, text, &filter));
        });
    ctx.data_mut(|d| d.insert_temp(id, filter));
}

/// A light rendering of the Markdown: headings, quotes, bullets and paragraphs (lines joined).
/// With a filter, only the sections whose text contains it are shown.
fn render(ui: &mut egui::Ui, md: &str, filter: &str) {
    let f = filter.trim().to_lowercase();
    for section in sections(md) {
        if !f.is_empty() && !section.to_lowercase().contains(&f) {
            continue;
        }
        for block in blocks(&section) {
            let plain = |t: &str| t.replace("**", "").replace(['*', '`'], "");
            if let Some(h) = block.strip_prefix("### ") {
                ui.label(egui::RichText::new(plain(h)).strong().size(15.0));
            } else if let Some(h) = block.strip_prefix("## ") {
                ui.add_space(6.0);
                ui.label(egui::RichText::new(plain(h)).heading());
            } else if let Some(h) = block.strip_prefix("# ") {
                ui.label(egui::RichText::new(plain(h)).heading().strong());
            } else if let Some(q) = block.strip_prefix("> ") {
                ui.label(
                    egui::RichText::new(plain(q))
                        .italics()
                        .color(egui::Color32::from_rgb(200, 200, 150)),
                );
            } else if let Some(b) = block.strip_prefix("- ") {
                ui.label(format!("\u{2022} {}", plain(b)));
            } else {
                ui.label(plain(&block));
            }
        }
    }
}

/// Joins wrapped lines: a heading is one block, a run of quote lines is one block, and so is a
/// paragraph or a bullet with its continuation lines.
fn blocks(section: &str) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    let mut open = false;
    for line in section.lines() {
        let l = line.trim_end();
        if l.is_empty() {
            open = false;
            continue;
        }
        let starts_new = l.starts_with('#') || l.starts_with("- ") || !open;
        let quote = l.starts_with("> ");
        if let Some(last) = out.last_mut()
            && open
            && !starts_new
            && (quote == last.starts_with("> "))
        {
            last.push(' ');
            last.push_str(l.strip_prefix("> ").unwrap_or(l));
            continue;
        }
        out.push(l.to_string());
        open = !l.starts_with('#');
    }
    out
}

/// The text cut at its level-2 and level-3 headings.
fn sections(md: &str) -> Vec<String> {
    let mut out = vec![String::new()];
    for line in md.lines() {
        if line.starts_with("## ") || line.starts_with("### ") {
            out.push(String::new());
        }
        let last = out.last_mut().expect("never empty");
        last.push_str(line);
        last.push('\n');
    }
    out
}
