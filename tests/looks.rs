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
