//! Team competitions (issue 20): a tournament run as a team event.
//!
//! The mathematics is the `pairing` crate's team engine (`pairing/src/team/`,
//! described in `pairing/README.md`, "Team competitions"): this module keeps
//! the event in the database (migrations `*_teams`), rebuilds the engine's
//! [`TeamTournament`] from the rows ([`load`]) and runs every operation in ONE
//! transaction with ONE audit row (the audit row bumps the tournament's
//! version, `migrations/*/2026-11-24-180000_instances`).
//!
//! - Teams are numbered in the order they are entered (their pairing number,
//!   C.04.6 leaves the initial order to the regulations); a roster is in
//!   board order, reserves after the regulars, fixed once round 1 is paired.
//! - A line-up names roster places board by board (`null`: an empty board,
//!   a forfeit once both line-ups are in); the engine's `check_lineup` keeps
//!   roster order. A team's captain (a user account linked to the team) may
//!   submit his own team's line-up of a published round until the deadline
//!   the organizer set; an arbiter may do so at any time (audited as such).
//! - Board results are written as for individual games (`1-0`, `½-½`, `+/-`,
//!   `-/-`, `0-½`, `0-0`, …); match results follow from the game points.
//! - Visibility: a paired round stays with the staff until it is published
//!   ([`Audience`]); the public also sees the players of a match only once
//!   both line-ups are in.

use super::audit::{self, Entry};
use super::kinds::{
    BoardColourRule, InitialColour, RoundState, TeamColourPreference, TeamPrimaryScore,
    TeamSystemKind, TournamentStatus,
};
use super::results::parse_result;
use super::{now, require_role, Actor, Audience, DomainError, DomainResult, Role};
use crate::db::schema::{
    rounds as individual_rounds, team_boards, team_events, team_matches, team_members, team_rounds,
    teams, tournaments, users,
};
use crate::db::DbConnection;
use crate::domain::kinds::GameKind;
use diesel::prelude::*;
use pairing::team::tiebreak::{board_ranking, team_standings, TeamTieBreak};
use pairing::team::{
    self as engine, Board, BoardColours, BoardResult, ColourPreferenceType, Match, PrimaryScore,
    Team, TeamRound, TeamSettings, TeamSystem, TeamTournament,
};
use pairing::{Color, GameResult, HalfPoints, Player, PointSystem};
use serde::{Deserialize, Serialize};
use std::collections::HashMap;
use utoipa::ToSchema;

// ------------------------------------------------------------ the regulations

/// The regulations of a team event (`pairing::team::TeamSettings`).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, ToSchema)]
#[serde(default, deny_unknown_fields)]
pub struct TeamEventSettings {
    pub system: TeamSystemKind,
    /// Boards per match.
    pub boards: u32,
    /// Rounds of a Swiss; round robins and Scheveningen follow from the
    /// teams (0 = that number).
    pub rounds: u32,
    /// Match points for a won, drawn and lost match (default 2/1/0).
    pub match_win: i32,
    pub match_draw: i32,
    pub match_loss: i32,
    /// Match points of the pairing-allocated bye (default: a drawn match,
    /// C.04.6 art. 1.4).
    pub bye_match_points: i32,
    /// Game points of the bye in half-points (default: a drawn match, half a
    /// point per board, C.04.6 art. 1.4).
    pub bye_game_points: Option<i32>,
    /// The score teams are ranked and paired by; the other one is secondary.
    pub primary: TeamPrimaryScore,
    /// Colours on the boards, seen from the first-named team.
    pub colours: BoardColourRule,
    /// Team colour preferences in the Swiss system (C.04.6 art. 1.7).
    pub colour_preference: TeamColourPreference,
    /// The colour of team 1 in round 1 (drawn by lot).
    pub initial_colour: InitialColour,
    /// Team tie-breaks in order (C.07 codes as the engine reads them: `MP`,
    /// `GP`, `BH:MP`, `BH:GP/C1`, `EMGSB`, `DE`, `WIN`, `WON`, `TPN`, …).
    pub tiebreaks: Vec<String>,
}

impl Default for TeamEventSettings {
    fn default() -> Self {
        TeamEventSettings {
            system: TeamSystemKind::Swiss,
            boards: 4,
            rounds: 0,
            match_win: 2,
            match_draw: 1,
            match_loss: 0,
            bye_match_points: 1,
            bye_game_points: None,
            primary: TeamPrimaryScore::MatchPoints,
            colours: BoardColourRule::WhiteOnOdd,
            colour_preference: TeamColourPreference::A,
            initial_colour: InitialColour::White,
            tiebreaks: vec!["GP".into(), "BH:MP".into(), "DE".into()],
        }
    }
}

impl TeamEventSettings {
    fn validate(&self) -> DomainResult<Vec<TeamTieBreak>> {
        if !(1..=32).contains(&self.boards) {
            return Err(DomainError::invalid(
                "boards",
                "a match has between 1 and 32 boards",
            ));
        }
        if self.rounds > 99 {
            return Err(DomainError::invalid("rounds", "at most 99 rounds"));
        }
        if self.system == TeamSystemKind::Swiss && self.rounds == 0 {
            return Err(DomainError::invalid(
                "rounds",
                "a Swiss needs its number of rounds",
            ));
        }
        if !(self.match_win > self.match_draw && self.match_draw >= self.match_loss) {
            return Err(DomainError::invalid(
                "match_draw",
                "match points must be win > draw ≥ loss",
            ));
        }
        if let Some(g) = self.bye_game_points {
            if g < 0 || g > 2 * self.boards as i32 {
                return Err(DomainError::invalid(
                    "bye_game_points",
                    "between 0 and every board won (half-points)",
                ));
            }
        }
        self.tiebreaks
            .iter()
            .enumerate()
            .map(|(i, code)| {
                code.parse::<TeamTieBreak>().map_err(|e| {
                    DomainError::invalid(&format!("tiebreaks[{i}]"), format!("'{code}': {e}"))
                })
            })
            .collect()
    }

    fn engine_system(&self) -> TeamSystem {
        match self.system {
            TeamSystemKind::Swiss => TeamSystem::Swiss,
            TeamSystemKind::RoundRobin => TeamSystem::RoundRobin { double: false },
            TeamSystemKind::DoubleRoundRobin => TeamSystem::RoundRobin { double: true },
            TeamSystemKind::Scheveningen => TeamSystem::Scheveningen,
        }
    }

    fn engine_settings(&self) -> TeamSettings {
        let mut s = TeamSettings::new(self.boards);
        s.match_win = self.match_win;
        s.match_draw = self.match_draw;
        s.match_loss = self.match_loss;
        s.bye_match_points = self.bye_match_points;
        if let Some(g) = self.bye_game_points {
            s.bye_game_points = g as HalfPoints;
        }
        s.primary = match self.primary {
            TeamPrimaryScore::MatchPoints => PrimaryScore::MatchPoints,
            TeamPrimaryScore::GamePoints => PrimaryScore::GamePoints,
        };
        s.colours = match self.colours {
            BoardColourRule::WhiteOnOdd => BoardColours::WhiteOnOdd,
            BoardColourRule::WhiteOnAll => BoardColours::WhiteOnAll,
        };
        s.colour_preference = match self.colour_preference {
            TeamColourPreference::A => ColourPreferenceType::A,
            TeamColourPreference::B => ColourPreferenceType::B,
            TeamColourPreference::None => ColourPreferenceType::None,
        };
        s
    }

