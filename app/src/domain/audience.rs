//! Who sees what: the one visibility rule of every read.
//!
//! A paired round stays with its staff until the arbiter publishes it: the
//! public (anonymous visitors, and logged-in users who are not staff of this
//! tournament) must not learn a board of it — not through the round, a game, a
//! player's card, the standings (a bye is scored when it is paired), an export,
//! a page or the live stream. Every read of tournament data takes an
//! [`Audience`], resolved once per request with [`Audience::of`], and asks it.
//!
//! Only the last round can be unpublished: a round is paired only after the
//! previous one is published (`rounds::pair_next`).

use super::kinds::RoundState;
use super::{require_role, Actor, DomainError, DomainResult, Role};
use crate::db::models::GameRow;
use crate::db::schema::rounds;
use crate::db::DbConnection;
use crate::domain::ids::{RoundNo, TournamentId};
use diesel::prelude::*;

/// Who is reading a tournament.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Audience {
    /// Anyone who is not staff of the tournament: published rounds only.
    Public,
    /// The tournament's organizers and arbiters (and administrators).
    Staff,
}

impl Audience {
    /// The audience of `actor` for tournament `tid`. A tournament that does
    /// not exist is `NotFound`.
    pub fn of(conn: &mut DbConnection, actor: &Actor, tid: TournamentId) -> DomainResult<Audience> {
        match require_role(conn, actor, tid, &[Role::Arbiter, Role::Organizer]) {
            Ok(()) => Ok(Audience::Staff),
            Err(DomainError::Unauthenticated | DomainError::Forbidden(_)) => Ok(Audience::Public),
            Err(e) => Err(e),
        }
    }

    pub fn is_staff(self) -> bool {
        self == Audience::Staff
    }

    /// Whether this audience sees a round in `state` (`paired` is unpublished).
    pub fn sees_round_state(self, state: RoundState) -> bool {
        self.is_staff() || state.is_public()
    }

    /// The last round this audience sees (0 when none): the last paired round
    /// for staff, the last published one for the public.
    pub fn last_round(self, conn: &mut DbConnection, tid: TournamentId) -> DomainResult<RoundNo> {
        let last: Option<(RoundNo, RoundState)> = rounds::table
            .filter(rounds::tournament_id.eq(tid))
            .order(rounds::number.desc())
            .select((rounds::number, rounds::state))
            .first(conn)
            .optional()?;
        Ok(match last {
            None => RoundNo(0),
            Some((n, state)) if self.sees_round_state(state) => n,
            Some((n, _)) => n.prev(),
        })
    }

    /// Whether this audience sees round `n` (false for a round that does not exist).
    pub fn sees_round(
        self,
        conn: &mut DbConnection,
        tid: TournamentId,
        n: RoundNo,
    ) -> DomainResult<bool> {
        Ok(n >= RoundNo(1) && n <= self.last_round(conn, tid)?)
    }

    /// `NotFound` — exactly as for a game that does not exist — unless this
    /// audience sees the game's round.
    pub fn check_game(
        self,
        conn: &mut DbConnection,
        tid: TournamentId,
        g: &GameRow,
    ) -> DomainResult<()> {
        if self.sees_round(conn, tid, g.round_number)? {
            Ok(())
        } else {
            Err(DomainError::NotFound(msg!(
                "game {} in tournament {}",
                g.id,
                tid
            )))
        }
    }

    /// Keeps the games of the rounds this audience sees.
    pub fn filter_games(
        self,
        conn: &mut DbConnection,
        tid: TournamentId,
        games: Vec<GameRow>,
    ) -> DomainResult<Vec<GameRow>> {
        let last = self.last_round(conn, tid)?;
        Ok(games
            .into_iter()
            .filter(|g| g.round_number <= last)
            .collect())
    }
}
