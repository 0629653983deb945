//! The interface every rule set implements ([`RuleSet`]: its setup, state, commands and events;
//! `check` (is this legal?), `resolve` (roll the dice, yield events), `apply` (the only change),
//! `describe` (the combat log), `waiting` (who may act), and the program opponent), and a game
//! of any rule set written once on it ([`Game`]): the setup, the state, the one seeded dice
//! source, the command log (seat, command, typed-in dice), the combat log (journal), undo of
//! steps that rolled no dice, the whole-state hash, replays, and the program opponent's turns.
//! The two name each other (the program opponent plays on a `Game`), so they share this file.

use super::choices::Choices;
use super::cue::Cue;
use super::error::RuleError;
use super::luck::RollFor;
use super::rules_id::RulesId;
use super::seat::{Player, Seat, Waiting};
use super::skill::{Candidate, Reasons, Skill, Think};
use crate::data::error::{Issue, LocatedError};
use crate::dice::Dice;
use crate::table::Table;
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};
use std::fmt::Debug;
use std::path::PathBuf;

/// What `wartable self-play` asks of a rule set's headless game: each field left out takes the
/// rule set's own default.
#[derive(Debug, Clone, Default)]
pub struct QuickSetup {
    pub seed: u64,
    pub level: Option<PathBuf>,
    /// One force (or party) file per seat, in seat order.
    pub forces: Vec<PathBuf>,
    pub scenario: Option<String>,
    /// Rounds after which an undecided game ends.
    pub rounds: Option<u32>,
    /// How many players, where the rule set allows a choice (KtOG: 2 to 6).
    pub players: Option<u8>,
}

