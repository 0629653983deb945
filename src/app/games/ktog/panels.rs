//! KtOG's overlay: the game sheet of every player (hit points, spells left, disarmed and for how
//! long, Bless in effect, whose turn) on the left; the actions of the player to act with their
//! exact odds and the last dice rolled on the right; the Dodge prompt with its countdown and the
//! Mighty Blow prompt; and a click on a miniature giving the armed action.

use super::session::{Armed, KtogSession};
use super::tips::Tip;
use crate::app::base::mode::Mode;
use crate::app::base::state::{ActiveTool, Notices};
use crate::app::game::session::ActiveGame;
use crate::app::games::duel::dice::{die, recent_rolls};
use crate::app::games::duel::seat_color;
use crate::app::screens::play::shell::PlayRest;
use crate::app::ui_kit::layout::{Side, side_panels};
use crate::app::view::picking::CursorHit;
use crate::rules::core::Seat;
use crate::rules::ktog::odds::{Strike, StrikeOdds, strike};
use crate::rules::ktog::state::{Hit, KtogState, Phase};
use crate::rules::ktog::{Command, Spell};
use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

pub fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        (
            tick,
            click_on_table.run_if(crate::app::base::state::pointer_on_table),
        )
            .chain()
            .run_if(in_game)
            .after(crate::app::base::sets::InteractSet)
            .before(crate::app::base::sets::MirrorSet),
    )
    .add_systems(
        EguiPrimaryContextPass,
        game_ui
            .in_set(crate::app::base::sets::PlayUi::Panels)
            .run_if(in_game),
    );
}

pub fn in_game(mode: Res<State<Mode>>, active: Option<Res<ActiveGame>>) -> bool {
    *mode.get() == Mode::Game && active.is_some_and(|a| a.is::<KtogSession>())
}

/// The Dodge prompt's countdown.
pub fn tick(time: Res<Time>, mut active: ResMut<ActiveGame>) {
    let Some(s) = KtogSession::of_mut(&mut active) else {
        return;
    };
    s.sync_pause();
    s.tick(time.delta_secs());
}

/// "Players pick their targets by clicking the model": a click on a miniature gives the armed
/// action (attack, disarm or cure) against that player.
pub fn click_on_table(
    mouse: Res<ButtonInput<MouseButton>>,
    hit: Res<CursorHit>,
    tool: Res<ActiveTool>,
    mut active: ResMut<ActiveGame>,
    mut notices: ResMut<Notices>,
) {
    if !mouse.just_pressed(MouseButton::Left) || *tool != ActiveTool::Select {
        return;
    }
    let Some(target) = hit.model else {
        return;
    };
    let Some(s) = KtogSession::of_mut(&mut active) else {
        return;
    };
    let Phase::Turn { .. } = s.state().phase else {
        return;
    };
    if s.human_seat().is_none() {
        return;
    }
    let target = target.0 as Seat;
    let cmd = match s.armed {
        Armed::Attack => Command::Attack { target },
        Armed::Disarm => Command::Disarm { target },
        Armed::Cure => Command::Cure { target },
    };
    if let Err(e) = s.submit(cmd) {
        notices.status = format!("Refused: {e}");
    }
}

/// The odds of `attacker` striking (or disarming) `target` now.
pub fn odds_of(s: &KtogState, attacker: Seat, target: Seat, disarm: bool) -> StrikeOdds {
    let blessed = matches!(s.phase, Phase::Turn { blessed: true, .. });
    strike(&Strike {
        need: if disarm {
            s.disarm_need(blessed)
        } else {
            s.strike_need(attacker, target, blessed)
        },
        disarm,
        mighty: false,
        bare: s.player(attacker).disarmed.is_some(),
        lost_weapon: s.options.lost_weapon,
    })
}

fn game_ui(
    mut contexts: EguiContexts,
    mut active: ResMut<ActiveGame>,
    mut play_rest: ResMut<PlayRest>,
    mut notices: ResMut<Notices>,
) -> Result {
    let Some(session) = KtogSession::of_mut(&mut active) else {
        return Ok(());
    };
    let ctx = contexts.ctx_mut()?.clone();
    if play_rest.0.is_none() {
        return Ok(());
    }
    let mut cmd: Option<Command> = None;
    side_panels(&ctx, &mut play_rest, "ktog", [270.0, 330.0], |ui, side| {
        if side == Side::Left {
            sheet(ui, session.state());
            return;
        }
        if let Some(c) = actions(ui, session) {
            cmd = Some(c);
        }
        ui.separator();
        ui.heading("Last dice");
        recent_rolls(ui, session.game.dice.log(), 6, None);
    });
    if let Some(c) = prompts(&ctx, session) {
        cmd = Some(c);
    }
    if let Some(c) = cmd
        && let Err(e) = session.submit(c)
    {
        notices.status = format!("Refused: {e}");
    }
    Ok(())
}

