//! A game's desk as pages: its moves and validation report, penalties, and
//! adjournment envelopes (the round's arrivals sheet is in `arrivals.rs`).
//! Every post checks the CSRF token and runs the same domain operation as the
//! JSON API, in one transaction with its audit row.

use super::staff::optional;
use super::{page, Base, PageError, Post, TournamentNav};
use super::{ticked, Viewer};
use crate::db::DbConnection;
use crate::domain::adjournments::{
    self, Adjourn, EndBeforeResumption, EnvelopeLost, EnvelopeView, MarkPresent, OpenEnvelope,
};
use crate::domain::ids::{AdjournmentId, GameId, PlayerId, TournamentId};
use crate::domain::kinds::{parse_field, EnvelopeState, GameKind, Notation, RecordFormat};
use crate::domain::penalties::{self, PenaltyFields, PenaltyView, RecordPenalty};
use crate::domain::records::{self, GameRecordView, SubmitMoves};
use crate::domain::rounds::GameView;
use crate::domain::{require_role, results, Audience, DomainError, DomainResult, Role};
use crate::web::AppState;
use crate::web::Cx;
use crate::web::Ids;
use actix_web::{web, HttpRequest, HttpResponse};
use askama::Template;
use serde::Deserialize;

// ---------------------------------------------------------------- form helpers

/// A clock reading: `H:MM:SS`, `MM:SS` or plain seconds.
pub(crate) fn clock_seconds(field: &str, text: &str) -> DomainResult<i32> {
    let t = text.trim();
    let bad = || {
        DomainError::invalid(
            field,
            msg!("'{}' is not a clock time (H:MM:SS, MM:SS or seconds)", t),
        )
    };
    if t.is_empty() {
        return Err(bad());
    }
    let mut total: i64 = 0;
    let parts: Vec<&str> = t.split(':').collect();
    if parts.len() > 3 {
        return Err(bad());
    }
    for (i, p) in parts.iter().enumerate() {
        let v: i64 = p.trim().parse().map_err(|_| bad())?;
        if v < 0 || (i > 0 && v >= 60) {
            return Err(bad());
        }
        total = total * 60 + v;
    }
    i32::try_from(total).map_err(|_| bad())
}

pub(super) fn text_or_none(s: &str) -> Option<String> {
    let t = s.trim();
    (!t.is_empty()).then(|| t.to_string())
}

// ---------------------------------------------------------------- the game desk

#[derive(Template)]
#[template(path = "manage_game.html")]
pub struct GameDesk {
    pub base: Base,
    pub tid: TournamentId,
    pub game: GameView,
    pub record: Option<GameRecordView>,
    pub penalties: Vec<PenaltyView>,
    pub envelopes: Vec<EnvelopeView>,
    /// The tournament's notation letters (default for typed scoresheets).
    pub notation: Notation,
    pub notations: &'static [Notation],
    /// Whether the time control has neither increment nor delay: only then is
    /// a quickplay-finish claim (10.2) offered.
    pub quickplay_finish: bool,
    /// The tournament's edition of the Laws: the penalties' articles.
    pub laws_edition: crate::domain::kinds::LawsEdition,
    /// The regulations allow adjourned games: only then is the Adjourn form shown.
    pub adjournments: bool,
    /// The viewer is an organizer (the note about adjournments links to Settings).
    pub organizer: bool,
    pub problem: Option<String>,
    pub notice: Option<String>,
    /// What was typed into the moves form, kept when it failed.
    /// The moves form as it was typed (after a problem) or as stored.
    pub typed: TypedMoves,
    /// The Adjourn form as typed (empty until a refused post).
    pub adjourn: AdjournForm,
    /// The Adjourn form's problem, shown at its field.
    pub adjourn_error: super::staff::FormError,
    /// The penalty form as typed (empty until a refused post).
    pub penalty: PenaltyForm,
    /// The penalty form's problem, shown at its field.
    pub penalty_error: super::staff::FormError,
}

impl GameDesk {
    /// The Adjourn form's problem at `field` (the domain names the clock
    /// fields in seconds: `white_time_used_seconds`).
    pub fn adjourn_err(&self, field: &str) -> Option<&str> {
        let e = &self.adjourn_error;
        (e.field == field || e.field == format!("{field}_seconds")).then_some(e.message.as_str())
    }

