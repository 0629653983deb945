//! The tooltips of DnDalike's panels: each tip quotes its rule in one line in quotation marks,
//! every action button, action die and class power has its own, and every quote is found
//! verbatim in `dndalike.txt` where the rule texts are at hand (`WARTABLE_RULE_TEXTS`, or the
//! `shared/rules` folder beside the checkout).

use wartable::app::games::dndalike::tips::Tip;
use wartable::rules::dndalike::{Ability, Command, DieKind, Power};
use wartable::table::geom::Pt;

/// The rule text, if it is at hand.
fn rule_text() -> Option<String> {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut dirs: Vec<std::path::PathBuf> = std::env::var_os("WARTABLE_RULE_TEXTS")
        .map(Into::into)
        .into_iter()
        .collect();
    for up in root.ancestors().skip(1).take(3) {
        dirs.push(up.join("shared/rules"));
    }
    dirs.iter()
        .find_map(|d| std::fs::read_to_string(d.join("dndalike.txt")).ok())
}

#[test]
fn every_tip_quotes_its_rule_in_one_line() {
    let mut seen = std::collections::HashSet::new();
    for t in Tip::ALL {
        assert!(seen.insert(t), "{t:?} twice in Tip::ALL");
        let (quote, does) = t.rule();
        assert!(quote.len() > 12, "{t:?} quotes too little: {quote}");
        assert!(!quote.contains('\n') && !does.contains('\n'), "{t:?}");
        let text = t.text();
        assert_eq!(text.lines().next(), Some(t.quoted().as_str()), "{t:?}");
        assert_eq!(t.quoted(), format!("\"{quote}\""));
        assert!(text.lines().count() <= 2, "{t:?}");
    }
}

#[test]
fn every_quote_is_verbatim_in_the_rule_text() {
    let Some(text) = rule_text() else {
        eprintln!("dndalike.txt is not at hand: the quotes are not checked against it");
        return;
    };
    let missing: Vec<(Tip, &str)> = Tip::ALL
        .iter()
        .map(|t| (*t, t.rule().0))
        .filter(|(_, q)| !text.contains(q))
        .collect();
    assert!(missing.is_empty(), "not in dndalike.txt: {missing:#?}");
}

/// Each button, die and power the card shows quotes its own rule: the action by its name in the
/// text, the die by its kind, the power by its name.
#[test]
fn every_action_die_and_power_has_its_own_rule() {
    let to = Pt::new(1.0, 1.0);
    for (a, words) in [
        (Ability::Move { to }, "move your movement rate"),
        (Ability::Dodge, "F, M: Raise your AC"),
        (Ability::Jab { target: 1 }, "takes a wound"),
        (Ability::Finish { target: 1 }, "finishing blow"),
        (Ability::Block { entry: 1 }, "Cancel a melee attack"),
        (Ability::Trip { entry: 1 }, "cancel target movement"),
        (Ability::Riposte { entry: 1 }, "cancel target melee attack"),
        (
            Ability::Exert {
                die: DieKind::Attack,
            },
            "Regain a lost action die",
        ),
        (Ability::Draw, "Draw a spell stone"),
        (
            Ability::Cast {
                spell: 0,
                target: 1,
            },
            "Cast a spell",
        ),
    ] {
        let t = Tip::of_ability(&a);
        assert!(Tip::ALL.contains(&t));
        assert!(t.rule().0.contains(words), "{a:?}: {:?}", t.rule());
        let cmd = Command::Act { who: 0, ability: a };
        assert_eq!(Tip::of_command(&cmd), Some(t));
    }
    assert_eq!(Tip::of_command(&Command::Pass), Some(Tip::Pass));
    assert_eq!(Tip::of_command(&Command::EndTurn), Some(Tip::EndTurn));
    assert!(
        Tip::EndTurn
            .rule()
            .0
            .contains("action dice are replenished")
    );
    assert_eq!(Tip::of_command(&Command::Onward), None);
    for (k, letter) in [
        (DieKind::Movement, "(M)"),
        (DieKind::Attack, "(A)"),
        (DieKind::Shield, "(S)"),
    ] {
        assert!(Tip::of_die(k).rule().0.contains(letter), "{k:?}");
    }
    let mut quotes = std::collections::HashSet::new();
    for p in Power::ALL {
        let t = Tip::of_power(p);
        assert!(Tip::ALL.contains(&t), "{p:?}");
        assert!(quotes.insert(t.rule().0), "{p:?} shares its quote");
    }
    assert!(Tip::of_power(Power::Lucky).rule().0.starts_with("Lucky"));
    assert!(
        Tip::of_power(Power::HeavyHitter)
            .rule()
            .0
            .starts_with("Heavy Hitter")
    );
}
