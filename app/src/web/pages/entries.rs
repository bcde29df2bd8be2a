//! Event day on the pages: the public entry form and entry list, the
//! organizer's entries screen, check-in (the arbiter's sheet, the players'
//! code page, the printable list of codes) and the hall screen for a
//! projector. The writes are the domain operations the API uses
//! (`domain::entries`, `domain::checkin`); the public ones go through the
//! same rate limits as the API (`web::api::entries`).
//!
//! Over 700 lines because four small screens of one feature (entry form and
//! list, the organizer's entries screen, check-in sheet and codes, hall
//! screen), each a form struct, a template struct and a handler or two.

use super::staff::FormError;
use super::ticked;
use super::{
    form_viewer, page, page_for, post_answer, url_encode, write_op, Base, PageError, TournamentNav,
    Viewer,
};
use crate::db::DbConnection;
use crate::domain::checkin::{self, CheckinSheet, CodeCheckin, MarkPresence, SetCheckin};
use crate::domain::entries::{self, EntryFormSettings, EntryList, NewEntry, RejectEntry};
use crate::domain::ids::{EntryId, PlayerId, RoundNo, TournamentId};
use crate::domain::kinds::{parse_field, EntryEligibility, EntryState, PlayedColour};
use crate::domain::rounds::{self, GameView};
use crate::domain::{require_role, Audience, DomainError, DomainResult, Role};
use crate::web::error::AppError;
use crate::web::AppState;
use actix_web::http::StatusCode;
use actix_web::{web, HttpRequest, HttpResponse};
use askama::Template;
use serde::Deserialize;
use std::collections::HashMap;

fn client_ip(req: &HttpRequest) -> String {
    req.peer_addr()
        .map(|a| a.ip().to_string())
        .unwrap_or_default()
}

fn done_of(req: &HttpRequest) -> Option<String> {
    web::Query::<HashMap<String, String>>::from_query(req.query_string())
        .ok()
        .and_then(|q| q.get("done").cloned())
}

/// A public page's viewer for a form post (no session needed, none used).
fn anonymous_viewer(req: &HttpRequest) -> Viewer {
    Viewer {
        actor: Default::default(),
        csrf: String::new(),
        lang: crate::web::lang_of(req),
        path: req.path().to_string(),
        list_manager: false,
    }
}

fn optional_number<T: std::str::FromStr>(field: &str, text: &str) -> DomainResult<Option<T>> {
    let t = text.trim();
    if t.is_empty() {
        return Ok(None);
    }
    t.parse()
        .map(Some)
        .map_err(|_| DomainError::invalid(field, msg!("'{}' is not a number", t)))
}

// ---------------------------------------------------------------------------
// The public entry page.

#[derive(Deserialize, Clone, Default)]
#[serde(default)]
pub struct EntryForm {
    pub name: String,
    pub fide_id: String,
    pub from_rating_list: String,
    pub federation: String,
    pub club: String,
    pub birth_date: String,
    pub rating: String,
    pub email: String,
}

impl EntryForm {
    fn command(&self) -> DomainResult<NewEntry> {
        Ok(NewEntry {
            name: self.name.clone(),
            fide_id: optional_number("fide_id", &self.fide_id)?,
            from_rating_list: ticked(&self.from_rating_list),
            federation: self.federation.clone(),
            club: self.club.clone(),
            birth_date: self.birth_date.clone(),
            rating: optional_number("rating", &self.rating)?,
            email: self.email.clone(),
            ..Default::default()
        })
    }
}

#[derive(Template)]
#[template(path = "entry.html")]
pub struct EntryPage {
    pub base: Base,
    pub tid: TournamentId,
    pub list: EntryList,
    pub f: EntryForm,
    pub error: FormError,
    pub notice: Option<String>,
}

impl EntryPage {
    pub fn invalid(&self, field: &str) -> bool {
        self.error.at(field).is_some()
    }
}

