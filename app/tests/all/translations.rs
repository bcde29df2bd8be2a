//! No user-visible English on the Polish and Czech pages and printouts.
//!
//! The English vocabulary of the interface is read from the translation table
//! itself (`app/src/web/pages/i18n.rs`): every word of an English text, less
//! the words that the Polish or Czech texts use too (names such as Buchholz,
//! codes such as FIDE or PGN). Then every page reachable from the home page —
//! as a visitor and as the demo's arbiter — and every PDF linked from them is
//! fetched in each language, and the visible text (text nodes, `title`,
//! `placeholder`, `aria-label`, `alt`, button values; the text `pdftotext`
//! reads) must hold none of those words. This catches a missing key, a literal
//! in a template, an enum word printed raw and an English sentence built in
//! Rust, on any page, without listing the pages.

use crate::pages_crawl::demo;
use html5gum::{Token, Tokenizer};
use reqwest::blocking::Client;
use std::collections::{BTreeMap, BTreeSet, HashSet, VecDeque};

/// Words that are the same in the languages or are data, not interface.
const NOT_ENGLISH: &[&str] = &[
    // Shown as the demo's data (tournament, place and player names, and the
    // demo's account names, which the staff list shows as they are).
    "open",
    "memorial",
    "opera",
    "game",
    "organizer",
];

fn words(text: &str) -> impl Iterator<Item = String> + '_ {
    text.split(|c: char| !c.is_alphabetic() && c != '\'')
        .map(|w| w.trim_matches('\'').to_lowercase())
        .filter(|w| w.chars().count() >= 3)
}

/// The words written in capitals in `text` (lower-cased): codes such as the
/// tie-breaks' `WIN`, which are the same in every language.
fn codes(text: &str) -> Vec<String> {
    text.split(|c: char| !c.is_alphabetic())
        .filter(|w| w.chars().count() >= 2 && w.chars().all(|c| c.is_uppercase()))
        .map(|w| w.to_lowercase())
        .collect()
}

/// The quoted strings of `"key" => ("English", "Polish")` arms, and the Czech
/// table's strings.
fn vocabulary() -> HashSet<String> {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let source = std::fs::read_to_string(root.join("src/web/pages/i18n.rs")).unwrap();
    let czech = std::fs::read_to_string(root.join("src/web/pages/i18n/cs.rs")).unwrap();
    let strings = |s: &str| -> Vec<String> {
        // Every string literal that is not a match arm's pattern, in order.
        let mut out = Vec::new();
        let mut rest = s;
        while let Some(i) = rest.find('"') {
            let after = &rest[i + 1..];
            let Some(j) = after.find('"') else { break };
            rest = &after[j + 1..];
            let next = rest.trim_start();
            if !(next.starts_with("=>") || next.starts_with('|') || next.starts_with("if ")) {
                out.push(after[..j].to_string());
            }
        }
        out
    };
    let start = source.find("fn en_pl(").expect("the table");
    let end = source[start..].find("_ => (key, key)").unwrap() + start;
    let table = strings(&source[start..end]);
    // The texts come as English, Polish (multi-line arms too).
    let mut english = HashSet::new();
    let mut other = HashSet::new();
    for pair in table.chunks(2) {
        if let [en, pl] = pair {
            english.extend(words(en));
            other.extend(words(pl));
        }
    }
    for s in strings(&czech) {
        other.extend(words(&s));
    }
    english.retain(|w| !other.contains(w) && !NOT_ENGLISH.contains(&w.as_str()));
    assert!(english.len() > 300, "only {} English words", english.len());
    english
}

/// Elements whose text is not interface text: scripts, styles, and code —
/// the audit log's JSON and action names, FEN, PGN.
const MACHINE_TEXT: &[&str] = &["script", "style", "code", "pre"];

/// The visible texts of a page, and its same-site links.
fn visible(html: &str) -> (Vec<String>, Vec<String>) {
    let mut texts = Vec::new();
    let mut links = Vec::new();
    let mut hidden_depth = 0usize;
    for token in Tokenizer::new(html) {
        let Ok(token) = token;
        match token {
            Token::StartTag(tag) => {
                let name = String::from_utf8_lossy(&tag.name).to_string();
                let attr = |k: &str| {
                    tag.attributes
                        .get(k.as_bytes())
                        .map(|v| String::from_utf8_lossy(v).to_string())
                };
                if MACHINE_TEXT.contains(&name.as_str()) && !tag.self_closing {
                    hidden_depth += 1;
                }
                for k in ["title", "placeholder", "aria-label", "alt"] {
                    if let Some(v) = attr(k) {
                        texts.push(v);
                    }
                }
                let kind = attr("type").unwrap_or_default();
                if name == "input" && (kind == "submit" || kind == "button") {
                    texts.extend(attr("value"));
                }
                if name == "a" {
                    links.extend(attr("href"));
                }
            }
            Token::EndTag(tag) => {
                let name = String::from_utf8_lossy(&tag.name).to_string();
                if MACHINE_TEXT.contains(&name.as_str()) && hidden_depth > 0 {
                    hidden_depth -= 1;
                }
            }
            Token::String(s) if hidden_depth == 0 => {
                let s = String::from_utf8_lossy(&s).to_string();
                if s.chars().any(char::is_alphabetic) {
                    texts.push(s);
                }
            }
            _ => {}
        }
    }
    (texts, links)
}

/// A path with its numbers taken out: `/t/1/players/7` → `/t/#/players/#`.
fn shape(path: &str) -> String {
    let mut out = String::new();
    let mut in_number = false;
    for c in path.chars() {
        if c.is_ascii_digit() {
            if !in_number {
                out.push('#');
            }
            in_number = true;
        } else {
            out.push(c);
            in_number = false;
        }
    }
    out
}

