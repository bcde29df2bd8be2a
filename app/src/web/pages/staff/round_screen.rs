//! The round screen: pairing, review (swaps), publication, result entry.

use super::*;
use crate::domain::arrivals::{self, SetRoundStart};
use crate::domain::ids::{GameId, PlayerId, RoundNo, TournamentId};
use crate::domain::kinds::RoundState;
use crate::domain::results::TypedResult;
use crate::i18n::errors;
use crate::web::pages::ButtonPost;
use crate::web::Cx;
use crate::web::Ids;
use crate::web::Tid;

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
    /// Virtual points of an accelerated round (Baku), shown beside the scores.
    pub virtual_points: HashMap<PlayerId, String>,
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

    /// The virtual points a player is paired with in this round, if any.
    pub fn virtual_of(&self, pid: &PlayerId) -> Option<&str> {
        self.virtual_points.get(pid).map(String::as_str)
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

impl ScreenExtras {
    /// The screen with `e` on top.
    pub(super) fn problem(e: DomainError) -> ScreenExtras {
        ScreenExtras {
            problem: Some(e.to_string()),
            ..Default::default()
        }
    }

    /// The screen after the result form, with the boxes refused as typed,
    /// each with its sentence, and how many boards were saved.
    fn refused(done: results::RoundResults, tr: crate::i18n::Tr) -> ScreenExtras {
        let typed = done
            .refused
            .into_iter()
            .map(|r| {
                let confirm = r.needs_confirm();
                let e = errors::error(&r.error, tr.lang);
                (r.game_id, (r.entered, e, confirm))
            })
            .collect();
        // The count of saved boards only when some were saved.
        let mut problem = tr.t("fix_errors").to_string();
        if done.saved > 0 {
            problem.push_str(&format!(" ✓ {}", done.saved));
        }
        ScreenExtras {
            problem: Some(problem),
            typed,
            ..Default::default()
        }
    }
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
    let virtual_points = match n > RoundNo(0) {
        true => crate::domain::standings::virtual_points(conn, tid, n)?
            .into_iter()
            .map(|(pid, p)| (pid, crate::domain::rounds::fmt_points(p)))
            .collect(),
        false => HashMap::new(),
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
        virtual_points,
        more_rounds: (nav_last.get() as u32) < total && n == nav_last,
        fide_confirm: x.fide_confirm,
        departures: crate::domain::fide_mode::departures(conn, tid)?,
        start_date: date.to_string(),
        start_time,
        start_error,
    })
}

pub async fn round_screen(cx: Cx, Ids(tid, n): Ids<RoundNo>) -> Result<HttpResponse, PageError> {
    let Cx { state, req } = cx;
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
    post: &Post,
    tid: TournamentId,
    n: RoundNo,
    r: DomainResult<T>,
) -> Result<HttpResponse, PageError> {
    post.answer(
        r,
        |_| format!("/t/{tid}/manage/rounds/{n}"),
        move |conn, v, e| round_screen_page(conn, v, tid, n, ScreenExtras::problem(e)),
    )
    .await
}

pub async fn pair_next(
    Tid(tid): Tid,
    ButtonPost(post): ButtonPost,
) -> Result<HttpResponse, PageError> {
    let r = pair_without_the_writer(&post, tid).await?;
    post.answer(
        r,
        |round| format!("/t/{tid}/manage/rounds/{}", round.number),
        move |conn, v, e| {
            let n = rounds::last_round(conn, tid).unwrap_or_default();
            round_screen_page(conn, v, tid, n, ScreenExtras::problem(e))
        },
    )
    .await
}

