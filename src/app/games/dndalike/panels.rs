//! The DnDalike overlay: each party's character cards on the left (the action dice as dice:
//! available, spent, rolled; fatigue against its maximum; armour class; wounds; the damage total
//! only to its own player), the picked character's actions with their odds and the last dice on
//! the right, the movement ring on the table, and clicks: a character of yours picks it, an
//! enemy is attacked, the ground is where it moves.

use super::session::{Armed, DndSession};
use super::sheet_text::{bonus_line, pack_label};
use super::tips::Tip;
use crate::app::base::convert::{flat, to_world};
use crate::app::base::mode::Mode;
use crate::app::base::state::{ActiveTool, Notices};
use crate::app::game::session::ActiveGame;
use crate::app::games::duel::dice::{die, recent_rolls};
use crate::app::games::duel::seat_color;
use crate::app::screens::play::shell::PlayRest;
use crate::app::ui_kit::layout::{Side, side_panels};
use crate::app::view::picking::CursorHit;
use crate::rules::dndalike::check::in_reach;
use crate::rules::dndalike::odds::{AttackQuery, attack};
use crate::rules::dndalike::state::Phase;
use crate::rules::dndalike::{Ability, Character, Command, DieKind, DndState, Party};
use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

pub fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        (tick, click_on_table)
            .chain()
            .run_if(in_game)
            .after(crate::app::view::interact::InteractSet)
            .before(crate::app::view::mirror::MirrorSet),
    )
    .add_systems(
        EguiPrimaryContextPass,
        game_ui
            .in_set(crate::app::screens::play::shell::PlayUi::Panels)
            .in_set(GameUi)
            .run_if(in_game),
    );
}

/// The picked character's rings on the table (apart from [`plugin`], which runs headless).
pub fn rings_plugin(app: &mut App) {
    app.add_systems(
        Update,
        rings
            .run_if(in_game)
            .after(crate::app::view::mirror::MirrorSet),
    );
}

/// The side panels (the stack's windows draw after them).
#[derive(SystemSet, Debug, Clone, PartialEq, Eq, Hash)]
pub struct GameUi;

pub fn in_game(mode: Res<State<Mode>>, active: Option<Res<ActiveGame>>) -> bool {
    *mode.get() == Mode::Game && active.is_some_and(|a| a.is::<DndSession>())
}

/// The respond prompt's countdown.
fn tick(time: Res<Time>, mut active: ResMut<ActiveGame>) {
    if let Some(s) = DndSession::of_mut(&mut active) {
        s.sync();
        s.tick(time.delta_secs());
    }
}

/// The colour of a party (the miniatures' side colours: heroes 1, monsters 2).
pub fn party_color(p: Party) -> egui::Color32 {
    seat_color(match p {
        Party::Heroes => 1,
        Party::Monsters => 2,
    })
}

/// A click on one of your characters picks it; on an enemy, the picked character attacks it (a
/// jab, or the finishing attack when armed); on the ground, it moves there.
fn click_on_table(
    mouse: Res<ButtonInput<MouseButton>>,
    hit: Res<CursorHit>,
    tool: Res<ActiveTool>,
    mut active: ResMut<ActiveGame>,
    mut notices: ResMut<Notices>,
    // Read here rather than as a run condition: as a condition of this chained system it
    // kept the system from running on clicks over the open table (seen under Xvfb).
    over: Res<crate::app::base::state::PointerOverUi>,
) {
    if !mouse.just_pressed(MouseButton::Left) || *tool != ActiveTool::Select || over.0 {
        return;
    }
    let Some(s) = DndSession::of_mut(&mut active) else {
        return;
    };
    let cmd = match click_command(s, hit.model.map(|m| m.0 as usize - 1), hit.ground) {
        Ok(Some(c)) => c,
        Ok(None) => return,
        Err(e) => {
            notices.status = e;
            return;
        }
    };
    if let Err(e) = s.submit(cmd) {
        notices.status = format!("Refused: {e}");
    }
}

