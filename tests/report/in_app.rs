//! "Save a battle report" in the program: the report of a game's save text written into the
//! reports folder under the save's name (made safe for a file name), the same HTML as
//! `wartable report` writes for that save; a save text that does not replay writes nothing.

use crate::common::temp_dir;
use wartable::app::screens::play::battle_report::write_report_in;
use wartable::rules::core::{Game, QuickSetup, RuleSet};
use wartable::rules::kog::Kog;

#[test]
fn the_report_of_a_game_is_written_under_its_name() {
    let setup = Kog::quick_setup(&QuickSetup {
        seed: 3,
        ..Default::default()
    })
    .unwrap();
    let mut g = Game::<Kog>::new(setup).unwrap();
    g.self_play(60);
    let dir = temp_dir("report-in-app");
    let save = dir.join("game.ron");
    g.save(&save).unwrap();
    let text = std::fs::read_to_string(&save).unwrap();
    let reports = dir.join("reports");
    let path = write_report_in(&reports, "/some/where/my game (1).ron", &text).unwrap();
    assert_eq!(path, reports.join("my-game--1--report.html"));
    let written = std::fs::read_to_string(&path).unwrap();
    assert_eq!(
        written,
        wartable::report::html_of_save("/some/where/my game (1).ron", &text).unwrap()
    );
    assert!(written.contains("data:image/png;base64,"));

    // The saved hash changed: the save does not reach it, and nothing is written.
    let broken = text.replacen(&format!("{:016x}", g.hash()), "0000000000000000", 1);
    assert_ne!(broken, text);
    let errs = write_report_in(&reports, "broken.ron", &broken).unwrap_err();
    assert!(!errs.is_empty());
    assert!(!reports.join("broken-report.html").exists());
}
