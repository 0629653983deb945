//! `wartable simulate`: many games of the program against itself, counted for rule designers:
//! wins per seat with 95% Wilson intervals, draws, the first player's edge, game length and
//! speed; a progress bar on a terminal; JSON and a CSV of every game.

use std::path::PathBuf;
use std::process::ExitCode;
use wartable::plot::force_name;
use wartable::rules::core::RulesId;
use wartable::rules::simulate::{Matrix, Report, Simulation, matrix, simulate, wilson};

macro_rules! say {
    ($($t:tt)*) => {{
        use std::io::Write;
        let _ = writeln!(std::io::stdout(), $($t)*);
    }};
}

#[derive(clap::Args, Debug)]
pub struct SimulateArgs {
    /// The rule set: kog-light, kry-gothic, ktog, dndalike or krig.
    #[arg(long, default_value = "ktog")]
    pub rules: RulesId,
    #[arg(long, default_value_t = 1000)]
    pub games: u64,
    /// Threads (default: every core).
    #[arg(long)]
    pub threads: Option<usize>,
    /// The first game's seed (game i has seed + i).
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    #[command(flatten)]
    pub game: super::GameOptions,
    /// Rounds after which an undecided game ends.
    #[arg(long)]
    pub rounds: Option<u32>,
    /// At most this many commands a game.
    #[arg(long, default_value_t = 100_000)]
    pub commands: usize,
    #[arg(long)]
    pub json: bool,
    /// Write one line per game here.
    #[arg(long)]
    pub csv: Option<PathBuf>,
    /// Play every force list against every other (each as side 1 and as side 2), --games games
    /// for each pair, and print the table of win rates.
    #[arg(long, num_args = 2..)]
    pub matrix: Vec<PathBuf>,
    /// With --matrix: the fair band of a pairing in percent, as LOW,HIGH (e.g. 45,55). Every
    /// pairing's score with sides swapped (draws and games cut off count half) is checked
    /// against it; the run exits 1 if any lies outside.
    #[arg(long, value_delimiter = ',')]
    pub band: Vec<f64>,
    /// With --matrix: each unit type's damage dealt and taken per 100 points, over every game of
    /// the matrix.
    #[arg(long)]
    pub units: bool,
    /// Draw the win rates with their intervals, game length as a histogram and the matrix as
    /// a heat map into this PNG.
    #[arg(long)]
    pub plot: Option<PathBuf>,
    #[command(flatten)]
    pub skills: super::SkillOptions,
    /// Swap the skills of side 1 and side 2 in every other game (game i odd), so that each
    /// skill plays each side in half the games; the wins are counted by skill too.
    #[arg(long)]
    pub swap: bool,
}

