//! A pack model's mesh (plain vectors, from `data::packs`) as Bevy meshes: one mesh per colour
//! or glTF material the model is painted with (its parts merged, unused vertices dropped, the
//! texture coordinates kept), so that every figure of a unit type shares the same few mesh
//! handles and batches.

use crate::data::packs::{PackMesh, Paint};
use bevy::asset::RenderAssetUsages;
use bevy::mesh::{Indices, PrimitiveTopology};
use bevy::prelude::*;
use std::collections::HashMap;

/// What colour a part of a pack model is painted.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Tint {
    /// The side's colour.
    Side,
    /// A fixed colour, linear RGBA as bits (so that it can key a material).
    Linear([u32; 4]),
    /// The glTF file's own material `material` (its textures, as Bevy's glTF loader makes
    /// it), and the material's base colour (linear RGBA bits) until that has loaded.
    File { material: u32, color: [u32; 4] },
}

impl Tint {
    fn bits(c: [f32; 4]) -> [u32; 4] {
        c.map(|x| {
            if x.is_finite() {
                x.clamp(0.0, 1.0)
            } else {
                1.0
            }
            .to_bits()
        })
    }
    fn linear(c: [f32; 4]) -> Tint {
        Tint::Linear(Self::bits(c))
    }
    /// The flat colour that stands for this tint (a file's material: its base colour).
    pub fn flat(self) -> Tint {
        match self {
            Tint::File { color, .. } => Tint::Linear(color),
            t => t,
        }
    }
    /// The colour, for the side `side` (whose colour `side_color` gives).
    pub fn color(self, side_color: Color) -> Color {
        match self {
            Tint::Side => side_color,
            Tint::Linear(b) | Tint::File { color: b, .. } => {
                let [r, g, bl, a] = b.map(f32::from_bits);
                Color::LinearRgba(LinearRgba::new(r, g, bl, a))
            }
        }
    }
}

/// The tint of a part painted `paint` (`side`: the part's glTF material is named `side`;
/// `color`: the file's colour, linear RGBA; `material`: the glTF material's index).
pub fn tint_of(paint: Paint, side: bool, color: [f32; 4], material: Option<u32>) -> Tint {
    match paint {
        Paint::Side => Tint::Side,
        Paint::Color(r, g, b) => {
            let c = Color::srgb(r, g, b).to_linear();
            Tint::linear([c.red, c.green, c.blue, 1.0])
        }
        Paint::File if side => Tint::Side,
        Paint::File => match material {
            Some(material) => Tint::File {
                material,
                color: Tint::bits(color),
            },
            None => Tint::linear(color),
        },
    }
}

/// The model's meshes, one per tint, in the order the tints first appear.
pub fn bevy_meshes(mesh: &PackMesh, paint: Paint) -> Vec<(Mesh, Tint)> {
    let mut groups: Vec<(Tint, Vec<u32>)> = Vec::new();
    for part in &mesh.parts {
        let tint = tint_of(paint, part.side, part.color, part.material);
        let first = part.first as usize;
        let end = first
            .saturating_add(part.count as usize)
            .min(mesh.indices.len());
        let Some(idx) = mesh.indices.get(first.min(end)..end) else {
            continue;
        };
        match groups.iter_mut().find(|(t, _)| *t == tint) {
            Some((_, v)) => v.extend_from_slice(idx),
            None => groups.push((tint, idx.to_vec())),
        }
    }
    groups
        .into_iter()
        .filter_map(|(tint, idx)| Some((one_mesh(mesh, &idx)?, tint)))
        .collect()
}

/// The triangles `idx` of `mesh` as one Bevy mesh, holding only the vertices they use.
fn one_mesh(mesh: &PackMesh, idx: &[u32]) -> Option<Mesh> {
    let mut remap: HashMap<u32, u32> = HashMap::new();
    let (mut pos, mut nor, mut out) = (Vec::new(), Vec::new(), Vec::with_capacity(idx.len()));
    let with_uvs = !mesh.uvs.is_empty();
    let mut uv = Vec::new();
    for tri in idx.chunks_exact(3) {
        if tri.iter().any(|&i| i as usize >= mesh.positions.len()) {
            continue;
        }
        for &i in tri {
            let j = *remap.entry(i).or_insert_with(|| {
                pos.push(mesh.positions[i as usize]);
                nor.push(
                    mesh.normals
                        .get(i as usize)
                        .copied()
                        .unwrap_or([0.0, 1.0, 0.0]),
                );
                if with_uvs {
                    uv.push(mesh.uvs.get(i as usize).copied().unwrap_or([0.0; 2]));
                }
                (pos.len() - 1) as u32
            });
            out.push(j);
        }
    }
    if out.is_empty() {
        return None;
    }
    let mut m = Mesh::new(
        PrimitiveTopology::TriangleList,
        RenderAssetUsages::default(),
    )
    .with_inserted_attribute(Mesh::ATTRIBUTE_POSITION, pos)
    .with_inserted_attribute(Mesh::ATTRIBUTE_NORMAL, nor)
    .with_inserted_indices(Indices::U32(out));
    if with_uvs {
        m.insert_attribute(Mesh::ATTRIBUTE_UV_0, uv);
    }
    Some(m)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::data::packs::MeshPart;

    fn two_parts() -> PackMesh {
        PackMesh {
            positions: vec![[0.0; 3], [1.0, 0.0, 0.0], [0.0, 1.0, 0.0], [0.0, 0.0, 1.0]],
            normals: vec![[0.0, 1.0, 0.0]; 4],
            uvs: vec![[0.0, 0.0], [1.0, 0.0], [0.0, 1.0], [1.0, 1.0]],
            indices: vec![0, 1, 2, 0, 2, 3],
            parts: vec![
                MeshPart {
                    first: 0,
                    count: 3,
                    color: [1.0, 0.0, 0.0, 1.0],
                    material: Some(0),
                    side: false,
                },
                MeshPart {
                    first: 3,
                    count: 3,
                    color: [1.0; 4],
                    material: Some(1),
                    side: true,
                },
            ],
        }
    }

    #[test]
    fn one_mesh_per_colour_with_only_its_vertices() {
        let m = bevy_meshes(&two_parts(), Paint::File);
        assert_eq!(m.len(), 2);
        assert_eq!(m[1].1, Tint::Side);
        assert_eq!(m[0].0.count_vertices(), 3);
        // The file's material 0, its colour standing in until Bevy's loader has made it.
        assert!(matches!(m[0].1, Tint::File { material: 0, .. }));
        assert_eq!(
            m[0].1.color(Color::WHITE),
            Color::linear_rgba(1.0, 0.0, 0.0, 1.0)
        );
        // The texture coordinates of the vertices kept (0, 1, 2).
        let uv = m[0].0.attribute(Mesh::ATTRIBUTE_UV_0).map(|a| a.len());
        assert_eq!(uv, Some(3));
        // Wholly in the side's colour: one mesh.
        let m = bevy_meshes(&two_parts(), Paint::Side);
        assert_eq!(m.len(), 1);
        assert_eq!(m[0].0.count_vertices(), 4);
    }

    #[test]
    fn indices_out_of_range_are_dropped_not_read() {
        let mut bad = two_parts();
        bad.indices[4] = 99;
        bad.parts[1].count = 30;
        let m = bevy_meshes(&bad, Paint::File);
        assert_eq!(m.len(), 1);
    }
}
