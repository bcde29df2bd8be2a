//! Live pages: a server-sent event stream per tournament that says "changed"
//! whenever the tournament's version moves. The version lives in the database
//! and is bumped in every write transaction; `crate::sync` keeps this process's
//! copy current (its own writes, other instances' via PostgreSQL NOTIFY or
//! SQLite's data_version). The page's script then fetches itself again and
//! swaps the live region in. A version (rather than a channel of events) cannot
//! lag or overflow: a client that misses ten changes sees one new version and
//! reloads once. On shutdown the streams end, so browsers reconnect elsewhere.

use crate::domain::ids::TournamentId;
use crate::sync::Versions;
use crate::web::AppState;
use crate::web::Tid;
use actix_web::body::{BodySize, MessageBody};
use actix_web::http::header;
use actix_web::web::{self, Bytes};
use actix_web::HttpResponse;

/// The versions this process has seen, and the open streams (in all and
/// per client address, each capped: `config::Limits`).
pub struct Live {
    pub versions: Arc<Versions>,
    open: Arc<AtomicI64>,
    per_client: Arc<Mutex<HashMap<IpAddr, usize>>>,
}

impl Live {
    pub fn new(versions: Arc<Versions>) -> Live {
        Live {
            versions,
            open: Arc::new(AtomicI64::new(0)),
            per_client: Arc::new(Mutex::new(HashMap::new())),
        }
    }

    /// Takes a stream's place for `client`, or says why not: `Err(true)` when
    /// the client has its share open, `Err(false)` when the server is full.
    fn admit(&self, client: Option<IpAddr>, limits: &crate::config::Limits) -> Result<Open, bool> {
        let mut map = self.per_client.lock().unwrap_or_else(|p| p.into_inner());
        if self.open.load(Ordering::Relaxed) >= limits.streams_total as i64 {
            return Err(false);
        }
        if let Some(ip) = client {
            let n = map.entry(ip).or_insert(0);
            if *n >= limits.streams_per_client {
                return Err(true);
            }
            *n += 1;
        }
        self.open.fetch_add(1, Ordering::Relaxed);
        Ok(Open {
            open: self.open.clone(),
            per_client: self.per_client.clone(),
            client,
        })
    }

    /// This process wrote to tournament `tid` (or somewhere, when unknown):
    /// its version is read back from the database.
    pub fn touch(&self, tid: Option<TournamentId>) {
        self.versions.refresh(tid);
    }

    pub fn version(&self, tid: TournamentId) -> u64 {
        self.versions.get(tid)
    }

    /// Live streams open now.
    pub fn open_streams(&self) -> i64 {
        self.open.load(Ordering::Relaxed)
    }
}

/// Counts an open stream for as long as it lives.
struct Open {
    open: Arc<AtomicI64>,
    per_client: Arc<Mutex<HashMap<IpAddr, usize>>>,
    client: Option<IpAddr>,
}

impl Drop for Open {
    fn drop(&mut self) {
        let mut map = self.per_client.lock().unwrap_or_else(|p| p.into_inner());
        if let Some(ip) = self.client {
            if let Some(n) = map.get_mut(&ip) {
                *n = n.saturating_sub(1);
                if *n == 0 {
                    map.remove(&ip);
                }
            }
        }
        self.open.fetch_sub(1, Ordering::Relaxed);
    }
}

use std::collections::HashMap;
use std::net::IpAddr;
use std::pin::Pin;
use std::sync::atomic::{AtomicI64, Ordering};
use std::sync::{Arc, Mutex};
use std::task::{Context, Poll};
use std::time::Duration;

/// How often the stream looks at the counter, and how many looks between
/// keep-alive comments: proxies close silent connections, and a stream learns
/// that its reader has gone (a page left or hidden closes its stream) only
/// when a write fails — so every 2 s, and the count of open streams follows
/// the readers within seconds.
const TICK: Duration = Duration::from_millis(250);
const KEEPALIVE_TICKS: u32 = 8;
/// A stream ends after this many ticks (about 30 minutes); the browser reconnects.
const MAX_TICKS: u32 = 7200;

struct EventStream {
    state: web::Data<AppState>,
    tid: TournamentId,
    seen: u64,
    tick: actix_web::rt::time::Interval,
    idle: u32,
    ticks: u32,
    started: bool,
    _open: Open,
}

impl MessageBody for EventStream {
    type Error = std::convert::Infallible;

    fn size(&self) -> BodySize {
        BodySize::Stream
    }

    fn poll_next(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
    ) -> Poll<Option<Result<Bytes, Self::Error>>> {
        let this = self.get_mut();
        if !this.started {
            this.started = true;
            return Poll::Ready(Some(Ok(Bytes::from_static(b"retry: 3000\n\n"))));
        }
        loop {
            std::task::ready!(this.tick.poll_tick(cx));
            this.ticks += 1;
            if this.ticks > MAX_TICKS || this.state.live.versions.closing() {
                return Poll::Ready(None);
            }
            let v = this.state.live.version(this.tid);
            if v != this.seen {
                this.seen = v;
                this.idle = 0;
                return Poll::Ready(Some(Ok(Bytes::from(format!(
                    "event: update\ndata: {v}\n\n"
                )))));
            }
            this.idle += 1;
            if this.idle >= KEEPALIVE_TICKS {
                this.idle = 0;
                return Poll::Ready(Some(Ok(Bytes::from_static(b": keep-alive\n\n"))));
            }
        }
    }
}

/// `GET /t/{tid}/live`: `event: update` whenever the tournament changes.
/// A tournament that does not exist is a 404 before any stream opens; past
/// the caps a stream is refused, 429 for a client that has its share open,
/// 503 when the server has (counted in `/metrics` as
/// `live_streams_refused_total`).
/// A live stream refused: too many of this client's (429) or of the
/// server's (503); counted by reason.
fn refused(per_client: bool) -> crate::web::error::AppError {
    use crate::web::error::AppError;
    let reason = if per_client { "client" } else { "server" };
    metrics::counter!("live_streams_refused_total", "reason" => reason).increment(1);
    if per_client {
        AppError::TooManyRequests { retry_after: 30 }
    } else {
        AppError::BadRequest {
            status: 503,
            message: msg!("too many live pages are open on this server; reload later"),
        }
    }
}

pub async fn events(
    state: web::Data<AppState>,
    req: actix_web::HttpRequest,
    Tid(tid): Tid,
) -> Result<HttpResponse, crate::web::error::AppError> {
    let db = state.db.clone();
    web::block(move || db.read(|conn| crate::domain::tournaments::load(conn, tid).map(|_| ())))
        .await??;
    let client = req.peer_addr().map(|a| a.ip());
    let open = state.live.admit(client, &state.limits).map_err(refused)?;
    let seen = state.live.version(tid);
    let tick = actix_web::rt::time::interval(TICK);
    Ok(HttpResponse::Ok()
        .content_type("text/event-stream")
        .insert_header((header::CACHE_CONTROL, "no-cache"))
        // Not compressed: the compressor would hold events back in its buffer.
        .insert_header((header::CONTENT_ENCODING, "identity"))
        .insert_header(("X-Accel-Buffering", "no"))
        .body(EventStream {
            state,
            tid,
            seen,
            tick,
            idle: 0,
            ticks: 0,
            started: false,
            _open: open,
        }))
}
