//! The DnDalike character builder: a roster of heroes or monsters, each sheet made by rolling
//! 3d6 six times in order and choosing class powers, armour, equipment pack, spells, menhirs and
//! skill ranks, with what follows (class, level, health, armour class, fatigue maximum, action
//! dice) and the rules' objections shown as it changes; saved as a roster file in the player's
//! data folder, for a party or the monsters of the New fight window.

use crate::rules::dndalike::setup::{Roster, parse_roster};
use crate::rules::dndalike::spells::Grimoire;
use crate::rules::dndalike::{Armour, Pack, Power, Sheet, Stats};
use bevy_egui::egui;
use std::path::{Path, PathBuf};

/// Where the player's own rosters are kept, in the data folder.
pub const USER_ROSTERS: &str = "dndalike-rosters";

/// How the builder sets a sheet's stats.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum StatEntry {
    /// "Roll 3d6 six times and assign them to Strength, Dexterity, Constitution, Intelligence,
    /// Wisdom and Charisma in the order you roll them": each new character rolls once, in that
    /// order, with seeded dice written to the roll log; the stats cannot be edited or rolled
    /// again.
    #[default]
    Rolled,
    /// The DM's option: any stat typed in (3 to 18) and rolled again at will, for monsters or a
    /// sheet copied from paper.
    Free,
}

/// A roster being built.
#[derive(Debug, Clone)]
pub struct RosterDraft {
    pub roster: Roster,
    /// Built for the heroes (else the monsters).
    pub heroes: bool,
    pub file_name: String,
    /// The sheet being edited.
    pub selected: usize,
    pub errors: Vec<String>,
    /// Rolls so far (each 3d6 roll takes the next seed).
    rolls: u64,
    /// How stats are set (rolled in order unless the DM frees them).
    pub stat_entry: StatEntry,
    /// Every roll of stats made in this draft, in order: who, and the dice of each stat.
    pub roll_log: Vec<String>,
}

impl RosterDraft {
    pub fn new(roster: Roster, heroes: bool) -> Self {
        let file_name = crate::app::base::files::safe_name(&roster.name.replace(' ', "-"))
            .unwrap_or_else(|_| "my-roster".into());
        Self {
            roster,
            heroes,
            file_name,
            selected: 0,
            errors: Vec::new(),
            rolls: 0,
            stat_entry: StatEntry::Rolled,
            roll_log: Vec::new(),
        }
    }

    /// "Roll 3d6 six times and assign them to Strength, Dexterity, Constitution, Intelligence,
    /// Wisdom and Charisma in the order you roll them", with the dice seeded by `seed`.
    pub fn roll_stats(seed: u64) -> Stats {
        Self::roll_dice(seed).0
    }

    /// [`Self::roll_stats`] with the 18 dice, in the order rolled.
    pub fn roll_dice(seed: u64) -> (Stats, [u32; 18]) {
        let mut dice = crate::dice::Dice::new(seed);
        let mut d = [0u32; 18];
        for (k, v) in d.iter_mut().enumerate() {
            let why = ["STR", "DEX", "CON", "INT", "WIS", "CHA"][k / 3];
            *v = dice
                .roll("d6", why)
                .map_or(3, |r| r.total.clamp(1, 6) as u32);
        }
        (Stats::from_rolls(&d), d)
    }

    /// Rolls stats with the next seed after `seed` and writes the dice to the roll log.
    fn roll_logged(&mut self, seed: u64, who: &str) -> Stats {
        self.rolls += 1;
        let (stats, d) = Self::roll_dice(seed.wrapping_add(self.rolls));
        let parts: Vec<String> = ["STR", "DEX", "CON", "INT", "WIS", "CHA"]
            .iter()
            .enumerate()
            .map(|(k, l)| {
                let (a, b, c) = (d[3 * k], d[3 * k + 1], d[3 * k + 2]);
                format!("{l} {a}+{b}+{c}={}", a + b + c)
            })
            .collect();
        self.roll_log.push(format!("{who}: {}", parts.join(", ")));
        stats
    }

    /// A new character with freshly rolled stats, picked for editing.
    pub fn add(&mut self, seed: u64) {
        let n = self.roster.members.len() + 1;
        let name = format!("{} {n}", if self.heroes { "Hero" } else { "Monster" });
        let stats = self.roll_logged(seed, &name);
        self.roster.members.push(Sheet {
            name: name.into(),
            stats,
            powers: if self.heroes {
                smallvec::smallvec![Power::Trip]
            } else {
                Default::default()
            },
            armour: Armour::Light,
            pack: Pack::FreeHand,
            lesser: !self.heroes,
            health: (!self.heroes).then_some(5),
            speed: 6.0,
            spells: Vec::new(),
            stones: Vec::new(),
            skills: Vec::new(),
        });
        self.selected = self.roster.members.len() - 1;
    }

