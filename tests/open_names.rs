//! `wartable --open NAME`: a name it does not know is refused at start, with the names it
//! knows, before any window opens.

use std::process::{Command, Stdio};
use std::time::{Duration, Instant};
use wartable::app::base::open_names::parse_open_name;

#[test]
fn an_unknown_open_name_is_refused_with_the_list_of_names() {
    // Without a display a GUI start would fail otherwise (or, with one, open a window): the
    // refusal must come from the command line, with clap's usage exit code.
    let mut child = Command::new(env!("CARGO_BIN_EXE_wartable"))
        .args(["--open", "no-such-window"])
        .env_remove("DISPLAY")
        .env_remove("WAYLAND_DISPLAY")
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .expect("start wartable");
    let deadline = Instant::now() + Duration::from_secs(60);
    let status = loop {
        if let Some(s) = child.try_wait().expect("wait for wartable") {
            break s;
        }
        if Instant::now() > deadline {
            let _ = child.kill();
            panic!("wartable --open no-such-window did not exit");
        }
        std::thread::sleep(Duration::from_millis(50));
    };
    let mut err = String::new();
    use std::io::Read;
    let _ = child
        .stderr
        .take()
        .expect("stderr")
        .read_to_string(&mut err);
    assert_eq!(status.code(), Some(2), "stderr: {err}");
    assert!(err.contains("no window named 'no-such-window'"), "{err}");
    for name in [
        "new-battle",
        "new-kry-gothic",
        "dnd-builder",
        "balance-matrix",
        "rules",
    ] {
        assert!(err.contains(name), "the error lists {name}: {err}");
    }
}

#[test]
fn the_open_names_of_the_docs_are_taken_and_others_are_not() {
    for name in [
        "menu",
        "new-battle",
        "new-kog-light",
        "new-kry-gothic",
        "new-ktog",
        "new-krig",
        "new-dndalike",
        "builder",
        "dnd-builder",
        "dnd-delve",
        "load",
        "settings",
        "rules",
        "balance",
        "balance-run",
        "balance-matrix",
    ] {
        assert_eq!(parse_open_name(name).as_deref(), Ok(name));
    }
    for bad in ["", "new-", "new-chess", "Balance", "settings "] {
        assert!(parse_open_name(bad).is_err(), "{bad:?} is refused");
    }
}
