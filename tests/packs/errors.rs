//! Every bad pack and model file is refused with one located error that names the file, the
//! line and column, and the field: manifest syntax and fields, names no rule set has, missing
//! and unreadable files, paths leaving the pack, files over the size cap, and model files that
//! do not parse. The good entries of a pack still load.

use super::*;
use wartable::data::error::LocatedError;
use wartable::data::packs::load_pack;

fn glb_box() -> Vec<u8> {
    write_glb(&standing_box(1.0, 2.0, 1.0))
}

/// The errors of loading a pack made of `manifest` and `files`.
fn errors_of(name: &str, manifest: &str, files: &[(&str, &[u8])]) -> (PathBuf, Vec<LocatedError>) {
    let dir = pack(name, manifest, files);
    let (_, errors) = load_pack(&dir, &known(), &no_cache());
    (dir, errors)
}

/// The one error, as `file:line:column: field: message`.
fn one(errors: &[LocatedError]) -> String {
    assert_eq!(errors.len(), 1, "{errors:#?}");
    errors[0].to_string()
}

/// The error of one unit entry naming `file` (the file given as `files`).
fn model_error(name: &str, file: &str, bytes: &[u8]) -> (PathBuf, String) {
    let (dir, e) = errors_of(
        name,
        &manifest(&[("kog-light", "Kämpfer", file)]),
        &[(file, bytes)],
    );
    (dir, one(&e))
}

#[test]
fn a_manifest_syntax_error_is_located() {
    let text = "Pack(\n    name: \"Bad\",\n    units: [\n        (rules: \"kog-light\", unit: \"Kämpfer\" file: \"a.glb\"),\n    ],\n)\n";
    let (dir, e) = errors_of("syntax", text, &[("a.glb", &glb_box())]);
    let e = one(&e);
    assert!(e.starts_with(&format!("{}:4:", manifest_path(&dir))), "{e}");
    assert!(e.contains("units[0]"), "{e}");
}

#[test]
fn an_unknown_field_is_located() {
    let text = "Pack(\n    name: \"Bad\",\n    units: [\n        (rules: \"kog-light\", unit: \"Kämpfer\", file: \"a.glb\", colour: Side),\n    ],\n)\n";
    let (dir, e) = errors_of("unknown-field", text, &[("a.glb", &glb_box())]);
    let e = one(&e);
    assert!(e.starts_with(&format!("{}:4:", manifest_path(&dir))), "{e}");
    assert!(e.contains("colour"), "{e}");
}

#[test]
fn a_bad_scale_is_located_and_the_other_entries_load() {
    let text = "Pack(\n    name: \"Scale\",\n    units: [\n        (rules: \"kog-light\", unit: \"Kämpfer\", file: \"a.glb\", scale: Some(-2.0)),\n        (rules: \"kog-light\", unit: \"Ocelot\", file: \"a.glb\"),\n    ],\n)\n";
    let dir = pack("scale", text, &[("a.glb", &glb_box())]);
    let (p, errors) = load_pack(&dir, &known(), &no_cache());
    let (l, c) = at(text, "Some(-2.0)");
    assert_eq!(
        one(&errors),
        format!(
            "{}:{l}:{c}: units[0].scale: scale -2 is not a number above 0 and at most 1000",
            manifest_path(&dir)
        )
    );
    assert_eq!(p.models.len(), 1, "the good entry loads");
    assert!(p.unit("kog-light", "Ocelot").is_some());
}

#[test]
fn a_unit_type_no_rule_set_has_is_refused() {
    let text = manifest(&[("kog-light", "Zeppelin", "a.glb")]);
    let (dir, e) = errors_of("unit-type", &text, &[("a.glb", &glb_box())]);
    let (l, c) = at(&text, "\"Zeppelin\"");
    assert_eq!(
        one(&e),
        format!(
            "{}:{l}:{c}: units[0].unit: kog-light has no unit type 'Zeppelin'",
            manifest_path(&dir)
        )
    );
}

#[test]
fn a_rule_set_that_does_not_exist_is_refused() {
    let text = manifest(&[("kog-heavy", "Kämpfer", "a.glb")]);
    let (dir, e) = errors_of("rules", &text, &[("a.glb", &glb_box())]);
    let (l, c) = at(&text, "\"kog-heavy\"");
    assert_eq!(
        one(&e),
        format!(
            "{}:{l}:{c}: units[0].rules: no rule set 'kog-heavy' (known: dndalike, kog-light, krig, kry-gothic, ktog)",
            manifest_path(&dir)
        )
    );
}

