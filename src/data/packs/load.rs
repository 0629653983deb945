//! Loading a pack's folder: its manifest read and checked, then each entry's model file found
//! (inside the pack's folder: no `..`, no absolute path, no symbolic link out), read within the
//! size cap, parsed, simplified to the triangle budget (through the cache) and turned into the
//! project's axes. Each problem is one located error; the good entries are kept.

use super::fit::{FileAxes, orient};
use super::manifest::{
    Known, MANIFEST_FILE, Manifest, ModelEntry, Paint, field_issues, locate_all, name_issues,
};
use super::mesh::PackMesh;
use super::simplify::{DEFAULT_BUDGET, cache_path, read_cached, simplify, write_cached};
use super::{gltf_read, stl};
use crate::data::error::{Issue, LocatedError};
use crate::data::spans::SpanIndex;
use std::path::{Component, Path, PathBuf};

/// Largest model file read (and largest glTF buffer file), in bytes.
pub const MAX_MODEL_BYTES: u64 = 64 * 1024 * 1024;

/// How a pack is loaded.
#[derive(Debug, Clone, PartialEq)]
pub struct LoadOptions {
    /// Triangles a model may have before it is simplified.
    pub budget: usize,
    /// Largest model file read, in bytes.
    pub max_file_bytes: u64,
    /// Where simplified meshes are kept; `None`: simplified on every load.
    pub cache_dir: Option<PathBuf>,
}

impl Default for LoadOptions {
    /// The budget and cap above, and the cache beside the user data.
    fn default() -> Self {
        Self {
            budget: DEFAULT_BUDGET,
            max_file_bytes: MAX_MODEL_BYTES,
            cache_dir: Some(crate::data::user_dir::model_cache_dir()),
        }
    }
}

/// The file formats read.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Format {
    /// `.gltf`: JSON with buffer files or `data:` URIs.
    Gltf,
    /// `.glb`: binary glTF.
    Glb,
    /// `.stl`: binary or ASCII.
    Stl,
}

impl Format {
    /// By the file's extension (any case).
    pub fn of(path: &str) -> Option<Format> {
        let ext = Path::new(path).extension()?.to_str()?.to_ascii_lowercase();
        match ext.as_str() {
            "gltf" => Some(Format::Gltf),
            "glb" => Some(Format::Glb),
            "stl" => Some(Format::Stl),
            _ => None,
        }
    }
    pub fn axes(self) -> FileAxes {
        match self {
            Format::Stl => FileAxes::ZUpFrontMinusY,
            _ => FileAxes::YUpFrontZ,
        }
    }
    /// The paint when the entry names none.
    pub fn default_paint(self) -> Paint {
        match self {
            Format::Stl => Paint::Side,
            _ => Paint::File,
        }
    }
}

/// What an entry draws.
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Target {
    /// A rule set's unit type: the rule set's key and the unit type as the rule set spells it.
    Unit { rules: String, unit: String },
    /// A terrain piece's label, as the levels spell it.
    Terrain { piece: String },
}

/// One entry of a manifest, checked and ready to load.
#[derive(Debug, Clone, PartialEq)]
pub struct PlannedEntry {
    pub target: Target,
    pub model: ModelEntry,
    /// The entry's path in the manifest (`units[2]`), for errors.
    pub field: String,
}

/// A pack's manifest read and checked, its entries not loaded yet: what a loader in the
/// background goes through one entry at a time ([`load_entry`]) to show progress.
#[derive(Debug, Clone)]
pub struct PackPlan {
    pub dir: PathBuf,
    /// The manifest's path as errors name it.
    pub manifest_file: String,
    pub manifest: Manifest,
    pub spans: SpanIndex,
    /// The entries without problems in the manifest.
    pub entries: Vec<PlannedEntry>,
}

/// A model loaded: its mesh turned into the project's axes (y up, front +x) by the file's
/// conventions and the entry's rotation, at most the budget's triangles; not yet fitted.
#[derive(Debug, Clone, PartialEq)]
pub struct PackModel {
    pub target: Target,
    pub entry: ModelEntry,
    /// The model file (canonical path).
    pub file: PathBuf,
    pub format: Format,
    pub mesh: PackMesh,
    /// The entry's paint, or the format's default.
    pub paint: Paint,
    /// Triangles in the file, before any simplification.
    pub file_triangles: usize,
    /// Simplified to the budget.
    pub simplified: bool,
    /// The simplified mesh was read from the cache.
    pub from_cache: bool,
    /// For a glTF file painted with its own colours: the file's bytes and those of the files it
    /// reads (buffers, images), each by its path relative to the model file's folder (the
    /// model file by its name), as checked here; the app hands them to Bevy's glTF loader,
    /// which makes the materials and textures. Empty otherwise.
    pub files: Vec<(String, Vec<u8>)>,
}

