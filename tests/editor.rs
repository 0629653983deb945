//! The level editor's operations: pure edits, undo/redo, stable save and load, rule hints.

use crate::common::temp_dir;
use wartable::data::{load_level, save_level};
use wartable::edit::ops::{brush_tiles, rect_tiles, snap_angle, snap_point};
use wartable::edit::{EditError, EditLevel, EditOp, HeightMode, History};
use wartable::table::{GroundKind, Objective, Piece, PieceShape, Pt, Tag, Zone, ZoneKind};

fn blank() -> EditLevel {
    EditLevel::new("Test", 48.0, 36.0, 2.0).unwrap()
}

fn crate_piece(x: f32, y: f32) -> Piece {
    Piece {
        shape: PieceShape::Box,
        at: Pt::new(x, y),
        rotation: 0.0,
        size: (2.0, 2.0, 1.5),
        base_height: 0.0,
        tags: vec![Tag::Cover],
        label: "Crates".into(),
    }
}

#[test]
fn new_tables_are_checked() {
    assert!(EditLevel::new("x", 48.0, 36.0, 2.0).is_ok());
    assert_eq!(
        EditLevel::new("x", 0.0, 36.0, 2.0),
        Err(EditError::BadTableSize(0.0, 36.0))
    );
    assert_eq!(
        EditLevel::new("x", 300.0, 36.0, 2.0),
        Err(EditError::BadTableSize(300.0, 36.0))
    );
    assert_eq!(
        EditLevel::new("x", 48.0, 36.0, 5.0),
        Err(EditError::BadTileSize(5.0))
    );
    assert!(matches!(
        EditLevel::new("x", 48.0, 36.0, f32::NAN),
        Err(EditError::BadTileSize(_))
    ));
}

#[test]
fn painting_is_pure_and_changes_only_the_brushed_tiles() {
    let a = blank();
    let tiles = brush_tiles(&a.table, Pt::new(11.0, 11.0), 3);
    assert_eq!(tiles.len(), 9);
    let b = a
        .apply(&EditOp::PaintKind {
            tiles: tiles.clone(),
            kind: GroundKind::Rough,
        })
        .unwrap();
    assert_eq!(a, blank(), "the input is unchanged");
    assert_eq!(
        b.table
            .tiles
            .iter()
            .filter(|t| t.2 == GroundKind::Rough)
            .count(),
        9
    );
    assert_eq!(b.table.tiles.kind(5, 5), GroundKind::Rough);
    assert_eq!(b.table.tiles.kind(4, 4), GroundKind::Rough);
    assert_eq!(b.table.tiles.kind(7, 5), GroundKind::Open);
}

#[test]
fn brushes_clip_at_the_edges_and_rectangles_fill() {
    let a = blank();
    assert_eq!(brush_tiles(&a.table, Pt::new(1.0, 1.0), 3).len(), 4);
    assert_eq!(brush_tiles(&a.table, Pt::new(1.0, 1.0), 1), vec![(0, 0)]);
    assert_eq!(brush_tiles(&a.table, Pt::new(60.0, 1.0), 3), vec![]);
    assert_eq!(
        rect_tiles(&a.table, Pt::new(7.0, 1.0), Pt::new(1.0, 5.0)).len(),
        4 * 3
    );
}

#[test]
fn heights_raise_lower_set_and_refuse_out_of_range() {
    let a = blank();
    let t = vec![(3, 3)];
    let b = a
        .apply(&EditOp::PaintHeight {
            tiles: t.clone(),
            mode: HeightMode::Raise(1.5),
        })
        .unwrap();
    let b = b
        .apply(&EditOp::PaintHeight {
            tiles: t.clone(),
            mode: HeightMode::Raise(1.5),
        })
        .unwrap();
    assert_eq!(b.table.tiles.height(3, 3), 3.0);
    let c = b
        .apply(&EditOp::PaintHeight {
            tiles: t.clone(),
            mode: HeightMode::Lower(5.0),
        })
        .unwrap();
    assert_eq!(c.table.tiles.height(3, 3), 0.0);
    let d = c
        .apply(&EditOp::PaintHeight {
            tiles: t.clone(),
            mode: HeightMode::Set(2.25),
        })
        .unwrap();
    assert_eq!(d.table.tiles.height(3, 3), 2.25);
    assert_eq!(
        d.apply(&EditOp::PaintHeight {
            tiles: t.clone(),
            mode: HeightMode::Set(60.0)
        }),
        Err(EditError::BadHeight(60.0))
    );
    assert_eq!(
        d.apply(&EditOp::PaintHeight {
            tiles: vec![(99, 0)],
            mode: HeightMode::Set(1.0)
        }),
        Err(EditError::BadTile(99, 0))
    );
}

