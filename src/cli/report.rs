//! `wartable report SAVE --out FILE`: a battle report of a saved game, as one self-contained
//! HTML file, or with `--markdown` as Markdown with each round's map beside it as a PNG file.

use std::path::{Path, PathBuf};
use std::process::ExitCode;
use wartable::report::{html, load, markdown};

#[derive(clap::Args, Debug)]
pub struct ReportArgs {
    /// The saved game (any rule set).
    pub save: PathBuf,
    /// Where to write the report.
    #[arg(long)]
    pub out: PathBuf,
    /// Write Markdown, with the maps as PNG files beside it (`<name>-round-N.png`).
    #[arg(long)]
    pub markdown: bool,
}

/// Writes the report; errors on stderr and exit 1.
pub fn run(a: &ReportArgs) -> ExitCode {
    let report = match load::load(&a.save) {
        Ok(r) => r,
        Err(errs) => {
            return super::fail(&errs.iter().map(ToString::to_string).collect::<Vec<_>>());
        }
    };
    let maps = match wartable::report::maps(&report) {
        Ok(m) => m,
        Err(e) => return super::fail(&[e]),
    };
    let written = if a.markdown {
        write_markdown(&a.out, &report, &maps)
    } else {
        write(&a.out, html::render(&report, &maps).as_bytes())
    };
    match written {
        Ok(()) => {
            use std::io::Write;
            let _ = writeln!(
                std::io::stdout(),
                "{}: {} report of {} rounds written to {}",
                a.save.display(),
                report.rules_label,
                report.rounds.len(),
                a.out.display()
            );
            ExitCode::SUCCESS
        }
        Err(e) => super::fail(&[e]),
    }
}

fn write(path: &Path, bytes: &[u8]) -> Result<(), String> {
    wartable::data::load::write_atomic(path, bytes)
        .map_err(|e| format!("cannot write the report to {}: {e}", path.display()))
}

/// The Markdown at `out`, each map beside it.
fn write_markdown(
    out: &Path,
    report: &wartable::report::gather::Report,
    maps: &[Vec<u8>],
) -> Result<(), String> {
    let stem = out
        .file_stem()
        .map_or_else(|| "report".into(), |s| s.to_string_lossy().to_string());
    let dir = out.parent().unwrap_or(Path::new(""));
    let mut names = Vec::new();
    for (round, png) in report.rounds.iter().zip(maps) {
        let name = format!("{stem}-round-{}.png", round.round);
        write(&dir.join(&name), png)?;
        names.push(name);
    }
    write(out, markdown::render(report, &names).as_bytes())
}
