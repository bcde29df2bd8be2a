//! HTML pages (askama templates in `templates/`): the public pages (tournaments,
//! pairings, standings, crosstables, player cards) and the staff's screens
//! (login, new tournament, registration, the round screen, the prize table,
//! the audit log).
//!
//! Every page reads in one read transaction; every form post checks the
//! session's CSRF token and runs ONE domain operation in ONE write transaction
//! (`write_op`), exactly as the JSON API does. Live updates are server-sent
//! events (`live`), a progressive enhancement: every page reads fine without
//! JavaScript.
//!
//! Over 700 lines because the route table (every page in one list, as the API
//! has its `api!` list) and the plumbing every page shares (viewer, navigation,
//! caching, form answers); the pages themselves are in the sibling files.

pub mod arrivals;
pub mod assets;
pub mod desk;
pub mod entries;
use crate::i18n;
pub mod live;
pub mod norms;
pub mod personal_data;
pub mod prize_form;
pub mod prizes;
pub mod public;
pub mod publishing;
pub mod rating_lists;
pub mod round_tools;
pub mod staff;
pub mod team_forms;
pub mod teams;
pub mod tournament_lists;

use crate::db::{Database, DbConnection};
use crate::domain::ids::{RoundNo, TournamentId};
use crate::domain::kinds::RoundState;
use crate::domain::{users, Actor, Audience, DomainError, DomainResult};
use crate::web::auth::{Credentials, SESSION_COOKIE};
use crate::web::error::AppError;
use crate::web::AppState;
use crate::web::RouteDef;
use actix_web::http::{header, Method, StatusCode};
use actix_web::{web, HttpRequest, HttpResponse, ResponseError};
use askama::Template;
use i18n::{Lang, Tr};

