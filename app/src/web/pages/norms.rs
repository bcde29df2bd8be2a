//! Title norms and the rating report (issue 35): the staff's Norms page,
//! `/t/{tid}/manage/norms` (the event facts form, each player's norm results
//! requirement by requirement, the forecast before the last round, the B.02
//! rating changes, links to the certificates), the documents it links (IT1
//! per norm, IT3, the rating report as PDF and as TRF), and the public norm
//! summary `/t/{tid}/norms`, shown only once the event is final.
//!
//! The numbers are `domain::norms::report`'s, which reads them from the
//! `pairing` crate (FIDE Handbook B.01 art. 1.4, B.02).

use super::staff::FormError;
use super::{
    form_pairs, just_saved, page, viewer_of, Base, PageError, Post, TournamentNav, Viewer,
};
use crate::db::DbConnection;
use crate::domain::ids::TournamentId;
use crate::domain::norms::{self, NormFactsFields, NormsReport, EVENT_KINDS, LARGE_SWISS};
use crate::domain::{require_role, Audience, DomainError, DomainResult, Role};
use crate::i18n::Lang;
use crate::pdf;
use crate::web::auth::SESSION_COOKIE;
use crate::web::AppState;
use crate::web::{Cx, Tid};
use actix_web::http::header;
use actix_web::{web, HttpRequest, HttpResponse};
use askama::Template;
use pairing::norms::{NormResult, Outcome};

/// One requirement as the page shows it.
pub struct RequirementRow {
    pub clause: String,
    /// The i18n key of the requirement's name.
    pub key: &'static str,
    /// `norms_holds`, `norms_fails` or `norms_exempt`.
    pub state: &'static str,
    pub detail: String,
}

/// One title judged for a player.
pub struct ResultRow {
    pub title: &'static str,
    pub achieved: bool,
    pub games: u32,
    pub score: String,
    pub percent: i32,
    pub average: String,
    pub performance: String,
    pub requirements: Vec<RequirementRow>,
}

/// A player's norm results.
pub struct PlayerRow {
    pub start_no: u32,
    pub name: String,
    pub title: String,
    pub federation: String,
    pub results: Vec<ResultRow>,
    /// The results for machines (`data-results`): `TITLE:achieved:games:
    /// score in half-points:average:performance`, `;` between titles.
    pub data: String,
}

impl PlayerRow {
    pub fn best(&self) -> Option<&'static str> {
        self.results.iter().find(|r| r.achieved).map(|r| r.title)
    }
}

/// One title of the forecast.
pub struct ForecastTitle {
    pub title: &'static str,
    pub already: bool,
    /// The smallest score in the remaining games that always gives the norm.
    pub needs: Option<String>,
    /// Scores that give it with some results only.
    pub sometimes: Vec<String>,
}

pub struct ForecastRow {
    pub start_no: u32,
    pub name: String,
    /// `round: opponent` of each remaining game.
    pub remaining: Vec<String>,
    pub of: String,
    pub titles: Vec<ForecastTitle>,
}

/// A player's B.02 result.
pub struct RatingRow {
    pub start_no: u32,
    pub name: String,
    pub fide_id: String,
    pub rating: String,
    pub k: String,
    pub games: usize,
    pub change: String,
    pub new_rating: String,
    /// An unrated player's first rating from this event, if any.
    pub first_rating: String,
    /// Whether this event alone publishes it (art. 8.2).
    pub first_complete: bool,
}

/// A norm achieved, with the link to its certificate.
pub struct NormLink {
    pub start_no: u32,
    pub name: String,
    pub title: &'static str,
    pub federation: String,
    pub games: u32,
    pub score: String,
    pub average: String,
    pub performance: String,
}

