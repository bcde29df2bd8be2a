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

/// The server's limits against cheap exhaustion (issue 41; `docs/security.md`
/// lists them with their defaults). Each is read from its environment
/// variable; an unset or unreadable value keeps the default.
#[derive(Clone, Debug)]
pub struct Limits {
    /// Live streams (`/t/{tid}/live`) open at once from one client address
    /// (`ARBITER_MAX_STREAMS_PER_CLIENT`); more are refused with 429.
    pub streams_per_client: usize,
    /// Live streams open at once in all (`ARBITER_MAX_STREAMS`); more are
    /// refused with 503.
    pub streams_total: usize,
    /// The time a client has to send a request's head, in milliseconds
    /// (`ARBITER_HEAD_TIMEOUT_MS`; actix's `client_request_timeout`).
    pub head_timeout_ms: u64,
    /// The time a client has to close a connection after the answer, in
    /// milliseconds (`ARBITER_DISCONNECT_TIMEOUT_MS`; actix's
    /// `client_disconnect_timeout`).
    pub disconnect_timeout_ms: u64,
    /// A request body is cut off (408) when no byte of it arrives for this
    /// long, in milliseconds (`ARBITER_BODY_IDLE_TIMEOUT_MS`) …
    pub body_idle_timeout_ms: u64,
    /// … or when it has not arrived whole within this long, in milliseconds
    /// (`ARBITER_BODY_TIMEOUT_MS`; large rating lists go through
    /// `arbiter ratings import`).
    pub body_timeout_ms: u64,
    /// The most players a tournament may have (`ARBITER_MAX_PLAYERS`), on
    /// every way in (`domain::limits`): a larger import is refused with 422,
    /// a registration, an approved entry or a roster past it with 409. At
    /// most 9,999 whatever the setting (the TRF's four-digit pairing numbers).
    pub max_players: usize,
    /// The most tournaments one user may organize
    /// (`ARBITER_MAX_TOURNAMENTS_PER_USER`); one more is refused with 409.
    /// Administrators are exempt.
    pub max_tournaments_per_user: usize,
    /// The bytes the cache of public answers may hold (`ARBITER_CACHE_BYTES`);
    /// past it, the answers read longest ago go.
    pub cache_bytes: usize,
    /// The largest public state a venue may send (`ARBITER_MAX_MIRROR_BYTES`,
    /// `domain::mirror`); a larger one is refused with 413.
    pub mirror_bytes: usize,
    /// The states one publishing token may send per minute
    /// (`ARBITER_MIRROR_PER_MINUTE`); more are refused with 429.
    pub mirror_per_minute: u32,
}

impl Default for Limits {
    fn default() -> Limits {
        Limits {
            streams_per_client: 20,
            streams_total: 2000,
            head_timeout_ms: 5_000,
            disconnect_timeout_ms: 1_000,
            body_idle_timeout_ms: 10_000,
            body_timeout_ms: 300_000,
            max_players: 2000,
            max_tournaments_per_user: 50,
            cache_bytes: 256 << 20,
            mirror_bytes: 16 << 20,
            mirror_per_minute: 120,
        }
    }
}

impl Limits {
    /// The defaults, each replaced by its environment variable when set.
    pub fn from_env() -> Limits {
        fn var<T: std::str::FromStr>(name: &str, default: T) -> T {
            std::env::var(name)
                .ok()
                .and_then(|v| v.trim().parse().ok())
                .unwrap_or(default)
        }
        let d = Limits::default();
        Limits {
            streams_per_client: var("ARBITER_MAX_STREAMS_PER_CLIENT", d.streams_per_client),
            streams_total: var("ARBITER_MAX_STREAMS", d.streams_total),
            head_timeout_ms: var("ARBITER_HEAD_TIMEOUT_MS", d.head_timeout_ms),
            disconnect_timeout_ms: var("ARBITER_DISCONNECT_TIMEOUT_MS", d.disconnect_timeout_ms),
            body_idle_timeout_ms: var("ARBITER_BODY_IDLE_TIMEOUT_MS", d.body_idle_timeout_ms),
            body_timeout_ms: var("ARBITER_BODY_TIMEOUT_MS", d.body_timeout_ms),
            // a TRF file gives a pairing number four digits (columns 5-8):
            // a larger tournament could not be exported, or imported again
            max_players: var("ARBITER_MAX_PLAYERS", d.max_players).min(9999),
            max_tournaments_per_user: var(
                "ARBITER_MAX_TOURNAMENTS_PER_USER",
                d.max_tournaments_per_user,
            ),
            cache_bytes: var("ARBITER_CACHE_BYTES", d.cache_bytes),
            mirror_bytes: var("ARBITER_MAX_MIRROR_BYTES", d.mirror_bytes),
            mirror_per_minute: var("ARBITER_MIRROR_PER_MINUTE", d.mirror_per_minute),
        }
    }
}
