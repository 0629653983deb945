//! bevy_replicon's messages over WebRTC data channels (matchbox's socket), beside the renet
//! backend: a host and its seats meet in a room of a signalling server ([`super::signal`])
//! and then talk peer to peer, through NATs by ICE with STUN, or through a TURN relay.
//!
//! Wartable replicates no entities, so every replicon channel rides one ordered, reliable
//! data channel (stronger than what the unreliable ones ask). A frame is
//! `[replicon channel][1 if more chunks follow, else 0][payload]`; a message over
//! [`CHUNK`] bytes goes in several frames and is put together again up to a cap. A frame
//! whose channel byte names no channel, or a message over the cap, closes that peer: replicon
//! itself would panic on an unknown channel id.

use bevy::prelude::*;
use bevy_replicon::prelude::*;
use bevy_replicon::shared::backend::connected_client::ConnectedClient;
use matchbox_socket::{
    ChannelConfig, PeerId as RtcPeerId, PeerState, RtcIceServerConfig, WebRtcSocket,
    WebRtcSocketBuilder,
};
use std::collections::{HashMap, HashSet};
use std::sync::{Arc, Mutex};
use std::time::Duration;

/// A log filter that keeps the WebRTC crates' chatter (ICE candidates, DTLS names, queues
/// closed on the way out) to their errors: a game's own lines say what matters.
pub const LOG_FILTER: &str =
    "rtc=error,rtc_ice=error,rtc_dtls=error,rtc_sctp=error,matchbox_socket=error";

/// The payload of one frame at most: below webrtc-rs' 64 KiB message limit.
pub const CHUNK: usize = 16 * 1024;
/// The largest message a host puts together from a seat's frames (a seat's messages are a
/// command, a chat line or a greeting, all far smaller).
pub const MAX_FROM_SEAT: usize = 64 * 1024;
/// The largest message a seat puts together from the host's frames (a whole game's log).
pub const MAX_FROM_HOST: usize = 16 * 1024 * 1024;

/// The STUN and TURN servers a connection may use (empty: only the machines' own addresses,
/// which is enough on one network).
#[derive(Debug, Clone, Default, PartialEq)]
pub struct IceConfig {
    /// `stun:HOST:PORT` addresses.
    pub stun: Vec<String>,
    /// A TURN relay: `turn:HOST:PORT`, with its user and credential.
    pub turn: Option<Turn>,
}

/// A TURN relay and the credentials it asks for.
#[derive(Debug, Clone, PartialEq)]
pub struct Turn {
    pub url: String,
    pub user: String,
    pub credential: String,
}

impl IceConfig {
    /// Google's public STUN server, which most WebRTC programs use by default.
    pub fn public_stun() -> Self {
        Self {
            stun: vec!["stun:stun.l.google.com:19302".into()],
            turn: None,
        }
    }

    fn server(&self) -> RtcIceServerConfig {
        let mut urls = self.stun.clone();
        let (mut username, mut credential) = (None, None);
        if let Some(t) = &self.turn {
            urls.push(t.url.clone());
            username = Some(t.user.clone());
            credential = Some(t.credential.clone());
        }
        RtcIceServerConfig {
            urls,
            username,
            credential,
        }
    }
}

/// A signalling server's address as typed (`HOST:PORT`, `ws://…` or `wss://…`) as a URL
/// without a trailing slash.
pub fn signal_url(text: &str) -> String {
    let t = text.trim().trim_end_matches('/');
    if t.starts_with("ws://") || t.starts_with("wss://") {
        t.to_string()
    } else {
        format!("ws://{t}")
    }
}

/// How many further codes a host draws when the signalling server answers that its code is in
/// use (409), before it gives up.
pub const CODE_RETRIES: u8 = 4;

/// How a link's loop ended: `Ok` for a plain close, else why (as a player reads it) and the
/// HTTP status the signalling server answered, if it answered one.
type End = Result<(), (String, Option<u16>)>;

/// A socket and the thread running its message loop.
struct Link {
    socket: WebRtcSocket,
    /// Set by the loop's thread when the loop ends.
    ended: Arc<Mutex<Option<End>>>,
    /// Frames of a message not yet whole, by peer: its channel and bytes so far.
    partial: HashMap<RtcPeerId, (u8, Vec<u8>)>,
}