/// Every page route: method, path and handler. The router's only source, and
/// the list the visibility sweep (`app/tests`) walks.
pub fn routes() -> Vec<RouteDef> {
    macro_rules! page {
        ($method:ident, $m:expr, $path:expr, $handler:path) => {
            RouteDef {
                method: $m,
                path: $path,
                route: web::$method().to($handler),
            }
        };
    }
    let mut routes = vec![
        page!(get, Method::GET, "/", public::tournaments),
        page!(get, Method::GET, "/static/{file}", assets::serve),
        page!(get, Method::GET, "/lang/{code}", public::set_language),
        page!(get, Method::GET, "/login", staff::login_form),
        page!(post, Method::POST, "/login", staff::login),
        page!(post, Method::POST, "/logout", staff::logout),
        page!(get, Method::GET, "/new", staff::new_tournament_form),
        page!(post, Method::POST, "/new", staff::create_tournament),
        page!(get, Method::GET, "/import-trf", staff::import_trf_form),
        page!(post, Method::POST, "/import-trf", staff::import_trf),
        page!(get, Method::GET, "/accounts", staff::accounts),
        page!(post, Method::POST, "/accounts", staff::create_account),
        page!(
            get,
            Method::GET,
            "/rating-lists",
            rating_lists::rating_lists
        ),
        page!(
            post,
            Method::POST,
            "/rating-lists/upload",
            rating_lists::upload
        ),
        page!(
            post,
            Method::POST,
            "/rating-lists/rollback",
            rating_lists::rollback
        ),
        page!(
            post,
            Method::POST,
            "/rating-lists/managers",
            rating_lists::managers
        ),
        page!(get, Method::GET, "/t/{tid}", public::tournament),
        page!(get, Method::GET, "/t/{tid}/players", public::players),
        page!(
            get,
            Method::GET,
            "/t/{tid}/players/{pid}",
            public::player_card
        ),
        page!(get, Method::GET, "/t/{tid}/rounds/{n}", public::round),
        page!(get, Method::GET, "/t/{tid}/games/{gid}", public::game),
        page!(get, Method::GET, "/t/{tid}/standings", public::standings),
        page!(get, Method::GET, "/t/{tid}/crosstable", public::crosstable),
        page!(get, Method::GET, "/t/{tid}/prizes", prizes::prizes),
        page!(get, Method::GET, "/t/{tid}/teams", teams::event),
        page!(get, Method::GET, "/t/{tid}/teams/rounds/{n}", teams::round),
        page!(
            get,
            Method::GET,
            "/t/{tid}/teams/crosstable",
            teams::crosstable
        ),
        page!(get, Method::GET, "/t/{tid}/manage/teams", teams::manage),
        page!(
            post,
            Method::POST,
            "/t/{tid}/manage/teams/settings",
            team_forms::save_settings
        ),
        page!(
            post,
            Method::POST,
            "/t/{tid}/manage/teams/teams",
            team_forms::save_team
        ),
        page!(
            post,
            Method::POST,
            "/t/{tid}/manage/teams/paste",
            team_forms::paste
        ),
        page!(get, Method::GET, "/t/{tid}/lineup", team_forms::captain),
        page!(
            post,
            Method::POST,
            "/t/{tid}/lineup/{n}/{team}",
            team_forms::captain_save
        ),
        page!(
            post,
            Method::POST,
            "/t/{tid}/manage/teams/pair",
            teams::manage_pair
        ),
        page!(
            post,
            Method::POST,
            "/t/{tid}/manage/teams/rounds/{n}/publish",
            teams::manage_publish
        ),
        page!(
            post,
            Method::POST,
            "/t/{tid}/manage/teams/rounds/{n}/deadline",
            teams::manage_deadline
        ),
        page!(
            post,
            Method::POST,
            "/t/{tid}/manage/teams/rounds/{n}/lineups/{team}",
            teams::manage_lineup
        ),
        page!(
            post,
            Method::POST,
            "/t/{tid}/manage/teams/rounds/{n}/results",
            teams::manage_results
        ),
        page!(
            post,
            Method::POST,
            "/t/{tid}/manage/teams/rounds/{n}/unpair",
            teams::manage_unpair
        ),
        page!(
            post,
            Method::POST,
            "/t/{tid}/manage/teams/teams/{team}/withdraw",
            teams::manage_withdraw
        ),
        page!(
            post,
            Method::POST,
            "/t/{tid}/manage/teams/teams/{team}/reinstate",
            teams::manage_reinstate
        ),
        page!(
            post,
            Method::POST,
            "/t/{tid}/manage/teams/teams/{team}/byes",
            teams::manage_bye
        ),
        page!(
            post,
            Method::POST,
            "/t/{tid}/manage/teams/teams/{team}/byes/{n}/cancel",
            teams::manage_cancel_bye
        ),
        page!(get, Method::GET, "/t/{tid}/live", live::events),
        page!(get, Method::GET, "/t/{tid}/entry", entries::entry_form),
        page!(post, Method::POST, "/t/{tid}/entry", entries::submit_entry),
        page!(get, Method::GET, "/t/{tid}/checkin", entries::checkin_form),
        page!(
            post,
            Method::POST,
            "/t/{tid}/checkin",
            entries::checkin_with_code
        ),
        page!(get, Method::GET, "/t/{tid}/hall", entries::hall),
        page!(
            get,
            Method::GET,
            "/t/{tid}/manage/entries",
            entries::entries_screen
        ),
        page!(
            post,
            Method::POST,
            "/t/{tid}/manage/entries/form",
            entries::save_entry_form
        ),
        page!(
            post,
            Method::POST,
            "/t/{tid}/manage/entries/{eid}/approve",
            entries::approve_entry
        ),
        page!(
            post,
            Method::POST,
            "/t/{tid}/manage/entries/{eid}/reject",
            entries::reject_entry
        ),
        page!(
            get,
            Method::GET,
            "/t/{tid}/manage/checkin",
            entries::checkin_screen
        ),
        page!(
            post,
            Method::POST,
            "/t/{tid}/manage/checkin/open",
            entries::set_checkin
        ),
        page!(
            post,
            Method::POST,
            "/t/{tid}/manage/checkin/mark",
            entries::mark_checkin
        ),
        page!(
            get,
            Method::GET,
            "/t/{tid}/manage/checkin/codes",
            entries::codes_list
        ),
        page!(
            post,
            Method::POST,
            "/t/{tid}/manage/checkin/codes",
            entries::issue_codes
        ),
        page!(
            get,
            Method::GET,
            "/t/{tid}/manage/players",
            staff::players_form
        ),
        page!(
            post,
            Method::POST,
            "/t/{tid}/manage/players",
            staff::register
        ),
        page!(
            post,
            Method::POST,
            "/t/{tid}/manage/import",
            staff::import_csv
        ),
        page!(post, Method::POST, "/t/{tid}/manage/staff", staff::appoint),
        page!(
            get,
            Method::GET,
            "/t/{tid}/manage/settings",
            staff::settings_form
        ),
        page!(
            post,
            Method::POST,
            "/t/{tid}/manage/settings",
            staff::save_settings
        ),
        page!(
            get,
            Method::GET,
            "/t/{tid}/manage/norms",
            norms::norms_screen
        ),
        page!(
            post,
            Method::POST,
            "/t/{tid}/manage/norms",
            norms::save_facts
        ),
        page!(
            get,
            Method::GET,
            "/t/{tid}/manage/norms/it1/{n}/{title}",
            norms::it1_pdf
        ),
        page!(
            get,
            Method::GET,
            "/t/{tid}/manage/norms/it3",
            norms::it3_pdf
        ),
        page!(
            get,
            Method::GET,
            "/t/{tid}/manage/norms/ratings.pdf",
            norms::ratings_pdf
        ),
        page!(
            get,
            Method::GET,
            "/t/{tid}/manage/norms/rating-report.trf",
            norms::rating_report_trf
        ),
        page!(get, Method::GET, "/t/{tid}/norms", norms::public_norms),
        // A tournament's own rating lists (issue 41).
        page!(
            get,
            Method::GET,
            "/t/{tid}/manage/rating-lists",
            tournament_lists::own_lists
        ),
        page!(
            post,
            Method::POST,
            "/t/{tid}/manage/rating-lists/upload",
            tournament_lists::upload
        ),
        page!(
            post,
            Method::POST,
            "/t/{tid}/manage/rating-lists/rollback",
            tournament_lists::rollback
        ),
        // Publishing from the venue (issue 39).
        page!(
            get,
            Method::GET,
            "/t/{tid}/manage/publishing",
            publishing::publishing
        ),
        page!(
            post,
            Method::POST,
            "/t/{tid}/manage/publishing",
            publishing::set_link
        ),
        page!(
            post,
            Method::POST,
            "/t/{tid}/manage/publishing/stop",
            publishing::stop
        ),
        page!(
            post,
            Method::POST,
            "/t/{tid}/manage/publishing/token",
            publishing::issue_token
        ),
        page!(
            post,
            Method::POST,
            "/t/{tid}/manage/publishing/revoke",
            publishing::revoke_token
        ),
        page!(
            get,
            Method::GET,
            "/t/{tid}/manage/prizes",
            prize_form::prize_form
        ),
        page!(
            post,
            Method::POST,
            "/t/{tid}/manage/prizes",
            prize_form::save_prizes
        ),
        page!(
            get,
            Method::GET,
            "/t/{tid}/manage/players/{pid}/edit",
            staff::edit_player_form
        ),
        page!(
            post,
            Method::POST,
            "/t/{tid}/manage/players/{pid}/edit",
            staff::edit_player
        ),
        page!(
            post,
            Method::POST,
            "/t/{tid}/manage/players/{pid}/delete",
            staff::delete_player
        ),
        page!(
            post,
            Method::POST,
            "/t/{tid}/manage/players/{pid}/reinstate",
            staff::reinstate
        ),
        page!(
            post,
            Method::POST,
            "/t/{tid}/manage/staff/dismiss",
            staff::dismiss
        ),
        page!(
            post,
            Method::POST,
            "/t/{tid}/manage/players/{pid}/withdraw",
            staff::withdraw
        ),
        page!(
            post,
            Method::POST,
            "/t/{tid}/manage/players/{pid}/erase",
            personal_data::erase
        ),
        page!(
            post,
            Method::POST,
            "/t/{tid}/manage/players/{pid}/bye",
            staff::request_bye
        ),
        page!(post, Method::POST, "/t/{tid}/manage/pair", staff::pair_next),
        page!(
            get,
            Method::GET,
            "/t/{tid}/manage/rounds/{n}",
            staff::round_screen
        ),
        page!(
            post,
            Method::POST,
            "/t/{tid}/manage/rounds/{n}/publish",
            staff::publish
        ),
        page!(
            post,
            Method::POST,
            "/t/{tid}/manage/rounds/{n}/chess960",
            round_tools::set_chess960
        ),
        page!(
            post,
            Method::POST,
            "/t/{tid}/manage/rounds/{n}/games-pgn",
            round_tools::import_pgn
        ),
        page!(
            post,
            Method::POST,
            "/t/{tid}/manage/rounds/{n}/unpair",
            staff::unpair
        ),
        page!(
            post,
            Method::POST,
            "/t/{tid}/manage/rounds/{n}/swap",
            staff::swap
        ),
        page!(
            post,
            Method::POST,
            "/t/{tid}/manage/rounds/{n}/results",
            staff::results
        ),
        page!(
            get,
            Method::GET,
            "/t/{tid}/manage/rounds/{n}/arrivals",
            arrivals::arrivals_sheet
        ),
        page!(
            post,
            Method::POST,
            "/t/{tid}/manage/rounds/{n}/start",
            arrivals::set_round_start
        ),
        page!(
            post,
            Method::POST,
            "/t/{tid}/manage/rounds/{n}/arrivals/{gid}",
            arrivals::record_arrivals
        ),
        page!(
            get,
            Method::GET,
            "/t/{tid}/manage/games/{gid}",
            desk::game_desk
        ),
        page!(
            post,
            Method::POST,
            "/t/{tid}/manage/games/{gid}/moves",
            desk::submit_moves
        ),
        page!(
            post,
            Method::POST,
            "/t/{tid}/manage/games/{gid}/penalties",
            desk::record_penalty
        ),
        page!(
            post,
            Method::POST,
            "/t/{tid}/manage/games/{gid}/adjourn",
            desk::adjourn
        ),
        page!(
            post,
            Method::POST,
            "/t/{tid}/manage/envelopes/{aid}/present",
            desk::mark_present
        ),
        page!(
            post,
            Method::POST,
            "/t/{tid}/manage/envelopes/{aid}/open",
            desk::open_envelope
        ),
        page!(
            post,
            Method::POST,
            "/t/{tid}/manage/envelopes/{aid}/end",
            desk::end_envelope
        ),
        page!(
            post,
            Method::POST,
            "/t/{tid}/manage/envelopes/{aid}/lost",
            desk::envelope_lost
        ),
        page!(get, Method::GET, "/t/{tid}/manage/audit", staff::audit),
    ];
    // An address a form posts to is left in the browser when the page comes
    // back with a problem; reloading it (a GET) goes back to the screen it
    // belongs to instead of "not found" (post-redirect-get).
    let gets: Vec<&str> = routes
        .iter()
        .filter(|r| r.method == Method::GET)
        .map(|r| r.path)
        .collect();
    let posts_only: Vec<&'static str> = routes
        .iter()
        .filter(|r| r.method == Method::POST && !gets.contains(&r.path))
        .map(|r| r.path)
        .collect();
    for path in posts_only {
        routes.push(page!(get, Method::GET, path, staff::back_to_screen));
    }
    routes
}

