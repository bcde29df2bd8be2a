//! No user-visible English on the Polish and Czech pages and printouts.
//!
//! The English vocabulary of the interface is read from the translation table
//! itself (`app/src/i18n/mod.rs`): every word of an English text, less
//! the words that the Polish or Czech texts use too (names such as Buchholz,
//! codes such as FIDE or PGN). Then every page reachable from the home page —
//! as a visitor and as the demo's arbiter — and every PDF linked from them is
//! fetched in each language, and the visible text (text nodes, `title`,
//! `placeholder`, `aria-label`, `alt`, button values; the text `pdftotext`
//! reads) must hold none of those words. This catches a missing key, a literal
//! in a template, an enum word printed raw and an English sentence built in
//! Rust, on any page, without listing the pages.
//!
//! Over 700 lines because the crawl, the catalogue scans and the pages in
//! Czech and Polish that the crawl cannot reach (refused forms, library
//! errors, a bad query string) are one check of the translations.

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
    let source = std::fs::read_to_string(root.join("src/i18n/mod.rs")).unwrap();
    let czech = std::fs::read_to_string(root.join("src/i18n/cs.rs")).unwrap();
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

/// The printouts FIDE requires in English whatever the page's language: the
/// norm certificate (IT1) and the tournament report (IT3) of B.01
/// (`pdf/norms.rs`).
fn english_by_rule(path: &str) -> bool {
    path.contains("/manage/norms/it1/") || path.ends_with("/manage/norms/it3")
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
        let ct = crate::common::header(&res, "content-type");
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
    let staff = demo.arbiter();
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
                } else if english_by_rule(path) {
                    continue;
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

// ---------------------------------------------------------------------------
// The error messages (`app/src/domain/msg.rs`, catalogue in
// `app/src/i18n/errors/`).

/// The value of the Rust string literal that starts `s` (at its `"`), and
/// the rest after it.
fn string_literal(s: &str) -> Option<(String, &str)> {
    let mut chars = s.strip_prefix('"')?.char_indices();
    let mut out = String::new();
    while let Some((i, c)) = chars.next() {
        match c {
            '"' => return Some((out, &s[i + 2..])),
            '\\' => match chars.next()?.1 {
                'n' => out.push('\n'),
                't' => out.push('\t'),
                '\\' => out.push('\\'),
                '"' => out.push('"'),
                '\'' => out.push('\''),
                '\n' => {
                    // A line continuation: the newline and the next line's indent go.
                    let rest = chars.as_str();
                    let skip = rest.len() - rest.trim_start().len();
                    for _ in 0..rest[..skip].chars().count() {
                        chars.next();
                    }
                }
                other => panic!("an escape \\{other} in a message template"),
            },
            c => out.push(c),
        }
    }
    None
}

/// The source files of `app/src` (without their test modules and comments).
fn app_sources() -> Vec<(String, String)> {
    fn walk(dir: &std::path::Path, out: &mut Vec<(String, String)>) {
        for entry in std::fs::read_dir(dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                walk(&path, out);
            } else if path.extension().is_some_and(|e| e == "rs") {
                let text = std::fs::read_to_string(&path).unwrap();
                // The unit tests (a `#[cfg(test)] mod`) build example messages.
                let code = match text.find("#[cfg(test)]\nmod ") {
                    Some(i) => &text[..i],
                    None => &text[..],
                };
                let code: Vec<&str> = code
                    .lines()
                    .filter(|l| !l.trim_start().starts_with("//"))
                    .collect();
                out.push((path.display().to_string(), code.join("\n")));
            }
        }
    }
    let mut out = Vec::new();
    walk(
        &std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("src"),
        &mut out,
    );
    out
}

