//! Re-rating a tournament's players from the lists before round 1.

use super::*;
use crate::domain::ids::{PlayerId, TournamentId};

/// One player's change from the newer list.
#[derive(Clone, Debug, Serialize, ToSchema, PartialEq)]
pub struct RerateChange {
    #[schema(value_type = i32)]
    pub player_id: PlayerId,
    pub name: String,
    pub fide_id: i64,
    pub old_rating: Option<i32>,
    pub new_rating: Option<i32>,
    pub old_title: String,
    pub new_title: String,
    pub old_federation: String,
    pub new_federation: String,
    pub old_k: i32,
    pub new_k: i32,
}

#[derive(Clone, Debug, Default, Serialize, Deserialize, ToSchema)]
#[serde(default, deny_unknown_fields)]
pub struct Rerate {
    /// Only say what would change.
    pub preview: bool,
}

#[derive(Clone, Debug, Serialize, ToSchema, PartialEq)]
pub struct RerateReport {
    /// The list the ratings come from.
    pub list: RatingListView,
    /// The rating re-rated: standard, rapid or blitz (from the time control).
    pub rating: RatingKind,
    pub applied: bool,
    pub changes: Vec<RerateChange>,
    /// Players with a FIDE id the list does not have (left as they are).
    pub not_in_list: Vec<String>,
}

/// Re-rates the tournament's players from the FIDE list it registers from
/// (its own, else the server-wide one; `fide_list`): rating for the
/// event's time control, title, federation, K. `preview` only reports. Not
/// once round 1 is paired (409): the pairing numbers follow the ratings.
pub fn rerate(
    conn: &mut DbConnection,
    actor: &Actor,
    tid: TournamentId,
    cmd: Rerate,
) -> DomainResult<RerateReport> {
    require_role(conn, actor, tid, &[Role::Organizer, Role::Arbiter])?;
    let t = load_tournament(conn, tid)?;
    let paired: i64 = rounds::table
        .filter(rounds::tournament_id.eq(tid))
        .count()
        .get_result(conn)?;
    if paired > 0 {
        return Err(DomainError::conflict(msg!(
            "round 1 is paired: the players are re-rated only before the first pairing"
        )));
    }
    // The tournament's own FIDE list when it has one (issue 41).
    let list = fide_list(conn, Some(tid))?
        .ok_or_else(|| DomainError::conflict(msg!("no FIDE rating list is imported")))?;
    let kind = event_rating_kind(&t);
    let rows: Vec<PlayerRow> = players::table
        .filter(players::tournament_id.eq(tid))
        .order(players::id)
        .select(PlayerRow::as_select())
        .load(conn)?;
    let mut changes = Vec::new();
    let mut not_in_list = Vec::new();
    for p in &rows {
        let Some(fid) = p.fide_id else { continue };
        let Some(f) = in_list(conn, &list, fid)? else {
            not_in_list.push(format!("{} ({fid})", p.name));
            continue;
        };
        let lp = f.player();
        let new_rating = lp.rating(kind);
        let new_title = lp.registration_title();
        let new_federation = if lp.federation.len() == 3 {
            lp.federation.clone()
        } else {
            p.federation.clone()
        };
        let new_k = lp
            .k(kind)
            .filter(|k| [10, 20, 40].contains(k))
            .unwrap_or(p.k_factor);
        if new_rating != p.rating
            || new_title != p.title
            || new_federation != p.federation
            || new_k != p.k_factor
        {
            changes.push(RerateChange {
                player_id: p.id,
                name: p.name.clone(),
                fide_id: fid,
                old_rating: p.rating,
                new_rating,
                old_title: p.title.clone(),
                new_title,
                old_federation: p.federation.clone(),
                new_federation,
                old_k: p.k_factor,
                new_k,
            });
        }
    }
    let mut report = RerateReport {
        list,
        rating: kind,
        applied: false,
        changes,
        not_in_list,
    };
    if cmd.preview {
        return Ok(report);
    }
    for c in &report.changes {
        diesel::update(players::table.filter(players::id.eq(c.player_id)))
            .set((
                players::rating.eq(c.new_rating),
                players::title.eq(&c.new_title),
                players::federation.eq(&c.new_federation),
                players::k_factor.eq(c.new_k),
                players::version.eq(players::version + 1),
            ))
            .execute(conn)?;
    }
    report.applied = true;
    audit::record(
        conn,
        actor,
        Entry {
            tournament_id: Some(tid),
            action: "player.rerate",
            entity: "tournament",
            entity_id: Some(tid.into()),
        },
        None::<&()>,
        Some(&report),
    )?;
    Ok(report)
}