    /// The Adjourn form's problem that belongs to no field of it.
    pub fn adjourn_general(&self) -> Option<&str> {
        const FIELDS: &[&str] = &[
            "sealed_move",
            "sealed_move_number",
            "white_time_used",
            "black_time_used",
            "draw_offer_by",
            "resume_at",
            "resume_place",
            "fen",
        ];
        let e = &self.adjourn_error;
        (!e.message.is_empty() && !FIELDS.iter().any(|f| self.adjourn_err(f).is_some()))
            .then_some(e.message.as_str())
    }

    /// Whether the edition treats a clock pressed without a move and a move
    /// made with two hands as illegal moves (2018 and 2023, 7.5.3–7.5.4):
    /// only then are they penalty kinds of their own.
    pub fn incidents_are_illegal_moves(&self) -> bool {
        rules::laws::counts_as_illegal_move(
            self.laws_edition.rules(),
            rules::laws::Incident::ClockWithoutMove,
        )
    }

    /// An envelope's outcome in the page's language: an opening's consequence
    /// in words, an early end or a lost envelope as its stored sentence.
    pub fn outcome_text(&self, stored: &str) -> String {
        crate::domain::adjournments::outcome_msg(stored)
            .map_or_else(|| self.base.tr.reason(stored), |m| self.base.tr.msg(&m))
    }

    /// The penalty form's problem at `field`.
    pub fn penalty_err(&self, field: &str) -> Option<&str> {
        let e = &self.penalty_error;
        (e.field == field).then_some(e.message.as_str())
    }

    /// The penalty form's problem that belongs to no field of it.
    pub fn penalty_general(&self) -> Option<&str> {
        const FIELDS: &[&str] = &[
            "player_id",
            "kind",
            "seconds",
            "points",
            "decision",
            "final_fen",
        ];
        let e = &self.penalty_error;
        (!e.message.is_empty() && !FIELDS.contains(&e.field.as_str())).then_some(e.message.as_str())
    }

    pub fn report_error(&self) -> Option<String> {
        let r = self.record.as_ref()?;
        let e = r.report.error.as_ref()?;
        let m = msg!(
            "ply {}: {} ({}) — {}",
            e["ply"].as_u64().unwrap_or(0),
            e["text"].as_str().unwrap_or(""),
            crate::domain::msg::word(e["kind"].as_str().unwrap_or("")),
            crate::domain::msg::nested(crate::domain::library::record_phrase(
                e["why"].as_str().unwrap_or("")
            ))
        );
        Some(self.base.tr.msg(&m))
    }

    /// An opened envelope: the sealed move as written, the verdict and what
    /// follows, in the page's language (stored in English by
    /// `domain::adjournments::open`; older rows read the same way).
    pub fn opening_text(&self, e: &EnvelopeView) -> String {
        match &e.opening {
            Some(v) => {
                let m = msg!(
                    "{} — {}. {}",
                    v["sealed_text"].as_str().unwrap_or(""),
                    crate::domain::msg::nested(crate::domain::adjournments::verdict_msg(
                        v["verdict"].as_str().unwrap_or("")
                    )),
                    crate::domain::msg::nested(crate::domain::adjournments::consequence_msg(
                        v["consequence"].as_str().unwrap_or("")
                    ))
                );
                self.base.tr.msg(&m)
            }
            None => String::new(),
        }
    }

    /// Point `n` of the rules for adjourned games as the tournament's edition
    /// numbers it (`rules::laws::adjournment_point`), its word in the page's language.
    pub fn adjourn_point(&self, n: u8) -> String {
        let p = rules::laws::adjournment_point(self.laws_edition.rules(), n);
        match p.strip_prefix("Guidelines ") {
            Some(rest) => format!("{} {rest}", self.base.tr.t("laws_guidelines")),
            None => p,
        }
    }

