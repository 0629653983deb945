//! glTF 2.0 files (`.gltf` with its buffers, `data:` URIs, and `.glb`) read into a
//! [`PackMesh`] with the `gltf` crate: the default scene's nodes flattened with their
//! transforms, each triangle primitive a part coloured by its material's base colour, with its
//! texture coordinates. Every buffer, view and accessor is checked against the bytes it points
//! into before it is read, and every texture's image is found and decoded (PNG or JPEG), so
//! that a broken file is an error naming the buffer, accessor or image, never a crash (nor a
//! file that Bevy's glTF loader, which draws the materials, would fail on).

use super::mesh::{MeshPart, PackMesh, normalize};
use base64::Engine;
use gltf::accessor::{DataType, Dimensions};

/// A problem in a glTF file: where (a JSON line and column for a `.gltf`, else 1:1) and what.
#[derive(Debug, Clone, PartialEq)]
pub struct GltfError {
    pub line: usize,
    pub col: usize,
    /// The part of the file: `buffer 0`, `accessor 3`, `meshes[0].primitives[1]`, or empty.
    pub field: String,
    pub message: String,
}

fn err(field: impl Into<String>, message: impl Into<String>) -> GltfError {
    GltfError {
        line: 1,
        col: 1,
        field: field.into(),
        message: message.into(),
    }
}

/// The extensions a file may require that the reader and Bevy's loader both draw.
pub const SUPPORTED_REQUIRED: &[&str] = &[
    "KHR_materials_unlit",
    "KHR_texture_transform",
    "KHR_materials_emissive_strength",
];

/// Most triangles a file may unfold to (instances counted): far above any miniature.
pub const MAX_TRIANGLES: usize = 4_000_000;

/// Most nodes visited, instances counted, and deepest nesting.
const MAX_NODE_VISITS: usize = 100_000;
const MAX_DEPTH: usize = 64;

/// Splits a `.glb` into its JSON and its binary chunk, checking every length.
pub fn split_glb(bytes: &[u8]) -> Result<(&[u8], Option<&[u8]>), GltfError> {
    let u32_at = |at: usize| -> Option<u32> {
        Some(u32::from_le_bytes(bytes.get(at..at + 4)?.try_into().ok()?))
    };
    if bytes.len() < 20 {
        return Err(err(
            "header",
            format!("{} bytes: too short for a .glb", bytes.len()),
        ));
    }
    if &bytes[0..4] != b"glTF" {
        return Err(err("header", "wrong magic: a .glb starts with 'glTF'"));
    }
    let version = u32_at(4).unwrap_or(0);
    if version != 2 {
        return Err(err("header", format!("glTF version {version}, not 2")));
    }
    let length = u32_at(8).unwrap_or(0) as usize;
    if length > bytes.len() || length < 20 {
        return Err(err(
            "header",
            format!("header says {length} bytes, file holds {}", bytes.len()),
        ));
    }
    let bytes = &bytes[..length];
    let json_len = u32_at(12).unwrap_or(0) as usize;
    if &bytes[16..20] != b"JSON" {
        return Err(err("JSON chunk", "the first chunk is not JSON"));
    }
    let json_end = 20usize.saturating_add(json_len);
    if json_end > bytes.len() {
        return Err(err(
            "JSON chunk",
            format!("chunk of {json_len} bytes runs past the end of the file"),
        ));
    }
    let json = &bytes[20..json_end];
    let at = json_end.div_ceil(4) * 4;
    if at + 8 > bytes.len() {
        return Ok((json, None));
    }
    let bin_len = u32_at(at).unwrap_or(0) as usize;
    if &bytes[at + 4..at + 8] != b"BIN\0" {
        return Ok((json, None));
    }
    let start = at + 8;
    let end = start.saturating_add(bin_len);
    if end > bytes.len() {
        return Err(err(
            "BIN chunk",
            format!("chunk of {bin_len} bytes runs past the end of the file"),
        ));
    }
    Ok((json, Some(&bytes[start..end])))
}

