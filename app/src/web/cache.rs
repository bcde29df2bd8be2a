//! Public reads are cached: an ETag per tournament version (stored in the
//! database and bumped in every write transaction, see `crate::sync`; so every
//! instance and every restart gives the same ETag for the same state),
//! `If-None-Match` answered with 304, and the body kept in memory until the
//! tournament's version moves. Only anonymous requests are
//! cached — staff may see more (unpublished pairings), so theirs are always fresh.
//!
//! Answers are recomputed ahead of their readers: each copy keeps how it was
//! made, and the `Refresher` thread remakes the copies readers are reading
//! whenever the tournament's version moves — at most once per `MIN_GAP` per
//! tournament, however fast results arrive. A write of this process waits for
//! that before it is acknowledged (`settle`), so everyone reading after the
//! acknowledgement reads the write without computing it; a write of another
//! process may go unserved for `sync::REMOTE_GRACE` while the refresher works.
//! So readers of a busy tournament do not compute. On PostgreSQL the refresher
//! also shares what it makes with the other instances on the database
//! (`super::shared_answers`): each version of an answer is made by one of them
//! and taken by the others.
//!
//! A reader that finds no copy recent enough computes it (the first reader
//! after a start, or of a page nobody reads often); while it does, the other
//! readers get the page as it was a moment before instead of queueing behind
//! it — unless they ask for a version at least as new as one they were told of
//! (`MIN_VERSION_HEADER`, sent by the live pages after an update event).

use super::auth::Credentials;
use super::error::AppError;
use super::shared_answers::{Found, SharedAnswers};
use super::{read, AppState};
use crate::db::{Database, DbConnection};
use crate::domain::ids::TournamentId;
use crate::domain::{Actor, DomainResult};
use crate::sync::Versions;
use actix_web::http::header;
use actix_web::web::{self, Bytes};
use actix_web::{HttpRequest, HttpResponse};
use serde::Serialize;
use std::collections::HashMap;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Condvar, Mutex, Weak};
use std::time::{Duration, Instant};

const MAX_ENTRIES: usize = 20_000;
/// The refresher remakes one tournament's answers at most this often.
pub const MIN_GAP: Duration = Duration::from_millis(200);
/// How often the refresher looks for versions moved by other processes.
const POLL: Duration = Duration::from_millis(50);
/// A copy read within this long is remade ahead of its readers.
const HOT_FOR: Duration = Duration::from_secs(3);
/// The longest a write waits for its answers to be remade (then readers do it).
const SETTLE_WAIT: Duration = Duration::from_secs(2);
/// A reader that was told of version N (the live stream's event) sends it here:
/// it is never answered with an older copy.
pub const MIN_VERSION_HEADER: &str = "X-Arbiter-Version";

/// A cached answer, plain and gzip-compressed once (phones ask for gzip; the
/// compression is paid once per version instead of once per reader).
#[derive(Clone)]
pub struct Body {
    pub plain: Bytes,
    pub gzip: Bytes,
}

