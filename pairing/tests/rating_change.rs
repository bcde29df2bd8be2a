//! Rating changes (FIDE B.02) on hand-worked examples. Expected scores are
//! read by hand from table 8.1.2: D 77–83 → .61, 26–32 → .54, 99–106 → .64,
//! 392–411 → .92, 433–456 → .94, 485–517 → .96.

mod norms_support;

use norms_support::{trf, P, R};
use pairing::rating_change::{
    initial_rating, k_factor, rating_changes, PlayerFacts, PlayerRatingChange, RatingEdition,
};

const HEADER: &str = "012 Rating test\n092 Individual: Swiss-System\nXXR 5\n";

fn player_one(
    players: &[P],
    rounds: &[R],
    edition: RatingEdition,
    facts: PlayerFacts,
) -> PlayerRatingChange {
    let t = pairing::trf::parse(&trf(HEADER, players, rounds)).unwrap();
    let rows = rating_changes(&t, edition, &|id| {
        if id == 1 {
            facts
        } else {
            PlayerFacts::default()
        }
    });
    rows[0].clone()
}

/// K 20 (2000, adult, over 30 games): beats 2100 (D −100, expected .36):
/// 20 × .64 = +12.8; draws 1900 (expected .64): 20 × −.14 = −2.8; draws 2000:
/// 0. Total +10.0: 2010.
#[test]
fn k20_example() {
    let players = [
        P("", 2000, "POL", 'm'),
        P("", 2100, "POL", 'm'),
        P("", 1900, "POL", 'm'),
        P("", 2000, "POL", 'm'),
    ];
    let r = player_one(
        &players,
        &[R::G(2, '1'), R::G(3, '='), R::G(4, '=')],
        RatingEdition::Fide2024,
        PlayerFacts::default(),
    );
    assert_eq!(r.k, Some(20));
    let changes: Vec<i64> = r.games.iter().map(|g| g.change_hundredths).collect();
    assert_eq!(changes, vec![1280, -280, 0]);
    assert_eq!((r.change, r.new_rating), (Some(10), Some(2010)));
}

/// K 40 (under 18, 1800): beats 1900 (.36): +25.6; loses to 1700 (.64):
/// −25.6; draws 2250: D −450 counts as −400 (.08): 40 × .42 = +16.8. Total
/// +16.8 → +17: 1817. A player with fewer than 30 games also has K 40.
#[test]
fn k40_example_with_the_400_point_rule() {
    let players = [
        P("", 1800, "POL", 'm'),
        P("", 1900, "POL", 'm'),
        P("", 1700, "POL", 'm'),
        P("", 2250, "POL", 'm'),
    ];
    let rounds = [R::G(2, '1'), R::G(3, '0'), R::G(4, '=')];
    let junior = PlayerFacts {
        under_18: true,
        ..PlayerFacts::default()
    };
    let r = player_one(&players, &rounds, RatingEdition::Fide2024, junior);
    assert_eq!(r.k, Some(40));
    assert_eq!(r.games[2].difference, -400);
    assert!(r.games[2].capped);
    assert_eq!(r.games[2].expected, 8);
    assert_eq!((r.change, r.new_rating), (Some(17), Some(1817)));
    let new = PlayerFacts {
        rated_games: Some(12),
        ..PlayerFacts::default()
    };
    assert_eq!(
        player_one(&players, &rounds, RatingEdition::Fide2024, new).k,
        Some(40)
    );
    // A junior from 2300 has K 20; anyone from 2400 K 10.
    assert_eq!(k_factor(2300, &junior), 20);
    assert_eq!(k_factor(2400, &junior), 10);
    assert_eq!(
        k_factor(
            2350,
            &PlayerFacts {
                reached_2400: true,
                ..PlayerFacts::default()
            }
        ),
        10
    );
    // K × n ≤ 700: 40 × 20 games > 700, K 35.
    assert_eq!(
        k_factor(
            1800,
            &PlayerFacts {
                under_18: true,
                games_in_period: Some(20),
                ..PlayerFacts::default()
            }
        ),
        35
    );
}

/// K 10 (2500): beats 2050 (D 450 → 400, .92): +0.8; draws 2400 (.64): −1.4;
/// beats 2600 (.36): +6.4. Total +5.8 → +6: 2506.
#[test]
fn k10_example() {
    let players = [
        P("GM", 2500, "POL", 'm'),
        P("", 2050, "POL", 'm'),
        P("", 2400, "POL", 'm'),
        P("", 2600, "POL", 'm'),
    ];
    let r = player_one(
        &players,
        &[R::G(2, '1'), R::G(3, '='), R::G(4, '1')],
        RatingEdition::Fide2024,
        PlayerFacts::default(),
    );
    assert_eq!(r.k, Some(10));
    let changes: Vec<i64> = r.games.iter().map(|g| g.change_hundredths).collect();
    assert_eq!(changes, vec![80, -140, 640]);
    assert_eq!(r.new_rating, Some(2506));
}

