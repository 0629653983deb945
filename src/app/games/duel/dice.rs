//! Dice drawn as dice in the overlays: a d4 as a triangle, a d6 as a square with pips, a d8 as a
//! diamond, a d10 as a kite, a d20 as a hexagon, a d100 as two d10s' pair; the face showing
//! written on it, or blank when the die waits in its place.

use bevy_egui::egui::{self, Color32, Pos2, Sense, Stroke, Vec2};

/// Draws a die of `sides` showing `value` (blank: `None`) in `fill`; `size` in points.
pub fn die(ui: &mut egui::Ui, sides: u32, value: Option<u32>, fill: Color32, size: f32) {
    let (rect, _) = ui.allocate_exact_size(Vec2::splat(size), Sense::hover());
    let p = ui.painter_at(rect.expand(1.0));
    let c = rect.center();
    let r = size * 0.48;
    let stroke = Stroke::new(1.5, Color32::from_gray(20));
    let poly = |n: usize, start: f32, squash: f32| -> Vec<Pos2> {
        (0..n)
            .map(|k| {
                let a = (start + 360.0 * k as f32 / n as f32).to_radians();
                Pos2::new(c.x + r * a.cos(), c.y + r * a.sin() * squash)
            })
            .collect()
    };
    let shape = match sides {
        4 => poly(3, -90.0, 1.0),
        6 => {
            p.rect(
                rect.shrink(size * 0.08),
                size * 0.12,
                fill,
                stroke,
                egui::StrokeKind::Inside,
            );
            if let Some(v) = value.filter(|v| (1..=6).contains(v)) {
                pips(&p, rect.shrink(size * 0.2), v, size * 0.07);
            }
            return;
        }
        8 => poly(4, -90.0, 1.0),
        10 | 100 => vec![
            Pos2::new(c.x, c.y - r),
            Pos2::new(c.x + r * 0.9, c.y - r * 0.1),
            Pos2::new(c.x, c.y + r),
            Pos2::new(c.x - r * 0.9, c.y - r * 0.1),
        ],
        _ => poly(6, -90.0, 1.0),
    };
    p.add(egui::Shape::convex_polygon(shape, fill, stroke));
    if sides == 20 {
        // The d20's front triangle.
        let t = poly(3, -90.0, 1.0)
            .into_iter()
            .map(|q| c + (q - c) * 0.62)
            .collect::<Vec<_>>();
        p.add(egui::Shape::closed_line(
            t,
            Stroke::new(1.0, Color32::from_black_alpha(90)),
        ));
    }
    if let Some(v) = value {
        let text = if sides == 10 && v == 10 {
            "0".to_string()
        } else {
            v.to_string()
        };
        let dy = if sides == 4 { size * 0.1 } else { 0.0 };
        p.text(
            c + Vec2::new(0.0, dy),
            egui::Align2::CENTER_CENTER,
            text,
            egui::FontId::proportional(size * if v >= 10 { 0.34 } else { 0.42 }),
            Color32::from_gray(15),
        );
    }
}

fn pips(p: &egui::Painter, r: egui::Rect, v: u32, rad: f32) {
    let at = |x: f32, y: f32| Pos2::new(r.left() + r.width() * x, r.top() + r.height() * y);
    let spots: &[(f32, f32)] = match v {
        1 => &[(0.5, 0.5)],
        2 => &[(0.2, 0.2), (0.8, 0.8)],
        3 => &[(0.2, 0.2), (0.5, 0.5), (0.8, 0.8)],
        4 => &[(0.2, 0.2), (0.8, 0.2), (0.2, 0.8), (0.8, 0.8)],
        5 => &[(0.2, 0.2), (0.8, 0.2), (0.5, 0.5), (0.2, 0.8), (0.8, 0.8)],
        _ => &[
            (0.2, 0.2),
            (0.8, 0.2),
            (0.2, 0.5),
            (0.8, 0.5),
            (0.2, 0.8),
            (0.8, 0.8),
        ],
    };
    for (x, y) in spots {
        p.circle_filled(at(*x, *y), rad, Color32::from_gray(15));
    }
}

/// The last `n` rolls of the game's dice log as dice, each with its purpose, newest last; with
/// `seat`, only the rolls that seat may see (another seat's secret is left out).
pub fn recent_rolls(ui: &mut egui::Ui, log: &[crate::dice::Roll], n: usize, seat: Option<u8>) {
    let mut shown: Vec<&crate::dice::Roll> = log
        .iter()
        .rev()
        .filter(|r| seat.is_none_or(|s| r.visible_to(s)))
        .take(n)
        .collect();
    shown.reverse();
    for roll in shown {
        ui.horizontal(|ui| {
            for d in &roll.dice {
                let fill = if d.kept {
                    Color32::from_rgb(235, 225, 200)
                } else {
                    Color32::from_gray(140)
                };
                die(ui, roll.expr.sides, Some(d.value), fill, 26.0);
            }
            ui.label(egui::RichText::new(roll.purpose.as_ref()).small());
        });
    }
}
