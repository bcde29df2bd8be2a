//! The engine's `TeamTournament` rebuilt from the rows.

use super::*;
use crate::domain::ids::{RoundNo, TeamMatchId, TournamentId};

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

pub(super) struct MatchRow {
    pub(super) id: TeamMatchId,
    pub(super) round: RoundNo,
    pub(super) number: i32,
    pub(super) home: i32,
    pub(super) away: i32,
    pub(super) home_in: bool,
    pub(super) away_in: bool,
    pub(super) version: i32,
}

pub(super) struct BoardRow {
    pub(super) board: i32,
    pub(super) home: Option<i32>,
    pub(super) away: Option<i32>,
    pub(super) home_white: bool,
    pub(super) result: Option<String>,
}

pub(super) fn match_rows(
    conn: &mut DbConnection,
    tid: TournamentId,
    round: Option<RoundNo>,
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

pub(super) fn board_rows(
    conn: &mut DbConnection,
    match_id: TeamMatchId,
) -> DomainResult<Vec<BoardRow>> {
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
pub fn parse_board_result(text: &str) -> Result<Option<BoardResult>, crate::domain::Msg> {
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
        other => crate::domain::rounds::fmt_points(engine::game_points(other, &ps) as i32),
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
pub fn load(
    conn: &mut DbConnection,
    tid: TournamentId,
    upto: Option<RoundNo>,
) -> DomainResult<Loaded> {
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
        // Carried by the team TRF (`202`/`212`), so that an export read back
        // ranks as this event does.
        tie_breaks: tiebreaks.clone(),
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
    let round_rows: Vec<(RoundNo, Option<i32>)> = team_rounds::table
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
            half_byes: half_byes_of(conn, tid, number)?,
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
                        DomainError::conflict(msg!(
                            "a stored board result is unreadable: {}",
                            crate::domain::msg::nested(e)
                        ))
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
