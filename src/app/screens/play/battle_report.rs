//! "Save a battle report": the game over (or the replay being watched) written as one
//! self-contained HTML file in the `reports` folder beside the saves, as `wartable report` writes
//! it.

use std::path::PathBuf;

/// The `reports` folder beside the saves.
pub fn reports_dir() -> PathBuf {
    crate::app::base::files::saves_dir().join("reports")
}

/// Writes the report of the save `text` (named `name` in errors and in the file's name) into
/// [`reports_dir`]; the path written, or why not.
pub fn write_report(name: &str, text: &str) -> Result<PathBuf, Vec<String>> {
    write_report_in(&reports_dir(), name, text)
}

/// [`write_report`] into `dir` (made if missing): `NAME-report.html`, the name's stem with
/// anything but letters, digits, `-` and `_` made a `-`.
pub fn write_report_in(
    dir: &std::path::Path,
    name: &str,
    text: &str,
) -> Result<PathBuf, Vec<String>> {
    let html = crate::report::html_of_save(name, text)?;
    crate::app::base::files::ensure_dir(dir).map_err(|e| vec![e])?;
    let stem = std::path::Path::new(name)
        .file_stem()
        .map_or_else(|| "game".to_string(), |s| s.to_string_lossy().into_owned());
    let stem: String = stem
        .chars()
        .map(|c| {
            if c.is_alphanumeric() || c == '-' || c == '_' {
                c
            } else {
                '-'
            }
        })
        .collect();
    let path = dir.join(format!("{stem}-report.html"));
    crate::data::load::write_atomic(&path, html.as_bytes()).map_err(|e| {
        vec![format!(
            "cannot write the report to {}: {e}",
            path.display()
        )]
    })?;
    Ok(path)
}
