//! The host trusts no seat: each bad message is refused or disconnected with its reason, and
//! none changes the host's game.

use super::games::two_seats;
use wartable::net::host::OnDrop;
use wartable::net::loopback::Loopback;
use wartable::net::proto::{self, ToHost, ToSeat};
use wartable::rules::core::{Player, RulesId};

/// A Krig duel with seat 2 online (a person: nothing is proposed unless the test says so), its
/// seat greeted and welcomed.
fn duel() -> Loopback {
    duel_with(false)
}

/// [`duel`], the host taking real dice typed in at other machines or not.
fn duel_with(remote_dice: bool) -> Loopback {
    let mut net = Loopback::new(
        RulesId::Krig,
        &two_seats(4),
        &[Player::Program, Player::Remote],
        OnDrop::Program,
    )
    .unwrap();
    net.host.remote_dice = remote_dice;
    net.connect("Ann", false);
    // Until the game waits on seat 2 (the program plays seat 1 meanwhile).
    for _ in 0..50 {
        net.step();
        if net.seats[0].client.my_turn() {
            break;
        }
    }
    assert!(
        net.seats[0].client.my_turn(),
        "{:?}",
        net.seats[0].client.lines
    );
    net
}

fn last_refusal(net: &Loopback, i: usize) -> Option<String> {
    net.seats[i].inbox_log.iter().rev().find_map(|m| match m {
        ToSeat::Refused { reason, .. } => Some(reason.clone()),
        _ => None,
    })
}

fn goodbye(net: &Loopback, i: usize) -> Option<String> {
    net.seats[i].inbox_log.iter().find_map(|m| match m {
        ToSeat::Goodbye(r) => Some(r.clone()),
        _ => None,
    })
}

/// Forges `msg` from seat 0 and checks that the host's game did not change.
fn forged(net: &mut Loopback, msg: ToHost) {
    let (hash, steps) = (net.game.hash(), net.host.step_count());
    net.forge(0, msg);
    assert_eq!(net.game.hash(), hash, "the host's game changed");
    assert_eq!(net.host.step_count(), steps);
}

/// Messages a seated player's connection may send that the host refuses, each with a word of
/// its reason (also sent over UDP and WebRTC by `rtc_wire`).
pub(super) fn refusal_cases() -> Vec<(ToHost, &'static str)> {
    vec![
        (
            ToHost::Propose {
                id: 7,
                seat: 1,
                command: "Attack".into(),
                dice: vec![],
            },
            "seat 1 is not yours",
        ),
        (
            ToHost::Propose {
                id: 8,
                seat: 2,
                command: "Attack((".into(),
                dice: vec![],
            },
            "does not read",
        ),
        (
            ToHost::Propose {
                id: 9,
                seat: 2,
                command: "Teleport".into(),
                dice: vec![],
            },
            "does not read",
        ),
        (
            ToHost::Propose {
                id: 10,
                seat: 2,
                command: "Parry(parry: true)".into(),
                dice: vec![],
            },
            "no attack to parry",
        ),
        (
            ToHost::Propose {
                id: 11,
                seat: 2,
                command: "[".repeat(500),
                dice: vec![],
            },
            "nested more than",
        ),
        (
            ToHost::Propose {
                id: 12,
                seat: 2,
                command: " ".repeat(proto::MAX_COMMAND + 1),
                dice: vec![],
            },
            "the most a host reads",
        ),
        (ToHost::Chat("x".repeat(proto::MAX_CHAT + 1)), "at most"),
        (
            ToHost::Hello {
                protocol: proto::PROTOCOL,
                data: 0,
                name: "Ann".into(),
            },
            "you have a seat already",
        ),
    ]
}

#[test]
fn commands_for_another_seat_malformed_illegal_or_oversized_are_refused() {
    let mut net = duel();
    let cases = refusal_cases();
    for (msg, why) in cases {
        forged(&mut net, msg.clone());
        let r = last_refusal(&net, 0).unwrap_or_default();
        assert!(
            r.contains(why),
            "{msg:?}: refused with '{r}', expected '{why}'"
        );
        assert!(net.seats[0].dropped.is_none());
    }
    // The seat still plays: its next legal command goes through.
    forged(&mut net, ToHost::Chat("still here".into()));
    let steps = net.host.step_count();
    net.forge(
        0,
        ToHost::Propose {
            id: 13,
            seat: 2,
            command: "Defend".into(),
            dice: vec![],
        },
    );
    assert_eq!(net.host.step_count(), steps + 1);
}

