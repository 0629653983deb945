//! Real games over UDP on 127.0.0.1: a headless host and a headless seat in one process, both
//! played by the program, to the end with equal hashes, in bounded loops.

use std::net::{IpAddr, Ipv4Addr};
use std::time::{Duration, Instant};
use wartable::net::headless::{HostPlan, HostedGame, host_app, join_app};
use wartable::net::host::OnDrop;
use wartable::net::transport::{NetHost, NetSeat};
use wartable::rules::core::{Player, RulesId};

fn plan(rules: RulesId, seed: u64) -> HostPlan {
    HostPlan {
        rules,
        setup: super::games::two_seats(seed),
        seats: vec![Player::Program, Player::Remote],
        bind: IpAddr::V4(Ipv4Addr::LOCALHOST),
        port: 0,
        public: Vec::new(),
        on_drop: OnDrop::Program,
    }
}

fn udp_game(rules: RulesId, seed: u64) {
    let (mut host, addr) = host_app(&plan(rules, seed)).unwrap();
    assert!(addr.ip().is_loopback());
    let mut seat = join_app(addr, "Ann", true).unwrap();
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
}

#[test]
fn kog_light_over_udp_to_the_end_with_equal_hashes() {
    udp_game(RulesId::KogLight, 3);
}

#[test]
fn krig_over_udp_to_the_end_with_equal_hashes() {
    udp_game(RulesId::Krig, 3);
}
