//! The team event's forms (issue 33): its regulations, a team typed with its
//! roster, teams pasted as text (`domain::teams::paste_teams`) on the staff
//! screen (`/t/{tid}/manage/teams`), and the captain's own line-up page
//! (`/t/{tid}/lineup`). Every form keeps what was typed and shows a problem
//! next to its field.

use super::staff::FormError;
use super::{Base, PageError, TournamentNav};
use crate::domain::ids::{RoundNo, TournamentId};
use crate::domain::kinds::{parse_field, TeamPrimaryScore, TeamSystemKind};
use crate::domain::teams::{self, MemberInput, TeamEventSettings, TeamInput, TeamView};
use crate::domain::{DomainError, DomainResult};
use crate::web::{Cx, Tid};
use actix_web::{web, HttpResponse};
use askama::Template;
use std::collections::HashMap;

/// A whole number typed in a form; empty is `None`.
fn opt_number<T: std::str::FromStr>(
    field: &str,
    text: &str,
    what: &str,
) -> DomainResult<Option<T>> {
    match text.trim() {
        "" => Ok(None),
        t => super::staff::number(field, t, what).map(Some),
    }
}

/// The team regulations as typed.
#[derive(Clone, Default, serde::Deserialize)]
#[serde(default)]
pub struct SettingsForm {
    pub csrf: String,
    pub system: String,
    pub boards: String,
    pub rounds: String,
    pub match_win: String,
    pub match_draw: String,
    pub match_loss: String,
    pub primary: String,
    pub tiebreaks: String,
}

impl SettingsForm {
    /// The match points' fields: (field, label key, value).
    pub fn point_fields(&self) -> Vec<(&'static str, &'static str, &str)> {
        vec![
            ("match_win", "win", self.match_win.as_str()),
            ("match_draw", "draw", self.match_draw.as_str()),
            ("match_loss", "loss", self.match_loss.as_str()),
        ]
    }

    pub fn of(s: &TeamEventSettings) -> SettingsForm {
        SettingsForm {
            csrf: String::new(),
            system: s.system.to_string(),
            boards: s.boards.to_string(),
            rounds: s.rounds.to_string(),
            match_win: s.match_win.to_string(),
            match_draw: s.match_draw.to_string(),
            match_loss: s.match_loss.to_string(),
            primary: s.primary.to_string(),
            tiebreaks: s.tiebreaks.join(", "),
        }
    }

    /// The settings the form describes; what it does not show stays `base`.
    pub fn settings(&self, base: &TeamEventSettings) -> DomainResult<TeamEventSettings> {
        let n = |field: &str, text: &str| -> DomainResult<i32> {
            super::staff::number(field, text, "a whole number")
        };
        let u = |field: &str, text: &str| -> DomainResult<u32> {
            super::staff::number(field, text, "a whole number")
        };
        Ok(TeamEventSettings {
            system: parse_field("system", &self.system)?,
            boards: u("boards", &self.boards)?,
            rounds: match self.rounds.trim() {
                "" => 0,
                t => u("rounds", t)?,
            },
            match_win: n("match_win", &self.match_win)?,
            match_draw: n("match_draw", &self.match_draw)?,
            match_loss: n("match_loss", &self.match_loss)?,
            primary: if self.primary.is_empty() {
                base.primary
            } else {
                parse_field("primary", &self.primary)?
            },
            tiebreaks: self
                .tiebreaks
                .split([',', ' ', ';'])
                .map(str::trim)
                .filter(|s| !s.is_empty())
                .map(str::to_uppercase)
                .collect(),
            ..base.clone()
        })
    }
}

/// One roster row as typed.
#[derive(Clone, Default)]
pub struct RowForm {
    /// The board order the row asks for (empty: where it stands).
    pub order: String,
    pub name: String,
    pub fide_id: String,
    pub rating: String,
    pub title: String,
    pub federation: String,
}

