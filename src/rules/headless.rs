//! What the command line does with any rule set, headless: check a save by replaying it to its
//! hash, and let the program play a game against itself.

use super::core::game::{Game, QuickSetup, RuleSet};
use super::core::rules_id::RulesId;
use super::core::save::read_header;
use super::registry::RulesVisitor;
use crate::data::error::LocatedError;
use std::path::{Path, PathBuf};

/// What a checked save holds, for the report.
#[derive(Debug, Clone, PartialEq)]
pub struct SaveReport {
    pub rules: RulesId,
    pub commands: usize,
    pub hash: u64,
    /// Where the replayed game stands.
    pub phase: String,
}

/// Loads a save of any rule set and replays it to its saved hash.
pub fn check_save(path: &Path) -> Result<SaveReport, Vec<LocatedError>> {
    let file = path.display().to_string();
    let text = crate::data::read_text(path).map_err(|e| vec![e])?;
    check_save_text(&file, &text)
}

/// Reads save text of any rule set (`file` names it in errors) and replays it to its saved hash.
pub fn check_save_text(file: &str, text: &str) -> Result<SaveReport, Vec<LocatedError>> {
    let (rules, _) = read_header(file, text).map_err(|e| vec![e])?;
    let id = RulesId::from_key(&rules).map_err(|e| vec![LocatedError::whole_file(file, e)])?;
    struct Check<'a>(&'a str, &'a str, RulesId);
    impl RulesVisitor for Check<'_> {
        type Out = Result<SaveReport, Vec<LocatedError>>;
        fn visit<R: RuleSet>(self) -> Self::Out {
            let g = Game::<R>::load_text(self.0, self.1)?;
            Ok(SaveReport {
                rules: self.2,
                commands: g.log.len(),
                hash: g.hash(),
                phase: R::phase_label(&g.state),
            })
        }
    }
    id.visit(Check(file, text, id))
}

/// Where a headless game of the program against itself stops.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum StopAt {
    /// When the game is over, or after the commands asked for.
    End,
    /// As soon as the game waits for an answer outside the turn (e.g. a counterattack choice).
    Pending,
    /// As soon as the game is over.
    Over,
}

/// A headless game of the program against itself.
#[derive(Debug, Clone)]
pub struct SelfPlay {
    pub setup: QuickSetup,
    /// At most this many commands.
    pub commands: usize,
    pub stop_at: StopAt,
    /// With a stop: commands to play first.
    pub after: usize,
    /// Write the game here.
    pub out: Option<PathBuf>,
    /// How well the program plays each side.
    pub lineup: super::core::Lineup,
}

/// What a headless game came to.
#[derive(Debug, Clone, PartialEq)]
pub struct SelfPlayReport {
    pub commands: usize,
    pub rolls: usize,
    pub round: u32,
    pub phase: String,
    pub hash: u64,
}

/// Plays a game of rule set `id` with the program on every seat.
pub fn self_play(id: RulesId, sp: &SelfPlay) -> Result<SelfPlayReport, Vec<String>> {
    struct Run<'a>(&'a SelfPlay);
    impl RulesVisitor for Run<'_> {
        type Out = Result<SelfPlayReport, Vec<String>>;
        fn visit<R: RuleSet>(self) -> Self::Out {
            let sp = self.0;
            let mut g = Game::<R>::new(R::quick_setup(&sp.setup)?)?;
            g.take_lineup(&sp.lineup);
            // Hard's reasons cost nothing more: its save keeps them for "Why?".
            g.keep_reasons = sp.lineup.first == super::core::Skill::Hard
                || sp.lineup.rest == super::core::Skill::Hard;
            let mut n = match sp.stop_at {
                StopAt::End => g.self_play(sp.commands),
                _ => g.self_play(sp.commands.min(sp.after.max(1))),
            };
            if sp.stop_at != StopAt::End {
                while n < sp.commands {
                    let done = match sp.stop_at {
                        StopAt::Pending => R::awaits_answer(&g.state),
                        _ => g.is_over(),
                    };
                    if done || g.self_play(1) == 0 {
                        break;
                    }
                    n += 1;
                }
            }
            if let Some(out) = &sp.out {
                g.save(out).map_err(|e| vec![e])?;
            }
            Ok(SelfPlayReport {
                commands: n,
                rolls: g.dice.log().len(),
                round: R::round(&g.state),
                phase: R::phase_label(&g.state),
                hash: g.hash(),
            })
        }
    }
    id.visit(Run(sp))
}

/// Loads the saves `from` (any rule set), each once, and writes them to `to` in turn, `times`
/// writes in all, each as the game's own save writes it (the same text, atomically): the
/// crash-safety test kills this at random moments and then loads what is left at `to`.
pub fn save_loop(from: &[PathBuf], to: &Path, times: u64) -> Result<(), Vec<String>> {
    struct Text<'a>(&'a Path);
    impl RulesVisitor for Text<'_> {
        type Out = Result<String, Vec<String>>;
        fn visit<R: RuleSet>(self) -> Self::Out {
            let g = Game::<R>::load(self.0)
                .map_err(|e| e.iter().map(ToString::to_string).collect::<Vec<_>>())?;
            super::core::save::ron_text(&g.to_save()).map_err(|e| vec![e])
        }
    }
    let mut texts = Vec::new();
    for f in from {
        let file = f.display().to_string();
        let text = crate::data::read_text(f).map_err(|e| vec![e.to_string()])?;
        let (rules, _) = read_header(&file, &text).map_err(|e| vec![e.to_string()])?;
        texts.push(
            RulesId::from_key(&rules)
                .map_err(|e| vec![e])?
                .visit(Text(f))?,
        );
    }
    if texts.is_empty() {
        return Err(vec!["no saves to write".into()]);
    }
    for i in 0..times {
        let text = &texts[(i % texts.len() as u64) as usize];
        crate::data::load::write_atomic(to, text.as_bytes())
            .map_err(|e| vec![format!("cannot save {}: {e}", to.display())])?;
    }
    Ok(())
}
