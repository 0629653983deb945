//! The DnDalike rules on the shared game core: [`Dndalike`] implements [`RuleSet`]. Seat 1 is
//! the dungeon master's (the monsters); the heroes' players sit from seat 2. Each seat sees
//! only its own characters' secret damage ([`RuleSet::redact`]).

use super::apply::apply;
use super::command::{Command, Event};
use super::describe::describe;
use super::init::init;
use super::marker::{DndGame, Dndalike};
use super::member::Member;
use super::setup::{DEFAULT_LEVEL, DndSetup};
use super::state::{BASE, DndState, Party, Phase};
use super::{check, resolve};
use crate::data::error::Issue;
use crate::dice::Dice;
use crate::rules::core::luck::RollFor;
use crate::rules::core::{QuickSetup, RuleError, RuleSet, RulesId, Seat, Waiting};
use crate::table::Table;

impl RuleSet for Dndalike {
    const ID: RulesId = RulesId::new("dndalike", "DnDalike");
    const SAVE_VERSION: u32 = 1;

    type Setup = DndSetup;
    type State = DndState;
    type Command = Command;
    type Event = Event;

    fn init(setup: &DndSetup) -> Result<DndState, Vec<String>> {
        init(setup)
    }

    fn seed(setup: &DndSetup) -> u64 {
        setup.seed
    }

    fn set_seed(setup: &mut DndSetup, seed: u64) {
        setup.seed = seed;
    }

    fn seats(setup: &DndSetup) -> Vec<Seat> {
        setup.seats()
    }

    /// The monsters (the dungeon master's seat) and the heroes (however many seats play them).
    fn sides(setup: &DndSetup) -> Vec<(String, Vec<Seat>)> {
        let seats = |list: &[Member]| {
            let mut v: Vec<Seat> = list.iter().map(|m| m.seat).collect();
            v.sort();
            v.dedup();
            v
        };
        vec![
            ("the monsters".into(), seats(&setup.monsters)),
            ("the heroes".into(), seats(&setup.heroes)),
        ]
    }

    fn validate_setup(setup: &DndSetup) -> Vec<Issue> {
        setup.problems()
    }

    fn waiting(s: &DndState) -> Waiting {
        check::waiting(s)
    }

    fn check(s: &DndState, by: Seat, c: &Command) -> Result<(), RuleError> {
        check::check(s, by, c)
    }

    fn resolve(
        s: &DndState,
        by: Seat,
        c: &Command,
        dice: &mut Dice,
    ) -> Result<Vec<Event>, RuleError> {
        resolve::resolve(s, by, c, dice)
    }

    fn apply(s: &mut DndState, e: &Event) {
        apply(s, e)
    }

    fn describe(s: &DndState, e: &Event) -> Option<String> {
        describe(s, e)
    }

    fn heading(s: &DndState, e: &Event) -> (u32, Seat) {
        let who = match e {
            Event::Announced { entry, .. } => Some(entry.by),
            Event::MergedInto { merged, .. } => Some(merged.by),
            Event::Saved { who, .. } if matches!(s.phase, Phase::Act | Phase::Backlash { .. }) => {
                Some(*who)
            }
            _ => None,
        };
        (s.round, who.map_or(0, |i| s.chars[i].seat))
    }

    /// The characters by seat; the kind says hero or monster, and lesser.
    fn roster(_setup: &DndSetup, s: &DndState) -> Vec<(Seat, String, String, u32)> {
        s.chars
            .iter()
            .map(|c| {
                let kind = match (c.party, c.sheet.lesser) {
                    (Party::Heroes, _) => "hero",
                    (Party::Monsters, false) => "monster",
                    (Party::Monsters, true) => "lesser monster",
                };
                (c.seat, c.sheet.name.to_string(), kind.to_string(), 0)
            })
            .collect()
    }

