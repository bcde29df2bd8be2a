//! Board results and match results.

use super::*;
use crate::domain::ids::{RoundNo, TournamentId};

#[derive(Clone, Debug, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct BoardResultInput {
    /// The match's number in the round.
    #[serde(rename = "match")]
    pub match_number: i32,
    pub board: i32,
    /// As written: `1-0`, `½-½`, `0-1`, `+/-`, `-/+`, `-/-`, `0-½`, `½-0`,
    /// `0-0`; `*` or empty clears it.
    pub result: String,
}

/// Board results of one round, entered together (one transaction).
#[derive(Clone, Debug, Default, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct TeamResults {
    pub results: Vec<BoardResultInput>,
}

impl TeamResults {
    /// The team round screen's boxes as posted (`m{match}b{board}`, the
    /// shorthand of the result screen, `results::expand_shorthand`): those
    /// that differ from the results stored for round `n`.
    pub fn typed(
        conn: &mut DbConnection,
        tid: TournamentId,
        n: RoundNo,
        fields: &[(String, String)],
    ) -> DomainResult<TeamResults> {
        let current = round(conn, tid, n, Audience::Staff)?;
        let mut results = vec![];
        for (key, value) in fields {
            let Some((m, b)) = key
                .strip_prefix('m')
                .and_then(|rest| rest.split_once('b'))
                .and_then(|(m, b)| Some((m.parse::<i32>().ok()?, b.parse::<i32>().ok()?)))
            else {
                continue;
            };
            let text = crate::domain::results::expand_shorthand(value);
            let was = current
                .matches
                .iter()
                .find(|x| x.number == m)
                .and_then(|x| x.boards.iter().find(|y| y.board == b))
                .and_then(|y| y.result.clone())
                .unwrap_or_default();
            if text != was {
                results.push(BoardResultInput {
                    match_number: m,
                    board: b,
                    result: text.to_string(),
                });
            }
        }
        Ok(TeamResults { results })
    }
}

pub fn set_results(
    conn: &mut DbConnection,
    actor: &Actor,
    tid: TournamentId,
    n: RoundNo,
    cmd: TeamResults,
) -> DomainResult<TeamRoundView> {
    require_role(conn, actor, tid, &[Role::Arbiter])?;
    let (_, state, _, _) = round_row(conn, tid, n)?;
    if state == RoundState::Paired {
        return Err(DomainError::conflict(msg!(
            "round {} is not published yet",
            n
        )));
    }
    let rows = match_rows(conn, tid, Some(n))?;
    let before = round(conn, tid, n, Audience::Staff)?;
    for (i, r) in cmd.results.iter().enumerate() {
        let Some(m) = rows.iter().find(|m| m.number == r.match_number) else {
            return Err(DomainError::invalid(
                &format!("results[{i}].match"),
                msg!("round {} has no match {}", n, r.match_number),
            ));
        };
        let boards = board_rows(conn, m.id)?;
        let Some(b) = boards.iter().find(|b| b.board == r.board) else {
            return Err(DomainError::invalid(
                &format!("results[{i}].board"),
                msg!("match {} has no board {}", m.number, r.board),
            ));
        };
        if !(m.home_in && m.away_in) {
            return Err(DomainError::conflict(msg!(
                "match {}: both line-ups must be in before results",
                m.number
            )));
        }
        if b.home.is_none() || b.away.is_none() {
            return Err(DomainError::conflict(msg!(
                "match {} board {}: an empty board is a forfeit by the line-up",
                m.number,
                b.board
            )));
        }
        let parsed = parse_board_result(&r.result)
            .map_err(|e| DomainError::invalid(&format!("results[{i}].result"), e))?;
        diesel::update(
            team_boards::table
                .filter(team_boards::match_id.eq(m.id))
                .filter(team_boards::board.eq(b.board)),
        )
        .set(team_boards::result.eq(parsed.as_ref().map(board_result_text)))
        .execute(conn)?;
        diesel::update(team_matches::table.find(m.id))
            .set(team_matches::version.eq(team_matches::version + 1))
            .execute(conn)?;
    }
    refresh_round(conn, tid, n)?;
    let v = round(conn, tid, n, Audience::Staff)?;
    Entry::at(tid, "team.results", "team_round", n).change(
        conn,
        actor,
        &before,
        &serde_json::json!({"entered": cmd.results, "round": v}),
    )?;
    Ok(v)
}
