//! Team rounds: pairing, publication, unpairing, and the views of rounds and matches.

use super::*;
use crate::domain::ids::{RoundNo, TeamMatchId, TournamentId};

#[derive(Clone, Debug, PartialEq, Serialize, ToSchema)]
pub struct TeamRef {
    pub number: i32,
    pub name: String,
}

#[derive(Clone, Debug, PartialEq, Serialize, ToSchema)]
pub struct BoardPlayer {
    /// Place on the team's roster.
    pub place: i32,
    pub name: String,
    pub title: String,
    pub rating: Option<i32>,
}

#[derive(Clone, Debug, PartialEq, Serialize, ToSchema)]
pub struct BoardView {
    pub board: i32,
    /// The first-named team's player (null: empty board, or line-up not shown yet).
    pub home: Option<BoardPlayer>,
    pub away: Option<BoardPlayer>,
    /// The first-named team's player has White.
    pub home_white: bool,
    /// As written (`1-0`, `½-½`, `+/-`, `0-½`, …); null while pending. An
    /// empty board is a forfeit as soon as both line-ups are in.
    pub result: Option<String>,
    /// Game points of each side in half-points (null while pending).
    pub home_points: Option<i32>,
    pub away_points: Option<i32>,
}

#[derive(Clone, Debug, PartialEq, Serialize, ToSchema)]
pub struct MatchView {
    /// The match's number in the round (its table).
    pub number: i32,
    pub home: TeamRef,
    pub away: TeamRef,
    pub home_lineup_in: bool,
    pub away_lineup_in: bool,
    pub boards: Vec<BoardView>,
    /// Game points so far, half-points.
    pub home_game_points: i32,
    pub away_game_points: i32,
    /// Match points once every board has a result.
    pub home_match_points: Option<i32>,
    pub away_match_points: Option<i32>,
    pub finished: bool,
    pub version: i32,
}

#[derive(Clone, Debug, PartialEq, Serialize, ToSchema)]
pub struct TeamRoundView {
    #[schema(value_type = i32)]
    pub number: RoundNo,
    /// `paired` (staff only), `published` or `finished`.
    pub state: RoundState,
    /// Until when captains may submit line-ups (UTC, RFC 3339), if set.
    pub lineup_deadline: Option<String>,
    pub matches: Vec<MatchView>,
    /// The team with the pairing-allocated bye (a round robin's free round).
    pub bye: Option<TeamRef>,
    /// The teams with a half-point bye (not paired at their request).
    pub half_byes: Vec<TeamRef>,
}

type RoundRow = (i32, RoundState, Option<String>, Option<i32>);

pub(super) fn round_row(
    conn: &mut DbConnection,
    tid: TournamentId,
    n: RoundNo,
) -> DomainResult<RoundRow> {
    team_rounds::table
        .filter(team_rounds::tournament_id.eq(tid))
        .filter(team_rounds::number.eq(n))
        .select((
            team_rounds::id,
            team_rounds::state,
            team_rounds::lineup_deadline,
            team_rounds::bye_team,
        ))
        .first(conn)
        .optional()?
        .ok_or_else(|| DomainError::NotFound(msg!("round {} of tournament {}", n, tid)))
}

/// The last round `audience` sees (0 when none): the one visibility rule of
/// `domain::audience`, applied to team rounds.
pub fn visible_rounds(
    conn: &mut DbConnection,
    tid: TournamentId,
    audience: Audience,
) -> DomainResult<RoundNo> {
    let last: Option<(RoundNo, RoundState)> = team_rounds::table
        .filter(team_rounds::tournament_id.eq(tid))
        .order(team_rounds::number.desc())
        .select((team_rounds::number, team_rounds::state))
        .first(conn)
        .optional()?;
    Ok(match last {
        None => RoundNo(0),
        Some((n, s)) if audience.sees_round_state(s) => n,
        Some((n, _)) => n.prev(),
    })
}