fn entry_page(
    conn: &mut DbConnection,
    viewer: &Viewer,
    tid: TournamentId,
    f: EntryForm,
    error: FormError,
    notice: Option<String>,
) -> DomainResult<EntryPage> {
    let nav = TournamentNav::load(conn, viewer, tid, "entry")?;
    // The public page shows the public list, whoever looks.
    let list = entries::list(conn, tid, Audience::Public)?;
    let title = format!("{} · {}", viewer.tr().t("entry_title"), nav.name);
    Ok(EntryPage {
        base: Base::new(viewer, title, Some(nav)),
        tid,
        list,
        f,
        error,
        notice,
    })
}

pub async fn entry_form(
    state: web::Data<AppState>,
    req: HttpRequest,
    tid: web::Path<TournamentId>,
) -> Result<HttpResponse, PageError> {
    let tid = tid.into_inner();
    let notice = done_of(&req);
    page(&state, &req, move |conn, viewer| {
        entry_page(
            conn,
            viewer,
            tid,
            EntryForm::default(),
            FormError::default(),
            notice,
        )
    })
    .await
}

pub async fn submit_entry(
    state: web::Data<AppState>,
    req: HttpRequest,
    tid: web::Path<TournamentId>,
    form: web::Form<EntryForm>,
) -> Result<HttpResponse, PageError> {
    let tid = tid.into_inner();
    let f = form.into_inner();
    let viewer = anonymous_viewer(&req);
    let lang = viewer.lang;
    let result = match f.command() {
        Ok(cmd) => {
            match crate::web::api::entries::submit_entry(&state, &client_ip(&req), tid, cmd).await {
                Ok(r) => r,
                Err(e @ AppError::TooManyRequests { .. }) => {
                    let error = FormError {
                        message: crate::web::error::sentence(&e, viewer.lang),
                        ..Default::default()
                    };
                    return page_for(
                        &state,
                        &viewer,
                        StatusCode::TOO_MANY_REQUESTS,
                        move |conn, v| entry_page(conn, v, tid, f, error, None),
                    )
                    .await;
                }
                Err(e) => return Err(PageError::new(e, lang)),
            }
        }
        Err(e) => Err(e),
    };
    let sent = viewer.tr().t("entry_sent");
    post_answer(
        &state,
        &viewer,
        result,
        |r| {
            format!(
                "/t/{tid}/entry?done={}",
                url_encode(&format!("{}: {sent}", r.name))
            )
        },
        move |e| {
            let error = FormError::of(&e);
            move |conn: &mut DbConnection, v: &Viewer| entry_page(conn, v, tid, f, error, None)
        },
    )
    .await
}

// ---------------------------------------------------------------------------
// The organizer's entries screen.

#[derive(Deserialize, Clone, Default)]
#[serde(default)]
pub struct FormSettingsForm {
    pub csrf: String,
    pub is_open: String,
    pub deadline: String,
    pub max_players: String,
    pub eligibility: String,
    pub federation: String,
    pub min_rating: String,
    pub max_rating: String,
}

impl FormSettingsForm {
    fn command(&self) -> DomainResult<EntryFormSettings> {
        Ok(EntryFormSettings {
            is_open: ticked(&self.is_open),
            deadline: Some(self.deadline.clone()),
            max_players: optional_number("max_players", &self.max_players)?,
            eligibility: if self.eligibility.trim().is_empty() {
                EntryEligibility::Anyone
            } else {
                parse_field("eligibility", &self.eligibility)?
            },
            federation: self.federation.clone(),
            min_rating: optional_number("min_rating", &self.min_rating)?,
            max_rating: optional_number("max_rating", &self.max_rating)?,
        })
    }
}

#[derive(Template)]
#[template(path = "manage_entries.html")]
pub struct EntriesAdminPage {
    pub base: Base,
    pub tid: TournamentId,
    pub list: EntryList,
    pub error: FormError,
    pub notice: Option<String>,
    pub eligibilities: &'static [EntryEligibility],
}

