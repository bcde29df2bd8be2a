//! Checking a (possibly hand-edited) pairing against the FIDE (Dutch) rules:
//! the absolute criteria C1–C4, then the first quality criterion (C5–C21,
//! C.04.3 art. 2) or colour rule (E1–E5, art. 5.2) on which it is worse than
//! the pairing of the engine.

use std::collections::HashMap;

use super::colour::{colour_rule, ranks_above};
use super::engine::Setup;
use super::state::{self, PlayerState};
use crate::model::{Color, HalfPoints, Pairing, PlayerId, Tournament};

/// One rule a pairing breaks, for the arbiter's "edit pairing" screen.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Violation {
    /// The criterion, as numbered in C.04.3 (2025): `C1`…`C21`, or `E` for the
    /// colour allocation rules of art. 5.
    pub criterion: String,
    /// What is wrong, in the arbiter's words.
    pub message: String,
    /// The players concerned.
    pub players: Vec<PlayerId>,
    /// What `message` says, as data (players by pairing number), for a
    /// caller that words it in another language.
    #[serde(skip)]
    pub finding: Finding,
}

/// What a [`Violation`] finds, with its players and numbers: the parts of its
/// message.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub enum Finding {
    /// The round, or the players' pairing numbers, cannot be checked.
    #[default]
    Uncheckable,
    /// A number paired that is no player of the tournament (C4).
    NotAPlayer(PlayerId),
    /// A player paired who does not take part in the round (C4).
    NotTakingPart(PlayerId),
    /// A player paired more than once (C4).
    PairedTwice(PlayerId),
    /// A player who takes part and is not paired (C4).
    NotPaired(PlayerId),
    /// A pairing-allocated bye where the number of players is even (C4).
    ByeWithEvenField,
    /// No pairing-allocated bye where the number of players is odd (C4).
    NoByeWithOddField,
    /// A player paired against themselves (C4).
    AgainstThemselves(PlayerId),
    /// Two players who have already played each other (C1).
    Rematch(PlayerId, PlayerId),
    /// Two players who may not meet (C1).
    ForbiddenPair(PlayerId, PlayerId),
    /// A player whose colour difference would become this (C3).
    ColourDifference(PlayerId, i32),
    /// A player who would have one colour three times in a row (C3).
    SameColourThrice(PlayerId),
    /// The bye to a player who may not receive it (C2).
    ByeNotAllowed(PlayerId),
    /// The board `board` (white, black) should be `due` by art. 5.2; the
    /// violation's criterion names the rule.
    Colours {
        board: (PlayerId, PlayerId),
        due: (PlayerId, PlayerId),
    },
    /// The bye given to `given` should go to `due`, of a lower score (C5).
    ByeScore { given: PlayerId, due: PlayerId },
    /// Worse than the engine's pairing in the violation's criterion (C6–C21,
    /// or `art. 3`: as good, but not the first in the order of art. 3).
    WorseIn,
    /// Better than the engine's pairing in this criterion.
    BetterIn(String),
}

fn v(criterion: &str, finding: Finding, message: String, players: Vec<PlayerId>) -> Violation {
    Violation {
        criterion: criterion.into(),
        message,
        players,
        finding,
    }
}

/// Lists the absolute criteria (C1–C4) the pairing of `round` breaks, and the
/// quality criteria (C5–C21) and colour rules in which it is worse than the
/// pairing the FIDE (Dutch) System gives. An empty list means the pairing is
/// acceptable and as good as the engine's in every criterion.
pub fn check_pairing(t: &Tournament, round: u32, p: &Pairing) -> Vec<Violation> {
    check(t, round, p, true)
}

/// Only the absolute criteria and completion (C1–C4) of [`check_pairing`].
pub fn absolute_violations(t: &Tournament, round: u32, p: &Pairing) -> Vec<Violation> {
    check(t, round, p, false)
}

