//! The hall screen in headless Chromium at 1920×1080: nothing before the round
//! is published, then (live, without a reload) the boards; pages that fit
//! the screen in large type, turning by themselves; a result entered at the
//! desk appears without a reload; and the QR code, read back from the
//! browser's own screenshot, is the tournament's public address.
//!
//! Needs `chromium` and `chromium-driver`, like `pages_browser` (SKIPPED
//! without them unless `ARBITER_REQUIRE_BROWSER=1`).

use crate::common::{Client, TestApp};
use crate::pages_browser::Browser;
use app::db::Backend;
use base64::Engine;
use serde_json::{json, Value};
use std::path::Path;
use std::time::{Duration, Instant};

/// The rows of the set shown now: (board or name, visible).
const VISIBLE_BOARDS: &str = "return Array.from(document.querySelectorAll('#hall-boards tbody tr'))
    .filter(r => !r.hidden && r.offsetParent !== null).map(r => Number(r.dataset.board));";

fn decode_qr(png: &[u8]) -> String {
    let img = image::load_from_memory(png).expect("a PNG").to_luma8();
    let mut prepared = rqrr::PreparedImage::prepare(img);
    let grids = prepared.detect_grids();
    assert_eq!(grids.len(), 1, "one QR code in the picture");
    let (_, content) = grids[0].decode().expect("the QR code decodes");
    content
}

#[test]
fn hall_screen_pages_updates_live_and_its_qr_code_opens_the_tournament() {
    let Some((chromium, driver)) = crate::pages_browser::chromium_and_driver() else {
        return;
    };
    let app = TestApp::start(Backend::Sqlite);
    let org: Client = app.user("organizer");
    let tid = org.create_tournament(json!({"name": "Hall Open", "start_date": "2026-06-01", "end_date": "2026-06-05", "rounds": 5}));
    for i in 0..40 {
        org.add_player(
            tid,
            json!({"name": format!("Player {:02}", i + 1), "rating": 2400 - 10 * i}),
        );
    }
    org.pair_round(tid);

    let b = Browser::start_sized(&chromium, &driver, 1920, 1080);
    // The window has the browser's own bars: the page itself gets exactly
    // 1920×1080, as on a projector in full screen.
    b.cmd(
        reqwest::Method::POST,
        "/goog/cdp/execute",
        Some(json!({"cmd": "Emulation.setDeviceMetricsOverride",
                    "params": {"width": 1920, "height": 1080, "deviceScaleFactor": 1, "mobile": false}})),
    );
    let size = b.js("return [window.innerWidth, window.innerHeight];");
    assert_eq!(size, json!([1920, 1080]), "the viewport is 1920×1080");
    b.go(&format!("{}/t/{tid}/hall?every=2", app.base));

    // Paired but not published: the public's view, whoever looks.
    let text = b.text();
    assert!(text.contains("Hall Open"), "{text}");
    assert!(
        b.js("return document.getElementById('hall-wait') !== null;") == json!(true),
        "nothing before publication: {text}"
    );
    assert!(
        !text.contains("Player 01"),
        "an unpublished round is not shown: {text}"
    );

    // Published: the screen updates itself (server-sent events), no reload.
    b.js("window.__same_page = true; return true;");
    org.publish_round(tid, 1);
    b.wait_for(
        "return document.getElementById('hall-boards') !== null && document.body.getAttribute('data-pages') !== null && Number(document.body.getAttribute('data-pages')) > 1;",
        "the boards after publication",
    );
    assert_eq!(
        b.js("return window.__same_page === true;"),
        json!(true),
        "updated in place, not reloaded"
    );

    // Pages: 20 boards and 40 names do not fit one 1080-pixel screen in large
    // type; each page fits, and they turn by themselves.
    let pages = b
        .js("return Number(document.body.getAttribute('data-pages'));")
        .as_i64()
        .unwrap();
    assert!(pages >= 3, "boards and names take several pages: {pages}");
    let font = b.js(
        "return parseFloat(getComputedStyle(document.querySelector('#hall-live td')).fontSize);",
    );
    assert!(font.as_f64().unwrap() >= 30.0, "large type: {font}");
    b.wait_for(
        "return document.body.getAttribute('data-page') === '1';",
        "page 1",
    );
    let first: Vec<i64> = serde_json::from_value(b.js(VISIBLE_BOARDS)).unwrap();
    assert!(
        first.len() >= 8 && first.len() < 20,
        "a page of boards: {first:?}"
    );
    assert_eq!(first[0], 1);
    let overflow = b.js(
        "return Array.from(document.querySelectorAll('#hall-live tr')).filter(r => !r.hidden && r.offsetParent !== null && r.getBoundingClientRect().bottom > window.innerHeight).length;",
    );
    assert_eq!(overflow, json!(0), "every row shown fits the screen");
    let artifacts = Path::new(env!("CARGO_MANIFEST_DIR")).join("../artifacts");
    std::fs::create_dir_all(&artifacts).unwrap();
    b.screenshot(&artifacts, "hall-1");
    b.wait_for(
        "return document.body.getAttribute('data-page') === '2';",
        "page 2 after the timer",
    );
    let second: Vec<i64> = serde_json::from_value(b.js(VISIBLE_BOARDS)).unwrap();
    assert_eq!(
        second.first().copied(),
        Some(first.last().unwrap() + 1),
        "page 2 goes on where page 1 ended: {second:?}"
    );
    let pager = b.js("return document.getElementById('hall-pager').textContent;");
    assert!(pager.as_str().unwrap().contains("2/"), "{pager}");
    // The names come after the boards, alphabetically.
    let deadline = Instant::now() + Duration::from_secs(30);
    loop {
        let names = b.js("var s = document.getElementById('hall-names'); return s && !s.hidden ? Array.from(s.querySelectorAll('tbody tr')).filter(r => !r.hidden).map(r => r.dataset.name) : null;");
        if let Some(list) = names.as_array() {
            let list: Vec<&str> = list.iter().map(|v| v.as_str().unwrap()).collect();
            let mut sorted = list.clone();
            sorted.sort();
            assert_eq!(list, sorted, "find your board: by name");
            b.screenshot(&artifacts, "hall-names");
            break;
        }
        assert!(Instant::now() < deadline, "the names page never came");
        std::thread::sleep(Duration::from_millis(200));
    }

    // A result entered at the desk shows without a reload.
    let round = org.get(&format!("/api/v1/tournaments/{tid}/rounds/1")).1;
    let g: &Value = &round["games"][0];
    org.set_result(tid, g, "1-0");
    b.wait_for(
        "var c = document.querySelector('#hall-boards tr[data-board=\"1\"] .hall-result'); return c !== null && c.textContent.trim() === '1-0';",
        "board 1's result on the hall screen",
    );
    assert_eq!(b.js("return window.__same_page === true;"), json!(true));

    // The QR code, as the browser drew it, opens the tournament's pages.
    let id = b.el("#hall-qr svg");
    let shot = b.cmd(
        reqwest::Method::GET,
        &format!("/element/{id}/screenshot"),
        None,
    );
    let png = base64::engine::general_purpose::STANDARD
        .decode(shot.as_str().unwrap())
        .unwrap();
    std::fs::write(artifacts.join("hall-qr.png"), &png).unwrap();
    let url = decode_qr(&png);
    assert_eq!(url, format!("{}/t/{tid}", app.base));
    let shown = b.js("return document.getElementById('hall-url').textContent;");
    assert_eq!(shown.as_str(), Some(url.as_str()));
}
