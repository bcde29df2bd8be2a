//! The round screen: pairing, review (swaps), publication, result entry.

use super::*;
use crate::domain::arrivals::{self, SetRoundStart};
use crate::domain::ids::{GameId, PlayerId, RoundNo, TournamentId};
use crate::domain::kinds::RoundState;
use crate::domain::results::TypedResult;
use crate::i18n::errors;

#[derive(Template)]
#[template(path = "manage_round.html")]
pub struct RoundScreen {
    pub base: Base,
    pub tid: TournamentId,
    /// The round shown (None before round 1 is paired).
    pub round: Option<RoundView>,
    pub rounds: Vec<RoundNo>,
    pub can_pair: bool,
    pub next_round: RoundNo,
    pub problem: Option<String>,
    pub notice: Option<String>,
    /// The criteria a hand edit broke (after a swap).
    pub broken: Option<Vec<ViolationView>>,
    /// Per game: what was typed and the error, when saving failed.
    pub typed: HashMap<GameId, (String, String, bool)>,
    /// Points before the round shown, by player id, as written.
    pub scores: HashMap<PlayerId, String>,
    /// Rounds are left to pair after the one shown (offered once it is complete).
    pub more_rounds: bool,
    pub fide_confirm: Option<FideConfirm>,
    /// The tournament's operations outside the FIDE rules (empty: FIDE mode).
    pub departures: Vec<crate::domain::fide_mode::Departure>,
    /// The publish form's start: the date (hidden) and the time `HH:MM`, from
    /// the schedule or now, or as typed; and the time's problem.
    pub start_date: String,
    pub start_time: String,
    pub start_error: Option<String>,
}

impl RoundScreen {
    /// What the result box of `g` shows: as typed, else its result (empty
    /// while it has none).
    pub fn typed_result(&self, g: &GameView) -> String {
        match self.typed.get(&g.id) {
            Some((t, _, _)) => t.clone(),
            None if g.is_unplayed() => String::new(),
            None => g.result.clone(),
        }
    }

    pub fn score_of(&self, pid: &PlayerId) -> &str {
        self.scores.get(pid).map(String::as_str).unwrap_or("0")
    }

    /// The error of board `gid` asks the arbiter to confirm a result.
    pub fn needs_confirm(&self, gid: &GameId) -> bool {
        self.typed.get(gid).is_some_and(|(_, _, c)| *c)
    }

    /// "Pair round 3".
    pub fn pair_label(&self) -> String {
        self.base
            .tr
            .t("pair_round_n")
            .replace("{}", &self.next_round.to_string())
    }

    /// "Publish round 2".
    pub fn publish_label(&self, n: &RoundNo) -> String {
        self.base
            .tr
            .t("publish_round_n")
            .replace("{}", &n.to_string())
    }

    pub fn error_of(&self, gid: &GameId) -> Option<&str> {
        self.typed
            .get(gid)
            .map(|(_, e, _)| e.as_str())
            .filter(|e| !e.is_empty())
    }
}

#[derive(Default)]
pub(super) struct ScreenExtras {
    pub(super) problem: Option<String>,
    pub(super) notice: Option<String>,
    pub(super) fide_confirm: Option<FideConfirm>,
    pub(super) broken: Option<Vec<ViolationView>>,
    pub(super) typed: HashMap<GameId, (String, String, bool)>,
    /// The publish form's time as typed, and its problem.
    pub(super) start: Option<(String, String)>,
}