impl EntriesAdminPage {
    pub fn invalid(&self, field: &str) -> bool {
        self.error.at(field).is_some()
    }

    pub fn deadline(&self) -> String {
        self.list.form.deadline.clone().unwrap_or_default()
    }

    pub fn number(v: &Option<i32>) -> String {
        v.map(|n| n.to_string()).unwrap_or_default()
    }

    pub fn state_text(&self, s: &EntryState) -> &'static str {
        self.base.tr.t(match s {
            EntryState::Pending => "entry_pending",
            EntryState::Approved => "entry_approved",
            EntryState::Rejected => "entry_rejected",
        })
    }

    pub fn eligibility_text(&self, e: &EntryEligibility) -> &'static str {
        self.base.tr.t(match e {
            EntryEligibility::Anyone => "entry_elig_anyone",
            EntryEligibility::RatingList => "entry_elig_rating_list",
            EntryEligibility::Federation => "entry_elig_federation",
        })
    }
}

fn entries_admin(
    conn: &mut DbConnection,
    viewer: &Viewer,
    tid: TournamentId,
    error: FormError,
    notice: Option<String>,
) -> DomainResult<EntriesAdminPage> {
    // Arbiters see the entries; deciding is the organizer's (the domain
    // refuses anyone else's post with the reason).
    require_role(conn, &viewer.actor, tid, &[Role::Organizer, Role::Arbiter])?;
    let nav = TournamentNav::load(conn, viewer, tid, "manage-entries")?;
    let list = entries::list(conn, tid, Audience::Staff)?;
    let title = format!("{} · {}", viewer.tr().t("entry_manage"), nav.name);
    Ok(EntriesAdminPage {
        base: Base::new(viewer, title, Some(nav)),
        tid,
        list,
        error,
        notice,
        eligibilities: EntryEligibility::ALL,
    })
}

pub async fn entries_screen(
    state: web::Data<AppState>,
    req: HttpRequest,
    tid: web::Path<TournamentId>,
) -> Result<HttpResponse, PageError> {
    let tid = tid.into_inner();
    let notice = done_of(&req);
    page(&state, &req, move |conn, viewer| {
        entries_admin(conn, viewer, tid, FormError::default(), notice)
    })
    .await
}

/// After an organizer's post on the entries screen: back to it, with the
/// notice, or with the problem (nothing written).
async fn entries_answer(
    state: &web::Data<AppState>,
    viewer: &Viewer,
    tid: TournamentId,
    r: DomainResult<String>,
) -> Result<HttpResponse, PageError> {
    post_answer(
        state,
        viewer,
        r,
        |notice| format!("/t/{tid}/manage/entries?done={}", url_encode(&notice)),
        move |e| {
            let error = FormError::of(&e);
            move |conn: &mut DbConnection, v: &Viewer| entries_admin(conn, v, tid, error, None)
        },
    )
    .await
}

pub async fn save_entry_form(
    state: web::Data<AppState>,
    req: HttpRequest,
    tid: web::Path<TournamentId>,
    form: web::Form<FormSettingsForm>,
) -> Result<HttpResponse, PageError> {
    let tid = tid.into_inner();
    let f = form.into_inner();
    let viewer = form_viewer(&state, &req, &f.csrf).await?;
    let r = match f.command() {
        Ok(cmd) => {
            write_op(&state, &viewer, Some(tid), move |conn, actor| {
                entries::set_form(conn, actor, tid, cmd)
            })
            .await?
        }
        Err(e) => Err(e),
    };
    let saved = viewer.tr().t("entry_form_saved").to_string();
    entries_answer(&state, &viewer, tid, r.map(|_| saved)).await
}

#[derive(Deserialize, Default)]
#[serde(default)]
pub struct DecisionForm {
    pub csrf: String,
    pub reason: String,
}

