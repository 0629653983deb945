//! Online play without a window: `wartable host --headless` and `wartable join --headless`,
//! for tests and dedicated hosts. Each is a Bevy app of the minimal plugins and the network;
//! each prints what happens and, when the game ends, a last line `state hash: <hex>`.

use super::client::SeatClient;
use super::host::{Host, OnDrop};
use super::seat_game::HostGame;
use super::transport::{self, NetHost, NetSeat};
use crate::rules::core::{Game, Lineup, Player, QuickSetup, RuleSet, RulesId};
use crate::rules::registry::RulesVisitor;
use bevy::prelude::*;
use bevy::state::app::StatesPlugin;
use std::io::Write;
use std::net::{IpAddr, SocketAddr};
use std::time::{Duration, Instant};

/// What a headless host plays.
#[derive(Debug, Clone)]
pub struct HostPlan {
    pub rules: RulesId,
    pub setup: QuickSetup,
    /// Who plays each seat, in seat order (seats left out: remote).
    pub seats: Vec<Player>,
    pub bind: IpAddr,
    pub port: u16,
    pub public: Vec<SocketAddr>,
    pub on_drop: OnDrop,
    /// Whether remote seats may type in the results of real dice ([`Host::remote_dice`]).
    pub remote_dice: bool,
    /// Kry-Gothic: the interrupt countdown on the host's clock, seconds. Headless, no clock
    /// runs without it (a combo's window waits for its seat's answer); in a window, the
    /// settings' countdown stands in.
    pub countdown: Option<f32>,
    /// Host in a room of a signalling server over WebRTC instead of on a UDP port.
    pub room: Option<RoomLink>,
    /// How well the program plays each side it plays, and how long Hard thinks.
    pub lineup: Lineup,
}

/// A signalling server and the ICE servers (STUN, TURN) of a game over WebRTC.
#[derive(Debug, Clone, PartialEq)]
pub struct RoomLink {
    /// `HOST:PORT` or a `ws://`/`wss://` URL.
    pub signal: String,
    pub ice: super::rtc::IceConfig,
}

/// Where a seat finds its host.
#[derive(Debug, Clone, PartialEq)]
pub enum Target {
    /// A host's UDP address.
    Address(SocketAddr),
    /// A room code at a signalling server.
    Room { link: RoomLink, code: String },
}

impl std::fmt::Display for Target {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Target::Address(a) => write!(f, "{a}"),
            Target::Room { link, code } => write!(f, "room {code} at {}", link.signal),
        }
    }
}

/// A headless host's interrupt clock (Kry-Gothic, with a countdown).
#[derive(Resource)]
pub struct HeadlessClock(pub super::kry_clock::KryClock);

/// The game of a headless host.
#[derive(Resource)]
pub struct HostedGame(pub Box<dyn HostGame>);

/// A new game of `rules` from a quick setup, its seats played as `seats` says (seats left
/// out: remote).
pub fn host_game(
    rules: RulesId,
    q: &QuickSetup,
    seats: &[Player],
) -> Result<Box<dyn HostGame>, String> {
    host_game_at(rules, q, seats, &Lineup::default())
}

/// [`host_game`] with the program playing each side at its skill in `lineup`, Hard thinking
/// within its budget.
pub fn host_game_at(
    rules: RulesId,
    q: &QuickSetup,
    seats: &[Player],
    lineup: &Lineup,
) -> Result<Box<dyn HostGame>, String> {
    struct Make<'a>(&'a QuickSetup, &'a [Player], &'a Lineup);
    impl RulesVisitor for Make<'_> {
        type Out = Result<Box<dyn HostGame>, String>;
        fn visit<R: RuleSet>(self) -> Self::Out {
            let setup = R::quick_setup(self.0).map_err(|e| e.join("; "))?;
            let mut g = Game::<R>::new(setup).map_err(|e| e.join("; "))?;
            let all = g.seats();
            if self.1.len() > all.len() {
                return Err(format!(
                    "{} seats named, but this game has {}",
                    self.1.len(),
                    all.len()
                ));
            }
            for (i, s) in all.iter().enumerate() {
                g.set_player(*s, self.1.get(i).copied().unwrap_or(Player::Remote));
            }
            g.take_lineup(self.2);
            Ok(Box::new(g))
        }
    }
    rules.visit(Make(q, seats, lineup))
}

/// A Bevy app with just the network (no window, no rendering).
pub fn net_app() -> App {
    let mut app = App::new();
    app.add_plugins((
        MinimalPlugins,
        StatesPlugin,
        bevy::log::LogPlugin {
            level: bevy::log::Level::WARN,
            filter: format!("wgpu=error,naga=warn,{}", super::rtc::LOG_FILTER),
            ..Default::default()
        },
        transport::plugin,
    ));
    app.finish();
    app.cleanup();
    app
}

