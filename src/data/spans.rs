//! A tolerant scan of RON text that records where each field's value starts, so that errors
//! found after parsing can name the line and column of the field they concern.

use std::collections::HashMap;

/// Field paths (`pieces[2].size.0`) mapped to the 1-based line and column where the value starts.
#[derive(Debug, Default, Clone)]
pub struct SpanIndex {
    spans: HashMap<String, (usize, usize)>,
    /// Every recorded value start in text order, for finding the field at a position.
    order: Vec<((usize, usize), String)>,
}

impl SpanIndex {
    /// Scans `text`; stops quietly where the text stops being RON.
    pub fn new(text: &str) -> Self {
        let mut s = Scanner {
            chars: text.chars().collect(),
            i: 0,
            line: 1,
            col: 1,
            out: SpanIndex::default(),
        };
        s.value(String::new(), 0);
        s.out
    }

    pub fn get(&self, path: &str) -> Option<(usize, usize)> {
        self.spans.get(path).copied()
    }

    /// Line and column of `path` (plus `offset` characters), falling back to its nearest
    /// recorded parent, then to the start of the file.
    pub fn locate(&self, path: &str, offset: usize) -> (usize, usize) {
        if let Some((l, c)) = self.get(path) {
            return (l, c + offset);
        }
        let mut p = path.to_string();
        while let Some(cut) = p.rfind(['.', '[']) {
            p.truncate(cut);
            if let Some(pos) = self.get(&p) {
                return pos;
            }
        }
        (1, 1)
    }

    /// The field whose value (or name, or closing bracket) was seen last at or before
    /// `(line, col)`; empty for the top level.
    pub fn field_at(&self, line: usize, col: usize) -> Option<&str> {
        self.order
            .iter()
            .rev()
            .find(|(pos, _)| *pos <= (line, col))
            .map(|(_, p)| p.as_str())
    }
}

struct Scanner {
    chars: Vec<char>,
    i: usize,
    line: usize,
    col: usize,
    out: SpanIndex,
}

impl Scanner {
    fn peek(&self) -> Option<char> {
        self.chars.get(self.i).copied()
    }

    fn peek_at(&self, k: usize) -> Option<char> {
        self.chars.get(self.i + k).copied()
    }

    fn bump(&mut self) -> Option<char> {
        let c = self.peek()?;
        self.i += 1;
        if c == '\n' {
            self.line += 1;
            self.col = 1;
        } else {
            self.col += 1;
        }
        Some(c)
    }

    fn skip_ws(&mut self) {
        loop {
            match (self.peek(), self.peek_at(1)) {
                (Some(c), _) if c.is_whitespace() => {
                    self.bump();
                }
                (Some('/'), Some('/')) => {
                    while let Some(c) = self.bump() {
                        if c == '\n' {
                            break;
                        }
                    }
                }
                (Some('/'), Some('*')) => {
                    self.bump();
                    self.bump();
                    while self.peek().is_some()
                        && !(self.peek() == Some('*') && self.peek_at(1) == Some('/'))
                    {
                        self.bump();
                    }
                    self.bump();
                    self.bump();
                }
                _ => break,
            }
        }
    }

    fn ident(&mut self) -> String {
        let mut s = String::new();
        while let Some(c) = self.peek() {
            if c.is_alphanumeric() || c == '_' {
                s.push(c);
                self.bump();
            } else {
                break;
            }
        }
        s
    }

    fn record(&mut self, path: &str) {
        let pos = (self.line, self.col);
        self.out.spans.entry(path.to_string()).or_insert(pos);
        self.out.order.push((pos, path.to_string()));
    }

    fn join(path: &str, field: &str) -> String {
        if path.is_empty() {
            field.to_string()
        } else {
            format!("{path}.{field}")
        }
    }

