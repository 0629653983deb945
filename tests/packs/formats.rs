//! Each file format loads through a pack: glTF with a .bin file, glTF with a data: URI, .glb,
//! binary STL, ASCII STL, and a binary STL whose header starts with "solid ". The same box is
//! written in each, and each loads as that box turned into the table's axes.

use super::*;
use base64::Engine;
use wartable::data::packs::{Format, Target, load_pack};

/// A box in glTF's axes wholly in front of the model (z from 0 to 4), x from -1 to 1, 3 tall.
fn gltf_box() -> PackMesh {
    cuboid([-1.0, 0.0, 0.0], [1.0, 3.0, 4.0], [0.8, 0.1, 0.1, 1.0])
}

/// The same box in STL's axes: z up, the front at -y.
fn stl_box() -> PackMesh {
    cuboid([-1.0, -4.0, 0.0], [1.0, 0.0, 3.0], [1.0; 4])
}

/// Loads the pack and checks that its one model is the box, its front (glTF +z, STL -y) turned
/// to +x: x from 0 to 4, y from 0 to 3, z from -1 to 1.
fn loads_as_the_box(name: &str, file: &str, files: &[(&str, &[u8])], format: Format) -> PackMesh {
    let dir = pack(name, &manifest(&[("kog-light", "Kämpfer", file)]), files);
    let (p, errors) = load_pack(&dir, &known(), &no_cache());
    assert!(errors.is_empty(), "{name}: {errors:?}");
    assert_eq!(p.models.len(), 1);
    let m = &p.models[0];
    assert_eq!(m.format, format);
    assert_eq!(
        m.target,
        Target::Unit {
            rules: "kog-light".into(),
            unit: "Kämpfer".into()
        }
    );
    assert_eq!(m.mesh.triangles(), 12, "{name}");
    assert_eq!(
        m.mesh.positions.len(),
        8,
        "{name}: vertices welded or shared"
    );
    let b = m.mesh.bounds().expect("bounds");
    for (got, want) in b.min.iter().zip([0.0, 0.0, -1.0]) {
        assert!((got - want).abs() < 1e-5, "{name}: min {:?}", b.min);
    }
    for (got, want) in b.max.iter().zip([4.0, 3.0, 1.0]) {
        assert!((got - want).abs() < 1e-5, "{name}: max {:?}", b.max);
    }
    // Every normal points away from the box's centre (the triangles face out).
    let c = b.centre();
    for t in m.mesh.indices.chunks_exact(3) {
        let p = [t[0], t[1], t[2]].map(|i| m.mesh.positions[i as usize]);
        let n = cross(sub(p[1], p[0]), sub(p[2], p[0]));
        let mid = [0, 1, 2].map(|k| (p[0][k] + p[1][k] + p[2][k]) / 3.0 - c[k]);
        assert!(
            n[0] * mid[0] + n[1] * mid[1] + n[2] * mid[2] > 0.0,
            "{name}: a triangle faces in"
        );
    }
    m.mesh.clone()
}

fn sub(a: [f32; 3], b: [f32; 3]) -> [f32; 3] {
    [a[0] - b[0], a[1] - b[1], a[2] - b[2]]
}
fn cross(a: [f32; 3], b: [f32; 3]) -> [f32; 3] {
    [
        a[1] * b[2] - a[2] * b[1],
        a[2] * b[0] - a[0] * b[2],
        a[0] * b[1] - a[1] * b[0],
    ]
}

#[test]
fn gltf_with_a_bin_file_loads() {
    let (text, bin) = gltf_text(&gltf_box(), "box%20data.bin");
    let m = loads_as_the_box(
        "gltf-bin",
        "models/box.gltf",
        &[
            ("models/box.gltf", text.as_bytes()),
            ("models/box data.bin", &bin),
        ],
        Format::Gltf,
    );
    assert_eq!(
        m.parts[0].color,
        [0.8, 0.1, 0.1, 1.0],
        "the material's colour"
    );
}

