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
pub mod shared_answers;

use crate::db::{Database, DbConnection};
use crate::domain::msg::nested;
use crate::domain::{Actor, DomainError, DomainResult, Msg};
use actix_web::http::{header, Method, StatusCode};
use actix_web::middleware::DefaultHeaders;
use actix_web::{web, HttpRequest, HttpResponse, Route};
use auth::{Credentials, LoginLimiter};
use error::AppError;
use serde::Serialize;

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

/// Runs a read: the actor is resolved (for role-dependent views), then `f` runs
/// in one read transaction on the blocking pool.
pub async fn read<T, F>(state: &web::Data<AppState>, req: &HttpRequest, f: F) -> Result<T, AppError>
where
    T: Send + 'static,
    F: FnOnce(&mut DbConnection, &Actor) -> DomainResult<T> + Send + 'static,
{
    let creds = Credentials::of(req);
    let db = state.db.clone();
    let out = web::block(move || {
        let actor = creds.actor(&db, false)?;
        db.read(|conn| f(conn, &actor))
    })
    .await??;
    Ok(out)
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
    let creds = Credentials::of(req);
    let db = state.db.clone();
    let out = web::block(move || {
        let actor = creds.actor(&db, true)?;
        db.write(|conn| f(conn, &actor))
    })
    .await??;
    touched(state, tournament_of(req)).await;
    Ok(out)
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
        pages::PageError::new(e, pages::i18n::Lang::of(req)).into()
    }
}

/// The detail of a path or query string that does not fit (serde's and
/// actix's words, which a page shows after "the query string is not valid"):
/// the usual ones as translated messages with the same English, serde's
/// `de::Error` sentences with their frame translated and the value as typed
/// kept. The English (`Display`) is the library's text, except that a
/// number, `true` or `false` or a date expected is said in general words in
/// every language (`expected_kind`); a sentence not known is not passed
/// through: a general one is shown and the library's English logged (debug).
pub fn serde_detail(text: &str) -> Msg {
    for prefix in [
        "Query deserialize error: ",
        "Path deserialize error: ",
        "can not parse ",
    ] {
        if let Some(rest) = text.strip_prefix(prefix) {
            let inner = serde_detail(rest);
            return match prefix {
                "Query deserialize error: " => {
                    msg!("Query deserialize error: {}", nested(inner))
                }
                "Path deserialize error: " => msg!("Path deserialize error: {}", nested(inner)),
                _ => match rest.split_once(" to a ") {
                    Some((value, kind)) => msg!("can not parse {} to a {}", value, kind),
                    None => msg!("can not parse {}", rest),
                },
            };
        }
    }
    match text {
        "invalid digit found in string" => msg!("invalid digit found in string"),
        "cannot parse integer from empty string" => msg!("cannot parse integer from empty string"),
        "number too large to fit in target type" => msg!("number too large to fit in target type"),
        "number too small to fit in target type" => msg!("number too small to fit in target type"),
        "invalid float literal" => msg!("invalid float literal"),
        "provided string was not `true` or `false`" => {
            msg!("provided string was not `true` or `false`")
        }
        _ => serde_sentence(text).unwrap_or_else(|| {
            log::debug!("a value of the address not read: {text}");
            msg!("a value in the address could not be read")
        }),
    }
}

/// A part of a serde sentence: translated, or kept as serde wrote it (a
/// library word no catalogue knows, a name the user typed).
enum Part {
    Said(Msg),
    Kept(String),
}

impl crate::domain::msg::ToArg for Part {
    fn to_arg(&self) -> crate::domain::msg::Arg {
        match self {
            Part::Said(m) => nested(m.clone()).to_arg(),
            Part::Kept(t) => t.to_arg(),
        }
    }
}

