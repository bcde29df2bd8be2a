//! Public reads are cached: an ETag per tournament version (stored in the
//! database and bumped in every write transaction, see `crate::sync`; so every
//! instance and every restart gives the same ETag for the same state),
//! `If-None-Match` answered with 304, and the body kept in memory until the
//! tournament's version moves. Only anonymous requests are
//! cached — staff may see more (unpublished pairings), so theirs are always fresh.
//!
//! After a write the first reader of a page recomputes it; while it does, the
//! other readers get the page as it was a moment before (with that version's
//! ETag) instead of queueing behind it — stale by at most one recomputation.
//! Only when there is no earlier copy at all do they wait for the first.

use super::auth::Credentials;
use super::error::AppError;
use super::{read, AppState};
use crate::db::DbConnection;
use crate::domain::ids::TournamentId;
use crate::domain::{Actor, DomainResult};
use actix_web::http::header;
use actix_web::web::{self, Bytes};
use actix_web::{HttpRequest, HttpResponse};
use serde::Serialize;
use std::collections::HashMap;
use std::sync::{Arc, Mutex};

const MAX_ENTRIES: usize = 20_000;

/// A cached answer, plain and gzip-compressed once (phones ask for gzip; the
/// compression is paid once per version instead of once per reader).
#[derive(Clone)]
pub struct Body {
    pub plain: Bytes,
    pub gzip: Bytes,
}

impl Body {
    fn new(plain: Bytes) -> Body {
        use std::io::Write;
        let mut enc = flate2::write::GzEncoder::new(
            Vec::with_capacity(plain.len() / 4),
            flate2::Compression::fast(),
        );
        let gzip = match enc.write_all(&plain).and_then(|()| enc.finish()) {
            Ok(v) => Bytes::from(v),
            Err(_) => Bytes::new(),
        };
        Body { plain, gzip }
    }
}

pub struct Cache {
    /// The database's identity (`arbiter_meta.epoch`): ETags of two databases never collide.
    epoch: String,
    entries: Mutex<HashMap<String, (u64, Body)>>,
    /// One computation per key at a time: after a write, the first reader
    /// recomputes and the others wait for its answer instead of piling up.
    flights: Mutex<HashMap<String, Arc<Mutex<()>>>>,
    /// Keys being recomputed while an older copy is served.
    refreshing: Mutex<std::collections::HashSet<String>>,
}

impl Default for Cache {
    fn default() -> Self {
        Cache::new(format!("{:x}", rand::random::<u64>()))
    }
}

impl Cache {
    pub fn new(epoch: String) -> Cache {
        Cache {
            epoch,
            entries: Mutex::new(HashMap::new()),
            flights: Mutex::new(HashMap::new()),
            refreshing: Mutex::new(std::collections::HashSet::new()),
        }
    }
}

impl Cache {
    pub fn etag(&self, tid: TournamentId, version: u64, variant: &str) -> String {
        format!("\"{}-{tid}-{version}{variant}\"", self.epoch)
    }

    pub fn get(&self, key: &str, version: u64) -> Option<Body> {
        let map = self.entries.lock().unwrap_or_else(|p| p.into_inner());
        map.get(key)
            .filter(|(v, _)| *v == version)
            .map(|(_, b)| b.clone())
    }

    /// The newest copy of `key`, whatever its version.
    fn latest(&self, key: &str) -> Option<(u64, Body)> {
        let map = self.entries.lock().unwrap_or_else(|p| p.into_inner());
        map.get(key).cloned()
    }

    /// Claims the recomputation of `key`; false when another reader has it.
    fn claim(&self, key: &str) -> bool {
        let mut set = self.refreshing.lock().unwrap_or_else(|p| p.into_inner());
        set.insert(key.to_string())
    }

    fn release(&self, key: &str) {
        let mut set = self.refreshing.lock().unwrap_or_else(|p| p.into_inner());
        set.remove(key);
    }

    fn flight(&self, key: &str) -> Arc<Mutex<()>> {
        let mut map = self.flights.lock().unwrap_or_else(|p| p.into_inner());
        if map.len() >= MAX_ENTRIES {
            map.clear();
        }
        map.entry(key.to_string()).or_default().clone()
    }

