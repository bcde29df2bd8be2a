//! Who is calling: session cookie (with CSRF token for writes) or bearer token;
//! the login rate limit; the session cookie itself.

use crate::db::schema::login_failures;
use crate::db::Database;
use crate::domain::{users, Actor, DomainError};
use actix_web::cookie::{Cookie, SameSite};
use actix_web::HttpRequest;
use diesel::prelude::*;
use std::time::Duration;

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
                        msg!("the form or request is missing its CSRF token (reload the page and try again)"),
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

/// Login attempts: at most `MAX_FAILURES` failed attempts per user name and
/// `MAX_ADDRESS_FAILURES` per client address within `WINDOW`; then 429 until
/// the oldest failure leaves the window. The failures are rows of
/// `login_failures`, so every instance on the database counts the same
/// attempts (a client spread over instances gets no more tries).
///
/// An attempt is counted *before* its password is checked (`begin`), and it
/// goes ahead only if the count, its own row included, is within the limit:
/// the rows are committed one by one, so the n-th attempt to commit sees at
/// least n rows, and however many attempts run at once at most the limit go
/// ahead. A wrong password leaves its row (a failure); a right one clears the
/// name's failures (`succeed`); a refused attempt takes its row back.
pub struct LoginLimiter {
    db: Database,
}

pub const MAX_FAILURES: usize = 5;
/// Failures from one address (over all the names it tries).
pub const MAX_ADDRESS_FAILURES: usize = 20;
pub const WINDOW: Duration = Duration::from_secs(600);

fn now_ms() -> i64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_millis() as i64)
        .unwrap_or(0)
}

/// A login attempt under way: its rows in `login_failures`.
pub struct Attempt {
    rows: Vec<i32>,
    name_key: String,
}

impl LoginLimiter {
    pub fn new(db: Database) -> LoginLimiter {
        LoginLimiter { db }
    }

    /// Counts an attempt for `username` from `ip`, or says how many seconds to
    /// wait when the name or the address has used its attempts. (When the
    /// database cannot be asked, the login itself will fail anyway.)
    pub fn begin(&self, ip: &str, username: &str) -> Result<Attempt, u64> {
        let name_key = format!("login-name {}", username.to_lowercase());
        let mut attempt = Attempt {
            rows: Vec::new(),
            name_key: name_key.clone(),
        };
        for (key, max) in [
            (name_key, MAX_FAILURES),
            (format!("login-address {ip}"), MAX_ADDRESS_FAILURES),
        ] {
            if let Some(id) = self.insert(&key) {
                attempt.rows.push(id);
            }
            if let Some(wait) = self.over(&key, max + 1, WINDOW) {
                self.forget(attempt);
                return Err(wait);
            }
        }
        Ok(attempt)
    }

    /// The password was right: the name's failures are forgotten, and so is
    /// this attempt.
    pub fn succeed(&self, attempt: Attempt) {
        if let Ok(mut conn) = self.db.conn() {
            let _ = diesel::delete(
                login_failures::table.filter(login_failures::key.eq(&attempt.name_key)),
            )
            .execute(&mut conn);
        }
        self.forget(attempt);
    }

    /// The attempt does not count (refused, or the server failed).
    pub fn forget(&self, attempt: Attempt) {
        let Ok(mut conn) = self.db.conn() else { return };
        let _ =
            diesel::delete(login_failures::table.filter(login_failures::id.eq_any(&attempt.rows)))
                .execute(&mut conn);
    }

    fn insert(&self, key: &str) -> Option<i32> {
        let mut conn = self.db.conn().ok()?;
        diesel::insert_into(login_failures::table)
            .values((
                login_failures::key.eq(key),
                login_failures::at_ms.eq(now_ms()),
            ))
            .returning(login_failures::id)
            .get_result(&mut conn)
            .ok()
    }

    /// The same counter for the other writes open to everyone (online
    /// entries, check-in codes; see `web::api::entries`): seconds to wait
    /// when `key` has been counted `max` times within `window`.
    pub fn over(&self, key: &str, max: usize, window: Duration) -> Option<u64> {
        let mut conn = self.db.conn().ok()?;
        let since = now_ms() - window.as_millis() as i64;
        let times: Vec<i64> = login_failures::table
            .filter(login_failures::key.eq(key))
            .filter(login_failures::at_ms.gt(since))
            .order(login_failures::at_ms.asc())
            .select(login_failures::at_ms)
            .load(&mut conn)
            .ok()?;
        if times.len() >= max {
            let left = times[times.len() - max] + window.as_millis() as i64 - now_ms();
            Some(((left.max(0) as u64) / 1000).max(1))
        } else {
            None
        }
    }

    /// Counts one attempt under `key`.
    pub fn count(&self, key: &str) {
        let Ok(mut conn) = self.db.conn() else { return };
        let now = now_ms();
        let _ = diesel::insert_into(login_failures::table)
            .values((login_failures::key.eq(key), login_failures::at_ms.eq(now)))
            .execute(&mut conn);
        // Old attempts are of no use: forget them now and then (the longest
        // window is an hour).
        if now % 16 == 0 {
            let _ = diesel::delete(
                login_failures::table.filter(login_failures::at_ms.lt(now - 3_600_000)),
            )
            .execute(&mut conn);
        }
    }
}
