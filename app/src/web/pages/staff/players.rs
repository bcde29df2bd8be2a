//! The players screen: registration (one at a time or a pasted list), editing,
//! removal, withdrawals, requested byes, and the staff.

use super::*;
use crate::domain::ids::{PlayerId, RoundNo, TournamentId};
use crate::domain::kinds::PlayerStatus;
use crate::i18n::errors;
use crate::web::pages::ButtonPost;
use crate::web::Ids;
use crate::web::{Cx, Tid};

pub use registration::{ByeForm, EditPlayerForm, PlayerForm};

/// A number typed in a form, or none (`formats::typed_optional`).
pub(crate) fn optional<T: std::str::FromStr>(
    field: &str,
    text: &str,
    what: &str,
) -> DomainResult<Option<T>> {
    crate::domain::formats::typed_optional(field, text, what)
}

/// The players screen with the sentence `done` on top.
fn players_done(tid: TournamentId, done: &str) -> String {
    with_done(&format!("/t/{tid}/manage/players"), done)
}

#[derive(Template)]
#[template(path = "manage_players.html")]
pub struct PlayersAdminPage {
    pub base: Base,
    pub tid: TournamentId,
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
    pub next_round: RoundNo,
    pub total_rounds: u32,
    pub swiss: bool,
    pub staff: Vec<StaffMember>,
    /// A bye or a withdrawal posted without `confirm=1` (no script to ask):
    /// the question and the form that records it.
    pub pending: Option<Pending>,
    /// The rating lists in use (the search says when there is none).
    pub rating_lists: Vec<crate::domain::rating_list::RatingListView>,
}

/// A change of results asked for and not yet confirmed: the question, and
/// the post that makes it with `confirm=1`.
#[derive(Clone, Debug, Default)]
pub struct Pending {
    pub action: String,
    pub question: String,
    pub hidden: Vec<(String, String)>,
}

/// Whether a one-click change of results was confirmed (`confirm=1`: the
/// script's dialog, or the "Yes, record it" button).
fn confirmed(confirm: &str) -> bool {
    crate::domain::formats::ticked(confirm)
}

impl PlayersAdminPage {
    pub fn invalid(&self, field: &str) -> bool {
        self.error.at(field).is_some()
    }

    pub fn name_of(&self, pid: &PlayerId) -> &str {
        self.players
            .iter()
            .find(|p| p.id == *pid)
            .map(|p| p.name.as_str())
            .unwrap_or("")
    }
}

pub(super) struct PlayersExtras {
    pub(super) f: PlayerForm,
    pub(super) error: FormError,
    pub(super) csv: String,
    pub(super) csv_errors: Vec<String>,
    pub(super) notice: Option<String>,
    pub(super) fide_confirm: Option<FideConfirm>,
    pub(super) pending: Option<Pending>,
}

pub(super) fn players_admin(
    conn: &mut DbConnection,
    viewer: &Viewer,
    tid: TournamentId,
    x: PlayersExtras,
) -> DomainResult<PlayersAdminPage> {
    require_role(conn, &viewer.actor, tid, &[Role::Organizer, Role::Arbiter])?;
    let nav = TournamentNav::load(conn, viewer, tid, "manage-players")?;
    let t = tournaments::load(conn, tid)?;
    let total_rounds = rounds::total_rounds(conn, &t)?;
    let title = format!("{} · {}", viewer.tr().t("manage_players"), nav.name);
    let next_round = nav.last_round.next();
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
        swiss: t.system.is_swiss(),
        staff: tournaments::staff(conn, tid)?,
        pending: x.pending,
        rating_lists: crate::domain::rating_list::lists(conn)?,
    })
}

impl PlayersExtras {
    /// The screen with nothing typed, then `set`.
    pub(super) fn with(set: impl FnOnce(&mut PlayersExtras)) -> PlayersExtras {
        let mut x = no_extras();
        set(&mut x);
        x
    }
}

pub(super) fn no_extras() -> PlayersExtras {
    PlayersExtras {
        f: PlayerForm::default(),
        error: FormError::default(),
        csv: String::new(),
        csv_errors: Vec::new(),
        notice: None,
        fide_confirm: None,
        pending: None,
    }
}

pub async fn players_form(cx: Cx, Tid(tid): Tid) -> Result<HttpResponse, PageError> {
    let Cx { state, req } = cx;
    let notice = super::super::query(&req, "done");
    page(&state, &req, move |conn, viewer| {
        let mut x = no_extras();
        x.notice = notice;
        players_admin(conn, viewer, tid, x)
    })
    .await
}