impl Link {
    fn open(url: String, ice: &IceConfig) -> Self {
        let (socket, message_loop) = WebRtcSocketBuilder::new(url)
            .ice_server(ice.server())
            .reconnect_attempts(Some(1))
            .signaling_keep_alive_interval(Some(Duration::from_secs(10)))
            .add_channel(ChannelConfig::reliable())
            .build();
        let ended = Arc::new(Mutex::new(None));
        let done = ended.clone();
        let spawned = std::thread::Builder::new()
            .name("webrtc".into())
            .spawn(move || {
                let r = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
                    bevy::tasks::block_on(message_loop)
                }));
                let r = match r {
                    Ok(Ok(())) => Ok(()),
                    Ok(Err(e)) => Err((describe(&e), http_status(&e))),
                    Err(_) => Err(("the signalling server closed the connection".into(), None)),
                };
                *done.lock().unwrap_or_else(|p| p.into_inner()) = Some(r);
            });
        if let Err(e) = spawned {
            *ended.lock().unwrap_or_else(|p| p.into_inner()) =
                Some(Err((format!("cannot start the network thread: {e}"), None)));
        }
        Self {
            socket,
            ended,
            partial: HashMap::new(),
        }
    }

    fn ended(&self) -> Option<End> {
        self.ended.lock().unwrap_or_else(|p| p.into_inner()).clone()
    }

    /// Sends `msg` on replicon channel `ch` to `peer`, in chunks.
    fn send(&mut self, peer: RtcPeerId, ch: usize, msg: &[u8]) {
        let chunks: Vec<&[u8]> = if msg.is_empty() {
            vec![&[]]
        } else {
            msg.chunks(CHUNK).collect()
        };
        let n = chunks.len();
        let channel = self.socket.channel_mut(0);
        for (i, c) in chunks.into_iter().enumerate() {
            let mut frame = Vec::with_capacity(c.len() + 2);
            frame.push(ch as u8);
            frame.push(u8::from(i + 1 < n));
            frame.extend_from_slice(c);
            if channel.try_send(frame.into(), peer).is_err() {
                return;
            }
        }
    }

    /// The whole messages that came in: `(peer, channel, bytes)`, and the peers whose frames
    /// broke the rules (with why).
    fn receive(
        &mut self,
        channels: usize,
        cap: usize,
    ) -> (Vec<(RtcPeerId, usize, Vec<u8>)>, Vec<(RtcPeerId, String)>) {
        let (mut whole, mut bad) = (Vec::new(), Vec::new());
        for (peer, frame) in self.socket.channel_mut(0).receive() {
            if bad.iter().any(|(p, _)| *p == peer) {
                continue;
            }
            match self.take_frame(peer, &frame, channels, cap) {
                Ok(Some((ch, bytes))) => whole.push((peer, ch, bytes)),
                Ok(None) => {}
                Err(why) => {
                    self.partial.remove(&peer);
                    bad.push((peer, why));
                }
            }
        }
        (whole, bad)
    }

    fn take_frame(
        &mut self,
        peer: RtcPeerId,
        frame: &[u8],
        channels: usize,
        cap: usize,
    ) -> Result<Option<(usize, Vec<u8>)>, String> {
        let [ch, more, payload @ ..] = frame else {
            return Err("sent a frame too short to read".into());
        };
        if usize::from(*ch) >= channels {
            return Err(format!(
                "sent a message on channel {ch}, which does not exist"
            ));
        }
        if *more > 1 {
            return Err("sent a frame that does not read".into());
        }
        let (pch, buf) = self
            .partial
            .entry(peer)
            .or_insert_with(|| (*ch, Vec::new()));
        if *pch != *ch {
            return Err("mixed two messages' frames".into());
        }
        if buf.len() + payload.len() > cap {
            return Err(format!("sent a message over {cap} bytes"));
        }
        buf.extend_from_slice(payload);
        if *more == 1 {
            return Ok(None);
        }
        let (_, bytes) = self.partial.remove(&peer).unwrap_or_default();
        Ok(Some((usize::from(*ch), bytes)))
    }
}

