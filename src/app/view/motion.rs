//! Miniatures move across the table instead of jumping: when the game moves a model, its
//! figure glides from where it stood to where the rules put it, and the camera follows a move
//! that ends out of view. Only the drawing moves; the rules and the table are already there.

use super::camera::CameraGoal;
use super::glide::{GameMoved, Glide};
use super::table_entities::Miniature;
use bevy::prelude::*;

pub fn plugin(app: &mut App) {
    app.init_resource::<GameMoved>().add_systems(
        Update,
        (follow_moves, glide)
            .chain()
            .after(crate::app::base::sets::TableSync),
    );
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
