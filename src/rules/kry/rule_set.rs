//! Kry-Gothic on the shared game core: [`Kry`] implements [`RuleSet`]. Both sides may give
//! orders whenever they have AP ("both players are playing at the same time"); a close-combat
//! attack waits on the defender's answers and then on the attacker's.

use super::command::{Command, RuleError};
use super::event::{Event, apply, describe};
use super::marker::{Kry, KryGame};
use super::options::{KryOptions, Scenario};
use super::setup::{KrySetup, init};
use super::state::{KryState, Outcome, Phase};
use super::{ai, catalogue, force, play};
use crate::data::error::{Issue, LocatedError};
use crate::dice::Dice;
use crate::rules::core::luck::{RollFor, named_seat, side_named};
use crate::rules::core::{GameEnd, QuickSetup, RuleSet, RulesId, Seat, Waiting};
use crate::table::Table;
use std::path::PathBuf;

pub const DEFAULT_LEVEL: &str = "levels/kry-deck.ron";
pub const DEFAULT_FORCES: [&str; 2] = [
    "assets/forces/kry-gothic/earth-confederate.ron",
    "assets/forces/kry-gothic/the-possessed.ron",
];

fn check_seat(s: &KryState, by: Seat, c: &Command) -> Result<(), RuleError> {
    if matches!(s.phase, Phase::Over(_)) {
        return Err(RuleError::GameOver);
    }
    if let Command::Concede { .. } = c {
        return Ok(());
    }
    let w = Kry::waiting(s);
    if w.allows(by) {
        Ok(())
    } else {
        Err(RuleError::NotYourTurn(
            by,
            w.describe(|s| format!("side {s}")),
        ))
    }
}

impl RuleSet for Kry {
    const ID: RulesId = RulesId::new("kry-gothic", "Kry-Gothic");
    const FORCE_FILES: bool = true;
    const SAVE_VERSION: u32 = 1;

    type Setup = KrySetup;
    type State = KryState;
    type Command = Command;
    type Event = Event;

    /// Cancelling one's own combo ("A combo may be cancelled at any time") and conceding.
    fn any_time(c: &Command) -> bool {
        matches!(
            c,
            Command::CancelCombo | Command::CancelUnits { .. } | Command::Concede { .. }
        )
    }
    fn undone_label(c: &Command) -> String {
        match c {
            // The pick stays the picking seat's secret at one screen.
            Command::FaceOffChoose { .. } => "a face-off pick (hidden)".into(),
            // The attack type is the attacker's secret until the defender has chosen its class.
            Command::Attack {
                attacker,
                target,
                charge,
                ..
            } => format!(
                "Attack {{ attacker: {attacker:?}, target: {target:?}, charge: {charge} }} (its type hidden)"
            ),
            _ => format!("{c:?}"),
        }
    }

    fn init(setup: &KrySetup) -> Result<KryState, Vec<String>> {
        init(setup)
    }

    fn seed(setup: &KrySetup) -> u64 {
        setup.seed
    }

    fn set_seed(setup: &mut KrySetup, seed: u64) {
        setup.seed = seed;
    }

    fn seats(_: &KrySetup) -> Vec<Seat> {
        vec![1, 2]
    }

    fn validate_setup(setup: &KrySetup) -> Vec<Issue> {
        // The level, catalogue and forces a save carries whole are checked as their own files
        // are: a save is a file the players may edit or share.
        use crate::data::error::under;
        let mut v: Vec<Issue> = under("level", crate::data::validate::validate(&setup.level))
            .chain(under("catalogue", setup.catalogue.validate()))
            .collect();
        if v.is_empty() {
            for (k, f) in setup.forces.iter().enumerate() {
                v.extend(under(
                    &format!("forces[{k}]"),
                    f.validate(
                        &setup.catalogue,
                        setup.options.cost_cap,
                        setup.options.max_models,
                    ),
                ));
            }
        }
        v
    }