pub async fn approve_entry(
    state: web::Data<AppState>,
    req: HttpRequest,
    path: web::Path<(TournamentId, EntryId)>,
    form: web::Form<DecisionForm>,
) -> Result<HttpResponse, PageError> {
    let (tid, eid) = path.into_inner();
    let viewer = form_viewer(&state, &req, &form.csrf).await?;
    let r = write_op(&state, &viewer, Some(tid), move |conn, actor| {
        entries::approve(conn, actor, tid, eid)
    })
    .await?;
    let text = viewer.tr().t("entry_approved");
    entries_answer(
        &state,
        &viewer,
        tid,
        r.map(|a| format!("{}: {text}", a.player.name)),
    )
    .await
}

pub async fn reject_entry(
    state: web::Data<AppState>,
    req: HttpRequest,
    path: web::Path<(TournamentId, EntryId)>,
    form: web::Form<DecisionForm>,
) -> Result<HttpResponse, PageError> {
    let (tid, eid) = path.into_inner();
    let f = form.into_inner();
    let viewer = form_viewer(&state, &req, &f.csrf).await?;
    let reason = f.reason;
    let r = write_op(&state, &viewer, Some(tid), move |conn, actor| {
        entries::reject(conn, actor, tid, eid, RejectEntry { reason })
    })
    .await?;
    let text = viewer.tr().t("entry_rejected");
    entries_answer(
        &state,
        &viewer,
        tid,
        r.map(|e| format!("{}: {text}", e.name)),
    )
    .await
}

// ---------------------------------------------------------------------------
// Check-in: the arbiter's sheet and the printable codes.

#[derive(Template)]
#[template(path = "manage_checkin.html")]
pub struct CheckinAdminPage {
    pub base: Base,
    pub tid: TournamentId,
    pub sheet: CheckinSheet,
    pub error: FormError,
    pub notice: Option<String>,
    pub swiss: bool,
    /// The search as typed (`?q=`): without the script the sheet shows only
    /// the players it finds (`domain::fold::matches`).
    pub q: String,
}

impl CheckinAdminPage {
    /// A name as the sheet's script searches it (`domain::fold`).
    pub fn folded(&self, name: &str) -> String {
        crate::domain::fold::fold(name)
    }
}

fn checkin_admin(
    conn: &mut DbConnection,
    viewer: &Viewer,
    tid: TournamentId,
    error: FormError,
    notice: Option<String>,
) -> DomainResult<CheckinAdminPage> {
    checkin_admin_q(conn, viewer, tid, error, notice, String::new())
}

fn checkin_admin_q(
    conn: &mut DbConnection,
    viewer: &Viewer,
    tid: TournamentId,
    error: FormError,
    notice: Option<String>,
    q: String,
) -> DomainResult<CheckinAdminPage> {
    require_role(conn, &viewer.actor, tid, &[Role::Organizer, Role::Arbiter])?;
    let nav = TournamentNav::load(conn, viewer, tid, "manage-checkin")?;
    let swiss = !nav.round_robin;
    let mut sheet = checkin::sheet(conn, tid, Audience::Staff)?;
    sheet
        .players
        .retain(|p| crate::domain::fold::matches(&p.name, &q));
    let title = format!("{} · {}", viewer.tr().t("checkin_title"), nav.name);
    Ok(CheckinAdminPage {
        base: Base::new(viewer, title, Some(nav)),
        tid,
        sheet,
        error,
        notice,
        swiss,
        q,
    })
}

pub async fn checkin_screen(
    state: web::Data<AppState>,
    req: HttpRequest,
    tid: web::Path<TournamentId>,
) -> Result<HttpResponse, PageError> {
    let tid = tid.into_inner();
    let notice = done_of(&req);
    let q = web::Query::<HashMap<String, String>>::from_query(req.query_string())
        .ok()
        .and_then(|q| q.get("q").cloned())
        .unwrap_or_default();
    page(&state, &req, move |conn, viewer| {
        checkin_admin_q(conn, viewer, tid, FormError::default(), notice, q)
    })
    .await
}