pub async fn register(
    cx: Cx,
    tid: web::Path<TournamentId>,
    form: web::Form<PlayerForm>,
) -> Result<HttpResponse, PageError> {
    let Cx { state, req } = cx;
    let (tid, f) = (tid.into_inner(), form.into_inner());
    let post = Post::of(&state, &req, &f.csrf, tid).await?;
    let registered = post.tr().t("registered");
    // Back to an empty form with the focus in the name field: the next player.
    post.submit(
        f.command(),
        register_op(tid, state.limits.max_players),
        |p| players_done(tid, &format!("{}: {registered}", p.name)),
        move |conn, v, e| {
            let x = PlayersExtras::with(|x| (x.f, x.error) = (f, FormError::of(&e)));
            players_admin(conn, v, tid, x)
        },
    )
    .await
}

/// A registration within the server's limit of `max` players
/// (`domain::limits`): past it, nothing is stored.
fn register_op(
    tid: TournamentId,
    max: usize,
) -> impl FnOnce(
    &mut DbConnection,
    &crate::domain::Actor,
    registration::RegisterPlayer,
) -> DomainResult<PlayerView>
       + Send
       + 'static {
    move |conn, actor, cmd| {
        let p = registration::register(conn, actor, tid, cmd)?;
        crate::domain::limits::players_within(conn, tid, max).map(|()| p)
    }
}

#[derive(Deserialize, Default)]
#[serde(default)]
pub struct CsvForm {
    pub(super) csrf: String,
    pub(super) csv: String,
}

/// CSV paste: every line registered through `registration::register`, all in
/// one transaction — a wrong line imports nothing, and every wrong line is
/// named at once. A first line with column names is skipped.
pub async fn import_csv(
    cx: Cx,
    tid: web::Path<TournamentId>,
    form: web::Form<CsvForm>,
) -> Result<HttpResponse, PageError> {
    let Cx { state, req } = cx;
    let (tid, f) = (tid.into_inner(), form.into_inner());
    let post = Post::of(&state, &req, &f.csrf, tid).await?;
    let (text, max) = (f.csv.clone(), state.limits.max_players);
    let import = move |conn: &mut DbConnection, actor: &_, ()| {
        let n = registration::import_list(conn, actor, tid, &text)?;
        crate::domain::limits::players_within_file(conn, tid, max, "csv").map(|()| n)
    };
    match post.run(Ok(()), import).await? {
        Ok(n) => Ok(redirect(&players_done(
            tid,
            &format!("{n} {}", post.tr().t("players_registered")),
        ))),
        Err(DomainError::Invalid { message, .. }) => {
            let lines = errors::message(&message, post.viewer.lang);
            let csv_errors = lines.lines().map(str::to_string).collect();
            let x = PlayersExtras::with(|x| (x.csv, x.csv_errors) = (f.csv, csv_errors));
            let status = StatusCode::UNPROCESSABLE_ENTITY;
            post.show(status, move |conn, v| players_admin(conn, v, tid, x))
                .await
        }
        Err(e) => Err(post.fail(e)),
    }
}

#[derive(Deserialize, Default)]
#[serde(default)]
pub struct WithdrawForm {
    pub(super) csrf: String,
    pub(super) confirm: String,
}

/// The players screen asking "withdraw NAME?" before anything is written.
async fn ask(
    post: &Post,
    (tid, pid): (TournamentId, PlayerId),
    action: String,
    hidden: Vec<(String, String)>,
    question: impl FnOnce(&str) -> String + Send + 'static,
) -> Result<HttpResponse, PageError> {
    post.show(StatusCode::OK, move |conn, v| {
        let name = registration::load_player(conn, tid, pid)?.name;
        let question = question(&name);
        let pending = Some(Pending {
            action,
            question,
            hidden,
        });
        players_admin(conn, v, tid, PlayersExtras::with(|x| x.pending = pending))
    })
    .await
}

pub async fn withdraw(
    cx: Cx,
    Ids(tid, pid): Ids<PlayerId>,
    form: web::Form<WithdrawForm>,
) -> Result<HttpResponse, PageError> {
    let Cx { state, req } = cx;
    let post = Post::of(&state, &req, &form.csrf, tid).await?;
    if !confirmed(&form.confirm) {
        let q = post.tr().t("confirm_withdraw");
        let action = format!("/t/{tid}/manage/players/{pid}/withdraw");
        let question = move |name: &str| format!("{name}: {q}");
        return ask(&post, (tid, pid), action, Vec::new(), question).await;
    }
    let op = move |conn: &mut _, actor: &_| registration::withdraw(conn, actor, tid, pid);
    player_done(&post, tid, "withdrawn", move |c, a| {
        op(c, a).map(|p| p.name)
    })
    .await
}

pub async fn reinstate(
    Ids(tid, pid): Ids<PlayerId>,
    ButtonPost(post): ButtonPost,
) -> Result<HttpResponse, PageError> {
    let op = move |conn: &mut _, actor: &_| registration::reinstate(conn, actor, tid, pid);
    player_done(&post, tid, "reinstated", move |c, a| {
        op(c, a).map(|p| p.name)
    })
    .await
}

