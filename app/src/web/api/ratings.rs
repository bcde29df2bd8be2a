//! Rating lists: upload (streamed to a temporary file, then imported in one
//! transaction), the lists, search, and re-rating a tournament before round 1.

use crate::domain::ids::TournamentId;
use crate::domain::msg::nested;
use crate::domain::rating_list::{
    self, FoundPlayer, ImportList, ListFormat, ListManagerView, RatingListView, Rerate,
    RerateReport, Rollback, TournamentLists,
};
use crate::domain::DomainError;
use crate::web::auth::Credentials;
use crate::web::error::{AppError, ErrorBody};
use crate::web::{read, write_body, AppState, Body};
use crate::web::{Cx, Tid};
use actix_web::http::header;
use actix_web::http::StatusCode;
use actix_web::{web, HttpRequest, HttpResponse};
use serde::Deserialize;
use std::io::Write;
use utoipa::IntoParams;

/// The largest list accepted over HTTP (the FIDE XML list is some 400 MB
/// unpacked); larger files go through `arbiter ratings import`.
pub(crate) const MAX_UPLOAD: u64 = 1 << 30;
/// A list sent as a JSON string is read into memory: keep it small.
const MAX_JSON_UPLOAD: usize = 16 << 20;

#[derive(Deserialize, IntoParams)]
pub struct ImportQuery {
    /// `xml`, `txt` or `csv` (default: recognised from the file's first bytes).
    pub format: Option<String>,
    /// For CSV: which column holds what, e.g. `id=1,name=2,rating=5,sep=;` (see `arbiter ratings import --help`).
    pub map: Option<String>,
    /// The list's date, `YYYY-MM-DD` (default: today).
    pub date: Option<String>,
    /// A label for the list (default: the format and date).
    pub name: Option<String>,
}

/// A unique temporary file, removed when dropped.
pub(crate) struct TempFile(pub(crate) std::path::PathBuf);

impl TempFile {
    pub(crate) fn new() -> TempFile {
        TempFile(std::env::temp_dir().join(format!(
            "arbiter-list-{}-{}",
            std::process::id(),
            crate::domain::users::random_token()
        )))
    }
}

/// The list's layout and CSV mapping as the query (or the page's form) names
/// them: empty is "recognise the layout" and "no mapping".
pub(crate) fn list_options(
    format: Option<&str>,
    map: Option<&str>,
) -> Result<(Option<ListFormat>, Option<rating_list::CsvMap>), DomainError> {
    let format = match format.map(str::trim) {
        None | Some("") => None,
        Some(f) => Some(ListFormat::parse(f).ok_or_else(|| {
            DomainError::invalid("format", msg!("'{}' is not xml, txt or csv", f))
        })?),
    };
    let map = match map.map(str::trim) {
        None | Some("") => None,
        Some(m) => Some(rating_list::CsvMap::parse(m).map_err(|e| {
            DomainError::invalid(
                "map",
                msg!(
                    "the column mapping, at character {}: {}",
                    e.position,
                    nested(e.message)
                ),
            )
        })?),
    };
    Ok((format, map))
}

/// The upload is larger than `MAX_UPLOAD`.
pub(crate) fn too_large() -> AppError {
    AppError::BadRequest {
        status: 413,
        message: msg!("the list is larger than 1 GiB; import it with `arbiter ratings import`"),
    }
}

impl Drop for TempFile {
    fn drop(&mut self) {
        let _ = std::fs::remove_file(&self.0);
    }
}

#[utoipa::path(post, path = "/api/v1/rating-lists", tag = "rating lists",
    params(ImportQuery),
    request_body(content = String, content_type = "application/octet-stream", description = "The list file as FIDE publishes it (combined XML or fixed-width TXT, unzipped) or a national CSV"),
    responses((status = 201, description = "Imported; it replaces the list in use of its source (FIDE or national), which is kept for a rollback", body = RatingListView),
              (status = 401, description = "Not logged in", body = ErrorBody),
              (status = 403, description = "Neither an administrator nor a list manager", body = ErrorBody),
              (status = 413, description = "Larger than 1 GiB", body = ErrorBody),
              (status = 422, description = "The file cannot be read (the error names the line and byte) or the query is invalid", body = ErrorBody)))]