/// A rule set, as a pure and deterministic core.
pub trait RuleSet: Sized + 'static {
    /// Which rule set this is (save header, menu, command line).
    const ID: RulesId;
    /// Whether its quick setup reads a force file per side ([`QuickSetup::forces`]): a matchup
    /// matrix needs it.
    const FORCE_FILES: bool = false;
    /// The format version of this rule set's saves; saves of other versions are read by
    /// [`RuleSet::load_legacy`] or refused.
    const SAVE_VERSION: u32;

    /// Everything a game starts from (level, forces, options, seed).
    type Setup: Clone + Debug + PartialEq + Serialize + DeserializeOwned + Send + Sync;
    /// The whole state. Its serialised form is hashed whole: nothing can be left out of it.
    type State: Clone + Debug + Serialize + Send + Sync;
    type Command: Clone + Debug + PartialEq + Serialize + DeserializeOwned + Send + Sync;
    /// What happened; events travel to the seats of an online game (redacted per seat by
    /// [`RuleSet::redact_event`]) and are applied there.
    type Event: Clone + Debug + Serialize + DeserializeOwned + Send + Sync;

    /// The first state of a game, or what is wrong with the setup.
    fn init(setup: &Self::Setup) -> Result<Self::State, Vec<String>>;
    /// The seed of the game's dice.
    fn seed(setup: &Self::Setup) -> u64;
    /// Sets the seed of the game's dice (an online host sends its setup to the other seats
    /// with the seed taken out: nobody can predict the rolls).
    fn set_seed(setup: &mut Self::Setup, seed: u64);
    /// The seats of this game, in order.
    fn seats(setup: &Self::Setup) -> Vec<Seat>;
    /// The sides that win or lose together, named, with their seats (default: each seat its
    /// own side). A balance report counts wins per side.
    fn sides(setup: &Self::Setup) -> Vec<(String, Vec<Seat>)> {
        Self::seats(setup)
            .into_iter()
            .map(|s| (format!("seat {s}"), vec![s]))
            .collect()
    }
    /// Problems in a loaded setup that would make the game misbehave, by path in the setup.
    fn validate_setup(_setup: &Self::Setup) -> Vec<Issue> {
        Vec::new()
    }

    /// Who may act now.
    fn waiting(s: &Self::State) -> Waiting;
    /// Whether `by` may give `c` now. Cheaper than resolving: no dice of the game are used.
    fn check(s: &Self::State, by: Seat, c: &Self::Command) -> Result<(), RuleError>;
    /// Resolves `c` given by `by` with `dice`: the events, or why it is refused (then `s` and
    /// the dice are as they were). Refuses whatever [`RuleSet::check`] refuses.
    fn resolve(
        s: &Self::State,
        by: Seat,
        c: &Self::Command,
        dice: &mut Dice,
    ) -> Result<Vec<Self::Event>, RuleError>;
    /// The only change to a state.
    fn apply(s: &mut Self::State, e: &Self::Event);
    /// A line of the combat log for `e` (applied to `s` just after), if it deserves one.
    fn describe(s: &Self::State, e: &Self::Event) -> Option<String>;
    /// The round and the seat a journal line about `e` is filed under (0: no seat).
    fn heading(_s: &Self::State, _e: &Self::Event) -> (u32, Seat) {
        (0, 0)
    }
    /// Who took the field, for a battle report: each model's seat, name, kind and points (0
    /// where the rule set counts none). By default the models on the table, by side and name.
    fn roster(_setup: &Self::Setup, s: &Self::State) -> Vec<(Seat, String, String, u32)> {
        Self::table(s)
            .models
            .iter()
            .map(|m| (m.side.0, m.name.clone(), String::new(), 0))
            .collect()
    }
    /// Whose luck each of `rolls` measures (the luck figures of a battle report): they were
    /// rolled by the command `by` gave in state `s`, which yielded `events`. `None` for a roll
    /// that is good for nobody (a random choice). By default each is good for `by` when high.
    fn roll_readings(
        _s: &Self::State,
        by: Seat,
        _events: &[Self::Event],
        rolls: &[crate::dice::Roll],
    ) -> Vec<Option<RollFor>> {
        vec![Some(RollFor::high(by)); rolls.len()]
    }
    /// Where the game is, in words (a phase, a turn, the outcome).
    fn phase_label(s: &Self::State) -> String;
    /// The current round (0 before the first).
    fn round(s: &Self::State) -> u32;
    /// Whether the game waits for an answer outside the turn's own flow (a counterattack
    /// choice, an interrupt window); `self-play --stop-at pending` stops there.
    fn awaits_answer(_s: &Self::State) -> bool {
        false
    }
    /// The table as the 3D view shows it.
    fn table(s: &Self::State) -> Table;
    /// What the table shows of `e` as it happens, `s` being the state before it.
    fn cues(_s: &Self::State, _e: &Self::Event, _out: &mut Vec<Cue>) {}
    /// What each model on the table looks like (models left out stand as a figure for their
    /// size).
    fn looks(_s: &Self::State) -> crate::table::look::Looks {
        Vec::new()
    }
    /// The unit types a model pack may give a model of its own (a catalogue's profiles, a
    /// party's heroes and monsters), as the rule set spells them. Only what is drawn depends
    /// on them.
    fn unit_type_names() -> Vec<String> {
        Vec::new()
    }
    /// Each model's unit type, one of [`RuleSet::unit_type_names`] (models left out keep the
    /// built-in figure).
    fn unit_types(_s: &Self::State) -> Vec<(crate::table::ModelId, String)> {
        Vec::new()
    }
    /// What `seat` may see of the state (hidden information taken out).
    fn redact(s: &Self::State, _seat: Seat) -> Self::State {
        s.clone()
    }
    /// What `seat` may see of `e`, which is applied to `s` next: applied in turn to
    /// `redact(s, seat)`, the redacted events must lead to `redact` of the state they lead to.
    fn redact_event(_s: &Self::State, _seat: Seat, e: &Self::Event) -> Self::Event {
        e.clone()
    }
    /// Whether `c` may be given at any moment, even while an interrupt window of another seat
    /// holds the game (e.g. cancelling one's own order combo, conceding).
    fn any_time(_c: &Self::Command) -> bool {
        false
    }
    /// How an undone command is named to whoever is at the screen; a command holding a seat's
    /// secret must not show it.
    fn undone_label(c: &Self::Command) -> String {
        format!("{c:?}")
    }
    /// The seat that gives `c` when nothing else says: the one the game waits on (the first of
    /// several), or the one the command names. Used for saves of an older format, whose
    /// commands carry no seat, and by hot-seat play at one screen.
    fn natural_seat(s: &Self::State, c: &Self::Command) -> Seat;

    /// The program opponent plays `seat`'s next command at `skill`, if the game waits on `seat`:
    /// the command played. Hard is the core's search (`core::think`) over
    /// [`RuleSet::program_options`]; a rule set given Hard here plays Normal.
    fn program_play(g: &mut Game<Self>, seat: Seat, skill: Skill) -> Option<Self::Command>;
    /// The orders the Normal program weighs for `seat` now, best first (the first is the one it
    /// would give), each with its value and the facts that decided it in words: Hard's
    /// candidates, and the "Why?" of a decision. Empty where the rule set lists none (then Hard
    /// plays as Normal) or the game does not wait on `seat`.
    fn program_options(_g: &Game<Self>, _seat: Seat) -> Vec<Candidate<Self::Command>> {
        Vec::new()
    }
    /// How the game stands for `seat` while it is not over, from -1 (as good as lost) to 1 (as
    /// good as won): what Hard's rollouts are judged by.
    fn position_value(_s: &Self::State, _seat: Seat) -> f64 {
        0.0
    }
    /// Fills the parts of a state redacted for `seat` that the rules need with guesses drawn
    /// from `seed` (another seat's secret damage): Hard imagines with them.
    fn imagine(_s: &mut Self::State, _seat: Seat, _seed: u64) {}
    /// How many commands Hard plays out after each candidate order (it stops sooner at the end
    /// of the next round).
    const THINK_HORIZON: usize = 40;
    /// Whether the decision waited on in `s` is one whose worth shows only over the rest of the
    /// game (KOG light: the choice of Attacker or Defender): Hard plays each future of it out
    /// to the game's end and gives it [`super::think::DEEP_FACTOR`] times its budget.
    fn deep_choice(_s: &Self::State) -> bool {
        false
    }
    /// A setup for a headless game of the program against itself.
    fn quick_setup(q: &QuickSetup) -> Result<Self::Setup, Vec<String>>;
    /// Whether [`RuleSet::quick_setup`] reads `q.seed` only for the dice, so that a setup built
    /// once can be given another seed with [`RuleSet::set_seed`] instead of being built again
    /// (files read and checked) for each game of a simulation. Default: no.
    fn seed_only(_q: &QuickSetup) -> bool {
        false
    }
    /// Counts each model of a new game by its type and points into `t` (rule sets whose
    /// forces cost points; the default counts nothing).
    fn fielded(_setup: &Self::Setup, _s: &Self::State, _t: &mut super::tally::Tally) {}
    /// Counts the damage `e` deals, by the types of the models that deal and take it, into
    /// `t`; `s` is the state before `e`.
    fn tally(_s: &Self::State, _e: &Self::Event, _t: &mut super::tally::Tally) {}
    /// Quick-setup options drawn at random among the ones this rule set offers (levels,
    /// forces, scenarios, players), for the soak run.
    fn soak_setup(seed: u64, _ch: &mut dyn Choices) -> QuickSetup {
        QuickSetup {
            seed,
            ..Default::default()
        }
    }

    /// Reads a save of an older format (`version` below [`RuleSet::SAVE_VERSION`]), with a
    /// warning when its replay does not reach the hash it was saved with. `None`: no such
    /// format.
    fn load_legacy(
        _file: &str,
        _text: &str,
        _version: u32,
    ) -> Option<Result<(Game<Self>, Option<String>), Vec<LocatedError>>> {
        None
    }
}

