//! The KOG light game in play: the rules' game, what the players have picked in the panels, and
//! the mirror that keeps the table (models, zones, objectives) in line with the game state.

use crate::app::editor::Mode;
use crate::app::interact::Drag;
use crate::app::state::{Notices, Selection, TableState};
use crate::rules::kog::state::{Half, KogState, MoveMode, Phase, Territory};
use crate::rules::kog::{Command, KogGame, RuleError};
use crate::table::{ModelId, Objective, Pt, Table, Zone, ZoneKind};
use bevy::prelude::*;
use std::path::PathBuf;

pub fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        mirror_table
            .in_set(MirrorSet)
            .run_if(resource_exists::<KogSession>)
            .before(crate::app::table_entities::TableSync)
            .after(crate::app::interact::InteractSet),
    );
}

/// The system that copies the game onto the table.
#[derive(SystemSet, Debug, Clone, PartialEq, Eq, Hash)]
pub struct MirrorSet;

/// Who plays a side.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Player {
    Human,
    /// The program opponent.
    Program,
}

/// What a click on the table does next in the game.
#[derive(Debug, Clone, PartialEq)]
pub enum Placing {
    None,
    /// Deploy this model where the table is clicked.
    Deploy(ModelId),
    /// Place the deploying side's objective.
    Objective,
    /// Pick a target for this attacker's weapon.
    Target {
        attacker: ModelId,
        weapon: String,
    },
}

/// What a click in the game's panels asks for.
#[derive(Debug, Clone, PartialEq)]
pub enum UiAction {
    Cmd(Command),
    /// Deploy the waiting models of the deploying side as the program opponent would.
    AutoDeploy,
}

/// The game and the players' choices in the panels.
#[derive(Resource)]
pub struct KogSession {
    pub game: KogGame,
    pub players: [Player; 2],
    /// The move the next drag makes.
    pub move_mode: MoveMode,
    pub placing: Placing,
    /// Results of real dice typed in for the next command.
    pub typed_dice: String,
    /// Bumped whenever the game changes, so the table and caches follow.
    pub rev: u64,
    mirrored: u64,
    /// Where the game was last saved or loaded.
    pub save_path: Option<PathBuf>,
    /// The last refusal, shown until the next command.
    pub last_error: Option<String>,
    pub show_rules: bool,
    pub show_log: bool,
    pub confirm_leave: bool,
}

impl KogSession {
    pub fn new(game: KogGame, players: [Player; 2]) -> Self {
        Self {
            game,
            players,
            move_mode: MoveMode::Combat,
            placing: Placing::None,
            typed_dice: String::new(),
            rev: 1,
            mirrored: 0,
            save_path: None,
            last_error: None,
            show_rules: false,
            show_log: true,
            confirm_leave: false,
        }
    }

    pub fn state(&self) -> &KogState {
        &self.game.state
    }

    /// Plays a command (with any typed-in dice); a refusal is kept for the panels.
    pub fn submit(&mut self, cmd: Command) -> Result<(), RuleError> {
        let typed = match crate::app::dice_panel::parse_entered(&self.typed_dice) {
            Ok(t) => t,
            Err(e) => {
                let e = RuleError::Illegal(format!("the real dice typed in: {e}"));
                self.last_error = Some(e.to_string());
                return Err(e);
            }
        };
        let r = self.game.submit_with(cmd, &typed);
        match &r {
            Ok(_) => {
                self.last_error = None;
                if !typed.is_empty() {
                    self.typed_dice.clear();
                }
                self.rev += 1;
            }
            Err(e) => self.last_error = Some(e.to_string()),
        }
        r.map(|_| ())
    }

    pub fn undo(&mut self) -> Option<Command> {
        let c = self.game.undo();
        if c.is_some() {
            self.rev += 1;
            self.last_error = None;
        }
        c
    }

    /// Whether the side to act now is played by a person at this screen.
    pub fn human_to_act(&self) -> bool {
        match crate::rules::kog::acting_side(&self.game.state) {
            Some(side) => self.players[(side.clamp(1, 2) - 1) as usize] == Player::Human,
            None => self.players.contains(&Player::Human),
        }
    }
}

