//! [`RulesId`]: which rule set, where the program picks one (the menu, the save header, the
//! command line). Adding a rule set adds one line to the list at the bottom of this file.

use super::ruleset::RuleSet;

/// Something to do with a rule set whose type is known only at run time: [`RulesId::visit`]
/// calls [`RulesVisitor::visit`] with the rule set's type.
pub trait RulesVisitor {
    type Out;
    fn visit<R: RuleSet>(self) -> Self::Out;
}

macro_rules! rule_sets {
    ($($variant:ident => $ty:ty, $key:literal, $label:literal;)*) => {
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
            pub fn visit<V: RulesVisitor>(self, v: V) -> V::Out {
                match self {
                    $(RulesId::$variant => v.visit::<$ty>(),)*
                }
            }
        }
    };
}

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

rule_sets! {
    KogLight => crate::rules::kog::Kog, "kog-light", "KOG light";
    KryGothic => crate::rules::kry::Kry, "kry-gothic", "Kry-Gothic";
    Ktog => crate::rules::ktog::Ktog, "ktog", "KtOG";
    Dndalike => crate::rules::dndalike::Dndalike, "dndalike", "DnDalike";
    Krig => crate::rules::krig::Krig, "krig", "Krig";
}
