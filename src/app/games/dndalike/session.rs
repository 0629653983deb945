//! A DnDalike fight at the table: the game, the shell, the character picked and what a click
//! does with it, the respond prompt's countdown, and whose secret damage the screen shows.

use crate::app::game::session::{ActiveGame, PlaySession, Shell};
use crate::rules::core::{Player, RuleError, Seat};
use crate::rules::dndalike::state::Phase;
use crate::rules::dndalike::{Command, DndGame, DndState, Event};
use std::sync::OnceLock;

/// The DnDalike rules reference: every reading with the sentence it interprets.
pub fn rules_reference() -> &'static str {
    static TEXT: OnceLock<String> = OnceLock::new();
    TEXT.get_or_init(|| {
        crate::app::screens::play::rules_ref::read_or(
            "assets/rules/dndalike.md",
            include_str!("../../../../assets/rules/dndalike.md"),
        )
    })
}

/// What a click on the table does with the picked character.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Armed {
    /// A click on the ground moves there; a click on an enemy jabs it.
    #[default]
    Jab,
    /// A click on an enemy deals the finishing attack.
    Finish,
}

/// Whose secrets the screen shows ("a player's damage total is shown only to that player").
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Screen {
    /// Nobody's.
    #[default]
    Hidden,
    /// "Pass the screen to ...": waiting for that player to confirm they are looking.
    Passing(Seat),
    Shown(Seat),
}

pub struct DndSession {
    pub game: DndGame,
    pub shell: Shell,
    /// The character whose actions the right panel shows.
    pub selected: Option<usize>,
    pub armed: Armed,
    /// The respond prompt's countdown in seconds (`None`: it waits for an answer).
    pub pause: Option<f32>,
    /// The seat the open countdown runs for, and the seconds left.
    pub pause_left: Option<(Seat, f32)>,
    /// What the open countdown asks about (the seat, the stack's size and its next entry's
    /// number): a new answer on the stack is a new question with a fresh countdown.
    asked_about: Option<(Seat, usize, u32)>,
    pub screen: Screen,
    /// The between-fights form of a delve.
    pub camp: super::camp_form::CampForm,
}

impl DndSession {
    pub fn new(game: DndGame, pause: Option<f32>) -> Self {
        let mut s = Self {
            game,
            shell: Shell::new(),
            selected: None,
            armed: Armed::Jab,
            pause,
            pause_left: None,
            asked_about: None,
            screen: Screen::Hidden,
            camp: Default::default(),
        };
        s.sync();
        s
    }

    pub fn state(&self) -> &DndState {
        &self.game.state
    }

    pub fn of(active: &ActiveGame) -> Option<&DndSession> {
        active.get::<DndSession>()
    }

    pub fn of_mut(active: &mut ActiveGame) -> Option<&mut DndSession> {
        active.get_mut::<DndSession>()
    }

    /// The seats played by people at this screen.
    pub fn human_seats(&self) -> Vec<Seat> {
        self.game
            .seats()
            .into_iter()
            .filter(|s| self.game.player(*s) == Player::Human)
            .collect()
    }

    /// The seat whose secret damage the screen shows: the only person's, or the one the screen
    /// was passed to.
    pub fn viewer(&self) -> Option<Seat> {
        let humans = self.human_seats();
        match (humans.as_slice(), self.screen) {
            ([only], _) => Some(*only),
            (_, Screen::Shown(s)) => Some(s),
            _ => None,
        }
    }

    /// The person asked to respond or pass now, if any.
    pub fn asked(&self) -> Option<Seat> {
        match &self.game.state.phase {
            Phase::Respond { left } => left
                .iter()
                .copied()
                .find(|s| self.game.player(*s) == Player::Human),
            _ => None,
        }
    }

    /// Whether a person at this screen may act for the active party now (the stack empty).
    pub fn acting_seats(&self) -> Vec<Seat> {
        match self.game.state.phase {
            Phase::Act => self
                .game
                .state
                .active_seats()
                .into_iter()
                .filter(|s| self.game.player(*s) == Player::Human)
                .collect(),
            _ => Vec::new(),
        }
    }

    /// Between a delve's fights: the first seat of the party played by a person at this screen.
    pub fn camp_seat(&self) -> Option<Seat> {
        if self.game.state.phase != Phase::Camp {
            return None;
        }
        crate::rules::dndalike::between::camp_seats(&self.game.state)
            .into_iter()
            .find(|s| self.game.player(*s) == Player::Human)
    }

    /// Whether the seat that plays character `who` may give it orders now.
    pub fn may_order(&self, who: usize) -> bool {
        let Some(c) = self.game.state.chars.get(who) else {
            return false;
        };
        self.acting_seats().contains(&c.seat) || self.asked() == Some(c.seat)
    }

