//! Terrain tiles: a grid over the table, each tile with a ground kind and a height.

use super::geom::Pt;
use serde::{Deserialize, Serialize};

/// The ground a tile is made of. These cover KOG light's rough ground and Kry-Gothic's terrain
/// classes (easy, difficult, very difficult, impossible), plus water.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, Default)]
pub enum GroundKind {
    #[default]
    Open,
    Rough,
    Difficult,
    VeryDifficult,
    Impossible,
    ShallowWater,
    DeepWater,
}

impl GroundKind {
    pub const ALL: [GroundKind; 7] = [
        GroundKind::Open,
        GroundKind::Rough,
        GroundKind::Difficult,
        GroundKind::VeryDifficult,
        GroundKind::Impossible,
        GroundKind::ShallowWater,
        GroundKind::DeepWater,
    ];

    /// The one-character code used in level files' ground maps.
    pub fn code(self) -> char {
        match self {
            GroundKind::Open => '.',
            GroundKind::Rough => 'r',
            GroundKind::Difficult => 'd',
            GroundKind::VeryDifficult => 'v',
            GroundKind::Impossible => 'X',
            GroundKind::ShallowWater => 'w',
            GroundKind::DeepWater => 'W',
        }
    }

    pub fn from_code(c: char) -> Option<Self> {
        Self::ALL.into_iter().find(|k| k.code() == c)
    }

    pub fn label(self) -> &'static str {
        match self {
            GroundKind::Open => "open",
            GroundKind::Rough => "rough",
            GroundKind::Difficult => "difficult",
            GroundKind::VeryDifficult => "very difficult",
            GroundKind::Impossible => "impossible",
            GroundKind::ShallowWater => "shallow water",
            GroundKind::DeepWater => "deep water",
        }
    }

    /// KOG light's rough ground: moving through it is at half rate.
    pub fn is_rough(self) -> bool {
        !matches!(self, GroundKind::Open | GroundKind::Impossible)
    }

    pub fn is_passable(self) -> bool {
        self != GroundKind::Impossible
    }
}

/// The tile grid: `cols` x `rows` square tiles of `tile_size` inches, row-major from the near edge.
/// Copies share the tiles until one of them changes a tile.
#[derive(Debug, Clone, Serialize)]
pub struct TileGrid {
    pub tile_size: f32,
    pub cols: usize,
    pub rows: usize,
    kinds: std::sync::Arc<Vec<GroundKind>>,
    heights: std::sync::Arc<Vec<f32>>,
    /// The grid's fingerprint once asked for ([`TileGrid::fingerprint`]); every change of a
    /// tile forgets it.
    #[serde(skip)]
    key: std::sync::OnceLock<u64>,
}

impl PartialEq for TileGrid {
    fn eq(&self, o: &Self) -> bool {
        self.tile_size == o.tile_size
            && self.cols == o.cols
            && self.rows == o.rows
            && self.kinds == o.kinds
            && self.heights == o.heights
    }
}

impl TileGrid {
    /// An open, flat grid covering `width` x `depth`.
    pub fn new(width: f32, depth: f32, tile_size: f32) -> Self {
        let cols = ((width / tile_size).round() as usize).max(1);
        let rows = ((depth / tile_size).round() as usize).max(1);
        Self {
            tile_size,
            cols,
            rows,
            kinds: std::sync::Arc::new(vec![GroundKind::Open; cols * rows]),
            heights: std::sync::Arc::new(vec![0.0; cols * rows]),
            key: std::sync::OnceLock::new(),
        }
    }

    /// FNV-1a over the size, every tile's kind and every tile's height, kept until a tile
    /// changes (a large grid is asked often and changes seldom).
    pub fn fingerprint(&self) -> u64 {
        *self.key.get_or_init(|| {
            let mut h = super::mix::Mix::default();
            h.f32(self.tile_size)
                .u64(self.cols as u64)
                .u64(self.rows as u64);
            for (k, height) in self.kinds.iter().zip(self.heights.iter()) {
                h.u64(*k as u64).f32(*height);
            }
            h.done()
        })
    }

    fn index(&self, col: usize, row: usize) -> Option<usize> {
        (col < self.cols && row < self.rows).then_some(row * self.cols + col)
    }

    /// The tile under a point; points on the far edges belong to the last tile.
    pub fn tile_at(&self, p: Pt) -> Option<(usize, usize)> {
        if !p.is_finite() || p.x < 0.0 || p.y < 0.0 {
            return None;
        }
        let col = ((p.x / self.tile_size) as usize).min(self.cols - 1);
        let row = ((p.y / self.tile_size) as usize).min(self.rows - 1);
        let w = self.cols as f32 * self.tile_size;
        let d = self.rows as f32 * self.tile_size;
        (p.x <= w && p.y <= d).then_some((col, row))
    }

    pub fn kind(&self, col: usize, row: usize) -> GroundKind {
        self.index(col, row)
            .map_or(GroundKind::Open, |i| self.kinds[i])
    }

    pub fn height(&self, col: usize, row: usize) -> f32 {
        self.index(col, row).map_or(0.0, |i| self.heights[i])
    }

    pub fn set_kind(&mut self, col: usize, row: usize, kind: GroundKind) {
        if let Some(i) = self.index(col, row) {
            std::sync::Arc::make_mut(&mut self.kinds)[i] = kind;
            self.key = std::sync::OnceLock::new();
        }
    }

    pub fn set_height(&mut self, col: usize, row: usize, h: f32) {
        if let Some(i) = self.index(col, row) {
            std::sync::Arc::make_mut(&mut self.heights)[i] = h;
            self.key = std::sync::OnceLock::new();
        }
    }

    pub fn kind_at(&self, p: Pt) -> GroundKind {
        self.tile_at(p)
            .map_or(GroundKind::Open, |(c, r)| self.kind(c, r))
    }

    /// The one kind of every tile a box from `lo` to `hi` meets, when the box lies on the grid and
    /// its tiles are all alike (then [`TileGrid::kind_at`] gives that kind at every point in the
    /// box); `None` otherwise.
    pub fn kind_in(&self, lo: Pt, hi: Pt) -> Option<GroundKind> {
        let w = self.cols as f32 * self.tile_size;
        let d = self.rows as f32 * self.tile_size;
        if !(lo.x >= 0.0 && lo.y >= 0.0 && hi.x <= w && hi.y <= d) {
            return None;
        }
        let ((c0, r0), (c1, r1)) = (self.tile_at(lo)?, self.tile_at(hi)?);
        let k = self.kind(c0, r0);
        (r0..=r1)
            .all(|r| {
                self.kinds[r * self.cols + c0..=r * self.cols + c1]
                    .iter()
                    .all(|x| *x == k)
            })
            .then_some(k)
    }

    pub fn height_at(&self, p: Pt) -> f32 {
        self.tile_at(p).map_or(0.0, |(c, r)| self.height(c, r))
    }

    /// Centre of a tile on the table plane.
    pub fn tile_centre(&self, col: usize, row: usize) -> Pt {
        Pt::new(
            (col as f32 + 0.5) * self.tile_size,
            (row as f32 + 0.5) * self.tile_size,
        )
    }

    /// Every tile as `(col, row, kind, height)`.
    pub fn iter(&self) -> impl Iterator<Item = (usize, usize, GroundKind, f32)> + '_ {
        (0..self.rows).flat_map(move |r| {
            (0..self.cols).map(move |c| (c, r, self.kind(c, r), self.height(c, r)))
        })
    }
}