/// What a click on character `model` (an index) or on the ground at `ground` does.
pub fn click_command(
    s: &mut DndSession,
    model: Option<usize>,
    ground: Option<crate::table::geom::Pt>,
) -> Result<Option<Command>, String> {
    let st = s.state();
    if let Some(i) = model {
        let Some(c) = st.chars.get(i) else {
            return Ok(None);
        };
        if c.dead {
            return Ok(None);
        }
        // An enemy of the character picked (who may act now) is attacked, even where the same
        // screen plays both parties; otherwise a click picks a character of a person here.
        if let Some(me) = s.selected.filter(|m| s.may_order(*m))
            && st.chars[me].party != c.party
        {
            // Out of reach on its own turn: the first click moves it into base contact.
            let m = &st.chars[me];
            if !in_reach(st, me, i)
                && !m.sheet.ranged()
                && s.acting_seats().contains(&m.seat)
                && m.free(DieKind::Movement) > 0
            {
                let d = c.pos.sub(m.pos);
                let len = d.len().max(1e-3);
                let to = c
                    .pos
                    .sub(d.scale((crate::rules::dndalike::state::BASE + 0.05) / len));
                return Ok(Some(Command::Act {
                    who: me,
                    ability: Ability::Move { to },
                }));
            }
            let ability = match s.armed {
                Armed::Jab => Ability::Jab { target: i },
                Armed::Finish => Ability::Finish { target: i },
            };
            return Ok(Some(Command::Act { who: me, ability }));
        }
        if s.human_seats().contains(&c.seat) {
            s.selected = Some(i);
            return Ok(None);
        }
        return Err("Pick one of your characters first (click it or its card)".into());
    }
    let (Some(to), Some(me)) = (ground, s.selected) else {
        return Ok(None);
    };
    if !s.may_order(me) {
        return Ok(None);
    }
    Ok(Some(Command::Act {
        who: me,
        ability: Ability::Move { to },
    }))
}

/// The picked character's movement rate as a ring on the table, and a ring under it.
fn rings(
    active: Res<ActiveGame>,
    state: Option<Res<crate::app::base::state::TableState>>,
    mut gizmos: Gizmos,
) {
    let (Some(s), Some(t)) = (DndSession::of(&active), state) else {
        return;
    };
    let Some(i) = s.selected else {
        return;
    };
    let c = &s.state().chars[i];
    let h = t.table.surface_height(c.pos) + 0.05;
    gizmos
        .circle(flat(to_world(c.pos, h)), 0.62, Color::srgb(1.0, 0.9, 0.3))
        .resolution(40);
    if s.may_order(i) && c.free(DieKind::Movement) > 0 {
        gizmos
            .circle(
                flat(to_world(c.pos, h)),
                c.sheet.speed,
                Color::srgba(0.5, 0.8, 1.0, 0.8),
            )
            .resolution(96);
    }
}

fn game_ui(
    mut contexts: EguiContexts,
    mut active: ResMut<ActiveGame>,
    mut play_rest: ResMut<PlayRest>,
    mut notices: ResMut<Notices>,
) -> Result {
    let Some(session) = DndSession::of_mut(&mut active) else {
        return Ok(());
    };
    let ctx = contexts.ctx_mut()?.clone();
    let mut cmd: Option<Command> = None;
    side_panels(&ctx, &mut play_rest, "dnd", [290.0, 320.0], |ui, side| {
        if side == Side::Left {
            cards(ui, session);
            return;
        }
        if let Some(e) = &session.shell.last_error {
            ui.colored_label(egui::Color32::LIGHT_RED, format!("Refused: {e}"));
        }
        if let Some(c) = actions(ui, session) {
            cmd = Some(c);
        }
        ui.separator();
        ui.heading("Last dice");
        // Another seat's secret damage die is left out.
        recent_rolls(
            ui,
            session.game.dice.log(),
            8,
            Some(session.viewer().unwrap_or(0)),
        );
    });
    if let Some(c) = cmd
        && let Err(e) = session.submit(c)
    {
        notices.status = format!("Refused: {e}");
    }
    Ok(())
}

