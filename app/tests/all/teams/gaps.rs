//! Team events, the gaps of issue 20 closed over HTTP on both backends: a
//! match both teams forfeited, individual actions refused in a team event,
//! unpairing the last team round, withdrawing a team and half-point byes.

use super::{add_teams, check_final, create, read_event, roster, trf_round_trip, Lcg};
use crate::common::{on_each_backend, Client};
use serde_json::{json, Value};

/// A Swiss of `teams` teams of three players, two boards, `rounds` rounds.
pub(crate) fn small_swiss(org: &Client, name: &str, teams: usize, rounds: u32) -> i64 {
    let tid = create(
        org,
        name,
        json!({"system": "swiss", "boards": 2, "rounds": rounds,
               "tiebreaks": ["GP", "BH:MP", "WIN"]}),
    );
    add_teams(org, tid, "Side", teams, 3, &mut Lcg(7));
    tid
}

fn round(c: &Client, tid: i64, n: i64) -> Value {
    c.ok(
        c.get(&format!("/api/v1/tournaments/{tid}/team-rounds/{n}")),
        200,
        "round",
    )
}

/// [`small_swiss`] with round 1 paired, published and played out.
fn after_round_one(org: &Client, name: &str, teams: usize, rounds: u32) -> i64 {
    let tid = small_swiss(org, name, teams, rounds);
    pair(org, tid);
    publish(org, tid, 1);
    play_out(org, tid, 1);
    tid
}

pub(crate) fn pair(org: &Client, tid: i64) -> Value {
    org.ok(
        org.post(&format!("/api/v1/tournaments/{tid}/team-rounds"), json!({})),
        201,
        "pair",
    )
}

