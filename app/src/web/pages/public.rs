//! The public pages: no login needed to read.

use super::{cached_page, page, Base, PageError, TournamentNav, Viewer};
use crate::db::DbConnection;
use crate::domain::ids::{GameId, PlayerId, RoundNo, TournamentId};
use crate::domain::kinds::{PlayedColour, PlayerStatus};
use crate::domain::registration::PlayerView;
use crate::domain::rounds::{self, RoundSummary, RoundView};
use crate::domain::standings::{self, StandingsView};
use crate::domain::tournaments::{self, RoundSchedule, TournamentView};
use crate::domain::views::{self, CardView, CrosstableView};
use crate::domain::{DomainError, DomainResult};
use crate::i18n::{tiebreak_help, Lang, Tr, LANG_COOKIE};
use crate::web::Ids;
use crate::web::{Cx, Tid};
use actix_web::cookie::{Cookie, SameSite};
use actix_web::http::header;
use actix_web::{web, HttpRequest, HttpResponse};
use askama::Template;
use serde::Deserialize;

#[derive(Template)]
#[template(path = "tournaments.html")]
pub struct TournamentsPage {
    pub base: Base,
    pub items: Vec<TournamentView>,
    /// Which of them are team events (their line reads "team event", not
    /// the individual system and "0 players").
    pub team_events: Vec<TournamentId>,
}

impl TournamentsPage {
    pub fn is_team(&self, id: &TournamentId) -> bool {
        self.team_events.contains(id)
    }
}

pub async fn tournaments(cx: Cx) -> Result<HttpResponse, PageError> {
    let Cx { state, req } = cx;
    page(&state, &req, |conn, viewer| {
        let items = tournaments::list(conn, &viewer.actor)?;
        let mut team_events = vec![];
        for t in &items {
            if crate::domain::teams::is_team_event(conn, t.id)? {
                team_events.push(t.id);
            }
        }
        Ok(TournamentsPage {
            base: Base::new(viewer, viewer.tr().t("tournaments"), None),
            items,
            team_events,
        })
    })
    .await
}

/// Half-points or tie-break values as written: `3`, `3½`, `12.25`.
pub fn fmt_value(v: f64) -> String {
    crate::pdf::value_text(Some(v))
}

/// (code, name, explanation) of each tie-break in the tournament's order.
fn tiebreak_legend(codes: &[String], lang: Lang) -> Vec<(String, &'static str, &'static str)> {
    codes
        .iter()
        .map(|c| {
            let (name, help) = tiebreak_help(c, lang);
            (c.clone(), name, help)
        })
        .collect()
}

#[derive(Template)]
#[template(path = "tournament.html")]
pub struct TournamentPage {
    pub base: Base,
    pub t: TournamentView,
    pub total_rounds: u32,
    pub time_control: String,
    pub win: String,
    pub draw: String,
    pub loss: String,
    pub tiebreaks: Vec<(String, &'static str, &'static str)>,
    pub rounds: Vec<RoundSummary>,
    pub schedule: Vec<RoundSchedule>,
    /// A team event: its own summary instead of the individual event's.
    pub team: Option<super::team_forms::TeamHome>,
}

fn time_control_text(t: &TournamentView, tr: Tr) -> String {
    let tc = &t.regulations.time_control;
    let fill = |key: &'static str, n: u32| tr.t(key).replace("{n}", &n.to_string());
    let mut parts: Vec<String> = tc
        .periods
        .iter()
        .map(|p| match p.moves {
            Some(m) => format!(
                "{} / {}",
                fill("tc_moves", m),
                fill("tc_minutes", p.minutes)
            ),
            None => fill("tc_minutes", p.minutes),
        })
        .collect();
    if tc.increment_seconds > 0 {
        parts.push(fill("tc_increment", tc.increment_seconds));
    }
    if tc.delay_seconds > 0 {
        parts.push(fill("tc_delay", tc.delay_seconds));
    }
    parts.join(", ")
}

