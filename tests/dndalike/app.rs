//! The DnDalike rules at the table, headless: clicks pick a character, move it and attack;
//! the respond prompt's countdown passes for the person asked; secrets show only to their
//! player; the New fight form leaves characters out and numbers the seats.

use super::*;
use bevy::prelude::App;
use std::time::Duration;
use wartable::app::game::session::ActiveGame;
use wartable::app::games::dndalike::menu::NewDndGame;
use wartable::app::games::dndalike::session::{DndSession, Screen};
use wartable::rules::core::{Player, RuleSet};
use wartable::rules::dndalike::{DieKind, Dndalike, Phase};
use wartable::table::ModelId;

fn app_with(s: DndSession) -> App {
    let table = Dndalike::table(&s.game.state);
    crate::common::game_app(
        (
            wartable::app::screens::play::program::plugin,
            wartable::app::games::dndalike::panels::plugin,
        ),
        wartable::rules::duel::bare().0.clone(),
        table,
        ActiveGame::new(s),
        Some(Duration::from_millis(500)),
    )
}

fn session(app: &mut App) -> &mut DndSession {
    app.world_mut()
        .resource_mut::<ActiveGame>()
        .into_inner()
        .get_mut::<DndSession>()
        .expect("a DnDalike fight")
}

/// A click with the cursor on character `model` (an index) or on the ground at `ground`.
fn click(app: &mut App, model: Option<usize>, ground: Option<Pt>) {
    crate::common::click(app, model.map(|i| ModelId(i as u32 + 1)), ground);
}

/// Georgia (seat 2, a person) and a goblin (seat 1); the heroes act first.
fn georgia_and_goblin(goblin_at: Pt) -> DndSession {
    let mut g = fight(
        vec![plain(
            "Georgia",
            Armour::Heavy,
            Pack::FreeHand,
            2,
            10.0,
            10.0,
        )],
        vec![plain(
            "Goblin",
            Armour::Light,
            Pack::FreeHand,
            1,
            goblin_at.x,
            goblin_at.y,
        )],
        Party::Heroes,
    );
    g.set_player(2, Player::Human);
    g.set_player(1, Player::Human);
    DndSession::new(g, Some(1.0))
}

#[test]
fn clicks_pick_a_character_move_it_and_attack() {
    let mut app = app_with(georgia_and_goblin(Pt::new(10.0, 16.0)));
    // The ground before a character is picked: nothing.
    click(&mut app, None, Some(Pt::new(10.0, 13.0)));
    assert!(session(&mut app).game.log.is_empty());
    // With nobody picked, a click on a person's character picks it.
    click(&mut app, Some(1), None);
    assert_eq!(session(&mut app).selected, Some(1));
    click(&mut app, Some(0), None);
    assert_eq!(session(&mut app).selected, Some(0));
    session(&mut app).game.dice.force(&[3]);
    click(&mut app, None, Some(Pt::new(10.0, 14.95)));
    // The goblin's player may merge an attack as Georgia comes into reach: a pass.
    let s = session(&mut app);
    assert_eq!(s.asked(), Some(1));
    s.submit(Command::Pass).unwrap();
    assert_eq!(s.state().chars[0].pos, Pt::new(10.0, 14.95), "moved");
    assert_eq!(
        s.state().chars[0].dice[0].rolled,
        Some(3),
        "the M die shows 3"
    );
    // A click on the goblin jabs it (its player passes rather than dodge).
    s.game.dice.force(&[5]);
    click(&mut app, Some(1), None);
    let s = session(&mut app);
    assert_eq!(s.asked(), Some(1));
    s.game.dice.force(&[4]);
    s.submit(Command::Pass).unwrap();
    assert_eq!(s.state().chars[1].wounds, 1, "{:?}", s.game.journal);
    // Beyond the movement rate: refused, shown, nothing changed.
    let before = s.game.log.len();
    s.game.dice.force(&[]);
    click(&mut app, None, Some(Pt::new(10.0, 1.0)));
    let s = session(&mut app);
    assert_eq!(s.game.log.len(), before);
    let shown = s
        .shell
        .last_error
        .as_ref()
        .map(|e| e.to_string())
        .unwrap_or_default();
    assert!(shown.contains("movement rate"), "shown: {shown:?}");
}

