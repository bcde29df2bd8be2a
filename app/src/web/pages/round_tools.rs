//! The round screen's tools for issue 17: the Chess960 start positions of a
//! round not yet published (draw again, draw per board, enter the number drawn
//! in the hall) and the import of the round's games from one PGN file.

use super::staff::screen_answer;
use super::{form_body, Base, PageError, Post, TournamentNav};
use crate::domain::chess960::{self, SetPositions};
use crate::domain::ids::{RoundNo, TournamentId};
use crate::domain::pgn_import::{self, ImportReport};
use crate::domain::DomainError;
use crate::web::Cx;
use crate::web::Ids;
use actix_web::http::StatusCode;
use actix_web::{web, HttpResponse};
use askama::Template;
use serde::Deserialize;

#[derive(Deserialize, Default)]
pub struct Chess960Form {
    #[serde(default)]
    pub csrf: String,
    #[serde(default)]
    pub mode: String,
    #[serde(default)]
    pub position: String,
    #[serde(default)]
    pub per_board: Option<String>,
}

impl Chess960Form {
    /// The command, or why the number cannot be read.
    pub fn command(&self) -> Result<SetPositions, DomainError> {
        let position = match self.position.trim() {
            "" => None,
            p => Some(p.parse::<i32>().map_err(|_| {
                DomainError::invalid("position", msg!("the position is a number from 0 to 959"))
            })?),
        };
        Ok(SetPositions {
            mode: crate::domain::kinds::parse_field("mode", &self.mode)?,
            position,
            per_board: self.per_board.is_some(),
            board: None,
        })
    }
}

/// `POST /t/{tid}/manage/rounds/{n}/chess960`
pub async fn set_chess960(
    cx: Cx,
    Ids(tid, n): Ids<RoundNo>,
    form: web::Form<Chess960Form>,
) -> Result<HttpResponse, PageError> {
    let Cx { state, req } = cx;
    let post = Post::of(&state, &req, &form.csrf, tid).await?;
    let op = move |conn: &mut _, actor: &_, cmd| chess960::set(conn, actor, tid, n, cmd);
    let r = post.run(form.command(), op).await?;
    screen_answer(&post, tid, n, r).await
}

#[derive(Deserialize, Default)]
pub struct ImportForm {
    #[serde(default)]
    pub csrf: String,
    #[serde(default)]
    pub pgn: String,
}

#[derive(Template)]
#[template(path = "round_import.html")]
pub struct ImportPage {
    pub base: Base,
    pub tid: TournamentId,
    pub report: ImportReport,
}

/// The largest form a PGN import takes.
const MAX_FORM_BYTES: usize = 8 << 20;

/// `POST /t/{tid}/manage/rounds/{n}/games-pgn`: the import's report as a page.
pub async fn import_pgn(
    cx: Cx,
    Ids(tid, n): Ids<RoundNo>,
    body: web::Payload,
) -> Result<HttpResponse, PageError> {
    let Cx { state, req } = cx;
    let too_big = msg!("the file is larger than 8 MiB or could not be read");
    let form: ImportForm = form_body(&req, body, MAX_FORM_BYTES, "pgn", too_big).await?;
    let post = Post::of(&state, &req, &form.csrf, tid).await?;
    let op = move |conn: &mut _, actor: &_, text: String| {
        pgn_import::import_round(conn, actor, tid, n, &text)
    };
    match post.run(Ok(form.pgn), op).await? {
        Ok(report) => {
            post.show(StatusCode::OK, move |conn, v| {
                let nav = TournamentNav::load(conn, v, tid, "manage-round")?;
                let title = format!("PGN · {}", nav.name);
                let base = Base::new(v, title, Some(nav));
                Ok(ImportPage { base, tid, report })
            })
            .await
        }
        Err(e) => screen_answer::<()>(&post, tid, n, Err(e)).await,
    }
}
