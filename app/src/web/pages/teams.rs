//! The public pages of a team event (issue 20, `domain::teams`): the teams
//! with their rosters and the team standings (`/t/{tid}/teams`), a round's
//! matches board by board (`/t/{tid}/teams/rounds/{n}`) and the team
//! crosstable (`/t/{tid}/teams/crosstable`). Unpublished rounds stay with the
//! staff (`Audience`).

use super::staff::FormError;
use super::team_forms::{SettingsForm, TeamForm, Typed};
use super::{cached_page, Base, PageError, TournamentNav};
use crate::domain::ids::{RoundNo, TournamentId};
use crate::domain::kinds::{TeamPrimaryScore, TeamSystemKind};
use crate::domain::rounds::fmt_points;
use crate::domain::teams::{self, TeamRoundView, TeamStandings, TeamView};
use crate::web::pages::{ButtonPost, Post};
use crate::web::Ids;
use crate::web::{Cx, Tid};
use actix_web::{web, HttpResponse};
use askama::Template;

pub struct StandingRow {
    pub rank: u32,
    pub number: i32,
    pub name: String,
    pub match_points: i32,
    pub game_points: String,
    pub wdl: String,
    pub values: Vec<String>,
    /// The first round a withdrawn team is not paired in.
    pub withdrawn_from: Option<RoundNo>,
}

/// A tie-break value with half points as the pages write them (`2½`, not
/// `2.5`), so game points read one way on a page.
pub fn halves(v: &str) -> String {
    match v.strip_suffix(".5") {
        Some(w) if w.chars().all(|c| c.is_ascii_digit()) && !w.is_empty() => {
            if w == "0" {
                "½".into()
            } else {
                format!("{w}½")
            }
        }
        _ => match v.strip_suffix(".0") {
            Some(w) if w.chars().all(|c| c.is_ascii_digit()) && !w.is_empty() => w.into(),
            _ => v.to_string(),
        },
    }
}

/// A tie-break column of its own: match and game points already have theirs
/// (a `GP` tie-break after `MP` would show the same numbers twice).
fn own_column(code: &str) -> bool {
    !matches!(code, "MP" | "GP")
}

fn standing_rows(st: &TeamStandings, teams: &[TeamView]) -> Vec<StandingRow> {
    st.rows
        .iter()
        .map(|r| StandingRow {
            rank: r.rank,
            number: r.team.number,
            name: r.team.name.clone(),
            match_points: r.match_points,
            game_points: fmt_points(r.game_points),
            wdl: format!("{}/{}/{}", r.wins, r.draws, r.losses),
            values: r
                .tiebreaks
                .iter()
                .filter(|c| own_column(&c.code))
                .map(|c| halves(&c.value.clone().unwrap_or_default()))
                .collect(),
            withdrawn_from: teams
                .iter()
                .find(|t| t.number == r.team.number)
                .and_then(|t| t.withdrawn_from),
        })
        .collect()
}

#[derive(Template)]
#[template(path = "teams/event.html")]
pub struct TeamsPage {
    pub base: Base,
    pub tid: TournamentId,
    pub teams: Vec<TeamView>,
    pub rounds: Vec<RoundNo>,
    pub after_round: RoundNo,
    pub tiebreaks: Vec<String>,
    pub standings: Vec<StandingRow>,
}

pub async fn event(cx: Cx, Tid(tid): Tid) -> Result<HttpResponse, PageError> {
    let Cx { state, req } = cx;
    cached_page(&state, &req, tid, move |conn, viewer| {
        let nav = TournamentNav::load(conn, viewer, tid, "teams")?;
        let ev = teams::event(conn, tid, nav.audience)?;
        let st = teams::standings(conn, tid, nav.audience)?;
        let title = format!("{} · {}", viewer.tr().t("teams"), nav.name);
        Ok(TeamsPage {
            base: Base::new(viewer, title, Some(nav)),
            tid,
            rounds: (1..=ev.rounds_paired.get()).map(RoundNo).collect(),
            standings: standing_rows(&st, &ev.teams),
            teams: ev.teams,
            after_round: st.after_round,
            tiebreaks: st
                .tiebreaks
                .iter()
                .filter(|c| own_column(c))
                .cloned()
                .collect(),
        })
    })
    .await
}

