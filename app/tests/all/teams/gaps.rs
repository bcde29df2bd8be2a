//! Team events, the gaps of issue 20 closed over HTTP on both backends: a
//! match both teams forfeited, individual actions refused in a team event,
//! unpairing the last team round, withdrawing a team and half-point byes.

use super::{create, roster, trf_round_trip, Lcg};
use crate::common::{backends, Client, TestApp};
use serde_json::{json, Value};

/// A Swiss of `teams` teams of three players, two boards, `rounds` rounds.
fn small_swiss(org: &Client, name: &str, teams: usize, rounds: u32) -> i64 {
    let tid = create(
        org,
        name,
        json!({"system": "swiss", "boards": 2, "rounds": rounds,
               "tiebreaks": ["GP", "BH:MP", "WIN"]}),
    );
    let mut rng = Lcg(7);
    for i in 0..teams {
        org.ok(
            org.post(
                &format!("/api/v1/tournaments/{tid}/teams"),
                json!({"name": format!("Side {}", i + 1), "roster": roster(i, 3, &mut rng)}),
            ),
            201,
            "team",
        );
    }
    tid
}

fn round(c: &Client, tid: i64, n: i64) -> Value {
    c.ok(
        c.get(&format!("/api/v1/tournaments/{tid}/team-rounds/{n}")),
        200,
        "round",
    )
}

fn pair(org: &Client, tid: i64) -> Value {
    org.ok(
        org.post(&format!("/api/v1/tournaments/{tid}/team-rounds"), json!({})),
        201,
        "pair",
    )
}

fn publish(org: &Client, tid: i64, n: i64) {
    org.ok(
        org.post(
            &format!("/api/v1/tournaments/{tid}/team-rounds/{n}/publish"),
            json!({}),
        ),
        200,
        "publish",
    );
}

fn lineup(org: &Client, tid: i64, n: i64, team: &Value, players: Value) {
    org.ok(
        org.put(
            &format!("/api/v1/tournaments/{tid}/team-rounds/{n}/lineups/{team}"),
            json!({ "players": players }),
        ),
        200,
        "line-up",
    );
}

fn results(org: &Client, tid: i64, n: i64, results: Value) {
    org.ok(
        org.put(
            &format!("/api/v1/tournaments/{tid}/team-rounds/{n}/results"),
            json!({ "results": results }),
        ),
        200,
        "results",
    );
}

/// Plays round `n` out: both boards of every match, home wins board 1,
/// board 2 drawn.
fn play_out(org: &Client, tid: i64, n: i64) {
    let r = round(org, tid, n);
    let mut res = vec![];
    for m in r["matches"].as_array().unwrap() {
        lineup(org, tid, n, &m["home"]["number"], json!([1, 2]));
        lineup(org, tid, n, &m["away"]["number"], json!([1, 2]));
        res.push(json!({"match": m["number"], "board": 1, "result": "1-0"}));
        res.push(json!({"match": m["number"], "board": 2, "result": "½-½"}));
    }
    results(org, tid, n, json!(res));
}

/// Match points and game points of every team by number, from the standings.
fn scores(c: &Client, tid: i64) -> Vec<(i64, i64, i64)> {
    let st = c.ok(
        c.get(&format!("/api/v1/tournaments/{tid}/team-standings")),
        200,
        "standings",
    );
    let mut rows: Vec<(i64, i64, i64)> = st["rows"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| {
            (
                r["team"]["number"].as_i64().unwrap(),
                r["match_points"].as_i64().unwrap(),
                r["game_points"].as_i64().unwrap(),
            )
        })
        .collect();
    rows.sort();
    rows
}

