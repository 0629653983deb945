//! Surface detail generated in code: grey detail maps (a mat's flock, deck plates, sand ripples,
//! pebbles, bricks, planks, cracked stone, bone streaks, leaves) that tile seamlessly and are
//! tinted by each material's colour; and texture coordinates in inches, so that detail keeps its
//! size on every tile and piece.

use bevy::asset::RenderAssetUsages;
use bevy::image::{ImageAddressMode, ImageSampler, ImageSamplerDescriptor};
use bevy::prelude::*;
use bevy::render::render_resource::{Extent3d, TextureDimension, TextureFormat};

/// The detail maps.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Detail {
    Flock,
    Plates,
    Ripples,
    Pebbles,
    Bricks,
    Planks,
    Cracks,
    Streaks,
    Leaves,
}

impl Detail {
    pub const ALL: [Detail; 9] = [
        Detail::Flock,
        Detail::Plates,
        Detail::Ripples,
        Detail::Pebbles,
        Detail::Bricks,
        Detail::Planks,
        Detail::Cracks,
        Detail::Streaks,
        Detail::Leaves,
    ];

    /// Inches of table one repeat of the map covers.
    pub fn inches(self) -> f32 {
        match self {
            Detail::Flock => 6.0,
            Detail::Plates => 4.0,
            Detail::Ripples => 5.0,
            Detail::Pebbles => 3.0,
            Detail::Bricks => 2.5,
            Detail::Planks => 2.0,
            Detail::Cracks => 4.0,
            Detail::Streaks => 2.0,
            Detail::Leaves => 2.0,
        }
    }

    /// The map's brightness (0..1) at `(u, v)` in `[0, 1)`.
    pub fn value(self, u: f32, v: f32) -> f32 {
        match self {
            Detail::Flock => {
                let n = fbm(u, v, 8, 4, 1);
                let speck = hash2((u * 256.0) as i32, (v * 256.0) as i32, 7);
                0.78 + 0.2 * n + if speck > 0.93 { 0.12 } else { 0.0 }
            }
            Detail::Plates => {
                // Two plates across, seams dark, rivets at the corners, wear.
                let (fu, fv) = ((u * 2.0).fract(), (v * 2.0).fract());
                let edge = fu.min(1.0 - fu).min(fv).min(1.0 - fv);
                let seam = if edge < 0.012 { 0.45 } else { 1.0 };
                let rivet = [(0.06, 0.06), (0.94, 0.06), (0.06, 0.94), (0.94, 0.94)]
                    .iter()
                    .any(|(a, b)| (fu - a).hypot(fv - b) < 0.018);
                let tread = if ((fu + fv) * 40.0).sin() > 0.92 && edge > 0.05 {
                    0.94
                } else {
                    1.0
                };
                (0.8 + 0.15 * fbm(u, v, 4, 3, 2)) * seam * tread * if rivet { 1.2 } else { 1.0 }
            }
            Detail::Ripples => {
                let n = fbm(u, v, 4, 3, 3);
                let w = ((v * 6.0 + n * 1.5) * std::f32::consts::TAU).sin();
                0.82 + 0.1 * w + 0.08 * n
            }
            Detail::Pebbles => {
                let n = fbm(u, v, 8, 3, 4);
                let cell = worley(u, v, 10, 5);
                let stone = if cell < 0.28 {
                    0.12 * (1.0 - cell / 0.28)
                } else {
                    -0.06
                };
                0.74 + 0.18 * n + stone
            }
            Detail::Bricks => {
                let rows = 6.0;
                let r = (v * rows).floor();
                let shift = if r as i32 % 2 == 0 { 0.0 } else { 0.5 };
                let fu = (u * 3.0 + shift).fract();
                let fv = (v * rows).fract();
                let mortar = fu < 0.04 || fv < 0.08;
                let tone = hash2(((u * 3.0 + shift).floor()) as i32, r as i32, 6);
                if mortar {
                    0.55
                } else {
                    0.78 + 0.12 * tone + 0.1 * fbm(u, v, 8, 2, 6)
                }
            }
            Detail::Planks => {
                let fu = (u * 4.0).fract();
                let grain = ((v * 30.0 + fbm(u, v, 4, 2, 7) * 4.0) * std::f32::consts::TAU).sin();
                if fu < 0.04 {
                    0.5
                } else {
                    0.8 + 0.08 * grain + 0.1 * hash2((u * 4.0) as i32, 0, 8)
                }
            }
            Detail::Cracks => {
                let n = fbm(u, v, 4, 4, 9);
                let crack = (worley_edge(u, v, 6, 10) < 0.02) as u8 as f32;
                0.8 + 0.16 * n - 0.35 * crack
            }
            Detail::Streaks => {
                let n = fbm(u, v, 4, 3, 11);
                0.85 + 0.1 * ((u * 3.0 + n * 0.5) * std::f32::consts::TAU).sin() + 0.05 * n
            }
            Detail::Leaves => {
                let c = worley(u, v, 12, 12);
                let n = fbm(u, v, 8, 3, 13);
                0.65 + 0.3 * (1.0 - c).powi(2) + 0.1 * n
            }
        }
    }

