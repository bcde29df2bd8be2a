//! FIDE mode (`app/src/domain/fide_mode.rs`), on SQLite and PostgreSQL: each
//! operation the FIDE rules forbid warns, is done only when confirmed twice,
//! then takes the tournament out of FIDE mode for good — shown on the staff
//! pages and recorded as `###` lines in the TRF export, which still reads back.

use crate::common;

use common::{on_each_backend, Client, TestApp};
use serde_json::{json, Value};

/// A 6-player Swiss, round 1 paired (not published).
fn event(app: &TestApp, who: &str, name: &str) -> (i64, Client, Value) {
    let org = app.user(who);
    let tid = org.create_tournament(json!({"name": name, "rounds": 5}));
    for i in 0..6 {
        org.add_player(
            tid,
            json!({"name": format!("Gracz {i}, Jan"), "rating": 2300 - 30 * i}),
        );
    }
    let r = org.pair_round(tid);
    (tid, org, r)
}

/// Refused without both confirmations (409, a conflict with the tournament's
/// FIDE mode: the warning, nothing written),
/// done with both; then the tournament is out of FIDE mode on every staff
/// page and in the TRF export.
fn refused_then_confirmed(
    app: &TestApp,
    org: &Client,
    tid: i64,
    (method, path, body): (reqwest::Method, String, Value),
    what: &str,
) {
    let send = |read: bool, leave: bool| {
        let mut body = body.clone();
        body["warning_read"] = json!(read);
        body["leave_fide_mode"] = json!(leave);
        let (status, answer) = org.send(method.clone(), &path, Some(&body));
        (status.as_u16(), answer)
    };
    let label = app.label();
    let audit = app.audit_count();
    for (read, leave) in [(false, false), (true, false), (false, true)] {
        let (status, body) = send(read, leave);
        assert_eq!(status, 409, "[{label}] {what} ({read}, {leave}): {body}");
        assert_eq!(body["field"], "leave_fide_mode", "{body}");
        assert!(
            body["error"].as_str().unwrap().contains("FIDE mode"),
            "[{label}] the warning: {body}"
        );
    }
    assert_eq!(app.audit_count(), audit, "[{label}] nothing written");
    let page = String::from_utf8(org.bytes(&format!("/t/{tid}/manage/players")).2).unwrap();
    assert!(
        !page.contains("id=\"not-fide\""),
        "[{label}] still in FIDE mode"
    );

    let (status, body) = send(true, true);
    assert!(
        status < 300,
        "[{label}] {what} confirmed twice: {status} {body}"
    );
    assert!(
        app.audit_count() >= audit + 2,
        "[{label}] the departure and the operation are audited"
    );
    let page = String::from_utf8(org.bytes(&format!("/t/{tid}/manage/players")).2).unwrap();
    assert!(page.contains("id=\"not-fide\""), "[{label}] the indicator");
    let settings = String::from_utf8(org.bytes(&format!("/t/{tid}/manage/settings")).2).unwrap();
    assert!(
        settings.contains("has left FIDE mode"),
        "[{label}] {settings}"
    );
    assert!(
        settings.contains(what),
        "[{label}] the settings say what: {settings}"
    );
    let (_, _, trf) = org.bytes(&format!("/api/v1/tournaments/{tid}/export.trf"));
    let trf = String::from_utf8(trf).unwrap();
    let comment = trf
        .lines()
        .find(|l| l.starts_with("### ") && l.contains("left FIDE mode"))
        .unwrap_or_else(|| panic!("[{label}] no ### line: {trf}"));
    assert!(
        comment.contains(what) && comment.contains(" fide"),
        "{comment}"
    );
    // The export still reads back (a tournament with players).
    if !trf.lines().any(|l| l.starts_with("001")) {
        return;
    }
    let reader = app.user("reader");
    let imported = reader.ok(reader.import_trf(&trf), 201, "import");
    assert!(imported["tournament"]["id"].as_i64().is_some());
}

/// The boards of round 1 of `tid` as a pairing edit sends them (the bye
/// left out).
fn boards_of_round_one(c: &Client, tid: i64) -> Vec<Value> {
    let round = c.get(&format!("/api/v1/tournaments/{tid}/rounds/1")).1;
    round["games"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|g| !g["black"].is_null())
        .map(|g| json!({"white": g["white"]["id"], "black": g["black"]["id"]}))
        .collect()
}

