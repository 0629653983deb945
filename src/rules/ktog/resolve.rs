//! KtOG's commands checked (illegal: a typed error, nothing changed) and resolved with the
//! game's dice into events.

use super::command::{Command, Event, Spell, apply};
use super::options::InitiativeRule;
use super::state::{Hit, KtogState, PerSeat, Phase};
use crate::dice::{Dice, DiceExpr};
use crate::rules::core::{GameEnd, RuleError, Seat, Waiting, illegal};

/// Who may act now.
pub fn waiting(s: &KtogState) -> Waiting {
    match &s.phase {
        Phase::Initiative => Waiting::Any(s.standing_iter().collect()),
        Phase::Turn { seat, .. } => Waiting::One(*seat),
        Phase::Dodge(h) => Waiting::One(h.target),
        Phase::Mighty(h) => Waiting::One(h.attacker),
        Phase::Over(end) => Waiting::Over(end.clone()),
    }
}

/// Whether `by` may give `c` now.
pub fn check(s: &KtogState, by: Seat, c: &Command) -> Result<(), RuleError> {
    waiting(s).admit(by, |x| s.name(x).to_string())?;
    let target_ok = |t: Seat| -> Result<(), RuleError> {
        if t == 0 || t as usize > s.players.len() {
            return illegal(format!("there is no player {t}"));
        }
        Ok(())
    };
    match (&s.phase, c) {
        (Phase::Initiative, Command::RollInitiative) => Ok(()),
        (Phase::Initiative, _) => illegal("initiative is to be rolled first"),
        (Phase::Dodge(_), Command::Dodge { .. }) | (Phase::Mighty(_), Command::Mighty { .. }) => {
            Ok(())
        }
        (Phase::Dodge(h), _) => illegal(format!(
            "{} has been hit: they dodge or not before anything else",
            s.name(h.target)
        )),
        (Phase::Mighty(_), _) => illegal("the hit waits: Mighty Blow or plain damage"),
        (Phase::Turn { .. }, Command::Dodge { .. } | Command::Mighty { .. }) => {
            illegal("nobody has been hit")
        }
        (Phase::Turn { .. }, Command::RollInitiative) => illegal("initiative is rolled already"),
        (
            Phase::Turn {
                seat,
                started,
                left,
                ..
            },
            c,
        ) => {
            let me = s.player(*seat);
            match c {
                Command::Cast(spell) => {
                    if *started {
                        return illegal("spells are announced at the beginning of the turn");
                    }
                    let n = match spell {
                        Spell::Haste => me.spells.haste,
                        Spell::Bless => me.spells.bless,
                        Spell::Cure | Spell::MightyBlow | Spell::Dodge => {
                            return illegal(format!("{} is not cast this way", spell.label()));
                        }
                    };
                    spell_ok(s, *seat, n, *spell)
                }
                Command::Cure { target } => {
                    target_ok(*target)?;
                    if *started {
                        return illegal("Cure is announced at the beginning of the turn");
                    }
                    if *target != *seat && !s.options.cure_others {
                        return illegal("Cure heals only its caster (option)");
                    }
                    if s.player(*target).hp >= s.player(*target).max_hp {
                        return illegal(format!("{} has no damage to heal", s.name(*target)));
                    }
                    spell_ok(s, *seat, me.spells.cure, Spell::Cure)
                }
                Command::Attack { target } | Command::Disarm { target } => {
                    target_ok(*target)?;
                    if *left == 0 {
                        return illegal("no attack left this turn");
                    }
                    if *target == *seat {
                        return illegal("strike another player");
                    }
                    if s.player(*target).down {
                        return illegal(format!("{} is unconscious", s.name(*target)));
                    }
                    if let Command::Disarm { .. } = c {
                        if me.disarmed.is_some() {
                            return illegal("a disarmed player cannot knock a weapon away");
                        }
                        if s.player(*target).disarmed.is_some() {
                            return illegal(format!("{} is disarmed already", s.name(*target)));
                        }
                    }
                    Ok(())
                }
                Command::HasteBareHanded => {
                    if me.disarmed.is_none() {
                        return illegal("the weapon is in hand: cast Haste");
                    }
                    if *started {
                        return illegal("spells are announced at the beginning of the turn");
                    }
                    spell_ok(s, *seat, me.spells.haste, Spell::Haste)
                }
                Command::Scramble => {
                    if me.disarmed.is_none() {
                        return illegal("the weapon is in hand");
                    }
                    if *started {
                        return illegal("scrambling for the weapon takes the whole turn");
                    }
                    Ok(())
                }
                _ => illegal("not now"),
            }
        }
        (Phase::Over(_), _) => Err(RuleError::GameOver),
    }
}

