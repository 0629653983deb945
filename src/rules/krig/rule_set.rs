//! Krig on the shared game core: [`Krig`] implements [`RuleSet`] for its two seats.

use super::marker::{Krig, KrigGame};
use super::rules::{
    Command, DEFAULT_LEVEL, Event, KrigSetup, KrigState, Mat, Phase, apply, check, describe,
    resolve, waiting,
};
use crate::data::error::Issue;
use crate::dice::Dice;
use crate::rules::core::{QuickSetup, RuleError, RuleSet, RulesId, Seat, Waiting};
use crate::table::Table;
use std::sync::Arc;

impl RuleSet for Krig {
    const ID: RulesId = RulesId::new("krig", "Krig");
    const SAVE_VERSION: u32 = 1;

    type Setup = KrigSetup;
    type State = KrigState;
    type Command = Command;
    type Event = Event;

    fn init(setup: &KrigSetup) -> Result<KrigState, Vec<String>> {
        if let Some(i) = setup.names.iter().position(|n| n.trim().is_empty()) {
            return Err(vec![format!("names[{i}]: empty")]);
        }
        let level = match &setup.level {
            Some(p) => crate::rules::duel::level(p)?,
            None => crate::rules::duel::bare(),
        };
        let mat = Mat {
            health: 20,
            defence: None,
            charging: false,
        };
        Ok(KrigState {
            mats: [mat; 2],
            turn: 0,
            phase: Phase::Initiative,
            names: setup.names.iter().cloned().collect(),
            table: Arc::new(level.1.clone()),
        })
    }

    fn seed(setup: &KrigSetup) -> u64 {
        setup.seed
    }

    fn set_seed(setup: &mut KrigSetup, seed: u64) {
        setup.seed = seed;
    }

    fn seats(_: &KrigSetup) -> Vec<Seat> {
        vec![1, 2]
    }

    fn validate_setup(setup: &KrigSetup) -> Vec<Issue> {
        let mut v: Vec<Issue> = setup
            .names
            .iter()
            .enumerate()
            .filter(|(_, n)| n.trim().is_empty())
            .map(|(i, _)| Issue::new(format!("names[{i}]"), "empty"))
            .collect();
        if let Some(Err(e)) = setup
            .level
            .as_deref()
            .map(crate::data::load::check_data_path)
        {
            v.push(Issue::new("level", e));
        }
        v
    }

    fn waiting(s: &KrigState) -> Waiting {
        waiting(s)
    }

    fn check(s: &KrigState, by: Seat, c: &Command) -> Result<(), RuleError> {
        check(s, by, c)
    }

    fn resolve(
        s: &KrigState,
        by: Seat,
        c: &Command,
        dice: &mut Dice,
    ) -> Result<Vec<Event>, RuleError> {
        resolve(s, by, c, dice)
    }

    fn apply(s: &mut KrigState, e: &Event) {
        apply(s, e)
    }

    fn describe(s: &KrigState, e: &Event) -> Option<String> {
        describe(s, e)
    }

    fn heading(s: &KrigState, e: &Event) -> (u32, Seat) {
        let seat = match e {
            Event::Defended { seat, .. }
            | Event::Charged { seat }
            | Event::Parried { seat, .. } => *seat,
            Event::Rolled(b) => b.attacker,
            _ => 0,
        };
        (s.turn.max(1), seat)
    }

    fn phase_label(s: &KrigState) -> String {
        match &s.phase {
            Phase::Initiative => "roll the d10 Agility for initiative".into(),
            Phase::Turn(seat) => format!(
                "{}'s turn{}",
                s.name(*seat),
                if s.mat(*seat).charging {
                    ": the charge attack"
                } else {
                    ""
                }
            ),
            Phase::Parry(b) => format!("{} attacks with d6 {}: parry?", s.name(b.attacker), b.d6),
            Phase::Over(end) => end.text.clone(),
        }
    }

    fn round(s: &KrigState) -> u32 {
        s.turn.max(1)
    }

    fn awaits_answer(s: &KrigState) -> bool {
        matches!(s.phase, Phase::Parry(_))
    }

    fn table(s: &KrigState) -> Table {
        let down = [s.mats[0].health <= 0, s.mats[1].health <= 0];
        crate::rules::duel::with_players(&s.table, &s.names, &down, 2.5)
    }

    /// A blow rolled is an attack on the other player; damage past the defence strikes.
    fn cues(_s: &KrigState, e: &Event, out: &mut Vec<crate::rules::core::Cue>) {
        use crate::rules::core::Cue;
        use crate::table::ModelId;
        match e {
            Event::Rolled(b) => out.push(Cue::Attack {
                from: ModelId(u32::from(b.attacker)),
                at: ModelId(u32::from(3 - b.attacker)),
            }),
            Event::Hurt { seat, health, .. } if *health > 0 => out.push(Cue::Struck {
                model: ModelId(u32::from(*seat)),
            }),
            _ => {}
        }
    }

    fn looks(s: &KrigState) -> crate::table::look::Looks {
        crate::rules::duel::hero_looks(s.names.len())
    }

    fn unit_type_names() -> Vec<String> {
        vec![crate::rules::duel::HERO_UNIT.into()]
    }

    fn unit_types(s: &KrigState) -> Vec<(crate::table::ModelId, String)> {
        crate::rules::duel::hero_unit_types(s.names.len())
    }

    fn natural_seat(s: &KrigState, _c: &Command) -> Seat {
        waiting(s).seats().first().copied().unwrap_or(1)
    }

    fn program_play(
        g: &mut KrigGame,
        seat: Seat,
        skill: crate::rules::core::Skill,
    ) -> Option<Command> {
        super::ai::play_at(g, seat, skill)
    }

    fn program_options(g: &KrigGame, seat: Seat) -> Vec<crate::rules::core::Candidate<Command>> {
        super::ai::options(g, seat)
    }

    fn position_value(s: &Self::State, seat: Seat) -> f64 {
        super::ai::position_value(s, seat)
    }

    fn soak_setup(seed: u64, ch: &mut dyn crate::rules::core::chaos::Choices) -> QuickSetup {
        let levels = ["levels/arena.ron", "levels/dungeon-warrens.ron"];
        QuickSetup {
            seed,
            level: Some(levels[ch.pick(levels.len())].into()),
            ..Default::default()
        }
    }

    fn quick_setup(q: &QuickSetup) -> Result<KrigSetup, Vec<String>> {
        let mut setup = KrigSetup::new(q.seed);
        setup.level = Some(
            q.level
                .clone()
                .unwrap_or_else(|| std::path::PathBuf::from(DEFAULT_LEVEL)),
        );
        Ok(setup)
    }
}
