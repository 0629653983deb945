//! A seeded mutation fuzzer over every loader, in `cargo test` on stable Rust: levels, force
//! lists (KOG light, Kry-Gothic), catalogues, DnDalike rosters (the characters) and the
//! grimoire, the sandbox palette, and saves of every rule set. Each case mutates a real file
//! with byte flips, truncation, splices from other files, huge numbers, NaN and infinities,
//! and deep nesting; the loader must answer with a value or located errors, never a panic.
//!
//! `WARTABLE_FUZZ_CASES` sets the cases per loader (default 150); `WARTABLE_FUZZ_SEED` the seed.

use crate::common::repo;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::panic::{AssertUnwindSafe, catch_unwind};
use wartable::data::error::LocatedError;
use wartable::rules::core::RulesId;
use wartable::rules::core::chaos::number_spans;
use wartable::rules::headless::check_save_text;

fn cases() -> usize {
    std::env::var("WARTABLE_FUZZ_CASES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(150)
}

fn seed() -> u64 {
    std::env::var("WARTABLE_FUZZ_SEED")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(20261124)
}

const BIG: [&str; 12] = [
    "1e39",
    "-1e39",
    "1e400",
    "340282366920938463463374607431768211456",
    "18446744073709551616",
    "-9223372036854775809",
    "4294967296",
    "NaN",
    "inf",
    "-inf",
    "-0",
    "0.0000000000000000000000000000000000000000000001",
];

/// One mutation of `text`, with `others` to splice from.
fn mutate(text: &str, others: &[String], rng: &mut ChaCha8Rng) -> String {
    let mut b = text.as_bytes().to_vec();
    let at = |rng: &mut ChaCha8Rng, len: usize| rng.random_range(0..=len);
    match rng.random_range(0..8) {
        // A flipped bit in a byte (kept as text: the loaders read UTF-8; read_text refuses the
        // rest and has its own test).
        0 if !b.is_empty() => {
            let i = rng.random_range(0..b.len());
            b[i] ^= 1 << rng.random_range(0..7);
        }
        1 => b.truncate(at(rng, text.len())),
        2 => {
            let o = others[rng.random_range(0..others.len())].as_bytes();
            let (x, y) = (at(rng, o.len()), at(rng, o.len()));
            let i = at(rng, b.len());
            b.splice(i..i, o[x.min(y)..x.max(y)].iter().copied());
        }
        3 | 4 => {
            let spans = number_spans(text);
            if !spans.is_empty() {
                let (x, y) = spans[rng.random_range(0..spans.len())];
                let new = BIG[rng.random_range(0..BIG.len())];
                b.splice(x..y, new.bytes());
            }
        }
        5 => {
            let open = [b"(", b"[", b"{"][rng.random_range(0..3)];
            let n = rng.random_range(10..5000);
            let i = at(rng, b.len());
            b.splice(i..i, open.iter().copied().cycle().take(n));
        }
        6 if !b.is_empty() => {
            let (x, y) = (at(rng, b.len()), at(rng, b.len()));
            b.drain(x.min(y)..x.max(y));
        }
        _ if !b.is_empty() => {
            let (x, y) = (at(rng, b.len()), at(rng, b.len()));
            let piece = b[x.min(y)..x.max(y)].to_vec();
            let i = at(rng, b.len());
            b.splice(i..i, piece);
        }
        _ => {}
    }
    String::from_utf8_lossy(&b).into_owned()
}

/// Runs `load` on mutations of each corpus text; fails on the first panic, naming the loader,
/// the case and where the input was written. Returns (cases, refused).
fn fuzz(
    name: &str,
    corpus: &[String],
    load: &dyn Fn(&str) -> Result<(), Vec<LocatedError>>,
) -> (usize, usize) {
    assert!(!corpus.is_empty(), "{name}: no files to start from");
    let mut rng =
        ChaCha8Rng::seed_from_u64(seed() ^ wartable::rules::core::game::fnv1a(name.as_bytes()));
    let mut refused = 0;
    let n = cases();
    for case in 0..n {
        let mut text = corpus[case % corpus.len()].clone();
        for _ in 0..rng.random_range(1..=3) {
            text = mutate(&text, corpus, &mut rng);
        }
        match catch_unwind(AssertUnwindSafe(|| load(&text))) {
            Ok(Ok(())) => {}
            Ok(Err(errs)) => {
                refused += 1;
                assert!(
                    !errs.is_empty(),
                    "{name} case {case}: refused with no error"
                );
                for e in &errs {
                    assert!(
                        e.line >= 1 && !e.message.is_empty(),
                        "{name} case {case}: {e:?}"
                    );
                }
            }
            Err(_) => {
                let out = std::env::temp_dir().join(format!("wartable-fuzz-{name}-{case}.ron"));
                let _ = std::fs::write(&out, &text);
                panic!(
                    "{name}: case {case} (seed {}) panicked; input in {}",
                    seed(),
                    out.display()
                );
            }
        }
    }
    eprintln!(
        "fuzz {name}: {n} cases, {refused} refused with located errors, {} read, 0 panics",
        n - refused
    );
    (n, refused)
}

fn files(dir: &str) -> Vec<String> {
    let mut v: Vec<_> = std::fs::read_dir(repo().join(dir))
        .unwrap_or_else(|e| panic!("{dir}: {e}"))
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "ron"))
        .collect();
    v.sort();
    v.iter()
        .map(|p| std::fs::read_to_string(p).expect("a shipped file reads"))
        .collect()
}