    /// A saving throw is good for the character that makes it (the `Saved` events name them in
    /// the order the throws were rolled); a secret damage die is the wounded seat's, good when
    /// low; the DM's random choice of a target and the stone drawn from the bag are good for
    /// nobody; every other roll is good for the seat that rolled it, when high.
    fn roll_readings(
        s: &DndState,
        by: Seat,
        events: &[Event],
        rolls: &[crate::dice::Roll],
    ) -> Vec<Option<RollFor>> {
        let mut savers = events.iter().filter_map(|e| match e {
            Event::Saved { who, .. } => s.chars.get(*who).map(|c| c.seat),
            _ => None,
        });
        rolls
            .iter()
            .map(|r| match (&*r.purpose, r.secret) {
                ("saving throw", _) => Some(RollFor::high(savers.next().unwrap_or(by))),
                (_, Some(seat)) => Some(RollFor::low(seat)),
                ("the DM's choice of target" | "the stone drawn from the bag", _) => None,
                _ => Some(RollFor::high(by)),
            })
            .collect()
    }

    fn phase_label(s: &DndState) -> String {
        match &s.phase {
            Phase::Act => format!("round {}: {} turn", s.round, s.active.possessive()),
            Phase::Respond { left } => format!(
                "{} on the stack: respond or pass ({})",
                s.stack.len(),
                left.iter()
                    .map(|x| format!("seat {x}"))
                    .collect::<Vec<_>>()
                    .join(", ")
            ),
            Phase::Backlash { who } => format!(
                "the end of the turn: {} failed the sorcerer's saving throw: a fatigue or the stones",
                who.iter()
                    .map(|i| s.name(*i).to_string())
                    .collect::<Vec<_>>()
                    .join(", ")
            ),
            Phase::Camp => super::between::camp_label(s),
            Phase::Over(end) => end.text.clone(),
        }
    }

    fn round(s: &DndState) -> u32 {
        s.round
    }

    fn awaits_answer(s: &DndState) -> bool {
        matches!(s.phase, Phase::Respond { .. })
    }

    fn table(s: &DndState) -> Table {
        let mut t = (*s.table).clone();
        t.models.clear();
        for (i, c) in s.chars.iter().enumerate() {
            let side = match c.party {
                Party::Heroes => 1,
                Party::Monsters => 2,
            };
            let mut m = crate::table::model::Model::new(
                i as u32 + 1,
                side,
                c.name(),
                BASE,
                1.6,
                c.pos,
                90.0,
            );
            m.h = t.surface_height(c.pos);
            m.wreck = c.dead;
            t.models.push(m);
        }
        t
    }

    fn cues(_s: &DndState, e: &Event, out: &mut Vec<crate::rules::core::Cue>) {
        if let Event::Wounded { who, count, .. } = e
            && *count > 0
        {
            out.push(crate::rules::core::Cue::Struck {
                model: crate::table::ModelId(*who as u32 + 1),
            });
        }
    }

    /// Heroes and monsters, each hero in a style of its own.
    fn looks(s: &DndState) -> crate::table::look::Looks {
        use crate::table::look::{Figure, Look};
        s.chars
            .iter()
            .enumerate()
            .map(|(i, c)| {
                let figure = match c.party {
                    Party::Heroes => Figure::Hero,
                    Party::Monsters => Figure::Monster,
                };
                (
                    crate::table::ModelId(i as u32 + 1),
                    Look::new(figure, i as u8),
                )
            })
            .collect()
    }

    /// Characters are the players' own: a pack draws heroes and monsters.
    fn unit_type_names() -> Vec<String> {
        vec!["Hero".into(), "Monster".into()]
    }

    fn unit_types(s: &DndState) -> Vec<(crate::table::ModelId, String)> {
        s.chars
            .iter()
            .enumerate()
            .map(|(i, c)| {
                let t = match c.party {
                    Party::Heroes => "Hero",
                    Party::Monsters => "Monster",
                };
                (crate::table::ModelId(i as u32 + 1), t.to_string())
            })
            .collect()
    }

    /// "This total is hidden and cannot be revealed": other seats see no damage total.
    fn redact(s: &DndState, seat: Seat) -> DndState {
        let mut v = s.clone();
        for c in &mut v.chars {
            if c.seat != seat {
                c.damage = 0;
            }
        }
        v
    }