fn check(t: &Tournament, round: u32, p: &Pairing, quality: bool) -> Vec<Violation> {
    let mut out = Vec::new();
    if round == 0
        || t.players
            .iter()
            .enumerate()
            .any(|(i, x)| x.id as usize != i + 1)
    {
        out.push(v(
            "C4",
            Finding::Uncheckable,
            format!("round {round} cannot be checked: invalid round or pairing numbers"),
            vec![],
        ));
        return out;
    }
    let states = state::build(t, round);
    let n = t.players.len();
    let get = |id: PlayerId| -> Option<&PlayerState> {
        (id >= 1 && id as usize <= n).then(|| &states[id as usize - 1])
    };
    let part: Vec<PlayerId> = t
        .players
        .iter()
        .filter(|x| state::takes_part(t, x.id, round))
        .map(|x| x.id)
        .collect();
    let mut sorted: Vec<usize> = part.iter().map(|&id| id as usize - 1).collect();
    sorted.sort_by_key(|&i| (std::cmp::Reverse(states[i].score), states[i].rank, i));
    let setup = Setup::new(
        &states,
        sorted,
        round - 1,
        t.total_rounds,
        t.points.win.max(t.points.draw),
    );

    // Completion and structure (C4).
    let mut seen: HashMap<PlayerId, usize> = HashMap::new();
    for &(w, b) in &p.boards {
        *seen.entry(w).or_default() += 1;
        *seen.entry(b).or_default() += 1;
    }
    if let Some(b) = p.bye {
        *seen.entry(b).or_default() += 1;
    }
    for (&id, &count) in &seen {
        if get(id).is_none() {
            out.push(v(
                "C4",
                Finding::NotAPlayer(id),
                format!("{id} is not a player of the tournament"),
                vec![id],
            ));
        } else if !part.contains(&id) {
            out.push(v(
                "C4",
                Finding::NotTakingPart(id),
                format!("{id} does not take part in round {round} but is paired"),
                vec![id],
            ));
        }
        if count > 1 {
            let finding = Finding::PairedTwice(id);
            out.push(v(
                "C4",
                finding,
                format!("{id} is paired more than once"),
                vec![id],
            ));
        }
    }
    for &id in &part {
        if !seen.contains_key(&id) {
            out.push(v(
                "C4",
                Finding::NotPaired(id),
                format!("{id} takes part but is not paired"),
                vec![id],
            ));
        }
    }
    if p.bye.is_some() && part.len() & 1 == 0 {
        out.push(v(
            "C4",
            Finding::ByeWithEvenField,
            "an even number of players is paired, so there is no pairing-allocated bye".into(),
            p.bye.into_iter().collect(),
        ));
    }
    if p.bye.is_none() && part.len() & 1 == 1 {
        out.push(v(
            "C4",
            Finding::NoByeWithOddField,
            "an odd number of players is paired but nobody has the pairing-allocated bye".into(),
            vec![],
        ));
    }

    // Absolute criteria.
    for &(w, b) in &p.boards {
        let (Some(pw), Some(pb)) = (get(w), get(b)) else {
            continue;
        };
        if w == b {
            out.push(v(
                "C4",
                Finding::AgainstThemselves(w),
                format!("{w} is paired against themselves"),
                vec![w],
            ));
            continue;
        }
        if pw.forbidden.contains(&b) || pb.forbidden.contains(&w) {
            let met = pw.colors.len() + pb.colors.len() > 0 && {
                let played = |x: &PlayerState, y: PlayerId| {
                    (0..round as usize - 1).any(|k| {
                        let f = state::round_fact(t, &state::entry(t, x.id, k));
                        f.played && f.opponent == Some(y)
                    })
                };
                played(pw, b)
            };
            let (finding, why) = if met {
                (Finding::Rematch(w, b), "have already played each other")
            } else {
                (Finding::ForbiddenPair(w, b), "are a forbidden pair")
            };
            out.push(v("C1", finding, format!("{w} and {b} {why}"), vec![w, b]));
        }
        for (x, c) in [(pw, Color::White), (pb, Color::Black)] {
            if setup.last_round_top_scorer(x) {
                continue;
            }
            let diff = x.color_difference() + if c == Color::White { 1 } else { -1 };
            let three = x.colors.len() >= 2 && x.colors.iter().rev().take(2).all(|&k| k == c);
            if diff.abs() > 2 {
                out.push(v(
                    "C3",
                    Finding::ColourDifference(x.id, diff),
                    format!("{} would have a colour difference of {diff:+}", x.id),
                    vec![x.id],
                ));
            }
            if three {
                out.push(v(
                    "C3",
                    Finding::SameColourThrice(x.id),
                    format!("{} would have the same colour three times in a row", x.id),
                    vec![x.id],
                ));
            }
        }
    }
    if let Some(b) = p.bye {
        if let Some(pb) = get(b) {
            if !pb.bye_eligible {
                out.push(v(
                    "C2",
                    Finding::ByeNotAllowed(b),
                    format!(
                        "{b} already had a pairing-allocated bye or a win without playing \
                         and cannot receive the bye"
                    ),
                    vec![b],
                ));
            }
        }
    }
    if !out.is_empty() || !quality {
        return out;
    }

    // Quality criteria: compare with the engine's pairing.
    let Ok(best) = super::pair(t, round) else {
        return out;
    };
    out.extend(compare_quality(&setup, &states, t.initial_color, p, &best));
    out
}

