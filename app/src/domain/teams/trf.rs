//! Team TRF export and import.

use super::*;
use crate::domain::ids::{RoundNo, TournamentId};

/// The event as a team TRF (`pairing::team::trf::write`): the rounds this
/// audience sees.
pub fn export_trf(
    conn: &mut DbConnection,
    tid: TournamentId,
    audience: Audience,
) -> DomainResult<String> {
    let last = visible_rounds(conn, tid, audience)?;
    let loaded = load(conn, tid, Some(last))?;
    Ok(engine::trf::write(&loaded.t))
}

#[derive(Clone, Debug, Serialize, ToSchema)]
pub struct ImportedTeamEvent {
    pub event: TeamEventView,
    pub rounds: i32,
}

/// Reads a team TRF into an empty tournament: regulations, teams, rosters
/// and every round with its line-ups and results (published).
pub fn import_trf(
    conn: &mut DbConnection,
    actor: &Actor,
    tid: TournamentId,
    text: &str,
) -> DomainResult<ImportedTeamEvent> {
    require_role(conn, actor, tid, &[Role::Organizer])?;
    let src = engine::trf::parse(text)
        .map_err(|e| DomainError::invalid("trf", crate::domain::library::team_trf_error(&e)))?;
    if read_settings(conn, tid)?.is_some() {
        return Err(DomainError::conflict(msg!(
            "this tournament is already a team event; import into a new tournament"
        )));
    }
    require_no_individual_play(conn, tid, "import into a new tournament")?;
    let settings = TeamEventSettings::from_engine(&src);
    settings.validate()?;
    write_settings(conn, tid, &settings, 1)?;
    let mut places = vec![(0, 0); src.players.len()];
    for (i, team) in src.teams.iter().enumerate() {
        if team.id != i as u32 + 1 {
            return Err(DomainError::invalid(
                "trf",
                msg!("teams must be numbered 1, 2, …"),
            ));
        }
        let id: crate::domain::ids::TeamId = diesel::insert_into(teams::table)
            .values((
                teams::tournament_id.eq(tid),
                teams::number.eq(team.id as i32),
                teams::name.eq(&team.name),
                teams::federation.eq(team.federation.clone().unwrap_or_default()),
                teams::rating.eq(team.rating.map(|r| r as i32)),
                teams::captain_name.eq(team.captain.clone().unwrap_or_default()),
                teams::captain_user_id.eq(None::<crate::domain::ids::UserId>),
                teams::withdrawn.eq(team.withdrawn),
                // The file says no round: not paired from the next one on.
                teams::withdrawn_from.eq(team.withdrawn.then_some(src.rounds.len() as i32 + 1)),
                teams::version.eq(1),
            ))
            .returning(teams::id)
            .get_result(conn)?;
        let mut roster = vec![];
        for (k, &pid) in team.roster.iter().enumerate() {
            let p = src.player(pid).ok_or_else(|| {
                DomainError::invalid(
                    "trf",
                    msg!(
                        "team {} names player {}, who is not in the file",
                        team.id,
                        pid
                    ),
                )
            })?;
            places[pid as usize - 1] = (team.id as i32, k as i32 + 1);
            roster.push(MemberInput {
                name: p.name.clone(),
                title: p.title.clone().unwrap_or_default(),
                federation: p.federation.clone().unwrap_or_default(),
                rating: p.rating,
                fide_id: p.fide_id.map(|x| x as i64),
            });
        }
        insert_members(conn, id, &roster)?;
    }
    let loaded = load(conn, tid, Some(RoundNo(0)))?;
    let ts = now();
    for (r, round) in src.rounds.iter().enumerate() {
        let n = RoundNo(r as i32 + 1);
        let finished = round.matches.iter().all(Match::finished);
        diesel::insert_into(team_rounds::table)
            .values((
                team_rounds::tournament_id.eq(tid),
                team_rounds::number.eq(n),
                team_rounds::state.eq(if finished {
                    RoundState::Finished
                } else {
                    RoundState::Published
                }),
                team_rounds::lineup_deadline.eq(None::<String>),
                team_rounds::bye_team.eq(round.bye.map(|b| b as i32)),
                team_rounds::paired_at.eq(&ts),
                team_rounds::published_at.eq(Some(&ts)),
            ))
            .execute(conn)?;
        for &team in &round.half_byes {
            diesel::insert_into(crate::db::schema::team_byes::table)
                .values((
                    crate::db::schema::team_byes::tournament_id.eq(tid),
                    crate::db::schema::team_byes::team_number.eq(team as i32),
                    crate::db::schema::team_byes::round_number.eq(n),
                    crate::db::schema::team_byes::requested_at.eq(&ts),
                ))
                .execute(conn)?;
        }
        for (i, m) in round.matches.iter().enumerate() {
            let lineups_in = m
                .boards
                .iter()
                .any(|b| b.home.is_some() || b.away.is_some() || b.result.is_some());
            insert_match(
                conn,
                tid,
                n,
                i as i32 + 1,
                m,
                &loaded,
                lineups_in.then_some(&ts),
            )?;
        }
    }
    let rounds = src.rounds.len() as i32;
    if rounds > 0 {
        refresh_round(conn, tid, RoundNo(rounds))?;
    }
    let v = ImportedTeamEvent {
        event: event(conn, tid, Audience::Staff)?,
        rounds,
    };
    Entry::at(tid, "team.import_trf", "team_event", tid).made(conn, actor, &v)?;
    Ok(v)
}

/// Whether a TRF file is a team tournament's (it has `013` team records).
pub fn is_team_trf(text: &str) -> bool {
    text.lines().any(|l| l.starts_with("013"))
}

/// A team TRF file imported as a new tournament (the TRF import page): the
/// tournament made under the file's name and the file imported into it, in
/// the caller's one transaction with the import's one audit row.
pub fn import_trf_as_new(
    conn: &mut DbConnection,
    actor: &Actor,
    text: &str,
) -> DomainResult<TournamentId> {
    let src = engine::trf::parse(text)
        .map_err(|e| DomainError::invalid("trf", crate::domain::library::team_trf_error(&e)))?;
    let name = match src.name.trim() {
        "" => "Team event".to_string(),
        n => n.to_string(),
    };
    let reg = crate::domain::tournaments::Regulations {
        name,
        ..Default::default()
    };
    let t = crate::domain::tournaments::insert(conn, actor, reg)?;
    import_trf(conn, actor, t.id, text)?;
    Ok(t.id)
}
