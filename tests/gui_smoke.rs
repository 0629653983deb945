//! The GUI smoke tests: the real program renders a shipped level, and a KOG light battle in
//! progress, in a window and writes screenshots that are not blank. They need a display;
//! `.ci/run` runs them under Xvfb with `cargo test -- --ignored gui_smoke`.

use crate::common::{repo, temp_dir};
use std::process::Command;

/// Decodes a PNG into (width, height, RGB(A) bytes, channels).
fn decode(path: &std::path::Path) -> (u32, u32, Vec<u8>, usize) {
    let decoder = png::Decoder::new(std::io::BufReader::new(std::fs::File::open(path).unwrap()));
    let mut reader = decoder.read_info().unwrap();
    let mut buf = vec![0; reader.output_buffer_size().unwrap()];
    let info = reader.next_frame(&mut buf).unwrap();
    buf.truncate(info.buffer_size());
    (info.width, info.height, buf, info.color_type.samples())
}

/// Runs the program with `args` and a screenshot; returns the decoded picture.
fn shot(name: &str, args: &[&str]) -> (u32, u32, Vec<u8>, usize) {
    let out = temp_dir(name).join("shot.png");
    let status = Command::new(env!("CARGO_BIN_EXE_wartable"))
        .current_dir(repo())
        .args(args)
        .arg("--screenshot")
        .arg(&out)
        .status()
        .expect("run wartable");
    assert!(status.success(), "wartable exited with {status}");
    decode(&out)
}

/// Many distinct colours, real contrast, and a 3D view in the middle that is not one colour.
fn assert_not_blank((w, _h, px, ch): &(u32, u32, Vec<u8>, usize)) {
    let (w, ch) = (*w as usize, *ch);
    assert!(ch >= 3);
    let mut colours = std::collections::HashSet::new();
    let (mut lo, mut hi) = (255u32, 0u32);
    for p in px.chunks(ch) {
        colours.insert((p[0], p[1], p[2]));
        let l = (p[0] as u32 + p[1] as u32 + p[2] as u32) / 3;
        lo = lo.min(l);
        hi = hi.max(l);
    }
    assert!(colours.len() > 500, "only {} colours", colours.len());
    assert!(hi - lo > 100, "flat image: {lo}..{hi}");
    let mid: std::collections::HashSet<_> = (300..500)
        .flat_map(|y| (400..880).map(move |x| (x, y)))
        .map(|(x, y)| {
            let i = (y * w + x) * ch;
            (px[i], px[i + 1], px[i + 2])
        })
        .collect();
    assert!(
        mid.len() > 100,
        "the table area has only {} colours",
        mid.len()
    );
}

#[test]
#[ignore = "needs a display: run under Xvfb (see .ci/run)"]
fn gui_smoke_renders_a_level_that_is_not_blank() {
    let pic = shot(
        "gui",
        &[
            "--level",
            "levels/kog-battlefield.ron",
            "--seed",
            "1",
            "--frames",
            "40",
            "--measure",
            "1,4",
            "--select",
            "3",
        ],
    );
    assert_eq!((pic.0, pic.1), (1280, 800));
    assert_not_blank(&pic);
}

#[test]
#[ignore = "needs a display: run under Xvfb (see .ci/run)"]
fn gui_smoke_renders_a_kog_light_battle_in_progress() {
    // The program plays 90 commands of a battle against itself and saves it; the GUI opens it.
    let save = temp_dir("gui-kog").join("battle.ron");
    let status = Command::new(env!("CARGO_BIN_EXE_wartable"))
        .current_dir(repo())
        .args(["self-play", "--seed", "5", "--commands", "90", "--out"])
        .arg(&save)
        .status()
        .expect("run wartable self-play");
    assert!(status.success());
    let save = save.to_string_lossy().to_string();
    let pic = shot(
        "gui-kog-shot",
        &["--game", &save, "--frames", "40", "--select", "5"],
    );
    assert_eq!((pic.0, pic.1), (1280, 800));
    assert_not_blank(&pic);
    // The game's panels are drawn: the left forces panel holds text, not just background.
    let (w, ch) = (pic.0 as usize, pic.3);
    let panel: std::collections::HashSet<_> = (80..600)
        .flat_map(|y| (4..180).map(move |x| (x, y)))
        .map(|(x, y)| {
            let i = (y * w + x) * ch;
            (pic.2[i], pic.2[i + 1], pic.2[i + 2])
        })
        .collect();
    assert!(
        panel.len() > 20,
        "the forces panel has {} colours",
        panel.len()
    );
}