pub struct BoardLine {
    pub board: i32,
    /// `W` or `B`: the first-named team's player's colour.
    pub home_white: bool,
    pub home: String,
    pub away: String,
    pub result: String,
}

pub struct MatchBlock {
    pub number: i32,
    pub home: String,
    pub away: String,
    pub score: String,
    pub match_points: String,
    pub boards: Vec<BoardLine>,
}

#[derive(Template)]
#[template(path = "teams/round.html")]
pub struct TeamRoundPage {
    pub base: Base,
    pub tid: TournamentId,
    pub n: RoundNo,
    pub published: bool,
    pub deadline: String,
    pub bye: String,
    /// The teams with a half-point bye, joined by commas.
    pub half_byes: String,
    pub matches: Vec<MatchBlock>,
}

fn round_blocks(r: &TeamRoundView) -> Vec<MatchBlock> {
    let name = |p: &Option<teams::BoardPlayer>| match p {
        Some(p) if p.title.is_empty() => p.name.clone(),
        Some(p) => format!("{} {}", p.title, p.name),
        None => "—".into(),
    };
    r.matches
        .iter()
        .map(|m| MatchBlock {
            number: m.number,
            home: m.home.name.clone(),
            away: m.away.name.clone(),
            score: format!(
                "{} : {}",
                fmt_points(m.home_game_points),
                fmt_points(m.away_game_points)
            ),
            match_points: match (m.home_match_points, m.away_match_points) {
                (Some(h), Some(a)) => format!("{h} : {a}"),
                _ => String::new(),
            },
            boards: m
                .boards
                .iter()
                .map(|b| BoardLine {
                    board: b.board,
                    home_white: b.home_white,
                    home: name(&b.home),
                    away: name(&b.away),
                    result: b
                        .result
                        .clone()
                        .unwrap_or_else(|| crate::domain::rounds::NO_RESULT_YET.into()),
                })
                .collect(),
        })
        .collect()
}

pub async fn round(cx: Cx, Ids(tid, n): Ids<RoundNo>) -> Result<HttpResponse, PageError> {
    let Cx { state, req } = cx;
    cached_page(&state, &req, tid, move |conn, viewer| {
        let nav = TournamentNav::load(conn, viewer, tid, "teams")?;
        let r = teams::round(conn, tid, n, nav.audience)?;
        let title = format!("{} {n} · {}", viewer.tr().t("round"), nav.name);
        Ok(TeamRoundPage {
            base: Base::new(viewer, title, Some(nav)),
            tid,
            n,
            published: r.state.is_public(),
            deadline: r.lineup_deadline.clone().unwrap_or_default(),
            bye: r.bye.as_ref().map(|b| b.name.clone()).unwrap_or_default(),
            half_byes: r
                .half_byes
                .iter()
                .map(|b| b.name.clone())
                .collect::<Vec<_>>()
                .join(", "),
            matches: round_blocks(&r),
        })
    })
    .await
}

pub struct CrossRow {
    pub rank: u32,
    pub name: String,
    /// One cell per team in the order of the rows: the game points scored
    /// against that team (several meetings joined by spaces), `×` on the
    /// diagonal.
    pub cells: Vec<String>,
    pub match_points: i32,
    pub game_points: String,
}

#[derive(Template)]
#[template(path = "teams/crosstable.html")]
pub struct TeamCrosstablePage {
    pub base: Base,
    pub tid: TournamentId,
    pub after_round: RoundNo,
    pub heads: Vec<u32>,
    pub rows: Vec<CrossRow>,
}

