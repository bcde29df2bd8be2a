//! The event day's frictions at the desk, through the pages without
//! JavaScript, on SQLite and PostgreSQL (issue 33): a rating list loaded from
//! a page (upload, the lists, rollback with a confirmation, list managers),
//! and the registration's search saying when there is none; check-in search
//! that ignores case and diacritics; byes and withdrawals that ask before
//! they change results; sex on the registration form and in a pasted list
//! (found by a women's prize); envelope times as `HH:MM` (empty: now); the
//! Adjourn form keeping what was typed with the problem at its field.

use crate::common;

use common::form::Form;
use common::{build, on_each_backend, Client, TestApp, ADMIN_PASSWORD, USER_PASSWORD};
use serde_json::{json, Value};

const NATIONAL: &str = "nr;nazwisko i imię;fed;ranking\n\
    PL-1;Król, Adam;POL;1850\n\
    PL-2;Wiśniewski, Jan;POL;1700\n";
const MAP: &str = "id=1,name=2,fed=3,rating=4,sep=;";

/// A Swiss of `names`, paired and published when `pair`; the organizer `desk`.
fn event(app: &TestApp, names: &[&str], pair: bool) -> (i64, Client) {
    let api = app.user("desk");
    let tid = api.create_tournament(json!({"name": "Frictions Open", "start_date": "2026-05-01", "end_date": "2026-05-03", "rounds": 3,
                   "laws_edition": "2009", "default_time_minutes": 30, "adjournments": true,
                   "schedule": [{"round": 1, "start": "2026-05-01T10:00"}]}));
    for (i, n) in names.iter().enumerate() {
        api.add_player(tid, json!({"name": n, "rating": 2200 - i as i64 * 25}));
    }
    if pair {
        api.pair_round(tid);
        api.publish_round(tid, 1);
    }
    (tid, api)
}

fn players(api: &Client, tid: i64) -> Vec<Value> {
    api.get(&format!("/api/v1/tournaments/{tid}/players"))
        .1
        .as_array()
        .unwrap()
        .clone()
}

fn id_of(api: &Client, tid: i64, name: &str) -> i64 {
    players(api, tid)
        .iter()
        .find(|p| p["name"] == name)
        .unwrap_or_else(|| panic!("no player {name}"))["id"]
        .as_i64()
        .unwrap()
}

#[test]
fn desk_frictions_on_both_backends() {
    on_each_backend(|app, _| {
        rating_list_page(app);
        checkin_search(app);
        confirmations(app);
        sex_on_forms_and_paste(app);
        envelope_times_and_adjourn_form(app);
    });
}

