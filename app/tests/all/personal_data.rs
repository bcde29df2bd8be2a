//! A person's data on request (issue 41, done-when 2), on both databases:
//! the organizer exports everything the tournament holds about one player
//! (an audited read), and erases it — the name and personal fields replaced,
//! the games and results kept (the standings still count them), the notes
//! emptied; the append-only audit log keeps its rows. Nobody
//! but the organizer may do either; an unconfirmed erasure changes nothing.

use crate::common;
use app::domain::audit;
use common::build::EventBuilder;
use common::{on_each_backend, Client};
use serde_json::{json, Value};

const NAME: &str = "Wiśniewski, Jan \"Janek\"";
const BIRTH: &str = "1990-04-05";

#[test]
fn a_players_data_is_exported_and_erased() {
    on_each_backend(|app, label| {
        let org = app.user("privacy-organizer");
        let e = EventBuilder::swiss(&org)
            .rounds(3)
            .player(json!({"name": NAME, "rating": 2100, "birth_date": BIRTH,
                           "club": "KS Hetman", "fide_id": 1_234_567, "sex": "m"}))
            .players(5)
            .publish(2)
            .build();
        let pid = e.players[0];
        org.ok(
            org.post(
                &e.path(&format!("/players/{pid}/byes")),
                json!({"round": 3, "kind": "half", "note": "his sister's wedding"}),
            ),
            201,
            "a bye with a note",
        );
        let data_path = e.path(&format!("/players/{pid}/personal-data"));
        // Only the organizer.
        let outsider = app.user("privacy-outsider");
        assert_eq!(outsider.get(&data_path).0.as_u16(), 403, "[{label}]");
        assert_eq!(
            Client::new(&app.base).get(&data_path).0.as_u16(),
            401,
            "[{label}]"
        );
        let erase_path = e.path(&format!("/players/{pid}/erase"));
        assert_eq!(
            outsider
                .post(&erase_path, json!({"confirm": true}))
                .0
                .as_u16(),
            403,
            "[{label}]"
        );

        // The export: every field, the byes' notes, the games; audited.
        let audit_before = app.audit_count();
        let data = org.ok(org.get(&data_path), 200, "export");
        assert_eq!(
            app.audit_count(),
            audit_before + 1,
            "[{label}] the export audited"
        );
        assert_eq!(data["player"]["name"], NAME, "[{label}] {data}");
        assert_eq!(data["player"]["birth_date"], BIRTH, "[{label}]");
        assert_eq!(data["player"]["club"], "KS Hetman", "[{label}]");
        assert_eq!(data["player"]["fide_id"], 1_234_567, "[{label}]");
        assert_eq!(
            data["bye_requests"][0]["note"], "his sister's wedding",
            "[{label}] {data}"
        );
        let games = data["games"].as_array().expect("games");
        assert_eq!(games.len(), 2, "[{label}] rounds 1 and 2: {data}");
        assert!(games.iter().any(|g| g["round"] == 1), "[{label}] {data}");

        // Not confirmed: refused at `confirm`, nothing changed.
        let standings_before = org.ok(org.get(&e.path("/standings")), 200, "standings");
        let (s, v) = org.post(&erase_path, json!({}));
        assert_eq!(
            (s.as_u16(), &v["field"]),
            (422, &json!("confirm")),
            "[{label}] {v}"
        );
        assert_eq!(
            app.audit_count(),
            audit_before + 1,
            "[{label}] nothing written"
        );

        // Erased.
        let name = org.ok(
            org.post(&erase_path, json!({"confirm": true})),
            200,
            "erase",
        );
        let name = name.as_str().expect("the new name").to_string();
        assert!(name.starts_with("[erased"), "[{label}] {name}");
        let (s, v) = org.post(&erase_path, json!({"confirm": true}));
        assert_eq!(s.as_u16(), 409, "[{label}] twice: {v}");
        let after = org.ok(org.get(&data_path), 200, "export after");
        let p = &after["player"];
        assert_eq!(p["name"], name.as_str(), "[{label}] {after}");
        assert_eq!(
            (&p["birth_date"], &p["club"], &p["fide_id"], &p["sex"]),
            (&json!(""), &json!(""), &Value::Null, &json!("")),
            "[{label}] {after}"
        );
        assert_eq!(after["bye_requests"][0]["note"], "", "[{label}]");
        assert_eq!(after["games"], data["games"], "[{label}] the games kept");
        // The standings: the same points in the same order, the new name.
        let standings = org.ok(org.get(&e.path("/standings")), 200, "standings");
        let points = |s: &Value| -> Vec<Value> {
            s["rows"]
                .as_array()
                .map_or(vec![], |r| r.iter().map(|r| r["points"].clone()).collect())
        };
        assert_eq!(points(&standings), points(&standings_before), "[{label}]");
        let shown = standings.to_string();
        assert!(
            shown.contains(&name) && !shown.contains("Wiśniewski"),
            "[{label}] {shown}"
        );
        // The audit log is append-only: the rows before are as they were,
        // the erasure added one naming the player by number.
        let rows = app
            .db
            .read(|conn| audit::for_tournament(conn, e.tid, 10_000, 0))
            .unwrap();
        assert!(
            rows.iter().any(|r| r.action == "player.erase"),
            "[{label}] the erasure audited"
        );
    });
}
