//! Tournaments, their regulations, staff, standings and audit log.

use crate::db::models::AuditRow;
use crate::domain::ids::{AuditId, UserId};
use crate::domain::standings::StandingsView;
use crate::domain::tournaments::{self, EditTournament, Regulations, StaffMember, TournamentView};
use crate::domain::{audit, require_role, standings, Audience, Role};
use crate::web::cache::cached_json;
use crate::web::error::{AppError, ErrorBody};
use crate::web::{read, write_body, AppState, Body};
use crate::web::{Cx, Tid};
use actix_web::http::StatusCode;
use actix_web::{web, HttpRequest, HttpResponse};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

#[utoipa::path(get, path = "/api/v1/tournaments", tag = "tournaments",
    responses((status = 200, description = "All tournaments, running first", body = [TournamentView])))]
pub async fn list(state: web::Data<AppState>, req: HttpRequest) -> Result<HttpResponse, AppError> {
    let v = read(&state, &req, tournaments::list).await?;
    Ok(HttpResponse::Ok().json(v))
}

#[utoipa::path(post, path = "/api/v1/tournaments", tag = "tournaments", request_body = Regulations,
    responses((status = 201, description = "Created; the caller is its organizer", body = TournamentView),
              (status = 401, description = "Not logged in", body = ErrorBody),
              (status = 409, description = "The caller organizes as many tournaments as the server lets one user (`ARBITER_MAX_TOURNAMENTS_PER_USER`; administrators are exempt)", body = ErrorBody),
              (status = 422, description = "A regulation is invalid", body = ErrorBody)))]
pub async fn create(cx: Cx, body: Body<Regulations>) -> Result<HttpResponse, actix_web::Error> {
    let Cx { state, req } = cx;
    let max = state.limits.max_tournaments_per_user;
    let v = write_body(&state, &req, body, move |conn, actor, reg| {
        let v = tournaments::create(conn, actor, reg)?;
        crate::domain::limits::tournaments_within(conn, actor, max).map(|()| v)
    })
    .await?;
    Ok(HttpResponse::Created().json(v))
}

#[utoipa::path(get, path = "/api/v1/tournaments/{tid}", tag = "tournaments",
    params(("tid" = i32, Path, description = "Tournament id")),
    responses((status = 200, description = "The tournament", body = TournamentView),
              (status = 404, description = "No such tournament", body = ErrorBody)))]
pub async fn get(cx: Cx, Tid(tid): Tid) -> Result<HttpResponse, AppError> {
    let Cx { state, req } = cx;
    cached_json(&state, &req, tid, move |conn, actor| {
        let audience = Audience::of(conn, actor, tid)?;
        tournaments::get(conn, tid, audience)
    })
    .await
}

#[utoipa::path(patch, path = "/api/v1/tournaments/{tid}", tag = "tournaments", request_body = EditTournament,
    params(("tid" = i32, Path, description = "Tournament id")),
    responses((status = 200, description = "Edited", body = TournamentView),
              (status = 401, description = "Not logged in", body = ErrorBody),
              (status = 403, description = "Not the organizer", body = ErrorBody),
              (status = 409, description = "Stale version, a regulation frozen since round 1, or FIDE mode refuses the change without both confirmations (`leave_fide_mode`)", body = ErrorBody),
              (status = 422, description = "A regulation is invalid", body = ErrorBody)))]
pub async fn edit(
    cx: Cx,
    Tid(tid): Tid,
    body: Body<EditTournament>,
) -> Result<HttpResponse, actix_web::Error> {
    cx.write_json(body, StatusCode::OK, move |conn, actor, cmd| {
        tournaments::edit(conn, actor, tid, cmd)
    })
    .await
}

#[utoipa::path(get, path = "/api/v1/tournaments/{tid}/staff", tag = "tournaments",
    params(("tid" = i32, Path, description = "Tournament id")),
    responses((status = 200, description = "Organizers and arbiters", body = [StaffMember]),
              (status = 404, description = "No such tournament", body = ErrorBody)))]
pub async fn staff(cx: Cx, Tid(tid): Tid) -> Result<HttpResponse, AppError> {
    let Cx { state, req } = cx;
    let v = read(&state, &req, move |conn, _| tournaments::staff(conn, tid)).await?;
    Ok(HttpResponse::Ok().json(v))
}

