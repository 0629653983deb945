//! The model packs as the app names them: an id per pack folder (`shipped/<folder>` for the
//! packs shipped with the program, `user/<folder>` for the player's own), the packs found, and
//! the player's own pack `mine`, where "Choose file..." copies a model file and writes its
//! manifest entry.

use crate::data::packs::manifest::{Manifest, UnitEntry, parse_manifest, to_ron_string};
use crate::data::packs::{MANIFEST_FILE, all_pack_dirs, shipped_packs_dir};
use crate::data::user_dir::user_packs_dir;
use std::path::{Path, PathBuf};

/// The folder of the player's own pack, under the user's packs.
pub const MINE: &str = "mine";

/// The shipped example pack's id.
pub const EXAMPLE: &str = "shipped/example";

/// A pack folder's id: `shipped/<folder>` under the shipped packs, else `user/<folder>`.
pub fn pack_id(dir: &Path) -> String {
    let name = dir
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    let shipped = shipped_packs_dir();
    let under_shipped = dir.parent().is_some_and(|p| {
        p == shipped
            || p.canonicalize()
                .ok()
                .is_some_and(|c| shipped.canonicalize().is_ok_and(|s| s == c))
    });
    if under_shipped {
        format!("shipped/{name}")
    } else {
        format!("user/{name}")
    }
}

/// Every pack found, with its id: the shipped ones, then the player's own.
pub fn found_packs() -> Vec<(String, PathBuf)> {
    all_pack_dirs()
        .into_iter()
        .map(|d| (pack_id(&d), d))
        .collect()
}

/// The player's own pack's folder.
pub fn mine_dir() -> PathBuf {
    user_packs_dir().join(MINE)
}

/// A file name safe in a pack's folder: letters, digits, `-`, `_` and `.` kept, the rest `_`.
fn safe_file_name(name: &str) -> String {
    let s: String = name
        .chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() || matches!(c, '-' | '_' | '.') {
                c
            } else {
                '_'
            }
        })
        .collect();
    s.trim_start_matches('.').to_string()
}

/// Copies the files a `.gltf` at `src` names beside itself (its buffers and images) into
/// `pack_dir` at the same relative paths, so that the copy reads as the original does. A path
/// that would leave the folder (`..`, absolute, a drive) is not copied: the pack check then names
/// the file as missing.
fn copy_beside(src: &Path, pack_dir: &Path) -> Result<(), String> {
    if crate::data::packs::Format::of(&src.to_string_lossy())
        != Some(crate::data::packs::Format::Gltf)
    {
        return Ok(());
    }
    let bytes = std::fs::read(src).map_err(|e| format!("{}: {e}", src.display()))?;
    let from = src.parent().unwrap_or(Path::new("."));
    for rel in crate::data::packs::gltf_read::external_files(&bytes) {
        let p = Path::new(&rel);
        let inside = p
            .components()
            .all(|c| matches!(c, std::path::Component::Normal(_)));
        if !inside {
            continue;
        }
        let (a, b) = (from.join(p), pack_dir.join(p));
        if let Some(dir) = b.parent() {
            std::fs::create_dir_all(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
        }
        std::fs::copy(&a, &b).map_err(|e| format!("{}: {e}", a.display()))?;
    }
    Ok(())
}

/// Assigns the model file `src` to a rule set's unit type in the pack at `pack_dir` (created if
/// needed): the file is copied into the pack's folder and the manifest's entry for that unit
/// type written (any earlier one replaced). Returns the file's name in the pack.
pub fn assign_model(
    pack_dir: &Path,
    rules: &str,
    unit: &str,
    src: &Path,
) -> Result<String, String> {
    let name = src
        .file_name()
        .map(|n| safe_file_name(&n.to_string_lossy()))
        .filter(|n| !n.is_empty())
        .ok_or_else(|| format!("{}: not a file", src.display()))?;
    if crate::data::packs::Format::of(&name).is_none() {
        return Err(format!("{name}: not a model file (.glb, .gltf or .stl)"));
    }
    std::fs::create_dir_all(pack_dir).map_err(|e| format!("{}: {e}", pack_dir.display()))?;
    let manifest_path = pack_dir.join(MANIFEST_FILE);
    let mut manifest = match std::fs::read_to_string(&manifest_path) {
        Ok(text) => parse_manifest(&manifest_path.display().to_string(), &text).map_err(|es| {
            es.iter()
                .map(|e| e.to_string())
                .collect::<Vec<_>>()
                .join("\n")
        })?,
        Err(_) => Manifest {
            name: "My models".into(),
            description: "Models chosen in the program's Model packs window.".into(),
            units: Vec::new(),
            terrain: Vec::new(),
        },
    };
    let dest = pack_dir.join(&name);
    let same = src.canonicalize().ok() == dest.canonicalize().ok();
    if !same {
        std::fs::copy(src, &dest).map_err(|e| format!("{}: {e}", src.display()))?;
        copy_beside(src, pack_dir)?;
    }
    manifest
        .units
        .retain(|u| !(u.rules == rules && crate::data::names::same_name(&u.unit, unit)));
    manifest.units.push(UnitEntry {
        rules: rules.into(),
        unit: unit.into(),
        file: name.clone(),
        scale: None,
        rotation: (0.0, 0.0, 0.0),
        offset: (0.0, 0.0, 0.0),
        paint: None,
    });
    let text = to_ron_string(&manifest).map_err(|e| e.to_string())?;
    let tmp = manifest_path.with_extension("ron.tmp");
    std::fs::write(&tmp, text).map_err(|e| format!("{}: {e}", tmp.display()))?;
    std::fs::rename(&tmp, &manifest_path)
        .map_err(|e| format!("{}: {e}", manifest_path.display()))?;
    Ok(name)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn file_names_stay_in_the_pack() {
        assert_eq!(safe_file_name("../../etc/x.glb"), "_.._etc_x.glb");
        assert_eq!(safe_file_name("Orc Boss.STL"), "Orc_Boss.STL");
        assert_eq!(safe_file_name(".hidden.glb"), "hidden.glb");
    }

    #[test]
    fn packs_are_named_by_where_they_live() {
        assert_eq!(pack_id(&shipped_packs_dir().join("example")), EXAMPLE);
        assert_eq!(pack_id(Path::new("/somewhere/else/mine")), "user/mine");
    }
}