/// Reads a glTF file's bytes. `external` gives the bytes of a buffer file named by a relative
/// URI (the pack's folder checks the path), or says why it cannot.
pub fn read_gltf(
    bytes: &[u8],
    external: &dyn Fn(&str) -> Result<Vec<u8>, String>,
) -> Result<PackMesh, GltfError> {
    let (json, blob) = if bytes.starts_with(b"glTF") {
        split_glb(bytes)?
    } else {
        (bytes, None)
    };
    if json.starts_with(b"glTF") {
        return Err(err("JSON chunk", "not JSON"));
    }
    // Required extensions first, by name (the crate's own check only says "unsupported").
    #[derive(serde::Deserialize)]
    struct Required {
        #[serde(default, rename = "extensionsRequired")]
        required: Vec<String>,
    }
    if let Ok(r) = serde_json::from_slice::<Required>(json)
        && let Some((i, ext)) = r
            .required
            .iter()
            .enumerate()
            .find(|(_, e)| !SUPPORTED_REQUIRED.contains(&e.as_str()))
    {
        return Err(err(
            format!("extensionsRequired[{i}]"),
            format!("requires the extension {ext}, which cannot be drawn"),
        ));
    }
    let doc = match gltf::Gltf::from_slice(json) {
        Ok(g) => g.document,
        Err(gltf::Error::Deserialize(e)) => {
            return Err(GltfError {
                line: e.line().max(1),
                col: e.column().max(1),
                field: String::new(),
                message: format!("not glTF JSON: {e}"),
            });
        }
        Err(gltf::Error::Validation(v)) => {
            let (path, e) = v.first().map_or(("".into(), "invalid".into()), |(p, e)| {
                (p.to_string(), e.to_string())
            });
            return Err(err(path, format!("invalid glTF: {e}")));
        }
        Err(e) => return Err(err("", format!("not glTF: {e}"))),
    };
    // The buffers' bytes, each at least as long as it says.
    let mut bufs: Vec<Vec<u8>> = Vec::new();
    for b in doc.buffers() {
        let at = format!("buffer {}", b.index());
        let data = match b.source() {
            gltf::buffer::Source::Bin => blob
                .map(<[u8]>::to_vec)
                .ok_or_else(|| err(&at, "refers to the .glb's binary chunk, which is missing"))?,
            gltf::buffer::Source::Uri(uri) => {
                if let Some(rest) = uri.strip_prefix("data:") {
                    let (_, b64) = rest
                        .split_once(";base64,")
                        .ok_or_else(|| err(&at, "data URI is not base64"))?;
                    base64::engine::general_purpose::STANDARD
                        .decode(b64)
                        .map_err(|e| err(&at, format!("data URI: {e}")))?
                } else {
                    external(&percent_decode(uri).map_err(|m| err(&at, m))?)
                        .map_err(|m| err(&at, m))?
                }
            }
        };
        if data.len() < b.length() {
            return Err(err(
                &at,
                format!("holds {} bytes, the file says {}", data.len(), b.length()),
            ));
        }
        bufs.push(data);
    }
    check_textures(&doc, &bufs, external)?;
    let mut out = PackMesh::default();
    let roots: Vec<gltf::Node> = match doc.default_scene().or_else(|| doc.scenes().next()) {
        Some(s) => s.nodes().collect(),
        // No scene: every node no other node has as a child.
        None => {
            let mut child = vec![false; doc.nodes().count()];
            for n in doc.nodes() {
                for c in n.children() {
                    if let Some(x) = child.get_mut(c.index()) {
                        *x = true;
                    }
                }
            }
            doc.nodes().filter(|n| !child[n.index()]).collect()
        }
    };
    let mut visits = 0usize;
    let id = [
        [1.0, 0.0, 0.0, 0.0],
        [0.0, 1.0, 0.0, 0.0],
        [0.0, 0.0, 1.0, 0.0],
        [0.0, 0.0, 0.0, 1.0],
    ];
    for n in roots {
        walk(&n, &id, 0, &bufs, &mut out, &mut visits)?;
    }
    if out.indices.is_empty() {
        return Err(err("meshes", "no triangles"));
    }
    if let Some(p) = out.problem() {
        return Err(err("", p));
    }
    Ok(out)
}

