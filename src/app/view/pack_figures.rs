//! Pack models on the table: which model draws a miniature (its rule set's unit type) or a
//! terrain piece (its label), fitted to the miniature's base and body height
//! (`data::packs::fit_miniature`) or into the piece's box (`fit_terrain`), and painted as the
//! entry says: a glTF file's own materials and textures (as Bevy's glTF loader made them, once
//! loaded), the side's colour, or one colour. The base under a miniature stays in the side's
//! colour whatever the model wears, so that the sides are told apart. The table's dressing (`view::visuals`) asks here before building a figure or a
//! piece; when the loaded models change, the miniatures and pieces drawn otherwise are built
//! again. Until a model has loaded, the built-in figure stands.

use super::pack_load::{PackModels, TableModel};
use super::pack_mesh::Tint;
use super::table_entities::{Base, Miniature, TerrainPiece};
use crate::app::base::state::TableState;
use crate::data::packs::{fit_miniature, fit_terrain};
use crate::table::ModelId;
use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use std::collections::HashMap;

pub fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        redraw_changed
            .after(crate::app::base::sets::MirrorSet)
            .before(crate::app::base::sets::TableSync),
    );
}

/// The pack model a miniature or a piece was dressed with (its `TableModel::uid`), or `None`
/// for the built-in look.
#[derive(Component, Debug, Clone, Copy, PartialEq, Eq)]
pub struct DrawnModel(pub Option<u64>);

/// The model drawing miniature `id` of the game in play, if an enabled pack has its unit type.
pub fn unit_model<'a>(
    state: &TableState,
    models: &'a PackModels,
    id: ModelId,
) -> Option<&'a TableModel> {
    let rules = state.units.rules?;
    let unit = state.units.of.get(&id)?;
    models.unit(rules, unit)
}

/// The model drawing terrain piece `index`, if an enabled pack has its label.
pub fn piece_model<'a>(
    state: &TableState,
    models: &'a PackModels,
    index: usize,
) -> Option<&'a TableModel> {
    let piece = state.table.pieces.get(index)?;
    models.terrain(&piece.label)
}

/// A part to spawn: its mesh, where it sits, its material.
pub type DrawnPart = (Handle<Mesh>, Transform, Handle<StandardMaterial>);

/// What the dressing systems need to draw pack models: the table, the loaded models, and the
/// materials and fits made so far.
#[derive(SystemParam)]
pub struct PackDress<'w, 's> {
    state: Option<Res<'w, TableState>>,
    models: Option<Res<'w, PackModels>>,
    /// Materials by tint and the side colour they were made for.
    mats: Local<'s, HashMap<(Tint, [u32; 4]), Handle<StandardMaterial>>>,
    /// Fits by model, base diameter and body height (hundredths of an inch).
    fits: Local<'s, HashMap<(u64, i64, i64), Option<Transform>>>,
}

fn key(x: f32) -> i64 {
    (x * 100.0).round() as i64
}

impl PackDress<'_, '_> {
    fn material(
        &mut self,
        tint: Tint,
        side: Color,
        mats: &mut Assets<StandardMaterial>,
    ) -> Handle<StandardMaterial> {
        let bits = side.to_linear().to_f32_array().map(f32::to_bits);
        let bits = if tint == Tint::Side { bits } else { [0; 4] };
        self.mats
            .entry((tint, bits))
            .or_insert_with(|| {
                mats.add(StandardMaterial {
                    base_color: tint.color(side),
                    perceptual_roughness: 0.6,
                    ..default()
                })
            })
            .clone()
    }