    /// Rolls the picked character's stats again: only with [`StatEntry::Free`] (a rolled
    /// character keeps the stats it rolled). Whether they were rolled.
    pub fn reroll(&mut self, seed: u64) -> bool {
        if self.stat_entry != StatEntry::Free || self.selected >= self.roster.members.len() {
            return false;
        }
        let who = self.roster.members[self.selected].name.to_string();
        let stats = self.roll_logged(seed, &who);
        self.roster.members[self.selected].stats = stats;
        true
    }

    pub fn remove(&mut self, k: usize) {
        if k < self.roster.members.len() {
            self.roster.members.remove(k);
        }
        self.selected = self
            .selected
            .min(self.roster.members.len().saturating_sub(1));
    }

    /// What the rules object to, sheet by sheet, with the shipped grimoire.
    pub fn problems(&self, grimoire: &Grimoire) -> Vec<String> {
        let mut v = Vec::new();
        if self.roster.members.is_empty() {
            v.push("the roster is empty".into());
        }
        for s in &self.roster.members {
            for (f, m) in s
                .problems()
                .into_iter()
                .chain(s.grimoire_problems(grimoire))
            {
                v.push(format!("{}: {f}: {m}", s.name));
            }
        }
        v
    }

    /// Writes the roster (checked as a roster file is on load) to the player's rosters folder.
    pub fn save(&self) -> Result<PathBuf, Vec<String>> {
        self.save_in(&crate::data::user_dir::user_dir().join(USER_ROSTERS))
    }

    /// [`Self::save`] into `dir`.
    pub fn save_in(&self, dir: &Path) -> Result<PathBuf, Vec<String>> {
        let name = crate::app::base::files::safe_name(&self.file_name).map_err(|e| vec![e])?;
        let text = format!(
            "// A DnDalike roster made in the character builder.\n{}\n",
            ron::ser::to_string_pretty(
                &self.roster,
                ron::ser::PrettyConfig::new().struct_names(true),
            )
            .map_err(|e| vec![e.to_string()])?
        );
        let file = format!("{name}.ron");
        parse_roster(&file, &text)
            .map_err(|e| e.iter().map(ToString::to_string).collect::<Vec<_>>())?;
        crate::app::base::files::ensure_dir(dir).map_err(|e| vec![e])?;
        let path = dir.join(file);
        crate::data::load::write_atomic(&path, text.as_bytes()).map_err(|e| vec![e.to_string()])?;
        Ok(path)
    }
}

/// The rosters to choose from: the shipped ones, then the player's (a grimoire in the same
/// folder is left out).
pub fn roster_files() -> Vec<PathBuf> {
    crate::app::base::files::with_user_files(
        &crate::app::base::level_io::resolve_data_path(Path::new("assets/forces/dndalike")),
        USER_ROSTERS,
    )
    .into_iter()
    .filter(|p| {
        std::fs::read_to_string(p).is_ok_and(|t| {
            crate::rules::check_forces::kind_of(&t)
                == Some(crate::rules::check_forces::ForceKind::Dndalike)
        })
    })
    .collect()
}

