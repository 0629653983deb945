//! Reading and writing level files: size and encoding checks, RON parsing with located errors,
//! validation, and atomic saves.

use super::error::{Issue, LocatedError};
use super::level::LevelFile;
use super::spans::SpanIndex;
use super::validate::validate;
use crate::table::Table;
use std::io::Write;
use std::path::{Path, PathBuf};

/// Largest data file read, in bytes.
pub const MAX_FILE_BYTES: u64 = 16 * 1024 * 1024;

/// Reads a file as UTF-8 text; refuses missing, oversized, empty or non-UTF-8 files with one
/// located error.
pub fn read_text(path: &Path) -> Result<String, LocatedError> {
    let file = path.display().to_string();
    let meta = std::fs::metadata(path)
        .map_err(|e| LocatedError::whole_file(&file, format!("cannot read: {e}")))?;
    if meta.is_dir() {
        return Err(LocatedError::whole_file(&file, "is a folder, not a file"));
    }
    if meta.len() > MAX_FILE_BYTES {
        return Err(LocatedError::whole_file(
            &file,
            format!(
                "file is {} bytes, more than the {} MiB limit",
                meta.len(),
                MAX_FILE_BYTES / (1024 * 1024)
            ),
        ));
    }
    let bytes = std::fs::read(path)
        .map_err(|e| LocatedError::whole_file(&file, format!("cannot read: {e}")))?;
    if bytes.len() as u64 > MAX_FILE_BYTES {
        return Err(LocatedError::whole_file(
            &file,
            "file grew past the size limit while being read",
        ));
    }
    String::from_utf8(bytes).map_err(|e| {
        let good = &e.as_bytes()[..e.utf8_error().valid_up_to()];
        let text = String::from_utf8_lossy(good);
        let line = text.matches('\n').count() + 1;
        let col = text.rsplit('\n').next().map_or(0, |l| l.chars().count()) + 1;
        LocatedError {
            file: file.clone(),
            line,
            col,
            field: String::new(),
            message: "file is not valid UTF-8 text".into(),
        }
    })
}

/// Deepest nesting of brackets a data file may have: far deeper than any file the program
/// writes, and well inside the parser's own limit, so a file made of brackets gets this clear
/// error instead.
pub const MAX_NESTING: usize = 48;

/// The line and column of the first bracket nested deeper than [`MAX_NESTING`], if any
/// (brackets in strings and comments do not count).
pub fn too_deep(text: &str) -> Option<(usize, usize)> {
    let (mut depth, mut line, mut col) = (0usize, 1usize, 0usize);
    let mut chars = text.chars().peekable();
    let (mut in_str, mut in_comment) = (false, false);
    while let Some(c) = chars.next() {
        col += 1;
        if c == '\n' {
            line += 1;
            col = 0;
            in_comment = false;
            continue;
        }
        if in_comment {
            continue;
        }
        if in_str {
            match c {
                '\\' => {
                    chars.next();
                    col += 1;
                }
                '"' => in_str = false,
                _ => {}
            }
            continue;
        }
        match c {
            '"' => in_str = true,
            '/' if chars.peek() == Some(&'/') => in_comment = true,
            '(' | '[' | '{' => {
                depth += 1;
                if depth > MAX_NESTING {
                    return Some((line, col));
                }
            }
            ')' | ']' | '}' => depth = depth.saturating_sub(1),
            _ => {}
        }
    }
    None
}

/// Parses RON data text of any kind: refuses text over the size limit or nested too deep with
/// a clear error, and locates a parse error with `spans` (the field it is in).
pub fn from_ron<T: serde::de::DeserializeOwned>(
    file: &str,
    text: &str,
    spans: &SpanIndex,
) -> Result<T, Vec<LocatedError>> {
    if text.len() as u64 > MAX_FILE_BYTES {
        return Err(vec![LocatedError::whole_file(
            file,
            format!(
                "text is {} bytes, more than the {} MiB limit",
                text.len(),
                MAX_FILE_BYTES / (1024 * 1024)
            ),
        )]);
    }
    if let Some((line, col)) = too_deep(text) {
        return Err(vec![LocatedError {
            file: file.to_string(),
            line,
            col,
            field: spans.field_at(line, col).unwrap_or("").to_string(),
            message: format!("brackets nested more than {MAX_NESTING} deep"),
        }]);
    }
    ron::from_str(text).map_err(|e| vec![ron_error(file, spans, &e)])
}

/// Parses and validates level text. `file` names the source in errors.
pub fn parse_level(file: &str, text: &str) -> Result<(LevelFile, Table), Vec<LocatedError>> {
    if text.trim().is_empty() {
        return Err(vec![LocatedError::whole_file(
            file,
            "file is empty: expected a Level(...)",
        )]);
    }
    let spans = SpanIndex::new(text);
    let level: LevelFile = from_ron(file, text, &spans)?;
    let issues = validate(&level);
    if !issues.is_empty() {
        return Err(issues
            .iter()
            .map(|i| LocatedError::locate(file, &spans, i))
            .collect());
    }
    let table = level.to_table();
    Ok((level, table))
}

