//! A tournament's own rating lists (issue 41), `/t/{tid}/manage/rating-lists`:
//! the lists the tournament registers from (its own list of a source before
//! the server-wide one), the upload form for its organizer (the multipart
//! post of the rating lists page, `rating_lists::receive`, imported into the
//! tournament by the API's `import_file_into`) and the rollback of its own
//! list of a source. The work is `domain::rating_list`'s, one write each.

use super::rating_lists::{
    import_upload, receive, source_key, CsrfQuery, RollbackForm, UploadFields,
};
use super::staff::FormError;
use super::{page, with_done, Base, PageError, Post, TournamentNav, Viewer};
use crate::db::DbConnection;
use crate::domain::ids::TournamentId;
use crate::domain::rating_list::{self, ListSource, Rollback, TournamentLists};
use crate::domain::{DomainError, DomainResult};
use crate::web::api::ratings::TempFile;
use crate::web::error::AppError;
use crate::web::Cx;
use crate::web::Tid;
use actix_web::http::StatusCode;
use actix_web::{web, HttpResponse};
use askama::Template;

#[derive(Template)]
#[template(path = "manage_rating_lists.html")]
pub struct OwnListsPage {
    pub base: Base,
    pub tid: TournamentId,
    pub lists: TournamentLists,
    /// The viewer may load and roll back the tournament's own lists (its
    /// organizer or an administrator; arbiters only see them).
    pub organizer: bool,
    pub f: UploadFields,
    pub error: FormError,
    pub notice: Option<String>,
    /// A rollback asked for without `confirm=1`: the source and the question.
    pub pending: Option<(String, String)>,
}

impl OwnListsPage {
    pub fn invalid(&self, field: &str) -> bool {
        self.error.at(field).is_some()
    }
    /// A source's word as the page shows it.
    pub fn source_name(&self, s: &ListSource) -> &'static str {
        self.base.tr.t(source_key(s))
    }
    /// Whether the list is the tournament's own (not the server's).
    pub fn own(&self, id: &crate::domain::ids::RatingListId) -> bool {
        self.lists.own.iter().any(|l| l.id == *id)
    }
    /// The sources with a list of the tournament's own, in use or kept: the
    /// ones a rollback can change.
    pub fn rollback_sources(&self) -> Vec<ListSource> {
        let mut v: Vec<ListSource> = Vec::new();
        for l in self.lists.own.iter().chain(&self.lists.kept) {
            if !v.contains(&l.source) {
                v.push(l.source);
            }
        }
        v
    }
}

/// What a post brings back to the page.
#[derive(Default)]
struct Extras {
    f: UploadFields,
    error: FormError,
    notice: Option<String>,
    pending: Option<(String, String)>,
}

fn own_page(
    conn: &mut DbConnection,
    viewer: &Viewer,
    tid: TournamentId,
    x: Extras,
) -> DomainResult<OwnListsPage> {
    let lists = rating_list::tournament_lists(conn, &viewer.actor, tid)?;
    let organizer = match rating_list::require_list_scope(conn, &viewer.actor, Some(tid)) {
        Ok(()) => true,
        Err(DomainError::Forbidden(_) | DomainError::Unauthenticated) => false,
        Err(e) => return Err(e),
    };
    let nav = TournamentNav::load(conn, viewer, tid, "manage-rating-lists")?;
    let title = format!("{} · {}", viewer.tr().t("rl_own_title"), nav.name);
    Ok(OwnListsPage {
        base: Base::new(viewer, title, Some(nav)),
        tid,
        lists,
        organizer,
        f: x.f,
        error: x.error,
        notice: x.notice,
        pending: x.pending,
    })
}

/// The page with `x`, drawn for a viewer.
fn with(
    tid: TournamentId,
    x: Extras,
) -> impl FnOnce(&mut DbConnection, &Viewer) -> DomainResult<OwnListsPage> + Send + 'static {
    move |conn, viewer| own_page(conn, viewer, tid, x)
}

