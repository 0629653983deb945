//! The figures that stand on the bases, built in code from simple shapes: troopers of each
//! Kry-Gothic class with a head per team, KOG light's infantry stands, Frames, KOGs and tanks
//! (the turret a part of its own), heroes and monsters. Every part is placed facing +X (the
//! model's front), standing on y = 0 (the base's top), for a base of radius `r` and a body
//! `h` inches tall.

use crate::table::look::{Figure, Look};
use bevy::prelude::*;
use std::f32::consts::FRAC_PI_2;

/// How a part is painted.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Paint {
    /// The side's colour.
    Body,
    /// The style's trim colour (a team's crest, a hero's shield).
    Trim,
    Metal,
    Skin,
    /// Goblin and beast hide.
    Hide,
    Dark,
    /// Lenses, visors, blades: bright.
    Light,
    /// A cockpit's glass.
    Glass,
}

/// One part of a figure.
#[derive(Debug, Clone)]
pub struct Part {
    pub mesh: Mesh,
    pub tf: Transform,
    pub paint: Paint,
    /// Turns with the turret (a tank's turret and gun).
    pub turret: bool,
}

/// The trim colours of the styles (Okabe-Ito's colour-blind-safe hues, darkened or lightened
/// so as not to be taken for a side colour, and two neutrals).
pub fn trim_color(style: u8) -> Color {
    match style % 8 {
        0 => Color::srgb(0.80, 0.78, 0.70),
        1 => Color::srgb(0.35, 0.22, 0.12),
        2 => Color::srgb(0.55, 0.50, 0.42),
        3 => Color::srgb(0.20, 0.18, 0.22),
        4 => Color::srgb(0.75, 0.10, 0.08),
        5 => Color::srgb(0.55, 0.60, 0.20),
        6 => Color::srgb(0.90, 0.80, 0.25),
        _ => Color::srgb(0.40, 0.40, 0.45),
    }
}

struct Parts(Vec<Part>);

impl Parts {
    fn add(&mut self, mesh: impl Into<Mesh>, tf: Transform, paint: Paint) {
        self.0.push(Part {
            mesh: mesh.into(),
            tf,
            paint,
            turret: false,
        });
    }
    fn cube(&mut self, size: Vec3, at: Vec3, paint: Paint) {
        self.add(
            Cuboid::new(size.x, size.y, size.z),
            Transform::from_translation(at),
            paint,
        );
    }
    fn ball(&mut self, r: f32, at: Vec3, scale: Vec3, paint: Paint) {
        self.add(
            Sphere::new(r).mesh().uv(14, 9),
            Transform::from_translation(at).with_scale(scale),
            paint,
        );
    }
    /// A cylinder along +X from `from`, `len` long.
    fn barrel(&mut self, r: f32, len: f32, from: Vec3, paint: Paint) {
        self.add(
            Cylinder::new(r, len).mesh().resolution(12),
            Transform::from_translation(from + Vec3::X * len / 2.0)
                .with_rotation(Quat::from_rotation_z(-FRAC_PI_2)),
            paint,
        );
    }
    /// An upright cylinder standing on `at`.
    fn post(&mut self, r: f32, len: f32, at: Vec3, paint: Paint) {
        self.add(
            Cylinder::new(r, len).mesh().resolution(12),
            Transform::from_translation(at + Vec3::Y * len / 2.0),
            paint,
        );
    }
    fn cone(&mut self, r: f32, len: f32, at: Vec3, rot: Quat, paint: Paint) {
        self.add(
            Cone {
                radius: r,
                height: len,
            }
            .mesh()
            .resolution(12),
            Transform::from_translation(at).with_rotation(rot),
            paint,
        );
    }
}

