//! `wartable check-forces`: force lists and rosters of every rule set, recognised by what the file
//! declares (`Force(...)` for KOG light, `KryForce(...)` for Kry-Gothic, `Roster(...)` and
//! `Grimoire(...)` for the DnDalike rules) and checked with the rule set's own loader: one
//! located error per problem.

use crate::data::error::LocatedError;
use std::path::Path;

/// The kinds of force file the program reads.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ForceKind {
    KogLight,
    KryGothic,
    Dndalike,
    /// The DnDalike grimoire: its schools and spells.
    Grimoire,
}

/// The kind a file's text declares: the name before its first parenthesis, after comments.
pub fn kind_of(text: &str) -> Option<ForceKind> {
    let body: String = text
        .lines()
        .map(|l| l.split("//").next().unwrap_or(""))
        .collect::<Vec<_>>()
        .join("\n");
    let head = body.trim_start();
    let name: String = head
        .chars()
        .take_while(|c| c.is_alphanumeric() || *c == '_')
        .collect();
    match name.as_str() {
        "Force" => Some(ForceKind::KogLight),
        "KryForce" => Some(ForceKind::KryGothic),
        "Roster" => Some(ForceKind::Dndalike),
        "Grimoire" => Some(ForceKind::Grimoire),
        _ => None,
    }
}

/// Checks one file: what it holds, in words, or its problems.
pub fn check_force_file(path: &Path) -> Result<String, Vec<LocatedError>> {
    let file = path.display().to_string();
    let text = crate::data::read_text(path).map_err(|e| vec![e])?;
    let data = |p: &str| crate::data::load::resolve_data_path(Path::new(p));
    match kind_of(&text) {
        Some(ForceKind::KogLight) => {
            let cat = crate::rules::kog::catalogue::load_catalogue(&data(
                crate::rules::kog::catalogue::CATALOGUE_FILE,
            ))?;
            let f = crate::rules::kog::force::parse_force(&file, &text, &cat)?;
            Ok(format!(
                "KOG light force '{}', {} units",
                f.name,
                f.units.len()
            ))
        }
        Some(ForceKind::KryGothic) => {
            let cat = crate::rules::kry::catalogue::load_catalogue(&data(
                crate::rules::kry::catalogue::CATALOGUE_FILE,
            ))?;
            let o = crate::rules::kry::options::KryOptions::default();
            let f = crate::rules::kry::force::parse_force(
                &file,
                &text,
                &cat,
                o.cost_cap,
                o.max_models,
            )?;
            Ok(format!(
                "Kry-Gothic team '{}', {} models",
                f.name,
                f.models.len()
            ))
        }
        Some(ForceKind::Dndalike) => {
            let r = crate::rules::dndalike::setup::parse_roster(&file, &text)?;
            Ok(format!(
                "DnDalike roster '{}', {} characters",
                r.name,
                r.members.len()
            ))
        }
        Some(ForceKind::Grimoire) => {
            let g = crate::rules::dndalike::spells::parse_grimoire(&file, &text)?;
            Ok(format!(
                "DnDalike grimoire '{}', {} spells in {} schools",
                path.file_name()
                    .map_or(file.clone(), |n| n.to_string_lossy().into()),
                g.spells.len(),
                g.schools.len()
            ))
        }
        None => Err(vec![LocatedError::whole_file(
            &file,
            "not a force list: expected Force(...) (KOG light), KryForce(...) (Kry-Gothic) or Roster(...) (DnDalike)",
        )]),
    }
}
