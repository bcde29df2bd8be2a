//! Issue 17 on the staff's round screen, without JavaScript, on SQLite and
//! PostgreSQL: the Chess960 positions drawn again, per board, and entered
//! before publication (one audit row each, refused after); the round's games
//! imported from a pasted PGN file, with the report as a page.

use crate::common;

use common::build::EventBuilder;
use common::on_each_backend;
use serde_json::json;

#[test]
fn round_screen_draws_positions_and_imports_a_pgn() {
    on_each_backend(|app, label| {
        let arb = app.user("arb");
        let tid = ["Anna Nowak", "Ewa Wójcik", "Jan Kamiński", "Piotr Zając"]
            .iter()
            .enumerate()
            .fold(
                EventBuilder::swiss(&arb).named("960 Cup").rounds(2).with(
                    json!({"start_date": "2026-06-01", "end_date": "2026-06-01", "variant": "chess960"}),
                ),
                |e, (i, name)| e.player(json!({"name": name, "rating": 2000 - i as i64 * 10})),
            )
            .paired(1)
            .build()
            .tid;
        let f = app.form_user("arb");
        let screen = format!("/t/{tid}/manage/rounds/1");
        let (status, html) = f.get(&screen);
        assert_eq!(status, 200);
        assert!(html.contains("id=\"chess960-draw\""), "[{label}] {html}");
        let csrf = f.csrf(&screen);
        let post = format!("/t/{tid}/manage/rounds/1/chess960");

        let before = app.audit_count();
        let (status, location, _) = f.post(
            &post,
            &[("csrf", &csrf), ("mode", "enter"), ("position", "518")],
        );
        assert_eq!(
            (status, location.as_str()),
            (303, screen.as_str()),
            "[{label}] enter"
        );
        let r = arb.get(&format!("/api/v1/tournaments/{tid}/rounds/1")).1;
        assert_eq!(r["chess960"]["position"]["number"], 518, "[{label}] {r}");
        let (status, _, _) = f.post(
            &post,
            &[("csrf", &csrf), ("mode", "draw"), ("per_board", "on")],
        );
        assert_eq!(status, 303, "[{label}] per board");
        let r = arb.get(&format!("/api/v1/tournaments/{tid}/rounds/1")).1;
        assert_eq!(r["chess960"]["per_board"], true, "[{label}] {r}");
        assert_eq!(app.audit_count(), before + 2);
        let (status, _, body) = f.post(
            &post,
            &[("csrf", &csrf), ("mode", "enter"), ("position", "x")],
        );
        assert_eq!(status, 422, "[{label}] {body}");
        assert_eq!(app.audit_count(), before + 2);

        // Published: the positions stay.
        let (status, _, _) = f.post(
            &format!("/t/{tid}/manage/rounds/1/publish"),
            &[("csrf", &csrf)],
        );
        assert_eq!(status, 303);
        let (status, _, body) = f.post(&post, &[("csrf", &csrf), ("mode", "draw")]);
        assert_eq!(status, 409, "[{label}] {body}");

        // The round's PGN pasted: one game stored, one listed.
        let r = arb.get(&format!("/api/v1/tournaments/{tid}/rounds/1")).1;
        let g = &r["games"][0];
        let sp = r["chess960"]["boards"][0]["position"]["number"]
            .as_i64()
            .unwrap();
        let pos = rules::Position::chess960(sp as u16).unwrap();
        let first = pos.legal_moves()[0];
        let san = rules::san::write_san(&pos, first);
        let pgn = format!(
            "[White \"{}\"]\n[Black \"{}\"]\n\n1. {san} *\n\n[White \"Nobody\"]\n[Black \"Else\"]\n\n1. e4 *\n",
            g["white"]["name"].as_str().unwrap(),
            g["black"]["name"].as_str().unwrap()
        );
        let before = app.audit_count();
        let (status, _, body) = f.post(
            &format!("/t/{tid}/manage/rounds/1/games-pgn"),
            &[("csrf", &csrf), ("pgn", &pgn)],
        );
        assert_eq!(status, 200, "[{label}] {body}");
        assert!(body.contains("Nobody"), "[{label}] {body}");
        assert_eq!(app.audit_count(), before + 1);
        let rec = arb
            .get(&format!(
                "/api/v1/tournaments/{tid}/games/{}/moves",
                g["id"]
            ))
            .1;
        assert_eq!(rec["report"]["plies"], 1, "[{label}] {rec}");
        let (status, _, _) = f.post(
            &format!("/t/{tid}/manage/rounds/1/games-pgn"),
            &[("csrf", &csrf), ("pgn", "{ never closed")],
        );
        assert_eq!(status, 422, "[{label}] unreadable");
    });
}
