//! Several server processes on one database: the tournament versions.
//!
//! The database is the source of every version: `tournament_versions` is bumped
//! by a trigger on `audit_log` in the writing transaction (see
//! `migrations/*/2026-11-24-180000_instances/up.sql`). Each process keeps a copy
//! of the versions it has seen, which the cache (`web/cache.rs`) and the live
//! streams (`web/pages/live.rs`) read on every request; the copy is kept current
//!
//! - after this process's own writes (`Versions::refresh`, synchronously, so a
//!   writer reads its own write at once);
//! - on PostgreSQL by `LISTEN arbiter_changes` on a connection of its own
//!   (`listen_postgres`): the trigger's `pg_notify` carries `tid:version` and
//!   arrives only after the commit. When the connection drops, it reconnects,
//!   listens again and then reloads every version (every tournament counts as
//!   changed, so nothing missed while it was away stays stale);
//! - on SQLite by polling `PRAGMA data_version` on a connection of its own
//!   (`poll_sqlite`), which changes when another connection — of this process or
//!   another one on the same file — commits; then every version is reloaded.
//!
//! Besides the newest version it knows (`get`), each process keeps the version
//! its answers must not be older than (`required`): a version this process
//! wrote is required at once (a writer, and everyone after its acknowledgement,
//! reads its write on the instance that took it); a version another process
//! wrote becomes required `REMOTE_GRACE` after this process heard of it. In
//! that grace the cache recomputes its hot answers in the background
//! (`web::cache::Refresher`) instead of making readers wait — the promise to a
//! reader of another instance is "current within one second" (the one-second
//! budget: SQLite's poll 200 ms + grace 400 ms + the live page's tick 250 ms).

use crate::db::schema::{arbiter_meta, tournament_versions};
use crate::db::{Backend, Database, DbConnection};
use crate::domain::ids::TournamentId;
use diesel::prelude::*;
use std::collections::HashMap;
use std::collections::VecDeque;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, RwLock};
use std::time::{Duration, Instant};

/// The PostgreSQL channel the trigger notifies.
pub const CHANNEL: &str = "arbiter_changes";
/// The listener connection's `application_name` (visible in pg_stat_activity).
pub const LISTENER_NAME: &str = "arbiter-listener";
/// How often SQLite's `data_version` is looked at.
pub const SQLITE_POLL: Duration = Duration::from_millis(200);
/// How long a version written by another process may go unserved here.
pub const REMOTE_GRACE: Duration = Duration::from_millis(400);

/// What this process knows of one tournament's version.
#[derive(Default)]
struct Known {
    /// The newest version seen.
    latest: u64,
    /// Answers must be at least this version.
    required: u64,
    /// Versions of other processes, with when they were heard of, not yet required.
    pending: VecDeque<(Instant, u64)>,
}

impl Known {
    /// `required`, counting the pending versions whose grace ended by `now`.
    fn required_at(&self, now: Instant) -> u64 {
        self.pending
            .iter()
            .filter(|(at, _)| now.saturating_duration_since(*at) >= REMOTE_GRACE)
            .map(|(_, v)| *v)
            .fold(self.required, u64::max)
    }

    /// Moves the pending versions whose grace ended into `required`.
    fn settle(&mut self, now: Instant) {
        self.required = self.required_at(now);
        let required = self.required;
        self.pending
            .retain(|(at, v)| *v > required && now.saturating_duration_since(*at) < REMOTE_GRACE);
    }

    fn remote(&mut self, version: u64, now: Instant) {
        self.settle(now);
        if version > self.latest {
            self.latest = version;
            self.pending.push_back((now, version));
        }
    }

    /// This process wrote `version`, not yet acknowledged: known, not required.
    fn written(&mut self, version: u64) {
        self.latest = self.latest.max(version);
    }

    fn local(&mut self, version: u64) {
        self.latest = self.latest.max(version);
        self.required = self.required.max(version);
        let required = self.required;
        self.pending.retain(|(_, v)| *v > required);
    }
}

pub struct Versions {
    db: Database,
    map: RwLock<HashMap<TournamentId, Known>>,
    /// Set on shutdown: the listener thread and the live streams end.
    closing: AtomicBool,
    /// Notifications received (PostgreSQL) or data_version changes seen (SQLite).
    pub notifications: AtomicU64,
    /// Reconnections of the listener.
    pub reconnects: AtomicU64,
}

impl Versions {
    pub fn new(db: Database) -> Arc<Versions> {
        Arc::new(Versions {
            db,
            map: RwLock::new(HashMap::new()),
            closing: AtomicBool::new(false),
            notifications: AtomicU64::new(0),
            reconnects: AtomicU64::new(0),
        })
    }

    /// The newest version of tournament `tid` known here; read from the
    /// database the first time.
    pub fn get(&self, tid: TournamentId) -> u64 {
        self.both(tid).0
    }

