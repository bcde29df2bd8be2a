//! What players and spectators read (issue 33): the player card names this
//! round's board, colour and opponent; the start list prints (PDF and the
//! players page's print); crosstable cells name opponents by starting number,
//! in the page's colour letters and plural; clock times and dates as people
//! write them; labels apart from their values; penalties in words with the
//! player's name; one way of writing half points; error pages that do not
//! offer "Log in" to someone logged in; printouts that embed only the glyphs
//! they use. Database tests run on SQLite and PostgreSQL.

use crate::common::{backends, on_each_backend, Client, TestApp};
use crate::exports_pdf::read_pdf;
use app::i18n::{Lang, Tr};
use html5gum::{Token, Tokenizer};
use serde_json::{json, Value};

const NAMES: &[&str] = &[
    "Łukasz Żółć",
    "Jiří Čermák",
    "Zdeněk Šťastný",
    "Bożena Łęcka",
    "Ondřej Říha",
    "Małgorzata Ćwik",
    "Petr Novák",
    "Grzegorz Brzęczyszczykiewicz",
];

struct Event {
    tid: i64,
    org: Client,
    /// Players as registered: (id, name).
    players: Vec<(i64, String)>,
}

impl Event {
    fn path(&self, rest: &str) -> String {
        format!("/api/v1/tournaments/{}{rest}", self.tid)
    }

    fn round(&self, n: u32) -> Value {
        self.org.get(&self.path(&format!("/rounds/{n}"))).1
    }

    fn pair_and_publish(&self, n: u32) -> Value {
        self.org
            .ok(self.org.post(&self.path("/rounds"), json!({})), 201, "pair");
        self.org.ok(
            self.org
                .post(&self.path(&format!("/rounds/{n}/publish")), json!({})),
            200,
            "publish",
        );
        self.round(n)
    }

    fn result(&self, game: &Value, result: &str) {
        self.org.ok(
            self.org.put(
                &self.path(&format!("/games/{}/result", game["id"])),
                json!({"result": result, "version": game["version"]}),
            ),
            200,
            "result",
        );
    }

    /// The starting number of every player, from the API.
    fn start_numbers(&self) -> std::collections::HashMap<i64, i64> {
        let list = self.org.get(&self.path("/players")).1;
        list.as_array()
            .expect("players")
            .iter()
            .map(|p| (p["id"].as_i64().unwrap(), p["start_no"].as_i64().unwrap()))
            .collect()
    }
}

/// A Swiss of `n` players (names with Polish and Czech diacritics, FIDE ids).
fn event(app: &TestApp, n: usize) -> Event {
    let org = app.user("boss");
    let tid = org.create_tournament(
        json!({"name": "Memoriał Żółtego Gońca", "place": "Třeboň", "start_date": "2026-03-01",
                   "end_date": "2026-03-05", "rounds": 5, "adjournments": true}),
    );
    let mut players = Vec::new();
    for i in 0..n {
        let name = match NAMES.get(i) {
            Some(n) => n.to_string(),
            None => format!("Hráč Číslo{i:02}"),
        };
        // Ratings not in registration order, so the numbers reorder the list.
        let rating = 1800 + ((i * 37) % 23) as i32 * 20;
        let p = org.add_player(tid, json!({"name": name, "rating": rating, "federation": if i % 2 == 0 { "POL" } else { "CZE" },
                       "title": if i == 1 { "IM" } else { "" }, "fide_id": 1_170_000 + i as i64}));
        players.push((p["id"].as_i64().unwrap(), name));
    }
    Event { tid, org, players }
}

/// GET a page in `lang` (`Accept-Language`), anonymous.
fn page(app: &TestApp, path: &str, lang: &str) -> (u16, String) {
    let res = reqwest::blocking::Client::new()
        .get(format!("{}{path}", app.base))
        .header("Accept-Language", lang)
        .send()
        .expect("request");
    (res.status().as_u16(), res.text().unwrap())
}

fn ok_page(app: &TestApp, path: &str, lang: &str) -> String {
    let (status, html) = page(app, path, lang);
    assert_eq!(status, 200, "[{}] {path}: {html}", app.label());
    html
}

