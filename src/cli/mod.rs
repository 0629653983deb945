//! The headless subcommands' own code, beside `main.rs`.

pub mod check_pack;
pub mod dnd_odds;
pub mod duel_odds;
pub mod example_pack;
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