/// Who is looking, in which language: read once per request.
#[derive(Clone, Debug)]
pub struct Viewer {
    pub actor: Actor,
    /// The session's CSRF token, for the forms of the page.
    pub csrf: String,
    pub lang: Lang,
    /// The page's path with query, for the language switch to come back to.
    pub path: String,
    /// The viewer may load the server-wide rating lists (an administrator or
    /// a list manager): the main menu links the rating lists page.
    pub list_manager: bool,
}

impl Viewer {
    pub fn tr(&self) -> Tr {
        Tr { lang: self.lang }
    }

    /// What the viewer may see of `tid` (staff: organizers, arbiters, admins).
    pub fn audience(&self, conn: &mut DbConnection, tid: TournamentId) -> DomainResult<Audience> {
        Audience::of(conn, &self.actor, tid)
    }
}

/// The tournament's menu, shown on all its pages.
pub struct TournamentNav {
    pub id: TournamentId,
    pub name: String,
    /// Round numbers the viewer may open.
    pub rounds: Vec<RoundNo>,
    /// Which tab is current: `home`, `round-N`, `standings`, …
    pub current: String,
    pub staff: bool,
    pub audience: Audience,
    /// Whether the tournament still runs by the FIDE rules (`domain::fide_mode`).
    pub fide_mode: bool,
    pub round_robin: bool,
    /// The last paired round (for the staff's round screen link).
    pub last_round: RoundNo,
    /// A team event (issue 20): the menu links its team pages.
    pub team_event: bool,
    /// The round step the staff menu offers: what the day's work is now.
    pub step: RoundStep,
    /// Every round played: the menu links the norm summary (which checks
    /// the rounds are published too, `domain::norms::is_final`).
    pub finished: bool,
    /// Published from a venue (issue 39, `domain::mirror`): marked as such.
    pub mirrored: bool,
}

