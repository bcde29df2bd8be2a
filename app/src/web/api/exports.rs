//! Printouts and interchange: PDFs (pairings, results, scoresheets, standings,
//! crosstable, player card), FIDE TRF export and import, PGN export.
//!
//! Reading is public, like the pages: an unpublished round is printed for its
//! staff only. Rendering runs on the blocking pool, after the database work.

use crate::domain::ids::{AdjournmentId, GameId, PlayerId, RoundNo, TournamentId};
use crate::domain::interchange::{self, ImportedTournament};
use crate::domain::{Audience, DomainError, DomainResult};
use crate::i18n::Tr;
use crate::pdf;
use crate::pdf::card::PlayerCard;
use crate::pdf::crosstable::Crosstable;
use crate::pdf::pairings::RoundSheet;
use crate::web::auth::Credentials;
use crate::web::error::{AppError, ErrorBody};
use crate::web::read;
use crate::web::Ids;
use crate::web::{Cx, Tid};
use actix_web::http::header;
use actix_web::{web, HttpRequest, HttpResponse};
use serde::Serialize;
use utoipa::ToSchema;

/// A PDF document (A4).
#[derive(ToSchema)]
#[schema(value_type = String, format = Binary)]
pub struct PdfFile(pub Vec<u8>);

/// A text file (TRF or PGN).
#[derive(ToSchema)]
#[schema(value_type = String)]
pub struct TextFile(pub String);

/// Renders a printout off the async workers, in the caller's language (the
/// language cookie of the pages, else `Accept-Language`: en, pl or cs).
async fn render<D, F>(req: &HttpRequest, data: D, f: F) -> Result<Vec<u8>, AppError>
where
    D: Send + 'static,
    F: FnOnce(&D, Tr) -> Vec<u8> + Send + 'static,
{
    let tr = Tr {
        lang: crate::web::lang_of(req),
    };
    Ok(web::block(move || f(&data, tr)).await?)
}

fn pdf_answer(bytes: Vec<u8>, filename: &str) -> HttpResponse {
    HttpResponse::Ok()
        .content_type("application/pdf")
        .insert_header((
            header::CONTENT_DISPOSITION,
            format!("inline; filename=\"{filename}\""),
        ))
        .body(bytes)
}

fn text_answer(text: String, content_type: &str, filename: &str) -> HttpResponse {
    HttpResponse::Ok()
        .content_type(content_type)
        .insert_header((
            header::CONTENT_DISPOSITION,
            format!("attachment; filename=\"{filename}\""),
        ))
        .body(text)
}

/// A printout of round `n` (an unpublished round for its staff only).
async fn round_pdf(
    cx: Cx,
    tid: TournamentId,
    n: RoundNo,
    what: &str,
    draw: fn(&RoundSheet, Tr) -> Vec<u8>,
) -> Result<HttpResponse, AppError> {
    audience_pdf(
        cx,
        tid,
        format!("{what}-round-{n}.pdf"),
        move |conn, audience| RoundSheet::load(conn, tid, n, audience),
        draw,
    )
    .await
}

/// A printout of tournament `tid` for the caller's audience (staff also see
/// unpublished work): `load` reads its data in one read transaction, `draw`
/// lays it out in the caller's language.
async fn audience_pdf<D, L, F>(
    cx: Cx,
    tid: TournamentId,
    filename: String,
    load: L,
    draw: F,
) -> Result<HttpResponse, AppError>
where
    D: Send + 'static,
    L: FnOnce(&mut crate::db::DbConnection, Audience) -> DomainResult<D> + Send + 'static,
    F: FnOnce(&D, Tr) -> Vec<u8> + Send + 'static,
{
    let Cx { state, req } = cx;
    let data = read(&state, &req, move |conn, actor| {
        let audience = Audience::of(conn, actor, tid)?;
        load(conn, audience)
    })
    .await?;
    let bytes = render(&req, data, draw).await?;
    Ok(pdf_answer(bytes, &filename))
}

