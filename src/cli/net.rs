//! `wartable host` and `wartable join`: an online game, run headless (for tests and dedicated
//! hosts) or in the window.

use std::net::{IpAddr, SocketAddr};
use std::process::ExitCode;
use std::time::Duration;
use wartable::net::headless::parse_address;
use wartable::net::headless::{self, HostPlan, RoomLink, Target};
use wartable::net::host::OnDrop;
use wartable::net::rtc::{IceConfig, Turn};
use wartable::rules::core::{Player, RulesId};

#[derive(clap::Args, Debug, Clone)]
pub struct HostArgs {
    /// The rule set: kog-light, kry-gothic, ktog, dndalike or krig.
    #[arg(long, default_value = "kog-light")]
    pub rules: RulesId,
    /// The UDP port to listen on (0: any free port, printed).
    #[arg(long, default_value_t = 5757)]
    pub port: u16,
    /// The address to listen on (0.0.0.0: every network of this machine).
    #[arg(long, default_value = "0.0.0.0")]
    pub bind: IpAddr,
    /// Further addresses players reach the host at (a router's forwarded address), e.g.
    /// 203.0.113.7:5757.
    #[arg(long, value_delimiter = ',')]
    pub public: Vec<SocketAddr>,
    /// Who plays each seat, in seat order: player (at this screen), program or remote. Seats
    /// left out are remote.
    #[arg(long, value_delimiter = ',', default_value = "player,remote")]
    pub seats: Vec<String>,
    /// When a remote player drops out: the program plays their seat until they come back
    /// (program), or the game waits (pause).
    #[arg(long, default_value = "program")]
    pub on_drop: OnDrop,
    /// Remote players may type in the results of real dice they roll (else the host rolls
    /// every die).
    #[arg(long)]
    pub remote_dice: bool,
    /// Kry-Gothic: the interrupt windows' countdown on the host's clock, in seconds (headless:
    /// no clock without it; in a window: the settings' countdown).
    #[arg(long)]
    pub countdown: Option<f32>,
    #[command(flatten)]
    pub game: super::GameOptions,
    /// How well the program plays the seats named program (--skill1: seat 1's side, --skill2:
    /// the others), and how long Hard thinks.
    #[command(flatten)]
    pub skills: super::SkillOptions,
    /// Rounds after which an undecided game ends.
    #[arg(long, default_value_t = 8)]
    pub rounds: u32,
    /// Without a window: the program plays the seats named program, and the host ends with the
    /// game, printing `state hash: <hex>`.
    #[arg(long)]
    pub headless: bool,
    /// Give up after this many seconds (headless).
    #[arg(long)]
    pub timeout: Option<u64>,
    /// Host in a room of a signalling server (--signal) over WebRTC, with no open port: the
    /// host draws a room code (printed as `room code: WT-XXXXXXX`) that players join by.
    #[arg(long)]
    pub room: bool,
    #[command(flatten)]
    pub rtc: RtcArgs,
}

/// The signalling server and the ICE servers of a game over WebRTC.
#[derive(clap::Args, Debug, Clone)]
pub struct RtcArgs {
    /// The signalling server (`wartable signal`): HOST:PORT, ws://HOST:PORT or wss://HOST.
    #[arg(long)]
    pub signal: Option<String>,
    /// STUN servers, comma-separated (`none`: only this machine's own addresses).
    #[arg(
        long,
        value_delimiter = ',',
        default_value = "stun:stun.l.google.com:19302"
    )]
    pub stun: Vec<String>,
    /// A TURN relay for when no direct path exists, e.g. turn:turn.example.org:3478.
    #[arg(long)]
    pub turn: Option<String>,
    /// The TURN relay's user name.
    #[arg(long, default_value = "")]
    pub turn_user: String,
    /// The TURN relay's credential (password).
    #[arg(long, default_value = "")]
    pub turn_credential: String,
}

impl RtcArgs {
    /// The room link these flags give, or why they give none.
    pub fn link(&self) -> Result<RoomLink, String> {
        let signal = self.signal.clone().ok_or_else(|| {
            "a room needs a signalling server: add --signal HOST:PORT (one runs with \
             wartable signal --bind 0.0.0.0:3536)"
                .to_string()
        })?;
        let stun = self
            .stun
            .iter()
            .map(|s| s.trim().to_string())
            .filter(|s| !s.is_empty() && s != "none")
            .collect();
        let turn = match &self.turn {
            None => None,
            Some(url) if self.turn_user.is_empty() || self.turn_credential.is_empty() => {
                return Err(format!(
                    "--turn {url}: a TURN relay needs --turn-user and --turn-credential"
                ));
            }
            Some(url) => Some(Turn {
                url: url.clone(),
                user: self.turn_user.clone(),
                credential: self.turn_credential.clone(),
            }),
        };
        Ok(RoomLink {
            signal,
            ice: IceConfig { stun, turn },
        })
    }
}

