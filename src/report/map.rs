//! A round's map: the table seen from above, drawn in memory with plotters (no GPU): ground,
//! terrain pieces, zones and objectives, the models where the round left them, each move as an
//! arrow, each attack as a line, each loss as a cross. North is the table's far edge.

use super::gather::Snapshot;
use crate::table::terrain::GroundKind;
use crate::table::{PieceShape, Pt};
use plotters::prelude::*;

/// The map's width in pixels (its height follows the table's shape).
pub const WIDTH: u32 = 720;

/// The sides' colours (the Okabe-Ito palette, as the balance plots).
const SIDES: [RGBColor; 6] = [
    RGBColor(0, 114, 178),
    RGBColor(213, 94, 0),
    RGBColor(0, 158, 115),
    RGBColor(204, 121, 167),
    RGBColor(230, 159, 0),
    RGBColor(86, 180, 233),
];

/// A side's colour (grey for none).
pub fn side_colour(side: u8) -> RGBColor {
    if side == 0 {
        RGBColor(110, 110, 110)
    } else {
        SIDES[(side as usize - 1) % SIDES.len()]
    }
}

/// A colour as red, green, blue.
pub type Rgb = (u8, u8, u8);

/// A side's colour as [`Rgb`].
pub fn rgb(side: u8) -> Rgb {
    let c = side_colour(side);
    (c.0, c.1, c.2)
}

fn ground(k: GroundKind) -> Option<RGBColor> {
    Some(match k {
        GroundKind::Open => return None,
        GroundKind::Rough => RGBColor(214, 200, 160),
        GroundKind::Difficult => RGBColor(180, 160, 120),
        GroundKind::VeryDifficult => RGBColor(150, 125, 95),
        GroundKind::Impossible => RGBColor(90, 90, 90),
        GroundKind::ShallowWater => RGBColor(170, 205, 235),
        GroundKind::DeepWater => RGBColor(90, 140, 200),
    })
}