/// The next thing to do with the rounds, named as such in the staff menu
/// ("Pair round 3", "Publish round 2", "Results of round 2").
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RoundStep {
    Pair(RoundNo),
    Publish(RoundNo),
    Results(RoundNo),
}

impl RoundStep {
    /// From the rounds' states in order and the event's number of rounds.
    pub fn of(states: &[(RoundNo, RoundState)], total: u32) -> RoundStep {
        match states.last() {
            None => RoundStep::Pair(RoundNo(1)),
            Some(&(n, RoundState::Paired)) => RoundStep::Publish(n),
            Some(&(n, RoundState::Finished)) if (n.get() as u32) < total => {
                RoundStep::Pair(RoundNo(n.get() + 1))
            }
            Some(&(n, _)) => RoundStep::Results(n),
        }
    }

    /// The text key of the step's menu item (followed by the round number).
    pub fn key(&self) -> &'static str {
        match self {
            RoundStep::Pair(_) => "nav_pair_round",
            RoundStep::Publish(_) => "nav_publish_round",
            RoundStep::Results(_) => "nav_round_results",
        }
    }

    pub fn round(&self) -> RoundNo {
        match *self {
            RoundStep::Pair(n) | RoundStep::Publish(n) | RoundStep::Results(n) => n,
        }
    }
}

impl TournamentNav {
    pub fn load(
        conn: &mut DbConnection,
        viewer: &Viewer,
        tid: TournamentId,
        current: &str,
    ) -> DomainResult<TournamentNav> {
        let t = crate::domain::tournaments::load(conn, tid)?;
        let audience = viewer.audience(conn, tid)?;
        let staff = audience.is_staff();
        let states = crate::domain::views::round_states(conn, tid)?;
        let last_round = states.last().map(|r| r.0).unwrap_or_default();
        let step = if staff {
            RoundStep::of(&states, crate::domain::regulations::total_rounds(conn, &t)?)
        } else {
            RoundStep::Results(last_round)
        };
        Ok(TournamentNav {
            id: tid,
            name: t.name,
            rounds: states
                .iter()
                .filter(|(_, state)| audience.sees_round_state(*state))
                .map(|(n, _)| *n)
                .collect(),
            current: current.to_string(),
            staff,
            audience,
            fide_mode: !staff || crate::domain::fide_mode::in_fide_mode(conn, tid)?,
            round_robin: !t.system.is_swiss(),
            last_round,
            team_event: crate::domain::teams::is_team_event(conn, tid)?,
            step,
            finished: t.status == crate::domain::kinds::TournamentStatus::Finished,
            mirrored: crate::domain::mirror::is_mirror(conn, tid)?,
        })
    }

    pub fn is(&self, tab: &str) -> bool {
        self.current == tab
    }

    pub fn is_round(&self, n: &RoundNo) -> bool {
        self.current == format!("round-{n}")
    }
}

/// What the layout needs on every page.
pub struct Base {
    pub tr: Tr,
    pub title: String,
    pub user: Option<String>,
    /// The viewer is an administrator of the server (the accounts page).
    pub admin: bool,
    pub csrf: String,
    pub path: String,
    /// The event stream that tells this page to refresh itself, if any.
    pub live: Option<String>,
    pub nav: Option<TournamentNav>,
    pub langs: Vec<(&'static str, &'static str, bool)>,
    /// Version tag of the stylesheet and script URLs.
    pub asset_v: &'static str,
    /// An error page that does not know its visitor: neither the login link
    /// nor a name in the header.
    pub account_unknown: bool,
    /// The main menu links the rating lists page (`Viewer::list_manager`).
    pub lists_link: bool,
}

impl Base {
    /// Whether the viewer is staff of the page's tournament.
    pub fn nav_staff(&self) -> bool {
        self.nav.as_ref().is_some_and(|n| n.staff)
    }

