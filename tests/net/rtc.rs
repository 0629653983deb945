//! Games over WebRTC on this machine: a signalling server in the test process on 127.0.0.1,
//! a host that opens a room on it and a seat that joins by the room code, both in this
//! process, with no STUN server (the machines' own addresses). Every wait is bounded.

use super::udp::{plan, play_to_end, play_to_end_net};
use bevy::app::App;
use matchbox_socket::{ChannelConfig, PeerState, RtcIceServerConfig, WebRtcSocketBuilder};
use std::net::SocketAddr;
use std::time::{Duration, Instant};
use wartable::net::headless::{
    HostPlan, HostedGame, RoomLink, Target, join_target_app, room_host_app,
};
use wartable::net::rtc::{IceConfig, RtcHost};
use wartable::net::signal::{HOST_SUFFIX, RateLimit, SignalServer};
use wartable::net::transport::{NetHost, NetSeat};
use wartable::rules::core::{Player, RulesId};

pub(super) fn server() -> SignalServer {
    SignalServer::start(SocketAddr::from(([127, 0, 0, 1], 0)), RateLimit::default()).unwrap()
}

pub(super) fn link(s: &SignalServer) -> RoomLink {
    RoomLink {
        signal: s.addr.to_string(),
        ice: IceConfig::default(),
    }
}

pub(super) fn room_plan(rules: RulesId, seed: u64, s: &SignalServer) -> HostPlan {
    let mut p = plan(rules, seed);
    p.room = Some(link(s));
    p
}

pub(super) fn seat(s: &SignalServer, code: &str, name: &str, program: bool) -> App {
    let target = Target::Room {
        link: link(s),
        code: code.into(),
    };
    join_target_app(&target, name, program).unwrap()
}

/// Updates `apps` until `done` holds, for at most `secs` seconds.
pub(super) fn until(
    apps: &mut [&mut App],
    secs: u64,
    what: &str,
    mut done: impl FnMut(&[&mut App]) -> bool,
) {
    let start = Instant::now();
    while !done(apps) {
        for a in apps.iter_mut() {
            a.update();
        }
        assert!(
            start.elapsed() < Duration::from_secs(secs),
            "{what}: not within {secs} s"
        );
        std::thread::sleep(Duration::from_millis(2));
    }
}

/// Two bare matchbox sockets meet in a room of the signalling server (the host's path with
/// its suffix, the seat's with the bare code) and send each other a message on the reliable
/// channel, over the machine's own addresses with no STUN server.
#[test]
fn two_webrtc_peers_meet_in_a_room_and_exchange_a_reliable_message() {
    let s = server();
    let code = wartable::net::room_code::draw();
    let open = |path: String| {
        let (socket, message_loop) = WebRtcSocketBuilder::new(format!("ws://{}/{path}", s.addr))
            .ice_server(RtcIceServerConfig {
                urls: vec![],
                username: None,
                credential: None,
            })
            .reconnect_attempts(Some(1))
            .add_channel(ChannelConfig::reliable())
            .build();
        std::thread::spawn(move || {
            let _ = bevy::tasks::block_on(message_loop);
        });
        socket
    };
    let mut host = open(format!("{code}{HOST_SUFFIX}"));
    // The seat only once the room exists.
    let start = Instant::now();
    while host.id().is_none() {
        assert!(
            start.elapsed() < Duration::from_secs(10),
            "no id from the server"
        );
        std::thread::sleep(Duration::from_millis(5));
    }
    let mut seat = open(code.clone());
    let (mut host_sees, mut seat_sees) = (None, None);
    let mut got = None;
    let start = Instant::now();
    while got.is_none() {
        for (p, st) in host.update_peers() {
            if st == PeerState::Connected {
                host_sees = Some(p);
            }
        }
        for (p, st) in seat.update_peers() {
            if st == PeerState::Connected && seat_sees.is_none() {
                seat_sees = Some(p);
                seat.channel_mut(0).send(b"hello host"[..].into(), p);
            }
        }
        for (p, m) in host.channel_mut(0).receive() {
            got = Some((p, m));
        }
        assert!(
            start.elapsed() < Duration::from_secs(20),
            "no message within 20 s (host sees {host_sees:?}, seat sees {seat_sees:?})"
        );
        std::thread::sleep(Duration::from_millis(5));
    }
    let (from, msg) = got.unwrap();
    assert_eq!(&msg[..], b"hello host");
    assert_eq!(Some(from), host_sees);
    assert_eq!(seat_sees, host.id(), "the seat's one peer is the host");
    host.close();
    seat.close();
}

