//! The Lim system (FIDE Handbook C.04.4.3, edition effective from
//! 1 February 2026; approved by the 1987 General Assembly, amended 1988,
//! 1989, 1997, 1998 and 1999, approved again by the Council on 28/10/2025).
//!
//! - [`pair`] makes the pairing of a round;
//! - [`check_tournament`] re-pairs every round of a file and compares.
//!
//! How the text is read (every point of interpretation is also listed in
//! `pairing/README.md`, "Lim system"):
//!
//! - **Bye (art. 1.1, C.04.1).** The player with the lowest rank in the
//!   lowest scoregroup who may still receive it (no earlier
//!   pairing-allocated bye or forfeit win); if the rest cannot be paired at
//!   all, the next such player up.
//! - **Compatibility (art. 2.1).** Two players who have not played each
//!   other (over the board; `XXP` pairs count as played), and for whom a
//!   colour allocation exists that gives neither the same colour three
//!   rounds running nor three more games of one colour than of the other.
//! - **Order of scoregroups (art. 2.2).** The median score is half the
//!   rounds played (in points: `win × (round − 1) / 2`). The scoregroups above
//!   it are paired from the highest downward, then those below it from the
//!   lowest upward, then the median scoregroup, downward. With no player on
//!   the median score the median scoregroup is empty and holds only the
//!   floaters that reach it from both sides.
//! - **Floaters (art. 2.3, 3).** A scoregroup (its own players and the
//!   floaters that reached it) leaves as few players unpaired as possible:
//!   those with no compatible opponent in it (art. 2.3.1–2.3.3) and one more
//!   to make the number even (art. 2.3.4). They float to the next scoregroup
//!   in the order of pairing (downward above the median, upward below it).
//!   Where there is a choice, the floaters are taken one by one, by type
//!   (art. 3.9: first a player of the scoregroup who has a compatible
//!   opponent in the scoregroup the floater goes to, then one of the
//!   scoregroup who has none, then a floater who reached the scoregroup and
//!   has one there, last a floater who has none), then by rank (art. 3.2: the
//!   lowest-ranked when pairing downward, the highest-ranked when pairing
//!   upward). A floater from above ranks above the players of the scoregroup
//!   it reaches, one from below ranks below them.
//! - **Exchanges (art. 4).** The others are paired upper half against lower
//!   half (1 v ½n+1, 2 v ½n+2, …). Scrutiny begins with the highest-ranked
//!   player when pairing downward (the text's "highest numbered": in these
//!   rules No. 1 has the highest pairing number) and with the lowest-ranked
//!   when pairing upward (the upward pairing is the downward one read from
//!   the bottom);
//!   a player whose proposed opponent is incompatible, or whose pairing would
//!   leave the rest unpairable, takes the next opponent in the order of
//!   art. 4.2 (six players: 1 v 4, 1 v 5, 1 v 6, 1 v 3, 1 v 2).
//! - **Median scoregroup.** It is paired last and cannot send a floater on;
//!   when it cannot be paired completely, it is extended by the nearest
//!   scoregroup on each side (their pairings undone) and paired as one
//!   scoregroup (by score, then rank), downward; then by the next ones, and
//!   so on, until it pairs (at the end, the whole round as one scoregroup).
//! - **Colours (art. 5, 7.2).** In order: a player who may not take a colour
//!   (art. 2.1) gets the other; each player's due colour (the one that
//!   equalises their colours, or, when equal, the one that alternates with
//!   the last) is granted when the two differ; when they are the same, the
//!   colours alternate with the latest round in which the two had different
//!   colours; with identical histories the higher-ranked player gets the due
//!   colour in a scoregroup paired downward, the lower-ranked in one paired
//!   upward. Two players with no game yet: the higher-ranked gets the initial
//!   colour (`XXC`) when their rank is odd (1, 3, …), the other colour when
//!   even (art. 7.2: 1 v 21, 22 v 2, 3 v 23, …).
//! - Not applied: the 100-point restrictions of Maxi-tournaments, colour
//!   exchanges between pairs, and colours in the choice of a floater (the
//!   pairing is decided by compatibility, the floaters' type and rank, and
//!   the order of exchanges only).
//!
//! The engine of a scoregroup is in `engine.rs`; the per-player state
//! (score, colour history, opponents, bye eligibility) is the one the FIDE
//! (Dutch) engine uses, and so is the reading of files without `XXC`/`XXR`
//! ([`crate::dutch::as_checked`]).

mod engine;