/// PGN made by `f` for the caller's audience (staff also see an unpublished
/// round).
async fn pgn_answer<F>(
    cx: Cx,
    tid: TournamentId,
    filename: String,
    f: F,
) -> Result<HttpResponse, AppError>
where
    F: FnOnce(&mut crate::db::DbConnection, Audience) -> DomainResult<String> + Send + 'static,
{
    let text = read(&cx.state, &cx.req, move |conn, actor| {
        let audience = Audience::of(conn, actor, tid)?;
        f(conn, audience)
    })
    .await?;
    Ok(text_answer(
        text,
        "application/x-chess-pgn; charset=utf-8",
        &filename,
    ))
}

#[utoipa::path(get, path = "/api/v1/tournaments/{tid}/rounds/{n}/pairings.pdf", tag = "printouts",
    params(("tid" = i32, Path, description = "Tournament id"), ("n" = i32, Path, description = "Round number")),
    responses((status = 200, description = "The pairing list for the wall (A4, large board numbers)", content_type = "application/pdf", body = PdfFile),
              (status = 404, description = "No such round (or not published yet)", body = ErrorBody)))]
pub async fn pairings_pdf(cx: Cx, Ids(tid, n): Ids<RoundNo>) -> Result<HttpResponse, AppError> {
    round_pdf(cx, tid, n, "pairings", pdf::pairings::render).await
}

#[utoipa::path(get, path = "/api/v1/tournaments/{tid}/rounds/{n}/pairings-by-name.pdf", tag = "printouts",
    params(("tid" = i32, Path, description = "Tournament id"), ("n" = i32, Path, description = "Round number")),
    responses((status = 200, description = "Every player of the round alphabetically, with board, colour and opponent", content_type = "application/pdf", body = PdfFile),
              (status = 404, description = "No such round (or not published yet)", body = ErrorBody)))]
pub async fn pairings_by_name_pdf(
    cx: Cx,
    Ids(tid, n): Ids<RoundNo>,
) -> Result<HttpResponse, AppError> {
    round_pdf(
        cx,
        tid,
        n,
        "pairings-by-name",
        pdf::pairings::render_by_name,
    )
    .await
}

#[utoipa::path(get, path = "/api/v1/tournaments/{tid}/rounds/{n}/results.pdf", tag = "printouts",
    params(("tid" = i32, Path, description = "Tournament id"), ("n" = i32, Path, description = "Round number")),
    responses((status = 200, description = "The round's results", content_type = "application/pdf", body = PdfFile),
              (status = 404, description = "No such round (or not published yet)", body = ErrorBody)))]
pub async fn results_pdf(cx: Cx, Ids(tid, n): Ids<RoundNo>) -> Result<HttpResponse, AppError> {
    round_pdf(cx, tid, n, "results", pdf::results::render).await
}

#[utoipa::path(get, path = "/api/v1/tournaments/{tid}/rounds/{n}/scoresheets.pdf", tag = "printouts",
    params(("tid" = i32, Path, description = "Tournament id"), ("n" = i32, Path, description = "Round number")),
    responses((status = 200, description = "One scoresheet per player and board, names, board, round and colours filled in", content_type = "application/pdf", body = PdfFile),
              (status = 404, description = "No such round (or not published yet)", body = ErrorBody)))]
pub async fn scoresheets_pdf(cx: Cx, Ids(tid, n): Ids<RoundNo>) -> Result<HttpResponse, AppError> {
    round_pdf(cx, tid, n, "scoresheets", pdf::scoresheets::render).await
}

#[utoipa::path(get, path = "/api/v1/tournaments/{tid}/start-list.pdf", tag = "printouts",
    params(("tid" = i32, Path, description = "Tournament id")),
    responses((status = 200, description = "The start list: players by starting number with title, rating, federation and FIDE id", content_type = "application/pdf", body = PdfFile),
              (status = 404, description = "No such tournament", body = ErrorBody)))]
