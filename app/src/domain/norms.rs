//! Title norms, rating changes and the FIDE rating report (issue 35), read
//! from the `pairing` crate: the app's tournament becomes the crate's model
//! (`model::build`, as for pairing and tie-breaks) and `pairing::norms`
//! (FIDE Handbook B.01 art. 1.4) and `pairing::rating_change` (B.02) do the
//! computing; nothing here changes their results.
//!
//! What the crate needs and the regulations do not hold is stored per event in
//! `norm_facts` (migrations `2026-11-27-200000_norm_facts`): the kind of event
//! (1.4.1b, the exemptions of 1.4.3a–c), the host federation (1.4.3a, b, d),
//! whether 1.4.3d applies (else worked out from the rounds), players not of a
//! FIDE federation (1.4.2a), and for the certificates (IT1, IT3) the chief
//! arbiter, deputy, organizer and the rating period. The staff set them in one
//! form ([`save_facts`]: one transaction, one audit row).
//!
//! The public sees the norm summary only once the event is final
//! ([`is_final`]): every round played and published.
//!
//! A team event is judged board by board (B.01 1.4: a team member's norm
//! comes from the games on his own boards): the report reads the team
//! engine's model (`teams::load`), judges it with `norms::evaluate_team` and
//! `norms::forecast_team`, and keeps the board games as an individual
//! tournament (`pairing::team::trf::individual_tournament`) for the
//! certificates' game tables and B.02. Its players are numbered as the team
//! engine numbers them: every roster in team order, board order within.
//!
//! B.02 rating changes have one source, [`rating_changes_on`]: the Norms
//! page, the rating report, the player card and the standings' column.

use super::audit::Entry;
use super::model::{self, players_in_order};
use super::{require_role, Actor, Audience, DomainError, DomainResult, Role};
use crate::db::models::{NormFactsRow, PlayerRow, TournamentRow};
use crate::db::schema::norm_facts;
use crate::db::DbConnection;
use crate::domain::ids::{PlayerId, TournamentId};
use crate::domain::kinds::TournamentStatus;
use diesel::prelude::*;
use pairing::norms::{
    self, LargeSwissCheck, NormEvent, NormEventKind, NormResult, PlayerForecast, PlayerNorms,
};
use pairing::rating_change::{self, PlayerFacts, PlayerRatingChange, RatingEdition};
use pairing::{GameResult, RoundEntry};
use serde::Serialize;

/// The kinds of event the form offers (the crate's words, `NormEventKind::from_str`).
pub const EVENT_KINDS: [&str; 6] = [
    "ordinary",
    "national",
    "national-team",
    "zonal",
    "team",
    "world-cup",
];

/// 1.4.3d: worked out from the rounds, or set.
pub const LARGE_SWISS: [&str; 3] = ["auto", "yes", "no"];

/// The stored facts of `tid`; an ordinary event with nothing set (version 0)
/// when the form was never saved.
pub fn facts(conn: &mut DbConnection, tid: TournamentId) -> DomainResult<NormFactsRow> {
    let row = norm_facts::table
        .find(tid)
        .select(NormFactsRow::as_select())
        .first(conn)
        .optional()?;
    Ok(row.unwrap_or_else(|| NormFactsRow {
        tournament_id: tid,
        event_kind: "ordinary".into(),
        large_swiss: "auto".into(),
        version: 0,
        ..Default::default()
    }))
}

/// The form as typed.
#[derive(Clone, Debug, Default, Serialize)]
pub struct NormFactsFields {
    pub event_kind: String,
    pub host_federation: String,
    pub large_swiss: String,
    pub chief_arbiter: String,
    pub deputy_arbiter: String,
    pub organizer: String,
    pub rating_period: String,
    pub outside_fide: String,
    /// Pairing numbers of computers (1.4.2: their games do not count).
    pub computers: String,
    /// The version the form was read at.
    pub version: String,
}

