//! Registration, player cards, withdrawals and requested byes.

use crate::domain::ids::{PlayerId, TournamentId};
use crate::domain::registration::{
    self, ByeRequestView, EditPlayer, EditedPlayer, PlayerView, RegisterPlayer, RequestBye,
};
use crate::domain::rounds::{game_view, player_map, GameView};
use crate::domain::{views, Audience};
use crate::web::cache::cached_json;
use crate::web::error::{AppError, ErrorBody};
use crate::web::Ids;
use crate::web::{write, write_body, Body};
use crate::web::{Cx, Tid};
use actix_web::http::StatusCode;
use actix_web::{web, HttpResponse};
use serde::Serialize;
use utoipa::ToSchema;

#[utoipa::path(get, path = "/api/v1/tournaments/{tid}/players", tag = "players",
    params(("tid" = i32, Path, description = "Tournament id")),
    responses((status = 200, description = "Players by pairing number (the public sees only the year of a birth date)", body = [PlayerView]),
              (status = 404, description = "No such tournament", body = ErrorBody)))]
pub async fn list(cx: Cx, Tid(tid): Tid) -> Result<HttpResponse, AppError> {
    let Cx { state, req } = cx;
    cached_json(&state, &req, tid, move |conn, actor| {
        let audience = Audience::of(conn, actor, tid)?;
        Ok(registration::list(conn, tid)?
            .into_iter()
            .map(|p| p.seen_by(audience))
            .collect::<Vec<_>>())
    })
    .await
}

#[utoipa::path(post, path = "/api/v1/tournaments/{tid}/players", tag = "players", request_body = RegisterPlayer,
    params(("tid" = i32, Path, description = "Tournament id")),
    responses((status = 201, description = "Registered (a late entry once round 1 is paired)", body = PlayerView),
              (status = 401, description = "Not logged in", body = ErrorBody),
              (status = 403, description = "Not organizer or arbiter here", body = ErrorBody),
              (status = 409, description = "Registration closed (round robin under way), a likely duplicate (`duplicate`), the FIDE id registered already (`fide_id`), `joins_round` paired already or beyond the last round, or the server's limit of players per tournament reached (`ARBITER_MAX_PLAYERS`; `current` names it)", body = ErrorBody),
              (status = 422, description = "A field is invalid", body = ErrorBody)))]
pub async fn register(
    cx: Cx,
    tid: web::Path<TournamentId>,
    body: Body<RegisterPlayer>,
) -> Result<HttpResponse, actix_web::Error> {
    let (tid, max) = (tid.into_inner(), cx.state.limits.max_players);
    cx.write_json(body, StatusCode::CREATED, move |conn, actor, cmd| {
        let v = registration::register(conn, actor, tid, cmd)?;
        crate::domain::limits::players_within(conn, tid, max)?;
        Ok(v)
    })
    .await
}

#[derive(Serialize, ToSchema)]
pub struct PlayerCard {
    pub player: PlayerView,
    /// Every round's game (or bye) of the player, in round order.
    pub games: Vec<GameView>,
}

#[utoipa::path(get, path = "/api/v1/tournaments/{tid}/players/{pid}", tag = "players",
    params(("tid" = i32, Path, description = "Tournament id"), ("pid" = i32, Path, description = "Player id")),
    responses((status = 200, description = "The player's card", body = PlayerCard),
              (status = 404, description = "No such player", body = ErrorBody)))]
pub async fn card(cx: Cx, Ids(tid, pid): Ids<PlayerId>) -> Result<HttpResponse, AppError> {
    cx.read_json(move |conn, actor| {
        let audience = Audience::of(conn, actor, tid)?;
        let p = registration::load_player(conn, tid, pid)?;
        let rows = views::player_games(conn, tid, pid, audience)?;
        let pm = player_map(conn, tid)?;
        Ok(PlayerCard {
            player: PlayerView::from(&p).seen_by(audience),
            games: rows.iter().map(|g| game_view(g, &pm)).collect(),
        })
    })
    .await
}

