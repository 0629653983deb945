//! Located errors: what is wrong, in which file, at which line and column, in which field.

use super::spans::SpanIndex;
use std::fmt;

/// A problem found in a data file, before it is located: the field's path and the message.
#[derive(Debug, Clone, PartialEq)]
pub struct Issue {
    /// Path of the field, such as `pieces[2].size` or `ground[0]`.
    pub path: String,
    /// Extra characters into the field's text (e.g. a bad character inside a ground row).
    pub offset: usize,
    pub message: String,
}

impl Issue {
    pub fn new(path: impl Into<String>, message: impl Into<String>) -> Self {
        Self {
            path: path.into(),
            offset: 0,
            message: message.into(),
        }
    }
    pub fn at_offset(mut self, offset: usize) -> Self {
        self.offset = offset;
        self
    }
}

/// One problem with a file, located. Displays on one line as `file:line:col: field: message`.
#[derive(Debug, Clone, PartialEq)]
pub struct LocatedError {
    pub file: String,
    /// 1-based line.
    pub line: usize,
    /// 1-based column, in characters.
    pub col: usize,
    /// The field that is wrong (empty when the whole file is).
    pub field: String,
    pub message: String,
}

impl LocatedError {
    pub fn whole_file(file: &str, message: impl Into<String>) -> Self {
        Self {
            file: file.to_string(),
            line: 1,
            col: 1,
            field: String::new(),
            message: message.into(),
        }
    }

    /// Locates an issue through the file's span index.
    pub fn locate(file: &str, spans: &SpanIndex, issue: &Issue) -> Self {
        let (line, col) = spans.locate(&issue.path, issue.offset);
        Self {
            file: file.to_string(),
            line,
            col,
            field: issue.path.clone(),
            message: issue.message.clone(),
        }
    }
}

impl fmt::Display for LocatedError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.field.is_empty() {
            write!(
                f,
                "{}:{}:{}: {}",
                self.file, self.line, self.col, self.message
            )
        } else {
            write!(
                f,
                "{}:{}:{}: {}: {}",
                self.file, self.line, self.col, self.field, self.message
            )
        }
    }
}

impl std::error::Error for LocatedError {}

/// `issues` of a file's content carried inside another file (a level inside a save), each path
/// put under `prefix`.
pub fn under(prefix: &str, issues: Vec<Issue>) -> impl Iterator<Item = Issue> {
    issues.into_iter().map(move |mut i| {
        i.path = format!("{prefix}.{}", i.path);
        i
    })
}