/// The text a reader sees, tags dropped (entities decoded), whitespace folded.
fn text_of(html: &str) -> String {
    let mut out = String::new();
    let mut skip = 0;
    for token in Tokenizer::new(html) {
        let Ok(token) = token;
        match token {
            Token::StartTag(t) if matches!(&t.name[..], b"script" | b"style") => skip += 1,
            Token::EndTag(t) if matches!(&t.name[..], b"script" | b"style") => skip -= 1,
            Token::String(s) if skip == 0 => out.push_str(&String::from_utf8_lossy(&s)),
            _ => {}
        }
    }
    out.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// The cells (text) of each row of the table with id or class `marker`'s
/// first `<tbody>` after it.
fn rows_after(html: &str, marker: &str) -> Vec<Vec<String>> {
    let at = html
        .find(marker)
        .unwrap_or_else(|| panic!("{marker} on the page"));
    let body = &html[at..];
    let body = &body[body.find("<tbody>").expect("tbody")..];
    let body = &body[..body.find("</tbody>").expect("/tbody")];
    body.split("<tr")
        .skip(1)
        .map(|row| {
            row.split("<td")
                .skip(1)
                .map(|cell| {
                    let inner = &cell[cell.find('>').unwrap() + 1..];
                    let inner = inner.split("</td>").next().unwrap();
                    text_of(inner)
                })
                .collect()
        })
        .collect()
}

/// The element with `id`'s HTML (up to its first closing `</p>`/`</ul>`).
fn element<'a>(html: &'a str, id: &str, end: &str) -> &'a str {
    let at = html
        .find(&format!("id=\"{id}\""))
        .unwrap_or_else(|| panic!("#{id} missing in:\n{html}"));
    let rest = &html[at..];
    let rest = &rest[rest.find('>').map_or(0, |p| p + 1)..];
    &rest[..rest.find(end).unwrap_or(rest.len())]
}

// ---------------------------------------------------------------------------
// 1. The player card names this round's board, colour and opponent.

#[test]
fn the_player_card_names_this_rounds_board_colour_and_opponent() {
    on_each_backend(|app, _| {
        let e = event(app, 8);
        let r = e.pair_and_publish(1);
        let name_of = |id: &Value| {
            e.players
                .iter()
                .find(|(pid, _)| Some(*pid) == id.as_i64())
                .map(|(_, n)| n.clone())
                .unwrap()
        };
        let games = r["games"].as_array().unwrap();
        assert_eq!(games.len(), 4);
        for g in games {
            let board = g["board"].as_i64().unwrap();
            for (me, them, colour) in [
                (&g["white"]["id"], &g["black"]["id"], "White"),
                (&g["black"]["id"], &g["white"]["id"], "Black"),
            ] {
                let path = format!("/t/{}/players/{}", e.tid, me);
                let html = ok_page(app, &path, "en");
                let now = text_of(element(&html, "current-game", "</p>"));
                assert!(
                    now.contains(&format!("Round 1, Board {board}"))
                        && now.contains(colour)
                        && now.contains(&format!("against {}", name_of(them))),
                    "[{}] {path}: {now}",
                    app.label()
                );
                // The board is also in the card's table.
                let rows = rows_after(&html, "id=\"card\"");
                assert_eq!(rows[0][1], board.to_string(), "board column: {rows:?}");
                if colour == "Black" {
                    let cs = ok_page(app, &path, "cs");
                    let now = text_of(element(&cs, "current-game", "</p>"));
                    assert!(
                        now.contains(&format!("Kolo 1, Šachovnice {board}"))
                            && now.contains("Černý")
                            && now.contains("proti"),
                        "Czech: {now}"
                    );
                }
            }
        }
        // Once the game has its result, the card no longer says "this round".
        e.result(&games[0], "1-0");
        let html = ok_page(
            app,
            &format!("/t/{}/players/{}", e.tid, games[0]["white"]["id"]),
            "en",
        );
        assert!(
            !html.contains("id=\"current-game\""),
            "a finished game is not current"
        );
    });
}

// ---------------------------------------------------------------------------
// 2. The start list (PDF), and the players page printed.