#[utoipa::path(patch, path = "/api/v1/tournaments/{tid}/players/{pid}", tag = "players", request_body = EditPlayer,
    params(("tid" = i32, Path, description = "Tournament id"), ("pid" = i32, Path, description = "Player id")),
    responses((status = 200, description = "Changed, with what the change affects", body = EditedPlayer),
              (status = 401, description = "Not logged in", body = ErrorBody),
              (status = 403, description = "Not organizer or arbiter here", body = ErrorBody),
              (status = 404, description = "No such player", body = ErrorBody),
              (status = 409, description = "Stale version, or the FIDE id is registered for another player here (`fide_id`)", body = ErrorBody),
              (status = 422, description = "A value is invalid", body = ErrorBody)))]
pub async fn edit(
    cx: Cx,
    Ids(tid, pid): Ids<PlayerId>,
    body: Body<EditPlayer>,
) -> Result<HttpResponse, actix_web::Error> {
    cx.write_json(body, StatusCode::OK, move |conn, actor, cmd| {
        registration::edit(conn, actor, tid, pid, cmd)
    })
    .await
}

#[utoipa::path(delete, path = "/api/v1/tournaments/{tid}/players/{pid}", tag = "players",
    params(("tid" = i32, Path, description = "Tournament id"), ("pid" = i32, Path, description = "Player id")),
    responses((status = 204, description = "Registration removed"),
              (status = 401, description = "Not logged in", body = ErrorBody),
              (status = 403, description = "Not organizer or arbiter here", body = ErrorBody),
              (status = 404, description = "No such player", body = ErrorBody),
              (status = 409, description = "Already paired: withdraw instead", body = ErrorBody)))]
pub async fn delete(cx: Cx, Ids(tid, pid): Ids<PlayerId>) -> Result<HttpResponse, AppError> {
    let Cx { state, req } = cx;
    write(&state, &req, move |conn, actor| {
        registration::delete(conn, actor, tid, pid)
    })
    .await?;
    Ok(HttpResponse::NoContent().finish())
}

#[utoipa::path(post, path = "/api/v1/tournaments/{tid}/players/{pid}/reinstate", tag = "players",
    params(("tid" = i32, Path, description = "Tournament id"), ("pid" = i32, Path, description = "Player id")),
    responses((status = 200, description = "The withdrawal taken back", body = PlayerView),
              (status = 401, description = "Not logged in", body = ErrorBody),
              (status = 403, description = "Not organizer or arbiter here", body = ErrorBody),
              (status = 404, description = "No such player", body = ErrorBody),
              (status = 409, description = "Not withdrawn, or a round was paired since", body = ErrorBody)))]
pub async fn reinstate(cx: Cx, Ids(tid, pid): Ids<PlayerId>) -> Result<HttpResponse, AppError> {
    let Cx { state, req } = cx;
    let v = write(&state, &req, move |conn, actor| {
        registration::reinstate(conn, actor, tid, pid)
    })
    .await?;
    Ok(HttpResponse::Ok().json(v))
}

#[utoipa::path(post, path = "/api/v1/tournaments/{tid}/players/{pid}/withdraw", tag = "players",
    params(("tid" = i32, Path, description = "Tournament id"), ("pid" = i32, Path, description = "Player id")),
    responses((status = 200, description = "Withdrawn from the rounds not yet paired", body = PlayerView),
              (status = 401, description = "Not logged in", body = ErrorBody),
              (status = 403, description = "Not organizer or arbiter here", body = ErrorBody),
              (status = 409, description = "Already withdrawn", body = ErrorBody)))]
pub async fn withdraw(cx: Cx, Ids(tid, pid): Ids<PlayerId>) -> Result<HttpResponse, AppError> {
    let Cx { state, req } = cx;
    let v = write(&state, &req, move |conn, actor| {
        registration::withdraw(conn, actor, tid, pid)
    })
    .await?;
    Ok(HttpResponse::Ok().json(v))
}

