//! The stack drawn as a column of cards, top first (each with its owner, what it does, its
//! rolled die, what it targets and the attacks merged into it); the respond-or-pass prompt for
//! the person asked, with its countdown; and the "pass the screen" prompt that must be answered
//! before a player's secret damage totals show.

use super::panels::party_color;
use super::session::{DndSession, Screen};
use crate::app::base::state::Notices;
use crate::app::game::session::ActiveGame;
use crate::app::games::duel::dice::die;
use crate::rules::dndalike::state::Entry;
use crate::rules::dndalike::{Ability, Command, DndState};
use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

pub fn plugin(app: &mut App) {
    app.add_systems(
        EguiPrimaryContextPass,
        windows
            .in_set(crate::app::base::sets::PlayUi::Panels)
            .after(super::panels::GameUi)
            .run_if(super::panels::in_game),
    );
}

fn windows(
    mut contexts: EguiContexts,
    mut active: ResMut<ActiveGame>,
    mut notices: ResMut<Notices>,
) -> Result {
    let Some(session) = DndSession::of_mut(&mut active) else {
        return Ok(());
    };
    let ctx = contexts.ctx_mut()?.clone();
    let mut cmd = None;
    if !session.state().stack.is_empty() {
        egui::Window::new("The stack")
            .id(egui::Id::new("dnd_stack"))
            .collapsible(false)
            .resizable(false)
            .anchor(egui::Align2::RIGHT_TOP, [-330.0, 70.0])
            .show(&ctx, |ui| {
                cards(ui, session.state());
                if let Some(c) = respond(ui, session) {
                    cmd = Some(c);
                }
            });
    }
    if let Some(c) = backlash_prompt(&ctx, session) {
        cmd = Some(c);
    }
    screen_prompt(&ctx, session);
    if let Some(c) = cmd
        && let Err(e) = session.submit(c)
    {
        notices.status = format!("Refused: {e}");
    }
    Ok(())
}

/// The stack, top first.
fn cards(ui: &mut egui::Ui, st: &DndState) {
    ui.label(egui::RichText::new("top: resolves first").small().weak());
    for (k, e) in st.stack.iter().enumerate().rev() {
        egui::Frame::group(ui.style())
            .fill(if k + 1 == st.stack.len() {
                egui::Color32::from_rgb(60, 56, 40)
            } else {
                ui.visuals().faint_bg_color
            })
            .show(ui, |ui| {
                ui.set_min_width(300.0);
                entry_card(ui, st, e)
            });
    }
}

fn entry_card(ui: &mut egui::Ui, st: &DndState, e: &Entry) {
    let by = &st.chars[e.by];
    ui.horizontal(|ui| {
        if let Some(r) = e.roll {
            let fill = match e.ability.cost().0 {
                Some(k) => super::panels::die_color(k),
                None => egui::Color32::from_gray(200),
            };
            die(ui, 6, Some(r), fill, 26.0);
        }
        ui.vertical(|ui| {
            ui.horizontal(|ui| {
                ui.label(
                    egui::RichText::new(by.name())
                        .color(party_color(by.party))
                        .strong(),
                );
                ui.label(
                    egui::RichText::new(crate::rules::dndalike::describe::spell_name(
                        st, &e.ability,
                    ))
                    .strong(),
                );
                ui.weak(format!("#{}", e.id));
            });
            ui.label(target_line(st, e));
        });
    });
    for m in &e.merged {
        ui.horizontal(|ui| {
            ui.add_space(16.0);
            die(
                ui,
                6,
                Some(m.roll),
                super::panels::die_color(crate::rules::dndalike::DieKind::Attack),
                20.0,
            );
            ui.label(format!(
                "{} merges a {} where the mover comes into reach",
                st.name(m.by),
                if m.finish { "finishing attack" } else { "jab" }
            ));
        });
    }
}

/// What an entry does, against what, judged how.
/// What a stacked ability will do, in words; a Move's or Dodge's armour class is the M die with
/// its owner's DEX bonus, as it will count at resolution.
pub fn target_line(st: &DndState, e: &Entry) -> String {
    let a = &e.ability;
    let on = |id: u32| {
        st.entry(id)
            .map(|e| format!("{}'s {} (#{id})", st.name(e.by), e.ability.label()))
            .unwrap_or_else(|| format!("#{id}, gone"))
    };
    match a {
        Ability::Move { to } => format!(
            "to ({:.1}, {:.1}); AC rises to {}",
            to.x,
            to.y,
            st.value(e)
        ),
        Ability::Dodge => format!("AC rises to {}", st.value(e)),
        Ability::Jab { target } => format!(
            "a wound to {} if A reaches AC {} at resolution",
            st.name(*target),
            st.chars[*target].ac()
        ),
        Ability::Finish { target } => format!(
            "a finishing blow on {} if A reaches AC {} at resolution",
            st.name(*target),
            st.chars[*target].ac()
        ),
        Ability::Block { entry } => format!("cancels {}", on(*entry)),
        Ability::BlockMerged { onto, attacker } => format!(
            "cancels {}'s attack merged into {}",
            st.name(*attacker),
            on(*onto)
        ),
        Ability::Trip { entry } => format!("cancels {} on a hit", on(*entry)),
        Ability::Riposte { entry } => format!("cancels {} on a hit", on(*entry)),
        Ability::Exert { die } => format!("regains an {} die", die.letter()),
        Ability::Draw => "draws a spell stone at random from the bag".into(),
        Ability::Cast { spell, target } => {
            let Some(sp) = st.grimoire.spells.get(*spell as usize) else {
                return String::new();
            };
            format!(
                "{} spell, level {}, on {}: {}",
                sp.school,
                sp.level,
                crate::rules::dndalike::describe::cast_target(st, *spell, *target),
                sp.text.trim_end_matches('.')
            )
        }
    }
}

