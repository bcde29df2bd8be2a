//! The Burstein pairing as a sequence of maximum-weight matchings.
//!
//! Every edge between two players who may meet (no earlier game, no
//! forbidden pair, not the same absolute colour preference) weighs, as
//! digits from the most significant: 1 (the pair is allowed), 1 if both are
//! in the same score group (after merging), 1 if their colour preferences
//! can both be granted (only in the group being paired), and a priority
//! used to pair the top player with the lowest possible one.
//!
//! Which maximum-weight matching the solver returns when several are
//! optimal does not matter: in step 1 a matching is acceptable exactly when
//! it is perfect with the fewest players paired across groups, which every
//! optimum is as soon as one is; in step 2 the priorities make the partner
//! of the player being paired the same in every optimum.
//!
//! 1. Score groups, from the top: the players of the next score are added
//!    (edges to their own group, and to the group above when that group has
//!    an odd number of players up to its end, so that one may float down);
//!    when the count so far is odd, the first player below stands for "some
//!    opponent lower down" with plain edges to the group. The matching must
//!    pair everyone above the group and leave each group with at most the
//!    floaters its parity allows; otherwise the next score merges in. The
//!    last group, if it cannot be paired, merges upwards.
//! 2. Each group from the top (with the floater from above), in index
//!    order: the first unpaired player gets increasing priorities on the
//!    edges to the players below them, the matching is solved again, and the
//!    partner found is fixed; a player matched below the group floats down.

use std::cmp::Ordering;

use super::Index;
use crate::blossom::MaxWeightMatching;
use crate::dutch::colour::preferences_compatible;
use crate::dutch::state::PlayerState;

// Each digit is wider than any sum of the digits below it in a matching:
// priorities go up to the size of a group, colour and same-group counts up
// to half the players.
const PRIORITY: i128 = 1;
const COLOUR: i128 = 1 << 24;
const SAME_GROUP: i128 = COLOUR << 24;
const ALLOWED: i128 = SAME_GROUP << 24;

struct Graph<'a> {
    states: &'a [PlayerState],
    /// The players to pair, by score then index (players' indices in `states`).
    v: &'a [usize],
    m: MaxWeightMatching<i128>,
}

impl Graph<'_> {
    fn weight(&self, a: usize, b: usize, same: bool, colour: bool) -> i128 {
        let (p, q) = (&self.states[self.v[a]], &self.states[self.v[b]]);
        if p.forbidden.contains(&q.id)
            || q.forbidden.contains(&p.id)
            || (p.absolute() && q.absolute() && p.preference == q.preference)
        {
            return 0;
        }
        let mut w = ALLOWED;
        if same {
            w += SAME_GROUP;
            if colour && preferences_compatible(p.preference, q.preference) {
                w += COLOUR;
            }
        }
        w
    }

    fn set(&mut self, a: usize, b: usize, same: bool, colour: bool) {
        let w = self.weight(a, b, same, colour);
        self.m.set_weight(a, b, w);
    }

    fn score(&self, a: usize) -> i32 {
        self.states[self.v[a]].score
    }
}

/// Whether the matching pairs everyone above the group being built and leaves
/// every group with no more players paired outside it than its parity allows.
fn valid(mates: &[Option<usize>], groups: &[usize]) -> bool {
    let last = groups[groups.len() - 1];
    let current = groups[groups.len() - 2];
    let mut it = 0;
    let mut outside = 0;
    let mut begin = 0;
    for (v, m) in mates.iter().enumerate() {
        if v >= last {
            return true;
        }
        if v >= groups[it] {
            outside = 0;
            begin = v;
            while v >= groups[it] {
                it += 1;
            }
        }
        let end = groups[it];
        let m = m.unwrap_or(v);
        if m == v && v < current {
            return false;
        }
        if m == v || m < begin || m >= end {
            outside += 1;
            if outside > if end & 1 == 1 { 2 } else { 1 } {
                return false;
            }
        }
    }
    true
}

