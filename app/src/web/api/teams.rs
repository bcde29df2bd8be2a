//! Team competitions (issue 20): the team event's regulations, teams and
//! rosters, rounds of matches, line-ups (captains and arbiters), board
//! results, team standings, board statistics and the team TRF
//! (`app/src/domain/teams/`).

use crate::domain::ids::{RoundNo, TournamentId};
use crate::domain::teams::{
    self, BoardStatView, ImportedTeamEvent, LineupInput, PairTeamRound, RequestTeamBye,
    SetDeadline, TeamByeView, TeamEventSettings, TeamEventView, TeamInput, TeamResults,
    TeamRoundView, TeamStandings, TeamView, WithdrawTeam,
};
use crate::domain::Audience;
use crate::web::cache::cached_json;
use crate::web::error::{AppError, ErrorBody};
use crate::web::Ids;
use crate::web::{read, write_body, Body};
use crate::web::{Cx, Tid};
use actix_web::http::header;
use actix_web::http::StatusCode;
use actix_web::{web, HttpResponse};

#[utoipa::path(get, path = "/api/v1/tournaments/{tid}/team-event", tag = "teams",
    params(("tid" = i32, Path, description = "Tournament id")),
    responses((status = 200, description = "The team event: regulations, teams and rosters", body = TeamEventView),
              (status = 404, description = "No such tournament, or not a team event", body = ErrorBody)))]
pub async fn get_event(cx: Cx, Tid(tid): Tid) -> Result<HttpResponse, AppError> {
    let Cx { state, req } = cx;
    cached_json(&state, &req, tid, move |conn, actor| {
        let audience = Audience::of(conn, actor, tid)?;
        teams::event(conn, tid, audience)
    })
    .await
}

#[utoipa::path(put, path = "/api/v1/tournaments/{tid}/team-event", tag = "teams", request_body = TeamEventSettings,
    params(("tid" = i32, Path, description = "Tournament id")),
    responses((status = 200, description = "The tournament is a team event with these regulations", body = TeamEventView),
              (status = 401, description = "Not logged in", body = ErrorBody),
              (status = 403, description = "Not an organizer here", body = ErrorBody),
              (status = 409, description = "Round 1 is paired, or the tournament has individual players", body = ErrorBody),
              (status = 422, description = "A setting is wrong (the field is named)", body = ErrorBody)))]
pub async fn set_event(
    cx: Cx,
    Tid(tid): Tid,
    body: Body<TeamEventSettings>,
) -> Result<HttpResponse, actix_web::Error> {
    cx.write_json(body, StatusCode::OK, move |conn, actor, cmd| {
        teams::set_settings(conn, actor, tid, cmd)
    })
    .await
}

#[utoipa::path(post, path = "/api/v1/tournaments/{tid}/teams", tag = "teams", request_body = TeamInput,
    params(("tid" = i32, Path, description = "Tournament id")),
    responses((status = 201, description = "The team, with the next pairing number", body = TeamView),
              (status = 401, description = "Not logged in", body = ErrorBody),
              (status = 403, description = "Not an organizer here", body = ErrorBody),
              (status = 409, description = "Round 1 is paired", body = ErrorBody),
              (status = 422, description = "A field is wrong (named)", body = ErrorBody)))]
pub async fn add_team(
    cx: Cx,
    tid: web::Path<TournamentId>,
    body: Body<TeamInput>,
) -> Result<HttpResponse, actix_web::Error> {
    let (tid, max) = (tid.into_inner(), cx.state.limits.max_players);
    cx.write_json(body, StatusCode::CREATED, move |conn, actor, cmd| {
        let v = teams::add_team(conn, actor, tid, cmd)?;
        crate::domain::limits::players_within(conn, tid, max).map(|()| v)
    })
    .await
}

#[utoipa::path(put, path = "/api/v1/tournaments/{tid}/teams/{team}", tag = "teams", request_body = TeamInput,
    params(("tid" = i32, Path, description = "Tournament id"), ("team" = i32, Path, description = "Team pairing number")),
    responses((status = 200, description = "The team as changed", body = TeamView),
              (status = 401, description = "Not logged in", body = ErrorBody),
              (status = 403, description = "Not an organizer here", body = ErrorBody),
              (status = 404, description = "No such team", body = ErrorBody),
              (status = 409, description = "The roster is fixed once round 1 is paired", body = ErrorBody),
              (status = 422, description = "A field is wrong (named)", body = ErrorBody)))]