    pub fn put(&self, key: String, version: u64, body: Body) {
        let mut map = self.entries.lock().unwrap_or_else(|p| p.into_inner());
        if map.len() >= MAX_ENTRIES {
            map.clear();
        }
        // Never replace a newer copy by an older one (two readers may finish out of order).
        if map.get(&key).is_none_or(|(v, _)| *v <= version) {
            map.insert(key, (version, body));
        }
    }
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

/// Answers a public read of tournament `tid` from the cache when it can.
/// `key_extra` distinguishes variants of the same URL (e.g. the page language).
pub async fn cached<T, F>(
    state: &web::Data<AppState>,
    req: &HttpRequest,
    tid: TournamentId,
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
    // The gzip copy is another representation: its own (strong) ETag.
    let gzip = accepts_gzip(req);
    let variant = format!("{key_extra}{}", if gzip { "+gz" } else { "" });
    let etag = state.cache.etag(tid, version, &variant);
    if not_modified(req, &etag) {
        return Ok(HttpResponse::NotModified()
            .insert_header((header::ETAG, etag))
            .finish());
    }
    let key = format!("{}\u{0}{key_extra}", req.uri());
    let (etag, body) = match state.cache.get(&key, version) {
        Some(b) => (etag, b),
        None => match state.cache.latest(&key) {
            // An older copy exists and someone is already recomputing: serve it.
            Some((old, b)) if !state.cache.claim(&key) => {
                let stale = state.cache.etag(tid, old, &variant);
                if not_modified(req, &stale) {
                    // The reader already holds that copy.
                    return Ok(HttpResponse::NotModified()
                        .insert_header((header::ETAG, stale))
                        .finish());
                }
                (stale, b)
            }
            Some(_) => {
                // This reader recomputes; the claim is released whatever happens.
                let guard = Refresh {
                    state: state.clone(),
                    key: key.clone(),
                };
                let b = web::block(move || {
                    compute(&guard.state, guard.key.clone(), version, f, render)
                })
                .await??;
                (etag, b)
            }
            None => {
                let st = state.clone();
                let b = web::block(move || -> Result<Body, AppError> {
                    let flight = st.cache.flight(&key);
                    let _one = flight.lock().unwrap_or_else(|p| p.into_inner());
                    match st.cache.get(&key, version) {
                        Some(b) => Ok(b),
                        None => compute(&st, key, version, f, render),
                    }
                })
                .await??;
                (etag, b)
            }
        },
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

/// Reads and renders the public answer and keeps it as `version` of `key`.
fn compute<T, F>(
    st: &AppState,
    key: String,
    version: u64,
    f: F,
    render: impl FnOnce(T) -> Result<Vec<u8>, AppError>,
) -> Result<Body, AppError>
where
    F: FnOnce(&mut DbConnection, &Actor) -> DomainResult<T>,
{
    let v = st.db.read(|conn| f(conn, &Actor::anonymous()))?;
    let b = Body::new(Bytes::from(render(v)?));
    st.cache.put(key, version, b.clone());
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
    F: FnOnce(&mut DbConnection, &Actor) -> DomainResult<T> + Send + 'static,
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_stale_copy_is_kept_until_a_newer_one_arrives() {
        let c = Cache::default();
        c.put("k".into(), 2, Body::new(Bytes::from_static(b"two")));
        c.put("k".into(), 1, Body::new(Bytes::from_static(b"one")));
        assert_eq!(c.get("k", 2).map(|b| b.plain).as_deref(), Some(&b"two"[..]));
        assert!(c.get("k", 3).is_none(), "version 3 is not computed yet");
        assert_eq!(c.latest("k").map(|(v, _)| v), Some(2));
        assert!(c.claim("k"), "the first reader recomputes");
        assert!(!c.claim("k"), "the others serve the stale copy");
        c.release("k");
        assert!(c.claim("k"));
    }

    #[test]
    fn the_gzip_copy_holds_the_same_bytes() {
        use std::io::Read;
        let text = "standings ".repeat(1000);
        let b = Body::new(Bytes::from(text.clone()));
        assert!(b.gzip.len() < b.plain.len() / 10);
        let mut out = String::new();
        flate2::read::GzDecoder::new(&b.gzip[..])
            .read_to_string(&mut out)
            .unwrap();
        assert_eq!(out, text);
    }
}
