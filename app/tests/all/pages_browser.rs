//! The organizer's evening in a real browser (headless Chromium over
//! WebDriver, driven by a small client on `reqwest`): log in, create a Swiss,
//! register 12 players, pair and publish round 1, enter every result with the
//! keyboard only, and a visitor reads the standings. A screenshot of each step
//! goes to `artifacts/` at the repository root.
//!
//! Needs `chromium` and `chromium-driver` (Debian). Without them the test
//! prints `SKIPPED: chromium not installed` and passes — unless
//! `ARBITER_REQUIRE_BROWSER=1` (CI), when it fails.

use app::db::Database;
use app::domain::{users, Actor};
use app::server::Background;
use base64::Engine;
use reqwest::blocking::Client;
use serde_json::{json, Value};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

const PASSWORD: &str = "organizer-password-1";
const ELEMENT: &str = "element-6066-11e4-a52e-4f735466cecf";

pub(crate) fn find(candidates: &[&str]) -> Option<PathBuf> {
    candidates.iter().map(PathBuf::from).find(|p| p.exists())
}

/// Chromium and its WebDriver, when installed. Without them a browser test
/// prints `SKIPPED: chromium not installed` and passes — unless
/// `ARBITER_REQUIRE_BROWSER=1` (CI), when it fails.
pub(crate) fn chromium_and_driver() -> Option<(PathBuf, PathBuf)> {
    let required = std::env::var("ARBITER_REQUIRE_BROWSER").as_deref() == Ok("1");
    let chromium = find(&["/usr/bin/chromium", "/usr/bin/chromium-browser"]);
    let driver = find(&["/usr/bin/chromedriver", "/usr/lib/chromium/chromedriver"]);
    match (chromium, driver) {
        (Some(c), Some(d)) => Some((c, d)),
        _ => {
            assert!(
                !required,
                "ARBITER_REQUIRE_BROWSER=1 but chromium / chromedriver are not installed"
            );
            println!("SKIPPED: chromium not installed");
            None
        }
    }
}

/// The W3C WebDriver protocol, the few commands this test needs.
pub(crate) struct Browser {
    http: Client,
    base: String,
    session: String,
    driver: Child,
    _profile: TempDir,
}

pub(crate) use crate::common::TempDir;

impl Browser {
    /// `phone`: a 360 px wide screen (Chrome's mobile emulation).
    /// `width`: the window's width in CSS pixels; up to 480 it is a phone
    /// (Chrome's mobile emulation).
    pub(crate) fn start(chromium: &Path, chromedriver: &Path, width: u32) -> Browser {
        Browser::start_sized(chromium, chromedriver, width, 1400)
    }