/// The zones the game has drawn so far: each side's half and, inside it, its deployment area.
pub fn zones_of(s: &KogState) -> Vec<Zone> {
    let (Some(t), Some(r)) = (s.territory, s.roles) else {
        return Vec::new();
    };
    let mut out = Vec::new();
    for side in [r.defender, r.attacker] {
        let half = t.half_of(side, &r);
        let (min, max) = half_rect(&t, half, 0.0);
        let role = if side == r.defender {
            "Defender"
        } else {
            "Attacker"
        };
        out.push(Zone {
            name: format!("{role} territory (side {side})"),
            kind: ZoneKind::Territory,
            side,
            min,
            max,
        });
        let (dmin, dmax) = half_rect(&t, half, s.options.deployment_gap);
        if dmin.x < dmax.x && dmin.y < dmax.y {
            out.push(Zone {
                name: format!("{role} deployment (side {side})"),
                kind: ZoneKind::Deployment,
                side,
                min: dmin,
                max: dmax,
            });
        }
    }
    out
}

/// The rectangle of `half`, kept `gap` inches from the other half.
fn half_rect(t: &Territory, half: Half, gap: f32) -> (Pt, Pt) {
    use crate::rules::kog::state::Split;
    match (t.split, half) {
        (Split::LeftRight, Half::LeftOrNear) => {
            (Pt::new(0.0, 0.0), Pt::new(t.width / 2.0 - gap, t.depth))
        }
        (Split::LeftRight, Half::RightOrFar) => {
            (Pt::new(t.width / 2.0 + gap, 0.0), Pt::new(t.width, t.depth))
        }
        (Split::NearFar, Half::LeftOrNear) => {
            (Pt::new(0.0, 0.0), Pt::new(t.width, t.depth / 2.0 - gap))
        }
        (Split::NearFar, Half::RightOrFar) => {
            (Pt::new(0.0, t.depth / 2.0 + gap), Pt::new(t.width, t.depth))
        }
    }
}

/// The table as the view shows it: the game's models, its zones and its objectives on the
/// ground (a carried objective rides on its carrier's marker instead).
pub fn view_table(s: &KogState) -> Table {
    let mut t = s.table.clone();
    t.zones = zones_of(s);
    t.objectives = s
        .objectives
        .iter()
        .filter(|o| o.carrier.is_none() && !o.off_table)
        .map(|o| Objective {
            name: o.name.clone(),
            at: o.at,
            diameter: 2.0 * crate::rules::kog::actions::OBJECTIVE_RADIUS,
        })
        .collect();
    t
}

/// Keeps the table in line with the game, except while a model is being dragged.
fn mirror_table(
    mut session: ResMut<KogSession>,
    state: Option<ResMut<TableState>>,
    drag: Res<Drag>,
    mode: Res<Mode>,
    mut sel: ResMut<Selection>,
) {
    let Some(mut state) = state else { return };
    if *mode != Mode::Game || drag.model.is_some() {
        return;
    }
    if session.mirrored == session.rev {
        return;
    }
    session.mirrored = session.rev;
    let view = view_table(&session.game.state);
    let terrain_changed =
        view.zones != state.table.zones || view.objectives != state.table.objectives;
    state.table = view;
    if terrain_changed {
        state.terrain_changed();
    }
    if let Some(id) = sel.0
        && state.table.model(id).is_err()
    {
        sel.0 = None;
    }
}

/// Asks for the table to be brought back to the game (after a drag that the rules refused).
pub fn remirror(session: &mut KogSession) {
    session.mirrored = 0;
}

/// Starts a game: the level's terrain on the table, the game mode on.
pub fn begin(
    commands: &mut Commands,
    mode: &mut Mode,
    state: &mut TableState,
    notices: &mut Notices,
    session: KogSession,
) {
    state.level = session.game.setup.level.clone();
    state.path = None;
    state.table = view_table(&session.game.state);
    state.terrain_changed();
    notices.status = format!(
        "KOG light: {} on '{}', seed {}",
        session.game.setup.scenario.label(),
        state.level.name,
        session.game.setup.seed
    );
    *mode = Mode::Game;
    commands.insert_resource(session);
}

/// Where the game waits, in a few words, for the bar.
pub fn phase_line(s: &KogState) -> String {
    match &s.phase {
        Phase::Turn => {
            let role = match s.roles {
                Some(r) if r.attacker == s.active => "Attacker",
                Some(_) => "Defender",
                None => "",
            };
            format!(
                "Round {} \u{b7} side {} ({role}) \u{b7} {}",
                s.round,
                s.active,
                match s.step {
                    crate::rules::kog::state::Step::Movement => "[1] Movement",
                    crate::rules::kog::state::Step::Action => "[2] Action",
                }
            )
        }
        _ => crate::rules::kog::ctx::phase_label(s),
    }
}
