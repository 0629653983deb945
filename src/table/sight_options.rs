//! The choices of the line-of-sight rules that the rule texts leave open.

/// Choices the rule texts leave open (see the rules reference).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct SightOptions {
    /// Whether living models block sight to models behind them. Default off: KOG light's models are
    /// "dynamically leaning, crouching or otherwise acting within the area of their base".
    pub models_block: bool,
    /// Whether wrecks block sight. Default on: a wreck is a solid hulk; either way it gives cover.
    pub wrecks_block: bool,
    /// Sample points across the target body's width.
    pub columns: u8,
    /// Sample points up the target body's height.
    pub rows: u8,
}

impl Default for SightOptions {
    fn default() -> Self {
        Self {
            models_block: false,
            wrecks_block: true,
            columns: 3,
            rows: 3,
        }
    }
}
