//! Command streams for the hardening checks, for any rule set: legal commands (the program
//! opponent's own), commands for the wrong seat, stale commands from the log, and commands with
//! their numbers mangled (huge, negative, NaN). [`check_stream`] plays such a stream and checks
//! what must hold for every rule set: a refused command changes nothing, `check` agrees with
//! play, the log replays to the same hash, and a game saved, loaded and played on ends where the
//! uninterrupted one does.

pub use super::choices::Choices;
use super::game::{Game, RuleSet};
use super::seat::{Seat, Waiting};

/// Choices from a random generator.
pub struct RngChoices<G: rand::Rng>(pub G);

impl<G: rand::Rng> Choices for RngChoices<G> {
    fn pick(&mut self, n: usize) -> usize {
        self.0.random_range(0..n.max(1))
    }
}

/// Choices read from a list, then 0 for ever: a shorter list, or smaller numbers, mean a
/// plainer stream (0 everywhere is the program playing every seat).
pub struct ListChoices {
    list: Vec<u32>,
    at: usize,
}

impl ListChoices {
    pub fn new(list: Vec<u32>) -> Self {
        Self { list, at: 0 }
    }
}

impl Choices for ListChoices {
    fn pick(&mut self, n: usize) -> usize {
        let v = self.list.get(self.at).copied().unwrap_or(0);
        self.at += 1;
        v as usize % n.max(1)
    }
}

/// Numbers put in place of a command's own: bounds of the integer types, huge and special
/// floats.
const ODD_NUMBERS: [&str; 14] = [
    "0",
    "1",
    "-1",
    "2",
    "7",
    "255",
    "65535",
    "4294967295",
    "18446744073709551615",
    "-2147483648",
    "1e30",
    "-1e30",
    "NaN",
    "inf",
];

/// The spans of the number tokens in RON text (outside strings).
pub fn number_spans(text: &str) -> Vec<(usize, usize)> {
    let b = text.as_bytes();
    let mut out = Vec::new();
    let (mut i, mut in_str) = (0, false);
    while i < b.len() {
        let c = b[i];
        if in_str {
            if c == b'\\' {
                i += 1;
            } else if c == b'"' {
                in_str = false;
            }
            i += 1;
            continue;
        }
        if c == b'"' {
            in_str = true;
            i += 1;
            continue;
        }
        let prev_ident = i > 0 && (b[i - 1].is_ascii_alphanumeric() || b[i - 1] == b'_');
        let starts =
            c.is_ascii_digit() || (c == b'-' && b.get(i + 1).is_some_and(u8::is_ascii_digit));
        if starts && !prev_ident {
            let start = i;
            i += 1;
            while i < b.len()
                && (b[i].is_ascii_digit() || matches!(b[i], b'.' | b'e' | b'E' | b'-' | b'+'))
            {
                i += 1;
            }
            out.push((start, i));
            continue;
        }
        i += 1;
    }
    out
}

/// `cmd` with one of its numbers replaced by an odd one, if the result is still a command.
pub fn mangle<R: RuleSet>(cmd: &R::Command, ch: &mut dyn Choices) -> Option<R::Command> {
    let text = ron::to_string(cmd).ok()?;
    let spans = number_spans(&text);
    if spans.is_empty() {
        return None;
    }
    for _ in 0..4 {
        let (a, b) = spans[ch.pick(spans.len())];
        let old: f64 = text[a..b].parse().unwrap_or(0.0);
        let new = match ch.pick(ODD_NUMBERS.len() + 2) {
            k if k < ODD_NUMBERS.len() => ODD_NUMBERS[k].to_string(),
            k if k == ODD_NUMBERS.len() => format!("{}", old + 1.0),
            _ => format!("{}", old - 1.0),
        };
        let changed = format!("{}{}{}", &text[..a], new, &text[b..]);
        if let Ok(c) = ron::from_str::<R::Command>(&changed) {
            return Some(c);
        }
    }
    None
}

/// What the program would give for a seat the game waits on, and that seat.
fn program_command<R: RuleSet>(g: &Game<R>, ch: &mut dyn Choices) -> Option<(Seat, R::Command)> {
    let seats = g.waiting().seats();
    if seats.is_empty() {
        return None;
    }
    let start = ch.pick(seats.len());
    (0..seats.len()).find_map(|k| {
        let seat = seats[(start + k) % seats.len()];
        let mut look = g.clone();
        look.keep_journal = false;
        look.program_play(seat).map(|c| (seat, c))
    })
}