    /// The articles of a penalty kind (its word) under the tournament's
    /// edition (`penalties::article`).
    pub fn penalty_article(&self, kind: &str) -> String {
        kind.parse::<crate::domain::kinds::PenaltyKind>()
            .map(|k| penalties::article(k, self.laws_edition))
            .unwrap_or_default()
    }

    pub fn black_name(&self) -> String {
        self.game
            .black
            .as_ref()
            .map(|b| b.name.clone())
            .unwrap_or_default()
    }

    pub fn is_notation(&self, code: &Notation) -> bool {
        self.typed.notation == code.as_str()
    }

    pub fn black_id(&self) -> PlayerId {
        self.game.black.as_ref().map(|b| b.id).unwrap_or_default()
    }
}

#[derive(Default)]
struct DeskExtras {
    problem: Option<String>,
    notice: Option<String>,
    typed: Option<TypedMoves>,
    /// The Adjourn form as typed and its problem, when it was refused.
    adjourn: Option<(AdjournForm, super::staff::FormError)>,
    /// The penalty form as typed and its problem, when it was refused.
    penalty: Option<(PenaltyForm, super::staff::FormError)>,
}

/// What the moves form holds: kept after a refused submission, so nothing
/// typed is lost and the notation stays as chosen.
#[derive(Clone, Debug, Default)]
pub struct TypedMoves {
    pub text: String,
    pub format: String,
    pub notation: String,
    pub termination: String,
    pub start: String,
}

fn game_desk_page(
    conn: &mut DbConnection,
    viewer: &Viewer,
    tid: TournamentId,
    gid: GameId,
    x: DeskExtras,
) -> DomainResult<GameDesk> {
    require_role(conn, &viewer.actor, tid, &[Role::Arbiter])?;
    let game = results::get_game(conn, tid, gid, Audience::Staff)?;
    let nav = TournamentNav::load(conn, viewer, tid, "manage-round")?;
    let t = crate::domain::tournaments::load(conn, tid)?;
    let record = match records::get(conn, tid, gid, Audience::Staff) {
        Ok(r) => Some(r),
        Err(DomainError::NotFound(_)) => None,
        Err(e) => return Err(e),
    };
    let stored = record
        .as_ref()
        .map(|r| TypedMoves {
            text: r.text.clone(),
            format: r.format.to_string(),
            ..Default::default()
        })
        .unwrap_or_default();
    let typed = x.typed.unwrap_or_else(|| TypedMoves {
        notation: record
            .as_ref()
            .map(|r| r.notation)
            .unwrap_or(t.notation)
            .to_string(),
        ..stored
    });
    let penalties = penalties::for_game(conn, tid, gid, Audience::Staff)?;
    let envelopes = adjournments::for_game(conn, tid, gid, Audience::Staff)?;
    let black = game
        .black
        .as_ref()
        .map(|b| b.name.clone())
        .unwrap_or_default();
    let title = format!(
        "{} {} · {} – {} · {}",
        viewer.tr().t("board"),
        game.board,
        game.white.name,
        black,
        nav.name
    );
    let quickplay_finish = crate::domain::tournaments::time_control(&t).has_quickplay_finish();
    Ok(GameDesk {
        base: Base::new(viewer, title, Some(nav)),
        tid,
        game,
        record,
        penalties,
        envelopes,
        notation: t.notation,
        notations: Notation::ALL,
        quickplay_finish,
        laws_edition: t.laws_edition,
        adjournments: t.adjournments,
        organizer: require_role(conn, &viewer.actor, tid, &[Role::Organizer]).is_ok(),
        problem: x.problem,
        notice: x.notice,
        typed,
        adjourn: x.adjourn.as_ref().map(|a| a.0.clone()).unwrap_or_default(),
        adjourn_error: x.adjourn.map(|a| a.1).unwrap_or_default(),
        penalty: x.penalty.as_ref().map(|a| a.0.clone()).unwrap_or_default(),
        penalty_error: x.penalty.map(|a| a.1).unwrap_or_default(),
    })
}

#[derive(Deserialize)]
pub struct Notice {
    pub(super) done: Option<String>,
}