/// Round `n` as `audience` sees it (an unpublished round is `NotFound` for
/// the public).
pub fn round(
    conn: &mut DbConnection,
    tid: TournamentId,
    n: RoundNo,
    audience: Audience,
) -> DomainResult<TeamRoundView> {
    settings_of(conn, tid)?;
    let (_, state, deadline, bye) = round_row(conn, tid, n)?;
    if !audience.sees_round_state(state) {
        return Err(DomainError::NotFound(msg!(
            "round {} of tournament {}",
            n,
            tid
        )));
    }
    let loaded = load(conn, tid, Some(n))?;
    let t = &loaded.t;
    let team_ref = |number: i32| TeamRef {
        number,
        name: t
            .team(number as u32)
            .map(|x| x.name.clone())
            .unwrap_or_default(),
    };
    let player = |id: Option<u32>| -> Option<BoardPlayer> {
        let p = t.player(id?)?;
        let (_, place) = loaded.places[p.id as usize - 1];
        Some(BoardPlayer {
            place,
            name: p.name.clone(),
            title: p.title.clone().unwrap_or_default(),
            rating: p.rating.map(|r| r as i32),
        })
    };
    let rows = match_rows(conn, tid, Some(n))?;
    let engine_round = &t.rounds[n.get() as usize - 1];
    let mut matches = vec![];
    for (row, m) in rows.iter().zip(&engine_round.matches) {
        // Line-ups are shown to the public once both are in.
        let show = audience.is_staff() || (row.home_in && row.away_in);
        let (hg, ag) = m.game_points(&t.points);
        let mp = m.match_points(&t.points, &t.settings);
        matches.push(MatchView {
            number: row.number,
            home: team_ref(row.home),
            away: team_ref(row.away),
            home_lineup_in: row.home_in,
            away_lineup_in: row.away_in,
            boards: m
                .boards
                .iter()
                .enumerate()
                .map(|(k, b)| BoardView {
                    board: k as i32 + 1,
                    home: if show { player(b.home) } else { None },
                    away: if show { player(b.away) } else { None },
                    home_white: b.home_colour == Color::White,
                    result: b.result.as_ref().map(board_result_text),
                    home_points: b
                        .result
                        .map(|r| engine::game_points(r.home, &t.points) as i32),
                    away_points: b
                        .result
                        .map(|r| engine::game_points(r.away, &t.points) as i32),
                })
                .collect(),
            home_game_points: hg,
            away_game_points: ag,
            home_match_points: mp.map(|x| x.0),
            away_match_points: mp.map(|x| x.1),
            finished: m.finished(),
            version: row.version,
        });
    }
    Ok(TeamRoundView {
        number: n,
        state,
        lineup_deadline: deadline,
        matches,
        bye: bye.map(team_ref),
        half_byes: engine_round
            .half_byes
            .iter()
            .map(|&b| team_ref(b as i32))
            .collect(),
    })
}

/// The rounds this audience sees.
pub fn rounds(
    conn: &mut DbConnection,
    tid: TournamentId,
    audience: Audience,
) -> DomainResult<Vec<TeamRoundView>> {
    let last = visible_rounds(conn, tid, audience)?;
    (1..=last.get())
        .map(|n| round(conn, tid, RoundNo(n), audience))
        .collect()
}

/// A deadline as given (RFC 3339), kept in UTC as `domain::now` writes times.
fn parse_deadline(field: &str, text: Option<&str>) -> DomainResult<Option<String>> {
    match text.map(str::trim) {
        None | Some("") => Ok(None),
        // The shape the document states (`formats::instant`), then chrono.
        Some(s) => Some(s)
            .filter(|s| crate::domain::formats::is_instant(s))
            .and_then(|s| chrono::DateTime::parse_from_rfc3339(s).ok())
            .map(|d| {
                Some(
                    d.with_timezone(&chrono::Utc)
                        .to_rfc3339_opts(chrono::SecondsFormat::Millis, true),
                )
            })
            .ok_or_else(|| {
                DomainError::invalid(
                    field,
                    msg!(
                        "'{}' is not a time; write it as 2026-03-01T09:00:00Z or with an offset",
                        s
                    ),
                )
            }),
    }
}

/// Pairing the next round.
#[derive(Clone, Debug, Default, Serialize, Deserialize, ToSchema)]
#[serde(default, deny_unknown_fields)]
pub struct PairTeamRound {
    /// Until when captains may submit line-ups (RFC 3339).
    pub lineup_deadline: Option<String>,
}

