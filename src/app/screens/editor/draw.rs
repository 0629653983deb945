//! The editor's gizmos: outlines of the selected pieces, and under the pointer the brush, the
//! rectangle or zone being dragged, or the spot where a piece or objective would go.

use super::state::{EditTool, Editor};
use crate::app::base::convert::{flat, to_world};
use crate::app::base::state::ActiveTool;
use crate::app::view::picking::CursorHit;
use crate::edit::ops::{brush_tiles, snap_point};
use crate::table::Pt;
use bevy::prelude::*;

pub(super) fn draw_editor(
    editor: Res<Editor>,
    hit: Res<CursorHit>,
    tool: Res<ActiveTool>,
    mut gizmos: Gizmos,
) {
    let level = editor.history.current();
    let t = &level.table;
    let white = Color::srgb(1.0, 1.0, 1.0);
    for &i in &editor.selected {
        if let Some(p) = t.pieces.get(i) {
            let top = p.base_height + p.size.2 + 0.05;
            let c = p.corners();
            gizmos.linestrip(
                c.iter()
                    .chain(std::iter::once(&c[0]))
                    .map(|q| to_world(*q, top)),
                white,
            );
            gizmos.linestrip(
                c.iter()
                    .chain(std::iter::once(&c[0]))
                    .map(|q| to_world(*q, 0.05)),
                white,
            );
        }
    }
    if *tool != ActiveTool::Edit {
        return;
    }
    let Some(p) = hit.ground else { return };
    match editor.tool {
        EditTool::Ground | EditTool::Height | EditTool::Eyedropper => {
            let g = &t.tiles;
            for (c, r) in brush_tiles(
                t,
                p,
                if editor.tool == EditTool::Eyedropper {
                    1
                } else {
                    editor.brush
                },
            ) {
                let centre = g.tile_centre(c, r);
                let h = g.height(c, r) + 0.05;
                let half = g.tile_size / 2.0 - 0.05;
                let pts = [
                    Pt::new(-half, -half),
                    Pt::new(half, -half),
                    Pt::new(half, half),
                    Pt::new(-half, half),
                    Pt::new(-half, -half),
                ];
                gizmos.linestrip(
                    pts.iter().map(|d| to_world(centre.add(*d), h)),
                    Color::srgb(1.0, 0.9, 0.2),
                );
            }
        }
        EditTool::Rectangle | EditTool::Zones => {
            if let (Some(a), Some(b)) = (editor.drag_from, editor.drag_to) {
                let pts = [a, Pt::new(b.x, a.y), b, Pt::new(a.x, b.y), a];
                gizmos.linestrip(
                    pts.iter().map(|q| to_world(*q, 0.1)),
                    Color::srgb(1.0, 0.9, 0.2),
                );
            }
        }
        EditTool::Objectives | EditTool::Pieces => {
            let q = snap_point(p, editor.snap);
            gizmos.circle(
                flat(to_world(q, t.surface_height(q) + 0.05)),
                0.3,
                Color::srgb(1.0, 0.9, 0.2),
            );
        }
    }
}