/// The text's game sheet, a line block per player.
fn sheet(ui: &mut egui::Ui, s: &KtogState) {
    ui.heading(format!("Round {}", s.round));
    if !s.order.is_empty() {
        ui.label(format!(
            "Order: {}",
            s.order
                .iter()
                .map(|x| s.name(*x))
                .collect::<Vec<_>>()
                .join(", then ")
        ));
    }
    let turn = match &s.phase {
        Phase::Turn { seat, .. } => Some(*seat),
        _ => None,
    };
    for seat in s.seats() {
        let p = s.player(seat);
        ui.separator();
        ui.horizontal(|ui| {
            if turn == Some(seat) {
                ui.label(egui::RichText::new("\u{25b6}").strong());
            }
            ui.label(
                egui::RichText::new(s.name(seat))
                    .color(seat_color(seat))
                    .strong()
                    .size(16.0),
            );
            let persona = match p.persona {
                crate::rules::ktog::Persona::Plain => "",
                crate::rules::ktog::Persona::Fighter => "Fighter",
                crate::rules::ktog::Persona::MagicUser => "Magic-user",
            };
            ui.weak(persona);
        });
        let frac = (p.hp.max(0) as f32 / p.max_hp.max(1) as f32).clamp(0.0, 1.0);
        ui.add(
            egui::ProgressBar::new(frac)
                .fill(seat_color(seat))
                .text(format!("{} of {} hit points", p.hp.max(0), p.max_hp)),
        )
        .on_hover_text(Tip::HitPoints.text());
        ui.horizontal_wrapped(|ui| {
            let spell = |ui: &mut egui::Ui, name: &str, left: u8, of: u8| {
                let tip = match name {
                    "Haste" => Tip::Haste,
                    "Cure" => Tip::Cure,
                    "Bless" => Tip::Bless,
                    "Mighty" => Tip::MightyBlow,
                    _ => Tip::Dodge,
                };
                let tip = format!("{}\n{}", tip.quoted(), Tip::Spells.text());
                for k in 0..of {
                    let t = egui::RichText::new(name).small();
                    if k < left {
                        ui.label(t.strong()).on_hover_text(&tip);
                    } else {
                        ui.label(t.strikethrough().weak()).on_hover_text(&tip);
                    }
                }
            };
            if p.persona == crate::rules::ktog::Persona::Fighter {
                ui.weak("no spells");
            } else {
                spell(ui, "Haste", p.spells.haste, 2);
                spell(ui, "Cure", p.spells.cure, 1);
                spell(ui, "Bless", p.spells.bless, 1);
                spell(ui, "Mighty", p.spells.mighty, 1);
                spell(ui, "Dodge", p.spells.dodge, 1);
            }
        });
        let mut marks = Vec::new();
        if p.down {
            marks.push(("unconscious".to_string(), Tip::Unconscious));
        }
        if let Some(d) = p.disarmed {
            marks.push((
                format!("disarmed: {} turns of scrambling", d.turns),
                Tip::Disarmed,
            ));
        }
        if p.spell_round == s.round && p.spells.total() < 6 {
            marks.push(("spell cast this round".into(), Tip::OneSpell));
        }
        if let Phase::Turn {
            seat: t,
            blessed: true,
            ..
        } = s.phase
            && t == seat
        {
            marks.push(("Bless in effect".into(), Tip::BlessInEffect));
        }
        if !marks.is_empty() {
            ui.horizontal_wrapped(|ui| {
                for (i, (text, tip)) in marks.iter().enumerate() {
                    let text = if i == 0 {
                        text.clone()
                    } else {
                        format!("\u{b7} {text}")
                    };
                    ui.label(egui::RichText::new(text).italics())
                        .on_hover_text(tip.text());
                }
            });
        }
    }
}

fn pct(p: f64) -> String {
    format!("{:.0}%", p * 100.0)
}

