//! Hidden information stays hidden online: what a seat receives never holds another seat's
//! secret, while the host's game and the secret's own seat have it.

use super::games::two_seats;
use wartable::net::host::OnDrop;
use wartable::net::loopback::Loopback;
use wartable::net::proto::{Step, ToSeat};
use wartable::rules::core::{Player, RulesId};
use wartable::rules::dndalike::Event;

fn steps(inbox: &[ToSeat]) -> Vec<Step> {
    let mut out = Vec::new();
    for m in inbox {
        match m {
            ToSeat::Welcome(w) => out.extend(w.steps.iter().cloned()),
            ToSeat::Step(s) => out.push(s.clone()),
            _ => {}
        }
    }
    out
}

/// Every wound in `steps` as (step, character, damage).
fn wounds(steps: &[Step]) -> Vec<(u32, usize, u32)> {
    let mut v = Vec::new();
    for s in steps {
        let events: Vec<Event> = ron::from_str(&s.events).unwrap();
        for e in events {
            if let Event::Wounded { who, damage, .. } = e {
                v.push((s.n, who, damage));
            }
        }
    }
    v
}

#[test]
fn dndalike_damage_totals_reach_only_their_own_seat() {
    // Both seats online, so that each one's messages can be read.
    let mut net = Loopback::new(
        RulesId::Dndalike,
        &two_seats(3),
        &[Player::Remote, Player::Remote],
        OnDrop::Program,
    )
    .unwrap();
    net.connect("Dungeon master", true);
    net.connect("Party", true);
    net.run(20_000);
    assert!(net.host.is_over());
    let setup: wartable::rules::dndalike::DndSetup =
        ron::from_str(&net.game.public_setup()).unwrap();
    // Characters are numbered heroes first, then monsters.
    let members: Vec<u8> = setup
        .heroes
        .iter()
        .chain(&setup.monsters)
        .map(|m| m.seat)
        .collect();
    let owner = |i: usize| members[i];
    let (a, b) = (
        steps(&net.seats[0].inbox_log),
        steps(&net.seats[1].inbox_log),
    );
    let seats = [(1u8, wounds(&a)), (2u8, wounds(&b))];
    let mut secret_seen = 0;
    for (seat, list) in &seats {
        let other = &seats[(*seat as usize) % 2].1;
        for (n, who, damage) in list {
            let theirs = other.iter().find(|w| w.0 == *n && w.1 == *who).unwrap();
            if owner(*who) == *seat {
                // The owner hears its damage; the other seat hears 0 for the same wound.
                assert_eq!(theirs.2, 0, "step {n}: seat {} learnt the damage", 3 - seat);
                secret_seen += (*damage > 0) as u32;
            } else {
                assert_eq!(*damage, 0, "step {n}: seat {seat} learnt another's damage");
            }
        }
    }
    assert!(
        secret_seen > 0,
        "the game dealt no secret damage: the test proves nothing"
    );
    // Another seat's secret damage dice never reach a seat; its own do.
    let own_secret: usize = [&a, &b]
        .iter()
        .flat_map(|s| s.iter())
        .flat_map(|x| ron::from_str::<Vec<wartable::dice::Roll>>(&x.rolls).unwrap())
        .filter(|r| r.secret.is_some())
        .count();
    assert!(own_secret > 0, "no secret roll reached its own seat");
    for (i, s) in [&a, &b].into_iter().enumerate() {
        let seat = i as u8 + 1;
        let secret_rolls = s
            .iter()
            .flat_map(|x| ron::from_str::<Vec<wartable::dice::Roll>>(&x.rolls).unwrap())
            .filter(|r| r.secret.is_some_and(|owner| owner != seat))
            .count();
        assert_eq!(
            secret_rolls, 0,
            "seat {seat} saw another seat's secret rolls"
        );
    }
    // Both seats' replays at the end reach the host's game.
    for w in &net.seats {
        assert_eq!(
            w.client.ending.as_ref().unwrap().replayed,
            Ok(net.game.hash())
        );
    }
}