impl NormFactsFields {
    pub fn of(row: &NormFactsRow) -> NormFactsFields {
        NormFactsFields {
            event_kind: row.event_kind.clone(),
            host_federation: row.host_federation.clone(),
            large_swiss: row.large_swiss.clone(),
            chief_arbiter: row.chief_arbiter.clone(),
            deputy_arbiter: row.deputy_arbiter.clone(),
            organizer: row.organizer.clone(),
            rating_period: row.rating_period.clone(),
            outside_fide: row.outside_fide.clone(),
            computers: row.computers.clone(),
            version: row.version.to_string(),
        }
    }
}

/// Pairing numbers written `3, 7, 12`.
fn pairing_numbers(text: &str) -> Option<Vec<u32>> {
    text.split(',')
        .map(str::trim)
        .filter(|s| !s.is_empty())
        .map(|s| s.parse::<u32>().ok().filter(|n| *n >= 1))
        .collect()
}

/// A rating period `YYYY-MM`.
fn is_period(text: &str) -> bool {
    let b = text.as_bytes();
    b.len() == 7
        && b[4] == b'-'
        && text[..4].bytes().all(|c| c.is_ascii_digit())
        && text[5..]
            .parse::<u32>()
            .is_ok_and(|m| (1..=12).contains(&m))
}

/// Checks the form, nothing written.
fn checked(f: &NormFactsFields) -> DomainResult<NormFactsRow> {
    let kind = f.event_kind.trim();
    if kind.parse::<NormEventKind>().is_err() || !EVENT_KINDS.contains(&kind) {
        return Err(DomainError::invalid(
            "event_kind",
            msg!("choose the kind of event from the list"),
        ));
    }
    let host = f.host_federation.trim().to_ascii_uppercase();
    let code = host.len() == 3 && host.bytes().all(|c| c.is_ascii_uppercase());
    if !host.is_empty() && !code {
        return Err(DomainError::invalid(
            "host_federation",
            msg!("the federation is a three-letter code such as POL"),
        ));
    }
    let large = f.large_swiss.trim();
    if !LARGE_SWISS.contains(&large) {
        return Err(DomainError::invalid(
            "large_swiss",
            msg!("choose the kind of event from the list"),
        ));
    }
    let period = f.rating_period.trim();
    if !period.is_empty() && !is_period(period) {
        return Err(DomainError::invalid(
            "rating_period",
            msg!("write the rating period as YYYY-MM"),
        ));
    }
    let Some(outside) = pairing_numbers(&f.outside_fide) else {
        return Err(DomainError::invalid(
            "outside_fide",
            msg!("write pairing numbers separated by commas"),
        ));
    };
    let Some(computers) = pairing_numbers(&f.computers) else {
        return Err(DomainError::invalid(
            "computers",
            msg!("write pairing numbers separated by commas"),
        ));
    };
    let list = |ns: &[u32]| ns.iter().map(u32::to_string).collect::<Vec<_>>().join(", ");
    let short = |field: &str, s: &str| -> DomainResult<String> {
        let s = s.trim();
        if s.chars().count() > 200 {
            return Err(DomainError::invalid(field, msg!("at most 200 characters")));
        }
        Ok(s.to_string())
    };
    Ok(NormFactsRow {
        tournament_id: TournamentId(0),
        event_kind: kind.to_string(),
        host_federation: host,
        large_swiss: large.to_string(),
        chief_arbiter: short("chief_arbiter", &f.chief_arbiter)?,
        deputy_arbiter: short("deputy_arbiter", &f.deputy_arbiter)?,
        organizer: short("organizer", &f.organizer)?,
        rating_period: period.to_string(),
        outside_fide: list(&outside),
        computers: list(&computers),
        version: 0,
    })
}

