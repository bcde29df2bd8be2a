//! `arbiter backup` / `arbiter restore` for SQLite. PostgreSQL has its own tools
//! (`pg_dump -Fc` / `pg_restore`), which are the right ones there.

use super::Backend;
use diesel::connection::SimpleConnection;
use diesel::{Connection, RunQueryDsl, SqliteConnection};
use std::path::Path;

const POSTGRES_HINT: &str = "for PostgreSQL use pg_dump: `pg_dump -Fc -d DBNAME -f arbiter.dump`, and to restore `pg_restore --clean -d DBNAME arbiter.dump`";

fn sqlite_path(url: &str) -> Result<&str, String> {
    match Backend::of_url(url) {
        Backend::Sqlite => Ok(url.strip_prefix("sqlite://").unwrap_or(url)),
        Backend::Postgres => Err(POSTGRES_HINT.to_string()),
    }
}

/// A consistent copy of the live database (`VACUUM INTO` reads one snapshot; the
/// server may keep writing meanwhile).
pub fn backup(url: &str, file: &Path) -> Result<(), String> {
    let db = sqlite_path(url)?;
    if !Path::new(db).exists() {
        return Err(format!("there is no database at {db}"));
    }
    if file.exists() {
        return Err(format!(
            "{} exists already; choose a new file",
            file.display()
        ));
    }
    let mut c = SqliteConnection::establish(db).map_err(|e| format!("cannot open {db}: {e}"))?;
    c.batch_execute("PRAGMA busy_timeout=10000;")
        .map_err(|e| e.to_string())?;
    let target = file.to_string_lossy().replace('\'', "''");
    diesel::sql_query(format!("VACUUM INTO '{target}'"))
        .execute(&mut c)
        .map_err(|e| format!("backup failed: {e}"))?;
    Ok(())
}

/// Replaces the database with a backup, after checking the backup is an Arbiter
/// database. The server must be stopped.
pub fn restore(file: &Path, url: &str) -> Result<(), String> {
    let db = sqlite_path(url)?;
    let mut check = SqliteConnection::establish(&file.to_string_lossy())
        .map_err(|e| format!("cannot open {}: {e}", file.display()))?;
    check
        .batch_execute("SELECT count(*) FROM tournaments; SELECT count(*) FROM audit_log; PRAGMA integrity_check;")
        .map_err(|_| format!("{} is not an Arbiter backup", file.display()))?;
    drop(check);
    let tmp = format!("{db}.restoring");
    std::fs::copy(file, &tmp).map_err(|e| format!("cannot copy the backup: {e}"))?;
    for suffix in ["-wal", "-shm"] {
        let _ = std::fs::remove_file(format!("{db}{suffix}"));
    }
    std::fs::rename(&tmp, db).map_err(|e| format!("cannot put the backup in place: {e}"))?;
    Ok(())
}
