//! Standings: points, then the tournament's tie-break order (C.07 art. 2–4).
//!
//! Each tie-break only separates players still tied after the previous ones
//! (so direct encounter depends on where it stands in the order); players still
//! tied after the whole order share the best rank of their group (1, 2, 2, 4);
//! no lots are drawn.
//!
//! ```
//! use pairing::standings;
//! use pairing::tiebreak::{Edition, TieBreak};
//! let text = "012 Demo\nXXR 1\n\
//! 001    1      A                                 2000                             1.0    1     2 w 1\n\
//! 001    2      B                                 1900                             0.0    2     1 b 0\n";
//! let t = pairing::trf::parse(text).unwrap();
//! let order: Vec<TieBreak> = vec!["PTS".parse().unwrap(), "BH".parse().unwrap()];
//! let rows = standings::compute(&t, &order, Edition::E2026);
//! assert_eq!((rows[0].id, rows[0].rank), (1, 1));
//! assert_eq!((rows[1].id, rows[1].rank), (2, 2));
//! ```

use std::cmp::Ordering;

use crate::model::{HalfPoints, PlayerId, RoundEntry, Tournament};
use crate::rating;
use crate::tiebreak::{Edition, TieBreak, TieBreakValue, TieBreaks};

/// One line of the standings.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StandingRow {
    /// Pairing number.
    pub id: PlayerId,
    /// Competition rank (ties share the best rank).
    pub rank: u32,
    /// Points, in half-points.
    pub points: HalfPoints,
    /// The value of each tie-break of the order, in the order given.
    pub values: Vec<Option<TieBreakValue>>,
    /// FIDE rating change over the rated games (B.02 art. 8.3), with the
    /// default K for the player's rating; `None` for an unrated player.
    pub rating_change: Option<i32>,
    /// Tournament performance rating over the rated games (C.07 art. 10.2).
    pub performance: Option<i32>,
}

/// Ranks the players: by points, then by `order` (a leading `PTS` in `order` is
/// allowed and not applied twice). Rows come in rank order, ties by pairing
/// number.
pub fn compute(t: &Tournament, order: &[TieBreak], edition: Edition) -> Vec<StandingRow> {
    let tiebreaks = TieBreaks::new(t, edition);
    let n = t.players.len();
    let mut rank = vec![1u32; n];
    let mut sequence: Vec<usize> = (0..n).collect();
    let mut values: Vec<Vec<Option<TieBreakValue>>> = vec![Vec::with_capacity(order.len()); n];
    let applied: Vec<(TieBreak, bool)> = if order.first() == Some(&TieBreak::Points) {
        order.iter().map(|tb| (*tb, true)).collect()
    } else {
        std::iter::once((TieBreak::Points, false))
            .chain(order.iter().map(|tb| (*tb, true)))
            .collect()
    };
    for (tb, shown) in applied {
        let column = if tb == TieBreak::DirectEncounter {
            let groups = tied_groups(&sequence, &rank);
            tiebreaks
                .direct_encounter(&groups)
                .into_iter()
                .map(|v| Some(TieBreakValue::integer(i64::from(v))))
                .collect()
        } else {
            tiebreaks.values(&tb)
        };
        rerank(&mut sequence, &mut rank, &column, tb.lower_is_better());
        if shown {
            for (row, value) in values.iter_mut().zip(&column) {
                row.push(*value);
            }
        }
    }
    let performance = performances(t);
    sequence
        .into_iter()
        .map(|i| StandingRow {
            id: t.players[i].id,
            rank: rank[i],
            points: tiebreaks.points()[i] as HalfPoints,
            values: std::mem::take(&mut values[i]),
            rating_change: performance[i].0,
            performance: performance[i].1,
        })
        .collect()
}

/// The players sharing a rank, in the current order.
fn tied_groups(sequence: &[usize], rank: &[u32]) -> Vec<Vec<usize>> {
    let mut groups: Vec<Vec<usize>> = Vec::new();
    for &i in sequence {
        match groups.last_mut() {
            Some(g) if rank[g[0]] == rank[i] => g.push(i),
            _ => groups.push(vec![i]),
        }
    }
    groups
}

/// Orders by (rank, value) and gives competition ranks: a player keeps sharing
/// the rank of the one before only when both were tied and have equal values.
fn rerank(
    sequence: &mut [usize],
    rank: &mut [u32],
    column: &[Option<TieBreakValue>],
    lower_is_better: bool,
) {
    let compare = |a: &usize, b: &usize| -> Ordering {
        rank[*a]
            .cmp(&rank[*b])
            .then_with(|| match (column[*a], column[*b]) {
                (Some(x), Some(y)) => {
                    if lower_is_better {
                        x.cmp(&y)
                    } else {
                        y.cmp(&x)
                    }
                }
                (Some(_), None) => Ordering::Less,
                (None, Some(_)) => Ordering::Greater,
                (None, None) => Ordering::Equal,
            })
            .then_with(|| a.cmp(b))
    };
    sequence.sort_by(compare);
    let old: Vec<u32> = sequence.iter().map(|&i| rank[i]).collect();
    for k in 0..sequence.len() {
        let i = sequence[k];
        if k > 0 && old[k] == old[k - 1] && column[i] == column[sequence[k - 1]] {
            rank[i] = rank[sequence[k - 1]];
        } else {
            rank[i] = k as u32 + 1;
        }
    }
}

