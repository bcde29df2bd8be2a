//! A person's data on request (issue 41): everything the tournament holds
//! about one player — the registration, the online entry, requested byes,
//! penalties, presence, games — exported as one JSON document, and erased:
//! the name and every personal field replaced, the games and results kept
//! (the other players' scores and tie-breaks rest on them). The audit log
//! stays as it was: it is append-only (a trigger on both databases refuses
//! any change), the record of what the arbiters did, read by the staff only.
//! Both are the organizer's actions, audited (the erasure's row names the
//! player by number only).

use super::audit::Entry;
use super::ids::{PlayerId, TournamentId};
use super::Role;
use super::{require_role, Actor, DomainError, DomainResult};
use crate::db::models::{ByeRequestRow, GameRow};
use crate::db::schema::{
    bye_requests, checkin_codes, checkins, entries, games, penalties, players,
};
use crate::db::DbConnection;
use diesel::prelude::*;
use serde_json::{json, Value};

/// What an erased player is called: their starting number (or the
/// registration's id before the first pairing) keeps the tables readable.
pub fn erased_name(start_no: i32, pid: PlayerId) -> String {
    if start_no > 0 {
        format!("[erased, No. {start_no}]")
    } else {
        format!("[erased, {pid}]")
    }
}

/// Every record of player `pid` of tournament `tid`, for the person it is
/// about. Organizers only; one audit row.
pub fn export(
    conn: &mut DbConnection,
    actor: &Actor,
    tid: TournamentId,
    pid: PlayerId,
) -> DomainResult<Value> {
    require_role(conn, actor, tid, &[Role::Organizer])?;
    let p = super::registration::load_player(conn, tid, pid)?;
    let player = json!({
        "id": p.id, "start_no": p.start_no, "name": p.name, "title": p.title,
        "federation": p.federation, "club": p.club, "fide_id": p.fide_id,
        "birth_date": p.birth_date, "sex": p.sex, "rating": p.rating,
        "national_rating": p.national_rating, "k_factor": p.k_factor,
        "status": p.status, "registered_at": p.created_at,
    });
    let entries: Vec<Value> = entries::table
        .filter(entries::tournament_id.eq(tid))
        .filter(entries::player_id.eq(pid))
        .select((
            entries::name,
            entries::fide_id,
            entries::federation,
            entries::club,
            entries::birth_date,
            entries::sex,
            entries::rating,
            entries::email,
            entries::state,
            entries::created_at,
        ))
        .load::<(
            String,
            Option<i64>,
            String,
            String,
            String,
            String,
            Option<i32>,
            String,
            String,
            String,
        )>(conn)?
        .into_iter()
        .map(
            |(name, fide_id, fed, club, birth, sex, rating, email, state, at)| {
                json!({"name": name, "fide_id": fide_id, "federation": fed, "club": club,
                   "birth_date": birth, "sex": sex, "rating": rating, "email": email,
                   "state": state, "sent_at": at})
            },
        )
        .collect();
    let byes: Vec<ByeRequestRow> = bye_requests::table
        .filter(bye_requests::tournament_id.eq(tid))
        .filter(bye_requests::player_id.eq(pid))
        .select(ByeRequestRow::as_select())
        .load(conn)?;
    let penalties: Vec<Value> = penalties::table
        .filter(penalties::tournament_id.eq(tid))
        .filter(penalties::player_id.eq(pid))
        .select((penalties::game_id, penalties::kind, penalties::article, penalties::effect, penalties::note, penalties::at))
        .load::<(i32, String, String, String, String, String)>(conn)?
        .into_iter()
        .map(|(game, kind, article, effect, note, at)| {
            json!({"game_id": game, "kind": kind, "article": article, "effect": effect, "note": note, "at": at})
        })
        .collect();
    let present: Vec<i32> = checkins::table
        .filter(checkins::tournament_id.eq(tid))
        .filter(checkins::player_id.eq(pid))
        .select(checkins::round_number)
        .load(conn)?;
    let games: Vec<Value> = super::views::player_games(conn, tid, pid, super::Audience::Staff)?
        .iter()
        .map(|g: &GameRow| {
            json!({"round": g.round_number, "board": g.board, "white_id": g.white_id,
                   "black_id": g.black_id, "kind": g.kind,
                   "white_half_points": g.white_score, "black_half_points": g.black_score})
        })
        .collect();
    Entry::at(tid, "player.export", "player", i64::from(pid.0)).made(
        conn,
        actor,
        &json!({"id": pid, "start_no": p.start_no}),
    )?;
    Ok(json!({
        "tournament_id": tid,
        "player": player,
        "entries": entries,
        "bye_requests": byes,
        "penalties": penalties,
        "present_in_rounds": present,
        "games": games,
    }))
}