#[test]
fn a_piece_label_no_level_has_is_refused() {
    let text = "Pack(\n    name: \"T\",\n    terrain: [\n        (piece: \"Castle\", file: \"a.glb\"),\n        (piece: \"crate STACK\", file: \"a.glb\"),\n    ],\n)\n";
    let dir = pack("piece", text, &[("a.glb", &glb_box())]);
    let (p, e) = load_pack(&dir, &known(), &no_cache());
    let (l, c) = at(text, "\"Castle\"");
    assert_eq!(
        one(&e),
        format!(
            "{}:{l}:{c}: terrain[0].piece: no level has a terrain piece labelled 'Castle'",
            manifest_path(&dir)
        )
    );
    assert!(
        p.terrain("Crate stack").is_some(),
        "the label matches folded"
    );
}

#[test]
fn a_missing_file_is_named_at_its_entry() {
    let text = manifest(&[("kog-light", "Kämpfer", "gone.glb")]);
    let (dir, e) = errors_of("missing", &text, &[]);
    let (l, c) = at(&text, "\"gone.glb\"");
    assert_eq!(
        one(&e),
        format!(
            "{}:{l}:{c}: units[0].file: file `gone.glb` not found",
            manifest_path(&dir)
        )
    );
}

#[test]
fn paths_leaving_the_pack_are_refused() {
    let text = manifest(&[
        ("kog-light", "Kämpfer", "../outside.glb"),
        ("kog-light", "Ocelot", "/etc/hostname.stl"),
        ("kog-light", "Panther", "models/../../x.glb"),
    ]);
    let (dir, e) = errors_of("escape", &text, &[]);
    let m = manifest_path(&dir);
    let lines: Vec<String> = e.iter().map(ToString::to_string).collect();
    assert_eq!(lines.len(), 3, "{lines:#?}");
    let (l, c) = at(&text, "\"../outside.glb\"");
    assert_eq!(
        lines[0],
        format!("{m}:{l}:{c}: units[0].file: `../outside.glb` leaves the pack's folder (`..`)")
    );
    let (l, c) = at(&text, "\"/etc/hostname.stl\"");
    assert_eq!(
        lines[1],
        format!(
            "{m}:{l}:{c}: units[1].file: `/etc/hostname.stl` is an absolute path: files are named relative to the pack's folder"
        )
    );
    assert!(lines[2].contains("units[2].file: `models/../../x.glb` leaves the pack's folder"));
}

#[cfg(unix)]
#[test]
fn a_symbolic_link_out_of_the_pack_is_refused() {
    let outside = crate::common::temp_dir("pack-outside");
    std::fs::write(outside.join("secret.glb"), glb_box()).expect("write");
    let text = manifest(&[("kog-light", "Kämpfer", "link.glb")]);
    let dir = pack("symlink", &text, &[]);
    std::os::unix::fs::symlink(outside.join("secret.glb"), dir.join("link.glb")).expect("link");
    let (_, e) = load_pack(&dir, &known(), &no_cache());
    let (l, c) = at(&text, "\"link.glb\"");
    let e = one(&e);
    assert!(
        e.starts_with(&format!(
            "{}:{l}:{c}: units[0].file: `link.glb` leaves the pack's folder (a symbolic link to ",
            manifest_path(&dir)
        )),
        "{e}"
    );
    // A link inside the pack is fine.
    std::fs::write(dir.join("real.glb"), glb_box()).expect("write");
    let _ = std::fs::remove_file(dir.join("link.glb"));
    std::os::unix::fs::symlink(dir.join("real.glb"), dir.join("link.glb")).expect("link");
    let (p, e) = load_pack(&dir, &known(), &no_cache());
    assert!(e.is_empty(), "{e:?}");
    assert_eq!(p.models.len(), 1);
}

#[test]
fn a_file_over_the_size_cap_is_refused() {
    let stl = write_stl(&standing_box(1.0, 1.0, 1.0), "");
    assert_eq!(stl.len(), 84 + 50 * 12);
    let text = manifest(&[("kog-light", "Kämpfer", "big.stl")]);
    let dir = pack("cap", &text, &[("big.stl", &stl)]);
    let opts = LoadOptions {
        max_file_bytes: 500,
        ..no_cache()
    };
    let (_, e) = load_pack(&dir, &known(), &opts);
    let (l, c) = at(&text, "\"big.stl\"");
    assert_eq!(
        one(&e),
        format!(
            "{}:{l}:{c}: units[0].file: `big.stl` is 684 bytes, more than the limit of 500 bytes",
            manifest_path(&dir)
        )
    );
}

