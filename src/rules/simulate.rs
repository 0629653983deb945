//! `wartable simulate`: the program plays many games of a rule set against itself, in-process on
//! several threads, and the results are counted: wins per seat with 95% Wilson intervals, draws,
//! the first player's win rate, game length, games per second. Game `i` always has seed
//! `seed + i`, and the results are gathered in game order, so the same seed gives the same
//! report whatever the number of threads.

use super::core::game::{Game, QuickSetup, RuleSet};
use super::core::rules_id::RulesId;
use super::core::seat::{Seat, Waiting};
use super::registry::RulesVisitor;
use std::time::Instant;

/// What to simulate.
#[derive(Debug, Clone)]
pub struct Simulation {
    pub rules: RulesId,
    pub games: u64,
    pub threads: usize,
    /// The first game's seed; game `i` has `seed + i`.
    pub seed: u64,
    /// The rule set's options (its seed is set per game).
    pub setup: QuickSetup,
    /// At most this many commands a game.
    pub max_commands: usize,
    /// How well the program plays each side.
    pub lineup: super::core::Lineup,
    /// Whether odd games swap the skills of the first side and the others (each skill plays
    /// each side in half the games).
    pub swap: bool,
}

/// One game's outcome.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GameResult {
    pub seed: u64,
    /// The winning seats (empty: a draw).
    pub winners: Vec<Seat>,
    /// Whether the game ended (not cut off at the command limit).
    pub over: bool,
    pub commands: usize,
    pub rounds: u32,
    /// The first player: the first seat the game waited on alone after its first command (the
    /// initiative winner in KtOG and Krig); 0 if none.
    pub first: Seat,
    /// What each unit type fielded, dealt and took (rule sets with points).
    pub units: super::core::tally::Tally,
    /// The skill each side played at, in side order.
    pub skills: Vec<super::core::Skill>,
}

impl GameResult {
    /// Stopped short of `limit` commands with no end: no seat had a command to give.
    pub fn stopped(&self, limit: usize) -> bool {
        !self.over && self.commands < limit
    }
}

/// A 95% Wilson score interval for `k` successes in `n` trials.
pub fn wilson(k: u64, n: u64) -> (f64, f64) {
    if n == 0 {
        return (0.0, 1.0);
    }
    let (n, p, z) = (n as f64, k as f64 / n as f64, 1.959_963_984_540_054);
    let z2 = z * z;
    let centre = (p + z2 / (2.0 * n)) / (1.0 + z2 / n);
    let half = z * (p * (1.0 - p) / n + z2 / (4.0 * n * n)).sqrt() / (1.0 + z2 / n);
    ((centre - half).max(0.0), (centre + half).min(1.0))
}

/// The counted results.
#[derive(Debug, Clone, PartialEq)]
pub struct Report {
    pub rules: RulesId,
    pub seats: Vec<Seat>,
    /// The sides that win together, named, with their seats.
    pub sides: Vec<(String, Vec<Seat>)>,
    pub results: Vec<GameResult>,
    pub seconds: f64,
}

impl Report {
    pub fn games(&self) -> u64 {
        self.results.len() as u64
    }

    /// Games won by `seat` (a shared win counts for each winner).
    pub fn wins(&self, seat: Seat) -> u64 {
        self.results
            .iter()
            .filter(|r| r.over && r.winners.contains(&seat))
            .count() as u64
    }

    /// Games won by side `i` (any of its seats among the winners).
    pub fn side_wins(&self, i: usize) -> u64 {
        let seats = &self.sides[i].1;
        self.results
            .iter()
            .filter(|r| r.over && r.winners.iter().any(|w| seats.contains(w)))
            .count() as u64
    }

    /// Games won by the side that played at `skill` (either side; a game in which both sides
    /// played at it is left out), and the games decided (won by a side) that a side played at
    /// it against another skill.
    pub fn skill_wins(&self, skill: super::core::Skill) -> (u64, u64) {
        let mut won = 0;
        let mut decided = 0;
        for r in self
            .results
            .iter()
            .filter(|r| r.over && !r.winners.is_empty())
        {
            let at: Vec<usize> = (0..r.skills.len())
                .filter(|i| r.skills[*i] == skill)
                .collect();
            if at.is_empty() || at.len() == r.skills.len() {
                continue;
            }
            decided += 1;
            if at
                .iter()
                .any(|i| r.winners.iter().any(|w| self.sides[*i].1.contains(w)))
            {
                won += 1;
            }
        }
        (won, decided)
    }

    pub fn draws(&self) -> u64 {
        self.results
            .iter()
            .filter(|r| r.over && r.winners.is_empty())
            .count() as u64
    }