fn rating_list_page(app: &TestApp) {
    let label = app.label();
    let (tid, _) = event(app, &["Nowak, Ewa"], false);
    // Before any list: the registration screen says so, and how to get one.
    let desk = Form::logged_in(&app.base, "desk", USER_PASSWORD);
    let page = desk.get(&format!("/t/{tid}/manage/players")).1;
    assert!(
        page.contains("id=\"rl-no-list\"") && page.contains("No rating list is loaded"),
        "[{label}] {page}"
    );
    assert!(
        page.contains("ask an administrator"),
        "[{label}] not a manager"
    );
    assert!(!page.contains("id=\"nav-rating-lists\""), "[{label}]");
    // Not a list manager: the page shows the lists, no upload form, and a
    // post is refused before its body is read.
    let page = desk.get("/rating-lists").1;
    assert!(!page.contains("id=\"rl-upload\"") && page.contains("id=\"rl-ask\""));
    let csrf = desk.csrf("/rating-lists");
    let (status, _, _) = desk.post_file(
        &format!("/rating-lists/upload?csrf={csrf}"),
        &[("format", "csv"), ("map", MAP)],
        ("file", "national.csv", NATIONAL.as_bytes()),
    );
    assert_eq!(status, 403, "[{label}] a user who is no list manager");
    assert_eq!(
        Form::new(&app.base).get("/rating-lists").0,
        303,
        "anonymous: the login"
    );

    let admin = Form::logged_in(&app.base, "admin", ADMIN_PASSWORD);
    let page = admin.get(&format!("/t/{tid}/manage/players")).1;
    assert!(
        page.contains("id=\"nav-rating-lists\""),
        "[{label}] the menu links it"
    );
    assert!(page.contains("href=\"/rating-lists\""), "[{label}] {page}");
    let page = admin.get("/rating-lists").1;
    assert!(page.contains("id=\"rl-none\"") && page.contains("id=\"rl-progress\""));
    assert!(
        page.contains("enctype=\"multipart/form-data\""),
        "[{label}] posts without a script"
    );
    let csrf = admin.csrf("/rating-lists");
    let upload = format!("/rating-lists/upload?csrf={csrf}");
    // Without the token in the address: refused, nothing read.
    let audit = app.audit_count();
    let (status, _, _) = admin.post_file(
        "/rating-lists/upload",
        &[("format", "csv"), ("map", MAP)],
        ("file", "national.csv", NATIONAL.as_bytes()),
    );
    assert_eq!(status, 403, "[{label}] no CSRF token");
    // A CSV without its mapping: the problem at the mapping, the rest kept.
    let (status, _, body) = admin.post_file(
        &upload,
        &[
            ("format", "csv"),
            ("name", "Ranking PZSzach"),
            ("date", "2026-11-01"),
        ],
        ("file", "national.csv", NATIONAL.as_bytes()),
    );
    assert_eq!(status, 422, "[{label}] {body}");
    assert!(
        body.contains("id=\"rl-map-err\""),
        "[{label}] at its field: {body}"
    );
    assert!(body.contains("value=\"Ranking PZSzach\"") && body.contains("value=\"2026-11-01\""));
    // No file chosen.
    let (status, _, body) = admin.post_file(
        &upload,
        &[("format", "csv"), ("map", MAP)],
        ("file", "", b""),
    );
    assert_eq!(status, 422, "[{label}]");
    assert!(body.contains("id=\"rl-file-err\""), "[{label}] {body}");
    assert_eq!(app.audit_count(), audit, "[{label}] nothing written");
    // Loaded.
    let (status, location, _) = admin.post_file(
        &upload,
        &[
            ("format", "csv"),
            ("map", MAP),
            ("name", "Ranking PZSzach"),
            ("date", "2026-11-01"),
        ],
        ("file", "national.csv", NATIONAL.as_bytes()),
    );
    assert_eq!(status, 303, "[{label}] uploaded");
    let page = admin.get(&location).1;
    assert!(
        page.contains("Ranking PZSzach: 2 players loaded"),
        "[{label}] {page}"
    );
    assert!(
        page.contains("<td>Ranking PZSzach</td><td>2026-11-01</td><td class=\"num\">2</td>"),
        "[{label}] name, date and size: {page}"
    );
    assert_eq!(app.audit_count(), audit + 1, "[{label}] one audit row");
    // The search of the registration: diacritics and case aside.
    let found = app.user("desk").get("/api/v1/rating-lists/search?q=krol").1;
    assert_eq!(found[0]["name"], "Król, Adam", "[{label}] {found}");
    let page = admin.get(&format!("/t/{tid}/manage/players")).1;
    assert!(!page.contains("id=\"rl-no-list\"") && page.contains("id=\"rl-in-use\""));
    assert!(page.contains("data-nothing=\"Nobody in the loaded rating lists matches"));

    // A second list, then back to the first: asked first, without a script.
    let second = format!("{NATIONAL}PL-3;Nowak, Ewa;POL;1500\n");
    let (status, _, _) = admin.post_file(
        &upload,
        &[
            ("format", "csv"),
            ("map", MAP),
            ("name", "Nowsza"),
            ("date", "2026-12-01"),
        ],
        ("file", "second.csv", second.as_bytes()),
    );
    assert_eq!(status, 303, "[{label}]");
    let audit = app.audit_count();
    let (status, _, body) = admin.post(
        "/rating-lists/rollback",
        &[("csrf", &csrf), ("source", "national"), ("confirm", "")],
    );
    assert_eq!(status, 200, "[{label}] the question");
    assert!(body.contains("id=\"confirm-question\"") && body.contains("Yes, go back"));
    assert_eq!(app.audit_count(), audit, "[{label}] nothing yet");
    let (status, _, _) = admin.post(
        "/rating-lists/rollback",
        &[("csrf", &csrf), ("source", "national"), ("confirm", "1")],
    );
    assert_eq!(status, 303, "[{label}] rolled back");
    let page = admin.get("/rating-lists").1;
    assert!(page.contains("<td>Ranking PZSzach</td>") && !page.contains("<td>Nowsza</td>"));

    // A list manager appointed on the page may load lists.
    let (status, _, body) = admin.post(
        "/rating-lists/managers",
        &[
            ("csrf", &csrf),
            ("username", "nobody-here"),
            ("list_manager", "1"),
        ],
    );
    assert_eq!(status, 409, "[{label}] {body}");
    assert!(
        body.contains("id=\"rl-manager-err\""),
        "[{label}] at its field"
    );
    let (status, _, _) = admin.post(
        "/rating-lists/managers",
        &[("csrf", &csrf), ("username", "desk"), ("list_manager", "1")],
    );
    assert_eq!(status, 303, "[{label}] appointed");
    let page = desk.get("/rating-lists").1;
    assert!(page.contains("id=\"rl-upload\"") && page.contains("id=\"nav-rating-lists\""));
    let (status, _, _) = admin.post(
        "/rating-lists/managers",
        &[("csrf", &csrf), ("username", "desk"), ("list_manager", "0")],
    );
    assert_eq!(status, 303, "[{label}] dismissed");
    assert!(!desk.get("/rating-lists").1.contains("id=\"rl-upload\""));
}

