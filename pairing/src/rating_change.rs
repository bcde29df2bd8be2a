//! Rating changes of an event under the FIDE Rating Regulations (Handbook
//! B.02), per player and game, for the FIDE rating report: the development
//! coefficient K (art. 8.3.3), the expected score from table 8.1.2 with the
//! 400-point rule (art. 8.3.1) as each edition words it, and the first rating
//! of unrated players as far as one event allows (art. 8.2).
//!
//! Editions ([`RatingEdition`]):
//! - `Fide2022` (1 January 2022 – 29 February 2024): a difference above 400
//!   counts as 400, but a player benefits from only one such upgrade per
//!   event, in the game where the difference is greatest; first rating
//!   `Ra + 20` per half point above 50 %, `Ra + dp` below; rating floor 1000.
//! - `Fide2024` (from 1 March 2024): the 400-point rule in every game; first
//!   rating from the rated opponents plus two hypothetical opponents rated
//!   1800 drawn against, `Ru = Ra + dp`, at most 2200; rating floor 1400.
//! - `Fide2025` (from 1 October 2025): as 2024, but for players rated 2650 and
//!   above the difference is used in full.
//!
//! Games rated: played over the board (no forfeits, no TRF `W`/`D`/`L`
//! games of less than one move, no arbiter-set `0–½`/`0–0` results), both
//! players rated for a rated player's change; an unrated player's games
//! against rated opponents make their first rating.
//!
//! ```
//! use pairing::rating_change::{game_change, RatingEdition};
//! // 2000 beats 2000 with K 20: expected 50 %, +10.00.
//! assert_eq!(game_change(2000, 2000, 2, 20, RatingEdition::Fide2024, true).change_hundredths, 1000);
//! ```

use serde::{Deserialize, Serialize};

use crate::model::{GameResult, HalfPoints, PlayerId, RoundEntry, Tournament};
use crate::rating::{difference_for_percent, higher_rated_expectation};

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum RatingEdition {
    Fide2022,
    Fide2024,
    #[default]
    Fide2025,
}

impl RatingEdition {
    /// The edition in force on a date written `YYYY/MM/DD` or `YYYY-MM-DD`
    /// (the event's start); unreadable dates give the newest.
    pub fn in_force_on(date: &str) -> RatingEdition {
        let digits: String = date.chars().filter(char::is_ascii_digit).collect();
        match digits.get(..8).and_then(|d| d.parse::<u32>().ok()) {
            Some(d) if d < 20240301 => RatingEdition::Fide2022,
            Some(d) if d < 20251001 => RatingEdition::Fide2024,
            _ => RatingEdition::Fide2025,
        }
    }

    /// The lowest rating published (B.02 rating floor).
    pub fn rating_floor(self) -> i32 {
        match self {
            RatingEdition::Fide2022 => 1000,
            _ => 1400,
        }
    }
}

impl std::str::FromStr for RatingEdition {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        match s {
            "2022" => Ok(RatingEdition::Fide2022),
            "2024" => Ok(RatingEdition::Fide2024),
            "2025" => Ok(RatingEdition::Fide2025),
            _ => Err(format!("unknown rating edition {s:?} (2022, 2024, 2025)")),
        }
    }
}

/// What the caller knows about a player for K (art. 8.3.3).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct PlayerFacts {
    /// K as the caller has it (from the rating list); overrides the rest.
    pub k: Option<u32>,
    /// Rated games before this event; fewer than 30 gives K 40.
    pub rated_games: Option<u32>,
    /// Under 18 on 1 January of the year (K 40 below 2300).
    pub under_18: bool,
    /// A published rating of 2400 reached at some time (K 10 for good).
    pub reached_2400: bool,
    /// Games rated in the rating period, this event included (K × n ≤ 700).
    pub games_in_period: Option<u32>,
}

/// K (art. 8.3.3): 40 for a player new to the list until 30 games and for
/// players under 18 rated below 2300; 10 once 2400 was reached; else 20. With
/// `games_in_period` n, K is lowered so that K × n does not exceed 700.
pub fn k_factor(rating: u32, facts: &PlayerFacts) -> u32 {
    let k = facts.k.unwrap_or(if facts.reached_2400 || rating >= 2400 {
        10
    } else if facts.rated_games.is_some_and(|g| g < 30) || (facts.under_18 && rating < 2300) {
        40
    } else {
        20
    });
    match facts.games_in_period {
        Some(n) if n > 0 && k * n > 700 => 700 / n,
        _ => k,
    }
}

