//! The example pack's textured models and their pictures, all made here: a camouflage pattern
//! (PNG) painted on the Kämpfer's body, and wooden crates (JPEG planks) for the crate stack,
//! with the texture coordinates that lay the pictures on them.

use wartable::data::packs::{MeshPart, PackMesh};

/// A hash of a lattice point, in 0..1.
fn hash(x: i32, y: i32, seed: u32) -> f32 {
    let mut h = (x as u32).wrapping_mul(0x8da6_b343)
        ^ (y as u32).wrapping_mul(0xd816_3841)
        ^ seed.wrapping_mul(0xcb1a_b31f);
    h ^= h >> 13;
    h = h.wrapping_mul(0x5bd1_e995);
    h ^= h >> 15;
    (h & 0xffff) as f32 / 65535.0
}

/// Smooth value noise on a lattice of `cells` cells across, wrapping (the picture tiles).
fn noise(u: f32, v: f32, cells: i32, seed: u32) -> f32 {
    let (x, y) = (u * cells as f32, v * cells as f32);
    let (x0, y0) = (x.floor() as i32, y.floor() as i32);
    let (fx, fy) = (x - x0 as f32, y - y0 as f32);
    let s = |t: f32| t * t * (3.0 - 2.0 * t);
    let at = |i: i32, j: i32| hash(i.rem_euclid(cells), j.rem_euclid(cells), seed);
    let top = at(x0, y0) + (at(x0 + 1, y0) - at(x0, y0)) * s(fx);
    let bottom = at(x0, y0 + 1) + (at(x0 + 1, y0 + 1) - at(x0, y0 + 1)) * s(fx);
    top + (bottom - top) * s(fy)
}

/// The camouflage picture: four colours in blotches, `size` pixels square, RGB.
pub fn camo_rgb(size: u32) -> Vec<u8> {
    let colours: [[u8; 3]; 4] = [[86, 96, 52], [120, 110, 70], [58, 70, 40], [34, 32, 28]];
    let mut out = Vec::with_capacity((size * size * 3) as usize);
    for y in 0..size {
        for x in 0..size {
            let (u, v) = (x as f32 / size as f32, y as f32 / size as f32);
            let a = noise(u, v, 4, 1) * 0.7 + noise(u, v, 8, 2) * 0.3;
            let b = noise(u, v, 4, 3) * 0.7 + noise(u, v, 8, 4) * 0.3;
            let k = if b > 0.62 {
                3
            } else if a > 0.58 {
                1
            } else if a < 0.38 {
                2
            } else {
                0
            };
            out.extend_from_slice(&colours[k]);
        }
    }
    out
}

/// The crate's side: planks across, a darker frame and a diagonal brace, with grain.
pub fn planks_rgb(size: u32) -> Vec<u8> {
    let mut out = Vec::with_capacity((size * size * 3) as usize);
    let s = size as f32;
    for y in 0..size {
        for x in 0..size {
            let (u, v) = (x as f32 / s, y as f32 / s);
            let plank = (v * 4.0).floor();
            let grain = noise(u * 0.25, v * 4.0, 16, 7 + plank as u32);
            let mut shade = 0.78 + 0.12 * hash(plank as i32, 0, 5) + 0.12 * (grain - 0.5);
            // The gaps between the planks.
            if (v * 4.0).fract() < 0.06 {
                shade *= 0.45;
            }
            // The frame and the brace from corner to corner.
            let frame = u < 0.1 || u > 0.9 || v < 0.1 || v > 0.9;
            let brace = (u - v).abs() < 0.07;
            if frame || brace {
                shade = 0.58 + 0.08 * (grain - 0.5);
                if (u - v).abs() < 0.08 && (u - v).abs() > 0.06 && !frame {
                    shade *= 0.6;
                }
            }
            let c = [184.0 * shade, 132.0 * shade, 78.0 * shade];
            out.extend(c.map(|x| x.clamp(0.0, 255.0) as u8));
        }
    }
    out
}

/// The camouflage as PNG bytes.
pub fn camo_png() -> Result<Vec<u8>, String> {
    wartable::report::encode::png(64, 64, &camo_rgb(64))
}

/// The planks as JPEG bytes (quality 90).
pub fn planks_jpeg() -> Result<Vec<u8>, String> {
    let mut bytes = Vec::new();
    image::codecs::jpeg::JpegEncoder::new_with_quality(&mut bytes, 90)
        .encode(&planks_rgb(64), 64, 64, image::ExtendedColorType::Rgb8)
        .map_err(|e| e.to_string())?;
    Ok(bytes)
}

