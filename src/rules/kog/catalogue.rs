//! KOG light's model catalogue: every profile, weapon, point cost and upgrade, read from
//! `assets/rules/kog-light/catalogue.ron` and validated with located errors.

use crate::data::error::{Issue, LocatedError};
use crate::data::names::folded;
pub use crate::data::names::{fold, same_name};
use crate::data::spans::SpanIndex;
use serde::{Deserialize, Serialize};
use std::path::Path;

/// Where the catalogue ships.
pub const CATALOGUE_FILE: &str = "assets/rules/kog-light/catalogue.ron";

/// The text's unit types: "Tactical", "Recon", "Elite", "Heavy".
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum ModelType {
    Tactical,
    Recon,
    Elite,
    Heavy,
}

/// What kind of machine (or men) a model is: KOGs, Frames, tanks ("Heavy Armor") and infantry
/// ("Eliminated").
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Class {
    Kog,
    Frame,
    Tank,
    Infantry,
}

/// How often a weapon may be used: "multiple-use equipment (unlimited use)" or "double-use
/// equipment (twice per game)".
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
pub enum Uses {
    #[default]
    Unlimited,
    TwicePerGame,
}

/// A weapon: `shots` for Ranged Shooting or `attacks` for Close Assault.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Weapon {
    pub name: String,
    #[serde(default, skip_serializing_if = "is_zero")]
    pub shots: u32,
    #[serde(default, skip_serializing_if = "is_zero")]
    pub attacks: u32,
    /// Effective range in inches (ranged weapons).
    #[serde(default, skip_serializing_if = "is_zero_f")]
    pub range: f32,
    /// Target number: each die at least this hits.
    pub hit: u32,
    /// Blast diameter in inches (0: no blast).
    #[serde(default, skip_serializing_if = "is_zero_f")]
    pub blast: f32,
    #[serde(default, skip_serializing_if = "is_false")]
    pub indirect: bool,
    #[serde(default, skip_serializing_if = "is_false")]
    pub piercing: bool,
    #[serde(default, skip_serializing_if = "is_false")]
    pub precise: bool,
    #[serde(default)]
    pub uses: Uses,
}

fn is_zero(v: &u32) -> bool {
    *v == 0
}
fn is_zero_f(v: &f32) -> bool {
    *v == 0.0
}
fn is_false(v: &bool) -> bool {
    !*v
}

impl Weapon {
    /// A Close Assault weapon ("non-ranged").
    pub fn is_assault(&self) -> bool {
        self.attacks > 0
    }

    /// Dice rolled: its Shots or its Attacks.
    pub fn dice(&self) -> u32 {
        self.shots.max(self.attacks)
    }

    /// The text's way of writing it: `2 Shots (24" 4+) piercing`.
    pub fn describe(&self) -> String {
        let mut s = if self.is_assault() {
            format!(
                "{} Attack{} ({}+)",
                self.attacks,
                if self.attacks == 1 { "" } else { "s" },
                self.hit
            )
        } else {
            format!(
                "{} Shot{} ({}\" {}+)",
                self.shots,
                if self.shots == 1 { "" } else { "s" },
                self.range,
                self.hit
            )
        };
        let mut tags = Vec::new();
        if self.indirect {
            tags.push("indirect".to_string());
        }
        if self.blast > 0.0 {
            tags.push(format!("{}\" blast", self.blast));
        }
        if self.piercing {
            tags.push("piercing".into());
        }
        if self.precise {
            tags.push("precise".into());
        }
        if self.uses == Uses::TwicePerGame {
            tags.push("twice per game".into());
        }
        if !tags.is_empty() {
            s.push(' ');
            s.push_str(&tags.join(", "));
        }
        s
    }
}

/// An upgrade: BlitzKämpfer, F6-16 AT, F6-16s, and the Frame Options.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Upgrade {
    pub name: String,
    pub cost: u32,
    /// Classes that may take it (faction-wide upgrades only: "Any Frame may be upgraded").
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub classes: Vec<Class>,
    /// Weapons it takes away ("replace Rocket Pod with").
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub replace: Vec<String>,
    /// Weapons it adds.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub add: Vec<Weapon>,
    /// Sensors raised to this many inches ("increase Sensors to 16"").
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub sensors: Option<f32>,
    /// Inches of climb, up or down, taken without the climbing penalty ("Jump Jets").
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub free_climb: Option<f32>,
}

