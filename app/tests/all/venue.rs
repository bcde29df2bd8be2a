//! From the venue laptop to the federation's server (issue 39): two real
//! `arbiter serve` processes, the venue on SQLite and the public server on
//! PostgreSQL, linked by a publishing token.
//!
//! - An event run on the venue through the API: after each write the
//!   server's anonymous API reads and pages equal the venue's within 2 s
//!   (ids aside: the server numbers its own rows; see `normalized`).
//! - The server stopped while the venue enters results, pairs and
//!   publishes; restarted, it shows the venue's latest state within 5 s, and
//!   the version it shows never moves back.
//! - An unpublished round, a sealed move, an internal penalty note and an
//!   entry's e-mail are in nothing the server stores (its `pg_dump`) or serves.
//! - A wrong, revoked or other event's token, an older version, an oversized
//!   body: refused with their statuses, nothing stored.

use crate::common;

use app::db::{Backend, Database};
use app::domain::{users, Actor};
use common::{backends, Client, TestDb};
use serde_json::{json, Value};
use std::io::{BufRead, BufReader};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

/// How long the server may take to show a venue's write.
const WITHIN: Duration = Duration::from_secs(2);
/// How long a restarted server may take to show the venue's latest state.
const AFTER_RESTART: Duration = Duration::from_secs(5);
/// How long the server is down mid-event (issue 39: a minute).
const OUTAGE: Duration = Duration::from_secs(60);
/// The server's limit on a state's size in this test (`ARBITER_MAX_MIRROR_BYTES`).
const MAX_BYTES: usize = 1_000_000;

const PASSWORD: &str = "venue-password-1";
const NOTE: &str = "INTERNAL-NOTE-kibitzer-warned-twice";
const EMAIL: &str = "secret.entrant@example.org";
const SEALED: &str = "Qh4";

struct Proc {
    child: Child,
    url: String,
}

impl Drop for Proc {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port()
}

/// `arbiter serve` on `db_url` at `port` (fixed, so a restart keeps the
/// address): this build's binary, or `ARBITER_BIN` (a release build, for
/// the load below).
fn spawn(db_url: &str, dir: &std::path::Path, port: u16) -> Proc {
    let bin =
        std::env::var("ARBITER_BIN").unwrap_or_else(|_| env!("CARGO_BIN_EXE_arbiter").to_string());
    let mut child = Command::new(bin)
        .args([
            "serve",
            "--bind",
            &format!("127.0.0.1:{port}"),
            "--database",
            db_url,
            "--workers",
            "2",
        ])
        .env("ARBITER_KEY_FILE", dir.join("seal.key"))
        .env("ARBITER_MAX_MIRROR_BYTES", MAX_BYTES.to_string())
        .env("RUST_LOG", "error")
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("start arbiter");
    let lines = BufReader::new(child.stdout.take().unwrap()).lines();
    for line in lines {
        if line.unwrap().starts_with("Arbiter is running at ") {
            return Proc {
                child,
                url: format!("http://127.0.0.1:{port}"),
            };
        }
    }
    let _ = child.kill();
    let _ = child.wait();
    panic!("the server did not start");
}

fn user(db: &Database, name: &str) {
    db.write(|c| users::create_user(c, &Actor::system(), name, PASSWORD, name, false))
        .unwrap();
}

fn login(url: &str, name: &str) -> Client {
    let mut c = Client::new(url);
    assert_eq!(c.login(name, PASSWORD).0.as_u16(), 200, "login {name}");
    c
}

/// An anonymous GET: (status, body).
fn get(url: &str, path: &str) -> (u16, String) {
    let r = reqwest::blocking::get(format!("{url}{path}")).unwrap();
    (r.status().as_u16(), r.text().unwrap())
}

/// A JSON answer with the ids of rows put aside: the server numbers its own
/// tournament, players and games (the venue's ids would collide with other
/// events' on a shared server). Every other value must be equal.
fn normalized(mut v: Value) -> Value {
    fn walk(v: &mut Value) {
        match v {
            Value::Object(m) => {
                for (k, x) in m.iter_mut() {
                    let id = k == "id" || (k.ends_with("_id") && k != "fide_id") || k == "opponent";
                    if id && x.is_number() {
                        *x = json!(0);
                    } else {
                        walk(x);
                    }
                }
            }
            Value::Array(a) => a.iter_mut().for_each(walk),
            _ => {}
        }
    }
    walk(&mut v);
    v
}

