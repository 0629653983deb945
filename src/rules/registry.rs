//! The registry of rule sets: every rule set the program knows, one line each, above the rule
//! sets and the core they build on. It gives the core's [`RulesId`] the list of all
//! ([`RulesId::ALL`], menu order), a constant for each (`RulesId::KryGothic`), the lookup by key
//! ([`RulesId::from_key`]), and the dispatch from an id known only at run time to the rule set's
//! type ([`RulesId::visit`]).

use super::core::game::RuleSet;
use super::core::rules_id::RulesId;
use super::{dndalike, kog, krig, kry, ktog};

/// Something to do with a rule set whose type is known only at run time: [`RulesId::visit`]
/// calls [`RulesVisitor::visit`] with the rule set's type.
pub trait RulesVisitor {
    type Out;
    fn visit<R: RuleSet>(self) -> Self::Out;
}

/// The rule sets: for each line `Constant => folder::Type;` the constant `RulesId::Constant`
/// (the rule set's own `RuleSet::ID`) and its arm of [`RulesId::visit`].
macro_rules! rule_sets {
    ($($variant:ident => $module:ident :: $ty:ident;)*) => {
        #[allow(non_upper_case_globals)]
        impl RulesId {
            $(pub const $variant: RulesId = <$module::$ty as RuleSet>::ID;)*

            /// Every rule set, in menu order.
            pub const ALL: &'static [RulesId] = &[$(RulesId::$variant,)*];

            /// Runs `v` with this rule set's type. Every id is one of [`RulesId::ALL`]: a rule
            /// set's id is made by the rule set itself, and each rule set has its line here.
            pub fn visit<V: RulesVisitor>(self, v: V) -> V::Out {
                match self {
                    $(RulesId::$variant => v.visit::<$module::$ty>(),)*
                    _ => unreachable!("rule set {self} is not in the registry"),
                }
            }
        }
    };
}

// Adding a rule set adds its line here (and its folder to `src/rules/mod.rs`, its app folder to
// `rule_set_apps!` in `src/app/games/mod.rs`).
rule_sets! {
    KogLight => kog::Kog;
    KryGothic => kry::Kry;
    Ktog => ktog::Ktog;
    Dndalike => dndalike::Dndalike;
    Krig => krig::Krig;
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

/// Rule sets in menu order (the order of [`RulesId::ALL`]).
impl Ord for RulesId {
    fn cmp(&self, other: &Self) -> std::cmp::Ordering {
        let at = |r: &RulesId| RulesId::ALL.iter().position(|x| x == r);
        at(self).cmp(&at(other))
    }
}

impl PartialOrd for RulesId {
    fn partial_cmp(&self, other: &Self) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}

impl std::str::FromStr for RulesId {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        RulesId::from_key(s)
    }
}
