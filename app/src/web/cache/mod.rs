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
//! (`shared`): each version of an answer is made by one of them
//! and taken by the others.
//!
//! A reader that finds no copy recent enough computes it (the first reader
//! after a start, or of a page nobody reads often); while it does, the other
//! readers get the page as it was a moment before instead of queueing behind
//! it — unless they ask for a version at least as new as one they were told of
//! (`MIN_VERSION_HEADER`, sent by the live pages after an update event).

mod body;
mod http;
mod refresher;
pub mod shared;

pub use body::Body;
pub use http::{cached, cached_json, settle};

use super::error::AppError;
use crate::domain::ids::TournamentId;
use crate::sync::Versions;
use shared::SharedAnswers;
use std::collections::HashMap;
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Condvar, Mutex};
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
    /// Answers the refresher took from another instance (`shared`).
    pub shared: AtomicU64,
    /// The bytes the copies hold now, and the most they may (`config::Limits`).
    bytes: AtomicUsize,
    budget: usize,
}

impl Default for Cache {
    fn default() -> Self {
        Cache::new(format!("{:x}", rand::random::<u64>()))
    }
}

impl Cache {
    pub fn new(epoch: String) -> Cache {
        Cache::with_budget(epoch, crate::config::Limits::default().cache_bytes)
    }

    /// A cache whose copies hold at most `budget` bytes.
    pub fn with_budget(epoch: String, budget: usize) -> Cache {
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
            bytes: AtomicUsize::new(0),
            budget,
        }
    }

    /// The copies kept now.
    pub fn len(&self) -> usize {
        self.entries().len()
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The bytes the copies hold now (keys and both bodies).
    pub fn bytes(&self) -> usize {
        self.bytes.load(Ordering::Relaxed)
    }
}

/// What a copy costs the budget.
fn cost(key: &str, body: &Body) -> usize {
    key.len() + body.plain.len() + body.gzip.len() + 64
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
            self.bytes.store(0, Ordering::Relaxed);
        }
        // Never replace a newer copy by an older one (two readers may finish out of order).
        if map.get(&key).is_none_or(|e| e.version <= version) {
            let read_at = match map.get(&key) {
                Some(e) if !read => e.read_at,
                _ => now,
            };
            let new_cost = cost(&key, &body);
            if let Some(old) = map.get(&key) {
                self.bytes
                    .fetch_sub(cost(&key, &old.body).min(self.bytes()), Ordering::Relaxed);
            }
            // Over the budget: the copies read longest ago go, down to three
            // quarters of it.
            if self.bytes() + new_cost > self.budget {
                let mut by_age: Vec<(Instant, String)> = map
                    .iter()
                    .filter(|(k, _)| **k != key)
                    .map(|(k, e)| (e.read_at, k.clone()))
                    .collect();
                by_age.sort();
                for (_, k) in by_age {
                    if self.bytes() + new_cost <= self.budget / 4 * 3 {
                        break;
                    }
                    if let Some(e) = map.remove(&k) {
                        self.bytes
                            .fetch_sub(cost(&k, &e.body).min(self.bytes()), Ordering::Relaxed);
                    }
                }
            }
            self.bytes.fetch_add(new_cost, Ordering::Relaxed);
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
            .spawn(move || refresher::run(cache, versions, shared));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use actix_web::web::Bytes;

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
