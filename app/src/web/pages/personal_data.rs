//! A person's data on the player's staff page (issue 41): the export is a
//! link to the API's download (`GET …/players/{pid}/personal-data`); the
//! erasure is this form post, confirmed in the page first.

use super::{form_viewer, redirect, url_encode, write_op, PageError};
use crate::domain::ids::PlayerId;
use crate::web::Cx;
use crate::web::Ids;
use actix_web::{web, HttpResponse};
use serde::Deserialize;

#[derive(Deserialize, Default)]
#[serde(default)]
pub struct EraseForm {
    csrf: String,
    confirm: String,
}

/// `POST /t/{tid}/manage/players/{pid}/erase`: back to the players screen
/// saying under which name the player now stands.
pub async fn erase(
    cx: Cx,
    Ids(tid, pid): Ids<PlayerId>,
    form: web::Form<EraseForm>,
) -> Result<HttpResponse, PageError> {
    let Cx { state, req } = cx;
    let f = form.into_inner();
    let viewer = form_viewer(&state, &req, &f.csrf).await?;
    let confirm = super::ticked(&f.confirm);
    let name = write_op(&state, &viewer, Some(tid), move |conn, actor| {
        crate::domain::personal_data::erase(conn, actor, tid, pid, confirm)
    })
    .await?
    .map_err(|e| PageError::new(e, viewer.lang))?;
    let done = viewer.tr().msg(&msg!("personal data erased: {}", name));
    Ok(redirect(&format!(
        "/t/{tid}/manage/players?done={}",
        url_encode(&done)
    )))
}
