//! Publishing from the venue (issue 39), `/t/{tid}/manage/publishing`: at the
//! venue, where the event is published and how the link fares (last state
//! published and when, pending, the last error in words), with the form that
//! sets the server and token; on the public server, the organizer's
//! publishing token (issued and shown once, revoked). The work is
//! `domain::mirror`'s, one write each, as the API's.

use super::staff::FormError;
use super::{page, Base, PageError, Post, TournamentNav, Viewer};
use crate::db::DbConnection;
use crate::domain::ids::TournamentId;
use crate::domain::mirror::{self, LinkView, MirrorView, SetLink};
use crate::domain::{require_role, DomainResult, Role};
use crate::web::pages::ButtonPost;
use crate::web::{Cx, Tid};
use actix_web::http::StatusCode;
use actix_web::{web, HttpResponse};
use askama::Template;
use serde::Deserialize;

#[derive(Template)]
#[template(path = "manage_publishing.html")]
pub struct PublishingPage {
    pub base: Base,
    pub tid: TournamentId,
    pub link: LinkView,
    pub mirror: MirrorView,
    /// A token just issued (shown this once).
    pub token: Option<String>,
    pub server: String,
    pub error: FormError,
}

fn publishing_page(
    conn: &mut DbConnection,
    viewer: &Viewer,
    tid: TournamentId,
    token: Option<String>,
    typed: Option<(String, FormError)>,
) -> DomainResult<PublishingPage> {
    require_role(conn, &viewer.actor, tid, &[Role::Organizer, Role::Arbiter])?;
    let nav = TournamentNav::load(conn, viewer, tid, "manage-publishing")?;
    let link = mirror::link(conn, &viewer.actor, tid)?;
    let mirror = mirror::view(conn, tid)?;
    let (server, error) = typed.unwrap_or_else(|| (link.server.clone(), FormError::default()));
    let title = format!("{} · {}", viewer.tr().t("publishing"), nav.name);
    Ok(PublishingPage {
        base: Base::new(viewer, title, Some(nav)),
        tid,
        link,
        mirror,
        token,
        server,
        error,
    })
}

/// `GET /t/{tid}/manage/publishing`.
pub async fn publishing(cx: Cx, Tid(tid): Tid) -> Result<HttpResponse, PageError> {
    let Cx { state, req } = cx;
    page(&state, &req, move |conn, viewer| {
        publishing_page(conn, viewer, tid, None, None)
    })
    .await
}

#[derive(Deserialize, Default)]
#[serde(default)]
pub struct LinkForm {
    pub csrf: String,
    pub server: String,
    pub token: String,
}

/// `POST /t/{tid}/manage/publishing`: the server and token set.
pub async fn set_link(
    cx: Cx,
    Tid(tid): Tid,
    form: web::Form<LinkForm>,
) -> Result<HttpResponse, PageError> {
    let Cx { state, req } = cx;
    let form = form.into_inner();
    let post = Post::of(&state, &req, &form.csrf, tid).await?;
    let typed = form.server.clone();
    let cmd = SetLink {
        server: form.server,
        token: form.token,
    };
    post.submit(
        Ok(cmd),
        move |conn, actor, cmd| mirror::set_link(conn, actor, tid, cmd),
        |_| format!("/t/{tid}/manage/publishing"),
        move |conn, v, e| publishing_page(conn, v, tid, None, Some((typed, FormError::of(&e)))),
    )
    .await
}

/// `POST /t/{tid}/manage/publishing/stop`: no longer published.
pub async fn stop(Tid(tid): Tid, ButtonPost(post): ButtonPost) -> Result<HttpResponse, PageError> {
    post.submit(
        Ok(()),
        move |conn, actor, ()| mirror::clear_link(conn, actor, tid),
        |_| format!("/t/{tid}/manage/publishing"),
        move |conn, v, e| {
            publishing_page(conn, v, tid, None, Some((String::new(), FormError::of(&e))))
        },
    )
    .await
}

/// `POST /t/{tid}/manage/publishing/token`: a token issued, shown this once.
pub async fn issue_token(
    Tid(tid): Tid,
    ButtonPost(post): ButtonPost,
) -> Result<HttpResponse, PageError> {
    let issued = post
        .run(Ok(()), move |conn, actor, ()| {
            mirror::issue_token(conn, actor, tid)
        })
        .await?;
    let (token, error) = match issued {
        Ok(t) => (Some(t.token), None),
        Err(e) => (None, Some((String::new(), FormError::of(&e)))),
    };
    post.show(StatusCode::OK, move |conn, v| {
        publishing_page(conn, v, tid, token, error)
    })
    .await
}

/// `POST /t/{tid}/manage/publishing/revoke`: the token revoked.
pub async fn revoke_token(
    Tid(tid): Tid,
    ButtonPost(post): ButtonPost,
) -> Result<HttpResponse, PageError> {
    post.submit(
        Ok(()),
        move |conn, actor, ()| mirror::revoke_token(conn, actor, tid),
        |_| format!("/t/{tid}/manage/publishing"),
        move |conn, v, e| {
            publishing_page(conn, v, tid, None, Some((String::new(), FormError::of(&e))))
        },
    )
    .await
}