fn set_status(
    conn: &mut DbConnection,
    tid: TournamentId,
    status: TournamentStatus,
) -> DomainResult<()> {
    diesel::update(tournaments::table.find(tid))
        .set(tournaments::status.eq(status))
        .execute(conn)?;
    Ok(())
}

/// Pairs the next round with the engine (`pairing::team::pair_next_round`):
/// the previous round must be published and finished.
pub fn pair_next(
    conn: &mut DbConnection,
    actor: &Actor,
    tid: TournamentId,
    cmd: PairTeamRound,
) -> DomainResult<TeamRoundView> {
    require_role(conn, actor, tid, &[Role::Arbiter])?;
    let deadline = parse_deadline("lineup_deadline", cmd.lineup_deadline.as_deref())?;
    let loaded = load(conn, tid, None)?;
    let t = &loaded.t;
    let last = RoundNo(t.rounds.len() as i32);
    if t.teams.len() < 2 {
        return Err(DomainError::conflict(msg!(
            "a team event needs at least two teams"
        )));
    }
    if last > RoundNo(0) {
        let (_, state, _, _) = round_row(conn, tid, last)?;
        if state == RoundState::Paired {
            return Err(DomainError::conflict(msg!(
                "round {} is not published yet",
                last
            )));
        }
        let open: Vec<String> = t.rounds[last.get() as usize - 1]
            .matches
            .iter()
            .enumerate()
            .filter(|(_, m)| !m.finished())
            .map(|(i, _)| (i + 1).to_string())
            .collect();
        if !open.is_empty() {
            return Err(DomainError::conflict(msg!(
                "round {} is not finished: matches {} have boards without a result",
                last,
                open.join(", ")
            )));
        }
    }
    if t.total_rounds > 0 && last.get() as u32 >= t.total_rounds {
        return Err(DomainError::conflict(msg!(
            "all {} rounds are already paired",
            t.total_rounds
        )));
    }
    let n = last.next();
    // Teams withdrawn from this round on, and those with a half-point bye
    // in it, are left out of the pairing (Swiss only: see `absences`).
    let half_byes = half_byes_of(conn, tid, n)?;
    let withdrawn_from: HashMap<i32, Option<RoundNo>> = team_rows(conn, tid)?
        .into_iter()
        .map(|r| (r.1, r.9))
        .collect();
    let mut pairing = t.clone();
    for team in &mut pairing.teams {
        team.withdrawn = withdrawn_from
            .get(&(team.id as i32))
            .copied()
            .flatten()
            .is_some_and(|r| r <= n)
            || half_byes.contains(&team.id);
    }
    let round = engine::pair_next_round(&pairing)
        .map_err(|e| DomainError::Pairing(crate::domain::library::pair_error(&e)))?;
    let ts = now();
    diesel::insert_into(team_rounds::table)
        .values((
            team_rounds::tournament_id.eq(tid),
            team_rounds::number.eq(n),
            team_rounds::state.eq(RoundState::Paired),
            team_rounds::lineup_deadline.eq(&deadline),
            team_rounds::bye_team.eq(round.bye.map(|b| b as i32)),
            team_rounds::paired_at.eq(&ts),
        ))
        .execute(conn)?;
    for (i, m) in round.matches.iter().enumerate() {
        // Scheveningen fills the boards from the rosters: the line-ups are in.
        let filled = m
            .boards
            .iter()
            .any(|b| b.home.is_some() || b.away.is_some());
        insert_match(
            conn,
            tid,
            n,
            i as i32 + 1,
            m,
            &loaded,
            filled.then_some(&ts),
        )?;
    }
    if n == RoundNo(1) {
        set_status(conn, tid, TournamentStatus::Running)?;
    }
    let v = self::round(conn, tid, n, Audience::Staff)?;
    Entry::at(tid, "team.round.pair", "team_round", n).made(conn, actor, &v)?;
    Ok(v)
}