    /// Games cut off at the command limit.
    pub fn unfinished(&self) -> u64 {
        self.results.iter().filter(|r| !r.over).count() as u64
    }

    /// Games the first player won, of those that ended with a first player.
    pub fn first_player_wins(&self) -> (u64, u64) {
        let ended = self.results.iter().filter(|r| r.over && r.first != 0);
        let n = ended.clone().count() as u64;
        (
            ended.filter(|r| r.winners.contains(&r.first)).count() as u64,
            n,
        )
    }

    /// Each unit type's record over every game.
    pub fn units(&self) -> super::core::tally::Tally {
        let mut all = super::core::tally::Tally::new();
        for g in &self.results {
            for (k, u) in &g.units {
                all.entry(k.clone()).or_default().add(u);
            }
        }
        all
    }

    pub fn games_per_second(&self) -> f64 {
        self.games() as f64 / self.seconds.max(1e-9)
    }

    /// The mean and median of `f` over the games.
    pub fn length(&self, f: impl Fn(&GameResult) -> f64) -> (f64, f64) {
        let mut v: Vec<f64> = self.results.iter().map(f).collect();
        if v.is_empty() {
            return (0.0, 0.0);
        }
        v.sort_by(f64::total_cmp);
        let mean = v.iter().sum::<f64>() / v.len() as f64;
        let median = if v.len() % 2 == 1 {
            v[v.len() / 2]
        } else {
            (v[v.len() / 2 - 1] + v[v.len() / 2]) / 2.0
        };
        (mean, median)
    }
}

/// Plays the games; `progress` hears the number of games done so far (from any thread).
pub fn simulate(sim: &Simulation, progress: &(dyn Fn(u64) + Sync)) -> Result<Report, Vec<String>> {
    struct Run<'a>(&'a Simulation, &'a (dyn Fn(u64) + Sync));
    impl RulesVisitor for Run<'_> {
        type Out = Result<Report, Vec<String>>;
        fn visit<R: RuleSet>(self) -> Self::Out {
            let (sim, progress) = (self.0, self.1);
            let first = R::quick_setup(&QuickSetup {
                seed: sim.seed,
                ..sim.setup.clone()
            })?;
            let (seats, sides) = (R::seats(&first), R::sides(&first));
            let t = Instant::now();
            let results = super::core::parallel::in_game_order(
                sim.games,
                sim.threads,
                &|i| play_one::<R>(sim, &first, sim.seed.wrapping_add(i)),
                progress,
            )
            .ok_or_else(|| vec!["a game panicked".to_string()])?
            .into_iter()
            .collect::<Result<Vec<_>, _>>()?;
            Ok(Report {
                rules: R::ID,
                seats,
                sides,
                results,
                seconds: t.elapsed().as_secs_f64(),
            })
        }
    }
    sim.rules.visit(Run(sim, progress))
}

fn play_one<R: RuleSet>(
    sim: &Simulation,
    first: &R::Setup,
    seed: u64,
) -> Result<GameResult, Vec<String>> {
    let q = QuickSetup {
        seed,
        ..sim.setup.clone()
    };
    let setup = if R::seed_only(&q) {
        let mut setup = first.clone();
        R::set_seed(&mut setup, seed);
        setup
    } else {
        R::quick_setup(&q)?
    };
    let mut g = Game::<R>::new(setup)?;
    let odd = seed.wrapping_sub(sim.seed) % 2 == 1;
    let lineup = if sim.swap && odd {
        sim.lineup.swapped()
    } else {
        sim.lineup
    };
    g.take_lineup(&lineup);
    let skills = (0..R::sides(&g.setup).len())
        .map(|i| lineup.of_side(i))
        .collect();
    g.keep_journal = false;
    g.keep_tally();
    let mut commands = g.self_play(1);
    let mut first = 0;
    while first == 0 && commands < sim.max_commands && !g.is_over() {
        if let Waiting::One(s) = g.waiting() {
            first = s;
            break;
        }
        if g.self_play(1) == 0 {
            break;
        }
        commands += 1;
    }
    commands += g.self_play(sim.max_commands.saturating_sub(commands));
    let (over, winners) = match g.waiting() {
        Waiting::Over(end) => (true, end.winners),
        _ => (false, Vec::new()),
    };
    Ok(GameResult {
        seed,
        winners,
        over,
        commands,
        rounds: R::round(&g.state),
        first,
        units: g.tally.take().map(|t| *t).unwrap_or_default(),
        skills,
    })
}