/// A match neither team turned up for (no line-up from either: both boards
/// `-/-`) is lost by both: 0 match points and 0 game points each, on the
/// API, the standings, the round page and after a TRF round trip. A board
/// both players missed in a played match gives nothing to either side.
#[test]
fn a_match_both_teams_forfeited_is_lost_by_both() {
    for backend in backends() {
        let app = TestApp::start(backend);
        let label = app.label();
        let org = app.user("organiser");
        let public = Client::new(&app.base);
        let tid = small_swiss(&org, "Double Forfeit Cup", 4, 3);
        pair(&org, tid);
        publish(&org, tid, 1);
        let r = round(&org, tid, 1);
        let m1 = &r["matches"][0];
        let m2 = &r["matches"][1];
        lineup(&org, tid, 1, &m1["home"]["number"], json!([null, null]));
        lineup(&org, tid, 1, &m1["away"]["number"], json!([null, null]));
        lineup(&org, tid, 1, &m2["home"]["number"], json!([1, 2]));
        lineup(&org, tid, 1, &m2["away"]["number"], json!([1, 2]));
        results(
            &org,
            tid,
            1,
            json!([{"match": 2, "board": 1, "result": "-/-"},
                   {"match": 2, "board": 2, "result": "0-1"}]),
        );
        let r = round(&public, tid, 1);
        assert_eq!(r["state"], "finished", "[{label}] {r}");
        let m = &r["matches"][0];
        assert_eq!(m["boards"][0]["result"], "-/-", "[{label}] {m}");
        assert_eq!(m["boards"][1]["result"], "-/-", "[{label}] {m}");
        assert_eq!(
            (
                &m["home_game_points"],
                &m["away_game_points"],
                &m["home_match_points"],
                &m["away_match_points"]
            ),
            (&json!(0), &json!(0), &json!(0), &json!(0)),
            "[{label}] a double-forfeited match is lost by both: {m}"
        );
        let m = &r["matches"][1];
        assert_eq!(
            (
                &m["home_game_points"],
                &m["away_game_points"],
                &m["home_match_points"],
                &m["away_match_points"]
            ),
            (&json!(0), &json!(2), &json!(0), &json!(2)),
            "[{label}] the -/- board counts for neither: {m}"
        );
        let (h1, a1) = (
            m1["home"]["number"].as_i64().unwrap(),
            m1["away"]["number"].as_i64().unwrap(),
        );
        let (h2, a2) = (
            m2["home"]["number"].as_i64().unwrap(),
            m2["away"]["number"].as_i64().unwrap(),
        );
        let mut expected = vec![(h1, 0, 0), (a1, 0, 0), (h2, 0, 0), (a2, 2, 2)];
        expected.sort();
        assert_eq!(scores(&public, tid), expected, "[{label}] standings");
        // The standings page shows the same (no drawn match's point).
        let (s, page) = public.get(&format!("/t/{tid}/teams/rounds/1"));
        assert_eq!(s.as_u16(), 200);
        assert!(page.as_str().unwrap().contains("-/-"), "[{label}]");
        trf_round_trip(&org, tid, label);
    }
}

/// In a team event the individual actions that would add players or rounds
/// beside the teams are refused with 409 and nothing is written: registering
/// a player, pairing an individual round, check-in, the online entry form
/// and an entry.
#[test]
fn individual_actions_are_refused_in_a_team_event() {
    for backend in backends() {
        let app = TestApp::start(backend);
        let label = app.label();
        let org = app.user("organiser");
        let public = Client::new(&app.base);
        let tid = small_swiss(&org, "No Individuals", 4, 3);
        let audit = app.audit_count();
        for (who, method, path, body) in [
            (&org, "POST", "players", json!({"name": "Intruder"})),
            (&org, "POST", "rounds", json!({})),
            (&org, "PUT", "checkin", json!({"open": true})),
            (&org, "PUT", "entry-form", json!({"is_open": true})),
            (&public, "POST", "entries", json!({"name": "Walk In"})),
        ] {
            let method = reqwest::Method::from_bytes(method.as_bytes()).unwrap();
            let (s, v) = who.send(
                method,
                &format!("/api/v1/tournaments/{tid}/{path}"),
                Some(&body),
            );
            assert_eq!(s.as_u16(), 409, "[{label}] {path}: {v}");
            assert!(
                v["error"].as_str().unwrap_or("").contains("team event"),
                "[{label}] {path}: {v}"
            );
        }
        assert_eq!(app.audit_count(), audit, "[{label}] nothing written");
        let players = org.get(&format!("/api/v1/tournaments/{tid}/players")).1;
        assert_eq!(players, json!([]), "[{label}] no individual player");
        // The team event goes on as before.
        pair(&org, tid);
        assert_eq!(
            org.get(&format!("/api/v1/tournaments/{tid}/rounds")).1,
            json!([]),
            "[{label}] no individual round"
        );
    }
}
