//! Writing a [`PackMesh`] as a `.glb`: one node, one mesh, one primitive per part, each part's
//! colour a material (named `side` when the part takes the side's colour), the texture
//! coordinates when the mesh has them, and texture images (PNG or JPEG) embedded in the binary
//! chunk. The JSON is written with serde_json, the chunks padded to 4 bytes as the binary glTF
//! format asks.

use super::mesh::PackMesh;
use serde_json::json;

/// A texture to embed: the part whose material shows it as its base colour, the image's MIME
/// type (`image/png` or `image/jpeg`) and its bytes.
#[derive(Debug, Clone, Copy)]
pub struct GlbTexture<'a> {
    pub part: usize,
    pub mime: &'a str,
    pub bytes: &'a [u8],
}

fn push_f32s<const N: usize>(bin: &mut Vec<u8>, v: &[[f32; N]]) {
    for p in v {
        for c in p {
            bin.extend_from_slice(&c.to_le_bytes());
        }
    }
}

fn pad(bin: &mut Vec<u8>) {
    while bin.len() % 4 != 0 {
        bin.push(0);
    }
}

/// The `.glb` bytes of `mesh` (a mesh with no [`PackMesh::problem`]).
pub fn write_glb(mesh: &PackMesh) -> Vec<u8> {
    write_glb_textured(mesh, &[])
}

/// Each part's material slot: the part's own material index when every part has one (so that
/// a mesh read from a file and written again, as the cache of simplified meshes does, keeps
/// the file's material numbers), else one material per part.
fn material_slots(mesh: &PackMesh) -> Vec<usize> {
    let own: Option<Vec<usize>> = mesh
        .parts
        .iter()
        .map(|p| p.material.map(|m| m as usize))
        .collect();
    match own {
        Some(v) if v.iter().all(|&m| m < 4096) => v,
        _ => (0..mesh.parts.len()).collect(),
    }
}

/// The `.glb` bytes of `mesh` with `textures` embedded, each the base colour texture of its
/// part's material (the mesh needs texture coordinates for them to show).
pub fn write_glb_textured(mesh: &PackMesh, textures: &[GlbTexture]) -> Vec<u8> {
    let mut bin = Vec::new();
    push_f32s(&mut bin, &mesh.positions);
    let normals_at = bin.len();
    push_f32s(&mut bin, &mesh.normals);
    let indices_at = bin.len();
    for i in &mesh.indices {
        bin.extend_from_slice(&i.to_le_bytes());
    }
    let indices_end = bin.len();
    let with_uvs = !mesh.uvs.is_empty() && mesh.uvs.len() == mesh.positions.len();
    let mut views = vec![
        json!({"buffer": 0, "byteOffset": 0, "byteLength": normals_at, "target": 34962}),
        json!({"buffer": 0, "byteOffset": normals_at, "byteLength": indices_at - normals_at, "target": 34962}),
        json!({"buffer": 0, "byteOffset": indices_at, "byteLength": indices_end - indices_at, "target": 34963}),
    ];
    if with_uvs {
        push_f32s(&mut bin, &mesh.uvs);
        views.push(json!({"buffer": 0, "byteOffset": indices_end,
            "byteLength": bin.len() - indices_end, "target": 34962}));
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
    let uv_accessor = with_uvs.then(|| {
        accessors.push(json!({"bufferView": 3, "componentType": 5126, "count": n, "type": "VEC2"}));
        accessors.len() - 1
    });
    // The images, each in a view of its own after the geometry.
    let mut images = Vec::new();
    let mut gl_textures = Vec::new();
    let mut texture_of_part = vec![None; mesh.parts.len()];
    for t in textures {
        if t.part >= mesh.parts.len() {
            continue;
        }
        pad(&mut bin);
        let at = bin.len();
        bin.extend_from_slice(t.bytes);
        views.push(json!({"buffer": 0, "byteOffset": at, "byteLength": t.bytes.len()}));
        images.push(json!({"bufferView": views.len() - 1, "mimeType": t.mime}));
        gl_textures.push(json!({"source": images.len() - 1, "sampler": 0}));
        texture_of_part[t.part] = Some(gl_textures.len() - 1);
    }
    let slots = material_slots(mesh);
    let count = slots.iter().map(|s| s + 1).max().unwrap_or(0);
    let mut materials = vec![json!({}); count];
    let mut primitives = Vec::new();
    for (k, p) in mesh.parts.iter().enumerate() {
        let first_index = accessors.len();
        accessors.push(json!({"bufferView": 2, "byteOffset": p.first as usize * 4,
            "componentType": 5125, "count": p.count, "type": "SCALAR"}));
        let mut mat = json!({"pbrMetallicRoughness": {"baseColorFactor": p.color,
            "metallicFactor": 0.0, "roughnessFactor": 0.8}});
        if let Some(t) = texture_of_part[k] {
            mat["pbrMetallicRoughness"]["baseColorTexture"] = json!({"index": t});
        }
        if p.side {
            mat["name"] = json!("side");
        }
        materials[slots[k]] = mat;
        let mut attributes = json!({"POSITION": 0, "NORMAL": 1});
        if let Some(uv) = uv_accessor {
            attributes["TEXCOORD_0"] = json!(uv);
        }
        primitives.push(json!({"attributes": attributes,
            "indices": first_index, "material": slots[k], "mode": 4}));
    }
    pad(&mut bin);
    let mut root = json!({
        "asset": {"version": "2.0", "generator": "wartable"},
        "scene": 0,
        "scenes": [{"nodes": [0]}],
        "nodes": [{"mesh": 0}],
        "meshes": [{"primitives": primitives}],
        "materials": materials,
        "buffers": [{"byteLength": bin.len()}],
        "bufferViews": views,
        "accessors": accessors,
    });
    if !images.is_empty() {
        root["images"] = json!(images);
        root["textures"] = json!(gl_textures);
        // Linear filtering, repeated.
        root["samplers"] = json!([{"magFilter": 9729, "minFilter": 9729,
            "wrapS": 10497, "wrapT": 10497}]);
    }
    let mut json = serde_json::to_vec(&root).unwrap_or_default();
    while json.len() % 4 != 0 {
        json.push(b' ');
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
