//! Malformed level files: each gives a one-line error naming the file, line, column and field,
//! and nothing panics.

use crate::common::temp_dir;
use wartable::data::{LocatedError, load_level};

const BASE: &str = r#"Level(
    name: "Test",
    width: 24.0,
    depth: 12.0,
    tile_size: 2.0,
    ground: [
        "............",
        "............",
        "............",
        "............",
        "............",
        "............",
    ],
    pieces: [
        Piece(shape: Box, at: (5.0, 5.0), size: (2.0, 2.0, 2.0), tags: [Cover]),
    ],
    models: [
        Model(id: 1, side: 1, name: "A", base: 1.0, height: 1.3, at: (2.0, 2.0)),
        Model(id: 2, side: 2, name: "B", base: 1.0, height: 1.3, at: (20.0, 10.0)),
    ],
)
"#;

fn write(name: &str, bytes: &[u8]) -> std::path::PathBuf {
    let dir = temp_dir(&format!("bad-{name}"));
    let p = dir.join(format!("{name}.ron"));
    std::fs::write(&p, bytes).unwrap();
    p
}

/// Replaces `old` (which must occur once) in the base level.
fn variant(old: &str, new: &str) -> String {
    assert_eq!(BASE.matches(old).count(), 1, "{old:?} must occur once");
    BASE.replace(old, new)
}

/// 1-based column of `needle` on 1-based `line` of `text`.
fn col_of(text: &str, line: usize, needle: &str) -> usize {
    let l = text.lines().nth(line - 1).unwrap();
    l[..l
        .find(needle)
        .unwrap_or_else(|| panic!("{needle:?} not on line {line}: {l}"))]
        .chars()
        .count()
        + 1
}

fn errors(name: &str, text: &str) -> Vec<LocatedError> {
    let p = write(name, text.as_bytes());
    let errs = load_level(&p).expect_err("the file must be refused");
    for e in &errs {
        let shown = e.to_string();
        assert!(!shown.contains('\n'), "one line: {shown}");
        assert!(
            shown.starts_with(&p.display().to_string()),
            "names the file: {shown}"
        );
    }
    errs
}

fn expect(name: &str, text: &str, line: usize, col: usize, field: &str, part: &str) {
    let errs = errors(name, text);
    assert!(
        errs.iter().any(|e| e.line == line
            && e.col == col
            && e.field == field
            && e.message.contains(part)),
        "{name}: wanted {line}:{col} {field} '{part}', got {errs:#?}"
    );
}

#[test]
fn the_base_level_is_valid() {
    let p = write("base", BASE.as_bytes());
    load_level(&p).unwrap();
}

#[test]
fn negative_width() {
    let t = variant("width: 24.0", "width: -24.0");
    expect(
        "width",
        &t,
        3,
        col_of(&t, 3, "-24"),
        "width",
        "out of range",
    );
}

#[test]
fn not_a_number_width() {
    let t = variant("width: 24.0", "width: NaN");
    expect("nan", &t, 3, col_of(&t, 3, "NaN"), "width", "out of range");
}

#[test]
fn tile_size_that_does_not_divide_the_table() {
    let t = variant("tile_size: 2.0", "tile_size: 5.0");
    expect(
        "tile",
        &t,
        5,
        col_of(&t, 5, "5.0"),
        "tile_size",
        "does not divide",
    );
}

#[test]
fn unknown_ground_character_is_pointed_at() {
    let t = variant("    ],\n    pieces", "    ],\n    pieces").replacen("\"............\",\n        \"............\",\n        \"............\",\n        \"............\",\n        \"............\",\n        \"............\",", "\"............\",\n        \"............\",\n        \".....Q......\",\n        \"............\",\n        \"............\",\n        \"............\",", 1);
    expect(
        "ground-char",
        &t,
        9,
        col_of(&t, 9, "Q"),
        "ground[2]",
        "unknown ground kind 'Q'",
    );
}

#[test]
fn short_ground_row() {
    let t = BASE.replacen(
        "        \"............\",\n        \"............\",",
        "        \"............\",\n        \"...........\",",
        1,
    );
    expect(
        "ground-row",
        &t,
        8,
        col_of(&t, 8, "\""),
        "ground[1]",
        "row has 11 tiles",
    );
}

#[test]
fn piece_off_the_table() {
    let t = variant("at: (5.0, 5.0)", "at: (30.0, 5.0)");
    expect(
        "piece-off",
        &t,
        15,
        col_of(&t, 15, "(30.0"),
        "pieces[0].at",
        "off the 24 x 12 table",
    );
}

#[test]
fn piece_with_zero_size() {
    let t = variant("size: (2.0, 2.0, 2.0)", "size: (0.0, 2.0, 2.0)");
    expect(
        "piece-size",
        &t,
        15,
        col_of(&t, 15, "(0.0"),
        "pieces[0].size",
        "out of range",
    );
}

#[test]
fn overlapping_model_bases() {
    let t = variant("at: (20.0, 10.0)", "at: (2.5, 2.0)");
    expect(
        "overlap",
        &t,
        19,
        col_of(&t, 19, "(2.5"),
        "models[1].at",
        "overlaps models[0]",
    );
}

#[test]
fn model_base_hanging_off_the_edge() {
    let t = variant("at: (2.0, 2.0)", "at: (0.2, 2.0)");
    expect(
        "edge",
        &t,
        18,
        col_of(&t, 18, "(0.2"),
        "models[0].at",
        "does not lie wholly on the table",
    );
}

#[test]
fn duplicate_model_id() {
    let t = variant("Model(id: 2", "Model(id: 1");
    expect(
        "dup",
        &t,
        19,
        col_of(&t, 19, "1, side: 2"),
        "models[1].id",
        "used twice",
    );
}

