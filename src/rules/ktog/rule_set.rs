//! KtOG on the shared game core: [`Ktog`] implements [`RuleSet`]. One seat per player, 2 to 6;
//! the game waits on the player whose turn it is, on a victim's Dodge and on an attacker's
//! Mighty Blow, or on anyone to roll initiative.

use super::command::{Command, Event, apply, describe};
use super::marker::{Ktog, KtogGame};
use super::options::{DEFAULT_LEVEL, KtogSetup, Persona};
use super::resolve;
use super::state::{KtogState, Phase, Player, Spells};
use crate::data::error::Issue;
use crate::dice::Dice;
use crate::rules::core::{QuickSetup, RuleError, RuleSet, RulesId, Seat, Waiting};
use crate::table::Table;
use std::sync::Arc;

/// The first state of a game.
pub fn init(setup: &KtogSetup) -> Result<KtogState, Vec<String>> {
    let problems = setup.problems();
    if !problems.is_empty() {
        return Err(problems);
    }
    let level = match &setup.level {
        Some(p) => crate::rules::duel::level(p)?,
        None => crate::rules::duel::bare(),
    };
    let o = &setup.options;
    let players = setup
        .players
        .iter()
        .map(|p| {
            let fighter = p.persona == Persona::Fighter;
            let hp = p.hp + if fighter { o.fighter_hp } else { 0 };
            Player {
                persona: p.persona,
                hp,
                max_hp: hp,
                spells: if fighter {
                    Spells::default()
                } else {
                    Spells::FULL
                },
                spell_round: 0,
                disarmed: None,
                down: false,
            }
        })
        .collect();
    Ok(KtogState {
        options: o.clone(),
        players,
        round: 1,
        order: Default::default(),
        turn: 0,
        resume: None,
        phase: Phase::Initiative,
        names: setup.players.iter().map(|p| p.name.clone()).collect(),
        table: Arc::new(level.1.clone()),
    })
}

impl RuleSet for Ktog {
    const ID: RulesId = RulesId::new("ktog", "KtOG");
    const SAVE_VERSION: u32 = 1;

    type Setup = KtogSetup;
    type State = KtogState;
    type Command = Command;
    type Event = Event;

    fn init(setup: &KtogSetup) -> Result<KtogState, Vec<String>> {
        init(setup)
    }

    fn seed(setup: &KtogSetup) -> u64 {
        setup.seed
    }

    fn set_seed(setup: &mut KtogSetup, seed: u64) {
        setup.seed = seed;
    }

    fn seats(setup: &KtogSetup) -> Vec<Seat> {
        (1..=setup.players.len() as Seat).collect()
    }

    fn validate_setup(setup: &KtogSetup) -> Vec<Issue> {
        setup
            .problems()
            .into_iter()
            .map(|p| {
                let (field, msg) = p.split_once(": ").unwrap_or(("players", p.as_str()));
                Issue::new(field, msg)
            })
            .collect()
    }

    fn waiting(s: &KtogState) -> Waiting {
        resolve::waiting(s)
    }

    fn check(s: &KtogState, by: Seat, c: &Command) -> Result<(), RuleError> {
        resolve::check(s, by, c)
    }

    fn resolve(
        s: &KtogState,
        by: Seat,
        c: &Command,
        dice: &mut Dice,
    ) -> Result<Vec<Event>, RuleError> {
        resolve::resolve(s, by, c, dice)
    }

    fn apply(s: &mut KtogState, e: &Event) {
        apply(s, e)
    }

    fn describe(s: &KtogState, e: &Event) -> Option<String> {
        describe(s, e)
    }

    fn heading(s: &KtogState, e: &Event) -> (u32, Seat) {
        let seat = match e {
            Event::Spell { seat, .. } | Event::Scrambled { seat } => *seat,
            Event::Announce { attacker, .. } | Event::ToHit { attacker, .. } => *attacker,
            Event::Cured { by, .. } => *by,
            _ => match &s.phase {
                Phase::Turn { seat, .. } => *seat,
                Phase::Dodge(h) | Phase::Mighty(h) => h.attacker,
                _ => 0,
            },
        };
        (s.round, seat)
    }

