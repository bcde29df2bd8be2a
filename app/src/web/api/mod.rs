//! The JSON API, `/api/v1/…`. The route table below is the router's only source.

pub mod desk;
pub mod exports;
pub mod games;
pub mod players;
pub mod rounds;
pub mod session;
pub mod tournaments;

use super::RouteDef;
use actix_web::http::Method;
use actix_web::web;

macro_rules! route {
    ($method:ident, $m:expr, $path:expr, $handler:path) => {
        RouteDef {
            method: $m,
            path: $path,
            route: web::$method().to($handler),
        }
    };
}

/// Every API route: method, path (as in the OpenAPI document) and handler.
pub fn routes() -> Vec<RouteDef> {
    vec![
        // Printouts and interchange. First: `…/games/{gid}.pgn` and
        // `…/rounds/{n}.pgn` would otherwise be taken by `…/games/{gid}` and
        // `…/rounds/{n}` (a path segment matches `3.pgn` too).
        route!(
            get,
            Method::GET,
            "/api/v1/tournaments/{tid}/games/{gid}.pgn",
            exports::game_pgn
        ),
        route!(
            get,
            Method::GET,
            "/api/v1/tournaments/{tid}/rounds/{n}.pgn",
            exports::round_pgn
        ),
        route!(
            get,
            Method::GET,
            "/api/v1/tournaments/{tid}/tournament.pgn",
            exports::tournament_pgn
        ),
        route!(
            get,
            Method::GET,
            "/api/v1/tournaments/{tid}/export.trf",
            exports::export_trf
        ),
        route!(
            post,
            Method::POST,
            "/api/v1/tournaments/import-trf",
            exports::import_trf
        ),
        route!(
            get,
            Method::GET,
            "/api/v1/tournaments/{tid}/rounds/{n}/pairings.pdf",
            exports::pairings_pdf
        ),
        route!(
            get,
            Method::GET,
            "/api/v1/tournaments/{tid}/rounds/{n}/results.pdf",
            exports::results_pdf
        ),
        route!(
            get,
            Method::GET,
            "/api/v1/tournaments/{tid}/rounds/{n}/scoresheets.pdf",
            exports::scoresheets_pdf
        ),
        route!(
            get,
            Method::GET,
            "/api/v1/tournaments/{tid}/standings.pdf",
            exports::standings_pdf
        ),
        route!(
            get,
            Method::GET,
            "/api/v1/tournaments/{tid}/crosstable.pdf",
            exports::crosstable_pdf
        ),
        route!(
            get,
            Method::GET,
            "/api/v1/tournaments/{tid}/players/{pid}/card.pdf",
            exports::card_pdf
        ),
        route!(
            get,
            Method::GET,
            "/api/v1/tournaments/{tid}/adjournments/{aid}/envelope.pdf",
            exports::envelope_pdf
        ),
        route!(post, Method::POST, "/api/v1/session", session::login),
        route!(get, Method::GET, "/api/v1/session", session::me),
        route!(delete, Method::DELETE, "/api/v1/session", session::logout),
        route!(post, Method::POST, "/api/v1/tokens", session::create_token),
        route!(post, Method::POST, "/api/v1/users", session::create_user),
        route!(get, Method::GET, "/api/v1/tournaments", tournaments::list),
        route!(
            post,
            Method::POST,
            "/api/v1/tournaments",
            tournaments::create
        ),
        route!(
            get,
            Method::GET,
            "/api/v1/tournaments/{tid}",
            tournaments::get
        ),
        route!(
            patch,
            Method::PATCH,
            "/api/v1/tournaments/{tid}",
            tournaments::edit
        ),
        route!(
            get,
            Method::GET,
            "/api/v1/tournaments/{tid}/staff",
            tournaments::staff
        ),
        route!(
            post,
            Method::POST,
            "/api/v1/tournaments/{tid}/staff",
            tournaments::appoint
        ),
        route!(
            get,
            Method::GET,
            "/api/v1/tournaments/{tid}/standings",
            tournaments::standings
        ),
        route!(
            get,
            Method::GET,
            "/api/v1/tournaments/{tid}/audit",
            tournaments::audit
        ),
        route!(
            get,
            Method::GET,
            "/api/v1/tournaments/{tid}/players",
            players::list
        ),
        route!(
            post,
            Method::POST,
            "/api/v1/tournaments/{tid}/players",
            players::register
        ),
        route!(
            get,
            Method::GET,
            "/api/v1/tournaments/{tid}/players/{pid}",
            players::card
        ),
        route!(
            post,
            Method::POST,
            "/api/v1/tournaments/{tid}/players/{pid}/withdraw",
            players::withdraw
        ),
        route!(
            post,
            Method::POST,
            "/api/v1/tournaments/{tid}/players/{pid}/byes",
            players::request_bye
        ),
        route!(
            get,
            Method::GET,
            "/api/v1/tournaments/{tid}/byes",
            players::byes
        ),
        route!(
            get,
            Method::GET,
            "/api/v1/tournaments/{tid}/rounds",
            rounds::list
        ),
        route!(
            post,
            Method::POST,
            "/api/v1/tournaments/{tid}/rounds",
            rounds::pair_next
        ),
        route!(
            get,
            Method::GET,
            "/api/v1/tournaments/{tid}/rounds/{n}",
            rounds::get
        ),
        route!(
            delete,
            Method::DELETE,
            "/api/v1/tournaments/{tid}/rounds/{n}",
            rounds::unpair
        ),
        route!(
            post,
            Method::POST,
            "/api/v1/tournaments/{tid}/rounds/{n}/publish",
            rounds::publish
        ),
        route!(
            put,
            Method::PUT,
            "/api/v1/tournaments/{tid}/rounds/{n}/pairing",
            rounds::edit_pairing
        ),
        route!(
            get,
            Method::GET,
            "/api/v1/tournaments/{tid}/games/{gid}",
            games::get
        ),
        route!(
            put,
            Method::PUT,
            "/api/v1/tournaments/{tid}/games/{gid}/result",
            games::set_result
        ),
        route!(
            put,
            Method::PUT,
            "/api/v1/tournaments/{tid}/rounds/{n}/start",
            desk::set_round_start
        ),
        route!(
            post,
            Method::POST,
            "/api/v1/tournaments/{tid}/games/{gid}/arrivals/preview",
            desk::preview_arrivals
        ),
        route!(
            put,
            Method::PUT,
            "/api/v1/tournaments/{tid}/games/{gid}/arrivals",
            desk::record_arrivals
        ),
        route!(
            get,
            Method::GET,
            "/api/v1/tournaments/{tid}/games/{gid}/penalties",
            desk::list_penalties
        ),
        route!(
            post,
            Method::POST,
            "/api/v1/tournaments/{tid}/games/{gid}/penalties",
            desk::record_penalty
        ),
        route!(
            get,
            Method::GET,
            "/api/v1/tournaments/{tid}/games/{gid}/moves",
            desk::get_moves
        ),
        route!(
            put,
            Method::PUT,
            "/api/v1/tournaments/{tid}/games/{gid}/moves",
            desk::submit_moves
        ),
        route!(
            get,
            Method::GET,
            "/api/v1/tournaments/{tid}/games/{gid}/adjournments",
            desk::list_envelopes
        ),
        route!(
            post,
            Method::POST,
            "/api/v1/tournaments/{tid}/games/{gid}/adjournments",
            desk::adjourn
        ),
        route!(
            get,
            Method::GET,
            "/api/v1/tournaments/{tid}/adjournments/{aid}",
            desk::get_envelope
        ),
        route!(
            post,
            Method::POST,
            "/api/v1/tournaments/{tid}/adjournments/{aid}/presence",
            desk::mark_present
        ),
        route!(
            post,
            Method::POST,
            "/api/v1/tournaments/{tid}/adjournments/{aid}/open",
            desk::open_envelope
        ),
        route!(
            post,
            Method::POST,
            "/api/v1/tournaments/{tid}/adjournments/{aid}/end",
            desk::end_envelope
        ),
        route!(
            post,
            Method::POST,
            "/api/v1/tournaments/{tid}/adjournments/{aid}/lost",
            desk::envelope_lost
        ),
    ]
}