pub(super) fn insert_match(
    conn: &mut DbConnection,
    tid: TournamentId,
    round: RoundNo,
    number: i32,
    m: &Match,
    loaded: &Loaded,
    lineups_at: Option<&String>,
) -> DomainResult<()> {
    let id: TeamMatchId = diesel::insert_into(team_matches::table)
        .values((
            team_matches::tournament_id.eq(tid),
            team_matches::round_number.eq(round),
            team_matches::number.eq(number),
            team_matches::home_team.eq(m.home as i32),
            team_matches::away_team.eq(m.away as i32),
            team_matches::home_lineup_at.eq(lineups_at),
            team_matches::away_lineup_at.eq(lineups_at),
            team_matches::version.eq(1),
        ))
        .returning(team_matches::id)
        .get_result(conn)?;
    let place = |p: Option<u32>| p.map(|p| loaded.places[p as usize - 1].1);
    for (k, b) in m.boards.iter().enumerate() {
        // Only results over the board are stored; an empty side's forfeit
        // follows from the line-ups.
        let stored = match (b.home, b.away, b.result) {
            (Some(_), Some(_), Some(r)) => Some(board_result_text(&r)),
            _ => None,
        };
        diesel::insert_into(team_boards::table)
            .values((
                team_boards::match_id.eq(id),
                team_boards::board.eq(k as i32 + 1),
                team_boards::home_place.eq(place(b.home)),
                team_boards::away_place.eq(place(b.away)),
                team_boards::home_white.eq(b.home_colour == Color::White),
                team_boards::result.eq(stored),
            ))
            .execute(conn)?;
    }
    Ok(())
}

/// Publishes a paired round: the public sees it, captains may submit
/// line-ups, results can be entered.
pub fn publish(
    conn: &mut DbConnection,
    actor: &Actor,
    tid: TournamentId,
    n: RoundNo,
) -> DomainResult<TeamRoundView> {
    require_role(conn, actor, tid, &[Role::Arbiter])?;
    let (id, state, _, _) = round_row(conn, tid, n)?;
    if state != RoundState::Paired {
        return Err(DomainError::conflict(msg!(
            "round {} is already published",
            n
        )));
    }
    diesel::update(team_rounds::table.find(id))
        .set((
            team_rounds::state.eq(RoundState::Published),
            team_rounds::published_at.eq(Some(now())),
        ))
        .execute(conn)?;
    refresh_round(conn, tid, n)?;
    let v = round(conn, tid, n, Audience::Staff)?;
    Entry::at(tid, "team.round.publish", "team_round", n).made(
        conn,
        actor,
        &serde_json::json!({"round": n, "state": v.state}),
    )?;
    Ok(v)
}

/// Moves a published round between `published` and `finished` as its results
/// come and go, and the event to `finished` after its last round.
pub(super) fn refresh_round(
    conn: &mut DbConnection,
    tid: TournamentId,
    n: RoundNo,
) -> DomainResult<()> {
    let (id, state, _, _) = round_row(conn, tid, n)?;
    if state == RoundState::Paired {
        return Ok(());
    }
    let loaded = load(conn, tid, Some(n))?;
    let done = loaded.t.rounds[n.get() as usize - 1]
        .matches
        .iter()
        .all(Match::finished);
    let new = if done {
        RoundState::Finished
    } else {
        RoundState::Published
    };
    if new != state {
        diesel::update(team_rounds::table.find(id))
            .set(team_rounds::state.eq(new))
            .execute(conn)?;
    }
    let total = loaded.t.total_rounds as i32;
    set_status(
        conn,
        tid,
        if done && n.get() == total {
            TournamentStatus::Finished
        } else {
            TournamentStatus::Running
        },
    )
}

/// Sets or clears the line-up deadline of a round.
#[derive(Clone, Debug, Default, Serialize, Deserialize, ToSchema)]
#[serde(default, deny_unknown_fields)]
pub struct SetDeadline {
    /// RFC 3339; null clears it.
    pub deadline: Option<String>,
}

