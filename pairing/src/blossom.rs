//! Maximum-weight matching in general graphs: Edmonds' blossom algorithm with
//! dual variables, O(n³) on a dense graph.
//!
//! The FIDE (Dutch) engine encodes its ordered pairing criteria as the digits
//! of very wide edge weights, so the weight type is generic: any [`Weight`]
//! works, and [`Wide`] provides fixed-width signed integers of 64·N bits.
//!
//! The algorithm keeps, for every vertex and every blossom, a dual variable
//! (stored doubled, so that with integer weights every quantity stays an
//! integer), grows alternating trees from the exposed vertices along tight
//! edges, shrinks odd cycles into blossoms, and adjusts the duals by the
//! largest step that keeps them feasible. It stops when no exposed vertex
//! can gain weight any more, which yields a matching of maximum total weight
//! (not necessarily of maximum cardinality; callers that want that put a
//! large constant in the top digit of every edge, or use
//! [`MaxWeightMatching::set_offset`]).
//!
//! Solving is incremental: after the first solve, changing the weights around
//! some vertices, or removing vertices, and solving again starts from the
//! previous optimum. The blossoms containing a changed vertex are dissolved
//! (their dual moves to their vertices); the changed vertices get the
//! smallest duals that keep their edges to the unchanged vertices feasible,
//! and at least half of their heaviest edge among themselves (so that, where
//! many vertices change at once, the edges between equals are tight); a
//! changed vertex keeps its partner when that edge is tight with these duals,
//! and only the vertices left exposed are re-augmented. Blossoms whose dual
//! is zero are taken apart after each solve (nothing changes), so that a
//! later change has fewer nested blossoms to dissolve.
//!
//! A caller that knows how its weights changed can save a solve or most of
//! one: [`MaxWeightMatching::exchange_partner`] decides a vertex's partner
//! from the dual certificate and keeps the optimum with at most one exchange
//! of partners; [`MaxWeightMatching::try_shift`] takes new weights together
//! with the shift of the duals that keeps them feasible, and undoes only the
//! pairs no longer tight; [`MaxWeightMatching::clear_edge`] removes an edge
//! outside the optimum and outside blossoms with nothing to repair. Where
//! several matchings are optimal, these can leave another optimum than a
//! solve would.
//!
//! One search (phase) grows a tree from every exposed vertex and goes on
//! after an augmentation: only the two trees joined lose their labels, the
//! other trees stay, and the least-slack edges that came from the two trees
//! are looked for again when they matter (a stale value is a lower bound of
//! the true one; it is recomputed only when it could be the next dual step,
//! or when it may be tight). A solve that changes hundreds of vertices thus
//! costs about one search instead of one per augmentation.
//!
//! Memory and time go mostly to the edge weights. They are kept as a full
//! row-major matrix, so that a vertex's edges are read in order, of 32-bit
//! indices into a table of the distinct values (few: the criteria digits
//! take few combinations): 4 bytes an edge whatever the width of the
//! weights. The best edges between a blossom and the other items are rows
//! kept only while the blossom lives (between two vertices the best edge is
//! the edge itself), and the child of a blossom that holds a vertex is found
//! by following parent links: no other table grows as n². The scans and the
//! dual steps visit only the vertices still in the graph.
//!
//! ```
//! use pairing::blossom::MaxWeightMatching;
//! let mut m = MaxWeightMatching::<i64>::new(4);
//! m.set_weight(0, 1, 5);
//! m.set_weight(1, 2, 6);
//! m.set_weight(2, 3, 5);
//! let mates = m.solve();
//! assert_eq!(mates, vec![Some(1), Some(0), Some(3), Some(2)]);
//! ```

#![allow(clippy::needless_range_loop)] // the algorithm is written over vertex indices

use std::cmp::Ordering;
use std::collections::{HashMap, VecDeque};
use std::fmt::Debug;
use std::hash::Hash;

/// A totally ordered, signed, exactly computed edge weight.
pub trait Weight: Copy + Ord + Debug + Hash {
    fn zero() -> Self;
    fn one() -> Self;
    /// `self + other` (no overflow may occur for the values in use).
    fn plus(self, other: Self) -> Self;
    /// `self - other`.
    fn minus(self, other: Self) -> Self;
    /// `self / 2`, exact for the even values the algorithm halves.
    fn half(self) -> Self;
    /// `self + b - c` (a reduced cost: two duals less an edge weight).
    #[inline]
    fn sum_minus(self, b: Self, c: Self) -> Self {
        self.plus(b).minus(c)
    }
    fn is_positive(&self) -> bool {
        *self > Self::zero()
    }
    fn is_zero(&self) -> bool {
        *self == Self::zero()
    }
    /// The largest value.
    fn max_value() -> Self;
    /// The value with its lowest 64 bits cleared.
    fn high(self) -> Self;
    /// The lowest 64 bits.
    fn low(self) -> u64;
    /// `self` (lowest 64 bits clear) with `low` as its lowest 64 bits.
    fn with_low(self, low: u64) -> Self;
}

impl Weight for i64 {
    fn zero() -> Self {
        0
    }
    fn one() -> Self {
        1
    }
    fn plus(self, other: Self) -> Self {
        self + other
    }
    fn minus(self, other: Self) -> Self {
        self - other
    }
    fn half(self) -> Self {
        self / 2
    }
    fn max_value() -> Self {
        i64::MAX
    }
    fn high(self) -> Self {
        0
    }
    fn low(self) -> u64 {
        self as u64
    }
    fn with_low(self, low: u64) -> Self {
        low as i64
    }
}

impl Weight for i128 {
    fn zero() -> Self {
        0
    }
    fn one() -> Self {
        1
    }
    fn plus(self, other: Self) -> Self {
        self + other
    }
    fn minus(self, other: Self) -> Self {
        self - other
    }
    fn half(self) -> Self {
        self / 2
    }
    fn max_value() -> Self {
        i128::MAX
    }
    fn high(self) -> Self {
        self & !(u64::MAX as i128)
    }
    fn low(self) -> u64 {
        self as u64
    }
    fn with_low(self, low: u64) -> Self {
        self | low as i128
    }
}

/// A signed two's-complement integer of `64 * N` bits (little-endian limbs).
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Wide<const N: usize>(pub [u64; N]);

impl<const N: usize> Wide<N> {
    pub const ZERO: Self = Wide([0; N]);

    pub fn from_u64(v: u64) -> Self {
        let mut l = [0; N];
        l[0] = v;
        Wide(l)
    }

    /// Number of bits this width holds (the top one being the sign).
    pub const BITS: u32 = 64 * N as u32;

    /// `self << by` (bits shifted out are lost).
    pub fn shl_bits(self, by: u32) -> Self {
        let mut out = [0u64; N];
        let limbs = (by / 64) as usize;
        let bits = by % 64;
        for i in (limbs..N).rev() {
            let src = i - limbs;
            let mut v = self.0[src] << bits;
            if bits > 0 && src > 0 {
                v |= self.0[src - 1] >> (64 - bits);
            }
            out[i] = v;
        }
        Wide(out)
    }

    /// Adds `v` (an unsigned number) at bit position `at`.
    pub fn add_at(self, v: u64, at: u32) -> Self {
        self.plus(Wide::from_u64(v).shl_bits(at))
    }

    /// Adds the small unsigned number `v` at bit position `at`, in place.
    #[inline]
    pub fn add_small(&mut self, v: u64, at: u32) {
        let mut i = (at / 64) as usize;
        let b = at % 64;
        let (mut lo, mut hi) = (v << b, if b == 0 { 0 } else { v >> (64 - b) });
        while i < N && (lo != 0 || hi != 0) {
            let (s, c) = self.0[i].overflowing_add(lo);
            self.0[i] = s;
            lo = hi + c as u64;
            hi = 0;
            i += 1;
        }
    }

    /// Subtracts `v` at bit position `at`.
    pub fn sub_at(self, v: u64, at: u32) -> Self {
        self.minus(Wide::from_u64(v).shl_bits(at))
    }

    fn is_negative(&self) -> bool {
        (self.0[N - 1] as i64) < 0
    }
}

impl<const N: usize> Debug for Wide<N> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "0x")?;
        for l in self.0.iter().rev() {
            write!(f, "{l:016x}")?;
        }
        Ok(())
    }
}

