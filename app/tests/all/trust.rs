//! What an arbiter under pressure relies on, on SQLite and PostgreSQL: a result
//! that contradicts the stored moves is not taken without confirmation; the
//! creator of a tournament runs it without appointing himself; the public
//! pages link to their printouts; standings say "provisional" while results
//! are missing; the player card prints forfeits as `+` and `−`.

use crate::common;

use common::{backends, on_each_backend, Client, TestApp};
use serde_json::{json, Value};

/// A 4-player Swiss by `user`, round 1 paired and published.
fn event(app: &TestApp, user: &str) -> (i64, Client, Vec<Value>) {
    let org = app.user(user);
    let tid = org.create_tournament(json!({"name": "Trust Open", "rounds": 3}));
    for (i, name) in ["Kowalski, Jan", "Nowak, Anna", "Wójcik, Piotr", "Lis, Ewa"]
        .iter()
        .enumerate()
    {
        org.add_player(tid, json!({"name": name, "rating": 2200 - 50 * i as i64}));
    }
    // No appointment: the creator is the arbiter.
    org.pair_round(tid);
    org.publish_round(tid, 1);
    let games = org.get(&format!("/api/v1/tournaments/{tid}/rounds/1")).1["games"]
        .as_array()
        .unwrap()
        .clone();
    (tid, org, games)
}

#[test]
fn a_result_against_the_moves_needs_confirmation() {
    on_each_backend(|app, _| {
        let (tid, org, games) = event(app, "confirmer");
        let gid = games[0]["id"].as_i64().unwrap();
        // Scholar's mate: White mates on move 4.
        org.set_moves(tid, gid, "1.e4 e5 2.Bc4 Nc6 3.Qh5 Nf6 4.Qxf7#");
        let audit = app.audit_count();
        let (status, body) = org.put(
            &format!("/api/v1/tournaments/{tid}/games/{gid}/result"),
            json!({"result": "0-1", "version": 1}),
        );
        assert_eq!(status.as_u16(), 422, "[{}] {body}", app.label());
        assert_eq!(body["field"], "confirm", "{body}");
        let why = body["error"].as_str().unwrap();
        assert!(why.contains("checkmate") && why.contains("1-0"), "{why}");
        assert_eq!(app.audit_count(), audit, "nothing stored");
        let g = org.get(&format!("/api/v1/tournaments/{tid}/games/{gid}")).1;
        assert_eq!(g["result"], "*");
        // The result the moves give needs no confirmation; a confirmed
        // contradiction is taken.
        let g = org.ok(
            org.put(
                &format!("/api/v1/tournaments/{tid}/games/{gid}/result"),
                json!({"result": "0-1", "version": 1, "confirm": true}),
            ),
            200,
            "confirmed",
        );
        assert_eq!(g["result"], "0-1");
        let other = games[1]["id"].as_i64().unwrap();
        org.ok(
            org.put(
                &format!("/api/v1/tournaments/{tid}/games/{other}/result"),
                json!({"result": "0-1", "version": 1}),
            ),
            200,
            "no moves, no question",
        );
    });
}