#[test]
fn pieces_are_placed_moved_turned_resized_copied_tagged_and_deleted() {
    let a = blank()
        .apply(&EditOp::AddPiece(crate_piece(10.0, 10.0)))
        .unwrap();
    let b = a
        .apply(&EditOp::MovePieces {
            pieces: vec![0],
            by: Pt::new(2.0, -1.0),
        })
        .unwrap();
    assert_eq!(b.table.pieces[0].at, Pt::new(12.0, 9.0));
    let c = b
        .apply(&EditOp::RotatePieces {
            pieces: vec![0],
            deg: -30.0,
        })
        .unwrap();
    assert_eq!(c.table.pieces[0].rotation, 330.0);
    let d = c
        .apply(&EditOp::ResizePiece {
            piece: 0,
            size: (4.0, 1.0, 3.0),
        })
        .unwrap();
    assert_eq!(d.table.pieces[0].size, (4.0, 1.0, 3.0));
    let e = d
        .apply(&EditOp::DuplicatePieces {
            pieces: vec![0],
            by: Pt::new(5.0, 0.0),
        })
        .unwrap();
    assert_eq!(e.table.pieces.len(), 2);
    assert_eq!(e.table.pieces[1].at, Pt::new(17.0, 9.0));
    assert_eq!(e.table.pieces[1].rotation, 330.0);
    let f = e
        .apply(&EditOp::SetTags {
            piece: 1,
            tags: vec![Tag::WeakFloor, Tag::BlocksSight, Tag::WeakFloor],
        })
        .unwrap();
    assert_eq!(
        f.table.pieces[1].tags,
        vec![Tag::BlocksSight, Tag::WeakFloor]
    );
    let g = f.apply(&EditOp::DeletePieces { pieces: vec![0] }).unwrap();
    assert_eq!(g.table.pieces.len(), 1);
    assert_eq!(g.table.pieces[0].at, Pt::new(17.0, 9.0));
    // Refused edits: nothing changes.
    assert_eq!(
        g.apply(&EditOp::DeletePieces { pieces: vec![3] }),
        Err(EditError::NoPiece(3))
    );
    assert_eq!(
        g.apply(&EditOp::MovePieces {
            pieces: vec![0],
            by: Pt::new(40.0, 0.0)
        }),
        Err(EditError::OffTable(57.0, 9.0))
    );
    assert!(matches!(
        g.apply(&EditOp::ResizePiece {
            piece: 0,
            size: (-1.0, 1.0, 1.0)
        }),
        Err(EditError::BadSize(..))
    ));
    assert!(matches!(
        g.apply(&EditOp::AddPiece(crate_piece(-3.0, 1.0))),
        Err(EditError::OffTable(..))
    ));
}

#[test]
fn zones_and_objectives() {
    let z = Zone {
        name: "Side 1 deployment".into(),
        kind: ZoneKind::Deployment,
        side: 1,
        min: Pt::new(48.0, 6.0),
        max: Pt::new(0.0, 0.0),
    };
    let a = blank().apply(&EditOp::AddZone(z)).unwrap();
    // Corners are normalised.
    assert_eq!(a.table.zones[0].min, Pt::new(0.0, 0.0));
    assert_eq!(a.table.zones[0].max, Pt::new(48.0, 6.0));
    let flat = Zone {
        name: "flat".into(),
        kind: ZoneKind::Territory,
        side: 2,
        min: Pt::new(1.0, 1.0),
        max: Pt::new(1.0, 9.0),
    };
    assert_eq!(a.apply(&EditOp::AddZone(flat)), Err(EditError::EmptyZone));
    let b = a
        .apply(&EditOp::AddObjective(Objective {
            name: "Hill".into(),
            at: Pt::new(24.0, 18.0),
            diameter: 1.0,
        }))
        .unwrap();
    let c = b
        .apply(&EditOp::MoveObjective {
            objective: 0,
            to: Pt::new(20.0, 18.0),
        })
        .unwrap();
    assert_eq!(c.table.objectives[0].at, Pt::new(20.0, 18.0));
    assert_eq!(
        c.apply(&EditOp::DeleteObjective(4)),
        Err(EditError::NoObjective(4))
    );
    let d = c.apply(&EditOp::DeleteZone(0)).unwrap();
    assert!(d.table.zones.is_empty());
}

fn some_edits() -> Vec<EditOp> {
    let t = blank().table;
    vec![
        EditOp::PaintKind {
            tiles: brush_tiles(&t, Pt::new(9.0, 9.0), 2),
            kind: GroundKind::Difficult,
        },
        EditOp::PaintHeight {
            tiles: rect_tiles(&t, Pt::new(30.0, 10.0), Pt::new(36.0, 16.0)),
            mode: HeightMode::Raise(1.0),
        },
        EditOp::AddPiece(crate_piece(20.0, 20.0)),
        EditOp::RotatePieces {
            pieces: vec![0],
            deg: 45.0,
        },
        EditOp::AddObjective(Objective {
            name: "Centre".into(),
            at: Pt::new(24.0, 18.0),
            diameter: 1.0,
        }),
    ]
}