    pub fn new(viewer: &Viewer, title: impl Into<String>, nav: Option<TournamentNav>) -> Base {
        Base {
            tr: viewer.tr(),
            title: title.into(),
            user: viewer.actor.username.clone(),
            admin: viewer.actor.is_admin,
            csrf: viewer.csrf.clone(),
            path: viewer.path.clone(),
            live: None,
            nav,
            langs: Lang::ALL
                .iter()
                .map(|l| (l.code(), l.name(), *l == viewer.lang))
                .collect(),
            asset_v: assets::version(),
            account_unknown: false,
            lists_link: viewer.list_manager,
        }
    }

    pub fn with_live(mut self, tid: TournamentId) -> Base {
        self.live = Some(format!("/t/{tid}/live"));
        self
    }

    /// The path to come back to after switching the language, URL-encoded.
    pub fn back(&self) -> String {
        url_encode(&self.path)
    }
}

/// A checkbox or a yes/no flag of a form (`formats::ticked`).
pub(crate) use crate::domain::formats::ticked;

pub fn url_encode(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for b in s.bytes() {
        match b {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'_' | b'.' | b'~' | b'/' => {
                out.push(b as char)
            }
            _ => out.push_str(&format!("%{b:02X}")),
        }
    }
    out
}

/// An error shown as a page: the sentence of the domain error, in a layout.
#[derive(Debug)]
pub struct PageError {
    pub status: StatusCode,
    pub message: String,
    pub lang: Lang,
    /// Who met the error, as far as the page knows: the header of the error
    /// page never offers "Log in" to someone logged in.
    pub who: Who,
}

/// The visitor of an error page.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Who {
    /// No session: the header offers the login link.
    Anonymous,
    /// Logged in as this user.
    User(String),
    /// Not known where the error arose: the header says nothing of an account.
    Unknown,
}

#[derive(Template)]
#[template(path = "error.html")]
struct ErrorPage {
    base: Base,
    message: String,
}

impl std::fmt::Display for PageError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.message)
    }
}

/// A form that is only its button: the CSRF token (withdraw, publish, …).
#[derive(serde::Deserialize, Default)]
#[serde(default)]
pub struct CsrfForm {
    pub csrf: String,
}

/// Whether the address says a form was just saved (`?saved=1`, where a
/// successful post sends the browser back to).
pub fn just_saved(req: &HttpRequest) -> bool {
    req.query_string().split('&').any(|kv| kv == "saved=1")
}

/// The body of a form larger than actix's 16 KiB default (a pasted PGN, a
/// long prize table), read up to `limit` bytes; a larger or broken body is
/// `too_big` at `field`, in the page's language.
/// It is decoded as `T`; a body that does not decode reads as `T::default()`,
/// whose empty CSRF token the post's check then refuses.
pub async fn form_body<T: serde::de::DeserializeOwned + Default>(
    req: &HttpRequest,
    body: web::Payload,
    limit: usize,
    field: &str,
    too_big: crate::domain::Msg,
) -> Result<T, PageError> {
    match body.to_bytes_limited(limit).await {
        Ok(Ok(b)) => Ok(serde_urlencoded::from_bytes(&b).unwrap_or_default()),
        _ => Err(PageError::new(
            DomainError::invalid(field, too_big),
            crate::web::lang_of(req),
        )),
    }
}

/// The largest of the forms read as key/value pairs (the prize table, the
/// norms' event facts).
const MAX_PAIRS_BYTES: usize = 1 << 20;

/// A form's fields as posted, in order, at most 1 MiB; `field` is named when
/// the form is larger or cannot be read.
pub async fn form_pairs(
    req: &HttpRequest,
    body: web::Payload,
    field: &str,
) -> Result<Vec<(String, String)>, PageError> {
    let too_big = msg!("the form is larger than 1 MiB or could not be read");
    form_body(req, body, MAX_PAIRS_BYTES, field, too_big).await
}

/// Posted fields as `form_pairs` reads them, for the tests of the forms' readers.
#[cfg(test)]
pub(crate) fn posted(pairs: &[(&str, &str)]) -> Vec<(String, String)> {
    pairs
        .iter()
        .map(|(k, v)| (k.to_string(), v.to_string()))
        .collect()
}

impl PageError {
    pub fn new(e: impl Into<AppError>, lang: Lang) -> PageError {
        let e: AppError = e.into();
        let status = e.status_code();
        if let AppError::Domain(DomainError::Database(_) | DomainError::Db(_)) = &e {
            log::error!("page failed: {e}");
        }
        let message = crate::web::error::sentence(&e, lang);
        PageError {
            status,
            message,
            lang,
            who: Who::Unknown,
        }
    }

    pub fn not_found(lang: Lang) -> PageError {
        PageError {
            status: StatusCode::NOT_FOUND,
            message: Tr { lang }.t("not_found").to_string(),
            lang,
            who: Who::Unknown,
        }
    }

    /// The error as met by `user` (`None`: an anonymous visitor).
    pub fn seen_by(mut self, user: Option<String>) -> PageError {
        self.who = match user {
            Some(u) => Who::User(u),
            None => Who::Anonymous,
        };
        self
    }
}

impl ResponseError for PageError {
    fn status_code(&self) -> StatusCode {
        self.status
    }

