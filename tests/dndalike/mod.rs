//! The DnDalike rules (`shared/rules/dndalike.txt`), rule by rule with forced dice, the text's
//! two examples, the odds against the rules' own dice, random command streams, and the roster
//! files.

mod answers;
mod app;
mod bonuses;
mod camp;
mod delve;
mod dungeon;
mod edges;
mod powers;
mod rules;
mod saves;
mod sheets;
mod sorcery;
mod streams;
mod tips;

use wartable::rules::core::testing::exec;
use wartable::rules::dndalike::member::Member;
use wartable::rules::dndalike::{
    Ability, Armour, Command, DndGame, DndSetup, Pack, Party, Power, Sheet, Stats,
};
use wartable::table::geom::Pt;

/// Plain stats: every modifier 0 (fatigue maximum 6, armour class from the armour alone).
pub fn stats() -> Stats {
    Stats {
        str: 10,
        dex: 10,
        con: 10,
        int: 10,
        wis: 10,
        cha: 10,
    }
}

pub fn sheet(name: &str, powers: &[Power], armour: Armour, pack: Pack) -> Sheet {
    Sheet {
        name: name.into(),
        stats: stats(),
        powers: powers.iter().copied().collect(),
        armour,
        pack,
        lesser: false,
        health: None,
        speed: 6.0,
        spells: Vec::new(),
        stones: Vec::new(),
        skills: Vec::new(),
    }
}

pub fn member(sheet: Sheet, seat: u8, x: f32, y: f32) -> Member {
    Member {
        sheet,
        seat,
        at: Some(Pt::new(x, y)),
    }
}

/// A character without powers at (`x`, `y`) on `seat`.
pub fn plain(name: &str, armour: Armour, pack: Pack, seat: u8, x: f32, y: f32) -> Member {
    member(sheet(name, &[], armour, pack), seat, x, y)
}

/// A fight on a bare table: `heroes` on seat 2, `monsters` on seat 1, `first` acting first.
pub fn fight(heroes: Vec<Member>, monsters: Vec<Member>, first: Party) -> DndGame {
    fight_in(heroes, monsters, first, Default::default())
}

/// [`fight`] with the schools and spells of `grimoire`.
pub fn fight_in(
    heroes: Vec<Member>,
    monsters: Vec<Member>,
    first: Party,
    grimoire: wartable::rules::dndalike::Grimoire,
) -> DndGame {
    DndGame::new(DndSetup {
        seed: 1,
        level: None,
        heroes,
        monsters,
        first,
        grimoire,
        delve: None,
    })
    .unwrap()
}

/// Every seat asked to respond passes once (the last pass with `dice` forced); nothing when
/// nobody is asked.
pub fn pass_all(g: &mut DndGame, dice: &[u32]) {
    if !matches!(
        g.state.phase,
        wartable::rules::dndalike::Phase::Respond { .. }
    ) {
        assert!(
            dice.is_empty(),
            "nobody is asked: the dice {dice:?} are not used"
        );
        return;
    }
    let seats = g.waiting().seats();
    let n = seats.len();
    for (k, s) in seats.into_iter().enumerate() {
        let forced: &[u32] = if k + 1 == n { dice } else { &[] };
        exec(g, s, Command::Pass, forced);
    }
}

pub fn act(who: usize, ability: Ability) -> Command {
    Command::Act { who, ability }
}

/// Plays `cmd` and lets everyone pass until the stack is empty, with `dice` forced throughout;
/// every forced die must be used, and no die may come from the seed. Returns the events.
pub fn settle(
    g: &mut DndGame,
    seat: u8,
    cmd: Command,
    dice: &[u32],
) -> Vec<wartable::rules::dndalike::Event> {
    g.dice.force(dice);
    let rolls_before = g.dice.log().len();
    let mut events = g
        .play(seat, cmd.clone())
        .unwrap_or_else(|e| panic!("{cmd:?}: {e}"));
    while matches!(
        g.state.phase,
        wartable::rules::dndalike::Phase::Respond { .. }
    ) {
        let s = g.waiting().seats()[0];
        events.extend(g.play(s, Command::Pass).unwrap());
    }
    assert_eq!(
        g.dice.clear_queued(),
        0,
        "{cmd:?} left forced dice of {dice:?} unused"
    );
    // As `exec`: every die rolled must be a forced one (a die from the seed means the scenario
    // rolled more than it says).
    let seeded: Vec<String> = g.dice.log()[rolls_before.min(g.dice.log().len())..]
        .iter()
        .filter(|r| {
            r.dice
                .iter()
                .any(|d| d.source == wartable::dice::DieSource::Seeded)
        })
        .map(|r| r.describe())
        .collect();
    assert!(
        seeded.is_empty(),
        "{cmd:?} rolled dice beyond the forced {dice:?}: {}",
        seeded.join("; ")
    );
    events
}
