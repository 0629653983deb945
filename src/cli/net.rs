//! `wartable host` and `wartable join`: an online game, run headless (for tests and dedicated
//! hosts) or in the window.

use std::net::{IpAddr, SocketAddr};
use std::process::ExitCode;
use std::time::Duration;
use wartable::net::headless::parse_address;
use wartable::net::headless::{self, HostPlan};
use wartable::net::host::OnDrop;
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
}

#[derive(clap::Args, Debug, Clone)]
pub struct JoinArgs {
    /// The host's address, e.g. 127.0.0.1:5757 (port 5757 when left out).
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
    let addr = match parse_address(&a.address) {
        Ok(x) => x,
        Err(e) => return super::fail(&[e]),
    };
    let mut out = std::io::stdout();
    match headless::run_join(
        addr,
        &a.name,
        true,
        &mut out,
        a.timeout.map(Duration::from_secs),
    ) {
        Ok(_) => ExitCode::SUCCESS,
        Err(e) => super::fail(&[e]),
    }
}
