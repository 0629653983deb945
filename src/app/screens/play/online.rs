//! Online play at the table: host the game in play (its seats for a player here, the program at
//! a chosen skill, or players online), or join a game hosted elsewhere and play its seat on this
//! screen. The protocol is in `crate::net`; these systems carry the game between it and the play
//! screen, and draw the Online window (addresses, players, what happened, chat, round trip).

use crate::app::base::mode::Mode;
use crate::app::base::nav::{MainMenu, OpenWindow};
use crate::app::base::state::{Notices, TableState};
use crate::app::game::registry::PlayRegistry;
use crate::app::game::session::{ActiveGame, OnlineSeat, PlaySession};
use crate::net::client::SeatClient;
use crate::net::host::{Host, OnDrop};
use crate::net::transport::{self, NetHost, NetSeat};
use crate::rules::core::{Player, Seat, Skill};
use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};
use std::net::{IpAddr, Ipv4Addr};

pub fn plugin(app: &mut App) {
    app.add_plugins(transport::plugin)
        .init_resource::<OnlineUi>()
        .add_systems(
            Update,
            (drive_host, drive_seat, start_online).before(crate::app::base::sets::MirrorSet),
        )
        .add_message::<OpenWindow>()
        .add_systems(Update, (open_when_asked, room_code_in_status))
        .add_systems(
            EguiPrimaryContextPass,
            (online_window, join_window).after(crate::app::base::sets::PlayUi::Finish),
        );
}

/// A host whose room code was taken at the signalling server draws a new one: the status line
/// that named the old code ("Hosting on room WT-...") names the new one.
pub fn room_code_in_status(host: Option<Res<NetHost>>, mut notices: ResMut<Notices>) {
    let Some(code) = host.as_ref().and_then(|h| h.room.as_deref()) else {
        return;
    };
    if let Some(status) = status_with_room(&notices.status, code) {
        notices.status = status;
    }
}

/// `status` with the room code after "on room " replaced by `code`, if it names another one.
fn status_with_room(status: &str, code: &str) -> Option<String> {
    const AT: &str = "on room ";
    let start = status.find(AT)? + AT.len();
    let end = status[start..]
        .find(char::is_whitespace)
        .map_or(status.len(), |n| start + n);
    (status[start..end] != *code).then(|| format!("{}{code}{}", &status[..start], &status[end..]))
}

/// Opens the Join window when a screen asks for it.
fn open_when_asked(mut asked: MessageReader<OpenWindow>, mut ui: ResMut<OnlineUi>) {
    if asked.read().any(|w| *w == OpenWindow::JoinOnline) {
        ui.show_join = true;
    }
}

/// The Online and Join windows' state.
#[derive(Resource, Debug)]
pub struct OnlineUi {
    /// The Online window is open.
    pub show: bool,
    /// The Join window is open.
    pub show_join: bool,
    pub port: String,
    /// Who plays each seat once hosting starts (index: seat - 1).
    pub roles: Vec<Player>,
    /// How well the program plays each seat it plays once hosting starts (as `roles`).
    pub skills: Vec<Skill>,
    pub on_drop: OnDrop,
    /// Remote seats may type in real dice.
    pub remote_dice: bool,
    pub address: String,
    pub name: String,
    /// Host in a room of the signalling server rather than on a port.
    pub over_internet: bool,
    pub chat: String,
    /// Steps the play screen last showed of the seat's game, and of the host's.
    shown: u32,
    hosted: usize,
    lines_seen: usize,
    /// The host's window messages the seat's screen has taken.
    window_news: u32,
    /// The joined game is at the table (leaving it leaves the network).
    seat_entered: bool,
}

impl Default for OnlineUi {
    fn default() -> Self {
        Self {
            show: false,
            show_join: false,
            port: "5757".into(),
            roles: Vec::new(),
            skills: Vec::new(),
            on_drop: OnDrop::Program,
            remote_dice: false,
            address: "127.0.0.1:5757".into(),
            name: "guest".into(),
            over_internet: false,
            chat: String::new(),
            shown: 0,
            hosted: 0,
            lines_seen: 0,
            window_news: 0,
            seat_entered: false,
        }
    }
}

/// What the command line asked for at start: host a new game, or join one.
#[derive(Resource, Debug, Clone)]
pub enum StartOnline {
    Host(crate::net::headless::HostPlan),
    Join {
        target: crate::net::headless::Target,
        name: String,
    },
}

