//! The two pages outside a tournament that reach API writes (issue 33): the
//! administrator's accounts page (`POST /api/v1/users`) and the TRF import
//! (`POST /api/v1/tournaments/import-trf`), over the forms as a browser
//! without JavaScript posts them, on both databases.

use crate::common::form::Form;
use crate::common::{on_each_backend, ADMIN_PASSWORD};

#[test]
fn an_administrator_creates_accounts_on_a_page() {
    on_each_backend(|app, label| {
        let admin = Form::logged_in(&app.base, "admin", ADMIN_PASSWORD);
        let (s, html) = admin.get("/");
        assert_eq!(s, 200);
        assert!(
            html.contains("href=\"/accounts\""),
            "[{label}] the menu links it"
        );
        let csrf = admin.csrf("/accounts");
        let audit = app.audit_count();
        let (s, to, _) = admin.post(
            "/accounts",
            &[
                ("csrf", &csrf),
                ("username", "kapitan1"),
                ("password", "a-long-password-1"),
                ("display_name", "Jan Kapitán"),
            ],
        );
        assert_eq!(
            (s, to.as_str()),
            (303, "/accounts?created=kapitan1"),
            "[{label}]"
        );
        assert_eq!(app.audit_count(), audit + 1, "[{label}] one audit row");
        let (_, html) = admin.get("/accounts?created=kapitan1");
        assert!(html.contains("id=\"account-created\""), "[{label}]");
        assert!(html.contains("Jan Kapitán"), "[{label}] listed");
        // The new account logs in.
        Form::logged_in(&app.base, "kapitan1", "a-long-password-1");

        // A taken name: the form again, the name kept, the error at its field,
        // nothing written.
        let audit = app.audit_count();
        let (s, _, html) = admin.post(
            "/accounts",
            &[
                ("csrf", &csrf),
                ("username", "kapitan1"),
                ("password", "another-password-2"),
                ("display_name", "Someone Else"),
            ],
        );
        assert_eq!(s, 409, "[{label}] {html}");
        assert!(html.contains("value=\"Someone Else\""), "[{label}] kept");
        assert!(html.contains("taken"), "[{label}] says why");
        assert!(
            !html.contains("another-password-2"),
            "[{label}] never echoes a password"
        );
        assert_eq!(app.audit_count(), audit, "[{label}] nothing written");

        // Anyone else: no link, and the page and the post are refused.
        let user = Form::logged_in(&app.base, "kapitan1", "a-long-password-1");
        let (_, home) = user.get("/");
        assert!(!home.contains("href=\"/accounts\""), "[{label}]");
        let (s, _) = user.get("/accounts");
        assert_eq!(s, 403, "[{label}]");
        let csrf = user.csrf("/");
        let (s, _, _) = user.post(
            "/accounts",
            &[
                ("csrf", &csrf),
                ("username", "x1"),
                ("password", "a-long-password-3"),
            ],
        );
        assert_eq!(s, 403, "[{label}]");
        let (s, _) = Form::new(&app.base).get("/accounts");
        assert_eq!(s, 303, "[{label}] a visitor is sent to log in");
    });
}

fn trf_text() -> String {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/n011a-r03.trf");
    std::fs::read_to_string(path).unwrap()
}

