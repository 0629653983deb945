//! Online play: a host decides, seats propose. [`host::Host`] and [`client::SeatClient`] hold
//! the protocol's logic without the network (tested in-process); [`transport`] carries their
//! messages over UDP with bevy_replicon's client and server messages on renet, or over
//! WebRTC ([`rtc`]) after meeting in a room of a signalling server ([`signal`]); [`headless`]
//! runs `wartable host` and `wartable join` without a window.

pub mod client;
pub mod headless;
pub mod host;
pub mod kry_clock;
pub mod loopback;
pub mod proto;
pub mod room_code;
pub mod rtc;
pub mod seat_game;
pub mod signal;
pub mod transport;

use std::path::Path;

/// The folders whose files are the rule data both ends of a game must share.
const DATA_DIRS: [&str; 2] = ["assets/forces", "levels"];

/// A hash of the program's version, the protocol and its rule data (force lists, catalogues,
/// rosters, levels): a seat whose hash differs from the host's is told so and not seated.
pub fn data_hash() -> u64 {
    static HASH: std::sync::OnceLock<u64> = std::sync::OnceLock::new();
    *HASH.get_or_init(|| {
        let mut bytes = format!("{} {}\n", env!("CARGO_PKG_VERSION"), proto::PROTOCOL).into_bytes();
        for dir in DATA_DIRS {
            let root = crate::data::load::resolve_data_path(Path::new(dir));
            let mut files = Vec::new();
            list_files(&root, &mut files);
            files.sort();
            for f in files {
                if let (Ok(rel), Ok(text)) = (f.strip_prefix(&root), std::fs::read(&f)) {
                    bytes.extend_from_slice(format!("{dir}/{}\n", rel.display()).as_bytes());
                    bytes.extend_from_slice(&text);
                }
            }
        }
        crate::rules::core::game::fnv1a(&bytes)
    })
}

fn list_files(dir: &Path, out: &mut Vec<std::path::PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for e in entries.flatten() {
        let p = e.path();
        if p.is_dir() {
            list_files(&p, out);
        } else if p.extension().is_some_and(|x| x == "ron") {
            out.push(p);
        }
    }
}

/// Creates the folder `path` goes in.
pub fn ensure_parent(path: &Path) -> Result<(), String> {
    match path.parent() {
        Some(dir) if !dir.as_os_str().is_empty() => std::fs::create_dir_all(dir)
            .map_err(|e| format!("cannot create {}: {e}", dir.display())),
        _ => Ok(()),
    }
}