pub fn run(a: &SimulateArgs) -> ExitCode {
    if a.games == 0 {
        eprintln!("error: --games must be at least 1");
        return ExitCode::from(2);
    }
    let threads = a
        .threads
        .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()));
    let sim = Simulation {
        rules: a.rules,
        games: a.games,
        threads,
        seed: a.seed,
        setup: a.game.setup(a.seed, a.rounds),
        max_commands: a.commands,
        lineup: a.skills.lineup(),
        swap: a.swap,
    };
    let bar = super::progress_bar(a.games);
    let tick = |n: u64| {
        if let Some(b) = &bar {
            b.set_position(n);
        }
    };
    if !a.matrix.is_empty() {
        let cells = a.games * (a.matrix.len() * a.matrix.len()) as u64;
        if let Some(b) = &bar {
            b.set_length(cells);
        }
        let m = match matrix(&sim, &a.matrix, &tick) {
            Ok(m) => m,
            Err(e) => return super::fail(&e),
        };
        if let Some(b) = bar {
            b.finish_and_clear();
        }
        if let Some(path) = &a.plot
            && let Err(e) = wartable::plot::write_png(path, &m.cells[0][0], Some(&m))
        {
            eprintln!("error: {e}");
            return ExitCode::FAILURE;
        }
        let band = match a.band.as_slice() {
            [] => None,
            [lo, hi] if lo <= hi => Some((lo / 100.0, hi / 100.0)),
            _ => {
                eprintln!("error: --band takes LOW,HIGH in percent, LOW at most HIGH");
                return ExitCode::from(2);
            }
        };
        if a.json {
            say!("{}", matrix_json(&m));
        } else {
            matrix_text(&m);
            ends_text(&m, a.commands);
            if a.units {
                let mut units = wartable::rules::core::tally::Tally::new();
                for (k, u) in m.cells.iter().flatten().flat_map(|c| c.units()) {
                    units.entry(k).or_default().add(&u);
                }
                units_text(&units);
            }
        }
        if let Some((lo, hi)) = band {
            let out = m.outside(lo, hi);
            let names: Vec<String> = m.forces.iter().map(|p| force_name(p)).collect();
            if !a.json {
                say!(
                    "  band {:.1}% to {:.1}%: {} of {} pairings outside",
                    100.0 * lo,
                    100.0 * hi,
                    out.len(),
                    names.len() * names.len().saturating_sub(1) / 2
                );
                for (i, j, s) in &out {
                    say!("    {} against {}: {:.1}%", names[*i], names[*j], 100.0 * s);
                }
            }
            if !out.is_empty() {
                return ExitCode::FAILURE;
            }
        }
        return ExitCode::SUCCESS;
    }
    let report = match simulate(&sim, &tick) {
        Ok(r) => r,
        Err(e) => return super::fail(&e),
    };
    if let Some(b) = bar {
        b.finish_and_clear();
    }
    if let Some(path) = &a.plot
        && let Err(e) = wartable::plot::write_png(path, &report, None)
    {
        eprintln!("error: {e}");
        return ExitCode::FAILURE;
    }
    if let Some(path) = &a.csv
        && let Err(e) = std::fs::write(path, csv(&report))
    {
        eprintln!("error: cannot write {}: {e}", path.display());
        return ExitCode::FAILURE;
    }
    if a.json {
        say!("{}", json(&report, threads, &sim));
    } else {
        text(&report, threads);
        skills_text(&report, &sim);
    }
    ExitCode::SUCCESS
}

/// The skills played and, when two skills met, each one's wins of the decided games.
fn skills_text(r: &Report, sim: &Simulation) {
    let l = sim.lineup;
    say!(
        "  skills: side 1 {}, the other sides {}{}",
        l.first.key(),
        l.rest.key(),
        if sim.swap {
            " (swapped in every other game)"
        } else {
            ""
        }
    );
    if l.first != l.rest {
        for k in [l.first, l.rest] {
            let (won, decided) = r.skill_wins(k);
            let (lo, hi) = wilson(won, decided);
            say!(
                "  {}: {won} wins of {decided} decided games, {:.1}% (95% interval {:.1}% to {:.1}%)",
                k.key(),
                100.0 * won as f64 / decided.max(1) as f64,
                100.0 * lo,
                100.0 * hi
            );
        }
    }
}

/// The skills as JSON fields (without braces).
fn skills_json(r: &Report, sim: &Simulation) -> String {
    let l = sim.lineup;
    let by_skill: Vec<String> = if l.first == l.rest {
        Vec::new()
    } else {
        [l.first, l.rest]
            .into_iter()
            .map(|k| {
                let (won, decided) = r.skill_wins(k);
                format!(
                    "{{\"skill\": \"{}\", \"wins\": {won}, \"decided\": {decided}, \"rate\": {:.6}}}",
                    k.key(),
                    won as f64 / decided.max(1) as f64
                )
            })
            .collect()
    };
    let think = match l.think.steps {
        Some(n) => format!("\"think_steps\": {n}"),
        None => format!("\"think_ms\": {}", l.think.ms),
    };
    format!(
        "\"skills\": {{\"side1\": \"{}\", \"side2\": \"{}\"}}, \"swap\": {}, {think}, \"by_skill\": [{}]",
        l.first.key(),
        l.rest.key(),
        sim.swap,
        by_skill.join(", ")
    )
}

