//! A team event in a real browser (issue 33, done-when 2), with clicks and
//! keys only after the login page: the organizer creates a team Swiss,
//! pastes four rosters of five players (four boards), appoints a captain on
//! the team form, pairs and publishes round 1; the captain, on a 390 px
//! phone, opens his team's line-up from the tournament page and enters it;
//! the arbiter enters the other line-ups (the selects start at roster order)
//! and every result by keyboard; the team standings show the match points.
//! Screenshots of each step at 1280 and 390 px go to `artifacts/teams/`.
//!
//! Skips without chromium, unless `ARBITER_REQUIRE_BROWSER=1`.

use crate::pages_browser::Browser;
use app::domain::ids::RoundNo;
use app::domain::{teams, Audience};

use serde_json::json;
use std::path::Path;

const PASSWORD: &str = "team-password-1";

const ROSTERS: &str = "# four teams, five players each, four boards\n\
Hetman Wrocław; POL\n\
Żółć, Łukasz; 2412; IM\n\
Wiśniewska, Zofia; 2301; WGM\n\
Jabłoński, Michał; 2190\n\
Dąbrowska, Joanna; 2101\n\
Ziółkowski, Bartłomiej; 1999\n\
\n\
Slavia Praha; CZE\n\
Čermák, Jiří; 2388; FM\n\
Dvořák, Tomáš; 2290\n\
Svobodová, Kateřina; 2210; WFM\n\
Růžička, Radek; 2150\n\
Šťastný, Zdeněk; 2050\n\
\n\
Polonia Warszawa; POL\n\
Brzęczyszczykiewicz, Grzegorz; 2255\n\
Kowalski, Jan; 2240\n\
Nowak, Piotr; 2180\n\
Lewandowska, Ewa; 2120\n\
Zieliński, Adam; 2010\n\
\n\
Sokol Brno; CZE\n\
Benešová, Šárka; 2230\n\
Novák, Jiří; 2200\n\
Horák, Petr; 2160\n\
Král, Martin; 2100\n\
Veselý, Jan; 1980";

