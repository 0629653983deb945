//! The Kry-Gothic program opponent, in five styles: the program itself ([`Style::Program`]),
//! the program at Easy, making a player's mistakes on purpose ([`Style::Easy`]),
//! and three yardsticks it is measured against: the program as it played before it gave order
//! combos, small steps and face-offs ([`Style::Legacy`]), a naive player that always shoots the
//! nearest enemy and walks at it ([`Style::Naive`]), and a random legal player
//! ([`Style::Random`]).
//! Every style plays by the same rules with the same information as a player: it judges
//! distances by eye and never measures before calling a shot.

pub mod blind;
pub mod closing;
pub mod faceoffs;
pub mod judge;
pub mod legacy;
pub mod naive;
pub mod press;
pub mod program;
pub mod random;
pub mod ranked;
pub mod sortie;
pub mod weigh;

use super::close::Defence;
use super::command::Command;
use super::marker::{Kry, KryGame};
use super::state::{KryState, Pending, Phase, Side};
use crate::rules::core::{RuleSet, Seat};

/// How the program plays a seat.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Style {
    Program,
    Easy,
    Legacy,
    Naive,
    Random,
}

impl Style {
    pub const ALL: [Style; 5] = [
        Style::Program,
        Style::Easy,
        Style::Legacy,
        Style::Naive,
        Style::Random,
    ];

    pub fn name(self) -> &'static str {
        match self {
            Style::Program => "program",
            Style::Easy => "easy",
            Style::Legacy => "legacy",
            Style::Naive => "naive",
            Style::Random => "random",
        }
    }

    pub fn from_name(s: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|x| x.name() == s.trim())
    }
}

/// Plays `seat`'s next command as the program, if the game waits on it.
pub fn play(g: &mut KryGame, seat: Seat) -> Option<Command> {
    play_as(g, seat, Style::Program)
}

/// Plays `seat`'s next command as the program at `skill` (Hard plays here as Normal).
pub fn play_at(g: &mut KryGame, seat: Seat, skill: crate::rules::core::Skill) -> Option<Command> {
    let style = match skill {
        crate::rules::core::Skill::Easy => Style::Easy,
        _ => Style::Program,
    };
    play_as(g, seat, style)
}

/// Plays `seat`'s next command in `style`: the first of its wishes, in order, that the rules
/// accept (a refused wish changes nothing), else the fallback (done, pass, the plain answer).
pub fn play_as(g: &mut KryGame, seat: Seat, style: Style) -> Option<Command> {
    if !Kry::waiting(&g.state).allows(seat) {
        return None;
    }
    // In a combo's window the side that gave the combo waits (it could only cancel).
    if matches!(g.state.pending, Some(Pending::Window { owner, .. }) if owner == seat) {
        return None;
    }
    let seed = g.dice.seed();
    // The program's orders are weighed a stage at a time: a later stage only when none of the
    // earlier ones was taken (the same order as trying all of its wishes, for less work).
    if matches!(style, Style::Program | Style::Legacy | Style::Easy)
        && g.state.phase == Phase::Play
        && g.state.pending.is_none()
    {
        let mut program = program::Orders::at(style == Style::Easy);
        let mut legacy = legacy::Orders::default();
        let mut ways = program::Ways::default();
        loop {
            let stage = match style {
                Style::Legacy => legacy.next(&g.state, seat, seed).map(ranked::Wishes::of),
                _ => program.next_wishes(&g.state, seat, seed),
            };
            let Some(mut wishes) = stage else {
                break;
            };
            // The state stays as the stage was weighed on while its orders are refused.
            while let Some(c) = wishes.next(&g.state) {
                if ways.maybe(&g.state, &c) && g.play(seat, c.clone()).is_ok() {
                    return Some(c);
                }
            }
        }
        let done = Command::Done { side: seat };
        return g.play(seat, done.clone()).is_ok().then_some(done);
    }
    // Having won a face-off: the orders that carry the named action through, weighed a stage at
    // a time as above (the program's wishes here are all of its stages' orders, filtered).
    if matches!(style, Style::Program | Style::Easy)
        && g.state.phase == Phase::Play
        && let Some(Pending::FaceOffWon { choice, .. }) = g.state.pending.clone()
    {
        let free = faceoffs::free(&g.state);
        let mut orders = program::Orders::at(false);
        let mut ways = program::Ways::default();
        while let Some(mut stage) = orders.next_wishes(&free, seat, seed) {
            while let Some(c) = stage.next(&free) {
                if faceoffs::carries(&c, &choice)
                    && ways.maybe(&g.state, &c)
                    && g.play(seat, c.clone()).is_ok()
                {
                    return Some(c);
                }
            }
        }
        let fallback = answer_fallback(&g.state)?;
        return g.play(seat, fallback.clone()).is_ok().then_some(fallback);
    }
    let mut wishes = match &g.state.phase {
        Phase::Deploy { .. } => vec![deploy(&g.state, seat)],
        Phase::Over(_) => Vec::new(),
        Phase::Play => match style {
            Style::Program => program::wishes(&g.state, seat, seed),
            Style::Easy => program::wishes_at(&g.state, seat, seed, true),
            Style::Legacy => legacy::wishes(&g.state, seat, seed),
            Style::Naive => naive::wishes(&g.state, seat),
            Style::Random => random::wishes(&g.state, seat, seed, g.log.len()),
        },
    };
    wishes.push(match g.state.phase {
        Phase::Deploy { .. } => Command::FinishDeployment,
        _ if g.state.pending.is_some() => answer_fallback(&g.state)?,
        _ => Command::Done { side: seat },
    });
    wishes.into_iter().find(|c| g.play(seat, c.clone()).is_ok())
}

