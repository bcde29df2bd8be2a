//! Teams and their ordered rosters (board order fixed once round 1 is paired).

use super::*;
use crate::domain::ids::{RoundNo, TeamId, TournamentId, UserId};

/// One player of a roster as entered.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct MemberInput {
    pub name: String,
    #[serde(default)]
    pub title: String,
    #[serde(default)]
    pub federation: String,
    #[serde(default)]
    #[schema(maximum = 3500)]
    pub rating: Option<u32>,
    #[serde(default)]
    pub fide_id: Option<i64>,
}

/// A team as entered: its roster in board order (regulars, then reserves).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct TeamInput {
    pub name: String,
    /// Federation or club.
    #[serde(default)]
    pub federation: String,
    /// The rating the regulations order teams by, if any (an average or a
    /// sum of the boards' ratings).
    #[serde(default)]
    #[schema(maximum = 250000)]
    pub rating: Option<u32>,
    /// The captain's name as printed.
    #[serde(default)]
    pub captain: String,
    /// The captain's user account: he may submit this team's line-ups.
    #[serde(default)]
    pub captain_username: Option<String>,
    pub roster: Vec<MemberInput>,
}

#[derive(Clone, Debug, PartialEq, Serialize, ToSchema)]
pub struct MemberView {
    /// Place on the roster (1-based): board order, reserves after.
    pub place: i32,
    pub name: String,
    pub title: String,
    pub federation: String,
    pub rating: Option<i32>,
    pub fide_id: Option<i64>,
}

#[derive(Clone, Debug, PartialEq, Serialize, ToSchema)]
pub struct TeamView {
    /// Pairing number.
    pub number: i32,
    pub name: String,
    pub federation: String,
    pub rating: Option<i32>,
    pub captain: String,
    /// The captain's account (shown to the tournament's staff only).
    pub captain_username: Option<String>,
    pub withdrawn: bool,
    /// The first round a withdrawn team is not paired in.
    #[schema(value_type = Option<i32>)]
    pub withdrawn_from: Option<RoundNo>,
    pub roster: Vec<MemberView>,
    pub version: i32,
}

#[derive(Clone, Debug, PartialEq, Serialize, ToSchema)]
pub struct TeamEventView {
    #[schema(value_type = i32)]
    pub tournament_id: TournamentId,
    pub name: String,
    pub settings: TeamEventSettings,
    pub teams: Vec<TeamView>,
    /// Rounds paired so far that this reader sees.
    #[schema(value_type = i32)]
    pub rounds_paired: RoundNo,
    /// Total rounds of the event (from the teams for round robins).
    pub total_rounds: i32,
    pub version: i32,
}

/// place, name, title, federation, rating, FIDE id
type MemberTuple = (i32, String, String, String, Option<i32>, Option<i64>);
/// id, round, number, home, away, home line-up time, away line-up time, version
pub(super) type MatchTuple = (
    crate::domain::ids::TeamMatchId,
    RoundNo,
    i32,
    i32,
    i32,
    Option<String>,
    Option<String>,
    i32,
);
/// board, home place, away place, home has White, result
pub(super) type BoardTuple = (i32, Option<i32>, Option<i32>, bool, Option<String>);

type TeamRow = (
    TeamId,
    i32,
    String,
    String,
    Option<i32>,
    String,
    Option<UserId>,
    bool,
    i32,
    Option<RoundNo>,
);

pub(super) fn team_rows(conn: &mut DbConnection, tid: TournamentId) -> DomainResult<Vec<TeamRow>> {
    Ok(teams::table
        .filter(teams::tournament_id.eq(tid))
        .order(teams::number)
        .select((
            teams::id,
            teams::number,
            teams::name,
            teams::federation,
            teams::rating,
            teams::captain_name,
            teams::captain_user_id,
            teams::withdrawn,
            teams::version,
            teams::withdrawn_from,
        ))
        .load(conn)?)
}

