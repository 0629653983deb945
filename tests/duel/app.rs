//! KtOG and Krig at the table, headless: a click on a miniature attacks it, the Dodge prompt's
//! countdown lets the blow land, and the program plays both Krig seats to the end.

use bevy::prelude::*;
use std::time::Duration;
use wartable::app::base::state::Notices;
use wartable::app::game::session::ActiveGame;
use wartable::app::games::krig::KrigSession;
use wartable::app::games::ktog::session::KtogSession;
use wartable::app::view::picking::CursorHit;
use wartable::rules::core::{Player, RuleSet, Waiting};
use wartable::rules::krig;
use wartable::rules::krig::ai::choose;
use wartable::rules::krig::{Krig, KrigGame, KrigSetup};
use wartable::rules::ktog::state::Phase;
use wartable::rules::ktog::{Command, Ktog, KtogGame, KtogSetup};
use wartable::table::ModelId;

fn app_with(active: ActiveGame, table: wartable::table::Table, step: Duration) -> App {
    crate::common::game_app(
        (
            wartable::app::screens::play::program::plugin,
            wartable::app::games::ktog::panels::plugin,
        ),
        wartable::rules::duel::bare().0.clone(),
        table,
        active,
        Some(step),
    )
}

fn ktog(app: &mut App) -> &mut KtogSession {
    app.world_mut()
        .resource_mut::<ActiveGame>()
        .into_inner()
        .get_mut::<KtogSession>()
        .expect("a KtOG game")
}

fn click_model(app: &mut App, id: u32) {
    let ground = app.world().resource::<CursorHit>().ground;
    crate::common::click(app, Some(ModelId(id)), ground);
}

fn three_players() -> KtogGame {
    let mut s = KtogSetup::plain(3, 3, 20);
    s.level = None;
    let mut g = KtogGame::new(s).unwrap();
    g.dice.force(&[6, 1, 1]);
    g.play(1, Command::RollInitiative).unwrap();
    g
}

/// "Players pick their targets by clicking the model", and the Dodge prompt's countdown (the
/// dramatic pause) lets the blow land when it runs out.
#[test]
fn a_click_on_a_miniature_attacks_it_and_the_dodge_countdown_runs_out() {
    let g = three_players();
    let table = Ktog::table(&g.state);
    let mut app = app_with(
        ActiveGame::new(KtogSession::new(g, Some(1.0))),
        table,
        Duration::from_millis(250),
    );
    ktog(&mut app).game.dice.force(&[15]);
    click_model(&mut app, 3);
    assert!(
        matches!(ktog(&mut app).state().phase, Phase::Dodge(h) if h.attacker == 1 && h.target == 3),
        "{:?}",
        ktog(&mut app).state().phase
    );
    // Not yet: 0.25 s into a 1 s countdown.
    app.update();
    assert!(matches!(ktog(&mut app).state().phase, Phase::Dodge(_)));
    for _ in 0..4 {
        app.update();
    }
    // The countdown ran out: no Dodge; player 1 may announce a Mighty Blow.
    assert!(matches!(ktog(&mut app).state().phase, Phase::Mighty(_)));
    assert_eq!(ktog(&mut app).state().player(3).spells.dodge, 1);
    // A click on oneself is refused and changes nothing.
    ktog(&mut app).game.dice.force(&[4]);
    let s = ktog(&mut app);
    s.submit(Command::Mighty { mighty: false }).unwrap();
    assert_eq!(s.state().player(3).hp, 16);
    click_model(&mut app, 2);
    assert!(
        app.world()
            .resource::<Notices>()
            .status
            .contains("Refused: strike another player")
    );
}

/// The program plays both Krig seats at the table to the end, every step its own choice.
#[test]
fn the_program_plays_a_krig_seat() {
    let mut s = KrigSetup::new(9);
    s.level = None;
    let mut g = KrigGame::new(s).unwrap();
    g.set_player(2, Player::Program);
    g.set_player(1, Player::Program);
    let table = Krig::table(&g.state);
    let mut app = app_with(
        ActiveGame::new(KrigSession::new(g)),
        table,
        Duration::from_millis(400),
    );
    for _ in 0..400 {
        app.update();
    }
    let active = app.world().resource::<ActiveGame>();
    let s = active.get::<KrigSession>().unwrap();
    let Waiting::Over(end) = s.game.waiting() else {
        panic!("not over: {:?}", s.state().phase)
    };
    // The winner is the one player left with hit points.
    let [w] = end.winners[..] else {
        panic!("{end:?}")
    };
    assert!(s.state().mat(w).health > 0 && s.state().mat(3 - w).health <= 0);
    // Every step at the table was the program's own choice for the seat it waited on, both
    // seats played, and the steps replay to the same game.
    let mut r = KrigGame::new(s.game.setup.clone()).unwrap();
    for l in &s.game.log {
        assert!(r.waiting().allows(l.seat), "{l:?}");
        assert_eq!(choose(&r.state, l.seat), Some(l.cmd), "{l:?}");
        r.play(l.seat, l.cmd).unwrap();
    }
    assert_eq!(r.hash(), s.game.hash());
    for seat in [1, 2] {
        assert!(
            s.game
                .log
                .iter()
                .any(|l| l.seat == seat && l.cmd != krig::Command::RollInitiative),
            "seat {seat} never acted"
        );
    }
}