pub async fn edit_team(
    cx: Cx,
    path: web::Path<(TournamentId, i32)>,
    body: Body<TeamInput>,
) -> Result<HttpResponse, actix_web::Error> {
    let ((tid, team), max) = (path.into_inner(), cx.state.limits.max_players);
    cx.write_json(body, StatusCode::OK, move |conn, actor, cmd| {
        let v = teams::edit_team(conn, actor, tid, team, cmd)?;
        crate::domain::limits::players_within(conn, tid, max).map(|()| v)
    })
    .await
}

#[utoipa::path(get, path = "/api/v1/tournaments/{tid}/team-rounds", tag = "teams",
    params(("tid" = i32, Path, description = "Tournament id")),
    responses((status = 200, description = "Every round this reader sees, match by match and board by board", body = [TeamRoundView]),
              (status = 404, description = "No such tournament, or not a team event", body = ErrorBody)))]
pub async fn list_rounds(cx: Cx, Tid(tid): Tid) -> Result<HttpResponse, AppError> {
    let Cx { state, req } = cx;
    cached_json(&state, &req, tid, move |conn, actor| {
        let audience = Audience::of(conn, actor, tid)?;
        teams::event(conn, tid, audience)?;
        teams::rounds(conn, tid, audience)
    })
    .await
}

#[utoipa::path(post, path = "/api/v1/tournaments/{tid}/team-rounds", tag = "teams", request_body = PairTeamRound,
    params(("tid" = i32, Path, description = "Tournament id")),
    responses((status = 201, description = "The next round, paired by the team engine (not yet published)", body = TeamRoundView),
              (status = 401, description = "Not logged in", body = ErrorBody),
              (status = 403, description = "Not an arbiter here", body = ErrorBody),
              (status = 409, description = "Previous round unpublished or unfinished, or all rounds paired", body = ErrorBody),
              (status = 422, description = "No pairing exists, or the deadline is not a time", body = ErrorBody)))]
pub async fn pair_next(
    cx: Cx,
    Tid(tid): Tid,
    body: Body<PairTeamRound>,
) -> Result<HttpResponse, actix_web::Error> {
    cx.write_json(body, StatusCode::CREATED, move |conn, actor, cmd| {
        teams::pair_next(conn, actor, tid, cmd)
    })
    .await
}

#[utoipa::path(get, path = "/api/v1/tournaments/{tid}/team-rounds/{n}", tag = "teams",
    params(("tid" = i32, Path, description = "Tournament id"), ("n" = i32, Path, description = "Round number")),
    responses((status = 200, description = "The round's matches board by board (hidden from the public until published; a match's players once both line-ups are in)", body = TeamRoundView),
              (status = 404, description = "No such round", body = ErrorBody)))]
pub async fn get_round(cx: Cx, Ids(tid, n): Ids<RoundNo>) -> Result<HttpResponse, AppError> {
    let Cx { state, req } = cx;
    cached_json(&state, &req, tid, move |conn, actor| {
        let audience = Audience::of(conn, actor, tid)?;
        teams::round(conn, tid, n, audience)
    })
    .await
}

#[utoipa::path(post, path = "/api/v1/tournaments/{tid}/team-rounds/{n}/publish", tag = "teams",
    params(("tid" = i32, Path, description = "Tournament id"), ("n" = i32, Path, description = "Round number")),
    responses((status = 200, description = "Published", body = TeamRoundView),
              (status = 401, description = "Not logged in", body = ErrorBody),
              (status = 403, description = "Not an arbiter here", body = ErrorBody),
              (status = 409, description = "Already published", body = ErrorBody)))]
pub async fn publish(cx: Cx, Ids(tid, n): Ids<RoundNo>) -> Result<HttpResponse, AppError> {
    let Cx { state, req } = cx;
    let v = crate::web::write(&state, &req, move |conn, actor| {
        teams::publish(conn, actor, tid, n)
    })
    .await?;
    Ok(HttpResponse::Ok().json(v))
}

