//! The routes registered as a tree of scopes, one per leading path segment.
//!
//! actix tries an application's resources one after the other until one
//! matches, and a pattern with a parameter is matched by a regular
//! expression. Registered flat, the 180-odd routes of the pages and the API
//! cost a request to the API about 0.2 ms of matching before its handler ran
//! (a cached standings answer: 4,400 answers a second against 27,000 for the
//! same answer as a page, which is registered near the top). Grouped by their
//! leading segments (`/api` → `/v1` → `/tournaments` → `/{tid}` → …), a
//! request is matched against a handful of patterns at each level.
//!
//! The order of the flat list is kept where it matters: within a level,
//! routes and scopes are registered in the order their first route had, and a
//! route that ends at a scope's own path is registered inside it with the path
//! "". A path a scope does not hold falls through to the application's
//! default service (`web::not_found`), as before.

use actix_web::web;

/// A route to register: its full path and what answers it.
pub struct Entry {
    pub path: String,
    pub route: actix_web::Route,
}

/// The segments of `path` ("/a/{b}/c" → ["a", "{b}", "c"]); "/" has none.
fn segments(path: &str) -> Vec<String> {
    path.trim_start_matches('/')
        .split('/')
        .filter(|s| !s.is_empty())
        .map(str::to_string)
        .collect()
}

/// A group of routes sharing their first segment (or, `None`, a route that ends here).
enum Node {
    Here(actix_web::Route),
    Group(String, Vec<(Vec<String>, actix_web::Route)>),
}

/// Fewer routes than this under one segment are registered with their whole
/// remaining path rather than in a scope of their own.
const MIN_SCOPE: usize = 3;

fn group(routes: Vec<(Vec<String>, actix_web::Route)>) -> Vec<Node> {
    let mut nodes: Vec<Node> = Vec::new();
    for (segs, route) in routes {
        let mut rest = segs.into_iter();
        match rest.next() {
            None => nodes.push(Node::Here(route)),
            Some(first) => {
                let rest: Vec<String> = rest.collect();
                let found = nodes.iter_mut().find_map(|n| match n {
                    Node::Group(s, members) if *s == first => Some(members),
                    _ => None,
                });
                match found {
                    Some(members) => members.push((rest, route)),
                    None => nodes.push(Node::Group(first, vec![(rest, route)])),
                }
            }
        }
    }
    nodes
}

fn join(segs: &[String]) -> String {
    segs.iter().map(|s| format!("/{s}")).collect()
}

/// Registers `routes` (paths relative to where `cfg` is) as a tree.
fn register(cfg: &mut web::ServiceConfig, routes: Vec<(Vec<String>, actix_web::Route)>, top: bool) {
    for node in group(routes) {
        match node {
            // The path of the scope itself ("/" at the top).
            Node::Here(route) => {
                cfg.route(if top { "/" } else { "" }, route);
            }
            Node::Group(first, members) if members.len() < MIN_SCOPE => {
                for (rest, route) in members {
                    let mut path = format!("/{first}");
                    path.push_str(&join(&rest));
                    cfg.route(&path, route);
                }
            }
            Node::Group(first, members) => {
                cfg.service(
                    web::scope(&format!("/{first}"))
                        .configure(move |c| register(c, members, false)),
                );
            }
        }
    }
}

/// Registers every entry, in their order, as a tree of scopes.
pub fn register_all(cfg: &mut web::ServiceConfig, entries: Vec<Entry>) {
    let routes = entries
        .into_iter()
        .map(|e| (segments(&e.path), e.route))
        .collect();
    register(cfg, routes, true);
}

