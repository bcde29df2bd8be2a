//! The API's guards, on SQLite and PostgreSQL: roles on every write route (from
//! the route table), CSRF, concurrent result edits, transactions that roll back
//! whole, bad input answered with 4xx and a message, and an OpenAPI document that
//! matches the router.

use crate::common;

use app::domain::registration::{self, RegisterPlayer};
use app::domain::{Actor, DomainError};
use common::{backends, on_each_backend, Client, TestApp};
use reqwest::Method;
use serde_json::json;

/// A tournament with 4 players, round 1 paired and published, and its staff.
pub(crate) fn setup(app: &TestApp) -> (i64, i64, Client) {
    let org = app.user("boss");
    let tid = org.create_tournament(json!({"name": "Guarded", "start_date": "2026-03-01", "end_date": "2026-03-02", "rounds": 3}));
    for i in 0..4 {
        org.add_player(
            tid,
            json!({"name": format!("P{i}"), "rating": 2000 - i * 50}),
        );
    }
    org.pair_round(tid);
    org.publish_round(tid, 1);
    let r = org.get(&format!("/api/v1/tournaments/{tid}/rounds/1")).1;
    let gid = r["games"][0]["id"].as_i64().unwrap();
    (tid, gid, org)
}

pub(crate) fn concrete(path: &str, tid: i64, gid: i64, pid: i64) -> String {
    path.replace("{tid}", &tid.to_string())
        .replace("{gid}", &gid.to_string())
        .replace("{pid}", &pid.to_string())
        .replace("{n}", "1")
        .replace("{aid}", "1")
        .replace("{eid}", "1")
        .replace("{team}", "1")
}

