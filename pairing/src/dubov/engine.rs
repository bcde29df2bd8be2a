//! The Dubov pairing (C.04.4.1 art. 3) as a sequence of maximum-weight
//! matchings over the players still to pair.
//!
//! Every edge between two players who may meet ([C1], [C3], `XXP`) weighs,
//! as digits from the most significant: 1 (the pair is allowed, so that
//! every optimum is perfect: [C4]); 1 for two residents of the bracket being
//! paired ([C5]: the more such pairs, the fewer upfloaters); for a pair of a
//! resident and an upfloater, one digit per lower score level, counting the
//! upfloaters nearer than that level ([C6]: the score differences taken in
//! descending order); 1 when the two preferences differ ([C7]); unless it is
//! the last round, 1 for an upfloater who is not a maximum upfloater ([C8]),
//! a count that falls with the upfloats of a maximum upfloater ([C9]), 1 for
//! an upfloater who did not upfloat in the previous round ([C10]); then, for
//! the bracket's own procedure, 1 for a pair across G1 and G2; and a lowest
//! digit for the order of art. 4 (one player's choices at a time).
//!
//! Which optimum the solver returns does not matter: each choice the text
//! orders (the set of upfloaters, art. 4.2; the shifters, art. 4.3; the
//! transposition, art. 4.4) is made one player at a time, first in the
//! text's order, by asking whether an optimum with that choice exists (a
//! solve, unless one exchange of partners in the current optimum, or the
//! current optimum itself, already shows one).

use super::DubovPlayer;
use crate::blossom::{MaxWeightMatching, Weight, Wide};

type W = Wide<8>;

/// The outcome: pairs and bye as indices in the player list.
pub struct Out {
    pub pairs: Vec<(usize, usize)>,
    pub bye: Option<usize>,
}

fn bits(n: u64) -> u32 {
    64 - n.leading_zeros()
}

/// Bit positions of the digits of a weight.
struct Layout {
    tie: u32,
    cross: u32,
    c10: u32,
    c9: u32,
    c8: u32,
    c7: u32,
    /// Digit of level j (j ≥ 1) at `c6 + (j − 1) · width`.
    c6: u32,
    levels: usize,
    rr: u32,
    allowed: u32,
    width: u32,
    /// One more than the highest upfloat count of a maximum upfloater.
    cap9: u64,
}

impl Layout {
    fn new(n: usize, max_upfloats: u32, levels: usize) -> Layout {
        let width = bits(n as u64 + 1) + 1;
        let cap9 = u64::from(max_upfloats) + 1;
        let w9 = bits(cap9 * (n as u64 + 1)) + 1;
        let tie = 0;
        let cross = tie + width;
        let c10 = cross + width;
        let c9 = c10 + width;
        let c8 = c9 + w9;
        let c7 = c8 + width;
        let c6 = c7 + width;
        // room for the levels under the allowed digit, its count and the
        // solver's offset (and the sign)
        let room = (W::BITS - 4 * width - 8).saturating_sub(c6);
        let max_levels = (room / width) as usize;
        let levels = levels.clamp(1, max_levels.max(1));
        let rr = c6 + (levels.saturating_sub(1)) as u32 * width;
        let allowed = rr + width;
        Layout {
            tie,
            cross,
            c10,
            c9,
            c8,
            c7,
            c6,
            levels,
            rr,
            allowed,
            width,
            cap9,
        }
    }
}

/// The matching over the players still to pair, with the bracket's state.
struct Round<'a> {
    ps: &'a [DubovPlayer],
    max_t: u32,
    last_round: bool,
    /// Local vertex → player index.
    v: Vec<usize>,
    alive: Vec<bool>,
    m: MaxWeightMatching<W>,
    lay: Layout,
    /// Per vertex: resident of the bracket being paired.
    resident: Vec<bool>,
    /// Per vertex: lower score level (0 = nearest lower scoregroup), for non-residents.
    level: Vec<usize>,
    /// Per vertex: excluded from being an upfloater (edges to residents cut).
    no_up: Vec<bool>,
    /// Per vertex: chosen upfloater (edges to non-residents cut).
    up: Vec<bool>,
    /// Per vertex in the bracket: in G1.
    g1: Vec<bool>,
    in_bracket: Vec<bool>,
    /// Per vertex: shift state (0 undecided, 1 shifted, 2 not shifted) and the side.
    shift: Vec<u8>,
    from: Vec<bool>,
    /// Shift step 2: pairs inside the receiving group are cut.
    strict_to: bool,
    /// Final groups fixed: pairs inside a group are cut.
    bipartite: bool,
    /// The incentive on the edges of one vertex: (vertex, per-vertex priority).
    incentive: Option<(usize, Vec<u64>)>,
}