pub async fn start_list_pdf(cx: Cx, Tid(tid): Tid) -> Result<HttpResponse, AppError> {
    audience_pdf(
        cx,
        tid,
        "start-list.pdf".to_string(),
        move |conn, audience| pdf::startlist::StartList::load(conn, tid, audience),
        pdf::startlist::render,
    )
    .await
}

#[utoipa::path(get, path = "/api/v1/tournaments/{tid}/standings.pdf", tag = "printouts",
    params(("tid" = i32, Path, description = "Tournament id")),
    responses((status = 200, description = "Standings with the tournament's tie-breaks", content_type = "application/pdf", body = PdfFile),
              (status = 404, description = "No such tournament", body = ErrorBody)))]
pub async fn standings_pdf(cx: Cx, Tid(tid): Tid) -> Result<HttpResponse, AppError> {
    audience_pdf(
        cx,
        tid,
        "standings.pdf".into(),
        move |conn, audience| {
            Ok((
                crate::domain::tournaments::get(conn, tid, audience)?,
                crate::domain::standings::compute(conn, tid, audience)?,
            ))
        },
        |(t, s), tr| pdf::standings::render(t, s, tr),
    )
    .await
}

#[utoipa::path(get, path = "/api/v1/tournaments/{tid}/crosstable.pdf", tag = "printouts",
    params(("tid" = i32, Path, description = "Tournament id")),
    responses((status = 200, description = "The crosstable, players in rank order", content_type = "application/pdf", body = PdfFile),
              (status = 404, description = "No such tournament", body = ErrorBody)))]
pub async fn crosstable_pdf(cx: Cx, Tid(tid): Tid) -> Result<HttpResponse, AppError> {
    audience_pdf(
        cx,
        tid,
        "crosstable.pdf".into(),
        move |conn, audience| Crosstable::load(conn, tid, audience),
        pdf::crosstable::render,
    )
    .await
}

#[utoipa::path(get, path = "/api/v1/tournaments/{tid}/players/{pid}/card.pdf", tag = "printouts",
    params(("tid" = i32, Path, description = "Tournament id"), ("pid" = i32, Path, description = "Player id")),
    responses((status = 200, description = "The player's card", content_type = "application/pdf", body = PdfFile),
              (status = 404, description = "No such player", body = ErrorBody)))]
pub async fn card_pdf(cx: Cx, Ids(tid, pid): Ids<PlayerId>) -> Result<HttpResponse, AppError> {
    audience_pdf(
        cx,
        tid,
        format!("player-{pid}.pdf"),
        move |conn, audience| PlayerCard::load(conn, tid, pid, audience),
        pdf::card::render,
    )
    .await
}

#[utoipa::path(get, path = "/api/v1/tournaments/{tid}/export.trf", tag = "interchange",
    params(("tid" = i32, Path, description = "Tournament id")),
    responses((status = 200, description = "FIDE Tournament Report File of the published rounds (for the rating report and Swiss-Manager)", content_type = "text/plain", body = TextFile),
              (status = 404, description = "No such tournament", body = ErrorBody)))]
pub async fn export_trf(cx: Cx, Tid(tid): Tid) -> Result<HttpResponse, AppError> {
    let Cx { state, req } = cx;
    let text = read(&state, &req, move |conn, actor| {
        let audience = crate::domain::Audience::of(conn, actor, tid)?;
        interchange::export_trf(conn, tid, audience)
    })
    .await?;
    Ok(text_answer(
        text,
        "text/plain; charset=utf-8",
        &format!("tournament-{tid}.trf"),
    ))
}

/// A TRF that could not be read: where, and what was expected.
#[derive(Serialize, ToSchema)]
pub struct TrfErrorBody {
    /// Always `invalid`, as in every other 422 (`ErrorBody`).
    pub code: crate::web::error::ErrorCode,
    pub error: String,
    /// Always `trf`.
    pub field: String,
    /// 1-based line of the file.
    pub line: Option<usize>,
    /// 1-based column of the line.
    pub column: Option<usize>,
}