/// What each quality criterion asks (C.04.3 art. 2.3–2.5, 2025).
const QUALITY: [(&str, &str); 18] = [
    ("C6", "fewer players should float down from this bracket (more pairs in it)"),
    ("C7", "the score differences between opponents in this bracket should be smaller (pair the higher moved-down players)"),
    ("C8", "the downfloaters should be chosen so that the next bracket can make more pairs"),
    ("C9", "the pairing-allocated bye should go to a player with fewer unplayed games"),
    ("C10", "a top scorer (or opponent) gets a colour difference beyond ±2"),
    ("C11", "a top scorer (or opponent) gets the same colour three times in a row"),
    ("C12", "more players than necessary do not get their colour preference"),
    ("C13", "more players than necessary do not get their strong colour preference"),
    ("C14", "more players than necessary float down again after a downfloat in the previous round"),
    ("C15", "more players than necessary float up again after an upfloat in the previous round"),
    ("C16", "more players than necessary float down again after a downfloat two rounds before"),
    ("C17", "more players than necessary float up again after an upfloat two rounds before"),
    ("C18", "the score differences of players floating down again after a downfloat in the previous round should be smaller"),
    ("C19", "the score differences of players floating up again after an upfloat in the previous round should be smaller"),
    ("C20", "the score differences of players floating down again after a downfloat two rounds before should be smaller"),
    ("C21", "the score differences of players floating up again after an upfloat two rounds before should be smaller"),
    ("art. 3", "as good as the FIDE (Dutch) pairing in C1–C21, but not the first in the order of exchanges and transpositions (art. 3)"),
    ("E", "colours"),
];

fn quality_message(id: &str) -> String {
    QUALITY
        .iter()
        .find(|(c, _)| *c == id)
        .map_or_else(String::new, |(_, m)| (*m).to_string())
}

/// Unordered pairs of a pairing, lower id first.
fn unordered(p: &Pairing) -> Vec<(PlayerId, PlayerId)> {
    let mut v: Vec<_> = p
        .boards
        .iter()
        .map(|&(a, b)| (a.min(b), a.max(b)))
        .collect();
    v.sort_unstable();
    v
}

