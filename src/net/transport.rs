//! The network under [`super::host::Host`] and [`super::client::SeatClient`]: bevy_replicon's
//! client and server messages (no entity replication) over renet's UDP transport with netcode,
//! or over WebRTC data channels met through a room of a signalling server ([`super::rtc`]).
//! These systems only carry messages; whoever owns the game (the headless runners, the app)
//! feeds the host's inbox to its [`Host`] and its answers back to the outbox.

use super::client::SeatClient;
use super::host::{Host, Out, PeerId};
use super::proto::{ToHost, ToSeat};
use bevy::prelude::*;
use bevy_replicon::prelude::*;
use bevy_replicon_renet::netcode::{
    ClientAuthentication, NetcodeClientTransport, NetcodeServerTransport, ServerAuthentication,
    ServerConfig,
};
use bevy_replicon_renet::renet::ConnectionConfig;
use bevy_replicon_renet::{RenetChannelsExt, RenetClient, RenetServer, RepliconRenetPlugins};
use std::net::{IpAddr, Ipv4Addr, SocketAddr, UdpSocket};
use std::time::SystemTime;

/// Netcode's protocol id for Wartable (a host ignores connections of other programs).
const NETCODE_PROTOCOL: u64 = 0x5761_7274_6162_6c65;

/// The plugin: replicon with renet, and the two message types. Needs bevy's states.
pub fn plugin(app: &mut App) {
    // The server sends every frame, not on a fixed tick: a turn-based game's messages are few,
    // and each round trip would otherwise wait for the next tick.
    app.add_plugins((
        RepliconPlugins.set(ServerPlugin::new(PostUpdate)),
        RepliconRenetPlugins,
        super::rtc::plugin,
    ))
    .add_client_message::<ToHost>(Channel::Ordered)
    .add_server_message::<ToSeat>(Channel::Ordered)
    .add_observer(protocol_mismatch)
    .add_systems(
        PreUpdate,
        (host_receive, seat_receive)
            .after(ClientSystems::Receive)
            .after(ServerSystems::Receive),
    )
    .add_systems(
        PostUpdate,
        (host_send, seat_send)
            .before(ClientSystems::Send)
            .before(ServerSystems::Send),
    );
}

/// What reached the host since its owner last looked.
#[derive(Debug)]
pub enum Incoming {
    Connected(PeerId),
    Left(PeerId),
    Message(PeerId, ToHost),
}

/// An online game's host at the network: the protocol's [`Host`], what came in, what goes
/// out.
#[derive(Resource)]
pub struct NetHost {
    pub host: Host,
    pub inbox: Vec<Incoming>,
    /// The address seats join, as the host can tell it.
    pub addresses: Vec<SocketAddr>,
    /// The room code seats join by, for a host in a room of a signalling server.
    pub room: Option<String>,
}

impl NetHost {
    /// Hands what came in to the host, which plays it in `game`.
    pub fn pump(&mut self, game: &mut dyn super::seat_game::HostGame, now: f64) {
        for i in std::mem::take(&mut self.inbox) {
            match i {
                Incoming::Connected(p) => self.host.connected(p, now),
                Incoming::Left(p) => self.host.disconnected(game, p),
                Incoming::Message(p, m) => self.host.receive(game, p, m, now),
            }
        }
    }
}

/// An online game's seat at the network.
#[derive(Resource)]
pub struct NetSeat {
    pub client: SeatClient,
    pub greeted: bool,
    pub connected_once: bool,
    /// The round trip to the host, in seconds: measured by renet over UDP; `None` over
    /// WebRTC, where matchbox reports none.
    pub rtt: Option<f64>,
}