#[test]
fn the_respond_countdown_passes_for_the_person_asked() {
    // The goblin (seat 1, a person) stands where Georgia's move passes: it may merge an attack.
    let mut app = app_with(georgia_and_goblin(Pt::new(11.05, 13.0)));
    let s = session(&mut app);
    s.selected = Some(0);
    s.game.dice.force(&[2]);
    click(&mut app, None, Some(Pt::new(10.0, 15.0)));
    let s = session(&mut app);
    assert!(
        matches!(&s.state().phase, Phase::Respond { left } if left == &vec![1]),
        "{:?}",
        s.state().phase
    );
    assert_eq!(s.asked(), Some(1));
    assert!(s.pause_left.is_some(), "the countdown runs");
    // 1 s at 0.25 s a frame (the longest frame a virtual clock takes): not yet after 0.75 s.
    for _ in 0..3 {
        app.update();
    }
    assert_eq!(session(&mut app).asked(), Some(1));
    // An answer on the stack is a new question: the goblin dodges, is asked again (it may
    // still merge an attack into the move) and has the full second again.
    let s = session(&mut app);
    s.game.dice.force(&[4]);
    s.submit(Command::Act {
        who: 1,
        ability: Ability::Dodge,
    })
    .unwrap();
    let s = session(&mut app);
    assert_eq!(s.state().stack.len(), 2);
    assert_eq!(s.asked(), Some(1));
    assert!(
        matches!(s.pause_left, Some((_, left)) if left == 1.0),
        "{:?}",
        s.pause_left
    );
    for _ in 0..3 {
        app.update();
    }
    assert!(session(&mut app).asked().is_some(), "still asked at 0.75 s");
    // Then the pass, and whoever is asked next passes in turn: the move resolves.
    for _ in 0..12 {
        app.update();
    }
    let s = session(&mut app);
    assert_eq!(s.state().phase, Phase::Act);
    assert_eq!(s.state().chars[0].pos, Pt::new(10.0, 15.0));
    assert!(s.pause_left.is_none());
}

#[test]
fn secret_damage_shows_only_after_the_screen_is_passed() {
    let mut s = georgia_and_goblin(Pt::new(10.0, 16.0));
    // Two people at the screen: nobody's secrets until the screen is passed and confirmed.
    assert_eq!(s.viewer(), None);
    s.screen = Screen::Passing(2);
    assert_eq!(s.viewer(), None);
    s.screen = Screen::Shown(2);
    assert_eq!(s.viewer(), Some(2));
    // One person against the program: that person's own secrets show.
    s.game.set_player(1, Player::Program);
    s.screen = Screen::Hidden;
    assert_eq!(s.viewer(), Some(2));
}

#[test]
fn the_new_fight_form_leaves_characters_out_and_numbers_the_seats() {
    let mut form = NewDndGame {
        one_player: false,
        seed: "7".into(),
        ..Default::default()
    };
    form.hero_in[1] = false;
    form.heroes = vec![Player::Human, Player::Human, Player::Program, Player::Human];
    form.monster_in = vec![false, false, false, false, true];
    let s = form.start().unwrap();
    let st = s.state();
    let names: Vec<&str> = st.chars.iter().map(|c| c.name()).collect();
    assert_eq!(
        names,
        ["Georgia", "Osric", "Hale", "Grukk the orc chieftain"],
        "Wren and the goblins left out"
    );
    assert_eq!(s.game.seats(), vec![1, 2, 3, 4]);
    // Osric kept his player (the program), now on seat 3.
    assert_eq!(st.chars[1].seat, 3);
    assert_eq!(s.game.player(3), Player::Program);
    assert_eq!(s.game.player(2), Player::Human);
    assert_eq!(s.game.player(1), Player::Program);
    form.monster_in = vec![false; 5];
    assert!(form.start().is_err(), "a fight needs a monster");
}

