//! Running several instances (issue 16): `/healthz`, `/readyz`, `/metrics`,
//! request ids, SIGTERM, the shared login rate limit, and the sealed-move key
//! check at start.

use crate::common;

use app::secrets::{KeyError, SealKey};
use common::{backends, on_each_backend, Client, ADMIN_PASSWORD};
use serde_json::json;
use std::io::Read;
use std::process::Command;
use std::time::{Duration, Instant};

fn get(url: &str) -> reqwest::blocking::Response {
    reqwest::blocking::get(url).expect("request")
}

#[test]
fn health_readiness_metrics_and_request_ids() {
    on_each_backend(|app, label| {
        let r = get(&format!("{}/healthz", app.base));
        assert_eq!(r.status(), 200, "[{label}] healthz");
        let r = get(&format!("{}/readyz", app.base));
        assert_eq!(r.status(), 200, "[{label}] readyz");
        // A JSON error carries the request id of its X-Request-Id header.
        let r = get(&format!("{}/api/v1/tournaments/999999", app.base));
        assert_eq!(r.status(), 404, "[{label}]");
        let id = r.headers()["x-request-id"].to_str().unwrap().to_string();
        assert!(id.len() >= 16, "[{label}] request id {id}");
        let body: serde_json::Value = r.json().unwrap();
        assert_eq!(body["request_id"], id.as_str(), "[{label}] {body}");
        // Every answer has one, different each time.
        let other = get(&format!("{}/healthz", app.base)).headers()["x-request-id"]
            .to_str()
            .unwrap()
            .to_string();
        assert_ne!(other, id);
        let text = get(&format!("{}/metrics", app.base)).text().unwrap();
        for needle in [
            "http_requests_total{",
            "route=\"/api/v1/tournaments/{tid}\"",
            "status=\"404\"",
            "http_request_duration_seconds_bucket{",
            "db_pool_connections_in_use",
            "db_pool_connections_max",
            "live_streams_open",
            "change_notifications_received_total",
        ] {
            assert!(
                text.contains(needle),
                "[{label}] /metrics lacks {needle}:\n{text}"
            );
        }
    });
}

#[test]
fn the_login_rate_limit_is_shared_by_instances() {
    on_each_backend(|app, _| {
        // A second server on the same database.
        let dir = std::env::temp_dir().join(format!("arbiter-ops-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let other = app::server::start_background(
            app.db.clone(),
            app::server::Settings {
                bind: "127.0.0.1:0".into(),
                key_file: dir.join(format!("{:?}.key", app.backend)),
                secure_cookies: false,
                workers: 1,
            },
        )
        .unwrap();
        let bases = [app.base.clone(), other.url()];
        for i in 0..app::web::auth::MAX_FAILURES {
            let mut c = Client::new(&bases[i % 2]);
            assert_eq!(c.login("admin", "wrong-password-9").0, 401, "failure {i}");
        }
        // Locked out on both, even with the right password.
        for base in &bases {
            let mut c = Client::new(base);
            let (status, _) = c.login("admin", ADMIN_PASSWORD);
            assert_eq!(status, 429, "[{}] {base}", app.label());
        }
        other.stop();
        let _ = std::fs::remove_dir_all(&dir);
    });
}

fn start_binary(db: &str, key: &std::path::Path) -> (std::process::Child, String) {
    common::spawn_arbiter_logging(db, key, 2, Some("info"))
}

/// SIGTERM: the live streams end at once (browsers reconnect elsewhere), the
/// process exits 0, and its log lines carry request ids.
#[test]
fn sigterm_closes_live_streams_and_exits() {
    let testdb = common::TestDb::new(app::db::Backend::Sqlite);
    let key = testdb.dir().join("seal.key");
    let (mut child, url) = start_binary(&testdb.url, &key);
    // A tournament to follow (an unknown one's stream is a 404).
    let db = app::db::Database::open(&testdb.url, 1).unwrap();
    let tid = db
        .write(|c| {
            let u = app::domain::users::create_user(
                c,
                &app::domain::Actor::system(),
                "live",
                common::USER_PASSWORD,
                "Live",
                false,
            )?;
            let actor = app::domain::Actor {
                user_id: Some(u.id),
                username: Some("live".into()),
                is_admin: false,
            };
            app::domain::tournaments::create(
                c,
                &actor,
                app::domain::tournaments::Regulations {
                    name: "Live".into(),
                    rounds: 5,
                    ..Default::default()
                },
            )
        })
        .unwrap()
        .id;
    let res = reqwest::blocking::Client::builder()
        .timeout(None)
        .build()
        .unwrap()
        .get(format!("{url}/t/{tid}/live"))
        .send()
        .unwrap();
    assert_eq!(res.status(), 200);
    let (tx, rx) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        let mut res = res;
        let mut buf = Vec::new();
        let _ = res.read_to_end(&mut buf);
        let _ = tx.send(Instant::now());
    });
    std::thread::sleep(Duration::from_millis(300));
    let sent = Instant::now();
    let ok = Command::new("kill")
        .args(["-TERM", &child.id().to_string()])
        .status()
        .unwrap();
    assert!(ok.success());
    let ended = rx
        .recv_timeout(Duration::from_secs(5))
        .expect("the live stream ended after SIGTERM");
    let deadline = Instant::now() + Duration::from_secs(10);
    let status = loop {
        if let Some(s) = child.try_wait().unwrap() {
            break s;
        }
        assert!(
            Instant::now() < deadline,
            "the server did not exit after SIGTERM"
        );
        std::thread::sleep(Duration::from_millis(50));
    };
    assert!(status.success(), "exit status {status}");
    let mut log = String::new();
    child
        .stderr
        .take()
        .unwrap()
        .read_to_string(&mut log)
        .unwrap();
    assert!(
        log.lines()
            .any(|l| l.contains("request_id=") && l.contains("/t/1/live")),
        "log lines carry the request id:\n{log}"
    );
    eprintln!(
        "SIGTERM: live stream closed after {:?}, process exited after {:?}",
        ended - sent,
        sent.elapsed()
    );
}

