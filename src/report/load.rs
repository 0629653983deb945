//! A save of any rule set read for a report: the header names the rule set, the game is
//! replayed to its saved hash (a save that does not reach it is refused with the located error
//! `check-save` gives), then gathered.

use super::gather::{Report, gather};
use crate::data::error::LocatedError;
use crate::rules::core::game::{Game, RuleSet};
use crate::rules::core::rules_id::RulesId;
use crate::rules::core::save::read_header;
use crate::rules::registry::RulesVisitor;
use std::path::Path;

/// Reads the save at `path` and gathers its report.
pub fn load(path: &Path) -> Result<Report, Vec<LocatedError>> {
    let file = path.display().to_string();
    let text = crate::data::read_text(path).map_err(|e| vec![e])?;
    from_text(&file, &text)
}

/// Reads save text (`file` names it in errors) and gathers its report.
pub fn from_text(file: &str, text: &str) -> Result<Report, Vec<LocatedError>> {
    let (rules, _) = read_header(file, text).map_err(|e| vec![e])?;
    let id = RulesId::from_key(&rules).map_err(|e| vec![LocatedError::whole_file(file, e)])?;
    struct Gather<'a>(&'a str, &'a str);
    impl RulesVisitor for Gather<'_> {
        type Out = Result<Report, Vec<LocatedError>>;
        fn visit<R: RuleSet>(self) -> Self::Out {
            let g = Game::<R>::load_text(self.0, self.1)?;
            gather(self.0, &g).map_err(|e| vec![LocatedError::whole_file(self.0, e)])
        }
    }
    id.visit(Gather(file, text))
}
