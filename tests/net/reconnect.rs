//! Dropping out and coming back: the seat goes to the program or the game waits, as the host
//! chose; the player who comes back gets the game so far and plays on. A seat whose view went
//! wrong asks for the game again and writes what it got for a bug report.

use super::games::two_seats;
use wartable::net::host::OnDrop;
use wartable::net::loopback::Loopback;
use wartable::net::proto::ToSeat;
use wartable::rules::core::{Player, RulesId};

fn kog(on_drop: OnDrop) -> Loopback {
    let mut net = Loopback::new(
        RulesId::KogLight,
        &two_seats(11),
        &[Player::Program, Player::Remote],
        on_drop,
    )
    .unwrap();
    net.connect("Ann", true);
    for _ in 0..400 {
        net.step();
        if net.host.step_count() >= 30 {
            break;
        }
    }
    assert!(net.host.step_count() >= 30 && !net.host.is_over());
    net
}

#[test]
fn a_dropped_seat_is_played_by_the_program_until_its_player_comes_back() {
    let mut net = kog(OnDrop::Program);
    net.disconnect(0);
    assert_eq!(net.game.player(2), Player::Program);
    let at_drop = net.host.step_count();
    for _ in 0..30 {
        net.step();
    }
    assert!(
        net.host.step_count() > at_drop,
        "the program did not take the seat over"
    );
    let back = net.connect("Ann", true);
    net.step();
    assert_eq!(
        net.game.player(2),
        Player::Remote,
        "the seat went back to its player"
    );
    let c = &net.seats[back].client;
    assert_eq!(c.seat, Some(2));
    assert!(
        c.applied as usize >= at_drop,
        "the returning seat got the game so far"
    );
    net.run(20_000);
    assert!(net.host.is_over());
    let c = &net.seats[back].client;
    assert_eq!(c.error, None);
    assert_eq!(c.ending.as_ref().unwrap().replayed, Ok(net.game.hash()));
    assert!(
        net.host.lines.iter().any(|l| l.contains("Ann is back")),
        "{:?}",
        net.host.lines
    );
}

#[test]
fn a_dropped_seat_pauses_the_game_when_the_host_says_so() {
    let mut net = kog(OnDrop::Pause);
    net.disconnect(0);
    assert!(net.host.paused.is_some());
    let (steps, hash) = (net.host.step_count(), net.game.hash());
    for _ in 0..50 {
        net.step();
    }
    assert_eq!(
        net.host.step_count(),
        steps,
        "the game went on while paused"
    );
    assert_eq!(net.game.hash(), hash);
    let back = net.connect("Ann", true);
    net.run(20_000);
    assert!(net.host.paused.is_none());
    assert!(net.host.is_over());
    let c = &net.seats[back].client;
    assert_eq!(c.ending.as_ref().unwrap().replayed, Ok(net.game.hash()));
}

#[test]
fn a_view_that_went_wrong_is_sent_again_and_reported() {
    let dir = std::env::temp_dir().join(format!("wartable-net-report-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let mut net = kog(OnDrop::Program);
    net.host.report_dir = Some(dir.clone());
    net.seats[0].client.report_dir = Some(dir.clone());
    // A step whose hash is not the one the seat reaches (a corrupted message).
    let applied = net.seats[0].client.applied;
    let last = net.seats[0]
        .inbox_log
        .iter()
        .rev()
        .find_map(|m| match m {
            ToSeat::Step(s) => Some(s.clone()),
            _ => None,
        })
        .unwrap();
    let mut bad = last.clone();
    bad.n = applied + 1;
    bad.hash ^= 1;
    net.seats[0].client.receive(ToSeat::Step(bad));
    let c = &net.seats[0].client;
    assert!(c.game.is_none(), "the seat stops applying steps");
    assert!(
        c.lines
            .iter()
            .any(|l| l.contains("asking the host for the game again"))
    );
    net.run(20_000);
    assert!(net.host.is_over());
    let c = &net.seats[0].client;
    assert_eq!(c.error, None);
    assert_eq!(c.ending.as_ref().unwrap().replayed, Ok(net.game.hash()));
    // Both ends wrote their side for a bug report: the seat what it received, the host its save.
    let files: Vec<String> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    assert!(files.iter().any(|f| f.contains("-seat2-")), "{files:?}");
    assert!(files.iter().any(|f| f.contains("-host-")), "{files:?}");
    let host_save = files.iter().find(|f| f.contains("-host-")).unwrap();
    wartable::rules::kog::KogGame::load(&dir.join(host_save)).unwrap();
    let _ = std::fs::remove_dir_all(&dir);
}

/// Who plays each seat, as a seat's window lists it, follows the host: a seat handed to the
/// program at the host's screen is listed as the program's, at once.
#[test]
fn a_seat_sees_the_host_hand_its_side_to_the_program() {
    let mut net = Loopback::new(
        RulesId::KogLight,
        &two_seats(11),
        &[Player::Human, Player::Remote],
        OnDrop::Program,
    )
    .unwrap();
    let i = net.connect("Ann", true);
    net.step();
    assert_eq!(
        net.seats[i].client.players,
        vec![
            "a player at the host".to_string(),
            "Ann (online)".to_string()
        ]
    );
    net.game.set_player(1, Player::Program);
    net.step();
    let c = &net.seats[i].client;
    assert_eq!(c.players[0], "the program", "{:?}", c.players);
    assert!(
        c.lines.iter().any(|l| l == "seat 1: the program"),
        "{:?}",
        c.lines
    );
}