/// Texture coordinates for a figure (glTF axes, inches): each vertex projected on the plane
/// its normal faces most, `per_inch` repeats of the picture to the inch.
pub fn project_uvs(m: &mut PackMesh, per_inch: f32) {
    m.uvs = m
        .positions
        .iter()
        .zip(&m.normals)
        .map(|(p, n)| {
            let (ax, ay, az) = (n[0].abs(), n[1].abs(), n[2].abs());
            let (a, b) = if ay >= ax && ay >= az {
                (p[0], p[2])
            } else if ax >= az {
                (p[2], p[1])
            } else {
                (p[0], p[1])
            };
            [a * per_inch, -b * per_inch]
        })
        .collect();
}

/// A box from `lo` to `hi` (glTF axes), each face with its own four corners and the whole
/// picture on it.
fn crate_box(out: &mut PackMesh, lo: [f32; 3], hi: [f32; 3]) {
    // Each face: its normal axis and sign, and the two axes across it (u right, v up as seen
    // from outside).
    let faces: [([f32; 3], usize, usize); 6] = [
        ([1.0, 0.0, 0.0], 2, 1),
        ([-1.0, 0.0, 0.0], 2, 1),
        ([0.0, 1.0, 0.0], 0, 2),
        ([0.0, -1.0, 0.0], 0, 2),
        ([0.0, 0.0, 1.0], 0, 1),
        ([0.0, 0.0, -1.0], 0, 1),
    ];
    for (n, ua, va) in faces {
        let axis = (0..3).find(|&k| n[k] != 0.0).unwrap_or(0);
        let at = if n[axis] > 0.0 { hi[axis] } else { lo[axis] };
        let base = out.positions.len() as u32;
        for (cu, cv) in [(0.0, 0.0), (1.0, 0.0), (1.0, 1.0), (0.0, 1.0)] {
            let mut p = [0.0; 3];
            p[axis] = at;
            p[ua] = lo[ua] + (hi[ua] - lo[ua]) * cu;
            p[va] = lo[va] + (hi[va] - lo[va]) * cv;
            out.positions.push(p);
            out.normals.push(n);
            out.uvs.push([cu, 1.0 - cv]);
        }
        // Counter-clockwise seen from outside: the corners' turn (u x v) must point along n.
        let mut uxv = [0.0; 3];
        uxv[3 - ua - va] = if (ua + 1) % 3 == va { 1.0 } else { -1.0 };
        let along = uxv[axis] * n[axis] > 0.0;
        let quad = if along {
            [0, 1, 2, 0, 2, 3]
        } else {
            [0, 2, 1, 0, 3, 2]
        };
        out.indices.extend(quad.map(|i| base + i));
    }
}

/// The crate stack (two crates and one on top) in glTF's axes (y up, front +z), one part
/// whose material shows the planks.
pub fn crate_stack() -> PackMesh {
    let mut m = PackMesh::default();
    crate_box(&mut m, [-1.0, 0.0, -0.5], [0.0, 1.0, 0.5]);
    crate_box(&mut m, [0.05, 0.0, -0.45], [1.0, 0.9, 0.45]);
    crate_box(&mut m, [-0.6, 1.0, -0.4], [0.3, 1.8, 0.4]);
    m.parts = vec![MeshPart {
        first: 0,
        count: m.indices.len() as u32,
        color: [1.0; 4],
        material: None,
        side: false,
    }];
    m
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_crate_faces_point_out() {
        let m = crate_stack();
        assert!(m.problem().is_none(), "{:?}", m.problem());
        for t in m.indices.chunks_exact(3) {
            let [a, b, c] = [t[0], t[1], t[2]].map(|i| m.positions[i as usize]);
            let e1 = [b[0] - a[0], b[1] - a[1], b[2] - a[2]];
            let e2 = [c[0] - a[0], c[1] - a[1], c[2] - a[2]];
            let f = [
                e1[1] * e2[2] - e1[2] * e2[1],
                e1[2] * e2[0] - e1[0] * e2[2],
                e1[0] * e2[1] - e1[1] * e2[0],
            ];
            let n = m.normals[t[0] as usize];
            assert!(f[0] * n[0] + f[1] * n[1] + f[2] * n[2] > 0.0);
        }
    }
}
