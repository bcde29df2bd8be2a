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
use super::{page, page_for, post_answer, with_done, Base, PageError, Post, TournamentNav, Viewer};
use crate::db::DbConnection;
use crate::domain::checkin::{
    self, CheckinReceipt, CheckinSheet, CodeCheckin, MarkPresence, SetCheckin,
};
use crate::domain::entries::{
    self, EntryFormSettings, EntryList, EntryReceipt, NewEntry, RejectEntry,
};
use crate::domain::ids::{EntryId, RoundNo, TournamentId};
use crate::domain::kinds::{parse_field, EntryEligibility, EntryState, PlayedColour};
use crate::domain::rounds::{self, GameView};
use crate::domain::{require_role, Audience, DomainError, DomainResult, Role};
use crate::web::error::AppError;
use crate::web::pages::ButtonPost;
use crate::web::AppState;
use crate::web::Ids;
use crate::web::{Cx, Tid};
use actix_web::http::StatusCode;
use actix_web::{web, HttpRequest, HttpResponse};
use askama::Template;
use serde::Deserialize;

fn client_ip(req: &HttpRequest) -> String {
    req.peer_addr()
        .map(|a| a.ip().to_string())
        .unwrap_or_default()
}

fn done_of(req: &HttpRequest) -> Option<String> {
    super::query(req, "done")
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

pub async fn entry_form(cx: Cx, Tid(tid): Tid) -> Result<HttpResponse, PageError> {
    let Cx { state, req } = cx;
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
    cx: Cx,
    tid: web::Path<TournamentId>,
    form: web::Form<EntryForm>,
) -> Result<HttpResponse, PageError> {
    let Cx { state, req } = cx;
    let (tid, f) = (tid.into_inner(), form.into_inner());
    let viewer = anonymous_viewer(&req);
    let r = match f.command() {
        Ok(cmd) => crate::web::api::entries::submit_entry(&state, &client_ip(&req), tid, cmd).await,
        Err(e) => Ok(Err(e)),
    };
    let sent = viewer.tr().t("entry_sent");
    let to =
        |r: EntryReceipt| with_done(&format!("/t/{tid}/entry"), &format!("{}: {sent}", r.name));
    let again =
        move |conn: &mut DbConnection, v: &Viewer, error| entry_page(conn, v, tid, f, error, None);
    public_answer(&state, &viewer, r, "", to, again).await
}

/// After a public post through the API's rate-limited operation: a redirect
/// to `to(value)`; the form again (`again`) with the problem, or, after too
/// many tries, with the sentence at `field` under 429; else an error page.
async fn public_answer<V, T, A>(
    state: &web::Data<AppState>,
    viewer: &Viewer,
    r: Result<DomainResult<V>, AppError>,
    field: &str,
    to: impl FnOnce(V) -> String,
    again: A,
) -> Result<HttpResponse, PageError>
where
    T: Template + Send + 'static,
    A: FnOnce(&mut DbConnection, &Viewer, FormError) -> DomainResult<T> + Send + 'static,
{
    match r {
        Ok(r) => {
            let again = move |e: DomainError| {
                let error = FormError::of(&e);
                move |conn: &mut DbConnection, v: &Viewer| again(conn, v, error)
            };
            post_answer(state, viewer, r, to, again).await
        }
        Err(e @ AppError::TooManyRequests { .. }) => {
            let error = FormError {
                field: field.into(),
                message: crate::web::error::sentence(&e, viewer.lang),
                ..Default::default()
            };
            let status = StatusCode::TOO_MANY_REQUESTS;
            page_for(state, viewer, status, move |conn, v| again(conn, v, error)).await
        }
        Err(e) => Err(PageError::new(e, viewer.lang)),
    }
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

pub async fn entries_screen(cx: Cx, Tid(tid): Tid) -> Result<HttpResponse, PageError> {
    let Cx { state, req } = cx;
    let notice = done_of(&req);
    page(&state, &req, move |conn, viewer| {
        entries_admin(conn, viewer, tid, FormError::default(), notice)
    })
    .await
}

/// After an organizer's post on the entries screen: back to it, with the
/// notice, or with the problem (nothing written).
async fn entries_answer(
    post: &Post,
    tid: TournamentId,
    r: DomainResult<String>,
) -> Result<HttpResponse, PageError> {
    let to = |notice: String| with_done(&format!("/t/{tid}/manage/entries"), &notice);
    let again = move |conn: &mut _, v: &_, e| entries_admin(conn, v, tid, FormError::of(&e), None);
    post.answer(r, to, again).await
}

pub async fn save_entry_form(
    cx: Cx,
    Tid(tid): Tid,
    form: web::Form<FormSettingsForm>,
) -> Result<HttpResponse, PageError> {
    let Cx { state, req } = cx;
    let post = Post::of(&state, &req, &form.csrf, tid).await?;
    let r = post
        .run(form.command(), move |conn, actor, cmd| {
            entries::set_form(conn, actor, tid, cmd)
        })
        .await?;
    let saved = post.tr().t("entry_form_saved").to_string();
    entries_answer(&post, tid, r.map(|_| saved)).await
}

#[derive(Deserialize, Default)]
#[serde(default)]
pub struct DecisionForm {
    pub csrf: String,
    pub reason: String,
}

/// An entry approved within the server's limit of `max` players
/// (`domain::limits`): past it, nothing is stored.
fn approve_op(
    tid: TournamentId,
    eid: EntryId,
    max: usize,
) -> impl FnOnce(&mut DbConnection, &crate::domain::Actor, ()) -> DomainResult<entries::Approved>
       + Send
       + 'static {
    move |conn, actor, ()| {
        let a = entries::approve(conn, actor, tid, eid)?;
        crate::domain::limits::players_within(conn, tid, max).map(|()| a)
    }
}

pub async fn approve_entry(
    cx: Cx,
    Ids(tid, eid): Ids<EntryId>,
    form: web::Form<DecisionForm>,
) -> Result<HttpResponse, PageError> {
    let Cx { state, req } = cx;
    let post = Post::of(&state, &req, &form.csrf, tid).await?;
    let r = post
        .run(Ok(()), approve_op(tid, eid, state.limits.max_players))
        .await?;
    let text = post.tr().t("entry_approved");
    entries_answer(&post, tid, r.map(|a| format!("{}: {text}", a.player.name))).await
}

pub async fn reject_entry(
    cx: Cx,
    path: web::Path<(TournamentId, EntryId)>,
    form: web::Form<DecisionForm>,
) -> Result<HttpResponse, PageError> {
    let Cx { state, req } = cx;
    let ((tid, eid), f) = (path.into_inner(), form.into_inner());
    let post = Post::of(&state, &req, &f.csrf, tid).await?;
    let cmd = RejectEntry { reason: f.reason };
    let r = post
        .run(Ok(cmd), move |conn, actor, cmd| {
            entries::reject(conn, actor, tid, eid, cmd)
        })
        .await?;
    let text = post.tr().t("entry_rejected");
    entries_answer(&post, tid, r.map(|e| format!("{}: {text}", e.name))).await
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

pub async fn checkin_screen(cx: Cx, Tid(tid): Tid) -> Result<HttpResponse, PageError> {
    let Cx { state, req } = cx;
    let notice = done_of(&req);
    let q = super::query(&req, "q").unwrap_or_default();
    page(&state, &req, move |conn, viewer| {
        checkin_admin_q(conn, viewer, tid, FormError::default(), notice, q)
    })
    .await
}

async fn checkin_answer(
    post: &Post,
    tid: TournamentId,
    r: DomainResult<String>,
) -> Result<HttpResponse, PageError> {
    let to = |notice: String| with_done(&format!("/t/{tid}/manage/checkin"), &notice);
    let again = move |conn: &mut _, v: &_, e| checkin_admin(conn, v, tid, FormError::of(&e), None);
    post.answer(r, to, again).await
}

#[derive(Deserialize, Default)]
#[serde(default)]
pub struct CheckinOpenForm {
    pub csrf: String,
    pub open: String,
}

pub async fn set_checkin(
    cx: Cx,
    Tid(tid): Tid,
    form: web::Form<CheckinOpenForm>,
) -> Result<HttpResponse, PageError> {
    let Cx { state, req } = cx;
    let post = Post::of(&state, &req, &form.csrf, tid).await?;
    let cmd = SetCheckin {
        open: ticked(&form.open),
    };
    let text = post.tr().t(if cmd.open {
        "checkin_on"
    } else {
        "checkin_off"
    });
    let r = post
        .run(Ok(cmd), move |conn, actor, cmd| {
            checkin::set_open(conn, actor, tid, cmd)
        })
        .await?;
    checkin_answer(&post, tid, r.map(|_| text.to_string())).await
}

#[derive(Deserialize, Default)]
#[serde(default)]
pub struct MarkForm {
    pub csrf: String,
    pub player_id: String,
    pub present: String,
}

pub async fn mark_checkin(
    cx: Cx,
    Tid(tid): Tid,
    form: web::Form<MarkForm>,
) -> Result<HttpResponse, PageError> {
    let Cx { state, req } = cx;
    let post = Post::of(&state, &req, &form.csrf, tid).await?;
    let present = ticked(&form.present);
    let cmd = MarkPresence::typed(&form.player_id, &form.present);
    let r = post
        .run(cmd, move |conn, actor, m| {
            checkin::mark(conn, actor, tid, m)
        })
        .await?;
    let text = post.tr().t(if present {
        "checkin_present"
    } else {
        "checkin_absent"
    });
    checkin_answer(&post, tid, r.map(|c| format!("{}: {text}", c.name))).await
}

pub async fn issue_codes(
    Tid(tid): Tid,
    ButtonPost(post): ButtonPost,
) -> Result<HttpResponse, PageError> {
    let r = post
        .run(Ok(()), move |conn, actor, ()| {
            checkin::issue_codes(conn, actor, tid)
        })
        .await?;
    let text = post.tr().t("checkin_codes_issued");
    checkin_answer(&post, tid, r.map(|c| format!("{}: {text}", c.issued))).await
}

#[derive(Template)]
#[template(path = "checkin_codes.html")]
pub struct CodesPage {
    pub base: Base,
    pub tid: TournamentId,
    pub sheet: CheckinSheet,
}

/// The printable list of codes, one line a player, by name.
pub async fn codes_list(cx: Cx, Tid(tid): Tid) -> Result<HttpResponse, PageError> {
    let Cx { state, req } = cx;
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

pub async fn checkin_form(cx: Cx, Tid(tid): Tid) -> Result<HttpResponse, PageError> {
    let Cx { state, req } = cx;
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
    cx: Cx,
    tid: web::Path<TournamentId>,
    form: web::Form<CodeForm>,
) -> Result<HttpResponse, PageError> {
    let Cx { state, req } = cx;
    let (tid, code) = (tid.into_inner(), form.into_inner().code);
    let viewer = anonymous_viewer(&req);
    let cmd = CodeCheckin { code: code.clone() };
    let r = crate::web::api::entries::checkin_by_code(&state, &client_ip(&req), tid, cmd).await;
    let confirmed = viewer.tr().t("checkin_confirmed");
    let to = |c: CheckinReceipt| {
        let done = format!("{}: {confirmed} {}", c.name, c.round);
        with_done(&format!("/t/{tid}/checkin"), &done)
    };
    let again = move |conn: &mut DbConnection, v: &Viewer, error| {
        checkin_page(conn, v, tid, code, error, None)
    };
    public_answer(&state, &viewer, r, "code", to, again).await
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
    cx: Cx,
    Tid(tid): Tid,
    q: web::Query<HallQuery>,
) -> Result<HttpResponse, PageError> {
    let Cx { state, req } = cx;
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
        let names = HallName::all(&boards);
        let qr_svg = qr_svg(&url);
        let title = format!("{} · {}", viewer.tr().t("hall_title"), t.name);
        Ok(HallPage {
            base: Base::new(viewer, title, None).with_live(tid),
            tid,
            tournament: t.name,
            round,
            boards,
            names,
            url,
            qr_svg,
            every,
        })
    })
    .await
}

impl HallName {
    /// Every player of `boards` by name (either case), with the board, the
    /// colour and the result.
    fn all(boards: &[GameView]) -> Vec<HallName> {
        let mut names = Vec::new();
        for g in boards {
            let result = g.result.clone();
            let colour = match g.black {
                Some(_) => PlayedColour::White,
                None => PlayedColour::NoGame,
            };
            let (name, board) = (g.white.name.clone(), g.board);
            names.push(HallName {
                name,
                board,
                colour,
                result: result.clone(),
            });
            if let Some(b) = &g.black {
                let (name, colour) = (b.name.clone(), PlayedColour::Black);
                names.push(HallName {
                    name,
                    board,
                    colour,
                    result,
                });
            }
        }
        names.sort_by_key(|n| n.name.to_lowercase());
        names
    }
}
