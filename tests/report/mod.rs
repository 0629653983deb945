//! Battle reports and the luck figures they show.

mod cli;
mod in_app;
mod luck;