fn game_over_rtc(p: &HostPlan, s: &SignalServer) -> NetSeat {
    let (mut host, code) = room_host_app(p).unwrap();
    assert!(wartable::net::room_code::is_code(&code), "{code}");
    // The seat joins once the host's room is open.
    until(&mut [&mut host], 10, "the room opens", |a| {
        a[0].world().resource::<RtcHost>().failure.is_none() && s.state.room_count() == 1
    });
    let seat = seat(s, &code, "Ann", true);
    play_to_end_net(p.rules, host, seat)
}

#[test]
fn kog_light_over_webrtc_by_room_code_to_the_end_with_equal_hashes() {
    let s = server();
    let net = game_over_rtc(&room_plan(RulesId::KogLight, 3, &s), &s);
    // matchbox reports no round trip: the Online window says n/a, not a false 0 ms.
    assert_eq!(net.rtt, None);
}

/// Kry-Gothic with the host's interrupt clock (a countdown of 0.1 s), over WebRTC.
#[test]
fn kry_gothic_over_webrtc_with_the_hosts_interrupt_clock() {
    let s = server();
    let mut p = room_plan(RulesId::KryGothic, 3, &s);
    p.countdown = Some(0.1);
    let c = game_over_rtc(&p, &s).client;
    assert!(c.window_news > 0, "no window reached the seat");
}

/// A seat whose connection closes mid-game is played by the program; the same player joins
/// again by the room code, gets the game so far and plays it to the end.
#[test]
fn a_seat_that_drops_comes_back_by_the_room_code() {
    let s = server();
    let p = room_plan(RulesId::KogLight, 11, &s);
    let (mut host, code) = room_host_app(&p).unwrap();
    until(&mut [&mut host], 10, "the room opens", |_| {
        s.state.room_count() == 1
    });
    let mut first = seat(&s, &code, "Ann", true);
    until(&mut [&mut host, &mut first], 30, "ten steps", |a| {
        a[1].world().resource::<NetSeat>().client.applied >= 10
    });
    let steps = |a: &App| a.world().resource::<NetHost>().host.step_count();
    let said = |a: &App, what: &str| {
        a.world()
            .resource::<NetHost>()
            .host
            .lines
            .iter()
            .any(|l| l.contains(what))
    };
    wartable::net::transport::close(first.world_mut());
    first.update();
    drop(first);
    until(&mut [&mut host], 30, "the host sees the seat leave", |a| {
        said(a[0], "Ann left; the program plays seat 2")
    });
    assert_eq!(
        host.world().resource::<HostedGame>().0.player(2),
        Player::Program
    );
    let at_drop = steps(&host);
    until(&mut [&mut host], 30, "the program plays on", |a| {
        steps(a[0]) > at_drop
    });
    if host.world().resource::<NetHost>().host.is_over() {
        panic!("the game ended before the seat came back; pick a longer game");
    }
    let back = seat(&s, &code, "Ann", true);
    let c = play_to_end(p.rules, host, back);
    assert!(c.applied as usize > at_drop);
}