fn one(path: &str) -> Vec<String> {
    vec![std::fs::read_to_string(repo().join(path)).expect("a shipped file reads")]
}

/// At least a tenth of the mutations must be refused: the fuzzer does change what the loaders
/// read (a mutator that left the files valid would test nothing).
fn reaches(name: &str, (n, refused): (usize, usize)) {
    assert!(
        refused * 10 >= n,
        "{name}: only {refused} of {n} mutations refused"
    );
}

#[test]
fn fuzz_levels() {
    reaches(
        "levels",
        fuzz("levels", &files("levels"), &|t| {
            wartable::data::load::parse_level("level.ron", t).map(|_| ())
        }),
    );
}

#[test]
fn fuzz_kog_forces_and_catalogue() {
    let cat = wartable::rules::kog::catalogue::shipped().expect("the shipped catalogue");
    reaches(
        "kog-forces",
        fuzz("kog-forces", &files("assets/forces/kog-light"), &|t| {
            wartable::rules::kog::force::parse_force("force.ron", t, &cat).map(|_| ())
        }),
    );
    reaches(
        "kog-catalogue",
        fuzz(
            "kog-catalogue",
            &one("assets/rules/kog-light/catalogue.ron"),
            &|t| wartable::rules::kog::catalogue::parse_catalogue("catalogue.ron", t).map(|_| ()),
        ),
    );
}

#[test]
fn fuzz_kry_forces_and_catalogue() {
    let cat = wartable::rules::kry::catalogue::shipped().expect("the shipped catalogue");
    reaches(
        "kry-forces",
        fuzz("kry-forces", &files("assets/forces/kry-gothic"), &|t| {
            wartable::rules::kry::force::parse_force("team.ron", t, &cat, 400, 20).map(|_| ())
        }),
    );
    reaches(
        "kry-catalogue",
        fuzz(
            "kry-catalogue",
            &one("assets/rules/kry-gothic/catalogue.ron"),
            &|t| wartable::rules::kry::catalogue::parse_catalogue("catalogue.ron", t).map(|_| ()),
        ),
    );
}

#[test]
fn fuzz_dndalike_rosters_and_grimoire() {
    let rosters = [
        one("assets/forces/dndalike/party.ron"),
        one("assets/forces/dndalike/monsters.ron"),
    ]
    .concat();
    reaches(
        "rosters",
        fuzz("rosters", &rosters, &|t| {
            wartable::rules::dndalike::setup::parse_roster("roster.ron", t).map(|_| ())
        }),
    );
    reaches(
        "grimoire",
        fuzz(
            "grimoire",
            &one("assets/forces/dndalike/spells.ron"),
            &|t| wartable::rules::dndalike::spells::parse_grimoire("spells.ron", t).map(|_| ()),
        ),
    );
}

#[test]
fn fuzz_palette() {
    reaches(
        "palette",
        fuzz("palette", &one("assets/sandbox/palette.ron"), &|t| {
            wartable::data::palette::parse_palette("palette.ron", t).map(|_| ())
        }),
    );
}

/// Saves of every rule set, a few dozen commands in, and a KOG light save of the first format.
#[test]
fn fuzz_saves() {
    let dir = crate::common::temp_dir("fuzz-saves");
    let mut corpus = one("tests/data/kog-save-v1.ron");
    for id in RulesId::ALL {
        let out = dir.join(format!("{}.ron", id.key()));
        super::self_played(*id, 7, 30, &out);
        corpus.push(std::fs::read_to_string(&out).expect("the save reads"));
    }
    reaches(
        "saves",
        fuzz("saves", &corpus, &|t| {
            check_save_text("save.ron", t).map(|_| ())
        }),
    );
}

/// One mutation of a binary file: flipped bits, truncation, splices, counts and lengths
/// replaced by random numbers, NaN and infinities written over floats, cut and repeated runs.
fn mutate_bytes(b: &[u8], others: &[Vec<u8>], rng: &mut ChaCha8Rng) -> Vec<u8> {
    let mut b = b.to_vec();
    let at = |rng: &mut ChaCha8Rng, len: usize| rng.random_range(0..=len);
    match rng.random_range(0..7) {
        0 if !b.is_empty() => {
            let i = rng.random_range(0..b.len());
            b[i] ^= 1 << rng.random_range(0..8);
        }
        1 => b.truncate(at(rng, b.len())),
        2 => {
            let o = &others[rng.random_range(0..others.len())];
            let (x, y) = (at(rng, o.len()), at(rng, o.len()));
            let i = at(rng, b.len());
            b.splice(i..i, o[x.min(y)..x.max(y)].iter().copied());
        }
        3 | 4 if b.len() >= 4 => {
            let i = rng.random_range(0..b.len() / 4) * 4;
            let v: [u8; 4] = match rng.random_range(0..5) {
                0 => f32::NAN.to_le_bytes(),
                1 => f32::INFINITY.to_le_bytes(),
                2 => u32::MAX.to_le_bytes(),
                3 => rng.random_range(0u32..100_000).to_le_bytes(),
                _ => rng.random::<u32>().to_le_bytes(),
            };
            b[i..i + 4].copy_from_slice(&v);
        }
        5 if !b.is_empty() => {
            let (x, y) = (at(rng, b.len()), at(rng, b.len()));
            b.drain(x.min(y)..x.max(y));
        }
        _ if !b.is_empty() => {
            let (x, y) = (at(rng, b.len()), at(rng, b.len()));
            let piece = b[x.min(y)..x.max(y)].to_vec();
            let i = at(rng, b.len());
            b.splice(i..i, piece);
        }
        _ => {}
    }
    b
}

