//! The headless subcommands' own code, beside `main.rs`.

pub mod check_pack;
pub mod dnd_odds;
pub mod duel_odds;
pub mod example_pack;
pub mod example_textures;
pub mod kry_odds;
pub mod matchup;
pub mod net;
pub mod odds;
pub mod report;
pub mod simulate;
pub mod soak;

/// What game a headless command plays, as its options say (each rule set takes what it knows).
#[derive(clap::Args, Debug, Clone, Default)]
pub struct GameOptions {
    /// Level file (default: the rule set's own).
    #[arg(long)]
    pub level: Option<std::path::PathBuf>,
    /// Side 1's force list (default: the rule set's own).
    #[arg(long)]
    pub side1: Option<std::path::PathBuf>,
    /// Side 2's force list (default: the rule set's own).
    #[arg(long)]
    pub side2: Option<std::path::PathBuf>,
    /// The rule set's scenario, e.g. for kog-light: standard, meatgrinder, hamburger-hill or
    /// linebreaker.
    #[arg(long)]
    pub scenario: Option<String>,
    /// How many players, where the rule set allows a choice (ktog: 2 to 6, default 3; dndalike:
    /// 2 puts the whole party on one seat, default one seat per hero).
    #[arg(long)]
    pub players: Option<u8>,
}

impl GameOptions {
    /// The quick setup of game `seed`, undecided games ending after `rounds`.
    pub fn setup(&self, seed: u64, rounds: Option<u32>) -> wartable::rules::core::QuickSetup {
        wartable::rules::core::QuickSetup {
            seed,
            level: self.level.clone(),
            forces: [&self.side1, &self.side2]
                .into_iter()
                .flatten()
                .cloned()
                .collect(),
            scenario: self.scenario.clone(),
            rounds,
            players: self.players,
        }
    }

    /// A game of one given force list and the rule set's own: side 2's needs side 1's.
    pub fn check_sides(&self) -> Result<(), String> {
        if self.side1.is_none() && self.side2.is_some() {
            return Err("--side2 needs --side1".into());
        }
        Ok(())
    }
}

/// How well the program plays each side of a headless game, and how long Hard thinks.
#[derive(clap::Args, Debug, Clone, Default)]
pub struct SkillOptions {
    /// How well the program plays side 1 (in the DnDalike rules the dungeon master).
    #[arg(long, value_enum, default_value_t = wartable::rules::core::Skill::Normal)]
    pub skill1: wartable::rules::core::Skill,
    /// How well the program plays side 2 and any other side (in the DnDalike rules the party).
    #[arg(long, value_enum, default_value_t = wartable::rules::core::Skill::Normal)]
    pub skill2: wartable::rules::core::Skill,
    /// Hard's think budget per decision by the clock, in milliseconds (1 to 60000). A run timed
    /// by the clock may differ from run to run; --think-steps gives the same run every time.
    #[arg(long, value_parser = wartable::rules::core::skill::parse_think_ms)]
    pub think_ms: Option<u32>,
    /// Hard's think budget per decision in rollouts (1 to 100000): the same seed and budget give
    /// the same game. Default: 16 when --think-ms is not given (wartable host: 1000 ms by the
    /// clock, as at the table).
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..=100_000))]
    pub think_steps: Option<u32>,
}

impl SkillOptions {
    /// The lineup these options give (Hard: [`DEFAULT_THINK_STEPS`] rollouts when no budget is
    /// given).
    pub fn lineup(&self) -> wartable::rules::core::Lineup {
        self.lineup_or(wartable::rules::core::Think::steps(DEFAULT_THINK_STEPS))
    }

    /// The lineup these options give, Hard thinking within `default` when no budget is given.
    pub fn lineup_or(
        &self,
        default: wartable::rules::core::Think,
    ) -> wartable::rules::core::Lineup {
        use wartable::rules::core::Think;
        let think = match (self.think_steps, self.think_ms) {
            (Some(steps), _) => Think::steps(steps),
            (None, Some(ms)) => Think { steps: None, ms },
            (None, None) => default,
        };
        wartable::rules::core::Lineup {
            first: self.skill1,
            rest: self.skill2,
            think,
        }
    }
}

/// Hard's rollouts per decision in a headless run when no budget is given.
pub const DEFAULT_THINK_STEPS: u32 = 16;

/// A progress bar of `len` games on stderr, with games per second and the time left; `None`
/// when stderr is not a terminal.
pub fn progress_bar(len: u64) -> Option<indicatif::ProgressBar> {
    use std::io::IsTerminal;
    std::io::stderr().is_terminal().then(|| {
        let b = indicatif::ProgressBar::new(len);
        b.set_style(
            indicatif::ProgressStyle::with_template(
                "{bar:40} {pos}/{len} games, {per_sec}, {eta} left",
            )
            .unwrap_or_else(|_| indicatif::ProgressStyle::default_bar()),
        );
        b
    })
}

/// Prints each error on stderr; the exit code of a failed command.
pub fn fail(errors: &[String]) -> std::process::ExitCode {
    for e in errors {
        eprintln!("{e}");
    }
    std::process::ExitCode::FAILURE
}
