//! `wartable bench frame`: the app's own table systems in a headless schedule (no window, no
//! GPU): the table of `bench los` (72" x 48", 300 pieces, 200 models) is dressed, then every
//! frame (1/60 s of the app's clock) the game moves a model, far faster than any game plays, and
//! the moves glide while the entities, the figures and the effects keep up. Reports the first frame (dressing the whole table), the median of frames
//! with nothing moving, and the median and 95th percentile of the frames with moves, in one
//! run. Prints JSON.

use super::stats::median;
use crate::app::base::state::TableState;
use crate::app::view::glide::GameMoved;
use crate::table::Pt;
use bevy::prelude::*;
use std::time::Instant;

/// The headless app: the table's entities, their looks, the moves' glides and the effects;
/// with `pack`, the pack's unit models drawn on the models (each model given one of the
/// pack's unit types in turn) and its terrain models on the pieces they name.
pub fn app(seed: u64, pack: Option<&std::path::Path>) -> App {
    let table = super::seeded_table(seed, 300, 200);
    let level = crate::data::LevelFile::from_table("bench", "", &table);
    let mut app = App::new();
    app.add_plugins((
        MinimalPlugins,
        bevy::transform::TransformPlugin,
        bevy::asset::AssetPlugin::default(),
    ))
    .init_asset::<Mesh>()
    .init_asset::<StandardMaterial>()
    .init_asset::<Image>()
    .init_resource::<crate::app::view::camera::CameraGoal>()
    .add_plugins((
        crate::app::base::state::plugin,
        crate::app::view::table_entities::plugin,
        crate::app::view::visuals::plugin,
        crate::app::view::motion::plugin,
        crate::app::view::effects::plugin,
    ));
    let mut state = TableState::new(level, table, None);
    if let Some(dir) = pack {
        use crate::data::packs::{LoadOptions, Target, load_pack};
        let opts = LoadOptions {
            cache_dir: None,
            ..Default::default()
        };
        let (loaded, _) = load_pack(dir, &crate::rules::unit_types::known(), &opts);
        let units: Vec<(String, String)> = loaded
            .models
            .iter()
            .filter_map(|m| match &m.target {
                Target::Unit { rules, unit } => Some((rules.clone(), unit.clone())),
                Target::Terrain { .. } => None,
            })
            .collect();
        // One rule set's unit types (the one the pack draws most).
        let rules = units
            .iter()
            .map(|(r, _)| r.clone())
            .max_by_key(|r| units.iter().filter(|(x, _)| x == r).count());
        if let Some(rules) = rules {
            let of: Vec<&String> = units
                .iter()
                .filter(|(r, _)| *r == rules)
                .map(|(_, u)| u)
                .collect();
            state.units.rules = crate::rules::core::RulesId::from_key(&rules)
                .ok()
                .map(|r| r.key());
            for (i, m) in state.table.models.iter().enumerate() {
                state.units.of.insert(m.id, of[i % of.len()].clone());
            }
        }
        let mut meshes = app.world_mut().resource_mut::<Assets<Mesh>>();
        let models = loaded
            .models
            .into_iter()
            .map(|m| crate::app::view::pack_load::table_model("bench", m, &mut meshes))
            .collect();
        app.insert_resource(crate::app::view::pack_load::PackModels { models });
        app.add_plugins(crate::app::view::pack_figures::plugin);
    }
    app.insert_resource(state);
    app.insert_resource(bevy::time::TimeUpdateStrategy::ManualDuration(
        std::time::Duration::from_secs_f64(1.0 / 60.0),
    ));
    app
}

/// Moves a model (a round robin over the table), as the game's mirror does.
fn move_some(app: &mut App, frame: usize) {
    let world = app.world_mut();
    let mut state = world.resource_mut::<TableState>();
    let n = state.table.models.len();
    let m = &mut state.table.models[frame % n];
    let dx = if (frame / n).is_multiple_of(2) {
        3.0
    } else {
        -3.0
    };
    m.pos = Pt::new(m.pos.x + dx, m.pos.y);
    let id = m.id;
    world.resource_mut::<GameMoved>().0 = vec![id];
}

pub fn frame(seed: u64, frames: usize, pack: Option<&std::path::Path>) -> String {
    let mut app = app(seed, pack);
    let t0 = Instant::now();
    app.update();
    let first_ms = t0.elapsed().as_secs_f64() * 1e3;
    // Frames with nothing moving: the schedule's cost when the table stands still.
    let mut idle = Vec::with_capacity(frames);
    for _ in 0..frames {
        let t = Instant::now();
        app.update();
        idle.push(t.elapsed().as_secs_f64() * 1e3);
    }
    let mut times = Vec::with_capacity(frames);
    for f in 0..frames {
        move_some(&mut app, f);
        let t = Instant::now();
        app.update();
        times.push(t.elapsed().as_secs_f64() * 1e3);
    }
    let minis = app
        .world_mut()
        .query::<&crate::app::view::table_entities::Miniature>()
        .iter(app.world())
        .count();
    let entities = app.world_mut().query::<Entity>().iter(app.world()).count();
    let by_pack = app
        .world_mut()
        .query::<&crate::app::view::pack_figures::DrawnModel>()
        .iter(app.world())
        .filter(|d| d.0.is_some())
        .count();
    let mut sorted = times.clone();
    sorted.sort_by(f64::total_cmp);
    let p95 = sorted[(sorted.len() * 95 / 100).min(sorted.len() - 1)];
    format!(
        "{{\"models\": {minis}, \"pieces\": 300, \"entities\": {entities}, \"drawn_by_pack\": {by_pack}, \"frames\": {frames}, \"first_frame_ms\": {first_ms:.2}, \"idle_median_frame_ms\": {:.3}, \"median_frame_ms\": {:.3}, \"p95_frame_ms\": {p95:.3}}}",
        median(idle),
        median(times)
    )
}