pub(super) fn member_rows(
    conn: &mut DbConnection,
    team_id: TeamId,
) -> DomainResult<Vec<MemberView>> {
    let rows: Vec<MemberTuple> = team_members::table
        .filter(team_members::team_id.eq(team_id))
        .order(team_members::place)
        .select((
            team_members::place,
            team_members::name,
            team_members::title,
            team_members::federation,
            team_members::rating,
            team_members::fide_id,
        ))
        .load(conn)?;
    Ok(rows
        .into_iter()
        .map(|r| MemberView {
            place: r.0,
            name: r.1,
            title: r.2,
            federation: r.3,
            rating: r.4,
            fide_id: r.5,
        })
        .collect())
}

fn team_views(
    conn: &mut DbConnection,
    tid: TournamentId,
    audience: Audience,
) -> DomainResult<Vec<TeamView>> {
    let mut out = vec![];
    for r in team_rows(conn, tid)? {
        let captain_username = match (audience.is_staff(), r.6) {
            (true, Some(uid)) => users::table
                .find(uid)
                .select(users::username)
                .first(conn)
                .optional()?,
            _ => None,
        };
        out.push(TeamView {
            number: r.1,
            name: r.2,
            federation: r.3,
            rating: r.4,
            captain: r.5,
            captain_username,
            withdrawn: r.7,
            withdrawn_from: r.9,
            roster: member_rows(conn, r.0)?,
            version: r.8,
        });
    }
    Ok(out)
}

/// The team event: regulations, teams and rosters.
pub fn event(
    conn: &mut DbConnection,
    tid: TournamentId,
    audience: Audience,
) -> DomainResult<TeamEventView> {
    let (settings, version) = settings_of(conn, tid)?;
    let name: String = tournaments::table
        .find(tid)
        .select(tournaments::name)
        .first(conn)?;
    let teams = team_views(conn, tid, audience)?;
    let total_rounds = total_rounds(&settings, teams.len()) as i32;
    let rounds_paired = visible_rounds(conn, tid, audience)?;
    Ok(TeamEventView {
        tournament_id: tid,
        name,
        settings,
        teams,
        rounds_paired,
        total_rounds,
        version,
    })
}

/// The rounds of the event: a Swiss as set, a round robin by the Berger
/// tables (one or two cycles), Scheveningen as many as the boards.
pub(super) fn total_rounds(s: &TeamEventSettings, teams: usize) -> u32 {
    let per_cycle = (teams as u32).max(2) - 1 + (teams as u32 % 2);
    match s.system {
        TeamSystemKind::Swiss => s.rounds,
        TeamSystemKind::RoundRobin if s.rounds == 0 => per_cycle,
        TeamSystemKind::DoubleRoundRobin if s.rounds == 0 => 2 * per_cycle,
        TeamSystemKind::Scheveningen if s.rounds == 0 => s.boards,
        _ => s.rounds,
    }
}

pub(super) fn validate_team(t: &TeamInput) -> DomainResult<()> {
    if t.name.trim().is_empty() || t.name.chars().count() > 200 {
        return Err(DomainError::invalid(
            "name",
            msg!("a team needs a name (at most 200 characters)"),
        ));
    }
    if t.roster.is_empty() || t.roster.len() > 64 {
        return Err(DomainError::invalid(
            "roster",
            msg!("a roster has between 1 and 64 players"),
        ));
    }
    if t.rating.is_some_and(|r| r > 250_000) {
        return Err(DomainError::invalid(
            "rating",
            msg!("a team's rating is at most 250000 (64 boards of 3500)"),
        ));
    }
    for (i, m) in t.roster.iter().enumerate() {
        if m.name.trim().is_empty() || m.name.chars().count() > 200 {
            return Err(DomainError::invalid(
                &format!("roster[{i}].name"),
                msg!("every player needs a name (at most 200 characters)"),
            ));
        }
        if m.rating.is_some_and(|r| r > 3500) {
            return Err(DomainError::invalid(
                &format!("roster[{i}].rating"),
                msg!("a rating is at most 3500"),
            ));
        }
        // A player stands once on a roster: the same FIDE id, or the same name
        // where neither has one (the Olympiad regulations' one team, one place).
        let earlier = t.roster[..i]
            .iter()
            .position(|e| match (e.fide_id, m.fide_id) {
                (Some(a), Some(b)) => a == b,
                (None, None) => same_name(&e.name, &m.name),
                _ => false,
            });
        if let Some(k) = earlier {
            return Err(DomainError::invalid(
                &format!("roster[{i}]"),
                msg!(
                    "{} is on the roster already (place {})",
                    m.name.trim(),
                    k as i64 + 1
                ),
            ));
        }
    }
    Ok(())
}