/// Four players with the letters a search must fold (Król, Wiśniewski,
/// Řehoř, Nowak), round 1 paired when `paired`, check-in open.
fn checkin_event(app: &TestApp, paired: bool) -> (i64, Client) {
    let (tid, api) = event(
        app,
        &["Król, Adam", "Wiśniewski, Jan", "Řehoř, Petr", "Nowak, Ewa"],
        paired,
    );
    let path = format!("/api/v1/tournaments/{tid}/checkin");
    api.ok(api.put(&path, json!({"open": true})), 200, "open check-in");
    (tid, api)
}

fn checkin_search(app: &TestApp) {
    let label = app.label();
    let (tid, _) = checkin_event(app, false);
    let f = Form::logged_in(&app.base, "desk", USER_PASSWORD);
    let sheet = |q: &str| {
        let (status, body) = f.get(&format!("/t/{tid}/manage/checkin?q={q}"));
        assert_eq!(status, 200, "[{label}] {body}");
        body
    };
    for (q, name) in [
        ("Krol", "Król, Adam"),
        ("wisn", "Wiśniewski, Jan"),
        ("REHOR", "Řehoř, Petr"),
    ] {
        let page = sheet(q);
        assert!(
            page.contains(&format!("<td>{name}</td>")),
            "[{label}] {q} finds {name}"
        );
        assert_eq!(
            page.matches("<tr data-name=").count(),
            1,
            "[{label}] {q}: only {name}"
        );
        assert!(
            page.contains("<tr id=\"checkin-none\" hidden>"),
            "[{label}]"
        );
    }
    // The script's search runs on the folded names.
    let page = sheet("");
    assert!(page.contains("data-name=\"wisniewski jan\""), "[{label}]");
    assert_eq!(page.matches("<tr data-name=").count(), 4);
    // Nothing found: said so.
    let page = sheet("Kasparov");
    assert!(
        page.contains("<tr id=\"checkin-none\"><td"),
        "[{label}] {page}"
    );
    assert!(page.contains("No player matches this search."));
}

