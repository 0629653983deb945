//! What terrain pieces and tiles look like: a piece's kind read from its label (crates, ruins,
//! stone and bone walls, hedges, tanks and pipes, consoles, rock, trees and woods), its surface,
//! and the dressing that stays inside the piece's shape (trees in a wood, bands round a tank, a
//! console's screen; pebbles on rough ground, trees on difficult ground in a field). The shapes
//! the rules see never change.

use super::textures::Detail;
use crate::table::{GroundKind, PieceShape, Tag};
use bevy::prelude::*;

/// A terrain piece's look.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum PieceKind {
    Crate,
    Ruin,
    StoneWall,
    Hedge,
    Bone,
    Metal,
    Console,
    Rock,
    Tree,
    Woods,
    Sandbags,
    Earth,
    Weak,
    Door,
    /// Nothing in the label says: blocks that hide are stone, the rest rubble.
    Stone,
    Rubble,
}

impl PieceKind {
    pub const ALL: [PieceKind; 16] = [
        PieceKind::Crate,
        PieceKind::Ruin,
        PieceKind::StoneWall,
        PieceKind::Hedge,
        PieceKind::Bone,
        PieceKind::Metal,
        PieceKind::Console,
        PieceKind::Rock,
        PieceKind::Tree,
        PieceKind::Woods,
        PieceKind::Sandbags,
        PieceKind::Earth,
        PieceKind::Weak,
        PieceKind::Door,
        PieceKind::Stone,
        PieceKind::Rubble,
    ];

    /// Surface detail, colour, roughness and metalness.
    pub fn surface(self) -> (Detail, Color, f32, f32) {
        match self {
            PieceKind::Crate => (Detail::Planks, Color::srgb(0.62, 0.45, 0.26), 0.85, 0.0),
            PieceKind::Ruin => (Detail::Bricks, Color::srgb(0.66, 0.58, 0.50), 0.9, 0.0),
            PieceKind::StoneWall => (Detail::Bricks, Color::srgb(0.62, 0.62, 0.60), 0.9, 0.0),
            PieceKind::Hedge => (Detail::Leaves, Color::srgb(0.22, 0.42, 0.16), 0.95, 0.0),
            PieceKind::Bone => (Detail::Streaks, Color::srgb(0.86, 0.80, 0.66), 0.7, 0.0),
            PieceKind::Metal => (Detail::Plates, Color::srgb(0.55, 0.58, 0.60), 0.4, 0.7),
            PieceKind::Console => (Detail::Plates, Color::srgb(0.30, 0.33, 0.36), 0.5, 0.5),
            PieceKind::Rock => (Detail::Cracks, Color::srgb(0.50, 0.47, 0.44), 0.95, 0.0),
            PieceKind::Tree | PieceKind::Woods => {
                (Detail::Leaves, Color::srgb(0.20, 0.38, 0.15), 0.95, 0.0)
            }
            PieceKind::Sandbags => (Detail::Flock, Color::srgb(0.70, 0.62, 0.44), 0.95, 0.0),
            PieceKind::Earth => (Detail::Flock, Color::srgb(0.52, 0.56, 0.36), 0.95, 0.0),
            PieceKind::Weak => (Detail::Plates, Color::srgb(0.90, 0.58, 0.18), 0.7, 0.2),
            PieceKind::Door => (Detail::Plates, Color::srgb(0.45, 0.36, 0.26), 0.7, 0.3),
            PieceKind::Stone => (Detail::Cracks, Color::srgb(0.62, 0.62, 0.64), 0.85, 0.0),
            PieceKind::Rubble => (Detail::Pebbles, Color::srgb(0.60, 0.50, 0.36), 0.9, 0.0),
        }
    }
}

/// A piece's kind from its label, shape and tags.
pub fn kind_of(label: &str, shape: PieceShape, tags: &[Tag]) -> PieceKind {
    let l = label.to_lowercase();
    let has = |words: &[&str]| words.iter().any(|w| l.contains(w));
    if tags.contains(&Tag::WeakFloor) {
        PieceKind::Weak
    } else if has(&["woods", "forest", "copse"]) {
        PieceKind::Woods
    } else if has(&["tree"]) {
        PieceKind::Tree
    } else if has(&["hedge", "bush"]) {
        PieceKind::Hedge
    } else if has(&[
        "bone",
        "skull",
        "rib",
        "sarcophag",
        "altar",
        "throne",
        "ossuary",
    ]) {
        PieceKind::Bone
    } else if has(&["crate", "bunk", "barrel", "box", "cargo"]) {
        PieceKind::Crate
    } else if has(&["sandbag"]) {
        PieceKind::Sandbags
    } else if has(&["door", "hatch", "gate"]) {
        PieceKind::Door
    } else if has(&["bench", "console", "terminal", "computer", "lab"]) {
        PieceKind::Console
    } else if has(&[
        "pipe",
        "tank",
        "reactor",
        "gantry",
        "fuel",
        "coolant",
        "bulkhead",
        "machine",
        "transport",
        "wreck",
    ]) {
        PieceKind::Metal
    } else if has(&["ruin", "farmhouse", "tower", "bunker", "house"]) {
        PieceKind::Ruin
    } else if has(&["stone wall", "wall"]) {
        PieceKind::StoneWall
    } else if has(&["cave", "rock", "boulder", "column", "cliff"]) {
        PieceKind::Rock
    } else if has(&["hill", "slope", "mound"]) || shape == PieceShape::Ramp {
        PieceKind::Earth
    } else if has(&["pillar", "stairs", "statue"]) || tags.contains(&Tag::BlocksSight) {
        PieceKind::Stone
    } else {
        PieceKind::Rubble
    }
}