    fn waiting(s: &KryState) -> Waiting {
        // A game that is over waits on no one, whatever question a save may have left open.
        if let Phase::Over(o) = &s.phase {
            return Waiting::Over(game_end(o));
        }
        match &s.pending {
            Some(super::state::Pending::Window {
                owner, interrupter, ..
            }) => {
                let mut v = vec![*owner, *interrupter];
                v.sort_unstable();
                return Waiting::Any(v);
            }
            Some(super::state::Pending::FaceOff(f)) => {
                return Waiting::Each(
                    [1u8, 2]
                        .into_iter()
                        .filter(|x| {
                            f.picks[super::state::ix(*x)] == super::state::FaceOffPick::Open
                        })
                        .collect(),
                );
            }
            Some(p) => return Waiting::One(p.side(s)),
            None => {}
        }
        match &s.phase {
            Phase::Deploy { side } => Waiting::One(*side),
            Phase::Play => {
                let v: Vec<Seat> = [1u8, 2].into_iter().filter(|x| !s.out(*x)).collect();
                if v.is_empty() {
                    Waiting::Any(vec![1, 2])
                } else {
                    Waiting::Any(v)
                }
            }
            Phase::Over(o) => Waiting::Over(game_end(o)),
        }
    }

    /// Every refusal comes before the first die, so resolving on scratch dice answers.
    fn check(s: &KryState, by: Seat, c: &Command) -> Result<(), RuleError> {
        check_seat(s, by, c)?;
        play::execute(s, by, c, &mut Dice::new(0)).map(|_| ())
    }

    fn resolve(
        s: &KryState,
        by: Seat,
        c: &Command,
        dice: &mut Dice,
    ) -> Result<Vec<Event>, RuleError> {
        check_seat(s, by, c)?;
        play::execute(s, by, c, dice)
    }

    fn apply(s: &mut KryState, e: &Event) {
        apply(s, e)
    }

    fn describe(s: &KryState, e: &Event) -> Option<String> {
        describe(s, e)
    }

    fn heading(s: &KryState, e: &Event) -> (u32, Seat) {
        let seat = match e {
            Event::Spent { side, .. } | Event::Done { side } | Event::Note { side, .. } => *side,
            _ => 0,
        };
        (s.round, seat)
    }

    fn roster(setup: &KrySetup, s: &KryState) -> Vec<(Seat, String, String, u32)> {
        // Models are numbered from 1 in force order, side 1's first (`setup::build_models`).
        let mut out = Vec::new();
        let mut next = 1u32;
        for f in &setup.forces {
            for i in 0..f.models.len() {
                if let Some(m) = s.models.get(&crate::table::ModelId(next)) {
                    let cost = f.model_cost(&setup.catalogue, i);
                    out.push((m.side, m.name.to_string(), m.troop.to_string(), cost));
                }
                next += 1;
            }
        }
        out
    }

    /// A roll is good for the side of the model its purpose names first ("X: to hit", "X to
    /// avoid", "X: Willpower ..."), or of the side it names ("face-off: side 2's d6"); a high
    /// total is the good one except where a 6 is a mishap (a weapon breaking, a fear shock, a
    /// shot turning on its shooter).
    fn roll_readings(
        s: &KryState,
        by: Seat,
        _events: &[Event],
        rolls: &[crate::dice::Roll],
    ) -> Vec<Option<RollFor>> {
        const MISHAPS: [&str; 4] = [
            "weapon break",
            "on a 6 it runs",
            "turns on itself",
            "weapon breaks",
        ];
        let names = || s.models.values().map(|m| (&*m.name, m.side));
        rolls
            .iter()
            .map(|r| {
                let seat = named_seat(&r.purpose, names())
                    .or_else(|| side_named(&r.purpose))
                    .unwrap_or(by);
                Some(if MISHAPS.iter().any(|m| r.purpose.contains(m)) {
                    RollFor::low(seat)
                } else {
                    RollFor::high(seat)
                })
            })
            .collect()
    }

    fn phase_label(s: &KryState) -> String {
        match &s.phase {
            Phase::Deploy { side } => format!("side {side} deploys"),
            Phase::Play => format!(
                "AP round {}: side 1 {} AP left{}, side 2 {} AP left{}",
                s.round,
                s.ap_left(1),
                if s.done[0] { " (done)" } else { "" },
                s.ap_left(2),
                if s.done[1] { " (done)" } else { "" }
            ),
            Phase::Over(Outcome::Victory { side, why }) => format!("side {side} wins: {why}"),
            Phase::Over(Outcome::Draw { why }) => format!("a draw: {why}"),
        }
    }

    fn round(s: &KryState) -> u32 {
        s.round
    }

    /// The event that records a face-off pick carries it hidden to the other seat; the one that
    /// asks the defender its defence class carries the attack without its type.
    fn redact_event(s: &KryState, seat: Seat, e: &Event) -> Event {
        match e {
            Event::PendingSet(Some(p)) if (1..=2).contains(&seat) => {
                let mut p = p.clone();
                super::secret::redact_pending(s, &mut p, seat);
                Event::PendingSet(Some(p))
            }
            e => e.clone(),
        }
    }