pub(crate) fn publish(org: &Client, tid: i64, n: i64) {
    org.publish_team_round(tid, n);
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
pub(crate) fn play_out(org: &Client, tid: i64, n: i64) {
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
    on_each_backend(|app, label| {
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
    });
}

/// In a team event the individual actions that would add players or rounds
/// beside the teams are refused with 409 and nothing is written: registering
/// a player, pairing an individual round, check-in, the online entry form
/// and an entry.
#[test]
fn individual_actions_are_refused_in_a_team_event() {
    on_each_backend(|app, label| {
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
    });
}

/// The last team round can be unpaired while no board result of it is
/// entered (line-ups may be in), and paired again; one audit row each; not
/// a round before the last, not with a result. Also from the staff screen.
#[test]
fn the_last_team_round_can_be_unpaired() {
    on_each_backend(|app, label| {
        let org = app.user("organiser");
        let tid = small_swiss(&org, "Unpair Cup", 4, 3);
        let first = pair(&org, tid);
        lineup(
            &org,
            tid,
            1,
            &first["matches"][0]["home"]["number"],
            json!([1, 2]),
        );
        let audit = app.audit_count();
        let (s, v) = org.delete(&format!("/api/v1/tournaments/{tid}/team-rounds/1"));
        assert_eq!(s.as_u16(), 204, "[{label}] unpair: {v}");
        assert_eq!(app.audit_count(), audit + 1, "[{label}] one audit row");
        assert_eq!(
            org.get(&format!("/api/v1/tournaments/{tid}/team-rounds/1"))
                .0
                .as_u16(),
            404
        );
        let ev = org.get(&format!("/api/v1/tournaments/{tid}/team-event")).1;
        assert_eq!(ev["rounds_paired"], 0, "[{label}] {ev}");
        let again = pair(&org, tid);
        let pairs = |r: &Value| -> Vec<(Value, Value)> {
            r["matches"]
                .as_array()
                .unwrap()
                .iter()
                .map(|m| (m["home"]["number"].clone(), m["away"]["number"].clone()))
                .collect()
        };
        assert_eq!(pairs(&again), pairs(&first), "[{label}] paired again");
        assert!(
            again["matches"][0]["home_lineup_in"] == false,
            "[{label}] the line-up went with the round"
        );
        publish(&org, tid, 1);
        play_out(&org, tid, 1);
        pair(&org, tid);
        publish(&org, tid, 2);
        let r2 = round(&org, tid, 2);
        let m = &r2["matches"][0];
        lineup(&org, tid, 2, &m["home"]["number"], json!([1, 2]));
        lineup(&org, tid, 2, &m["away"]["number"], json!([1, 2]));
        results(
            &org,
            tid,
            2,
            json!([{"match": 1, "board": 1, "result": "1-0"}]),
        );
        let with_result = round(&org, tid, 2);
        let audit = app.audit_count();
        let (s, v) = org.delete(&format!("/api/v1/tournaments/{tid}/team-rounds/1"));
        assert_eq!(s.as_u16(), 409, "[{label}] not the last round: {v}");
        let (s, v) = org.delete(&format!("/api/v1/tournaments/{tid}/team-rounds/2"));
        assert_eq!(s.as_u16(), 409, "[{label}] a result is in: {v}");
        assert!(v["error"].as_str().unwrap().contains("results"), "{v}");
        assert_eq!(
            app.audit_count(),
            audit,
            "[{label}] refused: nothing written"
        );
        assert_eq!(
            round(&org, tid, 2),
            with_result,
            "[{label}] refused: unchanged"
        );
        results(
            &org,
            tid,
            2,
            json!([{"match": 1, "board": 1, "result": "*"}]),
        );
        // From the staff screen.
        let f = app.form_user("organiser");
        let screen = format!("/t/{tid}/manage/teams");
        let (_, html) = f.get(&screen);
        assert!(
            html.contains("id=\"unpair\""),
            "[{label}] the unpair button"
        );
        let csrf = f.csrf(&screen);
        let (s, to, body) = f.post(&format!("{screen}/rounds/2/unpair"), &[("csrf", &csrf)]);
        assert_eq!((s, to.as_str()), (303, screen.as_str()), "[{label}] {body}");
        let ev = org.get(&format!("/api/v1/tournaments/{tid}/team-event")).1;
        assert_eq!(ev["rounds_paired"], 1, "[{label}] {ev}");
    });
}

/// A withdrawn team is not paired from the round given on; its matches
/// stay and count for its opponents (the standings and tie-breaks equal the
/// library's on the same rounds, C.07 art. 16); the withdrawal can be taken
/// back. Public pages show it. A round robin refuses withdrawals.
#[test]
fn a_withdrawn_team_is_left_out_and_its_matches_stay() {
    on_each_backend(|app, label| {
        let org = app.user("organiser");
        let public = Client::new(&app.base);
        let tid = after_round_one(&org, "Withdrawal Cup", 5, 4);
        let withdraw =
            |body: Value| org.post(&format!("/api/v1/tournaments/{tid}/teams/3/withdraw"), body);
        let audit = app.audit_count();
        let (s, v) = withdraw(json!({"from_round": 1}));
        assert_eq!(s.as_u16(), 422, "[{label}] a paired round: {v}");
        assert_eq!(v["field"], "from_round");
        let (s, v) = withdraw(json!({"from_round": 9}));
        assert_eq!(s.as_u16(), 422, "[{label}] past the last round: {v}");
        assert_eq!(app.audit_count(), audit);
        let v = org.ok(withdraw(json!({})), 200, "withdraw");
        assert_eq!(
            (&v["withdrawn"], &v["withdrawn_from"]),
            (&json!(true), &json!(2)),
            "[{label}] {v}"
        );
        assert_eq!(app.audit_count(), audit + 1, "[{label}] one audit row");
        let (s, v) = withdraw(json!({}));
        assert_eq!(s.as_u16(), 409, "[{label}] twice: {v}");
        let r2 = pair(&org, tid);
        assert_eq!(r2["matches"].as_array().unwrap().len(), 2, "[{label}] {r2}");
        assert!(r2["bye"].is_null(), "[{label}] four teams left: {r2}");
        assert!(
            r2["matches"]
                .as_array()
                .unwrap()
                .iter()
                .all(|m| m["home"]["number"] != 3 && m["away"]["number"] != 3),
            "[{label}] team 3 is not paired: {r2}"
        );
        publish(&org, tid, 2);
        play_out(&org, tid, 2);
        // Its round-1 match stays; standings and tie-breaks as the library's.
        let reading = read_event(&public, tid);
        check_final(&public, tid, &reading, label);
        let page = public.get(&format!("/t/{tid}/teams")).1;
        assert!(
            page.as_str().unwrap().contains("withdrawn from round 2"),
            "[{label}] the teams page shows the withdrawal"
        );
        // Taken back on the staff screen.
        let f = app.form_user("organiser");
        let screen = format!("/t/{tid}/manage/teams");
        let (_, html) = f.get(&screen);
        assert!(
            html.contains("id=\"absences\""),
            "[{label}] the withdrawals form"
        );
        let csrf = f.csrf(&screen);
        let audit = app.audit_count();
        let (s, to, body) = f.post(&format!("{screen}/teams/3/reinstate"), &[("csrf", &csrf)]);
        assert_eq!((s, to.as_str()), (303, screen.as_str()), "[{label}] {body}");
        assert_eq!(app.audit_count(), audit + 1);
        let ev = org.get(&format!("/api/v1/tournaments/{tid}/team-event")).1;
        assert_eq!(ev["teams"][2]["withdrawn"], false, "[{label}] {ev}");
        let r3 = pair(&org, tid);
        let in_r3 = r3["matches"]
            .as_array()
            .unwrap()
            .iter()
            .any(|m| m["home"]["number"] == 3 || m["away"]["number"] == 3)
            || r3["bye"]["number"] == 3;
        assert!(in_r3, "[{label}] team 3 is back: {r3}");
        let (s, v) = org.post(
            &format!("/api/v1/tournaments/{tid}/teams/3/reinstate"),
            json!({}),
        );
        assert_eq!(s.as_u16(), 409, "[{label}] not withdrawn: {v}");
        // A round robin's schedule is fixed.
        let rr = create(&org, "Fixed", json!({"system": "round_robin", "boards": 2}));
        let mut rng = Lcg(3);
        for i in 0..2 {
            org.add_team(
                rr,
                json!({"name": format!("R{i}"), "roster": roster(i, 2, &mut rng)}),
            );
        }
        let (s, v) = org.post(
            &format!("/api/v1/tournaments/{rr}/teams/1/withdraw"),
            json!({}),
        );
        assert_eq!(s.as_u16(), 409, "[{label}] round robin: {v}");
    });
}

/// A half-point bye requested for a round not yet paired: the pairing leaves
/// the team out and it scores a drawn match (the regulations' draw: 1 MP and
/// half the boards); standings equal the library's, the TRF carries it
/// (`XTH`) and re-imports the same; a bye can be cancelled before pairing.
#[test]
fn a_half_point_bye_leaves_the_team_out_and_scores_a_draw() {
    on_each_backend(|app, label| {
        let org = app.user("organiser");
        let public = Client::new(&app.base);
        let tid = after_round_one(&org, "Bye Cup", 4, 3);
        let request = |team: i64, round: i64| {
            org.post(
                &format!("/api/v1/tournaments/{tid}/teams/{team}/byes"),
                json!({ "round": round }),
            )
        };
        let audit = app.audit_count();
        for r in [1, 4] {
            let (s, v) = request(2, r);
            assert_eq!(s.as_u16(), 422, "[{label}] round {r}: {v}");
            assert_eq!(v["field"], "round");
        }
        assert_eq!(app.audit_count(), audit);
        org.ok(request(2, 2), 201, "bye");
        assert_eq!(app.audit_count(), audit + 1, "[{label}] one audit row");
        let (s, v) = request(2, 2);
        assert_eq!(s.as_u16(), 409, "[{label}] twice: {v}");
        org.ok(request(1, 3), 201, "bye");
        let (s, _) = org.delete(&format!("/api/v1/tournaments/{tid}/teams/1/byes/3"));
        assert_eq!(s.as_u16(), 204, "[{label}] cancelled");
        let (s, _) = org.delete(&format!("/api/v1/tournaments/{tid}/teams/1/byes/3"));
        assert_eq!(s.as_u16(), 404, "[{label}] no such bye");
        // On the staff screen: a round that is not a number comes back with
        // the problem and nothing written; a bye requested and cancelled.
        let f = app.form_user("organiser");
        let screen = format!("/t/{tid}/manage/teams");
        let csrf = f.csrf(&screen);
        let audit = app.audit_count();
        let (s, _, body) = f.post(
            &format!("{screen}/teams/4/byes"),
            &[("csrf", &csrf), ("round", "x")],
        );
        assert_eq!(s, 422, "[{label}] {body}");
        assert_eq!(app.audit_count(), audit);
        let (s, _, body) = f.post(
            &format!("{screen}/teams/4/byes"),
            &[("csrf", &csrf), ("round", "3")],
        );
        assert_eq!(s, 303, "[{label}] {body}");
        let (_, html) = f.get(&screen);
        let cancel = format!("{screen}/teams/4/byes/3/cancel");
        assert!(html.contains(&cancel), "[{label}] the cancel button");
        let (s, _, body) = f.post(&cancel, &[("csrf", &csrf)]);
        assert_eq!(s, 303, "[{label}] {body}");
        assert_eq!(app.audit_count(), audit + 2);
        let byes = public
            .get(&format!("/api/v1/tournaments/{tid}/team-byes"))
            .1;
        assert_eq!(byes.as_array().unwrap().len(), 1, "[{label}] {byes}");
        let before = scores(&public, tid);
        let r2 = pair(&org, tid);
        assert_eq!(r2["half_byes"][0]["number"], 2, "[{label}] {r2}");
        assert!(
            r2["matches"]
                .as_array()
                .unwrap()
                .iter()
                .all(|m| m["home"]["number"] != 2 && m["away"]["number"] != 2),
            "[{label}] team 2 is not paired: {r2}"
        );
        assert!(!r2["bye"].is_null(), "[{label}] three teams: a pairing bye");
        publish(&org, tid, 2);
        play_out(&org, tid, 2);
        let after = scores(&public, tid);
        let two = |s: &[(i64, i64, i64)]| *s.iter().find(|x| x.0 == 2).unwrap();
        let (b, a) = (two(&before), two(&after));
        assert_eq!(
            (a.1 - b.1, a.2 - b.2),
            (1, 2),
            "[{label}] a drawn match: 1 MP and 1 game point (2 half-points)"
        );
        let reading = read_event(&public, tid);
        check_final(&public, tid, &reading, label);
        let page = public.get(&format!("/t/{tid}/teams/rounds/2")).1;
        assert!(
            page.as_str().unwrap().contains("id=\"half-byes\""),
            "[{label}] the round page shows the half-point bye"
        );
        let trf = org
            .get(&format!("/api/v1/tournaments/{tid}/team-export.trf"))
            .1;
        assert!(
            trf.as_str()
                .unwrap()
                .lines()
                .any(|l| l.starts_with("XTH") && l.ends_with(" 2")),
            "[{label}] {trf}"
        );
        trf_round_trip(&org, tid, label);
    });
}
