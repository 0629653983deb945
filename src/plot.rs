//! Plots of a balance run as one PNG, drawn with plotters in memory (no system libraries; the
//! text uses a font compiled into the program): the win rates of each side with their 95%
//! intervals, game length as a histogram, and a matchup matrix as a heat map.

use crate::rules::simulate::{Matrix, Report, wilson};
use plotters::prelude::*;
use std::path::Path;

/// One panel's size in pixels.
const PANEL: (u32, u32) = (640, 480);

/// Colours of the sides (colour-blind-safe: the Okabe-Ito palette), then draws.
const SIDES: [RGBColor; 6] = [
    RGBColor(0, 114, 178),
    RGBColor(213, 94, 0),
    RGBColor(0, 158, 115),
    RGBColor(204, 121, 167),
    RGBColor(230, 159, 0),
    RGBColor(86, 180, 233),
];
const DRAW: RGBColor = RGBColor(150, 150, 150);

/// Registers the font compiled into the program as "sans-serif" (once).
pub fn register_font() {
    font();
}

fn font() {
    static ONCE: std::sync::Once = std::sync::Once::new();
    ONCE.call_once(|| {
        let _ = plotters::style::register_font(
            "sans-serif",
            FontStyle::Normal,
            epaint_default_fonts::UBUNTU_LIGHT,
        );
    });
}

/// The bars of a win-rate panel: a name, the count, the interval, a colour.
pub fn win_bars(r: &Report) -> Vec<(String, f64, (f64, f64), RGBColor)> {
    let n = r.games();
    let rate = |k: u64| k as f64 / n.max(1) as f64;
    let mut v: Vec<_> = r
        .sides
        .iter()
        .enumerate()
        .map(|(i, (name, _))| {
            let k = r.side_wins(i);
            (name.clone(), rate(k), wilson(k, n), SIDES[i % SIDES.len()])
        })
        .collect();
    let d = r.draws();
    v.push(("draws".into(), rate(d), wilson(d, n), DRAW));
    v
}

/// The bars of a matrix's win-rate panel: each force's wins over every game it played, on
/// either side.
pub fn matrix_bars(m: &Matrix) -> Vec<(String, f64, (f64, f64), RGBColor)> {
    (0..m.forces.len())
        .map(|i| {
            let (k, n) = m.overall(i);
            (
                force_name(&m.forces[i]),
                k as f64 / n.max(1) as f64,
                wilson(k, n),
                SIDES[i % SIDES.len()],
            )
        })
        .collect()
}

/// Game lengths (commands) in at most `bins` bins: (from, to, games).
pub fn length_bins(commands: &[usize], bins: usize) -> Vec<(usize, usize, u64)> {
    let max = commands.iter().copied().max().unwrap_or(0);
    let min = commands.iter().copied().min().unwrap_or(0);
    let width = (max - min + 1).div_ceil(bins.max(1)).max(1);
    let count = (max - min) / width + 1;
    let mut out: Vec<(usize, usize, u64)> = (0..count)
        .map(|k| (min + k * width, min + (k + 1) * width, 0))
        .collect();
    for c in commands {
        out[(c - min) / width].2 += 1;
    }
    out
}

type Area<'a> = DrawingArea<BitMapBackend<'a>, plotters::coord::Shift>;

type Bars = [(String, f64, (f64, f64), RGBColor)];

