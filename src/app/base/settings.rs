//! The player's settings, kept in the user's config folder (`settings.ron`; the folder can be
//! moved with `WARTABLE_CONFIG_DIR`): UI scale, the side colours, whether moves and shots are
//! animated, the Kry-Gothic interrupt countdown, the keys, the model packs drawn. A settings file that cannot be read
//! leaves the defaults and says why. The Settings window (`crate::app::screens::settings`) edits them.

use bevy::prelude::*;
use serde::{Deserialize, Serialize};
use std::path::PathBuf;

/// The settings.
#[derive(Resource, Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Settings {
    /// Size of the panels and their text, 1.0 the usual.
    pub ui_scale: f32,
    /// The colours of sides (or seats) 1 to 6, as sRGB.
    pub side_colours: [[u8; 3]; 6],
    /// Whether models glide when the game moves them, attacks and hits are shown, and the dice
    /// of each roll are thrown into the dice tray.
    pub animate: bool,
    /// The Kry-Gothic interrupt countdown a new game starts with, in seconds (`None`: off).
    pub kry_countdown: Option<f32>,
    /// Keys bound instead of the defaults.
    pub keys: crate::app::base::key_map::Rebinds,
    /// Online play over the internet: the signalling server, STUN and TURN.
    pub online: OnlineSettings,
    /// The model packs drawn, by id (`shipped/example`, `user/mine`: see
    /// `crate::app::base::packs::pack_id`). None by default: the example pack draws the
    /// built-in figures again, so it would only cost its loading time.
    pub packs: Vec<String>,
}

/// Where games over the internet meet (a signalling server) and how their connections find a
/// way through routers (STUN servers, and a TURN relay when nothing else gets through).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct OnlineSettings {
    /// The signalling server: `HOST:PORT`, `ws://HOST:PORT` or `wss://HOST`.
    pub signal: String,
    /// STUN servers, comma-separated (`stun:HOST:PORT`).
    pub stun: String,
    /// A TURN relay (`turn:HOST:PORT`; empty: none), its user and credential.
    pub turn: String,
    pub turn_user: String,
    pub turn_credential: String,
}

impl Default for OnlineSettings {
    fn default() -> Self {
        Self {
            signal: "127.0.0.1:3536".into(),
            stun: "stun:stun.l.google.com:19302".into(),
            turn: String::new(),
            turn_user: String::new(),
            turn_credential: String::new(),
        }
    }
}

impl OnlineSettings {
    /// The room link these settings give.
    pub fn link(&self) -> crate::net::headless::RoomLink {
        let stun = self
            .stun
            .split(',')
            .map(|s| s.trim().to_string())
            .filter(|s| !s.is_empty() && !s.eq_ignore_ascii_case("none"))
            .collect();
        let turn = (!self.turn.trim().is_empty()).then(|| crate::net::rtc::Turn {
            url: self.turn.trim().to_string(),
            user: self.turn_user.clone(),
            credential: self.turn_credential.clone(),
        });
        crate::net::headless::RoomLink {
            signal: self.signal.trim().to_string(),
            ice: crate::net::rtc::IceConfig { stun, turn },
        }
    }
}

/// Okabe and Ito's colour-blind-safe palette: blue, vermillion, bluish green, orange, reddish
/// purple, sky blue.
pub const COLOUR_BLIND_SAFE: [[u8; 3]; 6] = [
    [0, 114, 178],
    [213, 94, 0],
    [0, 158, 115],
    [230, 159, 0],
    [204, 121, 167],
    [86, 180, 233],
];

pub const UI_SCALES: std::ops::RangeInclusive<f32> = 0.75..=2.0;

impl Default for Settings {
    fn default() -> Self {
        Self {
            ui_scale: 1.0,
            side_colours: COLOUR_BLIND_SAFE,
            animate: true,
            kry_countdown: Some(crate::rules::kry::tempo::DEFAULT_COUNTDOWN),
            keys: Vec::new(),
            online: OnlineSettings::default(),
            packs: Vec::new(),
        }
    }
}

/// Whether the Settings window is open, what loading or saving last said, and the action
/// waiting for its new key.
#[derive(Resource, Debug, Default)]
pub struct SettingsWindow {
    pub open: bool,
    pub message: Option<String>,
    pub rebinding: Option<crate::app::base::key_map::Key>,
}

/// Where the settings live: `$WARTABLE_CONFIG_DIR/settings.ron`, or the user's config folder.
pub fn settings_path() -> Option<PathBuf> {
    if let Some(dir) = std::env::var_os("WARTABLE_CONFIG_DIR") {
        return Some(PathBuf::from(dir).join("settings.ron"));
    }
    directories::ProjectDirs::from("org", "Wartable", "wartable")
        .map(|d| d.config_dir().join("settings.ron"))
}

