//! KOG light's rules reference: `assets/rules/kog-light.md`, every ruling the program makes with
//! the sentence it interprets (shown by the play screen's rules reference window).

use std::sync::OnceLock;

pub const RULES_FILE: &str = "assets/rules/kog-light.md";

/// The reference text: the file beside the program, else the copy built in.
pub fn text() -> &'static str {
    static TEXT: OnceLock<String> = OnceLock::new();
    TEXT.get_or_init(|| {
        crate::app::screens::play::rules_ref::read_or(
            RULES_FILE,
            include_str!("../../../../assets/rules/kog-light.md"),
        )
    })
}