impl RowForm {
    /// The row's cells: (column, value, size).
    pub fn cells(&self) -> Vec<(&'static str, &str, u32)> {
        vec![
            ("name", self.name.as_str(), 22),
            ("fide_id", self.fide_id.as_str(), 9),
            ("rating", self.rating.as_str(), 4),
            ("title", self.title.as_str(), 3),
            ("federation", self.federation.as_str(), 3),
        ]
    }

    fn is_empty(&self) -> bool {
        [&self.name, &self.fide_id, &self.rating, &self.title]
            .iter()
            .all(|s| s.trim().is_empty())
    }
}

/// A team as typed: `number` is the team edited (empty: a new team); the
/// roster's rows are `r{i}_name`, `r{i}_fide_id`, `r{i}_rating`, `r{i}_title`,
/// `r{i}_federation` and `r{i}_order`.
#[derive(Clone, Default)]
pub struct TeamForm {
    pub csrf: String,
    pub number: String,
    pub name: String,
    pub federation: String,
    pub captain: String,
    pub captain_username: String,
    pub rows: Vec<RowForm>,
}

impl TeamForm {
    pub fn blank(rows: usize) -> TeamForm {
        TeamForm {
            rows: vec![RowForm::default(); rows],
            ..TeamForm::default()
        }
    }

    pub fn of(t: &TeamView, extra: usize) -> TeamForm {
        let mut rows: Vec<RowForm> = t
            .roster
            .iter()
            .map(|m| RowForm {
                order: m.place.to_string(),
                name: m.name.clone(),
                fide_id: m.fide_id.map(|x| x.to_string()).unwrap_or_default(),
                rating: m.rating.map(|x| x.to_string()).unwrap_or_default(),
                title: m.title.clone(),
                federation: m.federation.clone(),
            })
            .collect();
        rows.extend(std::iter::repeat_n(RowForm::default(), extra));
        TeamForm {
            csrf: String::new(),
            number: t.number.to_string(),
            name: t.name.clone(),
            federation: t.federation.clone(),
            captain: t.captain.clone(),
            captain_username: t.captain_username.clone().unwrap_or_default(),
            rows,
        }
    }

    pub fn read(fields: Vec<(String, String)>) -> TeamForm {
        let map: HashMap<String, String> = fields.into_iter().collect();
        let get = |k: &str| map.get(k).cloned().unwrap_or_default();
        let mut rows = vec![];
        for i in 0..64 {
            if !map.contains_key(&format!("r{i}_name")) {
                break;
            }
            let cell = |c: &str| get(&format!("r{i}_{c}"));
            rows.push(RowForm {
                order: cell("order"),
                name: cell("name"),
                fide_id: cell("fide_id"),
                rating: cell("rating"),
                title: cell("title"),
                federation: cell("federation"),
            });
        }
        TeamForm {
            csrf: get("csrf"),
            number: get("number"),
            name: get("name"),
            federation: get("federation"),
            captain: get("captain"),
            captain_username: get("captain_username"),
            rows,
        }
    }

    /// The rows that are filled in, in board order: (row index, row).
    fn ordered(&self) -> DomainResult<Vec<(usize, &RowForm)>> {
        let mut rows = vec![];
        for (i, r) in self.rows.iter().enumerate() {
            if r.is_empty() {
                continue;
            }
            let order: Option<u32> =
                opt_number(&format!("roster[{i}].order"), &r.order, "a board number")?;
            rows.push((order.unwrap_or(i as u32 + 1), i, r));
        }
        rows.sort_by_key(|(o, i, _)| (*o, *i));
        Ok(rows.into_iter().map(|(_, i, r)| (i, r)).collect())
    }