/// The sentences of serde's `de::Error` (`serde::de::Error::invalid_type`,
/// `invalid_value`, `invalid_length`, `unknown_variant`, `unknown_field`,
/// `missing_field`, `duplicate_field`), if `text` is one.
fn serde_sentence(text: &str) -> Option<Msg> {
    let quoted = |rest: &str, head: &str| {
        rest.strip_prefix(head)
            .and_then(|r| r.strip_suffix('`'))
            .map(str::to_string)
    };
    if let Some(f) = quoted(text, "missing field `") {
        return Some(msg!("missing field `{}`", f));
    }
    if let Some(f) = quoted(text, "duplicate field `") {
        return Some(msg!("duplicate field `{}`", f));
    }
    // The value comes first and may hold anything typed: the frame's
    // ", expected " is the last one.
    if let Some((value, expected)) = text
        .strip_prefix("invalid type: ")
        .and_then(|r| r.rsplit_once(", expected "))
    {
        return Some(msg!(
            "invalid type: {}, expected {}",
            unexpected(value),
            expected_kind(expected)
        ));
    }
    if let Some((value, expected)) = text
        .strip_prefix("invalid value: ")
        .and_then(|r| r.rsplit_once(", expected "))
    {
        return Some(msg!(
            "invalid value: {}, expected {}",
            unexpected(value),
            expected_kind(expected)
        ));
    }
    if let Some((n, expected)) = text
        .strip_prefix("invalid length ")
        .and_then(|r| r.split_once(", expected "))
    {
        return Some(msg!(
            "invalid length {}, expected {}",
            n,
            expected_kind(expected)
        ));
    }
    for (head, what) in [
        ("unknown field `", "field"),
        ("unknown variant `", "variant"),
    ] {
        // The name typed comes first: the first "`, " ends it (serde then
        // lists the names expected, `a`, `b`).
        let Some((name, rest)) = text.strip_prefix(head).and_then(|r| r.split_once("`, ")) else {
            continue;
        };
        return Some(match (what, rest) {
            ("field", "there are no fields") => {
                msg!("unknown field `{}`, there are no fields", name)
            }
            ("variant", "there are no variants") => {
                msg!("unknown variant `{}`, there are no variants", name)
            }
            (_, rest) => {
                let expected = rest.strip_prefix("expected ")?;
                match (what, expected.strip_prefix("one of ")) {
                    ("field", Some(list)) => {
                        msg!("unknown field `{}`, expected one of {}", name, list)
                    }
                    ("field", None) => msg!("unknown field `{}`, expected {}", name, expected),
                    (_, Some(list)) => {
                        msg!("unknown variant `{}`, expected one of {}", name, list)
                    }
                    (_, None) => msg!("unknown variant `{}`, expected {}", name, expected),
                }
            }
        });
    }
    None
}

/// What serde says it got (`serde::de::Unexpected`'s words): the kind
/// translated, the value as typed.
fn unexpected(text: &str) -> Part {
    let value = |head: &str| {
        text.strip_prefix(head)
            .and_then(|r| r.strip_suffix('`'))
            .map(str::to_string)
    };
    if let Some(s) = text.strip_prefix("string ") {
        return Part::Said(msg!("string {}", s));
    }
    if let Some(v) = value("integer `") {
        return Part::Said(msg!("integer `{}`", v));
    }
    if let Some(v) = value("floating point `") {
        return Part::Said(msg!("floating point `{}`", v));
    }
    if let Some(v) = value("boolean `") {
        return Part::Said(msg!("boolean `{}`", v));
    }
    if let Some(v) = value("character `") {
        return Part::Said(msg!("character `{}`", v));
    }
    match text {
        "sequence" => Part::Said(msg!("sequence")),
        "map" => Part::Said(msg!("map")),
        "unit value" => Part::Said(msg!("unit value")),
        other => Part::Kept(other.to_string()),
    }
}

/// What serde expected (a type's name, a phrase of the library): a number,
/// `true` or `false`, or a date in general words, anything else as it is.
fn expected_kind(text: &str) -> Part {
    let t = text.trim();
    let whole = [
        "u8",
        "u16",
        "u32",
        "u64",
        "u128",
        "usize",
        "i8",
        "i16",
        "i32",
        "i64",
        "i128",
        "isize",
        "an integer",
    ];
    if whole.contains(&t) {
        Part::Said(msg!("a whole number"))
    } else if ["f32", "f64", "a number", "a float"].contains(&t) {
        Part::Said(msg!("a number"))
    } else if ["bool", "a boolean", "`true` or `false`"].contains(&t) {
        Part::Said(msg!("`true` or `false`"))
    } else if t.to_ascii_lowercase().contains("date") {
        Part::Said(msg!("a date"))
    } else {
        Part::Kept(t.to_string())
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
        error: format!(
            "there is no page or API route {} {}",
            req.method(),
            req.path()
        ),
        field: None,
        current: None,
    })
}
