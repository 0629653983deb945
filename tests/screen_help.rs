//! The F1 help lists the keys of the screen in use: the sandbox's tools in the sandbox, the
//! editor's keys in the editor, the menu's in the main menu (a game's are tested with each rule
//! set's app, `kry::app` and `kog::app`), each key as the player has bound it.

use bevy::prelude::*;
use wartable::app::base::key_help::HelpLine;
use wartable::app::base::keys::Key;
use wartable::app::base::mode::Mode;
use wartable::app::base::nav::MainMenu;
use wartable::app::screens::help::{HelpScreen, ScreenHelp};

fn app_in(mode: Mode) -> App {
    let mut app = App::new();
    app.add_plugins((
        MinimalPlugins,
        bevy::state::app::StatesPlugin,
        wartable::app::screens::help::plugin,
    ));
    app.insert_state(mode);
    app.update();
    app
}

fn help(app: &App) -> ScreenHelp {
    app.world().resource::<ScreenHelp>().clone()
}

fn line<'a>(h: &'a ScreenHelp, what: &str) -> Option<&'a HelpLine> {
    h.lines.iter().find(|l| l.what.contains(what))
}

#[test]
fn the_sandbox_help_lists_its_tools() {
    let app = app_in(Mode::Sandbox);
    let h = help(&app);
    assert_eq!(h.screen, HelpScreen::Sandbox);
    assert_eq!(
        line(&h, "heavy hit tool").map(|l| l.keys.as_str()),
        Some("H")
    );
    assert_eq!(
        line(&h, "remove the selected model").map(|l| l.keys.as_str()),
        Some("Delete / Backspace")
    );
    assert!(!h.mentions("interrupt"), "{h:?}");
    assert!(!h.mentions("Ctrl+S"), "{h:?}");
}

#[test]
fn the_editor_help_lists_the_editors_keys_not_the_sandboxs_tools() {
    let app = app_in(Mode::Editor);
    let h = help(&app);
    assert_eq!(h.screen, HelpScreen::Editor);
    assert_eq!(line(&h, "save").map(|l| l.keys.as_str()), Some("Ctrl+S"));
    assert_eq!(
        line(&h, "redo").map(|l| l.keys.as_str()),
        Some("Ctrl+Y / Ctrl+Shift+Z")
    );
    assert_eq!(line(&h, "snap grid").map(|l| l.keys.as_str()), Some("X"));
    assert!(line(&h, "heavy hit").is_none(), "{h:?}");
    assert!(line(&h, "remove the selected model").is_none(), "{h:?}");
    assert!(line(&h, "this help").is_some());
}

#[test]
fn the_main_menu_help_is_the_menus_and_follows_it_closing() {
    let mut app = app_in(Mode::Sandbox);
    app.world_mut().insert_resource(MainMenu {
        show_main: true,
        ..Default::default()
    });
    app.update();
    let h = help(&app);
    assert_eq!(h.screen, HelpScreen::Menu);
    assert!(line(&h, "pick an entry").is_some(), "{h:?}");
    assert!(line(&h, "tape measure").is_none(), "{h:?}");
    app.world_mut().resource_mut::<MainMenu>().show_main = false;
    app.update();
    assert_eq!(help(&app).screen, HelpScreen::Sandbox);
}

#[test]
fn a_rebound_key_shows_its_binding_in_the_help() {
    let mut app = app_in(Mode::Sandbox);
    app.world_mut()
        .insert_resource(wartable::app::base::settings::Settings {
            keys: vec![(Key::Measure, vec![KeyCode::KeyT])],
            ..Default::default()
        });
    app.update();
    let h = help(&app);
    assert_eq!(
        line(&h, "toggle the tape measure").map(|l| l.keys.as_str()),
        Some("T")
    );
    assert_eq!(line(&h, "this help").map(|l| l.keys.as_str()), Some("F1"));
}
