//! Building and starting the HTTP server.

use crate::db::Database;
use crate::secrets::SealKey;
use crate::web::{self, AppState};
use actix_web::{middleware, App, HttpServer};
use std::net::SocketAddr;

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
) -> actix_web::web::Data<AppState> {
    actix_web::web::Data::new(AppState {
        db,
        login_limiter: Default::default(),
        secure_cookies,
        seal_key,
        live: Default::default(),
        cache: Default::default(),
    })
}

/// Binds the server; returns it (not yet running) and the bound addresses.
pub fn build(
    db: Database,
    settings: &Settings,
) -> std::io::Result<(actix_web::dev::Server, Vec<SocketAddr>)> {
    let key = SealKey::load_or_create(&settings.key_file)
        .map_err(|e| std::io::Error::other(e.to_string()))?;
    let data = state(db, settings.secure_cookies, std::sync::Arc::new(key));
    let server = HttpServer::new(move || {
        App::new()
            .app_data(data.clone())
            .wrap(web::security_headers())
            .wrap(middleware::Compress::default())
            .wrap(middleware::Logger::new("%a \"%r\" %s %b %Dms"))
            .configure(web::configure)
    })
    .workers(settings.workers.max(1))
    .bind(&settings.bind)?;
    let addrs = server.addrs();
    Ok((server.run(), addrs))
}

/// A server running on its own thread (tests, embedded use).
pub struct Background {
    pub addr: SocketAddr,
    pub handle: actix_web::dev::ServerHandle,
    thread: Option<std::thread::JoinHandle<()>>,
}

impl Background {
    pub fn url(&self) -> String {
        format!("http://{}", self.addr)
    }

    pub fn stop(mut self) {
        let handle = self.handle.clone();
        actix_web::rt::System::new().block_on(handle.stop(true));
        if let Some(t) = self.thread.take() {
            let _ = t.join();
        }
    }
}

pub fn start_background(db: Database, settings: Settings) -> std::io::Result<Background> {
    let (tx, rx) = std::sync::mpsc::channel();
    let thread = std::thread::spawn(move || {
        let sys = actix_web::rt::System::new();
        sys.block_on(async move {
            match build(db, &settings) {
                Ok((server, addrs)) => {
                    let _ = tx.send(Ok((server.handle(), addrs[0])));
                    let _ = server.await;
                }
                Err(e) => {
                    let _ = tx.send(Err(e));
                }
            }
        });
    });
    let (handle, addr) = rx
        .recv()
        .map_err(|e| std::io::Error::other(e.to_string()))??;
    Ok(Background {
        addr,
        handle,
        thread: Some(thread),
    })
}