    fn phase_label(s: &KtogState) -> String {
        match &s.phase {
            Phase::Initiative => format!("round {}: roll initiative", s.round),
            Phase::Turn { seat, left, .. } => format!(
                "round {}: {}'s turn{}",
                s.round,
                s.name(*seat),
                if *left > 1 {
                    " (hasted: 2 attacks)"
                } else {
                    ""
                }
            ),
            Phase::Dodge(h) => format!("{} is hit: Dodge?", s.name(h.target)),
            Phase::Mighty(h) => format!("{} hit: Mighty Blow?", s.name(h.attacker)),
            Phase::Over(end) => end.text.clone(),
        }
    }

    fn round(s: &KtogState) -> u32 {
        s.round
    }

    fn awaits_answer(s: &KtogState) -> bool {
        matches!(s.phase, Phase::Dodge(_) | Phase::Mighty(_))
    }

    fn table(s: &KtogState) -> Table {
        let down: Vec<bool> = s.players.iter().map(|p| p.down).collect();
        crate::rules::duel::with_players(&s.table, &s.names, &down, 4.0)
    }

    fn cues(_s: &KtogState, e: &Event, out: &mut Vec<crate::rules::core::Cue>) {
        use crate::rules::core::Cue;
        use crate::table::ModelId;
        match e {
            Event::ToHit {
                attacker, target, ..
            } => out.push(Cue::Attack {
                from: ModelId(u32::from(*attacker)),
                at: ModelId(u32::from(*target)),
            }),
            Event::Damage { to, amount, .. } if *amount > 0 => out.push(Cue::Struck {
                model: ModelId(u32::from(*to)),
            }),
            _ => {}
        }
    }

    fn looks(s: &KtogState) -> crate::table::look::Looks {
        crate::rules::duel::hero_looks(s.names.len())
    }

    fn unit_type_names() -> Vec<String> {
        vec![crate::rules::duel::HERO_UNIT.into()]
    }

    fn unit_types(s: &KtogState) -> Vec<(crate::table::ModelId, String)> {
        crate::rules::duel::hero_unit_types(s.names.len())
    }

    fn natural_seat(s: &KtogState, _c: &Command) -> Seat {
        Ktog::waiting(s).seats().first().copied().unwrap_or(1)
    }

    fn program_play(
        g: &mut KtogGame,
        seat: Seat,
        skill: crate::rules::core::Skill,
    ) -> Option<Command> {
        super::ai::play_at(g, seat, skill)
    }

    fn program_options(g: &KtogGame, seat: Seat) -> Vec<crate::rules::core::Candidate<Command>> {
        super::ai::options(g, seat)
    }

    fn position_value(s: &Self::State, seat: Seat) -> f64 {
        super::ai::position_value(s, seat)
    }

    fn soak_setup(seed: u64, ch: &mut dyn crate::rules::core::chaos::Choices) -> QuickSetup {
        let levels = ["levels/arena.ron", "levels/dungeon-crypt.ron"];
        QuickSetup {
            seed,
            level: Some(levels[ch.pick(levels.len())].into()),
            players: Some(2 + ch.pick(5) as u8),
            ..Default::default()
        }
    }

    fn quick_setup(q: &QuickSetup) -> Result<KtogSetup, Vec<String>> {
        let n = q.players.unwrap_or(3) as usize;
        let mut setup = KtogSetup::plain(q.seed, n, 20);
        setup.level = Some(
            q.level
                .clone()
                .unwrap_or_else(|| std::path::PathBuf::from(DEFAULT_LEVEL)),
        );
        let problems = setup.problems();
        if problems.is_empty() {
            Ok(setup)
        } else {
            Err(problems)
        }
    }
}