/// A well-formed body for each write route, so that the answer is about the role
/// and nothing else. A new write route without a sample here fails the test.
pub(crate) fn sample_body(path: &str, method: &Method) -> serde_json::Value {
    match (method.as_str(), path) {
        ("POST", "/api/v1/tokens") => json!({"label": "x"}),
        ("PUT", "/api/v1/tournaments/{tid}/mirror") | ("POST", "/api/v1/tournaments/{tid}/publishing-token") => json!({}),
        ("PUT", "/api/v1/tournaments/{tid}/publishing") => json!({"server": "http://127.0.0.1:9", "token": "arbp.1.x"}),
        ("POST", "/api/v1/users") => json!({"username": "newbie", "password": "long-enough-pw"}),
        ("POST", "/api/v1/tournaments") => json!({"name": "Mine", "start_date": "2026-01-01", "end_date": "2026-01-02"}),
        ("POST", "/api/v1/tournaments/import-trf") => json!("012 Imported\n001    1      A, B                              2000\n001    2      C, D                              1900\n"),
        ("PATCH", "/api/v1/tournaments/{tid}") => json!({"changes": {"place": "Elsewhere"}}),
        ("POST", "/api/v1/tournaments/{tid}/staff") => json!({"username": "stranger", "role": "arbiter"}),
        ("POST", "/api/v1/tournaments/{tid}/staff/dismiss") => json!({"username": "boss", "role": "arbiter"}),
        ("POST", "/api/v1/tournaments/{tid}/players") => json!({"name": "Intruder"}),
        ("POST", "/api/v1/tournaments/{tid}/players/{pid}/erase") => json!({"confirm": true}),
        ("POST", "/api/v1/rating-lists") => json!("<playerslist><player><fideid>1</fideid><name>A, B</name></player></playerslist>"),
        ("POST", "/api/v1/rating-lists/rollback") => json!({"source": "fide"}),
        ("POST", "/api/v1/tournaments/{tid}/rating-lists") => json!("<playerslist><player><fideid>1</fideid><name>A, B</name></player></playerslist>"),
        ("POST", "/api/v1/tournaments/{tid}/rating-lists/rollback") => json!({"source": "fide"}),
        ("POST", "/api/v1/rating-lists/managers") => json!({"username": "stranger", "list_manager": true}),
        ("POST", "/api/v1/tournaments/{tid}/rerate") => json!({"preview": false}),
        ("PUT", "/api/v1/tournaments/{tid}/prizes") => json!({"table": {"categories": [{"name": "Overall", "prizes": [10000]}]}, "version": 0}),
        ("POST", "/api/v1/tournaments/{tid}/players/{pid}/byes") => json!({"round": 3}),
        ("PATCH", "/api/v1/tournaments/{tid}/players/{pid}") => json!({"rating": 1234, "version": 1}),
        ("PUT", "/api/v1/tournaments/{tid}/rounds/{n}/pairing") => json!({"boards": [], "bye": null}),
        ("POST", "/api/v1/tournaments/{tid}/rounds/{n}/chess960") => json!({"mode": "draw"}),
        ("POST", "/api/v1/tournaments/{tid}/rounds/{n}/games.pgn") => json!("[White \"A\"]\n[Black \"B\"]\n\n1. e4 e5 *\n"),
        ("PUT", "/api/v1/tournaments/{tid}/games/{gid}/result") => json!({"result": "1-0", "version": 1}),
        ("PUT", "/api/v1/tournaments/{tid}/rounds/{n}/start") => json!({"start": "2026-03-01T10:00"}),
        ("POST", "/api/v1/tournaments/{tid}/games/{gid}/arrivals/preview") | ("PUT", "/api/v1/tournaments/{tid}/games/{gid}/arrivals") => {
            json!({"white": {"arrived_at": "10:00"}, "black": {"absent": true}, "version": 1})
        }
        ("POST", "/api/v1/tournaments/{tid}/games/{gid}/penalties") => json!({"player_id": 1, "kind": "warning", "version": 1}),
        ("PUT", "/api/v1/tournaments/{tid}/games/{gid}/moves") => json!({"format": "scoresheet", "text": "1.e4 e5"}),
        ("POST", "/api/v1/tournaments/{tid}/games/{gid}/adjournments") => json!({
            "white_time_used_seconds": 1, "black_time_used_seconds": 1, "sealed_move": "e5",
            "resume_at": "2026-03-02T10:00", "resume_place": "Hall"
        }),
        ("POST", "/api/v1/tournaments/{tid}/adjournments/{aid}/presence") => json!({"who": "replier", "at": "2026-03-02T10:00"}),
        ("POST", "/api/v1/tournaments/{tid}/adjournments/{aid}/open") => json!({}),
        ("POST", "/api/v1/tournaments/{tid}/adjournments/{aid}/end") => json!({"outcome": "draw"}),
        ("POST", "/api/v1/tournaments/{tid}/adjournments/{aid}/lost") => json!({"restorable": true}),
        ("PUT", "/api/v1/tournaments/{tid}/entry-form") => json!({"is_open": true}),
        ("POST", "/api/v1/tournaments/{tid}/entries") => json!({"name": "Walk In"}),
        ("POST", "/api/v1/tournaments/{tid}/entries/{eid}/reject") => json!({"reason": "no"}),
        ("POST", "/api/v1/tournaments/{tid}/entries/{eid}/approve") | ("POST", "/api/v1/tournaments/{tid}/checkin/codes") => json!({}),
        ("PUT", "/api/v1/tournaments/{tid}/checkin") => json!({"open": true}),
        ("POST", "/api/v1/tournaments/{tid}/checkin/marks") => json!({"player_id": 1, "present": true}),
        ("POST", "/api/v1/tournaments/{tid}/checkin/code") => json!({"code": "ABC123"}),
        ("PUT", "/api/v1/tournaments/{tid}/team-event") => json!({"system": "swiss", "boards": 4, "rounds": 5}),
        ("POST", "/api/v1/tournaments/{tid}/teams") | ("PUT", "/api/v1/tournaments/{tid}/teams/{team}") => json!({"name": "T", "roster": [{"name": "P"}]}),
        ("POST", "/api/v1/tournaments/{tid}/team-rounds") => json!({}),
        ("PUT", "/api/v1/tournaments/{tid}/team-rounds/{n}/deadline") => json!({"deadline": "2026-03-01T10:00:00Z"}),
        ("PUT", "/api/v1/tournaments/{tid}/team-rounds/{n}/lineups/{team}") => json!({"players": [1]}),
        ("PUT", "/api/v1/tournaments/{tid}/team-rounds/{n}/results") => json!({"results": [{"match": 1, "board": 1, "result": "1-0"}]}),
        ("POST", "/api/v1/tournaments/{tid}/team-import") => json!("012 Teams\n"),
        ("POST", "/api/v1/tournaments/{tid}/teams/{team}/byes") => json!({"round": 2}),
        ("DELETE", _) | ("POST", _) if !path.contains("{") || path.ends_with("/withdraw") || path.ends_with("/reinstate") || path.ends_with("/publish") || path.ends_with("/rounds") || method == Method::DELETE => json!({}),
        _ => panic!("write route {method} {path} has no sample body in sample_body(): add one"),
    }
}

