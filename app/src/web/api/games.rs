//! Games and their results.

use crate::domain::ids::{GameId, TournamentId};
use crate::domain::results::{self, SetResult};
use crate::domain::rounds::GameView;
use crate::domain::Audience;
use crate::web::error::{AppError, ErrorBody};
use crate::web::{read, write_body, AppState, Body};
use actix_web::{web, HttpRequest, HttpResponse};

#[utoipa::path(get, path = "/api/v1/tournaments/{tid}/games/{gid}", tag = "games",
    params(("tid" = i32, Path, description = "Tournament id"), ("gid" = i32, Path, description = "Game id")),
    responses((status = 200, description = "The game", body = GameView),
              (status = 404, description = "No such game", body = ErrorBody)))]
pub async fn get(
    state: web::Data<AppState>,
    req: HttpRequest,
    path: web::Path<(TournamentId, GameId)>,
) -> Result<HttpResponse, AppError> {
    let (tid, gid) = path.into_inner();
    let v = read(&state, &req, move |conn, actor| {
        let audience = Audience::of(conn, actor, tid)?;
        results::get_game(conn, tid, gid, audience)
    })
    .await?;
    Ok(HttpResponse::Ok().json(v))
}

#[utoipa::path(put, path = "/api/v1/tournaments/{tid}/games/{gid}/result", tag = "games", request_body = SetResult,
    params(("tid" = i32, Path, description = "Tournament id"), ("gid" = i32, Path, description = "Game id")),
    responses((status = 200, description = "Result entered or corrected", body = GameView),
              (status = 401, description = "Not logged in", body = ErrorBody),
              (status = 403, description = "Not an arbiter here", body = ErrorBody),
              (status = 409, description = "Stale version (body.current holds the game now), or round not published", body = ErrorBody),
              (status = 422, description = "Not a result, or a reason is missing", body = ErrorBody)))]
pub async fn set_result(
    state: web::Data<AppState>,
    req: HttpRequest,
    path: web::Path<(TournamentId, GameId)>,
    body: Body<SetResult>,
) -> Result<HttpResponse, actix_web::Error> {
    let (tid, gid) = path.into_inner();
    let v = write_body(&state, &req, body, move |conn, actor, cmd| {
        results::set_result(conn, actor, tid, gid, cmd)
    })
    .await?;
    Ok(HttpResponse::Ok().json(v))
}