    /// The team the form describes; a problem's field names the form's row.
    pub fn input(&self) -> DomainResult<TeamInput> {
        let rows = self.ordered()?;
        let mut roster = vec![];
        // A problem names the board order's place, as the domain's do;
        // `row_field` turns it into the form's row.
        for (k, (_, r)) in rows.iter().enumerate() {
            let field = |c: &str| format!("roster[{k}].{c}");
            roster.push(MemberInput {
                name: r.name.trim().to_string(),
                title: r.title.trim().to_string(),
                federation: r.federation.trim().to_uppercase(),
                rating: opt_number(&field("rating"), &r.rating, "a rating")?,
                fide_id: opt_number(&field("fide_id"), &r.fide_id, "a FIDE id")?,
            });
        }
        Ok(TeamInput {
            name: self.name.clone(),
            federation: self.federation.trim().to_string(),
            rating: None,
            captain: self.captain.clone(),
            captain_username: Some(self.captain_username.trim().to_string()),
            roster,
        })
    }

    /// The domain's `roster[k]` (board order) as this form's row.
    pub fn row_field(&self, field: &str) -> String {
        // The board order's own problem names the row already (`ordered`).
        let Some(rest) = field
            .strip_prefix("roster[")
            .filter(|_| !field.ends_with(".order"))
        else {
            return field.to_string();
        };
        let Some((k, tail)) = rest.split_once(']') else {
            return field.to_string();
        };
        let row = k
            .parse::<usize>()
            .ok()
            .and_then(|k| self.ordered().ok()?.get(k).map(|(i, _)| *i));
        match row {
            Some(i) => format!("roster[{i}]{tail}"),
            None => field.to_string(),
        }
    }
}

/// What was typed into one of the staff screen's forms, with its problem.
#[derive(Default)]
pub struct Typed {
    pub settings: Option<SettingsForm>,
    pub team: Option<TeamForm>,
    pub paste: Option<String>,
    pub error: FormError,
}

/// The example shown next to the paste box.
pub const PASTE_EXAMPLE: &str = "Hetman Wrocław; POL; kapitan\nKowalski, Jan; 2310; FM; POL; 1100011\nNowak, Piotr; 2250\nWiśniewska, Anna; 2204; WFM\nDvořák, Tomáš; 2150\n\nPolonia Warszawa; POL\nZieliński, Adam; 2280\n…";

async fn answer<V: Send + 'static>(
    post: &super::Post,
    tid: TournamentId,
    r: DomainResult<V>,
    typed: impl FnOnce(FormError) -> Typed + Send + 'static,
) -> Result<HttpResponse, PageError> {
    post.answer(
        r,
        |_| format!("/t/{tid}/manage/teams"),
        move |conn, v, e| {
            let t = typed(FormError::of(&e));
            super::teams::manage_page(conn, v, tid, None, Some(t), None)
        },
    )
    .await
}

/// `POST /t/{tid}/manage/teams/settings`: the team regulations (until round 1).
pub async fn save_settings(
    cx: Cx,
    tid: web::Path<TournamentId>,
    form: web::Form<SettingsForm>,
) -> Result<HttpResponse, PageError> {
    let Cx { state, req } = cx;
    let (tid, f) = (tid.into_inner(), form.into_inner());
    let post = super::Post::of(&state, &req, &f.csrf, tid).await?;
    let typed = f.clone();
    let op = move |conn: &mut _, actor: &_, ()| {
        let current = teams::event(conn, tid, crate::domain::Audience::Staff)?;
        teams::set_settings(conn, actor, tid, f.settings(&current.settings)?)
    };
    let r = post.run(Ok(()), op).await?;
    let settings = Some(typed);
    answer(&post, tid, r, move |error| Typed {
        settings,
        error,
        ..Typed::default()
    })
    .await
}

/// `POST /t/{tid}/manage/teams/teams`: a team added, or edited (`number`).
pub async fn save_team(
    cx: Cx,
    tid: web::Path<TournamentId>,
    form: web::Form<Vec<(String, String)>>,
) -> Result<HttpResponse, PageError> {
    let Cx { state, req } = cx;
    let (tid, f) = (tid.into_inner(), TeamForm::read(form.into_inner()));
    let post = super::Post::of(&state, &req, &f.csrf, tid).await?;
    let (number, max) = (
        f.number.trim().parse::<i32>().ok(),
        state.limits.max_players,
    );
    let op = move |conn: &mut _, actor: &_, input| {
        let v = teams::save_team(conn, actor, tid, number, input)?;
        crate::domain::limits::players_within(conn, tid, max).map(|()| v)
    };
    let r = post.run(f.input(), op).await?;
    answer(&post, tid, r, move |mut error| {
        error.field = f.row_field(&error.field);
        let team = Some(f);
        Typed {
            team,
            error,
            ..Typed::default()
        }
    })
    .await
}