#[test]
fn gltf_with_a_data_uri_loads() {
    let (_, bin) = glb_parts(&write_glb(&gltf_box()));
    let uri = format!(
        "data:application/octet-stream;base64,{}",
        base64::engine::general_purpose::STANDARD.encode(&bin)
    );
    let (text, _) = gltf_text(&gltf_box(), &uri);
    loads_as_the_box(
        "gltf-data-uri",
        "box.gltf",
        &[("box.gltf", text.as_bytes())],
        Format::Gltf,
    );
}

#[test]
fn glb_loads() {
    let mut mesh = gltf_box();
    mesh.parts[0].side = true;
    let m = loads_as_the_box(
        "glb",
        "box.GLB",
        &[("box.GLB", &write_glb(&mesh))],
        Format::Glb,
    );
    assert!(
        m.parts[0].side,
        "a material named side takes the side's colour"
    );
}

#[test]
fn binary_stl_loads() {
    loads_as_the_box(
        "stl-binary",
        "box.stl",
        &[("box.stl", &write_stl(&stl_box(), "binary box"))],
        Format::Stl,
    );
}

#[test]
fn ascii_stl_loads() {
    loads_as_the_box(
        "stl-ascii",
        "box.stl",
        &[("box.stl", ascii_stl(&stl_box()).as_bytes())],
        Format::Stl,
    );
}

#[test]
fn binary_stl_with_a_solid_header_loads() {
    let bytes = solid_header_stl(&stl_box());
    assert!(bytes.starts_with(b"solid "));
    loads_as_the_box(
        "stl-solid-header",
        "box.stl",
        &[("box.stl", &bytes)],
        Format::Stl,
    );
}

#[test]
fn stl_takes_the_side_colour_and_gltf_its_own() {
    use wartable::data::packs::Paint;
    let dir = pack(
        "paints",
        "Pack(name: \"P\", units: [\n  (rules: \"kry-gothic\", unit: \"captain\", file: \"a.stl\"),\n  (rules: \"kry-gothic\", unit: \"Sergeant\", file: \"b.glb\", paint: Some(Color(0.5, 0.25, 1.0))),\n  (rules: \"kry-gothic\", unit: \"Commando\", file: \"c.glb\"),\n])\n",
        &[
            ("a.stl", &write_stl(&stl_box(), "")),
            ("b.glb", &write_glb(&gltf_box())),
            ("c.glb", &write_glb(&gltf_box())),
        ],
    );
    let (p, errors) = load_pack(&dir, &known(), &no_cache());
    assert!(errors.is_empty(), "{errors:?}");
    assert_eq!(
        p.unit("kry-gothic", "Captain").map(|m| m.paint),
        Some(Paint::Side)
    );
    assert_eq!(
        p.unit("kry-gothic", "Sergeant").map(|m| m.paint),
        Some(Paint::Color(0.5, 0.25, 1.0))
    );
    assert_eq!(
        p.unit("kry-gothic", "Commando").map(|m| m.paint),
        Some(Paint::File)
    );
    // The rule set's own spelling is kept.
    assert!(matches!(&p.models[0].target, Target::Unit { unit, .. } if unit == "Captain"));
}

/// "Choose file..." with a `.gltf` whose buffer lies beside it (in a subfolder, its name
/// %-escaped) copies the buffer too: the player's pack then loads the model. Before, only the
/// `.gltf` was copied and the pack named its buffer as missing.
#[test]
fn choosing_a_gltf_copies_the_files_it_names_beside_it() {
    let (text, bin) = gltf_text(&gltf_box(), "data/box%20data.bin");
    let src = pack(
        "choose-src",
        "",
        &[("orc.gltf", text.as_bytes()), ("data/box data.bin", &bin)],
    );
    let mine = crate::common::temp_dir("choose-mine");
    let name = wartable::app::base::packs::assign_model(
        &mine,
        "kog-light",
        "Kämpfer",
        &src.join("orc.gltf"),
    )
    .unwrap();
    assert_eq!(name, "orc.gltf");
    assert_eq!(std::fs::read(mine.join("data/box data.bin")).unwrap(), bin);
    let (p, errors) = load_pack(&mine, &known(), &no_cache());
    assert!(errors.is_empty(), "{errors:?}");
    assert_eq!(p.models.len(), 1);
    assert_eq!(p.models[0].mesh.triangles(), 12);
}
