//! The wartable binary: the GUI by default, and headless subcommands.

mod cli;

use clap::{Parser, Subcommand};
use std::path::PathBuf;
use std::process::ExitCode;
use wartable::app::{AppOptions, build_app, screens::screenshot::ScreenshotPlan};
use wartable::data::load_level;
use wartable::rules::core::RulesId;
use wartable::rules::headless::{self, SelfPlay, StopAt};

/// Prints a line to standard output; a closed pipe (`| head`) is not an error worth a panic.
macro_rules! say {
    ($($t:tt)*) => {{
        use std::io::Write;
        let _ = writeln!(std::io::stdout(), $($t)*);
    }};
}

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
    #[arg(long, global = true)]
    seed: Option<u64>,
    /// Render the level, write this PNG and exit.
    #[arg(long, global = true)]
    screenshot: Option<PathBuf>,
    /// Frames to render before the screenshot.
    #[arg(long, default_value_t = 60, global = true)]
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
    /// With --screenshot: line of sight from one model id to another, e.g. 1,4.
    #[arg(long, value_parser = parse_pair)]
    los: Option<(u32, u32)>,
    /// With --screenshot: a blast template at X,Y with diameter D, e.g. 24,18,5.
    #[arg(long, value_parser = parse_template)]
    template: Option<(f32, f32, f32)>,
    /// With --screenshot: the movement range of the selected model for this allowance (inches).
    #[arg(long)]
    range: Option<f32>,
    /// Open a saved game of any rule set, to play on from where it was saved.
    #[arg(long)]
    game: Option<PathBuf>,
    /// Open a saved game of any rule set as a replay: a timeline to scrub, step and play, and
    /// "Play on from here". A save that does not load or does not reach its hash exits 1.
    #[arg(long)]
    replay: Option<PathBuf>,
    /// Show the main menu at start (the default when neither --level, --game, edit nor
    /// --screenshot is given).
    #[arg(long)]
    menu: bool,
    /// Open a window at start: menu, new-battle, new-kog-light, new-kry-gothic, new-ktog,
    /// new-dndalike, new-krig, builder, dnd-builder, dnd-delve, load, settings, rules (with --game), balance,
    /// balance-run, balance-matrix or model-packs; any other name is refused.
    #[arg(long, value_name = "NAME", value_parser = wartable::app::base::open_names::parse_open_name)]
    open: Option<String>,
    /// Window size, e.g. 1280x800.
    #[arg(long, default_value = "1280x800", value_parser = parse_size, global = true)]
    window: (u32, u32),
    /// How long the program at Hard thinks over a decision at the table, in milliseconds (1 to
    /// 60000; default 1000).
    #[arg(long, value_parser = wartable::rules::core::skill::parse_think_ms)]
    think_ms: Option<u32>,
}

#[derive(Subcommand, Debug)]
enum Command {
    /// Benchmarks; prints JSON.
    Bench {
        #[command(subcommand)]
        what: BenchWhat,
    },
    /// Open the level editor, on FILE or on a new 48" x 36" level.
    Edit { file: Option<PathBuf> },
    /// Check level files; prints one located error per problem, exits 1 if any file is invalid.
    CheckLevel {
        #[arg(required = true)]
        files: Vec<PathBuf>,
    },
    /// The exact odds of one attack, for a rule set.
    Odds {
        #[command(subcommand)]
        rules: cli::odds::OddsRules,
    },
    /// The program plays a game of any rule set against itself, headless, and saves it.
    SelfPlay(SelfPlayArgs),
    /// Two styles of the program opponent (program, naive, random) play many games; prints the
    /// win rates as JSON.
    Matchup(cli::matchup::MatchupArgs),
    /// The program plays many games of a rule set against itself on every core: win rates with
    /// 95% intervals, the first player's edge, game length, games per second.
    Simulate(cli::simulate::SimulateArgs),
    /// Games of every rule set with random options and random commands mixed in: reports
    /// panics (with the seed that reproduces each) and broken checks, exits 1 if any.
    Soak(cli::soak::SoakArgs),
    /// Host an online game: players join it with `wartable join`.
    Host(cli::net::HostArgs),
    /// Join an online game at a host's address or by a room code.
    Join(cli::net::JoinArgs),
    /// Run a signalling server: hosts open rooms on it and players join them by room code,
    /// with no open port at the host (WebRTC).
    Signal(cli::net::SignalArgs),
    /// Load saved games and replay each to its saved hash; prints one located error per
    /// problem, exits 1 if any file is bad or does not reach its hash.
    CheckSave {
        #[arg(required = true)]
        files: Vec<PathBuf>,
    },
    /// Write a battle report of a saved game: one self-contained HTML file (setup, a map of
    /// each round, the story with its key moments, the luck of the dice, the outcome), or
    /// Markdown with the maps beside it (--markdown). Exits 1 on a bad save or output path.
    Report(cli::report::ReportArgs),
    /// Check force lists and rosters of every rule set (KOG light Force, Kry-Gothic KryForce,
    /// DnDalike Roster and Grimoire); prints one located error per problem, exits 1 if any file
    /// is bad.
    CheckForces {
        #[arg(required = true)]
        files: Vec<PathBuf>,
    },
    /// Check model packs (folders with a pack.ron): the manifest, every model file (glTF, .glb,
    /// STL), paths inside the pack, sizes, and the names of unit types and terrain pieces; prints
    /// one located error per problem, exits 1 if any pack has one.
    CheckPack {
        #[arg(required = true)]
        dirs: Vec<PathBuf>,
    },
    /// Writes the example model pack (the program's own figures as .glb, two STL terrain
    /// pieces, the manifest) into DIR (default assets/packs/example).
    #[command(hide = true)]
    WriteExamplePack { dir: Option<PathBuf> },
    /// For the crash-safety test: loads each save given with --from and writes them to --to in
    /// turn, --times writes in all.
    #[command(hide = true)]
    SaveLoop {
        #[arg(long, required = true)]
        from: Vec<PathBuf>,
        #[arg(long)]
        to: PathBuf,
        #[arg(long, default_value_t = u64::MAX)]
        times: u64,
    },
}

