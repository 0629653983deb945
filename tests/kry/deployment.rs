//! Deployment when the zone is full: the project's own rule (the text has no deployment
//! rules). "Finish deployment" is refused while a model left off the table has room in its
//! zone; once none has, the rest take no part in the game. Before, it was refused while any
//! model was off the table, and a team too big for its zone (the Possessed, with their 2" Flesh
//! Colossus, on the bone halls) left the game waiting in deployment for ever.

use super::*;
use wartable::rules::core::QuickSetup;

/// Fourteen Possessed with three Flesh Colossi: more than side 1's zone of the bone halls holds.
fn crowd() -> KryForce {
    let mut models = vec![KryForceModel {
        name: "The Pale Regent".into(),
        troop: "Wraith Lord".into(),
        extra: vec![],
    }];
    for i in 0..3 {
        models.push(KryForceModel {
            name: format!("Colossus {i}"),
            troop: "Flesh Colossus".into(),
            extra: vec![],
        });
    }
    for i in 0..10 {
        models.push(KryForceModel {
            name: format!("Thrall {i}"),
            troop: "Thrall".into(),
            extra: vec![],
        });
    }
    KryForce {
        name: "Too many".into(),
        team: "The Possessed".into(),
        models,
    }
}

#[test]
fn a_team_too_big_for_its_zone_deploys_what_fits_and_the_game_goes_on() {
    let mut setup = Kry::quick_setup(&QuickSetup {
        seed: 3,
        level: Some("levels/kry-bone-halls.ron".into()),
        ..Default::default()
    })
    .expect("the bone halls and the shipped teams load");
    setup.forces[0] = crowd();
    let mut g = KryGame::new(setup).expect("a valid game");
    // Not while a model still has room.
    assert!(g.play(1, Command::FinishDeployment).is_err());
    let mut n = 0;
    while g.state.phase == (Phase::Deploy { side: 1 }) && n < 40 {
        assert!(
            wartable::rules::kry::ai::play(&mut g, 1).is_some(),
            "the program has a command in deployment"
        );
        n += 1;
    }
    assert_eq!(g.state.phase, Phase::Deploy { side: 2 });
    let left: Vec<_> = g
        .state
        .models
        .values()
        .filter(|m| m.side == 1 && !m.alive())
        .collect();
    let placed = g
        .state
        .models
        .values()
        .filter(|m| m.side == 1 && g.state.table.model(m.id).is_ok())
        .count();
    assert!(!left.is_empty(), "the zone cannot hold all fourteen");
    assert_eq!(placed + left.len(), 14);
    assert!(left.iter().all(|m| g.state.table.model(m.id).is_err()));
    assert_eq!(g.state.tally[0].lost, 0, "left out is not lost");
    g.self_play(5000);
    assert!(g.is_over(), "{}", Kry::phase_label(&g.state));
}