#[test]
fn every_write_route_refuses_anonymous_and_wrong_role() {
    on_each_backend(|app, _| {
        let (tid, gid, org) = setup(app);
        let pid = org.get(&format!("/api/v1/tournaments/{tid}/players")).1[0]["id"]
            .as_i64()
            .unwrap();
        let anon = Client::new(&app.base);
        let stranger = app.user("stranger");
        let before = app.audit_count();
        let mut checked = 0;
        for def in app::web::api::routes() {
            let method = Method::from_bytes(def.method.as_str().as_bytes()).unwrap();
            if method == Method::GET {
                continue;
            }
            let path = concrete(def.path, tid, gid, pid);
            let body = sample_body(def.path, &method);
            // Login, a player's own entry and a check-in with the personal
            // code are the writes open to everyone (rate limited; tested in
            // `entries`).
            if method == Method::POST
                && matches!(
                    def.path,
                    "/api/v1/session"
                        | "/api/v1/tournaments/{tid}/entries"
                        | "/api/v1/tournaments/{tid}/checkin/code"
                )
            {
                continue;
            }
            let a = anon.send(method.clone(), &path, Some(&body));
            assert_eq!(
                a.0.as_u16(),
                401,
                "[{}] anonymous {} {}: {}",
                app.label(),
                def.method,
                def.path,
                a.1
            );
            // Routes that any logged-in user may use (create a tournament, own
            // token, own session) have no "wrong role".
            let open_to_users = matches!(
                def.path,
                "/api/v1/tournaments"
                    | "/api/v1/tournaments/import-trf"
                    | "/api/v1/tokens"
                    | "/api/v1/session"
            );
            if !open_to_users {
                let a = stranger.send(method.clone(), &path, Some(&body));
                assert_eq!(
                    a.0.as_u16(),
                    403,
                    "[{}] wrong role {} {}: {}",
                    app.label(),
                    def.method,
                    def.path,
                    a.1
                );
            }
            checked += 1;
        }
        assert!(checked >= 14, "the route table has its write routes");
        assert_eq!(
            app.audit_count(),
            before,
            "refused writes leave no audit rows"
        );

        // CSRF: the same session without the token is refused.
        let mut no_csrf = app.user("boss");
        no_csrf.csrf = None;
        let a = no_csrf.post(
            &format!("/api/v1/tournaments/{tid}/players"),
            json!({"name": "Sneaky"}),
        );
        assert_eq!(a.0.as_u16(), 403, "missing CSRF token: {}", a.1);
        // A bearer token needs no CSRF token.
        let token = org.api_token("script");
        let mut script = Client::new(&app.base);
        script.bearer = Some(token);
        script.add_player(tid, json!({"name": "Scripted Player"}));
    });
}

#[test]
fn concurrent_edits_of_one_result_give_one_success_and_one_conflict() {
    on_each_backend(|app, _| {
        let (tid, gid, _org) = setup(app);
        let g = app
            .client()
            .get(&format!("/api/v1/tournaments/{tid}/games/{gid}"))
            .1;
        let version = g["version"].as_i64().unwrap();
        let results = ["1-0", "0-1"];
        let base = app.base.clone();
        let mut a = Client::new(&base);
        a.login("boss", common::USER_PASSWORD);
        let mut b = Client::new(&base);
        b.login("boss", common::USER_PASSWORD);
        let clients = [a, b];
        let barrier = std::sync::Barrier::new(2);
        let answers: Vec<common::Answer> = std::thread::scope(|s| {
            let hs: Vec<_> = clients
                .iter()
                .zip(results)
                .map(|(c, r)| {
                    let barrier = &barrier;
                    s.spawn(move || {
                        barrier.wait();
                        c.put(
                            &format!("/api/v1/tournaments/{tid}/games/{gid}/result"),
                            json!({"result": r, "version": version}),
                        )
                    })
                })
                .collect();
            hs.into_iter().map(|h| h.join().unwrap()).collect()
        });
        let mut codes: Vec<u16> = answers.iter().map(|a| a.0.as_u16()).collect();
        codes.sort();
        assert_eq!(codes, vec![200, 409], "[{}] {answers:?}", app.label());
        let loser = answers.iter().find(|a| a.0.as_u16() == 409).unwrap();
        let winner = answers.iter().find(|a| a.0.as_u16() == 200).unwrap();
        assert_eq!(
            loser.1["current"]["result"], winner.1["result"],
            "the 409 carries the current state"
        );
        let now = app
            .client()
            .get(&format!("/api/v1/tournaments/{tid}/games/{gid}"))
            .1;
        assert_eq!(now["result"], winner.1["result"]);
        assert_eq!(now["version"].as_i64(), Some(version + 1));
    });
}