/// The fill of an action die by kind (grey when spent).
fn die_fill(k: DieKind, spent: bool) -> egui::Color32 {
    if spent {
        return egui::Color32::from_gray(120);
    }
    die_color(k)
}

/// The colour of an action die's kind: M blue, A red, S steel.
pub fn die_color(k: DieKind) -> egui::Color32 {
    match k {
        DieKind::Movement => egui::Color32::from_rgb(150, 200, 245),
        DieKind::Attack => egui::Color32::from_rgb(240, 150, 130),
        DieKind::Shield => egui::Color32::from_rgb(205, 205, 190),
    }
}

/// Each party's characters, the active party first.
fn cards(ui: &mut egui::Ui, session: &mut DndSession) {
    let st = session.state().clone();
    let viewer = session.viewer();
    // A replay of a finished game shows every total.
    let all = session.shell.sees_all;
    ui.heading(format!("Round {}", st.round));
    for party in [st.active, st.active.other()] {
        ui.separator();
        let mut head = egui::RichText::new(match party {
            Party::Heroes => "The heroes",
            Party::Monsters => "The monsters",
        })
        .color(party_color(party))
        .strong()
        .size(16.0);
        if party == st.active {
            head = egui::RichText::new(format!("\u{25b6} {}", head.text()))
                .color(party_color(party))
                .strong()
                .size(16.0);
        }
        let r = ui.label(head);
        if party == st.active {
            r.on_hover_text(Tip::ActiveParty.text());
        }
        for (i, c) in st
            .chars
            .iter()
            .enumerate()
            .filter(|(_, c)| c.party == party)
        {
            let picked = session.selected == Some(i);
            let frame = egui::Frame::group(ui.style()).stroke(if picked {
                egui::Stroke::new(2.0, egui::Color32::from_rgb(250, 220, 90))
            } else {
                ui.visuals().widgets.noninteractive.bg_stroke
            });
            let r = frame.show(ui, |ui| card(ui, &st, i, c, if all { Some(c.seat) } else { viewer })).response;
            if !c.dead
                && session.human_seats().contains(&c.seat)
                && r.interact(egui::Sense::click()).clicked()
            {
                session.selected = Some(i);
            }
        }
    }
}

