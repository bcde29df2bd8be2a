//! Reading games by id and by round: plain data access, a leaf of `domain`
//! (no other domain module), so that every module can read games without
//! depending on another's operations.

use super::{DomainError, DomainResult};
use crate::db::models::GameRow;
use crate::db::schema::games;
use crate::db::DbConnection;
use crate::domain::ids::{GameId, RoundNo, TournamentId};
use diesel::prelude::*;

/// A game of tournament `tid` (any audience: callers that answer the public
/// check `Audience::check_game`).
pub fn load_game(conn: &mut DbConnection, tid: TournamentId, gid: GameId) -> DomainResult<GameRow> {
    games::table
        .filter(games::id.eq(gid))
        .filter(games::tournament_id.eq(tid))
        .select(GameRow::as_select())
        .first(conn)
        .optional()?
        .ok_or_else(|| DomainError::NotFound(msg!("game {} in tournament {}", gid, tid)))
}

pub fn round_games(
    conn: &mut DbConnection,
    tid: TournamentId,
    number: RoundNo,
) -> DomainResult<Vec<GameRow>> {
    Ok(games::table
        .filter(games::tournament_id.eq(tid))
        .filter(games::round_number.eq(number))
        .order(games::board)
        .select(GameRow::as_select())
        .load(conn)?)
}

/// The result as written while a game has none (pending or adjourned): PGN's
/// `*` (PGN standard §8.2.6), the same in `GameView::result`, TRF and PDFs.
pub const NO_RESULT_YET: &str = "*";

/// Half-points as written: 2 → `1`, 1 → `½`, 3 → `1½`.
pub fn fmt_points(h: i32) -> String {
    let whole = h / 2;
    match (whole, h % 2 != 0) {
        (0, true) => "½".into(),
        (w, true) => format!("{w}½"),
        (w, false) => w.to_string(),
    }
}
