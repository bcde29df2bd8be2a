//! The arbiter's desk: round start, arrivals, penalties, a game's moves, and
//! adjourned games with sealed moves.

use crate::domain::adjournments::{
    self, Adjourn, EndBeforeResumption, EnvelopeLost, EnvelopeView, MarkPresent, OpenEnvelope,
    OpenedEnvelope,
};
use crate::domain::arrivals::{
    self, ArrivalConsequence, ArrivalsAnswer, RecordArrivals, SetRoundStart,
};
use crate::domain::ids::{AdjournmentId, GameId, RoundNo};
use crate::domain::penalties::{self, PenaltyAnswer, PenaltyView, RecordPenalty};
use crate::domain::records::{self, GameRecordView, SubmitMoves};
use crate::domain::Audience;
use crate::web::error::{AppError, ErrorBody};
use crate::web::Cx;
use crate::web::Ids;
use crate::web::{write_body, Body};
use actix_web::http::StatusCode;
use actix_web::HttpResponse;

#[utoipa::path(put, path = "/api/v1/tournaments/{tid}/rounds/{n}/start", tag = "desk", request_body = SetRoundStart,
    params(("tid" = i32, Path, description = "Tournament id"), ("n" = i32, Path, description = "Round number")),
    responses((status = 204, description = "Start time set (the reference for the default time)"),
              (status = 401, description = "Not logged in", body = ErrorBody),
              (status = 403, description = "Not an arbiter here", body = ErrorBody),
              (status = 422, description = "Not a time", body = ErrorBody)))]
pub async fn set_round_start(
    cx: Cx,
    Ids(tid, n): Ids<RoundNo>,
    body: Body<SetRoundStart>,
) -> Result<HttpResponse, actix_web::Error> {
    let Cx { state, req } = cx;
    write_body(&state, &req, body, move |conn, actor, cmd| {
        arrivals::set_round_start(conn, actor, tid, n, cmd)
    })
    .await?;
    Ok(HttpResponse::NoContent().finish())
}

#[utoipa::path(post, path = "/api/v1/tournaments/{tid}/games/{gid}/arrivals/preview", tag = "desk", request_body = RecordArrivals,
    params(("tid" = i32, Path, description = "Tournament id"), ("gid" = i32, Path, description = "Game id")),
    responses((status = 200, description = "What the default-time rule gives; nothing is written", body = ArrivalConsequence),
              (status = 401, description = "Not logged in", body = ErrorBody),
              (status = 403, description = "Not an arbiter here", body = ErrorBody),
              (status = 409, description = "The round has no start time", body = ErrorBody)))]
pub async fn preview_arrivals(
    cx: Cx,
    Ids(tid, gid): Ids<GameId>,
    body: Body<RecordArrivals>,
) -> Result<HttpResponse, actix_web::Error> {
    cx.write_json(body, StatusCode::OK, move |conn, actor, cmd| {
        arrivals::preview(conn, actor, tid, gid, cmd)
    })
    .await
}

#[utoipa::path(put, path = "/api/v1/tournaments/{tid}/games/{gid}/arrivals", tag = "desk", request_body = RecordArrivals,
    params(("tid" = i32, Path, description = "Tournament id"), ("gid" = i32, Path, description = "Game id")),
    responses((status = 200, description = "Arrivals recorded and the consequence (or the override) applied", body = ArrivalsAnswer),
              (status = 401, description = "Not logged in", body = ErrorBody),
              (status = 403, description = "Not an arbiter here", body = ErrorBody),
              (status = 409, description = "Stale version, or the game already has a result", body = ErrorBody),
              (status = 422, description = "A time is missing or unreadable, or an override lacks its reason", body = ErrorBody)))]
pub async fn record_arrivals(
    cx: Cx,
    Ids(tid, gid): Ids<GameId>,
    body: Body<RecordArrivals>,
) -> Result<HttpResponse, actix_web::Error> {
    cx.write_json(body, StatusCode::OK, move |conn, actor, cmd| {
        arrivals::record(conn, actor, tid, gid, cmd)
    })
    .await
}

#[utoipa::path(get, path = "/api/v1/tournaments/{tid}/games/{gid}/penalties", tag = "desk",
    params(("tid" = i32, Path, description = "Tournament id"), ("gid" = i32, Path, description = "Game id")),
    responses((status = 200, description = "The game's penalties", body = [PenaltyView]),
              (status = 404, description = "No such game", body = ErrorBody)))]
pub async fn list_penalties(cx: Cx, Ids(tid, gid): Ids<GameId>) -> Result<HttpResponse, AppError> {
    cx.read_json(move |conn, actor| {
        let audience = Audience::of(conn, actor, tid)?;
        penalties::for_game(conn, tid, gid, audience)
    })
    .await
}

