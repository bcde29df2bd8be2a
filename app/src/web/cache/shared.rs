//! Public answers made once for every instance on one PostgreSQL database.
//!
//! Without this, each instance's refresher (`web/cache.rs`) remakes every hot
//! answer (standings, pairings — JSON and page) for every version of the
//! tournament: with three instances, three times the work of one, and on a
//! small machine that work is what readers wait behind. With it, the first
//! instance that needs version `v` of an answer claims it in the table
//! `public_answers` (`migrations/postgres/2026-11-27-000000_public_answers`),
//! makes it and stores the bytes; the others find the stored copy (one
//! indexed read) instead of making it again.
//!
//! Only anonymous answers are stored (the cache keeps no others), so the table
//! holds nothing a reader of any instance could not read anyway. A claim holds
//! for `CLAIM_FOR` on the database's clock: an instance that dies while
//! making an answer blocks nobody for longer. SQLite has no such table: each
//! process makes its own answers there (see `crate::sync`).

use super::body::Body;
use crate::db::{Backend, Database, DbConnection};
use crate::domain::ids::TournamentId;
use actix_web::web::Bytes;
use diesel::prelude::*;
use diesel::sql_types::{BigInt, Binary, Integer, Text};
use std::time::Duration;

/// How long a claim keeps the other instances from making the same answer.
pub const CLAIM_FOR: Duration = Duration::from_secs(3);
/// Copies not remade for this long are forgotten (`forget_old`).
pub const KEEP_FOR: Duration = Duration::from_secs(15 * 60);

/// The database's clock in milliseconds, as SQL.
const DB_NOW_MS: &str = "(extract(epoch from clock_timestamp()) * 1000)::bigint";

/// What the table has for a key.
pub enum Found {
    /// A copy made for this version (at least the one asked for).
    Copy(u64, Body),
    /// None yet; this instance has claimed making it (then `store`).
    Claimed,
    /// Another instance is making it: ask again shortly.
    Busy,
}

#[derive(QueryableByName)]
struct Stored {
    #[diesel(sql_type = BigInt)]
    version: i64,
    #[diesel(sql_type = Binary)]
    gzip: Vec<u8>,
}

/// The key of `key` in the table: the build's tag first, so that during a
/// rolling upgrade an old and a new binary never serve each other's pages
/// (their templates and asset addresses may differ).
fn stored_key(key: &str) -> String {
    static TAG: std::sync::OnceLock<String> = std::sync::OnceLock::new();
    let tag = TAG.get_or_init(|| {
        format!(
            "{}+{}",
            env!("CARGO_PKG_VERSION"),
            crate::web::pages::assets::version()
        )
    });
    // PostgreSQL's text holds no NUL (the cache's separator); a space cannot
    // occur in an address.
    format!("{tag} {}", key.replace('\0', " "))
}

/// The shared table of one PostgreSQL database.
#[derive(Clone)]
pub struct SharedAnswers {
    db: Database,
}

impl SharedAnswers {
    /// The shared table, on PostgreSQL; `None` on SQLite, and when the
    /// environment sets `ARBITER_SHARED_ANSWERS=off` (each instance then makes
    /// every answer itself, as on SQLite; for measuring, or if the table is
    /// ever suspected).
    pub fn of(db: &Database) -> Option<SharedAnswers> {
        let off = std::env::var("ARBITER_SHARED_ANSWERS").is_ok_and(|v| v.trim() == "off");
        (db.backend() == Backend::Postgres && !off).then(|| SharedAnswers { db: db.clone() })
    }

    fn with<T>(
        &self,
        f: impl FnOnce(&mut diesel::PgConnection) -> QueryResult<T>,
    ) -> Result<T, String> {
        let mut conn = self.db.conn().map_err(|e| e.to_string())?;
        match &mut *conn {
            DbConnection::Postgresql(pg) => f(pg).map_err(|e| e.to_string()),
            DbConnection::Sqlite(_) => Err("the shared answers need PostgreSQL".into()),
        }
    }