/// A model's profile as printed.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Profile {
    pub name: String,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub aliases: Vec<String>,
    pub cost: u32,
    pub types: Vec<ModelType>,
    pub class: Class,
    /// Move limit in inches.
    pub movement: f32,
    /// Defense dice.
    pub defense: u32,
    /// Defense target number ("2 Defense (4+)").
    pub save: u32,
    pub sensors: f32,
    /// Base diameter in inches.
    pub base: f32,
    /// Body height in inches.
    pub height: f32,
    pub weapons: Vec<Weapon>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub upgrades: Vec<Upgrade>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Faction {
    pub name: String,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub class_upgrades: Vec<Upgrade>,
    pub models: Vec<Profile>,
}

/// Every faction and its models.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, rename = "Catalogue")]
pub struct Catalogue {
    pub factions: Vec<Faction>,
}

/// A model as fielded: its profile with the chosen upgrades applied.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Loadout {
    pub profile: String,
    pub faction: String,
    pub upgrades: Vec<String>,
    /// Points, upgrades included.
    pub cost: u32,
    pub types: Vec<ModelType>,
    pub class: Class,
    pub movement: f32,
    pub defense: u32,
    pub save: u32,
    pub sensors: f32,
    /// Inches of climb free of the climbing penalty (Jump Jets).
    pub free_climb: f32,
    pub base: f32,
    pub height: f32,
    pub weapons: Vec<Weapon>,
}

impl Loadout {
    pub fn weapon(&self, name: &str) -> Option<&Weapon> {
        self.weapons
            .iter()
            .find(|w| folded(&w.name).eq(folded(name)))
    }
    pub fn has_type(&self, t: ModelType) -> bool {
        self.types.contains(&t)
    }
    pub fn is_tank(&self) -> bool {
        self.class == Class::Tank
    }
    pub fn is_infantry(&self) -> bool {
        self.class == Class::Infantry
    }
}

impl Catalogue {
    /// The profile named `name` (or an alias), matched by [`fold`], with its faction.
    pub fn find(&self, name: &str) -> Option<(&Faction, &Profile)> {
        let k = fold(name);
        self.factions.iter().find_map(|f| {
            f.models
                .iter()
                .find(|p| fold(&p.name) == k || p.aliases.iter().any(|a| fold(a) == k))
                .map(|p| (f, p))
        })
    }

    pub fn faction(&self, name: &str) -> Option<&Faction> {
        let k = fold(name);
        self.factions.iter().find(|f| fold(&f.name) == k)
    }

