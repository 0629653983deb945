//! Loading the enabled model packs in the background: each pack's manifest is planned, then its
//! entries are loaded one by one (`data::packs::load_entry`) on the async compute pool, off the
//! main thread. Each model that arrives becomes a few shared Bevy meshes (one per colour) in
//! [`PackModels`]; [`PackLoading`] counts the entries for a progress bar and names each file
//! skipped. Enabling or disabling a pack in the settings loads or drops it.

use super::pack_mesh::{Tint, bevy_meshes};
use crate::app::base::settings::Settings;
use crate::data::packs::{
    LoadOptions, ModelEntry, PackMesh, PackModel, Target, load_entry, plan_pack,
};
use bevy::prelude::*;
use bevy::tasks::{AsyncComputeTaskPool, Task};
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};

pub fn plugin(app: &mut App) {
    app.init_resource::<PackModels>()
        .init_resource::<PackLoading>()
        .init_resource::<FoundPacks>()
        .add_systems(Update, (start_loading, take_arrivals).chain());
}

/// The packs found on disk, by id (`crate::app::base::packs::pack_id`): looked for at start
/// and when the Model packs window asks again.
#[derive(Resource, Debug, Clone)]
pub struct FoundPacks(pub Vec<(String, PathBuf)>);

impl Default for FoundPacks {
    fn default() -> Self {
        Self(crate::app::base::packs::found_packs())
    }
}

/// A pack model ready for the table.
#[derive(Debug, Clone)]
pub struct TableModel {
    /// Unique among the models ever loaded in this run (a reloaded model gets a new one).
    pub uid: u64,
    /// The pack's id.
    pub pack: String,
    pub target: Target,
    pub entry: ModelEntry,
    /// The model file.
    pub file: PathBuf,
    /// The mesh in the project's axes, not fitted (fitting and the preview use it).
    pub mesh: PackMesh,
    /// Its Bevy meshes, one per tint, shared by every figure it draws.
    pub parts: Vec<(Handle<Mesh>, Tint)>,
    pub simplified: bool,
}

/// The models of the enabled packs loaded so far.
#[derive(Resource, Debug, Default)]
pub struct PackModels {
    pub models: Vec<TableModel>,
}

impl PackModels {
    /// The model drawing a rule set's unit type: the last enabled pack that has one wins (the
    /// player's own packs come after the shipped ones).
    pub fn unit(&self, rules: &str, unit: &str) -> Option<&TableModel> {
        self.models.iter().rev().find(|m| match &m.target {
            Target::Unit { rules: r, unit: u } => {
                r == rules && crate::data::names::same_name(u, unit)
            }
            Target::Terrain { .. } => false,
        })
    }
    /// The model drawing terrain pieces labelled `label`.
    pub fn terrain(&self, label: &str) -> Option<&TableModel> {
        if label.is_empty() {
            return None;
        }
        self.models.iter().rev().find(|m| match &m.target {
            Target::Terrain { piece } => crate::data::names::same_name(piece, label),
            Target::Unit { .. } => false,
        })
    }
}

/// What the loader in the background hands over.
#[derive(Default)]
struct Inbox {
    models: Vec<(String, PackModel)>,
    errors: Vec<String>,
    total: usize,
    done: usize,
    finished: bool,
}

/// Where loading stands: entries done of those planned, the files skipped and why.
#[derive(Resource, Default)]
pub struct PackLoading {
    pub done: usize,
    pub total: usize,
    /// One line per problem: `file:line:column: field: message` (each file skipped).
    pub errors: Vec<String>,
    /// Whether the loader is still at work.
    pub busy: bool,
    /// How models are read (the triangle budget, the size cap, the cache).
    pub options: LoadOptions,
    /// The packs loaded or being loaded, in the settings' order.
    loaded: Vec<String>,
    /// Packs to read again (their files changed).
    stale: Vec<String>,
    task: Option<Running>,
}

/// The loader at work.
struct Running {
    /// Dropping the task cancels it; the flag stops it between entries.
    _task: Task<()>,
    cancel: Arc<AtomicBool>,
    inbox: Arc<Mutex<Inbox>>,
    /// The packs it loads.
    packs: Vec<String>,
}

impl PackLoading {
    /// Reads a pack again (after its manifest or files changed).
    pub fn reload(&mut self, id: &str) {
        self.stale.push(id.to_string());
    }
}

fn next_uid() -> u64 {
    use std::sync::atomic::AtomicU64;
    static UID: AtomicU64 = AtomicU64::new(1);
    UID.fetch_add(1, Ordering::Relaxed)
}

