//! The first state of a DnDalike fight: the table, the characters made from their sheets, and
//! where each party comes in (also where a delve's next encounter puts them).

use super::member::Member;
use super::setup::DndSetup;
use super::sheet::DieKind;
use super::state::{ActionDie, BASE, Character, DndState, Party, Phase};
use crate::table::Table;
use crate::table::geom::Pt;
use std::sync::Arc;

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
    let sight = super::terrain::Terrain::of_level(setup.level.as_deref(), table);
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
pub fn character(m: &Member, party: Party, pos: Pt, g: &super::spells::Grimoire) -> Character {
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

/// A fresh pool of action dice.
pub fn pool(kinds: &[DieKind]) -> super::state::Dice {
    kinds
        .iter()
        .map(|k| ActionDie {
            kind: *k,
            spent: false,
            rolled: None,
        })
        .collect()
}
