//! A model pack's manifest, `pack.ron`: the pack's name, and entries that map a rule set's unit
//! type or a terrain piece's label to a model file, with an optional scale, rotation, offset and
//! paint. Parsed with located errors (`file:line:column: field: message`), then checked against
//! the names the rule sets know ([`Known`]).

use crate::data::error::{Issue, LocatedError};
use crate::data::names::same_name;
use crate::data::spans::SpanIndex;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// The manifest's file name in a pack's folder.
pub const MANIFEST_FILE: &str = "pack.ron";

/// How a model is painted.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize, Default)]
pub enum Paint {
    /// The file's own colours; parts of a glTF material named `side` in the side's colour. The
    /// default for glTF files.
    #[default]
    File,
    /// Wholly in the side's colour. The default for STL files, which carry no colour.
    Side,
    /// One colour for the whole model: red, green and blue from 0 to 1 (sRGB).
    Color(f32, f32, f32),
}

/// What every entry says of its model: which file draws it, and how it is placed.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct ModelEntry {
    pub file: String,
    pub scale: Option<f32>,
    pub rotation: (f32, f32, f32),
    pub offset: (f32, f32, f32),
    pub paint: Option<Paint>,
}

macro_rules! model_of {
    ($t:ty) => {
        impl $t {
            /// The entry's model file and placement.
            pub fn model(&self) -> ModelEntry {
                ModelEntry {
                    file: self.file.clone(),
                    scale: self.scale,
                    rotation: self.rotation,
                    offset: self.offset,
                    paint: self.paint,
                }
            }
        }
    };
}
model_of!(UnitEntry);
model_of!(TerrainEntry);

fn is_zero3(v: &(f32, f32, f32)) -> bool {
    *v == (0.0, 0.0, 0.0)
}

/// A rule set's unit type drawn by a model.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct UnitEntry {
    /// The rule set's key, as in saves and on the command line: `kog-light`, `kry-gothic`,
    /// `dndalike`, `ktog`, `krig`.
    pub rules: String,
    /// The unit type's name in that rule set (case, accents and spaces do not matter).
    pub unit: String,
    /// The model file, relative to the pack's folder (`/` between folders).
    pub file: String,
    /// Inches per unit of the file. Without it the model is fitted: a miniature to its base and
    /// height, a terrain model into its piece's box.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub scale: Option<f32>,
    /// Degrees about x, then y, then z, turning the model as read (y up, facing +z) before it is
    /// fitted.
    #[serde(default, skip_serializing_if = "is_zero3")]
    pub rotation: (f32, f32, f32),
    /// Inches added after fitting: x forward, y up, z to the model's right.
    #[serde(default, skip_serializing_if = "is_zero3")]
    pub offset: (f32, f32, f32),
    /// How the model is painted (default: the file's colours; STL: the side's colour).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub paint: Option<Paint>,
}

/// A terrain piece, by its label, drawn by a model.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TerrainEntry {
    /// The piece's label, as levels give it ("Crate stack").
    pub piece: String,
    /// The model file, relative to the pack's folder (`/` between folders).
    pub file: String,
    /// Inches per unit of the file. Without it the model is fitted: a miniature to its base and
    /// height, a terrain model into its piece's box.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub scale: Option<f32>,
    /// Degrees about x, then y, then z, turning the model as read (y up, facing +z) before it is
    /// fitted.
    #[serde(default, skip_serializing_if = "is_zero3")]
    pub rotation: (f32, f32, f32),
    /// Inches added after fitting: x forward, y up, z to the model's right.
    #[serde(default, skip_serializing_if = "is_zero3")]
    pub offset: (f32, f32, f32),
    /// How the model is painted (default: the file's colours; STL: the side's colour).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub paint: Option<Paint>,
}

/// The manifest of a pack.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, rename = "Pack")]
pub struct Manifest {
    pub name: String,
    #[serde(default)]
    pub description: String,
    #[serde(default)]
    pub units: Vec<UnitEntry>,
    #[serde(default)]
    pub terrain: Vec<TerrainEntry>,
}

/// The names a manifest may use: each rule set's unit types (by rule-set key) and the terrain
/// piece labels. The rule sets give them (`wartable::rules::unit_types::known`); the data
/// layer only compares.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Known {
    pub units: BTreeMap<String, Vec<String>>,
    pub pieces: Vec<String>,
}

impl Known {
    pub fn has_rules(&self, rules: &str) -> bool {
        self.units.contains_key(rules)
    }
    /// The rule set's own spelling of `unit`, if it has such a unit type.
    pub fn unit(&self, rules: &str, unit: &str) -> Option<&str> {
        self.units
            .get(rules)?
            .iter()
            .find(|u| same_name(u, unit))
            .map(String::as_str)
    }
    /// The levels' own spelling of a piece label.
    pub fn piece(&self, label: &str) -> Option<&str> {
        self.pieces
            .iter()
            .find(|p| same_name(p, label))
            .map(String::as_str)
    }
}

/// Most entries a manifest may hold.
pub const MAX_ENTRIES: usize = 4096;

/// Parses manifest text; `file` names it in errors. A syntax error gives one error; otherwise
/// every field problem is listed.
pub fn parse_manifest(file: &str, text: &str) -> Result<Manifest, Vec<LocatedError>> {
    if text.trim().is_empty() {
        return Err(vec![LocatedError::whole_file(
            file,
            "file is empty: expected a Pack(...)",
        )]);
    }
    let spans = SpanIndex::new(text);
    let m: Manifest = crate::data::load::from_ron(file, text, &spans)?;
    let issues = field_issues(&m);
    if issues.is_empty() {
        Ok(m)
    } else {
        Err(locate_all(file, &spans, &issues))
    }
}