/// `GET /t/{tid}/manage/games/{gid}`
pub async fn game_desk(
    cx: Cx,
    Ids(tid, gid): Ids<GameId>,
    q: web::Query<Notice>,
) -> Result<HttpResponse, PageError> {
    let Cx { state, req } = cx;
    let notice = q.into_inner().done;
    page(&state, &req, move |conn, viewer| {
        game_desk_page(
            conn,
            viewer,
            tid,
            gid,
            DeskExtras {
                notice,
                ..Default::default()
            },
        )
    })
    .await
}

/// After a desk post: back to the game's desk with the sentence, or the desk
/// again with the problem (nothing was written).
async fn desk_answer(
    post: &Post,
    gid: GameId,
    r: DomainResult<String>,
    again: impl FnOnce(DomainError) -> DeskExtras + Send + 'static,
) -> Result<HttpResponse, PageError> {
    let tid = post.tid.unwrap_or_default();
    post.answer(
        r,
        |done| desk_done(tid, gid, &done),
        move |conn, v, e| game_desk_page(conn, v, tid, gid, again(e)),
    )
    .await
}

/// The desk again with the problem at the top (the moves form kept as typed).
fn problem_on_top(
    typed: Option<TypedMoves>,
) -> impl FnOnce(DomainError) -> DeskExtras + Send + 'static {
    move |e| DeskExtras {
        problem: Some(e.to_string()),
        typed,
        ..Default::default()
    }
}

/// The game's desk with the sentence `done` on top.
fn desk_done(tid: TournamentId, gid: GameId, done: &str) -> String {
    super::with_done(&format!("/t/{tid}/manage/games/{gid}"), done)
}

#[derive(Deserialize, Default)]
#[serde(default)]
pub struct MovesForm {
    csrf: String,
    format: String,
    text: String,
    notation: String,
    start: String,
    termination: String,
}

/// `POST /t/{tid}/manage/games/{gid}/moves`: a PGN or a typed scoresheet.
pub async fn submit_moves(
    cx: Cx,
    path: web::Path<(TournamentId, GameId)>,
    form: web::Form<MovesForm>,
) -> Result<HttpResponse, PageError> {
    let Cx { state, req } = cx;
    let ((tid, gid), f) = (path.into_inner(), form.into_inner());
    let post = Post::of(&state, &req, &f.csrf, tid).await?;
    let typed = TypedMoves {
        text: f.text.clone(),
        format: f.format.clone(),
        notation: f.notation.clone(),
        termination: f.termination.clone(),
        start: f.start.clone(),
    };
    let cmd = SubmitMoves::from_fields(&f.format, f.text, &f.notation, &f.start, &f.termination);
    let op = move |conn: &mut _, actor: &_, cmd| records::submit(conn, actor, tid, gid, cmd);
    let r = post.run(cmd, op).await?.map(|v| moves_done(post.tr(), &v));
    desk_answer(&post, gid, r, problem_on_top(Some(typed))).await
}

/// After a record was stored: how far its moves are legal, and its warnings.
fn moves_done(tr: crate::i18n::Tr, v: &GameRecordView) -> String {
    let mut s = if v.report.error.is_some() {
        format!("{} {}", tr.t("legal_up_to"), v.report.plies)
    } else {
        format!("{} {}", v.report.plies, tr.t("plies_stored"))
    };
    for w in &v.warnings {
        s.push_str(" — ");
        s.push_str(&tr.msg(w));
    }
    s
}

#[derive(Deserialize, Default, Clone, Debug)]
#[serde(default)]
pub struct PenaltyForm {
    pub csrf: String,
    pub player_id: String,
    pub kind: String,
    pub seconds: String,
    pub points: String,
    pub decision: String,
    pub claimed: String,
    pub final_fen: String,
    pub note: String,
    pub version: String,
}

impl PenaltyForm {
    /// The API's command from the fields (`RecordPenalty::from_fields`).
    pub(crate) fn command(&self) -> DomainResult<RecordPenalty> {
        RecordPenalty::from_fields(PenaltyFields {
            player_id: &self.player_id,
            kind: &self.kind,
            seconds: &self.seconds,
            points: &self.points,
            decision: &self.decision,
            claimed: ticked(&self.claimed),
            final_fen: &self.final_fen,
            note: &self.note,
            version: &self.version,
        })
    }
}

