//! A DnDalike character sheet: the six stats, class powers, armour and equipment pack, and what
//! follows from them (health, maximum fatigue, armour class, action dice). The text is "v0.1"
//! and its tables are missing: every number chosen here is a reading written down in
//! `assets/rules/dndalike.md` with the sentence it interprets.

use serde::{Deserialize, Serialize};

/// "Roll 3d6 six times and assign them to Strength, Dexterity, Constitution, Intelligence,
/// Wisdom and Charisma in the order you roll them."
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Stats {
    pub str: i32,
    pub dex: i32,
    pub con: i32,
    pub int: i32,
    pub wis: i32,
    pub cha: i32,
}

impl Stats {
    /// The six stats from eighteen d6 results, three per stat, in the text's order.
    pub fn from_rolls(d: &[u32; 18]) -> Stats {
        let s = |k: usize| (d[3 * k] + d[3 * k + 1] + d[3 * k + 2]) as i32;
        Stats {
            str: s(0),
            dex: s(1),
            con: s(2),
            int: s(3),
            wis: s(4),
            cha: s(5),
        }
    }
}

/// "Record the corresponding bonus for each stat": the stat bonus table is missing; DnD 5e's
/// modifier, (score - 10) / 2 rounded down.
pub fn modifier(score: i32) -> i32 {
    (score - 10).div_euclid(2)
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Class {
    Fighter,
    Rogue,
    Wizard,
}

impl Class {
    /// Health for a character's first power (the missing health chart): DnD 5e's first-level
    /// hit points (the class's hit die at its maximum).
    pub fn first_health(self) -> i32 {
        match self {
            Class::Fighter => 10,
            Class::Rogue => 8,
            Class::Wizard => 6,
        }
    }

    /// Health for each further power: DnD 5e's fixed value per level.
    pub fn more_health(self) -> i32 {
        match self {
            Class::Fighter => 6,
            Class::Rogue => 5,
            Class::Wizard => 4,
        }
    }
}

/// "Here are some example class powers", in the text's three groups.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Power {
    Exert,
    Spell,
    Powerful,
    Tumble,
    Skilled,
    Lucky,
    Trip,
    HeavyHitter,
    Riposte,
}

impl Power {
    pub const ALL: [Power; 9] = [
        Power::Exert,
        Power::Spell,
        Power::Powerful,
        Power::Tumble,
        Power::Skilled,
        Power::Lucky,
        Power::Trip,
        Power::HeavyHitter,
        Power::Riposte,
    ];

    /// The text lists three groups without naming them; read as wizard (Exert, Spell,
    /// Powerful: the spell powers), rogue (Tumble, Skilled, Lucky) and fighter (Trip, Heavy
    /// Hitter, Riposte: the weapon powers).
    pub fn class(self) -> Class {
        match self {
            Power::Exert | Power::Spell | Power::Powerful => Class::Wizard,
            Power::Tumble | Power::Skilled | Power::Lucky => Class::Rogue,
            Power::Trip | Power::HeavyHitter | Power::Riposte => Class::Fighter,
        }
    }

    pub fn label(self) -> &'static str {
        match self {
            Power::Exert => "Exert",
            Power::Spell => "Spell",
            Power::Powerful => "Powerful",
            Power::Tumble => "Tumble",
            Power::Skilled => "Skilled",
            Power::Lucky => "Lucky",
            Power::Trip => "Trip",
            Power::HeavyHitter => "Heavy Hitter",
            Power::Riposte => "Riposte",
        }
    }
}

/// "Permanent Fatigue: Light Armour, Heavy Armour, Full Plate" (the values are missing).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, Default)]
pub enum Armour {
    #[default]
    None,
    Light,
    Heavy,
    FullPlate,
}

impl Armour {
    /// The missing armour-class table, on the d6 that attacks are rolled on.
    pub fn class(self) -> i32 {
        match self {
            Armour::None => 1,
            Armour::Light => 2,
            Armour::Heavy => 3,
            Armour::FullPlate => 4,
        }
    }

    /// The missing permanent fatigue values: heavier armour wears more.
    pub fn fatigue(self) -> i32 {
        match self {
            Armour::None | Armour::Light => 0,
            Armour::Heavy => 1,
            Armour::FullPlate => 2,
        }
    }
}

/// The equipment packs and the action dice they give.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, Default)]
pub enum Pack {
    /// A weapon and a free hand: "1 extra Movement Die".
    #[default]
    FreeHand,
    /// "1 extra Attack Die".
    TwoWeapons,
    /// "1 extra Shield Die and an access to the Block ability".
    Shield,
    /// "No extra dice, but you may gain a fatigue to perform any slow attack action as a quick
    /// action. Attacks deal double wounds."
    TwoHanded,
    /// "No extra dice, but you may perform any slow attack action as a quick action. Ranged."
    Bow,
}