/// A part of a piece's or tile's dressing, placed in the piece's own frame (y up from its
/// foot).
pub struct Dressing {
    pub mesh: Mesh,
    pub tf: Transform,
    pub look: Dress,
}

/// How a dressing part is painted.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Dress {
    Bark,
    Leaves,
    Band,
    Screen,
    Pebble,
}

/// A tree `h` tall and `w` across, standing at `at`.
fn tree(out: &mut Vec<Dressing>, at: Vec3, w: f32, h: f32) {
    out.push(Dressing {
        mesh: Cylinder::new(w * 0.1, h * 0.45).mesh().resolution(8).into(),
        tf: Transform::from_translation(at + Vec3::Y * h * 0.225),
        look: Dress::Bark,
    });
    for (i, (y, r, ch)) in [(0.3, 0.5, 0.45), (0.55, 0.38, 0.45)].iter().enumerate() {
        out.push(Dressing {
            mesh: Cone {
                radius: w * r,
                height: h * ch,
            }
            .mesh()
            .resolution(10 + i as u32 * 2)
            .into(),
            tf: Transform::from_translation(at + Vec3::Y * h * (y + ch / 2.0)),
            look: Dress::Leaves,
        });
    }
}

/// Whether a piece of this kind is drawn by its dressing alone (a tree, a wood's trees over a
/// floor), not by its block.
pub fn dressing_replaces(kind: PieceKind, shape: PieceShape) -> bool {
    kind == PieceKind::Tree && shape == PieceShape::Cylinder
}

/// The dressing of a piece `size` = (width, depth, height).
pub fn piece_dressing(kind: PieceKind, shape: PieceShape, size: (f32, f32, f32)) -> Vec<Dressing> {
    let (w, d, h) = size;
    let mut out = Vec::new();
    match (kind, shape) {
        (PieceKind::Tree, PieceShape::Cylinder) => tree(&mut out, Vec3::ZERO, w, h),
        (PieceKind::Woods, _) => {
            // Trees on a grid inside the footprint, a little jittered; the tallest reaches the
            // wood's height.
            let nx = (w / 2.5).floor().max(1.0) as i32;
            let nz = (d / 2.5).floor().max(1.0) as i32;
            for i in 0..nx {
                for j in 0..nz {
                    let jx = jitter(i, j, 1) - 0.5;
                    let jz = jitter(i, j, 2) - 0.5;
                    let x = -w / 2.0 + w * (i as f32 + 0.5 + jx * 0.4) / nx as f32;
                    let z = -d / 2.0 + d * (j as f32 + 0.5 + jz * 0.4) / nz as f32;
                    let cell = (w / nx as f32).min(d / nz as f32);
                    let th = h * (0.7 + 0.3 * jitter(i, j, 3));
                    tree(&mut out, Vec3::new(x, 0.0, z), cell * 0.6, th);
                }
            }
        }
        (PieceKind::Metal, PieceShape::Cylinder) => {
            for y in [0.2, 0.8] {
                out.push(Dressing {
                    mesh: Torus::new(w / 2.0 - 0.03, w / 2.0 + 0.06)
                        .mesh()
                        .minor_resolution(6)
                        .major_resolution(24)
                        .into(),
                    tf: Transform::from_xyz(0.0, h * y, 0.0),
                    look: Dress::Band,
                });
            }
        }
        (PieceKind::Console, PieceShape::Box) => {
            out.push(Dressing {
                mesh: Cuboid::new(0.02, h * 0.4, d * 0.7).into(),
                tf: Transform::from_xyz(w / 2.0 + 0.011, h * 0.6, 0.0),
                look: Dress::Screen,
            });
        }
        _ => {}
    }
    out
}

