//! The steps of Kry-Gothic's guided first game: the AP bar, a move and a run, an order combo
//! that the program's unit in waiting may interrupt, the interrupt window and its countdown
//! (Tab), a face-off, close combat's defence prompt, and the game played on. Each step's test
//! looks at the game (what side 1 gave, what is pending), never at a dice result, so that it
//! can be done whatever the program answers; each gate lets through the step's own commands
//! and the answers the game asks for meanwhile (a pass, a face-off pick, a defence).

use super::guide::{
    ABARA, BRANDT, CAPTAIN, COUNTDOWN, HUNTER, ZEALOT, name, session, since, state,
};
use crate::app::game::guide::{GuideEntry, GuideStep, GuideView, gate_args};
use crate::rules::kry::Kry;
use crate::rules::kry::command::{Command, MoveKind};
use crate::rules::kry::state::{KryState, Pending};
use crate::table::ModelId;
use std::any::Any;

/// The guided game as the guide registry holds it.
pub fn entry() -> GuideEntry {
    GuideEntry {
        key: super::guide::KEY,
        label: "Kry-Gothic: a guided first game",
        start: super::guide::start,
        steps,
    }
}

/// The steps, first to last.
pub fn steps() -> Vec<GuideStep> {
    vec![
        GuideStep::new(
            "Your side and its AP",
            "Click Captain Ilse Varga, ringed in yellow on the table (or her name in the left panel).",
            "\"Action points, or AP for short, are what you use for ordering your troops around the field.\" \"Roll 1D6 per Squad Leader. Highest D6 roll + Tactics Rating - scenario modifiers\"",
            |v| v.selected == Some(ModelId(CAPTAIN)),
        )
        .select(CAPTAIN)
        .detail(ap_bars)
        .gate(gate_select)
        .after("Her card (right) shows her profile and the orders she can give, each with its AP cost.")
        .hold_program(),
        GuideStep::new(
            "A move (2 AP)",
            "With 'move' picked in her card, drag Captain Ilse Varga forward: up to 4\" (her Speed).",
            "\"Normal Move: The model may move up to its Speed characteristic (Sp) in inches. Cost AP -2\"",
            |v| gave(v, |c| matches!(c, Command::Move { model, kind: MoveKind::Normal, .. } if model.0 == CAPTAIN)),
        )
        .model(CAPTAIN)
        .button("move (")
        .detail(ap_bars)
        .gate(gate_move)
        .after("2 AP spent: your AP bar went down by 2.")
        .hold_program(),
        GuideStep::new(
            "A run (1 AP, Body drops)",
            "Pick 'run' in her card, then drag her again: up to twice her Speed, for 1 AP.",
            "\"The unit is allowed to move double its Speed stat for 1 AP, but the units Body drops by 1 each time this is used.\"",
            |v| gave(v, |c| matches!(c, Command::Move { model, kind: MoveKind::Run, .. } if model.0 == CAPTAIN)),
        )
        .model(CAPTAIN)
        .button("run (")
        .detail(ap_bars)
        .gate(gate_run)
        .after("1 AP spent, and her card now reads Bod 2 (3): out of breath. \"At the start of each AP round, the unit receives +1 BOD back\".")
        .hold_program(),
        GuideStep::new(
            "An order combo: start it",
            "Hunter Vasquez (ringed, far side) is in waiting. Click 'Build an order combo…' in the right panel.",
            "\"Should the player choose to, units can go into waiting. This means that the unit can perform one action DURING the enemies order combo.\"",
            |v| session(v).is_some_and(|s| s.building.is_some()),
        )
        .model(HUNTER)
        .button("Build an order combo")
        .gate(gate_nothing)
        .after("The builder queues orders instead of giving them; they are paid in advance when the combo is given.")
        .hold_program(),
        GuideStep::new(
            "A move AND a shot",
            "Click Joe Brandt, drag him forward (queued, he does not move yet), pick his Carbine's 'standard shot' and click Hunter Vasquez (on the table, or his name under the shot), then 'Give the combo'.",
            "\"An order combo can be loosely defined as anything that has to be said with the word “AND”.\" \"Different actions: ... the unit can only be interrupted if the opposing unit is in waiting\"",
            |v| {
                gave(v, |c| matches!(c, Command::Order { .. }))
                    && state(v).is_some_and(|s| {
                        s.combo.is_none() && !matches!(s.pending, Some(Pending::Window { .. }))
                    })
            },
        )
        .model(BRANDT)
        .button("Give the combo")
        .detail(combo_detail)
        .gate(gate_combo)
        .after("Between the move and the shot (different actions) only a unit in waiting could interrupt. The log lines below say what Hunter Vasquez did: an interrupted combo stops at once.")
        .hold_program(),
        GuideStep::new(
            "The interrupt window and its countdown (Tab)",
            "After an order of the program a window opens for you (top of the table), its countdown running. Press Tab (or click 'Interrupt! (Tab)') to claim it: the countdown stops and the program waits for you.",
            "\"The other player though is free to interrupt you at ANY stage.\"",
            |v| {
                session(v).is_some_and(|s| {
                    s.tempo.claims[0]
                        || s.tempo.window.as_ref().is_some_and(|w| w.side == 1 && w.claimed)
                })
            },
        )
        .button("Interrupt!")
        .detail(window_detail)
        .gate(gate_nothing_tab)
        .after("Your window is claimed (pressed before a window opens, Tab claims your next one).")
        .hold_program(),
        GuideStep::new(
            "A face-off",
            "You and the program both want to act: click 'Call a face-off' in the window (or 'face-off' in the top bar).",
            "\"In the case that both players want to do something at the same time, or there is an argument about who said an order first, it is called a face-off.\"",
            |v| {
                gave(v, |c| matches!(c, Command::CallFaceOff))
                    || state(v).is_some_and(|s| matches!(s.pending, Some(Pending::FaceOff(_))))
            },
        )
        .button("Call a face-off")
        .gate(gate_call)
        .after("Each side now names its action in secret.")
        .hold_program(),
        GuideStep::new(
            "Name your action in secret",
            "In the Face-off window pick an action (e.g. Ranged), a model (e.g. Joe Brandt) and whom it aims at, then 'Name it (hidden)'. If you win, carry your named action out.",
            "\"Whoever is performing the action with a higher number gets to go first. Once players name the action they want to perform, they MUST carry it through if they win the face-off.\" \"1. Movement ... 2. Ranged combat ... 3. Close Combat\"",
            |v| {
                gave(v, |c| matches!(c, Command::FaceOffChoose { .. }))
                    && state(v).is_some_and(|s| {
                        !matches!(
                            s.pending,
                            Some(Pending::FaceOff(_) | Pending::FaceOffWon { .. })
                        )
                    })
            },
        )
        .button("Name it")
        .detail(face_off_detail)
        .gate(gate_face_off)
        .after("The face-off is settled and its winner has acted. The log lines below give the precedence and what followed.")
        .hold_program(),
        GuideStep::new(
            "Close combat: your defence",
            "The program acts on its own again. When it attacks one of your models in close combat (Zealot Penn is at Joe Abara's side), answer the defence prompt: 'Passive defence (free)' or 'Active defence (1 AP)', then its type. (If no attack comes, attack Zealot Penn yourself.)",
            "\"The defender can either use a passive defense (which costs nothing) or use an active defense (which costs 1AP). The defender must say before the attack which type of defense is chosen.\"",
            defence_done,
        )
        .model(ZEALOT)
        .button("Active defence")
        .detail(defence_detail)
        .gate(gate_defence)
        .after("The attack showed once the class was chosen; the odds were on each button. The log lines below give the rolls."),
        GuideStep::new(
            "Play on",
            "The guided part is over: this is a real game. Spend your AP as you like, press 'done' in the top bar when you have finished the round; the program plays its side. 'Close the guide' hides this panel.",
            "\"If one player wishes to make no more moves, but still has AP left over (tip: Use it to put units into waiting), they can declare they are done for the round.\"",
            |_| false,
        )
        .detail(ap_bars),
    ]
}