/// Sets the event's facts (organizers and arbiters): one transaction, one
/// audit row with the facts before and after. A form read at an older version
/// is refused (`Conflict`), nothing written.
pub fn save_facts(
    conn: &mut DbConnection,
    actor: &Actor,
    tid: TournamentId,
    f: &NormFactsFields,
) -> DomainResult<NormFactsRow> {
    require_role(conn, actor, tid, &[Role::Organizer, Role::Arbiter])?;
    let before = facts(conn, tid)?;
    if f.version.trim() != before.version.to_string() {
        return Err(DomainError::conflict(msg!(
            "{} was changed meanwhile; check and try again",
            "norm_facts"
        )));
    }
    let mut row = checked(f)?;
    row.tournament_id = tid;
    row.version = before.version + 1;
    if before.version == 0 {
        diesel::insert_into(norm_facts::table)
            .values(&row)
            .execute(conn)?;
    } else {
        diesel::update(norm_facts::table.find(tid))
            .set(&row)
            .execute(conn)?;
    }
    Entry::at(tid, "set_norm_facts", "norm_facts", i64::from(tid.get())).record(
        conn,
        actor,
        (before.version > 0).then_some(&before),
        Some(&row),
    )?;
    Ok(row)
}

/// The crate's event facts from the stored ones.
pub fn norm_event(f: &NormFactsRow, t: &TournamentRow, total_rounds: u32) -> NormEvent {
    let host = if f.host_federation.is_empty() {
        t.federation.trim().to_ascii_uppercase()
    } else {
        f.host_federation.clone()
    };
    NormEvent {
        kind: f.event_kind.parse().unwrap_or_default(),
        host_federation: (!host.is_empty()).then_some(host),
        computers: pairing_numbers(&f.computers).unwrap_or_default(),
        outside_fide: pairing_numbers(&f.outside_fide).unwrap_or_default(),
        predetermined_pairings: None,
        large_swiss_exemption: match f.large_swiss.as_str() {
            "yes" => Some(true),
            "no" => Some(false),
            _ => None,
        },
        total_rounds: Some(total_rounds),
    }
}

/// Whether the event is final: every round paired, played and published.
pub fn is_final(conn: &mut DbConnection, t: &TournamentRow) -> DomainResult<bool> {
    if super::teams::is_team_event(conn, t.id)? {
        let (_, done) = super::teams::prize_progress(conn, t.id, Audience::Public)?;
        return Ok(t.status == TournamentStatus::Finished && done);
    }
    let total = super::regulations::total_rounds(conn, t)?;
    let published = Audience::Public.last_round(conn, t.id)?.get() as u32;
    Ok(t.status == TournamentStatus::Finished && total > 0 && published >= total)
}

/// A player as the certificates name them (public data only).
#[derive(Clone, Debug, Serialize)]
pub struct NormPlayer {
    /// The player's row; none for a team member (rosters are not players).
    pub id: Option<PlayerId>,
    pub start_no: u32,
    pub name: String,
    /// A team member's team (empty in individual events).
    pub team: String,
    pub title: String,
    pub federation: String,
    pub fide_id: Option<i64>,
    /// FIDE rating (whatever orders the pairing).
    pub rating: Option<i32>,
    pub birth_year: String,
}

impl NormPlayer {
    fn of(p: &PlayerRow, start_no: u32) -> NormPlayer {
        NormPlayer {
            id: Some(p.id),
            start_no,
            name: p.name.clone(),
            team: String::new(),
            title: p.title.clone(),
            federation: p.federation.clone(),
            fide_id: p.fide_id,
            rating: p.rating.filter(|r| *r > 0),
            birth_year: p.birth_date.get(..4).unwrap_or("").to_string(),
        }
    }

    /// A team member as the team engine has him (`start_no`: his engine id).
    fn of_member(p: &pairing::Player, team: &str) -> NormPlayer {
        NormPlayer {
            id: None,
            start_no: p.id,
            name: p.name.clone(),
            team: team.to_string(),
            title: p.title.clone().unwrap_or_default(),
            federation: p.federation.clone().unwrap_or_default(),
            fide_id: p.fide_id.map(|i| i as i64),
            rating: p.rating.map(|r| r as i32),
            birth_year: String::new(),
        }
    }
}

/// One game of a norm (IT1): the round, the opponent and the player's points.
#[derive(Clone, Debug, Serialize)]
pub struct NormGame {
    pub round: u32,
    pub opponent: NormPlayer,
    /// Half-points.
    pub points: i32,
}

