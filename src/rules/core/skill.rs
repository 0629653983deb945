//! How well the program opponent plays a seat ([`Skill`]: Easy, Normal, Hard), how long Hard
//! may think over a decision ([`Think`]: rollouts for reproducible runs, or milliseconds at the
//! table), and what a program decision weighed ([`Reasons`], the "Why?" of the combat log).

use super::seat::Seat;
use serde::{Deserialize, Serialize};

/// How well the program plays a seat.
#[derive(
    Debug,
    Clone,
    Copy,
    PartialEq,
    Eq,
    Hash,
    PartialOrd,
    Ord,
    Default,
    Serialize,
    Deserialize,
    clap::ValueEnum,
)]
pub enum Skill {
    /// Makes a player's mistakes on purpose, within the rules: misjudged ranges, the
    /// second-best target, no combos or interrupts.
    Easy,
    /// The program as it plays one decision at a time by the exact odds.
    #[default]
    Normal,
    /// Thinks ahead: plays out Normal's best few orders and the answers to them on copies of
    /// what its side sees, and keeps the one that comes out best.
    Hard,
}

impl Skill {
    pub const ALL: [Skill; 3] = [Skill::Easy, Skill::Normal, Skill::Hard];

    /// Its name on the command line and in reports: "easy", "normal", "hard".
    pub fn key(self) -> &'static str {
        match self {
            Skill::Easy => "easy",
            Skill::Normal => "normal",
            Skill::Hard => "hard",
        }
    }

    /// Its name in the app: "Easy", "Normal", "Hard".
    pub fn label(self) -> &'static str {
        match self {
            Skill::Easy => "Easy",
            Skill::Normal => "Normal",
            Skill::Hard => "Hard",
        }
    }

    /// What it does, in a sentence (a tooltip).
    pub fn describe(self) -> &'static str {
        match self {
            Skill::Easy => {
                "Makes a player's mistakes: misjudges ranges, picks the second-best target, gives no combos."
            }
            Skill::Normal => "Plays each decision by the exact odds, one at a time.",
            Skill::Hard => {
                "Thinks ahead: plays out its best few orders and the answers to them before it chooses."
            }
        }
    }

    /// Whether skills of a save are all Normal (then the save writes none, as saves did before
    /// there were skills).
    pub fn all_normal(v: &[Skill]) -> bool {
        v.iter().all(|s| *s == Skill::Normal)
    }
}

/// The least and most milliseconds Hard may think over one decision.
pub const THINK_MS: std::ops::RangeInclusive<u32> = 1..=60_000;

/// The milliseconds Hard thinks over a decision at the table by default.
pub const DEFAULT_THINK_MS: u32 = 1_000;

/// Reads a think budget in milliseconds, refusing one outside [`THINK_MS`] with the range.
pub fn parse_think_ms(s: &str) -> Result<u32, String> {
    let n: u64 = s
        .trim()
        .parse()
        .map_err(|_| format!("'{s}' is not a whole number of milliseconds"))?;
    if n < *THINK_MS.start() as u64 || n > *THINK_MS.end() as u64 {
        return Err(format!(
            "{n} ms is outside the think budget's range, {} to {} ms",
            THINK_MS.start(),
            THINK_MS.end()
        ));
    }
    Ok(n as u32)
}

/// How long Hard thinks over a decision: a number of rollouts (the same every run: the same
/// seed and budget give the same game), or else milliseconds by the clock.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Think {
    /// Rollouts per decision; when set, the clock is not read.
    pub steps: Option<u32>,
    /// Milliseconds per decision when no step budget is set.
    pub ms: u32,
}

impl Default for Think {
    fn default() -> Self {
        Self {
            steps: None,
            ms: DEFAULT_THINK_MS,
        }
    }
}

impl Think {
    /// A budget of `steps` rollouts.
    pub fn steps(steps: u32) -> Self {
        Self {
            steps: Some(steps.max(1)),
            ms: DEFAULT_THINK_MS,
        }
    }
}

/// One order a program decision weighed: the order in words, its value (the program's own
/// measure: expected worth for Normal and Easy, the mean outcome of its rollouts for Hard, from
/// -1 lost to 1 won) and the one or two facts that decided it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Weighed {
    pub order: String,
    pub value: f64,
    pub facts: String,
}

/// What a program decision weighed: the orders, best first, the one it gave marked.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Reasons {
    /// The index in the command log of the command it gave.
    pub command: usize,
    pub seat: Seat,
    pub skill: Skill,
    /// The orders weighed, best first.
    pub weighed: Vec<Weighed>,
    /// Which of them it gave.
    pub chosen: usize,
    /// What its thinking took (Hard): rollouts played.
    #[serde(default)]
    pub rollouts: u32,
}

impl Reasons {
    /// The reasons as lines of text: a heading, then each order with its value and facts.
    pub fn lines(&self) -> Vec<String> {
        let mut out = vec![match self.skill {
            Skill::Hard => format!(
                "Side {} ({}) played out {} futures and weighed:",
                self.seat,
                self.skill.label(),
                self.rollouts
            ),
            _ => format!("Side {} ({}) weighed:", self.seat, self.skill.label()),
        }];
        for (i, w) in self.weighed.iter().enumerate() {
            let mark = if i == self.chosen { "chosen" } else { "" };
            let value = match self.skill {
                Skill::Hard => format!("{:+.2}", w.value),
                _ => format!("{:.2}", w.value),
            };
            let facts = if w.facts.is_empty() {
                String::new()
            } else {
                format!(": {}", w.facts)
            };
            out.push(format!("{mark:>6} {value:>6}  {}{facts}", w.order));
        }
        out
    }
}

/// An order the program may give, with its value and facts, as a rule set weighs it ([`Weighed`]
/// with the command itself).
#[derive(Debug, Clone)]
pub struct Candidate<C> {
    pub cmd: C,
    pub value: f64,
    pub order: String,
    pub facts: String,
}

impl<C> Candidate<C> {
    pub fn new(cmd: C, value: f64, order: impl Into<String>, facts: impl Into<String>) -> Self {
        Self {
            cmd,
            value,
            order: order.into(),
            facts: facts.into(),
        }
    }

    /// Its words and value.
    pub fn weighed(&self) -> Weighed {
        Weighed {
            order: self.order.clone(),
            value: self.value,
            facts: self.facts.clone(),
        }
    }
}

/// How well the program plays each side of a headless game: the first side's seats at `first`,
/// every other seat at `rest`; Hard thinking within `think`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Lineup {
    pub first: Skill,
    pub rest: Skill,
    pub think: Think,
}

impl Lineup {
    /// The skill of the side at `index` (0: the first side).
    pub fn of_side(&self, index: usize) -> Skill {
        if index == 0 { self.first } else { self.rest }
    }

    /// The same lineup with the skills of the first side and the others swapped.
    pub fn swapped(self) -> Self {
        Self {
            first: self.rest,
            rest: self.first,
            ..self
        }
    }
}
