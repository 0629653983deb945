//! What each rule set says its miniatures look like: a figure for every model the table shows,
//! chosen by what the model is (KOG light's class and type, Kry-Gothic's class and team, the
//! DnDalike party, the duel players).

use std::collections::{HashMap, HashSet};
use wartable::rules::core::{Game, QuickSetup, RuleSet};
use wartable::table::ModelId;
use wartable::table::look::{Figure, Look};

fn game<R: RuleSet>(players: Option<u8>) -> Game<R> {
    let setup = R::quick_setup(&QuickSetup {
        seed: 1,
        players,
        ..QuickSetup::default()
    })
    .expect("a setup");
    Game::new(setup).expect("a game")
}

fn looks<R: RuleSet>(g: &Game<R>) -> HashMap<ModelId, Look> {
    R::looks(&g.state).into_iter().collect()
}

/// Every model on the table has a look.
fn covers_the_table<R: RuleSet>(g: &Game<R>) -> HashMap<ModelId, Look> {
    let l = looks(g);
    for m in &R::table(&g.state).models {
        assert!(l.contains_key(&m.id), "{:?}: no look for {}", R::ID, m.name);
    }
    l
}

#[test]
fn kog_light_models_look_like_their_class() {
    use wartable::rules::kog::Kog;
    use wartable::rules::kog::catalogue::{Class, ModelType};
    let g = game::<Kog>(None);
    let l = covers_the_table(&g);
    let mut seen = HashSet::new();
    for m in g.state.models.values() {
        let want = match m.loadout.class {
            Class::Infantry => Figure::Infantry,
            Class::Tank => Figure::Tank,
            Class::Frame => Figure::Frame,
            Class::Kog => Figure::Kog,
        };
        let look = l[&m.id];
        assert_eq!(look.figure, want, "{}", m.name);
        let recon = m.loadout.types.contains(&ModelType::Recon);
        if matches!(want, Figure::Frame | Figure::Kog) {
            assert_eq!(look.style == 1, recon, "{}: the recon variant", m.name);
        }
        seen.insert(look.figure);
    }
    assert!(seen.len() >= 2, "one kind of figure only: {seen:?}");
}

#[test]
fn kry_gothic_models_look_like_their_class_and_team() {
    use wartable::rules::kry::Kry;
    use wartable::rules::kry::catalogue::Class;
    let g = game::<Kry>(None);
    let l = covers_the_table(&g);
    let mut styles = [HashSet::new(), HashSet::new()];
    for m in g.state.models.values() {
        let want = match m.class {
            Class::SquadLeader => Figure::Leader,
            Class::Elite => Figure::Elite,
            Class::Heavy => Figure::Heavy,
            Class::Storm => Figure::Trooper,
            Class::Fast => Figure::Fast,
            Class::Special => Figure::Special,
        };
        assert_eq!(l[&m.id].figure, want, "{}", m.name);
        styles[usize::from(m.side) - 1].insert(l[&m.id].style);
    }
    // One style per team, and the two teams apart.
    assert_eq!(styles[0].len(), 1);
    assert_eq!(styles[1].len(), 1);
    assert_ne!(styles[0], styles[1], "{:?}", g.state.teams);
}

#[test]
fn dndalike_heroes_and_monsters() {
    use wartable::rules::dndalike::{Dndalike, Party};
    let g = game::<Dndalike>(None);
    let l = covers_the_table(&g);
    let table = Dndalike::table(&g.state);
    let mut hero_styles = HashSet::new();
    for (m, c) in table.models.iter().zip(&g.state.chars) {
        let want = match c.party {
            Party::Heroes => Figure::Hero,
            Party::Monsters => Figure::Monster,
        };
        assert_eq!(l[&m.id].figure, want, "{}", m.name);
        if want == Figure::Hero {
            hero_styles.insert(l[&m.id].style);
        }
    }
    assert!(hero_styles.len() > 1, "every hero alike");
}

#[test]
fn duel_players_are_heroes_one_style_each() {
    use wartable::rules::krig::Krig;
    use wartable::rules::ktog::Ktog;
    let g = game::<Ktog>(Some(5));
    let l = covers_the_table(&g);
    assert_eq!(l.len(), 5);
    assert!(l.values().all(|x| x.figure == Figure::Hero));
    assert_eq!(l.values().map(|x| x.style).collect::<HashSet<_>>().len(), 5);
    let g = game::<Krig>(None);
    assert_eq!(covers_the_table(&g).len(), 2);
}

