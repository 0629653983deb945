//! What the table shows of a KOG light game: the game's models, each side's territory and
//! deployment area once drawn, and the objectives on the ground (a carried objective rides on
//! its carrier's marker instead).

use super::actions::OBJECTIVE_RADIUS;
use super::state::{Half, KogState, Split, Territory};
use crate::table::{Objective, Pt, Table, Zone, ZoneKind};

/// The zones the game has drawn so far: each side's half and, inside it, its deployment area.
pub fn zones_of(s: &KogState) -> Vec<Zone> {
    let (Some(t), Some(r)) = (s.territory, s.roles) else {
        return Vec::new();
    };
    let mut out = Vec::new();
    for side in [r.defender, r.attacker] {
        let half = t.half_of(side, &r);
        let (min, max) = half_rect(&t, half, 0.0);
        let role = if side == r.defender {
            "Defender"
        } else {
            "Attacker"
        };
        out.push(Zone {
            name: format!("{role} territory (side {side})"),
            kind: ZoneKind::Territory,
            side,
            min,
            max,
        });
        let (dmin, dmax) = half_rect(&t, half, s.options().deployment_gap);
        if dmin.x < dmax.x && dmin.y < dmax.y {
            out.push(Zone {
                name: format!("{role} deployment (side {side})"),
                kind: ZoneKind::Deployment,
                side,
                min: dmin,
                max: dmax,
            });
        }
    }
    out
}

/// The rectangle of `half`, kept `gap` inches from the other half.
fn half_rect(t: &Territory, half: Half, gap: f32) -> (Pt, Pt) {
    match (t.split, half) {
        (Split::LeftRight, Half::LeftOrNear) => {
            (Pt::new(0.0, 0.0), Pt::new(t.width / 2.0 - gap, t.depth))
        }
        (Split::LeftRight, Half::RightOrFar) => {
            (Pt::new(t.width / 2.0 + gap, 0.0), Pt::new(t.width, t.depth))
        }
        (Split::NearFar, Half::LeftOrNear) => {
            (Pt::new(0.0, 0.0), Pt::new(t.width, t.depth / 2.0 - gap))
        }
        (Split::NearFar, Half::RightOrFar) => {
            (Pt::new(0.0, t.depth / 2.0 + gap), Pt::new(t.width, t.depth))
        }
    }
}

/// The table as the view shows it: the game's models, its zones and its objectives on the
/// ground (a carried objective rides on its carrier's marker instead).
pub fn view_table(s: &KogState) -> Table {
    let mut t = s.table.clone();
    t.zones = zones_of(s);
    t.objectives = s
        .objectives
        .iter()
        .filter(|o| o.carrier.is_none() && !o.off_table)
        .map(|o| Objective {
            name: o.name.clone(),
            at: o.at,
            diameter: 2.0 * OBJECTIVE_RADIUS,
        })
        .collect();
    t
}

/// Each model's figure: its class, a Frame of the Recon type in its recon variant, and each
/// side's faction as a style (the catalogue's order).
pub fn looks(s: &KogState) -> crate::table::look::Looks {
    use super::catalogue::{Class, ModelType};
    use crate::table::look::{Figure, Look};
    s.models
        .values()
        .map(|m| {
            let l = &m.loadout;
            let look = match l.class {
                Class::Infantry => Look::new(Figure::Infantry, 0),
                Class::Tank => Look::new(Figure::Tank, 0),
                Class::Kog => Look::new(Figure::Kog, l.types.contains(&ModelType::Recon) as u8),
                Class::Frame => Look::new(Figure::Frame, l.types.contains(&ModelType::Recon) as u8),
            };
            (m.id, look)
        })
        .collect()
}