#[test]
fn a_tournament_is_imported_from_a_trf_file_on_a_page() {
    on_each_backend(|app, label| {
        let admin = Form::logged_in(&app.base, "admin", ADMIN_PASSWORD);
        let (_, home) = admin.get("/");
        assert!(
            home.contains("href=\"/import-trf\""),
            "[{label}] the menu links it"
        );
        let csrf = admin.csrf("/import-trf");

        // A broken line: the text kept, the line named at the field, nothing written.
        let good = trf_text();
        let broken = good.replacen("001    1", "001    x", 1);
        let audit = app.audit_count();
        let (s, _, html) = admin.post("/import-trf", &[("csrf", &csrf), ("trf", &broken)]);
        assert_eq!(s, 422, "[{label}] {html}");
        assert!(html.contains("id=\"trf-err\""), "[{label}] at its field");
        assert!(
            html.contains("line 5, column 5"),
            "[{label}] names the line: {html}"
        );
        assert!(html.contains("001    x"), "[{label}] the text kept");
        assert_eq!(app.audit_count(), audit, "[{label}] nothing written");
        let (s, _, html) = admin.post("/import-trf", &[("csrf", &csrf), ("trf", "  ")]);
        assert_eq!(s, 422, "[{label}] empty: {html}");

        // A visitor is sent to log in before the file is read.
        let (s, to, _) = Form::new(&app.base).post("/import-trf", &[("trf", &good)]);
        assert_eq!((s, to.as_str()), (303, "/login"), "[{label}]");
        assert_eq!(app.audit_count(), audit, "[{label}] nothing written");

        // The file: a new tournament, its players screen next.
        let (s, to, _) = admin.post("/import-trf", &[("csrf", &csrf), ("trf", &good)]);
        assert_eq!(s, 303, "[{label}]");
        assert!(
            to.starts_with("/t/") && to.ends_with("/manage/players"),
            "[{label}] {to}"
        );
        let tid: i64 = to.split('/').nth(2).unwrap().parse().unwrap();
        let api = app.user("admin");
        let (s, v) = api.get(&format!("/api/v1/tournaments/{tid}/players"));
        assert_eq!(s.as_u16(), 200);
        assert_eq!(v.as_array().map(Vec::len), Some(11), "[{label}] 11 players");
        let (_, v) = api.get(&format!("/api/v1/tournaments/{tid}"));
        assert_eq!(v["regulations"]["name"], "Fixture n011a", "[{label}] {v}");

        // Polish: the sentence in Polish.
        admin.get("/lang/pl");
        let (s, _, html) = admin.post("/import-trf", &[("csrf", &csrf), ("trf", &broken)]);
        assert_eq!(s, 422);
        assert!(
            html.contains("nie można odczytać pliku TRF: "),
            "[{label}] {html}"
        );
    });
}

/// A team TRF file (with `013` records) pasted on the same page becomes a team
/// event with its teams, as `POST …/team-import` makes one.
#[test]
fn a_team_event_is_imported_from_a_team_trf_on_a_page() {
    use serde_json::json;
    on_each_backend(|app, label| {
        let org = app.user("admin");
        let (_, v) = org.post(
            "/api/v1/tournaments",
            json!({"name": "Liga Drużynowa", "rounds": 3}),
        );
        let tid = v["id"].as_i64().unwrap();
        let (s, v) = org.put(
            &format!("/api/v1/tournaments/{tid}/team-event"),
            json!({"system": "swiss", "boards": 2, "rounds": 3}),
        );
        assert_eq!(s.as_u16(), 200, "[{label}] {v}");
        for t in 1..=4 {
            let roster: Vec<_> = (1..=3)
                .map(|k| json!({"name": format!("Gracz {t}-{k}"), "rating": 2200 - 10 * k}))
                .collect();
            let (s, v) = org.post(
                &format!("/api/v1/tournaments/{tid}/teams"),
                json!({"name": format!("Drużyna {t}"), "roster": roster}),
            );
            assert_eq!(s.as_u16(), 201, "[{label}] {v}");
        }
        let (s, trf) = org.get(&format!("/api/v1/tournaments/{tid}/team-export.trf"));
        assert_eq!(s.as_u16(), 200);
        let trf = trf.as_str().unwrap().to_string();

        let admin = Form::logged_in(&app.base, "admin", ADMIN_PASSWORD);
        let csrf = admin.csrf("/import-trf");
        let (s, to, html) = admin.post("/import-trf", &[("csrf", &csrf), ("trf", &trf)]);
        assert_eq!(s, 303, "[{label}] {html}");
        assert!(to.ends_with("/manage/teams"), "[{label}] {to}");
        let copy: i64 = to.split('/').nth(2).unwrap().parse().unwrap();
        assert_ne!(copy, tid);
        let (s, again) = org.get(&format!("/api/v1/tournaments/{copy}/team-export.trf"));
        assert_eq!(s.as_u16(), 200);
        assert_eq!(again.as_str().unwrap(), trf, "[{label}] the same event");
    });
}