pub(super) fn round_screen_page(
    conn: &mut DbConnection,
    viewer: &Viewer,
    tid: TournamentId,
    n: RoundNo,
    x: ScreenExtras,
) -> DomainResult<RoundScreen> {
    require_role(conn, &viewer.actor, tid, &[Role::Arbiter])?;
    let nav = TournamentNav::load(conn, viewer, tid, "manage-round")?;
    let t = tournaments::load(conn, tid)?;
    let total = rounds::total_rounds(conn, &t)?;
    let summary = rounds::list(conn, tid, crate::domain::Audience::Staff)?;
    let last = summary.last();
    let can_pair = (nav.last_round.get() as u32) < total
        && last.is_none_or(|r| r.state != RoundState::Paired && r.results_missing == 0);
    let round = if n > RoundNo(0) {
        Some(rounds::get(conn, tid, n, crate::domain::Audience::Staff)?)
    } else {
        None
    };
    let scores = if n > RoundNo(0) {
        crate::domain::standings::points_before(conn, tid, n)?
            .into_iter()
            .map(|(pid, p)| (pid, crate::domain::rounds::fmt_points(p)))
            .collect()
    } else {
        HashMap::new()
    };
    let title = format!("{} · {}", viewer.tr().t("results"), nav.name);
    let nav_last = nav.last_round;
    // The round's start as paired from the schedule, else now.
    let now = chrono::Local::now().format("%Y-%m-%dT%H:%M").to_string();
    let planned = round
        .as_ref()
        .and_then(|r| r.scheduled_start.clone())
        .unwrap_or(now);
    let (date, time) = planned.split_once('T').unwrap_or((planned.as_str(), ""));
    let (start_time, start_error) = match x.start {
        Some((typed, e)) => (typed, Some(e)),
        None => (time.to_string(), None),
    };
    Ok(RoundScreen {
        base: Base::new(viewer, title, Some(nav)),
        tid,
        round,
        rounds: summary.iter().map(|r| r.number).collect(),
        can_pair,
        next_round: RoundNo(summary.len() as i32 + 1),
        problem: x.problem,
        notice: x.notice,
        broken: x.broken,
        typed: x.typed,
        scores,
        more_rounds: (nav_last.get() as u32) < total && n == nav_last,
        fide_confirm: x.fide_confirm,
        departures: crate::domain::fide_mode::departures(conn, tid)?,
        start_date: date.to_string(),
        start_time,
        start_error,
    })
}

pub async fn round_screen(
    state: web::Data<AppState>,
    req: HttpRequest,
    path: web::Path<(TournamentId, RoundNo)>,
) -> Result<HttpResponse, PageError> {
    let (tid, n) = path.into_inner();
    let unchanged = req.query_string() == "done=unchanged";
    page(&state, &req, move |conn, viewer| {
        let x = ScreenExtras {
            notice: unchanged.then(|| viewer.tr().t("results_unchanged").to_string()),
            ..Default::default()
        };
        round_screen_page(conn, viewer, tid, n, x)
    })
    .await
}

pub(crate) async fn screen_answer<T>(
    state: &web::Data<AppState>,
    viewer: &Viewer,
    tid: TournamentId,
    n: RoundNo,
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
    tid: web::Path<TournamentId>,
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
                .unwrap_or_default();
            screen_answer::<()>(&state, &viewer, tid, n, Err(e)).await
        }
    }
}

/// The publish form: the round's start may be set in the same step.
#[derive(Deserialize, Default)]
#[serde(default)]
pub struct PublishForm {
    pub(super) csrf: String,
    /// The round's date (`YYYY-MM-DD`), from the schedule or today.
    pub(super) date: String,
    /// The start, `HH:MM`; empty: the start is left as it is.
    pub(super) start: String,
}

/// Publishes the round (`rounds::publish`), then sets its start
/// (`arrivals::set_round_start`, as `PUT …/rounds/{n}/start` does) when a
/// time was given; a time that cannot be read publishes nothing.
pub async fn publish(
    state: web::Data<AppState>,
    req: HttpRequest,
    path: web::Path<(TournamentId, RoundNo)>,
    form: web::Form<PublishForm>,
) -> Result<HttpResponse, PageError> {
    let (tid, n) = path.into_inner();
    let f = form.into_inner();
    let viewer = form_viewer(&state, &req, &f.csrf).await?;
    let start = match SetRoundStart::typed(&f.date, &f.start) {
        Ok(start) => start,
        Err(e) => {
            let e = errors::error(&e, viewer.lang);
            let x = ScreenExtras {
                start: Some((f.start.clone(), e)),
                ..Default::default()
            };
            let status = StatusCode::UNPROCESSABLE_ENTITY;
            return page_for(&state, &viewer, status, move |conn, v| {
                round_screen_page(conn, v, tid, n, x)
            })
            .await;
        }
    };
    let mut r = write_op(&state, &viewer, Some(tid), move |conn, actor| {
        rounds::publish(conn, actor, tid, n).map(|_| ())
    })
    .await?;
    if let (Ok(()), Some(start)) = (&r, start) {
        r = write_op(&state, &viewer, Some(tid), move |conn, actor| {
            arrivals::set_round_start(conn, actor, tid, n, start)
        })
        .await?;
    }
    screen_answer(&state, &viewer, tid, n, r).await
}

