//! STL files, binary and ASCII, read by hand with located errors and written (binary). A file
//! whose size is exactly 84 bytes plus 50 per triangle its header counts is binary, even when its
//! 80-byte header starts with "solid " as some exporters write it; otherwise a file starting
//! with `solid` is ASCII. Vertices are welded by their exact coordinates.

use super::mesh::{MeshPart, PackMesh};
use std::collections::HashMap;

/// A problem in an STL file: where (a facet, or a line of an ASCII file) and what.
#[derive(Debug, Clone, PartialEq)]
pub struct StlError {
    /// 1-based line of an ASCII file; 1 for a binary one.
    pub line: usize,
    pub col: usize,
    /// What part of the file: `header`, `facet 12`, or empty.
    pub field: String,
    pub message: String,
}

impl StlError {
    fn new(line: usize, col: usize, field: impl Into<String>, message: impl Into<String>) -> Self {
        Self {
            line,
            col,
            field: field.into(),
            message: message.into(),
        }
    }
}

/// Reads an STL file's bytes.
pub fn read_stl(bytes: &[u8]) -> Result<PackMesh, StlError> {
    if bytes.len() >= 84 {
        let count = u32::from_le_bytes([bytes[80], bytes[81], bytes[82], bytes[83]]) as u64;
        if 84 + 50 * count == bytes.len() as u64 {
            return read_binary(bytes, count as usize);
        }
        if !bytes.starts_with(b"solid") {
            return Err(StlError::new(
                1,
                1,
                "header",
                format!(
                    "binary STL: header says {count} triangles ({} bytes), file holds {} bytes",
                    84 + 50 * count,
                    bytes.len()
                ),
            ));
        }
    }
    if bytes.starts_with(b"solid") {
        return read_ascii(bytes);
    }
    Err(StlError::new(
        1,
        1,
        "header",
        format!(
            "not an STL file: {} bytes, too short for a binary STL and not starting with 'solid'",
            bytes.len()
        ),
    ))
}

struct Welder {
    mesh: PackMesh,
    seen: HashMap<[u32; 3], u32>,
}

impl Welder {
    fn new() -> Self {
        Self {
            mesh: PackMesh::default(),
            seen: HashMap::new(),
        }
    }
    fn vertex(&mut self, p: [f32; 3]) -> u32 {
        // -0.0 and 0.0 are one point.
        let p = p.map(|c| if c == 0.0 { 0.0 } else { c });
        let key = p.map(f32::to_bits);
        let next = self.mesh.positions.len() as u32;
        let i = *self.seen.entry(key).or_insert(next);
        if i == next {
            self.mesh.positions.push(p);
        }
        i
    }
    fn triangle(&mut self, t: [[f32; 3]; 3]) {
        for p in t {
            let i = self.vertex(p);
            self.mesh.indices.push(i);
        }
    }
    fn finish(mut self) -> PackMesh {
        self.mesh.parts = vec![MeshPart {
            first: 0,
            count: self.mesh.indices.len() as u32,
            color: [1.0; 4],
            material: None,
            side: true,
        }];
        self.mesh.compute_normals();
        self.mesh
    }
}

fn finite(p: [f32; 3]) -> bool {
    p.iter().all(|c| c.is_finite())
}

fn read_binary(bytes: &[u8], count: usize) -> Result<PackMesh, StlError> {
    if count == 0 {
        return Err(StlError::new(1, 1, "", "no triangles"));
    }
    let mut w = Welder::new();
    for (k, rec) in bytes[84..].chunks_exact(50).enumerate() {
        let f = |i: usize| {
            let at = 12 + i * 4;
            f32::from_le_bytes([rec[at], rec[at + 1], rec[at + 2], rec[at + 3]])
        };
        let t = [0, 1, 2].map(|v| [f(v * 3), f(v * 3 + 1), f(v * 3 + 2)]);
        if let Some(v) = t.iter().position(|p| !finite(*p)) {
            return Err(StlError::new(
                1,
                1,
                format!("facet {k}"),
                format!(
                    "vertex {} is not a finite number (byte {})",
                    v + 1,
                    84 + 50 * k + 12 + 12 * v
                ),
            ));
        }
        w.triangle(t);
    }
    Ok(w.finish())
}

