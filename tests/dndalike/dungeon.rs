//! Fights in the shipped dungeons: characters start where a base can stand, the program finds
//! its way round pillars and rock, and every self-played fight ends with a party dead.

use super::*;
use std::path::PathBuf;
use wartable::rules::core::{Game, QuickSetup, RuleSet};
use wartable::rules::dndalike::setup::shipped;
use wartable::rules::dndalike::{Dndalike, Phase};

const CRYPT: &str = "levels/dungeon-crypt.ron";
const WARRENS: &str = "levels/dungeon-warrens.ron";

fn on(level: &str, heroes: Vec<Member>, monsters: Vec<Member>) -> Result<DndGame, Vec<String>> {
    DndGame::new(DndSetup {
        seed: 3,
        level: Some(PathBuf::from(level)),
        heroes,
        monsters,
        first: Party::Monsters,
        grimoire: Default::default(),
        delve: None,
    })
}

#[test]
fn a_character_cannot_start_inside_a_pillar_or_the_rock() {
    // The crypt's pillar at (17.5, 14.5); the rock at (2, 2).
    for (x, y) in [(17.5, 14.5), (2.0, 2.0)] {
        let e = on(
            CRYPT,
            vec![plain("Hero", Armour::Light, Pack::FreeHand, 2, 15.0, 3.0)],
            vec![plain("Orc", Armour::Light, Pack::FreeHand, 1, x, y)],
        )
        .err()
        .expect("a start inside terrain is refused");
        assert!(e[0].contains("Orc cannot stand"), "{e:?}");
    }
    assert!(
        on(
            CRYPT,
            vec![plain("Hero", Armour::Light, Pack::FreeHand, 2, 15.0, 3.0)],
            vec![plain("Orc", Armour::Light, Pack::FreeHand, 1, 15.0, 20.0)],
        )
        .is_ok()
    );
}

#[test]
fn the_shipped_parties_start_in_their_deployment_zones() {
    for level in [CRYPT, WARRENS] {
        let setup = shipped(1, Some(PathBuf::from(level)), false).unwrap();
        let g = DndGame::new(setup).unwrap();
        let table = &g.state.table;
        for c in &g.state.chars {
            let side = if c.party == Party::Heroes { 1 } else { 2 };
            let zone = table.zones.iter().find(|z| z.side == side).unwrap();
            assert!(
                zone.contains(c.pos),
                "{level}: {} starts at {:?}, outside {}",
                c.name(),
                c.pos,
                zone.name
            );
        }
    }
}

/// An orc with a pillar straight between it and the hero: a straight approach is blocked, so
/// the program must go round; in two turns it is in base contact.
#[test]
fn the_program_goes_round_a_pillar() {
    let mut g = on(
        CRYPT,
        vec![plain("Wren", Armour::Light, Pack::FreeHand, 2, 15.5, 14.2)],
        vec![plain("Orc", Armour::Light, Pack::FreeHand, 1, 19.7, 14.7)],
    )
    .unwrap();
    g.set_player(1, wartable::rules::core::Player::Program);
    let (orc, wren) = (1usize, 0usize);
    let start = g.state.chars[orc].pos;
    for _ in 0..2 {
        // The monsters' turn: the program acts until it ends the turn; the hero does nothing.
        while g.state.active == Party::Monsters && !g.is_over() {
            let seat = g.waiting().seats()[0];
            if seat == 1 {
                g.program_play(1).expect("the program plays");
            } else {
                g.play(seat, Command::Pass).unwrap();
            }
        }
        if g.state.chars[orc].gap(&g.state.chars[wren]) <= 0.1 {
            break;
        }
        g.play(2, Command::EndTurn).unwrap();
    }
    let o = &g.state.chars[orc];
    assert_ne!(o.pos, start, "the orc moved");
    assert!(
        o.gap(&g.state.chars[wren]) <= 0.1,
        "the orc reached the hero: gap {:.2} at {:?}",
        o.gap(&g.state.chars[wren]),
        o.pos
    );
}

/// Self-played fights on both dungeons end with one party dead, well before a round limit.
#[test]
fn self_played_dungeon_fights_end() {
    for level in [CRYPT, WARRENS] {
        for seed in 1..=15u64 {
            let setup = Dndalike::quick_setup(&QuickSetup {
                seed,
                level: Some(PathBuf::from(level)),
                ..Default::default()
            })
            .unwrap();
            let mut g = Game::<Dndalike>::new(setup).unwrap();
            g.self_play(3000);
            assert!(
                matches!(g.state.phase, Phase::Over(_)),
                "{level} seed {seed}: not over after {} commands, round {}",
                g.log.len(),
                g.state.round
            );
        }
    }
}
