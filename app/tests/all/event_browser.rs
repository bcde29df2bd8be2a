//! An individual Swiss from "New tournament" to the prize list in a real
//! browser (issue 33, done-when 1), with clicks and keys only after the login
//! page — no API call and no typed address:
//!
//! - the administrator loads a FIDE rating list (TXT) on the rating-lists page;
//! - the organizer creates a three-round Swiss (schedule, default time,
//!   adjourned games allowed), registers players found in the list (searched
//!   without accents) and typed by keyboard, takes two online entries (one by
//!   FIDE id) and approves them, appoints an arbiter;
//! - check-in: the organizer marks players present by keyboard, one player
//!   confirms with her code on a phone, one stays absent (not paired);
//! - round 1: paired and published with its start; results by keyboard; a
//!   late arrival past the default time (forfeit) on the arrivals page; a
//!   penalty that loses the game (refused first without the position: the
//!   form keeps what was typed and shows the problem at its field);
//! - the prize table; a half-point bye for round 2 (confirmed);
//! - round 2: a result typed wrong and corrected with a reason; a game
//!   adjourned with its sealed move, then — by the appointed arbiter on a
//!   390 px phone — both players marked present and the envelope opened
//!   (the move read back and judged legal), and the game's result entered;
//! - a withdrawal before round 3 (confirmed); round 3 by keyboard; the page
//!   offers the final standings and the prize list, which a visitor reads.
//!
//! Screenshots of each step at 1280 and 390 px go to `artifacts/event/`.
//! Skips without chromium, unless `ARBITER_REQUIRE_BROWSER=1`.

use crate::pages_browser::{Browser, TempDir};
use app::db::Database;
use app::domain::ids::{RoundNo, TournamentId};
use app::domain::rounds::GameView;
use app::domain::Audience;

use serde_json::json;
use std::path::Path;

const PASSWORD: &str = "event-password-1";

/// The players of the generated rating list (`app::ratinggen`, by index) the
/// organizer registers from it, and what is typed to find each: the name
/// without its accents, or the FIDE id.
const FROM_THE_LIST: [(u64, &str, &str); 6] = [
    (4, "Jabłuez, Tomasz", "jabluez"),
    (0, "Garcńska, Andrzej", "garcnska"),
    (5, "Hansy, Ivan", "1000035"),
    (2, "Jabłová, Ángel", "jablova"),
    (3, "Šimunsen, Jiří", "simunsen"),
    (OLSCZAK.0, OLSCZAK.1, "olsczak"),
];
/// The woman of the list: she confirms her presence on her own phone.
const OLSCZAK: (u64, &str) = (11, "Olsczak, Ingrid");
/// The player who enters online by his FIDE id alone.
const JAW: (u64, &str) = (1, "Jaw, Günther");

/// Types `keys` into the result box of board `board` (the "go to board" box
/// first), and waits until `saved` rows are marked saved.
fn result_by_keyboard(b: &Browser, board: i64, keys: &str, saved: usize) {
    b.click("#jump");
    b.keys(&format!("{board}\n"));
    b.wait_for(
        &format!(
            "var a = document.activeElement; return a && a.classList.contains('result') && a.closest('tr').getAttribute('data-board') === '{board}';"
        ),
        "the board's result box",
    );
    b.keys(keys);
    b.wait_for(
        &format!("return document.querySelectorAll('table.entry tr.saved').length === {saved};"),
        "the result saved",
    );
}

/// Types `text` into the box `css` and presses Enter, which posts its form;
/// waits for the page that answers.
fn type_and_enter(b: &Browser, css: &str, text: &str) {
    b.to_next_page(
        || b.type_into(css, &format!("{text}\u{E007}")),
        &format!("the answer to {text} in {css}"),
    );
}

fn round(db: &Database, tid: TournamentId, n: i32) -> Vec<GameView> {
    db.read(|conn| app::domain::rounds::get(conn, tid, RoundNo(n), Audience::Staff))
        .expect("round")
        .games
}

/// The game of `round` where `name` plays, and whether as White.
fn game_of<'a>(games: &'a [GameView], name: &str) -> (&'a GameView, bool) {
    games
        .iter()
        .find_map(|g| {
            if g.white.name == name {
                Some((g, true))
            } else if g.black.as_ref().is_some_and(|p| p.name == name) {
                Some((g, false))
            } else {
                None
            }
        })
        .unwrap_or_else(|| panic!("{name} has no game"))
}