    /// Scans one value; returns false where the text stops being RON.
    fn value(&mut self, path: String, depth: usize) -> bool {
        if depth > 64 {
            return false;
        }
        self.skip_ws();
        self.record(&path);
        match self.peek() {
            None => false,
            Some('"') => self.string(),
            Some('\'') => {
                self.bump();
                while let Some(c) = self.bump() {
                    if c == '\\' {
                        self.bump();
                    } else if c == '\'' {
                        break;
                    }
                }
                true
            }
            Some('[') => {
                self.bump();
                self.seq(&path, ']', depth)
            }
            Some('{') => {
                self.bump();
                self.map(&path, depth)
            }
            Some('(') => {
                self.bump();
                self.group(&path, depth)
            }
            Some('r') if matches!(self.peek_at(1), Some('#') | Some('"')) => self.raw_string(),
            Some(c) if c.is_alphabetic() || c == '_' => {
                self.ident();
                self.skip_ws();
                if self.peek() == Some('(') {
                    self.bump();
                    self.group(&path, depth)
                } else {
                    true
                }
            }
            Some(_) => {
                let start = self.i;
                while let Some(c) = self.peek() {
                    if c.is_whitespace() || matches!(c, ',' | ')' | ']' | '}' | ':') {
                        break;
                    }
                    self.bump();
                }
                self.i > start
            }
        }
    }

    fn string(&mut self) -> bool {
        self.bump();
        while let Some(c) = self.bump() {
            match c {
                '\\' => {
                    self.bump();
                }
                '"' => return true,
                _ => {}
            }
        }
        false
    }

    fn raw_string(&mut self) -> bool {
        self.bump();
        let mut hashes = 0;
        while self.peek() == Some('#') {
            hashes += 1;
            self.bump();
        }
        if self.bump() != Some('"') {
            return false;
        }
        while let Some(c) = self.bump() {
            if c == '"' && (0..hashes).all(|k| self.peek_at(k) == Some('#')) {
                for _ in 0..hashes {
                    self.bump();
                }
                return true;
            }
        }
        false
    }

    fn seq(&mut self, path: &str, close: char, depth: usize) -> bool {
        let mut n = 0;
        loop {
            self.skip_ws();
            match self.peek() {
                None => return false,
                Some(c) if c == close => {
                    self.bump();
                    return true;
                }
                _ => {}
            }
            if !self.value(format!("{path}[{n}]"), depth + 1) {
                return false;
            }
            n += 1;
            if !self.comma_or(close) {
                return false;
            }
        }
    }

    /// After an element: a comma, or the closing bracket (left for the caller's loop).
    fn comma_or(&mut self, close: char) -> bool {
        self.skip_ws();
        match self.peek() {
            Some(',') => {
                self.bump();
                true
            }
            Some(c) => c == close,
            None => false,
        }
    }

    fn map(&mut self, path: &str, depth: usize) -> bool {
        loop {
            self.skip_ws();
            match self.peek() {
                None => return false,
                Some('}') => {
                    self.bump();
                    return true;
                }
                _ => {}
            }
            let key_start = self.i;
            if !self.value(format!("{path}{{}}"), depth + 1) {
                return false;
            }
            let key: String = self.chars[key_start..self.i].iter().collect();
            self.skip_ws();
            if self.bump() != Some(':') {
                return false;
            }
            if !self.value(
                format!("{path}[{}]", key.trim().trim_matches('"')),
                depth + 1,
            ) {
                return false;
            }
            if !self.comma_or('}') {
                return false;
            }
        }
    }

    /// The inside of `( ... )`: named fields (`a: 1, b: 2`) or tuple elements (`1, 2`).
    fn group(&mut self, path: &str, depth: usize) -> bool {
        let mut n = 0;
        loop {
            self.skip_ws();
            match self.peek() {
                None => return false,
                Some(')') => {
                    // A missing field is reported where its struct closes.
                    self.out
                        .order
                        .push(((self.line, self.col), path.to_string()));
                    self.bump();
                    return true;
                }
                _ => {}
            }
            // Named field?
            let save = (self.i, self.line, self.col);
            let name = self.ident();
            self.skip_ws();
            let child = if !name.is_empty() && self.peek() == Some(':') {
                self.bump();
                let child = Self::join(path, &name);
                // The name's own position, so that an error about the field name finds it.
                self.out.order.push(((save.1, save.2), child.clone()));
                child
            } else {
                (self.i, self.line, self.col) = save;
                Self::join(path, &n.to_string())
            };
            if !self.value(child, depth + 1) {
                return false;
            }
            n += 1;
            if !self.comma_or(')') {
                return false;
            }
        }
    }
}