/// The body as text: raw TRF (any content type), or a JSON string. Files that
/// are not UTF-8 are read as Windows-1252/Latin-1, as older programs write them.
fn body_text(bytes: &[u8], content_type: &str) -> Result<String, AppError> {
    let text = match std::str::from_utf8(bytes) {
        Ok(s) => s.to_string(),
        Err(_) => bytes.iter().map(|&b| b as char).collect(),
    };
    if content_type.starts_with("application/json") {
        return json_string(&text);
    }
    Ok(text)
}

/// An uploaded file's bytes: 413 with `too_big` past `limit` bytes (read no
/// further), 400 when the body cannot be read.
pub(crate) async fn file_body(
    body: web::Payload,
    limit: usize,
    too_big: crate::domain::Msg,
) -> Result<web::Bytes, AppError> {
    match body.to_bytes_limited(limit).await {
        Ok(Ok(b)) => Ok(b),
        Ok(Err(e)) => Err(AppError::bad_request(msg!(
            "the request body could not be read: {}",
            e
        ))),
        Err(_) => Err(AppError::BadRequest {
            status: 413,
            message: too_big,
        }),
    }
}

/// A file sent as JSON must be a JSON string holding it (the document says
/// so); anything else is a 400, never read as the file itself.
pub(crate) fn json_string(body: &str) -> Result<String, AppError> {
    match serde_json::from_str::<serde_json::Value>(body) {
        Ok(serde_json::Value::String(s)) => Ok(s),
        _ => Err(AppError::bad_request(msg!(
            "a file sent as application/json must be one JSON string holding the file"
        ))),
    }
}

const MAX_TRF_BYTES: usize = 8 << 20;

#[utoipa::path(post, path = "/api/v1/tournaments/import-trf", tag = "interchange",
    request_body(content = String, content_type = "text/plain", description = "The TRF file's text (or a JSON string holding it)"),
    responses((status = 201, description = "Imported as a new tournament with its paired rounds; the caller is its organizer", body = ImportedTournament),
              (status = 401, description = "Not logged in", body = ErrorBody),
              (status = 409, description = "The caller organizes as many tournaments as the server lets one user (`ARBITER_MAX_TOURNAMENTS_PER_USER`, 50 by default; administrators are exempt)", body = ErrorBody),
              (status = 413, description = "The file is larger than 8 MiB", body = ErrorBody),
              (status = 422, description = "The TRF cannot be read (line and column given) or is inconsistent, or it has more players than the server takes (`ARBITER_MAX_PLAYERS`, 2000 by default)", body = TrfErrorBody)))]
pub async fn import_trf(cx: Cx, body: web::Payload) -> Result<HttpResponse, AppError> {
    let Cx { state, req } = cx;
    let creds = Credentials::of(&req);
    let db = state.db.clone();
    let actor = web::block(move || creds.actor(&db, true)).await??;
    if actor.user_id.is_none() && !actor.is_admin {
        return Err(DomainError::Unauthenticated.into());
    }
    let too_big = msg!("the TRF file is larger than 8 MiB");
    let bytes = file_body(body, MAX_TRF_BYTES, too_big).await?;
    let content_type = req
        .headers()
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .unwrap_or("")
        .to_string();
    let text = body_text(&bytes, &content_type)?;
    let parsed = match pairing::trf::parse(&text) {
        Ok(t) => t,
        Err(e) => {
            let (line, column) = interchange::trf_error_position(&e);
            return Ok(HttpResponse::UnprocessableEntity().json(TrfErrorBody {
                code: crate::web::error::ErrorCode::Invalid,
                error: format!("the TRF file cannot be read: {e}"),
                field: "trf".into(),
                line,
                column,
            }));
        }
    };
    interchange::check_trf_size(&parsed, state.limits.max_players)?;
    let (db, max) = (state.db.clone(), state.limits.max_tournaments_per_user);
    let v: ImportedTournament = web::block(move || {
        db.write(|conn| {
            let v = interchange::import_trf(conn, &actor, &parsed)?;
            crate::domain::limits::tournaments_within(conn, &actor, max).map(|()| v)
        })
    })
    .await??;
    Ok(HttpResponse::Created().json(v))
}