pub async fn crosstable(cx: Cx, Tid(tid): Tid) -> Result<HttpResponse, PageError> {
    let Cx { state, req } = cx;
    cached_page(&state, &req, tid, move |conn, viewer| {
        let nav = TournamentNav::load(conn, viewer, tid, "teams")?;
        let st = teams::standings(conn, tid, nav.audience)?;
        let rounds = teams::rounds(conn, tid, nav.audience)?;
        let order: Vec<i32> = st.rows.iter().map(|r| r.team.number).collect();
        let rows = st
            .rows
            .iter()
            .map(|r| CrossRow {
                rank: r.rank,
                name: r.team.name.clone(),
                cells: order
                    .iter()
                    .map(|&o| teams::cross_cell(&rounds, r.team.number, o))
                    .collect(),
                match_points: r.match_points,
                game_points: fmt_points(r.game_points),
            })
            .collect();
        let title = format!("{} · {}", viewer.tr().t("team_crosstable"), nav.name);
        Ok(TeamCrosstablePage {
            base: Base::new(viewer, title, Some(nav)),
            tid,
            after_round: st.after_round,
            heads: (1..=order.len() as u32).collect(),
            rows,
        })
    })
    .await
}

// ------------------------------------------------------------ staff screen

/// One team's side of a match on the staff screen: its line-up form.
pub struct LineupForm {
    pub team: i32,
    pub name: String,
    pub submitted: bool,
    /// Per board: the roster place lined up (0: empty).
    pub chosen: Vec<i32>,
    /// The roster: (place, name).
    pub roster: Vec<(i32, String)>,
}

pub struct StaffMatch {
    pub block: MatchBlock,
    pub sides: Vec<LineupForm>,
    /// Per board: whether a result can be typed (both players lined up), and
    /// the result entered so far (empty while pending).
    pub entries: Vec<(i32, bool, String)>,
}

#[derive(Template)]
#[template(path = "teams/manage.html")]
pub struct TeamManagePage {
    pub base: Base,
    pub tid: TournamentId,
    /// The round shown (0: none paired yet).
    pub n: RoundNo,
    pub published: bool,
    pub can_pair: bool,
    pub problem: Option<String>,
    pub matches: Vec<StaffMatch>,
    pub boards: Vec<i32>,
    /// Withdrawals and half-point byes (a Swiss only).
    pub swiss: bool,
    pub teams: Vec<TeamView>,
    pub byes: Vec<teams::TeamByeView>,
    /// The team regulations: a form until round 1 is paired, then text.
    pub settings: teams::TeamEventSettings,
    pub settings_form: SettingsForm,
    pub total_rounds: i32,
    /// The team form: a new team, or the one edited.
    pub team_form: TeamForm,
    pub paste: String,
    pub paste_example: &'static str,
    /// The problem of the form posted, at its field.
    pub error: FormError,
    /// The result box the cursor starts in: (match, board).
    pub focus: (i32, i32),
}

impl TeamManagePage {
    /// The problem at `field`, if the form posted has one there.
    pub fn err(&self, field: impl AsRef<str>) -> Option<&str> {
        self.error.at(field.as_ref())
    }

    /// The problem of the roster row `i`'s column `c`.
    pub fn row_err(&self, i: impl std::fmt::Display, c: impl AsRef<str>) -> Option<&str> {
        let c = match c.as_ref() {
            "team_fide_id" => "fide_id",
            other => other,
        };
        let f = format!("roster[{i}].{c}");
        match self.error.at(&f) {
            Some(e) => Some(e),
            None if c == "name" => self
                .error
                .at(&format!("roster[{i}]"))
                .filter(|_| self.error.field == format!("roster[{i}]")),
            None => None,
        }
    }

    /// A problem not shown at a field of the form posted.
    pub fn general(&self) -> Option<&str> {
        let f = self.error.field.as_str();
        let shown = [
            "system",
            "boards",
            "rounds",
            "match_win",
            "match_draw",
            "match_loss",
            "primary",
            "name",
            "federation",
            "captain_username",
            "teams",
        ]
        .contains(&f)
            || f.starts_with("tiebreaks")
            || f.starts_with("roster[");
        (!shown).then(|| self.error.general()).flatten()
    }
}

/// A posted line-up form (the staff's and a captain's): its CSRF token and the
/// line-up.
pub fn posted_lineup(
    form: Vec<(String, String)>,
) -> (String, crate::domain::DomainResult<teams::LineupInput>) {
    let fields: std::collections::HashMap<String, String> = form.into_iter().collect();
    let csrf = fields.get("csrf").cloned().unwrap_or_default();
    let lineup = lineup_places(&fields).map(|players| teams::LineupInput { players });
    (csrf, lineup)
}