    /// A window of `width` × `height` CSS pixels.
    pub(crate) fn start_sized(
        chromium: &Path,
        chromedriver: &Path,
        width: u32,
        height: u32,
    ) -> Browser {
        let phone = width <= 480;
        let port = {
            let l = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
            l.local_addr().unwrap().port()
        };
        let driver = Command::new(chromedriver)
            .arg(format!("--port={port}"))
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("start chromedriver");
        let http = Client::builder()
            .timeout(Duration::from_secs(60))
            .build()
            .unwrap();
        let base = format!("http://127.0.0.1:{port}");
        let deadline = Instant::now() + Duration::from_secs(20);
        loop {
            let ready = http
                .get(format!("{base}/status"))
                .send()
                .ok()
                .and_then(|r| r.json::<Value>().ok())
                .is_some_and(|v| v["value"]["ready"] == true);
            if ready {
                break;
            }
            assert!(Instant::now() < deadline, "chromedriver did not start");
            std::thread::sleep(Duration::from_millis(100));
        }
        // One profile directory per browser: two tests of the same window size
        // run at once, and Chromium exits at start when its profile is in use.
        static STARTED: std::sync::atomic::AtomicU32 = std::sync::atomic::AtomicU32::new(0);
        let nth = STARTED.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        let profile = std::env::temp_dir().join(format!(
            "arbiter_chromium_{}_{nth}_{width}x{height}",
            std::process::id()
        ));
        std::fs::create_dir_all(&profile).unwrap();
        let mut options = json!({
            "binary": chromium.to_string_lossy(),
            "args": ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                     "--disable-background-networking", "--disable-component-update", "--disable-sync",
                     "--disable-dev-shm-usage", format!("--window-size={width},{height}"),
                     format!("--user-data-dir={}", profile.to_string_lossy())]
        });
        if phone {
            options["mobileEmulation"] =
                json!({"deviceMetrics": {"width": width, "height": 780, "pixelRatio": 2.0}});
        }
        let caps = json!({"capabilities": {"alwaysMatch": {"browserName": "chrome", "goog:chromeOptions": options}}});
        let res: Value = http
            .post(format!("{base}/session"))
            .json(&caps)
            .send()
            .unwrap()
            .json()
            .unwrap();
        let session = res["value"]["sessionId"]
            .as_str()
            .unwrap_or_else(|| panic!("no WebDriver session: {res}"))
            .to_string();
        Browser {
            http,
            base,
            session,
            driver,
            _profile: TempDir(profile),
        }
    }

    pub(crate) fn cmd(&self, method: reqwest::Method, path: &str, body: Option<Value>) -> Value {
        let url = format!("{}/session/{}{path}", self.base, self.session);
        let mut rb = self.http.request(method, url);
        if let Some(b) = body {
            rb = rb.json(&b);
        }
        let res: Value = rb
            .send()
            .expect("webdriver")
            .json()
            .expect("webdriver json");
        if res["value"].get("error").is_some() {
            panic!("WebDriver {path}: {}", res["value"]);
        }
        res["value"].clone()
    }

    pub(crate) fn go(&self, url: &str) {
        self.cmd(reqwest::Method::POST, "/url", Some(json!({"url": url})));
    }

    pub(crate) fn el(&self, css: &str) -> String {
        let v = self.cmd(
            reqwest::Method::POST,
            "/element",
            Some(json!({"using": "css selector", "value": css})),
        );
        v[ELEMENT].as_str().expect("element id").to_string()
    }

    pub(crate) fn type_into(&self, css: &str, text: &str) {
        let id = self.el(css);
        self.cmd(
            reqwest::Method::POST,
            &format!("/element/{id}/clear"),
            Some(json!({})),
        );
        self.cmd(
            reqwest::Method::POST,
            &format!("/element/{id}/value"),
            Some(json!({"text": text})),
        );
    }

    /// Clicks the element `css` finds. A live page may redraw itself between
    /// finding the element and the click ("stale element reference"): the
    /// element is then found again, a few times at most. The element is first
    /// brought to the middle of the window, as a person scrolls to what they
    /// tap: a box showing only a few pixels at the window's lower edge takes
    /// ChromeDriver's click without taking the focus.
    pub(crate) fn click(&self, css: &str) {
        for _ in 0..10 {
            let id = self.el(css);
            let mut element = serde_json::Map::new();
            element.insert(ELEMENT.to_string(), Value::String(id.clone()));
            // A failure here (the element already stale) shows in the click.
            let _ = self
                .http
                .post(format!(
                    "{}/session/{}/execute/sync",
                    self.base, self.session
                ))
                .json(&json!({
                    "script": "arguments[0].scrollIntoView({block: 'center', inline: 'nearest'});",
                    "args": [element],
                }))
                .send();
            let url = format!("{}/session/{}/element/{id}/click", self.base, self.session);
            let res: Value = self
                .http
                .post(url)
                .json(&json!({}))
                .send()
                .expect("webdriver")
                .json()
                .expect("webdriver json");
            match res["value"].get("error").and_then(Value::as_str) {
                None => return,
                Some("stale element reference") => {
                    std::thread::sleep(Duration::from_millis(100));
                }
                Some(_) => panic!("WebDriver click {css}: {}", res["value"]),
            }
        }
        panic!("WebDriver click {css}: the element went stale ten times");
    }

    /// Key presses sent to whatever has the focus: the keyboard, nothing else.
    pub(crate) fn keys(&self, text: &str) {
        let mut actions = Vec::new();
        for c in text.chars() {
            let k = if c == '\n' {
                "\u{E007}".to_string()
            } else {
                c.to_string()
            };
            actions.push(json!({"type": "keyDown", "value": k}));
            actions.push(json!({"type": "keyUp", "value": k}));
            actions.push(json!({"type": "pause", "duration": 30}));
        }
        self.cmd(
            reqwest::Method::POST,
            "/actions",
            Some(json!({"actions": [{"type": "key", "id": "keyboard", "actions": actions}]})),
        );
    }

    pub(crate) fn js(&self, script: &str) -> Value {
        self.cmd(
            reqwest::Method::POST,
            "/execute/sync",
            Some(json!({"script": script, "args": []})),
        )
    }

    pub(crate) fn wait_for(&self, script: &str, what: &str) -> Value {
        let deadline = Instant::now() + Duration::from_secs(20);
        loop {
            let v = self.js(script);
            if v != Value::Null && v != Value::Bool(false) {
                return v;
            }
            if Instant::now() >= deadline {
                // What the browser showed, for the one who reads the failure.
                let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../artifacts/failures");
                let _ = std::fs::create_dir_all(&dir);
                let name: String = what
                    .chars()
                    .map(|c| if c.is_alphanumeric() { c } else { '-' })
                    .collect();
                self.screenshot(&dir, &name);
                panic!(
                    "timed out waiting for {what} at {} (screenshot in artifacts/failures/{name}.png):\n{}",
                    self.url(),
                    self.text()
                );
            }
            std::thread::sleep(Duration::from_millis(100));
        }
    }

    /// Logs `user` in on the login page and waits for the logged-in header.
    pub(crate) fn log_in(&self, site: &str, user: &str, password: &str) {
        self.go(&format!("{site}/login"));
        self.type_into("#username", user);
        self.type_into("#password", password);
        self.click("#login-submit");
        self.wait_for(
            &format!("return document.body.innerText.includes({});", json!(user)),
            "the logged-in header",
        );
    }

    /// Waits until the page has loaded and shows `css`.
    pub(crate) fn loaded(&self, css: &str, what: &str) {
        self.wait_for(
            &format!(
                "return document.readyState === 'complete' && document.querySelector({}) !== null;",
                json!(css)
            ),
            what,
        );
    }

    /// Clicks `css` (a link or a form's button) and waits until the page it
    /// leads to has loaded: the old page's mark is gone and the new one is
    /// complete. For posts that answer with a redirect to the same address.
    pub(crate) fn click_to_next_page(&self, css: &str) {
        self.to_next_page(
            || self.click(css),
            &format!("the page after clicking {css}"),
        );
    }

    /// Does `act` (a click, keys that submit a form) and waits until the page
    /// it leads to has loaded, as [`Browser::click_to_next_page`] does.
    pub(crate) fn to_next_page<T>(&self, act: impl FnOnce() -> T, what: &str) -> T {
        self.js("window.__arbiterOldPage = true;");
        let answer = act();
        self.wait_for(
            "return !window.__arbiterOldPage && document.readyState === 'complete';",
            what,
        );
        answer
    }

    /// Clicks `css`, a button that asks for confirmation, accepts the dialog
    /// and waits for the page that answers; returns the dialog's question.
    pub(crate) fn click_confirmed(&self, css: &str, what: &str) -> String {
        self.to_next_page(
            || {
                self.click(css);
                self.accept_confirm()
            },
            what,
        )
    }

    /// Accepts the page's confirmation dialog (`window.confirm`) and returns
    /// its question; fails when no dialog opens within 10 s.
    pub(crate) fn accept_confirm(&self) -> String {
        let url = format!("{}/session/{}/alert/text", self.base, self.session);
        let deadline = Instant::now() + Duration::from_secs(10);
        loop {
            let res: Value = self
                .http
                .get(&url)
                .send()
                .expect("webdriver")
                .json()
                .expect("webdriver json");
            if let Some(text) = res["value"].as_str() {
                self.cmd(reqwest::Method::POST, "/alert/accept", Some(json!({})));
                return text.to_string();
            }
            assert!(Instant::now() < deadline, "no confirmation dialog opened");
            std::thread::sleep(Duration::from_millis(100));
        }
    }

    pub(crate) fn text(&self) -> String {
        self.js("return document.body.innerText;")
            .as_str()
            .unwrap_or("")
            .to_string()
    }

    pub(crate) fn url(&self) -> String {
        self.cmd(reqwest::Method::GET, "/url", None)
            .as_str()
            .unwrap_or("")
            .to_string()
    }

    pub(crate) fn screenshot(&self, dir: &Path, name: &str) {
        let b64 = self.cmd(reqwest::Method::GET, "/screenshot", None);
        let png = base64::engine::general_purpose::STANDARD
            .decode(b64.as_str().unwrap_or(""))
            .expect("png");
        std::fs::write(dir.join(format!("{name}.png")), png).unwrap();
    }

    /// Fails when the page is wider than the window: no sideways scrolling.
    pub(crate) fn assert_fits(&self, what: &str) {
        let width = self.js("return [window.innerWidth, document.documentElement.scrollWidth];");
        assert!(
            width[1].as_i64() <= width[0].as_i64().map(|w| w + 1),
            "{what}: no sideways scrolling at {} px: {width}",
            width[0]
        );
    }

    /// Screenshots this page as `{name}-1280`, then the same address in
    /// `mirror` (a 390 px window) as `{name}-390`, which must fit its window.
    pub(crate) fn shot_with(&self, mirror: &Browser, dir: &Path, name: &str) {
        self.screenshot(dir, &format!("{name}-1280"));
        mirror.go(&self.url());
        mirror.wait_for("return document.readyState === 'complete';", "the mirror");
        mirror.screenshot(dir, &format!("{name}-390"));
        mirror.assert_fits(name);
    }

    /// The tournament of the page shown (`/t/{id}/…` in its address).
    pub(crate) fn tournament_id(&self) -> app::domain::ids::TournamentId {
        self.url()
            .split("/t/")
            .nth(1)
            .and_then(|s| s.split('/').next())
            .and_then(|s| s.parse().ok())
            .unwrap_or_else(|| panic!("no tournament id in {}", self.url()))
    }

    /// On the rating lists page: sends the list in the file `path` and waits
    /// until the page says it is loaded.
    pub(crate) fn send_rating_list(&self, path: &Path) {
        self.choose_file("#rl-file", path);
        self.click("#rl-send");
        self.wait_for(
            "return location.search.includes('done=');",
            "the list loaded",
        );
    }

    /// Chooses the file `path` in the file box `css`.
    pub(crate) fn choose_file(&self, css: &str, path: &Path) {
        let file = self.el(css);
        self.cmd(
            reqwest::Method::POST,
            &format!("/element/{file}/value"),
            Some(json!({"text": path.to_string_lossy()})),
        );
    }
}

