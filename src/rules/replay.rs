//! A saved game watched as a replay, for any rule set: the game at any position `k` (the setup
//! and the first `k` commands of the log), reached by playing forward from the nearest kept
//! snapshot, so that stepping back is exact; the marks of a timeline (the round after each
//! command, and its notable moments); the view a screen shows (secrets kept while the saved
//! game is not over, and what the program weighed for its steps so far, the "Why?" of a save that
//! kept it); the luck of its rolls ([`GameLuck`]); and "play on from here", a new game from the
//! position shown.
//!
//! The notable moments are read the same way for every rule set, off what the core already
//! gives: a kill is a model that leaves the table or becomes a wreck; an interrupt is a command
//! after which the game waits for an answer outside the turn ([`RuleSet::awaits_answer`]); an
//! objective and a critical are a combat log line of the command that names one.

use super::core::cue::Cue;
use super::core::game::{Game, Logged, RuleSet};
use super::core::luck_replay::{GameLuck, game_luck};
use super::core::rules_id::RulesId;
use super::core::save::read_header;
use super::core::seat::{Player, Seat};
use super::core::skill::{Reasons, Skill};
use super::registry::RulesVisitor;
use crate::data::error::LocatedError;
use crate::table::Table;
use std::any::Any;
use std::collections::BTreeSet;
use std::path::Path;

/// A snapshot of the game is kept every this many commands.
pub const SNAPSHOT_EVERY: usize = 40;

/// Something worth a tick on the timeline.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Moment {
    /// A model left the table or became a wreck.
    Kill,
    /// A combat log line of the command names an objective.
    Objective,
    /// The game now waits for an answer outside the turn (a counterattack, an interrupt window).
    Interrupt,
    /// A combat log line of the command names a critical.
    Critical,
}

impl Moment {
    pub fn label(self) -> &'static str {
        match self {
            Moment::Kill => "kill",
            Moment::Objective => "objective",
            Moment::Interrupt => "interrupt",
            Moment::Critical => "critical",
        }
    }
}

/// What the timeline shows of one command of the log.
#[derive(Debug, Clone, PartialEq)]
pub struct StepMark {
    /// The seat that gave it.
    pub seat: Seat,
    /// The round once it is played.
    pub round: u32,
    pub moments: Vec<Moment>,
    /// Its first combat log line, if it wrote one.
    pub line: Option<String>,
}

/// A saved game as a replay, at a position of its log.
pub struct Replay<R: RuleSet> {
    setup: R::Setup,
    commands: Vec<Logged<R::Command>>,
    players: Vec<Player>,
    /// How well the program played each seat.
    skills: Vec<Skill>,
    /// What the program weighed for its commands, where the save kept it, in command order.
    reasons: Vec<Reasons>,
    /// The game after `i * SNAPSHOT_EVERY` commands, for each `i`.
    snapshots: Vec<Game<R>>,
    marks: Vec<StepMark>,
    /// Whether the saved game is over (then the replay shows every secret).
    over: bool,
    /// The game at the position shown.
    cur: Game<R>,
    /// What the table shows of the last step played forward by one command.
    cues: Vec<Cue>,
    /// The luck of the game's rolls (another seat's secret rolls left out unless it is over);
    /// `None` if they could not be counted.
    luck: Option<GameLuck>,
}

fn models_standing(t: &Table) -> BTreeSet<u32> {
    t.models
        .iter()
        .filter(|m| !m.wreck)
        .map(|m| m.id.0)
        .collect()
}

impl<R: RuleSet> Replay<R> {
    /// Reads a save (of this rule set, in any format it reads) and plays it through once: the
    /// replay at its start, or the located reasons it cannot be watched (it does not load, or
    /// does not reach its saved hash).
    pub fn from_text(file: &str, text: &str) -> Result<Self, Vec<LocatedError>> {
        let end = Game::<R>::load_text(file, text)?;
        Self::from_game(&end).map_err(|e| vec![LocatedError::whole_file(file, e)])
    }

