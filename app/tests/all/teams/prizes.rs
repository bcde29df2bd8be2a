//! Prizes of a team event over HTTP on both backends (`domain/prizes/`,
//! issue 21): a team-places category from the team standings (ties shared
//! as the table says) beside a board category, on the API, the page and the
//! PDF; and an individual category refused in a team event, team places in
//! an individual event (422, nothing written).

use super::gaps::{pair, play_out, publish, small_swiss};
use crate::common::{on_each_backend, Client};
use serde_json::{json, Value};

/// Four teams, two rounds; every match won by the home team 1½–½ (board 1
/// won, board 2 drawn). After two rounds the match points are 4, 2, 2, 0:
/// the two teams on 2 are tied (C.07's tie-breaks order them). Team places
/// 300.00, 200.00, 100.00 by Hort: the first keeps 300.00; the tied two keep
/// 100.00 and 50.00 and share the pot of 150.00 → 175.00 and 125.00.
/// Board 1 (one prize of 50.00, one prize per player): only the winners'
/// board-1 player scored 2 of 2, and the team prize leaves him his prize.
/// An individual category stored before such were refused stays shown,
/// without winners.
#[test]
fn team_places_and_boards_are_prized_in_a_team_event() {
    on_each_backend(|app, label| {
        let org = app.user("organiser");
        let public = Client::new(&app.base);
        let tid = small_swiss(&org, "Team Prize Cup", 4, 2);
        let path = format!("/api/v1/tournaments/{tid}/prizes");

        // An individual category in a team event: 422 naming it, nothing written.
        let audit = app.audit_count();
        for (i, category) in [
            json!({"name": "Overall", "prizes": [100]}),
            json!({"name": "Best club", "kind": {"type": "best_club", "top": 2}, "prizes": [100]}),
        ]
        .into_iter()
        .enumerate()
        {
            let table = json!({"categories": [
                {"name": "Team places", "kind": {"type": "teams"}, "prizes": [100]},
                category
            ]});
            let (s, v) = org.put(&path, json!({"table": table, "version": 0}));
            assert_eq!(s.as_u16(), 422, "[{label}] {i}: {v}");
            assert_eq!(v["field"], "table.categories[1].kind", "[{label}] {v}");
            let error = v["error"].as_str().unwrap_or("");
            assert!(
                error.contains("team event") && error.contains("individual event"),
                "[{label}] {v}"
            );
        }
        assert_eq!(app.audit_count(), audit, "[{label}] nothing written");

        for n in 1..=2 {
            pair(&org, tid);
            publish(&org, tid, n);
            play_out(&org, tid, n);
        }
        let st = public.ok(
            public.get(&format!("/api/v1/tournaments/{tid}/team-standings")),
            200,
            "standings",
        );
        let rows = st["rows"].as_array().unwrap();
        let mp: Vec<i64> = rows
            .iter()
            .map(|r| r["match_points"].as_i64().unwrap())
            .collect();
        assert_eq!(mp, [4, 2, 2, 0], "[{label}] {st}");
        let team = |i: usize| rows[i]["team"].clone();
        let first = team(0)["name"].as_str().unwrap().to_string();

        let table = json!({
            "categories": [
                {"name": "Team places", "kind": {"type": "teams"}, "prizes": [30000, 20000, 10000]},
                {"name": "Board 1", "kind": {"type": "board", "board": 1, "min_games": 1}, "prizes": [5000]}
            ],
            "one_prize_per_player": true,
            "split": "hort",
            "currency": "EUR"
        });
        let audit = app.audit_count();
        let v = org.ok(
            org.put(&path, json!({"table": table, "version": 0})),
            200,
            "set",
        );
        assert_eq!(v["version"], 1, "[{label}] {v}");
        assert_eq!(app.audit_count(), audit + 1, "[{label}] one audit row");
        // A table stored before individual categories were refused in a team
        // event (written here directly): the category is shown, without
        // winners, and nothing fails.
        let mut stored = table.clone();
        stored["categories"]
            .as_array_mut()
            .unwrap()
            .push(json!({"name": "Overall", "prizes": [1000]}));
        let body = stored.to_string();
        app.db
            .write(|conn| -> Result<usize, app::domain::DomainError> {
                use app::db::schema::prize_tables;
                use diesel::prelude::*;
                Ok(diesel::update(
                    prize_tables::table.find(app::domain::ids::TournamentId(tid as i32)),
                )
                .set(prize_tables::body.eq(&body))
                .execute(conn)?)
            })
            .unwrap();

        let v = public.get(&path).1;
        assert_eq!(v["is_final"], true, "[{label}] {v}");
        assert_eq!(
            v["table"]["categories"][0]["kind"],
            json!({"type": "teams"})
        );
        let awards: &Vec<Value> = v["awards"].as_array().unwrap();
        let teams: Vec<(i64, Value, i64, i64, Vec<Value>)> = awards
            .iter()
            .filter(|a| a["category"] == "Team places")
            .map(|a| {
                assert!(a["player_id"].is_null(), "[{label}] {a}");
                (
                    a["place"].as_i64().unwrap(),
                    a["team"].clone(),
                    a["nominal"].as_i64().unwrap(),
                    a["amount"].as_i64().unwrap(),
                    a["shared_with_teams"].as_array().unwrap().clone(),
                )
            })
            .collect();
        assert_eq!(
            teams,
            vec![
                (1, team(0)["number"].clone(), 30000, 30000, vec![]),
                (
                    2,
                    team(1)["number"].clone(),
                    20000,
                    17500,
                    vec![team(2)["number"].clone()]
                ),
                (
                    3,
                    team(2)["number"].clone(),
                    10000,
                    12500,
                    vec![team(1)["number"].clone()]
                ),
            ],
            "[{label}] {v}"
        );
        assert_eq!(awards[0]["name"], first.as_str(), "[{label}]");
        let board: Vec<&Value> = awards
            .iter()
            .filter(|a| a["category"] == "Board 1")
            .collect();
        assert_eq!(board.len(), 1, "[{label}] {v}");
        let board_winner = board[0]["name"].as_str().unwrap();
        assert!(
            board_winner.ends_with(&format!("({first})")),
            "[{label}] the winners' board 1 keeps his prize: {v}"
        );
        assert_eq!(board[0]["amount"], 5000);
        assert_eq!(awards.len(), 4, "[{label}] none in Overall: {v}");

        let (status, _, page) = public.bytes(&format!("/t/{tid}/prizes"));
        let page = String::from_utf8(page).unwrap();
        assert_eq!(status.as_u16(), 200, "[{label}] {page}");
        for text in [
            "<h2>Team places</h2>",
            "<h2>Board 1</h2>",
            "<h2>Overall</h2>",
            &first,
            "175.00 EUR",
            "125.00 EUR",
            board_winner,
        ] {
            assert!(page.contains(text), "[{label}] {text} in {page}");
        }
        if let Some(text) = public.pdf_text(&format!("{path}.pdf")) {
            assert!(
                text.contains("Team places")
                    && text.contains(&first)
                    && text.contains("175.00 EUR"),
                "[{label}] {text}"
            );
        }

        // Team places need a team event.
        let solo = org.create_tournament(json!({"name": "Solo Open", "rounds": 1}));
        let audit = app.audit_count();
        let (s, v) = org.put(
            &format!("/api/v1/tournaments/{solo}/prizes"),
            json!({"table": {"categories": [
                {"name": "Team places", "kind": {"type": "teams"}, "prizes": [100]}
            ]}, "version": 0}),
        );
        assert_eq!(s.as_u16(), 422, "[{label}] {v}");
        assert_eq!(v["field"], "table.categories[0].kind", "[{label}] {v}");
        assert!(
            v["error"]
                .as_str()
                .unwrap_or("")
                .contains("team places need a team event"),
            "[{label}] {v}"
        );
        assert_eq!(app.audit_count(), audit, "[{label}] nothing written");
    });
}