/// A command as played: the seat that gave it and any dice results a player typed in for it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename = "Cmd")]
pub struct Logged<C> {
    pub seat: Seat,
    pub cmd: C,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub entered: Vec<u32>,
}

/// A line of the combat log.
#[derive(Debug, Clone, PartialEq)]
pub struct JournalLine {
    pub round: u32,
    /// The seat it is filed under (0: the game's own, e.g. setup).
    pub seat: Seat,
    pub text: String,
    /// Index of the command that wrote it.
    pub command: usize,
}

struct UndoPoint<S> {
    state: S,
    journal_len: usize,
}

/// A game of the rule set `R`.
pub struct Game<R: RuleSet> {
    pub setup: R::Setup,
    pub state: R::State,
    pub dice: Dice,
    pub log: Vec<Logged<R::Command>>,
    pub journal: Vec<JournalLine>,
    /// Who plays each seat (index seat - 1). The rules never look at it; saves keep it.
    pub players: Vec<Player>,
    /// How well the program plays each seat it plays (index seat - 1; a seat left out plays
    /// Normal). The rules never look at it; saves keep it.
    pub skills: Vec<Skill>,
    /// How long Hard thinks over a decision (not saved: a setting of the table or the run).
    pub think: Think,
    /// Whether the program's decisions keep their reasons ([`Self::reasons`]).
    pub keep_reasons: bool,
    /// What the program weighed for its commands, by their index in the log: kept beside the
    /// game, never in its hashed state.
    pub reasons: Vec<Reasons>,
    /// Whether the combat log's words are written and steps are kept for undo (a game played
    /// headless by the thousand, as by the benchmark and the balance runs, needs only its
    /// commands and dice).
    pub keep_journal: bool,
    /// What each unit type dealt and took, counted while it is kept (balance runs).
    pub tally: Option<Box<super::tally::Tally>>,
    undo: Vec<UndoPoint<R::State>>,
    /// The events of the commands played since an online host last sent them out
    /// ([`Game::record_events`]).
    pub recorded: Option<Vec<Recorded<R::State, R::Event>>>,
    /// What the table shows of the events played since the view last took them, once the view
    /// asks for them ([`Game::take_cues`]).
    cues: Option<Vec<Cue>>,
}