/// The HTTP status the signalling server refused the connection with, if it answered one.
fn http_status(e: &matchbox_socket::Error) -> Option<u16> {
    use async_tungstenite::tungstenite::Error as Ws;
    use matchbox_socket::{Error, SignalingError};
    match e {
        Error::ConnectionFailed(SignalingError::WebSocket(Ws::Http(resp)))
        | Error::Disconnected(SignalingError::WebSocket(Ws::Http(resp))) => {
            Some(resp.status().as_u16())
        }
        _ => None,
    }
}

/// A loop error as a player reads it, with what to try.
fn describe(e: &matchbox_socket::Error) -> String {
    use async_tungstenite::tungstenite::Error as Ws;
    use matchbox_socket::{Error, SignalingError};
    let inner = match e {
        Error::ConnectionFailed(s) | Error::Disconnected(s) => s,
    };
    if let SignalingError::WebSocket(Ws::Http(resp)) = inner {
        return match resp.status().as_u16() {
            404 => "no game is hosted with this room code: check the code, and that the host \
                    still waits for players"
                .into(),
            409 => "this room code is in use".into(),
            429 => "the signalling server refuses more tries from this address for now: wait \
                    a minute and try again"
                .into(),
            400 => "the signalling server does not take this room code".into(),
            s => format!(
                "the signalling server answered {s}: check its address in Settings -> Online (or --signal)"
            ),
        };
    }
    match e {
        Error::ConnectionFailed(s) => format!(
            "cannot reach the signalling server ({s}): check its address in Settings -> Online \
             (or --signal), that it runs (wartable signal), and this machine's connection"
        ),
        Error::Disconnected(s) => format!("the connection to the signalling server was lost ({s})"),
    }
}

/// A host's end of the WebRTC link: its room, its peers, and who was turned away.
#[derive(Resource)]
pub struct RtcHost {
    link: Link,
    /// The room code: the one drawn at the start, or a later one drawn when the server said
    /// an earlier one was in use.
    pub code: String,
    /// The signalling server as given, and the ICE servers: to open the room again under a
    /// new code.
    signal: String,
    ice: IceConfig,
    /// New codes still to draw if the server says this one is in use.
    retries: u8,
    peers: HashMap<RtcPeerId, Entity>,
    /// Peers whose packets are ignored: turned away, dropped or broken.
    muted: HashSet<RtcPeerId>,
    /// Peers with an open WebRTC connection, heard or muted (a peer cannot be cut off: one
    /// the host let go counts until it closes its end).
    open: HashSet<RtcPeerId>,
    max_peers: usize,
    /// What happened that the host's owner should show (a refused peer, a lost server).
    pub notices: Vec<String>,
    /// Why the link ended, once it has.
    pub failure: Option<String>,
}

/// The peer a connected client entity stands for.
#[derive(Component)]
pub struct RtcPeer(pub RtcPeerId);

/// A seat's end of the WebRTC link.
#[derive(Resource)]
pub struct RtcSeat {
    link: Link,
    pub code: String,
    host: Option<RtcPeerId>,
    /// Why the link ended or never came up.
    pub failure: Option<String>,
}

/// Opens a host's room `code` at the signalling server `signal` (see [`signal_url`]), for
/// at most `max_peers` connections at a time.
/// If the server answers that `code` is in use, the host draws another (up to
/// [`CODE_RETRIES`] times) and says so in its notices; `code` then changes.
pub fn open_host(world: &mut World, signal: &str, code: &str, ice: &IceConfig, max_peers: usize) {
    world.insert_resource(RtcHost {
        link: Link::open(host_url(signal, code), ice),
        code: code.to_string(),
        signal: signal.to_string(),
        ice: ice.clone(),
        retries: CODE_RETRIES,
        peers: HashMap::new(),
        muted: HashSet::new(),
        open: HashSet::new(),
        max_peers,
        notices: Vec::new(),
        failure: None,
    });
}

/// The address a host opens its room `code` at.
fn host_url(signal: &str, code: &str) -> String {
    format!(
        "{}/{code}{}",
        signal_url(signal),
        super::signal::HOST_SUFFIX
    )
}

