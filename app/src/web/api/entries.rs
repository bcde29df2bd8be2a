//! Online entries and check-in (`domain::entries`, `domain::checkin`).
//!
//! Two writes here are open to everyone: a player's own entry and a check-in
//! with the personal code. Neither acts for a user (the audit row names no
//! one), and both are rate limited per client address through the login
//! limiter's counter (`web::auth::LoginLimiter`, shared by every instance):
//! [`ENTRY_LIMIT`] entries an hour, [`CODE_LIMIT`] wrong codes in ten minutes.

use crate::domain::checkin::{
    self, CheckinReceipt, CheckinSheet, CodeCheckin, CodesIssued, MarkPresence, SetCheckin,
};
use crate::domain::entries::{
    self, Approved, EntryFormSettings, EntryFormView, EntryList, EntryReceipt, EntryView, NewEntry,
    RejectEntry,
};
use crate::domain::ids::{EntryId, TournamentId};
use crate::domain::{Actor, Audience, DomainError};
use crate::web::error::{AppError, ErrorBody};
use crate::web::Ids;
use crate::web::{write, AppState, Body};
use crate::web::{Cx, Tid};
use actix_web::http::StatusCode;
use actix_web::{web, HttpRequest, HttpResponse};
use std::time::Duration;

/// Entries one client address may send in an hour.
pub const ENTRY_LIMIT: usize = 20;
pub const ENTRY_WINDOW: Duration = Duration::from_secs(3600);
/// Wrong check-in codes one client address may type in ten minutes.
pub const CODE_LIMIT: usize = 5;
pub const CODE_WINDOW: Duration = Duration::from_secs(600);

fn client_ip(req: &HttpRequest) -> String {
    req.peer_addr()
        .map(|a| a.ip().to_string())
        .unwrap_or_default()
}

/// A player's own entry, as the page and the API take it: rate limited per
/// address (every attempt counts), then one transaction.
pub async fn submit_entry(
    state: &web::Data<AppState>,
    ip: &str,
    tid: TournamentId,
    cmd: NewEntry,
) -> Result<Result<EntryReceipt, DomainError>, AppError> {
    let key = format!("entry {ip}");
    if let Some(retry_after) = state.login_limiter.over(&key, ENTRY_LIMIT, ENTRY_WINDOW) {
        return Err(AppError::TooManyRequests { retry_after });
    }
    state.login_limiter.count(&key);
    let db = state.db.clone();
    let out = web::block(move || {
        db.write(|conn| entries::submit(conn, &Actor::anonymous(), tid, cmd, entries::local_now()))
    })
    .await?;
    if out.is_ok() {
        crate::web::touched(state, Some(tid)).await;
    }
    Ok(out)
}

/// A check-in with the personal code: wrong codes are counted per address and
/// tournament, and refused for a while after [`CODE_LIMIT`] of them.
pub async fn checkin_by_code(
    state: &web::Data<AppState>,
    ip: &str,
    tid: TournamentId,
    cmd: CodeCheckin,
) -> Result<Result<CheckinReceipt, DomainError>, AppError> {
    let key = format!("checkin {tid} {ip}");
    if let Some(retry_after) = state.login_limiter.over(&key, CODE_LIMIT, CODE_WINDOW) {
        return Err(AppError::TooManyRequests { retry_after });
    }
    let db = state.db.clone();
    let out =
        web::block(move || db.write(|conn| checkin::by_code(conn, &Actor::anonymous(), tid, cmd)))
            .await?;
    match &out {
        Ok(_) => crate::web::touched(state, Some(tid)).await,
        Err(DomainError::Invalid { field, .. }) if field == "code" => {
            state.login_limiter.count(&key)
        }
        Err(_) => {}
    }
    Ok(out)
}

#[utoipa::path(get, path = "/api/v1/tournaments/{tid}/entries", tag = "entries",
    params(("tid" = i32, Path, description = "Tournament id")),
    responses((status = 200, description = "The entry form and who is in; the staff also get every entry with its contact", body = EntryList),
              (status = 404, description = "No such tournament", body = ErrorBody)))]
pub async fn list(cx: Cx, Tid(tid): Tid) -> Result<HttpResponse, AppError> {
    cx.read_json(move |conn, actor| {
        let audience = Audience::of(conn, actor, tid)?;
        entries::list(conn, tid, audience)
    })
    .await
}

