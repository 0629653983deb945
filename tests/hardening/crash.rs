//! Crash safety: a process killed with SIGKILL at random moments while it writes saves always
//! leaves the old file or the new one, whole, and it loads.

use crate::common::temp_dir;
use rand::{Rng, SeedableRng};
use std::process::{Command, Stdio};
use std::time::Duration;
use wartable::rules::core::RulesId;
use wartable::rules::headless::check_save;

/// 200 times: a child writes two different saves over one file in turn (through the game's
/// own save), and is killed after a random few milliseconds. The file then always holds one
/// of the two games, and replays to its hash.
#[test]
fn saves_killed_half_way_leave_a_whole_file() {
    let dir = temp_dir("sigkill");
    let (a, b) = (dir.join("a.ron"), dir.join("b.ron"));
    // Two rule sets, so that the file's very kind differs between the two.
    let hashes = [
        super::self_played(RulesId::KogLight, 11, 60, &a),
        super::self_played(RulesId::Dndalike, 11, 80, &b),
    ];
    let target = dir.join("game.ron");
    std::fs::copy(&a, &target).unwrap();
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(200);
    let mut loaded = [0; 2];
    for round in 0..200 {
        let mut child = Command::new(env!("CARGO_BIN_EXE_wartable"))
            .args(["save-loop", "--from"])
            .arg(&a)
            .arg("--from")
            .arg(&b)
            .arg("--to")
            .arg(&target)
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("the program starts");
        std::thread::sleep(Duration::from_micros(rng.random_range(2_000..60_000)));
        // SIGKILL on Unix: no chance to clean up.
        child.kill().expect("kill the child");
        child.wait().unwrap();
        let r = check_save(&target).unwrap_or_else(|e| {
            panic!(
                "round {round}: the file does not load after the kill: {}",
                e[0]
            )
        });
        let k = hashes.iter().position(|h| *h == r.hash).unwrap_or_else(|| {
            panic!(
                "round {round}: a game that was never saved ({:016x})",
                r.hash
            )
        });
        loaded[k] += 1;
    }
    // The kills fell at different moments: both games were found at the end of some rounds.
    assert!(loaded[0] > 0 && loaded[1] > 0, "{loaded:?}");
}
