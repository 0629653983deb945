//! The layers of `src/`, read from the source: a file-level import graph (use lines and
//! `crate::`/`super::`/`self::`/sibling-module paths outside test modules and comments, as
//! `../shared/tools/import_graph.py` reads them), checked for import circles and for arrows that
//! point up the layer order. A failure names the file, the line and the item imported. No circle
//! is tolerated.
//!
//! The order, lowest first: `dice`, `table`, `data`, then `rules`/`edit`/`plot`/`tray`, `net`,
//! `app`, then `bench`/`cli`. Inside `src/rules/`: `core/` (names no rule set), the duel games'
//! table (`duel.rs`), the rule sets' folders `<set>/`, then the registry of rule sets and what
//! runs any of them (`registry.rs`, `headless.rs`, `simulate.rs`, `soak.rs`, `check_forces.rs`);
//! `rules/mod.rs` declares them. Inside `src/app/`: `base/` (modes, navigation data, the system
//! sets, settings, keys, files, level io), then `ui_kit/` and `game/` (the game bridge and the
//! registry), then `view/` (the ECS mirror of the table), `tools/`, `screens/`, `games/duel/`
//! (what the duel games share), the rule sets' folders `games/<set>/`; `app/mod.rs` and
//! `games/mod.rs` compose them. No rule set's folder imports another's.

use std::collections::{BTreeMap, BTreeSet, HashMap};
use std::path::{Path, PathBuf};

/// Arrows against the order still to be cut (from, to): each is a rule set's item that a shared
/// file still names, or one rule set reaching into another. The list only shrinks: an arrow
/// listed here that is gone fails too, so that it is taken off.
const KNOWN_ARROWS_UP: &[(&str, &str)] = &[];

/// The layers inside `src/rules/`, by path prefix (the first that matches), lowest first; a
/// folder not listed is a rule set's (layer 2).
const RULES_LAYERS: &[(&str, u32)] = &[
    ("core/", 0),
    ("duel.rs", 1),
    ("registry.rs", 3),
    ("headless.rs", 4),
    ("replay.rs", 4),
    ("simulate.rs", 4),
    ("soak.rs", 4),
    ("check_forces.rs", 4),
    ("unit_types.rs", 4),
    ("mod.rs", 9),
];

/// The layers inside `src/app/`, by path prefix (the first that matches), lowest first.
const APP_LAYERS: &[(&str, u32)] = &[
    ("base/", 0),
    ("ui_kit/", 1),
    ("game/", 1),
    ("view/", 2),
    ("tools/", 3),
    ("screens/", 4),
    ("games/duel/", 5),
    ("games/mod.rs", 9),
    ("games/", 6),
    ("mod.rs", 9),
];

/// The layer of the crate's top-level modules.
fn top_layer(name: &str) -> Option<u32> {
    Some(match name {
        "dice" => 0,
        "table" => 1,
        "data" => 2,
        "rules" | "edit" | "plot.rs" | "report" | "tray.rs" => 3,
        "net" => 4,
        "app" => 5,
        "bench" | "cli" => 6,
        "lib.rs" => 9,
        _ => return None,
    })
}

/// A file's place in the order: its rank, and the rule set a file of a rule set's folder belongs
/// to (`src/rules/<set>/` and `src/app/games/<set>/` both name `<set>`).
fn rank(file: &str) -> Result<(u32, Option<String>), String> {
    let rel = file.strip_prefix("src/").unwrap_or(file);
    let mut parts = rel.splitn(2, '/');
    let top = parts.next().unwrap_or_default();
    let r = top_layer(top).ok_or_else(|| format!("{file}: no layer for src/{top}"))? * 10;
    if top == "rules" {
        let rest = parts.next().unwrap_or_default();
        return Ok(
            match RULES_LAYERS.iter().find(|(p, _)| rest.starts_with(p)) {
                Some((_, l)) => (r + l, None),
                None if rest.contains('/') => {
                    let set = rest.split('/').next().unwrap_or_default();
                    (r + 2, Some(set.to_string()))
                }
                None => return Err(format!("{file}: no layer in RULES_LAYERS")),
            },
        );
    }
    if top == "plot.rs" {
        // The charts of the simulation's reports: above what runs the rule sets.
        return Ok((r + 5, None));
    }
    if top == "report" {
        // Battle reports: above the rule sets' registry and the plots' font.
        return Ok((r + 6, None));
    }
    if top != "app" {
        return Ok((r, None));
    }
    let rest = parts.next().unwrap_or_default();
    let (_, l) = APP_LAYERS
        .iter()
        .find(|(p, _)| rest.starts_with(p))
        .ok_or_else(|| format!("{file}: no layer in APP_LAYERS"))?;
    let set = (*l == 6).then(|| rest.split('/').nth(1).unwrap_or_default().to_string());
    Ok((r + l, set))
}