    /// The settings of an engine tournament (a team TRF's `XTS` record).
    fn from_engine(t: &TeamTournament) -> TeamEventSettings {
        let s = &t.settings;
        TeamEventSettings {
            system: match t.system {
                TeamSystem::Swiss => TeamSystemKind::Swiss,
                TeamSystem::RoundRobin { double: false } => TeamSystemKind::RoundRobin,
                TeamSystem::RoundRobin { double: true } => TeamSystemKind::DoubleRoundRobin,
                TeamSystem::Scheveningen => TeamSystemKind::Scheveningen,
            },
            boards: s.boards,
            rounds: t.total_rounds,
            match_win: s.match_win,
            match_draw: s.match_draw,
            match_loss: s.match_loss,
            bye_match_points: s.bye_match_points,
            bye_game_points: Some(s.bye_game_points),
            primary: match s.primary {
                PrimaryScore::MatchPoints => TeamPrimaryScore::MatchPoints,
                PrimaryScore::GamePoints => TeamPrimaryScore::GamePoints,
            },
            colours: match s.colours {
                BoardColours::WhiteOnOdd => BoardColourRule::WhiteOnOdd,
                BoardColours::WhiteOnAll => BoardColourRule::WhiteOnAll,
            },
            colour_preference: match s.colour_preference {
                ColourPreferenceType::A => TeamColourPreference::A,
                ColourPreferenceType::B => TeamColourPreference::B,
                ColourPreferenceType::None => TeamColourPreference::None,
            },
            initial_colour: match t.initial_colour {
                Color::White => InitialColour::White,
                Color::Black => InitialColour::Black,
            },
            tiebreaks: TeamEventSettings::default().tiebreaks,
        }
    }
}

type EventRow = (
    TeamSystemKind,
    i32,
    i32,
    i32,
    i32,
    i32,
    i32,
    i32,
    TeamPrimaryScore,
    BoardColourRule,
    TeamColourPreference,
    InitialColour,
    String,
    i32,
);

fn read_settings(
    conn: &mut DbConnection,
    tid: i32,
) -> DomainResult<Option<(TeamEventSettings, i32)>> {
    let row: Option<EventRow> = team_events::table
        .find(tid)
        .select((
            team_events::system,
            team_events::boards,
            team_events::total_rounds,
            team_events::match_win,
            team_events::match_draw,
            team_events::match_loss,
            team_events::bye_match_points,
            team_events::bye_game_points,
            team_events::primary_score,
            team_events::board_colours,
            team_events::colour_preference,
            team_events::initial_colour,
            team_events::tiebreaks,
            team_events::version,
        ))
        .first(conn)
        .optional()?;
    let Some(r) = row else { return Ok(None) };
    let settings = TeamEventSettings {
        system: r.0,
        boards: r.1 as u32,
        rounds: r.2 as u32,
        match_win: r.3,
        match_draw: r.4,
        match_loss: r.5,
        bye_match_points: r.6,
        bye_game_points: Some(r.7),
        primary: r.8,
        colours: r.9,
        colour_preference: r.10,
        initial_colour: r.11,
        tiebreaks: r
            .12
            .split(',')
            .filter(|s| !s.is_empty())
            .map(str::to_string)
            .collect(),
    };
    Ok(Some((settings, r.13)))
}

/// Whether the tournament is a team event.
pub fn is_team_event(conn: &mut DbConnection, tid: i32) -> DomainResult<bool> {
    Ok(read_settings(conn, tid)?.is_some())
}

/// The settings of a team event; `NotFound` when the tournament is not one.
fn settings_of(conn: &mut DbConnection, tid: i32) -> DomainResult<(TeamEventSettings, i32)> {
    read_settings(conn, tid)?.ok_or_else(|| {
        DomainError::NotFound(format!(
            "team event in tournament {tid} (set its regulations first)"
        ))
    })
}

fn rounds_paired(conn: &mut DbConnection, tid: i32) -> DomainResult<i32> {
    Ok(team_rounds::table
        .filter(team_rounds::tournament_id.eq(tid))
        .select(diesel::dsl::max(team_rounds::number))
        .first::<Option<i32>>(conn)?
        .unwrap_or(0))
}

fn require_not_started(conn: &mut DbConnection, tid: i32, what: &str) -> DomainResult<()> {
    if rounds_paired(conn, tid)? > 0 {
        return Err(DomainError::conflict(format!(
            "{what} is fixed once round 1 is paired"
        )));
    }
    Ok(())
}

fn write_settings(
    conn: &mut DbConnection,
    tid: i32,
    s: &TeamEventSettings,
    version: i32,
) -> DomainResult<()> {
    let bye_gp = s.bye_game_points.unwrap_or(2 * s.boards as i32);
    let values = (
        team_events::system.eq(s.system),
        team_events::boards.eq(s.boards as i32),
        team_events::total_rounds.eq(s.rounds as i32),
        team_events::match_win.eq(s.match_win),
        team_events::match_draw.eq(s.match_draw),
        team_events::match_loss.eq(s.match_loss),
        team_events::bye_match_points.eq(s.bye_match_points),
        team_events::bye_game_points.eq(bye_gp),
        team_events::primary_score.eq(s.primary),
        team_events::board_colours.eq(s.colours),
        team_events::colour_preference.eq(s.colour_preference),
        team_events::initial_colour.eq(s.initial_colour),
        team_events::tiebreaks.eq(s.tiebreaks.join(",")),
        team_events::version.eq(version),
    );
    if version == 1 {
        diesel::insert_into(team_events::table)
            .values((team_events::tournament_id.eq(tid), values))
            .execute(conn)?;
    } else {
        diesel::update(team_events::table.find(tid))
            .set(values)
            .execute(conn)?;
    }
    Ok(())
}

/// Makes the tournament a team event, or changes its regulations, until
/// round 1 is paired. The tournament must not have individual players or
/// rounds.
pub fn set_settings(
    conn: &mut DbConnection,
    actor: &Actor,
    tid: i32,
    s: TeamEventSettings,
) -> DomainResult<TeamEventView> {
    require_role(conn, actor, tid, &[Role::Organizer])?;
    s.validate()?;
    require_not_started(conn, tid, "the regulations of a team event")?;
    let individual: i64 = individual_rounds::table
        .filter(individual_rounds::tournament_id.eq(tid))
        .count()
        .get_result(conn)?;
    let players: i64 = crate::db::schema::players::table
        .filter(crate::db::schema::players::tournament_id.eq(tid))
        .count()
        .get_result(conn)?;
    if individual > 0 || players > 0 {
        return Err(DomainError::conflict(
            "this tournament has individual players or rounds; a team event starts empty",
        ));
    }
    let before = read_settings(conn, tid)?;
    let version = before.as_ref().map_or(1, |(_, v)| v + 1);
    write_settings(conn, tid, &s, version)?;
    let v = event(conn, tid, Audience::Staff)?;
    audit::record(
        conn,
        actor,
        Entry {
            tournament_id: Some(tid),
            action: "team.settings",
            entity: "team_event",
            entity_id: Some(tid as i64),
        },
        before.as_ref().map(|b| &b.0),
        Some(&v.settings),
    )?;
    Ok(v)
}

// ------------------------------------------------------------------- teams

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
    /// The rating the regulations order teams by, if any.
    #[serde(default)]
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
    pub roster: Vec<MemberView>,
    pub version: i32,
}

#[derive(Clone, Debug, PartialEq, Serialize, ToSchema)]
pub struct TeamEventView {
    pub tournament_id: i32,
    pub name: String,
    pub settings: TeamEventSettings,
    pub teams: Vec<TeamView>,
    /// Rounds paired so far that this reader sees.
    pub rounds_paired: i32,
    /// Total rounds of the event (from the teams for round robins).
    pub total_rounds: i32,
    pub version: i32,
}