    /// The version answers about `tid` must not be older than (see the module's
    /// comment): never above `get(tid)`.
    pub fn required(&self, tid: TournamentId) -> u64 {
        self.both(tid).1
    }

    /// `(get, required)` of `tid`, as one reading.
    pub fn both(&self, tid: TournamentId) -> (u64, u64) {
        if let Some(k) = self.map.read().unwrap_or_else(|p| p.into_inner()).get(&tid) {
            return (k.latest, k.required_at(Instant::now()));
        }
        let v = self
            .db
            .conn()
            .ok()
            .and_then(|mut c| load_one(&mut c, tid).ok())
            .unwrap_or(0);
        // The first reading is the database's own: required at once.
        self.observe_local(tid, v);
        self.map
            .read()
            .unwrap_or_else(|p| p.into_inner())
            .get(&tid)
            .map_or((v, v), |k| (k.latest, k.required_at(Instant::now())))
    }

    /// Another process wrote: tournament `tid` is at `version` (versions only grow).
    pub fn observe(&self, tid: TournamentId, version: u64) {
        let mut map = self.map.write().unwrap_or_else(|p| p.into_inner());
        map.entry(tid).or_default().remote(version, Instant::now());
    }

    /// This process wrote (or read the database itself): `version` is required now.
    pub fn observe_local(&self, tid: TournamentId, version: u64) {
        let mut map = self.map.write().unwrap_or_else(|p| p.into_inner());
        map.entry(tid).or_default().local(version);
    }

    /// After a write of this process to `tid`, before its acknowledgement: reads
    /// the version back from the database (newest known, not yet required —
    /// `observe_local` requires it once the answers are remade).
    pub fn written(&self, tid: TournamentId) -> Option<u64> {
        let mut c = self.db.conn().ok()?;
        let v = load_one(&mut c, tid).ok()?;
        let mut map = self.map.write().unwrap_or_else(|p| p.into_inner());
        map.entry(tid).or_default().written(v);
        Some(v)
    }

    /// After a write of this process: reads the version of `tid` (or of every
    /// tournament, when the write named none) from the database; required at once.
    pub fn refresh(&self, tid: Option<TournamentId>) {
        let Ok(mut c) = self.db.conn() else { return };
        match tid {
            Some(t) => {
                if let Ok(v) = load_one(&mut c, t) {
                    self.observe_local(t, v);
                }
            }
            None => {
                let _ = self.reload_as(&mut c, true);
            }
        }
    }

    /// Reloads every version from `conn` (what other processes wrote).
    pub fn reload_with(&self, conn: &mut DbConnection) -> QueryResult<()> {
        self.reload_as(conn, false)
    }

    /// Reloads every version from `conn`; `local`: required at once.
    fn reload_as(&self, conn: &mut DbConnection, local: bool) -> QueryResult<()> {
        let rows: Vec<(TournamentId, i64)> = tournament_versions::table
            .select((
                tournament_versions::tournament_id,
                tournament_versions::version,
            ))
            .load(conn)?;
        let now = Instant::now();
        let mut map = self.map.write().unwrap_or_else(|p| p.into_inner());
        for (t, v) in rows {
            let v = v.max(0) as u64;
            let k = map.entry(t).or_default();
            if local {
                k.local(v);
            } else {
                k.remote(v, now);
            }
        }
        Ok(())
    }

    pub fn close(&self) {
        self.closing.store(true, Ordering::SeqCst);
    }

    pub fn closing(&self) -> bool {
        self.closing.load(Ordering::SeqCst)
    }

    /// Starts the thread that keeps this process current with the others.
    pub fn start_watcher(self: &Arc<Versions>) {
        let me = self.clone();
        let name = match self.db.backend() {
            Backend::Postgres => "pg-listener",
            Backend::Sqlite => "sqlite-watcher",
        };
        let _ = std::thread::Builder::new()
            .name(name.into())
            .spawn(move || match me.db.backend() {
                Backend::Postgres => listen_postgres(&me),
                Backend::Sqlite => poll_sqlite(&me),
            });
    }
}

fn load_one(conn: &mut DbConnection, tid: TournamentId) -> QueryResult<u64> {
    let v: Option<i64> = tournament_versions::table
        .filter(tournament_versions::tournament_id.eq(tid))
        .select(tournament_versions::version)
        .first(conn)
        .optional()?;
    Ok(v.unwrap_or(0).max(0) as u64)
}

/// The random identity of this database (for ETags).
pub fn epoch(db: &Database) -> String {
    db.conn()
        .ok()
        .and_then(|mut c| {
            arbiter_meta::table
                .filter(arbiter_meta::key.eq("epoch"))
                .select(arbiter_meta::value)
                .first::<String>(&mut c)
                .ok()
        })
        .unwrap_or_default()
}