#[utoipa::path(put, path = "/api/v1/tournaments/{tid}/team-rounds/{n}/deadline", tag = "teams", request_body = SetDeadline,
    params(("tid" = i32, Path, description = "Tournament id"), ("n" = i32, Path, description = "Round number")),
    responses((status = 200, description = "The line-up deadline is set", body = TeamRoundView),
              (status = 401, description = "Not logged in", body = ErrorBody),
              (status = 403, description = "Not an organizer or arbiter here", body = ErrorBody),
              (status = 422, description = "Not a time", body = ErrorBody)))]
pub async fn set_deadline(
    cx: Cx,
    Ids(tid, n): Ids<RoundNo>,
    body: Body<SetDeadline>,
) -> Result<HttpResponse, actix_web::Error> {
    cx.write_json(body, StatusCode::OK, move |conn, actor, cmd| {
        teams::set_deadline(conn, actor, tid, n, cmd)
    })
    .await
}

#[utoipa::path(put, path = "/api/v1/tournaments/{tid}/team-rounds/{n}/lineups/{team}", tag = "teams", request_body = LineupInput,
    params(("tid" = i32, Path, description = "Tournament id"), ("n" = i32, Path, description = "Round number"), ("team" = i32, Path, description = "Team pairing number")),
    responses((status = 200, description = "The line-up is in (the round as the submitter sees it)", body = TeamRoundView),
              (status = 401, description = "Not logged in", body = ErrorBody),
              (status = 403, description = "Neither this team's captain nor an arbiter, or the captain after the deadline", body = ErrorBody),
              (status = 409, description = "The match has results, or the team does not play", body = ErrorBody),
              (status = 422, description = "Not a line-up of the roster in roster order", body = ErrorBody)))]
pub async fn set_lineup(
    cx: Cx,
    path: web::Path<(TournamentId, RoundNo, i32)>,
    body: Body<LineupInput>,
) -> Result<HttpResponse, actix_web::Error> {
    let (tid, n, team) = path.into_inner();
    cx.write_json(body, StatusCode::OK, move |conn, actor, cmd| {
        teams::set_lineup(conn, actor, tid, n, team, cmd)
    })
    .await
}

#[utoipa::path(put, path = "/api/v1/tournaments/{tid}/team-rounds/{n}/results", tag = "teams", request_body = TeamResults,
    params(("tid" = i32, Path, description = "Tournament id"), ("n" = i32, Path, description = "Round number")),
    responses((status = 200, description = "The results are in (one transaction)", body = TeamRoundView),
              (status = 401, description = "Not logged in", body = ErrorBody),
              (status = 403, description = "Not an arbiter here", body = ErrorBody),
              (status = 409, description = "Round unpublished, a line-up missing, or an empty board", body = ErrorBody),
              (status = 422, description = "Not a result, or no such match or board (the field is named)", body = ErrorBody)))]
pub async fn set_results(
    cx: Cx,
    Ids(tid, n): Ids<RoundNo>,
    body: Body<TeamResults>,
) -> Result<HttpResponse, actix_web::Error> {
    cx.write_json(body, StatusCode::OK, move |conn, actor, cmd| {
        teams::set_results(conn, actor, tid, n, cmd)
    })
    .await
}

#[utoipa::path(get, path = "/api/v1/tournaments/{tid}/team-standings", tag = "teams",
    params(("tid" = i32, Path, description = "Tournament id")),
    responses((status = 200, description = "Team standings with the event's C.07 team tie-breaks", body = TeamStandings),
              (status = 404, description = "No such tournament, or not a team event", body = ErrorBody)))]
pub async fn standings(cx: Cx, Tid(tid): Tid) -> Result<HttpResponse, AppError> {
    let Cx { state, req } = cx;
    cached_json(&state, &req, tid, move |conn, actor| {
        let audience = Audience::of(conn, actor, tid)?;
        teams::standings(conn, tid, audience)
    })
    .await
}

#[utoipa::path(get, path = "/api/v1/tournaments/{tid}/team-boards", tag = "teams",
    params(("tid" = i32, Path, description = "Tournament id")),
    responses((status = 200, description = "Board statistics for board prizes, board by board, best first", body = [BoardStatView]),
              (status = 404, description = "No such tournament, or not a team event", body = ErrorBody)))]
pub async fn board_stats(cx: Cx, Tid(tid): Tid) -> Result<HttpResponse, AppError> {
    let Cx { state, req } = cx;
    cached_json(&state, &req, tid, move |conn, actor| {
        let audience = Audience::of(conn, actor, tid)?;
        teams::board_stats(conn, tid, audience)
    })
    .await
}