#[test]
fn side_out_of_range() {
    let t = variant("side: 2", "side: 7");
    expect(
        "side",
        &t,
        19,
        col_of(&t, 19, "7"),
        "models[1].side",
        "not 1 or 2",
    );
}

#[test]
fn heights_out_of_range() {
    let rows = "[0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0],\n        ".repeat(5);
    let t = variant(
        "    pieces: [",
        &format!(
            "    heights: [\n        {rows}[0.0, 0.0, 0.0, -1.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0],\n    ],\n    pieces: ["
        ),
    );
    expect(
        "heights",
        &t,
        20,
        col_of(&t, 20, "-1.0"),
        "heights[5][3]",
        "out of range",
    );
}

#[test]
fn unknown_tag() {
    let t = variant("tags: [Cover]", "tags: [Flying]");
    let errs = errors("tag", &t);
    assert_eq!(errs.len(), 1);
    let e = &errs[0];
    assert_eq!(e.line, 15);
    assert!(e.field.starts_with("pieces[0].tags"), "{e:?}");
    assert!(e.message.contains("Flying"), "{e:?}");
}

#[test]
fn unknown_shape() {
    let t = variant("shape: Box", "shape: Hexagon");
    let errs = errors("shape", &t);
    assert_eq!(errs[0].line, 15);
    assert_eq!(errs[0].field, "pieces[0].shape");
    assert!(errs[0].message.contains("Hexagon"), "{:?}", errs[0]);
}

#[test]
fn unknown_field() {
    let t = variant(
        "    name: \"Test\",\n",
        "    name: \"Test\",\n    colour: \"red\",\n",
    );
    let errs = errors("field", &t);
    assert_eq!(errs[0].line, 3);
    assert_eq!(errs[0].field, "colour");
    assert!(errs[0].message.contains("colour"), "{:?}", errs[0]);
}

#[test]
fn missing_field() {
    let t = variant("    depth: 12.0,\n", "");
    let errs = errors("missing", &t);
    assert!(errs[0].message.contains("depth"), "{:?}", errs[0]);
    assert_eq!(errs[0].field, "depth");
    // Reported where the Level's parenthesis closes, on the last line.
    assert_eq!((errs[0].line, errs[0].col), (t.lines().count(), 1));
}

#[test]
fn missing_field_in_a_piece() {
    let t = variant("size: (2.0, 2.0, 2.0), ", "");
    let errs = errors("missing-piece", &t);
    assert_eq!(errs[0].field, "pieces[0].size", "{:?}", errs[0]);
    assert_eq!(errs[0].line, 15);
}

#[test]
fn truncated_file() {
    let cut = BASE.find("pieces").unwrap() + 20;
    let t = &BASE[..cut];
    let errs = errors("truncated", t);
    assert_eq!(errs.len(), 1);
    assert_eq!(errs[0].line, 15, "{:?}", errs[0]);
}

#[test]
fn empty_file() {
    let errs = errors("empty", "");
    assert_eq!((errs[0].line, errs[0].col), (1, 1));
    assert!(errs[0].message.contains("empty"));
    let errs = errors("blank", "  \n\n ");
    assert!(errs[0].message.contains("empty"));
}

#[test]
fn not_utf8() {
    let mut bytes = BASE.as_bytes().to_vec();
    let at = BASE.find("Test").unwrap() + 2;
    bytes.insert(at, 0xFF);
    let p = write("utf8", &bytes);
    let errs = load_level(&p).unwrap_err();
    assert_eq!((errs[0].line, errs[0].col), (2, 14), "{:?}", errs[0]);
    assert!(errs[0].message.contains("UTF-8"));
}

#[test]
fn oversized_file() {
    let dir = temp_dir("big");
    let p = dir.join("big.ron");
    let f = std::fs::File::create(&p).unwrap();
    f.set_len(17 * 1024 * 1024).unwrap();
    let errs = load_level(&p).unwrap_err();
    assert!(errs[0].message.contains("16 MiB"), "{:?}", errs[0]);
}

#[test]
fn missing_file() {
    let p = temp_dir("missing").join("nowhere.ron");
    let errs = load_level(&p).unwrap_err();
    assert!(errs[0].message.contains("cannot read"), "{:?}", errs[0]);
    assert!(errs[0].to_string().starts_with(&p.display().to_string()));
}

#[test]
fn a_zone_with_corners_swapped() {
    let t = variant(
        "    models: [",
        "    zones: [\n        Zone(name: \"Z\", kind: Deployment, side: 1, min: (10.0, 6.0), max: (2.0, 1.0)),\n    ],\n    models: [",
    );
    expect(
        "zone",
        &t,
        18,
        col_of(&t, 18, "(2.0, 1.0)"),
        "zones[0].max",
        "beyond the near-left corner",
    );
}

#[test]
fn several_problems_are_all_reported() {
    let t = variant("width: 24.0", "width: -24.0").replace("side: 2", "side: 9");
    let errs = errors("several", &t);
    assert!(errs.iter().any(|e| e.field == "width"));
    // With the width wrong, bounds that depend on it are not checked, but the side still is.
    assert!(errs.iter().any(|e| e.field == "models[1].side") || errs.len() == 1);
}

#[test]
fn garbage_never_panics() {
    // Every prefix of a valid file, and a few odd inputs: each is an error or a level, never a panic.
    for cut in (0..BASE.len()).step_by(7) {
        let _ = wartable::data::parse_level("prefix", &BASE[..cut]);
    }
    for s in [
        "(",
        ")",
        "Level(",
        "[[[[[[",
        "\"",
        "r#\"",
        "Level(width: 1e40)",
        "/*",
        "Level(name: \"x\", width: inf, depth: -inf, tile_size: 0.0)",
    ] {
        let _ = wartable::data::parse_level("odd", s);
    }
}