pub async fn tournament(cx: Cx, Tid(tid): Tid) -> Result<HttpResponse, PageError> {
    let Cx { state, req } = cx;
    page(&state, &req, move |conn, viewer| {
        let nav = TournamentNav::load(conn, viewer, tid, "home")?;
        let t = tournaments::get(conn, tid, nav.audience)?;
        let row = tournaments::load(conn, tid)?;
        let total_rounds = rounds::total_rounds(conn, &row)?;
        let rounds: Vec<RoundSummary> = rounds::list(conn, tid, nav.audience)?;
        let p = &t.regulations.points;
        let team = super::team_forms::team_home(conn, viewer, &nav)?;
        Ok(TournamentPage {
            team,
            base: Base::new(viewer, t.regulations.name.clone(), Some(nav)).with_live(tid),
            total_rounds,
            time_control: time_control_text(&t, viewer.tr()),
            win: fmt_value(p.win),
            draw: fmt_value(p.draw),
            loss: fmt_value(p.loss),
            tiebreaks: tiebreak_legend(&t.regulations.tiebreaks, viewer.lang),
            schedule: t.regulations.schedule.clone(),
            rounds,
            t,
        })
    })
    .await
}

#[derive(Template)]
#[template(path = "round.html")]
pub struct RoundPage {
    pub base: Base,
    pub tid: TournamentId,
    pub round: RoundView,
    /// Games with penalties, and how many.
    pub penalised: std::collections::HashMap<GameId, usize>,
}

impl RoundPage {
    pub fn penalties_of(&self, gid: &GameId) -> usize {
        self.penalised.get(gid).copied().unwrap_or(0)
    }
}

/// A round's pairings and results, for `viewer` (staff see unpublished rounds).
pub fn round_page(
    conn: &mut DbConnection,
    viewer: &Viewer,
    tid: TournamentId,
    n: RoundNo,
) -> DomainResult<RoundPage> {
    let nav = TournamentNav::load(conn, viewer, tid, &format!("round-{n}"))?;
    let round = rounds::get(conn, tid, n, nav.audience)?;
    let penalised = crate::domain::penalties::counts_for_round(conn, tid, n)?;
    let title = format!("{} {} · {}", viewer.tr().t("round"), n, nav.name);
    Ok(RoundPage {
        base: Base::new(viewer, title, Some(nav)).with_live(tid),
        tid,
        round,
        penalised,
    })
}

pub async fn round(cx: Cx, Ids(tid, n): Ids<RoundNo>) -> Result<HttpResponse, PageError> {
    let Cx { state, req } = cx;
    cached_page(&state, &req, tid, move |conn, viewer| {
        round_page(conn, viewer, tid, n)
    })
    .await
}

pub struct StandingRow {
    pub rank: u32,
    pub player_id: PlayerId,
    pub name: String,
    pub title: String,
    pub federation: String,
    pub rating: String,
    pub points: String,
    pub values: Vec<String>,
    pub change: String,
    pub performance: String,
}

#[derive(Template)]
#[template(path = "standings.html")]
pub struct StandingsPage {
    pub base: Base,
    pub tid: TournamentId,
    pub st: StandingsView,
    pub rows: Vec<StandingRow>,
    pub tiebreaks: Vec<(String, &'static str, &'static str)>,
}

fn signed(v: i32) -> String {
    match v {
        0 => "0".into(),
        v if v > 0 => format!("+{v}"),
        v => format!("−{}", -v),
    }
}

