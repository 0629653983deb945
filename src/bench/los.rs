//! `wartable bench los`: times line of sight on a seeded 72" x 48" table with 300 terrain pieces and
//! 200 models, in one run: the full Full/Partial/None matrix, one model's row after it moves (the
//! scene following the move, as in play), and bare parry ray casts standing for the matrix's casts:
//! one plain ray cast (nearest hit, the leaves' own shapes) along the centre line of each corridor
//! cast the matrix performed. Prints JSON.

use super::stats::median;
use crate::table::{
    Model, ModelId, Piece, PieceShape, Pt, Scene, SightOptions, Table, Tag, Verdict,
};
use bevy_rapier3d::parry::math::Vector;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::time::Instant;

/// The benchmark table: seeded, so every run measures the same scene.
pub fn seeded_table(seed: u64, pieces: usize, models: usize) -> Table {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut t = Table::new(72.0, 48.0, 2.0);
    for _ in 0..pieces {
        let shape =
            [PieceShape::Box, PieceShape::Wall, PieceShape::Cylinder][rng.random_range(0..3)];
        let (w, d) = match shape {
            PieceShape::Wall => (rng.random_range(2.0..6.0), 0.4),
            PieceShape::Cylinder => {
                let r = rng.random_range(0.8..3.0);
                (r, r)
            }
            _ => (rng.random_range(1.0..5.0), rng.random_range(1.0..5.0)),
        };
        let h = rng.random_range(0.5..6.0);
        let mut tags = vec![Tag::Cover];
        if rng.random_bool(0.75) {
            tags.push(Tag::BlocksSight);
        }
        t.pieces.push(Piece {
            shape,
            at: Pt::new(rng.random_range(2.0..70.0), rng.random_range(2.0..46.0)),
            rotation: rng.random_range(0.0..180.0),
            size: (w, d, h),
            base_height: 0.0,
            tags,
            label: String::new(),
        });
    }
    let mut id = 1;
    let mut tries = 0;
    while t.models.len() < models && tries < 100_000 {
        tries += 1;
        let p = Pt::new(rng.random_range(1.0..71.0), rng.random_range(1.0..47.0));
        if t.pieces.iter().any(|pc| pc.footprint_distance(p) < 0.5) {
            continue;
        }
        let m = Model::new(
            id,
            1 + (id % 2) as u8,
            &format!("m{id}"),
            1.0,
            1.3,
            p,
            rng.random_range(0.0..360.0),
        );
        if t.add_model(m).is_ok() {
            id += 1;
        }
    }
    t
}

/// Runs `f` over `rows` split across `threads` scoped threads.
fn split<T: Send>(rows: usize, threads: usize, f: impl Fn(usize) -> T + Sync) -> Vec<T> {
    let chunk = rows.div_ceil(threads.max(1));
    std::thread::scope(|s| {
        let handles: Vec<_> = (0..threads)
            .map(|k| {
                let f = &f;
                s.spawn(move || {
                    (k * chunk..((k + 1) * chunk).min(rows))
                        .map(f)
                        .collect::<Vec<T>>()
                })
            })
            .collect();
        handles
            .into_iter()
            .flat_map(|h| h.join().unwrap_or_default())
            .collect()
    })
}

/// The bare ray casts, in milliseconds: one plain parry BVH ray cast along each recorded centre
/// line, against the leaves' own shapes, nothing else.
fn time_bare_casts(scene: &Scene, segments: &[(Vector, Vector)], threads: usize) -> f64 {
    let t = Instant::now();
    let hits: usize = split(segments.len(), threads, |i| {
        scene.bare_ray_cast(segments[i].0, segments[i].1) as usize
    })
    .iter()
    .sum();
    std::hint::black_box(hits);
    t.elapsed().as_secs_f64() * 1e3
}

