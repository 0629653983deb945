//! A game in play, whatever its rule set: [`ActiveGame`] holds one [`PlaySession`] (the rule
//! set's game and its own panel state) behind a trait object, so that the shell's systems are
//! written once and not per rule set. [`DynGame`] is what the shell asks of any game; it is
//! implemented once for every `Game<R>`.

use crate::app::base::mode::Mode;
use crate::app::base::state::{Notices, TableState};
use crate::rules::core::{
    Game, JournalLine, Player, RuleError, RuleSet, RulesId, Seat, Skill, Waiting,
};
use crate::table::Table;
use bevy::prelude::*;
use bevy_egui::egui;
use std::any::Any;
use std::path::{Path, PathBuf};

/// Hard's thinking over one decision, to run on another thread: the seat, the command count it
/// is for, and the job (its answer goes to [`DynGame::play_decided`]).
pub type HardJob = (Seat, usize, Box<dyn FnOnce() -> Box<dyn Any + Send> + Send>);

/// What the shell asks of any game.
pub trait DynGame: Send + Sync {
    fn rules(&self) -> RulesId;
    fn seats(&self) -> Vec<Seat>;
    fn player(&self, seat: Seat) -> Player;
    fn set_player(&mut self, seat: Seat, p: Player);
    fn waiting(&self) -> Waiting;
    /// Whether a seat the game waits on is played by `p`.
    fn waits_on(&self, p: Player) -> bool;
    fn phase_label(&self) -> String;
    fn round(&self) -> u32;
    fn can_undo(&self) -> bool;
    /// Takes back the last step if it rolled no dice; the command, in words.
    fn undo(&mut self) -> Option<String>;
    /// The command count an undo would leave, if it can take anything back.
    fn undo_leaves(&self) -> Option<usize>;
    fn journal(&self) -> &[JournalLine];
    fn seed(&self) -> u64;
    fn commands(&self) -> usize;
    fn rolls(&self) -> usize;
    /// The game's rolls, first to last.
    fn roll_log(&self) -> &[crate::dice::Roll];
    fn save(&self, path: &Path) -> Result<(), String>;
    /// The program plays one command for a seat it plays, if the game waits on one (a seat at
    /// Hard is left to [`DynGame::hard_job`]).
    fn program_step(&mut self) -> bool;
    /// How well the program plays `seat`.
    fn skill(&self, seat: Seat) -> Skill;
    fn set_skill(&mut self, seat: Seat, skill: Skill);
    /// How long Hard thinks over a decision.
    fn set_think(&mut self, think: crate::rules::core::Think);
    /// What the program weighed for its last decision, in lines, if it kept it.
    fn last_reasons(&self) -> Option<Vec<String>>;
    /// Hard's next decision, when the game waits on a seat the program plays at Hard, as a job
    /// to think over on another thread: the seat, the command count it is for, and the job.
    fn hard_job(&mut self) -> Option<HardJob>;
    /// Plays what a [`HardJob`] came back with, if the game is still where the job found it.
    fn play_decided(&mut self, seat: Seat, at: usize, decided: Box<dyn Any + Send>) -> bool;
    /// The table as the 3D view shows it.
    fn table(&self) -> Table;
    /// What each model looks like.
    fn looks(&self) -> crate::table::look::Looks;
    /// Each model's unit type, as the rule set names it (what a model pack draws).
    fn unit_types(&self) -> Vec<(crate::table::ModelId, String)>;
    /// What the table shows of the events played since the last call.
    fn take_cues(&mut self) -> Vec<crate::rules::core::Cue>;
    /// The game as an online host sees it.
    fn as_host(&mut self) -> &mut dyn crate::net::seat_game::HostGame;
    /// Takes the state and combat log of `other`, a game of the same rule set (an online seat's
    /// view, kept by its network client): whether it was one.
    fn mirror_from(&mut self, other: &dyn Any) -> bool;
    /// Becomes a copy of `other`, a game of the same rule set (a replay's position), with
    /// `cues` for the table: whether it was one.
    fn adopt(&mut self, other: &dyn Any, cues: Vec<crate::rules::core::Cue>) -> bool;
    /// The game as save text.
    fn save_text(&self) -> Result<String, String>;
}

