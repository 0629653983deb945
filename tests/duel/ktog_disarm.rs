//! KtOG's disarmed player and the turn's edges, with forced dice: when the two rounds of a late
//! attempt start, Haste taken bare-handed, the lost-weapon variant to the end, and the checks on
//! spells, Scramble and initiative that the plain cases never reach.

use wartable::rules::core::Waiting;
use wartable::rules::core::testing::{exec, refuse};
use wartable::rules::ktog::state::{Phase, Spells};
use wartable::rules::ktog::{Command, Event, InitiativeRule, KtogGame, KtogSetup, Persona, Spell};

/// `n` players of 20 hit points, initiative `rule`, seat 1 first (a 6 against 1s).
fn started_with(n: usize, rule: InitiativeRule, edit: impl FnOnce(&mut KtogSetup)) -> KtogGame {
    let mut s = KtogSetup::plain(1, n, 20);
    s.level = None;
    s.options.initiative = rule;
    edit(&mut s);
    let mut g = KtogGame::new(s).unwrap();
    let mut dice = vec![6];
    dice.extend(std::iter::repeat_n(1, n - 1));
    exec(&mut g, 1, Command::RollInitiative, &dice);
    g
}

fn set_order(n: usize) -> KtogGame {
    started_with(n, InitiativeRule::SetOrder, |_| {})
}

fn turn_of(g: &KtogGame) -> u8 {
    match g.state.phase {
        Phase::Turn { seat, .. } => seat,
        ref p => panic!("not a turn: {p:?}"),
    }
}

fn need_of(ev: &[Event]) -> i32 {
    ev.iter()
        .rev()
        .find_map(|e| match e {
            Event::ToHit { need, .. } => Some(*need),
            _ => None,
        })
        .expect("a roll to hit")
}

/// The reason `seat` may not give `cmd`, which must contain `why`.
fn refused(g: &mut KtogGame, seat: u8, cmd: Command, why: &str) {
    let e = refuse(g, seat, cmd).to_string();
    assert!(e.contains(why), "refused for '{e}', not '{why}'");
}

/// "It will still take 2 full rounds to regain the weapon once the attempt begins, and other
/// players still reap the benefit of the +2": Rob (seat 2) is disarmed by Nate (seat 1) in round
/// 1, fights bare-handed in rounds 1 and 2 and scrambles in rounds 3 and 4. Counted from the
/// first Scramble, Nate goes twice (rounds 4 and 5) at +2 before the weapon is back.
#[test]
fn a_late_attempt_counts_everyones_two_turns_from_the_first_scramble() {
    let mut g = set_order(2);
    exec(&mut g, 1, Command::Disarm { target: 2 }, &[18]);
    for _ in 0..2 {
        exec(&mut g, 2, Command::Attack { target: 1 }, &[2]);
        exec(&mut g, 1, Command::Attack { target: 2 }, &[2]);
    }
    assert_eq!((g.state.round, turn_of(&g)), (3, 2));
    exec(&mut g, 2, Command::Scramble, &[]);
    let ev = exec(&mut g, 1, Command::Attack { target: 2 }, &[2]);
    assert_eq!(need_of(&ev), 12);
    exec(&mut g, 2, Command::Scramble, &[]);
    assert!(
        g.state.player(2).disarmed.is_some(),
        "Nate has gone once since the attempt began"
    );
    let ev = exec(&mut g, 1, Command::Attack { target: 2 }, &[2]);
    assert_eq!(need_of(&ev), 12, "Nate's round-5 strike is still at +2");
    assert_eq!((g.state.round, turn_of(&g)), (5, 2));
    assert!(ev.contains(&Event::Regained { seat: 2 }));
    assert!(g.state.player(2).disarmed.is_none());
}

/// "he may opt to use a Cure spell in his next turn, and not immediately try to regain his
/// weapon ... will still be considered disarmed for the 2 rounds following": the attempt begins
/// with the first Scramble after the Cure.
#[test]
fn a_cure_before_scrambling_puts_the_attempt_back() {
    let mut g = set_order(2);
    exec(&mut g, 1, Command::Attack { target: 2 }, &[14]);
    exec(&mut g, 2, Command::Dodge { dodge: false }, &[]);
    exec(&mut g, 1, Command::Mighty { mighty: false }, &[4]);
    // Seat 2 is down to 16, so a Cure has something to heal. Round 2: seat 1 disarms it, and
    // seat 2 cures itself instead of scrambling.
    exec(&mut g, 2, Command::Attack { target: 1 }, &[2]);
    exec(&mut g, 1, Command::Disarm { target: 2 }, &[18]);
    exec(&mut g, 2, Command::Cure { target: 2 }, &[5]);
    exec(&mut g, 1, Command::Attack { target: 2 }, &[2]);
    exec(&mut g, 2, Command::Scramble, &[]);
    exec(&mut g, 1, Command::Attack { target: 2 }, &[2]);
    exec(&mut g, 2, Command::Scramble, &[]);
    assert!(
        g.state.player(2).disarmed.is_some(),
        "one turn of seat 1 since the attempt began"
    );
    let ev = exec(&mut g, 1, Command::Attack { target: 2 }, &[2]);
    assert_eq!(need_of(&ev), 12);
    assert!(ev.contains(&Event::Regained { seat: 2 }));
}

