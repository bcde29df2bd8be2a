//! HTTP: the JSON API under `/api/v1`, its OpenAPI document, and the pages.
//! Handlers parse, call one domain operation (which authorizes and runs in one
//! transaction on the blocking pool), and map the answer.

pub mod api;
pub mod auth;
pub mod cache;
pub mod error;
pub mod openapi;
pub mod ops;
pub mod pages;
pub mod routing;

use crate::db::{Database, DbConnection};
use crate::domain::msg::nested;
use crate::domain::{Actor, DomainError, DomainResult};
use actix_web::http::{header, Method, StatusCode};
use actix_web::middleware::DefaultHeaders;
use actix_web::{web, HttpRequest, HttpResponse, Route};
use auth::{Credentials, LoginLimiter};
use error::AppError;
use serde::Serialize;

pub use crate::i18n::serde_detail;

/// The reader's language: the `lang` cookie (the switch in the page footer),
/// else the first supported language of `Accept-Language`.
pub fn lang_of(req: &HttpRequest) -> crate::i18n::Lang {
    let cookie = req.cookie(crate::i18n::LANG_COOKIE);
    let header = req
        .headers()
        .get("Accept-Language")
        .and_then(|v| v.to_str().ok())
        .unwrap_or("");
    crate::i18n::Lang::from_request(cookie.as_ref().map(|c| c.value()), header)
}

pub struct AppState {
    pub db: Database,
    pub login_limiter: LoginLimiter,
    /// Always mark cookies `Secure` (set when the server runs behind TLS).
    pub secure_cookies: bool,
    /// Seals and opens sealed moves; the key file lives outside the database.
    pub seal_key: std::sync::Arc<crate::secrets::SealKey>,
    /// The tournaments' versions (from the database, see `crate::sync`) and the
    /// live pages' event streams.
    pub live: pages::live::Live,
    /// Cached public reads (see `cache`).
    pub cache: std::sync::Arc<cache::Cache>,
    /// Limits against cheap exhaustion (`config::Limits`).
    pub limits: crate::config::Limits,
}

/// The tournament a request is about (`{tid}` in its path), for live updates.
fn tournament_of(req: &HttpRequest) -> Option<crate::domain::ids::TournamentId> {
    req.match_info().get("tid").and_then(|t| t.parse().ok())
}

/// After a write of this process to `tid` (or to no one tournament): the
/// version moves (live streams see it), the cached answers readers are reading
/// are remade (`cache::settle`; until then readers get the answers from before
/// the write, which is not acknowledged yet), and then the version is required
/// of every answer before the write is acknowledged.
pub async fn touched(state: &web::Data<AppState>, tid: Option<crate::domain::ids::TournamentId>) {
    let versions = &state.live.versions;
    match tid.and_then(|t| Some((t, versions.written(t)?))) {
        Some((t, v)) => {
            cache::settle(state, t, v).await;
            versions.observe_local(t, v);
        }
        None => state.live.touch(tid),
    }
}

/// What every handler starts from: the server's state and the request. An
/// extractor, so a handler takes `cx: Cx` and opens it with
/// `let Cx { state, req } = cx;`.
pub struct Cx {
    pub state: web::Data<AppState>,
    pub req: HttpRequest,
}

impl actix_web::FromRequest for Cx {
    type Error = actix_web::Error;
    type Future = std::future::Ready<Result<Self, Self::Error>>;

    fn from_request(req: &HttpRequest, _: &mut actix_web::dev::Payload) -> Self::Future {
        std::future::ready(match req.app_data::<web::Data<AppState>>() {
            Some(state) => Ok(Cx {
                state: state.clone(),
                req: req.clone(),
            }),
            None => Err(actix_web::error::ErrorInternalServerError(
                "the application state is missing",
            )),
        })
    }
}

impl Cx {
    /// [`read`], answered 200 with its value as JSON.
    pub async fn read_json<T, F>(self, f: F) -> Result<HttpResponse, AppError>
    where
        T: Serialize + Send + 'static,
        F: FnOnce(&mut DbConnection, &Actor) -> DomainResult<T> + Send + 'static,
    {
        let v = read(&self.state, &self.req, f).await?;
        Ok(HttpResponse::Ok().json(v))
    }

    /// [`write_body`], answered with `status` and its value as JSON.
    pub async fn write_json<B, T, F>(
        self,
        body: Body<B>,
        status: StatusCode,
        f: F,
    ) -> Result<HttpResponse, actix_web::Error>
    where
        B: Send + 'static,
        T: Serialize + Send + 'static,
        F: FnOnce(&mut DbConnection, &Actor, B) -> DomainResult<T> + Send + 'static,
    {
        let v = write_body(&self.state, &self.req, body, f).await?;
        Ok(HttpResponse::build(status).json(v))
    }
}