/// A figure's meshes for `look` on a base of radius `r`, `h` inches tall: one mesh per paint
/// (and per turret), each part placed in it, so that a figure is a handful of entities.
pub fn build(look: Look, r: f32, h: f32) -> Vec<Part> {
    let mut merged: Vec<Part> = Vec::new();
    for part in parts(look, r, h) {
        let placed = part.mesh.transformed_by(part.tf);
        let into = merged
            .iter_mut()
            .find(|m| m.paint == part.paint && m.turret == part.turret);
        let done = match into {
            Some(m) => m.mesh.merge(&placed).is_ok(),
            None => false,
        };
        if !done {
            merged.push(Part {
                mesh: placed,
                tf: Transform::IDENTITY,
                paint: part.paint,
                turret: part.turret,
            });
        }
    }
    merged
}

/// A figure's parts, each a simple shape placed by its transform.
pub fn parts(look: Look, r: f32, h: f32) -> Vec<Part> {
    let mut p = Parts(Vec::new());
    let s = look.style;
    match look.figure {
        Figure::Trooper => humanoid(&mut p, Vec3::ZERO, h, 1.0, s, Gear::Rifle),
        Figure::Leader => {
            humanoid(&mut p, Vec3::ZERO, h, 1.0, s, Gear::Pistol);
            banner(&mut p, h);
        }
        Figure::Elite => {
            humanoid(&mut p, Vec3::ZERO, h, 1.05, s, Gear::Rifle);
            for z in [-1.0, 1.0] {
                p.ball(
                    0.085 * h,
                    Vec3::new(0.0, 0.74 * h, z * 0.17 * h),
                    Vec3::splat(1.0),
                    Paint::Trim,
                );
            }
        }
        Figure::Heavy => {
            humanoid(&mut p, Vec3::ZERO, h, 1.35, s, Gear::Cannon);
            p.cube(
                Vec3::new(0.14, 0.22, 0.26) * h,
                Vec3::new(-0.2 * h, 0.62 * h, 0.0),
                Paint::Metal,
            );
        }
        Figure::Fast => {
            humanoid(&mut p, Vec3::ZERO, h, 0.9, s, Gear::Pistol);
            for z in [-1.0, 1.0] {
                p.post(
                    0.05 * h,
                    0.3 * h,
                    Vec3::new(-0.17 * h, 0.45 * h, z * 0.07 * h),
                    Paint::Metal,
                );
                p.cone(
                    0.05 * h,
                    0.1 * h,
                    Vec3::new(-0.17 * h, 0.4 * h, z * 0.07 * h),
                    Quat::from_rotation_x(std::f32::consts::PI),
                    Paint::Light,
                );
            }
        }
        Figure::Special => {
            humanoid(&mut p, Vec3::ZERO, h, 1.0, s, Gear::Rifle);
            p.cube(
                Vec3::new(0.12, 0.24, 0.22) * h,
                Vec3::new(-0.18 * h, 0.62 * h, 0.0),
                Paint::Trim,
            );
            p.post(
                0.012 * h,
                0.55 * h,
                Vec3::new(-0.2 * h, 0.7 * h, 0.08 * h),
                Paint::Dark,
            );
        }
        Figure::Infantry => {
            let man = h * 0.9;
            for (x, z) in [(0.35, 0.0), (-0.25, 0.38), (-0.25, -0.38)] {
                humanoid(
                    &mut p,
                    Vec3::new(x * r, 0.0, z * r),
                    man,
                    1.0,
                    s,
                    Gear::Rifle,
                );
            }
        }
        Figure::Frame => walker(&mut p, r, h, false, s == 1),
        Figure::Kog => walker(&mut p, r, h, true, s == 1),
        Figure::Tank => tank(&mut p, r, h),
        Figure::Hero => {
            humanoid(&mut p, Vec3::ZERO, h, 1.05, s, Gear::Sword);
            // A cape.
            p.cube(
                Vec3::new(0.03 * h, 0.5 * h, 0.3 * h),
                Vec3::new(-0.14 * h, 0.5 * h, 0.0),
                Paint::Trim,
            );
        }
        Figure::Monster => monster(&mut p, h, s),
    }
    p.0
}

#[derive(Clone, Copy, PartialEq)]
enum Gear {
    Rifle,
    Pistol,
    Cannon,
    Sword,
}