/// place, name, title, federation, rating, FIDE id
type MemberTuple = (i32, String, String, String, Option<i32>, Option<i64>);
/// id, round, number, home, away, home line-up time, away line-up time, version
type MatchTuple = (i32, i32, i32, i32, i32, Option<String>, Option<String>, i32);
/// board, home place, away place, home has White, result
type BoardTuple = (i32, Option<i32>, Option<i32>, bool, Option<String>);

type TeamRow = (
    i32,
    i32,
    String,
    String,
    Option<i32>,
    String,
    Option<i32>,
    bool,
    i32,
);

fn team_rows(conn: &mut DbConnection, tid: i32) -> DomainResult<Vec<TeamRow>> {
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
        ))
        .load(conn)?)
}

fn member_rows(conn: &mut DbConnection, team_id: i32) -> DomainResult<Vec<MemberView>> {
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
    tid: i32,
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
            roster: member_rows(conn, r.0)?,
            version: r.8,
        });
    }
    Ok(out)
}

/// The team event: regulations, teams and rosters.
pub fn event(conn: &mut DbConnection, tid: i32, audience: Audience) -> DomainResult<TeamEventView> {
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
fn total_rounds(s: &TeamEventSettings, teams: usize) -> u32 {
    let per_cycle = (teams as u32).max(2) - 1 + (teams as u32 % 2);
    match s.system {
        TeamSystemKind::Swiss => s.rounds,
        TeamSystemKind::RoundRobin if s.rounds == 0 => per_cycle,
        TeamSystemKind::DoubleRoundRobin if s.rounds == 0 => 2 * per_cycle,
        TeamSystemKind::Scheveningen if s.rounds == 0 => s.boards,
        _ => s.rounds,
    }
}

fn validate_team(t: &TeamInput) -> DomainResult<()> {
    if t.name.trim().is_empty() || t.name.chars().count() > 200 {
        return Err(DomainError::invalid(
            "name",
            "a team needs a name (at most 200 characters)",
        ));
    }
    if t.roster.is_empty() || t.roster.len() > 64 {
        return Err(DomainError::invalid(
            "roster",
            "a roster has between 1 and 64 players",
        ));
    }
    for (i, m) in t.roster.iter().enumerate() {
        if m.name.trim().is_empty() || m.name.chars().count() > 200 {
            return Err(DomainError::invalid(
                &format!("roster[{i}].name"),
                "every player needs a name (at most 200 characters)",
            ));
        }
        if m.rating.is_some_and(|r| r > 3500) {
            return Err(DomainError::invalid(
                &format!("roster[{i}].rating"),
                "a rating is at most 3500",
            ));
        }
    }
    Ok(())
}

fn captain_id(conn: &mut DbConnection, t: &TeamInput) -> DomainResult<Option<i32>> {
    match t.captain_username.as_deref().map(str::trim) {
        None | Some("") => Ok(None),
        Some(u) => super::users::find_user_id(conn, u)?
            .map(Some)
            .ok_or_else(|| DomainError::invalid("captain_username", format!("no user '{u}'"))),
    }
}

fn insert_members(
    conn: &mut DbConnection,
    team_id: i32,
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

fn team_view(conn: &mut DbConnection, tid: i32, number: i32) -> DomainResult<TeamView> {
    team_views(conn, tid, Audience::Staff)?
        .into_iter()
        .find(|t| t.number == number)
        .ok_or_else(|| DomainError::NotFound(format!("team {number} in tournament {tid}")))
}

/// Enters a team (until round 1 is paired); it gets the next pairing number.
pub fn add_team(
    conn: &mut DbConnection,
    actor: &Actor,
    tid: i32,
    input: TeamInput,
) -> DomainResult<TeamView> {
    require_role(conn, actor, tid, &[Role::Organizer])?;
    settings_of(conn, tid)?;
    validate_team(&input)?;
    require_not_started(conn, tid, "the list of teams")?;
    let captain = captain_id(conn, &input)?;
    let number = team_rows(conn, tid)?.len() as i32 + 1;
    let id: i32 = diesel::insert_into(teams::table)
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
    let v = team_view(conn, tid, number)?;
    audit::record(
        conn,
        actor,
        Entry {
            tournament_id: Some(tid),
            action: "team.add",
            entity: "team",
            entity_id: Some(number as i64),
        },
        None::<&()>,
        Some(&v),
    )?;
    Ok(v)
}

/// Changes a team. The roster (players and board order) is fixed once round
/// 1 is paired; name, federation, rating and captain may change at any time.
pub fn edit_team(
    conn: &mut DbConnection,
    actor: &Actor,
    tid: i32,
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
    let id: i32 = teams::table
        .filter(teams::tournament_id.eq(tid))
        .filter(teams::number.eq(number))
        .select(teams::id)
        .first(conn)?;
    if !same_roster {
        require_not_started(conn, tid, "a roster")?;
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
    audit::record(
        conn,
        actor,
        Entry {
            tournament_id: Some(tid),
            action: "team.edit",
            entity: "team",
            entity_id: Some(number as i64),
        },
        Some(&before),
        Some(&v),
    )?;
    Ok(v)
}

// --------------------------------------------------------- the engine model

/// The event as the engine's model, with the first `rounds` rounds (all when
/// `None`), and the maps between roster places and engine player ids.
pub struct Loaded {
    pub t: TeamTournament,
    pub tiebreaks: Vec<TeamTieBreak>,
    /// (team number, roster place) → engine player id.
    pub ids: HashMap<(i32, i32), u32>,
    /// engine player id → (team number, roster place).
    pub places: Vec<(i32, i32)>,
}

struct MatchRow {
    id: i32,
    round: i32,
    number: i32,
    home: i32,
    away: i32,
    home_in: bool,
    away_in: bool,
    version: i32,
}

struct BoardRow {
    board: i32,
    home: Option<i32>,
    away: Option<i32>,
    home_white: bool,
    result: Option<String>,
}

fn match_rows(
    conn: &mut DbConnection,
    tid: i32,
    round: Option<i32>,
) -> DomainResult<Vec<MatchRow>> {
    let mut q = team_matches::table
        .filter(team_matches::tournament_id.eq(tid))
        .into_boxed();
    if let Some(r) = round {
        q = q.filter(team_matches::round_number.eq(r));
    }
    let rows: Vec<MatchTuple> = q
        .order((team_matches::round_number, team_matches::number))
        .select((
            team_matches::id,
            team_matches::round_number,
            team_matches::number,
            team_matches::home_team,
            team_matches::away_team,
            team_matches::home_lineup_at,
            team_matches::away_lineup_at,
            team_matches::version,
        ))
        .load(conn)?;
    Ok(rows
        .into_iter()
        .map(|r| MatchRow {
            id: r.0,
            round: r.1,
            number: r.2,
            home: r.3,
            away: r.4,
            home_in: r.5.is_some(),
            away_in: r.6.is_some(),
            version: r.7,
        })
        .collect())
}

fn board_rows(conn: &mut DbConnection, match_id: i32) -> DomainResult<Vec<BoardRow>> {
    let rows: Vec<BoardTuple> = team_boards::table
        .filter(team_boards::match_id.eq(match_id))
        .order(team_boards::board)
        .select((
            team_boards::board,
            team_boards::home_place,
            team_boards::away_place,
            team_boards::home_white,
            team_boards::result,
        ))
        .load(conn)?;
    Ok(rows
        .into_iter()
        .map(|r| BoardRow {
            board: r.0,
            home: r.1,
            away: r.2,
            home_white: r.3,
            result: r.4,
        })
        .collect())
}

/// A board result as written, read from each side.
pub fn parse_board_result(text: &str) -> Result<Option<BoardResult>, String> {
    let ps = PointSystem::default();
    let p = parse_result(text, &ps)?;
    let (Some(h), Some(a)) = (p.white, p.black) else {
        return Ok(None);
    };
    let r = if p.asymmetric {
        BoardResult {
            home: GameResult::Adjusted(h as HalfPoints),
            away: GameResult::Adjusted(a as HalfPoints),
        }
    } else {
        match p.kind {
            GameKind::Forfeit if h > a => BoardResult {
                home: GameResult::ForfeitWin,
                away: GameResult::ForfeitLoss,
            },
            GameKind::Forfeit => BoardResult {
                home: GameResult::ForfeitLoss,
                away: GameResult::ForfeitWin,
            },
            GameKind::DoubleForfeit => BoardResult {
                home: GameResult::ForfeitLoss,
                away: GameResult::ForfeitLoss,
            },
            _ if h == ps.win => BoardResult::HOME_WIN,
            _ if h == ps.draw => BoardResult::DRAW,
            _ => BoardResult::AWAY_WIN,
        }
    };
    Ok(Some(r))
}

fn side_text(r: GameResult) -> String {
    let ps = PointSystem::default();
    match r {
        GameResult::ForfeitWin => "+".into(),
        GameResult::ForfeitLoss => "-".into(),
        other => super::rounds::fmt_points(engine::game_points(other, &ps) as i32),
    }
}

/// A board result as written: `1-0`, `½-½`, `0-1`, `+/-`, `-/+`, `-/-`,
/// `0-½`, `0-0`, …
pub fn board_result_text(r: &BoardResult) -> String {
    let (h, a) = (side_text(r.home), side_text(r.away));
    if !r.home.played() || !r.away.played() {
        format!("{h}/{a}")
    } else {
        format!("{h}-{a}")
    }
}

fn colour(white: bool) -> Color {
    if white {
        Color::White
    } else {
        Color::Black
    }
}

/// Builds the engine's model from the rows: the first `upto` rounds.
pub fn load(conn: &mut DbConnection, tid: i32, upto: Option<i32>) -> DomainResult<Loaded> {
    let (settings, _) = settings_of(conn, tid)?;
    let tiebreaks = settings.validate()?;
    let name: String = tournaments::table
        .find(tid)
        .select(tournaments::name)
        .first(conn)?;
    let mut t = TeamTournament {
        name,
        system: settings.engine_system(),
        settings: settings.engine_settings(),
        points: PointSystem::default(),
        initial_colour: match settings.initial_colour {
            InitialColour::White => Color::White,
            InitialColour::Black => Color::Black,
        },
        ..TeamTournament::default()
    };
    let mut ids = HashMap::new();
    let mut places = vec![];
    for r in team_rows(conn, tid)? {
        let mut roster = vec![];
        for m in member_rows(conn, r.0)? {
            let id = t.players.len() as u32 + 1;
            t.players.push(Player {
                id,
                name: m.name,
                rating: m.rating.map(|x| x as u32),
                title: Some(m.title).filter(|s| !s.is_empty()),
                federation: Some(m.federation).filter(|s| !s.is_empty()),
                fide_id: m.fide_id.map(|x| x as u64),
                ..Player::default()
            });
            ids.insert((r.1, m.place), id);
            places.push((r.1, m.place));
            roster.push(id);
        }
        t.teams.push(Team {
            id: r.1 as u32,
            name: r.2,
            rating: r.4.map(|x| x as u32),
            federation: Some(r.3).filter(|s| !s.is_empty()),
            captain: Some(r.5).filter(|s| !s.is_empty()),
            roster,
            withdrawn: r.7,
        });
    }
    t.total_rounds = total_rounds(&settings, t.teams.len());
    let round_rows: Vec<(i32, Option<i32>)> = team_rounds::table
        .filter(team_rounds::tournament_id.eq(tid))
        .order(team_rounds::number)
        .select((team_rounds::number, team_rounds::bye_team))
        .load(conn)?;
    let matches = match_rows(conn, tid, None)?;
    for (number, bye) in round_rows {
        if upto.is_some_and(|u| number > u) {
            break;
        }
        let mut round = TeamRound {
            matches: vec![],
            bye: bye.map(|b| b as u32),
            half_byes: Vec::new(),
        };
        for m in matches.iter().filter(|m| m.round == number) {
            round.matches.push(engine_match(conn, m, &ids)?);
        }
        t.rounds.push(round);
    }
    Ok(Loaded {
        t,
        tiebreaks,
        ids,
        places,
    })
}

fn engine_match(
    conn: &mut DbConnection,
    m: &MatchRow,
    ids: &HashMap<(i32, i32), u32>,
) -> DomainResult<Match> {
    let both_in = m.home_in && m.away_in;
    let mut boards = vec![];
    for b in board_rows(conn, m.id)? {
        let mut board = Board {
            home: b.home.and_then(|p| ids.get(&(m.home, p)).copied()),
            away: b.away.and_then(|p| ids.get(&(m.away, p)).copied()),
            home_colour: colour(b.home_white),
            result: None,
        };
        if both_in {
            board.result = match board.implied_forfeit() {
                Some(f) => Some(f),
                None => match b.result.as_deref() {
                    Some(text) => parse_board_result(text).map_err(|e| {
                        DomainError::conflict(format!("a stored board result is unreadable: {e}"))
                    })?,
                    None => None,
                },
            };
        }
        boards.push(board);
    }
    Ok(Match {
        home: m.home as u32,
        away: m.away as u32,
        boards,
    })
}

// ------------------------------------------------------------------ rounds

#[derive(Clone, Debug, PartialEq, Serialize, ToSchema)]
pub struct TeamRef {
    pub number: i32,
    pub name: String,
}

#[derive(Clone, Debug, PartialEq, Serialize, ToSchema)]
pub struct BoardPlayer {
    /// Place on the team's roster.
    pub place: i32,
    pub name: String,
    pub title: String,
    pub rating: Option<i32>,
}

#[derive(Clone, Debug, PartialEq, Serialize, ToSchema)]
pub struct BoardView {
    pub board: i32,
    /// The first-named team's player (null: empty board, or line-up not shown yet).
    pub home: Option<BoardPlayer>,
    pub away: Option<BoardPlayer>,
    /// The first-named team's player has White.
    pub home_white: bool,
    /// As written (`1-0`, `½-½`, `+/-`, `0-½`, …); null while pending. An
    /// empty board is a forfeit as soon as both line-ups are in.
    pub result: Option<String>,
    /// Game points of each side in half-points (null while pending).
    pub home_points: Option<i32>,
    pub away_points: Option<i32>,
}

#[derive(Clone, Debug, PartialEq, Serialize, ToSchema)]
pub struct MatchView {
    /// The match's number in the round (its table).
    pub number: i32,
    pub home: TeamRef,
    pub away: TeamRef,
    pub home_lineup_in: bool,
    pub away_lineup_in: bool,
    pub boards: Vec<BoardView>,
    /// Game points so far, half-points.
    pub home_game_points: i32,
    pub away_game_points: i32,
    /// Match points once every board has a result.
    pub home_match_points: Option<i32>,
    pub away_match_points: Option<i32>,
    pub finished: bool,
    pub version: i32,
}

#[derive(Clone, Debug, PartialEq, Serialize, ToSchema)]
pub struct TeamRoundView {
    pub number: i32,
    /// `paired` (staff only), `published` or `finished`.
    pub state: RoundState,
    /// Until when captains may submit line-ups (UTC, RFC 3339), if set.
    pub lineup_deadline: Option<String>,
    pub matches: Vec<MatchView>,
    /// The team with the pairing-allocated bye (a round robin's free round).
    pub bye: Option<TeamRef>,
}

type RoundRow = (i32, RoundState, Option<String>, Option<i32>);

fn round_row(conn: &mut DbConnection, tid: i32, n: i32) -> DomainResult<RoundRow> {
    team_rounds::table
        .filter(team_rounds::tournament_id.eq(tid))
        .filter(team_rounds::number.eq(n))
        .select((
            team_rounds::id,
            team_rounds::state,
            team_rounds::lineup_deadline,
            team_rounds::bye_team,
        ))
        .first(conn)
        .optional()?
        .ok_or_else(|| DomainError::NotFound(format!("round {n} of tournament {tid}")))
}

/// The last round `audience` sees (0 when none): the one visibility rule of
/// `domain::audience`, applied to team rounds.
pub fn visible_rounds(conn: &mut DbConnection, tid: i32, audience: Audience) -> DomainResult<i32> {
    let last: Option<(i32, RoundState)> = team_rounds::table
        .filter(team_rounds::tournament_id.eq(tid))
        .order(team_rounds::number.desc())
        .select((team_rounds::number, team_rounds::state))
        .first(conn)
        .optional()?;
    Ok(match last {
        None => 0,
        Some((n, s)) if audience.sees_round_state(s) => n,
        Some((n, _)) => n - 1,
    })
}

/// Round `n` as `audience` sees it (an unpublished round is `NotFound` for
/// the public).
pub fn round(
    conn: &mut DbConnection,
    tid: i32,
    n: i32,
    audience: Audience,
) -> DomainResult<TeamRoundView> {
    settings_of(conn, tid)?;
    let (_, state, deadline, bye) = round_row(conn, tid, n)?;
    if !audience.sees_round_state(state) {
        return Err(DomainError::NotFound(format!(
            "round {n} of tournament {tid}"
        )));
    }
    let loaded = load(conn, tid, Some(n))?;
    let t = &loaded.t;
    let team_ref = |number: i32| TeamRef {
        number,
        name: t
            .team(number as u32)
            .map(|x| x.name.clone())
            .unwrap_or_default(),
    };
    let player = |id: Option<u32>| -> Option<BoardPlayer> {
        let p = t.player(id?)?;
        let (_, place) = loaded.places[p.id as usize - 1];
        Some(BoardPlayer {
            place,
            name: p.name.clone(),
            title: p.title.clone().unwrap_or_default(),
            rating: p.rating.map(|r| r as i32),
        })
    };
    let rows = match_rows(conn, tid, Some(n))?;
    let engine_round = &t.rounds[n as usize - 1];
    let mut matches = vec![];
    for (row, m) in rows.iter().zip(&engine_round.matches) {
        // Line-ups are shown to the public once both are in.
        let show = audience.is_staff() || (row.home_in && row.away_in);
        let (hg, ag) = m.game_points(&t.points);
        let mp = m.match_points(&t.points, &t.settings);
        matches.push(MatchView {
            number: row.number,
            home: team_ref(row.home),
            away: team_ref(row.away),
            home_lineup_in: row.home_in,
            away_lineup_in: row.away_in,
            boards: m
                .boards
                .iter()
                .enumerate()
                .map(|(k, b)| BoardView {
                    board: k as i32 + 1,
                    home: if show { player(b.home) } else { None },
                    away: if show { player(b.away) } else { None },
                    home_white: b.home_colour == Color::White,
                    result: b.result.as_ref().map(board_result_text),
                    home_points: b
                        .result
                        .map(|r| engine::game_points(r.home, &t.points) as i32),
                    away_points: b
                        .result
                        .map(|r| engine::game_points(r.away, &t.points) as i32),
                })
                .collect(),
            home_game_points: hg,
            away_game_points: ag,
            home_match_points: mp.map(|x| x.0),
            away_match_points: mp.map(|x| x.1),
            finished: m.finished(),
            version: row.version,
        });
    }
    Ok(TeamRoundView {
        number: n,
        state,
        lineup_deadline: deadline,
        matches,
        bye: bye.map(team_ref),
    })
}

/// The rounds this audience sees.
pub fn rounds(
    conn: &mut DbConnection,
    tid: i32,
    audience: Audience,
) -> DomainResult<Vec<TeamRoundView>> {
    let last = visible_rounds(conn, tid, audience)?;
    (1..=last).map(|n| round(conn, tid, n, audience)).collect()
}

/// A deadline as given (RFC 3339), kept in UTC as `domain::now` writes times.
fn parse_deadline(field: &str, text: Option<&str>) -> DomainResult<Option<String>> {
    match text.map(str::trim) {
        None | Some("") => Ok(None),
        Some(s) => chrono::DateTime::parse_from_rfc3339(s)
            .map(|d| {
                Some(
                    d.with_timezone(&chrono::Utc)
                        .to_rfc3339_opts(chrono::SecondsFormat::Millis, true),
                )
            })
            .map_err(|_| {
                DomainError::invalid(
                    field,
                    format!(
                        "'{s}' is not a time; write it as 2026-03-01T09:00:00Z or with an offset"
                    ),
                )
            }),
    }
}

/// Pairing the next round.
#[derive(Clone, Debug, Default, Serialize, Deserialize, ToSchema)]
#[serde(default, deny_unknown_fields)]
pub struct PairTeamRound {
    /// Until when captains may submit line-ups (RFC 3339).
    pub lineup_deadline: Option<String>,
}

fn set_status(conn: &mut DbConnection, tid: i32, status: TournamentStatus) -> DomainResult<()> {
    diesel::update(tournaments::table.find(tid))
        .set(tournaments::status.eq(status))
        .execute(conn)?;
    Ok(())
}

/// Pairs the next round with the engine (`pairing::team::pair_next_round`):
/// the previous round must be published and finished.
pub fn pair_next(
    conn: &mut DbConnection,
    actor: &Actor,
    tid: i32,
    cmd: PairTeamRound,
) -> DomainResult<TeamRoundView> {
    require_role(conn, actor, tid, &[Role::Arbiter])?;
    let deadline = parse_deadline("lineup_deadline", cmd.lineup_deadline.as_deref())?;
    let loaded = load(conn, tid, None)?;
    let t = &loaded.t;
    let last = t.rounds.len() as i32;
    if t.teams.len() < 2 {
        return Err(DomainError::conflict(
            "a team event needs at least two teams",
        ));
    }
    if last > 0 {
        let (_, state, _, _) = round_row(conn, tid, last)?;
        if state == RoundState::Paired {
            return Err(DomainError::conflict(format!(
                "round {last} is not published yet"
            )));
        }
        let open: Vec<String> = t.rounds[last as usize - 1]
            .matches
            .iter()
            .enumerate()
            .filter(|(_, m)| !m.finished())
            .map(|(i, _)| (i + 1).to_string())
            .collect();
        if !open.is_empty() {
            return Err(DomainError::conflict(format!(
                "round {last} is not finished: matches {} have boards without a result",
                open.join(", ")
            )));
        }
    }
    if t.total_rounds > 0 && last as u32 >= t.total_rounds {
        return Err(DomainError::conflict(format!(
            "all {} rounds are already paired",
            t.total_rounds
        )));
    }
    let round = engine::pair_next_round(t).map_err(|e| DomainError::Pairing(e.to_string()))?;
    let n = last + 1;
    let ts = now();
    diesel::insert_into(team_rounds::table)
        .values((
            team_rounds::tournament_id.eq(tid),
            team_rounds::number.eq(n),
            team_rounds::state.eq(RoundState::Paired),
            team_rounds::lineup_deadline.eq(&deadline),
            team_rounds::bye_team.eq(round.bye.map(|b| b as i32)),
            team_rounds::paired_at.eq(&ts),
        ))
        .execute(conn)?;
    for (i, m) in round.matches.iter().enumerate() {
        // Scheveningen fills the boards from the rosters: the line-ups are in.
        let filled = m
            .boards
            .iter()
            .any(|b| b.home.is_some() || b.away.is_some());
        insert_match(
            conn,
            tid,
            n,
            i as i32 + 1,
            m,
            &loaded,
            filled.then_some(&ts),
        )?;
    }
    if n == 1 {
        set_status(conn, tid, TournamentStatus::Running)?;
    }
    let v = self::round(conn, tid, n, Audience::Staff)?;
    audit::record(
        conn,
        actor,
        Entry {
            tournament_id: Some(tid),
            action: "team.round.pair",
            entity: "team_round",
            entity_id: Some(n as i64),
        },
        None::<&()>,
        Some(&v),
    )?;
    Ok(v)
}

fn insert_match(
    conn: &mut DbConnection,
    tid: i32,
    round: i32,
    number: i32,
    m: &Match,
    loaded: &Loaded,
    lineups_at: Option<&String>,
) -> DomainResult<()> {
    let id: i32 = diesel::insert_into(team_matches::table)
        .values((
            team_matches::tournament_id.eq(tid),
            team_matches::round_number.eq(round),
            team_matches::number.eq(number),
            team_matches::home_team.eq(m.home as i32),
            team_matches::away_team.eq(m.away as i32),
            team_matches::home_lineup_at.eq(lineups_at),
            team_matches::away_lineup_at.eq(lineups_at),
            team_matches::version.eq(1),
        ))
        .returning(team_matches::id)
        .get_result(conn)?;
    let place = |p: Option<u32>| p.map(|p| loaded.places[p as usize - 1].1);
    for (k, b) in m.boards.iter().enumerate() {
        // Only results over the board are stored; an empty side's forfeit
        // follows from the line-ups.
        let stored = match (b.home, b.away, b.result) {
            (Some(_), Some(_), Some(r)) => Some(board_result_text(&r)),
            _ => None,
        };
        diesel::insert_into(team_boards::table)
            .values((
                team_boards::match_id.eq(id),
                team_boards::board.eq(k as i32 + 1),
                team_boards::home_place.eq(place(b.home)),
                team_boards::away_place.eq(place(b.away)),
                team_boards::home_white.eq(b.home_colour == Color::White),
                team_boards::result.eq(stored),
            ))
            .execute(conn)?;
    }
    Ok(())
}

/// Publishes a paired round: the public sees it, captains may submit
/// line-ups, results can be entered.
pub fn publish(
    conn: &mut DbConnection,
    actor: &Actor,
    tid: i32,
    n: i32,
) -> DomainResult<TeamRoundView> {
    require_role(conn, actor, tid, &[Role::Arbiter])?;
    let (id, state, _, _) = round_row(conn, tid, n)?;
    if state != RoundState::Paired {
        return Err(DomainError::conflict(format!(
            "round {n} is already published"
        )));
    }
    diesel::update(team_rounds::table.find(id))
        .set((
            team_rounds::state.eq(RoundState::Published),
            team_rounds::published_at.eq(Some(now())),
        ))
        .execute(conn)?;
    refresh_round(conn, tid, n)?;
    let v = round(conn, tid, n, Audience::Staff)?;
    audit::record(
        conn,
        actor,
        Entry {
            tournament_id: Some(tid),
            action: "team.round.publish",
            entity: "team_round",
            entity_id: Some(n as i64),
        },
        None::<&()>,
        Some(&serde_json::json!({"round": n, "state": v.state})),
    )?;
    Ok(v)
}

/// Moves a published round between `published` and `finished` as its results
/// come and go, and the event to `finished` after its last round.
fn refresh_round(conn: &mut DbConnection, tid: i32, n: i32) -> DomainResult<()> {
    let (id, state, _, _) = round_row(conn, tid, n)?;
    if state == RoundState::Paired {
        return Ok(());
    }
    let loaded = load(conn, tid, Some(n))?;
    let done = loaded.t.rounds[n as usize - 1]
        .matches
        .iter()
        .all(Match::finished);
    let new = if done {
        RoundState::Finished
    } else {
        RoundState::Published
    };
    if new != state {
        diesel::update(team_rounds::table.find(id))
            .set(team_rounds::state.eq(new))
            .execute(conn)?;
    }
    let total = loaded.t.total_rounds as i32;
    set_status(
        conn,
        tid,
        if done && n == total {
            TournamentStatus::Finished
        } else {
            TournamentStatus::Running
        },
    )
}

/// Sets or clears the line-up deadline of a round.
#[derive(Clone, Debug, Default, Serialize, Deserialize, ToSchema)]
#[serde(default, deny_unknown_fields)]
pub struct SetDeadline {
    /// RFC 3339; null clears it.
    pub deadline: Option<String>,
}

pub fn set_deadline(
    conn: &mut DbConnection,
    actor: &Actor,
    tid: i32,
    n: i32,
    cmd: SetDeadline,
) -> DomainResult<TeamRoundView> {
    require_role(conn, actor, tid, &[Role::Organizer, Role::Arbiter])?;
    let deadline = parse_deadline("deadline", cmd.deadline.as_deref())?;
    let (id, _, before, _) = round_row(conn, tid, n)?;
    diesel::update(team_rounds::table.find(id))
        .set(team_rounds::lineup_deadline.eq(&deadline))
        .execute(conn)?;
    let v = round(conn, tid, n, Audience::Staff)?;
    audit::record(
        conn,
        actor,
        Entry {
            tournament_id: Some(tid),
            action: "team.round.deadline",
            entity: "team_round",
            entity_id: Some(n as i64),
        },
        Some(&before),
        Some(&deadline),
    )?;
    Ok(v)
}

// ---------------------------------------------------------------- line-ups

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
    tid: i32,
    n: i32,
    team: i32,
) -> DomainResult<Submitter> {
    match require_role(conn, actor, tid, &[Role::Arbiter]) {
        Ok(()) => return Ok(Submitter::Arbiter),
        Err(DomainError::Forbidden(_)) => {}
        Err(e) => return Err(e),
    }
    let uid = actor.user_id.ok_or(DomainError::Unauthenticated)?;
    let captain: Option<Option<i32>> = teams::table
        .filter(teams::tournament_id.eq(tid))
        .filter(teams::number.eq(team))
        .select(teams::captain_user_id)
        .first(conn)
        .optional()?;
    if captain.flatten() != Some(uid) {
        return Err(DomainError::Forbidden(format!(
            "only team {team}'s captain or an arbiter may submit its line-up"
        )));
    }
    let (_, state, deadline, _) = round_row(conn, tid, n)?;
    if !state.is_public() {
        // The round does not exist for him yet (`Audience`).
        return Err(DomainError::NotFound(format!(
            "round {n} of tournament {tid}"
        )));
    }
    if let Some(d) = deadline {
        if now() >= d {
            return Err(DomainError::Forbidden(format!(
                "the line-up deadline of round {n} ({d}) has passed; the arbiter may still enter it"
            )));
        }
    }
    Ok(Submitter::Captain)
}

/// Sets a team's line-up for round `n`.
pub fn set_lineup(
    conn: &mut DbConnection,
    actor: &Actor,
    tid: i32,
    n: i32,
    team: i32,
    input: LineupInput,
) -> DomainResult<TeamRoundView> {
    let who = lineup_rights(conn, actor, tid, n, team)?;
    round_row(conn, tid, n)?;
    let loaded = load(conn, tid, Some(n))?;
    let rows = match_rows(conn, tid, Some(n))?;
    let Some(row) = rows.iter().find(|m| m.home == team || m.away == team) else {
        return Err(DomainError::conflict(format!(
            "team {team} has no match in round {n}"
        )));
    };
    let boards = board_rows(conn, row.id)?;
    if boards.iter().any(|b| b.result.is_some()) {
        return Err(DomainError::conflict(format!(
            "match {} of round {n} has results; the line-ups can no longer change",
            row.number
        )));
    }
    let mut engine_ids = vec![];
    for (i, p) in input.players.iter().enumerate() {
        engine_ids.push(match p {
            None => None,
            Some(place) => Some(*loaded.ids.get(&(team, *place)).ok_or_else(|| {
                DomainError::invalid(
                    &format!("players[{i}]"),
                    format!("team {team} has no player at roster place {place}"),
                )
            })?),
        });
    }
    engine::check_lineup(&loaded.t, team as u32, &engine_ids)
        .map_err(|e| DomainError::invalid("players", e.to_string()))?;
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
    audit::record(
        conn,
        actor,
        Entry {
            tournament_id: Some(tid),
            action: match who {
                Submitter::Captain => "team.lineup.captain",
                Submitter::Arbiter => "team.lineup.arbiter",
            },
            entity: "team_match",
            entity_id: Some(row.id as i64),
        },
        before.as_ref(),
        Some(&serde_json::json!({"team": team, "players": input.players, "match": after})),
    )?;
    // The captain sees the round as the public does.
    if who == Submitter::Captain {
        return round(conn, tid, n, Audience::Public);
    }
    Ok(v)
}

// ----------------------------------------------------------------- results

#[derive(Clone, Debug, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct BoardResultInput {
    /// The match's number in the round.
    #[serde(rename = "match")]
    pub match_number: i32,
    pub board: i32,
    /// As written: `1-0`, `½-½`, `0-1`, `+/-`, `-/+`, `-/-`, `0-½`, `½-0`,
    /// `0-0`; `*` or empty clears it.
    pub result: String,
}

/// Board results of one round, entered together (one transaction).
#[derive(Clone, Debug, Default, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct TeamResults {
    pub results: Vec<BoardResultInput>,
}