/// The source a rollback form names.
fn source_of(word: &str) -> DomainResult<ListSource> {
    ListSource::parse(word.trim())
        .ok_or_else(|| DomainError::invalid("source", msg!("choose the list: fide or national")))
}

/// `GET /t/{tid}/manage/rating-lists`.
pub async fn own_lists(cx: Cx, tid: web::Path<TournamentId>) -> Result<HttpResponse, PageError> {
    let Cx { state, req } = cx;
    let notice = super::query(&req, "done");
    let x = Extras {
        notice,
        ..Extras::default()
    };
    page(&state, &req, with(tid.into_inner(), x)).await
}

/// After a post: the page with the notice `text`, or the page again with the
/// problem at its field (422 or 409, as the API answers), or an error page.
async fn answer(
    post: &Post,
    tid: TournamentId,
    r: DomainResult<String>,
    f: UploadFields,
) -> Result<HttpResponse, PageError> {
    let to = move |text: String| with_done(&format!("/t/{tid}/manage/rating-lists"), &text);
    let again = move |conn: &mut DbConnection, v: &Viewer, e: DomainError| {
        let error = FormError::of(&e);
        with(
            tid,
            Extras {
                f,
                error,
                ..Extras::default()
            },
        )(conn, v)
    };
    post.answer(r, to, again).await
}

/// `POST /t/{tid}/manage/rating-lists/upload?csrf=…`: the token in the
/// address, so that the role is checked before the body (the file) is read.
pub async fn upload(
    cx: Cx,
    Tid(tid): Tid,
    query: web::Query<CsrfQuery>,
    body: web::Payload,
) -> Result<HttpResponse, PageError> {
    let Cx { state, req } = cx;
    let post = Post::of(&state, &req, &query.csrf, tid).await?;
    let check = post.read(move |conn, a| rating_list::require_list_scope(conn, a, Some(tid)));
    check.await?.map_err(|e| post.fail(e))?;
    let tmp = TempFile::new();
    let (f, r) = match receive(&req, body, &tmp).await {
        Ok((f, size)) => {
            let r = import_upload(&state, &post.viewer, Some(tid), (&f, size), tmp).await?;
            (f, r)
        }
        Err(AppError::Domain(e)) => (UploadFields::default(), Err(e)),
        Err(e) => return Err(post.fail(e)),
    };
    let loaded = post.tr().t("rl_players_loaded");
    let r = r.map(|v| format!("{}: {} {loaded}", v.name, v.players));
    answer(&post, tid, r, f).await
}

/// `POST /t/{tid}/manage/rating-lists/rollback`: the tournament's previous
/// own list of a source back in use (or, with none, the server-wide one),
/// after a confirmation (the script's dialog, or the page's own question).
pub async fn rollback(
    cx: Cx,
    tid: web::Path<TournamentId>,
    form: web::Form<RollbackForm>,
) -> Result<HttpResponse, PageError> {
    let Cx { state, req } = cx;
    let (tid, f) = (tid.into_inner(), form.into_inner());
    let post = Post::of(&state, &req, &f.csrf, tid).await?;
    let source = source_of(&f.source);
    if let (Ok(source), false) = (&source, f.confirm.trim() == "1") {
        let q = post.tr().t("rl_own_rollback_confirm").to_string();
        let pending = Some((source.as_str().to_string(), q));
        let x = Extras {
            pending,
            ..Extras::default()
        };
        return post.show(StatusCode::OK, with(tid, x)).await;
    }
    let op = move |conn: &mut DbConnection, actor: &_, source| {
        rating_list::rollback_own(conn, actor, tid, &Rollback { source })
    };
    let r = post.run(source, op).await?;
    let r = r.map(|_| post.tr().t("rl_own_rolled_back").to_string());
    answer(&post, tid, r, UploadFields::default()).await
}
