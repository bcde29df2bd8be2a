//! Check-in: before a round the arbiter takes check-in — marks who is
//! present, or the players confirm with the personal code the organizer
//! handed them. When check-in is in use for a round, the players not present
//! are not paired in it: they score as the regulations score a round a
//! player misses (`late_entry_bye`, zero or half a point), recorded as that
//! bye in the round (see `model::build`, which reads the check-in, and
//! `rounds::get`, which says who was left out and why).
//!
//! Only a Swiss takes check-in: a round robin's table pairs everyone, and an
//! absent player loses his game by default (the default-time article of the
//! tournament's edition: 6.7 in 2005, 6.6(a) in 2009, 6.7.1 from 2018).

use super::audit::Entry;
use super::kinds::{CheckinSource, PlayerStatus};
use super::registration::{self, load_player};
use super::tournaments::load as load_tournament;
use super::{now, require_role, Actor, Audience, DomainError, DomainResult, Role};
use crate::db::schema::{checkin_codes, checkin_rounds, checkins, players};
use crate::db::DbConnection;
use crate::domain::ids::{PlayerId, RoundNo, TournamentId};
use diesel::prelude::*;
use rand::Rng;
use serde::{Deserialize, Serialize};
use std::collections::HashMap;
use utoipa::ToSchema;

/// The letters of a code: no 0/O, 1/I/L to mistake for each other.
const CODE_LETTERS: &[u8] = b"ABCDEFGHJKMNPQRSTUVWXYZ23456789";
const CODE_LEN: usize = 6;

/// A player on the check-in sheet.
#[derive(Clone, Debug, Serialize, ToSchema)]
pub struct CheckinPlayer {
    #[schema(value_type = i32)]
    pub player_id: PlayerId,
    pub start_no: i32,
    pub name: String,
    pub rating: Option<i32>,
    pub present: bool,
    /// How the presence was recorded.
    pub source: Option<CheckinSource>,
    pub at: Option<String>,
    /// Already not paired in this round: a requested bye, or a late entry
    /// joining later.
    pub excused: bool,
    /// The personal check-in code (staff only; null until codes are issued).
    pub code: Option<String>,
}

/// The check-in of a round.
#[derive(Clone, Debug, Serialize, ToSchema)]
pub struct CheckinSheet {
    /// The round (the next one to be paired).
    #[schema(value_type = i32)]
    pub round: RoundNo,
    /// Whether check-in is in use for the round (absentees are not paired).
    pub open: bool,
    pub present: i64,
    /// Active players expected who are not (yet) present.
    pub missing: i64,
    /// The players (staff only; empty for the public).
    pub players: Vec<CheckinPlayer>,
}

/// The round check-in is for: the next one to be paired.
pub fn next_round(conn: &mut DbConnection, tid: TournamentId) -> DomainResult<RoundNo> {
    Ok(registration::rounds_paired(conn, tid)?.next())
}

fn is_open(conn: &mut DbConnection, tid: TournamentId, round: RoundNo) -> DomainResult<bool> {
    let n: i64 = checkin_rounds::table
        .filter(checkin_rounds::tournament_id.eq(tid))
        .filter(checkin_rounds::round_number.eq(round))
        .count()
        .get_result(conn)?;
    Ok(n > 0)
}