#[derive(serde::Deserialize)]
pub struct PasteForm {
    #[serde(default)]
    csrf: String,
    #[serde(default)]
    teams: String,
}

/// `POST /t/{tid}/manage/teams/paste`: teams and rosters from pasted text.
pub async fn paste(
    cx: Cx,
    Tid(tid): Tid,
    form: web::Form<PasteForm>,
) -> Result<HttpResponse, PageError> {
    let Cx { state, req } = cx;
    let PasteForm { csrf, teams: text } = form.into_inner();
    let post = super::Post::of(&state, &req, &csrf, tid).await?;
    let (paste, max) = (Some(text.clone()), state.limits.max_players);
    let r = post
        .run(Ok(text), move |conn, actor, t| {
            let v = teams::paste_teams(conn, actor, tid, &t)?;
            crate::domain::limits::players_within_file(conn, tid, max, "teams").map(|()| v)
        })
        .await?;
    answer(&post, tid, r, move |error| Typed {
        paste,
        error,
        ..Typed::default()
    })
    .await
}

// ------------------------------------------------------------ the captain

#[derive(Template)]
#[template(path = "teams/lineup.html")]
pub struct CaptainPage {
    pub base: Base,
    pub tid: TournamentId,
    pub lineup: Option<teams::CaptainLineup>,
    pub problem: Option<String>,
    pub done: bool,
}

impl CaptainPage {
    pub fn boards(&self) -> Vec<(usize, i32)> {
        self.lineup
            .as_ref()
            .map(|l| {
                l.chosen
                    .iter()
                    .copied()
                    .enumerate()
                    .map(|(i, c)| (i + 1, c))
                    .collect()
            })
            .unwrap_or_default()
    }
}

fn captain_page(
    conn: &mut crate::db::DbConnection,
    viewer: &super::Viewer,
    tid: TournamentId,
    problem: Option<String>,
    done: bool,
) -> DomainResult<CaptainPage> {
    if viewer.actor.user_id.is_none() {
        return Err(DomainError::Unauthenticated);
    }
    let nav = TournamentNav::load(conn, viewer, tid, "lineup")?;
    let lineup = teams::captain_lineup(conn, &viewer.actor, tid)?;
    let title = format!("{} · {}", viewer.tr().t("team_your_lineup"), nav.name);
    Ok(CaptainPage {
        base: Base::new(viewer, title, Some(nav)),
        tid,
        lineup,
        problem,
        done,
    })
}

/// `GET /t/{tid}/lineup`: the logged-in captain's line-up for the current round.
pub async fn captain(cx: Cx, Tid(tid): Tid) -> Result<HttpResponse, PageError> {
    let Cx { state, req } = cx;
    let done = req.query_string().contains("done");
    super::page(&state, &req, move |conn, viewer| {
        captain_page(conn, viewer, tid, None, done)
    })
    .await
}

/// `POST /t/{tid}/lineup/{n}/{team}`: the captain's line-up (`b1`…`bN` hold
/// roster places), through `set_lineup`'s captain path.
pub async fn captain_save(
    cx: Cx,
    path: web::Path<(TournamentId, RoundNo, i32)>,
    form: web::Form<Vec<(String, String)>>,
) -> Result<HttpResponse, PageError> {
    let Cx { state, req } = cx;
    let (tid, n, team) = path.into_inner();
    let (csrf, cmd) = super::teams::posted_lineup(form.into_inner());
    let post = super::Post::of(&state, &req, &csrf, tid).await?;
    post.submit(
        cmd,
        move |conn, actor, l| teams::set_lineup(conn, actor, tid, n, team, l),
        |_| format!("/t/{tid}/lineup?done=1"),
        move |conn, v, e| captain_page(conn, v, tid, Some(e.to_string()), false),
    )
    .await
}

