//! The models on a table as one shared list that remembers its fingerprint.

use super::model::{Model, ModelId};

/// The models on a table: a list, and its fingerprint once asked for
/// ([`super::fingerprint::with_models`] is asked for on every query of the memos that depend on
/// where the models stand). Every change goes through `DerefMut`, which forgets the fingerprint.
/// Copies of a table share the list until one of them changes it (the rules copy the state for
/// every command they try, and most of those move nobody). It also keeps, once asked for, where
/// each model id stands in the list: the rules and the program look models up by id all the time.
#[derive(Debug, Clone, Default)]
pub struct Placed {
    list: std::sync::Arc<Vec<Model>>,
    key: std::sync::OnceLock<u64>,
    /// For each id, 1 + the index of the first model with it (0: none); empty when the ids are
    /// too sparse for a table of them (then the list is searched).
    at: std::sync::OnceLock<std::sync::Arc<[u32]>>,
}

impl serde::Serialize for Placed {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        self.list.as_slice().serialize(s)
    }
}

impl Placed {
    /// The fingerprint of the list, made by `make` the first time after a change.
    pub fn key(&self, make: impl FnOnce(&[Model]) -> u64) -> u64 {
        *self.key.get_or_init(|| make(&self.list))
    }

    /// The first model with id `id`, as a search of the list finds it.
    pub fn find(&self, id: ModelId) -> Option<&Model> {
        let at = self.at.get_or_init(|| {
            let top = self.list.iter().map(|m| m.id.0 as usize).max().unwrap_or(0);
            if top > 4 * self.list.len() + 64 {
                return std::sync::Arc::from([]);
            }
            let mut at = vec![0u32; top + 1];
            for (i, m) in self.list.iter().enumerate() {
                let slot = &mut at[m.id.0 as usize];
                if *slot == 0 {
                    *slot = i as u32 + 1;
                }
            }
            at.into()
        });
        if at.is_empty() {
            return self.list.iter().find(|m| m.id == id);
        }
        match at.get(id.0 as usize) {
            Some(&k) if k > 0 => self.list.get(k as usize - 1),
            _ => None,
        }
    }
}

impl PartialEq for Placed {
    fn eq(&self, o: &Self) -> bool {
        self.list == o.list
    }
}

impl std::ops::Deref for Placed {
    type Target = Vec<Model>;
    fn deref(&self) -> &Vec<Model> {
        &self.list
    }
}

impl std::ops::DerefMut for Placed {
    fn deref_mut(&mut self) -> &mut Vec<Model> {
        self.key = std::sync::OnceLock::new();
        self.at = std::sync::OnceLock::new();
        std::sync::Arc::make_mut(&mut self.list)
    }
}

impl From<Vec<Model>> for Placed {
    fn from(list: Vec<Model>) -> Self {
        Self {
            list: std::sync::Arc::new(list),
            key: std::sync::OnceLock::new(),
            at: std::sync::OnceLock::new(),
        }
    }
}

impl FromIterator<Model> for Placed {
    fn from_iter<I: IntoIterator<Item = Model>>(it: I) -> Self {
        Vec::from_iter(it).into()
    }
}

impl<'a> IntoIterator for &'a Placed {
    type Item = &'a Model;
    type IntoIter = std::slice::Iter<'a, Model>;
    fn into_iter(self) -> Self::IntoIter {
        self.list.iter()
    }
}

impl<'a> IntoIterator for &'a mut Placed {
    type Item = &'a mut Model;
    type IntoIter = std::slice::IterMut<'a, Model>;
    fn into_iter(self) -> Self::IntoIter {
        self.deref_mut_list().iter_mut()
    }
}

impl Placed {
    fn deref_mut_list(&mut self) -> &mut Vec<Model> {
        std::ops::DerefMut::deref_mut(self)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::table::Pt;

    #[test]
    fn a_change_forgets_the_fingerprint_and_a_copy_keeps_the_list() {
        let mut a: Placed = vec![Model::new(1, 1, "A", 1.0, 1.0, Pt::new(1.0, 1.0), 0.0)].into();
        assert_eq!(a.key(|l| l.len() as u64), 1);
        // Remembered: another maker is not asked.
        assert_eq!(a.key(|_| 7), 1);
        let b = a.clone();
        a.push(Model::new(2, 1, "B", 1.0, 1.0, Pt::new(3.0, 1.0), 0.0));
        assert_eq!(a.key(|l| l.len() as u64), 2);
        assert_eq!(
            b.key(|_| 7),
            1,
            "the copy keeps its own list and fingerprint"
        );
        assert_eq!(b.len(), 1);
        for m in &mut a {
            m.pos.x += 1.0;
        }
        assert_eq!(a.key(|l| l.iter().map(|m| m.pos.x as u64).sum()), 6);
    }

    #[test]
    fn a_model_is_found_by_id_as_the_list_would_find_it() {
        let m = |id, x| Model::new(id, 1, "M", 1.0, 1.0, Pt::new(x, 1.0), 0.0);
        let mut a: Placed = vec![m(3, 1.0), m(1, 2.0), m(3, 9.0)].into();
        assert_eq!(
            a.find(ModelId(3)).map(|m| m.pos.x),
            Some(1.0),
            "the first with the id"
        );
        assert_eq!(a.find(ModelId(1)).map(|m| m.pos.x), Some(2.0));
        assert!(a.find(ModelId(2)).is_none() && a.find(ModelId(4)).is_none());
        // A change forgets where each stands.
        a.remove(0);
        assert_eq!(a.find(ModelId(3)).map(|m| m.pos.x), Some(9.0));
        assert!(a.find(ModelId(u32::MAX)).is_none());
        // Ids too sparse for a table of them are searched for.
        let b: Placed = vec![m(1_000_000, 5.0), m(7, 6.0)].into();
        assert_eq!(b.find(ModelId(1_000_000)).map(|m| m.pos.x), Some(5.0));
        assert_eq!(b.find(ModelId(7)).map(|m| m.pos.x), Some(6.0));
        assert!(b.find(ModelId(8)).is_none());
    }
}