fn confirmations(app: &TestApp) {
    let label = app.label();
    let (tid, api) = event(app, &["Bye, Ala", "Quit, Olek", "Stay, Ewa"], false);
    let f = Form::logged_in(&app.base, "desk", USER_PASSWORD);
    let page = f.get(&format!("/t/{tid}/manage/players")).1;
    assert!(
        page.contains(">Half-point bye in round 1</button>"),
        "[{label}] labelled"
    );
    let csrf = f.csrf(&format!("/t/{tid}/manage/players"));
    let byes = || {
        api.get(&format!("/api/v1/tournaments/{tid}/byes"))
            .1
            .as_array()
            .map(Vec::len)
            .unwrap_or(0)
    };
    let bye = format!(
        "/t/{tid}/manage/players/{}/bye",
        id_of(&api, tid, "Bye, Ala")
    );
    let quit_id = id_of(&api, tid, "Quit, Olek");
    let quit = format!("/t/{tid}/manage/players/{quit_id}/withdraw");
    let audit = app.audit_count();
    // Without the script's confirm=1: a question, nothing recorded.
    let (status, _, body) = f.post(
        &bye,
        &[
            ("csrf", &csrf),
            ("round", "1"),
            ("kind", "half"),
            ("confirm", ""),
        ],
    );
    assert_eq!(status, 200, "[{label}] {body}");
    assert!(body.contains("id=\"confirm-question\"") && body.contains("Bye, Ala"));
    assert!(body.contains("Yes, record it"), "[{label}]");
    let (status, _, body) = f.post(&quit, &[("csrf", &csrf)]);
    assert_eq!(status, 200, "[{label}] {body}");
    assert!(
        body.contains("Quit, Olek: withdraw from the tournament?"),
        "[{label}]"
    );
    assert_eq!(app.audit_count(), audit, "[{label}] nothing written");
    assert_eq!(byes(), 0);
    let p = api
        .get(&format!("/api/v1/tournaments/{tid}/players/{quit_id}"))
        .1;
    assert_eq!(p["player"]["status"], "active", "[{label}]");
    // Confirmed: recorded.
    let (status, _, _) = f.post(
        &bye,
        &[
            ("csrf", &csrf),
            ("round", "1"),
            ("kind", "half"),
            ("confirm", "1"),
        ],
    );
    assert_eq!(status, 303, "[{label}] bye");
    let (status, _, _) = f.post(&quit, &[("csrf", &csrf), ("confirm", "1")]);
    assert_eq!(status, 303, "[{label}] withdrawal");
    assert_eq!(app.audit_count(), audit + 2, "[{label}]");
    assert_eq!(byes(), 1, "[{label}]");
    let p = api
        .get(&format!("/api/v1/tournaments/{tid}/players/{quit_id}"))
        .1;
    assert_eq!(p["player"]["status"], "withdrawn", "[{label}]");
}

fn sex_on_forms_and_paste(app: &TestApp) {
    let label = app.label();
    let (tid, api) = event(app, &[], false);
    let f = Form::logged_in(&app.base, "desk", USER_PASSWORD);
    let path = format!("/t/{tid}/manage/players");
    let page = f.get(&path).1;
    assert!(
        page.contains("<select id=\"p-sex\" name=\"sex\">"),
        "[{label}]"
    );
    assert!(
        page.contains("sex (m, or f/w for a woman)"),
        "[{label}] the paste help"
    );
    let csrf = f.csrf(&path);
    let (status, _, _) = f.post(
        &path,
        &[("csrf", &csrf), ("name", "Formowa, Ola"), ("sex", "f")],
    );
    assert_eq!(status, 303, "[{label}] registered");
    // A sex the form does not know: at its field, everything kept.
    let (status, _, body) = f.post(
        &path,
        &[("csrf", &csrf), ("name", "Zła, Płeć"), ("sex", "x")],
    );
    assert_eq!(status, 422, "[{label}]");
    assert!(body.contains("value=\"Zła, Płeć\""), "[{label}] kept");
    // The pasted list's seventh column, in the letters of the languages.
    let paste = "Kowalska, Anna; 2100; ; POL; ; ; K\n\
                 Nováková, Jana; 2050; ; CZE; ; ; ž\n\
                 Smith, Mary; 2000; ; ENG; ; ; W\n\
                 Kowalski, Jan; 2150; ; POL; ; ; m\n\
                 Nowy, Piotr; 1900\n";
    let (status, _, body) = f.post(
        &format!("/t/{tid}/manage/import"),
        &[("csrf", &csrf), ("csv", paste)],
    );
    assert_eq!(status, 303, "[{label}] {body}");
    let (status, _, body) = f.post(
        &format!("/t/{tid}/manage/import"),
        &[("csrf", &csrf), ("csv", "Zły, Wiersz; 1800; ; ; ; ; q\n")],
    );
    assert_eq!(status, 422, "[{label}]");
    assert!(
        body.contains("line 1: sex:") && body.contains("is not a sex"),
        "[{label}] {body}"
    );
    let all = players(&api, tid);
    let sex = |n: &str| all.iter().find(|p| p["name"] == n).unwrap()["sex"].clone();
    assert_eq!(sex("Formowa, Ola"), "f");
    assert_eq!(sex("Kowalska, Anna"), "f");
    assert_eq!(sex("Nováková, Jana"), "f");
    assert_eq!(sex("Smith, Mary"), "f");
    assert_eq!(sex("Kowalski, Jan"), "m");
    assert_eq!(sex("Nowy, Piotr"), "");
    // A women's prize finds the pasted women (every game won by White).
    let women: Vec<i64> = [
        "Formowa, Ola",
        "Kowalska, Anna",
        "Nováková, Jana",
        "Smith, Mary",
    ]
    .iter()
    .map(|n| id_of(&api, tid, n))
    .collect();
    api.ok(
        api.put(
            &format!("/api/v1/tournaments/{tid}/prizes"),
            json!({"table": {"categories": [{"name": "Women", "rules": [{"type": "women"}], "prizes": [400, 300, 200, 100]}],
                             "one_prize_per_player": true, "split": "equal", "currency": "PLN"}, "version": 0}),
        ),
        200,
        "prize table",
    );
    api.pair_round(tid);
    api.publish_round(tid, 1);
    build::play(&api, tid, 1);
    let prizes = api.get(&format!("/api/v1/tournaments/{tid}/prizes")).1;
    let mut awarded: Vec<i64> = prizes["awards"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|a| a["category"] == "Women")
        .map(|a| a["player_id"].as_i64().unwrap())
        .collect();
    awarded.sort();
    let mut expected = women.clone();
    expected.sort();
    assert_eq!(awarded, expected, "[{label}] the women found: {prizes}");
}

