//! The rating lists page: the lists in use (name, date, players), an upload
//! form for an administrator or a list manager (a file posted as
//! `multipart/form-data`, streamed to a temporary file under the API's limit
//! and imported by the API's own `import_file`), the rollback of a source's
//! last import, and the list managers an administrator appoints.

use super::staff::FormError;
use super::{page, page_for, redirect, url_encode, Base, PageError, Post, Viewer};
use crate::db::DbConnection;
use crate::domain::ids::TournamentId;
use crate::domain::rating_list::{self, ListSource, RatingListView, Rollback};
use crate::domain::{DomainError, DomainResult};
use crate::web::api::ratings::{
    import_file_into, list_options, too_large, ListFile, TempFile, MAX_UPLOAD,
};
use crate::web::error::AppError;
use crate::web::AppState;
use crate::web::Cx;
use actix_web::http::{header, StatusCode};
use actix_web::{web, HttpRequest, HttpResponse};
use askama::Template;
use serde::Deserialize;
use std::io::Write;

/// The upload form's fields as typed (kept when the page comes back).
#[derive(Clone, Debug, Default)]
pub struct UploadFields {
    pub format: String,
    pub map: String,
    pub name: String,
    pub date: String,
}

#[derive(Template)]
#[template(path = "rating_lists.html")]
pub struct RatingListsPage {
    pub base: Base,
    pub lists: Vec<RatingListView>,
    /// The viewer may load and roll back lists.
    pub manager: bool,
    /// The viewer appoints list managers.
    pub admin: bool,
    pub managers: Vec<String>,
    pub f: UploadFields,
    pub error: FormError,
    pub notice: Option<String>,
    /// A rollback asked for without `confirm=1`: the source and the question.
    pub pending: Option<(String, String)>,
}

impl RatingListsPage {
    pub fn invalid(&self, field: &str) -> bool {
        self.error.at(field).is_some()
    }
    /// A source's word as the page shows it.
    pub fn source_name(&self, s: &ListSource) -> &'static str {
        self.base.tr.t(source_key(s))
    }
}

/// The translation key of a source's word (this page and the tournament's own
/// lists, `tournament_lists.rs`).
pub(super) fn source_key(s: &ListSource) -> &'static str {
    match s {
        ListSource::Fide => "rl_source_fide",
        ListSource::National => "rl_source_national",
    }
}

fn lists_page(
    conn: &mut DbConnection,
    viewer: &Viewer,
    f: UploadFields,
    error: FormError,
    notice: Option<String>,
    pending: Option<(String, String)>,
) -> DomainResult<RatingListsPage> {
    if viewer.actor.user_id.is_none() && !viewer.actor.is_admin {
        return Err(DomainError::Unauthenticated);
    }
    let manager = rating_list::may_manage_lists(conn, &viewer.actor)?;
    Ok(RatingListsPage {
        base: Base::new(viewer, viewer.tr().t("rl_title"), None),
        lists: rating_list::lists(conn)?,
        manager,
        admin: viewer.actor.is_admin,
        managers: rating_list::list_managers(conn)?,
        f,
        error,
        notice,
        pending,
    })
}

/// `GET /rating-lists`
pub async fn rating_lists(cx: Cx) -> Result<HttpResponse, PageError> {
    let Cx { state, req } = cx;
    let notice = super::query(&req, "done");
    page(&state, &req, move |conn, viewer| {
        lists_page(
            conn,
            viewer,
            UploadFields::default(),
            FormError::default(),
            notice,
            None,
        )
    })
    .await
}

/// The page again after a post, with the problem at its field (or a notice).
async fn again(
    state: &web::Data<AppState>,
    viewer: &Viewer,
    status: StatusCode,
    f: UploadFields,
    e: Option<DomainError>,
    pending: Option<(String, String)>,
) -> Result<HttpResponse, PageError> {
    let error = e
        .map(|e| FormError::of(&crate::i18n::errors::localized(e, viewer.lang)))
        .unwrap_or_default();
    page_for(state, viewer, status, move |conn, v| {
        lists_page(conn, v, f, error, None, pending)
    })
    .await
}

fn done(text: String) -> HttpResponse {
    redirect(&format!("/rating-lists?done={}", url_encode(&text)))
}

#[derive(Deserialize, Default)]
#[serde(default)]
pub struct CsrfQuery {
    pub csrf: String,
}