#[derive(clap::Args, Debug)]
struct SelfPlayArgs {
    /// The rule set: kog-light, kry-gothic, ktog, dndalike or krig.
    #[arg(long, default_value = "kog-light")]
    rules: RulesId,
    #[command(flatten)]
    game: cli::GameOptions,
    /// Stop after this many commands (the game may end before).
    #[arg(long, default_value_t = 100_000)]
    commands: usize,
    /// Rounds after which an undecided game ends.
    #[arg(long, default_value_t = 8)]
    rounds: u32,
    /// Write the game here (load it with --game, check it with check-save).
    #[arg(long)]
    out: Option<PathBuf>,
    /// Stop as soon as the game waits for an answer outside the turn, e.g. a counterattack
    /// choice ("pending"), or is over ("over"), after at least --after commands.
    #[arg(long)]
    stop_at: Option<String>,
    /// With --stop-at: commands to play first.
    #[arg(long, default_value_t = 0)]
    after: usize,
    #[command(flatten)]
    skills: cli::SkillOptions,
}

#[derive(Subcommand, Debug)]
enum BenchWhat {
    /// Line of sight on a seeded 72" x 48" table with 300 pieces and 200 models.
    Los {
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Timed runs; medians are reported.
        #[arg(long, default_value_t = 7)]
        runs: usize,
        /// Worker threads (default: the machine's cores).
        #[arg(long)]
        threads: Option<usize>,
    },
    /// The app's table systems per frame, headless: 200 models and 300 pieces, a model moved
    /// every frame.
    Frame {
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Frames timed after the first.
        #[arg(long, default_value_t = 300)]
        steps: usize,
        /// A model pack's folder: its unit models drawn on the table's models.
        #[arg(long)]
        pack: Option<PathBuf>,
    },
    /// Hard's decisions timed at a think budget (Normal plays the game on): median and 95th
    /// percentile in milliseconds.
    Think {
        /// The rule set.
        #[arg(long, default_value = "kog-light")]
        rules: RulesId,
        /// The first game's seed.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Decisions timed.
        #[arg(long, default_value_t = 40)]
        decisions: usize,
        /// The budget per decision in milliseconds (1 to 60000).
        #[arg(long, default_value_t = wartable::rules::core::skill::DEFAULT_THINK_MS, value_parser = wartable::rules::core::skill::parse_think_ms)]
        think_ms: u32,
        /// A budget in rollouts instead (the clock is not read).
        #[arg(long)]
        think_steps: Option<u32>,
    },
    /// The program plays whole games against itself, seeds 1 to --seeds, timed.
    SelfPlay {
        /// The rule set.
        #[arg(long, default_value = "kog-light")]
        rules: RulesId,
        /// Games per run (seeds 1 to this).
        #[arg(long, default_value_t = 10)]
        seeds: u64,
        /// Timed runs; medians are reported.
        #[arg(long, default_value_t = 5)]
        runs: usize,
        /// Players, where the rule set allows a choice (ktog: 2 to 6).
        #[arg(long)]
        players: Option<u8>,
        /// Write no combat log (as a balance run does).
        #[arg(long)]
        no_journal: bool,
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

fn parse_template(s: &str) -> Result<(f32, f32, f32), String> {
    let v: Vec<f32> = s
        .split(',')
        .map(|x| {
            x.trim()
                .parse::<f32>()
                .map_err(|_| format!("'{x}' is not a number"))
        })
        .collect::<Result<_, _>>()?;
    match v[..] {
        [x, y, d] => Ok((x, y, d)),
        _ => Err("expected X,Y,DIAMETER, e.g. 24,18,5".into()),
    }
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
            Ok((level, table)) => say!(
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
                    say!("{e}");
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

fn self_play(a: &SelfPlayArgs, seed: u64) -> ExitCode {
    let fail = |errs: Vec<String>| {
        for e in errs {
            eprintln!("{e}");
        }
        ExitCode::FAILURE
    };
    let stop_at = match a.stop_at.as_deref() {
        None => StopAt::End,
        Some("pending") => StopAt::Pending,
        Some("over") => StopAt::Over,
        Some(other) => {
            return fail(vec![format!(
                "error: --stop-at takes pending or over, not '{other}'"
            )]);
        }
    };
    if let Err(e) = a.game.check_sides() {
        return fail(vec![format!("error: {e}")]);
    }
    let sp = SelfPlay {
        setup: a.game.setup(seed, Some(a.rounds)),
        commands: a.commands,
        stop_at,
        after: a.after,
        out: a.out.clone(),
        lineup: a.skills.lineup(),
    };
    match headless::self_play(a.rules, &sp) {
        Ok(r) => {
            say!(
                "{} commands, {} rolls, round {}: {}",
                r.commands,
                r.rolls,
                r.round,
                r.phase
            );
            if let Some(out) = &a.out {
                say!("saved {}", out.display());
            }
            ExitCode::SUCCESS
        }
        Err(e) => fail(e),
    }
}

fn check_forces(files: &[PathBuf]) -> ExitCode {
    let mut bad = 0;
    for f in files {
        match wartable::rules::check_forces::check_force_file(f) {
            Ok(what) => say!("{}: ok: {what}", f.display()),
            Err(errs) => {
                bad += 1;
                for e in errs {
                    eprintln!("{e}");
                }
            }
        }
    }
    if bad > 0 {
        eprintln!("{bad} of {} files failed", files.len());
        ExitCode::FAILURE
    } else {
        ExitCode::SUCCESS
    }
}

fn check_saves(files: &[PathBuf]) -> ExitCode {
    let mut bad = 0;
    for f in files {
        match headless::check_save(f) {
            Ok(r) => say!(
                "{}: ok: {} save, {} commands replayed to state {:016x} ({})",
                f.display(),
                r.rules.label(),
                r.commands,
                r.hash,
                r.phase
            ),
            Err(errs) => {
                bad += 1;
                for e in errs {
                    eprintln!("{e}");
                }
            }
        }
    }
    if bad > 0 {
        eprintln!("{bad} of {} saves failed", files.len());
        ExitCode::FAILURE
    } else {
        ExitCode::SUCCESS
    }
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    if let Some(Command::SelfPlay(a)) = &cli.command {
        return self_play(a, cli.seed.unwrap_or(1));
    }
    if let Some(Command::Matchup(a)) = &cli.command {
        return cli::matchup::run(a);
    }
    if let Some(Command::Simulate(a)) = &cli.command {
        return cli::simulate::run(a);
    }
    if let Some(Command::SaveLoop { from, to, times }) = &cli.command {
        return match headless::save_loop(from, to, *times) {
            Ok(()) => ExitCode::SUCCESS,
            Err(e) => {
                for e in e {
                    eprintln!("{e}");
                }
                ExitCode::FAILURE
            }
        };
    }
    if let Some(Command::Host(a)) = &cli.command
        && a.headless
    {
        return cli::net::host_headless(a, cli.seed.unwrap_or_else(rand::random));
    }
    if let Some(Command::Join(a)) = &cli.command
        && a.headless
    {
        return cli::net::join_headless(a);
    }
    if let Some(Command::Signal(a)) = &cli.command {
        return cli::net::signal(a);
    }
    if let Some(Command::Soak(a)) = &cli.command {
        return cli::soak::run(a);
    }
    if let Some(Command::Odds { rules }) = &cli.command {
        return cli::odds::run(rules);
    }
    if let Some(Command::CheckLevel { files }) = &cli.command {
        return check_levels(files);
    }
    if let Some(Command::CheckSave { files }) = &cli.command {
        return check_saves(files);
    }
    if let Some(Command::Report(a)) = &cli.command {
        return cli::report::run(a);
    }
    if let Some(Command::CheckForces { files }) = &cli.command {
        return check_forces(files);
    }
    if let Some(Command::CheckPack { dirs }) = &cli.command {
        return cli::check_pack::run(dirs);
    }
    if let Some(Command::WriteExamplePack { dir }) = &cli.command {
        let dir = dir
            .clone()
            .unwrap_or_else(|| PathBuf::from("assets/packs/example"));
        return cli::example_pack::run(&dir);
    }
    if let Some(Command::Bench {
        what: BenchWhat::Los {
            seed,
            runs,
            threads,
        },
    }) = &cli.command
    {
        let threads =
            threads.unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()));
        say!("{}", wartable::bench::los(*seed, *runs, threads));
        return ExitCode::SUCCESS;
    }
    if let Some(Command::Bench {
        what: BenchWhat::Frame { seed, steps, pack },
    }) = &cli.command
    {
        say!(
            "{}",
            wartable::bench::frame::frame(*seed, *steps, pack.as_deref())
        );
        return ExitCode::SUCCESS;
    }
    if let Some(Command::Bench {
        what:
            BenchWhat::Think {
                rules,
                seed,
                decisions,
                think_ms,
                think_steps,
            },
    }) = &cli.command
    {
        let budget = match think_steps {
            Some(s) => wartable::rules::core::Think::steps(*s),
            None => wartable::rules::core::Think {
                steps: None,
                ms: *think_ms,
            },
        };
        return match wartable::bench::think::think(*rules, *seed, *decisions, budget) {
            Ok(json) => {
                say!("{json}");
                ExitCode::SUCCESS
            }
            Err(e) => cli::fail(&e),
        };
    }
    if let Some(Command::Bench {
        what:
            BenchWhat::SelfPlay {
                rules,
                seeds,
                runs,
                players,
                no_journal,
            },
    }) = &cli.command
    {
        let how = wartable::bench::self_play::How {
            seeds: *seeds,
            runs: *runs,
            players: *players,
            journal: !*no_journal,
        };
        return match wartable::bench::self_play::self_play(*rules, &how) {
            Ok(json) => {
                say!("{json}");
                ExitCode::SUCCESS
            }
            Err(e) => {
                for l in e {
                    eprintln!("{l}");
                }
                ExitCode::FAILURE
            }
        };
    }
    // A replay that cannot be watched is refused before the window opens, with the located
    // reasons.
    if let Some(path) = &cli.replay
        && let Err(e) = wartable::rules::replay::open(path)
    {
        return cli::fail(&e.iter().map(ToString::to_string).collect::<Vec<_>>());
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
        plan.los = cli.los;
        plan.template = cli.template;
        plan.range = cli.range;
        plan
    });
    let online = match &cli.command {
        Some(Command::Host(a)) => match cli::net::plan(a, seed) {
            Ok(p) => Some(wartable::app::screens::play::online::StartOnline::Host(p)),
            Err(e) => return cli::fail(&[e]),
        },
        Some(Command::Join(a)) => match cli::net::target(a) {
            Ok(target) => Some(wartable::app::screens::play::online::StartOnline::Join {
                target,
                name: a.name.clone(),
            }),
            Err(e) => return cli::fail(&[e]),
        },
        _ => None,
    };
    let edit = match cli.command {
        Some(Command::Edit { file }) => Some(file),
        _ => None,
    };
    let level_named = std::env::args().any(|a| a == "--level" || a.starts_with("--level="));
    let menu = cli.menu
        || (!level_named
            && edit.is_none()
            && cli.game.is_none()
            && cli.replay.is_none()
            && screenshot.is_none()
            && online.is_none());
    let opts = AppOptions {
        level: cli.level,
        seed,
        screenshot,
        window: cli.window,
        edit,
        menu,
        game: cli.game,
        replay: cli.replay,
        open: cli.open,
        online,
        think_ms: cli.think_ms,
    };
    match build_app(opts).run() {
        bevy::app::AppExit::Success => ExitCode::SUCCESS,
        bevy::app::AppExit::Error(_) => ExitCode::FAILURE,
    }
}