#[test]
fn a_click_on_an_enemy_out_of_reach_moves_into_contact_then_attacks() {
    let mut app = app_with(georgia_and_goblin(Pt::new(10.0, 14.0)));
    click(&mut app, Some(0), None);
    session(&mut app).game.dice.force(&[2]);
    click(&mut app, Some(1), None);
    let s = session(&mut app);
    if s.asked().is_some() {
        s.submit(Command::Pass).unwrap();
    }
    let st = s.state();
    let gap = st.chars[0].gap(&st.chars[1]);
    assert!(gap <= 0.1, "in base contact: gap {gap}");
    assert_eq!(
        st.chars[0].free(DieKind::Movement),
        1,
        "the move spent an M die"
    );
    // Now in reach: the same click jabs; the goblin is asked (it may dodge).
    s.game.dice.force(&[6]);
    click(&mut app, Some(1), None);
    let s = session(&mut app);
    assert_eq!(s.state().stack.len(), 1, "{:?}", s.game.journal);
    assert_eq!(s.state().stack[0].ability, Ability::Jab { target: 1 });
    assert_eq!(s.state().stack[0].roll, Some(6));
    assert_eq!(s.asked(), Some(1), "the goblin answers the jab");
    s.game.dice.force(&[3]);
    s.submit(Command::Pass).unwrap();
    assert!(s.state().stack.is_empty());
    assert_eq!(s.state().chars[1].wounds, 1, "a natural 6 hits");
}

#[test]
fn the_character_builder_rolls_in_order_saves_a_roster_and_the_new_fight_uses_it() {
    use wartable::app::games::dndalike::builder::RosterDraft;
    use wartable::rules::dndalike::setup::load_roster;
    // "Roll 3d6 six times and assign them ... in the order you roll them": the same seeded dice
    // rolled by hand, three to a stat.
    let stats = RosterDraft::roll_stats(42);
    let mut dice = wartable::dice::Dice::new(42);
    let d: Vec<i32> = (0..18)
        .map(|_| dice.roll("d6", "").unwrap().total as i32)
        .collect();
    let sums: Vec<i32> = d.chunks(3).map(|c| c.iter().sum()).collect();
    assert_eq!(
        [
            stats.str, stats.dex, stats.con, stats.int, stats.wis, stats.cha
        ]
        .as_slice(),
        sums.as_slice(),
        "STR, DEX, CON, INT, WIS, CHA take the dice in the order rolled"
    );
    let party =
        load_roster(&crate::common::repo().join("assets/forces/dndalike/party.ron")).unwrap();
    let mut draft = RosterDraft::new(party, true);
    assert_eq!(draft.file_name, "The-Lantern-Company");
    draft.add(7);
    let new = draft.roster.members.last().unwrap().clone();
    assert_eq!(draft.selected, 4);
    // The new character's stats are the next seed's roll, written to the roll log.
    assert_eq!(new.stats, RosterDraft::roll_stats(8));
    assert_eq!(draft.roll_log.len(), 1);
    let (_, dice8) = RosterDraft::roll_dice(8);
    assert!(
        draft.roll_log[0].starts_with(&format!(
            "Hero 5: STR {}+{}+{}={}",
            dice8[0], dice8[1], dice8[2], new.stats.str
        )),
        "{:?}",
        draft.roll_log
    );
    // Rolled in order: no second roll to fish for better stats.
    assert!(!draft.reroll(9));
    assert_eq!(draft.roster.members[4].stats, new.stats);
    assert_eq!(draft.roll_log.len(), 1);
    // The DM's free stat entry rolls again at will (and logs it).
    draft.stat_entry = wartable::app::games::dndalike::builder::StatEntry::Free;
    assert!(draft.reroll(9));
    assert_eq!(draft.roster.members[4].stats, RosterDraft::roll_stats(11));
    assert_eq!(draft.roll_log.len(), 2);
    draft.stat_entry = wartable::app::games::dndalike::builder::StatEntry::Rolled;
    // A sorcerer with a spell but no menhir is refused, and nothing is written.
    let dir = crate::common::temp_dir("dnd-builder");
    {
        let s = &mut draft.roster.members[4];
        s.name = "Ysolde".into();
        s.powers = [Power::Spell].into_iter().collect();
        s.spells = vec!["Kindle".into()];
    }
    let grimoire = wartable::rules::dndalike::spells::shipped_grimoire().unwrap();
    assert!(
        draft
            .problems(&grimoire)
            .iter()
            .any(|p| p.contains("Ysolde: stones")),
        "{:?}",
        draft.problems(&grimoire)
    );
    draft.file_name = "my-party".into();
    assert!(draft.save_in(&dir).is_err());
    assert!(!dir.join("my-party.ron").exists());
    draft.roster.members[4].stones = vec!["Fire".into()];
    draft.remove(1); // Wren stays home
    assert!(draft.problems(&grimoire).is_empty());
    let path = draft.save_in(&dir).unwrap();
    let back = load_roster(&path).unwrap();
    assert_eq!(back.members, draft.roster.members, "saved as built");
    // The New fight window takes the saved roster for the party.
    let form = NewDndGame {
        seed: "5".into(),
        party_file: path,
        ..Default::default()
    };
    let s = form.start().unwrap();
    let heroes: Vec<&str> = s
        .state()
        .chars
        .iter()
        .filter(|c| c.party == Party::Heroes)
        .map(|c| c.name())
        .collect();
    assert_eq!(heroes, ["Georgia", "Osric", "Hale", "Ysolde"]);
    let y = s
        .state()
        .chars
        .iter()
        .find(|c| c.name() == "Ysolde")
        .unwrap();
    assert_eq!(y.stones.bag.len(), 1, "her menhir's stone in the bag");
}

