//! Issue 41 ("safe to put on the internet"), on SQLite and PostgreSQL: the
//! limits against cheap exhaustion (`app::config::Limits`, docs/security.md):
//! live streams capped per client and in all, unknown tournaments refused
//! before a stream opens, slow request bodies cut off, the cache keyed by what
//! changes the answer and held to a byte budget, and imports held to a number
//! of players.

use crate::common;

use app::server::Limits;
use common::build::EventBuilder;
use common::{backends, on_each_backend, TestApp};
use serde_json::json;
use std::io::{Read, Write};
use std::net::TcpStream;
use std::time::{Duration, Instant};

fn addr(app: &TestApp) -> String {
    app.base.trim_start_matches("http://").to_string()
}

/// Sends `head` (and `body`) on a new connection; returns the connection and
/// the status line's code once the answer's head has come (0 when the
/// server said nothing within `wait`).
fn open(app: &TestApp, head: &str, body: &[u8], wait: Duration) -> (TcpStream, u16) {
    let mut s = TcpStream::connect(addr(app)).unwrap();
    s.set_read_timeout(Some(wait)).unwrap();
    s.write_all(head.as_bytes()).unwrap();
    s.write_all(body).unwrap();
    let code = status_of(&mut s);
    (s, code)
}

fn status_of(s: &mut TcpStream) -> u16 {
    let mut got = Vec::new();
    let mut buf = [0u8; 1024];
    while !got.windows(4).any(|w| w == b"\r\n\r\n") {
        match s.read(&mut buf) {
            Ok(0) | Err(_) => break,
            Ok(n) => got.extend_from_slice(&buf[..n]),
        }
    }
    let text = String::from_utf8_lossy(&got);
    text.split(' ')
        .nth(1)
        .and_then(|c| c.parse().ok())
        .unwrap_or(0)
}

fn live(app: &TestApp, tid: i64) -> (TcpStream, u16) {
    open(
        app,
        &format!("GET /t/{tid}/live HTTP/1.1\r\nHost: x\r\nAccept: text/event-stream\r\n\r\n"),
        b"",
        Duration::from_secs(10),
    )
}

fn tournament(app: &TestApp) -> i64 {
    let org = app.user("organizer");
    i64::from(EventBuilder::swiss(&org).named("Limits Open").build().tid)
}

#[test]
fn live_streams_are_capped_per_client_and_in_all() {
    for backend in backends() {
        let limits = Limits {
            streams_per_client: 3,
            ..Limits::default()
        };
        let app = TestApp::start_with_limits(backend, limits);
        let label = app.label();
        let tid = tournament(&app);
        // A tournament that does not exist: 404, and no stream.
        let (_s, code) = live(&app, tid + 1000);
        assert_eq!(code, 404, "[{label}] an unknown tournament's stream");
        let mut open_streams: Vec<TcpStream> = (0..3)
            .map(|i| {
                let (s, code) = live(&app, tid);
                assert_eq!(code, 200, "[{label}] stream {i}");
                s
            })
            .collect();
        let (_s, code) = live(&app, tid);
        assert_eq!(code, 429, "[{label}] a fourth stream from one client");
        // One closes: its place is free again once the server notices, at
        // the stream's next event (a change of the tournament here).
        drop(open_streams.pop());
        let org = app.user("organizer");
        let mut freed = 0;
        for i in 0..50 {
            let v = org.get(&format!("/api/v1/tournaments/{tid}")).1["version"].clone();
            org.patch(
                &format!("/api/v1/tournaments/{tid}"),
                json!({"changes": {"place": format!("Hall {i}")}, "version": v}),
            );
            let (s, code) = live(&app, tid);
            if code == 200 {
                open_streams.push(s);
                freed = code;
                break;
            }
            std::thread::sleep(Duration::from_millis(100));
        }
        assert_eq!(freed, 200, "[{label}] a closed stream's place is free");
        let metrics = app.client().bytes("/metrics").2;
        let metrics = String::from_utf8_lossy(&metrics);
        assert!(
            metrics.contains("live_streams_refused_total{reason=\"client\"}"),
            "[{label}] counted in /metrics"
        );
        drop(open_streams);

        // The server's cap: 503.
        let limits = Limits {
            streams_per_client: 100,
            streams_total: 2,
            ..Limits::default()
        };
        let app = TestApp::start_with_limits(backend, limits);
        let tid = tournament(&app);
        let _a = live(&app, tid);
        let _b = live(&app, tid);
        assert_eq!((_a.1, _b.1), (200, 200), "[{label}]");
        assert_eq!(live(&app, tid).1, 503, "[{label}] the server is full");
    }
}