#[test]
fn a_team_swiss_round_in_the_browser() {
    let Some((chromium, driver)) = crate::pages_browser::chromium_and_driver() else {
        return;
    };
    let artifacts = Path::new(env!("CARGO_MANIFEST_DIR")).join("../artifacts/teams");
    std::fs::create_dir_all(&artifacts).unwrap();
    let (dir, db) = crate::common::scratch_sqlite("teams_browser");
    for (user, name) in [("organizer", "Organizer"), ("kapitan", "Jan Kapitan")] {
        crate::common::add_account(&db, user, PASSWORD, name, false);
    }
    let server = crate::common::serve(db.clone(), &dir);
    let site = server.url();
    let b = Browser::start(&chromium, &driver, 1280);
    // The organizer's pages at 390 px too: the same address, for the picture.
    let mirror = Browser::start(&chromium, &driver, 390);
    b.log_in(&site, "organizer", PASSWORD);
    mirror.log_in(&site, "organizer", PASSWORD);
    let shot = |name: &str| b.shot_with(&mirror, &artifacts, name);

    // 1. New tournament: a team Swiss of 3 rounds on 4 boards.
    b.click("a[href='/new']");
    b.loaded("#system", "the new tournament form");
    b.click("#system option[value='team_swiss']");
    b.wait_for(
        "return !document.getElementById('team-fields').hidden;",
        "the team fields shown",
    );
    b.type_into("#name", "Drużynowe Mistrzostwa Łodzi 2026");
    b.type_into("#rounds", "3");
    b.type_into("#team_boards", "4");
    shot("01-new-team-swiss");
    b.click("#create");
    b.loaded("#paste-teams", "the team screen");
    assert!(b.url().ends_with("/manage/teams"), "{}", b.url());
    let tid = b.tournament_id();
    shot("02-team-screen-empty");

    // 2. The four rosters pasted.
    b.type_into("#paste-teams", ROSTERS);
    b.click("#paste-submit");
    b.loaded("#row-team-4", "four teams");
    shot("03-rosters-pasted");

    // 3. The captain appointed on team 2's form.
    b.click("#edit-team-2");
    b.wait_for(
        "return document.querySelector('input[name=number]').value === '2';",
        "team 2's form",
    );
    b.type_into("#tf-captain", "Jan Kapitan");
    b.type_into("#tf-captain-user", "kapitan");
    shot("04-captain-appointed");
    b.click("#save-team");
    b.wait_for(
        "return document.querySelector('#row-team-2') !== null && document.querySelector('#row-team-2').innerText.includes('kapitan');",
        "the captain on the list",
    );

    // 4. Round 1 paired and published.
    b.click("#pair");
    b.loaded("#publish", "the paired round");
    shot("05-round-1-paired");
    b.click("#publish");
    b.wait_for(
        "return document.querySelector('#publish') === null && document.readyState === 'complete';",
        "published",
    );

    // 5. The captain on his phone: the line-up linked from the tournament.
    let phone = Browser::start(&chromium, &driver, 390);
    phone.log_in(&site, "kapitan", PASSWORD);
    phone.click(&format!("a[href='/t/{tid}']"));
    phone.loaded("#captain-link a", "the captain's link");
    assert!(
        phone.text().contains("Your team's line-up for round 1"),
        "{}",
        phone.text()
    );
    phone.screenshot(&artifacts, "06-captain-home-390");
    phone.click("#captain-link a");
    phone.loaded("#submit-lineup", "the line-up form");
    // Roster order by default; the reserve plays board 4.
    let defaults = phone.js("return [1,2,3,4].map(k => document.getElementById('b' + k).value);");
    assert_eq!(defaults, json!(["1", "2", "3", "4"]));
    phone.click("#b4 option[value='5']");
    phone.screenshot(&artifacts, "07-captain-lineup-390");
    phone.assert_fits("the line-up page fits a phone");
    phone.click("#submit-lineup");
    phone.loaded("#lineup-saved", "the line-up saved");
    phone.screenshot(&artifacts, "08-captain-saved-390");
    let r = db
        .read(|conn| teams::round(conn, tid, RoundNo(1), Audience::Staff))
        .unwrap();
    let m = r
        .matches
        .iter()
        .find(|m| m.home.number == 2 || m.away.number == 2)
        .unwrap();
    let (in_, side): (bool, Vec<i32>) = if m.home.number == 2 {
        (
            m.home_lineup_in,
            m.boards
                .iter()
                .map(|b| b.home.as_ref().map_or(0, |p| p.place))
                .collect(),
        )
    } else {
        (
            m.away_lineup_in,
            m.boards
                .iter()
                .map(|b| b.away.as_ref().map_or(0, |p| p.place))
                .collect(),
        )
    };
    assert!(in_, "the captain's line-up is in");
    assert_eq!(side, [1, 2, 3, 5]);

    // 6. The arbiter: the other line-ups as the roster stands (one click each).
    b.click("nav.staff a[href$='/manage/teams']");
    b.loaded("form.lineup", "the team screen");
    for team in [1, 3, 4] {
        // The next click waits for the page the save leads to (the old page
        // has the same forms).
        b.click_to_next_page(&format!("form[action$='/lineups/{team}'] button"));
    }
    shot("09-line-ups-in");

    // 7. Every result by keyboard: the cursor starts in the first empty box;
    //    a result, Tab, …, Enter saves the match and moves to the next one.
    b.wait_for(
        "return document.activeElement && document.activeElement.name === 'm1b1';",
        "match 1, board 1 focused",
    );
    b.keys("1\t=\t0\t1\n");
    b.wait_for(
        "return document.activeElement && document.activeElement.name === 'm2b1';",
        "match 2, board 1 focused",
    );
    b.keys("=\t=\t1\t0\n");
    b.wait_for(
        "return document.querySelectorAll('input[name^=m]').length === 8 && document.activeElement.tagName === 'BODY';",
        "every result saved",
    );
    shot("10-results-entered");
    let r = db
        .read(|conn| teams::round(conn, tid, RoundNo(1), Audience::Public))
        .unwrap();
    let results: Vec<Vec<String>> = r
        .matches
        .iter()
        .map(|m| {
            m.boards
                .iter()
                .map(|b| b.result.clone().unwrap_or_default())
                .collect()
        })
        .collect();
    assert_eq!(
        results,
        [["1-0", "½-½", "0-1", "1-0"], ["½-½", "½-½", "1-0", "0-1"]]
    );
    let winner = r.matches[0].home.name.clone();

    // 8. The team standings: 2 match points for match 1's winner, 1 for
    //    each side of the drawn match, 0 for match 1's loser.
    b.click("nav.tour a[href$='/teams']");
    b.loaded("#team-standings tbody tr", "the team standings");
    shot("11-team-standings");
    let mp = b.js("return [...document.querySelectorAll('#team-standings tbody tr')].map(r => r.cells[2].innerText);");
    assert_eq!(mp, json!(["2", "1", "1", "0"]));
    // Game points have one column, not a second one as a tie-break.
    let gp = b.js("return [...document.querySelectorAll('#team-standings thead th')].filter(h => h.innerText.trim() === 'GP').length;");
    assert_eq!(gp, json!(1), "one GP column");
    let first =
        b.js("return document.querySelector('#team-standings tbody tr').cells[1].innerText;");
    assert_eq!(first.as_str().unwrap_or(""), winner);
    let text = b.text();
    assert!(text.contains("2½"), "game points as 2½: {text}");
    assert!(!text.contains("2.5"), "game points written one way: {text}");
    // The public tournament page of a team event: no individual items.
    b.click(&format!("nav.tour a[href='/t/{tid}']"));
    b.loaded("#team-standings-link", "the tournament page");
    shot("12-tournament-page");
    let text = b.text();
    for absent in ["0 players", "Standings\n", "Register players", "Entries"] {
        assert!(
            !text.contains(absent),
            "{absent:?} on a team event's page: {text}"
        );
    }
    b.click("#team-standings-link");
    b.loaded(
        "#team-standings tbody tr",
        "the standings from the tournament page",
    );
}