pub async fn import(
    cx: Cx,
    query: web::Query<ImportQuery>,
    body: web::Payload,
) -> Result<HttpResponse, AppError> {
    let Cx { state, req } = cx;
    let v = upload_list(&state, &req, None, query.into_inner(), body).await?;
    Ok(HttpResponse::Created().json(v))
}

/// An upload into `scope` (the server-wide lists, or a tournament's own):
/// who asks is checked before the body is read; the file is streamed to a
/// temporary file, then imported in one transaction (`import_file_into`).
async fn upload_list(
    state: &web::Data<AppState>,
    req: &HttpRequest,
    scope: Option<TournamentId>,
    q: ImportQuery,
    body: web::Payload,
) -> Result<RatingListView, AppError> {
    let creds = Credentials::of(req);
    let db = state.db.clone();
    let actor = web::block(move || creds.actor(&db, true)).await??;
    if actor.user_id.is_none() && !actor.is_admin {
        return Err(DomainError::Unauthenticated.into());
    }
    let db = state.db.clone();
    let a = actor.clone();
    web::block(move || db.read(|conn| rating_list::require_list_scope(conn, &a, scope))).await??;
    let (format, map) = list_options(q.format.as_deref(), q.map.as_deref())?;
    let date = q
        .date
        .unwrap_or_else(|| chrono::Utc::now().format("%Y-%m-%d").to_string());
    let tmp = receive_body(req, body).await?;
    let db = state.db.clone();
    let opts = ListFile {
        format,
        map,
        date,
        name: q.name,
    };
    let v = web::block(move || {
        let v = import_file_into(&db, &actor, scope, &tmp.0, opts);
        drop(tmp);
        v
    })
    .await??;
    Ok(v)
}

/// The request's body in a temporary file: the file itself, or (with the
/// content type `application/json`) a JSON string holding it.
async fn receive_body(req: &HttpRequest, mut body: web::Payload) -> Result<TempFile, AppError> {
    use futures_util::StreamExt;
    let json = req
        .headers()
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|c| c.starts_with("application/json"));
    let tmp = TempFile::new();
    if json {
        // The file as a JSON string (small lists from scripts).
        let too_big = msg!("a list sent as JSON is limited to 16 MiB; send the file itself");
        let bytes = super::exports::file_body(body, MAX_JSON_UPLOAD, too_big).await?;
        let text: String = serde_json::from_slice(&bytes).map_err(|e| {
            DomainError::invalid("file", msg!("the body is not a JSON string: {}", e))
        })?;
        std::fs::write(&tmp.0, text)
            .map_err(|e| AppError::bad_request(msg!("cannot store the upload: {}", e)))?;
    } else {
        let mut out = std::io::BufWriter::new(
            std::fs::File::create(&tmp.0)
                .map_err(|e| AppError::bad_request(msg!("cannot store the upload: {}", e)))?,
        );
        let mut size: u64 = 0;
        while let Some(chunk) = body.next().await {
            let chunk =
                chunk.map_err(|e| AppError::bad_request(msg!("the upload broke off: {}", e)))?;
            size += chunk.len() as u64;
            if size > MAX_UPLOAD {
                return Err(too_large());
            }
            out.write_all(&chunk)
                .map_err(|e| AppError::bad_request(msg!("cannot store the upload: {}", e)))?;
        }
        out.flush()
            .map_err(|e| AppError::bad_request(msg!("cannot store the upload: {}", e)))?;
    }
    Ok(tmp)
}

/// The most an unpacked list may hold (FIDE's combined XML is under 1.5 GB):
/// a zip archive that unpacks to more is refused, not written out.
pub(crate) const MAX_UNZIPPED: u64 = 4 << 30;

