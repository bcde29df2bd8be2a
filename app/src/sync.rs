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

use crate::db::schema::{arbiter_meta, tournament_versions};
use crate::db::{Backend, Database, DbConnection};
use crate::domain::ids::TournamentId;
use diesel::prelude::*;
use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, RwLock};
use std::time::Duration;

/// The PostgreSQL channel the trigger notifies.
pub const CHANNEL: &str = "arbiter_changes";
/// The listener connection's `application_name` (visible in pg_stat_activity).
pub const LISTENER_NAME: &str = "arbiter-listener";
/// How often SQLite's `data_version` is looked at.
pub const SQLITE_POLL: Duration = Duration::from_millis(200);

pub struct Versions {
    db: Database,
    map: RwLock<HashMap<TournamentId, u64>>,
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

    /// The version of tournament `tid`; read from the database the first time.
    pub fn get(&self, tid: TournamentId) -> u64 {
        if let Some(v) = self.map.read().unwrap_or_else(|p| p.into_inner()).get(&tid) {
            return *v;
        }
        let v = self
            .db
            .conn()
            .ok()
            .and_then(|mut c| load_one(&mut c, tid).ok())
            .unwrap_or(0);
        self.observe(tid, v);
        self.get_cached(tid).unwrap_or(v)
    }

    fn get_cached(&self, tid: TournamentId) -> Option<u64> {
        self.map
            .read()
            .unwrap_or_else(|p| p.into_inner())
            .get(&tid)
            .copied()
    }

    /// Tournament `tid` is at `version` (versions only grow).
    pub fn observe(&self, tid: TournamentId, version: u64) {
        let mut map = self.map.write().unwrap_or_else(|p| p.into_inner());
        let e = map.entry(tid).or_insert(version);
        if *e < version {
            *e = version;
        }
    }

    /// After a write of this process: reads the version of `tid` (or of every
    /// tournament, when the write named none) from the database.
    pub fn refresh(&self, tid: Option<TournamentId>) {
        let Ok(mut c) = self.db.conn() else { return };
        match tid {
            Some(t) => {
                if let Ok(v) = load_one(&mut c, t) {
                    self.observe(t, v);
                }
            }
            None => {
                let _ = self.reload_with(&mut c);
            }
        }
    }

    /// Reloads every version from `conn`.
    pub fn reload_with(&self, conn: &mut DbConnection) -> QueryResult<()> {
        let rows: Vec<(TournamentId, i64)> = tournament_versions::table
            .select((
                tournament_versions::tournament_id,
                tournament_versions::version,
            ))
            .load(conn)?;
        let mut map = self.map.write().unwrap_or_else(|p| p.into_inner());
        for (t, v) in rows {
            let v = v.max(0) as u64;
            let e = map.entry(t).or_insert(v);
            if *e < v {
                *e = v;
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
    fn payloads() {
        assert_eq!(parse_payload("12:345"), Some((TournamentId(12), 345)));
        assert_eq!(parse_payload("x:1"), None);
        assert_eq!(parse_payload("12"), None);
    }
}