/// Whether side 1 gave a command that `f` picks since the step began.
fn gave(v: &GuideView, f: impl Fn(&Command) -> bool) -> bool {
    since(v).iter().any(|(side, c)| *side == 1 && f(c))
}

fn defence_done(v: &GuideView) -> bool {
    let Some(s) = state(v) else { return false };
    let busy = matches!(
        s.pending,
        Some(
            Pending::DefenceClass(_)
                | Pending::DefenceType(_)
                | Pending::BuyWounds { .. }
                | Pending::BreakOffAsked(_)
        )
    );
    let zealot_gone = s.models.get(&ModelId(ZEALOT)).is_none_or(|m| !m.alive())
        || s.models.get(&ModelId(ABARA)).is_none_or(|m| !m.alive());
    !busy
        && (gave(v, |c| {
            matches!(c, Command::DefenceClass { .. } | Command::Attack { .. })
        }) || zealot_gone)
}

fn ap_bars(v: &GuideView) -> String {
    let Some(s) = state(v) else {
        return String::new();
    };
    format!(
        "Your AP bar (left, blue): {} of {} AP left this round. The program's (red): {} of {}.",
        s.ap_left(1),
        s.ap[0],
        s.ap_left(2),
        s.ap[1]
    )
}

fn combo_detail(v: &GuideView) -> String {
    let Some(s) = session(v) else {
        return String::new();
    };
    match &s.building {
        None => "Click 'Build an order combo…' again to queue orders.".into(),
        Some(steps) => format!(
            "{} order(s) queued. {}",
            steps.len(),
            if steps.len() < 2 {
                "A combo joins two or more."
            } else {
                "Ready: 'Give the combo'."
            }
        ),
    }
}

fn window_detail(v: &GuideView) -> String {
    let Some(s) = session(v) else {
        return String::new();
    };
    match &s.tempo.window {
        Some(w) if w.side == 1 => match w.left {
            Some(left) => format!(
                "Your window is open: {left:.0} s left (a normal game gives 4 s; this one {COUNTDOWN:.0} s). Your interrupt key: {}.",
                s.key_names[0]
            ),
            None => "Your window is open.".into(),
        },
        _ => format!(
            "No window is open for you now: {} claims your next one.",
            s.key_names[0]
        ),
    }
}