fn win_panel(area: &Area, title: &str, bars: &Bars) -> Result<(), String> {
    let mut chart = ChartBuilder::on(area)
        .caption(title, ("sans-serif", 20))
        .margin(14)
        .x_label_area_size(36)
        .y_label_area_size(48)
        // A discrete i32 range counts its end: 0..n-1 is n slots.
        .build_cartesian_2d((0..bars.len() as i32 - 1).into_segmented(), 0.0..100.0)
        .map_err(|e| e.to_string())?;
    chart
        .configure_mesh()
        .disable_x_mesh()
        .y_desc("% of games")
        .y_label_formatter(&|v| format!("{v:.0}"))
        .x_label_formatter(&|x| match x {
            SegmentValue::CenterOf(i) => {
                bars.get(*i as usize).map_or(String::new(), |b| b.0.clone())
            }
            _ => String::new(),
        })
        .label_style(("sans-serif", 15))
        .draw()
        .map_err(|e| e.to_string())?;
    for (i, (_, rate, (lo, hi), colour)) in bars.iter().enumerate() {
        let i = i as i32;
        chart
            .draw_series(std::iter::once({
                let mut bar = Rectangle::new(
                    [
                        (SegmentValue::Exact(i), 0.0),
                        (SegmentValue::Exact(i + 1), rate * 100.0),
                    ],
                    colour.mix(0.85).filled(),
                );
                bar.set_margin(0, 0, 14, 14);
                bar
            }))
            .map_err(|e| e.to_string())?;
        // The interval: a vertical line with caps.
        chart
            .draw_series(std::iter::once(PathElement::new(
                vec![
                    (SegmentValue::CenterOf(i), lo * 100.0),
                    (SegmentValue::CenterOf(i), hi * 100.0),
                ],
                BLACK.stroke_width(2),
            )))
            .map_err(|e| e.to_string())?;
        for y in [lo * 100.0, hi * 100.0] {
            chart
                .draw_series(std::iter::once(
                    EmptyElement::at((SegmentValue::CenterOf(i), y))
                        + PathElement::new(vec![(-8, 0), (8, 0)], BLACK.stroke_width(2)),
                ))
                .map_err(|e| e.to_string())?;
        }
        chart
            .draw_series(std::iter::once(Text::new(
                format!("{:.1}%", rate * 100.0),
                (SegmentValue::CenterOf(i), (hi * 100.0 + 4.0).min(97.0)),
                ("sans-serif", 15).into_font().color(&BLACK),
            )))
            .map_err(|e| e.to_string())?;
    }
    Ok(())
}

fn length_panel(area: &Area, commands: &[usize]) -> Result<(), String> {
    let bins = length_bins(commands, 24);
    let top = bins.iter().map(|b| b.2).max().unwrap_or(1).max(1) as f64 * 1.1;
    let (lo, hi) = (
        bins.first().map_or(0, |b| b.0) as f64,
        bins.last().map_or(1, |b| b.1) as f64,
    );
    let mut chart = ChartBuilder::on(area)
        .caption("Game length", ("sans-serif", 20))
        .margin(14)
        .x_label_area_size(36)
        .y_label_area_size(48)
        .build_cartesian_2d(lo..hi, 0.0..top)
        .map_err(|e| e.to_string())?;
    chart
        .configure_mesh()
        .disable_x_mesh()
        .x_desc("commands")
        .y_desc("games")
        .x_label_formatter(&|v| format!("{v:.0}"))
        .y_label_formatter(&|v| format!("{v:.0}"))
        .label_style(("sans-serif", 15))
        .draw()
        .map_err(|e| e.to_string())?;
    chart
        .draw_series(bins.iter().map(|(from, to, n)| {
            Rectangle::new(
                [(*from as f64, 0.0), (*to as f64, *n as f64)],
                SIDES[0].mix(0.8).filled(),
            )
        }))
        .map_err(|e| e.to_string())?;
    Ok(())
}

/// The name a force file goes by in a plot: its file name without `.ron`.
pub fn force_name(p: &Path) -> String {
    p.file_stem().map_or_else(
        || p.display().to_string(),
        |s| s.to_string_lossy().into_owned(),
    )
}

