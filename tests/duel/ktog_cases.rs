//! KtOG (`shared/rules/ktog.txt`): reviving, the Cure's variants, disarms and criticals at their
//! edges, the setup's limits and the personas, with forced dice (a command that rolls any die
//! beyond the forced ones fails its test).

use wartable::rules::core::Waiting;
use wartable::rules::core::testing::{exec, refuse};
use wartable::rules::ktog::state::{Disarm, Phase};
use wartable::rules::ktog::{
    Command, Event, InitiativeDie, InitiativeRule, KtogGame, KtogSetup, Persona, Spell,
};

fn setup(n: usize) -> KtogSetup {
    let mut s = KtogSetup::plain(1, n, 20);
    s.level = None;
    s.options.initiative = InitiativeRule::SetOrder;
    s
}

/// Initiative with seat 1 first, in a set order 1, 2, 3...
fn start(s: KtogSetup) -> KtogGame {
    let n = s.players.len();
    let mut g = KtogGame::new(s).unwrap();
    let mut dice = vec![6];
    dice.extend(std::iter::repeat_n(1, n - 1));
    exec(&mut g, 1, Command::RollInitiative, &dice);
    g
}

fn turn_of(g: &KtogGame) -> (u32, u8) {
    match g.state.phase {
        Phase::Turn { seat, .. } => (g.state.round, seat),
        ref p => panic!("not a turn: {p:?}"),
    }
}

fn disarm(g: &mut KtogGame, seat: u8) {
    g.state.players[seat as usize - 1].disarmed = Some(Disarm::new(2));
}

/// "a set order can be determined from the onset": a player knocked out and cured takes their
/// turns again at their own place in the order.
#[test]
fn a_cured_player_rejoins_a_set_order_at_their_place() {
    let mut g = start(setup(3));
    g.state.players[2].hp = 3;
    exec(&mut g, 1, Command::Attack { target: 3 }, &[14]);
    exec(&mut g, 3, Command::Dodge { dodge: false }, &[]);
    exec(&mut g, 1, Command::Mighty { mighty: false }, &[5]);
    assert!(g.state.player(3).down);
    exec(&mut g, 2, Command::Attack { target: 1 }, &[2]);
    // Round 2: player 1 cures player 3, who stands up again.
    assert_eq!(turn_of(&g), (2, 1));
    let events = exec(&mut g, 1, Command::Cure { target: 3 }, &[7]);
    assert!(events.contains(&Event::Revived { seat: 3 }));
    assert_eq!(g.state.player(3).hp, 7);
    exec(&mut g, 2, Command::Attack { target: 1 }, &[2]);
    assert_eq!(
        turn_of(&g),
        (2, 3),
        "player 3 acts in their place after player 2"
    );
    exec(&mut g, 3, Command::Attack { target: 1 }, &[2]);
    assert_eq!(turn_of(&g), (3, 1));
}

/// In a set order an unconscious player's place is passed over, also at the head of a round.
#[test]
fn a_set_order_passes_over_an_unconscious_first_player() {
    let mut g = start(setup(3));
    g.state.players[0].hp = 2;
    exec(&mut g, 1, Command::Attack { target: 2 }, &[2]);
    exec(&mut g, 2, Command::Attack { target: 1 }, &[14]);
    exec(&mut g, 1, Command::Dodge { dodge: false }, &[]);
    exec(&mut g, 2, Command::Mighty { mighty: false }, &[4]);
    assert!(g.state.player(1).down);
    exec(&mut g, 3, Command::Attack { target: 2 }, &[2]);
    assert_eq!(turn_of(&g), (2, 2));
    assert_eq!(
        g.journal
            .iter()
            .rev()
            .find(|l| l.text.starts_with("round 2"))
            .map(|l| l.text.as_str()),
        Some("round 2: Rob, then Gwen"),
        "the log names only the players who will act"
    );
}