impl Drop for Browser {
    fn drop(&mut self) {
        let _ = self
            .http
            .delete(format!("{}/session/{}", self.base, self.session))
            .send();
        let _ = self.driver.kill();
        let _ = self.driver.wait();
    }
}

const PLAYERS: [(&str, u32); 12] = [
    ("Żółć, Łukasz", 2412),
    ("Čermák, Jiří", 2388),
    ("Wiśniewska, Zofia", 2301),
    ("Dvořák, Tomáš", 2290),
    ("Brzęczyszczykiewicz, Grzegorz", 2255),
    ("Svobodová, Kateřina", 2210),
    ("Jabłoński, Michał", 2190),
    ("Růžička, Radek", 2150),
    ("Dąbrowska, Joanna", 2101),
    ("Šťastný, Zdeněk", 2050),
    ("Ziółkowski, Bartłomiej", 1999),
    ("Benešová, Šárka", 1950),
];

#[test]
fn organizer_runs_round_one_in_a_browser() {
    let Some((chromium, driver)) = chromium_and_driver() else {
        return;
    };
    // The walkthrough's width: 1000 by default; `ARBITER_WALKTHROUGH_WIDTH=390`
    // (a phone) or `=1280` runs the same event at that width, screenshots in
    // `artifacts/<width>/`.
    let width: u32 = std::env::var("ARBITER_WALKTHROUGH_WIDTH")
        .ok()
        .and_then(|w| w.parse().ok())
        .unwrap_or(1000);
    let artifacts = Path::new(env!("CARGO_MANIFEST_DIR")).join(if width == 1000 {
        "../artifacts".to_string()
    } else {
        format!("../artifacts/{width}")
    });
    std::fs::create_dir_all(&artifacts).unwrap();

    let (dir, db) = crate::common::scratch_sqlite("pages_browser");
    crate::common::add_account(&db, "organizer", PASSWORD, "Organizer", false);
    let server: Background = crate::common::serve(db.clone(), &dir);
    let site = server.url();
    let b = Browser::start(&chromium, &driver, width);

    // 1. Log in.
    b.go(&format!("{site}/login"));
    b.type_into("#username", "organizer");
    b.type_into("#password", PASSWORD);
    b.screenshot(&artifacts, "01-login");
    b.click("#login-submit");
    b.wait_for(
        "return document.body.innerText.includes('organizer');",
        "the logged-in header",
    );

    // 2. A new Swiss: first a mistake (no name), shown next to the field.
    b.go(&format!("{site}/new"));
    b.type_into("#rounds", "5");
    b.click("#create");
    b.wait_for(
        "return document.querySelector('#name-err') !== null;",
        "the error next to the name",
    );
    b.screenshot(&artifacts, "02-new-tournament-error");
    b.type_into("#name", "Otwarte Mistrzostwa Łodzi 2026");
    b.type_into("#place", "Łódź");
    b.click("#create");
    b.wait_for(
        "return location.pathname.endsWith('/manage/players');",
        "the registration page",
    );
    let tid = b.tournament_id();

    // The creator is organizer and arbiter: he pairs and enters results himself.
    assert!(
        b.text().contains("organizer (arbiter)") || b.text().contains("(arbiter)"),
        "the creator is the tournament's arbiter: {}",
        b.text()
    );

    // 3. Twelve players, one at a time: name, Tab, rating, Enter.
    for (name, rating) in PLAYERS {
        b.wait_for(
            "return document.activeElement && document.activeElement.id === 'p-name';",
            "the name field focused",
        );
        b.keys(&format!("{name}\t{rating}\n"));
        b.wait_for(
            &format!("return document.querySelector('.notice') !== null && document.body.innerText.includes({});", json!(name)),
            "the player registered",
        );
    }
    b.screenshot(&artifacts, "03-players-registered");
    assert_eq!(
        b.js("return document.querySelectorAll('#list ~ .scroll tbody tr').length;"),
        json!(12)
    );

    // 4. Pair round 1, review, publish.
    b.go(&format!("{site}/t/{tid}/manage/rounds/0"));
    b.click("#pair-next");
    b.wait_for(
        "return document.querySelector('#publish') !== null;",
        "the review screen",
    );
    b.screenshot(&artifacts, "04-round-1-review");
    b.click("#publish");
    b.wait_for(
        "return document.querySelector('table.entry') !== null;",
        "the result screen",
    );

    // 5. Every result by keyboard: board number, Enter, then the result; the
    //    cursor moves on by itself. A result typed in full stays in its own
    //    box (typing `1-0` once saved 1-0, -/+ and 0-1 on three boards).
    let boards = b.js("return document.querySelectorAll('table.entry input.result').length;");
    assert_eq!(boards, json!(6));
    let results_now = || -> Vec<String> {
        db.read(|conn| crate::common::staff_round(conn, tid, 1))
            .expect("round 1")
            .games
            .iter()
            .map(|g| g.result.clone())
            .collect()
    };
    let saved = |n: usize| {
        format!("return document.querySelectorAll('table.entry tr.saved').length === {n};")
    };
    b.click("#jump");
    b.keys("1\n");
    b.wait_for(
        "return document.activeElement && document.activeElement.classList.contains('result');",
        "board 1 focused",
    );
    // `0-1` could still become `0-1/2`: it is saved when nothing follows.
    for (n, typed, now) in [
        (1, "1-0", ["1-0", "*", "*", "*", "*", "*"]),
        (2, "½-½", ["1-0", "½-½", "*", "*", "*", "*"]),
        (3, "0-1", ["1-0", "½-½", "0-1", "*", "*", "*"]),
    ] {
        b.keys(typed);
        b.wait_for(&saved(n), &format!("board {n} saved"));
        std::thread::sleep(Duration::from_millis(300));
        assert_eq!(results_now(), now, "{typed} typed in full");
    }
    // Shortcuts, one key a board: 1 on board 4, + on board 5.
    b.keys("1+");
    b.wait_for(&saved(5), "boards 4 and 5 saved");
    // Board 6, typed in full, then taken back with Undo, then entered again.
    b.keys("+/-");
    b.wait_for(&saved(6), "board 6 saved");
    std::thread::sleep(Duration::from_millis(300));
    assert_eq!(
        results_now(),
        ["1-0", "½-½", "0-1", "1-0", "+/-", "+/-"],
        "+/- typed in full"
    );
    b.wait_for(
        "return !document.getElementById('undo-bar').hidden;",
        "the undo offer",
    );
    b.screenshot(&artifacts, "05a-undo-offered");
    b.click("#undo");
    b.wait_for(
        "return document.querySelector(\"tr[data-board='6'] input.result\").value === '';",
        "board 6 taken back",
    );
    assert_eq!(results_now()[5], "*", "undo");
    b.click("#jump");
    b.keys("6\n0");
    b.wait_for(
        "return document.querySelector(\"tr[data-board='6'] input.result\").value === '0-1' && document.querySelectorAll('table.entry tr.failed').length === 0;",
        "board 6 entered again",
    );
    b.wait_for(
        "return !document.getElementById('next-step').hidden;",
        "the next step offered when the round is complete",
    );
    b.screenshot(&artifacts, "05-results-entered");
    let failed = b.js("return document.querySelectorAll('table.entry tr.failed').length;");
    assert_eq!(failed, json!(0), "{}", b.text());

    // 6. A visitor (no cookies) reads the standings.
    b.cmd(reqwest::Method::DELETE, "/cookie", None);
    b.go(&format!("{site}/t/{tid}/standings"));
    b.wait_for(
        "return document.querySelector('#standings tbody tr') !== null;",
        "the standings",
    );
    b.screenshot(&artifacts, "06-public-standings");
    let text = b.text();
    assert!(!text.contains("organizer"), "the visitor is not logged in");
    assert!(
        text.contains("Żółć, Łukasz") && text.contains("Šťastný, Zdeněk"),
        "{text}"
    );
    assert!(
        text.contains("after round 1") || text.contains("po rundzie 1"),
        "{text}"
    );
    let rows = b.js("return document.querySelectorAll('#standings tbody tr').length;");
    assert_eq!(rows, json!(12));

    // The results went through the domain: all six boards have a result.
    let round = db
        .read(|conn| crate::common::staff_round(conn, tid, 1))
        .expect("round 1");
    let results: Vec<&str> = round.games.iter().map(|g| g.result.as_str()).collect();
    assert_eq!(results, ["1-0", "½-½", "0-1", "1-0", "+/-", "0-1"]);

    drop(b);

    // 7. On a phone: a 100-board pairing list fits 360 px, and a result entered
    //    meanwhile appears without a reload (server-sent events).
    let big = big_round(&db);
    let phone = Browser::start(&chromium, &driver, 360);
    phone.go(&format!("{site}/t/{}/rounds/1", big.0));
    phone.wait_for(
        "return document.querySelectorAll('table.pairings tbody tr').length === 100;",
        "100 boards",
    );
    let width = phone.js("return [window.innerWidth, document.documentElement.scrollWidth];");
    assert_eq!(width[0], json!(360), "the phone screen: {width}");
    assert!(
        width[1].as_i64() <= width[0].as_i64(),
        "no sideways scrolling on a phone: {width}"
    );
    phone.wait_for(
        "return document.readyState === 'complete';",
        "the page loaded",
    );
    std::thread::sleep(Duration::from_millis(500));
    let (api, csrf) = organizer_session(&site);
    let res = api
        .put(format!(
            "{site}/api/v1/tournaments/{}/games/{}/result",
            big.0, big.1
        ))
        .header("X-CSRF-Token", csrf)
        .json(&json!({"result": "0-1", "version": 1}))
        .send()
        .unwrap();
    assert!(
        res.status().is_success(),
        "result through the API: {}",
        res.status()
    );
    phone.wait_for(
        "return document.querySelector('#board-1 td.res').textContent.trim() === '0-1';",
        "the live update of board 1",
    );
    phone.screenshot(&artifacts, "07-phone-100-boards-live");
    drop(phone);
    server.stop();
}