/// Runs the benchmark and returns its JSON report.
pub fn los(seed: u64, runs: usize, threads: usize) -> String {
    let mut table = seeded_table(seed, 300, 200);
    let opts = SightOptions::default();
    let ids: Vec<ModelId> = table.models.iter().map(|m| m.id).collect();
    let n = ids.len();

    let mut build_ms = Vec::new();
    let mut matrix_ms = Vec::new();
    let mut bare_ms = Vec::new();
    let mut row_ms = Vec::new();
    let mut rays = 0;
    let mut counts = [0usize; 3];
    for run in 0..runs.max(1) {
        let t0 = Instant::now();
        let scene = Scene::new(&table, opts);
        build_ms.push(t0.elapsed().as_secs_f64() * 1e3);

        let record = run == 0;
        if record {
            scene.record_rays(true);
        }
        let t1 = Instant::now();
        let matrix = scene.los_matrix_threads(&table, threads);
        matrix_ms.push(t1.elapsed().as_secs_f64() * 1e3);
        if record {
            rays = scene.rays_cast();
            for v in matrix.iter().flatten().flatten() {
                counts[match v {
                    Verdict::Full => 0,
                    Verdict::Partial => 1,
                    Verdict::None => 2,
                }] += 1;
            }
        }
        let segments = scene.record_rays(false);
        if !segments.is_empty() {
            bare_ms.push(time_bare_casts(&scene, &segments, threads));
        }

        // One model moves; the scene follows it and its row is worked out again, as in play.
        let who = ids[run % n];
        let m = table.model(who).map(|m| m.pos).unwrap_or_default();
        let to = Pt::new((m.x + 0.7).min(71.0), m.y);
        let _ = table.move_model(who, to);
        let mut scene = scene;
        let t3 = Instant::now();
        let _ = scene.update_model(&table, who);
        let row = scene.los_row(&table, who, &ids);
        row_ms.push(t3.elapsed().as_secs_f64() * 1e3);
        std::hint::black_box(row);
    }
    // Bare casts were measured once (run 0); repeat them for a median over the same runs.
    let scene = Scene::new(&table, opts);
    scene.record_rays(true);
    let _ = scene.los_matrix_threads(&table, threads);
    let segments = scene.record_rays(false);
    for _ in 1..runs.max(1) {
        bare_ms.push(time_bare_casts(&scene, &segments, threads));
    }

    let (mm, rm, bm, sm) = (
        median(matrix_ms.clone()),
        median(row_ms.clone()),
        median(bare_ms.clone()),
        median(build_ms),
    );
    format!(
        concat!(
            "{{\n",
            "  \"table\": \"72x48\", \"pieces\": {}, \"models\": {}, \"seed\": {}, \"runs\": {}, \"threads\": {},\n",
            "  \"pairs\": {}, \"corridor_casts_per_matrix\": {}, \"verdicts\": {{\"full\": {}, \"partial\": {}, \"none\": {}}},\n",
            "  \"scene_build_ms_median\": {:.3},\n",
            "  \"matrix_ms_median\": {:.3}, \"matrix_ms_min\": {:.3},\n",
            "  \"row_after_move_ms_median\": {:.3}, \"row_after_move_ms_min\": {:.3},\n",
            "  \"bare_ray_casts_ms_median\": {:.3},\n",
            "  \"matrix_over_bare_ratio\": {:.2},\n",
            "  \"goals\": {{\"matrix_le_10ms\": {}, \"row_le_0_5ms\": {}, \"matrix_within_2x_bare\": {}}}\n",
            "}}"
        ),
        table.pieces.len(),
        n,
        seed,
        runs,
        threads,
        n * (n - 1),
        rays,
        counts[0],
        counts[1],
        counts[2],
        sm,
        mm,
        matrix_ms.iter().copied().fold(f64::INFINITY, f64::min),
        rm,
        row_ms.iter().copied().fold(f64::INFINITY, f64::min),
        bm,
        mm / bm.max(1e-9),
        mm <= 10.0,
        rm <= 0.5,
        mm <= 2.0 * bm,
    )
}