/// Names compared as people read them: case and runs of spaces aside.
fn same_name(a: &str, b: &str) -> bool {
    let fold = |s: &str| {
        s.split_whitespace()
            .collect::<Vec<_>>()
            .join(" ")
            .to_lowercase()
    };
    fold(a) == fold(b)
}

/// A player plays for one team of the event: a FIDE id of `roster` already on
/// another team's roster is refused, naming the player and that team.
fn require_on_no_other_team(
    conn: &mut DbConnection,
    tid: TournamentId,
    this_team: Option<TeamId>,
    roster: &[MemberInput],
) -> DomainResult<()> {
    let ids: Vec<i64> = roster.iter().filter_map(|m| m.fide_id).collect();
    if ids.is_empty() {
        return Ok(());
    }
    let others: Vec<(TeamId, String)> = teams::table
        .filter(teams::tournament_id.eq(tid))
        .filter(teams::id.ne(this_team.unwrap_or_default()))
        .select((teams::id, teams::name))
        .load(conn)?;
    let taken: Option<(TeamId, Option<i64>)> = team_members::table
        .filter(team_members::team_id.eq_any(others.iter().map(|o| o.0)))
        .filter(team_members::fide_id.eq_any(&ids))
        .select((team_members::team_id, team_members::fide_id))
        .first(conn)
        .optional()?;
    let Some((team_id, Some(fide))) = taken else {
        return Ok(());
    };
    let team = others
        .iter()
        .find(|o| o.0 == team_id)
        .map_or("", |o| o.1.as_str());
    let i = roster
        .iter()
        .position(|m| m.fide_id == Some(fide))
        .unwrap_or(0);
    Err(DomainError::conflict(msg!(
        "{} (FIDE id {}) is on the roster of {} already: a player plays for one team",
        roster[i].name.trim(),
        fide,
        team
    )))
}

fn captain_id(conn: &mut DbConnection, t: &TeamInput) -> DomainResult<Option<UserId>> {
    match t.captain_username.as_deref().map(str::trim) {
        None | Some("") => Ok(None),
        Some(u) => crate::domain::users::find_user_id(conn, u)?
            .map(Some)
            .ok_or_else(|| DomainError::invalid("captain_username", msg!("no user '{}'", u))),
    }
}

pub(super) fn insert_members(
    conn: &mut DbConnection,
    team_id: TeamId,
    roster: &[MemberInput],
) -> DomainResult<()> {
    for (i, m) in roster.iter().enumerate() {
        diesel::insert_into(team_members::table)
            .values((
                team_members::team_id.eq(team_id),
                team_members::place.eq(i as i32 + 1),
                team_members::name.eq(m.name.trim()),
                team_members::title.eq(m.title.trim()),
                team_members::federation.eq(m.federation.trim()),
                team_members::rating.eq(m.rating.map(|r| r as i32)),
                team_members::fide_id.eq(m.fide_id),
            ))
            .execute(conn)?;
    }
    Ok(())
}

pub(super) fn team_view(
    conn: &mut DbConnection,
    tid: TournamentId,
    number: i32,
) -> DomainResult<TeamView> {
    team_views(conn, tid, Audience::Staff)?
        .into_iter()
        .find(|t| t.number == number)
        .ok_or_else(|| DomainError::NotFound(msg!("team {} in tournament {}", number, tid)))
}