#[test]
fn pages_link_to_printouts_and_standings_say_provisional() {
    on_each_backend(|app, _| {
        let (tid, org, games) = event(app, "printer");
        let visitor = app.client();
        let round = String::from_utf8(visitor.bytes(&format!("/t/{tid}/rounds/1")).2).unwrap();
        for pdf in [
            "/rounds/1/pairings.pdf",
            "/rounds/1/pairings-by-name.pdf",
            "/rounds/1/results.pdf",
        ] {
            let href = format!("/api/v1/tournaments/{tid}{pdf}");
            assert!(
                round.contains(&href),
                "[{}] the round page links {href}",
                app.label()
            );
            let (status, ct, bytes) = visitor.bytes(&href);
            assert_eq!(status.as_u16(), 200, "{href}");
            assert!(
                ct.starts_with("application/pdf") && bytes.starts_with(b"%PDF"),
                "{href}"
            );
        }
        let standings = String::from_utf8(visitor.bytes(&format!("/t/{tid}/standings")).2).unwrap();
        assert!(standings.contains(&format!("/api/v1/tournaments/{tid}/standings.pdf")));
        assert!(standings.contains("provisional"), "results are missing");
        let st = visitor
            .get(&format!("/api/v1/tournaments/{tid}/standings"))
            .1;
        assert_eq!(st["provisional"], true, "{st}");

        // Board 1 a forfeit, board 2 played: the round is complete.
        let g1 = &games[0];
        let g2 = &games[1];
        org.set_result(tid, g1, "-/+");
        org.set_result(tid, g2, "½-½");
        let st = visitor
            .get(&format!("/api/v1/tournaments/{tid}/standings"))
            .1;
        assert_eq!(st["provisional"], false, "{st}");
        let standings = String::from_utf8(visitor.bytes(&format!("/t/{tid}/standings")).2).unwrap();
        assert!(!standings.contains("provisional"), "complete");

        // The player cards: Black won by forfeit (`+`), White lost by it (`−`).
        if let Some(text) = pdf_text(
            &visitor,
            &format!(
                "/api/v1/tournaments/{tid}/players/{}/card.pdf",
                g1["black"]["id"]
            ),
        ) {
            assert!(!text.contains("+//") && !text.contains("//+"), "{text}");
            assert!(text.split_whitespace().any(|w| w == "+"), "{text}");
            let loser = pdf_text(
                &visitor,
                &format!(
                    "/api/v1/tournaments/{tid}/players/{}/card.pdf",
                    g1["white"]["id"]
                ),
            )
            .unwrap();
            assert!(loser.split_whitespace().any(|w| w == "−"), "{loser}");
        }
        // The list by name names everyone with his board.
        if let Some(text) = pdf_text(
            &visitor,
            &format!("/api/v1/tournaments/{tid}/rounds/1/pairings-by-name.pdf"),
        ) {
            let kowalski = text.find("Kowalski, Jan").expect("Kowalski");
            let lis = text.find("Lis, Ewa").expect("Lis");
            let nowak = text.find("Nowak, Anna").expect("Nowak");
            assert!(kowalski < lis && lis < nowak, "alphabetical: {text}");
        }
    });
}

/// The text of a PDF by pdftotext, or None (with a SKIPPED line) without it.
fn pdf_text(c: &Client, path: &str) -> Option<String> {
    let (status, _, bytes) = c.bytes(path);
    assert_eq!(status.as_u16(), 200, "{path}");
    let dir = std::env::temp_dir().join(format!(
        "arbiter_trust_{}_{}",
        std::process::id(),
        bytes.len()
    ));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("x.pdf");
    std::fs::write(&file, &bytes).unwrap();
    let out = std::process::Command::new("pdftotext")
        .args(["-layout"])
        .arg(&file)
        .arg("-")
        .output();
    let _ = std::fs::remove_dir_all(&dir);
    match out {
        Ok(o) if o.status.success() => Some(String::from_utf8_lossy(&o.stdout).into_owned()),
        _ => {
            assert!(
                std::env::var("ARBITER_REQUIRE_TOOLS").as_deref() != Ok("1"),
                "pdftotext is required"
            );
            println!("SKIPPED: pdftotext not installed ({path})");
            None
        }
    }
}

