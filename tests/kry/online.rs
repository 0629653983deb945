//! Kry-Gothic online: the interrupt windows and their countdown run on the host's clock. A
//! host's play screen (side 1 played there) and a seat's (side 2, at "another machine") are
//! wired in memory through the protocol's host and client, with the glue the app runs each
//! frame; the seat's interrupt key and pass travel to the host, the host's window to the seat.

use super::game::{apart, mv, small};
use super::*;
use wartable::app::game::session::DynGame;
use wartable::app::game::session::OnlineSeat;
use wartable::app::game::session::PlaySession;
use wartable::app::games::kry::session::KrySession;
use wartable::app::games::kry::tempo::WindowKind;
use wartable::app::screens::play::online::{host_clock, seat_clock};
use wartable::net::client::SeatClient;
use wartable::net::host::{Host, OnDrop, Out};
use wartable::net::proto::{ToHost, ToSeat};
use wartable::rules::core::Player;
use wartable::rules::kry::command::MoveKind;

const PEER: u64 = 7;

/// The small game deployed as `start` does, the AP dice typed in (in the log, so that a host
/// can send the steps so far).
fn deployed() -> KryGame {
    let mut g = small(&[]);
    for side in [1u8, 2] {
        for (id, x, y, f) in apart() {
            if g.state.models[&ModelId(id)].side == side {
                let c = Command::Deploy {
                    model: ModelId(id),
                    at: Pt::new(x, y),
                    facing: f,
                };
                g.play(side, c).expect("deployed");
            }
        }
        let dice: &[u32] = if side == 2 { &[3, 3] } else { &[] };
        g.play_with(side, Command::FinishDeployment, dice)
            .expect("deployed: the AP dice 3 and 3");
    }
    g
}

/// Both screens and the network between them.
struct Net {
    host: Host,
    at_host: KrySession,
    client: SeatClient,
    at_seat: KrySession,
    news: u32,
    now: f64,
    /// Every message the host sent the seat.
    sent: Vec<ToSeat>,
}

impl Net {
    /// Side 1 played at the host, side 2 joined by Ann; the host's countdown `countdown`.
    fn new(countdown: f32) -> Self {
        let mut g = deployed();
        g.set_player(1, Player::Human);
        g.set_player(2, Player::Remote);
        let mut at_host = KrySession::new(g, None);
        at_host.host_countdown(Some(countdown));
        let host = Host::new(
            &mut at_host.game,
            OnDrop::Program,
            wartable::net::data_hash(),
        );
        let mut net = Net {
            host,
            at_host,
            client: SeatClient::new("Ann", false),
            at_seat: KrySession::new(small(&[]), None),
            news: 0,
            now: 0.0,
            sent: Vec::new(),
        };
        net.host.connected(PEER, 0.0);
        net.client.hello();
        net.carry(0.0);
        assert_eq!(net.client.seat, Some(2), "{:?}", net.client.lines);
        assert_eq!(net.client.error, None, "{:?}", net.client.lines);
        assert!(
            net.client.applied > 0,
            "{:?} {:?}",
            net.client.lines,
            net.sent
        );
        // The seat's screen, as the app builds it once welcomed.
        let seen: &KryGame = net
            .client
            .game
            .as_ref()
            .expect("welcomed")
            .as_any()
            .downcast_ref()
            .expect("a Kry-Gothic game");
        let mut at_seat = KrySession::new(seen.clone(), None);
        at_seat.game.set_player(1, Player::Remote);
        at_seat.game.set_player(2, Player::Human);
        at_seat.shell.online_seat = Some(OnlineSeat {
            seat: 2,
            ..Default::default()
        });
        at_seat.seat_window(net.client.window.as_ref());
        net.news = net.client.window_news;
        net.at_seat = at_seat;
        net
    }