#[test]
fn the_start_list_prints_by_starting_number_with_its_heading_on_every_page() {
    on_each_backend(|app, _| {
        let e = event(app, 70);
        // Before the first pairing: no numbers yet, by rating.
        let (status, _, bytes) = e.org.bytes(&e.path("/start-list.pdf"));
        assert_eq!(status.as_u16(), 200, "[{}] start list", app.label());
        let (pages, _) = read_pdf(&bytes, "start list before pairing");
        assert!(pages >= 2, "70 players take two pages");

        e.pair_and_publish(1);
        let numbers = e.start_numbers();
        let (status, _, bytes) = e.org.bytes(&e.path("/start-list.pdf"));
        assert_eq!(status.as_u16(), 200);
        let (pages, text) = read_pdf(&bytes, "start list");
        assert!(pages >= 2, "70 players take two pages, got {pages}");
        let Some(text) = text else { return };
        let sheets: Vec<&str> = text
            .split('\u{c}')
            .filter(|s| !s.trim().is_empty())
            .collect();
        assert_eq!(sheets.len(), pages);
        for (i, sheet) in sheets.iter().enumerate() {
            for word in [
                "Memoriał Żółtego Gońca",
                "Třeboň",
                "2026-03-01",
                "Start list",
                "FIDE id",
                "Fed",
                "Rtg",
            ] {
                assert!(
                    sheet.contains(word),
                    "page {}: '{word}' missing:\n{sheet}",
                    i + 1
                );
            }
        }
        // Every player once, in the order of the starting numbers, with
        // number, title, rating, federation and FIDE id on the line.
        let mut by_no: Vec<(i64, i64, &str)> = e
            .players
            .iter()
            .enumerate()
            .map(|(i, (id, name))| (numbers[id], i as i64, name.as_str()))
            .collect();
        by_no.sort();
        let mut from = 0;
        for (no, i, name) in &by_no {
            let at = text[from..]
                .find(name)
                .unwrap_or_else(|| panic!("No {no} {name} not after No {}", no - 1));
            let line_start = text[..from + at].rfind('\n').map_or(0, |p| p + 1);
            let line_end = from + at + text[from + at..].find('\n').unwrap_or(0);
            let line = &text[line_start..line_end];
            let fide = (1_170_000 + i).to_string();
            assert!(
                line.split_whitespace().next() == Some(no.to_string().as_str())
                    && line.contains(&fide)
                    && line.contains(if i % 2 == 0 { "POL" } else { "CZE" }),
                "line of No {no}: {line}"
            );
            if *i == 1 {
                assert!(line.contains("IM"), "title: {line}");
            }
            from += at + name.len();
        }

        // The players page links it, and prints with the tournament's name.
        let html = ok_page(app, &format!("/t/{}/players", e.tid), "pl");
        assert!(html.contains(&format!("/api/v1/tournaments/{}/start-list.pdf", e.tid)));
        let heading = text_of(element(&html, "print-heading", "</p>"));
        assert!(
            heading.contains("Memoriał Żółtego Gońca") && heading.contains("Třeboň"),
            "print heading: {heading}"
        );
        let rows = rows_after(&html, "<table");
        let printed: Vec<i64> = rows.iter().map(|r| r[0].parse().unwrap()).collect();
        assert_eq!(printed, (1..=70).collect::<Vec<_>>(), "by starting number");
        assert!(
            rows[0].iter().any(|c| c.starts_with("1170")),
            "FIDE ids: {:?}",
            rows[0]
        );

        let (status, _, _) = e.org.bytes("/api/v1/tournaments/99999/start-list.pdf");
        assert_eq!(status.as_u16(), 404, "no such tournament");
    });
}

// ---------------------------------------------------------------------------
// 3. Crosstable opponents by starting number; colour letters and plurals.