#[test]
fn a_flood_is_refused_then_disconnected() {
    let mut net = duel();
    let hash = net.game.hash();
    for i in 0..400 {
        net.forge(
            0,
            ToHost::Propose {
                id: i,
                seat: 2,
                command: "Attack((".into(),
                dice: vec![],
            },
        );
    }
    assert!(
        net.seats[0].inbox_log.iter().any(
            |m| matches!(m, ToSeat::Refused { reason, .. } if reason.contains("too many messages"))
        ),
        "no message was refused as a flood"
    );
    let why = net.seats[0]
        .dropped
        .clone()
        .expect("the flooding seat is disconnected");
    assert!(why.contains("too many messages"), "{why}");
    assert_eq!(net.game.hash(), hash);
    // Its seat went to the program, which plays on.
    let steps = net.host.step_count();
    for _ in 0..20 {
        net.step();
    }
    assert!(net.host.step_count() > steps);
}

#[test]
fn messages_before_the_greeting_a_wrong_version_and_a_full_game_are_turned_away() {
    let mut net = duel();
    let hash = net.game.hash();
    // A connection that proposes before greeting.
    let rude = net.connect("Rude", false);
    net.seats[rude].client.take_out();
    net.forge(
        rude,
        ToHost::Propose {
            id: 1,
            seat: 2,
            command: "Attack".into(),
            dice: vec![],
        },
    );
    assert!(goodbye(&net, rude).unwrap().contains("greets the host"));
    assert!(net.seats[rude].dropped.is_some());
    // Another version of the program.
    let old = net.connect("Old", false);
    net.seats[old].client.take_out();
    net.forge(
        old,
        ToHost::Hello {
            protocol: proto::PROTOCOL + 1,
            data: wartable::net::data_hash(),
            name: "Old".into(),
        },
    );
    assert!(
        goodbye(&net, old)
            .unwrap()
            .contains("same version of Wartable")
    );
    let other_data = net.connect("Modder", false);
    net.seats[other_data].client.take_out();
    net.forge(
        other_data,
        ToHost::Hello {
            protocol: proto::PROTOCOL,
            data: 1,
            name: "Modder".into(),
        },
    );
    assert!(goodbye(&net, other_data).unwrap().contains("rule data"));
    // A third player for a two-seat game.
    let late = net.connect("Late", false);
    net.step();
    assert!(goodbye(&net, late).unwrap().contains("the game is full"));
    // A name that is too long.
    let long = net.connect(&"n".repeat(proto::MAX_NAME + 1), false);
    net.step();
    assert!(goodbye(&net, long).unwrap().contains("a name of 1 to"));
    assert_eq!(net.game.hash(), hash);
    assert!(net.seats[0].dropped.is_none(), "the seated player stays");
}

/// Real dice typed in at a remote seat: refused unless the host takes them (and says so in its
/// welcome); when it does, a result the die cannot show is refused, and a fitting one is the
/// roll.
#[test]
fn real_dice_from_a_remote_seat_only_when_the_host_takes_them() {
    let defend = |id, dice: Vec<u32>| ToHost::Propose {
        id,
        seat: 2,
        command: "Defend".into(),
        dice,
    };
    let mut net = duel();
    assert!(!net.seats[0].client.host_takes_dice);
    forged(&mut net, defend(20, vec![7]));
    let r = last_refusal(&net, 0).unwrap_or_default();
    assert!(r.contains("does not take real dice"), "{r}");
    forged(&mut net, defend(21, vec![7; 300]));

    let mut net = duel_with(true);
    assert!(net.seats[0].client.host_takes_dice, "the welcome says so");
    forged(&mut net, defend(22, vec![9]));
    let r = last_refusal(&net, 0).unwrap_or_default();
    assert!(r.contains('9'), "a d8 shows no 9: {r}");
    forged(&mut net, defend(23, vec![7; 300]));
    let r = last_refusal(&net, 0).unwrap_or_default();
    assert!(r.contains("300 dice"), "{r}");
    let steps = net.host.step_count();
    net.forge(0, defend(24, vec![7]));
    assert_eq!(net.host.step_count(), steps + 1);
    let last = net.seats[0]
        .inbox_log
        .iter()
        .rev()
        .find_map(|m| match m {
            ToSeat::Step(s) => Some(s.events.replace(' ', "")),
            _ => None,
        })
        .expect("the step reached the seat");
    assert!(last.contains("d8:7"), "{last}");
}
