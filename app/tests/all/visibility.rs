//! Who sees what (the audience rule of `app/src/domain/audience.rs`), on SQLite
//! and PostgreSQL: with round 2 paired but not published, every GET route of
//! the API's route table and of the pages' route table — JSON, pages, PDF, PGN
//! and TRF — answers the public (anonymous, and a logged-in user who is not
//! staff of the tournament) exactly as it did before round 2 was paired, and
//! every address naming a game of round 2 is "not found". The staff see round 2.
//!
//! Round 2 has a pairing-allocated bye (7 players), which is scored when it is
//! paired: standings, crosstable and player cards would change if they counted
//! the unpublished round.

use crate::common;

use common::{backends, Client, TestApp};
use reqwest::StatusCode;
use serde_json::{json, Value};
use std::collections::BTreeMap;

const NAMES: [&str; 7] = [
    "Alfa, Adam",
    "Bravo, Bogna",
    "Charlie, Cezary",
    "Delta, Dorota",
    "Echo, Emil",
    "Foxtrot, Franciszka",
    "Golf, Gustaw",
];

const RESULTS: [&str; 3] = ["1-0", "½-½", "0-1"];

struct Event {
    tid: i64,
    org: Client,
    players: Vec<i64>,
    round1_games: Vec<i64>,
}

/// A 7-player Swiss with round 1 published and played: results, one game with
/// moves, one penalty with an internal note.
fn round_one(app: &TestApp) -> Event {
    let org = app.user("organiser");
    let t = org.ok(
        org.post(
            "/api/v1/tournaments",
            json!({"name": "Visibility Open", "rounds": 4, "start_date": "2026-05-01", "end_date": "2026-05-03"}),
        ),
        201,
        "create",
    );
    let tid = t["id"].as_i64().unwrap();
    let mut players = vec![];
    for (i, name) in NAMES.iter().enumerate() {
        let p = org.ok(
            org.post(
                &format!("/api/v1/tournaments/{tid}/players"),
                json!({"name": name, "rating": 2300 - 40 * i as i64}),
            ),
            201,
            "register",
        );
        players.push(p["id"].as_i64().unwrap());
    }
    org.ok(
        org.post(&format!("/api/v1/tournaments/{tid}/rounds"), json!({})),
        201,
        "pair 1",
    );
    org.ok(
        org.post(
            &format!("/api/v1/tournaments/{tid}/rounds/1/publish"),
            json!({}),
        ),
        200,
        "publish 1",
    );
    let r1 = org.get(&format!("/api/v1/tournaments/{tid}/rounds/1")).1;
    let mut round1_games = vec![];
    for (i, g) in r1["games"].as_array().unwrap().iter().enumerate() {
        let gid = g["id"].as_i64().unwrap();
        round1_games.push(gid);
        if g["black"].is_null() {
            continue;
        }
        if i == 0 {
            org.ok(
                org.post(
                    &format!("/api/v1/tournaments/{tid}/games/{gid}/penalties"),
                    json!({"player_id": g["black"]["id"], "kind": "warning",
                           "note": "INTERNAL-NOTE phone rang", "version": g["version"]}),
                ),
                201,
                "penalty",
            );
            org.ok(
                org.put(
                    &format!("/api/v1/tournaments/{tid}/games/{gid}/moves"),
                    json!({"format": "scoresheet", "text": "1.e4 e5 2.Bc4 Nc6 3.Qh5 Nf6 4.Qxf7#"}),
                ),
                200,
                "moves",
            );
        }
        let version = org.get(&format!("/api/v1/tournaments/{tid}/games/{gid}")).1["version"]
            .as_i64()
            .unwrap();
        org.ok(
            org.put(
                &format!("/api/v1/tournaments/{tid}/games/{gid}/result"),
                json!({"result": RESULTS[i % 3], "version": version}),
            ),
            200,
            "result",
        );
    }
    Event {
        tid,
        org,
        players,
        round1_games,
    }
}