/// Parses a notification payload `tid:version`.
pub fn parse_payload(s: &str) -> Option<(TournamentId, u64)> {
    let (t, v) = s.split_once(':')?;
    Some((t.trim().parse().ok()?, v.trim().parse().ok()?))
}

fn listen_postgres(v: &Arc<Versions>) {
    use postgres::fallible_iterator::FallibleIterator;
    let url = v.db.url().to_string();
    let mut first = true;
    while !v.closing() {
        let config = url.parse::<postgres::Config>().map(|mut c| {
            c.application_name(LISTENER_NAME);
            c
        });
        let mut client = match config.and_then(|c| c.connect(postgres::NoTls)) {
            Ok(c) => c,
            Err(e) => {
                log::warn!("change listener: cannot connect ({e}); retrying in 1 s");
                std::thread::sleep(Duration::from_secs(1));
                continue;
            }
        };
        if let Err(e) = client.batch_execute(&format!("LISTEN {CHANNEL}")) {
            log::warn!("change listener: LISTEN failed ({e}); retrying in 1 s");
            std::thread::sleep(Duration::from_secs(1));
            continue;
        }
        // Listening now: whatever changed before (while disconnected) is read once.
        if !first {
            v.reconnects.fetch_add(1, Ordering::Relaxed);
            log::info!("change listener: reconnected; every tournament counts as changed");
        }
        first = false;
        if let Ok(mut c) = v.db.conn() {
            let _ = v.reload_with(&mut c);
        }
        'connected: while !v.closing() {
            let mut notes = client.notifications();
            let mut it = notes.timeout_iter(Duration::from_secs(1));
            loop {
                match it.next() {
                    Ok(Some(n)) => {
                        v.notifications.fetch_add(1, Ordering::Relaxed);
                        if let Some((t, ver)) = parse_payload(n.payload()) {
                            v.observe(t, ver);
                        }
                    }
                    Ok(None) => break,
                    Err(e) => {
                        log::warn!("change listener: connection lost ({e}); reconnecting");
                        break 'connected;
                    }
                }
            }
            drop(it);
            drop(notes);
            // Quiet for a second: make sure the connection is still there.
            if let Err(e) = client.is_valid(Duration::from_secs(2)) {
                log::warn!("change listener: connection lost ({e}); reconnecting");
                break 'connected;
            }
        }
    }
}

#[derive(QueryableByName)]
struct DataVersion {
    #[diesel(sql_type = diesel::sql_types::BigInt)]
    data_version: i64,
}

fn poll_sqlite(v: &Arc<Versions>) {
    let path = v.db.url();
    let path = path.strip_prefix("sqlite://").unwrap_or(path).to_string();
    let mut conn = match DbConnection::establish(&path) {
        Ok(c) => c,
        Err(e) => {
            log::error!(
                "change watcher: cannot open {path}: {e}; other processes' writes will not be seen"
            );
            return;
        }
    };
    let mut seen: Option<i64> = None;
    while !v.closing() {
        let now = diesel::sql_query("PRAGMA data_version")
            .get_result::<DataVersion>(&mut conn)
            .map(|d| d.data_version);
        if let Ok(now) = now {
            if seen != Some(now) {
                if seen.is_some() {
                    v.notifications.fetch_add(1, Ordering::Relaxed);
                }
                seen = Some(now);
                let _ = v.reload_with(&mut conn);
            }
        }
        std::thread::sleep(SQLITE_POLL);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_version_of_another_process_is_required_after_the_grace() {
        let t0 = Instant::now();
        let mut k = Known::default();
        k.local(3);
        assert_eq!((k.latest, k.required_at(t0)), (3, 3));
        k.remote(5, t0);
        k.remote(4, t0);
        assert_eq!(k.latest, 5, "versions only grow");
        assert_eq!(
            k.required_at(t0),
            3,
            "in the grace the old answer may stand"
        );
        let half = t0 + REMOTE_GRACE / 2;
        k.remote(7, half);
        assert_eq!(k.required_at(t0 + REMOTE_GRACE), 5);
        assert_eq!(k.required_at(half + REMOTE_GRACE), 7);
        k.settle(t0 + REMOTE_GRACE);
        assert_eq!((k.required, k.pending.len()), (5, 1));
        k.written(8);
        assert_eq!(
            (k.latest, k.required_at(half)),
            (8, 5),
            "an own write not yet acknowledged"
        );
        k.local(8);
        assert_eq!(
            (k.latest, k.required_at(half)),
            (8, 8),
            "an own write is required at once"
        );
        assert!(k.pending.is_empty());
    }

    #[test]
    fn payloads() {
        assert_eq!(parse_payload("12:345"), Some((TournamentId(12), 345)));
        assert_eq!(parse_payload("x:1"), None);
        assert_eq!(parse_payload("12"), None);
    }
}
