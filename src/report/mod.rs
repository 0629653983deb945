//! Battle reports: a save replayed into what happened (the setup, each round's moves, attacks
//! and losses, the combat log with its key moments, the luck of the dice, the outcome), written
//! as one self-contained HTML file or as Markdown beside PNG maps. Pure: no window, no GPU; the
//! maps are drawn in memory as the balance plots are.

pub mod encode;
pub mod gather;
pub mod html;
pub mod load;
pub mod map;
pub mod markdown;
pub mod moments;
pub mod words;

/// Each round's map of `report` as PNG bytes, in round order.
pub fn maps(report: &gather::Report) -> Result<Vec<Vec<u8>>, String> {
    report
        .rounds
        .iter()
        .map(|round| {
            let title = format!(
                "{}: {}",
                report.rules_label,
                words::round_title(round.round)
            );
            map::png(&round.map, &title).map_err(|e| format!("cannot draw the map of {title}: {e}"))
        })
        .collect()
}

/// The self-contained HTML report of the save `text` (read from `file`, named in errors).
pub fn html_of_save(file: &str, text: &str) -> Result<String, Vec<String>> {
    let report = load::from_text(file, text)
        .map_err(|e| e.iter().map(ToString::to_string).collect::<Vec<_>>())?;
    let maps = maps(&report).map_err(|e| vec![e])?;
    Ok(html::render(&report, &maps))
}