pub fn set_results(
    conn: &mut DbConnection,
    actor: &Actor,
    tid: i32,
    n: i32,
    cmd: TeamResults,
) -> DomainResult<TeamRoundView> {
    require_role(conn, actor, tid, &[Role::Arbiter])?;
    let (_, state, _, _) = round_row(conn, tid, n)?;
    if state == RoundState::Paired {
        return Err(DomainError::conflict(format!(
            "round {n} is not published yet"
        )));
    }
    let rows = match_rows(conn, tid, Some(n))?;
    let before = round(conn, tid, n, Audience::Staff)?;
    for (i, r) in cmd.results.iter().enumerate() {
        let Some(m) = rows.iter().find(|m| m.number == r.match_number) else {
            return Err(DomainError::invalid(
                &format!("results[{i}].match"),
                format!("round {n} has no match {}", r.match_number),
            ));
        };
        let boards = board_rows(conn, m.id)?;
        let Some(b) = boards.iter().find(|b| b.board == r.board) else {
            return Err(DomainError::invalid(
                &format!("results[{i}].board"),
                format!("match {} has no board {}", m.number, r.board),
            ));
        };
        if !(m.home_in && m.away_in) {
            return Err(DomainError::conflict(format!(
                "match {}: both line-ups must be in before results",
                m.number
            )));
        }
        if b.home.is_none() || b.away.is_none() {
            return Err(DomainError::conflict(format!(
                "match {} board {}: an empty board is a forfeit by the line-up",
                m.number, b.board
            )));
        }
        let parsed = parse_board_result(&r.result)
            .map_err(|e| DomainError::invalid(&format!("results[{i}].result"), e))?;
        diesel::update(
            team_boards::table
                .filter(team_boards::match_id.eq(m.id))
                .filter(team_boards::board.eq(b.board)),
        )
        .set(team_boards::result.eq(parsed.as_ref().map(board_result_text)))
        .execute(conn)?;
        diesel::update(team_matches::table.find(m.id))
            .set(team_matches::version.eq(team_matches::version + 1))
            .execute(conn)?;
    }
    refresh_round(conn, tid, n)?;
    let v = round(conn, tid, n, Audience::Staff)?;
    audit::record(
        conn,
        actor,
        Entry {
            tournament_id: Some(tid),
            action: "team.results",
            entity: "team_round",
            entity_id: Some(n as i64),
        },
        Some(&before),
        Some(&serde_json::json!({"entered": cmd.results, "round": v})),
    )?;
    Ok(v)
}

