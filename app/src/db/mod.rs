//! Persistence: one connection type over SQLite and PostgreSQL (diesel
//! `MultiConnection`), an r2d2 pool, embedded migrations per backend, and the
//! one way the domain writes: a transaction.

pub mod backup;
pub mod models;
pub mod schema;

use diesel::connection::SimpleConnection;
use diesel::connection::TransactionManager;
use diesel::r2d2::{ConnectionManager, CustomizeConnection, Pool, PooledConnection};
use diesel::Connection;
use diesel_migrations::{embed_migrations, EmbeddedMigrations, MigrationHarness};
use std::sync::{Arc, Mutex};
use std::time::Duration;

pub const SQLITE_MIGRATIONS: EmbeddedMigrations = embed_migrations!("../migrations/sqlite");
pub const POSTGRES_MIGRATIONS: EmbeddedMigrations = embed_migrations!("../migrations/postgres");

#[derive(diesel::MultiConnection)]
pub enum DbConnection {
    Postgresql(diesel::PgConnection),
    Sqlite(diesel::SqliteConnection),
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Backend {
    Sqlite,
    Postgres,
}

impl Backend {
    pub fn of_url(url: &str) -> Backend {
        if url.starts_with("postgres://") || url.starts_with("postgresql://") {
            Backend::Postgres
        } else {
            Backend::Sqlite
        }
    }
}

#[derive(Debug, thiserror::Error)]
pub enum DbError {
    #[error("cannot open the database {url}: {message}")]
    Open { url: String, message: String },
    #[error("database migration failed: {0}")]
    Migration(String),
    #[error("no database connection available: {0}")]
    Pool(String),
    #[error(transparent)]
    Query(#[from] diesel::result::Error),
}

/// SQLite settings applied to every pooled connection.
///
/// - `journal_mode=WAL`: readers never block the writer, and a commit is one
///   append to the WAL — the public pages keep reading while arbiters write.
/// - `synchronous=FULL`: the WAL is fsynced at every commit, so a result the server
///   has acknowledged survives a power cut or SIGKILL (NORMAL could lose the last
///   commits on power loss, which is exactly the failure we must not have).
/// - `busy_timeout`: a second process (backup, CLI) waits instead of failing.
/// - `foreign_keys=ON`: SQLite checks references only when asked.
#[derive(Debug)]
struct SqlitePragmas;

impl CustomizeConnection<DbConnection, diesel::r2d2::Error> for SqlitePragmas {
    fn on_acquire(&self, conn: &mut DbConnection) -> Result<(), diesel::r2d2::Error> {
        if let DbConnection::Sqlite(c) = conn {
            // busy_timeout first: the pool opens its connections at once,
            // and the journal-mode pragma of one would find the file locked
            // by another ("database is locked" in the log at start).
            c.batch_execute(
                "PRAGMA busy_timeout=10000; PRAGMA journal_mode=WAL; \
                 PRAGMA synchronous=FULL; PRAGMA foreign_keys=ON;",
            )
            .map_err(diesel::r2d2::Error::QueryError)?;
        }
        Ok(())
    }
}

pub type PooledConn = PooledConnection<ConnectionManager<DbConnection>>;

/// The database: a pool plus, for SQLite, the one-writer lock (SQLite allows a
/// single writer; serialising our own writers avoids lock-upgrade failures in
/// deferred transactions).
#[derive(Clone)]
pub struct Database {
    pool: Pool<ConnectionManager<DbConnection>>,
    backend: Backend,
    writer: Arc<Mutex<()>>,
    url: String,
}

impl Database {
    /// Opens (creating the SQLite file if needed) and applies pending migrations.
    pub fn open(url: &str, pool_size: u32) -> Result<Database, DbError> {
        let backend = Backend::of_url(url);
        let conn_url = match backend {
            Backend::Sqlite => url.strip_prefix("sqlite://").unwrap_or(url).to_string(),
            Backend::Postgres => url.to_string(),
        };
        // Open one connection first so a bad URL gives a clear error, not a pool timeout.
        let mut first = DbConnection::establish(&conn_url).map_err(|e| DbError::Open {
            url: redact(url),
            message: e.to_string(),
        })?;
        if let DbConnection::Sqlite(c) = &mut first {
            c.batch_execute("PRAGMA busy_timeout=10000; PRAGMA journal_mode=WAL;")?;
        }
        run_migrations(&mut first)?;
        drop(first);
        let manager = ConnectionManager::<DbConnection>::new(conn_url);
        let pool = Pool::builder()
            .max_size(pool_size)
            .connection_timeout(Duration::from_secs(15))
            .connection_customizer(Box::new(SqlitePragmas))
            .build(manager)
            .map_err(|e| DbError::Open {
                url: redact(url),
                message: e.to_string(),
            })?;
        Ok(Database {
            pool,
            backend,
            writer: Arc::new(Mutex::new(())),
            url: url.to_string(),
        })
    }