#[test]
fn a_slow_body_is_cut_off() {
    for backend in backends() {
        let limits = Limits {
            body_idle_timeout_ms: 400,
            body_timeout_ms: 2_000,
            ..Limits::default()
        };
        let app = TestApp::start_with_limits(backend, limits);
        let label = app.label();
        let head = "POST /api/v1/session HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n";
        // Ten bytes of a hundred, then nothing: cut off after the idle time.
        let started = Instant::now();
        let (_s, code) = open(&app, head, b"{\"username", Duration::from_secs(10));
        assert_eq!(code, 408, "[{label}] a stalled body");
        assert!(started.elapsed() < Duration::from_secs(5), "[{label}]");
        // A byte every 200 ms never idles, but the whole has a deadline.
        let mut s = TcpStream::connect(addr(&app)).unwrap();
        s.set_read_timeout(Some(Duration::from_millis(50))).unwrap();
        s.write_all(head.as_bytes()).unwrap();
        let started = Instant::now();
        let mut code = 0;
        for _ in 0..100 {
            if s.write_all(b" ").is_err() {
                break;
            }
            let mut buf = [0u8; 64];
            if let Ok(n) = s.read(&mut buf) {
                if n > 0 {
                    code = String::from_utf8_lossy(&buf[..n])
                        .split(' ')
                        .nth(1)
                        .and_then(|c| c.parse().ok())
                        .unwrap_or(0);
                    break;
                }
            }
            std::thread::sleep(Duration::from_millis(150));
        }
        assert_eq!(code, 408, "[{label}] a trickled body");
        assert!(
            started.elapsed() < Duration::from_secs(6),
            "[{label}] cut off at the deadline: {:?}",
            started.elapsed()
        );
        // A body sent at once is not affected.
        let (_s, code) = open(
            &app,
            "POST /api/v1/session HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 36\r\n\r\n",
            br#"{"username":"x","password":"wrong!"}"#,
            Duration::from_secs(10),
        );
        assert_eq!(code, 401, "[{label}] an ordinary body");
    }
}

#[test]
fn query_strings_do_not_grow_the_cache() {
    on_each_backend(|app, label| {
        let tid = tournament(app);
        let anon = app.client();
        let cache = || app.server.as_ref().unwrap().state().cache.clone();
        let paths = [
            format!("/api/v1/tournaments/{tid}/players"),
            format!("/t/{tid}/standings"),
            format!("/api/v1/tournaments/{tid}"),
        ];
        for p in &paths {
            assert_eq!(anon.bytes(p).0.as_u16(), 200, "[{label}] {p}");
        }
        let (len, bytes) = (cache().len(), cache().bytes());
        assert!(len >= paths.len(), "[{label}] the answers are cached");
        for n in 0..200 {
            for p in &paths {
                let a = anon.bytes(&format!("{p}?bust={n}&x={n}"));
                assert_eq!(a.0.as_u16(), 200, "[{label}] {p}?bust={n}");
            }
        }
        assert_eq!(
            (cache().len(), cache().bytes()),
            (len, bytes),
            "[{label}] 600 requests with ?bust=N made new copies"
        );
    });
}

