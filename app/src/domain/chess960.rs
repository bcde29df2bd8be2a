//! Chess960 start positions of a round (FIDE Laws, Guidelines II, II.1–II.2:
//! the start position is set up at random, by lot or by a random number, before
//! the round; the same for every board unless the regulations say otherwise).
//!
//! A Chess960 round gets its position drawn at random when it is paired
//! ([`super::rounds::pair_next`]). Until the round is published the arbiter may
//! draw again (for the whole round or per board) or enter the number of a
//! position drawn physically; after publication the positions stay. Who drew
//! and when is the audit row of each draw. A game's start position is its own
//! (per board) or else the round's.

use super::audit::Entry;
use super::tournaments::load as load_tournament;
use super::{require_role, Actor, Audience, DomainError, DomainResult, Role};
use crate::db::models::{GameRow, RoundRow};
use crate::db::schema::{games, rounds};
use crate::db::DbConnection;
use crate::domain::ids::{GameId, RoundNo, TournamentId};
use crate::domain::kinds::{DrawMode, RoundState, Variant};
use diesel::prelude::*;
use rand::Rng;
use rules::Position;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

/// A Chess960 start position as shown to players and spectators.
#[derive(Clone, Debug, Serialize, Deserialize, ToSchema, PartialEq, Eq)]
pub struct StartPosition {
    /// 0–959 (Scharnagl numbering; 518 is the standard array).
    pub number: i32,
    /// White's back rank, a-file first (`BBQNNRKR`).
    pub back_rank: String,
    /// The position as X-FEN.
    pub xfen: String,
}

impl StartPosition {
    pub fn of(number: i32) -> Option<StartPosition> {
        let sp = u16::try_from(number).ok()?;
        let pos = Position::chess960(sp)?;
        Some(StartPosition {
            number,
            back_rank: rules::chess960::back_rank(sp)?,
            xfen: pos.to_xfen(),
        })
    }

    /// The back rank as chess symbols, a-file first (White's pieces).
    pub fn diagram_white(&self) -> String {
        self.back_rank.chars().map(symbol_white).collect()
    }

    /// Black's back rank as chess symbols, a-file first (a mirror of White's).
    pub fn diagram_black(&self) -> String {
        self.back_rank.chars().map(symbol_black).collect()
    }
}

fn symbol_white(c: char) -> char {
    match c {
        'K' => '♔',
        'Q' => '♕',
        'R' => '♖',
        'B' => '♗',
        'N' => '♘',
        _ => '♙',
    }
}

fn symbol_black(c: char) -> char {
    match c {
        'K' => '♚',
        'Q' => '♛',
        'R' => '♜',
        'B' => '♝',
        'N' => '♞',
        _ => '♟',
    }
}

/// The positions of a round.
#[derive(Clone, Debug, Serialize, ToSchema, PartialEq)]
pub struct RoundPositions {
    #[schema(value_type = i32)]
    pub round: RoundNo,
    /// The position of every board, when the same for the whole round.
    pub position: Option<StartPosition>,
    /// Whether each board has its own position.
    pub per_board: bool,
    /// Per board (only when `per_board`).
    pub boards: Vec<BoardPosition>,
}

#[derive(Clone, Debug, Serialize, ToSchema, PartialEq)]
pub struct BoardPosition {
    pub board: i32,
    #[schema(value_type = i32)]
    pub game_id: GameId,
    pub position: StartPosition,
}

#[derive(Clone, Debug, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct SetPositions {
    /// `draw` (at random, by the server) or `enter` (a number drawn physically).
    pub mode: DrawMode,
    /// The number (0–959) for `enter`.
    #[serde(default)]
    pub position: Option<i32>,
    /// `draw`: a position of its own for every board. `enter` with `board`:
    /// the position of that board alone.
    #[serde(default)]
    pub per_board: bool,
    /// `enter` per board: the board whose position is given.
    #[serde(default)]
    pub board: Option<i32>,
}

/// A random start position (0–959, each equally likely; Guidelines II.1).
pub fn random_number() -> i32 {
    rand::thread_rng().gen_range(0..960)
}

