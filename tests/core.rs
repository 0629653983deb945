//! The shared game core, tested on a tiny rule set of its own ("high roll", for any number of
//! seats): who may act ([`Waiting`]), refusals that change nothing, undo of steps without dice,
//! the whole-state hash, hidden information kept per seat, the program opponent and replays.

use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use wartable::dice::Dice;
use wartable::rules::core::testing::{exec, exec_and_check, refuse};
use wartable::rules::core::{
    Game, GameEnd, QuickSetup, RuleError, RuleSet, RulesId, Seat, Waiting, illegal,
};
use wartable::table::Table;

/// High roll: each seat must roll a d6 once (in any order); the highest wins, ties share the
/// win. Before rolling a seat may write a boast, which only it can see.
struct HighRoll;

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
struct Setup {
    seats: u8,
    seed: u64,
    /// A planted bug for the stream checks: `check` refuses every roll that play accepts.
    #[serde(default)]
    wrong_check: bool,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
struct State {
    seats: u8,
    wrong_check: bool,
    rolled: BTreeMap<Seat, u32>,
    boasts: BTreeMap<Seat, String>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
enum Cmd {
    Roll,
    Boast(String),
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
enum Ev {
    Rolled(Seat, u32),
    Boasted(Seat, String),
    /// Another seat's boast, as a seat that may not read it learns of it.
    BoastedUnseen(Seat),
}

impl RuleSet for HighRoll {
    // Not saved in these tests: any id will do.
    const ID: RulesId = RulesId::KogLight;
    const SAVE_VERSION: u32 = 1;
    type Setup = Setup;
    type State = State;
    type Command = Cmd;
    type Event = Ev;