/// Names the first criterion on which `mine` (acceptable in C1–C4) is worse
/// than `best`, the engine's pairing:
///
/// 1. the same pairs with other colours: the rule of art. 5.2 (E1–E5) that
///    decides each board whose colours differ;
/// 2. C5, the score of the pairing-allocated bye (decided before the brackets);
/// 3. otherwise the brackets are compared from the top score down (art. 1.3,
///    2.1): in the first bracket whose pairs differ, the quality criteria
///    C6–C21 are evaluated for the pairs made in it (and, for C8, the pairs the
///    next bracket can make with the players left), in their order of
///    priority, as the engine weighs them (`engine::pair_quality`). The first
///    criterion on which the two differ is named; with none, the pairing is
///    as good but not the first in the order of art. 3.
fn compare_quality(
    setup: &Setup,
    states: &[PlayerState],
    initial: Color,
    mine: &Pairing,
    best: &Pairing,
) -> Vec<Violation> {
    let st = |id: PlayerId| &states[id as usize - 1];
    let (um, ub) = (unordered(mine), unordered(best));
    if um == ub && mine.bye == best.bye {
        let mut out = Vec::new();
        for &(w, b) in &mine.boards {
            let (lo, hi) = if w < b {
                (st(w), st(b))
            } else {
                (st(b), st(w))
            };
            let (c, rule) = colour_rule(lo, hi, initial);
            let white = if c == Color::White { lo.id } else { hi.id };
            if white != w {
                let black = if white == w { b } else { w };
                out.push(v(
                    rule,
                    Finding::Colours {
                        board: (w, b),
                        due: (white, black),
                    },
                    format!("{w}-{b}: the colours are {white}-{black} by art. 5.2 ({rule})"),
                    vec![w, b],
                ));
            }
        }
        return out;
    }
    // C5: the bye goes to a player with the lowest score possible.
    if let (Some(a), Some(b)) = (mine.bye, best.bye) {
        if st(a).score > st(b).score {
            return vec![v(
                "C5",
                Finding::ByeScore { given: a, due: b },
                format!(
                    "the pairing-allocated bye should go to a player with a lower score \
                     ({b} rather than {a})"
                ),
                vec![a],
            )];
        }
    }
    let score_of = |id: PlayerId| st(id).score;
    let mut scores: Vec<HalfPoints> = setup.sorted.iter().map(|&i| states[i].score).collect();
    scores.dedup();
    let in_bracket = |pairs: &[(PlayerId, PlayerId)], s: HalfPoints| -> Vec<(PlayerId, PlayerId)> {
        pairs
            .iter()
            .copied()
            .filter(|&(a, b)| score_of(a).min(score_of(b)) == s)
            .collect()
    };
    for (gi, &s) in scores.iter().enumerate() {
        let (pm, pb) = (in_bracket(&um, s), in_bracket(&ub, s));
        if pm == pb {
            continue;
        }
        // The bracket: players of this score and those not paired above it
        // (the same under both pairings, whose higher brackets agree).
        let paired_above: std::collections::HashSet<PlayerId> = um
            .iter()
            .filter(|&&(a, b)| score_of(a).min(score_of(b)) > s)
            .flat_map(|&(a, b)| [a, b])
            .collect();
        let members: Vec<PlayerId> = setup
            .sorted
            .iter()
            .map(|&i| states[i].id)
            .filter(|&id| score_of(id) >= s && !paired_above.contains(&id))
            .collect();
        let next = scores.get(gi + 1).copied();
        let measure = |pairs: &[(PlayerId, PlayerId)], bye: Option<PlayerId>| {
            bracket_measures(setup, states, &members, next, pairs, bye, s)
        };
        let (a, b) = (measure(&pm, mine.bye), measure(&pb, best.bye));
        let mut differing: Vec<PlayerId> = pm
            .iter()
            .filter(|x| !pb.contains(x))
            .flat_map(|&(x, y)| [x, y])
            .collect();
        differing.sort_unstable();
        for ((id, x), (_, y)) in a.iter().zip(&b) {
            match x.cmp(y) {
                std::cmp::Ordering::Less => {
                    return vec![v(id, Finding::WorseIn, quality_message(id), differing)];
                }
                std::cmp::Ordering::Greater => {
                    return vec![v(
                        "none",
                        Finding::BetterIn(id.to_string()),
                        format!(
                            "the recorded pairing is better in {id} than the FIDE (Dutch) \
                             pairing of the engine"
                        ),
                        differing,
                    )];
                }
                std::cmp::Ordering::Equal => {}
            }
        }
        let finding = Finding::WorseIn;
        return vec![v("art. 3", finding, quality_message("art. 3"), differing)];
    }
    // Same pairs in every bracket: only the bye can differ (C9, same score).
    if let (Some(a), Some(b)) = (mine.bye, best.bye) {
        if st(a).played_games < st(b).played_games {
            return vec![v("C9", Finding::WorseIn, quality_message("C9"), vec![a])];
        }
    }
    vec![v(
        "art. 3",
        Finding::WorseIn,
        quality_message("art. 3"),
        vec![],
    )]
}

