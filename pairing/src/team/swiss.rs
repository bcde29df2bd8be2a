//! The FIDE Swiss system for teams (Handbook C.04.6, applied from
//! 1 February 2026).
//!
//! C.04.6 applies the basic rules for Swiss systems (C.04.1, except its
//! articles 6 and 7 on colours) and the general handling rules (C.04.2) to
//! teams, and adds its own scores, colour preferences and colour allocation.
//! What this module does, in order:
//!
//! 1. **Scores and pairing numbers** (art. 1.1, 1.2): teams are grouped by
//!    the primary score (match points or game points, as the regulations
//!    choose); a team's TPN is its pairing number (the team's id), given
//!    before round 1 and not changed.
//! 2. **Pairing-allocated bye** (art. 3.4, C2): first, to a team that has
//!    neither had the bye nor won a match by forfeit, of the lowest score,
//!    then with the most matches actually played, then the largest TPN,
//!    provided the other teams can still all be paired (C3).
//! 3. **Brackets from the top** (art. 3.3, 3.5): the teams of the highest
//!    remaining score, with as few upfloaters from below as a complete
//!    pairing allows (C4); the upfloaters' scores, in ascending order, as
//!    high as possible (C5); among those sets, in the lexicographic order
//!    of their TPNs (3.5.3, 3.5.4), the first that gives a legal bracket,
//!    leaves the rest pairable (C3), lets the following scoregroup pair
//!    with the fewest upfloaters its size allows (C6) and has the fewest
//!    upfloaters that floated in the previous round, except in the last two
//!    rounds (C7).
//! 4. **The bracket's pairing** (art. 3.6): no rematch (C1; a match
//!    forfeited as a whole is no meeting, C.04.2 art. 3.5); fewest teams
//!    without their colour preference (C8), then (Type B) fewest strong
//!    preferences not met (C9), then (not in the last two rounds) fewest
//!    upfloaters' opponents that floated in the previous round (C10); among
//!    those pairings, the one with the
//!    smallest identifier (3.6.2): the top members as small as possible,
//!    then their bottom members (`Pairer::pair_bracket`).
//! 5. **Colours** (art. 4): see [`allocate_colours`].
//!
//! Choices where the text read leaves room (each one marked `Choice` below):
//! see the README's "Team competitions" section.

use crate::blossom::MaxWeightMatching;
use crate::model::{Color, PairError};
use crate::upfloaters::{current_set, next_set, profiles};

use super::model::{ColourPreferenceType, TeamId, TeamTournament};
use super::schedule::TeamPairing;

/// A team's colour preference (C.04.6 art. 1.7).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Preference {
    None,
    /// The colour wanted, and whether the preference is strong (Type B; every
    /// Type A preference counts as strong).
    Wants {
        colour: Color,
        strong: bool,
    },
}

impl Preference {
    fn colour(self) -> Option<Color> {
        match self {
            Preference::None => None,
            Preference::Wants { colour, .. } => Some(colour),
        }
    }
    fn strong(self) -> bool {
        matches!(self, Preference::Wants { strong: true, .. })
    }
}

/// The colour preference of a team with the colours `history` of its played
/// matches (in round order), under the regulations' preference type.
///
/// Type A: White when the colour difference (Whites − Blacks) is below −1,
/// or is 0 or −1 after two Blacks in a row (Black symmetrically). Type B: the
/// Type A preferences are strong; otherwise a difference of −1 gives a mild
/// preference for White, and a difference of 0 a mild preference for the
/// colour other than the last one, except in the last round (Black
/// symmetrically).
pub fn preference(history: &[Color], kind: ColourPreferenceType, last_round: bool) -> Preference {
    if kind == ColourPreferenceType::None || history.is_empty() {
        return Preference::None;
    }
    let whites = history.iter().filter(|&&c| c == Color::White).count() as i32;
    let cd = whites - (history.len() as i32 - whites);
    let last_two = match history {
        [.., a, b] if a == b => Some(*a),
        _ => None,
    };
    let strong = if cd < -1 || (matches!(cd, 0 | -1) && last_two == Some(Color::Black)) {
        Some(Color::White)
    } else if cd > 1 || (matches!(cd, 0 | 1) && last_two == Some(Color::White)) {
        Some(Color::Black)
    } else {
        None
    };
    if let Some(colour) = strong {
        return Preference::Wants {
            colour,
            strong: true,
        };
    }
    if kind == ColourPreferenceType::A {
        return Preference::None;
    }
    let mild = match cd {
        -1 => Some(Color::White),
        1 => Some(Color::Black),
        0 if !last_round => history.last().map(|c| c.opposite()),
        _ => None,
    };
    mild.map_or(Preference::None, |colour| Preference::Wants {
        colour,
        strong: false,
    })
}