fn json(r: &Report, threads: usize, sim: &Simulation) -> String {
    let n = r.games();
    let wins: Vec<String> = r
        .sides
        .iter()
        .enumerate()
        .map(|(i, (name, seats))| {
            let k = r.side_wins(i);
            let (lo, hi) = wilson(k, n);
            let seats: Vec<String> = seats.iter().map(|s| s.to_string()).collect();
            format!(
                "{{\"side\": \"{name}\", \"seats\": [{}], \"wins\": {k}, \"rate\": {:.6}, \"low\": {lo:.6}, \"high\": {hi:.6}}}",
                seats.join(", "),
                k as f64 / n as f64
            )
        })
        .collect();
    let (fw, fn_) = r.first_player_wins();
    let (cm, cmed) = r.length(|g| g.commands as f64);
    let (rm, rmed) = r.length(|g| g.rounds as f64);
    let units: Vec<String> = r
        .units()
        .iter()
        .map(|(k, u)| {
            format!(
                "{{\"type\": {}, \"fielded\": {}, \"points\": {}, \"dealt\": {}, \"taken\": {}, \"dealt_per_100_points\": {:.4}, \"taken_per_100_points\": {:.4}}}",
                serde_json::to_string(k).unwrap_or_default(),
                u.fielded,
                u.points,
                u.dealt,
                u.taken,
                u.dealt_per_100(),
                u.taken_per_100()
            )
        })
        .collect();
    format!(
        "{{\"rules\": \"{}\", \"games\": {n}, \"threads\": {threads}, \"seconds\": {:.3}, \"games_per_second\": {:.1}, \"wins\": [{}], \"draws\": {}, \"unfinished\": {}, \"first_player_wins\": {fw}, \"first_player_games\": {fn_}, \"commands_mean\": {cm:.1}, \"commands_median\": {cmed:.1}, \"rounds_mean\": {rm:.2}, \"rounds_median\": {rmed:.1}, \"units\": [{}], {}}}",
        r.rules.key(),
        r.seconds,
        r.games_per_second(),
        wins.join(", "),
        r.draws(),
        r.unfinished(),
        units.join(", "),
        skills_json(r, sim)
    )
}

fn text(r: &Report, threads: usize) {
    let n = r.games();
    say!(
        "{}: {n} games on {threads} threads in {:.2} s ({:.0} games/s)",
        r.rules.label(),
        r.seconds,
        r.games_per_second()
    );
    for (i, (name, _)) in r.sides.iter().enumerate() {
        let k = r.side_wins(i);
        let (lo, hi) = wilson(k, n);
        say!(
            "  {name}: {k} wins, {:.1}% (95% interval {:.1}% to {:.1}%)",
            100.0 * k as f64 / n as f64,
            100.0 * lo,
            100.0 * hi
        );
    }
    say!("  draws: {}, cut off: {}", r.draws(), r.unfinished());
    let (fw, fn_) = r.first_player_wins();
    if fn_ > 0 {
        let (lo, hi) = wilson(fw, fn_);
        say!(
            "  the first player (the first seat to act alone) won {fw} of {fn_}: {:.1}% ({:.1}% to {:.1}%)",
            100.0 * fw as f64 / fn_ as f64,
            100.0 * lo,
            100.0 * hi
        );
    }
    let (cm, cmed) = r.length(|g| g.commands as f64);
    let (rm, rmed) = r.length(|g| g.rounds as f64);
    say!(
        "  length: {cm:.1} commands on average (median {cmed:.0}), {rm:.2} rounds (median {rmed:.0})"
    );
    units_text(&r.units());
}

/// Each unit type's models fielded, points, wounds dealt and taken, and both per 100 points.
fn units_text(units: &wartable::rules::core::tally::Tally) {
    if !units.is_empty() {
        let w = units
            .keys()
            .map(|k| k.chars().count())
            .max()
            .unwrap_or(0)
            .max(9);
        let h = wartable::rules::core::tally::HEADINGS;
        say!(
            "  {:w$} {:>8} {:>8} {:>7} {:>7} {:>14} {:>14}",
            h[0],
            h[1],
            h[2],
            h[3],
            h[4],
            h[5],
            h[6]
        );
        for (k, u) in units {
            say!(
                "  {:w$} {:>8} {:>8} {:>7} {:>7} {:>14.2} {:>14.2}",
                k,
                u.fielded,
                u.points,
                u.dealt,
                u.taken,
                u.dealt_per_100(),
                u.taken_per_100()
            );
        }
    }
}

fn csv(r: &Report) -> String {
    let mut out = String::from("game,seed,over,winners,first,commands,rounds\n");
    for (i, g) in r.results.iter().enumerate() {
        let winners: Vec<String> = g.winners.iter().map(|s| s.to_string()).collect();
        out.push_str(&format!(
            "{},{},{},{},{},{},{}\n",
            i + 1,
            g.seed,
            g.over,
            winners.join(" "),
            g.first,
            g.commands,
            g.rounds
        ));
    }
    out
}

