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

use common::build::EventBuilder;
use common::{on_each_backend, Client, TestApp};
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
    let e = NAMES
        .iter()
        .enumerate()
        .fold(
            EventBuilder::swiss(&org)
                .named("Visibility Open")
                .rounds(4)
                .with(json!({"start_date": "2026-05-01", "end_date": "2026-05-03"})),
            |e, (i, name)| e.player(json!({"name": name, "rating": 2300 - 40 * i as i64})),
        )
        .publish(1)
        .build();
    let tid = i64::from(e.tid);
    let players: Vec<i64> = e.players.iter().map(|&p| i64::from(p)).collect();
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
            org.set_moves(tid, gid, "1.e4 e5 2.Bc4 Nc6 3.Qh5 Nf6 4.Qxf7#");
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
    on_each_backend(|app, _| {
        let ev = round_one(app);
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
        ev.org.set_moves(tid, first, "1.d4 d5 2.c4");
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
    });
}

/// The team players' names (every roster is public: the names are not the
/// secret, the line-ups of the unpublished round are).
fn team_player(team: usize, k: usize) -> String {
    format!("Squad{team} Player{k}")
}

/// A team Swiss of five teams (a pairing-allocated bye every round, scored
/// when the round is paired) with a board prize, round 1 published and
/// played; team 1's captain is the user `skipper`.
fn team_round_one(app: &TestApp, org: Client) -> Event {
    let tid = i64::from(
        EventBuilder::swiss(&org)
            .named("Visibility Teams")
            .rounds(1)
            .build()
            .tid,
    );
    org.team_event(tid, json!({"system": "swiss", "boards": 2, "rounds": 3}));
    let _ = app.user("skipper");
    for team in 1..=5 {
        org.add_team(
            tid,
            json!({"name": format!("Squad {team}"),
                       "captain_username": if team == 1 { "skipper" } else { "" },
                       "roster": (1..=3).map(|k| json!({"name": team_player(team, k),
                                                         "rating": 2200 - 50 * team - k}))
                                        .collect::<Vec<_>>()}),
        );
    }
    // A board prize, as the organizer sets one: the prize pages, printout and
    // JSON read the board statistics and the rounds the reader sees.
    org.ok(
        org.put(
            &format!("/api/v1/tournaments/{tid}/prizes"),
            json!({"table": {"categories": [{
                       "name": "Board 1",
                       "kind": {"type": "board", "board": 1, "min_games": 1},
                       "prizes": [3000, 2000]}],
                    "currency": "EUR"},
                   "version": 0}),
        ),
        200,
        "board prizes",
    );
    org.ok(
        org.post(&format!("/api/v1/tournaments/{tid}/team-rounds"), json!({})),
        201,
        "pair 1",
    );
    org.publish_team_round(tid, 1);
    team_lineups(&org, tid, 1);
    let r1 = org
        .get(&format!("/api/v1/tournaments/{tid}/team-rounds/1"))
        .1;
    let mut results = vec![];
    for m in r1["matches"].as_array().unwrap() {
        results.push(json!({"match": m["number"], "board": 1, "result": "1-0"}));
        results.push(json!({"match": m["number"], "board": 2, "result": "½-½"}));
    }
    org.ok(
        org.put(
            &format!("/api/v1/tournaments/{tid}/team-rounds/1/results"),
            json!({ "results": results }),
        ),
        200,
        "results 1",
    );
    Event {
        tid,
        org,
        players: vec![],
        round1_games: vec![],
    }
}

/// The arbiter enters every line-up of round `n`: boards 1 and 2 from the
/// roster places 1 and 2 (round 1) or 2 and 3 (later rounds).
fn team_lineups(org: &Client, tid: i64, n: i64) {
    let r = org
        .get(&format!("/api/v1/tournaments/{tid}/team-rounds/{n}"))
        .1;
    let places = if n == 1 { json!([1, 2]) } else { json!([2, 3]) };
    for m in r["matches"].as_array().expect("the staff see the round") {
        for side in ["home", "away"] {
            let team = &m[side]["number"];
            org.ok(
                org.put(
                    &format!("/api/v1/tournaments/{tid}/team-rounds/{n}/lineups/{team}"),
                    json!({ "players": places }),
                ),
                200,
                "line-up",
            );
        }
    }
}

/// The first bytes of the live stream (it never ends): what a reader gets
/// in a second.
fn live_start(base: &str, tid: i64) -> String {
    use std::io::Read;
    let client = reqwest::blocking::Client::builder()
        .timeout(std::time::Duration::from_millis(1200))
        .build()
        .unwrap();
    let mut out = Vec::new();
    if let Ok(mut res) = client.get(format!("{base}/t/{tid}/live")).send() {
        let mut buf = [0u8; 1024];
        while let Ok(n) = res.read(&mut buf) {
            if n == 0 {
                break;
            }
            out.extend_from_slice(&buf[..n]);
        }
    }
    String::from_utf8_lossy(&out).into_owned()
}