/// A zip archive (FIDE's `players_list_xml.zip`, `standard_rating_list.zip`)
/// unpacked into a temporary file: its largest file, at most `MAX_UNZIPPED`
/// bytes. `None` when `path` is not a zip archive.
fn unzip_if_zipped(path: &std::path::Path) -> Result<Option<TempFile>, DomainError> {
    use std::io::{Read, Write};
    let cannot = |e: &dyn std::fmt::Display| {
        DomainError::invalid("file", msg!("cannot read the file: {}", e))
    };
    let mut magic = [0u8; 4];
    let mut f = std::fs::File::open(path).map_err(|e| cannot(&e))?;
    // A local file header, or the end record of an archive with no file.
    let zip_start = [*b"PK\x03\x04", *b"PK\x05\x06"];
    if f.read(&mut magic).map_err(|e| cannot(&e))? < 4 || !zip_start.contains(&magic) {
        return Ok(None);
    }
    // The zip library's sentence is logged, the user reads ours.
    let bad_zip = |e: &dyn std::fmt::Display| {
        log::info!("unreadable zip archive: {e}");
        DomainError::invalid(
            "file",
            msg!("the zip archive cannot be read: it is damaged or not a zip file"),
        )
    };
    let mut archive = zip::ZipArchive::new(std::fs::File::open(path).map_err(|e| cannot(&e))?)
        .map_err(|e| bad_zip(&e))?;
    let largest = (0..archive.len())
        .filter_map(|i| {
            let e = archive.by_index(i).ok()?;
            e.is_file().then(|| (e.size(), i))
        })
        .max()
        .map(|(_, i)| i)
        .ok_or_else(|| DomainError::invalid("file", msg!("the zip archive holds no file")))?;
    let mut entry = archive.by_index(largest).map_err(|e| bad_zip(&e))?;
    let out = TempFile(path.with_extension("unzipped"));
    let mut w = std::io::BufWriter::new(std::fs::File::create(&out.0).map_err(|e| cannot(&e))?);
    let written =
        std::io::copy(&mut (&mut entry).take(MAX_UNZIPPED + 1), &mut w).map_err(|e| bad_zip(&e))?;
    if written > MAX_UNZIPPED {
        return Err(DomainError::invalid(
            "file",
            msg!(
                "the file in the zip archive is larger than {} GiB",
                MAX_UNZIPPED >> 30
            ),
        ));
    }
    w.flush().map_err(|e| cannot(&e))?;
    Ok(Some(out))
}

/// Imports the server-wide list in `path` (the CLI and the upload share this).
pub fn import_file(
    db: &crate::db::Database,
    actor: &crate::domain::Actor,
    path: &std::path::Path,
    format: Option<ListFormat>,
    map: Option<rating_list::CsvMap>,
    date: &str,
    name: Option<String>,
) -> Result<RatingListView, DomainError> {
    let opts = ListFile {
        format,
        map,
        date: date.to_string(),
        name,
    };
    import_file_into(db, actor, None, path, opts)
}

/// How a list file is read: its layout (none: recognised), the CSV mapping,
/// the list's date and a label.
pub struct ListFile {
    pub format: Option<ListFormat>,
    pub map: Option<rating_list::CsvMap>,
    pub date: String,
    pub name: Option<String>,
}

/// Imports the list in `path` into `scope`: the server-wide lists (`None`)
/// or tournament `scope`'s own (`rating_list::import_into`).
pub fn import_file_into(
    db: &crate::db::Database,
    actor: &crate::domain::Actor,
    scope: Option<TournamentId>,
    path: &std::path::Path,
    opts: ListFile,
) -> Result<RatingListView, DomainError> {
    use std::io::{BufRead, BufReader};
    let ListFile {
        format,
        map,
        date,
        name,
    } = opts;
    // FIDE publishes its lists zipped: the archive's file is unpacked first.
    let unzipped = unzip_if_zipped(path)?;
    let path = unzipped.as_ref().map_or(path, |t| t.0.as_path());
    let open = || {
        std::fs::File::open(path)
            .map(|f| BufReader::with_capacity(256 << 10, f))
            .map_err(|e| DomainError::invalid("file", msg!("cannot read the file: {}", e)))
    };
    let format = match format {
        Some(f) => f,
        None => {
            let mut r = open()?;
            let head = r
                .fill_buf()
                .map_err(|e| DomainError::invalid("file", msg!("cannot read the file: {}", e)))?;
            ListFormat::sniff(&head[..head.len().min(4096)])
        }
    };
    let cmd = ImportList {
        format,
        name: name
            .filter(|n| !n.trim().is_empty())
            .unwrap_or_else(|| match format {
                ListFormat::Xml | ListFormat::Txt => format!("FIDE {date}"),
                ListFormat::Csv => format!("national {date}"),
            }),
        list_date: date.to_string(),
    };
    let file = open()?;
    let mut players = rating_list::reader(format, file, map)?;
    db.write(|conn| rating_list::import_into(conn, actor, scope, &cmd, &mut *players))
}