#[utoipa::path(get, path = "/api/v1/tournaments/{tid}/team-export.trf", tag = "teams",
    params(("tid" = i32, Path, description = "Tournament id")),
    responses((status = 200, description = "The team event as TRF with team records (013, 300 and the XTM/XTS extensions), the rounds this reader sees", content_type = "text/plain", body = String),
              (status = 404, description = "No such tournament, or not a team event", body = ErrorBody)))]
pub async fn export_trf(cx: Cx, Tid(tid): Tid) -> Result<HttpResponse, AppError> {
    let Cx { state, req } = cx;
    let text = read(&state, &req, move |conn, actor| {
        let audience = Audience::of(conn, actor, tid)?;
        teams::export_trf(conn, tid, audience)
    })
    .await?;
    Ok(HttpResponse::Ok()
        .content_type("text/plain; charset=utf-8")
        .insert_header((
            header::CONTENT_DISPOSITION,
            format!("attachment; filename=\"team-tournament-{tid}.trf\""),
        ))
        .body(text))
}

#[utoipa::path(post, path = "/api/v1/tournaments/{tid}/team-import", tag = "teams",
    request_body(content = String, content_type = "application/json", description = "The team TRF's text as a JSON string"),
    params(("tid" = i32, Path, description = "Tournament id (a new, empty tournament)")),
    responses((status = 201, description = "Imported: regulations, teams, rosters, rounds with line-ups and results", body = ImportedTeamEvent),
              (status = 401, description = "Not logged in", body = ErrorBody),
              (status = 403, description = "Not an organizer here", body = ErrorBody),
              (status = 409, description = "The tournament is not empty", body = ErrorBody),
              (status = 422, description = "The file cannot be read, or it holds more players than the server takes in a tournament (`ARBITER_MAX_PLAYERS`) (field `trf`)", body = ErrorBody)))]
pub async fn import_trf(
    cx: Cx,
    tid: web::Path<TournamentId>,
    body: Body<String>,
) -> Result<HttpResponse, actix_web::Error> {
    let Cx { state, req } = cx;
    let (tid, max) = (tid.into_inner(), state.limits.max_players);
    let v = write_body(&state, &req, body, move |conn, actor, text| {
        let v = teams::import_trf(conn, actor, tid, &text)?;
        crate::domain::limits::players_within_file(conn, tid, max, "trf").map(|()| v)
    })
    .await?;
    Ok(HttpResponse::Created().json(v))
}

#[utoipa::path(delete, path = "/api/v1/tournaments/{tid}/team-rounds/{n}", tag = "teams",
    params(("tid" = i32, Path, description = "Tournament id"), ("n" = i32, Path, description = "Round number")),
    responses((status = 204, description = "Unpaired: the round can be paired again"),
              (status = 401, description = "Not logged in", body = ErrorBody),
              (status = 403, description = "Not an arbiter here", body = ErrorBody),
              (status = 404, description = "No such round, or not a team event", body = ErrorBody),
              (status = 409, description = "Not the last round, or it has results", body = ErrorBody)))]
pub async fn unpair(cx: Cx, Ids(tid, n): Ids<RoundNo>) -> Result<HttpResponse, AppError> {
    let Cx { state, req } = cx;
    crate::web::write(&state, &req, move |conn, actor| {
        teams::unpair(conn, actor, tid, n)
    })
    .await?;
    Ok(HttpResponse::NoContent().finish())
}

#[utoipa::path(post, path = "/api/v1/tournaments/{tid}/teams/{team}/withdraw", tag = "teams", request_body = WithdrawTeam,
    params(("tid" = i32, Path, description = "Tournament id"), ("team" = i32, Path, description = "Team pairing number")),
    responses((status = 200, description = "Withdrawn: not paired from the given round on (its matches stay)", body = TeamView),
              (status = 401, description = "Not logged in", body = ErrorBody),
              (status = 403, description = "Not an organizer or arbiter here", body = ErrorBody),
              (status = 404, description = "No such team", body = ErrorBody),
              (status = 409, description = "Already withdrawn, or a round robin", body = ErrorBody),
              (status = 422, description = "The round is paired already or past the last round", body = ErrorBody)))]