/// What the pairing needs to know of one team before the round.
#[derive(Clone, Debug)]
pub struct TeamState {
    pub id: TeamId,
    /// The team's pairing number (art. 1.1: given once, by the regulations or
    /// the Chief Arbiter, and not changed): its id.
    pub tpn: u32,
    pub primary: i64,
    pub secondary: i64,
    /// Matches actually played so far (art. 3.4.3; not byes, not matches
    /// forfeited as a whole).
    pub matches: u32,
    /// Has had the pairing-allocated bye or won a match by forfeit (the
    /// opponent team did not appear): may not get the bye (C.04.1 d).
    pub bye_barred: bool,
    /// The team's colour per round (index 0 = round 1), `None` without a
    /// played match. A team's colour is its colour on board 1 (art. 1.6.1).
    pub colours: Vec<Option<Color>>,
    /// Whether the team was a floater (art. 1.5: paired against a team with
    /// a different score), per round.
    pub floated: Vec<bool>,
    pub preference: Preference,
}

impl TeamState {
    fn history(&self) -> Vec<Color> {
        self.colours.iter().flatten().copied().collect()
    }
}

/// The teams' states before round `round` (1-based), in TPN order, and the
/// opponents each has met (`met[a][b]`, indices by team id).
pub fn states(t: &TeamTournament, round: u32) -> (Vec<TeamState>, Vec<Vec<bool>>) {
    let n = t.teams.len();
    let before = (round as usize).saturating_sub(1).min(t.rounds.len());
    let last_round = t.total_rounds > 0 && round >= t.total_rounds;
    let mut met = vec![vec![false; n + 1]; n + 1];
    let mut colours = vec![vec![None; before]; n + 1];
    let mut floated = vec![vec![false; before]; n + 1];
    let mut played = vec![0u32; n + 1];
    let mut barred = vec![false; n + 1];
    let mut scores_then = t.scores_after(0);
    for (r, tr) in t.rounds.iter().take(before).enumerate() {
        if let Some(b) = tr.bye.filter(|&b| (b as usize) <= n) {
            barred[b as usize] = true;
        }
        for m in &tr.matches {
            let (h, a) = (m.home as usize, m.away as usize);
            if h == 0 || a == 0 || h > n || a > n {
                continue;
            }
            // [C1] (C.04.1 art. 2) with C.04.2 art. 3.5 ("two paired
            // participants, who did not play their game or match, may be
            // paired together in a future round"). Choice: a match is played
            // when at least one board was played over the board.
            if m.played() {
                met[h][a] = true;
                met[a][h] = true;
                played[h] += 1;
                played[a] += 1;
                let c = m.boards.first().map_or(Color::White, |b| b.home_colour);
                colours[h][r] = Some(c);
                colours[a][r] = Some(c.opposite());
            } else if m.finished() {
                // A match lost by forfeit as a whole: the team that appeared
                // scored a forfeit win.
                let (hg, ag) = m.game_points(&t.points);
                if hg > ag {
                    barred[h] = true;
                } else if ag > hg {
                    barred[a] = true;
                }
            }
            let score = |id: usize| scores_then[id - 1].primary(t.settings.primary);
            if score(h) != score(a) {
                floated[h][r] = true;
                floated[a][r] = true;
            }
        }
        scores_then = t.scores_after(r + 1);
    }
    let mut order: Vec<usize> = (1..=n).filter(|&id| !t.teams[id - 1].withdrawn).collect();
    let p = t.settings.primary;
    // Scoregroups by the primary score (art. 1.3); inside one, by TPN.
    order.sort_by_key(|&id| (-scores_then[id - 1].primary(p), id));
    let states = order
        .iter()
        .map(|&id| {
            let s = scores_then[id - 1];
            let mut state = TeamState {
                id: id as TeamId,
                tpn: id as u32,
                primary: s.primary(p),
                secondary: s.secondary(p),
                matches: played[id],
                bye_barred: barred[id],
                colours: colours[id].clone(),
                floated: floated[id].clone(),
                preference: Preference::None,
            };
            state.preference =
                preference(&state.history(), t.settings.colour_preference, last_round);
            state
        })
        .collect();
    (states, met)
}