/// The standings page (also what the benchmark renders).
pub fn standings_page(
    conn: &mut DbConnection,
    viewer: &Viewer,
    tid: TournamentId,
) -> DomainResult<StandingsPage> {
    let nav = TournamentNav::load(conn, viewer, tid, "standings")?;
    let mut st = standings::compute(conn, tid, nav.audience)?;
    let rows = std::mem::take(&mut st.rows)
        .into_iter()
        .map(|r| StandingRow {
            rank: r.rank,
            player_id: r.player_id,
            rating: r.rating.map(|x| x.to_string()).unwrap_or_default(),
            points: r.points_text,
            values: r
                .values
                .iter()
                .map(|v| v.map(fmt_value).unwrap_or_default())
                .collect(),
            change: r.rating_change.map(signed).unwrap_or_default(),
            performance: r.performance.map(|x| x.to_string()).unwrap_or_default(),
            name: r.name,
            title: r.title,
            federation: r.federation,
        })
        .collect();
    let title = format!("{} · {}", viewer.tr().t("standings"), nav.name);
    Ok(StandingsPage {
        base: Base::new(viewer, title, Some(nav)).with_live(tid),
        tid,
        tiebreaks: tiebreak_legend(&st.tiebreaks, viewer.lang),
        st,
        rows,
    })
}

pub async fn standings(cx: Cx, Tid(tid): Tid) -> Result<HttpResponse, PageError> {
    let Cx { state, req } = cx;
    cached_page(&state, &req, tid, move |conn, viewer| {
        standings_page(conn, viewer, tid)
    })
    .await
}

#[derive(Template)]
#[template(path = "crosstable.html")]
pub struct CrosstablePage {
    pub base: Base,
    pub tid: TournamentId,
    pub ct: CrosstableView,
}

pub async fn crosstable(cx: Cx, Tid(tid): Tid) -> Result<HttpResponse, PageError> {
    let Cx { state, req } = cx;
    page(&state, &req, move |conn, viewer| {
        let nav = TournamentNav::load(conn, viewer, tid, "crosstable")?;
        let ct = views::crosstable(conn, tid, nav.audience)?;
        let key = if ct.round_robin {
            "crosstable"
        } else {
            "rank_crosstable"
        };
        let title = format!("{} · {}", viewer.tr().t(key), nav.name);
        Ok(CrosstablePage {
            base: Base::new(viewer, title, Some(nav)).with_live(tid),
            tid,
            ct,
        })
    })
    .await
}

#[derive(Template)]
#[template(path = "players.html")]
pub struct PlayersPage {
    pub base: Base,
    pub tid: TournamentId,
    pub players: Vec<PlayerView>,
    /// The tournament's name, place and dates: the heading of the printed list.
    pub heading: String,
}

pub async fn players(cx: Cx, Tid(tid): Tid) -> Result<HttpResponse, PageError> {
    let Cx { state, req } = cx;
    page(&state, &req, move |conn, viewer| {
        let nav = TournamentNav::load(conn, viewer, tid, "players")?;
        // Before the first pairing nobody has a number: by rating then.
        let list = crate::pdf::startlist::StartList::load(conn, tid, nav.audience)?;
        let title = format!("{} · {}", viewer.tr().t("players"), nav.name);
        Ok(PlayersPage {
            base: Base::new(viewer, title, Some(nav)),
            tid,
            heading: crate::pdf::tournament_line(&list.tournament),
            players: list.players,
        })
    })
    .await
}

#[derive(Template)]
#[template(path = "player.html")]
pub struct PlayerPage {
    pub base: Base,
    pub tid: TournamentId,
    pub card: CardView,
    pub penalties: Vec<crate::domain::penalties::CardPenalty>,
}

pub async fn player_card(cx: Cx, Ids(tid, pid): Ids<PlayerId>) -> Result<HttpResponse, PageError> {
    let Cx { state, req } = cx;
    page(&state, &req, move |conn, viewer| {
        let nav = TournamentNav::load(conn, viewer, tid, "players")?;
        let card = views::player_card(conn, tid, pid, nav.audience)?;
        let penalties = crate::domain::penalties::for_player(conn, tid, pid, nav.audience)?;
        let title = format!("{} · {}", card.player.name, nav.name);
        Ok(PlayerPage {
            base: Base::new(viewer, title, Some(nav)).with_live(tid),
            tid,
            penalties,
            card,
        })
    })
    .await
}

