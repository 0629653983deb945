//! The report as Markdown, the maps beside it as PNG files (`maps[i]` names the file of round
//! `i`'s map, relative to the Markdown file).

use super::gather::Report;
use super::words;
use std::fmt::Write;

/// Escapes the characters Markdown would read as markup in a line of text.
fn esc(s: &str) -> String {
    let mut o = String::with_capacity(s.len());
    for c in s.chars() {
        if matches!(
            c,
            '\\' | '*' | '_' | '`' | '[' | ']' | '<' | '>' | '|' | '#'
        ) {
            o.push('\\');
        }
        o.push(c);
    }
    o
}

/// The Markdown text.
pub fn render(r: &Report, maps: &[String]) -> String {
    let mut m = String::new();
    let _ = writeln!(m, "# Battle report: {}\n\n## Setup\n", r.rules_label);
    let _ = writeln!(m, "- Rule set: {}", esc(&r.rules_label));
    if let Some(l) = &r.level {
        let _ = writeln!(m, "- Level: {}", esc(l));
    }
    if let Some(s) = &r.scenario {
        let _ = writeln!(m, "- Scenario: {}", esc(s));
    }
    let _ = writeln!(m, "- Seed: {}\n- Commands: {}\n", r.seed, r.commands);
    let _ = writeln!(m, "| Seat | Side | Played by |\n|---|---|---|");
    for s in &r.seats {
        let _ = writeln!(m, "| {} | {} | {} |", s.seat, esc(&s.side), s.player);
    }
    let _ = writeln!(m, "\n### Forces\n");
    for f in words::forces(r) {
        let _ = writeln!(
            m,
            "**Seat {} ({})**{}\n\n| Model | Kind | Points |\n|---|---|---|",
            f.seat.seat,
            esc(&f.seat.side),
            f.points_suffix()
        );
        for (name, kind, pts) in &f.rows {
            let _ = writeln!(m, "| {} | {} | {pts} |", esc(name), esc(kind));
        }
        let _ = writeln!(m);
    }
    let _ = writeln!(m, "## The game, round by round\n");
    let (colours, marks) = words::legend(r);
    let key: Vec<String> = colours
        .iter()
        .map(|((cr, cg, cb), name)| format!("{} (#{cr:02x}{cg:02x}{cb:02x})", esc(name)))
        .collect();
    let _ = writeln!(m, "Colours: {}; {}.\n", key.join(", "), esc(marks));
    for (i, round) in r.rounds.iter().enumerate() {
        let title = words::round_title(round.round);
        let _ = writeln!(m, "### {title}\n");
        if let Some(f) = maps.get(i) {
            let _ = writeln!(m, "![map of {title}]({f})\n");
        }
        for l in &round.lines {
            match l.moment {
                Some(k) => {
                    let _ = writeln!(m, "- **[{}] {}**", k.label(), esc(&l.text));
                }
                None => {
                    let _ = writeln!(m, "- {}", esc(&l.text));
                }
            }
        }
        let _ = writeln!(m);
    }
    let _ = writeln!(
        m,
        "## Luck\n\nEach roll's total against its exact odds (percentile, 50 the middle); each side's rolls added up against what they should come to, in standard deviations in the side's favour.\n"
    );
    for s in words::sides(r) {
        let _ = writeln!(m, "- {}", esc(&words::side_line(r, &s)));
    }
    let _ = writeln!(
        m,
        "\n| Round |{}\n|---|{}",
        (1..=r.luck.sides.len() as u8)
            .map(|k| format!(" {} |", esc(&words::side_name(r, k))))
            .collect::<String>(),
        "---|".repeat(r.luck.sides.len())
    );
    for (n, sides) in words::rounds(r) {
        let cells: String = sides
            .iter()
            .map(|s| {
                if s.rolls == 0 {
                    " - |".to_string()
                } else {
                    format!(" {} |", words::sd(s.z))
                }
            })
            .collect();
        let _ = writeln!(m, "| {} |{cells}", words::round_title(n));
    }
    let (best, worst) = words::best_and_worst(r);
    for (title, list) in [("Luckiest rolls", best), ("Unluckiest rolls", worst)] {
        let _ = writeln!(m, "\n### {title}\n");
        for (k, l) in list.iter().enumerate() {
            let _ = writeln!(m, "{}. {}", k + 1, esc(&words::roll_line(r, l)));
        }
    }
    for n in words::luck_notes(r) {
        let _ = writeln!(m, "\n{}", esc(&n));
    }
    let _ = writeln!(m, "\n## Outcome\n\n**{}**", esc(&words::outcome(r)));
    m
}
