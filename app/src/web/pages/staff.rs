//! The staff's pages: login, a new tournament, registration, the round screen
//! (pair → review → publish → results) and the audit log. Every post checks the
//! CSRF token and runs the existing domain operation in one transaction.

use super::{
    form_viewer, html, page, page_for, post_answer, redirect, write_op, Base, PageError,
    TournamentNav, Viewer,
};
use crate::db::models::AuditRow;
use crate::db::DbConnection;
use crate::domain::engine::ViolationView;
use crate::domain::registration::{self, ByeRequestView, PlayerView, RegisterPlayer, RequestBye};
use crate::domain::results::{self, SetResult};
use crate::domain::rounds::{self, BoardEdit, EditPairing, RoundView};
use crate::domain::tournaments::{self, Period, Regulations, StaffMember, TimeControl};
use crate::domain::{audit, require_role, users, DomainError, DomainResult, Role};
use crate::web::auth::{expired_cookie, is_tls, session_cookie, Credentials};
use crate::web::error::AppError;
use crate::web::AppState;
use actix_web::http::StatusCode;
use actix_web::{web, HttpRequest, HttpResponse};
use askama::Template;
use serde::Deserialize;
use std::collections::HashMap;

/// A form's error: which field, and the sentence to show next to it.
#[derive(Default)]
pub struct FormError {
    pub field: String,
    pub message: String,
    /// Further problems of the same form, each shown at its field.
    pub more: Vec<(String, String)>,
}

impl FormError {
    fn of(e: &DomainError) -> FormError {
        match e {
            DomainError::Invalid { field, message } => FormError {
                field: field.clone(),
                message: message.clone(),
                more: Vec::new(),
            },
            other => FormError {
                field: String::new(),
                message: other.to_string(),
                more: Vec::new(),
            },
        }
    }

    /// All of `problems` (the first is the one the page names at the top).
    fn all(problems: &[DomainError]) -> FormError {
        let mut e = match problems.first() {
            Some(first) => FormError::of(first),
            None => return FormError::default(),
        };
        for p in &problems[1..] {
            let f = FormError::of(p);
            e.more.push((f.field, f.message));
        }
        e
    }

    pub fn at(&self, field: &str) -> Option<&str> {
        let hit = |f: &str| f == field || f.starts_with(&format!("{field}."));
        if hit(&self.field) {
            return Some(self.message.as_str());
        }
        self.more
            .iter()
            .find(|(f, _)| hit(f))
            .map(|(_, m)| m.as_str())
    }

    /// How many problems the form has.
    pub fn count(&self) -> usize {
        usize::from(!self.message.is_empty()) + self.more.len()
    }

    pub fn general(&self) -> Option<&str> {
        (!self.message.is_empty()).then_some(self.message.as_str())
    }
}

/// FIDE mode refused an operation: the form that does it anyway, once both
/// boxes are ticked (`domain::fide_mode`), with what was asked as hidden fields.
#[derive(Clone, Debug, Default)]
pub struct FideConfirm {
    pub action: String,
    pub hidden: Vec<(String, String)>,
    pub warning: String,
}

impl FideConfirm {
    /// `Some` when `e` is FIDE mode's refusal.
    fn of(e: &DomainError, action: String, hidden: Vec<(&str, &str)>) -> Option<FideConfirm> {
        match e {
            DomainError::Invalid { field, message } if field == "leave_fide_mode" => {
                Some(FideConfirm {
                    action,
                    hidden: hidden
                        .into_iter()
                        .map(|(k, v)| (k.to_string(), v.to_string()))
                        .collect(),
                    warning: message.clone(),
                })
            }
            _ => None,
        }
    }
}

fn ticked(s: &str) -> bool {
    !s.is_empty() && s != "0"
}

// ---------------------------------------------------------------- login

#[derive(Template)]
#[template(path = "login.html")]
pub struct LoginPage {
    pub base: Base,
    pub username: String,
    pub error: Option<String>,
}

pub async fn login_form(
    state: web::Data<AppState>,
    req: HttpRequest,
) -> Result<HttpResponse, PageError> {
    page(&state, &req, |_, viewer| {
        Ok(LoginPage {
            base: Base::new(viewer, viewer.tr().t("login"), None),
            username: String::new(),
            error: None,
        })
    })
    .await
}

#[derive(Deserialize)]
pub struct LoginForm {
    #[serde(default)]
    username: String,
    #[serde(default)]
    password: String,
}

/// The same login as `POST /api/v1/session`: `users::login`, the same rate
/// limit, the same session cookie.
pub async fn login(
    state: web::Data<AppState>,
    req: HttpRequest,
    form: web::Form<LoginForm>,
) -> Result<HttpResponse, PageError> {
    let lang = super::i18n::Lang::of(&req);
    let LoginForm { username, password } = form.into_inner();
    let ip = req
        .peer_addr()
        .map(|a| a.ip().to_string())
        .unwrap_or_default();
    let show = |status: StatusCode, error: String, username: String| {
        let viewer = Viewer {
            actor: Default::default(),
            csrf: String::new(),
            lang,
            path: "/login".into(),
        };
        html(
            status,
            &LoginPage {
                base: Base::new(&viewer, viewer.tr().t("login"), None),
                username,
                error: Some(error),
            },
        )
    };
    if let Some(retry_after) = state.login_limiter.check(&ip, &username) {
        let e = AppError::TooManyRequests { retry_after };
        return Ok(show(StatusCode::TOO_MANY_REQUESTS, e.to_string(), username));
    }
    let old = Credentials::of(&req).session;
    let db = state.db.clone();
    let name = username.clone();
    let result =
        web::block(move || db.write(|conn| users::login(conn, &name, &password, old.as_deref())))
            .await
            .map_err(|e| PageError::new(AppError::from(e), lang))?;
    match result {
        Ok(logged) => {
            state.login_limiter.succeed(&ip, &username);
            let secure = state.secure_cookies || is_tls(&req);
            Ok(HttpResponse::SeeOther()
                .cookie(session_cookie(&logged.session_token, secure))
                .insert_header(("Location", "/"))
                .finish())
        }
        Err(e @ DomainError::Invalid { .. }) => {
            state.login_limiter.fail(&ip, &username);
            Ok(show(
                StatusCode::UNPROCESSABLE_ENTITY,
                e.to_string(),
                username,
            ))
        }
        Err(e) => Err(PageError::new(e, lang)),
    }
}

#[derive(Deserialize)]
pub struct CsrfOnly {
    #[serde(default)]
    csrf: String,
}

pub async fn logout(
    state: web::Data<AppState>,
    req: HttpRequest,
    form: web::Form<CsrfOnly>,
) -> Result<HttpResponse, PageError> {
    let viewer = form_viewer(&state, &req, &form.csrf).await?;
    let token = Credentials::of(&req).session.unwrap_or_default();
    write_op(&state, &viewer, None, move |conn, actor| {
        users::logout(conn, actor, &token)
    })
    .await?
    .map_err(|e| PageError::new(e, viewer.lang))?;
    let secure = state.secure_cookies || is_tls(&req);
    Ok(HttpResponse::SeeOther()
        .cookie(expired_cookie(secure))
        .insert_header(("Location", "/"))
        .finish())
}

// ---------------------------------------------------------------- new tournament

/// The regulations form: text as typed, so a wrong value comes back as typed.
#[derive(Deserialize, Clone)]
#[serde(default)]
pub struct TournamentForm {
    pub csrf: String,
    pub name: String,
    pub place: String,
    pub federation: String,
    pub start_date: String,
    pub end_date: String,
    pub system: String,
    pub rounds: String,
    pub base_minutes: String,
    pub increment: String,
    pub default_time_minutes: String,
    pub win: String,
    pub draw: String,
    pub late_entry_bye: String,
    pub tiebreaks: String,
    pub laws_edition: String,
    /// FIDE mode's two confirmations (settings only).
    pub warning_read: String,
    pub leave_fide_mode: String,
}