/// Locates a RON parse error; a missing field is named as the field that is missing.
pub fn ron_error(file: &str, spans: &SpanIndex, e: &ron::error::SpannedError) -> LocatedError {
    let (line, col) = (e.position.line.max(1), e.position.col.max(1));
    let at = spans.field_at(line, col).unwrap_or("").to_string();
    let field = match &e.code {
        ron::Error::MissingStructField { field, .. } if at.is_empty() => field.to_string(),
        ron::Error::MissingStructField { field, .. } => format!("{at}.{field}"),
        _ => at,
    };
    LocatedError {
        file: file.to_string(),
        line,
        col,
        field,
        message: e.code.to_string(),
    }
}

/// Reads, parses and validates a level file.
pub fn load_level(path: &Path) -> Result<(LevelFile, Table), Vec<LocatedError>> {
    let text = read_text(path).map_err(|e| vec![e])?;
    parse_level(&path.display().to_string(), &text)
}

/// The level as stable, diff-friendly RON: fixed field order, numbers rounded to 1/100 inch,
/// one piece, zone, objective or model per line.
pub fn to_ron_string(level: &LevelFile) -> Result<String, ron::Error> {
    let cfg = ron::ser::PrettyConfig::new()
        .depth_limit(2)
        .struct_names(true)
        .indentor("    ");
    let mut s = ron::ser::to_string_pretty(level, cfg)?;
    s.push('\n');
    Ok(s)
}

/// Validates, then writes the level atomically (a temporary file beside it, then a rename).
pub fn save_level(path: &Path, level: &LevelFile) -> Result<(), Vec<LocatedError>> {
    let file = path.display().to_string();
    let issues: Vec<Issue> = validate(level);
    let text = to_ron_string(level).map_err(|e| {
        vec![LocatedError::whole_file(
            &file,
            format!("cannot write RON: {e}"),
        )]
    })?;
    if !issues.is_empty() {
        let spans = SpanIndex::new(&text);
        return Err(issues
            .iter()
            .map(|i| LocatedError::locate(&file, &spans, i))
            .collect());
    }
    write_atomic(path, text.as_bytes())
        .map_err(|e| vec![LocatedError::whole_file(&file, format!("cannot save: {e}"))])
}

/// Writes `bytes` to a temporary file next to `path`, flushes it, and renames it over `path`.
pub fn write_atomic(path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    let dir = path
        .parent()
        .filter(|p| !p.as_os_str().is_empty())
        .unwrap_or(Path::new("."));
    std::fs::create_dir_all(dir)?;
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_else(|| "file".into());
    // One temporary name per process and write: two threads saving at once do not share one.
    static NEXT: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(0);
    let n = NEXT.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    let tmp = dir.join(format!(".{name}.{}-{n}.tmp", std::process::id()));
    {
        let mut f = std::fs::File::create(&tmp)?;
        f.write_all(bytes)?;
        f.sync_all()?;
    }
    std::fs::rename(&tmp, path).inspect_err(|_| {
        let _ = std::fs::remove_file(&tmp);
    })?;
    // The rename itself reaches the disk with the folder's entry (on Unix a folder can be
    // opened and synced; elsewhere the rename is left to the file system).
    #[cfg(unix)]
    std::fs::File::open(dir)?.sync_all()?;
    Ok(())
}

/// Refuses a data path named inside a file (a save's level) unless it stays inside the data
/// folders it is looked up in: relative, with no `..`, root or drive, and a `.ron` file.
pub fn check_data_path(p: &Path) -> Result<(), String> {
    use std::path::Component;
    let inside =
        p.components().count() > 0 && p.components().all(|c| matches!(c, Component::Normal(_)));
    if !inside {
        return Err(format!(
            "'{}' is not a path inside the data folders (like levels/arena.ron)",
            p.display()
        ));
    }
    if p.extension().is_none_or(|x| x != "ron") {
        return Err(format!("'{}' is not a .ron file", p.display()));
    }
    Ok(())
}

/// Finds a data path: as given, else beside the executable (release bundles ship `levels/` and
/// `assets/` next to the program), else in the source tree the program was built from (a
/// development build started from another folder).
pub fn resolve_data_path(p: &Path) -> PathBuf {
    if p.exists() || p.is_absolute() {
        return p.to_path_buf();
    }
    if let Some(dir) = std::env::current_exe()
        .ok()
        .and_then(|e| e.parent().map(Path::to_path_buf))
    {
        let beside = dir.join(p);
        if beside.exists() {
            return beside;
        }
    }
    let source = Path::new(env!("CARGO_MANIFEST_DIR")).join(p);
    if source.exists() {
        return source;
    }
    p.to_path_buf()
}

/// Values read from files, each with the file's modification time when it was read.
pub type Kept<T> = std::sync::Mutex<std::collections::HashMap<PathBuf, (std::time::SystemTime, T)>>;

/// `load(path)`, or the value kept from the last load while the file has not changed since (data
/// read for every game of a simulation is read once).
pub fn read_kept<T: Clone, E>(
    kept: &Kept<T>,
    path: &Path,
    load: impl FnOnce(&Path) -> Result<T, E>,
) -> Result<T, E> {
    let stamp = std::fs::metadata(path).and_then(|m| m.modified()).ok();
    if let Some(t) = stamp
        && let Some(v) = kept.lock().ok().and_then(|k| {
            k.get(path)
                .filter(|(at, _)| *at == t)
                .map(|(_, v)| v.clone())
        })
    {
        return Ok(v);
    }
    let v = load(path)?;
    if let (Some(t), Ok(mut k)) = (stamp, kept.lock()) {
        k.insert(path.to_path_buf(), (t, v.clone()));
    }
    Ok(v)
}