use crate::dutch::state::{self, PlayerState};
use crate::dutch::RoundCheck;
use crate::model::{Color, PairError, Pairing, Tournament};

pub use crate::dutch::{paired_rounds, recorded_pairing, state_before};
pub use engine::candidates as exchange_order;

/// Whether `p` may take colour `c` (art. 2.1): not a third time running,
/// and not three more games of one colour than of the other.
pub fn may_take(colors: &[Color], c: Color) -> bool {
    let n = colors.len();
    if n >= 2 && colors[n - 1] == c && colors[n - 2] == c {
        return false;
    }
    let diff: i32 = colors
        .iter()
        .chain(std::iter::once(&c))
        .map(|x| if *x == Color::White { 1 } else { -1 })
        .sum();
    diff.abs() < 3
}

/// Art. 2.1: not met before (nor an `XXP` pair), and some colour allocation
/// allowed for both.
fn compatible(a: &PlayerState, b: &PlayerState) -> bool {
    !a.forbidden.contains(&b.id)
        && !b.forbidden.contains(&a.id)
        && [Color::White, Color::Black]
            .iter()
            .any(|&c| may_take(&a.colors, c) && may_take(&b.colors, c.opposite()))
}

/// The colour a player is due (art. 5): the one that equalises their
/// colours, or, with equal colours, the one that alternates with the last;
/// `None` before the first game.
pub fn due_colour(colors: &[Color]) -> Option<Color> {
    let diff: i32 = colors
        .iter()
        .map(|x| if *x == Color::White { 1 } else { -1 })
        .sum();
    match diff.cmp(&0) {
        std::cmp::Ordering::Greater => Some(Color::Black),
        std::cmp::Ordering::Less => Some(Color::White),
        std::cmp::Ordering::Equal => colors.last().map(|c| c.opposite()),
    }
}

/// The colour of `a` against `b` (art. 5, 7.2; see the module documentation).
/// `a_higher`: `a` is the higher-ranked of the two; `downward`: the pair was
/// made in a scoregroup paired downward.
pub fn colour_of(
    a: &[Color],
    b: &[Color],
    a_higher: bool,
    a_rank: u32,
    b_rank: u32,
    downward: bool,
    initial: Color,
) -> Color {
    if a.is_empty() && b.is_empty() {
        let (top_rank, top_is_a) = if a_higher {
            (a_rank, true)
        } else {
            (b_rank, false)
        };
        let top = if top_rank % 2 == 0 {
            initial
        } else {
            initial.opposite()
        };
        return if top_is_a { top } else { top.opposite() };
    }
    for c in [Color::White, Color::Black] {
        if !may_take(a, c.opposite()) || !may_take(b, c) {
            // a must take c, or b must take the other
            if may_take(a, c) && may_take(b, c.opposite()) {
                return c;
            }
        }
    }
    match (due_colour(a), due_colour(b)) {
        (Some(x), Some(y)) if x != y => x,
        (Some(x), None) => x,
        (None, Some(y)) => y.opposite(),
        (None, None) => initial,
        (Some(x), Some(_)) => {
            // the latest round in which they had different colours
            for (ca, cb) in a.iter().rev().zip(b.iter().rev()) {
                if ca != cb {
                    return ca.opposite();
                }
            }
            if a_higher == downward {
                x
            } else {
                x.opposite()
            }
        }
    }
}