#[utoipa::path(get, path = "/api/v1/tournaments/{tid}/games/{gid}.pgn", tag = "interchange",
    params(("tid" = i32, Path, description = "Tournament id"), ("gid" = i32, Path, description = "Game id")),
    responses((status = 200, description = "The game as PGN (the movetext is the result until moves are stored)", content_type = "application/x-chess-pgn", body = TextFile),
              (status = 404, description = "No such game, or a bye", body = ErrorBody)))]
pub async fn game_pgn(cx: Cx, Ids(tid, gid): Ids<GameId>) -> Result<HttpResponse, AppError> {
    pgn_answer(cx, tid, format!("game-{gid}.pgn"), move |conn, audience| {
        interchange::pgn_game_export(conn, tid, gid, audience)
    })
    .await
}

#[utoipa::path(get, path = "/api/v1/tournaments/{tid}/rounds/{n}.pgn", tag = "interchange",
    params(("tid" = i32, Path, description = "Tournament id"), ("n" = i32, Path, description = "Round number")),
    responses((status = 200, description = "The round's games as PGN", content_type = "application/x-chess-pgn", body = TextFile),
              (status = 404, description = "No such round (or not published yet)", body = ErrorBody)))]
pub async fn round_pgn(cx: Cx, Ids(tid, n): Ids<RoundNo>) -> Result<HttpResponse, AppError> {
    pgn_answer(cx, tid, format!("round-{n}.pgn"), move |conn, audience| {
        interchange::pgn_round(conn, tid, n, audience)
    })
    .await
}

#[utoipa::path(get, path = "/api/v1/tournaments/{tid}/tournament.pgn", tag = "interchange",
    params(("tid" = i32, Path, description = "Tournament id")),
    responses((status = 200, description = "Every published game of the tournament as PGN", content_type = "application/x-chess-pgn", body = TextFile),
              (status = 404, description = "No such tournament", body = ErrorBody)))]
pub async fn tournament_pgn(cx: Cx, Tid(tid): Tid) -> Result<HttpResponse, AppError> {
    pgn_answer(
        cx,
        tid,
        format!("tournament-{tid}.pgn"),
        move |conn, audience| interchange::pgn_tournament(conn, tid, audience),
    )
    .await
}

#[utoipa::path(get, path = "/api/v1/tournaments/{tid}/adjournments/{aid}/envelope.pdf", tag = "printouts",
    params(("tid" = i32, Path, description = "Tournament id"), ("aid" = i32, Path, description = "Envelope id")),
    responses((status = 200, description = "The sealed-move envelope with every field of SPEC §7 (never the sealed move)", content_type = "application/pdf", body = PdfFile),
              (status = 403, description = "Envelopes are for the tournament's organizers and arbiters (anonymous callers too)", body = ErrorBody),
              (status = 404, description = "No such envelope", body = ErrorBody)))]
pub async fn envelope_pdf(
    cx: Cx,
    Ids(tid, aid): Ids<AdjournmentId>,
) -> Result<HttpResponse, AppError> {
    audience_pdf(
        cx,
        tid,
        format!("envelope-{aid}.pdf"),
        move |conn, audience| {
            let t = crate::domain::tournaments::get(conn, tid, audience)?;
            let v = crate::domain::adjournments::get(conn, tid, aid, audience)?;
            let mut e = pdf::envelope::AdjournmentEnvelope::from(&v);
            e.tournament = t.regulations.name;
            Ok(e)
        },
        pdf::envelope::render,
    )
    .await
}

#[utoipa::path(get, path = "/api/v1/tournaments/{tid}/team-rounds/{n}/match-sheets.pdf", tag = "printouts",
    params(("tid" = i32, Path, description = "Tournament id"), ("n" = i32, Path, description = "Round number")),
    responses((status = 200, description = "One sheet per match of the team round: teams, boards, players, colours, results and the lines to sign", content_type = "application/pdf", body = PdfFile),
              (status = 404, description = "No such round, or not a team event", body = ErrorBody)))]