/// The events of one command played, kept for an online host to send to each seat.
#[derive(Debug, Clone)]
pub struct Recorded<S, E> {
    /// The command's index in the log.
    pub index: usize,
    pub seat: Seat,
    /// The state before the command (each seat's events are redacted against it).
    pub before: S,
    pub events: Vec<E>,
    /// The command's rolls: this range of the dice's log.
    pub rolls: std::ops::Range<usize>,
}

impl<R: RuleSet> Clone for Game<R> {
    /// A copy without the undo history (for looking ahead).
    fn clone(&self) -> Self {
        Self {
            setup: self.setup.clone(),
            state: self.state.clone(),
            dice: self.dice.clone(),
            log: self.log.clone(),
            journal: self.journal.clone(),
            players: self.players.clone(),
            skills: self.skills.clone(),
            think: self.think,
            keep_reasons: self.keep_reasons,
            reasons: self.reasons.clone(),
            keep_journal: self.keep_journal,
            tally: self.tally.clone(),
            undo: Vec::new(),
            recorded: None,
            cues: None,
        }
    }
}

impl<R: RuleSet> Game<R> {
    /// A new game, every seat played by a person.
    pub fn new(setup: R::Setup) -> Result<Self, Vec<String>> {
        let state = R::init(&setup)?;
        let players = vec![Player::Human; R::seats(&setup).len()];
        Ok(Self {
            dice: Dice::new(R::seed(&setup)),
            setup,
            state,
            log: Vec::new(),
            journal: Vec::new(),
            skills: vec![Skill::Normal; players.len()],
            players,
            think: Think::default(),
            keep_reasons: false,
            reasons: Vec::new(),
            keep_journal: true,
            tally: None,
            undo: Vec::new(),
            recorded: None,
            cues: None,
        })
    }

    /// The seats of this game, in order.
    pub fn seats(&self) -> Vec<Seat> {
        R::seats(&self.setup)
    }

    pub fn waiting(&self) -> Waiting {
        R::waiting(&self.state)
    }

    pub fn is_over(&self) -> bool {
        self.waiting().is_over()
    }

    /// Who plays `seat` (a person when the seat is unknown).
    pub fn player(&self, seat: Seat) -> Player {
        (seat as usize)
            .checked_sub(1)
            .and_then(|i| self.players.get(i))
            .copied()
            .unwrap_or_default()
    }

    /// How well the program plays `seat` (Normal when the seat is unknown).
    pub fn skill(&self, seat: Seat) -> Skill {
        (seat as usize)
            .checked_sub(1)
            .and_then(|i| self.skills.get(i))
            .copied()
            .unwrap_or_default()
    }

    /// Sets how well the program plays `seat`; seats outside the game are ignored.
    pub fn set_skill(&mut self, seat: Seat, skill: Skill) {
        let n = self.players.len();
        let Some(i) = (seat as usize).checked_sub(1).filter(|i| *i < n) else {
            return;
        };
        if self.skills.len() < n {
            self.skills.resize(n, Skill::Normal);
        }
        self.skills[i] = skill;
    }

    /// Gives every seat its side's skill in `lineup`, and Hard its budget.
    pub fn take_lineup(&mut self, lineup: &super::skill::Lineup) {
        for (i, (_, seats)) in R::sides(&self.setup).into_iter().enumerate() {
            for s in seats {
                self.set_skill(s, lineup.of_side(i));
            }
        }
        self.think = lineup.think;
    }