/// Opens a seat's link to the host of room `code`.
pub fn open_seat(world: &mut World, signal: &str, code: &str, ice: &IceConfig) {
    let url = format!("{}/{code}", signal_url(signal));
    world.insert_resource(RtcSeat {
        link: Link::open(url, ice),
        code: code.to_string(),
        host: None,
        failure: None,
    });
}

/// Whether the host's link is up and registered (its room exists at the server): the
/// server has given it an id and the loop still runs.
pub fn host_registered(host: &mut RtcHost) -> bool {
    host.link.ended().is_none() && host.link.socket.id().is_some()
}

/// Closes the links of this world.
pub fn close(world: &mut World) {
    if let Some(mut h) = world.get_resource_mut::<RtcHost>() {
        h.link.socket.close();
    }
    if let Some(mut s) = world.get_resource_mut::<RtcSeat>() {
        s.link.socket.close();
    }
    world.remove_resource::<RtcHost>();
    world.remove_resource::<RtcSeat>();
}

/// The backend's systems. Added with replicon's plugins; every system waits for its resource.
pub fn plugin(app: &mut App) {
    app.add_systems(
        PreUpdate,
        (
            host_running.run_if(resource_added::<RtcHost>),
            host_stopped.run_if(resource_removed::<RtcHost>),
            host_receive.run_if(resource_exists::<RtcHost>),
        )
            .chain()
            .in_set(ServerSystems::ReceivePackets),
    )
    .add_systems(
        PreUpdate,
        (
            seat_connecting.run_if(resource_added::<RtcSeat>),
            seat_stopped.run_if(resource_removed::<RtcSeat>),
            seat_receive.run_if(resource_exists::<RtcSeat>),
        )
            .chain()
            .in_set(ClientSystems::ReceivePackets),
    )
    .add_systems(
        PostUpdate,
        (
            host_send
                .in_set(ServerSystems::SendPackets)
                .run_if(resource_exists::<RtcHost>),
            seat_send
                .in_set(ClientSystems::SendPackets)
                .run_if(resource_exists::<RtcSeat>),
        ),
    )
    .add_observer(peer_removed);
}

fn host_running(mut state: ResMut<NextState<ServerState>>) {
    state.set(ServerState::Running);
}

fn host_stopped(
    mut state: ResMut<NextState<ServerState>>,
    mut commands: Commands,
    peers: Query<Entity, With<RtcPeer>>,
) {
    state.set(ServerState::Stopped);
    for e in &peers {
        commands.entity(e).despawn();
    }
}

fn host_receive(
    mut commands: Commands,
    mut host: ResMut<RtcHost>,
    channels: Res<RepliconChannels>,
    mut messages: ResMut<ServerMessages>,
) {
    let host = &mut *host;
    if host.failure.is_none()
        && let Some(end) = host.link.ended()
    {
        match end {
            Err((_, Some(409))) if host.retries > 0 && host.peers.is_empty() => {
                // Another host holds this code: draw a new one and open the room again.
                host.retries -= 1;
                let old = std::mem::replace(&mut host.code, super::room_code::draw());
                host.link = Link::open(host_url(&host.signal, &host.code), &host.ice);
                host.notices.push(format!(
                    "room code {old} is in use at the signalling server; this game's room code is now {}",
                    host.code
                ));
            }
            end => {
                let why = match end {
                    Ok(()) => "the link to the signalling server closed".to_string(),
                    Err((e, _)) => e,
                };
                host.notices.push(why.clone());
                host.failure = Some(why);
            }
        }
    }
    let changes = host.link.socket.try_update_peers().unwrap_or_default();
    for (peer, state) in changes {
        match state {
            PeerState::Connected => {
                host.open.insert(peer);
                if host.muted.contains(&peer) || host.peers.contains_key(&peer) {
                    continue;
                }
                if host.open.len() > host.max_peers {
                    host.muted.insert(peer);
                    host.notices
                        .push("someone tried to join; refused (every place is taken)".into());
                    continue;
                }
                let e = commands
                    .spawn((ConnectedClient { max_size: CHUNK }, RtcPeer(peer)))
                    .id();
                host.peers.insert(peer, e);
            }
            PeerState::Disconnected => {
                host.open.remove(&peer);
                host.link.partial.remove(&peer);
                if let Some(e) = host.peers.remove(&peer) {
                    commands.entity(e).despawn();
                }
            }
        }
    }
    let (whole, bad) = host
        .link
        .receive(channels.client_channels().len(), MAX_FROM_SEAT);
    for (peer, why) in bad {
        if host.muted.insert(peer) {
            host.notices
                .push(format!("a seat {why}; the host closed its connection"));
        }
        if let Some(e) = host.peers.remove(&peer) {
            commands.entity(e).despawn();
        }
    }
    for (peer, ch, bytes) in whole {
        if host.muted.contains(&peer) {
            continue;
        }
        if let Some(&e) = host.peers.get(&peer) {
            messages.insert_received(e, ch, bytes);
        }
    }
}