/// The builder's window: the path of the saved roster when the player saves it.
pub fn builder_window(
    ctx: &egui::Context,
    d: &mut RosterDraft,
    grimoire: &Grimoire,
    open: &mut bool,
) -> Option<PathBuf> {
    let mut saved = None;
    let seed = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(1, |t| t.as_nanos() as u64);
    egui::Window::new("DnDalike character builder")
        .id(egui::Id::new("dnd_builder"))
        .open(open)
        .default_width(640.0)
        .show(ctx, |ui| {
            ui.horizontal(|ui| {
                ui.label("Roster");
                ui.text_edit_singleline(&mut d.roster.name);
                ui.weak(if d.heroes { "(a party)" } else { "(monsters)" });
            });
            ui.horizontal_wrapped(|ui| {
                let mut pick = None;
                let mut drop = None;
                for (k, s) in d.roster.members.iter().enumerate() {
                    if ui
                        .selectable_label(d.selected == k, s.name.as_ref())
                        .clicked()
                    {
                        pick = Some(k);
                    }
                    if ui.small_button("\u{d7}").on_hover_text("remove").clicked() {
                        drop = Some(k);
                    }
                }
                if let Some(k) = pick {
                    d.selected = k;
                }
                if let Some(k) = drop {
                    d.remove(k);
                }
                if ui.button("+ New character").clicked() {
                    d.add(seed);
                }
            });
            ui.separator();
            let heroes = d.heroes;
            ui.horizontal(|ui| {
                let mut free = d.stat_entry == StatEntry::Free;
                if ui
                    .checkbox(&mut free, "Free stat entry (DM)")
                    .on_hover_text(
                        "the DM's option: type stats in and roll them again at will; \
                         otherwise each character rolls 3d6 six times, in order, once",
                    )
                    .changed()
                {
                    d.stat_entry = if free {
                        StatEntry::Free
                    } else {
                        StatEntry::Rolled
                    };
                }
            });
            if !d.roll_log.is_empty() {
                egui::CollapsingHeader::new(format!("Roll log ({})", d.roll_log.len()))
                    .id_salt("dnd_roll_log")
                    .show(ui, |ui| {
                        for l in &d.roll_log {
                            ui.weak(l);
                        }
                    });
            }
            if let Some(k) = (d.selected < d.roster.members.len()).then_some(d.selected) {
                let mut reroll = false;
                let free = d.stat_entry == StatEntry::Free;
                sheet_editor(
                    ui,
                    &mut d.roster.members[k],
                    grimoire,
                    heroes,
                    free,
                    &mut reroll,
                );
                if reroll {
                    d.reroll(seed);
                }
            }
            ui.separator();
            let problems = d.problems(grimoire);
            for p in &problems {
                ui.colored_label(egui::Color32::LIGHT_RED, p);
            }
            ui.horizontal(|ui| {
                ui.label("File name");
                ui.text_edit_singleline(&mut d.file_name);
                ui.weak(".ron");
                if ui
                    .add_enabled(problems.is_empty(), egui::Button::new("Save and use"))
                    .on_hover_text(format!(
                        "saved in {}",
                        crate::data::user_dir::user_dir()
                            .join(USER_ROSTERS)
                            .display()
                    ))
                    .clicked()
                {
                    match d.save() {
                        Ok(p) => {
                            d.errors.clear();
                            saved = Some(p);
                        }
                        Err(e) => d.errors = e,
                    }
                }
            });
            for e in &d.errors {
                ui.colored_label(egui::Color32::LIGHT_RED, e);
            }
        });
    saved
}

