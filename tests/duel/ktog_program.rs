//! KtOG's program opponent: the Mighty Blow that takes the win, the attempt to disarm and the
//! Cure on another when they pay, and a dodge prompt that names only what the attacker can do.

use wartable::app::games::ktog::panels::dodge_prompt;
use wartable::rules::core::testing::exec;
use wartable::rules::ktog::ai::choose;
use wartable::rules::ktog::state::{Hit, Phase, Spells};
use wartable::rules::ktog::{Command, InitiativeRule, KtogGame, KtogSetup, Spell};

/// `n` players of 20 hit points, seat 1 to act first in a set order.
fn start(n: usize) -> KtogGame {
    let mut s = KtogSetup::plain(1, n, 20);
    s.level = None;
    s.options.initiative = InitiativeRule::SetOrder;
    let mut g = KtogGame::new(s).unwrap();
    let mut dice = vec![6];
    dice.extend(std::iter::repeat_n(1, n - 1));
    exec(&mut g, 1, Command::RollInitiative, &dice);
    g
}

/// Player 1 hits player 2 (with `hp` left) for a plain d6: the Mighty Blow window.
fn mighty_window(hp: i32) -> KtogGame {
    let mut g = start(2);
    g.state.players[1].hp = hp;
    g.state.players[1].spells.dodge = 0;
    exec(&mut g, 1, Command::Attack { target: 2 }, &[15]);
    assert!(matches!(g.state.phase, Phase::Mighty(_)));
    g
}

/// A Mighty Blow when it makes the knock-out likelier: at 4 hit points a plain d6 finishes half
/// the time, a doubled one five times in six; at 1 the plain blow is sure and at 13 neither can.
#[test]
fn the_program_takes_the_win_with_a_mighty_blow() {
    for (hp, mighty) in [(4, true), (2, true), (12, true), (1, false), (13, false)] {
        let g = mighty_window(hp);
        assert_eq!(
            choose(&g.state, 1),
            Some(Command::Mighty { mighty }),
            "target at {hp}"
        );
    }
}

/// Low itself against a foe no blow finishes, with no spell to cast first, the program tries to
/// knock the foe's weapon away; otherwise it strikes.
#[test]
fn the_program_disarms_a_strong_foe_when_it_is_low() {
    let mut g = start(2);
    g.state.players[0].spells = Spells {
        haste: 0,
        bless: 0,
        cure: 0,
        ..Spells::FULL
    };
    g.state.players[0].hp = 5;
    g.state.players[1].hp = 15;
    g.state.players[1].spells.haste = 0;
    assert_eq!(choose(&g.state, 1), Some(Command::Disarm { target: 2 }));
    // A foe with Haste picks the weapon up at once: a strike instead.
    g.state.players[1].spells.haste = 1;
    assert_eq!(choose(&g.state, 1), Some(Command::Attack { target: 2 }));
    g.state.players[1].spells.haste = 0;
    g.state.players[0].hp = 12;
    assert_eq!(choose(&g.state, 1), Some(Command::Attack { target: 2 }));
}

/// The weakest standing, the program cures an unconscious player, who will draw the blows meant
/// for the weakest; when another standing player is weaker, it does not.
#[test]
fn the_program_cures_a_fallen_player_when_it_is_the_weakest() {
    let mut g = start(3);
    g.state.players[2].down = true;
    g.state.players[2].hp = 0;
    g.state.players[0].hp = 15;
    g.state.players[1].hp = 18;
    assert_eq!(choose(&g.state, 1), Some(Command::Cure { target: 3 }));
    exec(&mut g, 1, Command::Cure { target: 3 }, &[6]);
    assert!(!g.state.player(3).down);
    let mut g = start(3);
    g.state.players[2].down = true;
    g.state.players[2].hp = 0;
    g.state.players[0].hp = 15;
    g.state.players[1].hp = 14;
    assert_ne!(choose(&g.state, 1), Some(Command::Cure { target: 3 }));
}

/// The Dodge prompt names a Mighty Blow only when the attacker may still announce one (not after
/// a Bless this round, nor once it is spent).
#[test]
fn the_dodge_prompt_names_a_mighty_blow_only_if_the_attacker_can_cast_it() {
    let hit = Hit {
        attacker: 1,
        target: 2,
        critical: false,
        bare: false,
    };
    let g = start(2);
    let text = dodge_prompt(&g.state, &hit);
    assert!(
        text.contains("2 to 12 if Nate then announces a Mighty Blow"),
        "{text}"
    );
    let mut g = start(2);
    exec(&mut g, 1, Command::Cast(Spell::Bless), &[]);
    let text = dodge_prompt(&g.state, &hit);
    assert_eq!(
        text,
        "Rob, you are hit: Dodge nullifies the damage (1 to 6)."
    );
    let mut g = start(2);
    g.state.players[0].spells.mighty = 0;
    assert!(!dodge_prompt(&g.state, &hit).contains("Mighty"));
}