/// The check-in sheet of the next round.
pub fn sheet(
    conn: &mut DbConnection,
    tid: TournamentId,
    audience: Audience,
) -> DomainResult<CheckinSheet> {
    load_tournament(conn, tid)?;
    // The public must not learn that a round was paired before it is
    // published (`Audience`): for them the next round is the one after the
    // last published round.
    let round = match audience {
        Audience::Staff => next_round(conn, tid)?,
        Audience::Public => Audience::Public.last_round(conn, tid)?.next(),
    };
    let open = is_open(conn, tid, round)?;
    let marks: HashMap<PlayerId, (CheckinSource, String)> = checkins::table
        .filter(checkins::tournament_id.eq(tid))
        .filter(checkins::round_number.eq(round))
        .select((checkins::player_id, checkins::source, checkins::at))
        .load::<(PlayerId, CheckinSource, String)>(conn)?
        .into_iter()
        .map(|(p, s, a)| (p, (s, a)))
        .collect();
    let codes: HashMap<PlayerId, String> = checkin_codes::table
        .filter(checkin_codes::tournament_id.eq(tid))
        .select((checkin_codes::player_id, checkin_codes::code))
        .load::<(PlayerId, String)>(conn)?
        .into_iter()
        .collect();
    let byes: Vec<PlayerId> = crate::db::schema::bye_requests::table
        .filter(crate::db::schema::bye_requests::tournament_id.eq(tid))
        .filter(crate::db::schema::bye_requests::round_number.eq(round))
        .select(crate::db::schema::bye_requests::player_id)
        .load(conn)?;
    let mut rows = registration::list(conn, tid)?;
    rows.retain(|p| p.status == PlayerStatus::Active);
    rows.sort_by(|a, b| a.name.cmp(&b.name));
    let list: Vec<CheckinPlayer> = rows
        .iter()
        .map(|p| {
            let mark = marks.get(&p.id);
            CheckinPlayer {
                player_id: p.id,
                start_no: p.start_no,
                name: p.name.clone(),
                rating: p.rating,
                present: mark.is_some(),
                source: mark.map(|m| m.0),
                at: mark.map(|m| m.1.clone()),
                excused: byes.contains(&p.id) || p.joined_round > round,
                code: codes.get(&p.id).cloned(),
            }
        })
        .collect();
    let present = list.iter().filter(|p| p.present).count() as i64;
    let missing = list.iter().filter(|p| !p.present && !p.excused).count() as i64;
    Ok(CheckinSheet {
        round,
        open,
        present,
        missing,
        players: if audience.is_staff() {
            list
        } else {
            Vec::new()
        },
    })
}

#[derive(Clone, Debug, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct SetCheckin {
    /// `true`: check-in is in use for the next round (absentees are not
    /// paired); `false`: it is not (everyone is paired).
    pub open: bool,
}

/// Starts (or stops) taking check-in for the next round.
pub fn set_open(
    conn: &mut DbConnection,
    actor: &Actor,
    tid: TournamentId,
    cmd: SetCheckin,
) -> DomainResult<CheckinSheet> {
    require_role(conn, actor, tid, &[Role::Organizer, Role::Arbiter])?;
    let t = load_tournament(conn, tid)?;
    super::require_individual_event(
        conn,
        tid,
        msg!("the teams' captains give their line-ups instead of a check-in"),
    )?;
    if !t.system.is_swiss() {
        return Err(DomainError::conflict(
            msg!(
                "a round robin takes no check-in: its table pairs everyone, and an absent player loses by default (art. {})",
                t.laws_edition.article(rules::laws::Rule::DefaultTime)
            ),
        ));
    }
    let round = next_round(conn, tid)?;
    if round.get() > t.rounds {
        return Err(DomainError::conflict(msg!(
            "all {} rounds are paired",
            t.rounds
        )));
    }
    let was = is_open(conn, tid, round)?;
    if was == cmd.open {
        return Err(DomainError::conflict(if cmd.open {
            msg!("check-in for round {} is already in use", round)
        } else {
            msg!("check-in for round {} is not in use", round)
        }));
    }
    if cmd.open {
        diesel::insert_into(checkin_rounds::table)
            .values((
                checkin_rounds::tournament_id.eq(tid),
                checkin_rounds::round_number.eq(round),
                checkin_rounds::opened_at.eq(now()),
            ))
            .execute(conn)?;
    } else {
        diesel::delete(
            checkin_rounds::table
                .filter(checkin_rounds::tournament_id.eq(tid))
                .filter(checkin_rounds::round_number.eq(round)),
        )
        .execute(conn)?;
    }
    let after = sheet(conn, tid, Audience::Staff)?;
    Entry::at(
        tid,
        if cmd.open {
            "checkin.open"
        } else {
            "checkin.close"
        },
        "round",
        round,
    )
    .made(
        conn,
        actor,
        &serde_json::json!({"round": round, "open": cmd.open}),
    )?;
    Ok(after)
}