    /// The map as an image that repeats.
    pub fn image(self, size: u32) -> Image {
        let mut data = Vec::with_capacity((size * size * 4) as usize);
        for y in 0..size {
            for x in 0..size {
                let g = self.value(x as f32 / size as f32, y as f32 / size as f32);
                let b = (g.clamp(0.0, 1.0) * 255.0) as u8;
                data.extend([b, b, b, 255]);
            }
        }
        let mut img = Image::new(
            Extent3d {
                width: size,
                height: size,
                depth_or_array_layers: 1,
            },
            TextureDimension::D2,
            data,
            TextureFormat::Rgba8UnormSrgb,
            RenderAssetUsages::RENDER_WORLD,
        );
        img.sampler = ImageSampler::Descriptor(ImageSamplerDescriptor {
            address_mode_u: ImageAddressMode::Repeat,
            address_mode_v: ImageAddressMode::Repeat,
            ..ImageSamplerDescriptor::linear()
        });
        img
    }
}

/// The detail maps, made once at start-up.
#[derive(Resource, Debug, Clone)]
pub struct DetailMaps(pub Vec<(Detail, Handle<Image>)>);

impl DetailMaps {
    pub fn get(&self, d: Detail) -> Handle<Image> {
        self.0
            .iter()
            .find(|(k, _)| *k == d)
            .map(|(_, h)| h.clone())
            .unwrap_or_default()
    }

    pub fn make(images: &mut Assets<Image>) -> Self {
        Self(
            Detail::ALL
                .iter()
                .map(|d| (*d, images.add(d.image(128))))
                .collect(),
        )
    }
}

/// A material of colour `c` with detail `d`, its texture coordinates in inches.
pub fn detailed(maps: &DetailMaps, d: Detail, c: Color, rough: f32) -> StandardMaterial {
    StandardMaterial {
        base_color: c,
        base_color_texture: Some(maps.get(d)),
        perceptual_roughness: rough,
        uv_transform: bevy::math::Affine2::from_scale(Vec2::splat(1.0 / d.inches())),
        ..default()
    }
}

/// Sets `mesh`'s texture coordinates to its positions in inches (shifted by `offset`), each
/// face projected along its normal's main axis: the same detail size on every face.
pub fn inch_uvs(mut mesh: Mesh, offset: Vec3) -> Mesh {
    let (Some(pos), Some(nrm)) = (
        mesh.attribute(Mesh::ATTRIBUTE_POSITION)
            .and_then(|a| a.as_float3()),
        mesh.attribute(Mesh::ATTRIBUTE_NORMAL)
            .and_then(|a| a.as_float3()),
    ) else {
        return mesh;
    };
    let uvs: Vec<[f32; 2]> = pos
        .iter()
        .zip(nrm)
        .map(|(p, n)| {
            let p = Vec3::from(*p) + offset;
            let n = Vec3::from(*n).abs();
            if n.y >= n.x && n.y >= n.z {
                [p.x, p.z]
            } else if n.x >= n.z {
                [p.z, -p.y]
            } else {
                [p.x, -p.y]
            }
        })
        .collect();
    mesh.insert_attribute(Mesh::ATTRIBUTE_UV_0, uvs);
    mesh
}

/// A fixed number in `[0, 1)` for a cell `(x, y)` and a purpose `seed`.
pub fn hash2(x: i32, y: i32, seed: u32) -> f32 {
    let mut h = (x as u32).wrapping_mul(0x8da6_b343)
        ^ (y as u32).wrapping_mul(0xd816_3841)
        ^ seed.wrapping_mul(0xcb1a_b31f);
    h ^= h >> 13;
    h = h.wrapping_mul(0x5bd1_e995);
    h ^= h >> 15;
    (h & 0x00ff_ffff) as f32 / 16_777_216.0
}

/// Value noise that repeats every `period` cells over `[0, 1)`.
fn value_noise(u: f32, v: f32, period: i32, seed: u32) -> f32 {
    let (x, y) = (u * period as f32, v * period as f32);
    let (x0, y0) = (x.floor() as i32, y.floor() as i32);
    let (fx, fy) = (x - x0 as f32, y - y0 as f32);
    let s = |t: f32| t * t * (3.0 - 2.0 * t);
    let at = |i: i32, j: i32| hash2(i.rem_euclid(period), j.rem_euclid(period), seed);
    let a = at(x0, y0) + (at(x0 + 1, y0) - at(x0, y0)) * s(fx);
    let b = at(x0, y0 + 1) + (at(x0 + 1, y0 + 1) - at(x0, y0 + 1)) * s(fx);
    a + (b - a) * s(fy)
}

