//! What a seat may not see yet: "1) Choose defense class 2) Choose an attack". The attacker's
//! attack type (and its weapon) is given with the attack, but it stays the attacker's secret
//! until the defender has committed its defence class: the defender's view of the pending
//! question shows only who attacks whom.

use super::close::AttackType;
use super::state::{CloseAttack, KryState, Pending, Side};

/// `a` as the defender sees it before it has chosen its defence class: the attack type and the
/// weapon taken out (a punch with no weapon stands in), marked hidden.
pub fn hide_attack(a: &mut CloseAttack) {
    a.attack = AttackType::Punch;
    a.weapon = None;
    a.hidden = true;
}

/// [`super::rule_set`]'s redaction of a pending question for `seat`, `s` being the state it is
/// set in: the face-off picks of the other side, and the attack the defender has not yet
/// answered.
pub fn redact_pending(s: &KryState, p: &mut Pending, seat: Side) {
    super::faceoff::redact_pending(p, seat);
    if let Pending::DefenceClass(a) = p
        && s.models.get(&a.target).is_some_and(|t| t.side == seat)
        && s.models.get(&a.attacker).is_none_or(|m| m.side != seat)
    {
        hide_attack(a);
    }
}

/// What `seat` may see of the state's pending question.
pub fn redact(s: &mut KryState, seat: Side) {
    if let Some(mut p) = s.pending.clone() {
        redact_pending(s, &mut p, seat);
        s.pending = Some(p);
    }
}
