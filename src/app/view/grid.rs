//! Table overlays drawn as gizmos: the toggleable inch grid (G), the selection ring, zone outlines
//! and the front-arc edges of the selected model.

use super::visuals::side_color;
use crate::app::base::convert::{flat, to_world};
use crate::app::base::state::{Selection, TableState, ViewSettings};
use crate::table::Pt;
use bevy::prelude::*;

pub(crate) fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        (
            toggle_keys.run_if(crate::app::base::keys::keys_free),
            draw_grid,
            draw_selection,
            draw_zones,
        ),
    );
}

fn toggle_keys(
    keys: Res<ButtonInput<KeyCode>>,
    bind: crate::app::base::keys::Keys,
    mut view: ResMut<ViewSettings>,
) {
    use crate::app::base::keys::Key;
    if bind.just_pressed(Key::Grid) {
        view.grid = !view.grid;
    }
    if bind.just_pressed(Key::Help) {
        view.help = !view.help;
    }
    if bind.just_pressed(Key::Zones)
        && !crate::app::base::state::modifier_held(&keys, crate::app::base::state::CTRL)
    {
        view.zones = !view.zones;
    }
}

fn draw_grid(state: Option<Res<TableState>>, view: Res<ViewSettings>, mut gizmos: Gizmos) {
    let (Some(state), true) = (state, view.grid) else {
        return;
    };
    let t = &state.table;
    let faint = Color::srgba(1.0, 1.0, 1.0, 0.05);
    let strong = Color::srgba(1.0, 1.0, 1.0, 0.16);
    let y = 0.015;
    let mut x = 0.0;
    while x <= t.width + 1e-3 {
        let c = if (x as i32) % 6 == 0 { strong } else { faint };
        gizmos.line(
            to_world(Pt::new(x, 0.0), y),
            to_world(Pt::new(x, t.depth), y),
            c,
        );
        x += 1.0;
    }
    let mut yy = 0.0;
    while yy <= t.depth + 1e-3 {
        let c = if (yy as i32) % 6 == 0 { strong } else { faint };
        gizmos.line(
            to_world(Pt::new(0.0, yy), y),
            to_world(Pt::new(t.width, yy), y),
            c,
        );
        yy += 1.0;
    }
}

fn draw_selection(state: Option<Res<TableState>>, sel: Res<Selection>, mut gizmos: Gizmos) {
    let (Some(state), Some(id)) = (state, sel.0) else {
        return;
    };
    let Ok(m) = state.table.model(id) else { return };
    let c = to_world(m.pos, m.h + 0.14);
    let white = Color::srgb(1.0, 1.0, 1.0);
    gizmos
        .circle(flat(c), m.radius() + 0.12, white)
        .resolution(48);
    gizmos
        .circle(flat(c), m.radius() + 0.18, white)
        .resolution(48);
    // The front arc's edges, carried 6" out so the player can see what lies inside it.
    let half = m.front_arc / 2.0;
    for edge in [m.facing - half, m.facing + half] {
        let dir = Pt::new(1.0, 0.0).rotate(edge);
        let from = m.pos.add(dir.scale(m.radius()));
        let to = m.pos.add(dir.scale(m.radius() + 6.0));
        gizmos.line(
            to_world(from, m.h + 0.14),
            to_world(to, m.h + 0.14),
            Color::srgba(1.0, 0.95, 0.6, 0.8),
        );
    }
}

fn draw_zones(state: Option<Res<TableState>>, view: Res<ViewSettings>, mut gizmos: Gizmos) {
    let (Some(state), true) = (state, view.zones) else {
        return;
    };
    for z in &state.table.zones {
        let c = side_color(z.side);
        let y = 0.03;
        let corners = [
            z.min,
            Pt::new(z.max.x, z.min.y),
            z.max,
            Pt::new(z.min.x, z.max.y),
        ];
        gizmos.linestrip(
            corners
                .iter()
                .chain(std::iter::once(&z.min))
                .map(|p| to_world(*p, y)),
            c,
        );
    }
}
