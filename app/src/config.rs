//! Settings from flags and the environment.

/// Where the database is: `DATABASE_URL`, else the SQLite file `arbiter.db`.
pub fn database_url(flag: Option<String>) -> String {
    flag.or_else(|| std::env::var("DATABASE_URL").ok().filter(|s| !s.is_empty()))
        .unwrap_or_else(|| "arbiter.db".to_string())
}

/// Pool size: SQLite gets a few readers (one writer at a time anyway);
/// PostgreSQL more.
pub fn pool_size(url: &str) -> u32 {
    match crate::db::Backend::of_url(url) {
        crate::db::Backend::Sqlite => 8,
        crate::db::Backend::Postgres => 16,
    }
}

/// The server's public address (`ARBITER_PUBLIC_URL`, e.g.
/// `https://chess.example.org`) when it runs behind a proxy that gives it
/// another one; the hall screen's QR code opens it. Unset: the address each
/// request came to.
pub fn public_url() -> Option<String> {
    std::env::var("ARBITER_PUBLIC_URL")
        .ok()
        .map(|s| s.trim().to_string())
        .filter(|s| !s.is_empty())
}