/// Opens a host on `bind`:`port` (port 0: any free one). `public` are further addresses seats
/// may use to reach it (a router's forwarded address); loopback and this machine's own
/// address are added.
pub fn open_host(
    world: &mut World,
    host: Host,
    bind: IpAddr,
    port: u16,
    public: &[SocketAddr],
    max_seats: usize,
) -> Result<SocketAddr, String> {
    let socket = UdpSocket::bind(SocketAddr::new(bind, port))
        .map_err(|e| format!("cannot listen on {bind}:{port}: {e}"))?;
    let local = socket
        .local_addr()
        .map_err(|e| format!("cannot read the address listened on: {e}"))?;
    let mut addresses = vec![SocketAddr::new(Ipv4Addr::LOCALHOST.into(), local.port())];
    if !bind.is_unspecified() {
        addresses = vec![local];
    } else if let Some(ip) = own_address() {
        addresses.push(SocketAddr::new(ip, local.port()));
    }
    addresses.extend(public.iter().copied());
    addresses.dedup();
    let channels = world.resource::<RepliconChannels>();
    let server = RenetServer::new(ConnectionConfig {
        server_channels_config: channels.server_configs(),
        client_channels_config: channels.client_configs(),
        ..Default::default()
    });
    let config = ServerConfig {
        current_time: now_since_epoch(),
        max_clients: max_seats.max(1),
        protocol_id: NETCODE_PROTOCOL,
        public_addresses: addresses.clone(),
        authentication: ServerAuthentication::Unsecure,
    };
    let transport = NetcodeServerTransport::new(config, socket)
        .map_err(|e| format!("cannot start the host: {e}"))?;
    world.insert_resource(server);
    world.insert_resource(transport);
    world.insert_resource(NetHost {
        host,
        inbox: Vec::new(),
        addresses: addresses.clone(),
        room: None,
    });
    Ok(local)
}

/// Connects a seat to the host at `addr`.
pub fn join(world: &mut World, addr: SocketAddr, client: SeatClient) -> Result<(), String> {
    let ip: IpAddr = if addr.ip().is_loopback() {
        Ipv4Addr::LOCALHOST.into()
    } else {
        Ipv4Addr::UNSPECIFIED.into()
    };
    let socket =
        UdpSocket::bind((ip, 0)).map_err(|e| format!("cannot open a network socket: {e}"))?;
    let channels = world.resource::<RepliconChannels>();
    let renet = RenetClient::new(ConnectionConfig {
        server_channels_config: channels.server_configs(),
        client_channels_config: channels.client_configs(),
        ..Default::default()
    });
    let client_id = client_id();
    let auth = ClientAuthentication::Unsecure {
        client_id,
        protocol_id: NETCODE_PROTOCOL,
        server_addr: addr,
        user_data: None,
    };
    let transport = NetcodeClientTransport::new(now_since_epoch(), auth, socket)
        .map_err(|e| format!("cannot connect to {addr}: {e}"))?;
    world.insert_resource(renet);
    world.insert_resource(transport);
    world.insert_resource(NetSeat {
        client,
        greeted: false,
        connected_once: false,
        rtt: None,
    });
    Ok(())
}

/// Opens a host in room `code` of the signalling server `signal` (WebRTC), for at most
/// `max_seats` connections at a time (more are turned away and reported).
pub fn open_room_host(
    world: &mut World,
    host: Host,
    signal: &str,
    code: &str,
    ice: &super::rtc::IceConfig,
    max_seats: usize,
) {
    super::rtc::open_host(world, signal, code, ice, max_seats.max(1));
    world.insert_resource(NetHost {
        host,
        inbox: Vec::new(),
        addresses: Vec::new(),
        room: Some(code.to_string()),
    });
}

/// Connects a seat to the host of room `code` at the signalling server `signal` (WebRTC).
pub fn join_room(
    world: &mut World,
    signal: &str,
    code: &str,
    ice: &super::rtc::IceConfig,
    client: SeatClient,
) -> Result<(), String> {
    let code = super::room_code::normalize(code)?;
    super::rtc::open_seat(world, signal, &code, ice);
    world.insert_resource(NetSeat {
        client,
        greeted: false,
        connected_once: false,
        rtt: None,
    });
    Ok(())
}

/// Closes the host or the seat's connection.
pub fn close(world: &mut World) {
    super::rtc::close(world);
    if let Some(mut s) = world.get_resource_mut::<RenetServer>() {
        s.disconnect_all();
    }
    if let Some(mut c) = world.get_resource_mut::<RenetClient>() {
        c.disconnect();
    }
    world.remove_resource::<NetHost>();
    world.remove_resource::<NetSeat>();
}

fn now_since_epoch() -> std::time::Duration {
    SystemTime::now()
        .duration_since(SystemTime::UNIX_EPOCH)
        .unwrap_or_default()
}

