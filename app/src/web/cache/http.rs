//! The cache as HTTP: ETags and 304s, gzip, the version a live page was told
//! of, and the handlers' entry points (`cached`, `cached_json`, `settle`).

use super::{Body, Recipe, MIN_VERSION_HEADER, SETTLE_WAIT};
use crate::db::{Database, DbConnection};
use crate::domain::ids::TournamentId;
use crate::domain::{Actor, DomainResult};
use crate::web::auth::Credentials;
use crate::web::error::AppError;
use crate::web::{read, AppState};
use actix_web::http::header;
use actix_web::web::{self, Bytes};
use actix_web::{HttpRequest, HttpResponse};
use serde::Serialize;
use std::sync::atomic::Ordering;
use std::sync::Arc;

/// After a write of this process made tournament `tid` `version`: waits until
/// the answers readers are reading show it (see the module's comment).
pub async fn settle(state: &web::Data<AppState>, tid: TournamentId, version: u64) {
    if !state.cache.hot_behind(tid, version) {
        return;
    }
    state.cache.kick();
    let st = state.clone();
    let _ = web::block(move || st.cache.wait_fresh(tid, version, SETTLE_WAIT)).await;
}

fn not_modified(req: &HttpRequest, etag: &str) -> bool {
    req.headers()
        .get(header::IF_NONE_MATCH)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.split(',').any(|t| t.trim() == etag || t.trim() == "*"))
}

fn accepts_gzip(req: &HttpRequest) -> bool {
    req.headers()
        .get(header::ACCEPT_ENCODING)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| {
            v.split(',').any(|t| {
                let mut parts = t.split(';');
                let name = parts.next().unwrap_or("").trim();
                let refused = parts.any(|q| q.trim().replace(' ', "") == "q=0");
                (name == "gzip" || name == "*") && !refused
            })
        })
}

/// The version a reader says it was told of (`MIN_VERSION_HEADER`), 0 if none.
fn told_version(req: &HttpRequest) -> u64 {
    req.headers()
        .get(MIN_VERSION_HEADER)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.trim().parse().ok())
        .unwrap_or(0)
}