#[test]
fn a_truncated_glb_is_refused() {
    let glb = glb_box();
    let (dir, e) = model_error("glb-truncated", "a.glb", &glb[..glb.len() / 2]);
    assert_eq!(
        e,
        format!(
            "{}:1:1: header: header says {} bytes, file holds {}",
            dir.join("a.glb").display(),
            glb.len(),
            glb.len() / 2
        )
    );
}

#[test]
fn a_glb_with_the_wrong_magic_is_refused() {
    let mut glb = glb_box();
    glb[0..4].copy_from_slice(b"GLTF");
    let (dir, e) = model_error("glb-magic", "a.glb", &glb);
    assert_eq!(
        e,
        format!(
            "{}:1:1: header: wrong magic: a .glb starts with 'glTF'",
            dir.join("a.glb").display()
        )
    );
}

#[test]
fn a_gltf_whose_buffer_is_missing_is_refused() {
    let (text, _) = gltf_text(&standing_box(1.0, 1.0, 1.0), "gone.bin");
    let (dir, e) = model_error("gltf-no-buffer", "a.gltf", text.as_bytes());
    assert_eq!(
        e,
        format!(
            "{}:1:1: buffer 0: file `gone.bin` not found",
            dir.join("a.gltf").display()
        )
    );
}

#[test]
fn a_gltf_buffer_shorter_than_it_says_is_refused() {
    let (text, bin) = gltf_text(&standing_box(1.0, 1.0, 1.0), "a.bin");
    let dir = pack(
        "gltf-short-buffer",
        &manifest(&[("kog-light", "Kämpfer", "a.gltf")]),
        &[
            ("a.gltf", text.as_bytes()),
            ("a.bin", &bin[..bin.len() - 8]),
        ],
    );
    let (_, e) = load_pack(&dir, &known(), &no_cache());
    assert_eq!(
        one(&e),
        format!(
            "{}:1:1: buffer 0: holds {} bytes, the file says {}",
            dir.join("a.gltf").display(),
            bin.len() - 8,
            bin.len()
        )
    );
}

#[test]
fn a_gltf_json_error_is_located_at_its_line() {
    let (text, _) = gltf_text(&standing_box(1.0, 1.0, 1.0), "a.bin");
    let broken = text.replacen("\"asset\"", "\"asset\" oops", 1);
    let (l, _) = at(&broken, "oops");
    let (dir, e) = model_error("gltf-json", "a.gltf", broken.as_bytes());
    assert!(
        e.starts_with(&format!("{}:{l}:", dir.join("a.gltf").display())),
        "{e}"
    );
    assert!(e.contains("not glTF JSON"), "{e}");
}

#[test]
fn nan_and_infinite_vertices_are_refused() {
    let mut m = standing_box(1.0, 1.0, 1.0);
    m.positions[3][1] = f32::NAN;
    let (dir, e) = model_error("glb-nan", "a.glb", &write_glb(&m));
    assert_eq!(
        e,
        format!(
            "{}:1:1: accessor 0: vertex 3 is not a finite number (NaN or infinite)",
            dir.join("a.glb").display()
        )
    );
    let mut m = standing_box(1.0, 1.0, 1.0);
    m.positions[0][2] = f32::INFINITY;
    let stl = write_stl(&m, "");
    let (dir, e) = model_error("stl-inf", "a.stl", &stl);
    // Vertex 0 is the first corner of facet 0.
    assert_eq!(
        e,
        format!(
            "{}:1:1: facet 0: vertex 1 is not a finite number (byte 96)",
            dir.join("a.stl").display()
        )
    );
    let text = ascii_stl(&standing_box(1.0, 1.0, 1.0)).replacen("vertex -0.5", "vertex nan", 1);
    let (l, c) = at(&text, "vertex nan");
    let (dir, e) = model_error("stl-ascii-nan", "a.stl", text.as_bytes());
    assert_eq!(
        e,
        format!(
            "{}:{l}:{c}: facet 0: vertex is not a finite number",
            dir.join("a.stl").display()
        )
    );
}

#[test]
fn files_without_triangles_are_refused() {
    let empty = write_stl(&PackMesh::default(), "nothing");
    assert_eq!(empty.len(), 84);
    let (dir, e) = model_error("stl-empty", "a.stl", &empty);
    assert_eq!(
        e,
        format!("{}:1:1: no triangles", dir.join("a.stl").display())
    );
    // A glTF of points only.
    let (mut json, bin) = glb_parts(&glb_box());
    json["meshes"][0]["primitives"][0]["mode"] = serde_json::json!(0);
    json["buffers"][0]["uri"] = serde_json::json!("a.bin");
    let text = serde_json::to_string(&json).expect("json");
    let dir = pack(
        "gltf-points",
        &manifest(&[("kog-light", "Kämpfer", "a.gltf")]),
        &[("a.gltf", text.as_bytes()), ("a.bin", &bin)],
    );
    let (_, e) = load_pack(&dir, &known(), &no_cache());
    assert_eq!(
        one(&e),
        format!("{}:1:1: meshes: no triangles", dir.join("a.gltf").display())
    );
}

