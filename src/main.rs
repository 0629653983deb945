//! The wartable binary: the GUI by default, and headless subcommands.

use clap::{Parser, Subcommand};
use std::path::PathBuf;
use std::process::ExitCode;
use wartable::app::{AppOptions, build_app, screenshot::ScreenshotPlan};
use wartable::data::load_level;

/// The level opened when none is named.
const DEFAULT_LEVEL: &str = "levels/kog-battlefield.ron";

#[derive(Parser, Debug)]
#[command(
    name = "wartable",
    version,
    about = "A 3D virtual tabletop for miniature skirmish wargames that knows the rules"
)]
struct Cli {
    #[command(subcommand)]
    command: Option<Command>,
    /// Level file to open.
    #[arg(long, default_value = DEFAULT_LEVEL)]
    level: PathBuf,
    /// Seed of the game's dice (random when left out).
    #[arg(long)]
    seed: Option<u64>,
    /// Render the level, write this PNG and exit.
    #[arg(long)]
    screenshot: Option<PathBuf>,
    /// Frames to render before the screenshot.
    #[arg(long, default_value_t = 60)]
    frames: u32,
    /// With --screenshot: show a tape measure between two model ids, e.g. 1,4.
    #[arg(long, value_parser = parse_pair)]
    measure: Option<(u32, u32)>,
    /// With --screenshot: select this model id.
    #[arg(long)]
    select: Option<u32>,
    /// With --screenshot: show the F1 help.
    #[arg(long)]
    show_help: bool,
    /// Window size, e.g. 1280x800.
    #[arg(long, default_value = "1280x800", value_parser = parse_size)]
    window: (u32, u32),
}

#[derive(Subcommand, Debug)]
enum Command {
    /// Check level files; prints one located error per problem, exits 1 if any file is invalid.
    CheckLevel {
        #[arg(required = true)]
        files: Vec<PathBuf>,
    },
}

fn parse_pair(s: &str) -> Result<(u32, u32), String> {
    let (a, b) = s
        .split_once(',')
        .ok_or("expected two model ids, e.g. 1,4")?;
    Ok((
        a.trim().parse().map_err(|_| "bad model id")?,
        b.trim().parse().map_err(|_| "bad model id")?,
    ))
}

fn parse_size(s: &str) -> Result<(u32, u32), String> {
    let (w, h) = s
        .split_once('x')
        .ok_or("expected WIDTHxHEIGHT, e.g. 1280x800")?;
    let w: u32 = w.parse().map_err(|_| "bad width")?;
    let h: u32 = h.parse().map_err(|_| "bad height")?;
    if !(320..=8192).contains(&w) || !(240..=8192).contains(&h) {
        return Err("window size out of range".into());
    }
    Ok((w, h))
}

fn check_levels(files: &[PathBuf]) -> ExitCode {
    let mut bad = 0;
    for f in files {
        match load_level(f) {
            Ok((level, table)) => println!(
                "{}: ok: '{}', {}\" x {}\", {} pieces, {} zones, {} objectives, {} models",
                f.display(),
                level.name,
                table.width,
                table.depth,
                table.pieces.len(),
                table.zones.len(),
                table.objectives.len(),
                table.models.len()
            ),
            Err(errs) => {
                bad += 1;
                for e in errs {
                    println!("{e}");
                }
            }
        }
    }
    if bad == 0 {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    }
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    if let Some(Command::CheckLevel { files }) = &cli.command {
        return check_levels(files);
    }
    let seed = cli.seed.unwrap_or_else(|| {
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map(|d| d.as_nanos() as u64)
            .unwrap_or(1)
            % 1_000_000
    });
    let screenshot = cli.screenshot.map(|out| {
        let mut plan = ScreenshotPlan::new(out, cli.frames);
        plan.measure = cli.measure;
        plan.select = cli.select;
        plan.help = cli.show_help;
        plan
    });
    let opts = AppOptions {
        level: cli.level,
        seed,
        screenshot,
        window: cli.window,
    };
    match build_app(opts).run() {
        bevy::app::AppExit::Success => ExitCode::SUCCESS,
        bevy::app::AppExit::Error(_) => ExitCode::FAILURE,
    }
}
