//! Line-ups: a captain's (own team, before the deadline) or the arbiter's (any time).

use super::*;
use crate::domain::ids::{RoundNo, TournamentId};

/// A team's line-up for one round: roster places board by board, `null` for
/// an empty board (a forfeit). Fewer places than boards leave the last boards
/// empty.
#[derive(Clone, Debug, Default, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct LineupInput {
    pub players: Vec<Option<i32>>,
}

/// Who submits a line-up: the captain (his own team, a published round,
/// before the deadline) or an arbiter (at any time).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
enum Submitter {
    Captain,
    Arbiter,
}

fn lineup_rights(
    conn: &mut DbConnection,
    actor: &Actor,
    tid: TournamentId,
    n: RoundNo,
    team: i32,
) -> DomainResult<Submitter> {
    match require_role(conn, actor, tid, &[Role::Arbiter]) {
        Ok(()) => return Ok(Submitter::Arbiter),
        Err(DomainError::Forbidden(_)) => {}
        Err(e) => return Err(e),
    }
    let uid = actor.user_id.ok_or(DomainError::Unauthenticated)?;
    let captain: Option<Option<crate::domain::ids::UserId>> = teams::table
        .filter(teams::tournament_id.eq(tid))
        .filter(teams::number.eq(team))
        .select(teams::captain_user_id)
        .first(conn)
        .optional()?;
    if captain.flatten() != Some(uid) {
        return Err(DomainError::Forbidden(msg!(
            "only team {}'s captain or an arbiter may submit its line-up",
            team
        )));
    }
    let (_, state, deadline, _) = round_row(conn, tid, n)?;
    if !state.is_public() {
        // The round does not exist for him yet (`Audience`).
        return Err(DomainError::NotFound(msg!(
            "round {} of tournament {}",
            n,
            tid
        )));
    }
    if let Some(d) = deadline {
        if now() >= d {
            return Err(DomainError::Forbidden(msg!(
                "the line-up deadline of round {} ({}) has passed; the arbiter may still enter it",
                n,
                d
            )));
        }
    }
    Ok(Submitter::Captain)
}

/// Sets a team's line-up for round `n`.
pub fn set_lineup(
    conn: &mut DbConnection,
    actor: &Actor,
    tid: TournamentId,
    n: RoundNo,
    team: i32,
    input: LineupInput,
) -> DomainResult<TeamRoundView> {
    let who = lineup_rights(conn, actor, tid, n, team)?;
    round_row(conn, tid, n)?;
    let loaded = load(conn, tid, Some(n))?;
    let rows = match_rows(conn, tid, Some(n))?;
    let Some(row) = rows.iter().find(|m| m.home == team || m.away == team) else {
        return Err(DomainError::conflict(msg!(
            "team {} has no match in round {}",
            team,
            n
        )));
    };
    let boards = board_rows(conn, row.id)?;
    if boards.iter().any(|b| b.result.is_some()) {
        return Err(DomainError::conflict(msg!(
            "match {} of round {} has results; the line-ups can no longer change",
            row.number,
            n
        )));
    }
    let mut engine_ids = vec![];
    for (i, p) in input.players.iter().enumerate() {
        engine_ids.push(match p {
            None => None,
            Some(place) => Some(*loaded.ids.get(&(team, *place)).ok_or_else(|| {
                DomainError::invalid(
                    &format!("players[{i}]"),
                    msg!("team {} has no player at roster place {}", team, place),
                )
            })?),
        });
    }
    engine::check_lineup(&loaded.t, team as u32, &engine_ids)
        .map_err(|e| DomainError::invalid("players", crate::domain::library::lineup_error(&e)))?;
    let home = row.home == team;
    let before = round(conn, tid, n, Audience::Staff)?
        .matches
        .into_iter()
        .find(|m| m.number == row.number);
    for b in &boards {
        let place = input.players.get(b.board as usize - 1).copied().flatten();
        let q = team_boards::table
            .filter(team_boards::match_id.eq(row.id))
            .filter(team_boards::board.eq(b.board));
        if home {
            diesel::update(q)
                .set(team_boards::home_place.eq(place))
                .execute(conn)?;
        } else {
            diesel::update(q)
                .set(team_boards::away_place.eq(place))
                .execute(conn)?;
        }
    }
    let ts = Some(now());
    let q = team_matches::table.find(row.id);
    if home {
        diesel::update(q)
            .set((
                team_matches::home_lineup_at.eq(ts),
                team_matches::version.eq(row.version + 1),
            ))
            .execute(conn)?;
    } else {
        diesel::update(q)
            .set((
                team_matches::away_lineup_at.eq(ts),
                team_matches::version.eq(row.version + 1),
            ))
            .execute(conn)?;
    }
    refresh_round(conn, tid, n)?;
    let v = round(conn, tid, n, Audience::Staff)?;
    let after = v.matches.iter().find(|m| m.number == row.number);
    Entry::at(
        tid,
        match who {
            Submitter::Captain => "team.lineup.captain",
            Submitter::Arbiter => "team.lineup.arbiter",
        },
        "team_match",
        row.id,
    )
    .record(
        conn,
        actor,
        before.as_ref(),
        Some(&serde_json::json!({"team": team, "players": input.players, "match": after})),
    )?;
    // The captain sees the round as the public does.
    if who == Submitter::Captain {
        return round(conn, tid, n, Audience::Public);
    }
    Ok(v)
}

