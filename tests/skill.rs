//! The program opponent's skill: Easy, Normal and Hard per seat, kept in saves (older saves read
//! as Normal), on the command line, in simulations; Hard's fairness (it reads neither the game's
//! dice nor the other side's secrets) and reproducibility; the reasons kept for "Why?", which
//! keep a face-off pick hidden.

use wartable::rules::core::think::decide;
use wartable::rules::core::{Game, Lineup, QuickSetup, RuleSet, RulesId, Skill, Think};
use wartable::rules::dndalike::Dndalike;
use wartable::rules::headless::{SelfPlay, StopAt, check_save, self_play};
use wartable::rules::kog::marker::Kog;
use wartable::rules::kry::marker::Kry;
use wartable::rules::simulate::{Simulation, simulate};

fn game<R: RuleSet>(seed: u64) -> Game<R> {
    let setup = R::quick_setup(&QuickSetup {
        seed,
        ..Default::default()
    })
    .expect("the rule set's own quick setup");
    Game::<R>::new(setup).expect("a new game")
}

#[test]
fn skills_are_saved_and_a_save_of_normal_seats_is_written_as_before() {
    let mut g = game::<Kog>(3);
    g.self_play(12);
    let plain = wartable::rules::core::save::ron_text(&g.to_save()).unwrap();
    assert!(
        !plain.contains("skills") && !plain.contains("reasons"),
        "every seat at Normal writes no skills:\n{plain}"
    );
    g.set_skill(2, Skill::Easy);
    g.set_skill(9, Skill::Hard);
    let text = wartable::rules::core::save::ron_text(&g.to_save()).unwrap();
    assert!(
        text.contains("skills: [\n    Normal,\n    Easy,\n  ]"),
        "{text}"
    );
    let back = Game::<Kog>::load_text("t.ron", &text).expect("loads");
    assert_eq!((back.skill(1), back.skill(2)), (Skill::Normal, Skill::Easy));
    assert_eq!(
        back.hash(),
        g.hash(),
        "the skills are not in the hashed state"
    );
    let old = Game::<Kog>::load_text("t.ron", &plain).expect("loads");
    assert_eq!((old.skill(1), old.skill(2)), (Skill::Normal, Skill::Normal));
}

#[test]
fn the_stored_save_fixtures_still_replay_to_their_hashes_with_every_seat_at_normal() {
    for f in [
        "tests/data/kog-save-v1.ron",
        "tests/data/kog-save-v2-duel.ron",
    ] {
        let text = std::fs::read_to_string(f).unwrap();
        assert!(!text.contains("skills"), "{f}");
        check_save(std::path::Path::new(f)).unwrap_or_else(|e| panic!("{f}: {e:?}"));
        let (g, warning) = Game::<Kog>::load_lenient(f, &text).unwrap();
        assert!(warning.is_none(), "{f}: {warning:?}");
        assert!(g.skills.iter().all(|s| *s == Skill::Normal), "{f}");
    }
}

#[test]
fn a_wrong_skill_name_and_a_think_budget_out_of_range_are_refused_naming_the_choices() {
    let run = |args: &[&str]| {
        let out = std::process::Command::new(env!("CARGO_BIN_EXE_wartable"))
            .args(args)
            .output()
            .unwrap();
        (
            out.status.code(),
            String::from_utf8_lossy(&out.stderr).to_string(),
        )
    };
    let (code, err) = run(&["simulate", "--games", "1", "--skill1", "expert"]);
    assert_eq!(code, Some(2));
    assert!(err.contains("easy, normal, hard"), "{err}");
    for ms in ["0", "60001"] {
        let (code, err) = run(&["self-play", "--think-ms", ms]);
        assert_eq!(code, Some(2), "{ms}");
        assert!(err.contains("1 to 60000 ms"), "{ms}: {err}");
    }
    let (code, out) = {
        let o = std::process::Command::new(env!("CARGO_BIN_EXE_wartable"))
            .args([
                "simulate",
                "--rules",
                "krig",
                "--games",
                "4",
                "--threads",
                "1",
                "--skill1",
                "easy",
                "--json",
            ])
            .output()
            .unwrap();
        (
            o.status.code(),
            String::from_utf8_lossy(&o.stdout).to_string(),
        )
    };
    assert_eq!(code, Some(0));
    assert!(
        out.contains("\"skills\": {\"side1\": \"easy\", \"side2\": \"normal\"}"),
        "{out}"
    );
}