#[derive(clap::Args, Debug, Clone)]
pub struct JoinArgs {
    /// The host's address, e.g. 127.0.0.1:5757 (port 5757 when left out), or a room code
    /// (WT-XXXXXXX, with --signal).
    pub address: String,
    /// The name the other players see.
    #[arg(long, default_value = "guest")]
    pub name: String,
    /// The program plays this seat.
    #[arg(long)]
    pub program: bool,
    /// Without a window (needs --program): ends with the game, printing `state hash: <hex>`.
    #[arg(long)]
    pub headless: bool,
    /// Give up after this many seconds (headless).
    #[arg(long)]
    pub timeout: Option<u64>,
    #[command(flatten)]
    pub rtc: RtcArgs,
}

#[derive(clap::Args, Debug, Clone)]
pub struct SignalArgs {
    /// The address to listen on, e.g. 0.0.0.0:3536.
    #[arg(long, default_value = "0.0.0.0:3536")]
    pub bind: SocketAddr,
    /// Connection attempts an address may make a second, after a burst of 20.
    #[arg(long, default_value_t = 1.0)]
    pub rate: f64,
}

/// Where `wartable join ADDRESS` goes: a room code, or a host's UDP address.
pub fn target(a: &JoinArgs) -> Result<Target, String> {
    if let Ok(code) = wartable::net::room_code::normalize(&a.address) {
        return Ok(Target::Room {
            link: a.rtc.link()?,
            code,
        });
    }
    if a.rtc.signal.is_some() {
        wartable::net::room_code::normalize(&a.address)?;
    }
    parse_address(&a.address).map(Target::Address)
}

/// `wartable signal`: the signalling server, until it is stopped.
pub fn signal(a: &SignalArgs) -> ExitCode {
    if !(a.rate > 0.0 && a.rate <= 1000.0) {
        return super::fail(&[format!("--rate {}: 0 to 1000 tries a second", a.rate)]);
    }
    let limit = wartable::net::signal::RateLimit {
        per_second: a.rate,
        burst: 20.0,
    };
    match wartable::net::signal::serve_forever(a.bind, limit, &mut std::io::stdout()) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => super::fail(&[e]),
    }
}

/// The seats' players from their names on the command line.
pub fn parse_seats(seats: &[String]) -> Result<Vec<Player>, String> {
    seats
        .iter()
        .map(|s| match s.trim() {
            "player" | "human" => Ok(Player::Human),
            "program" => Ok(Player::Program),
            "remote" => Ok(Player::Remote),
            other => Err(format!(
                "--seats: '{other}' is not player, program or remote"
            )),
        })
        .collect()
}

/// The host plan the arguments describe.
pub fn plan(a: &HostArgs, seed: u64) -> Result<HostPlan, String> {
    a.game.check_sides()?;
    if let Some(c) = a.countdown
        && !(0.1..=600.0).contains(&c)
    {
        return Err(format!(
            "--countdown {c}: the interrupt countdown runs 0.1 to 600 seconds"
        ));
    }
    Ok(HostPlan {
        rules: a.rules,
        setup: a.game.setup(seed, Some(a.rounds)),
        seats: parse_seats(&a.seats)?,
        bind: a.bind,
        port: a.port,
        public: a.public.clone(),
        on_drop: a.on_drop,
        remote_dice: a.remote_dice,
        countdown: a.countdown,
        room: if a.room { Some(a.rtc.link()?) } else { None },
        lineup: a.skills.lineup_or(wartable::rules::core::Think::default()),
    })
}

pub fn host_headless(a: &HostArgs, seed: u64) -> ExitCode {
    let plan = match plan(a, seed) {
        Ok(p) => p,
        Err(e) => return super::fail(&[e]),
    };
    if plan.seats.contains(&Player::Human) {
        return super::fail(&[
            "a headless host has nobody at its screen: name its seats program or remote".into(),
        ]);
    }
    let mut out = std::io::stdout();
    match headless::run_host(&plan, &mut out, a.timeout.map(Duration::from_secs)) {
        Ok(_) => ExitCode::SUCCESS,
        Err(e) => super::fail(&[e]),
    }
}

pub fn join_headless(a: &JoinArgs) -> ExitCode {
    if !a.program {
        return super::fail(&[
            "a headless seat is played by the program: add --program (or leave out --headless)"
                .into(),
        ]);
    }
    let target = match target(a) {
        Ok(x) => x,
        Err(e) => return super::fail(&[e]),
    };
    let mut out = std::io::stdout();
    match headless::run_join(
        &target,
        &a.name,
        true,
        &mut out,
        a.timeout.map(Duration::from_secs),
    ) {
        Ok(_) => ExitCode::SUCCESS,
        Err(e) => super::fail(&[e]),
    }
}