/// The system words of the New tournament form's team options.
pub fn team_system(word: &str) -> Option<TeamSystemKind> {
    word.strip_prefix("team_")?.parse().ok()
}

/// The team regulations typed on the New tournament form (`team_boards`,
/// `team_match_win`, …), the rounds of a Swiss from its rounds field.
pub fn new_event_settings(
    system: TeamSystemKind,
    rounds: &str,
    boards: &str,
    win: &str,
    draw: &str,
    loss: &str,
) -> DomainResult<TeamEventSettings> {
    let d = TeamEventSettings::default();
    let n = |field: &str, text: &str, default: i32| -> DomainResult<i32> {
        Ok(opt_number(field, text, "a whole number")?.unwrap_or(default))
    };
    Ok(TeamEventSettings {
        system,
        boards: n("team_boards", boards, d.boards as i32)?.max(0) as u32,
        rounds: if system == TeamSystemKind::Swiss {
            n("rounds", rounds, 0)?.max(0) as u32
        } else {
            0
        },
        match_win: n("team_match_win", win, d.match_win)?,
        match_draw: n("team_match_draw", draw, d.match_draw)?,
        match_loss: n("team_match_loss", loss, d.match_loss)?,
        primary: TeamPrimaryScore::MatchPoints,
        ..d
    })
}

/// The page text's key of a team system (also the New tournament form's
/// option: `team_` and the system's word).
pub fn system_key(k: &TeamSystemKind) -> &'static str {
    match *k {
        TeamSystemKind::Swiss => "team_swiss",
        TeamSystemKind::RoundRobin => "team_round_robin",
        TeamSystemKind::DoubleRoundRobin => "team_double_round_robin",
        TeamSystemKind::Scheveningen => "team_scheveningen",
    }
}

/// The tournament page of a team event: what it shows instead of the
/// individual event's players, tie-breaks and entry links.
pub struct TeamHome {
    pub system: &'static str,
    pub boards: u32,
    pub teams: usize,
    pub total_rounds: i32,
    pub match_points: (i32, i32, i32),
    pub tiebreaks: String,
    pub rounds: Vec<RoundNo>,
    /// The logged-in captain's line-up to submit: its round.
    pub captain_round: Option<RoundNo>,
}

pub fn team_home(
    conn: &mut crate::db::DbConnection,
    viewer: &super::Viewer,
    nav: &TournamentNav,
) -> DomainResult<Option<TeamHome>> {
    if !nav.team_event {
        return Ok(None);
    }
    let ev = teams::event(conn, nav.id, nav.audience)?;
    let captain = teams::captain_lineup(conn, &viewer.actor, nav.id)?;
    Ok(Some(TeamHome {
        system: system_key(&ev.settings.system),
        boards: ev.settings.boards,
        teams: ev.teams.len(),
        total_rounds: ev.total_rounds,
        match_points: (
            ev.settings.match_win,
            ev.settings.match_draw,
            ev.settings.match_loss,
        ),
        tiebreaks: ev.settings.tiebreaks.join(", "),
        rounds: (1..=ev.rounds_paired.get()).map(RoundNo).collect(),
        captain_round: captain.filter(|c| c.open).map(|c| c.round),
    }))
}

/// The page text's key of a form column named in a template's loop.
pub fn col(c: &str) -> &'static str {
    match c {
        "name" => "name",
        "fide_id" => "team_fide_id",
        "rating" => "rating",
        "title" => "title",
        "federation" => "federation",
        "win" => "win",
        "draw" => "draw",
        "loss" => "loss",
        "team_boards" => "team_boards",
        "team_match_win" => "team_match_win",
        "team_match_draw" => "team_match_draw",
        "team_match_loss" => "team_match_loss",
        _ => "",
    }
}

/// Whether a roster column takes digits (the phone's number keyboard).
pub fn numeric(c: &str) -> bool {
    matches!(c, "fide_id" | "rating")
}