/// The actions of the person whose turn it is, with their odds.
fn actions(ui: &mut egui::Ui, session: &mut KtogSession) -> Option<Command> {
    let mut out = None;
    let s = session.state().clone();
    match &s.phase {
        Phase::Initiative => {
            ui.heading("Initiative");
            ui.label(format!(
                "Everyone rolls a d{}; the highest goes first, then around to the left. Ties roll again.",
                s.options.initiative_die.sides()
            ));
            if session.human_seat().is_some()
                && ui
                    .button("Roll initiative")
                    .on_hover_text(Tip::Initiative.text())
                    .clicked()
            {
                out = Some(Command::RollInitiative);
            }
        }
        Phase::Turn {
            seat,
            left,
            started,
            ..
        } => {
            ui.heading(
                egui::RichText::new(format!("{}'s turn", s.name(*seat))).color(seat_color(*seat)),
            );
            if session.game.player(*seat) != crate::rules::core::Player::Human {
                ui.label(session.game.player(*seat).plays_seat());
                return None;
            }
            if *left > 1 {
                ui.label("Hasted: two rolls to hit this turn.");
            } else if *started {
                ui.label("One more roll to hit.");
            }
            let me = s.player(*seat);
            ui.horizontal_wrapped(|ui| {
                for spell in [Spell::Haste, Spell::Bless] {
                    let c = Command::Cast(spell);
                    let ok = session.game.check(*seat, &c).is_ok();
                    let tip = match spell {
                        Spell::Haste if me.disarmed.is_some() => format!(
                            "{}\npick up your weapon, then one roll to hit",
                            Tip::HasteForWeapon.quoted()
                        ),
                        Spell::Haste => {
                            format!("{}\ntwo rolls to hit this turn", Tip::Haste.quoted())
                        }
                        _ => format!(
                            "{}\n-2 to the number needed to hit, -1 to disarm, this turn",
                            Tip::Bless.quoted()
                        ),
                    };
                    if ui
                        .add_enabled(ok, egui::Button::new(format!("Cast {}", spell.label())))
                        .on_hover_text(tip)
                        .clicked()
                    {
                        out = Some(c);
                    }
                }
                if me.disarmed.is_some() {
                    // "A player may opt to use a 'Haste' spell ... to pick up his weapon": or
                    // take its two rolls bare-handed.
                    let c = Command::HasteBareHanded;
                    let ok = session.game.check(*seat, &c).is_ok();
                    if ui
                        .add_enabled(ok, egui::Button::new("Cast Haste, bare-handed"))
                        .on_hover_text(format!(
                            "{}\ntwo rolls to hit with the fists; the weapon stays where it lies",
                            Tip::BareHanded.quoted()
                        ))
                        .clicked()
                    {
                        out = Some(c);
                    }
                    let ok = session.game.check(*seat, &Command::Scramble).is_ok();
                    if ui
                        .add_enabled(ok, egui::Button::new("Scramble for the weapon"))
                        .on_hover_text(Tip::Scramble.text())
                        .clicked()
                    {
                        out = Some(Command::Scramble);
                    }
                }
            });
            ui.horizontal(|ui| {
                ui.label("A click on a miniature:");
                ui.selectable_value(&mut session.armed, Armed::Attack, "attacks");
                ui.selectable_value(&mut session.armed, Armed::Disarm, "tries to disarm");
                ui.selectable_value(&mut session.armed, Armed::Cure, "cures");
            });
            for t in s.seats() {
                if t == *seat || s.player(t).down {
                    continue;
                }
                let o = odds_of(&s, *seat, t, false);
                ui.horizontal_wrapped(|ui| {
                    let c = Command::Attack { target: t };
                    if ui
                        .add_enabled(
                            session.game.check(*seat, &c).is_ok(),
                            egui::Button::new(
                                egui::RichText::new(format!("Attack {}", s.name(t)))
                                    .color(seat_color(t)),
                            ),
                        )
                        .on_hover_text(Tip::Attack.text())
                        .clicked()
                    {
                        out = Some(c);
                    }
                    ui.label(format!(
                        "hit {} (critical {}), {:.1} damage on average; fumble {}",
                        pct(o.hit),
                        pct(o.critical),
                        o.mean_damage(),
                        pct(o.fumble)
                    ));
                });
                let c = Command::Disarm { target: t };
                if session.game.check(*seat, &c).is_ok() {
                    let d = odds_of(&s, *seat, t, true);
                    ui.horizontal(|ui| {
                        if ui
                            .button(format!("Disarm {}", s.name(t)))
                            .on_hover_text(Tip::Disarm.text())
                            .clicked()
                        {
                            out = Some(c);
                        }
                        ui.label(format!("succeeds {}", pct(d.hit)));
                    });
                }
            }
            for t in s.seats() {
                let c = Command::Cure { target: t };
                if session.game.check(*seat, &c).is_ok()
                    && ui
                        .button(format!("Cure {} (2 to 10 hit points)", s.name(t)))
                        .on_hover_text(Tip::Cure.text())
                        .clicked()
                {
                    out = Some(c);
                }
            }
            damage_table(ui, &s, *seat);
        }
        Phase::Dodge(_) | Phase::Mighty(_) => {
            ui.heading("A hit!");
            ui.label("Waiting for the Dodge and the Mighty Blow.");
        }
        Phase::Over(end) => {
            ui.heading(&end.text);
        }
    }
    out
}