#[test]
fn the_cache_keeps_to_its_byte_budget() {
    for backend in backends() {
        let budget = 40_000;
        let app = TestApp::start_with_limits(
            backend,
            Limits {
                cache_bytes: budget,
                ..Limits::default()
            },
        );
        let label = app.label();
        let org = app.user("organizer");
        let anon = app.client();
        for i in 0..30 {
            let tid = org.create_tournament(json!({"name": format!("Budget {i}")}));
            for p in [
                format!("/t/{tid}/standings"),
                format!("/api/v1/tournaments/{tid}"),
            ] {
                assert_eq!(anon.bytes(&p).0.as_u16(), 200, "[{label}] {p}");
            }
            let bytes = app.server.as_ref().unwrap().state().cache.bytes();
            assert!(
                bytes <= budget,
                "[{label}] {bytes} bytes over a budget of {budget}"
            );
        }
        assert!(
            !app.server.as_ref().unwrap().state().cache.is_empty(),
            "[{label}] it still caches"
        );
    }
}

fn trf(players: usize) -> String {
    let mut t = String::from("012 Big Import\n");
    for i in 1..=players {
        let name = format!("Player, No{i}");
        t.push_str(&format!(
            "001 {i:>4}      {name:<34}{:>4}\n",
            2000 + (i % 400)
        ));
    }
    t
}

#[test]
fn a_large_import_is_refused_by_configuration() {
    for backend in backends() {
        let app = TestApp::start_with_limits(
            backend,
            Limits {
                max_players: 12,
                ..Limits::default()
            },
        );
        let label = app.label();
        let user = app.user("anyone");
        let audit = app.audit_count();
        let (s, v) = user.post("/api/v1/tournaments/import-trf", json!(trf(13)));
        assert_eq!(s.as_u16(), 422, "[{label}] {v}");
        assert_eq!(v["field"], "trf", "[{label}] {v}");
        assert!(
            v["error"].as_str().unwrap().contains("at most 12"),
            "[{label}] {v}"
        );
        assert_eq!(app.audit_count(), audit, "[{label}] nothing imported");
        let (s, v) = user.post("/api/v1/tournaments/import-trf", json!(trf(12)));
        assert_eq!(s.as_u16(), 201, "[{label}] at the limit: {v}");
    }
    // The default: 2,000.
    assert_eq!(Limits::default().max_players, 2000);
}

/// 200 wrong logins at once for one name: the attempts are counted before the
/// password is checked, so at most `MAX_FAILURES` reach the check (401); the
/// others are refused (429).
#[test]
fn parallel_wrong_logins_get_at_most_the_limit() {
    on_each_backend(|app, label| {
        let base = app.base.clone();
        let statuses: Vec<u16> = std::thread::scope(|s| {
            let handles: Vec<_> = (0..50)
                .map(|_| {
                    let base = base.clone();
                    s.spawn(move || {
                        let mut out = vec![];
                        for _ in 0..4 {
                            let mut c = common::Client::new(&base);
                            out.push(c.login("admin", "wrong-password-0").0.as_u16());
                        }
                        out
                    })
                })
                .collect();
            handles
                .into_iter()
                .flat_map(|h| h.join().unwrap())
                .collect()
        });
        let through = statuses.iter().filter(|&&s| s == 401).count();
        let refused = statuses.iter().filter(|&&s| s == 429).count();
        assert_eq!(through + refused, 200, "[{label}] {statuses:?}");
        assert!(
            through <= app::web::auth::MAX_FAILURES,
            "[{label}] {through} of 200 parallel wrong logins were checked"
        );
    });
}

/// A wrong password costs the same for a name that exists and one that does
/// not (a hash is checked either way).
#[test]
fn a_wrong_login_takes_as_long_for_an_unknown_name() {
    let app = TestApp::start(app::db::Backend::Sqlite);
    app.user("timing");
    let time = |name: &str| {
        let mut c = common::Client::new(&app.base);
        let t = Instant::now();
        assert_eq!(c.login(name, "wrong-password-0").0.as_u16(), 401);
        t.elapsed()
    };
    let mut known: Vec<Duration> = (0..3).map(|_| time("timing")).collect();
    let mut unknown: Vec<Duration> = (0..3).map(|i| time(&format!("nobody{i}"))).collect();
    known.sort();
    unknown.sort();
    assert!(
        unknown[1] * 3 > known[1],
        "an unknown name answers in {:?}, a known one in {:?}",
        unknown[1],
        known[1]
    );
}