/// The files a `.gltf` names beside itself (its buffers' and images' relative URIs, decoded; no
/// `data:` URI), each once, in the file's order. Nothing for a `.glb` or a file that is not glTF.
pub fn external_files(bytes: &[u8]) -> Vec<String> {
    if bytes.starts_with(b"glTF") {
        return Vec::new();
    }
    let Ok(g) = gltf::Gltf::from_slice(bytes) else {
        return Vec::new();
    };
    let buffers = g.document.buffers().filter_map(|b| match b.source() {
        gltf::buffer::Source::Uri(uri) => Some(uri.to_string()),
        gltf::buffer::Source::Bin => None,
    });
    let images = g.document.images().filter_map(|i| match i.source() {
        gltf::image::Source::Uri { uri, .. } => Some(uri.to_string()),
        gltf::image::Source::View { .. } => None,
    });
    let mut out: Vec<String> = Vec::new();
    for uri in buffers.chain(images) {
        if uri.starts_with("data:") {
            continue;
        }
        if let Ok(path) = percent_decode(&uri)
            && !out.contains(&path)
        {
            out.push(path);
        }
    }
    out
}

/// A URI's `%XX` escapes decoded; an error when they do not make UTF-8 text.
fn percent_decode(s: &str) -> Result<String, String> {
    let b = s.as_bytes();
    let mut out = Vec::with_capacity(b.len());
    let mut i = 0;
    while i < b.len() {
        if b[i] == b'%'
            && let Some(v) = s
                .get(i + 1..i + 3)
                .and_then(|h| u8::from_str_radix(h, 16).ok())
        {
            out.push(v);
            i += 3;
            continue;
        }
        out.push(b[i]);
        i += 1;
    }
    String::from_utf8(out).map_err(|_| format!("URI `{s}`: its %-escapes are not UTF-8 text"))
}

/// The image formats a texture may be in, by MIME type.
const IMAGE_TYPES: &[(&str, image::ImageFormat)] = &[
    ("image/png", image::ImageFormat::Png),
    ("image/jpeg", image::ImageFormat::Jpeg),
];

/// Largest texture side read, in pixels, and the most memory one may take decoded.
const MAX_IMAGE_SIDE: u32 = 16_384;
const MAX_IMAGE_BYTES: u64 = 256 * 1024 * 1024;

