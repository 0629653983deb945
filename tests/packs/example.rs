//! The example pack the project ships (`assets/packs/example/`): it passes `check-pack` with no
//! error, holds models for KOG light, Kry-Gothic and terrain, and is exactly what its generator
//! writes; `check-pack` on a bad pack prints the located error and exits 1.

use super::*;
use crate::common::{repo, temp_dir};
use std::process::Command;
use wartable::data::packs::{Target, fit_miniature, load_pack};

fn example() -> PathBuf {
    repo().join("assets/packs/example")
}

#[test]
fn the_example_pack_loads_without_errors() {
    let (p, errors) = load_pack(&example(), &known(), &no_cache());
    assert!(errors.is_empty(), "{errors:#?}");
    assert_eq!(p.name, "Example");
    let kog = p
        .models
        .iter()
        .filter(|m| matches!(&m.target, Target::Unit { rules, .. } if rules == "kog-light"))
        .count();
    let kry = p
        .models
        .iter()
        .filter(|m| matches!(&m.target, Target::Unit { rules, .. } if rules == "kry-gothic"))
        .count();
    let terrain = p
        .models
        .iter()
        .filter(|m| matches!(m.target, Target::Terrain { .. }))
        .count();
    assert!(
        kog >= 3 && kry >= 3,
        "{kog} KOG light and {kry} Kry-Gothic models"
    );
    assert_eq!(terrain, 2);
    // The KOG written out at 1.4 tall on a 1" base fits back to that height.
    let k = p.unit("kog-light", "Kampfer").expect("the Kämpfer");
    let fit = fit_miniature(&k.mesh, 1.0, 1.4, &k.entry).expect("fits");
    let b = fit.applied(&k.mesh).bounds().expect("bounds");
    assert!((b.max[1] - 1.4).abs() < 1e-3 || b.max[1] < 1.4, "{b:?}");
    assert!(b.min[1].abs() < 1e-4);
    // Small files: the pack stays light in the repository.
    let total: u64 = std::fs::read_dir(example())
        .expect("the example pack")
        .filter_map(|e| e.ok()?.metadata().ok())
        .map(|m| m.len())
        .sum();
    assert!(total < 1_000_000, "example pack is {total} bytes");
}

fn wartable(args: &[&str], data: &Path) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_wartable"))
        .args(args)
        .env("WARTABLE_DATA", data)
        .output()
        .expect("wartable runs")
}

#[test]
fn check_pack_passes_the_example_and_fails_a_bad_pack() {
    let data = temp_dir("check-pack-data");
    let out = wartable(&["check-pack", &example().display().to_string()], &data);
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{stdout}{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(
        stdout.starts_with(&format!("{}: ok: Example: ", example().display())),
        "{stdout}"
    );
    assert_eq!(stdout.lines().count(), 1);
    let text = manifest(&[("kog-light", "Zeppelin", "a.glb")]);
    let bad = pack(
        "check-pack-bad",
        &text,
        &[("a.glb", &write_glb(&standing_box(1.0, 1.0, 1.0)))],
    );
    let out = wartable(
        &[
            "check-pack",
            &example().display().to_string(),
            &bad.display().to_string(),
        ],
        &data,
    );
    assert_eq!(out.status.code(), Some(1));
    let stderr = String::from_utf8_lossy(&out.stderr);
    let (l, c) = at(&text, "\"Zeppelin\"");
    assert!(
        stderr.starts_with(&format!(
            "{}:{l}:{c}: units[0].unit: kog-light has no unit type 'Zeppelin'\n",
            manifest_path(&bad)
        )),
        "{stderr}"
    );
    assert!(stderr.contains("1 of 2 packs have problems"), "{stderr}");
}

#[test]
fn the_example_pack_is_what_its_generator_writes() {
    let out_dir = temp_dir("example-pack");
    let out = wartable(
        &["write-example-pack", &out_dir.display().to_string()],
        &out_dir,
    );
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let mut names: Vec<String> = std::fs::read_dir(example())
        .expect("example")
        .filter_map(|e| Some(e.ok()?.file_name().to_string_lossy().into_owned()))
        .collect();
    names.sort();
    let mut written: Vec<String> = std::fs::read_dir(&out_dir)
        .expect("written")
        .filter_map(|e| Some(e.ok()?.file_name().to_string_lossy().into_owned()))
        .collect();
    written.sort();
    assert_eq!(names, written);
    for n in names {
        assert!(
            std::fs::read(example().join(&n)).ok() == std::fs::read(out_dir.join(&n)).ok(),
            "{n} differs from what write-example-pack writes: run `wartable write-example-pack`"
        );
    }
}

#[test]
fn the_manifest_in_the_docs_parses_and_names_known_things() {
    use wartable::data::packs::manifest::{name_issues, parse_manifest};
    let doc = std::fs::read_to_string(repo().join("assets/docs/model-packs.md")).expect("docs");
    let start = doc.find("```ron\n").expect("a RON example") + 7;
    let len = doc[start..].find("```").expect("its end");
    let m = parse_manifest("model-packs.md", &doc[start..start + len]).expect("parses");
    assert_eq!(m.units.len(), 3);
    assert_eq!(m.units[2].rotation, (0.0, 180.0, 0.0));
    assert!(name_issues(&m, &known()).is_empty());
}