async fn checkin_answer(
    state: &web::Data<AppState>,
    viewer: &Viewer,
    tid: TournamentId,
    r: DomainResult<String>,
) -> Result<HttpResponse, PageError> {
    post_answer(
        state,
        viewer,
        r,
        |notice| format!("/t/{tid}/manage/checkin?done={}", url_encode(&notice)),
        move |e| {
            let error = FormError::of(&e);
            move |conn: &mut DbConnection, v: &Viewer| checkin_admin(conn, v, tid, error, None)
        },
    )
    .await
}

#[derive(Deserialize, Default)]
#[serde(default)]
pub struct CheckinOpenForm {
    pub csrf: String,
    pub open: String,
}

pub async fn set_checkin(
    state: web::Data<AppState>,
    req: HttpRequest,
    tid: web::Path<TournamentId>,
    form: web::Form<CheckinOpenForm>,
) -> Result<HttpResponse, PageError> {
    let tid = tid.into_inner();
    let viewer = form_viewer(&state, &req, &form.csrf).await?;
    let open = ticked(&form.open);
    let r = write_op(&state, &viewer, Some(tid), move |conn, actor| {
        checkin::set_open(conn, actor, tid, SetCheckin { open })
    })
    .await?;
    let text = viewer
        .tr()
        .t(if open { "checkin_on" } else { "checkin_off" });
    checkin_answer(&state, &viewer, tid, r.map(|_| text.to_string())).await
}

#[derive(Deserialize, Default)]
#[serde(default)]
pub struct MarkForm {
    pub csrf: String,
    pub player_id: String,
    pub present: String,
}

pub async fn mark_checkin(
    state: web::Data<AppState>,
    req: HttpRequest,
    tid: web::Path<TournamentId>,
    form: web::Form<MarkForm>,
) -> Result<HttpResponse, PageError> {
    let tid = tid.into_inner();
    let viewer = form_viewer(&state, &req, &form.csrf).await?;
    let pid: DomainResult<PlayerId> = form
        .player_id
        .trim()
        .parse()
        .map_err(|_| DomainError::invalid("player_id", msg!("no player chosen")));
    let present = ticked(&form.present);
    let r = match pid {
        Ok(player_id) => {
            write_op(&state, &viewer, Some(tid), move |conn, actor| {
                checkin::mark(conn, actor, tid, MarkPresence { player_id, present })
            })
            .await?
        }
        Err(e) => Err(e),
    };
    let text = viewer.tr().t(if present {
        "checkin_present"
    } else {
        "checkin_absent"
    });
    checkin_answer(
        &state,
        &viewer,
        tid,
        r.map(|c| format!("{}: {text}", c.name)),
    )
    .await
}

#[derive(Deserialize, Default)]
#[serde(default)]
pub struct CsrfForm {
    pub csrf: String,
}

pub async fn issue_codes(
    state: web::Data<AppState>,
    req: HttpRequest,
    tid: web::Path<TournamentId>,
    form: web::Form<CsrfForm>,
) -> Result<HttpResponse, PageError> {
    let tid = tid.into_inner();
    let viewer = form_viewer(&state, &req, &form.csrf).await?;
    let r = write_op(&state, &viewer, Some(tid), move |conn, actor| {
        checkin::issue_codes(conn, actor, tid)
    })
    .await?;
    let text = viewer.tr().t("checkin_codes_issued");
    checkin_answer(
        &state,
        &viewer,
        tid,
        r.map(|c| format!("{}: {text}", c.issued)),
    )
    .await
}

#[derive(Template)]
#[template(path = "checkin_codes.html")]
pub struct CodesPage {
    pub base: Base,
    pub tid: TournamentId,
    pub sheet: CheckinSheet,
}

