//! The regulations on New tournament and Settings, and the round screen, over
//! the page forms (no JavaScript) on SQLite and PostgreSQL: every regulation
//! the form sets reads back identical through the API; Settings changes each
//! field before round 1; after it the fixed fields are text and a forged post
//! is refused with the field named; adjournments switch the desk's Adjourn
//! form; publishing sets the round's start; "Pair round 2" once round 1 is
//! complete; an unchanged results form says nothing changed.

use crate::common;

use common::form::Form;
use common::{backends, on_each_backend, Client, TestApp, USER_PASSWORD};
use serde_json::{json, Value};

/// Logs `user` in through the login page: the form client and its token.
fn login(app: &TestApp, user: &str) -> (Client, Form, String) {
    let api = app.user(user);
    let f = app.form_user(user);
    let csrf = f.csrf("/new");
    (api, f, csrf)
}

/// Every field of the New tournament form, none at its default.
fn full_form(csrf: &str) -> Vec<(&'static str, String)> {
    let s = |v: &str| v.to_string();
    vec![
        ("csrf", s(csrf)),
        ("name", s("Regulations Open")),
        ("place", s("Ostrava")),
        ("federation", s("cze")),
        ("start_date", s("2026-06-01")),
        ("end_date", s("2026-06-07")),
        ("system", s("swiss")),
        ("rounds", s("7")),
        ("variant", s("chess960")),
        ("date1", s("2026-06-01")),
        ("time1", s("10:00")),
        ("date2", s("2026-06-01")),
        ("time2", s("16:30")),
        ("date3", s("")),
        ("time3", s("")),
        ("moves1", s("40")),
        ("base_minutes", s("90")),
        ("moves2", s("")),
        ("minutes2", s("30")),
        ("moves3", s("")),
        ("minutes3", s("")),
        ("increment", s("30")),
        ("delay", s("5")),
        ("default_time_minutes", s("30")),
        ("adjournments", s("0")),
        ("adjournments", s("1")),
        ("resumption_lateness_minutes", s("45")),
        ("win", s("1")),
        ("draw", s("0.5")),
        ("loss", s("0")),
        ("forfeit_win", s("1")),
        ("forfeit_loss", s("0")),
        ("pairing_bye", s("0.5")),
        ("full_bye", s("1")),
        ("half_bye", s("0.5")),
        ("zero_bye", s("0")),
        ("late_entry_bye", s("half")),
        ("initial_color", s("black")),
        ("rating_order", s("national")),
        ("acceleration", s("baku")),
        ("tiebreaks", s("BH, SB")),
        ("laws_edition", s("2018")),
        ("notation", s("cs")),
        ("draw_offer_min_moves", s("30")),
        ("draw_needs_arbiter", s("0")),
        ("draw_needs_arbiter", s("1")),
        ("illegal_moves_lose", s("3")),
        ("illegal_move_bonus_seconds", s("120")),
    ]
}

fn expected_regulations() -> Value {
    json!({
        "name": "Regulations Open",
        "place": "Ostrava",
        "federation": "CZE",
        "start_date": "2026-06-01",
        "end_date": "2026-06-07",
        "system": "swiss",
        "rounds": 7,
        "schedule": [
            {"round": 1, "start": "2026-06-01T10:00"},
            {"round": 2, "start": "2026-06-01T16:30"}
        ],
        "time_control": {
            "periods": [{"moves": 40, "minutes": 90}, {"moves": null, "minutes": 30}],
            "increment_seconds": 30,
            "delay_seconds": 5
        },
        "default_time_minutes": 30,
        "adjournments": true,
        "resumption_lateness_minutes": 45,
        "points": {
            "win": 1.0, "draw": 0.5, "loss": 0.0, "forfeit_win": 1.0, "forfeit_loss": 0.0,
            "pairing_bye": 0.5, "full_bye": 1.0, "half_bye": 0.5, "zero_bye": 0.0
        },
        "late_entry_bye": "half",
        "draw_offer_min_moves": 30,
        "draw_needs_arbiter": true,
        "illegal_moves_lose": 3,
        "illegal_move_bonus_seconds": 120,
        "variant": "chess960",
        "tiebreaks": ["BH", "SB"],
        "initial_color": "black",
        "rating_order": "national",
        "notation": "cs",
        "laws_edition": "2018",
        "acceleration": "baku"
    })
}

