//! The system sets that order the app's frame, in one place: on `Update`, input, then the game's
//! mirror, then the table's entities, then the geometry that follows them; on the egui pass, the
//! common bars, then the play screen's three steps, and the labels over the table. Each set is
//! ordered where its systems are added; this file only names them, so that any system may be
//! ordered against any other without importing the file that draws or runs it.

use bevy::prelude::*;

/// The mouse and keyboard systems that move, turn and remove models.
#[derive(SystemSet, Debug, Clone, PartialEq, Eq, Hash)]
pub struct InteractSet;

/// The system that copies the game onto the table.
#[derive(SystemSet, Debug, Clone, PartialEq, Eq, Hash)]
pub struct MirrorSet;

/// Systems that bring entities in line with the table state; input systems run before it.
#[derive(SystemSet, Debug, Clone, PartialEq, Eq, Hash)]
pub struct TableSync;

/// Rebuilding the scene and answering the tools' questions.
#[derive(SystemSet, Debug, Clone, PartialEq, Eq, Hash)]
pub struct GeometrySet;

/// The egui pass that draws the common bars; a game's panels are drawn after it.
#[derive(SystemSet, Debug, Clone, PartialEq, Eq, Hash)]
pub struct OverlaySet;

/// The steps of the play screen's overlays.
#[derive(SystemSet, Debug, Clone, PartialEq, Eq, Hash)]
pub enum PlayUi {
    /// The bar and the combat log.
    Shell,
    /// A replay's timeline, under the bar.
    Timeline,
    /// The rule set's own panels: they draw in the rect the shell left and leave in it what
    /// they do not use.
    Panels,
    /// The view fitted to what is left; the shared windows.
    Finish,
}

/// The systems that fill the models' labels each frame.
#[derive(SystemSet, Debug, Clone, PartialEq, Eq, Hash)]
pub struct TagSet;
