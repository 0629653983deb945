//! The mesh a model file is read into: plain positions, normals, texture coordinates and
//! triangle indices, in parts that each carry a colour (a glTF primitive and its material; an
//! STL file is one part).

/// One part of a mesh: a run of its indices drawn in one colour.
#[derive(Debug, Clone, PartialEq)]
pub struct MeshPart {
    /// First index of the part in [`PackMesh::indices`].
    pub first: u32,
    /// How many indices (three per triangle).
    pub count: u32,
    /// Linear RGBA base colour (a glTF material's `baseColorFactor`; white for STL).
    pub color: [f32; 4],
    /// The glTF material's index in its file, if any.
    pub material: Option<u32>,
    /// Painted in the side's colour: the glTF material is named `side` (any case).
    pub side: bool,
}

/// A triangle mesh: one vertex list, one index list, parts of the index list by colour.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct PackMesh {
    pub positions: Vec<[f32; 3]>,
    /// One per position (unit length; computed from the faces when the file has none).
    pub normals: Vec<[f32; 3]>,
    /// Texture coordinates (glTF's `TEXCOORD_0`): none, or one per position (a primitive
    /// without them gets (0, 0) when another has them).
    pub uvs: Vec<[f32; 2]>,
    /// Three per triangle, each below `positions.len()`.
    pub indices: Vec<u32>,
    pub parts: Vec<MeshPart>,
}

/// An axis-aligned box: `min` and `max` corners.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Bounds {
    pub min: [f32; 3],
    pub max: [f32; 3],
}

impl Bounds {
    pub fn size(&self) -> [f32; 3] {
        [
            self.max[0] - self.min[0],
            self.max[1] - self.min[1],
            self.max[2] - self.min[2],
        ]
    }
    pub fn centre(&self) -> [f32; 3] {
        [
            (self.max[0] + self.min[0]) / 2.0,
            (self.max[1] + self.min[1]) / 2.0,
            (self.max[2] + self.min[2]) / 2.0,
        ]
    }
}

impl PackMesh {
    pub fn triangles(&self) -> usize {
        self.indices.len() / 3
    }

    /// The box around the vertices that triangles use; `None` without triangles.
    pub fn bounds(&self) -> Option<Bounds> {
        let mut it = self
            .indices
            .iter()
            .filter_map(|&i| self.positions.get(i as usize));
        let first = *it.next()?;
        let mut b = Bounds {
            min: first,
            max: first,
        };
        for p in it {
            for k in 0..3 {
                b.min[k] = b.min[k].min(p[k]);
                b.max[k] = b.max[k].max(p[k]);
            }
        }
        Some(b)
    }

    /// What is wrong with the mesh, if anything: no triangles, an index out of range, a vertex
    /// that is not a finite number, parts that do not cover the indices.
    pub fn problem(&self) -> Option<String> {
        if self.indices.len() < 3 {
            return Some("no triangles".into());
        }
        if self.indices.len() % 3 != 0 {
            return Some(format!(
                "{} indices: not a whole number of triangles",
                self.indices.len()
            ));
        }
        if let Some((i, _)) = self
            .positions
            .iter()
            .enumerate()
            .find(|(_, p)| !p.iter().all(|c| c.is_finite()))
        {
            return Some(format!("vertex {i} is not a finite number"));
        }
        if self.normals.len() != self.positions.len() {
            return Some(format!(
                "{} normals for {} vertices",
                self.normals.len(),
                self.positions.len()
            ));
        }
        if !self.uvs.is_empty() && self.uvs.len() != self.positions.len() {
            return Some(format!(
                "{} texture coordinates for {} vertices",
                self.uvs.len(),
                self.positions.len()
            ));
        }
        if let Some(i) = self
            .indices
            .iter()
            .find(|&&i| i as usize >= self.positions.len())
        {
            return Some(format!(
                "index {i} past the {} vertices",
                self.positions.len()
            ));
        }
        let mut at = 0u64;
        for (k, p) in self.parts.iter().enumerate() {
            if u64::from(p.first) != at || p.count % 3 != 0 {
                return Some(format!("part {k} does not follow the one before"));
            }
            at += u64::from(p.count);
        }
        if at != self.indices.len() as u64 {
            return Some("parts do not cover the triangles".into());
        }
        None
    }

    /// Normals from the faces (area-weighted, per vertex), for files without their own.
    pub fn compute_normals(&mut self) {
        let mut n = vec![[0.0f32; 3]; self.positions.len()];
        for t in self.indices.chunks_exact(3) {
            let [a, b, c] = [t[0], t[1], t[2]].map(|i| self.positions[i as usize]);
            let f = cross(sub(b, a), sub(c, a));
            for &i in t {
                let v = &mut n[i as usize];
                for k in 0..3 {
                    v[k] += f[k];
                }
            }
        }
        self.normals = n.into_iter().map(normalize).collect();
    }