#[test]
fn a_swapped_simulation_gives_each_skill_each_side_and_counts_wins_by_skill() {
    let sim = Simulation {
        rules: RulesId::Krig,
        games: 40,
        threads: 1,
        seed: 5,
        setup: QuickSetup::default(),
        max_commands: 10_000,
        lineup: Lineup {
            first: Skill::Normal,
            rest: Skill::Easy,
            think: Think::steps(4),
        },
        swap: true,
    };
    let r = simulate(&sim, &|_| {}).unwrap();
    assert_eq!(r.results[0].skills, vec![Skill::Normal, Skill::Easy]);
    assert_eq!(r.results[1].skills, vec![Skill::Easy, Skill::Normal]);
    let (normal, decided) = r.skill_wins(Skill::Normal);
    let (easy, decided_easy) = r.skill_wins(Skill::Easy);
    assert_eq!(decided, decided_easy);
    assert_eq!(
        normal + easy,
        decided,
        "each decided game is won by one of them"
    );
}

/// A KOG light game played by Normal until the side to act has a choice among several attacks.
fn kog_at_a_choice(seed: u64) -> Game<Kog> {
    let mut g = game::<Kog>(seed);
    for _ in 0..2000 {
        if let Some(seat) = g.waiting().seats().first().copied()
            && Kog::program_options(&g, seat).len() >= 3
            && g.state.step == wartable::rules::kog::state::Step::Action
        {
            return g;
        }
        assert!(g.self_play(1) == 1, "the game reaches a choice");
    }
    panic!("no choice of attacks in 2000 commands");
}

#[test]
fn hard_chooses_the_same_whatever_the_games_seed_when_everything_visible_is_the_same() {
    let a = kog_at_a_choice(7);
    let seat = a.waiting().seats()[0];
    // The same position in a game of another seed: other dice, another setup seed.
    let mut setup = a.setup.clone();
    Kog::set_seed(&mut setup, 999_999);
    let mut b = Game::<Kog>::new(setup).unwrap();
    b.state = a.state.clone();
    assert_ne!(a.dice.seed(), b.dice.seed());
    let budget = Think::steps(12);
    let da = decide(&a, seat, budget).expect("Hard decides");
    let db = decide(&b, seat, budget).expect("Hard decides");
    assert_eq!(da.cmd, db.cmd);
    assert_eq!(da.reasons, db.reasons, "the same futures, the same values");
    assert!(da.reasons.rollouts >= 12, "{:?}", da.reasons);
}

/// KOG light: at the choice of Attacker or Defender (which sets who deploys first and the order
/// of the first two rounds) Hard weighs both roles, not Normal's Defender alone, with
/// `DEEP_FACTOR` times its budget, and plays each future out to the game's end: every future is
/// a game won, drawn or lost (1, 0 or -1), never a measure of the position part-way.
#[test]
fn hard_in_kog_light_weighs_both_roles_over_whole_games() {
    use wartable::rules::core::think::DEEP_FACTOR;
    use wartable::rules::kog::state::Phase;
    let mut g = game::<Kog>(5);
    for _ in 0..200 {
        if matches!(g.state.phase, Phase::ChooseRole { .. }) {
            break;
        }
        assert_eq!(g.self_play(1), 1, "the game reaches the choice of roles");
    }
    let Phase::ChooseRole { chooser } = g.state.phase else {
        panic!("no choice of roles: {:?}", g.state.phase);
    };
    // Two rollouts of budget: two orders, one round of rollouts each, times DEEP_FACTOR.
    let d = decide(&g, chooser, Think::steps(2)).expect("Hard decides");
    let orders: Vec<&str> = d.reasons.weighed.iter().map(|w| w.order.as_str()).collect();
    assert_eq!(
        orders,
        ["Take the role of Defender", "Take the role of Attacker"],
        "Normal's Defender first, then the other role"
    );
    assert_eq!(d.reasons.rollouts, 2 * DEEP_FACTOR);
    for w in &d.reasons.weighed {
        let total = w.value * f64::from(DEEP_FACTOR);
        assert!(
            (total - total.round()).abs() < 1e-9,
            "each of the {DEEP_FACTOR} futures ends the game: {w:?}"
        );
    }
}