/// "A player may opt to use a 'Haste' spell (if available) in his turn to pick up his weapon":
/// may, so the disarmed player may instead take Haste's two rolls to hit bare-handed (15 to hit,
/// d6 - 2), the weapon left lying.
#[test]
fn haste_while_disarmed_may_give_two_bare_handed_rolls() {
    let mut g = set_order(2);
    refused(&mut g, 1, Command::HasteBareHanded, "weapon is in hand");
    exec(&mut g, 1, Command::Disarm { target: 2 }, &[18]);
    exec(&mut g, 2, Command::HasteBareHanded, &[]);
    assert!(
        g.state.player(2).disarmed.is_some(),
        "the weapon stays down"
    );
    assert_eq!(g.state.player(2).spells.haste, 1);
    let ev = exec(&mut g, 2, Command::Attack { target: 1 }, &[15]);
    assert_eq!(need_of(&ev), 15, "bare-handed: 14 + 1");
    // Seat 2 cast this round: no Mighty Blow window; the d6 is rolled on seat 1's answer.
    exec(&mut g, 1, Command::Dodge { dodge: false }, &[5]);
    assert_eq!(g.state.player(1).hp, 17, "5 - 2 bare-handed");
    assert_eq!(turn_of(&g), 2, "the second roll to hit");
    exec(&mut g, 2, Command::Attack { target: 1 }, &[2]);
    assert_eq!(turn_of(&g), 1);
    // The pick-up is still there: Cast(Haste) while disarmed.
    let mut g = set_order(2);
    exec(&mut g, 1, Command::Disarm { target: 2 }, &[18]);
    exec(&mut g, 2, Command::Cast(Spell::Haste), &[]);
    assert!(g.state.player(2).disarmed.is_none());
}

/// Bless "is announced at the beginning of the turn": it lasts that turn only; the next
/// round's strike needs 14 again.
#[test]
fn bless_lasts_only_its_turn() {
    let mut g = set_order(2);
    exec(&mut g, 1, Command::Cast(Spell::Bless), &[]);
    let ev = exec(&mut g, 1, Command::Attack { target: 2 }, &[2]);
    assert_eq!(need_of(&ev), 12);
    exec(&mut g, 2, Command::Attack { target: 1 }, &[2]);
    let ev = exec(&mut g, 1, Command::Attack { target: 2 }, &[12]);
    assert_eq!(need_of(&ev), 14);
    assert_eq!(turn_of(&g), 2, "12 misses without the Bless");
}

/// A Fighter's "better 'to hit' roll" is for strikes: an attempt to disarm still needs 17.
#[test]
fn a_fighters_attempt_to_disarm_still_needs_17() {
    let mut g = started_with(2, InitiativeRule::SetOrder, |s| {
        s.players[0].persona = Persona::Fighter
    });
    let ev = exec(&mut g, 1, Command::Disarm { target: 2 }, &[16]);
    assert_eq!(need_of(&ev), 17);
    assert!(g.state.player(2).disarmed.is_none());
}

/// The Q&A's lost weapon ("three full turns"): three Scrambles, and everyone goes three times
/// before the weapon is back.
#[test]
fn a_weapon_lost_across_the_room_comes_back_after_three_scrambles() {
    let mut g = started_with(2, InitiativeRule::SetOrder, |s| {
        s.options.lost_weapon = true
    });
    // Seat 1's critical miss: not hit (1), weapon flies (1).
    exec(&mut g, 1, Command::Attack { target: 2 }, &[1, 1, 1]);
    assert_eq!(g.state.player(1).disarmed.map(|d| d.turns), Some(3));
    for round in 1..=3 {
        let ev = exec(&mut g, 2, Command::Attack { target: 1 }, &[2]);
        assert_eq!(need_of(&ev), 12, "round {round}: seat 1 is disarmed");
        exec(&mut g, 1, Command::Scramble, &[]);
        assert_eq!(
            g.state.player(1).disarmed.is_none(),
            round == 3,
            "after scramble {round}"
        );
    }
}

/// "Initiative can be rolled every time": only the players standing roll, and a player cured
/// back up rolls again the next round.
#[test]
fn initiative_every_round_skips_the_unconscious_and_takes_the_cured_back() {
    let mut g = started_with(3, InitiativeRule::EveryRound, |_| {});
    g.state.players[2].down = true;
    g.state.players[2].hp = 0;
    exec(&mut g, 1, Command::Attack { target: 2 }, &[2]);
    // Seat 2's turn ends the round: two dice for the next initiative, not three.
    exec(&mut g, 2, Command::Attack { target: 1 }, &[2, 6, 1]);
    assert_eq!(g.state.order.as_slice(), [1, 2]);
    exec(&mut g, 1, Command::Cure { target: 3 }, &[5]);
    assert!(!g.state.player(3).down, "cured back up");
    // Three dice now: seat 3's 6 wins.
    exec(&mut g, 2, Command::Attack { target: 1 }, &[2, 1, 1, 6]);
    assert_eq!(g.state.order.as_slice(), [3, 1, 2]);
    assert_eq!(turn_of(&g), 3);
}

