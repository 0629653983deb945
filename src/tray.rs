//! Physics dice for the dice tray, without deciding anything: the dice of a roll are thrown into
//! a tray with rapier, the face each one lands on is read, and the die's faces are renumbered by
//! one of its own symmetries so that the face landing up is the value the seeded generator rolled.
//! The motion is recorded to be played back; replays stay exact because the results never come
//! from here. d4 (read on the face it lies on), d6, d8, d10, d12 and d20.

use bevy::math::{Mat3, Quat, Vec3};
use bevy_rapier3d::rapier::prelude::*;

/// A die's shape: the corners of its hull and the direction of each face, face `i` showing
/// `i + 1`.
#[derive(Debug, Clone)]
pub struct Shape {
    pub sides: u32,
    pub corners: Vec<Vec3>,
    pub faces: Vec<Vec3>,
}

const PHI: f32 = 1.618_034;

fn icosahedron() -> Vec<Vec3> {
    let mut v = Vec::new();
    for a in [-1.0, 1.0] {
        for b in [-PHI, PHI] {
            v.push(Vec3::new(0.0, a, b));
            v.push(Vec3::new(a, b, 0.0));
            v.push(Vec3::new(b, 0.0, a));
        }
    }
    v
}

fn dodecahedron() -> Vec<Vec3> {
    let mut v = Vec::new();
    for x in [-1.0, 1.0] {
        for y in [-1.0, 1.0] {
            for z in [-1.0, 1.0] {
                v.push(Vec3::new(x, y, z));
            }
        }
    }
    let (a, b) = (1.0 / PHI, PHI);
    for s in [-1.0, 1.0] {
        for t in [-1.0, 1.0] {
            // The icosahedron's face centres, so that each is the other's dual.
            v.push(Vec3::new(s * a, 0.0, t * b));
            v.push(Vec3::new(0.0, t * b, s * a));
            v.push(Vec3::new(t * b, s * a, 0.0));
        }
    }
    v
}

fn unit(v: &[Vec3], r: f32) -> Vec<Vec3> {
    v.iter().map(|p| p.normalize() * r).collect()
}

impl Shape {
    /// The die with `sides` faces (4, 6, 8, 10, 12 or 20), `size` inches across.
    pub fn new(sides: u32, size: f32) -> Option<Self> {
        let r = size / 2.0;
        let (corners, faces): (Vec<Vec3>, Vec<Vec3>) = match sides {
            4 => {
                let c = [
                    Vec3::new(1.0, 1.0, 1.0),
                    Vec3::new(1.0, -1.0, -1.0),
                    Vec3::new(-1.0, 1.0, -1.0),
                    Vec3::new(-1.0, -1.0, 1.0),
                ];
                (
                    unit(&c, r * 1.2),
                    c.iter().map(|p| -p.normalize()).collect(),
                )
            }
            6 => {
                let c = dodecahedron()[..8].to_vec();
                let f = [
                    Vec3::X,
                    Vec3::Y,
                    Vec3::Z,
                    Vec3::NEG_Z,
                    Vec3::NEG_Y,
                    Vec3::NEG_X,
                ];
                (unit(&c, r * 1.2), f.to_vec())
            }
            8 => {
                let c = [
                    Vec3::X,
                    Vec3::NEG_X,
                    Vec3::Y,
                    Vec3::NEG_Y,
                    Vec3::Z,
                    Vec3::NEG_Z,
                ];
                let mut f = dodecahedron()[..8].to_vec();
                // Opposite faces add up to 9.
                f.sort_by(|a, b| {
                    (a.x + 2.0 * a.y + 4.0 * a.z).total_cmp(&(b.x + 2.0 * b.y + 4.0 * b.z))
                });
                f.reverse();
                (unit(&c, r * 1.2), unit(&f, 1.0))
            }
            10 => {
                // A pentagonal trapezohedron: two apexes and a zig-zag ring.
                let (apex, ring) = (1.0, 0.11);
                let mut c = vec![Vec3::new(0.0, apex, 0.0), Vec3::new(0.0, -apex, 0.0)];
                let at = |k: i32, up: bool| {
                    let a = (k as f32 * 36.0).to_radians();
                    Vec3::new(a.cos(), if up { ring } else { -ring }, a.sin())
                };
                for k in 0..10 {
                    c.push(at(k, k % 2 == 0));
                }
                let mut f = Vec::new();
                for k in 0..5 {
                    // An upper kite round ring point 2k+1, a lower one round 2k.
                    let up = c[0] + at(2 * k, true) + at(2 * k + 1, false) + at(2 * k + 2, true);
                    let down = c[1] + at(2 * k - 1, false) + at(2 * k, true) + at(2 * k + 1, false);
                    f.push(up.normalize());
                    f.push(down.normalize());
                }
                (c.iter().map(|p| *p * r * 1.1).collect(), f)
            }
            12 => (unit(&dodecahedron(), r * 1.1), unit(&icosahedron(), 1.0)),
            20 => (unit(&icosahedron(), r * 1.15), unit(&dodecahedron(), 1.0)),
            _ => return None,
        };
        Some(Self {
            sides,
            corners,
            faces,
        })
    }