/// `POST /t/{tid}/manage/games/{gid}/penalties`
pub async fn record_penalty(
    cx: Cx,
    path: web::Path<(TournamentId, GameId)>,
    form: web::Form<PenaltyForm>,
) -> Result<HttpResponse, PageError> {
    let Cx { state, req } = cx;
    let ((tid, gid), f) = (path.into_inner(), form.into_inner());
    let post = Post::of(&state, &req, &f.csrf, tid).await?;
    let op = move |conn: &mut _, actor: &_, cmd| penalties::record(conn, actor, tid, gid, cmd);
    let lang = post.viewer.lang;
    let r = post.run(f.command(), op).await?.map(|a| {
        let effect = crate::i18n::errors::stored(&a.penalty.effect, lang);
        format!("art. {}: {effect}", a.penalty.article)
    });
    // A refused penalty: the form again as typed, the problem at its field.
    desk_answer(&post, gid, r, move |e| DeskExtras {
        penalty: Some((f, super::staff::FormError::of(&e))),
        ..Default::default()
    })
    .await
}

#[derive(Deserialize, Default, Clone, Debug)]
#[serde(default)]
pub struct AdjournForm {
    pub csrf: String,
    pub fen: String,
    pub white_time_used: String,
    pub black_time_used: String,
    /// Kept as typed when the form comes back with a problem, so the arbiter
    /// need not ask the player again; it is stored only encrypted.
    pub sealed_move: String,
    pub sealed_move_number: String,
    pub draw_offer_by: String,
    /// The resumption as one `YYYY-MM-DDTHH:MM` (a client's own form); the
    /// page sends its day and its time of day apart instead.
    #[serde(default)]
    pub resume_at: String,
    /// The resumption's day (a date box) and time of day (`19:30`, typed).
    #[serde(default)]
    pub resume_day: String,
    #[serde(default)]
    pub resume_time: String,
    pub resume_place: String,
}

impl AdjournForm {
    /// The resumption typed: the one field, else the day and the time of day
    /// (`formats::desk_time`: `19:30` falls on the day chosen).
    fn resumption(&self) -> DomainResult<String> {
        if !self.resume_at.trim().is_empty() || self.resume_time.trim().is_empty() {
            return Ok(self.resume_at.trim().to_string());
        }
        let day = self.resume_day.trim();
        let day = chrono::NaiveDate::parse_from_str(day, "%Y-%m-%d").map_err(|_| {
            DomainError::invalid(
                "resume_at",
                msg!("'{}' is not a date; write it as YYYY-MM-DD", day),
            )
        })?;
        crate::domain::formats::desk_time(&self.resume_time, day)
            .map(crate::domain::formats::stored_time)
            .map_err(|e| e.at("resume_at"))
    }

    /// The day the resumption box shows: as typed, else today.
    pub fn day_shown(&self) -> String {
        match self.resume_day.trim() {
            "" => chrono::Local::now()
                .date_naive()
                .format("%Y-%m-%d")
                .to_string(),
            d => d.to_string(),
        }
    }

    pub(crate) fn command(self) -> DomainResult<Adjourn> {
        Ok(Adjourn {
            fen: text_or_none(&self.fen),
            white_time_used_seconds: clock_seconds("white_time_used", &self.white_time_used)?,
            black_time_used_seconds: clock_seconds("black_time_used", &self.black_time_used)?,
            sealed_move_number: optional(
                "sealed_move_number",
                &self.sealed_move_number,
                "a move number",
            )?,
            draw_offer_by: optional("draw_offer_by", &self.draw_offer_by, "a player")?
                .filter(|&p: &PlayerId| p != PlayerId(0)),
            resume_at: self.resumption()?,
            resume_place: self.resume_place.trim().to_string(),
            sealed_move: self.sealed_move,
        })
    }
}