    /// One frame of `dt` seconds at both screens: the seat's proposals and asks to the host,
    /// the host's clock, the host's answers to the seat, the seat's screen brought up to date.
    fn carry(&mut self, dt: f32) {
        self.now += dt as f64;
        if let Some(o) = self.at_seat.shell.online_seat.as_mut() {
            for (cmd, dice) in std::mem::take(&mut o.outbox) {
                self.client.propose(cmd, dice);
            }
        }
        seat_clock(&mut self.client, &mut self.at_seat, &mut self.news);
        for m in self.client.take_out() {
            self.host.receive(&mut self.at_host.game, PEER, m, self.now);
        }
        self.at_host.tick(dt).expect("the host's clock");
        host_clock(&mut self.host, &mut self.at_host);
        for o in self.host.take_out() {
            match o {
                Out::Send(PEER, m) => {
                    self.sent.push(m.clone());
                    self.client.receive(m);
                }
                o => panic!("{o:?}"),
            }
        }
        if let Some(g) = self.client.game.as_ref() {
            assert!(self.at_seat.game.mirror_from(g.as_any()));
        }
        seat_clock(&mut self.client, &mut self.at_seat, &mut self.news);
        self.at_seat.tick(dt).expect("the seat's screen");
    }

    fn window_messages(&self) -> usize {
        self.sent
            .iter()
            .filter(|m| matches!(m, ToSeat::Window(_)))
            .count()
    }

    fn pos(&self, m: u32) -> Pt {
        self.at_seat
            .state()
            .table
            .model(id(m))
            .expect("on the table")
            .pos
    }
}

/// "the other player may interrupt at ANY stage", online: after the host's player orders, side
/// 2's window opens on the host's clock and shows at the seat with the host's countdown; the
/// seat's interrupt key claims it there (the countdown stops) and its pass closes it, and the
/// host's player is held meanwhile.
#[test]
fn the_seats_key_and_pass_reach_the_window_on_the_hosts_clock() {
    let mut net = Net::new(4.0);
    net.at_host
        .order(1, mv(2, 10.0, 4.5, MoveKind::Normal))
        .expect("side 1 moves at the host");
    net.carry(0.5);
    assert_eq!(net.pos(2), Pt::new(10.0, 4.5), "the move reached the seat");
    let w = net.at_seat.tempo.window.clone().expect("side 2's window");
    assert_eq!(
        (w.side, w.kind, w.claimed),
        (2, WindowKind::AfterOrder, false)
    );
    // 3.5 s left on the host's clock when sent, then half a second of the seat's own.
    assert!(w.left.is_some_and(|l| (l - 3.0).abs() < 1e-3), "{w:?}");
    assert_eq!(net.at_seat.tempo.countdown, Some(4.0), "the host's length");
    // The host's countdown runs; the seat's shows it run but leaves the closing to the host.
    for _ in 0..3 {
        net.carry(0.5);
    }
    let host_left = net.at_host.tempo.window.as_ref().and_then(|w| w.left);
    assert!(
        host_left.is_some_and(|l| (l - 2.0).abs() < 1e-3),
        "{host_left:?}"
    );
    assert_eq!(
        net.window_messages(),
        1,
        "sent when it opened, not as it ran"
    );
    let e = net
        .at_host
        .order(1, mv(3, 16.0, 4.5, MoveKind::Normal))
        .expect_err("side 1 waits for side 2's window");
    assert!(e.to_string().contains("side 2 may interrupt"), "{e}");

    // Ann presses her interrupt key at her machine: the host's window is claimed.
    net.at_seat.interrupt(2);
    net.carry(0.5);
    let w = net.at_host.tempo.window.clone().expect("open at the host");
    assert!(w.claimed && w.left.is_none(), "{w:?}");
    let w = net.at_seat.tempo.window.clone().expect("open at the seat");
    assert!(w.claimed && w.left.is_none(), "{w:?}");
    for _ in 0..20 {
        net.carry(0.5);
    }
    assert!(
        net.at_host.tempo.window.is_some(),
        "claimed, it does not run out"
    );

    // She passes: the window closes at the host and at the seat, and side 1 may go on.
    net.at_seat.pass().expect("a pass");
    net.carry(0.5);
    assert!(net.at_host.tempo.window.is_none());
    assert!(net.at_seat.tempo.window.is_none());
    net.at_host
        .order(1, mv(3, 16.0, 4.5, MoveKind::Normal))
        .expect("side 1 goes on");
    net.carry(0.1);
    assert_eq!(net.pos(3), Pt::new(16.0, 4.5));
}