    /// Plays `cmd` for the seat it belongs to (a character's own seat; a pass or the end of the
    /// turn for the person asked or acting).
    pub fn submit(&mut self, cmd: Command) -> Result<Vec<Event>, RuleError> {
        let seat = match &cmd {
            Command::Act { who, .. }
            | Command::Merge { who, .. }
            | Command::Empowered { who, .. }
            | Command::EmpoweredMerge { who, .. }
            | Command::DmChooses { who, .. }
            | Command::Backlash { who, .. } => {
                crate::rules::dndalike::check::seat_of(&self.game.state, *who)
            }
            Command::Pass => self.asked().unwrap_or(0),
            Command::Rest { .. } | Command::Onward => self.camp_seat().unwrap_or(0),
            Command::EndTurn => self.acting_seats().first().copied().unwrap_or(0),
        };
        let r = self.shell.submit_as(&mut self.game, seat, cmd);
        self.sync();
        r
    }

    /// Keeps the picked character alive and the countdown in line with the prompt.
    pub fn sync(&mut self) {
        let st = &self.game.state;
        if let Some(i) = self.selected
            && st.chars.get(i).is_none_or(|c| c.dead)
        {
            self.selected = None;
        }
        let question = self
            .asked()
            .map(|s| (s, self.game.state.stack.len(), self.game.state.next_id));
        if question != self.asked_about {
            self.asked_about = question;
            self.pause_left = match (question, self.pause) {
                (Some((s, _, _)), Some(p)) => Some((s, p)),
                _ => None,
            };
        }
    }

    /// Runs the countdown `dt` seconds; at 0 the person asked passes.
    pub fn tick(&mut self, dt: f32) {
        let Some((_, left)) = self.pause_left.as_mut() else {
            return;
        };
        *left -= dt;
        if *left <= 0.0 {
            self.pause_left = None;
            self.asked_about = None;
            let _ = self.submit(Command::Pass);
        }
    }

    /// "Seat 1 (the dungeon master)", or the names of the seat's characters.
    pub fn seat_name(&self, seat: Seat) -> String {
        seat_name(&self.game.state, seat)
    }
}

/// A seat in words: the dungeon master's, or its heroes' names.
pub fn seat_name(s: &DndState, seat: Seat) -> String {
    let names: Vec<&str> = s
        .chars
        .iter()
        .filter(|c| c.seat == seat)
        .map(|c| c.name())
        .collect();
    let monsters = s
        .chars
        .iter()
        .any(|c| c.seat == seat && c.party == crate::rules::dndalike::state::Party::Monsters);
    if monsters {
        "the dungeon master".into()
    } else if names.len() > 2 {
        "the heroes' player".into()
    } else {
        names.join(" and ")
    }
}

impl PlaySession for DndSession {
    crate::app::game::session::session_parts!();
    fn title(&self) -> String {
        "DnDalike \u{b7} party against monsters".into()
    }
    fn status(&self) -> String {
        let s = &self.game.state;
        match &s.phase {
            Phase::Act => format!("round {}: {} turn", s.round, s.active.possessive()),
            Phase::Respond { left } => format!(
                "{} on the stack: {} to respond or pass",
                s.stack.len(),
                left.iter()
                    .map(|x| self.seat_name(*x))
                    .collect::<Vec<_>>()
                    .join(", ")
            ),
            Phase::Backlash { who } => format!(
                "the end of the turn: {} to choose a fatigue or the stones",
                who.iter()
                    .map(|i| s.name(*i).to_string())
                    .collect::<Vec<_>>()
                    .join(", ")
            ),
            Phase::Camp => crate::rules::dndalike::between::camp_label(s),
            Phase::Over(end) => end.text.clone(),
        }
    }
    fn bar_ui(&mut self, ui: &mut bevy_egui::egui::Ui) {
        if !self.acting_seats().is_empty() {
            ui.separator();
            if ui
                .button("End turn")
                .on_hover_text(super::tips::Tip::EndTurn.text())
                .clicked()
            {
                let _ = self.submit(Command::EndTurn);
            }
        }
    }
    fn on_undo(&mut self) {
        self.pause_left = None;
        self.asked_about = None;
        self.sync();
    }
    fn help(&self) -> crate::app::base::key_help::RulesHelp {
        crate::app::base::key_help::RulesHelp {
            keys: &[],
            lines: &[(
                "Click",
                "a character of yours picks it, an enemy is attacked with the armed action, the ground is where it moves",
            )],
        }
    }
    fn rules_reference(&self) -> (&'static str, &'static str) {
        ("DnDalike rules reference", rules_reference())
    }
}
