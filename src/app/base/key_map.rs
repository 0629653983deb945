//! The table's keyboard actions, each with its default keys, and the player's own bindings as
//! the settings keep them: plain data, read by the key bindings and the Settings window.

use bevy::prelude::*;
use leafwing_input_manager::prelude::*;
use serde::{Deserialize, Serialize};

/// A keyboard action.
#[derive(Actionlike, Clone, Copy, Debug, PartialEq, Eq, Hash, Reflect, Serialize, Deserialize)]
pub enum Key {
    TurnLeft,
    TurnRight,
    RemoveModel,
    Measure,
    Sight,
    Template,
    HeavyHit,
    MoveRange,
    Cancel,
    Grid,
    Zones,
    Help,
    Screenshot,
    PanForward,
    PanBack,
    PanLeft,
    PanRight,
    ResetCamera,
    Focus,
    InterruptSide1,
    InterruptSide2,
}

impl Key {
    pub const ALL: [Key; 21] = [
        Key::TurnLeft,
        Key::TurnRight,
        Key::RemoveModel,
        Key::Measure,
        Key::Sight,
        Key::Template,
        Key::HeavyHit,
        Key::MoveRange,
        Key::Cancel,
        Key::Grid,
        Key::Zones,
        Key::Help,
        Key::Screenshot,
        Key::PanForward,
        Key::PanBack,
        Key::PanLeft,
        Key::PanRight,
        Key::ResetCamera,
        Key::Focus,
        Key::InterruptSide1,
        Key::InterruptSide2,
    ];

    pub fn label(self) -> &'static str {
        match self {
            Key::TurnLeft => "turn the selected model left",
            Key::TurnRight => "turn the selected model right",
            Key::RemoveModel => "remove the selected model (sandbox)",
            Key::Measure => "tape measure",
            Key::Sight => "line of sight tool",
            Key::Template => "blast template tool",
            Key::HeavyHit => "heavy hit tool",
            Key::MoveRange => "movement range",
            Key::Cancel => "back to Select, clear the tape",
            Key::Grid => "inch grid",
            Key::Zones => "zone outlines",
            Key::Help => "controls help",
            Key::Screenshot => "screenshot",
            Key::PanForward => "pan forward",
            Key::PanBack => "pan back",
            Key::PanLeft => "pan left",
            Key::PanRight => "pan right",
            Key::ResetCamera => "reset the camera",
            Key::Focus => "focus on the selected model",
            Key::InterruptSide1 => "Kry-Gothic: side 1 interrupts",
            Key::InterruptSide2 => "Kry-Gothic: side 2 interrupts",
        }
    }

    pub fn defaults(self) -> &'static [KeyCode] {
        match self {
            Key::TurnLeft => &[KeyCode::KeyQ],
            Key::TurnRight => &[KeyCode::KeyE],
            Key::RemoveModel => &[KeyCode::Delete, KeyCode::Backspace],
            Key::Measure => &[KeyCode::KeyM],
            Key::Sight => &[KeyCode::KeyL],
            Key::Template => &[KeyCode::KeyB],
            Key::HeavyHit => &[KeyCode::KeyH],
            Key::MoveRange => &[KeyCode::KeyR],
            Key::Cancel => &[KeyCode::Escape],
            Key::Grid => &[KeyCode::KeyG],
            Key::Zones => &[KeyCode::KeyZ],
            Key::Help => &[KeyCode::F1],
            Key::Screenshot => &[KeyCode::F12],
            Key::PanForward => &[KeyCode::KeyW, KeyCode::ArrowUp],
            Key::PanBack => &[KeyCode::KeyS, KeyCode::ArrowDown],
            Key::PanLeft => &[KeyCode::KeyA, KeyCode::ArrowLeft],
            Key::PanRight => &[KeyCode::KeyD, KeyCode::ArrowRight],
            Key::ResetCamera => &[KeyCode::Home],
            Key::Focus => &[KeyCode::KeyF],
            Key::InterruptSide1 => &[KeyCode::Tab],
            Key::InterruptSide2 => &[KeyCode::Enter, KeyCode::NumpadEnter],
        }
    }
}

/// The keys a player chose instead of the defaults, by action.
pub type Rebinds = Vec<(Key, Vec<KeyCode>)>;

/// The keys bound to `key`: the player's, or the defaults.
pub fn bound(rebinds: &Rebinds, key: Key) -> &[KeyCode] {
    rebinds
        .iter()
        .find(|(k, _)| *k == key)
        .map_or(key.defaults(), |(_, v)| v.as_slice())
}

/// The input map of every action.
pub fn input_map(rebinds: &Rebinds) -> InputMap<Key> {
    let mut map = InputMap::default();
    for key in Key::ALL {
        for code in bound(rebinds, key) {
            map.insert(key, *code);
        }
    }
    map
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_action_has_a_key_and_no_two_defaults_clash() {
        let mut seen = std::collections::HashMap::new();
        for key in Key::ALL {
            assert!(!key.defaults().is_empty(), "{key:?}");
            for code in key.defaults() {
                if let Some(other) = seen.insert(*code, key) {
                    panic!("{code:?} is both {other:?} and {key:?}");
                }
            }
        }
    }

    #[test]
    fn a_rebind_replaces_only_its_action() {
        let rebinds = vec![(Key::Grid, vec![KeyCode::KeyX])];
        assert_eq!(bound(&rebinds, Key::Grid), [KeyCode::KeyX]);
        assert_eq!(bound(&rebinds, Key::Zones), [KeyCode::KeyZ]);
        let map = input_map(&rebinds);
        let grid = map.get_buttonlike(&Key::Grid).expect("bound");
        assert_eq!(grid.len(), 1);
        let pan = map.get_buttonlike(&Key::PanForward).expect("bound");
        assert_eq!(pan.len(), 2);
    }
}
