//! Textured glTF models: texture coordinates and the texture images are read back from a `.glb`
//! (PNG and JPEG), kept through simplification and its cache; a texture image that is missing,
//! cannot be decoded or is of another format, and a required compression extension, are each
//! refused with a located error naming the image or the extension.

use super::*;
use image::ImageEncoder;
use wartable::data::error::LocatedError;
use wartable::data::packs::gltf_read::decode_image;
use wartable::data::packs::{GlbTexture, load_pack, write_glb_textured};

/// An 8 x 8 RGB picture: red at the top left, green elsewhere.
fn pixels() -> Vec<u8> {
    let mut v = Vec::new();
    for y in 0..8 {
        for x in 0..8 {
            v.extend_from_slice(if x < 4 && y < 4 {
                &[255, 0, 0]
            } else {
                &[0, 160, 0]
            });
        }
    }
    v
}

/// The picture as PNG bytes.
pub fn tiny_png() -> Vec<u8> {
    let mut bytes = Vec::new();
    image::codecs::png::PngEncoder::new(&mut bytes)
        .write_image(&pixels(), 8, 8, image::ExtendedColorType::Rgb8)
        .expect("png");
    bytes
}

/// The picture as JPEG bytes (the encoder of the `image` crate, pure Rust).
pub fn tiny_jpeg() -> Vec<u8> {
    let mut bytes = Vec::new();
    image::codecs::jpeg::JpegEncoder::new_with_quality(&mut bytes, 95)
        .write_image(&pixels(), 8, 8, image::ExtendedColorType::Rgb8)
        .expect("jpeg");
    bytes
}

/// A 1 x 2 x 1 box with texture coordinates, its material showing `bytes` (`mime`).
fn textured_box(mime: &str, bytes: &[u8]) -> (PackMesh, Vec<u8>) {
    let mut m = standing_box(1.0, 2.0, 1.0);
    m.uvs = m
        .positions
        .iter()
        .map(|p| [p[0] + 0.5, p[1] / 2.0])
        .collect();
    let glb = write_glb_textured(
        &m,
        &[GlbTexture {
            part: 0,
            mime,
            bytes,
        }],
    );
    (m, glb)
}

fn errors_of(name: &str, files: &[(&str, &[u8])], file: &str) -> (PathBuf, Vec<LocatedError>) {
    let dir = pack(name, &manifest(&[("kog-light", "Kämpfer", file)]), files);
    let (_, errors) = load_pack(&dir, &known(), &no_cache());
    (dir, errors)
}

fn one(errors: &[LocatedError]) -> String {
    assert_eq!(errors.len(), 1, "{errors:#?}");
    errors[0].to_string()
}

#[test]
fn texture_coordinates_and_the_files_are_read_back() {
    for (mime, bytes) in [("image/png", tiny_png()), ("image/jpeg", tiny_jpeg())] {
        let (m, glb) = textured_box(mime, &bytes);
        let dir = pack(
            "tex-read",
            &manifest(&[("kog-light", "Kämpfer", "a.glb")]),
            &[("a.glb", &glb)],
        );
        let (p, errors) = load_pack(&dir, &known(), &no_cache());
        assert!(errors.is_empty(), "{mime}: {errors:#?}");
        let got = &p.models[0];
        // Each vertex keeps its coordinates (the reader turns positions, not coordinates).
        assert_eq!(got.mesh.uvs, m.uvs, "{mime}");
        assert_eq!(got.mesh.parts[0].material, Some(0));
        // The file itself, for Bevy's glTF loader.
        assert_eq!(got.files.len(), 1);
        assert_eq!(got.files[0], ("a.glb".to_string(), glb.clone()));
    }
}

#[test]
fn a_gltf_with_its_image_beside_it_reads_both_files() {
    let (m, glb) = textured_box("image/png", &tiny_png());
    let (mut json, bin) = glb_parts(&glb);
    json["buffers"][0]["uri"] = serde_json::json!("a.bin");
    // The image as a file beside the model, named by its URI (%-escaped).
    json["images"][0] = serde_json::json!({"uri": "skin%20one.png"});
    let text = serde_json::to_string_pretty(&json).unwrap();
    let dir = pack(
        "tex-beside",
        &manifest(&[("kog-light", "Kämpfer", "models/a.gltf")]),
        &[
            ("models/a.gltf", text.as_bytes()),
            ("models/a.bin", &bin),
            ("models/skin one.png", &tiny_png()),
        ],
    );
    let (p, errors) = load_pack(&dir, &known(), &no_cache());
    assert!(errors.is_empty(), "{errors:#?}");
    assert_eq!(p.models[0].mesh.uvs, m.uvs);
    let names: Vec<&str> = p.models[0].files.iter().map(|(n, _)| n.as_str()).collect();
    assert_eq!(names, ["a.gltf", "a.bin", "skin one.png"]);
}

#[test]
fn a_texture_image_that_is_not_found_is_named() {
    let (_, glb) = textured_box("image/png", &tiny_png());
    let (mut json, bin) = glb_parts(&glb);
    json["buffers"][0]["uri"] = serde_json::json!("a.bin");
    json["images"][0] = serde_json::json!({"uri": "skin.png"});
    let text = serde_json::to_string(&json).unwrap();
    let (dir, e) = errors_of(
        "tex-missing",
        &[("a.gltf", text.as_bytes()), ("a.bin", &bin)],
        "a.gltf",
    );
    assert_eq!(
        one(&e),
        format!(
            "{}:1:1: images[0]: file `skin.png` not found",
            dir.join("a.gltf").display()
        )
    );
}