/// The pairing of round `round` (1-based) under the Lim system. Uses the
/// rounds before `round`; players whose entry for `round` is already a bye
/// or "not paired" are absent, and withdrawn players are not paired.
pub fn pair(t: &Tournament, round: u32) -> Result<Pairing, PairError> {
    if round == 0 {
        return Err(PairError::InvalidRound {
            round,
            reason: "rounds are numbered from 1".into(),
        });
    }
    if t.total_rounds > 0 && round > t.total_rounds {
        return Err(PairError::InvalidRound {
            round,
            reason: format!("the tournament has {} rounds", t.total_rounds),
        });
    }
    for (i, p) in t.players.iter().enumerate() {
        if p.id as usize != i + 1 {
            return Err(PairError::InvalidRound {
                round,
                reason: format!("player {} is listed with pairing number {}", i + 1, p.id),
            });
        }
    }
    let states = state::build(t, round);
    let mut present: Vec<usize> = (0..t.players.len())
        .filter(|&i| state::takes_part(t, t.players[i].id, round))
        .collect();
    // by score, then rank
    present.sort_by_key(|&i| (std::cmp::Reverse(states[i].score), states[i].rank));
    let median2 = i64::from(t.points.win) * i64::from(round - 1);
    let no_pairing = |reason: &str| PairError::NoValidPairing {
        round,
        reason: reason.into(),
    };
    let byes: Vec<Option<usize>> = if present.len() % 2 == 1 {
        present
            .iter()
            .rev()
            .filter(|&&i| states[i].bye_eligible)
            .map(|&i| Some(i))
            .collect()
    } else {
        vec![None]
    };
    if byes.is_empty() {
        return Err(no_pairing(
            "no player may receive the pairing-allocated bye",
        ));
    }
    for bye in byes {
        let players: Vec<usize> = present
            .iter()
            .copied()
            .filter(|&i| Some(i) != bye)
            .collect();
        let Some(pairs) = pair_players(&states, &players, median2) else {
            continue;
        };
        let mut boards: Vec<(u32, u32)> = pairs
            .iter()
            .map(|&(a, b, downward)| {
                let (pa, pb) = (&states[a], &states[b]);
                let c = colour_of(
                    &pa.colors,
                    &pb.colors,
                    pa.rank < pb.rank,
                    pa.rank,
                    pb.rank,
                    downward,
                    t.initial_color,
                );
                match c {
                    Color::White => (pa.id, pb.id),
                    Color::Black => (pb.id, pa.id),
                }
            })
            .collect();
        // board order: the higher score, the lower score, then the rank of
        // the higher-ranked player
        let key = |id: u32| {
            let s = &states[id as usize - 1];
            (std::cmp::Reverse(s.score), s.rank)
        };
        boards.sort_by_key(|&(w, b)| {
            let (hi, lo) = if key(w) <= key(b) { (w, b) } else { (b, w) };
            (key(hi).0, key(lo).0, key(hi).1)
        });
        return Ok(Pairing {
            boards,
            bye: bye.map(|i| states[i].id),
        });
    }
    Err(no_pairing(
        "the players cannot all be paired with compatible opponents (art. 2.1)",
    ))
}

/// The pairs of the round (indexes into `states`, and whether made in a
/// scoregroup paired downward), the scoregroups in the order of art. 2.2;
/// if the median scoregroup cannot be completed, it is extended by the
/// nearest scoregroups on both sides, one more on each side at a time.
fn pair_players(
    states: &[PlayerState],
    players: &[usize],
    median2: i64,
) -> Option<Vec<(usize, usize, bool)>> {
    let score2 = |i: usize| 2 * i64::from(states[i].score);
    let mut scores: Vec<i32> = players.iter().map(|&i| states[i].score).collect();
    scores.dedup();
    let above: Vec<i32> = scores
        .iter()
        .copied()
        .filter(|&s| 2 * i64::from(s) > median2)
        .collect();
    let below: Vec<i32> = scores
        .iter()
        .rev()
        .copied()
        .filter(|&s| 2 * i64::from(s) < median2)
        .collect();
    let natives = |s: Option<i32>| -> Vec<usize> {
        match s {
            Some(s) => players
                .iter()
                .copied()
                .filter(|&i| states[i].score == s)
                .collect(),
            None => players
                .iter()
                .copied()
                .filter(|&i| score2(i) == median2)
                .collect(),
        }
    };
    let order_key = |i: usize| (std::cmp::Reverse(states[i].score), states[i].rank);
    // per side (above, below): each scoregroup's players, the floaters that
    // reached it and its pairs; then the floaters sent to the median
    let mut sides: Vec<(Vec<Paired>, Vec<usize>, bool)> = Vec::new();
    for (chain, downward) in [(&above, true), (&below, false)] {
        let mut done = Vec::new();
        let mut incoming: Vec<usize> = Vec::new();
        for (k, &s) in chain.iter().enumerate() {
            let next = chain.get(k + 1).copied();
            let dest = natives(next);
            let own = natives(Some(s));
            let mut members = own.clone();
            let arrived = std::mem::take(&mut incoming);
            members.extend(arrived.iter().copied());
            members.sort_by_key(|&i| order_key(i));
            if !downward {
                members.reverse();
            }
            let (pairs, floaters) = run_bracket(states, &members, &arrived, Some(&dest))?;
            done.push(Paired {
                own,
                arrived,
                pairs,
            });
            incoming = floaters;
        }
        sides.push((done, incoming, downward));
    }
    // The median scoregroup, extended while it cannot be completed by the
    // nearest scoregroup on each side (their pairings undone), as one
    // scoregroup paired downward.
    let depth = sides.iter().map(|s| s.0.len()).max().unwrap_or(0);
    for undo in 0..=depth {
        let mut members = natives(None);
        let mut floated = Vec::new();
        let mut out = Vec::new();
        for (done, sent, downward) in &sides {
            let keep = done.len().saturating_sub(undo);
            for g in &done[..keep] {
                out.extend(g.pairs.iter().map(|&(a, b)| (a, b, *downward)));
            }
            if keep == done.len() {
                floated.extend(sent.iter().copied());
                members.extend(sent.iter().copied());
            } else {
                floated.extend(done[keep].arrived.iter().copied());
                members.extend(done[keep].arrived.iter().copied());
                for g in &done[keep..] {
                    members.extend(g.own.iter().copied());
                }
            }
        }
        members.sort_by_key(|&i| order_key(i));
        if let Some((pairs, _)) = run_bracket(states, &members, &floated, None) {
            out.extend(pairs.into_iter().map(|(a, b)| (a, b, true)));
            return Some(out);
        }
    }
    None
}