    /// Every vertex and normal through the 3x3 matrix `m` (rows), the vertices then moved by
    /// `t`. A matrix that mirrors turns the triangles round so that they keep facing out.
    pub fn transform(&mut self, m: &[[f32; 3]; 3], t: [f32; 3]) {
        for p in &mut self.positions {
            let q = mul(m, *p);
            *p = [q[0] + t[0], q[1] + t[1], q[2] + t[2]];
        }
        for n in &mut self.normals {
            *n = normalize(mul(m, *n));
        }
        if det(m) < 0.0 {
            for t in self.indices.chunks_exact_mut(3) {
                t.swap(1, 2);
            }
        }
    }

    /// Each part's triangles as one part per colour merged: adds `other` after `self`.
    pub fn append(&mut self, other: &PackMesh) {
        let base = self.positions.len() as u32;
        let first = self.indices.len() as u32;
        // Texture coordinates on both or neither: the side without them gets (0, 0).
        if !other.uvs.is_empty() || !self.uvs.is_empty() {
            self.uvs.resize(self.positions.len(), [0.0; 2]);
            if other.uvs.len() == other.positions.len() {
                self.uvs.extend_from_slice(&other.uvs);
            } else {
                self.uvs
                    .resize(self.positions.len() + other.positions.len(), [0.0; 2]);
            }
        }
        self.positions.extend_from_slice(&other.positions);
        self.normals.extend_from_slice(&other.normals);
        self.indices.extend(other.indices.iter().map(|i| i + base));
        for p in &other.parts {
            self.parts.push(MeshPart {
                first: p.first + first,
                ..p.clone()
            });
        }
    }

    /// Drops the vertices no triangle uses, renumbering the indices.
    pub fn compact(&mut self) {
        let mut map = vec![u32::MAX; self.positions.len()];
        let (mut pos, mut nor, mut uv) = (Vec::new(), Vec::new(), Vec::new());
        let with_uvs = self.uvs.len() == self.positions.len();
        for i in &mut self.indices {
            let m = &mut map[*i as usize];
            if *m == u32::MAX {
                *m = pos.len() as u32;
                pos.push(self.positions[*i as usize]);
                nor.push(self.normals[*i as usize]);
                if with_uvs {
                    uv.push(self.uvs[*i as usize]);
                }
            }
            *i = *m;
        }
        self.positions = pos;
        self.normals = nor;
        self.uvs = uv;
    }
}

pub(crate) fn sub(a: [f32; 3], b: [f32; 3]) -> [f32; 3] {
    [a[0] - b[0], a[1] - b[1], a[2] - b[2]]
}

pub(crate) fn cross(a: [f32; 3], b: [f32; 3]) -> [f32; 3] {
    [
        a[1] * b[2] - a[2] * b[1],
        a[2] * b[0] - a[0] * b[2],
        a[0] * b[1] - a[1] * b[0],
    ]
}

pub(crate) fn normalize(v: [f32; 3]) -> [f32; 3] {
    let l = (v[0] * v[0] + v[1] * v[1] + v[2] * v[2]).sqrt();
    if l > 1e-20 && l.is_finite() {
        [v[0] / l, v[1] / l, v[2] / l]
    } else {
        [0.0, 1.0, 0.0]
    }
}

pub(crate) fn mul(m: &[[f32; 3]; 3], v: [f32; 3]) -> [f32; 3] {
    [
        m[0][0] * v[0] + m[0][1] * v[1] + m[0][2] * v[2],
        m[1][0] * v[0] + m[1][1] * v[1] + m[1][2] * v[2],
        m[2][0] * v[0] + m[2][1] * v[1] + m[2][2] * v[2],
    ]
}

pub(crate) fn det(m: &[[f32; 3]; 3]) -> f32 {
    m[0][0] * (m[1][1] * m[2][2] - m[1][2] * m[2][1])
        - m[0][1] * (m[1][0] * m[2][2] - m[1][2] * m[2][0])
        + m[0][2] * (m[1][0] * m[2][1] - m[1][1] * m[2][0])
}

/// `a` then `b`: the matrix product `b * a`.
pub(crate) fn then(a: &[[f32; 3]; 3], b: &[[f32; 3]; 3]) -> [[f32; 3]; 3] {
    let mut r = [[0.0; 3]; 3];
    for (i, row) in r.iter_mut().enumerate() {
        for (j, v) in row.iter_mut().enumerate() {
            *v = (0..3).map(|k| b[i][k] * a[k][j]).sum();
        }
    }
    r
}

/// Rotation by `deg` degrees about the x, y or z axis (`axis` 0, 1, 2), right-handed.
pub(crate) fn rotation(axis: usize, deg: f32) -> [[f32; 3]; 3] {
    let (s, c) = deg.to_radians().sin_cos();
    match axis {
        0 => [[1.0, 0.0, 0.0], [0.0, c, -s], [0.0, s, c]],
        1 => [[c, 0.0, s], [0.0, 1.0, 0.0], [-s, 0.0, c]],
        _ => [[c, -s, 0.0], [s, c, 0.0], [0.0, 0.0, 1.0]],
    }
}
