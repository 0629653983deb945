//! Loading the enabled model packs in the background: each pack's manifest is planned, then its
//! entries are loaded one by one (`data::packs::load_entry`) on the async compute pool, off the
//! main thread. Each model that arrives becomes a few shared Bevy meshes (one per colour) in
//! [`PackModels`]; [`PackLoading`] counts the entries for a progress bar and names each file
//! skipped. Enabling or disabling a pack in the settings loads or drops it.
//!
//! A glTF model painted with its file's colours is then handed to Bevy's glTF loader, which
//! makes its materials and textures: the loader reads the files from memory (the asset source
//! [`SOURCE`]), where only the bytes the pack's own reader has checked are put, so that it
//! sees nothing outside the pack and no file that changed since. Until its materials have
//! loaded, a model is drawn in its materials' base colours.

use super::pack_mesh::{Tint, bevy_meshes};
use crate::app::base::settings::Settings;
use crate::data::packs::{
    LoadOptions, ModelEntry, PackMesh, PackModel, Target, load_entry, plan_pack,
};
use bevy::asset::io::AssetSourceBuilder;
use bevy::asset::io::memory::{Dir, MemoryAssetReader};
use bevy::asset::{RecursiveDependencyLoadState, RenderAssetUsages};
use bevy::gltf::{Gltf, GltfLoaderSettings, GltfMaterial};
use bevy::prelude::*;
use bevy::tasks::{AsyncComputeTaskPool, Task};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};

pub fn plugin(app: &mut App) {
    app.init_resource::<PackModels>()
        .init_resource::<PackLoading>()
        .init_resource::<FoundPacks>()
        .add_systems(
            Update,
            (start_loading, take_arrivals, take_materials).chain(),
        );
}

/// The asset source Bevy's glTF loader reads pack files from: `packfiles://<n>/model.glb`.
pub const SOURCE: &str = "packfiles";

/// The files of the source [`SOURCE`], in memory.
#[derive(Resource, Clone, Default)]
pub struct PackFiles(pub Dir);

/// Registers the asset source of pack files; before the `AssetPlugin` (`DefaultPlugins`).
pub fn register_source(app: &mut App) {
    let dir = Dir::default();
    let root = dir.clone();
    app.register_asset_source(
        SOURCE,
        AssetSourceBuilder::new(move || Box::new(MemoryAssetReader { root: root.clone() })),
    );
    app.insert_resource(PackFiles(dir));
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
    /// The glTF file's materials by index, as Bevy's glTF loader made them (with their
    /// textures); empty until they have loaded, or for a model without them.
    pub materials: Vec<Option<Handle<StandardMaterial>>>,
    /// The file being loaded by Bevy's glTF loader, and its folder in [`PackFiles`].
    pub loading: Option<(Handle<Gltf>, String)>,
}