/// A matchup matrix: every force list as side 1 against every one as side 2.
#[derive(Debug, Clone, PartialEq)]
pub struct Matrix {
    /// The force lists, by the names their files give.
    pub forces: Vec<std::path::PathBuf>,
    /// `cells[i][j]`: force `i` as side 1 against force `j` as side 2.
    pub cells: Vec<Vec<Report>>,
}

impl Matrix {
    /// Side 1's win rate in cell (i, j).
    pub fn rate(&self, i: usize, j: usize) -> f64 {
        let r = &self.cells[i][j];
        r.side_wins(0) as f64 / r.games().max(1) as f64
    }

    /// Force `i`'s score against force `j` with sides swapped: its wins as side 1 against `j`
    /// and as side 2 against `j`, plus half of the draws and of the games cut off, over those
    /// games; with the number of games. `None` for `i == j` or a pairing with no games.
    pub fn pairing(&self, i: usize, j: usize) -> Option<(f64, u64)> {
        if i == j {
            return None;
        }
        let (a, b) = (self.cells.get(i)?.get(j)?, self.cells.get(j)?.get(i)?);
        let games = a.games() + b.games();
        if games == 0 {
            return None;
        }
        let won = a.side_wins(0) + b.side_wins(1);
        let lost = a.side_wins(1) + b.side_wins(0);
        let even = games.saturating_sub(won + lost);
        Some(((won as f64 + 0.5 * even as f64) / games as f64, games))
    }

    /// The pairings (`i < j`) whose score for `i` lies outside `low..=high`, with the score.
    pub fn outside(&self, low: f64, high: f64) -> Vec<(usize, usize, f64)> {
        let n = self.forces.len();
        (0..n)
            .flat_map(|i| (i + 1..n).map(move |j| (i, j)))
            .filter_map(|(i, j)| {
                let (s, _) = self.pairing(i, j)?;
                (s < low - 1e-9 || s > high + 1e-9).then_some((i, j, s))
            })
            .collect()
    }

    /// How the games of every cell ended: won, drawn, cut off at `limit` commands, and stopped
    /// short of it because no seat had a command to give (the last two are games that did not
    /// end).
    pub fn ends(&self, limit: usize) -> [u64; 4] {
        let mut n = [0; 4];
        for g in self.cells.iter().flatten().flat_map(|c| c.results.iter()) {
            let k = match (g.over, g.winners.is_empty()) {
                (true, false) => 0,
                (true, true) => 1,
                _ if g.stopped(limit) => 3,
                _ => 2,
            };
            n[k] += 1;
        }
        n
    }

    /// How often force `i` won, over every game it played on either side: (wins, games).
    pub fn overall(&self, i: usize) -> (u64, u64) {
        let mut won = 0;
        let mut games = 0;
        for k in 0..self.forces.len() {
            let (a, b) = (&self.cells[i][k], &self.cells[k][i]);
            won += a.side_wins(0);
            games += a.games();
            if k != i {
                won += b.side_wins(1);
                games += b.games();
            }
        }
        (won, games)
    }
}

/// Plays `sim.games` games for each ordered pair of `forces` (side 1 first); `progress` hears
/// the games done over the whole matrix. The rule set must have two sides that read force files.
pub fn matrix(
    sim: &Simulation,
    forces: &[std::path::PathBuf],
    progress: &(dyn Fn(u64) + Sync),
) -> Result<Matrix, Vec<String>> {
    if forces.len() < 2 {
        return Err(vec!["a matrix needs at least two force lists".into()]);
    }
    struct ReadsForces;
    impl RulesVisitor for ReadsForces {
        type Out = bool;
        fn visit<R: RuleSet>(self) -> bool {
            R::FORCE_FILES
        }
    }
    if !sim.rules.visit(ReadsForces) {
        return Err(vec![format!(
            "{} games do not read force lists; a matrix is for rule sets that do (kog-light, kry-gothic)",
            sim.rules.label()
        )]);
    }
    let mut cells = Vec::new();
    let mut before = 0;
    for a in forces {
        let mut row = Vec::new();
        for b in forces {
            let cell = Simulation {
                setup: QuickSetup {
                    forces: vec![a.clone(), b.clone()],
                    ..sim.setup.clone()
                },
                ..sim.clone()
            };
            let r = simulate(&cell, &|n| progress(before + n))?;
            if r.sides.len() != 2 {
                return Err(vec![format!(
                    "{} has {} sides; a matrix pits two force lists",
                    r.rules.label(),
                    r.sides.len()
                )]);
            }
            before += r.games();
            row.push(r);
        }
        cells.push(row);
    }
    Ok(Matrix {
        forces: forces.to_vec(),
        cells,
    })
}
