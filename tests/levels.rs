//! The shipped levels load, and levels survive save -> load unchanged.

use crate::common::{level_files, temp_dir};
use wartable::data::{load_level, parse_level, save_level, to_ron_string};

#[test]
fn every_shipped_level_loads() {
    let files = level_files();
    assert!(
        files.len() >= 3,
        "expected at least three levels, found {files:?}"
    );
    for f in files {
        let (level, table) = load_level(&f).unwrap_or_else(|e| panic!("{}: {:?}", f.display(), e));
        assert!(!level.name.is_empty());
        assert!(table.width > 0.0 && table.depth > 0.0);
    }
}

#[test]
fn the_three_required_levels_are_shipped() {
    let names: Vec<String> = level_files()
        .iter()
        .map(|p| load_level(p).unwrap().0.name)
        .collect();
    for want in [
        "KOG light battlefield",
        "Kry-Gothic ship deck",
        "Duel arena",
    ] {
        assert!(
            names.iter().any(|n| n == want),
            "{want} missing from {names:?}"
        );
    }
    let (_, kog) = load_level(&crate::common::repo().join("levels/kog-battlefield.ron")).unwrap();
    assert_eq!((kog.width, kog.depth), (48.0, 36.0));
    let (_, deck) = load_level(&crate::common::repo().join("levels/kry-deck.ron")).unwrap();
    use wartable::table::{GroundKind, Tag};
    assert!(deck.pieces.iter().any(|p| p.has(Tag::WeakFloor)));
    assert!(
        deck.tiles
            .iter()
            .any(|(_, _, k, _)| k == GroundKind::DeepWater)
    );
}

#[test]
fn save_then_load_gives_the_same_level_and_table() {
    let dir = temp_dir("roundtrip");
    for f in level_files() {
        let (level, table) = load_level(&f).unwrap();
        let out = dir.join(f.file_name().unwrap());
        save_level(&out, &level).unwrap();
        let (level2, table2) = load_level(&out).unwrap();
        assert_eq!(level, level2, "{}", f.display());
        assert_eq!(table, table2, "{}", f.display());
        // Saving again writes the very same bytes (stable output).
        let text = std::fs::read_to_string(&out).unwrap();
        assert_eq!(to_ron_string(&level2).unwrap(), text);
    }
}

#[test]
fn a_table_described_as_a_level_round_trips() {
    for f in level_files() {
        let (level, table) = load_level(&f).unwrap();
        let again = wartable::data::LevelFile::from_table(&level.name, &level.description, &table);
        let text = to_ron_string(&again).unwrap();
        let (_, table2) = parse_level("again", &text).unwrap();
        assert_eq!(table.tiles, table2.tiles, "{}", f.display());
        assert_eq!(table.pieces.len(), table2.pieces.len());
        assert_eq!(table.models, table2.models);
    }
}

#[test]
fn saving_an_invalid_level_is_refused_and_writes_nothing() {
    let dir = temp_dir("invalid-save");
    let (mut level, _) = load_level(&crate::common::level_files()[0]).unwrap();
    level.width = -3.0;
    let out = dir.join("bad.ron");
    let errs = save_level(&out, &level).unwrap_err();
    assert_eq!(errs[0].field, "width");
    assert!(!out.exists());
}

/// The second Kry-Gothic ship level and its dark variant: a lake of blood (its water tiles drawn
/// as blood, moving as water), and the dark variant lit dark; a Kry-Gothic game on the dark one
/// is played in the dark ("The scenario being played is in the dark - +2 to-hit"), on the lit one
/// it is not. The look survives a save and a load.
#[test]
fn the_bone_halls_hold_a_lake_of_blood_and_a_dark_variant() {
    use wartable::data::level::{Lighting, Liquid};
    use wartable::rules::core::{QuickSetup, RuleSet};
    use wartable::rules::kry::{Kry, KryGame};
    use wartable::table::GroundKind;
    let (lit, _) = load_level(std::path::Path::new("levels/kry-bone-halls.ron")).expect("loads");
    let (dark, _) =
        load_level(std::path::Path::new("levels/kry-bone-halls-dark.ron")).expect("loads");
    assert_eq!((lit.liquid, lit.lighting), (Liquid::Blood, Lighting::Lit));
    assert_eq!(
        (dark.liquid, dark.lighting),
        (Liquid::Blood, Lighting::Dark)
    );
    let t = lit.to_table();
    let kinds: Vec<GroundKind> = t.tiles.iter().map(|(_, _, k, _)| k).collect();
    for k in [
        GroundKind::DeepWater,
        GroundKind::ShallowWater,
        GroundKind::Difficult,
        GroundKind::VeryDifficult,
    ] {
        assert!(kinds.contains(&k), "no {k:?} tiles");
    }
    assert!(
        t.pieces
            .iter()
            .any(|p| p.has(wartable::table::Tag::WeakFloor))
    );
    let dir = temp_dir("bone-halls");
    let p = dir.join("copy.ron");
    save_level(&p, &dark).expect("saves");
    let (back, _) = load_level(&p).expect("loads again");
    assert_eq!(back, dark);
    let game = |level: &str| {
        KryGame::new(
            Kry::quick_setup(&QuickSetup {
                seed: 1,
                level: Some(level.into()),
                forces: Vec::new(),
                scenario: None,
                rounds: None,
                players: None,
            })
            .expect("a setup"),
        )
        .expect("a game")
    };
    assert!(game("levels/kry-bone-halls-dark.ron").state.dark);
    assert!(!game("levels/kry-bone-halls.ron").state.dark);
}

/// A ladder is a level piece tagged `Ladder`: a level holding one loads, keeps the tag through
/// save and load, and its piece does not stop a base (it is a way up, not a wall).
#[test]
fn a_level_with_a_ladder_loads_and_round_trips() {
    use wartable::table::Tag;
    use wartable::table::movement::piece_blocks_movement;
    let text = "Level(name: \"ladder\", width: 12.0, depth: 12.0, tile_size: 1.0, pieces: [Piece(shape: Box, at: (6.0, 6.0), size: (1.0, 1.0, 3.0), tags: [Ladder], label: \"Ladder\")])";
    let (level, table) = parse_level("ladder.ron", text).unwrap_or_else(|e| panic!("{e:?}"));
    assert_eq!(table.pieces[0].tags, vec![Tag::Ladder]);
    assert!(!piece_blocks_movement(&table.pieces[0]));
    let again = to_ron_string(&level).unwrap();
    assert!(again.contains("Ladder"), "{again}");
    let (level2, table2) = parse_level("ladder.ron", &again).unwrap();
    assert_eq!((level, table), (level2, table2));
}
