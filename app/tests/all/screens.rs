//! Every staff screen and the public pages of the demo event and of a team
//! event (its captain's line-up page too), and the administrator's rating
//! lists and accounts, in headless Chromium at 1280 and 390 px, in English,
//! Polish and Czech (issue 33):
//! a screenshot of each into `artifacts/screens/`, and two checks on each:
//! - the menus fit: no link of the tournament's or the staff's menu ends
//!   outside the window, and neither menu scrolls sideways; on a phone the
//!   staff menu takes at most 150 px;
//! - a Polish or Czech page shows no English sentence of the pages' text
//!   table or of the server's messages (read from `app/src/i18n`).
//!
//! Needs `chromium` and `chromium-driver`; without them it says `SKIPPED`
//! unless `ARBITER_REQUIRE_BROWSER=1`.

use crate::pages_browser::Browser;
use app::domain::{users, Actor};
use app::server::Background;
use serde_json::{json, Value};
use std::path::Path;

/// Text between the first pair of double quotes at or after `from`, with
/// `\"` unescaped; and where it ended.
fn quoted(s: &str, from: usize) -> Option<(String, usize)> {
    let start = s[from..].find('"')? + from + 1;
    let mut out = String::new();
    let mut chars = s[start..].char_indices();
    while let Some((i, c)) = chars.next() {
        match c {
            '\\' => {
                if let Some((_, n)) = chars.next() {
                    out.push(n);
                }
            }
            '"' => return Some((out, start + i + 1)),
            c => out.push(c),
        }
    }
    None
}

/// The literal pieces of an English text (between `{…}` placeholders) that
/// are long enough to be a sentence no Polish or Czech page would hold by
/// chance: at least three words and 16 characters.
fn pieces(english: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut rest = english;
    loop {
        let (piece, after) = match rest.find('{') {
            Some(i) => (&rest[..i], rest[i..].find('}').map(|j| &rest[i + j + 1..])),
            None => (rest, None),
        };
        let p = piece.trim_matches(|c: char| c.is_whitespace() || ",.;:()–-·".contains(c));
        let words = p.split_whitespace().filter(|w| w.len() >= 2).count();
        if words >= 3 && p.len() >= 16 {
            out.push(p.to_string());
        }
        match after {
            Some(a) => rest = a,
            None => return out,
        }
    }
}

/// English sentences of the pages (`"key" => ("English", "Polish")` lines)
/// and of the server's messages (`("English", "translation")` lines), with
/// each language's own text, so a sentence the same in both is left out.
fn english_sentences(lang: &str) -> Vec<String> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("src/i18n");
    let mut out = Vec::new();
    let pages = std::fs::read_to_string(root.join("mod.rs")).unwrap();
    let czech = std::fs::read_to_string(root.join("cs.rs")).unwrap();
    for line in pages.lines() {
        let t = line.trim();
        if !(t.starts_with('"') && t.contains("=> (\"")) {
            continue;
        }
        let Some((key, end)) = quoted(t, 0) else {
            continue;
        };
        let Some((en, end)) = quoted(t, end) else {
            continue;
        };
        let Some((pl, _)) = quoted(t, end) else {
            continue;
        };
        let own = if lang == "pl" {
            pl
        } else {
            let at = format!("\"{key}\" =>");
            czech
                .lines()
                .find(|l| l.trim().starts_with(&at))
                .and_then(|l| quoted(l.trim(), at.len()).map(|(s, _)| s))
                .unwrap_or_default()
        };
        if own != en {
            out.extend(
                pieces(&en)
                    .into_iter()
                    .filter(|p| !own.contains(p.as_str())),
            );
        }
    }
    let messages = std::fs::read_to_string(root.join(format!("errors/{lang}.rs"))).unwrap();
    for line in messages.lines() {
        let t = line.trim();
        if !t.starts_with("(\"") {
            continue;
        }
        let Some((en, end)) = quoted(t, 0) else {
            continue;
        };
        let Some((own, _)) = quoted(t, end) else {
            continue;
        };
        out.extend(
            pieces(&en)
                .into_iter()
                .filter(|p| !own.contains(p.as_str())),
        );
    }
    out.sort();
    out.dedup();
    out
}

