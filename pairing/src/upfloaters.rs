//! Choosing the upfloaters of a bracket from the score levels below it, in
//! the order the team Swiss (C.04.6 art. 2.3.2, 3.5.3–3.5.4) and the
//! Double-Swiss (C.04.5, whose art. 3.5 repeats it) prescribe: first how many
//! from each level ([`profiles`]), then which ones ([`current_set`],
//! [`next_set`]).

/// The ways of taking `k` upfloaters from the score `levels` (highest
/// first): how many from each level, in the order of C5 (the upfloaters'
/// scores, taken in ascending order, as high as possible).
pub(crate) fn profiles<S: Copy + Ord>(levels: &[(S, Vec<usize>)], k: usize) -> Vec<Vec<usize>> {
    fn fill<S>(
        levels: &[(S, Vec<usize>)],
        at: usize,
        left: usize,
        cur: &mut Vec<usize>,
        out: &mut Vec<Vec<usize>>,
    ) {
        if at == levels.len() {
            if left == 0 {
                out.push(cur.clone());
            }
            return;
        }
        for take in (0..=left.min(levels[at].1.len())).rev() {
            cur.push(take);
            fill(levels, at + 1, left - take, cur, out);
            cur.pop();
        }
    }
    let mut out = Vec::new();
    fill(levels, 0, k, &mut Vec::new(), &mut out);
    let ascending = |p: &Vec<usize>| -> Vec<S> {
        let mut v: Vec<S> = p
            .iter()
            .zip(levels)
            .flat_map(|(&n, l)| std::iter::repeat_n(l.0, n))
            .collect();
        v.sort_unstable();
        v
    };
    out.sort_by_key(|p| std::cmp::Reverse(ascending(p)));
    out
}

/// The set of upfloaters `combos` picks (per level, indices into the level's
/// members), in the order of art. 3.5.3: by level (score descending), then
/// as the level is sorted.
pub(crate) fn current_set<S>(combos: &[Vec<usize>], levels: &[(S, Vec<usize>)]) -> Vec<usize> {
    combos
        .iter()
        .zip(levels)
        .flat_map(|(c, l)| c.iter().map(|&k| l.1[k]))
        .collect()
}

/// Moves `combos` to the next set in the order of art. 3.5.4 (lexicographic,
/// the lowest level's choice moving first); `false` after the last.
pub(crate) fn next_set<S>(combos: &mut [Vec<usize>], levels: &[(S, Vec<usize>)]) -> bool {
    for (c, l) in combos.iter_mut().zip(levels).rev() {
        if c.is_empty() {
            continue;
        }
        if next_combination(c, l.1.len()) {
            return true;
        }
        for (k, x) in c.iter_mut().enumerate() {
            *x = k;
        }
    }
    false
}

/// The next combination of `combo.len()` indices out of `n`, in
/// lexicographic order; `false` after the last one.
fn next_combination(combo: &mut [usize], n: usize) -> bool {
    let k = combo.len();
    for i in (0..k).rev() {
        if combo[i] < n - k + i {
            combo[i] += 1;
            for j in i + 1..k {
                combo[j] = combo[j - 1] + 1;
            }
            return true;
        }
    }
    false
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Two upfloaters from levels of 2 and 3 members: both from the higher
    /// level first; every set of a profile visited once, lowest level first.
    #[test]
    fn profiles_and_sets_in_the_order_of_the_rules() {
        let levels = vec![(4, vec![10, 11]), (2, vec![20, 21, 22])];
        assert_eq!(
            profiles(&levels, 2),
            vec![vec![2, 0], vec![1, 1], vec![0, 2]]
        );
        let mut combos = vec![vec![0], vec![0]];
        let mut seen = vec![current_set(&combos, &levels)];
        while next_set(&mut combos, &levels) {
            seen.push(current_set(&combos, &levels));
        }
        assert_eq!(
            seen,
            vec![
                vec![10, 20],
                vec![10, 21],
                vec![10, 22],
                vec![11, 20],
                vec![11, 21],
                vec![11, 22]
            ]
        );
    }
}