/// Pairs the players `v` (indices in `states`, ordered by score then index,
/// an even number). Returns the pairs, or `None` when no pairing exists.
pub fn run(states: &[PlayerState], index: &[Index], v: &[usize]) -> Option<Vec<(usize, usize)>> {
    let n = v.len();
    if n == 0 {
        return Some(Vec::new());
    }
    let mut m = MaxWeightMatching::<i128>::new(n);
    m.set_offset(ALLOWED * (n as i128 + 2));
    let mut g = Graph { states, v, m };

    // 1. score groups
    let mut groups: Vec<usize> = vec![0, 0];
    let mut ok = true;
    let mut mates = Vec::new();
    while *groups.last().unwrap() < n {
        groups.push(*groups.last().unwrap());
        loop {
            let begin = *groups.last().unwrap();
            loop {
                let len = groups.len();
                let (a, b, c) = (groups[len - 3], groups[len - 2], groups[len - 1]);
                for x in a..c {
                    g.set(x, c, x >= b, false);
                }
                groups[len - 1] += 1;
                let c = groups[len - 1];
                if !(c < n && g.score(begin) == g.score(c)) {
                    break;
                }
            }
            let len = groups.len();
            let (b, c) = (groups[len - 2], groups[len - 1]);
            if c & 1 == 1 {
                for x in b..c {
                    g.m.set_weight(c, x, ALLOWED);
                }
            }
            mates = g.m.solve();
            ok = valid(&mates, &groups);
            if c >= n || ok {
                break;
            }
        }
        let c = *groups.last().unwrap();
        if c < n && c & 1 == 0 {
            groups.push(c);
        }
    }
    while groups.len() > 3 && !ok {
        groups.pop();
        let boundary = groups.pop().unwrap();
        let begin = groups.pop().unwrap();
        let start = *groups.last().unwrap();
        for outer in start..boundary {
            for inner in boundary..n {
                g.set(outer, inner, outer >= begin, false);
            }
        }
        mates = g.m.solve();
        groups.push(begin);
        groups.push(n);
        ok = valid(&mates, &groups);
    }
    if !ok {
        return None;
    }
    drop(mates);
    let mut current: Vec<Option<usize>>;

    // 2. pairing inside each group, top against the lowest possible
    let mut paired = vec![false; n];
    let mut out = Vec::with_capacity(n / 2);
    let mut floater: Option<usize> = None;
    let mut begin = groups[0];
    for &end in &groups[1..] {
        if begin == end {
            continue;
        }
        let mut full: Vec<usize> = (begin..end).collect();
        full.extend(floater.take());
        // the floater's index is compared with the group's on other terms
        // (see `Index::compare`), which is not always transitive: the order
        // is then the one of the merge sort the endorsed engine uses
        let full = list_sort(full, |x, y| {
            index[v[y]].compare(&index[v[x]]) == Ordering::Less
        });
        for (i, &x) in full.iter().enumerate() {
            for &y in &full[i + 1..] {
                g.set(x, y, true, true);
            }
        }
        // the optimum with the colour digits of this group
        current = g.m.solve();
        for (i, &x) in full.iter().enumerate() {
            if paired[x] {
                continue;
            }
            // the partner wanted: the lowest player below `x` that `x` may meet
            let wanted = full[i + 1..]
                .iter()
                .rev()
                .copied()
                .find(|&y| !paired[y] && g.weight(x, y, true, true) > 0);
            // When the current optimum can give `x` that partner by one
            // exchange of partners (x–a, w–b into x–w, a–b) at no loss, that
            // matching is an optimum with `x`'s highest priority, which is
            // what the matching with the priorities would choose: no solve.
            let swapped = wanted.and_then(|w| {
                let (a, b) = (current[x]?, current[w]?);
                if a == w {
                    return Some(w);
                }
                let gain = g.m.weight(x, w) + g.m.weight(a, b);
                let loss = g.m.weight(x, a) + g.m.weight(w, b);
                (g.m.weight(a, b) > 0 && gain >= loss).then(|| {
                    current[a] = Some(b);
                    current[b] = Some(a);
                    current[x] = Some(w);
                    current[w] = Some(x);
                    w
                })
            });
            let y = match swapped {
                Some(y) => y,
                None => {
                    let mut priority = PRIORITY;
                    for &y in &full[i + 1..] {
                        if paired[y] {
                            continue;
                        }
                        let w = g.weight(x, y, true, true);
                        if w > 0 {
                            g.m.set_weight(x, y, w + priority);
                            priority += PRIORITY;
                        }
                    }
                    current = g.m.solve();
                    current[x]?
                }
            };
            if y >= end {
                floater = Some(x);
            } else {
                paired[x] = true;
                paired[y] = true;
                g.m.remove(x);
                g.m.remove(y);
                out.push((v[x], v[y]));
            }
        }
        begin = end;
    }
    if out.len() * 2 != n {
        return None;
    }
    Some(out)
}