    /// The face that reads when the die rests turned by `rot`: the one facing up, or for a d4 the
    /// one it lies on.
    pub fn reading(&self, rot: Quat) -> usize {
        let key = |f: &Vec3| {
            let y = (rot * *f).y;
            if self.sides == 4 { -y } else { y }
        };
        (0..self.faces.len())
            .max_by(|a, b| key(&self.faces[*a]).total_cmp(&key(&self.faces[*b])))
            .unwrap_or(0)
    }

    /// Whether `s` maps the die's corners onto its corners (a symmetry of its shape).
    fn is_symmetry(&self, s: Quat) -> bool {
        let tol = self.corners[0].length() * 0.02;
        self.corners.iter().all(|c| {
            let m = s * *c;
            self.corners.iter().any(|d| d.distance(m) < tol)
        })
    }

    /// The turns of the die onto itself: each takes two of its corners onto two others that
    /// stand alike, and keeps every corner on a corner.
    pub fn symmetries(&self) -> Vec<Quat> {
        let c = &self.corners;
        let p0 = c[0];
        let Some(p1) = c[1..]
            .iter()
            .copied()
            .find(|p| p.cross(p0).length() > 1e-3 * p0.length_squared())
        else {
            return vec![Quat::IDENTITY];
        };
        let frame = |a: Vec3, b: Vec3| {
            let e1 = a.normalize();
            let e2 = (b - e1 * b.dot(e1)).normalize();
            Mat3::from_cols(e1, e2, e1.cross(e2))
        };
        let from = frame(p0, p1);
        let tol = p0.length_squared() * 1e-3;
        let mut out: Vec<Quat> = Vec::new();
        for q0 in c {
            if (q0.length_squared() - p0.length_squared()).abs() > tol {
                continue;
            }
            for q1 in c {
                if (q1.length_squared() - p1.length_squared()).abs() > tol
                    || (q0.dot(*q1) - p0.dot(p1)).abs() > tol
                {
                    continue;
                }
                let r = Quat::from_mat3(&(frame(*q0, *q1) * from.transpose())).normalize();
                if self.is_symmetry(r) && !out.iter().any(|s| s.dot(r).abs() > 0.9999) {
                    out.push(r);
                }
            }
        }
        out
    }

    /// A turn of the die onto itself that brings face `from` where face `to` is: drawn turned
    /// by it, the die shows `from`'s number where `to` lands.
    pub fn symmetry(&self, from: usize, to: usize) -> Option<Quat> {
        let (a, b) = (self.faces[from], self.faces[to]);
        self.symmetries()
            .into_iter()
            .find(|s| (*s * a).distance(b) < 1e-3)
    }
}

/// One die's throw: its pose at each recorded step, and the turn its faces are drawn with.
#[derive(Debug, Clone)]
pub struct Throw {
    pub sides: u32,
    pub value: u32,
    pub path: Vec<(Vec3, Quat)>,
    /// The face that landed (before the renumbering).
    pub landed: usize,
    /// The turn of the die's mesh on its body.
    pub turn: Quat,
}

/// The tray's inside, in inches: width, depth and wall height.
pub const TRAY: (f32, f32, f32) = (7.0, 5.0, 2.0);

/// A die's size across, in inches.
pub const DIE: f32 = 0.9;

/// The physics steps a second, and the most recorded.
pub const HZ: f32 = 60.0;
const MAX_STEPS: usize = 360;

/// A small generator for the throw's own randomness (never the game's dice).
struct Mix(u64);