/// `/lang/{code}?back=…` goes only to paths of this site; a control character
/// (which browsers drop, or which breaks the header) is refused.
#[test]
fn the_back_parameter_stays_on_this_site() {
    let app = TestApp::start(app::db::Backend::Sqlite);
    for bad in [
        "/%09/evil.example",
        "/%0d%0aSet-Cookie:%20x=1",
        "/%0a/evil.example",
        "//evil.example",
        "/%5Cevil.example",
        "https://evil.example",
        "/%00",
        "/%20/evil.example",
    ] {
        let (_s, code) = open(
            &app,
            &format!("GET /lang/en?back={bad} HTTP/1.1\r\nHost: x\r\n\r\n"),
            b"",
            Duration::from_secs(10),
        );
        assert_eq!(code, 422, "back={bad}: refused, naming the field");
    }
    let (mut s, code) = open(
        &app,
        "GET /lang/cs?back=/t/1/standings%3Fx=1 HTTP/1.1\r\nHost: x\r\n\r\n",
        b"",
        Duration::from_secs(10),
    );
    assert_eq!(code, 303);
    let _ = &mut s;
}

/// A staff write with a body asks who is asking before it reads the body: an
/// anonymous upload is a 401 at once, even while its body is still coming.
#[test]
fn a_staff_upload_is_refused_before_its_body_is_read() {
    on_each_backend(|app, label| {
        let tid = tournament(app);
        let started = Instant::now();
        let (_s, code) = open(
            app,
            &format!(
                "POST /api/v1/tournaments/{tid}/rounds/1/games.pgn HTTP/1.1\r\nHost: x\r\nContent-Type: application/x-chess-pgn\r\nContent-Length: 100000\r\n\r\n"
            ),
            b"[Event \"x\"]\n",
            Duration::from_secs(5),
        );
        assert_eq!(code, 401, "[{label}] anonymous, body unfinished");
        assert!(started.elapsed() < Duration::from_secs(4), "[{label}]");
        let stranger = app.user("stranger");
        let (s, _) = stranger.post(
            &format!("/api/v1/tournaments/{tid}/rounds/1/games.pgn"),
            json!("[White \"A\"]\n[Black \"B\"]\n\n1. e4 *\n"),
        );
        assert_eq!(s.as_u16(), 403, "[{label}] wrong role");
    });
}

/// The login form carries a CSRF token (no session yet: the form's token
/// must equal the cookie's), so another site cannot log a browser in.
#[test]
fn the_login_form_needs_its_token() {
    let app = TestApp::start(app::db::Backend::Sqlite);
    let pw = common::ADMIN_PASSWORD;
    // Posted from elsewhere: no cookie, a made-up token.
    let f = common::form::Form::new(&app.base);
    let (status, location, _) = f.post(
        "/login",
        &[("username", "admin"), ("password", pw), ("csrf", "made-up")],
    );
    assert_eq!((status, location.as_str()), (403, ""), "a forged login");
    // With the cookie but another token.
    let f = common::form::Form::new(&app.base);
    let token = f.csrf("/login");
    let (status, _, _) = f.post(
        "/login",
        &[
            ("username", "admin"),
            ("password", pw),
            ("csrf", &format!("{token}x")),
        ],
    );
    assert_eq!(status, 403, "a wrong token");
    // The form's own token.
    let (status, location, _) = f.post(
        "/login",
        &[("username", "admin"), ("password", pw), ("csrf", &token)],
    );
    assert_eq!(
        (status, location.as_str()),
        (303, "/"),
        "the form as served"
    );
}