/// One rated game from the player's side.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct GameChange {
    pub round: u32,
    pub opponent: PlayerId,
    pub opponent_rating: u32,
    /// The difference used (own − opponent's), after the 400-point rule.
    pub difference: i32,
    /// Whether the 400-point rule changed the difference.
    pub capped: bool,
    /// Expected score in hundredths (table 8.1.2).
    pub expected: i32,
    pub score: HalfPoints,
    pub k: u32,
    /// K × (score − expected), in hundredths of a point.
    pub change_hundredths: i64,
}

/// One game's change. `cap_allowed`: whether the 400-point rule may be used
/// for the higher-rated player in this game (the 2022 edition allows it once).
pub fn game_change(
    own: u32,
    opponent: u32,
    score: HalfPoints,
    k: u32,
    edition: RatingEdition,
    cap_allowed: bool,
) -> GameChange {
    let raw = i64::from(own) - i64::from(opponent);
    let cap_applies = match edition {
        RatingEdition::Fide2025 => own < 2650,
        RatingEdition::Fide2024 => true,
        // The lower-rated player's difference is always counted as 400; the
        // higher-rated player's once per event.
        RatingEdition::Fide2022 => raw < 0 || cap_allowed,
    };
    let difference = if cap_applies {
        raw.clamp(-400, 400)
    } else {
        raw
    };
    let higher = i64::from(higher_rated_expectation(
        difference.unsigned_abs().min(u64::from(u32::MAX)) as u32,
    ));
    let expected = if difference >= 0 {
        higher
    } else {
        100 - higher
    };
    GameChange {
        round: 0,
        opponent: 0,
        opponent_rating: opponent,
        difference: difference as i32,
        capped: difference != raw,
        expected: expected as i32,
        score,
        k,
        change_hundredths: i64::from(k) * (i64::from(score) * 50 - expected),
    }
}

/// The first rating of an unrated player from this event (art. 8.2).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct InitialRating {
    /// Games against rated opponents.
    pub games: u32,
    pub score: HalfPoints,
    /// Average of the opponents (with the two 1800s from 2024), rounded.
    pub average: Option<i32>,
    /// Percentage used for dp, rounded.
    pub percent: i32,
    /// The rating this event gives, if any.
    pub rating: Option<i32>,
    /// Why no rating, or what is still missing (5 rated games may come from
    /// several events).
    pub note: String,
    /// Whether this event alone gives a publishable rating.
    pub complete: bool,
}

/// A player's rating result for the event.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PlayerRatingChange {
    pub id: PlayerId,
    pub name: String,
    pub rating: Option<u32>,
    pub k: Option<u32>,
    pub games: Vec<GameChange>,
    /// Sum of the game changes, rounded to a whole number.
    pub change: Option<i32>,
    pub new_rating: Option<i32>,
    /// The new rating is below the floor: the player is listed as unrated.
    pub below_floor: bool,
    pub initial: Option<InitialRating>,
}

/// Sum of hundredths rounded to whole points (half up).
pub fn round_hundredths(h: i64) -> i32 {
    (h + 50).div_euclid(100) as i32
}

/// The rated games of a player: (round, opponent, own points).
fn rated_games(t: &Tournament, id: PlayerId) -> Vec<(u32, PlayerId, HalfPoints)> {
    let Some(p) = t.player(id) else {
        return Vec::new();
    };
    p.rounds
        .iter()
        .enumerate()
        .filter_map(|(k, r)| match r {
            RoundEntry::Game {
                opponent,
                result: Some(res),
                ..
            } => {
                let round = k as u32 + 1;
                if t.trf.unrated_games.contains(&(id, round)) {
                    return None;
                }
                let points = match res {
                    GameResult::Win => 2,
                    GameResult::Draw => 1,
                    GameResult::Loss => 0,
                    _ => return None,
                };
                Some((round, *opponent, points))
            }
            _ => None,
        })
        .collect()
}