impl<const N: usize> PartialOrd for Wide<N> {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl<const N: usize> Ord for Wide<N> {
    fn cmp(&self, other: &Self) -> Ordering {
        match (self.is_negative(), other.is_negative()) {
            (true, false) => return Ordering::Less,
            (false, true) => return Ordering::Greater,
            _ => {}
        }
        for i in (0..N).rev() {
            match self.0[i].cmp(&other.0[i]) {
                Ordering::Equal => continue,
                o => return o,
            }
        }
        Ordering::Equal
    }
}

impl<const N: usize> Weight for Wide<N> {
    fn zero() -> Self {
        Self::ZERO
    }
    fn one() -> Self {
        Wide::from_u64(1)
    }
    #[inline]
    fn plus(self, other: Self) -> Self {
        let mut out = [0u64; N];
        let mut carry = false;
        for (i, o) in out.iter_mut().enumerate() {
            let (s1, c1) = self.0[i].overflowing_add(other.0[i]);
            let (s2, c2) = s1.overflowing_add(carry as u64);
            *o = s2;
            carry = c1 | c2;
        }
        Wide(out)
    }
    /// Modulo 2^(64·N), as every operation here: one carry and one borrow
    /// chain (add-with-carry, subtract-with-borrow).
    #[inline]
    fn sum_minus(self, b: Self, c: Self) -> Self {
        let mut out = [0u64; N];
        let mut carry = false;
        let mut borrow = false;
        for (i, o) in out.iter_mut().enumerate() {
            let (s1, c1) = self.0[i].overflowing_add(b.0[i]);
            let (s2, c2) = s1.overflowing_add(carry as u64);
            carry = c1 | c2;
            let (d1, b1) = s2.overflowing_sub(c.0[i]);
            let (d2, b2) = d1.overflowing_sub(borrow as u64);
            borrow = b1 | b2;
            *o = d2;
        }
        Wide(out)
    }
    #[inline]
    fn minus(self, other: Self) -> Self {
        let mut out = [0u64; N];
        let mut borrow = false;
        for (i, o) in out.iter_mut().enumerate() {
            let (d1, b1) = self.0[i].overflowing_sub(other.0[i]);
            let (d2, b2) = d1.overflowing_sub(borrow as u64);
            *o = d2;
            borrow = b1 | b2;
        }
        Wide(out)
    }
    fn half(self) -> Self {
        let mut out = [0u64; N];
        for i in 0..N {
            let hi = if i + 1 < N {
                self.0[i + 1] << 63
            } else {
                // arithmetic shift keeps the sign
                self.0[i] & (1 << 63)
            };
            out[i] = (self.0[i] >> 1) | hi;
        }
        Wide(out)
    }
    fn is_positive(&self) -> bool {
        !self.is_negative() && !self.is_zero()
    }
    fn is_zero(&self) -> bool {
        self.0.iter().all(|&l| l == 0)
    }
    fn max_value() -> Self {
        let mut l = [u64::MAX; N];
        l[N - 1] = i64::MAX as u64;
        Wide(l)
    }
    #[inline]
    fn high(mut self) -> Self {
        self.0[0] = 0;
        self
    }
    #[inline]
    fn low(self) -> u64 {
        self.0[0]
    }
    #[inline]
    fn with_low(mut self, low: u64) -> Self {
        self.0[0] = low;
        self
    }
}

/// A fast hasher for the interned weights (a multiply-rotate mix of the
/// 64-bit words written; no protection against chosen collisions is needed
/// for values the engine makes itself).
#[derive(Default, Clone, Copy)]
pub struct FastHasher(u64);

impl std::hash::Hasher for FastHasher {
    #[inline]
    fn write(&mut self, bytes: &[u8]) {
        for chunk in bytes.chunks(8) {
            let mut b = [0u8; 8];
            b[..chunk.len()].copy_from_slice(chunk);
            self.write_u64(u64::from_le_bytes(b));
        }
    }
    #[inline]
    fn write_u64(&mut self, v: u64) {
        self.0 = (self.0.rotate_left(5) ^ v).wrapping_mul(0x51_7c_c1_b7_27_22_0a_95);
    }
    #[inline]
    fn write_usize(&mut self, v: usize) {
        self.write_u64(v as u64);
    }
    #[inline]
    fn finish(&self) -> u64 {
        self.0
    }
}

/// [`std::hash::BuildHasher`] of [`FastHasher`].
pub type FastHash = std::hash::BuildHasherDefault<FastHasher>;

const NONE: u32 = 0;

/// The most freed rows of best edges kept for reuse (each holds 2n + 1
/// entries of 8 bytes: 20 MB at most for 10,000 players).
const ROW_POOL: usize = 128;

/// Maximum-weight matching on a dense graph of `n` vertices (0-based in the
/// API). Edges of weight ≤ 0 are absent. Weights are kept between calls to
/// [`MaxWeightMatching::solve`], so a caller can change a few and solve again.
pub struct MaxWeightMatching<W: Weight> {
    n: usize,
    /// The doubled edge weights (offset included), a full row-major
    /// (n+1)×(n+1) matrix over 1-based vertices of 32-bit indices into
    /// `table` (0 = no edge), which holds the distinct values: 4 bytes an
    /// edge, scanned row by row.
    w_idx: Vec<u32>,
    table: Vec<W>,
    interned: HashMap<W, u32, FastHash>,
    /// The value interned last and its index (rows often repeat a value).
    last_interned: Option<(W, u32)>,
    table_limit: usize,
    // ---- work state of one solve (1-based; blossoms are n+1 ..= 2n) ----
    nx: usize,
    /// Best edge between two top-level items (vertex or blossom), as the pair
    /// of vertices (inside the first, inside the second); (0,0) = none.
    /// Between two vertices it is the edge itself; only the blossoms alive
    /// hold rows: `g_out[b]` from blossom `b` to every item. The best edge
    /// from an item to a blossom is the reverse of the blossom's entry for
    /// it (both were always written together, reversed), so it is read
    /// there, and between two blossoms in the row of the one made later
    /// (see [`MaxWeightMatching::ge`]).
    g_out: Vec<Vec<(u32, u32)>>,
    /// Rows of blossoms gone, kept to be reused (a fresh row of 2n + 1
    /// entries costs an allocation and its first touch of every page);
    /// at most [`ROW_POOL`] of them.
    row_pool: Vec<Vec<(u32, u32)>>,
    /// When each blossom was made (a count of the blossoms made): the best
    /// edge between two live blossoms is kept only in the row of the one
    /// made later, which found it when it was made (see [`Self::ge`]).
    born: Vec<u64>,
    births: u64,
    /// Work space of a new blossom: the blossoms outside it and the best
    /// edges from its vertex children to them.
    work_blossoms: Vec<u32>,
    work_edges: Vec<(u32, u32)>,
    lab: Vec<W>,
    mate: Vec<u32>,
    slack: Vec<u32>,
    slack_val: Vec<W>,
    /// For a vertex `v`: `max(slack_val[v], 1) − lab[v]`, or the largest
    /// value when it has no least-slack edge. An edge (u, v) from an S vertex
    /// is tight (reduced cost 0, below 1) or lowers v's least slack only
    /// when `lab[u] − w2 < filt[v]` (its reduced cost below
    /// `max(slack_val[v], 1)`), so a scan decides most edges from this one
    /// value, without v's dual and slack.
    filt: Vec<W>,
    st: Vec<u32>,
    pa: Vec<u32>,
    /// The blossom each item is a child of (NONE at the top level).
    parent: Vec<u32>,
    label: Vec<i8>,
    vis: Vec<u32>,
    vis_stamp: u32,
    /// Per top-level blossom: the scan (of one S vertex's edges) that last
    /// looked at it.
    scanned: Vec<u32>,
    scan_stamp: u32,
    /// Root of the alternating tree of each labelled top-level node.
    tree_of: Vec<u32>,
    /// When each vertex last became S, and when each node's least-slack
    /// edge was recorded (a clock that only moves on).
    s_time: Vec<u64>,
    slack_time: Vec<u64>,
    clock: u64,
    /// Top-level nodes whose least-slack edge must be looked for again.
    pending: Vec<bool>,
    /// The S vertices of this phase, in the order they became S (one that
    /// stops being S leaves the list at once, see `after_augment`).
    s_list: Vec<u32>,
    /// For each entry of `s_list`, its vertex's dual plus `s_shift`: a value
    /// that stays constant while the vertex is S (every dual step takes `d`
    /// from each S vertex's dual and adds it to `s_shift`), kept beside the
    /// list so that the least-slack search reads it in order instead of
    /// looking each dual up.
    s_key: Vec<W>,
    /// The sum of this phase's dual steps.
    s_shift: W,
    /// Trees of the current search.
    trees_left: usize,
    /// Work space of a dual step: the nodes whose least-slack edge is stale.
    stale: Vec<u32>,
    flo: Vec<Vec<u32>>,
    queue: VecDeque<u32>,
    /// Constant added to every present edge (see [`MaxWeightMatching::set_offset`]).
    offset: W,
    active: Vec<bool>,
    /// The active vertices in increasing order (rebuilt after a change of
    /// `active`): the scans and the dual steps visit only these, in the
    /// order a loop over every vertex would.
    act: Vec<u32>,
    initialized: bool,
    perfect: bool,
    dirty: Vec<bool>,
    dirty_list: Vec<u32>,
    /// Work space of the repair: the new duals of the changed vertices.
    repair_y: Vec<W>,
    removed_list: Vec<u32>,
}

impl<W: Weight> MaxWeightMatching<W> {
    /// A graph of `n` vertices and no edges.
    pub fn new(n: usize) -> Self {
        let sq = (n + 1) * (n + 1);
        MaxWeightMatching {
            n,
            w_idx: vec![0; sq],
            table: vec![W::zero()],
            interned: HashMap::default(),
            last_interned: None,
            table_limit: 1 << 16,
            nx: n,
            g_out: Vec::new(),
            row_pool: Vec::new(),
            born: Vec::new(),
            births: 0,
            work_blossoms: Vec::new(),
            work_edges: Vec::new(),
            lab: Vec::new(),
            mate: Vec::new(),
            slack: Vec::new(),
            slack_val: Vec::new(),
            filt: Vec::new(),
            st: Vec::new(),
            pa: Vec::new(),
            parent: Vec::new(),
            label: Vec::new(),
            vis: Vec::new(),
            vis_stamp: 0,
            scanned: Vec::new(),
            scan_stamp: 0,
            tree_of: Vec::new(),
            s_time: Vec::new(),
            slack_time: Vec::new(),
            clock: 0,
            pending: Vec::new(),
            s_list: Vec::new(),
            s_key: Vec::new(),
            s_shift: W::zero(),
            trees_left: 0,
            stale: Vec::new(),
            flo: Vec::new(),
            queue: VecDeque::new(),
            offset: W::zero(),
            active: vec![true; n + 1],
            act: Vec::new(),
            initialized: false,
            perfect: false,
            dirty: vec![false; n + 1],
            dirty_list: Vec::new(),
            repair_y: Vec::new(),
            removed_list: Vec::new(),
        }
    }

    /// Adds `c` to the weight of every present edge. With `c` larger than the
    /// total weight of any matching, the maximum-weight matching has maximum
    /// cardinality; the incremental solver needs that to stay exact (vertex
    /// duals then never reach zero while an augmenting path exists).
    pub fn set_offset(&mut self, c: W) {
        assert!(!self.initialized, "set the offset before the first solve");
        self.offset = c;
    }

    /// Takes vertex `u` (0-based) out of the graph for the following solves.
    pub fn remove(&mut self, u: usize) {
        let x = u + 1;
        if !self.active[x] {
            return;
        }
        if self.initialized {
            self.removed_list.push(x as u32);
        } else {
            self.active[x] = false;
        }
    }

    pub fn len(&self) -> usize {
        self.n
    }

    pub fn is_empty(&self) -> bool {
        self.n == 0
    }

    #[inline]
    fn wi(&self, u: usize, v: usize) -> usize {
        u * (self.n + 1) + v
    }

