//! The OpenAPI document of the JSON API, served at `/api/openapi.json`.

use super::api;
use actix_web::HttpResponse;
use utoipa::openapi::security::{ApiKey, ApiKeyValue, HttpAuthScheme, HttpBuilder, SecurityScheme};
use utoipa::{Modify, OpenApi};

#[derive(OpenApi)]
#[openapi(info(
    title = "Arbiter API",
    description = "Chess tournament management: registration, FIDE Dutch and Berger pairings, results, standings. Reading is public; writes need a session (cookie + X-CSRF-Token header) or a bearer token, and the tournament role."
))]
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

/// The document: the title and description here, the operations from the
/// handlers' own declarations (`web::api`), then the security schemes and
/// the answers every operation shares.
pub fn document() -> utoipa::openapi::OpenApi {
    let mut doc = ApiDoc::openapi();
    doc.merge(api::ApiPaths::openapi());
    Security.modify(&mut doc);
    CommonErrors.modify(&mut doc);
    doc
}

pub async fn serve() -> HttpResponse {
    HttpResponse::Ok().json(document())
}
