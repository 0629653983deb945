//! `wartable report`: reports of self-play games of KOG light, Kry-Gothic and DnDalike hold
//! their sections and one map per round played; bad saves and unwritable paths give a located
//! error and exit 1.

use crate::common::temp_dir;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use wartable::rules::core::game::{Game, RuleSet};
use wartable::rules::core::{QuickSetup, RulesId};
use wartable::rules::headless::{SelfPlay, StopAt, self_play};

fn wartable(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_wartable"))
        .args(args)
        .output()
        .expect("run wartable")
}

/// A self-play game of `rules` (seed 3) saved in `dir`.
fn saved(dir: &Path, rules: RulesId, commands: usize) -> PathBuf {
    let out = dir.join(format!("{}.ron", rules.key()));
    let sp = SelfPlay {
        setup: QuickSetup {
            seed: 3,
            ..Default::default()
        },
        commands,
        stop_at: StopAt::End,
        after: 0,
        out: Some(out.clone()),
        lineup: Default::default(),
    };
    self_play(rules, &sp).expect("self-play");
    out
}

/// The rounds in which the save's commands were given, counted by replaying it here.
fn rounds_played<R: RuleSet>(save: &Path) -> usize {
    let g = Game::<R>::load(save).expect("the save loads");
    let mut r = Game::<R>::new(g.setup.clone()).unwrap();
    let mut rounds = std::collections::BTreeSet::new();
    for l in &g.log {
        rounds.insert(R::round(&r.state));
        r.play_with(l.seat, l.cmd.clone(), &l.entered).unwrap();
    }
    rounds.len()
}

