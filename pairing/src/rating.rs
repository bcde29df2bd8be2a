//! FIDE rating arithmetic (Handbook B.02, FIDE Rating Regulations, art. 8):
//! the expected score for a rating difference (table 8.1(b)), the rating
//! difference for a percentage score (table 8.1(a)), the rating change of a game
//! and of an event, the tournament performance rating (C.07 art. 10.2) and the
//! perfect tournament performance (C.07 art. 10.3).
//!
//! ```
//! use pairing::rating;
//! // A 2100 player scoring 2/3 against 2000, 2100 and 2200.
//! assert_eq!(rating::average_rating(&[2000, 2100, 2200]), Some(2100));
//! assert_eq!(rating::performance_rating(4, &[2000, 2100, 2200]), Some(2100 + 125));
//! assert_eq!(rating::expected_score_percent(2100, 2000), 64);
//! ```

use crate::model::HalfPoints;

/// Upper bound of each rating-difference band of table 8.1(b) and the expected
/// score (percent) of the higher-rated player in that band: 0–3 → 50, 4–10 → 51,
/// …, 620–735 → 99; above 735 → 100.
const DIFFERENCE_BANDS: [u16; 50] = [
    3, 10, 17, 25, 32, 39, 46, 53, 61, 68, 76, 83, 91, 98, 106, 113, 121, 129, 137, 145, 153, 162,
    170, 179, 188, 197, 206, 215, 225, 235, 245, 256, 267, 278, 290, 302, 315, 328, 344, 357, 374,
    391, 411, 432, 456, 484, 517, 559, 619, 735,
];

/// Table 8.1(a): rating difference `dp` for a percentage score `p` of 50 … 100
/// (index = p − 50); below 50 it is symmetric (dp(p) = −dp(100 − p)).
const SCORE_TO_DIFFERENCE: [i32; 51] = [
    0, 7, 14, 21, 29, 36, 43, 50, 57, 65, 72, 80, 87, 95, 102, 110, 117, 125, 133, 141, 149, 158,
    166, 175, 184, 193, 202, 211, 220, 230, 240, 251, 262, 273, 284, 296, 309, 322, 336, 351, 366,
    383, 401, 422, 444, 470, 501, 538, 589, 677, 800,
];

/// Expected score (percent, 0–100) of the higher-rated player for a rating
/// difference (table 8.1(b)); any difference is accepted.
pub fn higher_rated_expectation(difference: u32) -> u32 {
    let band = DIFFERENCE_BANDS.partition_point(|&upper| u32::from(upper) < difference);
    50 + band as u32
}

/// Expected score in percent of a player rated `own` against `opponent`
/// (table 8.1(b), the difference taken in full as C.07 art. 10.3 needs).
pub fn expected_score_percent(own: i32, opponent: i32) -> u32 {
    let difference = own.abs_diff(opponent);
    let higher = higher_rated_expectation(difference);
    if own >= opponent {
        higher
    } else {
        100 - higher
    }
}

/// Rating difference `dp` for a percentage score (table 8.1(a)); `percent` is
/// clamped to 0…100.
pub fn difference_for_percent(percent: i32) -> i32 {
    let p = percent.clamp(0, 100);
    if p >= 50 {
        SCORE_TO_DIFFERENCE[(p - 50) as usize]
    } else {
        -SCORE_TO_DIFFERENCE[(50 - p) as usize]
    }
}

/// Average rating of opponents, rounded half up (C.07 art. 10.1). `None` without
/// opponents.
pub fn average_rating(opponents: &[u32]) -> Option<i32> {
    if opponents.is_empty() {
        return None;
    }
    let n = opponents.len() as i64;
    let sum: i64 = opponents.iter().map(|&r| i64::from(r)).sum();
    Some(clamp_rating((2 * sum + n).div_euclid(2 * n)))
}

/// Tournament performance rating (C.07 art. 10.2): the rounded average rating of
/// the opponents plus `dp` for the percentage score, the percentage rounded half
/// up. `score` in half-points (win 2, draw 1, as rated). `None` without games.
pub fn performance_rating(score: HalfPoints, opponents: &[u32]) -> Option<i32> {
    let average = average_rating(opponents)?;
    let n = opponents.len() as i64;
    // percent = score / n × 100, score in half-points: 50 × halves / n.
    let percent = (i64::from(score) * 100 + n).div_euclid(2 * n).clamp(0, 100) as i32;
    Some(average.saturating_add(difference_for_percent(percent)))
}

