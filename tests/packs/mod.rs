//! Model packs: each file format read, models fitted to bases and pieces' boxes, every bad file
//! refused with its located error, the example pack checked, heavy meshes simplified and
//! cached.

mod app;
mod errors;
mod example;
mod fit;
mod formats;
mod simplify;
mod textures;

use std::path::{Path, PathBuf};
use wartable::data::packs::{LoadOptions, MeshPart, PackMesh, write_glb, write_stl};

/// A box from `lo` to `hi`, outward-facing triangles, one part of colour `color`.
pub fn cuboid(lo: [f32; 3], hi: [f32; 3], color: [f32; 4]) -> PackMesh {
    let c = |i: usize| {
        [
            if i & 1 == 0 { lo[0] } else { hi[0] },
            if i & 2 == 0 { lo[1] } else { hi[1] },
            if i & 4 == 0 { lo[2] } else { hi[2] },
        ]
    };
    let quads = [
        [0, 2, 3, 1],
        [4, 5, 7, 6],
        [0, 1, 5, 4],
        [2, 6, 7, 3],
        [0, 4, 6, 2],
        [1, 3, 7, 5],
    ];
    let mut m = PackMesh {
        positions: (0..8).map(c).collect(),
        ..Default::default()
    };
    for q in quads {
        m.indices
            .extend([q[0], q[1], q[2], q[0], q[2], q[3]].map(|i: u32| i));
    }
    m.parts = vec![MeshPart {
        first: 0,
        count: 36,
        color,
        material: None,
        side: false,
    }];
    m.compute_normals();
    m
}

/// A box `w` x `h` x `d` (x, y, z) standing on y = 0, centred on the y axis.
pub fn standing_box(w: f32, h: f32, d: f32) -> PackMesh {
    cuboid(
        [-w / 2.0, 0.0, -d / 2.0],
        [w / 2.0, h, d / 2.0],
        [0.5, 0.5, 0.5, 1.0],
    )
}

/// A `.glb`'s JSON (as a value) and its binary chunk.
pub fn glb_parts(glb: &[u8]) -> (serde_json::Value, Vec<u8>) {
    let (json, bin) = wartable::data::packs::gltf_read::split_glb(glb).expect("a glb");
    (
        serde_json::from_slice(json).expect("json"),
        bin.expect("a binary chunk").to_vec(),
    )
}

/// `.gltf` text of `mesh` with its buffer at `uri` (a file name or a data: URI).
pub fn gltf_text(mesh: &PackMesh, uri: &str) -> (String, Vec<u8>) {
    let (mut json, bin) = glb_parts(&write_glb(mesh));
    json["buffers"][0]["uri"] = serde_json::Value::String(uri.to_string());
    (serde_json::to_string_pretty(&json).expect("json"), bin)
}

/// ASCII STL text of `mesh`'s triangles.
pub fn ascii_stl(mesh: &PackMesh) -> String {
    let mut s = String::from("solid test\n");
    for t in mesh.indices.chunks_exact(3) {
        s.push_str("  facet normal 0 0 0\n    outer loop\n");
        for &i in t {
            let p = mesh.positions[i as usize];
            s.push_str(&format!("      vertex {} {} {}\n", p[0], p[1], p[2]));
        }
        s.push_str("    endloop\n  endfacet\n");
    }
    s.push_str("endsolid test\n");
    s
}

/// A binary STL of `mesh` whose header starts with "solid ".
pub fn solid_header_stl(mesh: &PackMesh) -> Vec<u8> {
    write_stl(mesh, "solid exported by a CAD program")
}

/// A fresh pack folder with `manifest` as its pack.ron and `files` beside it.
pub fn pack(name: &str, manifest: &str, files: &[(&str, &[u8])]) -> PathBuf {
    let dir = crate::common::temp_dir(&format!("pack-{name}"));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("temp dir");
    std::fs::write(dir.join("pack.ron"), manifest).expect("write manifest");
    for (f, bytes) in files {
        let p = dir.join(f);
        if let Some(parent) = p.parent() {
            std::fs::create_dir_all(parent).expect("sub-folder");
        }
        std::fs::write(p, bytes).expect("write model");
    }
    dir
}

/// Loading options without the user's cache.
pub fn no_cache() -> LoadOptions {
    LoadOptions {
        cache_dir: None,
        ..LoadOptions::default()
    }
}

/// A manifest giving each (rules, unit, file) line.
pub fn manifest(units: &[(&str, &str, &str)]) -> String {
    let mut s = String::from("Pack(\n    name: \"Test\",\n    units: [\n");
    for (r, u, f) in units {
        s.push_str(&format!(
            "        (rules: \"{r}\", unit: \"{u}\", file: \"{f}\"),\n"
        ));
    }
    s.push_str("    ],\n)\n");
    s
}

/// The manifest's path as errors name it.
pub fn manifest_path(dir: &Path) -> String {
    dir.join("pack.ron").display().to_string()
}

/// Line and column (1-based) where `needle` starts in `text`.
pub fn at(text: &str, needle: &str) -> (usize, usize) {
    let i = text.find(needle).expect("needle in text");
    let line = text[..i].matches('\n').count() + 1;
    let col = text[..i]
        .rsplit('\n')
        .next()
        .map_or(0, |l| l.chars().count())
        + 1;
    (line, col)
}

pub fn known() -> wartable::data::packs::Known {
    wartable::rules::unit_types::known()
}