pub fn set_deadline(
    conn: &mut DbConnection,
    actor: &Actor,
    tid: TournamentId,
    n: RoundNo,
    cmd: SetDeadline,
) -> DomainResult<TeamRoundView> {
    require_role(conn, actor, tid, &[Role::Organizer, Role::Arbiter])?;
    let deadline = parse_deadline("deadline", cmd.deadline.as_deref())?;
    let (id, _, before, _) = round_row(conn, tid, n)?;
    diesel::update(team_rounds::table.find(id))
        .set(team_rounds::lineup_deadline.eq(&deadline))
        .execute(conn)?;
    let v = round(conn, tid, n, Audience::Staff)?;
    Entry::at(tid, "team.round.deadline", "team_round", n)
        .change(conn, actor, &before, &deadline)?;
    Ok(v)
}

/// A deadline as typed on the team screen (`2026-11-28T09:30`, the venue's
/// local time, as a browser's date-time box gives it; an RFC 3339 time is
/// taken as it is; empty clears it).
pub fn typed_deadline(text: &str) -> DomainResult<SetDeadline> {
    let t = text.trim();
    if t.is_empty() {
        return Ok(SetDeadline { deadline: None });
    }
    // Any RFC 3339 chrono reads ("2026-03-01 09:00:00z" too), in the one
    // shape the API takes (`formats::instant`).
    if crate::domain::formats::is_instant(t) {
        return Ok(SetDeadline {
            deadline: Some(t.to_string()),
        });
    }
    if let Ok(d) = chrono::DateTime::parse_from_rfc3339(t) {
        return Ok(SetDeadline {
            deadline: Some(d.to_rfc3339()),
        });
    }
    let local = ["%Y-%m-%dT%H:%M", "%Y-%m-%dT%H:%M:%S", "%Y-%m-%d %H:%M"]
        .iter()
        .find_map(|f| chrono::NaiveDateTime::parse_from_str(t, f).ok())
        .and_then(|n| n.and_local_timezone(chrono::Local).earliest())
        .ok_or_else(|| {
            DomainError::invalid(
                "deadline",
                msg!(
                    "'{}' is not a date and time; write it as 2026-03-01 09:00",
                    t
                ),
            )
        })?;
    Ok(SetDeadline {
        deadline: Some(local.to_rfc3339()),
    })
}

/// Unpairs the last team round so that it can be paired again: only while
/// no board result of it is entered (the rule of the individual
/// `domain::rounds::unpair`; line-ups and the empty boards' forfeits go with
/// the round, the audit row keeps them). Requested half-point byes stay for
/// the next pairing.
pub fn unpair(
    conn: &mut DbConnection,
    actor: &Actor,
    tid: TournamentId,
    n: RoundNo,
) -> DomainResult<()> {
    require_role(conn, actor, tid, &[Role::Arbiter])?;
    settings_of(conn, tid)?;
    let last = super::regulations::rounds_paired(conn, tid)?;
    if n != last || last == RoundNo(0) {
        return Err(DomainError::conflict(msg!(
            "only the last paired round ({}) can be unpaired",
            last
        )));
    }
    let (id, _, _, _) = round_row(conn, tid, n)?;
    let before = round(conn, tid, n, Audience::Staff)?;
    let matches: Vec<TeamMatchId> = match_rows(conn, tid, Some(n))?
        .iter()
        .map(|m| m.id)
        .collect();
    let entered: i64 = team_boards::table
        .filter(team_boards::match_id.eq_any(&matches))
        .filter(team_boards::result.is_not_null())
        .count()
        .get_result(conn)?;
    if entered > 0 {
        return Err(DomainError::conflict(msg!(
            "round {} has results; clear them before unpairing",
            n
        )));
    }
    diesel::delete(team_boards::table.filter(team_boards::match_id.eq_any(&matches)))
        .execute(conn)?;
    diesel::delete(team_matches::table.filter(team_matches::id.eq_any(&matches))).execute(conn)?;
    diesel::delete(team_rounds::table.find(id)).execute(conn)?;
    if n == RoundNo(1) {
        set_status(conn, tid, TournamentStatus::Registration)?;
    } else {
        refresh_round(conn, tid, n.prev())?;
    }
    Entry::at(tid, "team.round.unpair", "team_round", n).removed(conn, actor, &before)?;
    Ok(())
}