fn card(ui: &mut egui::Ui, st: &DndState, i: usize, c: &Character, viewer: Option<u8>) {
    ui.set_width(ui.available_width());
    ui.horizontal(|ui| {
        let mut name = egui::RichText::new(c.name())
            .color(party_color(c.party))
            .strong();
        if c.dead {
            name = name.strikethrough();
        }
        ui.label(name);
        if c.sheet.powers.is_empty() {
            if c.sheet.lesser {
                ui.weak("minion");
            } else {
                ui.weak("monster");
            }
        } else {
            ui.weak(format!(
                "{:?} {}:",
                c.sheet
                    .class()
                    .unwrap_or(crate::rules::dndalike::Class::Fighter),
                c.sheet.level(),
            ));
            // Each power with the rule it gives.
            for p in &c.sheet.powers {
                ui.weak(p.label())
                    .on_hover_text(Tip::of_power(*p).text());
            }
        }
    });
    if c.dead {
        ui.label(egui::RichText::new("dead").italics())
            .on_hover_text(Tip::Dead.text());
        return;
    }
    ui.horizontal(|ui| {
        for d in &c.dice {
            ui.vertical(|ui| {
                die(ui, 6, d.rolled, die_fill(d.kind, d.spent), 24.0);
                ui.small(format!(
                    "{}{}",
                    d.kind.letter(),
                    if d.spent { " spent" } else { "" }
                ))
                .on_hover_text(if d.spent {
                    Tip::SpentDie.text()
                } else {
                    Tip::of_die(d.kind).text()
                });
            });
        }
        ui.vertical(|ui| {
            let raised = c.raised_ac.filter(|r| *r > c.sheet.armour_class());
            ui.label(match raised {
                Some(r) => format!("AC {r} (raised from {})", c.sheet.armour_class()),
                None => format!("AC {}", c.ac()),
            })
            .on_hover_text(if raised.is_some() {
                Tip::RaisedAc.text()
            } else {
                Tip::ArmourClass.text()
            });
            ui.small(format!(
                "{:?}, {}",
                c.sheet.armour,
                pack_label(c.sheet.pack)
            ));
            ui.small(bonus_line(&c.sheet));
        });
    });
    let max = c.sheet.max_fatigue().max(1);
    ui.add(
        egui::ProgressBar::new((c.fatigue as f32 / max as f32).clamp(0.0, 1.0))
            .fill(egui::Color32::from_rgb(200, 150, 60))
            .text(format!(
                "fatigue {} of {}",
                c.fatigue,
                c.sheet.max_fatigue()
            )),
    )
    .on_hover_text(Tip::Fatigue.text());
    let health = c.sheet.max_health();
    let tip = if c.sheet.lesser {
        Tip::LesserWounds
    } else if viewer == Some(c.seat) {
        Tip::Wounds
    } else {
        Tip::HiddenDamage
    };
    let line = if c.sheet.lesser {
        format!(
            "wounds {} (counted openly) \u{b7} health {health}",
            c.wounds
        )
    } else if viewer == Some(c.seat) {
        format!(
            "wounds {} \u{b7} damage {} of health {health} (yours to see)",
            c.wounds, c.damage
        )
    } else {
        format!(
            "wounds {} \u{b7} damage hidden \u{b7} health {health}",
            c.wounds
        )
    };
    // The wounds' rule, and the finishing blow's that sets the damage against the health.
    ui.label(line)
        .on_hover_text(format!("{}\n{}", tip.text(), Tip::Health.quoted()));
    if c.sheet.sorcerer() {
        stones_row(ui, st, c);
    }
    let on_stack = st.stack.iter().filter(|e| e.by == i).count();
    if on_stack > 0 {
        ui.small(format!("{on_stack} on the stack"))
            .on_hover_text(Tip::OnStack.text());
    }
}

/// A sorcerer's spell stones in their school's colours: the active pool (full), the bag (a
/// count: the draw is at random), the discard pile (faded) and the stones lost until a rest
/// (crossed); and the spells known.
fn stones_row(ui: &mut egui::Ui, st: &DndState, c: &Character) {
    let colour = |k: u8| {
        st.grimoire
            .schools
            .get(k as usize)
            .map_or(egui::Color32::GRAY, |s| {
                egui::Color32::from_rgb(s.colour[0], s.colour[1], s.colour[2])
            })
    };
    let stone = |ui: &mut egui::Ui, k: u8, how: u8| {
        let (r, _) = ui.allocate_exact_size(egui::vec2(14.0, 14.0), egui::Sense::hover());
        let p = ui.painter();
        let fill = colour(k);
        match how {
            0 => {
                p.circle_filled(r.center(), 6.0, fill);
                p.circle_stroke(
                    r.center(),
                    6.0,
                    egui::Stroke::new(1.0, egui::Color32::WHITE),
                );
            }
            1 => {
                p.circle_filled(r.center(), 5.0, fill.gamma_multiply(0.35));
            }
            _ => {
                p.circle_stroke(r.center(), 5.0, egui::Stroke::new(1.0, fill));
                p.line_segment(
                    [r.left_top(), r.right_bottom()],
                    egui::Stroke::new(1.5, egui::Color32::LIGHT_RED),
                );
            }
        }
    };
    let s = &c.stones;
    ui.horizontal_wrapped(|ui| {
        ui.small("stones:").on_hover_text(Tip::SpellStones.text());
        for k in &s.pool {
            stone(ui, *k, 0);
        }
        ui.small(format!("pool {} \u{b7} bag {}", s.pool.len(), s.bag.len()));
        for k in &s.discard {
            stone(ui, *k, 1);
        }
        if !s.discard.is_empty() {
            ui.small("spent");
        }
        for k in &s.lost {
            stone(ui, *k, 2);
        }
        if !s.lost.is_empty() {
            ui.small("lost");
        }
    });
    if !c.spells.is_empty() {
        let names: Vec<String> = c
            .spells
            .iter()
            .filter_map(|k| st.grimoire.spells.get(*k as usize))
            .map(|sp| format!("{} ({} {})", sp.name, sp.school, sp.level))
            .collect();
        ui.small(format!("spells: {}", names.join(", ")));
    }
}