impl Round<'_> {
    fn p(&self, a: usize) -> &DubovPlayer {
        &self.ps[self.v[a]]
    }

    /// The weight of edge {a, b} under the current state.
    fn weight(&self, a: usize, b: usize) -> W {
        if !self.alive[a] || !self.alive[b] {
            return W::ZERO;
        }
        let (pa, pb) = (self.p(a), self.p(b));
        if !pa.may_meet(pb) {
            return W::ZERO;
        }
        let (ra, rb) = (self.resident[a], self.resident[b]);
        let (ba, bb) = (self.in_bracket[a], self.in_bracket[b]);
        // bracket fixed: its players pair among themselves only
        if ba != bb {
            return W::ZERO;
        }
        // upfloater choices
        if (ra && !rb && self.no_up[b]) || (rb && !ra && self.no_up[a]) {
            return W::ZERO;
        }
        if (self.up[a] && !rb) || (self.up[b] && !ra) {
            return W::ZERO;
        }
        if ba && bb {
            let (sa, sb) = (self.shift[a], self.shift[b]);
            let (fa, fb) = (self.from[a], self.from[b]);
            let to_to = !fa && !fb;
            if (sa == 1 && (!fb || sb == 1)) || (sb == 1 && (!fa || sa == 1)) {
                return W::ZERO;
            }
            if sa == 2 && sb == 2 {
                return W::ZERO;
            }
            if self.strict_to && to_to {
                return W::ZERO;
            }
            if self.bipartite && self.g1[a] == self.g1[b] {
                return W::ZERO;
            }
        }
        let l = &self.lay;
        let mut w = W::ZERO;
        w.add_small(1, l.allowed);
        if ra || rb {
            if pa.preference != pb.preference {
                w.add_small(1, l.c7);
            }
            if ra && rb {
                w.add_small(1, l.rr);
            } else {
                let low = if ra { b } else { a };
                let pl = self.p(low);
                for j in self.level[low] + 1..l.levels {
                    w.add_small(1, l.c6 + (j as u32 - 1) * l.width);
                }
                if !self.last_round {
                    let maxup = pl.upfloats >= self.max_t;
                    if !maxup {
                        w.add_small(1, l.c8);
                    }
                    let nine = l.cap9 - if maxup { u64::from(pl.upfloats) } else { 0 };
                    w.add_small(nine, l.c9);
                    if !pl.previous_upfloat {
                        w.add_small(1, l.c10);
                    }
                }
            }
            if ba && bb && self.g1[a] != self.g1[b] {
                w.add_small(1, l.cross);
            }
        }
        if let Some((x, pr)) = &self.incentive {
            if *x == a {
                w.add_small(pr[b], l.tie);
            } else if *x == b {
                w.add_small(pr[a], l.tie);
            }
        }
        w
    }

    fn set_row(&mut self, a: usize) {
        for b in 0..self.v.len() {
            if b != a && self.alive[b] {
                let w = self.weight(a, b);
                self.m.set_weight(a, b, w);
            }
        }
    }

    fn set_all(&mut self) {
        let n = self.v.len();
        for a in 0..n {
            if !self.alive[a] {
                continue;
            }
            for b in a + 1..n {
                if self.alive[b] {
                    let w = self.weight(a, b);
                    self.m.set_weight(a, b, w);
                }
            }
        }
    }

    /// Solves; `None` unless every player still to pair is paired.
    fn solve(&mut self) -> Option<(Vec<Option<usize>>, W)> {
        let mates = self.m.solve();
        let mut total = W::ZERO;
        for (a, &mate) in mates.iter().enumerate() {
            if !self.alive.get(a).copied().unwrap_or(false) {
                continue;
            }
            let b = mate?;
            if a < b {
                total = total.plus(self.m.weight(a, b));
            }
        }
        Some((mates, total))
    }
}

