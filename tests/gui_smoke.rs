//! The GUI smoke test: the real program renders a shipped level in a window and writes a
//! screenshot that is not blank. Needs a display; `.ci/run` runs it under Xvfb with
//! `cargo test -- --ignored gui_smoke`.

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

#[test]
#[ignore = "needs a display: run under Xvfb (see .ci/run)"]
fn gui_smoke_renders_a_level_that_is_not_blank() {
    let out = temp_dir("gui").join("shot.png");
    let status = Command::new(env!("CARGO_BIN_EXE_wartable"))
        .current_dir(repo())
        .args([
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
        ])
        .arg("--screenshot")
        .arg(&out)
        .status()
        .expect("run wartable");
    assert!(status.success(), "wartable exited with {status}");
    let (w, h, px, ch) = decode(&out);
    assert_eq!((w, h), (1280, 800));
    assert!(ch >= 3);
    // Not blank: many distinct colours, and real contrast between dark and light pixels.
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
    // The 3D view in the middle of the window is not a single colour (the table rendered).
    let mid: std::collections::HashSet<_> = (300..500)
        .flat_map(|y| (400..880).map(move |x| (x, y)))
        .map(|(x, y)| {
            let i = (y * w as usize + x) * ch;
            (px[i], px[i + 1], px[i + 2])
        })
        .collect();
    assert!(
        mid.len() > 100,
        "the table area has only {} colours",
        mid.len()
    );
}
