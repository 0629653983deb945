//! KOG light on the shared game core: [`Kog`] implements [`RuleSet`] with the KOG light state,
//! commands and events; who may act, seat by seat; the program opponent; and the reading of
//! saves written before the shared core.

use super::command::{Command, RuleError};
use super::event::{Event, apply, describe};
use super::execute::execute;
use super::game_setup::GameSetup;
use super::marker::{Kog, KogGame};
use super::options::{KogOptions, Scenario};
use super::state::{KogState, Phase};
use super::{ai, catalogue, ctx, force, legacy, view};
use crate::data::error::{Issue, LocatedError};
use crate::dice::Dice;
use crate::rules::core::luck::{RollFor, named_seat, side_named};
use crate::rules::core::{GameEnd, QuickSetup, RuleSet, RulesId, Seat, Waiting};
use crate::table::Table;
use std::path::PathBuf;

/// The level and forces a headless game uses when none are named.
pub const DEFAULT_LEVEL: &str = "levels/kog-battlefield.ron";
pub const DEFAULT_FORCES: [&str; 2] = [
    "assets/forces/kog-light/german-encounter.ron",
    "assets/forces/kog-light/russian-encounter.ron",
];

/// Refuses a command from a seat the game does not wait on. Conceding is each side's own
/// right at any moment; a Commander is named by its own side.
fn check_seat(s: &KogState, by: Seat, c: &Command) -> Result<(), RuleError> {
    if matches!(s.phase, Phase::Over(_)) {
        return Ok(()); // the rules refuse every command with GameOver
    }
    match c {
        Command::Concede { side } if *side != by => Err(RuleError::Illegal(format!(
            "side {by} cannot concede for side {side}"
        ))),
        Command::Concede { .. } => Ok(()),
        Command::NameCommander { model } if s.models.get(model).is_some_and(|m| m.side != by) => {
            Err(RuleError::NotYourModel(s.models[model].name.clone(), by))
        }
        _ => {
            let w = Kog::waiting(s);
            if w.allows(by) {
                Ok(())
            } else {
                Err(RuleError::NotYourTurn(
                    by,
                    w.describe(|s| format!("side {s}")),
                ))
            }
        }
    }
}

impl RuleSet for Kog {
    const ID: RulesId = RulesId::new("kog-light", "KOG light");
    /// 1: the saves of the KOG-only harness (`KogSave`, no seats in the log); 2: the shared core.
    const FORCE_FILES: bool = true;
    const SAVE_VERSION: u32 = 2;

    type Setup = GameSetup;
    type State = KogState;
    type Command = Command;
    type Event = Event;

    fn init(setup: &GameSetup) -> Result<KogState, Vec<String>> {
        setup.initial_state()
    }

    fn seed(setup: &GameSetup) -> u64 {
        setup.seed
    }

    fn set_seed(setup: &mut GameSetup, seed: u64) {
        setup.seed = seed;
    }

    fn seats(_: &GameSetup) -> Vec<Seat> {
        vec![1, 2]
    }

    fn validate_setup(setup: &GameSetup) -> Vec<Issue> {
        // The level, catalogue and forces a save carries whole are checked as their own files
        // are: a save is a file the players may edit or share.
        use crate::data::error::under;
        let mut v: Vec<Issue> = under("level", crate::data::validate::validate(&setup.level))
            .chain(under("catalogue", setup.catalogue.validate()))
            .collect();
        if v.is_empty() {
            for (k, f) in setup.forces.iter().enumerate() {
                v.extend(under(&format!("forces[{k}]"), f.validate(&setup.catalogue)));
            }
        }
        v
    }

    fn waiting(s: &KogState) -> Waiting {
        if let Some(p) = &s.pending {
            return Waiting::One(s.models.get(&p.target).map_or(s.active, |m| m.side));
        }
        match &s.phase {
            Phase::RoleDiceOff {
                may_reroll: Some(side),
                ..
            } => Waiting::One(*side),
            // Both players roll: either may call for the dice.
            Phase::RoleDiceOff { .. } | Phase::FirstTurnDiceOff => Waiting::Any(vec![1, 2]),
            Phase::ChooseRole { chooser } | Phase::ChooseFirst { chooser } => {
                Waiting::One(*chooser)
            }
            Phase::ChooseTerritory => Waiting::One(s.roles.map_or(1, |r| r.defender)),
            Phase::Deploy { side }
            | Phase::PlaceObjective { side }
            | Phase::PlaceTerrain { side, .. } => Waiting::One(*side),
            Phase::NameCommanders => Waiting::Each(
                [1u8, 2]
                    .into_iter()
                    .filter(|side| s.commander(*side).is_none())
                    .collect(),
            ),
            Phase::Turn => Waiting::One(s.active),
            Phase::Over(o) => Waiting::Over(GameEnd {
                winners: o.winner().into_iter().collect(),
                text: o.describe(),
            }),
        }
    }

