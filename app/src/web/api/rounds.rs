//! Rounds: pair, review and edit, publish, unpair.

use crate::domain::chess960::{self, RoundPositions, SetPositions};
use crate::domain::ids::RoundNo;
use crate::domain::pgn_import::{self, ImportReport};
use crate::domain::rounds::{self, EditPairing, EditedPairing, RoundSummary, RoundView};
use crate::domain::Audience;
use crate::web::cache::cached_json;
use crate::web::error::{AppError, ErrorBody};
use crate::web::Ids;
use crate::web::{write, Body};
use crate::web::{Cx, Tid};
use actix_web::http::StatusCode;
use actix_web::{web, HttpResponse};

#[utoipa::path(get, path = "/api/v1/tournaments/{tid}/rounds", tag = "rounds",
    params(("tid" = i32, Path, description = "Tournament id")),
    responses((status = 200, description = "Rounds paired so far", body = [RoundSummary]),
              (status = 404, description = "No such tournament", body = ErrorBody)))]
pub async fn list(cx: Cx, Tid(tid): Tid) -> Result<HttpResponse, AppError> {
    cx.read_json(move |conn, actor| {
        let audience = Audience::of(conn, actor, tid)?;
        rounds::list(conn, tid, audience)
    })
    .await
}

#[utoipa::path(post, path = "/api/v1/tournaments/{tid}/rounds", tag = "rounds",
    params(("tid" = i32, Path, description = "Tournament id")),
    responses((status = 201, description = "The next round, paired (not yet published)", body = RoundView),
              (status = 401, description = "Not logged in", body = ErrorBody),
              (status = 403, description = "Not an arbiter here", body = ErrorBody),
              (status = 409, description = "Previous round unfinished, or all rounds paired", body = ErrorBody),
              (status = 422, description = "No pairing satisfies the absolute criteria", body = ErrorBody)))]
pub async fn pair_next(cx: Cx, Tid(tid): Tid) -> Result<HttpResponse, AppError> {
    let Cx { state, req } = cx;
    // Three steps, so that the database's writer is not kept while the engine
    // works (`rounds::pairing_input`): the model read, the pairing on the
    // blocking pool outside any transaction, the round written if nothing
    // changed meanwhile.
    let input = write(&state, &req, move |c, a| rounds::pairing_input(c, a, tid)).await?;
    let (input, pairing) = web::block(move || input.pair().map(|p| (input, p))).await??;
    let v = write(&state, &req, move |c, a| {
        rounds::pair_prepared(c, a, tid, &input, &pairing)
    })
    .await?;
    Ok(HttpResponse::Created().json(v))
}

#[utoipa::path(get, path = "/api/v1/tournaments/{tid}/rounds/{n}", tag = "rounds",
    params(("tid" = i32, Path, description = "Tournament id"), ("n" = i32, Path, description = "Round number")),
    responses((status = 200, description = "The round's pairing and results (boards hidden from the public until published)", body = RoundView),
              (status = 404, description = "No such round", body = ErrorBody)))]
pub async fn get(cx: Cx, Ids(tid, n): Ids<RoundNo>) -> Result<HttpResponse, AppError> {
    let Cx { state, req } = cx;
    cached_json(&state, &req, tid, move |conn, actor| {
        let audience = Audience::of(conn, actor, tid)?;
        rounds::get(conn, tid, n, audience)
    })
    .await
}

#[utoipa::path(delete, path = "/api/v1/tournaments/{tid}/rounds/{n}", tag = "rounds",
    params(("tid" = i32, Path, description = "Tournament id"), ("n" = i32, Path, description = "Round number")),
    responses((status = 204, description = "Unpaired"),
              (status = 401, description = "Not logged in", body = ErrorBody),
              (status = 403, description = "Not an arbiter here", body = ErrorBody),
              (status = 409, description = "Not the last round, or it has results", body = ErrorBody)))]
pub async fn unpair(cx: Cx, Ids(tid, n): Ids<RoundNo>) -> Result<HttpResponse, AppError> {
    let Cx { state, req } = cx;
    write(&state, &req, move |conn, actor| {
        rounds::unpair(conn, actor, tid, n)
    })
    .await?;
    Ok(HttpResponse::NoContent().finish())
}

#[utoipa::path(post, path = "/api/v1/tournaments/{tid}/rounds/{n}/publish", tag = "rounds",
    params(("tid" = i32, Path, description = "Tournament id"), ("n" = i32, Path, description = "Round number")),
    responses((status = 200, description = "Published", body = RoundView),
              (status = 401, description = "Not logged in", body = ErrorBody),
              (status = 403, description = "Not an arbiter here", body = ErrorBody),
              (status = 409, description = "Already published", body = ErrorBody)))]
