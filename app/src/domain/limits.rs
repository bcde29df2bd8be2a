//! The server's limits on what one user can make it hold (issue 41): the
//! players of a tournament (`ARBITER_MAX_PLAYERS`) and the tournaments a user
//! organizes (`ARBITER_MAX_TOURNAMENTS_PER_USER`), set in `config::Limits`
//! and listed in `docs/security.md`. Every way in checks after its write, in
//! the same transaction: over the limit, the error rolls the whole operation
//! back (its audit row too), so nothing is stored. Refusals name the limit
//! in words and, for a program, in `current`.

use super::ids::TournamentId;
use super::{Actor, DomainError, DomainResult, Role};
use crate::db::schema::{players, team_members, teams, tournament_staff};
use crate::db::DbConnection;
use diesel::prelude::*;

/// The players of tournament `tid`: its registered players and the players
/// on its teams' rosters (a team event keeps them there).
pub fn players_in(conn: &mut DbConnection, tid: TournamentId) -> DomainResult<i64> {
    let registered: i64 = players::table
        .filter(players::tournament_id.eq(tid))
        .count()
        .get_result(conn)?;
    let on_rosters: i64 = team_members::table
        .inner_join(teams::table.on(teams::id.eq(team_members::team_id)))
        .filter(teams::tournament_id.eq(tid))
        .count()
        .get_result(conn)?;
    Ok(registered + on_rosters)
}

fn players_message(max: usize, n: i64) -> crate::domain::Msg {
    msg!(
        "this server takes at most {} players in a tournament (ARBITER_MAX_PLAYERS); this would make {}",
        max,
        n
    )
}

/// After an operation that added players to `tid` one by one (a
/// registration, an approved entry, a team's roster): 409 when the
/// tournament now holds more than `max` players.
pub fn players_within(conn: &mut DbConnection, tid: TournamentId, max: usize) -> DomainResult<()> {
    let n = players_in(conn, tid)?;
    if n > max as i64 {
        return Err(DomainError::Conflict {
            message: players_message(max, n),
            current: Some(serde_json::json!({
                "limit": "max_players",
                "max": max,
                "players": n,
            })),
        });
    }
    Ok(())
}

/// The same after an imported body (a pasted list, a team TRF): 422 at
/// `field`, the body's field, as other problems of the file are.
pub fn players_within_file(
    conn: &mut DbConnection,
    tid: TournamentId,
    max: usize,
    field: &str,
) -> DomainResult<()> {
    let n = players_in(conn, tid)?;
    if n > max as i64 {
        return Err(DomainError::invalid(field, players_message(max, n)));
    }
    Ok(())
}

/// After an operation that created a tournament: 409 when `actor` now
/// organizes more than `max` tournaments. Administrators are exempt.
pub fn tournaments_within(conn: &mut DbConnection, actor: &Actor, max: usize) -> DomainResult<()> {
    let Some(uid) = actor.user_id.filter(|_| !actor.is_admin) else {
        return Ok(());
    };
    let n: i64 = tournament_staff::table
        .filter(tournament_staff::user_id.eq(uid))
        .filter(tournament_staff::role.eq(Role::Organizer.as_str()))
        .count()
        .get_result(conn)?;
    if n > max as i64 {
        return Err(DomainError::Conflict {
            message: msg!(
                "this server lets one user organize at most {} tournaments (ARBITER_MAX_TOURNAMENTS_PER_USER)",
                max
            ),
            current: Some(serde_json::json!({
                "limit": "max_tournaments_per_user",
                "max": max,
                "tournaments": n,
            })),
        });
    }
    Ok(())
}
