//! `wartable write-example-pack [DIR]` (hidden): writes the example model pack the project ships
//! (`assets/packs/example/`): the program's own built-in figures (`app::view::figures::build`)
//! as `.glb` files for units of KOG light, Kry-Gothic and DnDalike (the Kämpfer's body painted
//! with a camouflage texture, PNG), the crate stack as a `.glb` with a wooden texture (JPEG),
//! the pillar as binary STL, and the manifest.

use super::example_textures::{camo_png, crate_stack, planks_jpeg, project_uvs};
use bevy::prelude::*;
use std::path::Path;
use std::process::ExitCode;
use wartable::app::view::figures::{Paint as FigurePaint, build, trim_color};
use wartable::data::packs::manifest::{Manifest, TerrainEntry, UnitEntry, to_ron_string};
use wartable::data::packs::{
    GlbTexture, MeshPart, PackMesh, write_glb, write_glb_textured, write_stl,
};
use wartable::table::look::{Figure, Look};

/// A part's colour as the table paints it (`view::visuals`), linear RGBA; the side's colour
/// is left to the table (`side`).
fn paint_color(p: FigurePaint, style: u8) -> ([f32; 4], bool) {
    let c = match p {
        FigurePaint::Body => Color::srgb(0.6, 0.6, 0.6),
        FigurePaint::Trim => trim_color(style),
        FigurePaint::Metal => Color::srgb(0.32, 0.33, 0.35),
        FigurePaint::Skin => Color::srgb(0.85, 0.66, 0.52),
        FigurePaint::Hide => Color::srgb(0.42, 0.55, 0.22),
        FigurePaint::Dark => Color::srgb(0.12, 0.12, 0.13),
        FigurePaint::Light => Color::srgb(0.95, 0.92, 0.75),
        FigurePaint::Glass => Color::srgb(0.10, 0.25, 0.35),
    };
    (c.to_linear().to_f32_array(), p == FigurePaint::Body)
}

/// A built-in figure as a pack mesh in glTF's axes (y up, front +z): the figures face +x.
pub fn figure_mesh(look: Look, r: f32, h: f32) -> PackMesh {
    let mut out = PackMesh::default();
    // One part per paint, turrets merged in.
    let mut by_paint: Vec<(FigurePaint, PackMesh)> = Vec::new();
    for part in build(look, r, h) {
        let m = part.mesh.transformed_by(part.tf);
        let (Some(pos), Some(nor)) = (
            m.attribute(Mesh::ATTRIBUTE_POSITION)
                .and_then(|a| a.as_float3()),
            m.attribute(Mesh::ATTRIBUTE_NORMAL)
                .and_then(|a| a.as_float3()),
        ) else {
            continue;
        };
        let indices: Vec<u32> = match m.indices() {
            Some(i) => i.iter().map(|x| x as u32).collect(),
            None => (0..pos.len() as u32).collect(),
        };
        // +x (the figures' front) to +z (glTF's): -90 degrees about y.
        let turn = |v: &[f32; 3]| [-v[2], v[1], v[0]];
        let piece = PackMesh {
            positions: pos.iter().map(turn).collect(),
            normals: nor.iter().map(turn).collect(),
            uvs: Vec::new(),
            indices: indices.clone(),
            parts: vec![MeshPart {
                first: 0,
                count: indices.len() as u32,
                color: [1.0; 4],
                material: None,
                side: false,
            }],
        };
        match by_paint.iter_mut().find(|(p, _)| *p == part.paint) {
            Some((_, acc)) => {
                let n = acc.positions.len() as u32;
                acc.positions.extend(piece.positions);
                acc.normals.extend(piece.normals);
                acc.indices.extend(piece.indices.iter().map(|i| i + n));
                acc.parts[0].count = acc.indices.len() as u32;
            }
            None => by_paint.push((part.paint, piece)),
        }
    }
    for (paint, mut m) in by_paint {
        let (color, side) = paint_color(paint, look.style);
        m.parts[0].color = color;
        m.parts[0].side = side;
        out.append(&m);
    }
    out
}

/// An upright cylinder (z up) of `sides` faces.
fn column(out: &mut PackMesh, r: f32, h: f32, sides: u32) {
    let base = out.positions.len() as u32;
    out.positions.push([0.0, 0.0, 0.0]);
    out.positions.push([0.0, 0.0, h]);
    for k in 0..sides {
        let a = k as f32 / sides as f32 * std::f32::consts::TAU;
        let (s, c) = a.sin_cos();
        out.positions.push([r * c, r * s, 0.0]);
        out.positions.push([r * c, r * s, h]);
    }
    out.normals = vec![[0.0, 0.0, 1.0]; out.positions.len()];
    for k in 0..sides {
        let (b0, t0) = (base + 2 + 2 * k, base + 3 + 2 * k);
        let (b1, t1) = (
            base + 2 + 2 * ((k + 1) % sides),
            base + 3 + 2 * ((k + 1) % sides),
        );
        out.indices
            .extend([b0, b1, t1, b0, t1, t0, base, b1, b0, base + 1, t0, t1]);
    }
}

fn finish(mut m: PackMesh) -> PackMesh {
    m.parts = vec![MeshPart {
        first: 0,
        count: m.indices.len() as u32,
        color: [1.0; 4],
        material: None,
        side: true,
    }];
    m.compute_normals();
    m
}