fn matrix_text(m: &Matrix) {
    let names: Vec<String> = m.forces.iter().map(|p| force_name(p)).collect();
    let games = m.cells[0][0].games();
    let seconds: f64 = m.cells.iter().flatten().map(|c| c.seconds).sum();
    say!(
        "{}: {} games for each of {} pairings in {seconds:.2} s; side 1's win rate, row (side 1) against column (side 2):",
        m.cells[0][0].rules.label(),
        games,
        names.len() * names.len()
    );
    let w = names.iter().map(|n| n.len()).max().unwrap_or(0).max(8);
    let mut head = format!("  {:w$}", "");
    for n in &names {
        head.push_str(&format!(" {:>w$}", n));
    }
    say!("{head}");
    for (i, n) in names.iter().enumerate() {
        let mut line = format!("  {n:w$}");
        for j in 0..names.len() {
            line.push_str(&format!(" {:>w$}", format!("{:.1}%", 100.0 * m.rate(i, j))));
        }
        say!("{line}");
    }
    say!(
        "  each pairing with sides swapped, draws and games cut off counting half: the row's score against the column:"
    );
    say!("{head}");
    for (i, n) in names.iter().enumerate() {
        let mut line = format!("  {n:w$}");
        for j in 0..names.len() {
            let cell = match m.pairing(i, j) {
                Some((s, _)) => format!("{:.1}%", 100.0 * s),
                None => "-".to_string(),
            };
            line.push_str(&format!(" {cell:>w$}"));
        }
        say!("{line}");
    }
    say!("  each force over all its games, either side:");
    for (i, n) in names.iter().enumerate() {
        let (k, g) = m.overall(i);
        let (lo, hi) = wilson(k, g);
        say!(
            "  {n:w$} {k} wins of {g}: {:.1}% ({:.1}% to {:.1}%)",
            100.0 * k as f64 / g.max(1) as f64,
            100.0 * lo,
            100.0 * hi
        );
    }
}

/// How the matrix's games ended (a game that cannot end shows in the last two counts).
fn ends_text(m: &Matrix, limit: usize) {
    let [won, drawn, cut, stuck] = m.ends(limit);
    say!(
        "  how the games ended: {won} won, {drawn} drawn, {cut} cut off at the command limit ({limit}), {stuck} stopped with no command to give"
    );
    // Each game that stopped short, with the command that plays it again (at most five).
    let n = m.forces.len();
    let stopped = (0..n)
        .flat_map(|i| (0..n).map(move |j| (i, j)))
        .flat_map(|(i, j)| {
            m.cells[i][j]
                .results
                .iter()
                .filter(move |g| g.stopped(limit))
                .map(move |g| (i, j, g.seed))
        });
    for (i, j, seed) in stopped.take(5) {
        say!(
            "    stopped: wartable self-play --rules {} --side1 {} --side2 {} --seed {seed}",
            m.cells[i][j].rules.key(),
            m.forces[i].display(),
            m.forces[j].display()
        );
    }
}

fn matrix_json(m: &Matrix) -> String {
    let names: Vec<String> = m
        .forces
        .iter()
        .map(|p| format!("\"{}\"", force_name(p)))
        .collect();
    let rows: Vec<String> = (0..m.forces.len())
        .map(|i| {
            let cells: Vec<String> = (0..m.forces.len())
                .map(|j| {
                    let c = &m.cells[i][j];
                    format!(
                        "{{\"games\": {}, \"side1_wins\": {}, \"side2_wins\": {}, \"draws\": {}}}",
                        c.games(),
                        c.side_wins(0),
                        c.side_wins(1),
                        c.draws()
                    )
                })
                .collect();
            format!("[{}]", cells.join(", "))
        })
        .collect();
    let n = m.forces.len();
    let pairings: Vec<String> = (0..n)
        .flat_map(|i| (i + 1..n).map(move |j| (i, j)))
        .filter_map(|(i, j)| {
            let (s, g) = m.pairing(i, j)?;
            Some(format!(
                "{{\"a\": {i}, \"b\": {j}, \"games\": {g}, \"score_a\": {s:.6}}}"
            ))
        })
        .collect();
    format!(
        "{{\"rules\": \"{}\", \"forces\": [{}], \"matrix\": [{}], \"pairings\": [{}]}}",
        m.cells[0][0].rules.key(),
        names.join(", "),
        rows.join(", "),
        pairings.join(", ")
    )
}
