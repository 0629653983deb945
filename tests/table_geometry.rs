//! Distances, arcs, surface heights and placement against hand-computed values.

use wartable::table::{
    Arc, GroundKind, Model, ModelId, Piece, PieceShape, Pt, Table, TableError, TapeEnd,
};

fn approx(a: f32, b: f32) {
    assert!((a - b).abs() < 1e-4, "{a} != {b}");
}

fn model(id: u32, x: f32, y: f32, base: f32, facing: f32) -> Model {
    Model::new(id, 1, "m", base, 1.3, Pt::new(x, y), facing)
}

#[test]
fn edge_distance_subtracts_both_radii() {
    // 25 mm-ish 1" base and a 2" base, centres 5" apart: 5 - 0.5 - 1 = 3.5.
    let a = model(1, 10.0, 10.0, 1.0, 0.0);
    let b = model(2, 13.0, 14.0, 2.0, 0.0);
    approx(a.edge_distance(&b), 3.5);
    approx(b.edge_distance(&a), 3.5);
}

#[test]
fn touching_and_overlapping_bases_measure_zero() {
    let a = model(1, 10.0, 10.0, 1.0, 0.0);
    approx(a.edge_distance(&model(2, 11.0, 10.0, 1.0, 0.0)), 0.0);
    approx(a.edge_distance(&model(3, 10.5, 10.0, 1.0, 0.0)), 0.0);
}

#[test]
fn edge_to_point_distance() {
    let a = model(1, 0.0, 0.0, 2.0, 0.0);
    approx(a.edge_distance_to_point(Pt::new(3.0, 4.0)), 4.0);
    approx(a.edge_distance_to_point(Pt::new(0.5, 0.0)), 0.0);
}

#[test]
fn table_distance_by_id_and_missing_model() {
    let mut t = Table::new(24.0, 24.0, 2.0);
    t.add_model(model(1, 2.0, 2.0, 1.0, 0.0)).unwrap();
    t.add_model(model(2, 2.0, 8.0, 1.0, 0.0)).unwrap();
    approx(t.distance(ModelId(1), ModelId(2)).unwrap(), 5.0);
    assert_eq!(
        t.distance(ModelId(1), ModelId(9)),
        Err(TableError::NoSuchModel(ModelId(9)))
    );
}

#[test]
fn front_arc_is_90_degrees_centred_on_facing() {
    // Facing 90 degrees: along +y.
    let m = model(1, 10.0, 10.0, 1.0, 90.0);
    assert_eq!(m.arc_of_point(Pt::new(10.0, 20.0)), Arc::Front);
    assert_eq!(m.arc_of_point(Pt::new(10.0, 0.0)), Arc::Rear);
    assert_eq!(m.arc_of_point(Pt::new(20.0, 10.0)), Arc::Rear);
    // 44 degrees off the facing: inside; 46 degrees: outside.
    let at = |deg: f32| Pt::new(10.0, 10.0).add(Pt::new(1.0, 0.0).rotate(90.0 + deg).scale(5.0));
    assert_eq!(m.arc_of_point(at(44.0)), Arc::Front);
    assert_eq!(m.arc_of_point(at(-44.0)), Arc::Front);
    assert_eq!(m.arc_of_point(at(46.0)), Arc::Rear);
    assert_eq!(m.arc_of_point(at(-46.0)), Arc::Rear);
}

#[test]
fn a_point_exactly_on_the_arc_edge_is_in_front() {
    let m = model(1, 0.0, 0.0, 1.0, 0.0);
    assert_eq!(m.arc_of_point(Pt::new(5.0, 5.0)), Arc::Front);
    assert_eq!(m.arc_of_point(Pt::new(5.0, -5.0)), Arc::Front);
}

#[test]
fn arc_width_is_configurable_and_wraps_around_360() {
    let mut m = model(1, 0.0, 0.0, 1.0, 350.0);
    // 350 facing: a point at 10 degrees is 20 off -> front in a 90 arc.
    assert_eq!(m.arc_of_point(Pt::new(1.0, 0.0).rotate(10.0)), Arc::Front);
    assert_eq!(m.arc_of_point(Pt::new(1.0, 0.0).rotate(60.0)), Arc::Rear);
    m.front_arc = 180.0;
    assert_eq!(m.arc_of_point(Pt::new(1.0, 0.0).rotate(60.0)), Arc::Front);
    assert_eq!(m.arc_of_point(Pt::new(1.0, 0.0).rotate(170.0)), Arc::Rear);
}