    /// Every KOG light rule that refuses a command does so before the first die is rolled (the
    /// scenario tests check that a refused command rolls nothing), so resolving on a scratch
    /// dice source gives the same verdict without touching the game's dice.
    fn check(s: &KogState, by: Seat, c: &Command) -> Result<(), RuleError> {
        check_seat(s, by, c)?;
        execute(s, c, &mut Dice::new(0)).map(|_| ())
    }

    fn resolve(
        s: &KogState,
        by: Seat,
        c: &Command,
        dice: &mut Dice,
    ) -> Result<Vec<Event>, RuleError> {
        check_seat(s, by, c)?;
        execute(s, c, dice)
    }

    fn apply(s: &mut KogState, e: &Event) {
        apply(s, e)
    }

    fn describe(s: &KogState, e: &Event) -> Option<String> {
        describe(s, e)
    }

    /// A turn's lines go under the side whose turn it is, setup's under no side; a turn under
    /// the round it begins, the dice-off for who goes first under the round it opens.
    fn heading(s: &KogState, e: &Event) -> (u32, Seat) {
        let round = match e {
            Event::TurnBegan { round, .. } => *round,
            Event::PhaseSet(Phase::FirstTurnDiceOff) => s.round + 1,
            _ if matches!(s.phase, Phase::FirstTurnDiceOff | Phase::ChooseFirst { .. }) => {
                s.round + 1
            }
            _ => s.round,
        };
        let seat = match e {
            Event::TurnBegan { side, .. } => *side,
            _ if s.phase == Phase::Turn => s.active,
            _ => 0,
        };
        (round, seat)
    }

    fn roster(_setup: &GameSetup, s: &KogState) -> Vec<(Seat, String, String, u32)> {
        s.models
            .values()
            .map(|m| {
                (
                    m.side,
                    m.name.clone(),
                    m.loadout.profile.clone(),
                    m.loadout.cost,
                )
            })
            .collect()
    }

    /// A roll is good for the side of the model its purpose names first ("Brute attacks ...",
    /// "Brute defends against ..."), or of the side it names ("Dice-off ...: side 2"); a high
    /// total is always the good one (more hits, more blocks, the dice-off won).
    fn roll_readings(
        s: &KogState,
        by: Seat,
        _events: &[Event],
        rolls: &[crate::dice::Roll],
    ) -> Vec<Option<RollFor>> {
        let names = || s.models.values().map(|m| (m.name.as_str(), m.side));
        rolls
            .iter()
            .map(|r| {
                let seat = named_seat(&r.purpose, names())
                    .or_else(|| side_named(&r.purpose))
                    .unwrap_or(by);
                Some(RollFor::high(seat))
            })
            .collect()
    }

    fn phase_label(s: &KogState) -> String {
        ctx::phase_label(s)
    }

    fn round(s: &KogState) -> u32 {
        s.round
    }

    fn awaits_answer(s: &KogState) -> bool {
        s.pending.is_some()
    }

    fn table(s: &KogState) -> Table {
        view::view_table(s)
    }

    fn cues(_s: &KogState, e: &Event, out: &mut Vec<crate::rules::core::Cue>) {
        use crate::rules::core::Cue;
        match e {
            Event::AttackRolled {
                attacker, target, ..
            } => out.push(Cue::Attack {
                from: *attacker,
                at: *target,
            }),
            Event::Damaged { model, amount, .. } if *amount > 0 => {
                out.push(Cue::Struck { model: *model })
            }
            Event::Moved { model, path, .. } if path.len() > 2 => out.push(Cue::Moved {
                model: *model,
                path: path.clone(),
            }),
            _ => {}
        }
    }

    fn looks(s: &KogState) -> crate::table::look::Looks {
        view::looks(s)
    }

    /// Every profile of the catalogue, all factions.
    fn unit_type_names() -> Vec<String> {
        let mut v: Vec<String> = catalogue::shipped()
            .map(|c| {
                c.factions
                    .iter()
                    .flat_map(|f| f.models.iter().map(|m| m.name.clone()))
                    .collect()
            })
            .unwrap_or_default();
        v.dedup();
        v
    }

    /// A model's profile.
    fn unit_types(s: &KogState) -> Vec<(crate::table::ModelId, String)> {
        s.models
            .values()
            .map(|m| (m.id, m.loadout.profile.clone()))
            .collect()
    }

    fn natural_seat(s: &KogState, c: &Command) -> Seat {
        match c {
            Command::Concede { side } => *side,
            Command::NameCommander { model } if s.models.contains_key(model) => {
                s.models[model].side
            }
            _ => Kog::waiting(s).seats().first().copied().unwrap_or(s.active),
        }
    }

