//! Miniatures move across the table instead of jumping: when the game moves a model, its
//! figure glides from where it stood to where the rules put it, and the camera follows a move
//! that ends out of view. Only the drawing moves; the rules and the table are already there.

use super::camera::CameraGoal;
use super::table_entities::Miniature;
use bevy::prelude::*;

pub fn plugin(app: &mut App) {
    app.init_resource::<GameMoved>().add_systems(
        Update,
        (follow_moves, glide)
            .chain()
            .after(super::table_entities::TableSync),
    );
}

/// The models the game in play has just moved (the mirror of the game fills it; the table's
/// entities glide them).
#[derive(Resource, Debug, Default)]
pub struct GameMoved(pub Vec<crate::table::ModelId>);

/// A miniature on its way to `to`.
#[derive(Component, Debug, Clone, Copy)]
pub struct Glide {
    pub from: Vec3,
    pub to: Vec3,
    pub t: f32,
    pub secs: f32,
}

impl Glide {
    /// A glide from `from` to `to` at a brisk walk: 15 inches a second, between 0.2 and 0.9 s.
    pub fn new(from: Vec3, to: Vec3) -> Self {
        Self {
            from,
            to,
            t: 0.0,
            secs: (from.distance(to) / 15.0).clamp(0.2, 0.9),
        }
    }

    /// Where the figure is after `t` seconds: eased in and out, on the straight line, with a
    /// small hop so that a move reads as a move.
    pub fn at(&self, t: f32) -> Vec3 {
        let x = (t / self.secs).clamp(0.0, 1.0);
        if x >= 1.0 {
            return self.to;
        }
        let e = x * x * (3.0 - 2.0 * x);
        let hop =
            (x * std::f32::consts::PI).sin() * 0.15 * (self.from.distance(self.to) / 6.0).min(1.0);
        self.from.lerp(self.to, e) + Vec3::Y * hop
    }
}

fn glide(
    mut commands: Commands,
    time: Res<Time>,
    mut q: Query<(Entity, &mut Glide, &mut Transform)>,
) {
    for (e, mut g, mut tf) in &mut q {
        g.t += time.delta_secs();
        tf.translation = g.at(g.t);
        if g.t >= g.secs {
            tf.translation = g.to;
            commands.entity(e).remove::<Glide>();
        }
    }
}

/// Points the camera at a move that ends out of view.
fn follow_moves(
    moved: Query<&Glide, (Added<Glide>, With<Miniature>)>,
    cams: Query<(&Camera, &GlobalTransform, &super::camera::OrbitCamera)>,
    mut goal: ResMut<CameraGoal>,
) {
    let Ok((cam, cam_tf, orbit)) = cams.single() else {
        return;
    };
    let view = cam.logical_viewport_rect();
    for g in &moved {
        let seen = cam
            .world_to_viewport(cam_tf, g.to)
            .is_ok_and(|p| view.is_none_or(|r| r.inflate(-20.0).contains(p)));
        if !seen {
            goal.0 = Some((g.to.with_y(0.0), orbit.distance, None));
        }
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
}