/// A headless host, listening: the app and the address it listens on (for a host in a room:
/// an unspecified address; see [`room_host_app`]).
pub fn host_app(plan: &HostPlan) -> Result<(App, SocketAddr), String> {
    let (app, _) = open_host_app(plan)?;
    let addr = app
        .world()
        .resource::<NetHost>()
        .addresses
        .first()
        .copied()
        .unwrap_or_else(|| SocketAddr::new(plan.bind, 0));
    Ok((app, addr))
}

/// A headless host in a room of `plan.room`'s signalling server: the app and the room code
/// it drew.
pub fn room_host_app(plan: &HostPlan) -> Result<(App, String), String> {
    if plan.room.is_none() {
        return Err("no signalling server given".into());
    }
    let (app, code) = open_host_app(plan)?;
    Ok((app, code.unwrap_or_default()))
}

fn open_host_app(plan: &HostPlan) -> Result<(App, Option<String>), String> {
    let mut game = host_game_at(plan.rules, &plan.setup, &plan.seats, &plan.lineup)?;
    let (mut host, remote) = Host::offer(game.as_mut(), plan.on_drop)?;
    host.remote_dice = plan.remote_dice;
    let mut app = net_app();
    let code = match &plan.room {
        Some(link) => {
            let code = super::room_code::draw();
            transport::open_room_host(
                app.world_mut(),
                host,
                &link.signal,
                &code,
                &link.ice,
                remote + 2,
            );
            Some(code)
        }
        None => {
            transport::open_host(
                app.world_mut(),
                host,
                plan.bind,
                plan.port,
                &plan.public,
                remote + 2,
            )?;
            None
        }
    };
    if plan.rules == RulesId::KryGothic && plan.countdown.is_some() {
        app.insert_resource(HeadlessClock(super::kry_clock::KryClock::new(
            plan.countdown,
        )));
    }
    app.insert_resource(HostedGame(game))
        .add_systems(Update, drive_host);
    Ok((app, code))
}

/// The host's turn each frame: what came in, the interrupt clock (if one runs), then one
/// command of the program's (not while a window of a seat played elsewhere is open).
fn drive_host(
    net: Option<ResMut<NetHost>>,
    game: Option<ResMut<HostedGame>>,
    clock: Option<ResMut<HeadlessClock>>,
    time: Res<Time<Real>>,
) {
    let (Some(mut net), Some(mut game)) = (net, game) else {
        return;
    };
    let now = time.elapsed_secs_f64();
    net.pump(game.0.as_mut(), now);
    let asks = net.host.take_asks();
    if let Some(mut clock) = clock {
        let g = game.0.as_mut();
        for (seat, ask) in asks {
            clock.0.ask(g, seat, ask);
        }
        clock.0.tick(g, time.delta_secs());
        net.host.flush(g);
        let w = clock.0.window(g);
        net.host.set_window(w);
        if !clock.0.program_may_act(g) {
            return;
        }
    }
    net.host.tick(game.0.as_mut());
}

/// A headless seat, connecting to `addr`.
pub fn join_app(addr: SocketAddr, name: &str, program: bool) -> Result<App, String> {
    join_target_app(&Target::Address(addr), name, program)
}

/// A headless seat, connecting to `target`.
pub fn join_target_app(target: &Target, name: &str, program: bool) -> Result<App, String> {
    let mut app = net_app();
    let mut client = SeatClient::new(name, program);
    client.report_dir = Some(crate::data::user_dir::user_dir().join("net-reports"));
    match target {
        Target::Address(addr) => transport::join(app.world_mut(), *addr, client)?,
        Target::Room { link, code } => {
            transport::join_room(app.world_mut(), &link.signal, code, &link.ice, client)?
        }
    }
    Ok(app)
}