/// What the signalling server answers, as a seat and a host read it: an unknown room, a code
/// in use (the host draws another and says so), and an address that tries too often; and a
/// server that is not there.
#[test]
fn the_signalling_server_refuses_with_clear_messages_and_a_missing_server_does_not_hang() {
    let s = server();
    let error_of = |mut app: App| -> String {
        let mut err = None;
        until(&mut [&mut app], 20, "an answer", |a| {
            err = a[0].world().resource::<NetSeat>().client.error.clone();
            err.is_some()
        });
        err.unwrap()
    };
    let e = error_of(seat(&s, "WT-2345678", "Ann", true));
    assert!(e.contains("no game is hosted with this room code"), "{e}");

    let p = room_plan(RulesId::Krig, 1, &s);
    let (mut a, code) = room_host_app(&p).unwrap();
    until(&mut [&mut a], 10, "the room opens", |_| {
        s.state.room_count() == 1
    });
    let mut b = wartable::net::headless::net_app();
    let mut game = wartable::net::headless::host_game(p.rules, &p.setup, &p.seats).unwrap();
    let (h, _) = wartable::net::host::Host::offer(game.as_mut(), p.on_drop).unwrap();
    wartable::net::transport::open_room_host(
        b.world_mut(),
        h,
        &s.addr.to_string(),
        &code,
        &IceConfig::default(),
        3,
    );
    // The window's status line, as hosting set it: it follows the new code.
    b.insert_resource(wartable::app::base::state::Notices {
        status: format!("Hosting on room {code}"),
        ..Default::default()
    });
    b.add_systems(
        bevy::prelude::Update,
        wartable::app::screens::play::online::room_code_in_status,
    );
    // The server answers 409: the second host draws another code and opens its room under it.
    until(
        &mut [&mut a, &mut b],
        20,
        "the second host's room under a new code",
        |_| s.state.room_count() == 2,
    );
    b.update();
    let rtc = b.world().resource::<RtcHost>();
    assert_eq!(rtc.failure, None);
    assert_ne!(rtc.code, code);
    assert!(wartable::net::room_code::is_code(&rtc.code), "{}", rtc.code);
    let net = b.world().resource::<NetHost>();
    assert_eq!(
        net.room.as_deref(),
        Some(rtc.code.as_str()),
        "the code shown"
    );
    let said = format!(
        "room code {code} is in use at the signalling server; this game's room code is now {}",
        rtc.code
    );
    assert!(net.host.lines.contains(&said), "{:?}", net.host.lines);
    assert_eq!(
        b.world()
            .resource::<wartable::app::base::state::Notices>()
            .status,
        format!("Hosting on room {}", rtc.code),
        "the status line names the code in use"
    );
    // A seat finds the second host by its new code.
    let new_code = rtc.code.clone();
    let mut c = seat(&s, &new_code, "Ann", true);
    until(
        &mut [&mut a, &mut b, &mut c],
        20,
        "the seat reaches the host",
        |x| x[2].world().resource::<NetSeat>().greeted,
    );

    // A server that lets an address try twice, then once in 1000 s.
    let tight = SignalServer::start(
        SocketAddr::from(([127, 0, 0, 1], 0)),
        RateLimit {
            per_second: 0.001,
            burst: 2.0,
        },
    )
    .unwrap();
    for _ in 0..2 {
        let e = error_of(seat(&tight, "WT-2345678", "Ann", true));
        assert!(e.contains("no game is hosted"), "{e}");
    }
    let e = error_of(seat(&tight, "WT-2345678", "Ann", true));
    assert!(e.contains("refuses more tries"), "{e}");

    // Nothing listens on this port once the server is gone.
    let gone = tight.addr;
    drop(tight);
    let start = Instant::now();
    let target = Target::Room {
        link: RoomLink {
            signal: gone.to_string(),
            ice: IceConfig::default(),
        },
        code: "WT-2345678".into(),
    };
    let e = error_of(join_target_app(&target, "Ann", true).unwrap());
    assert!(e.contains("cannot reach the signalling server"), "{e}");
    assert!(e.contains("wartable signal"), "says what to try: {e}");
    assert!(start.elapsed() < Duration::from_secs(15));
}

