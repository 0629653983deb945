//! The program opponent at the table: it plays the seats handed to it, one command per tick of
//! a clock, so that players can follow its moves; the bar says when it is thinking. A seat at
//! Hard thinks on another thread ([`Thinking`]): the window stays responsive meanwhile.

use crate::app::game::session::ActiveGame;
use bevy::prelude::*;

pub fn plugin(app: &mut App) {
    app.init_resource::<ProgramClock>()
        .init_resource::<Thinking>()
        .add_systems(
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

/// How long Hard thinks over a decision at the table, when the command line set it
/// (`wartable --think-ms N`): every game in play thinks so.
#[derive(Resource, Debug, Clone, Copy)]
pub struct TableThink(pub crate::rules::core::Think);

/// Hard thinking on another thread: the seat, the command count it thinks for, and the thread.
#[derive(Resource, Default)]
pub struct Thinking {
    job: Option<(
        crate::rules::core::Seat,
        usize,
        std::thread::JoinHandle<Box<dyn std::any::Any + Send>>,
    )>,
}

impl Thinking {
    /// Whether Hard is thinking now.
    pub fn busy(&self) -> bool {
        self.job.is_some()
    }
}

/// Plays the program's seats, one command per tick; a seat at Hard gets its thinking started on
/// another thread, and its command played once the thinking is done.
fn program_opponent(
    mut active: ResMut<ActiveGame>,
    mut clock: ResMut<ProgramClock>,
    mut thinking: ResMut<Thinking>,
    time: Res<Time>,
    budget: Option<Res<TableThink>>,
) {
    if active.shell().online_seat.is_some() {
        // A seat of a game hosted elsewhere: its client proposes the program's commands to the
        // host (`online::seat_program`); a step played here would be this screen's alone.
        return;
    }
    if let Some((seat, at, handle)) = thinking.job.take() {
        if !handle.is_finished() {
            thinking.job = Some((seat, at, handle));
            return;
        }
        if let Ok(d) = handle.join()
            && active.0.game_mut().play_decided(seat, at, d)
        {
            active.shell_mut().rev += 1;
        }
        return;
    }
    if !clock.timer.tick(time.delta()).just_finished() {
        return;
    }
    if !active.0.program_may_act() {
        return;
    }
    if let Some(b) = budget {
        active.0.game_mut().set_think(b.0);
    }
    if let Some((seat, at, job)) = active.0.game_mut().hard_job() {
        thinking.job = Some((seat, at, std::thread::spawn(job)));
        return;
    }
    if active.0.game_mut().program_step() {
        active.shell_mut().rev += 1;
    }
}
