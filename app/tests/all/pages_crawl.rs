//! The pages on the demo data: a crawler follows every link reachable from the
//! home page — as a visitor and as the demo's arbiter — and every page must
//! answer without an error status and be valid HTML: no HTML5 tokenizer errors,
//! a doctype, one non-empty <title>, a lang attribute, balanced elements,
//! unique ids, a label for every form control, no dangling `label for`.

use crate::common;
use app::server::Background;
use html5gum::{Token, Tokenizer};
use reqwest::blocking::Client;
use std::collections::{BTreeSet, HashMap, HashSet, VecDeque};

pub(crate) struct Demo {
    server: Option<Background>,
    pub(crate) base: String,
    pub(crate) arbiter_password: String,
    _dir: crate::common::TempDir,
}

impl Demo {
    /// A client with a cookie store, logged in through the login page as
    /// the demo's arbiter.
    pub(crate) fn arbiter(&self) -> Client {
        let staff = Client::builder().cookie_store(true).build().unwrap();
        let res = common::form::page_login(&staff, &self.base, "arbiter", &self.arbiter_password);
        assert!(res.status().is_success(), "login: {}", res.status());
        staff
    }
}

impl Drop for Demo {
    fn drop(&mut self) {
        if let Some(s) = self.server.take() {
            s.stop();
        }
    }
}

pub(crate) fn demo() -> Demo {
    // One directory per demo: the tests of this binary run side by side, and
    // two of them (this crawl, the translations test) each start a demo.
    static NEXT: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
    let n = NEXT.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    let (dir, db) = common::scratch_sqlite(&format!("pages_crawl_{n}"));
    let creds = app::demo::load(&db).expect("demo");
    let arbiter_password = creds
        .iter()
        .find(|(role, _, _)| *role == "arbiter")
        .map(|(_, _, pw)| pw.clone())
        .expect("arbiter account");
    let server = common::serve(db, &dir);
    Demo {
        base: server.url(),
        server: Some(server),
        arbiter_password,
        _dir: dir,
    }
}

const VOID: &[&str] = &[
    "area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track",
    "wbr",
];

/// Problems found in one page, and the links it holds.
fn validate(html: &str) -> (Vec<String>, Vec<String>) {
    let mut problems = Vec::new();
    let mut links = Vec::new();
    let mut stack: Vec<String> = Vec::new();
    let mut ids: HashMap<String, usize> = HashMap::new();
    let mut label_for: Vec<String> = Vec::new();
    // Controls needing a label: (id, has aria-label, inside a <label>).
    let mut controls: Vec<(String, String)> = Vec::new();
    let mut titles = 0;
    let mut title_text = String::new();
    let mut in_title = false;
    let mut doctype = false;
    let mut lang = None;
    for token in Tokenizer::new(html) {
        let Ok(token) = token;
        match token {
            Token::Error(e) => problems.push(format!("HTML parse error: {e:?}")),
            Token::Doctype(d) => {
                doctype = String::from_utf8_lossy(&d.name).eq_ignore_ascii_case("html")
                    && !d.force_quirks;
            }
            Token::StartTag(tag) => {
                let name = String::from_utf8_lossy(&tag.name).to_string();
                let attr = |a: &str| {
                    tag.attributes
                        .get(a.as_bytes())
                        .map(|v| String::from_utf8_lossy(v).to_string())
                };
                if let Some(id) = attr("id") {
                    *ids.entry(id).or_default() += 1;
                }
                match name.as_str() {
                    "html" => lang = attr("lang"),
                    "title" => {
                        titles += 1;
                        in_title = true;
                    }
                    "a" => {
                        if let Some(href) = attr("href") {
                            links.push(href);
                        }
                    }
                    "label" => {
                        if let Some(f) = attr("for") {
                            label_for.push(f);
                        }
                    }
                    "input" | "select" | "textarea" => {
                        let kind = attr("type").unwrap_or_default();
                        if !["hidden", "submit", "button", "reset"].contains(&kind.as_str()) {
                            let in_label = stack.iter().any(|s| s == "label");
                            let aria = attr("aria-label").is_some_and(|a| !a.trim().is_empty());
                            if !in_label && !aria {
                                match attr("id") {
                                    Some(id) => controls.push((id, name.clone())),
                                    None => problems.push(format!(
                                        "<{name} name={:?}> has no id and no label",
                                        attr("name")
                                    )),
                                }
                            }
                        }
                    }
                    _ => {}
                }
                if !VOID.contains(&name.as_str()) && !tag.self_closing {
                    stack.push(name);
                }
            }
            Token::EndTag(tag) => {
                let name = String::from_utf8_lossy(&tag.name).to_string();
                if name == "title" {
                    in_title = false;
                }
                match stack.pop() {
                    Some(open) if open == name => {}
                    Some(open) => {
                        problems.push(format!("</{name}> closes <{open}>"));
                        break;
                    }
                    None => problems.push(format!("</{name}> without an open element")),
                }
            }
            Token::String(s) => {
                if in_title {
                    title_text.push_str(&String::from_utf8_lossy(&s));
                }
            }
            Token::Comment(_) => {}
        }
    }
    if !stack.is_empty() {
        problems.push(format!("elements left open: {stack:?}"));
    }
    if !doctype {
        problems.push("no <!DOCTYPE html>".into());
    }
    if titles != 1 || title_text.trim().is_empty() {
        problems.push(format!("{titles} <title> elements, text {title_text:?}"));
    }
    if lang.as_deref().is_none_or(|l| l.trim().is_empty()) {
        problems.push("<html> has no lang attribute".into());
    }
    for (id, n) in &ids {
        if *n > 1 {
            problems.push(format!("id {id:?} used {n} times"));
        }
    }
    let labelled: HashSet<&String> = label_for.iter().collect();
    for (id, name) in &controls {
        if !labelled.contains(id) {
            problems.push(format!("<{name} id={id:?}> has no label"));
        }
    }
    for f in &label_for {
        if !ids.contains_key(f) {
            problems.push(format!("<label for={f:?}> names no element"));
        }
    }
    (problems, links)
}