fn face_off_detail(v: &GuideView) -> String {
    let Some(s) = state(v) else {
        return String::new();
    };
    match &s.pending {
        Some(Pending::FaceOffWon { side: 1, choice }) => format!(
            "You won: carry out your named action now ({:?} with {}).",
            choice.action,
            name(s, choice.model.0)
        ),
        Some(Pending::FaceOffWon { .. }) => "The program won: it acts first.".into(),
        _ => String::new(),
    }
}

fn defence_detail(v: &GuideView) -> String {
    let Some(s) = state(v) else {
        return String::new();
    };
    match &s.pending {
        Some(Pending::DefenceClass(_)) => {
            "The prompt waits for your defence class: the attack stays hidden until you choose."
                .into()
        }
        Some(Pending::DefenceType(_)) => "Now the type of your active defence.".into(),
        _ => format!(
            "The program acts on its own now. {} AP left for you.",
            s.ap_left(1)
        ),
    }
}

/// The answers the game may ask of side 1 in any step: a pass, a face-off pick, a defence, the
/// wounds it buys; and, when it won a face-off, the action it named (the rules keep it to it).
fn answer(s: &KryState, c: &Command) -> bool {
    matches!(
        c,
        Command::Pass
            | Command::FaceOffChoose { .. }
            | Command::DefenceClass { .. }
            | Command::DefenceType { .. }
            | Command::AskBreakOff
            | Command::LetBreakOff { .. }
            | Command::BuyWounds { .. }
    ) || matches!(s.pending, Some(Pending::FaceOffWon { side: 1, .. }))
}

/// A gate that lets through the answers and what `ok` picks, else refuses with `hint`.
fn keep(
    state: &dyn Any,
    cmd: &dyn Any,
    ok: fn(&KryState, &Command) -> bool,
    hint: &str,
) -> Result<(), String> {
    let Some((s, c)) = gate_args::<Kry>(state, cmd) else {
        return Ok(());
    };
    if answer(s, c) || ok(s, c) {
        Ok(())
    } else {
        Err(hint.to_string())
    }
}

fn gate_select(st: &dyn Any, c: &dyn Any) -> Result<(), String> {
    keep(
        st,
        c,
        |_, _| false,
        "No orders yet: first click Captain Ilse Varga, ringed on the table.",
    )
}

fn gate_nothing(st: &dyn Any, c: &dyn Any) -> Result<(), String> {
    keep(
        st,
        c,
        |_, _| false,
        "Not yet: click 'Build an order combo…' in the right panel first.",
    )
}

fn gate_nothing_tab(st: &dyn Any, c: &dyn Any) -> Result<(), String> {
    keep(
        st,
        c,
        |_, _| false,
        "Not yet: press Tab (or 'Side 1: interrupt (Tab)' in the top bar) to claim your window first.",
    )
}

fn gate_move(st: &dyn Any, c: &dyn Any) -> Result<(), String> {
    keep(
        st,
        c,
        |_, c| matches!(c, Command::Move { model, kind: MoveKind::Normal, .. } if model.0 == CAPTAIN),
        "This step is a normal move of Captain Ilse Varga: pick 'move' in her card and drag her (up to 4\").",
    )
}

fn gate_run(st: &dyn Any, c: &dyn Any) -> Result<(), String> {
    keep(
        st,
        c,
        |_, c| matches!(c, Command::Move { model, kind: MoveKind::Run, .. } if model.0 == CAPTAIN),
        "This step is a run of Captain Ilse Varga: pick 'run' in her card, then drag her (up to 8\").",
    )
}

fn gate_combo(st: &dyn Any, c: &dyn Any) -> Result<(), String> {
    keep(
        st,
        c,
        |_, c| matches!(c, Command::Order { .. }),
        "Queue the orders in the builder (a drag of Joe Brandt, then his shot at Hunter Vasquez) and click 'Give the combo'.",
    )
}

fn gate_call(st: &dyn Any, c: &dyn Any) -> Result<(), String> {
    keep(
        st,
        c,
        |_, c| matches!(c, Command::CallFaceOff),
        "This step calls a face-off: 'Call a face-off' in the window, or 'face-off' in the top bar.",
    )
}

fn gate_face_off(st: &dyn Any, c: &dyn Any) -> Result<(), String> {
    keep(
        st,
        c,
        |_, _| false,
        "Name your action in the Face-off window first ('Name it (hidden)'), or 'Pull out'.",
    )
}

fn gate_defence(st: &dyn Any, c: &dyn Any) -> Result<(), String> {
    keep(
        st,
        c,
        |s, c| matches!(c, Command::Attack { attacker, .. } if s.models.get(attacker).is_some_and(|m| m.side == 1)),
        "Wait for the program's attack and answer the defence prompt (or attack Zealot Penn yourself).",
    )
}