#[test]
fn each_forbidden_operation_warns_and_needs_two_confirmations() {
    on_each_backend(|app, label| {
        // A manual change to the pairing: board 1's colours swapped.
        let (tid, org, _) = event(app, "fide1", "Pairing edit");
        let mut boards = boards_of_round_one(&org, tid);
        let first = &mut boards[0];
        *first = json!({"white": first["black"], "black": first["white"]});
        let send = (
            reqwest::Method::PUT,
            format!("/api/v1/tournaments/{tid}/rounds/1/pairing"),
            json!({"boards": boards, "bye": null}),
        );
        refused_then_confirmed(
            app,
            &org,
            tid,
            send,
            "a manual change to the pairing of round 1",
        );
        // Out of FIDE mode, a further change is recorded, not asked.
        let (status, _) = org.put(
            &format!("/api/v1/tournaments/{tid}/rounds/1/pairing"),
            json!({"boards": boards.iter().rev().cloned().collect::<Vec<_>>(), "bye": null}),
        );
        assert_eq!(status.as_u16(), 200, "[{label}] an intervention");
        let (_, _, trf) = org.bytes(&format!("/api/v1/tournaments/{tid}/export.trf"));
        let trf = String::from_utf8(trf).unwrap();
        assert_eq!(
            trf.lines().filter(|l| l.starts_with("### ")).count(),
            2,
            "[{label}] the departure and the intervention: {trf}"
        );
        assert!(trf.contains("manual intervention: a manual change"));
        // Re-applying the same pairing is no change: nothing recorded.
        let again = boards_of_round_one(&org, tid);
        let (event2, org2, _) = event(app, "fide1b", "No change");
        let unchanged = boards_of_round_one(&org2, event2);
        assert_eq!(
            org2.put(
                &format!("/api/v1/tournaments/{event2}/rounds/1/pairing"),
                json!({"boards": unchanged, "bye": null})
            )
            .0
            .as_u16(),
            200,
            "[{label}] the engine's own pairing is no intervention"
        );
        let _ = again;

        // A full-point bye on request.
        let (tid, org, _) = event(app, "fide2", "Full bye");
        let pid = org.get(&format!("/api/v1/tournaments/{tid}/players")).1[0]["id"].clone();
        let send = (
            reqwest::Method::POST,
            format!("/api/v1/tournaments/{tid}/players/{pid}/byes"),
            json!({"round": 3, "kind": "full"}),
        );
        refused_then_confirmed(app, &org, tid, send, "a full-point bye on request");
        // A half-point bye is within the rules: never asked.
        let (event3, org3, _) = event(app, "fide2b", "Half bye");
        let p3 = org3.get(&format!("/api/v1/tournaments/{event3}/players")).1[0]["id"].clone();
        org3.ok(
            org3.post(
                &format!("/api/v1/tournaments/{event3}/players/{p3}/byes"),
                json!({"round": 3, "kind": "half"}),
            ),
            201,
            "a half-point bye",
        );
        let page = String::from_utf8(org3.bytes(&format!("/t/{event3}/manage/players")).2).unwrap();
        assert!(!page.contains("id=\"not-fide\""), "[{label}] still FIDE");

        // The tie-break list after the start.
        let (tid, org, _) = event(app, "fide3", "Tie-breaks");
        let send = (
            reqwest::Method::PATCH,
            format!("/api/v1/tournaments/{tid}"),
            json!({"changes": {"tiebreaks": ["SB", "BH"]}}),
        );
        refused_then_confirmed(
            app,
            &org,
            tid,
            send,
            "the tie-breaks changed after the start",
        );
        // Other regulations stay fixed after the start, in or out of FIDE mode.
        let (status, _) = org.patch(
            &format!("/api/v1/tournaments/{tid}"),
            json!({"changes": {"rounds": 9}, "warning_read": true, "leave_fide_mode": true}),
        );
        assert_eq!(status.as_u16(), 409, "[{label}] rounds stay fixed");

        // A point system where two draws outweigh a win and a loss: refused at
        // creation, asked in the settings.
        let org = app.user("fide4");
        let (status, body) = org.post(
            "/api/v1/tournaments",
            json!({"name": "Football points", "points": {"win": 2.0, "draw": 1.5, "loss": 0.0, "forfeit_win": 2.0, "forfeit_loss": 0.0, "pairing_bye": 2.0, "full_bye": 2.0, "half_bye": 1.0, "zero_bye": 0.0}}),
        );
        assert_eq!(status.as_u16(), 422, "[{label}] {body}");
        let t = org.created_tournament(json!({"name": "Points", "rounds": 5}));
        let tid = t["id"].as_i64().unwrap();
        let mut points = t["regulations"]["points"].clone();
        points["win"] = json!(2.0);
        points["draw"] = json!(1.5);
        let send = (
            reqwest::Method::PATCH,
            format!("/api/v1/tournaments/{tid}"),
            json!({"changes": {"points": points}}),
        );
        refused_then_confirmed(app, &org, tid, send, "a point system where two draws");
    });
}

/// The same through the pages: the swap asks with two boxes, the confirmed
/// swap is done and the round screen says "not FIDE mode".
#[test]
fn the_pages_ask_twice() {
    on_each_backend(|app, label| {
        let (tid, _org, _) = event(app, "fidepage", "Pages");
        let f = app.form_user("fidepage");
        let screen = format!("/t/{tid}/manage/rounds/1");
        let csrf = f.csrf(&screen);
        let swap = format!("/t/{tid}/manage/rounds/1/swap");
        let (status, _, body) = f.post(&swap, &[("csrf", &csrf), ("colours", "1")]);
        assert_eq!(status, 422, "[{label}] {body}");
        assert!(
            body.contains("id=\"fide-confirm\"") && body.contains("name=\"colours\" value=\"1\""),
            "[{label}] {body}"
        );
        let (status, _, body) = f.post(
            &swap,
            &[("csrf", &csrf), ("colours", "1"), ("warning_read", "1")],
        );
        assert_eq!(status, 422, "[{label}] one box is not enough: {body}");
        let (status, _, body) = f.post(
            &swap,
            &[
                ("csrf", &csrf),
                ("colours", "1"),
                ("a", ""),
                ("b", ""),
                ("warning_read", "1"),
                ("leave_fide_mode", "1"),
            ],
        );
        assert_eq!(status, 200, "[{label}] {body}");
        assert!(body.contains("id=\"not-fide\""), "[{label}] the indicator");
        // The check of the edit names the board's players by name and
        // number and the colour rule (art. 5.2), in the viewer's language.
        let said = |body: &str, words: &str| {
            let list = body.split("role=\"alert\"").nth(1).unwrap_or_default();
            assert!(list.contains(words), "[{label}] {words}: {body}");
            assert!(list.contains("<strong>E"), "[{label}] the rule: {list}");
        };
        said(&body, "1): the colours are ");
        f.get("/lang/pl");
        let (status, _, body) = f.post(&swap, &[("csrf", &csrf), ("colours", "2")]);
        assert_eq!(status, 200, "[{label}] {body}");
        said(&body, "1): według art. 5.2 kolory to ");
    });
}