fn post(f: &Form, path: &str, fields: &[(&str, String)]) -> (u16, String, String) {
    let refs: Vec<(&str, &str)> = fields.iter().map(|(k, v)| (*k, v.as_str())).collect();
    f.post(path, &refs)
}

/// Creates a tournament through the New tournament form; its id.
fn create(f: &Form, fields: &[(&str, String)], label: &str) -> i64 {
    let (status, location, body) = post(f, "/new", fields);
    assert_eq!(status, 303, "[{label}] created: {body}");
    location.split('/').nth(2).unwrap().parse().unwrap()
}

fn regulations(api: &Client, tid: i64) -> Value {
    api.ok(api.get(&format!("/api/v1/tournaments/{tid}")), 200, "get")["regulations"].clone()
}

#[test]
fn every_regulation_set_on_new_tournament_reads_back_identical() {
    on_each_backend(|app, label| {
        let (api, f, csrf) = login(app, "reg");
        let (_, page) = f.get("/new");
        for (name, _) in full_form(&csrf) {
            assert!(
                page.contains(&format!("name=\"{name}\"")),
                "[{label}] the form offers {name}"
            );
        }
        for legend in [
            "group-basics",
            "group-time",
            "group-points",
            "group-pairing",
            "group-laws",
        ] {
            assert!(
                page.contains(&format!("id=\"{legend}\"")),
                "[{label}] {legend}"
            );
        }
        let tid = create(&f, &full_form(&csrf), label);
        assert_eq!(regulations(&api, tid), expected_regulations(), "[{label}]");

        // A wrong value of each group comes back at its field, everything typed kept.
        let before = app.audit_count();
        for (field, bad, id) in [
            ("time2", "25:61", "time2-err"),
            ("minutes2", "x", "minutes2-err"),
            ("delay", "-1", "delay-err"),
            ("pairing_bye", "0.3", "pairing_bye-err"),
            ("illegal_moves_lose", "11", "illegal_moves_lose-err"),
            ("draw_offer_min_moves", "500", "draw_offer_min_moves-err"),
        ] {
            let mut fields = full_form(&csrf);
            for (k, v) in fields.iter_mut() {
                if *k == field {
                    *v = bad.to_string();
                }
            }
            let (status, _, body) = post(&f, "/new", &fields);
            assert_eq!(status, 422, "[{label}] {field}={bad}");
            assert!(
                body.contains(&format!("id=\"{id}\"")),
                "[{label}] {id}: {body}"
            );
            assert!(
                body.contains(&format!("value=\"{bad}\"")),
                "[{label}] {field} kept as typed"
            );
            assert!(
                body.contains("value=\"Regulations Open\""),
                "[{label}] the name kept"
            );
        }
        assert_eq!(app.audit_count(), before, "[{label}] nothing written");
    });
}

