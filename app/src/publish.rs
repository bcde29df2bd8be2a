//! The venue's publisher (issue 39): sends each new public state of a linked
//! event (`domain::mirror::snapshot`, table `publish_links`) to the public
//! server, on a thread of its own, so an arbiter's action never waits for the
//! network.
//!
//! - Only the latest state is sent: the publisher looks at the event's
//!   version when it is free to send, so states written meanwhile are
//!   coalesced into one (an older state is never queued behind a newer one).
//! - A failure is written down in words (the staff's link status) and tried
//!   again after a wait that doubles from half a second up to
//!   [`MAX_WAIT`], forever: after hours offline the next try sends the
//!   state of that moment.
//! - A state the server already shows is accepted again without change
//!   (the server is idempotent), so a repeat after a lost answer is harmless.

use crate::db::Database;
use crate::domain::ids::TournamentId;
use crate::domain::mirror;
use crate::domain::DomainError;
use crate::sync::Versions;
use std::collections::HashMap;
use std::sync::Arc;
use std::time::{Duration, Instant};

/// How often the links are looked at.
const POLL: Duration = Duration::from_millis(150);
/// The first wait after a failure, doubled after each further one …
const FIRST_WAIT: Duration = Duration::from_millis(500);
/// … up to this: a server back after an outage has the venue's state within
/// this long (plus one send).
pub const MAX_WAIT: Duration = Duration::from_secs(3);

/// Starts the publisher for the database of this process; it ends when the
/// server closes (`Versions::close`).
pub fn start(db: Database, versions: Arc<Versions>) {
    let _ = std::thread::Builder::new()
        .name("publisher".into())
        .spawn(move || run(db, versions));
}

fn run(db: Database, versions: Arc<Versions>) {
    let Ok(client) = reqwest::blocking::Client::builder()
        .connect_timeout(Duration::from_secs(5))
        .timeout(Duration::from_secs(30))
        .build()
    else {
        log::error!("the publisher could not start its HTTP client");
        return;
    };
    // Per event: when the next try may go, and the wait after the next failure.
    let mut waits: HashMap<TournamentId, (Instant, Duration)> = HashMap::new();
    while !versions.closing() {
        let due = db.read(mirror::due).unwrap_or_default();
        for (tid, server, token, _) in due {
            if waits
                .get(&tid)
                .is_some_and(|(next, _)| Instant::now() < *next)
            {
                continue;
            }
            match send(&db, &client, tid, &server, &token) {
                Ok(()) => {
                    waits.remove(&tid);
                }
                Err(e) => {
                    let wait = waits.get(&tid).map_or(FIRST_WAIT, |w| w.1);
                    waits.insert(tid, (Instant::now() + wait, (wait * 2).min(MAX_WAIT)));
                    log::warn!("publishing tournament {tid}: {e}");
                    let _ = db.write(|c| mirror::mark_error(c, tid, &e));
                }
            }
        }
        std::thread::sleep(POLL);
    }
}

/// Sends the current public state of `tid`; the failure in words.
fn send(
    db: &Database,
    client: &reqwest::blocking::Client,
    tid: TournamentId,
    server: &str,
    token: &str,
) -> Result<(), String> {
    let snap = db
        .read(|c| mirror::snapshot(c, tid))
        .map_err(|e: DomainError| format!("the event's state could not be read here: {e}"))?;
    let target = mirror::token_target(token)
        .ok_or_else(|| "the token is not a publishing token".to_string())?;
    let body = serde_json::to_vec(&snap).map_err(|e| e.to_string())?;
    let url = format!("{server}/api/v1/tournaments/{target}/mirror");
    let answer = client
        .put(&url)
        .bearer_auth(token)
        .header("Content-Type", "application/json")
        .body(body)
        .send()
        .map_err(|e| {
            if e.is_timeout() {
                format!("the server did not answer in time ({server})")
            } else if e.is_connect() {
                format!("the server cannot be reached: no network, or it is not running ({server})")
            } else {
                format!("sending to {server} failed: {e}")
            }
        })?;
    let status = answer.status();
    if status.is_success() {
        db.write(|c| mirror::mark_sent(c, tid, snap.version))
            .map_err(|e: DomainError| e.to_string())?;
        return Ok(());
    }
    let text = answer.text().unwrap_or_default();
    let why = serde_json::from_str::<serde_json::Value>(&text)
        .ok()
        .and_then(|v| v["error"].as_str().map(str::to_string))
        .unwrap_or_else(|| text.chars().take(200).collect());
    Err(match status.as_u16() {
        401 | 403 => format!("the server refused the token: {why}"),
        404 => format!("the server has no such tournament: {why}"),
        409 => format!("the server shows a newer state than this one (was this database restored from a backup?): {why}"),
        413 => format!("the event's state is larger than the server accepts: {why}"),
        429 => "the server asks to publish less often; waiting".to_string(),
        _ => format!("the server answered {status}: {why}"),
    })
}