fn spell_ok(s: &KtogState, seat: Seat, left: u8, spell: Spell) -> Result<(), RuleError> {
    let p = s.player(seat);
    if p.persona == super::options::Persona::Fighter {
        return illegal("a Fighter casts no spells");
    }
    if left == 0 {
        return illegal(format!("no {} spell left", spell.label()));
    }
    if p.spell_round == s.round {
        return illegal("only one spell can be cast in a round");
    }
    Ok(())
}

/// The state as the events so far left it, the events, and the dice.
struct Ctx<'a> {
    s: KtogState,
    events: Vec<Event>,
    dice: &'a mut Dice,
}

const D20: DiceExpr = DiceExpr::new(1, 20);
const D6: DiceExpr = DiceExpr::new(1, 6);
const D10: DiceExpr = DiceExpr::new(1, 10);
const D100: DiceExpr = DiceExpr::new(1, 100);

impl Ctx<'_> {
    fn emit(&mut self, e: Event) {
        apply(&mut self.s, &e);
        self.events.push(e);
    }

    fn roll(&mut self, e: &DiceExpr, why: &'static str) -> Result<u32, RuleError> {
        Ok(self.dice.roll_total(e, why)? as u32)
    }
}

/// Resolves `c` by `by` with the dice: its events.
pub fn resolve(
    s: &KtogState,
    by: Seat,
    c: &Command,
    dice: &mut Dice,
) -> Result<Vec<Event>, RuleError> {
    check(s, by, c)?;
    let mut x = Ctx {
        s: s.clone(),
        events: Vec::with_capacity(8),
        dice,
    };
    match c {
        Command::RollInitiative => {
            roll_initiative(&mut x, 1)?;
            start_turn(&mut x);
        }
        Command::Cast(spell) => {
            x.emit(Event::Spell {
                seat: by,
                spell: *spell,
            });
            let Phase::Turn {
                seat,
                left,
                blessed,
                ..
            } = x.s.phase.clone()
            else {
                unreachable!("checked: a turn")
            };
            match spell {
                Spell::Haste if x.s.player(by).disarmed.is_some() => {
                    // "A player may opt to use a 'Haste' spell ... to pick up his weapon. Since a
                    // haste allows a player to go twice": the pick-up is the first go.
                    x.emit(Event::Regained { seat: by });
                    x.emit(Event::Phase(Phase::Turn {
                        seat,
                        left: 1,
                        blessed,
                        started: true,
                    }));
                }
                Spell::Haste => x.emit(Event::Phase(Phase::Turn {
                    seat,
                    left: left + 1,
                    blessed,
                    started: false,
                })),
                _ => x.emit(Event::Phase(Phase::Turn {
                    seat,
                    left,
                    blessed: true,
                    started: false,
                })),
            }
        }
        Command::Cure { target } => {
            if *target != by && x.s.options.lay_hands_roll {
                // The Q&A's variant: a roll to hit to lay hands on another player, the number a
                // strike on them would need; a hand that does not reach casts nothing.
                let need = x.s.strike_need(by, *target, false);
                let roll = x.roll(&D20, "Cure: to lay hands on another player")?;
                x.emit(Event::LayHands {
                    by,
                    target: *target,
                    roll,
                    need,
                });
                if roll != 20 && (roll as i32) < need {
                    end_turn(&mut x)?;
                    return Ok(x.events);
                }
            }
            x.emit(Event::Spell {
                seat: by,
                spell: Spell::Cure,
            });
            let mut rolls = Vec::new();
            loop {
                let r = x.roll(&D10, "Cure: d10 hit points (1s are rolled again)")?;
                rolls.push(r);
                if r != 1 {
                    break;
                }
            }
            let p = x.s.player(*target);
            let healed = (*rolls.last().unwrap_or(&2) as i32).min(p.max_hp - p.hp.max(0));
            let was_down = p.down;
            x.emit(Event::Cured {
                by,
                target: *target,
                rolls,
                healed,
            });
            if was_down && x.s.player(*target).hp > 0 {
                x.emit(Event::Revived { seat: *target });
            }
            end_turn(&mut x)?;
        }
        Command::HasteBareHanded => {
            // "Haste allows a player to roll twice 'to hit' that round": two bare-handed rolls,
            // the weapon left lying.
            x.emit(Event::Spell {
                seat: by,
                spell: Spell::Haste,
            });
            if let Phase::Turn {
                seat,
                left,
                blessed,
                ..
            } = x.s.phase.clone()
            {
                x.emit(Event::Phase(Phase::Turn {
                    seat,
                    left: left + 1,
                    blessed,
                    started: false,
                }));
            }
        }
        Command::Scramble => {
            x.emit(Event::Scrambled { seat: by });
            if x.s.may_regain(by) {
                x.emit(Event::Regained { seat: by });
            }
            end_turn(&mut x)?;
        }
        Command::Attack { target } => attack(&mut x, by, *target, false)?,
        Command::Disarm { target } => attack(&mut x, by, *target, true)?,
        Command::Dodge { dodge } => {
            let Phase::Dodge(h) = x.s.phase else {
                unreachable!("checked: a dodge window")
            };
            if *dodge {
                if !x.s.may_cast(h.target, x.s.player(h.target).spells.dodge) {
                    return illegal(format!(
                        "{} has no Dodge to cast this round",
                        s.name(h.target)
                    ));
                }
                x.emit(Event::Spell {
                    seat: h.target,
                    spell: Spell::Dodge,
                });
                x.emit(Event::Dodged { seat: h.target });
                x.emit(Event::Resume);
                after_action(&mut x)?;
            } else {
                mighty_or_damage(&mut x, h)?;
            }
        }
        Command::Mighty { mighty } => {
            let Phase::Mighty(h) = x.s.phase else {
                unreachable!("checked: a Mighty Blow window")
            };
            if *mighty {
                if !x
                    .s
                    .may_cast(h.attacker, x.s.player(h.attacker).spells.mighty)
                {
                    return illegal("no Mighty Blow to cast this round");
                }
                x.emit(Event::Spell {
                    seat: h.attacker,
                    spell: Spell::MightyBlow,
                });
            }
            damage(&mut x, h, *mighty)?;
        }
    }
    Ok(x.events)
}

