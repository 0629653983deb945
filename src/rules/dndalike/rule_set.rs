//! The DnDalike rules on the shared game core: [`Dndalike`] implements [`RuleSet`]. Seat 1 is
//! the dungeon master's (the monsters); the heroes' players sit from seat 2. Each seat sees
//! only its own characters' secret damage ([`RuleSet::redact`]).

use super::command::{Command, Event, apply, describe, pool};
use super::resolve;
use super::setup::{DEFAULT_LEVEL, DndSetup, Member};
use super::state::{BASE, Character, DndState, Party, Phase};
use crate::data::error::Issue;
use crate::dice::Dice;
use crate::rules::core::{Game, QuickSetup, RuleError, RuleSet, RulesId, Seat, Waiting};
use crate::table::Table;
use crate::table::geom::Pt;
use std::sync::Arc;

/// The DnDalike combat rules.
pub struct Dndalike;

pub type DndGame = Game<Dndalike>;

/// The first state of a fight.
pub fn init(setup: &DndSetup) -> Result<DndState, Vec<String>> {
    let problems = setup.problems();
    if !problems.is_empty() {
        return Err(problems
            .iter()
            .map(|i| format!("{}: {}", i.path, i.message))
            .collect());
    }
    let level = match &setup.level {
        Some(p) => crate::rules::duel::level(p)?,
        None => crate::rules::duel::bare(),
    };
    let table = &level.1;
    let sight = super::state::Terrain::of_level(setup.level.as_deref(), table);
    let mut chars = Vec::new();
    for (party, list) in [
        (Party::Heroes, &setup.heroes),
        (Party::Monsters, &setup.monsters),
    ] {
        for (i, m) in list.iter().enumerate() {
            let Member { sheet, at, .. } = m;
            let pos = at.unwrap_or_else(|| start_place(table, party, i, list.len()));
            if !table.contains_base(pos, BASE) {
                return Err(vec![format!(
                    "{} starts off the table at ({:.1}, {:.1})",
                    sheet.name, pos.x, pos.y
                )]);
            }
            if let Some(t) = &sight.0
                && !crate::table::movement::can_stand(table, &t.scene, BASE / 2.0, pos)
            {
                return Err(vec![format!(
                    "{} cannot stand where it starts, at ({:.1}, {:.1}): rock, a wall or a pillar",
                    sheet.name, pos.x, pos.y
                )]);
            }
            chars.push(character(m, party, pos, &setup.grimoire));
        }
    }
    let heroes = setup.heroes.len();
    Ok(DndState {
        delve: setup
            .delve
            .as_ref()
            .map(|d| super::delve::Delving::new(d.clone(), heroes)),
        chars,
        stack: Vec::new(),
        next_id: 1,
        active: setup.first,
        first: setup.first,
        round: 1,
        phase: Phase::Act,
        seats: setup.seats(),
        grimoire: Arc::new(setup.grimoire.clone()),
        memo: Default::default(),
        sight,
        table: Arc::new(table.clone()),
    })
}

/// A character of `party` as it starts a fight at `pos`: fresh dice, its armour's fatigue, no
/// wounds, every stone in the bag.
pub fn character(
    m: &Member,
    party: Party,
    pos: Pt,
    g: &super::spells::Grimoire,
) -> Character {
    let sheet = &m.sheet;
    let spells = sheet
        .spells
        .iter()
        .filter_map(|n| g.spell(n))
        .map(|i| i as u8)
        .collect();
    // "Level 1 Sorcerers are assumed to have a menhir of the school of their choice ... This
    // will give them access to a spell stone at the beginning of the game": every stone starts
    // in the bag.
    let bag = sheet
        .stones
        .iter()
        .filter_map(|n| g.school(n))
        .map(|i| i as u8)
        .collect();
    Character {
        sheet: Arc::new(sheet.clone()),
        spells,
        stones: super::state::Stones {
            bag,
            ..Default::default()
        },
        party,
        seat: m.seat,
        pos,
        dice: pool(&sheet.action_dice()),
        fatigue: sheet.armour.fatigue(),
        wounds: 0,
        damage: 0,
        raised_ac: None,
        dead: false,
    }
}

/// Where the `i`th of `n` characters of `party` starts without a place of its own: in a row
/// through the middle of the level's deployment zone for its side (heroes 1, monsters 2), along
/// the zone's longer side, or else along the party's table edge (heroes near, monsters far).
pub fn start_place(table: &Table, party: Party, i: usize, n: usize) -> Pt {
    let side = match party {
        Party::Heroes => 1,
        Party::Monsters => 2,
    };
    let k = i as f32 - (n as f32 - 1.0) / 2.0;
    let step = BASE + 0.6;
    let zone = table
        .zones
        .iter()
        .find(|z| z.side == side && z.kind == crate::table::zone::ZoneKind::Deployment);
    match zone {
        Some(z) => {
            let c = Pt::new((z.min.x + z.max.x) / 2.0, (z.min.y + z.max.y) / 2.0);
            if z.max.x - z.min.x >= z.max.y - z.min.y {
                Pt::new(c.x + k * step, c.y)
            } else {
                Pt::new(c.x, c.y + k * step)
            }
        }
        None => {
            let y = match party {
                Party::Heroes => 2.0,
                Party::Monsters => table.depth - 2.0,
            };
            Pt::new(table.width / 2.0 + k * step, y)
        }
    }
}

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
        let seats = |list: &[super::setup::Member]| {
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
        resolve::waiting(s)
    }

    fn check(s: &DndState, by: Seat, c: &Command) -> Result<(), RuleError> {
        resolve::check(s, by, c)
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

    fn program_play(g: &mut DndGame, seat: Seat) -> Option<Command> {
        super::ai::play(g, seat)
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
