//! Every write operation of the JSON API can be done on a page (issue 33):
//! for each one a page form posts to a page route that does the same work, or
//! the page's script calls it, or it is on the short list of exceptions below,
//! each with its reason. The test fails on a write operation that is on none of
//! these lists, on a listed page route the router does not hold, and on a page
//! route no template has a form for.

use app::web::{api, pages};
use std::collections::BTreeSet;
use std::path::Path;

/// How a person reaches an API write operation from the pages.
enum Reach {
    /// A page form posting to this page route (the router's pattern).
    Form(&'static str),
    /// The pages' script (`app/static/arbiter.js`) calls the API itself, at
    /// an address containing this text, from a control on a page.
    Script(&'static str),
    /// Not on a page, for this reason.
    Not(&'static str),
}

use Reach::*;

/// (method, OpenAPI path) → how it is reached.
fn reach() -> Vec<(&'static str, &'static str, Reach)> {
    const T: &str = "/api/v1/tournaments/{tid}";
    let t =
        |rest: &'static str| -> &'static str { Box::leak(format!("{T}{rest}").into_boxed_str()) };
    vec![
        ("POST", "/api/v1/session", Form("/login")),
        ("DELETE", "/api/v1/session", Form("/logout")),
        (
            "POST",
            "/api/v1/tokens",
            Not(
                "a bearer token is for a program using the API; a person on the pages is \
                 logged in by the session cookie and never needs one",
            ),
        ),
        ("POST", "/api/v1/users", Form("/accounts")),
        ("POST", "/api/v1/rating-lists", Form("/rating-lists/upload")),
        (
            "POST",
            "/api/v1/rating-lists/managers",
            Form("/rating-lists/managers"),
        ),
        (
            "POST",
            "/api/v1/rating-lists/rollback",
            Form("/rating-lists/rollback"),
        ),
        ("POST", "/api/v1/tournaments", Form("/new")),
        (
            "POST",
            t("/rating-lists"),
            Form("/t/{tid}/manage/rating-lists/upload"),
        ),
        (
            "POST",
            t("/rating-lists/rollback"),
            Form("/t/{tid}/manage/rating-lists/rollback"),
        ),
        (
            "POST",
            "/api/v1/tournaments/import-trf",
            Form("/import-trf"),
        ),
        ("PATCH", t(""), Form("/t/{tid}/manage/settings")),
        (
            "PUT",
            t("/mirror"),
            Not(
                "a state is sent by the venue's Arbiter itself (app/src/publish.rs) with the \
                 publishing token; no person posts one",
            ),
        ),
        (
            "POST",
            t("/publishing-token"),
            Form("/t/{tid}/manage/publishing/token"),
        ),
        (
            "DELETE",
            t("/publishing-token"),
            Form("/t/{tid}/manage/publishing/revoke"),
        ),
        ("PUT", t("/publishing"), Form("/t/{tid}/manage/publishing")),
        (
            "DELETE",
            t("/publishing"),
            Form("/t/{tid}/manage/publishing/stop"),
        ),
        ("POST", t("/staff"), Form("/t/{tid}/manage/staff")),
        (
            "POST",
            t("/staff/dismiss"),
            Form("/t/{tid}/manage/staff/dismiss"),
        ),
        // Registration.
        ("POST", t("/players"), Form("/t/{tid}/manage/players")),
        (
            "PATCH",
            t("/players/{pid}"),
            Form("/t/{tid}/manage/players/{pid}/edit"),
        ),
        (
            "DELETE",
            t("/players/{pid}"),
            Form("/t/{tid}/manage/players/{pid}/delete"),
        ),
        (
            "POST",
            t("/players/{pid}/byes"),
            Form("/t/{tid}/manage/players/{pid}/bye"),
        ),
        (
            "POST",
            t("/players/{pid}/withdraw"),
            Form("/t/{tid}/manage/players/{pid}/withdraw"),
        ),
        (
            "POST",
            t("/players/{pid}/reinstate"),
            Form("/t/{tid}/manage/players/{pid}/reinstate"),
        ),
        (
            "POST",
            t("/players/{pid}/erase"),
            Form("/t/{tid}/manage/players/{pid}/erase"),
        ),
        ("POST", t("/rerate"), Script("/rerate")),
        // Entries and check-in.
        ("POST", t("/entries"), Form("/t/{tid}/entry")),
        (
            "PUT",
            t("/entry-form"),
            Form("/t/{tid}/manage/entries/form"),
        ),
        (
            "POST",
            t("/entries/{eid}/approve"),
            Form("/t/{tid}/manage/entries/{eid}/approve"),
        ),
        (
            "POST",
            t("/entries/{eid}/reject"),
            Form("/t/{tid}/manage/entries/{eid}/reject"),
        ),
        ("PUT", t("/checkin"), Form("/t/{tid}/manage/checkin/open")),
        ("POST", t("/checkin/code"), Form("/t/{tid}/checkin")),
        (
            "POST",
            t("/checkin/codes"),
            Form("/t/{tid}/manage/checkin/codes"),
        ),
        (
            "POST",
            t("/checkin/marks"),
            Form("/t/{tid}/manage/checkin/mark"),
        ),
        // Rounds.
        ("POST", t("/rounds"), Form("/t/{tid}/manage/pair")),
        (
            "DELETE",
            t("/rounds/{n}"),
            Form("/t/{tid}/manage/rounds/{n}/unpair"),
        ),
        (
            "PUT",
            t("/rounds/{n}/pairing"),
            Form("/t/{tid}/manage/rounds/{n}/swap"),
        ),
        (
            "POST",
            t("/rounds/{n}/publish"),
            Form("/t/{tid}/manage/rounds/{n}/publish"),
        ),
        (
            "PUT",
            t("/rounds/{n}/start"),
            Form("/t/{tid}/manage/rounds/{n}/start"),
        ),
        (
            "POST",
            t("/rounds/{n}/chess960"),
            Form("/t/{tid}/manage/rounds/{n}/chess960"),
        ),
        (
            "POST",
            t("/rounds/{n}/games.pgn"),
            Form("/t/{tid}/manage/rounds/{n}/games-pgn"),
        ),
        // Games at the desk.
        (
            "PUT",
            t("/games/{gid}/result"),
            Form("/t/{tid}/manage/rounds/{n}/results"),
        ),
        (
            "PUT",
            t("/games/{gid}/moves"),
            Form("/t/{tid}/manage/games/{gid}/moves"),
        ),
        (
            "POST",
            t("/games/{gid}/penalties"),
            Form("/t/{tid}/manage/games/{gid}/penalties"),
        ),
        (
            "PUT",
            t("/games/{gid}/arrivals"),
            Form("/t/{tid}/manage/rounds/{n}/arrivals/{gid}"),
        ),
        (
            "POST",
            t("/games/{gid}/arrivals/preview"),
            // The same form, its "preview" button (nothing is written).
            Form("/t/{tid}/manage/rounds/{n}/arrivals/{gid}"),
        ),
        (
            "POST",
            t("/games/{gid}/adjournments"),
            Form("/t/{tid}/manage/games/{gid}/adjourn"),
        ),
        (
            "POST",
            t("/adjournments/{aid}/presence"),
            Form("/t/{tid}/manage/envelopes/{aid}/present"),
        ),
        (
            "POST",
            t("/adjournments/{aid}/open"),
            Form("/t/{tid}/manage/envelopes/{aid}/open"),
        ),
        (
            "POST",
            t("/adjournments/{aid}/end"),
            Form("/t/{tid}/manage/envelopes/{aid}/end"),
        ),
        (
            "POST",
            t("/adjournments/{aid}/lost"),
            Form("/t/{tid}/manage/envelopes/{aid}/lost"),
        ),
        ("PUT", t("/prizes"), Form("/t/{tid}/manage/prizes")),
        // Team events.
        (
            "PUT",
            t("/team-event"),
            Form("/t/{tid}/manage/teams/settings"),
        ),
        ("POST", t("/teams"), Form("/t/{tid}/manage/teams/teams")),
        // The same team form edits a team (its number in a hidden field).
        (
            "PUT",
            t("/teams/{team}"),
            Form("/t/{tid}/manage/teams/teams"),
        ),
        // A team TRF pasted on the import page becomes a new team event.
        ("POST", t("/team-import"), Form("/import-trf")),
        (
            "POST",
            t("/team-rounds"),
            Form("/t/{tid}/manage/teams/pair"),
        ),
        (
            "DELETE",
            t("/team-rounds/{n}"),
            Form("/t/{tid}/manage/teams/rounds/{n}/unpair"),
        ),
        (
            "PUT",
            t("/team-rounds/{n}/deadline"),
            Form("/t/{tid}/manage/teams/rounds/{n}/deadline"),
        ),
        (
            "PUT",
            t("/team-rounds/{n}/lineups/{team}"),
            Form("/t/{tid}/manage/teams/rounds/{n}/lineups/{team}"),
        ),
        (
            "POST",
            t("/team-rounds/{n}/publish"),
            Form("/t/{tid}/manage/teams/rounds/{n}/publish"),
        ),
        (
            "PUT",
            t("/team-rounds/{n}/results"),
            Form("/t/{tid}/manage/teams/rounds/{n}/results"),
        ),
        (
            "POST",
            t("/teams/{team}/byes"),
            Form("/t/{tid}/manage/teams/teams/{team}/byes"),
        ),
        (
            "DELETE",
            t("/teams/{team}/byes/{n}"),
            Form("/t/{tid}/manage/teams/teams/{team}/byes/{n}/cancel"),
        ),
        (
            "POST",
            t("/teams/{team}/withdraw"),
            Form("/t/{tid}/manage/teams/teams/{team}/withdraw"),
        ),
        (
            "POST",
            t("/teams/{team}/reinstate"),
            Form("/t/{tid}/manage/teams/teams/{team}/reinstate"),
        ),
    ]
}

/// Every template's text, with its file name.
fn templates() -> Vec<(String, String)> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../templates");
    let mut out = Vec::new();
    let mut stack = vec![root];
    while let Some(dir) = stack.pop() {
        for e in std::fs::read_dir(&dir).expect("templates/") {
            let p = e.unwrap().path();
            if p.is_dir() {
                stack.push(p);
            } else if p.extension().is_some_and(|x| x == "html") {
                let text = std::fs::read_to_string(&p).unwrap();
                out.push((p.display().to_string(), text));
            }
        }
    }
    out
}

/// Whether `action` (a form's `action` attribute as written in a template,
/// with askama expressions) posts to the route `pattern`: literal segments
/// equal, each `{param}` of the pattern an expression `{{ … }}` of the template.
fn posts_to(action: &str, pattern: &str) -> bool {
    let mut rest = action;
    for seg in pattern.split('/').filter(|s| !s.is_empty()) {
        let Some(r) = rest.strip_prefix('/') else {
            return false;
        };
        if seg.starts_with('{') {
            let Some(r) = r.strip_prefix("{{") else {
                return false;
            };
            let Some(end) = r.find("}}") else {
                return false;
            };
            rest = &r[end + 2..];
        } else {
            let Some(r) = r.strip_prefix(seg) else {
                return false;
            };
            rest = r;
        }
    }
    // The action ends here (or a query string / an askama block follows).
    rest.is_empty() || rest.starts_with('?') || rest.starts_with("{%") || rest.starts_with('#')
}

/// The `action` attributes of every form in the templates. An attribute with
/// an `{% if %}` in it gives each of its branches.
fn form_actions() -> Vec<(String, String)> {
    let mut out = Vec::new();
    for (file, text) in templates() {
        let mut rest = text.as_str();
        while let Some(i) = rest.find("action=\"") {
            let after = &rest[i + 8..];
            // The attribute ends at the first quote outside `{{ }}`/`{% %}`.
            let mut depth = 0;
            let mut end = after.len();
            let bytes = after.as_bytes();
            let mut k = 0;
            while k < bytes.len() {
                if after[k..].starts_with("{{") || after[k..].starts_with("{%") {
                    depth += 1;
                    k += 2;
                    continue;
                }
                if after[k..].starts_with("}}") || after[k..].starts_with("%}") {
                    depth -= 1;
                    k += 2;
                    continue;
                }
                if bytes[k] == b'"' && depth == 0 {
                    end = k;
                    break;
                }
                k += 1;
            }
            let value = &after[..end];
            // `{% if … %}/a{% else %}/b{% endif %}`: each branch.
            for part in value.split("{%") {
                let branch = part.split_once("%}").map_or(part, |(_, b)| b);
                if branch.starts_with('/') {
                    out.push((file.clone(), branch.to_string()));
                }
            }
            rest = &after[end..];
        }
    }
    out
}

#[test]
fn every_api_write_operation_is_reached_from_a_page() {
    let table = reach();
    let page_posts: BTreeSet<String> = pages::routes()
        .iter()
        .filter(|r| r.method == actix_web::http::Method::POST)
        .map(|r| r.path.to_string())
        .collect();
    let actions = form_actions();
    let script =
        std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("static/arbiter.js"))
            .unwrap();
    let mut problems = Vec::new();
    let mut writes = 0;
    for r in api::routes() {
        if r.method == actix_web::http::Method::GET {
            continue;
        }
        writes += 1;
        let method = r.method.as_str();
        match table.iter().find(|(m, p, _)| *m == method && *p == r.path) {
            None => problems.push(format!(
                "{method} {}: no page reaches it and it is not on the list of exceptions",
                r.path
            )),
            Some((_, _, Form(route))) => {
                if !page_posts.contains(*route) {
                    problems.push(format!(
                        "{method} {}: the page route POST {route} is not in the router",
                        r.path
                    ));
                } else if !actions.iter().any(|(_, a)| posts_to(a, route)) {
                    problems.push(format!(
                        "{method} {}: no template has a form posting to {route}",
                        r.path
                    ));
                }
            }
            Some((_, _, Script(part))) => {
                if !script.contains(part) {
                    problems.push(format!(
                        "{method} {}: app/static/arbiter.js does not call {part}",
                        r.path
                    ));
                }
            }
            Some((_, _, Not(reason))) => assert!(reason.len() > 40, "a real reason"),
        }
    }
    // A listed operation the API no longer has is a stale line.
    let api_ops: BTreeSet<(String, String)> = api::routes()
        .iter()
        .map(|r| (r.method.as_str().to_string(), r.path.to_string()))
        .collect();
    for (m, p, _) in &table {
        if !api_ops.contains(&(m.to_string(), p.to_string())) {
            problems.push(format!("{m} {p} is listed here but is not in the API"));
        }
    }
    let exceptions = table.iter().filter(|(_, _, r)| matches!(r, Not(_))).count();
    assert!(
        writes > 50,
        "the API's write operations were read ({writes})"
    );
    assert!(exceptions <= 3, "the list of exceptions stays short");
    assert!(
        problems.is_empty(),
        "{} of {writes} write operations:\n{}",
        problems.len(),
        problems.join("\n")
    );
}

#[test]
fn a_form_action_matches_its_route_and_nothing_else() {
    assert!(posts_to(
        "/t/{{ tid }}/manage/players/{{ p.id }}/bye",
        "/t/{tid}/manage/players/{pid}/bye"
    ));
    assert!(posts_to(
        "/t/{{ tid }}/manage/settings",
        "/t/{tid}/manage/settings"
    ));
    assert!(posts_to("/login", "/login"));
    assert!(!posts_to(
        "/t/{{ tid }}/manage/players",
        "/t/{tid}/manage/players/{pid}/bye"
    ));
    assert!(!posts_to(
        "/t/{{ tid }}/manage/players/{{ p.id }}/bye",
        "/t/{tid}/manage/players"
    ));
    assert!(!posts_to(
        "/t/7/manage/settings",
        "/t/{tid}/manage/settings"
    ));
    let actions = form_actions();
    // The settings form's action is `{% if %}…/manage/settings{% else %}/new{% endif %}`.
    assert!(actions.iter().any(|(_, a)| a == "/new"), "{actions:?}");
    assert!(actions
        .iter()
        .any(|(_, a)| posts_to(a, "/t/{tid}/manage/settings")));
}