/// A scoregroup paired before the median one: its own players, the
/// floaters that reached it, its pairs.
struct Paired {
    own: Vec<usize>,
    arrived: Vec<usize>,
    pairs: Vec<(usize, usize)>,
}

/// One scoregroup, `members` in scrutiny order; `floated` are the floaters
/// that reached it; `dest` the players of the scoregroup its floaters go to
/// (`None`: the median scoregroup, which keeps none).
#[allow(clippy::type_complexity)]
fn run_bracket(
    states: &[PlayerState],
    members: &[usize],
    floated: &[usize],
    dest: Option<&[usize]>,
) -> Option<(Vec<(usize, usize)>, Vec<usize>)> {
    let kind = |p: usize| {
        let i = members[p];
        let arrived = floated.contains(&i);
        let has = dest
            .unwrap_or(&[])
            .iter()
            .any(|&d| compatible(&states[i], &states[d]));
        match (arrived, has) {
            (false, true) => FloaterType::D,
            (false, false) => FloaterType::C,
            (true, true) => FloaterType::B,
            (true, false) => FloaterType::A,
        }
    };
    let (pairs, floaters) = pair_scoregroup(
        members.len(),
        |a, b| compatible(&states[members[a]], &states[members[b]]),
        kind,
        dest.is_some(),
    )?;
    Some((
        pairs
            .iter()
            .map(|&(a, b)| (members[a], members[b]))
            .collect(),
        floaters.iter().map(|&p| members[p]).collect(),
    ))
}

/// The type of a floater (art. 3.9), from the most suitable to the least:
/// a player of the scoregroup with a compatible opponent in the scoregroup
/// the floater goes to (D), one without (C), a floater who reached the
/// scoregroup and has one there (B), one who has none (A).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum FloaterType {
    D,
    C,
    B,
    A,
}

/// One scoregroup on its own (art. 2.3, 3, 4): `n` players in scrutiny
/// order (0 is scrutinised first: the highest-ranked when pairing downward,
/// the lowest-ranked when pairing upward), `compatible` by position (art.
/// 2.1), `kind` each player's floater type. Returns the pairs and the
/// floaters (positions): the fewest floaters, chosen by type then from the
/// end of the scrutiny order, and the others paired in the order of
/// exchanges of art. 4. `may_float`: false for the median scoregroup;
/// `None` when it cannot then be paired.
#[allow(clippy::type_complexity)]
pub fn pair_scoregroup(
    n: usize,
    compatible: impl FnMut(usize, usize) -> bool,
    kind: impl Fn(usize) -> FloaterType,
    may_float: bool,
) -> Option<(Vec<(usize, usize)>, Vec<usize>)> {
    if n == 0 {
        return Some((Vec::new(), Vec::new()));
    }
    let g = engine::Graph::new(n, compatible);
    let mut preference: Vec<usize> = (0..n).collect();
    preference.sort_by_key(|&p| (kind(p), n - 1 - p));
    let out = engine::bracket(&g, &preference, may_float)?;
    Some((out.pairs, out.floaters))
}

/// Re-pairs every round paired in the file from the state before it and
/// compares with the recorded pairing (the file read as a checker must read
/// it: see [`crate::dutch::as_checked`]). The violations stay empty: the
/// differing boards are the report.
pub fn check_tournament(t: &Tournament) -> Vec<RoundCheck> {
    crate::burstein::check_with(t, pair)
}