fn result_row(r: &NormResult) -> ResultRow {
    ResultRow {
        title: r.title.code(),
        achieved: r.achieved,
        games: r.games,
        score: pdf::points_text(r.score),
        percent: r.percent,
        average: r.average.map(|a| a.to_string()).unwrap_or_default(),
        performance: r.performance.map(|a| a.to_string()).unwrap_or_default(),
        requirements: r
            .requirements
            .iter()
            .map(|q| RequirementRow {
                clause: q.clause.clone(),
                key: requirement_key(&q.key),
                state: if q.exempt {
                    "norms_exempt"
                } else if q.holds {
                    "norms_holds"
                } else {
                    "norms_fails"
                },
                detail: q.detail.clone(),
            })
            .collect(),
    }
}

/// `PlayerRow::data` of a player's results.
pub fn results_data(results: &[NormResult]) -> String {
    results
        .iter()
        .map(|r| {
            format!(
                "{}:{}:{}:{}:{}:{}",
                r.title.code(),
                u8::from(r.achieved),
                r.games,
                r.score,
                r.average.unwrap_or(0),
                r.performance.unwrap_or(0)
            )
        })
        .collect::<Vec<_>>()
        .join(";")
}

/// The i18n key naming a requirement (`Requirement::key` of the crate).
fn requirement_key(key: &str) -> &'static str {
    match key {
        "games" => "norms_req_games",
        "titled" => "norms_req_titled",
        "title-or-higher" => "norms_req_title_or_higher",
        "foreign-federations" => "norms_req_foreign_federations",
        "own-federation" => "norms_req_own_federation",
        "one-federation" => "norms_req_one_federation",
        "average" => "norms_req_average",
        "performance" => "norms_req_performance",
        _ => "norms_req_score",
    }
}

fn norm_links(r: &NormsReport) -> Vec<NormLink> {
    r.achieved()
        .into_iter()
        .map(|(p, n)| NormLink {
            start_no: p.start_no,
            name: pdf::titled(&p.title, &p.name),
            title: n.title.code(),
            federation: p.federation.clone(),
            games: n.games,
            score: pdf::points_text(n.score),
            average: n.average.map(|a| a.to_string()).unwrap_or_default(),
            performance: n.performance.map(|a| a.to_string()).unwrap_or_default(),
        })
        .collect()
}

#[derive(Template)]
#[template(path = "manage_norms.html")]
pub struct NormsPage {
    pub base: Base,
    pub tid: TournamentId,
    pub f: NormFactsFields,
    pub error: FormError,
    pub notice: Option<String>,
    pub rounds_read: u32,
    pub total_rounds: u32,
    pub is_final: bool,
    pub edition: String,
    pub large_swiss: Option<String>,
    pub players: Vec<PlayerRow>,
    pub norms: Vec<NormLink>,
    pub forecast: Vec<ForecastRow>,
    pub ratings: Vec<RatingRow>,
}

impl NormsPage {
    /// The kinds of event: (value, i18n key).
    pub fn kinds(&self) -> Vec<(&'static str, &'static str)> {
        EVENT_KINDS.iter().map(|k| (*k, kind_key(k))).collect()
    }

    /// 1.4.3d choices: (value, i18n key).
    pub fn large_choices(&self) -> Vec<(&'static str, &'static str)> {
        LARGE_SWISS
            .iter()
            .map(|k| {
                (
                    *k,
                    match *k {
                        "yes" => "norms_large_yes",
                        "no" => "norms_large_no",
                        _ => "norms_large_auto",
                    },
                )
            })
            .collect()
    }
}

fn kind_key(kind: &str) -> &'static str {
    match kind {
        "national" => "norms_kind_national",
        "national-team" => "norms_kind_national_team",
        "zonal" => "norms_kind_zonal",
        "team" => "norms_kind_team",
        "world-cup" => "norms_kind_world_cup",
        _ => "norms_kind_ordinary",
    }
}