/// Everything the norm pages and the certificates show.
pub struct NormsReport {
    pub tournament: TournamentRow,
    pub facts: NormFactsRow,
    pub total_rounds: u32,
    /// The rounds read (the audience's last round).
    pub rounds_read: u32,
    pub is_final: bool,
    /// Players by pairing number (`players[start_no - 1]`).
    pub players: Vec<NormPlayer>,
    pub norms: Vec<PlayerNorms>,
    pub forecast: Vec<PlayerForecast>,
    pub ratings: Vec<PlayerRatingChange>,
    pub edition: RatingEdition,
    /// 1.4.3d worked out (Swiss events).
    pub large_swiss: Option<LargeSwissCheck>,
    /// The crate's model the numbers come from (FIDE ratings, titles as stored).
    pub model: pairing::Tournament,
}

impl NormsReport {
    pub fn player(&self, start_no: u32) -> Option<&NormPlayer> {
        self.players.get((start_no as usize).checked_sub(1)?)
    }

    pub fn by_id(&self, id: PlayerId) -> Option<&NormPlayer> {
        self.players.iter().find(|p| p.id == Some(id))
    }

    /// The norms achieved: (player, result), players in pairing order,
    /// titles from the highest.
    pub fn achieved(&self) -> Vec<(&NormPlayer, &NormResult)> {
        let mut out = Vec::new();
        for pn in &self.norms {
            let Some(p) = self.player(pn.id) else {
                continue;
            };
            let mut rs: Vec<&NormResult> = pn.results.iter().filter(|r| r.achieved).collect();
            rs.sort_by_key(|r| r.title);
            out.extend(rs.into_iter().map(|r| (p, r)));
        }
        out
    }

    /// The norm result of a player for a title code (`GM`, `IM`, …).
    pub fn result(&self, start_no: u32, title: &str) -> Option<&NormResult> {
        self.norms
            .iter()
            .find(|n| n.id == start_no)?
            .results
            .iter()
            .find(|r| r.title.code().eq_ignore_ascii_case(title))
    }

    /// The games a norm counts, in round order (IT1's table).
    pub fn games_of(&self, start_no: u32, r: &NormResult) -> Vec<NormGame> {
        let Some(p) = self.model.player(start_no) else {
            return Vec::new();
        };
        r.rounds_used
            .iter()
            .filter_map(|&round| match p.rounds.get(round as usize - 1)? {
                RoundEntry::Game {
                    opponent,
                    result: Some(res),
                    ..
                } => Some(NormGame {
                    round,
                    opponent: self.player(*opponent)?.clone(),
                    points: match res {
                        GameResult::Win | GameResult::ForfeitWin => 2,
                        GameResult::Draw => 1,
                        GameResult::Loss | GameResult::ForfeitLoss => 0,
                        GameResult::Adjusted(x) => *x,
                    },
                }),
                _ => None,
            })
            .collect()
    }

    /// The rating change of a player (by pairing number).
    pub fn rating(&self, start_no: u32) -> Option<&PlayerRatingChange> {
        self.ratings.iter().find(|r| r.id == start_no)
    }
}

/// The crate's model over the rounds `audience` sees, with the FIDE rating
/// of every player (the norms and B.02 read it, whatever orders the
/// pairing), the players in pairing order and the rounds read.
fn rated_model(
    conn: &mut DbConnection,
    t: &TournamentRow,
    audience: Audience,
) -> DomainResult<(model::Model, Vec<PlayerRow>, u32)> {
    let rounds_read = audience.last_round(conn, t.id)?.get() as u32;
    let mut m = model::build(conn, t, rounds_read, None)?;
    let rows = players_in_order(conn, t.id)?;
    for (p, r) in m.tournament.players.iter_mut().zip(&rows) {
        p.rating = r.rating.filter(|v| *v > 0).map(|v| v as u32);
    }
    Ok((m, rows, rounds_read))
}

/// B.02 changes (`pairing::rating_change`) on the model: the edition in
/// force at the event's start, each player's K as stored (`k_of[start_no -
/// 1]`, 0 or missing: art. 8.3.3 from the rating). The model's ratings are
/// the FIDE ones ([`rated_model`]).
fn changes(
    t: &pairing::Tournament,
    row: &TournamentRow,
    k_of: &[u32],
) -> (RatingEdition, Vec<PlayerRatingChange>) {
    let edition = RatingEdition::in_force_on(&row.start_date);
    let ratings = rating_change::rating_changes(t, edition, &|id| PlayerFacts {
        k: k_of
            .get((id as usize).wrapping_sub(1))
            .copied()
            .filter(|k| *k > 0),
        ..Default::default()
    });
    (edition, ratings)
}

