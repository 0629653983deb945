//! The names a model pack may map to a model: every rule set's unit types (its
//! [`RuleSet::unit_type_names`]) by rule-set key, and the labels of the terrain pieces of the
//! shipped levels (`levels/*.ron`).

use super::core::game::RuleSet;
use super::core::rules_id::RulesId;
use super::registry::RulesVisitor;
use crate::data::packs::Known;
use std::path::Path;

struct Names;

impl RulesVisitor for Names {
    type Out = Vec<String>;
    fn visit<R: RuleSet>(self) -> Vec<String> {
        R::unit_type_names()
    }
}

/// A rule set's unit types, as it spells them.
pub fn unit_type_names(rules: RulesId) -> Vec<String> {
    rules.visit(Names)
}

/// The terrain piece labels of the levels in `dir`, each once, sorted.
pub fn piece_labels(dir: &Path) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    let Ok(rd) = std::fs::read_dir(dir) else {
        return out;
    };
    for e in rd.filter_map(Result::ok) {
        let p = e.path();
        if p.extension().is_some_and(|x| x == "ron")
            && let Ok((level, _)) = crate::data::load_level(&p)
        {
            for piece in level.pieces {
                let l = piece.label.trim();
                if !l.is_empty() && !out.iter().any(|o| crate::data::names::same_name(o, l)) {
                    out.push(l.to_string());
                }
            }
        }
    }
    out.sort();
    out
}

/// Every name a pack may use: each rule set's unit types and the shipped levels' piece labels.
pub fn known() -> Known {
    Known {
        units: RulesId::ALL
            .iter()
            .map(|r| (r.key().to_string(), unit_type_names(*r)))
            .collect(),
        pieces: piece_labels(&crate::data::load::resolve_data_path(Path::new("levels"))),
    }
}
