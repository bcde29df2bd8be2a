//! The pairing procedure of the Double-Swiss system (C.04.5 art. 3): the
//! bye, then bracket after bracket from the top, each with its upfloaters
//! and its pairing. See the module documentation of `super` for the order
//! of the criteria; positions are indices into the players as
//! [`super::players`] orders them (score descending, then TPN).

use crate::blossom::MaxWeightMatching;
use crate::upfloaters::{current_set, next_set, profiles};

use super::DsPlayer;

/// Sets of upfloaters examined for one [C5] profile before the best one
/// seen is taken (a bound on the work in large fields; small fields never
/// reach it).
const SET_LIMIT: usize = 20_000;

struct Field<'a> {
    s: &'a [DsPlayer],
    n: usize,
    met: Vec<bool>,
    /// [C7] and [C8] do not apply (the last match).
    last: bool,
}

impl<'a> Field<'a> {
    fn new(s: &'a [DsPlayer], last: bool) -> Self {
        let n = s.len();
        let mut met = vec![false; n * n];
        let pos: std::collections::HashMap<u32, usize> =
            s.iter().enumerate().map(|(i, p)| (p.id, i)).collect();
        for (i, p) in s.iter().enumerate() {
            for o in &p.met {
                if let Some(&j) = pos.get(o) {
                    met[i * n + j] = true;
                    met[j * n + i] = true;
                }
            }
        }
        Field { s, n, met, last }
    }

    /// [C1]: the two have not met.
    fn compatible(&self, i: usize, j: usize) -> bool {
        i != j && !self.met[i * self.n + j]
    }

    /// Whether `nodes` can all be paired without a rematch: first fit, then
    /// a maximum matching.
    fn pairable(&self, nodes: &[usize]) -> bool {
        if nodes.len() % 2 == 1 {
            return false;
        }
        let mut used = vec![false; nodes.len()];
        let mut greedy = true;
        for x in 0..nodes.len() {
            if used[x] {
                continue;
            }
            used[x] = true;
            match (x + 1..nodes.len()).find(|&y| !used[y] && self.compatible(nodes[x], nodes[y])) {
                Some(y) => used[y] = true,
                None => {
                    greedy = false;
                    break;
                }
            }
        }
        if greedy {
            return true;
        }
        let n = nodes.len();
        let mut m = MaxWeightMatching::<i64>::new(n);
        for x in 0..n {
            for y in x + 1..n {
                if self.compatible(nodes[x], nodes[y]) {
                    m.set_weight(x, y, 1);
                }
            }
        }
        m.solve().iter().all(Option::is_some)
    }

    /// [C8] cost of the pair `(i, j)` in a bracket whose residents score
    /// `top`: each upfloater (a lower score) whose opponent floated in the
    /// previous match counts one.
    fn cost(&self, i: usize, j: usize, top: i32) -> i64 {
        if self.last {
            return 0;
        }
        let (a, b) = (&self.s[i], &self.s[j]);
        i64::from(a.score < top && b.floated_last()) + i64::from(b.score < top && a.floated_last())
    }

    /// The least [C8] cost of a perfect pairing of `nodes` whose pairs
    /// `(x, y)` (positions in `nodes`, `x < y`) satisfy `allowed`, if any.
    fn least_cost(
        &self,
        nodes: &[usize],
        top: i32,
        allowed: &dyn Fn(usize, usize) -> bool,
    ) -> Option<i64> {
        let n = nodes.len();
        if n % 2 == 1 {
            return None;
        }
        if n == 0 {
            return Some(0);
        }
        let big = 3 * (n as i64 + 1);
        let mut m = MaxWeightMatching::<i64>::new(n);
        for x in 0..n {
            for y in x + 1..n {
                if allowed(x, y) && self.compatible(nodes[x], nodes[y]) {
                    m.set_weight(x, y, big - self.cost(nodes[x], nodes[y], top));
                }
            }
        }
        let mate = m.solve();
        if mate.iter().any(Option::is_none) {
            return None;
        }
        Some(
            (0..n)
                .filter_map(|x| mate[x].filter(|&y| y > x).map(|y| (x, y)))
                .map(|(x, y)| self.cost(nodes[x], nodes[y], top))
                .sum(),
        )
    }

    /// Whether `nodes` can be paired within `budget` of [C8] cost under
    /// `allowed` (first fit, then the exact matching).
    fn feasible(
        &self,
        nodes: &[usize],
        top: i32,
        budget: i64,
        allowed: &dyn Fn(usize, usize) -> bool,
    ) -> bool {
        let n = nodes.len();
        if n % 2 == 1 {
            return false;
        }
        let mut used = vec![false; n];
        let mut spent = 0;
        let mut greedy = true;
        for x in 0..n {
            if used[x] {
                continue;
            }
            used[x] = true;
            let found = (x + 1..n).find(|&y| {
                !used[y]
                    && allowed(x, y)
                    && self.compatible(nodes[x], nodes[y])
                    && spent + self.cost(nodes[x], nodes[y], top) <= budget
            });
            match found {
                Some(y) => {
                    used[y] = true;
                    spent += self.cost(nodes[x], nodes[y], top);
                }
                None => {
                    greedy = false;
                    break;
                }
            }
        }
        greedy
            || self
                .least_cost(nodes, top, allowed)
                .is_some_and(|c| c <= budget)
    }