pub async fn publish(cx: Cx, Ids(tid, n): Ids<RoundNo>) -> Result<HttpResponse, AppError> {
    let Cx { state, req } = cx;
    let v = write(&state, &req, move |conn, actor| {
        rounds::publish(conn, actor, tid, n)
    })
    .await?;
    Ok(HttpResponse::Ok().json(v))
}

#[utoipa::path(put, path = "/api/v1/tournaments/{tid}/rounds/{n}/pairing", tag = "rounds", request_body = EditPairing,
    params(("tid" = i32, Path, description = "Tournament id"), ("n" = i32, Path, description = "Round number")),
    responses((status = 200, description = "Edited; lists the criteria the edit breaks", body = EditedPairing),
              (status = 401, description = "Not logged in", body = ErrorBody),
              (status = 403, description = "Not an arbiter here", body = ErrorBody),
              (status = 409, description = "Round published or not the last, or FIDE mode refuses the change without both confirmations (`leave_fide_mode`)", body = ErrorBody),
              (status = 422, description = "Not a complete pairing of the round's players", body = ErrorBody)))]
pub async fn edit_pairing(
    cx: Cx,
    Ids(tid, n): Ids<RoundNo>,
    body: Body<EditPairing>,
) -> Result<HttpResponse, actix_web::Error> {
    cx.write_json(body, StatusCode::OK, move |conn, actor, cmd| {
        rounds::edit_pairing(conn, actor, tid, n, cmd)
    })
    .await
}

#[utoipa::path(post, path = "/api/v1/tournaments/{tid}/rounds/{n}/chess960", tag = "rounds", request_body = SetPositions,
    params(("tid" = i32, Path, description = "Tournament id"), ("n" = i32, Path, description = "Round number")),
    responses((status = 200, description = "The round's Chess960 start positions, drawn at random (`draw`) or as entered (`enter`); audited", body = RoundPositions),
              (status = 401, description = "Not logged in", body = ErrorBody),
              (status = 403, description = "Not an arbiter here", body = ErrorBody),
              (status = 409, description = "Not a Chess960 event, or the round is published", body = ErrorBody),
              (status = 422, description = "Unknown mode, board, or a number outside 0–959", body = ErrorBody)))]
pub async fn set_chess960(
    cx: Cx,
    Ids(tid, n): Ids<RoundNo>,
    body: Body<SetPositions>,
) -> Result<HttpResponse, actix_web::Error> {
    cx.write_json(body, StatusCode::OK, move |conn, actor, cmd| {
        chess960::set(conn, actor, tid, n, cmd)
    })
    .await
}

/// The largest PGN file a round import takes.
const MAX_PGN_BYTES: usize = 8 << 20;

#[utoipa::path(post, path = "/api/v1/tournaments/{tid}/rounds/{n}/games.pgn", tag = "rounds",
    request_body(content = String, content_type = "application/x-chess-pgn", description = "One PGN file with the round's games (or a JSON string holding it)"),
    params(("tid" = i32, Path, description = "Tournament id"), ("n" = i32, Path, description = "Round number")),
    responses((status = 200, description = "Games matched to boards and stored with their reports; unmatched and ambiguous games listed with their PGN; results that contradict the entered ones listed (never applied)", body = ImportReport),
              (status = 401, description = "Not logged in", body = ErrorBody),
              (status = 403, description = "Not an arbiter here", body = ErrorBody),
              (status = 413, description = "The file is larger than 8 MiB", body = ErrorBody),
              (status = 422, description = "The file cannot be read (line and column given); nothing is stored", body = ErrorBody)))]
pub async fn import_pgn(
    cx: Cx,
    Ids(tid, n): Ids<RoundNo>,
    body: web::Payload,
) -> Result<HttpResponse, AppError> {
    let Cx { state, req } = cx;
    // Who asks, before a byte of the body is read: an anonymous or
    // wrong-role caller is refused without the server taking the upload.
    let creds = crate::web::auth::Credentials::of(&req);
    let db = state.db.clone();
    web::block(move || -> Result<(), crate::domain::DomainError> {
        let actor = creds.actor(&db, true)?;
        db.read(|conn| {
            crate::domain::require_role(conn, &actor, tid, &[crate::domain::Role::Arbiter])
        })
    })
    .await??;
    let too_big = msg!("the PGN file is larger than 8 MiB");
    let b = crate::web::api::exports::file_body(body, MAX_PGN_BYTES, too_big).await?;
    let text = rules::pgn::decode(&b);
    let json = req
        .headers()
        .get(actix_web::http::header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|ct| ct.starts_with("application/json"));
    let text = if json {
        crate::web::api::exports::json_string(&text)?
    } else {
        text
    };
    let v = write(&state, &req, move |conn, actor| {
        pgn_import::import_round(conn, actor, tid, n, &text)
    })
    .await?;
    Ok(HttpResponse::Ok().json(v))
}