/// Where a host waits for its players: a UDP port, or a room of a signalling server.
pub enum HostAt<'a> {
    Port(IpAddr, u16),
    Room(&'a crate::net::headless::RoomLink),
}

/// Starts hosting the game in play: the seats as `roles` say, the program playing at `skills`
/// (in seat order; a seat without an entry keeps its own), on a port or in a room: what players
/// join (an address or a room code).
pub fn start_hosting(
    world: &mut World,
    at: HostAt,
    roles: &[Player],
    skills: &[Skill],
    on_drop: OnDrop,
    remote_dice: bool,
) -> Result<String, String> {
    if world.contains_resource::<NetHost>() || world.contains_resource::<NetSeat>() {
        return Err("this screen is online already".into());
    }
    let Some(mut active) = world.remove_resource::<ActiveGame>() else {
        return Err("no game in play to host".into());
    };
    let result = (|| {
        let game = active.0.game_mut();
        for (i, seat) in game.seats().into_iter().enumerate() {
            if let Some(p) = roles.get(i) {
                game.set_player(seat, *p);
            }
            if let Some(k) = skills.get(i) {
                game.set_skill(seat, *k);
            }
        }
        let (mut host, remote) = Host::offer(game.as_host(), on_drop)?;
        host.remote_dice = remote_dice;
        match at {
            HostAt::Port(bind, port) => {
                transport::open_host(world, host, bind, port, &[], remote + 2)
                    .map(|a| a.to_string())
            }
            HostAt::Room(link) => {
                let code = crate::net::room_code::draw();
                transport::open_room_host(world, host, &link.signal, &code, &link.ice, remote + 2);
                Ok(format!("room {code}"))
            }
        }
    })();
    world.insert_resource(active);
    result
}

/// Connects to a host; the game appears at the table once the host has welcomed this seat.
pub fn start_joining(
    world: &mut World,
    target: &crate::net::headless::Target,
    name: &str,
) -> Result<(), String> {
    if world.contains_resource::<NetHost>() || world.contains_resource::<NetSeat>() {
        return Err("this screen is online already".into());
    }
    let mut client = SeatClient::new(name, false);
    client.report_dir = Some(crate::data::user_dir::user_dir().join("net-reports"));
    match target {
        crate::net::headless::Target::Address(a) => transport::join(world, *a, client),
        crate::net::headless::Target::Room { link, code } => {
            transport::join_room(world, &link.signal, code, &link.ice, client)
        }
    }
}

/// What the Join window's field names: a room code (met at the settings' signalling server)
/// or a host's address.
fn join_target(world: &World, text: &str) -> Result<crate::net::headless::Target, String> {
    if let Ok(code) = crate::net::room_code::normalize(text) {
        let link = world
            .get_resource::<crate::app::base::settings::Settings>()
            .map(|s| s.online.link())
            .unwrap_or_else(|| crate::app::base::settings::OnlineSettings::default().link());
        return Ok(crate::net::headless::Target::Room { link, code });
    }
    crate::net::headless::parse_address(text).map(crate::net::headless::Target::Address)
}

/// The host's part each frame: what came in, and the steps played here (by the player at this
/// screen or the program) sent out.
fn drive_host(
    mut commands: Commands,
    net: Option<ResMut<NetHost>>,
    active: Option<ResMut<ActiveGame>>,
    mut ui: ResMut<OnlineUi>,
    time: Res<Time<Real>>,
) {
    let Some(mut net) = net else { return };
    let Some(mut active) = active else {
        // The game was left: so is the network.
        commands.queue(transport::close);
        return;
    };
    let now = time.elapsed_secs_f64();
    net.pump(active.0.game_mut().as_host(), now);
    host_clock(&mut net.host, &mut *active.0);
    if net.host.step_count() != ui.hosted {
        ui.hosted = net.host.step_count();
        active.shell_mut().rev += 1;
    }
}

