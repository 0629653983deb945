//! Real games over UDP on 127.0.0.1: a headless host and a headless seat in one process, both
//! played by the program, to the end with equal hashes, in bounded loops.

use std::net::{IpAddr, Ipv4Addr};
use std::time::{Duration, Instant};
use wartable::net::headless::{HostPlan, HostedGame, host_app, join_app};
use wartable::net::host::OnDrop;
use wartable::net::transport::{NetHost, NetSeat};
use wartable::rules::core::{Player, RulesId};

pub(super) fn plan(rules: RulesId, seed: u64) -> HostPlan {
    HostPlan {
        rules,
        setup: super::games::two_seats(seed),
        seats: vec![Player::Program, Player::Remote],
        bind: IpAddr::V4(Ipv4Addr::LOCALHOST),
        port: 0,
        public: Vec::new(),
        on_drop: OnDrop::Program,
        remote_dice: false,
        countdown: None,
        room: None,
        lineup: Default::default(),
    }
}

fn udp_game(rules: RulesId, seed: u64) {
    udp_game_of(&plan(rules, seed));
}

/// Plays `plan` over UDP to its end, host and seat by the program: the seat's client at the end.
fn udp_game_of(plan: &HostPlan) -> wartable::net::client::SeatClient {
    let (host, addr) = host_app(plan).unwrap();
    assert!(addr.ip().is_loopback());
    let seat = join_app(addr, "Ann", true).unwrap();
    play_to_end(plan.rules, host, seat)
}

/// Runs a connected host and seat (both played by the program) to the game's end and checks
/// their hashes agree: the seat's client at the end.
pub(super) fn play_to_end(
    rules: RulesId,
    host: bevy::app::App,
    seat: bevy::app::App,
) -> wartable::net::client::SeatClient {
    play_to_end_net(rules, host, seat).client
}

/// [`play_to_end`], with the seat's whole network end (its round trip too).
pub(super) fn play_to_end_net(
    rules: RulesId,
    mut host: bevy::app::App,
    mut seat: bevy::app::App,
) -> NetSeat {
    let start = Instant::now();
    loop {
        seat.update();
        host.update();
        let c = &seat.world().resource::<NetSeat>().client;
        assert_eq!(c.error, None, "{rules}: {:?}", c.lines);
        if c.ending.is_some() {
            break;
        }
        assert!(
            start.elapsed() < Duration::from_secs(120),
            "{rules}: no end after 120 s; the seat applied {} steps",
            c.applied
        );
        std::thread::sleep(Duration::from_millis(1));
    }
    let hash = host.world().resource::<HostedGame>().0.hash();
    let net = host.world().resource::<NetHost>();
    assert!(net.host.is_over());
    let c = &seat.world().resource::<NetSeat>().client;
    let end = c.ending.as_ref().unwrap();
    assert_eq!(end.host_hash, hash);
    assert_eq!(end.replayed, Ok(hash), "{rules}: the seat's replay differs");
    assert_eq!(c.applied as usize, net.host.step_count());
    assert!(c.applied > 5, "{rules}: a game of {} steps", c.applied);
    seat.world_mut()
        .remove_resource::<NetSeat>()
        .expect("the seat")
}

/// Kry-Gothic on a headless host with its interrupt clock (a countdown of 0.1 s): the host's
/// windows reach the seat, the host's program waits out each window of the seat's, and the
/// game still ends with equal hashes.
#[test]
fn kry_gothic_over_udp_with_the_hosts_interrupt_clock() {
    let mut p = plan(RulesId::KryGothic, 3);
    p.countdown = Some(0.1);
    let c = udp_game_of(&p);
    assert!(c.window_news > 0, "no window reached the seat");
}

#[test]
fn kog_light_over_udp_to_the_end_with_equal_hashes() {
    // renet measures the round trip: the seat's Online window shows it in ms.
    let p = plan(RulesId::KogLight, 3);
    let (host, addr) = host_app(&p).unwrap();
    let net = play_to_end_net(p.rules, host, join_app(addr, "Ann", true).unwrap());
    assert!(net.rtt.is_some(), "no round trip over UDP");
}

#[test]
fn krig_over_udp_to_the_end_with_equal_hashes() {
    udp_game(RulesId::Krig, 3);
}

/// A seat whose machine goes silent (no packets at all, not even a goodbye) is timed out by the
/// host's transport after 15 s without a packet; its seat goes to the program, which plays on.
/// The host's clock is stepped by hand (half a second a frame), so the test takes no 15 s.
#[test]
fn a_seat_that_stops_answering_is_timed_out_and_the_program_plays_on() {
    use bevy::time::TimeUpdateStrategy;
    let (mut host, addr) = host_app(&plan(RulesId::Krig, 5)).unwrap();
    // A player who does not move: the game waits on seat 2 once it is its turn.
    let mut seat = join_app(addr, "Ann", false).unwrap();
    let start = Instant::now();
    let holder = |host: &bevy::app::App| {
        host.world().resource::<NetHost>().host.remote_seats()[0]
            .1
            .clone()
    };
    while holder(&host).is_none() || seat.world().resource::<NetSeat>().client.applied == 0 {
        seat.update();
        host.update();
        assert!(start.elapsed() < Duration::from_secs(20), "no connection");
        std::thread::sleep(Duration::from_millis(1));
    }
    assert_eq!(holder(&host).as_deref(), Some("Ann"));
    // Let the game reach seat 2's turn and stall there.
    for _ in 0..200 {
        host.update();
    }
    let stalled = host.world().resource::<NetHost>().host.step_count();
    for _ in 0..50 {
        host.update();
    }
    assert_eq!(
        host.world().resource::<NetHost>().host.step_count(),
        stalled,
        "the game waits on the silent seat"
    );
    // From here the seat's app is never updated again: it sends nothing.
    host.insert_resource(TimeUpdateStrategy::ManualDuration(Duration::from_millis(
        500,
    )));
    let mut frames = 0;
    let left = |host: &bevy::app::App| {
        host.world()
            .resource::<NetHost>()
            .host
            .lines
            .iter()
            .any(|l| l.contains("Ann left; the program plays seat 2"))
    };
    while !left(&host) {
        host.update();
        frames += 1;
        assert!(frames < 80, "not timed out after 40 s of the host's clock");
    }
    assert!(
        frames >= 26,
        "timed out after {frames} half-seconds: before netcode's 15 s"
    );
    assert_eq!(holder(&host), None, "the seat is free again");
    let game = &host.world().resource::<HostedGame>().0;
    assert_eq!(game.player(2), Player::Program);
    for _ in 0..20 {
        host.update();
    }
    assert!(
        host.world().resource::<NetHost>().host.step_count() > stalled,
        "the program plays seat 2 on"
    );
}
