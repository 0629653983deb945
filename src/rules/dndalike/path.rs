//! Ways around a dungeon's rock for the program: a grid of the places a base can stand (built
//! once per level), the length of the way from each to a goal (Dijkstra on that grid), and the
//! places within a move's reach that shorten the way most. The rules still check every move as a
//! straight line; this only tells the program where to aim.

use crate::table::Table;
use crate::table::geom::Pt;
use crate::table::scene::Scene;
use std::cmp::Reverse;
use std::collections::BinaryHeap;

/// The grid's cell side, in inches.
pub const CELL: f32 = 0.5;

/// Where a base of the characters' size can stand, cell by cell.
pub struct Grid {
    pub w: usize,
    pub h: usize,
    pub open: Vec<bool>,
    /// The fields found so far, by goal cell (the terrain does not change, so each is kept).
    fields: std::sync::Mutex<std::collections::HashMap<usize, std::sync::Arc<Vec<u32>>>>,
    /// The answers of [`Grid::toward`] so far (the program asks the same again and again).
    towards: std::sync::Mutex<std::collections::HashMap<[u32; 5], Vec<Pt>>>,
}

impl Grid {
    pub fn of(table: &Table, scene: &Scene) -> Grid {
        let w = (table.width / CELL).floor().max(1.0) as usize;
        let h = (table.depth / CELL).floor().max(1.0) as usize;
        let r = super::parts::BASE / 2.0;
        let mut open = vec![false; w * h];
        for y in 0..h {
            for x in 0..w {
                let p = centre(x, y);
                open[y * w + x] = table.contains_base(p, super::parts::BASE)
                    && crate::table::movement::can_stand(table, scene, r, p);
            }
        }
        Grid {
            w,
            h,
            open,
            fields: Default::default(),
            towards: Default::default(),
        }
    }

    fn cell(&self, p: Pt) -> Option<(usize, usize)> {
        // Off the table (or not a number): no cell. Truncation is the floor from here on.
        if !(p.x >= 0.0 && p.y >= 0.0) {
            return None;
        }
        let (x, y) = ((p.x * (1.0 / CELL)) as usize, (p.y * (1.0 / CELL)) as usize);
        (x < self.w && y < self.h).then_some((x, y))
    }

    /// The length of the way from every cell to `goal` (in tenths of a cell: straight steps 10,
    /// diagonal 14; `u32::MAX` where there is none). The goal's own cell counts as open.
    pub fn field(&self, goal: Pt) -> std::sync::Arc<Vec<u32>> {
        let Some((gx, gy)) = self.cell(goal) else {
            return std::sync::Arc::new(vec![u32::MAX; self.w * self.h]);
        };
        let start = gy * self.w + gx;
        if let Some(f) = self.fields.lock().ok().and_then(|m| m.get(&start).cloned()) {
            return f;
        }
        let f = std::sync::Arc::new(self.search(start));
        if let Ok(mut m) = self.fields.lock() {
            if m.len() > 4096 {
                m.clear();
            }
            m.insert(start, f.clone());
        }
        f
    }

    /// Dijkstra from the cell `start` over the open cells.
    fn search(&self, start: usize) -> Vec<u32> {
        let mut dist = vec![u32::MAX; self.w * self.h];
        dist[start] = 0;
        let mut heap = BinaryHeap::new();
        heap.push(Reverse((0u32, start)));
        while let Some(Reverse((d, i))) = heap.pop() {
            if d > dist[i] {
                continue;
            }
            let (x, y) = ((i % self.w) as i32, (i / self.w) as i32);
            for (dx, dy, cost) in [
                (1, 0, 10),
                (-1, 0, 10),
                (0, 1, 10),
                (0, -1, 10),
                (1, 1, 14),
                (1, -1, 14),
                (-1, 1, 14),
                (-1, -1, 14),
            ] {
                let (nx, ny) = (x + dx, y + dy);
                if nx < 0 || ny < 0 || nx as usize >= self.w || ny as usize >= self.h {
                    continue;
                }
                let j = ny as usize * self.w + nx as usize;
                // A diagonal step may not cut a corner of rock.
                let corner_ok = dx == 0
                    || dy == 0
                    || (self.open[y as usize * self.w + nx as usize]
                        && self.open[ny as usize * self.w + x as usize]);
                if !self.open[j] || !corner_ok {
                    continue;
                }
                let nd = d + cost;
                if nd < dist[j] {
                    dist[j] = nd;
                    heap.push(Reverse((nd, j)));
                }
            }
        }
        dist
    }

    /// Places within `reach` of `from` that a way to `goal` passes through, the nearest to the
    /// goal along the way first; at most `n`. Empty when the goal cannot be reached at all.
    pub fn toward(&self, from: Pt, goal: Pt, reach: f32, n: usize) -> Vec<Pt> {
        let goal_cell = self
            .cell(goal)
            .map_or(u32::MAX, |(x, y)| (y * self.w + x) as u32);
        let key = [
            from.x.to_bits(),
            from.y.to_bits(),
            goal_cell,
            reach.to_bits(),
            n as u32,
        ];
        if let Some(v) = self.towards.lock().ok().and_then(|m| m.get(&key).cloned()) {
            return v;
        }
        let v = self.search_toward(from, goal, reach, n);
        if let Ok(mut m) = self.towards.lock() {
            if m.len() > 100_000 {
                m.clear();
            }
            m.insert(key, v.clone());
        }
        v
    }

    fn search_toward(&self, from: Pt, goal: Pt, reach: f32, n: usize) -> Vec<Pt> {
        let field = self.field(goal);
        let here = self
            .cell(from)
            .map_or(u32::MAX, |(x, y)| field[y * self.w + x]);
        let k = (reach / CELL).ceil() as i32;
        let Some((fx, fy)) = self.cell(from) else {
            return Vec::new();
        };
        let mut v: Vec<(u32, u32, Pt)> = Vec::new();
        for dy in -k..=k {
            for dx in -k..=k {
                let (x, y) = (fx as i32 + dx, fy as i32 + dy);
                if x < 0 || y < 0 || x as usize >= self.w || y as usize >= self.h {
                    continue;
                }
                let i = y as usize * self.w + x as usize;
                let p = centre(x as usize, y as usize);
                if field[i] == u32::MAX || field[i] >= here || p.dist(from) > reach {
                    continue;
                }
                // Ties: the shorter step (fewer corners to clip).
                v.push((field[i], (p.dist(from) * 100.0) as u32, p));
            }
        }
        v.sort_by_key(|(d, s, _)| (*d, *s));
        v.into_iter()
            .map(|(_, _, p)| p)
            .filter(|p| self.straight(from, *p))
            .take(n)
            .collect()
    }

    /// Whether a base can go straight from `a` to `b` as far as the grid knows (every third of
    /// a cell of the way in an open cell; the start's own cell may be closed).
    pub fn straight(&self, a: Pt, b: Pt) -> bool {
        let steps = (a.dist(b) / (CELL / 3.0)).ceil().max(1.0) as usize;
        let start = self.cell(a);
        (1..=steps).all(|k| {
            let p = a.add(b.sub(a).scale(k as f32 / steps as f32));
            match self.cell(p) {
                Some(c) if Some(c) == start => true,
                Some((x, y)) => self.open[y * self.w + x],
                None => false,
            }
        })
    }
}

fn centre(x: usize, y: usize) -> Pt {
    Pt::new((x as f32 + 0.5) * CELL, (y as f32 + 0.5) * CELL)
}