fn k_factors(rows: &[PlayerRow]) -> Vec<u32> {
    rows.iter().map(|r| r.k_factor.max(0) as u32).collect()
}

/// The one B.02 figure of an individual event, per player: the change of
/// each player of `m` (the app's model over some rounds, `model::build`),
/// with every player's FIDE rating and stored K put in first, whatever
/// orders the pairing. The standings' column, the player card, its PDF and
/// the Norms page all read it.
pub fn rating_changes_on(
    conn: &mut DbConnection,
    t: &TournamentRow,
    m: &model::Model,
) -> DomainResult<std::collections::HashMap<PlayerId, PlayerRatingChange>> {
    let rows = players_in_order(conn, t.id)?;
    let mut rated = m.tournament.clone();
    for (p, r) in rated.players.iter_mut().zip(&rows) {
        p.rating = r.rating.filter(|v| *v > 0).map(|v| v as u32);
    }
    let (_, ratings) = changes(&rated, t, &k_factors(&rows));
    Ok(ratings
        .into_iter()
        .filter_map(|c| Some((m.player_id(c.id)?, c)))
        .collect())
}

/// The B.02 rating change of each player of `tid` over the rounds `audience`
/// sees ([`rating_changes_on`]), by player.
pub fn rating_changes(
    conn: &mut DbConnection,
    tid: TournamentId,
    audience: Audience,
) -> DomainResult<std::collections::HashMap<PlayerId, PlayerRatingChange>> {
    let t = super::tournaments::load(conn, tid)?;
    let last = audience.last_round(conn, tid)?.get() as u32;
    let m = model::build(conn, &t, last, None)?;
    rating_changes_on(conn, &t, &m)
}

/// The norms, the forecast and the rating changes of `tid` over the rounds
/// `audience` sees (staff: paired rounds too, whose games are the forecast's).
pub fn report(
    conn: &mut DbConnection,
    tid: TournamentId,
    audience: Audience,
) -> DomainResult<NormsReport> {
    let t = super::tournaments::load(conn, tid)?;
    let f = facts(conn, tid)?;
    if super::teams::is_team_event(conn, tid)? {
        return team_report(conn, t, f, audience);
    }
    let total_rounds = super::regulations::total_rounds(conn, &t)?;
    let (m, rows, rounds_read) = rated_model(conn, &t, audience)?;
    let event = norm_event(&f, &t, total_rounds);
    let norms = norms::evaluate(&m.tournament, &event);
    let forecast = norms::forecast(&m.tournament, &event);
    let (edition, ratings) = changes(&m.tournament, &t, &k_factors(&rows));
    let large_swiss = t
        .system
        .is_swiss()
        .then(|| norms::large_swiss_check(&m.tournament, &event));
    let players = rows
        .iter()
        .enumerate()
        .map(|(i, p)| NormPlayer::of(p, i as u32 + 1))
        .collect();
    Ok(NormsReport {
        is_final: is_final(conn, &t)?,
        tournament: t,
        facts: f,
        total_rounds,
        rounds_read,
        players,
        norms,
        forecast,
        ratings,
        edition,
        large_swiss,
        model: m.tournament,
    })
}