/// Every GET path of both route tables, made concrete for this event. `{n}`
/// takes rounds 1–3 and `{gid}` the games in `gids`.
fn addresses(ev: &Event, gids: &[i64]) -> Vec<String> {
    let mut templates: Vec<&'static str> = app::web::api::routes()
        .into_iter()
        .chain(app::web::pages::routes())
        .filter(|r| r.method.as_str() == "GET")
        .map(|r| r.path)
        .collect();
    templates.sort();
    templates.dedup();
    let mut out = vec![];
    for t in templates {
        // The live stream never ends; it carries only a version number.
        if t.ends_with("/live") {
            continue;
        }
        let mut variants = vec![t
            .replace("{tid}", &ev.tid.to_string())
            .replace("{code}", "en")
            .replace("{file}", "arbiter.js")
            .replace("{aid}", "1")
            .replace("{team}", "1")];
        for (key, values) in [
            ("{n}", vec![1, 2, 3]),
            ("{gid}", gids.to_vec()),
            ("{pid}", ev.players.clone()),
        ] {
            variants = variants
                .into_iter()
                .flat_map(|v| {
                    if v.contains(key) {
                        values
                            .iter()
                            .map(|x| v.replace(key, &x.to_string()))
                            .collect::<Vec<_>>()
                    } else {
                        vec![v]
                    }
                })
                .collect();
        }
        out.extend(variants);
    }
    out
}

/// What a reader gets: status and body, with the parts that differ between two
/// identical requests taken out (a PDF's creation date is read as its text).
fn answer(c: &Client, path: &str) -> (u16, String) {
    let (status, ct, body) = c.bytes(path);
    let text = if ct.starts_with("application/pdf") {
        pdf_text(&body)
    } else if let Ok(Value::Object(mut m)) = serde_json::from_slice::<Value>(&body) {
        // An error's request id differs on every request (app/src/web/ops.rs).
        m.remove("request_id");
        Value::Object(m).to_string()
    } else {
        String::from_utf8_lossy(&body).into_owned()
    };
    (status.as_u16(), text)
}

fn pdf_text(pdf: &[u8]) -> String {
    let dir = std::env::temp_dir().join(format!(
        "arbiter_visibility_{}_{}",
        std::process::id(),
        pdf.len()
    ));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("x.pdf");
    std::fs::write(&file, pdf).unwrap();
    let out = std::process::Command::new("pdftotext")
        .arg(&file)
        .arg("-")
        .output();
    let _ = std::fs::remove_dir_all(&dir);
    match out {
        Ok(o) if o.status.success() => String::from_utf8_lossy(&o.stdout).into_owned(),
        // Without pdftotext: the bytes without the dates (printpdf writes them
        // in the info dictionary and the XMP packet).
        _ => String::from_utf8_lossy(pdf)
            .lines()
            .filter(|l| !l.contains("Date") && !l.contains("xmp:") && !l.contains("/ID"))
            .collect::<Vec<_>>()
            .join("\n"),
    }
}

fn snapshot(c: &Client, paths: &[String]) -> BTreeMap<String, (u16, String)> {
    paths.iter().map(|p| (p.clone(), answer(c, p))).collect()
}

fn differences(
    before: &BTreeMap<String, (u16, String)>,
    after: &BTreeMap<String, (u16, String)>,
) -> Vec<String> {
    before
        .iter()
        .filter(|(p, a)| after.get(*p) != Some(a))
        .map(|(p, a)| {
            let b = &after[p];
            format!(
                "{p}: {} → {} ({} bytes → {} bytes)",
                a.0,
                b.0,
                a.1.len(),
                b.1.len()
            )
        })
        .collect()
}

/// The public's view of round 2 itself: the round exists, but has no boards.
fn round_two_is_empty(who: &str, path: &str, status: u16, body: &str, round2: &[i64]) {
    if status == 404 || status == 401 || status == 403 {
        return;
    }
    assert_eq!(status, 200, "{who} {path}");
    if let Ok(v) = serde_json::from_str::<Value>(body) {
        assert_eq!(v["games"], json!([]), "{who} {path}: {v}");
        return;
    }
    for name in NAMES {
        assert!(
            !body.contains(name),
            "{who} {path}: a player's name on the page of the unpublished round"
        );
    }
    for gid in round2 {
        assert!(
            !body.contains(&format!("/games/{gid}\"")),
            "{who} {path}: a link to game {gid} of the unpublished round"
        );
    }
}