/// `POST /t/{tid}/manage/games/{gid}/adjourn`: the envelope. The sealed move is
/// encrypted by the domain operation and never written back into a page.
pub async fn adjourn(
    cx: Cx,
    path: web::Path<(TournamentId, GameId)>,
    form: web::Form<AdjournForm>,
) -> Result<HttpResponse, PageError> {
    let Cx { state, req } = cx;
    let ((tid, gid), f) = (path.into_inner(), form.into_inner());
    let post = Post::of(&state, &req, &f.csrf, tid).await?;
    let (key, tr) = (state.seal_key.clone(), post.tr());
    let op =
        move |conn: &mut _, actor: &_, cmd| adjournments::adjourn(conn, actor, &key, tid, gid, cmd);
    let r = post.run(f.clone().command(), op).await?;
    let r = r.map(|e| format!("{} {}: {}", tr.t("envelope"), e.id, tr.t("sealed")));
    // A refused envelope: the form again as typed, the problem at its field.
    desk_answer(&post, gid, r, move |e| DeskExtras {
        adjourn: Some((f, super::staff::FormError::of(&e))),
        ..Default::default()
    })
    .await
}

/// The game an envelope belongs to (for coming back to its desk).
async fn envelope_game(post: &Post, aid: AdjournmentId) -> Result<GameId, PageError> {
    let tid = post.tid.unwrap_or_default();
    let game = post.read(move |conn, actor| {
        // Who asks first: else "not found" against "forbidden" would tell
        // an outsider which envelopes exist.
        require_role(conn, actor, tid, &[Role::Arbiter])?;
        adjournments::get(conn, tid, aid, Audience::Staff).map(|e| e.game_id)
    });
    game.await?.map_err(|e| post.fail(e))
}

#[derive(Deserialize, Default)]
#[serde(default)]
pub struct PresentForm {
    csrf: String,
    who: String,
    at: String,
}

/// An envelope post: who posts (CSRF checked), the envelope's game, the
/// command (or the problem with the form), one write, and back to the game's
/// desk with the sentence `done` makes of the outcome.
async fn envelope_post<C, V>(
    state: &web::Data<AppState>,
    req: &HttpRequest,
    (tid, aid): (TournamentId, AdjournmentId),
    csrf: &str,
    cmd: DomainResult<C>,
    op: impl FnOnce(&mut DbConnection, &crate::domain::Actor, C) -> DomainResult<V> + Send + 'static,
    done: impl FnOnce(&Viewer, V) -> String,
) -> Result<HttpResponse, PageError>
where
    C: Send + 'static,
    V: Send + 'static,
{
    let post = Post::of(state, req, csrf, tid).await?;
    let gid = envelope_game(&post, aid).await?;
    let r = post.run(cmd, op).await?.map(|v| done(&post.viewer, v));
    desk_answer(&post, gid, r, problem_on_top(None)).await
}

/// `POST /t/{tid}/manage/envelopes/{aid}/present`
pub async fn mark_present(
    cx: Cx,
    path: web::Path<(TournamentId, AdjournmentId)>,
    form: web::Form<PresentForm>,
) -> Result<HttpResponse, PageError> {
    let Cx { state, req } = cx;
    let ((tid, aid), f) = (path.into_inner(), form.into_inner());
    let cmd = parse_field("who", &f.who).map(|who| MarkPresent { who, at: f.at });
    let op = move |conn: &mut _, actor: &_, c| adjournments::mark_present(conn, actor, tid, aid, c);
    let done = |v: &Viewer, _| v.tr().t("marked_present").to_string();
    envelope_post(&state, &req, (tid, aid), &f.csrf, cmd, op, done).await
}

#[derive(Deserialize, Default)]
#[serde(default)]
pub struct OpenForm {
    csrf: String,
    at: String,
    replier_flag_fallen: String,
    reply_sealed_move: String,
    reply_resume_at: String,
    reply_resume_place: String,
    white_time_used: String,
    black_time_used: String,
}

impl OpenForm {
    pub(crate) fn command(self) -> DomainResult<OpenEnvelope> {
        let clock = |field: &str, t: &str| -> DomainResult<Option<i32>> {
            if t.trim().is_empty() {
                Ok(None)
            } else {
                clock_seconds(field, t).map(Some)
            }
        };
        Ok(OpenEnvelope {
            at: text_or_none(&self.at),
            replier_flag_fallen: ticked(&self.replier_flag_fallen),
            white_time_used_seconds: clock("white_time_used", &self.white_time_used)?,
            black_time_used_seconds: clock("black_time_used", &self.black_time_used)?,
            reply_resume_at: text_or_none(&self.reply_resume_at),
            reply_resume_place: text_or_none(&self.reply_resume_place),
            reply_sealed_move: (!self.reply_sealed_move.trim().is_empty())
                .then_some(self.reply_sealed_move),
        })
    }
}

