//! Storage: one prize table per tournament (set by its organizers, audited),
//! and the prizes as each audience sees them.

use super::*;
use crate::db::models::PlayerRow;
use crate::db::schema::{players, prize_tables};
use crate::db::DbConnection;
use crate::domain::audit::Entry;
use crate::domain::ids::TournamentId;
use crate::domain::registration::year_of;
use crate::domain::standings;
use crate::domain::tournaments::load as load_tournament;
use crate::domain::{
    now, regulations, require_role, Actor, Audience, DomainError, DomainResult, Role,
};
use diesel::prelude::*;

/// The prize table with the version a change must name.
pub fn stored(conn: &mut DbConnection, tid: TournamentId) -> DomainResult<(PrizeTable, i32)> {
    let row: Option<(String, i32)> = prize_tables::table
        .find(tid)
        .select((prize_tables::body, prize_tables::version))
        .first(conn)
        .optional()?;
    Ok(match row {
        None => (PrizeTable::default(), 0),
        Some((body, version)) => (serde_json::from_str(&body).unwrap_or_default(), version),
    })
}

/// A new prize table; `version` is the one read (0 when there was none).
#[derive(Clone, Debug, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct SetPrizes {
    pub table: PrizeTable,
    pub version: i32,
}

/// The prize table and, when the reader may see it, the prize list.
#[derive(Clone, Debug, Serialize, ToSchema)]
pub struct PrizesView {
    pub table: PrizeTable,
    pub version: i32,
    /// The standings the list comes from (after this round).
    #[schema(value_type = i32)]
    pub after_round: RoundNo,
    /// The last round is complete: the list is final.
    pub is_final: bool,
    /// The prizes given; for the public only once the list is final.
    pub awards: Option<Vec<Award>>,
}

/// Sets the prize table (organizers and arbiters): one transaction, one audit row.
pub fn set_table(
    conn: &mut DbConnection,
    actor: &Actor,
    tid: TournamentId,
    cmd: SetPrizes,
) -> DomainResult<PrizesView> {
    require_role(conn, actor, tid, &[Role::Organizer, Role::Arbiter])?;
    load_tournament(conn, tid)?;
    let team_event = crate::domain::teams::is_team_event(conn, tid)?;
    cmd.table
        .validate()
        .and_then(|()| cmd.table.check_event(team_event))
        .map_err(|e| DomainError::invalid(&format!("table.{}", e.field), e.message))?;
    let (before, version) = stored(conn, tid)?;
    if cmd.version != version {
        return Err(DomainError::Conflict {
            message: msg!("the prize table was changed meanwhile; check and try again"),
            current: serde_json::to_value(&before).ok(),
        });
    }
    let body = serde_json::to_string(&cmd.table).unwrap_or_default();
    if version == 0 {
        diesel::insert_into(prize_tables::table)
            .values((
                prize_tables::tournament_id.eq(tid),
                prize_tables::body.eq(&body),
                prize_tables::version.eq(1),
                prize_tables::updated_at.eq(now()),
            ))
            .execute(conn)?;
    } else {
        diesel::update(prize_tables::table.find(tid))
            .set((
                prize_tables::body.eq(&body),
                prize_tables::version.eq(version + 1),
                prize_tables::updated_at.eq(now()),
            ))
            .execute(conn)?;
    }
    Entry::at(tid, "prizes.set", "tournament", tid).change(conn, actor, &before, &cmd.table)?;
    view(conn, tid, Audience::Staff)
}

/// The prize table and list as `audience` sees them: the list is computed
/// from the standings after the last round the audience sees; it is final
/// when that is the last round of the event and no result is missing. The
/// public sees the list only when final.
pub fn view(
    conn: &mut DbConnection,
    tid: TournamentId,
    audience: Audience,
) -> DomainResult<PrizesView> {
    let t = load_tournament(conn, tid)?;
    let (table, version) = stored(conn, tid)?;
    if crate::domain::teams::is_team_event(conn, tid)? {
        // A team event: its team places from the team standings and its
        // board categories from the board statistics, both of the rounds
        // the reader sees. An individual category (stored before they were
        // refused in a team event, `check_event`) has no individual
        // standings to rank: it is shown without winners.
        let (after_round, is_final) = crate::domain::teams::prize_progress(conn, tid, audience)?;
        let awards = if is_final || audience.is_staff() {
            let st = crate::domain::teams::standings(conn, tid, audience)?;
            let teams: Vec<TeamResult> = st
                .rows
                .iter()
                .map(|r| TeamResult {
                    number: r.team.number,
                    name: r.team.name.clone(),
                    rank: r.rank,
                    points: match st.primary {
                        crate::domain::kinds::TeamPrimaryScore::MatchPoints => {
                            f64::from(r.match_points)
                        }
                        crate::domain::kinds::TeamPrimaryScore::GamePoints => {
                            f64::from(r.game_points) / 2.0
                        }
                    },
                })
                .collect();
            let boards: Vec<BoardResult> = crate::domain::teams::board_stats(conn, tid, audience)?
                .into_iter()
                .map(|b| BoardResult {
                    board: b.board,
                    name: format!("{} ({})", b.player.name, b.team.name),
                    played: b.played,
                    points_played: b.points_played,
                    points: b.points,
                    performance: b.performance,
                })
                .collect();
            Some(compute_team_event(&teams, &boards, &table))
        } else {
            None
        };
        return Ok(PrizesView {
            table,
            version,
            after_round,
            is_final,
            awards,
        });
    }
    let st = standings::compute(conn, tid, audience)?;
    let rows: Vec<PlayerRow> = players::table
        .filter(players::tournament_id.eq(tid))
        .select(PlayerRow::as_select())
        .load(conn)?;
    let total = regulations::total_rounds_for(&t, rows.len() as u32) as i32;
    let is_final = st.after_round.get() > 0 && st.after_round.get() >= total && !st.provisional;
    let awards = if is_final || audience.is_staff() {
        let standings: Vec<Standing> = st
            .rows
            .iter()
            .map(|r| {
                let p = rows.iter().find(|p| p.id == r.player_id);
                Standing {
                    player_id: r.player_id,
                    name: r.name.clone(),
                    rank: r.rank,
                    points: r.points,
                    rating: r.rating.map(|v| v as i32),
                    birth_year: p.and_then(|p| year_of(&p.birth_date)),
                    sex: p.map(|p| p.sex).unwrap_or_default(),
                    federation: r.federation.clone(),
                    club: p.map(|p| p.club.clone()).unwrap_or_default(),
                }
            })
            .collect();
        Some(compute(&standings, &table))
    } else {
        None
    };
    Ok(PrizesView {
        table,
        version,
        after_round: st.after_round,
        is_final,
        awards,
    })
}