fn load_round(conn: &mut DbConnection, tid: TournamentId, n: RoundNo) -> DomainResult<RoundRow> {
    rounds::table
        .filter(rounds::tournament_id.eq(tid))
        .filter(rounds::number.eq(n))
        .select(RoundRow::as_select())
        .first(conn)
        .optional()?
        .ok_or_else(|| DomainError::NotFound(msg!("round {} of tournament {}", n, tid)))
}

/// The positions of round `n` from its rows (nothing when none is drawn).
pub fn positions_of(round: &RoundRow, games: &[GameRow]) -> Option<RoundPositions> {
    let boards: Vec<BoardPosition> = games
        .iter()
        .filter_map(|g| {
            Some(BoardPosition {
                board: g.board,
                game_id: g.id,
                position: StartPosition::of(g.chess960_position?)?,
            })
        })
        .collect();
    let position = round.chess960_position.and_then(StartPosition::of);
    if position.is_none() && boards.is_empty() {
        return None;
    }
    Some(RoundPositions {
        round: round.number,
        position,
        per_board: !boards.is_empty(),
        boards,
    })
}

/// The Chess960 start position number of a game: its own, else its round's.
pub fn game_position(conn: &mut DbConnection, g: &GameRow) -> DomainResult<Option<i32>> {
    if g.chess960_position.is_some() {
        return Ok(g.chess960_position);
    }
    let sp: Option<Option<i32>> = rounds::table
        .filter(rounds::tournament_id.eq(g.tournament_id))
        .filter(rounds::number.eq(g.round_number))
        .select(rounds::chess960_position)
        .first(conn)
        .optional()?;
    Ok(sp.flatten())
}

/// The positions of round `n` as `audience` sees them (the public: once published).
pub fn get(
    conn: &mut DbConnection,
    tid: TournamentId,
    n: RoundNo,
    audience: Audience,
) -> DomainResult<Option<RoundPositions>> {
    let r = load_round(conn, tid, n)?;
    if !audience.sees_round_state(r.state) {
        return Ok(None);
    }
    let gs = super::games::round_games(conn, tid, n)?;
    Ok(positions_of(&r, &gs))
}

/// Draws the round's position at random (one for every board), without an
/// audit row of its own: for [`super::rounds::pair_next`], whose row holds it.
pub(crate) fn draw_for_new_round(
    conn: &mut DbConnection,
    round_id: crate::types::ids::RoundId,
) -> DomainResult<i32> {
    let sp = random_number();
    diesel::update(rounds::table.find(round_id))
        .set(rounds::chess960_position.eq(Some(sp)))
        .execute(conn)?;
    Ok(sp)
}

/// Draws per board again for the games of a round whose pairing was rewritten
/// (the rows are new), when the round is drawn per board.
pub(crate) fn redraw_boards_if_per_board(
    conn: &mut DbConnection,
    tid: TournamentId,
    n: RoundNo,
    per_board: bool,
) -> DomainResult<()> {
    if !per_board {
        return Ok(());
    }
    for g in super::games::round_games(conn, tid, n)?
        .iter()
        .filter(|g| g.black_id.is_some())
    {
        diesel::update(games::table.find(g.id))
            .set(games::chess960_position.eq(Some(random_number())))
            .execute(conn)?;
    }
    Ok(())
}

