//! Who is calling: session cookie (with CSRF token for writes) or bearer token;
//! the login rate limit; the session cookie itself.

use crate::db::Database;
use crate::domain::{users, Actor, DomainError};
use actix_web::cookie::{Cookie, SameSite};
use actix_web::HttpRequest;
use std::collections::HashMap;
use std::sync::Mutex;
use std::time::{Duration, Instant};

pub const SESSION_COOKIE: &str = "arbiter_session";
pub const CSRF_HEADER: &str = "X-CSRF-Token";

/// The credentials a request carries, read before the blocking database work.
#[derive(Clone, Debug, Default)]
pub struct Credentials {
    pub session: Option<String>,
    pub bearer: Option<String>,
    pub csrf: Option<String>,
}

impl Credentials {
    pub fn of(req: &HttpRequest) -> Credentials {
        let bearer = req
            .headers()
            .get("Authorization")
            .and_then(|v| v.to_str().ok())
            .and_then(|v| v.strip_prefix("Bearer "))
            .map(|s| s.trim().to_string());
        Credentials {
            session: req.cookie(SESSION_COOKIE).map(|c| c.value().to_string()),
            bearer,
            csrf: req
                .headers()
                .get(CSRF_HEADER)
                .and_then(|v| v.to_str().ok())
                .map(str::to_string),
        }
    }

    /// The acting user. For a write through a session cookie, the CSRF token must
    /// match the session's (a bearer token is not sent by browsers on their own, so
    /// it needs none). Unknown or expired credentials make an anonymous actor.
    pub fn actor(&self, db: &Database, write: bool) -> Result<Actor, DomainError> {
        let mut conn = db.conn()?;
        if let Some(token) = &self.bearer {
            return Ok(users::resolve_bearer(&mut conn, token)?.unwrap_or_default());
        }
        if let Some(token) = &self.session {
            if let Some((actor, csrf)) = users::resolve_session(&mut conn, token)? {
                if write && !constant_time_eq(self.csrf.as_deref().unwrap_or(""), &csrf) {
                    return Err(DomainError::Forbidden(
                        "the form or request is missing its CSRF token (reload the page and try again)".into(),
                    ));
                }
                return Ok(actor);
            }
        }
        Ok(Actor::anonymous())
    }
}

pub fn constant_time_eq(a: &str, b: &str) -> bool {
    a.len() == b.len()
        && a.bytes()
            .zip(b.bytes())
            .fold(0u8, |acc, (x, y)| acc | (x ^ y))
            == 0
}

pub fn session_cookie(token: &str, secure: bool) -> Cookie<'static> {
    Cookie::build(SESSION_COOKIE, token.to_string())
        .path("/")
        .http_only(true)
        .same_site(SameSite::Lax)
        .secure(secure)
        .max_age(actix_web::cookie::time::Duration::hours(36))
        .finish()
}

pub fn expired_cookie(secure: bool) -> Cookie<'static> {
    let mut c = session_cookie("", secure);
    c.make_removal();
    c
}

/// Whether the request came over TLS (directly or through a proxy that says so).
pub fn is_tls(req: &HttpRequest) -> bool {
    req.connection_info().scheme() == "https"
}

/// Login attempts: at most `MAX_FAILURES` failed attempts per client address and
/// user name within `WINDOW`; then 429 until the oldest failure leaves the window.
pub struct LoginLimiter {
    failures: Mutex<HashMap<String, Vec<Instant>>>,
}

pub const MAX_FAILURES: usize = 5;
pub const WINDOW: Duration = Duration::from_secs(600);

impl Default for LoginLimiter {
    fn default() -> Self {
        LoginLimiter {
            failures: Mutex::new(HashMap::new()),
        }
    }
}

impl LoginLimiter {
    fn key(ip: &str, username: &str) -> String {
        format!("{ip}\u{0}{}", username.to_lowercase())
    }

    /// Seconds to wait, if the client is locked out.
    pub fn check(&self, ip: &str, username: &str) -> Option<u64> {
        let mut map = self.failures.lock().unwrap_or_else(|p| p.into_inner());
        let now = Instant::now();
        let list = map.entry(Self::key(ip, username)).or_default();
        list.retain(|t| now.duration_since(*t) < WINDOW);
        if list.len() >= MAX_FAILURES {
            let oldest = list[0];
            Some((WINDOW - now.duration_since(oldest)).as_secs().max(1))
        } else {
            None
        }
    }

    pub fn fail(&self, ip: &str, username: &str) {
        let mut map = self.failures.lock().unwrap_or_else(|p| p.into_inner());
        if map.len() > 100_000 {
            map.clear();
        }
        map.entry(Self::key(ip, username))
            .or_default()
            .push(Instant::now());
    }

    pub fn succeed(&self, ip: &str, username: &str) {
        let mut map = self.failures.lock().unwrap_or_else(|p| p.into_inner());
        map.remove(&Self::key(ip, username));
    }
}