/// The chance that `by` hits `target` now with an attack die and its STR bonus (the armour
/// class as it stands, before any Dodge).
pub fn hit_chance(st: &DndState, by: usize, target: usize) -> f64 {
    let wounds = st.chars[by].sheet.wounds_per_hit();
    attack(&AttackQuery {
        ac: st.chars[target].ac(),
        advantage: 0,
        wounds,
        bonus: st.chars[by].sheet.attack_bonus(),
        dodge_bonus: st.chars[target].sheet.movement_bonus(),
    })
    .hit
}

/// An ability's button words without the cost in brackets ("Jab Goblin archer").
fn bare_label(st: &DndState, ability: &Ability) -> String {
    let plain = command_label(
        st,
        &Command::Act {
            who: 0,
            ability: ability.clone(),
        },
    );
    plain.split(" (").next().unwrap_or(&plain).to_string()
}

/// A command's button: its words, and on hover the rule it plays.
pub fn command_button(ui: &mut egui::Ui, st: &DndState, c: &Command) -> egui::Response {
    let r = ui.button(command_label(st, c));
    match Tip::of_command(c) {
        Some(t) => r.on_hover_text(t.text()),
        None => r,
    }
}

/// A command in words, for its button.
pub fn command_label(st: &DndState, c: &Command) -> String {
    match c {
        Command::Empowered { ability, .. } => {
            format!("{} paying a stone (a natural 6)", bare_label(st, ability))
        }
        Command::DmChooses { ability, .. } => {
            format!("{} (A), the DM picks in the melee", bare_label(st, ability))
        }
        Command::Backlash { lose_stones, .. } => {
            if *lose_stones {
                "Lose the stones".into()
            } else {
                "Gain a fatigue".into()
            }
        }
        Command::Act { ability, .. } => {
            let on = |e: u32| {
                st.entry(e)
                    .map(|e| format!("{}'s {}", st.name(e.by), e.ability.label()))
                    .unwrap_or_default()
            };
            match ability {
                Ability::Move { to } => format!("Move to ({:.1}, {:.1})", to.x, to.y),
                Ability::Dodge => "Dodge (F, M): raise AC to the M die".into(),
                Ability::Jab { target } => format!("Jab {} (A)", st.name(*target)),
                Ability::Finish { target } => format!("Finish {} (A)", st.name(*target)),
                Ability::Block { entry } => format!("Block {} (S)", on(*entry)),
                Ability::BlockMerged { onto, attacker } => format!(
                    "Block {}'s attack merged into {}'s move (S)",
                    st.name(*attacker),
                    st.entry(*onto).map_or("?", |e| st.name(e.by))
                ),
                Ability::Trip { entry } => format!("Trip {} (A)", on(*entry)),
                Ability::Riposte { entry } => format!("Riposte {} (A)", on(*entry)),
                Ability::Exert { die } => format!("Exert (F): regain an {} die", die.letter()),
                Ability::Draw => "Draw a stone (M, M)".into(),
                Ability::Cast { spell, target } => {
                    let Some(sp) = st.grimoire.spells.get(*spell as usize) else {
                        return "Cast".into();
                    };
                    format!(
                        "{} on {} (O\u{d7}{}, M)",
                        sp.name,
                        crate::rules::dndalike::describe::cast_target(st, *spell, *target),
                        sp.level
                    )
                }
            }
        }
        Command::Merge { onto, finish, .. } => format!(
            "Merge a {} into {}'s move (A)",
            if *finish { "finishing attack" } else { "jab" },
            st.entry(*onto).map_or("?", |e| st.name(e.by))
        ),
        Command::EmpoweredMerge { onto, finish, .. } => format!(
            "Merge a {} into {}'s move paying a stone (a natural 6)",
            if *finish { "finishing attack" } else { "jab" },
            st.entry(*onto).map_or("?", |e| st.name(e.by))
        ),
        Command::Pass => "Pass".into(),
        Command::EndTurn => "End turn".into(),
        Command::Rest { watch, .. } => format!(
            "Rest ({} on watch)",
            watch
                .iter()
                .map(|i| st.name(*i))
                .collect::<Vec<_>>()
                .join(", ")
        ),
        Command::Onward => "Go on".into(),
    }
}