    /// The reasons the program gave command `index` for, if it kept them.
    pub fn reasons_of(&self, index: usize) -> Option<&Reasons> {
        self.reasons.iter().rev().find(|r| r.command == index)
    }

    /// A copy of this game for the program to think on: `state` (what its side sees), dice of
    /// its own seeded with `seed` (the setup's seed set to it too), no log, no journal, every
    /// seat played by the program at Normal.
    pub fn sandbox(&self, state: R::State, seed: u64) -> Self {
        let mut setup = self.setup.clone();
        R::set_seed(&mut setup, seed);
        let n = self.players.len();
        Self {
            setup,
            state,
            dice: Dice::new(seed),
            log: Vec::new(),
            journal: Vec::new(),
            players: vec![Player::Program; n],
            skills: vec![Skill::Normal; n],
            think: self.think,
            keep_reasons: false,
            reasons: Vec::new(),
            keep_journal: false,
            tally: None,
            undo: Vec::new(),
            recorded: None,
            cues: None,
        }
    }

    /// Whether a seat the game waits on is played by `p`.
    pub fn waits_on(&self, p: Player) -> bool {
        self.waiting()
            .seats()
            .into_iter()
            .any(|s| self.player(s) == p)
    }

    /// Sets who plays `seat`; seats outside the game are ignored.
    pub fn set_player(&mut self, seat: Seat, p: Player) {
        if let Some(slot) = (seat as usize)
            .checked_sub(1)
            .and_then(|i| self.players.get_mut(i))
        {
            *slot = p;
        }
    }

    /// Whether `by` may give `cmd` now (no dice are used).
    pub fn check(&self, by: Seat, cmd: &R::Command) -> Result<(), RuleError> {
        R::check(&self.state, by, cmd)
    }

    /// Plays `cmd` for the seat that would naturally give it (hot-seat play at one screen).
    pub fn submit(&mut self, cmd: R::Command) -> Result<Vec<R::Event>, RuleError> {
        self.submit_with(cmd, &[])
    }

    /// [`Self::submit`] with dice results typed in.
    pub fn submit_with(
        &mut self,
        cmd: R::Command,
        entered: &[u32],
    ) -> Result<Vec<R::Event>, RuleError> {
        let seat = R::natural_seat(&self.state, &cmd);
        self.play_with(seat, cmd, entered)
    }

    /// Plays `cmd` given by `seat` with the game's dice.
    pub fn play(&mut self, seat: Seat, cmd: R::Command) -> Result<Vec<R::Event>, RuleError> {
        self.play_with(seat, cmd, &[])
    }

    /// Plays `cmd` given by `seat`; its dice show `entered` (results of real dice typed in)
    /// first. Typed-in results the command does not use are dropped.
    pub fn play_with(
        &mut self,
        seat: Seat,
        cmd: R::Command,
        entered: &[u32],
    ) -> Result<Vec<R::Event>, RuleError> {
        let rolls_before = self.dice.log().len();
        // A refused command leaves the game as it was, dice included, even if a rule set found
        // the reason only after rolling.
        let dice_before = self.dice.mark();
        self.dice.enter(entered);
        let result = R::resolve(&self.state, seat, &cmd, &mut self.dice);
        if result.is_err() {
            self.dice.rewind(dice_before);
            return result;
        }
        // The queue is used front first (forced results, then the entered ones): what is left
        // is the end of the entered results.
        let consumed = entered.len() - self.dice.forced_pending().min(entered.len());
        if !entered.is_empty() {
            self.dice.clear_queued();
        }
        let events = result?;
        // Only a step that rolled no dice can be undone: only then is the state before it kept.
        let rolled = self.dice.log().len() > rolls_before;
        let before = (!rolled && self.keep_journal).then(|| self.state.clone());
        let recorded_before = self.recorded.is_some().then(|| self.state.clone());
        let journal_len = self.journal.len();
        let index = self.log.len();
        for e in &events {
            if let Some(t) = self.tally.as_deref_mut() {
                R::tally(&self.state, e, t);
            }
            if !self.keep_journal {
                R::apply(&mut self.state, e);
                continue;
            }
            self.apply_logged(e, index);
        }
        match before {
            None => self.undo.clear(),
            Some(state) => self.undo.push(UndoPoint { state, journal_len }),
        }
        if let (Some(r), Some(before)) = (self.recorded.as_mut(), recorded_before) {
            // An online game's steps are sent out as they are played: none is taken back.
            self.undo.clear();
            r.push(Recorded {
                index,
                seat,
                before,
                events: events.clone(),
                rolls: rolls_before..self.dice.log().len(),
            });
        }
        self.log.push(Logged {
            seat,
            cmd,
            entered: entered[..consumed].to_vec(),
        });
        Ok(events)
    }

