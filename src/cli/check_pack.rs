//! `wartable check-pack DIR...`: loads each model pack as the program does (its manifest, every
//! model file, simplification through the cache) and prints one located error per problem, or
//! one line per pack that has none. Exit 1 if any pack has a problem.

use std::path::PathBuf;
use std::process::ExitCode;
use wartable::data::packs::{LoadOptions, load_pack};

pub fn run(dirs: &[PathBuf]) -> ExitCode {
    let known = wartable::rules::unit_types::known();
    let opts = LoadOptions::default();
    let mut bad = 0;
    for d in dirs {
        let (pack, errors) = load_pack(d, &known, &opts);
        if errors.is_empty() {
            use std::io::Write;
            let _ = writeln!(std::io::stdout(), "{}: ok: {}", d.display(), pack.summary());
        } else {
            bad += 1;
            for e in errors {
                eprintln!("{e}");
            }
        }
    }
    if bad > 0 {
        eprintln!("{bad} of {} packs have problems", dirs.len());
        ExitCode::FAILURE
    } else {
        ExitCode::SUCCESS
    }
}
