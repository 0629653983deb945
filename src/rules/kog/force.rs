//! Force lists: models picked into units for a battle size, with their points, checked against
//! "Forces of Battle" and "Units" (squads and the platoon). Saved and loaded as RON.

use super::catalogue::{Catalogue, Loadout, ModelType, fold};
use crate::data::error::{Issue, LocatedError};
use crate::data::spans::SpanIndex;
use serde::{Deserialize, Serialize};
use std::path::Path;

/// "Forces of Battle": the agreed size of a battle.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum BattleSize {
    /// "up to 2 models [15 points] per player"
    Duel,
    /// "up to 5 models [25 points] per player"
    Melee,
    /// "2 or 3 units [50 points] per player"
    Encounter,
    /// "3 to 5 units [100 points] per player"
    Engagement,
    /// "up to any mutually-agreed total, typically at least 100 points"
    Apocalyptic(u32),
}

impl BattleSize {
    pub const ALL: [BattleSize; 5] = [
        BattleSize::Duel,
        BattleSize::Melee,
        BattleSize::Encounter,
        BattleSize::Engagement,
        BattleSize::Apocalyptic(150),
    ];

    pub fn points(self) -> u32 {
        match self {
            BattleSize::Duel => 15,
            BattleSize::Melee => 25,
            BattleSize::Encounter => 50,
            BattleSize::Engagement => 100,
            BattleSize::Apocalyptic(p) => p,
        }
    }

    /// Individual battles: "each model is its own independent unit".
    pub fn individual(self) -> bool {
        matches!(self, BattleSize::Duel | BattleSize::Melee)
    }

    pub fn max_models(self) -> Option<usize> {
        match self {
            BattleSize::Duel => Some(2),
            BattleSize::Melee => Some(5),
            _ => None,
        }
    }

    /// Units allowed (unit battles).
    pub fn units(self) -> (usize, usize) {
        match self {
            BattleSize::Encounter => (2, 3),
            BattleSize::Engagement => (3, 5),
            BattleSize::Apocalyptic(_) => (2, usize::MAX),
            _ => (1, usize::MAX),
        }
    }

    pub fn label(self) -> String {
        match self {
            BattleSize::Duel => "Duel (up to 2 models, 15 pts)".into(),
            BattleSize::Melee => "Melee (up to 5 models, 25 pts)".into(),
            BattleSize::Encounter => "Encounter (2-3 units, 50 pts)".into(),
            BattleSize::Engagement => "Engagement (3-5 units, 100 pts)".into(),
            BattleSize::Apocalyptic(p) => format!("Apocalyptic ({p} pts)"),
        }
    }
}

/// The text's squads, and single models fielded as units.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum UnitKind {
    /// "3 to 6 Tactical models."
    Tactical,
    /// "at least 2 Elite models, and up to 2 Tactical models."
    Strike,
    /// "at least 2 Recon models, and up to 1 Elite model."
    Recon,
    /// "at least 1 Heavy model, up to 2 Tactical models, and/or up to 1 Elite model."
    FireSupport,
    /// One model as its own unit (individual battles; "individual models" in a platoon).
    Individual,
}

impl UnitKind {
    pub const ALL: [UnitKind; 5] = [
        UnitKind::Tactical,
        UnitKind::Strike,
        UnitKind::Recon,
        UnitKind::FireSupport,
        UnitKind::Individual,
    ];