    /// Index of the value `h` in the table, adding it if new.
    fn intern(&mut self, h: W) -> u32 {
        if let Some((w, i)) = self.last_interned {
            if w == h {
                return i;
            }
        }
        if let Some(&i) = self.interned.get(&h) {
            self.last_interned = Some((h, i));
            return i;
        }
        if self.table.len() >= self.table_limit {
            self.compact_table();
            self.table_limit = (2 * self.table.len())
                .max(1 << 16)
                .min(u32::MAX as usize - 1);
            if let Some(&i) = self.interned.get(&h) {
                return i;
            }
        }
        let i = self.table.len() as u32;
        self.table.push(h);
        self.interned.insert(h, i);
        self.last_interned = Some((h, i));
        i
    }

    /// Drops the table entries no edge uses any more.
    fn compact_table(&mut self) {
        let mut renum = vec![0u32; self.table.len()];
        let mut table = vec![W::zero()];
        self.interned.clear();
        self.last_interned = None;
        for h in self.w_idx.iter_mut() {
            if *h == 0 {
                continue;
            }
            let old = *h as usize;
            if renum[old] == 0 {
                renum[old] = table.len() as u32;
                table.push(self.table[old]);
                self.interned.insert(self.table[old], renum[old]);
            }
            *h = renum[old];
        }
        self.table = table;
    }

    /// Sets the weight of edge {u, v} (0-based); ≤ 0 removes the edge.
    pub fn set_weight(&mut self, u: usize, v: usize, w: W) {
        debug_assert!(u != v && u < self.n && v < self.n);
        let (i, j) = (self.wi(u + 1, v + 1), self.wi(v + 1, u + 1));
        let w2 = if w.is_positive() {
            let e = w.plus(self.offset);
            e.plus(e)
        } else {
            W::zero()
        };
        if self.wt2((u + 1) as u32, (v + 1) as u32) == w2 {
            return;
        }
        let h = if w2.is_zero() { 0 } else { self.intern(w2) };
        self.w_idx[i] = h;
        self.w_idx[j] = h;
        if self.initialized {
            let (a, b) = (u + 1, v + 1);
            if !self.dirty[a] && !self.dirty[b] {
                self.dirty[a] = true;
                self.dirty_list.push(a as u32);
            }
        }
    }

    /// Removes the edge {u, v} (0-based), as `set_weight(u, v, 0)` does.
    /// When the edge is not in the current optimum and neither end is
    /// inside a blossom, the optimum stays an optimum with the same duals
    /// (a removed edge constrains no dual; no blossom's cycle or best edge
    /// can be that edge), so neither end is marked as changed and the next
    /// solve has nothing to repair there.
    pub fn clear_edge(&mut self, u: usize, v: usize) {
        let (a, b) = (u + 1, v + 1);
        if self.initialized
            && self.st[a] as usize == a
            && self.st[b] as usize == b
            && self.mate[a] as usize != b
        {
            let (i, j) = (self.wi(a, b), self.wi(b, a));
            self.w_idx[i] = 0;
            self.w_idx[j] = 0;
        } else {
            self.set_weight(u, v, W::zero());
        }
    }

    /// The weight of edge {u, v} (0-based), zero when absent.
    pub fn weight(&self, u: usize, v: usize) -> W {
        let w2 = self.wt2((u + 1) as u32, (v + 1) as u32);
        if w2.is_zero() {
            w2
        } else {
            w2.half().minus(self.offset)
        }
    }

    /// Twice the effective weight (offset included) of a vertex pair, zero
    /// when absent.
    #[inline]
    fn wt2(&self, u: u32, v: u32) -> W {
        // the matrix is symmetric: the row of the second vertex, which is
        // the one that stays while the callers' loops vary the first
        let i = self.wi(v as usize, u as usize);
        self.table[self.w_idx[i] as usize]
    }

    /// Whether the vertex pair {u, v} is an edge.
    #[inline]
    fn has_edge(&self, u: u32, v: u32) -> bool {
        self.w_idx[self.wi(v as usize, u as usize)] != 0
    }

    /// Rebuilds the list of active vertices.
    fn refresh_act(&mut self) {
        self.act.clear();
        for u in 1..=self.n {
            if self.active[u] {
                self.act.push(u as u32);
            }
        }
    }

    /// The `k`-th node of a loop over the active vertices, then the blossom
    /// numbers `n+1..` (see [`Self::act`]); `k < act.len() + nx - n`. Inactive
    /// vertices keep no label and no least-slack edge during a phase, so
    /// the loops over every item that skip them do the same.
    #[inline]
    fn node_at(&self, k: usize) -> usize {
        match self.act.get(k) {
            Some(&v) => v as usize,
            None => self.n + 1 + (k - self.act.len()),
        }
    }

    /// The best edge between the items `a` and `b` (see `g_out`).
    #[inline]
    fn ge(&self, a: u32, b: u32) -> (u32, u32) {
        let n = self.n as u32;
        if a > n && b > n && a != b && self.born[a as usize] < self.born[b as usize] {
            // between two blossoms: in the row of the one made later
            let e = self.g_out[(b - n) as usize][a as usize];
            (e.1, e.0)
        } else if a > n {
            self.g_out[(a - n) as usize][b as usize]
        } else if b > n {
            let e = self.g_out[(b - n) as usize][a as usize];
            (e.1, e.0)
        } else if a == b {
            (NONE, NONE)
        } else {
            (a, b)
        }
    }

    /// Sets the best edge between the items `a` and `b`, one of them a
    /// blossom; nothing for a blossom no longer alive (its row is gone, and
    /// a new blossom of that number starts from an empty row).
    /// With `a` a vertex the entry written is `b`'s, reversed: the best edge
    /// between two items is one edge, read from either side.
    #[inline]
    fn set_ge(&mut self, a: u32, b: u32, e: (u32, u32)) {
        let n = self.n as u32;
        debug_assert!(a > n || b > n);
        let (row, col, e) = if a > n {
            (&mut self.g_out[(a - n) as usize], b as usize, e)
        } else {
            (&mut self.g_out[(b - n) as usize], a as usize, (e.1, e.0))
        };
        if let Some(slot) = row.get_mut(col) {
            *slot = e;
        }
    }

    /// The child of blossom `b` that holds vertex `x` (NONE for none).
    #[inline]
    fn child_holding(&self, b: u32, x: u32) -> u32 {
        let mut c = x;
        while c != NONE && self.parent[c as usize] != b {
            c = self.parent[c as usize];
        }
        c
    }

    #[inline]
    fn edge_exists(&self, e: (u32, u32)) -> bool {
        e.0 != NONE && self.has_edge(e.0, e.1)
    }

    /// Reduced cost (doubled) of the vertex edge e.
    #[inline]
    fn e_delta(&self, e: (u32, u32)) -> W {
        self.lab[e.0 as usize].sum_minus(self.lab[e.1 as usize], self.wt2(e.0, e.1))
    }

    /// [`Self::e_delta`] reading the weight in the row of `e.0` (the same
    /// value: for loops that vary `e.1`).
    #[inline]
    fn e_delta_by_row(&self, e: (u32, u32)) -> W {
        let w2 = self.table[self.w_idx[self.wi(e.0 as usize, e.1 as usize)] as usize];
        self.lab[e.0 as usize].sum_minus(self.lab[e.1 as usize], w2)
    }

    fn update_slack(&mut self, u: u32, x: u32) {
        let cand = self.e_delta(self.ge(u, x));
        self.update_slack_with(u, x, cand);
    }

    /// Records edge (u, x) as x's least-slack edge to the S side if it is
    /// better; `cand` is its reduced cost. `slack_val` follows the duals.
    #[inline]
    fn update_slack_with(&mut self, u: u32, x: u32, cand: W) {
        let xs = x as usize;
        if self.slack[xs] == NONE || cand < self.slack_val[xs] {
            self.slack[xs] = u;
            self.slack_val[xs] = cand;
            self.slack_time[xs] = self.clock;
            self.refilt(xs);
        }
    }

    /// Sets `filt` of `x` (nothing for a blossom) from its slack and dual.
    #[inline]
    fn refilt(&mut self, x: usize) {
        if x <= self.n {
            self.filt[x] = if self.slack[x] == NONE {
                W::max_value()
            } else {
                self.slack_val[x].max(W::one()).minus(self.lab[x])
            };
        }
    }

    /// x has no least-slack edge now.
    #[inline]
    fn clear_slack(&mut self, x: usize) {
        self.slack[x] = NONE;
        if x <= self.n {
            self.filt[x] = W::max_value();
        }
    }

    fn set_slack(&mut self, x: u32) {
        self.clear_slack(x as usize);
        self.pending[x as usize] = false;
        // the S vertices (the list may hold some that no longer are)
        for k in 0..self.s_list.len() {
            let u = self.s_list[k];
            let e = self.ge(u, x);
            if self.edge_exists(e)
                && self.st[u as usize] != x
                && self.label[self.st[u as usize] as usize] == 0
            {
                self.update_slack(u, x);
                // as in `recompute_slack`: nothing is below a tight edge
                if self.slack_val[x as usize].is_zero() {
                    break;
                }
            }
        }
    }

    fn q_push(&mut self, x: u32) {
        if x as usize <= self.n {
            self.clock += 1;
            self.s_time[x as usize] = self.clock;
            self.s_list.push(x);
            self.s_key.push(self.lab[x as usize].plus(self.s_shift));
            self.queue.push_back(x);
        } else {
            for j in 0..self.flo[x as usize].len() {
                let c = self.flo[x as usize][j];
                self.q_push(c);
            }
        }
    }

    fn set_st(&mut self, x: u32, b: u32) {
        self.st[x as usize] = b;
        if x as usize > self.n {
            for j in 0..self.flo[x as usize].len() {
                let c = self.flo[x as usize][j];
                self.set_st(c, b);
            }
        }
    }

    fn get_pr(&mut self, b: u32, xr: u32) -> usize {
        let f = &mut self.flo[b as usize];
        let pr = f.iter().position(|&c| c == xr).expect("child in blossom");
        if pr % 2 == 1 {
            f[1..].reverse();
            f.len() - pr
        } else {
            pr
        }
    }

    fn set_match(&mut self, u: u32, v: u32) {
        let e = self.ge(u, v);
        self.mate[u as usize] = e.1;
        if u as usize > self.n {
            let xr = self.child_holding(u, e.0);
            let pr = self.get_pr(u, xr);
            for i in 0..pr {
                let a = self.flo[u as usize][i];
                let b = self.flo[u as usize][i ^ 1];
                self.set_match(a, b);
            }
            self.set_match(xr, v);
            self.flo[u as usize].rotate_left(pr);
        }
    }