/// Starts loading when the enabled packs differ from those loaded (or one is stale): the
/// models of packs no longer enabled are dropped, and the rest loaded in the background.
fn start_loading(
    settings: Option<Res<Settings>>,
    found: Res<FoundPacks>,
    mut loading: ResMut<PackLoading>,
    mut models: ResMut<PackModels>,
) {
    let wanted: Vec<String> = settings
        .map(|s| {
            found
                .0
                .iter()
                .filter(|(id, _)| s.packs.contains(id))
                .map(|(id, _)| id.clone())
                .collect()
        })
        .unwrap_or_default();
    if wanted == loading.loaded && loading.stale.is_empty() {
        return;
    }
    let mut stale = std::mem::take(&mut loading.stale);
    // Packs still loading are read again from the start.
    if let Some(run) = loading.task.take() {
        run.cancel.store(true, Ordering::Relaxed);
        stale.extend(run.packs);
    }
    let keep: Vec<String> = loading
        .loaded
        .iter()
        .filter(|p| wanted.contains(p) && !stale.contains(p))
        .cloned()
        .collect();
    if models.models.iter().any(|m| !keep.contains(&m.pack)) {
        models.models.retain(|m| keep.contains(&m.pack));
    }
    let to_load: Vec<(String, PathBuf)> = found
        .0
        .iter()
        .filter(|(id, _)| wanted.contains(id) && !keep.contains(id))
        .cloned()
        .collect();
    loading.loaded = wanted;
    loading.errors.clear();
    loading.done = 0;
    loading.total = 0;
    loading.busy = !to_load.is_empty();
    if to_load.is_empty() {
        return;
    }
    let cancel = Arc::new(AtomicBool::new(false));
    let inbox = Arc::new(Mutex::new(Inbox::default()));
    let opts = loading.options.clone();
    let (c, i) = (cancel.clone(), inbox.clone());
    let packs = to_load.iter().map(|(id, _)| id.clone()).collect();
    let task = AsyncComputeTaskPool::get().spawn(async move { load_all(to_load, opts, c, i) });
    loading.task = Some(Running {
        _task: task,
        cancel,
        inbox,
        packs,
    });
}

/// The loader's work, entry by entry; every result goes to the inbox as soon as it is known.
fn load_all(
    packs: Vec<(String, PathBuf)>,
    opts: LoadOptions,
    cancel: Arc<AtomicBool>,
    inbox: Arc<Mutex<Inbox>>,
) {
    let send = |f: &mut dyn FnMut(&mut Inbox)| {
        if let Ok(mut i) = inbox.lock() {
            f(&mut i);
        }
    };
    let known = crate::rules::unit_types::known();
    let mut plans = Vec::new();
    for (id, dir) in packs {
        let (plan, errors) = plan_pack(&dir, &known);
        let errors: Vec<String> = errors.iter().map(|e| e.to_string()).collect();
        let n = plan.as_ref().map_or(0, |p| p.entries.len());
        send(&mut |i| {
            i.errors.extend(errors.iter().cloned());
            i.total += n;
        });
        if let Some(plan) = plan {
            plans.push((id, plan));
        }
    }
    for (id, plan) in &plans {
        for entry in &plan.entries {
            if cancel.load(Ordering::Relaxed) {
                return;
            }
            let got = load_entry(plan, entry, &opts);
            send(&mut |i| {
                i.done += 1;
                match &got {
                    Ok(m) => i.models.push((id.clone(), m.clone())),
                    Err(e) => i.errors.push(e.to_string()),
                }
            });
        }
    }
    send(&mut |i| i.finished = true);
}

/// A loaded model made ready for the table: its meshes added, one per tint.
pub fn table_model(pack: &str, m: PackModel, meshes: &mut Assets<Mesh>) -> TableModel {
    let parts = bevy_meshes(&m.mesh, m.paint)
        .into_iter()
        .map(|(mesh, tint)| (meshes.add(mesh), tint))
        .collect();
    TableModel {
        uid: next_uid(),
        pack: pack.to_string(),
        target: m.target,
        entry: ModelEntry {
            paint: Some(m.paint),
            ..m.entry
        },
        file: m.file,
        mesh: m.mesh,
        parts,
        simplified: m.simplified,
    }
}

/// Takes what the loader has finished: each model's meshes made and shared, the progress and
/// the errors; the table is told once per frame at most.
fn take_arrivals(
    mut loading: ResMut<PackLoading>,
    mut models: ResMut<PackModels>,
    mut meshes: Option<ResMut<Assets<Mesh>>>,
) {
    let Some(Running { inbox, .. }) = &loading.task else {
        return;
    };
    let (arrived, errors, done, total, finished) = {
        let Ok(mut i) = inbox.lock() else { return };
        (
            std::mem::take(&mut i.models),
            std::mem::take(&mut i.errors),
            i.done,
            i.total,
            i.finished,
        )
    };
    if (done, total) != (loading.done, loading.total) {
        loading.done = done;
        loading.total = total;
    }
    loading.errors.extend(errors);
    let any = !arrived.is_empty();
    for (pack, m) in arrived {
        if let Some(meshes) = meshes.as_mut() {
            models.models.push(table_model(&pack, m, meshes));
        }
    }
    // Keep the settings' order: a later pack's model wins over an earlier one's.
    if any {
        let order = loading.loaded.clone();
        models
            .models
            .sort_by_key(|m| order.iter().position(|p| *p == m.pack));
    }
    if finished {
        loading.task = None;
        loading.busy = false;
    }
}
