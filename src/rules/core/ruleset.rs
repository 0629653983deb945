//! The interface every rule set implements: its setup, state, commands and events; `check`
//! (is this legal?), `resolve` (roll the dice, yield events), `apply` (the only change),
//! `describe` (the combat log), `waiting` (who may act), and the program opponent.
//! [`super::Game`] builds the log, journal, undo, saves and replays on it once for all.

use super::chaos::Choices;
use super::error::RuleError;
use super::game::Game;
use super::rules_id::RulesId;
use super::seat::{Seat, Waiting};
use crate::data::error::{Issue, LocatedError};
use crate::dice::Dice;
use crate::table::Table;
use serde::Serialize;
use serde::de::DeserializeOwned;
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
    fn cues(_s: &Self::State, _e: &Self::Event, _out: &mut Vec<super::Cue>) {}
    /// What each model on the table looks like (models left out stand as a figure for their
    /// size).
    fn looks(_s: &Self::State) -> crate::table::look::Looks {
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

    /// The program opponent plays `seat`'s next command, if the game waits on `seat`: the
    /// command played.
    fn program_play(g: &mut Game<Self>, seat: Seat) -> Option<Self::Command>;
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