#[utoipa::path(post, path = "/api/v1/tournaments/{tid}/games/{gid}/penalties", tag = "desk", request_body = RecordPenalty,
    params(("tid" = i32, Path, description = "Tournament id"), ("gid" = i32, Path, description = "Game id")),
    responses((status = 201, description = "Penalty recorded with its effect on the result", body = PenaltyAnswer),
              (status = 401, description = "Not logged in", body = ErrorBody),
              (status = 403, description = "Not an arbiter here", body = ErrorBody),
              (status = 409, description = "Stale version", body = ErrorBody),
              (status = 422, description = "Unknown kind, missing amount or final position", body = ErrorBody)))]
pub async fn record_penalty(
    cx: Cx,
    Ids(tid, gid): Ids<GameId>,
    body: Body<RecordPenalty>,
) -> Result<HttpResponse, actix_web::Error> {
    cx.write_json(body, StatusCode::CREATED, move |conn, actor, cmd| {
        penalties::record(conn, actor, tid, gid, cmd)
    })
    .await
}

#[utoipa::path(get, path = "/api/v1/tournaments/{tid}/games/{gid}/moves", tag = "desk",
    params(("tid" = i32, Path, description = "Tournament id"), ("gid" = i32, Path, description = "Game id")),
    responses((status = 200, description = "The game's moves and validation report", body = GameRecordView),
              (status = 404, description = "No moves stored", body = ErrorBody)))]
pub async fn get_moves(cx: Cx, Ids(tid, gid): Ids<GameId>) -> Result<HttpResponse, AppError> {
    cx.read_json(move |conn, actor| {
        let audience = Audience::of(conn, actor, tid)?;
        records::get(conn, tid, gid, audience)
    })
    .await
}

#[utoipa::path(put, path = "/api/v1/tournaments/{tid}/games/{gid}/moves", tag = "desk", request_body = SubmitMoves,
    params(("tid" = i32, Path, description = "Tournament id"), ("gid" = i32, Path, description = "Game id")),
    responses((status = 200, description = "Stored and validated; `warnings` when the report and the entered result disagree", body = GameRecordView),
              (status = 401, description = "Not logged in", body = ErrorBody),
              (status = 403, description = "Not an arbiter here", body = ErrorBody),
              (status = 422, description = "Unreadable PGN, unknown notation or start position", body = ErrorBody)))]
pub async fn submit_moves(
    cx: Cx,
    Ids(tid, gid): Ids<GameId>,
    body: Body<SubmitMoves>,
) -> Result<HttpResponse, actix_web::Error> {
    cx.write_json(body, StatusCode::OK, move |conn, actor, cmd| {
        records::submit(conn, actor, tid, gid, cmd)
    })
    .await
}

#[utoipa::path(get, path = "/api/v1/tournaments/{tid}/games/{gid}/adjournments", tag = "desk",
    params(("tid" = i32, Path, description = "Tournament id"), ("gid" = i32, Path, description = "Game id")),
    responses((status = 200, description = "The game's envelopes (never a sealed move before opening)", body = [EnvelopeView]),
              (status = 403, description = "Envelopes are for the tournament's organizers and arbiters (anonymous callers too)", body = ErrorBody),
              (status = 404, description = "No such game", body = ErrorBody)))]
pub async fn list_envelopes(cx: Cx, Ids(tid, gid): Ids<GameId>) -> Result<HttpResponse, AppError> {
    cx.read_json(move |conn, actor| {
        let audience = Audience::of(conn, actor, tid)?;
        adjournments::for_game(conn, tid, gid, audience)
    })
    .await
}

#[utoipa::path(post, path = "/api/v1/tournaments/{tid}/games/{gid}/adjournments", tag = "desk", request_body = Adjourn,
    params(("tid" = i32, Path, description = "Tournament id"), ("gid" = i32, Path, description = "Game id")),
    responses((status = 201, description = "Adjourned; the sealed move is encrypted", body = EnvelopeView),
              (status = 401, description = "Not logged in", body = ErrorBody),
              (status = 403, description = "Not an arbiter here", body = ErrorBody),
              (status = 409, description = "Adjournments not allowed, or the game is not being played", body = ErrorBody),
              (status = 422, description = "A field is missing or invalid", body = ErrorBody)))]
pub async fn adjourn(
    cx: Cx,
    Ids(tid, gid): Ids<GameId>,
    body: Body<Adjourn>,
) -> Result<HttpResponse, actix_web::Error> {
    let key = cx.state.seal_key.clone();
    cx.write_json(body, StatusCode::CREATED, move |conn, actor, cmd| {
        adjournments::adjourn(conn, actor, &key, tid, gid, cmd)
    })
    .await
}