/// "A 6 sided die (d6) is rolled to determine initiative, with highest number going first and
/// then around to the left of the winner. Ties are re-rolled."
fn roll_initiative(x: &mut Ctx, round: u32) -> Result<(), RuleError> {
    let sides = x.s.options.initiative_die.sides();
    let die = DiceExpr::new(1, sides);
    let mut rolling = x.s.standing();
    let winner = loop {
        let mut rolls = PerSeat::new();
        for &seat in &rolling {
            rolls.push((seat, x.roll(&die, "initiative")?));
        }
        let top = rolls.iter().map(|r| r.1).max().unwrap_or(0);
        let tied: PerSeat<Seat> = rolls.iter().filter(|r| r.1 == top).map(|r| r.0).collect();
        x.emit(Event::InitiativeRoll { rolls, sides });
        if tied.len() <= 1 {
            break tied.first().copied().unwrap_or(1);
        }
        rolling = tied;
    };
    // Around to the left: the seats in the circle after the winner.
    let n = x.s.players.len() as Seat;
    let order = (0..n)
        .map(|k| (winner - 1 + k) % n + 1)
        .filter(|seat| !x.s.player(*seat).down)
        .collect();
    x.emit(Event::Order { round, order });
    Ok(())
}

/// Opens the turn at `s.turn`, or at the next standing player's in the order (a set order keeps
/// the unconscious in their places).
fn start_turn(x: &mut Ctx) {
    let (turn, round) = (x.s.turn, x.s.round);
    let Some(turn) = (turn..x.s.order.len()).find(|i| !x.s.player(x.s.order[*i]).down) else {
        return;
    };
    if turn != x.s.turn {
        x.emit(Event::NextTurn { turn, round });
    }
    let seat = x.s.order[turn];
    // A disarmed player whose scrambling is done and whose foes have all had their turns since
    // the disarm starts the turn with the weapon back.
    if x.s.may_regain(seat) {
        x.emit(Event::Regained { seat });
    }
    x.emit(Event::Phase(Phase::Turn {
        seat,
        left: 1,
        blessed: false,
        started: false,
    }));
}