fn read_ascii(bytes: &[u8]) -> Result<PackMesh, StlError> {
    let text = std::str::from_utf8(bytes).map_err(|e| {
        let good = &bytes[..e.valid_up_to()];
        let line = good.iter().filter(|&&b| b == b'\n').count() + 1;
        StlError::new(line, 1, "", "ASCII STL is not valid UTF-8 text")
    })?;
    // Tokens with their line and column.
    let mut toks = text.lines().enumerate().flat_map(|(n, l)| {
        let mut col = 0usize;
        l.split_whitespace()
            .map(move |t| {
                let at = l[col..].find(t).map_or(col, |i| col + i);
                col = at + t.len();
                (n + 1, at + 1, t)
            })
            .collect::<Vec<_>>()
    });
    let mut w = Welder::new();
    let mut last = (1, 1);
    // "solid" and the name up to the end of its line.
    let first_line_end = text.find('\n').unwrap_or(text.len());
    let name_tokens = text[..first_line_end].split_whitespace().count();
    for _ in 0..name_tokens {
        toks.next();
    }
    let mut facet = 0usize;
    loop {
        match toks.next() {
            Some((_, _, t)) if t.eq_ignore_ascii_case("endsolid") => break,
            Some((l, c, t)) if t.eq_ignore_ascii_case("facet") => {
                last = (l, c);
                expect(&mut toks, "normal", facet, &mut last)?;
                for _ in 0..3 {
                    number(&mut toks, facet, &mut last)?;
                }
                expect(&mut toks, "outer", facet, &mut last)?;
                expect(&mut toks, "loop", facet, &mut last)?;
                let mut t = [[0.0f32; 3]; 3];
                for v in &mut t {
                    expect(&mut toks, "vertex", facet, &mut last)?;
                    let at = last;
                    for c in v.iter_mut() {
                        *c = number(&mut toks, facet, &mut last)?;
                    }
                    if !finite(*v) {
                        return Err(StlError::new(
                            at.0,
                            at.1,
                            format!("facet {facet}"),
                            "vertex is not a finite number",
                        ));
                    }
                }
                expect(&mut toks, "endloop", facet, &mut last)?;
                expect(&mut toks, "endfacet", facet, &mut last)?;
                w.triangle(t);
                facet += 1;
            }
            Some((l, c, t)) => {
                return Err(StlError::new(
                    l,
                    c,
                    format!("facet {facet}"),
                    format!("expected 'facet' or 'endsolid', found '{t}'"),
                ));
            }
            None => {
                return Err(StlError::new(
                    last.0,
                    last.1,
                    format!("facet {facet}"),
                    "file ends without 'endsolid'",
                ));
            }
        }
    }
    if facet == 0 {
        return Err(StlError::new(last.0, last.1, "", "no triangles"));
    }
    Ok(w.finish())
}

fn expect(
    toks: &mut dyn Iterator<Item = (usize, usize, &str)>,
    want: &str,
    facet: usize,
    last: &mut (usize, usize),
) -> Result<(), StlError> {
    match toks.next() {
        Some((l, c, t)) if t.eq_ignore_ascii_case(want) => {
            *last = (l, c);
            Ok(())
        }
        Some((l, c, t)) => Err(StlError::new(
            l,
            c,
            format!("facet {facet}"),
            format!("expected '{want}', found '{t}'"),
        )),
        None => Err(StlError::new(
            last.0,
            last.1,
            format!("facet {facet}"),
            format!("file ends where '{want}' was expected"),
        )),
    }
}

fn number(
    toks: &mut dyn Iterator<Item = (usize, usize, &str)>,
    facet: usize,
    last: &mut (usize, usize),
) -> Result<f32, StlError> {
    match toks.next() {
        Some((l, c, t)) => {
            *last = (l, c);
            t.parse::<f32>().map_err(|_| {
                StlError::new(
                    l,
                    c,
                    format!("facet {facet}"),
                    format!("'{t}' is not a number"),
                )
            })
        }
        None => Err(StlError::new(
            last.0,
            last.1,
            format!("facet {facet}"),
            "file ends where a number was expected",
        )),
    }
}

/// A binary STL of `mesh`'s triangles, `header` (up to 80 bytes) first.
pub fn write_stl(mesh: &PackMesh, header: &str) -> Vec<u8> {
    let tris = mesh.indices.len() / 3;
    let mut out = Vec::with_capacity(84 + 50 * tris);
    let mut h = [b' '; 80];
    for (d, s) in h.iter_mut().zip(header.bytes()) {
        *d = s;
    }
    out.extend_from_slice(&h);
    out.extend_from_slice(&(tris as u32).to_le_bytes());
    for t in mesh.indices.chunks_exact(3) {
        let p = [t[0], t[1], t[2]].map(|i| mesh.positions[i as usize]);
        let n = super::mesh::normalize(super::mesh::cross(
            super::mesh::sub(p[1], p[0]),
            super::mesh::sub(p[2], p[0]),
        ));
        for v in std::iter::once(n).chain(p) {
            for c in v {
                out.extend_from_slice(&c.to_le_bytes());
            }
        }
        out.extend_from_slice(&[0, 0]);
    }
    out
}