/// "perhaps only 4 seconds to make up your mind", online: a combo's window for the seat runs out
/// on the host's clock, the host passes for it, and the combo goes on at both screens.
#[test]
fn a_combo_window_runs_out_on_the_hosts_clock() {
    let mut net = Net::new(2.0);
    let steps = vec![
        mv(2, 10.0, 4.5, MoveKind::Normal),
        mv(2, 10.0, 7.0, MoveKind::Normal),
    ];
    net.at_host
        .order(1, Command::Order { steps })
        .expect("the combo is given");
    net.carry(0.5);
    let w = net
        .at_seat
        .tempo
        .window
        .clone()
        .expect("the combo's window");
    assert_eq!(
        (w.side, w.kind),
        (
            2,
            WindowKind::Combo {
                waiting_only: false
            }
        )
    );
    assert_eq!(net.pos(2), Pt::new(10.0, 4.5), "the next step waits");
    net.carry(0.5);
    net.carry(0.5);
    assert_eq!(net.pos(2), Pt::new(10.0, 4.5), "1.5 s of 2 gone");
    net.carry(0.5);
    net.carry(0.5);
    assert_eq!(
        net.pos(2),
        Pt::new(10.0, 7.0),
        "time was up: the combo went on"
    );
    assert!(net.at_seat.tempo.window.is_none());
    let last = net.at_host.game.log.last().cloned().expect("a command");
    assert_eq!((last.seat, last.cmd), (2, Command::Pass), "passed for Ann");
    assert_eq!(
        net.at_host.state().tally[0].combo_commands,
        2,
        "it completed"
    );
}

/// The host decides: while side 1's window is open (after Ann's order), another order of Ann's
/// is refused by the host with the reason, even one that skipped her own screen's check, and
/// nothing changes; a command allowed at any time (cancelling a combo) is put to the rules.
#[test]
fn the_host_holds_a_seat_while_another_seats_window_is_open() {
    let mut net = Net::new(4.0);
    net.at_seat
        .order(2, mv(5, 10.0, 19.5, MoveKind::Normal))
        .expect("Ann moves");
    net.carry(0.1);
    assert_eq!(net.pos(5), Pt::new(10.0, 19.5));
    let w = net
        .host
        .window()
        .cloned()
        .expect("side 1's window at the host");
    assert_eq!((w.seat, w.combo), (1, false));
    assert_eq!(
        net.at_seat.tempo.window.as_ref().map(|w| w.side),
        Some(1),
        "shown at the seat"
    );
    // Her screen holds her...
    let e = net
        .at_seat
        .order(2, mv(6, 16.0, 19.5, MoveKind::Normal))
        .expect_err("held at the seat");
    assert!(e.to_string().contains("side 1 may interrupt"), "{e}");
    // ...and so does the host, for a proposal sent past her screen.
    let before = net.at_host.game.hash();
    let cmd = ron::to_string(&mv(6, 16.0, 19.5, MoveKind::Normal)).unwrap();
    net.client.propose(cmd, Vec::new());
    net.carry(0.1);
    assert_eq!(net.at_host.game.hash(), before, "nothing changed");
    let refusal = net.client.lines.last().cloned().unwrap_or_default();
    assert!(
        refusal.contains("seat 1 may interrupt now"),
        "{:?}",
        net.client.lines
    );
    let cancel = ron::to_string(&Command::CancelCombo).unwrap();
    net.client.propose(cancel, Vec::new());
    net.carry(0.1);
    let refusal = net.client.lines.last().cloned().unwrap_or_default();
    assert!(
        refusal.starts_with("refused: ") && !refusal.contains("may interrupt"),
        "the rules answer it: {refusal}"
    );
    // The host's player passes: Ann may go on.
    net.at_host.pass().expect("side 1 passes");
    net.carry(0.1);
    assert!(net.at_seat.tempo.window.is_none());
    net.at_seat
        .order(2, mv(6, 16.0, 19.5, MoveKind::Normal))
        .expect("Ann goes on");
    net.carry(0.1);
    assert_eq!(net.pos(6), Pt::new(16.0, 19.5));
}

