//! Kry-Gothic's armoury and teams: armour pieces, close-combat and ranged weapons, and each
//! team's Tactics Rating and roster of troop types, read from
//! `assets/rules/kry-gothic/catalogue.ron` and validated with located errors. The text gives
//! almost no profiles: the rosters are the project's own, built from its descriptions
//! (`assets/rules/kry-gothic.md`, "Teams").

use super::stats::WeaponStats;
use crate::data::error::{Issue, LocatedError};
use crate::data::spans::SpanIndex;
use serde::{Deserialize, Serialize};
use std::path::Path;

/// Where the catalogue ships.
pub const CATALOGUE_FILE: &str = "assets/rules/kry-gothic/catalogue.ron";

/// "Units come in 2 classes, Leaders and Soldiers. In these there are 6 different types."
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Class {
    SquadLeader,
    Elite,
    Heavy,
    Storm,
    Fast,
    /// "Changed from Special to an individual name for each team" (the team's `special_name`).
    Special,
}

impl Class {
    pub const ALL: [Class; 6] = [
        Class::SquadLeader,
        Class::Elite,
        Class::Heavy,
        Class::Storm,
        Class::Fast,
        Class::Special,
    ];

    pub fn label(self) -> &'static str {
        match self {
            Class::SquadLeader => "Squad leader",
            Class::Elite => "Elite",
            Class::Heavy => "Heavy",
            Class::Storm => "Storm",
            Class::Fast => "Fast",
            Class::Special => "Special",
        }
    }
}

/// A characteristic profile. `None` is the text's X: "no ability whatsoever in that area".
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Profile {
    pub speed: u8,
    pub strength: u8,
    pub body: u8,
    pub mind: u8,
    pub willpower: u8,
    pub cc: Option<u8>,
    pub rc: Option<u8>,
}

/// Special abilities a troop type may have.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Ability {
    /// "Some units such as wraiths cause fear."
    Fear,
    /// "Very few units cause pure horror."
    PureHorror,
    /// "many wraith units are not impeded by any terrain difficulties".
    IgnoresTerrain,
    /// The Slaves "are rarely effected by willpower rolls": a failed WILL roll is rolled again
    /// once.
    Steadfast,
    /// "Unless the unit is carrying an item or weapon that states otherwise, then the unit is
    /// capable of running": this one cannot run.
    CannotRun,
}

/// An armour piece: "This score is then applied to the Body attribute, and in some cases, the
/// speed score is lowered."
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Armour {
    pub name: String,
    pub cost: u32,
    /// Added to Body when rolling to wound.
    pub body: u8,
    /// Taken off Speed.
    #[serde(default)]
    pub speed: u8,
    /// "if that unit is shot in the back, the flack jacket can do nothing to protect the
    /// wearer": the piece counts nothing against shots from the blind side.
    #[serde(default)]
    pub front_only: bool,
    #[serde(default)]
    pub notes: String,
}

/// Close-combat weapon effects.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum CcEffect {
    ArmourPiercing,
    /// "All dice that pass cause 1 wound each."
    MultipleWounds,
    /// "Opponent cannot use parry ... Wrapping weapons cannot parry."
    Wrap,
    /// "If weapon causes any wounds, the victim falls over. 1AP must be spent to stand back up."
    Lasso,
}

/// A close-combat weapon: "Stats: -1cc/+2str".
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CcWeapon {
    pub name: String,
    pub cost: u32,
    pub cc: i8,
    pub str: i8,
    #[serde(default)]
    pub effects: Vec<CcEffect>,
}

/// A ranged weapon: "Stats - 3K2S1", short and long range.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RangedWeapon {
    pub name: String,
    pub cost: u32,
    /// As the text writes it, e.g. "3K2S1".
    pub stats: String,
    /// "SR - 2 inches or under".
    pub short: f32,
    /// "LR - 6 inches or over".
    pub long: f32,
    /// "All weapons that are capable of this mode will have a note attached".
    #[serde(default)]
    pub suppressive: bool,
    /// A heavy weapon: in (W) areas it places the damaged-structure marker.
    #[serde(default)]
    pub heavy: bool,
}

impl RangedWeapon {
    /// The parsed stats (validated on load).
    pub fn parsed(&self) -> WeaponStats {
        WeaponStats::parse(&self.stats).unwrap_or(WeaponStats {
            aim: 0,
            damage: 0,
            strength: 0,
        })
    }
}

