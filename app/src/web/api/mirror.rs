//! Publishing from the venue (issue 39): on the public server, the organizer's
//! publishing token and the venue's pushes of public states; at the venue, the
//! link to the server. The work is `domain::mirror`'s.

use crate::domain::ids::TournamentId;
use crate::domain::mirror::{self, Accepted, IssuedToken, LinkView, MirrorView, SetLink, Snapshot};
use crate::domain::DomainError;
use crate::web::auth::Credentials;
use crate::web::error::{AppError, ErrorBody};
use crate::web::{read, touched, write, AppState, Body};
use crate::web::{Cx, Tid};
use actix_web::http::StatusCode;
use actix_web::{web, HttpRequest, HttpResponse};
use futures_util::StreamExt;
use std::collections::HashMap;
use std::sync::Mutex;
use std::time::{Duration, Instant};

#[utoipa::path(get, path = "/api/v1/tournaments/{tid}/mirror", tag = "publishing",
    params(("tid" = i32, Path, description = "Tournament id")),
    responses((status = 200, description = "Whether the tournament is published from a venue, and the venue's version shown", body = MirrorView),
              (status = 404, description = "No such tournament", body = ErrorBody)))]
pub async fn status(cx: Cx, Tid(tid): Tid) -> Result<HttpResponse, AppError> {
    let Cx { state, req } = cx;
    let v = read(&state, &req, move |conn, _| mirror::view(conn, tid)).await?;
    Ok(HttpResponse::Ok().json(v))
}

#[utoipa::path(post, path = "/api/v1/tournaments/{tid}/publishing-token", tag = "publishing",
    params(("tid" = i32, Path, description = "Tournament id")),
    responses((status = 201, description = "The token (shown once): the tournament is now a read-only mirror of the venue's event", body = IssuedToken),
              (status = 401, description = "Not logged in", body = ErrorBody),
              (status = 403, description = "Not organizer here", body = ErrorBody),
              (status = 409, description = "The tournament already has players or rounds", body = ErrorBody)))]
pub async fn issue_token(cx: Cx, Tid(tid): Tid) -> Result<HttpResponse, AppError> {
    let Cx { state, req } = cx;
    let t = write(&state, &req, move |conn, actor| {
        mirror::issue_token(conn, actor, tid)
    })
    .await?;
    Ok(HttpResponse::Created().json(t))
}

#[utoipa::path(delete, path = "/api/v1/tournaments/{tid}/publishing-token", tag = "publishing",
    params(("tid" = i32, Path, description = "Tournament id")),
    responses((status = 200, description = "Revoked: the venue's states are refused until a new token is issued", body = MirrorView),
              (status = 401, description = "Not logged in", body = ErrorBody),
              (status = 403, description = "Not organizer here", body = ErrorBody),
              (status = 404, description = "No token was ever issued here", body = ErrorBody)))]
pub async fn revoke_token(cx: Cx, Tid(tid): Tid) -> Result<HttpResponse, AppError> {
    let Cx { state, req } = cx;
    let v = write(&state, &req, move |conn, actor| {
        mirror::revoke_token(conn, actor, tid)
    })
    .await?;
    Ok(HttpResponse::Ok().json(v))
}

/// Per token: the start of its minute and the states sent in it.
static SENT: Mutex<Option<HashMap<String, (Instant, u32)>>> = Mutex::new(None);

/// Whether one more state of `token` fits in its minute.
fn within_rate(token: &str, per_minute: u32) -> bool {
    let key = crate::domain::users::token_hash(token);
    let mut sent = SENT.lock().unwrap_or_else(|p| p.into_inner());
    let map = sent.get_or_insert_with(HashMap::new);
    let now = Instant::now();
    map.retain(|_, (start, _)| now.duration_since(*start) < Duration::from_secs(60));
    let entry = map.entry(key).or_insert((now, 0));
    entry.1 += 1;
    entry.1 <= per_minute
}

#[utoipa::path(put, path = "/api/v1/tournaments/{tid}/mirror", tag = "publishing",
    request_body = Snapshot,
    params(("tid" = i32, Path, description = "The mirror's tournament id on this server")),
    security(("bearer" = [])),
    responses((status = 200, description = "Accepted (`replaced` false: the state already shown, nothing done)", body = Accepted),
              (status = 401, description = "No publishing token", body = ErrorBody),
              (status = 403, description = "A wrong, revoked or other event's token", body = ErrorBody),
              (status = 409, description = "Older than the state shown", body = ErrorBody),
              (status = 413, description = "Larger than the server takes", body = ErrorBody),
              (status = 422, description = "Not a public state that hangs together", body = ErrorBody),
              (status = 429, description = "Too many states from this token this minute", body = ErrorBody)))]