fn envelope_times_and_adjourn_form(app: &TestApp) {
    let label = app.label();
    let (tid, api) = event(
        app,
        &["A, Anna", "B, Bartek", "C, Celina", "D, Dawid"],
        true,
    );
    let f = Form::logged_in(&app.base, "desk", USER_PASSWORD);
    let round = api.get(&format!("/api/v1/tournaments/{tid}/rounds/1")).1;
    let gid = round["games"][0]["id"].as_i64().unwrap();
    let desk = format!("/t/{tid}/manage/games/{gid}");
    let csrf = f.csrf(&desk);
    let audit = app.audit_count();
    // A resumption that is no date: the form again, all typed kept (the
    // sealed move too), the problem at its field and not at the top.
    let fields = |resume: &'static str| {
        vec![
            ("csrf", csrf.clone()),
            ("sealed_move", "Nf3".to_string()),
            ("sealed_move_number", "41".to_string()),
            ("white_time_used", "1:30:00".to_string()),
            ("black_time_used", "1:41:15".to_string()),
            ("resume_day", "2026-05-02".to_string()),
            ("resume_time", resume.to_string()),
            ("resume_place", "Sala B".to_string()),
            (
                "fen",
                "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1".to_string(),
            ),
        ]
    };
    let owned = fields("tomorrow");
    let typed: Vec<(&str, &str)> = owned.iter().map(|(k, v)| (*k, v.as_str())).collect();
    let (status, _, body) = f.post(&format!("{desk}/adjourn"), &typed);
    assert_eq!(status, 422, "[{label}] {body}");
    assert_eq!(app.audit_count(), audit, "[{label}] nothing written");
    for kept in [
        "name=\"sealed_move\" value=\"Nf3\"",
        "name=\"sealed_move_number\" value=\"41\"",
        "name=\"white_time_used\" value=\"1:30:00\"",
        "name=\"black_time_used\" value=\"1:41:15\"",
        "name=\"resume_day\" value=\"2026-05-02\"",
        "name=\"resume_time\" value=\"tomorrow\"",
        "name=\"resume_place\" value=\"Sala B\"",
    ] {
        assert!(body.contains(kept), "[{label}] kept: {kept}");
    }
    assert!(
        body.contains("id=\"resume_at-err\""),
        "[{label}] at its field: {body}"
    );
    assert!(
        body.contains("aria-describedby=\"resume_at-err\""),
        "[{label}]"
    );
    assert!(
        !body.contains("<p class=\"problem\" role=\"alert\">write the resumption"),
        "[{label}] not at the top"
    );
    let owned = fields("10:00");
    let typed: Vec<(&str, &str)> = owned.iter().map(|(k, v)| (*k, v.as_str())).collect();
    let (status, _, _) = f.post(&format!("{desk}/adjourn"), &typed);
    assert_eq!(status, 303, "[{label}] adjourned");
    let env = api
        .get(&format!(
            "/api/v1/tournaments/{tid}/games/{gid}/adjournments"
        ))
        .1;
    let aid = env[0]["id"].as_i64().unwrap();
    let present = format!("/t/{tid}/manage/envelopes/{aid}/present");
    // The time of day falls on the resumption's day; seconds are kept.
    let page = f.get(&desk).1;
    assert!(
        page.contains("data-now=\"at") && page.contains("placeholder=\"HH:MM\""),
        "[{label}]"
    );
    let (status, _, body) = f.post(
        &present,
        &[("csrf", &csrf), ("who", "replier"), ("at", "25:61")],
    );
    assert_eq!(status, 422, "[{label}] {body}");
    assert!(body.contains("is not a time; write HH:MM"), "[{label}]");
    let (status, _, _) = f.post(
        &present,
        &[("csrf", &csrf), ("who", "replier"), ("at", "9:58:30")],
    );
    assert_eq!(status, 303, "[{label}]");
    // Empty: now.
    let (status, _, _) = f.post(&present, &[("csrf", &csrf), ("who", "sealer"), ("at", "")]);
    assert_eq!(status, 303, "[{label}]");
    let env = api
        .get(&format!(
            "/api/v1/tournaments/{tid}/games/{gid}/adjournments"
        ))
        .1;
    assert_eq!(
        env[0]["replier_present_at"], "2026-05-02T09:58:30",
        "[{label}] {env}"
    );
    let today = chrono::Local::now().format("%Y-%m-%dT").to_string();
    assert!(
        env[0]["sealer_present_at"]
            .as_str()
            .unwrap()
            .starts_with(&today),
        "[{label}] now: {env}"
    );
    // Opening at a time of day.
    let (status, _, body) = f.post(
        &format!("/t/{tid}/manage/envelopes/{aid}/open"),
        &[("csrf", &csrf), ("at", "10:00")],
    );
    assert_eq!(status, 303, "[{label}] opened: {body}");
}