    /// Art. 3.6: the pairing of `bracket` (positions, in TPN order, which
    /// can be paired) with the least [C8] cost and, among those, the
    /// smallest identifier: the top members as small as possible, then the
    /// bottom members in the order of their top members.
    fn pair_bracket(&self, bracket: &[usize], top: i32) -> Option<Vec<(usize, usize)>> {
        #[derive(Clone, Copy, PartialEq, Eq)]
        enum Role {
            Top,
            Bottom,
            Open,
        }
        let any_cost = !self.last
            && bracket.iter().any(|&i| self.s[i].score < top)
            && bracket.iter().any(|&i| self.s[i].floated_last());
        let budget = if any_cost {
            self.least_cost(bracket, top, &|_, _| true)?
        } else {
            0
        };
        let m = bracket.len();
        let half = m / 2;
        let mut role = vec![Role::Open; m];
        let mut tops = 0;
        for x in 0..m {
            if tops == half {
                role[x] = Role::Bottom;
                continue;
            }
            role[x] = Role::Top;
            let r = role.clone();
            let allowed = move |a: usize, b: usize| r[a] != Role::Bottom && r[b] != Role::Top;
            if self.feasible(bracket, top, budget, &allowed) {
                tops += 1;
            } else {
                role[x] = Role::Bottom;
            }
        }
        let mut free: Vec<usize> = (0..m).collect();
        let mut left = budget;
        let mut pairs = Vec::with_capacity(half);
        for x in (0..m).filter(|&x| role[x] == Role::Top) {
            let mut chosen = None;
            for &y in free.iter().filter(|&&y| y > x && role[y] == Role::Bottom) {
                if !self.compatible(bracket[x], bracket[y]) {
                    continue;
                }
                let c = self.cost(bracket[x], bracket[y], top);
                if c > left {
                    continue;
                }
                let rest: Vec<usize> = free.iter().copied().filter(|&z| z != x && z != y).collect();
                let nodes: Vec<usize> = rest.iter().map(|&z| bracket[z]).collect();
                let roles: Vec<Role> = rest.iter().map(|&z| role[z]).collect();
                let allowed =
                    |a: usize, b: usize| roles[a] == Role::Top && roles[b] == Role::Bottom;
                if self.feasible(&nodes, top, left - c, &allowed) {
                    chosen = Some((y, c));
                    break;
                }
            }
            let (y, c) = chosen?;
            left -= c;
            pairs.push((bracket[x], bracket[y]));
            free.retain(|&z| z != x && z != y);
        }
        Some(pairs)
    }

    /// [C6] (interpretation): what is left of the following scoregroup
    /// (`left`) can be paired, with the rest, with the fewest upfloaters its
    /// size allows: none when even, one when odd.
    fn c6_holds(&self, left: &[usize], rest: &[usize]) -> bool {
        if left.is_empty() {
            return true;
        }
        let others: Vec<usize> = rest.iter().copied().filter(|i| !left.contains(i)).collect();
        if left.len().is_multiple_of(2) {
            return self.pairable(left) && self.pairable(&others);
        }
        others.iter().any(|&u| {
            let mut b = left.to_vec();
            b.push(u);
            let o: Vec<usize> = others.iter().copied().filter(|&z| z != u).collect();
            self.pairable(&b) && self.pairable(&o)
        })
    }

    /// The fewest players from outside `group` that a pairing of all of
    /// `pending` must pair with members of `group` (`None`: `pending` cannot
    /// be paired).
    fn fewest_upfloaters(&self, group: &[usize], pending: &[usize]) -> Option<usize> {
        let n = pending.len();
        let big = 2 * (n as i64 + 2);
        let inside = |i: usize| group.contains(&i);
        let mut m = MaxWeightMatching::<i64>::new(n);
        for x in 0..n {
            for y in x + 1..n {
                if self.compatible(pending[x], pending[y]) {
                    let both = inside(pending[x]) && inside(pending[y]);
                    m.set_weight(x, y, big + i64::from(both));
                }
            }
        }
        let mate = m.solve();
        if mate.iter().any(Option::is_none) {
            return None;
        }
        let pairs_inside = (0..n)
            .filter(|&x| inside(pending[x]) && mate[x].is_some_and(|y| y > x && inside(pending[y])))
            .count();
        Some(group.len() - 2 * pairs_inside)
    }
}

/// The pairs and the pairing-allocated bye, as positions.
pub type Paired = (Vec<(usize, usize)>, Option<usize>);