/// Erases player `pid`'s personal data in tournament `tid`: the name becomes
/// [`erased_name`], FIDE id, birth date, club and sex are cleared, as are the
/// online entry's (e-mail included), the notes of byes and penalties and the
/// check-in code; typed reasons of his games lose the name. Games, results,
/// rating, title and federation stay (the others' scores, tie-breaks and
/// rating changes rest on them); the append-only audit log stays too.
/// Organizers only, once `confirm` is given; one audit row.
pub fn erase(
    conn: &mut DbConnection,
    actor: &Actor,
    tid: TournamentId,
    pid: PlayerId,
    confirm: bool,
) -> DomainResult<String> {
    require_role(conn, actor, tid, &[Role::Organizer])?;
    let p = super::registration::load_player(conn, tid, pid)?;
    let name = erased_name(p.start_no, pid);
    if p.name == name {
        return Err(DomainError::conflict(msg!("{} is erased already", name)));
    }
    if !confirm {
        return Err(DomainError::invalid(
            "confirm",
            msg!(
                "erasing {}'s personal data cannot be undone: confirm it",
                p.name
            ),
        ));
    }
    let entry_rows: Vec<(String, String, String)> = entries::table
        .filter(entries::tournament_id.eq(tid))
        .filter(entries::player_id.eq(pid))
        .select((entries::name, entries::email, entries::birth_date))
        .load(conn)?;
    // The words to take out of his games' typed reasons.
    let mut words: Vec<String> = vec![p.name.clone(), p.birth_date.clone()];
    for (n, e, b) in entry_rows {
        words.extend([n, e, b]);
    }
    // The notes of his byes and penalties go too.
    words.extend(
        bye_requests::table
            .filter(bye_requests::tournament_id.eq(tid))
            .filter(bye_requests::player_id.eq(pid))
            .select(bye_requests::note)
            .load::<String>(conn)?,
    );
    words.extend(
        penalties::table
            .filter(penalties::tournament_id.eq(tid))
            .filter(penalties::player_id.eq(pid))
            .select(penalties::note)
            .load::<String>(conn)?,
    );
    words.retain(|w| w.trim().chars().count() >= 3);
    words.sort_by_key(|w| std::cmp::Reverse(w.len()));
    words.dedup();
    diesel::update(players::table.filter(players::id.eq(pid)))
        .set((
            players::name.eq(&name),
            players::fide_id.eq(None::<i64>),
            players::birth_date.eq(""),
            players::club.eq(""),
            players::sex.eq(""),
            players::version.eq(p.version + 1),
        ))
        .execute(conn)?;
    diesel::update(
        entries::table
            .filter(entries::tournament_id.eq(tid))
            .filter(entries::player_id.eq(pid)),
    )
    .set((
        entries::name.eq(&name),
        entries::fide_id.eq(None::<i64>),
        entries::club.eq(""),
        entries::birth_date.eq(""),
        entries::sex.eq(""),
        entries::email.eq(""),
        entries::reason.eq(""),
    ))
    .execute(conn)?;
    diesel::update(
        bye_requests::table
            .filter(bye_requests::tournament_id.eq(tid))
            .filter(bye_requests::player_id.eq(pid)),
    )
    .set(bye_requests::note.eq(""))
    .execute(conn)?;
    diesel::update(
        penalties::table
            .filter(penalties::tournament_id.eq(tid))
            .filter(penalties::player_id.eq(pid)),
    )
    .set(penalties::note.eq(""))
    .execute(conn)?;
    diesel::delete(checkin_codes::table.filter(checkin_codes::player_id.eq(pid))).execute(conn)?;
    // Typed reasons of the player's games may name him too.
    let game_ids: Vec<i32> = games::table
        .filter(games::tournament_id.eq(tid))
        .filter(games::white_id.eq(pid).or(games::black_id.eq(pid)))
        .select(games::id)
        .load(conn)?;
    for (id, reason) in games::table
        .filter(games::id.eq_any(&game_ids))
        .select((games::id, games::reason))
        .load::<(i32, String)>(conn)?
    {
        let cleaned = words
            .iter()
            .fold(reason.clone(), |r, w| r.replace(w.as_str(), &name));
        if cleaned != reason {
            diesel::update(games::table.filter(games::id.eq(id)))
                .set(games::reason.eq(cleaned))
                .execute(conn)?;
        }
    }
    Entry::at(tid, "player.erase", "player", i64::from(pid.0)).made(
        conn,
        actor,
        &json!({"id": pid, "name": name}),
    )?;
    Ok(name)
}