/// A page's visible text (tags, the tournament's address and the live
/// stream's version aside).
fn page_text(html: &str) -> String {
    let mut out = String::new();
    let mut in_tag = false;
    for ch in html.chars() {
        match ch {
            '<' => in_tag = true,
            '>' => {
                in_tag = false;
                out.push(' ');
            }
            c if !in_tag => out.push(c),
            _ => {}
        }
    }
    out.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// What the public reads of one event on one server: the API reads and the
/// pages, each as (address, normalized content).
fn public_view(url: &str, tid: i64) -> Vec<(String, String)> {
    let mut out = Vec::new();
    let api = format!("/api/v1/tournaments/{tid}");
    let rounds: Value = serde_json::from_str(&get(url, &format!("{api}/rounds")).1).unwrap();
    let n = rounds.as_array().map_or(0, Vec::len);
    let mut paths: Vec<String> = ["", "/players", "/rounds", "/standings"]
        .iter()
        .map(|p| format!("{api}{p}"))
        .collect();
    for r in 1..=n {
        paths.push(format!("{api}/rounds/{r}"));
    }
    for p in paths {
        let (status, body) = get(url, &p);
        let v: Value = serde_json::from_str(&body).unwrap_or(Value::String(body));
        let key = p.replace(&tid.to_string(), "{tid}");
        out.push((key, format!("{status} {}", normalized(v))));
    }
    let mut pages: Vec<String> = ["", "/players", "/standings", "/crosstable"]
        .iter()
        .map(|p| format!("/t/{tid}{p}"))
        .collect();
    for r in 1..=n {
        pages.push(format!("/t/{tid}/rounds/{r}"));
    }
    for p in pages {
        let (status, body) = get(url, &p);
        let key = p.replace(&tid.to_string(), "{tid}");
        // The server marks a mirror as such; the rest of the page is the venue's.
        let text = page_text(&body).replace("Published from the venue ", "");
        out.push((key, format!("{status} {text}")));
    }
    out
}

/// The mirror's venue version as the server's API says.
fn shown_version(server: &str, stid: i64) -> i64 {
    let (_, body) = get(server, &format!("/api/v1/tournaments/{stid}/mirror"));
    serde_json::from_str::<Value>(&body).unwrap()["venue_version"]
        .as_i64()
        .unwrap_or(-1)
}

/// Waits until the server's public view of `stid` equals the venue's of
/// `vtid`, at most `limit`; the time taken, or the first difference.
fn converge(
    venue: &str,
    vtid: i64,
    server: &str,
    stid: i64,
    limit: Duration,
    seen: &mut i64,
) -> Result<Duration, String> {
    let start = Instant::now();
    let want = public_view(venue, vtid);
    if let Some((p, b)) = want.iter().find(|(_, b)| !b.starts_with("200 ")) {
        panic!("the venue answers {p} with {}", &b[..3]);
    }
    loop {
        let shown = shown_version(server, stid);
        assert!(
            shown >= *seen,
            "the server showed version {shown} after {seen}: an older state after a newer one"
        );
        *seen = shown;
        let got = public_view(server, stid);
        let diff = want.iter().zip(&got).find(|(a, b)| a != b);
        match diff {
            None if want.len() == got.len() => return Ok(start.elapsed()),
            _ if start.elapsed() > limit => {
                return Err(match diff {
                    Some((a, b)) => format!(
                        "{} differs after {:?}:\n venue:  {}\n server: {}",
                        a.0,
                        start.elapsed(),
                        &a.1.chars().take(1500).collect::<String>(),
                        &b.1.chars().take(1500).collect::<String>()
                    ),
                    None => format!(
                        "{} reads on the venue, {} on the server",
                        want.len(),
                        got.len()
                    ),
                })
            }
            _ => std::thread::sleep(Duration::from_millis(50)),
        }
    }
}

fn games(c: &Client, vtid: i64, round: usize) -> Vec<Value> {
    c.get(&format!("/api/v1/tournaments/{vtid}/rounds/{round}"))
        .1["games"]
        .as_array()
        .cloned()
        .unwrap_or_default()
}

/// Everything the server's database holds, as text (`pg_dump --data-only`).
fn dump(url: &str) -> String {
    let out = Command::new("pg_dump")
        .args(["--data-only", url])
        .output()
        .expect("pg_dump");
    assert!(
        out.status.success(),
        "pg_dump: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8_lossy(&out.stdout).into_owned()
}

/// A push by hand: (status, answer).
fn push(server: &str, stid: i64, token: &str, body: Vec<u8>) -> (u16, Value) {
    let r = reqwest::blocking::Client::new()
        .put(format!("{server}/api/v1/tournaments/{stid}/mirror"))
        .header("Authorization", format!("Bearer {token}"))
        .header("Content-Type", "application/json")
        .body(body)
        .send()
        .unwrap();
    let status = r.status().as_u16();
    (
        status,
        serde_json::from_str(&r.text().unwrap()).unwrap_or(Value::Null),
    )
}

fn server_rows(db: &Database, stid: i64) -> (i64, i64, i64) {
    use app::db::schema::{audit_log, games, rounds};
    use diesel::prelude::*;
    let tid = app::domain::ids::TournamentId(stid as i32);
    let mut c = db.conn().unwrap();
    let audit: i64 = audit_log::table
        .filter(audit_log::tournament_id.eq(tid))
        .count()
        .get_result(&mut c)
        .unwrap();
    let r: i64 = rounds::table
        .filter(rounds::tournament_id.eq(tid))
        .count()
        .get_result(&mut c)
        .unwrap();
    let g: i64 = games::table
        .filter(games::tournament_id.eq(tid))
        .count()
        .get_result(&mut c)
        .unwrap();
    (audit, r, g)
}

#[test]
fn an_event_run_at_the_venue_is_mirrored_by_the_public_server() {
    if !backends().contains(&Backend::Postgres) {
        eprintln!("SKIPPED: the public server needs PostgreSQL");
        return;
    }
    let vdb = TestDb::new(Backend::Sqlite);
    let sdb = TestDb::new(Backend::Postgres);
    let venue_db = Database::open(&vdb.url, 4).unwrap();
    let server_db = Database::open(&sdb.url, 4).unwrap();
    user(&venue_db, "chief");
    user(&server_db, "federation");
    let venue = spawn(&vdb.url, &vdb.dir(), free_port());
    let port = free_port();
    let mut server = spawn(&sdb.url, &sdb.dir(), port);
    let v = venue.url.clone();
    let s = server.url.clone();

    // The federation's organizer makes the mirror and its token.
    let fed = login(&s, "federation");
    let stid = fed.create_tournament(
        json!({"name": "Placeholder", "start_date": "2026-06-01", "end_date": "2026-06-03"}),
    );
    let token = fed.ok(
        fed.post(
            &format!("/api/v1/tournaments/{stid}/publishing-token"),
            json!({}),
        ),
        201,
        "token",
    )["token"]
        .as_str()
        .unwrap()
        .to_string();

    // The venue's event: eight players and an approved online entry.
    let arb = login(&v, "chief");
    let vtid = arb.create_tournament(
        json!({"name": "Venue Open", "start_date": "2026-06-01", "end_date": "2026-06-03",
                   "rounds": 5, "adjournments": true}),
    );
    let t = |rest: &str| format!("/api/v1/tournaments/{vtid}{rest}");
    for i in 0..8 {
        arb.ok(
            arb.post(
                &t("/players"),
                json!({"name": format!("Player {i}"), "rating": 2300 - 25 * i, "birth_date": format!("1990-04-0{}", i + 1)}),
            ),
            201,
            "register",
        );
    }
    arb.ok(
        arb.put(&t("/entry-form"), json!({"is_open": true})),
        200,
        "open entries",
    );
    let anon = Client::new(&v);
    let entry = anon.ok(
        anon.post(
            &t("/entries"),
            json!({"name": "Entrant Nine", "email": EMAIL, "rating": 1900}),
        ),
        201,
        "entry",
    );
    arb.ok(
        arb.post(&t(&format!("/entries/{}/approve", entry["id"])), json!({})),
        200,
        "approve",
    );

    // Linked: the server shows the event within 2 s.
    let link = arb.ok(
        arb.put(&t("/publishing"), json!({"server": s, "token": token})),
        200,
        "link",
    );
    assert_eq!(link["linked"], true);
    assert_eq!(link["remote_tournament"].as_i64(), Some(stid));
    let mut seen = 0;
    let slowest = std::cell::Cell::new(Duration::ZERO);
    let sync = |what: &str, seen: &mut i64| {
        let took = converge(&v, vtid, &s, stid, WITHIN, seen)
            .unwrap_or_else(|e| panic!("after {what}: {e}"));
        slowest.set(slowest.get().max(took));
    };
    sync("linking", &mut seen);
    assert!(
        get(&s, &format!("/t/{stid}"))
            .1
            .contains("id=\"mirror-mark\""),
        "the server marks the event as published from the venue"
    );

    // Rounds 1 and 2: pair (unpublished: the server still shows the state
    // before it), publish, every result.
    for round in 1..=2 {
        arb.ok(arb.post(&t("/rounds"), json!({})), 201, "pair");
        sync(&format!("pairing round {round}"), &mut seen);
        assert_eq!(
            server_rows(&server_db, stid).1,
            round as i64 - 1,
            "an unpublished round stays at the venue"
        );
        arb.ok(
            arb.post(&t(&format!("/rounds/{round}/publish")), json!({})),
            200,
            "publish",
        );
        sync(&format!("publishing round {round}"), &mut seen);
        for (i, g) in games(&arb, vtid, round).iter().enumerate() {
            if g["black"].is_null() {
                continue;
            }
            if round == 1 && i == 0 {
                arb.ok(
                    arb.post(
                        &t(&format!("/games/{}/penalties", g["id"])),
                        json!({"player_id": g["white"]["id"], "kind": "warning", "note": NOTE, "version": g["version"]}),
                    ),
                    201,
                    "penalty",
                );
                sync("a penalty", &mut seen);
            }
            let g = arb.get(&t(&format!("/games/{}", g["id"]))).1;
            let result = ["1-0", "0-1", "1/2-1/2"][i % 3];
            arb.ok(
                arb.put(
                    &t(&format!("/games/{}/result", g["id"])),
                    json!({"result": result, "version": g["version"]}),
                ),
                200,
                "result",
            );
            sync(&format!("a result of round {round}"), &mut seen);
        }
    }
    eprintln!(
        "slowest convergence after a venue write: {:?}",
        slowest.get()
    );

    // Round 3 paired and published.
    arb.ok(arb.post(&t("/rounds"), json!({})), 201, "pair 3");
    arb.ok(
        arb.post(&t("/rounds/3/publish"), json!({})),
        200,
        "publish 3",
    );
    sync("publishing round 3", &mut seen);

    // The server stopped for a minute mid-event while the venue enters round
    // 3's results, pairs round 4 and publishes it: the venue never waits on
    // the network, and says why the link is pending.
    drop(server);
    let down = Instant::now();
    for (i, g) in games(&arb, vtid, 3).iter().enumerate() {
        if g["black"].is_null() {
            continue;
        }
        arb.ok(
            arb.put(
                &t(&format!("/games/{}/result", g["id"])),
                json!({"result": if i % 2 == 0 { "1-0" } else { "0-1" }, "version": g["version"]}),
            ),
            200,
            "result while the server is down",
        );
    }
    arb.ok(
        arb.post(&t("/rounds"), json!({})),
        201,
        "pair 4 while the server is down",
    );
    arb.ok(
        arb.post(&t("/rounds/4/publish"), json!({})),
        200,
        "publish 4 while the server is down",
    );
    std::thread::sleep(OUTAGE.saturating_sub(down.elapsed()));
    let status = arb.get(&t("/publishing")).1;
    assert_eq!(status["pending"], true, "{status}");
    assert!(
        status["last_error"]
            .as_str()
            .is_some_and(|e| e.contains("cannot be reached")),
        "the link's status says why in words: {status}"
    );
    server = spawn(&sdb.url, &sdb.dir(), port);
    let took = converge(&v, vtid, &s, stid, AFTER_RESTART, &mut seen)
        .unwrap_or_else(|e| panic!("after the restart: {e}"));
    eprintln!(
        "after {:?} down, the restarted server showed the venue's state after {took:?}",
        OUTAGE
    );
    let status = arb.get(&t("/publishing")).1;
    assert_eq!(status["pending"], false, "{status}");
    assert_eq!(status["last_error"], "", "{status}");

    // Round 4's board 1 adjourned with a sealed move.
    let g4 = games(&arb, vtid, 4);
    arb.ok(
        arb.post(
            &t(&format!("/games/{}/adjournments", g4[0]["id"])),
            json!({"fen": "rnbqkbnr/pppp1ppp/8/4p3/6P1/5P2/PPPPP2P/RNBQKBNR b KQkq g3 0 2",
                   "white_time_used_seconds": 60, "black_time_used_seconds": 60,
                   "sealed_move": SEALED, "resume_at": "2026-06-02T10:00", "resume_place": "Hall"}),
        ),
        201,
        "adjourn",
    );
    sync("an adjournment", &mut seen);

    let (_, server_rounds, _) = server_rows(&server_db, stid);
    assert_eq!(server_rounds, 4, "the server holds the published rounds");

    // Nothing private in what the server stores or serves.
    let stored = dump(&sdb.url);
    let sealed_ciphertext: String = {
        use app::db::schema::adjournments;
        use diesel::prelude::*;
        let mut c = venue_db.conn().unwrap();
        adjournments::table
            .select(adjournments::sealed_ciphertext)
            .first(&mut c)
            .unwrap()
    };
    let served: String = public_view(&s, stid)
        .into_iter()
        .map(|(_, b)| b)
        .collect::<Vec<_>>()
        .join("\n");
    for (what, secret) in [
        ("the penalty's internal note", NOTE),
        ("the entry's e-mail", EMAIL),
        ("the sealed move's ciphertext", sealed_ciphertext.as_str()),
        ("a birth date's month and day", "1990-04-0"),
    ] {
        assert!(
            !stored.contains(secret),
            "{what} is in the server's database"
        );
        assert!(!served.contains(secret), "{what} is served by the server");
    }
    assert!(
        !stored.contains(&format!("\"{SEALED}\"")) && !stored.contains(&format!("\t{SEALED}\t")),
        "the sealed move is in the server's database"
    );
    assert!(
        stored.contains("Entrant Nine"),
        "the dump holds the public state"
    );

    refusals(&s, stid, &fed, &token, &venue_db, &server_db, vtid);
    drop(server);
}

/// Wrong, revoked and other event's tokens, an older version, an oversized
/// body: refused with their statuses, nothing stored.
fn refusals(
    s: &str,
    stid: i64,
    fed: &Client,
    token: &str,
    venue_db: &Database,
    server_db: &Database,
    vtid: i64,
) {
    let snap = venue_db
        .read(|c| app::domain::mirror::snapshot(c, app::domain::ids::TournamentId(vtid as i32)))
        .unwrap();
    let body = |version: i64| {
        let mut s = snap.clone();
        s.version = version;
        serde_json::to_vec(&s).unwrap()
    };
    let shown = shown_version(s, stid);
    assert_eq!(shown, snap.version, "the server shows the venue's latest");
    let before = server_rows(server_db, stid);
    let other = fed.create_tournament(
        json!({"name": "Another", "start_date": "2026-06-01", "end_date": "2026-06-03"}),
    );
    let other_token = fed.ok(
        fed.post(
            &format!("/api/v1/tournaments/{other}/publishing-token"),
            json!({}),
        ),
        201,
        "another token",
    )["token"]
        .as_str()
        .unwrap()
        .to_string();
    let last = if token.ends_with('A') { "B" } else { "A" };
    let wrong = format!("{}{last}", &token[..token.len() - 1]);
    let mut big = body(shown + 10);
    big.resize(MAX_BYTES + 1, b' ');
    let cases: Vec<(&str, String, Vec<u8>, u16)> = vec![
        ("a wrong token", wrong, body(shown + 1), 403),
        ("another event's token", other_token, body(shown + 1), 403),
        ("an older version", token.to_string(), body(shown - 1), 409),
        ("an oversized body", token.to_string(), big, 413),
    ];
    for (what, tok, b, status) in cases {
        let (got, answer) = push(s, stid, &tok, b);
        assert_eq!(got, status, "{what}: {answer}");
        assert_eq!(
            server_rows(server_db, stid),
            before,
            "{what}: nothing stored"
        );
        assert_eq!(shown_version(s, stid), shown, "{what}");
    }
    // No token: 401. A repeat of the state shown: accepted, nothing done.
    let r = reqwest::blocking::Client::new()
        .put(format!("{s}/api/v1/tournaments/{stid}/mirror"))
        .body(body(shown + 1))
        .send()
        .unwrap();
    assert_eq!(r.status().as_u16(), 401);
    let (got, answer) = push(s, stid, token, body(shown));
    assert_eq!((got, answer["replaced"].clone()), (200, json!(false)));
    assert_eq!(
        server_rows(server_db, stid),
        before,
        "a repeat stores nothing"
    );
    // A staff write to the mirror is refused: it changes only from the venue.
    let renamed = fed.patch(
        &format!("/api/v1/tournaments/{stid}"),
        json!({"changes": {"place": "Elsewhere"}}),
    );
    assert_eq!(renamed.0.as_u16(), 409, "{}", renamed.1);
    // Revoked: the venue's token no longer publishes.
    fed.ok(
        fed.delete(&format!("/api/v1/tournaments/{stid}/publishing-token")),
        200,
        "revoke",
    );
    let after_revoke = server_rows(server_db, stid);
    let (got, answer) = push(s, stid, token, body(shown + 1));
    assert_eq!(got, 403, "a revoked token: {answer}");
    assert_eq!(server_rows(server_db, stid), after_revoke, "nothing stored");
    assert_eq!(shown_version(s, stid), shown);
}

/// The nearest-rank percentile `p` (0–100) of `v` (sorted here).
fn percentile(v: &mut [Duration], p: f64) -> Duration {
    v.sort();
    if v.is_empty() {
        return Duration::ZERO;
    }
    let i = ((p / 100.0) * v.len() as f64).ceil() as usize;
    v[i.clamp(1, v.len()) - 1]
}

/// Issue 39's load: `ARBITER_VENUES` venues (200) each publishing its
/// 40-player event every 2 s (one game changed each time) to one of three instances on one PostgreSQL,
/// for `ARBITER_VENUE_SECONDS` (30), while `ARBITER_SPECTATORS` (20) readers
/// read mirrors' standings (API) and pages from all three. Prints the p50
/// and p99 of the pushes' acceptance and of the reads (PERFORMANCE.md).
/// Run: `ARBITER_BIN=target/release/arbiter cargo test -p app --test all
/// venue::load -- --ignored --nocapture` (the servers a release build, this
/// driver a debug one).
#[test]
#[ignore]
fn load_of_many_venues_on_three_instances() {
    use std::sync::{Arc, Mutex};
    if !backends().contains(&Backend::Postgres) {
        eprintln!("SKIPPED: the public server needs PostgreSQL");
        return;
    }
    let var = |name: &str, d: u64| -> u64 {
        std::env::var(name)
            .ok()
            .and_then(|v| v.parse().ok())
            .unwrap_or(d)
    };
    let venues = var("ARBITER_VENUES", 200) as usize;
    let seconds = var("ARBITER_VENUE_SECONDS", 30);
    let spectators = var("ARBITER_SPECTATORS", 20) as usize;

    // One venue's state: a 40-player Swiss with three rounds published.
    let venue = common::TestApp::start(Backend::Sqlite);
    let arb = venue.user("chief");
    let event = common::build::EventBuilder::swiss(&arb)
        .players(40)
        .publish(3)
        .build();
    let snap = venue
        .db
        .read(|c| app::domain::mirror::snapshot(c, event.tid))
        .unwrap();

    // The server: `venues` mirrors with their tokens, three instances.
    let sdb = TestDb::new(Backend::Postgres);
    let server_db = Database::open(&sdb.url, 4).unwrap();
    user(&server_db, "federation");
    let org = Actor {
        user_id: server_db
            .read(|c| users::find_user_id(c, "federation"))
            .unwrap(),
        username: Some("federation".into()),
        is_admin: false,
    };
    let mut mirrors = Vec::new();
    for i in 0..venues {
        let t = server_db
            .write(|c| {
                app::domain::tournaments::create(
                    c,
                    &org,
                    app::domain::tournaments::Regulations {
                        name: format!("Venue {i}"),
                        ..Default::default()
                    },
                )
            })
            .unwrap();
        let token = server_db
            .write(|c| app::domain::mirror::issue_token(c, &org, t.id))
            .unwrap()
            .token;
        mirrors.push((t.id.get() as i64, token));
    }
    let instances: Vec<Proc> = (0..3)
        .map(|_| spawn(&sdb.url, &sdb.dir(), free_port()))
        .collect();
    let urls: Vec<String> = instances.iter().map(|p| p.url.clone()).collect();
    let begun = Instant::now();
    let deadline = begun + Duration::from_secs(seconds);
    let pushes = Arc::new(Mutex::new(Vec::new()));
    let reads = Arc::new(Mutex::new(Vec::new()));
    let failures = Arc::new(Mutex::new(Vec::new()));
    let mut threads = Vec::new();
    for (i, (stid, token)) in mirrors.iter().cloned().enumerate() {
        let url = urls[i % 3].clone();
        let snap = snap.clone();
        let (pushes, failures) = (pushes.clone(), failures.clone());
        threads.push(std::thread::spawn(move || {
            let http = reqwest::blocking::Client::new();
            // Spread the venues over the 2 s.
            std::thread::sleep(Duration::from_millis((i as u64 * 2000) / venues as u64));
            let mut version = 1;
            while Instant::now() < deadline {
                let tick = Instant::now();
                let mut s = snap.clone();
                s.version = version;
                // One game changes from one state to the next, as at a venue.
                let k = version as usize % s.games.len();
                s.games[k].row.version = version as i32;
                version += 1;
                let body = serde_json::to_vec(&s).unwrap();
                let start = Instant::now();
                let r = http
                    .put(format!("{url}/api/v1/tournaments/{stid}/mirror"))
                    .header("Authorization", format!("Bearer {token}"))
                    .header("Content-Type", "application/json")
                    .body(body)
                    .send();
                let took = start.elapsed();
                match r {
                    Ok(r) if r.status().is_success() => {
                        pushes.lock().unwrap().push((start - begun, took))
                    }
                    Ok(r) => failures
                        .lock()
                        .unwrap()
                        .push(format!("push {}", r.status())),
                    Err(e) => failures.lock().unwrap().push(format!("push {e}")),
                }
                std::thread::sleep(Duration::from_secs(2).saturating_sub(tick.elapsed()));
            }
        }));
    }
    for k in 0..spectators {
        let urls = urls.clone();
        let ids: Vec<i64> = mirrors.iter().map(|m| m.0).collect();
        let (reads, failures) = (reads.clone(), failures.clone());
        threads.push(std::thread::spawn(move || {
            let http = reqwest::blocking::Client::new();
            let mut n = k;
            while Instant::now() < deadline {
                n += 7;
                let tid = ids[n % ids.len()];
                let path = if n % 2 == 0 {
                    format!("/api/v1/tournaments/{tid}/standings")
                } else {
                    format!("/t/{tid}/standings")
                };
                let start = Instant::now();
                match http.get(format!("{}{path}", urls[n % 3])).send() {
                    Ok(r) if r.status().is_success() => {
                        let _ = r.bytes();
                        reads.lock().unwrap().push(start.elapsed());
                    }
                    Ok(r) => failures
                        .lock()
                        .unwrap()
                        .push(format!("read {}", r.status())),
                    Err(e) => failures.lock().unwrap().push(format!("read {e}")),
                }
                std::thread::sleep(Duration::from_millis(100));
            }
        }));
    }
    for t in threads {
        t.join().unwrap();
    }
    let timed = pushes.lock().unwrap().clone();
    // The acceptance time by 5-second window of the run (the first holds
    // every venue's first state, written whole).
    for w in 0..seconds.div_ceil(5) {
        let mut window: Vec<Duration> = timed
            .iter()
            .filter(|(at, _)| at.as_secs() / 5 == w)
            .map(|(_, took)| *took)
            .collect();
        eprintln!(
            "  pushes sent {}-{} s: {}, p50 {:?} p99 {:?}",
            w * 5,
            w * 5 + 5,
            window.len(),
            percentile(&mut window, 50.0),
            percentile(&mut window, 99.0)
        );
    }
    let mut pushes: Vec<Duration> = timed.iter().map(|(_, took)| *took).collect();
    let mut reads = reads.lock().unwrap().clone();
    let failures = failures.lock().unwrap().clone();
    let expected = venues as u64 * seconds / 2;
    eprintln!(
        "{venues} venues × every 2 s for {seconds} s (state {} bytes) on 3 instances: \
         {} pushes accepted (of about {expected} due), acceptance p50 {:?} p99 {:?}; \
         {} spectator reads, p50 {:?} p99 {:?}; {} failures {:?}",
        serde_json::to_vec(&snap).unwrap().len(),
        pushes.len(),
        percentile(&mut pushes, 50.0),
        percentile(&mut pushes, 99.0),
        reads.len(),
        percentile(&mut reads, 50.0),
        percentile(&mut reads, 99.0),
        failures.len(),
        failures.iter().take(5).collect::<Vec<_>>()
    );
    assert!(failures.is_empty(), "no push or read fails");
    drop(instances);
}