    pub fn label(self) -> &'static str {
        match self {
            UnitKind::Tactical => "Tactical Squad",
            UnitKind::Strike => "Strike Squad",
            UnitKind::Recon => "Recon Squad",
            UnitKind::FireSupport => "Fire Support Squad",
            UnitKind::Individual => "Individual model",
        }
    }

    /// Whether models of these types (one type chosen per model) make this kind of squad.
    fn fits(self, types: &[ModelType]) -> bool {
        let n = |t: ModelType| types.iter().filter(|x| **x == t).count();
        let (tac, rec, eli, hea) = (
            n(ModelType::Tactical),
            n(ModelType::Recon),
            n(ModelType::Elite),
            n(ModelType::Heavy),
        );
        match self {
            UnitKind::Tactical => rec + eli + hea == 0,
            UnitKind::Strike => eli >= 2 && tac <= 2 && rec + hea == 0,
            UnitKind::Recon => rec >= 2 && eli <= 1 && tac + hea == 0,
            UnitKind::FireSupport => hea >= 1 && tac <= 2 && eli <= 1 && rec == 0,
            UnitKind::Individual => types.len() == 1,
        }
    }

    /// The rule as the text gives it, for messages.
    pub fn rule(self) -> &'static str {
        match self {
            UnitKind::Tactical => "3 to 6 Tactical models",
            UnitKind::Strike => "at least 2 Elite models and up to 2 Tactical models",
            UnitKind::Recon => "at least 2 Recon models and up to 1 Elite model",
            UnitKind::FireSupport => {
                "at least 1 Heavy model, up to 2 Tactical models and up to 1 Elite model"
            }
            UnitKind::Individual => "one model",
        }
    }
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ForceModel {
    pub profile: String,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub upgrades: Vec<String>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ForceUnit {
    pub name: String,
    pub kind: UnitKind,
    pub models: Vec<ForceModel>,
}

/// A player's force.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, rename = "Force")]
pub struct ForceList {
    pub name: String,
    pub faction: String,
    pub size: BattleSize,
    pub units: Vec<ForceUnit>,
}

/// Whether some choice of one type per model (F6-16s are "Tactical, Elite") fits `kind`.
pub fn squad_fits(kind: UnitKind, models: &[&Loadout]) -> bool {
    fn go(kind: UnitKind, models: &[&Loadout], picked: &mut Vec<ModelType>) -> bool {
        match models.split_first() {
            None => kind.fits(picked),
            Some((m, rest)) => m.types.iter().any(|t| {
                picked.push(*t);
                let ok = go(kind, rest, picked);
                picked.pop();
                ok
            }),
        }
    }
    go(kind, models, &mut Vec::new())
}

impl ForceList {
    pub fn new(name: &str, faction: &str, size: BattleSize) -> Self {
        Self {
            name: name.into(),
            faction: faction.into(),
            size,
            units: Vec::new(),
        }
    }

    /// Every model's loadout, unit by unit (models that do not resolve are left out).
    pub fn loadouts(&self, cat: &Catalogue) -> Vec<Vec<Loadout>> {
        self.units
            .iter()
            .map(|u| {
                u.models
                    .iter()
                    .filter_map(|m| cat.loadout(&m.profile, &m.upgrades).ok())
                    .collect()
            })
            .collect()
    }

    /// Points spent.
    pub fn points(&self, cat: &Catalogue) -> u32 {
        self.loadouts(cat).iter().flatten().map(|l| l.cost).sum()
    }

    /// Points of the battle size left unspent ("Unused Points").
    pub fn unused(&self, cat: &Catalogue) -> i64 {
        self.size.points() as i64 - self.points(cat) as i64
    }

    pub fn model_count(&self) -> usize {
        self.units.iter().map(|u| u.models.len()).sum()
    }

    /// Every problem with the list, each naming its field.
    pub fn validate(&self, cat: &Catalogue) -> Vec<Issue> {
        let mut out = Vec::new();
        let Some(faction) = cat.faction(&self.faction) else {
            let names: Vec<&str> = cat.factions.iter().map(|f| f.name.as_str()).collect();
            out.push(Issue::new(
                "faction",
                format!(
                    "no faction '{}' (KOG light has {})",
                    self.faction,
                    names.join(", ")
                ),
            ));
            return out;
        };
        // "up to any mutually-agreed total, typically at least 100 points": what is typical is
        // no limit; the total is the players' to agree.
        if let BattleSize::Apocalyptic(0) = self.size {
            out.push(Issue::new(
                "size",
                "an Apocalyptic battle needs a points total the players agree on (0 given)",
            ));
        }
        if self.units.is_empty() {
            out.push(Issue::new("units", "the force has no units"));
        }
        let mut tactical = 0usize;
        let mut others = 0usize;
        for (ui, u) in self.units.iter().enumerate() {
            let up = format!("units[{ui}]");
            if u.name.trim().is_empty() {
                out.push(Issue::new(format!("{up}.name"), "a unit needs a name"));
            } else if self.units[..ui]
                .iter()
                .any(|o| fold(&o.name) == fold(&u.name))
            {
                out.push(Issue::new(
                    format!("{up}.name"),
                    format!("two units are named '{}'", u.name),
                ));
            }
            let mut loadouts = Vec::new();
            for (mi, m) in u.models.iter().enumerate() {
                let mp = format!("{up}.models[{mi}]");
                match cat.find(&m.profile) {
                    None => out.push(Issue::new(
                        format!("{mp}.profile"),
                        format!("no model named '{}' in KOG light", m.profile),
                    )),
                    Some((f, p)) if f.name != faction.name => out.push(Issue::new(
                        format!("{mp}.profile"),
                        format!(
                            "the {} is {}, not {}: a force fields one faction",
                            p.name, f.name, faction.name
                        ),
                    )),
                    Some(_) => match cat.loadout(&m.profile, &m.upgrades) {
                        Ok(l) => loadouts.push(l),
                        Err(e) => out.push(Issue::new(format!("{mp}.upgrades"), e)),
                    },
                }
            }
            if !self.size.individual() {
                match u.kind {
                    UnitKind::Tactical => tactical += 1,
                    _ => others += 1,
                }
            }
            if loadouts.len() != u.models.len() {
                continue;
            }
            let refs: Vec<&Loadout> = loadouts.iter().collect();
            if self.size.individual() {
                if u.kind != UnitKind::Individual || u.models.len() != 1 {
                    out.push(Issue::new(
                        format!("{up}.kind"),
                        "in a Duel or Melee \"each model is its own independent unit\"",
                    ));
                }
                continue;
            }
            match u.kind {
                UnitKind::Individual => {
                    if u.models.len() != 1 {
                        out.push(Issue::new(
                            format!("{up}.models"),
                            format!("an individual unit is one model ({} given)", u.models.len()),
                        ));
                    }
                }
                kind => {
                    if !(3..=6).contains(&u.models.len()) {
                        out.push(Issue::new(
                            format!("{up}.models"),
                            format!(
                                "\"Each squad always contains at least 3 models, and may contain up to 6 models\" ({} given)",
                                u.models.len()
                            ),
                        ));
                    } else if !squad_fits(kind, &refs) {
                        let types: Vec<String> = loadouts
                            .iter()
                            .map(|l| {
                                let t: Vec<String> =
                                    l.types.iter().map(|t| format!("{t:?}")).collect();
                                format!("{} ({})", l.profile, t.join("/"))
                            })
                            .collect();
                        out.push(Issue::new(
                            format!("{up}.kind"),
                            format!(
                                "a {} is {}; this one has {}",
                                kind.label(),
                                kind.rule(),
                                types.join(", ")
                            ),
                        ));
                    }
                }
            }
        }
        let count = self.model_count();
        if let Some(max) = self.size.max_models()
            && count > max
        {
            out.push(Issue::new(
                "units",
                format!(
                    "a {} allows up to {max} models ({count} picked)",
                    self.size.label()
                ),
            ));
        }
        if !self.size.individual() && !self.units.is_empty() {
            let (lo, hi) = self.size.units();
            let n = self.units.len();
            if n < lo || n > hi {
                out.push(Issue::new(
                    "units",
                    if hi == usize::MAX {
                        format!(
                            "a {} needs at least {lo} units ({n} picked)",
                            self.size.label()
                        )
                    } else {
                        format!(
                            "a {} has {lo} to {hi} units ({n} picked)",
                            self.size.label()
                        )
                    },
                ));
            }
            let squads = self
                .units
                .iter()
                .filter(|u| u.kind != UnitKind::Individual)
                .count();
            // Apocalyptic forces are "organized into multiple units", not one platoon.
            if squads < 2 && !matches!(self.size, BattleSize::Apocalyptic(_)) {
                out.push(Issue::new(
                    "units",
                    format!(
                        "\"Each platoon contains at least 2 squads\": individual models come beside them ({squads} squad{} picked)",
                        if squads == 1 { "" } else { "s" }
                    ),
                ));
            }
            if tactical == 0 {
                out.push(Issue::new(
                    "units",
                    "a platoon has \"at least 1 Tactical Squad\"",
                ));
            } else if others > 2 * tactical {
                out.push(Issue::new(
                    "units",
                    format!(
                        "a platoon has \"up to 2 non-Tactical Squads (or individual models) per Tactical Squad\": {others} for {tactical} Tactical"
                    ),
                ));
            }
        }
        let spent = self.points(cat);
        if spent > self.size.points() {
            out.push(Issue::new(
                "units",
                format!(
                    "{spent} points spent, over the {} of a {}",
                    self.size.points(),
                    self.size.label()
                ),
            ));
        }
        out
    }

    pub fn to_ron(&self) -> Result<String, ron::Error> {
        let cfg = ron::ser::PrettyConfig::new()
            .depth_limit(4)
            .struct_names(true)
            .indentor("    ");
        let mut s = ron::ser::to_string_pretty(self, cfg)?;
        s.push('\n');
        Ok(s)
    }
}

/// Parses and validates a force list; `file` names the source in errors.
pub fn parse_force(
    file: &str,
    text: &str,
    cat: &Catalogue,
) -> Result<ForceList, Vec<LocatedError>> {
    if text.trim().is_empty() {
        return Err(vec![LocatedError::whole_file(
            file,
            "file is empty: expected a Force(...)",
        )]);
    }
    let spans = SpanIndex::new(text);
    let f: ForceList = crate::data::load::from_ron(file, text, &spans)?;
    let issues = f.validate(cat);
    if issues.is_empty() {
        Ok(f)
    } else {
        Err(issues
            .iter()
            .map(|i| LocatedError::locate(file, &spans, i))
            .collect())
    }
}

pub fn load_force(path: &Path, cat: &Catalogue) -> Result<ForceList, Vec<LocatedError>> {
    let text = crate::data::read_text(path).map_err(|e| vec![e])?;
    parse_force(&path.display().to_string(), &text, cat)
}

/// Writes a valid force list atomically.
pub fn save_force(path: &Path, force: &ForceList, cat: &Catalogue) -> Result<(), Vec<String>> {
    let issues = force.validate(cat);
    if !issues.is_empty() {
        return Err(issues
            .iter()
            .map(|i| format!("{}: {}", i.path, i.message))
            .collect());
    }
    let text = force
        .to_ron()
        .map_err(|e| vec![format!("cannot write RON: {e}")])?;
    crate::data::load::write_atomic(path, text.as_bytes())
        .map_err(|e| vec![format!("cannot save {}: {e}", path.display())])
}