impl<R: RuleSet> DynGame for Game<R>
where
    R::Setup: Send + Sync,
    R::State: Send + Sync,
    R::Command: Send + Sync,
{
    fn rules(&self) -> RulesId {
        R::ID
    }
    fn seats(&self) -> Vec<Seat> {
        Game::seats(self)
    }
    fn player(&self, seat: Seat) -> Player {
        Game::player(self, seat)
    }
    fn set_player(&mut self, seat: Seat, p: Player) {
        Game::set_player(self, seat, p)
    }
    fn waiting(&self) -> Waiting {
        Game::waiting(self)
    }
    fn waits_on(&self, p: Player) -> bool {
        Game::waits_on(self, p)
    }
    fn phase_label(&self) -> String {
        R::phase_label(&self.state)
    }
    fn round(&self) -> u32 {
        R::round(&self.state)
    }
    fn can_undo(&self) -> bool {
        Game::can_undo_to_person(self)
    }
    fn undo(&mut self) -> Option<String> {
        Game::undo_to_person(self).map(|c| R::undone_label(&c))
    }
    fn undo_leaves(&self) -> Option<usize> {
        Game::undo_to_person_leaves(self)
    }
    fn journal(&self) -> &[JournalLine] {
        &self.journal
    }
    fn seed(&self) -> u64 {
        self.dice.seed()
    }
    fn commands(&self) -> usize {
        self.log.len()
    }
    fn rolls(&self) -> usize {
        self.dice.log().len()
    }
    fn roll_log(&self) -> &[crate::dice::Roll] {
        self.dice.log()
    }
    fn save(&self, path: &Path) -> Result<(), String> {
        Game::save(self, path)
    }
    fn program_step(&mut self) -> bool {
        self.keep_reasons = true;
        for seat in Game::waiting(self).seats() {
            if Game::player(self, seat) == Player::Program
                && Game::skill(self, seat) != Skill::Hard
                && self.program_play(seat).is_some()
            {
                return true;
            }
        }
        false
    }
    fn skill(&self, seat: Seat) -> Skill {
        Game::skill(self, seat)
    }
    fn set_skill(&mut self, seat: Seat, skill: Skill) {
        Game::set_skill(self, seat, skill)
    }
    fn set_think(&mut self, think: crate::rules::core::Think) {
        self.think = think;
    }
    fn last_reasons(&self) -> Option<Vec<String>> {
        self.reasons.last().map(|r| {
            let mut lines = r.lines();
            lines.insert(
                0,
                format!(
                    "Step {} of the log, round {}:",
                    r.command + 1,
                    R::round(&self.state)
                ),
            );
            lines
        })
    }
    fn hard_job(&mut self) -> Option<HardJob> {
        let seat = Game::waiting(self).seats().into_iter().find(|s| {
            Game::player(self, *s) == Player::Program && Game::skill(self, *s) == Skill::Hard
        })?;
        let g = self.clone();
        let at = self.log.len();
        let job: Box<dyn FnOnce() -> Box<dyn Any + Send> + Send> = Box::new(move || {
            let d = crate::rules::core::think::decide(&g, seat, g.think);
            Box::new(d) as Box<dyn Any + Send>
        });
        Some((seat, at, job))
    }
    fn play_decided(&mut self, seat: Seat, at: usize, decided: Box<dyn Any + Send>) -> bool {
        if self.log.len() != at || !Game::waiting(self).allows(seat) {
            return false;
        }
        self.keep_reasons = true;
        let Ok(d) = decided.downcast::<Option<crate::rules::core::think::Decision<R::Command>>>()
        else {
            return false;
        };
        crate::rules::core::think::play_decided(self, seat, *d).is_some()
    }
    fn table(&self) -> Table {
        R::table(&self.state)
    }
    fn looks(&self) -> crate::table::look::Looks {
        R::looks(&self.state)
    }
    fn unit_types(&self) -> Vec<(crate::table::ModelId, String)> {
        R::unit_types(&self.state)
    }
    fn take_cues(&mut self) -> Vec<crate::rules::core::Cue> {
        Game::take_cues(self)
    }
    fn as_host(&mut self) -> &mut dyn crate::net::seat_game::HostGame {
        self
    }
    fn mirror_from(&mut self, other: &dyn Any) -> bool {
        let Some(o) = other.downcast_ref::<Game<R>>() else {
            return false;
        };
        self.state = o.state.clone();
        self.journal = o.journal.clone();
        self.dice = o.dice.clone();
        true
    }
    fn adopt(&mut self, other: &dyn Any, cues: Vec<crate::rules::core::Cue>) -> bool {
        let Some(o) = other.downcast_ref::<Game<R>>() else {
            return false;
        };
        Game::adopt(self, o, cues);
        true
    }
    fn save_text(&self) -> Result<String, String> {
        crate::rules::core::save::ron_text(&self.to_save())
    }
}