fn host_send(
    mut host: ResMut<RtcHost>,
    mut messages: ResMut<ServerMessages>,
    peers: Query<&RtcPeer>,
) {
    for (e, ch, msg) in messages.drain_sent() {
        let Ok(peer) = peers.get(e) else { continue };
        if !host.muted.contains(&peer.0) {
            host.link.send(peer.0, ch, &msg);
        }
    }
}

/// A client entity is gone (the host dropped it, or it left): its peer is heard no more.
fn peer_removed(
    remove: On<Remove, ConnectedClient>,
    host: Option<ResMut<RtcHost>>,
    peers: Query<&RtcPeer>,
) {
    let (Some(mut host), Ok(peer)) = (host, peers.get(remove.entity)) else {
        return;
    };
    let p = peer.0;
    host.peers.remove(&p);
    host.muted.insert(p);
}

fn seat_connecting(mut state: ResMut<NextState<ClientState>>) {
    state.set(ClientState::Connecting);
}

fn seat_stopped(mut state: ResMut<NextState<ClientState>>) {
    state.set(ClientState::Disconnected);
}

fn seat_receive(
    mut seat: ResMut<RtcSeat>,
    channels: Res<RepliconChannels>,
    mut messages: ResMut<ClientMessages>,
    mut state: ResMut<NextState<ClientState>>,
) {
    let seat = &mut *seat;
    let changes = seat.link.socket.try_update_peers().unwrap_or_default();
    for (peer, s) in changes {
        match s {
            PeerState::Connected if seat.host.is_none() && seat.failure.is_none() => {
                seat.host = Some(peer);
                state.set(ClientState::Connected);
            }
            PeerState::Disconnected if seat.host == Some(peer) && seat.failure.is_none() => {
                seat.failure = Some("the connection to the host was lost".into());
                state.set(ClientState::Disconnected);
            }
            _ => {}
        }
    }
    if seat.failure.is_none()
        && seat.host.is_none()
        && let Some(end) = seat.link.ended()
    {
        seat.failure = Some(match end {
            Ok(()) => "the signalling server closed the connection".into(),
            Err((e, _)) => e,
        });
        state.set(ClientState::Disconnected);
    }
    let (whole, bad) = seat
        .link
        .receive(channels.server_channels().len(), MAX_FROM_HOST);
    let Some(host) = seat.host else { return };
    if let Some((_, why)) = bad.iter().find(|(p, _)| *p == host) {
        seat.failure = Some(format!("the host {why}"));
        state.set(ClientState::Disconnected);
        return;
    }
    if seat.failure.is_some() {
        return;
    }
    for (peer, ch, bytes) in whole {
        if peer == host {
            messages.insert_received(ch, bytes);
        }
    }
}

fn seat_send(mut seat: ResMut<RtcSeat>, mut messages: ResMut<ClientMessages>) {
    let seat = &mut *seat;
    let Some(host) = seat.host.filter(|_| seat.failure.is_none()) else {
        messages.drain_sent().for_each(drop);
        return;
    };
    for (ch, msg) in messages.drain_sent() {
        seat.link.send(host, ch, &msg);
    }
}

/// Sends raw frames from a seat to its host, past the framing: tests of what a host does
/// with frames no Wartable seat sends.
pub fn send_raw_frame(seat: &mut RtcSeat, frame: Vec<u8>) -> bool {
    match seat.host {
        Some(h) => seat
            .link
            .socket
            .channel_mut(0)
            .try_send(frame.into(), h)
            .is_ok(),
        None => false,
    }
}