/// The dressing of a ground tile `size` inches across: pebbles on rough ground and rocks on
/// very difficult, trees on difficult ground in a field.
pub fn tile_dressing(
    kind: GroundKind,
    field: bool,
    col: usize,
    row: usize,
    size: f32,
) -> Vec<Dressing> {
    let mut out = Vec::new();
    let (c, r) = (col as i32, row as i32);
    match kind {
        GroundKind::Difficult | GroundKind::VeryDifficult if field && jitter(c, r, 4) < 0.55 => {
            let at = Vec3::new(
                (jitter(c, r, 5) - 0.5) * size * 0.6,
                0.0,
                (jitter(c, r, 6) - 0.5) * size * 0.6,
            );
            tree(&mut out, at, size * 0.7, size * (1.0 + jitter(c, r, 7)));
        }
        GroundKind::Rough | GroundKind::Difficult | GroundKind::VeryDifficult => {
            let n = match kind {
                GroundKind::Rough => 2,
                GroundKind::Difficult => 3,
                _ => 4,
            };
            for i in 0..n {
                let s = size * (0.08 + 0.08 * jitter(c, r, 10 + i));
                out.push(Dressing {
                    mesh: Sphere::new(1.0).mesh().uv(8, 5),
                    tf: Transform::from_xyz(
                        (jitter(c, r, 20 + i) - 0.5) * size * 0.8,
                        s * 0.2,
                        (jitter(c, r, 30 + i) - 0.5) * size * 0.8,
                    )
                    .with_scale(Vec3::new(s, s * 0.6, s * 0.8)),
                    look: Dress::Pebble,
                });
            }
        }
        _ => {}
    }
    out
}

/// A fixed number in `[0, 1)` for a cell and a purpose.
fn jitter(i: i32, j: i32, k: u32) -> f32 {
    super::textures::hash2(i, j, k.wrapping_add(1000))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn labels_of_the_shipped_levels_read_as_what_they_are() {
        let cases = [
            ("Crate stack", PieceShape::Box, PieceKind::Crate),
            ("Ruined farmhouse", PieceShape::Box, PieceKind::Ruin),
            ("Low stone wall", PieceShape::Wall, PieceKind::StoneWall),
            ("Hedge wall", PieceShape::Wall, PieceKind::Hedge),
            ("Bone wall", PieceShape::Wall, PieceKind::Bone),
            ("Skull pillar", PieceShape::Cylinder, PieceKind::Bone),
            ("Coolant pipe", PieceShape::Cylinder, PieceKind::Metal),
            ("Lab bench", PieceShape::Box, PieceKind::Console),
            ("Cave column", PieceShape::Cylinder, PieceKind::Rock),
            ("Tree", PieceShape::Cylinder, PieceKind::Tree),
            ("Woods", PieceShape::Box, PieceKind::Woods),
            ("Door (barred)", PieceShape::Wall, PieceKind::Door),
            ("Hill slope", PieceShape::Ramp, PieceKind::Earth),
            ("Pillar", PieceShape::Cylinder, PieceKind::Stone),
        ];
        for (label, shape, want) in cases {
            assert_eq!(kind_of(label, shape, &[]), want, "{label}");
        }
        assert_eq!(
            kind_of("Bone pile", PieceShape::Box, &[Tag::WeakFloor]),
            PieceKind::Weak
        );
        assert_eq!(
            kind_of("", PieceShape::Box, &[Tag::BlocksSight]),
            PieceKind::Stone
        );
        assert_eq!(kind_of("", PieceShape::Box, &[]), PieceKind::Rubble);
    }

    /// Dressing stays inside the piece's shape, so that what is drawn matches what the rules
    /// measure line of sight and cover against.
    #[test]
    fn dressing_stays_inside_the_piece() {
        for kind in PieceKind::ALL {
            for shape in [PieceShape::Box, PieceShape::Cylinder, PieceShape::Wall] {
                let (w, d, h) = if shape == PieceShape::Cylinder {
                    (4.0, 4.0, 3.0)
                } else {
                    (6.0, 4.0, 3.0)
                };
                for part in piece_dressing(kind, shape, (w, d, h)) {
                    let (lo, hi) = crate::app::view::figures::placed_bounds(&part.mesh, &part.tf);
                    for p in [lo, hi] {
                        let slack = 0.1;
                        assert!(
                            p.y >= -slack && p.y <= h + slack,
                            "{kind:?} {shape:?} y {p}"
                        );
                        assert!(p.x.abs() <= w / 2.0 + slack, "{kind:?} {shape:?} x {p}");
                        assert!(p.z.abs() <= d / 2.0 + slack, "{kind:?} {shape:?} z {p}");
                    }
                }
            }
        }
        assert!(!piece_dressing(PieceKind::Woods, PieceShape::Box, (6.0, 4.0, 3.0)).is_empty());
        assert!(!piece_dressing(PieceKind::Tree, PieceShape::Cylinder, (2.0, 2.0, 3.0)).is_empty());
    }

    #[test]
    fn tiles_dress_by_kind_and_theme() {
        let trees = |field| {
            (0..20)
                .flat_map(|c| tile_dressing(GroundKind::Difficult, field, c, 3, 1.0))
                .filter(|d| d.look == Dress::Leaves)
                .count()
        };
        assert!(trees(true) > 0);
        assert_eq!(trees(false), 0);
        assert!(tile_dressing(GroundKind::Open, true, 1, 1, 1.0).is_empty());
        assert!(tile_dressing(GroundKind::ShallowWater, true, 1, 1, 1.0).is_empty());
        assert_eq!(tile_dressing(GroundKind::Rough, false, 1, 1, 1.0).len(), 2);
    }
}