#[test]
fn undo_and_redo_round_trip_to_the_identical_level() {
    let start = blank();
    let mut h = History::new(start.clone());
    let mut states = vec![start.clone()];
    for op in some_edits() {
        h.apply(&op).unwrap();
        states.push(h.current().clone());
    }
    assert!(h.is_dirty());
    for want in states.iter().rev().skip(1) {
        assert!(h.undo());
        assert_eq!(h.current(), want);
    }
    assert!(!h.undo());
    assert!(!h.is_dirty());
    for want in states.iter().skip(1) {
        assert!(h.redo());
        assert_eq!(h.current(), want);
    }
    assert!(!h.redo());
    // A new edit after an undo drops the redo branch; a refused edit changes nothing.
    h.undo();
    h.apply(&EditOp::DeleteZone(0)).unwrap_err();
    assert!(h.can_redo());
    h.apply(&EditOp::Rename {
        name: "Renamed".into(),
        description: String::new(),
    })
    .unwrap();
    assert!(!h.can_redo());
}

#[test]
fn an_edited_level_saves_and_loads_identically() {
    let mut h = History::new(blank());
    for op in some_edits() {
        h.apply(&op).unwrap();
    }
    let path = temp_dir("editor-save").join("built.ron");
    save_level(&path, &h.current().to_file()).unwrap();
    h.mark_saved();
    assert!(!h.is_dirty());
    let (file, table) = load_level(&path).unwrap();
    let back = EditLevel::from_file(&file, table);
    assert_eq!(&back, h.current());
    // Saving again writes the same bytes.
    let first = std::fs::read(&path).unwrap();
    save_level(&path, &back.to_file()).unwrap();
    assert_eq!(std::fs::read(&path).unwrap(), first);
}

#[test]
fn rule_hints_for_kog_light() {
    let a = blank()
        .apply(&EditOp::AddObjective(Objective {
            name: "Edge".into(),
            at: Pt::new(5.0, 18.0),
            diameter: 1.0,
        }))
        .unwrap()
        .apply(&EditOp::AddObjective(Objective {
            name: "Middle".into(),
            at: Pt::new(24.0, 18.0),
            diameter: 1.0,
        }))
        .unwrap();
    let hints = a.hints();
    assert_eq!(hints.len(), 1, "{hints:?}");
    assert!(hints[0].contains("'Edge' has its edge 4.5\""), "{hints:?}");
    // "more than 6\" from any board edge" from the marker's edge, as the game measures it: a
    // 1" marker centred 6.3" in has its edge 5.8" in.
    let c = blank()
        .apply(&EditOp::AddObjective(Objective {
            name: "Near".into(),
            at: Pt::new(24.0, 6.3),
            diameter: 1.0,
        }))
        .unwrap();
    let hints = c.hints();
    assert_eq!(hints.len(), 1, "{hints:?}");
    assert!(hints[0].contains("'Near' has its edge 5.8\""), "{hints:?}");
    let zone = |name: &str, kind, side, y0, y1| Zone {
        name: name.into(),
        kind,
        side,
        min: Pt::new(0.0, y0),
        max: Pt::new(48.0, y1),
    };
    let b = blank()
        .apply(&EditOp::AddZone(zone(
            "T2",
            ZoneKind::Territory,
            2,
            18.0,
            36.0,
        )))
        .unwrap()
        .apply(&EditOp::AddZone(zone(
            "D1 ok",
            ZoneKind::Deployment,
            1,
            0.0,
            5.0,
        )))
        .unwrap()
        .apply(&EditOp::AddZone(zone(
            "D1 near",
            ZoneKind::Deployment,
            1,
            0.0,
            8.0,
        )))
        .unwrap();
    let hints = b.hints();
    assert_eq!(hints.len(), 1, "{hints:?}");
    assert!(hints[0].contains("'D1 near' is 10.0\""));
}

#[test]
fn snapping() {
    assert_eq!(snap_angle(22.0, 15.0), 15.0);
    assert_eq!(snap_angle(23.0, 15.0), 30.0);
    assert_eq!(snap_angle(23.0, 0.0), 23.0);
    assert_eq!(snap_point(Pt::new(3.26, 7.74), 0.5), Pt::new(3.5, 7.5));
    assert_eq!(snap_point(Pt::new(3.26, 7.74), 1.0), Pt::new(3.0, 8.0));
}

#[test]
fn recovery_replaces_the_level_as_one_undoable_edit() {
    let start = blank();
    let mut h = History::new(start.clone());
    let mut recovered = blank();
    recovered.table.tiles.set_kind(1, 1, GroundKind::DeepWater);
    h.replace_with(recovered.clone());
    assert_eq!(h.current(), &recovered);
    assert!(h.is_dirty());
    assert!(h.undo());
    assert_eq!(h.current(), &start);
}