fn matrix_panel(area: &Area, m: &Matrix) -> Result<(), String> {
    let n = m.forces.len() as i32;
    let names: Vec<String> = m.forces.iter().map(|p| force_name(p)).collect();
    let mut chart = ChartBuilder::on(area)
        .caption(
            "Side 1's win rate: row (side 1) against column (side 2)",
            ("sans-serif", 18),
        )
        .margin(14)
        .x_label_area_size(36)
        .y_label_area_size(130)
        .build_cartesian_2d((0..n - 1).into_segmented(), (0..n - 1).into_segmented())
        .map_err(|e| e.to_string())?;
    let name = |i: i32| names.get(i as usize).cloned().unwrap_or_default();
    // Columns left to right; rows top to bottom (the y axis counts up).
    let column = |v: &SegmentValue<i32>| match v {
        SegmentValue::CenterOf(i) => name(*i),
        _ => String::new(),
    };
    let row = |v: &SegmentValue<i32>| match v {
        SegmentValue::CenterOf(i) => name(n - 1 - *i),
        _ => String::new(),
    };
    chart
        .configure_mesh()
        .disable_mesh()
        .x_label_formatter(&column)
        .y_label_formatter(&row)
        .label_style(("sans-serif", 14))
        .draw()
        .map_err(|e| e.to_string())?;
    for i in 0..n {
        for j in 0..n {
            let rate = m.rate(i as usize, j as usize);
            // Side 2's colour through white to side 1's.
            let (a, b) = (SIDES[1], SIDES[0]);
            let t = rate;
            let mixc = |x: u8, y: u8| {
                let w = 255.0;
                let (x, y) = (x as f64, y as f64);
                (if t < 0.5 {
                    x + (w - x) * (t * 2.0)
                } else {
                    w + (y - w) * ((t - 0.5) * 2.0)
                }) as u8
            };
            let colour = RGBColor(mixc(a.0, b.0), mixc(a.1, b.1), mixc(a.2, b.2));
            // Row i at the top: the y axis counts up, so row i is drawn at n - 1 - i.
            let y = n - 1 - i;
            chart
                .draw_series(std::iter::once(Rectangle::new(
                    [
                        (SegmentValue::Exact(j), SegmentValue::Exact(y)),
                        (SegmentValue::Exact(j + 1), SegmentValue::Exact(y + 1)),
                    ],
                    colour.filled(),
                )))
                .map_err(|e| e.to_string())?;
            chart
                .draw_series(std::iter::once(Text::new(
                    format!("{:.0}%", rate * 100.0),
                    (SegmentValue::CenterOf(j), SegmentValue::CenterOf(y)),
                    ("sans-serif", 16).into_font().color(&BLACK),
                )))
                .map_err(|e| e.to_string())?;
        }
    }
    Ok(())
}

/// Draws the win rates and game length of a run (`r`), or of a matrix and its heat map (`m`),
/// side by side, as RGB pixels: (width, height, pixels).
pub fn render(r: &Report, m: Option<&Matrix>) -> Result<(u32, u32, Vec<u8>), String> {
    font();
    let (title, bars, commands): (String, Vec<_>, Vec<usize>) = match m {
        None => (
            format!(
                "{}: wins of {} games (95% intervals)",
                r.rules.label(),
                r.games()
            ),
            win_bars(r),
            r.results.iter().map(|g| g.commands).collect(),
        ),
        Some(m) => (
            format!(
                "{}: wins of each force, either side (95% intervals)",
                r.rules.label()
            ),
            matrix_bars(m),
            m.cells
                .iter()
                .flatten()
                .flat_map(|c| c.results.iter().map(|g| g.commands))
                .collect(),
        ),
    };
    let panels = if m.is_some() { 3 } else { 2 };
    let (w, h) = (PANEL.0 * panels, PANEL.1);
    let mut buf = vec![255u8; (w * h * 3) as usize];
    {
        let root = BitMapBackend::with_buffer(&mut buf, (w, h)).into_drawing_area();
        root.fill(&WHITE).map_err(|e| e.to_string())?;
        let parts = root.split_evenly((1, panels as usize));
        win_panel(&parts[0], &title, &bars)?;
        length_panel(&parts[1], &commands)?;
        if let Some(m) = m {
            matrix_panel(&parts[2], m)?;
        }
        root.present().map_err(|e| e.to_string())?;
    }
    Ok((w, h, buf))
}

/// Writes [`render`]'s picture to `path` as a PNG.
pub fn write_png(path: &Path, r: &Report, m: Option<&Matrix>) -> Result<(), String> {
    let (w, h, buf) = render(r, m)?;
    let mut bytes = Vec::new();
    {
        let mut enc = png::Encoder::new(&mut bytes, w, h);
        enc.set_color(png::ColorType::Rgb);
        enc.set_depth(png::BitDepth::Eight);
        let mut wr = enc.write_header().map_err(|e| e.to_string())?;
        wr.write_image_data(&buf).map_err(|e| e.to_string())?;
    }
    crate::data::load::write_atomic(path, &bytes)
        .map_err(|e| format!("cannot write {}: {e}", path.display()))
}