#[derive(Clone, Debug, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct MarkPresence {
    #[schema(value_type = i32)]
    pub player_id: PlayerId,
    /// `true`: present; `false`: take the check-in back.
    pub present: bool,
}

impl MarkPresence {
    /// The check-in screen's form: the player chosen (a player id) and the
    /// box (`formats::ticked`).
    pub fn typed(player_id: &str, present: &str) -> DomainResult<MarkPresence> {
        let player_id = player_id
            .trim()
            .parse()
            .map_err(|_| DomainError::invalid("player_id", msg!("no player chosen")))?;
        let present = super::formats::ticked(present);
        Ok(MarkPresence { player_id, present })
    }
}

/// What a check-in recorded.
#[derive(Clone, Debug, Serialize, ToSchema)]
pub struct CheckinReceipt {
    #[schema(value_type = i32)]
    pub round: RoundNo,
    #[schema(value_type = i32)]
    pub player_id: PlayerId,
    pub name: String,
    pub present: bool,
}

/// Records one player's presence for the next round (or takes it back).
fn record(
    conn: &mut DbConnection,
    actor: &Actor,
    tid: TournamentId,
    pid: PlayerId,
    present: bool,
    source: CheckinSource,
) -> DomainResult<CheckinReceipt> {
    let round = next_round(conn, tid)?;
    let p = load_player(conn, tid, pid)?;
    if !is_open(conn, tid, round)? {
        return Err(DomainError::conflict(msg!(
            "check-in for round {} has not started",
            round
        )));
    }
    if p.status != PlayerStatus::Active {
        return Err(DomainError::conflict(msg!(
            "{} has left the tournament",
            p.name
        )));
    }
    let mark = checkins::table
        .filter(checkins::tournament_id.eq(tid))
        .filter(checkins::round_number.eq(round))
        .filter(checkins::player_id.eq(pid));
    let was: i64 = mark.count().get_result(conn)?;
    if (was > 0) == present {
        return Err(DomainError::conflict(if present {
            msg!("{} is already checked in for round {}", p.name, round)
        } else {
            msg!("{} is not checked in for round {}", p.name, round)
        }));
    }
    if present {
        diesel::insert_into(checkins::table)
            .values((
                checkins::tournament_id.eq(tid),
                checkins::round_number.eq(round),
                checkins::player_id.eq(pid),
                checkins::source.eq(source),
                checkins::at.eq(now()),
            ))
            .execute(conn)?;
    } else {
        diesel::delete(mark).execute(conn)?;
    }
    let v = CheckinReceipt {
        round,
        player_id: pid,
        name: p.name,
        present,
    };
    Entry::at(
        tid,
        match (present, source) {
            (false, _) => "checkin.undo",
            (true, CheckinSource::Staff) => "checkin.mark",
            (true, CheckinSource::Code) => "checkin.code",
        },
        "player",
        pid,
    )
    .record(conn, actor, None::<&()>, Some(&v))?;
    Ok(v)
}

/// The arbiter marks a player present (or takes it back).
pub fn mark(
    conn: &mut DbConnection,
    actor: &Actor,
    tid: TournamentId,
    cmd: MarkPresence,
) -> DomainResult<CheckinReceipt> {
    require_role(conn, actor, tid, &[Role::Organizer, Role::Arbiter])?;
    record(
        conn,
        actor,
        tid,
        cmd.player_id,
        cmd.present,
        CheckinSource::Staff,
    )
}

#[derive(Clone, Debug, Default, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct CodeCheckin {
    /// The personal code from the organizer (case and spaces do not matter).
    pub code: String,
}

/// A code as typed: upper case, without spaces and dashes.
fn normal_code(code: &str) -> String {
    code.chars()
        .filter(|c| !c.is_whitespace() && *c != '-')
        .flat_map(char::to_uppercase)
        .collect()
}

