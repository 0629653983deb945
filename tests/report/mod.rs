//! Battle reports and the luck figures they show.

mod cli;
mod luck;