/// The tournament of the path (`{tid}`), read as `web::Path<TournamentId>`
/// reads it (the same answer for a path that is not a number).
pub struct Tid(pub crate::domain::ids::TournamentId);

impl actix_web::FromRequest for Tid {
    type Error = actix_web::Error;
    type Future = std::future::Ready<Result<Self, Self::Error>>;

    fn from_request(req: &HttpRequest, _: &mut actix_web::dev::Payload) -> Self::Future {
        std::future::ready(
            web::Path::<crate::domain::ids::TournamentId>::extract(req)
                .into_inner()
                .map(|p| Tid(p.into_inner())),
        )
    }
}

/// A tournament's id and a second id of the path (`{tid}` and `{gid}`,
/// `{pid}`, `{n}`, …), read as `web::Path<(TournamentId, T)>` reads them.
pub struct Ids<T>(pub crate::domain::ids::TournamentId, pub T);

impl<T: serde::de::DeserializeOwned> actix_web::FromRequest for Ids<T> {
    type Error = actix_web::Error;
    type Future = std::future::Ready<Result<Self, Self::Error>>;

    fn from_request(req: &HttpRequest, _: &mut actix_web::dev::Payload) -> Self::Future {
        std::future::ready(
            web::Path::<(crate::domain::ids::TournamentId, T)>::extract(req)
                .into_inner()
                .map(|p| {
                    let (tid, second) = p.into_inner();
                    Ids(tid, second)
                }),
        )
    }
}

/// Runs a read: the actor is resolved (for role-dependent views), then `f` runs
/// in one read transaction on the blocking pool.
pub async fn read<T, F>(state: &web::Data<AppState>, req: &HttpRequest, f: F) -> Result<T, AppError>
where
    T: Send + 'static,
    F: FnOnce(&mut DbConnection, &Actor) -> DomainResult<T> + Send + 'static,
{
    as_actor(state, req, false, false, f).await
}

/// Runs a write: the actor is resolved (CSRF-checked for cookie sessions) and
/// `f` runs in ONE write transaction; any error rolls everything back.
pub async fn write<T, F>(
    state: &web::Data<AppState>,
    req: &HttpRequest,
    f: F,
) -> Result<T, AppError>
where
    T: Send + 'static,
    F: FnOnce(&mut DbConnection, &Actor) -> DomainResult<T> + Send + 'static,
{
    let out = as_actor(state, req, true, true, f).await?;
    touched(state, tournament_of(req)).await;
    Ok(out)
}

/// A read that leaves an audit row (a person's data exported): a GET, so no
/// CSRF token is asked (a page links to it), but one write transaction, so
/// the read and its audit row are one.
pub async fn audited_read<T, F>(
    state: &web::Data<AppState>,
    req: &HttpRequest,
    f: F,
) -> Result<T, AppError>
where
    T: Send + 'static,
    F: FnOnce(&mut DbConnection, &Actor) -> DomainResult<T> + Send + 'static,
{
    as_actor(state, req, false, true, f).await
}

/// `f` as the request's actor (`csrf`: a cookie session's token is checked) in
/// one transaction (`writes`: a write transaction) on the blocking pool.
async fn as_actor<T, F>(
    state: &web::Data<AppState>,
    req: &HttpRequest,
    csrf: bool,
    writes: bool,
    f: F,
) -> Result<T, AppError>
where
    T: Send + 'static,
    F: FnOnce(&mut DbConnection, &Actor) -> DomainResult<T> + Send + 'static,
{
    let creds = Credentials::of(req);
    let db = state.db.clone();
    Ok(web::block(move || {
        let actor = creds.actor(&db, csrf)?;
        if writes {
            db.write(|conn| f(conn, &actor))
        } else {
            db.read(|conn| f(conn, &actor))
        }
    })
    .await??)
}

/// A JSON body whose errors are held back until the caller is known: anonymous
/// writes get 401 before anything about the body is said.
pub struct Body<T>(pub Result<T, actix_web::Error>);

