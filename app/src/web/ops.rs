//! Operations: `/healthz` (the process answers), `/readyz` (the database answers
//! and its migrations are current), `/metrics` (Prometheus text format, by the
//! `metrics` crate and `metrics-exporter-prometheus`), and the request id that
//! `tracing-actix-web` gives every request: it is in every log line written
//! while the request runs (its tracing span), in the `X-Request-Id` answer
//! header, and in every JSON error body (`"request_id"`).

use super::AppState;
use actix_web::body::{BoxBody, MessageBody};
use actix_web::dev::{ServiceRequest, ServiceResponse};
use actix_web::http::header::{self, HeaderName, HeaderValue};
use actix_web::middleware::Next;
use actix_web::{web, HttpMessage, HttpResponse};
use metrics_exporter_prometheus::{Matcher, PrometheusBuilder, PrometheusHandle};
use std::sync::atomic::Ordering;
use std::sync::OnceLock;
use std::time::{Duration, Instant};

pub const REQUEST_ID: &str = "x-request-id";

/// The process-wide Prometheus recorder (installed once; several servers in
/// one test process share it).
pub fn prometheus() -> &'static PrometheusHandle {
    static HANDLE: OnceLock<PrometheusHandle> = OnceLock::new();
    HANDLE.get_or_init(|| {
        let recorder = PrometheusBuilder::new()
            .set_buckets_for_metric(
                Matcher::Full("http_request_duration_seconds".into()),
                &[
                    0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 10.0,
                ],
            )
            .expect("bucket list is not empty")
            .build_recorder();
        let handle = recorder.handle();
        // Fails only when another recorder is installed already (then that one counts).
        let _ = metrics::set_global_recorder(recorder);
        handle
    })
}

/// `GET /healthz`: the process is alive.
pub async fn healthz() -> HttpResponse {
    HttpResponse::Ok()
        .content_type("text/plain; charset=utf-8")
        .insert_header((header::CACHE_CONTROL, "no-store"))
        .body("ok\n")
}

/// `GET /readyz`: 200 when the database answers and its migrations are current,
/// else 503 with the reason; 503 too once shutdown has begun.
pub async fn readyz(state: web::Data<AppState>) -> HttpResponse {
    if state.live.versions.closing() {
        return HttpResponse::ServiceUnavailable()
            .content_type("text/plain; charset=utf-8")
            .body("shutting down\n");
    }
    let db = state.db.clone();
    let r = web::block(move || db.ready(Duration::from_secs(2))).await;
    match r {
        Ok(Ok(())) => HttpResponse::Ok()
            .content_type("text/plain; charset=utf-8")
            .insert_header((header::CACHE_CONTROL, "no-store"))
            .body("ready\n"),
        Ok(Err(e)) => HttpResponse::ServiceUnavailable()
            .content_type("text/plain; charset=utf-8")
            .body(format!("not ready: {e}\n")),
        Err(e) => HttpResponse::ServiceUnavailable()
            .content_type("text/plain; charset=utf-8")
            .body(format!("not ready: {e}\n")),
    }
}

/// `GET /metrics`: Prometheus text format.
pub async fn metrics(state: web::Data<AppState>) -> HttpResponse {
    let (open, idle, max) = state.db.pool_state();
    metrics::gauge!("db_pool_connections").set(open as f64);
    metrics::gauge!("db_pool_connections_idle").set(idle as f64);
    metrics::gauge!("db_pool_connections_in_use").set(open.saturating_sub(idle) as f64);
    metrics::gauge!("db_pool_connections_max").set(max as f64);
    metrics::gauge!("live_streams_open").set(state.live.open_streams() as f64);
    let v = &state.live.versions;
    metrics::counter!("change_notifications_received_total")
        .absolute(v.notifications.load(Ordering::Relaxed));
    metrics::counter!("change_listener_reconnects_total")
        .absolute(v.reconnects.load(Ordering::Relaxed));
    metrics::counter!("cache_answers_refreshed_total")
        .absolute(state.cache.refreshed.load(Ordering::Relaxed));
    metrics::counter!("cache_answers_computed_by_readers_total")
        .absolute(state.cache.computed.load(Ordering::Relaxed));
    metrics::counter!("cache_answers_shared_total")
        .absolute(state.cache.shared.load(Ordering::Relaxed));
    metrics::gauge!("cache_entries").set(state.cache.len() as f64);
    metrics::gauge!("cache_bytes").set(state.cache.bytes() as f64);
    HttpResponse::Ok()
        .content_type("text/plain; version=0.0.4; charset=utf-8")
        .insert_header((header::CACHE_CONTROL, "no-store"))
        .body(prometheus().render())
}

