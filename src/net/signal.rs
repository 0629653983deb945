//! `wartable signal`: the signalling server that introduces a seat to its host by a room code
//! (matchbox's server, embedded, with a topology of rooms of Wartable's own). The server only
//! passes WebRTC offers, answers and candidates between a host and its seats; the game's
//! messages never cross it.
//!
//! A host connects to `ws://SERVER/WT-XXXXXXX.host` with the code it drew and owns that room
//! while it stays connected (409 if the code is taken). A seat connects to
//! `ws://SERVER/WT-XXXXXXX` (404 if no host has that room) and is introduced to that room's
//! host only: seats never see each other. Every address has a token bucket of connection
//! attempts (429 when it is empty), which bounds how fast codes can be guessed.

use super::room_code;
use async_trait::async_trait;
use axum::extract::ws::Message;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use bevy::tasks::futures_lite::StreamExt;
use matchbox_protocol::{JsonPeerEvent, PeerId, PeerRequest};
use matchbox_signaling::common_logic::{SignalingChannel, parse_request, try_send};
use matchbox_signaling::{
    NoCallbacks, SignalingServerBuilder, SignalingState, SignalingTopology, WsStateMeta,
};
use std::collections::HashMap;
use std::net::{IpAddr, SocketAddr};
use std::sync::{Arc, Mutex};
use std::time::Instant;

/// The path suffix of a host's connection.
pub const HOST_SUFFIX: &str = ".host";

/// How many connection attempts an address may make: `burst` at once, then `per_second`.
#[derive(Debug, Clone, Copy)]
pub struct RateLimit {
    pub per_second: f64,
    pub burst: f64,
}

impl Default for RateLimit {
    fn default() -> Self {
        Self {
            per_second: 1.0,
            burst: 20.0,
        }
    }
}

struct Room {
    host: PeerId,
    host_tx: SignalingChannel,
    seats: HashMap<PeerId, SignalingChannel>,
}

#[derive(Default)]
struct Inner {
    rooms: HashMap<String, Room>,
    buckets: HashMap<IpAddr, (f64, Instant)>,
}

/// The server's rooms, shared by the connection gate and the connections.
#[derive(Clone, Default)]
pub struct RoomState(Arc<Mutex<Inner>>);

impl SignalingState for RoomState {}

impl RoomState {
    fn with<T>(&self, f: impl FnOnce(&mut Inner) -> T) -> T {
        let mut g = self.0.lock().unwrap_or_else(|p| p.into_inner());
        f(&mut g)
    }

    /// The number of open rooms.
    pub fn room_count(&self) -> usize {
        self.with(|i| i.rooms.len())
    }
}

/// What a connection's path asks for.
enum Ask {
    Host(String),
    Seat(String),
}

fn parse_path(path: Option<&str>) -> Result<Ask, Response> {
    let path = path.unwrap_or("");
    let (code, host) = match path.strip_suffix(HOST_SUFFIX) {
        Some(code) => (code, true),
        None => (path, false),
    };
    if !room_code::is_code(code) {
        return Err((StatusCode::BAD_REQUEST, "not a Wartable room code").into_response());
    }
    Ok(if host {
        Ask::Host(code.to_string())
    } else {
        Ask::Seat(code.to_string())
    })
}

/// The gate every connection passes before it is upgraded to a WebSocket: the rate limit,
/// then the room (404 for a seat of an unknown room, 409 for a host of a taken code).
fn gate(
    state: &RoomState,
    limit: RateLimit,
    origin: SocketAddr,
    path: Option<&str>,
) -> Result<bool, Response> {
    let now = Instant::now();
    let allowed = state.with(|i| {
        if i.buckets.len() > 10_000 {
            i.buckets
                .retain(|_, (_, t)| now.duration_since(*t).as_secs_f64() < 3600.0);
        }
        let b = i.buckets.entry(origin.ip()).or_insert((limit.burst, now));
        b.0 = (b.0 + now.duration_since(b.1).as_secs_f64() * limit.per_second).min(limit.burst);
        b.1 = now;
        if b.0 >= 1.0 {
            b.0 -= 1.0;
            true
        } else {
            false
        }
    });
    if !allowed {
        return Err((
            StatusCode::TOO_MANY_REQUESTS,
            "too many connection attempts from this address: slow down",
        )
            .into_response());
    }
    match parse_path(path)? {
        Ask::Host(code) if state.with(|i| i.rooms.contains_key(&code)) => {
            Err((StatusCode::CONFLICT, "this room code is in use").into_response())
        }
        Ask::Seat(code) if !state.with(|i| i.rooms.contains_key(&code)) => Err((
            StatusCode::NOT_FOUND,
            "no game is hosted with this room code",
        )
            .into_response()),
        _ => Ok(true),
    }
}

fn text(event: JsonPeerEvent) -> Message {
    Message::Text(event.to_string().into())
}

/// Rooms of one host and its seats.
#[derive(Debug, Default)]
pub struct Rooms;