/// `POST /rating-lists/upload?csrf=…`: the token in the address, so that the
/// role is checked before the body (the file) is read.
pub async fn upload(
    cx: Cx,
    query: web::Query<CsrfQuery>,
    body: web::Payload,
) -> Result<HttpResponse, PageError> {
    let Cx { state, req } = cx;
    let post = Post::of(&state, &req, &query.csrf, None).await?;
    let check = post.read(rating_list::require_list_manager);
    check.await?.map_err(|e| post.fail(e))?;
    let viewer = post.viewer;
    let tmp = TempFile::new();
    let (f, r) = match receive(&req, body, &tmp).await {
        Ok((f, size)) => {
            let r = import_upload(&state, &viewer, None, (&f, size), tmp).await?;
            (f, r)
        }
        Err(AppError::Domain(e)) => (UploadFields::default(), Err(e)),
        Err(e) => return Err(PageError::new(e, viewer.lang)),
    };
    let r = r.map(|v| {
        format!(
            "{}: {} {}",
            v.name,
            v.players,
            viewer.tr().t("rl_players_loaded")
        )
    });
    answer(&state, &viewer, r, f).await
}

/// The received file (its form's fields and size) imported into `scope` by
/// the API's `import_file_into` (one transaction, one audit row); the
/// temporary file is removed after.
pub(super) async fn import_upload(
    state: &web::Data<AppState>,
    viewer: &Viewer,
    scope: Option<TournamentId>,
    (f, size): (&UploadFields, u64),
    tmp: TempFile,
) -> Result<DomainResult<RatingListView>, PageError> {
    let (format, map) = match (size, list_options(Some(&f.format), Some(&f.map))) {
        (0, _) => {
            return Ok(Err(DomainError::invalid(
                "file",
                msg!("choose the list's file"),
            )))
        }
        (_, Err(e)) => return Ok(Err(e)),
        (_, Ok(options)) => options,
    };
    let (db, actor, name) = (state.db.clone(), viewer.actor.clone(), f.name.clone());
    let date = Some(f.date.trim().to_string()).filter(|d| !d.is_empty());
    let date = date.unwrap_or_else(|| chrono::Utc::now().format("%Y-%m-%d").to_string());
    let opts = ListFile {
        format,
        map,
        date,
        name: Some(name),
    };
    web::block(move || import_file_into(&db, &actor, scope, &tmp.0, opts))
        .await
        .map_err(|e| PageError::new(AppError::from(e), viewer.lang))
}

/// After a post: the page with the notice `text`, or the page again with a
/// problem the user can put right (422 or 409, as the API answers), or an
/// error page.
async fn answer(
    state: &web::Data<AppState>,
    viewer: &Viewer,
    r: DomainResult<String>,
    f: UploadFields,
) -> Result<HttpResponse, PageError> {
    match r {
        Ok(text) => Ok(done(text)),
        Err(
            e @ (DomainError::Invalid { .. }
            | DomainError::Conflict { .. }
            | DomainError::ConflictOn { .. }),
        ) => {
            let status = crate::web::error::domain_status(&e);
            again(state, viewer, status, f, Some(e), None).await
        }
        Err(e) => Err(PageError::new(e, viewer.lang)),
    }
}

/// Reads the multipart body: the small fields kept, the file streamed to
/// `tmp` (at most `MAX_UPLOAD` bytes). Answers the fields and the file's size.
pub(super) async fn receive(
    req: &HttpRequest,
    mut body: web::Payload,
    tmp: &TempFile,
) -> Result<(UploadFields, u64), AppError> {
    use futures_util::StreamExt;
    let boundary = req
        .headers()
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .and_then(boundary_of)
        .ok_or_else(|| DomainError::invalid("file", msg!("send the list's file from the form")))?;
    let store = |e: std::io::Error| AppError::bad_request(msg!("cannot store the upload: {}", e));
    let mut out = std::io::BufWriter::new(std::fs::File::create(&tmp.0).map_err(store)?);
    let mut parts = Multipart::new(&boundary);
    while let Some(chunk) = body.next().await {
        let chunk =
            chunk.map_err(|e| AppError::bad_request(msg!("the upload broke off: {}", e)))?;
        parts
            .feed(&chunk, &mut out)
            .map_err(|m| DomainError::invalid("file", m))?;
        if parts.file_bytes > MAX_UPLOAD {
            return Err(too_large());
        }
    }
    out.flush().map_err(store)?;
    let f = UploadFields {
        format: parts.field("format"),
        map: parts.field("map"),
        name: parts.field("name"),
        date: parts.field("date"),
    };
    Ok((f, parts.file_bytes))
}