/// The most spell stones a sheet may have (menhirs are "an intermediate to extreme pain").
pub const MAX_STONES: usize = 12;
/// The most spells a sheet may know.
pub const MAX_SPELLS: usize = 8;

/// A kind of action die.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, PartialOrd, Ord, Default,
)]
pub enum DieKind {
    /// (M) "Spent to move or to dodge."
    #[default]
    Movement,
    /// (A) "Spent to attack or to trip another character."
    Attack,
    /// (S) "defending yourself or others from attacks."
    Shield,
}

impl DieKind {
    pub fn letter(self) -> char {
        match self {
            DieKind::Movement => 'M',
            DieKind::Attack => 'A',
            DieKind::Shield => 'S',
        }
    }
}

/// A character or monster as written in a RON file.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Sheet {
    /// Shared, so that copying a fight's state to resolve a command allocates no names.
    #[serde(with = "shared_str")]
    pub name: std::sync::Arc<str>,
    pub stats: Stats,
    /// The class powers, first to last ("Your level is determined by the number of powers").
    pub powers: smallvec::SmallVec<[Power; 4]>,
    #[serde(default)]
    pub armour: Armour,
    #[serde(default)]
    pub pack: Pack,
    /// A lesser character (minion, henchman): wounds are counted openly and rolled at each
    /// finishing blow.
    #[serde(default)]
    pub lesser: bool,
    /// Health for a sheet with no powers (monsters); a sheet with powers takes it from them.
    #[serde(default)]
    pub health: Option<i32>,
    /// Movement rate in inches (DnD 5e's 30 feet, one inch to five feet: 6).
    #[serde(default = "default_speed")]
    pub speed: f32,
    /// The spells known, by name in the fight's grimoire: "gain access to a new spell each time
    /// you choose this ability" (one for each Spell power).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub spells: Vec<String>,
    /// The schools of the menhirs placed, one spell stone each: "a coloured spell stone(O) for
    /// each menhir they have placed out in the world". A character with stones is a sorcerer.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub stones: Vec<String>,
    /// "Skilled - gain a rank in any one Skill": the skill each Skilled power was taken for (a
    /// skill named twice has rank 2). Keeping watch is the skill "Watch".
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub skills: Vec<String>,
}

fn default_speed() -> f32 {
    6.0
}

impl Sheet {
    pub fn level(&self) -> usize {
        self.powers.len()
    }

    /// The class of the first power (the power "determines your character's class").
    pub fn class(&self) -> Option<Class> {
        self.powers.first().map(|p| p.class())
    }

    pub fn has(&self, p: Power) -> bool {
        self.powers.contains(&p)
    }

    /// "Record your health by consulting the chart below and adding your Constitution
    /// Modifier"; "Whenever a character gains a level they also gain an amount of health,
    /// determined by the class of the power they just selected and their constitution
    /// modifier." At least 1.
    pub fn max_health(&self) -> i32 {
        let con = modifier(self.stats.con);
        let from_powers: i32 = self
            .powers
            .iter()
            .enumerate()
            .map(|(i, p)| {
                if i == 0 {
                    p.class().first_health()
                } else {
                    p.class().more_health()
                }
            })
            .sum::<i32>()
            + con * self.powers.len() as i32;
        match self.health {
            Some(h) if self.powers.is_empty() => h.max(1),
            _ if self.powers.is_empty() => (4 + con).max(1),
            _ => from_powers.max(1),
        }
    }

    /// "Your Maximum Fatigue is your wisdom modifier + 6."
    pub fn max_fatigue(&self) -> i32 {
        modifier(self.stats.wis) + 6
    }

    /// "the appropriate value from the table below, and adding your Charisma Modifier": at
    /// least 0.
    pub fn armour_class(&self) -> i32 {
        (self.armour.class() + modifier(self.stats.cha)).max(0)
    }

    /// The stat table's surviving column, in STR, DEX, CON, INT, WIS, CHA order: "attack
    /// rolls / movement rolls / health / level / all skill rolls / maximum fatigue / armour
    /// class". STR's bonus is added to every attack roll (an A die), on the d6 the armour class
    /// is on.
    pub fn attack_bonus(&self) -> i32 {
        modifier(self.stats.str)
    }

    /// DEX's bonus, added to every movement roll (an M die spent on a movement action).
    pub fn movement_bonus(&self) -> i32 {
        modifier(self.stats.dex)
    }

    /// INT's bonus, added to "all skill rolls" (progress attempts and completion rolls).
    pub fn skill_bonus(&self) -> i32 {
        modifier(self.stats.int)
    }

    /// The bonus added to a die of `kind` rolled for an ability: STR to an A die, DEX to an M
    /// die (a spell action's M is no movement roll: it takes none), nothing to an S die.
    pub fn die_bonus(&self, kind: DieKind) -> i32 {
        match kind {
            DieKind::Attack => self.attack_bonus(),
            DieKind::Movement => self.movement_bonus(),
            DieKind::Shield => 0,
        }
    }