/// Octaves of value noise, each twice as fine: -0.5..0.5 about.
fn fbm(u: f32, v: f32, period: i32, octaves: u32, seed: u32) -> f32 {
    let (mut sum, mut amp, mut p) = (0.0, 0.5, period);
    for o in 0..octaves {
        sum += amp * (value_noise(u, v, p, seed + o) - 0.5);
        amp *= 0.5;
        p *= 2;
    }
    sum * 2.0
}

/// Distances to the nearest and second-nearest of one jittered point per cell, repeating.
fn worley2(u: f32, v: f32, period: i32, seed: u32) -> (f32, f32) {
    let (x, y) = (u * period as f32, v * period as f32);
    let (cx, cy) = (x.floor() as i32, y.floor() as i32);
    let (mut d1, mut d2) = (f32::MAX, f32::MAX);
    for j in -1..=1 {
        for i in -1..=1 {
            let (gx, gy) = (cx + i, cy + j);
            let (wx, wy) = (gx.rem_euclid(period), gy.rem_euclid(period));
            let px = gx as f32 + hash2(wx, wy, seed);
            let py = gy as f32 + hash2(wx, wy, seed + 101);
            let d = (px - x).hypot(py - y);
            if d < d1 {
                d2 = d1;
                d1 = d;
            } else if d < d2 {
                d2 = d;
            }
        }
    }
    (d1, d2)
}

fn worley(u: f32, v: f32, period: i32, seed: u32) -> f32 {
    worley2(u, v, period, seed).0
}

/// How near a point is to the border between two cells (cracks).
fn worley_edge(u: f32, v: f32, period: i32, seed: u32) -> f32 {
    let (a, b) = worley2(u, v, period, seed);
    (b - a) / period as f32
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Summed differences of neighbouring pixels across the wrap-around edges, and across a
    /// line through the middle.
    fn seam_and_inside(f: impl Fn(f32, f32) -> f32) -> (f32, f32) {
        let n = 128;
        let px = 1.0 / n as f32;
        let (mut seam, mut inside) = (0.0, 0.0);
        for i in 0..n {
            let t = i as f32 * px;
            seam += (f(0.0, t) - f(1.0 - px, t)).abs() + (f(t, 0.0) - f(t, 1.0 - px)).abs();
            inside += (f(0.5, t) - f(0.5 - px, t)).abs() + (f(t, 0.5) - f(t, 0.5 - px)).abs();
        }
        (seam, inside)
    }

    /// Each map repeats: across its wrap-around edges, neighbouring pixels differ no more than
    /// they do inside the map, so tiles show no seams.
    #[test]
    fn maps_tile_without_seams() {
        for d in Detail::ALL {
            let (seam, inside) = seam_and_inside(|u, v| d.value(u, v));
            assert!(
                seam <= inside * 2.0 + 0.5,
                "{d:?}: seam {seam} inside {inside}"
            );
        }
        // A map that does not repeat fails the same check.
        let (seam, inside) = seam_and_inside(|u, v| 0.5 * u + 0.4 * v);
        assert!(
            seam > inside * 2.0 + 0.5,
            "ramp: seam {seam} inside {inside}"
        );
    }

    #[test]
    fn maps_stay_in_range_and_are_not_flat() {
        for d in Detail::ALL {
            let img = d.image(32);
            let data = img.data.as_ref().unwrap();
            let grey: Vec<u8> = data.chunks(4).map(|p| p[0]).collect();
            let (lo, hi) = (grey.iter().min().unwrap(), grey.iter().max().unwrap());
            assert!(hi - lo > 20, "{d:?}: {lo}..{hi}");
            assert!(*lo > 40, "{d:?}: too dark {lo}");
        }
    }

    #[test]
    fn inch_uvs_follow_each_face() {
        let mesh = inch_uvs(Cuboid::new(4.0, 2.0, 6.0).into(), Vec3::new(10.0, 0.0, 0.0));
        let uv = mesh.attribute(Mesh::ATTRIBUTE_UV_0).unwrap();
        let bevy::mesh::VertexAttributeValues::Float32x2(uv) = uv else {
            panic!("uvs")
        };
        let pos = mesh
            .attribute(Mesh::ATTRIBUTE_POSITION)
            .unwrap()
            .as_float3()
            .unwrap();
        let nrm = mesh
            .attribute(Mesh::ATTRIBUTE_NORMAL)
            .unwrap()
            .as_float3()
            .unwrap();
        let mut faces = [0; 3];
        for ((p, n), t) in pos.iter().zip(nrm).zip(uv) {
            let want = if n[1].abs() > 0.9 {
                faces[1] += 1;
                [p[0] + 10.0, p[2]]
            } else if n[0].abs() > 0.9 {
                faces[0] += 1;
                [p[2], -p[1]]
            } else {
                faces[2] += 1;
                [p[0] + 10.0, -p[1]]
            };
            assert_eq!(*t, want, "{p:?} {n:?}");
        }
        assert_eq!(faces, [8, 8, 8]);
    }
}