/// A player checks himself in with his code (anyone may try; the web layer
/// limits wrong attempts).
pub fn by_code(
    conn: &mut DbConnection,
    actor: &Actor,
    tid: TournamentId,
    cmd: CodeCheckin,
) -> DomainResult<CheckinReceipt> {
    load_tournament(conn, tid)?;
    let code = normal_code(&cmd.code);
    if code.is_empty() {
        return Err(DomainError::invalid(
            "code",
            msg!("type the check-in code the organizer gave you"),
        ));
    }
    let round = next_round(conn, tid)?;
    if !is_open(conn, tid, round)? {
        return Err(DomainError::conflict(msg!(
            "check-in for the next round has not started; ask the arbiter"
        )));
    }
    let pid: Option<PlayerId> = checkin_codes::table
        .filter(checkin_codes::tournament_id.eq(tid))
        .filter(checkin_codes::code.eq(&code))
        .select(checkin_codes::player_id)
        .first(conn)
        .optional()?;
    let Some(pid) = pid else {
        return Err(DomainError::invalid(
            "code",
            msg!("this code is not a check-in code of this tournament; check it and type it again"),
        ));
    };
    record(conn, actor, tid, pid, true, CheckinSource::Code)
}

/// A player's check-in code, once issued (for the staff's pages only).
pub fn code_of(
    conn: &mut DbConnection,
    tid: TournamentId,
    pid: PlayerId,
) -> DomainResult<Option<String>> {
    Ok(checkin_codes::table
        .filter(checkin_codes::tournament_id.eq(tid))
        .filter(checkin_codes::player_id.eq(pid))
        .select(checkin_codes::code)
        .first(conn)
        .optional()?)
}

/// Codes issued.
#[derive(Clone, Debug, Serialize, ToSchema)]
pub struct CodesIssued {
    /// Codes made now (players who had none).
    pub issued: i64,
}

/// Gives every player of the tournament without a check-in code one (random,
/// unique within the tournament).
pub fn issue_codes(
    conn: &mut DbConnection,
    actor: &Actor,
    tid: TournamentId,
) -> DomainResult<CodesIssued> {
    require_role(conn, actor, tid, &[Role::Organizer, Role::Arbiter])?;
    let have: Vec<(i32, String)> = checkin_codes::table
        .filter(checkin_codes::tournament_id.eq(tid))
        .select((checkin_codes::player_id, checkin_codes::code))
        .load(conn)?;
    let mut taken: std::collections::HashSet<String> = have.iter().map(|h| h.1.clone()).collect();
    let ids: Vec<i32> = players::table
        .filter(players::tournament_id.eq(tid))
        .select(players::id)
        .order(players::id)
        .load(conn)?;
    let mut rng = rand::thread_rng();
    let mut issued = 0;
    for pid in ids {
        if have.iter().any(|h| h.0 == pid) {
            continue;
        }
        let code = loop {
            let c: String = (0..CODE_LEN)
                .map(|_| CODE_LETTERS[rng.gen_range(0..CODE_LETTERS.len())] as char)
                .collect();
            if taken.insert(c.clone()) {
                break c;
            }
        };
        diesel::insert_into(checkin_codes::table)
            .values((
                checkin_codes::player_id.eq(pid),
                checkin_codes::tournament_id.eq(tid),
                checkin_codes::code.eq(&code),
            ))
            .execute(conn)?;
        issued += 1;
    }
    let v = CodesIssued { issued };
    Entry::at(tid, "checkin.codes", "tournament", tid).made(conn, actor, &v)?;
    Ok(v)
}

#[cfg(test)]
mod tests {
    #[test]
    fn codes_are_read_as_typed_by_people() {
        assert_eq!(super::normal_code(" ab3-k7q "), "AB3K7Q");
        assert_eq!(super::normal_code("AB3 K7Q"), "AB3K7Q");
    }
}
