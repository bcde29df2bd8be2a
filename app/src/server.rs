//! Building and starting the HTTP server.

use crate::db::Database;
use crate::secrets::SealKey;
use crate::sync::Versions;
use crate::web::{self, AppState};
use actix_web::{middleware, App, HttpServer};
use std::net::SocketAddr;
use std::time::Duration;

pub use crate::config::Limits;

pub struct Settings {
    pub bind: String,
    /// The sealed-move key file (see `secrets::key_path`).
    pub key_file: std::path::PathBuf,
    pub secure_cookies: bool,
    pub workers: usize,
}

pub fn state(
    db: Database,
    secure_cookies: bool,
    seal_key: std::sync::Arc<SealKey>,
    limits: Limits,
) -> actix_web::web::Data<AppState> {
    let versions = Versions::new(db.clone());
    versions.start_watcher();
    // The venue's publisher (idle unless an event here is linked to a server).
    crate::publish::start(db.clone(), versions.clone());
    let cache = std::sync::Arc::new(web::cache::Cache::with_budget(
        crate::sync::epoch(&db),
        limits.cache_bytes,
    ));
    cache.start_refresher(versions.clone(), web::cache::shared::SharedAnswers::of(&db));
    actix_web::web::Data::new(AppState {
        login_limiter: web::auth::LoginLimiter::new(db.clone()),
        cache,
        db,
        secure_cookies,
        seal_key,
        live: web::pages::live::Live::new(versions),
        limits,
    })
}

/// Binds the server; returns it (not yet running) and the bound addresses.
pub fn build(
    db: Database,
    settings: &Settings,
) -> std::io::Result<(actix_web::dev::Server, Vec<SocketAddr>)> {
    build_with_state(db, settings, true).map(|(s, a, _)| (s, a))
}

/// `build`, also returning the state (whose `live.versions.close()` ends the
/// live streams and the change listener). With `signals` false the server does
/// not handle SIGTERM/SIGINT itself (the caller does, see `main.rs`).
pub fn build_with_state(
    db: Database,
    settings: &Settings,
    signals: bool,
) -> std::io::Result<(
    actix_web::dev::Server,
    Vec<SocketAddr>,
    actix_web::web::Data<AppState>,
)> {
    build_with_limits(db, settings, signals, Limits::from_env())
}

/// `build_with_state` with the limits given rather than read from the
/// environment (tests set small ones).
pub fn build_with_limits(
    db: Database,
    settings: &Settings,
    signals: bool,
    limits: Limits,
) -> std::io::Result<(
    actix_web::dev::Server,
    Vec<SocketAddr>,
    actix_web::web::Data<AppState>,
)> {
    let key = {
        let mut conn = db
            .conn()
            .map_err(|e| std::io::Error::other(e.to_string()))?;
        SealKey::load_checked(&settings.key_file, &mut conn)
            .map_err(|e| std::io::Error::other(e.to_string()))?
    };
    web::ops::prometheus();
    let head_timeout = Duration::from_millis(limits.head_timeout_ms);
    let disconnect_timeout = Duration::from_millis(limits.disconnect_timeout_ms);
    let data = state(
        db,
        settings.secure_cookies,
        std::sync::Arc::new(key),
        limits,
    );
    let app_data = data.clone();
    let mut server = HttpServer::new(move || {
        App::new()
            .app_data(app_data.clone())
            .route("/healthz", actix_web::web::get().to(web::ops::healthz))
            .route("/readyz", actix_web::web::get().to(web::ops::readyz))
            .route("/metrics", actix_web::web::get().to(web::ops::metrics))
            .wrap(web::security_headers())
            .wrap(middleware::Compress::default())
            .wrap(middleware::from_fn(web::ops::body_deadline))
            .wrap(middleware::from_fn(web::ops::observe))
            .wrap(tracing_actix_web::TracingLogger::default())
            .configure(web::configure)
    })
    .workers(settings.workers.max(1))
    // A client that sends its request's head slowly, or keeps a connection
    // after the answer, is cut off (the body has `ops::body_deadline`).
    .client_request_timeout(head_timeout)
    .client_disconnect_timeout(disconnect_timeout)
    // Requests under way get this long after SIGTERM (live streams end at once).
    .shutdown_timeout(20);
    if !signals {
        server = server.disable_signals();
    }
    let server = server.bind(&settings.bind)?;
    let addrs = server.addrs();
    Ok((server.run(), addrs, data))
}

/// A server running on its own thread (tests, embedded use).
pub struct Background {
    pub addr: SocketAddr,
    pub handle: actix_web::dev::ServerHandle,
    state: actix_web::web::Data<AppState>,
    thread: Option<std::thread::JoinHandle<()>>,
}

impl Background {
    pub fn url(&self) -> String {
        format!("http://{}", self.addr)
    }

    /// The running server's state (tests look at its cache and streams).
    pub fn state(&self) -> &actix_web::web::Data<AppState> {
        &self.state
    }

    pub fn stop(mut self) {
        self.state.live.versions.close();
        let handle = self.handle.clone();
        actix_web::rt::System::new().block_on(handle.stop(true));
        if let Some(t) = self.thread.take() {
            let _ = t.join();
        }
    }
}

pub fn start_background(db: Database, settings: Settings) -> std::io::Result<Background> {
    start_background_with_limits(db, settings, Limits::from_env())
}

/// `start_background` with the limits given.
pub fn start_background_with_limits(
    db: Database,
    settings: Settings,
    limits: Limits,
) -> std::io::Result<Background> {
    let (tx, rx) = std::sync::mpsc::channel();
    let thread = std::thread::spawn(move || {
        let sys = actix_web::rt::System::new();
        sys.block_on(async move {
            match build_with_limits(db, &settings, true, limits) {
                Ok((server, addrs, state)) => {
                    let _ = tx.send(Ok((server.handle(), addrs[0], state)));
                    let _ = server.await;
                }
                Err(e) => {
                    let _ = tx.send(Err(e));
                }
            }
        });
    });
    let (handle, addr, state) = rx
        .recv()
        .map_err(|e| std::io::Error::other(e.to_string()))??;
    Ok(Background {
        addr,
        handle,
        state,
        thread: Some(thread),
    })
}
