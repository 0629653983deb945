//! The tape measure: distances in inches between models (base edge to base edge) and points.

use super::error::TableError;
use super::geom::Pt;
use super::model::ModelId;
use super::tabletop::Table;

/// One end of a tape: a model (measured from its base edge) or a point on the table.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum TapeEnd {
    Model(ModelId),
    Point(Pt),
}

/// A measured tape.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Measurement {
    /// Distance on the table plane, base edge to base edge where models are involved.
    pub inches: f32,
    /// Height of the second end above the first (negative when lower).
    pub rise: f32,
    /// Where the tape touches each end (on the base edge for models).
    pub from: Pt,
    pub to: Pt,
}

impl Table {
    fn end_centre(&self, e: TapeEnd) -> Result<(Pt, f32, f32), TableError> {
        match e {
            TapeEnd::Model(id) => {
                let m = self.model(id)?;
                Ok((m.pos, m.radius(), m.h))
            }
            TapeEnd::Point(p) => {
                self.check_on_table(p)?;
                Ok((p, 0.0, self.surface_height(p)))
            }
        }
    }

    /// Measures from `a` to `b`: the plane distance between the nearest points of the two ends.
    pub fn measure(&self, a: TapeEnd, b: TapeEnd) -> Result<Measurement, TableError> {
        let (pa, ra, ha) = self.end_centre(a)?;
        let (pb, rb, hb) = self.end_centre(b)?;
        let d = pa.dist(pb);
        let dir = if d > 1e-6 {
            pb.sub(pa).scale(1.0 / d)
        } else {
            Pt::new(1.0, 0.0)
        };
        let inches = (d - ra - rb).max(0.0);
        let from = pa.add(dir.scale(ra.min(d)));
        let to = pb.sub(dir.scale(rb.min(d)));
        Ok(Measurement {
            inches,
            rise: hb - ha,
            from,
            to,
        })
    }
}