    /// The upgrades `profile` may take: its own, then its faction's for its class.
    pub fn upgrades_for<'a>(
        &'a self,
        faction: &'a Faction,
        profile: &'a Profile,
    ) -> Vec<&'a Upgrade> {
        profile
            .upgrades
            .iter()
            .chain(
                faction
                    .class_upgrades
                    .iter()
                    .filter(|u| u.classes.contains(&profile.class)),
            )
            .collect()
    }

    /// Fields `profile` with `upgrades` (each at most once).
    pub fn loadout(&self, profile: &str, upgrades: &[String]) -> Result<Loadout, String> {
        let (faction, p) = self
            .find(profile)
            .ok_or_else(|| format!("no model named '{profile}' in KOG light"))?;
        let allowed = self.upgrades_for(faction, p);
        let mut out = Loadout {
            profile: p.name.clone(),
            faction: faction.name.clone(),
            upgrades: Vec::new(),
            cost: p.cost,
            types: p.types.clone(),
            class: p.class,
            movement: p.movement,
            defense: p.defense,
            save: p.save,
            sensors: p.sensors,
            free_climb: 0.0,
            base: p.base,
            height: p.height,
            weapons: p.weapons.clone(),
        };
        for name in upgrades {
            let u = allowed
                .iter()
                .find(|u| fold(&u.name) == fold(name))
                .ok_or_else(|| {
                    let names: Vec<&str> = allowed.iter().map(|u| u.name.as_str()).collect();
                    if names.is_empty() {
                        format!("the {} takes no upgrades ('{name}' asked for)", p.name)
                    } else {
                        format!(
                            "the {} has no upgrade '{name}' (it may take: {})",
                            p.name,
                            names.join(", ")
                        )
                    }
                })?;
            if out.upgrades.contains(&u.name) {
                return Err(format!("upgrade '{}' is taken twice", u.name));
            }
            for r in &u.replace {
                let before = out.weapons.len();
                out.weapons.retain(|w| fold(&w.name) != fold(r));
                if out.weapons.len() == before {
                    return Err(format!(
                        "upgrade '{}' replaces '{r}', which this {} no longer carries",
                        u.name, p.name
                    ));
                }
            }
            for w in &u.add {
                if out.weapon(&w.name).is_some() {
                    return Err(format!("upgrade '{}' adds a second '{}'", u.name, w.name));
                }
                out.weapons.push(w.clone());
            }
            if let Some(s) = u.sensors {
                if s <= out.sensors {
                    return Err(format!(
                        "upgrade '{}' raises Sensors to {s}\", but the {}'s are already {}\"",
                        u.name, p.name, out.sensors
                    ));
                }
                out.sensors = s;
            }
            if let Some(c) = u.free_climb {
                out.free_climb = out.free_climb.max(c);
            }
            out.cost += u.cost;
            out.upgrades.push(u.name.clone());
        }
        Ok(out)
    }

    /// Checks the catalogue; each issue names the field.
    pub fn validate(&self) -> Vec<Issue> {
        let mut out = Vec::new();
        if self.factions.is_empty() {
            out.push(Issue::new("factions", "the catalogue needs a faction"));
        }
        let mut seen: Vec<String> = Vec::new();
        for (fi, f) in self.factions.iter().enumerate() {
            let fp = format!("factions[{fi}]");
            if f.name.trim().is_empty() {
                out.push(Issue::new(format!("{fp}.name"), "a faction needs a name"));
            }
            for (ui, u) in f.class_upgrades.iter().enumerate() {
                let up = format!("{fp}.class_upgrades[{ui}]");
                if u.classes.is_empty() {
                    out.push(Issue::new(
                        format!("{up}.classes"),
                        "a faction-wide upgrade names the classes that may take it",
                    ));
                }
                validate_upgrade(u, &up, &mut out);
            }
            for (mi, p) in f.models.iter().enumerate() {
                let mp = format!("{fp}.models[{mi}]");
                for n in std::iter::once(&p.name).chain(&p.aliases) {
                    let k = fold(n);
                    if k.is_empty() {
                        out.push(Issue::new(format!("{mp}.name"), "a model needs a name"));
                    } else if seen.contains(&k) {
                        out.push(Issue::new(
                            format!("{mp}.name"),
                            format!("the name '{n}' is used twice"),
                        ));
                    } else {
                        seen.push(k);
                    }
                }
                let mut need = |ok: bool, field: &str, message: String| {
                    if !ok {
                        out.push(Issue::new(format!("{mp}.{field}"), message));
                    }
                };
                need(!p.types.is_empty(), "types", "a model needs a type".into());
                need(
                    (0.0..=24.0).contains(&p.movement),
                    "movement",
                    format!("Move {} is out of range (0 to 24\")", p.movement),
                );
                need(
                    (1..=10).contains(&p.defense),
                    "defense",
                    format!("Defense {} is out of range (1 to 10 dice)", p.defense),
                );
                need(
                    (2..=6).contains(&p.save),
                    "save",
                    format!(
                        "a Defense target of {}+ is not a d6 roll (2+ to 6+)",
                        p.save
                    ),
                );
                need(
                    p.sensors > 0.0 && p.sensors <= 96.0,
                    "sensors",
                    format!("Sensors {} is out of range", p.sensors),
                );
                need(
                    (0.25..=6.0).contains(&p.base),
                    "base",
                    format!("base {}\" is out of range (0.25 to 6)", p.base),
                );
                need(
                    (0.1..=12.0).contains(&p.height),
                    "height",
                    format!("height {}\" is out of range (0.1 to 12)", p.height),
                );
                if p.weapons.is_empty() {
                    out.push(Issue::new(
                        format!("{mp}.weapons"),
                        "a model needs a weapon",
                    ));
                }
                for (wi, w) in p.weapons.iter().enumerate() {
                    validate_weapon(w, &format!("{mp}.weapons[{wi}]"), &mut out);
                }
                for (ui, u) in p.upgrades.iter().enumerate() {
                    let up = format!("{mp}.upgrades[{ui}]");
                    if !u.classes.is_empty() {
                        out.push(Issue::new(
                            format!("{up}.classes"),
                            "a model's own upgrade takes no classes",
                        ));
                    }
                    validate_upgrade(u, &up, &mut out);
                    for r in &u.replace {
                        if !p.weapons.iter().any(|w| fold(&w.name) == fold(r)) {
                            out.push(Issue::new(
                                format!("{up}.replace"),
                                format!("the {} has no weapon '{r}' to replace", p.name),
                            ));
                        }
                    }
                }
            }
        }
        out
    }
}