    fn augment(&mut self, mut u: u32, mut v: u32) {
        loop {
            let xnv = self.st[self.mate[u as usize] as usize];
            self.set_match(u, v);
            if xnv == NONE {
                return;
            }
            let p = self.st[self.pa[xnv as usize] as usize];
            self.set_match(xnv, p);
            u = p;
            v = xnv;
        }
    }

    fn get_lca(&mut self, mut u: u32, mut v: u32) -> u32 {
        self.vis_stamp += 1;
        let t = self.vis_stamp;
        while u != NONE || v != NONE {
            if u != NONE {
                if self.vis[u as usize] == t {
                    return u;
                }
                self.vis[u as usize] = t;
                u = self.st[self.mate[u as usize] as usize];
                if u != NONE {
                    u = self.st[self.pa[u as usize] as usize];
                }
            }
            std::mem::swap(&mut u, &mut v);
        }
        NONE
    }

    fn add_blossom(&mut self, u: u32, lca: u32, v: u32) {
        let mut b = self.n as u32 + 1;
        while (b as usize) <= self.nx && self.st[b as usize] != NONE {
            b += 1;
        }
        if b as usize > self.nx {
            self.nx += 1;
        }
        let bs = b as usize;
        self.births += 1;
        self.born[bs] = self.births;
        self.lab[bs] = W::zero();
        self.label[bs] = 0;
        self.mate[bs] = self.mate[lca as usize];
        let mut f = vec![lca];
        let mut x = u;
        while x != lca {
            f.push(x);
            let y = self.st[self.mate[x as usize] as usize];
            f.push(y);
            self.q_push(y);
            x = self.st[self.pa[y as usize] as usize];
        }
        f[1..].reverse();
        let mut x = v;
        while x != lca {
            f.push(x);
            let y = self.st[self.mate[x as usize] as usize];
            f.push(y);
            self.q_push(y);
            x = self.st[self.pa[y as usize] as usize];
        }
        self.flo[bs] = f;
        self.set_st(b, b);
        for j in 0..self.flo[bs].len() {
            let c = self.flo[bs][j];
            self.parent[c as usize] = b;
        }
        // a fresh row of best edges (every entry none)
        let k = bs - self.n;
        let mut row = self.row_pool.pop().unwrap_or_default();
        row.clear();
        row.resize(2 * self.n + 1, (NONE, NONE));
        self.g_out[k] = row;
        // Inactive vertices and dissolved blossoms need no best edge (the
        // loop over `act` skips the first), nor does an item inside the new
        // blossom: an entry is read only between two top-level items or two
        // children of one blossom (and by a later blossom's pass like this
        // one, for an item outside it), never between a blossom and an item
        // inside it; when the blossom goes, its rows go with it. A blossom
        // inside the new one reads an empty entry toward it (the new row's:
        // the entry between two blossoms is in the later one's row, so the
        // blossoms outside get none written in theirs either).
        let kids = self.flo[bs].len();
        for i in 0..self.act.len() {
            let x = self.act[i];
            if self.st[x as usize] == b {
                continue;
            }
            let best = self.first_best((0..kids).map(|j| self.ge(self.flo[bs][j], x)));
            self.g_out[k][x as usize] = best;
        }
        // The blossoms outside: a vertex child's best edge to one is in that
        // blossom's row, each in another row; they are read first, in one
        // short loop where the reads overlap (not one by one in the long
        // loop below, each a wait on memory).
        let mut outside = std::mem::take(&mut self.work_blossoms);
        outside.clear();
        for x in self.n + 1..=self.nx {
            if self.st[x] == NONE {
                continue;
            }
            if self.st[x] != b {
                outside.push(x as u32);
            }
        }
        let mut gathered = std::mem::take(&mut self.work_edges);
        gathered.clear();
        for j in 0..kids {
            let xs = self.flo[bs][j] as usize;
            if xs <= self.n {
                for &x in &outside {
                    let e = self.g_out[x as usize - self.n][xs];
                    gathered.push((e.1, e.0));
                }
            }
        }
        let m = outside.len();
        for (i, &x) in outside.iter().enumerate() {
            let mut vertex_kid = 0;
            let best = self.first_best((0..kids).map(|j| {
                let xs = self.flo[bs][j];
                if xs as usize <= self.n {
                    vertex_kid += 1;
                    gathered[(vertex_kid - 1) * m + i]
                } else {
                    self.ge(xs, x)
                }
            }));
            self.g_out[k][x as usize] = best;
        }
        self.work_blossoms = outside;
        self.work_edges = gathered;
        self.set_slack(b);
    }

    /// The best of the edges `cands` (between children of a new blossom and
    /// one item outside it, in the blossom's order): the first of least
    /// reduced cost; an entry whose edge was cleared is kept only until one
    /// that exists is found; none for none.
    #[inline]
    fn first_best(&self, cands: impl Iterator<Item = (u32, u32)>) -> (u32, u32) {
        let mut best = (NONE, NONE);
        // the reduced cost of the best edge that exists, once there is one;
        // computed only when a second candidate comes to be compared with it
        let mut cur: Option<W> = None;
        let mut cost_due = false;
        for cand in cands {
            if cand.0 == NONE {
                continue;
            }
            if cost_due {
                cur = Some(self.e_delta_by_row(best));
                cost_due = false;
            }
            let exists = self.w_idx[self.wi(cand.0 as usize, cand.1 as usize)] != 0;
            match cur {
                None => {
                    best = cand;
                    cost_due = exists;
                }
                Some(cd) => {
                    let d = self.e_delta_by_row(cand);
                    if d < cd {
                        best = cand;
                        if exists {
                            cur = Some(d);
                        }
                    }
                }
            }
        }
        best
    }

    fn expand_blossom(&mut self, b: u32) {
        let children = self.flo[b as usize].clone();
        let tree = self.tree_of[b as usize];
        for &c in &children {
            self.set_st(c, c);
            self.tree_of[c as usize] = tree;
            // a child keeps the label it had before its blossom formed
            self.label[c as usize] = -1;
            self.pending[c as usize] = false;
        }
        let inner = self.ge(b, self.pa[b as usize]).0;
        let xr = self.child_holding(b, inner);
        let pr = self.get_pr(b, xr);
        let f = self.flo[b as usize].clone();
        let mut i = 0;
        while i < pr {
            let xs = f[i];
            let xns = f[i + 1];
            self.pa[xs as usize] = self.ge(xns, xs).0;
            self.label[xs as usize] = 1;
            self.label[xns as usize] = 0;
            self.clear_slack(xs as usize);
            self.set_slack(xns);
            self.q_push(xns);
            i += 2;
        }
        self.label[xr as usize] = 1;
        self.pa[xr as usize] = self.pa[b as usize];
        for &xs in &f[pr + 1..] {
            self.label[xs as usize] = -1;
            self.set_slack(xs);
        }
        self.bury(b);
    }

    /// Marks blossom `b` as gone: its children are at the top level now,
    /// and its rows of best edges are freed.
    fn bury(&mut self, b: u32) {
        let bs = b as usize;
        for k in 0..self.flo[bs].len() {
            let c = self.flo[bs][k];
            if self.parent[c as usize] == b {
                self.parent[c as usize] = NONE;
            }
        }
        self.st[bs] = NONE;
        let row = std::mem::take(&mut self.g_out[bs - self.n]);
        self.keep_row(row);
    }

    /// Keeps a freed row of best edges for a later blossom, up to [`ROW_POOL`].
    fn keep_row(&mut self, row: Vec<(u32, u32)>) {
        if row.capacity() > 0 && self.row_pool.len() < ROW_POOL {
            self.row_pool.push(row);
        }
    }

    /// Acts on the tight edge `e` from an S vertex: grows the tree, makes a
    /// blossom, or augments (then returns the roots of the two trees joined).
    fn on_found_edge(&mut self, e: (u32, u32)) -> Option<(u32, u32)> {
        let u = self.st[e.0 as usize];
        let v = self.st[e.1 as usize];
        let tree = self.tree_of[u as usize];
        if self.label[v as usize] == -1 {
            self.pa[v as usize] = e.0;
            self.label[v as usize] = 1;
            let nu = self.st[self.mate[v as usize] as usize];
            self.clear_slack(v as usize);
            self.clear_slack(nu as usize);
            self.pending[v as usize] = false;
            self.pending[nu as usize] = false;
            self.label[nu as usize] = 0;
            self.tree_of[v as usize] = tree;
            self.tree_of[nu as usize] = tree;
            self.q_push(nu);
        } else if self.label[v as usize] == 0 {
            let lca = self.get_lca(u, v);
            if lca == NONE {
                let other = self.tree_of[v as usize];
                self.augment(u, v);
                self.augment(v, u);
                return Some((tree, other));
            }
            self.add_blossom(u, lca, v);
            let b = self.st[e.0 as usize];
            self.tree_of[b as usize] = tree;
        }
        None
    }

    /// After an augmentation between the trees rooted at `a` and `b`: their
    /// nodes lose their labels, and every least-slack edge that came from one
    /// of their S vertices is looked for again among the S vertices left.
    /// The other trees stay as they are, so the search goes on without
    /// rescanning them. False when fewer than two trees are left.
    fn after_augment(&mut self, a: u32, b: u32) -> bool {
        self.trees_left -= 2;
        if self.trees_left < 2 {
            return false;
        }
        for k in 0..self.act.len() + (self.nx - self.n) {
            let x = self.node_at(k);
            if self.st[x] as usize == x
                && self.label[x] != -1
                && (self.tree_of[x] == a || self.tree_of[x] == b)
            {
                self.label[x] = -1;
                self.clear_slack(x);
                self.pending[x] = true;
            }
        }
        let mut kept = 0;
        for k in 0..self.s_list.len() {
            let u = self.s_list[k];
            if self.label[self.st[u as usize] as usize] == 0 {
                self.s_list[kept] = u;
                self.s_key[kept] = self.s_key[k];
                kept += 1;
            }
        }
        self.s_list.truncate(kept);
        self.s_key.truncate(kept);
        true
    }