/// A change of the settings: the fields posted, the key it changes, the value read back.
type Change = (Vec<(&'static str, &'static str)>, &'static str, Value);

#[test]
fn settings_change_each_field_before_round_1() {
    on_each_backend(|app, label| {
        let (api, f, csrf) = login(app, "setter");
        let tid = create(&f, &full_form(&csrf), label);
        let page = format!("/t/{tid}/manage/settings");
        let (_, html) = f.get(&page);
        assert!(
            !html.contains("class=\"fixed\""),
            "[{label}] nothing fixed yet"
        );
        // Each change: the fields posted, the key it changes, the value read back.
        let changes: Vec<Change> = vec![
            (vec![("rounds", "9")], "rounds", json!(9)),
            (vec![("variant", "standard")], "variant", json!("standard")),
            (
                vec![("start_date", "2026-05-31")],
                "start_date",
                json!("2026-05-31"),
            ),
            (
                vec![("date3", "2026-06-02"), ("time3", "09:15")],
                "schedule",
                json!([
                    {"round": 1, "start": "2026-06-01T10:00"},
                    {"round": 2, "start": "2026-06-01T16:30"},
                    {"round": 3, "start": "2026-06-02T09:15"}
                ]),
            ),
            (
                vec![("moves2", "20"), ("minutes2", "60"), ("minutes3", "15")],
                "time_control",
                json!({"periods": [{"moves": 40, "minutes": 90}, {"moves": 20, "minutes": 60},
                    {"moves": null, "minutes": 15}], "increment_seconds": 30, "delay_seconds": 5}),
            ),
            (
                vec![("default_time_minutes", "60")],
                "default_time_minutes",
                json!(60),
            ),
            (vec![("adjournments", "0")], "adjournments", json!(false)),
            (
                vec![("resumption_lateness_minutes", "15")],
                "resumption_lateness_minutes",
                json!(15),
            ),
            (
                vec![("zero_bye", "0.5"), ("loss", "0")],
                "points",
                json!({"win": 1.0, "draw": 0.5, "loss": 0.0, "forfeit_win": 1.0, "forfeit_loss": 0.0,
                    "pairing_bye": 0.5, "full_bye": 1.0, "half_bye": 0.5, "zero_bye": 0.5}),
            ),
            (
                vec![("late_entry_bye", "zero")],
                "late_entry_bye",
                json!("zero"),
            ),
            (
                vec![("initial_color", "white")],
                "initial_color",
                json!("white"),
            ),
            (
                vec![("rating_order", "fide")],
                "rating_order",
                json!("fide"),
            ),
            (
                vec![("acceleration", "none")],
                "acceleration",
                json!("none"),
            ),
            (vec![("tiebreaks", "SB")], "tiebreaks", json!(["SB"])),
            (
                vec![("laws_edition", "2023")],
                "laws_edition",
                json!("2023"),
            ),
            (vec![("notation", "pl")], "notation", json!("pl")),
            (
                vec![("draw_offer_min_moves", "0")],
                "draw_offer_min_moves",
                json!(0),
            ),
            (
                vec![("draw_needs_arbiter", "0")],
                "draw_needs_arbiter",
                json!(false),
            ),
            (
                vec![("illegal_moves_lose", "")],
                "illegal_moves_lose",
                Value::Null,
            ),
            (
                vec![("illegal_move_bonus_seconds", "60")],
                "illegal_move_bonus_seconds",
                json!(60),
            ),
            (
                vec![("system", "round_robin")],
                "system",
                json!("round_robin"),
            ),
        ];
        for (fields, key, want) in changes {
            let before = regulations(&api, tid);
            let audit = app.audit_count();
            let mut posted = vec![("csrf", csrf.clone())];
            posted.extend(fields.iter().map(|(k, v)| (*k, v.to_string())));
            let (status, location, body) = post(&f, &page, &posted);
            assert_eq!(status, 303, "[{label}] {key}: {body}");
            let (_, done) = f.get(&location);
            assert!(done.contains(key), "[{label}] says {key} changed");
            let after = regulations(&api, tid);
            assert_eq!(after[key], want, "[{label}] {key}");
            assert_eq!(app.audit_count(), audit + 1, "[{label}] one audit row");
            // Nothing else changed.
            for (k, v) in before.as_object().unwrap() {
                if k != key && !(key == "system" && k == "tiebreaks") {
                    assert_eq!(&after[k], v, "[{label}] {key} left {k} alone");
                }
            }
        }
        // The same form again: nothing to change, nothing written.
        let audit = app.audit_count();
        let (status, location, _) =
            post(&f, &page, &[("csrf", csrf.clone()), ("rounds", "9".into())]);
        assert_eq!(status, 303, "[{label}]");
        assert!(location.contains("done="), "[{label}] {location}");
        assert_eq!(app.audit_count(), audit, "[{label}] no audit row");
    });
}

/// Registers `n` players and pairs round 1 through the API.
fn start(api: &Client, tid: i64, n: usize) {
    for i in 0..n {
        api.add_player(
            tid,
            json!({"name": format!("Player, {i}"), "rating": 2000 - i as i64}),
        );
    }
    api.pair_round(tid);
}

/// A tournament made from the full form by `user`, with four players and
/// round 1 paired: the API client, the form client, its token, the event.
fn started(app: &TestApp, user: &str, label: &str) -> (Client, Form, String, i64) {
    let (api, f, csrf) = login(app, user);
    let tid = create(&f, &full_form(&csrf), label);
    start(&api, tid, 4);
    (api, f, csrf, tid)
}

#[test]
fn fixed_settings_are_text_and_a_forged_change_is_refused() {
    on_each_backend(|app, label| {
        let (api, f, csrf, tid) = started(app, "fixer", label);
        let page = format!("/t/{tid}/manage/settings");
        let (_, html) = f.get(&page);
        assert!(html.contains("class=\"fixed\""), "[{label}] {html}");
        assert!(
            html.contains("Fixed: round 1 is paired."),
            "[{label}] the note why"
        );
        for gone in [
            "rounds",
            "base_minutes",
            "win",
            "variant",
            "adjournments",
            "notation",
        ] {
            assert!(
                !html.contains(&format!("name=\"{gone}\"")),
                "[{label}] {gone} is text, not an input"
            );
        }
        for open in ["name", "end_date", "date3", "tiebreaks"] {
            assert!(
                html.contains(&format!("name=\"{open}\"")),
                "[{label}] {open} may still change"
            );
        }
        assert!(
            html.contains("40 moves / 90 min"),
            "[{label}] the time control as text"
        );
        let stored = regulations(&api, tid);
        for (field, value, key) in [
            ("rounds", "9", "rounds"),
            ("base_minutes", "60", "time_control"),
            ("zero_bye", "1", "points"),
            ("adjournments", "0", "adjournments"),
            ("notation", "en", "notation"),
        ] {
            let audit = app.audit_count();
            let (status, _, body) = post(
                &f,
                &page,
                &[
                    ("csrf", csrf.clone()),
                    ("name", "Renamed".into()),
                    (field, value.into()),
                ],
            );
            assert_eq!(status, 409, "[{label}] {field} after the start");
            assert!(
                body.replace("&#39;", "'")
                    .contains(&format!("'{key}' cannot change")),
                "[{label}] names {key}: {body}"
            );
            assert!(
                body.contains("value=\"Renamed\""),
                "[{label}] typed name kept"
            );
            assert_eq!(app.audit_count(), audit, "[{label}] nothing written");
            assert_eq!(regulations(&api, tid), stored, "[{label}] nothing changed");
        }
        let (status, _, _) = post(
            &f,
            &page,
            &[
                ("csrf", csrf.clone()),
                ("name", "Renamed".into()),
                ("date3", "2026-06-03".into()),
                ("time3", "10:00".into()),
            ],
        );
        assert_eq!(status, 303, "[{label}] the name and schedule still change");
        let now = regulations(&api, tid);
        assert_eq!(now["name"], "Renamed");
        assert_eq!(now["schedule"][2]["start"], "2026-06-03T10:00");
    });
}

fn game_ids(api: &Client, tid: i64, n: i64) -> Vec<(i64, i64)> {
    let r = api.ok(
        api.get(&format!("/api/v1/tournaments/{tid}/rounds/{n}")),
        200,
        "round",
    );
    r["games"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|g| !g["black"].is_null())
        .map(|g| (g["id"].as_i64().unwrap(), g["version"].as_i64().unwrap()))
        .collect()
}

#[test]
fn adjournments_switch_the_adjourn_form() {
    on_each_backend(|app, label| {
        let (api, f, csrf) = login(app, "adj");
        for on in [true, false] {
            let mut fields = full_form(&csrf);
            fields.retain(|(k, v)| !(*k == "adjournments" && v == "1") || on);
            let tid = create(&f, &fields, label);
            assert_eq!(
                regulations(&api, tid)["adjournments"],
                json!(on),
                "[{label}]"
            );
            start(&api, tid, 2);
            let (gid, _) = game_ids(&api, tid, 1)[0];
            let (_, desk) = f.get(&format!("/t/{tid}/manage/games/{gid}"));
            let form = desk.contains(&format!("/manage/games/{gid}/adjourn\""));
            assert_eq!(form, on, "[{label}] adjournments {on}: the form");
            assert_eq!(
                desk.replace("&#39;", "'")
                    .contains("Adjourned games are off in this tournament's regulations"),
                !on,
                "[{label}] adjournments {on}: the note"
            );
            assert_eq!(
                desk.contains(&format!("/t/{tid}/manage/settings#group-time")),
                !on,
                "[{label}] the organizer's link to Settings"
            );
        }
    });
}

#[test]
fn the_round_screen_publishes_with_a_start_and_offers_the_next_round() {
    on_each_backend(|app, label| {
        let (api, f, csrf, tid) = started(app, "rounds", label);
        let screen = format!("/t/{tid}/manage/rounds/1");
        let (_, html) = f.get(&screen);
        assert!(html.contains("Publish round 1"), "[{label}] {html}");
        assert!(
            html.contains("name=\"start\" value=\"10:00\""),
            "[{label}] the start from the schedule"
        );
        assert!(
            html.contains("name=\"date\" value=\"2026-06-01\""),
            "[{label}]"
        );
        // A time that cannot be read publishes nothing.
        let publish = format!("/t/{tid}/manage/rounds/1/publish");
        let audit = app.audit_count();
        let bad = [
            ("csrf", csrf.clone()),
            ("date", "2026-06-01".into()),
            ("start", "25:99".into()),
        ];
        let (status, _, body) = post(&f, &publish, &bad);
        assert_eq!(status, 422, "[{label}]");
        assert!(
            body.contains("id=\"publish-start-err\""),
            "[{label}] {body}"
        );
        assert!(body.contains("value=\"25:99\""), "[{label}] kept as typed");
        assert_eq!(app.audit_count(), audit, "[{label}] nothing written");
        let good = [
            ("csrf", csrf.clone()),
            ("date", "2026-06-01".into()),
            ("start", "10:20".into()),
        ];
        let (status, _, body) = post(&f, &publish, &good);
        assert_eq!(status, 303, "[{label}] {body}");
        assert_eq!(app.audit_count(), audit + 2, "[{label}] publish and start");
        let round = api.ok(
            api.get(&format!("/api/v1/tournaments/{tid}/rounds/1")),
            200,
            "round",
        );
        assert_eq!(round["published"], json!(true), "[{label}]");
        assert_eq!(
            round["scheduled_start"],
            json!("2026-06-01T10:20"),
            "[{label}]"
        );

        let (_, html) = f.get(&screen);
        assert!(
            !html.contains("id=\"next-round\""),
            "[{label}] results are missing"
        );
        // Results by the plain form; "Pair round 2" once they are in.
        let results = format!("/t/{tid}/manage/rounds/1/results");
        let games = game_ids(&api, tid, 1);
        let mut fields = vec![("csrf".to_string(), csrf.clone())];
        for (gid, v) in &games {
            fields.push((format!("r{gid}"), "1-0".into()));
            fields.push((format!("v{gid}"), v.to_string()));
        }
        let refs: Vec<(&str, &str)> = fields
            .iter()
            .map(|(k, v)| (k.as_str(), v.as_str()))
            .collect();
        let (status, location, _) = f.post(&results, &refs);
        assert_eq!(status, 303, "[{label}]");
        assert!(!location.contains("unchanged"), "[{label}] {location}");
        let (_, html) = f.get(&screen);
        assert!(html.contains("Pair round 2"), "[{label}] {html}");
        assert!(html.contains("id=\"next-round\""), "[{label}] prominently");

        // The same results again: nothing changed, nothing written.
        let audit = app.audit_count();
        let (status, location, _) = f.post(&results, &refs);
        assert_eq!(status, 303, "[{label}]");
        assert_eq!(app.audit_count(), audit, "[{label}]");
        let (_, html) = f.get(&location);
        assert!(html.contains("Nothing changed"), "[{label}] {html}");
        f.get("/lang/pl");
        let (_, html) = f.get(&location);
        assert!(html.contains("Nic się nie zmieniło"), "[{label}] in Polish");
        f.get("/lang/en");

        // A refused result names the problem without a bare count of nothing.
        let (gid, _) = games[0];
        let stale = [
            ("csrf".to_string(), csrf.clone()),
            (format!("r{gid}"), "banana".to_string()),
        ];
        let refs: Vec<(&str, &str)> = stale
            .iter()
            .map(|(k, v)| (k.as_str(), v.as_str()))
            .collect();
        let (status, _, body) = f.post(&results, &refs);
        assert_eq!(status, 422, "[{label}]");
        assert!(!body.contains("✓ 0"), "[{label}] {body}");
    });
}

/// New tournament and Settings (before and after round 1) at 1280 and 390 px
/// in English, Polish and Czech: screenshots in `artifacts/regulations/`, and
/// no page wider than its window.
#[test]
fn regulation_pages_fit_at_1280_and_390_px_in_three_languages() {
    use crate::pages_browser::Browser;
    let Some((chromium, driver)) = crate::pages_browser::chromium_and_driver() else {
        return;
    };
    let artifacts =
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../artifacts/regulations");
    std::fs::create_dir_all(&artifacts).unwrap();
    let app = TestApp::start(backends()[0]);
    let (api, f, csrf) = login(&app, "shots");
    let open = create(&f, &full_form(&csrf), "sqlite");
    let running = create(&f, &full_form(&csrf), "sqlite");
    start(&api, running, 4);
    for width in [1280, 390] {
        let b = Browser::start_sized(&chromium, &driver, width, 3200);
        b.log_in(&app.base, "shots", USER_PASSWORD);
        for lang in ["en", "pl", "cs"] {
            b.go(&format!("{}/lang/{lang}", app.base));
            for (name, path) in [
                ("new", "/new".to_string()),
                ("settings", format!("/t/{open}/manage/settings")),
                ("settings-fixed", format!("/t/{running}/manage/settings")),
            ] {
                b.go(&format!("{}{path}", app.base));
                b.wait_for("return document.readyState === 'complete';", "the page");
                b.js("document.querySelectorAll('details').forEach(function (d) { d.open = true; }); return 0;");
                let wide = b.js(
                    "var w = document.documentElement.clientWidth; var out = []; \
                     document.querySelectorAll('form *').forEach(function (e) { \
                       var r = e.getBoundingClientRect(); \
                       if (r.right > w + 1) out.push(e.tagName + '#' + e.id + ' ' + Math.round(r.right)); }); \
                     return out.slice(0, 5).join(', ');",
                );
                b.screenshot(&artifacts, &format!("{name}-{lang}-{width}"));
                assert_eq!(
                    wide.as_str().unwrap_or(""),
                    "",
                    "{name} in {lang} at {width} px: wider than the window"
                );
            }
        }
    }
}