/// Every texture's image found and decoded: in a buffer view, a `data:` URI or a file beside
/// the model (read through `external`), PNG or JPEG as its MIME type or file name says.
fn check_textures(
    doc: &gltf::Document,
    bufs: &[Vec<u8>],
    external: &dyn Fn(&str) -> Result<Vec<u8>, String>,
) -> Result<(), GltfError> {
    let mut seen = Vec::new();
    for t in doc.textures() {
        let img = t.source();
        if seen.contains(&img.index()) {
            continue;
        }
        seen.push(img.index());
        let at = format!("images[{}]", img.index());
        let kind = |mime: &str| {
            IMAGE_TYPES
                .iter()
                .find(|(m, _)| *m == mime)
                .map(|(_, f)| *f)
                .ok_or_else(|| {
                    err(
                        &at,
                        format!("a texture of type `{mime}`: textures are read as PNG or JPEG"),
                    )
                })
        };
        let (bytes, format, name): (Vec<u8>, image::ImageFormat, String) = match img.source() {
            gltf::image::Source::View { view, mime_type } => {
                let buf = bufs
                    .get(view.buffer().index())
                    .ok_or_else(|| err(&at, "its buffer is missing"))?;
                let end = view.offset().checked_add(view.length());
                let bytes = end.and_then(|e| buf.get(view.offset()..e)).ok_or_else(|| {
                    err(
                        format!("bufferView {}", view.index()),
                        format!(
                            "runs past the end of buffer {} ({} bytes)",
                            view.buffer().index(),
                            buf.len()
                        ),
                    )
                })?;
                (bytes.to_vec(), kind(mime_type)?, "the image".into())
            }
            gltf::image::Source::Uri { uri, mime_type } => {
                if let Some(rest) = uri.strip_prefix("data:") {
                    let (mime, b64) = rest
                        .split_once(";base64,")
                        .ok_or_else(|| err(&at, "data URI is not base64"))?;
                    let bytes = base64::engine::general_purpose::STANDARD
                        .decode(b64)
                        .map_err(|e| err(&at, format!("data URI: {e}")))?;
                    (bytes, kind(mime_type.unwrap_or(mime))?, "the image".into())
                } else {
                    let path = percent_decode(uri).map_err(|m| err(&at, m))?;
                    let format = match mime_type {
                        Some(m) => kind(m)?,
                        None => match image::ImageFormat::from_path(&path) {
                            Ok(f @ (image::ImageFormat::Png | image::ImageFormat::Jpeg)) => f,
                            _ => {
                                return Err(err(
                                    &at,
                                    format!(
                                        "`{path}`: textures are read as PNG (.png) or JPEG (.jpg, .jpeg)"
                                    ),
                                ));
                            }
                        },
                    };
                    let bytes = external(&path).map_err(|m| err(&at, m))?;
                    (bytes, format, format!("`{path}`"))
                }
            }
        };
        decode_image(&bytes, format).map_err(|e| {
            err(
                &at,
                format!("{name} cannot be decoded as {}: {e}", format_name(format)),
            )
        })?;
    }
    Ok(())
}

fn format_name(f: image::ImageFormat) -> &'static str {
    match f {
        image::ImageFormat::Jpeg => "JPEG",
        _ => "PNG",
    }
}

/// Decodes an image within the size limits, as a texture is decoded when it is drawn.
pub fn decode_image(bytes: &[u8], format: image::ImageFormat) -> Result<(u32, u32), String> {
    let mut reader = image::ImageReader::with_format(std::io::Cursor::new(bytes), format);
    let mut limits = image::Limits::default();
    limits.max_image_width = Some(MAX_IMAGE_SIDE);
    limits.max_image_height = Some(MAX_IMAGE_SIDE);
    limits.max_alloc = Some(MAX_IMAGE_BYTES);
    reader.limits(limits);
    let img = reader.decode().map_err(|e| e.to_string())?;
    Ok((img.width(), img.height()))
}

/// Column-major 4x4 product `a * b`.
fn mat_mul(a: &[[f32; 4]; 4], b: &[[f32; 4]; 4]) -> [[f32; 4]; 4] {
    let mut r = [[0.0; 4]; 4];
    for (c, col) in r.iter_mut().enumerate() {
        for (row, v) in col.iter_mut().enumerate() {
            *v = (0..4).map(|k| a[k][row] * b[c][k]).sum();
        }
    }
    r
}

fn walk(
    node: &gltf::Node,
    parent: &[[f32; 4]; 4],
    depth: usize,
    bufs: &[Vec<u8>],
    out: &mut PackMesh,
    visits: &mut usize,
) -> Result<(), GltfError> {
    *visits += 1;
    if *visits > MAX_NODE_VISITS || depth > MAX_DEPTH {
        return Err(err(
            format!("nodes[{}]", node.index()),
            "nodes nested too deep or repeated too often",
        ));
    }
    let m = mat_mul(parent, &node.transform().matrix());
    if !m.iter().flatten().all(|v| v.is_finite()) {
        return Err(err(
            format!("nodes[{}]", node.index()),
            "transform is not finite",
        ));
    }
    if let Some(mesh) = node.mesh() {
        for prim in mesh.primitives() {
            let at = format!("meshes[{}].primitives[{}]", mesh.index(), prim.index());
            let part = primitive(&prim, &at, bufs)?;
            let mut part = match part {
                Some(p) => p,
                None => continue,
            };
            place(&mut part, &m);
            if out.triangles() + part.triangles() > MAX_TRIANGLES {
                return Err(err(
                    &at,
                    format!("more than {MAX_TRIANGLES} triangles in the file"),
                ));
            }
            out.append(&part);
        }
    }
    for c in node.children() {
        walk(&c, &m, depth + 1, bufs, out, visits)?;
    }
    Ok(())
}