/// A loaded pack.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Pack {
    pub name: String,
    pub description: String,
    pub dir: PathBuf,
    pub models: Vec<PackModel>,
}

impl Pack {
    /// The model drawing a rule set's unit type (its name as the rule set or the manifest
    /// spells it).
    pub fn unit(&self, rules: &str, unit: &str) -> Option<&PackModel> {
        self.models.iter().find(|m| match &m.target {
            Target::Unit { rules: r, unit: u } => {
                r == rules && crate::data::names::same_name(u, unit)
            }
            _ => false,
        })
    }
    /// The model drawing terrain pieces labelled `label`.
    pub fn terrain(&self, label: &str) -> Option<&PackModel> {
        self.models.iter().find(|m| match &m.target {
            Target::Terrain { piece } => crate::data::names::same_name(piece, label),
            _ => false,
        })
    }
}

/// Reads and checks a pack's manifest: `(None, errors)` when it cannot be read or parsed;
/// otherwise the plan with the good entries and an error for each bad one.
pub fn plan_pack(dir: &Path, known: &Known) -> (Option<PackPlan>, Vec<LocatedError>) {
    let path = dir.join(MANIFEST_FILE);
    let file = path.display().to_string();
    if !dir.is_dir() {
        return (
            None,
            vec![LocatedError::whole_file(
                &dir.display().to_string(),
                "not a folder",
            )],
        );
    }
    let text = match crate::data::load::read_text(&path) {
        Ok(t) => t,
        Err(e) => return (None, vec![e]),
    };
    if text.trim().is_empty() {
        return (
            None,
            vec![LocatedError::whole_file(
                &file,
                "file is empty: expected a Pack(...)",
            )],
        );
    }
    let spans = SpanIndex::new(&text);
    let manifest: Manifest = match crate::data::load::from_ron(&file, &text, &spans) {
        Ok(m) => m,
        Err(e) => return (None, e),
    };
    let mut issues: Vec<Issue> = field_issues(&manifest);
    issues.extend(name_issues(&manifest, known));
    let bad = |field: &str| {
        issues.iter().any(|i| {
            i.path
                .strip_prefix(field)
                .is_some_and(|r| r.is_empty() || r.starts_with('.'))
        })
    };
    let mut entries = Vec::new();
    for (i, u) in manifest.units.iter().enumerate() {
        let field = format!("units[{i}]");
        if !bad(&field) {
            entries.push(PlannedEntry {
                target: Target::Unit {
                    rules: u.rules.clone(),
                    unit: known.unit(&u.rules, &u.unit).unwrap_or(&u.unit).to_string(),
                },
                model: u.model(),
                field,
            });
        }
    }
    for (i, t) in manifest.terrain.iter().enumerate() {
        let field = format!("terrain[{i}]");
        if !bad(&field) {
            entries.push(PlannedEntry {
                target: Target::Terrain {
                    piece: known.piece(&t.piece).unwrap_or(&t.piece).to_string(),
                },
                model: t.model(),
                field,
            });
        }
    }
    let errors = locate_all(&file, &spans, &issues);
    (
        Some(PackPlan {
            dir: dir.to_path_buf(),
            manifest_file: file,
            manifest,
            spans,
            entries,
        }),
        errors,
    )
}

/// Loads a pack's folder: the pack with every model that loaded, and one located error per
/// problem (each skipped entry named).
pub fn load_pack(dir: &Path, known: &Known, opts: &LoadOptions) -> (Pack, Vec<LocatedError>) {
    let (plan, mut errors) = plan_pack(dir, known);
    let mut pack = Pack {
        name: dir
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_default(),
        dir: dir.to_path_buf(),
        ..Default::default()
    };
    let Some(plan) = plan else {
        return (pack, errors);
    };
    pack.name = plan.manifest.name.clone();
    pack.description = plan.manifest.description.clone();
    for e in &plan.entries {
        match load_entry(&plan, e, opts) {
            Ok(m) => pack.models.push(m),
            Err(err) => errors.push(err),
        }
    }
    (pack, errors)
}