// --------------------------------------------------------------- standings

#[derive(Clone, Debug, PartialEq, Serialize, ToSchema)]
pub struct TieBreakCell {
    pub code: String,
    /// As the engine writes it (`4`, `26.5`); null when not defined.
    pub value: Option<String>,
}

#[derive(Clone, Debug, PartialEq, Serialize, ToSchema)]
pub struct TeamStandingView {
    /// Ties share the best rank.
    pub rank: u32,
    pub team: TeamRef,
    pub match_points: i32,
    /// Half-points.
    pub game_points: i32,
    pub wins: u32,
    pub draws: u32,
    pub losses: u32,
    pub tiebreaks: Vec<TieBreakCell>,
}

#[derive(Clone, Debug, PartialEq, Serialize, ToSchema)]
pub struct TeamStandings {
    /// After this many rounds (those the reader sees).
    pub after_round: i32,
    pub primary: TeamPrimaryScore,
    pub tiebreaks: Vec<String>,
    pub rows: Vec<TeamStandingView>,
}

/// The team standings after the rounds this audience sees
/// (`pairing::team::tiebreak::team_standings`, C.07).
pub fn standings(
    conn: &mut DbConnection,
    tid: i32,
    audience: Audience,
) -> DomainResult<TeamStandings> {
    let last = visible_rounds(conn, tid, audience)?;
    let loaded = load(conn, tid, Some(last))?;
    let t = &loaded.t;
    let scores = t.scores();
    let codes: Vec<String> = loaded.tiebreaks.iter().map(|x| x.to_string()).collect();
    let rows = team_standings(t, &loaded.tiebreaks)
        .into_iter()
        .map(|r| {
            let s = scores[r.team as usize - 1];
            TeamStandingView {
                rank: r.rank,
                team: TeamRef {
                    number: r.team as i32,
                    name: t.team(r.team).map(|x| x.name.clone()).unwrap_or_default(),
                },
                match_points: r.match_points,
                game_points: r.game_points,
                wins: s.wins,
                draws: s.draws,
                losses: s.losses,
                tiebreaks: codes
                    .iter()
                    .zip(&r.values)
                    .map(|(code, v)| TieBreakCell {
                        code: code.clone(),
                        value: v.map(|v| v.to_string()),
                    })
                    .collect(),
            }
        })
        .collect();
    Ok(TeamStandings {
        after_round: last,
        primary: settings_of(conn, tid)?.0.primary,
        tiebreaks: codes,
        rows,
    })
}