impl Round<'_> {
    /// Whether one exchange of partners in the optimum `mates` (x–a, y–b
    /// into x–y, a–b) loses nothing; if so, makes it. Then that matching
    /// is an optimum too, with `x` paired to `y`: what a solve with an
    /// incentive for x–y would return, without the solve.
    fn exchange_with(&self, mates: &mut [Option<usize>], x: usize, y: usize) -> bool {
        let (Some(a), Some(b)) = (mates[x], mates[y]) else {
            return false;
        };
        if a == y {
            return true;
        }
        let w = |u: usize, v: usize| self.m.weight(u, v);
        let (xy, ab) = (w(x, y), w(a, b));
        if !xy.is_positive() || !ab.is_positive() {
            return false;
        }
        if xy.plus(ab) < w(x, a).plus(w(y, b)) {
            return false;
        }
        mates[x] = Some(y);
        mates[y] = Some(x);
        mates[a] = Some(b);
        mates[b] = Some(a);
        true
    }

    /// [`Round::exchange_with`] for the pair x–z when `cond(mates, x)` holds
    /// (x is not yet where it is wanted).
    fn exchange(
        &self,
        mates: &mut [Option<usize>],
        x: usize,
        z: usize,
        cond: impl Fn(&[Option<usize>], usize) -> bool,
    ) -> bool {
        cond(mates, x) && self.alive[z] && self.exchange_with(mates, x, z)
    }
}

/// [C1]/[C3]: whether the players `idx` can all be paired.
fn pairable(ps: &[DubovPlayer], idx: &[usize]) -> bool {
    let n = idx.len();
    if n % 2 == 1 {
        return false;
    }
    if n == 0 {
        return true;
    }
    let mut m = MaxWeightMatching::<i64>::new(n);
    m.set_offset(n as i64 + 2);
    for a in 0..n {
        for b in a + 1..n {
            if ps[idx[a]].may_meet(&ps[idx[b]]) {
                m.set_weight(a, b, 1);
            }
        }
    }
    m.solve().iter().all(Option::is_some)
}

/// The sequence numbers of art. 4.3.3: from the middle of the sorted list,
/// the higher of two middle players first.
pub fn middle_out<T: Copy>(sorted: &[T]) -> Vec<T> {
    let mut rest: Vec<T> = sorted.to_vec();
    let mut out = Vec::with_capacity(rest.len());
    while !rest.is_empty() {
        let mid = (rest.len() - 1) / 2;
        out.push(rest.remove(mid));
    }
    out
}

/// Pairs the players `ps` (all taking part). `None` when no complete pairing exists.
pub fn run(ps: &[DubovPlayer], max_t: u32, last_round: bool) -> Option<Out> {
    let all: Vec<usize> = (0..ps.len()).collect();
    // 3.1 the pairing-allocated bye
    let mut bye = None;
    if ps.len() % 2 == 1 {
        let mut cands: Vec<usize> = all
            .iter()
            .copied()
            .filter(|&i| ps[i].bye_eligible)
            .collect();
        cands.sort_by_key(|&i| {
            (
                ps[i].score,
                std::cmp::Reverse(ps[i].played_games),
                std::cmp::Reverse(ps[i].tpn),
            )
        });
        for c in cands {
            let rest: Vec<usize> = all.iter().copied().filter(|&i| i != c).collect();
            if pairable(ps, &rest) {
                bye = Some(c);
                break;
            }
        }
        bye?;
    }
    let mut v: Vec<usize> = all.iter().copied().filter(|&i| Some(i) != bye).collect();
    v.sort_by_key(|&i| (std::cmp::Reverse(ps[i].score), ps[i].tpn));
    let n = v.len();
    if n == 0 {
        return Some(Out {
            pairs: Vec::new(),
            bye,
        });
    }
    let max_upfloats = ps.iter().map(|p| p.upfloats).max().unwrap_or(0);
    let distinct_scores = {
        let mut s: Vec<i32> = v.iter().map(|&i| ps[i].score).collect();
        s.dedup();
        s.len()
    };
    let lay = Layout::new(n, max_upfloats, distinct_scores);
    let mut m = MaxWeightMatching::<W>::new(n);
    let offset = Wide::from_u64(n as u64 + 2).shl_bits(lay.allowed);
    m.set_offset(offset);
    let mut r = Round {
        ps,
        max_t,
        last_round,
        v,
        alive: vec![true; n],
        m,
        lay,
        resident: vec![false; n],
        level: vec![0; n],
        no_up: vec![false; n],
        up: vec![false; n],
        g1: vec![false; n],
        in_bracket: vec![false; n],
        shift: vec![0; n],
        from: vec![false; n],
        strict_to: false,
        bipartite: false,
        incentive: None,
    };
    let mut pairs = Vec::with_capacity(n / 2);
    while let Some(first) = (0..n).find(|&a| r.alive[a]) {
        bracket(&mut r, first, &mut pairs)?;
    }
    Some(Out { pairs, bye })
}

