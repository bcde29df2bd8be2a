//! The team event's regulations: system, boards, match points, colours, tie-breaks.

use super::*;
use crate::domain::ids::{RoundNo, TournamentId};
use crate::domain::msg::word;

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
    #[schema(minimum = 0, maximum = 100)]
    pub match_win: i32,
    #[schema(minimum = 0, maximum = 100)]
    pub match_draw: i32,
    #[schema(minimum = 0, maximum = 100)]
    pub match_loss: i32,
    /// Match points of the pairing-allocated bye (default: a drawn match,
    /// C.04.6 art. 1.4).
    #[schema(minimum = 0, maximum = 100)]
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
    pub(super) fn validate(&self) -> DomainResult<Vec<TeamTieBreak>> {
        if !(1..=32).contains(&self.boards) {
            return Err(DomainError::invalid(
                "boards",
                msg!("a match has between 1 and 32 boards"),
            ));
        }
        if self.rounds > 99 {
            return Err(DomainError::invalid("rounds", msg!("at most 99 rounds")));
        }
        if self.system == TeamSystemKind::Swiss && self.rounds == 0 {
            return Err(DomainError::invalid(
                "rounds",
                msg!("a Swiss needs its number of rounds"),
            ));
        }
        for (field, v) in [
            ("match_win", self.match_win),
            ("match_draw", self.match_draw),
            ("match_loss", self.match_loss),
            ("bye_match_points", self.bye_match_points),
        ] {
            if !(0..=100).contains(&v) {
                return Err(DomainError::invalid(
                    field,
                    msg!("match points are between 0 and 100"),
                ));
            }
        }
        if !(self.match_win > self.match_draw && self.match_draw >= self.match_loss) {
            return Err(DomainError::invalid(
                "match_draw",
                msg!("match points must be win > draw ≥ loss"),
            ));
        }
        if let Some(g) = self.bye_game_points {
            if g < 0 || g > 2 * self.boards as i32 {
                return Err(DomainError::invalid(
                    "bye_game_points",
                    msg!("between 0 and every board won (half-points)"),
                ));
            }
        }
        self.tiebreaks
            .iter()
            .enumerate()
            .map(|(i, code)| {
                code.parse::<TeamTieBreak>().map_err(|e| {
                    DomainError::invalid(&format!("tiebreaks[{i}]"), msg!("'{}': {}", code, e))
                })
            })
            .collect()
    }

    pub(super) fn engine_system(&self) -> TeamSystem {
        match self.system {
            TeamSystemKind::Swiss => TeamSystem::Swiss,
            TeamSystemKind::RoundRobin => TeamSystem::RoundRobin { double: false },
            TeamSystemKind::DoubleRoundRobin => TeamSystem::RoundRobin { double: true },
            TeamSystemKind::Scheveningen => TeamSystem::Scheveningen,
        }
    }

    pub(super) fn engine_settings(&self) -> TeamSettings {
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
    pub(super) fn from_engine(t: &TeamTournament) -> TeamEventSettings {
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
            // The file's `202`/`212` list; a file without one (another
            // program's, or an older export) keeps the defaults.
            tiebreaks: if t.tie_breaks.is_empty() {
                TeamEventSettings::default().tiebreaks
            } else {
                t.tie_breaks.iter().map(|tb| tb.to_string()).collect()
            },
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

pub(super) fn read_settings(
    conn: &mut DbConnection,
    tid: TournamentId,
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

/// The team system of a team event (`None`: an individual tournament).
pub fn team_system(
    conn: &mut DbConnection,
    tid: TournamentId,
) -> DomainResult<Option<TeamSystemKind>> {
    Ok(read_settings(conn, tid)?.map(|(s, _)| s.system))
}

/// Whether the tournament is a team event.
pub fn is_team_event(conn: &mut DbConnection, tid: TournamentId) -> DomainResult<bool> {
    Ok(read_settings(conn, tid)?.is_some())
}

/// The settings of a team event; `NotFound` when the tournament is not one.
pub(super) fn settings_of(
    conn: &mut DbConnection,
    tid: TournamentId,
) -> DomainResult<(TeamEventSettings, i32)> {
    read_settings(conn, tid)?.ok_or_else(|| {
        DomainError::NotFound(msg!(
            "team event in tournament {} (set its regulations first)",
            tid
        ))
    })
}

pub(super) fn rounds_paired(conn: &mut DbConnection, tid: TournamentId) -> DomainResult<RoundNo> {
    Ok(team_rounds::table
        .filter(team_rounds::tournament_id.eq(tid))
        .select(diesel::dsl::max(team_rounds::number))
        .first::<Option<RoundNo>>(conn)?
        .unwrap_or_default())
}

pub(super) fn require_not_started(
    conn: &mut DbConnection,
    tid: TournamentId,
    what: &str,
) -> DomainResult<()> {
    if rounds_paired(conn, tid)? > RoundNo(0) {
        return Err(DomainError::conflict(msg!(
            "{} is fixed once round 1 is paired",
            word(what)
        )));
    }
    Ok(())
}

pub(super) fn write_settings(
    conn: &mut DbConnection,
    tid: TournamentId,
    s: &TeamEventSettings,
    version: i32,
) -> DomainResult<()> {
    // A drawn match: half a point a board, in half-points (C.04.6 art. 1.4), as
    // the field says and as `pairing::team::TeamSettings::new` has it.
    let bye_gp = s.bye_game_points.unwrap_or(s.boards as i32);
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
    tid: TournamentId,
    s: TeamEventSettings,
) -> DomainResult<TeamEventView> {
    require_role(conn, actor, tid, &[Role::Organizer])?;
    s.validate()?;
    require_not_started(conn, tid, "the regulations of a team event")?;
    require_no_individual_play(conn, tid, "a team event starts empty")?;
    let before = read_settings(conn, tid)?;
    let version = before.as_ref().map_or(1, |(_, v)| v + 1);
    write_settings(conn, tid, &s, version)?;
    let v = event(conn, tid, Audience::Staff)?;
    Entry::at(tid, "team.settings", "team_event", tid).record(
        conn,
        actor,
        before.as_ref().map(|b| &b.0),
        Some(&v.settings),
    )?;
    Ok(v)
}

/// A team event starts in an empty tournament: no individual players or rounds.
/// `then` says what to do instead (in the 409's message).
pub(super) fn require_no_individual_play(
    conn: &mut DbConnection,
    tid: TournamentId,
    then: &str,
) -> DomainResult<()> {
    let individual: i64 = individual_rounds::table
        .filter(individual_rounds::tournament_id.eq(tid))
        .count()
        .get_result(conn)?;
    let players: i64 = crate::db::schema::players::table
        .filter(crate::db::schema::players::tournament_id.eq(tid))
        .count()
        .get_result(conn)?;
    if individual > 0 || players > 0 {
        return Err(DomainError::conflict(msg!(
            "this tournament has individual players or rounds; {}",
            word(then)
        )));
    }
    Ok(())
}

/// A new tournament that is a team event from the start (the New tournament
/// page's team systems): the tournament's regulations and the team event's,
/// in one transaction with one audit row. The creator becomes its organizer
/// and arbiter, as with `tournaments::create`.
pub fn create_event(
    conn: &mut DbConnection,
    actor: &Actor,
    reg: crate::domain::regulations::Regulations,
    s: TeamEventSettings,
) -> DomainResult<TeamEventView> {
    s.validate()?;
    let t = crate::domain::tournaments::insert(conn, actor, reg)?;
    write_settings(conn, t.id, &s, 1)?;
    let v = event(conn, t.id, Audience::Staff)?;
    Entry::at(t.id, "team.create", "tournament", t.id).made(
        conn,
        actor,
        &serde_json::json!({"tournament": t, "team_event": v.settings}),
    )?;
    Ok(v)
}
