//! Withdrawn teams and half-point byes: teams left out of the Swiss pairing
//! of a round. A withdrawn team keeps the matches it played, which count for
//! its opponents' tie-breaks (C.07 art. 16: its later rounds are unplayed
//! rounds); a team with a half-point bye scores a drawn match without games
//! (C.07 art. 16.1.1, the engine's `TeamRound::half_byes`). A round robin's
//! schedule is fixed: there a team that does not come loses its match by an
//! empty line-up instead.

use super::*;
use crate::db::schema::team_byes;
use crate::domain::ids::{RoundNo, TournamentId};
use crate::domain::Msg;

/// Withdrawing a team.
#[derive(Clone, Debug, Default, Serialize, Deserialize, ToSchema)]
#[serde(default, deny_unknown_fields)]
pub struct WithdrawTeam {
    /// The first round the team is not paired in (default: the next round
    /// to pair); a round not yet paired.
    #[schema(value_type = Option<i32>)]
    pub from_round: Option<RoundNo>,
}

/// A half-point bye requested for a round not yet paired.
#[derive(Clone, Debug, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct RequestTeamBye {
    #[schema(value_type = i32)]
    pub round: RoundNo,
}

#[derive(Clone, Debug, PartialEq, Serialize, ToSchema)]
pub struct TeamByeView {
    pub team: TeamRef,
    #[schema(value_type = i32)]
    pub round: RoundNo,
}

/// The team's row id, name, version and `withdrawn_from`.
fn team_row(
    conn: &mut DbConnection,
    tid: TournamentId,
    number: i32,
) -> DomainResult<(i32, String, i32, Option<RoundNo>)> {
    teams::table
        .filter(teams::tournament_id.eq(tid))
        .filter(teams::number.eq(number))
        .select((
            teams::id,
            teams::name,
            teams::version,
            teams::withdrawn_from,
        ))
        .first(conn)
        .optional()?
        .ok_or_else(|| DomainError::NotFound(msg!("team {} in tournament {}", number, tid)))
}

fn require_swiss(settings: &TeamEventSettings, what: Msg) -> DomainResult<()> {
    if settings.system != TeamSystemKind::Swiss {
        return Err(DomainError::conflict(msg!("a round robin's schedule is fixed: {}; a team that does not come loses its match by an empty line-up", crate::domain::msg::nested(what))));
    }
    Ok(())
}

fn team_view_of(conn: &mut DbConnection, tid: TournamentId, number: i32) -> DomainResult<TeamView> {
    event(conn, tid, Audience::Staff)?
        .teams
        .into_iter()
        .find(|t| t.number == number)
        .ok_or_else(|| DomainError::NotFound(msg!("team {} in tournament {}", number, tid)))
}

/// Withdraws a team from `from_round` onward (Swiss): it is not paired from
/// then on, its requested byes from then on are void, and the rounds it
/// played stay as they are.
pub fn withdraw(
    conn: &mut DbConnection,
    actor: &Actor,
    tid: TournamentId,
    number: i32,
    cmd: WithdrawTeam,
) -> DomainResult<TeamView> {
    require_role(conn, actor, tid, &[Role::Organizer, Role::Arbiter])?;
    let (settings, _) = settings_of(conn, tid)?;
    let (id, name, version, from) = team_row(conn, tid, number)?;
    require_swiss(&settings, msg!("no team can be withdrawn from it"))?;
    let paired = rounds_paired(conn, tid)?;
    let total = total_rounds(&settings, team_rows(conn, tid)?.len()) as i32;
    let round = cmd.from_round.unwrap_or(paired.next());
    if round <= paired || round.get() > total {
        return Err(DomainError::invalid(
            "from_round",
            msg!(
                "a team can be withdrawn from round {} to {} (the rounds not yet paired)",
                paired.next(),
                total
            ),
        ));
    }
    if let Some(r) = from {
        return Err(DomainError::conflict(msg!(
            "{} is already withdrawn from round {}",
            name,
            r
        )));
    }
    let before = team_view_of(conn, tid, number)?;
    diesel::update(teams::table.find(id))
        .set((
            teams::withdrawn.eq(true),
            teams::withdrawn_from.eq(Some(round)),
            teams::version.eq(version + 1),
        ))
        .execute(conn)?;
    diesel::delete(
        team_byes::table
            .filter(team_byes::tournament_id.eq(tid))
            .filter(team_byes::team_number.eq(number))
            .filter(team_byes::round_number.ge(round)),
    )
    .execute(conn)?;
    let v = team_view_of(conn, tid, number)?;
    Entry::at(tid, "team.withdraw", "team", number).change(conn, actor, &before, &v)?;
    Ok(v)
}