/// A seat that joins while a window is open is told of it after its welcome; a seat's key is a
/// message the host passes on with the seat it came from, and only from a seated connection.
#[test]
fn a_late_seat_learns_the_open_window_and_keys_carry_their_seat() {
    let mut net = Net::new(4.0);
    net.at_host
        .order(1, mv(2, 10.0, 4.5, MoveKind::Normal))
        .expect("side 1 moves");
    net.carry(0.1);
    // A second connection: the game is full, but before that it says nothing but a key.
    net.host.connected(9, net.now);
    net.host.receive(
        &mut net.at_host.game,
        9,
        ToHost::Tempo(wartable::net::proto::TempoAsk::Interrupt),
        net.now,
    );
    let out = net.host.take_out();
    assert!(
        out.iter().any(|o| matches!(o, Out::Drop(9, _))),
        "a key before the greeting: {out:?}"
    );
    assert!(net.host.take_asks().is_empty());
    // Ann drops and comes back: her welcome is followed by the open window.
    net.host.disconnected(&mut net.at_host.game, PEER);
    net.host.take_out();
    net.host.connected(PEER, net.now);
    net.client = SeatClient::new("Ann", false);
    net.client.hello();
    net.sent.clear();
    net.carry(0.1);
    assert!(
        matches!(net.sent.first(), Some(ToSeat::Welcome(_))),
        "{:?}",
        net.sent
    );
    let w = net
        .client
        .window
        .clone()
        .expect("the window, after the welcome");
    assert_eq!(w.seat, 2);
}

/// "Deploy the rest for me" at an online seat: each waiting model is proposed once, at a spot
/// chosen with the models before it placed, and the game here waits for the host (it once
/// chose the same first model for ever, since the game here does not change).
#[test]
fn deploy_the_rest_at_an_online_seat_proposes_each_model_once() {
    let mut s = KrySession::new(small(&[]), None);
    s.game.set_player(1, Player::Human);
    s.game.set_player(2, Player::Remote);
    s.shell.online_seat = Some(OnlineSeat {
        seat: 1,
        ..Default::default()
    });
    let before = s.game.hash();
    wartable::app::games::kry::auto_deploy(&mut s).expect("deployed");
    assert_eq!(s.game.hash(), before, "decided at the host");
    let sent = std::mem::take(&mut s.shell.online_seat.as_mut().unwrap().outbox);
    let mut local = small(&[]);
    let mut models = Vec::new();
    for (ron_cmd, dice) in &sent {
        let cmd: Command = ron::from_str(ron_cmd).expect("a command");
        assert!(dice.is_empty());
        let Command::Deploy { model, .. } = cmd else {
            panic!("{cmd:?}")
        };
        models.push(model);
        local.play(1, cmd).expect("legal in turn");
    }
    assert_eq!(
        models,
        vec![id(1), id(2), id(3)],
        "side 1's three, once each"
    );
}

/// A seat's setup panel while the game waits on the other machine: it says so instead of
/// offering that side's buttons (which the host would refuse).
#[test]
fn a_setup_panel_names_the_side_at_another_machine() {
    use wartable::app::game::session::elsewhere;
    let mut g = small(&[]);
    g.set_player(1, Player::Remote);
    g.set_player(2, Player::Human);
    assert_eq!(
        elsewhere(&g).as_deref(),
        Some("Waiting for side 1, who plays at another machine.")
    );
    g.set_player(1, Player::Human);
    assert_eq!(elsewhere(&g), None, "side 1 deploys at this screen");
    g.set_player(1, Player::Program);
    assert_eq!(elsewhere(&g), None, "the program's clock shows instead");
}