/// The team event's who-sees-what, on the same walk of every GET route: with
/// team round 2 paired (with a bye scored at pairing) and every line-up of
/// it entered by the arbiter, but not published, every answer to an
/// anonymous reader, a logged-in user who is not staff here, and team 1's
/// captain (his team plays in round 2 or has its bye) is exactly what it was
/// before round 2 was paired: no match, board or line-up of round 2 shows
/// on any page, JSON, PDF, PGN or TRF export, nor in the board prizes. The
/// live stream carries nothing but a version number. The staff see round 2.
#[test]
fn an_unpublished_team_round_shows_nowhere_to_the_public() {
    on_each_backend(|app, label| {
        let ev = team_round_one(app, app.user("organiser"));
        let tid = ev.tid;
        let anonymous = app.client();
        let outsider = app.user("outsider");
        let mut captain = app.client();
        captain.login("skipper", common::USER_PASSWORD);
        let paths = addresses(&ev, &[]);
        assert!(
            paths.iter().any(|p| p.contains("/team-rounds/2")),
            "the walk reaches the team rounds"
        );
        let readers = [
            ("anonymous", &anonymous),
            ("outsider", &outsider),
            ("captain", &captain),
        ];
        let before: Vec<_> = readers.iter().map(|(_, c)| snapshot(c, &paths)).collect();
        // The walk reads the prize table with its board category.
        let prizes = format!("/api/v1/tournaments/{tid}/prizes");
        assert!(
            before[0][&prizes].1.contains("Board 1"),
            "{label}: the walk reads the board prize table: {:?}",
            before[0][&prizes]
        );

        ev.org.ok(
            ev.org
                .post(&format!("/api/v1/tournaments/{tid}/team-rounds"), json!({})),
            201,
            "pair 2",
        );
        team_lineups(&ev.org, tid, 2);
        let r2 = ev
            .org
            .get(&format!("/api/v1/tournaments/{tid}/team-rounds/2"))
            .1;
        assert_eq!(r2["matches"].as_array().unwrap().len(), 2, "{r2}");
        assert!(!r2["bye"].is_null(), "round 2 has a bye: {r2}");
        assert!(
            r2["matches"][0]["boards"][0]["home"]["name"].is_string(),
            "the staff see the line-ups: {r2}"
        );
        let mut checked = 0;
        for ((who, c), before) in readers.iter().zip(&before) {
            let after = snapshot(c, &paths);
            let diffs = differences(before, &after);
            assert!(
                diffs.is_empty(),
                "{label} {who}: the answers changed when team round 2 was paired:\n{}",
                diffs.join("\n")
            );
            checked += paths.len();
        }
        let live = live_start(&app.base, tid);
        assert!(
            live.starts_with("retry:"),
            "{label}: the live stream: {live:?}"
        );
        for line in live.lines().filter(|l| !l.is_empty()) {
            assert!(
                line.starts_with("retry:")
                    || line.starts_with(": keep-alive")
                    || line == "event: update"
                    || line
                        .strip_prefix("data: ")
                        .is_some_and(|d| d.parse::<u64>().is_ok()),
                "{label}: the live stream carries more than a version: {line:?}"
            );
        }
        // The staff's prize list counts round 2 (the public's does not).
        let staff = ev.org.get(&prizes).1;
        assert_eq!(staff["after_round"], 2, "{label}: {staff}");
        // The staff see round 2 on the public addresses too.
        let page = ev.org.bytes(&format!("/t/{tid}/teams/rounds/2"));
        assert_eq!(page.0, StatusCode::OK);
        let page = String::from_utf8_lossy(&page.2);
        assert!(
            page.contains(&team_player(1, 2)) || page.contains(&team_player(2, 2)),
            "{label}: the staff's round page shows the line-ups"
        );
        println!("{label}: {checked} public team answers checked");
    });
}

