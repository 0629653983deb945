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
    if a.is_ascii() && b.is_ascii() {
        return ascii_folded(a).eq(ascii_folded(b));
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
        assert_eq!(fold("Heavy  Bolter 2"), "heavybolter2");
    }
}