/// The picked character's actions: on its party's turn the slow ones and a click's meaning;
/// in answer to the stack, the quick answers it has.
fn actions(ui: &mut egui::Ui, session: &mut DndSession) -> Option<Command> {
    let st = session.state().clone();
    if let Phase::Over(end) = &st.phase {
        ui.heading(&end.text);
        return None;
    }
    if st.phase == Phase::Camp {
        ui.heading("Between fights");
        ui.label(if session.camp_seat().is_some() {
            "The party rests or goes on: see the window in the middle."
        } else {
            "The program decides for the party."
        });
        return None;
    }
    let Some(i) = session.selected else {
        ui.heading("Actions");
        let mine: Vec<usize> = (0..st.chars.len())
            .filter(|i| session.may_order(*i))
            .collect();
        if mine.is_empty() {
            ui.label("Nothing of yours to do now.");
        } else {
            ui.label("Pick a character: click it on the table or its card.");
            for i in mine {
                if ui
                    .button(egui::RichText::new(st.name(i)).color(party_color(st.chars[i].party)))
                    .clicked()
                {
                    session.selected = Some(i);
                }
            }
        }
        return None;
    };
    let c = &st.chars[i];
    ui.heading(egui::RichText::new(c.name()).color(party_color(c.party)));
    if !session.may_order(i) {
        ui.label(if session.human_seats().contains(&c.seat) {
            "Not this character's moment: its party's turn, or a prompt to respond."
        } else {
            "Played by the program."
        });
        return None;
    }
    let mut out = None;
    let acting = session.acting_seats().contains(&c.seat);
    if acting {
        ui.label(format!(
            "Click the table to move up to {}\" (M: your AC rises to the M die); a click on an \
             enemy out of reach moves into contact with it.",
            c.sheet.speed
        ));
        ui.horizontal_wrapped(|ui| {
            ui.label("A click on an enemy:");
            ui.selectable_value(&mut session.armed, Armed::Jab, "jabs (a wound)")
                .on_hover_text(Tip::Jab.text());
            ui.selectable_value(
                &mut session.armed,
                Armed::Finish,
                "finishes (a finishing blow)",
            )
            .on_hover_text(Tip::Finish.text());
        });
        for t in st.alive(c.party.other()) {
            if !in_reach(&st, i, t) {
                continue;
            }
            let p = hit_chance(&st, i, t);
            ui.horizontal_wrapped(|ui| {
                for ability in [Ability::Jab { target: t }, Ability::Finish { target: t }] {
                    let cmd = Command::Act {
                        who: i,
                        ability: ability.clone(),
                    };
                    let ok = session.game.check(c.seat, &cmd).is_ok();
                    if ui
                        .add_enabled(ok, egui::Button::new(command_label(&st, &cmd)))
                        .on_hover_text(Tip::of_ability(&ability).text())
                        .on_disabled_hover_text(Tip::of_ability(&ability).text())
                        .clicked()
                    {
                        out = Some(cmd);
                    }
                    // A bow into a melee: the DM may choose instead of a fatigue and a save.
                    let dm = Command::DmChooses {
                        who: i,
                        ability: ability.clone(),
                    };
                    if c.sheet.ranged()
                        && session.game.check(c.seat, &dm).is_ok()
                        && command_button(ui, &st, &dm).clicked()
                    {
                        out = Some(dm);
                    }
                    // Powerful: a stone for the A die.
                    let stone = Command::Empowered {
                        who: i,
                        ability,
                        stone: None,
                    };
                    if c.has(crate::rules::dndalike::Power::Powerful)
                        && session.game.check(c.seat, &stone).is_ok()
                        && command_button(ui, &st, &stone).clicked()
                    {
                        out = Some(stone);
                    }
                }
                ui.label(format!(
                    "hits {:.0}% against AC {}",
                    p * 100.0,
                    st.chars[t].ac()
                ))
                .on_hover_text(Tip::HitChance.text());
            });
        }
        if let Some(c) = sorcery(ui, session, &st, i, false) {
            out = Some(c);
        }
        let quick = [
            Ability::Dodge,
            Ability::Exert {
                die: DieKind::Movement,
            },
            Ability::Exert {
                die: DieKind::Attack,
            },
            Ability::Exert {
                die: DieKind::Shield,
            },
        ];
        for ability in quick {
            let cmd = Command::Act { who: i, ability };
            if session.game.check(c.seat, &cmd).is_ok() && command_button(ui, &st, &cmd).clicked()
            {
                out = Some(cmd);
            }
        }
        ui.weak("End turn is in the bar.");
    } else if session.asked() == Some(c.seat) {
        ui.label("Answer the stack (the prompt lists every character of yours):");
        for cmd in crate::rules::dndalike::answers::responses(&st, i) {
            if command_button(ui, &st, &cmd).clicked() {
                out = Some(cmd);
            }
        }
    }
    out
}