/// Follows every same-site link from `/`; returns the pages seen.
fn crawl(base: &str, client: &Client, who: &str) -> BTreeSet<String> {
    let mut seen = BTreeSet::new();
    let mut queue = VecDeque::from(["/".to_string()]);
    let mut failures = Vec::new();
    while let Some(path) = queue.pop_front() {
        if !seen.insert(path.clone()) {
            continue;
        }
        let res = client.get(format!("{base}{path}")).send().expect("request");
        let status = res.status();
        let ct = crate::common::header(&res, "content-type");
        let body = res.text().unwrap_or_default();
        if !status.is_success() {
            failures.push(format!("[{who}] {path}: status {status}"));
            continue;
        }
        if !ct.starts_with("text/html") {
            continue;
        }
        let (problems, links) = validate(&body);
        for p in problems {
            failures.push(format!("[{who}] {path}: {p}"));
        }
        for link in links {
            let link = link.split('#').next().unwrap_or("").replace("&amp;", "&");
            // The language switch (one link per page and language) is
            // followed from the home page only: it answers with that page.
            let switch = link.starts_with("/lang/") && path != "/";
            if link.starts_with('/') && !link.starts_with("//") && !switch && !seen.contains(&link)
            {
                queue.push_back(link);
            }
        }
        assert!(seen.len() < 2000, "the crawl does not end");
    }
    assert!(
        failures.is_empty(),
        "{} problems:\n{}",
        failures.len(),
        failures.join("\n")
    );
    seen
}

#[test]
fn every_page_of_the_demo_answers_and_is_valid_html() {
    let demo = demo();
    let visitor = Client::builder().build().unwrap();
    let pages = crawl(&demo.base, &visitor, "visitor");
    for must in [
        "/t/1",
        "/t/1/standings",
        "/t/1/crosstable",
        "/t/1/rounds/7",
        "/t/2/crosstable",
        "/t/1/players",
    ] {
        assert!(
            pages.contains(must),
            "{must} not reachable from the home page: {pages:?}"
        );
    }
    assert!(
        pages.iter().any(|p| p.starts_with("/t/1/players/")),
        "player cards reachable"
    );
    assert!(pages.len() > 80, "only {} pages", pages.len());

    // The names with their diacritics, in both languages.
    let en = visitor
        .get(format!("{}/t/1/standings", demo.base))
        .send()
        .unwrap()
        .text()
        .unwrap();
    assert!(
        en.contains("lang=\"en\"") && en.contains("Żółć") && en.contains("Čermák"),
        "names intact"
    );
    assert!(en.contains("Buchholz"), "tie-break columns explained");
    let pl = visitor
        .get(format!("{}/t/1/standings", demo.base))
        .header("Accept-Language", "pl-PL,pl;q=0.9,en;q=0.5")
        .send()
        .unwrap()
        .text()
        .unwrap();
    assert!(
        pl.contains("lang=\"pl\"") && pl.contains("Klasyfikacja"),
        "Polish from Accept-Language"
    );

    // Staff: the arbiter's pages too (links only; forms are not posted).
    let staff = demo.arbiter();
    let staff_pages = crawl(&demo.base, &staff, "arbiter");
    for must in [
        "/t/1/manage/players",
        "/t/1/manage/audit",
        "/t/1/manage/rounds/7",
        "/t/1/manage/prizes",
    ] {
        assert!(
            staff_pages.contains(must),
            "{must} not reachable for the arbiter"
        );
    }

    // Unknown pages: an HTML 404 (the API keeps its JSON 404).
    let res = visitor
        .get(format!("{}/no/such/page", demo.base))
        .send()
        .unwrap();
    assert_eq!(res.status().as_u16(), 404);
    let (problems, _) = validate(&res.text().unwrap());
    assert!(problems.is_empty(), "404 page: {problems:?}");
    let res = visitor
        .get(format!("{}/t/999/standings", demo.base))
        .send()
        .unwrap();
    assert_eq!(res.status().as_u16(), 404);
}

#[test]
fn the_validator_catches_broken_pages() {
    let (p, _) = validate("<!DOCTYPE html><html><head><title>x</title></head><body><p id=a></p><div id=a><input id=q></div></body></html>");
    let all = p.join("\n");
    assert!(all.contains("lang"), "{all}");
    assert!(all.contains("used 2 times"), "{all}");
    assert!(all.contains("has no label"), "{all}");
    let (p, _) = validate("<!DOCTYPE html><html lang=en><head><title>x</title></head><body><div><span></div></body></html>");
    assert!(p.iter().any(|x| x.contains("closes")), "{p:?}");
}
