//! Limits on what files may hold: nesting depth, paths that would leave the data folders, and
//! saves of another format version.

use crate::common::temp_dir;
use wartable::data::load::{MAX_NESTING, check_data_path, parse_level};
use wartable::rules::core::RulesId;
use wartable::rules::headless::{check_save, check_save_text};

/// Brackets nested past the cap get one clear error at the bracket that goes too deep, in
/// every loader (a level, a force list, a save); a file as deep as the cap is read as usual.
#[test]
fn nesting_past_the_cap_is_a_located_error() {
    let good = std::fs::read_to_string(crate::common::repo().join("levels/arena.ron")).unwrap();
    let deep = format!("{}\n{}", "[".repeat(MAX_NESTING + 1), good);
    let errs = parse_level("deep.ron", &deep).unwrap_err();
    assert_eq!(errs.len(), 1);
    assert_eq!(
        (errs[0].line, errs[0].col),
        (1, MAX_NESTING + 1),
        "{:?}",
        errs[0]
    );
    assert!(
        errs[0].message.contains("nested more than 48 deep"),
        "{}",
        errs[0]
    );
    // At the cap exactly: the parser's own error (a level is not a list), not the cap's.
    let at_cap = format!("{}{}", "[".repeat(MAX_NESTING), "]".repeat(MAX_NESTING));
    let errs = parse_level("flat.ron", &at_cap).unwrap_err();
    assert!(!errs[0].message.contains("nested"), "{}", errs[0]);
    // Brackets in a string do not count.
    let in_string = good.replacen("name: \"", &format!("name: \"{}", "(".repeat(200)), 1);
    assert_ne!(in_string, good, "the level has a name to put brackets in");
    parse_level("string.ron", &in_string).expect("brackets inside a string are text");
    // A force list and a save are capped the same way.
    let cat = wartable::rules::kog::catalogue::shipped().unwrap();
    let errs =
        wartable::rules::kog::force::parse_force("f.ron", &"(".repeat(100_000), &cat).unwrap_err();
    assert!(errs[0].message.contains("nested more than"), "{}", errs[0]);
    let errs =
        check_save_text("s.ron", &format!("Save(rules: {}", "[".repeat(100_000))).unwrap_err();
    assert!(errs[0].message.contains("nested more than"), "{}", errs[0]);
}

/// A data path named in a file stays inside the data folders.
#[test]
fn data_paths_cannot_leave_the_data_folders() {
    use std::path::Path;
    check_data_path(Path::new("levels/arena.ron")).expect("a shipped level");
    for bad in [
        "../levels/arena.ron",
        "levels/../../etc/passwd.ron",
        "/etc/passwd.ron",
        "",
        "levels/arena.txt",
    ] {
        assert!(
            check_data_path(Path::new(bad)).is_err(),
            "{bad:?} is refused"
        );
    }
}

/// A save whose level path reaches outside the data folders is refused on load, located at
/// the field, for each rule set that names its level by path.
#[test]
fn saves_with_a_path_outside_the_data_folders_are_refused() {
    let dir = temp_dir("outside-paths");
    for id in [RulesId::Ktog, RulesId::Krig, RulesId::Dndalike] {
        let out = dir.join(format!("{}.ron", id.key()));
        super::self_played(id, 2, 5, &out);
        let text = std::fs::read_to_string(&out).unwrap();
        check_save_text("ok.ron", &text).expect("the save as written loads");
        let line = text
            .lines()
            .position(|l| l.contains("level: Some(\"levels/"))
            .expect("a level line");
        let evil = text.replacen("level: Some(\"levels/", "level: Some(\"../../", 1);
        let errs = check_save_text("evil.ron", &evil).unwrap_err();
        assert!(
            errs[0]
                .message
                .contains("not a path inside the data folders"),
            "{}: {}",
            id.key(),
            errs[0]
        );
        assert_eq!(errs[0].field, "setup.level", "{}", errs[0]);
        assert_eq!(errs[0].line, line + 1, "{}", errs[0]);
    }
}

/// A save from another format version gets a message naming that version; one from an older
/// version of a rule set with a reader for it loads (KOG light format 1).
#[test]
fn other_format_versions_are_named() {
    let dir = temp_dir("versions");
    let out = dir.join("ktog.ron");
    super::self_played(RulesId::Ktog, 2, 5, &out);
    let text = std::fs::read_to_string(&out).unwrap();
    let older = text.replacen("version: 1,", "version: 0,", 1);
    assert_ne!(older, text);
    let e = check_save_text("old.ron", &older).unwrap_err();
    assert!(
        e[0].message.contains("format 0") && e[0].message.contains("older"),
        "{}",
        e[0]
    );
    let newer = text.replacen("version: 1,", "version: 9,", 1);
    let e = check_save_text("new.ron", &newer).unwrap_err();
    assert!(
        e[0].message.contains("format 9") && e[0].message.contains("newer"),
        "{}",
        e[0]
    );
    check_save(&crate::common::repo().join("tests/data/kog-save-v1.ron"))
        .expect("a KOG light save of format 1 is migrated");
}
