//! Public reads are cached: an ETag per tournament version (bumped after every
//! write, see `pages::live`), `If-None-Match` answered with 304, and the body kept
//! in memory until the next write to that tournament. Only anonymous requests are
//! cached — staff may see more (unpublished pairings), so theirs are always fresh.

use super::auth::Credentials;
use super::error::AppError;
use super::{read, AppState};
use crate::db::DbConnection;
use crate::domain::{Actor, DomainResult};
use actix_web::http::header;
use actix_web::web::{self, Bytes};
use actix_web::{HttpRequest, HttpResponse};
use serde::Serialize;
use std::collections::HashMap;
use std::sync::{Arc, Mutex};

const MAX_ENTRIES: usize = 20_000;

pub struct Cache {
    /// Distinguishes this process's versions from an earlier run's.
    nonce: u64,
    entries: Mutex<HashMap<String, (u64, Bytes)>>,
    /// One computation per key at a time: after a write, the first reader
    /// recomputes and the others wait for its answer instead of piling up.
    flights: Mutex<HashMap<String, Arc<Mutex<()>>>>,
}

impl Default for Cache {
    fn default() -> Self {
        Cache {
            nonce: rand::random(),
            entries: Mutex::new(HashMap::new()),
            flights: Mutex::new(HashMap::new()),
        }
    }
}

impl Cache {
    pub fn etag(&self, tid: i32, version: u64, variant: &str) -> String {
        format!("\"{:x}-{tid}-{version}{variant}\"", self.nonce)
    }

    pub fn get(&self, key: &str, version: u64) -> Option<Bytes> {
        let map = self.entries.lock().unwrap_or_else(|p| p.into_inner());
        map.get(key)
            .filter(|(v, _)| *v == version)
            .map(|(_, b)| b.clone())
    }

    fn flight(&self, key: &str) -> Arc<Mutex<()>> {
        let mut map = self.flights.lock().unwrap_or_else(|p| p.into_inner());
        if map.len() >= MAX_ENTRIES {
            map.clear();
        }
        map.entry(key.to_string()).or_default().clone()
    }

    pub fn put(&self, key: String, version: u64, body: Bytes) {
        let mut map = self.entries.lock().unwrap_or_else(|p| p.into_inner());
        if map.len() >= MAX_ENTRIES {
            map.clear();
        }
        map.insert(key, (version, body));
    }
}

fn not_modified(req: &HttpRequest, etag: &str) -> bool {
    req.headers()
        .get(header::IF_NONE_MATCH)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.split(',').any(|t| t.trim() == etag || t.trim() == "*"))
}

/// Answers a public read of tournament `tid` from the cache when it can.
/// `key_extra` distinguishes variants of the same URL (e.g. the page language).
pub async fn cached<T, F>(
    state: &web::Data<AppState>,
    req: &HttpRequest,
    tid: i32,
    content_type: &'static str,
    key_extra: &str,
    render: impl FnOnce(T) -> Result<Vec<u8>, AppError> + Send + 'static,
    f: F,
) -> Result<HttpResponse, AppError>
where
    T: Send + 'static,
    F: FnOnce(&mut DbConnection, &Actor) -> DomainResult<T> + Send + 'static,
{
    let creds = Credentials::of(req);
    if creds.session.is_some() || creds.bearer.is_some() {
        let v = read(state, req, f).await?;
        return Ok(HttpResponse::Ok()
            .content_type(content_type)
            .insert_header((header::CACHE_CONTROL, "private, no-store"))
            .body(render(v)?));
    }
    let version = state.live.version(tid);
    let etag = state.cache.etag(tid, version, key_extra);
    if not_modified(req, &etag) {
        return Ok(HttpResponse::NotModified()
            .insert_header((header::ETAG, etag))
            .finish());
    }
    let key = format!("{}\u{0}{key_extra}", req.uri());
    let body = match state.cache.get(&key, version) {
        Some(b) => b,
        None => {
            let st = state.clone();
            web::block(move || -> Result<Bytes, AppError> {
                let flight = st.cache.flight(&key);
                let _one = flight.lock().unwrap_or_else(|p| p.into_inner());
                if let Some(b) = st.cache.get(&key, version) {
                    return Ok(b);
                }
                let v = st.db.read(|conn| f(conn, &Actor::anonymous()))?;
                let b = Bytes::from(render(v)?);
                st.cache.put(key, version, b.clone());
                Ok(b)
            })
            .await??
        }
    };
    Ok(HttpResponse::Ok()
        .content_type(content_type)
        .insert_header((header::ETAG, etag))
        .insert_header((header::CACHE_CONTROL, "no-cache"))
        .insert_header((header::VARY, "Accept-Language, Cookie"))
        .body(body))
}

/// `cached` for JSON answers.
pub async fn cached_json<T, F>(
    state: &web::Data<AppState>,
    req: &HttpRequest,
    tid: i32,
    f: F,
) -> Result<HttpResponse, AppError>
where
    T: Serialize + Send + 'static,
    F: FnOnce(&mut DbConnection, &Actor) -> DomainResult<T> + Send + 'static,
{
    cached(
        state,
        req,
        tid,
        "application/json",
        "",
        |v| serde_json::to_vec(&v).map_err(|e| AppError::bad_request(e.to_string())),
        f,
    )
    .await
}