/// The cost of pairing two teams on the bracket criteria, in descending
/// priority: C8 (a team does not get its preference: `weight`²), C9 (both
/// preferences strong: `weight`), C10 (art. 2.3.7, except in the last two
/// rounds: 1 for each upfloater whose opponent floated in the previous
/// round). `weight` exceeds the number of teams, so a lower criterion never
/// outweighs a higher one.
fn pair_cost(a: &TeamState, b: &TeamState, weight: i64, resident: Option<i64>) -> i64 {
    let mut cost = match (a.preference.colour(), b.preference.colour()) {
        (Some(x), Some(y)) if x == y => {
            weight * weight + weight * i64::from(a.preference.strong() && b.preference.strong())
        }
        _ => 0,
    };
    if let Some(top) = resident {
        let floated = |t: &TeamState| t.floated.last().copied().unwrap_or(false);
        cost += i64::from(a.primary < top && floated(b)) + i64::from(b.primary < top && floated(a));
    }
    cost
}

struct Pairer<'a> {
    s: &'a [TeamState],
    met: &'a [Vec<bool>],
    /// More than the number of teams (see [`pair_cost`]).
    colour_weight: i64,
    /// The resident score of the bracket being paired, when C10 applies.
    resident: Option<i64>,
}

impl Pairer<'_> {
    fn compatible(&self, i: usize, j: usize) -> bool {
        i != j && !self.met[self.s[i].id as usize][self.s[j].id as usize]
    }

    fn cost(&self, i: usize, j: usize) -> i64 {
        pair_cost(&self.s[i], &self.s[j], self.colour_weight, self.resident)
    }

    /// The least total cost of a perfect pairing of `nodes` (indices into the
    /// states), or `None` when there is none. `bye` adds a place for the bye
    /// open to the teams it allows.
    fn least_cost(&self, nodes: &[usize], bye: Option<&dyn Fn(usize) -> bool>) -> Option<i64> {
        let n = nodes.len() + usize::from(bye.is_some());
        if n % 2 == 1 {
            return None;
        }
        if n == 0 {
            return Some(0);
        }
        let max_cost = self.colour_weight * (self.colour_weight + 1) + 2;
        let big = (max_cost + 1) * (n as i64 + 1);
        let mut m = MaxWeightMatching::<i64>::new(n);
        for (x, &i) in nodes.iter().enumerate() {
            for (y, &j) in nodes.iter().enumerate().skip(x + 1) {
                if self.compatible(i, j) {
                    m.set_weight(x, y, big - self.cost(i, j));
                }
            }
            if let Some(allowed) = bye {
                if allowed(i) {
                    m.set_weight(x, n - 1, big);
                }
            }
        }
        let mate = m.solve();
        if mate.iter().any(Option::is_none) {
            return None;
        }
        let mut total = 0;
        for (x, &i) in nodes.iter().enumerate() {
            if let Some(y) = mate[x].filter(|&y| y > x && y < nodes.len()) {
                total += self.cost(i, nodes[y]);
            }
        }
        Some(total)
    }

    /// The fewest teams from outside `group` that a pairing of all of
    /// `pending` (which can be paired) must pair with members of `group`.
    fn fewest_upfloaters(&self, group: &[usize], pending: &[usize]) -> usize {
        let n = pending.len();
        let big = n as i64 + 2;
        let mut m = MaxWeightMatching::<i64>::new(n);
        for (x, &i) in pending.iter().enumerate() {
            for (y, &j) in pending.iter().enumerate().skip(x + 1) {
                if self.compatible(i, j) {
                    let inside = group.contains(&i) && group.contains(&j);
                    m.set_weight(x, y, big + i64::from(inside));
                }
            }
        }
        let mate = m.solve();
        let inside_pairs = pending
            .iter()
            .enumerate()
            .filter(|&(x, &i)| {
                group.contains(&i) && mate[x].is_some_and(|y| y > x && group.contains(&pending[y]))
            })
            .count();
        group.len() - 2 * inside_pairs
    }

    /// Whether `nodes` can be paired with a cost of at most `budget`: a
    /// first-fit attempt, then the exact matching.
    fn pairable_within(&self, nodes: &[usize], budget: i64) -> bool {
        if nodes.len() % 2 == 1 {
            return false;
        }
        let mut used = vec![false; nodes.len()];
        let mut spent = 0;
        let mut greedy = true;
        for x in 0..nodes.len() {
            if used[x] {
                continue;
            }
            used[x] = true;
            let partner = (x + 1..nodes.len()).find(|&y| {
                !used[y]
                    && self.compatible(nodes[x], nodes[y])
                    && spent + self.cost(nodes[x], nodes[y]) <= budget
            });
            match partner {
                Some(y) => {
                    used[y] = true;
                    spent += self.cost(nodes[x], nodes[y]);
                }
                None => {
                    greedy = false;
                    break;
                }
            }
        }
        greedy || self.least_cost(nodes, None).is_some_and(|c| c <= budget)
    }

    /// Whether the teams at `nodes` (positions in `bracket`, ascending) can
    /// all be paired within `budget` of colour cost, each pair `(x, y)`
    /// (`x < y`) allowed by `allowed`: a first-fit attempt, then the exact
    /// matching.
    fn feasible(
        &self,
        bracket: &[usize],
        nodes: &[usize],
        budget: i64,
        allowed: &dyn Fn(usize, usize) -> bool,
    ) -> bool {
        if nodes.len() % 2 == 1 {
            return false;
        }
        let ok = |x: usize, y: usize| {
            let (x, y) = if x < y { (x, y) } else { (y, x) };
            allowed(x, y) && self.compatible(bracket[x], bracket[y])
        };
        let mut used = vec![false; nodes.len()];
        let mut spent = 0;
        let mut greedy = true;
        for i in 0..nodes.len() {
            if used[i] {
                continue;
            }
            used[i] = true;
            let partner = (i + 1..nodes.len()).find(|&j| {
                !used[j]
                    && ok(nodes[i], nodes[j])
                    && spent + self.cost(bracket[nodes[i]], bracket[nodes[j]]) <= budget
            });
            match partner {
                Some(j) => {
                    used[j] = true;
                    spent += self.cost(bracket[nodes[i]], bracket[nodes[j]]);
                }
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
        let max_cost = self.colour_weight * (self.colour_weight + 1) + 2;
        let big = (max_cost + 1) * (n as i64 + 1);
        let mut m = MaxWeightMatching::<i64>::new(n);
        for i in 0..n {
            for j in i + 1..n {
                if ok(nodes[i], nodes[j]) {
                    m.set_weight(i, j, big - self.cost(bracket[nodes[i]], bracket[nodes[j]]));
                }
            }
        }
        let mate = m.solve();
        if mate.iter().any(Option::is_none) {
            return false;
        }
        let total: i64 = (0..n)
            .filter_map(|i| mate[i].filter(|&j| j > i).map(|j| (i, j)))
            .map(|(i, j)| self.cost(bracket[nodes[i]], bracket[nodes[j]]))
            .sum();
        total <= budget
    }

    /// The pairing of a bracket (art. 3.6): among the pairings without a
    /// rematch of least colour cost (C8, then C9), the one with the
    /// smallest identifier (3.6.2, 3.6.3): the top members (the smaller TPN
    /// of each pair) as small as possible in ascending order, then the
    /// bottom members in the order of their top members. `bracket` is in TPN
    /// order and can be paired.
    fn pair_bracket(&self, bracket: &[usize]) -> Option<Vec<(usize, usize)>> {
        #[derive(Clone, Copy, PartialEq, Eq)]
        enum Role {
            Top,
            Bottom,
            Open,
        }
        let budget = self.least_cost(bracket, None)?;
        let m = bracket.len();
        let half = m / 2;
        let all: Vec<usize> = (0..m).collect();
        let mut role = vec![Role::Open; m];
        let mut tops = 0;
        // The top members: each team, by TPN, is one if a pairing allows it.
        for x in 0..m {
            if tops == half {
                role[x] = Role::Bottom;
                continue;
            }
            role[x] = Role::Top;
            let r = role.clone();
            let allowed = move |a: usize, b: usize| r[a] != Role::Bottom && r[b] != Role::Top;
            if self.feasible(bracket, &all, budget, &allowed) {
                tops += 1;
            } else {
                role[x] = Role::Bottom;
            }
        }
        // The bottom members: each top member, by TPN, takes the smallest
        // bottom member that leaves the rest pairable.
        let mut free: Vec<usize> = all.clone();
        let mut left = budget;
        let mut pairs = Vec::with_capacity(half);
        for x in (0..m).filter(|&x| role[x] == Role::Top) {
            let r = role.clone();
            let allowed = move |a: usize, b: usize| r[a] == Role::Top && r[b] == Role::Bottom;
            let mut chosen = None;
            for &y in free.iter().filter(|&&y| y > x && role[y] == Role::Bottom) {
                if !self.compatible(bracket[x], bracket[y]) {
                    continue;
                }
                let c = self.cost(bracket[x], bracket[y]);
                if c > left {
                    continue;
                }
                let rest: Vec<usize> = free.iter().copied().filter(|&z| z != x && z != y).collect();
                if self.feasible(bracket, &rest, left - c, &allowed) {
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
}

/// Pairs round `round` (1-based) of a team Swiss event by C.04.6. Teams
/// marked withdrawn are left out.
pub fn pair_round(t: &TeamTournament, round: u32) -> Result<TeamPairing, PairError> {
    let (s, met) = states(t, round);
    let last_two = t.total_rounds > 0 && round + 1 >= t.total_rounds;
    let pairer = Pairer {
        s: &s,
        met: &met,
        colour_weight: s.len() as i64 + 1,
        resident: None,
    };
    let fail = |reason: &str| PairError::NoValidPairing {
        round,
        reason: reason.to_string(),
    };
    let all: Vec<usize> = (0..s.len()).collect();
    // The bye first (art. 3.4).
    let mut bye = None;
    let mut pending = all.clone();
    if s.len() % 2 == 1 {
        // Art. 3.4: leaves a legal pairing, lowest score, most matches
        // played (choice: matches played over the board, art. 1.6.1's
        // "actually played"), largest TPN; [C2]: not a team that had the
        // bye or won a match by forfeit.
        let mut candidates: Vec<usize> =
            all.iter().copied().filter(|&i| !s[i].bye_barred).collect();
        candidates.sort_by_key(|&i| {
            (
                s[i].primary,
                std::cmp::Reverse(s[i].matches),
                std::cmp::Reverse(s[i].tpn),
            )
        });
        for c in candidates {
            let rest: Vec<usize> = all.iter().copied().filter(|&i| i != c).collect();
            if pairer.pairable_within(&rest, i64::MAX / 4) {
                bye = Some(c);
                pending = rest;
                break;
            }
        }
        if bye.is_none() {
            return Err(fail(
                "no team can take the bye and leave the others pairable",
            ));
        }
    } else if !pairer.pairable_within(&pending, i64::MAX / 4) {
        return Err(fail("the teams cannot all be paired without a rematch"));
    }
    let mut pairs: Vec<(usize, usize)> = Vec::new();
    while !pending.is_empty() {
        let top = s[pending[0]].primary;
        let group: Vec<usize> = pending
            .iter()
            .copied()
            .filter(|&i| s[i].primary == top)
            .collect();
        // Art. 3.5.1: every team below is a potential upfloater; by score
        // level, highest first, and by TPN inside a level (3.5.3).
        let mut levels: Vec<(i64, Vec<usize>)> = Vec::new();
        for &i in pending.iter().filter(|&&i| s[i].primary != top) {
            match levels.iter_mut().find(|l| l.0 == s[i].primary) {
                Some(l) => l.1.push(i),
                None => levels.push((s[i].primary, vec![i])),
            }
        }
        levels.sort_by_key(|l| std::cmp::Reverse(l.0));
        for l in &mut levels {
            l.1.sort_by_key(|&i| s[i].tpn);
        }
        let below = levels.iter().map(|l| l.1.len()).sum::<usize>();
        let mut done = None;
        // [C4]: the fewest upfloaters any pairing of the rest allows (so that
        // no smaller number is tried in vain), then more, two at a time.
        // C10 counts the upfloaters of this bracket (a lower score than
        // its residents'), except in the last two rounds.
        let bracket_pairer = Pairer {
            s: &s,
            met: &met,
            colour_weight: pairer.colour_weight,
            resident: (!last_two).then_some(top),
        };
        let mut extra = pairer.fewest_upfloaters(&group, &pending);
        while extra <= below && done.is_none() {
            // [C5]: how many teams each level gives, best first.
            for profile in profiles(&levels, extra) {
                if let Some(found) =
                    bracket_pairer.choose_upfloaters(&group, &pending, &levels, &profile, last_two)
                {
                    done = Some(found);
                    break;
                }
            }
            extra += 2;
        }
        let (p, rest) = done.ok_or_else(|| fail("a bracket cannot be completed"))?;
        pairs.extend(p);
        pending = rest;
    }
    let mut matches: Vec<(TeamId, TeamId)> = pairs
        .into_iter()
        .map(|(i, j)| {
            let (white, black) = allocate_colours(&s[i], &s[j], t);
            (white.id, black.id)
        })
        .collect();
    let rank = |id: TeamId| s.iter().position(|x| x.id == id).unwrap_or(usize::MAX);
    matches.sort_by_key(|&(a, b)| rank(a).min(rank(b)));
    Ok(TeamPairing {
        matches,
        bye: bye.map(|i| s[i].id),
    })
}

/// A bracket's pairing and the teams left to pair.
type BracketChoice = (Vec<(usize, usize)>, Vec<usize>);

/// A candidate set: its (C6 fails, C7) key, the bracket and the teams left.
type Candidate = ((bool, usize), Vec<usize>, Vec<usize>);

/// Sets of upfloaters examined for one C5 profile before the best one seen
/// is taken (a bound on the work; the text examines them all).
const SET_LIMIT: usize = 5000;

impl Pairer<'_> {
    /// Art. 3.5.4–3.5.5: among the sets of upfloaters of `profile` (per level,
    /// in the lexicographic order of their TPNs) that give a legal bracket and
    /// leave the rest pairable, the first one best on C6 and then C7; the
    /// bracket's pairing and the teams left.
    fn choose_upfloaters(
        &self,
        group: &[usize],
        pending: &[usize],
        levels: &[(i64, Vec<usize>)],
        profile: &[usize],
        last_two: bool,
    ) -> Option<BracketChoice> {
        let s = self.s;
        let mut combos: Vec<Vec<usize>> = profile.iter().map(|&n| (0..n).collect()).collect();
        let following = levels.first().map(|l| l.1.as_slice()).unwrap_or(&[]);
        let mut best: Option<Candidate> = None;
        let mut examined = 0;
        loop {
            let set = current_set(&combos, levels);
            // [C7] (art. 2.3.4): upfloaters that were floaters in the
            // previous round, except in the last two rounds.
            let c7 = if last_two {
                0
            } else {
                set.iter()
                    .filter(|&&i| s[i].floated.last().copied().unwrap_or(false))
                    .count()
            };
            let better_possible = best.as_ref().is_none_or(|b| (false, c7) < b.0);
            if better_possible {
                let mut bracket: Vec<usize> = group.to_vec();
                bracket.extend(&set);
                bracket.sort_by_key(|&i| s[i].tpn);
                let rest: Vec<usize> = pending
                    .iter()
                    .copied()
                    .filter(|i| !bracket.contains(i))
                    .collect();
                if self.pairable_within(&bracket, i64::MAX / 4)
                    && self.pairable_within(&rest, i64::MAX / 4)
                {
                    // [C6] (art. 2.3.3), read as: what is left of the
                    // following scoregroup can be paired with the fewest
                    // upfloaters its size allows (none if even, one if odd).
                    let left: Vec<usize> = following
                        .iter()
                        .copied()
                        .filter(|i| !set.contains(i))
                        .collect();
                    let c6_fails =
                        !left.is_empty() && self.fewest_upfloaters(&left, &rest) > left.len() % 2;
                    let key = (c6_fails, c7);
                    if best.as_ref().is_none_or(|b| key < b.0) {
                        best = Some((key, bracket, rest));
                    }
                }
            }
            examined += 1;
            if best.as_ref().is_some_and(|b| b.0 == (false, 0)) || examined >= SET_LIMIT {
                break;
            }
            if !next_set(&mut combos, levels) {
                break;
            }
        }
        let (_, bracket, rest) = best?;
        Some((self.pair_bracket(&bracket)?, rest))
    }
}

/// Colour allocation (C.04.6 art. 4): returns (team with White on board 1,
/// the other). In order:
/// 1. the first-team is the one with the higher primary score, then higher
///    secondary score, then smaller TPN;
/// 2. when neither team has played a match: the first-team gets the initial
///    colour if its TPN is odd, the other colour if even;
/// 3. only one team has a preference: it gets it;
/// 4. opposite preferences: both get them;
/// 5. (Type B) only one preference is strong: it is granted;
/// 6. the team with the lower colour difference gets White;
/// 7. going back through the two teams' played matches (unplayed rounds
///    left out, C.04.2 art. 3.4), the latest one in which they had
///    different colours: both alternate from it;
/// 8. the first-team's preference is granted;
/// 9. the first-team alternates from its last colour, else the other team
///    from its last colour.
pub fn allocate_colours<'a>(
    a: &'a TeamState,
    b: &'a TeamState,
    t: &TeamTournament,
) -> (&'a TeamState, &'a TeamState) {
    let (first, second) = if (a.primary, a.secondary, std::cmp::Reverse(a.tpn))
        >= (b.primary, b.secondary, std::cmp::Reverse(b.tpn))
    {
        (a, b)
    } else {
        (b, a)
    };
    let first_gets = |c: Color| {
        if c == Color::White {
            (first, second)
        } else {
            (second, first)
        }
    };
    let (hf, hs) = (first.history(), second.history());
    let initial = || {
        first_gets(if first.tpn % 2 == 1 {
            t.initial_colour
        } else {
            t.initial_colour.opposite()
        })
    };
    if hf.is_empty() && hs.is_empty() {
        return initial();
    }
    let (pf, ps) = (first.preference, second.preference);
    match (pf.colour(), ps.colour()) {
        (Some(c), None) => return first_gets(c),
        (None, Some(c)) => return first_gets(c.opposite()),
        (Some(x), Some(y)) if x != y => return first_gets(x),
        _ => {}
    }
    if pf.strong() != ps.strong() {
        if let (Some(x), Some(_)) = (pf.colour(), ps.colour()) {
            // Both want the same colour; the strong one gets it.
            return first_gets(if pf.strong() { x } else { x.opposite() });
        }
    }
    let cd = |h: &[Color]| {
        h.iter()
            .map(|&c| if c == Color::White { 1 } else { -1 })
            .sum::<i32>()
    };
    match cd(&hf).cmp(&cd(&hs)) {
        std::cmp::Ordering::Less => return first_gets(Color::White),
        std::cmp::Ordering::Greater => return first_gets(Color::Black),
        std::cmp::Ordering::Equal => {}
    }
    // Art. 4.3.6 with C.04.2 art. 3.4 (only played matches count where the
    // colour sequence matters): the two histories of played matches, compared
    // from their ends.
    for (&x, &y) in hf.iter().rev().zip(hs.iter().rev()) {
        if x != y {
            return first_gets(x.opposite());
        }
    }
    if let Some(c) = pf.colour() {
        return first_gets(c);
    }
    if let Some(&c) = hf.last() {
        return first_gets(c.opposite());
    }
    if let Some(&c) = hs.last() {
        return first_gets(c);
    }
    initial()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn upfloater_sets_in_the_order_of_article_3_5_4() {
        // The text's example: 2, 6, 8 have 3 points, 1, 3, 5 have 2.5; two
        // upfloaters of 3 points and one of 2.5 (points × 2 here).
        let levels = vec![(6, vec![2, 6, 8]), (5, vec![1, 3, 5])];
        let mut combos = vec![vec![0, 1], vec![0]];
        let mut seen = vec![current_set(&combos, &levels)];
        while next_set(&mut combos, &levels) {
            seen.push(current_set(&combos, &levels));
        }
        let want: Vec<Vec<usize>> = vec![
            vec![2, 6, 1],
            vec![2, 6, 3],
            vec![2, 6, 5],
            vec![2, 8, 1],
            vec![2, 8, 3],
            vec![2, 8, 5],
            vec![6, 8, 1],
            vec![6, 8, 3],
            vec![6, 8, 5],
        ];
        assert_eq!(seen, want);
    }

    #[test]
    fn upfloater_profiles_maximise_the_lowest_score_first() {
        // [C5]: two upfloaters from scores 3 (one team), 2 (two teams) and
        // 1 (one team): {2, 2} comes before {3, 1}, though 3 is higher.
        let levels = vec![(3, vec![1]), (2, vec![2, 3]), (1, vec![4])];
        let p = profiles(&levels, 2);
        assert_eq!(
            p,
            vec![vec![1, 1, 0], vec![0, 2, 0], vec![1, 0, 1], vec![0, 1, 1]]
        );
    }

    fn state(id: u32) -> TeamState {
        TeamState {
            id,
            tpn: id,
            primary: 0,
            secondary: 0,
            matches: 0,
            bye_barred: false,
            colours: vec![],
            floated: vec![],
            preference: Preference::None,
        }
    }

    #[test]
    fn bracket_pairing_takes_the_smallest_identifier() {
        // Art. 3.6 on teams 1–6 where 1 has met 4, 5 and 6: the pairings
        // 1–2 3–4 5–6 (identifier 1 3 5 2 4 6), 1–2 3–5 4–6 (1 3 4 2 5 6),
        // 1–3 2–4 5–6 (1 2 5 3 4 6), 1–3 2–5 4–6 (1 2 4 3 5 6), …: the
        // smallest is 1 2 4 3 5 6.
        let s: Vec<TeamState> = (1..=6).map(state).collect();
        let mut met = vec![vec![false; 7]; 7];
        for o in [4, 5, 6] {
            met[1][o] = true;
            met[o][1] = true;
        }
        let pairer = Pairer {
            s: &s,
            met: &met,
            colour_weight: 7,
            resident: None,
        };
        let pairs = pairer.pair_bracket(&[0, 1, 2, 3, 4, 5]).unwrap();
        let ids: Vec<(u32, u32)> = pairs.iter().map(|&(a, b)| (s[a].id, s[b].id)).collect();
        assert_eq!(ids, vec![(1, 3), (2, 5), (4, 6)]);
        // Without the rematches: 1–4 2–5 3–6 (identifier 1 2 3 4 5 6).
        let met = vec![vec![false; 7]; 7];
        let pairer = Pairer {
            s: &s,
            met: &met,
            colour_weight: 7,
            resident: None,
        };
        let pairs = pairer.pair_bracket(&[0, 1, 2, 3, 4, 5]).unwrap();
        let ids: Vec<(u32, u32)> = pairs.iter().map(|&(a, b)| (s[a].id, s[b].id)).collect();
        assert_eq!(ids, vec![(1, 4), (2, 5), (3, 6)]);
    }

    #[test]
    fn c10_keeps_an_upfloater_from_last_rounds_floater() {
        // Residents 1, 2, 3 (2 points), upfloater 4 (1 point); team 2 floated
        // in the previous round. The smallest identifier, 1–3 2–4, gives the
        // upfloater 4 an opponent that floated; 1–4 2–3 and 1–2 3–4 do not
        // (C10), and of those 1–4 2–3 (1 2 4 3) comes first.
        let mut s: Vec<TeamState> = (1..=4).map(state).collect();
        for t in &mut s[..3] {
            t.primary = 2;
        }
        s[3].primary = 1;
        s[1].floated = vec![true];
        let met = vec![vec![false; 5]; 5];
        let ids = |resident| {
            let pairer = Pairer {
                s: &s,
                met: &met,
                colour_weight: 5,
                resident,
            };
            let pairs = pairer.pair_bracket(&[0, 1, 2, 3]).unwrap();
            pairs
                .iter()
                .map(|&(a, b)| (s[a].id, s[b].id))
                .collect::<Vec<_>>()
        };
        assert_eq!(ids(Some(2)), vec![(1, 4), (2, 3)]);
        // In the last two rounds C10 does not apply.
        assert_eq!(ids(None), vec![(1, 3), (2, 4)]);
    }
}