#[test]
fn crosstable_cells_name_opponents_by_starting_number_in_the_pages_letters() {
    on_each_backend(|app, _| {
        let e = event(app, 8);
        let r = e.pair_and_publish(1);
        // Draws everywhere: all eight share one rank, a number is still one's own.
        for g in r["games"].as_array().unwrap() {
            e.result(g, "½-½");
        }
        let numbers = e.start_numbers();
        let path = format!("/t/{}/crosstable", e.tid);
        for (lang, white, black) in [("en", "w", "b"), ("pl", "b", "c"), ("cs", "b", "č")] {
            let html = ok_page(app, &path, lang);
            let rows = rows_after(&html, "class=\"cross\"");
            assert_eq!(rows.len(), 8);
            let mut opponents = Vec::new();
            for row in &rows {
                // Rank, number, name, rating, round 1, points.
                let no: i64 = row[1].parse().unwrap();
                let cell = &row[4];
                let g = r["games"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .find(|g| {
                        numbers[&g["white"]["id"].as_i64().unwrap()] == no
                            || numbers[&g["black"]["id"].as_i64().unwrap()] == no
                    })
                    .unwrap();
                let (w, b) = (
                    numbers[&g["white"]["id"].as_i64().unwrap()],
                    numbers[&g["black"]["id"].as_i64().unwrap()],
                );
                let want = if w == no {
                    format!("{b}{white}½")
                } else {
                    format!("{w}{black}½")
                };
                assert_eq!(cell, &want, "[{}] {lang} row {row:?}", app.label());
                opponents.push(if w == no { b } else { w });
            }
            opponents.sort();
            assert_eq!(
                opponents,
                (1..=8).collect::<Vec<_>>(),
                "every opponent named once"
            );
            let legend = text_of(element(&html, "cross-legend", "</p>"));
            let words = match lang {
                "en" => "12w1 = Opponent no. 12, white, 1 point;",
                "pl" => "12b1 = Przeciwnik nr 12, białe, 1 punkt;",
                _ => "12b1 = Soupeř č. 12, bílý, 1 bod;",
            };
            assert!(legend.starts_with(words), "{lang} legend: {legend}");
        }
        // The printed crosstable writes the same letters.
        let (_, _, bytes) = e.org.bytes(&e.path("/crosstable.pdf"));
        let (_, text) = read_pdf(&bytes, "crosstable");
        if let Some(t) = text {
            assert!(t.contains("w½") || t.contains("b½"), "English letters: {t}");
        }
    });
}

#[test]
fn points_take_the_plural_of_their_language() {
    let tr = |lang| Tr { lang };
    let cases: &[(Lang, i32, &str)] = &[
        (Lang::En, 2, "1 point"),
        (Lang::En, 1, "½ point"),
        (Lang::En, 4, "2 points"),
        (Lang::En, 0, "0 points"),
        (Lang::En, 5, "2½ points"),
        (Lang::Pl, 2, "1 punkt"),
        (Lang::Pl, 4, "2 punkty"),
        (Lang::Pl, 8, "4 punkty"),
        (Lang::Pl, 10, "5 punktów"),
        (Lang::Pl, 24, "12 punktów"),
        (Lang::Pl, 44, "22 punkty"),
        (Lang::Pl, 0, "0 punktów"),
        (Lang::Pl, 1, "½ punktu"),
        (Lang::Pl, 5, "2½ punktu"),
        (Lang::Cs, 2, "1 bod"),
        (Lang::Cs, 4, "2 body"),
        (Lang::Cs, 8, "4 body"),
        (Lang::Cs, 10, "5 bodů"),
        (Lang::Cs, 44, "22 bodů"),
        (Lang::Cs, 0, "0 bodů"),
        (Lang::Cs, 1, "½ bodu"),
        (Lang::Cs, 5, "2½ bodu"),
    ];
    for (lang, half_points, want) in cases {
        assert_eq!(
            tr(*lang).points(*half_points),
            *want,
            "{lang:?} {half_points}"
        );
    }
}

// ---------------------------------------------------------------------------
// 4. Clock times and date-times as people read them.

#[test]
fn times_and_dates_read_as_clock_time_in_the_pages_language() {
    let en = Tr { lang: Lang::En };
    let pl = Tr { lang: Lang::Pl };
    let cs = Tr { lang: Lang::Cs };
    assert_eq!(en.clock(6300), "1:45:00");
    assert_eq!(en.clock(59), "0:00:59");
    assert_eq!(en.clock(36_000), "10:00:00");
    assert_eq!(en.date_time("2026-11-28T10:00"), "28 Nov 2026, 10:00");
    assert_eq!(pl.date_time("2026-11-28T10:00"), "28.11.2026, 10:00");
    assert_eq!(cs.date_time("2026-11-28T10:00"), "28. 11. 2026 10:00");
    assert_eq!(cs.date_time("2026-03-02 09:30:15"), "2. 3. 2026 09:30");
    assert_eq!(en.date_time("not a date"), "not a date");

    on_each_backend(|app, _| {
        let e = event(app, 4);
        let r = e.pair_and_publish(1);
        let g = &r["games"][0];
        e.org.ok(
            e.org.post(
                &e.path(&format!("/games/{}/adjournments", g["id"])),
                json!({"fen": "6k1/5pp1/7p/8/8/6P1/5PKP/3R4 w - - 0 41", "white_time_used_seconds": 6300,
                       "black_time_used_seconds": 6525, "sealed_move": "Rd8+",
                       "resume_at": "2026-11-28T10:00", "resume_place": "Sala Kominkowa"}),
            ),
            201,
            "adjourn",
        );
        let staff = app.form_user("boss");
        for (lang, when, state) in [
            ("en", "28 Nov 2026, 10:00", "sealed"),
            ("pl", "28.11.2026, 10:00", "zapieczętowana"),
            ("cs", "28. 11. 2026 10:00", "zapečetěna"),
        ] {
            staff.get(&format!("/lang/{lang}?back=/"));
            let (status, html) = staff.get(&format!("/t/{}/manage/games/{}", e.tid, g["id"]));
            assert_eq!(status, 200, "{html}");
            let text = text_of(&html);
            assert!(
                text.contains("1:45:00") && text.contains("1:48:45") && text.contains(when),
                "[{}] {lang}: {text}",
                app.label()
            );
            assert!(!text.contains("6300 s") && !text.contains("2026-11-28T10:00"));
            assert!(
                text.contains(&format!("· {state}")),
                "{lang}: the envelope's state in words"
            );
            no_run_together(&html, "manage game");
        }
    });
}

// ---------------------------------------------------------------------------
// 5. Labels apart from their values.

/// Problems where a label (`<dt>`, `<th>` of a row, `<strong>`/`<b>` before
/// text, `<label>` before text) runs into the text after it with neither a
/// space nor a colon: "Sealed byAlpha", "FederationPOL".
fn run_togethers(html: &str) -> Vec<String> {
    let mut problems = Vec::new();
    // The label just closed, waiting for the next text.
    let mut pending: Option<String> = None;
    let mut current = String::new();
    let mut open: Vec<String> = Vec::new();
    for token in Tokenizer::new(html) {
        let Ok(token) = token;
        match token {
            Token::StartTag(t) => {
                let name = String::from_utf8_lossy(&t.name).to_string();
                if matches!(name.as_str(), "dt" | "th" | "strong" | "b" | "label") {
                    current.clear();
                }
                // A new cell, row, list item or block: the label stood alone.
                if matches!(
                    name.as_str(),
                    "th" | "tr"
                        | "li"
                        | "p"
                        | "div"
                        | "dt"
                        | "input"
                        | "select"
                        | "textarea"
                        | "br"
                        | "h2"
                        | "h3"
                        | "table"
                        | "ul"
                        | "button"
                ) {
                    pending = None;
                }
                open.push(name);
            }
            Token::EndTag(t) => {
                let name = String::from_utf8_lossy(&t.name).to_string();
                if let Some(i) = open.iter().rposition(|o| *o == name) {
                    open.truncate(i);
                }
                if matches!(name.as_str(), "dt" | "th" | "strong" | "b" | "label") {
                    let label = current.trim_end().to_string();
                    let ends_apart = current.ends_with(char::is_whitespace)
                        || label.ends_with([':', '.', ',', '·', '—', '–', '(', '-', '/'])
                        || label.is_empty();
                    pending = (!ends_apart).then_some(label);
                }
            }
            Token::String(s) => {
                let s = String::from_utf8_lossy(&s).to_string();
                if open
                    .iter()
                    .any(|o| matches!(o.as_str(), "dt" | "th" | "strong" | "b" | "label"))
                {
                    current.push_str(&s);
                }
                if let Some(label) = pending.take() {
                    let first = s.chars().next();
                    if first.is_some_and(char::is_alphanumeric) {
                        problems.push(format!(
                            "'{label}' runs into '{}'",
                            s.chars().take(20).collect::<String>()
                        ));
                    }
                }
            }
            _ => {}
        }
    }
    problems
}

fn no_run_together(html: &str, what: &str) {
    let p = run_togethers(html);
    assert!(p.is_empty(), "{what}: {p:?}");
}

#[test]
fn the_run_together_check_finds_what_it_should() {
    assert_eq!(
        run_togethers("<dl><dt>Sealed by</dt><dd>Alpha</dd></dl>"),
        vec!["'Sealed by' runs into 'Alpha'"]
    );
    assert_eq!(
        run_togethers("<p><strong>Federation</strong>POL</p>").len(),
        1
    );
    assert!(run_togethers("<dl><dt>Sealed by</dt> <dd>Alpha</dd></dl>").is_empty());
    assert!(run_togethers("<p><strong>Federation:</strong>POL</p>").is_empty());
    assert!(run_togethers("<table><tr><th>No</th><th>Name</th></tr></table>").is_empty());
}

/// Every page of the demo (visitor and arbiter): no label runs into its
/// value, and no page writes a half point as `2.5` (item 7: `2½` only).
#[test]
fn no_page_of_the_demo_runs_a_label_into_its_value_or_writes_half_points_two_ways() {
    let demo = crate::pages_crawl::demo();
    let visitor = reqwest::blocking::Client::new();
    let staff = demo.arbiter();
    let mut failures = Vec::new();
    let mut seen_total = 0;
    for (who, client) in [("visitor", &visitor), ("arbiter", &staff)] {
        let mut seen = std::collections::BTreeSet::new();
        let mut queue = std::collections::VecDeque::from(["/".to_string()]);
        while let Some(path) = queue.pop_front() {
            if !seen.insert(path.clone()) || seen.len() > 400 {
                continue;
            }
            let res = client.get(format!("{}{path}", demo.base)).send().unwrap();
            let html_page = res
                .headers()
                .get("content-type")
                .is_some_and(|v| v.to_str().unwrap_or("").starts_with("text/html"));
            if !res.status().is_success() || !html_page {
                continue;
            }
            let html = res.text().unwrap();
            for p in run_togethers(&html) {
                failures.push(format!("[{who}] {path}: {p}"));
            }
            for p in decimal_halves(&html) {
                failures.push(format!("[{who}] {path}: {p}"));
            }
            for link in html.split("href=\"").skip(1) {
                let link = link.split('"').next().unwrap().split('#').next().unwrap();
                let link = link.replace("&amp;", "&");
                // Pages only: no language switch, no logout, no printouts.
                if (link.starts_with("/t/") || link == "/")
                    && !link.contains("/lang/")
                    && !seen.contains(&link)
                {
                    queue.push_back(link);
                }
            }
        }
        seen_total += seen.len();
    }
    assert!(seen_total > 100, "the crawl saw {seen_total} pages");
    assert!(
        failures.is_empty(),
        "{} problems:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

/// Table cells and definitions that hold a half point written with a decimal
/// point (`2.5`) — the pages write `2½`. Signed numbers (rating changes) and
/// amounts with two decimals are not points.
fn decimal_halves(html: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut in_cell = 0;
    let mut cell = String::new();
    for token in Tokenizer::new(html) {
        let Ok(token) = token;
        match token {
            Token::StartTag(t) if matches!(&t.name[..], b"td" | b"dd") => {
                in_cell += 1;
                cell.clear();
            }
            Token::EndTag(t) if matches!(&t.name[..], b"td" | b"dd") => {
                in_cell = 0;
                let c = cell.trim();
                let half = c.strip_suffix(".5").is_some_and(|whole| {
                    !whole.is_empty() && whole.chars().all(|ch| ch.is_ascii_digit())
                });
                if half {
                    out.push(format!("half point written '{c}'"));
                }
            }
            Token::String(s) if in_cell > 0 => cell.push_str(&String::from_utf8_lossy(&s)),
            _ => {}
        }
    }
    out
}

// ---------------------------------------------------------------------------
// 6. Penalties in words, with the player's name, in three languages.

#[test]
fn penalties_name_the_player_and_the_offence_in_words() {
    on_each_backend(|app, _| {
        let e = event(app, 4);
        let r = e.pair_and_publish(1);
        let g = &r["games"][0];
        let offender = g["black"]["id"].as_i64().unwrap();
        let name = e
            .players
            .iter()
            .find(|(id, _)| *id == offender)
            .unwrap()
            .1
            .clone();
        e.org.ok(
            e.org.post(
                &e.path(&format!("/games/{}/penalties", g["id"])),
                json!({"player_id": offender, "kind": "illegal_move", "version": g["version"],
                       "final_fen": "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3"}),
            ),
            201,
            "penalty",
        );
        let staff = app.form_user("boss");
        for (lang, words) in [
            ("en", "illegal move"),
            ("pl", "nieprawidłowe posunięcie"),
            ("cs", "nepřípustný tah"),
        ] {
            let mut pages = vec![
                text_of(&ok_page(
                    app,
                    &format!("/t/{}/games/{}", e.tid, g["id"]),
                    lang,
                )),
                text_of(&ok_page(
                    app,
                    &format!("/t/{}/players/{offender}", e.tid),
                    lang,
                )),
            ];
            staff.get(&format!("/lang/{lang}?back=/"));
            let (_, html) = staff.get(&format!("/t/{}/manage/games/{}", e.tid, g["id"]));
            pages.push(text_of(&html));
            for (i, text) in pages.iter().enumerate() {
                assert!(
                    text.contains(&format!("{name}: {words}"))
                        || text.contains(&format!("{name}, {words}")),
                    "[{}] {lang} page {i}: the player and the offence in words:\n{text}",
                    app.label()
                );
                assert!(
                    !text.contains("illegal_move"),
                    "{lang} page {i}: a raw word"
                );
            }
        }
    });
}

// ---------------------------------------------------------------------------
// 8. Error pages do not offer "Log in" to someone logged in.

#[test]
fn error_pages_know_who_is_logged_in() {
    on_each_backend(|app, _| {
        let e = event(app, 2);
        let staff = app.form_user("boss");
        for path in ["/t/99999/players", "/t/99999/crosstable", "/no/such/page"] {
            let (status, html) = staff.get(path);
            assert_eq!(status, 404, "{path}");
            assert!(
                !html.contains("href=\"/login\""),
                "[{}] {path}: a logged-in user is offered Log in:\n{html}",
                app.label()
            );
            let (status, html) = page(app, path, "en");
            assert_eq!(status, 404);
            assert!(
                html.contains("href=\"/login\""),
                "{path}: a visitor may log in"
            );
        }
        let (status, html) = staff.get("/t/99999/players");
        assert_eq!(status, 404);
        assert!(
            html.contains("<strong>boss</strong>"),
            "the name in the header: {html}"
        );
        drop(e);
    });
}

// ---------------------------------------------------------------------------
// 9. Printouts embed only the glyphs they use.

#[test]
fn a_one_page_pairing_list_is_small_and_its_text_extracts() {
    let app = TestApp::start(backends().into_iter().next().unwrap());
    let e = event(&app, 8);
    e.pair_and_publish(1);
    let (status, _, bytes) = e.org.bytes(&e.path("/rounds/1/pairings.pdf"));
    assert_eq!(status.as_u16(), 200);
    let (pages, text) = read_pdf(&bytes, "pairings");
    assert_eq!(pages, 1);
    println!("one-page pairing list: {} bytes", bytes.len());
    // Kept to look at (`pdffonts`, `pdftoppm`): artifacts/readers/pairings.pdf.
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../artifacts/readers");
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(dir.join("pairings.pdf"), &bytes).unwrap();
    // Both faces are embedded as subsets (`pdffonts`: the name's `ABCDEF+` tag).
    if let Ok(out) = std::process::Command::new("pdffonts")
        .arg(dir.join("pairings.pdf"))
        .output()
    {
        let listing = String::from_utf8_lossy(&out.stdout).to_string();
        let faces: Vec<&str> = listing.lines().filter(|l| l.contains("DejaVu")).collect();
        assert_eq!(faces.len(), 2, "two faces:\n{listing}");
        for f in faces {
            let name = f.split_whitespace().next().unwrap();
            let (tag, _) = name.split_once('+').expect("a subset tag");
            assert!(
                tag.len() == 6 && tag.chars().all(|c| c.is_ascii_uppercase()),
                "{f}"
            );
            assert!(
                f.contains(" yes yes yes "),
                "embedded, subset, with ToUnicode: {f}"
            );
        }
    }
    assert!(
        bytes.len() < 60_000,
        "a one-page pairing list is {} bytes",
        bytes.len()
    );
    if let Some(t) = text {
        // (The longest name is cut to its column, with an ellipsis.)
        for name in NAMES.iter().map(|n| n.get(..18).unwrap_or(n)) {
            assert!(
                t.contains(name),
                "'{name}' extracts from the subset fonts:\n{t}"
            );
        }
        assert!(
            t.contains("Memoriał Żółtego Gońca") && t.contains("Třeboň"),
            "{t}"
        );
    }
    // Czech and Polish printouts carry their own letters.
    for (lang, word) in [("cs", "Černý"), ("pl", "Czarne")] {
        let res = reqwest::blocking::Client::new()
            .get(format!("{}{}", app.base, e.path("/rounds/1/pairings.pdf")))
            .header("Accept-Language", lang)
            .send()
            .unwrap();
        let bytes = res.bytes().unwrap().to_vec();
        assert!(bytes.len() < 60_000, "{lang}: {} bytes", bytes.len());
        let (_, text) = read_pdf(&bytes, lang);
        if let Some(t) = text {
            assert!(
                t.to_lowercase().contains(&word.to_lowercase()),
                "{lang}: {t}"
            );
        }
    }
}

// ---------------------------------------------------------------------------
// Screenshots: the player card, the crosstable in Polish and Czech and the
// round page, at 1280 and 390 px (`artifacts/readers/<width>/`).

#[test]
fn screenshots_of_what_players_read() {
    use crate::pages_browser::Browser;
    let Some((chromium, driver)) = crate::pages_browser::chromium_and_driver() else {
        return;
    };
    let app = TestApp::start(backends().into_iter().next().unwrap());
    let e = event(&app, 12);
    let r = e.pair_and_publish(1);
    for (i, g) in r["games"].as_array().unwrap().iter().enumerate() {
        e.result(g, ["1-0", "½-½", "0-1"][i % 3]);
    }
    let r2 = e.pair_and_publish(2);
    let card_of = r2["games"][0]["black"]["id"].clone();
    let tid = e.tid;
    let site = app.base.trim_end_matches('/').to_string();
    for width in [1280, 390] {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join(format!("../artifacts/readers/{width}"));
        std::fs::create_dir_all(&dir).unwrap();
        let b = Browser::start_sized(&chromium, &driver, width, 1000);
        for (lang, path, name) in [
            (
                "en",
                format!("/t/{tid}/players/{card_of}"),
                "01-player-card",
            ),
            ("pl", format!("/t/{tid}/crosstable"), "02-crosstable-pl"),
            ("cs", format!("/t/{tid}/crosstable"), "03-crosstable-cs"),
            ("en", format!("/t/{tid}/rounds/2"), "04-round"),
            ("cs", format!("/t/{tid}/players"), "05-players-cs"),
        ] {
            b.go(&format!(
                "{site}/lang/{lang}?back={}",
                path.replace('/', "%2F")
            ));
            b.go(&format!("{site}{path}"));
            b.screenshot(&dir, name);
            // A label wider than its column must not touch its value
            // ("FederationPOL" on the card, as drawn).
            let touching = b.js(
                "return [...document.querySelectorAll('dl.legend dt')].filter(dt => { \
                   const dd = dt.nextElementSibling; if (!dd) return false; \
                   const r = document.createRange(); r.selectNodeContents(dd); \
                   const first = r.getClientRects()[0]; const box = dt.getBoundingClientRect(); \
                   return first && first.top < box.bottom && first.left < box.right + 4; \
                 }).map(dt => dt.textContent);",
            );
            assert_eq!(
                touching,
                json!([]),
                "{width} px {name}: labels touch their values"
            );
        }
    }
}