/// A soldier `h` tall standing at `at`, `bulk` times as broad as a plain one.
fn humanoid(p: &mut Parts, at: Vec3, h: f32, bulk: f32, style: u8, gear: Gear) {
    let b = bulk;
    for z in [-1.0, 1.0] {
        p.cube(
            Vec3::new(0.13 * h, 0.44 * h, 0.11 * h * b),
            at + Vec3::new(0.0, 0.22 * h, z * 0.075 * h * b),
            Paint::Dark,
        );
    }
    p.cube(
        Vec3::new(0.2 * h * b, 0.32 * h, 0.3 * h * b),
        at + Vec3::new(0.0, 0.6 * h, 0.0),
        Paint::Body,
    );
    // Arms reaching forward to the weapon.
    for z in [-1.0, 1.0] {
        p.cube(
            Vec3::new(0.22 * h, 0.08 * h, 0.08 * h),
            at + Vec3::new(0.09 * h, 0.62 * h, z * 0.16 * h * b),
            Paint::Body,
        );
    }
    let hand = at + Vec3::new(0.18 * h, 0.62 * h, 0.0);
    match gear {
        Gear::Rifle => p.cube(
            Vec3::new(0.45 * h, 0.06 * h, 0.05 * h),
            hand + Vec3::new(0.08 * h, 0.0, -0.05 * h),
            Paint::Metal,
        ),
        Gear::Pistol => p.cube(
            Vec3::new(0.16 * h, 0.06 * h, 0.05 * h),
            hand + Vec3::new(0.02 * h, 0.0, -0.14 * h),
            Paint::Metal,
        ),
        Gear::Cannon => {
            p.barrel(
                0.06 * h,
                0.55 * h,
                hand + Vec3::new(-0.15 * h, 0.0, -0.12 * h * b),
                Paint::Metal,
            );
        }
        Gear::Sword => {
            p.cube(
                Vec3::new(0.05 * h, 0.5 * h, 0.03 * h),
                hand + Vec3::new(0.02 * h, 0.25 * h, -0.16 * h),
                Paint::Light,
            );
            p.add(
                Cylinder::new(0.16 * h, 0.04 * h).mesh().resolution(16),
                Transform::from_translation(hand + Vec3::new(0.0, -0.02 * h, 0.2 * h))
                    .with_rotation(Quat::from_rotation_z(FRAC_PI_2)),
                Paint::Trim,
            );
        }
    }
    head(p, at + Vec3::new(0.0, 0.86 * h, 0.0), h, style);
}

/// A head at `c`, in the style's fashion: helmet, hood, bare with an iron collar, horns, a
/// crested helm, an insect's dome, a gas mask.
fn head(p: &mut Parts, c: Vec3, h: f32, style: u8) {
    let r = 0.1 * h;
    match style % 7 {
        0 => {
            p.ball(r, c, Vec3::ONE, Paint::Skin);
            p.ball(
                r * 1.12,
                c + Vec3::Y * 0.03 * h,
                Vec3::new(1.0, 0.7, 1.0),
                Paint::Trim,
            );
            p.cube(
                Vec3::new(0.03 * h, 0.04 * h, 0.14 * h),
                c + Vec3::new(0.09 * h, 0.0, 0.0),
                Paint::Light,
            );
        }
        1 => {
            p.ball(r, c, Vec3::ONE, Paint::Skin);
            p.cone(
                r * 1.25,
                0.3 * h,
                c + Vec3::Y * 0.06 * h,
                Quat::IDENTITY,
                Paint::Trim,
            );
        }
        2 => {
            p.ball(r, c, Vec3::ONE, Paint::Skin);
            p.add(
                Torus::new(r * 0.7, r * 1.05).mesh().minor_resolution(8),
                Transform::from_translation(c - Vec3::Y * r * 0.9),
                Paint::Metal,
            );
        }
        3 => {
            p.ball(r, c, Vec3::ONE, Paint::Dark);
            for z in [-1.0f32, 1.0] {
                p.cone(
                    r * 0.35,
                    r * 1.6,
                    c + Vec3::new(0.0, r * 0.9, z * r * 0.7),
                    Quat::from_rotation_x(-z * 0.5),
                    Paint::Light,
                );
            }
            p.cube(
                Vec3::new(0.02 * h, 0.03 * h, 0.1 * h),
                c + Vec3::new(r * 0.95, 0.01 * h, 0.0),
                Paint::Trim,
            );
        }
        4 => {
            p.ball(r * 1.1, c, Vec3::ONE, Paint::Metal);
            p.cube(
                Vec3::new(0.26 * h, 0.1 * h, 0.03 * h),
                c + Vec3::Y * r * 1.1,
                Paint::Trim,
            );
        }
        5 => {
            p.ball(r, c, Vec3::new(1.5, 1.1, 0.9), Paint::Trim);
            p.ball(
                r * 0.3,
                c + Vec3::new(r * 1.2, 0.02 * h, 0.05 * h),
                Vec3::ONE,
                Paint::Light,
            );
            p.ball(
                r * 0.3,
                c + Vec3::new(r * 1.2, 0.02 * h, -0.05 * h),
                Vec3::ONE,
                Paint::Light,
            );
        }
        _ => {
            p.ball(r * 1.05, c, Vec3::ONE, Paint::Dark);
            p.barrel(
                r * 0.45,
                r * 0.9,
                c + Vec3::new(r * 0.6, -r * 0.3, 0.0),
                Paint::Trim,
            );
        }
    }
}

