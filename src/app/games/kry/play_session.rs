//! A Kry-Gothic game as the play screen drives it: its title and status, the bar's buttons, the
//! clock's windows online, and the rules reference.

use super::panels::bar_buttons;
use super::session::{KrySession, Placing};
use crate::app::game::session::PlaySession;
use crate::net::proto::{TempoAsk, WindowView};
use crate::rules::core::{Player, RuleSet, Seat};
use crate::rules::kry::Kry;
use crate::rules::kry::state::{Phase, ix};
use bevy_egui::egui;
use std::sync::OnceLock;

/// Kry-Gothic's rules reference: every ruling with the sentence it interprets.
pub fn rules_reference() -> &'static str {
    static TEXT: OnceLock<String> = OnceLock::new();
    TEXT.get_or_init(|| {
        crate::app::screens::play::rules_ref::read_or(
            "assets/rules/kry-gothic.md",
            include_str!("../../../../assets/rules/kry-gothic.md"),
        )
    })
}

impl PlaySession for KrySession {
    crate::app::game::session::session_parts!();
    fn title(&self) -> String {
        format!("Kry-Gothic \u{b7} {}", self.state().scenario.label())
    }
    fn status(&self) -> String {
        let s = self.state();
        match &s.phase {
            Phase::Play => format!("AP round {}", s.round),
            _ => Kry::phase_label(s),
        }
    }
    fn bar_ui(&mut self, ui: &mut egui::Ui) {
        bar_buttons(ui, self);
    }
    fn on_undo(&mut self) {
        self.placing = Placing::None;
        self.called = None;
        self.sync_tempo();
    }
    /// The program waits while a person at this screen has a window open, and, while a guided
    /// game's step holds it, gives no order of its own (it still answers what the game asks).
    fn program_may_act(&self) -> bool {
        if self.shell.guide_holds_program && self.state().pending.is_none() {
            return false;
        }
        let program = self.program_sides();
        self.tempo
            .window
            .as_ref()
            .is_none_or(|w| program[ix(w.side)])
    }
    fn net_window(&mut self) -> Option<WindowView> {
        self.sync_tempo();
        crate::net::kry_clock::view(&self.tempo)
    }
    /// A seat online: its interrupt key claims its window, its pass lets it go (a combo's
    /// window with the rules' `Pass`, played here).
    fn net_ask(&mut self, seat: Seat, ask: TempoAsk) {
        if self.game.player(seat) != Player::Remote {
            return;
        }
        self.sync_tempo();
        match ask {
            TempoAsk::Interrupt => self.tempo.interrupt(seat),
            TempoAsk::LetGo => {
                if self.tempo.window.as_ref().is_some_and(|w| w.side == seat) {
                    let c = self.tempo.pass();
                    if let Err(e) = self.apply_closed(c) {
                        self.shell.last_error = Some(format!("Seat {seat}'s pass: {e}"));
                    }
                }
            }
        }
    }
    fn seat_window(&mut self, w: Option<&WindowView>) {
        crate::net::kry_clock::mirror(&mut self.tempo, w);
    }
    fn host_countdown(&mut self, secs: Option<f32>) {
        self.tempo.countdown = secs;
        let program = self.program_sides();
        if let Some(w) = self.tempo.window.as_mut()
            && !w.claimed
            && !program[ix(w.side)]
        {
            w.left = secs;
        }
    }
    fn help(&self) -> crate::app::base::key_help::RulesHelp {
        crate::app::base::key_help::RulesHelp {
            keys: &[
                crate::app::base::keys::Key::InterruptSide1,
                crate::app::base::keys::Key::InterruptSide2,
            ],
            lines: &[
                (
                    "Drag a model",
                    "move it with the move picked in the card (its AP cost shows while dragging)",
                ),
                (
                    "Click",
                    "place a model in deployment; pick the target of the shot or charge picked in the card",
                ),
                (
                    "Labels",
                    "P pinned, W waiting, F afraid, D down, S stuck, + in the combo, \u{2022} a wound",
                ),
                (
                    "Hover",
                    "a button, a stat, an AP bar or a marker quotes its rule",
                ),
            ],
        }
    }
    fn rules_reference(&self) -> (&'static str, &'static str) {
        ("Kry-Gothic rules reference", rules_reference())
    }
}