/// "No distance measuring is performed before the shot is taken. After the shot has been
/// called, distance is then measured": the tape measure shows a distance between two models only
/// once a shot between them was called, and only until either moves; never one to a point.
#[test]
fn the_tape_shows_only_distances_measured_for_a_called_shot() {
    use wartable::app::base::state::Tape;
    use wartable::app::games::kry::clock::tape_rule_of;
    use wartable::rules::kry::ranged::FireMode;
    use wartable::table::TapeEnd;
    let tape = |a: u32, b: u32| Tape {
        from: Some(TapeEnd::Model(id(a))),
        to: Some(TapeEnd::Model(id(b))),
        dragging: false,
    };
    let mut g = small(&[]);
    start(&mut g, &apart(), &[3, 3]);
    assert!(
        !tape_rule_of(&g.state).shows(&tape(1, 4)),
        "before any shot"
    );
    let shot = Command::Shoot {
        shooter: id(1),
        target: id(4),
        weapon: "Pistol".into(),
        mode: FireMode::Standard,
        second: None,
    };
    g.play(1, shot).expect("the Captain's shot is called");
    let rule = tape_rule_of(&g.state);
    assert!(
        rule.shows(&tape(1, 4)) && rule.shows(&tape(4, 1)),
        "{rule:?}"
    );
    assert!(!rule.shows(&tape(2, 4)), "another pair");
    let to_point = Tape {
        from: Some(TapeEnd::Model(id(1))),
        to: Some(TapeEnd::Point(Pt::new(4.0, 21.0))),
        dragging: false,
    };
    assert!(!rule.shows(&to_point), "a point beside the target");
    g.play(
        1,
        super::game::mv(1, 4.0, 4.0, wartable::rules::kry::command::MoveKind::Normal),
    )
    .expect("the Captain moves");
    assert!(!tape_rule_of(&g.state).shows(&tape(1, 4)), "moved since");
    assert!(
        wartable::app::base::state::TapeRule::default().shows(&tape(1, 4)),
        "other rule sets"
    );
}

/// A headless host's clock (`wartable host --headless --countdown S`): side 1 played by the
/// host's program, side 2 by Ann online. After side 1's order her window opens and holds the
/// program; her key claims it and her pass closes it; a combo's window of hers runs out and the
/// host passes for her.
#[test]
fn a_headless_hosts_clock_holds_its_program_and_passes_for_a_silent_seat() {
    use wartable::net::kry_clock::KryClock;
    use wartable::net::proto::TempoAsk;
    use wartable::net::seat_game::HostGame;
    let mut g = deployed();
    g.set_player(1, Player::Program);
    g.set_player(2, Player::Remote);
    let mut host = Host::new(&mut g, OnDrop::Program, wartable::net::data_hash());
    let mut clock = KryClock::new(Some(2.0));
    let ron = |c: &Command| ron::to_string(c).unwrap();
    g.propose(1, &ron(&mv(2, 10.0, 4.5, MoveKind::Normal)), &[])
        .expect("side 1 moves");
    clock.tick(&mut g, 0.5);
    // Opened at this tick with 2 s, half a second already gone.
    let w = clock.window(&g).expect("Ann's window");
    assert_eq!((w.seat, w.combo, w.left_ms), (2, false, Some(1500)));
    assert!(!clock.program_may_act(&g), "the program waits");
    clock.tick(&mut g, 0.5);
    assert_eq!(clock.window(&g).and_then(|w| w.left_ms), Some(1000));
    clock.ask(&mut g, 2, TempoAsk::Interrupt);
    clock.tick(&mut g, 5.0);
    let w = clock.window(&g).expect("claimed, it does not run out");
    assert!(w.claimed && w.left_ms.is_none());
    clock.ask(&mut g, 1, TempoAsk::LetGo);
    assert!(clock.window(&g).is_some(), "not side 1's to let go");
    clock.ask(&mut g, 2, TempoAsk::LetGo);
    assert!(clock.window(&g).is_none());
    assert!(clock.program_may_act(&g));
    // A combo of side 1's: Ann's window between its steps runs out; the host passes for her.
    let steps = vec![
        mv(3, 16.0, 4.5, MoveKind::Normal),
        mv(3, 16.0, 7.0, MoveKind::Normal),
    ];
    g.propose(1, &ron(&Command::Order { steps }), &[])
        .expect("the combo is given");
    clock.tick(&mut g, 0.1);
    assert!(clock.window(&g).is_some_and(|w| w.combo && w.seat == 2));
    for _ in 0..4 {
        clock.tick(&mut g, 0.5);
    }
    assert_eq!(g.state.table.model(id(3)).unwrap().pos, Pt::new(16.0, 7.0));
    let last = g.log.last().cloned().expect("a command");
    assert_eq!((last.seat, last.cmd), (2, Command::Pass));
    host.flush(&mut g);
    assert!(host.step_count() > 0);
}