pub async fn withdraw_team(
    cx: Cx,
    Ids(tid, team): Ids<i32>,
    body: Body<WithdrawTeam>,
) -> Result<HttpResponse, actix_web::Error> {
    cx.write_json(body, StatusCode::OK, move |conn, actor, cmd| {
        teams::withdraw(conn, actor, tid, team, cmd)
    })
    .await
}

#[utoipa::path(post, path = "/api/v1/tournaments/{tid}/teams/{team}/reinstate", tag = "teams",
    params(("tid" = i32, Path, description = "Tournament id"), ("team" = i32, Path, description = "Team pairing number")),
    responses((status = 200, description = "The withdrawal taken back: paired again from the next round", body = TeamView),
              (status = 401, description = "Not logged in", body = ErrorBody),
              (status = 403, description = "Not an organizer or arbiter here", body = ErrorBody),
              (status = 404, description = "No such team", body = ErrorBody),
              (status = 409, description = "Not withdrawn", body = ErrorBody)))]
pub async fn reinstate_team(cx: Cx, Ids(tid, team): Ids<i32>) -> Result<HttpResponse, AppError> {
    let Cx { state, req } = cx;
    let v = crate::web::write(&state, &req, move |conn, actor| {
        teams::reinstate(conn, actor, tid, team)
    })
    .await?;
    Ok(HttpResponse::Ok().json(v))
}

#[utoipa::path(get, path = "/api/v1/tournaments/{tid}/team-byes", tag = "teams",
    params(("tid" = i32, Path, description = "Tournament id")),
    responses((status = 200, description = "The half-point byes of the teams, requested and given, by round", body = [TeamByeView]),
              (status = 404, description = "No such tournament, or not a team event", body = ErrorBody)))]
pub async fn byes(cx: Cx, Tid(tid): Tid) -> Result<HttpResponse, AppError> {
    let Cx { state, req } = cx;
    cached_json(&state, &req, tid, move |conn, _actor| {
        teams::team_byes(conn, tid)
    })
    .await
}

#[utoipa::path(post, path = "/api/v1/tournaments/{tid}/teams/{team}/byes", tag = "teams", request_body = RequestTeamBye,
    params(("tid" = i32, Path, description = "Tournament id"), ("team" = i32, Path, description = "Team pairing number")),
    responses((status = 201, description = "A half-point bye for a round not yet paired", body = TeamByeView),
              (status = 401, description = "Not logged in", body = ErrorBody),
              (status = 403, description = "Not an organizer or arbiter here", body = ErrorBody),
              (status = 404, description = "No such team", body = ErrorBody),
              (status = 409, description = "Already has a bye then, withdrawn, or a round robin", body = ErrorBody),
              (status = 422, description = "The round is paired already or past the last round", body = ErrorBody)))]
pub async fn request_bye(
    cx: Cx,
    Ids(tid, team): Ids<i32>,
    body: Body<RequestTeamBye>,
) -> Result<HttpResponse, actix_web::Error> {
    cx.write_json(body, StatusCode::CREATED, move |conn, actor, cmd| {
        teams::request_bye(conn, actor, tid, team, cmd)
    })
    .await
}

#[utoipa::path(delete, path = "/api/v1/tournaments/{tid}/teams/{team}/byes/{n}", tag = "teams",
    params(("tid" = i32, Path, description = "Tournament id"), ("team" = i32, Path, description = "Team pairing number"), ("n" = i32, Path, description = "Round number")),
    responses((status = 204, description = "The requested bye is cancelled"),
              (status = 401, description = "Not logged in", body = ErrorBody),
              (status = 403, description = "Not an organizer or arbiter here", body = ErrorBody),
              (status = 404, description = "No such bye", body = ErrorBody),
              (status = 409, description = "The round is paired", body = ErrorBody)))]
pub async fn cancel_bye(
    cx: Cx,
    path: web::Path<(TournamentId, i32, RoundNo)>,
) -> Result<HttpResponse, AppError> {
    let Cx { state, req } = cx;
    let (tid, team, n) = path.into_inner();
    crate::web::write(&state, &req, move |conn, actor| {
        teams::cancel_bye(conn, actor, tid, team, n)
    })
    .await?;
    Ok(HttpResponse::NoContent().finish())
}
