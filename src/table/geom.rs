//! Small plane geometry in inches: points, rotations and angles.

use serde::{Deserialize, Serialize};

/// A point (or vector) on the table plane, in inches.
#[derive(Debug, Clone, Copy, PartialEq, Default, Serialize, Deserialize)]
pub struct Pt {
    pub x: f32,
    pub y: f32,
}

impl Pt {
    pub const fn new(x: f32, y: f32) -> Self {
        Self { x, y }
    }
    pub fn sub(self, o: Pt) -> Pt {
        Pt::new(self.x - o.x, self.y - o.y)
    }
    pub fn add(self, o: Pt) -> Pt {
        Pt::new(self.x + o.x, self.y + o.y)
    }
    pub fn scale(self, s: f32) -> Pt {
        Pt::new(self.x * s, self.y * s)
    }
    /// The length, rounded once from the exact square root: the squares and their sum are
    /// taken in f64 (exact or within half an f64 unit), as the C library's `hypotf` does on
    /// this project's Linux builds, without the call.
    pub fn len(self) -> f32 {
        if self.x.is_finite() && self.y.is_finite() {
            let (x, y) = (self.x as f64, self.y as f64);
            (x * x + y * y).sqrt() as f32
        } else {
            self.x.hypot(self.y)
        }
    }
    pub fn dist(self, o: Pt) -> f32 {
        self.sub(o).len()
    }
    /// Rotates the vector counter-clockwise by `deg` degrees.
    pub fn rotate(self, deg: f32) -> Pt {
        let (s, c) = deg.to_radians().sin_cos();
        Pt::new(self.x * c - self.y * s, self.x * s + self.y * c)
    }
    /// Direction of the vector in degrees, counter-clockwise from +x, in (-180, 180].
    pub fn angle_deg(self) -> f32 {
        self.y.atan2(self.x).to_degrees()
    }
    pub fn is_finite(self) -> bool {
        self.x.is_finite() && self.y.is_finite()
    }
}

/// The signed smallest difference `a - b` between two headings, in (-180, 180].
pub fn angle_diff_deg(a: f32, b: f32) -> f32 {
    let mut d = (a - b) % 360.0;
    if d > 180.0 {
        d -= 360.0;
    } else if d <= -180.0 {
        d += 360.0;
    }
    d
}

/// Normalises a heading into [0, 360).
pub fn norm_deg(a: f32) -> f32 {
    let r = a % 360.0;
    if r < 0.0 { r + 360.0 } else { r }
}