#[utoipa::path(post, path = "/api/v1/tournaments/{tid}/entries", tag = "entries", request_body = NewEntry,
    params(("tid" = i32, Path, description = "Tournament id")),
    responses((status = 201, description = "Entered; waits for the organizer", body = EntryReceipt),
              (status = 404, description = "No such tournament", body = ErrorBody),
              (status = 409, description = "Entries closed: not open, past the deadline, or the field is full", body = ErrorBody),
              (status = 422, description = "A field is invalid, the player may not enter, or is in already (`duplicate`, `fide_id`)", body = ErrorBody),
              (status = 429, description = "Too many entries from this address", body = ErrorBody)))]
pub async fn submit(
    cx: Cx,
    tid: web::Path<TournamentId>,
    body: Body<NewEntry>,
) -> Result<HttpResponse, actix_web::Error> {
    let Cx { state, req } = cx;
    let cmd = body.0?;
    let v = submit_entry(&state, &client_ip(&req), tid.into_inner(), cmd)
        .await?
        .map_err(AppError::from)?;
    Ok(HttpResponse::Created().json(v))
}

#[utoipa::path(put, path = "/api/v1/tournaments/{tid}/entry-form", tag = "entries", request_body = EntryFormSettings,
    params(("tid" = i32, Path, description = "Tournament id")),
    responses((status = 200, description = "The entry form as it is now", body = EntryFormView),
              (status = 401, description = "Not logged in", body = ErrorBody),
              (status = 403, description = "Not organizer here", body = ErrorBody),
              (status = 422, description = "A setting is invalid", body = ErrorBody)))]
pub async fn set_form(
    cx: Cx,
    Tid(tid): Tid,
    body: Body<EntryFormSettings>,
) -> Result<HttpResponse, actix_web::Error> {
    cx.write_json(body, StatusCode::OK, move |conn, actor, cmd| {
        entries::set_form(conn, actor, tid, cmd)
    })
    .await
}

#[utoipa::path(post, path = "/api/v1/tournaments/{tid}/entries/{eid}/approve", tag = "entries",
    params(("tid" = i32, Path, description = "Tournament id"), ("eid" = i32, Path, description = "Entry id")),
    responses((status = 200, description = "Approved: the player is registered", body = Approved),
              (status = 401, description = "Not logged in", body = ErrorBody),
              (status = 403, description = "Not organizer here", body = ErrorBody),
              (status = 404, description = "No such entry", body = ErrorBody),
              (status = 409, description = "Already decided, the field is full, the registration refuses it (e.g. a duplicate registered meanwhile), or the server's limit of players per tournament is reached (`ARBITER_MAX_PLAYERS`)", body = ErrorBody),
              (status = 422, description = "The registration refuses it (a field is invalid)", body = ErrorBody)))]
pub async fn approve(cx: Cx, Ids(tid, eid): Ids<EntryId>) -> Result<HttpResponse, AppError> {
    let Cx { state, req } = cx;
    let max = state.limits.max_players;
    let v = write(&state, &req, move |conn, actor| {
        let v = entries::approve(conn, actor, tid, eid)?;
        crate::domain::limits::players_within(conn, tid, max).map(|()| v)
    })
    .await?;
    Ok(HttpResponse::Ok().json(v))
}

#[utoipa::path(post, path = "/api/v1/tournaments/{tid}/entries/{eid}/reject", tag = "entries", request_body = RejectEntry,
    params(("tid" = i32, Path, description = "Tournament id"), ("eid" = i32, Path, description = "Entry id")),
    responses((status = 200, description = "Rejected, with the reason", body = EntryView),
              (status = 401, description = "Not logged in", body = ErrorBody),
              (status = 403, description = "Not organizer here", body = ErrorBody),
              (status = 404, description = "No such entry", body = ErrorBody),
              (status = 409, description = "Already decided", body = ErrorBody),
              (status = 422, description = "No reason given", body = ErrorBody)))]
pub async fn reject(
    cx: Cx,
    Ids(tid, eid): Ids<EntryId>,
    body: Body<RejectEntry>,
) -> Result<HttpResponse, actix_web::Error> {
    cx.write_json(body, StatusCode::OK, move |conn, actor, cmd| {
        entries::reject(conn, actor, tid, eid, cmd)
    })
    .await
}

