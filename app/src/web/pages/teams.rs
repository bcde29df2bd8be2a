//! The public pages of a team event (issue 20, `domain::teams`): the teams
//! with their rosters and the team standings (`/t/{tid}/teams`), a round's
//! matches board by board (`/t/{tid}/teams/rounds/{n}`) and the team
//! crosstable (`/t/{tid}/teams/crosstable`). Unpublished rounds stay with the
//! staff (`Audience`).

use super::{cached_page, Base, PageError, TournamentNav};
use crate::domain::rounds::fmt_points;
use crate::domain::teams::{self, TeamRoundView, TeamStandings, TeamView};
use crate::web::AppState;
use actix_web::{web, HttpRequest, HttpResponse};
use askama::Template;

pub struct StandingRow {
    pub rank: u32,
    pub number: i32,
    pub name: String,
    pub match_points: i32,
    pub game_points: String,
    pub wdl: String,
    pub values: Vec<String>,
}

fn standing_rows(st: &TeamStandings) -> Vec<StandingRow> {
    st.rows
        .iter()
        .map(|r| StandingRow {
            rank: r.rank,
            number: r.team.number,
            name: r.team.name.clone(),
            match_points: r.match_points,
            game_points: fmt_points(r.game_points),
            wdl: format!("{}/{}/{}", r.wins, r.draws, r.losses),
            values: r
                .tiebreaks
                .iter()
                .map(|c| c.value.clone().unwrap_or_default())
                .collect(),
        })
        .collect()
}

#[derive(Template)]
#[template(path = "teams/event.html")]
pub struct TeamsPage {
    pub base: Base,
    pub tid: i32,
    pub teams: Vec<TeamView>,
    pub rounds: Vec<i32>,
    pub after_round: i32,
    pub tiebreaks: Vec<String>,
    pub standings: Vec<StandingRow>,
}

pub async fn event(
    state: web::Data<AppState>,
    req: HttpRequest,
    tid: web::Path<i32>,
) -> Result<HttpResponse, PageError> {
    let tid = tid.into_inner();
    cached_page(&state, &req, tid, move |conn, viewer| {
        let nav = TournamentNav::load(conn, viewer, tid, "teams")?;
        let ev = teams::event(conn, tid, nav.audience)?;
        let st = teams::standings(conn, tid, nav.audience)?;
        let title = format!("{} · {}", viewer.tr().t("teams"), nav.name);
        Ok(TeamsPage {
            base: Base::new(viewer, title, Some(nav)),
            tid,
            rounds: (1..=ev.rounds_paired).collect(),
            teams: ev.teams,
            after_round: st.after_round,
            tiebreaks: st.tiebreaks.clone(),
            standings: standing_rows(&st),
        })
    })
    .await
}

pub struct BoardLine {
    pub board: i32,
    /// `W` or `B`: the first-named team's player's colour.
    pub home_white: bool,
    pub home: String,
    pub away: String,
    pub result: String,
}

pub struct MatchBlock {
    pub number: i32,
    pub home: String,
    pub away: String,
    pub score: String,
    pub match_points: String,
    pub boards: Vec<BoardLine>,
}

#[derive(Template)]
#[template(path = "teams/round.html")]
pub struct TeamRoundPage {
    pub base: Base,
    pub tid: i32,
    pub n: i32,
    pub published: bool,
    pub deadline: String,
    pub bye: String,
    pub matches: Vec<MatchBlock>,
}

fn round_blocks(r: &TeamRoundView) -> Vec<MatchBlock> {
    let name = |p: &Option<teams::BoardPlayer>| match p {
        Some(p) if p.title.is_empty() => p.name.clone(),
        Some(p) => format!("{} {}", p.title, p.name),
        None => "—".into(),
    };
    r.matches
        .iter()
        .map(|m| MatchBlock {
            number: m.number,
            home: m.home.name.clone(),
            away: m.away.name.clone(),
            score: format!(
                "{} : {}",
                fmt_points(m.home_game_points),
                fmt_points(m.away_game_points)
            ),
            match_points: match (m.home_match_points, m.away_match_points) {
                (Some(h), Some(a)) => format!("{h} : {a}"),
                _ => String::new(),
            },
            boards: m
                .boards
                .iter()
                .map(|b| BoardLine {
                    board: b.board,
                    home_white: b.home_white,
                    home: name(&b.home),
                    away: name(&b.away),
                    result: b.result.clone().unwrap_or_else(|| "*".into()),
                })
                .collect(),
        })
        .collect()
}

pub async fn round(
    state: web::Data<AppState>,
    req: HttpRequest,
    path: web::Path<(i32, i32)>,
) -> Result<HttpResponse, PageError> {
    let (tid, n) = path.into_inner();
    cached_page(&state, &req, tid, move |conn, viewer| {
        let nav = TournamentNav::load(conn, viewer, tid, "teams")?;
        let r = teams::round(conn, tid, n, nav.audience)?;
        let title = format!("{} {n} · {}", viewer.tr().t("round"), nav.name);
        Ok(TeamRoundPage {
            base: Base::new(viewer, title, Some(nav)),
            tid,
            n,
            published: r.state.is_public(),
            deadline: r.lineup_deadline.clone().unwrap_or_default(),
            bye: r.bye.as_ref().map(|b| b.name.clone()).unwrap_or_default(),
            matches: round_blocks(&r),
        })
    })
    .await
}

pub struct CrossRow {
    pub rank: u32,
    pub name: String,
    /// One cell per team in the order of the rows: the game points scored
    /// against that team (several meetings joined by spaces), `×` on the
    /// diagonal.
    pub cells: Vec<String>,
    pub match_points: i32,
    pub game_points: String,
}

#[derive(Template)]
#[template(path = "teams/crosstable.html")]
pub struct TeamCrosstablePage {
    pub base: Base,
    pub tid: i32,
    pub after_round: i32,
    pub heads: Vec<u32>,
    pub rows: Vec<CrossRow>,
}

pub async fn crosstable(
    state: web::Data<AppState>,
    req: HttpRequest,
    tid: web::Path<i32>,
) -> Result<HttpResponse, PageError> {
    let tid = tid.into_inner();
    cached_page(&state, &req, tid, move |conn, viewer| {
        let nav = TournamentNav::load(conn, viewer, tid, "teams")?;
        let st = teams::standings(conn, tid, nav.audience)?;
        let rounds = teams::rounds(conn, tid, nav.audience)?;
        let order: Vec<i32> = st.rows.iter().map(|r| r.team.number).collect();
        let rows = st
            .rows
            .iter()
            .map(|r| {
                let me = r.team.number;
                let cells = order
                    .iter()
                    .map(|&other| {
                        if other == me {
                            return "×".to_string();
                        }
                        let mut scores = vec![];
                        for round in &rounds {
                            for m in &round.matches {
                                if m.home.number == me && m.away.number == other {
                                    scores.push(fmt_points(m.home_game_points));
                                } else if m.away.number == me && m.home.number == other {
                                    scores.push(fmt_points(m.away_game_points));
                                }
                            }
                        }
                        scores.join(" ")
                    })
                    .collect();
                CrossRow {
                    rank: r.rank,
                    name: r.team.name.clone(),
                    cells,
                    match_points: r.match_points,
                    game_points: fmt_points(r.game_points),
                }
            })
            .collect();
        let title = format!("{} · {}", viewer.tr().t("team_crosstable"), nav.name);
        Ok(TeamCrosstablePage {
            base: Base::new(viewer, title, Some(nav)),
            tid,
            after_round: st.after_round,
            heads: (1..=order.len() as u32).collect(),
            rows,
        })
    })
    .await
}
