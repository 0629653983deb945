//! The rule sets the program can play at the table: each rule set's app plugin registers how to
//! open its saves and what it brings to the shared screens (the force lists the Balance window
//! offers, its player-count knob). The menu offers only these; a save opens with the rule set its
//! header names.

use super::session::ActiveGame;
use crate::rules::core::RulesId;
use bevy::prelude::*;
use std::path::Path;

pub fn plugin(app: &mut App) {
    app.init_resource::<PlayRegistry>().add_systems(
        Update,
        start_saved_game.run_if(resource_exists::<StartGame>),
    );
}

/// A rule set at the table.
#[derive(Clone, Copy)]
pub struct RuleSetApp {
    pub id: RulesId,
    /// Opens a save of this rule set: the game (with any load warning in its shell) and the
    /// level to show.
    pub load: fn(&Path) -> Result<(ActiveGame, crate::data::LevelFile), Vec<String>>,
    /// A session of this rule set from a copy of a game (`Game<R>` as `Any`) kept elsewhere:
    /// an online seat's view, or the game an online host starts with.
    pub online: fn(&dyn std::any::Any) -> Option<(ActiveGame, crate::data::LevelFile)>,
    /// The force lists a matchup matrix of the Balance window picks from (shipped, then the
    /// player's).
    pub force_files: fn() -> Vec<std::path::PathBuf>,
    /// The number of players a game may be set up for (least, most), for a rule set whose games
    /// let it be chosen; `None` for two sides.
    pub players: Option<(u8, u8)>,
}

impl RuleSetApp {
    /// A rule set that opens its saves and online sessions so, with no force lists on offer
    /// and two sides.
    pub fn new(
        id: RulesId,
        load: fn(&Path) -> Result<(ActiveGame, crate::data::LevelFile), Vec<String>>,
        online: fn(&dyn std::any::Any) -> Option<(ActiveGame, crate::data::LevelFile)>,
    ) -> Self {
        Self {
            id,
            load,
            online,
            force_files: Vec::new,
            players: None,
        }
    }
}

/// The rule sets registered, in menu order.
#[derive(Resource, Default)]
pub struct PlayRegistry(pub Vec<RuleSetApp>);

impl PlayRegistry {
    pub fn add(&mut self, r: RuleSetApp) {
        self.0.retain(|x| x.id != r.id);
        self.0.push(r);
        self.0.sort_by_key(|x| x.id);
    }

    /// Opens a save of any registered rule set, as its header says.
    pub fn load(&self, path: &Path) -> Result<(ActiveGame, crate::data::LevelFile), Vec<String>> {
        let file = path.display().to_string();
        let text = crate::data::read_text(path).map_err(|e| vec![e.to_string()])?;
        let (rules, _) =
            crate::rules::core::save::read_header(&file, &text).map_err(|e| vec![e.to_string()])?;
        let id = RulesId::from_key(&rules).map_err(|e| vec![format!("{file}: {e}")])?;
        let entry = self.0.iter().find(|r| r.id == id).ok_or_else(|| {
            vec![format!(
                "{file}: {} cannot be played at the table yet",
                id.label()
            )]
        })?;
        (entry.load)(path)
    }
}

impl PlayRegistry {
    /// A session for a copy of `game` (a `Game<R>` of rule set `id`).
    pub fn online(
        &self,
        id: RulesId,
        game: &dyn std::any::Any,
    ) -> Option<(ActiveGame, crate::data::LevelFile)> {
        (self.0.iter().find(|r| r.id == id)?.online)(game)
    }
}

/// A saved game to open at start (`wartable --game FILE`).
#[derive(Resource, Debug, Clone)]
pub struct StartGame(pub std::path::PathBuf);

fn start_saved_game(
    mut commands: Commands,
    start: Res<StartGame>,
    registry: Res<PlayRegistry>,
    mut notices: ResMut<crate::app::base::state::Notices>,
    state: Option<ResMut<crate::app::base::state::TableState>>,
) {
    let Some(mut state) = state else { return };
    commands.remove_resource::<StartGame>();
    match registry.load(&start.0) {
        Ok((game, level)) => {
            super::session::begin(&mut commands, &mut state, &mut notices, level, game)
        }
        Err(e) => notices.show_errors(format!("Could not load {}", start.0.display()), e),
    }
}