/// Every error-message template of the source: the literal of each `msg!`.
/// A `msg!` whose first argument is not a literal, or a `Msg` built any other
/// way than by `msg!`, is a problem (its sentence could not be translated).
fn message_templates() -> (BTreeSet<String>, Vec<String>) {
    let mut templates = BTreeSet::new();
    let mut problems = Vec::new();
    for (file, code) in app_sources() {
        let mut rest = code.as_str();
        while let Some(i) = rest.find("msg!(") {
            let after = rest[i + 5..].trim_start();
            match string_literal(after) {
                Some((t, tail)) => {
                    templates.insert(t);
                    rest = tail;
                }
                None => {
                    // The macro's own definition in lib.rs takes `$template`.
                    if !after.starts_with("$template") {
                        problems.push(format!("{file}: msg!({}", &after[..after.len().min(40)]));
                    }
                    rest = &rest[i + 5..];
                }
            }
        }
        let built = code.matches("Msg::new(").count();
        let allowed = file.ends_with("lib.rs")
            || file.ends_with("domain/msg.rs")
            || file.ends_with("i18n/errors.rs");
        if built > 0 && !allowed {
            problems.push(format!("{file}: a Msg built with Msg::new, not msg!"));
        }
    }
    for t in app::i18n::errors::FIXED {
        templates.insert(t.to_string());
    }
    // The pairing crate's phrases, read back into messages (`domain/library.rs`).
    for t in app::domain::library::PHRASES {
        templates.insert(t.to_string());
    }
    // The rules crate's validation sentences, read back the same way.
    for t in app::domain::library::SEALED_PHRASES {
        templates.insert(t.to_string());
    }
    for t in app::domain::library::RECORD_PHRASES {
        templates.insert(t.to_string());
    }
    (templates, problems)
}

#[test]
fn every_error_message_has_a_polish_and_a_czech_entry() {
    use app::domain::msg::placeholders;
    use app::i18n::{errors, Lang};
    let (templates, mut problems) = message_templates();
    assert!(
        templates.len() > 250,
        "the scan finds the messages: {}",
        templates.len()
    );
    assert!(templates.contains("the player needs a name"));
    assert!(templates.contains("round {} is already published"));
    for lang in [Lang::Pl, Lang::Cs] {
        let table = errors::table(lang);
        for t in &templates {
            match table.iter().find(|(en, _)| en == t) {
                None => problems.push(format!("{lang:?}: no entry for {t:?}")),
                Some((_, tr)) if placeholders(tr) != placeholders(t) => problems.push(format!(
                    "{lang:?}: {t:?} has {} placeholders, its translation {tr:?} {}",
                    placeholders(t),
                    placeholders(tr)
                )),
                Some(_) => {}
            }
        }
    }
    assert!(
        problems.is_empty(),
        "{} problems:\n{}",
        problems.len(),
        problems.join("\n")
    );
}

/// The arguments that a `msg!("{}", …)` may take: messages made of
/// messages (`Lines`, `nested`), which are translated themselves. Anything
/// else there is a sentence passed through whole, in a library's English.
const WHOLE_MESSAGE_ARGUMENTS: &[&str] = &["Lines(", "nested("];

/// The `msg!("{}", …)` kept on purpose, by file and argument. None now:
/// `serde_detail` (`web/mod.rs`), which used to pass serde's rarer sentences
/// through, reads all of serde's `de::Error` sentences and says anything
/// else in general words (the English logged).
const PASSED_THROUGH_ON_PURPOSE: &[(&str, &str)] = &[];

/// A library's error text is never a whole message (`msg!("{}", e)` or
/// `msg!("…{}…", e.to_string())`): each is mapped to templates
/// (`domain/library.rs`, the app's own error types carry `Msg`).
#[test]
fn no_library_error_is_passed_through_as_a_message() {
    let mut problems = Vec::new();
    let mut whole = 0;
    for (file, code) in app_sources() {
        let mut rest = code.as_str();
        while let Some(i) = rest.find("msg!(") {
            rest = &rest[i + 5..];
            let Some((template, tail)) = string_literal(rest.trim_start()) else {
                continue;
            };
            let args = tail.trim_start().trim_start_matches(',').trim_start();
            // The arguments end at the parenthesis that closes `msg!(`.
            let mut depth = 1;
            let end = args
                .char_indices()
                .find(|&(_, c)| {
                    match c {
                        '(' | '[' | '{' => depth += 1,
                        ')' | ']' | '}' => depth -= 1,
                        _ => {}
                    }
                    depth == 0
                })
                .map_or(args.len(), |(i, _)| i);
            let first = args.split([',', ')']).next().unwrap_or("").trim();
            // `e.to_string()` of an error `e` (not `state.to_string()`).
            let passes_text = args[..end].match_indices("e.to_string()").any(|(i, _)| {
                !args[..i]
                    .chars()
                    .next_back()
                    .is_some_and(|c| c.is_alphanumeric() || c == '_' || c == '.')
            });
            if passes_text {
                problems.push(format!(
                    "{file}: msg!({template:?}, {first} …) passes an error's text"
                ));
            }
            if template == "{}" {
                whole += 1;
                let structural = WHOLE_MESSAGE_ARGUMENTS.iter().any(|p| args.starts_with(p));
                let kept = PASSED_THROUGH_ON_PURPOSE
                    .iter()
                    .any(|(f, a)| file.ends_with(f) && first == *a);
                if !structural && !kept {
                    problems.push(format!("{file}: msg!(\"{{}}\", {first})"));
                }
            }
        }
    }
    // The structural uses (`Lines(…)` of a pasted list's problems).
    assert!(whole >= 1, "the scan finds the whole-message uses: {whole}");
    assert!(
        problems.is_empty(),
        "library text passed through:\n{}",
        problems.join("\n")
    );
}