/// The plainest answer to what the game waits on.
pub fn answer_fallback(s: &KryState) -> Option<Command> {
    match s.pending.as_ref()? {
        Pending::DefenceClass(_) => Some(Command::DefenceClass { active: false }),
        Pending::DefenceType(_) => Some(Command::DefenceType {
            defence: Defence::Dodge,
            weapon: None,
        }),
        Pending::BreakOffAsked(_) => Some(Command::LetBreakOff { agree: false }),
        Pending::BuyWounds { .. } => Some(Command::BuyWounds { extra: 0 }),
        Pending::Window { .. } => Some(Command::Pass),
        Pending::FaceOff(_) => Some(Command::FaceOffChoose { choice: None }),
        Pending::FaceOffWon { side, .. } => Some(Command::Done { side: *side }),
    }
}

/// The program's next deployment for `side`, if a model is left to place and there is room.
pub fn deploy_command(s: &KryState, side: Side) -> Option<Command> {
    match deploy(s, side) {
        Command::FinishDeployment => None,
        c => Some(c),
    }
}

/// Places the next model that has room across the side's zone, row by row, facing the far
/// side; when none has room, finishes (the rest take no part).
fn deploy(s: &KryState, side: Side) -> Command {
    let facing = if side == 1 { 0.0 } else { 180.0 };
    let scene = super::scene::of(&s.table);
    s.alive(side)
        .filter(|m| s.arrived(m) && s.table.model(m.id).is_err())
        .find_map(|m| {
            super::play::room_for(s, &scene, m).map(|at| Command::Deploy {
                model: m.id,
                at,
                facing,
            })
        })
        .unwrap_or(Command::FinishDeployment)
}

/// Plays `g` to its end (or `max_commands`) with each side in its style, the seats waited on
/// taking turns (the seat that gave the last command goes last): the commands played.
pub fn duel(g: &mut KryGame, styles: [Style; 2], max_commands: usize) -> usize {
    let mut n = 0;
    while n < max_commands {
        let mut seats = Kry::waiting(&g.state).seats();
        if let Some(last) = g.log.last().map(|l| l.seat) {
            seats.sort_by_key(|s| *s == last);
        }
        let played = seats.into_iter().any(|seat| {
            let style = styles[super::state::ix(seat)];
            play_as(g, seat, style).is_some()
        });
        if !played {
            break;
        }
        n += 1;
    }
    n
}

/// The tally of a matchup between two styles.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Matchup {
    pub games: u32,
    /// Wins of the first style, of the second, and draws (unfinished games count as draws).
    pub wins: [u32; 2],
    pub draws: u32,
    pub commands: usize,
}

/// Plays `games` games between styles `a` and `b` on the setup `setup_for(seed)` gives, seeds
/// `first_seed..`, `a` taking side 1 in even games and side 2 in odd ones.
pub fn matchup(
    a: Style,
    b: Style,
    games: u32,
    first_seed: u64,
    setup_for: impl Fn(u64) -> Result<super::setup::KrySetup, Vec<String>>,
) -> Result<Matchup, Vec<String>> {
    let mut m = Matchup::default();
    for i in 0..games {
        let seed = first_seed + i as u64;
        let mut g = KryGame::new(setup_for(seed)?)?;
        let a_side: Side = if i % 2 == 0 { 1 } else { 2 };
        let styles = if a_side == 1 { [a, b] } else { [b, a] };
        m.commands += duel(&mut g, styles, 20_000);
        m.games += 1;
        match &g.state.phase {
            Phase::Over(super::state::Outcome::Victory { side, .. }) => {
                m.wins[usize::from(*side != a_side)] += 1;
            }
            _ => m.draws += 1,
        }
    }
    Ok(m)
}