/// The damage each attack would do, as a distribution.
fn damage_table(ui: &mut egui::Ui, s: &KtogState, seat: Seat) {
    egui::CollapsingHeader::new("Damage odds")
        .default_open(false)
        .show(ui, |ui| {
            for t in s.standing().into_iter().filter(|t| *t != seat) {
                let o = odds_of(s, seat, t, false);
                let line = o
                    .damage
                    .iter()
                    .enumerate()
                    .filter(|(_, p)| **p > 0.0)
                    .map(|(k, p)| format!("{k}: {:.1}%", p * 100.0))
                    .collect::<Vec<_>>()
                    .join("  ");
                ui.label(format!("{}: {line}", s.name(t)));
            }
        });
}

/// The Dodge prompt (with its countdown) and the Mighty Blow prompt, for a person.
fn prompts(ctx: &egui::Context, session: &mut KtogSession) -> Option<Command> {
    let s = session.state().clone();
    let (title, h, victim) = match &s.phase {
        Phase::Dodge(h) => ("Dodge?", *h, true),
        Phase::Mighty(h) => ("Mighty Blow?", *h, false),
        _ => return None,
    };
    let seat = if victim { h.target } else { h.attacker };
    if session.game.player(seat) != crate::rules::core::Player::Human {
        return None;
    }
    let mut out = None;
    egui::Window::new(title)
        .collapsible(false)
        .resizable(false)
        .anchor(egui::Align2::CENTER_TOP, [0.0, 60.0])
        .show(ctx, |ui| {
            hit_line(ui, &s, &h);
            let (lo, hi) = damage_range(&h, false);
            let (mlo, mhi) = damage_range(&h, true);
            if victim {
                ui.label(dodge_prompt(&s, &h));
                if let Some(left) = session.pause_left {
                    let of = session.pause.unwrap_or(1.0).max(0.1);
                    ui.add(
                        egui::ProgressBar::new((left / of).clamp(0.0, 1.0))
                            .text(format!("{left:.1} s left")),
                    );
                }
                ui.horizontal(|ui| {
                    if ui
                        .button("Dodge (spend the spell)")
                        .on_hover_text(Tip::Dodge.text())
                        .clicked()
                    {
                        out = Some(Command::Dodge { dodge: true });
                    }
                    if ui
                        .button("Take it")
                        .on_hover_text(Tip::TakeIt.text())
                        .clicked()
                    {
                        out = Some(Command::Dodge { dodge: false });
                    }
                });
            } else {
                ui.label(format!(
                    "{}, a Mighty Blow doubles the damage: {mlo} to {mhi} instead of {lo} to {hi}.",
                    s.name(h.attacker)
                ));
                ui.horizontal(|ui| {
                    if ui
                        .button("Mighty Blow!")
                        .on_hover_text(Tip::MightyBlow.text())
                        .clicked()
                    {
                        out = Some(Command::Mighty { mighty: true });
                    }
                    if ui
                        .button("Roll plain damage")
                        .on_hover_text(Tip::PlainDamage.text())
                        .clicked()
                    {
                        out = Some(Command::Mighty { mighty: false });
                    }
                });
            }
        });
    out
}

/// The Dodge prompt's words: the damage the Dodge would nullify, and a Mighty Blow's only if the
/// attacker may still announce one.
pub fn dodge_prompt(s: &KtogState, h: &Hit) -> String {
    let (lo, hi) = damage_range(h, false);
    let victim = s.name(h.target);
    if s.may_cast(h.attacker, s.player(h.attacker).spells.mighty) {
        let (mlo, mhi) = damage_range(h, true);
        format!(
            "{victim}, you are hit: Dodge nullifies the damage ({lo} to {hi}, or {mlo} to {mhi} if {} then announces a Mighty Blow).",
            s.name(h.attacker)
        )
    } else {
        format!("{victim}, you are hit: Dodge nullifies the damage ({lo} to {hi}).")
    }
}

fn hit_line(ui: &mut egui::Ui, s: &KtogState, h: &Hit) {
    ui.horizontal(|ui| {
        ui.label(
            egui::RichText::new(s.name(h.attacker))
                .color(seat_color(h.attacker))
                .strong(),
        );
        ui.label("hits");
        ui.label(
            egui::RichText::new(s.name(h.target))
                .color(seat_color(h.target))
                .strong(),
        );
        if h.critical {
            die(
                ui,
                20,
                Some(20),
                egui::Color32::from_rgb(240, 200, 90),
                30.0,
            );
            ui.label("a natural 20: 2d6 damage");
        }
    });
}

/// The least and most damage of a hit.
fn damage_range(h: &Hit, doubled: bool) -> (i32, i32) {
    let (lo, hi) = if h.critical { (2, 12) } else { (1, 6) };
    let k = if doubled { 2 } else { 1 };
    let bare = if h.bare { 2 } else { 0 };
    ((lo * k - bare).max(0), (hi * k - bare).max(0))
}
