//! A round's arrivals sheet as a page: the start time, arrival times, and the
//! default-time consequence (2023 art. 6.7, 2009 art. 6.6) shown before it is applied. Every
//! post checks the CSRF token and runs the same domain operation as the JSON
//! API, in one transaction with its audit row.

use super::desk::{text_or_none, Notice};
use super::staff::number;
use super::ticked;
use super::Viewer;
use super::{page, Base, PageError, Post, TournamentNav};
use crate::db::DbConnection;
use crate::domain::arrivals::{self, ArrivalConsequence, Attendance, RecordArrivals};
use crate::domain::ids::{GameId, RoundNo, TournamentId};
use crate::domain::kinds::GameKind;
use crate::domain::rounds::{self, RoundView};
use crate::domain::{require_role, Audience, DomainError, DomainResult, Role};
use crate::i18n::errors;
use crate::web::Cx;
use actix_web::http::StatusCode;
use actix_web::{web, HttpResponse};
use askama::Template;
use serde::Deserialize;

#[derive(Template)]
#[template(path = "manage_arrivals.html")]
pub struct ArrivalsSheet {
    pub base: Base,
    pub tid: TournamentId,
    pub round: RoundView,
    pub problem: Option<String>,
    pub notice: Option<String>,
    /// The game whose consequence is previewed, what was typed, and the consequence.
    pub preview: Option<(GameId, ArrivalForm, ArrivalConsequence)>,
    /// A board whose form came back with a problem: what was typed, and the problem.
    pub refused: Option<(GameId, ArrivalForm, String)>,
}

impl ArrivalsSheet {
    pub fn previewed(&self, gid: &GameId) -> Option<&ArrivalConsequence> {
        self.preview
            .as_ref()
            .filter(|(g, _, _)| g == gid)
            .map(|(_, _, c)| c)
    }

    /// The value to show in a field of a game's row (what was typed for the
    /// previewed game, else empty).
    pub fn typed(&self, gid: &GameId, field: &str) -> String {
        let f = match (&self.preview, &self.refused) {
            (Some((g, f, _)), _) if g == gid => f,
            (_, Some((g, f, _))) if g == gid => f,
            _ => return String::new(),
        };
        match field {
            "white_at" => f.white_at.clone(),
            "black_at" => f.black_at.clone(),
            "white_absent" => f.white_absent.clone(),
            "black_absent" => f.black_absent.clone(),
            _ => String::new(),
        }
    }

    /// The problem of board `gid`'s form, shown at the board.
    pub fn problem_at(&self, gid: &GameId) -> Option<&str> {
        self.refused
            .as_ref()
            .filter(|(g, _, _)| g == gid)
            .map(|(_, _, p)| p.as_str())
    }

    /// A time of the round's day as people read it: `10:30`, or with the date
    /// when it is another day than the round's start.
    pub fn clock(&self, iso: &str) -> String {
        let day = self
            .round
            .scheduled_start
            .as_deref()
            .unwrap_or("")
            .get(..10)
            .unwrap_or("");
        match iso.split_once('T') {
            Some((d, t)) if d == day => t.get(..5).unwrap_or(t).to_string(),
            Some((d, t)) => format!("{d} {}", t.get(..5).unwrap_or(t)),
            None => iso.to_string(),
        }
    }

    pub fn start_value(&self) -> String {
        self.round
            .scheduled_start
            .clone()
            .unwrap_or_default()
            .chars()
            .take(16)
            .collect()
    }
}

#[derive(Default)]
struct SheetExtras {
    problem: Option<String>,
    notice: Option<String>,
    preview: Option<(GameId, ArrivalForm, ArrivalConsequence)>,
    refused: Option<(GameId, ArrivalForm, String)>,
}

fn arrivals_page(
    conn: &mut DbConnection,
    viewer: &Viewer,
    tid: TournamentId,
    n: RoundNo,
    x: SheetExtras,
) -> DomainResult<ArrivalsSheet> {
    require_role(conn, &viewer.actor, tid, &[Role::Arbiter])?;
    let nav = TournamentNav::load(conn, viewer, tid, "manage-round")?;
    let round = rounds::get(conn, tid, n, Audience::Staff)?;
    let title = format!(
        "{} · {} {} · {}",
        viewer.tr().t("arrivals"),
        viewer.tr().t("round"),
        n,
        nav.name
    );
    Ok(ArrivalsSheet {
        base: Base::new(viewer, title, Some(nav)),
        tid,
        round,
        problem: x.problem,
        notice: x.notice,
        preview: x.preview,
        refused: x.refused,
    })
}

/// `GET /t/{tid}/manage/rounds/{n}/arrivals`
pub async fn arrivals_sheet(
    cx: Cx,
    path: web::Path<(TournamentId, RoundNo)>,
    q: web::Query<Notice>,
) -> Result<HttpResponse, PageError> {
    let Cx { state, req } = cx;
    let ((tid, n), notice) = (path.into_inner(), q.into_inner().done);
    page(&state, &req, move |conn, viewer| {
        arrivals_page(
            conn,
            viewer,
            tid,
            n,
            SheetExtras {
                notice,
                ..Default::default()
            },
        )
    })
    .await
}

async fn sheet_answer(
    post: &Post,
    (tid, n): (TournamentId, RoundNo),
    r: DomainResult<String>,
) -> Result<HttpResponse, PageError> {
    let to =
        |done: String| super::with_done(&format!("/t/{tid}/manage/rounds/{n}/arrivals"), &done);
    post.answer(r, to, move |conn, v, e| {
        let problem = Some(e.to_string());
        arrivals_page(
            conn,
            v,
            tid,
            n,
            SheetExtras {
                problem,
                ..Default::default()
            },
        )
    })
    .await
}