/// Issue 41: personal data stays with the staff. The public (anonymous, and a
/// logged-in user who is not staff here) sees of a player name, title,
/// federation, rating, FIDE id and at most the year of birth: on every GET
/// route of both route tables no full birth date (in any of the forms the
/// answers write one), no bye note, no penalty note, no e-mail and no pending
/// entry; and the public entry form's duplicate check names nobody.
#[test]
fn personal_data_shows_nowhere_to_the_public() {
    on_each_backend(|app, label| {
        let org = app.user("organiser");
        let tid = org.create_tournament(json!({"name": "Private Open", "rounds": 4, "start_date": "2026-05-01", "end_date": "2026-05-03"}));
        // Birth dates whose month and day cannot be taken for anything else.
        let born = |i: usize| (1961 + i, 7, 13 + i);
        let mut secrets: Vec<String> = vec![];
        let mut players = vec![];
        for (i, name) in NAMES.iter().enumerate() {
            let (y, m, d) = born(i);
            let p = org.add_player(
                tid,
                json!({"name": name, "rating": 2300 - 40 * i as i64,
                           "fide_id": 9_100_000 + i as i64,
                           "birth_date": format!("{y}-{m:02}-{d:02}")}),
            );
            players.push(p["id"].as_i64().unwrap());
            secrets.extend([
                format!("{y}-{m:02}-{d:02}"),
                format!("{y}/{m:02}/{d:02}"),
                format!("{d:02}.{m:02}.{y}"),
                format!("{d}.{m}.{y}"),
            ]);
        }
        org.ok(
            org.post(
                &format!("/api/v1/tournaments/{tid}/players/{}/byes", players[6]),
                json!({"round": 3, "note": "PRIVATE-BYE-NOTE exam at school"}),
            ),
            201,
            "a requested bye with a note",
        );
        secrets.push("PRIVATE-BYE-NOTE".into());
        org.ok(
            org.put(
                &format!("/api/v1/tournaments/{tid}/entry-form"),
                json!({"is_open": true}),
            ),
            200,
            "open the entry form",
        );
        let anonymous = app.client();
        anonymous.ok(
            anonymous.post(
                &format!("/api/v1/tournaments/{tid}/entries"),
                json!({"name": "Pending, Pamela", "birth_date": "1977-11-29",
                       "email": "pamela.private@example.org"}),
            ),
            201,
            "an online entry",
        );
        secrets.extend([
            "1977-11-29".to_string(),
            "pamela.private@example.org".to_string(),
            "Pending, Pamela".to_string(),
        ]);
        // The duplicate check on the public form: refused, naming nobody.
        for (name, year, other) in [
            ("alfa adam", "1961", "Alfa, Adam"),
            ("pamela pending", "1977", "Pending, Pamela"),
        ] {
            let (s, v) = anonymous.post(
                &format!("/api/v1/tournaments/{tid}/entries"),
                json!({"name": name, "birth_date": year}),
            );
            assert_eq!(s.as_u16(), 422, "[{label}] a duplicate: {v}");
            let text = v.to_string();
            assert!(
                !text.contains(other) && !secrets.iter().any(|x| text.contains(x.as_str())),
                "[{label}] the entry form's error tells another person's data: {text}"
            );
        }
        // Round 1 paired and published, with a penalty's internal note.
        org.pair_round(tid);
        org.publish_round(tid, 1);
        let r1 = org.get(&format!("/api/v1/tournaments/{tid}/rounds/1")).1;
        let round1_games: Vec<i64> = r1["games"]
            .as_array()
            .unwrap()
            .iter()
            .map(|g| g["id"].as_i64().unwrap())
            .collect();
        let g = &r1["games"][0];
        org.ok(
            org.post(
                &format!("/api/v1/tournaments/{tid}/games/{}/penalties", g["id"]),
                json!({"player_id": g["black"]["id"], "kind": "warning",
                       "note": "PRIVATE-PENALTY-NOTE", "version": g["version"]}),
            ),
            201,
            "penalty",
        );
        secrets.push("PRIVATE-PENALTY-NOTE".into());

        // The staff see what they need.
        let staff_players = org
            .get(&format!("/api/v1/tournaments/{tid}/players"))
            .1
            .to_string();
        assert!(
            staff_players.contains("1961-07-13"),
            "[{label}] {staff_players}"
        );
        let staff_byes = org
            .get(&format!("/api/v1/tournaments/{tid}/byes"))
            .1
            .to_string();
        assert!(
            staff_byes.contains("PRIVATE-BYE-NOTE"),
            "[{label}] {staff_byes}"
        );
        let staff_entries = org
            .get(&format!("/api/v1/tournaments/{tid}/entries"))
            .1
            .to_string();
        assert!(
            staff_entries.contains("pamela.private@example.org"),
            "[{label}]"
        );
        let trf = String::from_utf8(
            org.bytes(&format!("/api/v1/tournaments/{tid}/export.trf"))
                .2,
        )
        .unwrap();
        assert!(
            trf.contains("1961/07/13"),
            "[{label}] the staff's TRF: {trf}"
        );

        // The public: every GET route.
        let outsider = app.user("outsider");
        outsider.ok(
            outsider.post("/api/v1/tournaments", json!({"name": "Other"})),
            201,
            "the outsider's own tournament",
        );
        let ev = Event {
            tid,
            org,
            players,
            round1_games: round1_games.clone(),
        };
        let paths = addresses(&ev, &round1_games);
        let mut leaks = vec![];
        for (who, c) in [("anonymous", &anonymous), ("outsider", &outsider)] {
            for p in &paths {
                let (status, body) = answer(c, p);
                for s in &secrets {
                    if body.contains(s.as_str()) {
                        leaks.push(format!("{who} {p} ({status}): {s}"));
                    }
                }
            }
        }
        assert!(
            leaks.is_empty(),
            "[{label}] personal data in public answers:\n{}",
            leaks.join("\n")
        );
        // The public still sees the year.
        let public = anonymous
            .get(&format!("/api/v1/tournaments/{tid}/players"))
            .1;
        assert_eq!(public[0]["birth_date"], "1961", "[{label}] {public}");
        println!(
            "{label}: {} public answers checked for {} secrets",
            2 * paths.len(),
            secrets.len()
        );
    });
}