impl Body {
    pub fn new(plain: Bytes) -> Body {
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

/// How an answer is made: reads the database (as the public) and renders.
type Recipe = Arc<dyn Fn() -> Result<Body, AppError> + Send + Sync>;

/// One tournament's copies to remake: its newest version, and each key's recipe.
type Behind = (TournamentId, u64, Vec<(String, Recipe)>);

struct Entry {
    tid: TournamentId,
    version: u64,
    body: Body,
    /// How to make it again; dropped when nobody read it for `HOT_FOR`.
    recipe: Option<Recipe>,
    /// When a reader last asked for it.
    read_at: Instant,
}

impl Entry {
    /// Read lately, and can be remade: worth remaking ahead of the readers.
    fn hot(&self, now: Instant) -> bool {
        self.recipe.is_some() && now.saturating_duration_since(self.read_at) < HOT_FOR
    }
}

/// Wakes the refresher; counts its rounds for the writers waiting on it.
#[derive(Default)]
struct Signal {
    kicked: bool,
    rounds: u64,
}

pub struct Cache {
    /// The database's identity (`arbiter_meta.epoch`): ETags of two databases never collide.
    epoch: String,
    entries: Mutex<HashMap<String, Entry>>,
    /// One computation per key at a time: after a write, the first reader
    /// recomputes and the others wait for its answer instead of piling up.
    flights: Mutex<HashMap<String, Arc<Mutex<()>>>>,
    /// Keys being recomputed while an older copy is served.
    refreshing: Mutex<std::collections::HashSet<String>>,
    signal: Mutex<Signal>,
    /// The refresher waits on `wake`, writers on `done`.
    wake: Condvar,
    done: Condvar,
    /// Answers remade by the refresher (for `/metrics`).
    pub refreshed: AtomicU64,
    /// Answers a reader had to make itself (for `/metrics`).
    pub computed: AtomicU64,
    /// Answers the refresher took from another instance (`shared_answers`).
    pub shared: AtomicU64,
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
            signal: Mutex::new(Signal::default()),
            wake: Condvar::new(),
            done: Condvar::new(),
            refreshed: AtomicU64::new(0),
            computed: AtomicU64::new(0),
            shared: AtomicU64::new(0),
        }
    }
}

impl Cache {
    pub fn etag(&self, tid: TournamentId, version: u64, variant: &str) -> String {
        format!("\"{}-{tid}-{version}{variant}\"", self.epoch)
    }

    fn entries(&self) -> std::sync::MutexGuard<'_, HashMap<String, Entry>> {
        self.entries.lock().unwrap_or_else(|p| p.into_inner())
    }

    /// The copy of `key` if it is at least `version` (and its version); counts as read.
    fn get_at_least(&self, key: &str, version: u64) -> Option<(u64, Body)> {
        let mut map = self.entries();
        let e = map.get_mut(key).filter(|e| e.version >= version)?;
        e.read_at = Instant::now();
        Some((e.version, e.body.clone()))
    }

    #[cfg(test)]
    fn get(&self, key: &str, version: u64) -> Option<Body> {
        let map = self.entries();
        map.get(key)
            .filter(|e| e.version == version)
            .map(|e| e.body.clone())
    }

    /// The newest copy of `key`, whatever its version.
    fn latest(&self, key: &str) -> Option<(u64, Body)> {
        let map = self.entries();
        map.get(key).map(|e| (e.version, e.body.clone()))
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

    /// Keeps `body` as `version` of `key` (made by `recipe`); `read`: for a
    /// reader (else the copy keeps the time its last reader asked).
    fn put(
        &self,
        key: String,
        tid: TournamentId,
        version: u64,
        body: Body,
        recipe: Option<Recipe>,
        read: bool,
    ) {
        let now = Instant::now();
        let mut map = self.entries();
        if map.len() >= MAX_ENTRIES {
            map.clear();
        }
        // Never replace a newer copy by an older one (two readers may finish out of order).
        if map.get(&key).is_none_or(|e| e.version <= version) {
            let read_at = match map.get(&key) {
                Some(e) if !read => e.read_at,
                _ => now,
            };
            map.insert(
                key,
                Entry {
                    tid,
                    version,
                    body,
                    recipe,
                    read_at,
                },
            );
        }
    }

    /// The copies behind `latest(tid)` that readers read lately: the
    /// refresher's work. Copies nobody read lately lose their recipe (the next
    /// reader makes them).
    fn behind(&self, latest: &mut dyn FnMut(TournamentId) -> u64) -> Vec<Behind> {
        let mut map = self.entries();
        let mut work: HashMap<TournamentId, (u64, Vec<(String, Recipe)>)> = HashMap::new();
        let mut seen: HashMap<TournamentId, u64> = HashMap::new();
        let now = Instant::now();
        for (key, e) in map.iter_mut() {
            if e.recipe.is_none() {
                continue;
            }
            let v = *seen.entry(e.tid).or_insert_with(|| latest(e.tid));
            if e.version >= v {
                continue;
            }
            if !e.hot(now) {
                e.recipe = None;
                continue;
            }
            let Some(recipe) = &e.recipe else { continue };
            work.entry(e.tid)
                .or_insert_with(|| (v, Vec::new()))
                .1
                .push((key.clone(), recipe.clone()));
        }
        work.into_iter().map(|(t, (v, w))| (t, v, w)).collect()
    }

    /// Whether some copy of `tid` that readers read is older than `version`.
    fn hot_behind(&self, tid: TournamentId, version: u64) -> bool {
        let now = Instant::now();
        self.entries()
            .values()
            .any(|e| e.tid == tid && e.version < version && e.hot(now))
    }

    fn kick(&self) {
        let mut s = self.signal.lock().unwrap_or_else(|p| p.into_inner());
        s.kicked = true;
        self.wake.notify_all();
    }

    /// Waits (at most `timeout`) until the refresher remade the read copies of
    /// `tid` up to `version`.
    fn wait_fresh(&self, tid: TournamentId, version: u64, timeout: Duration) {
        let end = Instant::now() + timeout;
        let mut s = self.signal.lock().unwrap_or_else(|p| p.into_inner());
        loop {
            drop(s);
            if !self.hot_behind(tid, version) {
                return;
            }
            s = self.signal.lock().unwrap_or_else(|p| p.into_inner());
            let left = end.saturating_duration_since(Instant::now());
            if left.is_zero() {
                return;
            }
            let rounds = s.rounds;
            while s.rounds == rounds {
                let left = end.saturating_duration_since(Instant::now());
                if left.is_zero() {
                    return;
                }
                s = self
                    .done
                    .wait_timeout(s, left)
                    .unwrap_or_else(|p| p.into_inner())
                    .0;
            }
        }
    }

    /// Starts the thread that remakes read answers when versions move. It ends
    /// when the cache is dropped or the versions close (shutdown). With
    /// `shared` (PostgreSQL), answers another instance made are taken from the
    /// database instead of made again.
    pub fn start_refresher(
        self: &Arc<Cache>,
        versions: Arc<Versions>,
        shared: Option<SharedAnswers>,
    ) {
        let cache = Arc::downgrade(self);
        let _ = std::thread::Builder::new()
            .name("cache-refresher".into())
            .spawn(move || refresher(cache, versions, shared));
    }
}

