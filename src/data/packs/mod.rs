//! Model packs: players' own miniatures and terrain, drawn instead of the built-in figures. A
//! pack is a folder with a RON manifest (`pack.ron`) mapping a rule set's unit type or a
//! terrain piece's label to a model file (glTF 2.0 `.gltf`/`.glb`, binary or ASCII STL). This
//! is the pure part: the manifest and its checks, the readers and writers, the mesh, the
//! fitting to a base or a piece's box, and simplification with its cache. A pack changes what
//! is drawn, never what the rules measure.

pub mod fit;
pub mod glb_write;
pub mod gltf_read;
pub mod load;
pub mod manifest;
pub mod mesh;
pub mod simplify;
pub mod stl;

pub use fit::{FileAxes, Fit, fit_miniature, fit_terrain, orient, orientation};
pub use glb_write::{GlbTexture, write_glb, write_glb_textured};
pub use load::{
    Format, LoadOptions, MAX_MODEL_BYTES, Pack, PackModel, PackPlan, PlannedEntry, Target,
    load_entry, load_pack, packs_in, plan_pack, shipped_packs_dir,
};
pub use manifest::{
    Known, MANIFEST_FILE, Manifest, ModelEntry, Paint, TerrainEntry, UnitEntry, parse_manifest,
};
pub use mesh::{Bounds, MeshPart, PackMesh};
pub use simplify::{DEFAULT_BUDGET, simplify};
pub use stl::{read_stl, write_stl};

/// Every pack found: the shipped ones, then the player's own (`<user data>/packs`).
pub fn all_pack_dirs() -> Vec<std::path::PathBuf> {
    let mut v = packs_in(&shipped_packs_dir());
    v.extend(packs_in(&crate::data::user_dir::user_packs_dir()));
    v
}
