//! A model over the triangle budget is simplified when its pack loads, to at most the budget,
//! and kept in the cache: the second load reads the cached mesh.

use super::*;
use wartable::data::packs::{DEFAULT_BUDGET, load_pack, simplify};

/// A wavy sheet of `n` x `n` quads (two triangles each), z up as STL has it.
fn sheet(n: u32) -> PackMesh {
    let mut m = PackMesh::default();
    for j in 0..=n {
        for i in 0..=n {
            let (x, y) = (i as f32 / n as f32, j as f32 / n as f32);
            m.positions
                .push([x, y, 0.1 * (x * 12.0).sin() * (y * 9.0).cos()]);
        }
    }
    for j in 0..n {
        for i in 0..n {
            let a = j * (n + 1) + i;
            let (b, c, d) = (a + 1, a + n + 1, a + n + 2);
            m.indices.extend([a, b, d, a, d, c]);
        }
    }
    m.parts = vec![MeshPart {
        first: 0,
        count: m.indices.len() as u32,
        color: [1.0; 4],
        material: None,
        side: true,
    }];
    m.compute_normals();
    m
}

#[test]
fn a_heavy_model_is_simplified_to_the_budget_and_cached() {
    let heavy = sheet(120);
    assert_eq!(heavy.triangles(), 28_800);
    assert!(heavy.triangles() > DEFAULT_BUDGET);
    let dir = pack(
        "heavy",
        &manifest(&[("kry-gothic", "Captain", "heavy.stl")]),
        &[("heavy.stl", &write_stl(&heavy, "heavy"))],
    );
    let cache = crate::common::temp_dir("model-cache");
    let opts = LoadOptions {
        cache_dir: Some(cache.clone()),
        ..LoadOptions::default()
    };
    assert_eq!(opts.budget, 20_000);
    let (p, e) = load_pack(&dir, &known(), &opts);
    assert!(e.is_empty(), "{e:?}");
    let m = &p.models[0];
    assert_eq!(m.file_triangles, 28_800);
    assert!(m.simplified && !m.from_cache);
    assert!(m.mesh.triangles() <= 20_000, "{}", m.mesh.triangles());
    assert!(
        m.mesh.triangles() >= 10_000,
        "not thrown away: {}",
        m.mesh.triangles()
    );
    assert!(m.mesh.problem().is_none());
    let cached: Vec<_> = std::fs::read_dir(&cache)
        .expect("cache")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .collect();
    assert_eq!(cached.len(), 1, "{cached:?}");
    assert!(cached[0].to_string_lossy().ends_with("-20000.glb"));
    // The second load reads the cache, and gets the same mesh.
    let (again, e) = load_pack(&dir, &known(), &opts);
    assert!(e.is_empty(), "{e:?}");
    assert!(again.models[0].from_cache);
    assert_eq!(again.models[0].mesh.triangles(), m.mesh.triangles());
    assert_eq!(again.models[0].mesh.bounds(), m.mesh.bounds());
    // Another budget is another cache file.
    let small = LoadOptions {
        budget: 2_000,
        ..opts.clone()
    };
    let (p, _) = load_pack(&dir, &known(), &small);
    assert!(p.models[0].mesh.triangles() <= 2_000 && !p.models[0].from_cache);
    assert_eq!(std::fs::read_dir(&cache).expect("cache").count(), 2);
}

#[test]
fn simplifying_keeps_each_part_within_its_share() {
    let mut two = sheet(60);
    let mut other = sheet(30);
    other.parts[0].color = [0.2, 0.4, 0.6, 1.0];
    two.append(&other);
    let total = two.triangles();
    assert_eq!(total, 7_200 + 1_800);
    let s = simplify(&two, 900);
    assert!(s.triangles() <= 900, "{}", s.triangles());
    assert_eq!(s.parts.len(), 2, "both colours kept");
    assert!(
        s.parts[1].count / 3 <= 180,
        "the small part's share: {}",
        s.parts[1].count / 3
    );
    assert_eq!(s.parts[1].color, [0.2, 0.4, 0.6, 1.0]);
    assert!(s.problem().is_none());
    // Under the budget, nothing changes.
    assert_eq!(simplify(&two, total), two);
}