#[utoipa::path(post, path = "/api/v1/rating-lists/rollback", tag = "rating lists", request_body = Rollback,
    responses((status = 200, description = "The list the last import replaced is in use again (and the replaced one kept: a second rollback undoes the first)", body = RatingListView),
              (status = 401, description = "Not logged in", body = ErrorBody),
              (status = 403, description = "Neither an administrator nor a list manager", body = ErrorBody),
              (status = 409, description = "No earlier list of that source is kept", body = ErrorBody)))]
pub async fn rollback(cx: Cx, body: Body<Rollback>) -> Result<HttpResponse, actix_web::Error> {
    let Cx { state, req } = cx;
    // Who asks, before the body is looked at: an outsider's bad body is a 403.
    read(&state, &req, |conn, actor| {
        rating_list::require_list_scope(conn, actor, None)
    })
    .await?;
    let v = write_body(&state, &req, body, move |conn, actor, cmd: Rollback| {
        rating_list::rollback(conn, actor, &cmd)
    })
    .await?;
    Ok(HttpResponse::Ok().json(v))
}

#[derive(Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct ListManagerForm {
    pub username: String,
    /// `true` makes the user a list manager, `false` takes it back.
    pub list_manager: bool,
}

#[utoipa::path(post, path = "/api/v1/rating-lists/managers", tag = "rating lists", request_body = ListManagerForm,
    responses((status = 200, description = "The user may (or may no longer) replace the server-wide lists", body = ListManagerView),
              (status = 401, description = "Not logged in", body = ErrorBody),
              (status = 403, description = "Not an administrator", body = ErrorBody),
              (status = 409, description = "No such user", body = ErrorBody)))]
pub async fn list_manager(
    cx: Cx,
    body: Body<ListManagerForm>,
) -> Result<HttpResponse, actix_web::Error> {
    let Cx { state, req } = cx;
    // Only an administrator, decided before the body is looked at.
    read(&state, &req, |_, actor| {
        rating_list::require_administrator(actor)
    })
    .await?;
    let v = write_body(
        &state,
        &req,
        body,
        move |conn, actor, f: ListManagerForm| {
            rating_list::grant_list_manager(conn, actor, &f.username, f.list_manager)
        },
    )
    .await?;
    Ok(HttpResponse::Ok().json(v))
}

#[utoipa::path(get, path = "/api/v1/rating-lists", tag = "rating lists",
    responses((status = 200, description = "The lists in use (one per source)", body = [RatingListView])))]
pub async fn lists(state: web::Data<AppState>, req: HttpRequest) -> Result<HttpResponse, AppError> {
    let v = read(&state, &req, move |conn, _| rating_list::lists(conn)).await?;
    Ok(HttpResponse::Ok().json(v))
}

#[derive(Deserialize, IntoParams)]
pub struct SearchQuery {
    /// A FIDE or national id (digits), or the beginning of a name ("Kowalski, J", "kowalski j"; diacritics and case do not matter). Text without a letter or digit finds no one.
    #[param(min_length = 1)]
    pub q: String,
    /// At most this many players (default 20, at most 100).
    pub limit: Option<i64>,
    /// A tournament: the lists it registers from are searched (its own list of a source instead of the server-wide one), and each player carries the rating, K and title a registration there takes.
    #[param(value_type = Option<i32>)]
    pub tid: Option<TournamentId>,
}

#[utoipa::path(get, path = "/api/v1/rating-lists/search", tag = "rating lists",
    params(SearchQuery),
    responses((status = 200, description = "Players of the lists, by id or by name in name order", body = [FoundPlayer]),
              (status = 404, description = "No such tournament (`tid`)", body = ErrorBody),
              (status = 422, description = "An empty query", body = ErrorBody)))]
pub async fn search(cx: Cx, query: web::Query<SearchQuery>) -> Result<HttpResponse, AppError> {
    let Cx { state, req } = cx;
    let q = query.into_inner();
    let v = read(&state, &req, move |conn, _| {
        let mut found = rating_list::search_for(conn, q.tid, &q.q, q.limit.unwrap_or(20))?;
        if let Some(tid) = q.tid {
            rating_list::for_event(conn, tid, &mut found)?;
        }
        Ok(found)
    })
    .await?;
    Ok(HttpResponse::Ok().json(v))
}

