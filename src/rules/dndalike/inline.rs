//! A short list kept inside its owner, copied with it: a character's action dice, spells and
//! spell stones, so that copying a fight's state to resolve a command is one copy of memory.
//! It reads and writes as a plain list.

use serde::{Deserialize, Deserializer, Serialize, Serializer};

/// Up to `N` items of a `Copy` type; more are dropped (the rules never hold more: sheets are
/// checked on load).
#[derive(Clone, Copy)]
pub struct Inline<T: Copy + Default, const N: usize> {
    n: u8,
    v: [T; N],
}

impl<T: Copy + Default, const N: usize> Default for Inline<T, N> {
    fn default() -> Self {
        Self {
            n: 0,
            v: [T::default(); N],
        }
    }
}

impl<T: Copy + Default, const N: usize> Inline<T, N> {
    pub fn new() -> Self {
        Self::default()
    }

    /// Adds `x` at the end (nothing when full).
    pub fn push(&mut self, x: T) {
        if (self.n as usize) < N {
            self.v[self.n as usize] = x;
            self.n += 1;
        }
    }

    /// Takes out the item at `i` (which must be there), keeping the order of the rest.
    pub fn remove(&mut self, i: usize) -> T {
        let n = self.n as usize;
        assert!(i < n, "remove {i} of {n}");
        let x = self.v[i];
        self.v.copy_within(i + 1..n, i);
        self.n -= 1;
        x
    }

    /// Empties the list, giving what it held.
    pub fn take(&mut self) -> Self {
        std::mem::take(self)
    }

    pub fn as_slice(&self) -> &[T] {
        self
    }

    pub fn clear(&mut self) {
        self.n = 0;
    }
}

impl<T: Copy + Default + PartialEq, const N: usize> PartialEq for Inline<T, N> {
    fn eq(&self, o: &Self) -> bool {
        **self == **o
    }
}

impl<T: Copy + Default + Eq, const N: usize> Eq for Inline<T, N> {}

/// Whether the list is empty (for `skip_serializing_if`).
pub fn empty<T: Copy + Default, const N: usize>(v: &Inline<T, N>) -> bool {
    v.n == 0
}

impl<T: Copy + Default, const N: usize> std::ops::Deref for Inline<T, N> {
    type Target = [T];
    fn deref(&self) -> &[T] {
        &self.v[..self.n as usize]
    }
}

impl<T: Copy + Default, const N: usize> std::ops::DerefMut for Inline<T, N> {
    fn deref_mut(&mut self) -> &mut [T] {
        &mut self.v[..self.n as usize]
    }
}

impl<'a, T: Copy + Default, const N: usize> IntoIterator for &'a Inline<T, N> {
    type Item = &'a T;
    type IntoIter = std::slice::Iter<'a, T>;
    fn into_iter(self) -> Self::IntoIter {
        self.iter()
    }
}

impl<'a, T: Copy + Default, const N: usize> IntoIterator for &'a mut Inline<T, N> {
    type Item = &'a mut T;
    type IntoIter = std::slice::IterMut<'a, T>;
    fn into_iter(self) -> Self::IntoIter {
        self.iter_mut()
    }
}

impl<T: Copy + Default, const N: usize> FromIterator<T> for Inline<T, N> {
    fn from_iter<I: IntoIterator<Item = T>>(it: I) -> Self {
        let mut s = Self::default();
        s.extend(it);
        s
    }
}

impl<T: Copy + Default, const N: usize> Extend<T> for Inline<T, N> {
    fn extend<I: IntoIterator<Item = T>>(&mut self, it: I) {
        for x in it {
            self.push(x);
        }
    }
}

impl<T: Copy + Default + std::fmt::Debug, const N: usize> std::fmt::Debug for Inline<T, N> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}

impl<T: Copy + Default + Serialize, const N: usize> Serialize for Inline<T, N> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq(self.iter())
    }
}

impl<'de, T: Copy + Default + Deserialize<'de>, const N: usize> Deserialize<'de> for Inline<T, N> {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let v = Vec::<T>::deserialize(d)?;
        if v.len() > N {
            return Err(serde::de::Error::custom(format!("more than {N} items")));
        }
        Ok(v.into_iter().collect())
    }
}

#[cfg(test)]
mod tests {
    use super::Inline;

    #[test]
    fn push_remove_take_keep_order_and_drop_beyond_capacity() {
        let mut a: Inline<u8, 3> = [1, 2, 3, 4].into_iter().collect();
        assert_eq!(&*a, &[1, 2, 3]);
        assert_eq!(a.remove(0), 1);
        assert_eq!(&*a, &[2, 3]);
        a.push(9);
        let b = a.take();
        assert!(a.is_empty());
        assert_eq!(&*b, &[2, 3, 9]);
        assert_eq!(ron::to_string(&b).unwrap(), "[2,3,9]");
    }
}