/// Model files (the example pack's .glb and STL files, an ASCII STL, a .gltf with a data: URI)
/// with mutated bytes: each read gives a mesh or a located error, never a panic.
#[test]
fn fuzz_model_files() {
    use wartable::data::packs::load::{Format, read_model};
    let example = repo().join("assets/packs/example");
    let mut corpus: Vec<(Format, Vec<u8>)> = Vec::new();
    let mut names: Vec<_> = std::fs::read_dir(&example)
        .expect("the example pack")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .collect();
    names.sort();
    for p in names {
        if let Some(f) = Format::of(&p.to_string_lossy()) {
            corpus.push((f, std::fs::read(&p).expect("reads")));
        }
    }
    // The first .glb as a .gltf with its buffer in a data: URI, and an STL as ASCII text.
    let glb = corpus
        .iter()
        .find(|(f, _)| *f == Format::Glb)
        .map(|(_, b)| b.clone())
        .expect("a glb");
    let (json, bin) =
        wartable::data::packs::gltf_read::split_glb(&glb).expect("the example glb splits");
    let mut v: serde_json::Value = serde_json::from_slice(json).expect("json");
    use base64::Engine;
    v["buffers"][0]["uri"] = serde_json::Value::String(format!(
        "data:application/octet-stream;base64,{}",
        base64::engine::general_purpose::STANDARD.encode(bin.unwrap_or_default())
    ));
    corpus.push((Format::Gltf, serde_json::to_vec_pretty(&v).expect("json")));
    corpus.push((
        Format::Stl,
        b"solid t\nfacet normal 0 0 1\nouter loop\nvertex 0 0 0\nvertex 1 0 0\nvertex 0 1 0\nendloop\nendfacet\nendsolid t\n".to_vec(),
    ));
    let others: Vec<Vec<u8>> = corpus.iter().map(|(_, b)| b.clone()).collect();
    let root = crate::common::temp_dir("fuzz-models");
    let mut rng = ChaCha8Rng::seed_from_u64(seed() ^ 0x6d6f_6465_6c73);
    let (n, mut refused) = (cases() * 2, 0);
    for case in 0..n {
        let (format, base) = &corpus[case % corpus.len()];
        let mut bytes = base.clone();
        for _ in 0..rng.random_range(1..=3) {
            bytes = mutate_bytes(&bytes, &others, &mut rng);
        }
        match catch_unwind(AssertUnwindSafe(|| {
            read_model(&bytes, *format, &root, &root, 1 << 20)
        })) {
            Ok(Ok(mesh)) => assert!(mesh.problem().is_none(), "case {case}: a broken mesh read"),
            Ok(Err((line, _, _, message))) => {
                refused += 1;
                assert!(line >= 1 && !message.is_empty(), "case {case}: {message}");
            }
            Err(_) => {
                let out = std::env::temp_dir().join(format!("wartable-fuzz-model-{case}.bin"));
                let _ = std::fs::write(&out, &bytes);
                panic!(
                    "model file case {case} ({format:?}, seed {}) panicked; input in {}",
                    seed(),
                    out.display()
                );
            }
        }
    }
    eprintln!("fuzz model files: {n} cases, {refused} refused, 0 panics");
    reaches("model-files", (n, refused));
}

/// The example pack's manifest mutated, loaded with its model files as check-pack does.
#[test]
fn fuzz_pack_manifests() {
    use wartable::data::packs::{LoadOptions, load_pack};
    let example = repo().join("assets/packs/example");
    let dir = crate::common::temp_dir("fuzz-pack");
    for e in std::fs::read_dir(&example)
        .expect("the example pack")
        .flatten()
    {
        std::fs::copy(e.path(), dir.join(e.file_name())).expect("copy");
    }
    let known = wartable::rules::unit_types::known();
    let opts = LoadOptions {
        cache_dir: None,
        ..LoadOptions::default()
    };
    reaches(
        "pack-manifest",
        fuzz(
            "pack-manifest",
            &one("assets/packs/example/pack.ron"),
            &|t| {
                std::fs::write(dir.join("pack.ron"), t).expect("write");
                let (_, errors) = load_pack(&dir, &known, &opts);
                if errors.is_empty() {
                    Ok(())
                } else {
                    Err(errors)
                }
            },
        ),
    );
}
