//! Names as players type them, folded for matching: a force file's "Kampfer" finds the
//! catalogue's "Kämpfer" (the rule sets' catalogues match names so).

/// A name folded for matching: lower case, umlauts without their dots ("Kampfer" finds
/// "Kämpfer"), letters and digits only.
pub fn fold(name: &str) -> String {
    folded(name).collect()
}

/// Whether `a` and `b` are the same name once folded ([`fold`]), without building strings.
pub fn same_name(a: &str, b: &str) -> bool {
    // Plain ASCII names that are equal byte for byte are the same at once.
    a == b || folded(a).eq(folded(b))
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