    /// The replay of a game's log (a game in play, or one loaded): at its start.
    pub fn from_game(end: &Game<R>) -> Result<Self, String> {
        let setup = end.setup.clone();
        let commands = end.log.clone();
        let mut g = Game::<R>::new(setup.clone()).map_err(|e| e.join("; "))?;
        let start = g.clone();
        let mut snapshots = vec![start.clone()];
        let mut marks = Vec::with_capacity(commands.len());
        for (i, l) in commands.iter().enumerate() {
            let standing = models_standing(&R::table(&g.state));
            let waited = R::awaits_answer(&g.state);
            let lines = g.journal.len();
            g.play_with(l.seat, l.cmd.clone(), &l.entered)
                .map_err(|e| format!("command {} is refused on replay: {e}", i + 1))?;
            let mut moments = Vec::new();
            let after = models_standing(&R::table(&g.state));
            if standing.iter().any(|id| !after.contains(id)) {
                moments.push(Moment::Kill);
            }
            let new_lines = &g.journal[lines..];
            let names = |w: &str| new_lines.iter().any(|j| j.text.to_lowercase().contains(w));
            if names("objective") {
                moments.push(Moment::Objective);
            }
            if !waited && R::awaits_answer(&g.state) {
                moments.push(Moment::Interrupt);
            }
            if names("critical") {
                moments.push(Moment::Critical);
            }
            marks.push(StepMark {
                seat: l.seat,
                round: R::round(&g.state),
                moments,
                line: new_lines.first().map(|j| j.text.clone()),
            });
            if (i + 1) % SNAPSHOT_EVERY == 0 {
                snapshots.push(g.clone());
            }
        }
        if g.hash() != end.hash() {
            return Err(format!(
                "the replay reaches state {:016x}, not the game's {:016x}",
                g.hash(),
                end.hash()
            ));
        }
        let over = g.is_over();
        let luck = game_luck::<R>(&setup, &commands).ok();
        // In the order of the commands, for the position's own (an edited save may mix them).
        let mut reasons = end.reasons.clone();
        reasons.sort_by_key(|r| r.command);
        Ok(Self {
            setup,
            commands,
            players: end.players.clone(),
            skills: end.skills.clone(),
            reasons,
            snapshots,
            marks,
            over,
            cur: start,
            cues: Vec::new(),
            luck,
        })
    }

    /// How many commands the log holds (the last position).
    pub fn len(&self) -> usize {
        self.commands.len()
    }

    pub fn is_empty(&self) -> bool {
        self.commands.is_empty()
    }

    /// The position shown: how many commands are played.
    pub fn at(&self) -> usize {
        self.cur.log.len()
    }

    pub fn marks(&self) -> &[StepMark] {
        &self.marks
    }

    /// Whether the saved game is over.
    pub fn saved_over(&self) -> bool {
        self.over
    }

    /// Who played each seat in the saved game.
    pub fn players(&self) -> &[Player] {
        &self.players
    }

    /// The game at the position shown (with every secret).
    pub fn game(&self) -> &Game<R> {
        &self.cur
    }

    /// Moves to position `k` (clamped to the log): one command forward is played on the game
    /// shown (its cues kept for the table); any other move starts from the nearest snapshot at
    /// or before `k`.
    pub fn seek(&mut self, k: usize) {
        let k = k.min(self.commands.len());
        self.cues.clear();
        let at = self.at();
        if k == at {
            return;
        }
        if k == at + 1 {
            let _ = self.cur.take_cues();
            self.play_to(k);
            self.cues = self.cur.take_cues();
            return;
        }
        let snap = (k / SNAPSHOT_EVERY).min(self.snapshots.len() - 1);
        if !(k > at && at >= snap * SNAPSHOT_EVERY) {
            self.cur = self.snapshots[snap].clone();
        }
        self.play_to(k);
    }

    /// Plays the log forward from the position shown up to `k`. The log played through once
    /// already, so no command of it is refused here.
    fn play_to(&mut self, k: usize) {
        while self.cur.log.len() < k {
            let l = &self.commands[self.cur.log.len()];
            if self
                .cur
                .play_with(l.seat, l.cmd.clone(), &l.entered)
                .is_err()
            {
                break;
            }
        }
    }

    /// What the table shows of the last move one command forward (empty after any other move).
    pub fn take_cues(&mut self) -> Vec<Cue> {
        std::mem::take(&mut self.cues)
    }

    /// The game as a screen watching the replay shows it: every seat a viewer's (played from
    /// elsewhere, so neither this screen nor the program acts), and, while the saved game is
    /// not over, its state as no seat sees it (each seat's secrets taken out in turn).
    pub fn view(&self) -> Game<R> {
        let mut g = self.cur.clone();
        if !self.over {
            for seat in R::seats(&g.setup) {
                g.state = R::redact(&g.state, seat);
            }
        }
        for seat in R::seats(&g.setup) {
            g.set_player(seat, Player::Remote);
        }
        g.skills = self.skills.clone();
        g.reasons = self.reasons_so_far().to_vec();
        g
    }

    /// What the program weighed for the commands played up to the position shown, first to
    /// last (the last: the "Why?" of the step at the position, or of the program's last step
    /// before it).
    pub fn reasons_so_far(&self) -> &[Reasons] {
        let at = self.at();
        &self.reasons[..self.reasons.partition_point(|r| r.command < at)]
    }

    /// The whole saved game as save text (its setup, players and every command), e.g. for a
    /// battle report of the game being watched.
    pub fn save_text(&self) -> Result<String, String> {
        let last = self.snapshots.len() - 1;
        let mut g = self.snapshots[last].clone();
        while g.log.len() < self.commands.len() {
            let l = &self.commands[g.log.len()];
            g.play_with(l.seat, l.cmd.clone(), &l.entered)
                .map_err(|e| format!("command {} is refused on replay: {e}", g.log.len() + 1))?;
        }
        for seat in R::seats(&g.setup) {
            let p = self
                .players
                .get(seat as usize - 1)
                .copied()
                .unwrap_or_default();
            g.set_player(seat, p);
        }
        g.skills = self.skills.clone();
        g.reasons = self.reasons.clone();
        crate::rules::core::save::ron_text(&g.to_save())
    }

