//! Names as players type them, folded for matching: a force file's "Kampfer" finds the
//! catalogue's "Kämpfer" (the rule sets' catalogues match names so).

/// A name folded for matching: lower case, umlauts without their dots ("Kampfer" finds
/// "Kämpfer"), letters and digits only.
pub fn fold(name: &str) -> String {
    if name.is_ascii() {
        return ascii_folded(name).map(char::from).collect();
    }
    folded(name).collect()
}

/// Whether `a` and `b` are the same name once folded ([`fold`]), without building strings.
pub fn same_name(a: &str, b: &str) -> bool {
    // Plain ASCII names that are equal byte for byte are the same at once.
    if a == b {
        return true;
    }
    // Letter by letter while both are ASCII: the first ASCII letters or digits that differ (or
    // one name ending first) settle it, as the folding of the whole names would; a byte
    // outside ASCII sends both names to the full folding.
    let (mut x, mut y) = (a.bytes(), b.bytes());
    let next = |it: &mut std::str::Bytes| it.find(|b| !b.is_ascii() || b.is_ascii_alphanumeric());
    loop {
        match (next(&mut x), next(&mut y)) {
            (None, None) => return true,
            (Some(p), _) | (_, Some(p)) if !p.is_ascii() => break,
            (Some(p), Some(q)) if p.to_ascii_lowercase() == q.to_ascii_lowercase() => {}
            (Some(p), Some(q)) if !p.is_ascii() || !q.is_ascii() => break,
            _ => return false,
        }
    }
    folded(a).eq(folded(b))
}

/// [`folded`] for an ASCII name, a byte at a time (the same letters: an ASCII letter's lower
/// case is the ASCII one, and lower case keeps a character a letter or digit or neither).
fn ascii_folded(name: &str) -> impl Iterator<Item = u8> + '_ {
    name.bytes()
        .filter(u8::is_ascii_alphanumeric)
        .map(|b| b.to_ascii_lowercase())
}

/// [`fold`] as it goes, for comparing names without building strings.
pub fn folded(name: &str) -> impl Iterator<Item = char> + '_ {
    name.chars()
        .flat_map(char::to_lowercase)
        .map(|c| match c {
            'ä' | 'á' | 'à' | 'â' => 'a',
            'ö' | 'ó' | 'ò' | 'ô' => 'o',
            'ü' | 'ú' | 'ù' | 'û' => 'u',
            'é' | 'è' | 'ê' | 'ë' => 'e',
            c => c,
        })
        .filter(|c| c.is_alphanumeric())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ascii_names_fold_as_any_other_name() {
        for name in [
            "Rush Grunt",
            "rush-grunt",
            "Heavy  Bolter 2",
            "M.A.G. (x2)",
            "",
            "--",
        ] {
            let general: String = folded(name).collect();
            assert_eq!(fold(name), general, "{name:?}");
        }
        assert!(same_name("Rush Grunt", "rushgrunt"));
        assert!(same_name("Kampfer", "Kämpfer"));
        assert!(!same_name("Grunt 1", "Grunt 2"));
        assert!(same_name("Grunt!", "grunt") && !same_name("ab", "abc") && !same_name("abc", "ab"));
        assert!(same_name("Äxe", "axe") && !same_name("Kampfer X", "Kämpfer Y"));
        // Either way round, whatever the letters before the first one outside ASCII.
        for (a, b) in [
            ("Kämpfer", "kampfer"),
            ("Rush Grunt", "Rüsh Grunt"),
            ("x-ö", "X O"),
        ] {
            let same = folded(a).eq(folded(b));
            assert_eq!(
                (same_name(a, b), same_name(b, a)),
                (same, same),
                "{a:?} {b:?}"
            );
        }
        assert_eq!(fold("Heavy  Bolter 2"), "heavybolter2");
    }
}