/// Draws `snap` under `title`: an RGB buffer and its size.
pub fn draw(snap: &Snapshot, title: &str) -> Result<(u32, u32, Vec<u8>), String> {
    crate::plot::register_font();
    let t = &snap.table;
    let (tw, td) = (t.width.max(1.0), t.depth.max(1.0));
    let head = 30u32;
    let scale = (WIDTH - 20) as f32 / tw;
    let (w, h) = (WIDTH, head + (td * scale) as u32 + 10);
    let mut buf = vec![255u8; (w * h * 3) as usize];
    {
        let root = BitMapBackend::with_buffer(&mut buf, (w, h)).into_drawing_area();
        root.fill(&WHITE).map_err(err)?;
        root.draw(&Text::new(
            title.to_string(),
            (10, 6),
            ("sans-serif", 18).into_font().color(&BLACK),
        ))
        .map_err(err)?;
        // Table inches to pixels: x to the right, the far edge (high y) at the top.
        let px = |p: Pt| -> (i32, i32) {
            (
                10 + (p.x * scale).round() as i32,
                head as i32 + ((td - p.y) * scale).round() as i32,
            )
        };
        let r = |inches: f32| ((inches * scale).round() as i32).max(2);
        root.draw(&Rectangle::new(
            [px(Pt::new(0.0, td)), px(Pt::new(tw, 0.0))],
            RGBColor(236, 240, 226).filled(),
        ))
        .map_err(err)?;
        let tiles = &t.tiles;
        for row in 0..tiles.rows {
            for col in 0..tiles.cols {
                if let Some(c) = ground(tiles.kind(col, row)) {
                    let s = tiles.tile_size;
                    let lo = Pt::new(col as f32 * s, row as f32 * s);
                    root.draw(&Rectangle::new(
                        [px(Pt::new(lo.x, lo.y + s)), px(Pt::new(lo.x + s, lo.y))],
                        c.filled(),
                    ))
                    .map_err(err)?;
                }
            }
        }
        for z in &t.zones {
            let c = side_colour(z.side);
            root.draw(&Rectangle::new(
                [px(Pt::new(z.min.x, z.max.y)), px(Pt::new(z.max.x, z.min.y))],
                c.mix(0.10).filled(),
            ))
            .map_err(err)?;
            root.draw(&Rectangle::new(
                [px(Pt::new(z.min.x, z.max.y)), px(Pt::new(z.max.x, z.min.y))],
                c.mix(0.5).stroke_width(1),
            ))
            .map_err(err)?;
        }
        for p in t.pieces.iter() {
            let fill = RGBColor(120, 120, 128);
            match p.shape {
                PieceShape::Cylinder => root
                    .draw(&Circle::new(px(p.at), r(p.size.0 / 2.0), fill.filled()))
                    .map_err(err)?,
                _ => root
                    .draw(&Polygon::new(
                        p.corners().iter().map(|c| px(*c)).collect::<Vec<_>>(),
                        fill.filled(),
                    ))
                    .map_err(err)?,
            }
        }
        for o in &t.objectives {
            root.draw(&Circle::new(
                px(o.at),
                r(o.diameter / 2.0),
                RGBColor(200, 160, 0).stroke_width(3),
            ))
            .map_err(err)?;
        }
        for (side, a, b) in &snap.attacks {
            let c = side_colour(*side);
            root.draw(&PathElement::new(
                vec![px(*a), px(*b)],
                c.mix(0.55).stroke_width(1),
            ))
            .map_err(err)?;
            root.draw(&Circle::new(px(*b), 3, c.filled()))
                .map_err(err)?;
        }
        for m in &t.models {
            let c = if m.wreck {
                RGBColor(150, 150, 150)
            } else {
                side_colour(m.side.0)
            };
            root.draw(&Circle::new(
                px(m.pos),
                r(m.base_diameter / 2.0),
                c.filled(),
            ))
            .map_err(err)?;
            root.draw(&Circle::new(
                px(m.pos),
                r(m.base_diameter / 2.0),
                BLACK.mix(0.6).stroke_width(1),
            ))
            .map_err(err)?;
        }
        for (side, path) in &snap.moves {
            let c = side_colour(*side);
            let pts: Vec<(i32, i32)> = path.iter().map(|p| px(*p)).collect();
            root.draw(&PathElement::new(pts.clone(), c.stroke_width(2)))
                .map_err(err)?;
            if let [.., a, b] = pts.as_slice() {
                root.draw(&Polygon::new(arrow_head(*a, *b), c.filled()))
                    .map_err(err)?;
            }
        }
        for at in &snap.hits {
            root.draw(&Circle::new(
                px(*at),
                9,
                RGBColor(200, 0, 0).stroke_width(2),
            ))
            .map_err(err)?;
        }
        for (_, at, _) in &snap.losses {
            let (x, y) = px(*at);
            let k = 7;
            for (dx, dy) in [(k, k), (k, -k)] {
                root.draw(&PathElement::new(
                    vec![(x - dx, y - dy), (x + dx, y + dy)],
                    RGBColor(200, 0, 0).stroke_width(3),
                ))
                .map_err(err)?;
            }
        }
        root.present().map_err(err)?;
    }
    Ok((w, h, buf))
}

fn err(e: impl std::fmt::Display) -> String {
    e.to_string()
}

/// A filled triangle at `b` pointing away from `a`.
fn arrow_head(a: (i32, i32), b: (i32, i32)) -> Vec<(i32, i32)> {
    let (dx, dy) = ((b.0 - a.0) as f32, (b.1 - a.1) as f32);
    let len = (dx * dx + dy * dy).sqrt().max(1.0);
    let (ux, uy) = (dx / len, dy / len);
    let (l, wd) = (10.0, 5.0);
    let base = (b.0 as f32 - ux * l, b.1 as f32 - uy * l);
    vec![
        b,
        ((base.0 - uy * wd) as i32, (base.1 + ux * wd) as i32),
        ((base.0 + uy * wd) as i32, (base.1 - ux * wd) as i32),
    ]
}

/// The map of `snap` as PNG bytes.
pub fn png(snap: &Snapshot, title: &str) -> Result<Vec<u8>, String> {
    let (w, h, buf) = draw(snap, title)?;
    super::encode::png(w, h, &buf)
}
