//! The tooltips of KOG light's panels: every move, condition and marker the panels show has a
//! tip, each tip quotes its rule in one line in quotation marks, and each names the rule it
//! stands for (the quotes themselves are checked against `kog-light.txt` outside the suite).

use super::*;
use wartable::app::games::kog::panels::markers;
use wartable::app::games::kog::tips::Tip;
use wartable::rules::kog::attack::RerollChoice;
use wartable::rules::kog::state::{Condition, MoveMode};

/// The quote, in quotation marks, on the first line; what the program does, if anything, on
/// the second.
fn assert_quotes(t: Tip) {
    let (quote, does) = t.rule();
    assert!(quote.len() > 12, "{t:?} quotes too little: {quote}");
    assert!(!quote.contains('\n') && !does.contains('\n'), "{t:?}");
    let text = t.text();
    let first = text.lines().next().unwrap_or_default();
    assert_eq!(first, format!("\"{quote}\""), "{t:?}");
    assert!(text.lines().count() <= 2, "{t:?}");
}

#[test]
fn every_tip_quotes_its_rule_in_one_line() {
    let mut seen = std::collections::HashSet::new();
    for t in Tip::ALL {
        assert!(seen.insert(t), "{t:?} twice in Tip::ALL");
        assert_quotes(t);
    }
}

#[test]
fn every_move_condition_and_reroll_choice_of_the_card_has_its_own_rule() {
    for m in MoveMode::ALL {
        let t = Tip::of_move(m);
        assert!(Tip::ALL.contains(&t));
        assert!(t.rule().0.starts_with(m.label()), "{m:?}: {:?}", t.rule());
    }
    for (c, word) in [
        (Condition::Crippled, "**Crippled**"),
        (Condition::Destroyed, "**Destroyed**"),
        (Condition::Eliminated, "**Eliminated**"),
        (Condition::Unharmed, "damage"),
    ] {
        let t = Tip::of_condition(c);
        assert!(Tip::ALL.contains(&t));
        assert!(t.rule().0.contains(word), "{c:?}: {:?}", t.rule());
    }
    for c in [RerollChoice::OnlyOnes, RerollChoice::Decline] {
        assert!(Tip::ALL.contains(&Tip::of_reroll(c)), "{c:?}");
    }
    assert!(
        Tip::of_reroll(RerollChoice::OnlyOnes)
            .rule()
            .0
            .starts_with("Friendly Fire")
    );
}

/// The forces panel's markers each carry the tip of their own rule: a model still to deploy
/// quotes the deployment, the Commander and a crippled model theirs.
#[test]
fn the_forces_panels_markers_quote_their_rules() {
    let g = new_game(
        Scenario::Standard,
        singles("German", BattleSize::Duel, &["Kämpfer", "Kämpfer"]),
        singles("German", BattleSize::Duel, &["Panther"]),
    );
    let id = *g.state.models.keys().next().expect("a model");
    let marks = markers(&g.state, id);
    assert_eq!(marks, vec![("to deploy", Tip::ToDeploy)]);
    assert!(Tip::ToDeploy.rule().0.contains("places their forces"));
    assert!(markers(&g.state, ModelId(999)).is_empty());
}