impl<T: serde::de::DeserializeOwned + 'static> actix_web::FromRequest for Body<T> {
    type Error = actix_web::Error;
    type Future = std::pin::Pin<Box<dyn std::future::Future<Output = Result<Self, Self::Error>>>>;

    fn from_request(req: &HttpRequest, payload: &mut actix_web::dev::Payload) -> Self::Future {
        // Read as JSON first (size, content type and syntax answer 413, 415 and
        // 400 as `json_error_handler` says), then into `T` with the path of the
        // value that does not fit: a wrong word of a closed set is a 422 naming
        // its field and the allowed words (`domain::kinds`).
        let fut = web::Json::<serde_json::Value>::from_request(req, payload);
        Box::pin(async move {
            Ok(Body(fut.await.and_then(|j| {
                let mut value = j.into_inner();
                integral_numbers(&mut value);
                serde_path_to_error::deserialize::<_, T>(value).map_err(|e| {
                    let field = e.path().to_string();
                    let field = if field == "." {
                        "body".to_string()
                    } else {
                        field
                    };
                    // The API's own body: serde's detail (which field, what
                    // type) stays English, an argument of a translated frame;
                    // no page posts JSON.
                    let message = msg!("the JSON body is not valid: {}: {}", field, e.inner());
                    AppError::from(DomainError::invalid(&field, message)).into()
                })
            })))
        })
    }
}

/// Writes every number with a zero fraction (`3.0`, `-7e2`) as the integer it
/// is. JSON Schema counts such a number as an `integer` (2020-12 core §6.3), so
/// a client may send it for an integer field; serde would refuse it there.
fn integral_numbers(v: &mut serde_json::Value) {
    match v {
        serde_json::Value::Number(n) if !n.is_i64() && !n.is_u64() => {
            if let Some(f) = n.as_f64() {
                if f.fract() == 0.0 && f >= i64::MIN as f64 && f < i64::MAX as f64 {
                    *v = serde_json::Value::from(f as i64);
                }
            }
        }
        serde_json::Value::Array(items) => items.iter_mut().for_each(integral_numbers),
        serde_json::Value::Object(map) => map.values_mut().for_each(integral_numbers),
        _ => {}
    }
}

/// `write` for operations with a body: refuses anonymous callers first (401),
/// then reads the body, then runs `f` in one transaction.
pub async fn write_body<B, T, F>(
    state: &web::Data<AppState>,
    req: &HttpRequest,
    body: Body<B>,
    f: F,
) -> Result<T, actix_web::Error>
where
    B: Send + 'static,
    T: Send + 'static,
    F: FnOnce(&mut DbConnection, &Actor, B) -> DomainResult<T> + Send + 'static,
{
    let creds = Credentials::of(req);
    let db = state.db.clone();
    let actor = web::block(move || creds.actor(&db, true))
        .await
        .map_err(AppError::from)?
        .map_err(AppError::from)?;
    if actor.user_id.is_none() && !actor.is_admin {
        return Err(AppError::from(crate::domain::DomainError::Unauthenticated).into());
    }
    let cmd = body.0?;
    let db = state.db.clone();
    let out = web::block(move || db.write(|conn| f(conn, &actor, cmd)))
        .await
        .map_err(AppError::from)?
        .map_err(AppError::from)?;
    touched(state, tournament_of(req)).await;
    Ok(out)
}

pub fn json<T: Serialize>(status: StatusCode, body: &T) -> HttpResponse {
    HttpResponse::build(status).json(body)
}

/// One route of the JSON API. The table is the single source for the router, the
/// OpenAPI consistency test and the role-check test.
pub struct RouteDef {
    pub method: Method,
    pub path: &'static str,
    pub route: Route,
}

fn json_error_handler(
    err: actix_web::error::JsonPayloadError,
    _req: &HttpRequest,
) -> actix_web::Error {
    use actix_web::error::JsonPayloadError as E;
    // The API's JSON: serde's and actix's detail stays English, an argument
    // of a translated frame (no page posts JSON).
    let (status, message) = match &err {
        E::OverflowKnownLength { .. } | E::Overflow { .. } => {
            (413, msg!("the request body is too large"))
        }
        E::ContentType => (
            415,
            msg!("send the body as JSON (Content-Type: application/json)"),
        ),
        E::Deserialize(e) => (
            if e.is_data() { 422 } else { 400 },
            msg!("the JSON body is not valid: {}", e),
        ),
        other => (400, msg!("the request body could not be read: {}", other)),
    };
    AppError::BadRequest { status, message }.into()
}

fn path_error_handler(err: actix_web::error::PathError, req: &HttpRequest) -> actix_web::Error {
    answer_of(
        req,
        AppError::BadRequest {
            status: 404,
            message: msg!(
                "no such resource: {}",
                nested(serde_detail(&err.to_string()))
            ),
        },
    )
}

fn query_error_handler(
    err: actix_web::error::QueryPayloadError,
    req: &HttpRequest,
) -> actix_web::Error {
    answer_of(
        req,
        AppError::bad_request(msg!(
            "the query string is not valid: {}",
            nested(serde_detail(&err.to_string()))
        )),
    )
}