/// The printable list of codes, one line a player, by name.
pub async fn codes_list(
    state: web::Data<AppState>,
    req: HttpRequest,
    tid: web::Path<TournamentId>,
) -> Result<HttpResponse, PageError> {
    let tid = tid.into_inner();
    page(&state, &req, move |conn, viewer| {
        require_role(conn, &viewer.actor, tid, &[Role::Organizer, Role::Arbiter])?;
        let nav = TournamentNav::load(conn, viewer, tid, "manage-checkin")?;
        let sheet = checkin::sheet(conn, tid, Audience::Staff)?;
        let title = format!("{} · {}", viewer.tr().t("checkin_codes"), nav.name);
        Ok(CodesPage {
            base: Base::new(viewer, title, Some(nav)),
            tid,
            sheet,
        })
    })
    .await
}

// ---------------------------------------------------------------------------
// Check-in with the code: the public page.

#[derive(Template)]
#[template(path = "checkin.html")]
pub struct CheckinPage {
    pub base: Base,
    pub tid: TournamentId,
    pub sheet: CheckinSheet,
    pub code: String,
    pub error: FormError,
    pub notice: Option<String>,
}

fn checkin_page(
    conn: &mut DbConnection,
    viewer: &Viewer,
    tid: TournamentId,
    code: String,
    error: FormError,
    notice: Option<String>,
) -> DomainResult<CheckinPage> {
    let nav = TournamentNav::load(conn, viewer, tid, "checkin")?;
    let sheet = checkin::sheet(conn, tid, Audience::Public)?;
    let title = format!("{} · {}", viewer.tr().t("checkin_public_title"), nav.name);
    Ok(CheckinPage {
        base: Base::new(viewer, title, Some(nav)),
        tid,
        sheet,
        code,
        error,
        notice,
    })
}

pub async fn checkin_form(
    state: web::Data<AppState>,
    req: HttpRequest,
    tid: web::Path<TournamentId>,
) -> Result<HttpResponse, PageError> {
    let tid = tid.into_inner();
    let notice = done_of(&req);
    page(&state, &req, move |conn, viewer| {
        checkin_page(
            conn,
            viewer,
            tid,
            String::new(),
            FormError::default(),
            notice,
        )
    })
    .await
}

#[derive(Deserialize, Default)]
#[serde(default)]
pub struct CodeForm {
    pub code: String,
}

pub async fn checkin_with_code(
    state: web::Data<AppState>,
    req: HttpRequest,
    tid: web::Path<TournamentId>,
    form: web::Form<CodeForm>,
) -> Result<HttpResponse, PageError> {
    let tid = tid.into_inner();
    let code = form.into_inner().code;
    let viewer = anonymous_viewer(&req);
    let lang = viewer.lang;
    let cmd = CodeCheckin { code: code.clone() };
    let r =
        match crate::web::api::entries::checkin_by_code(&state, &client_ip(&req), tid, cmd).await {
            Ok(r) => r,
            Err(e @ AppError::TooManyRequests { .. }) => {
                let error = FormError {
                    field: "code".into(),
                    message: crate::web::error::sentence(&e, viewer.lang),
                    ..Default::default()
                };
                return page_for(
                    &state,
                    &viewer,
                    StatusCode::TOO_MANY_REQUESTS,
                    move |conn, v| checkin_page(conn, v, tid, code, error, None),
                )
                .await;
            }
            Err(e) => return Err(PageError::new(e, lang)),
        };
    let confirmed = viewer.tr().t("checkin_confirmed");
    post_answer(
        &state,
        &viewer,
        r,
        |c| {
            let done = format!("{}: {confirmed} {}", c.name, c.round);
            format!("/t/{tid}/checkin?done={}", url_encode(&done))
        },
        move |e| {
            let error = FormError::of(&e);
            move |conn: &mut DbConnection, v: &Viewer| checkin_page(conn, v, tid, code, error, None)
        },
    )
    .await
}

