//! FNV-1a, the hash the table's fingerprints are made with.

use super::geom::Pt;

/// FNV-1a, a word at a time.
#[derive(Clone, Copy)]
pub struct Mix(u64);

impl Default for Mix {
    fn default() -> Self {
        Mix(0xcbf2_9ce4_8422_2325)
    }
}

impl Mix {
    /// A mix that goes on from a fingerprint already taken.
    pub fn from_word(v: u64) -> Self {
        Mix(v)
    }
    pub fn u64(&mut self, v: u64) -> &mut Self {
        self.0 ^= v;
        self.0 = self.0.wrapping_mul(0x0000_0100_0000_01b3);
        self
    }
    pub fn f32(&mut self, v: f32) -> &mut Self {
        self.u64(v.to_bits() as u64)
    }
    pub fn pt(&mut self, p: Pt) -> &mut Self {
        self.u64(p.x.to_bits() as u64 | ((p.y.to_bits() as u64) << 32))
    }
    pub fn done(&self) -> u64 {
        self.0
    }
}