/// More connections than a game has places (its remote seats and two more, as over UDP): the
/// two extra are told the game is full by the protocol; one more is not heard at all, and the
/// host says "someone tried to join; refused". The seated player plays on.
#[test]
fn extra_peers_in_a_room_are_turned_away_and_reported() {
    let s = server();
    let p = room_plan(RulesId::Krig, 4, &s);
    let (mut host, code) = room_host_app(&p).unwrap();
    until(&mut [&mut host], 10, "the room opens", |_| {
        s.state.room_count() == 1
    });
    let mut ann = seat(&s, &code, "Ann", true);
    until(&mut [&mut host, &mut ann], 20, "Ann is seated", |a| {
        a[1].world().resource::<NetSeat>().client.seat == Some(2)
    });
    let mut extra: Vec<App> = ["Bob", "Cy"]
        .iter()
        .map(|n| seat(&s, &code, n, true))
        .collect();
    let [b, c] = &mut extra[..] else {
        unreachable!()
    };
    until(
        &mut [&mut host, &mut ann, b, c],
        20,
        "both told the game is full",
        |a| {
            a[2..].iter().all(|x| {
                x.world()
                    .resource::<NetSeat>()
                    .client
                    .error
                    .as_deref()
                    .is_some_and(|e| e.contains("the game is full"))
            })
        },
    );
    // Bob and Cy still hold their WebRTC connections (a peer cannot be cut off): the next one
    // is one too many.
    let mut dan = seat(&s, &code, "Dan", true);
    let refused = |a: &App| {
        a.world()
            .resource::<NetHost>()
            .host
            .lines
            .iter()
            .any(|l| l.contains("someone tried to join; refused"))
    };
    until(
        &mut [&mut host, &mut ann, b, c, &mut dan],
        20,
        "Dan refused",
        |a| refused(a[0]),
    );
    let d = &dan.world().resource::<NetSeat>().client;
    assert_eq!(d.seat, None, "Dan got no seat");
    assert_eq!(d.applied, 0, "Dan saw nothing of the game");
    // Ann still hears the host: she has every step it played.
    until(&mut [&mut host, &mut ann], 20, "Ann has the game", |a| {
        let c = &a[1].world().resource::<NetSeat>().client;
        c.applied as usize == a[0].world().resource::<NetHost>().host.step_count() && c.applied > 0
    });
    assert_eq!(ann.world().resource::<NetSeat>().client.error, None);
}

/// A room code as a player types it reads as its written form; look-alike letters and wrong
/// lengths do not, and drawn codes are codes.
#[test]
fn room_codes_read_as_typed_and_drawn_codes_are_codes() {
    use wartable::net::room_code::{draw, is_code, normalize};
    assert_eq!(normalize(" wt-7k3q 9ab ").unwrap(), "WT-7K3Q9AB");
    assert_eq!(normalize("7K3Q9AB").unwrap(), "WT-7K3Q9AB");
    assert_eq!(normalize("WT7K3Q9AB").unwrap(), "WT-7K3Q9AB");
    // A code whose symbols begin with W and T.
    assert_eq!(normalize("WT2345W").unwrap(), "WT-WT2345W");
    assert!(
        normalize("WT-7K3Q")
            .unwrap_err()
            .contains("7 letters or digits")
    );
    assert!(normalize("WT-0K3Q9AB").unwrap_err().contains("'0'"));
    assert!(normalize("WT-IK3Q9AB").is_err());
    assert!(
        !is_code("wt-7k3q9ab"),
        "the server takes the written form only"
    );
    let codes: std::collections::HashSet<String> = (0..50).map(|_| draw()).collect();
    assert_eq!(codes.len(), 50);
    assert!(codes.iter().all(|c| is_code(c)), "{codes:?}");
}

/// Settings -> Online's STUN field takes `none` as the command line's `--stun none` does: no
/// STUN server (a URL `none` would only fail inside WebRTC).
#[test]
fn settings_stun_none_means_no_stun_server() {
    use wartable::app::base::settings::OnlineSettings;
    let mut o = OnlineSettings {
        stun: "none".into(),
        ..Default::default()
    };
    assert_eq!(o.link().ice.stun, Vec::<String>::new());
    o.stun = " stun:a.example:3478 , NONE,".into();
    assert_eq!(o.link().ice.stun, vec!["stun:a.example:3478".to_string()]);
}
