//! Kry-Gothic tests: each names the section of `shared/rules/kry-gothic.txt` it covers; the
//! text's worked examples are tests of their own, with the dice forced.

mod catalogue;
mod close;
mod dice;
mod ranged;
