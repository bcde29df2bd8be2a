//! Standings: points and the tournament's tie-break order, from the `pairing` crate.

use super::model;
use super::rounds::fmt_points;
use super::tournaments::{load as load_tournament, tiebreak_codes};
use super::{engine, Audience, DomainResult};
use crate::db::schema::games;
use crate::db::DbConnection;
use crate::domain::ids::{PlayerId, RoundNo, TournamentId};
use crate::domain::kinds::GameKind;
use diesel::prelude::*;
use serde::Serialize;
use utoipa::ToSchema;

#[derive(Clone, Debug, Serialize, ToSchema)]
pub struct StandingView {
    pub rank: u32,
    #[schema(value_type = i32)]
    pub player_id: PlayerId,
    pub start_no: u32,
    pub name: String,
    pub title: String,
    pub federation: String,
    pub rating: Option<u32>,
    pub points: f64,
    /// Points as written: `5½`.
    pub points_text: String,
    /// Tie-break values in the order of `tiebreaks` (null where undefined).
    pub values: Vec<Option<f64>>,
    /// FIDE rating change over the rated games (B.02, with each player's
    /// FIDE rating and K: `domain::norms::rating_changes_on`).
    pub rating_change: Option<i32>,
    /// Tournament performance rating.
    pub performance: Option<i32>,
}

#[derive(Clone, Debug, Serialize, ToSchema)]
pub struct StandingsView {
    /// After this round (the last paired one; unfinished games count as not played yet).
    #[schema(value_type = i32)]
    pub after_round: RoundNo,
    pub tiebreaks: Vec<String>,
    /// Results of round `after_round` are still missing: the order may change.
    pub provisional: bool,
    pub rows: Vec<StandingView>,
}

/// The standings after the last round `audience` sees (a bye is scored when
/// it is paired, so the public's standings stop at the last published round).
pub fn compute(
    conn: &mut DbConnection,
    tid: TournamentId,
    audience: Audience,
) -> DomainResult<StandingsView> {
    let t = load_tournament(conn, tid)?;
    let last = audience.last_round(conn, tid)?;
    let m = model::build(conn, &t, last.get() as u32, None)?;
    let codes = tiebreak_codes(&t);
    let rows = engine::standings(&m.tournament, &codes)?;
    // B.02 (art. 8.3), the player card's figure.
    let changes = super::norms::rating_changes_on(conn, &t, &m)?;
    let rows = rows
        .into_iter()
        .map(|r| {
            let p = &m.tournament.players[r.start_no as usize - 1];
            let player_id = m.player_id(r.start_no).unwrap_or_default();
            StandingView {
                rank: r.rank,
                player_id,
                start_no: r.start_no,
                name: p.name.clone(),
                title: p.title.clone().unwrap_or_default(),
                federation: p.federation.clone().unwrap_or_default(),
                rating: p.rating,
                points: r.points as f64 / 2.0,
                points_text: fmt_points(r.points),
                values: r.values,
                rating_change: changes.get(&player_id).and_then(|c| c.change),
                performance: r.performance,
            }
        })
        .collect();
    let missing: i64 = games::table
        .filter(games::tournament_id.eq(tid))
        .filter(games::round_number.eq(last))
        .filter(games::kind.eq_any([GameKind::Pending, GameKind::Adjourned]))
        .count()
        .get_result(conn)?;
    Ok(StandingsView {
        after_round: last,
        provisional: missing > 0,
        tiebreaks: codes,
        rows,
    })
}

/// The virtual points each player is paired with in round `n` of an
/// accelerated Swiss (Baku, C.04.5.1; the same as the engines get in
/// `model::build`), in half-points; none when the round has none. For the
/// staff only: they never count in the standings.
pub fn virtual_points(
    conn: &mut DbConnection,
    tid: TournamentId,
    n: RoundNo,
) -> DomainResult<std::collections::HashMap<PlayerId, i32>> {
    let row = load_tournament(conn, tid)?;
    if row.acceleration != crate::domain::kinds::Acceleration::Baku || !row.system.is_swiss() {
        return Ok(Default::default());
    }
    let players = super::model::players_in_order(conn, tid)?;
    let total = super::regulations::total_rounds(conn, &row)?;
    let count = players.len() as u32;
    Ok(players
        .iter()
        .enumerate()
        .map(|(i, p)| {
            let v =
                pairing::generator::baku_virtual_points(count, total, i as u32 + 1, n.get() as u32);
            (p.id, v)
        })
        .filter(|(_, v)| *v != 0)
        .collect())
}

/// Each player's points (half-points) before round `n`, by player id: what a
/// pairing list prints next to the names.
pub fn points_before(
    conn: &mut DbConnection,
    tid: TournamentId,
    n: RoundNo,
) -> DomainResult<std::collections::HashMap<PlayerId, i32>> {
    let row = load_tournament(conn, tid)?;
    let m = model::build(conn, &row, (n.get() - 1).max(0) as u32, None)?;
    let points = pairing::tiebreak::points(&m.tournament);
    Ok(points
        .iter()
        .enumerate()
        .filter_map(|(i, p)| Some((m.player_id(i as u32 + 1)?, *p)))
        .collect())
}