/// Locates issues found in the manifest text `text` read from `file`.
pub fn locate_all(file: &str, spans: &SpanIndex, issues: &[Issue]) -> Vec<LocatedError> {
    issues
        .iter()
        .map(|i| LocatedError::locate(file, spans, i))
        .collect()
}

/// Problems with the fields' values that the syntax lets through (names and files empty,
/// numbers out of range).
pub fn field_issues(m: &Manifest) -> Vec<Issue> {
    let mut out = Vec::new();
    if m.name.trim().is_empty() {
        out.push(Issue::new("name", "the pack needs a name"));
    }
    if m.units.len() + m.terrain.len() > MAX_ENTRIES {
        out.push(Issue::new(
            "units",
            format!("more than {MAX_ENTRIES} entries"),
        ));
    }
    let models = m
        .units
        .iter()
        .enumerate()
        .map(|(i, u)| (format!("units[{i}]"), u.model()))
        .chain(
            m.terrain
                .iter()
                .enumerate()
                .map(|(i, t)| (format!("terrain[{i}]"), t.model())),
        );
    for (at, e) in models {
        if e.file.trim().is_empty() {
            out.push(Issue::new(format!("{at}.file"), "no file named"));
        }
        if let Some(s) = e.scale
            && !(s.is_finite() && s > 0.0 && s <= 1000.0)
        {
            out.push(Issue::new(
                format!("{at}.scale"),
                format!("scale {s} is not a number above 0 and at most 1000"),
            ));
        }
        let (rx, ry, rz) = e.rotation;
        if ![rx, ry, rz]
            .iter()
            .all(|v| v.is_finite() && v.abs() <= 360.0)
        {
            out.push(Issue::new(
                format!("{at}.rotation"),
                "each angle must be a number of degrees from -360 to 360",
            ));
        }
        let (ox, oy, oz) = e.offset;
        if ![ox, oy, oz]
            .iter()
            .all(|v| v.is_finite() && v.abs() <= 100.0)
        {
            out.push(Issue::new(
                format!("{at}.offset"),
                "each offset must be a number of inches from -100 to 100",
            ));
        }
        if let Some(Paint::Color(r, g, b)) = e.paint
            && ![r, g, b].iter().all(|v| (0.0..=1.0).contains(v))
        {
            out.push(Issue::new(
                format!("{at}.paint"),
                "a colour's red, green and blue go from 0 to 1",
            ));
        }
    }
    out
}

/// Names in the manifest that no rule set has: an unknown rule set, a unit type its rule set
/// does not have, a piece label no level uses.
pub fn name_issues(m: &Manifest, known: &Known) -> Vec<Issue> {
    let mut out = Vec::new();
    for (i, u) in m.units.iter().enumerate() {
        if !known.has_rules(&u.rules) {
            out.push(Issue::new(
                format!("units[{i}].rules"),
                format!(
                    "no rule set '{}' (known: {})",
                    u.rules,
                    known.units.keys().cloned().collect::<Vec<_>>().join(", ")
                ),
            ));
        } else if known.unit(&u.rules, &u.unit).is_none() {
            out.push(Issue::new(
                format!("units[{i}].unit"),
                format!("{} has no unit type '{}'", u.rules, u.unit),
            ));
        }
    }
    for (i, t) in m.terrain.iter().enumerate() {
        if known.piece(&t.piece).is_none() {
            out.push(Issue::new(
                format!("terrain[{i}].piece"),
                format!("no level has a terrain piece labelled '{}'", t.piece),
            ));
        }
    }
    out
}

/// The manifest as RON, one entry per line, optional fields only when set (as a player would
/// write it).
pub fn to_ron_string(m: &Manifest) -> Result<String, ron::Error> {
    let q = |v: &dyn erased::Ron| v.ron();
    let mut s = format!("Pack(\n    name: {},\n", q(&m.name)?);
    if !m.description.is_empty() {
        s += &format!("    description: {},\n", q(&m.description)?);
    }
    let rest = |e: ModelEntry| -> Result<String, ron::Error> {
        let mut r = format!("file: {}", q(&e.file)?);
        if let Some(v) = e.scale {
            r += &format!(", scale: Some({})", q(&v)?);
        }
        if !is_zero3(&e.rotation) {
            r += &format!(", rotation: {}", q(&e.rotation)?);
        }
        if !is_zero3(&e.offset) {
            r += &format!(", offset: {}", q(&e.offset)?);
        }
        if let Some(p) = e.paint {
            r += &format!(", paint: Some({})", q(&p)?);
        }
        Ok(r)
    };
    if !m.units.is_empty() {
        s += "    units: [\n";
        for u in &m.units {
            s += &format!(
                "        (rules: {}, unit: {}, {}),\n",
                q(&u.rules)?,
                q(&u.unit)?,
                rest(u.model())?
            );
        }
        s += "    ],\n";
    }
    if !m.terrain.is_empty() {
        s += "    terrain: [\n";
        for t in &m.terrain {
            s += &format!("        (piece: {}, {}),\n", q(&t.piece)?, rest(t.model())?);
        }
        s += "    ],\n";
    }
    s += ")\n";
    Ok(s)
}

mod erased {
    /// A value written as RON on its own.
    pub trait Ron {
        fn ron(&self) -> Result<String, ron::Error>;
    }
    impl<T: serde::Serialize> Ron for T {
        fn ron(&self) -> Result<String, ron::Error> {
            ron::ser::to_string(self)
        }
    }
}
