//! The key moments of a game's story: a combat log line that tells of a kill, an objective, an
//! interrupt or a critical result. Read from the words the rule sets write (each names these
//! moments in its log); a loss seen on the table is a kill whatever the words.

/// A kind of key moment: the replay timeline's own.
pub use crate::rules::replay::Moment;

/// The words that mark each moment, lower case.
const WORDS: [(Moment, &[&str]); 4] = [
    (
        Moment::Kill,
        &[
            "destroyed",
            "killed",
            "is slain",
            " dies",
            " dead",
            "out of action",
            "taken out",
            "falls to its death",
            "wrecked",
            "eliminated",
        ],
    ),
    (
        Moment::Objective,
        &[
            "objective",
            "victory point",
            " holds ",
            "captured",
            "capture",
        ],
    ),
    (
        Moment::Interrupt,
        &[
            "interrupt",
            "counterattack",
            "counter attack",
            "overwatch",
            "reaction",
            "face-off",
        ],
    ),
    (
        Moment::Critical,
        &["critical", "all 1s", "all 1's", "fumble", "score of 18"],
    ),
];

/// The moment a combat log line tells of, if any (the first kind in the order above).
pub fn moment_of(line: &str) -> Option<Moment> {
    let l = line.to_lowercase();
    WORDS
        .iter()
        .find(|(_, words)| words.iter().any(|w| l.contains(w)))
        .map(|(m, _)| *m)
}
