//! Rebindable keys: the table's keyboard actions as leafwing-input-manager actions, each with
//! its default keys, and the player's own bindings from the settings. Systems ask [`Keys`]; an
//! app without the bindings (a headless test) answers from the default keys. Only typing in a
//! text field holds the keys ([`keys_free`]): egui's keyboard focus is kept to text fields.

use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use leafwing_input_manager::prelude::*;

pub fn plugin(app: &mut App) {
    app.add_plugins(InputManagerPlugin::<Key>::default())
        .init_resource::<TypingInField>()
        .add_systems(Startup, spawn_bindings)
        .add_systems(
            PostUpdate,
            watch_focus
                .after(bevy_egui::EguiPostUpdateSet::EndPass)
                .before(bevy_egui::EguiPostUpdateSet::ProcessOutput),
        );
}

/// Whether a text field has the keyboard (the seed, a file name, real dice typed in): the only
/// time the table's keys stay quiet.
#[derive(Resource, Debug, Default, Clone, Copy, PartialEq, Eq)]
pub struct TypingInField(pub bool);

/// The run condition of the table's keys (F1, Ctrl+Z, the tools, the camera, the interrupt
/// keys): no text field is being typed in. A button clicked, or reached by Tab, does not hold
/// them.
pub fn keys_free(typing: Option<Res<TypingInField>>) -> bool {
    typing.is_none_or(|t| !t.0)
}

/// Keeps egui's keyboard focus to text fields: a button (or any other widget) that took it, by a
/// click or by Tab, gives it up, so that the next key is the game's and not the button's (Enter
/// or Space would press it again). Whether a text field has it.
pub fn keep_focus_to_text(ctx: &bevy_egui::egui::Context) -> bool {
    let Some(id) = ctx.memory(|m| m.focused()) else {
        return false;
    };
    if ctx.text_edit_focused() {
        return true;
    }
    ctx.memory_mut(|m| m.surrender_focus(id));
    false
}

fn watch_focus(
    mut contexts: Query<&mut bevy_egui::EguiContext>,
    mut typing: ResMut<TypingInField>,
) {
    let mut any = false;
    for mut c in &mut contexts {
        any |= keep_focus_to_text(c.get_mut());
    }
    if typing.0 != any {
        typing.0 = any;
    }
}

pub use crate::app::base::key_map::{Key, Rebinds, bound, input_map};

/// The entity that holds the bindings.
#[derive(Component)]
pub struct Bindings;

fn spawn_bindings(
    mut commands: Commands,
    settings: Option<Res<crate::app::base::settings::Settings>>,
) {
    let rebinds = settings.map(|s| s.keys.clone()).unwrap_or_default();
    commands.spawn((Bindings, input_map(&rebinds)));
}

/// The first of `codes` by name, or "unbound".
pub fn first_key_label(codes: &[KeyCode]) -> String {
    codes.first().map_or_else(
        || "unbound".to_string(),
        |k| crate::app::base::key_help::key_name(*k),
    )
}

/// Rebuilds the bindings after the settings changed them.
pub fn rebind(map: &mut InputMap<Key>, rebinds: &Rebinds) {
    *map = input_map(rebinds);
}

/// The keyboard actions as a system sees them.
#[derive(SystemParam)]
pub struct Keys<'w, 's> {
    actions: Query<'w, 's, &'static ActionState<Key>>,
    raw: Option<Res<'w, ButtonInput<KeyCode>>>,
    settings: Option<Res<'w, crate::app::base::settings::Settings>>,
}

impl Keys<'_, '_> {
    /// Whether `key` was pressed this frame. A tap pressed and let go between two frames (a slow
    /// frame, as under a software renderer) counts too: the action state sees only keys still
    /// down, so the keys bound to the action are asked as well.
    pub fn just_pressed(&self, key: Key) -> bool {
        let tapped = |codes: &[KeyCode]| {
            self.raw
                .as_ref()
                .is_some_and(|r| r.any_just_pressed(codes.iter().copied()))
        };
        match self.actions.single() {
            Ok(a) => {
                a.just_pressed(&key)
                    || match &self.settings {
                        Some(s) => tapped(bound(&s.keys, key)),
                        None => tapped(key.defaults()),
                    }
            }
            Err(_) => tapped(key.defaults()),
        }
    }

    /// The name of the first key bound to `key` (the player's, or the default), as a button
    /// that names its key shows it ("Tab").
    pub fn label(&self, key: Key) -> String {
        let codes = match &self.settings {
            Some(s) => bound(&s.keys, key),
            None => key.defaults(),
        };
        first_key_label(codes)
    }

    pub fn pressed(&self, key: Key) -> bool {
        match self.actions.single() {
            Ok(a) => a.pressed(&key),
            Err(_) => self
                .raw
                .as_ref()
                .is_some_and(|r| r.any_pressed(key.defaults().iter().copied())),
        }
    }
}

#[cfg(test)]
mod app_tests {
    use super::*;

    /// The bindings turn key presses into actions, and a rebound key replaces the default.
    #[test]
    fn a_pressed_key_is_its_action() {
        let mut app = App::new();
        app.add_plugins((MinimalPlugins, bevy::input::InputPlugin, plugin));
        app.insert_resource(crate::app::base::settings::Settings {
            keys: vec![(Key::Grid, vec![KeyCode::KeyX])],
            ..Default::default()
        });
        app.update();
        let press = |app: &mut App, k: KeyCode| {
            app.world_mut()
                .resource_mut::<ButtonInput<KeyCode>>()
                .press(k);
            app.update();
            let mut q = app.world_mut().query::<&ActionState<Key>>();
            let a = q.single(app.world()).expect("bindings");
            let out: Vec<Key> = Key::ALL.into_iter().filter(|k| a.just_pressed(k)).collect();
            let mut keys = app.world_mut().resource_mut::<ButtonInput<KeyCode>>();
            keys.release(k);
            keys.clear();
            app.update();
            out
        };
        assert_eq!(press(&mut app, KeyCode::F12), vec![Key::Screenshot]);
        assert_eq!(press(&mut app, KeyCode::KeyX), vec![Key::Grid]);
        assert_eq!(press(&mut app, KeyCode::KeyG), Vec::<Key>::new());
        assert_eq!(press(&mut app, KeyCode::ArrowUp), vec![Key::PanForward]);
    }
}