impl Mix {
    fn next(&mut self) -> f32 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        ((z ^ (z >> 31)) >> 40) as f32 / (1u64 << 24) as f32
    }
    fn range(&mut self, lo: f32, hi: f32) -> f32 {
        lo + (hi - lo) * self.next()
    }
}

fn v(p: Vec3) -> Vector {
    Vector::new(p.x, p.y, p.z)
}

/// Throws `dice` (sides, value rolled) into the tray with the throw's own `seed`; each die
/// lands showing its value. Dice of unknown kinds are left out.
pub fn throw(dice: &[(u32, u32)], seed: u64) -> Vec<Throw> {
    let mut mix = Mix(seed);
    let mut world = PhysicsWorld::new();
    world.gravity = Vector::new(0.0, -386.0, 0.0);
    let (w, d, h) = TRAY;
    let floor = world.insert_body(RigidBodyBuilder::fixed());
    for (half, at) in [
        (Vec3::new(w / 2.0, 0.5, d / 2.0), Vec3::new(0.0, -0.5, 0.0)),
        (
            Vec3::new(0.5, h, d / 2.0),
            Vec3::new(-w / 2.0 - 0.5, h, 0.0),
        ),
        (Vec3::new(0.5, h, d / 2.0), Vec3::new(w / 2.0 + 0.5, h, 0.0)),
        (
            Vec3::new(w / 2.0, h, 0.5),
            Vec3::new(0.0, h, -d / 2.0 - 0.5),
        ),
        (Vec3::new(w / 2.0, h, 0.5), Vec3::new(0.0, h, d / 2.0 + 0.5)),
    ] {
        world.insert_collider(
            ColliderBuilder::cuboid(half.x, half.y, half.z)
                .translation(v(at))
                .friction(0.6)
                .restitution(0.3),
            Some(floor),
        );
    }
    let mut bodies = Vec::new();
    for (i, &(sides, value)) in dice.iter().enumerate() {
        let Some(shape) = Shape::new(sides, DIE) else {
            continue;
        };
        let pts: Vec<Vector> = shape.corners.iter().map(|c| v(*c)).collect();
        let Some(collider) = ColliderBuilder::convex_hull(&pts) else {
            continue;
        };
        // Five to a row, the rows stacked in the air so that no two dice start touching.
        let (col, row) = ((i % 5) as f32, (i / 5) as f32);
        let x = -w / 2.0 + 0.8 + col * 1.1;
        let z = -d / 2.0 + 0.8 + (row % 4.0) * 1.0;
        let axis = Vec3::new(
            mix.range(-1.0, 1.0),
            mix.range(-1.0, 1.0),
            mix.range(-1.0, 1.0),
        );
        let body = RigidBodyBuilder::dynamic()
            .translation(Vector::new(x, 1.5 + row * 1.3 + mix.range(0.0, 0.2), z))
            .rotation(v(axis.normalize_or(Vec3::X) * mix.range(0.0, 3.0)))
            .linvel(Vector::new(
                mix.range(8.0, 20.0),
                mix.range(-2.0, 2.0),
                mix.range(2.0, 12.0),
            ))
            .angvel(Vector::new(
                mix.range(-20.0, 20.0),
                mix.range(-20.0, 20.0),
                mix.range(-20.0, 20.0),
            ))
            .ccd_enabled(true);
        let (handle, _) = world.insert(body, collider.friction(0.5).restitution(0.35).density(1.0));
        bodies.push((handle, shape, value, Vec::new()));
    }
    for _ in 0..MAX_STEPS {
        world.step();
        let mut asleep = true;
        for (handle, _, _, path) in &mut bodies {
            let b = &world.bodies[*handle];
            let t = b.translation();
            let r = b.rotation();
            path.push((
                Vec3::new(t.x, t.y, t.z),
                Quat::from_xyzw(r.x, r.y, r.z, r.w),
            ));
            asleep &= b.is_sleeping() || (b.linvel().length() < 0.05 && b.angvel().length() < 0.05);
        }
        if asleep {
            break;
        }
    }
    bodies
        .into_iter()
        .map(|(_, shape, value, path)| {
            let rest = path.last().map_or(Quat::IDENTITY, |p| p.1);
            let landed = shape.reading(rest);
            let want = (value.clamp(1, shape.sides) - 1) as usize;
            let turn = shape.symmetry(want, landed).unwrap_or(Quat::IDENTITY);
            Throw {
                sides: shape.sides,
                value,
                path,
                landed,
                turn,
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_die_has_its_faces_apart_and_turns_any_face_onto_any_other() {
        for sides in [4, 6, 8, 10, 12, 20] {
            let s = Shape::new(sides, 1.0).unwrap();
            assert_eq!(s.faces.len(), sides as usize);
            let group = s.symmetries().len();
            assert_eq!(
                group,
                [(4, 12), (6, 24), (8, 24), (10, 10), (12, 60), (20, 60)]
                    .iter()
                    .find(|(n, _)| *n == sides)
                    .unwrap()
                    .1,
                "d{sides}: turns onto itself"
            );
            for (i, a) in s.faces.iter().enumerate() {
                for b in &s.faces[i + 1..] {
                    assert!(a.distance(*b) > 0.1, "d{sides}: two faces alike");
                }
            }
            for from in 0..s.faces.len() {
                for to in 0..s.faces.len() {
                    let t = s
                        .symmetry(from, to)
                        .unwrap_or_else(|| panic!("d{sides} {from}->{to}"));
                    assert!((t * s.faces[from]).distance(s.faces[to]) < 1e-3);
                }
            }
        }
        assert!(Shape::new(7, 1.0).is_none());
    }

    /// Each face direction points through the middle of a face of the hull: the corners
    /// nearest it all lie at the same distance along it (a face of the hull), and every other
    /// corner lies below that face.
    #[test]
    fn faces_point_through_the_faces_of_the_hull() {
        for sides in [4, 6, 8, 12, 20] {
            let s = Shape::new(sides, 1.0).unwrap();
            for f in &s.faces {
                let top = s.corners.iter().map(|c| c.dot(*f)).fold(f32::MIN, f32::max);
                let on: usize = s
                    .corners
                    .iter()
                    .filter(|c| (c.dot(*f) - top).abs() < 1e-3)
                    .count();
                assert!(on >= 3, "d{sides}: face {f} touches {on} corners");
            }
        }
    }

    #[test]
    fn reading_is_the_face_up_or_for_a_d4_the_face_down() {
        let d6 = Shape::new(6, 1.0).unwrap();
        assert_eq!(d6.reading(Quat::IDENTITY), 1, "+Y shows 2");
        assert_eq!(
            d6.reading(Quat::from_rotation_z(std::f32::consts::FRAC_PI_2)),
            0
        );
        let d4 = Shape::new(4, 1.0).unwrap();
        let down = d4.reading(Quat::IDENTITY);
        assert!(d4.faces[down].y < 0.0);
    }
}

#[cfg(test)]
mod throws {
    use super::*;

    /// Over many throws, every die of every kind comes to rest in the tray showing the value
    /// rolled, each face value in turn (the renumbering, never the physics, decides it).
    #[test]
    fn every_face_value_lands_up_over_many_seeds() {
        let (w, d, _) = TRAY;
        let mut renumbered = 0;
        for sides in [4u32, 6, 8, 10, 12, 20] {
            let dice: Vec<(u32, u32)> = (1..=sides).map(|v| (sides, v)).collect();
            for seed in 0..40u64 {
                let throws = throw(&dice, seed * 7919 + u64::from(sides));
                assert_eq!(throws.len(), dice.len());
                let shape = Shape::new(sides, DIE).unwrap();
                for t in &throws {
                    let (at, rest) = *t.path.last().unwrap();
                    assert!(
                        at.x.abs() < w / 2.0 && at.z.abs() < d / 2.0,
                        "d{sides} left the tray: {at}"
                    );
                    // On the felt, or on another die in a crowded tray.
                    assert!(
                        at.y > 0.0 && at.y < 2.0 * DIE,
                        "d{sides} not in the tray: {at}"
                    );
                    assert_eq!(
                        shape.reading(rest * t.turn),
                        (t.value - 1) as usize,
                        "d{sides} seed {seed}: shows another face than {}",
                        t.value
                    );
                }
                renumbered += throws
                    .iter()
                    .filter(|t| t.landed != (t.value - 1) as usize)
                    .count();
            }
        }
        // The physics alone would mostly have shown another face: the renumbering did the work.
        assert!(renumbered > 1500, "{renumbered}");
    }
}