/// The players screen without JavaScript: a CSV with a header line and two
/// wrong lines names both and imports nothing; a likely duplicate asks first;
/// a player is corrected (the list says what changed), a mistaken registration
/// removed, a withdrawal taken back; every message says what happened; an
/// address left by a refused form reloads to its screen.
#[test]
fn organizers_fix_the_entry_list() {
    on_each_backend(|app, label| {
        let api = app.user("fixer");
        let tid = api.create_tournament(json!({"name": "Fix Open", "rounds": 5}));
        let f = app.form_user("fixer");
        let csrf = f.csrf(&format!("/t/{tid}/manage/players"));
        let before = app.audit_count();

        let bad =
            "Name; Rating; Title\nKowalski, Jan; 2200\nNowak, Anna; lots\nLis, Ewa; 2100; XX\n";
        let (status, _, body) = f.post(
            &format!("/t/{tid}/manage/import"),
            &[("csrf", &csrf), ("csv", bad)],
        );
        assert_eq!(status, 422, "[{label}] {body}");
        assert!(
            body.contains("line 3") && body.contains("line 4") && !body.contains("line 1:"),
            "[{label}] every wrong line at once, the header is no player: {body}"
        );
        assert_eq!(app.audit_count(), before, "[{label}] nothing imported");
        // Reloading the address the form left shows the players screen.
        let (status, _, _) = f.post(
            &format!("/t/{tid}/manage/import"),
            &[("csrf", &csrf), ("csv", bad)],
        );
        assert_eq!(status, 422);
        let reload = f.get(&format!("/t/{tid}/manage/import"));
        assert_eq!(reload.0, 303, "[{label}] GET of a form address redirects");

        let good = "Name; Rating\nKowalski, Jan; 2200\nNowak, Anna; 2150\nLis, Ewa; 2100\n";
        let (status, location, _) = f.post(
            &format!("/t/{tid}/manage/import"),
            &[("csrf", &csrf), ("csv", good)],
        );
        assert_eq!(status, 303, "[{label}] import");
        let (_, page) = f.get(&location);
        assert!(page.contains("3 players registered"), "[{label}] {page}");
        assert!(!page.contains("✓ 3"));

        // The same name (other order, no diacritics) and birth year: asked first.
        let players = api.get(&format!("/api/v1/tournaments/{tid}/players")).1;
        let kowalski = players
            .as_array()
            .unwrap()
            .iter()
            .find(|p| p["name"] == "Kowalski, Jan")
            .unwrap()
            .clone();
        let kid = kowalski["id"].as_i64().unwrap();
        let (status, location, _) = f.post(
            &format!("/t/{tid}/manage/players/{kid}/edit"),
            &[
                ("csrf", &csrf),
                ("version", "1"),
                ("name", "Kowalski, Jan"),
                ("rating", "2250"),
                ("title", ""),
                ("federation", "POL"),
                ("fide_id", ""),
                ("club", ""),
                ("birth_date", "1990"),
                ("sex", "m"),
                ("k_factor", "20"),
            ],
        );
        assert_eq!(status, 303, "[{label}] edit");
        let (_, page) = f.get(&location);
        assert!(
            page.contains("Kowalski, Jan: changed")
                && page.contains("pairing numbers follow the new rating"),
            "[{label}] what the change affects: {page}"
        );
        let p = api
            .get(&format!("/api/v1/tournaments/{tid}/players/{kid}"))
            .1;
        assert_eq!(p["player"]["rating"], 2250);
        let (status, _, body) = f.post(
            &format!("/t/{tid}/manage/players"),
            &[
                ("csrf", &csrf),
                ("name", "Jan Kowalski"),
                ("rating", "2200"),
            ],
        );
        // Without a birth year on the new line the years differ: registered.
        assert_eq!(status, 303, "[{label}] {body}");
        let dup = api.post(
            &format!("/api/v1/tournaments/{tid}/players"),
            json!({"name": "jan KOWALSKI", "birth_date": "1990-05-01"}),
        );
        // A likely duplicate conflicts with who is registered (409).
        assert_eq!(dup.0.as_u16(), 409, "[{label}] {:?}", dup.1);
        assert_eq!(dup.1["field"], "duplicate");
        api.add_player(
            tid,
            json!({"name": "jan KOWALSKI", "birth_date": "1990-05-01", "confirm_duplicate": true}),
        );

        // A mistaken registration goes; a withdrawal is taken back.
        let players = api.get(&format!("/api/v1/tournaments/{tid}/players")).1;
        let count = players.as_array().unwrap().len();
        let lis = players
            .as_array()
            .unwrap()
            .iter()
            .find(|p| p["name"] == "Lis, Ewa")
            .unwrap()["id"]
            .as_i64()
            .unwrap();
        let (status, location, _) = f.post(
            &format!("/t/{tid}/manage/players/{lis}/delete"),
            &[("csrf", &csrf)],
        );
        assert_eq!(status, 303, "[{label}] delete");
        assert!(f
            .get(&location)
            .1
            .contains("Lis, Ewa: registration removed"));
        let players = api.get(&format!("/api/v1/tournaments/{tid}/players")).1;
        assert_eq!(players.as_array().unwrap().len(), count - 1);
        let (status, _, _) = f.post(
            &format!("/t/{tid}/manage/players/{kid}/withdraw"),
            &[("csrf", &csrf), ("confirm", "1")],
        );
        assert_eq!(status, 303);
        let (status, location, _) = f.post(
            &format!("/t/{tid}/manage/players/{kid}/reinstate"),
            &[("csrf", &csrf)],
        );
        assert_eq!(status, 303, "[{label}] reinstate");
        assert!(f.get(&location).1.contains("back in the tournament"));
        let p = api
            .get(&format!("/api/v1/tournaments/{tid}/players/{kid}"))
            .1;
        assert_eq!(p["player"]["status"], "active");

        // Once paired, a player is withdrawn, not removed.
        api.pair_round(tid);
        let (status, _) = api.delete(&format!("/api/v1/tournaments/{tid}/players/{kid}"));
        assert_eq!(status.as_u16(), 409, "[{label}] a paired player stays");
    });
}