/// A leader's banner on a pole across the back.
fn banner(p: &mut Parts, h: f32) {
    p.post(
        0.015 * h,
        1.25 * h,
        Vec3::new(-0.14 * h, 0.3 * h, 0.0),
        Paint::Dark,
    );
    p.cube(
        Vec3::new(0.3 * h, 0.22 * h, 0.015 * h),
        Vec3::new(-0.29 * h, 1.42 * h, 0.0),
        Paint::Trim,
    );
}

/// A walker: two legs, a hull, a gun arm; a KOG is heavier with guns on both shoulders; a
/// recon variant carries a sensor mast.
fn walker(p: &mut Parts, r: f32, h: f32, heavy: bool, recon: bool) {
    let w = if heavy { 0.75 * r } else { 0.6 * r };
    let leg = 0.5 * h;
    for z in [-1.0, 1.0] {
        p.cube(
            Vec3::new(0.14 * h, leg * 0.55, w * 0.22),
            Vec3::new(0.0, leg * 0.27, z * w * 0.35),
            Paint::Dark,
        );
        p.cube(
            Vec3::new(0.12 * h, leg * 0.5, w * 0.2),
            Vec3::new(-0.04 * h, leg * 0.75, z * w * 0.35),
            Paint::Body,
        );
        p.cube(
            Vec3::new(0.24 * h, 0.04 * h, w * 0.28),
            Vec3::new(0.03 * h, 0.02 * h, z * w * 0.35),
            Paint::Dark,
        );
    }
    let hull = Vec3::new(w * 1.1, 0.36 * h, w);
    let hc = Vec3::new(0.0, leg + hull.y / 2.0, 0.0);
    p.cube(hull, hc, Paint::Body);
    // A canopy on the front of the hull.
    p.cube(
        Vec3::new(0.04 * h, hull.y * 0.3, w * 0.5),
        hc + Vec3::new(hull.x / 2.0, hull.y * 0.15, 0.0),
        Paint::Glass,
    );
    // A stripe across the hull's top.
    p.cube(
        Vec3::new(hull.x * 0.18, 0.03 * h, w * 1.02),
        hc + Vec3::new(-hull.x * 0.2, hull.y / 2.0, 0.0),
        Paint::Trim,
    );
    let gun_r = if heavy { 0.07 * h } else { 0.05 * h };
    p.barrel(
        gun_r,
        0.55 * h,
        hc + Vec3::new(0.0, -0.05 * h, -(w / 2.0 + gun_r)),
        Paint::Metal,
    );
    if heavy {
        for z in [-1.0, 1.0] {
            p.barrel(
                gun_r * 0.8,
                0.45 * h,
                hc + Vec3::new(-0.05 * h, hull.y / 2.0 + gun_r, z * w * 0.3),
                Paint::Metal,
            );
        }
        p.cube(
            Vec3::new(w * 0.5, 0.14 * h, w * 0.5),
            hc + Vec3::new(-w * 0.5, hull.y * 0.2, 0.0),
            Paint::Dark,
        );
    } else {
        p.cube(
            Vec3::new(0.2 * h, 0.05 * h, 0.04 * h),
            hc + Vec3::new(w * 0.6, -0.05 * h, w / 2.0 + 0.03 * h),
            Paint::Light,
        );
    }
    if recon {
        p.post(
            0.012 * h,
            0.4 * h,
            hc + Vec3::new(-w * 0.3, hull.y / 2.0, w * 0.25),
            Paint::Dark,
        );
        p.add(
            Cylinder::new(0.08 * h, 0.015 * h).mesh().resolution(12),
            Transform::from_translation(hc + Vec3::new(-w * 0.3, hull.y / 2.0 + 0.4 * h, w * 0.25)),
            Paint::Light,
        );
    }
}

