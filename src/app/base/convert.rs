//! Conversions between table coordinates (inches on the plane, height) and Bevy's world space.
//!
//! World X = table x, world Y = height, world Z = -table y: the near edge (y = 0) faces the default
//! camera, and a facing of 0 degrees points along +x.

use crate::table::Pt;
use bevy::prelude::*;

pub fn to_world(p: Pt, h: f32) -> Vec3 {
    Vec3::new(p.x, h, -p.y)
}

pub fn to_table(v: Vec3) -> Pt {
    Pt::new(v.x, -v.z)
}

/// Rotation of something turned `deg` degrees counter-clockwise on the table.
pub fn yaw(deg: f32) -> Quat {
    Quat::from_rotation_y(deg.to_radians())
}

/// A pose that lays gizmo circles (drawn in the XY plane) flat on the table at `p`.
pub fn flat(p: Vec3) -> Isometry3d {
    Isometry3d::new(p, Quat::from_rotation_x(std::f32::consts::FRAC_PI_2))
}
