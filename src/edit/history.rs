//! Unlimited undo and redo within a session: a stack of snapshots before and after each edit.

use super::ops::{EditError, EditLevel, EditOp};

/// The level being edited and its history.
#[derive(Debug, Clone)]
pub struct History {
    current: EditLevel,
    past: Vec<EditLevel>,
    future: Vec<EditLevel>,
    /// The level as last saved (or opened), to tell whether there is unsaved work.
    saved: EditLevel,
}

impl History {
    pub fn new(level: EditLevel) -> Self {
        Self {
            saved: level.clone(),
            current: level,
            past: Vec::new(),
            future: Vec::new(),
        }
    }

    pub fn current(&self) -> &EditLevel {
        &self.current
    }

    /// Applies an edit; a refused edit changes nothing and keeps the redo stack.
    pub fn apply(&mut self, op: &EditOp) -> Result<(), EditError> {
        let next = self.current.apply(op)?;
        if next == self.current {
            return Ok(());
        }
        self.past.push(std::mem::replace(&mut self.current, next));
        self.future.clear();
        Ok(())
    }

    /// Replaces the level as one edit (recovering autosaved work); undo returns to the previous one.
    pub fn replace_with(&mut self, level: EditLevel) {
        if level != self.current {
            self.past.push(std::mem::replace(&mut self.current, level));
            self.future.clear();
        }
    }

    pub fn can_undo(&self) -> bool {
        !self.past.is_empty()
    }

    pub fn can_redo(&self) -> bool {
        !self.future.is_empty()
    }

    pub fn undo(&mut self) -> bool {
        let Some(prev) = self.past.pop() else {
            return false;
        };
        self.future.push(std::mem::replace(&mut self.current, prev));
        true
    }

    pub fn redo(&mut self) -> bool {
        let Some(next) = self.future.pop() else {
            return false;
        };
        self.past.push(std::mem::replace(&mut self.current, next));
        true
    }

    /// True when the level differs from what was last saved.
    pub fn is_dirty(&self) -> bool {
        self.current != self.saved
    }

    pub fn mark_saved(&mut self) {
        self.saved = self.current.clone();
    }
}