    /// Whether x's least-slack edge comes from a vertex that is no longer
    /// S, or that became S again since: its value is then only a lower bound.
    #[inline]
    fn slack_stale(&self, x: usize) -> bool {
        let src = self.slack[x] as usize;
        self.label[self.st[src] as usize] != 0 || self.s_time[src] > self.slack_time[x]
    }

    /// The least-slack edge from an S vertex to the top-level node `x`.
    fn recompute_slack(&mut self, x: u32) {
        let xs = x as usize;
        self.pending[xs] = false;
        if xs > self.n {
            self.set_slack(x);
            return;
        }
        self.clear_slack(xs);
        let row = self.wi(xs, 0);
        // The reduced cost of (u, x) is lab[u] + lab[x] − w2 = c + lab[x] −
        // s_shift with c = s_key − w2: the least c is the least reduced cost,
        // and a tight edge has c = target.
        let target = self.s_shift.minus(self.lab[xs]);
        let mut best: Option<(usize, W)> = None;
        for k in 0..self.s_list.len() {
            let u = self.s_list[k] as usize;
            // every vertex of the list is S: one that stops being S (its
            // tree augments) leaves it at once (`after_augment`); and x is a
            // top-level vertex, so only x itself is inside x
            debug_assert_eq!(self.label[self.st[u] as usize], 0, "an S list entry not S");
            if u == xs {
                continue;
            }
            let h = self.w_idx[row + u];
            if h == 0 {
                continue;
            }
            let c = self.s_key[k].minus(self.table[h as usize]);
            debug_assert!(c >= target, "a reduced cost below zero");
            if best.is_none_or(|(_, b)| c < b) {
                best = Some((k, c));
                // no reduced cost is below zero (the duals stay feasible),
                // so the first tight edge is the first least-slack one: the
                // rest cannot replace it
                if c.cmp(&target) == Ordering::Equal {
                    break;
                }
            }
        }
        if let Some((k, c)) = best {
            let u = self.s_list[k];
            let delta = c.minus(target);
            debug_assert!(
                delta == self.e_delta((u, x)),
                "an S key out of step with its dual"
            );
            self.update_slack_with(u, x, delta);
        }
    }

    /// One augmentation phase; false when no augmenting step improves the weight.
    fn phase(&mut self) -> bool {
        let n = self.n;
        self.refresh_act();
        for x in 1..=self.nx {
            self.label[x] = -1;
            self.clear_slack(x);
            self.pending[x] = false;
        }
        self.s_list.clear();
        self.s_key.clear();
        self.s_shift = W::zero();
        self.trees_left = 0;
        self.queue.clear();
        for x in 1..=self.nx as u32 {
            if (x as usize > n || self.active[x as usize])
                && self.st[x as usize] == x
                && self.mate[x as usize] == NONE
            {
                self.pa[x as usize] = NONE;
                self.label[x as usize] = 0;
                self.tree_of[x as usize] = x;
                self.trees_left += 1;
                self.q_push(x);
            }
        }
        if self.queue.is_empty() {
            return false;
        }
        let mut augmented = false;
        loop {
            while let Some(u) = self.queue.pop_front() {
                if self.label[self.st[u as usize] as usize] != 0 {
                    continue;
                }
                let row = self.wi(u as usize, 0);
                let lu = self.lab[u as usize];
                self.scan_stamp += 1;
                let stamp = self.scan_stamp;
                for k in 0..self.act.len() {
                    let v = self.act[k] as usize;
                    // the diagonal holds no edge
                    let h = self.w_idx[row + v];
                    if h == 0 {
                        continue;
                    }
                    let sv = self.st[v];
                    // nothing to learn from an edge to a T node: a tight one
                    // changes nothing (`on_found_edge`), and a T node's
                    // least-slack edge is looked for anew before it is read
                    // (after its tree augments, or its blossom expands)
                    if self.st[u as usize] == sv || self.label[sv as usize] == 1 {
                        continue;
                    }
                    let w2 = self.table[h as usize];
                    if sv as usize == v {
                        // a top-level vertex: most edges are settled by `filt`
                        let c = lu.minus(w2);
                        // the filter lets through every edge the full test
                        // acts on (and may let through more: with duals
                        // not yet feasible a reduced cost can be negative)
                        debug_assert!(
                            c < self.filt[v] || {
                                let delta = lu.sum_minus(self.lab[v], w2);
                                !delta.is_zero()
                                    && self.slack[v] != NONE
                                    && delta >= self.slack_val[v]
                            }
                        );
                        if c >= self.filt[v] {
                            continue;
                        }
                        let delta = c.plus(self.lab[v]);
                        if !delta.is_zero() {
                            self.update_slack_with(u, sv, delta);
                            continue;
                        }
                    } else {
                        let delta = lu.sum_minus(self.lab[v], w2);
                        if !delta.is_zero() {
                            if self.scanned[sv as usize] != stamp {
                                // one look at the best edge between u and the blossom
                                self.scanned[sv as usize] = stamp;
                                self.update_slack(u, sv);
                            }
                            continue;
                        }
                    }
                    // a tight edge
                    if let Some((a, b)) = self.on_found_edge((u, v as u32)) {
                        augmented = true;
                        if !self.after_augment(a, b) {
                            return true;
                        }
                        if self.label[self.st[u as usize] as usize] != 0 {
                            break;
                        }
                    }
                }
            }
            let mut d: Option<W> = None;
            let take = |d: &mut Option<W>, c: W| {
                if d.is_none_or(|x| c < x) {
                    *d = Some(c);
                }
            };
            for b in n + 1..=self.nx {
                if self.st[b] as usize == b && self.label[b] == 1 {
                    take(&mut d, self.lab[b].half());
                }
            }
            // Least-slack edges left by a finished tree are looked for again
            // when needed: a stale value is a lower bound of the true one.
            let mut stale = std::mem::take(&mut self.stale);
            stale.clear();
            for k in 0..self.act.len() + (self.nx - n) {
                let x = self.node_at(k);
                if self.st[x] as usize != x || self.label[x] == 1 {
                    continue;
                }
                if self.pending[x] {
                    self.recompute_slack(x as u32);
                } else if self.slack[x] != NONE && self.slack_stale(x) {
                    stale.push(x as u32);
                    continue;
                }
                if self.slack[x] != NONE {
                    if self.label[x] == -1 {
                        take(&mut d, self.slack_val[x]);
                    } else if self.label[x] == 0 {
                        take(&mut d, self.slack_val[x].half());
                    }
                }
            }
            let bound = |m: &Self, x: usize| {
                if m.label[x] == -1 {
                    m.slack_val[x]
                } else {
                    m.slack_val[x].half()
                }
            };
            stale.sort_unstable_by_key(|&x| bound(self, x as usize));
            for &x in &stale {
                let x = x as usize;
                // nothing is below zero
                if d.is_some_and(|dv| dv.is_zero() || bound(self, x) > dv) {
                    break;
                }
                self.recompute_slack(x as u32);
                if self.slack[x] != NONE {
                    take(&mut d, bound(self, x));
                }
            }
            self.stale = stale;
            let Some(d) = d else {
                return augmented;
            };
            // a step of zero (after an augmentation, the tight edges the
            // least-slack edges looked for anew have found) changes no dual
            // and no slack
            if !d.is_zero() {
                for k in 0..self.act.len() {
                    let u = self.act[k] as usize;
                    let l = self.label[self.st[u] as usize];
                    if l == 0 {
                        if self.lab[u] <= d {
                            return augmented;
                        }
                        self.lab[u] = self.lab[u].minus(d);
                    } else if l == 1 {
                        self.lab[u] = self.lab[u].plus(d);
                    }
                }
                self.s_shift = self.s_shift.plus(d);
                let d2 = d.plus(d);
                for k in 0..self.act.len() + (self.nx - n) {
                    let x = self.node_at(k);
                    if self.st[x] as usize == x && self.slack[x] != NONE {
                        if self.label[x] == -1 {
                            self.slack_val[x] = self.slack_val[x].minus(d);
                        } else if self.label[x] == 0 {
                            self.slack_val[x] = self.slack_val[x].minus(d2);
                        }
                    }
                }
                for k in 0..self.act.len() {
                    let v = self.act[k] as usize;
                    if self.slack[v] != NONE {
                        self.refilt(v);
                    }
                }
                for b in n + 1..=self.nx {
                    if self.st[b] as usize == b {
                        let l = self.label[b];
                        if l == 0 {
                            self.lab[b] = self.lab[b].plus(d2);
                        } else if l == 1 {
                            self.lab[b] = self.lab[b].minus(d2);
                        }
                    }
                }
            }
            self.queue.clear();
            for k in 0..self.act.len() + (self.nx - n) {
                let xs = self.node_at(k);
                let x = xs as u32;
                if self.st[xs] == x
                    && self.slack[xs] != NONE
                    && self.st[self.slack[xs] as usize] != x
                {
                    // a stale edge that may be tight: look again (after an
                    // augmentation, the edges between the many trees that
                    // the last step made tight are found here, one pass)
                    if self.label[xs] != 1
                        && !self.slack_val[xs].is_positive()
                        && self.slack_stale(xs)
                    {
                        self.recompute_slack(x);
                        if self.slack[xs] == NONE || self.st[self.slack[xs] as usize] == x {
                            continue;
                        }
                    }
                    let e = self.ge(self.slack[xs], x);
                    if self.slack_val[xs].is_zero() && !self.slack_stale(xs) {
                        if let Some((a, b)) = self.on_found_edge(e) {
                            augmented = true;
                            if !self.after_augment(a, b) {
                                return true;
                            }
                        }
                    }
                }
            }
            for b in n + 1..=self.nx {
                if self.st[b] as usize == b && self.label[b] == 1 && self.lab[b].is_zero() {
                    self.expand_blossom(b as u32);
                }
            }
        }
    }

    /// Carries out the pending removals when they are pairs matched to each
    /// other outside blossoms (what the repair would do: unmatch them and
    /// take them out); false, and nothing done, otherwise.
    fn take_plain_removals(&mut self) -> bool {
        for &x in &self.removed_list {
            let xs = x as usize;
            if !self.active[xs] {
                continue;
            }
            let m = self.mate[xs];
            if self.st[xs] != x
                || m == NONE
                || self.st[m as usize] != m
                || !self.removed_list.contains(&m)
            {
                return false;
            }
        }
        if !self.removed_list.is_empty() {
            for x in std::mem::take(&mut self.removed_list) {
                let xs = x as usize;
                if self.active[xs] {
                    self.mate[xs] = NONE;
                    self.active[xs] = false;
                }
            }
            self.refresh_act();
        }
        true
    }