#[derive(Clone, Debug, PartialEq, Serialize, ToSchema)]
pub struct BoardStatView {
    pub board: u32,
    pub team: TeamRef,
    pub player: BoardPlayer,
    /// Rounds lined up on this board (games and forfeits).
    pub games: u32,
    /// Games played over the board.
    pub played: u32,
    /// Half-points, forfeits included.
    pub points: i32,
    /// Half-points in the games played.
    pub points_played: i32,
    /// C.07 art. 10.2, over the games played against rated opponents.
    pub performance: Option<i32>,
}

/// Board statistics for board prizes: per board number the players by points
/// (`pairing::team::tiebreak::board_ranking`).
pub fn board_stats(
    conn: &mut DbConnection,
    tid: i32,
    audience: Audience,
) -> DomainResult<Vec<BoardStatView>> {
    let last = visible_rounds(conn, tid, audience)?;
    let loaded = load(conn, tid, Some(last))?;
    let t = &loaded.t;
    let mut out = vec![];
    for board in 1..=t.settings.boards {
        for s in board_ranking(t, board, 0) {
            let p = t.player(s.player);
            out.push(BoardStatView {
                board,
                team: TeamRef {
                    number: s.team as i32,
                    name: t.team(s.team).map(|x| x.name.clone()).unwrap_or_default(),
                },
                player: BoardPlayer {
                    place: loaded.places[s.player as usize - 1].1,
                    name: p.map(|p| p.name.clone()).unwrap_or_default(),
                    title: p.and_then(|p| p.title.clone()).unwrap_or_default(),
                    rating: p.and_then(|p| p.rating).map(|r| r as i32),
                },
                games: s.games,
                played: s.played,
                points: s.points,
                points_played: s.points_played,
                performance: s.performance,
            });
        }
    }
    Ok(out)
}

