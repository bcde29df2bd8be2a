//! Games and their results.

use crate::domain::ids::GameId;
use crate::domain::results::{self, SetResult};
use crate::domain::rounds::GameView;
use crate::domain::Audience;
use crate::web::error::{AppError, ErrorBody};
use crate::web::Body;
use crate::web::Cx;
use crate::web::Ids;
use actix_web::http::StatusCode;
use actix_web::HttpResponse;

#[utoipa::path(get, path = "/api/v1/tournaments/{tid}/games/{gid}", tag = "games",
    params(("tid" = i32, Path, description = "Tournament id"), ("gid" = i32, Path, description = "Game id")),
    responses((status = 200, description = "The game", body = GameView),
              (status = 404, description = "No such game", body = ErrorBody)))]
pub async fn get(cx: Cx, Ids(tid, gid): Ids<GameId>) -> Result<HttpResponse, AppError> {
    cx.read_json(move |conn, actor| {
        let audience = Audience::of(conn, actor, tid)?;
        results::get_game(conn, tid, gid, audience)
    })
    .await
}

#[utoipa::path(put, path = "/api/v1/tournaments/{tid}/games/{gid}/result", tag = "games", request_body = SetResult,
    params(("tid" = i32, Path, description = "Tournament id"), ("gid" = i32, Path, description = "Game id")),
    responses((status = 200, description = "Result entered or corrected", body = GameView),
              (status = 401, description = "Not logged in", body = ErrorBody),
              (status = 403, description = "Not an arbiter here", body = ErrorBody),
              (status = 409, description = "Stale version (body.current holds the game now), or round not published", body = ErrorBody),
              (status = 422, description = "Not a result, or a reason is missing", body = ErrorBody)))]
pub async fn set_result(
    cx: Cx,
    Ids(tid, gid): Ids<GameId>,
    body: Body<SetResult>,
) -> Result<HttpResponse, actix_web::Error> {
    cx.write_json(body, StatusCode::OK, move |conn, actor, cmd| {
        results::set_result(conn, actor, tid, gid, cmd)
    })
    .await
}