#[test]
fn an_unpublished_round_shows_nowhere_to_the_public() {
    for backend in backends() {
        let app = TestApp::start(backend);
        let ev = round_one(&app);
        let tid = ev.tid;
        let anonymous = app.client();
        let outsider = app.user("outsider");
        // Someone else's tournament: the outsider is staff there, not here.
        outsider.ok(
            outsider.post("/api/v1/tournaments", json!({"name": "Other"})),
            201,
            "the outsider's own tournament",
        );

        let before_paths = addresses(&ev, &ev.round1_games);
        let before: Vec<_> = [&anonymous, &outsider]
            .iter()
            .map(|c| snapshot(c, &before_paths))
            .collect();
        // A second look changes nothing (nothing volatile is compared).
        assert_eq!(
            differences(&before[0], &snapshot(&anonymous, &before_paths)),
            Vec::<String>::new(),
            "{}: two reads of the same state differ",
            app.label()
        );

        ev.org.ok(
            ev.org
                .post(&format!("/api/v1/tournaments/{tid}/rounds"), json!({})),
            201,
            "pair 2",
        );
        let r2 = ev.org.get(&format!("/api/v1/tournaments/{tid}/rounds/2")).1;
        let round2: Vec<i64> = r2["games"]
            .as_array()
            .expect("the staff see round 2")
            .iter()
            .map(|g| g["id"].as_i64().unwrap())
            .collect();
        assert_eq!(round2.len(), 4, "3 boards and a bye: {r2}");
        assert!(
            r2["games"]
                .as_array()
                .unwrap()
                .iter()
                .any(|g| g["black"].is_null()),
            "round 2 has a bye"
        );

        // Whatever the staff store for a game of round 2 stays theirs too.
        let first = r2["games"]
            .as_array()
            .unwrap()
            .iter()
            .find(|g| !g["black"].is_null())
            .unwrap()["id"]
            .as_i64()
            .unwrap();
        ev.org.ok(
            ev.org.put(
                &format!("/api/v1/tournaments/{tid}/games/{first}/moves"),
                json!({"format": "scoresheet", "text": "1.d4 d5 2.c4"}),
            ),
            200,
            "moves of an unpublished game",
        );
        let mut all_games = ev.round1_games.clone();
        all_games.extend(&round2);
        let after_paths = addresses(&ev, &all_games);
        let mut checked = 0;
        for (who, c, before) in [
            ("anonymous", &anonymous, &before[0]),
            ("outsider", &outsider, &before[1]),
        ] {
            let after = snapshot(c, &before_paths);
            // Round 2 itself (`{n}` = 2) existed as "not found" before; it may
            // now say that it is paired, without a board.
            let (own, rest): (BTreeMap<_, _>, BTreeMap<_, _>) = before
                .clone()
                .into_iter()
                .partition(|(p, _)| p.contains("/rounds/2"));
            let diffs = differences(&rest, &after);
            assert!(
                diffs.is_empty(),
                "{} {who}: the public's answers changed when round 2 was paired:\n{}",
                app.label(),
                diffs.join("\n")
            );
            for p in own.keys() {
                let (status, body) = &after[p];
                round_two_is_empty(who, p, *status, body, &round2);
            }
            for p in after_paths.iter().filter(|p| !before_paths.contains(p)) {
                let (status, body) = answer(c, p);
                // Refused, or a page that names nobody (the login form).
                let refused = matches!(status, 401 | 403 | 404)
                    || (p.contains("/manage/") && !NAMES.iter().any(|n| body.contains(n)));
                assert!(
                    refused,
                    "{} {who}: {p} answered {status} for a game of the unpublished round: {}",
                    app.label(),
                    &body[..body.len().min(300)]
                );
                checked += 1;
            }
            checked += before_paths.len();
        }
        // The staff do see round 2, on the same addresses.
        for gid in &round2 {
            let (status, _) = ev
                .org
                .get(&format!("/api/v1/tournaments/{tid}/games/{gid}"));
            assert_eq!(status, StatusCode::OK, "staff read game {gid}");
        }
        let page = ev.org.bytes(&format!("/t/{tid}/rounds/2"));
        let page = String::from_utf8_lossy(&page.2);
        assert!(
            NAMES.iter().filter(|n| page.contains(*n)).count() == NAMES.len(),
            "the staff's round page shows every board of round 2"
        );
        // The internal note of a penalty is for the staff.
        let g = ev.round1_games[0];
        let public = anonymous.get(&format!("/api/v1/tournaments/{tid}/games/{g}/penalties"));
        assert_eq!(public.0, StatusCode::OK);
        assert!(
            !public.1.to_string().contains("INTERNAL-NOTE"),
            "{}",
            public.1
        );
        let staff = ev
            .org
            .get(&format!("/api/v1/tournaments/{tid}/games/{g}/penalties"));
        assert!(staff.1.to_string().contains("INTERNAL-NOTE"), "{}", staff.1);
        println!(
            "{}: {checked} public answers checked, {} round-2 games hidden",
            app.label(),
            round2.len()
        );
    }
}