/// Moves a part by a column-major matrix (normals by its cofactor matrix).
fn place(part: &mut PackMesh, m: &[[f32; 4]; 4]) {
    let l = [
        [m[0][0], m[1][0], m[2][0]],
        [m[0][1], m[1][1], m[2][1]],
        [m[0][2], m[1][2], m[2][2]],
    ];
    let t = [m[3][0], m[3][1], m[3][2]];
    let normals = part.normals.clone();
    part.transform(&l, t);
    // Inverse transpose up to scale: the cofactor matrix.
    let c = |r: usize, k: usize| {
        let (r1, r2) = ((r + 1) % 3, (r + 2) % 3);
        let (k1, k2) = ((k + 1) % 3, (k + 2) % 3);
        l[r1][k1] * l[r2][k2] - l[r1][k2] * l[r2][k1]
    };
    let cof = [
        [c(0, 0), c(0, 1), c(0, 2)],
        [c(1, 0), c(1, 1), c(1, 2)],
        [c(2, 0), c(2, 1), c(2, 2)],
    ];
    let sign = if super::mesh::det(&l) < 0.0 {
        -1.0
    } else {
        1.0
    };
    part.normals = normals
        .into_iter()
        .map(|n| {
            let v = super::mesh::mul(&cof, n);
            normalize([v[0] * sign, v[1] * sign, v[2] * sign])
        })
        .collect();
}

/// Checks that an accessor can be read: no sparse values, a view, the expected layout, and
/// every element inside its view and buffer.
fn check_accessor(
    a: &gltf::Accessor,
    dims: Dimensions,
    types: &[DataType],
    bufs: &[Vec<u8>],
) -> Result<(), GltfError> {
    let at = format!("accessor {}", a.index());
    if a.sparse().is_some() {
        return Err(err(&at, "sparse accessors are not read"));
    }
    if a.dimensions() != dims || !types.contains(&a.data_type()) {
        return Err(err(
            &at,
            format!(
                "holds {:?} of {:?}, expected {:?} of {:?}",
                a.dimensions(),
                a.data_type(),
                dims,
                types
            ),
        ));
    }
    if a.normalized() && a.data_type() == DataType::F32 {
        return Err(err(&at, "floats cannot be normalized"));
    }
    let view = a.view().ok_or_else(|| err(&at, "has no buffer view"))?;
    let count = a.count();
    if count == 0 {
        return Err(err(&at, "holds no elements"));
    }
    let elem = a.size();
    let stride = view.stride().unwrap_or(elem);
    if stride < elem {
        return Err(err(
            &at,
            format!("stride {stride} is shorter than an element ({elem} bytes)"),
        ));
    }
    let buf = bufs
        .get(view.buffer().index())
        .ok_or_else(|| err(&at, "its buffer is missing"))?;
    let view_end = view.offset().checked_add(view.length());
    if view_end.is_none_or(|e| e > buf.len()) {
        return Err(err(
            format!("bufferView {}", view.index()),
            format!(
                "runs past the end of buffer {} ({} bytes)",
                view.buffer().index(),
                buf.len()
            ),
        ));
    }
    let need = stride
        .checked_mul(count - 1)
        .and_then(|x| x.checked_add(elem))
        .and_then(|x| x.checked_add(a.offset()));
    if need.is_none_or(|n| n > view.length()) {
        return Err(err(
            &at,
            format!(
                "{count} elements run past the end of bufferView {} ({} bytes)",
                view.index(),
                view.length()
            ),
        ));
    }
    Ok(())
}