/// One arrow: where it is written and what it names.
#[derive(Debug, Clone)]
struct Arrow {
    line: usize,
    item: String,
}

type Graph = BTreeMap<String, BTreeMap<String, Arrow>>;

fn module_path(rel: &Path) -> Vec<String> {
    let mut v: Vec<String> = vec!["crate".into()];
    let s = rel.with_extension("");
    let segs: Vec<String> = s.iter().map(|c| c.to_string_lossy().into_owned()).collect();
    v.extend(segs);
    if matches!(v.last().map(String::as_str), Some("mod" | "lib" | "main")) {
        v.pop();
    }
    v
}

fn rs_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for e in entries.flatten() {
        let p = e.path();
        if p.is_dir() {
            rs_files(&p, out);
        } else if p.extension().is_some_and(|x| x == "rs") {
            out.push(p);
        }
    }
}

/// The source without its test module, comments and string contents; lines keep their numbers.
fn strip(src: &str) -> String {
    let lines: Vec<&str> = src.lines().collect();
    let mut kept = Vec::new();
    for (i, l) in lines.iter().enumerate() {
        let next = lines.get(i + 1).map_or("", |n| n.trim_start());
        let is_mod = |s: &str| {
            let s = s.strip_prefix("pub ").unwrap_or(s);
            s.starts_with("mod ") && s.trim_end().ends_with('{')
        };
        if l.trim_start().starts_with("#[cfg(test)]") && is_mod(next) {
            break;
        }
        kept.push(*l);
    }
    let text = kept.join("\n");
    let mut out = String::with_capacity(text.len());
    let mut chars = text.chars().peekable();
    let mut in_str = false;
    while let Some(c) = chars.next() {
        if in_str {
            match c {
                '\\' => {
                    if let Some(n) = chars.next()
                        && n == '\n'
                    {
                        out.push('\n');
                    }
                }
                '"' => {
                    in_str = false;
                    out.push('"');
                }
                '\n' => out.push('\n'),
                _ => {}
            }
        } else if c == '"' {
            in_str = true;
            out.push('"');
        } else if c == '/' && chars.peek() == Some(&'/') {
            for n in chars.by_ref() {
                if n == '\n' {
                    out.push('\n');
                    break;
                }
            }
        } else if c == '\'' {
            // A char literal such as '"' or '{' (a lifetime has no closing quote close by).
            let rest: String = chars.clone().take(3).collect();
            if let Some(end) = rest.find('\'')
                && end > 0
            {
                for _ in 0..=end {
                    chars.next();
                }
                out.push_str("' '");
            } else {
                out.push(c);
            }
        } else {
            out.push(c);
        }
    }
    out
}

/// The paths a `use` body names: `a::{b, c::d as e}` gives `a::b` and `a::c::d`.
fn expand(body: &str) -> Vec<String> {
    fn rec(pre: &[String], s: &str, out: &mut Vec<String>) {
        let s = s.trim();
        if s.is_empty() {
            return;
        }
        if let Some(open) = s.find('{')
            && s.ends_with('}')
        {
            let head = s[..open].trim_end_matches(':').trim();
            let mut p = pre.to_vec();
            if !head.is_empty() {
                p.push(head.to_string());
            }
            let inner = &s[open + 1..s.len() - 1];
            let (mut depth, mut cur) = (0, String::new());
            for ch in inner.chars() {
                match ch {
                    '{' => depth += 1,
                    '}' => depth -= 1,
                    _ => {}
                }
                if ch == ',' && depth == 0 {
                    rec(&p, &cur, out);
                    cur.clear();
                } else {
                    cur.push(ch);
                }
            }
            rec(&p, &cur, out);
        } else {
            let s = s.split(" as ").next().unwrap_or(s).trim();
            let mut p = pre.to_vec();
            p.push(s.to_string());
            out.push(p.join("::"));
        }
    }
    let mut out = Vec::new();
    rec(
        &[],
        &body.split_whitespace().collect::<Vec<_>>().join(" "),
        &mut out,
    );
    out
}

fn is_word(c: char) -> bool {
    c.is_alphanumeric() || c == '_'
}

