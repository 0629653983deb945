//! The F1 help of the screen in use: the main menu, the sandbox, the level editor, or a game in
//! play (the play screen's keys and the rule set's own). Each list is built from the keys the
//! program reads (the key map with the player's bindings, the editor's and the play screen's
//! fixed chords), so a rebound key shows its binding; the sandbox bar draws the window.

use crate::app::base::key_help::{HelpLine, RulesHelp};
use crate::app::base::key_map::{Key, Rebinds};
use crate::app::base::mode::Mode;
use crate::app::base::nav::MainMenu;
use crate::app::base::settings::Settings;
use crate::app::game::session::ActiveGame;
use bevy::prelude::*;

pub fn plugin(app: &mut App) {
    app.init_resource::<ScreenHelp>()
        .add_systems(Update, update_help);
}

/// Which screen's keys the help lists.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum HelpScreen {
    Menu,
    #[default]
    Sandbox,
    Editor,
    Game,
}

/// The help of the screen in use, kept up to date every frame.
#[derive(Resource, Debug, Clone, Default, PartialEq)]
pub struct ScreenHelp {
    pub screen: HelpScreen,
    /// "Kry-Gothic game", "Level editor".
    pub title: String,
    pub lines: Vec<HelpLine>,
}

impl ScreenHelp {
    /// Whether some line names `text` among its keys or its words.
    pub fn mentions(&self, text: &str) -> bool {
        self.lines
            .iter()
            .any(|l| l.keys.contains(text) || l.what.contains(text))
    }
}

fn update_help(
    mode: Option<Res<State<Mode>>>,
    menu: Option<Res<MainMenu>>,
    active: Option<Res<ActiveGame>>,
    settings: Option<Res<Settings>>,
    mut help: ResMut<ScreenHelp>,
) {
    let rebinds = settings.map(|s| s.keys.clone()).unwrap_or_default();
    let mode = mode.map_or(Mode::Sandbox, |m| *m.get());
    let want = match (mode, active.as_deref()) {
        (Mode::Game, Some(a)) => ScreenHelp {
            screen: HelpScreen::Game,
            title: format!("{} game", a.0.game().rules().label()),
            lines: game(&rebinds, a.0.help()),
        },
        (Mode::Editor, _) => ScreenHelp {
            screen: HelpScreen::Editor,
            title: "level editor".into(),
            lines: editor(&rebinds),
        },
        _ if menu.is_some_and(|m| m.show_main) => ScreenHelp {
            screen: HelpScreen::Menu,
            title: "main menu".into(),
            lines: main_menu(&rebinds),
        },
        _ => ScreenHelp {
            screen: HelpScreen::Sandbox,
            title: "sandbox".into(),
            lines: sandbox(&rebinds),
        },
    };
    if *help != want {
        *help = want;
    }
}

/// The camera's mouse and keys, on every screen that shows the table.
fn camera(rebinds: &Rebinds) -> Vec<HelpLine> {
    let mut v = vec![
        HelpLine::new("Right drag", "orbit the camera"),
        HelpLine::new("Middle drag", "pan the camera"),
        HelpLine::new("Wheel", "zoom"),
    ];
    for k in [
        Key::PanForward,
        Key::PanBack,
        Key::PanLeft,
        Key::PanRight,
        Key::ResetCamera,
        Key::Focus,
    ] {
        v.push(HelpLine::key(rebinds, k));
    }
    v
}

/// The view's toggles and the keys every screen has.
fn view(rebinds: &Rebinds) -> Vec<HelpLine> {
    vec![
        HelpLine::key_as(
            rebinds,
            Key::Grid,
            "toggle the inch grid (a bold line every 6\")",
        ),
        HelpLine::key_as(rebinds, Key::Zones, "toggle zone outlines"),
        HelpLine::key_as(rebinds, Key::Help, "this help"),
        HelpLine::key_as(
            rebinds,
            Key::Screenshot,
            "save a screenshot (wartable-<time>.png)",
        ),
    ]
}

