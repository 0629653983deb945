//! Fitting: a miniature to a 1" and a 3.2" base (its footprint inside the base's circle, its
//! height the rules' height, whichever scale is smaller; or the pack's own scale), standing on
//! y = 0 and centred; terrain stretched into its piece's box.

use super::*;
use wartable::data::packs::{ModelEntry, fit_miniature, fit_terrain};

fn placed_bounds(mesh: &PackMesh, fit: &wartable::data::packs::Fit) -> ([f32; 3], [f32; 3]) {
    let b = fit.applied(mesh).bounds().expect("bounds");
    (b.min, b.max)
}

/// How far the placed mesh reaches from the base's centre on the table plane.
fn reach(mesh: &PackMesh, fit: &wartable::data::packs::Fit) -> f32 {
    mesh.positions
        .iter()
        .map(|p| fit.apply(*p))
        .map(|p| (p[0] * p[0] + p[2] * p[2]).sqrt())
        .fold(0.0, f32::max)
}

fn close(a: f32, b: f32, what: &str) {
    assert!((a - b).abs() < 1e-4, "{what}: {a} != {b}");
}

#[test]
fn a_tall_figure_on_a_one_inch_base_takes_the_rules_height() {
    // 2 wide, 6 tall, 1 deep, its footprint off centre (x from 3 to 5) and floating at y = 10.
    let m = cuboid([3.0, 10.0, -0.5], [5.0, 16.0, 0.5], [1.0; 4]);
    let fit = fit_miniature(&m, 1.0, 1.2, &ModelEntry::default()).expect("fits");
    // By height: 1.2 / 6 = 0.2. By the base: 0.5 / hypot(1, 0.5) = 0.447. The smaller wins.
    let s = 1.2 / 6.0;
    assert_eq!(fit.scale, [s; 3]);
    let (lo, hi) = placed_bounds(&m, &fit);
    close(lo[1], 0.0, "stands on the base");
    close(hi[1], 1.2, "the rules' height");
    close((lo[0] + hi[0]) / 2.0, 0.0, "centred along x");
    close((lo[2] + hi[2]) / 2.0, 0.0, "centred along z");
    close(hi[0] - lo[0], 2.0 * s, "width");
    assert!(reach(&m, &fit) <= 0.5 + 1e-5, "inside the base");
}

#[test]
fn a_wide_model_on_a_3_2_inch_base_fills_the_base() {
    // 4 x 4 footprint, 1 tall: the base's circle limits it.
    let m = standing_box(4.0, 1.0, 4.0);
    let fit = fit_miniature(&m, 3.2, 1.6, &ModelEntry::default()).expect("fits");
    let corner = (2.0f32 * 2.0 + 2.0 * 2.0).sqrt();
    let s = 1.6 / corner;
    close(fit.scale[0], s, "scale by the base");
    close(reach(&m, &fit), 1.6, "the corners touch the base's edge");
    let (lo, hi) = placed_bounds(&m, &fit);
    close(hi[1] - lo[1], s, "height follows the scale");
    close(lo[1], 0.0, "stands on the base");
    close(hi[0] - lo[0], 4.0 * s, "footprint width");
    // The same model on a 1" base is scaled by the base too, 3.2 times smaller.
    let small = fit_miniature(&m, 1.0, 1.6, &ModelEntry::default()).expect("fits");
    close(
        small.scale[0] * 3.2,
        fit.scale[0],
        "scale in proportion to the base",
    );
}

#[test]
fn the_pack_scale_wins_over_fitting() {
    let m = standing_box(4.0, 1.0, 4.0);
    let e = ModelEntry {
        scale: Some(0.25),
        offset: (0.1, 0.2, 0.0),
        ..Default::default()
    };
    let fit = fit_miniature(&m, 1.0, 1.2, &e).expect("fits");
    assert_eq!(fit.scale, [0.25; 3]);
    let (lo, hi) = placed_bounds(&m, &fit);
    close(lo[1], 0.2, "on the base, then raised by the offset");
    close(hi[0] - lo[0], 1.0, "4 units at 0.25");
    close((lo[0] + hi[0]) / 2.0, 0.1, "moved forward by the offset");
}

#[test]
fn terrain_fills_its_pieces_box() {
    let m = cuboid([-1.0, 2.0, -1.0], [1.0, 3.0, 3.0], [1.0; 4]);
    let fit = fit_terrain(&m, (6.0, 2.0, 1.5), &ModelEntry::default()).expect("fits");
    let (lo, hi) = placed_bounds(&m, &fit);
    for (k, want) in [6.0, 1.5, 2.0].into_iter().enumerate() {
        close(hi[k] - lo[k], want, "width, height, depth");
    }
    close(lo[1], 0.0, "on the ground");
    close(lo[0] + hi[0], 0.0, "centred along the width");
    close(lo[2] + hi[2], 0.0, "centred along the depth");
}

#[test]
fn the_front_turns_to_plus_x() {
    use wartable::data::packs::{FileAxes, orient};
    // A nose at glTF's front (+z) ends up at the table's front (+x) once oriented.
    let mut m = cuboid([-0.1, 0.0, 0.5], [0.1, 0.2, 1.0], [1.0; 4]);
    orient(&mut m, FileAxes::YUpFrontZ, (0.0, 0.0, 0.0));
    let b = m.bounds().expect("bounds");
    close(b.min[0], 0.5, "nose forward");
    close(b.max[0], 1.0, "nose forward");
    // A pack's rotation of 180 degrees about y turns it to the back.
    let mut m = cuboid([-0.1, 0.0, 0.5], [0.1, 0.2, 1.0], [1.0; 4]);
    orient(&mut m, FileAxes::YUpFrontZ, (0.0, 180.0, 0.0));
    let b = m.bounds().expect("bounds");
    close(b.max[0], -0.5, "turned to the back");
}

#[test]
fn a_flat_or_empty_mesh_does_not_fit() {
    let empty = PackMesh::default();
    assert!(fit_miniature(&empty, 1.0, 1.2, &ModelEntry::default()).is_none());
    assert!(fit_terrain(&empty, (1.0, 1.0, 1.0), &ModelEntry::default()).is_none());
}