/// "everyone goes twice" counts the players standing: an unconscious player's missing turns
/// do not keep the weapon from the disarmed one.
#[test]
fn the_unconscious_do_not_hold_up_a_regained_weapon() {
    let mut g = set_order(3);
    exec(&mut g, 1, Command::Disarm { target: 2 }, &[18]);
    g.state.players[2].down = true;
    g.state.players[2].hp = 0;
    exec(&mut g, 2, Command::Scramble, &[]);
    exec(&mut g, 1, Command::Attack { target: 2 }, &[2]);
    exec(&mut g, 2, Command::Scramble, &[]);
    let ev = exec(&mut g, 1, Command::Attack { target: 2 }, &[2]);
    assert!(ev.contains(&Event::Regained { seat: 2 }), "{ev:?}");
}

/// "Only one spell can be cast in a round": a player who cast this round gets no Dodge window,
/// and may cast again the next round.
#[test]
fn one_spell_a_round_closes_the_dodge_and_opens_again_next_round() {
    let mut g = set_order(2);
    exec(&mut g, 1, Command::Attack { target: 2 }, &[2]);
    // Round 1, seat 2: Bless, then a miss. Round 2: seat 1 hits seat 2, who cast in round 1.
    exec(&mut g, 2, Command::Cast(Spell::Bless), &[]);
    exec(&mut g, 2, Command::Attack { target: 1 }, &[2]);
    exec(&mut g, 1, Command::Attack { target: 2 }, &[14]);
    assert_eq!(
        g.waiting(),
        Waiting::One(2),
        "a new round: seat 2 may Dodge"
    );
    exec(&mut g, 2, Command::Dodge { dodge: true }, &[]);
    // Round 2, seat 2 has cast (the Dodge): no Haste now; round 3 it may.
    refused(&mut g, 2, Command::Cast(Spell::Haste), "one spell");
    exec(&mut g, 2, Command::Attack { target: 1 }, &[14]);
    assert_eq!(
        g.waiting(),
        Waiting::One(1),
        "seat 1 has not cast: it may Dodge"
    );
    // Seat 2 cast this round: no Mighty Blow window, the d6 comes with seat 1's answer.
    exec(&mut g, 1, Command::Dodge { dodge: false }, &[3]);
    assert_eq!(g.state.player(1).hp, 17);
    // Round 3: seat 1 casts Bless; seat 2 casts Haste (a new round) and hits seat 1, who cast
    // this round: no Dodge window, and none for the Mighty Blow: the d6 is rolled at once.
    exec(&mut g, 1, Command::Cast(Spell::Bless), &[]);
    exec(&mut g, 1, Command::Attack { target: 2 }, &[2]);
    exec(&mut g, 2, Command::Cast(Spell::Haste), &[]);
    exec(&mut g, 2, Command::Attack { target: 1 }, &[14, 3]);
    assert_eq!(g.state.player(1).hp, 14);
    assert_eq!(turn_of(&g), 2, "Haste's second roll");
}

/// "would not be able to cast spells": the Fighter's own check, with spells on its sheet.
#[test]
fn a_fighter_casts_nothing_even_with_spells_on_the_sheet() {
    let mut g = started_with(2, InitiativeRule::SetOrder, |s| {
        s.players[0].persona = Persona::Fighter
    });
    g.state.players[0].spells = Spells::FULL;
    g.state.players[0].hp = 20;
    refused(
        &mut g,
        1,
        Command::Cast(Spell::Haste),
        "a Fighter casts no spells",
    );
    refused(
        &mut g,
        1,
        Command::Cure { target: 1 },
        "a Fighter casts no spells",
    );
    exec(&mut g, 1, Command::Attack { target: 2 }, &[2]);
    exec(&mut g, 2, Command::Attack { target: 1 }, &[14]);
    assert_eq!(
        g.waiting(),
        Waiting::One(2),
        "no Dodge window for the Fighter"
    );
}

/// Scramble "takes the whole turn": refused after a hasted attack's critical miss, and refused
/// with the weapon in hand.
#[test]
fn scramble_needs_a_fresh_turn_and_a_lost_weapon() {
    let mut g = set_order(2);
    refused(&mut g, 1, Command::Scramble, "the weapon is in hand");
    exec(&mut g, 1, Command::Cast(Spell::Haste), &[]);
    exec(&mut g, 1, Command::Attack { target: 2 }, &[1, 16, 17]);
    assert!(g.state.player(1).disarmed.is_some());
    assert_eq!(turn_of(&g), 1, "Haste's second roll");
    refused(&mut g, 1, Command::Scramble, "takes the whole turn");
}