    /// "You begin with one Movement Die and one Attack Die", and the pack's extra die.
    pub fn action_dice(&self) -> Vec<DieKind> {
        let mut d = vec![DieKind::Movement, DieKind::Attack];
        match self.pack {
            Pack::FreeHand => d.push(DieKind::Movement),
            Pack::TwoWeapons => d.push(DieKind::Attack),
            Pack::Shield => d.push(DieKind::Shield),
            Pack::TwoHanded | Pack::Bow => {}
        }
        d.sort();
        d
    }

    /// "Sorcerers ... are represented in game by a little bag or cup with a coloured spell
    /// stone(O) for each menhir": a character with a menhir.
    pub fn sorcerer(&self) -> bool {
        !self.stones.is_empty()
    }

    pub fn ranged(&self) -> bool {
        self.pack == Pack::Bow
    }

    /// Wounds a hit deals: "Attacks deal double wounds" with a two-handed weapon.
    pub fn wounds_per_hit(&self) -> u32 {
        if self.pack == Pack::TwoHanded { 2 } else { 1 }
    }

    /// What is wrong with the sheet, each with the field it names.
    pub fn problems(&self) -> Vec<(String, String)> {
        let mut p = Vec::new();
        if self.name.trim().is_empty() {
            p.push(("name".into(), "empty".into()));
        }
        let s = self.stats;
        for (f, v) in [
            ("str", s.str),
            ("dex", s.dex),
            ("con", s.con),
            ("int", s.int),
            ("wis", s.wis),
            ("cha", s.cha),
        ] {
            if !(3..=18).contains(&v) {
                p.push((
                    format!("stats.{f}"),
                    format!("{v} is not a 3d6 total (3 to 18)"),
                ));
            }
        }
        if !(self.speed > 0.0 && self.speed <= 24.0) {
            p.push((
                "speed".into(),
                format!("{} is not 0 to 24 inches", self.speed),
            ));
        }
        if let Some(h) = self.health
            && h < 1
        {
            p.push(("health".into(), format!("{h} is below 1")));
        }
        let spell_powers = self.powers.iter().filter(|p| **p == Power::Spell).count();
        if self.spells.len() > spell_powers {
            p.push((
                "spells".into(),
                format!(
                    "{} spells but {} Spell powers: one spell for each",
                    self.spells.len(),
                    spell_powers
                ),
            ));
        }
        if !self.spells.is_empty() && self.stones.is_empty() {
            p.push((
                "stones".into(),
                "a sorcerer needs at least one menhir's stone to cast".into(),
            ));
        }
        let skilled = self.powers.iter().filter(|p| **p == Power::Skilled).count();
        if self.skills.len() > skilled {
            p.push((
                "skills".into(),
                format!(
                    "{} skill ranks but {} Skilled powers: one rank for each",
                    self.skills.len(),
                    skilled
                ),
            ));
        }
        if self.stones.len() > MAX_STONES {
            p.push(("stones".into(), format!("more than {MAX_STONES} stones")));
        }
        if self.spells.len() > MAX_SPELLS {
            p.push(("spells".into(), format!("more than {MAX_SPELLS} spells")));
        }
        p
    }

    /// What the sheet names that `grimoire` lacks, each with the field it names.
    pub fn grimoire_problems(&self, grimoire: &super::spells::Grimoire) -> Vec<(String, String)> {
        let mut p = Vec::new();
        for (i, n) in self.spells.iter().enumerate() {
            let Some(k) = grimoire.spell(n) else {
                p.push((format!("spells[{i}]"), format!("no spell is named \"{n}\"")));
                continue;
            };
            // "A spell can be cast using multiple different types of power stone, but at least
            // one must match the school of magic": without a stone of its school the spell
            // could never be cast.
            let school = &grimoire.spells[k].school;
            if !self.stones.is_empty() && !self.stones.iter().any(|s| s == school) {
                p.push((
                    format!("spells[{i}]"),
                    format!(
                        "{n} is a {school} spell, and the sheet has no {school} stone (its stones: {})",
                        self.stones.join(", ")
                    ),
                ));
            }
        }
        for (i, n) in self.stones.iter().enumerate() {
            if grimoire.school(n).is_none() {
                p.push((
                    format!("stones[{i}]"),
                    format!("no school is named \"{n}\""),
                ));
            }
        }
        p
    }
}

/// Serde for a shared string, written as a plain string.
mod shared_str {
    use serde::{Deserialize, Deserializer, Serializer};
    use std::sync::Arc;

    pub fn serialize<S: Serializer>(v: &Arc<str>, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(v)
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Arc<str>, D::Error> {
        String::deserialize(d).map(Arc::from)
    }
}