/// A connection id unlikely to meet another's: the clock's nanoseconds and the process id.
fn client_id() -> u64 {
    let nanos = now_since_epoch().as_nanos() as u64;
    crate::rules::core::game::fnv1a(
        &[
            nanos.to_le_bytes(),
            (std::process::id() as u64).to_le_bytes(),
        ]
        .concat(),
    )
}

/// This machine's address on its network, if it has one: the source address of a route to a
/// documentation address (no packet is sent).
fn own_address() -> Option<IpAddr> {
    let s = UdpSocket::bind((Ipv4Addr::UNSPECIFIED, 0)).ok()?;
    s.connect((Ipv4Addr::new(192, 0, 2, 1), 9)).ok()?;
    let ip = s.local_addr().ok()?.ip();
    (!ip.is_unspecified() && !ip.is_loopback()).then_some(ip)
}

fn host_receive(
    host: Option<ResMut<NetHost>>,
    rtc: Option<ResMut<super::rtc::RtcHost>>,
    mut messages: MessageReader<FromClient<ToHost>>,
    added: Query<Entity, Added<ConnectedClient>>,
    mut removed: RemovedComponents<ConnectedClient>,
) {
    let Some(mut host) = host else {
        messages.clear();
        return;
    };
    if let Some(mut rtc) = rtc {
        let notices = std::mem::take(&mut rtc.notices);
        host.host.lines.extend(notices);
        if host.room.as_deref() != Some(rtc.code.as_str()) {
            host.room = Some(rtc.code.clone());
        }
    }
    for e in &added {
        host.inbox.push(Incoming::Connected(e.to_bits()));
    }
    for m in messages.read() {
        if let ClientId::Client(e) = m.client_id {
            host.inbox
                .push(Incoming::Message(e.to_bits(), m.message.clone()));
        }
    }
    for e in removed.read() {
        host.inbox.push(Incoming::Left(e.to_bits()));
    }
}

fn host_send(
    host: Option<ResMut<NetHost>>,
    mut to_clients: MessageWriter<ToClients<ToSeat>>,
    mut disconnects: MessageWriter<DisconnectRequest>,
) {
    let Some(mut host) = host else { return };
    for o in host.host.take_out() {
        match o {
            Out::Send(peer, message) => {
                if let Some(e) = Entity::try_from_bits(peer) {
                    to_clients.write(ToClients {
                        targets: SendTargets::Single(ClientId::Client(e)),
                        message,
                    });
                }
            }
            Out::Drop(peer, _) => {
                if let Some(client) = Entity::try_from_bits(peer) {
                    disconnects.write(DisconnectRequest { client });
                }
            }
        }
    }
}

fn seat_receive(
    seat: Option<ResMut<NetSeat>>,
    rtc: Option<Res<super::rtc::RtcSeat>>,
    mut messages: MessageReader<ToSeat>,
    state: Option<Res<State<ClientState>>>,
    stats: Option<Res<ClientStats>>,
    time: Res<Time<Real>>,
) {
    let Some(mut seat) = seat else {
        messages.clear();
        return;
    };
    let connected = state.is_some_and(|s| *s.get() == ClientState::Connected);
    if connected && !seat.greeted {
        seat.greeted = true;
        seat.connected_once = true;
        seat.client.hello();
    }
    for m in messages.read() {
        seat.client.receive(m.clone());
    }
    seat.rtt = match (&rtc, stats) {
        (None, Some(stats)) if connected => Some(stats.rtt),
        _ => None,
    };
    if let Some(why) = rtc.as_ref().and_then(|r| r.failure.clone())
        && seat.client.error.is_none()
        && seat.client.ending.is_none()
    {
        seat.client.error = Some(why);
    }
    if !connected
        && seat.connected_once
        && seat.client.error.is_none()
        && seat.client.ending.is_none()
    {
        seat.client.error = Some("the connection to the host was lost".into());
    }
    seat.client.tick(time.elapsed_secs_f64());
}

fn seat_send(seat: Option<ResMut<NetSeat>>, mut out: MessageWriter<ToHost>) {
    let Some(mut seat) = seat else { return };
    for m in seat.client.take_out() {
        out.write(m);
    }
}

fn protocol_mismatch(_on: On<ProtocolMismatch>, seat: Option<ResMut<NetSeat>>) {
    if let Some(mut seat) = seat {
        seat.client.error = Some(
            "the host runs another version of Wartable (its network messages differ): both players need the same version".into(),
        );
    }
}