/// The table's tools a player uses in the sandbox and in a game.
fn tools(rebinds: &Rebinds) -> Vec<HelpLine> {
    vec![
        HelpLine::key_as(
            rebinds,
            Key::TurnLeft,
            "turn the selected model 15\u{b0} left",
        ),
        HelpLine::key_as(
            rebinds,
            Key::TurnRight,
            "turn the selected model 15\u{b0} right",
        ),
        HelpLine::new("Shift + wheel", "turn the selected model 5\u{b0} a notch"),
        HelpLine::key_as(rebinds, Key::Measure, "toggle the tape measure tool"),
        HelpLine::key_as(
            rebinds,
            Key::Sight,
            "line of sight tool: click a shooter, then a target",
        ),
        HelpLine::key_as(
            rebinds,
            Key::Template,
            "blast template tool: click a model or point (3\", 5\" or custom)",
        ),
        HelpLine::key_as(
            rebinds,
            Key::MoveRange,
            "movement range of the selected model (and the path while dragging)",
        ),
        HelpLine::key_as(
            rebinds,
            Key::Cancel,
            "back to the Select tool, clear the tape",
        ),
    ]
}

/// The sandbox: the table without rules, its palette and its tools.
pub fn sandbox(rebinds: &Rebinds) -> Vec<HelpLine> {
    let mut v = vec![
        HelpLine::new(
            "Left click",
            "select a model (Select tool); place (palette); start a tape (Measure tool)",
        ),
        HelpLine::new(
            "Left drag",
            "move the selected model over the table; drag a tape measure",
        ),
    ];
    v.extend(tools(rebinds));
    v.push(HelpLine::key_as(
        rebinds,
        Key::RemoveModel,
        "remove the selected model",
    ));
    v.push(HelpLine::key_as(
        rebinds,
        Key::HeavyHit,
        "heavy hit tool: a hit on a weak (W) floor places a damaged-structure marker",
    ));
    v.extend(camera(rebinds));
    v.extend(view(rebinds));
    v
}

/// The level editor: its own keys, the camera and the view.
pub fn editor(rebinds: &Rebinds) -> Vec<HelpLine> {
    let mut v = vec![
        HelpLine::new(
            "Left click / drag",
            "use the tool picked in the editor window: paint, fill, raise, place or move pieces, draw zones, place objectives",
        ),
        HelpLine::new("Shift + click", "add a piece to the selection (Pieces)"),
    ];
    v.extend(super::editor::keys::help());
    v.extend(camera(rebinds));
    v.extend(view(rebinds));
    v
}

/// A game in play: the rule set's gestures and keys first, then the play screen's.
pub fn game(rebinds: &Rebinds, rules: RulesHelp) -> Vec<HelpLine> {
    let mut v: Vec<HelpLine> = rules
        .lines
        .iter()
        .map(|(k, w)| HelpLine::new(*k, *w))
        .collect();
    v.extend(rules.keys.iter().map(|k| HelpLine::key(rebinds, *k)));
    v.push(HelpLine::new(
        super::play::keys::UNDO.name(),
        "take back the last step that rolled no dice",
    ));
    v.extend(tools(rebinds));
    v.extend(camera(rebinds));
    v.extend(view(rebinds));
    v
}

/// The main menu: the mouse picks; the help and the screenshot keys work over it.
pub fn main_menu(rebinds: &Rebinds) -> Vec<HelpLine> {
    vec![
        HelpLine::new(
            "Left click",
            "pick an entry: Learn to play, a rule set's New game, Join online, Load, Balance, Sandbox, Level editor, Settings, Quit",
        ),
        HelpLine::new(
            "Sandbox, Level editor",
            "leave the menu for that screen, whose F1 lists its own keys",
        ),
        HelpLine::key_as(rebinds, Key::Help, "this help"),
        HelpLine::key_as(
            rebinds,
            Key::Screenshot,
            "save a screenshot (wartable-<time>.png)",
        ),
    ]
}