/// A seat's part each frame: its proposals out; the host's game onto the table, first when
/// the host welcomes it (a new play screen) and then after every step.
fn drive_seat(
    mut commands: Commands,
    seat: Option<ResMut<NetSeat>>,
    active: Option<ResMut<ActiveGame>>,
    registry: Res<PlayRegistry>,
    mut ui: ResMut<OnlineUi>,
    mode: Res<State<Mode>>,
    mut notices: ResMut<Notices>,
    state: Option<ResMut<TableState>>,
) {
    let Some(mut net) = seat else { return };
    let client = &mut net.client;
    let (Some(me), Some(rules)) = (client.seat, client.rules) else {
        return;
    };
    let online_here = active
        .as_ref()
        .is_some_and(|a| a.shell().online_seat.is_some());
    if !online_here {
        if ui.seat_entered || (active.is_some() && *mode.get() == Mode::Game) {
            // The player left the game: so does the network.
            ui.seat_entered = false;
            commands.queue(transport::close);
            return;
        }
        let Some(game) = client.game.as_ref() else {
            return;
        };
        let Some((mut session, level)) = registry.online(rules, game.as_any()) else {
            client.error = Some(format!("{} cannot be played at the table", rules.label()));
            return;
        };
        let g = session.0.game_mut();
        for s in g.seats() {
            g.set_player(
                s,
                if s == me {
                    Player::Human
                } else {
                    Player::Remote
                },
            );
        }
        session.shell_mut().online_seat = Some(OnlineSeat {
            seat: me,
            ..Default::default()
        });
        ui.shown = client.applied;
        ui.lines_seen = 0;
        // The host's window, not one this screen's clock would open.
        session.0.seat_window(client.window.as_ref());
        ui.window_news = client.window_news;
        ui.seat_entered = true;
        ui.show = true;
        if let Some(mut state) = state {
            crate::app::game::session::begin(
                &mut commands,
                &mut state,
                &mut notices,
                level,
                session,
            );
            notices.status = format!("Online: {} at seat {me}", rules.label());
        }
        return;
    }
    let Some(mut active) = active else { return };
    seat_program(client, &*active.0);
    let shell = active.shell_mut();
    let outbox = shell
        .online_seat
        .as_mut()
        .map(|o| std::mem::take(&mut o.outbox))
        .unwrap_or_default();
    for (cmd, dice) in outbox {
        client.propose(cmd, dice);
    }
    for l in &client.lines[ui.lines_seen.min(client.lines.len())..] {
        if let Some(r) = l.strip_prefix("refused: ") {
            shell.last_error = Some(format!("The host refused it: {r}"));
        }
    }
    ui.lines_seen = client.lines.len();
    if let Some(o) = shell.online_seat.as_mut() {
        o.waiting = client.waiting_for_host();
        o.host_takes_dice = client.host_takes_dice;
    }
    if let Some(e) = &client.error {
        shell.last_error = Some(e.clone());
    }
    if client.applied != ui.shown
        && let Some(game) = client.game.as_ref()
        && active.0.game_mut().mirror_from(game.as_any())
    {
        ui.shown = client.applied;
        active.shell_mut().rev += 1;
    }
    seat_clock(client, &mut *active.0, &mut ui.window_news);
}

/// At a seat's screen, the side handed to the program (the bar's side button) is played by the
/// seat's client: the program's commands go to the host as proposals, as a player's do. The
/// screen's copy of the game never plays them itself (see `program::program_opponent`).
pub fn seat_program(client: &mut SeatClient, session: &dyn PlaySession) {
    if let Some(o) = &session.shell().online_seat {
        client.program = session.game().player(o.seat) == Player::Program;
    }
}

/// The host's interrupt windows each frame (Kry-Gothic's real time, on this screen's clock):
/// the seats' interrupt keys and passes go to the game in play, the steps they led to go out,
/// then the window open now goes to the seats when it changed.
pub fn host_clock(host: &mut Host, session: &mut dyn PlaySession) {
    for (seat, ask) in host.take_asks() {
        session.net_ask(seat, ask);
    }
    host.flush(session.game_mut().as_host());
    host.set_window(session.net_window());
}

/// A seat's side of the host's windows: its interrupt key and passes go to the host, the
/// window the host last said is open comes onto the screen. `news`: the host's window
/// messages taken so far.
pub fn seat_clock(client: &mut SeatClient, session: &mut dyn PlaySession, news: &mut u32) {
    let asks = session
        .shell_mut()
        .online_seat
        .as_mut()
        .map(|o| std::mem::take(&mut o.asks))
        .unwrap_or_default();
    for a in asks {
        client.tempo(a);
    }
    if client.window_news != *news {
        *news = client.window_news;
        session.seat_window(client.window.as_ref());
    }
}