/// The measures of C6–C21 for the pairs made in one bracket, each "more is
/// better", in the order of priority.
fn bracket_measures(
    setup: &Setup,
    states: &[PlayerState],
    members: &[PlayerId],
    next: Option<HalfPoints>,
    pairs: &[(PlayerId, PlayerId)],
    bye: Option<PlayerId>,
    score: HalfPoints,
) -> Vec<(&'static str, Vec<i64>)> {
    let st = |id: PlayerId| &states[id as usize - 1];
    let desc = |mut v: Vec<i64>| {
        v.sort_unstable_by(|a, b| b.cmp(a));
        v
    };
    let hl: Vec<(&PlayerState, &PlayerState)> = pairs
        .iter()
        .map(|&(a, b)| {
            if ranks_above(st(a), st(b)) {
                (st(a), st(b))
            } else {
                (st(b), st(a))
            }
        })
        .collect();
    let quality: Vec<_> = hl
        .iter()
        .map(|(h, l)| super::engine::pair_quality(setup, h, l))
        .collect();
    let mut m: Vec<(&'static str, Vec<i64>)> = Vec::new();
    m.push(("C6", vec![pairs.len() as i64]));
    m.push((
        "C7",
        desc(hl.iter().map(|(h, _)| i64::from(h.score)).collect()),
    ));
    // C8: the pairs the next bracket can make with the players left here,
    // the rest of the round still being paired (C4).
    let c8 = next.map_or_else(Vec::new, |ns| {
        let paired: Vec<PlayerId> = pairs.iter().flat_map(|&(a, b)| [a, b]).collect();
        let left: Vec<PlayerId> = members
            .iter()
            .copied()
            .filter(|id| !paired.contains(id))
            .collect();
        let rest: Vec<PlayerId> = left
            .iter()
            .copied()
            .chain(
                setup
                    .sorted
                    .iter()
                    .map(|&i| states[i].id)
                    .filter(|&id| st(id).score < score),
            )
            .collect();
        let in_next = |id: PlayerId| left.contains(&id) || st(id).score == ns;
        let bye_score = bye.map_or(HalfPoints::MAX, |b| st(b).score);
        next_bracket_pairs(setup, states, &rest, &in_next, bye_score)
    });
    m.push(("C8", c8));
    // C9 in the last bracket, where the player left gets the bye.
    let c9 = bye
        .filter(|&b| next.is_none() && st(b).score == score)
        .map_or(0, |b| i64::from(st(b).played_games));
    m.push(("C9", vec![c9]));
    for (i, id) in ["C10", "C11", "C12", "C13"].into_iter().enumerate() {
        m.push((
            id,
            vec![quality.iter().filter(|q| q.colour_ok[i]).count() as i64],
        ));
    }
    for (k, (down, up)) in [("C14", "C15"), ("C16", "C17")].into_iter().enumerate() {
        m.push((
            down,
            vec![quality.iter().map(|q| q.down_kept[k] as i64).sum()],
        ));
        m.push((
            up,
            vec![quality.iter().filter(|q| q.up_kept[k]).count() as i64],
        ));
    }
    for (k, (down, up)) in [("C18", "C19"), ("C20", "C21")].into_iter().enumerate() {
        m.push((
            down,
            desc(
                quality
                    .iter()
                    .flat_map(|q| q.down_scores[k].iter().flatten().map(|&x| i64::from(x)))
                    .collect(),
            ),
        ));
        m.push((
            up,
            desc(
                quality
                    .iter()
                    .filter_map(|q| q.up_scores[k].map(i64::from))
                    .collect(),
            ),
        ));
    }
    m
}

/// C8 of a bracket: among the pairings of `players` (the players left by the
/// bracket and all lower ones) with the most pairs (C1, C2, C3, C4), the
/// largest number of pairs of two players for whom `in_next` holds (the next
/// bracket), then the highest scores of the higher players of those pairs.
/// Returns that number followed by those scores, highest first.
fn next_bracket_pairs(
    setup: &Setup,
    states: &[PlayerState],
    players: &[PlayerId],
    in_next: &dyn Fn(PlayerId) -> bool,
    bye_score: HalfPoints,
) -> Vec<i64> {
    use crate::blossom::MaxWeightMatching;
    let n = players.len();
    if n < 2 {
        return vec![0];
    }
    let st = |id: PlayerId| &states[id as usize - 1];
    // One slot per score a higher player of a next-bracket pair can have,
    // highest score in the highest slot; slots as wide as the pair count.
    let mut levels: Vec<HalfPoints> = players
        .iter()
        .filter(|&&id| in_next(id))
        .map(|&id| st(id).score)
        .collect();
    levels.sort_unstable_by(|a, b| b.cmp(a));
    levels.dedup();
    let width = usize::BITS - n.leading_zeros() + 1;
    let max_levels = (100 / width).saturating_sub(2) as usize;
    levels.truncate(max_levels.max(1));
    let k = levels.len() as u32;
    let slot = |score: HalfPoints| -> i128 {
        levels
            .iter()
            .position(|&l| l == score)
            .map_or(0, |i| 1i128 << ((k - 1 - i as u32) * width))
    };
    let next_pair = 1i128 << (k * width);
    let big = 1i128 << ((k + 2) * width);
    let odd = n % 2 == 1;
    let mut m = MaxWeightMatching::<i128>::new(n + usize::from(odd));
    for u in 0..n {
        for w in 0..u {
            let (a, b) = (st(players[u]), st(players[w]));
            if setup.compatible(a, b) {
                let mut weight = big;
                if in_next(a.id) && in_next(b.id) {
                    let h = if ranks_above(a, b) { a } else { b };
                    weight += next_pair + slot(h.score);
                }
                m.set_weight(u, w, weight);
            }
        }
        // the bye, to a player of the lowest score possible (C2, C5)
        if odd && st(players[u]).bye_eligible && st(players[u]).score <= bye_score {
            m.set_weight(n, u, big);
        }
    }
    let mates = m.solve();
    let mut scores: Vec<i64> = Vec::new();
    for u in 0..n {
        if let Some(w) = mates[u].filter(|&w| w < u) {
            let (a, b) = (st(players[u]), st(players[w]));
            if in_next(a.id) && in_next(b.id) {
                let h = if ranks_above(a, b) { a } else { b };
                scores.push(i64::from(h.score));
            }
        }
    }
    scores.sort_unstable_by(|a, b| b.cmp(a));
    let mut out = vec![scores.len() as i64];
    out.extend(scores);
    out
}

/// The check of one recorded round against the FIDE (Dutch) System.
#[derive(Clone, Debug)]
pub struct RoundCheck {
    pub round: u32,
    /// The pairing recorded in the file.
    pub recorded: Pairing,
    /// The pairing the FIDE (Dutch) System gives from the state before the round.
    pub engine: Result<Pairing, crate::model::PairError>,
    /// The rules the recorded pairing breaks or is worse on (empty when identical).
    pub violations: Vec<Violation>,
}

impl RoundCheck {
    /// Same boards (as ordered white–black pairs, in any board order) and the same bye.
    pub fn identical(&self) -> bool {
        let set = |p: &Pairing| {
            let mut b = p.boards.clone();
            b.sort_unstable();
            (b, p.bye)
        };
        self.engine
            .as_ref()
            .is_ok_and(|e| set(e) == set(&self.recorded))
    }
}

/// Re-pairs every round paired in the file from the state before it and
/// compares with the recorded pairing. The file is read as a checker must read
/// it (see [`super::as_checked`]: initial colour and number of rounds inferred
/// when not stated).
pub fn check_tournament(t: &Tournament) -> Vec<RoundCheck> {
    let t = super::as_checked(t);
    (1..=super::paired_rounds(&t))
        .map(|round| {
            let before = super::state_before(&t, round);
            let recorded = super::recorded_pairing(&t, round);
            let engine = super::pair(&before, round);
            let mut c = RoundCheck {
                round,
                recorded,
                engine,
                violations: Vec::new(),
            };
            if !c.identical() {
                c.violations = check_pairing(&before, round, &c.recorded);
            }
            c
        })
        .collect()
}