/// The stack's card says what a Dodge will do with the owner's DEX bonus, as the rules count
/// it ("M +2 (DEX)"): a Dodge rolled 3 by a DEX 14 character, in answer to a goblin coming on,
/// raises its AC to 5, and the card says 5, not the bare die.
#[test]
fn the_stack_card_counts_the_dex_bonus_of_a_dodge() {
    use wartable::app::games::dndalike::stack::target_line;
    let mut nimble = sheet("Wren", &[], Armour::None, Pack::FreeHand);
    nimble.stats.dex = 14;
    let mut g = fight(
        vec![member(nimble, 2, 11.05, 17.0)],
        vec![plain("Goblin", Armour::None, Pack::FreeHand, 1, 10.0, 20.0)],
        Party::Monsters,
    );
    exec(
        &mut g,
        1,
        act(
            1,
            Ability::Move {
                to: Pt::new(10.0, 14.0),
            },
        ),
        &[1],
    );
    exec(&mut g, 2, act(0, Ability::Dodge), &[3]);
    let e = g
        .state
        .stack
        .last()
        .expect("the Dodge on the stack")
        .clone();
    assert_eq!((e.by, e.roll), (0, Some(3)));
    assert_eq!(target_line(&g.state, &e), "AC rises to 5");
    pass_all(&mut g, &[]);
    assert_eq!(g.state.chars[0].ac(), 5, "the rules agree with the card");
}

/// A refusal on the status line stays while nothing happens and goes once the game moves on (a
/// command taken), so that an old "Refused:" is not read as being about the new situation.
#[test]
fn a_refusal_is_cleared_when_the_game_moves_on() {
    use wartable::app::base::state::Notices;
    let mut app = app_with(georgia_and_goblin(Pt::new(10.0, 16.0)));
    app.add_plugins(wartable::app::screens::play::refusals::plugin);
    app.update();
    app.world_mut().resource_mut::<Notices>().status = "Refused: too far".into();
    app.update();
    app.update();
    assert_eq!(
        app.world().resource::<Notices>().status,
        "Refused: too far",
        "nothing happened: it stays"
    );
    click(&mut app, Some(0), None);
    session(&mut app).game.dice.force(&[3]);
    click(&mut app, None, Some(Pt::new(10.0, 14.95)));
    assert_eq!(
        session(&mut app).game.log.len(),
        1,
        "Georgia's move is taken"
    );
    app.update();
    assert_eq!(app.world().resource::<Notices>().status, "");
}