/// A copy to remake; while another instance makes it, asked for again until
/// `since + SHARED_WAIT`.
struct Waiting {
    tid: TournamentId,
    version: u64,
    key: String,
    recipe: Recipe,
    since: Instant,
}

/// How often the refresher asks again for a copy another instance is making.
const SHARED_POLL: Duration = Duration::from_millis(10);
/// How long it waits for another instance before making the copy itself.
const SHARED_WAIT: Duration = Duration::from_secs(1);
/// How often copies nobody remade lately are cleared from the shared table.
const FORGET_EVERY: Duration = Duration::from_secs(60);

/// Makes `w.key` here (and stores it in the shared table when this instance
/// holds the claim there); releases the key's claim in this process.
fn make(c: &Cache, shared: Option<&SharedAnswers>, w: Waiting) {
    let Waiting {
        tid,
        version,
        key,
        recipe,
        ..
    } = w;
    match recipe() {
        Ok(body) => {
            c.refreshed.fetch_add(1, Ordering::Relaxed);
            if let Some(s) = shared {
                if let Err(e) = s.store(&key, version, &body) {
                    log::warn!("shared answers: cannot store {key:?}: {e}");
                }
            }
            c.put(key.clone(), tid, version, body, Some(recipe), false);
        }
        Err(e) => {
            // The next reader computes it (and gets the error itself).
            log::debug!("cache refresher: {key:?}: {e}");
            if let Some(s) = shared {
                let _ = s.release(&key, version);
            }
            if let Some(en) = c.entries().get_mut(&key) {
                en.recipe = None;
            }
        }
    }
    c.release(&key);
}