/// (rating change, performance) of each player over the rated games: played
/// over the board against a rated opponent, not recorded as `W`/`D`/`L`.
fn performances(t: &Tournament) -> Vec<(Option<i32>, Option<i32>)> {
    t.players
        .iter()
        .map(|p| {
            let mut games: Vec<(u32, HalfPoints)> = Vec::new();
            for (r, entry) in p.rounds.iter().enumerate() {
                let RoundEntry::Game {
                    opponent,
                    result: Some(result),
                    ..
                } = *entry
                else {
                    continue;
                };
                if !result.played() || t.trf.unrated_games.contains(&(p.id, r as u32 + 1)) {
                    continue;
                }
                let Some(rating) = t.player(opponent).and_then(|o| o.rating) else {
                    continue;
                };
                let score = match result {
                    crate::model::GameResult::Win => 2,
                    crate::model::GameResult::Draw => 1,
                    crate::model::GameResult::Adjusted(x) if x >= t.points.win => 2,
                    crate::model::GameResult::Adjusted(x) if x >= t.points.draw && x > 0 => 1,
                    _ => 0,
                };
                games.push((rating, score));
            }
            let ratings: Vec<u32> = games.iter().map(|g| g.0).collect();
            let score: HalfPoints = games.iter().map(|g| g.1).sum();
            let performance = rating::performance_rating(score, &ratings);
            let change = p
                .rating
                .map(|own| rating::event_change(own, &games, rating::default_k(own)));
            (change, performance)
        })
        .collect()
}

/// Where a recorded final ranking parts from the ranking its tie-break list
/// gives (C.07): two players next to each other in the recorded ranking, and
/// the first criterion of the list on which they differ.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RankingDiscrepancy {
    /// The player recorded higher (or first of a recorded tie).
    pub above: PlayerId,
    pub below: PlayerId,
    /// The first criterion of the list (`PTS` first) on which the two differ,
    /// or `none` when they are equal on every one.
    pub criterion: String,
    pub message: String,
}

/// Checks the ranks recorded in the file (TRF `001` columns 86–89) against
/// the ranking by points and `order`: every two players next to each other
/// in the recorded ranking must be in the same order (or tied) in the
/// computed one. Players without a recorded rank are reported too.
pub fn check_ranking(
    t: &Tournament,
    order: &[TieBreak],
    edition: Edition,
) -> Vec<RankingDiscrepancy> {
    let rows = compute(t, order, edition);
    let row = |id: PlayerId| {
        rows.iter()
            .find(|r| r.id == id)
            .expect("every player has a row")
    };
    let mut out = Vec::new();
    let mut recorded: Vec<(u32, PlayerId)> = Vec::new();
    for p in &t.players {
        match p.recorded_rank {
            Some(r) => recorded.push((r, p.id)),
            None => out.push(RankingDiscrepancy {
                above: p.id,
                below: p.id,
                criterion: "rank".into(),
                message: format!("{} has no recorded rank", p.id),
            }),
        }
    }
    recorded.sort_unstable();
    // the criteria as applied: points first, then the list
    let skip_points = order.first() == Some(&TieBreak::Points);
    for w in recorded.windows(2) {
        let ((ra, a), (rb, b)) = (w[0], w[1]);
        let (x, y) = (row(a), row(b));
        let same = if ra == rb {
            x.rank == y.rank
        } else {
            x.rank < y.rank
        };
        if same {
            continue;
        }
        let mut named = None;
        if !skip_points && x.points != y.points {
            named = Some((
                "PTS".to_string(),
                crate::trf::format_points(x.points),
                crate::trf::format_points(y.points),
            ));
        }
        if named.is_none() {
            for (i, tb) in order.iter().enumerate() {
                if x.values[i] != y.values[i] {
                    let show =
                        |v: Option<TieBreakValue>| v.map_or("-".to_string(), |v| v.to_string());
                    named = Some((tb.to_string(), show(x.values[i]), show(y.values[i])));
                    break;
                }
            }
        }
        let (criterion, va, vb) =
            named.unwrap_or_else(|| ("none".into(), String::new(), String::new()));
        let message = if criterion == "none" {
            format!(
                "{a} (rank {ra}) and {b} (rank {rb}) are equal on every criterion and should share a rank"
            )
        } else {
            format!(
                "{a} is recorded at rank {ra} and {b} at rank {rb}, but {criterion} ranks them {} \
                 ({a}: {va}, {b}: {vb}); computed ranks {} and {}",
                if x.rank == y.rank {
                    "equal"
                } else if x.rank > y.rank {
                    "the other way round"
                } else {
                    "apart"
                },
                x.rank,
                y.rank
            )
        };
        out.push(RankingDiscrepancy {
            above: a,
            below: b,
            criterion,
            message,
        });
    }
    out
}
