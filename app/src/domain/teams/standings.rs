//! Team standings with the C.07 team tie-breaks, and board statistics.

use super::*;
use crate::domain::ids::{RoundNo, TournamentId};

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
    #[schema(value_type = i32)]
    pub after_round: RoundNo,
    pub primary: TeamPrimaryScore,
    pub tiebreaks: Vec<String>,
    pub rows: Vec<TeamStandingView>,
}

/// The team standings after the rounds this audience sees
/// (`pairing::team::tiebreak::team_standings`, C.07).
pub fn standings(
    conn: &mut DbConnection,
    tid: TournamentId,
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
    tid: TournamentId,
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

/// How far a team event is, for its prizes: the last round `audience` sees
/// and whether it is the event's last round, finished.
pub fn prize_progress(
    conn: &mut DbConnection,
    tid: TournamentId,
    audience: Audience,
) -> DomainResult<(RoundNo, bool)> {
    let (settings, _) = settings_of(conn, tid)?;
    let last = visible_rounds(conn, tid, audience)?;
    let state: Option<RoundState> = team_rounds::table
        .filter(team_rounds::tournament_id.eq(tid))
        .filter(team_rounds::number.eq(last))
        .select(team_rounds::state)
        .first(conn)
        .optional()?;
    // The rounds of the event, not `settings.rounds`: a round robin's follow
    // from the number of teams (its `rounds` is 0).
    let total = total_rounds(&settings, team_rows(conn, tid)?.len());
    Ok((
        last,
        last.get() > 0 && last.get() as u32 >= total && state == Some(RoundState::Finished),
    ))
}

/// The crosstable's cell of team `me` against team `other`: the game points
/// `me` scored in each of their matches of `rounds`, "×" on the diagonal.
pub fn cross_cell(rounds: &[TeamRoundView], me: i32, other: i32) -> String {
    if other == me {
        return "×".to_string();
    }
    let mut scores = vec![];
    for round in rounds {
        for m in &round.matches {
            if m.home.number == me && m.away.number == other {
                scores.push(crate::domain::rounds::fmt_points(m.home_game_points));
            } else if m.away.number == me && m.home.number == other {
                scores.push(crate::domain::rounds::fmt_points(m.away_game_points));
            }
        }
    }
    scores.join(" ")
}