/// The team form of the team screen: a new team (`number` empty) or an
/// edit of team `number`.
pub fn save_team(
    conn: &mut DbConnection,
    actor: &Actor,
    tid: TournamentId,
    number: Option<i32>,
    input: TeamInput,
) -> DomainResult<TeamView> {
    match number {
        None => add_team(conn, actor, tid, input),
        Some(n) => edit_team(conn, actor, tid, n, input),
    }
}

/// Enters a team (until round 1 is paired); it gets the next pairing number.
pub fn add_team(
    conn: &mut DbConnection,
    actor: &Actor,
    tid: TournamentId,
    input: TeamInput,
) -> DomainResult<TeamView> {
    require_role(conn, actor, tid, &[Role::Organizer])?;
    settings_of(conn, tid)?;
    validate_team(&input)?;
    require_not_started(conn, tid, "the list of teams")?;
    let number = insert_team(conn, tid, &input)?;
    let v = team_view(conn, tid, number)?;
    Entry::at(tid, "team.add", "team", number).made(conn, actor, &v)?;
    Ok(v)
}

/// A validated team written with the next pairing number (no audit row: the
/// caller's operation records one).
pub(super) fn insert_team(
    conn: &mut DbConnection,
    tid: TournamentId,
    input: &TeamInput,
) -> DomainResult<i32> {
    require_on_no_other_team(conn, tid, None, &input.roster)?;
    let captain = captain_id(conn, input)?;
    let number = team_rows(conn, tid)?.len() as i32 + 1;
    let id: TeamId = diesel::insert_into(teams::table)
        .values((
            teams::tournament_id.eq(tid),
            teams::number.eq(number),
            teams::name.eq(input.name.trim()),
            teams::federation.eq(input.federation.trim()),
            teams::rating.eq(input.rating.map(|r| r as i32)),
            teams::captain_name.eq(input.captain.trim()),
            teams::captain_user_id.eq(captain),
            teams::withdrawn.eq(false),
            teams::version.eq(1),
        ))
        .returning(teams::id)
        .get_result(conn)?;
    insert_members(conn, id, &input.roster)?;
    Ok(number)
}

/// Changes a team. The roster (players and board order) is fixed once round
/// 1 is paired; name, federation, rating and captain may change at any time.
pub fn edit_team(
    conn: &mut DbConnection,
    actor: &Actor,
    tid: TournamentId,
    number: i32,
    input: TeamInput,
) -> DomainResult<TeamView> {
    require_role(conn, actor, tid, &[Role::Organizer])?;
    settings_of(conn, tid)?;
    let before = team_view(conn, tid, number)?;
    validate_team(&input)?;
    let captain = captain_id(conn, &input)?;
    let same_roster = before.roster.len() == input.roster.len()
        && before.roster.iter().zip(&input.roster).all(|(a, b)| {
            a.name == b.name.trim()
                && a.title == b.title.trim()
                && a.federation == b.federation.trim()
                && a.rating == b.rating.map(|r| r as i32)
                && a.fide_id == b.fide_id
        });
    let id: TeamId = teams::table
        .filter(teams::tournament_id.eq(tid))
        .filter(teams::number.eq(number))
        .select(teams::id)
        .first(conn)?;
    if !same_roster {
        require_not_started(conn, tid, "a roster")?;
        require_on_no_other_team(conn, tid, Some(id), &input.roster)?;
        diesel::delete(team_members::table.filter(team_members::team_id.eq(id))).execute(conn)?;
        insert_members(conn, id, &input.roster)?;
    }
    diesel::update(teams::table.find(id))
        .set((
            teams::name.eq(input.name.trim()),
            teams::federation.eq(input.federation.trim()),
            teams::rating.eq(input.rating.map(|r| r as i32)),
            teams::captain_name.eq(input.captain.trim()),
            teams::captain_user_id.eq(captain),
            teams::version.eq(before.version + 1),
        ))
        .execute(conn)?;
    let v = team_view(conn, tid, number)?;
    Entry::at(tid, "team.edit", "team", number).change(conn, actor, &before, &v)?;
    Ok(v)
}