/// Every kind of page reachable from `/` in `lang` (at most `PER_SHAPE` pages
/// of each shape of path, so 300 player cards cost three): path →
/// (content type, body).
fn crawl(base: &str, client: &Client, lang: &str) -> BTreeMap<String, (String, Vec<u8>)> {
    const PER_SHAPE: usize = 3;
    let mut seen = BTreeMap::new();
    let mut shapes: BTreeMap<String, usize> = BTreeMap::new();
    let mut queue = VecDeque::from(["/".to_string()]);
    while let Some(path) = queue.pop_front() {
        if seen.contains_key(&path) {
            continue;
        }
        let count = shapes.entry(shape(&path)).or_default();
        if *count >= PER_SHAPE {
            continue;
        }
        *count += 1;
        let res = client
            .get(format!("{base}{path}"))
            .header("Accept-Language", lang)
            .send()
            .expect("request");
        let ct = res
            .headers()
            .get("content-type")
            .and_then(|v| v.to_str().ok())
            .unwrap_or("")
            .to_string();
        let body = res.bytes().map(|b| b.to_vec()).unwrap_or_default();
        if ct.starts_with("text/html") {
            let (_, links) = visible(&String::from_utf8_lossy(&body));
            for link in links {
                let link = link.split('#').next().unwrap_or("").replace("&amp;", "&");
                // Not the language switch (it sets the cookie) nor the logout.
                if link.starts_with('/')
                    && !link.starts_with("//")
                    && !link.starts_with("/lang/")
                    && !link.contains("logout")
                {
                    queue.push_back(link);
                }
            }
        }
        seen.insert(path, (ct, body));
        assert!(seen.len() < 3000, "the crawl does not end");
    }
    seen
}

fn pdf_text(bytes: &[u8]) -> Option<String> {
    use std::io::Write;
    let mut child = std::process::Command::new("pdftotext")
        .args(["-", "-"])
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .spawn()
        .ok()?;
    child.stdin.take()?.write_all(bytes).ok()?;
    let out = child.wait_with_output().ok()?;
    Some(String::from_utf8_lossy(&out.stdout).to_string())
}

#[test]
fn no_english_is_left_on_the_polish_and_czech_pages_and_printouts() {
    let english = vocabulary();
    let demo = demo();
    let visitor = Client::builder().build().unwrap();
    let staff = Client::builder().cookie_store(true).build().unwrap();
    let res = staff
        .post(format!("{}/login", demo.base))
        .form(&[
            ("username", "arbiter"),
            ("password", demo.arbiter_password.as_str()),
        ])
        .send()
        .unwrap();
    assert!(res.status().is_success(), "login: {}", res.status());
    let have_pdftotext = pdf_text(b"").is_some();
    if !have_pdftotext {
        assert!(
            std::env::var_os("ARBITER_REQUIRE_TOOLS").is_none(),
            "pdftotext is required (ARBITER_REQUIRE_TOOLS is set)"
        );
        eprintln!("SKIPPED the printouts: pdftotext not found (poppler-utils)");
    }
    let mut problems: BTreeSet<String> = BTreeSet::new();
    let mut counted = (0usize, 0usize);
    for lang in ["pl", "cs"] {
        for (who, client) in [("visitor", &visitor), ("arbiter", &staff)] {
            let pages = crawl(&demo.base, client, lang);
            assert!(pages.len() > 40, "only {} pages", pages.len());
            for (path, (ct, body)) in &pages {
                let texts = if ct.starts_with("text/html") {
                    counted.0 += 1;
                    let html = String::from_utf8_lossy(body);
                    assert!(
                        html.contains(&format!("lang=\"{lang}\"")),
                        "[{lang} {who}] {path}: not in {lang}"
                    );
                    visible(&html).0
                } else if ct.starts_with("application/pdf") && have_pdftotext {
                    counted.1 += 1;
                    vec![pdf_text(body).unwrap_or_default()]
                } else {
                    continue;
                };
                for text in texts {
                    let found: Vec<String> = words(&text)
                        .filter(|w| english.contains(w) && !codes(&text).contains(w))
                        .collect();
                    if !found.is_empty() {
                        let shown: String = text.split_whitespace().collect::<Vec<_>>().join(" ");
                        let shown: String = shown.chars().take(120).collect();
                        problems.insert(format!("[{lang}] {path}: {found:?} in {shown:?}"));
                    }
                }
            }
        }
    }
    eprintln!(
        "translations: {} pages and {} printouts read in Polish and Czech",
        counted.0, counted.1
    );
    let mut by_place: Vec<&String> = problems.iter().collect();
    by_place.truncate(300);
    assert!(
        problems.is_empty(),
        "{} English texts left:\n{}",
        problems.len(),
        by_place
            .iter()
            .map(|s| s.as_str())
            .collect::<Vec<_>>()
            .join("\n")
    );
}

/// The detector itself: an English literal on a Czech page is found, a
/// translated one is not.
#[test]
fn the_detector_finds_english_and_passes_czech() {
    let english = vocabulary();
    let (texts, _) = visible(
        "<html lang=cs><body><p>Pořadí po 3. kole</p><button title=\"Save results\">x</button>\
         <script>var s = 'Standings';</script><p>Standings after round 3</p></body></html>",
    );
    let flagged: Vec<&String> = texts
        .iter()
        .filter(|t| words(t).any(|w| english.contains(&w)))
        .collect();
    assert_eq!(flagged, ["Save results", "Standings after round 3"]);
}