/// The first rating from one event (art. 8.2 of the edition).
pub fn initial_rating(opponents: &[(u32, HalfPoints)], edition: RatingEdition) -> InitialRating {
    let n = opponents.len() as i64;
    let score: HalfPoints = opponents.iter().map(|&(_, s)| s).sum();
    let sum: i64 = opponents.iter().map(|&(r, _)| i64::from(r)).sum();
    let mut out = InitialRating {
        games: n as u32,
        score,
        average: None,
        percent: 0,
        rating: None,
        note: String::new(),
        complete: false,
    };
    if n == 0 {
        out.note = "no game against a rated opponent".into();
        return out;
    }
    if score == 0 {
        out.note = "no point against rated opponents: the event is disregarded (8.2.1)".into();
        return out;
    }
    let rating = match edition {
        RatingEdition::Fide2022 => {
            let average = (2 * sum + n).div_euclid(2 * n);
            out.average = Some(average as i32);
            out.percent = crate::norms::percent(score, n as u32);
            let halves_over = i64::from(score) - n; // score − 50 % in half-points
            if halves_over >= 0 {
                average + 20 * halves_over
            } else {
                average + i64::from(difference_for_percent(out.percent))
            }
        }
        _ => {
            // Two hypothetical opponents rated 1800, both games drawn.
            let games = n + 2;
            let total = sum + 3600;
            out.average = Some(((2 * total + games).div_euclid(2 * games)) as i32);
            out.percent = crate::norms::percent(score + 2, games as u32);
            // Ru = Ra + dp, Ra unrounded, rounded at the end (8.2.3).
            let dp = i64::from(difference_for_percent(out.percent));
            let ru = (2 * (total + dp * games) + games).div_euclid(2 * games);
            ru.min(2200)
        }
    } as i32;
    out.rating = Some(rating);
    let floor = edition.rating_floor();
    if rating < floor {
        out.note = format!("{rating} is below the rating floor {floor}: not published");
    } else if n < 5 {
        out.note = format!(
            "{n} game(s) against rated opponents; 5 are needed (they may come from several events)"
        );
    } else {
        out.complete = true;
        out.note = format!("first rating {rating}");
    }
    out
}

/// Rating changes of every player. `facts` gives what is known of each
/// player for K (use `|_| PlayerFacts::default()` for 20/10 by rating).
pub fn rating_changes(
    t: &Tournament,
    edition: RatingEdition,
    facts: &dyn Fn(PlayerId) -> PlayerFacts,
) -> Vec<PlayerRatingChange> {
    t.players
        .iter()
        .map(|p| {
            let games = rated_games(t, p.id);
            let mut out = PlayerRatingChange {
                id: p.id,
                name: p.name.clone(),
                rating: p.rating,
                k: None,
                games: Vec::new(),
                change: None,
                new_rating: None,
                below_floor: false,
                initial: None,
            };
            match p.rating {
                Some(own) => {
                    let k = k_factor(own, &facts(p.id));
                    out.k = Some(k);
                    let rated: Vec<(u32, PlayerId, u32, HalfPoints)> = games
                        .iter()
                        .filter_map(|&(round, o, s)| {
                            t.player(o).and_then(|q| q.rating).map(|r| (round, o, r, s))
                        })
                        .collect();
                    // 2022: the one upgrade goes to the game with the greatest difference.
                    let upgrade = rated
                        .iter()
                        .enumerate()
                        .filter(|(_, g)| i64::from(own) - i64::from(g.2) > 400)
                        .max_by_key(|(i, g)| (own - g.2, std::cmp::Reverse(*i)))
                        .map(|(i, _)| i);
                    out.games = rated
                        .iter()
                        .enumerate()
                        .map(|(i, &(round, o, r, s))| GameChange {
                            round,
                            opponent: o,
                            ..game_change(own, r, s, k, edition, upgrade == Some(i))
                        })
                        .collect();
                    let total: i64 = out.games.iter().map(|g| g.change_hundredths).sum();
                    let change = round_hundredths(total);
                    out.change = Some(change);
                    let new = own as i32 + change;
                    out.new_rating = Some(new);
                    out.below_floor = new < edition.rating_floor();
                }
                None => {
                    let rated: Vec<(u32, HalfPoints)> = games
                        .iter()
                        .filter_map(|&(_, o, s)| t.player(o).and_then(|q| q.rating).map(|r| (r, s)))
                        .collect();
                    out.initial = Some(initial_rating(&rated, edition));
                }
            }
            out
        })
        .collect()
}