/// The 400-point rule by edition. 2500 beats 2050 (D 450) and 2000 (D 500).
/// 2022 (one upgrade per event, the greatest difference): 2000 counts as 400
/// (.92, +0.8), 2050 in full (.94, +0.6): +1.4 → +1. 2024: both capped:
/// +1.6 → +2. 2025: the same below 2650. A 2700 beating 2200 (D 500): 2024
/// capped, .92, +0.8 → +1; 2025 from 2650 in full, .96, +0.4 → 0.
#[test]
fn the_400_point_rule_in_each_edition() {
    let players = [
        P("GM", 2500, "POL", 'm'),
        P("", 2050, "POL", 'm'),
        P("", 2000, "POL", 'm'),
    ];
    let rounds = [R::G(2, '1'), R::G(3, '1')];
    let by = |e| player_one(&players, &rounds, e, PlayerFacts::default());
    let old = by(RatingEdition::Fide2022);
    assert_eq!(
        old.games
            .iter()
            .map(|g| g.change_hundredths)
            .collect::<Vec<_>>(),
        vec![60, 80]
    );
    assert_eq!(old.change, Some(1));
    assert_eq!(by(RatingEdition::Fide2024).change, Some(2));
    assert_eq!(by(RatingEdition::Fide2025).change, Some(2));
    let top = [P("GM", 2700, "POL", 'm'), P("", 2200, "POL", 'm')];
    let one = [R::G(2, '1')];
    let r24 = player_one(&top, &one, RatingEdition::Fide2024, PlayerFacts::default());
    let r25 = player_one(&top, &one, RatingEdition::Fide2025, PlayerFacts::default());
    assert_eq!((r24.games[0].change_hundredths, r24.change), (80, Some(1)));
    assert_eq!((r25.games[0].change_hundredths, r25.change), (40, Some(0)));
    // The editions by date (B.02 of 1 March 2024, amendment of 1 October 2025).
    assert_eq!(
        RatingEdition::in_force_on("2024/02/29"),
        RatingEdition::Fide2022
    );
    assert_eq!(
        RatingEdition::in_force_on("2024/03/01"),
        RatingEdition::Fide2024
    );
    assert_eq!(
        RatingEdition::in_force_on("2025-10-01"),
        RatingEdition::Fide2025
    );
}

/// The rating floor (1400 from March 2024): 1420 with K 20 loses to 1500
/// (D −80, .39: −7.8), 1450 (D −30, .46: −9.2) and 1420 (−10): −27 → 1393,
/// below the floor: listed as unrated. Under the 2022 floor of 1000 it is not.
#[test]
fn the_rating_floor() {
    let players = [
        P("", 1420, "POL", 'm'),
        P("", 1500, "POL", 'm'),
        P("", 1450, "POL", 'm'),
        P("", 1420, "POL", 'm'),
    ];
    let rounds = [R::G(2, '0'), R::G(3, '0'), R::G(4, '0')];
    let r = player_one(
        &players,
        &rounds,
        RatingEdition::Fide2024,
        PlayerFacts::default(),
    );
    assert_eq!((r.change, r.new_rating), (Some(-27), Some(1393)));
    assert!(r.below_floor);
    let r = player_one(
        &players,
        &rounds,
        RatingEdition::Fide2022,
        PlayerFacts::default(),
    );
    assert!(!r.below_floor);
    // Two losses only: −17 → 1403, above the floor.
    let r = player_one(
        &players,
        &rounds[..2],
        RatingEdition::Fide2024,
        PlayerFacts::default(),
    );
    assert_eq!((r.new_rating, r.below_floor), (Some(1403), false));
}

/// First rating of an unrated player: 3/5 against 1600, 1700, 1800 (won),
/// 1900, 2000 (lost). 2024: with two 1800s drawn, 12600 / 7 = Ra 1800, 4/7 =
/// 57 %, dp 50: Ru 1850. 2022: Ra 1800, one half-point above 50 %: +20, 1820.
/// The rated players' games against the unrated one are not rated.
#[test]
fn first_rating_of_an_unrated_player() {
    let players = [
        P("", 0, "POL", 'm'),
        P("", 1600, "POL", 'm'),
        P("", 1700, "POL", 'm'),
        P("", 1800, "POL", 'm'),
        P("", 1900, "POL", 'm'),
        P("", 2000, "POL", 'm'),
    ];
    let rounds = [
        R::G(2, '1'),
        R::G(3, '1'),
        R::G(4, '1'),
        R::G(5, '0'),
        R::G(6, '0'),
    ];
    let t = pairing::trf::parse(&trf(HEADER, &players, &rounds)).unwrap();
    let rows = rating_changes(&t, RatingEdition::Fide2024, &|_| PlayerFacts::default());
    let first = rows[0].initial.clone().unwrap();
    assert_eq!(
        (first.average, first.percent, first.rating),
        (Some(1800), 57, Some(1850))
    );
    assert!(first.complete);
    assert!(rows[1].games.is_empty() && rows[1].change == Some(0));
    let rows = rating_changes(&t, RatingEdition::Fide2022, &|_| PlayerFacts::default());
    assert_eq!(rows[0].initial.as_ref().unwrap().rating, Some(1820));
    // Four games: a rating, but 5 rated games are needed before it is published.
    let four = initial_rating(
        &[(1600, 2), (1700, 2), (1800, 2), (1900, 0)],
        RatingEdition::Fide2024,
    );
    assert!(!four.complete);
    // 2024: (7000 + 3600) / 6, 4/6 = 67 %, dp 125: 1766.7 + 125 = 1891.7 → 1892.
    assert_eq!(four.rating, Some(1892));
    // A zero score is disregarded.
    assert_eq!(
        initial_rating(&[(1600, 0)], RatingEdition::Fide2024).rating,
        None
    );
    // At most 2200 from 2024.
    let strong = initial_rating(&[(2400, 2); 5], RatingEdition::Fide2024);
    assert_eq!(strong.rating, Some(2200));
}