#[test]
fn a_texture_image_that_cannot_be_decoded_is_named() {
    // PNG bytes cut short, and bytes that are no picture at all labelled JPEG.
    let png = tiny_png();
    for (name, mime, bytes, kind) in [
        ("tex-short-png", "image/png", &png[..png.len() / 2], "PNG"),
        (
            "tex-not-jpeg",
            "image/jpeg",
            &b"not a picture at all"[..],
            "JPEG",
        ),
    ] {
        let (_, glb) = textured_box(mime, bytes);
        let (dir, e) = errors_of(name, &[("a.glb", &glb)], "a.glb");
        let e = one(&e);
        assert!(
            e.starts_with(&format!(
                "{}:1:1: images[0]: the image cannot be decoded as {kind}: ",
                dir.join("a.glb").display()
            )),
            "{e}"
        );
    }
}

#[test]
fn a_texture_of_another_format_is_named() {
    let (_, glb) = textured_box("image/webp", b"RIFF....WEBPVP8 ");
    let (dir, e) = errors_of("tex-webp", &[("a.glb", &glb)], "a.glb");
    assert_eq!(
        one(&e),
        format!(
            "{}:1:1: images[0]: a texture of type `image/webp`: textures are read as PNG or JPEG",
            dir.join("a.glb").display()
        )
    );
}

#[test]
fn meshopt_compression_required_is_named() {
    let (_, glb) = textured_box("image/png", &tiny_png());
    let (mut json, bin) = glb_parts(&glb);
    json["extensionsUsed"] = serde_json::json!(["KHR_materials_unlit", "EXT_meshopt_compression"]);
    json["extensionsRequired"] =
        serde_json::json!(["KHR_materials_unlit", "EXT_meshopt_compression"]);
    json["buffers"][0]["uri"] = serde_json::json!("a.bin");
    let text = serde_json::to_string(&json).unwrap();
    let (dir, e) = errors_of(
        "tex-meshopt",
        &[("a.gltf", text.as_bytes()), ("a.bin", &bin)],
        "a.gltf",
    );
    assert_eq!(
        one(&e),
        format!(
            "{}:1:1: extensionsRequired[1]: requires the extension EXT_meshopt_compression, which cannot be drawn",
            dir.join("a.gltf").display()
        )
    );
}

#[test]
fn the_jpeg_path_decodes() {
    assert_eq!(
        decode_image(&tiny_jpeg(), image::ImageFormat::Jpeg),
        Ok((8, 8))
    );
    assert_eq!(
        decode_image(&tiny_png(), image::ImageFormat::Png),
        Ok((8, 8))
    );
    // A PNG is not a JPEG.
    assert!(decode_image(&tiny_png(), image::ImageFormat::Jpeg).is_err());
}

/// A flat sheet of `n` x `n` quads in glTF's axes, its coordinates the position across it.
fn textured_sheet(n: u32) -> PackMesh {
    let mut m = PackMesh::default();
    for j in 0..=n {
        for i in 0..=n {
            let (x, z) = (i as f32 / n as f32, j as f32 / n as f32);
            m.positions
                .push([x, 0.1 * (x * 12.0).sin() * (z * 9.0).cos(), z]);
            m.uvs.push([x, z]);
        }
    }
    for j in 0..n {
        for i in 0..n {
            let a = j * (n + 1) + i;
            let (b, c, d) = (a + 1, a + n + 1, a + n + 2);
            m.indices.extend([a, d, b, a, c, d]);
        }
    }
    m.parts = vec![MeshPart {
        first: 0,
        count: m.indices.len() as u32,
        color: [1.0; 4],
        material: None,
        side: false,
    }];
    m.compute_normals();
    m
}

#[test]
fn a_simplified_textured_model_keeps_its_texture_coordinates() {
    let heavy = textured_sheet(110);
    assert!(heavy.triangles() > 20_000);
    let glb = write_glb_textured(
        &heavy,
        &[GlbTexture {
            part: 0,
            mime: "image/png",
            bytes: &tiny_png(),
        }],
    );
    let dir = pack(
        "tex-heavy",
        &manifest(&[("kog-light", "Kämpfer", "heavy.glb")]),
        &[("heavy.glb", &glb)],
    );
    let cache = crate::common::temp_dir("tex-model-cache");
    let _ = std::fs::remove_dir_all(&cache);
    let opts = LoadOptions {
        cache_dir: Some(cache),
        ..LoadOptions::default()
    };
    for round in 0..2 {
        let (p, e) = load_pack(&dir, &known(), &opts);
        assert!(e.is_empty(), "{e:?}");
        let m = &p.models[0];
        assert!(m.simplified);
        assert_eq!(m.from_cache, round == 1);
        assert!(m.mesh.triangles() <= 20_000);
        assert_eq!(m.mesh.uvs.len(), m.mesh.positions.len(), "round {round}");
        // Each kept vertex keeps its own coordinates (simplification only drops triangles
        // and the vertices no triangle uses): each pair is one of the sheet's.
        for uv in &m.mesh.uvs {
            assert!(
                heavy
                    .uvs
                    .iter()
                    .any(|h| (h[0] - uv[0]).abs() < 1e-6 && (h[1] - uv[1]).abs() < 1e-6),
                "round {round}: {uv:?}"
            );
        }
        // The file's material number, so that the texture is found for the simplified mesh.
        assert_eq!(m.mesh.parts[0].material, Some(0));
        // Not all in one corner: the coordinates span the picture.
        let max_u = m.mesh.uvs.iter().map(|u| u[0]).fold(0.0, f32::max);
        assert!(max_u > 0.99, "{max_u}");
        assert_eq!(m.files[0].1, glb);
    }
}