/// Takes `w` from the shared table, or makes it when this instance wins the
/// claim there; gives it back to be asked for again while another instance
/// is making it (until `SHARED_WAIT` has passed: then it is made here).
fn take_or_make(c: &Cache, shared: Option<&SharedAnswers>, w: Waiting) -> Option<Waiting> {
    let Some(s) = shared else {
        make(c, None, w);
        return None;
    };
    match s.find_or_claim(&w.key, w.tid, w.version) {
        Ok(Found::Copy(v, body)) => {
            c.shared.fetch_add(1, Ordering::Relaxed);
            c.put(w.key.clone(), w.tid, v, body, Some(w.recipe), false);
            c.release(&w.key);
            None
        }
        Ok(Found::Claimed) => {
            make(c, Some(s), w);
            None
        }
        Ok(Found::Busy) if w.since.elapsed() < SHARED_WAIT => Some(w),
        Ok(Found::Busy) => {
            make(c, None, w);
            None
        }
        Err(e) => {
            log::warn!("shared answers: {e}; making {:?} here", w.key);
            make(c, None, w);
            None
        }
    }
}

fn refresher(cache: Weak<Cache>, versions: Arc<Versions>, shared: Option<SharedAnswers>) {
    let mut last: HashMap<TournamentId, Instant> = HashMap::new();
    let mut waiting: Vec<Waiting> = Vec::new();
    let mut forgot = Instant::now();
    let mut wait = POLL;
    while !versions.closing() {
        let Some(c) = cache.upgrade() else { return };
        {
            let s = c.signal.lock().unwrap_or_else(|p| p.into_inner());
            let mut s = if s.kicked {
                s
            } else {
                c.wake
                    .wait_timeout(s, wait)
                    .unwrap_or_else(|p| p.into_inner())
                    .0
            };
            s.kicked = false;
        }
        wait = POLL;
        // The copies other instances were making when last asked.
        waiting = std::mem::take(&mut waiting)
            .into_iter()
            .filter_map(|w| take_or_make(&c, shared.as_ref(), w))
            .collect();
        let now = Instant::now();
        for (tid, version, items) in c.behind(&mut |t| versions.get(t)) {
            if let Some(at) = last.get(&tid) {
                let due = *at + MIN_GAP;
                if due > now {
                    wait = wait.min(due - now);
                    continue;
                }
            }
            // Claimed as a reader claims a recomputation: meanwhile readers
            // get the copy from before (unless told of a newer version).
            let items: Vec<_> = items.into_iter().filter(|(k, _)| c.claim(k)).collect();
            if items.is_empty() {
                continue;
            }
            last.insert(tid, now);
            for (key, recipe) in items {
                let w = Waiting {
                    tid,
                    version,
                    key,
                    recipe,
                    since: now,
                };
                waiting.extend(take_or_make(&c, shared.as_ref(), w));
            }
        }
        if !waiting.is_empty() {
            wait = wait.min(SHARED_POLL);
        }
        if let Some(s) = &shared {
            if forgot.elapsed() >= FORGET_EVERY {
                forgot = Instant::now();
                match s.forget_old() {
                    Ok(0) => {}
                    Ok(n) => log::debug!("shared answers: {n} old copies forgotten"),
                    Err(e) => log::warn!("shared answers: cannot forget old copies: {e}"),
                }
            }
        }
        let mut s = c.signal.lock().unwrap_or_else(|p| p.into_inner());
        s.rounds += 1;
        c.done.notify_all();
    }
}

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
    let key = format!("{}\u{0}{key_extra}", req.uri());
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_stale_copy_is_kept_until_a_newer_one_arrives() {
        let c = Cache::default();
        let t = TournamentId(1);
        c.put(
            "k".into(),
            t,
            2,
            Body::new(Bytes::from_static(b"two")),
            None,
            false,
        );
        c.put(
            "k".into(),
            t,
            1,
            Body::new(Bytes::from_static(b"one")),
            None,
            false,
        );
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