/// A guided game's step's filter on the commands a person at the screen gives: the game's state
/// and the command (as `&R::State` and `&R::Command` of the rule set in play); `Err(hint)` refuses
/// the command before the rules see it, with a hint that says what the step asks for instead.
/// (Defined here, where the shell checks it; `guide::GuideGate` names it for the guides.)
pub type GuideGate = fn(&dyn std::any::Any, &dyn std::any::Any) -> Result<(), String>;

/// The shell's own state of a game in play.
#[derive(Debug, Default)]
pub struct Shell {
    /// Bumped whenever the game changes, so the table and caches follow.
    pub rev: u64,
    /// The `rev` the table last mirrored.
    pub mirrored: u64,
    /// Where the game was last saved or loaded.
    pub save_path: Option<PathBuf>,
    /// The last refusal (or load warning), shown until the next command.
    pub last_error: Option<String>,
    /// Results of real dice typed in for the next command.
    pub typed_dice: String,
    pub show_rules: bool,
    pub show_log: bool,
    pub confirm_leave: bool,
    /// Whether the "Why?" panel of the program's last decision is open.
    pub show_why: bool,
    /// The game's command count when it was last saved or loaded: leaving asks first only when
    /// commands were taken since.
    pub saved_commands: Option<usize>,
    /// The Online window is asked for (host this game, or see who plays).
    pub show_online: bool,
    /// Set when this screen plays a seat of a game hosted elsewhere: its commands go to the
    /// host as proposals instead of being played here.
    pub online_seat: Option<OnlineSeat>,
    /// A guided game's step in play: the commands it lets through (a refusal is a hint, and the
    /// rules never see the command).
    pub guide_gate: Option<GuideGate>,
    /// The last hint the guided game's step gave, until the next command is taken.
    pub guide_hint: Option<String>,
    /// A guided game's step holds the program's own orders (it still answers what the game asks
    /// of it); a rule set whose sides act at once reads it in `program_may_act`.
    pub guide_holds_program: bool,
    /// A guided game's step in play: the command count when it began, below which undo does
    /// not go (the steps before it are done).
    pub guide_undo_floor: Option<usize>,
    /// A replay is shown: the people at the screen watch it, and the table takes no commands.
    pub viewer: bool,
    /// A replay of a finished game: the panels show every seat's secrets.
    pub sees_all: bool,
}

/// This screen's seat in a game hosted elsewhere, and the commands it proposed that the
/// network has not taken yet.
#[derive(Debug, Default)]
pub struct OnlineSeat {
    pub seat: Seat,
    /// Commands (RON) for the host, each with the real dice typed in for it.
    pub outbox: Vec<(String, Vec<u32>)>,
    /// Whether the host takes real dice typed in here (else the field is not shown).
    pub host_takes_dice: bool,
    /// Whether a proposal waits for the host's answer.
    pub waiting: bool,
    /// Interrupt keys pressed and windows let go here, for the host's clock.
    pub asks: Vec<crate::net::proto::TempoAsk>,
}

impl Shell {
    pub fn new() -> Self {
        Self {
            rev: 1,
            show_log: true,
            ..Default::default()
        }
    }

    /// Plays `cmd` in `game` for the seat that gives it at this screen, with any real dice
    /// typed in; a refusal is kept for the panels.
    pub fn submit<R: RuleSet>(
        &mut self,
        game: &mut Game<R>,
        cmd: R::Command,
    ) -> Result<Vec<R::Event>, RuleError> {
        let seat = R::natural_seat(&game.state, &cmd);
        self.submit_as(game, seat, cmd)
    }

