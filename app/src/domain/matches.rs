//! The Double-Swiss match (FIDE Handbook C.04.5): every pairing is a match of
//! two games between the same two players, the colours reversed in the
//! second. Each game is a round here (match *k* is rounds 2*k*−1 and 2*k*,
//! as in the pairing crate's TRF convention), so results, standings and
//! exports count games as usual; this module puts a board's two games back
//! together for the pages and printouts.

use super::games::{fmt_points, round_games, NO_RESULT_YET};
use super::DomainResult;
use crate::db::models::{GameRow, TournamentRow};
use crate::db::DbConnection;
use crate::domain::ids::RoundNo;
use crate::domain::kinds::GameKind;
use serde::Serialize;
use utoipa::ToSchema;

/// Which match and game of it a Double-Swiss round is, and each board's match.
#[derive(Clone, Debug, Serialize, ToSchema)]
pub struct MatchGame {
    /// The match (1-based): round 2k−1 and 2k are match k.
    #[schema(example = 3)]
    pub number: u32,
    /// 1 or 2: game 2 has game 1's boards with the colours reversed.
    pub game: u32,
    /// One entry per board of this round, in board order.
    pub boards: Vec<MatchBoard>,
}

/// One board's match, seen from this round's White (left) and Black (right).
#[derive(Clone, Debug, Serialize, ToSchema)]
pub struct MatchBoard {
    pub board: i32,
    /// The other game of the match as this round's White's points, a dash and
    /// Black's (`0–1`, `½–½`), only White's for a bye (`½`); `*` while it has
    /// no result; empty while it is not paired (or not public yet).
    pub other: String,
    /// The match: both games' points, as `other` (`1½–½`); empty until both
    /// games have a result.
    pub total: String,
}

impl MatchGame {
    /// The other game of the match (2 for 1, 1 for 2).
    pub fn other_game(&self) -> u32 {
        3 - self.game
    }

    pub fn board(&self, board: &i32) -> Option<&MatchBoard> {
        self.boards.iter().find(|b| b.board == *board)
    }
}

/// The match of round `number`, whose games are `rows`; `other_visible`
/// says whether the reader may see the other round of the match (it is
/// published, or the reader is staff). None outside the Double-Swiss.
pub fn match_game(
    conn: &mut DbConnection,
    t: &TournamentRow,
    number: RoundNo,
    rows: &[GameRow],
    other_visible: impl FnOnce(&mut DbConnection, RoundNo) -> DomainResult<bool>,
) -> DomainResult<Option<MatchGame>> {
    let Some(other_round) = match_partner(t, number) else {
        return Ok(None);
    };
    let other = if other_visible(conn, other_round)? {
        round_games(conn, t.id, other_round)?
    } else {
        vec![]
    };
    let boards = rows.iter().map(|g| board(g, &other)).collect();
    Ok(Some(MatchGame {
        number: (number.get() as u32).div_ceil(2),
        game: 2 - (number.get() as u32 % 2),
        boards,
    }))
}

/// A game's points for (its White, its Black) in half-points; None while open.
fn points(g: &GameRow) -> Option<(i32, i32)> {
    (!g.kind.is_open()).then(|| (g.white_score.unwrap_or(0), g.black_score.unwrap_or(0)))
}

fn board(g: &GameRow, other: &[GameRow]) -> MatchBoard {
    // The same two players in the other round: reversed colours as paired,
    // either way after a hand edit; the same player's bye for a bye.
    let twin = other.iter().find(|o| match g.black_id {
        Some(b) => {
            (o.white_id == b && o.black_id == Some(g.white_id))
                || (o.white_id == g.white_id && o.black_id == Some(b))
        }
        None => o.white_id == g.white_id && o.black_id.is_none(),
    });
    let text = |(w, b): (i32, i32), bye: bool| {
        if bye {
            fmt_points(w)
        } else {
            format!("{}–{}", fmt_points(w), fmt_points(b))
        }
    };
    let bye = g.black_id.is_none();
    let Some(o) = twin else {
        return MatchBoard {
            board: g.board,
            other: String::new(),
            total: String::new(),
        };
    };
    // The other game's points from this round's White's side.
    let theirs = points(o).map(|(ow, ob)| {
        if o.white_id == g.white_id {
            (ow, ob)
        } else {
            (ob, ow)
        }
    });
    let other_text = match theirs {
        Some(p) => text(p, bye),
        None if o.kind == GameKind::Adjourned || o.kind == GameKind::Pending => {
            NO_RESULT_YET.to_string()
        }
        None => String::new(),
    };
    let total = match (points(g), theirs) {
        (Some((a, b)), Some((c, d))) => text((a + c, b + d), bye),
        _ => String::new(),
    };
    MatchBoard {
        board: g.board,
        other: other_text,
        total,
    }
}

/// The other round of a Double-Swiss match (game 2 of an odd round, game 1
/// of an even one); None in any other system.
pub fn match_partner(t: &TournamentRow, number: RoundNo) -> Option<RoundNo> {
    let n = number.get();
    match (t.system.is_double_swiss(), n % 2) {
        (false, _) => None,
        (true, 1) => Some(RoundNo(n + 1)),
        (true, _) => Some(RoundNo(n - 1)),
    }
}