fn norms_page(
    conn: &mut DbConnection,
    viewer: &Viewer,
    tid: TournamentId,
    typed: Option<(NormFactsFields, FormError)>,
    saved: bool,
) -> DomainResult<NormsPage> {
    require_role(conn, &viewer.actor, tid, &[Role::Organizer, Role::Arbiter])?;
    let nav = TournamentNav::load(conn, viewer, tid, "manage-norms")?;
    let r = norms::report(conn, tid, Audience::Staff)?;
    let (f, error) = typed.unwrap_or_else(|| (NormFactsFields::of(&r.facts), FormError::default()));
    let players = r
        .norms
        .iter()
        .filter(|n| !n.results.is_empty())
        .filter_map(|n| {
            let p = r.player(n.id)?;
            Some(PlayerRow {
                start_no: p.start_no,
                name: p.name.clone(),
                title: p.title.clone(),
                federation: p.federation.clone(),
                results: n.results.iter().map(result_row).collect(),
                data: results_data(&n.results),
            })
        })
        .collect();
    let name_of = |id: u32| {
        r.player(id)
            .map(|p| pdf::titled(&p.title, &p.name))
            .unwrap_or_default()
    };
    let forecast = r
        .forecast
        .iter()
        .filter(|f| !f.titles.is_empty())
        .map(|f| ForecastRow {
            start_no: f.id,
            name: name_of(f.id),
            remaining: f
                .remaining
                .iter()
                .map(|(round, o)| {
                    format!("{round}: {}", o.map(name_of).unwrap_or_else(|| "–".into()))
                })
                .collect(),
            of: pdf::points_text(2 * f.remaining.len() as i32),
            titles: f
                .titles
                .iter()
                .map(|t| ForecastTitle {
                    title: t.title.code(),
                    already: t.already,
                    needs: t.needs.map(pdf::points_text),
                    sometimes: t
                        .by_score
                        .iter()
                        .filter(|(s, o)| *o == Outcome::Sometimes && t.needs.is_none_or(|n| *s < n))
                        .map(|(s, _)| pdf::points_text(*s))
                        .collect(),
                })
                .collect(),
        })
        .collect();
    let ratings = rating_rows(&r);
    let title = format!("{} · {}", viewer.tr().t("norms_title"), nav.name);
    Ok(NormsPage {
        base: Base::new(viewer, title, Some(nav)),
        tid,
        f,
        error,
        notice: saved.then(|| viewer.tr().t("norms_facts_saved").to_string()),
        rounds_read: r.rounds_read,
        total_rounds: r.total_rounds,
        is_final: r.is_final,
        edition: norms::edition_year(r.edition).to_string(),
        large_swiss: r.large_swiss.as_ref().map(|c| c.detail.clone()),
        norms: norm_links(&r),
        players,
        forecast,
        ratings,
    })
}

/// The B.02 table of the report.
pub fn rating_rows(r: &NormsReport) -> Vec<RatingRow> {
    r.ratings
        .iter()
        .filter_map(|c| {
            let p = r.player(c.id)?;
            Some(RatingRow {
                start_no: p.start_no,
                name: pdf::titled(&p.title, &p.name),
                fide_id: p.fide_id.map(|i| i.to_string()).unwrap_or_default(),
                rating: c.rating.map(|x| x.to_string()).unwrap_or_default(),
                k: c.k.map(|x| x.to_string()).unwrap_or_default(),
                games: c.games.len(),
                change: c.change.map(|x| format!("{x:+}")).unwrap_or_default(),
                new_rating: c.new_rating.map(|x| x.to_string()).unwrap_or_default(),
                first_rating: c
                    .initial
                    .as_ref()
                    .and_then(|i| i.rating)
                    .map(|x| x.to_string())
                    .unwrap_or_default(),
                first_complete: c.initial.as_ref().is_some_and(|i| i.complete),
            })
        })
        .collect()
}

/// `GET /t/{tid}/manage/norms`.
pub async fn norms_screen(cx: Cx, Tid(tid): Tid) -> Result<HttpResponse, PageError> {
    let Cx { state, req } = cx;
    let saved = just_saved(&req);
    page(&state, &req, move |conn, viewer| {
        norms_page(conn, viewer, tid, None, saved)
    })
    .await
}

