//! The prize table form, `/t/{tid}/manage/prizes` (`web/pages/prize_form.rs`,
//! `domain/prize_fields.rs`), without JavaScript over HTTP on SQLite and
//! PostgreSQL: the organizer types the table; the API then returns exactly
//! that table; a wrong amount comes back next to its field with what was
//! typed and nothing written; visitors and users without a role are refused
//! as on the other staff screens; in a team event an individual category is
//! refused at its row.

use crate::common;

use common::build::EventBuilder;
use common::form::{replaced, Form};
use common::on_each_backend;
use serde_json::json;

#[test]
fn the_prize_table_is_typed_in_the_staff_form() {
    on_each_backend(|app, label| {
        let org = app.user("organiser");
        let _ = app.user("outsider");
        let tid = EventBuilder::swiss(&org)
            .named("Prize Form Open")
            .rounds(3)
            .build()
            .tid;
        let screen = format!("/t/{tid}/manage/prizes");
        let api = format!("/api/v1/tournaments/{tid}/prizes");

        // Visitors go to the login form; a user without a role is refused.
        let visitor = Form::new(&app.base);
        let (status, _) = visitor.get(&screen);
        assert_eq!(status, 303, "[{label}] anonymous screen");
        let (status, location, _) = visitor.post(&screen, &[("csrf", ""), ("c0_name", "X")]);
        assert_eq!(
            (status, location.as_str()),
            (303, "/login"),
            "[{label}] anonymous post"
        );
        let outsider = app.form_user("outsider");
        let (status, _) = outsider.get(&screen);
        assert_eq!(status, 403, "[{label}] no role: the screen");
        let csrf = outsider.csrf("/new");
        let (status, _, _) = outsider.post(
            &screen,
            &[
                ("csrf", csrf.as_str()),
                ("version", "0"),
                ("c0_name", "Overall"),
                ("c0_prizes", "100"),
            ],
        );
        assert_eq!(status, 403, "[{label}] no role: the post");

        // The organizer's screen: the staff menu links it, three spare rows.
        let f = app.form_user("organiser");
        let (status, page) = f.get(&screen);
        assert_eq!(status, 200, "[{label}] {page}");
        assert!(
            page.contains(&format!("href=\"{screen}\"")),
            "[{label}] menu"
        );
        assert!(
            page.contains("id=\"c2_name\"") && !page.contains("id=\"c3_name\""),
            "[{label}] three spare rows"
        );
        let csrf = f.csrf(&screen);
        let audit = app.audit_count();
        // Overall with 3 prizes, a spare row left empty, Women with 1.
        let fields = |overall: &'static str, version: &'static str| {
            vec![
                ("csrf", csrf.clone()),
                ("version", version.to_string()),
                ("currency", "PLN".to_string()),
                ("split", "hort".to_string()),
                ("one_prize", "1".to_string()),
                ("c0_name", "Overall".to_string()),
                ("c0_kind", "players".to_string()),
                ("c0_unrated", "1".to_string()),
                ("c0_prizes", overall.to_string()),
                ("c1_name", String::new()),
                ("c1_kind", "players".to_string()),
                ("c1_unrated", "1".to_string()),
                ("c1_prizes", String::new()),
                ("c2_name", "Women".to_string()),
                ("c2_kind", "players".to_string()),
                ("c2_unrated", "1".to_string()),
                ("c2_women", "1".to_string()),
                ("c2_prizes", "100,50".to_string()),
            ]
        };
        let post = |owned: Vec<(&str, String)>| {
            let borrowed: Vec<(&str, &str)> = owned.iter().map(|(k, v)| (*k, v.as_str())).collect();
            f.post(&screen, &borrowed)
        };
        let (status, location, body) = post(fields("1000, 500, 250.50", "0"));
        assert_eq!(
            (status, location.as_str()),
            (303, format!("{screen}?saved=1").as_str()),
            "[{label}] saved: {body}"
        );
        assert_eq!(app.audit_count(), audit + 1, "[{label}] one audit row");
        let expected = json!({
            "categories": [
                {"name": "Overall", "kind": {"type": "players"}, "rules": [],
                 "prizes": [100000, 50000, 25050]},
                {"name": "Women", "kind": {"type": "players"}, "rules": [{"type": "women"}],
                 "prizes": [10050]}
            ],
            "one_prize_per_player": true,
            "split": "hort",
            "currency": "PLN"
        });
        let v = org.get(&api).1;
        assert_eq!(v["table"], expected, "[{label}] {v}");
        assert_eq!(v["version"], 1, "[{label}]");
        let (_, page) = f.get(&format!("{screen}?saved=1"));
        assert!(page.contains("id=\"prizes-saved\""), "[{label}] {page}");
        assert!(
            page.contains("value=\"1000, 500, 250.50\"") && page.contains("value=\"100.50\""),
            "[{label}] the stored table shown as typed: {page}"
        );
        let (_, public) = visitor.get(&format!("/t/{tid}/prizes"));
        assert!(
            public.contains("Women") && public.contains("250.50 PLN"),
            "[{label}] the public page: {public}"
        );

        // A wrong amount: the form again, the message at the field, what was
        // typed kept, nothing written.
        let (status, _, body) = post(fields("1000, lots", "1"));
        assert_eq!(status, 422, "[{label}] a wrong amount");
        assert!(
            body.contains("id=\"c0_prizes-err\"") && body.contains("is not an amount of money"),
            "[{label}] {body}"
        );
        assert!(body.contains("value=\"1000, lots\""), "[{label}] kept");
        assert_eq!(app.audit_count(), audit + 1, "[{label}] nothing written");
        assert_eq!(org.get(&api).1["table"], expected, "[{label}] unchanged");
        // Prizes going up, in the form's third row.
        let mut up = fields("1000", "1");
        up.retain(|(k, _)| *k != "c2_prizes");
        up.push(("c2_prizes", "5, 10".to_string()));
        let (status, _, body) = post(up);
        assert_eq!(status, 422, "[{label}] increasing");
        assert!(body.contains("id=\"c2_prizes-err\""), "[{label}] {body}");
        // Changed meanwhile (the version read is stale): 409, nothing written.
        // The form keeps what was typed, with the version now stored.
        let (status, _, body) = post(fields("1000", "0"));
        assert_eq!(status, 409, "[{label}] stale version");
        assert!(
            body.contains("was changed meanwhile")
                && body.contains("name=\"version\" value=\"1\"")
                && body.contains("value=\"1000\""),
            "[{label}] {body}"
        );
        assert_eq!(app.audit_count(), audit + 1, "[{label}] nothing written");
        // Removing a category.
        let mut fewer = fields("1000, 500, 250.50", "1");
        fewer.push(("c2_remove", "1".to_string()));
        let (status, _, _) = post(fewer);
        assert_eq!(status, 303, "[{label}] removed");
        let v = org.get(&api).1;
        assert_eq!(
            v["table"]["categories"].as_array().map(Vec::len),
            Some(1),
            "[{label}] {v}"
        );

        // A team event offers team places and boards; an individual
        // category is refused at its row.
        let team = crate::teams::gaps::small_swiss(&org, "Prize Form Cup", 4, 2);
        let screen = format!("/t/{team}/manage/prizes");
        let (status, page) = f.get(&screen);
        assert_eq!(status, 200, "[{label}] {page}");
        assert!(
            page.contains("value=\"teams\"")
                && page.contains("value=\"board\"")
                && !page.contains("value=\"players\""),
            "[{label}] the team kinds: {page}"
        );
        let team_prizes = vec![
            ("csrf", csrf.as_str()),
            ("version", "0"),
            ("c0_name", "Team places"),
            ("c0_kind", "teams"),
            ("c0_prizes", "300, 200"),
            ("c1_name", "Board 1"),
            ("c1_kind", "board"),
            ("c1_board", "1"),
            ("c1_min_games", "2"),
            ("c1_prizes", "50"),
        ];
        let overall = [
            ("c2_name", "Overall"),
            ("c2_kind", "players"),
            ("c2_prizes", "100"),
        ];
        let (status, _, body) = f.post(&screen, &replaced(team_prizes.clone(), &overall));
        assert_eq!(status, 422, "[{label}] an individual category: {body}");
        assert!(
            body.contains("id=\"c2_kind-err\"") && body.contains("individual event"),
            "[{label}] {body}"
        );
        let (status, location, body) = f.post(&screen, &team_prizes);
        assert_eq!(status, 303, "[{label}] team prizes: {location} {body}");
        let v = org.get(&format!("/api/v1/tournaments/{team}/prizes")).1;
        assert_eq!(
            v["table"]["categories"][1]["kind"],
            json!({"type": "board", "board": 1, "min_games": 2}),
            "[{label}] {v}"
        );
    });
}
