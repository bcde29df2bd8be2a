//! Prizes: the prize table (staff write), the prize list (public once the
//! last round is complete) and its PDF.

use crate::domain::prizes::{self, PrizesView, SetPrizes};
use crate::domain::Audience;
use crate::pdf;
use crate::web::error::{AppError, ErrorBody};
use crate::web::{read, Body};
use crate::web::{Cx, Tid};
use actix_web::http::header;
use actix_web::http::StatusCode;
use actix_web::{web, HttpResponse};

#[utoipa::path(get, path = "/api/v1/tournaments/{tid}/prizes", tag = "prizes",
    params(("tid" = i32, Path, description = "Tournament id")),
    responses((status = 200, description = "The prize table and the prize list (for the public only once the last round is complete)", body = PrizesView),
              (status = 404, description = "No such tournament", body = ErrorBody)))]
pub async fn get(cx: Cx, Tid(tid): Tid) -> Result<HttpResponse, AppError> {
    cx.read_json(move |conn, actor| {
        let audience = Audience::of(conn, actor, tid)?;
        prizes::view(conn, tid, audience)
    })
    .await
}

#[utoipa::path(put, path = "/api/v1/tournaments/{tid}/prizes", tag = "prizes", request_body = SetPrizes,
    params(("tid" = i32, Path, description = "Tournament id")),
    responses((status = 200, description = "The table set; the list as staff see it", body = PrizesView),
              (status = 401, description = "Not logged in", body = ErrorBody),
              (status = 403, description = "Not organizer or arbiter here", body = ErrorBody),
              (status = 409, description = "Stale version", body = ErrorBody),
              (status = 422, description = "A category or prize is invalid (`field` names it)", body = ErrorBody)))]
pub async fn set(
    cx: Cx,
    Tid(tid): Tid,
    body: Body<SetPrizes>,
) -> Result<HttpResponse, actix_web::Error> {
    cx.write_json(body, StatusCode::OK, move |conn, actor, cmd| {
        prizes::set_table(conn, actor, tid, cmd)
    })
    .await
}

#[utoipa::path(get, path = "/api/v1/tournaments/{tid}/prizes.pdf", tag = "printouts",
    params(("tid" = i32, Path, description = "Tournament id")),
    responses((status = 200, description = "The prize list (for the public only once the last round is complete)", content_type = "application/pdf", body = crate::web::api::exports::PdfFile),
              (status = 404, description = "No such tournament, or the list is not final yet (public)", body = ErrorBody)))]
pub async fn pdf(cx: Cx, Tid(tid): Tid) -> Result<HttpResponse, AppError> {
    let Cx { state, req } = cx;
    let (t, v) = read(&state, &req, move |conn, actor| {
        let audience = Audience::of(conn, actor, tid)?;
        let v = prizes::view(conn, tid, audience)?;
        if v.awards.is_none() {
            return Err(crate::domain::DomainError::NotFound(msg!(
                "the prize list of tournament {} (published once the last round is complete)",
                tid
            )));
        }
        Ok((crate::domain::tournaments::get(conn, tid, audience)?, v))
    })
    .await?;
    let tr = crate::i18n::Tr {
        lang: crate::web::lang_of(&req),
    };
    let bytes = web::block(move || pdf::prizes::render(&t, &v, tr)).await?;
    Ok(HttpResponse::Ok()
        .content_type("application/pdf")
        .insert_header((
            header::CONTENT_DISPOSITION,
            "inline; filename=\"prizes.pdf\"",
        ))
        .body(bytes))
}
