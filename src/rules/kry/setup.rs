//! A Kry-Gothic game's setup (level, teams, options, seed) and its first state: every model
//! built from its troop type and wargear, off the table until deployed.

use super::catalogue::{Catalogue, CcEffect};
use super::force::KryForce;
use super::options::{KryOptions, Scenario};
use super::state::{CcGear, KryModel, KryState, Phase, RangedGear, Tally};
use crate::data::LevelFile;
use crate::table::ModelId;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::sync::Arc;

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct KrySetup {
    pub level: LevelFile,
    pub forces: [KryForce; 2],
    pub scenario: Scenario,
    pub options: KryOptions,
    pub seed: u64,
    /// The catalogue the game was set up with (a save carries it whole).
    pub catalogue: Catalogue,
}

/// Builds every model of both teams, side 1's first, ids from 1.
fn build_models(setup: &KrySetup) -> Result<BTreeMap<ModelId, KryModel>, Vec<String>> {
    let cat = &setup.catalogue;
    let mut out = BTreeMap::new();
    let mut next = 1u32;
    for (fi, f) in setup.forces.iter().enumerate() {
        let side = fi as u8 + 1;
        for (i, fm) in f.models.iter().enumerate() {
            let Some(t) = f.troop(cat, i) else {
                return Err(vec![format!(
                    "side {side}: no troop type '{}' in {}",
                    fm.troop, f.team
                )]);
            };
            let gear: Vec<&String> = t
                .armour
                .iter()
                .chain(&t.cc_weapons)
                .chain(&t.ranged_weapons)
                .chain(&fm.extra)
                .collect();
            let mut m = KryModel {
                id: ModelId(next),
                side,
                name: fm.name.as_str().into(),
                troop: t.name.as_str().into(),
                class: t.class,
                profile: t.profile,
                wounds: t.wounds,
                wounds_taken: 0,
                armour: 0,
                armour_front_only: 0,
                speed_penalty: 0,
                cc_weapons: Default::default(),
                ranged: Default::default(),
                abilities: Arc::new(t.abilities.clone()),
                base: t.base,
                height: t.height,
                body_loss: 0,
                pinned: None,
                fired_from: Vec::new(),
                prone: false,
                waiting: false,
                sprinting: false,
                acted: false,
                small_stepped: false,
                charged: None,
                first_attack_taken: Vec::new(),
                afraid_of: None,
                braved: Vec::new(),
                arrives: None,
                stuck: 0,
                dead: false,
            };
            let (mut cc, mut ranged) = (Vec::new(), Vec::new());
            for g in gear {
                if let Some(a) = cat.armour(g) {
                    m.armour += a.body;
                    m.speed_penalty += a.speed;
                    if a.front_only {
                        m.armour_front_only += a.body;
                    }
                } else if let Some(w) = cat.cc_weapon(g) {
                    cc.push(CcGear {
                        name: w.name.clone(),
                        cc: w.cc,
                        str: w.str,
                        effects: w.effects.clone(),
                        broken: false,
                    });
                } else if let Some(w) = cat.ranged_weapon(g) {
                    ranged.push(RangedGear {
                        name: w.name.clone(),
                        stats: w.parsed(),
                        short: w.short,
                        long: w.long,
                        suppressive: w.suppressive,
                        heavy: w.heavy,
                        broken: false,
                    });
                }
            }
            (m.cc_weapons, m.ranged) = (Arc::new(cc), Arc::new(ranged));
            out.insert(m.id, m);
            next += 1;
        }
    }
    Ok(out)
}

/// The first state of a game, or what is wrong with the setup.
pub fn init(setup: &KrySetup) -> Result<KryState, Vec<String>> {
    let mut errs = Vec::new();
    for (i, f) in setup.forces.iter().enumerate() {
        for issue in f.validate(
            &setup.catalogue,
            setup.options.cost_cap,
            setup.options.max_models,
        ) {
            errs.push(format!(
                "side {}'s team '{}': {}: {}",
                i + 1,
                f.name,
                issue.path,
                issue.message
            ));
        }
    }
    // The catalogue is validated where it is read (the shipped file, a save's setup).
    if !errs.is_empty() {
        return Err(errs);
    }
    let mut models = build_models(setup)?;
    if setup.scenario == Scenario::Breach {
        if setup.level.objectives.len() < 3 {
            return Err(vec![format!(
                "Breach needs 3 locations to destroy: the level '{}' has {} objectives",
                setup.level.name,
                setup.level.objectives.len()
            )]);
        }
        // "End of AP round 3 - Squad leader arrives; End of AP round 4 - Last quarter of units
        // arrives": the defenders' squad leaders, and the last quarter of the others as listed.
        let defenders: Vec<ModelId> = models
            .values()
            .filter(|m| m.side == 2)
            .map(|m| m.id)
            .collect();
        let others: Vec<ModelId> = defenders
            .iter()
            .copied()
            .filter(|id| models[id].class != super::catalogue::Class::SquadLeader)
            .collect();
        let quarter = others.len().div_ceil(4);
        for id in &defenders {
            if models[id].class == super::catalogue::Class::SquadLeader {
                models.get_mut(id).unwrap().arrives = Some(3);
            }
        }
        for id in others.iter().rev().take(quarter) {
            models.get_mut(id).unwrap().arrives = Some(4);
        }
    }
    let mut table = setup.level.to_table();
    table.models.clear();
    for side in [1u8, 2] {
        if !table
            .zones
            .iter()
            .any(|z| z.side == side && z.kind == crate::table::ZoneKind::Deployment)
        {
            errs.push(format!(
                "the level '{}' has no deployment zone for side {side}",
                setup.level.name
            ));
        }
    }
    if !errs.is_empty() {
        return Err(errs);
    }
    let tactics = [0, 1].map(|i| {
        setup
            .catalogue
            .team(&setup.forces[i].team)
            .map_or(0, |t| t.tactics)
    });
    Ok(KryState {
        options: setup.options.clone(),
        scenario: setup.scenario,
        teams: [0, 1].map(|i| setup.forces[i].team.clone()),
        tactics,
        table: super::state::Shared::new(table),
        models: models.into(),
        phase: Phase::Deploy { side: 1 },
        round: 0,
        ap: [0, 0],
        spent: [0, 0],
        done: [false, false],
        tally: [Tally::default(), Tally::default()],
        first_blood: false,
        pending: None,
        streak: None,
        hazards: Vec::new(),
        combo: None,
        next_mods: [0, 0],
        round_summary: Vec::new(),
        dark: setup.scenario.dark() || setup.level.lighting == crate::data::level::Lighting::Dark,
        destroyed: Vec::new(),
        measured: Vec::new(),
        told_waiting: None,
    })
}

/// Whether a close-combat weapon has an effect.
pub fn has_effect(g: &CcGear, e: CcEffect) -> bool {
    g.effects.contains(&e)
}
