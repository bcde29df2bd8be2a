//! Crash safety: 50 concurrent result writers against the real `arbiter` binary,
//! SIGKILL mid-stream, restart — every write the server acknowledged is there,
//! and nothing is half-written (each result change has exactly its audit row).
//! On SQLite (WAL, synchronous=FULL) and PostgreSQL. The default run does one
//! kill per backend; `cargo test -p app --test crash -- --ignored` does 20.

use crate::common;

use app::db::{Backend, Database};
use app::domain::{rounds, users, Actor};
use common::{backends, Client, TestDb};
use diesel::prelude::*;
use serde_json::json;
use std::collections::HashMap;
use std::process::Child;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

const BOARDS: usize = 50;

fn start(db_url: &str, key: &std::path::Path) -> (Child, String) {
    common::spawn_arbiter(db_url, key, 4)
}

/// A tournament with 100 players and round 1 published: 50 boards to write to.
fn prepare(db: &Database) -> (i32, Vec<i32>, String) {
    let admin = db
        .write(|c| {
            users::create_user(
                c,
                &Actor::system(),
                "crash",
                "crash-password-1",
                "Crash",
                false,
            )
        })
        .unwrap();
    let actor = Actor {
        user_id: Some(admin.id),
        username: Some("crash".into()),
        is_admin: false,
    };
    let t = crate::common::build::stored_event(db, &actor, "Crash", 5, BOARDS * 2);
    let r = db.write(|c| rounds::pair_next(c, &actor, t)).unwrap();
    db.write(|c| rounds::publish(c, &actor, t, app::domain::ids::RoundNo(1)))
        .unwrap();
    let token = db
        .write(|c| users::create_token(c, &actor, "crash writers"))
        .unwrap()
        .token;
    (t.get(), r.games.iter().map(|g| g.id.get()).collect(), token)
}

struct Ack {
    version: i64,
    result: String,
}

fn one_crash(backend: Backend, run_ms: u64) -> (usize, usize) {
    let testdb = TestDb::new(backend);
    let db = Database::open(&testdb.url, 4).unwrap();
    let (tid, games, token) = prepare(&db);
    drop(db);
    let key = testdb.dir().join("seal.key");
    let (mut child, url) = start(&testdb.url, &key);
    let stop = AtomicBool::new(false);
    let ready = std::sync::Barrier::new(games.len() + 1);
    let results = ["1-0", "0-1", "½-½"];
    let (acks, errors): (HashMap<i32, Ack>, usize) = std::thread::scope(|s| {
        let handles: Vec<_> = games
            .iter()
            .map(|&gid| {
                let url = url.clone();
                let stop = &stop;
                let ready = &ready;
                let token = token.clone();
                s.spawn(move || {
                    let mut c = Client::new(&url);
                    c.bearer = Some(token);
                    ready.wait();
                    let mut last: Option<Ack> = None;
                    let mut version = 1i64;
                    let mut errors = 0;
                    let mut i = 0usize;
                    while !stop.load(Ordering::Relaxed) {
                        i += 1;
                        let r = results[(i + gid as usize) % 3];
                        let path = format!("/api/v1/tournaments/{tid}/games/{gid}/result");
                        let body = json!({"result": r, "version": version, "reason": "crash test correction"});
                        match c.try_send(reqwest::Method::PUT, &path, Some(&body)) {
                            Ok((status, v)) if status.as_u16() == 200 => {
                                version = v["version"].as_i64().unwrap();
                                last = Some(Ack { version, result: v["result"].as_str().unwrap().to_string() });
                            }
                            Ok((status, v)) if status.as_u16() == 409 => {
                                version = v["current"]["version"].as_i64().unwrap_or(version);
                            }
                            Ok((status, v)) => {
                                // Printed so that a failure says what the server answered.
                                eprintln!("[crash] game {gid}: unexpected {status}: {v}");
                                errors += 1;
                            }
                            Err(_) => break, // the server is gone
                        }
                    }
                    (gid, last, errors)
                })
            })
            .collect();
        ready.wait();
        std::thread::sleep(Duration::from_millis(run_ms));
        // SIGKILL, mid-stream.
        child.kill().unwrap();
        let _ = child.wait();
        stop.store(true, Ordering::Relaxed);
        let mut acks = HashMap::new();
        let mut errors = 0;
        for h in handles {
            let (gid, last, e) = h.join().unwrap();
            errors += e;
            if let Some(a) = last {
                acks.insert(gid, a);
            }
        }
        (acks, errors)
    });
    // Restart on the same database: every acknowledged write is there.
    let (mut child, url) = start(&testdb.url, &key);
    let c = Client::new(&url);
    let db = Database::open(&testdb.url, 2).unwrap();
    let mut acknowledged = 0;
    for &gid in &games {
        let g = c.get(&format!("/api/v1/tournaments/{tid}/games/{gid}")).1;
        let version = g["version"].as_i64().unwrap();
        if let Some(a) = acks.get(&gid) {
            acknowledged += (a.version - 1) as usize;
            assert!(
                version >= a.version,
                "[{backend:?}] game {gid}: acknowledged version {} lost (now {version})",
                a.version
            );
            assert!(
                version <= a.version + 1,
                "[{backend:?}] game {gid}: more writes than were sent"
            );
            if version == a.version {
                assert_eq!(
                    g["result"],
                    a.result.as_str(),
                    "[{backend:?}] game {gid}: acknowledged result lost"
                );
            }
        }
        // Nothing half-written: one audit row per committed result change.
        let audit_rows: i64 = db
            .read(|conn| -> Result<i64, app::domain::DomainError> {
                use app::db::schema::audit_log;
                Ok(audit_log::table
                    .filter(audit_log::entity.eq("game"))
                    .filter(audit_log::entity_id.eq(gid as i64))
                    .count()
                    .get_result(conn)?)
            })
            .unwrap();
        assert_eq!(
            audit_rows,
            version - 1,
            "[{backend:?}] game {gid}: result changes and audit rows disagree"
        );
    }
    let _ = child.kill();
    let _ = child.wait();
    (acknowledged, errors)
}

#[test]
fn acknowledged_results_survive_sigkill() {
    for backend in backends() {
        let (acked, errors) = one_crash(backend, 1500);
        assert_eq!(errors, 0, "[{backend:?}] writers saw errors other than 409");
        assert!(
            acked > 0,
            "[{backend:?}] the writers got results through before the kill"
        );
        eprintln!("[{backend:?}] {acked} acknowledged writes, all present after SIGKILL; {errors} non-409 errors");
    }
}

#[test]
#[ignore = "long: 20 kills per backend"]
fn acknowledged_results_survive_sigkill_20_times() {
    for backend in backends() {
        let mut total = 0;
        for i in 0..20 {
            let (acked, errors) = one_crash(backend, 800 + (i * 97 % 1500));
            assert_eq!(errors, 0);
            total += acked;
        }
        eprintln!("[{backend:?}] 20 kills, {total} acknowledged writes, none lost");
    }
}