impl TableModel {
    /// The file's own material a part of tint `tint` wears, once loaded.
    pub fn file_material(&self, tint: Tint) -> Option<Handle<StandardMaterial>> {
        match tint {
            Tint::File { material, .. } => self.materials.get(material as usize)?.clone(),
            _ => None,
        }
    }
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
            let mut got = Some(load_entry(plan, entry, &opts));
            send(&mut |i| {
                i.done += 1;
                match got.take() {
                    Some(Ok(m)) => i.models.push((id.clone(), m)),
                    Some(Err(e)) => i.errors.push(e.to_string()),
                    None => {}
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
        materials: Vec::new(),
        loading: None,
    }
}

/// Hands a glTF model's files (checked by the pack's reader) to Bevy's glTF loader, in the
/// folder `key` of the pack files: the materials and textures only (the meshes are the
/// reader's, fitted and simplified as every model's).
fn start_gltf(
    server: &AssetServer,
    dir: &PackFiles,
    key: &str,
    files: Vec<(String, Vec<u8>)>,
) -> Option<Handle<Gltf>> {
    let main = files.first()?.0.clone();
    let ext = if main.to_ascii_lowercase().ends_with(".gltf") {
        "gltf"
    } else {
        "glb"
    };
    let mut files = files.into_iter();
    if let Some((_, bytes)) = files.next() {
        dir.0
            .insert_asset(&Path::new(key).join(format!("model.{ext}")), bytes);
    }
    for (rel, bytes) in files {
        dir.0.insert_asset(&Path::new(key).join(rel), bytes);
    }
    Some(
        server
            .load_builder()
            .with_settings(|s: &mut GltfLoaderSettings| {
                s.load_meshes = RenderAssetUsages::empty();
                s.load_cameras = false;
                s.load_lights = false;
                s.load_animations = false;
            })
            .load::<Gltf>(format!("{SOURCE}://{key}/model.{ext}")),
    )
}

/// A glTF material as the table draws it: Bevy's own conversion, less what the pack meshes
/// cannot carry (normal maps need tangents; every texture reads the first texture
/// coordinates; without texture coordinates, no texture).
pub fn standard_material(m: &GltfMaterial, uvs: bool) -> StandardMaterial {
    let tex = |t: &Option<Handle<Image>>| if uvs { t.clone() } else { None };
    StandardMaterial {
        base_color: m.base_color,
        base_color_texture: tex(&m.base_color_texture),
        emissive: m.emissive,
        emissive_texture: tex(&m.emissive_texture),
        perceptual_roughness: m.perceptual_roughness,
        metallic: m.metallic,
        metallic_roughness_texture: tex(&m.metallic_roughness_texture),
        reflectance: m.reflectance,
        occlusion_texture: tex(&m.occlusion_texture),
        double_sided: m.double_sided,
        cull_mode: m.cull_mode,
        unlit: m.unlit,
        alpha_mode: m.alpha_mode,
        uv_transform: m.uv_transform,
        ..default()
    }
}

/// Takes the materials Bevy's glTF loader has made: each model whose file has loaded gets
/// them (and a new uid, so that the table dresses it again); a file the loader refuses keeps
/// its base colours and is named among the problems.
fn take_materials(
    server: Option<Res<AssetServer>>,
    files: Option<Res<PackFiles>>,
    gltfs: Option<Res<Assets<Gltf>>>,
    gltf_mats: Option<Res<Assets<GltfMaterial>>>,
    mats: Option<ResMut<Assets<StandardMaterial>>>,
    mut models: ResMut<PackModels>,
    mut loading: ResMut<PackLoading>,
) {
    if let (Some(server), Some(gltfs), Some(gltf_mats), Some(mut mats)) =
        (server, gltfs, gltf_mats, mats)
    {
        let mut changed = false;
        let mut errors = Vec::new();
        for m in models.bypass_change_detection().models.iter_mut() {
            let Some((h, key)) = &m.loading else {
                continue;
            };
            match server.get_load_states(h.id()).map(|s| s.2) {
                Some(RecursiveDependencyLoadState::Loaded) => {
                    if let Some(g) = gltfs.get(h) {
                        let uvs = !m.mesh.uvs.is_empty();
                        m.materials = g
                            .materials
                            .iter()
                            .map(|h| {
                                gltf_mats
                                    .get(h)
                                    .map(|gm| mats.add(standard_material(gm, uvs)))
                            })
                            .collect();
                    }
                }
                Some(RecursiveDependencyLoadState::Failed(e)) => errors.push(format!(
                    "{}: its materials and textures cannot be drawn (its colours are): {e}",
                    m.file.display()
                )),
                Some(RecursiveDependencyLoadState::NotLoaded) | None => errors.push(format!(
                    "{}: its materials and textures were not loaded",
                    m.file.display()
                )),
                Some(RecursiveDependencyLoadState::Loading) => continue,
            }
            if let Some(files) = &files {
                files.0.remove_dir(Path::new(key));
            }
            m.loading = None;
            m.uid = next_uid();
            changed = true;
        }
        loading.errors.extend(errors);
        if changed {
            models.set_changed();
        }
    }
    let busy = loading.task.is_some() || models.models.iter().any(|m| m.loading.is_some());
    if loading.busy != busy {
        loading.busy = busy;
    }
}

/// Takes what the loader has finished: each model's meshes made and shared, the progress and
/// the errors; the table is told once per frame at most.
fn take_arrivals(
    mut loading: ResMut<PackLoading>,
    mut models: ResMut<PackModels>,
    mut meshes: Option<ResMut<Assets<Mesh>>>,
    server: Option<Res<AssetServer>>,
    pack_files: Option<Res<PackFiles>>,
    gltfs: Option<Res<Assets<Gltf>>>,
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
    // Bevy's glTF loader makes the materials where the source of pack files is registered.
    let gltf_loader = server
        .as_ref()
        .filter(|s| s.get_source(SOURCE).is_ok() && gltfs.is_some())
        .zip(pack_files.as_ref());
    for (pack, mut m) in arrived {
        let files = std::mem::take(&mut m.files);
        if let Some(meshes) = meshes.as_mut() {
            let mut t = table_model(&pack, m, meshes);
            if let Some((server, dir)) = gltf_loader
                && !files.is_empty()
            {
                let key = t.uid.to_string();
                t.loading = start_gltf(server, dir, &key, files).map(|h| (h, key));
            }
            models.models.push(t);
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
    }
}