/// The respond-or-pass prompt for the person asked: every quick answer of that seat's
/// characters, Pass, and the countdown.
fn respond(ui: &mut egui::Ui, session: &DndSession) -> Option<Command> {
    let seat = session.asked()?;
    let st = session.state();
    let mut out = None;
    ui.separator();
    ui.label(
        egui::RichText::new(format!("{}: respond or pass", session.seat_name(seat)))
            .strong()
            .size(15.0),
    );
    for (i, c) in st.chars.iter().enumerate() {
        if c.seat != seat || c.dead {
            continue;
        }
        let answers = crate::rules::dndalike::answers::responses(st, i);
        if answers.is_empty() {
            continue;
        }
        ui.horizontal_wrapped(|ui| {
            ui.label(egui::RichText::new(c.name()).color(party_color(c.party)));
            for a in answers {
                if super::panels::command_button(ui, st, &a).clicked() {
                    out = Some(a);
                }
            }
        });
    }
    if let Some((_, left)) = session.pause_left {
        let of = session.pause.unwrap_or(1.0).max(0.1);
        ui.add(
            egui::ProgressBar::new((left / of).clamp(0.0, 1.0))
                .text(format!("{left:.1} s, then a pass")),
        );
    }
    if ui
        .button("Pass")
        .on_hover_text(super::tips::Tip::Pass.text())
        .clicked()
    {
        out = Some(Command::Pass);
    }
    out
}

/// "If the saving throw fails they must either choose to gain a fatigue or lose all spell
/// stones in their active pool and their discard pile": the choice for a person's sorcerer.
fn backlash_prompt(ctx: &egui::Context, session: &DndSession) -> Option<Command> {
    let st = session.state();
    let crate::rules::dndalike::Phase::Backlash { who } = &st.phase else {
        return None;
    };
    let &i = who
        .iter()
        .find(|i| session.human_seats().contains(&st.chars[**i].seat))?;
    let c = &st.chars[i];
    let mut out = None;
    egui::Window::new("The end of the turn")
        .id(egui::Id::new("dnd_backlash"))
        .collapsible(false)
        .resizable(false)
        .anchor(egui::Align2::CENTER_TOP, [0.0, 80.0])
        .show(ctx, |ui| {
            ui.label(
                egui::RichText::new(format!(
                    "{} failed the sorcerer's end-of-turn saving throw.",
                    c.name()
                ))
                .strong()
                .color(party_color(c.party)),
            );
            ui.label("Gain a fatigue, or lose every stone in the active pool and the discard pile until a serious rest:");
            let tire = Command::Backlash {
                who: i,
                lose_stones: false,
            };
            let lose = Command::Backlash {
                who: i,
                lose_stones: true,
            };
            ui.horizontal(|ui| {
                if ui
                    .add_enabled(
                        session.game.check(c.seat, &tire).is_ok(),
                        egui::Button::new(format!(
                            "Gain a fatigue ({} of {})",
                            c.fatigue + 1,
                            c.sheet.max_fatigue()
                        )),
                    )
                    .on_hover_text(super::tips::Tip::Backlash.text())
                    .clicked()
                {
                    out = Some(tire);
                }
                let n = c.stones.pool.len() + c.stones.discard.len();
                if ui
                    .button(format!(
                        "Lose {} stone{}",
                        n,
                        if n == 1 { "" } else { "s" }
                    ))
                    .on_hover_text(super::tips::Tip::Backlash.text())
                    .clicked()
                {
                    out = Some(lose);
                }
            });
        });
    out
}

/// "Pass the screen": with more than one person at the screen, a player's damage totals show
/// only after they say they are the one looking.
fn screen_prompt(ctx: &egui::Context, session: &mut DndSession) {
    let humans = session.human_seats();
    if humans.len() < 2 {
        return;
    }
    egui::Window::new("Secrets")
        .id(egui::Id::new("dnd_secrets"))
        .collapsible(true)
        .resizable(false)
        .anchor(egui::Align2::LEFT_BOTTOM, [300.0, -170.0])
        .show(ctx, |ui| match session.screen {
            Screen::Hidden => {
                ui.label("Damage totals are hidden. Show them to:");
                ui.horizontal_wrapped(|ui| {
                    for s in &humans {
                        if ui.button(session.seat_name(*s)).clicked() {
                            session.screen = Screen::Passing(*s);
                        }
                    }
                });
            }
            Screen::Passing(s) => {
                ui.label(
                    egui::RichText::new(format!(
                        "Pass the screen to {}. Everyone else, look away.",
                        session.seat_name(s)
                    ))
                    .strong(),
                );
                ui.horizontal(|ui| {
                    if ui
                        .button(format!("I am {}: show", session.seat_name(s)))
                        .clicked()
                    {
                        session.screen = Screen::Shown(s);
                    }
                    if ui.button("Cancel").clicked() {
                        session.screen = Screen::Hidden;
                    }
                });
            }
            Screen::Shown(s) => {
                ui.label(format!("Showing {}'s damage totals.", session.seat_name(s)));
                if ui.button("Hide").clicked() {
                    session.screen = Screen::Hidden;
                }
            }
        });
}
