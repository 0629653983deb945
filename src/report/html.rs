//! The report as one self-contained HTML page: the styles inline, the maps as `data:` URIs;
//! it opens offline and fetches nothing.

use super::encode::data_uri;
use super::gather::Report;
use super::words;
use std::fmt::Write;

const STYLE: &str = "body{font-family:sans-serif;max-width:1100px;margin:1em auto;padding:0 1em;color:#222}
h1{border-bottom:3px solid #0072b2}h2{margin-top:1.6em;border-bottom:1px solid #ccc}
table{border-collapse:collapse;margin:.5em 0}td,th{border:1px solid #ccc;padding:3px 8px;text-align:left}
th{background:#f0f0f0}.round{display:flex;gap:1em;align-items:flex-start;flex-wrap:wrap}
.round img{max-width:560px;width:100%;border:1px solid #bbb}.story{flex:1;min-width:300px;margin:0;padding-left:1.2em;font-size:.92em}
.story li{margin:2px 0}.moment{font-weight:bold}.tag{display:inline-block;font-size:.75em;padding:0 5px;border-radius:3px;color:#fff;margin-right:4px}
.kill{background:#c00}.objective{background:#b08000}.interrupt{background:#6a3d9a}.critical{background:#d55e00}
.lucky{color:#007a4d}.unlucky{color:#b00}.note{color:#555;font-size:.9em}.outcome{font-size:1.2em;font-weight:bold}
.swatch{display:inline-block;width:.9em;height:.9em;border-radius:50%;margin:0 4px 0 10px;vertical-align:middle}";

/// Escapes text for HTML.
pub fn esc(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

/// The page; `maps[i]` is the PNG of `r.rounds[i]`.
pub fn render(r: &Report, maps: &[Vec<u8>]) -> String {
    let mut h = String::new();
    let title = format!("Battle report: {}", r.rules_label);
    let _ = write!(
        h,
        "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>{}</title><style>{STYLE}</style></head><body>\n<h1>{}</h1>\n",
        esc(&title),
        esc(&title)
    );
    setup(&mut h, r);
    let _ = writeln!(h, "<section id=\"story\"><h2>The game, round by round</h2>");
    let (colours, marks) = words::legend(r);
    let _ = write!(h, "<p class=\"note\">");
    for ((cr, cg, cb), name) in colours {
        let _ = write!(
            h,
            "<span class=\"swatch\" style=\"background:rgb({cr},{cg},{cb})\"></span>{} ",
            esc(&name)
        );
    }
    let _ = writeln!(h, "&mdash; {}</p>", esc(marks));
    for (i, round) in r.rounds.iter().enumerate() {
        let _ = writeln!(
            h,
            "<h3>{}</h3><div class=\"round\">",
            words::round_title(round.round)
        );
        if let Some(png) = maps.get(i) {
            let _ = writeln!(
                h,
                "<img class=\"map\" alt=\"map of {}\" src=\"{}\">",
                words::round_title(round.round),
                data_uri(png)
            );
        }
        let _ = writeln!(h, "<ol class=\"story\">");
        for l in &round.lines {
            match l.moment {
                Some(m) => {
                    let _ = writeln!(
                        h,
                        "<li class=\"moment\"><span class=\"tag {0}\">{0}</span>{1}</li>",
                        m.label(),
                        esc(&l.text)
                    );
                }
                None => {
                    let _ = writeln!(h, "<li>{}</li>", esc(&l.text));
                }
            }
        }
        let _ = writeln!(h, "</ol></div>");
    }
    let _ = writeln!(h, "</section>");
    luck(&mut h, r);
    let _ = writeln!(
        h,
        "<section id=\"outcome\"><h2>Outcome</h2><p class=\"outcome\">{}</p></section>",
        esc(&words::outcome(r))
    );
    let _ = writeln!(
        h,
        "<p class=\"note\">Made by <code>wartable report</code> from {}.</p></body></html>",
        esc(&r.file)
    );
    h
}

fn setup(h: &mut String, r: &Report) {
    let _ = writeln!(h, "<section id=\"setup\"><h2>Setup</h2><table>");
    let mut row = |k: &str, v: &str| {
        let _ = writeln!(h, "<tr><th>{}</th><td>{}</td></tr>", esc(k), esc(v));
    };
    row("Rule set", &r.rules_label);
    if let Some(l) = &r.level {
        row("Level", l);
    }
    if let Some(s) = &r.scenario {
        row("Scenario", s);
    }
    row("Seed", &r.seed.to_string());
    row("Commands", &r.commands.to_string());
    let _ = writeln!(
        h,
        "</table><table><tr><th>Seat</th><th>Side</th><th>Played by</th></tr>"
    );
    for s in &r.seats {
        let _ = writeln!(
            h,
            "<tr><td>{}</td><td>{}</td><td>{}</td></tr>",
            s.seat,
            esc(&s.side),
            s.player
        );
    }
    let _ = writeln!(h, "</table><h3>Forces</h3>");
    for f in words::forces(r) {
        let _ = writeln!(
            h,
            "<p><b>Seat {} ({})</b>{}</p><table><tr><th>Model</th><th>Kind</th><th>Points</th></tr>",
            f.seat.seat,
            esc(&f.seat.side),
            f.points_suffix()
        );
        for (name, kind, pts) in &f.rows {
            let _ = writeln!(
                h,
                "<tr><td>{}</td><td>{}</td><td>{pts}</td></tr>",
                esc(name),
                esc(kind)
            );
        }
        let _ = writeln!(h, "</table>");
    }
    let _ = writeln!(h, "</section>");
}

fn luck(h: &mut String, r: &Report) {
    let _ = writeln!(
        h,
        "<section id=\"luck\"><h2>Luck</h2><p class=\"note\">Each roll's total against its exact odds: its percentile (50 is the middle; a roll where low is good counts as 100 minus it). A side's rolls add up to a total against what they should come to on average, in standard deviations (SD) in the side's favour: +1 SD is a lucky game, beyond ±2 SD a rare one.</p>"
    );
    let _ = writeln!(
        h,
        "<table><tr><th>Side</th><th>Rolls</th><th>Total</th><th>Expected</th><th>SD of the total</th><th>Luck</th></tr>"
    );
    let cell = |z: f64| {
        let class = if z > 0.0 { "lucky" } else { "unlucky" };
        format!("<td class=\"{class}\">{}</td>", words::sd(z))
    };
    for s in words::sides(r) {
        let _ = writeln!(
            h,
            "<tr><td>{}</td><td>{}</td><td>{}</td><td>{:.1}</td><td>{:.1}</td>{}</tr>",
            esc(&words::side_name(r, s.side)),
            s.rolls,
            s.sum,
            s.expected,
            s.sd,
            cell(s.z)
        );
    }
    let _ = writeln!(
        h,
        "</table><h3>Round by round</h3><table><tr><th>Round</th>"
    );
    for k in 1..=r.luck.sides.len() as u8 {
        let _ = write!(h, "<th>{}</th>", esc(&words::side_name(r, k)));
    }
    let _ = writeln!(h, "</tr>");
    for (n, sides) in words::rounds(r) {
        let _ = write!(h, "<tr><td>{}</td>", words::round_title(n));
        for s in sides {
            if s.rolls == 0 {
                let _ = write!(h, "<td>-</td>");
            } else {
                let _ = write!(h, "{}", cell(s.z));
            }
        }
        let _ = writeln!(h, "</tr>");
    }
    let _ = writeln!(h, "</table>");
    let (best, worst) = words::best_and_worst(r);
    for (title, list, class) in [
        ("Luckiest rolls", best, "lucky"),
        ("Unluckiest rolls", worst, "unlucky"),
    ] {
        let _ = writeln!(h, "<h3>{title}</h3><ol class=\"{class}\">");
        for l in list {
            let _ = writeln!(h, "<li>{}</li>", esc(&words::roll_line(r, l)));
        }
        let _ = writeln!(h, "</ol>");
    }
    for n in words::luck_notes(r) {
        let _ = writeln!(h, "<p class=\"note\">{}</p>", esc(&n));
    }
    let _ = writeln!(h, "</section>");
}
