//! A self-play game of each rule set as a replay: stepping forward through every command, back
//! to the start and forth again reaches at each position the state hash of the game replayed
//! straight to that point; "play on from here" starts from that hash and takes a command; a save
//! that does not load or does not reach its hash is refused with the reason.

use wartable::rules::core::{Game, Player, QuickSetup, RuleSet};
use wartable::rules::replay::{Replay, SNAPSHOT_EVERY};
use wartable::rules::{dndalike, kog, krig, kry, ktog};

/// The program plays a game against itself (seed 3, at most `max` commands).
fn self_played<R: RuleSet>(max: usize) -> Game<R> {
    let setup = R::quick_setup(&QuickSetup {
        seed: 3,
        ..Default::default()
    })
    .expect("quick setup");
    let mut g = Game::<R>::new(setup).expect("new game");
    g.self_play(max);
    assert!(g.log.len() > 20, "{}: {} commands", R::ID, g.log.len());
    g
}

/// The hash after each number of commands, replaying straight from the setup.
fn straight_hashes<R: RuleSet>(g: &Game<R>) -> Vec<u64> {
    let mut s = Game::<R>::new(g.setup.clone()).unwrap();
    let mut v = vec![s.hash()];
    for l in &g.log {
        s.play_with(l.seat, l.cmd.clone(), &l.entered).unwrap();
        v.push(s.hash());
    }
    v
}

fn steps_back_and_forth<R: RuleSet>() {
    let g = self_played::<R>(300);
    let want = straight_hashes(&g);
    let mut r = Replay::<R>::from_game(&g).unwrap();
    let n = r.len();
    assert_eq!(n, g.log.len());
    assert_eq!(r.at(), 0);
    assert_eq!(r.game().hash(), want[0]);
    for k in 1..=n {
        r.seek(k);
        assert_eq!((r.at(), r.game().hash()), (k, want[k]), "{} forward", R::ID);
    }
    for k in (0..n).rev() {
        r.seek(k);
        assert_eq!((r.at(), r.game().hash()), (k, want[k]), "{} back", R::ID);
    }
    for k in 1..=n {
        r.seek(k);
        assert_eq!(r.game().hash(), want[k], "{} forth again at {k}", R::ID);
    }
    // Jumps both ways across snapshots.
    for k in [
        n / 2,
        3,
        n,
        SNAPSHOT_EVERY,
        SNAPSHOT_EVERY - 1,
        0,
        n - 1,
        2 * SNAPSHOT_EVERY + 1,
    ] {
        let k = k.min(n);
        r.seek(k);
        assert_eq!(r.game().hash(), want[k], "{} jump to {k}", R::ID);
    }
    // The timeline has one mark a command, the luck line one range of rolls a command.
    assert_eq!(r.marks().len(), n);
    assert_eq!(r.luck().map(|l| l.by_command.len()), Some(n), "{}", R::ID);
    assert_eq!(
        r.marks().last().map(|m| m.round),
        Some(R::round(&g.state)),
        "the last mark's round is the game's"
    );
}

fn plays_on<R: RuleSet>() {
    let g = self_played::<R>(300);
    let want = straight_hashes(&g);
    let mut r = Replay::<R>::from_game(&g).unwrap();
    // The last position where the game still waits on someone.
    let k = (0..=r.len() / 2)
        .rev()
        .find(|k| {
            r.seek(*k);
            !r.game().is_over()
        })
        .unwrap();
    r.seek(k);
    let mut on = r.play_on(&[Player::Program, Player::Human]);
    assert_eq!(
        on.hash(),
        want[k],
        "{}: play on starts where the replay stands",
        R::ID
    );
    assert_eq!(on.log.len(), k);
    assert_eq!(on.player(1), Player::Program);
    assert_eq!(on.player(2), Player::Human);
    // It takes a command: the one the saved game played next.
    let next = g.log[k].clone();
    on.play_with(next.seat, next.cmd, &next.entered)
        .unwrap_or_else(|e| panic!("{}: the next command is refused: {e}", R::ID));
    assert_eq!(on.hash(), want[k + 1]);
    // And the program plays its seats in it.
    let mut again = r.play_on(&[Player::Program, Player::Program]);
    assert!(again.self_play(1) == 1 || again.is_over(), "{}", R::ID);
    // The replay shown does not move when the game played on does.
    assert_eq!(r.game().hash(), want[k]);
}