/// Every `a::b::c` path in the text with the line it starts on.
fn paths(text: &str) -> Vec<(usize, String)> {
    let mut out = Vec::new();
    let b: Vec<char> = text.chars().collect();
    let mut line = 1;
    let mut i = 0;
    while i < b.len() {
        let c = b[i];
        if c == '\n' {
            line += 1;
            i += 1;
            continue;
        }
        let starts = is_word(c) && (i == 0 || !(is_word(b[i - 1]) || b[i - 1] == ':'));
        if !starts {
            i += 1;
            continue;
        }
        let mut j = i;
        let mut segs = 1;
        loop {
            while j < b.len() && is_word(b[j]) {
                j += 1;
            }
            if j + 2 < b.len()
                && b[j] == ':'
                && b[j + 1] == ':'
                && (is_word(b[j + 2]) || b[j + 2] == '*')
            {
                j += 2;
                segs += 1;
                if b[j] == '*' {
                    j += 1;
                    break;
                }
            } else {
                break;
            }
        }
        if segs > 1 {
            out.push((line, b[i..j].iter().collect()));
        }
        i = j.max(i + 1);
    }
    out
}

/// `use` bodies with the line each starts on.
fn use_bodies(text: &str) -> Vec<(usize, String)> {
    let mut out = Vec::new();
    let mut line = 1;
    let b: Vec<char> = text.chars().collect();
    let mut i = 0;
    while i < b.len() {
        if b[i] == '\n' {
            line += 1;
        }
        let at_word = i == 0 || !is_word(b[i - 1]);
        if at_word
            && b[i..].starts_with(&['u', 's', 'e'])
            && b.get(i + 3).is_some_and(|c| c.is_whitespace())
        {
            if let Some(end) = b[i..].iter().position(|&c| c == ';') {
                out.push((line, b[i + 4..i + end].iter().collect()));
                line += b[i..i + end].iter().filter(|&&c| c == '\n').count();
                i += end + 1;
                continue;
            }
        }
        i += 1;
    }
    out
}

fn resolve(
    files: &HashMap<Vec<String>, String>,
    cur: &[String],
    path: &str,
) -> Option<Vec<String>> {
    let segs: Vec<&str> = path.split("::").filter(|s| !s.is_empty()).collect();
    let first = *segs.first()?;
    let (mut base, rest): (Vec<String>, &[&str]) = match first {
        "crate" => (vec!["crate".into()], &segs[1..]),
        "super" => {
            let mut b = cur.to_vec();
            let mut k = 0;
            while segs.get(k) == Some(&"super") {
                b.pop();
                k += 1;
            }
            (b, &segs[k..])
        }
        "self" => (cur.to_vec(), &segs[1..]),
        _ => {
            let mut probe = cur.to_vec();
            probe.push(first.to_string());
            if !files.contains_key(&probe) {
                return None;
            }
            (cur.to_vec(), &segs[..])
        }
    };
    base.extend(rest.iter().map(|s| s.to_string()));
    (1..=base.len())
        .rev()
        .map(|n| base[..n].to_vec())
        .find(|p| files.contains_key(p))
}

fn graph(root: &Path) -> Graph {
    let src = root.join("src");
    let mut all = Vec::new();
    rs_files(&src, &mut all);
    let mut files: HashMap<Vec<String>, String> = HashMap::new();
    for p in &all {
        let rel = p.strip_prefix(&src).expect("under src");
        if rel == Path::new("main.rs") {
            continue; // the binary's root: a second crate over lib.rs
        }
        let name = format!("src/{}", rel.to_string_lossy().replace('\\', "/"));
        files.insert(module_path(rel), name);
    }
    let mut g = Graph::new();
    for (mp, name) in &files {
        let text = strip(&std::fs::read_to_string(root.join(name)).expect("readable"));
        let mut named: Vec<(usize, String)> = Vec::new();
        for (line, body) in use_bodies(&text) {
            named.extend(expand(&body).into_iter().map(|p| (line, p)));
        }
        named.extend(paths(&text));
        let edges = g.entry(name.clone()).or_default();
        for (line, p) in named {
            if let Some(r) = resolve(&files, mp, &p)
                && &r != mp
            {
                let to = files[&r].clone();
                let arrow = Arrow { line, item: p };
                match edges.get(&to) {
                    Some(a) if a.line <= line => {}
                    _ => {
                        edges.insert(to, arrow);
                    }
                }
            }
        }
    }
    g
}