    /// A face-off's pick stays hidden from the other seat until both have named theirs; the
    /// attack type from the defender until it has chosen its defence class.
    fn redact(s: &KryState, seat: Seat) -> KryState {
        let mut r = s.clone();
        super::secret::redact(&mut r, seat);
        r
    }

    fn awaits_answer(s: &KryState) -> bool {
        s.pending.is_some()
    }

    fn table(s: &KryState) -> Table {
        Table::clone(&s.table)
    }

    fn cues(_s: &KryState, e: &Event, out: &mut Vec<crate::rules::core::Cue>) {
        use crate::rules::core::Cue;
        match e {
            Event::Measured {
                shooter, target, ..
            } => out.push(Cue::Attack {
                from: *shooter,
                at: *target,
            }),
            Event::Wounded { model, .. } | Event::Killed { model, .. } => {
                out.push(Cue::Struck { model: *model })
            }
            _ => {}
        }
    }

    /// A figure per class, a style per team.
    fn looks(s: &KryState) -> crate::table::look::Looks {
        use super::catalogue::Class;
        use crate::table::look::{Figure, Look};
        s.models
            .values()
            .map(|m| {
                let figure = match m.class {
                    Class::SquadLeader => Figure::Leader,
                    Class::Elite => Figure::Elite,
                    Class::Heavy => Figure::Heavy,
                    Class::Storm => Figure::Trooper,
                    Class::Fast => Figure::Fast,
                    Class::Special => Figure::Special,
                };
                let team = s.teams.get(usize::from(m.side).wrapping_sub(1));
                (m.id, Look::new(figure, team.map_or(0, |t| team_style(t))))
            })
            .collect()
    }

    /// Every team's troop types, each name once.
    fn unit_type_names() -> Vec<String> {
        let mut v: Vec<String> = Vec::new();
        if let Ok(c) = catalogue::shipped() {
            for t in c.teams.iter().flat_map(|t| &t.troops) {
                if !v.iter().any(|n| catalogue::same_name(n, &t.name)) {
                    v.push(t.name.clone());
                }
            }
        }
        v
    }

    /// A model's troop type.
    fn unit_types(s: &KryState) -> Vec<(crate::table::ModelId, String)> {
        s.models
            .values()
            .map(|m| (m.id, m.troop.to_string()))
            .collect()
    }

    fn natural_seat(s: &KryState, c: &Command) -> Seat {
        match c {
            Command::Concede { side } | Command::Done { side } => *side,
            Command::CancelCombo | Command::CancelUnits { .. } => {
                s.combo.as_ref().map_or(1, |c| c.side)
            }
            _ => {
                if let Some(p) = &s.pending {
                    return p.side(s);
                }
                if let Phase::Deploy { side } = s.phase {
                    return side;
                }
                c.model()
                    .and_then(|m| s.models.get(&m))
                    .map_or(1, |m| m.side)
            }
        }
    }

    fn fielded(setup: &KrySetup, s: &KryState, t: &mut crate::rules::core::tally::Tally) {
        // Models are numbered from 1 in force order, side 1's first (`setup::build_models`).
        let mut next = 1u32;
        for f in &setup.forces {
            for i in 0..f.models.len() {
                if let Some(m) = s.models.get(&crate::table::ModelId(next)) {
                    let u = t.entry(m.troop.to_string()).or_default();
                    u.fielded += 1;
                    u.points += u64::from(f.model_cost(&setup.catalogue, i));
                }
                next += 1;
            }
        }
    }

    fn tally(s: &KryState, e: &Event, t: &mut crate::rules::core::tally::Tally) {
        if let Event::Wounded { model, wounds, by } = e {
            let kind = |id: &crate::table::ModelId| s.models.get(id).map(|m| m.troop.to_string());
            if let Some(k) = kind(model) {
                t.entry(k).or_default().taken += u64::from(*wounds);
            }
            if let Some(k) = by.as_ref().and_then(kind) {
                t.entry(k).or_default().dealt += u64::from(*wounds);
            }
        }
    }

    fn program_play(
        g: &mut KryGame,
        seat: Seat,
        skill: crate::rules::core::Skill,
    ) -> Option<Command> {
        ai::play_at(g, seat, skill)
    }