impl Settings {
    /// Reads settings from RON text, with a located error; values out of range are brought
    /// into range.
    pub fn from_ron(text: &str, file: &str) -> Result<Self, String> {
        let mut s: Settings = ron::from_str(text).map_err(|e| {
            format!(
                "{file}:{}:{}: {}",
                e.position.line.max(1),
                e.position.col.max(1),
                e.code
            )
        })?;
        if !s.ui_scale.is_finite() {
            s.ui_scale = 1.0;
        }
        s.ui_scale = s.ui_scale.clamp(*UI_SCALES.start(), *UI_SCALES.end());
        s.kry_countdown = s
            .kry_countdown
            .filter(|c| c.is_finite())
            .map(|c| c.clamp(1.0, 15.0));
        Ok(s)
    }

    /// The settings file's contents, or the defaults (and why, if the file was there but bad).
    pub fn load(path: &std::path::Path) -> (Self, Option<String>) {
        match std::fs::read_to_string(path) {
            Ok(text) => match Self::from_ron(&text, &path.display().to_string()) {
                Ok(s) => (s, None),
                Err(e) => (Self::default(), Some(format!("settings not read: {e}"))),
            },
            Err(_) => (Self::default(), None),
        }
    }

    pub fn load_or_default() -> Self {
        let Some(path) = settings_path() else {
            return Self::default();
        };
        let (s, err) = Self::load(&path);
        if let Some(e) = err {
            warn!("{e}");
        }
        s
    }

    /// Writes the settings, atomically.
    pub fn save(&self, path: &std::path::Path) -> Result<(), String> {
        let text = ron::ser::to_string_pretty(self, ron::ser::PrettyConfig::default())
            .map_err(|e| e.to_string())?;
        if let Some(dir) = path.parent() {
            std::fs::create_dir_all(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
        }
        let tmp = path.with_extension("ron.tmp");
        std::fs::write(&tmp, text).map_err(|e| format!("{}: {e}", tmp.display()))?;
        std::fs::rename(&tmp, path).map_err(|e| format!("{}: {e}", path.display()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn settings_round_trip_through_their_file() {
        let dir = std::env::temp_dir().join(format!("wartable-settings-{}", std::process::id()));
        let path = dir.join("nested").join("settings.ron");
        let s = Settings {
            ui_scale: 1.5,
            side_colours: [[1, 2, 3]; 6],
            animate: false,
            kry_countdown: None,
            keys: vec![(crate::app::base::key_map::Key::Grid, vec![KeyCode::KeyX])],
            online: OnlineSettings {
                signal: "wss://signal.example.org".into(),
                turn: "turn:turn.example.org:3478".into(),
                turn_user: "wartable".into(),
                turn_credential: "secret".into(),
                ..OnlineSettings::default()
            },
            packs: vec!["user/mine".into()],
        };
        s.save(&path).expect("saves");
        assert_eq!(Settings::load(&path), (s, None));
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn a_missing_file_gives_the_defaults_quietly_and_a_bad_one_says_where() {
        let missing = std::env::temp_dir().join("wartable-no-such-dir/settings.ron");
        assert_eq!(Settings::load(&missing), (Settings::default(), None));
        let err = Settings::from_ron("(ui_scale: 1.0,\n animate: maybe)", "s.ron").unwrap_err();
        assert!(err.starts_with("s.ron:2:"), "{err}");
        let err = Settings::from_ron("(colours: [])", "s.ron").unwrap_err();
        assert!(err.contains("colours"), "{err}");
    }

    #[test]
    fn the_online_settings_give_the_room_link() {
        let o = OnlineSettings {
            signal: " wss://signal.example.org ".into(),
            stun: "stun:a.example.org:3478, ,stun:b.example.org:3478".into(),
            turn: "turn:t.example.org:3478".into(),
            turn_user: "u".into(),
            turn_credential: "p".into(),
        };
        let l = o.link();
        assert_eq!(l.signal, "wss://signal.example.org");
        assert_eq!(
            l.ice.stun,
            ["stun:a.example.org:3478", "stun:b.example.org:3478"]
        );
        assert_eq!(l.ice.turn.as_ref().map(|t| t.user.as_str()), Some("u"));
        let none = OnlineSettings {
            stun: String::new(),
            ..OnlineSettings::default()
        };
        assert!(none.link().ice.stun.is_empty() && none.link().ice.turn.is_none());
    }

    #[test]
    fn values_out_of_range_are_brought_back() {
        let s = Settings::from_ron("(ui_scale: 40.0, kry_countdown: Some(99.0))", "s").unwrap();
        assert_eq!((s.ui_scale, s.kry_countdown), (2.0, Some(15.0)));
        let s = Settings::from_ron("(ui_scale: 0.1)", "s").unwrap();
        assert_eq!(s.ui_scale, 0.75);
        // Fields left out keep their defaults.
        assert_eq!(s.side_colours, COLOUR_BLIND_SAFE);
        assert!(s.animate);
    }
}
