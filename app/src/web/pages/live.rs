//! Live pages: a version counter per tournament, bumped after every successful
//! write, and a server-sent event stream per tournament that says "changed".
//! The page's script then fetches itself again and swaps the live region in.
//! A counter (rather than a channel) cannot lag or overflow: a client that
//! misses ten changes sees one new version and reloads once.

use crate::web::AppState;
use actix_web::body::{BodySize, MessageBody};
use actix_web::http::header;
use actix_web::web::{self, Bytes};
use actix_web::HttpResponse;
use std::collections::HashMap;
use std::pin::Pin;
use std::sync::Mutex;
use std::task::{Context, Poll};
use std::time::Duration;

#[derive(Default)]
pub struct Live {
    versions: Mutex<HashMap<i32, u64>>,
}

impl Live {
    /// Something changed in tournament `tid` (or somewhere, when unknown: then
    /// every tournament's pages refresh).
    pub fn touch(&self, tid: Option<i32>) {
        let mut map = self.versions.lock().unwrap_or_else(|p| p.into_inner());
        match tid {
            Some(t) => *map.entry(t).or_default() += 1,
            None => map.values_mut().for_each(|v| *v += 1),
        }
    }

    pub fn version(&self, tid: i32) -> u64 {
        let map = self.versions.lock().unwrap_or_else(|p| p.into_inner());
        map.get(&tid).copied().unwrap_or(0)
    }
}

/// How often the stream looks at the counter, and how many looks between
/// keep-alive comments (proxies close silent connections).
const TICK: Duration = Duration::from_millis(500);
const KEEPALIVE_TICKS: u32 = 30;
/// A stream ends after this many ticks (about 30 minutes); the browser reconnects.
const MAX_TICKS: u32 = 3600;

struct EventStream {
    state: web::Data<AppState>,
    tid: i32,
    seen: u64,
    tick: actix_web::rt::time::Interval,
    idle: u32,
    ticks: u32,
    started: bool,
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
            if this.ticks > MAX_TICKS {
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
pub async fn events(state: web::Data<AppState>, tid: web::Path<i32>) -> HttpResponse {
    let tid = tid.into_inner();
    let seen = state.live.version(tid);
    let tick = actix_web::rt::time::interval(TICK);
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
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counters_are_per_tournament() {
        let live = Live::default();
        live.touch(Some(1));
        live.touch(Some(1));
        live.touch(Some(2));
        assert_eq!(live.version(1), 2);
        assert_eq!(live.version(2), 1);
        assert_eq!(live.version(3), 0);
        live.touch(None);
        assert_eq!(live.version(1), 3);
    }
}
