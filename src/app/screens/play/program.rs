//! The program opponent at the table: it plays the seats handed to it, one command per tick of
//! a clock, so that players can follow its moves; the bar says when it is thinking.

use crate::app::game::session::ActiveGame;
use bevy::prelude::*;

pub fn plugin(app: &mut App) {
    app.init_resource::<ProgramClock>().add_systems(
        Update,
        program_opponent
            .run_if(crate::app::game::session::in_play)
            .before(crate::app::base::sets::MirrorSet),
    );
}

/// Paces the program opponent.
#[derive(Resource, Debug)]
pub struct ProgramClock {
    pub timer: Timer,
}

impl Default for ProgramClock {
    fn default() -> Self {
        Self {
            timer: Timer::from_seconds(0.35, TimerMode::Repeating),
        }
    }
}

/// Plays the program's seats, one command per tick.
fn program_opponent(
    mut active: ResMut<ActiveGame>,
    mut clock: ResMut<ProgramClock>,
    time: Res<Time>,
) {
    if !clock.timer.tick(time.delta()).just_finished() {
        return;
    }
    if active.0.program_may_act() && active.0.game_mut().program_step() {
        active.shell_mut().rev += 1;
    }
}