/// A seat's side handed to the program at its screen (the play bar's side button): the seat's
/// client takes it over and proposes the program's commands to the host, which plays them for
/// that seat (the screen's copy of the game plays none itself; the bar's program clock leaves
/// an online seat alone). Taken back, the client stops.
#[test]
fn a_seat_handed_to_the_program_at_its_screen_proposes_to_the_host() {
    use wartable::app::screens::play::online::seat_program;
    let mut at_host = KrySession::new(small(&[]), None);
    at_host.game.set_player(1, Player::Remote);
    at_host.game.set_player(2, Player::Human);
    let mut host = Host::new(
        &mut at_host.game,
        OnDrop::Program,
        wartable::net::data_hash(),
    );
    let mut client = SeatClient::new("Ann", false);
    host.connected(PEER, 0.0);
    client.hello();
    let carry = |host: &mut Host, at_host: &mut KrySession, client: &mut SeatClient, now: f64| {
        for m in client.take_out() {
            host.receive(&mut at_host.game, PEER, m, now);
        }
        for o in host.take_out() {
            if let Out::Send(PEER, m) = o {
                client.receive(m);
            }
        }
    };
    carry(&mut host, &mut at_host, &mut client, 0.0);
    assert_eq!(client.seat, Some(1), "{:?}", client.lines);
    let seen: &KryGame = client
        .game
        .as_ref()
        .unwrap()
        .as_any()
        .downcast_ref()
        .unwrap();
    let mut at_seat = KrySession::new(seen.clone(), None);
    at_seat.game.set_player(1, Player::Human);
    at_seat.game.set_player(2, Player::Remote);
    at_seat.shell.online_seat = Some(OnlineSeat {
        seat: 1,
        ..Default::default()
    });
    seat_program(&mut client, &at_seat);
    assert!(!client.program, "a player at this screen");
    at_seat.game.set_player(1, Player::Program);
    seat_program(&mut client, &at_seat);
    assert!(client.program);
    let mut now = 1.0;
    for _ in 0..20 {
        client.tick(now);
        carry(&mut host, &mut at_host, &mut client, now);
        now += 1.0;
    }
    assert_eq!(client.error, None, "{:?}", client.lines);
    // Side 1's three models deployed (and more), every step proposed by the seat: nothing else
    // plays at the host (side 2 is a player there who has done nothing).
    assert!(host.step_count() >= 3, "{} steps", host.step_count());
    assert_eq!(client.applied as usize, host.step_count());
    at_seat.game.set_player(1, Player::Human);
    seat_program(&mut client, &at_seat);
    assert!(!client.program, "taken back");
}