/// The script's part in a real browser (headless Chromium): the fold of the
/// check-in search is the server's, Enter picks the one player left without
/// leaving the page, "now" fills a time box, the upload shows its progress
/// bar; then screenshots of the four screens at 1280 and 390 px in English,
/// Polish and Czech (`artifacts/frictions/`).
#[test]
fn desk_frictions_in_a_browser() {
    use crate::pages_browser::Browser;
    let Some((chromium, driver)) = crate::pages_browser::chromium_and_driver() else {
        return;
    };
    let app = TestApp::start(app::db::Backend::Sqlite);
    let site = app.base.clone();
    let (tid, api) = checkin_event(&app, true);
    let round = api.get(&format!("/api/v1/tournaments/{tid}/rounds/1")).1;
    let gid = round["games"][0]["id"].as_i64().unwrap();
    api.ok(
        api.post(
            &format!("/api/v1/tournaments/{tid}/games/{gid}/adjournments"),
            json!({"sealed_move": "Nf3", "white_time_used_seconds": 5400, "black_time_used_seconds": 6000,
                   "fen": "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1",
                   "resume_at": "2026-05-02T10:00", "resume_place": "Sala B"}),
        ),
        201,
        "adjourn",
    );
    let artifacts = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../artifacts/frictions");
    std::fs::create_dir_all(&artifacts).unwrap();
    let list = std::env::temp_dir().join(format!("arbiter-frictions-{}.txt", std::process::id()));
    let mut txt = Vec::new();
    app::ratinggen::write_txt(&mut txt, 40_000).unwrap();
    std::fs::write(&list, &txt).unwrap();

    for width in [1280u32, 390] {
        let b = Browser::start_sized(&chromium, &driver, width, 900);
        b.log_in(&site, "admin", ADMIN_PASSWORD);

        // The same folding on both sides, letter by letter.
        b.go(&format!("{site}/t/{tid}/manage/checkin"));
        let samples = [
            "Król",
            "Wiśniewski",
            "ŁUKASZ Żółć",
            "Řehoř Růžička",
            "Děčín Ťažký",
            "Straße ẞ",
            "Ærø Œuvre Þór",
            "Đoković Ðuro",
            "ıİ",
            "Ħal Ŧ Ŀ ĸ Ŋ",
            "  KOWALSKI,JAN ",
            "O'Brien-Smith",
        ];
        for s in samples {
            let js = b.js(&format!("return window.arbiterFold({});", json!(s)));
            assert_eq!(
                js,
                json!(app::domain::fold::fold(s)),
                "the script folds {s:?}"
            );
        }
        // Enter filters; with one player left it picks them, no submit.
        let before = b.url();
        b.click("#checkin-search");
        b.keys("krol\n");
        b.wait_for(
            "return document.querySelectorAll('#checkin-sheet tr[data-name]:not([hidden])').length === 1;",
            "one player left",
        );
        let picked = b.js("var r = document.querySelector('#checkin-sheet tr.chosen'); \
             return r && r.contains(document.activeElement) && document.activeElement.tagName === 'BUTTON' ? r.getAttribute('data-name') : null;");
        assert_eq!(picked, json!("krol adam"), "picked, its button focused");
        assert_eq!(b.url(), before, "Enter did not leave the page");
        b.type_into("#checkin-search", "kasparov");
        b.wait_for(
            "return !document.getElementById('checkin-none').hidden;",
            "the no-match row",
        );
        b.type_into("#checkin-search", "wisn");
        b.wait_for(
            "return document.querySelectorAll('#checkin-sheet tr[data-name]:not([hidden])').length === 1 \
             && document.getElementById('checkin-none').hidden;",
            "Wiśniewski found",
        );

        // "Now" fills the time box with the time of day.
        b.go(&format!("{site}/t/{tid}/manage/games/{gid}"));
        b.click("button[data-now^=\"at\"]");
        let typed = b.js("return document.querySelector('input[name=at]').value;");
        let t = typed.as_str().unwrap_or("");
        assert!(
            t.len() == 5
                && t.as_bytes()[2] == b':'
                && t.replace(':', "").chars().all(|c| c.is_ascii_digit()),
            "now: {typed}"
        );

        // The upload: the progress bar is shown while the file goes.
        b.go(&format!("{site}/rating-lists"));
        b.js("sessionStorage.clear(); var send = XMLHttpRequest.prototype.send; \
              XMLHttpRequest.prototype.send = function (body) { \
                var shown = function () { return !document.getElementById('rl-progress-box').hidden; }; \
                sessionStorage.setItem('bar-at-send', String(shown())); \
                this.upload.addEventListener('progress', function () { \
                  sessionStorage.setItem('bar-in-progress', String(shown()) + ' ' + document.getElementById('rl-progress').value); }); \
                return send.call(this, body); };");
        b.send_rating_list(&list);
        assert_eq!(
            b.js("return sessionStorage.getItem('bar-at-send');"),
            json!("true")
        );
        let during = b.js("return sessionStorage.getItem('bar-in-progress');");
        assert!(
            during.as_str().is_some_and(|s| s.starts_with("true ")),
            "the bar while sending: {during}"
        );
        assert!(b.text().contains("40000 players loaded"), "{}", b.text());

        for lang in ["en", "pl", "cs"] {
            for (name, path) in [
                ("rating-lists", "/rating-lists".to_string()),
                ("checkin", format!("/t/{tid}/manage/checkin")),
                ("players", format!("/t/{tid}/manage/players#list")),
                (
                    "game-desk",
                    format!("/t/{tid}/manage/games/{gid}#adjournment"),
                ),
            ] {
                let (at, anchor) = path.split_once('#').unwrap_or((&path, ""));
                b.go(&format!(
                    "{site}/lang/{lang}?back={}",
                    at.replace('/', "%2F")
                ));
                b.wait_for(
                    &format!("return document.documentElement.lang === '{lang}';"),
                    "the language",
                );
                if !anchor.is_empty() {
                    // The screenshot is taken from the top of the page: the
                    // parts above the section are left out of it.
                    b.js(&format!(
                        "var n = document.getElementById('{anchor}').previousElementSibling; \
                         while (n) {{ n.style.display = 'none'; n = n.previousElementSibling; }}"
                    ));
                }
                b.screenshot(&artifacts, &format!("{width}-{lang}-{name}"));
            }
        }
    }
    let _ = std::fs::remove_file(&list);
}
