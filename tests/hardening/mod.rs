//! Hardening: command streams of every rule set as property tests, the soak run, the mutation
//! fuzzer over every loader, limits on files, and saves killed half-way.

mod crash;
mod fuzz;
mod limits;
mod streams;
