//! Online play: the host and its seats in memory (every rule set to the end, hidden
//! information, bad input, dropping out and coming back, a view that went wrong), and real
//! games over UDP on 127.0.0.1 and over WebRTC through a signalling server on 127.0.0.1.

mod bad_input;
mod games;
mod hidden;
mod reconnect;
mod rtc;
mod rtc_wire;
mod udp;