/// A command for the stream: legal, for the wrong seat, stale, or mangled.
pub fn chaos_command<R: RuleSet>(g: &Game<R>, ch: &mut dyn Choices) -> Option<(Seat, R::Command)> {
    let seats = g.seats().len();
    let stale = |ch: &mut dyn Choices| {
        (!g.log.is_empty()).then(|| {
            let l = &g.log[ch.pick(g.log.len())];
            (l.seat, l.cmd.clone())
        })
    };
    match ch.pick(5) {
        0 => program_command(g, ch),
        1 => program_command(g, ch).map(|(_, c)| (ch.pick(seats + 2) as Seat, c)),
        2 => stale(ch),
        3 => {
            let (seat, c) = program_command(g, ch)?;
            Some((seat, mangle::<R>(&c, ch).unwrap_or(c)))
        }
        _ => {
            let (seat, c) = stale(ch)?;
            Some((seat, mangle::<R>(&c, ch).unwrap_or(c)))
        }
    }
}

/// What a checked stream came to.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct StreamReport {
    /// Commands accepted.
    pub commands: usize,
    /// Commands from the chaos side (legal or not).
    pub chaos: usize,
    /// Commands refused (each left the game unchanged).
    pub refused: usize,
    /// Whether the game reached its end.
    pub over: bool,
}

/// Plays up to `max` commands: the program plays, and with `mix` percent chance a chaos
/// command is tried instead. Checks that every refused command leaves the state and the dice
/// unchanged, that a command `check` refuses is refused in play, that a game saved at a point
/// the choices pick, loaded and played on reaches the same state, and that the whole log
/// replays to the same hash. The first broken promise is the error.
pub fn check_stream<R: RuleSet>(
    setup: R::Setup,
    ch: &mut dyn Choices,
    max: usize,
    mix: usize,
) -> Result<StreamReport, String> {
    let mut g = Game::<R>::new(setup.clone()).map_err(|e| e.join("; "))?;
    g.keep_journal = ch.pick(2) == 0;
    let cut = ch.pick(max.max(1));
    let mut saved: Option<Game<R>> = None;
    let mut rep = StreamReport::default();
    let mut tries = 0;
    while g.log.len() < max && tries < max * 4 {
        tries += 1;
        if saved.is_none() && g.log.len() >= cut {
            saved = Some(save_and_load(&g)?);
        }
        if g.is_over() {
            break;
        }
        if ch.pick(100) < mix
            && let Some((seat, cmd)) = chaos_command(&g, ch)
        {
            rep.chaos += 1;
            let (before, rolls) = (g.hash(), g.dice.log().len());
            let checked = g.check(seat, &cmd);
            match g.play(seat, cmd.clone()) {
                Ok(_) => {
                    if let Err(e) = checked {
                        return Err(format!(
                            "command {} ({cmd:?}, seat {seat}) was refused by check ({e}) but accepted in play",
                            g.log.len()
                        ));
                    }
                }
                Err(e) => {
                    rep.refused += 1;
                    if g.hash() != before || g.dice.log().len() != rolls {
                        return Err(format!(
                            "refused command ({cmd:?}, seat {seat}: {e}) after {} commands changed the game",
                            g.log.len()
                        ));
                    }
                }
            }
            continue;
        }
        if g.self_play(1) == 0 && !matches!(g.waiting(), Waiting::Over(_)) {
            // Nobody the program plays can act: only chaos can move the game on.
            if mix == 0 {
                break;
            }
        }
    }
    rep.commands = g.log.len();
    rep.over = g.is_over();
    let replay = Game::<R>::replay(setup, &g.log)?;
    if replay.hash() != g.hash() {
        return Err(format!(
            "the log of {} commands replays to {:016x}, not {:016x}",
            g.log.len(),
            replay.hash(),
            g.hash()
        ));
    }
    let mut resumed = match saved {
        Some(s) => s,
        None => save_and_load(&g)?,
    };
    for l in g.log[resumed.log.len()..].iter() {
        resumed
            .play_with(l.seat, l.cmd.clone(), &l.entered)
            .map_err(|e| format!("after loading, command {:?} is refused: {e}", l.cmd))?;
    }
    if resumed.hash() != g.hash() {
        return Err(format!(
            "saved after {cut} commands, loaded and played on, the game ends at {:016x}, not {:016x}",
            resumed.hash(),
            g.hash()
        ));
    }
    save_and_load(&g)?;
    Ok(rep)
}

/// The game written as save text and read back (strictly: the replay must reach the saved
/// hash).
fn save_and_load<R: RuleSet>(g: &Game<R>) -> Result<Game<R>, String> {
    let text = super::save::ron_text(&g.to_save())?;
    let loaded = Game::<R>::load_text("stream", &text).map_err(|e| {
        e.iter()
            .map(ToString::to_string)
            .collect::<Vec<_>>()
            .join("; ")
    })?;
    if loaded.hash() != g.hash() {
        return Err(format!(
            "a game saved after {} commands loads to {:016x}, not {:016x}",
            g.log.len(),
            loaded.hash(),
            g.hash()
        ));
    }
    Ok(loaded)
}