impl Default for TournamentForm {
    fn default() -> Self {
        let r = Regulations::default();
        let today = chrono::Local::now()
            .date_naive()
            .format("%Y-%m-%d")
            .to_string();
        TournamentForm {
            csrf: String::new(),
            name: String::new(),
            place: String::new(),
            federation: String::new(),
            start_date: today.clone(),
            end_date: today,
            system: r.system,
            rounds: r.rounds.to_string(),
            base_minutes: "90".into(),
            increment: "30".into(),
            default_time_minutes: r.default_time_minutes.to_string(),
            win: "1".into(),
            draw: "0.5".into(),
            late_entry_bye: r.late_entry_bye,
            tiebreaks: String::new(),
            laws_edition: r.laws_edition,
            warning_read: String::new(),
            leave_fide_mode: String::new(),
        }
    }
}

pub(super) fn number<T: std::str::FromStr>(field: &str, text: &str, what: &str) -> DomainResult<T> {
    text.trim()
        .replace(',', ".")
        .parse()
        .map_err(|_| DomainError::invalid(field, format!("'{}' is not {what}", text.trim())))
}

impl TournamentForm {
    /// The regulations the form describes (defaults for everything it does not
    /// show). Only reading numbers happens here; the rules are `Regulations::validate`.
    pub(crate) fn regulations(&self) -> DomainResult<Regulations> {
        let d = Regulations::default();
        let base: u32 = number(
            "base_minutes",
            &self.base_minutes,
            "a whole number of minutes",
        )?;
        let increment: u32 = number("increment", &self.increment, "a whole number of seconds")?;
        let mut points = d.points.clone();
        points.win = number("points.win", &self.win, "a number of points")?;
        points.draw = number("points.draw", &self.draw, "a number of points")?;
        points.forfeit_win = points.win;
        points.pairing_bye = points.win;
        points.full_bye = points.win;
        points.half_bye = points.draw;
        Ok(Regulations {
            name: self.name.clone(),
            place: self.place.trim().to_string(),
            federation: self.federation.trim().to_uppercase(),
            start_date: self.start_date.trim().to_string(),
            end_date: self.end_date.trim().to_string(),
            system: self.system.clone(),
            rounds: if self.system == "swiss" {
                number("rounds", &self.rounds, "a whole number of rounds")?
            } else {
                d.rounds
            },
            time_control: TimeControl {
                periods: vec![Period {
                    moves: None,
                    minutes: base,
                }],
                increment_seconds: increment,
                delay_seconds: 0,
            },
            default_time_minutes: number(
                "default_time_minutes",
                &self.default_time_minutes,
                "a whole number of minutes",
            )?,
            points,
            late_entry_bye: self.late_entry_bye.clone(),
            tiebreaks: self
                .tiebreaks
                .split([',', ' ', ';'])
                .map(str::trim)
                .filter(|s| !s.is_empty())
                .map(str::to_uppercase)
                .collect(),
            laws_edition: self.laws_edition.clone(),
            ..d
        })
    }
}

impl TournamentForm {
    /// The form showing regulations as stored (the settings page).
    fn of(r: &Regulations) -> TournamentForm {
        let fmt = |x: f64| {
            if x.fract() == 0.0 {
                format!("{}", x as i64)
            } else {
                format!("{x}")
            }
        };
        TournamentForm {
            csrf: String::new(),
            name: r.name.clone(),
            place: r.place.clone(),
            federation: r.federation.clone(),
            start_date: r.start_date.clone(),
            end_date: r.end_date.clone(),
            system: r.system.clone(),
            rounds: r.rounds.to_string(),
            base_minutes: r
                .time_control
                .periods
                .first()
                .map(|p| p.minutes.to_string())
                .unwrap_or_default(),
            increment: r.time_control.increment_seconds.to_string(),
            default_time_minutes: r.default_time_minutes.to_string(),
            win: fmt(r.points.win),
            draw: fmt(r.points.draw),
            late_entry_bye: r.late_entry_bye.clone(),
            tiebreaks: r.tiebreaks.join(", "),
            laws_edition: r.laws_edition.clone(),
            warning_read: String::new(),
            leave_fide_mode: String::new(),
        }
    }

    /// The regulations the settings form changes, against `current`: only the
    /// fields the form shows, and only where they differ (a time control of
    /// several periods or a custom point system is kept unless its shown part
    /// changed).
    fn changes(
        &self,
        current: &Regulations,
    ) -> DomainResult<serde_json::Map<String, serde_json::Value>> {
        let wanted = self.regulations()?;
        let as_map = |r: &Regulations| match serde_json::to_value(r) {
            Ok(serde_json::Value::Object(m)) => m,
            _ => serde_json::Map::new(),
        };
        let (old, new) = (as_map(current), as_map(&wanted));
        let shown = TournamentForm::of(current);
        let mut out = serde_json::Map::new();
        for key in [
            "name",
            "place",
            "federation",
            "start_date",
            "end_date",
            "system",
            "rounds",
            "default_time_minutes",
            "late_entry_bye",
            "tiebreaks",
            "laws_edition",
        ] {
            if old.get(key) != new.get(key) {
                if let Some(v) = new.get(key) {
                    out.insert(key.into(), v.clone());
                }
            }
        }
        if shown.base_minutes != self.base_minutes.trim()
            || shown.increment != self.increment.trim()
        {
            if let Some(v) = new.get("time_control") {
                out.insert("time_control".into(), v.clone());
            }
        }
        if shown.win != self.win.trim() || shown.draw != self.draw.trim() {
            if let Some(v) = new.get("points") {
                out.insert("points".into(), v.clone());
            }
        }
        Ok(out)
    }
}

#[derive(Template)]
#[template(path = "new_tournament.html")]
pub struct NewTournamentPage {
    pub base: Base,
    pub f: TournamentForm,
    pub error: FormError,
    /// The settings of an existing tournament (its id), else a new one.
    pub settings: Option<i32>,
    /// Round 1 is paired: only these fields may still change.
    pub editable_while_running: Option<&'static [&'static str]>,
    pub notice: Option<String>,
    /// FIDE mode refused the change: ask for both confirmations in the form.
    pub fide_warning: Option<String>,
    /// The tournament's operations outside the FIDE rules (empty: FIDE mode).
    pub departures: Vec<crate::domain::fide_mode::Departure>,
}

impl NewTournamentPage {
    /// Whether the field is locked (the tournament has started).
    pub fn locked(&self, field: &str) -> bool {
        self.editable_while_running
            .is_some_and(|ok| !ok.contains(&field))
    }
}

fn settings_page(
    conn: &mut DbConnection,
    viewer: &Viewer,
    tid: i32,
    typed: Option<(TournamentForm, FormError)>,
    notice: Option<String>,
) -> DomainResult<NewTournamentPage> {
    // Arbiters read the settings; saving them is the organizer's
    // (`tournaments::edit`).
    require_role(conn, &viewer.actor, tid, &[Role::Organizer, Role::Arbiter])?;
    let nav = TournamentNav::load(conn, viewer, tid, "settings")?;
    let t = tournaments::get(conn, tid, crate::domain::Audience::Staff)?;
    let running = nav.last_round > 0;
    let (f, error) =
        typed.unwrap_or_else(|| (TournamentForm::of(&t.regulations), FormError::default()));
    let fide_warning = error.at("leave_fide_mode").map(str::to_string);
    let title = format!("{} · {}", viewer.tr().t("settings"), nav.name);
    Ok(NewTournamentPage {
        base: Base::new(viewer, title, Some(nav)),
        f,
        error,
        settings: Some(tid),
        editable_while_running: running.then_some(tournaments::EDITABLE_WHILE_RUNNING),
        notice,
        fide_warning,
        departures: crate::domain::fide_mode::departures(conn, tid)?,
    })
}