/// A tank: hull, tracks and a turret whose gun turns with it.
fn tank(p: &mut Parts, r: f32, h: f32) {
    let len = 1.7 * r;
    let wid = 1.15 * r;
    let hull_h = 0.4 * h;
    for z in [-1.0, 1.0] {
        p.cube(
            Vec3::new(len, hull_h * 0.75, wid * 0.22),
            Vec3::new(0.0, hull_h * 0.38, z * wid * 0.4),
            Paint::Dark,
        );
    }
    p.cube(
        Vec3::new(len * 0.92, hull_h * 0.6, wid * 0.62),
        Vec3::new(0.0, hull_h * 0.7, 0.0),
        Paint::Body,
    );
    p.cube(
        Vec3::new(len * 0.2, hull_h * 0.15, wid * 0.6),
        Vec3::new(len * 0.38, hull_h * 0.95, 0.0),
        Paint::Trim,
    );
    let top = hull_h;
    let start = p.0.len();
    p.add(
        Cylinder::new(0.36 * r, 0.3 * h).mesh().resolution(20),
        Transform::from_xyz(0.0, top + 0.15 * h, 0.0),
        Paint::Body,
    );
    p.barrel(
        0.05 * h,
        1.05 * r,
        Vec3::new(0.3 * r, top + 0.17 * h, 0.0),
        Paint::Metal,
    );
    p.cube(
        Vec3::new(0.1 * h, 0.08 * h, 0.1 * h),
        Vec3::new(-0.1 * r, top + 0.34 * h, 0.12 * r),
        Paint::Dark,
    );
    for part in &mut p.0[start..] {
        part.turret = true;
    }
}

/// A monster: hunched, big-headed, horned and clawed.
fn monster(p: &mut Parts, h: f32, style: u8) {
    for z in [-1.0, 1.0] {
        p.cube(
            Vec3::new(0.14 * h, 0.38 * h, 0.12 * h),
            Vec3::new(-0.03 * h, 0.19 * h, z * 0.1 * h),
            Paint::Hide,
        );
    }
    p.add(
        Cuboid::new(0.3 * h, 0.34 * h, 0.34 * h),
        Transform::from_xyz(0.03 * h, 0.52 * h, 0.0).with_rotation(Quat::from_rotation_z(-0.35)),
        Paint::Body,
    );
    let hc = Vec3::new(0.2 * h, 0.72 * h, 0.0);
    p.ball(0.14 * h, hc, Vec3::new(1.1, 0.95, 1.05), Paint::Hide);
    for z in [-1.0f32, 1.0] {
        // Ears or horns, by style.
        let rot = if style.is_multiple_of(2) {
            Quat::from_rotation_x(-z * FRAC_PI_2 * 0.9)
        } else {
            Quat::from_rotation_x(-z * 0.4)
        };
        p.cone(
            0.04 * h,
            0.2 * h,
            hc + Vec3::new(-0.02 * h, 0.08 * h, z * 0.12 * h),
            rot,
            Paint::Hide,
        );
        p.ball(
            0.025 * h,
            hc + Vec3::new(0.12 * h, 0.03 * h, z * 0.05 * h),
            Vec3::ONE,
            Paint::Light,
        );
        // Long arms with claws.
        p.add(
            Cuboid::new(0.08 * h, 0.4 * h, 0.08 * h),
            Transform::from_xyz(0.18 * h, 0.48 * h, z * 0.22 * h)
                .with_rotation(Quat::from_rotation_z(0.5)),
            Paint::Hide,
        );
        p.cone(
            0.04 * h,
            0.12 * h,
            Vec3::new(0.3 * h, 0.28 * h, z * 0.22 * h),
            Quat::from_rotation_z(std::f32::consts::PI * 0.8),
            Paint::Light,
        );
    }
    p.cube(
        Vec3::new(0.06 * h, 0.3 * h, 0.04 * h),
        Vec3::new(0.35 * h, 0.45 * h, -0.26 * h),
        Paint::Metal,
    );
}