#[utoipa::path(get, path = "/api/v1/tournaments/{tid}/adjournments/{aid}", tag = "desk",
    params(("tid" = i32, Path, description = "Tournament id"), ("aid" = i32, Path, description = "Envelope id")),
    responses((status = 200, description = "The envelope's fields (the sealed move only once opened)", body = EnvelopeView),
              (status = 403, description = "Envelopes are for the tournament's organizers and arbiters (anonymous callers too)", body = ErrorBody),
              (status = 404, description = "No such envelope", body = ErrorBody)))]
pub async fn get_envelope(
    cx: Cx,
    Ids(tid, aid): Ids<AdjournmentId>,
) -> Result<HttpResponse, AppError> {
    cx.read_json(move |conn, actor| {
        let audience = Audience::of(conn, actor, tid)?;
        adjournments::get(conn, tid, aid, audience)
    })
    .await
}

#[utoipa::path(post, path = "/api/v1/tournaments/{tid}/adjournments/{aid}/presence", tag = "desk", request_body = MarkPresent,
    params(("tid" = i32, Path, description = "Tournament id"), ("aid" = i32, Path, description = "Envelope id")),
    responses((status = 200, description = "Arrival at resumption recorded", body = EnvelopeView),
              (status = 401, description = "Not logged in", body = ErrorBody),
              (status = 403, description = "Not an arbiter here", body = ErrorBody),
              (status = 409, description = "Envelope no longer sealed", body = ErrorBody)))]
pub async fn mark_present(
    cx: Cx,
    Ids(tid, aid): Ids<AdjournmentId>,
    body: Body<MarkPresent>,
) -> Result<HttpResponse, actix_web::Error> {
    cx.write_json(body, StatusCode::OK, move |conn, actor, cmd| {
        adjournments::mark_present(conn, actor, tid, aid, cmd)
    })
    .await
}

#[utoipa::path(post, path = "/api/v1/tournaments/{tid}/adjournments/{aid}/open", tag = "desk", request_body = OpenEnvelope,
    params(("tid" = i32, Path, description = "Tournament id"), ("aid" = i32, Path, description = "Envelope id")),
    responses((status = 200, description = "Opened: the sealed move, its verdict and consequence", body = OpenedEnvelope),
              (status = 401, description = "Not logged in", body = ErrorBody),
              (status = 403, description = "Not an arbiter here", body = ErrorBody),
              (status = 409, description = "Replying player not present, or envelope not sealed", body = ErrorBody)))]
pub async fn open_envelope(
    cx: Cx,
    Ids(tid, aid): Ids<AdjournmentId>,
    body: Body<OpenEnvelope>,
) -> Result<HttpResponse, actix_web::Error> {
    let key = cx.state.seal_key.clone();
    cx.write_json(body, StatusCode::OK, move |conn, actor, cmd| {
        adjournments::open(conn, actor, &key, tid, aid, cmd)
    })
    .await
}

#[utoipa::path(post, path = "/api/v1/tournaments/{tid}/adjournments/{aid}/end", tag = "desk", request_body = EndBeforeResumption,
    params(("tid" = i32, Path, description = "Tournament id"), ("aid" = i32, Path, description = "Envelope id")),
    responses((status = 200, description = "Game ended before resumption; the envelope stays closed", body = EnvelopeView),
              (status = 401, description = "Not logged in", body = ErrorBody),
              (status = 403, description = "Not an arbiter here", body = ErrorBody),
              (status = 409, description = "Envelope no longer sealed", body = ErrorBody)))]
pub async fn end_envelope(
    cx: Cx,
    Ids(tid, aid): Ids<AdjournmentId>,
    body: Body<EndBeforeResumption>,
) -> Result<HttpResponse, actix_web::Error> {
    cx.write_json(body, StatusCode::OK, move |conn, actor, cmd| {
        adjournments::end_before_resumption(conn, actor, tid, aid, cmd)
    })
    .await
}

#[utoipa::path(post, path = "/api/v1/tournaments/{tid}/adjournments/{aid}/lost", tag = "desk", request_body = EnvelopeLost,
    params(("tid" = i32, Path, description = "Tournament id"), ("aid" = i32, Path, description = "Envelope id")),
    responses((status = 200, description = "Envelope recorded as lost (§11)", body = EnvelopeView),
              (status = 401, description = "Not logged in", body = ErrorBody),
              (status = 403, description = "Not an arbiter here", body = ErrorBody),
              (status = 409, description = "Envelope no longer sealed", body = ErrorBody)))]
pub async fn envelope_lost(
    cx: Cx,
    Ids(tid, aid): Ids<AdjournmentId>,
    body: Body<EnvelopeLost>,
) -> Result<HttpResponse, actix_web::Error> {
    cx.write_json(body, StatusCode::OK, move |conn, actor, cmd| {
        adjournments::envelope_lost(conn, actor, tid, aid, cmd)
    })
    .await
}