/// `GET /t/{tid}/manage/settings`: the regulations, editable while they may change.
pub async fn settings_form(
    state: web::Data<AppState>,
    req: HttpRequest,
    tid: web::Path<i32>,
) -> Result<HttpResponse, PageError> {
    let tid = tid.into_inner();
    let notice = web::Query::<HashMap<String, String>>::from_query(req.query_string())
        .ok()
        .and_then(|q| q.get("done").cloned());
    page(&state, &req, move |conn, viewer| {
        settings_page(conn, viewer, tid, None, notice)
    })
    .await
}

/// `POST /t/{tid}/manage/settings`: the changed regulations, through
/// `tournaments::edit` (which refuses what may no longer change).
pub async fn save_settings(
    state: web::Data<AppState>,
    req: HttpRequest,
    tid: web::Path<i32>,
    form: web::Form<TournamentForm>,
) -> Result<HttpResponse, PageError> {
    let tid = tid.into_inner();
    let f = form.into_inner();
    let viewer = form_viewer(&state, &req, &f.csrf).await?;
    let typed = f.clone();
    let r = write_op(&state, &viewer, Some(tid), move |conn, actor| {
        let current = tournaments::get(conn, tid, crate::domain::Audience::Staff)?;
        let changes = f.changes(&current.regulations)?;
        if changes.is_empty() {
            return Ok(Vec::new());
        }
        let keys: Vec<String> = changes.keys().cloned().collect();
        tournaments::edit(
            conn,
            actor,
            tid,
            tournaments::EditTournament {
                version: Some(current.version),
                changes,
                warning_read: ticked(&f.warning_read),
                leave_fide_mode: ticked(&f.leave_fide_mode),
            },
        )?;
        Ok(keys)
    })
    .await?;
    post_answer(
        &state,
        &viewer,
        r,
        |keys| {
            let text = if keys.is_empty() {
                viewer.tr().t("nothing_changed").to_string()
            } else {
                format!("{}: {}", viewer.tr().t("settings_saved"), keys.join(", "))
            };
            format!("/t/{tid}/manage/settings?done={}", super::url_encode(&text))
        },
        move |e| {
            let typed = (typed, FormError::of(&e));
            move |conn: &mut DbConnection, v: &Viewer| {
                settings_page(conn, v, tid, Some(typed), None)
            }
        },
    )
    .await
}

impl NewTournamentPage {
    /// `aria-invalid`/`aria-describedby` for a field with an error.
    pub fn invalid(&self, field: &str) -> bool {
        self.error.at(field).is_some()
    }
}

pub async fn new_tournament_form(
    state: web::Data<AppState>,
    req: HttpRequest,
) -> Result<HttpResponse, PageError> {
    page(&state, &req, |_, viewer| {
        if viewer.actor.user_id.is_none() {
            return Err(DomainError::Unauthenticated);
        }
        Ok(NewTournamentPage {
            base: Base::new(viewer, viewer.tr().t("new_tournament"), None),
            f: TournamentForm::default(),
            error: FormError::default(),
            settings: None,
            editable_while_running: None,
            notice: None,
            fide_warning: None,
            departures: Vec::new(),
        })
    })
    .await
}

pub async fn create_tournament(
    state: web::Data<AppState>,
    req: HttpRequest,
    form: web::Form<TournamentForm>,
) -> Result<HttpResponse, PageError> {
    let f = form.into_inner();
    let viewer = form_viewer(&state, &req, &f.csrf).await?;
    let result = match f.regulations() {
        Ok(reg) => {
            write_op(&state, &viewer, None, move |conn, actor| {
                tournaments::create(conn, actor, reg)
            })
            .await?
        }
        Err(e) => Err(e),
    };
    match result {
        Ok(t) => Ok(redirect(&format!("/t/{}/manage/players", t.id))),
        Err(e @ DomainError::Invalid { .. }) => {
            // Every problem at once: each field's own message next to it.
            let error = match f.regulations() {
                Ok(mut reg) => {
                    let all = reg.problems();
                    if all.is_empty() {
                        FormError::of(&e)
                    } else {
                        FormError::all(&all)
                    }
                }
                Err(_) => FormError::of(&e),
            };
            let page = NewTournamentPage {
                base: Base::new(&viewer, viewer.tr().t("new_tournament"), None),
                f,
                error,
                settings: None,
                editable_while_running: None,
                notice: None,
                fide_warning: None,
                departures: Vec::new(),
            };
            Ok(html(StatusCode::UNPROCESSABLE_ENTITY, &page))
        }
        Err(e) => Err(PageError::new(e, viewer.lang)),
    }
}

// ---------------------------------------------------------------- players

#[derive(Deserialize, Clone, Default)]
#[serde(default)]
pub struct PlayerForm {
    pub csrf: String,
    pub name: String,
    pub rating: String,
    pub title: String,
    pub federation: String,
    pub fide_id: String,
    pub club: String,
    pub joins_round: String,
    pub confirm_duplicate: String,
}

pub(super) fn optional<T: std::str::FromStr>(
    field: &str,
    text: &str,
    what: &str,
) -> DomainResult<Option<T>> {
    if text.trim().is_empty() {
        Ok(None)
    } else {
        number(field, text, what).map(Some)
    }
}

impl PlayerForm {
    pub(crate) fn command(&self) -> DomainResult<RegisterPlayer> {
        Ok(RegisterPlayer {
            name: self.name.clone(),
            rating: optional("rating", &self.rating, "a rating")?,
            title: self.title.clone(),
            federation: self.federation.clone(),
            fide_id: optional("fide_id", &self.fide_id, "a FIDE id")?,
            club: self.club.clone(),
            joins_round: optional("joins_round", &self.joins_round, "a round number")?,
            confirm_duplicate: !self.confirm_duplicate.is_empty(),
            ..Default::default()
        })
    }
}

#[derive(Template)]
#[template(path = "manage_players.html")]
pub struct PlayersAdminPage {
    pub base: Base,
    pub tid: i32,
    pub players: Vec<PlayerView>,
    pub byes: Vec<ByeRequestView>,
    pub f: PlayerForm,
    pub error: FormError,
    pub csv: String,
    /// Every problem of the pasted list, a line each.
    pub csv_errors: Vec<String>,
    pub notice: Option<String>,
    pub fide_confirm: Option<FideConfirm>,
    /// The next round to be paired (byes may be requested from it on).
    pub next_round: i32,
    pub total_rounds: u32,
    pub swiss: bool,
    pub staff: Vec<StaffMember>,
}

impl PlayersAdminPage {
    pub fn invalid(&self, field: &str) -> bool {
        self.error.at(field).is_some()
    }

    pub fn name_of(&self, pid: &i32) -> &str {
        self.players
            .iter()
            .find(|p| p.id == *pid)
            .map(|p| p.name.as_str())
            .unwrap_or("")
    }
}

struct PlayersExtras {
    f: PlayerForm,
    error: FormError,
    csv: String,
    csv_errors: Vec<String>,
    notice: Option<String>,
    fide_confirm: Option<FideConfirm>,
}