    fn error_response(&self) -> HttpResponse {
        let viewer = Viewer {
            actor: Actor::anonymous(),
            csrf: String::new(),
            lang: self.lang,
            path: "/".into(),
            list_manager: false,
        };
        let title = if self.status == StatusCode::NOT_FOUND {
            Tr { lang: self.lang }.t("not_found").to_string()
        } else {
            format!(
                "{} {}",
                Tr { lang: self.lang }.t("error"),
                self.status.as_u16()
            )
        };
        let mut base = Base::new(&viewer, title, None);
        base.user = match &self.who {
            Who::User(u) => Some(u.clone()),
            _ => None,
        };
        base.account_unknown = self.who == Who::Unknown;
        let page = ErrorPage {
            base,
            message: self.message.clone(),
        };
        let mut res = html(self.status, &page);
        if self.status == StatusCode::UNAUTHORIZED {
            // A staff page asked for by an anonymous visitor: the login form.
            res = HttpResponse::SeeOther()
                .insert_header((header::LOCATION, "/login"))
                .finish();
        }
        res
    }
}

pub fn html<T: Template>(status: StatusCode, page: &T) -> HttpResponse {
    match page.render() {
        Ok(body) => HttpResponse::build(status)
            .content_type("text/html; charset=utf-8")
            .insert_header((header::CACHE_CONTROL, "no-cache"))
            .body(body),
        Err(e) => {
            log::error!("template failed: {e}");
            HttpResponse::InternalServerError()
                .content_type("text/plain; charset=utf-8")
                .body("the page could not be drawn")
        }
    }
}

pub fn redirect(to: &str) -> HttpResponse {
    HttpResponse::SeeOther()
        .insert_header((header::LOCATION, to.to_string()))
        .finish()
}

/// After a staff post: on success, a redirect to `to(value)`. When the post
/// was refused for something the user can put right (wrong input, a conflict
/// with a change made meanwhile, a pairing that cannot be made), the page
/// again, built by `again` with the problem, under the status the API gives
/// for that error (422 or 409); nothing was written. Any other error is an
/// error page.
pub(super) async fn post_answer<V, T, F>(
    state: &web::Data<AppState>,
    viewer: &Viewer,
    r: DomainResult<V>,
    to: impl FnOnce(V) -> String,
    again: impl FnOnce(DomainError) -> F,
) -> Result<HttpResponse, PageError>
where
    T: Template + Send + 'static,
    F: FnOnce(&mut DbConnection, &Viewer) -> DomainResult<T> + Send + 'static,
{
    match r {
        Ok(v) => Ok(redirect(&to(v))),
        Err(
            e @ (DomainError::Invalid { .. }
            | DomainError::Conflict { .. }
            | DomainError::ConflictOn { .. }
            | DomainError::NeedsConfirmation { .. }
            | DomainError::Pairing(_)),
        ) => {
            let status = crate::web::error::domain_status(&e);
            // The form shows the sentence in the viewer's language.
            let e = i18n::errors::localized(e, viewer.lang);
            page_for(state, viewer, status, again(e)).await
        }
        Err(e) => Err(PageError::new(e, viewer.lang)),
    }
}

/// A form post: the viewer, with the form's CSRF token checked, and the
/// tournament its write touches. A page post is `Post::of`, then `submit`:
/// the command the domain read from the form, ONE domain operation in ONE
/// write transaction, and a redirect — or the page again with the problem
/// (`post_answer`), nothing written.
pub struct Post {
    pub state: web::Data<AppState>,
    pub viewer: Viewer,
    pub tid: Option<TournamentId>,
}

impl Post {
    pub async fn of(
        state: &web::Data<AppState>,
        req: &HttpRequest,
        csrf: &str,
        tid: impl Into<Option<TournamentId>>,
    ) -> Result<Post, PageError> {
        let viewer = form_viewer(state, req, csrf).await?;
        let tid = tid.into();
        let state = state.clone();
        Ok(Post { state, viewer, tid })
    }

    pub fn tr(&self) -> Tr {
        self.viewer.tr()
    }

    /// `op` with the form's command, in one write transaction; a form that
    /// could not be read writes nothing and is its own answer.
    pub async fn run<C, V, F>(
        &self,
        cmd: DomainResult<C>,
        op: F,
    ) -> Result<DomainResult<V>, PageError>
    where
        C: Send + 'static,
        V: Send + 'static,
        F: FnOnce(&mut DbConnection, &Actor, C) -> DomainResult<V> + Send + 'static,
    {
        match cmd {
            Ok(c) => {
                write_op(&self.state, &self.viewer, self.tid, move |conn, a| {
                    op(conn, a, c)
                })
                .await
            }
            Err(e) => Ok(Err(e)),
        }
    }

    /// `f` in one read transaction for the poster (a check, a preview).
    pub async fn read<V, F>(&self, f: F) -> Result<DomainResult<V>, PageError>
    where
        V: Send + 'static,
        F: FnOnce(&mut DbConnection, &Actor) -> DomainResult<V> + Send + 'static,
    {
        let (db, actor) = (self.state.db.clone(), self.viewer.actor.clone());
        web::block(move || db.read(|conn| f(conn, &actor)))
            .await
            .map_err(|e| self.fail(AppError::from(e)))
    }

    /// After `run`: a redirect to `to(value)`, or the page `again` draws with
    /// the problem the user can put right (`post_answer`).
    pub async fn answer<V, T, A>(
        &self,
        r: DomainResult<V>,
        to: impl FnOnce(V) -> String,
        again: A,
    ) -> Result<HttpResponse, PageError>
    where
        T: Template + Send + 'static,
        A: FnOnce(&mut DbConnection, &Viewer, DomainError) -> DomainResult<T> + Send + 'static,
    {
        let again = move |e| move |conn: &mut DbConnection, v: &Viewer| again(conn, v, e);
        post_answer(&self.state, &self.viewer, r, to, again).await
    }