/// What is wrong with the page shown: menu links outside the window, a menu
/// scrolling sideways, English sentences on a Polish or Czech page.
fn problems(b: &Browser, lang: &str, english: &[String]) -> Vec<String> {
    let mut out = Vec::new();
    let fit = b.js(
        "var w = document.documentElement.clientWidth, bad = [];\
         document.querySelectorAll('nav.tour, nav.staff').forEach(function (n) {\
           if (n.scrollWidth > n.clientWidth + 1) bad.push(n.className + ' scrolls sideways');\
           n.querySelectorAll('a').forEach(function (a) {\
             var r = a.getBoundingClientRect();\
             if (r.right > w + 1 || r.left < -1) bad.push(n.className + ': ' + a.textContent.trim() + ' ends at ' + Math.round(r.right) + ' of ' + w);\
           });\
         });\
         var staff = document.querySelector('nav.staff');\
         if (w <= 400 && staff && staff.getBoundingClientRect().height > 150)\
           bad.push('the staff menu takes ' + Math.round(staff.getBoundingClientRect().height) + ' px of a phone');\
         return bad;",
    );
    for p in fit.as_array().into_iter().flatten() {
        out.push(p.as_str().unwrap_or("").to_string());
    }
    if lang != "en" {
        let text = b.text();
        for s in english {
            if text.contains(s.as_str()) {
                out.push(format!("English on a {lang} page: \"{s}\""));
            }
        }
    }
    out
}

