//! One folder per rule set at the table (its session, panels, card, prompts, New game window),
//! and `duel/`, what the duel games share. No rule set's folder imports another's.

/// The rule sets' own folders (`duel` is what the duel games share), one name each: the module
/// and its plugin, which registers the rule set with the play screen and the menu. Adding a rule
/// set adds its name here (and its line in `src/rules/mod.rs`).
macro_rules! rule_set_apps {
    ($($module:ident),* $(,)?) => {
        $(pub mod $module;)*

        /// Every rule set's plugin, in the order listed.
        pub fn rule_set_plugins(app: &mut bevy::prelude::App) {
            $(app.add_plugins($module::plugin);)*
        }
    };
}

rule_set_apps!(kog, kry, duel, ktog, krig, dndalike);