/// A troop type of a team's roster.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Troop {
    pub name: String,
    pub class: Class,
    /// A lower-ranking squad leader (Squad leader class only): "It is possible for some teams to
    /// take a few lower ranking squad leaders instead of one top ranking one."
    #[serde(default)]
    pub lower_ranking: bool,
    pub cost: u32,
    pub profile: Profile,
    /// "most units can only take 2 wounds".
    #[serde(default = "two")]
    pub wounds: u8,
    /// Wargear it comes with (names from the catalogue's lists).
    #[serde(default)]
    pub armour: Vec<String>,
    #[serde(default)]
    pub cc_weapons: Vec<String>,
    #[serde(default)]
    pub ranged_weapons: Vec<String>,
    #[serde(default)]
    pub abilities: Vec<Ability>,
    /// How the text describes it, for the model card.
    #[serde(default)]
    pub description: String,
    /// Base diameter in inches ("certain models must have set sizes"; the text gives none).
    #[serde(default = "one_inch")]
    pub base: f32,
    /// Body height in inches, for line of sight.
    #[serde(default = "height")]
    pub height: f32,
}

fn two() -> u8 {
    2
}
fn one_inch() -> f32 {
    1.0
}
fn height() -> f32 {
    1.2
}

/// A team: "Action Points are given depending on team chosen."
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Team {
    pub name: String,
    /// The Tactics Rating of the text's table (the project's own for teams it leaves out).
    pub tactics: u8,
    /// What the team calls its Special class.
    pub special_name: String,
    /// Wargear its models may buy beyond what they come with (names from the catalogue's lists);
    /// empty: anything.
    #[serde(default)]
    pub armoury: Vec<String>,
    pub troops: Vec<Troop>,
    #[serde(default)]
    pub description: String,
}

impl Team {
    /// What the team calls troops of `class`: its own name for Special ("Changed from Special
    /// to an individual name for each team"), else the class's.
    pub fn class_label(&self, class: Class) -> &str {
        if class == Class::Special && !self.special_name.is_empty() {
            &self.special_name
        } else {
            class.label()
        }
    }
}

/// The whole catalogue.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Catalogue {
    pub armour: Vec<Armour>,
    pub cc_weapons: Vec<CcWeapon>,
    pub ranged_weapons: Vec<RangedWeapon>,
    pub teams: Vec<Team>,
}

/// Case, spaces, dashes and accents do not matter in names.
pub fn fold(s: &str) -> String {
    crate::data::names::fold(s)
}

/// Whether two names are the same once folded ([`fold`]).
pub fn same_name(a: &str, b: &str) -> bool {
    crate::data::names::same_name(a, b)
}

impl Catalogue {
    pub fn team(&self, name: &str) -> Option<&Team> {
        self.teams.iter().find(|t| same_name(&t.name, name))
    }

    pub fn armour(&self, name: &str) -> Option<&Armour> {
        self.armour.iter().find(|a| same_name(&a.name, name))
    }