fn players_admin(
    conn: &mut DbConnection,
    viewer: &Viewer,
    tid: i32,
    x: PlayersExtras,
) -> DomainResult<PlayersAdminPage> {
    require_role(conn, &viewer.actor, tid, &[Role::Organizer, Role::Arbiter])?;
    let nav = TournamentNav::load(conn, viewer, tid, "manage-players")?;
    let t = tournaments::load(conn, tid)?;
    let total_rounds = rounds::total_rounds(conn, &t)?;
    let title = format!("{} · {}", viewer.tr().t("manage_players"), nav.name);
    let next_round = nav.last_round + 1;
    Ok(PlayersAdminPage {
        base: Base::new(viewer, title, Some(nav)),
        tid,
        players: registration::list(conn, tid)?,
        byes: registration::bye_requests(conn, tid)?,
        f: x.f,
        error: x.error,
        csv: x.csv,
        csv_errors: x.csv_errors,
        notice: x.notice,
        fide_confirm: x.fide_confirm,
        next_round,
        total_rounds,
        swiss: t.system == "swiss",
        staff: tournaments::staff(conn, tid)?,
    })
}

fn no_extras() -> PlayersExtras {
    PlayersExtras {
        f: PlayerForm::default(),
        error: FormError::default(),
        csv: String::new(),
        csv_errors: Vec::new(),
        notice: None,
        fide_confirm: None,
    }
}

pub async fn players_form(
    state: web::Data<AppState>,
    req: HttpRequest,
    tid: web::Path<i32>,
) -> Result<HttpResponse, PageError> {
    let tid = tid.into_inner();
    let notice = web::Query::<HashMap<String, String>>::from_query(req.query_string())
        .ok()
        .and_then(|q| q.get("done").cloned());
    page(&state, &req, move |conn, viewer| {
        let mut x = no_extras();
        x.notice = notice;
        players_admin(conn, viewer, tid, x)
    })
    .await
}

pub async fn register(
    state: web::Data<AppState>,
    req: HttpRequest,
    tid: web::Path<i32>,
    form: web::Form<PlayerForm>,
) -> Result<HttpResponse, PageError> {
    let tid = tid.into_inner();
    let f = form.into_inner();
    let viewer = form_viewer(&state, &req, &f.csrf).await?;
    let result = match f.command() {
        Ok(cmd) => {
            write_op(&state, &viewer, Some(tid), move |conn, actor| {
                registration::register(conn, actor, tid, cmd)
            })
            .await?
        }
        Err(e) => Err(e),
    };
    // Back to an empty form with the focus in the name field: the next player.
    post_answer(
        &state,
        &viewer,
        result,
        |p| {
            format!(
                "/t/{tid}/manage/players?done={}",
                super::url_encode(&format!("{}: {}", p.name, viewer.tr().t("registered")))
            )
        },
        move |e| {
            let x = PlayersExtras {
                f,
                error: FormError::of(&e),
                ..no_extras()
            };
            move |conn: &mut DbConnection, v: &Viewer| players_admin(conn, v, tid, x)
        },
    )
    .await
}

#[derive(Deserialize, Default)]
#[serde(default)]
pub struct CsvForm {
    csrf: String,
    csv: String,
}

/// One CSV line: `name; rating; title; federation; FIDE id; club` (`;`, tab or
/// `,` between fields — a comma only when the line has neither of the others,
/// since names are often written "Surname, First").
fn csv_player(line: &str) -> DomainResult<RegisterPlayer> {
    let sep = if line.contains(';') {
        ';'
    } else if line.contains('\t') {
        '\t'
    } else {
        '|'
    };
    let cells: Vec<&str> = line.split(sep).map(str::trim).collect();
    let cell = |i: usize| cells.get(i).copied().unwrap_or("");
    Ok(RegisterPlayer {
        name: cell(0).to_string(),
        rating: optional("rating", cell(1), "a rating")?,
        title: cell(2).to_string(),
        federation: cell(3).to_string(),
        fide_id: optional("fide_id", cell(4), "a FIDE id")?,
        club: cell(5).to_string(),
        ..Default::default()
    })
}

/// Whether a CSV line is a header (`Name; Rating; …`) rather than a player.
fn csv_header(line: &str) -> bool {
    let first = line
        .split([';', '\t', '|'])
        .next()
        .unwrap_or("")
        .trim()
        .to_lowercase();
    [
        "name",
        "player",
        "nazwisko",
        "zawodnik",
        "imię",
        "jméno",
        "hráč",
        "příjmení",
    ]
    .iter()
    .any(|h| first.starts_with(h))
}

/// CSV paste: every line registered through `registration::register`, all in
/// one transaction — a wrong line imports nothing, and every wrong line is
/// named at once. A first line with column names is skipped.
pub async fn import_csv(
    state: web::Data<AppState>,
    req: HttpRequest,
    tid: web::Path<i32>,
    form: web::Form<CsvForm>,
) -> Result<HttpResponse, PageError> {
    let tid = tid.into_inner();
    let f = form.into_inner();
    let viewer = form_viewer(&state, &req, &f.csrf).await?;
    let text = f.csv.clone();
    let result = write_op(&state, &viewer, Some(tid), move |conn, actor| {
        let mut n = 0;
        let mut problems = Vec::new();
        let mut first = true;
        for (i, line) in text.lines().enumerate() {
            if line.trim().is_empty() || line.trim_start().starts_with('#') {
                continue;
            }
            if std::mem::take(&mut first) && csv_header(line) {
                continue;
            }
            match csv_player(line).and_then(|cmd| registration::register(conn, actor, tid, cmd)) {
                Ok(_) => n += 1,
                Err(DomainError::Invalid { field, message }) => {
                    problems.push(format!("line {}: {field}: {message}", i + 1))
                }
                Err(DomainError::Conflict { message, .. }) => {
                    problems.push(format!("line {}: {message}", i + 1))
                }
                Err(other) => return Err(other),
            }
        }
        if problems.is_empty() {
            Ok(n)
        } else {
            Err(DomainError::invalid("csv", problems.join("\n")))
        }
    })
    .await?;
    match result {
        Ok(n) => Ok(redirect(&format!(
            "/t/{tid}/manage/players?done={}",
            super::url_encode(&format!("{n} {}", viewer.tr().t("players_registered")))
        ))),
        Err(DomainError::Invalid { message, .. }) => {
            let x = PlayersExtras {
                csv: f.csv,
                csv_errors: message.lines().map(str::to_string).collect(),
                ..no_extras()
            };
            page_for(
                &state,
                &viewer,
                StatusCode::UNPROCESSABLE_ENTITY,
                move |conn, v| players_admin(conn, v, tid, x),
            )
            .await
        }
        Err(e) => Err(PageError::new(e, viewer.lang)),
    }
}

pub async fn withdraw(
    state: web::Data<AppState>,
    req: HttpRequest,
    path: web::Path<(i32, i32)>,
    form: web::Form<CsrfOnly>,
) -> Result<HttpResponse, PageError> {
    let (tid, pid) = path.into_inner();
    let viewer = form_viewer(&state, &req, &form.csrf).await?;
    let r = write_op(&state, &viewer, Some(tid), move |conn, actor| {
        registration::withdraw(conn, actor, tid, pid)
    })
    .await?;
    players_answer(
        &state,
        &viewer,
        tid,
        r.map(|p| format!("{}: {}", p.name, viewer.tr().t("withdrawn"))),
    )
    .await
}