#[derive(Template)]
#[template(path = "game.html")]
pub struct GamePage {
    pub base: Base,
    pub tid: TournamentId,
    pub game: rounds::GameView,
    /// English SAN movetext, when the moves were entered.
    pub moves: Option<String>,
    pub ending: Option<String>,
    pub error: Option<String>,
    /// The rules core's remarks on the moves (validation report notes).
    pub notes: Vec<String>,
    /// Chess960: the game's start position.
    pub chess960: Option<crate::domain::chess960::StartPosition>,
    pub penalties: Vec<crate::domain::penalties::PenaltyView>,
}

/// `GET /t/{tid}/games/{gid}`: a game's players, result, moves and penalties.
pub async fn game(cx: Cx, Ids(tid, gid): Ids<GameId>) -> Result<HttpResponse, PageError> {
    let Cx { state, req } = cx;
    cached_page(&state, &req, tid, move |conn, viewer| {
        let nav = TournamentNav::load(conn, viewer, tid, "rounds")?;
        let game = crate::domain::results::get_game(conn, tid, gid, nav.audience)?;
        let moves = crate::domain::records::english_movetext(conn, gid)?;
        let chess960 = crate::domain::views::chess960_start(conn, tid, gid)?;
        let (ending, error, notes) =
            crate::domain::views::record_report(conn, tid, gid, nav.audience);
        let penalties = crate::domain::penalties::for_game(conn, tid, gid, nav.audience)?;
        let black = game
            .black
            .as_ref()
            .map(|b| b.name.as_str())
            .unwrap_or_default();
        let title = format!("{} – {} · {}", game.white.name, black, nav.name);
        Ok(GamePage {
            base: Base::new(viewer, title, Some(nav)).with_live(tid),
            tid,
            game,
            moves,
            ending,
            error,
            notes,
            chess960,
            penalties,
        })
    })
    .await
}

#[derive(Deserialize)]
pub struct Back {
    back: Option<String>,
}

/// `GET /lang/{code}?back=/path`: stores the language in a cookie and goes back.
/// A path of this site: `/` then anything but a second `/` or `\\`, and no
/// control character or white space anywhere (browsers drop a tab or a line
/// break, so `/\t/evil.example` would be `//evil.example`, another site).
pub fn is_local_path(b: &str) -> bool {
    b.starts_with('/')
        && !b[1..].starts_with(['/', '\\'])
        && !b.contains('\\')
        && !b.chars().any(|c| c.is_control() || c.is_whitespace())
}

pub async fn set_language(
    req: HttpRequest,
    code: web::Path<String>,
    q: web::Query<Back>,
) -> Result<HttpResponse, PageError> {
    let fail = |e: DomainError| PageError::new(e, crate::web::lang_of(&req));
    let unknown = || fail(DomainError::NotFound(msg!("language '{}'", code.as_str())));
    let lang = Lang::parse(&code).ok_or_else(unknown)?;
    // Only paths of this site: never an open redirect, never a header
    // broken by a control character (issue 41).
    let back = match q.back.as_deref() {
        None | Some("") => "/",
        Some(b) if is_local_path(b) => b,
        Some(_) => {
            let m = msg!("the page to go back to must be a path of this site");
            return Err(fail(DomainError::invalid("back", m)));
        }
    };
    let cookie = Cookie::build(LANG_COOKIE, lang.code())
        .path("/")
        .same_site(SameSite::Lax)
        .max_age(actix_web::cookie::time::Duration::days(365))
        .finish();
    let to = (header::LOCATION, back.to_string());
    Ok(HttpResponse::SeeOther()
        .cookie(cookie)
        .insert_header(to)
        .finish())
}