/// The line-up form's `b1`…`bN`: roster places (empty or `0`: an empty board).
fn lineup_places(
    fields: &std::collections::HashMap<String, String>,
) -> crate::domain::DomainResult<Vec<Option<i32>>> {
    let mut players = vec![];
    for k in 1..=64 {
        let Some(v) = fields.get(&format!("b{k}")) else {
            break;
        };
        let v = v.trim();
        match v.parse::<i32>() {
            _ if v.is_empty() || v == "0" => players.push(None),
            Ok(p) => players.push(Some(p)),
            Err(_) => {
                return Err(crate::domain::DomainError::invalid(
                    &format!("b{k}"),
                    msg!("board {}: '{}' is not a roster place", k, v),
                ))
            }
        }
    }
    Ok(players)
}

pub(super) fn manage_page(
    conn: &mut crate::db::DbConnection,
    viewer: &super::Viewer,
    tid: TournamentId,
    problem: Option<String>,
    typed: Option<Typed>,
    edit: Option<i32>,
) -> crate::domain::DomainResult<TeamManagePage> {
    crate::domain::require_role(conn, &viewer.actor, tid, &[crate::domain::Role::Arbiter])?;
    let nav = TournamentNav::load(conn, viewer, tid, "manage-teams")?;
    let ev = teams::event(conn, tid, nav.audience)?;
    let n = ev.rounds_paired;
    let rosters: std::collections::HashMap<i32, Vec<(i32, String)>> = ev
        .teams
        .iter()
        .map(|t| {
            (
                t.number,
                t.roster.iter().map(|m| (m.place, m.name.clone())).collect(),
            )
        })
        .collect();
    let (published, finished, matches) = if n > RoundNo(0) {
        let r = teams::round(conn, tid, n, nav.audience)?;
        let blocks = round_blocks(&r);
        let matches = r
            .matches
            .iter()
            .zip(blocks)
            .map(|(m, block)| {
                let side = |number: i32, name: &str, submitted: bool, home: bool| LineupForm {
                    team: number,
                    name: name.to_string(),
                    submitted,
                    // Until the line-up is in, the roster order (board k:
                    // place k), as the captain's page has it.
                    chosen: m
                        .boards
                        .iter()
                        .map(|b| {
                            let p = if home { &b.home } else { &b.away };
                            match (submitted, p) {
                                (true, p) => p.as_ref().map_or(0, |p| p.place),
                                (false, _) => rosters
                                    .get(&number)
                                    .and_then(|r| r.get(b.board as usize - 1))
                                    .map_or(0, |r| r.0),
                            }
                        })
                        .collect(),
                    roster: rosters.get(&number).cloned().unwrap_or_default(),
                };
                StaffMatch {
                    sides: vec![
                        side(m.home.number, &m.home.name, m.home_lineup_in, true),
                        side(m.away.number, &m.away.name, m.away_lineup_in, false),
                    ],
                    entries: m
                        .boards
                        .iter()
                        .map(|b| {
                            let open = m.home_lineup_in
                                && m.away_lineup_in
                                && b.home.is_some()
                                && b.away.is_some();
                            (b.board, open, b.result.clone().unwrap_or_default())
                        })
                        .collect(),
                    block,
                }
            })
            .collect::<Vec<_>>();
        let finished = r.matches.iter().all(|m| m.finished);
        (r.state.is_public(), finished, matches)
    } else {
        (true, true, vec![])
    };
    let title = format!("{} · {}", viewer.tr().t("team_manage"), nav.name);
    let byes = teams::team_byes(conn, tid)?;
    let focus = matches
        .iter()
        .flat_map(|m| {
            m.entries
                .iter()
                .filter(|e| e.1 && e.2.is_empty())
                .map(|e| (m.block.number, e.0))
        })
        .next()
        .unwrap_or((0, 0));
    let typed = typed.unwrap_or_default();
    let rows = ev.settings.boards as usize + 2;
    let team_form = typed.team.unwrap_or_else(|| {
        edit.and_then(|k| ev.teams.iter().find(|t| t.number == k))
            .map_or_else(|| TeamForm::blank(rows), |t| TeamForm::of(t, 2))
    });
    Ok(TeamManagePage {
        settings_form: typed
            .settings
            .unwrap_or_else(|| SettingsForm::of(&ev.settings)),
        settings: ev.settings.clone(),
        total_rounds: ev.total_rounds,
        team_form,
        paste: typed.paste.unwrap_or_default(),
        paste_example: super::team_forms::PASTE_EXAMPLE,
        error: typed.error,
        focus,
        swiss: ev.settings.system == crate::domain::kinds::TeamSystemKind::Swiss,
        byes,
        base: Base::new(viewer, title, Some(nav)),
        tid,
        n,
        published,
        can_pair: published && finished && n.get() < ev.total_rounds,
        problem,
        matches,
        boards: (1..=ev.settings.boards as i32).collect(),
        teams: ev.teams,
    })
}