/// The staff's posts about a game or an envelope check the role before they
/// read anything: an outsider gets 403 whether the game or envelope exists or
/// not (a 404 for the ones that do not would tell which exist).
#[test]
fn staff_posts_check_the_role_before_reading() {
    on_each_backend(|app, label| {
        let org = app.user("organizer");
        let tid = tournament(app);
        for i in 0..4 {
            org.add_player(tid, json!({"name": format!("P{i}"), "rating": 2000 - i}));
        }
        org.pair_round(tid);
        let gid = org.get(&format!("/api/v1/tournaments/{tid}/rounds/1")).1["games"][0]["id"]
            .as_i64()
            .unwrap();
        app.user("outsider");
        let f = app.form_user("outsider");
        let csrf = f.csrf("/");
        let mut checked = 0;
        for r in app::web::pages::routes() {
            if r.method.as_str() != "POST"
                || !r.path.starts_with("/t/{tid}/manage/")
                || !(r.path.contains("{gid}") || r.path.contains("{aid}"))
            {
                continue;
            }
            let mut answers = vec![];
            for id in [gid, 999_999] {
                let path = r
                    .path
                    .replace("{tid}", &tid.to_string())
                    .replace("{n}", "1")
                    .replace("{gid}", &id.to_string())
                    .replace("{aid}", &id.to_string());
                let (s, _, _) = f.post(&path, &[("csrf", &csrf)]);
                answers.push(s);
            }
            assert_eq!(answers, vec![403, 403], "[{label}] {}", r.path);
            checked += 1;
        }
        assert!(checked >= 6, "[{label}] {checked} routes");
    });
}

/// A large round is paired without keeping the database's writer while the
/// engine works (`rounds::pairing_input`): writes to another tournament
/// answer within 1 s all the while, on both backends.
#[test]
fn a_large_pairing_does_not_stall_other_tournaments() {
    const PLAYERS: usize = 1400;
    on_each_backend(|app, label| {
        let small = tournament(app);
        let other = app.user("organizer");
        let big = app.user("big");
        let (s, v) = big.post("/api/v1/tournaments/import-trf", json!(trf(PLAYERS)));
        assert_eq!(s.as_u16(), 201, "[{label}] {v}");
        let tid = v["tournament"]["id"].as_i64().unwrap();
        let started = Instant::now();
        let pairing = std::thread::spawn(move || {
            let a = big.post(&format!("/api/v1/tournaments/{tid}/rounds"), json!({}));
            (a, Instant::now())
        });
        let mut worst = Duration::ZERO;
        let mut writes = 0;
        std::thread::sleep(Duration::from_millis(100));
        while !pairing.is_finished() {
            let t = Instant::now();
            let (s, v) = other.post(
                &format!("/api/v1/tournaments/{small}/players"),
                json!({"name": format!("Late, Entry{writes}"), "rating": 1500}),
            );
            assert_eq!(s.as_u16(), 201, "[{label}] {v}");
            worst = worst.max(t.elapsed());
            writes += 1;
        }
        let ((s, v), done) = pairing.join().unwrap();
        assert_eq!(s.as_u16(), 201, "[{label}] {v}");
        assert_eq!(
            v["games"].as_array().map(Vec::len),
            Some(PLAYERS / 2),
            "[{label}]"
        );
        let took = done - started;
        println!(
            "[{label}] round 1 of {PLAYERS} players paired in {took:?}; {writes} writes to another tournament meanwhile, the slowest {worst:?}"
        );
        assert!(
            worst < Duration::from_secs(1),
            "[{label}] a write waited {worst:?} while a round was paired"
        );
        assert!(
            writes >= 3,
            "[{label}] the pairing took {took:?}: too short to show anything"
        );
    });
}