/// Counts and times every request (by route pattern, method and status), adds
/// the request id as `X-Request-Id`, and puts it into JSON error bodies.
pub async fn observe(
    req: ServiceRequest,
    next: Next<impl MessageBody + 'static>,
) -> Result<ServiceResponse<BoxBody>, actix_web::Error> {
    let started = Instant::now();
    let id = req
        .extensions()
        .get::<tracing_actix_web::RequestId>()
        .map(|r| r.to_string())
        .unwrap_or_default();
    let method = req.method().to_string();
    let line = format!(
        "{} \"{} {}\"",
        req.connection_info().realip_remote_addr().unwrap_or("-"),
        req.method(),
        req.uri()
    );
    let res = next.call(req).await?;
    let route = res
        .request()
        .match_pattern()
        .map(|p| documented_path(&p))
        .unwrap_or_else(|| "unmatched".to_string());
    let status = res.status();
    log::info!(
        "{line} {} {:.1}ms",
        status.as_u16(),
        started.elapsed().as_secs_f64() * 1e3
    );
    metrics::counter!("http_requests_total", "route" => route.clone(), "method" => method, "status" => status.as_u16().to_string()).increment(1);
    metrics::histogram!("http_request_duration_seconds", "route" => route)
        .record(started.elapsed().as_secs_f64());
    let is_json = res
        .headers()
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.starts_with("application/json"));
    let mut res = if status.as_u16() >= 400 && is_json && !id.is_empty() {
        let (http_req, http_res) = res.into_parts();
        let (head, body) = http_res.into_parts();
        let bytes = actix_web::body::to_bytes(body).await.unwrap_or_default();
        let bytes = match serde_json::from_slice::<serde_json::Value>(&bytes) {
            Ok(serde_json::Value::Object(mut m)) => {
                m.insert("request_id".into(), serde_json::Value::String(id.clone()));
                serde_json::to_vec(&m).map(Into::into).unwrap_or(bytes)
            }
            _ => bytes,
        };
        let mut head = head.set_body(BoxBody::new(bytes));
        head.headers_mut().remove(header::CONTENT_LENGTH);
        ServiceResponse::new(http_req, head)
    } else {
        res.map_into_boxed_body()
    };
    if let Ok(v) = HeaderValue::from_str(&id) {
        res.headers_mut()
            .insert(HeaderName::from_static(REQUEST_ID), v);
    }
    Ok(res)
}

/// A route's pattern as the API documents it: `{tid:-?[0-9]+}` (the router's
/// pattern, `web::routing_path`) is labelled `{tid}`.
fn documented_path(pattern: &str) -> String {
    let mut out = String::with_capacity(pattern.len());
    let mut in_param = false;
    let mut skipping = false;
    for c in pattern.chars() {
        match c {
            '{' => {
                in_param = true;
                out.push(c);
            }
            '}' if in_param => {
                in_param = false;
                skipping = false;
                out.push(c);
            }
            ':' if in_param => skipping = true,
            _ if skipping => {}
            _ => out.push(c),
        }
    }
    out
}

/// A request body as it arrives, cut off when no byte comes for `idle` or the
/// whole has not come by `deadline` (`config::Limits`): a client sending
/// slowly must not hold a worker's request open for ever.
struct SlowBody {
    inner: actix_web::dev::Payload,
    idle: Duration,
    deadline: actix_web::rt::time::Instant,
    timer: Option<std::pin::Pin<Box<actix_web::rt::time::Sleep>>>,
    timed_out: std::sync::Arc<std::sync::atomic::AtomicBool>,
}