/// The pillar, as an STL mesh (z up).
pub fn terrain_meshes() -> Vec<(&'static str, &'static str, PackMesh)> {
    let mut pillar = PackMesh::default();
    column(&mut pillar, 0.5, 3.0, 16);
    vec![("Pillar", "pillar.stl", finish(pillar))]
}

/// The unit whose body wears the camouflage texture instead of the side's colour (its base
/// still shows the side).
const TEXTURED_UNIT: &str = "kaempfer.glb";

/// A figure's `.glb`: the textured unit with its body's part painted with the camouflage
/// (white base colour, the picture laid on by projection, two repeats to the inch).
fn figure_glb(file: &str, mut m: PackMesh) -> Result<Vec<u8>, String> {
    if file != TEXTURED_UNIT {
        return Ok(write_glb(&m));
    }
    let Some(body) = m.parts.iter().position(|p| p.side) else {
        return Ok(write_glb(&m));
    };
    m.parts[body].side = false;
    m.parts[body].color = [1.0; 4];
    project_uvs(&mut m, 2.0);
    let png = camo_png()?;
    Ok(write_glb_textured(
        &m,
        &[GlbTexture {
            part: body,
            mime: "image/png",
            bytes: &png,
        }],
    ))
}

/// The units of the example pack: rule set, unit type, file, look, base diameter, height.
const UNITS: &[(&str, &str, &str, Figure, u8, f32, f32)] = &[
    (
        "kog-light",
        "Kämpfer",
        "kaempfer.glb",
        Figure::Kog,
        0,
        1.0,
        1.4,
    ),
    (
        "kog-light",
        "Ocelot",
        "ocelot.glb",
        Figure::Kog,
        1,
        1.0,
        1.4,
    ),
    (
        "kog-light",
        "F2-21",
        "f2-21.glb",
        Figure::Frame,
        0,
        1.0,
        1.2,
    ),
    (
        "kog-light",
        "German Infantry",
        "german-infantry.glb",
        Figure::Infantry,
        0,
        1.0,
        0.6,
    ),
    (
        "kog-light",
        "Leopard 3A1",
        "leopard.glb",
        Figure::Tank,
        0,
        3.2,
        1.6,
    ),
    (
        "kry-gothic",
        "Captain",
        "captain.glb",
        Figure::Leader,
        0,
        1.0,
        1.2,
    ),
    (
        "kry-gothic",
        "Average Joe",
        "average-joe.glb",
        Figure::Trooper,
        0,
        1.0,
        1.2,
    ),
    (
        "kry-gothic",
        "Heavy Gunner",
        "heavy-gunner.glb",
        Figure::Heavy,
        0,
        1.0,
        1.2,
    ),
    (
        "kry-gothic",
        "Tech Specialist",
        "tech-specialist.glb",
        Figure::Special,
        0,
        1.0,
        1.2,
    ),
    (
        "dndalike",
        "Monster",
        "monster.glb",
        Figure::Monster,
        0,
        1.0,
        1.2,
    ),
];

/// Writes the pack into `dir`.
pub fn write(dir: &Path) -> Result<usize, String> {
    std::fs::create_dir_all(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    let put = |name: &str, bytes: Vec<u8>| {
        std::fs::write(dir.join(name), bytes).map_err(|e| format!("{name}: {e}"))
    };
    let mut manifest = Manifest {
        name: "Example".into(),
        description: "The built-in figures and two terrain pieces written out as model files \
                      (the Kämpfer and the crate stack with textures): a pack to copy and change."
            .into(),
        units: Vec::new(),
        terrain: Vec::new(),
    };
    for &(rules, unit, file, figure, style, base, height) in UNITS {
        let m = figure_mesh(Look::new(figure, style), base / 2.0, height);
        put(file, figure_glb(file, m)?)?;
        manifest.units.push(UnitEntry {
            rules: rules.into(),
            unit: unit.into(),
            file: file.into(),
            scale: None,
            rotation: (0.0, 0.0, 0.0),
            offset: (0.0, 0.0, 0.0),
            paint: None,
        });
    }
    let planks = planks_jpeg()?;
    let crates = write_glb_textured(
        &crate_stack(),
        &[GlbTexture {
            part: 0,
            mime: "image/jpeg",
            bytes: &planks,
        }],
    );
    put("crate-stack.glb", crates)?;
    manifest.terrain.push(TerrainEntry {
        piece: "Crate stack".into(),
        file: "crate-stack.glb".into(),
        scale: None,
        rotation: (0.0, 0.0, 0.0),
        offset: (0.0, 0.0, 0.0),
        paint: None,
    });
    for (label, file, m) in terrain_meshes() {
        put(file, write_stl(&m, "wartable example terrain"))?;
        manifest.terrain.push(TerrainEntry {
            piece: label.into(),
            file: file.into(),
            scale: None,
            rotation: (0.0, 0.0, 0.0),
            offset: (0.0, 0.0, 0.0),
            paint: None,
        });
    }
    let text = to_ron_string(&manifest).map_err(|e| e.to_string())?;
    put(wartable::data::packs::MANIFEST_FILE, text.into_bytes())?;
    Ok(UNITS.len() + 1 + terrain_meshes().len())
}

pub fn run(dir: &Path) -> ExitCode {
    match write(dir) {
        Ok(n) => {
            use std::io::Write;
            let _ = writeln!(
                std::io::stdout(),
                "{}: {n} models and pack.ron written",
                dir.display()
            );
            ExitCode::SUCCESS
        }
        Err(e) => super::fail(&[e]),
    }
}
