//! The terrain pieces of a table as one shared list that remembers its fingerprint.

use super::piece::Piece;

/// The terrain pieces of a table: a list, and its fingerprint once asked for
/// ([`super::fingerprint::terrain`] is asked for on every query of the memos). Every change goes
/// through `DerefMut`, which forgets the fingerprint. Copies of a table share the list until one
/// of them changes it (the rules copy the state for every command they try; the terrain stays).
#[derive(Debug, Clone, Default)]
pub struct Pieces {
    list: std::sync::Arc<Vec<Piece>>,
    key: std::sync::OnceLock<u64>,
}

impl serde::Serialize for Pieces {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        self.list.as_slice().serialize(s)
    }
}

impl Pieces {
    /// The fingerprint of the list, made by `make` the first time after a change.
    pub fn key(&self, make: impl FnOnce(&[Piece]) -> u64) -> u64 {
        *self.key.get_or_init(|| make(&self.list))
    }
}

impl PartialEq for Pieces {
    fn eq(&self, o: &Self) -> bool {
        self.list == o.list
    }
}

impl std::ops::Deref for Pieces {
    type Target = Vec<Piece>;
    fn deref(&self) -> &Vec<Piece> {
        &self.list
    }
}

impl std::ops::DerefMut for Pieces {
    fn deref_mut(&mut self) -> &mut Vec<Piece> {
        self.key = std::sync::OnceLock::new();
        std::sync::Arc::make_mut(&mut self.list)
    }
}

impl From<Vec<Piece>> for Pieces {
    fn from(list: Vec<Piece>) -> Self {
        Self {
            list: std::sync::Arc::new(list),
            key: std::sync::OnceLock::new(),
        }
    }
}

impl FromIterator<Piece> for Pieces {
    fn from_iter<I: IntoIterator<Item = Piece>>(it: I) -> Self {
        Vec::from_iter(it).into()
    }
}

impl<'a> IntoIterator for &'a Pieces {
    type Item = &'a Piece;
    type IntoIter = std::slice::Iter<'a, Piece>;
    fn into_iter(self) -> Self::IntoIter {
        self.list.iter()
    }
}