/// What the command line asked for, once the table is up.
fn start_online(world: &mut World) {
    let Some(start) = world.get_resource::<StartOnline>().cloned() else {
        return;
    };
    if !world.contains_resource::<TableState>() {
        return;
    }
    world.remove_resource::<StartOnline>();
    let result = match start {
        StartOnline::Join { target, name } => {
            world.resource_mut::<OnlineUi>().address = target.to_string();
            start_joining(world, &target, &name).map(|_| format!("Joining {target}"))
        }
        StartOnline::Host(plan) => host_new_game(world, &plan),
    };
    world.resource_mut::<OnlineUi>().show = true;
    let mut notices = world.resource_mut::<Notices>();
    match result {
        Ok(s) => notices.status = s,
        Err(e) => notices.show_errors("Could not go online", vec![e]),
    }
}

/// A new game of the plan's rule set at the table, hosted.
fn host_new_game(
    world: &mut World,
    plan: &crate::net::headless::HostPlan,
) -> Result<String, String> {
    let game =
        crate::net::headless::host_game_at(plan.rules, &plan.setup, &plan.seats, &plan.lineup)?;
    let (session, level) = world
        .resource::<PlayRegistry>()
        .online(plan.rules, game.as_any())
        .ok_or_else(|| format!("{} cannot be played at the table", plan.rules.label()))?;
    let roles: Vec<Player> = game.seats().iter().map(|s| game.player(*s)).collect();
    world.resource_scope(|world, mut state: Mut<TableState>| {
        world.resource_scope(|world, mut notices: Mut<Notices>| {
            let mut commands = world.commands();
            crate::app::game::session::begin(
                &mut commands,
                &mut state,
                &mut notices,
                level,
                session,
            );
        })
    });
    world.flush();
    let countdown = plan.countdown.or_else(|| {
        world
            .get_resource::<crate::app::base::settings::Settings>()
            .map_or(Some(crate::rules::kry::tempo::DEFAULT_COUNTDOWN), |s| {
                s.kry_countdown
            })
    });
    if let Some(mut active) = world.get_resource_mut::<ActiveGame>() {
        active.0.host_countdown(countdown);
    }
    let at = match &plan.room {
        Some(link) => HostAt::Room(link),
        None => HostAt::Port(plan.bind, plan.port),
    };
    let addr = start_hosting(world, at, &roles, &[], plan.on_drop, plan.remote_dice)?;
    Ok(format!("Hosting {} on {addr}", plan.rules.label()))
}

fn online_window(
    mut contexts: EguiContexts,
    mut commands: Commands,
    mut ui: ResMut<OnlineUi>,
    host: Option<ResMut<NetHost>>,
    seat: Option<ResMut<NetSeat>>,
    mut active: Option<ResMut<ActiveGame>>,
    mode: Res<State<Mode>>,
) -> Result {
    let in_game = *mode.get() == Mode::Game && active.is_some();
    if let Some(a) = active.as_mut()
        && std::mem::take(&mut a.shell_mut().show_online)
    {
        ui.show = !ui.show;
    }
    if !ui.show || !(in_game || seat.is_some()) {
        return Ok(());
    }
    let ctx = contexts.ctx_mut()?.clone();
    let mut open = true;
    egui::Window::new("Online")
        .open(&mut open)
        .default_width(340.0)
        .default_pos(ctx.content_rect().center_bottom() + egui::vec2(-170.0, -420.0))
        .show(&ctx, |w| {
            if let Some(mut net) = host {
                hosting_ui(w, &mut ui, &mut net);
            } else if let Some(mut net) = seat {
                seat_ui(w, &mut ui, &mut net);
            } else if let Some(active) = &active {
                host_form(w, &mut ui, active, &mut commands);
            }
        });
    ui.show = open;
    Ok(())
}

fn lines(w: &mut egui::Ui, lines: &[String]) {
    egui::ScrollArea::vertical()
        .max_height(140.0)
        .stick_to_bottom(true)
        .show(w, |w| {
            for l in lines.iter().rev().take(40).rev() {
                w.label(egui::RichText::new(l).small());
            }
        });
}