/// The report of a team event, board by board: each team member judged on
/// the games of his own boards (B.01 1.4), the opponents as their rosters
/// have them (title, federation, rating), over the rounds `audience` sees.
fn team_report(
    conn: &mut DbConnection,
    t: TournamentRow,
    f: NormFactsRow,
    audience: Audience,
) -> DomainResult<NormsReport> {
    let rounds_read = super::teams::visible_rounds(conn, t.id, audience)?;
    let loaded = super::teams::load(conn, t.id, Some(rounds_read))?;
    let total_rounds = loaded.t.total_rounds;
    let event = norm_event(&f, &t, total_rounds);
    let norms = norms::evaluate_team(&loaded.t, &event);
    let forecast = norms::forecast_team(&loaded.t, &event);
    let model = pairing::team::trf::individual_tournament(&loaded.t);
    // Rosters hold no K: art. 8.3.3 from the rating.
    let (edition, ratings) = changes(&model, &t, &[]);
    let players = loaded
        .t
        .players
        .iter()
        .map(|p| {
            let team = loaded
                .t
                .team_of(p.id)
                .and_then(|n| loaded.t.team(n))
                .map(|x| x.name.as_str())
                .unwrap_or("");
            NormPlayer::of_member(p, team)
        })
        .collect();
    Ok(NormsReport {
        is_final: is_final(conn, &t)?,
        tournament: t,
        facts: f,
        total_rounds,
        rounds_read: rounds_read.get() as u32,
        players,
        norms,
        forecast,
        ratings,
        edition,
        large_swiss: None,
        model,
    })
}

/// The public's norm summary: the report once the event is final, else
/// `NotFound` (the page says "not yet").
pub fn public_summary(conn: &mut DbConnection, tid: TournamentId) -> DomainResult<NormsReport> {
    let t = super::tournaments::load(conn, tid)?;
    if !is_final(conn, &t)? {
        return Err(DomainError::NotFound(msg!(
            "the norm summary of tournament {}",
            tid
        )));
    }
    report(conn, tid, Audience::Public)
}

/// The FIDE rating report as TRF (staff): the published rounds with full
/// birth dates, the chief and deputy arbiters (`102`, `112`), arbiter-set
/// results (`0–½`, `0–0`, art. 12.3b / 12.9 of the Laws) written as not rated
/// (`W`/`D`/`L`), forfeits (`+`/`-`) and byes as the TRF writes them (never
/// rated), and a `###` line naming each player without a FIDE id. A team
/// event's report is its team TRF (`teams::export_trf`, published rounds).
pub fn rating_report_trf(conn: &mut DbConnection, tid: TournamentId) -> DomainResult<String> {
    if super::teams::is_team_event(conn, tid)? {
        // A team event's report is its team TRF: each player's `001` record
        // with his board games, the `013` team records.
        return super::teams::export_trf(conn, tid, Audience::Public);
    }
    let base = super::interchange::export_trf(conn, tid, Audience::Staff)?;
    // The file written just above: a failure here is the writer's bug.
    let mut t = pairing::trf::parse(&base).map_err(|e| {
        let why = super::library::trf_error(&e);
        DomainError::invalid("trf", msg!("the TRF could not be read back: {}", why))
    })?;
    let f = facts(conn, tid)?;
    let adjusted: Vec<(u32, u32)> = t
        .players
        .iter()
        .flat_map(|p| {
            p.rounds
                .iter()
                .enumerate()
                .filter_map(move |(k, r)| match r {
                    RoundEntry::Game {
                        result: Some(GameResult::Adjusted(_)),
                        ..
                    } => Some((p.id, k as u32 + 1)),
                    _ => None,
                })
        })
        .collect();
    for key in adjusted {
        if !t.trf.unrated_games.contains(&key) {
            t.trf.unrated_games.push(key);
        }
    }
    let text = |s: &str| (!s.is_empty()).then(|| s.to_string());
    t.details.chief_arbiter = text(&f.chief_arbiter);
    t.details.deputy_arbiters = text(&f.deputy_arbiter).into_iter().collect();
    let mut out = pairing::trf::write(&t.without_layout());
    out.push_str(&super::fide_mode::trf_comments(conn, tid)?);
    for p in &t.players {
        if p.fide_id.is_none() {
            out.push_str(&format!("### {:4} {}: no FIDE id\n", p.id, p.name.trim()));
        }
    }
    Ok(out)
}

/// The B.02 edition as its year (`2022`, `2024`, `2025`).
pub fn edition_year(e: RatingEdition) -> &'static str {
    match e {
        RatingEdition::Fide2022 => "2022",
        RatingEdition::Fide2024 => "2024",
        RatingEdition::Fide2025 => "2025",
    }
}