impl futures_util::Stream for SlowBody {
    type Item = Result<web::Bytes, actix_web::error::PayloadError>;

    fn poll_next(
        self: std::pin::Pin<&mut Self>,
        cx: &mut std::task::Context<'_>,
    ) -> std::task::Poll<Option<Self::Item>> {
        use std::task::Poll;
        let this = self.get_mut();
        match std::pin::Pin::new(&mut this.inner).poll_next(cx) {
            Poll::Ready(Some(Ok(b))) => {
                // A byte came: the idle time starts again (never past the deadline).
                if let Some(t) = this.timer.as_mut() {
                    let at = (actix_web::rt::time::Instant::now() + this.idle).min(this.deadline);
                    t.as_mut().reset(at);
                }
                Poll::Ready(Some(Ok(b)))
            }
            Poll::Pending => {
                let idle = this.idle;
                let deadline = this.deadline;
                let t = this.timer.get_or_insert_with(|| {
                    let at = (actix_web::rt::time::Instant::now() + idle).min(deadline);
                    Box::pin(actix_web::rt::time::sleep_until(at))
                });
                match t.as_mut().poll(cx) {
                    Poll::Ready(()) => {
                        this.timed_out.store(true, Ordering::Relaxed);
                        Poll::Ready(Some(Err(actix_web::error::PayloadError::Io(
                            std::io::Error::new(
                                std::io::ErrorKind::TimedOut,
                                "the request body came too slowly",
                            ),
                        ))))
                    }
                    Poll::Pending => Poll::Pending,
                }
            }
            other => other,
        }
    }
}

use std::future::Future as _;

/// Puts every request body under `SlowBody`'s limits; a body cut off is
/// answered 408 and the connection closed (counted in `/metrics` as
/// `request_bodies_timed_out_total`).
pub async fn body_deadline(
    mut req: ServiceRequest,
    next: Next<impl MessageBody + 'static>,
) -> Result<ServiceResponse<BoxBody>, actix_web::Error> {
    let Some(limits) = req
        .app_data::<web::Data<AppState>>()
        .map(|s| s.limits.clone())
    else {
        return Ok(next.call(req).await?.map_into_boxed_body());
    };
    let timed_out = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(false));
    let inner = req.take_payload();
    let body = SlowBody {
        inner,
        idle: Duration::from_millis(limits.body_idle_timeout_ms.max(1)),
        deadline: actix_web::rt::time::Instant::now()
            + Duration::from_millis(limits.body_timeout_ms.max(1)),
        timer: None,
        timed_out: timed_out.clone(),
    };
    req.set_payload(actix_web::dev::Payload::Stream {
        payload: Box::pin(body),
    });
    let res = next.call(req).await?;
    if !timed_out.load(Ordering::Relaxed) {
        return Ok(res.map_into_boxed_body());
    }
    metrics::counter!("request_bodies_timed_out_total").increment(1);
    let (req, _) = res.into_parts();
    let mut answer =
        actix_web::ResponseError::error_response(&super::error::AppError::BadRequest {
            status: 408,
            message: msg!("the request body came too slowly; send it again"),
        });
    answer
        .headers_mut()
        .insert(header::CONNECTION, HeaderValue::from_static("close"));
    Ok(ServiceResponse::new(req, answer))
}

#[cfg(test)]
mod tests {
    #[test]
    fn a_routers_pattern_is_labelled_as_documented() {
        let router = crate::web::routing_path("/api/v1/tournaments/{tid}/rounds/{n}");
        assert_eq!(
            router,
            "/api/v1/tournaments/{tid:-?[0-9]+}/rounds/{n:-?[0-9]+}"
        );
        assert_eq!(
            super::documented_path(&router),
            "/api/v1/tournaments/{tid}/rounds/{n}"
        );
        assert_eq!(super::documented_path("/t/{tid}"), "/t/{tid}");
    }
}
