//! The tooltips of Kry-Gothic's panels: every stat, move, fire mode, close-combat attack,
//! defence and status marker the panels show has a tip of its own rule, quoted in one line in
//! quotation marks (the quotes themselves are checked against `kry-gothic.txt` outside the
//! suite).

use super::game::small;
use wartable::app::games::kry::panels::{marker_text, marker_tips};
use wartable::app::games::kry::tips::Tip;
use wartable::rules::kry::close::{AttackType, Defence};
use wartable::rules::kry::command::MoveKind;
use wartable::rules::kry::ranged::FireMode;
use wartable::rules::kry::state::{Pin, conditions};
use wartable::table::ModelId;

#[test]
fn every_tip_quotes_its_rule_in_one_line() {
    let mut seen = std::collections::HashSet::new();
    for t in Tip::ALL {
        assert!(seen.insert(t), "{t:?} twice in Tip::ALL");
        let (quote, does) = t.rule();
        assert!(quote.len() > 12, "{t:?} quotes too little: {quote}");
        assert!(!quote.contains('\n') && !does.contains('\n'), "{t:?}");
        let text = t.text();
        assert_eq!(text.lines().next(), Some(format!("\"{quote}\"").as_str()));
        assert!(text.lines().count() <= 2, "{t:?}");
    }
    for (_, t) in Tip::PROFILE {
        assert!(Tip::ALL.contains(&t), "{t:?}");
    }
}

/// Each fire mode, attack and defence the card and the prompts offer quotes the sentence that
/// names it.
#[test]
fn every_order_of_the_card_quotes_the_rule_that_names_it() {
    let names = |t: Tip, label: &str| {
        assert!(Tip::ALL.contains(&t), "{t:?}");
        assert!(
            t.rule().0.to_lowercase().contains(&label.to_lowercase()),
            "{label}: {:?}",
            t.rule()
        );
    };
    for m in FireMode::ALL {
        names(Tip::of_fire_mode(m), m.label());
    }
    for a in AttackType::ALL {
        names(Tip::of_attack(a), a.label());
    }
    for d in Defence::ALL {
        names(Tip::of_defence(d), d.label());
    }
    let moves: Vec<Tip> = [
        MoveKind::Normal,
        MoveKind::Run,
        MoveKind::SmallStep,
        MoveKind::Forced,
    ]
    .into_iter()
    .map(Tip::of_move)
    .collect();
    let distinct: std::collections::HashSet<_> = moves.iter().collect();
    assert_eq!(distinct.len(), moves.len());
    assert!(
        Tip::of_move(MoveKind::Run)
            .rule()
            .0
            .contains("double its Speed")
    );
}

/// A model with every marker: each word of the side panel and of the rules' conditions has its
/// tip, and the line's tooltip quotes one rule per marker (pinned by a miss: the miss's rule).
#[test]
fn every_status_marker_quotes_its_rule() {
    let mut g = small(&[]);
    let id = ModelId(2);
    {
        let m = g.state.models.get_mut(&id).expect("model 2");
        m.pinned = Some(Pin::Missed);
        m.prone = true;
        m.waiting = true;
        m.sprinting = true;
        m.stuck = 2;
        m.wounds_taken = 1;
        m.afraid_of = Some(ModelId(4));
    }
    let m = &g.state.models[&id];
    for w in conditions(m) {
        assert!(Tip::of_marker(w).is_some(), "{w}");
    }
    let text = marker_text(&g.state, id);
    let words: Vec<&str> = text.split(", ").collect();
    for w in [
        "pinned",
        "down",
        "sprinting",
        "afraid",
        "stuck",
        "1 wound(s)",
    ] {
        assert!(words.contains(&w), "{w} in {text}");
    }
    for w in &words {
        assert!(Tip::of_marker(w).is_some(), "{w} has no tip");
    }
    let tips = marker_tips(&g.state, id);
    assert_eq!(
        tips.lines().count(),
        words.len(),
        "one line a marker: {tips}"
    );
    assert!(tips.contains(Tip::PinnedMissed.rule().0), "{tips}");
    assert!(!tips.contains(Tip::PinnedHit.rule().0), "{tips}");
}
