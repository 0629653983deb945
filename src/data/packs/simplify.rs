//! Heavy models made light: a mesh over the triangle budget is simplified with meshopt-rs
//! (meshoptimizer's simplifier in Rust: each part in proportion to its share of the triangles,
//! edge collapses weighted to keep borders, a sloppier grid pass where the topology blocks), and
//! the result kept as a `.glb` in a cache folder, named by a hash of the model file's bytes and
//! the budget, so that the next load reads it back.

use super::mesh::{MeshPart, PackMesh};
use std::path::{Path, PathBuf};

/// Triangles a model may have before it is simplified.
pub const DEFAULT_BUDGET: usize = 20_000;

/// `mesh` brought to at most `budget` triangles (a copy when it is already there).
pub fn simplify(mesh: &PackMesh, budget: usize) -> PackMesh {
    let total = mesh.triangles();
    if total <= budget || budget == 0 || mesh.problem().is_some() {
        return mesh.clone();
    }
    let mut out = PackMesh {
        positions: mesh.positions.clone(),
        normals: mesh.normals.clone(),
        uvs: mesh.uvs.clone(),
        indices: Vec::new(),
        parts: Vec::new(),
    };
    // Each part's share of the budget, at least one triangle; the shares are floored, so that
    // their sum stays within the budget when no part is tiny.
    for p in &mesh.parts {
        let from = p.first as usize;
        let part = &mesh.indices[from..from + p.count as usize];
        // The part's own vertices only, so that each call reads no more than its part.
        let mut local = std::collections::HashMap::new();
        let mut verts: Vec<[f32; 3]> = Vec::new();
        let mut back: Vec<u32> = Vec::new();
        let idx: Vec<u32> = part
            .iter()
            .map(|&i| {
                *local.entry(i).or_insert_with(|| {
                    verts.push(mesh.positions[i as usize]);
                    back.push(i);
                    (verts.len() - 1) as u32
                })
            })
            .collect();
        let idx = &idx[..];
        let tris = idx.len() / 3;
        let share = ((tris as u128 * budget as u128) / total as u128).max(1) as usize;
        let mut kept = if tris <= share {
            idx.to_vec()
        } else {
            simplify_part(idx, &verts, share)
        };
        kept.truncate(share * 3);
        for k in &mut kept {
            *k = back[*k as usize];
        }
        out.parts.push(MeshPart {
            first: out.indices.len() as u32,
            count: kept.len() as u32,
            ..p.clone()
        });
        out.indices.extend(kept);
    }
    // Parts that fell below one triangle each may still add up past the budget: cut the
    // largest part.
    while out.triangles() > budget {
        let Some(k) = (0..out.parts.len()).max_by_key(|&k| out.parts[k].count) else {
            break;
        };
        let cut = (out.triangles() - budget) * 3;
        let p = out.parts[k].clone();
        let cut = cut.min(p.count as usize);
        let end = (p.first + p.count) as usize;
        out.indices.drain(end - cut..end);
        out.parts[k].count -= cut as u32;
        for q in out.parts.iter_mut().skip(k + 1) {
            q.first -= cut as u32;
        }
    }
    out.parts.retain(|p| p.count > 0);
    let mut at = 0;
    for p in &mut out.parts {
        p.first = at;
        at += p.count;
    }
    out.compact();
    out
}

/// A part's triangles (`idx` over `verts`, in range) brought toward `share` triangles: edge
/// collapses first, the sloppy grid pass if they stop above it. The crate asserts its own
/// invariants; should one fail on some degenerate mesh, the panic is caught here and the part
/// keeps its first `share` triangles, so that a bad model costs its looks, never the program.
fn simplify_part(idx: &[u32], verts: &[[f32; 3]], share: usize) -> Vec<u32> {
    let target = share * 3;
    let run = || {
        use meshopt_rs::simplify::{simplify, simplify_sloppy};
        // Both functions write at most `idx.len()` indices.
        let mut kept = vec![0u32; idx.len()];
        let n = simplify(&mut kept, idx, verts, target, 0.05);
        kept.truncate(n);
        if n > target {
            kept.resize(idx.len(), 0);
            let n = simplify_sloppy(&mut kept, idx, verts, target);
            kept.truncate(n);
        }
        kept
    };
    std::panic::catch_unwind(run).unwrap_or_else(|_| idx[..target.min(idx.len())].to_vec())
}

/// FNV-1a, 64 bits.
pub fn fnv1a(bytes: &[u8], seed: u64) -> u64 {
    let mut h = 0xcbf2_9ce4_8422_2325u64 ^ seed;
    for b in bytes {
        h ^= u64::from(*b);
        h = h.wrapping_mul(0x0100_0000_01b3);
    }
    h
}

/// The layout of the cached files: a cache written by an older program (without texture
/// coordinates, materials numbered by part) is not read back.
const CACHE_VERSION: u64 = 2;

/// The cache file of a model file's bytes simplified to `budget` triangles.
pub fn cache_path(cache_dir: &Path, file_bytes: &[u8], budget: usize) -> PathBuf {
    let h = fnv1a(file_bytes, budget as u64 ^ (CACHE_VERSION << 48));
    cache_dir.join(format!("{h:016x}-{budget}.glb"))
}

/// The cached simplified mesh, if the cache has a readable one within the budget.
pub fn read_cached(path: &Path, budget: usize) -> Option<PackMesh> {
    let bytes = std::fs::read(path).ok()?;
    let m = super::gltf_read::read_gltf(&bytes, &|_| Err("no buffer files".into())).ok()?;
    (m.triangles() <= budget).then_some(m)
}

/// Keeps `mesh` in the cache (a temporary file, then a rename); a failure only costs time.
pub fn write_cached(path: &Path, mesh: &PackMesh) -> Result<(), String> {
    if let Some(dir) = path.parent() {
        std::fs::create_dir_all(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    }
    let tmp = path.with_extension("glb.tmp");
    std::fs::write(&tmp, super::glb_write::write_glb(mesh))
        .and_then(|_| std::fs::rename(&tmp, path))
        .map_err(|e| format!("{}: {e}", path.display()))
}