    /// Sets new weights on the edges `changes` (0-based, weight ≤ 0 for no
    /// edge) and adds `shifts` to the weights' scale of those vertices'
    /// duals, in place of marking the vertices as changed: when every vertex
    /// concerned is outside blossoms and the shifted duals keep every edge
    /// at those vertices feasible, the pairs of the optimum whose edge stays
    /// tight are kept and only the others are undone, for the next solve to
    /// re-augment from duals that are already close. False, and nothing
    /// changed, when that cannot be done (the caller then sets the weights
    /// as usual).
    pub fn try_shift(&mut self, changes: &[(usize, usize, W)], shifts: &[(usize, W)]) -> bool {
        if !self.initialized || !self.perfect {
            return false;
        }
        let mut touched: Vec<u32> = Vec::new();
        let mut mark = vec![false; self.n + 1];
        for &(u, v, _) in changes {
            for x in [u + 1, v + 1] {
                if !mark[x] {
                    mark[x] = true;
                    touched.push(x as u32);
                }
            }
        }
        for &(u, _) in shifts {
            if !mark[u + 1] {
                mark[u + 1] = true;
                touched.push(u as u32 + 1);
            }
        }
        if self
            .dirty_list
            .iter()
            .any(|&d| !self.removed_list.contains(&d))
        {
            return false;
        }
        for &x in &touched {
            let xs = x as usize;
            if !self.active[xs] || self.st[xs] != x || self.removed_list.contains(&x) {
                return false;
            }
        }
        if !self.take_plain_removals() {
            return false;
        }
        // the new weights (the old ones kept to undo), and the new duals
        let mut old: Vec<W> = Vec::with_capacity(changes.len());
        for &(u, v, w) in changes {
            let (i, j) = (self.wi(u + 1, v + 1), self.wi(v + 1, u + 1));
            old.push(self.table[self.w_idx[i] as usize]);
            let h = if w.is_positive() {
                let e = w.plus(self.offset);
                self.intern(e.plus(e))
            } else {
                0
            };
            self.w_idx[i] = h;
            self.w_idx[j] = h;
        }
        let old_lab: Vec<W> = shifts.iter().map(|&(u, _)| self.lab[u + 1]).collect();
        for &(u, d) in shifts {
            self.lab[u + 1] = self.lab[u + 1].plus(d.plus(d));
        }
        let mut feasible = true;
        'check: for &x in &touched {
            let row = self.wi(x as usize, 0);
            let lx = self.lab[x as usize];
            for k in 0..self.act.len() {
                let v = self.act[k] as usize;
                let h = self.w_idx[row + v];
                if h == 0 {
                    continue;
                }
                if lx.sum_minus(self.lab[v], self.table[h as usize]) < W::zero() {
                    feasible = false;
                    break 'check;
                }
            }
        }
        if !feasible {
            for (&(u, v, _), &w2) in changes.iter().zip(&old) {
                let h = if w2.is_zero() { 0 } else { self.intern(w2) };
                let (i, j) = (self.wi(u + 1, v + 1), self.wi(v + 1, u + 1));
                self.w_idx[i] = h;
                self.w_idx[j] = h;
            }
            for (&(u, _), &l) in shifts.iter().zip(&old_lab) {
                self.lab[u + 1] = l;
            }
            return false;
        }
        // the pairs no longer tight are undone
        for &x in &touched {
            let xs = x as usize;
            let m = self.mate[xs];
            if m == NONE {
                continue;
            }
            if !self.has_edge(x, m) || !self.e_delta((x, m)).is_zero() {
                self.mate[xs] = NONE;
                let top = self.st[m as usize];
                self.unmatch_chain(top);
            }
        }
        self.normalize_parity();
        true
    }

    /// The exchange shortcut of a solve: after the edges of vertex `p`
    /// (0-based) changed since the last solve, and vertices matched to each
    /// other were removed, returns `p`'s partner in every maximum-weight
    /// matching when the current optimum, with at most one exchange of
    /// partners, is again an optimum in which that partner is the only one
    /// possible; the matching and `p`'s dual are updated to that optimum.
    /// `None` (nothing changed) when this cannot be shown.
    ///
    /// The proof is the dual certificate: with `p`'s dual lowered by the
    /// least reduced cost `m` of its edges, every edge stays feasible; when
    /// exactly one edge of `p`, to `q`, is then tight, every optimum pairs
    /// `p` with `q` (complementary slackness: an optimum uses only tight
    /// edges), and the current matching with `p`–`q` and `p`'s old partner
    /// with `q`'s old partner (a tight edge) is such an optimum. The four
    /// vertices are outside blossoms, so no blossom's dual is concerned.
    ///
    /// Returns the partner and, when partners were exchanged, the pair
    /// newly matched besides (`p`'s old partner, `q`'s old partner).
    pub fn exchange_partner(&mut self, p: usize) -> Option<(usize, Option<(usize, usize)>)> {
        let pp = p + 1;
        if !self.initialized || !self.perfect || !self.active[pp] {
            return None;
        }
        // the changed edges: only those of p (others only at removed vertices)
        if self
            .dirty_list
            .iter()
            .any(|&d| d as usize != pp && !self.removed_list.contains(&d))
        {
            return None;
        }
        let q0 = self.mate[pp];
        if self.st[pp] as usize != pp || q0 == NONE || self.st[q0 as usize] != q0 {
            return None;
        }
        if !self.take_plain_removals() {
            return None;
        }
        // the least reduced cost of p's edges, and whether one edge alone has it
        let row = self.wi(pp, 0);
        let lp = self.lab[pp];
        let mut best: Option<(u32, W)> = None;
        let mut unique = false;
        for k in 0..self.act.len() {
            let v = self.act[k] as usize;
            let h = self.w_idx[row + v];
            if h == 0 {
                continue;
            }
            let r = lp.sum_minus(self.lab[v], self.table[h as usize]);
            match best {
                Some((_, b)) if r > b => {}
                Some((_, b)) if r == b => unique = false,
                _ => {
                    best = Some((v as u32, r));
                    unique = true;
                }
            }
        }
        let (q, m) = best?;
        if !unique {
            return None;
        }
        let qs = q as usize;
        let exchanged = if q == q0 {
            None
        } else {
            let r = self.mate[qs];
            if self.st[qs] != q || r == NONE || self.st[r as usize] != r {
                return None;
            }
            // p's old partner takes q's: that edge must be tight
            let w2 = self.wt2(q0, r);
            if w2.is_zero() || !self.e_delta((q0, r)).is_zero() {
                return None;
            }
            self.mate[q0 as usize] = r;
            self.mate[r as usize] = q0;
            self.mate[qs] = pp as u32;
            self.mate[pp] = q;
            Some((q0 as usize - 1, r as usize - 1))
        };
        self.lab[pp] = lp.minus(m);
        Some((qs - 1, exchanged))
    }

    /// Computes a maximum-weight matching. The first call starts from scratch;
    /// later calls start from the previous optimum and only repair what the
    /// weight changes and removals since then disturbed. Returns, for every
    /// vertex (0-based), its partner or `None` (also for removed vertices).
    pub fn solve(&mut self) -> Vec<Option<usize>> {
        // 1. From the previous optimum, when it was perfect (the warm start
        //    needs every exposed vertex to have a dual far from zero).
        if self.initialized && self.perfect {
            self.repair();
            while self.phase() {}
            if self.all_matched() {
                self.dissolve_zero_blossoms();
                return self.mates();
            }
        }
        // 2. From scratch with per-vertex duals (fast; exact when the result
        //    is perfect), 3. else with equal duals (exact in every case).
        for equal_duals in [self.offset.is_zero(), true] {
            for x in std::mem::take(&mut self.removed_list) {
                self.active[x as usize] = false;
            }
            for p in std::mem::take(&mut self.dirty_list) {
                self.dirty[p as usize] = false;
            }
            self.init(equal_duals);
            while self.phase() {}
            self.perfect = self.all_matched();
            if self.perfect || equal_duals {
                break;
            }
        }
        self.dissolve_zero_blossoms();
        self.mates()
    }

    /// Takes apart the top-level blossoms whose dual is zero (and those
    /// inside them that come to the top with a zero dual): nothing changes
    /// for the matching or the duals, but a later change at one of their
    /// vertices then has fewer nested blossoms to dissolve, each of which
    /// would undo a match.
    fn dissolve_zero_blossoms(&mut self) {
        let mut stack: Vec<u32> = (self.n as u32 + 1..=self.nx as u32)
            .filter(|&b| self.st[b as usize] == b && self.lab[b as usize].is_zero())
            .collect();
        while let Some(b) = stack.pop() {
            let children = self.flo[b as usize].clone();
            self.dissolve(b);
            for c in children {
                let cs = c as usize;
                if cs > self.n && self.st[cs] == c && self.lab[cs].is_zero() {
                    stack.push(c);
                }
            }
        }
    }

    fn all_matched(&self) -> bool {
        (1..=self.n).all(|u| !self.active[u] || self.mate[u] != NONE)
    }

    fn mates(&self) -> Vec<Option<usize>> {
        (1..=self.n)
            .map(|u| {
                let m = self.mate[u];
                if m == NONE || !self.active[u] {
                    None
                } else {
                    Some(m as usize - 1)
                }
            })
            .collect()
    }