#[test]
fn hard_in_the_dnd_rules_does_not_read_the_other_sides_secret_damage() {
    let mut g = game::<Dndalike>(4);
    // Play on until the monsters' seat (1) acts with a hero wounded.
    let mut found = None;
    for _ in 0..3000 {
        if g.is_over() {
            break;
        }
        let wounded = g
            .state
            .chars
            .iter()
            .position(|c| c.seat != 1 && c.wounds > 0 && !c.dead);
        if let Some(i) = wounded
            && g.waiting().allows(1)
            && Dndalike::program_options(&g, 1).len() >= 2
        {
            found = Some(i);
            break;
        }
        g.self_play(1);
    }
    let i = found.expect("a decision of the monsters with a hero wounded");
    let budget = Think::steps(8);
    let before = decide(&g, 1, budget).expect("Hard decides");
    let mut other = g.clone();
    other.state.chars[i].damage += 3;
    let after = decide(&other, 1, budget).expect("Hard decides");
    assert_eq!(before.cmd, after.cmd);
    assert_eq!(before.reasons, after.reasons);
}

#[test]
fn a_self_played_game_of_hard_is_the_same_game_every_time_and_its_save_replays_to_its_hash() {
    let dir = crate::common::temp_dir("skill-hard-save");
    let run = |name: &str| {
        let out = dir.join(name);
        let r = self_play(
            RulesId::KogLight,
            &SelfPlay {
                setup: QuickSetup {
                    seed: 11,
                    ..Default::default()
                },
                commands: 120,
                stop_at: StopAt::End,
                after: 0,
                out: Some(out.clone()),
                lineup: Lineup {
                    first: Skill::Hard,
                    rest: Skill::Normal,
                    think: Think::steps(4),
                },
            },
        )
        .expect("self-play");
        (r.hash, out)
    };
    let (h1, f1) = run("a.ron");
    let (h2, _) = run("b.ron");
    assert_eq!(h1, h2, "the same seed and step budget give the same game");
    let checked = check_save(&f1).expect("the save replays to its hash");
    assert_eq!(checked.hash, h1);
    let text = std::fs::read_to_string(&f1).unwrap();
    assert!(
        text.contains("skills: [\n    Hard,\n    Normal,\n  ]"),
        "{text}"
    );
}

/// Plays a KOG light game of Normal (seed `seed`, at most 600 commands), handing `f` Normal's
/// and Easy's choice for the seat waiting at each step; stops when `f` says so or the game ends.
fn kog_normal_and_easy(
    seed: u64,
    mut f: impl FnMut(
        &Option<wartable::rules::kog::command::Command>,
        &Option<wartable::rules::kog::command::Command>,
    ) -> bool,
) {
    use wartable::rules::kog::ai::choose_at;
    let mut g = game::<Kog>(seed);
    for _ in 0..600 {
        if g.is_over() {
            break;
        }
        let seat = g.waiting().seats()[0];
        let n = choose_at(&g, seat, Skill::Normal);
        let e = choose_at(&g, seat, Skill::Easy);
        if f(&n, &e) {
            break;
        }
        g.self_play(1);
    }
}

#[test]
fn easy_in_kog_light_rushes_with_speed_moves_where_normal_keeps_its_shots() {
    use wartable::rules::kog::command::Command;
    use wartable::rules::kog::state::MoveMode;
    // Over a game of Normal, wherever Easy would move a model it never makes a Combat Move (it
    // rushes with a Speed Move, holds, or charges), and somewhere Normal makes a Combat Move
    // where Easy makes a Speed Move.
    let mut rushed = false;
    kog_normal_and_easy(7, |n, e| {
        if let Some(Command::Move { mode, .. }) = e {
            assert_ne!(*mode, MoveMode::Combat, "Easy made a Combat Move: {e:?}");
        }
        if let (
            Some(Command::Move {
                mode: MoveMode::Combat,
                ..
            }),
            Some(Command::Move {
                mode: MoveMode::Speed,
                ..
            }),
        ) = (n, e)
        {
            rushed = true;
        }
        false
    });
    assert!(rushed, "Easy rushes somewhere Normal makes a Combat Move");
}

