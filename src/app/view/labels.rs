//! Labels over the miniatures, laid out in screen space so that they never overlap: the hovered,
//! selected and targeted models get their name and marks; the others only a compact icon of
//! their marks (wounds, conditions), and nothing when they have none. Each rule set says what a
//! model's label holds ([`ModelTags`]); a table with no game in play shows plain names.

use super::table_entities::{Base, Miniature};
use crate::app::base::state::{Selection, TableState};
use crate::table::ModelId;
use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

pub fn plugin(app: &mut App) {
    app.init_resource::<ModelTags>().add_systems(
        EguiPrimaryContextPass,
        draw_labels
            .after(TagSet)
            .after(crate::app::base::sets::PlayUi::Panels),
    );
}

pub use crate::app::base::sets::TagSet;

/// What a model's label says.
#[derive(Debug, Clone)]
pub struct ModelTag {
    pub id: ModelId,
    pub name: String,
    /// Short marks (★ commander, ⊗ crippled, • per wound): the compact icon.
    pub marks: String,
    /// A target of the action under the pointer: shown in full.
    pub targeted: bool,
}

/// This frame's labels, filled by the rule set in play; emptied once drawn.
#[derive(Resource, Debug, Default)]
pub struct ModelTags(pub Vec<ModelTag>);

/// Where each box goes, boxes given first to last by priority as (anchor, size): a box sits
/// centred above its anchor when it can; otherwise it is moved up, then aside, to the nearest
/// free place; one with no free place near (`None`) is not shown. `full` boxes (the first ones)
/// may be pushed further than icons. The boxes placed never overlap.
pub fn layout(items: &[(egui::Pos2, egui::Vec2, bool)]) -> Vec<Option<egui::Rect>> {
    let mut placed: Vec<egui::Rect> = Vec::new();
    let mut out = Vec::with_capacity(items.len());
    for (anchor, size, full) in items {
        let home = egui::Rect::from_min_size(
            egui::pos2(anchor.x - size.x / 2.0, anchor.y - size.y),
            *size,
        );
        let step = size.y + 2.0;
        let reach = if *full { 6 } else { 2 };
        let mut spot = None;
        'search: for k in 0..=reach {
            for dx in [0.0, -0.6, 0.6, -1.2, 1.2] {
                let r = home.translate(egui::vec2(dx * size.x, -(k as f32) * step));
                if !placed.iter().any(|p| p.expand(1.0).intersects(r)) {
                    spot = Some(r);
                    break 'search;
                }
            }
        }
        if let Some(r) = spot {
            placed.push(r);
        }
        out.push(spot);
    }
    out
}

/// The names of the table's models, for a table with no rule set's labels.
fn plain_tags(state: &TableState) -> Vec<ModelTag> {
    state
        .table
        .models
        .iter()
        .map(|m| ModelTag {
            id: m.id,
            name: m.name.clone(),
            marks: if m.wreck { "out".into() } else { String::new() },
            targeted: false,
        })
        .collect()
}