/// A sorcerer's spell actions: Draw, and each spell known at each target the rules allow now
/// (with its stones and the casting save's chance).
fn sorcery(
    ui: &mut egui::Ui,
    session: &DndSession,
    st: &DndState,
    i: usize,
    quick_only: bool,
) -> Option<Command> {
    let c = &st.chars[i];
    if !c.sheet.sorcerer() {
        return None;
    }
    let mut out = None;
    ui.separator();
    ui.label(egui::RichText::new("Sorcery").strong());
    let draw = Command::Act {
        who: i,
        ability: Ability::Draw,
    };
    if !quick_only {
        let why = session.game.check(c.seat, &draw).err();
        let r = ui
            .add_enabled(why.is_none(), egui::Button::new(command_label(st, &draw)))
            .on_hover_text(Tip::Draw.text());
        if r.clicked() {
            out = Some(draw);
        }
        if let Some(e) = why {
            r.on_disabled_hover_text(e.to_string());
        }
    }
    for &k in &c.spells {
        let Some(sp) = st.grimoire.spells.get(k as usize) else {
            continue;
        };
        // The casting save: d6 - level >= fatigue, a natural 6 always and a natural 1 never,
        // with advantage for Lucky.
        let p = crate::rules::dndalike::odds::casting_save(c, sp.level);
        ui.label(format!(
            "{} ({}, level {}, {}): {} Casting save {:.0}%.",
            sp.name,
            sp.school,
            sp.level,
            if sp.quick { "quick" } else { "slow" },
            sp.text,
            p * 100.0
        ));
        let casts: Vec<Command> = crate::rules::dndalike::answers::spell_casts(st, i, quick_only)
            .into_iter()
            .filter(|x| matches!(x, Command::Act { ability: Ability::Cast { spell, .. }, .. } if *spell == k))
            // Powerful: a stone may pay the M die as well.
            .flat_map(|x| {
                let stone = match &x {
                    Command::Act { who, ability } if c.has(crate::rules::dndalike::Power::Powerful) => {
                        Some(Command::Empowered {
                            who: *who,
                            ability: ability.clone(),
                            stone: None,
                        })
                    }
                    _ => None,
                };
                std::iter::once(x).chain(stone)
            })
            .filter(|x| session.game.check(c.seat, x).is_ok())
            .collect();
        if casts.is_empty() {
            ui.weak("  not now: stones, an M die, a target in sight, or the turn");
        }
        ui.horizontal_wrapped(|ui| {
            for x in casts {
                if command_button(ui, st, &x).clicked() {
                    out = Some(x);
                }
            }
        });
    }
    out
}