fn html_report(save: &Path) -> String {
    let out = save.with_extension("html");
    let o = wartable(&[
        "report",
        save.to_str().unwrap(),
        "--out",
        out.to_str().unwrap(),
    ]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    std::fs::read_to_string(out).unwrap()
}

fn check_sections(html: &str, maps: usize, label: &str) {
    for id in ["setup", "story", "luck", "outcome"] {
        assert!(
            html.contains(&format!("<section id=\"{id}\">")),
            "{label}: no {id} section"
        );
    }
    assert!(html.contains(&format!("Battle report: {label}")));
    assert_eq!(html.matches("<img class=\"map\"").count(), maps, "{label}");
    assert_eq!(
        html.matches("src=\"data:image/png;base64,").count(),
        maps,
        "{label}: every map inline"
    );
    // Nothing fetched: no link, script or picture from elsewhere.
    for outside in ["src=\"http", "href=\"http", "<link", "<script", "url("] {
        assert!(!html.contains(outside), "{label}: {outside}");
    }
    assert!(html.contains("Luckiest rolls") && html.contains("Unluckiest rolls"));
    // The maps' key names the colour of each side of the table.
    assert!(
        html.matches("class=\"swatch\"").count() >= 2,
        "{label}: a colour per side"
    );
    assert!(
        html.contains(" SD</td>"),
        "{label}: luck in standard deviations"
    );
}

#[test]
fn a_kog_light_report_has_its_sections_and_a_map_per_round() {
    let dir = temp_dir("report-kog");
    let save = saved(&dir, RulesId::KogLight, 100_000);
    let maps = rounds_played::<wartable::rules::kog::Kog>(&save);
    assert!(maps >= 2, "a whole battle has rounds: {maps}");
    let html = html_report(&save);
    check_sections(&html, maps, "KOG light");
    assert!(html.contains("points"), "the forces' points");
}

#[test]
fn a_kry_gothic_report_has_its_sections_and_a_map_per_round() {
    let dir = temp_dir("report-kry");
    let save = saved(&dir, RulesId::KryGothic, 100_000);
    let maps = rounds_played::<wartable::rules::kry::Kry>(&save);
    assert!(maps >= 2, "{maps}");
    check_sections(&html_report(&save), maps, "Kry-Gothic");
}

#[test]
fn a_dndalike_report_has_its_sections_and_a_map_per_round() {
    let dir = temp_dir("report-dnd");
    let save = saved(&dir, RulesId::Dndalike, 100_000);
    let maps = rounds_played::<wartable::rules::dndalike::Dndalike>(&save);
    assert!(maps >= 2, "{maps}");
    check_sections(&html_report(&save), maps, "DnDalike");
}

/// `--markdown` writes the text and each round's map beside it.
#[test]
fn a_markdown_report_has_its_maps_beside_it() {
    let dir = temp_dir("report-md");
    let save = saved(&dir, RulesId::KogLight, 100_000);
    let maps = rounds_played::<wartable::rules::kog::Kog>(&save);
    let out = dir.join("battle.md");
    let o = wartable(&[
        "report",
        save.to_str().unwrap(),
        "--out",
        out.to_str().unwrap(),
        "--markdown",
    ]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let md = std::fs::read_to_string(&out).unwrap();
    let pngs: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .filter_map(|e| e.ok())
        .map(|e| e.file_name().to_string_lossy().to_string())
        .filter(|n| n.starts_with("battle-round-") && n.ends_with(".png"))
        .collect();
    assert_eq!(pngs.len(), maps);
    for p in &pngs {
        assert!(md.contains(&format!("]({p})")), "{p} is linked");
        let bytes = std::fs::read(dir.join(p)).unwrap();
        assert_eq!(&bytes[..4], b"\x89PNG");
    }
    for h in [
        "## Setup",
        "## The game, round by round",
        "## Luck",
        "## Outcome",
    ] {
        assert!(md.contains(h), "{h}");
    }
}

/// A truncated save, one whose replay misses its hash, one of a newer format: each named with
/// its file and place, exit 1, no report written. An unwritable path says so, exit 1.
#[test]
fn bad_saves_and_unwritable_paths_give_a_located_error_and_exit_1() {
    let dir = temp_dir("report-bad");
    let save = saved(&dir, RulesId::KogLight, 40);
    let text = std::fs::read_to_string(&save).unwrap();
    let hash = text
        .lines()
        .find(|l| l.contains("state_hash"))
        .and_then(|l| l.split('"').nth(1))
        .unwrap()
        .to_string();
    let version = text
        .lines()
        .find(|l| l.trim_start().starts_with("version:"))
        .unwrap()
        .to_string();
    let mut cut = text.len() / 2;
    while !text.is_char_boundary(cut) {
        cut -= 1;
    }
    let cases = [
        ("truncated.ron", text[..cut].to_string(), "truncated.ron:"),
        (
            "hash.ron",
            text.replace(&hash, "0123456789abcdef"),
            "not the saved 0123456789abcdef",
        ),
        (
            "newer.ron",
            text.replacen(&version, "  version: 999,", 1),
            "format 999, made by a newer version",
        ),
    ];
    for (name, body, needle) in cases {
        let p = dir.join(name);
        std::fs::write(&p, body).unwrap();
        let out = dir.join(format!("{name}.html"));
        let o = wartable(&[
            "report",
            p.to_str().unwrap(),
            "--out",
            out.to_str().unwrap(),
        ]);
        let err = String::from_utf8_lossy(&o.stderr);
        assert_eq!(o.status.code(), Some(1), "{name}: {err}");
        assert!(err.contains(&format!("{}:", p.display())), "{name}: {err}");
        assert!(err.contains(needle), "{name}: {err}");
        assert!(!out.exists(), "{name}: no report");
    }
    // A truncated save's error has a line and a column past the first.
    let o = wartable(&[
        "report",
        dir.join("truncated.ron").to_str().unwrap(),
        "--out",
        dir.join("t.html").to_str().unwrap(),
    ]);
    let err = String::from_utf8_lossy(&o.stderr).to_string();
    let place = err.split("truncated.ron:").nth(1).unwrap_or_default();
    let line: u32 = place.split(':').next().unwrap_or("0").parse().unwrap_or(0);
    assert!(line > 1, "{err}");
    // A folder that is a file: even root cannot write under it.
    let out = save.join("r.html");
    let o = wartable(&[
        "report",
        save.to_str().unwrap(),
        "--out",
        out.to_str().unwrap(),
    ]);
    let err = String::from_utf8_lossy(&o.stderr);
    assert_eq!(o.status.code(), Some(1), "{err}");
    assert!(
        err.contains("cannot write the report to") && err.contains("kog-light.ron/r.html"),
        "{err}"
    );
}

/// KtOG and Krig duels report too: the story, the luck and the outcome, a map per round.
#[test]
fn ktog_and_krig_reports_are_written() {
    let dir = temp_dir("report-duels");
    let ktog = saved(&dir, RulesId::Ktog, 100_000);
    let maps = rounds_played::<wartable::rules::ktog::Ktog>(&ktog);
    check_sections(&html_report(&ktog), maps, "KtOG");
    let krig = saved(&dir, RulesId::Krig, 100_000);
    let maps = rounds_played::<wartable::rules::krig::Krig>(&krig);
    check_sections(&html_report(&krig), maps, "Krig");
}

/// Both forms list each seat's forces as the rule set's own roster gives them: one row per model
/// with its kind and points, and the seat's points added up in its heading.
#[test]
fn both_forms_list_each_seats_forces_with_their_points() {
    use wartable::rules::kog::Kog;
    let dir = temp_dir("report-forces");
    let save = saved(&dir, RulesId::KogLight, 40);
    let g = Game::<Kog>::load(&save).unwrap();
    let start = Game::<Kog>::new(g.setup.clone()).unwrap();
    let roster = <Kog as RuleSet>::roster(&start.setup, &start.state);
    let text = std::fs::read_to_string(&save).unwrap();
    let report = wartable::report::load::from_text("s.ron", &text).unwrap();
    let html = wartable::report::html::render(&report, &[]);
    let md = wartable::report::markdown::render(&report, &[]);
    for seat in [1u8, 2] {
        let models: Vec<_> = roster.iter().filter(|m| m.0 == seat).collect();
        assert!(!models.is_empty(), "seat {seat} fields models");
        let total: u32 = models.iter().map(|m| m.3).sum();
        assert!(total > 0, "KOG light prices its units");
        let side = &report.seats[seat as usize - 1].side;
        assert!(
            html.contains(&format!("<b>Seat {seat} ({side})</b>: {total} points</p>")),
            "html heading of seat {seat}"
        );
        assert!(
            md.contains(&format!("**Seat {seat} ({side})**: {total} points")),
            "markdown heading of seat {seat}"
        );
        for (_, name, kind, pts) in models {
            assert!(
                html.contains(&format!(
                    "<tr><td>{name}</td><td>{kind}</td><td>{pts}</td></tr>"
                )),
                "html row {name}"
            );
            assert!(
                md.contains(&format!("| {name} | {kind} | {pts} |")),
                "markdown row {name}"
            );
        }
    }
}
