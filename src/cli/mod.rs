//! The headless subcommands' own code, beside `main.rs`.

pub mod dnd_odds;
pub mod duel_odds;
pub mod kry_odds;
pub mod matchup;
pub mod net;
pub mod odds;
pub mod simulate;
pub mod soak;

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