/// The Q&A's variant: "there needs to be [a] 'roll to hit' in order to lay hands on another
/// player": a miss takes the turn and casts nothing; curing oneself needs no roll.
#[test]
fn the_lay_hands_variant_rolls_to_hit_before_curing_another() {
    let mut s = setup(2);
    s.options.lay_hands_roll = true;
    let mut g = start(s.clone());
    g.state.players[1].hp = 5;
    exec(&mut g, 1, Command::Cure { target: 2 }, &[13]);
    assert_eq!(g.state.player(2).hp, 5);
    assert_eq!(g.state.player(1).spells.cure, 1, "nothing was cast");
    assert_eq!(turn_of(&g), (1, 2), "the attempt took the turn");
    exec(&mut g, 2, Command::Attack { target: 1 }, &[2]);
    let events = exec(&mut g, 1, Command::Cure { target: 2 }, &[14, 6]);
    assert!(matches!(
        events[0],
        Event::LayHands {
            roll: 14,
            need: 14,
            ..
        }
    ));
    assert_eq!(g.state.player(2).hp, 11);
    assert_eq!(g.state.player(1).spells.cure, 0);
    // Oneself: the d10 only.
    let mut g = start(s);
    g.state.players[0].hp = 5;
    exec(&mut g, 1, Command::Cure { target: 1 }, &[6]);
    assert_eq!(g.state.player(1).hp, 11);
    // Without the variant, no roll to hit another.
    let mut g = start(setup(2));
    g.state.players[1].hp = 5;
    exec(&mut g, 1, Command::Cure { target: 2 }, &[6]);
    assert_eq!(g.state.player(2).hp, 11);
}

/// The Q&A: "Can you choose to heal someone else? ... Sure!" is an option; off, Cure heals only
/// its caster.
#[test]
fn with_cure_others_off_a_cure_heals_only_its_caster() {
    let mut s = setup(2);
    s.options.cure_others = false;
    let mut g = start(s);
    g.state.players[0].hp = 10;
    g.state.players[1].hp = 10;
    refuse(&mut g, 1, Command::Cure { target: 2 });
    exec(&mut g, 1, Command::Cure { target: 1 }, &[4]);
    assert_eq!(g.state.player(1).hp, 14);
}

/// "An optional rule allowed a percentile roll of 50% or under to remain standing at zero hit
/// points": the log tells the blow and the roll, and no damage line of its own.
#[test]
fn staying_standing_at_0_writes_no_damage_line() {
    let mut s = setup(2);
    s.options.standing_roll = true;
    let mut g = start(s);
    g.state.players[1].hp = 3;
    exec(&mut g, 1, Command::Attack { target: 2 }, &[15]);
    exec(&mut g, 2, Command::Dodge { dodge: false }, &[]);
    exec(&mut g, 1, Command::Mighty { mighty: false }, &[5, 50]);
    assert_eq!(g.state.player(2).hp, 0);
    let damage: Vec<&str> = g
        .journal
        .iter()
        .map(|l| l.text.as_str())
        .filter(|t| t.contains("damage"))
        .collect();
    assert_eq!(damage, ["Rob takes 5 damage (1d6: 5), 0 hit points left"]);
    assert!(
        g.journal
            .iter()
            .any(|l| l.text.ends_with("(50 or under does): stays standing at 0"))
    );
}

/// "[a 10 sided die (d10) may be used as well!": the option rolls a d10 (a 10 would be refused
/// on a d6).
#[test]
fn the_d10_initiative_option_rolls_a_d10() {
    let mut s = setup(2);
    s.options.initiative_die = InitiativeDie::D10;
    let mut g = KtogGame::new(s).unwrap();
    exec(&mut g, 1, Command::RollInitiative, &[9, 10]);
    assert_eq!(g.state.order.as_slice(), [2, 1]);
    assert!(g.dice.log().iter().all(|r| r.expr.sides == 10));
    let mut g = KtogGame::new(setup(2)).unwrap();
    g.dice.force(&[10, 9]);
    assert!(g.play(1, Command::RollInitiative).is_err(), "a 10 on a d6");
}

/// "all players who choose to attack the disarmed player ... only need a 12 to hit ... (This may
/// become as low as a 10 if a 'Bless' is in effect)."
#[test]
fn bless_against_a_disarmed_player_needs_a_10() {
    for (roll, hits) in [(10, true), (9, false)] {
        let mut g = start(setup(2));
        disarm(&mut g, 2);
        exec(&mut g, 1, Command::Cast(Spell::Bless), &[]);
        let events = exec(&mut g, 1, Command::Attack { target: 2 }, &[roll]);
        assert!(
            events
                .iter()
                .any(|e| matches!(e, Event::ToHit { need: 10, .. }))
        );
        assert_eq!(matches!(g.state.phase, Phase::Dodge(_)), hits, "{roll}");
    }
}