/// Undoes a withdrawal: the team is paired again from the next round paired
/// (the rounds it missed stay unplayed).
pub fn reinstate(
    conn: &mut DbConnection,
    actor: &Actor,
    tid: TournamentId,
    number: i32,
) -> DomainResult<TeamView> {
    require_role(conn, actor, tid, &[Role::Organizer, Role::Arbiter])?;
    settings_of(conn, tid)?;
    let (id, name, version, _) = team_row(conn, tid, number)?;
    let before = team_view_of(conn, tid, number)?;
    if !before.withdrawn {
        return Err(DomainError::conflict(msg!("{} is not withdrawn", name)));
    }
    diesel::update(teams::table.find(id))
        .set((
            teams::withdrawn.eq(false),
            teams::withdrawn_from.eq(None::<i32>),
            teams::version.eq(version + 1),
        ))
        .execute(conn)?;
    let v = team_view_of(conn, tid, number)?;
    Entry::at(tid, "team.reinstate", "team", number).change(conn, actor, &before, &v)?;
    Ok(v)
}

/// Every half-point bye of the event (requested and given), by round.
pub fn team_byes(conn: &mut DbConnection, tid: TournamentId) -> DomainResult<Vec<TeamByeView>> {
    settings_of(conn, tid)?;
    let names: HashMap<i32, String> = team_rows(conn, tid)?
        .into_iter()
        .map(|r| (r.1, r.2))
        .collect();
    let rows: Vec<(i32, RoundNo)> = team_byes::table
        .filter(team_byes::tournament_id.eq(tid))
        .order((team_byes::round_number, team_byes::team_number))
        .select((team_byes::team_number, team_byes::round_number))
        .load(conn)?;
    Ok(rows
        .into_iter()
        .map(|(team, round)| TeamByeView {
            team: TeamRef {
                number: team,
                name: names.get(&team).cloned().unwrap_or_default(),
            },
            round,
        })
        .collect())
}

/// The teams with a half-point bye in round `round`.
pub(super) fn half_byes_of(
    conn: &mut DbConnection,
    tid: TournamentId,
    round: RoundNo,
) -> DomainResult<Vec<u32>> {
    let rows: Vec<i32> = team_byes::table
        .filter(team_byes::tournament_id.eq(tid))
        .filter(team_byes::round_number.eq(round))
        .order(team_byes::team_number)
        .select(team_byes::team_number)
        .load(conn)?;
    Ok(rows.into_iter().map(|t| t as u32).collect())
}

/// A half-point bye for a round not yet paired (Swiss). There is no limit
/// per team unless the regulations set one; like the individual requested
/// byes (`domain::registration::request_bye`), the event has none.
pub fn request_bye(
    conn: &mut DbConnection,
    actor: &Actor,
    tid: TournamentId,
    number: i32,
    cmd: RequestTeamBye,
) -> DomainResult<TeamByeView> {
    require_role(conn, actor, tid, &[Role::Organizer, Role::Arbiter])?;
    let (settings, _) = settings_of(conn, tid)?;
    let (_, name, _, withdrawn_from) = team_row(conn, tid, number)?;
    require_swiss(&settings, msg!("it has no requested byes"))?;
    let paired = rounds_paired(conn, tid)?;
    let total = total_rounds(&settings, team_rows(conn, tid)?.len()) as i32;
    if cmd.round <= paired || cmd.round.get() > total {
        return Err(DomainError::invalid(
            "round",
            msg!(
                "a bye can be requested for rounds {} to {}",
                paired.next(),
                total
            ),
        ));
    }
    if withdrawn_from.is_some_and(|r| r <= cmd.round) {
        return Err(DomainError::conflict(msg!(
            "{} is withdrawn from round {}",
            name,
            withdrawn_from.unwrap_or_default()
        )));
    }
    if half_byes_of(conn, tid, cmd.round)?.contains(&(number as u32)) {
        return Err(DomainError::conflict(msg!(
            "{} already has a bye in round {}",
            name,
            cmd.round
        )));
    }
    diesel::insert_into(team_byes::table)
        .values((
            team_byes::tournament_id.eq(tid),
            team_byes::team_number.eq(number),
            team_byes::round_number.eq(cmd.round),
            team_byes::requested_at.eq(now()),
        ))
        .execute(conn)?;
    let v = TeamByeView {
        team: TeamRef { number, name },
        round: cmd.round,
    };
    Entry::at(tid, "team.bye.request", "team", number).made(conn, actor, &v)?;
    Ok(v)
}

/// Cancels a requested half-point bye of a round not yet paired.
pub fn cancel_bye(
    conn: &mut DbConnection,
    actor: &Actor,
    tid: TournamentId,
    number: i32,
    round: RoundNo,
) -> DomainResult<()> {
    require_role(conn, actor, tid, &[Role::Organizer, Role::Arbiter])?;
    settings_of(conn, tid)?;
    let (_, name, _, _) = team_row(conn, tid, number)?;
    if round <= rounds_paired(conn, tid)? {
        return Err(DomainError::conflict(msg!(
            "round {} is paired; unpair it before cancelling the bye",
            round
        )));
    }
    let deleted = diesel::delete(
        team_byes::table
            .filter(team_byes::tournament_id.eq(tid))
            .filter(team_byes::team_number.eq(number))
            .filter(team_byes::round_number.eq(round)),
    )
    .execute(conn)?;
    if deleted == 0 {
        return Err(DomainError::NotFound(msg!(
            "a bye of {} in round {}",
            name,
            round
        )));
    }
    Entry::at(tid, "team.bye.cancel", "team", number).removed(
        conn,
        actor,
        &serde_json::json!({"team": number, "round": round}),
    )?;
    Ok(())
}
