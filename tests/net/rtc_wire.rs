//! The bad-input suite over the networks: a seated player's connection sends what no Wartable
//! seat sends (messages for another seat, malformed, illegal, oversized, a flood), over UDP
//! and over WebRTC, and gets the answers the in-memory host gives (`bad_input`). Over WebRTC,
//! frames that break the framing (a channel that does not exist, a message over the cap) close
//! that connection, and the host says so.

use super::bad_input::refusal_cases;
use super::rtc::{room_plan, seat, server, until};
use super::udp::plan;
use bevy::app::App;
use wartable::net::headless::{HostedGame, host_app, join_app, room_host_app};
use wartable::net::proto::ToHost;
use wartable::net::rtc::{CHUNK, MAX_FROM_SEAT, RtcSeat, send_raw_frame};
use wartable::net::signal::SignalServer;
use wartable::net::transport::{NetHost, NetSeat};
use wartable::rules::core::{Player, RulesId};

enum Via {
    Udp,
    Rtc(SignalServer),
}

/// A Krig duel hosted over `via`, its seat 2 a person online (who proposes nothing unless the
/// test says so), until the game waits on that seat.
fn duel(via: &Via) -> (App, App) {
    let (mut host, mut seat_app) = match via {
        Via::Udp => {
            let (host, addr) = host_app(&plan(RulesId::Krig, 4)).unwrap();
            (host, join_app(addr, "Ann", false).unwrap())
        }
        Via::Rtc(s) => {
            let (mut host, code) = room_host_app(&room_plan(RulesId::Krig, 4, s)).unwrap();
            until(&mut [&mut host], 10, "the room opens", |_| {
                s.state.room_count() == 1
            });
            (host, seat(s, &code, "Ann", false))
        }
    };
    until(&mut [&mut host, &mut seat_app], 30, "seat 2's turn", |a| {
        a[1].world().resource::<NetSeat>().client.my_turn()
    });
    (host, seat_app)
}

fn refusals(seat: &App) -> Vec<String> {
    let c = &seat.world().resource::<NetSeat>().client;
    c.lines
        .iter()
        .filter(|l| l.starts_with("refused: "))
        .cloned()
        .collect()
}

fn hash(host: &App) -> (u64, usize) {
    (
        host.world().resource::<HostedGame>().0.hash(),
        host.world().resource::<NetHost>().host.step_count(),
    )
}

fn refused_over(via: Via) {
    let (mut host, mut seat_app) = duel(&via);
    let before = hash(&host);
    for (msg, why) in refusal_cases() {
        let n = refusals(&seat_app).len();
        seat_app.world_mut().write_message(msg.clone());
        until(&mut [&mut seat_app, &mut host], 10, why, |a| {
            refusals(a[0]).len() > n
        });
        let r = refusals(&seat_app).pop().unwrap_or_default();
        assert!(r.contains(why), "{msg:?}: '{r}', expected '{why}'");
        assert_eq!(hash(&host), before, "the host's game changed");
        assert_eq!(seat_app.world().resource::<NetSeat>().client.error, None);
    }
    // A flood: refused, then the connection is closed; the game is unchanged.
    for i in 0..400 {
        seat_app.world_mut().write_message(ToHost::Propose {
            id: 1000 + i,
            seat: 2,
            command: "Attack((".into(),
            dice: vec![],
        });
    }
    until(
        &mut [&mut seat_app, &mut host],
        20,
        "the flood's answer",
        |a| a[0].world().resource::<NetSeat>().client.error.is_some(),
    );
    let e = seat_app.world().resource::<NetSeat>().client.error.clone();
    assert!(
        e.as_deref().unwrap_or("").contains("too many messages"),
        "{e:?}"
    );
    assert!(
        refusals(&seat_app)
            .iter()
            .any(|r| r.contains("too many messages"))
    );
    // Its seat went to the program (which plays on: the game moves from here).
    until(&mut [&mut host], 10, "the host lets the seat go", |a| {
        left(a[0])
    });
    assert_eq!(
        host.world().resource::<HostedGame>().0.player(2),
        Player::Program
    );
}

fn left(host: &App) -> bool {
    host.world()
        .resource::<NetHost>()
        .host
        .lines
        .iter()
        .any(|l| l.contains("Ann left; the program plays seat 2"))
}

#[test]
fn bad_messages_over_udp_get_the_in_memory_hosts_answers() {
    refused_over(Via::Udp);
}

#[test]
fn bad_messages_over_webrtc_get_the_in_memory_hosts_answers() {
    refused_over(Via::Rtc(server()));
}

/// Frames past the framing: a channel byte that names no channel, and a message over the cap
/// in chunks. Each closes its connection (replicon would panic on the first); the host says so,
/// and the program takes the seat.
#[test]
fn webrtc_frames_on_unknown_channels_or_over_the_cap_close_that_connection() {
    let frames: [(Vec<Vec<u8>>, &str); 3] = [
        (
            vec![vec![200, 0, 1, 2, 3]],
            "on channel 200, which does not exist",
        ),
        (vec![vec![1]], "a frame too short to read"),
        (
            (0..MAX_FROM_SEAT / CHUNK + 1)
                .map(|_| {
                    let mut f = vec![1, 1];
                    f.extend(std::iter::repeat_n(b'x', CHUNK));
                    f
                })
                .collect(),
            "over 65536 bytes",
        ),
    ];
    for (frames, why) in frames {
        // Each case its own server: the default rate limit is for people, not for a test.
        let (mut host, mut seat_app) = duel(&Via::Rtc(server()));
        {
            let mut rtc = seat_app.world_mut().resource_mut::<RtcSeat>();
            for f in frames {
                assert!(send_raw_frame(&mut rtc, f));
            }
        }
        let said = |a: &App, what: &str| {
            a.world()
                .resource::<NetHost>()
                .host
                .lines
                .iter()
                .any(|l| l.contains(what))
        };
        until(&mut [&mut seat_app, &mut host], 20, why, |a| {
            said(a[1], why)
        });
        until(&mut [&mut host], 10, "the host lets the seat go", |a| {
            left(a[0])
        });
        assert_eq!(
            host.world().resource::<HostedGame>().0.player(2),
            Player::Program
        );
    }
}