// --------------------------------------------------------------------- TRF

/// The event as a team TRF (`pairing::team::trf::write`): the rounds this
/// audience sees.
pub fn export_trf(conn: &mut DbConnection, tid: i32, audience: Audience) -> DomainResult<String> {
    let last = visible_rounds(conn, tid, audience)?;
    let loaded = load(conn, tid, Some(last))?;
    Ok(engine::trf::write(&loaded.t))
}

#[derive(Clone, Debug, Serialize, ToSchema)]
pub struct ImportedTeamEvent {
    pub event: TeamEventView,
    pub rounds: i32,
}

/// Reads a team TRF into an empty tournament: regulations, teams, rosters
/// and every round with its line-ups and results (published).
pub fn import_trf(
    conn: &mut DbConnection,
    actor: &Actor,
    tid: i32,
    text: &str,
) -> DomainResult<ImportedTeamEvent> {
    require_role(conn, actor, tid, &[Role::Organizer])?;
    let src = engine::trf::parse(text).map_err(|e| DomainError::invalid("trf", e.to_string()))?;
    if read_settings(conn, tid)?.is_some() {
        return Err(DomainError::conflict(
            "this tournament is already a team event; import into a new tournament",
        ));
    }
    let individual: i64 = individual_rounds::table
        .filter(individual_rounds::tournament_id.eq(tid))
        .count()
        .get_result(conn)?;
    let players: i64 = crate::db::schema::players::table
        .filter(crate::db::schema::players::tournament_id.eq(tid))
        .count()
        .get_result(conn)?;
    if individual > 0 || players > 0 {
        return Err(DomainError::conflict(
            "this tournament has individual players or rounds; import into a new tournament",
        ));
    }
    let settings = TeamEventSettings::from_engine(&src);
    settings.validate()?;
    write_settings(conn, tid, &settings, 1)?;
    let mut places = vec![(0, 0); src.players.len()];
    for (i, team) in src.teams.iter().enumerate() {
        if team.id != i as u32 + 1 {
            return Err(DomainError::invalid(
                "trf",
                "teams must be numbered 1, 2, …",
            ));
        }
        let id: i32 = diesel::insert_into(teams::table)
            .values((
                teams::tournament_id.eq(tid),
                teams::number.eq(team.id as i32),
                teams::name.eq(&team.name),
                teams::federation.eq(team.federation.clone().unwrap_or_default()),
                teams::rating.eq(team.rating.map(|r| r as i32)),
                teams::captain_name.eq(team.captain.clone().unwrap_or_default()),
                teams::captain_user_id.eq(None::<i32>),
                teams::withdrawn.eq(team.withdrawn),
                teams::version.eq(1),
            ))
            .returning(teams::id)
            .get_result(conn)?;
        let mut roster = vec![];
        for (k, &pid) in team.roster.iter().enumerate() {
            let p = src.player(pid).ok_or_else(|| {
                DomainError::invalid(
                    "trf",
                    format!(
                        "team {} names player {pid}, who is not in the file",
                        team.id
                    ),
                )
            })?;
            places[pid as usize - 1] = (team.id as i32, k as i32 + 1);
            roster.push(MemberInput {
                name: p.name.clone(),
                title: p.title.clone().unwrap_or_default(),
                federation: p.federation.clone().unwrap_or_default(),
                rating: p.rating,
                fide_id: p.fide_id.map(|x| x as i64),
            });
        }
        insert_members(conn, id, &roster)?;
    }
    let loaded = load(conn, tid, Some(0))?;
    let ts = now();
    for (r, round) in src.rounds.iter().enumerate() {
        let n = r as i32 + 1;
        let finished = round.matches.iter().all(Match::finished);
        diesel::insert_into(team_rounds::table)
            .values((
                team_rounds::tournament_id.eq(tid),
                team_rounds::number.eq(n),
                team_rounds::state.eq(if finished {
                    RoundState::Finished
                } else {
                    RoundState::Published
                }),
                team_rounds::lineup_deadline.eq(None::<String>),
                team_rounds::bye_team.eq(round.bye.map(|b| b as i32)),
                team_rounds::paired_at.eq(&ts),
                team_rounds::published_at.eq(Some(&ts)),
            ))
            .execute(conn)?;
        for (i, m) in round.matches.iter().enumerate() {
            let lineups_in = m
                .boards
                .iter()
                .any(|b| b.home.is_some() || b.away.is_some() || b.result.is_some());
            insert_match(
                conn,
                tid,
                n,
                i as i32 + 1,
                m,
                &loaded,
                lineups_in.then_some(&ts),
            )?;
        }
    }
    let rounds = src.rounds.len() as i32;
    if rounds > 0 {
        refresh_round(conn, tid, rounds)?;
    }
    let v = ImportedTeamEvent {
        event: event(conn, tid, Audience::Staff)?,
        rounds,
    };
    audit::record(
        conn,
        actor,
        Entry {
            tournament_id: Some(tid),
            action: "team.import_trf",
            entity: "team_event",
            entity_id: Some(tid as i64),
        },
        None::<&()>,
        Some(&v),
    )?;
    Ok(v)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn board_results_read_and_write_back() {
        for text in [
            "1-0", "½-½", "0-1", "+/-", "-/+", "-/-", "0-½", "½-0", "0-0",
        ] {
            let r = parse_board_result(text).unwrap().unwrap();
            assert_eq!(board_result_text(&r), text);
        }
        assert_eq!(parse_board_result("*").unwrap(), None);
        assert_eq!(
            parse_board_result("0-½").unwrap().unwrap(),
            BoardResult {
                home: GameResult::Adjusted(0),
                away: GameResult::Adjusted(1)
            }
        );
        assert!(parse_board_result("2-0").is_err());
    }

    #[test]
    fn round_robins_count_their_rounds() {
        let mut s = TeamEventSettings {
            system: TeamSystemKind::DoubleRoundRobin,
            ..TeamEventSettings::default()
        };
        assert_eq!(total_rounds(&s, 6), 10);
        assert_eq!(total_rounds(&s, 5), 10);
        s.system = TeamSystemKind::RoundRobin;
        assert_eq!(total_rounds(&s, 5), 5);
        s.system = TeamSystemKind::Scheveningen;
        s.boards = 5;
        assert_eq!(total_rounds(&s, 2), 5);
    }
}