    fn fielded(_setup: &GameSetup, s: &KogState, t: &mut crate::rules::core::tally::Tally) {
        for m in s.models.values() {
            let u = t.entry(m.loadout.profile.clone()).or_default();
            u.fielded += 1;
            u.points += u64::from(m.loadout.cost);
        }
    }

    fn tally(s: &KogState, e: &Event, t: &mut crate::rules::core::tally::Tally) {
        if let Event::Damaged {
            model, amount, by, ..
        } = e
        {
            let kind =
                |id: &crate::table::ModelId| s.models.get(id).map(|m| m.loadout.profile.clone());
            if let Some(k) = kind(model) {
                t.entry(k).or_default().taken += u64::from(*amount);
            }
            if let Some(k) = by.as_ref().and_then(kind) {
                t.entry(k).or_default().dealt += u64::from(*amount);
            }
        }
    }

    fn program_play(
        g: &mut KogGame,
        seat: Seat,
        skill: crate::rules::core::Skill,
    ) -> Option<Command> {
        ai::play_at(g, seat, skill)
    }

    fn program_options(g: &KogGame, seat: Seat) -> Vec<crate::rules::core::Candidate<Command>> {
        super::weigh::options(g, seat)
    }

    fn position_value(s: &KogState, seat: Seat) -> f64 {
        super::weigh::position_value(s, seat)
    }

    /// The choice of Attacker or Defender: it sets who deploys first and the order of the first
    /// two rounds (the Defender's turn first in round 1, the Attacker's in round 2), whose worth
    /// shows over the whole game.
    fn deep_choice(s: &KogState) -> bool {
        matches!(s.phase, super::state::Phase::ChooseRole { .. })
    }

    fn soak_setup(seed: u64, ch: &mut dyn crate::rules::core::chaos::Choices) -> QuickSetup {
        let levels = ["levels/kog-battlefield.ron", "levels/hill-and-ruins.ron"];
        let sizes = ["duel", "encounter"];
        let scenarios = ["standard", "meatgrinder", "hamburgerhill", "linebreaker"];
        let size = sizes[ch.pick(sizes.len())];
        let mut forces = vec![
            PathBuf::from(format!("assets/forces/kog-light/german-{size}.ron")),
            PathBuf::from(format!("assets/forces/kog-light/russian-{size}.ron")),
        ];
        if ch.pick(2) == 1 {
            forces.reverse();
        }
        QuickSetup {
            seed,
            level: Some(levels[ch.pick(levels.len())].into()),
            forces,
            scenario: Some(scenarios[ch.pick(scenarios.len())].into()),
            ..Default::default()
        }
    }

    fn seed_only(_q: &QuickSetup) -> bool {
        true
    }

    fn quick_setup(q: &QuickSetup) -> Result<GameSetup, Vec<String>> {
        let strings = |e: Vec<LocatedError>| e.iter().map(ToString::to_string).collect::<Vec<_>>();
        let scenario = match &q.scenario {
            None => Scenario::Standard,
            Some(name) => Scenario::from_name(name)
                .ok_or_else(|| vec![format!("error: no KOG light scenario '{name}'")])?,
        };
        let cat = catalogue::shipped().map_err(strings)?;
        let level_path = q.level.clone().unwrap_or_else(|| DEFAULT_LEVEL.into());
        let level_path = crate::data::load::resolve_data_path(&level_path);
        let (level, _) = crate::data::load_level(&level_path).map_err(strings)?;
        if q.forces.len() > 2 {
            return Err(vec![format!(
                "error: KOG light has 2 sides; {} force files were given",
                q.forces.len()
            )]);
        }
        let mut forces = Vec::new();
        for (i, default) in DEFAULT_FORCES.iter().enumerate() {
            let p = q
                .forces
                .get(i)
                .cloned()
                .unwrap_or_else(|| PathBuf::from(default));
            let p = crate::data::load::resolve_data_path(&p);
            forces.push(force::load_force(&p, &cat).map_err(strings)?);
        }
        let small = level.width.min(level.depth) < 36.0;
        Ok(GameSetup {
            level,
            scenario,
            options: KogOptions {
                round_limit: Some(q.rounds.unwrap_or(8)),
                deployment_gap: if small { 4.0 } else { 12.0 },
                ..Default::default()
            },
            forces: [forces[0].clone(), forces[1].clone()],
            seed: q.seed,
            catalogue: cat,
        })
    }

    fn load_legacy(
        file: &str,
        text: &str,
        version: u32,
    ) -> Option<Result<(KogGame, Option<String>), Vec<LocatedError>>> {
        (version == 1).then(|| legacy::load_v1(file, text))
    }
}
