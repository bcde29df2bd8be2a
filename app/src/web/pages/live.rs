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
use actix_web::body::{BodySize, MessageBody};
use actix_web::http::header;
use actix_web::web::{self, Bytes};
use actix_web::HttpResponse;

/// The versions this process has seen, and the open streams.
pub struct Live {
    pub versions: Arc<Versions>,
    open: Arc<AtomicI64>,
}

impl Live {
    pub fn new(versions: Arc<Versions>) -> Live {
        Live {
            versions,
            open: Arc::new(AtomicI64::new(0)),
        }
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
struct Open(Arc<AtomicI64>);

impl Drop for Open {
    fn drop(&mut self) {
        self.0.fetch_sub(1, Ordering::Relaxed);
    }
}

use std::pin::Pin;
use std::sync::atomic::{AtomicI64, Ordering};
use std::sync::Arc;
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
pub async fn events(state: web::Data<AppState>, tid: web::Path<TournamentId>) -> HttpResponse {
    let tid = tid.into_inner();
    let seen = state.live.version(tid);
    let tick = actix_web::rt::time::interval(TICK);
    state.live.open.fetch_add(1, Ordering::Relaxed);
    let open = Open(state.live.open.clone());
    HttpResponse::Ok()
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
        })
}