#[utoipa::path(post, path = "/api/v1/tournaments/{tid}/players/{pid}/byes", tag = "players", request_body = RequestBye,
    params(("tid" = i32, Path, description = "Tournament id"), ("pid" = i32, Path, description = "Player id")),
    responses((status = 201, description = "Bye recorded for a round not yet paired", body = ByeRequestView),
              (status = 401, description = "Not logged in", body = ErrorBody),
              (status = 403, description = "Not organizer or arbiter here", body = ErrorBody),
              (status = 409, description = "Already has a bye that round, a round robin, the round paired already or beyond the last (`round`), or FIDE mode refuses a full-point bye without both confirmations (`leave_fide_mode`)", body = ErrorBody),
              (status = 422, description = "Round or kind invalid", body = ErrorBody)))]
pub async fn request_bye(
    cx: Cx,
    Ids(tid, pid): Ids<PlayerId>,
    body: Body<RequestBye>,
) -> Result<HttpResponse, actix_web::Error> {
    cx.write_json(body, StatusCode::CREATED, move |conn, actor, cmd| {
        registration::request_bye(conn, actor, tid, pid, cmd)
    })
    .await
}

#[utoipa::path(get, path = "/api/v1/tournaments/{tid}/byes", tag = "players",
    params(("tid" = i32, Path, description = "Tournament id")),
    responses((status = 200, description = "Requested byes (the players' notes only for the staff)", body = [ByeRequestView]),
              (status = 404, description = "No such tournament", body = ErrorBody)))]
pub async fn byes(cx: Cx, Tid(tid): Tid) -> Result<HttpResponse, AppError> {
    cx.read_json(move |conn, actor| {
        let audience = Audience::of(conn, actor, tid)?;
        Ok(registration::bye_requests(conn, tid)?
            .into_iter()
            .map(|b| b.seen_by(audience))
            .collect::<Vec<_>>())
    })
    .await
}

/// Erasing a person's data: said twice, it cannot be undone.
#[derive(serde::Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct Erase {
    /// `true`: the organizer confirms the erasure.
    #[serde(default)]
    pub confirm: bool,
}

#[utoipa::path(get, path = "/api/v1/tournaments/{tid}/players/{pid}/personal-data", tag = "players",
    params(("tid" = i32, Path, description = "Tournament id"), ("pid" = i32, Path, description = "Player id")),
    responses((status = 200, description = "Everything the tournament holds about the player (registration, online entry, byes, penalties, presence, games), for the person it is about; audited", body = Object),
              (status = 401, description = "Not logged in", body = ErrorBody),
              (status = 403, description = "Not an organizer here", body = ErrorBody),
              (status = 404, description = "No such player", body = ErrorBody)))]
pub async fn personal_data(cx: Cx, Ids(tid, pid): Ids<PlayerId>) -> Result<HttpResponse, AppError> {
    let Cx { state, req } = cx;
    let v = crate::web::audited_read(&state, &req, move |conn, actor| {
        crate::domain::personal_data::export(conn, actor, tid, pid)
    })
    .await?;
    Ok(HttpResponse::Ok()
        .insert_header((
            "Content-Disposition",
            format!("attachment; filename=\"player-{pid}.json\""),
        ))
        .json(v))
}

#[utoipa::path(post, path = "/api/v1/tournaments/{tid}/players/{pid}/erase", tag = "players", request_body = Erase,
    params(("tid" = i32, Path, description = "Tournament id"), ("pid" = i32, Path, description = "Player id")),
    responses((status = 200, description = "The player's personal data erased: the name he is shown under now (games and results kept)", body = String),
              (status = 401, description = "Not logged in", body = ErrorBody),
              (status = 403, description = "Not an organizer here", body = ErrorBody),
              (status = 404, description = "No such player", body = ErrorBody),
              (status = 409, description = "Erased already", body = ErrorBody),
              (status = 422, description = "Not confirmed (`confirm`)", body = ErrorBody)))]
pub async fn erase(
    cx: Cx,
    Ids(tid, pid): Ids<PlayerId>,
    body: Body<Erase>,
) -> Result<HttpResponse, actix_web::Error> {
    let Cx { state, req } = cx;
    let v = write_body(&state, &req, body, move |conn, actor, cmd: Erase| {
        crate::domain::personal_data::erase(conn, actor, tid, pid, cmd.confirm)
    })
    .await?;
    Ok(HttpResponse::Ok().json(v))
}