/// Pairs the bracket of the scoregroup of vertex `first` (art. 3.2).
fn bracket(r: &mut Round, first: usize, pairs: &mut Vec<(usize, usize)>) -> Option<()> {
    let n = r.v.len();
    let top = r.p(first).score;
    let alive: Vec<usize> = (0..n).filter(|&a| r.alive[a]).collect();
    let residents: Vec<usize> = alive
        .iter()
        .copied()
        .filter(|&a| r.p(a).score == top)
        .collect();
    let lower: Vec<usize> = alive
        .iter()
        .copied()
        .filter(|&a| r.p(a).score < top)
        .collect();
    let mut scores: Vec<i32> = lower.iter().map(|&a| r.p(a).score).collect();
    scores.dedup();
    for &a in &alive {
        r.resident[a] = r.p(a).score == top;
        r.no_up[a] = false;
        r.up[a] = false;
        r.in_bracket[a] = false;
        r.g1[a] = false;
        r.shift[a] = 0;
        r.from[a] = false;
        let s = r.p(a).score;
        // levels beyond the layout's room count as the farthest one
        r.level[a] = scores
            .iter()
            .position(|&x| x == s)
            .unwrap_or(0)
            .min(r.lay.levels - 1);
    }
    r.strict_to = false;
    r.bipartite = false;
    r.incentive = None;
    r.set_all();
    let (mut mates, _) = r.solve()?;
    // 3.2.1 the minimum number of upfloaters ([C5])
    let k = residents
        .iter()
        .filter(|&&a| mates[a].is_some_and(|b| !r.resident[b]))
        .count();
    // 3.2.2 the first best set of upfloaters (art. 4.2: sequence numbers by
    // score, then TPN; the container is the same for all the best sets)
    let mut chosen = 0;
    for &x in &lower {
        if chosen == k {
            r.no_up[x] = true;
            r.set_row(x);
            continue;
        }
        let upfloats_now = mates[x].is_some_and(|b| r.resident[b])
            || residents.iter().any(|&z| {
                r.exchange(&mut mates, x, z, |m, a| {
                    m[a].is_some_and(|b| !r.resident[b])
                })
            });
        let ok = if upfloats_now {
            true
        } else {
            // the incentive is below every criterion: the optimum stays
            // one of the best, with `x` upfloated when some best one has it
            let pr: Vec<u64> = (0..n).map(|b| u64::from(r.resident[b])).collect();
            r.incentive = Some((x, pr));
            r.set_row(x);
            let (mt, _) = r.solve()?;
            let ok = mt[x].is_some_and(|b| r.resident[b]);
            r.incentive = None;
            r.set_row(x);
            mates = mt;
            ok
        };
        if ok {
            r.up[x] = true;
            chosen += 1;
        } else {
            r.no_up[x] = true;
        }
        r.set_row(x);
    }
    let bracket: Vec<usize> = alive
        .iter()
        .copied()
        .filter(|&a| r.resident[a] || r.up[a])
        .collect();
    for &a in &bracket {
        r.in_bracket[a] = true;
    }
    // 3.2.3 G1 and G2
    let nobody_played = bracket.iter().all(|&a| r.p(a).played_games == 0);
    if nobody_played {
        let mut by_tpn = bracket.clone();
        by_tpn.sort_by_key(|&a| r.p(a).tpn);
        for &a in &by_tpn[..by_tpn.len() / 2] {
            r.g1[a] = true;
        }
    } else {
        for &a in &bracket {
            r.g1[a] = r.p(a).preference == crate::model::Color::White;
        }
    }
    r.set_all();
    let (mates, best) = r.solve()?;
    // 3.2.4 re-composition of G1 and G2
    let g1: Vec<usize> = bracket.iter().copied().filter(|&a| r.g1[a]).collect();
    let g2: Vec<usize> = bracket.iter().copied().filter(|&a| !r.g1[a]).collect();
    let small_is_g1 = g1.len() <= g2.len();
    let (small, large) = if small_is_g1 { (g1, g2) } else { (g2, g1) };
    let inside_small = small
        .iter()
        .filter(|&&a| mates[a].is_some_and(|b| r.g1[b] == r.g1[a] && a < b))
        .count();
    // 1. unavoidable pairs inside the smaller group: shift one of each
    let shifted = shift(r, &small, small_is_g1, inside_small, false, best)?;
    for &a in &shifted {
        r.g1[a] = !r.g1[a];
    }
    r.set_all();
    let (_, best) = r.solve()?;
    // 2. equal sizes: shift from the larger group
    let g1: Vec<usize> = bracket.iter().copied().filter(|&a| r.g1[a]).collect();
    let g2: Vec<usize> = bracket.iter().copied().filter(|&a| !r.g1[a]).collect();
    let (small, large2, large_is_g1) = if g1.len() <= g2.len() {
        (g1, g2, false)
    } else {
        (g2, g1, true)
    };
    let _ = large;
    let d = (large2.len() - small.len()) / 2;
    let shifted = shift(r, &large2, large_is_g1, d, true, best)?;
    for &a in &shifted {
        r.g1[a] = !r.g1[a];
    }
    for &a in &bracket {
        r.shift[a] = 0;
        r.from[a] = false;
    }
    r.strict_to = false;
    r.bipartite = true;
    r.set_all();
    let (mut mates, _) = r.solve()?;
    // 3.2.5 S1 and T2: the first transposition of G2 (TPN order) giving the
    // best legal pairing
    let mut s1: Vec<usize> = bracket.iter().copied().filter(|&a| r.g1[a]).collect();
    s1.sort_by_key(|&a| (r.p(a).aro, r.p(a).tpn));
    let mut t2: Vec<usize> = bracket.iter().copied().filter(|&a| !r.g1[a]).collect();
    t2.sort_by_key(|&a| r.p(a).tpn);
    for &s in &s1 {
        let open: Vec<usize> = t2.iter().copied().filter(|&g| r.alive[g]).collect();
        let first_ok = open
            .iter()
            .copied()
            .find(|&g| r.m.weight(s, g).is_positive());
        let exchanged =
            first_ok.is_some_and(|w| mates[s] == Some(w) || r.exchange_with(&mut mates, s, w));
        let partner = if exchanged {
            first_ok?
        } else {
            let mut pr = vec![0u64; n];
            for (i, &g) in open.iter().enumerate() {
                pr[g] = (open.len() - i) as u64;
            }
            r.incentive = Some((s, pr));
            r.set_row(s);
            let (mt, _) = r.solve()?;
            r.incentive = None;
            mates = mt;
            mates[s]?
        };
        pairs.push((r.v[s], r.v[partner]));
        r.alive[s] = false;
        r.alive[partner] = false;
        r.m.remove(s);
        r.m.remove(partner);
    }
    for &a in &bracket {
        r.in_bracket[a] = false;
        r.resident[a] = false;
    }
    Some(())
}