/// One sheet's fields and what follows from them.
fn sheet_editor(
    ui: &mut egui::Ui,
    s: &mut Sheet,
    grimoire: &Grimoire,
    heroes: bool,
    free: bool,
    reroll: &mut bool,
) {
    ui.horizontal(|ui| {
        ui.label("Name");
        let mut name = s.name.to_string();
        if ui.text_edit_singleline(&mut name).changed() {
            s.name = name.into();
        }
    });
    ui.horizontal_wrapped(|ui| {
        let st = &mut s.stats;
        for (label, v) in [
            ("STR", &mut st.str),
            ("DEX", &mut st.dex),
            ("CON", &mut st.con),
            ("INT", &mut st.int),
            ("WIS", &mut st.wis),
            ("CHA", &mut st.cha),
        ] {
            ui.label(label);
            if free {
                ui.add(egui::DragValue::new(v).range(3..=18));
            } else {
                ui.strong(v.to_string())
                    .on_hover_text("rolled in order; the DM's free stat entry edits it");
            }
            ui.weak(format!("{:+}", crate::rules::dndalike::sheet::modifier(*v)))
                .on_hover_text(stat_use(label));
        }
        if free
            && ui
                .button("Roll 3d6 \u{d7} 6")
                .on_hover_text("in order: STR, DEX, CON, INT, WIS, CHA")
                .clicked()
        {
            *reroll = true;
        }
    });
    ui.weak(super::sheet_text::bonus_line(s));
    ui.horizontal_wrapped(|ui| {
        ui.label("Powers (the first gives the class):");
        let mut drop = None;
        for (k, p) in s.powers.iter().enumerate() {
            if ui
                .small_button(format!("{} \u{d7}", p.label()))
                .on_hover_text(format!("{:?} power; click to remove", p.class()))
                .clicked()
            {
                drop = Some(k);
            }
        }
        if let Some(k) = drop {
            s.powers.remove(k);
        }
        egui::ComboBox::from_id_salt("dnd_add_power")
            .selected_text("+ power")
            .show_ui(ui, |ui| {
                for p in Power::ALL {
                    if ui
                        .selectable_label(false, format!("{} ({:?})", p.label(), p.class()))
                        .clicked()
                    {
                        s.powers.push(p);
                    }
                }
            });
    });
    ui.horizontal_wrapped(|ui| {
        ui.label("Armour");
        for a in [
            Armour::None,
            Armour::Light,
            Armour::Heavy,
            Armour::FullPlate,
        ] {
            ui.selectable_value(&mut s.armour, a, format!("{a:?}"));
        }
    });
    ui.horizontal_wrapped(|ui| {
        ui.label("Pack");
        for p in [
            Pack::FreeHand,
            Pack::TwoWeapons,
            Pack::Shield,
            Pack::TwoHanded,
            Pack::Bow,
        ] {
            ui.selectable_value(&mut s.pack, p, super::sheet_text::pack_label(p));
        }
    });
    ui.horizontal_wrapped(|ui| {
        ui.checkbox(&mut s.lesser, "lesser (wounds counted openly)");
        if s.powers.is_empty() {
            let mut h = s.health.unwrap_or(4);
            ui.label("health");
            if ui.add(egui::DragValue::new(&mut h).range(1..=60)).changed() {
                s.health = Some(h);
            }
        }
        ui.label("speed \"");
        ui.add(
            egui::DragValue::new(&mut s.speed)
                .range(1.0..=24.0)
                .speed(0.5),
        );
    });
    // One spell for each Spell power; one skill rank for each Skilled power.
    let spell_powers = s.powers.iter().filter(|p| **p == Power::Spell).count();
    let first_spell = grimoire
        .spells
        .first()
        .map_or(String::new(), |x| x.name.clone());
    s.spells.resize(spell_powers, first_spell);
    for (k, name) in s.spells.iter_mut().enumerate() {
        ui.horizontal(|ui| {
            ui.label(format!("Spell {}", k + 1));
            egui::ComboBox::from_id_salt(("dnd_spell", k))
                .selected_text(name.as_str())
                .show_ui(ui, |ui| {
                    for sp in &grimoire.spells {
                        ui.selectable_value(
                            name,
                            sp.name.clone(),
                            format!("{} ({} {}): {}", sp.name, sp.school, sp.level, sp.text),
                        );
                    }
                });
        });
    }
    if spell_powers > 0 || !s.stones.is_empty() {
        ui.horizontal_wrapped(|ui| {
            ui.label("Menhirs (a stone each):");
            let mut drop = None;
            for (k, n) in s.stones.iter().enumerate() {
                let c = grimoire
                    .school(n)
                    .map(|i| grimoire.schools[i].colour)
                    .unwrap_or([128, 128, 128]);
                if ui
                    .small_button(
                        egui::RichText::new(format!("{n} \u{d7}"))
                            .color(egui::Color32::from_rgb(c[0], c[1], c[2])),
                    )
                    .clicked()
                {
                    drop = Some(k);
                }
            }
            if let Some(k) = drop {
                s.stones.remove(k);
            }
            egui::ComboBox::from_id_salt("dnd_add_stone")
                .selected_text("+ menhir")
                .show_ui(ui, |ui| {
                    for sc in &grimoire.schools {
                        if ui.selectable_label(false, &sc.name).clicked() {
                            s.stones.push(sc.name.clone());
                        }
                    }
                });
        });
    }
    let skilled = s.powers.iter().filter(|p| **p == Power::Skilled).count();
    s.skills
        .resize(skilled, crate::rules::dndalike::camp::WATCH.to_string());
    for (k, sk) in s.skills.iter_mut().enumerate() {
        ui.horizontal(|ui| {
            ui.label(format!("Skill rank {} in", k + 1));
            ui.text_edit_singleline(sk);
        });
    }
    ui.label(
        egui::RichText::new(format!(
            "{} \u{b7} armour's fatigue {}",
            super::sheet_text::sheet_line(s),
            s.armour.fatigue()
        ))
        .strong(),
    );
    if heroes && s.powers.is_empty() {
        ui.weak("A hero takes at least one power: it gives the class.");
    }
}

/// What a stat's bonus goes to: the surviving column of the stat table ("attack rolls /
/// movement rolls / health / level / all skill rolls / maximum fatigue / armour class").
fn stat_use(label: &str) -> &'static str {
    match label {
        "STR" => "added to attack rolls (A dice)",
        "DEX" => "added to movement rolls (M dice of Move and Dodge)",
        "CON" => "added to the health of each power",
        "INT" => "added to skill rolls (progress attempts)",
        "WIS" => "maximum fatigue is WIS's bonus + 6",
        _ => "added to the armour class",
    }
}