#[test]
fn arc_of_another_model_uses_its_centre() {
    let a = model(1, 10.0, 10.0, 1.0, 0.0);
    let b = model(2, 15.0, 10.0, 2.0, 180.0);
    assert_eq!(a.arc_of(&b), Arc::Front);
    assert_eq!(b.arc_of(&a), Arc::Front);
    let c = model(3, 5.0, 10.0, 1.0, 180.0);
    assert_eq!(a.arc_of(&c), Arc::Rear);
}

#[test]
fn surface_height_follows_tiles_boxes_and_ramps() {
    let mut t = Table::new(24.0, 12.0, 2.0);
    t.tiles.set_height(1, 1, 1.5);
    t.tiles.set_kind(1, 1, GroundKind::Rough);
    approx(t.surface_height(Pt::new(3.0, 3.0)), 1.5);
    assert_eq!(t.tiles.kind_at(Pt::new(3.0, 3.0)), GroundKind::Rough);
    approx(t.surface_height(Pt::new(5.0, 3.0)), 0.0);
    // A ramp 4" long rising to 2": halfway up is 1".
    t.pieces.push(Piece {
        shape: PieceShape::Ramp,
        at: Pt::new(12.0, 6.0),
        rotation: 0.0,
        size: (4.0, 2.0, 2.0),
        base_height: 0.0,
        tags: vec![],
        label: String::new(),
    });
    approx(t.surface_height(Pt::new(12.0, 6.0)), 1.0);
    approx(t.surface_height(Pt::new(13.0, 6.0)), 1.5);
    // Turned 90 degrees, the ramp rises along +y.
    t.pieces[0].rotation = 90.0;
    approx(t.surface_height(Pt::new(12.0, 7.0)), 1.5);
    // A 3" crate on top of everything.
    t.pieces.push(Piece {
        shape: PieceShape::Box,
        at: Pt::new(20.0, 6.0),
        rotation: 45.0,
        size: (2.0, 2.0, 3.0),
        base_height: 0.0,
        tags: vec![],
        label: String::new(),
    });
    approx(t.surface_height(Pt::new(20.0, 6.0)), 3.0);
    // Rotated 45 degrees: (21.2, 6) is inside the diamond (1.41 reach), (20.9, 6.9) is not.
    approx(t.surface_height(Pt::new(21.2, 6.0)), 3.0);
    approx(t.surface_height(Pt::new(20.9, 6.9)), 0.0);
}

#[test]
fn models_take_the_surface_height_when_placed_and_moved() {
    let mut t = Table::new(24.0, 12.0, 2.0);
    t.tiles.set_height(5, 2, 2.0);
    t.add_model(model(1, 3.0, 3.0, 1.0, 0.0)).unwrap();
    approx(t.model(ModelId(1)).unwrap().h, 0.0);
    t.move_model(ModelId(1), Pt::new(11.0, 5.0)).unwrap();
    approx(t.model(ModelId(1)).unwrap().h, 2.0);
}

#[test]
fn bases_cannot_overlap_or_leave_the_table() {
    let mut t = Table::new(24.0, 12.0, 2.0);
    t.add_model(model(1, 5.0, 5.0, 1.0, 0.0)).unwrap();
    t.add_model(model(2, 8.0, 5.0, 1.0, 0.0)).unwrap();
    // Touching is allowed, overlapping is not.
    assert!(t.move_model(ModelId(2), Pt::new(6.0, 5.0)).is_ok());
    assert_eq!(
        t.move_model(ModelId(2), Pt::new(5.9, 5.0)),
        Err(TableError::Overlap(ModelId(2), ModelId(1)))
    );
    approx(t.model(ModelId(2)).unwrap().pos.x, 6.0);
    assert!(matches!(
        t.move_model(ModelId(1), Pt::new(0.4, 5.0)),
        Err(TableError::OffTable { .. })
    ));
    assert!(matches!(
        t.add_model(model(3, 5.5, 5.0, 1.0, 0.0)),
        Err(TableError::Overlap(..))
    ));
    assert_eq!(
        t.add_model(model(1, 20.0, 5.0, 1.0, 0.0)),
        Err(TableError::DuplicateId(ModelId(1)))
    );
    assert_eq!(t.models.len(), 2);
}