#[test]
fn the_template_scan_reads_literals_as_rust_does() {
    let (t, rest) = string_literal("\"a \\\"b\\\" c\\\n        d\", x)").unwrap();
    assert_eq!(t, "a \"b\" cd");
    assert_eq!(rest, ", x)");
    assert_eq!(string_literal("x"), None);
}

/// A form posted with a bad value on a Czech and on a Polish page answers
/// with the sentence in that language (the API keeps English).
#[test]
fn a_refused_form_speaks_the_language_of_the_page() {
    use crate::common::on_each_backend;
    on_each_backend(|app, label| {
        let _ = app.user("org");
        for (lang, rounds, csv_line) in [
            ("cs", "švýcarský systém má 1 až 30 kol", "řádek 2"),
            ("pl", "turniej szwajcarski ma od 1 do 30 rund", "wiersz 2"),
        ] {
            let f = app.form_user("org");
            // The language switch of the footer: a cookie.
            let (status, _) = f.get(&format!("/lang/{lang}?back=/new"));
            assert_eq!(status, 303, "[{label}] {lang}");
            let csrf = f.csrf("/new");
            let name = format!("Turnaj {lang}");
            let post = |n: &str| {
                let form = crate::common::form::new_tournament(&csrf, "swiss");
                f.post(
                    "/new",
                    &crate::common::form::replaced(form, &[("name", &name), ("rounds", n)]),
                )
            };
            let (status, _, body) = post("99");
            assert_eq!(status, 422, "[{label}] {lang}: 99 rounds");
            assert!(
                body.contains(rounds) && !body.contains("between 1 and 30"),
                "[{label}] {lang}: {body}"
            );
            let (status, location, _) = post("3");
            assert_eq!(status, 303, "[{label}] {lang}: created");
            let tid: i32 = location.split('/').nth(2).unwrap().parse().unwrap();
            // A pasted list with a wrong line: the line named, in the language.
            let (status, _, body) = f.post(
                &format!("/t/{tid}/manage/import"),
                &[
                    ("csrf", &csrf),
                    ("csv", "Novák, Jan; 2400\nDvořák, Tomáš; lots\n"),
                ],
            );
            assert_eq!(status, 422, "[{label}] {lang}: bad list");
            assert!(
                body.contains(csv_line) && !body.contains("line 2"),
                "[{label}] {lang}: {body}"
            );
        }
    });
}

/// An organizer logged in on the pages in Czech: the form client and its CSRF token.
fn czech_organizer(app: &crate::common::TestApp) -> (crate::common::form::Form, String) {
    let label = app.label();
    let _ = app.user("org");
    let f = app.form_user("org");
    let (status, _) = f.get("/lang/cs?back=/new");
    assert_eq!(status, 303, "[{label}] cs");
    let csrf = f.csrf("/new");
    (f, csrf)
}

/// A Swiss event created on the Czech pages (`new_tournament`) and two
/// Czech players pasted into it: its id.
fn czech_swiss_with_two_players(
    app: &crate::common::TestApp,
    f: &crate::common::form::Form,
    csrf: &str,
) -> app::domain::ids::TournamentId {
    let label = app.label();
    let (status, location, body) =
        f.post("/new", &crate::common::form::new_tournament(csrf, "swiss"));
    assert_eq!(status, 303, "[{label}] created: {body}");
    let tid: app::domain::ids::TournamentId = location.split('/').nth(2).unwrap().parse().unwrap();
    let (status, _, _) = f.post(
        &format!("/t/{tid}/manage/import"),
        &[
            ("csrf", csrf),
            ("csv", "Novák, Jan; 2400\nDvořák, Tomáš; 2300\n"),
        ],
    );
    assert_eq!(status, 303, "[{label}] two players");
    tid
}