/// Whether a path written in a manifest or a glTF file stays inside its folder as written:
/// relative, without `..`.
fn relative_inside(rel: &str) -> Result<&Path, String> {
    let p = Path::new(rel);
    let drive = rel.len() >= 2 && rel.as_bytes()[1] == b':';
    if p.is_absolute() || rel.starts_with('/') || rel.starts_with('\\') || drive {
        return Err(format!(
            "`{rel}` is an absolute path: files are named relative to the pack's folder"
        ));
    }
    if p.components().any(|c| matches!(c, Component::ParentDir)) || rel.contains("..\\") {
        return Err(format!("`{rel}` leaves the pack's folder (`..`)"));
    }
    Ok(p)
}

/// Reads `rel` (relative to `base`, a folder inside `root`) when it stays inside `root` once
/// symbolic links are followed and is at most `cap` bytes.
pub fn read_inside(
    root: &Path,
    base: &Path,
    rel: &str,
    cap: u64,
) -> Result<(PathBuf, Vec<u8>), String> {
    let p = relative_inside(rel)?;
    let full = base.join(p);
    let meta = std::fs::metadata(&full).map_err(|e| match e.kind() {
        std::io::ErrorKind::NotFound => format!("file `{rel}` not found"),
        _ => format!("cannot read `{rel}`: {e}"),
    })?;
    let canon_root = root
        .canonicalize()
        .map_err(|e| format!("cannot read the pack's folder: {e}"))?;
    let canon = full
        .canonicalize()
        .map_err(|e| format!("cannot read `{rel}`: {e}"))?;
    if !canon.starts_with(&canon_root) {
        return Err(format!(
            "`{rel}` leaves the pack's folder (a symbolic link to {})",
            canon.display()
        ));
    }
    if meta.is_dir() {
        return Err(format!("`{rel}` is a folder, not a file"));
    }
    if meta.len() > cap {
        return Err(format!(
            "`{rel}` is {} bytes, more than the limit of {cap} bytes",
            meta.len()
        ));
    }
    let bytes = std::fs::read(&canon).map_err(|e| format!("cannot read `{rel}`: {e}"))?;
    if bytes.len() as u64 > cap {
        return Err(format!("`{rel}` grew past the size limit while being read"));
    }
    Ok((canon, bytes))
}

/// Reads a model file's bytes in `format`; `gltf_dir` is the folder its buffer files are
/// relative to, inside `root`.
pub fn read_model(
    bytes: &[u8],
    format: Format,
    root: &Path,
    gltf_dir: &Path,
    cap: u64,
) -> Result<PackMesh, (usize, usize, String, String)> {
    read_model_files(bytes, format, root, gltf_dir, cap).map(|(m, _)| m)
}

/// [`read_model`], with the files a glTF file read besides itself (buffers, images), each by
/// the path its URI names.
pub fn read_model_files(
    bytes: &[u8],
    format: Format,
    root: &Path,
    gltf_dir: &Path,
    cap: u64,
) -> Result<(PackMesh, Vec<(String, Vec<u8>)>), (usize, usize, String, String)> {
    match format {
        Format::Stl => stl::read_stl(bytes)
            .map(|m| (m, Vec::new()))
            .map_err(|e| (e.line, e.col, e.field, e.message)),
        Format::Glb | Format::Gltf => {
            if format == Format::Glb && !bytes.starts_with(b"glTF") {
                return Err((
                    1,
                    1,
                    "header".into(),
                    "wrong magic: a .glb starts with 'glTF'".into(),
                ));
            }
            let read = std::cell::RefCell::new(Vec::new());
            let external = |uri: &str| {
                let got = read_inside(root, gltf_dir, uri, cap).map(|(_, b)| b);
                if let Ok(b) = &got
                    && !read
                        .borrow()
                        .iter()
                        .any(|(u, _): &(String, Vec<u8>)| u == uri)
                {
                    read.borrow_mut().push((uri.to_string(), b.clone()));
                }
                got
            };
            let mesh = gltf_read::read_gltf(bytes, &external)
                .map_err(|e| (e.line, e.col, e.field, e.message))?;
            Ok((mesh, read.into_inner()))
        }
    }
}