#[test]
fn truncated_stl_files_are_refused() {
    let stl = write_stl(&standing_box(1.0, 1.0, 1.0), "");
    let (dir, e) = model_error("stl-truncated", "a.stl", &stl[..400]);
    assert_eq!(
        e,
        format!(
            "{}:1:1: header: binary STL: header says 12 triangles (684 bytes), file holds 400 bytes",
            dir.join("a.stl").display()
        )
    );
    let text = ascii_stl(&standing_box(1.0, 1.0, 1.0));
    let cut = &text[..text.find("endloop").expect("a loop") - 1];
    let (dir, e) = model_error("stl-ascii-truncated", "a.stl", cut.as_bytes());
    let last_vertex = cut.rfind("vertex").expect("vertex");
    let line = cut[..last_vertex].matches('\n').count() + 1;
    assert!(
        e.starts_with(&format!("{}:{line}:", dir.join("a.stl").display())),
        "{e}"
    );
    assert!(
        e.ends_with("facet 0: file ends where 'endloop' was expected"),
        "{e}"
    );
}

#[test]
fn a_required_extension_that_cannot_be_drawn_is_named() {
    let (mut json, bin) = glb_parts(&glb_box());
    json["extensionsUsed"] = serde_json::json!(["KHR_draco_mesh_compression"]);
    json["extensionsRequired"] = serde_json::json!(["KHR_draco_mesh_compression"]);
    json["buffers"][0]["uri"] = serde_json::json!("a.bin");
    let text = serde_json::to_string(&json).expect("json");
    let dir = pack(
        "gltf-draco",
        &manifest(&[("kog-light", "Kämpfer", "a.gltf")]),
        &[("a.gltf", text.as_bytes()), ("a.bin", &bin)],
    );
    let (_, e) = load_pack(&dir, &known(), &no_cache());
    assert_eq!(
        one(&e),
        format!(
            "{}:1:1: extensionsRequired[0]: requires the extension KHR_draco_mesh_compression, which cannot be drawn",
            dir.join("a.gltf").display()
        )
    );
}

#[test]
fn an_accessor_past_its_view_is_refused() {
    let (mut json, bin) = glb_parts(&glb_box());
    json["accessors"][0]["count"] = serde_json::json!(9);
    json["buffers"][0]["uri"] = serde_json::json!("a.bin");
    let text = serde_json::to_string(&json).expect("json");
    let dir = pack(
        "gltf-accessor",
        &manifest(&[("kog-light", "Kämpfer", "a.gltf")]),
        &[("a.gltf", text.as_bytes()), ("a.bin", &bin)],
    );
    let (_, e) = load_pack(&dir, &known(), &no_cache());
    assert_eq!(
        one(&e),
        format!(
            "{}:1:1: accessor 0: 9 elements run past the end of bufferView 0 (96 bytes)",
            dir.join("a.gltf").display()
        )
    );
}

#[test]
fn a_folder_without_a_manifest_is_one_error() {
    let dir = crate::common::temp_dir("pack-no-manifest");
    let (p, e) = load_pack(&dir, &known(), &no_cache());
    assert!(p.models.is_empty());
    let e = one(&e);
    assert!(
        e.starts_with(&format!("{}:1:1: cannot read:", manifest_path(&dir))),
        "{e}"
    );
}

#[test]
fn a_gltf_buffer_outside_the_pack_is_refused() {
    let (text, bin) = gltf_text(&standing_box(1.0, 1.0, 1.0), "../a.bin");
    let dir = pack(
        "gltf-buffer-escape",
        &manifest(&[("kog-light", "Kämpfer", "models/a.gltf")]),
        &[("models/a.gltf", text.as_bytes()), ("a.bin", &bin)],
    );
    // The buffer sits inside the pack, but the path climbs out of the model's folder first:
    // `..` is refused wherever it leads.
    let (_, e) = load_pack(&dir, &known(), &no_cache());
    assert_eq!(
        one(&e),
        format!(
            "{}:1:1: buffer 0: `../a.bin` leaves the pack's folder (`..`)",
            dir.join("models/a.gltf").display()
        )
    );
}