/// Answers a public read of tournament `tid` from the cache when it can.
/// `key_extra` distinguishes variants of the same URL (e.g. the page language).
/// `f` and `render` are kept with the copy: the refresher runs them again.
pub async fn cached<T, F, R>(
    state: &web::Data<AppState>,
    req: &HttpRequest,
    tid: TournamentId,
    content_type: &'static str,
    key_extra: &str,
    render: R,
    f: F,
) -> Result<HttpResponse, AppError>
where
    T: Send + 'static,
    F: Fn(&mut DbConnection, &Actor) -> DomainResult<T> + Send + Sync + 'static,
    R: Fn(T) -> Result<Vec<u8>, AppError> + Send + Sync + 'static,
{
    let creds = Credentials::of(req);
    if creds.session.is_some() || creds.bearer.is_some() {
        let v = read(state, req, f).await?;
        return Ok(HttpResponse::Ok()
            .content_type(content_type)
            .insert_header((header::CACHE_CONTROL, "private, no-store"))
            .body(render(v)?));
    }
    let (version, required) = state.live.versions.both(tid);
    // Told of a version by this process's live stream: nothing older than it.
    let floor = told_version(req).min(version);
    let required = required.max(floor);
    // The gzip copy is another representation: its own (strong) ETag.
    let gzip = accepts_gzip(req);
    let variant = format!("{key_extra}{}", if gzip { "+gz" } else { "" });
    let etag = state.cache.etag(tid, version, &variant);
    if not_modified(req, &etag) {
        return Ok(HttpResponse::NotModified()
            .insert_header((header::ETAG, etag))
            .finish());
    }
    // Keyed by the path and `key_extra` only: no cached answer reads its
    // query string, and a key with it would let `?bust=1`, `?bust=2`, … each
    // make and keep a copy (issue 41).
    let key = format!("{}\u{0}{key_extra}", req.path());
    let (etag, body) = match state.cache.get_at_least(&key, required) {
        Some((v, b)) => {
            let tag = state.cache.etag(tid, v, &variant);
            if v < version && not_modified(req, &tag) {
                // Still current enough, and the reader holds it.
                return Ok(HttpResponse::NotModified()
                    .insert_header((header::ETAG, tag))
                    .finish());
            }
            (tag, b)
        }
        None => {
            let recipe = recipe(state.db.clone(), f, render);
            match state.cache.latest(&key) {
                // An older copy exists and someone is already recomputing: serve it.
                Some((old, b)) if old >= floor && !state.cache.claim(&key) => {
                    let stale = state.cache.etag(tid, old, &variant);
                    if not_modified(req, &stale) {
                        // The reader already holds that copy.
                        return Ok(HttpResponse::NotModified()
                            .insert_header((header::ETAG, stale))
                            .finish());
                    }
                    (stale, b)
                }
                Some((old, _)) if old >= floor => {
                    // This reader recomputes; the claim is released whatever happens.
                    let guard = Refresh {
                        state: state.clone(),
                        key: key.clone(),
                    };
                    let b = web::block(move || {
                        compute(&guard.state, guard.key.clone(), tid, version, recipe)
                    })
                    .await??;
                    (etag, b)
                }
                _ => {
                    let st = state.clone();
                    let b = web::block(move || -> Result<Body, AppError> {
                        let flight = st.cache.flight(&key);
                        let _one = flight.lock().unwrap_or_else(|p| p.into_inner());
                        match st.cache.get_at_least(&key, version) {
                            Some((_, b)) => Ok(b),
                            None => compute(&st, key, tid, version, recipe),
                        }
                    })
                    .await??;
                    (etag, b)
                }
            }
        }
    };
    let mut res = HttpResponse::Ok();
    res.content_type(content_type)
        .insert_header((header::ETAG, etag))
        .insert_header((header::CACHE_CONTROL, "no-cache"))
        .insert_header((header::VARY, "Accept-Language, Accept-Encoding, Cookie"));
    if gzip && !body.gzip.is_empty() {
        // Already encoded: the compression middleware passes it through.
        res.insert_header((header::CONTENT_ENCODING, "gzip"));
        return Ok(res.body(body.gzip));
    }
    Ok(res.body(body.plain))
}

/// How the public answer is made: read as the public, then rendered.
fn recipe<T, F, R>(db: Database, f: F, render: R) -> Recipe
where
    F: Fn(&mut DbConnection, &Actor) -> DomainResult<T> + Send + Sync + 'static,
    R: Fn(T) -> Result<Vec<u8>, AppError> + Send + Sync + 'static,
{
    Arc::new(move || {
        let v = db.read(|conn| f(conn, &Actor::anonymous()))?;
        Ok(Body::new(Bytes::from(render(v)?)))
    })
}

/// Makes the public answer and keeps it (with its recipe) as `version` of `key`.
fn compute(
    st: &AppState,
    key: String,
    tid: TournamentId,
    version: u64,
    recipe: Recipe,
) -> Result<Body, AppError> {
    let b = recipe()?;
    st.cache.computed.fetch_add(1, Ordering::Relaxed);
    st.cache
        .put(key, tid, version, b.clone(), Some(recipe), true);
    Ok(b)
}

/// A claimed recomputation; dropping it lets the next reader claim again.
struct Refresh {
    state: web::Data<AppState>,
    key: String,
}

impl Drop for Refresh {
    fn drop(&mut self) {
        self.state.cache.release(&self.key);
    }
}

/// `cached` for JSON answers.
pub async fn cached_json<T, F>(
    state: &web::Data<AppState>,
    req: &HttpRequest,
    tid: TournamentId,
    f: F,
) -> Result<HttpResponse, AppError>
where
    T: Serialize + Send + 'static,
    F: Fn(&mut DbConnection, &Actor) -> DomainResult<T> + Send + Sync + 'static,
{
    cached(
        state,
        req,
        tid,
        "application/json",
        "",
        |v| {
            serde_json::to_vec(&v).map_err(|e| {
                AppError::bad_request(msg!("the answer could not be written as JSON: {}", e))
            })
        },
        f,
    )
    .await
}
