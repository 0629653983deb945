//! A guided first game, as data: the steps a rule set's script walks a newcomer through (what to
//! do next and why, the button or model to point at, when the step is done, which commands it
//! lets through), and the registry of the guided games the menu and `--open tutorial-...` offer.
//! The screen that plays them is `screens::guide`.

use super::session::ActiveGame;
use crate::table::ModelId;
use bevy::prelude::*;
use std::any::Any;

/// A step's filter on the commands a person at the screen gives (see the session's).
pub use super::session::GuideGate;

/// What a step looks at to tell whether it is done.
pub struct GuideView<'a> {
    pub game: &'a ActiveGame,
    /// The model selected at the table.
    pub selected: Option<ModelId>,
    /// The game's command count when the step began.
    pub commands_at_start: usize,
}

/// One step of a guided game.
#[derive(Clone)]
pub struct GuideStep {
    pub title: &'static str,
    /// What to do next, in the words of the screen (button labels as they read).
    pub todo: &'static str,
    /// Why: the rule behind it, quoted.
    pub why: &'static str,
    /// A line worked out from the game as it stands (the odds of a shot, a model's AP), if any.
    pub detail: Option<fn(&GuideView) -> String>,
    /// The button to point at: its label, or the start of it.
    pub button: Option<&'static str>,
    /// The model to ring on the table.
    pub model: Option<ModelId>,
    /// Whether a click on another model is a wrong click: it is undone with a hint.
    pub select_only: bool,
    /// Whether the step is done.
    pub done: fn(&GuideView) -> bool,
    /// Which commands the step lets through (`None`: any the rules take).
    pub gate: Option<GuideGate>,
    /// What the rules just did, shown once the step is done (above the log lines it brought).
    pub after: &'static str,
    /// Instead of `after`, where a step can be passed more than one way: the words worked out
    /// from the game as the step was passed (what happened, not what was asked).
    pub outcome: Option<fn(&GuideView) -> String>,
    /// Whether the program keeps from giving orders of its own while the step is on (it still
    /// answers what the game asks of it: a window, a face-off, a defence), where both sides may
    /// act at once and the program would otherwise act before a newcomer has read the step.
    pub hold_program: bool,
}

impl GuideStep {
    /// A step with only its words and its test; the rest as the builder methods set it.
    pub fn new(
        title: &'static str,
        todo: &'static str,
        why: &'static str,
        done: fn(&GuideView) -> bool,
    ) -> Self {
        Self {
            title,
            todo,
            why,
            detail: None,
            button: None,
            model: None,
            select_only: false,
            done,
            gate: None,
            after: "",
            outcome: None,
            hold_program: false,
        }
    }
    pub fn button(mut self, label: &'static str) -> Self {
        self.button = Some(label);
        self
    }
    pub fn model(mut self, id: u32) -> Self {
        self.model = Some(ModelId(id));
        self
    }
    /// Rings `id` and undoes a click on any other model, with a hint.
    pub fn select(mut self, id: u32) -> Self {
        self.model = Some(ModelId(id));
        self.select_only = true;
        self
    }
    pub fn gate(mut self, g: GuideGate) -> Self {
        self.gate = Some(g);
        self
    }
    pub fn detail(mut self, d: fn(&GuideView) -> String) -> Self {
        self.detail = Some(d);
        self
    }
    pub fn after(mut self, text: &'static str) -> Self {
        self.after = text;
        self
    }
    /// Words for the step done, worked out from the game (see [`GuideStep::outcome`]).
    pub fn outcome(mut self, f: fn(&GuideView) -> String) -> Self {
        self.outcome = Some(f);
        self
    }
    /// Holds the program's own orders while the step is on (see [`GuideStep::hold_program`]).
    pub fn hold_program(mut self) -> Self {
        self.hold_program = true;
        self
    }
}

/// A guided game the menu offers.
#[derive(Clone, Copy)]
pub struct GuideEntry {
    /// Its `--open` name, e.g. `tutorial-kog-light`.
    pub key: &'static str,
    /// Its menu label, e.g. "KOG light: a guided first game".
    pub label: &'static str,
    /// The game it plays: a small fixed scenario, and the level to show.
    pub start: fn() -> Result<(ActiveGame, crate::data::LevelFile), Vec<String>>,
    /// Its steps, first to last; the last is the game played on (its test may never pass).
    pub steps: fn() -> Vec<GuideStep>,
}

/// The guided games registered, in menu order.
#[derive(Resource, Default)]
pub struct GuideRegistry(pub Vec<GuideEntry>);

impl GuideRegistry {
    pub fn add(&mut self, e: GuideEntry) {
        self.0.retain(|x| x.key != e.key);
        self.0.push(e);
    }
    pub fn get(&self, key: &str) -> Option<GuideEntry> {
        self.0.iter().find(|e| e.key == key).copied()
    }
}

/// The state and command of a gate's arguments, if the game is of rule set `R`.
pub fn gate_args<'a, R: crate::rules::core::RuleSet>(
    state: &'a dyn Any,
    cmd: &'a dyn Any,
) -> Option<(&'a R::State, &'a R::Command)> {
    Some((state.downcast_ref()?, cmd.downcast_ref()?))
}