#[test]
fn hard_in_the_dnd_rules_weighs_a_dodge_only_by_the_character_attacked() {
    use wartable::rules::dndalike::{Ability, Command, Phase};
    let mut g = game::<Dndalike>(4);
    let mut dodges = 0;
    for _ in 0..3000 {
        if g.is_over() {
            break;
        }
        if matches!(g.state.phase, Phase::Respond { .. }) {
            let target = g.state.stack.last().and_then(|e| match e.ability {
                Ability::Jab { target } | Ability::Finish { target } => Some(target),
                _ => None,
            });
            for seat in g.waiting().seats() {
                for o in Dndalike::program_options(&g, seat) {
                    if let Command::Act {
                        who,
                        ability: Ability::Dodge,
                    } = o.cmd
                    {
                        assert_eq!(
                            Some(who),
                            target,
                            "a dodge by another than the one attacked"
                        );
                        dodges += 1;
                    }
                }
            }
        }
        g.self_play(1);
    }
    assert!(dodges > 0, "the game has dodges to weigh");
}

#[test]
fn easy_makes_a_players_mistakes_that_normal_does_not() {
    // KOG light: somewhere in the game Easy fires at another target than Normal.
    let mut differs = false;
    kog_normal_and_easy(7, |n, e| {
        if let (
            Some(wartable::rules::kog::command::Command::Attack { target: a, .. }),
            Some(wartable::rules::kog::command::Command::Attack { target: b, .. }),
        ) = (n, e)
            && a != b
        {
            differs = true;
        }
        differs
    });
    assert!(differs, "Easy picks the second-best target somewhere");
    // Kry-Gothic: in a combo's window Easy never interrupts.
    let s = game::<Kry>(2).state;
    let w = wartable::rules::kry::ai::program::wishes_at(&s, 1, 2, true);
    assert!(!w.iter().any(|c| matches!(
        c,
        wartable::rules::kry::command::Command::Order { .. }
            | wartable::rules::kry::command::Command::CallFaceOff
    )));
}

#[test]
fn the_program_keeps_the_reasons_of_its_decisions_beside_the_game() {
    let mut g = kog_at_a_choice(7);
    let seat = g.waiting().seats()[0];
    g.keep_reasons = true;
    let hash_before = g.clone();
    g.program_play(seat).expect("the program plays");
    let index = g.log.len() - 1;
    let r = g.reasons_of(index).expect("the reasons are kept");
    assert!(r.weighed.len() >= 3, "{r:?}");
    assert!(r.chosen < r.weighed.len());
    let lines = r.lines().join("\n");
    assert!(lines.contains("% to destroy it"), "{lines}");
    // The same command without reasons leads to the same hash: reasons are not state.
    let mut plain = hash_before;
    plain.keep_reasons = false;
    plain.program_play(seat);
    assert_eq!(plain.hash(), g.hash());
    // Hard keeps its own, with the futures it played.
    g.set_skill(seat, Skill::Hard);
    g.think = Think::steps(8);
    let mut n = 0;
    while n < 200 && !g.is_over() {
        let s = g.waiting().seats()[0];
        g.program_play(s);
        n += 1;
        if s == seat
            && let Some(r) = g.reasons_of(g.log.len() - 1)
            && r.skill == Skill::Hard
            && r.rollouts > 0
        {
            assert!(r.lines()[0].contains("futures"), "{:?}", r.lines());
            return;
        }
    }
    panic!("Hard kept no reasons with rollouts");
}

/// The reasons of a program decision show at the table to both seats ("Why?"). A face-off pick
/// among the orders weighed is the picking seat's secret until both have named theirs, so it is
/// written as hidden, never by its action, model or target (it was written as the command
/// itself: "FaceOffChoose { choice: Some(FaceOffChoice { action: Movement, model: ModelId(13) ...").
#[test]
fn the_reasons_of_a_face_off_pick_keep_the_pick_hidden() {
    use wartable::rules::kry::ai::weigh::words;
    use wartable::rules::kry::command::Command;
    use wartable::rules::kry::faceoff_choice::{FaceOffAction, FaceOffChoice};
    let g = game::<Kry>(3);
    let regent = *g.state.models.keys().max().expect("models");
    let named = Command::FaceOffChoose {
        choice: Some(FaceOffChoice {
            action: FaceOffAction::Movement,
            model: regent,
            target: None,
        }),
    };
    let pulled_out = Command::FaceOffChoose { choice: None };
    let name = g.state.models[&regent].name.to_string();
    for c in [&named, &pulled_out] {
        let w = words(&g.state, c);
        assert_eq!(w, "A face-off pick (hidden)");
        assert!(!w.contains("Movement") && !w.contains(&name), "{w}");
    }
}
