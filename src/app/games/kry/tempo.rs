//! Kry-Gothic's interrupt windows and their countdown at the table: the referee's clock itself
//! is `crate::rules::kry::tempo` (shared with a headless host); this names it where the panels
//! look for it.

pub use crate::rules::kry::tempo::*;
