//! Prizes: a prize table (categories of eligible players, each with its prizes
//! in place order) applied to the final standings by the rules organizers
//! use. The computation (`compute.rs`) is pure, no database; its storage,
//! one table per tournament (`store.rs`), and the API and the printouts call
//! it. Money is formatted here, once, for the pages and the PDFs (`money`,
//! `money_in`).
//!
//! The rules, as computed:
//!
//! 1. **Who is eligible.** A category lists conditions, all of which a player
//!    meets (none: the overall standings): a rating range (`from` inclusive,
//!    `below` exclusive; unrated players only when the category says so), birth
//!    years (juniors: born in or after a year; seniors: born in or before one),
//!    women, a federation, a club. Within a category the eligible players keep
//!    the order of the final standings (points, then the tie-breaks).
//!    A "best club" category ranks clubs by the sum of the points of their
//!    best `top` players (ties: the better rank of their best player); its
//!    prizes go to clubs and do not count against a player's one prize.
//!    In a team event (`teams`) a category ranks teams or boards instead:
//!    "team places" takes the team standings (C.07: the primary score, then
//!    the event's tie-breaks), a board category the players of one board by
//!    percentage. Team prizes go to teams and do not count against a
//!    player's one prize either. Individual categories need an individual
//!    event and team places a team event (`check_event`, when the table is
//!    set).
//! 2. **One prize per player** (when the table says so): the prizes are given
//!    from the most valuable down (equal values: the category listed first,
//!    then the better place); each goes to the best-placed eligible player who
//!    has no prize yet. So a player gets the most valuable prize he qualifies
//!    for, and the prize he leaves goes to the next player. Without the rule
//!    every category is filled on its own.
//! 3. **Ties** (players on equal points; teams on equal primary score), per
//!    category, after 2 (the same computation for players and teams):
//!    - `tie_break`: each place's prize goes to its player, tie-breaks decide;
//!    - `equal`: the prizes of the places the tied players occupy are added up
//!      and shared equally; tied players just below the last prized place (on
//!      the same points, without a prize) share too, bringing no money;
//!    - `hort` (Vlastimil Hort's system): each tied player keeps half of the
//!      prize of the place he occupies by the tie-breaks, the other halves go
//!      into a pot shared equally among the tied players (as in `equal`, tied
//!      players just below the prized places join with a prize of 0).
//!      A player not tied keeps his whole prize.
//!
//! Money is in cents (integers), so nothing is lost: a half is rounded in the
//! player's favour (he keeps `prize - prize / 2`, the pot gets `prize / 2`,
//! integer division), and a sum shared among `n` gives everyone `sum / n` and
//! one more cent to each of the first `sum % n` players in tie-break order.
//! The shares always add up to the prizes.

mod compute;
mod store;

pub use compute::{compute, compute_team_event};
pub use store::{set_table, stored, view, PrizesView, SetPrizes};

use crate::domain::ids::{PlayerId, RoundNo};
use crate::domain::kinds::Sex;
use crate::domain::Msg;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

/// How tied players share.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum SplitMode {
    /// No sharing: the tie-breaks decide every place.
    #[default]
    TieBreak,
    /// Half kept by place, half shared equally (Hort system).
    Hort,
    /// The prizes of the tied places shared equally.
    Equal,
}

/// A condition of a category.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, ToSchema)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum Rule {
    /// Rating `from` (inclusive) `below` (exclusive); unrated players only if `unrated`.
    Rating {
        #[serde(default)]
        from: Option<i32>,
        #[serde(default)]
        below: Option<i32>,
        #[serde(default)]
        unrated: bool,
    },
    /// Born in or after `from`, in or before `to` (juniors, seniors).
    Born {
        #[serde(default)]
        from: Option<i32>,
        #[serde(default)]
        to: Option<i32>,
    },
    Women,
    Federation {
        code: String,
    },
    Club {
        name: String,
    },
}

/// What a category ranks.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum CategoryKind {
    #[default]
    Players,
    /// Clubs by the points of their best `top` players.
    BestClub { top: u32 },
    /// Team events: the players of board `board` by their percentage on it
    /// (points over games played over the board; forfeits count for
    /// neither), among those with at least `min_games` such games (and at
    /// least one). Equal percentages go by the board-prize printout's order
    /// (`pairing::team::tiebreak::board_ranking`): performance rating (none
    /// below any), then points, then fewer games. One prize a place, not
    /// shared.
    Board { board: u32, min_games: u32 },
    /// Team events: the teams by their places in the team standings (C.07:
    /// the primary score, then the event's tie-breaks). Teams on equal
    /// points (the primary score: match points, or game points) are tied
    /// and share as the table's `split` says, like players. Prizes go to
    /// teams and do not count against a player's one prize.
    Teams,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, ToSchema)]
pub struct Category {
    pub name: String,
    #[serde(default)]
    pub kind: CategoryKind,
    /// All must hold (none: everybody).
    #[serde(default)]
    pub rules: Vec<Rule>,
    /// The prizes in place order, in cents; not increasing.
    pub prizes: Vec<i64>,
}

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize, ToSchema)]
pub struct PrizeTable {
    /// In priority order (for prizes of equal value).
    pub categories: Vec<Category>,
    #[serde(default)]
    pub one_prize_per_player: bool,
    #[serde(default)]
    pub split: SplitMode,
    /// The currency's code, for printing (e.g. PLN, EUR).
    #[serde(default)]
    pub currency: String,
}

/// A problem in a prize table: the field and why.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{field}: {message}")]
pub struct TableError {
    pub field: String,
    pub message: Msg,
}