/// Pairs the players `s` (in the order of [`super::players`]): the pairs and
/// the pairing-allocated bye, as positions in `s`. `last`: the last match
/// ([C7], [C8] do not apply).
pub fn pair_players(s: &[DsPlayer], last: bool) -> Result<Paired, &'static str> {
    let f = Field::new(s, last);
    let all: Vec<usize> = (0..s.len()).collect();
    let mut bye = None;
    let mut pending = all.clone();
    if s.len() % 2 == 1 {
        // Art. 3.4: the lowest score, the most matches played, the largest
        // TPN, among those [C2] allows, whose bye leaves the rest pairable.
        let mut candidates: Vec<usize> =
            all.iter().copied().filter(|&i| !s[i].bye_barred).collect();
        candidates.sort_by_key(|&i| {
            (
                s[i].score,
                std::cmp::Reverse(s[i].matches),
                std::cmp::Reverse(s[i].tpn),
            )
        });
        for c in candidates {
            let rest: Vec<usize> = all.iter().copied().filter(|&i| i != c).collect();
            if f.pairable(&rest) {
                bye = Some(c);
                pending = rest;
                break;
            }
        }
        if bye.is_none() {
            return Err("no player can take the bye and leave the others pairable");
        }
    } else if !f.pairable(&pending) {
        return Err("the players cannot all be paired without a rematch");
    }
    let mut pairs = Vec::new();
    while !pending.is_empty() {
        let top = s[pending[0]].score;
        let group: Vec<usize> = pending
            .iter()
            .copied()
            .filter(|&i| s[i].score == top)
            .collect();
        let mut levels: Vec<(i32, Vec<usize>)> = Vec::new();
        for &i in pending.iter().filter(|&&i| s[i].score != top) {
            match levels.iter_mut().find(|l| l.0 == s[i].score) {
                Some(l) => l.1.push(i),
                None => levels.push((s[i].score, vec![i])),
            }
        }
        // `pending` is in score-then-TPN order, so are the levels.
        let below: usize = levels.iter().map(|l| l.1.len()).sum();
        let mut k = group.len() % 2;
        let mut exact_done = false;
        let mut done = None;
        while k <= below && done.is_none() {
            for profile in profiles(&levels, k) {
                if let Some(found) = choose(&f, &group, &pending, &levels, &profile, top) {
                    done = Some(found);
                    break;
                }
            }
            if done.is_none() && !exact_done {
                exact_done = true;
                let fewest = f
                    .fewest_upfloaters(&group, &pending)
                    .ok_or("the players left cannot all be paired")?;
                k = fewest.max(k + 2);
            } else {
                k += 2;
            }
        }
        let (p, rest) = done.ok_or("a bracket cannot be completed")?;
        pairs.extend(p);
        pending = rest;
    }
    Ok((pairs, bye))
}

/// A bracket's pairing and the players left.
type Choice = (Vec<(usize, usize)>, Vec<usize>);

/// A set of upfloaters examined: its ([C6] fails, [C7]) key, the bracket
/// and the players left.
type Candidate = ((bool, usize), Vec<usize>, Vec<usize>);

/// Art. 3.5: among the sets of upfloaters of `profile` (per level, in the
/// order of 3.5.4) that make a legal bracket and leave the rest pairable
/// ([C3]), the first best on [C6] then [C7]; its bracket's pairing.
fn choose(
    f: &Field,
    group: &[usize],
    pending: &[usize],
    levels: &[(i32, Vec<usize>)],
    profile: &[usize],
    top: i32,
) -> Option<Choice> {
    let s = f.s;
    let mut combos: Vec<Vec<usize>> = profile.iter().map(|&n| (0..n).collect()).collect();
    let following: &[usize] = levels.first().map_or(&[], |l| l.1.as_slice());
    let mut best: Option<Candidate> = None;
    let mut examined = 0;
    loop {
        let set = current_set(&combos, levels);
        let c7 = if f.last {
            0
        } else {
            set.iter().filter(|&&i| s[i].floated_last()).count()
        };
        if best.as_ref().is_none_or(|b| (false, c7) < b.0) {
            let mut bracket: Vec<usize> = group.to_vec();
            bracket.extend(&set);
            let rest: Vec<usize> = pending
                .iter()
                .copied()
                .filter(|i| !bracket.contains(i))
                .collect();
            if f.pairable(&bracket) && f.pairable(&rest) {
                let left: Vec<usize> = following
                    .iter()
                    .copied()
                    .filter(|i| !set.contains(i))
                    .collect();
                let key = (!f.c6_holds(&left, &rest), c7);
                if best.as_ref().is_none_or(|b| key < b.0) {
                    best = Some((key, bracket, rest));
                }
            }
        }
        examined += 1;
        if best.as_ref().is_some_and(|b| b.0 == (false, 0)) || examined >= SET_LIMIT {
            break;
        }
        // the next set: the lowest level's choice moves first
        if !next_set(&mut combos, levels) {
            break;
        }
    }
    let (_, mut bracket, rest) = best?;
    bracket.sort_by_key(|&i| s[i].tpn);
    let pairs = f.pair_bracket(&bracket, top)?;
    Some((pairs, rest))
}