#[test]
fn a_failing_operation_leaves_nothing_behind() {
    on_each_backend(|app, _| {
        let (tid, _gid, _org) = setup(app);
        let count = |app: &TestApp| {
            app.client()
                .get(&format!("/api/v1/tournaments/{tid}/players"))
                .1
                .as_array()
                .unwrap()
                .len()
        };
        let org = app.user("boss");
        let players_before = count(app);
        let audit_before = app.audit_count();
        // An operation that has written its rows and its audit entry, then fails:
        // the transaction takes all of it back.
        let admin = Actor::system();
        let r: Result<(), DomainError> = app.db.write(|conn| {
            registration::register(
                conn,
                &admin,
                app::domain::ids::TournamentId(tid as i32),
                RegisterPlayer {
                    name: "Half Written".into(),
                    ..Default::default()
                },
            )?;
            Err(DomainError::conflict(app::msg!("failure after the writes")))
        });
        assert!(r.is_err());
        assert_eq!(
            count(app),
            players_before,
            "[{}] no partial player row",
            app.label()
        );
        assert_eq!(
            app.audit_count(),
            audit_before,
            "[{}] no orphan audit row",
            app.label()
        );
        // And over HTTP: a refused registration changes nothing.
        let a = org.post(
            &format!("/api/v1/tournaments/{tid}/players"),
            json!({"name": "X", "rating": 99999}),
        );
        assert_eq!(a.0.as_u16(), 422);
        assert_eq!(a.1["field"], "rating");
        assert_eq!(count(app), players_before);
        assert_eq!(app.audit_count(), audit_before);
    });
}

#[test]
fn bad_json_and_bad_values_get_4xx_with_a_message() {
    on_each_backend(|app, _| {
        let (tid, gid, org) = setup(app);
        let cases: Vec<(Method, String, &str, &str)> = vec![
            (
                Method::POST,
                "/api/v1/tournaments".into(),
                "application/json",
                "{not json",
            ),
            (
                Method::POST,
                "/api/v1/tournaments".into(),
                "application/json",
                "[1,2,3]",
            ),
            (
                Method::POST,
                "/api/v1/tournaments".into(),
                "application/json",
                r#"{"name": 5}"#,
            ),
            (
                Method::POST,
                "/api/v1/tournaments".into(),
                "application/json",
                r#"{"name": "X", "rounds": -3}"#,
            ),
            (
                Method::POST,
                "/api/v1/tournaments".into(),
                "application/json",
                r#"{"name": "X", "start_date": "yesterday"}"#,
            ),
            (
                Method::POST,
                "/api/v1/tournaments".into(),
                "application/json",
                r#"{"name": "X", "tiebreaks": ["XYZ"]}"#,
            ),
            (
                Method::POST,
                "/api/v1/tournaments".into(),
                "application/json",
                r#"{"name": "X", "unknown_field": 1}"#,
            ),
            (
                Method::POST,
                "/api/v1/tournaments".into(),
                "text/plain",
                "hello",
            ),
            (
                Method::POST,
                format!("/api/v1/tournaments/{tid}/players"),
                "application/json",
                r#"{"name": ""}"#,
            ),
            (
                Method::POST,
                format!("/api/v1/tournaments/{tid}/players"),
                "application/json",
                r#"{"name": "A", "title": "King"}"#,
            ),
            (
                Method::PUT,
                format!("/api/v1/tournaments/{tid}/games/{gid}/result"),
                "application/json",
                r#"{"result": "2-0", "version": 1}"#,
            ),
            (
                Method::PUT,
                format!("/api/v1/tournaments/{tid}/games/{gid}/result"),
                "application/json",
                r#"{"result": "0-0", "version": 1}"#,
            ),
            (
                Method::PUT,
                format!("/api/v1/tournaments/{tid}/games/{gid}/result"),
                "application/json",
                r#"{"result": "1-0"}"#,
            ),
            (
                Method::PUT,
                format!("/api/v1/tournaments/{tid}/games/{gid}/result"),
                "application/json",
                r#"{"result": "1-0", "version": "x"}"#,
            ),
            (
                Method::PUT,
                format!("/api/v1/tournaments/{tid}/games/99999/result"),
                "application/json",
                r#"{"result": "1-0", "version": 1}"#,
            ),
            (
                Method::GET,
                "/api/v1/tournaments/notanumber".into(),
                "application/json",
                "",
            ),
            (
                Method::GET,
                "/api/v1/tournaments/999999".into(),
                "application/json",
                "",
            ),
            (
                Method::GET,
                "/api/v1/nothing-here".into(),
                "application/json",
                "",
            ),
            (
                Method::PATCH,
                format!("/api/v1/tournaments/{tid}"),
                "application/json",
                r#"{"changes": {"rounds": "many"}}"#,
            ),
        ];
        for (method, path, ct, body) in cases {
            let a = org.raw(method.clone(), &path, ct, body);
            let code = a.0.as_u16();
            assert!(
                (400..500).contains(&code),
                "[{}] {method} {path} {body}: got {code} {}",
                app.label(),
                a.1
            );
            assert!(
                a.1["error"].as_str().is_some_and(|m| m.len() > 5),
                "{method} {path} {body}: no message in {}",
                a.1
            );
            // The stable code a client switches on (issue 38), by the status.
            let expected = match code {
                400 => "bad_request",
                404 => "not_found",
                405 => "method_not_allowed",
                409 => "conflict",
                413 => "payload_too_large",
                415 => "unsupported_media_type",
                422 => "invalid",
                _ => "?",
            };
            assert_eq!(a.1["code"], expected, "{method} {path} {body}: {}", a.1);
        }
        // Without a session: 401 `unauthenticated`.
        let anon = Client::new(&app.base);
        let (s, v) = anon.post("/api/v1/tournaments", json!({"name": "X"}));
        assert_eq!(
            (s.as_u16(), v["code"].clone()),
            (401, json!("unauthenticated")),
            "{v}"
        );
    });
}