#[derive(Template)]
#[template(path = "manage_player.html")]
pub struct PlayerEditPage {
    pub base: Base,
    pub tid: TournamentId,
    pub player: PlayerView,
    pub f: EditPlayerForm,
    pub error: FormError,
    /// The player's check-in code (`domain::checkin`), once issued.
    pub checkin_code: Option<String>,
    /// The viewer is an organizer: only then the person's data (export,
    /// erasure) is offered.
    pub organizer: bool,
}

impl PlayerEditPage {
    pub fn invalid(&self, field: &str) -> bool {
        self.error.at(field).is_some()
    }
}

pub(super) fn player_edit_page(
    conn: &mut DbConnection,
    viewer: &Viewer,
    tid: TournamentId,
    pid: PlayerId,
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
    let checkin_code = crate::domain::checkin::code_of(conn, tid, pid)?;
    let organizer = require_role(conn, &viewer.actor, tid, &[Role::Organizer]).is_ok();
    Ok(PlayerEditPage {
        base: Base::new(viewer, title, Some(nav)),
        tid,
        player,
        f,
        error,
        checkin_code,
        organizer,
    })
}

/// `GET /t/{tid}/manage/players/{pid}/edit`
pub async fn edit_player_form(
    cx: Cx,
    Ids(tid, pid): Ids<PlayerId>,
) -> Result<HttpResponse, PageError> {
    let Cx { state, req } = cx;
    page(&state, &req, move |conn, viewer| {
        player_edit_page(conn, viewer, tid, pid, None)
    })
    .await
}

/// `POST /t/{tid}/manage/players/{pid}/edit`: back to the list with what the
/// change affects, or the form again as typed with the problem.
pub async fn edit_player(
    cx: Cx,
    path: web::Path<(TournamentId, PlayerId)>,
    form: web::Form<EditPlayerForm>,
) -> Result<HttpResponse, PageError> {
    let Cx { state, req } = cx;
    let ((tid, pid), f) = (path.into_inner(), form.into_inner());
    let post = Post::of(&state, &req, &f.csrf, tid).await?;
    let (tr, lang) = (post.tr(), post.viewer.lang);
    post.submit(
        f.command(),
        move |conn, actor, cmd| registration::edit(conn, actor, tid, pid, cmd),
        |done| {
            let mut text = format!("{}: {}", done.player.name, tr.t("changed"));
            for e in &done.effects {
                text.push_str(" — ");
                text.push_str(&errors::message(e, lang));
            }
            players_done(tid, &text)
        },
        move |conn, v, e| player_edit_page(conn, v, tid, pid, Some((f, FormError::of(&e)))),
    )
    .await
}

/// `POST /t/{tid}/manage/players/{pid}/delete`
pub async fn delete_player(
    Ids(tid, pid): Ids<PlayerId>,
    ButtonPost(post): ButtonPost,
) -> Result<HttpResponse, PageError> {
    player_done(&post, tid, "deleted", move |conn, actor| {
        let name = registration::load_player(conn, tid, pid)?.name;
        registration::delete(conn, actor, tid, pid).map(|()| name)
    })
    .await
}

/// A player withdrawn, reinstated or deleted: `op` (which answers the
/// player's name) in one transaction, then the list saying "NAME: `key`".
async fn player_done<F>(
    post: &Post,
    tid: TournamentId,
    key: &'static str,
    op: F,
) -> Result<HttpResponse, PageError>
where
    F: FnOnce(&mut DbConnection, &crate::domain::Actor) -> DomainResult<String> + Send + 'static,
{
    let said = post.tr().t(key);
    let r = post
        .run(Ok(()), move |conn, actor, ()| op(conn, actor))
        .await?;
    players_answer(post, tid, r.map(|name| format!("{name}: {said}")), None).await
}

pub async fn request_bye(
    cx: Cx,
    path: web::Path<(TournamentId, PlayerId)>,
    form: web::Form<ByeForm>,
) -> Result<HttpResponse, PageError> {
    let Cx { state, req } = cx;
    let ((tid, pid), f) = (path.into_inner(), form.into_inner());
    let post = Post::of(&state, &req, &f.csrf, tid).await?;
    let cmd = f.command();
    if let (Ok(bye), false) = (&cmd, confirmed(&f.confirm)) {
        return ask_bye(&post, (tid, pid), bye, &f).await;
    }
    let op = move |conn: &mut DbConnection, actor: &_, cmd| {
        let name = registration::load_player(conn, tid, pid)?.name;
        registration::request_bye(conn, actor, tid, pid, cmd).map(|b| (name, b))
    };
    let r = post.run(cmd, op).await?;
    let action = format!("/t/{tid}/manage/players/{pid}/bye");
    let fide = r
        .as_ref()
        .err()
        .and_then(|e| FideConfirm::of(e, action, f.asked()));
    let tr = post.tr();
    let done = r.map(|(name, b)| {
        let (kind, round) = (tr.bye_kind(b.kind), tr.t("round"));
        format!("{} {name} ({kind}), {round} {}", tr.t("bye_for"), b.round)
    });
    players_answer(&post, tid, done, fide).await
}