    /// Keeps the events of every command played from now on, for an online host to send out
    /// (and takes nothing back from now on: an online game has no undo). The commands played
    /// before (a game hosted after some play at one screen) are kept too: the log is replayed
    /// with the events kept, which by determinism are the ones played.
    pub fn record_events(&mut self) {
        self.undo.clear();
        if self.recorded.is_some() {
            return;
        }
        let mut recorded = Vec::new();
        if !self.log.is_empty()
            && let Ok(mut g) = Self::new(self.setup.clone())
        {
            g.recorded = Some(Vec::new());
            let all = self
                .log
                .iter()
                .all(|l| g.play_with(l.seat, l.cmd.clone(), &l.entered).is_ok());
            if all && g.hash() == self.hash() {
                recorded = g.recorded.take().unwrap_or_default();
            }
        }
        self.recorded = Some(recorded);
    }

    /// Applies the events of a step played elsewhere (an online game's host), with its combat
    /// log lines; `step` is the step's index in the host's log.
    pub fn apply_remote(&mut self, step: usize, events: &[R::Event]) {
        self.undo.clear();
        for e in events {
            self.apply_logged(e, step);
        }
    }

    /// Applies `e`, with its combat log line filed under command `index`.
    fn apply_logged(&mut self, e: &R::Event, index: usize) {
        if let Some(text) = R::describe(&self.state, e) {
            let (round, seat) = R::heading(&self.state, e);
            self.journal.push(JournalLine {
                round,
                seat,
                text,
                command: index,
            });
        }
        if let Some(c) = &mut self.cues {
            R::cues(&self.state, e, c);
        }
        R::apply(&mut self.state, e);
    }

    /// The cues of the events played since the last call; the first call starts keeping them.
    pub fn take_cues(&mut self) -> Vec<Cue> {
        match &mut self.cues {
            Some(c) => std::mem::take(c),
            None => {
                self.cues = Some(Vec::new());
                Vec::new()
            }
        }
    }

    /// Becomes a copy of `other` (without its undo history), keeping the view's cues if it
    /// asked for them: `cues` are what the table shows of the change (a replay stepping forward).
    pub fn adopt(&mut self, other: &Self, cues: Vec<Cue>) {
        let watched = self.cues.is_some();
        *self = other.clone();
        if watched {
            self.cues = Some(cues);
        }
    }

    /// Whether the last command can be taken back (it rolled no dice, nor did any since).
    pub fn can_undo(&self) -> bool {
        !self.undo.is_empty()
    }

    /// Whether the steps that can be taken back reach one a person gave: the program's own
    /// steps are not undone alone (the program would only give them again).
    pub fn can_undo_to_person(&self) -> bool {
        let depth = self.undo.len().min(self.log.len());
        self.log[self.log.len() - depth..]
            .iter()
            .any(|l| self.player(l.seat) == Player::Human)
    }

    /// The command count [`Self::undo_to_person`] would leave, if it can take anything back.
    pub fn undo_to_person_leaves(&self) -> Option<usize> {
        let depth = self.undo.len().min(self.log.len());
        let start = self.log.len() - depth;
        self.log[start..]
            .iter()
            .rposition(|l| self.player(l.seat) == Player::Human)
            .map(|i| start + i)
    }

    /// Takes back the program's steps since the last one a person gave, and that one (all
    /// of them rolled no dice); returns the person's command.
    pub fn undo_to_person(&mut self) -> Option<R::Command> {
        if !self.can_undo_to_person() {
            return None;
        }
        loop {
            let seat = self.log.last()?.seat;
            let c = self.undo()?;
            if self.player(seat) == Player::Human {
                return Some(c);
            }
        }
    }

    /// Starts counting what each unit type deals and takes ([`RuleSet::tally`]).
    pub fn keep_tally(&mut self) {
        let mut t = super::tally::Tally::new();
        R::fielded(&self.setup, &self.state, &mut t);
        self.tally = Some(Box::new(t));
    }

    /// Makes the commands played so far final: none of them can be taken back (a scenario's
    /// setup played in code, which a player's undo must not reach into).
    pub fn seal_undo(&mut self) {
        self.undo.clear();
    }