    /// [`Self::submit`] for a named seat (where both sides may give orders at once).
    pub fn submit_as<R: RuleSet>(
        &mut self,
        game: &mut Game<R>,
        seat: Seat,
        cmd: R::Command,
    ) -> Result<Vec<R::Event>, RuleError> {
        if self.viewer {
            let e = RuleError::Illegal(
                "a replay is shown: \"Play on from here\" starts a game to play".into(),
            );
            self.last_error = Some(e.to_string());
            return Err(e);
        }
        if let Some(gate) = self.guide_gate
            && let Err(hint) = gate(&game.state, &cmd)
        {
            self.guide_hint = Some(hint.clone());
            self.last_error = Some(format!("Not in this step: {hint}"));
            return Err(RuleError::Illegal(format!("not in this step: {hint}")));
        }
        let typed = match crate::dice::entered::parse_entered(&self.typed_dice) {
            Ok(t) => t,
            Err(e) => {
                let e = RuleError::Illegal(format!("the real dice typed in: {e}"));
                self.last_error = Some(e.to_string());
                return Err(e);
            }
        };
        if let Some(online) = self.online_seat.as_mut() {
            // A seat of a game hosted elsewhere: checked here for a quick answer, decided there.
            let seat = online.seat;
            if let Err(e) = game.check(seat, &cmd) {
                self.last_error = Some(e.to_string());
                return Err(e);
            }
            online
                .outbox
                .push((ron::to_string(&cmd).unwrap_or_default(), typed));
            self.typed_dice.clear();
            online.waiting = true;
            self.last_error = None;
            return Ok(Vec::new());
        }
        let r = game.play_with(seat, cmd, &typed);
        match &r {
            Ok(_) => {
                self.last_error = None;
                self.guide_hint = None;
                if !typed.is_empty() {
                    self.typed_dice.clear();
                }
                self.rev += 1;
            }
            Err(e) => self.last_error = Some(e.to_string()),
        }
        r
    }

    /// Asks for the table to be brought back to the game (after a drag the rules refused).
    pub fn remirror(&mut self) {
        self.mirrored = 0;
    }
}

/// What a setup panel shows instead of its buttons while the game waits only on seats played
/// at other machines (online): who it waits for.
pub fn elsewhere<R: RuleSet>(game: &Game<R>) -> Option<String> {
    if game.waits_on(Player::Human) || !game.waits_on(Player::Remote) {
        return None;
    }
    let seats: Vec<String> = game
        .waiting()
        .seats()
        .into_iter()
        .map(|s| format!("side {s}"))
        .collect();
    Some(format!(
        "Waiting for {}, who plays at another machine.",
        seats.join(" and ")
    ))
}

/// A rule set's game in play with its own panels' state.
pub trait PlaySession: Any + Send + Sync {
    fn game(&self) -> &dyn DynGame;
    fn game_mut(&mut self) -> &mut dyn DynGame;
    fn shell(&self) -> &Shell;
    fn shell_mut(&mut self) -> &mut Shell;
    /// The bar's title, e.g. "KOG light · Standard".
    fn title(&self) -> String {
        self.game().rules().label().to_string()
    }
    /// Where the game stands, for the bar.
    fn status(&self) -> String {
        self.game().phase_label()
    }
    /// The rule set's own buttons in the bar (e.g. "End turn").
    fn bar_ui(&mut self, _ui: &mut egui::Ui) {}
    /// After a step is taken back (to clear choices made for it).
    fn on_undo(&mut self) {}
    /// Whether the program may play its seats now (a rule set may hold it while a person at the
    /// screen answers).
    fn program_may_act(&self) -> bool {
        true
    }
    /// Hosting online: the interrupt window open on this screen's clock, for the seats (brought
    /// in step with the game first).
    fn net_window(&mut self) -> Option<crate::net::proto::WindowView> {
        None
    }
    /// Hosting online: a seat's player pressed their interrupt key or let their window go.
    fn net_ask(&mut self, _seat: Seat, _ask: crate::net::proto::TempoAsk) {}
    /// At a seat online: the interrupt window the host says is open.
    fn seat_window(&mut self, _w: Option<&crate::net::proto::WindowView>) {}
    /// Hosting a new game online: the interrupt countdown the host's clock runs (`None`: off).
    fn host_countdown(&mut self, _secs: Option<f32>) {}
    /// What the rule set adds to the F1 help: its own keys, gestures and marker legend.
    fn help(&self) -> crate::app::base::key_help::RulesHelp {
        crate::app::base::key_help::RulesHelp::default()
    }
    /// The rules reference: a window title and its Markdown text.
    fn rules_reference(&self) -> (&'static str, &'static str);
    fn as_any(&self) -> &dyn Any;
    fn as_any_mut(&mut self) -> &mut dyn Any;
}

