//! Dice results typed in by players rolling real dice.

/// Parses typed-in results such as `4 6 1` or `4,6,1`.
pub fn parse_entered(text: &str) -> Result<Vec<u32>, String> {
    text.split(|c: char| c == ',' || c.is_whitespace())
        .filter(|s| !s.is_empty())
        .map(|s| {
            s.parse::<u32>()
                .map_err(|_| format!("'{s}' is not a die result"))
        })
        .collect()
}
