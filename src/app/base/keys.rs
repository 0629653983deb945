//! Rebindable keys: the table's keyboard actions as leafwing-input-manager actions, each with
//! its default keys, and the player's own bindings from the settings. Systems ask [`Keys`]; an
//! app without the bindings (a headless test) answers from the default keys.

use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use leafwing_input_manager::prelude::*;

pub fn plugin(app: &mut App) {
    app.add_plugins(InputManagerPlugin::<Key>::default())
        .add_systems(Startup, spawn_bindings);
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