/// Runs a headless host until its game is over (and a moment more, for the last messages to
/// leave), or for `limit`: the whole game's hash.
pub fn run_host(
    plan: &HostPlan,
    out: &mut dyn Write,
    limit: Option<Duration>,
) -> Result<u64, String> {
    let (mut app, code) = open_host_app(plan)?;
    // A room's code is told once the server has registered it (it may have drawn another if
    // the first was in use).
    let mut room_told = code.is_none();
    if code.is_none() {
        let addrs = app.world().resource::<NetHost>().addresses.clone();
        let list: Vec<String> = addrs.iter().map(|a| a.to_string()).collect();
        let _ = writeln!(
            out,
            "hosting {} on {}: join with wartable join {}",
            plan.rules.label(),
            list.first().cloned().unwrap_or_default(),
            list.join(" or ")
        );
    }
    let _ = out.flush();
    let start = Instant::now();
    let mut shown = 0;
    let mut over_at = None;
    loop {
        app.update();
        if !room_told
            && let Some(link) = &plan.room
            && let Some(mut rtc) = app.world_mut().get_resource_mut::<super::rtc::RtcHost>()
            && super::rtc::host_registered(&mut rtc)
        {
            room_told = true;
            let code = rtc.code.clone();
            let _ = writeln!(
                out,
                "hosting {} in a room of {}: join with wartable join {code} --signal {}",
                plan.rules.label(),
                link.signal,
                link.signal
            );
            let _ = writeln!(out, "room code: {code}");
            let _ = out.flush();
        }
        let net = app.world().resource::<NetHost>();
        for l in &net.host.lines[shown..] {
            let _ = writeln!(out, "{l}");
        }
        shown = net.host.lines.len();
        if net.host.is_over() && over_at.is_none() {
            over_at = Some(Instant::now());
        }
        if over_at.is_some_and(|t| t.elapsed() > Duration::from_millis(1500)) {
            break;
        }
        if let Some(why) = app
            .world()
            .get_resource::<super::rtc::RtcHost>()
            .and_then(|r| r.failure.clone())
            && net_seated(&app) == 0
        {
            transport::close(app.world_mut());
            return Err(why);
        }
        if limit.is_some_and(|l| start.elapsed() > l) {
            return Err(format!(
                "the game did not end within {:?}",
                limit.unwrap_or_default()
            ));
        }
        std::thread::sleep(Duration::from_millis(1));
    }
    let game = &app.world().resource::<HostedGame>().0;
    let _ = writeln!(out, "{}", game.waiting().describe(|s| format!("seat {s}")));
    let hash = game.hash();
    transport::close(app.world_mut());
    app.update();
    let _ = writeln!(out, "state hash: {hash:016x}");
    Ok(hash)
}

fn net_seated(app: &App) -> usize {
    app.world().resource::<NetHost>().host.seated().len()
}

/// Runs a headless seat until its game is over, the host closes it, or `limit`: the hash its
/// replay of the whole game reached (the host's, or an error).
pub fn run_join(
    target: &Target,
    name: &str,
    program: bool,
    out: &mut dyn Write,
    limit: Option<Duration>,
) -> Result<u64, String> {
    let addr = target;
    let mut app = join_target_app(target, name, program)?;
    let start = Instant::now();
    let mut shown = 0;
    let result = loop {
        app.update();
        let seat = app.world().resource::<NetSeat>();
        let c = &seat.client;
        for l in &c.lines[shown..] {
            let _ = writeln!(out, "{l}");
        }
        shown = c.lines.len();
        if let Some(end) = &c.ending {
            break match &end.replayed {
                Ok(h) if *h == end.host_hash => Ok(*h),
                Ok(h) => Err(format!(
                    "the replay reached {h:016x}, the host's game {:016x}",
                    end.host_hash
                )),
                Err(e) => Err(e.clone()),
            };
        }
        if let Some(e) = &c.error {
            break Err(e.clone());
        }
        let wait = match addr {
            Target::Address(_) => 10,
            Target::Room { .. } => 20,
        };
        if !seat.connected_once && start.elapsed() > Duration::from_secs(wait) {
            break Err(match addr {
                Target::Address(_) => format!("no host answered at {addr} within 10 s"),
                Target::Room { .. } => format!(
                    "no connection to the host of {addr} within 20 s: the host may have left, \
                     or no direct path exists between the two machines (a TURN relay in \
                     Settings -> Online, or --turn, gives one)"
                ),
            });
        }
        if limit.is_some_and(|l| start.elapsed() > l) {
            break Err(format!(
                "the game did not end within {:?}",
                limit.unwrap_or_default()
            ));
        }
        std::thread::sleep(Duration::from_millis(1));
    };
    transport::close(app.world_mut());
    app.update();
    if let Ok(h) = &result {
        let _ = writeln!(out, "state hash: {h:016x}");
    }
    result
}

/// The host's address as a player types it: `HOST:PORT`, or `HOST` on the default port 5757.
pub fn parse_address(text: &str) -> Result<SocketAddr, String> {
    use std::net::ToSocketAddrs;
    let text = text.trim();
    let with_port = if text.contains(':') {
        text.to_string()
    } else {
        format!("{text}:5757")
    };
    with_port
        .to_socket_addrs()
        .map_err(|e| format!("'{text}' is not an address: {e}"))?
        .next()
        .ok_or_else(|| format!("'{text}' names no address"))
}