pub async fn reinstate(
    state: web::Data<AppState>,
    req: HttpRequest,
    path: web::Path<(i32, i32)>,
    form: web::Form<CsrfOnly>,
) -> Result<HttpResponse, PageError> {
    let (tid, pid) = path.into_inner();
    let viewer = form_viewer(&state, &req, &form.csrf).await?;
    let r = write_op(&state, &viewer, Some(tid), move |conn, actor| {
        registration::reinstate(conn, actor, tid, pid)
    })
    .await?;
    players_answer(
        &state,
        &viewer,
        tid,
        r.map(|p| format!("{}: {}", p.name, viewer.tr().t("reinstated"))),
    )
    .await
}

/// The edit form of one player, as stored or as typed.
#[derive(Deserialize, Clone, Default)]
#[serde(default)]
pub struct EditPlayerForm {
    pub csrf: String,
    pub version: String,
    pub name: String,
    pub rating: String,
    pub title: String,
    pub federation: String,
    pub fide_id: String,
    pub club: String,
    pub birth_date: String,
    pub sex: String,
    pub k_factor: String,
}

impl EditPlayerForm {
    fn of(p: &PlayerView) -> EditPlayerForm {
        EditPlayerForm {
            version: p.version.to_string(),
            name: p.name.clone(),
            rating: p.rating.map(|r| r.to_string()).unwrap_or_default(),
            title: p.title.clone(),
            federation: p.federation.clone(),
            fide_id: p.fide_id.map(|r| r.to_string()).unwrap_or_default(),
            club: p.club.clone(),
            birth_date: p.birth_date.clone(),
            sex: p.sex.clone(),
            k_factor: p.k_factor.to_string(),
            ..Default::default()
        }
    }

    fn command(&self) -> DomainResult<registration::EditPlayer> {
        Ok(registration::EditPlayer {
            name: Some(self.name.clone()),
            rating: optional("rating", &self.rating, "a rating")?,
            title: Some(self.title.clone()),
            federation: Some(self.federation.clone()),
            fide_id: optional("fide_id", &self.fide_id, "a FIDE id")?,
            club: Some(self.club.clone()),
            birth_date: Some(self.birth_date.clone()),
            sex: Some(self.sex.clone()),
            k_factor: optional("k_factor", &self.k_factor, "10, 20 or 40")?,
            version: number("version", &self.version, "a version")?,
            ..Default::default()
        })
    }
}

#[derive(Template)]
#[template(path = "manage_player.html")]
pub struct PlayerEditPage {
    pub base: Base,
    pub tid: i32,
    pub player: PlayerView,
    pub f: EditPlayerForm,
    pub error: FormError,
}

impl PlayerEditPage {
    pub fn invalid(&self, field: &str) -> bool {
        self.error.at(field).is_some()
    }
}

fn player_edit_page(
    conn: &mut DbConnection,
    viewer: &Viewer,
    tid: i32,
    pid: i32,
    typed: Option<(EditPlayerForm, FormError)>,
) -> DomainResult<PlayerEditPage> {
    require_role(conn, &viewer.actor, tid, &[Role::Organizer, Role::Arbiter])?;
    let nav = TournamentNav::load(conn, viewer, tid, "manage-players")?;
    let player = PlayerView::from(&registration::load_player(conn, tid, pid)?);
    let (f, error) = typed.unwrap_or_else(|| (EditPlayerForm::of(&player), FormError::default()));
    let title = format!(
        "{}: {} · {}",
        viewer.tr().t("edit_player"),
        player.name,
        nav.name
    );
    Ok(PlayerEditPage {
        base: Base::new(viewer, title, Some(nav)),
        tid,
        player,
        f,
        error,
    })
}

/// `GET /t/{tid}/manage/players/{pid}/edit`
pub async fn edit_player_form(
    state: web::Data<AppState>,
    req: HttpRequest,
    path: web::Path<(i32, i32)>,
) -> Result<HttpResponse, PageError> {
    let (tid, pid) = path.into_inner();
    page(&state, &req, move |conn, viewer| {
        player_edit_page(conn, viewer, tid, pid, None)
    })
    .await
}

/// `POST /t/{tid}/manage/players/{pid}/edit`: back to the list with what the
/// change affects, or the form again as typed with the problem.
pub async fn edit_player(
    state: web::Data<AppState>,
    req: HttpRequest,
    path: web::Path<(i32, i32)>,
    form: web::Form<EditPlayerForm>,
) -> Result<HttpResponse, PageError> {
    let (tid, pid) = path.into_inner();
    let f = form.into_inner();
    let viewer = form_viewer(&state, &req, &f.csrf).await?;
    let r = match f.command() {
        Ok(cmd) => {
            write_op(&state, &viewer, Some(tid), move |conn, actor| {
                registration::edit(conn, actor, tid, pid, cmd)
            })
            .await?
        }
        Err(e) => Err(e),
    };
    post_answer(
        &state,
        &viewer,
        r,
        |done| {
            let mut text = format!("{}: {}", done.player.name, viewer.tr().t("changed"));
            for e in &done.effects {
                text.push_str(" — ");
                text.push_str(e);
            }
            format!("/t/{tid}/manage/players?done={}", super::url_encode(&text))
        },
        move |e| {
            let typed = (f, FormError::of(&e));
            move |conn: &mut DbConnection, v: &Viewer| {
                player_edit_page(conn, v, tid, pid, Some(typed))
            }
        },
    )
    .await
}

/// `POST /t/{tid}/manage/players/{pid}/delete`
pub async fn delete_player(
    state: web::Data<AppState>,
    req: HttpRequest,
    path: web::Path<(i32, i32)>,
    form: web::Form<CsrfOnly>,
) -> Result<HttpResponse, PageError> {
    let (tid, pid) = path.into_inner();
    let viewer = form_viewer(&state, &req, &form.csrf).await?;
    let r = write_op(&state, &viewer, Some(tid), move |conn, actor| {
        let name = registration::load_player(conn, tid, pid)?.name;
        registration::delete(conn, actor, tid, pid).map(|()| name)
    })
    .await?;
    players_answer(
        &state,
        &viewer,
        tid,
        r.map(|name| format!("{name}: {}", viewer.tr().t("deleted"))),
    )
    .await
}

#[derive(Deserialize, Default)]
#[serde(default)]
pub struct ByeForm {
    csrf: String,
    round: String,
    kind: String,
    warning_read: String,
    leave_fide_mode: String,
}

pub async fn request_bye(
    state: web::Data<AppState>,
    req: HttpRequest,
    path: web::Path<(i32, i32)>,
    form: web::Form<ByeForm>,
) -> Result<HttpResponse, PageError> {
    let (tid, pid) = path.into_inner();
    let f = form.into_inner();
    let viewer = form_viewer(&state, &req, &f.csrf).await?;
    let (round_text, kind_text) = (f.round.clone(), f.kind.clone());
    let r = match number::<i32>("round", &f.round, "a round number") {
        Ok(round) => {
            let cmd = RequestBye {
                round,
                kind: if f.kind.is_empty() {
                    "half".into()
                } else {
                    f.kind
                },
                note: String::new(),
                warning_read: ticked(&f.warning_read),
                leave_fide_mode: ticked(&f.leave_fide_mode),
            };
            write_op(&state, &viewer, Some(tid), move |conn, actor| {
                let name = registration::load_player(conn, tid, pid)?.name;
                registration::request_bye(conn, actor, tid, pid, cmd).map(|b| (name, b))
            })
            .await?
        }
        Err(e) => Err(e),
    };
    if let Err(e) = &r {
        if let Some(c) = FideConfirm::of(
            e,
            format!("/t/{tid}/manage/players/{pid}/bye"),
            vec![("round", &round_text), ("kind", &kind_text)],
        ) {
            let x = PlayersExtras {
                fide_confirm: Some(c),
                ..no_extras()
            };
            return page_for(
                &state,
                &viewer,
                StatusCode::UNPROCESSABLE_ENTITY,
                move |conn, v| players_admin(conn, v, tid, x),
            )
            .await;
        }
    }
    players_answer(
        &state,
        &viewer,
        tid,
        r.map(|(name, b)| {
            format!(
                "{} {name} ({}), {} {}",
                viewer.tr().t("bye_for"),
                viewer.tr().bye_kind(&b.kind),
                viewer.tr().t("round"),
                b.round,
            )
        }),
    )
    .await
}