/// An error of the address: the API's JSON body under `/api/`, else an
/// error page in the viewer's language.
fn answer_of(req: &HttpRequest, e: AppError) -> actix_web::Error {
    if req.path().starts_with("/api/") {
        e.into()
    } else {
        pages::PageError::new(e, lang_of(req)).into()
    }
}

/// Security headers on every answer.
pub fn security_headers() -> DefaultHeaders {
    DefaultHeaders::new()
        .add((header::X_CONTENT_TYPE_OPTIONS, "nosniff"))
        .add((header::X_FRAME_OPTIONS, "DENY"))
        .add((header::REFERRER_POLICY, "same-origin"))
        .add((
            header::CONTENT_SECURITY_POLICY,
            "default-src 'self'; img-src 'self' data:; style-src 'self' 'unsafe-inline'; script-src 'self'; frame-ancestors 'none'; form-action 'self'; base-uri 'none'",
        ))
}

/// Registers everything on an actix `App`.
pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.app_data(
        web::JsonConfig::default()
            .limit(1 << 20)
            .error_handler(json_error_handler),
    )
    .app_data(web::PathConfig::default().error_handler(path_error_handler))
    .app_data(web::QueryConfig::default().error_handler(query_error_handler));
    // Pages first, then the API, as one tree of scopes (`routing`).
    let mut entries = vec![routing::Entry {
        path: "/api/openapi.json".into(),
        route: web::get().to(openapi::serve),
    }];
    entries.extend(pages::routes().into_iter().map(|def| routing::Entry {
        path: def.path.to_string(),
        route: def.route,
    }));
    entries.extend(api::routes().into_iter().map(|def| routing::Entry {
        path: routing_path(def.path),
        route: def.route,
    }));
    routing::register_all(cfg, entries);
    cfg.default_service(web::to(not_found));
}

/// The router's pattern of a documented path: every path parameter is an
/// integer id (`{tid}` → `{tid:-?[0-9]+}`), so `…/rounds/3.pgn` is never taken
/// for `…/rounds/{n}` and `…/tournaments/import-trf` never for
/// `…/tournaments/{tid}`: a method a path lacks answers 405, not 404.
pub fn routing_path(path: &str) -> String {
    let mut out = String::with_capacity(path.len() + 32);
    let mut rest = path;
    while let Some(open) = rest.find('{') {
        let Some(close) = rest[open..].find('}') else {
            break;
        };
        out.push_str(&rest[..open + close]);
        out.push_str(":-?[0-9]+}");
        rest = &rest[open + close + 1..];
    }
    out.push_str(rest);
    out
}

/// The methods the API routes answer on `path` (empty: no such path).
fn allowed_methods(path: &str) -> Vec<Method> {
    static TABLE: std::sync::OnceLock<Vec<(Method, actix_web::dev::ResourceDef)>> =
        std::sync::OnceLock::new();
    let table = TABLE.get_or_init(|| {
        let mut t: Vec<(Method, actix_web::dev::ResourceDef)> = api::routes()
            .into_iter()
            .map(|d| {
                (
                    d.method,
                    actix_web::dev::ResourceDef::new(routing_path(d.path)),
                )
            })
            .collect();
        t.push((
            Method::GET,
            actix_web::dev::ResourceDef::new("/api/openapi.json"),
        ));
        t
    });
    let mut out: Vec<Method> = Vec::new();
    for (m, r) in table {
        if r.is_match(path) && !out.contains(m) {
            out.push(m.clone());
        }
    }
    out
}

async fn not_found(req: HttpRequest) -> HttpResponse {
    if !req.path().starts_with("/api/") {
        return pages::not_found_page(&req);
    }
    // A known path asked with a method it does not have: 405 with `Allow`
    // (RFC 9110 §15.5.6).
    let allowed = allowed_methods(req.path());
    if !allowed.is_empty() {
        let allow: Vec<&str> = allowed.iter().map(Method::as_str).collect();
        return HttpResponse::MethodNotAllowed()
            .insert_header((actix_web::http::header::ALLOW, allow.join(", ")))
            .json(error::ErrorBody {
                code: error::ErrorCode::MethodNotAllowed,
                error: format!(
                    "{} {} is not an operation here; this address answers {}",
                    req.method(),
                    req.path(),
                    allow.join(", ")
                ),
                field: None,
                current: None,
            });
    }
    HttpResponse::NotFound().json(error::ErrorBody {
        code: error::ErrorCode::NotFound,
        error: format!(
            "there is no page or API route {} {}",
            req.method(),
            req.path()
        ),
        field: None,
        current: None,
    })
}
