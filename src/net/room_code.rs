//! Room codes: what a host shows and a seat types to meet through a signalling server.
//! `WT-` and 7 symbols of a 30-symbol alphabet (the digits 2-9 and the letters without the
//! look-alikes I, L, O and U): 30^7 ≈ 2.2·10^10 codes, so that a guesser at the signalling
//! server's rate limit (one try a second from an address) finds none of a hundred live rooms
//! in a day with odds of about 4·10^-4.

/// The symbols of a code.
pub const SYMBOLS: &[u8; 30] = b"23456789ABCDEFGHJKMNPQRSTVWXYZ";
/// Symbols after `WT-`.
pub const LEN: usize = 7;

fn symbols() -> &'static [u8] {
    SYMBOLS
}

/// A new code from the operating system's randomness: `WT-XXXXXXX`.
pub fn draw() -> String {
    use rand::Rng;
    let s = symbols();
    let mut rng = rand::rng();
    let body: String = (0..LEN)
        .map(|_| s[rng.random_range(0..s.len())] as char)
        .collect();
    format!("WT-{body}")
}

/// A code as a player may type it (any case, with or without `WT-`, spaces and dashes
/// anywhere) in its one written form, or why it is not one.
pub fn normalize(text: &str) -> Result<String, String> {
    let up: String = text
        .chars()
        .filter(|c| !c.is_whitespace() && *c != '-')
        .collect::<String>()
        .to_ascii_uppercase();
    let body = match up.strip_prefix("WT") {
        Some(rest) if rest.len() == LEN => rest,
        _ => &up,
    };
    if body.len() != LEN {
        return Err(format!(
            "'{}' is not a room code: a code is WT- and {LEN} letters or digits",
            text.trim()
        ));
    }
    if let Some(c) = body.bytes().find(|b| !symbols().contains(b)) {
        return Err(format!(
            "'{}' is not a room code: it has '{}', which no code uses",
            text.trim(),
            c as char
        ));
    }
    Ok(format!("WT-{body}"))
}

/// Whether `text` is a code in its written form (what the signalling server accepts).
pub fn is_code(text: &str) -> bool {
    normalize(text).is_ok_and(|c| c == text)
}