#[async_trait]
impl SignalingTopology<NoCallbacks, RoomState> for Rooms {
    async fn state_machine(upgrade: WsStateMeta<NoCallbacks, RoomState>) {
        let WsStateMeta {
            room,
            peer_id,
            sender,
            mut receiver,
            state,
            ..
        } = upgrade;
        let Ok(ask) = parse_path(Some(&room)) else {
            return;
        };
        let code = match &ask {
            Ask::Host(c) | Ask::Seat(c) => c.clone(),
        };
        let is_host = matches!(ask, Ask::Host(_));
        // Registered (or not) again under the lock: the gate's answer may be stale.
        let admitted = state.with(|i| {
            if is_host {
                if i.rooms.contains_key(&code) {
                    return false;
                }
                i.rooms.insert(
                    code.clone(),
                    Room {
                        host: peer_id,
                        host_tx: sender.clone(),
                        seats: HashMap::new(),
                    },
                );
                true
            } else if let Some(r) = i.rooms.get_mut(&code) {
                r.seats.insert(peer_id, sender.clone());
                let _ = try_send(&r.host_tx, text(JsonPeerEvent::NewPeer(peer_id)));
                true
            } else {
                false
            }
        });
        if !admitted {
            let _ = sender.send(Ok(Message::Close(None)));
            return;
        }
        while let Some(request) = receiver.next().await {
            let request = match parse_request(request) {
                Ok(r) => r,
                Err(matchbox_signaling::ClientRequestError::Json(_))
                | Err(matchbox_signaling::ClientRequestError::UnsupportedType(_)) => continue,
                Err(_) => break,
            };
            let PeerRequest::Signal { receiver: to, data } = request else {
                continue;
            };
            state.with(|i| {
                let Some(r) = i.rooms.get(&code) else { return };
                let event = text(JsonPeerEvent::Signal {
                    sender: peer_id,
                    data,
                });
                if is_host {
                    if let Some(tx) = r.seats.get(&to) {
                        let _ = try_send(tx, event);
                    }
                } else if to == r.host {
                    let _ = try_send(&r.host_tx, event);
                }
            });
        }
        state.with(|i| {
            if is_host {
                if i.rooms.get(&code).is_some_and(|r| r.host == peer_id)
                    && let Some(r) = i.rooms.remove(&code)
                {
                    for tx in r.seats.values() {
                        let _ = try_send(tx, text(JsonPeerEvent::PeerLeft(peer_id)));
                    }
                }
            } else if let Some(r) = i.rooms.get_mut(&code)
                && r.seats.remove(&peer_id).is_some()
            {
                let _ = try_send(&r.host_tx, text(JsonPeerEvent::PeerLeft(peer_id)));
            }
        });
    }
}

/// A signalling server running on its own thread (with its own tokio runtime) until dropped.
pub struct SignalServer {
    pub addr: SocketAddr,
    pub state: RoomState,
    stop: Option<tokio::sync::oneshot::Sender<()>>,
    thread: Option<std::thread::JoinHandle<()>>,
}

impl SignalServer {
    /// Listens on `bind` (port 0: any free one) and serves on a thread of its own.
    pub fn start(bind: SocketAddr, limit: RateLimit) -> Result<Self, String> {
        let rt = tokio::runtime::Builder::new_multi_thread()
            .worker_threads(2)
            .enable_all()
            .build()
            .map_err(|e| format!("cannot start the signalling server: {e}"))?;
        let (tx, rx) = tokio::sync::oneshot::channel();
        let state = RoomState::default();
        let mut server = builder(bind, limit, state.clone())
            .with_shutdown(rx)
            .build();
        let addr = rt
            .block_on(async { server.bind() })
            .map_err(|e| format!("cannot listen on {bind}: {e}"))?;
        let thread = std::thread::Builder::new()
            .name("signal".into())
            .spawn(move || {
                let _ = rt.block_on(server.serve());
                rt.shutdown_timeout(std::time::Duration::from_secs(1));
            })
            .map_err(|e| format!("cannot start the signalling server: {e}"))?;
        Ok(Self {
            addr,
            state,
            stop: Some(tx),
            thread: Some(thread),
        })
    }

    /// The server's address as a seat or host writes it in its settings.
    pub fn url(&self) -> String {
        format!("ws://{}", self.addr)
    }
}

impl Drop for SignalServer {
    fn drop(&mut self) {
        if let Some(tx) = self.stop.take() {
            let _ = tx.send(());
        }
        if let Some(t) = self.thread.take() {
            let _ = t.join();
        }
    }
}

fn builder(
    bind: SocketAddr,
    limit: RateLimit,
    state: RoomState,
) -> SignalingServerBuilder<Rooms, NoCallbacks, RoomState> {
    let gate_state = state.clone();
    SignalingServerBuilder::new(bind, Rooms, state).on_connection_request(move |meta| {
        gate(&gate_state, limit, meta.origin, meta.path.as_deref())
    })
}

/// Runs the server on `bind` in the foreground (`wartable signal`), printing its address.
pub fn serve_forever(
    bind: SocketAddr,
    limit: RateLimit,
    out: &mut dyn std::io::Write,
) -> Result<(), String> {
    let rt = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .map_err(|e| format!("cannot start the signalling server: {e}"))?;
    let mut server = builder(bind, limit, RoomState::default()).build();
    let addr = rt
        .block_on(async { server.bind() })
        .map_err(|e| format!("cannot listen on {bind}: {e}"))?;
    let _ = writeln!(
        out,
        "signalling server on ws://{addr}: hosts and seats use --signal {addr}"
    );
    let _ = out.flush();
    rt.block_on(server.serve())
        .map_err(|e| format!("the signalling server stopped: {e}"))
}