/// The screen a form posting to `path` belongs to: where a `GET` of an
/// address only posted to goes back to. An envelope's posts belong to its
/// game's desk, found by `envelope_game`.
pub fn screen_of(
    path: &str,
    envelope_game: impl FnOnce(
        crate::domain::ids::TournamentId,
        crate::domain::ids::AdjournmentId,
    ) -> Option<crate::domain::ids::GameId>,
) -> String {
    let path = path.trim_end_matches('/');
    let segs: Vec<&str> = path.split('/').collect();
    let ["", "t", tid, "manage", rest @ ..] = segs.as_slice() else {
        return "/".to_string();
    };
    match rest {
        ["games", gid, ..] => format!("/t/{tid}/manage/games/{gid}"),
        ["rounds", n, "arrivals", ..] => format!("/t/{tid}/manage/rounds/{n}/arrivals"),
        ["rounds", n, ..] => format!("/t/{tid}/manage/rounds/{n}"),
        ["pair"] => format!("/t/{tid}/manage/rounds/0"),
        ["entries", ..] => format!("/t/{tid}/manage/entries"),
        ["checkin", ..] => format!("/t/{tid}/manage/checkin"),
        ["envelopes", aid, ..] => {
            let game = match (tid.parse(), aid.parse()) {
                (Ok(t), Ok(a)) => envelope_game(t, a),
                _ => None,
            };
            match game {
                Some(g) => format!("/t/{tid}/manage/games/{g}"),
                None => format!("/t/{tid}/manage/rounds/0"),
            }
        }
        _ => format!("/t/{tid}/manage/players"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every path reaches the route it reached when the routes were flat, and
    /// a path no route holds reaches the application's default service, also
    /// under a scope that holds its first segments.
    #[actix_web::test]
    async fn every_path_reaches_its_route_through_the_scopes() {
        use actix_web::{test, App, HttpResponse};
        let patterns: [&'static str; 11] = [
            "/",
            "/lang/{code}",
            "/t/{tid}",
            "/t/{tid}/standings",
            "/t/{tid}/rounds/{n}",
            "/t/{tid}/manage/pair",
            "/api/v1/tournaments",
            "/api/v1/tournaments/import-trf",
            "/api/v1/tournaments/{tid:-?[0-9]+}",
            "/api/v1/tournaments/{tid:-?[0-9]+}/standings",
            "/api/v1/tournaments/{tid:-?[0-9]+}/rounds/{n:-?[0-9]+}",
        ];
        let app = test::init_service(
            App::new()
                .configure(|cfg| {
                    let entries = patterns
                        .into_iter()
                        .map(|p| Entry {
                            path: p.to_string(),
                            route: web::get().to(move |req: actix_web::HttpRequest| {
                                let params: Vec<String> = req
                                    .match_info()
                                    .iter()
                                    .map(|(k, v)| format!("{k}={v}"))
                                    .collect();
                                async move {
                                    HttpResponse::Ok().body(format!("{p} {}", params.join(",")))
                                }
                            }),
                        })
                        .collect();
                    register_all(cfg, entries);
                })
                .default_service(web::to(|| async {
                    HttpResponse::NotFound().body("default")
                })),
        )
        .await;
        let cases = [
            ("/", "/ "),
            ("/lang/cs", "/lang/{code} code=cs"),
            ("/t/7", "/t/{tid} tid=7"),
            ("/t/7/standings", "/t/{tid}/standings tid=7"),
            ("/t/7/rounds/3", "/t/{tid}/rounds/{n} tid=7,n=3"),
            ("/t/7/manage/pair", "/t/{tid}/manage/pair tid=7"),
            ("/api/v1/tournaments", "/api/v1/tournaments "),
            (
                "/api/v1/tournaments/import-trf",
                "/api/v1/tournaments/import-trf ",
            ),
            (
                "/api/v1/tournaments/12",
                "/api/v1/tournaments/{tid:-?[0-9]+} tid=12",
            ),
            (
                "/api/v1/tournaments/12/standings",
                "/api/v1/tournaments/{tid:-?[0-9]+}/standings tid=12",
            ),
            (
                "/api/v1/tournaments/12/rounds/4",
                "/api/v1/tournaments/{tid:-?[0-9]+}/rounds/{n:-?[0-9]+} tid=12,n=4",
            ),
            ("/api/v1/tournaments/x/standings", "default"),
            ("/api/v1/tournaments/12/rounds/4.pgn", "default"),
            ("/t/7/nothing", "default"),
            ("/api/v2", "default"),
            ("/tx", "default"),
        ];
        for (path, want) in cases {
            let req = test::TestRequest::get().uri(path).to_request();
            let body = test::call_and_read_body(&app, req).await;
            assert_eq!(String::from_utf8_lossy(&body), want, "{path}");
        }
    }

    #[test]
    fn segments_of_a_path() {
        assert_eq!(segments("/"), Vec::<String>::new());
        assert_eq!(
            segments("/t/{tid}/rounds/{n}"),
            ["t", "{tid}", "rounds", "{n}"]
        );
    }

    /// Every address only posted to goes back to its screen; an envelope's
    /// to its game's desk when the envelope is found, else the round screen.
    #[test]
    fn a_post_address_goes_back_to_its_screen() {
        use crate::domain::ids::GameId;
        let none = |_, _| None;
        let cases = [
            ("/t/3/manage/games/7/moves", "/t/3/manage/games/7"),
            (
                "/t/3/manage/rounds/2/arrivals/9",
                "/t/3/manage/rounds/2/arrivals",
            ),
            ("/t/3/manage/rounds/2/swap/", "/t/3/manage/rounds/2"),
            ("/t/3/manage/pair", "/t/3/manage/rounds/0"),
            ("/t/3/manage/entries/4/approve", "/t/3/manage/entries"),
            ("/t/3/manage/checkin/mark", "/t/3/manage/checkin"),
            ("/t/3/manage/players/5/bye", "/t/3/manage/players"),
            ("/t/3/manage/envelopes/x/open", "/t/3/manage/rounds/0"),
            ("/t/3/manage/envelopes/8/open", "/t/3/manage/rounds/0"),
            ("/t/3/lineup/1/2", "/"),
            ("/accounts", "/"),
        ];
        for (path, screen) in cases {
            assert_eq!(screen_of(path, none), screen, "{path}");
        }
        let found = screen_of("/t/3/manage/envelopes/8/end", |t, a| {
            assert_eq!((t.get(), a.get()), (3, 8));
            Some(GameId(11))
        });
        assert_eq!(found, "/t/3/manage/games/11");
    }
}