/// A base's front-arc band: the arc's sector of a ring on the base's top, and the same arc of
/// its rim wall, so that the front reads from above and from the table's edge alike.
pub fn arc_band(radius: f32, arc_deg: f32, top: f32) -> Mesh {
    use bevy::asset::RenderAssetUsages;
    use bevy::mesh::{Indices, PrimitiveTopology};
    let half = (arc_deg.clamp(1.0, 360.0) / 2.0).to_radians();
    let n = ((arc_deg / 6.0).ceil() as usize).clamp(6, 60);
    let (ri, ro) = (radius * 0.8, radius * 1.005);
    let y = top + 0.006;
    let mut pos = Vec::new();
    let mut idx = Vec::new();
    for i in 0..=n {
        let a = -half + 2.0 * half * i as f32 / n as f32;
        let (s, c) = a.sin_cos();
        // Ring: inner and outer at the top; wall: outer at the top and near the table.
        pos.push([ri * c, y, s * ri]);
        pos.push([ro * c, y, s * ro]);
        pos.push([ro * c, 0.015, s * ro]);
    }
    for i in 0..n as u32 {
        let (a, b) = (i * 3, (i + 1) * 3);
        idx.extend([a, b, a + 1, a + 1, b, b + 1]);
        idx.extend([a + 1, b + 1, a + 2, a + 2, b + 1, b + 2]);
    }
    let normals = vec![[0.0, 1.0, 0.0]; pos.len()];
    let uvs = vec![[0.0, 0.0]; pos.len()];
    Mesh::new(
        PrimitiveTopology::TriangleList,
        RenderAssetUsages::default(),
    )
    .with_inserted_attribute(Mesh::ATTRIBUTE_POSITION, pos)
    .with_inserted_attribute(Mesh::ATTRIBUTE_NORMAL, normals)
    .with_inserted_attribute(Mesh::ATTRIBUTE_UV_0, uvs)
    .with_inserted_indices(Indices::U32(idx))
}

