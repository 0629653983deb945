//! How a tooltip quotes a rule: the rule set's tip tables (`games/<set>/tips.rs`) hold the
//! sentence and what the program does with it; these put them in words the same way for all.

/// The rule alone in quotation marks, one line (a tooltip that lists several rules).
pub fn quoted(quote: &str) -> String {
    format!("\"{quote}\"")
}

/// The tooltip: the rule in quotation marks, then (if any) what the program does with it.
pub fn text((quote, does): (&str, &str)) -> String {
    if does.is_empty() {
        quoted(quote)
    } else {
        format!("\"{quote}\"\n{does}")
    }
}