fn chat_line(w: &mut egui::Ui, chat: &mut String) -> Option<String> {
    let mut sent = None;
    w.horizontal(|w| {
        let r = w.add(
            egui::TextEdit::singleline(chat)
                .desired_width(220.0)
                .hint_text("say something"),
        );
        let enter = r.lost_focus() && w.input(|i| i.key_pressed(egui::Key::Enter));
        if (w.button("Send").clicked() || enter) && !chat.trim().is_empty() {
            sent = Some(std::mem::take(chat));
        }
    });
    sent
}

fn hosting_ui(w: &mut egui::Ui, ui: &mut OnlineUi, net: &mut NetHost) {
    if let Some(code) = &net.room {
        w.horizontal(|w| {
            w.label("Room code");
            w.label(egui::RichText::new(code).monospace().strong().size(20.0));
            if w.button("Copy").clicked() {
                w.ctx().copy_text(code.clone());
            }
        });
        w.label(egui::RichText::new("players join with Join an online game and this code").small());
    } else {
        let addrs: Vec<String> = net.addresses.iter().map(|a| a.to_string()).collect();
        w.label(format!("Hosting on {}", addrs.join(" or ")));
    }
    w.label(
        egui::RichText::new(match net.host.on_drop {
            OnDrop::Program => "a player who drops out: the program plays their seat",
            OnDrop::Pause => "a player who drops out: the game waits",
        })
        .small(),
    );
    for (s, who) in net.host.remote_seats() {
        w.label(format!(
            "Seat {s}: {}",
            who.unwrap_or_else(|| "waiting for a player".into())
        ));
    }
    if let Some(p) = &net.host.paused {
        w.colored_label(egui::Color32::YELLOW, format!("Paused: {p}"));
    }
    w.separator();
    lines(w, &net.host.lines);
    if let Some(text) = chat_line(w, &mut ui.chat) {
        net.host.chat("host", text.trim());
    }
}

fn seat_ui(w: &mut egui::Ui, ui: &mut OnlineUi, net: &mut NetSeat) {
    let c = &net.client;
    match (c.seat, c.rules) {
        (Some(s), Some(r)) => {
            w.label(format!("{} at seat {s}, host {}", r.label(), ui.address));
            for (i, p) in c.players.iter().enumerate() {
                w.label(egui::RichText::new(format!("Seat {}: {p}", i + 1)).small());
            }
        }
        _ => {
            w.label(format!("Connecting to {}\u{2026}", ui.address));
        }
    }
    match net.rtt {
        Some(rtt) => w.label(format!("Round trip: {:.0} ms", rtt * 1000.0)),
        None => w
            .label("Round trip: n/a")
            .on_hover_text("not measured: over WebRTC (a room code) the link reports none"),
    };
    if c.waiting_for_host() {
        w.label(egui::RichText::new("waiting for the host\u{2026}").italics());
    }
    if let Some(e) = &c.error {
        w.colored_label(egui::Color32::LIGHT_RED, e);
    }
    w.separator();
    lines(w, &net.client.lines);
    if let Some(text) = chat_line(w, &mut ui.chat) {
        net.client.chat(text.trim());
    }
}