/// After a withdrawal or bye: back to the list, or the list with the sentence.
async fn players_answer(
    state: &web::Data<AppState>,
    viewer: &Viewer,
    tid: i32,
    r: DomainResult<String>,
) -> Result<HttpResponse, PageError> {
    post_answer(
        state,
        viewer,
        r,
        |done| format!("/t/{tid}/manage/players?done={}", super::url_encode(&done)),
        move |e| {
            let x = PlayersExtras {
                notice: None,
                error: FormError {
                    field: "list".into(),
                    message: e.to_string(),
                    more: Vec::new(),
                },
                ..no_extras()
            };
            move |conn: &mut DbConnection, v: &Viewer| players_admin(conn, v, tid, x)
        },
    )
    .await
}

#[derive(Deserialize, Default)]
#[serde(default)]
pub struct StaffForm {
    csrf: String,
    username: String,
    role: String,
}

/// The organizer appoints an arbiter (or another organizer) by user name.
pub async fn appoint(
    state: web::Data<AppState>,
    req: HttpRequest,
    tid: web::Path<i32>,
    form: web::Form<StaffForm>,
) -> Result<HttpResponse, PageError> {
    let tid = tid.into_inner();
    let f = form.into_inner();
    let viewer = form_viewer(&state, &req, &f.csrf).await?;
    let cmd = StaffMember {
        username: f.username.trim().to_string(),
        role: f.role,
    };
    let done = format!("{}: {}", cmd.username, cmd.role);
    let r = write_op(&state, &viewer, Some(tid), move |conn, actor| {
        tournaments::appoint(conn, actor, tid, cmd)
    })
    .await?;
    players_answer(&state, &viewer, tid, r.map(|_| done)).await
}

pub async fn dismiss(
    state: web::Data<AppState>,
    req: HttpRequest,
    tid: web::Path<i32>,
    form: web::Form<StaffForm>,
) -> Result<HttpResponse, PageError> {
    let tid = tid.into_inner();
    let f = form.into_inner();
    let viewer = form_viewer(&state, &req, &f.csrf).await?;
    let cmd = StaffMember {
        username: f.username.trim().to_string(),
        role: f.role,
    };
    let done = format!(
        "{}: {} — {}",
        cmd.username,
        viewer.tr().role(&cmd.role),
        viewer.tr().t("dismissed")
    );
    let r = write_op(&state, &viewer, Some(tid), move |conn, actor| {
        tournaments::dismiss(conn, actor, tid, cmd)
    })
    .await?;
    players_answer(&state, &viewer, tid, r.map(|_| done)).await
}

/// `GET` of an address only posted to (left in the browser after a form came
/// back with a problem): back to the screen the form belongs to.
pub async fn back_to_screen(
    state: web::Data<AppState>,
    req: HttpRequest,
) -> Result<HttpResponse, PageError> {
    let path = req.path().trim_end_matches('/').to_string();
    let segs: Vec<&str> = path.split('/').collect();
    let target = match segs.as_slice() {
        ["", "t", tid, "manage", rest @ ..] => {
            let tid = tid.to_string();
            match rest {
                ["games", gid, ..] => format!("/t/{tid}/manage/games/{gid}"),
                ["rounds", n, "arrivals", ..] => format!("/t/{tid}/manage/rounds/{n}/arrivals"),
                ["rounds", n, ..] => format!("/t/{tid}/manage/rounds/{n}"),
                ["pair"] => format!("/t/{tid}/manage/rounds/0"),
                ["envelopes", aid, ..] => {
                    let (Ok(t), Ok(a)) = (tid.parse::<i32>(), aid.parse::<i32>()) else {
                        return Ok(redirect(&format!("/t/{tid}/manage/rounds/0")));
                    };
                    let db = state.db.clone();
                    let game = web::block(move || {
                        db.read(|conn| {
                            crate::domain::adjournments::get(
                                conn,
                                t,
                                a,
                                crate::domain::Audience::Staff,
                            )
                            .map(|e| e.game_id)
                        })
                    })
                    .await
                    .ok()
                    .and_then(|r| r.ok());
                    match game {
                        Some(g) => format!("/t/{tid}/manage/games/{g}"),
                        None => format!("/t/{tid}/manage/rounds/0"),
                    }
                }
                _ => format!("/t/{tid}/manage/players"),
            }
        }
        _ => "/".to_string(),
    };
    Ok(redirect(&target))
}

// ---------------------------------------------------------------- the round screen

#[derive(Template)]
#[template(path = "manage_round.html")]
pub struct RoundScreen {
    pub base: Base,
    pub tid: i32,
    /// The round shown (None before round 1 is paired).
    pub round: Option<RoundView>,
    pub rounds: Vec<i32>,
    pub can_pair: bool,
    pub next_round: i32,
    pub problem: Option<String>,
    pub notice: Option<String>,
    /// The criteria a hand edit broke (after a swap).
    pub broken: Option<Vec<ViolationView>>,
    /// Per game: what was typed and the error, when saving failed.
    pub typed: HashMap<i32, (String, String, bool)>,
    /// Points before the round shown, by player id, as written.
    pub scores: HashMap<i32, String>,
    /// Rounds are left to pair after the one shown (offered once it is complete).
    pub more_rounds: bool,
    pub fide_confirm: Option<FideConfirm>,
    /// The tournament's operations outside the FIDE rules (empty: FIDE mode).
    pub departures: Vec<crate::domain::fide_mode::Departure>,
}

impl RoundScreen {
    pub fn typed_result(&self, gid: &i32, current: &str) -> String {
        match self.typed.get(gid) {
            Some((t, _, _)) => t.clone(),
            None if current == "*" => String::new(),
            None => current.to_string(),
        }
    }

    pub fn score_of(&self, pid: &i32) -> &str {
        self.scores.get(pid).map(String::as_str).unwrap_or("0")
    }

    /// The error of board `gid` asks the arbiter to confirm a result.
    pub fn needs_confirm(&self, gid: &i32) -> bool {
        self.typed.get(gid).is_some_and(|(_, _, c)| *c)
    }

    pub fn error_of(&self, gid: &i32) -> Option<&str> {
        self.typed
            .get(gid)
            .map(|(_, e, _)| e.as_str())
            .filter(|e| !e.is_empty())
    }
}

#[derive(Default)]
struct ScreenExtras {
    problem: Option<String>,
    notice: Option<String>,
    fide_confirm: Option<FideConfirm>,
    broken: Option<Vec<ViolationView>>,
    typed: HashMap<i32, (String, String, bool)>,
}