    /// The stored copy of `key` if it was made for `version` or later; else a
    /// claim on making it, unless another instance holds one for `version` or
    /// later.
    pub fn find_or_claim(
        &self,
        key: &str,
        tid: TournamentId,
        version: u64,
    ) -> Result<Found, String> {
        let v = version as i64;
        let key = stored_key(key);
        self.with(|pg| {
            let copy: Option<Stored> = diesel::sql_query(
                "SELECT version, gzip FROM public_answers \
                 WHERE cache_key = $1 AND version >= $2",
            )
            .bind::<Text, _>(&key)
            .bind::<BigInt, _>(v)
            .get_result(pg)
            .optional()?;
            // A copy that does not decompress (it cannot happen unless the
            // row was damaged) counts as none: it is made again.
            if let Some((s, plain)) = copy.and_then(|s| gunzip(&s.gzip).map(|p| (s, p))) {
                let body = Body {
                    plain: Bytes::from(plain),
                    gzip: Bytes::from(s.gzip),
                };
                return Ok(Found::Copy(s.version as u64, body));
            }
            // A row that does not exist is created holding the claim; one that
            // does is claimed unless its copy or a live claim is as new.
            let claimed = diesel::sql_query(format!(
                "INSERT INTO public_answers AS a \
                   (cache_key, tournament_id, version, gzip, claim_version, claim_until_ms, made_ms) \
                 VALUES ($1, $2, 0, ''::bytea, $3, {DB_NOW_MS} + $4, {DB_NOW_MS}) \
                 ON CONFLICT (cache_key) DO UPDATE \
                   SET claim_version = EXCLUDED.claim_version, claim_until_ms = EXCLUDED.claim_until_ms \
                 WHERE a.version < EXCLUDED.claim_version \
                   AND (a.claim_version < EXCLUDED.claim_version OR a.claim_until_ms < EXCLUDED.made_ms)"
            ))
            .bind::<Text, _>(&key)
            .bind::<Integer, _>(tid.0)
            .bind::<BigInt, _>(v)
            .bind::<BigInt, _>(CLAIM_FOR.as_millis() as i64)
            .execute(pg)?;
            Ok(if claimed == 1 {
                Found::Claimed
            } else {
                Found::Busy
            })
        })
    }

    /// Keeps `body`, made for `version`, as the shared copy of `key` (unless a
    /// newer one is there already).
    pub fn store(&self, key: &str, version: u64, body: &Body) -> Result<(), String> {
        if body.gzip.is_empty() && !body.plain.is_empty() {
            // Not compressed (the compression failed): not shared; the claim
            // lapses and the others make it themselves.
            return self.release_stored(&stored_key(key), version);
        }
        let key = stored_key(key);
        self.with(|pg| {
            diesel::sql_query(format!(
                "UPDATE public_answers SET version = $2, gzip = $3, made_ms = {DB_NOW_MS} \
                 WHERE cache_key = $1 AND version < $2"
            ))
            .bind::<Text, _>(&key)
            .bind::<BigInt, _>(version as i64)
            .bind::<Binary, _>(&body.gzip[..])
            .execute(pg)
            .map(|_| ())
        })
    }

    /// Gives up a claim that was not kept (the answer could not be made).
    pub fn release(&self, key: &str, version: u64) -> Result<(), String> {
        self.release_stored(&stored_key(key), version)
    }

    fn release_stored(&self, key: &str, version: u64) -> Result<(), String> {
        self.with(|pg| {
            diesel::sql_query(
                "UPDATE public_answers SET claim_until_ms = 0 \
                 WHERE cache_key = $1 AND claim_version = $2",
            )
            .bind::<Text, _>(key)
            .bind::<BigInt, _>(version as i64)
            .execute(pg)
            .map(|_| ())
        })
    }

    /// Forgets the copies nobody remade for `KEEP_FOR` (addresses read once,
    /// tournaments nobody follows any more); returns how many.
    pub fn forget_old(&self) -> Result<usize, String> {
        self.with(|pg| {
            diesel::sql_query(format!(
                "DELETE FROM public_answers WHERE made_ms < {DB_NOW_MS} - $1"
            ))
            .bind::<BigInt, _>(KEEP_FOR.as_millis() as i64)
            .execute(pg)
        })
    }
}

/// The plain bytes of a stored gzip copy.
fn gunzip(gzip: &[u8]) -> Option<Vec<u8>> {
    use std::io::Read;
    let mut plain = Vec::with_capacity(gzip.len() * 6);
    flate2::read::GzDecoder::new(gzip)
        .read_to_end(&mut plain)
        .ok()?;
    Some(plain)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_stored_copy_reads_back_whole() {
        let text = "<tr><td>1</td><td>Carlsen</td></tr>".repeat(500);
        let body = Body::new(Bytes::from(text.clone()));
        assert_eq!(gunzip(&body.gzip).as_deref(), Some(text.as_bytes()));
        assert_eq!(gunzip(b"not gzip"), None);
    }

    #[test]
    fn a_stored_key_has_no_nul_and_names_the_build() {
        let k = stored_key("/t/1/standings\0cs");
        assert!(!k.contains('\0'));
        assert!(k.ends_with(" /t/1/standings cs"), "{k}");
        assert!(k.starts_with(env!("CARGO_PKG_VERSION")), "{k}");
    }
}