/// Perfect tournament performance (C.07 art. 10.3): the lowest rating whose
/// expected score (table 8.1(b)) against the opponents reaches the score; with
/// a zero score, the lowest opponent's rating minus 800. `score` in half-points.
pub fn perfect_performance(score: HalfPoints, opponents: &[u32]) -> Option<i32> {
    let lowest = i64::from(*opponents.iter().min()?);
    let highest = i64::from(*opponents.iter().max()?);
    if score <= 0 {
        return Some(clamp_rating(lowest - 800));
    }
    let target = i64::from(score) * 50; // hundredths
    let expected = |own: i64| -> i64 {
        opponents
            .iter()
            .map(|&o| {
                let difference = own.abs_diff(i64::from(o)).min(u64::from(u32::MAX)) as u32;
                let higher = i64::from(higher_rated_expectation(difference));
                if own >= i64::from(o) {
                    higher
                } else {
                    100 - higher
                }
            })
            .sum()
    };
    // Invariant: expected(low) < target <= expected(high).
    let mut low = lowest - 801;
    let mut high = highest + 800;
    if expected(high) < target {
        return Some(clamp_rating(high));
    }
    while high - low > 1 {
        let middle = low + (high - low) / 2;
        if expected(middle) >= target {
            high = middle;
        } else {
            low = middle;
        }
    }
    Some(clamp_rating(high))
}

fn clamp_rating(r: i64) -> i32 {
    r.clamp(i64::from(i32::MIN), i64::from(i32::MAX)) as i32
}

/// The development coefficient K (B.02 art. 8.3.3) for a player with `rating`
/// when nothing else is known: 20 below 2400, 10 from 2400. (40 applies to a
/// player's first 30 games and to juniors under 2300; the caller must know that.)
pub fn default_k(rating: u32) -> u32 {
    if rating >= 2400 {
        10
    } else {
        20
    }
}

/// Rating change of one rated game, in hundredths of a rating point:
/// K × (score − expected), with a rating difference above 400 counted as 400
/// (B.02 art. 8.3.1). `score` in half-points (2 win, 1 draw, 0 loss).
pub fn game_change_hundredths(own: u32, opponent: u32, score: HalfPoints, k: u32) -> i64 {
    let own = i64::from(own);
    let capped = i64::from(opponent).clamp(own - 400, own + 400);
    let higher = i64::from(higher_rated_expectation(own.abs_diff(capped) as u32));
    let expected = if own >= capped { higher } else { 100 - higher };
    i64::from(k) * (i64::from(score) * 50 - expected)
}

/// Rating change of an event: the sum of the game changes, rounded to the
/// nearest whole number (B.02 art. 8.3.1), as a number of points.
pub fn event_change(own: u32, games: &[(u32, HalfPoints)], k: u32) -> i32 {
    let hundredths: i64 = games
        .iter()
        .map(|&(opponent, score)| game_change_hundredths(own, opponent, score, k))
        .sum();
    ((hundredths + 50).div_euclid(100)) as i32
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn expectation_bands_follow_table_8_1_b() {
        assert_eq!(higher_rated_expectation(0), 50);
        assert_eq!(higher_rated_expectation(3), 50);
        assert_eq!(higher_rated_expectation(4), 51);
        assert_eq!(higher_rated_expectation(411), 92);
        assert_eq!(higher_rated_expectation(412), 93);
        assert_eq!(higher_rated_expectation(610), 98);
        assert_eq!(higher_rated_expectation(735), 99);
        assert_eq!(higher_rated_expectation(736), 100);
        assert_eq!(expected_score_percent(1600, 1700), 36);
    }

    #[test]
    fn performance_examples() {
        assert_eq!(performance_rating(0, &[2000]), Some(1200));
        assert_eq!(performance_rating(2, &[2000]), Some(2800));
        assert_eq!(performance_rating(1, &[2000, 2000]), Some(2000 - 193));
        assert_eq!(perfect_performance(0, &[2000, 2100]), Some(1200));
        // One draw against 2000: the lowest rating expected to score 50 %.
        assert_eq!(perfect_performance(1, &[2000]), Some(1997));
        // A win against 2000: expectation 100 % needs a difference above 735.
        assert_eq!(perfect_performance(2, &[2000]), Some(2736));
    }

    #[test]
    fn rating_change() {
        // Equal ratings, a win with K 20: +10.
        assert_eq!(game_change_hundredths(2000, 2000, 2, 20), 1000);
        // Difference above 400 counts as 400: expected 92 %.
        assert_eq!(game_change_hundredths(2500, 1900, 2, 10), 80);
        assert_eq!(
            event_change(2000, &[(2000, 2), (2000, 0), (2000, 1)], 20),
            0
        );
    }
}
