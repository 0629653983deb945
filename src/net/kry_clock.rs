//! Kry-Gothic's interrupt windows on a host's clock: the referee ([`Tempo`]) as the seats see it
//! ([`view`], [`mirror`]), and [`KryClock`], which a headless host runs (the app's host runs the
//! same `Tempo` in its play screen).

use super::proto::{TempoAsk, WindowView};
use super::seat_game::HostGame;
use crate::rules::core::{Player, Seat};
use crate::rules::kry::KryGame;
use crate::rules::kry::tempo::{Closed, Tempo, Window, WindowKind};

/// The open window as the seats of an online game see it.
pub fn view(t: &Tempo) -> Option<WindowView> {
    t.window.as_ref().map(|w| WindowView {
        seat: w.side,
        combo: matches!(w.kind, WindowKind::Combo { .. }),
        waiting_only: matches!(w.kind, WindowKind::Combo { waiting_only: true }),
        left_ms: w.left.map(|l| (l.max(0.0) * 1000.0) as u32),
        full_ms: t.countdown.map(|c| (c.max(0.0) * 1000.0) as u32),
        claimed: w.claimed,
        opened: w.opened as u32,
    })
}

/// At a seat of an online game: the window the host says is open (the host's clock closes it;
/// the seat only shows it).
pub fn mirror(t: &mut Tempo, v: Option<&WindowView>) {
    if let Some(v) = v {
        t.countdown = v.full_ms.map(|ms| ms as f32 / 1000.0);
    }
    t.window = v.map(|v| Window {
        side: v.seat,
        kind: if v.combo {
            WindowKind::Combo {
                waiting_only: v.waiting_only,
            }
        } else {
            WindowKind::AfterOrder
        },
        left: v.left_ms.map(|ms| ms as f32 / 1000.0),
        claimed: v.claimed,
        opened: v.opened as usize,
    });
}

/// A headless host's clock for a Kry-Gothic game.
pub struct KryClock {
    pub tempo: Tempo,
}

impl KryClock {
    pub fn new(countdown: Option<f32>) -> Self {
        Self {
            tempo: Tempo::new(countdown),
        }
    }

    fn sync(&mut self, game: &dyn HostGame) {
        let Some(g) = game.as_any().downcast_ref::<KryGame>() else {
            return;
        };
        self.tempo.follow(g);
    }

    fn close(&mut self, game: &mut dyn HostGame, c: Closed) {
        if let Closed::Pass(side) = c {
            // Refused only if the window was answered meanwhile: nothing to do then.
            let _ = game.propose(side, "Pass", &[]);
        }
        self.sync(game);
    }

    /// Runs the clock `dt` seconds; a window that runs out closes (a combo's with its seat's
    /// `Pass`).
    pub fn tick(&mut self, game: &mut dyn HostGame, dt: f32) {
        self.sync(game);
        if let Some(c) = self.tempo.tick(dt) {
            self.close(game, c);
        }
    }

    /// A seat's interrupt key or pass (only for a seat played from another machine).
    pub fn ask(&mut self, game: &mut dyn HostGame, seat: Seat, ask: TempoAsk) {
        if game.player(seat) != Player::Remote {
            return;
        }
        self.sync(game);
        match ask {
            TempoAsk::Interrupt => self.tempo.interrupt(seat),
            TempoAsk::LetGo if self.tempo.window.as_ref().is_some_and(|w| w.side == seat) => {
                let c = self.tempo.pass();
                self.close(game, c);
            }
            TempoAsk::LetGo => {}
        }
    }

    /// The window open now, for the seats.
    pub fn window(&mut self, game: &dyn HostGame) -> Option<WindowView> {
        self.sync(game);
        view(&self.tempo)
    }

    /// Whether the host's program may act: no window is open for a seat played by a person.
    pub fn program_may_act(&self, game: &dyn HostGame) -> bool {
        self.tempo
            .window
            .as_ref()
            .is_none_or(|w| game.player(w.side) == Player::Program)
    }
}