/// The boundary of a `multipart/form-data` content type.
fn boundary_of(content_type: &str) -> Option<String> {
    if !content_type.trim_start().starts_with("multipart/form-data") {
        return None;
    }
    content_type.split(';').find_map(|p| {
        let p = p.trim();
        p.strip_prefix("boundary=")
            .map(|b| b.trim_matches('"').to_string())
            .filter(|b| !b.is_empty() && b.len() <= 200)
    })
}

enum State {
    Preamble,
    AfterDelimiter,
    Headers,
    Field(String, Vec<u8>),
    File,
    Done,
}

/// A `multipart/form-data` body (RFC 7578) read as it arrives, chunk by
/// chunk: the text fields kept (each at most 64 KiB), the one file part
/// written out, never the whole body in memory.
pub struct Multipart {
    delimiter: Vec<u8>,
    buf: Vec<u8>,
    state: State,
    pub fields: Vec<(String, String)>,
    pub file_bytes: u64,
}

impl Multipart {
    /// The value of text field `name` (empty when not sent).
    pub fn field(&self, name: &str) -> String {
        self.fields
            .iter()
            .find(|(k, _)| k == name)
            .map(|(_, v)| v.clone())
            .unwrap_or_default()
    }

    pub fn new(boundary: &str) -> Multipart {
        Multipart {
            delimiter: format!("\r\n--{boundary}").into_bytes(),
            // The first boundary follows no line break: one is put before it.
            buf: b"\r\n".to_vec(),
            state: State::Preamble,
            fields: Vec::new(),
            file_bytes: 0,
        }
    }

    fn find(&self, needle: &[u8]) -> Option<usize> {
        self.buf.windows(needle.len()).position(|w| w == needle)
    }

    /// The next bytes of the body.
    pub fn feed(&mut self, chunk: &[u8], out: &mut impl Write) -> Result<(), crate::domain::Msg> {
        self.buf.extend_from_slice(chunk);
        loop {
            match &mut self.state {
                State::Done => {
                    self.buf.clear();
                    return Ok(());
                }
                State::Preamble => match self.find(&self.delimiter.clone()) {
                    Some(at) => {
                        self.buf.drain(..at + self.delimiter.len());
                        self.state = State::AfterDelimiter;
                    }
                    None => {
                        let keep = self.buf.len().saturating_sub(self.delimiter.len());
                        self.buf.drain(..keep);
                        return Ok(());
                    }
                },
                State::AfterDelimiter => {
                    if self.buf.len() < 2 {
                        return Ok(());
                    }
                    match &self.buf[..2] {
                        b"--" => self.state = State::Done,
                        b"\r\n" => {
                            self.buf.drain(..2);
                            self.state = State::Headers;
                        }
                        _ => return Err(msg!("the form's body is not multipart/form-data")),
                    }
                }
                State::Headers => {
                    let Some(end) = self.find(b"\r\n\r\n") else {
                        if self.buf.len() > 16 << 10 {
                            return Err(msg!("the form's body is not multipart/form-data"));
                        }
                        return Ok(());
                    };
                    let head = String::from_utf8_lossy(&self.buf[..end]).to_string();
                    self.buf.drain(..end + 4);
                    let (name, file) = disposition(&head);
                    self.state = if file {
                        State::File
                    } else {
                        State::Field(name, Vec::new())
                    };
                }
                State::Field(_, _) | State::File => {
                    let found = self.find(&self.delimiter.clone());
                    let upto = found.unwrap_or(self.buf.len().saturating_sub(self.delimiter.len()));
                    let data: Vec<u8> = self.buf.drain(..upto).collect();
                    match &mut self.state {
                        State::Field(_, v) => {
                            v.extend_from_slice(&data);
                            if v.len() > 64 << 10 {
                                return Err(msg!("the form's body is not multipart/form-data"));
                            }
                        }
                        _ => {
                            self.file_bytes += data.len() as u64;
                            out.write_all(&data)
                                .map_err(|e| msg!("cannot store the upload: {}", e))?;
                        }
                    }
                    if found.is_none() {
                        return Ok(());
                    }
                    self.buf.drain(..self.delimiter.len());
                    if let State::Field(name, v) =
                        std::mem::replace(&mut self.state, State::AfterDelimiter)
                    {
                        self.fields
                            .push((name, String::from_utf8_lossy(&v).to_string()));
                    }
                }
            }
        }
    }
}

/// The field's name of a part's headers, and whether it is a file.
fn disposition(head: &str) -> (String, bool) {
    let line = head
        .lines()
        .find(|l| l.to_ascii_lowercase().starts_with("content-disposition:"))
        .unwrap_or("");
    let mut name = String::new();
    let mut file = false;
    for p in line.split(';').map(str::trim) {
        if let Some(n) = p.strip_prefix("name=") {
            name = n.trim_matches('"').to_string();
        } else if p.starts_with("filename=") {
            file = true;
        }
    }
    (name, file)
}