    /// Takes back the last command if it rolled no dice; returns it.
    pub fn undo(&mut self) -> Option<R::Command> {
        let p = self.undo.pop()?;
        self.state = p.state;
        self.journal.truncate(p.journal_len);
        let c = self.log.pop().map(|l| l.cmd);
        let n = self.log.len();
        self.reasons.retain(|r| r.command < n);
        c
    }

    /// A hash of the whole serialised state and the dice's position: two games with equal
    /// hashes are in the same state.
    pub fn hash(&self) -> u64 {
        state_hash::<R>(&self.state, &self.dice)
    }

    /// The hash older saves were written with ([`state_hash_ron`]).
    pub fn hash_ron(&self) -> u64 {
        state_hash_ron::<R>(&self.state, &self.dice)
    }

    /// Replays a command log from a setup: the game it leads to, or the first command refused.
    pub fn replay(setup: R::Setup, log: &[Logged<R::Command>]) -> Result<Self, String> {
        let mut g = Self::new(setup).map_err(|e| e.join("; "))?;
        for (i, l) in log.iter().enumerate() {
            g.play_with(l.seat, l.cmd.clone(), &l.entered)
                .map_err(|e| {
                    format!(
                        "command {} ({:?}, side {}) is refused on replay: {e}",
                        i + 1,
                        l.cmd,
                        l.seat
                    )
                })?;
        }
        Ok(g)
    }

    /// The program plays every seat until the game ends, nobody can act, or `max_commands`
    /// are played: the number played. The seats waited on take turns: the seat that gave the last
    /// command is tried last.
    pub fn self_play(&mut self, max_commands: usize) -> usize {
        let mut n = 0;
        while n < max_commands {
            let played = match self.waiting() {
                Waiting::One(s) => self.program_play(s).is_some(),
                w => {
                    let mut seats = w.seats();
                    if let Some(last) = self.log.last().map(|l| l.seat) {
                        seats.sort_by_key(|s| *s == last);
                    }
                    seats.into_iter().any(|s| self.program_play(s).is_some())
                }
            };
            if !played {
                break;
            }
            n += 1;
        }
        n
    }
}

/// The hash of a state alone, without the dice (an online seat's view of the game, which it
/// reaches by applying events, not by rolling).
pub fn view_hash<R: RuleSet>(s: &R::State) -> u64 {
    let mut h = Fnv1a::new();
    match serde_json::to_writer(&mut h, s) {
        Ok(()) => h.0,
        Err(_) => fnv1a(ron::to_string(s).unwrap_or_default().as_bytes()),
    }
}

/// FNV-1a over the whole state, the dice's position and the number of rolls made, serialised
/// (as JSON) straight into the hash: nothing is allocated, and a new field of the state cannot be
/// left out. A state JSON cannot write (a map with keys that are not strings) is hashed in its
/// RON form instead.
pub fn state_hash<R: RuleSet>(s: &R::State, dice: &Dice) -> u64 {
    let mut h = Fnv1a::new();
    match serde_json::to_writer(&mut h, &(s, dice.word_pos(), dice.log().len())) {
        Ok(()) => h.0,
        Err(_) => state_hash_ron::<R>(s, dice),
    }
}

/// The hash of saves written before [`state_hash`] (the RON form of the same tuple): loading
/// such a save checks its replay against this one.
pub fn state_hash_ron<R: RuleSet>(s: &R::State, dice: &Dice) -> u64 {
    let text =
        ron::to_string(&(s, dice.word_pos().to_string(), dice.log().len())).unwrap_or_default();
    fnv1a(text.as_bytes())
}

/// FNV-1a as a byte sink.
struct Fnv1a(u64);

impl Fnv1a {
    fn new() -> Self {
        Self(0xcbf2_9ce4_8422_2325)
    }
}

impl std::io::Write for Fnv1a {
    fn write(&mut self, bytes: &[u8]) -> std::io::Result<usize> {
        for b in bytes {
            self.0 ^= *b as u64;
            self.0 = self.0.wrapping_mul(0x0000_0100_0000_01b3);
        }
        Ok(bytes.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

/// The 64-bit FNV-1a hash of `bytes`.
pub fn fnv1a(bytes: &[u8]) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for b in bytes {
        h ^= *b as u64;
        h = h.wrapping_mul(0x0000_0100_0000_01b3);
    }
    h
}