/// The codes of the error bodies are in the OpenAPI document: `ErrorBody`
/// requires `code`, and `ErrorCode` lists every word the server sends.
#[test]
fn the_error_codes_are_in_the_openapi_document() {
    let app = TestApp::start(app::db::Backend::Sqlite);
    let doc = Client::new(&app.base).get("/api/openapi.json").1;
    let schemas = &doc["components"]["schemas"];
    let required = schemas["ErrorBody"]["required"].to_string();
    assert!(
        required.contains("\"code\"") && required.contains("\"error\""),
        "{}",
        schemas["ErrorBody"]
    );
    let listed: Vec<&str> = schemas["ErrorCode"]["enum"]
        .as_array()
        .map(|a| a.iter().filter_map(|v| v.as_str()).collect())
        .unwrap_or_default();
    for code in [
        "bad_request",
        "unauthenticated",
        "forbidden",
        "not_found",
        "method_not_allowed",
        "payload_too_large",
        "unsupported_media_type",
        "invalid",
        "pairing_failed",
        "conflict",
        "too_many_requests",
        "internal",
        "unavailable",
    ] {
        assert!(listed.contains(&code), "{code} not in {listed:?}");
    }
}

#[test]
fn login_is_rate_limited_and_sessions_are_fresh() {
    let app = TestApp::start(app::db::Backend::Sqlite);
    let _ = app.user("victim");
    let mut c = Client::new(&app.base);
    for _ in 0..app::web::auth::MAX_FAILURES {
        // Wrong credentials: 401 (not a field error).
        assert_eq!(c.login("victim", "wrong-password").0.as_u16(), 401);
    }
    let a = c.login("victim", common::USER_PASSWORD);
    assert_eq!(
        a.0.as_u16(),
        429,
        "locked out even with the right password: {}",
        a.1
    );
    // Another account from the same client is not locked.
    let _ = app.user("other");
    assert_eq!(c.login("other", common::USER_PASSWORD).0.as_u16(), 200);
    // Logout ends the session.
    assert_eq!(c.get("/api/v1/session").0.as_u16(), 200);
    assert_eq!(c.delete("/api/v1/session").0.as_u16(), 204);
    assert_eq!(c.get("/api/v1/session").0.as_u16(), 401);
}