    fn init(setup: &Setup) -> Result<State, Vec<String>> {
        if setup.seats < 2 {
            return Err(vec!["high roll needs 2 or more seats".into()]);
        }
        Ok(State {
            seats: setup.seats,
            wrong_check: setup.wrong_check,
            rolled: BTreeMap::new(),
            boasts: BTreeMap::new(),
        })
    }
    fn seed(setup: &Setup) -> u64 {
        setup.seed
    }
    fn set_seed(setup: &mut Setup, seed: u64) {
        setup.seed = seed;
    }
    fn seats(setup: &Setup) -> Vec<Seat> {
        (1..=setup.seats).collect()
    }
    fn waiting(s: &State) -> Waiting {
        let left: Vec<Seat> = (1..=s.seats)
            .filter(|x| !s.rolled.contains_key(x))
            .collect();
        if !left.is_empty() {
            return Waiting::Each(left);
        }
        let best = s.rolled.values().copied().max().unwrap_or(0);
        Waiting::Over(GameEnd {
            winners: s
                .rolled
                .iter()
                .filter(|(_, r)| **r == best)
                .map(|(x, _)| *x)
                .collect(),
            text: format!("the highest roll was {best}"),
        })
    }
    fn check(s: &State, by: Seat, c: &Cmd) -> Result<(), RuleError> {
        if s.wrong_check && *c == Cmd::Roll {
            return illegal("the planted bug");
        }
        rules_check(s, by, c)
    }
    fn resolve(s: &State, by: Seat, c: &Cmd, dice: &mut Dice) -> Result<Vec<Ev>, RuleError> {
        rules_check(s, by, c)?;
        Ok(match c {
            Cmd::Roll => {
                let r = dice.roll("1d6", &format!("side {by}'s high roll"))?;
                vec![Ev::Rolled(by, r.total as u32)]
            }
            Cmd::Boast(b) => vec![Ev::Boasted(by, b.clone())],
        })
    }
    fn apply(s: &mut State, e: &Ev) {
        match e {
            Ev::Rolled(x, r) => {
                s.rolled.insert(*x, *r);
            }
            Ev::Boasted(x, b) => {
                s.boasts.insert(*x, b.clone());
            }
            Ev::BoastedUnseen(_) => {}
        }
    }
    fn describe(_: &State, e: &Ev) -> Option<String> {
        match e {
            Ev::Rolled(x, r) => Some(format!("side {x} rolls {r}")),
            Ev::Boasted(..) | Ev::BoastedUnseen(_) => None,
        }
    }
    fn heading(_: &State, e: &Ev) -> (u32, Seat) {
        match e {
            Ev::Rolled(x, _) | Ev::Boasted(x, _) | Ev::BoastedUnseen(x) => (1, *x),
        }
    }
    fn phase_label(s: &State) -> String {
        format!("{} of {} rolled", s.rolled.len(), s.seats)
    }
    fn round(_: &State) -> u32 {
        1
    }
    fn table(_: &State) -> Table {
        Table::new(24.0, 24.0, 1.0)
    }
    fn redact(s: &State, seat: Seat) -> State {
        let mut s = s.clone();
        s.boasts.retain(|x, _| *x == seat);
        s
    }
    fn redact_event(_: &State, seat: Seat, e: &Ev) -> Ev {
        match e {
            Ev::Boasted(x, _) if *x != seat => Ev::BoastedUnseen(*x),
            e => e.clone(),
        }
    }
    fn natural_seat(s: &State, _: &Cmd) -> Seat {
        Self::waiting(s).seats().first().copied().unwrap_or(1)
    }
    fn program_play(
        g: &mut Game<Self>,
        seat: Seat,
        _skill: wartable::rules::core::Skill,
    ) -> Option<Cmd> {
        g.play(seat, Cmd::Roll).ok().map(|_| Cmd::Roll)
    }
    fn quick_setup(q: &QuickSetup) -> Result<Setup, Vec<String>> {
        Ok(Setup {
            seats: 3,
            seed: q.seed,
            wrong_check: false,
        })
    }
}

/// High roll's own rules: the game waits on the seat, and a boast says something.
fn rules_check(s: &State, by: Seat, c: &Cmd) -> Result<(), RuleError> {
    let w = HighRoll::waiting(s);
    if w.is_over() {
        return Err(RuleError::GameOver);
    }
    if !w.allows(by) {
        return Err(RuleError::NotYourTurn(
            by,
            w.describe(|x| format!("side {x}")),
        ));
    }
    match c {
        Cmd::Boast(b) if b.is_empty() => illegal("an empty boast"),
        _ => Ok(()),
    }
}

fn game(seats: u8) -> Game<HighRoll> {
    Game::new(Setup {
        seats,
        seed: 9,
        wrong_check: false,
    })
    .expect("a valid setup")
}

/// "Each of these seats must answer": any seat still to roll may, in any order; one that has
/// rolled waits for the others; seats outside the game never act.
#[test]
fn each_seat_answers_once_in_any_order() {
    let mut g = game(4);
    assert_eq!(g.players.len(), 4, "one player slot per seat");
    assert_eq!(g.waiting(), Waiting::Each(vec![1, 2, 3, 4]));
    exec_and_check(&mut g, 3, Cmd::Roll, &[5], &[Ev::Rolled(3, 5)]);
    assert_eq!(g.waiting(), Waiting::Each(vec![1, 2, 4]));
    let e = refuse(&mut g, 3, Cmd::Roll);
    assert!(matches!(e, RuleError::NotYourTurn(3, _)), "{e}");
    assert!(
        e.to_string().contains("each of side 1, side 2, side 4"),
        "{e}"
    );
    assert!(matches!(
        refuse(&mut g, 5, Cmd::Roll),
        RuleError::NotYourTurn(5, _)
    ));
    exec(&mut g, 1, Cmd::Roll, &[2]);
    exec(&mut g, 4, Cmd::Roll, &[5]);
    exec(&mut g, 2, Cmd::Roll, &[1]);
    match g.waiting() {
        Waiting::Over(end) => assert_eq!(end.winners, vec![3, 4], "a tie shares the win"),
        w => panic!("not over: {w:?}"),
    }
    assert_eq!(refuse(&mut g, 1, Cmd::Roll), RuleError::GameOver);
    // The journal files each line under the seat that wrote it, with the command's index.
    let lines: Vec<(Seat, usize, &str)> = g
        .journal
        .iter()
        .map(|l| (l.seat, l.command, l.text.as_str()))
        .collect();
    assert_eq!(
        lines,
        [
            (3, 0, "side 3 rolls 5"),
            (1, 1, "side 1 rolls 2"),
            (4, 2, "side 4 rolls 5"),
            (2, 3, "side 2 rolls 1")
        ]
    );
    let seats: Vec<Seat> = g.log.iter().map(|l| l.seat).collect();
    assert_eq!(seats, [3, 1, 4, 2], "every logged command carries its seat");
}

/// The scenario helper refuses a command that rolls a die beyond the forced ones (taken from the
/// seed): a scenario with too few dice fails, so a test can show that no die was rolled.
#[test]
#[should_panic(expected = "rolled dice beyond the forced")]
fn exec_fails_on_a_die_rolled_from_the_seed() {
    let mut g = game(2);
    exec(&mut g, 1, Cmd::Roll, &[]);
}

/// A step that rolled no dice can be undone; one that rolled cannot, nor can any before it.
#[test]
fn undo_takes_back_only_steps_without_dice() {
    let mut g = game(2);
    let start = g.hash();
    exec(&mut g, 2, Cmd::Boast("sixes".into()), &[]);
    assert_ne!(g.hash(), start, "a boast changes the state and its hash");
    assert!(g.can_undo());
    assert_eq!(g.undo(), Some(Cmd::Boast("sixes".into())));
    assert_eq!(g.hash(), start);
    assert!(g.log.is_empty());
    exec(&mut g, 2, Cmd::Boast("sixes".into()), &[]);
    exec(&mut g, 2, Cmd::Roll, &[6]);
    assert!(!g.can_undo(), "a roll cannot be taken back");
    assert_eq!(g.undo(), None);
    exec(&mut g, 1, Cmd::Boast("fives".into()), &[]);
    assert_eq!(g.undo(), Some(Cmd::Boast("fives".into())));
    assert_eq!(g.undo(), None, "the boast before the roll stays");
}

/// The hash covers the whole state: any field, also one added later, changes it.
#[test]
fn the_hash_covers_every_field_of_the_state() {
    let mut g = game(3);
    let h = g.hash();
    g.state.seats = 4;
    assert_ne!(g.hash(), h);
    g.state.seats = 3;
    assert_eq!(g.hash(), h);
    g.state.boasts.insert(1, "x".into());
    assert_ne!(g.hash(), h);
}

/// Hidden information stays per seat: a seat sees its own boast, not the others'.
#[test]
fn redact_keeps_each_seats_secret_to_itself() {
    let mut g = game(3);
    exec(&mut g, 1, Cmd::Boast("one".into()), &[]);
    exec(&mut g, 2, Cmd::Boast("two".into()), &[]);
    let seen = HighRoll::redact(&g.state, 2);
    assert_eq!(seen.boasts.len(), 1);
    assert_eq!(seen.boasts.get(&2).map(String::as_str), Some("two"));
}

/// The program plays every seat to the end; replaying its log reaches the same hash, and typed-in
/// dice are replayed as typed.
#[test]
fn self_play_and_replay_reach_the_same_state() {
    let mut g = game(3);
    g.play_with(2, Cmd::Roll, &[4, 6]).expect("accepted");
    assert_eq!(
        g.log[0].entered,
        vec![4],
        "the unused typed-in die is dropped"
    );
    assert_eq!(g.self_play(100), 2);
    assert!(g.is_over());
    let r = Game::<HighRoll>::replay(g.setup.clone(), &g.log).expect("replays");
    assert_eq!(r.hash(), g.hash());
    assert_eq!(r.state.rolled.get(&2), Some(&4));
    // A log whose seats are changed does not replay.
    let mut log = g.log.clone();
    log[1].seat = 2;
    let e = Game::<HighRoll>::replay(g.setup.clone(), &log)
        .err()
        .expect("refused");
    assert!(e.contains("command 2"), "{e}");
    assert!(
        Game::<HighRoll>::new(Setup {
            seats: 1,
            seed: 1,
            wrong_check: false,
        })
        .is_err()
    );
}

/// The stream checks hold for a sound rule set, and catch a `check` that refuses what play
/// accepts (a planted bug).
#[test]
fn stream_checks_hold_and_catch_a_wrong_check() {
    use wartable::rules::core::chaos::{ListChoices, check_stream};
    let setup = |wrong_check| Setup {
        seats: 3,
        seed: 5,
        wrong_check,
    };
    // Every step a chaos command: 0 picks the program's own (a roll for a waiting seat).
    let r = check_stream::<HighRoll>(setup(false), &mut ListChoices::new(vec![]), 50, 100)
        .expect("a sound rule set passes");
    assert_eq!((r.commands, r.over), (3, true));
    assert_eq!(r.chaos, 3);
    let e = check_stream::<HighRoll>(setup(true), &mut ListChoices::new(vec![]), 50, 100)
        .expect_err("the planted bug is caught");
    assert!(e.contains("refused by check") && e.contains("Roll"), "{e}");
}
