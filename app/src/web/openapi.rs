//! The OpenAPI document of the JSON API, served at `/api/openapi.json`.

use super::api;
use actix_web::HttpResponse;
use utoipa::openapi::security::{ApiKey, ApiKeyValue, HttpAuthScheme, HttpBuilder, SecurityScheme};
use utoipa::{Modify, OpenApi};

#[derive(OpenApi)]
#[openapi(
    info(title = "Arbiter API", description = "Chess tournament management: registration, FIDE Dutch and Berger pairings, results, standings. Reading is public; writes need a session (cookie + X-CSRF-Token header) or a bearer token, and the tournament role."),
    paths(
        api::session::login, api::session::me, api::session::logout, api::session::create_token, api::session::create_user,
        api::tournaments::list, api::tournaments::create, api::tournaments::get, api::tournaments::edit,
        api::tournaments::staff, api::tournaments::appoint, api::tournaments::dismiss, api::tournaments::standings, api::tournaments::audit,
        api::players::list, api::players::register, api::players::card, api::players::edit,
        api::players::delete, api::players::reinstate, api::players::withdraw,
        api::players::request_bye, api::players::byes,
        api::ratings::import, api::ratings::lists, api::ratings::search, api::ratings::rerate,
        api::prizes::get, api::prizes::set, api::prizes::pdf,
        api::rounds::list, api::rounds::pair_next, api::rounds::get, api::rounds::unpair, api::rounds::publish,
        api::rounds::edit_pairing, api::rounds::set_chess960, api::rounds::import_pgn,
        api::games::get, api::games::set_result,
        api::exports::pairings_pdf, api::exports::pairings_by_name_pdf, api::exports::results_pdf, api::exports::scoresheets_pdf,
        api::exports::standings_pdf, api::exports::crosstable_pdf, api::exports::card_pdf, api::exports::envelope_pdf,
        api::exports::export_trf, api::exports::import_trf,
        api::exports::game_pgn, api::exports::round_pgn, api::exports::tournament_pgn,
        api::desk::set_round_start, api::desk::preview_arrivals, api::desk::record_arrivals,
        api::desk::list_penalties, api::desk::record_penalty, api::desk::get_moves, api::desk::submit_moves,
        api::desk::list_envelopes, api::desk::adjourn, api::desk::get_envelope, api::desk::mark_present,
        api::desk::open_envelope, api::desk::end_envelope, api::desk::envelope_lost,
    ),
    modifiers(&Security, &CommonErrors)
)]
pub struct ApiDoc;

struct Security;

impl Modify for Security {
    fn modify(&self, openapi: &mut utoipa::openapi::OpenApi) {
        let components = openapi.components.get_or_insert_with(Default::default);
        components.add_security_scheme(
            "bearer",
            SecurityScheme::Http(HttpBuilder::new().scheme(HttpAuthScheme::Bearer).build()),
        );
        components.add_security_scheme(
            "session",
            SecurityScheme::ApiKey(ApiKey::Cookie(ApiKeyValue::new(
                super::auth::SESSION_COOKIE,
            ))),
        );
    }
}

/// Answers every operation can give besides its own: 400 when the body or the
/// query string cannot be read, 404 when an id in the path names nothing (or
/// is not a number), 413 for a body over the size limit, 415 for a body not
/// sent as JSON, 422 for a field out of range. All carry `ErrorBody`.
struct CommonErrors;

impl Modify for CommonErrors {
    fn modify(&self, openapi: &mut utoipa::openapi::OpenApi) {
        use utoipa::openapi::{ContentBuilder, Ref, ResponseBuilder};
        let error = |text: &str| {
            ResponseBuilder::new()
                .description(text)
                .content(
                    "application/json",
                    ContentBuilder::new()
                        .schema(Some(Ref::from_schema_name("ErrorBody")))
                        .build(),
                )
                .build()
        };
        for (path, item) in openapi.paths.paths.iter_mut() {
            let has_ids = path.contains('{');
            for op in [
                &mut item.get,
                &mut item.put,
                &mut item.post,
                &mut item.delete,
                &mut item.patch,
            ]
            .into_iter()
            .flatten()
            {
                let r = &mut op.responses.responses;
                r.entry("400".into())
                    .or_insert_with(|| error("The body or the query string cannot be read").into());
                if has_ids {
                    r.entry("404".into()).or_insert_with(|| {
                        error("No such tournament, round, game, player or envelope").into()
                    });
                }
                if op.request_body.is_some() {
                    r.entry("413".into()).or_insert_with(|| {
                        error("The body is larger than the server accepts").into()
                    });
                    r.entry("415".into()).or_insert_with(|| {
                        error("The body is not sent as application/json").into()
                    });
                    r.entry("422".into()).or_insert_with(|| {
                        error("A field is missing, of the wrong type or out of range").into()
                    });
                }
            }
        }
    }
}

pub fn document() -> utoipa::openapi::OpenApi {
    ApiDoc::openapi()
}

pub async fn serve() -> HttpResponse {
    HttpResponse::Ok().json(document())
}
