//! The pairing of one scoregroup (a "bracket": the natives of a score and
//! the floaters that reached it) under C.04.4.3 art. 2–4, as read in
//! `mod.rs`: the fewest floaters (art. 2.3), the floaters chosen by type
//! (art. 3.9) and rank (art. 3.2), then the remaining players paired upper
//! half against lower half with the exchanges of art. 4 in their order.
//!
//! The bracket is handed over in *scrutiny order*: position 0 is the player
//! scrutinised first (the highest-ranked when pairing downward, the
//! lowest-ranked when pairing upward), so that the upward pairing is the
//! downward one read from the other end.

use crate::blossom::MaxWeightMatching;

/// Compatibility (art. 2.1) between the members of a bracket, by position.
pub struct Graph {
    n: usize,
    ok: Vec<bool>,
}

impl Graph {
    pub fn new(n: usize, mut compatible: impl FnMut(usize, usize) -> bool) -> Graph {
        let mut ok = vec![false; n * n];
        for a in 0..n {
            for b in a + 1..n {
                if compatible(a, b) {
                    ok[a * n + b] = true;
                    ok[b * n + a] = true;
                }
            }
        }
        Graph { n, ok }
    }

    #[inline]
    pub fn ok(&self, a: usize, b: usize) -> bool {
        self.ok[a * self.n + b]
    }

    /// The size of a maximum matching of the members in `set`.
    fn max_matching(&self, set: &[usize]) -> usize {
        if set.len() < 2 {
            return 0;
        }
        let mut m = MaxWeightMatching::<i64>::new(set.len());
        m.set_offset(1);
        for (i, &a) in set.iter().enumerate() {
            for (j, &b) in set.iter().enumerate().skip(i + 1) {
                if self.ok(a, b) {
                    m.set_weight(i, j, 1);
                }
            }
        }
        m.solve().iter().filter(|x| x.is_some()).count() / 2
    }

    /// Whether the members in `set` can all be paired.
    fn perfect(&self, set: &[usize]) -> bool {
        set.len().is_multiple_of(2) && self.max_matching(set) * 2 == set.len()
    }
}

/// The order in which the player at position `i` of the remaining players
/// (`len` of them, upper half `0..len/2`) looks for an opponent (art. 4.2):
/// first the proposed opponent of the lower half and the lower-half players
/// after it, then the lower-half players before it (nearest first), then the
/// upper-half players from the bottom of the upper half up. A lower-half
/// player (only ever scrutinised when the whole upper half is paired) looks
/// at the players after it, then those before it, nearest first.
pub fn candidates(i: usize, len: usize) -> impl Iterator<Item = usize> {
    let h = len / 2;
    let (first, second, third): (
        std::ops::Range<usize>,
        std::iter::Rev<std::ops::Range<usize>>,
        std::iter::Rev<std::ops::Range<usize>>,
    ) = if i < h {
        (i + h..len, (h..i + h).rev(), (0..h).rev())
    } else {
        (i + 1..len, (h..i).rev(), (0..h).rev())
    };
    first.chain(second).chain(third).filter(move |&c| c != i)
}

/// Art. 4 on the players `rest` (positions in the bracket, in scrutiny
/// order, an even number that can all be paired): the pairing found by
/// scrutinising the players in order, each taking the first opponent in its
/// exchange order with whom the players still unpaired can all be paired.
/// `None` when they cannot all be paired.
pub fn exchange(g: &Graph, rest: &[usize]) -> Option<Vec<(usize, usize)>> {
    let len = rest.len();
    let mut mate: Vec<Option<usize>> = vec![None; len];
    if let Some(done) = greedy(g, rest, &mut mate.clone()) {
        return Some(done);
    }
    let mut free: Vec<usize> = (0..len).collect();
    for i in 0..len {
        if mate[i].is_some() {
            continue;
        }
        let mut chosen = None;
        for c in candidates(i, len) {
            if mate[c].is_some() || !g.ok(rest[i], rest[c]) {
                continue;
            }
            let mut trial = mate.clone();
            trial[i] = Some(c);
            trial[c] = Some(i);
            // a completion by first choices is the one art. 4 reaches
            if let Some(done) = greedy(g, rest, &mut trial.clone()) {
                return Some(done);
            }
            let others: Vec<usize> = free
                .iter()
                .copied()
                .filter(|&x| x != i && x != c)
                .map(|x| rest[x])
                .collect();
            if g.perfect(&others) {
                chosen = Some(c);
                break;
            }
        }
        let c = chosen?;
        mate[i] = Some(c);
        mate[c] = Some(i);
        free.retain(|&x| x != i && x != c);
    }
    Some(pairs_of(rest, &mate))
}