/// A bye asked for without `confirm=1`: "Record this bye: NAME (½), round N?"
async fn ask_bye(
    post: &Post,
    (tid, pid): (TournamentId, PlayerId),
    bye: &RequestBye,
    f: &ByeForm,
) -> Result<HttpResponse, PageError> {
    let (tr, round, kind) = (post.tr(), bye.round, bye.kind);
    let action = format!("/t/{tid}/manage/players/{pid}/bye");
    let hidden = vec![
        ("round".to_string(), f.round.clone()),
        ("kind".to_string(), f.kind.clone()),
    ];
    ask(post, (tid, pid), action, hidden, move |name| {
        let kind = tr.bye_kind(kind);
        format!(
            "{}: {name} ({kind}), {} {round}?",
            tr.t("confirm_bye"),
            tr.t("round")
        )
    })
    .await
}

/// After a withdrawal or bye: back to the list, or the list with the sentence.
pub(super) async fn players_answer(
    post: &Post,
    tid: TournamentId,
    r: DomainResult<String>,
    fide: Option<FideConfirm>,
) -> Result<HttpResponse, PageError> {
    if let Some(c) = fide {
        // FIDE mode refused it: the form that does it anyway.
        let x = PlayersExtras::with(|x| x.fide_confirm = Some(c));
        let status = StatusCode::UNPROCESSABLE_ENTITY;
        return post
            .show(status, move |conn, v| players_admin(conn, v, tid, x))
            .await;
    }
    post.answer(
        r,
        |done| players_done(tid, &done),
        move |conn, v, e| {
            let (field, message) = ("list".to_string(), e.to_string());
            let error = FormError {
                field,
                message,
                ..Default::default()
            };
            players_admin(conn, v, tid, PlayersExtras::with(|x| x.error = error))
        },
    )
    .await
}

#[derive(Deserialize, Default)]
#[serde(default)]
pub struct StaffForm {
    pub(super) csrf: String,
    pub(super) username: String,
    pub(super) role: String,
}

impl StaffForm {
    fn member(self) -> StaffMember {
        StaffMember {
            username: self.username.trim().to_string(),
            role: self.role,
        }
    }
}

/// The organizer appoints an arbiter (or another organizer) by user name.
pub async fn appoint(
    cx: Cx,
    tid: web::Path<TournamentId>,
    form: web::Form<StaffForm>,
) -> Result<HttpResponse, PageError> {
    let Cx { state, req } = cx;
    let (tid, f) = (tid.into_inner(), form.into_inner());
    let post = Post::of(&state, &req, &f.csrf, tid).await?;
    let cmd = f.member();
    let done = format!("{}: {}", cmd.username, cmd.role);
    let op = move |conn: &mut _, actor: &_, cmd| tournaments::appoint(conn, actor, tid, cmd);
    let r = post.run(Ok(cmd), op).await?;
    players_answer(&post, tid, r.map(|_| done), None).await
}

pub async fn dismiss(
    cx: Cx,
    tid: web::Path<TournamentId>,
    form: web::Form<StaffForm>,
) -> Result<HttpResponse, PageError> {
    let Cx { state, req } = cx;
    let (tid, f) = (tid.into_inner(), form.into_inner());
    let post = Post::of(&state, &req, &f.csrf, tid).await?;
    let cmd = f.member();
    let role = post.tr().role(&cmd.role);
    let done = format!("{}: {role} — {}", cmd.username, post.tr().t("dismissed"));
    let op = move |conn: &mut _, actor: &_, cmd| tournaments::dismiss(conn, actor, tid, cmd);
    let r = post.run(Ok(cmd), op).await?;
    players_answer(&post, tid, r.map(|_| done), None).await
}

/// `GET` of an address only posted to (left in the browser after a form came
/// back with a problem): back to the screen the form belongs to
/// (`routing::screen_of`).
pub async fn back_to_screen(cx: Cx) -> Result<HttpResponse, PageError> {
    let Cx { state, req } = cx;
    let path = req.path().to_string();
    let db = state.db.clone();
    let target = web::block(move || {
        crate::web::routing::screen_of(&path, |tid, aid| {
            let staff = crate::domain::Audience::Staff;
            let envelope = db.read(|conn| crate::domain::adjournments::get(conn, tid, aid, staff));
            envelope.ok().map(|e| e.game_id)
        })
    })
    .await
    .unwrap_or_else(|_| "/".to_string());
    Ok(redirect(&target))
}
