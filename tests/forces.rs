//! `wartable check-forces`: every shipped force list and roster passes; a file of the wrong kind
//! and broken ones get located errors.

use crate::common::{repo, temp_dir};
use wartable::rules::check_forces::{ForceKind, check_force_file, kind_of};

#[test]
fn every_shipped_force_list_and_roster_passes() {
    let mut n = 0;
    for dir in ["kog-light", "kry-gothic", "dndalike"] {
        for e in std::fs::read_dir(repo().join("assets/forces").join(dir)).unwrap() {
            let p = e.unwrap().path();
            let what = check_force_file(&p).unwrap_or_else(|e| panic!("{}: {}", p.display(), e[0]));
            assert!(what.contains('\''), "{what}");
            n += 1;
        }
    }
    assert!(n >= 12, "{n} files");
}

#[test]
fn the_kind_is_what_the_file_declares() {
    assert_eq!(
        kind_of("// a team\nKryForce(name: \"x\")"),
        Some(ForceKind::KryGothic)
    );
    assert_eq!(kind_of("  Force(\n"), Some(ForceKind::KogLight));
    assert_eq!(
        kind_of("Roster(name: \"x\", members: [])"),
        Some(ForceKind::Dndalike)
    );
    assert_eq!(kind_of("Level(name: \"x\")"), None);
    assert_eq!(kind_of(""), None);
}

#[test]
fn broken_force_files_get_located_errors() {
    let dir = temp_dir("check-forces");
    let e = check_force_file(&repo().join("levels/arena.ron")).unwrap_err();
    assert!(e[0].message.contains("not a force list"), "{}", e[0]);
    let text =
        std::fs::read_to_string(repo().join("assets/forces/kog-light/german-duel.ron")).unwrap();
    let first_unit = text
        .lines()
        .position(|l| l.contains("profile:"))
        .map(|i| i + 1);
    let bad = dir.join("bad-kog.ron");
    let broken = text.replacen("profile: \"", "profile: \"No such ", 1);
    assert_ne!(broken, text, "the file names its models' profiles");
    std::fs::write(&bad, broken).unwrap();
    let e = check_force_file(&bad).unwrap_err();
    assert_eq!(e[0].file, bad.display().to_string());
    assert_eq!(Some(e[0].line), first_unit, "{}", e[0]);
    let roster = dir.join("bad-roster.ron");
    std::fs::write(&roster, "Roster(name: \"x\", members: [(name: \"a\"").unwrap();
    let e = check_force_file(&roster).unwrap_err();
    assert_eq!(e[0].line, 1);
    assert!(e[0].col > 1);
}