    /// The Speed the armour pieces among `gear` take off together (other gear takes none).
    pub fn speed_lost<'a>(&self, gear: impl IntoIterator<Item = &'a String>) -> u32 {
        gear.into_iter()
            .filter_map(|a| self.armour(a))
            .map(|a| a.speed as u32)
            .sum()
    }

    pub fn cc_weapon(&self, name: &str) -> Option<&CcWeapon> {
        self.cc_weapons.iter().find(|w| same_name(&w.name, name))
    }

    pub fn ranged_weapon(&self, name: &str) -> Option<&RangedWeapon> {
        self.ranged_weapons
            .iter()
            .find(|w| same_name(&w.name, name))
    }

    /// Whether `name` is some piece of wargear of the catalogue.
    fn wargear_known(&self, name: &str) -> bool {
        self.armour(name).is_some()
            || self.cc_weapon(name).is_some()
            || self.ranged_weapon(name).is_some()
    }

    pub fn validate(&self) -> Vec<Issue> {
        let mut out = Vec::new();
        let mut names: Vec<String> = Vec::new();
        let mut unique = |path: String, name: &str, out: &mut Vec<Issue>| {
            let k = fold(name);
            if k.is_empty() {
                out.push(Issue::new(path, "a name is needed"));
            } else if names.contains(&k) {
                out.push(Issue::new(path, format!("the name '{name}' is used twice")));
            } else {
                names.push(k);
            }
        };
        for (i, a) in self.armour.iter().enumerate() {
            let p = format!("armour[{i}]");
            unique(format!("{p}.name"), &a.name, &mut out);
            if a.body > 10 {
                out.push(Issue::new(
                    format!("{p}.body"),
                    format!("+{} Body is out of range (0 to 10)", a.body),
                ));
            }
            if a.speed > 5 {
                out.push(Issue::new(
                    format!("{p}.speed"),
                    format!("-{} Speed is out of range (0 to 5)", a.speed),
                ));
            }
        }
        for (i, w) in self.cc_weapons.iter().enumerate() {
            let p = format!("cc_weapons[{i}]");
            unique(format!("{p}.name"), &w.name, &mut out);
            if !(-5..=5).contains(&w.cc) {
                out.push(Issue::new(
                    format!("{p}.cc"),
                    "cc modifier out of range (-5 to 5)",
                ));
            }
            if !(-5..=5).contains(&w.str) {
                out.push(Issue::new(
                    format!("{p}.str"),
                    "str modifier out of range (-5 to 5)",
                ));
            }
        }
        for (i, w) in self.ranged_weapons.iter().enumerate() {
            let p = format!("ranged_weapons[{i}]");
            unique(format!("{p}.name"), &w.name, &mut out);
            if let Err(e) = WeaponStats::parse(&w.stats) {
                out.push(Issue::new(format!("{p}.stats"), e));
            }
            if !(w.short >= 0.0 && w.short <= 48.0) {
                out.push(Issue::new(
                    format!("{p}.short"),
                    format!("short range {}\" is out of range (0 to 48)", w.short),
                ));
            }
            if !(w.long > w.short && w.long <= 200.0) {
                out.push(Issue::new(
                    format!("{p}.long"),
                    format!(
                        "long range {}\" must lie beyond short range ({}\") and within 200\"",
                        w.long, w.short
                    ),
                ));
            }
        }
        if self.teams.is_empty() {
            out.push(Issue::new("teams", "the catalogue has no teams"));
        }
        let mut team_names: Vec<String> = Vec::new();
        for (ti, t) in self.teams.iter().enumerate() {
            let tp = format!("teams[{ti}]");
            let k = fold(&t.name);
            if k.is_empty() || team_names.contains(&k) {
                out.push(Issue::new(
                    format!("{tp}.name"),
                    format!("a team needs a name of its own ('{}')", t.name),
                ));
            }
            team_names.push(k);
            if !(1..=30).contains(&t.tactics) {
                out.push(Issue::new(
                    format!("{tp}.tactics"),
                    format!("Tactics Rating {} is out of range (1 to 30)", t.tactics),
                ));
            }
            for (i, g) in t.armoury.iter().enumerate() {
                if !self.wargear_known(g) {
                    out.push(Issue::new(
                        format!("{tp}.armoury[{i}]"),
                        format!("no armour or weapon named '{g}' in the catalogue"),
                    ));
                }
            }
            if !t.troops.iter().any(|x| x.class == Class::SquadLeader) {
                out.push(Issue::new(
                    format!("{tp}.troops"),
                    "\"Every team must have a Squad leader\": the roster has none",
                ));
            }
            let mut troop_names: Vec<String> = Vec::new();
            for (xi, x) in t.troops.iter().enumerate() {
                let xp = format!("{tp}.troops[{xi}]");
                let k = fold(&x.name);
                if k.is_empty() || troop_names.contains(&k) {
                    out.push(Issue::new(
                        format!("{xp}.name"),
                        format!("a troop type needs a name of its own ('{}')", x.name),
                    ));
                }
                troop_names.push(k);
                if x.lower_ranking && x.class != Class::SquadLeader {
                    out.push(Issue::new(
                        format!("{xp}.lower_ranking"),
                        format!(
                            "only a squad leader has a rank; the {} is of class {}",
                            x.name,
                            x.class.label()
                        ),
                    ));
                }
                validate_profile(&x.profile, &format!("{xp}.profile"), &mut out);
                if !(0.5..=4.0).contains(&x.base) {
                    out.push(Issue::new(
                        format!("{xp}.base"),
                        format!("base {}\" is out of range (0.5 to 4)", x.base),
                    ));
                }
                if !(0.3..=6.0).contains(&x.height) {
                    out.push(Issue::new(
                        format!("{xp}.height"),
                        format!("height {}\" is out of range (0.3 to 6)", x.height),
                    ));
                }
                if !(1..=5).contains(&x.wounds) {
                    out.push(Issue::new(
                        format!("{xp}.wounds"),
                        format!("{} wounds is out of range (1 to 5)", x.wounds),
                    ));
                }
                for (i, a) in x.armour.iter().enumerate() {
                    if self.armour(a).is_none() {
                        out.push(Issue::new(
                            format!("{xp}.armour[{i}]"),
                            format!("no armour named '{a}'"),
                        ));
                    }
                }
                for (i, w) in x.cc_weapons.iter().enumerate() {
                    if self.cc_weapon(w).is_none() {
                        out.push(Issue::new(
                            format!("{xp}.cc_weapons[{i}]"),
                            format!("no close-combat weapon named '{w}'"),
                        ));
                    }
                }
                for (i, w) in x.ranged_weapons.iter().enumerate() {
                    if self.ranged_weapon(w).is_none() {
                        out.push(Issue::new(
                            format!("{xp}.ranged_weapons[{i}]"),
                            format!("no ranged weapon named '{w}'"),
                        ));
                    }
                }
                if x.profile.rc.is_none() && !x.ranged_weapons.is_empty() {
                    out.push(Issue::new(
                        format!("{xp}.ranged_weapons"),
                        "a model with RC X \"can't fight back in ranged combat\": it takes no ranged weapon",
                    ));
                }
                let armour_speed = self.speed_lost(&x.armour);
                if armour_speed >= x.profile.speed as u32 {
                    out.push(Issue::new(
                        format!("{xp}.armour"),
                        format!(
                            "its armour takes {armour_speed} off Speed {}: it could not move",
                            x.profile.speed
                        ),
                    ));
                }
            }
        }
        out
    }
}