/// An instance whose key does not open the envelopes already in the database
/// refuses to start; so does one without a key file (none is created).
#[test]
fn a_key_that_does_not_open_the_envelopes_is_refused() {
    for backend in backends() {
        let testdb = common::TestDb::new(backend);
        let db = app::db::Database::open(&testdb.url, 4).unwrap();
        db.write(|conn| {
            app::domain::users::create_user(
                conn,
                &app::domain::Actor::system(),
                "admin",
                ADMIN_PASSWORD,
                "Admin",
                true,
            )
        })
        .unwrap();
        let right = testdb.dir().join("seal.key");
        let server = app::server::start_background(
            db.clone(),
            app::server::Settings {
                bind: "127.0.0.1:0".into(),
                key_file: right.clone(),
                secure_cookies: false,
                workers: 1,
            },
        )
        .unwrap();
        let mut c = Client::new(&server.url());
        c.login("admin", ADMIN_PASSWORD);
        let tid = crate::common::build::round_one(&c, json!({"name": "Keys", "start_date": "2026-01-01", "end_date": "2026-01-02", "adjournments": true, "rounds": 1}), 2).tid;
        let gid = c.get(&format!("/api/v1/tournaments/{tid}/rounds/1")).1["games"][0]["id"]
            .as_i64()
            .unwrap();
        c.ok(
            c.post(
                &format!("/api/v1/tournaments/{tid}/games/{gid}/adjournments"),
                json!({"fen": "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1", "white_time_used_seconds": 60, "black_time_used_seconds": 60,
                       "sealed_move": "e5", "resume_at": "2026-01-02T10:00", "resume_place": "Hall"}),
            ),
            201,
            "adjourn",
        );
        server.stop();
        let dir =
            std::env::temp_dir().join(format!("arbiter-keys-{}-{backend:?}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let mut conn = db.conn().unwrap();
        // Another key: refused, naming the envelope.
        let wrong = dir.join("wrong.key");
        SealKey::load_or_create(&wrong).unwrap();
        match SealKey::load_checked(&wrong, &mut conn) {
            Err(e @ KeyError::Mismatch { .. }) => {
                assert!(e.to_string().contains("does not open the sealed envelopes"))
            }
            other => panic!("[{backend:?}] wrong key accepted: {other:?}"),
        }
        // No key file: refused, and none created.
        let missing = dir.join("missing.key");
        match SealKey::load_checked(&missing, &mut conn) {
            Err(e @ KeyError::Missing { .. }) => {
                assert!(e.to_string().contains("1 sealed envelope"), "{e}")
            }
            other => panic!("[{backend:?}] started without the key: {other:?}"),
        }
        assert!(!missing.exists(), "no second key is created");
        // The right key: accepted.
        SealKey::load_checked(&right, &mut conn).expect("the right key opens them");
        // The binary says why it does not start.
        if backend == app::db::Backend::Sqlite {
            let out = Command::new(env!("CARGO_BIN_EXE_arbiter"))
                .args(["serve", "--bind", "127.0.0.1:0", "--database", db.url()])
                .env("ARBITER_KEY_FILE", &wrong)
                .env_remove("ARBITER_KEY")
                .output()
                .unwrap();
            assert!(!out.status.success());
            let err = String::from_utf8_lossy(&out.stderr);
            assert!(err.contains("does not open the sealed envelopes"), "{err}");
        }
        let _ = std::fs::remove_dir_all(&dir);
    }
}