    fn program_options(g: &KryGame, seat: Seat) -> Vec<crate::rules::core::Candidate<Command>> {
        ai::weigh::options(g, seat)
    }

    fn position_value(s: &Self::State, seat: Seat) -> f64 {
        ai::weigh::position_value(s, seat)
    }

    fn soak_setup(seed: u64, ch: &mut dyn crate::rules::core::chaos::Choices) -> QuickSetup {
        let levels = [
            "levels/kry-deck.ron",
            "levels/kry-bone-halls.ron",
            "levels/kry-bone-halls-dark.ron",
        ];
        let scenarios = ["deathmatch", "dark", "breach", "random"];
        let mut forces: Vec<PathBuf> = DEFAULT_FORCES.iter().map(PathBuf::from).collect();
        if ch.pick(2) == 1 {
            forces.reverse();
        }
        QuickSetup {
            seed,
            level: Some(levels[ch.pick(levels.len())].into()),
            forces,
            scenario: Some(scenarios[ch.pick(scenarios.len())].into()),
            rounds: Some(2 + ch.pick(7) as u32),
            ..Default::default()
        }
    }

    /// A random mission is drawn from the seed; otherwise the seed is the dice's alone.
    fn seed_only(q: &QuickSetup) -> bool {
        q.scenario.as_deref() != Some("random")
    }

    fn quick_setup(q: &QuickSetup) -> Result<KrySetup, Vec<String>> {
        let strings = |e: Vec<LocatedError>| e.iter().map(ToString::to_string).collect::<Vec<_>>();
        let cat = catalogue::shipped().map_err(strings)?;
        let level_path = q.level.clone().unwrap_or_else(|| DEFAULT_LEVEL.into());
        let level_path = crate::data::load::resolve_data_path(&level_path);
        let (level, _) = crate::data::load_level(&level_path).map_err(strings)?;
        // "random": a mission drawn from the seed.
        let mission = (q.scenario.as_deref() == Some("random"))
            .then(|| super::missions::random_mission(q.seed, &level));
        let scenario = match (&mission, &q.scenario) {
            (Some(m), _) => m.scenario,
            (None, None) => Scenario::Deathmatch,
            (None, Some(name)) => Scenario::from_name(name).ok_or_else(|| {
                vec![format!(
                    "error: no Kry-Gothic scenario '{name}' (deathmatch, dark, breach or random)"
                )]
            })?,
        };
        if q.forces.len() > 2 {
            return Err(vec![format!(
                "error: Kry-Gothic has 2 sides; {} team files were given",
                q.forces.len()
            )]);
        }
        let options = match &mission {
            Some(m) => m.options(KryOptions::default()),
            None => KryOptions {
                round_limit: Some(q.rounds.unwrap_or(8)),
                ..Default::default()
            },
        };
        let mut forces = Vec::new();
        for (i, default) in DEFAULT_FORCES.iter().enumerate() {
            let p = q
                .forces
                .get(i)
                .cloned()
                .unwrap_or_else(|| PathBuf::from(default));
            let p = crate::data::load::resolve_data_path(&p);
            forces.push(
                force::load_force(&p, &cat, options.cost_cap, options.max_models)
                    .map_err(strings)?,
            );
        }
        Ok(KrySetup {
            level,
            forces: [forces[0].clone(), forces[1].clone()],
            scenario,
            options,
            seed: q.seed,
            catalogue: cat,
        })
    }
}

/// A team's style for its miniatures: the teams of the text by name, any other by its name's
/// letters.
pub fn team_style(team: &str) -> u8 {
    const NAMED: [(&str, u8); 9] = [
        ("Confederate", 0),
        ("Renegade", 1),
        ("Slave", 2),
        ("Possessed", 3),
        ("Wraith", 3),
        ("Heracletian", 4),
        ("Hive", 5),
        ("Ralim", 6),
        ("Protarian", 7),
    ];
    NAMED.iter().find(|(k, _)| team.contains(k)).map_or_else(
        || team.bytes().fold(0u8, |a, b| a.wrapping_add(b)) % 8,
        |(_, v)| *v,
    )
}

/// How a finished game ended, as the core reports it.
fn game_end(o: &Outcome) -> GameEnd {
    match o {
        Outcome::Victory { side, why } => GameEnd {
            winners: vec![*side],
            text: format!("side {side} wins: {why}"),
        },
        Outcome::Draw { why } => GameEnd {
            winners: Vec::new(),
            text: format!("a draw: {why}"),
        },
    }
}