/// Draws or enters the start positions of round `n` (arbiter; before publication).
pub fn set(
    conn: &mut DbConnection,
    actor: &Actor,
    tid: TournamentId,
    n: RoundNo,
    cmd: SetPositions,
) -> DomainResult<RoundPositions> {
    require_role(conn, actor, tid, &[Role::Arbiter])?;
    let t = load_tournament(conn, tid)?;
    if t.variant != Variant::Chess960 {
        return Err(DomainError::conflict(msg!(
            "the tournament is not a Chess960 event (regulations: variant)"
        )));
    }
    let r = load_round(conn, tid, n)?;
    if r.state != RoundState::Paired {
        // The edition's Chess960 rules (Appendix F of 2009, Guidelines II from
        // 2018): the start position is drawn before the game.
        return Err(DomainError::conflict(msg!(
            "round {} is published: its start positions can no longer change ({}: drawn before the round)",
            n,
            // 2005 has no Chess960 rules: the event's regulations stand in.
            rules::laws::article(t.laws_edition.rules(), rules::laws::Rule::Chess960)
                .unwrap_or("regulations")
        )));
    }
    let gs = super::games::round_games(conn, tid, n)?;
    let before = positions_of(&r, &gs);
    let boards: Vec<&GameRow> = gs.iter().filter(|g| g.black_id.is_some()).collect();
    let entered = |p: Option<i32>| -> DomainResult<i32> {
        let p = p.ok_or_else(|| {
            DomainError::invalid("position", msg!("give the number drawn (0–959)"))
        })?;
        if !(0..960).contains(&p) {
            return Err(DomainError::invalid(
                "position",
                msg!("a Chess960 start position is numbered 0–959"),
            ));
        }
        Ok(p)
    };
    match (cmd.mode, cmd.board) {
        (DrawMode::Draw, None) if cmd.per_board => {
            diesel::update(rounds::table.find(r.id))
                .set(rounds::chess960_position.eq(None::<i32>))
                .execute(conn)?;
            redraw_boards_if_per_board(conn, tid, n, true)?;
        }
        (DrawMode::Enter, None) if cmd.per_board => {
            return Err(DomainError::invalid(
                "board",
                msg!("a position entered for one board names the board"),
            ))
        }
        (mode, None) => {
            let sp = if mode == DrawMode::Draw {
                random_number()
            } else {
                entered(cmd.position)?
            };
            diesel::update(rounds::table.find(r.id))
                .set(rounds::chess960_position.eq(Some(sp)))
                .execute(conn)?;
            diesel::update(
                games::table
                    .filter(games::tournament_id.eq(tid))
                    .filter(games::round_number.eq(n)),
            )
            .set(games::chess960_position.eq(None::<i32>))
            .execute(conn)?;
        }
        (mode, Some(board)) => {
            let g = boards.iter().find(|g| g.board == board).ok_or_else(|| {
                DomainError::invalid("board", msg!("round {} has no game on board {}", n, board))
            })?;
            let sp = if mode == DrawMode::Draw {
                random_number()
            } else {
                entered(cmd.position)?
            };
            // The other boards keep what they had: the round's position, now their own.
            if let Some(round_sp) = r.chess960_position {
                for other in boards.iter().filter(|o| o.chess960_position.is_none()) {
                    diesel::update(games::table.find(other.id))
                        .set(games::chess960_position.eq(Some(round_sp)))
                        .execute(conn)?;
                }
                diesel::update(rounds::table.find(r.id))
                    .set(rounds::chess960_position.eq(None::<i32>))
                    .execute(conn)?;
            }
            diesel::update(games::table.find(g.id))
                .set(games::chess960_position.eq(Some(sp)))
                .execute(conn)?;
        }
    }
    let after = get(conn, tid, n, Audience::Staff)?.ok_or_else(|| {
        DomainError::conflict(msg!("round {} has no board to draw a position for", n))
    })?;
    Entry::at(
        tid,
        if cmd.mode == DrawMode::Draw {
            "round.chess960_draw"
        } else {
            "round.chess960_enter"
        },
        "round",
        n,
    )
    .record(conn, actor, before.as_ref(), Some(&after))?;
    Ok(after)
}

/// Whether every board of a Chess960 round has a start position (before publication).
pub(crate) fn missing_boards(round: &RoundRow, games: &[GameRow]) -> Vec<i32> {
    if round.chess960_position.is_some() {
        return vec![];
    }
    games
        .iter()
        .filter(|g| g.black_id.is_some() && g.chess960_position.is_none())
        .map(|g| g.board)
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn positions_are_numbered_and_drawn_in_range() {
        let p = StartPosition::of(518).unwrap();
        assert_eq!(p.back_rank, "RNBQKBNR");
        assert_eq!(p.xfen, Position::startpos().to_fen());
        assert_eq!(p.diagram_white(), "♖♘♗♕♔♗♘♖");
        assert!(StartPosition::of(960).is_none());
        assert!(StartPosition::of(-1).is_none());
        let sp0 = StartPosition::of(0).unwrap();
        assert_eq!(sp0.back_rank, "BBQNNRKR");
        assert!(sp0
            .xfen
            .starts_with("bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w KQkq"));
        for _ in 0..1000 {
            assert!((0..960).contains(&random_number()));
        }
    }
}