    /// Miniature `id`'s parts from a pack, fitted to its base, or `None` (the built-in
    /// figure), with the model's uid.
    pub fn figure(
        &mut self,
        id: ModelId,
        base: &Base,
        side: Color,
        mats: &mut Assets<StandardMaterial>,
    ) -> (Option<u64>, Vec<DrawnPart>) {
        let (Some(state), Some(models)) = (self.state.as_ref(), self.models.as_ref()) else {
            return (None, Vec::new());
        };
        let Some(m) = unit_model(state, models, id) else {
            return (None, Vec::new());
        };
        let (uid, parts) = (m.uid, m.parts.clone());
        let own: Vec<_> = parts.iter().map(|(_, t)| m.file_material(*t)).collect();
        let fit = *self
            .fits
            .entry((uid, key(base.diameter), key(base.body_height)))
            .or_insert_with(|| {
                fit_miniature(&m.mesh, base.diameter, base.body_height, &m.entry).map(|f| {
                    Transform::from_translation(Vec3::from(f.translation))
                        .with_scale(Vec3::from(f.scale))
                })
            });
        let Some(fit) = fit else {
            return (None, Vec::new());
        };
        let drawn = parts
            .into_iter()
            .zip(own)
            .map(|((mesh, tint), own)| {
                let mat = own.unwrap_or_else(|| self.material(tint.flat(), side, mats));
                (mesh, fit, mat)
            })
            .collect();
        (Some(uid), drawn)
    }

    /// Terrain piece `index`'s parts from a pack, fitted into its box (`size`: width, depth,
    /// height), or `None` (the built-in piece). Parts in the side's colour wear `plain`, the
    /// piece's own material.
    pub fn piece(
        &mut self,
        index: usize,
        size: (f32, f32, f32),
        plain: &Handle<StandardMaterial>,
        mats: &mut Assets<StandardMaterial>,
    ) -> (Option<u64>, Vec<DrawnPart>) {
        let (Some(state), Some(models)) = (self.state.as_ref(), self.models.as_ref()) else {
            return (None, Vec::new());
        };
        let Some(m) = piece_model(state, models, index) else {
            return (None, Vec::new());
        };
        let Some(f) = fit_terrain(&m.mesh, size, &m.entry) else {
            return (None, Vec::new());
        };
        let fit =
            Transform::from_translation(Vec3::from(f.translation)).with_scale(Vec3::from(f.scale));
        let uid = m.uid;
        let parts = m.parts.clone();
        let own: Vec<_> = parts.iter().map(|(_, t)| m.file_material(*t)).collect();
        let drawn = parts
            .into_iter()
            .zip(own)
            .map(|((mesh, tint), own)| {
                let mat = match (tint, own) {
                    (_, Some(own)) => own,
                    (Tint::Side, None) => plain.clone(),
                    (_, None) => self.material(tint.flat(), Color::WHITE, mats),
                };
                (mesh, fit, mat)
            })
            .collect();
        (Some(uid), drawn)
    }
}

/// When the loaded models or the unit types change: miniatures drawn otherwise than they
/// should be are taken away (the table's mirror stands them again, dressed anew), and the
/// terrain is rebuilt if a piece is.
fn redraw_changed(
    mut commands: Commands,
    state: Option<ResMut<TableState>>,
    models: Option<Res<PackModels>>,
    minis: Query<(Entity, &Miniature, &DrawnModel)>,
    pieces: Query<(&TerrainPiece, &DrawnModel)>,
    mut seen: Local<(crate::app::base::state::Units, u64)>,
) {
    let (Some(mut state), Some(models)) = (state, models) else {
        return;
    };
    if !models.is_changed() && seen.0 == state.units && seen.1 == state.terrain_rev {
        return;
    }
    *seen = (state.units.clone(), state.terrain_rev);
    let mut stale = false;
    for (e, mini, drawn) in &minis {
        let want = unit_model(&state, &models, mini.id).map(|m| m.uid);
        if drawn.0 != want {
            commands.entity(e).despawn();
            stale = true;
        }
    }
    if stale {
        state.set_changed();
    }
    if pieces
        .iter()
        .any(|(p, drawn)| drawn.0 != piece_model(&state, &models, p.index).map(|m| m.uid))
    {
        state.terrain_changed();
    }
}