/// Round 1 paired and published through the staff pages; its first board.
fn pair_and_publish_round_1(
    app: &crate::common::TestApp,
    f: &crate::common::form::Form,
    csrf: &str,
    tid: app::domain::ids::TournamentId,
) -> app::domain::rounds::GameView {
    let label = app.label();
    let (status, _, _) = f.post(&format!("/t/{tid}/manage/pair"), &[("csrf", csrf)]);
    assert_eq!(status, 303, "[{label}] pair 1");
    let (status, _, _) = f.post(
        &format!("/t/{tid}/manage/rounds/1/publish"),
        &[("csrf", csrf)],
    );
    assert_eq!(status, 303, "[{label}] publish 1");
    let round = app
        .db
        .read(|conn| crate::common::staff_round(conn, tid, 1))
        .unwrap();
    round.games[0].clone()
}

/// Library errors and interface words on a Czech page: one error of each
/// family that a page can show (a closed set's allowed values, a pairing the
/// engine refuses, a query string that does not parse, the notes after a
/// player's edit), each in Czech and without its English.
#[test]
fn library_errors_speak_czech_on_a_czech_page() {
    use crate::common::on_each_backend;
    on_each_backend(|app, label| {
        let (f, csrf) = czech_organizer(app);
        let post_new =
            |system: &str| f.post("/new", &crate::common::form::new_tournament(&csrf, system));
        // A closed set: the allowed values are the Czech names.
        let (status, _, body) = post_new("bogus");
        assert_eq!(status, 422, "[{label}] unknown system");
        assert!(
            body.contains("povoleno: švýcarský systém, každý s každým")
                && !body.contains("allowed:")
                && !body.contains("swiss, round_robin"),
            "[{label}] {body}"
        );
        let tid = czech_swiss_with_two_players(app, &f, &csrf);

        // The notes after an edit (the rating before round 1).
        let p = app
            .db
            .read(|conn| app::domain::registration::list(conn, tid))
            .unwrap()
            .into_iter()
            .find(|p| p.name == "Dvořák, Tomáš")
            .unwrap();
        let version = p.version.to_string();
        let (status, location, body) = f.post(
            &format!("/t/{tid}/manage/players/{}/edit", p.id),
            &[
                ("csrf", &csrf),
                ("version", &version),
                ("name", &p.name),
                ("rating", "2350"),
                ("title", ""),
                ("federation", ""),
                ("fide_id", ""),
                ("club", ""),
                ("birth_date", ""),
                ("sex", ""),
                ("k_factor", &p.k_factor.to_string()),
            ],
        );
        assert_eq!(status, 303, "[{label}] edit: {body}");
        let (_, page) = f.get(&location);
        assert!(
            page.contains("startovní čísla se v 1. kole řídí novým ratingem")
                && !page.contains("follow the new rating"),
            "[{label}] {page}"
        );

        // A pairing the engine refuses: round 2 of two players who have met.
        let g = &pair_and_publish_round_1(app, &f, &csrf, tid);
        let (r, v, ver) = (
            format!("r{}", g.id),
            format!("v{}", g.id),
            g.version.to_string(),
        );
        let (status, _, body) = f.post(
            &format!("/t/{tid}/manage/rounds/1/results"),
            &[("csrf", &csrf), (&r, "1"), (&v, &ver)],
        );
        assert_eq!(status, 303, "[{label}] result: {body}");
        let (status, _, body) = f.post(&format!("/t/{tid}/manage/pair"), &[("csrf", &csrf)]);
        assert!(status >= 400, "[{label}] round 2 paired? {status}");
        assert!(
            body.contains("žádné losování 2. kola nesplňuje absolutní kritéria")
                && body.contains("bez opakovaného střetnutí")
                && !body.contains("absolute criteria")
                && !body.contains("rematch"),
            "[{label}] {body}"
        );

        // A query string that does not parse, on a page.
        let (status, body) = f.get(&format!("/t/{tid}/hall?every=often"));
        assert_eq!(status, 400, "[{label}] bad query: {body}");
        assert!(
            body.contains("parametry adresy nejsou platné")
                && body.contains("toto není číslo")
                && !body.contains("invalid digit")
                && !body.contains("deserialize"),
            "[{label}] {body}"
        );
    });
}