impl PrizeTable {
    pub fn validate(&self) -> Result<(), TableError> {
        let err = |field: String, message: Msg| TableError { field, message };
        if self.categories.len() > 100 {
            return Err(err("categories".into(), msg!("at most 100 categories")));
        }
        for (i, c) in self.categories.iter().enumerate() {
            let f = |x: &str| format!("categories[{i}].{x}");
            if c.name.trim().is_empty() {
                return Err(err(f("name"), msg!("a category needs a name")));
            }
            if self.categories[..i].iter().any(|o| o.name == c.name) {
                return Err(err(f("name"), msg!("two categories of the same name")));
            }
            if c.prizes.is_empty() || c.prizes.len() > 500 {
                return Err(err(f("prizes"), msg!("between 1 and 500 prizes")));
            }
            if c.prizes
                .iter()
                .any(|&p| !(0..=100_000_000_000).contains(&p))
            {
                return Err(err(
                    f("prizes"),
                    msg!("a prize is 0 or more cents (at most 10⁹)"),
                ));
            }
            if c.prizes.windows(2).any(|w| w[1] > w[0]) {
                return Err(err(
                    f("prizes"),
                    msg!("a later place's prize exceeds an earlier one's"),
                ));
            }
            if let CategoryKind::BestClub { top } = c.kind {
                if top == 0 {
                    return Err(err(
                        f("kind.top"),
                        msg!("count at least one player per club"),
                    ));
                }
            }
            if let CategoryKind::Board { board, .. } = c.kind {
                if board == 0 {
                    return Err(err(f("kind.board"), msg!("boards are numbered from 1")));
                }
            }
        }
        Ok(())
    }

    /// The categories fit the event: a team event ranks teams (team places)
    /// and boards, an individual event players and clubs.
    pub fn check_event(&self, team_event: bool) -> Result<(), TableError> {
        for (i, c) in self.categories.iter().enumerate() {
            let message = match c.kind {
                CategoryKind::Players | CategoryKind::BestClub { .. } if team_event => msg!(
                    "category {}: a team event ranks teams and boards; individual categories need an individual event",
                    c.name
                ),
                CategoryKind::Teams if !team_event => {
                    msg!("category {}: team places need a team event", c.name)
                }
                _ => continue,
            };
            return Err(TableError {
                field: format!("categories[{i}].kind"),
                message,
            });
        }
        Ok(())
    }
}

/// One line of the final standings.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Standing {
    pub player_id: PlayerId,
    pub name: String,
    /// 1, 2, 3 … in the order of points and tie-breaks.
    pub rank: u32,
    pub points: f64,
    pub rating: Option<i32>,
    pub birth_year: Option<i32>,
    pub sex: Sex,
    pub federation: String,
    pub club: String,
}

/// One prize given.
#[derive(Clone, Debug, PartialEq, Serialize, ToSchema)]
pub struct Award {
    pub category: String,
    /// The place in the category (by tie-breaks), from 1.
    pub place: u32,
    /// The player (none for a club, board or team prize).
    #[schema(value_type = Option<i32>)]
    pub player_id: Option<PlayerId>,
    /// The team's number, for a team-places prize.
    pub team: Option<i32>,
    /// The winner's name (the club's for a club prize, the team's for a
    /// team-places prize).
    pub name: String,
    pub points: f64,
    /// The place's prize as announced, in cents.
    pub nominal: i64,
    /// What is paid, in cents (after sharing).
    pub amount: i64,
    /// Shared with these players (equal points), if shared.
    #[schema(value_type = Vec<i32>)]
    pub shared_with: Vec<PlayerId>,
    /// A team-places prize shared with these teams (by number; equal points).
    pub shared_with_teams: Vec<i32>,
}

/// One player's results on one board of a team event (from
/// `teams::board_stats`), for a board category.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct BoardResult {
    pub board: u32,
    /// "Name (Team)".
    pub name: String,
    /// Games played over the board on this board.
    pub played: u32,
    /// Half-points in those games.
    pub points_played: i32,
    /// Half-points on this board, forfeits included.
    pub points: i32,
    /// C.07 art. 10.2 over the games against rated opponents.
    pub performance: Option<i32>,
}

/// One line of a team event's final team standings (`teams::standings`,
/// C.07), for a team-places category.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct TeamResult {
    /// The team's (pairing) number.
    pub number: i32,
    pub name: String,
    /// The rank in the team standings (teams equal on the primary score and
    /// every tie-break share it).
    pub rank: u32,
    /// The primary score: match points, or game points (C.07 art. 2).
    pub points: f64,
}

/// Cents as money: `1234.50`.
pub fn money(cents: i64) -> String {
    format!("{}.{:02}", cents / 100, (cents % 100).abs())
}

/// An amount as printed on pages and PDFs: `1234.50 PLN`, or `1234.50` when
/// the table names no currency.
pub fn money_in(cents: i64, currency: &str) -> String {
    match currency.trim() {
        "" => money(cents),
        c => format!("{} {c}", money(cents)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn money_is_written_once_for_pages_and_pdfs() {
        assert_eq!(money(123_450), "1234.50");
        assert_eq!(money(5), "0.05");
        assert_eq!(money(100_000), "1000.00");
        assert_eq!(money_in(25_050, "PLN"), "250.50 PLN");
        assert_eq!(money_in(25_050, " EUR "), "250.50 EUR");
        assert_eq!(money_in(25_050, ""), "250.50");
        assert_eq!(money_in(25_050, "  "), "250.50");
    }
}