/// The player limit (`ARBITER_MAX_PLAYERS`) on every way in, and the
/// tournaments one user may organize (`ARBITER_MAX_TOURNAMENTS_PER_USER`,
/// administrators exempt): each refusal names its limit and stores nothing.
#[test]
fn every_way_in_keeps_the_limits() {
    use common::form::Form;
    for backend in backends() {
        // A team TRF of 6 players, made on a server with the default limits.
        let trf = {
            let big = TestApp::start(backend);
            let admin = big.user("admin");
            let tid = EventBuilder::swiss(&admin)
                .named("Big")
                .rounds(3)
                .build()
                .tid;
            let tid = i64::from(tid);
            admin.team_event(tid, json!({"system": "swiss", "boards": 2, "rounds": 3}));
            for t in 1..=2 {
                let roster: Vec<_> = (1..=3)
                    .map(|k| json!({"name": format!("Gracz {t}-{k}"), "rating": 2000 - k}))
                    .collect();
                admin.add_team(tid, json!({"name": format!("Team {t}"), "roster": roster}));
            }
            let a = admin.get(&format!("/api/v1/tournaments/{tid}/team-export.trf"));
            a.1.as_str().unwrap().to_string()
        };
        let app = TestApp::start_with_limits(
            backend,
            Limits {
                max_players: 4,
                max_tournaments_per_user: 3,
                ..Limits::default()
            },
        );
        let label = app.label();
        let org = app.user("organizer");
        let create = |name: &str| -> (u16, serde_json::Value) {
            let a = org.post("/api/v1/tournaments", json!({"name": name, "rounds": 5}));
            (a.0.as_u16(), a.1)
        };
        let limited = |v: &serde_json::Value, what: &str| {
            assert!(
                v["error"].as_str().unwrap_or("").contains("at most 4"),
                "[{label}] {what}: {v}"
            );
        };
        let count = |tid: i64| -> usize {
            org.get(&format!("/api/v1/tournaments/{tid}/players"))
                .1
                .as_array()
                .unwrap()
                .len()
        };

        // One by one over the API: the fifth player is a 409.
        let (s, v) = create("One by one");
        assert_eq!(s, 201, "[{label}] {v}");
        let one = v["id"].as_i64().unwrap();
        for i in 0..4 {
            org.add_player(
                one,
                json!({"name": format!("Player, No{i}"), "rating": 2000 - i}),
            );
        }
        let audit = app.audit_count();
        let (s, v) = org.post(
            &format!("/api/v1/tournaments/{one}/players"),
            json!({"name": "Player, Fifth"}),
        );
        assert_eq!(s.as_u16(), 409, "[{label}] {v}");
        limited(&v, "api");
        assert_eq!(v["current"]["limit"], "max_players", "[{label}] {v}");
        assert_eq!(count(one), 4, "[{label}] nothing stored");
        assert_eq!(app.audit_count(), audit, "[{label}] no audit row");

        // One by one on the page, and a pasted list.
        let page = app.form_user("organizer");
        let csrf = page.csrf(&format!("/t/{one}/manage/players"));
        let (s, _, body) = page.post(
            &format!("/t/{one}/manage/players"),
            &[("csrf", &csrf), ("name", "Page, Player")],
        );
        assert_eq!(s, 409, "[{label}] the page: {body}");
        assert!(body.contains("at most 4"), "[{label}] {body}");
        let (s, v) = create("Pasted");
        assert_eq!(s, 201, "[{label}] {v}");
        let pasted = v["id"].as_i64().unwrap();
        for i in 0..3 {
            org.add_player(pasted, json!({"name": format!("Listed, No{i}")}));
        }
        let (s, _, body) = page.post(
            &format!("/t/{pasted}/manage/import"),
            &[
                ("csrf", &csrf),
                ("csv", "Pasted, One; 1500\nPasted, Two; 1600\n"),
            ],
        );
        assert_eq!(s, 422, "[{label}] a pasted list: {body}");
        assert!(body.contains("at most 4"), "[{label}] {body}");
        assert_eq!(count(pasted), 3, "[{label}] nothing of the list stored");

        // Online entries: the one that would make a fifth is not accepted.
        org.ok(
            org.put(
                &format!("/api/v1/tournaments/{pasted}/entry-form"),
                json!({"is_open": true}),
            ),
            200,
            "open the entries",
        );
        let anon = app.client();
        let entry = |name: &str| -> i64 {
            anon.ok(
                anon.post(
                    &format!("/api/v1/tournaments/{pasted}/entries"),
                    json!({"name": name, "birth_date": "1990"}),
                ),
                201,
                "enter",
            )["id"]
                .as_i64()
                .unwrap()
        };
        let (first, second) = (entry("Entered, First"), entry("Entered, Second"));
        org.ok(
            org.post(
                &format!("/api/v1/tournaments/{pasted}/entries/{first}/approve"),
                json!({}),
            ),
            200,
            "approve the fourth",
        );
        let audit_before = app.audit_count();
        let (s, v) = org.post(
            &format!("/api/v1/tournaments/{pasted}/entries/{second}/approve"),
            json!({}),
        );
        assert_eq!(s.as_u16(), 409, "[{label}] {v}");
        limited(&v, "entry");
        let ecsrf = page.csrf(&format!("/t/{pasted}/manage/entries"));
        let (s, _, body) = page.post(
            &format!("/t/{pasted}/manage/entries/{second}/approve"),
            &[("csrf", &ecsrf)],
        );
        assert_eq!(s, 409, "[{label}] approved on the page: {body}");
        assert_eq!(count(pasted), 4, "[{label}]");
        assert_eq!(app.audit_count(), audit_before, "[{label}] nothing written");

        // A team's roster past the limit.
        let (s, v) = create("Teams");
        assert_eq!(s, 201, "[{label}] {v}");
        let teams = v["id"].as_i64().unwrap();
        org.team_event(teams, json!({"system": "swiss", "boards": 2, "rounds": 3}));
        let roster = |t: i32| -> serde_json::Value {
            let r: Vec<_> = (1..=3)
                .map(|k| json!({"name": format!("Member {t}-{k}")}))
                .collect();
            json!({"name": format!("Team {t}"), "roster": r})
        };
        org.ok(
            org.post(&format!("/api/v1/tournaments/{teams}/teams"), roster(1)),
            201,
            "first team",
        );
        let (s, v) = org.post(&format!("/api/v1/tournaments/{teams}/teams"), roster(2));
        assert_eq!(s.as_u16(), 409, "[{label}] {v}");
        limited(&v, "roster");
        let listed = org
            .get(&format!("/api/v1/tournaments/{teams}/team-event"))
            .1;
        assert_eq!(
            listed["teams"].as_array().map(Vec::len),
            Some(1),
            "[{label}] {listed}"
        );

        // Tournaments per user: the fourth is refused; nothing stored.
        let audit = app.audit_count();
        let (s, v) = create("Fourth");
        assert_eq!(s, 409, "[{label}] {v}");
        assert_eq!(
            v["current"]["limit"], "max_tournaments_per_user",
            "[{label}] {v}"
        );
        assert!(
            v["error"].as_str().unwrap().contains("at most 3"),
            "[{label}] {v}"
        );
        let (s, v) = org.post(
            "/api/v1/tournaments/import-trf",
            json!("012 Imported\n001    1      A, B                              2000\n"),
        );
        assert_eq!(s.as_u16(), 409, "[{label}] an imported one too: {v}");
        assert_eq!(app.audit_count(), audit, "[{label}] nothing written");

        // Administrators are exempt from the tournaments limit, not from the
        // players limit: a team TRF of 6 players is a 422 at `trf`.
        let admin = app.user("admin");
        let mut last = 0;
        for i in 0..4 {
            last = admin.create_tournament(json!({"name": format!("Admin {i}"), "rounds": 3}));
        }
        let audit = app.audit_count();
        let (s, v) = admin.post(
            &format!("/api/v1/tournaments/{last}/team-import"),
            json!(trf),
        );
        assert_eq!(s.as_u16(), 422, "[{label}] {v}");
        assert_eq!(v["field"], "trf", "[{label}] {v}");
        limited(&v, "team TRF");
        assert_eq!(app.audit_count(), audit, "[{label}] nothing imported");
        // The same file on the import page, as a new tournament: 422, no tournament.
        let apage = Form::new(&app.base);
        let (s, _, _) = apage.post(
            "/login",
            &[("username", "admin"), ("password", common::ADMIN_PASSWORD)],
        );
        assert_eq!(s, 303, "[{label}] admin login");
        let csrf = apage.csrf("/import-trf");
        let audit = app.audit_count();
        let (s, _, body) = apage.post("/import-trf", &[("csrf", &csrf), ("trf", &trf)]);
        assert_eq!(s, 422, "[{label}] the import page: {body}");
        assert!(body.contains("at most 4"), "[{label}] {body}");
        assert_eq!(app.audit_count(), audit, "[{label}] nothing imported");
    }
    assert_eq!(Limits::default().max_tournaments_per_user, 50);
}