pub async fn manage(cx: Cx, Tid(tid): Tid) -> Result<HttpResponse, PageError> {
    let Cx { state, req } = cx;
    let edit = super::query_number(&req, "team");
    super::page(&state, &req, move |conn, viewer| {
        manage_page(conn, viewer, tid, None, None, edit)
    })
    .await
}

async fn manage_answer<T: Send + 'static>(
    post: &super::Post,
    tid: TournamentId,
    r: crate::domain::DomainResult<T>,
) -> Result<HttpResponse, PageError> {
    post.answer(
        r,
        |_| format!("/t/{tid}/manage/teams"),
        move |conn, v, e| manage_page(conn, v, tid, Some(e.to_string()), None, None),
    )
    .await
}

/// A post of the team screen: `op` with the form's command in one write
/// transaction, then the screen (`manage_answer`).
async fn manage_run<C, V, F>(
    post: &super::Post,
    tid: TournamentId,
    cmd: crate::domain::DomainResult<C>,
    op: F,
) -> Result<HttpResponse, PageError>
where
    C: Send + 'static,
    V: Send + 'static,
    F: FnOnce(
            &mut crate::db::DbConnection,
            &crate::domain::Actor,
            C,
        ) -> crate::domain::DomainResult<V>
        + Send
        + 'static,
{
    let r = post.run(cmd, op).await?;
    manage_answer(post, tid, r).await
}

pub async fn manage_pair(
    Tid(tid): Tid,
    ButtonPost(post): ButtonPost,
) -> Result<HttpResponse, PageError> {
    let cmd = teams::PairTeamRound::default();
    let op = move |conn: &mut _, actor: &_, cmd| teams::pair_next(conn, actor, tid, cmd);
    manage_run(&post, tid, Ok(cmd), op).await
}

pub async fn manage_publish(
    Ids(tid, n): Ids<RoundNo>,
    ButtonPost(post): ButtonPost,
) -> Result<HttpResponse, PageError> {
    let op = move |conn: &mut _, actor: &_, ()| teams::publish(conn, actor, tid, n);
    manage_run(&post, tid, Ok(()), op).await
}

#[derive(serde::Deserialize)]
pub struct DeadlineForm {
    #[serde(default)]
    csrf: String,
    #[serde(default)]
    deadline: String,
}

/// The captains' line-up deadline of a round (`teams::set_deadline`).
pub async fn manage_deadline(
    cx: Cx,
    Ids(tid, n): Ids<RoundNo>,
    form: web::Form<DeadlineForm>,
) -> Result<HttpResponse, PageError> {
    let Cx { state, req } = cx;
    let op = move |conn: &mut _, actor: &_, d| teams::set_deadline(conn, actor, tid, n, d);
    let cmd = teams::typed_deadline(&form.deadline);
    let post = Post::of(&state, &req, &form.csrf, tid).await?;
    manage_run(&post, tid, cmd, op).await
}

/// The line-up form: `b1`…`bN` hold roster places (empty: an empty board).
pub async fn manage_lineup(
    cx: Cx,
    path: web::Path<(TournamentId, RoundNo, i32)>,
    form: web::Form<Vec<(String, String)>>,
) -> Result<HttpResponse, PageError> {
    let Cx { state, req } = cx;
    let (tid, n, team) = path.into_inner();
    let (csrf, cmd) = posted_lineup(form.into_inner());
    let op = move |conn: &mut _, actor: &_, l| teams::set_lineup(conn, actor, tid, n, team, l);
    let post = Post::of(&state, &req, &csrf, tid).await?;
    manage_run(&post, tid, cmd, op).await
}

