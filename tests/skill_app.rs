//! The program's skill chosen in the app: each New game window's choice per side reaches the
//! game it starts (`Game.skills`), and so does the skill a host gives a seat the program plays
//! (the Online window's host panel, `wartable host --skill1/--skill2`).

use std::net::{IpAddr, Ipv4Addr};
use wartable::app::game::session::ActiveGame;
use wartable::app::games::dndalike::menu::NewDndGame;
use wartable::app::games::krig::menu::NewKrigGame;
use wartable::app::games::krig::session::KrigSession;
use wartable::app::games::kry::menu::NewKryGame;
use wartable::app::games::ktog::menu::NewKtogGame;
use wartable::app::screens::play::online::{HostAt, start_hosting};
use wartable::net::host::OnDrop;
use wartable::rules::core::{Game, Lineup, Player, QuickSetup, RuleSet, RulesId, Skill, Think};
use wartable::rules::krig::Krig;

#[test]
fn the_krig_and_kry_gothic_windows_give_each_side_its_chosen_skill() {
    let krig = NewKrigGame {
        players: [Player::Program, Player::Program],
        skills: [Skill::Hard, Skill::Easy],
        seed: "7".into(),
        ..Default::default()
    };
    let g = krig.start().expect("a Krig game").game;
    assert_eq!((g.skill(1), g.skill(2)), (Skill::Hard, Skill::Easy));
    assert_eq!(g.player(1), Player::Program);

    let mut kry = NewKryGame::default();
    kry.players = [Player::Human, Player::Program];
    kry.skills = [Skill::Normal, Skill::Hard];
    kry.seed = "7".into();
    let g = kry.start().expect("a Kry-Gothic game").game;
    assert_eq!((g.skill(1), g.skill(2)), (Skill::Normal, Skill::Hard));
}

#[test]
fn the_ktog_window_gives_each_player_its_skill_and_normal_to_one_added_later() {
    let mut form = NewKtogGame {
        seed: "3".into(),
        ..Default::default()
    };
    form.skills = vec![Skill::Normal, Skill::Hard, Skill::Easy];
    // A fourth player added to the form has no skill chosen yet: Normal.
    let mut fourth = form.players[2].clone();
    fourth.0.name = "Fourth".into();
    form.players.push(fourth);
    let g = form.start().expect("a KtOG game").game;
    assert_eq!(
        g.seats().iter().map(|s| g.skill(*s)).collect::<Vec<_>>(),
        [Skill::Normal, Skill::Hard, Skill::Easy, Skill::Normal]
    );
}

#[test]
fn the_dndalike_window_gives_the_monsters_and_each_hero_seat_its_skill() {
    let form = NewDndGame {
        one_player: false,
        monsters_skill: Skill::Hard,
        heroes: vec![Player::Program; 4],
        hero_skills: vec![Skill::Easy, Skill::Normal, Skill::Hard, Skill::Normal],
        seed: "7".into(),
        ..Default::default()
    };
    let g = form.start().expect("a DnDalike fight").game;
    assert_eq!(g.seats(), vec![1, 2, 3, 4, 5]);
    assert_eq!(
        g.seats().iter().map(|s| g.skill(*s)).collect::<Vec<_>>(),
        [
            Skill::Hard,
            Skill::Easy,
            Skill::Normal,
            Skill::Hard,
            Skill::Normal
        ]
    );
    // One player for the whole party: the party's one skill on its one seat.
    let form = NewDndGame {
        monsters_skill: Skill::Easy,
        hero_skills: vec![Skill::Hard],
        seed: "7".into(),
        ..Default::default()
    };
    let g = form.start().expect("a DnDalike fight").game;
    assert_eq!((g.skill(1), g.skill(2)), (Skill::Easy, Skill::Hard));
}

#[test]
fn a_hosted_game_gives_the_program_its_seats_skill_and_hards_budget() {
    let setup = QuickSetup {
        seed: 4,
        players: Some(2),
        ..Default::default()
    };
    let lineup = Lineup {
        first: Skill::Hard,
        rest: Skill::Easy,
        think: Think::steps(3),
    };
    let host = wartable::net::headless::host_game_at(
        RulesId::Krig,
        &setup,
        &[Player::Program, Player::Remote],
        &lineup,
    )
    .unwrap();
    let g = host.as_any().downcast_ref::<Game<Krig>>().unwrap();
    assert_eq!((g.skill(1), g.skill(2)), (Skill::Hard, Skill::Easy));
    assert_eq!(g.think, Think::steps(3));

    // The Online window's host panel: the skill chosen for a seat handed to the program.
    let mut app = wartable::net::headless::net_app();
    let g = Game::<Krig>::new(Krig::quick_setup(&setup).unwrap()).unwrap();
    app.insert_resource(ActiveGame::new(KrigSession::new(g)));
    start_hosting(
        app.world_mut(),
        HostAt::Port(IpAddr::V4(Ipv4Addr::LOCALHOST), 0),
        &[Player::Program, Player::Remote],
        &[Skill::Hard, Skill::Normal],
        OnDrop::Program,
        false,
    )
    .expect("hosting on a free port");
    let active = app.world().resource::<ActiveGame>();
    let g = active.0.game();
    assert_eq!(g.player(1), Player::Program);
    assert_eq!((g.skill(1), g.skill(2)), (Skill::Hard, Skill::Normal));
}

#[test]
fn wartable_host_takes_the_skills_and_refuses_a_wrong_name_with_the_choices() {
    let run = |args: &[&str]| {
        let out = std::process::Command::new(env!("CARGO_BIN_EXE_wartable"))
            .args(args)
            .output()
            .unwrap();
        (
            out.status.code(),
            String::from_utf8_lossy(&out.stdout).to_string(),
            String::from_utf8_lossy(&out.stderr).to_string(),
        )
    };
    let (code, out, _) = run(&["host", "--help"]);
    assert_eq!(code, Some(0));
    for flag in ["--skill1", "--skill2", "--think-ms", "--think-steps"] {
        assert!(out.contains(flag), "{flag}: {out}");
    }
    let (code, _, err) = run(&["host", "--headless", "--skill2", "expert"]);
    assert_eq!(code, Some(2));
    assert!(err.contains("easy, normal, hard"), "{err}");
    let (code, _, err) = run(&["--think-ms", "0", "--screenshot", "x.png"]);
    assert_eq!(code, Some(2));
    assert!(err.contains("1 to 60000 ms"), "{err}");
}
