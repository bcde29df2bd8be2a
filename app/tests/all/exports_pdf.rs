//! Every printout, rendered through the HTTP API on SQLite and PostgreSQL (and
//! the adjournment envelope from its struct), parsed back, and its text read
//! with `pdftotext`: names with Polish and Czech diacritics, board numbers,
//! results, tie-breaks, page breaks with the header repeated.
//!
//! Without `pdftotext` (Debian: poppler-utils) the text checks are skipped with
//! `SKIPPED: pdftotext not installed` — unless `ARBITER_REQUIRE_TOOLS=1` (CI).

use crate::common;

use app::domain::standings::{StandingView, StandingsView};
use app::pdf::envelope::AdjournmentEnvelope;
use common::build::EventBuilder;
use common::{on_each_backend, TestApp};
use serde_json::json;
use std::io::Write;
use std::process::{Command, Stdio};

const LUKASZ: &str = "Łukasz Żółć";
const JIRI: &str = "Jiří Čermák";
const EN: app::i18n::Tr = app::i18n::Tr {
    lang: app::i18n::Lang::En,
};

fn pdftotext_available() -> bool {
    let ok = Command::new("pdftotext")
        .arg("-v")
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .is_ok();
    if !ok {
        if std::env::var("ARBITER_REQUIRE_TOOLS").as_deref() == Ok("1") {
            panic!("pdftotext is required (ARBITER_REQUIRE_TOOLS=1): install poppler-utils");
        }
        println!("SKIPPED: pdftotext not installed");
    }
    ok
}