fn through_a_save<R: RuleSet>(name: &str) {
    let g = self_played::<R>(200);
    let dir = crate::common::temp_dir(&format!("replay-{name}"));
    let path = dir.join("game.ron");
    g.save(&path).unwrap();
    let mut r = wartable::rules::replay::open(&path).unwrap();
    assert_eq!(r.rules(), R::ID);
    assert_eq!(r.len(), g.log.len());
    r.seek(r.len());
    assert_eq!(r.hash(), g.hash());
    r.seek(0);
    assert_eq!(r.hash(), Game::<R>::new(g.setup.clone()).unwrap().hash());
    // The whole game's save text, wherever the replay stands (for its battle report).
    r.seek(3);
    let text = r.save_text().unwrap();
    assert_eq!(text, std::fs::read_to_string(&path).unwrap(), "{}", R::ID);
    let html = wartable::report::html_of_save("game.ron", &text).unwrap();
    assert!(html.contains("data:image/png;base64,"), "{}: no map", R::ID);
}

#[test]
fn kog_light_steps_back_and_forth_to_the_straight_hashes() {
    steps_back_and_forth::<kog::Kog>();
}

#[test]
fn kry_gothic_steps_back_and_forth_to_the_straight_hashes() {
    steps_back_and_forth::<kry::Kry>();
}

#[test]
fn ktog_steps_back_and_forth_to_the_straight_hashes() {
    steps_back_and_forth::<ktog::Ktog>();
}

#[test]
fn krig_steps_back_and_forth_to_the_straight_hashes() {
    steps_back_and_forth::<krig::Krig>();
}

#[test]
fn dndalike_steps_back_and_forth_to_the_straight_hashes() {
    steps_back_and_forth::<dndalike::Dndalike>();
}

#[test]
fn play_on_starts_from_the_replayed_hash_in_every_rule_set() {
    plays_on::<kog::Kog>();
    plays_on::<kry::Kry>();
    plays_on::<ktog::Ktog>();
    plays_on::<krig::Krig>();
    plays_on::<dndalike::Dndalike>();
}

#[test]
fn a_save_of_every_rule_set_opens_as_a_replay() {
    through_a_save::<kog::Kog>("kog");
    through_a_save::<kry::Kry>("kry");
    through_a_save::<ktog::Ktog>("ktog");
    through_a_save::<krig::Krig>("krig");
    through_a_save::<dndalike::Dndalike>("dnd");
}

#[test]
fn a_save_that_does_not_reach_its_hash_is_no_replay() {
    let g = self_played::<kog::Kog>(120);
    let dir = crate::common::temp_dir("replay-bad-hash");
    let path = dir.join("edited.ron");
    let mut save = g.to_save();
    save.state_hash = "0123456789abcdef".into();
    wartable::rules::core::save::write_ron(&path, &save).unwrap();
    let e = wartable::rules::replay::open(&path).err().expect("refused");
    let text = e[0].to_string();
    assert!(text.contains("edited.ron"), "{text}");
    assert!(text.contains("not the saved 0123456789abcdef"), "{text}");
    let junk = dir.join("junk.ron");
    std::fs::write(&junk, "Save(rules: \"kog-light\", version: 3, setup: (").unwrap();
    let e = wartable::rules::replay::open(&junk).err().expect("refused");
    assert!(e[0].to_string().contains("junk.ron:"), "{}", e[0]);
}

#[test]
fn a_replay_of_an_unfinished_game_keeps_the_secrets_of_every_seat() {
    // A DnDalike fight cut short: each character's damage total is a secret of its seat.
    let g = self_played::<dndalike::Dndalike>(150);
    let mut r = Replay::<dndalike::Dndalike>::from_game(&g).unwrap();
    assert!(!r.saved_over());
    r.seek(r.len());
    let hidden = r.view();
    assert!(
        r.game().state.chars.iter().any(|c| c.damage > 0),
        "some damage was dealt"
    );
    assert!(hidden.state.chars.iter().all(|c| c.damage == 0));
    assert!(
        hidden
            .seats()
            .iter()
            .all(|s| hidden.player(*s) == Player::Remote)
    );
    // Over: the view is the game as it was.
    let mut done = self_played::<dndalike::Dndalike>(20_000);
    done.self_play(20_000);
    assert!(done.is_over());
    let mut r = Replay::<dndalike::Dndalike>::from_game(&done).unwrap();
    r.seek(r.len());
    assert_eq!(
        wartable::rules::core::game::view_hash::<dndalike::Dndalike>(&r.view().state),
        wartable::rules::core::game::view_hash::<dndalike::Dndalike>(&done.state)
    );
}