/// The organizer logged in through the API: the client (holding the session
/// cookie) and the CSRF token its writes carry.
fn organizer_session(site: &str) -> (Client, String) {
    let api = Client::builder().cookie_store(true).build().unwrap();
    let session: Value = api
        .post(format!("{site}/api/v1/session"))
        .json(&json!({"username": "organizer", "password": PASSWORD}))
        .send()
        .unwrap()
        .json()
        .unwrap();
    let csrf = session["csrf_token"].as_str().expect("csrf").to_string();
    (api, csrf)
}
/// A 200-player Swiss, round 1 paired and published, for the phone: (tournament
/// id, game id of board 1). Built through the domain operations.
fn big_round(db: &Database) -> (app::domain::ids::TournamentId, app::domain::ids::GameId) {
    use app::domain::registration::{self, RegisterPlayer};
    use app::domain::{rounds, tournaments};
    let organizer = db
        .read(|conn| users::find_user_id(conn, "organizer"))
        .unwrap()
        .expect("organizer");
    let actor = Actor {
        user_id: Some(organizer),
        username: Some("organizer".into()),
        is_admin: false,
    };
    db.write(|conn| {
        let t = tournaments::create(
            conn,
            &actor,
            tournaments::Regulations {
                name: "Wielki Turniej Szwajcarski".into(),
                ..Default::default()
            },
        )?;
        for i in 0..200 {
            let (last, first) = PLAYERS[i % PLAYERS.len()].0.split_once(", ").unwrap();
            registration::register(
                conn,
                &actor,
                t.id,
                RegisterPlayer {
                    name: format!("{last}-Brzęczyszczykiewicz {i}, {first}"),
                    title: ["GM", "IM", "FM", "", ""][i % 5].into(),
                    rating: Some(2700 - i as i32 * 5),
                    ..Default::default()
                },
            )?;
        }
        let r = rounds::pair_next(conn, &actor, t.id)?;
        rounds::publish(conn, &actor, t.id, app::domain::ids::RoundNo(1))?;
        Ok::<_, app::domain::DomainError>((t.id, r.games[0].id))
    })
    .expect("a 200-player round")
}

