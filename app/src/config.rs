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

/// The shortest time between two background recomputations of one cached
/// public answer (`ARBITER_CACHE_MIN_REFRESH_MS`, 0–600 ms; default 250). A
/// longer time costs less CPU under a stream of writes; every reader still
/// sees a write within a second (`web/cache.rs`). Read once.
pub fn cache_min_refresh() -> std::time::Duration {
    static MS: std::sync::OnceLock<u64> = std::sync::OnceLock::new();
    let ms = *MS.get_or_init(|| {
        std::env::var("ARBITER_CACHE_MIN_REFRESH_MS")
            .ok()
            .and_then(|s| s.trim().parse::<u64>().ok())
            .filter(|ms| *ms <= 600)
            .unwrap_or(250)
    });
    std::time::Duration::from_millis(ms)
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