fn round_screen_page(
    conn: &mut DbConnection,
    viewer: &Viewer,
    tid: i32,
    n: i32,
    x: ScreenExtras,
) -> DomainResult<RoundScreen> {
    require_role(conn, &viewer.actor, tid, &[Role::Arbiter])?;
    let nav = TournamentNav::load(conn, viewer, tid, "manage-round")?;
    let t = tournaments::load(conn, tid)?;
    let total = rounds::total_rounds(conn, &t)?;
    let summary = rounds::list(conn, tid, crate::domain::Audience::Staff)?;
    let last = summary.last();
    let can_pair = (nav.last_round as u32) < total
        && last.is_none_or(|r| r.state != "paired" && r.results_missing == 0);
    let round = if n > 0 {
        Some(rounds::get(conn, tid, n, crate::domain::Audience::Staff)?)
    } else {
        None
    };
    let scores = if n > 0 {
        crate::domain::standings::points_before(conn, tid, n)?
            .into_iter()
            .map(|(pid, p)| (pid, crate::domain::rounds::fmt_points(p)))
            .collect()
    } else {
        HashMap::new()
    };
    let title = format!("{} · {}", viewer.tr().t("results"), nav.name);
    let nav_last = nav.last_round;
    Ok(RoundScreen {
        base: Base::new(viewer, title, Some(nav)),
        tid,
        round,
        rounds: summary.iter().map(|r| r.number).collect(),
        can_pair,
        next_round: summary.len() as i32 + 1,
        problem: x.problem,
        notice: x.notice,
        broken: x.broken,
        typed: x.typed,
        scores,
        more_rounds: (nav_last as u32) < total && n == nav_last,
        fide_confirm: x.fide_confirm,
        departures: crate::domain::fide_mode::departures(conn, tid)?,
    })
}

pub async fn round_screen(
    state: web::Data<AppState>,
    req: HttpRequest,
    path: web::Path<(i32, i32)>,
) -> Result<HttpResponse, PageError> {
    let (tid, n) = path.into_inner();
    page(&state, &req, move |conn, viewer| {
        round_screen_page(conn, viewer, tid, n, ScreenExtras::default())
    })
    .await
}

pub(super) async fn screen_answer<T>(
    state: &web::Data<AppState>,
    viewer: &Viewer,
    tid: i32,
    n: i32,
    r: DomainResult<T>,
) -> Result<HttpResponse, PageError> {
    post_answer(
        state,
        viewer,
        r,
        |_| format!("/t/{tid}/manage/rounds/{n}"),
        move |e| {
            let x = ScreenExtras {
                problem: Some(e.to_string()),
                ..Default::default()
            };
            move |conn: &mut DbConnection, v: &Viewer| round_screen_page(conn, v, tid, n, x)
        },
    )
    .await
}

pub async fn pair_next(
    state: web::Data<AppState>,
    req: HttpRequest,
    tid: web::Path<i32>,
    form: web::Form<CsrfOnly>,
) -> Result<HttpResponse, PageError> {
    let tid = tid.into_inner();
    let viewer = form_viewer(&state, &req, &form.csrf).await?;
    let r = write_op(&state, &viewer, Some(tid), move |conn, actor| {
        rounds::pair_next(conn, actor, tid)
    })
    .await?;
    match r {
        Ok(round) => Ok(redirect(&format!(
            "/t/{tid}/manage/rounds/{}",
            round.number
        ))),
        Err(e) => {
            let db = state.db.clone();
            let n = web::block(move || db.read(|conn| rounds::last_round(conn, tid)))
                .await
                .ok()
                .and_then(|r| r.ok())
                .unwrap_or(0);
            screen_answer::<()>(&state, &viewer, tid, n, Err(e)).await
        }
    }
}

pub async fn publish(
    state: web::Data<AppState>,
    req: HttpRequest,
    path: web::Path<(i32, i32)>,
    form: web::Form<CsrfOnly>,
) -> Result<HttpResponse, PageError> {
    let (tid, n) = path.into_inner();
    let viewer = form_viewer(&state, &req, &form.csrf).await?;
    let r = write_op(&state, &viewer, Some(tid), move |conn, actor| {
        rounds::publish(conn, actor, tid, n)
    })
    .await?;
    screen_answer(&state, &viewer, tid, n, r).await
}

pub async fn unpair(
    state: web::Data<AppState>,
    req: HttpRequest,
    path: web::Path<(i32, i32)>,
    form: web::Form<CsrfOnly>,
) -> Result<HttpResponse, PageError> {
    let (tid, n) = path.into_inner();
    let viewer = form_viewer(&state, &req, &form.csrf).await?;
    let r = write_op(&state, &viewer, Some(tid), move |conn, actor| {
        rounds::unpair(conn, actor, tid, n)
    })
    .await?;
    screen_answer(&state, &viewer, tid, (n - 1).max(0), r).await
}

#[derive(Deserialize, Default)]
#[serde(default)]
pub struct SwapForm {
    csrf: String,
    /// Swap the colours of this board.
    colours: String,
    /// Swap the black players of boards `a` and `b`.
    a: String,
    b: String,
    warning_read: String,
    leave_fide_mode: String,
}

/// What a swap form asks for: a board's colours, or two boards' black players.
struct SwapRequest {
    colours: Option<i32>,
    boards: Option<(i32, i32)>,
}

impl SwapForm {
    fn request(&self) -> DomainResult<SwapRequest> {
        let parse = |field: &str, s: &str| -> DomainResult<Option<i32>> {
            optional(field, s, "a board number")
        };
        let boards = match (parse("a", &self.a)?, parse("b", &self.b)?) {
            (Some(a), Some(b)) => Some((a, b)),
            (None, None) => None,
            _ => return Err(DomainError::invalid("b", "give both board numbers")),
        };
        Ok(SwapRequest {
            colours: parse("colours", &self.colours)?,
            boards,
        })
    }
}

/// Review: swap the colours of a board, or the black players of two boards.
/// The whole pairing goes to `rounds::edit_pairing`, which keeps the edit and
/// says which criteria it breaks.
pub async fn swap(
    state: web::Data<AppState>,
    req: HttpRequest,
    path: web::Path<(i32, i32)>,
    form: web::Form<SwapForm>,
) -> Result<HttpResponse, PageError> {
    let (tid, n) = path.into_inner();
    let f = form.into_inner();
    let viewer = form_viewer(&state, &req, &f.csrf).await?;
    let wanted = f.request();
    let confirm = (f.warning_read.clone(), f.leave_fide_mode.clone());
    let asked = [
        ("colours".to_string(), f.colours.clone()),
        ("a".to_string(), f.a.clone()),
        ("b".to_string(), f.b.clone()),
    ];
    let r = match wanted {
        Ok(SwapRequest {
            colours,
            boards: pair,
        }) => {
            write_op(&state, &viewer, Some(tid), move |conn, actor| {
                let round = rounds::get(conn, tid, n, crate::domain::Audience::Staff)?;
                let mut boards: Vec<(i32, BoardEdit)> = round
                    .games
                    .iter()
                    .filter(|g| g.kind == "pending")
                    .filter_map(|g| {
                        g.black.as_ref().map(|b| {
                            (
                                g.board,
                                BoardEdit {
                                    white: g.white.id,
                                    black: b.id,
                                },
                            )
                        })
                    })
                    .collect();
                let bye = round
                    .games
                    .iter()
                    .find(|g| g.kind == "pairing_bye" || g.kind == "free")
                    .map(|g| g.white.id);
                let index = |boards: &[(i32, BoardEdit)], board: i32| {
                    boards.iter().position(|(b, _)| *b == board).ok_or_else(|| {
                        DomainError::invalid("a", format!("there is no board {board} with a game"))
                    })
                };
                if let Some(c) = colours {
                    let i = index(&boards, c)?;
                    let e = &mut boards[i].1;
                    std::mem::swap(&mut e.white, &mut e.black);
                }
                if let Some((a, b)) = pair {
                    let (i, j) = (index(&boards, a)?, index(&boards, b)?);
                    let tmp = boards[i].1.black;
                    boards[i].1.black = boards[j].1.black;
                    boards[j].1.black = tmp;
                }
                let cmd = EditPairing {
                    boards: boards.into_iter().map(|(_, e)| e).collect(),
                    bye,
                    warning_read: ticked(&confirm.0),
                    leave_fide_mode: ticked(&confirm.1),
                };
                rounds::edit_pairing(conn, actor, tid, n, cmd)
            })
            .await?
        }
        Err(e) => Err(e),
    };
    match r {
        Ok(edited) => {
            let x = ScreenExtras {
                broken: Some(edited.broken_criteria),
                ..Default::default()
            };
            page_for(&state, &viewer, StatusCode::OK, move |conn, v| {
                round_screen_page(conn, v, tid, n, x)
            })
            .await
        }
        Err(e) => {
            let hidden: Vec<(&str, &str)> = asked
                .iter()
                .map(|(k, v)| (k.as_str(), v.as_str()))
                .collect();
            if let Some(c) = FideConfirm::of(&e, format!("/t/{tid}/manage/rounds/{n}/swap"), hidden)
            {
                let x = ScreenExtras {
                    fide_confirm: Some(c),
                    ..Default::default()
                };
                return page_for(
                    &state,
                    &viewer,
                    StatusCode::UNPROCESSABLE_ENTITY,
                    move |conn, v| round_screen_page(conn, v, tid, n, x),
                )
                .await;
            }
            screen_answer::<()>(&state, &viewer, tid, n, Err(e)).await
        }
    }
}

