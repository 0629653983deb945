//! Battle reports and the luck figures they show.

mod luck;