/// The attack's windows are closed: take the turn up again, or end it.
fn after_action(x: &mut Ctx) -> Result<(), RuleError> {
    if finished(x) {
        return Ok(());
    }
    match x.s.phase.clone() {
        Phase::Turn {
            seat,
            left,
            blessed,
            ..
        } if left > 1 && !x.s.player(seat).down => {
            x.emit(Event::Phase(Phase::Turn {
                seat,
                left: left - 1,
                blessed,
                started: true,
            }));
            Ok(())
        }
        _ => end_turn(x),
    }
}

/// The last player standing wins.
fn finished(x: &mut Ctx) -> bool {
    if x.s.standing_iter().nth(1).is_some() {
        return false;
    }
    let standing: Vec<Seat> = x.s.standing_iter().collect();
    let text = match standing.first() {
        Some(w) => format!("{} wins: the last player standing", x.s.name(*w)),
        None => "nobody is left standing: a draw".into(),
    };
    x.emit(Event::Phase(Phase::Over(GameEnd {
        winners: standing,
        text,
    })));
    true
}

/// The next standing player's turn, or the next round.
fn end_turn(x: &mut Ctx) -> Result<(), RuleError> {
    if finished(x) {
        return Ok(());
    }
    if let Phase::Turn { seat, .. } = x.s.phase {
        x.emit(Event::TurnEnded { seat });
    }
    let next = (x.s.turn + 1..x.s.order.len()).find(|i| !x.s.player(x.s.order[*i]).down);
    match next {
        Some(turn) => {
            let round = x.s.round;
            x.emit(Event::NextTurn { turn, round });
        }
        None => {
            let round = x.s.round + 1;
            match x.s.options.initiative {
                InitiativeRule::EveryRound => roll_initiative(x, round)?,
                InitiativeRule::SetOrder => {
                    // "a set order can be determined from the onset": every player keeps their
                    // place, the unconscious too, so a cured player takes their turns again.
                    let order = x.s.order.clone();
                    x.emit(Event::Order { round, order });
                }
            }
        }
    }
    start_turn(x);
    Ok(())
}