/// One primitive as a part in its node's frame; `None` for points and lines.
fn primitive(
    prim: &gltf::Primitive,
    at: &str,
    bufs: &[Vec<u8>],
) -> Result<Option<PackMesh>, GltfError> {
    use gltf::mesh::Mode;
    let mode = prim.mode();
    if !matches!(
        mode,
        Mode::Triangles | Mode::TriangleStrip | Mode::TriangleFan
    ) {
        return Ok(None);
    }
    let pos = prim
        .get(&gltf::Semantic::Positions)
        .ok_or_else(|| err(at, "has no POSITION"))?;
    check_accessor(&pos, Dimensions::Vec3, &[DataType::F32], bufs)?;
    let get = |b: gltf::Buffer| bufs.get(b.index()).map(Vec::as_slice);
    let reader = prim.reader(get);
    let positions: Vec<[f32; 3]> = reader
        .read_positions()
        .ok_or_else(|| err(at, "POSITION cannot be read"))?
        .collect();
    if let Some(i) = positions
        .iter()
        .position(|p| !p.iter().all(|c| c.is_finite()))
    {
        return Err(err(
            format!("accessor {}", pos.index()),
            format!("vertex {i} is not a finite number (NaN or infinite)"),
        ));
    }
    let normals: Option<Vec<[f32; 3]>> = match prim.get(&gltf::Semantic::Normals) {
        Some(n) if n.count() == pos.count() => {
            check_accessor(&n, Dimensions::Vec3, &[DataType::F32], bufs)?;
            reader.read_normals().map(|it| it.collect())
        }
        _ => None,
    };
    // Texture coordinates: floats, or normalized 8 or 16-bit integers.
    let uvs: Vec<[f32; 2]> = match prim.get(&gltf::Semantic::TexCoords(0)) {
        Some(t) if t.count() == pos.count() => {
            check_accessor(
                &t,
                Dimensions::Vec2,
                &[DataType::F32, DataType::U8, DataType::U16],
                bufs,
            )?;
            reader
                .read_tex_coords(0)
                .map(|it| {
                    it.into_f32()
                        .map(|c| c.map(|x| if x.is_finite() { x } else { 0.0 }))
                        .collect()
                })
                .unwrap_or_default()
        }
        _ => Vec::new(),
    };
    let raw: Vec<u32> = match prim.indices() {
        Some(ix) => {
            check_accessor(
                &ix,
                Dimensions::Scalar,
                &[DataType::U8, DataType::U16, DataType::U32],
                bufs,
            )?;
            let v: Vec<u32> = reader
                .read_indices()
                .ok_or_else(|| err(at, "indices cannot be read"))?
                .into_u32()
                .collect();
            if let Some(bad) = v.iter().find(|&&i| i as usize >= positions.len()) {
                return Err(err(
                    format!("accessor {}", ix.index()),
                    format!("index {bad} past the {} vertices", positions.len()),
                ));
            }
            v
        }
        None => (0..positions.len() as u32).collect(),
    };
    let indices: Vec<u32> = match mode {
        Mode::Triangles => raw[..raw.len() / 3 * 3].to_vec(),
        Mode::TriangleStrip => (2..raw.len())
            .flat_map(|i| {
                if i % 2 == 0 {
                    [raw[i - 2], raw[i - 1], raw[i]]
                } else {
                    [raw[i - 1], raw[i - 2], raw[i]]
                }
            })
            .collect(),
        _ => (2..raw.len())
            .flat_map(|i| [raw[0], raw[i - 1], raw[i]])
            .collect(),
    };
    let mat = prim.material();
    let mut part = PackMesh {
        positions,
        normals: Vec::new(),
        uvs,
        parts: vec![MeshPart {
            first: 0,
            count: indices.len() as u32,
            color: mat.pbr_metallic_roughness().base_color_factor(),
            material: mat.index().map(|i| i as u32),
            side: mat.name().is_some_and(|n| n.eq_ignore_ascii_case("side")),
        }],
        indices,
    };
    match normals {
        Some(n) if n.iter().all(|v| v.iter().all(|c| c.is_finite())) => part.normals = n,
        _ => part.compute_normals(),
    }
    Ok(Some(part))
}