/// The keyboard shorthands of the result screen, also accepted typed in the
/// plain form: `1` `=` `0` `+` `-`.
pub(crate) fn expand_shorthand(s: &str) -> &str {
    match s.trim() {
        "1" => "1-0",
        "=" | "½" | "5" => "½-½",
        "0" => "0-1",
        "+" => "+/-",
        "-" => "-/+",
        other => other,
    }
}

/// The plain form of the result screen: every board whose box differs from its
/// result is saved through `results::set_result`, each board in its own
/// transaction (a wrong board does not hold the others back).
pub async fn results(
    state: web::Data<AppState>,
    req: HttpRequest,
    path: web::Path<(i32, i32)>,
    form: web::Form<Vec<(String, String)>>,
) -> Result<HttpResponse, PageError> {
    let (tid, n) = path.into_inner();
    let fields: HashMap<String, String> = form.into_inner().into_iter().collect();
    let csrf = fields.get("csrf").cloned().unwrap_or_default();
    let viewer = form_viewer(&state, &req, &csrf).await?;
    let db = state.db.clone();
    let current = web::block(move || {
        db.read(|conn| rounds::get(conn, tid, n, crate::domain::Audience::Staff))
    })
    .await
    .map_err(|e| PageError::new(AppError::from(e), viewer.lang))?
    .map_err(|e| PageError::new(e, viewer.lang))?;
    let mut typed = HashMap::new();
    let mut saved = 0;
    for g in current.games.iter().filter(|g| g.black.is_some()) {
        let Some(entered) = fields.get(&format!("r{}", g.id)) else {
            continue;
        };
        let entered = entered.trim().to_string();
        let was = if g.result == "*" {
            ""
        } else {
            g.result.as_str()
        };
        if entered == was {
            continue;
        }
        let version = fields
            .get(&format!("v{}", g.id))
            .and_then(|v| v.parse().ok())
            .unwrap_or(g.version);
        let cmd = SetResult {
            result: if entered.is_empty() {
                "*".into()
            } else {
                expand_shorthand(&entered).to_string()
            },
            version,
            reason: fields
                .get(&format!("why{}", g.id))
                .cloned()
                .unwrap_or_default(),
            termination: String::new(),
            confirm: fields.contains_key(&format!("c{}", g.id)),
        };
        let gid = g.id;
        match write_op(&state, &viewer, Some(tid), move |conn, actor| {
            results::set_result(conn, actor, tid, gid, cmd)
        })
        .await?
        {
            Ok(_) => saved += 1,
            Err(e @ (DomainError::Invalid { .. } | DomainError::Conflict { .. })) => {
                let confirm =
                    matches!(&e, DomainError::Invalid { field, .. } if field == "confirm");
                typed.insert(g.id, (entered, e.to_string(), confirm));
            }
            Err(e) => return Err(PageError::new(e, viewer.lang)),
        }
    }
    if typed.is_empty() {
        return Ok(redirect(&format!("/t/{tid}/manage/rounds/{n}")));
    }
    let x = ScreenExtras {
        problem: Some(format!("{} ✓ {saved}", viewer.tr().t("fix_errors"))),
        typed,
        ..Default::default()
    };
    page_for(
        &state,
        &viewer,
        StatusCode::UNPROCESSABLE_ENTITY,
        move |conn, v| round_screen_page(conn, v, tid, n, x),
    )
    .await
}

// ---------------------------------------------------------------- audit log

pub struct AuditLine {
    pub at: String,
    pub user: String,
    pub action: String,
    pub entity: String,
    pub before: String,
    pub after: String,
}

#[derive(Template)]
#[template(path = "audit.html")]
pub struct AuditPage {
    pub base: Base,
    pub tid: i32,
    pub lines: Vec<AuditLine>,
    pub offset: i64,
    pub more: bool,
}

const AUDIT_PAGE: i64 = 200;

pub async fn audit(
    state: web::Data<AppState>,
    req: HttpRequest,
    tid: web::Path<i32>,
) -> Result<HttpResponse, PageError> {
    let tid = tid.into_inner();
    let offset: i64 = web::Query::<HashMap<String, String>>::from_query(req.query_string())
        .ok()
        .and_then(|q| q.get("offset").and_then(|o| o.parse().ok()))
        .unwrap_or(0i64)
        .max(0);
    page(&state, &req, move |conn, viewer| {
        require_role(conn, &viewer.actor, tid, &[Role::Organizer, Role::Arbiter])?;
        let nav = TournamentNav::load(conn, viewer, tid, "audit")?;
        let rows: Vec<AuditRow> = audit::for_tournament(conn, tid, AUDIT_PAGE + 1, offset)?;
        let more = rows.len() as i64 > AUDIT_PAGE;
        let names = user_names(conn)?;
        let pretty = |s: &Option<String>| {
            s.as_deref()
                .and_then(|s| serde_json::from_str::<serde_json::Value>(s).ok())
                .map(|v| serde_json::to_string_pretty(&v).unwrap_or_default())
                .unwrap_or_default()
        };
        let lines = rows
            .iter()
            .take(AUDIT_PAGE as usize)
            .map(|r| AuditLine {
                at: super::local_time(&r.at),
                user: r
                    .user_id
                    .and_then(|u| names.get(&u).cloned())
                    .unwrap_or_else(|| "system".into()),
                action: r.action.clone(),
                entity: format!(
                    "{} {}",
                    r.entity,
                    r.entity_id.map(|i| i.to_string()).unwrap_or_default()
                ),
                before: pretty(&r.before_state),
                after: pretty(&r.after_state),
            })
            .collect();
        let title = format!("{} · {}", viewer.tr().t("audit"), nav.name);
        Ok(AuditPage {
            base: Base::new(viewer, title, Some(nav)),
            tid,
            lines,
            offset,
            more,
        })
    })
    .await
}

fn user_names(conn: &mut DbConnection) -> DomainResult<HashMap<i32, String>> {
    use crate::db::schema::users;
    use diesel::prelude::*;
    let rows: Vec<(i32, String)> = users::table
        .select((users::id, users::username))
        .load(conn)?;
    Ok(rows.into_iter().collect())
}
