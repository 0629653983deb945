//! The F1 help's lines: a key as the player has bound it (or a mouse gesture) and what it does
//! on the screen in use. Plain data built from the key map, so that a rebound key shows its
//! binding; the screens compose their lists from these (`screens::help`).

use super::key_map::{Key, Rebinds, bound};
use super::state::{CTRL, SHIFT, modifier_held};
use bevy::prelude::{ButtonInput, KeyCode};

/// One line of the help: the keys (or gesture) and what they do.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct HelpLine {
    pub keys: String,
    pub what: String,
}

impl HelpLine {
    pub fn new(keys: impl Into<String>, what: impl Into<String>) -> Self {
        Self {
            keys: keys.into(),
            what: what.into(),
        }
    }

    /// The keys bound to `key` now, with what the action does.
    pub fn key(rebinds: &Rebinds, key: Key) -> Self {
        Self::new(keys_text(bound(rebinds, key)), key.label())
    }

    /// The keys bound to `key` now, with `what` it does on this screen.
    pub fn key_as(rebinds: &Rebinds, key: Key, what: &str) -> Self {
        Self::new(keys_text(bound(rebinds, key)), what)
    }
}

/// A key's name as the help and the Settings window show it ("Q", "F1", "Tab").
pub fn key_name(k: KeyCode) -> String {
    let s = format!("{k:?}");
    s.strip_prefix("Key")
        .or_else(|| s.strip_prefix("Digit"))
        .unwrap_or(&s)
        .to_string()
}

/// Several keys that do the same, as one text ("Delete / Backspace").
pub fn keys_text(codes: &[KeyCode]) -> String {
    let names: Vec<String> = codes.iter().map(|k| key_name(*k)).collect();
    if names.is_empty() {
        "(unbound)".into()
    } else {
        names.join(" / ")
    }
}

/// A fixed key with the modifiers it needs, for the keys that are not rebindable actions (the
/// editor's Ctrl+S, the play screen's Ctrl+Z): the handler and the help read the same constant.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Chord {
    pub ctrl: bool,
    pub shift: bool,
    pub code: KeyCode,
}

impl Chord {
    pub const fn plain(code: KeyCode) -> Self {
        Self {
            ctrl: false,
            shift: false,
            code,
        }
    }

    pub const fn ctrl(code: KeyCode) -> Self {
        Self {
            ctrl: true,
            shift: false,
            code,
        }
    }

    pub const fn ctrl_shift(code: KeyCode) -> Self {
        Self {
            ctrl: true,
            shift: true,
            code,
        }
    }

    /// "Ctrl+Shift+Z".
    pub fn name(&self) -> String {
        format!(
            "{}{}{}",
            if self.ctrl { "Ctrl+" } else { "" },
            if self.shift { "Shift+" } else { "" },
            key_name(self.code)
        )
    }

    /// Whether the chord's key was pressed this frame with its modifiers held (a plain chord
    /// asks for none, and ignores those held).
    pub fn just_pressed(&self, keys: &ButtonInput<KeyCode>) -> bool {
        keys.just_pressed(self.code)
            && (!self.ctrl || modifier_held(keys, CTRL))
            && (!self.shift || modifier_held(keys, SHIFT))
    }
}

/// Several chords that do the same, as one text ("Ctrl+Y / Ctrl+Shift+Z").
pub fn chords_text(chords: &[Chord]) -> String {
    let names: Vec<String> = chords.iter().map(Chord::name).collect();
    names.join(" / ")
}

/// What a rule set adds to the help of a game in play: its own keys (actions of the key map,
/// e.g. Kry-Gothic's interrupt keys) and its mouse gestures and marker legend.
#[derive(Debug, Clone, Copy, Default)]
pub struct RulesHelp {
    pub keys: &'static [Key],
    pub lines: &'static [(&'static str, &'static str)],
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_line_shows_the_bound_keys_and_chords_their_modifiers() {
        let rebinds = vec![(Key::Measure, vec![KeyCode::KeyT, KeyCode::F5])];
        assert_eq!(HelpLine::key(&rebinds, Key::Measure).keys, "T / F5");
        assert_eq!(
            HelpLine::key(&rebinds, Key::RemoveModel).keys,
            "Delete / Backspace"
        );
        assert_eq!(Chord::ctrl_shift(KeyCode::KeyZ).name(), "Ctrl+Shift+Z");
        assert_eq!(key_name(KeyCode::Digit3), "3");
    }
}