#[utoipa::path(post, path = "/api/v1/tournaments/{tid}/staff", tag = "tournaments", request_body = StaffMember,
    params(("tid" = i32, Path, description = "Tournament id")),
    responses((status = 201, description = "Appointed", body = [StaffMember]),
              (status = 401, description = "Not logged in", body = ErrorBody),
              (status = 403, description = "Not the organizer", body = ErrorBody),
              (status = 409, description = "The user already holds that role here, or has no account (`username`)", body = ErrorBody),
              (status = 422, description = "Unknown role", body = ErrorBody)))]
pub async fn appoint(
    cx: Cx,
    Tid(tid): Tid,
    body: Body<StaffMember>,
) -> Result<HttpResponse, actix_web::Error> {
    cx.write_json(body, StatusCode::CREATED, move |conn, actor, cmd| {
        tournaments::appoint(conn, actor, tid, cmd)
    })
    .await
}

#[utoipa::path(post, path = "/api/v1/tournaments/{tid}/staff/dismiss", tag = "tournaments", request_body = StaffMember,
    params(("tid" = i32, Path, description = "Tournament id")),
    responses((status = 200, description = "The role taken away; the staff now", body = [StaffMember]),
              (status = 401, description = "Not logged in", body = ErrorBody),
              (status = 403, description = "Not the organizer", body = ErrorBody),
              (status = 404, description = "The user does not hold that role here", body = ErrorBody),
              (status = 409, description = "The last organizer", body = ErrorBody),
              (status = 422, description = "Unknown role", body = ErrorBody)))]
pub async fn dismiss(
    cx: Cx,
    Tid(tid): Tid,
    body: Body<StaffMember>,
) -> Result<HttpResponse, actix_web::Error> {
    cx.write_json(body, StatusCode::OK, move |conn, actor, cmd| {
        tournaments::dismiss(conn, actor, tid, cmd)
    })
    .await
}

#[utoipa::path(get, path = "/api/v1/tournaments/{tid}/standings", tag = "tournaments",
    params(("tid" = i32, Path, description = "Tournament id")),
    responses((status = 200, description = "Standings with the tournament's tie-breaks", body = StandingsView),
              (status = 404, description = "No such tournament", body = ErrorBody)))]
pub async fn standings(cx: Cx, Tid(tid): Tid) -> Result<HttpResponse, AppError> {
    let Cx { state, req } = cx;
    cached_json(&state, &req, tid, move |conn, actor| {
        let audience = Audience::of(conn, actor, tid)?;
        standings::compute(conn, tid, audience)
    })
    .await
}

#[derive(Deserialize, IntoParams)]
pub struct Page {
    /// At most this many entries (default 100, at most 1000).
    pub limit: Option<i64>,
    pub offset: Option<i64>,
}

#[derive(Serialize, ToSchema)]
pub struct AuditEntry {
    #[schema(value_type = i32)]
    pub id: AuditId,
    pub at: String,
    #[schema(value_type = Option<i32>)]
    pub user_id: Option<UserId>,
    pub action: String,
    pub entity: String,
    pub entity_id: Option<i64>,
    #[schema(value_type = Option<Value>)]
    pub before: Option<serde_json::Value>,
    #[schema(value_type = Option<Value>)]
    pub after: Option<serde_json::Value>,
}

impl From<AuditRow> for AuditEntry {
    fn from(r: AuditRow) -> Self {
        let parse = |s: Option<String>| s.and_then(|s| serde_json::from_str(&s).ok());
        AuditEntry {
            id: r.id,
            at: r.at,
            user_id: r.user_id,
            action: r.action,
            entity: r.entity,
            entity_id: r.entity_id,
            before: parse(r.before_state),
            after: parse(r.after_state),
        }
    }
}

#[utoipa::path(get, path = "/api/v1/tournaments/{tid}/audit", tag = "tournaments",
    params(("tid" = i32, Path, description = "Tournament id"), Page),
    responses((status = 200, description = "The audit log, newest first (staff only)", body = [AuditEntry]),
              (status = 401, description = "Not logged in", body = ErrorBody),
              (status = 403, description = "Not staff of this tournament", body = ErrorBody)))]
pub async fn audit(
    cx: Cx,
    Tid(tid): Tid,
    page: web::Query<Page>,
) -> Result<HttpResponse, AppError> {
    let Cx { state, req } = cx;
    let limit = page.limit.unwrap_or(100).clamp(1, 1000);
    let offset = page.offset.unwrap_or(0).max(0);
    let v = read(&state, &req, move |conn, actor| {
        require_role(conn, actor, tid, &[Role::Organizer, Role::Arbiter])?;
        audit::for_tournament(conn, tid, limit, offset)
    })
    .await?;
    let v: Vec<AuditEntry> = v.into_iter().map(AuditEntry::from).collect();
    Ok(HttpResponse::Ok().json(v))
}
