//! The tooltips of KtOG's game sheet and actions and of Krig's buttons: each tip quotes its rule
//! in one line in quotation marks (the quotes themselves are checked against `ktog.txt` and
//! `krig.txt` outside the suite).

use wartable::app::games::ktog::tips::Tip;

#[test]
fn every_ktog_tip_quotes_its_rule_in_one_line() {
    let mut seen = std::collections::HashSet::new();
    for t in Tip::ALL {
        assert!(seen.insert(t), "{t:?} twice in Tip::ALL");
        let (quote, does) = t.rule();
        assert!(quote.len() > 12, "{t:?} quotes too little: {quote}");
        assert!(!quote.contains('\n') && !does.contains('\n'), "{t:?}");
        assert_eq!(t.text().lines().next(), Some(t.quoted().as_str()));
        assert_eq!(t.quoted(), format!("\"{quote}\""));
    }
    // The spells the sheet shows each quote their own spell's rule.
    assert!(Tip::Haste.rule().0.starts_with("Haste"));
    assert!(Tip::Cure.rule().0.starts_with("Cure"));
    assert!(Tip::Bless.rule().0.starts_with("Bless"));
    assert!(Tip::MightyBlow.rule().0.contains("mighty blow"));
    assert!(Tip::Dodge.rule().0.contains("Dodge"));
}

/// Krig's buttons: each tip quotes its rule in one line in quotation marks.
#[test]
fn every_krig_tip_quotes_its_rule_in_one_line() {
    use wartable::app::games::krig::tips::Tip;
    let mut seen = std::collections::HashSet::new();
    for t in Tip::ALL {
        assert!(seen.insert(t), "{t:?} twice in Tip::ALL");
        let (quote, does) = t.rule();
        assert!(quote.len() > 12, "{t:?} quotes too little: {quote}");
        assert!(!quote.contains('\n') && !does.contains('\n'), "{t:?}");
        assert_eq!(
            t.text().lines().next(),
            Some(format!("\"{quote}\"").as_str())
        );
    }
    assert!(Tip::Parry.rule().0.contains("parry is successful"));
    assert!(Tip::Charge.rule().0.contains("Charge location"));
}