pub async fn unpair(
    state: web::Data<AppState>,
    req: HttpRequest,
    path: web::Path<(TournamentId, RoundNo)>,
    form: web::Form<CsrfOnly>,
) -> Result<HttpResponse, PageError> {
    let (tid, n) = path.into_inner();
    let viewer = form_viewer(&state, &req, &form.csrf).await?;
    let r = write_op(&state, &viewer, Some(tid), move |conn, actor| {
        rounds::unpair(conn, actor, tid, n)
    })
    .await?;
    screen_answer(&state, &viewer, tid, n.prev().max(RoundNo(0)), r).await
}

#[derive(Deserialize, Default)]
#[serde(default)]
pub struct SwapForm {
    pub(super) csrf: String,
    /// Swap the colours of this board.
    pub(super) colours: String,
    /// Swap the black players of boards `a` and `b`.
    pub(super) a: String,
    pub(super) b: String,
    pub(super) warning_read: String,
    pub(super) leave_fide_mode: String,
}

/// What a swap form asks for: a board's colours, or two boards' black players.
pub(super) struct SwapRequest {
    pub(super) colours: Option<i32>,
    pub(super) boards: Option<(i32, i32)>,
}

impl SwapForm {
    fn request(&self) -> DomainResult<SwapRequest> {
        let parse = |field: &str, s: &str| -> DomainResult<Option<i32>> {
            optional(field, s, "a board number")
        };
        let boards = match (parse("a", &self.a)?, parse("b", &self.b)?) {
            (Some(a), Some(b)) => Some((a, b)),
            (None, None) => None,
            _ => return Err(DomainError::invalid("b", msg!("give both board numbers"))),
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
    path: web::Path<(TournamentId, RoundNo)>,
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
                let swap = rounds::Swap {
                    colours,
                    boards: pair,
                    warning_read: ticked(&confirm.0),
                    leave_fide_mode: ticked(&confirm.1),
                };
                rounds::swap(conn, actor, tid, n, swap)
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

/// The plain form of the result screen: the boxes read, and saved by
/// `results::enter_round_results` (a wrong board does not hold the others back).
pub async fn results(
    state: web::Data<AppState>,
    req: HttpRequest,
    path: web::Path<(TournamentId, RoundNo)>,
    form: web::Form<Vec<(String, String)>>,
) -> Result<HttpResponse, PageError> {
    let (tid, n) = path.into_inner();
    let fields: HashMap<String, String> = form.into_inner().into_iter().collect();
    let csrf = fields.get("csrf").cloned().unwrap_or_default();
    let viewer = form_viewer(&state, &req, &csrf).await?;
    // The boxes by game id: `r{id}` the result, `v{id}` the version read,
    // `why{id}` the reason, `c{id}` the confirmation.
    let mut boxes: HashMap<GameId, TypedResult> = HashMap::new();
    for (key, value) in &fields {
        if let Some(gid) = key.strip_prefix('r').and_then(|id| id.parse().ok()) {
            boxes.insert(
                gid,
                TypedResult {
                    entered: value.clone(),
                    version: fields.get(&format!("v{gid}")).and_then(|v| v.parse().ok()),
                    reason: fields
                        .get(&format!("why{gid}"))
                        .cloned()
                        .unwrap_or_default(),
                    confirm: fields.get(&format!("c{gid}")).is_some_and(|v| ticked(v)),
                },
            );
        }
    }
    let done = write_op(&state, &viewer, Some(tid), move |conn, actor| {
        results::enter_round_results(conn, actor, tid, n, &boxes)
    })
    .await?
    .map_err(|e| PageError::new(e, viewer.lang))?;
    let saved = done.saved;
    let typed: HashMap<GameId, (String, String, bool)> = done
        .refused
        .into_iter()
        .map(|r| {
            let confirm = matches!(
                &r.error,
                DomainError::NeedsConfirmation {
                    what: ToConfirm::Contradiction,
                    ..
                }
            );
            (
                r.game_id,
                (r.entered, errors::error(&r.error, viewer.lang), confirm),
            )
        })
        .collect();
    if typed.is_empty() {
        let done = if saved == 0 { "?done=unchanged" } else { "" };
        return Ok(redirect(&format!("/t/{tid}/manage/rounds/{n}{done}")));
    }
    // The count of saved boards only when some were saved.
    let mut problem = viewer.tr().t("fix_errors").to_string();
    if saved > 0 {
        problem.push_str(&format!(" ✓ {saved}"));
    }
    let x = ScreenExtras {
        problem: Some(problem),
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