/// The cues the table animates follow the events: each KOG light attack rolled is an attack cue
/// from the attacker at its target, each model damaged a strike, each move that bends its path;
/// none before the view asks.
#[test]
fn kog_light_cues_follow_the_attacks() {
    use wartable::rules::core::Cue;
    use wartable::rules::kog::{Event, Kog};
    let mut g = game::<Kog>(None);
    assert!(
        g.take_cues().is_empty(),
        "the first call only starts keeping them"
    );
    g.record_events();
    let (mut attacks, mut strikes, mut paths) = (Vec::new(), Vec::new(), Vec::new());
    for c in (0..600).flat_map(|_| {
        g.self_play(1);
        g.take_cues()
    }) {
        match c {
            Cue::Attack { from, at } => attacks.push((from, at)),
            Cue::Struck { model } => strikes.push(model),
            Cue::Moved { model, path } => paths.push((model, path)),
        }
    }
    // The same, read off the events the game recorded.
    let (mut want_attacks, mut want_strikes, mut want_paths) = (Vec::new(), Vec::new(), Vec::new());
    for e in g.recorded.iter().flatten().flat_map(|r| &r.events) {
        match e {
            Event::AttackRolled {
                attacker, target, ..
            } => want_attacks.push((*attacker, *target)),
            Event::Damaged { model, amount, .. } if *amount > 0 => want_strikes.push(*model),
            // A move that bends is shown along its path.
            Event::Moved { model, path, .. } if path.len() > 2 => {
                want_paths.push((*model, path.clone()))
            }
            _ => {}
        }
    }
    assert!(!attacks.is_empty() && !strikes.is_empty() && !paths.is_empty());
    assert_eq!(attacks, want_attacks);
    assert_eq!(strikes, want_strikes);
    assert_eq!(paths, want_paths);
    for (from, at) in attacks {
        assert_ne!(g.state.models[&from].side, g.state.models[&at].side);
    }
}

/// On a table of 200 models (the frame benchmark's), every miniature stands dressed: its base,
/// the front-arc band and a figure of a few merged meshes; a wreck's figure lies down in the
/// wreck's colour, and stands up in its own again when the wreck is taken away.
#[test]
fn every_miniature_is_dressed_and_a_wreck_lies_down() {
    use bevy::prelude::*;
    use wartable::app::base::state::TableState;
    use wartable::app::view::table_entities::Miniature;
    use wartable::app::view::visuals::{ArcWedge, Body, FigurePart};
    let mut app = wartable::bench::frame::app(1, None);
    app.update();
    app.update();
    let minis: Vec<(Entity, ModelId)> = app
        .world_mut()
        .query::<(Entity, &Miniature)>()
        .iter(app.world())
        .map(|(e, m)| (e, m.id))
        .collect();
    assert_eq!(minis.len(), 200);
    let parts_of = |app: &mut App, e: Entity| -> Vec<Entity> {
        let world = app.world_mut();
        let mut kids = world.query::<&Children>();
        let mut out = Vec::new();
        let mut stack = vec![e];
        while let Some(x) = stack.pop() {
            if let Ok(c) = kids.get(world, x) {
                stack.extend(c.iter());
            }
            out.push(x);
        }
        out
    };
    for &(e, _) in &minis {
        let all = parts_of(&mut app, e);
        let world = app.world();
        let parts = all
            .iter()
            .filter(|x| world.get::<FigurePart>(**x).is_some())
            .count();
        let arcs = all
            .iter()
            .filter(|x| world.get::<ArcWedge>(**x).is_some())
            .count();
        assert!((2..=8).contains(&parts), "{parts} meshes");
        assert_eq!(arcs, 1);
    }
    let (e, id) = minis[0];
    let body = |app: &mut App| {
        let all = parts_of(app, e);
        let world = app.world();
        let b = all
            .iter()
            .find(|x| world.get::<Body>(**x).is_some())
            .copied()
            .unwrap();
        let tf = *world.get::<Transform>(b).unwrap();
        let worn: Vec<bool> = all
            .iter()
            .filter_map(|x| {
                let own = world.get::<FigurePart>(*x)?;
                let mat = world.get::<MeshMaterial3d<StandardMaterial>>(*x)?;
                Some(own.0 == mat.0)
            })
            .collect();
        (tf, worn)
    };
    let (standing, worn) = body(&mut app);
    assert!(worn.iter().all(|w| *w), "its own paint");
    let wreck = |app: &mut App, on: bool| {
        let mut s = app.world_mut().resource_mut::<TableState>();
        s.table.model_mut(id).unwrap().wreck = on;
        app.update();
        app.update();
    };
    wreck(&mut app, true);
    let (lying, worn) = body(&mut app);
    assert!(
        lying.rotation.angle_between(standing.rotation) > 1.0,
        "lies down"
    );
    assert!(worn.iter().all(|w| !*w), "the wreck's colour");
    wreck(&mut app, false);
    let (again, worn) = body(&mut app);
    assert_eq!(again, standing);
    assert!(worn.iter().all(|w| *w));
}