#[utoipa::path(get, path = "/api/v1/tournaments/{tid}/checkin", tag = "checkin",
    params(("tid" = i32, Path, description = "Tournament id")),
    responses((status = 200, description = "The next round's check-in; the list of players (with their codes) for the staff only", body = CheckinSheet),
              (status = 404, description = "No such tournament", body = ErrorBody)))]
pub async fn sheet(cx: Cx, Tid(tid): Tid) -> Result<HttpResponse, AppError> {
    cx.read_json(move |conn, actor| {
        let audience = Audience::of(conn, actor, tid)?;
        checkin::sheet(conn, tid, audience)
    })
    .await
}

#[utoipa::path(put, path = "/api/v1/tournaments/{tid}/checkin", tag = "checkin", request_body = SetCheckin,
    params(("tid" = i32, Path, description = "Tournament id")),
    responses((status = 200, description = "Check-in for the next round in use (or not)", body = CheckinSheet),
              (status = 401, description = "Not logged in", body = ErrorBody),
              (status = 403, description = "Not organizer or arbiter here", body = ErrorBody),
              (status = 409, description = "Already so, a round robin, or every round paired", body = ErrorBody)))]
pub async fn set_open(
    cx: Cx,
    Tid(tid): Tid,
    body: Body<SetCheckin>,
) -> Result<HttpResponse, actix_web::Error> {
    cx.write_json(body, StatusCode::OK, move |conn, actor, cmd| {
        checkin::set_open(conn, actor, tid, cmd)
    })
    .await
}

#[utoipa::path(post, path = "/api/v1/tournaments/{tid}/checkin/marks", tag = "checkin", request_body = MarkPresence,
    params(("tid" = i32, Path, description = "Tournament id")),
    responses((status = 200, description = "Presence recorded (or taken back)", body = CheckinReceipt),
              (status = 401, description = "Not logged in", body = ErrorBody),
              (status = 403, description = "Not organizer or arbiter here", body = ErrorBody),
              (status = 404, description = "No such player", body = ErrorBody),
              (status = 409, description = "Check-in not started, already so, or the player left", body = ErrorBody)))]
pub async fn mark(
    cx: Cx,
    Tid(tid): Tid,
    body: Body<MarkPresence>,
) -> Result<HttpResponse, actix_web::Error> {
    cx.write_json(body, StatusCode::OK, move |conn, actor, cmd| {
        checkin::mark(conn, actor, tid, cmd)
    })
    .await
}

#[utoipa::path(post, path = "/api/v1/tournaments/{tid}/checkin/code", tag = "checkin", request_body = CodeCheckin,
    params(("tid" = i32, Path, description = "Tournament id")),
    responses((status = 200, description = "Checked in", body = CheckinReceipt),
              (status = 404, description = "No such tournament", body = ErrorBody),
              (status = 409, description = "Check-in not started, or already checked in", body = ErrorBody),
              (status = 422, description = "Not a code of this tournament", body = ErrorBody),
              (status = 429, description = "Too many wrong codes from this address", body = ErrorBody)))]
pub async fn by_code(
    cx: Cx,
    tid: web::Path<TournamentId>,
    body: Body<CodeCheckin>,
) -> Result<HttpResponse, actix_web::Error> {
    let Cx { state, req } = cx;
    let cmd = body.0?;
    let v = checkin_by_code(&state, &client_ip(&req), tid.into_inner(), cmd)
        .await?
        .map_err(AppError::from)?;
    Ok(HttpResponse::Ok().json(v))
}

#[utoipa::path(post, path = "/api/v1/tournaments/{tid}/checkin/codes", tag = "checkin",
    params(("tid" = i32, Path, description = "Tournament id")),
    responses((status = 200, description = "Codes made for the players who had none", body = CodesIssued),
              (status = 401, description = "Not logged in", body = ErrorBody),
              (status = 403, description = "Not organizer or arbiter here", body = ErrorBody)))]
pub async fn issue_codes(cx: Cx, Tid(tid): Tid) -> Result<HttpResponse, AppError> {
    let Cx { state, req } = cx;
    let v = write(&state, &req, move |conn, actor| {
        checkin::issue_codes(conn, actor, tid)
    })
    .await?;
    Ok(HttpResponse::Ok().json(v))
}