#[derive(Deserialize, Default)]
#[serde(default)]
pub struct RollbackForm {
    pub csrf: String,
    pub source: String,
    pub confirm: String,
}

/// `POST /rating-lists/rollback`: the source's previous list back in use,
/// after a confirmation (the script's dialog, or the page's own question).
pub async fn rollback(cx: Cx, form: web::Form<RollbackForm>) -> Result<HttpResponse, PageError> {
    let Cx { state, req } = cx;
    let f = form.into_inner();
    let post = Post::of(&state, &req, &f.csrf, None).await?;
    let source = ListSource::parse(f.source.trim())
        .ok_or_else(|| DomainError::invalid("source", msg!("choose the list: fide or national")));
    if let (Ok(source), false) = (&source, f.confirm.trim() == "1") {
        let q = post.tr().t("rl_rollback_confirm").to_string();
        let pending = Some((source.as_str().to_string(), q));
        return again(
            &state,
            &post.viewer,
            StatusCode::OK,
            Default::default(),
            None,
            pending,
        )
        .await;
    }
    let op = move |conn: &mut _, actor: &_, source| {
        rating_list::rollback(conn, actor, &Rollback { source })
    };
    let r = post.run(source, op).await?;
    let r = r.map(|v| format!("{}: {}", v.name, post.tr().t("rl_in_use_again")));
    answer(&state, &post.viewer, r, Default::default()).await
}

#[derive(Deserialize, Default)]
#[serde(default)]
pub struct ManagerForm {
    pub csrf: String,
    pub username: String,
    pub list_manager: String,
}

/// `POST /rating-lists/managers`: an administrator makes a user a list
/// manager (`list_manager=1`) or takes it back.
pub async fn managers(cx: Cx, form: web::Form<ManagerForm>) -> Result<HttpResponse, PageError> {
    let Cx { state, req } = cx;
    let f = form.into_inner();
    let post = Post::of(&state, &req, &f.csrf, None).await?;
    let (username, grant) = (f.username.trim().to_string(), f.list_manager == "1");
    let op = move |conn: &mut _, actor: &_, ()| {
        rating_list::grant_list_manager(conn, actor, &username, grant)
    };
    let r = post.run(Ok(()), op).await?;
    let key = if grant {
        "rl_manager_added"
    } else {
        "rl_manager_removed"
    };
    let r = r.map(|v| format!("{}: {}", v.username, post.tr().t(key)));
    answer(&state, &post.viewer, r, Default::default()).await
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(body: &[u8], boundary: &str, chunk: usize) -> (Vec<(String, String)>, Vec<u8>) {
        let mut m = Multipart::new(boundary);
        let mut out = Vec::new();
        for c in body.chunks(chunk) {
            m.feed(c, &mut out).unwrap();
        }
        (m.fields, out)
    }

    #[test]
    fn a_form_with_a_file_in_chunks_of_every_size() {
        let file = "ID Number      Name\r\n--notit\r\n1503014   Carlsen, Magnus\n";
        let body = format!(
            "--XyZ\r\nContent-Disposition: form-data; name=\"format\"\r\n\r\ntxt\r\n\
             --XyZ\r\nContent-Disposition: form-data; name=\"file\"; filename=\"l.txt\"\r\n\
             Content-Type: text/plain\r\n\r\n{file}\r\n\
             --XyZ\r\nContent-Disposition: form-data; name=\"name\"\r\n\r\nFIDE Nov\r\n--XyZ--\r\n"
        );
        for chunk in [1, 2, 3, 7, 16, 64, 4096] {
            let (fields, out) = parse(body.as_bytes(), "XyZ", chunk);
            assert_eq!(out, file.as_bytes(), "chunk {chunk}");
            assert_eq!(
                fields,
                vec![
                    ("format".to_string(), "txt".to_string()),
                    ("name".to_string(), "FIDE Nov".to_string())
                ],
                "chunk {chunk}"
            );
        }
    }

    #[test]
    fn boundaries_from_the_content_type() {
        assert_eq!(
            boundary_of("multipart/form-data; boundary=----WebKit12").as_deref(),
            Some("----WebKit12")
        );
        assert_eq!(
            boundary_of("multipart/form-data; boundary=\"a b\"").as_deref(),
            Some("a b")
        );
        assert_eq!(boundary_of("application/x-www-form-urlencoded"), None);
    }
}
