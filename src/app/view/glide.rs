//! A miniature's glide from where it stood to where the rules put it, and the list of models the
//! game in play has just moved: the data the table's entities, the effects and the motion share.

use bevy::prelude::*;

/// The models the game in play has just moved (the mirror of the game fills it; the table's
/// entities glide them).
#[derive(Resource, Debug, Default)]
pub struct GameMoved(pub Vec<crate::table::ModelId>);

/// A miniature on its way to `to`, through the points of `via` when the rules gave its path.
#[derive(Component, Debug, Clone)]
pub struct Glide {
    pub from: Vec3,
    pub to: Vec3,
    pub via: Vec<Vec3>,
    pub t: f32,
    pub secs: f32,
}

impl Glide {
    /// A glide from `from` to `to` at a brisk walk: 15 inches a second, between 0.2 and 0.9 s.
    pub fn new(from: Vec3, to: Vec3) -> Self {
        Self::along(from, Vec::new(), to)
    }

    /// A glide along a path, at the same pace (up to 1.5 s for a long way round).
    pub fn along(from: Vec3, via: Vec<Vec3>, to: Vec3) -> Self {
        let mut g = Self {
            from,
            to,
            via,
            t: 0.0,
            secs: 0.0,
        };
        g.secs = (g.length() / 15.0).clamp(0.2, if g.via.is_empty() { 0.9 } else { 1.5 });
        g
    }

    fn points(&self) -> impl Iterator<Item = Vec3> + '_ {
        std::iter::once(self.from)
            .chain(self.via.iter().copied())
            .chain(std::iter::once(self.to))
    }

    /// The length of the way, in inches.
    pub fn length(&self) -> f32 {
        self.points()
            .zip(self.points().skip(1))
            .map(|(a, b)| a.distance(b))
            .sum()
    }

    /// The point `s` inches along the way.
    fn point_at(&self, mut s: f32) -> Vec3 {
        for (a, b) in self.points().zip(self.points().skip(1)) {
            let l = a.distance(b);
            if s <= l && l > 0.0 {
                return a.lerp(b, s / l);
            }
            s -= l;
        }
        self.to
    }

    /// Where the figure is after `t` seconds: eased in and out, along its way, with a small
    /// hop so that a move reads as a move.
    pub fn at(&self, t: f32) -> Vec3 {
        let x = (t / self.secs).clamp(0.0, 1.0);
        if x >= 1.0 {
            return self.to;
        }
        let e = x * x * (3.0 - 2.0 * x);
        let length = self.length();
        let hop = (x * std::f32::consts::PI).sin() * 0.15 * (length / 6.0).min(1.0);
        self.point_at(e * length) + Vec3::Y * hop
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_glide_starts_and_ends_where_it_should_and_keeps_its_pace() {
        let (a, b) = (Vec3::new(1.0, 0.0, -1.0), Vec3::new(7.0, 0.0, -9.0));
        let g = Glide::new(a, b);
        assert_eq!(g.at(0.0), a);
        assert_eq!(g.at(g.secs), b);
        assert_eq!(g.at(g.secs + 5.0), b);
        let mid = g.at(g.secs / 2.0);
        assert!((mid.with_y(0.0) - a.lerp(b, 0.5)).length() < 1e-4);
        assert!(mid.y > 0.0, "hops");
        assert!((g.secs - 10.0 / 15.0).abs() < 1e-6);
        assert_eq!(Glide::new(a, a + Vec3::X * 0.1).secs, 0.2);
        assert_eq!(Glide::new(a, a + Vec3::X * 100.0).secs, 0.9);
    }

    /// A move round a wall follows its path: halfway in time it stands at the corner, never on
    /// the straight line through the wall.
    #[test]
    fn a_glide_follows_the_path_round_a_corner() {
        let (a, corner, b) = (
            Vec3::ZERO,
            Vec3::new(6.0, 0.0, 0.0),
            Vec3::new(6.0, 0.0, -6.0),
        );
        let g = Glide::along(a, vec![corner], b);
        assert_eq!(g.length(), 12.0);
        assert!((g.secs - 0.8).abs() < 1e-6);
        let mid = g.at(g.secs / 2.0);
        assert!((mid.with_y(0.0) - corner).length() < 1e-4, "{mid}");
        for k in 1..10 {
            let p = g.at(g.secs * k as f32 / 10.0).with_y(0.0);
            let on_first = p.z.abs() < 1e-4 && (0.0..=6.0).contains(&p.x);
            let on_second = (p.x - 6.0).abs() < 1e-4 && (-6.0..=0.0).contains(&p.z);
            assert!(on_first || on_second, "{p} is off the path");
        }
        assert_eq!(g.at(g.secs), b);
    }
}