/// The arrivals sheet: "start the round now"; one late player's time is
/// enough; a refused board keeps what was typed and says the problem at the
/// board; the consequence is in words and clock times, never internal codes.
#[test]
fn the_arrivals_sheet_speaks_plainly() {
    on_each_backend(|app, label| {
        let (tid, _org, games) = event(app, "clock");
        let f = app.form_user("clock");
        let sheet = format!("/t/{tid}/manage/rounds/1/arrivals");
        let csrf = f.csrf(&sheet);
        // Before a start is set: the problem at the board, the typed time kept.
        let gid = games[0]["id"].as_i64().unwrap();
        let (status, _, body) = f.post(
            &format!("/t/{tid}/manage/rounds/1/arrivals/{gid}"),
            &[
                ("csrf", &csrf),
                ("version", "1"),
                ("white_at", "10:47"),
                ("action", "preview"),
            ],
        );
        assert_eq!(status, 409, "[{label}] {body}");
        assert!(
            body.contains(&format!("id=\"problem-{gid}\"")),
            "[{label}] at the board"
        );
        assert!(
            body.contains("value=\"10:47\""),
            "[{label}] the typed time is kept"
        );
        assert!(!body.contains("PUT"), "[{label}] no API wording: {body}");
        // Start now.
        let (status, _, _) = f.post(
            &format!("/t/{tid}/manage/rounds/1/start"),
            &[("csrf", &csrf), ("start", ""), ("now", "1")],
        );
        assert_eq!(status, 303, "[{label}] start now");
        let r = app
            .db
            .read(|conn| {
                app::domain::rounds::get(
                    conn,
                    app::domain::ids::TournamentId(tid as i32),
                    app::domain::ids::RoundNo(1),
                    app::domain::Audience::Staff,
                )
            })
            .unwrap();
        let start = r.scheduled_start.expect("the start is set");
        let today = chrono::Local::now().format("%Y-%m-%d").to_string();
        assert!(start.starts_with(&today), "[{label}] {start}");
        // Set a known start, then White alone arrives 2 hours late: a forfeit,
        // with Black's time not needed.
        let (status, _, _) = f.post(
            &format!("/t/{tid}/manage/rounds/1/start"),
            &[("csrf", &csrf), ("start", "2026-03-01T10:00")],
        );
        assert_eq!(status, 303);
        let (status, _, body) = f.post(
            &format!("/t/{tid}/manage/rounds/1/arrivals/{gid}"),
            &[
                ("csrf", &csrf),
                ("version", "1"),
                ("white_at", "12:05"),
                ("action", "preview"),
            ],
        );
        assert_eq!(status, 200, "[{label}] {body}");
        assert!(
            body.contains("White loses by default"),
            "[{label}] in words"
        );
        assert!(
            !body.contains("white_forfeits"),
            "[{label}] no internal code"
        );
        assert!(
            !body.contains("T10:00:00"),
            "[{label}] no ISO timestamp: {body}"
        );
        assert!(
            body.contains("value=\"12:05\""),
            "[{label}] kept for confirmation"
        );
        // Nothing typed at all: the problem says what to do.
        let (status, _, body) = f.post(
            &format!("/t/{tid}/manage/rounds/1/arrivals/{gid}"),
            &[("csrf", &csrf), ("version", "1"), ("action", "preview")],
        );
        assert_eq!(status, 422, "[{label}]");
        assert!(body.contains("late player"), "[{label}] {body}");
    });
}