pub async fn team_match_sheets_pdf(
    cx: Cx,
    Ids(tid, n): Ids<RoundNo>,
) -> Result<HttpResponse, AppError> {
    audience_pdf(
        cx,
        tid,
        format!("match-sheets-{n}.pdf"),
        move |conn, audience| {
            Ok((
                crate::domain::tournaments::get(conn, tid, audience)?,
                crate::domain::teams::round(conn, tid, n, audience)?,
            ))
        },
        |(t, r), tr| pdf::teams::match_sheets(t, r, tr),
    )
    .await
}

#[utoipa::path(get, path = "/api/v1/tournaments/{tid}/team-standings.pdf", tag = "printouts",
    params(("tid" = i32, Path, description = "Tournament id")),
    responses((status = 200, description = "Team standings with the event's C.07 team tie-breaks", content_type = "application/pdf", body = PdfFile),
              (status = 404, description = "No such tournament, or not a team event", body = ErrorBody)))]
pub async fn team_standings_pdf(cx: Cx, Tid(tid): Tid) -> Result<HttpResponse, AppError> {
    audience_pdf(
        cx,
        tid,
        "team-standings.pdf".into(),
        move |conn, audience| {
            Ok((
                crate::domain::tournaments::get(conn, tid, audience)?,
                crate::domain::teams::standings(conn, tid, audience)?,
            ))
        },
        |(t, s), tr| pdf::teams::standings(t, s, tr),
    )
    .await
}

#[utoipa::path(get, path = "/api/v1/tournaments/{tid}/team-crosstable.pdf", tag = "printouts",
    params(("tid" = i32, Path, description = "Tournament id")),
    responses((status = 200, description = "The team crosstable: game points against each team, teams in standings order", content_type = "application/pdf", body = PdfFile),
              (status = 404, description = "No such tournament, or not a team event", body = ErrorBody)))]
pub async fn team_crosstable_pdf(cx: Cx, Tid(tid): Tid) -> Result<HttpResponse, AppError> {
    audience_pdf(
        cx,
        tid,
        "team-crosstable.pdf".into(),
        move |conn, audience| {
            Ok((
                crate::domain::tournaments::get(conn, tid, audience)?,
                crate::domain::teams::standings(conn, tid, audience)?,
                crate::domain::teams::rounds(conn, tid, audience)?,
            ))
        },
        |(t, s, r), tr| pdf::teams::crosstable(t, s, r, tr),
    )
    .await
}

/// The minimum number of games played on a board for its prize.
#[derive(Debug, serde::Deserialize, utoipa::IntoParams)]
pub struct BoardPrizeQuery {
    /// Games played over the board on that board (default 0).
    pub min_games: Option<u32>,
}

#[utoipa::path(get, path = "/api/v1/tournaments/{tid}/team-boards.pdf", tag = "printouts",
    params(("tid" = i32, Path, description = "Tournament id"), BoardPrizeQuery),
    responses((status = 200, description = "Board prizes: per board, the players with the minimum number of games, best first", content_type = "application/pdf", body = PdfFile),
              (status = 404, description = "No such tournament, or not a team event", body = ErrorBody)))]
pub async fn team_boards_pdf(
    cx: Cx,
    Tid(tid): Tid,
    query: web::Query<BoardPrizeQuery>,
) -> Result<HttpResponse, AppError> {
    let min_games = query.min_games.unwrap_or(0);
    audience_pdf(
        cx,
        tid,
        "board-prizes.pdf".into(),
        move |conn, audience| {
            Ok((
                crate::domain::tournaments::get(conn, tid, audience)?,
                crate::domain::teams::event(conn, tid, audience)?
                    .settings
                    .boards,
                crate::domain::teams::board_stats(conn, tid, audience)?,
            ))
        },
        move |(t, boards, s), tr| pdf::teams::board_prizes(t, s, *boards, min_games, tr),
    )
    .await
}