fn host_form(w: &mut egui::Ui, ui: &mut OnlineUi, active: &ActiveGame, commands: &mut Commands) {
    let game = active.0.game();
    let seats: Vec<Seat> = game.seats();
    if ui.roles.len() != seats.len() {
        ui.roles = seats
            .iter()
            .enumerate()
            .map(|(i, s)| match game.player(*s) {
                Player::Human if i > 0 => Player::Remote,
                p => p,
            })
            .collect();
        ui.skills = seats.iter().map(|s| game.skill(*s)).collect();
    }
    ui.skills.resize(seats.len(), Skill::Normal);
    w.label("Host this game: players join it with Join an online game, or wartable join ADDRESS.");
    egui::Grid::new("host_form").num_columns(2).show(w, |w| {
        w.label("Over the internet");
        w.checkbox(&mut ui.over_internet, "a room code, no open port")
            .on_hover_text("meets players at the signalling server of Settings -> Online");
        w.end_row();
        if !ui.over_internet {
            w.label("Port");
            w.add(egui::TextEdit::singleline(&mut ui.port).desired_width(70.0));
            w.end_row();
        }
        for (i, s) in seats.iter().enumerate() {
            w.label(format!("Seat {s}"));
            w.horizontal(|w| {
                egui::ComboBox::from_id_salt(("role", i))
                    .selected_text(role_label(ui.roles[i]))
                    .show_ui(w, |w| {
                        for p in [Player::Human, Player::Program, Player::Remote] {
                            w.selectable_value(&mut ui.roles[i], p, role_label(p));
                        }
                    });
                if ui.roles[i] == Player::Program {
                    crate::app::ui_kit::skill_pick::skill_pick(
                        w,
                        ("host_skill", i),
                        &mut ui.skills[i],
                    );
                }
            });
            w.end_row();
        }
        w.label("If a player drops out");
        egui::ComboBox::from_id_salt("on_drop")
            .selected_text(match ui.on_drop {
                OnDrop::Program => "the program plays on",
                OnDrop::Pause => "the game waits",
            })
            .show_ui(w, |w| {
                w.selectable_value(&mut ui.on_drop, OnDrop::Program, "the program plays on");
                w.selectable_value(&mut ui.on_drop, OnDrop::Pause, "the game waits");
            });
        w.end_row();
        w.label("Real dice");
        w.checkbox(
            &mut ui.remote_dice,
            "players online may type in their own rolls",
        )
        .on_hover_text("off: the host rolls every die of the game");
        w.end_row();
    });
    let label = if ui.over_internet {
        "Host over the internet"
    } else {
        "Start hosting"
    };
    if w.button(label).clicked() {
        let port = ui.port.trim().parse::<u16>();
        let (roles, skills) = (ui.roles.clone(), ui.skills.clone());
        let (on_drop, dice) = (ui.on_drop, ui.remote_dice);
        let room = ui.over_internet;
        commands.queue(move |world: &mut World| {
            let result = if room {
                let link = world
                    .get_resource::<crate::app::base::settings::Settings>()
                    .map(|s| s.online.link())
                    .unwrap_or_else(|| {
                        crate::app::base::settings::OnlineSettings::default().link()
                    });
                start_hosting(world, HostAt::Room(&link), &roles, &skills, on_drop, dice)
            } else {
                port.map_err(|_| "the port is a number from 0 to 65535".to_string())
                    .and_then(|port| {
                        start_hosting(
                            world,
                            HostAt::Port(Ipv4Addr::UNSPECIFIED.into(), port),
                            &roles,
                            &skills,
                            on_drop,
                            dice,
                        )
                    })
            };
            let mut notices = world.resource_mut::<Notices>();
            match result {
                Ok(a) => notices.status = format!("Hosting on {a}"),
                Err(e) => notices.show_errors("Could not host the game", vec![e]),
            }
        });
    }
}

fn role_label(p: Player) -> &'static str {
    match p {
        Player::Human => "a player here",
        Player::Program => "the program",
        Player::Remote => "a player online",
    }
}

fn join_window(
    mut contexts: EguiContexts,
    mut commands: Commands,
    mut ui: ResMut<OnlineUi>,
    mut menu: ResMut<MainMenu>,
) -> Result {
    if !ui.show_join {
        return Ok(());
    }
    let ctx = contexts.ctx_mut()?.clone();
    let mut open = true;
    let mut join = false;
    egui::Window::new("Join an online game")
        .open(&mut open)
        .default_pos(ctx.content_rect().center() - egui::vec2(160.0, 80.0))
        .show(&ctx, |w| {
            egui::Grid::new("join_form").num_columns(2).show(w, |w| {
                w.label("Host's address or room code");
                w.add(
                    egui::TextEdit::singleline(&mut ui.address)
                        .hint_text("127.0.0.1:5757 or WT-XXXXXXX"),
                )
                .on_hover_text(
                    "a room code meets the host at the signalling server of Settings -> Online",
                );
                w.end_row();
                w.label("Your name");
                w.add(egui::TextEdit::singleline(&mut ui.name));
                w.end_row();
            });
            join = w.button("Join").clicked();
        });
    ui.show_join = open && !join;
    if join {
        menu.show_main = false;
        ui.show = true;
        let (address, name) = (ui.address.clone(), ui.name.clone());
        commands.queue(move |world: &mut World| {
            let result = join_target(world, &address)
                .and_then(|a| start_joining(world, &a, &name).map(|_| a));
            let mut notices = world.resource_mut::<Notices>();
            match result {
                Ok(a) => notices.status = format!("Joining {a}\u{2026}"),
                Err(e) => notices.show_errors("Could not join", vec![e]),
            }
        });
    }
    Ok(())
}