#[test]
fn openapi_document_matches_the_route_table() {
    let doc = serde_json::to_value(app::web::openapi::document()).unwrap();
    let paths = doc["paths"].as_object().unwrap();
    let mut documented = std::collections::BTreeSet::new();
    for (path, item) in paths {
        for method in ["get", "post", "put", "patch", "delete"] {
            if item.get(method).is_some() {
                documented.insert((method.to_uppercase(), path.clone()));
            }
        }
    }
    let routed: std::collections::BTreeSet<(String, String)> = app::web::api::routes()
        .iter()
        .map(|r| (r.method.to_string(), r.path.to_string()))
        .collect();
    assert_eq!(
        documented, routed,
        "every route documented, every documented route real"
    );
    // Every schema an operation names is in the document.
    fn refs(v: &serde_json::Value, out: &mut Vec<String>) {
        match v {
            serde_json::Value::Object(m) => {
                if let Some(r) = m.get("$ref").and_then(|r| r.as_str()) {
                    out.push(r.to_string());
                }
                m.values().for_each(|x| refs(x, out));
            }
            serde_json::Value::Array(a) => a.iter().for_each(|x| refs(x, out)),
            _ => {}
        }
    }
    let mut all = Vec::new();
    refs(&doc, &mut all);
    assert!(
        all.len() > 50,
        "the operations name their schemas: {}",
        all.len()
    );
    for r in all {
        let name = r.trim_start_matches("#/components/schemas/");
        assert!(
            doc["components"]["schemas"].get(name).is_some(),
            "{r} is named but not in the document"
        );
    }
    // The closed sets are enums of their words, as the server reads them.
    for (schema, words) in [
        ("PairingSystem", app::domain::kinds::PairingSystem::WORDS),
        ("Variant", app::domain::kinds::Variant::WORDS),
        ("GameKind", app::domain::kinds::GameKind::WORDS),
        ("PenaltyKind", app::domain::kinds::PenaltyKind::WORDS),
        ("Notation", app::domain::kinds::Notation::WORDS),
    ] {
        let listed: Vec<&str> = doc["components"]["schemas"][schema]["enum"]
            .as_array()
            .unwrap_or_else(|| panic!("{schema} is not an enum in the document"))
            .iter()
            .filter_map(|w| w.as_str())
            .collect();
        assert_eq!(listed, words, "{schema}");
    }
}

#[test]
fn security_headers_are_sent() {
    let app = TestApp::start(app::db::Backend::Sqlite);
    let res = reqwest::blocking::get(format!("{}/api/v1/tournaments", app.base)).unwrap();
    let h = res.headers();
    assert_eq!(h["x-content-type-options"], "nosniff");
    assert!(h["content-security-policy"]
        .to_str()
        .unwrap()
        .contains("frame-ancestors 'none'"));
}

#[test]
fn public_reads_are_cached_until_the_next_write() {
    let app = TestApp::start(app::db::Backend::Sqlite);
    let (tid, gid, org) = setup(&app);
    let http = reqwest::blocking::Client::new();
    let url = format!("{}/api/v1/tournaments/{tid}/standings", app.base);
    let first = http.get(&url).send().unwrap();
    let etag = first.headers()["etag"].to_str().unwrap().to_string();
    let body = first.text().unwrap();
    let again = http
        .get(&url)
        .header("If-None-Match", &etag)
        .send()
        .unwrap();
    assert_eq!(again.status().as_u16(), 304);
    // A result changes the standings: the old ETag no longer matches.
    let g = org.get(&format!("/api/v1/tournaments/{tid}/games/{gid}")).1;
    org.set_result(tid, &g, "1-0");
    let after = http
        .get(&url)
        .header("If-None-Match", &etag)
        .send()
        .unwrap();
    assert_eq!(after.status().as_u16(), 200);
    assert_ne!(after.headers()["etag"].to_str().unwrap(), etag);
    let fresh = after.text().unwrap();
    assert_ne!(fresh, body, "fresh standings after the write");
    // A reader that accepts gzip gets the same standings, compressed once per
    // version, under an ETag of its own.
    let gz = http
        .get(&url)
        .header("Accept-Encoding", "gzip")
        .send()
        .unwrap();
    assert_eq!(gz.headers()["content-encoding"], "gzip");
    let gz_etag = gz.headers()["etag"].to_str().unwrap().to_string();
    assert_ne!(gz_etag, etag);
    let bytes = gz.bytes().unwrap();
    assert!(bytes.len() < fresh.len());
    let mut text = String::new();
    std::io::Read::read_to_string(&mut flate2::read::GzDecoder::new(&bytes[..]), &mut text)
        .unwrap();
    assert_eq!(text, fresh);
    let again = http
        .get(&url)
        .header("Accept-Encoding", "gzip")
        .header("If-None-Match", &gz_etag)
        .send()
        .unwrap();
    assert_eq!(again.status().as_u16(), 304);
}

