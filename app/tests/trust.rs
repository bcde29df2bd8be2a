//! What an arbiter under pressure relies on, on SQLite and PostgreSQL: a result
//! that contradicts the stored moves is not taken without confirmation; the
//! creator of a tournament runs it without appointing himself; the public
//! pages link to their printouts; standings say "provisional" while results
//! are missing; the player card prints forfeits as `+` and `−`.

mod common;

use common::{backends, Client, TestApp};
use serde_json::{json, Value};

/// A 4-player Swiss by `user`, round 1 paired and published.
fn event(app: &TestApp, user: &str) -> (i64, Client, Vec<Value>) {
    let org = app.user(user);
    let t = org.ok(
        org.post(
            "/api/v1/tournaments",
            json!({"name": "Trust Open", "rounds": 3}),
        ),
        201,
        "create",
    );
    let tid = t["id"].as_i64().unwrap();
    for (i, name) in ["Kowalski, Jan", "Nowak, Anna", "Wójcik, Piotr", "Lis, Ewa"]
        .iter()
        .enumerate()
    {
        org.ok(
            org.post(
                &format!("/api/v1/tournaments/{tid}/players"),
                json!({"name": name, "rating": 2200 - 50 * i as i64}),
            ),
            201,
            "register",
        );
    }
    // No appointment: the creator is the arbiter.
    org.ok(
        org.post(&format!("/api/v1/tournaments/{tid}/rounds"), json!({})),
        201,
        "the creator pairs",
    );
    org.ok(
        org.post(
            &format!("/api/v1/tournaments/{tid}/rounds/1/publish"),
            json!({}),
        ),
        200,
        "publish",
    );
    let games = org.get(&format!("/api/v1/tournaments/{tid}/rounds/1")).1["games"]
        .as_array()
        .unwrap()
        .clone();
    (tid, org, games)
}

#[test]
fn a_result_against_the_moves_needs_confirmation() {
    for backend in backends() {
        let app = TestApp::start(backend);
        let (tid, org, games) = event(&app, "confirmer");
        let gid = games[0]["id"].as_i64().unwrap();
        // Scholar's mate: White mates on move 4.
        org.ok(
            org.put(
                &format!("/api/v1/tournaments/{tid}/games/{gid}/moves"),
                json!({"format": "scoresheet", "text": "1.e4 e5 2.Bc4 Nc6 3.Qh5 Nf6 4.Qxf7#"}),
            ),
            200,
            "moves",
        );
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
    }
}

#[test]
fn pages_link_to_printouts_and_standings_say_provisional() {
    for backend in backends() {
        let app = TestApp::start(backend);
        let (tid, org, games) = event(&app, "printer");
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
        org.ok(
            org.put(
                &format!("/api/v1/tournaments/{tid}/games/{}/result", g1["id"]),
                json!({"result": "-/+", "version": g1["version"]}),
            ),
            200,
            "forfeit",
        );
        org.ok(
            org.put(
                &format!("/api/v1/tournaments/{tid}/games/{}/result", g2["id"]),
                json!({"result": "½-½", "version": g2["version"]}),
            ),
            200,
            "draw",
        );
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
    }
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