    /// `run`, then `answer`: the whole of most posts.
    pub async fn submit<C, V, T, F, A>(
        &self,
        cmd: DomainResult<C>,
        op: F,
        to: impl FnOnce(V) -> String,
        again: A,
    ) -> Result<HttpResponse, PageError>
    where
        C: Send + 'static,
        V: Send + 'static,
        T: Template + Send + 'static,
        F: FnOnce(&mut DbConnection, &Actor, C) -> DomainResult<V> + Send + 'static,
        A: FnOnce(&mut DbConnection, &Viewer, DomainError) -> DomainResult<T> + Send + 'static,
    {
        let r = self.run(cmd, op).await?;
        self.answer(r, to, again).await
    }

    /// A page drawn for the poster (the form again, a question) under `status`.
    pub async fn show<T, F>(&self, status: StatusCode, f: F) -> Result<HttpResponse, PageError>
    where
        T: Template + Send + 'static,
        F: FnOnce(&mut DbConnection, &Viewer) -> DomainResult<T> + Send + 'static,
    {
        page_for(&self.state, &self.viewer, status, f).await
    }

    /// An error that is no form's problem: the error page.
    pub fn fail(&self, e: impl Into<AppError>) -> PageError {
        PageError::new(e, self.viewer.lang)
    }
}

/// A button's post: a form that is only its CSRF token (withdraw, publish,
/// issue codes, …), read as [`Post::of`] reads it, for the tournament of the
/// address (`{tid}`, when it has one). A handler takes it beside the ids of
/// its path: `Tid(tid): Tid, ButtonPost(post): ButtonPost`.
pub struct ButtonPost(pub Post);

impl actix_web::FromRequest for ButtonPost {
    type Error = actix_web::Error;
    type Future = std::pin::Pin<Box<dyn std::future::Future<Output = Result<Self, Self::Error>>>>;

    fn from_request(req: &HttpRequest, payload: &mut actix_web::dev::Payload) -> Self::Future {
        let req = req.clone();
        let form = web::Form::<CsrfForm>::from_request(&req, payload);
        Box::pin(async move {
            let crate::web::Cx { state, req } = crate::web::Cx::extract(&req).await?;
            let form = form.await?;
            let tid = req.match_info().get("tid").and_then(|t| t.parse().ok());
            let post = Post::of(&state, &req, &form.csrf, tid).await?;
            Ok(ButtonPost(post))
        })
    }
}

/// The value of `key` in the request's query string, if any.
pub fn query(req: &HttpRequest, key: &str) -> Option<String> {
    web::Query::<std::collections::HashMap<String, String>>::from_query(req.query_string())
        .ok()
        .and_then(|q| q.get(key).cloned())
}

/// `query`, read as a number (none when it is not one).
pub fn query_number<T: std::str::FromStr>(req: &HttpRequest, key: &str) -> Option<T> {
    query(req, key).and_then(|v| v.parse().ok())
}

/// `/t/{tid}/manage/players?done=…`-style addresses: `path` with the sentence
/// `done` the page shows on arrival.
pub fn with_done(path: &str, done: &str) -> String {
    format!("{path}?done={}", url_encode(done))
}

/// The viewer of a request (the session, if any, read from the database).
fn viewer_of(
    db: &Database,
    req_session: Option<String>,
    lang: Lang,
    path: String,
) -> DomainResult<Viewer> {
    let mut viewer = Viewer {
        actor: Actor::anonymous(),
        csrf: String::new(),
        lang,
        path,
        list_manager: false,
    };
    if let Some(token) = req_session {
        let mut conn = db.conn()?;
        if let Some((actor, csrf)) = users::resolve_session(&mut conn, &token)? {
            viewer.list_manager = crate::domain::rating_list::may_manage_lists(&mut conn, &actor)?;
            viewer.actor = actor;
            viewer.csrf = csrf;
        }
    }
    Ok(viewer)
}

fn path_of(req: &HttpRequest) -> String {
    match req.query_string() {
        "" => req.path().to_string(),
        q => format!("{}?{q}", req.path()),
    }
}

/// Renders a page from one read transaction.
pub async fn page<T, F>(
    state: &web::Data<AppState>,
    req: &HttpRequest,
    f: F,
) -> Result<HttpResponse, PageError>
where
    T: Template + Send + 'static,
    F: FnOnce(&mut DbConnection, &Viewer) -> DomainResult<T> + Send + 'static,
{
    let lang = crate::web::lang_of(req);
    let session = req.cookie(SESSION_COOKIE).map(|c| c.value().to_string());
    let path = path_of(req);
    let db = state.db.clone();
    let (out, user) = web::block(move || {
        let viewer = viewer_of(&db, session, lang, path)?;
        let user = viewer.actor.username.clone();
        Ok::<_, DomainError>((db.read(|conn| f(conn, &viewer)), user))
    })
    .await
    .map_err(|e| PageError::new(AppError::from(e), lang))?
    .map_err(|e| PageError::new(e, lang))?;
    let out = out.map_err(|e| PageError::new(e, lang).seen_by(user))?;
    Ok(html(StatusCode::OK, &out))
}