/// The captain's line-up form: his team's match in the last published round.
#[derive(Clone, Debug, Serialize)]
pub struct CaptainLineup {
    pub team: i32,
    pub team_name: String,
    pub round: RoundNo,
    pub opponent: String,
    /// Until when he may submit it (UTC, RFC 3339), if set.
    pub deadline: Option<String>,
    /// He may still submit it: before the deadline, no result entered.
    pub open: bool,
    /// A line-up is in.
    pub submitted: bool,
    /// Per board: the roster place lined up (0: an empty board); the roster
    /// order while none is in.
    pub chosen: Vec<i32>,
    pub roster: Vec<MemberView>,
}

/// The line-up the logged-in captain may submit now, if any: his team (the
/// first of this tournament he captains) and its match in the last round the
/// public sees; `None` for anyone else, before round 1 is published and in a
/// round his team does not play.
pub fn captain_lineup(
    conn: &mut DbConnection,
    actor: &Actor,
    tid: TournamentId,
) -> DomainResult<Option<CaptainLineup>> {
    let Some(uid) = actor.user_id else {
        return Ok(None);
    };
    if read_settings(conn, tid)?.is_none() {
        return Ok(None);
    }
    let team: Option<(crate::types::ids::TeamId, i32, String)> = teams::table
        .filter(teams::tournament_id.eq(tid))
        .filter(teams::captain_user_id.eq(uid))
        .order(teams::number)
        .select((teams::id, teams::number, teams::name))
        .first(conn)
        .optional()?;
    let Some((team_id, number, team_name)) = team else {
        return Ok(None);
    };
    let n = visible_rounds(conn, tid, Audience::Public)?;
    if n == RoundNo(0) {
        return Ok(None);
    }
    let rows = match_rows(conn, tid, Some(n))?;
    let Some(row) = rows.iter().find(|m| m.home == number || m.away == number) else {
        return Ok(None);
    };
    let home = row.home == number;
    let opponent: String = teams::table
        .filter(teams::tournament_id.eq(tid))
        .filter(teams::number.eq(if home { row.away } else { row.home }))
        .select(teams::name)
        .first(conn)?;
    let boards = board_rows(conn, row.id)?;
    let submitted = if home { row.home_in } else { row.away_in };
    let roster = member_rows(conn, team_id)?;
    let chosen = boards
        .iter()
        .map(|b| match submitted {
            true => (if home { b.home } else { b.away }).unwrap_or(0),
            false => roster
                .get(b.board as usize - 1)
                .map_or(0, |m: &MemberView| m.place),
        })
        .collect();
    let (_, _, deadline, _) = round_row(conn, tid, n)?;
    let open =
        deadline.as_ref().is_none_or(|d| now() < *d) && boards.iter().all(|b| b.result.is_none());
    Ok(Some(CaptainLineup {
        team: number,
        team_name,
        round: n,
        opponent,
        deadline,
        open,
        submitted,
        chosen,
        roster,
    }))
}