#[derive(Deserialize, Default)]
#[serde(default)]
pub struct StartForm {
    csrf: String,
    start: String,
    /// "Start the round now": the server's local time.
    now: String,
}

/// `POST /t/{tid}/manage/rounds/{n}/start`: the round's actual start time.
pub async fn set_round_start(
    cx: Cx,
    path: web::Path<(TournamentId, RoundNo)>,
    form: web::Form<StartForm>,
) -> Result<HttpResponse, PageError> {
    let Cx { state, req } = cx;
    let ((tid, n), f) = (path.into_inner(), form.into_inner());
    let post = Post::of(&state, &req, &f.csrf, tid).await?;
    let start = match f.now.is_empty() {
        true => f.start,
        false => chrono::Local::now().format("%Y-%m-%dT%H:%M").to_string(),
    };
    let cmd = arrivals::SetRoundStart { start };
    let op =
        move |conn: &mut _, actor: &_, cmd| arrivals::set_round_start(conn, actor, tid, n, cmd);
    let r = post.run(Ok(cmd), op).await?;
    let r = r.map(|_| post.tr().t("start_set").to_string());
    sheet_answer(&post, (tid, n), r).await
}

#[derive(Deserialize, Default, Clone)]
#[serde(default)]
pub struct ArrivalForm {
    csrf: String,
    pub white_at: String,
    pub white_absent: String,
    pub black_at: String,
    pub black_absent: String,
    version: String,
    override_result: String,
    reason: String,
    /// `preview` (nothing is written) or `record`.
    action: String,
}

impl ArrivalForm {
    pub(crate) fn command(&self) -> DomainResult<RecordArrivals> {
        Ok(RecordArrivals {
            white: Attendance {
                arrived_at: text_or_none(&self.white_at),
                absent: ticked(&self.white_absent),
            },
            black: Attendance {
                arrived_at: text_or_none(&self.black_at),
                absent: ticked(&self.black_absent),
            },
            version: number("version", &self.version, "a version")?,
            override_result: text_or_none(&self.override_result),
            reason: self.reason.trim().to_string(),
        })
    }
}

/// `POST /t/{tid}/manage/rounds/{n}/arrivals/{gid}`: `action=preview` shows
/// the consequence of the default-time rule without writing; `action=record`
/// applies it (or the override, which needs a reason).
pub async fn record_arrivals(
    cx: Cx,
    path: web::Path<(TournamentId, RoundNo, GameId)>,
    form: web::Form<ArrivalForm>,
) -> Result<HttpResponse, PageError> {
    let Cx { state, req } = cx;
    let ((tid, n, gid), f) = (path.into_inner(), form.into_inner());
    let post = Post::of(&state, &req, &f.csrf, tid).await?;
    let cmd = match f.command() {
        Ok(c) => c,
        Err(e) => return board_refused(&post, (tid, n, gid), f, e).await,
    };
    if f.action == "preview" {
        return preview(&post, (tid, n, gid), f, cmd).await;
    }
    let op = move |conn: &mut _, actor: &_, cmd| arrivals::record(conn, actor, tid, gid, cmd);
    match post.run(Ok(cmd), op).await? {
        Ok(a) => {
            let (tr, g) = (post.tr(), &a.game);
            let outcome = tr.arrival_outcome(a.consequence.outcome);
            let done = format!("{} {}: {} ({outcome})", tr.t("board"), g.board, g.result);
            let sheet = format!("/t/{tid}/manage/rounds/{n}/arrivals");
            Ok(super::redirect(&super::with_done(&sheet, &done)))
        }
        Err(e) => board_refused(&post, (tid, n, gid), f, e).await,
    }
}

/// The sheet with what recording `cmd` would do to board `gid`, nothing
/// written (`arrivals::preview`), or the board refused.
async fn preview(
    post: &Post,
    (tid, n, gid): (TournamentId, RoundNo, GameId),
    f: ArrivalForm,
    cmd: RecordArrivals,
) -> Result<HttpResponse, PageError> {
    let c = post.read(move |conn, actor| arrivals::preview(conn, actor, tid, gid, cmd));
    match c.await? {
        Ok(c) => {
            let x = SheetExtras {
                preview: Some((gid, f, c)),
                ..Default::default()
            };
            post.show(StatusCode::OK, move |conn, v| {
                arrivals_page(conn, v, tid, n, x)
            })
            .await
        }
        Err(e) => board_refused(post, (tid, n, gid), f, e).await,
    }
}

/// The sheet again with the board's form as typed and its problem at the board.
async fn board_refused(
    post: &Post,
    (tid, n, gid): (TournamentId, RoundNo, GameId),
    f: ArrivalForm,
    e: DomainError,
) -> Result<HttpResponse, PageError> {
    let status = match &e {
        DomainError::Invalid { .. } => StatusCode::UNPROCESSABLE_ENTITY,
        DomainError::Conflict { .. } | DomainError::ConflictOn { .. } => StatusCode::CONFLICT,
        DomainError::NeedsConfirmation { .. } => crate::web::error::domain_status(&e),
        _ => return Err(post.fail(e)),
    };
    let refused = Some((gid, f, errors::error(&e, post.viewer.lang)));
    post.show(status, move |conn, v| {
        arrivals_page(
            conn,
            v,
            tid,
            n,
            SheetExtras {
                refused,
                ..Default::default()
            },
        )
    })
    .await
}