pub async fn push(cx: Cx, Tid(tid): Tid, payload: web::Payload) -> Result<HttpResponse, AppError> {
    let Cx { state, req } = cx;
    let token = authorize(&state, &req, tid).await?;
    if !within_rate(&token, state.limits.mirror_per_minute) {
        return Err(AppError::TooManyRequests { retry_after: 60 });
    }
    let bytes = body_within(payload, state.limits.mirror_bytes).await?;
    let db = state.db.clone();
    // Read on the blocking pool (a state may be megabytes), then one transaction.
    let accepted = web::block(move || {
        let snap: Snapshot = serde_json::from_slice(&bytes).map_err(|e| {
            DomainError::invalid(
                "body",
                msg!("the JSON body is not valid: {}: {}", "body", e),
            )
        })?;
        db.write(|conn| mirror::accept(conn, tid, &token, snap))
    })
    .await??;
    if accepted.replaced {
        touched(&state, Some(tid)).await;
    }
    Ok(HttpResponse::Ok().json(accepted))
}

/// The publishing token of the request, checked against mirror `tid` before
/// its body is read: none is 401 for an anonymous caller and 403 for an
/// account (publishing needs the token, not a role).
async fn authorize(
    state: &web::Data<AppState>,
    req: &HttpRequest,
    tid: TournamentId,
) -> Result<String, AppError> {
    let creds = Credentials::of(req);
    let db = state.db.clone();
    match creds.bearer.clone() {
        Some(token) if token.starts_with("arbp.") => {
            let t = token.clone();
            web::block(move || db.read(|conn| mirror::check_token(conn, tid, &t))).await??;
            Ok(token)
        }
        _ => {
            let actor = web::block(move || creds.actor(&db, false)).await??;
            Err(match actor.user_id {
                None => DomainError::Unauthenticated,
                Some(_) => DomainError::Forbidden(msg!(
                    "publishing a state needs the event's publishing token"
                )),
            }
            .into())
        }
    }
}

/// The body, refused with 413 past `limit` bytes (read no further).
async fn body_within(mut payload: web::Payload, limit: usize) -> Result<web::BytesMut, AppError> {
    let mut body = web::BytesMut::new();
    while let Some(chunk) = payload.next().await {
        let chunk = chunk.map_err(|_| {
            AppError::bad_request(msg!(
                "the request body could not be read: {}",
                "the connection broke"
            ))
        })?;
        if body.len() + chunk.len() > limit {
            return Err(AppError::BadRequest {
                status: 413,
                message: msg!(
                    "the state is larger than this server takes ({} bytes)",
                    limit
                ),
            });
        }
        body.extend_from_slice(&chunk);
    }
    Ok(body)
}

#[utoipa::path(get, path = "/api/v1/tournaments/{tid}/publishing", tag = "publishing",
    params(("tid" = i32, Path, description = "Tournament id")),
    responses((status = 200, description = "Where the event is published from this venue, and how the link fares", body = LinkView),
              (status = 401, description = "Not logged in", body = ErrorBody),
              (status = 403, description = "Not staff here", body = ErrorBody)))]
pub async fn link(cx: Cx, Tid(tid): Tid) -> Result<HttpResponse, AppError> {
    cx.read_json(move |conn, actor| mirror::link(conn, actor, tid))
        .await
}

#[utoipa::path(put, path = "/api/v1/tournaments/{tid}/publishing", tag = "publishing",
    request_body = SetLink,
    params(("tid" = i32, Path, description = "Tournament id")),
    responses((status = 200, description = "Linked: the current state is sent at once, then each new one", body = LinkView),
              (status = 401, description = "Not logged in", body = ErrorBody),
              (status = 403, description = "Not organizer here", body = ErrorBody),
              (status = 422, description = "Not an http:// address, or not a publishing token", body = ErrorBody)))]
pub async fn set_link(
    cx: Cx,
    Tid(tid): Tid,
    body: Body<SetLink>,
) -> Result<HttpResponse, actix_web::Error> {
    cx.write_json(body, StatusCode::OK, move |conn, actor, cmd| {
        mirror::set_link(conn, actor, tid, cmd)
    })
    .await
}

#[utoipa::path(delete, path = "/api/v1/tournaments/{tid}/publishing", tag = "publishing",
    params(("tid" = i32, Path, description = "Tournament id")),
    responses((status = 200, description = "No longer published (the server keeps the last state it accepted)", body = LinkView),
              (status = 401, description = "Not logged in", body = ErrorBody),
              (status = 403, description = "Not organizer here", body = ErrorBody),
              (status = 404, description = "Not published", body = ErrorBody)))]
pub async fn clear_link(cx: Cx, Tid(tid): Tid) -> Result<HttpResponse, AppError> {
    let Cx { state, req } = cx;
    let v = write(&state, &req, move |conn, actor| {
        mirror::clear_link(conn, actor, tid)
    })
    .await?;
    Ok(HttpResponse::Ok().json(v))
}