/// The settings page: the regulations as stored, changed through the same
/// rule as the API; after round 1 only what may still change.
#[test]
fn settings_change_what_may_still_change() {
    on_each_backend(|app, label| {
        let api = app.user("setter");
        let t = api.created_tournament(json!({"name": "Settings Open", "rounds": 5}));
        let tid = t["id"].as_i64().unwrap();
        let f = app.form_user("setter");
        let page = format!("/t/{tid}/manage/settings");
        let (status, html) = f.get(&page);
        assert_eq!(status, 200, "[{label}] {html}");
        assert!(
            html.contains("value=\"Settings Open\""),
            "[{label}] prefilled"
        );
        let csrf = f.csrf(&page);
        let mut fields: Vec<(String, String)> = vec![
            ("csrf".into(), csrf.clone()),
            ("name".into(), "Settings Open 2026".into()),
            ("place".into(), "Łódź".into()),
            ("federation".into(), "POL".into()),
            (
                "start_date".into(),
                t["regulations"]["start_date"].as_str().unwrap().into(),
            ),
            (
                "end_date".into(),
                t["regulations"]["end_date"].as_str().unwrap().into(),
            ),
            ("system".into(), "swiss".into()),
            ("rounds".into(), "7".into()),
            ("base_minutes".into(), "90".into()),
            ("increment".into(), "30".into()),
            (
                "default_time_minutes".into(),
                t["regulations"]["default_time_minutes"].to_string(),
            ),
            ("win".into(), "1".into()),
            ("draw".into(), "0.5".into()),
            (
                "late_entry_bye".into(),
                t["regulations"]["late_entry_bye"].as_str().unwrap().into(),
            ),
            (
                "tiebreaks".into(),
                t["regulations"]["tiebreaks"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .map(|v| v.as_str().unwrap().to_string())
                    .collect::<Vec<_>>()
                    .join(", "),
            ),
            (
                "laws_edition".into(),
                t["regulations"]["laws_edition"].as_str().unwrap().into(),
            ),
        ];
        let borrowed = |fields: &[(String, String)]| -> Vec<(String, String)> { fields.to_vec() };
        let send = |fields: &[(String, String)]| {
            let b = borrowed(fields);
            let refs: Vec<(&str, &str)> = b.iter().map(|(k, v)| (k.as_str(), v.as_str())).collect();
            f.post(&page, &refs)
        };
        let (status, location, body) = send(&fields);
        assert_eq!(status, 303, "[{label}] {body}");
        let (_, done) = f.get(&location);
        assert!(
            done.contains("name") && done.contains("rounds"),
            "[{label}] says what changed: {done}"
        );
        let now = api.get(&format!("/api/v1/tournaments/{tid}")).1;
        assert_eq!(now["regulations"]["name"], "Settings Open 2026");
        assert_eq!(now["regulations"]["rounds"], 7);
        assert_eq!(now["regulations"]["place"], "Łódź");
        // Round 1 paired: the rounds are fixed, the name still changes.
        for (i, n) in ["A, A", "B, B", "C, C", "D, D"].iter().enumerate() {
            api.add_player(tid, json!({"name": n, "rating": 2000 - i as i64}));
        }
        api.pair_round(tid);
        let (_, html) = f.get(&page);
        assert!(
            html.contains("id=\"locked-help\""),
            "[{label}] says what is fixed"
        );
        fields[7].1 = "9".into();
        let (status, _, body) = send(&fields);
        assert_eq!(status, 409, "[{label}] rounds after the start: {body}");
        // The rounds are fixed text now: the refusal names them, and what
        // may still change is kept as typed.
        assert!(
            body.replace("&#39;", "'")
                .contains("'rounds' cannot change"),
            "[{label}] names the field: {body}"
        );
        assert!(
            body.contains("value=\"Settings Open 2026\""),
            "[{label}] what was typed is kept"
        );
        fields[7].1 = "7".into();
        fields[1].1 = "Settings Open, final".into();
        let (status, _, body) = send(&fields);
        assert_eq!(status, 303, "[{label}] the name may change: {body}");
    });
}

/// A form with several mistakes names all of them at once, each at its field.
#[test]
fn a_form_names_every_mistake_at_once() {
    let app = TestApp::start(backends()[0]);
    let _ = app.user("many");
    let f = app.form_user("many");
    let csrf = f.csrf("/new");
    let (status, _, body) = f.post(
        "/new",
        &crate::common::form::replaced(
            crate::common::form::new_tournament(&csrf, "swiss"),
            &[
                ("name", ""),
                ("start_date", "2026-05-10"),
                ("end_date", "2026-05-01"),
                ("rounds", "99"),
                ("tiebreaks", "BH, XYZ"),
            ],
        ),
    );
    assert_eq!(status, 422, "{body}");
    for id in ["name-err", "end_date-err", "rounds-err", "tiebreaks-err"] {
        assert!(
            body.contains(&format!("id=\"{id}\"")),
            "{id} missing: {body}"
        );
    }
    assert!(body.contains("(4)"), "the count of problems: {body}");
}