/// A hand-typed address whose query string serde refuses with a sentence of
/// its own (a field given twice), on Czech pages: the sentence is Czech, the
/// field's name as typed, and none of serde's English is left.
#[test]
fn a_bad_query_on_a_czech_page_has_no_serde_english() {
    use crate::common::{form::Form, on_each_backend};
    on_each_backend(|app, label| {
        let org = app.user("organiser");
        let tid = org.create_tournament(serde_json::json!({"name": "Sál", "rounds": 1}));
        let f = Form::new(&app.base);
        let (status, _) = f.get("/lang/cs?back=/");
        assert_eq!(status, 303, "[{label}] cs");
        for (path, czech) in [
            (
                format!("/t/{tid}/hall?every=5&every=6"),
                "pole `every` je uvedeno dvakrát",
            ),
            (
                "/lang/cs?back=/a&back=/b".to_string(),
                "pole `back` je uvedeno dvakrát",
            ),
        ] {
            let (status, body) = f.get(&path);
            assert_eq!(status, 400, "[{label}] {path}: {body}");
            assert!(
                body.contains("parametry adresy nejsou platné") && body.contains(czech),
                "[{label}] {path}: {body}"
            );
            for english in ["duplicate", "field `", "deserialize", "expected", "invalid"] {
                assert!(
                    !body.contains(english),
                    "[{label}] {path}: {english} in {body}"
                );
            }
        }
    });
}

/// A checked game record on a Czech game desk (`domain/records.rs`): an
/// illegal move (art. 3) and a result that disagrees with the game, said to
/// end by checkmate that is not on the board (5.1(a)); the warnings, the
/// first error and the notes are Czech and none of their English is left.
#[test]
fn game_record_warnings_speak_czech_on_a_czech_page() {
    use crate::common::on_each_backend;
    on_each_backend(|app, label| {
        let (f, csrf) = czech_organizer(app);
        let tid = czech_swiss_with_two_players(app, &f, &csrf);
        let g = &pair_and_publish_round_1(app, &f, &csrf, tid);
        let (status, _, body) = f.post(
            &format!("/t/{tid}/manage/rounds/1/results"),
            &[
                ("csrf", &csrf),
                (&format!("r{}", g.id), "1"),
                (&format!("v{}", g.id), &g.version.to_string()),
            ],
        );
        assert_eq!(status, 303, "[{label}] result 1-0: {body}");
        // White's king cannot go from e1 to e3: no legal move fits.
        let (status, location, body) = f.post(
            &format!("/t/{tid}/manage/games/{}/moves", g.id),
            &[
                ("csrf", &csrf),
                ("format", "scoresheet"),
                ("notation", "en"),
                ("termination", "checkmate"),
                ("text", "1.e4 e5 2.Ke3"),
            ],
        );
        assert_eq!(status, 303, "[{label}] moves: {body}");
        let (_, page) = f.get(&location);
        for czech in [
            // The warnings: the move problem, the result against the game.
            "tah 3 (&#39;Ke3&#39;) je nemožný: Ke3 (na tahu je bílý): neodpovídá mu žádný možný tah",
            "zadaný výsledek 1-0 neodpovídá partii: ohlášen mat, ale konečná pozice není matová; zapsaný výsledek 1-0 nesouhlasí",
            // The first error in the report.
            "půltah 3: Ke3 (nemožný)",
        ] {
            assert!(page.contains(czech), "[{label}] {czech:?} in {page}");
        }
        for english in [
            "is illegal",
            "to move",
            "no legal move fits",
            "does not agree",
            "said to end by checkmate",
            "(illegal)",
        ] {
            assert!(!page.contains(english), "[{label}] {english:?} in {page}");
        }
        // The API keeps the English.
        let api = format!("/api/v1/tournaments/{tid}/games/{}/moves", g.id);
        let (status, body) = f.get(&api);
        assert_eq!(status, 200, "[{label}] api");
        assert!(
            body.contains("move 3 ('Ke3') is illegal: Ke3 (White to move): no legal move fits")
                && body.contains("\"said to end by checkmate, but the final position is not mate\",\"recorded result 1-0 does not agree\""),
            "[{label}] {body}"
        );

        // Fool's mate: the rules give 0-1 (5.1(a)), the entered 1-0 disagrees.
        let (status, location, body) = f.post(
            &format!("/t/{tid}/manage/games/{}/moves", g.id),
            &[
                ("csrf", &csrf),
                ("format", "scoresheet"),
                ("notation", "en"),
                ("text", "1.f3 e5 2.g4 Qh4#"),
            ],
        );
        assert_eq!(status, 303, "[{label}] mate: {body}");
        let (_, page) = f.get(&location);
        let (_, warnings) = page.split_once("id=\"warnings\"").expect("the warnings");
        assert!(
            warnings
                .contains("zadaný výsledek 1-0 neodpovídá partii: podle pravidel je výsledek 0-1")
                && !page.contains("does not agree")
                && !page.contains("the rules give"),
            "[{label}] {page}"
        );
        let (_, body) = f.get(&api);
        assert!(
            body.contains(
                "the entered result 1-0 does not agree with the game: the rules give 0-1"
            ),
            "[{label}] {body}"
        );
    });
}