#[allow(clippy::too_many_arguments)]
fn draw_labels(
    mut contexts: EguiContexts,
    mut tags: ResMut<ModelTags>,
    state: Option<Res<TableState>>,
    sel: Res<Selection>,
    hit: Res<super::picking::CursorHit>,
    mode: Option<Res<State<crate::app::base::mode::Mode>>>,
    cams: Query<(&Camera, &GlobalTransform), super::camera::TableCamera>,
    minis: Query<(&Miniature, &Base, &GlobalTransform)>,
) -> Result {
    let tags = std::mem::take(&mut tags.0);
    let Some(state) = state else { return Ok(()) };
    if mode.is_some_and(|m| *m.get() == crate::app::base::mode::Mode::Editor) {
        return Ok(());
    }
    let ctx = contexts.ctx_mut()?.clone();
    let Ok((cam, cam_tf)) = cams.single() else {
        return Ok(());
    };
    let tags = if tags.is_empty() {
        plain_tags(&state)
    } else {
        tags
    };
    let view = cam.logical_viewport_rect();
    let heads: std::collections::HashMap<ModelId, (Vec3, u8)> = minis
        .iter()
        .map(|(m, b, tf)| {
            (
                m.id,
                (
                    tf.translation() + Vec3::Y * (b.body_height + 0.45),
                    m.side.0,
                ),
            )
        })
        .collect();
    // Full labels first (hovered, selected, targeted), then icons.
    let full = |t: &ModelTag| {
        if hit.model == Some(t.id) {
            Some(0)
        } else if sel.0 == Some(t.id) {
            Some(1)
        } else if t.targeted {
            Some(2)
        } else {
            None
        }
    };
    let mut order: Vec<(u8, &ModelTag)> = tags
        .iter()
        .filter_map(|t| match full(t) {
            Some(p) => Some((p, t)),
            None if !t.marks.is_empty() => Some((3, t)),
            None => None,
        })
        .collect();
    order.sort_by_key(|(p, t)| (*p, t.id));
    let painter = ctx.layer_painter(egui::LayerId::new(
        egui::Order::Background,
        egui::Id::new("model_labels"),
    ));
    let mut boxes = Vec::new();
    let mut texts = Vec::new();
    for (p, t) in &order {
        let Some((head, side)) = heads.get(&t.id) else {
            continue;
        };
        let Ok(at) = cam.world_to_viewport(cam_tf, *head) else {
            continue;
        };
        // Logical pixels to egui points.
        let at = at / ctx.zoom_factor();
        if view.is_some_and(|r| !r.contains(at * ctx.zoom_factor())) {
            continue;
        }
        let is_full = *p < 3;
        let text = if is_full && !t.marks.is_empty() {
            format!("{} {}", t.name, t.marks)
        } else if is_full {
            t.name.clone()
        } else {
            t.marks.clone()
        };
        let size = if is_full { 13.0 } else { 11.0 };
        let col = super::visuals::side_color32(*side);
        let ink = egui::Color32::from_gray(if is_full { 245 } else { 215 });
        let galley = painter.layout_no_wrap(text, egui::FontId::proportional(size), ink);
        // Room on the left for the side's colour.
        let pad = egui::vec2(12.0, 3.0);
        boxes.push((egui::pos2(at.x, at.y), galley.size() + pad, is_full));
        texts.push((galley, egui::pos2(at.x, at.y), *p, col));
    }
    for (r, (galley, anchor, p, col)) in layout(&boxes).into_iter().zip(texts) {
        let Some(r) = r else { continue };
        let fill = if p == 0 {
            egui::Color32::from_black_alpha(230)
        } else {
            egui::Color32::from_black_alpha(185)
        };
        if (r.center_bottom() - anchor).length() > 4.0 {
            painter.line_segment(
                [r.center_bottom(), anchor],
                egui::Stroke::new(1.0, egui::Color32::from_white_alpha(120)),
            );
        }
        painter.rect_filled(r, 3.0, fill);
        if p < 3 {
            painter.rect_stroke(
                r,
                3.0,
                egui::Stroke::new(
                    1.0,
                    egui::Color32::from_white_alpha(if p == 0 { 160 } else { 70 }),
                ),
                egui::StrokeKind::Inside,
            );
        }
        painter.rect_filled(
            egui::Rect::from_min_size(r.min, egui::vec2(5.0, r.height())),
            egui::CornerRadius {
                nw: 3,
                sw: 3,
                ne: 0,
                se: 0,
            },
            col,
        );
        painter.galley(r.min + egui::vec2(8.0, 1.5), galley, egui::Color32::WHITE);
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn boxes_never_overlap_and_the_first_sits_on_its_anchor() {
        // Twenty models in a tight clump, as a charge leaves them.
        let items: Vec<_> = (0..20)
            .map(|i| {
                (
                    egui::pos2(300.0 + (i % 5) as f32 * 6.0, 200.0 + (i / 5) as f32 * 5.0),
                    egui::vec2(60.0, 16.0),
                    i < 3,
                )
            })
            .collect();
        let placed = layout(&items);
        let rects: Vec<egui::Rect> = placed.iter().flatten().copied().collect();
        for (i, a) in rects.iter().enumerate() {
            for b in &rects[i + 1..] {
                assert!(!a.intersects(*b), "{a:?} overlaps {b:?}");
            }
        }
        let first = placed[0].expect("the first is always shown");
        assert_eq!(first.center_bottom(), items[0].0);
        // The full labels all find a place; some icons in the clump give way.
        assert!(placed[..3].iter().all(Option::is_some));
        assert!(placed.iter().any(Option::is_none));
    }

    #[test]
    fn boxes_apart_stay_on_their_anchors() {
        let items = [
            (egui::pos2(100.0, 100.0), egui::vec2(40.0, 14.0), true),
            (egui::pos2(300.0, 100.0), egui::vec2(40.0, 14.0), false),
        ];
        for (r, (a, _, _)) in layout(&items).into_iter().zip(items) {
            assert_eq!(r.unwrap().center_bottom(), a);
        }
    }
}