/// The box round a mesh's vertices as `tf` places them.
#[cfg(test)]
pub fn placed_bounds(mesh: &Mesh, tf: &Transform) -> (Vec3, Vec3) {
    let pos = mesh
        .attribute(Mesh::ATTRIBUTE_POSITION)
        .and_then(|a| a.as_float3())
        .expect("positions");
    pos.iter().map(|p| tf.transform_point(Vec3::from(*p))).fold(
        (Vec3::splat(f32::MAX), Vec3::splat(f32::MIN)),
        |(lo, hi), p| (lo.min(p), hi.max(p)),
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::table::look::Figure;

    fn bounds(parts: &[Part]) -> (Vec3, Vec3) {
        let mut lo = Vec3::splat(f32::MAX);
        let mut hi = Vec3::splat(f32::MIN);
        for p in parts {
            let (a, b) = placed_bounds(&p.mesh, &p.tf);
            lo = lo.min(a);
            hi = hi.max(b);
        }
        (lo, hi)
    }

    const ALL: [Figure; 12] = [
        Figure::Trooper,
        Figure::Leader,
        Figure::Elite,
        Figure::Heavy,
        Figure::Fast,
        Figure::Special,
        Figure::Infantry,
        Figure::Frame,
        Figure::Kog,
        Figure::Tank,
        Figure::Hero,
        Figure::Monster,
    ];

    /// Every figure stands on its base, about as tall as the model's body, and no wider than
    /// its base and a little more (a gun may reach over the rim).
    #[test]
    fn figures_stand_on_their_bases_at_their_height() {
        for f in ALL {
            for (r, h) in [(0.5, 1.2), (1.5, 2.5), (2.0, 1.6)] {
                let parts = parts(Look::new(f, 0), r, h);
                assert!(parts.len() >= 4, "{f:?} has {} parts", parts.len());
                // Merged by paint, the figure keeps its shape.
                let merged = build(Look::new(f, 0), r, h);
                assert!(merged.len() < parts.len() && merged.len() <= 8, "{f:?}");
                let (a, b) = (bounds(&parts), bounds(&merged));
                assert!(
                    (a.0 - b.0).length() < 1e-4 && (a.1 - b.1).length() < 1e-4,
                    "{f:?}"
                );
                let (lo, hi) = bounds(&parts);
                assert!(
                    lo.y > -0.02 && lo.y < 0.1 * h,
                    "{f:?} {r} {h}: bottom {}",
                    lo.y
                );
                let top = if f == Figure::Leader { 1.6 } else { 1.3 };
                assert!(
                    hi.y > 0.6 * h && hi.y < top * h,
                    "{f:?} {r} {h}: top {}",
                    hi.y
                );
                let reach = hi.x.max(-lo.x).max(hi.z).max(-lo.z);
                assert!(reach < r + 0.6 * h, "{f:?} {r} {h}: reach {reach}");
            }
        }
    }

    /// Figures face +X: more of each stands ahead of the centre than behind it, weapon first.
    #[test]
    fn figures_face_forward() {
        for f in [
            Figure::Trooper,
            Figure::Heavy,
            Figure::Frame,
            Figure::Kog,
            Figure::Tank,
        ] {
            let (lo, hi) = bounds(&build(Look::new(f, 0), 1.0, 1.5));
            assert!(hi.x > -lo.x, "{f:?}: front {} back {}", hi.x, lo.x);
        }
    }

    #[test]
    fn only_a_tank_has_a_turret_and_its_gun_turns_with_it() {
        for f in ALL {
            let turret = build(Look::new(f, 0), 1.5, 1.5)
                .iter()
                .filter(|p| p.turret)
                .count();
            assert_eq!(turret > 0, f == Figure::Tank, "{f:?}");
        }
        let parts = build(Look::new(Figure::Tank, 0), 1.5, 1.5);
        let gun = parts.iter().filter(|p| p.turret && p.paint == Paint::Metal);
        assert_eq!(gun.count(), 1);
        let hull_metal = parts
            .iter()
            .filter(|p| !p.turret && p.paint == Paint::Metal);
        assert_eq!(
            hull_metal.count(),
            0,
            "the gun turns with the turret, nothing else metal"
        );
    }

    #[test]
    fn styles_change_the_head() {
        let a = parts(Look::new(Figure::Trooper, 0), 0.5, 1.2);
        let b = parts(Look::new(Figure::Trooper, 1), 0.5, 1.2);
        let paints = |p: &[Part]| p.iter().map(|x| x.paint).collect::<Vec<_>>();
        assert_ne!(paints(&a), paints(&b));
    }

    #[test]
    fn arc_band_spans_the_arc() {
        let m = arc_band(1.0, 90.0, 0.125);
        let pos = m
            .attribute(Mesh::ATTRIBUTE_POSITION)
            .unwrap()
            .as_float3()
            .unwrap();
        let angles: Vec<f32> = pos.iter().map(|p| p[2].atan2(p[0]).to_degrees()).collect();
        let lo = angles.iter().cloned().fold(f32::MAX, f32::min);
        let hi = angles.iter().cloned().fold(f32::MIN, f32::max);
        assert!(
            (lo + 45.0).abs() < 0.01 && (hi - 45.0).abs() < 0.01,
            "{lo} {hi}"
        );
    }
}