/// The result form: `m{match}b{board}` hold results as written, or the
/// keyboard's shorthand (`1`, `=`, `0`, `+`, `-`); every changed box is saved
/// in one transaction.
pub async fn manage_results(
    cx: Cx,
    Ids(tid, n): Ids<RoundNo>,
    form: web::Form<Vec<(String, String)>>,
) -> Result<HttpResponse, PageError> {
    let Cx { state, req } = cx;
    let fields: Vec<(String, String)> = form.into_inner();
    let csrf = super::staff::posted(&fields, "csrf").to_string();
    let op = move |conn: &mut _, actor: &_, ()| {
        let typed = teams::TeamResults::typed(conn, tid, n, &fields)?;
        teams::set_results(conn, actor, tid, n, typed)
    };
    let post = Post::of(&state, &req, &csrf, tid).await?;
    manage_run(&post, tid, Ok(()), op).await
}

pub async fn manage_unpair(
    Ids(tid, n): Ids<RoundNo>,
    ButtonPost(post): ButtonPost,
) -> Result<HttpResponse, PageError> {
    let op = move |conn: &mut _, actor: &_, ()| teams::unpair(conn, actor, tid, n);
    manage_run(&post, tid, Ok(()), op).await
}

/// A round number typed in a form field (empty: `None`).
fn round_field(field: &str, text: &str) -> crate::domain::DomainResult<Option<RoundNo>> {
    match text.trim() {
        "" => Ok(None),
        t => t.parse().map(Some).map_err(|_| {
            crate::domain::DomainError::invalid(field, msg!("'{}' is not a round number", t))
        }),
    }
}

#[derive(serde::Deserialize)]
pub struct RoundForm {
    #[serde(default)]
    csrf: String,
    #[serde(default)]
    from_round: String,
    #[serde(default)]
    round: String,
}

pub async fn manage_withdraw(
    cx: Cx,
    Ids(tid, team): Ids<i32>,
    form: web::Form<RoundForm>,
) -> Result<HttpResponse, PageError> {
    let Cx { state, req } = cx;
    let cmd = round_field("from_round", &form.from_round)
        .map(|from_round| teams::WithdrawTeam { from_round });
    let op = move |conn: &mut _, actor: &_, w| teams::withdraw(conn, actor, tid, team, w);
    let post = Post::of(&state, &req, &form.csrf, tid).await?;
    manage_run(&post, tid, cmd, op).await
}

pub async fn manage_reinstate(
    Ids(tid, team): Ids<i32>,
    ButtonPost(post): ButtonPost,
) -> Result<HttpResponse, PageError> {
    let op = move |conn: &mut _, actor: &_, ()| teams::reinstate(conn, actor, tid, team);
    manage_run(&post, tid, Ok(()), op).await
}

pub async fn manage_bye(
    cx: Cx,
    Ids(tid, team): Ids<i32>,
    form: web::Form<RoundForm>,
) -> Result<HttpResponse, PageError> {
    let Cx { state, req } = cx;
    let cmd = round_field("round", &form.round).and_then(|round| match round {
        Some(round) => Ok(teams::RequestTeamBye { round }),
        None => Err(crate::domain::DomainError::invalid(
            "round",
            msg!("give the round of the bye"),
        )),
    });
    let op = move |conn: &mut _, actor: &_, b| teams::request_bye(conn, actor, tid, team, b);
    let post = Post::of(&state, &req, &form.csrf, tid).await?;
    manage_run(&post, tid, cmd, op).await
}

pub async fn manage_cancel_bye(
    path: web::Path<(TournamentId, i32, RoundNo)>,
    ButtonPost(post): ButtonPost,
) -> Result<HttpResponse, PageError> {
    let (tid, team, n) = path.into_inner();
    let op = move |conn: &mut _, actor: &_, ()| teams::cancel_bye(conn, actor, tid, team, n);
    manage_run(&post, tid, Ok(()), op).await
}