/// A stable bottom-up merge sort of a list, in the exact order of
/// comparisons of the C++ standard library's `std::list::sort` (GNU
/// libstdc++): elements are taken one by one into bins of 1, 2, 4, …
/// elements, merged into the next bin when a bin fills, and the bins merged
/// from the smallest at the end. With a consistent order any stable sort
/// gives the same result; with a comparison that is not transitive this one
/// gives the endorsed engine's. `less(a, b)`: `a` goes before `b`.
pub fn list_sort(items: Vec<usize>, less: impl Fn(usize, usize) -> bool) -> Vec<usize> {
    // `this` keeps its elements before equal ones of `other`
    let merge = |this: Vec<usize>, other: Vec<usize>| -> Vec<usize> {
        let mut out = Vec::with_capacity(this.len() + other.len());
        let (mut i, mut j) = (0, 0);
        while i < this.len() && j < other.len() {
            if less(other[j], this[i]) {
                out.push(other[j]);
                j += 1;
            } else {
                out.push(this[i]);
                i += 1;
            }
        }
        out.extend_from_slice(&this[i..]);
        out.extend_from_slice(&other[j..]);
        out
    };
    if items.len() <= 1 {
        return items;
    }
    let mut bins: Vec<Vec<usize>> = Vec::new();
    for x in items {
        let mut carry = vec![x];
        let mut i = 0;
        while i < bins.len() && !bins[i].is_empty() {
            carry = merge(std::mem::take(&mut bins[i]), carry);
            i += 1;
        }
        if i == bins.len() {
            bins.push(carry);
        } else {
            bins[i] = carry;
        }
    }
    for i in 1..bins.len() {
        let lower = std::mem::take(&mut bins[i - 1]);
        let upper = std::mem::take(&mut bins[i]);
        bins[i] = merge(upper, lower);
    }
    bins.pop().unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::list_sort;

    #[test]
    fn list_sort_is_a_stable_sort_for_a_consistent_order() {
        let mut seed = 0x2545_F491_4F6C_DD1Du64;
        for n in 0..200usize {
            let keys: Vec<u64> = (0..n)
                .map(|_| {
                    seed ^= seed << 13;
                    seed ^= seed >> 7;
                    seed ^= seed << 17;
                    seed % 7
                })
                .collect();
            let got = list_sort((0..n).collect(), |a, b| keys[a] < keys[b]);
            let mut want: Vec<usize> = (0..n).collect();
            want.sort_by_key(|&i| keys[i]);
            assert_eq!(got, want, "n = {n}");
        }
    }

    #[test]
    fn list_sort_takes_the_bins_in_the_library_order() {
        // with a comparison that says "before" for every pair, each merge
        // puts the newer run first: the order the C++ library gives
        // (checked against `std::list::sort` of GNU libstdc++)
        let got = list_sort((0..6).collect(), |a, b| a != b);
        assert_eq!(got, vec![5, 4, 3, 2, 1, 0]);
    }
}