// ---------------------------------------------------------------------------
// The hall screen.

/// One line of "find your board".
pub struct HallName {
    pub name: String,
    pub board: i32,
    /// White, black, or none for a bye.
    pub colour: PlayedColour,
    pub result: String,
}

#[derive(Template)]
#[template(path = "hall.html")]
pub struct HallPage {
    pub base: Base,
    pub tid: TournamentId,
    pub tournament: String,
    /// The published round shown (0: none yet).
    pub round: RoundNo,
    pub boards: Vec<GameView>,
    pub names: Vec<HallName>,
    /// The address the QR code opens.
    pub url: String,
    /// The QR code, an inline SVG.
    pub qr_svg: String,
    /// Seconds a page stays up.
    pub every: u32,
}

/// The address of the tournament's public pages: `ARBITER_PUBLIC_URL` when the
/// server is configured with one (behind a proxy), else the address the
/// request came to.
pub fn public_address(req: &HttpRequest, tid: TournamentId) -> String {
    let base = match crate::config::public_url() {
        Some(u) => u,
        None => {
            let info = req.connection_info();
            format!("{}://{}", info.scheme(), info.host())
        }
    };
    format!("{}/t/{tid}", base.trim_end_matches('/'))
}

/// `text` as a QR code, an SVG to put inline.
pub fn qr_svg(text: &str) -> String {
    match qrcode::QrCode::new(text.as_bytes()) {
        Ok(code) => {
            let svg = code
                .render::<qrcode::render::svg::Color>()
                .min_dimensions(320, 320)
                .quiet_zone(true)
                .build();
            // Inline: without the XML declaration.
            match svg.find("<svg") {
                Some(i) => svg[i..].to_string(),
                None => svg,
            }
        }
        Err(e) => {
            log::error!("QR code for {text}: {e}");
            String::new()
        }
    }
}

#[derive(Deserialize, Default)]
#[serde(default)]
pub struct HallQuery {
    /// Seconds a page stays up (default 12, 2 to 120).
    pub every: Option<u32>,
}

/// `GET /t/{tid}/hall`: the last published round for the projector — boards,
/// then "find your board" by name, a page at a time (`arbiter.js`), live.
/// The hall is public: what it shows is what the public sees, whoever is
/// logged in at the projector.
pub async fn hall(
    state: web::Data<AppState>,
    req: HttpRequest,
    tid: web::Path<TournamentId>,
    q: web::Query<HallQuery>,
) -> Result<HttpResponse, PageError> {
    let tid = tid.into_inner();
    let url = public_address(&req, tid);
    let every = q.every.unwrap_or(12).clamp(2, 120);
    page(&state, &req, move |conn, viewer| {
        let t = crate::domain::tournaments::load(conn, tid)?;
        let round = Audience::Public.last_round(conn, tid)?;
        let boards = if round > RoundNo(0) {
            rounds::get(conn, tid, round, Audience::Public)?.games
        } else {
            Vec::new()
        };
        let mut names = Vec::new();
        for g in &boards {
            let result = g.result.clone();
            names.push(HallName {
                name: g.white.name.clone(),
                board: g.board,
                colour: if g.black.is_some() {
                    PlayedColour::White
                } else {
                    PlayedColour::NoGame
                },
                result: result.clone(),
            });
            if let Some(b) = &g.black {
                names.push(HallName {
                    name: b.name.clone(),
                    board: g.board,
                    colour: PlayedColour::Black,
                    result,
                });
            }
        }
        names.sort_by_key(|n| n.name.to_lowercase());
        let qr = qr_svg(&url);
        let title = format!("{} · {}", viewer.tr().t("hall_title"), t.name);
        Ok(HallPage {
            base: Base::new(viewer, title, None).with_live(tid),
            tid,
            tournament: t.name,
            round,
            boards,
            names,
            url,
            qr_svg: qr,
            every,
        })
    })
    .await
}