#[test]
fn an_individual_swiss_from_new_tournament_to_the_prize_list() {
    let Some((chromium, driver)) = crate::pages_browser::chromium_and_driver() else {
        return;
    };
    for (i, name, _) in FROM_THE_LIST {
        assert_eq!(app::ratinggen::player(i).name, name, "the generated list");
    }
    assert_eq!(app::ratinggen::player(OLSCZAK.0).name, OLSCZAK.1);
    assert_eq!(app::ratinggen::player(JAW.0).name, JAW.1);
    let jaw_id = app::ratinggen::fide_id(JAW.0);

    let artifacts = Path::new(env!("CARGO_MANIFEST_DIR")).join("../artifacts/event");
    std::fs::create_dir_all(&artifacts).unwrap();
    let dir = TempDir::new("event_browser");
    let list = dir.join("players_list.txt");
    let mut txt = Vec::new();
    app::ratinggen::write_txt(&mut txt, 500).unwrap();
    std::fs::write(&list, &txt).unwrap();

    let db = Database::open(&dir.join("event.db").to_string_lossy(), 8).expect("database");
    for (user, name, admin) in [
        ("admin", "Anna Admin", true),
        ("organizer", "Olga Organizer", false),
        ("sedzia", "Piotr Sędzia", false),
    ] {
        crate::common::add_account(&db, user, PASSWORD, name, admin);
    }
    let server = crate::common::serve(db.clone(), &dir);
    let site = server.url();
    let b = Browser::start(&chromium, &driver, 1280);
    let mirror = Browser::start(&chromium, &driver, 390);
    let shot = |name: &str| b.shot_with(&mirror, &artifacts, name);

    // 1. The administrator loads the FIDE list (TXT) with its name.
    b.log_in(&site, "admin", PASSWORD);
    b.click("#nav-rating-lists");
    b.loaded("#rl-file", "the rating lists page");
    b.type_into("#rl-name", "FIDE November 2026");
    b.send_rating_list(&list);
    assert!(
        b.text().contains("FIDE November 2026: 500 players loaded"),
        "{}",
        b.text()
    );
    b.screenshot(&artifacts, "01-rating-list-1280");
    b.click_to_next_page("form[action='/logout'] button");

    // 2. The organizer: a new three-round Swiss.
    b.log_in(&site, "organizer", PASSWORD);
    mirror.log_in(&site, "organizer", PASSWORD);
    b.click("a[href='/new']");
    b.loaded("#system", "the new tournament form");
    b.type_into("#name", "Memoriał Rubinsteina 2026");
    b.type_into("#place", "Łódź");
    b.type_into("#federation", "POL");
    // Dates typed into the browser's date fields: month, day, year.
    b.type_into("#start_date", "11282026");
    b.type_into("#end_date", "11292026");
    b.type_into("#rounds", "3");
    b.click("#group-basics details summary");
    for (n, day, time) in [
        (1, "11282026", "10:00"),
        (2, "11282026", "16:00"),
        (3, "11292026", "10:00"),
    ] {
        b.type_into(&format!("#date{n}"), day);
        b.type_into(&format!("#time{n}"), time);
    }
    b.type_into("#base_minutes", "90");
    b.type_into("#increment", "30");
    b.type_into("#default_time_minutes", "30");
    b.click("#adjournments");
    shot("02-new-tournament");
    b.click("#create");
    b.loaded("#p-name", "the registration page");
    let tid = b.tournament_id();
    assert!(b.text().contains("FIDE November 2026"), "the list in use");

    // 3. Players from the list: found without accents (or by FIDE id), the
    //    choice fills the form, Register.
    for (_, name, typed) in FROM_THE_LIST {
        b.type_into("#rl-q", typed);
        b.wait_for(
            "return document.querySelectorAll('#rl-found li button').length === 1;",
            &format!("{typed} found in the list"),
        );
        b.click("#rl-found li button");
        b.wait_for(
            &format!(
                "return document.getElementById('p-name').value === {};",
                json!(name)
            ),
            "the form filled from the list",
        );
        b.click_to_next_page("#register");
        assert!(
            b.text().contains(&format!("{name}: registered")),
            "{}",
            b.text()
        );
    }
    // Two more typed by keyboard: name, Tab, rating, Enter.
    for (name, rating) in [("Nowicki, Paweł", 2050), ("Dąbrowska, Ewa", 1990)] {
        b.wait_for(
            "return document.activeElement && document.activeElement.id === 'p-name';",
            "the name field focused",
        );
        b.to_next_page(
            || b.keys(&format!("{name}\t{rating}\n")),
            "the player registered",
        );
    }
    // An arbiter appointed.
    b.type_into("#staff-user", "sedzia");
    b.click_to_next_page("#appoint");
    assert!(b.text().contains("sedzia (arbiter)"), "{}", b.text());
    shot("03-players-registered");

    // 4. Online entries: the organizer opens the form; a visitor enters on a
    //    phone, another by FIDE id only; the organizer approves both.
    b.click("nav.staff a[href$='/manage/entries']");
    b.loaded("#ef-open", "the entries screen");
    b.click("#ef-open");
    b.click_to_next_page("#entry-form-save");
    let phone = Browser::start(&chromium, &driver, 390);
    phone.go(&format!("{site}/"));
    phone.click(&format!("a[href='/t/{tid}']"));
    phone.loaded(&format!("a[href='/t/{tid}/entry']"), "the entry link");
    phone.click_to_next_page(&format!("a[href='/t/{tid}/entry']"));
    phone.type_into("#e-name", "Kowalczyk, Marta");
    phone.type_into("#e-rating", "1875");
    phone.type_into("#e-fed", "POL");
    phone.type_into("#e-email", "marta@example.org");
    phone.click_to_next_page("#entry-send");
    assert!(
        phone
            .text()
            .contains("Kowalczyk, Marta: your entry is received"),
        "{}",
        phone.text()
    );
    phone.screenshot(&artifacts, "04-entry-sent-390");
    phone.type_into("#e-fide", &jaw_id.to_string());
    phone.click("input[name=from_rating_list]");
    phone.type_into("#e-email", "gj@example.org");
    phone.click_to_next_page("#entry-send");
    b.click_to_next_page("nav.staff a[href$='/manage/entries']");
    let entries = b.text();
    assert!(
        entries.contains("Kowalczyk, Marta") && entries.contains(JAW.1),
        "{entries}"
    );
    shot("05-entries");
    for _ in 0..2 {
        b.click_to_next_page("form[action$='/approve'] button");
    }
    assert_eq!(
        b.js("return document.querySelectorAll(\"form[action$='/approve']\").length;"),
        json!(0)
    );

    // 5. Check-in for round 1: seven marked by the organizer (search without
    //    accents, Enter picks, Enter marks), Olsczak by her code on her phone,
    //    Šimunsen does not come.
    b.click_to_next_page("nav.staff a[href$='/manage/checkin']");
    b.click_to_next_page("#checkin-start");
    b.click_to_next_page("#issue-codes");
    for typed in [
        "dabrowska",
        "garcnska",
        "hansy",
        "jablova",
        "jabluez",
        "jaw",
        "kowalczyk",
        "nowicki",
    ] {
        b.click("#checkin-search");
        b.keys(&format!("{typed}\n"));
        b.wait_for(
            "return document.querySelectorAll('#checkin-sheet tr[data-name]:not([hidden])').length === 1 \
             && document.activeElement.tagName === 'BUTTON';",
            &format!("{typed} picked"),
        );
        b.to_next_page(|| b.keys("\n"), &format!("{typed} marked present"));
    }
    let code = b.js(&format!(
        "return [...document.querySelectorAll('#checkin-sheet tr')].find(r => r.innerText.includes({})).cells[3].innerText.trim();",
        json!(OLSCZAK.1)
    ));
    let code = code.as_str().expect("a check-in code").to_lowercase();
    phone.go(&format!("{site}/"));
    phone.click(&format!("a[href='/t/{tid}']"));
    phone.loaded(&format!("a[href='/t/{tid}/checkin']"), "the check-in link");
    phone.click_to_next_page(&format!("a[href='/t/{tid}/checkin']"));
    phone.type_into("#c-code", &code);
    phone.click_to_next_page("#checkin-send");
    assert!(
        phone
            .text()
            .contains(&format!("{}: present for round 1", OLSCZAK.1)),
        "{}",
        phone.text()
    );
    phone.screenshot(&artifacts, "06-self-check-in-390");
    b.go(&b.url());
    b.loaded("#checkin-count", "the check-in sheet");
    assert!(b.text().contains("Present: 9 · Not yet: 1"), "{}", b.text());
    shot("07-check-in");

    // 6. Round 1: "Pair round 1", review, publish with its start (10:00 from
    //    the schedule, offered in the box).
    b.click("#nav-step");
    b.loaded("#pair-next", "the pairing screen");
    b.click_to_next_page("#pair-next");
    b.loaded("#publish", "the review");
    assert_eq!(
        b.js("return document.getElementById('publish-start').value;"),
        json!("10:00")
    );
    shot("08-round-1-review");
    b.click_to_next_page("#publish");
    b.loaded("table.entry", "the results screen");
    let r1 = round(&db, tid, 1);
    assert_eq!(
        r1.len(),
        6,
        "4 games, the pairing bye and the absent player"
    );
    let (absent, _) = game_of(&r1, "Šimunsen, Jiří");
    assert!(absent.black.is_none() && absent.white_points == Some(0.0));
    let late = "Dąbrowska, Ewa";
    let penalized = JAW.1;
    // The two other games by keyboard: 1 on the first, = on the second.
    let others: Vec<i64> = r1
        .iter()
        .filter(|g| g.black.is_some())
        .filter(|g| {
            let names = [
                g.white.name.as_str(),
                g.black.as_ref().unwrap().name.as_str(),
            ];
            !names.contains(&late) && !names.contains(&penalized)
        })
        .map(|g| i64::from(g.board))
        .collect();
    assert_eq!(others.len(), 2, "{r1:?}");
    result_by_keyboard(&b, others[0], "1", 1);
    result_by_keyboard(&b, others[1], "=", 2);

    // The late arrival: Dąbrowska comes at 10:35, after the 30 minutes.
    let (late_game, late_white) = game_of(&r1, late);
    let gid = late_game.id;
    b.click_to_next_page("#arrivals-link");
    let (late_box, other_box) = if late_white {
        (format!("#wa{gid}"), format!("#ba{gid}"))
    } else {
        (format!("#ba{gid}"), format!("#wa{gid}"))
    };
    b.type_into(&other_box, "10:00");
    b.type_into(&late_box, "10:35");
    b.click_to_next_page(&format!("#preview-{gid}"));
    let consequence = b.el(&format!("#consequence-{gid}"));
    let said = b.cmd(
        reqwest::Method::GET,
        &format!("/element/{consequence}/text"),
        None,
    );
    assert!(
        said.as_str().unwrap_or("").contains("loses by default"),
        "{said}"
    );
    shot("09-late-arrival");
    b.click_to_next_page(&format!("#confirm-{gid}"));
    let expected = if late_white { "-/+" } else { "+/-" };
    assert_eq!(game_of(&round(&db, tid, 1), late).0.result, expected);

    // The penalty: Jaw's phone rang. Without the position the desk asks for
    // it at the field and keeps the rest; with it, the game is lost.
    let (pen_game, pen_white) = game_of(&r1, penalized);
    let pen_gid = pen_game.id;
    b.click_to_next_page(&format!(
        "fieldset legend a[href$='/manage/games/{pen_gid}']"
    ));
    let jaw_option = pen_game
        .black
        .as_ref()
        .filter(|_| !pen_white)
        .map_or(pen_game.white.id, |p| p.id);
    b.click(&format!("#player_id option[value='{jaw_option}']"));
    b.click("#kind option[value='game_lost']");
    b.type_into("#note", "mobile phone rang in the playing hall");
    b.click_to_next_page("#record-penalty");
    assert_eq!(
        b.js("return [document.getElementById('player_id').value, document.getElementById('kind').value, \
              document.getElementById('note').value, !!document.getElementById('final_fen-err')];"),
        json!([jaw_option.to_string(), "game_lost", "mobile phone rang in the playing hall", true]),
        "the refused penalty keeps what was typed, the problem at its field"
    );
    shot("10-penalty-refused");
    b.type_into(
        "#final_fen",
        "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1",
    );
    b.click_to_next_page("#record-penalty");
    assert!(b.text().contains("game declared lost"), "{}", b.text());
    let expected = if pen_white { "0-1" } else { "1-0" };
    assert_eq!(game_of(&round(&db, tid, 1), penalized).0.result, expected);
    shot("11-penalty-recorded");

    // 7. The prize table: three open prizes and one for the best woman.
    b.click_to_next_page("nav.staff a[href$='/manage/prizes']");
    b.type_into("#currency", "PLN");
    b.type_into("#c0_name", "Open");
    b.type_into("#c0_prizes", "1000, 600, 300");
    b.type_into("#c1_name", "Women");
    b.type_into("#c1_prizes", "200");
    b.click("#c1_women");
    b.click_to_next_page("#save-prizes");
    assert!(b.url().contains("saved=1"), "{}", b.text());
    shot("12-prize-table");

    // 8. A half-point bye for Hansy in round 2, confirmed.
    b.click_to_next_page("nav.staff a[href$='/manage/players']");
    let hansy = r1
        .iter()
        .flat_map(|g| std::iter::once(&g.white).chain(g.black.as_ref()))
        .find(|p| p.name == "Hansy, Ivan")
        .expect("Hansy")
        .id;
    let question = b.click_confirmed(
        &format!("form[action$='/players/{hansy}/bye'] button.bye-half"),
        "the bye recorded",
    );
    assert!(question.contains("Hansy, Ivan (½), Round 2"), "{question}");

    // 9. Round 2: paired from the step in the menu, published.
    assert_eq!(
        b.js("return document.getElementById('nav-step').innerText;"),
        json!("Pair round 2")
    );
    b.click_to_next_page("#nav-step");
    b.click_to_next_page("#pair-next");
    b.click_to_next_page("#publish");
    let r2 = round(&db, tid, 2);
    let (bye, _) = game_of(&r2, "Hansy, Ivan");
    assert!(
        bye.black.is_none() && bye.white_points == Some(0.5),
        "{bye:?}"
    );
    let played: Vec<&GameView> = r2.iter().filter(|g| g.black.is_some()).collect();
    assert_eq!(played.len(), 4);
    // Boards 2–4 by keyboard; board 2 typed wrong (1), then corrected to a
    // draw with the reason (the cursor goes to the reason box).
    result_by_keyboard(&b, 2, "1", 1);
    b.keys("01");
    b.wait_for(
        "return document.querySelectorAll('table.entry tr.saved').length === 3;",
        "boards 3 and 4 saved",
    );
    b.click("#jump");
    b.keys("2\n=");
    b.wait_for(
        "var a = document.activeElement; return a && a.name && a.name.startsWith('why');",
        "the reason box of the correction",
    );
    b.keys("scoresheets signed 1/2-1/2\n");
    b.wait_for(
        "return document.querySelector(\"tr[data-board='2']\").classList.contains('saved') \
         && document.querySelector(\"tr[data-board='2'] input.result\").value === '½-½';",
        "the correction saved",
    );
    shot("13-round-2-corrected");
    let corrected = round(&db, tid, 2);
    assert_eq!(corrected[1].result, "½-½");

    // Board 1 is adjourned: the moves so far, the sealed move (3.Bb5),
    // the clocks, the resumption at 20:00 in Sala B.
    let adjourned = played[0].id;
    b.click_to_next_page(&format!("table.entry a[href$='/manage/games/{adjourned}']"));
    b.type_into("#text", "1.e4 e5 2.Nf3 Nc6");
    b.click_to_next_page("#save-moves");
    b.type_into("#sealed_move", "Bb5");
    b.type_into("#sealed_move_number", "3");
    b.type_into("#white_time_used", "1:10:00");
    b.type_into("#black_time_used", "1:25:00");
    // The resumption: the day box offers today; the time of day is typed.
    b.type_into("#resume_time", "20:00");
    b.type_into("#resume_place", "Sala B");
    b.click_to_next_page("#adjourn");
    assert!(b.text().contains("Envelope 1: sealed"), "{}", b.text());
    assert!(!b.text().contains("Bb5"), "the sealed move is secret");
    shot("14-adjourned");

    // 10. The appointed arbiter at the resumption, on a phone: both players
    //     present, the envelope opened; the move read back and judged legal.
    let arbiter = Browser::start(&chromium, &driver, 390);
    arbiter.log_in(&site, "sedzia", PASSWORD);
    arbiter.click(&format!("a[href='/t/{tid}']"));
    arbiter.loaded("#nav-step", "the arbiter's menu");
    arbiter.click_to_next_page("#nav-step");
    arbiter.click_to_next_page(&format!("table.entry a[href$='/manage/games/{adjourned}']"));
    // Each time typed, then Enter (the form's own button).
    type_and_enter(&arbiter, "#at1", "19:55");
    arbiter.click("#who1 option[value='sealer']");
    type_and_enter(&arbiter, "#at1", "19:58");
    type_and_enter(&arbiter, "#oat1", "20:00");
    let opened = arbiter.js("return document.getElementById('adjournment').innerText;");
    let opened = opened.as_str().unwrap_or("");
    assert!(
        opened.contains("Bb5") && opened.contains("legal"),
        "{opened}"
    );
    // The outcome in words, not the engine's code.
    assert!(
        arbiter
            .text()
            .contains("Envelope 1: opened — the game continues")
            && !opened.contains("Continue"),
        "{opened}"
    );
    arbiter.screenshot(&artifacts, "15-envelope-opened-390");
    arbiter.assert_fits("the game desk fits a phone");
    // The resumed game ends 0-1, entered on the results screen.
    arbiter.click_to_next_page("nav.staff a.step, #nav-step");
    arbiter.click("#jump");
    arbiter.keys("1\n0");
    arbiter.wait_for(
        "return document.querySelector(\"tr[data-board='1']\").classList.contains('saved');",
        "the resumed game's result",
    );
    assert_eq!(round(&db, tid, 2)[0].result, "0-1");

    // 11. Dąbrowska withdraws before round 3 (confirmed); round 3 paired
    //     without her, its results by keyboard.
    b.click_to_next_page("nav.staff a[href$='/manage/players']");
    let dabrowska = r1
        .iter()
        .flat_map(|g| std::iter::once(&g.white).chain(g.black.as_ref()))
        .find(|p| p.name == late)
        .expect("Dąbrowska")
        .id;
    let question = b.click_confirmed(
        &format!("form[action$='/players/{dabrowska}/withdraw'] button"),
        "the withdrawal recorded",
    );
    assert!(question.contains("withdraw"), "{question}");
    b.click_to_next_page("#nav-step");
    b.click_to_next_page("#pair-next");
    b.click_to_next_page("#publish");
    let r3 = round(&db, tid, 3);
    assert!(
        r3.iter()
            .all(|g| g.white.name != late && g.black.as_ref().is_none_or(|p| p.name != late)),
        "the withdrawn player is not paired: {r3:?}"
    );
    let boards = r3.iter().filter(|g| g.black.is_some()).count();
    assert_eq!(boards, 4);
    result_by_keyboard(&b, 1, "1=0=", 4);
    b.wait_for(
        "return !document.getElementById('next-step').hidden;",
        "the end of the event offered",
    );
    shot("16-last-round");

    // 12. The final standings and the prize list, as a visitor reads them.
    b.click_to_next_page("#final-standings");
    b.loaded("#standings tbody tr", "the standings");
    let rows = b.js(
        "var heads = [...document.querySelectorAll('#standings thead th')].map(h => h.innerText.trim()); \
         var pts = heads.indexOf('Pts'), name = heads.indexOf('Name'); \
         return [...document.querySelectorAll('#standings tbody tr')].map(r => \
           [r.cells[0].innerText.trim(), r.cells[name].innerText.trim(), r.cells[pts].innerText.trim()]);",
    );
    let rows: Vec<Vec<String>> = serde_json::from_value(rows).unwrap();
    assert_eq!(rows.len(), 10, "{rows:?}");
    // Every point of the event is in the standings: three rounds of four
    // games, the pairing byes (1 each, rounds 1–3), Hansy's ½ and nothing
    // for the absent Šimunsen in round 1.
    let total: f64 = rows
        .iter()
        .map(|r| {
            let p = &r[2];
            let half = if p.ends_with('½') { 0.5 } else { 0.0 };
            p.trim_end_matches('½').parse::<f64>().unwrap_or(0.0) + half
        })
        .sum();
    assert_eq!(total, 4.0 * 3.0 + 3.0 + 0.5, "{rows:?}");
    // The name cell holds the title, the name and the federation.
    let winner = rows[0][1].clone();
    shot("17-final-standings");
    b.click_to_next_page("nav.tour a[href$='/prizes']");
    let prizes = b.text();
    assert!(prizes.contains("1000.00 PLN"), "{prizes}");
    let first = b.js("return document.querySelector('table tbody tr').cells[1].innerText.trim();");
    let first = first.as_str().unwrap_or("");
    assert!(
        !first.is_empty() && winner.contains(first),
        "the first prize to the winner: {first:?}, {winner:?}"
    );
    let women = b.js("return [...document.querySelectorAll('table')][1].querySelector('tbody tr').cells[1].innerText.trim();");
    assert_eq!(women, json!(OLSCZAK.1), "the women's prize");
    shot("18-prize-list");
    // The correction is in the audit log with its reason.
    b.click_to_next_page("nav.staff a[href$='/manage/audit']");
    shot("19-audit-log");
    assert!(
        b.text().contains("scoresheets signed 1/2-1/2"),
        "{}",
        b.text()
    );
    drop(arbiter);
    drop(phone);
    server.stop();
}