fn read_form(pairs: Vec<(String, String)>) -> (String, NormFactsFields) {
    let mut csrf = String::new();
    let mut f = NormFactsFields::default();
    for (key, value) in pairs {
        match key.as_str() {
            "csrf" => csrf = value,
            "version" => f.version = value,
            "event_kind" => f.event_kind = value,
            "host_federation" => f.host_federation = value,
            "large_swiss" => f.large_swiss = value,
            "chief_arbiter" => f.chief_arbiter = value,
            "deputy_arbiter" => f.deputy_arbiter = value,
            "organizer" => f.organizer = value,
            "rating_period" => f.rating_period = value,
            "outside_fide" => f.outside_fide = value,
            "computers" => f.computers = value,
            _ => {}
        }
    }
    (csrf, f)
}

/// `POST /t/{tid}/manage/norms`: the event facts (`norms::save_facts`, one
/// transaction, one audit row).
pub async fn save_facts(
    cx: Cx,
    Tid(tid): Tid,
    body: web::Payload,
) -> Result<HttpResponse, PageError> {
    let Cx { state, req } = cx;
    let pairs = form_pairs(&req, body, "event_kind").await?;
    let (csrf, fields) = read_form(pairs);
    let post = Post::of(&state, &req, &csrf, tid).await?;
    let typed = fields.clone();
    let op = move |conn: &mut _, actor: &_, f: _| norms::save_facts(conn, actor, tid, &f);
    let to = |_| format!("/t/{tid}/manage/norms?saved=1");
    let again = move |conn: &mut _, v: &_, e| facts_again(conn, v, tid, typed, e);
    post.submit(Ok(fields), op, to, again).await
}

/// The Norms page again with the facts as typed and the problem; a stale
/// form (changed meanwhile) takes the stored version, so saving again works.
fn facts_again(
    conn: &mut DbConnection,
    v: &Viewer,
    tid: TournamentId,
    mut typed: NormFactsFields,
    e: DomainError,
) -> DomainResult<NormsPage> {
    if matches!(e, DomainError::Conflict { .. }) {
        typed.version = norms::facts(conn, tid)?.version.to_string();
    }
    norms_page(conn, v, tid, Some((typed, FormError::of(&e))), false)
}

#[derive(Template)]
#[template(path = "norms.html")]
pub struct PublicNormsPage {
    pub base: Base,
    pub tid: TournamentId,
    pub norms: Vec<NormLink>,
}

/// `GET /t/{tid}/norms`: the norms achieved, once the event is final; a 404
/// before.
pub async fn public_norms(cx: Cx, Tid(tid): Tid) -> Result<HttpResponse, PageError> {
    let Cx { state, req } = cx;
    page(&state, &req, move |conn, viewer| {
        let r = norms::public_summary(conn, tid)?;
        let nav = TournamentNav::load(conn, viewer, tid, "norms")?;
        let title = format!("{} · {}", viewer.tr().t("norms_public_title"), nav.name);
        Ok(PublicNormsPage {
            base: Base::new(viewer, title, Some(nav)),
            tid,
            norms: norm_links(&r),
        })
    })
    .await
}

/// A staff document of `tid`: `make` reads and renders it in one read
/// transaction for the tournament's organizers and arbiters.
async fn staff_document<F>(
    state: &web::Data<AppState>,
    req: &HttpRequest,
    tid: TournamentId,
    content_type: &'static str,
    filename: String,
    make: F,
) -> Result<HttpResponse, PageError>
where
    F: FnOnce(&mut DbConnection, Lang) -> DomainResult<Vec<u8>> + Send + 'static,
{
    let lang = crate::web::lang_of(req);
    let session = req.cookie(SESSION_COOKIE).map(|c| c.value().to_string());
    let path = req.path().to_string();
    let db = state.db.clone();
    let bytes = web::block(move || {
        let viewer = viewer_of(&db, session, lang, path)?;
        db.read(|conn| {
            require_role(conn, &viewer.actor, tid, &[Role::Organizer, Role::Arbiter])?;
            make(conn, lang)
        })
    })
    .await
    .map_err(|e| PageError::new(crate::web::error::AppError::from(e), lang))?
    .map_err(|e| PageError::new(e, lang))?;
    let disposition = if content_type == "application/pdf" {
        "inline"
    } else {
        "attachment"
    };
    Ok(HttpResponse::Ok()
        .content_type(content_type)
        .insert_header((
            header::CONTENT_DISPOSITION,
            format!("{disposition}; filename=\"{filename}\""),
        ))
        .body(bytes))
}

