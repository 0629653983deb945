//! The parry shapes the table's things are made of in the 3D scene: a terrain piece, a model's
//! body, and what each shape stands for.

use super::geom::Pt;
use super::model::{Model, ModelId};
use super::piece::{Piece, PieceShape};
use bevy_rapier3d::parry::math::{Pose, Rotation, Vector};
use bevy_rapier3d::parry::shape::SharedShape;

/// Height of a base, in inches.
pub const BASE_THICKNESS: f32 = 0.125;

/// What a shape in the scene stands for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum LeafKind {
    Piece(usize),
    Tile { col: usize, row: usize },
    Model(ModelId),
}

/// One shape in the scene.
#[derive(Clone)]
pub struct Leaf {
    pub kind: LeafKind,
    pub shape: SharedShape,
    pub pose: Pose,
    /// Stops sight lines.
    pub opaque: bool,
    /// Gives cover to targets in or behind it.
    pub cover: bool,
}

fn world(p: Pt, h: f32) -> Vector {
    Vector::new(p.x, h, -p.y)
}

/// The parry shape and pose of a terrain piece.
pub fn piece_shape(p: &Piece) -> (SharedShape, Pose) {
    let (w, d, h) = p.size;
    let h = h.max(0.01);
    let rot = Rotation::from_rotation_y(p.rotation.to_radians());
    match p.shape {
        PieceShape::Box | PieceShape::Wall => (
            SharedShape::cuboid(w / 2.0, h / 2.0, d / 2.0),
            Pose::from_parts(world(p.at, p.base_height + h / 2.0), rot),
        ),
        PieceShape::Cylinder => (
            SharedShape::cylinder(h / 2.0, w / 2.0),
            Pose::from_parts(world(p.at, p.base_height + h / 2.0), rot),
        ),
        PieceShape::Ramp => {
            let (hw, hd) = (w / 2.0, d / 2.0);
            let pts = [
                Vector::new(-hw, 0.0, -hd),
                Vector::new(hw, 0.0, -hd),
                Vector::new(-hw, 0.0, hd),
                Vector::new(hw, 0.0, hd),
                Vector::new(hw, h, -hd),
                Vector::new(hw, h, hd),
            ];
            let shape = SharedShape::convex_hull(&pts)
                .unwrap_or_else(|| SharedShape::cuboid(hw, h / 2.0, hd));
            (shape, Pose::from_parts(world(p.at, p.base_height), rot))
        }
    }
}

/// The shape and pose of a model's body (base and body as one upright cylinder); a wreck lies low.
pub fn model_shape(m: &Model) -> (SharedShape, Pose) {
    let h = if m.wreck {
        (m.body_height * 0.5).min(m.base_diameter * 0.5)
    } else {
        m.body_height + BASE_THICKNESS
    };
    (
        SharedShape::cylinder(h / 2.0, m.radius()),
        Pose::from_translation(world(m.pos, m.h + h / 2.0)),
    )
}