#[utoipa::path(post, path = "/api/v1/tournaments/{tid}/rerate", tag = "rating lists", request_body = Rerate,
    params(("tid" = i32, Path, description = "Tournament id")),
    responses((status = 200, description = "The changes from the FIDE list (applied unless `preview`)", body = RerateReport),
              (status = 401, description = "Not logged in", body = ErrorBody),
              (status = 403, description = "Not organizer or arbiter here", body = ErrorBody),
              (status = 409, description = "Round 1 is paired, or no FIDE list is imported", body = ErrorBody)))]
pub async fn rerate(
    cx: Cx,
    Tid(tid): Tid,
    body: Body<Rerate>,
) -> Result<HttpResponse, actix_web::Error> {
    cx.write_json(body, StatusCode::OK, move |conn, actor, cmd| {
        rating_list::rerate(conn, actor, tid, cmd)
    })
    .await
}

#[utoipa::path(post, path = "/api/v1/tournaments/{tid}/rating-lists", tag = "rating lists",
    params(("tid" = i32, Path, description = "Tournament id"), ImportQuery),
    request_body(content = String, content_type = "application/octet-stream", description = "The list file, as for `POST /api/v1/rating-lists`: FIDE's combined XML or fixed-width TXT (zipped or not) or a national CSV"),
    responses((status = 201, description = "Imported as this tournament's own list of its source (FIDE or national): its registration, search and re-rating read it instead of the server-wide one; the own list it replaces is kept for a rollback", body = RatingListView),
              (status = 401, description = "Not logged in", body = ErrorBody),
              (status = 403, description = "Not the tournament's organizer (nor an administrator)", body = ErrorBody),
              (status = 404, description = "No such tournament", body = ErrorBody),
              (status = 413, description = "Larger than 1 GiB", body = ErrorBody),
              (status = 422, description = "The file cannot be read (the error names the line and byte) or the query is invalid", body = ErrorBody)))]
pub async fn import_own(
    cx: Cx,
    Tid(tid): Tid,
    query: web::Query<ImportQuery>,
    body: web::Payload,
) -> Result<HttpResponse, AppError> {
    let Cx { state, req } = cx;
    let v = upload_list(&state, &req, Some(tid), query.into_inner(), body).await?;
    crate::web::touched(&state, Some(tid)).await;
    Ok(HttpResponse::Created().json(v))
}

#[utoipa::path(get, path = "/api/v1/tournaments/{tid}/rating-lists", tag = "rating lists",
    params(("tid" = i32, Path, description = "Tournament id")),
    responses((status = 200, description = "The tournament's own lists, those kept for a rollback, and the lists it registers from", body = TournamentLists),
              (status = 401, description = "Not logged in", body = ErrorBody),
              (status = 403, description = "Not organizer or arbiter here", body = ErrorBody),
              (status = 404, description = "No such tournament", body = ErrorBody)))]
pub async fn own_lists(cx: Cx, Tid(tid): Tid) -> Result<HttpResponse, AppError> {
    cx.read_json(move |conn, actor| rating_list::tournament_lists(conn, actor, tid))
        .await
}

#[utoipa::path(post, path = "/api/v1/tournaments/{tid}/rating-lists/rollback", tag = "rating lists", request_body = Rollback,
    params(("tid" = i32, Path, description = "Tournament id")),
    responses((status = 200, description = "The tournament's own list its last import replaced is in use again (a second rollback undoes the first); with none, its own list is put aside and the server-wide list read again", body = TournamentLists),
              (status = 401, description = "Not logged in", body = ErrorBody),
              (status = 403, description = "Not the tournament's organizer (nor an administrator)", body = ErrorBody),
              (status = 404, description = "No such tournament", body = ErrorBody),
              (status = 409, description = "The tournament has no list of that source of its own", body = ErrorBody)))]
pub async fn rollback_own(
    cx: Cx,
    Tid(tid): Tid,
    body: Body<Rollback>,
) -> Result<HttpResponse, actix_web::Error> {
    let Cx { state, req } = cx;
    // Who asks, before the body is looked at: an outsider's bad body is a 403.
    read(&state, &req, move |conn, actor| {
        rating_list::require_list_scope(conn, actor, Some(tid))
    })
    .await?;
    let v = write_body(&state, &req, body, move |conn, actor, cmd: Rollback| {
        rating_list::rollback_own(conn, actor, tid, &cmd)
    })
    .await?;
    Ok(HttpResponse::Ok().json(v))
}
