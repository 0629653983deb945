//! Writing a [`PackMesh`] as a `.glb`: one node, one mesh, one primitive per part, each part's
//! colour a material (named `side` when the part takes the side's colour). The JSON is written
//! with serde_json, the chunks padded to 4 bytes as the binary glTF format asks.

use super::mesh::PackMesh;
use serde_json::json;

fn push_f32s(bin: &mut Vec<u8>, v: &[[f32; 3]]) {
    for p in v {
        for c in p {
            bin.extend_from_slice(&c.to_le_bytes());
        }
    }
}

/// The `.glb` bytes of `mesh` (a mesh with no [`PackMesh::problem`]).
pub fn write_glb(mesh: &PackMesh) -> Vec<u8> {
    let mut bin = Vec::new();
    push_f32s(&mut bin, &mesh.positions);
    let normals_at = bin.len();
    push_f32s(&mut bin, &mesh.normals);
    let indices_at = bin.len();
    for i in &mesh.indices {
        bin.extend_from_slice(&i.to_le_bytes());
    }
    let n = mesh.positions.len();
    let (mut min, mut max) = ([f32::MAX; 3], [f32::MIN; 3]);
    for p in &mesh.positions {
        for k in 0..3 {
            min[k] = min[k].min(p[k]);
            max[k] = max[k].max(p[k]);
        }
    }
    if n == 0 {
        (min, max) = ([0.0; 3], [0.0; 3]);
    }
    let mut accessors = vec![
        json!({"bufferView": 0, "componentType": 5126, "count": n, "type": "VEC3",
               "min": min, "max": max}),
        json!({"bufferView": 1, "componentType": 5126, "count": n, "type": "VEC3"}),
    ];
    let mut materials = Vec::new();
    let mut primitives = Vec::new();
    for (k, p) in mesh.parts.iter().enumerate() {
        accessors.push(json!({"bufferView": 2, "byteOffset": p.first as usize * 4,
            "componentType": 5125, "count": p.count, "type": "SCALAR"}));
        let mut mat = json!({"pbrMetallicRoughness": {"baseColorFactor": p.color,
            "metallicFactor": 0.0, "roughnessFactor": 0.8}});
        if p.side {
            mat["name"] = json!("side");
        }
        materials.push(mat);
        primitives.push(json!({"attributes": {"POSITION": 0, "NORMAL": 1},
            "indices": 2 + k, "material": k, "mode": 4}));
    }
    let root = json!({
        "asset": {"version": "2.0", "generator": "wartable"},
        "scene": 0,
        "scenes": [{"nodes": [0]}],
        "nodes": [{"mesh": 0}],
        "meshes": [{"primitives": primitives}],
        "materials": materials,
        "buffers": [{"byteLength": bin.len()}],
        "bufferViews": [
            {"buffer": 0, "byteOffset": 0, "byteLength": normals_at, "target": 34962},
            {"buffer": 0, "byteOffset": normals_at, "byteLength": indices_at - normals_at, "target": 34962},
            {"buffer": 0, "byteOffset": indices_at, "byteLength": bin.len() - indices_at, "target": 34963},
        ],
        "accessors": accessors,
    });
    let mut json = serde_json::to_vec(&root).unwrap_or_default();
    while json.len() % 4 != 0 {
        json.push(b' ');
    }
    while bin.len() % 4 != 0 {
        bin.push(0);
    }
    let total = 12 + 8 + json.len() + 8 + bin.len();
    let mut out = Vec::with_capacity(total);
    out.extend_from_slice(b"glTF");
    out.extend_from_slice(&2u32.to_le_bytes());
    out.extend_from_slice(&(total as u32).to_le_bytes());
    out.extend_from_slice(&(json.len() as u32).to_le_bytes());
    out.extend_from_slice(b"JSON");
    out.extend_from_slice(&json);
    out.extend_from_slice(&(bin.len() as u32).to_le_bytes());
    out.extend_from_slice(b"BIN\0");
    out.extend_from_slice(&bin);
    out
}
