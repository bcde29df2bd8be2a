//! FIDE mode. A tournament runs by the FIDE rules until the arbiter confirms,
//! twice, an operation they forbid or constrain; from then on it is out of
//! FIDE mode for good (Handbook C.04.A: an endorsed program keeps what the
//! rules forbid off by default, and leaving that is deliberate, visible and
//! recorded). The operations that ask:
//!
//! - a manual change to a pairing the engine made (C.04.3: the pairing is the
//!   Dutch system's; C.04.2 allows changes only to correct a mistake);
//! - a full-point bye given on request (C.04.1 (c): a requested bye is at most
//!   half a point, the pairing-allocated bye's point is the exception);
//! - the tie-break list changed once round 1 is paired (C.07 §1: the
//!   tie-breaks are announced before the start);
//! - a point system in which two draws are worth more than a win and a loss
//!   (C.02/C.04 assume win ≥ two draws' sum minus the loss; such a system
//!   breaks the score groups the Dutch system builds on).
//!
//! Each confirmed operation is one row of `fide_departures` (append-only by
//! trigger) and one audit row; the first is the departure. The TRF export
//! lists them as `###` comment lines, the staff pages show the departure.

use super::audit::Entry;
use super::{now, Actor, DomainError, DomainResult, ToConfirm};
use crate::db::schema::fide_departures;
use crate::db::DbConnection;
use crate::domain::ids::TournamentId;
use crate::domain::msg::{nested, Msg};
use diesel::prelude::*;
use serde::Serialize;
use utoipa::ToSchema;

/// The two confirmations a command carries to do what FIDE mode forbids.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Confirmation {
    /// "I have read the warning."
    pub warning_read: bool,
    /// "Take the tournament out of FIDE mode for good."
    pub leave_fide_mode: bool,
}

impl Confirmation {
    pub fn new(warning_read: bool, leave_fide_mode: bool) -> Confirmation {
        Confirmation {
            warning_read,
            leave_fide_mode,
        }
    }
}

/// One operation outside the FIDE rules.
#[derive(Clone, Debug, Serialize, ToSchema, PartialEq)]
pub struct Departure {
    pub at: String,
    pub username: String,
    pub what: String,
}

/// The operations outside the FIDE rules, oldest first (empty: FIDE mode).
pub fn departures(conn: &mut DbConnection, tid: TournamentId) -> DomainResult<Vec<Departure>> {
    let rows: Vec<(String, String, String)> = fide_departures::table
        .filter(fide_departures::tournament_id.eq(tid))
        .order(fide_departures::id)
        .select((
            fide_departures::at,
            fide_departures::username,
            fide_departures::what,
        ))
        .load(conn)?;
    Ok(rows
        .into_iter()
        .map(|(at, username, what)| Departure { at, username, what })
        .collect())
}

pub fn in_fide_mode(conn: &mut DbConnection, tid: TournamentId) -> DomainResult<bool> {
    let n: i64 = fide_departures::table
        .filter(fide_departures::tournament_id.eq(tid))
        .count()
        .get_result(conn)?;
    Ok(n == 0)
}

/// An operation the FIDE rules forbid (`what`, with the rule in `why`). In
/// FIDE mode it is refused — a conflict with the tournament's mode (409),
/// `NeedsConfirmation` of `ToConfirm::LeaveFideMode` (the API's `field:
/// "leave_fide_mode"`), the warning as the message — unless both
/// confirmations are given; then, and always once the
/// tournament has left FIDE mode, it is recorded and allowed.
pub fn forbidden(
    conn: &mut DbConnection,
    actor: &Actor,
    tid: TournamentId,
    what: Msg,
    why: Msg,
    confirm: Confirmation,
) -> DomainResult<()> {
    let fide = in_fide_mode(conn, tid)?;
    if fide && !(confirm.warning_read && confirm.leave_fide_mode) {
        return Err(DomainError::needs_confirmation(
            ToConfirm::LeaveFideMode,
            msg!("FIDE mode: {} is outside the FIDE rules ({}). To do it anyway, confirm twice (warning_read and leave_fide_mode): the tournament then leaves FIDE mode for good, and the TRF export says so", nested(what), nested(why)),
        ));
    }
    let username = actor.username.clone().unwrap_or_else(|| {
        actor
            .user_id
            .map(|u| format!("user {u}"))
            .unwrap_or_default()
    });
    let (what, why) = (what.to_string(), why.to_string());
    let text = if fide {
        format!("left FIDE mode: {what}")
    } else {
        format!("manual intervention: {what}")
    };
    diesel::insert_into(fide_departures::table)
        .values((
            fide_departures::tournament_id.eq(tid),
            fide_departures::at.eq(now()),
            fide_departures::username.eq(&username),
            fide_departures::what.eq(&text),
        ))
        .execute(conn)?;
    if fide {
        // The departure is an arbiter action of its own in the audit log; the
        // operation that caused it records its own row as usual.
        Entry::at(tid, "fide_mode.leave", "tournament", tid).made(
            conn,
            actor,
            &serde_json::json!({ "what": what, "why": why }),
        )?;
    }
    Ok(())
}

/// Whether a point system (in points) makes two draws worth more than a win
/// and a loss.
pub fn draws_outweigh_win(win: f64, draw: f64, loss: f64) -> bool {
    2.0 * draw > win + loss + 1e-9
}

/// The `###` comment lines of the TRF export: the departure and every later
/// intervention, with who and when.
pub fn trf_comments(conn: &mut DbConnection, tid: TournamentId) -> DomainResult<String> {
    let mut out = String::new();
    for d in departures(conn, tid)? {
        out.push_str(&format!("### {} {}: {}\n", d.at, d.username, d.what));
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn two_draws_against_a_win_and_a_loss() {
        assert!(!draws_outweigh_win(1.0, 0.5, 0.0));
        assert!(!draws_outweigh_win(3.0, 1.0, 0.0));
        assert!(draws_outweigh_win(1.0, 0.75, 0.0));
        assert!(draws_outweigh_win(2.0, 1.5, 0.0));
        assert!(!draws_outweigh_win(2.0, 1.5, 1.0));
    }
}