    fn init(&mut self, equal_duals: bool) {
        let n = self.n;
        let big = 2 * n + 1;
        self.nx = n;
        for row in std::mem::take(&mut self.g_out) {
            self.keep_row(row);
        }
        self.g_out = vec![Vec::new(); n + 1];
        self.lab = vec![W::zero(); big];
        self.mate = vec![NONE; big];
        self.slack = vec![NONE; big];
        self.slack_val = vec![W::zero(); big];
        self.filt = vec![W::max_value(); n + 1];
        self.born = vec![0; big];
        self.st = vec![NONE; big];
        self.pa = vec![NONE; big];
        self.label = vec![-1; big];
        self.vis = vec![0; big];
        self.vis_stamp = 0;
        self.scanned = vec![0; big];
        self.scan_stamp = 0;
        self.tree_of = vec![NONE; big];
        self.s_time = vec![0; big];
        self.slack_time = vec![0; big];
        self.pending = vec![false; big];
        self.flo = vec![Vec::new(); big];
        self.parent = vec![NONE; big];
        for u in 1..=n {
            self.st[u] = u as u32;
        }
        // Each vertex's dual: its heaviest edge (doubled weights: lab ≥ w2/2
        // on both ends keeps every edge feasible); then a greedy matching on
        // the edges that are tight for these duals.
        for u in 1..=n {
            let mut best = W::zero();
            if self.active[u] {
                for v in 1..=n {
                    if v != u && self.active[v] {
                        let w2 = self.wt2(u as u32, v as u32);
                        if w2 > best {
                            best = w2;
                        }
                    }
                }
            }
            self.lab[u] = best.half();
        }
        if equal_duals {
            // For a matching that may not be perfect the exposed vertices
            // must end with equal duals: start them all at the largest weight.
            let top = (1..=n).map(|u| self.lab[u]).max().unwrap_or(W::zero());
            for u in 1..=n {
                self.lab[u] = top;
            }
        }
        for u in 1..=n as u32 {
            if !self.active[u as usize] || self.mate[u as usize] != NONE {
                continue;
            }
            for v in u + 1..=n as u32 {
                if self.active[v as usize]
                    && self.mate[v as usize] == NONE
                    && !self.wt2(u, v).is_zero()
                    && self.e_delta((u, v)).is_zero()
                {
                    self.mate[u as usize] = v;
                    self.mate[v as usize] = u;
                    break;
                }
            }
        }
        self.normalize_parity();
        self.initialized = true;
    }

    /// Records, for blossom `b` and every blossom nested in it, the edge of
    /// least reduced cost between one of its vertices and vertex `p` (the
    /// first such vertex in the blossom's order); returns that vertex and cost.
    fn best_edges_to(&mut self, b: u32, p: u32) -> Option<(u32, W)> {
        if b as usize <= self.n {
            return self.has_edge(b, p).then(|| (b, self.e_delta((b, p))));
        }
        let mut best: Option<(u32, W)> = None;
        for k in 0..self.flo[b as usize].len() {
            let c = self.flo[b as usize][k];
            if let Some((l, d)) = self.best_edges_to(c, p) {
                if best.is_none_or(|(_, bd)| d < bd) {
                    best = Some((l, d));
                }
            }
        }
        match best {
            Some((l, _)) => {
                self.set_ge(b, p, (l, p));
                self.set_ge(p, b, (p, l));
            }
            None => {
                self.set_ge(b, p, (NONE, NONE));
                self.set_ge(p, b, (NONE, NONE));
            }
        }
        best
    }

    /// All vertices inside blossom `b`.
    fn leaves(&self, b: u32, out: &mut Vec<u32>) {
        if b as usize <= self.n {
            out.push(b);
        } else {
            for &c in &self.flo[b as usize] {
                self.leaves(c, out);
            }
        }
    }

    /// Clears the mate of `x` and of the base chain below it.
    fn unmatch_chain(&mut self, mut x: u32) {
        loop {
            self.mate[x as usize] = NONE;
            if x as usize <= self.n {
                return;
            }
            x = self.flo[x as usize][0];
        }
    }

    /// Dissolves the top-level blossom `b`: its dual goes to its vertices
    /// (keeping every inner edge's reduced cost), its children become
    /// top-level, and its outside match (no longer tight) is undone.
    fn dissolve(&mut self, b: u32) {
        let bs = b as usize;
        let half = self.lab[bs].half();
        let mut lv = Vec::new();
        self.leaves(b, &mut lv);
        if !half.is_zero() {
            for &x in &lv {
                self.lab[x as usize] = self.lab[x as usize].plus(half);
            }
        }
        self.lab[bs] = W::zero();
        let m = self.mate[bs];
        // with a zero dual the outside match stays tight and is kept
        if m != NONE && !half.is_zero() {
            self.unmatch_chain(b);
            let top = self.st[m as usize];
            self.unmatch_chain(top);
        }
        for k in 0..self.flo[bs].len() {
            let c = self.flo[bs][k];
            self.set_st(c, c);
        }
        self.bury(b);
        self.flo[bs].clear();
    }

    /// Makes `x` a single unmatched vertex.
    fn isolate(&mut self, x: u32) {
        while self.st[x as usize] != x {
            let top = self.st[x as usize];
            self.dissolve(top);
        }
        let m = self.mate[x as usize];
        if m != NONE {
            self.mate[x as usize] = NONE;
            let top = self.st[m as usize];
            self.unmatch_chain(top);
        }
    }

    fn base_vertex(&self, mut x: u32) -> u32 {
        while x as usize > self.n {
            x = self.flo[x as usize][0];
        }
        x
    }

    fn repair(&mut self) {
        let removed = std::mem::take(&mut self.removed_list);
        for &x in &removed {
            if self.active[x as usize] {
                self.isolate(x);
                self.active[x as usize] = false;
            }
        }
        self.refresh_act();
        let dirty = std::mem::take(&mut self.dirty_list);
        for &p in &dirty {
            self.dirty[p as usize] = false;
            if self.active[p as usize] {
                while self.st[p as usize] != p {
                    let top = self.st[p as usize];
                    self.dissolve(top);
                }
            }
        }
        for &p in &dirty {
            if !self.active[p as usize] {
                continue;
            }
            // best edges between every blossom and p
            for b in self.n as u32 + 1..=self.nx as u32 {
                if self.st[b as usize] == b {
                    self.best_edges_to(b, p);
                }
            }
        }
        // The changed vertices' duals: the smallest that keep their edges to
        // the unchanged vertices feasible, and at least half of their
        // heaviest edge to another changed vertex (so those edges are
        // feasible too, and tight between equals).
        let live: Vec<u32> = dirty
            .iter()
            .copied()
            .filter(|&p| self.active[p as usize])
            .collect();
        for &p in &live {
            self.dirty[p as usize] = true;
        }
        let mut ys = std::mem::take(&mut self.repair_y);
        ys.resize(self.n + 1, W::zero());
        for &p in &live {
            let p = p as usize;
            let row = self.wi(p, 0);
            let mut y = W::zero();
            for k in 0..self.act.len() {
                let u = self.act[k] as usize;
                let h = self.w_idx[row + u];
                if h == 0 {
                    continue;
                }
                let w2 = self.table[h as usize];
                let need = if self.dirty[u] {
                    w2.half()
                } else {
                    w2.minus(self.lab[u])
                };
                if need > y {
                    y = need;
                }
            }
            ys[p] = y;
        }
        // A changed vertex keeps its match where the edge can be tight with
        // these duals; the others are re-augmented.
        for &p in &live {
            let p = p as usize;
            let y = ys[p];
            let m = self.mate[p] as usize;
            if m == NONE as usize {
                self.lab[p] = y;
                continue;
            }
            let w2 = self.wt2(p as u32, m as u32);
            let keep = !w2.is_zero()
                && if self.dirty[m] {
                    y.plus(ys[m]) == w2
                } else {
                    w2.minus(self.lab[m]) >= y
                };
            if keep {
                self.lab[p] = if self.dirty[m] {
                    y
                } else {
                    w2.minus(self.lab[m])
                };
            } else {
                self.mate[p] = NONE;
                let top = self.st[m];
                self.unmatch_chain(top);
                self.lab[p] = y;
            }
        }
        for &p in &live {
            self.dirty[p as usize] = false;
        }
        self.repair_y = ys;
        self.normalize_parity();
    }

