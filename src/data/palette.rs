//! The sandbox palette: stand-in miniatures (name, base diameter, body height) read from RON.

use super::error::{Issue, LocatedError};
use super::spans::SpanIndex;
use super::validate::BASE_RANGE;
use serde::Deserialize;
use std::path::Path;

#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(deny_unknown_fields, rename = "Palette")]
pub struct Palette {
    pub entries: Vec<PaletteEntry>,
}

/// A palette entry chosen for placing, for a side (plain data: the sandbox's Place tool holds it).
#[derive(Debug, Clone, PartialEq)]
pub struct PaletteChoice {
    pub side: u8,
    pub entry: PaletteEntry,
}

#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PaletteEntry {
    pub name: String,
    pub base: f32,
    pub height: f32,
}

/// Parses and validates palette text.
pub fn parse_palette(file: &str, text: &str) -> Result<Palette, Vec<LocatedError>> {
    let spans = SpanIndex::new(text);
    let p: Palette = super::load::from_ron(file, text, &spans)?;
    let mut issues = Vec::new();
    if p.entries.is_empty() {
        issues.push(Issue::new(
            "entries",
            "the palette needs at least one entry",
        ));
    }
    for (i, e) in p.entries.iter().enumerate() {
        if e.name.trim().is_empty() {
            issues.push(Issue::new(
                format!("entries[{i}].name"),
                "an entry needs a name",
            ));
        }
        if !(e.base.is_finite() && (BASE_RANGE.0..=BASE_RANGE.1).contains(&e.base)) {
            issues.push(Issue::new(
                format!("entries[{i}].base"),
                format!("base {} is out of range", e.base),
            ));
        }
        if !(e.height.is_finite() && (0.1..=24.0).contains(&e.height)) {
            issues.push(Issue::new(
                format!("entries[{i}].height"),
                format!("height {} is out of range", e.height),
            ));
        }
    }
    if issues.is_empty() {
        Ok(p)
    } else {
        Err(issues
            .iter()
            .map(|i| LocatedError::locate(file, &spans, i))
            .collect())
    }
}

pub fn load_palette(path: &Path) -> Result<Palette, Vec<LocatedError>> {
    let text = super::read_text(path).map_err(|e| vec![e])?;
    parse_palette(&path.display().to_string(), &text)
}