/// Whether a game is in play.
pub fn in_play(mode: Res<State<Mode>>, active: Option<Res<ActiveGame>>) -> bool {
    *mode.get() == Mode::Game && active.is_some()
}

/// Starts playing `game`: the level's terrain on the table, the play screen on.
pub fn begin(
    commands: &mut Commands,
    state: &mut TableState,
    notices: &mut Notices,
    level: crate::data::LevelFile,
    game: ActiveGame,
) {
    state.level = level;
    state.path = None;
    state.table = game.0.game().table();
    state.terrain_changed();
    notices.status = format!(
        "{} on '{}', seed {}",
        game.0.title(),
        state.level.name,
        game.0.game().seed()
    );
    commands.set_state(Mode::Game);
    commands.insert_resource(game);
}

/// The parts of a [`PlaySession`] impl that every session with `game` and `shell` fields writes
/// the same way: the game, the shell, and the casts to `Any`.
macro_rules! session_parts {
    () => {
        fn game(&self) -> &dyn $crate::app::game::session::DynGame {
            &self.game
        }
        fn game_mut(&mut self) -> &mut dyn $crate::app::game::session::DynGame {
            &mut self.game
        }
        fn shell(&self) -> &$crate::app::game::session::Shell {
            &self.shell
        }
        fn shell_mut(&mut self) -> &mut $crate::app::game::session::Shell {
            &mut self.shell
        }
        fn as_any(&self) -> &dyn std::any::Any {
            self
        }
        fn as_any_mut(&mut self) -> &mut dyn std::any::Any {
            self
        }
    };
}
pub(crate) use session_parts;

/// Why undo took nothing back.
pub const NOTHING_TO_UNDO: &str = "Nothing to undo: your last step, or one after it, rolled dice";

/// The game in play, if any.
#[derive(Resource)]
pub struct ActiveGame(pub Box<dyn PlaySession>);

impl ActiveGame {
    pub fn new(s: impl PlaySession) -> Self {
        Self(Box::new(s))
    }

    /// The session, if it is of type `T`.
    pub fn get<T: PlaySession>(&self) -> Option<&T> {
        self.0.as_any().downcast_ref()
    }

    pub fn get_mut<T: PlaySession>(&mut self) -> Option<&mut T> {
        self.0.as_any_mut().downcast_mut()
    }

    pub fn is<T: PlaySession>(&self) -> bool {
        self.get::<T>().is_some()
    }

    pub fn shell(&self) -> &Shell {
        self.0.shell()
    }

    pub fn shell_mut(&mut self) -> &mut Shell {
        self.0.shell_mut()
    }

    /// Takes back the last step if it rolled no dice; the command, in words. Refused (why, in
    /// words) when there is nothing to take back, or when it would reach back past the start of
    /// a guided game's step.
    pub fn undo(&mut self) -> Result<String, String> {
        let Some(leaves) = self.0.game().undo_leaves() else {
            return Err(NOTHING_TO_UNDO.into());
        };
        if let Some(floor) = self.shell().guide_undo_floor
            && leaves < floor
        {
            let hint = "undo goes back only within this step: the steps before it are done \
                        (Restart plays the guided game again from its first step)."
                .to_string();
            let shell = self.0.shell_mut();
            shell.guide_hint = Some(hint.clone());
            shell.last_error = Some(format!("Not in this step: {hint}"));
            return Err(format!("Not in this step: {hint}"));
        }
        let c = self.0.game_mut().undo().ok_or(NOTHING_TO_UNDO)?;
        self.0.on_undo();
        let shell = self.0.shell_mut();
        shell.rev += 1;
        shell.last_error = None;
        shell.guide_hint = None;
        Ok(c)
    }

    /// Whether a seat the game waits on is played by a person at this screen.
    pub fn human_to_act(&self) -> bool {
        self.0.game().waits_on(Player::Human)
    }

    /// Whether a seat the game waits on is played by the program.
    pub fn program_to_act(&self) -> bool {
        self.0.game().waits_on(Player::Program)
    }
}