/// Loads one planned entry: its file checked, read, simplified (through the cache) and turned
/// into the project's axes. The error names the manifest's line for a file that cannot be
/// read, and the model file for one that does not parse.
pub fn load_entry(
    plan: &PackPlan,
    e: &PlannedEntry,
    opts: &LoadOptions,
) -> Result<PackModel, LocatedError> {
    let field = format!("{}.file", e.field);
    let in_manifest = |message: String| {
        LocatedError::locate(
            &plan.manifest_file,
            &plan.spans,
            &Issue::new(&field, message),
        )
    };
    let format = Format::of(&e.model.file).ok_or_else(|| {
        in_manifest(format!(
            "`{}`: not a model file this reads (.glb, .gltf or .stl)",
            e.model.file
        ))
    })?;
    let (canon, bytes) = read_inside(&plan.dir, &plan.dir, &e.model.file, opts.max_file_bytes)
        .map_err(in_manifest)?;
    let gltf_dir = canon.parent().unwrap_or(&plan.dir).to_path_buf();
    let shown = plan.dir.join(&e.model.file).display().to_string();
    let (mut mesh, read) =
        read_model_files(&bytes, format, &plan.dir, &gltf_dir, opts.max_file_bytes).map_err(
            |(line, col, field, message)| LocatedError {
                file: shown.clone(),
                line,
                col,
                field,
                message,
            },
        )?;
    let file_triangles = mesh.triangles();
    let (mut simplified, mut from_cache) = (false, false);
    if file_triangles > opts.budget {
        simplified = true;
        // A .gltf's buffer files are part of what is cached: its mesh is in the key too.
        let mut key = bytes.clone();
        if format == Format::Gltf {
            for p in &mesh.positions {
                for c in p {
                    key.extend_from_slice(&c.to_le_bytes());
                }
            }
            for i in &mesh.indices {
                key.extend_from_slice(&i.to_le_bytes());
            }
        }
        let cached = opts
            .cache_dir
            .as_ref()
            .map(|d| cache_path(d, &key, opts.budget));
        match cached.as_ref().and_then(|p| read_cached(p, opts.budget)) {
            Some(m) => {
                mesh = m;
                from_cache = true;
            }
            None => {
                mesh = simplify(&mesh, opts.budget);
                if let Some(p) = &cached {
                    // A cache that cannot be written only costs the next load time.
                    let _ = write_cached(p, &mesh);
                }
            }
        }
    }
    orient(&mut mesh, format.axes(), e.model.rotation);
    let paint = e.model.paint.unwrap_or(format.default_paint());
    let files = if format != Format::Stl && paint == Paint::File {
        let name = Path::new(&e.model.file)
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_default();
        let mut files = vec![(name, bytes)];
        files.extend(read);
        files
    } else {
        Vec::new()
    };
    Ok(PackModel {
        target: e.target.clone(),
        entry: e.model.clone(),
        file: canon,
        format,
        mesh,
        paint,
        file_triangles,
        simplified,
        from_cache,
        files,
    })
}

/// The packs' folders found in `root` (each sub-folder with a `pack.ron`), sorted by name.
pub fn packs_in(root: &Path) -> Vec<PathBuf> {
    let Ok(rd) = std::fs::read_dir(root) else {
        return Vec::new();
    };
    let mut v: Vec<PathBuf> = rd
        .filter_map(Result::ok)
        .map(|e| e.path())
        .filter(|p| p.join(MANIFEST_FILE).is_file())
        .collect();
    v.sort();
    v
}

/// The folder of the packs shipped with the program (`assets/packs`).
pub fn shipped_packs_dir() -> PathBuf {
    crate::data::load::resolve_data_path(Path::new("assets/packs"))
}

impl Pack {
    /// One line: the pack's name, its models and their triangles.
    pub fn summary(&self) -> String {
        let units = self
            .models
            .iter()
            .filter(|m| matches!(m.target, Target::Unit { .. }))
            .count();
        let tris: usize = self.models.iter().map(|m| m.mesh.triangles()).sum();
        let simplified = self.models.iter().filter(|m| m.simplified).count();
        format!(
            "{}: {} unit models, {} terrain models, {} triangles drawn, {} simplified",
            self.name,
            units,
            self.models.len() - units,
            tris,
            simplified
        )
    }
}