/// `page` for public pages of tournament `tid`: anonymous visitors are served
/// from the per-tournament cache (ETag, 304; see `web::cache`), one copy per
/// language; logged-in staff always get a fresh page.
pub async fn cached_page<T, F>(
    state: &web::Data<AppState>,
    req: &HttpRequest,
    tid: TournamentId,
    f: F,
) -> Result<HttpResponse, PageError>
where
    T: Template + Send + 'static,
    F: Fn(&mut DbConnection, &Viewer) -> DomainResult<T> + Send + Sync + 'static,
{
    if req.cookie(SESSION_COOKIE).is_some() {
        return page(state, req, f).await;
    }
    let lang = crate::web::lang_of(req);
    // The cached copy serves every query string of the path: it is made
    // from the path alone (no cached page reads its query).
    let path = req.path().to_string();
    let db = state.db.clone();
    crate::web::cache::cached(
        state,
        req,
        tid,
        "text/html; charset=utf-8",
        lang.code(),
        |t: T| {
            t.render()
                .map(String::into_bytes)
                .map_err(|e| AppError::bad_request(msg!("the page could not be rendered: {}", e)))
        },
        move |conn, _| {
            let viewer = viewer_of(&db, None, lang, path.clone())?;
            f(conn, &viewer)
        },
    )
    .await
    .map_err(|e| PageError::new(e, lang).seen_by(None))
}

/// The viewer of a form post, with the form's CSRF token checked against the
/// session's (the same check `Credentials::actor` makes for the API).
pub async fn form_viewer(
    state: &web::Data<AppState>,
    req: &HttpRequest,
    csrf: &str,
) -> Result<Viewer, PageError> {
    let lang = crate::web::lang_of(req);
    let creds = Credentials {
        csrf: Some(csrf.to_string()),
        bearer: None,
        ..Credentials::of(req)
    };
    let path = path_of(req);
    let db = state.db.clone();
    let session = creds.session.clone();
    web::block(move || -> DomainResult<Viewer> {
        let actor = creds.actor(&db, true)?;
        if actor.user_id.is_none() {
            return Err(DomainError::Unauthenticated);
        }
        let mut v = viewer_of(&db, session, lang, path)?;
        v.actor = actor;
        Ok(v)
    })
    .await
    .map_err(|e| PageError::new(AppError::from(e), lang))?
    .map_err(|e| PageError::new(e, lang))
}

/// Refuses a request without a logged-in user before its body is read (an
/// upload's CSRF token, in the body, is checked once it is read).
pub async fn logged_in(state: &web::Data<AppState>, req: &HttpRequest) -> Result<(), PageError> {
    let lang = crate::web::lang_of(req);
    let creds = Credentials::of(req);
    let db = state.db.clone();
    let actor = web::block(move || creds.actor(&db, false))
        .await
        .map_err(|e| PageError::new(AppError::from(e), lang))?
        .map_err(|e| PageError::new(e, lang))?;
    match actor.user_id {
        Some(_) => Ok(()),
        None => Err(PageError::new(DomainError::Unauthenticated, lang)),
    }
}

/// Runs one domain operation in ONE write transaction for a checked viewer, and
/// tells the live pages of `tid` that something changed.
pub async fn write_op<T, F>(
    state: &web::Data<AppState>,
    viewer: &Viewer,
    tid: Option<TournamentId>,
    f: F,
) -> Result<DomainResult<T>, PageError>
where
    T: Send + 'static,
    F: FnOnce(&mut DbConnection, &Actor) -> DomainResult<T> + Send + 'static,
{
    let db = state.db.clone();
    let actor = viewer.actor.clone();
    let out = web::block(move || db.write(|conn| f(conn, &actor)))
        .await
        .map_err(|e| PageError::new(AppError::from(e), viewer.lang))?;
    if out.is_ok() {
        crate::web::touched(state, tid).await;
    }
    Ok(out)
}

/// Renders a page for a viewer already known (after a form post), in one read.
pub async fn page_for<T, F>(
    state: &web::Data<AppState>,
    viewer: &Viewer,
    status: StatusCode,
    f: F,
) -> Result<HttpResponse, PageError>
where
    T: Template + Send + 'static,
    F: FnOnce(&mut DbConnection, &Viewer) -> DomainResult<T> + Send + 'static,
{
    let db = state.db.clone();
    let v = viewer.clone();
    let lang = viewer.lang;
    let user = viewer.actor.username.clone();
    let out = web::block(move || db.read(|conn| f(conn, &v)))
        .await
        .map_err(|e| PageError::new(AppError::from(e), lang))?
        .map_err(|e| PageError::new(e, lang).seen_by(user))?;
    Ok(html(status, &out))
}

/// The HTML 404 for paths outside the API.
pub fn not_found_page(req: &HttpRequest) -> HttpResponse {
    let mut e = PageError::not_found(crate::web::lang_of(req));
    if req.cookie(SESSION_COOKIE).is_none() {
        e = e.seen_by(None);
    }
    e.error_response()
}

/// A stored UTC timestamp (RFC 3339) in the server's local time, as people at
/// the venue read it: `2026-07-04 10:03:12`. Anything else is shown as stored.
pub fn local_time(stored: &str) -> String {
    match chrono::DateTime::parse_from_rfc3339(stored) {
        Ok(t) => t
            .with_timezone(&chrono::Local)
            .format("%Y-%m-%d %H:%M:%S")
            .to_string(),
        Err(_) => stored.replace('T', " "),
    }
}