/// A known address asked with a method it does not have answers 405 with the
/// methods it has (RFC 9110 §15.5.6); an unknown address 404.
#[test]
fn unsupported_methods_get_405_with_allow() {
    let app = TestApp::start(backends()[0]);
    let http = reqwest::blocking::Client::new();
    for (method, path, allow) in [
        ("TRACE", "/api/v1/tournaments", "GET, POST"),
        ("PUT", "/api/v1/tournaments", "GET, POST"),
        ("DELETE", "/api/v1/tournaments/1/standings", "GET"),
        ("POST", "/api/openapi.json", "GET"),
    ] {
        let res = http
            .request(
                reqwest::Method::from_bytes(method.as_bytes()).unwrap(),
                format!("{}{path}", app.base),
            )
            .send()
            .unwrap();
        assert_eq!(res.status().as_u16(), 405, "{method} {path}");
        let got = res.headers()["allow"].to_str().unwrap().to_string();
        let mut got: Vec<&str> = got.split(", ").collect();
        got.sort();
        let mut want: Vec<&str> = allow.split(", ").collect();
        want.sort();
        assert_eq!(got, want, "{method} {path}");
    }
    let res = http
        .get(format!("{}/api/v1/nothing-here", app.base))
        .send()
        .unwrap();
    assert_eq!(res.status().as_u16(), 404);
}

/// A word outside a closed set (system, variant, bye kind, penalty kind, record
/// format, notation, Chess960 draw mode …) is a 422 that names the field and the
/// allowed words, and nothing is written.
#[test]
fn an_unknown_word_names_its_field_and_the_allowed_words() {
    on_each_backend(|app, _| {
        let (tid, gid, org) = setup(app);
        let pid = org.get(&format!("/api/v1/tournaments/{tid}/players")).1[0]["id"]
            .as_i64()
            .unwrap();
        let before = org.get(&format!("/api/v1/tournaments/{tid}")).1;
        let cases: Vec<(String, serde_json::Value, &str, &str)> = vec![
            (
                "/api/v1/tournaments".into(),
                json!({"name": "X", "system": "swis"}),
                "system",
                "swiss, round_robin, double_round_robin",
            ),
            (
                "/api/v1/tournaments".into(),
                json!({"name": "X", "variant": "crazyhouse"}),
                "variant",
                "standard, chess960",
            ),
            (
                "/api/v1/tournaments".into(),
                json!({"name": "X", "laws_edition": "2014"}),
                "laws_edition",
                "2023, 2018, 2009, 2005",
            ),
            (
                "/api/v1/tournaments".into(),
                json!({"name": "X", "initial_color": "red"}),
                "initial_color",
                "white, black",
            ),
            (
                format!("/api/v1/tournaments/{tid}/players/{pid}/byes"),
                json!({"round": 3, "kind": "quarter"}),
                "kind",
                "half, zero, full",
            ),
            (
                format!("/api/v1/tournaments/{tid}/games/{gid}/penalties"),
                json!({"player_id": pid, "kind": "yellow_card", "version": 1}),
                "kind",
                "warning, extra_time",
            ),
            (
                format!("/api/v1/tournaments/{tid}/games/{gid}/moves"),
                json!({"format": "uci", "text": "e2e4"}),
                "format",
                "pgn, scoresheet",
            ),
            (
                format!("/api/v1/tournaments/{tid}/games/{gid}/moves"),
                json!({"format": "scoresheet", "text": "1.e4", "notation": "xx"}),
                "notation",
                "en, pl, cs",
            ),
        ];
        for (path, body, field, allowed) in cases {
            let method = if path.ends_with("/moves") {
                Method::PUT
            } else {
                Method::POST
            };
            let (status, v) = org.send(method, &path, Some(&body));
            assert_eq!(status.as_u16(), 422, "[{}] {path} {body}: {v}", app.label());
            assert_eq!(v["field"], field, "[{}] {path} {body}: {v}", app.label());
            let message = v["error"].as_str().unwrap_or_default();
            assert!(
                message.contains(allowed),
                "[{}] {path} {body}: the message should list {allowed}: {v}",
                app.label()
            );
        }
        let after = org.get(&format!("/api/v1/tournaments/{tid}")).1;
        assert_eq!(before["version"], after["version"], "[{}]", app.label());
        let list = org.get("/api/v1/tournaments").1;
        assert_eq!(
            list.as_array().map(Vec::len),
            Some(1),
            "[{}] no tournament was created: {list}",
            app.label()
        );
    });
}