    /// Another seat's character's secret damage travels as 0.
    fn redact_event(s: &DndState, seat: Seat, e: &Event) -> Event {
        match e {
            Event::Wounded { who, count, .. }
                if s.chars.get(*who).is_some_and(|c| c.seat != seat) =>
            {
                Event::Wounded {
                    who: *who,
                    count: *count,
                    damage: 0,
                }
            }
            // The share of the damage total a healed wound takes with it is as secret as the
            // total.
            Event::Camp(super::camp::CampEvent::Rested {
                who,
                fatigue_lost,
                wound_healed,
                stones_back,
                ..
            }) if s.chars.get(*who).is_some_and(|c| c.seat != seat) => {
                Event::Camp(super::camp::CampEvent::Rested {
                    who: *who,
                    fatigue_lost: *fatigue_lost,
                    wound_healed: *wound_healed,
                    damage_healed: 0,
                    stones_back: *stones_back,
                })
            }
            e => e.clone(),
        }
    }

    fn undone_label(c: &Command) -> String {
        match c {
            Command::Act { ability, .. } => ability.label().to_string(),
            Command::Merge { .. } => "a merged attack".into(),
            Command::EmpoweredMerge { .. } => "a merged attack paid with a stone".into(),
            Command::Pass => "a pass".into(),
            Command::EndTurn => "the end of the turn".into(),
            Command::Empowered { ability, .. } => format!("{} paid with a stone", ability.label()),
            Command::Backlash { .. } => "a backlash choice".into(),
            Command::Rest { .. } => "a rest".into(),
            Command::Onward => "going on".into(),
            Command::DmChooses { ability, .. } => {
                format!("{} with the DM choosing the target", ability.label())
            }
        }
    }

    fn natural_seat(s: &DndState, c: &Command) -> Seat {
        resolve::natural_seat(s, c)
    }

    fn program_play(
        g: &mut DndGame,
        seat: Seat,
        skill: crate::rules::core::Skill,
    ) -> Option<Command> {
        super::ai::play_at(g, seat, skill)
    }

    fn program_options(g: &DndGame, seat: Seat) -> Vec<crate::rules::core::Candidate<Command>> {
        super::weigh::options(g, seat)
    }

    fn position_value(s: &DndState, seat: Seat) -> f64 {
        super::weigh::position_value(s, seat)
    }

    fn imagine(s: &mut DndState, seat: Seat, seed: u64) {
        super::weigh::imagine(s, seat, seed)
    }

    fn soak_setup(seed: u64, ch: &mut dyn crate::rules::core::chaos::Choices) -> QuickSetup {
        let levels = ["levels/dungeon-crypt.ron", "levels/dungeon-warrens.ron"];
        QuickSetup {
            seed,
            level: Some(levels[ch.pick(levels.len())].into()),
            players: (ch.pick(2) == 1).then_some(2),
            ..Default::default()
        }
    }

    fn seed_only(_q: &QuickSetup) -> bool {
        true
    }

    /// `--scenario delve` (the shipped delve) or `--scenario FILE.ron` (a delve file): a delve
    /// instead of one fight.
    fn quick_setup(q: &QuickSetup) -> Result<DndSetup, Vec<String>> {
        if let Some(sc) = &q.scenario {
            let path = match sc.as_str() {
                "delve" => std::path::PathBuf::from(super::delve::DELVE_FILE),
                other if other.ends_with(".ron") => other.into(),
                other => {
                    return Err(vec![format!(
                        "no DnDalike scenario '{other}' (the names: delve, or a delve file)"
                    )]);
                }
            };
            return super::delve::delve_setup(
                q.seed,
                &path,
                None,
                q.players.is_some_and(|p| p <= 2),
            );
        }
        let level = Some(q.level.clone().unwrap_or_else(|| DEFAULT_LEVEL.into()));
        super::setup::shipped(q.seed, level, q.players.is_some_and(|p| p <= 2))
    }
}
