//! The table's keys after a button took egui's keyboard focus (by a click, or by Tab, which is
//! side 1's interrupt key): the focus is kept to text fields (`keys::keep_focus_to_text`, run
//! after each egui pass), so a button does not hold F1, Ctrl+Z, Tab or Enter, and Enter does not
//! press the button again; typing in a text field still holds them (`keys::keys_free`).

use bevy::prelude::*;
use bevy_egui::egui;
use wartable::app::base::keys::{TypingInField, keep_focus_to_text, keys_free};

fn key(k: egui::Key) -> egui::Event {
    egui::Event::Key {
        key: k,
        physical_key: None,
        pressed: true,
        repeat: false,
        modifiers: egui::Modifiers::default(),
    }
}

/// One frame of a screen with a button and a text field; whether the button was pressed.
fn frame(
    ctx: &egui::Context,
    events: Vec<egui::Event>,
    text: &mut String,
    focus_text: bool,
) -> bool {
    let input = egui::RawInput {
        events,
        screen_rect: Some(egui::Rect::from_min_size(
            egui::Pos2::ZERO,
            egui::vec2(400.0, 300.0),
        )),
        ..Default::default()
    };
    let mut pressed = false;
    ctx.run_ui(input, |ui| {
        pressed |= ui.button("End turn").clicked();
        let r = ui.text_edit_singleline(text);
        if focus_text {
            r.request_focus();
        }
    })
    .drop_without_applying_deltas();
    pressed
}

#[test]
fn a_button_does_not_keep_the_keyboard_but_a_text_field_does() {
    let ctx = egui::Context::default();
    let mut text = String::new();
    frame(&ctx, Vec::new(), &mut text, false);
    // Tab gives the button egui's keyboard focus: egui now wants every key.
    frame(&ctx, vec![key(egui::Key::Tab)], &mut text, false);
    assert!(
        ctx.memory(|m| m.focused()).is_some(),
        "Tab focused the button"
    );
    assert!(ctx.egui_wants_keyboard_input());
    // After the pass the focus is given up: the keys are the game's again.
    assert!(!keep_focus_to_text(&ctx), "no text field has the keyboard");
    assert!(ctx.memory(|m| m.focused()).is_none());
    assert!(!ctx.egui_wants_keyboard_input());
    // Enter (side 2's interrupt key) does not press the button.
    assert!(!frame(&ctx, vec![key(egui::Key::Enter)], &mut text, false));
    // A text field keeps the keyboard while it is typed in.
    frame(&ctx, Vec::new(), &mut text, true);
    frame(&ctx, Vec::new(), &mut text, false);
    assert!(keep_focus_to_text(&ctx), "the text field has the keyboard");
    assert!(ctx.egui_wants_keyboard_input());
}

/// The keys' run condition: held only while a text field is typed in (and free in an app
/// without egui).
#[test]
fn the_keys_are_held_only_while_typing() {
    let mut app = App::new();
    let free = |app: &mut App| app.world_mut().run_system_cached(keys_free).unwrap();
    assert!(free(&mut app), "no egui at all");
    app.insert_resource(TypingInField(false));
    assert!(free(&mut app));
    app.insert_resource(TypingInField(true));
    assert!(!free(&mut app));
}