/// `GET /t/{tid}/manage/norms/it1/{n}/{title}`: the norm certificate (IT1) of
/// the player with pairing number `n` for `title` (`GM`, `IM`, `WGM`, `WIM`),
/// in English; a 404 when that norm is not achieved.
pub async fn it1_pdf(
    cx: Cx,
    path: web::Path<(TournamentId, u32, String)>,
) -> Result<HttpResponse, PageError> {
    let Cx { state, req } = cx;
    let (tid, n, title) = path.into_inner();
    let filename = format!("it1-{n}-{}.pdf", title.to_ascii_lowercase());
    staff_document(
        &state,
        &req,
        tid,
        "application/pdf",
        filename,
        move |conn, _| {
            let r = norms::report(conn, tid, Audience::Staff)?;
            match r.result(n, &title) {
                Some(x) if x.achieved => Ok(pdf::norms::render_it1(&r, n, x)),
                _ => Err(DomainError::NotFound(msg!(
                    "the norm certificate of tournament {}",
                    tid
                ))),
            }
        },
    )
    .await
}

/// `GET /t/{tid}/manage/norms/it3`: the tournament report (IT3), in English.
pub async fn it3_pdf(cx: Cx, Tid(tid): Tid) -> Result<HttpResponse, PageError> {
    let Cx { state, req } = cx;
    staff_document(
        &state,
        &req,
        tid,
        "application/pdf",
        "it3.pdf".into(),
        move |conn, _| {
            let r = norms::report(conn, tid, Audience::Staff)?;
            Ok(pdf::norms::render_it3(&r))
        },
    )
    .await
}

/// `GET /t/{tid}/manage/norms/ratings.pdf`: the B.02 rating changes per
/// player and game, in the page's language.
pub async fn ratings_pdf(cx: Cx, Tid(tid): Tid) -> Result<HttpResponse, PageError> {
    let Cx { state, req } = cx;
    staff_document(
        &state,
        &req,
        tid,
        "application/pdf",
        "rating-report.pdf".into(),
        move |conn, lang| {
            let r = norms::report(conn, tid, Audience::Public)?;
            Ok(pdf::norms::render_ratings(&r, crate::i18n::Tr { lang }))
        },
    )
    .await
}

/// `GET /t/{tid}/manage/norms/rating-report.trf`: the FIDE rating report
/// (`norms::rating_report_trf`).
pub async fn rating_report_trf(cx: Cx, Tid(tid): Tid) -> Result<HttpResponse, PageError> {
    let Cx { state, req } = cx;
    staff_document(
        &state,
        &req,
        tid,
        "text/plain; charset=utf-8",
        format!("rating-report-{tid}.trf"),
        move |conn, _| Ok(norms::rating_report_trf(conn, tid)?.into_bytes()),
    )
    .await
}

#[cfg(test)]
mod tests {
    use super::super::posted;
    use super::*;

    #[test]
    fn the_form_is_read_by_name() {
        let pairs = posted(&[
            ("csrf", "t"),
            ("event_kind", "zonal"),
            ("chief_arbiter", "IA Jan Nowak"),
            ("outside_fide", "3, 4"),
            ("computers", "9"),
            ("other", "ignored"),
        ]);
        let (csrf, f) = read_form(pairs);
        assert_eq!(csrf, "t");
        assert_eq!(f.event_kind, "zonal");
        assert_eq!(f.chief_arbiter, "IA Jan Nowak");
        assert_eq!(f.outside_fide, "3, 4");
        assert_eq!(f.computers, "9");
        assert_eq!(f.version, "");
    }
}