/// Issue 23: a well-formed request that the tournament's state refuses is a
/// conflict (409, RFC 9110 §15.5.10) naming the field; content the document
/// refuses stays 422. Neither changes anything.
#[test]
fn a_state_conflict_is_409_and_names_its_field() {
    on_each_backend(|app, label| {
        // Three rounds, round 1 paired and published.
        let (tid, _gid, org) = setup(app);
        let players = |c: &Client| {
            c.get(&format!("/api/v1/tournaments/{tid}/players"))
                .1
                .as_array()
                .cloned()
                .unwrap()
        };
        let first = players(&org)[0].clone();
        let pid = first["id"].as_i64().unwrap();
        let audit = app.audit_count();
        let byes = format!("/api/v1/tournaments/{tid}/players/{pid}/byes");
        let register = format!("/api/v1/tournaments/{tid}/players");
        let cases: Vec<(String, serde_json::Value, u16, &str)> = vec![
            // Round 1 is paired; there is no round 4.
            (byes.clone(), json!({"round": 1}), 409, "round"),
            (byes.clone(), json!({"round": 4}), 409, "round"),
            (byes.clone(), json!({"round": 0}), 422, "round"),
            (
                register.clone(),
                json!({"name": "Late", "joins_round": 1}),
                409,
                "joins_round",
            ),
            (
                register.clone(),
                json!({"name": "Late", "joins_round": 9}),
                409,
                "joins_round",
            ),
            (
                register.clone(),
                json!({"name": "Late", "joins_round": 0}),
                422,
                "joins_round",
            ),
            (
                format!("/api/v1/tournaments/{tid}/staff"),
                json!({"username": "nobody-has-this-name", "role": "arbiter"}),
                409,
                "username",
            ),
            // Words the document's patterns refuse, as the server does.
            (
                register.clone(),
                json!({"name": "T", "title": "ım"}),
                422,
                "title",
            ),
            (
                register.clone(),
                json!({"name": "T", "federation": "ﬀA"}),
                422,
                "federation",
            ),
            (
                register.clone(),
                json!({"name": "T", "birth_date": "1990-2-3"}),
                422,
                "birth_date",
            ),
            (
                register.clone(),
                json!({"name": "T", "birth_date": "1991-02-29"}),
                422,
                "birth_date",
            ),
            (
                "/api/v1/tournaments".into(),
                json!({"name": "T", "start_date": "2026-3-1", "end_date": "2026-03-01"}),
                422,
                "start_date",
            ),
            (
                "/api/v1/tournaments".into(),
                json!({"name": "T", "tiebreaks": ["BH/U100"]}),
                422,
                "tiebreaks",
            ),
        ];
        for (path, body, status, field) in cases {
            let (s, v) = org.post(&path, body.clone());
            assert_eq!(s.as_u16(), status, "[{label}] {path} {body}: {v}");
            assert_eq!(v["field"], field, "[{label}] {path} {body}: {v}");
        }
        let (s, v) = org.put(
            &format!("/api/v1/tournaments/{tid}/rounds/1/start"),
            json!({"start": "2026-03-01T9:00"}),
        );
        assert_eq!(
            (s.as_u16(), &v["field"]),
            (422, &json!("start")),
            "[{label}] {v}"
        );
        assert_eq!(players(&org).len(), 4, "[{label}] nobody registered");
        assert_eq!(app.audit_count(), audit, "[{label}] nothing written");

        // A FIDE id registered for one player conflicts for another.
        let a = org.ok(
            org.post(&register, json!({"name": "Has Id", "fide_id": 1503014})),
            201,
            "register with a FIDE id",
        );
        let (s, v) = org.post(&register, json!({"name": "Same Id", "fide_id": 1503014}));
        assert_eq!(
            (s.as_u16(), &v["field"]),
            (409, &json!("fide_id")),
            "[{label}] {v}"
        );
        let (s, v) = org.patch(
            &format!("/api/v1/tournaments/{tid}/players/{pid}"),
            json!({"fide_id": 1503014, "version": first["version"]}),
        );
        assert_eq!(
            (s.as_u16(), &v["field"]),
            (409, &json!("fide_id")),
            "[{label}] {v}"
        );
        // What the patterns allow is read as the server normalises it.
        let v = org.ok(
            org.patch(
                &format!("/api/v1/tournaments/{tid}/players/{}", a["id"]),
                json!({"title": " wgm\u{3000}", "federation": "pol", "sex": "F", "version": a["version"]}),
            ),
            200,
            "edit with words in either case",
        );
        assert_eq!(
            (
                &v["player"]["title"],
                &v["player"]["federation"],
                &v["player"]["sex"]
            ),
            (&json!("WGM"), &json!("POL"), &json!("f")),
            "[{label}] {v}"
        );
        let t = org.created_tournament(
            json!({"name": "Codes", "tiebreaks": [" bh/c1", "ARO/u+1000/M1", "sb"]}),
        );
        assert_eq!(
            t["regulations"]["tiebreaks"],
            json!([" bh/c1", "ARO/u+1000/M1", "sb"]),
            "[{label}] {t}"
        );
    });
}