#[test]
fn tape_measures_edges_of_models_and_points() {
    let mut t = Table::new(24.0, 24.0, 2.0);
    t.add_model(model(1, 5.0, 5.0, 1.0, 0.0)).unwrap();
    t.add_model(model(2, 5.0, 15.0, 2.0, 0.0)).unwrap();
    let m = t
        .measure(TapeEnd::Model(ModelId(1)), TapeEnd::Model(ModelId(2)))
        .unwrap();
    approx(m.inches, 8.5);
    approx(m.from.y, 5.5);
    approx(m.to.y, 14.0);
    let m = t
        .measure(
            TapeEnd::Model(ModelId(1)),
            TapeEnd::Point(Pt::new(8.0, 9.0)),
        )
        .unwrap();
    approx(m.inches, 4.5);
    let m = t
        .measure(
            TapeEnd::Point(Pt::new(1.0, 1.0)),
            TapeEnd::Point(Pt::new(4.0, 5.0)),
        )
        .unwrap();
    approx(m.inches, 5.0);
    assert!(
        t.measure(
            TapeEnd::Point(Pt::new(-1.0, 1.0)),
            TapeEnd::Model(ModelId(1))
        )
        .is_err()
    );
    assert!(
        t.measure(TapeEnd::Model(ModelId(7)), TapeEnd::Model(ModelId(1)))
            .is_err()
    );
}

#[test]
fn tape_reports_the_height_difference() {
    let mut t = Table::new(24.0, 24.0, 2.0);
    t.tiles.set_height(2, 7, 3.0);
    t.add_model(model(1, 5.0, 5.0, 1.0, 0.0)).unwrap();
    t.add_model(model(2, 5.0, 15.0, 1.0, 0.0)).unwrap();
    let m = t
        .measure(TapeEnd::Model(ModelId(1)), TapeEnd::Model(ModelId(2)))
        .unwrap();
    approx(m.rise, 3.0);
    approx(m.inches, 9.0);
}

#[test]
fn ground_kinds_carry_their_codes() {
    // Kry-Gothic's AP for each kind is the game's own (`rules::kry::movement::terrain_at`).
    for k in GroundKind::ALL {
        assert_eq!(GroundKind::from_code(k.code()), Some(k));
    }
    assert!(GroundKind::Rough.is_rough() && !GroundKind::Open.is_rough());
}

/// Copies of a table share their tiles and pieces until one changes them: a change to the copy
/// leaves the original as it was, and each keeps its own fingerprint.
#[test]
fn a_copy_changed_leaves_the_original_terrain_alone() {
    let mut t = Table::new(12.0, 8.0, 2.0);
    t.pieces.push(Piece {
        shape: PieceShape::Box,
        at: Pt::new(6.0, 4.0),
        rotation: 0.0,
        size: (2.0, 2.0, 2.0),
        base_height: 0.0,
        tags: vec![],
        label: "Crate".into(),
    });
    let terrain = wartable::table::fingerprint::terrain(&t);
    let mut copy = t.clone();
    copy.tiles.set_kind(1, 1, GroundKind::Rough);
    copy.tiles.set_height(2, 2, 1.5);
    copy.pieces[0].at = Pt::new(3.0, 3.0);
    let again = copy.pieces[0].clone();
    copy.pieces.push(again);
    assert_eq!(t.tiles.kind(1, 1), GroundKind::Open);
    assert_eq!(t.tiles.height(2, 2), 0.0);
    assert_eq!(t.pieces.len(), 1);
    assert_eq!(t.pieces[0].at, Pt::new(6.0, 4.0));
    assert_eq!(
        (copy.tiles.kind(1, 1), copy.tiles.height(2, 2)),
        (GroundKind::Rough, 1.5)
    );
    assert_eq!(copy.pieces.len(), 2);
    assert_eq!(wartable::table::fingerprint::terrain(&t), terrain);
    assert_ne!(wartable::table::fingerprint::terrain(&copy), terrain);
}