/// `POST /t/{tid}/manage/envelopes/{aid}/open`: needs the replying player
/// marked present; the verdict and its consequence are then on the desk.
pub async fn open_envelope(
    cx: Cx,
    path: web::Path<(TournamentId, AdjournmentId)>,
    form: web::Form<OpenForm>,
) -> Result<HttpResponse, PageError> {
    let Cx { state, req } = cx;
    let ((tid, aid), f) = (path.into_inner(), form.into_inner());
    let key = state.seal_key.clone();
    let op = move |conn: &mut _, actor: &_, c| adjournments::open(conn, actor, &key, tid, aid, c);
    let done = |v: &Viewer, o: adjournments::OpenedEnvelope| {
        let (tr, outcome) = (v.tr(), o.envelope.outcome.unwrap_or_default());
        let outcome = adjournments::outcome_msg(&outcome).map_or(outcome, |m| tr.msg(&m));
        format!("{} {aid}: {} — {outcome}", tr.t("envelope"), tr.t("opened"))
    };
    let (csrf, cmd) = (f.csrf.clone(), f.command());
    envelope_post(&state, &req, (tid, aid), &csrf, cmd, op, done).await
}

#[derive(Deserialize, Default)]
#[serde(default)]
pub struct EndForm {
    csrf: String,
    outcome: String,
    restorable: String,
}

/// `POST /t/{tid}/manage/envelopes/{aid}/end`: draw or resignation before
/// resumption (§5); the envelope stays closed.
pub async fn end_envelope(
    cx: Cx,
    path: web::Path<(TournamentId, AdjournmentId)>,
    form: web::Form<EndForm>,
) -> Result<HttpResponse, PageError> {
    let Cx { state, req } = cx;
    let ((tid, aid), f) = (path.into_inner(), form.into_inner());
    let cmd = parse_field("outcome", &f.outcome).map(|outcome| EndBeforeResumption { outcome });
    let op = move |conn: &mut _, actor: &_, c| {
        adjournments::end_before_resumption(conn, actor, tid, aid, c)
    };
    let done = |_: &Viewer, e: EnvelopeView| e.outcome.unwrap_or_default();
    envelope_post(&state, &req, (tid, aid), &f.csrf, cmd, op, done).await
}

/// `POST /t/{tid}/manage/envelopes/{aid}/lost` (§11).
pub async fn envelope_lost(
    cx: Cx,
    path: web::Path<(TournamentId, AdjournmentId)>,
    form: web::Form<EndForm>,
) -> Result<HttpResponse, PageError> {
    let Cx { state, req } = cx;
    let ((tid, aid), f) = (path.into_inner(), form.into_inner());
    let cmd = EnvelopeLost {
        restorable: ticked(&f.restorable),
    };
    let op =
        move |conn: &mut _, actor: &_, c| adjournments::envelope_lost(conn, actor, tid, aid, c);
    let done = |_: &Viewer, e: EnvelopeView| e.outcome.unwrap_or_default();
    envelope_post(&state, &req, (tid, aid), &f.csrf, Ok(cmd), op, done).await
}

#[cfg(test)]
mod tests {
    use super::clock_seconds;

    #[test]
    fn clock_readings() {
        assert_eq!(clock_seconds("x", "95").unwrap(), 95);
        assert_eq!(clock_seconds("x", "1:35").unwrap(), 95);
        assert_eq!(clock_seconds("x", "1:01:35").unwrap(), 3695);
        assert!(clock_seconds("x", "1:75").is_err());
        assert!(clock_seconds("x", "").is_err());
        assert!(clock_seconds("x", "a:b").is_err());
        assert!(clock_seconds("x", "1:2:3:4").is_err());
        assert!(clock_seconds("x", "-5").is_err());
    }
}