/// Checks that `bytes` is a PDF that parses with at least one page; returns the
/// page count and, when pdftotext is there, the text (pages split by form feeds).
pub(crate) fn read_pdf(bytes: &[u8], what: &str) -> (usize, Option<String>) {
    assert!(bytes.starts_with(b"%PDF"), "{what}: not a PDF");
    let doc = printpdf::PdfDocument::parse(
        bytes,
        &printpdf::PdfParseOptions::default(),
        &mut Vec::new(),
    )
    .unwrap_or_else(|e| panic!("{what}: the PDF does not parse: {e}"));
    let pages = doc.pages.len();
    assert!(pages > 0, "{what}: no pages");
    if !pdftotext_available() {
        return (pages, None);
    }
    let mut child = Command::new("pdftotext")
        .args(["-layout", "-enc", "UTF-8", "-", "-"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("pdftotext");
    child.stdin.take().unwrap().write_all(bytes).unwrap();
    let out = child.wait_with_output().unwrap();
    assert!(out.status.success(), "{what}: pdftotext failed");
    (
        pages,
        Some(String::from_utf8_lossy(&out.stdout).into_owned()),
    )
}

fn contains_all(text: &Option<String>, words: &[&str], what: &str) {
    if let Some(t) = text {
        for w in words {
            assert!(t.contains(w), "{what}: '{w}' missing in:\n{t}");
        }
    }
}

/// GET returning the raw bytes and content type (bearer token for staff).
fn fetch(app: &TestApp, path: &str, token: Option<&str>) -> (u16, String, Vec<u8>) {
    let mut rb = reqwest::blocking::Client::new().get(format!("{}{}", app.base, path));
    if let Some(t) = token {
        rb = rb.header("Authorization", format!("Bearer {t}"));
    }
    let res = rb.send().expect("request");
    let status = res.status().as_u16();
    let ct = crate::common::header(&res, "content-type");
    (status, ct, res.bytes().unwrap().to_vec())
}

fn pdf_ok(app: &TestApp, path: &str, token: Option<&str>) -> (usize, Option<String>) {
    let (status, ct, bytes) = fetch(app, path, token);
    assert_eq!(
        status,
        200,
        "[{}] {path}: {}",
        app.label(),
        String::from_utf8_lossy(&bytes)
    );
    assert_eq!(ct, "application/pdf", "{path}");
    read_pdf(&bytes, path)
}

#[test]
fn the_envelope_prints_every_field_but_never_the_sealed_move() {
    let e = AdjournmentEnvelope::example();
    let (pages, text) = read_pdf(&app::pdf::envelope::render(&e, EN), "envelope");
    assert_eq!(pages, 1);
    contains_all(
        &text,
        &[
            "SEALED-MOVE ENVELOPE",
            "Memoriał Rubinsteina",
            "Round 5, board 3",
            LUKASZ,
            JIRI,
            "1:52:10",
            "1:48:45",
            "Sealed by",
            "Sealed move number",
            "41",
            "offered by Jiří Čermák",
            "2026-03-06",
            "09:00",
            "Sala Kominkowa, Polanica-Zdrój",
            "6k1/5pp1/7p/8/8/6P1/5PKP/3R4 w - - 0 41",
            "Time used by White",
            "Time used by Black",
            "Arbiter's signature",
        ],
        "envelope",
    );
    // No standing offer: printed as such.
    let none = AdjournmentEnvelope {
        draw_offer_by: None,
        ..e
    };
    let (_, text) = read_pdf(
        &app::pdf::envelope::render(&none, EN),
        "envelope without offer",
    );
    contains_all(&text, &["Draw offer", "none"], "envelope without offer");
}

#[test]
fn a_long_table_breaks_across_pages_and_repeats_its_header() {
    let t = app::domain::tournaments::TournamentView {
        id: app::domain::ids::TournamentId(1),
        status: app::domain::kinds::TournamentStatus::Running,
        version: 1,
        regulations: app::domain::tournaments::Regulations {
            name: "Otwarte Mistrzostwa Śląska".into(),
            ..Default::default()
        },
        time_control_category: app::domain::kinds::TimeCategory::Standard,
        rounds_paired: 9,
        players: 300,
    };
    let rows = (1..=300)
        .map(|i| StandingView {
            rank: i,
            player_id: app::domain::ids::PlayerId(i as i32),
            start_no: i,
            name: if i == 1 {
                LUKASZ.into()
            } else if i == 300 {
                JIRI.into()
            } else {
                format!("Player {i:03}")
            },
            title: String::new(),
            federation: "POL".into(),
            rating: Some(2500 - i),
            points: 9.0 - i as f64 / 40.0,
            points_text: "5½".into(),
            values: vec![Some(40.5), Some(33.0), None],
            rating_change: Some(-3),
            performance: Some(2100),
        })
        .collect();
    let s = StandingsView {
        after_round: app::domain::ids::RoundNo(9),
        provisional: false,
        tiebreaks: vec!["BH/C1".into(), "SB".into(), "DE".into()],
        rows,
    };
    let (pages, text) = read_pdf(&app::pdf::standings::render(&t, &s, EN), "standings");
    assert!(pages >= 5, "300 rows take several pages, got {pages}");
    if let Some(text) = text {
        let page_texts: Vec<&str> = text
            .split('\u{c}')
            .filter(|p| !p.trim().is_empty())
            .collect();
        assert_eq!(page_texts.len(), pages);
        for (i, p) in page_texts.iter().enumerate() {
            assert!(
                p.contains("Rk") && p.contains("BH/C1") && p.contains("Name"),
                "page {} lacks the header row:\n{p}",
                i + 1
            );
            assert!(
                p.contains(&format!("page {} of {pages}", i + 1)),
                "page {} lacks its number",
                i + 1
            );
        }
        assert!(page_texts[0].contains(LUKASZ));
        assert!(page_texts[pages - 1].contains(JIRI));
        assert!(text.contains("40½") && text.contains("-3") && text.contains("2100"));
    }
}

#[test]
fn every_printout_over_http() {
    on_each_backend(|app, _| {
        let org = app.user("boss");
        let tid = EventBuilder::swiss(&org)
            .named("Memoriał Żółtego Gońca")
            .rounds(3)
            .with(json!({"place": "Třeboň", "start_date": "2026-03-01", "end_date": "2026-03-05", "adjournments": true}))
            .build()
            .tid;
        let names = [
            LUKASZ,
            JIRI,
            "Zdeněk Šťastný",
            "Bożena Łęcka",
            "Ondřej Říha",
            "Małgorzata Ćwik",
            "Petr Novák",
        ];
        let mut ids = Vec::new();
        for (i, n) in names.iter().enumerate() {
            let p = org.add_player(tid, json!({"name": n, "rating": 2400 - 37 * i as i32, "federation": if i % 2 == 0 { "POL" } else { "CZE" }, "title": if i == 0 { "IM" } else { "" }}));
            ids.push(p["id"].as_i64().unwrap());
        }
        let token = org.api_token("printer");
        let staff = Some(token.as_str());

        org.pair_round(tid);
        // Unpublished: staff print it, the public does not see it.
        let (_, text) = pdf_ok(
            app,
            &format!("/api/v1/tournaments/{tid}/rounds/1/pairings.pdf"),
            staff,
        );
        contains_all(
            &text,
            &["Pairings, round 1", LUKASZ, JIRI, "Třeboň", "bye"],
            "pairings (staff)",
        );
        let (status, _, _) = fetch(
            app,
            &format!("/api/v1/tournaments/{tid}/rounds/1/pairings.pdf"),
            None,
        );
        assert_eq!(
            status,
            404,
            "[{}] an unpublished pairing is not public",
            app.label()
        );
        let (pages, text) = pdf_ok(
            app,
            &format!("/api/v1/tournaments/{tid}/rounds/1/scoresheets.pdf"),
            staff,
        );
        assert_eq!(pages, 6, "three boards, a sheet for each player");
        contains_all(
            &text,
            &[
                "SCORESHEET",
                "Round 1, board 1",
                LUKASZ,
                JIRI,
                "White",
                "Black",
                "60",
                "White's signature",
            ],
            "scoresheets",
        );

        org.publish_round(tid, 1);
        // Board 1 adjourns: its envelope prints every field of SPEC §7, never the sealed move.
        let r = org.get(&format!("/api/v1/tournaments/{tid}/rounds/1")).1;
        let g = r["games"][0].clone();
        let env = org.ok(
            org.post(
                &format!("/api/v1/tournaments/{tid}/games/{}/adjournments", g["id"]),
                json!({"fen": "6k1/5pp1/7p/8/8/6P1/5PKP/3R4 w - - 0 41", "white_time_used_seconds": 6730, "black_time_used_seconds": 6525,
                       "sealed_move": "Rd8+", "draw_offer_by": g["black"]["id"], "resume_at": "2026-03-02T09:30", "resume_place": "Sala Kominkowa"}),
            ),
            201,
            "adjourn",
        );
        let (_, text) = pdf_ok(
            app,
            &format!(
                "/api/v1/tournaments/{tid}/adjournments/{}/envelope.pdf",
                env["id"]
            ),
            staff,
        );
        // Envelopes are the staff's: the public gets 403.
        let (status, _, _) = fetch(
            app,
            &format!(
                "/api/v1/tournaments/{tid}/adjournments/{}/envelope.pdf",
                env["id"]
            ),
            None,
        );
        assert_eq!(status, 403, "[{}] an envelope for the public", app.label());
        contains_all(
            &text,
            &[
                "SEALED-MOVE ENVELOPE",
                "Memoriał Żółtego Gońca",
                "Round 1, board 1",
                "1:52:10",
                "1:48:45",
                "offered by",
                "41",
                "2026-03-02",
                "09:30",
                "Sala Kominkowa",
                "6k1/5pp1/7p/8/8/6P1/5PKP/3R4",
            ],
            "envelope",
        );
        if let Some(t) = &text {
            assert!(!t.contains("Rd8"), "the sealed move is never printed");
        }
        let r = org.get(&format!("/api/v1/tournaments/{tid}/rounds/1")).1;
        for (i, g) in r["games"].as_array().unwrap().iter().enumerate() {
            if g["kind"] != "pending" && g["kind"] != "adjourned" {
                continue;
            }
            let result = ["1-0", "½-½", "0-1"][i % 3];
            org.set_result(tid, g, result);
        }
        let (_, text) = pdf_ok(
            app,
            &format!("/api/v1/tournaments/{tid}/rounds/1/pairings.pdf"),
            None,
        );
        contains_all(
            &text,
            &["Pairings, round 1", LUKASZ, JIRI],
            "pairings (public)",
        );
        let (_, text) = pdf_ok(
            app,
            &format!("/api/v1/tournaments/{tid}/rounds/1/results.pdf"),
            None,
        );
        contains_all(
            &text,
            &["Results, round 1", LUKASZ, JIRI, "1-0", "½-½", "0-1"],
            "results",
        );

        let (_, text) = pdf_ok(
            app,
            &format!("/api/v1/tournaments/{tid}/standings.pdf"),
            None,
        );
        contains_all(
            &text,
            &[
                "Standings after round 1",
                "IM Łukasz Żółć",
                JIRI,
                "Zdeněk Šťastný",
                "BH/C1",
                "Pts",
                "POL",
                "CZE",
            ],
            "standings",
        );
        let (_, text) = pdf_ok(
            app,
            &format!("/api/v1/tournaments/{tid}/crosstable.pdf"),
            None,
        );
        contains_all(
            &text,
            &["Crosstable after round 1", LUKASZ, JIRI, "Małgorzata Ćwik"],
            "crosstable",
        );
        if let Some(t) = &text {
            assert!(
                t.contains('w') && t.contains('b'),
                "crosstable cells carry colours"
            );
        }
        let (_, text) = pdf_ok(
            app,
            &format!("/api/v1/tournaments/{tid}/players/{}/card.pdf", ids[0]),
            None,
        );
        contains_all(
            &text,
            &[
                "Player card",
                "IM Łukasz Żółć",
                "Rating",
                "2400",
                "Points",
                "Rank",
                "Opponent",
            ],
            "card",
        );

        // Every printout is in the OpenAPI document as application/pdf.
        let doc = serde_json::to_value(app::web::openapi::document()).unwrap();
        for p in [
            "/api/v1/tournaments/{tid}/standings.pdf",
            "/api/v1/tournaments/{tid}/rounds/{n}/scoresheets.pdf",
            "/api/v1/tournaments/{tid}/players/{pid}/card.pdf",
        ] {
            assert!(
                doc["paths"][p]["get"]["responses"]["200"]["content"]["application/pdf"]
                    .is_object(),
                "{p} documented as PDF"
            );
        }
        let (status, _, _) = fetch(
            app,
            &format!("/api/v1/tournaments/{tid}/players/999999/card.pdf"),
            None,
        );
        assert_eq!(status, 404);
    });
}
