//! The README and the pages under `assets/`: every relative link (markdown links and images)
//! resolves to a file in the repository.

use crate::common::{repo, temp_dir};
use std::path::{Path, PathBuf};

/// The `.md` files under `dir`, at any depth.
fn markdown_under(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for e in entries.flatten() {
        let p = e.path();
        if p.is_dir() {
            markdown_under(&p, out);
        } else if p.extension().is_some_and(|x| x == "md") {
            out.push(p);
        }
    }
}

/// The text with its inline code spans blanked (a `[x](y)` inside backticks is not a link).
fn without_code_spans(line: &str) -> String {
    let mut out = String::new();
    let mut in_code = false;
    for c in line.chars() {
        if c == '`' {
            in_code = !in_code;
            out.push(' ');
        } else {
            out.push(if in_code { ' ' } else { c });
        }
    }
    out
}

/// The targets of the markdown links and images in `text` (inline `[..](target)` and reference
/// definitions `[..]: target`), outside fenced code blocks.
fn link_targets(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut fenced = false;
    for raw in text.lines() {
        if raw.trim_start().starts_with("```") {
            fenced = !fenced;
            continue;
        }
        if fenced {
            continue;
        }
        let line = without_code_spans(raw);
        let t = line.trim_start();
        if t.starts_with('[')
            && let Some(i) = t.find("]: ")
        {
            out.push(
                t[i + 3..]
                    .split_whitespace()
                    .next()
                    .unwrap_or("")
                    .to_string(),
            );
        }
        let mut rest = line.as_str();
        while let Some(i) = rest.find("](") {
            let after = &rest[i + 2..];
            let mut depth = 0usize;
            let mut end = after.len();
            for (j, c) in after.char_indices() {
                match c {
                    '(' => depth += 1,
                    ')' if depth == 0 => {
                        end = j;
                        break;
                    }
                    ')' => depth -= 1,
                    _ => {}
                }
            }
            let target = after[..end].trim();
            // A title after the address: [x](file.md "title").
            let target = target.split_whitespace().next().unwrap_or("");
            let target = target.trim_start_matches('<').trim_end_matches('>');
            if rest[..i].contains('[') {
                out.push(target.to_string());
            }
            rest = &after[end.min(after.len())..];
        }
    }
    out
}

/// Each relative link of `file` that does not resolve, as "file: link".
fn broken_links(root: &Path, file: &Path) -> Vec<String> {
    let text = std::fs::read_to_string(file).expect("read a markdown file");
    let dir = file.parent().unwrap_or(root);
    let shown = file
        .strip_prefix(root)
        .unwrap_or(file)
        .display()
        .to_string();
    link_targets(&text)
        .into_iter()
        .filter(|t| {
            !(t.is_empty()
                || t.starts_with('#')
                || t.starts_with("http://")
                || t.starts_with("https://")
                || t.starts_with("mailto:"))
        })
        .filter(|t| {
            let path = t.split('#').next().unwrap_or("");
            path.is_empty() || !dir.join(path).exists()
        })
        .map(|t| format!("{shown}: {t}"))
        .collect()
}

/// Every broken relative link of the README and the pages under `assets/` in `root`.
fn broken_in_tree(root: &Path) -> Vec<String> {
    let mut files = vec![root.join("README.md")];
    markdown_under(&root.join("assets"), &mut files);
    files.sort();
    files.iter().flat_map(|f| broken_links(root, f)).collect()
}

#[test]
fn every_relative_link_in_the_readme_and_the_docs_resolves() {
    let root = repo();
    let mut pages = Vec::new();
    markdown_under(&root.join("assets"), &mut pages);
    assert!(
        pages
            .iter()
            .any(|p| p.ends_with("assets/docs/development.md")),
        "the docs pages are under assets/docs/"
    );
    let broken = broken_in_tree(&root);
    assert!(
        broken.is_empty(),
        "links that resolve to no file:\n{}",
        broken.join("\n")
    );
}

#[test]
fn the_link_check_names_the_file_and_the_broken_link() {
    let root = temp_dir("docs-links");
    std::fs::create_dir_all(root.join("assets/docs")).expect("make folders");
    std::fs::write(root.join("assets/docs/shot.png"), b"png").expect("write");
    std::fs::write(
        root.join("README.md"),
        "![a shot](assets/docs/shot.png) and [a page](assets/docs/page.md#top) \
         and [the site](https://example.org) and `[not](a-link.md)`\n\
         ```\n[in code](nowhere.md)\n```\n",
    )
    .expect("write");
    std::fs::write(
        root.join("assets/docs/page.md"),
        "[back](../../README.md), [gone](missing.png), [also gone](../rules/none.md \"t\")\n\
         [ref]: ./nothing-here.md\n",
    )
    .expect("write");
    assert_eq!(
        broken_in_tree(&root),
        vec![
            "assets/docs/page.md: missing.png".to_string(),
            "assets/docs/page.md: ../rules/none.md".to_string(),
            "assets/docs/page.md: ./nothing-here.md".to_string(),
        ]
    );
    let _ = std::fs::remove_dir_all(&root);
}