/// The next round paired in three steps, so that the database's writer is
/// not kept while the engine works (`rounds::pairing_input`): the model read,
/// the pairing on the blocking pool outside any transaction, the round
/// written if nothing changed meanwhile.
async fn pair_without_the_writer(
    post: &Post,
    tid: TournamentId,
) -> Result<DomainResult<rounds::RoundView>, PageError> {
    let read = move |c: &mut _, a: &_, ()| rounds::pairing_input(c, a, tid);
    let input = match post.run(Ok(()), read).await? {
        Ok(input) => input,
        Err(e) => return Ok(Err(e)),
    };
    let paired = web::block(move || input.pair().map(|p| (input, p)))
        .await
        .map_err(|e| PageError::new(AppError::from(e), post.viewer.lang))?;
    match paired {
        Ok((input, p)) => {
            let write = move |c: &mut _, a: &_, ()| rounds::pair_prepared(c, a, tid, &input, &p);
            post.run(Ok(()), write).await
        }
        Err(e) => Ok(Err(e)),
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
    cx: Cx,
    path: web::Path<(TournamentId, RoundNo)>,
    form: web::Form<PublishForm>,
) -> Result<HttpResponse, PageError> {
    let Cx { state, req } = cx;
    let ((tid, n), f) = (path.into_inner(), form.into_inner());
    let post = Post::of(&state, &req, &f.csrf, tid).await?;
    let start = match SetRoundStart::typed(&f.date, &f.start) {
        Ok(start) => start,
        Err(e) => {
            let e = errors::error(&e, post.viewer.lang);
            let x = ScreenExtras {
                start: Some((f.start, e)),
                ..Default::default()
            };
            let status = StatusCode::UNPROCESSABLE_ENTITY;
            return post
                .show(status, move |conn, v| round_screen_page(conn, v, tid, n, x))
                .await;
        }
    };
    let publish = move |conn: &mut _, actor: &_, ()| rounds::publish(conn, actor, tid, n);
    let mut r = post.run(Ok(()), publish).await?.map(|_| ());
    if let (Ok(()), Some(start)) = (&r, start) {
        let set =
            move |conn: &mut _, actor: &_, s| arrivals::set_round_start(conn, actor, tid, n, s);
        r = post.run(Ok(start), set).await?;
    }
    screen_answer(&post, tid, n, r).await
}

pub async fn unpair(
    Ids(tid, n): Ids<RoundNo>,
    ButtonPost(post): ButtonPost,
) -> Result<HttpResponse, PageError> {
    let op = move |conn: &mut _, actor: &_, ()| rounds::unpair(conn, actor, tid, n);
    let r = post.run(Ok(()), op).await?;
    screen_answer(&post, tid, n.prev().max(RoundNo(0)), r).await
}

pub use rounds::SwapForm;

/// Review: swap the colours of a board, or the black players of two boards.
/// The whole pairing goes to `rounds::edit_pairing`, which keeps the edit and
/// says which criteria it breaks.
pub async fn swap(
    cx: Cx,
    path: web::Path<(TournamentId, RoundNo)>,
    form: web::Form<SwapForm>,
) -> Result<HttpResponse, PageError> {
    let Cx { state, req } = cx;
    let ((tid, n), f) = (path.into_inner(), form.into_inner());
    let post = Post::of(&state, &req, &f.csrf, tid).await?;
    let op = move |conn: &mut _, actor: &_, swap| rounds::swap(conn, actor, tid, n, swap);
    let mut x = ScreenExtras::default();
    let status = match post.run(f.command(), op).await? {
        Ok(edited) => {
            x.broken = Some(edited.broken_criteria);
            StatusCode::OK
        }
        Err(e) => {
            let action = format!("/t/{tid}/manage/rounds/{n}/swap");
            let Some(c) = FideConfirm::of(&e, action, f.asked()) else {
                return screen_answer::<()>(&post, tid, n, Err(e)).await;
            };
            x.fide_confirm = Some(c);
            StatusCode::UNPROCESSABLE_ENTITY
        }
    };
    post.show(status, move |conn, v| round_screen_page(conn, v, tid, n, x))
        .await
}

/// The plain form of the result screen: the boxes read, and saved by
/// `results::enter_round_results` (a wrong board does not hold the others back).
pub async fn results(
    cx: Cx,
    Ids(tid, n): Ids<RoundNo>,
    form: web::Form<Vec<(String, String)>>,
) -> Result<HttpResponse, PageError> {
    let Cx { state, req } = cx;
    let fields: HashMap<String, String> = form.into_inner().into_iter().collect();
    let csrf = fields.get("csrf").cloned().unwrap_or_default();
    let post = Post::of(&state, &req, &csrf, tid).await?;
    let boxes = TypedResult::boxes(&fields);
    let op = move |conn: &mut _, actor: &_, ()| {
        results::enter_round_results(conn, actor, tid, n, &boxes)
    };
    let done = post.run(Ok(()), op).await?.map_err(|e| post.fail(e))?;
    if done.refused.is_empty() {
        let done = if done.saved == 0 {
            "?done=unchanged"
        } else {
            ""
        };
        return Ok(redirect(&format!("/t/{tid}/manage/rounds/{n}{done}")));
    }
    let x = ScreenExtras::refused(done, post.tr());
    let status = StatusCode::UNPROCESSABLE_ENTITY;
    post.show(status, move |conn, v| round_screen_page(conn, v, tid, n, x))
        .await
}