fn attack(x: &mut Ctx, by: Seat, target: Seat, disarm: bool) -> Result<(), RuleError> {
    let Phase::Turn { blessed, .. } = x.s.phase else {
        unreachable!("checked: a turn")
    };
    x.emit(Event::Announce {
        attacker: by,
        target,
        disarm,
    });
    let need = if disarm {
        x.s.disarm_need(blessed)
    } else {
        x.s.strike_need(by, target, blessed)
    };
    let roll = x.roll(&D20, if disarm { "to disarm" } else { "to hit" })?;
    x.emit(Event::ToHit {
        attacker: by,
        target,
        roll,
        need,
        disarm,
    });
    let bare = x.s.player(by).disarmed.is_some();
    if roll == 1 {
        // "a critical miss ... another roll immediately to determine if you hit yourself (a 17
        // or higher indicates you did ...). If you are lucky enough to have not actually hit
        // yourself, you must make another roll to see if you ... lost a good grasp of your
        // weapon ... (a 17 or higher indicates you do)."
        let r = x.roll(&D20, "critical miss: do you hit yourself?")?;
        x.emit(Event::HitSelf { seat: by, roll: r });
        if r >= 17 {
            let d = x.roll(&D6, "damage to yourself")?;
            let amount = if bare {
                (d as i32 - 2).max(0)
            } else {
                d as i32
            };
            take_damage(
                x,
                Event::Damage {
                    to: by,
                    dice: vec![d],
                    doubled: false,
                    bare,
                    amount,
                },
            )?;
        } else if !bare {
            let r = x.roll(&D20, "critical miss: do you lose your weapon?")?;
            x.emit(Event::Drop { seat: by, roll: r });
            if r >= 17 {
                x.emit(Event::Disarmed { seat: by, turns: 2 });
            } else if r == 1 && x.s.options.lost_weapon {
                x.emit(Event::Disarmed { seat: by, turns: 3 });
            }
        }
        return after_action(x);
    }
    let hit = (roll == 20 && !disarm) || roll as i32 >= need;
    if !hit {
        return after_action(x);
    }
    if disarm {
        x.emit(Event::Disarmed {
            seat: target,
            turns: 2,
        });
        return after_action(x);
    }
    let h = Hit {
        attacker: by,
        target,
        critical: roll == 20,
        bare,
    };
    x.emit(Event::Suspend);
    if x.s.may_cast(target, x.s.player(target).spells.dodge) {
        x.emit(Event::Phase(Phase::Dodge(h)));
        Ok(())
    } else {
        mighty_or_damage(x, h)
    }
}

fn mighty_or_damage(x: &mut Ctx, h: Hit) -> Result<(), RuleError> {
    if x.s
        .may_cast(h.attacker, x.s.player(h.attacker).spells.mighty)
    {
        x.emit(Event::Phase(Phase::Mighty(h)));
        Ok(())
    } else {
        damage(x, h, false)
    }
}

/// "If a hit is scored, roll d6 for damage"; a natural 20 "does 2d6 of damage"; a Mighty Blow
/// "multiplies the damage rolled ... by 2"; bare-handed "-2 to damage scored".
fn damage(x: &mut Ctx, h: Hit, doubled: bool) -> Result<(), RuleError> {
    let n = if h.critical { 2 } else { 1 };
    let mut dice = Vec::with_capacity(n);
    for _ in 0..n {
        dice.push(x.roll(&D6, "damage")?);
    }
    let mut amount: i32 = dice.iter().map(|d| *d as i32).sum();
    if doubled {
        amount *= 2;
    }
    if h.bare {
        amount = (amount - 2).max(0);
    }
    x.emit(Event::Resume);
    take_damage(
        x,
        Event::Damage {
            to: h.target,
            dice,
            doubled,
            bare: h.bare,
            amount,
        },
    )?;
    after_action(x)
}

/// Damage taken; at 0 the player is unconscious, unless the standing roll keeps them up.
fn take_damage(x: &mut Ctx, e: Event) -> Result<(), RuleError> {
    let Event::Damage { to, amount, .. } = e else {
        unreachable!("damage")
    };
    x.emit(e);
    if amount <= 0 || x.s.player(to).hp > 0 {
        return Ok(());
    }
    if x.s.options.standing_roll {
        let r = x.roll(&D100, "percentile: stay standing at 0 hit points?")?;
        x.emit(Event::Standing { seat: to, roll: r });
        if r <= 50 {
            return Ok(());
        }
    }
    x.emit(Event::Down { seat: to });
    Ok(())
}