/// Art. 3.2.4 with art. 4.3: chooses `count` players of `group` (G1 when
/// `group_is_g1`) to shift to the other group, the first set in the order
/// of the sequence numbers that still allows the best pairing (`best`).
/// With `strict`, no pair may stay inside the receiving group.
fn shift(
    r: &mut Round,
    group: &[usize],
    group_is_g1: bool,
    count: usize,
    strict: bool,
    best: W,
) -> Option<Vec<usize>> {
    if count == 0 {
        return Some(Vec::new());
    }
    // 4.3.2 White seekers by ARO then TPN, Black seekers by TPN
    let mut sorted = group.to_vec();
    if group_is_g1 {
        sorted.sort_by_key(|&a| (r.p(a).aro, r.p(a).tpn));
    } else {
        sorted.sort_by_key(|&a| r.p(a).tpn);
    }
    let order = middle_out(&sorted);
    for &a in group {
        r.from[a] = true;
        r.shift[a] = 0;
    }
    r.strict_to = strict;
    r.set_all();
    let mut out = Vec::new();
    let mut cur = r
        .solve()
        .filter(|(_, total)| *total == best)
        .map(|(m, _)| m);
    for &x in &order {
        if out.len() == count {
            r.shift[x] = 2;
            r.set_row(x);
            continue;
        }
        r.shift[x] = 1;
        r.set_row(x);
        // when the current optimum already has x where a shifted player may
        // be, it stays an optimum: no solve
        let fits = cur
            .as_ref()
            .and_then(|m: &Vec<Option<usize>>| m[x])
            .is_some_and(|y| r.m.weight(x, y).is_positive());
        let ok = fits
            || match r.solve() {
                Some((m, total)) if total == best => {
                    cur = Some(m);
                    true
                }
                _ => false,
            };
        if ok {
            out.push(x);
        } else {
            r.shift[x] = 2;
            r.set_row(x);
            cur = None;
        }
    }
    r.solve()?;
    for &a in group {
        r.from[a] = false;
        r.shift[a] = 0;
    }
    r.strict_to = false;
    (out.len() == count).then_some(out)
}