    /// Every exposed vertex must have a dual of the same parity, so that the
    /// reduced costs the algorithm halves stay integers.
    fn normalize_parity(&mut self) {
        let mut x = 1u32;
        while x as usize <= self.nx {
            let xs = x as usize;
            let live = if xs <= self.n {
                self.active[xs]
            } else {
                self.st[xs] != NONE
            };
            if !live || self.st[xs] != x || self.mate[xs] != NONE {
                x += 1;
                continue;
            }
            let bv = self.base_vertex(x);
            let odd = {
                let l = self.lab[bv as usize];
                l.half().plus(l.half()) != l
            };
            if !odd {
                x += 1;
                continue;
            }
            if xs <= self.n {
                self.lab[xs] = self.lab[xs].plus(W::one());
                x += 1;
            } else if self.lab[xs] >= W::one().plus(W::one()) {
                let mut lv = Vec::new();
                self.leaves(x, &mut lv);
                for &l in &lv {
                    self.lab[l as usize] = self.lab[l as usize].plus(W::one());
                }
                self.lab[xs] = self.lab[xs].minus(W::one().plus(W::one()));
                x += 1;
            } else {
                // a blossom with zero dual: take it apart and look again
                let base_child = self.flo[xs][0];
                self.dissolve(x);
                x = base_child.min(x);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A small deterministic generator for the random graphs (xorshift64).
    fn xorshift(mut seed: u64) -> impl FnMut() -> u64 {
        move || {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed
        }
    }

    fn brute(n: usize, w: &[Vec<i64>]) -> i64 {
        fn rec(i: usize, used: &mut Vec<bool>, n: usize, w: &[Vec<i64>]) -> i64 {
            if i == n {
                return 0;
            }
            if used[i] {
                return rec(i + 1, used, n, w);
            }
            used[i] = true;
            let mut best = rec(i + 1, used, n, w);
            for j in i + 1..n {
                if !used[j] && w[i][j] > 0 {
                    used[j] = true;
                    best = best.max(w[i][j] + rec(i + 1, used, n, w));
                    used[j] = false;
                }
            }
            used[i] = false;
            best
        }
        rec(0, &mut vec![false; n], n, w)
    }

    #[test]
    fn matches_brute_force_on_random_graphs() {
        let mut seed = 12345u64;
        let mut rnd = || {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed
        };
        for case in 0..400 {
            let n = 2 + (rnd() % 9) as usize;
            let mut w = vec![vec![0i64; n]; n];
            for i in 0..n {
                for j in i + 1..n {
                    let v = if rnd().is_multiple_of(4) {
                        0
                    } else {
                        (rnd() % if case % 2 == 0 { 5 } else { 50 }) as i64
                    };
                    w[i][j] = v;
                    w[j][i] = v;
                }
            }
            let mut m = MaxWeightMatching::<Wide<2>>::new(n);
            for i in 0..n {
                for j in i + 1..n {
                    m.set_weight(i, j, Wide::from_u64(w[i][j] as u64));
                }
            }
            let mates = m.solve();
            let mut total = 0;
            for (i, &mt) in mates.iter().enumerate() {
                if let Some(j) = mt {
                    assert_eq!(mates[j], Some(i));
                    assert!(w[i][j] > 0);
                    if i < j {
                        total += w[i][j];
                    }
                }
            }
            assert_eq!(total, brute(n, &w), "case {case}: {w:?}");
        }
    }

    #[test]
    fn incremental_solves_match_fresh_solves() {
        let mut rnd = xorshift(987654321u64);
        for case in 0..300 {
            let n = 2 * (1 + (rnd() % 5) as usize);
            let mut w = vec![vec![0i64; n]; n];
            let mut m = MaxWeightMatching::<Wide<2>>::new(n);
            m.set_offset(Wide::from_u64(1 << 20));
            let mut alive = vec![true; n];
            for i in 0..n {
                for j in i + 1..n {
                    let v = 1 + (rnd() % if case % 2 == 0 { 4 } else { 60 }) as i64;
                    w[i][j] = v;
                    w[j][i] = v;
                    m.set_weight(i, j, Wide::from_u64(v as u64));
                }
            }
            for step in 0..6 {
                if step > 0 {
                    if step % 3 == 0 {
                        // remove a matched pair, as the pairing engine does
                        let mates = m.solve();
                        if let Some(i) = (0..n).find(|&i| alive[i] && mates[i].is_some()) {
                            let j = mates[i].unwrap();
                            m.remove(i);
                            m.remove(j);
                            alive[i] = false;
                            alive[j] = false;
                        }
                    } else {
                        let p = (rnd() % n as u64) as usize;
                        for q in 0..n {
                            if q != p && rnd().is_multiple_of(2) {
                                let v = 1 + (rnd() % 60) as i64;
                                w[p][q] = v;
                                w[q][p] = v;
                                m.set_weight(p, q, Wide::from_u64(v as u64));
                            }
                        }
                    }
                }
                let mates = m.solve();
                let mut total = 0;
                let mut sub = vec![vec![0i64; n]; n];
                for i in 0..n {
                    for j in 0..n {
                        if alive[i] && alive[j] {
                            sub[i][j] = w[i][j];
                        }
                    }
                }
                for (i, &mt) in mates.iter().enumerate() {
                    if let Some(j) = mt {
                        assert!(alive[i] && alive[j]);
                        assert_eq!(mates[j], Some(i));
                        if i < j {
                            total += w[i][j];
                        }
                    }
                }
                let live = alive.iter().filter(|a| **a).count();
                assert_eq!(
                    mates.iter().filter(|m| m.is_some()).count(),
                    live,
                    "case {case} step {step}: not perfect"
                );
                assert_eq!(total, brute(n, &sub), "case {case} step {step}");
            }
        }
    }

    #[test]
    fn offset_mode_matches_brute_force() {
        let mut rnd = xorshift(55555u64);
        for case in 0..1500 {
            let n = 2 + (rnd() % 11) as usize;
            let mut w = vec![vec![0i64; n]; n];
            let mut m = MaxWeightMatching::<Wide<2>>::new(n);
            m.set_offset(Wide::from_u64(1 << 30));
            for i in 0..n {
                for j in i + 1..n {
                    let v = if rnd().is_multiple_of(3) {
                        0
                    } else {
                        1 + (rnd() % if case % 2 == 0 { 3 } else { 80 }) as i64
                    };
                    w[i][j] = v;
                    w[j][i] = v;
                    m.set_weight(i, j, Wide::from_u64(v as u64));
                }
            }
            for step in 0..4 {
                if step > 0 {
                    let p = (rnd() % n as u64) as usize;
                    for q in 0..n {
                        if q != p && rnd().is_multiple_of(2) {
                            let v = if rnd().is_multiple_of(4) {
                                0
                            } else {
                                1 + (rnd() % 80) as i64
                            };
                            w[p][q] = v;
                            w[q][p] = v;
                            m.set_weight(p, q, Wide::from_u64(v as u64));
                        }
                    }
                }
                let mates = m.solve();
                // brute: max cardinality first, then max weight
                fn rec(i: usize, used: &mut Vec<bool>, n: usize, w: &[Vec<i64>]) -> (i64, i64) {
                    if i == n {
                        return (0, 0);
                    }
                    if used[i] {
                        return rec(i + 1, used, n, w);
                    }
                    used[i] = true;
                    let mut best = rec(i + 1, used, n, w);
                    for j in i + 1..n {
                        if !used[j] && w[i][j] > 0 {
                            used[j] = true;
                            let (c, t) = rec(i + 1, used, n, w);
                            best = best.max((c + 1, t + w[i][j]));
                            used[j] = false;
                        }
                    }
                    used[i] = false;
                    best
                }
                let mut total = (0, 0);
                for (i, &mt) in mates.iter().enumerate() {
                    if let Some(j) = mt {
                        assert_eq!(mates[j], Some(i));
                        assert!(w[i][j] > 0);
                        if i < j {
                            total.0 += 1;
                            total.1 += w[i][j];
                        }
                    }
                }
                assert_eq!(
                    total,
                    rec(0, &mut vec![false; n], n, &w),
                    "case {case} step {step}"
                );
            }
        }
    }

    #[test]
    fn wide_arithmetic() {
        let a = Wide::<2>::from_u64(1).shl_bits(100);
        let b = Wide::<2>::from_u64(3).shl_bits(99);
        assert!(b > a);
        assert_eq!(b.minus(a), Wide::from_u64(1).shl_bits(99));
        assert!(a.minus(b) < Wide::ZERO);
        assert_eq!(a.half(), Wide::from_u64(1).shl_bits(99));
        assert_eq!(a.minus(b).plus(b), a);
        assert_eq!(a.sum_minus(b, a), b);
        assert_eq!(b.sum_minus(b, a.plus(a)), b.plus(b).minus(a).minus(a));
        let mut c = Wide::<3>::from_u64(u64::MAX);
        c.add_small(3, 0);
        assert_eq!(c, Wide::from_u64(1).shl_bits(64).plus(Wide::from_u64(2)));
        let mut d = Wide::<3>::ZERO;
        d.add_small(5, 126);
        assert_eq!(d, Wide::from_u64(5).shl_bits(126));
    }

    /// Maximum cardinality first, then maximum weight, by dynamic programming
    /// over the subsets of the live vertices.
    fn best_by_subsets(n: usize, w: &[Vec<u64>], alive: &[bool]) -> (u64, u64) {
        let full: usize = (0..n).filter(|&i| alive[i]).map(|i| 1 << i).sum();
        let mut best = vec![(0u64, 0u64); 1 << n];
        for mask in 1..1usize << n {
            if mask & !full != 0 {
                continue;
            }
            let i = mask.trailing_zeros() as usize;
            let rest = mask & !(1 << i);
            let mut b = best[rest];
            for j in i + 1..n {
                if rest & (1 << j) != 0 && w[i][j] > 0 {
                    let (c, t) = best[rest & !(1 << j)];
                    b = b.max((c + 1, t + w[i][j]));
                }
            }
            best[mask] = b;
        }
        best[full]
    }

    /// Solves after changes to many vertices at once (as at the start of a
    /// bracket), after small changes to many edges (as for the exchanges),
    /// and after removals, on graphs with many equal weights: the searches
    /// that go on across augmentations with several trees are exercised.
    #[test]
    fn many_changes_at_once_match_subset_optimum() {
        let mut rnd = xorshift(777u64);
        for case in 0..400 {
            let n = 4 + (rnd() % 11) as usize;
            let range = [2u64, 4, 30][case % 3];
            let mut w = vec![vec![0u64; n]; n];
            let mut alive = vec![true; n];
            let mut m = MaxWeightMatching::<Wide<3>>::new(n);
            m.set_offset(Wide::from_u64(1).shl_bits(100));
            // weights spread over the limbs, as the pairing engine's are
            let enc = |v: u64| Wide::<3>::from_u64(v).shl_bits(60 + (case % 3) as u32 * 3);
            for i in 0..n {
                for j in i + 1..n {
                    let v = if rnd().is_multiple_of(5) {
                        0
                    } else {
                        1 + rnd() % range
                    };
                    w[i][j] = v;
                    w[j][i] = v;
                    m.set_weight(i, j, enc(v));
                }
            }
            for step in 0..6 {
                match if step == 0 { 9 } else { rnd() % 3 } {
                    0 => {
                        let mates = m.solve();
                        if let Some(i) = (0..n).find(|&i| alive[i] && mates[i].is_some()) {
                            let j = mates[i].unwrap();
                            for x in [i, j] {
                                m.remove(x);
                                alive[x] = false;
                            }
                        }
                    }
                    1 => {
                        let k = 1 + (rnd() as usize) % n;
                        for p in 0..k {
                            for q in 0..n {
                                if q != p && !rnd().is_multiple_of(3) {
                                    let v = if rnd().is_multiple_of(6) {
                                        0
                                    } else {
                                        1 + rnd() % range
                                    };
                                    w[p][q] = v;
                                    w[q][p] = v;
                                    m.set_weight(p, q, enc(v));
                                }
                            }
                        }
                    }
                    2 => {
                        for p in 0..n {
                            for q in p + 1..n {
                                if w[p][q] > 0 && rnd().is_multiple_of(2) {
                                    let v = w[p][q] + 1 + rnd() % 2;
                                    w[p][q] = v;
                                    w[q][p] = v;
                                    m.set_weight(p, q, enc(v));
                                }
                            }
                        }
                    }
                    _ => {}
                }
                let mates = m.solve();
                let mut total = (0u64, 0u64);
                for (i, &mt) in mates.iter().enumerate() {
                    if let Some(j) = mt {
                        assert_eq!(mates[j], Some(i));
                        assert!(alive[i] && alive[j] && w[i][j] > 0);
                        if i < j {
                            total.0 += 1;
                            total.1 += w[i][j];
                        }
                    }
                }
                assert_eq!(
                    total,
                    best_by_subsets(n, &w, &alive),
                    "case {case} step {step}"
                );
            }
        }
    }
}
