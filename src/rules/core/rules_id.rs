//! [`RulesId`]: which rule set, where the program picks one (the menu, the save header, the
//! command line). Each rule set names itself (`RuleSet::ID`); the list of them all, and the
//! dispatch from an id to the rule set's type, is the registry above the rule sets
//! (`src/rules/registry.rs`), which adds `RulesId::ALL`, `RulesId::from_key`, `RulesId::visit`
//! and a constant for each rule set (`RulesId::KryGothic`).

/// A rule set the program knows: its id in saves and on the command line, and the name players
/// know it by.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct RulesId {
    key: &'static str,
    label: &'static str,
}

impl RulesId {
    /// The id of a rule set keyed `key` in saves and on the command line (e.g. "kog-light"),
    /// named `label` to players.
    pub const fn new(key: &'static str, label: &'static str) -> Self {
        Self { key, label }
    }

    /// The id in saves and on the command line, e.g. "kog-light".
    pub fn key(self) -> &'static str {
        self.key
    }

    /// The name players know it by.
    pub fn label(self) -> &'static str {
        self.label
    }
}

impl std::fmt::Display for RulesId {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.key)
    }
}