/// The strongly connected components of more than one file (Tarjan).
fn circles(g: &Graph) -> Vec<BTreeSet<String>> {
    struct T<'a> {
        g: &'a Graph,
        idx: HashMap<&'a str, usize>,
        low: HashMap<&'a str, usize>,
        stack: Vec<&'a str>,
        on: BTreeSet<&'a str>,
        out: Vec<BTreeSet<String>>,
    }
    fn visit<'a>(t: &mut T<'a>, v: &'a str) {
        let n = t.idx.len();
        t.idx.insert(v, n);
        t.low.insert(v, n);
        t.stack.push(v);
        t.on.insert(v);
        if let Some(ws) = t.g.get(v) {
            for w in ws.keys() {
                let w = w.as_str();
                if !t.idx.contains_key(w) {
                    visit(t, w);
                    let lw = t.low[w];
                    let lv = t.low.get_mut(v).expect("visited");
                    *lv = (*lv).min(lw);
                } else if t.on.contains(w) {
                    let iw = t.idx[w];
                    let lv = t.low.get_mut(v).expect("visited");
                    *lv = (*lv).min(iw);
                }
            }
        }
        if t.low[v] == t.idx[v] {
            let mut comp = BTreeSet::new();
            while let Some(w) = t.stack.pop() {
                t.on.remove(w);
                comp.insert(w.to_string());
                if w == v {
                    break;
                }
            }
            if comp.len() > 1 {
                t.out.push(comp);
            }
        }
    }
    let mut t = T {
        g,
        idx: HashMap::new(),
        low: HashMap::new(),
        stack: Vec::new(),
        on: BTreeSet::new(),
        out: Vec::new(),
    };
    for v in g.keys() {
        if !t.idx.contains_key(v.as_str()) {
            visit(&mut t, v);
        }
    }
    t.out
}

/// What is wrong with the layers of the crate at `root`, one line each.
fn problems(root: &Path) -> Vec<String> {
    let g = graph(root);
    let mut out = Vec::new();
    for c in circles(&g) {
        let mut msg = format!("an import circle of {} files:", c.len());
        for a in &c {
            for (b, arrow) in &g[a] {
                if c.contains(b) {
                    msg += &format!("\n    {a}:{} imports {} ({b})", arrow.line, arrow.item);
                }
            }
        }
        out.push(msg);
    }
    let mut seen = BTreeSet::new();
    for (a, edges) in &g {
        let ra = match rank(a) {
            Ok(r) => r,
            Err(e) => {
                out.push(e);
                continue;
            }
        };
        for (b, arrow) in edges {
            let rb = match rank(b) {
                Ok(r) => r,
                Err(e) => {
                    out.push(e);
                    continue;
                }
            };
            let up = rb.0 > ra.0;
            let across = matches!((&ra.1, &rb.1), (Some(x), Some(y)) if x != y);
            if !(up || across) {
                continue;
            }
            if KNOWN_ARROWS_UP.contains(&(a.as_str(), b.as_str())) {
                seen.insert((a.clone(), b.clone()));
                continue;
            }
            let why = if up {
                "an arrow up the layer order"
            } else {
                "one rule set's folder importing another's"
            };
            out.push(format!(
                "{a}:{} imports {} from {b}: {why}",
                arrow.line, arrow.item
            ));
        }
    }
    for (a, b) in KNOWN_ARROWS_UP {
        if !seen.contains(&(a.to_string(), b.to_string())) {
            out.push(format!(
                "{a} no longer imports {b}: take the arrow off KNOWN_ARROWS_UP in tests/layers.rs"
            ));
        }
    }
    out
}

#[test]
fn src_has_no_import_circle_and_no_arrow_up_the_layers() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let p = problems(root);
    assert!(
        p.is_empty(),
        "{} layer problems:\n{}",
        p.len(),
        p.join("\n")
    );
}

/// The reader finds what the layers test relies on: grouped `use` lines, `super::` paths, sibling
/// modules, and not what stands in comments, strings or the test module.
#[test]
fn the_import_reader_sees_use_lines_and_paths_but_not_comments_strings_or_tests() {
    let text = strip(
        "use super::{a::B, c as d};\n// use crate::x::Y;\nlet s = \"crate::z::W\";\nlet q = '\"';\nf(crate::app::m::n());\n#[cfg(test)]\nmod tests {\n    use crate::t::U;\n}\n",
    );
    let uses: Vec<String> = use_bodies(&text)
        .into_iter()
        .flat_map(|(_, b)| expand(&b))
        .collect();
    assert_eq!(uses, ["super::a::B", "super::c"]);
    let named: Vec<(usize, String)> = paths(&text);
    assert!(
        named.contains(&(5, "crate::app::m::n".to_string())),
        "{named:?}"
    );
    assert!(
        !named
            .iter()
            .any(|(_, p)| p.contains("x::Y") || p.contains("z::W") || p.contains("t::U"))
    );
}
