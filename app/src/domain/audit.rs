//! The append-only audit log: who, when, what, before, after.

use super::{now, Actor, DomainResult};
use crate::db::models::AuditRow;
use crate::db::schema::audit_log;
use crate::db::DbConnection;
use crate::domain::ids::TournamentId;
use diesel::prelude::*;
use serde::Serialize;

pub struct Entry<'a> {
    pub tournament_id: Option<TournamentId>,
    pub action: &'a str,
    pub entity: &'a str,
    pub entity_id: Option<i64>,
}

impl<'a> Entry<'a> {
    /// An action (`"result.set"`) on an entity (`"game"`, its id when it
    /// has one), in a tournament or server-wide (`None`).
    pub fn new(
        tournament_id: Option<TournamentId>,
        action: &'a str,
        entity: &'a str,
        entity_id: Option<i64>,
    ) -> Entry<'a> {
        Entry {
            tournament_id,
            action,
            entity,
            entity_id,
        }
    }

    /// An action on an entity of tournament `tid`, by its id: the usual
    /// entry, `Entry::at(tid, "round.publish", "round", n)`.
    pub fn at(
        tid: TournamentId,
        action: &'a str,
        entity: &'a str,
        id: impl Into<i64>,
    ) -> Entry<'a> {
        Entry::new(Some(tid), action, entity, Some(id.into()))
    }

    /// A server-wide action (users, tokens, rating lists) on an entity.
    pub fn server(action: &'a str, entity: &'a str, id: impl Into<i64>) -> Entry<'a> {
        Entry::new(None, action, entity, Some(id.into()))
    }

    /// Appends the change from `before` to `after` as one audit row.
    pub fn change<B: Serialize + ?Sized, A: Serialize + ?Sized>(
        self,
        conn: &mut DbConnection,
        actor: &Actor,
        before: &B,
        after: &A,
    ) -> DomainResult<()> {
        record(conn, actor, self, Some(before), Some(after))
    }

    /// Appends the making of `after` (nothing before) as one audit row.
    pub fn made<A: Serialize + ?Sized>(
        self,
        conn: &mut DbConnection,
        actor: &Actor,
        after: &A,
    ) -> DomainResult<()> {
        record::<(), A>(conn, actor, self, None, Some(after))
    }

    /// Appends the removal of `before` (nothing after) as one audit row.
    pub fn removed<B: Serialize + ?Sized>(
        self,
        conn: &mut DbConnection,
        actor: &Actor,
        before: &B,
    ) -> DomainResult<()> {
        record::<B, ()>(conn, actor, self, Some(before), None)
    }

    /// Appends this as one audit row: [`record`].
    pub fn record<B: Serialize + ?Sized, A: Serialize + ?Sized>(
        self,
        conn: &mut DbConnection,
        actor: &Actor,
        before: Option<&B>,
        after: Option<&A>,
    ) -> DomainResult<()> {
        record(conn, actor, self, before, after)
    }
}

/// Appends one audit row. Called exactly once by every write operation, inside
/// its transaction.
pub fn record<B: Serialize + ?Sized, A: Serialize + ?Sized>(
    conn: &mut DbConnection,
    actor: &Actor,
    entry: Entry<'_>,
    before: Option<&B>,
    after: Option<&A>,
) -> DomainResult<()> {
    if let Some(tid) = entry.tournament_id {
        refuse_on_mirror(conn, tid, entry.action)?;
    }
    let before = before.map(|b| serde_json::to_string(b).unwrap_or_default());
    let after = after.map(|a| serde_json::to_string(a).unwrap_or_default());
    diesel::insert_into(audit_log::table)
        .values((
            audit_log::at.eq(now()),
            audit_log::user_id.eq(actor.user_id),
            audit_log::tournament_id.eq(entry.tournament_id),
            audit_log::action.eq(entry.action),
            audit_log::entity.eq(entry.entity),
            audit_log::entity_id.eq(entry.entity_id),
            audit_log::before_state.eq(before),
            audit_log::after_state.eq(after),
        ))
        .execute(conn)?;
    Ok(())
}

/// A tournament published from a venue (table `mirrors`, `domain/mirror.rs`)
/// changes only by its venue's states: every write passes here, so every
/// write but the mirror's own (`mirror.*`) is refused, and its transaction
/// rolls back. Asked here rather than through `mirror`, which records its
/// own audit rows.
fn refuse_on_mirror(conn: &mut DbConnection, tid: TournamentId, action: &str) -> DomainResult<()> {
    use crate::db::schema::mirrors;
    if action.starts_with("mirror.") {
        return Ok(());
    }
    let mirrored: i64 = mirrors::table
        .filter(mirrors::tournament_id.eq(tid))
        .count()
        .get_result(conn)?;
    if mirrored > 0 {
        return Err(super::DomainError::conflict(msg!(
            "tournament {} is published from the venue: make changes there, at the venue",
            tid
        )));
    }
    Ok(())
}

/// The audit log of one tournament, newest first.
pub fn for_tournament(
    conn: &mut DbConnection,
    tid: TournamentId,
    limit: i64,
    offset: i64,
) -> DomainResult<Vec<AuditRow>> {
    Ok(audit_log::table
        .filter(audit_log::tournament_id.eq(tid))
        .order(audit_log::id.desc())
        .limit(limit)
        .offset(offset)
        .select(AuditRow::as_select())
        .load(conn)?)
}

pub fn count_all(conn: &mut DbConnection) -> DomainResult<i64> {
    Ok(audit_log::table.count().get_result(conn)?)
}