/// Every unpaired player in order takes the first unpaired compatible player
/// of its exchange order; `None` if one finds none.
fn greedy(g: &Graph, rest: &[usize], mate: &mut [Option<usize>]) -> Option<Vec<(usize, usize)>> {
    let len = rest.len();
    for i in 0..len {
        if mate[i].is_some() {
            continue;
        }
        let c = candidates(i, len).find(|&c| mate[c].is_none() && g.ok(rest[i], rest[c]))?;
        mate[i] = Some(c);
        mate[c] = Some(i);
    }
    Some(pairs_of(rest, mate))
}

fn pairs_of(rest: &[usize], mate: &[Option<usize>]) -> Vec<(usize, usize)> {
    mate.iter()
        .enumerate()
        .filter_map(|(i, m)| m.filter(|&c| i < c).map(|c| (rest[i], rest[c])))
        .collect()
}

/// The outcome of a bracket: pairs and floaters, as positions.
pub struct Outcome {
    pub pairs: Vec<(usize, usize)>,
    pub floaters: Vec<usize>,
}

/// Pairs a bracket of `g.n` members in scrutiny order. `preference` lists
/// every member from the most to the least suitable floater (art. 3.9 type,
/// then art. 3.2 rank); `may_float` is false for the median scoregroup,
/// which has no neighbour left to send a floater to.
pub fn bracket(g: &Graph, preference: &[usize], may_float: bool) -> Option<Outcome> {
    let n = g.n;
    let all: Vec<usize> = (0..n).collect();
    if n.is_multiple_of(2) {
        if let Some(pairs) = greedy(g, &all, &mut vec![None; n]) {
            return Some(Outcome {
                pairs,
                floaters: Vec::new(),
            });
        }
    } else if may_float {
        // usually the first choice of floater leaves a group paired by first choices
        let x = preference[0];
        let rest: Vec<usize> = all.iter().copied().filter(|&p| p != x).collect();
        if let Some(pairs) = greedy(g, &rest, &mut vec![None; rest.len()]) {
            return Some(Outcome {
                pairs,
                floaters: vec![x],
            });
        }
    }
    let m = g.max_matching(&all);
    let f = n - 2 * m;
    if f > 0 && !may_float {
        return None;
    }
    let mut floaters: Vec<usize> = Vec::with_capacity(f);
    for &x in preference {
        if floaters.len() == f {
            break;
        }
        let rest: Vec<usize> = all
            .iter()
            .copied()
            .filter(|p| *p != x && !floaters.contains(p))
            .collect();
        let fits = if floaters.len() + 1 == f {
            greedy(g, &rest, &mut vec![None; rest.len()]).is_some() || g.perfect(&rest)
        } else {
            g.max_matching(&rest) == m
        };
        if fits {
            floaters.push(x);
        }
    }
    let rest: Vec<usize> = all
        .iter()
        .copied()
        .filter(|p| !floaters.contains(p))
        .collect();
    let pairs = exchange(g, &rest)?;
    Some(Outcome { pairs, floaters })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_exchange_order_of_art_4_2() {
        // six players 1..6: 1 v 4, then 1 v 5, 1 v 6, 1 v 3, 1 v 2
        let got: Vec<usize> = candidates(0, 6).map(|c| c + 1).collect();
        assert_eq!(got, vec![4, 5, 6, 3, 2]);
    }
}
