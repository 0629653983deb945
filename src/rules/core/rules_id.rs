//! [`RulesId`]: which rule set, where the program picks one (the menu, the save header, the
//! command line). The list of rule sets is in `src/rules/mod.rs`: one line each, which declares
//! the rule set's folder and its arm of [`RulesId`] (the [`rule_sets!`] macro here).

use super::ruleset::RuleSet;
pub use crate::rules::RulesId;

/// Something to do with a rule set whose type is known only at run time: [`RulesId::visit`]
/// calls [`RulesVisitor::visit`] with the rule set's type.
pub trait RulesVisitor {
    type Out;
    fn visit<R: RuleSet>(self) -> Self::Out;
}

/// The rule sets: for each line `Variant => folder::Type, "key", "Label";` the folder's module
/// (`src/rules/folder/`) and the arm of [`RulesId`].
macro_rules! rule_sets {
    ($($variant:ident => $module:ident :: $ty:ident, $key:literal, $label:literal;)*) => {
        $(pub mod $module;)*

        /// A rule set the program knows.
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
        pub enum RulesId {
            $($variant,)*
        }

        impl RulesId {
            /// Every rule set, in menu order.
            pub const ALL: &'static [RulesId] = &[$(RulesId::$variant,)*];

            /// The id in saves and on the command line, e.g. "kog-light".
            pub fn key(self) -> &'static str {
                match self {
                    $(RulesId::$variant => $key,)*
                }
            }

            /// The name players know it by.
            pub fn label(self) -> &'static str {
                match self {
                    $(RulesId::$variant => $label,)*
                }
            }

            /// Runs `v` with this rule set's type.
            pub fn visit<V: $crate::rules::core::rules_id::RulesVisitor>(self, v: V) -> V::Out {
                match self {
                    $(RulesId::$variant => v.visit::<$module::$ty>(),)*
                }
            }
        }
    };
}

pub(crate) use rule_sets;

impl RulesId {
    /// The rule set with this id (as in saves and on the command line).
    pub fn from_key(key: &str) -> Result<RulesId, String> {
        RulesId::ALL
            .iter()
            .copied()
            .find(|r| r.key() == key)
            .ok_or_else(|| {
                format!(
                    "no rule set '{key}' (known: {})",
                    RulesId::ALL
                        .iter()
                        .map(|r| r.key())
                        .collect::<Vec<_>>()
                        .join(", ")
                )
            })
    }
}

impl std::fmt::Display for RulesId {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.key())
    }
}

impl std::str::FromStr for RulesId {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        RulesId::from_key(s)
    }
}
