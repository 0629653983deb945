//! The table's 3D scene for sight and movement, built once per arrangement of the models: the
//! program opponent asks many questions of one state, and building the scene is the costly part.
//! A memo, not state: the same table gives the same scene ([`Scene::shared`]).

use crate::table::sight::SightOptions;
use crate::table::{Scene, Table};
use std::rc::Rc;

/// The scene of `t` with Kry-Gothic's sight options, from the memo when the table is as before.
pub fn of(t: &Table) -> Rc<Scene> {
    Scene::shared(t, options())
}

/// Kry-Gothic's sight options: the table's defaults (living models do not block sight, wrecks
/// do).
pub fn options() -> SightOptions {
    SightOptions::default()
}
