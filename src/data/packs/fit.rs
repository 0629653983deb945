//! Placing a model: turned from its file's axes into the project's (y up, front +x, as the
//! built-in figures face), then fitted: a miniature to its base (its footprint inside the base's
//! circle, its height the height the rules use, unless the pack gives a scale), standing on
//! y = 0 and centred on the base; a terrain model stretched into its piece's box.

use super::manifest::ModelEntry;
use super::mesh::{Bounds, PackMesh, rotation, then};

/// The axes a file's model is drawn in.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FileAxes {
    /// glTF: y up, the front facing +z.
    YUpFrontZ,
    /// STL (3D printing): z up, the front facing -y.
    ZUpFrontMinusY,
}

/// The matrix that turns a model read in `axes`, after the entry's `rotation` (degrees about x,
/// then y, then z, in glTF's axes), into the project's axes: y up, the front facing +x.
pub fn orientation(axes: FileAxes, rotation_deg: (f32, f32, f32)) -> [[f32; 3]; 3] {
    let to_gltf = match axes {
        FileAxes::YUpFrontZ => rotation(0, 0.0),
        // (x, y, z) -> (x, z, -y): z up becomes y up, -y (the front) becomes +z.
        FileAxes::ZUpFrontMinusY => rotation(0, -90.0),
    };
    let (rx, ry, rz) = rotation_deg;
    let own = then(&then(&rotation(0, rx), &rotation(1, ry)), &rotation(2, rz));
    // glTF's front +z turned to +x: 90 degrees about y.
    then(&then(&to_gltf, &own), &rotation(1, 90.0))
}

/// Turns `mesh` (read in `axes`) by the entry's rotation into the project's axes.
pub fn orient(mesh: &mut PackMesh, axes: FileAxes, rotation_deg: (f32, f32, f32)) {
    mesh.transform(&orientation(axes, rotation_deg), [0.0; 3]);
}

/// Where a fitted model goes: each vertex `v` of the oriented mesh is drawn at
/// `translation + scale * v` (per axis), in the frame of the base's top centre (a miniature,
/// facing +x) or of the piece's footprint centre at its underside (terrain: x along its width,
/// z along its depth). As a Bevy transform: `Transform::from_translation(translation)
/// .with_scale(scale)`.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Fit {
    pub scale: [f32; 3],
    pub translation: [f32; 3],
}

impl Fit {
    /// `p` placed.
    pub fn apply(&self, p: [f32; 3]) -> [f32; 3] {
        [
            self.translation[0] + self.scale[0] * p[0],
            self.translation[1] + self.scale[1] * p[1],
            self.translation[2] + self.scale[2] * p[2],
        ]
    }

    /// A copy of `mesh` placed (normals turned for a stretch).
    pub fn applied(&self, mesh: &PackMesh) -> PackMesh {
        let mut m = mesh.clone();
        let s = self.scale;
        m.transform(
            &[[s[0], 0.0, 0.0], [0.0, s[1], 0.0], [0.0, 0.0, s[2]]],
            [0.0; 3],
        );
        // Normals of a stretched mesh turn by the inverse scale.
        for (n, o) in m.normals.iter_mut().zip(&mesh.normals) {
            *n = super::mesh::normalize([o[0] / s[0], o[1] / s[1], o[2] / s[2]]);
        }
        for p in &mut m.positions {
            for k in 0..3 {
                p[k] += self.translation[k];
            }
        }
        m
    }
}

/// How far the mesh reaches from the vertical axis through `(cx, cz)`.
fn reach(mesh: &PackMesh, cx: f32, cz: f32) -> f32 {
    mesh.indices
        .iter()
        .filter_map(|&i| mesh.positions.get(i as usize))
        .map(|p| ((p[0] - cx).powi(2) + (p[2] - cz).powi(2)).sqrt())
        .fold(0.0, f32::max)
}

/// Fits an oriented miniature to a base `base_diameter` across and a body `height` tall (both
/// in inches, as the rules measure them): one scale for all axes, the smaller of the one that
/// keeps the footprint inside the base's circle and the one that makes the model `height`
/// tall, or the entry's own scale; then standing on y = 0, centred on the base, and moved by
/// the entry's offset. `None` for a mesh without triangles or of no size.
pub fn fit_miniature(
    mesh: &PackMesh,
    base_diameter: f32,
    height: f32,
    entry: &ModelEntry,
) -> Option<Fit> {
    let b = mesh.bounds()?;
    let [cx, _, cz] = b.centre();
    let s = match entry.scale {
        Some(s) => s,
        None => {
            let r = reach(mesh, cx, cz);
            let tall = b.size()[1];
            let by_base = if r > 0.0 {
                base_diameter / 2.0 / r
            } else {
                f32::INFINITY
            };
            let by_height = if tall > 0.0 {
                height / tall
            } else {
                f32::INFINITY
            };
            by_base.min(by_height)
        }
    };
    if !(s.is_finite() && s > 0.0) {
        return None;
    }
    let (ox, oy, oz) = entry.offset;
    Some(Fit {
        scale: [s; 3],
        translation: [-s * cx + ox, -s * b.min[1] + oy, -s * cz + oz],
    })
}

/// Fits an oriented terrain model into a piece's box, `size` = (width, depth, height) in
/// inches: stretched to fill it (x to the width, z to the depth, y to the height), standing on
/// y = 0 and centred on the footprint, or with the entry's scale on every axis; then moved by
/// the entry's offset. `None` for a mesh without triangles.
pub fn fit_terrain(mesh: &PackMesh, size: (f32, f32, f32), entry: &ModelEntry) -> Option<Fit> {
    let b: Bounds = mesh.bounds()?;
    let [sx, sy, sz] = b.size();
    let (w, d, h) = size;
    let per = |want: f32, have: f32| if have > 1e-9 { want / have } else { 1.0 };
    let scale = match entry.scale {
        Some(s) => [s; 3],
        None => [per(w, sx), per(h, sy), per(d, sz)],
    };
    if !scale.iter().all(|s| s.is_finite() && *s > 0.0) {
        return None;
    }
    let [cx, _, cz] = b.centre();
    let (ox, oy, oz) = entry.offset;
    Some(Fit {
        scale,
        translation: [
            -scale[0] * cx + ox,
            -scale[1] * b.min[1] + oy,
            -scale[2] * cz + oz,
        ],
    })
}