#[test]
fn every_staff_screen_fits_and_speaks_the_language() {
    let Some((chromium, driver)) = crate::pages_browser::chromium_and_driver() else {
        return;
    };
    let artifacts = Path::new(env!("CARGO_MANIFEST_DIR")).join("../artifacts/screens");
    std::fs::create_dir_all(&artifacts).unwrap();
    let (dir, db) = crate::common::scratch_sqlite("screens");
    let staff = app::demo::load(&db).expect("demo");
    assert!(staff.iter().any(|(r, _, _)| *r == "organizer"), "{staff:?}");
    // An administrator (the rating lists and accounts are theirs), who is
    // staff of every event and the captain of a team.
    let (user, password) = ("chief", "screens-password-1");
    db.write(|conn| users::create_user(conn, &Actor::system(), user, password, "Chief", true))
        .expect("administrator");
    let server: Background = crate::common::serve(db.clone(), &dir);
    let site = server.url();

    // The demo's Swiss: its id, a game, a player (from the public API).
    let http = reqwest::blocking::Client::new();
    let get = |path: &str| -> Value {
        http.get(format!("{site}{path}"))
            .send()
            .unwrap()
            .json()
            .unwrap()
    };
    let list = get("/api/v1/tournaments");
    let swiss = list
        .as_array()
        .unwrap()
        .iter()
        .find(|t| t["players"].as_i64() == Some(30))
        .unwrap_or_else(|| panic!("no 30-player demo Swiss: {list}"));
    let tid = swiss["id"].as_i64().unwrap();
    let round = get(&format!("/api/v1/tournaments/{tid}/rounds/7"));
    let gid = round["games"][0]["id"]
        .as_i64()
        .unwrap_or_else(|| panic!("a game of round 7: {round}"));
    let pid = round["games"][0]["white"]["id"]
        .as_i64()
        .unwrap_or_else(|| panic!("its white player: {round}"));

    // A team Swiss: four teams and the chief's own, round 1 played, round 2
    // published (its line-ups open: the captain's page has a form).
    let mut api = crate::common::Client::new(&site);
    assert_eq!(api.login(user, password).0, 200, "the API session");
    let team = crate::teams::gaps::small_swiss(&api, "Liga Drużyn 2026", 4, 3);
    api.add_team(
        team,
        json!({"name": "Kapitanat", "captain_username": user, "roster": [
                {"name": "Żółkiewski, Stanisław", "rating": 2105},
                {"name": "Dvořáková, Běla", "rating": 2050, "federation": "CZE"},
                {"name": "Kowal, Ewa", "rating": 1980}]}),
    );
    crate::teams::gaps::pair(&api, team);
    crate::teams::gaps::publish(&api, team, 1);
    crate::teams::gaps::play_out(&api, team, 1);
    crate::teams::gaps::pair(&api, team);
    crate::teams::gaps::publish(&api, team, 2);

    let screens: Vec<(&str, String)> = vec![
        ("home", "/".into()),
        ("new", "/new".into()),
        ("import-trf", "/import-trf".into()),
        ("t-home", format!("/t/{tid}")),
        ("t-round", format!("/t/{tid}/rounds/7")),
        ("t-standings", format!("/t/{tid}/standings")),
        ("t-crosstable", format!("/t/{tid}/crosstable")),
        ("t-players", format!("/t/{tid}/players")),
        ("t-player", format!("/t/{tid}/players/{pid}")),
        ("t-game", format!("/t/{tid}/games/{gid}")),
        ("t-prizes", format!("/t/{tid}/prizes")),
        ("m-settings", format!("/t/{tid}/manage/settings")),
        ("m-players", format!("/t/{tid}/manage/players")),
        ("m-entries", format!("/t/{tid}/manage/entries")),
        ("m-checkin", format!("/t/{tid}/manage/checkin")),
        ("m-round", format!("/t/{tid}/manage/rounds/7")),
        ("m-arrivals", format!("/t/{tid}/manage/rounds/7/arrivals")),
        ("m-game", format!("/t/{tid}/manage/games/{gid}")),
        ("m-prizes", format!("/t/{tid}/manage/prizes")),
        ("m-audit", format!("/t/{tid}/manage/audit")),
        ("m-codes", format!("/t/{tid}/manage/checkin/codes")),
        ("m-norms", format!("/t/{tid}/manage/norms")),
        ("m-publishing", format!("/t/{tid}/manage/publishing")),
        (
            "m-player-edit",
            format!("/t/{tid}/manage/players/{pid}/edit"),
        ),
        ("t-hall", format!("/t/{tid}/hall")),
        ("t-norms", format!("/t/{tid}/norms")),
        ("rating-lists", "/rating-lists".into()),
        ("accounts", "/accounts".into()),
        ("team-manage", format!("/t/{team}/manage/teams")),
        ("team-settings", format!("/t/{team}/manage/settings")),
        ("team-prizes", format!("/t/{team}/manage/prizes")),
        ("team-audit", format!("/t/{team}/manage/audit")),
        ("team-home", format!("/t/{team}")),
        ("team-standings", format!("/t/{team}/teams")),
        ("team-round", format!("/t/{team}/teams/rounds/1")),
        ("team-crosstable", format!("/t/{team}/teams/crosstable")),
        ("team-lineup", format!("/t/{team}/lineup")),
        ("team-norms", format!("/t/{team}/manage/norms")),
        ("m-rating-lists", format!("/t/{tid}/manage/rating-lists")),
    ];
    let mut all = Vec::new();
    for width in [1280u32, 390] {
        let b = Browser::start_sized(&chromium, &driver, width, 900);
        b.log_in(&site, user, password);
        for lang in ["en", "pl", "cs"] {
            b.go(&format!("{site}/lang/{lang}"));
            let english = english_sentences(if lang == "en" { "pl" } else { lang });
            assert!(
                english.len() > 100,
                "the English sentences were read ({})",
                english.len()
            );
            for (name, path) in &screens {
                b.go(&format!("{site}{path}"));
                b.screenshot(&artifacts, &format!("{lang}-{width}-{name}"));
                let refused = b.js(
                    "var e = document.getElementById('error-message'); return e ? e.textContent : null;",
                );
                if let Some(why) = refused.as_str() {
                    all.push(format!("{lang} {width} px {path}: an error page: {why}"));
                }
                for p in problems(&b, lang, &english) {
                    all.push(format!("{lang} {width} px {path}: {p}"));
                }
            }
        }
    }
    assert!(
        all.is_empty(),
        "{} problems (screenshots in artifacts/screens/):\n{}",
        all.len(),
        all.join("\n")
    );
}

#[test]
fn the_sentence_pieces_are_long_literal_runs() {
    // "clear it first" is too short to tell a language by.
    assert_eq!(
        pieces("board {} already has the result {}; clear it first"),
        vec!["already has the result".to_string()]
    );
    assert_eq!(
        pieces("the TRF file cannot be read: {}"),
        vec!["the TRF file cannot be read".to_string()]
    );
    assert!(pieces("{} min").is_empty());
    let pl = english_sentences("pl");
    assert!(pl
        .iter()
        .any(|s| s == "only an administrator sees the accounts"));
    // The same in both (a name, a code) is not an English sentence.
    assert!(!pl.iter().any(|s| s == "FIDE"));
}