fn validate_profile(p: &Profile, path: &str, out: &mut Vec<Issue>) {
    let check = |v: u8, field: &str, lo: u8, out: &mut Vec<Issue>| {
        if !(lo..=10).contains(&v) {
            out.push(Issue::new(
                format!("{path}.{field}"),
                format!("{v} is out of range ({lo} to 10)"),
            ));
        }
    };
    check(p.speed, "speed", 1, out);
    check(p.strength, "strength", 1, out);
    check(p.body, "body", 1, out);
    check(p.mind, "mind", 0, out);
    check(p.willpower, "willpower", 1, out);
    if let Some(v) = p.cc {
        check(v, "cc", 1, out);
    }
    if let Some(v) = p.rc {
        check(v, "rc", 1, out);
    }
}

pub fn parse_catalogue(file: &str, text: &str) -> Result<Catalogue, Vec<LocatedError>> {
    if text.trim().is_empty() {
        return Err(vec![LocatedError::whole_file(
            file,
            "file is empty: expected a Catalogue(...)",
        )]);
    }
    let spans = SpanIndex::new(text);
    let c: Catalogue = crate::data::load::from_ron(file, text, &spans)?;
    let issues = c.validate();
    if issues.is_empty() {
        Ok(c)
    } else {
        Err(issues
            .iter()
            .map(|i| LocatedError::locate(file, &spans, i))
            .collect())
    }
}

pub fn load_catalogue(path: &Path) -> Result<Catalogue, Vec<LocatedError>> {
    let text = crate::data::read_text(path).map_err(|e| vec![e])?;
    parse_catalogue(&path.display().to_string(), &text)
}

/// The shipped catalogue: the file under `assets/` (found as levels are), else the copy built
/// into the program.
pub fn shipped() -> Result<Catalogue, Vec<LocatedError>> {
    let p = crate::data::load::resolve_data_path(Path::new(CATALOGUE_FILE));
    if p.exists() {
        load_catalogue(&p)
    } else {
        parse_catalogue(
            CATALOGUE_FILE,
            include_str!("../../../assets/rules/kry-gothic/catalogue.ron"),
        )
    }
}