fn validate_weapon(w: &Weapon, path: &str, out: &mut Vec<Issue>) {
    if w.name.trim().is_empty() {
        out.push(Issue::new(format!("{path}.name"), "a weapon needs a name"));
    }
    match (w.shots, w.attacks) {
        (0, 0) => out.push(Issue::new(
            path.to_string(),
            "a weapon needs `shots` (ranged) or `attacks` (close assault)",
        )),
        (s, a) if s > 0 && a > 0 => out.push(Issue::new(
            format!("{path}.attacks"),
            "a weapon has `shots` or `attacks`, not both",
        )),
        (s, a) if s.max(a) > 20 => out.push(Issue::new(
            format!("{path}.{}", if s > 0 { "shots" } else { "attacks" }),
            format!("{} dice is more than 20", s.max(a)),
        )),
        _ => {}
    }
    if w.shots > 0 && !(w.range > 0.0 && w.range <= 240.0) {
        out.push(Issue::new(
            format!("{path}.range"),
            format!("a ranged weapon needs a range above 0 (got {})", w.range),
        ));
    }
    if w.attacks > 0 && w.range != 0.0 {
        out.push(Issue::new(
            format!("{path}.range"),
            "a close assault weapon has no range",
        ));
    }
    if !(2..=6).contains(&w.hit) {
        out.push(Issue::new(
            format!("{path}.hit"),
            format!("a target of {}+ is not a d6 roll (2+ to 6+)", w.hit),
        ));
    }
    if !(w.blast == 0.0 || (w.blast > 0.0 && w.blast <= 24.0)) {
        out.push(Issue::new(
            format!("{path}.blast"),
            format!("blast {}\" is out of range", w.blast),
        ));
    }
    if w.attacks > 0 && (w.indirect || w.blast > 0.0) {
        out.push(Issue::new(
            format!("{path}.indirect"),
            "close assault weapons fire neither indirect nor blast",
        ));
    }
}

fn validate_upgrade(u: &Upgrade, path: &str, out: &mut Vec<Issue>) {
    if u.name.trim().is_empty() {
        out.push(Issue::new(
            format!("{path}.name"),
            "an upgrade needs a name",
        ));
    }
    if u.cost > 100 {
        out.push(Issue::new(
            format!("{path}.cost"),
            format!("{} points is out of range", u.cost),
        ));
    }
    for (wi, w) in u.add.iter().enumerate() {
        validate_weapon(w, &format!("{path}.add[{wi}]"), out);
    }
    if let Some(s) = u.sensors
        && !(s > 0.0 && s <= 96.0)
    {
        out.push(Issue::new(
            format!("{path}.sensors"),
            format!("Sensors {s} is out of range"),
        ));
    }
    if let Some(c) = u.free_climb
        && !(c > 0.0 && c <= 24.0)
    {
        out.push(Issue::new(
            format!("{path}.free_climb"),
            format!("free climb {c} is out of range"),
        ));
    }
}

/// Parses and validates catalogue text; `file` names the source in errors.
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

/// The shipped catalogue: the file under `assets/` (found as levels are: as given, else beside
/// the program), else the copy built into the program.
pub fn shipped() -> Result<Catalogue, Vec<LocatedError>> {
    let p = crate::data::load::resolve_data_path(Path::new(CATALOGUE_FILE));
    if p.exists() {
        load_catalogue(&p)
    } else {
        parse_catalogue(
            CATALOGUE_FILE,
            include_str!("../../../assets/rules/kog-light/catalogue.ron"),
        )
    }
}