/// "he may opt to use a Cure spell in his next turn, and not immediately try to regain his
/// weapon ... will still be considered disarmed for the 2 rounds following."
#[test]
fn a_disarmed_player_may_cure_and_is_still_disarmed() {
    let mut g = start(setup(2));
    exec(&mut g, 1, Command::Disarm { target: 2 }, &[17]);
    g.state.players[1].hp = 10;
    exec(&mut g, 2, Command::Cure { target: 2 }, &[5]);
    assert_eq!(g.state.player(2).hp, 15);
    // Curing, not scrambling: the attempt (and the count of everyone's turns) begins later.
    assert_eq!(
        g.state.player(2).disarmed,
        Some(Disarm {
            delayed: true,
            ..Disarm::new(2)
        })
    );
    exec(&mut g, 1, Command::Attack { target: 2 }, &[2]);
    exec(&mut g, 2, Command::Scramble, &[]);
    assert_eq!(g.state.player(2).disarmed.map(|d| d.turns), Some(1));
}

/// An attempt to disarm: a 20 succeeds like any 17 or more and does no damage; a 1 is a
/// critical miss with its roll to hit oneself.
#[test]
fn a_natural_20_disarms_and_a_natural_1_fumbles_an_attempt_to_disarm() {
    let mut g = start(setup(2));
    exec(&mut g, 1, Command::Disarm { target: 2 }, &[20]);
    assert!(g.state.player(2).disarmed.is_some());
    assert_eq!(g.state.player(2).hp, 20);
    assert_eq!(turn_of(&g), (1, 2), "no Dodge or Mighty Blow window");
    let mut g = start(setup(2));
    exec(&mut g, 1, Command::Disarm { target: 2 }, &[1, 17, 4]);
    assert_eq!(g.state.player(1).hp, 16);
    let mut g = start(setup(2));
    exec(&mut g, 1, Command::Disarm { target: 2 }, &[1, 3, 18]);
    assert!(g.state.player(1).disarmed.is_some());
    assert!(g.state.player(2).disarmed.is_none());
}

/// A bare-handed critical miss: the blow to oneself is d6 - 2, and with no weapon in hand there
/// is no roll to drop it.
#[test]
fn a_bare_handed_critical_miss_hurts_d6_less_2_and_drops_nothing() {
    let mut g = start(setup(2));
    disarm(&mut g, 1);
    exec(&mut g, 1, Command::Attack { target: 2 }, &[1, 17, 5]);
    assert_eq!(g.state.player(1).hp, 17);
    let mut g = start(setup(2));
    disarm(&mut g, 1);
    exec(&mut g, 1, Command::Attack { target: 2 }, &[1, 16]);
    // A bare-handed strike, not a scramble: the attempt begins later.
    assert_eq!(
        g.state.player(1).disarmed,
        Some(Disarm {
            delayed: true,
            ..Disarm::new(2)
        })
    );
    assert_eq!(g.state.player(1).hp, 20);
}

/// A disarmed player cannot knock a weapon away, and a disarmed player cannot be disarmed
/// again.
#[test]
fn the_disarm_refusals() {
    let mut g = start(setup(3));
    disarm(&mut g, 1);
    refuse(&mut g, 1, Command::Disarm { target: 2 });
    let mut g = start(setup(3));
    disarm(&mut g, 2);
    refuse(&mut g, 1, Command::Disarm { target: 2 });
    exec(&mut g, 1, Command::Disarm { target: 3 }, &[2]);
}

/// "a simple dice-based combat game for 2 or more players": 2 to 6.
#[test]
fn a_game_has_2_to_6_players() {
    for n in [1, 7] {
        let e = KtogGame::new(setup(n)).err().expect("refused");
        assert!(format!("{e:?}").contains("2 to 6 players"), "{e:?}");
    }
    for n in [2, 6] {
        assert!(KtogGame::new(setup(n)).is_ok());
    }
}

/// The Magic-user persona plays as the plain rules: six spells, 14 to hit, the hit points set.
#[test]
fn a_magic_user_has_six_spells_and_hits_on_14() {
    let mut s = setup(2);
    s.players[0].persona = Persona::MagicUser;
    let mut g = start(s.clone());
    assert_eq!(g.state.player(1).hp, 20);
    assert_eq!(g.state.player(1).spells.total(), 6);
    exec(&mut g, 1, Command::Cast(Spell::Haste), &[]);
    exec(&mut g, 1, Command::Attack { target: 2 }, &[13]);
    exec(&mut g, 1, Command::Attack { target: 2 }, &[14]);
    assert_eq!(g.waiting(), Waiting::One(2), "a hit: player 2 may dodge");
}