    pub fn backend(&self) -> Backend {
        self.backend
    }

    pub fn url(&self) -> &str {
        &self.url
    }

    /// Pool use: (open connections, idle ones, the maximum).
    pub fn pool_state(&self) -> (u32, u32, u32) {
        let st = self.pool.state();
        (st.connections, st.idle_connections, self.pool.max_size())
    }

    /// Ready to serve: the database answers and no migration is pending
    /// (an instance of an older build must not serve a newer schema, and the
    /// reverse). Waits at most `timeout` for a connection.
    pub fn ready(&self, timeout: Duration) -> Result<(), String> {
        let mut conn = self
            .pool
            .get_timeout(timeout)
            .map_err(|e| format!("no database connection: {e}"))?;
        let c: &mut DbConnection = &mut conn;
        c.batch_execute("SELECT 1")
            .map_err(|e| format!("the database does not answer: {e}"))?;
        let pending = match c {
            DbConnection::Sqlite(c) => c.has_pending_migration(SQLITE_MIGRATIONS),
            DbConnection::Postgresql(c) => c.has_pending_migration(POSTGRES_MIGRATIONS),
        }
        .map_err(|e| format!("cannot read the migrations: {e}"))?;
        if pending {
            return Err("database migrations are pending (run `arbiter migrate`)".into());
        }
        Ok(())
    }

    pub fn conn(&self) -> Result<PooledConn, DbError> {
        self.pool.get().map_err(|e| DbError::Pool(e.to_string()))
    }

    /// Runs `f` in one transaction: all of it is committed, or none of it.
    pub fn write<T, E>(&self, f: impl FnOnce(&mut DbConnection) -> Result<T, E>) -> Result<T, E>
    where
        E: From<diesel::result::Error> + From<DbError>,
    {
        let mut conn = self.conn()?;
        let _guard = match self.backend {
            Backend::Sqlite => Some(self.writer.lock().unwrap_or_else(|p| p.into_inner())),
            Backend::Postgres => None,
        };
        let c: &mut DbConnection = &mut conn;
        match c {
            // BEGIN IMMEDIATE takes SQLite's write lock up front (waiting up to
            // busy_timeout): another process on the same file may be writing, and
            // a deferred transaction could not upgrade its lock after reading.
            DbConnection::Sqlite(s) => {
                diesel::connection::AnsiTransactionManager::begin_transaction_sql(
                    s,
                    "BEGIN IMMEDIATE",
                )?;
                type Tm = <DbConnection as Connection>::TransactionManager;
                match f(c) {
                    Ok(v) => match Tm::commit_transaction(c) {
                        Ok(()) => Ok(v),
                        Err(e) => {
                            let _ = Tm::rollback_transaction(c);
                            Err(E::from(e))
                        }
                    },
                    Err(e) => {
                        Tm::rollback_transaction(c)?;
                        Err(e)
                    }
                }
            }
            DbConnection::Postgresql(_) => c.transaction(f),
        }
    }

    /// Runs `f` in a read transaction (one consistent snapshot).
    pub fn read<T, E>(&self, f: impl FnOnce(&mut DbConnection) -> Result<T, E>) -> Result<T, E>
    where
        E: From<diesel::result::Error> + From<DbError>,
    {
        let mut conn = self.conn()?;
        let c: &mut DbConnection = &mut conn;
        c.transaction(f)
    }
}

pub fn run_migrations(conn: &mut DbConnection) -> Result<(), DbError> {
    let result = match conn {
        DbConnection::Sqlite(c) => c.run_pending_migrations(SQLITE_MIGRATIONS).map(|_| ()),
        DbConnection::Postgresql(c) => c.run_pending_migrations(POSTGRES_MIGRATIONS).map(|_| ()),
    };
    result.map_err(|e| DbError::Migration(e.to_string()))
}

/// The URL without a password, for messages and logs.
pub fn redact(url: &str) -> String {
    match (url.find("://"), url.rfind('@')) {
        (Some(s), Some(at)) if at > s => {
            let creds = &url[s + 3..at];
            match creds.find(':') {
                Some(c) => format!("{}{}:***{}", &url[..s + 3], &creds[..c], &url[at..]),
                None => url.to_string(),
            }
        }
        _ => url.to_string(),
    }
}
