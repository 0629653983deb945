//! The start-up router: the window `wartable --open NAME` asks for, opened once the program is
//! up. It opens the shared windows (the main menu, a rule set's New game window, Load, Settings,
//! Balance, the rules reference of the game in play); a name a rule set owns (KOG light's
//! `new-battle` and `builder`, DnDalike's `dnd-builder`) is opened by that rule set's plugin.

use crate::app::base::nav::{MainMenu, OpenAtStart};
use crate::app::base::settings::SettingsWindow;
use crate::app::game::registry::PlayRegistry;
use crate::app::game::session::ActiveGame;
use crate::app::screens::balance::Balance;
use crate::rules::core::RulesId;
use bevy::prelude::*;

pub fn plugin(app: &mut App) {
    app.add_systems(Update, open_at_start.run_if(resource_exists::<OpenAtStart>));
}

#[allow(clippy::too_many_arguments)]
fn open_at_start(
    mut commands: Commands,
    open: Res<OpenAtStart>,
    mut main: ResMut<MainMenu>,
    registry: Res<PlayRegistry>,
    active: Option<ResMut<ActiveGame>>,
    balance: Option<ResMut<Balance>>,
    settings: Option<ResMut<SettingsWindow>>,
    mut waited: Local<u32>,
) {
    *waited += 1;
    match open.0.as_str() {
        // "new-kry-gothic", "new-ktog", "new-krig": a rule set's New game window.
        key if key
            .strip_prefix("new-")
            .is_some_and(|k| RulesId::from_key(k).is_ok()) =>
        {
            main.new_game = key
                .strip_prefix("new-")
                .and_then(|k| RulesId::from_key(k).ok());
        }
        "load" => main.show_load = true,
        "settings" => {
            if let Some(mut s) = settings {
                s.open = true;
            }
        }
        // "balance-run": the Balance window with a run started; "balance-matrix": a Kry-Gothic
        // matrix of every team started (for screenshots).
        "balance" | "balance-run" | "balance-matrix" => {
            if let Some(mut b) = balance {
                b.open = true;
                if open.0 == "balance-matrix" {
                    (b.rules, b.games) = (RulesId::KryGothic, 10);
                }
                b.refresh(&registry);
                if open.0 == "balance-matrix" {
                    b.forces.iter_mut().for_each(|f| f.1 = true);
                }
                if open.0 != "balance" && !b.is_running() {
                    b.start();
                }
            }
        }
        "menu" => main.show_main = true,
        "rules" => match active {
            Some(mut a) => a.shell_mut().show_rules = true,
            None if *waited < 600 => return,
            None => {}
        },
        // A rule set's own window: its plugin opens it.
        _ => return,
    }
    commands.remove_resource::<OpenAtStart>();
}