/// Team pages (issue 20) on a phone: the staff's round screen and the public
/// pages (teams and standings, a round board by board, the crosstable) fit
/// 360 px without sideways scrolling of the page, and a match's results are
/// typed with the keyboard only (shorthand, Tab to the next board, Enter).
#[test]
fn team_pages_on_a_phone() {
    let Some((chromium, driver)) = chromium_and_driver() else {
        return;
    };
    let artifacts = Path::new(env!("CARGO_MANIFEST_DIR")).join("../artifacts/teams");
    std::fs::create_dir_all(&artifacts).unwrap();
    let (dir, db) = crate::common::scratch_sqlite("team_browser");
    crate::common::add_account(&db, "organizer", PASSWORD, "Organizer", false);
    let server: Background = crate::common::serve(db.clone(), &dir);
    let site = server.url();

    // The event through the API: 8 teams of 5 (4 boards), round 1 published,
    // every line-up in.
    let (api, csrf) = organizer_session(&site);
    let call = |method: reqwest::Method, path: &str, body: Value| -> Value {
        let res = api
            .request(method, format!("{site}{path}"))
            .header("X-CSRF-Token", &csrf)
            .json(&body)
            .send()
            .unwrap();
        assert!(res.status().is_success(), "{path}: {}", res.status());
        res.json().unwrap()
    };
    let tid = call(
        reqwest::Method::POST,
        "/api/v1/tournaments",
        json!({"name": "Międzywojewódzka Liga Drużynowa", "rounds": 1}),
    )["id"]
        .as_i64()
        .unwrap();
    call(
        reqwest::Method::PUT,
        &format!("/api/v1/tournaments/{tid}/team-event"),
        json!({"system": "round_robin", "boards": 4}),
    );
    for t in 1..=8 {
        let roster: Vec<Value> = (1..=5)
            .map(|k| json!({"name": format!("Wiśniewski-Kowalczyk, Bartłomiej {t}{k}"), "rating": 2300 - 10 * k, "title": "FM"}))
            .collect();
        call(
            reqwest::Method::POST,
            &format!("/api/v1/tournaments/{tid}/teams"),
            json!({"name": format!("Klub Szachowy Hetman Wrocław-Krzyki {t}"), "federation": "POL", "roster": roster}),
        );
    }
    call(
        reqwest::Method::POST,
        &format!("/api/v1/tournaments/{tid}/team-rounds"),
        json!({}),
    );
    call(
        reqwest::Method::POST,
        &format!("/api/v1/tournaments/{tid}/team-rounds/1/publish"),
        json!({}),
    );
    for t in 1..=8 {
        call(
            reqwest::Method::PUT,
            &format!("/api/v1/tournaments/{tid}/team-rounds/1/lineups/{t}"),
            json!({"players": [1, 2, 3, 5]}),
        );
    }

    let phone = Browser::start(&chromium, &driver, 360);
    let fits = |what: &str| {
        let width = phone.js("return window.innerWidth;");
        assert_eq!(width, json!(360), "the phone screen");
        phone.assert_fits(what);
    };
    phone.log_in(&site, "organizer", PASSWORD);
    phone.go(&format!("{site}/t/{tid}/manage/teams"));
    phone.wait_for(
        "return document.querySelectorAll('section.team-match').length === 4;",
        "the four matches",
    );
    fits("the staff screen");
    phone.screenshot(&artifacts, "01-staff-screen");
    // The keyboard only, once the first box has the focus: a result, Tab, …, Enter.
    phone.js("document.querySelector('input[name=m1b1]').focus(); return true;");
    phone.wait_for(
        "return document.activeElement && document.activeElement.name === 'm1b1';",
        "the first result box focused",
    );
    phone.keys("1\t=\t0\t½\n");
    phone.wait_for(
        "return document.querySelector('input[name=m1b4]') !== null && document.querySelector('input[name=m1b4]').value === '½-½';",
        "the results saved and shown",
    );
    let round: Value = api
        .get(format!("{site}/api/v1/tournaments/{tid}/team-rounds/1"))
        .send()
        .unwrap()
        .json()
        .unwrap();
    let results: Vec<&str> = round["matches"][0]["boards"]
        .as_array()
        .unwrap()
        .iter()
        .map(|b| b["result"].as_str().unwrap_or("*"))
        .collect();
    assert_eq!(results, ["1-0", "½-½", "0-1", "½-½"]);
    phone.screenshot(&artifacts, "02-results-typed");
    for (path, name) in [
        (format!("/t/{tid}/teams"), "03-teams"),
        (format!("/t/{tid}/teams/rounds/1"), "04-round"),
        (format!("/t/{tid}/teams/crosstable"), "05-crosstable"),
    ] {
        phone.go(&format!("{site}{path}"));
        phone.wait_for(
            "return document.readyState === 'complete';",
            "the page loaded",
        );
        fits(&path);
        phone.screenshot(&artifacts, name);
    }
    assert!(phone.text().contains("Klub Szachowy Hetman"));
    drop(phone);
    server.stop();
}