    /// "Play on from here": a new game with the same setup and seed and the commands up to the
    /// position shown, each seat played by `players` (seat order; seats left out by a person).
    pub fn play_on(&self, players: &[Player]) -> Game<R> {
        let mut g = self.cur.clone();
        for seat in R::seats(&g.setup) {
            let p = players
                .get(seat as usize - 1)
                .copied()
                .unwrap_or(Player::Human);
            g.set_player(seat, p);
        }
        g
    }

    /// The luck of the game's rolls, if they could be counted.
    pub fn luck(&self) -> Option<&GameLuck> {
        self.luck.as_ref()
    }

    /// The setup the replay starts from.
    pub fn setup(&self) -> &R::Setup {
        &self.setup
    }
}

/// A replay of a rule set known only at run time, as a screen watches it.
pub trait DynReplay: Send + Sync {
    fn rules(&self) -> RulesId;
    fn len(&self) -> usize;
    fn is_empty(&self) -> bool {
        self.len() == 0
    }
    fn at(&self) -> usize;
    fn marks(&self) -> &[StepMark];
    fn saved_over(&self) -> bool;
    fn players(&self) -> &[Player];
    fn seats(&self) -> Vec<Seat>;
    fn seek(&mut self, k: usize);
    fn take_cues(&mut self) -> Vec<Cue>;
    /// The hash of the game at the position shown.
    fn hash(&self) -> u64;
    /// Where the game stands at the position shown, in words.
    fn phase_label(&self) -> String;
    /// Whether the game at the position shown is over.
    fn is_over_here(&self) -> bool;
    /// [`Replay::view`], a `Game<R>` as `Any`.
    fn view(&self) -> Box<dyn Any + Send>;
    /// [`Replay::play_on`], a `Game<R>` as `Any`.
    fn play_on(&self, players: &[Player]) -> Box<dyn Any + Send>;
    /// [`Replay::luck`].
    fn luck(&self) -> Option<&GameLuck>;
    /// [`Replay::save_text`].
    fn save_text(&self) -> Result<String, String>;
}

impl<R: RuleSet> DynReplay for Replay<R> {
    fn rules(&self) -> RulesId {
        R::ID
    }
    fn len(&self) -> usize {
        Replay::len(self)
    }
    fn at(&self) -> usize {
        Replay::at(self)
    }
    fn marks(&self) -> &[StepMark] {
        Replay::marks(self)
    }
    fn saved_over(&self) -> bool {
        self.over
    }
    fn players(&self) -> &[Player] {
        &self.players
    }
    fn seats(&self) -> Vec<Seat> {
        R::seats(&self.setup)
    }
    fn seek(&mut self, k: usize) {
        Replay::seek(self, k)
    }
    fn take_cues(&mut self) -> Vec<Cue> {
        Replay::take_cues(self)
    }
    fn hash(&self) -> u64 {
        self.cur.hash()
    }
    fn phase_label(&self) -> String {
        R::phase_label(&self.cur.state)
    }
    fn is_over_here(&self) -> bool {
        self.cur.is_over()
    }
    fn view(&self) -> Box<dyn Any + Send> {
        Box::new(Replay::view(self))
    }
    fn save_text(&self) -> Result<String, String> {
        Replay::save_text(self)
    }
    fn play_on(&self, players: &[Player]) -> Box<dyn Any + Send> {
        Box::new(Replay::play_on(self, players))
    }
    fn luck(&self) -> Option<&GameLuck> {
        Replay::luck(self)
    }
}

/// Opens save text of any rule set as a replay (`file` names it in errors).
pub fn open_text(file: &str, text: &str) -> Result<Box<dyn DynReplay>, Vec<LocatedError>> {
    let (rules, _) = read_header(file, text).map_err(|e| vec![e])?;
    let id = RulesId::from_key(&rules).map_err(|e| vec![LocatedError::whole_file(file, e)])?;
    struct Open<'a>(&'a str, &'a str);
    impl RulesVisitor for Open<'_> {
        type Out = Result<Box<dyn DynReplay>, Vec<LocatedError>>;
        fn visit<R: RuleSet>(self) -> Self::Out {
            Ok(Box::new(Replay::<R>::from_text(self.0, self.1)?))
        }
    }
    id.visit(Open(file, text))
}

/// Opens a save file of any rule set as a replay.
pub fn open(path: &Path) -> Result<Box<dyn DynReplay>, Vec<LocatedError>> {
    let file = path.display().to_string();
    let text = crate::data::read_text(path).map_err(|e| vec![e])?;
    open_text(&file, &text)
}
