//! The JSON API, `/api/v1/…`. The list below is the router's and the OpenAPI
//! document's only source: each handler's method and path are written once, in
//! its `#[utoipa::path]`, and read from there for the router; adding an
//! endpoint is its handler plus one line here.

pub mod desk;
pub mod entries;
pub mod exports;
pub mod games;
pub mod mirror;
pub mod players;
pub mod prizes;
pub mod ratings;
pub mod rounds;
pub mod session;
pub mod teams;
pub mod tournaments;

use super::RouteDef;
use actix_web::http::Method;
use actix_web::web;
use utoipa::openapi::path::HttpMethod;

/// The method and path a handler's `#[utoipa::path]` declares.
fn signature<P: utoipa::Path>() -> (Method, &'static str) {
    let method = match P::methods().first() {
        Some(HttpMethod::Get) => Method::GET,
        Some(HttpMethod::Post) => Method::POST,
        Some(HttpMethod::Put) => Method::PUT,
        Some(HttpMethod::Patch) => Method::PATCH,
        Some(HttpMethod::Delete) => Method::DELETE,
        Some(HttpMethod::Head) => Method::HEAD,
        Some(HttpMethod::Options) => Method::OPTIONS,
        Some(HttpMethod::Trace) => Method::TRACE,
        None => Method::GET,
    };
    // Once per process (the table is cached below), so the leak is bounded.
    (method, Box::leak(P::path().into_boxed_str()))
}

/// Declares the API from its handlers, in routing order: the route table and
/// the OpenAPI paths (`ApiPaths`).
macro_rules! api {
    ($( $module:ident :: $handler:ident ),* $(,)?) => {
        fn signatures() -> &'static [(Method, &'static str)] {
            static TABLE: std::sync::OnceLock<Vec<(Method, &'static str)>> =
                std::sync::OnceLock::new();
            TABLE.get_or_init(|| {
                vec![$( pastey::paste! { signature::<$module::[<__path_ $handler>]>() } ),*]
            })
        }

        /// Every API route: method, path (as in the OpenAPI document) and handler.
        pub fn routes() -> Vec<RouteDef> {
            let handlers: Vec<actix_web::Route> = vec![$( web::route().to($module::$handler) ),*];
            signatures()
                .iter()
                .zip(handlers)
                .map(|((method, path), route)| RouteDef {
                    method: method.clone(),
                    path,
                    route: route.method(method.clone()),
                })
                .collect()
        }

        /// Each route's operation id, `module_handler` (unique, unlike the
        /// handlers' own names): method, path, id.
        pub fn operation_ids() -> Vec<(Method, &'static str, String)> {
            let names: Vec<String> =
                vec![$( format!("{}_{}", stringify!($module), stringify!($handler)) ),*];
            signatures()
                .iter()
                .zip(names)
                .map(|((method, path), name)| (method.clone(), *path, name))
                .collect()
        }

        /// The operations of the document (`web::openapi` adds the rest).
        #[derive(utoipa::OpenApi)]
        #[openapi(paths($($module::$handler),*))]
        pub struct ApiPaths;
    };
}

api! {
    // Printouts and interchange first: `…/games/{gid}.pgn` and
    // `…/rounds/{n}.pgn` would otherwise be taken by `…/games/{gid}` and
    // `…/rounds/{n}` (a path segment matches `3.pgn` too).
    exports::game_pgn,
    exports::round_pgn,
    exports::tournament_pgn,
    exports::export_trf,
    exports::import_trf,
    exports::pairings_pdf,
    exports::pairings_by_name_pdf,
    exports::results_pdf,
    exports::scoresheets_pdf,
    exports::start_list_pdf,
    exports::standings_pdf,
    exports::crosstable_pdf,
    exports::team_match_sheets_pdf,
    exports::team_standings_pdf,
    exports::team_crosstable_pdf,
    exports::team_boards_pdf,
    exports::card_pdf,
    exports::envelope_pdf,
    prizes::pdf,
    session::login,
    session::me,
    session::logout,
    session::create_token,
    session::create_user,
    tournaments::list,
    tournaments::create,
    tournaments::get,
    tournaments::edit,
    tournaments::staff,
    tournaments::appoint,
    tournaments::dismiss,
    tournaments::standings,
    tournaments::audit,
    // Publishing from the venue (issue 39).
    mirror::status,
    mirror::push,
    mirror::issue_token,
    mirror::revoke_token,
    mirror::link,
    mirror::set_link,
    mirror::clear_link,
    players::list,
    players::register,
    players::card,
    players::edit,
    prizes::get,
    prizes::set,
    ratings::import,
    ratings::rollback,
    ratings::list_manager,
    ratings::lists,
    ratings::search,
    ratings::rerate,
    ratings::import_own,
    ratings::own_lists,
    ratings::rollback_own,
    players::delete,
    players::reinstate,
    players::personal_data,
    players::erase,
    players::withdraw,
    players::request_bye,
    players::byes,
    rounds::list,
    rounds::pair_next,
    rounds::get,
    rounds::unpair,
    rounds::publish,
    rounds::edit_pairing,
    rounds::set_chess960,
    rounds::import_pgn,
    games::get,
    games::set_result,
    desk::set_round_start,
    desk::preview_arrivals,
    desk::record_arrivals,
    desk::list_penalties,
    desk::record_penalty,
    desk::get_moves,
    desk::submit_moves,
    desk::list_envelopes,
    desk::adjourn,
    desk::get_envelope,
    desk::mark_present,
    desk::open_envelope,
    desk::end_envelope,
    desk::envelope_lost,
    entries::list,
    entries::submit,
    entries::set_form,
    entries::approve,
    entries::reject,
    entries::sheet,
    entries::set_open,
    entries::mark,
    entries::by_code,
    entries::issue_codes,
    // Team competitions (issue 20).
    teams::export_trf,
    teams::import_trf,
    teams::get_event,
    teams::set_event,
    teams::add_team,
    teams::edit_team,
    teams::withdraw_team,
    teams::reinstate_team,
    teams::byes,
    teams::request_bye,
    teams::cancel_bye,
    teams::list_rounds,
    teams::pair_next,
    teams::get_round,
    teams::publish,
    teams::unpair,
    teams::set_deadline,
    teams::set_lineup,
    teams::set_results,
    teams::standings,
    teams::board_stats,
}