/// The open live streams the server counts (`live_streams_open` in `/metrics`).
fn open_streams(http: &Client, site: &str) -> i64 {
    let text = http
        .get(format!("{site}/metrics"))
        .send()
        .and_then(|r| r.text())
        .unwrap_or_default();
    text.lines()
        .find(|l| l.starts_with("live_streams_open "))
        .and_then(|l| l.split_whitespace().nth(1))
        .and_then(|v| v.parse::<f64>().ok())
        .map_or(-1, |v| v as i64)
}

/// Issue 33: a spectator clicks through 30 live pages in a row, with the
/// back/forward cache on (Chromium's default). A page kept in that cache
/// lets go of its event stream, so no click waits for a connection the
/// browser has used up (each page loads within 2 s), and the server's count
/// of open streams comes back to the one page on screen; going back to a
/// cached page opens its stream again.
#[test]
fn thirty_live_pages_in_a_row_let_go_of_their_streams() {
    let Some((chromium, driver)) = chromium_and_driver() else {
        return;
    };
    let demo = crate::pages_crawl::demo();
    let site = demo.base.trim_end_matches('/').to_string();
    let http = Client::new();
    // Live pages of the demo's tournaments, as the public reads them.
    let mut pages = Vec::new();
    'found: for tid in 1..=3 {
        let mut paths = vec![
            format!("/t/{tid}"),
            format!("/t/{tid}/standings"),
            format!("/t/{tid}/crosstable"),
        ];
        paths.extend((1..=9).map(|n| format!("/t/{tid}/rounds/{n}")));
        paths.extend((1..=40).map(|p| format!("/t/{tid}/players/{p}")));
        for p in paths {
            let body = http
                .get(format!("{site}{p}"))
                .send()
                .ok()
                .filter(|r| r.status().is_success())
                .and_then(|r| r.text().ok())
                .unwrap_or_default();
            if body.contains("<body data-live=\"") {
                pages.push(p);
                if pages.len() == 30 {
                    break 'found;
                }
            }
        }
    }
    assert_eq!(pages.len(), 30, "the demo has 30 live pages: {pages:?}");
    let b = Browser::start(&chromium, &driver, 1280);
    b.go(&format!("{site}{}", pages[0]));
    let mut slowest = Duration::ZERO;
    for (k, p) in pages.iter().enumerate().skip(1) {
        // A link on the page, clicked: a navigation that keeps the page left
        // in the back/forward cache.
        b.js(&format!(
            "var a = document.createElement('a'); a.id = 'next-live-page'; a.href = '{p}'; \
             a.textContent = 'next'; document.body.prepend(a); return true;"
        ));
        let started = Instant::now();
        b.click("#next-live-page");
        b.wait_for(
            &format!("return document.readyState === 'complete' && location.pathname === '{p}';"),
            p,
        );
        let took = started.elapsed();
        slowest = slowest.max(took);
        assert!(
            took < Duration::from_secs(2),
            "click {k} to {p} waited {took:?}"
        );
    }
    // Only the page on screen holds a stream (the server notices the others
    // closed at its next keep-alive comments, every 2 s).
    let deadline = Instant::now() + Duration::from_secs(10);
    let mut open = open_streams(&http, &site);
    while open != 1 && Instant::now() < deadline {
        std::thread::sleep(Duration::from_millis(100));
        open = open_streams(&http, &site);
    }
    assert_eq!(
        open, 1,
        "open streams after 30 pages (slowest click {slowest:?})"
    );
    // Back to a page from the cache: it opens its stream again, and the one
    // left lets go.
    b.cmd(reqwest::Method::POST, "/back", Some(json!({})));
    b.wait_for(
        &format!("return location.pathname === '{}';", pages[28]),
        "back",
    );
    let deadline = Instant::now() + Duration::from_secs(10);
    let mut open = open_streams(&http, &site);
    while open != 1 && Instant::now() < deadline {
        std::thread::sleep(Duration::from_millis(100));
        open = open_streams(&http, &site);
    }
    // 0 would mean the page shown again did not reopen its stream; 2, that
    // the one left kept its own.
    assert_eq!(open, 1, "after going back");
}
