//! Teams and rosters from pasted text: a team a block, its first line the
//! team (`name; federation; captain's user name`), then its players in board
//! order (`name; rating; title; federation; FIDE id`), an empty line between
//! teams. All the teams are entered in one transaction with one audit row;
//! every wrong line is named at once and then nothing is entered.

use super::*;
use crate::domain::ids::TournamentId;
use crate::domain::msg::{nested, word, Lines};
use crate::domain::registration::pasted_cells;

fn number<T: std::str::FromStr>(field: &str, text: &str, what: &str) -> DomainResult<Option<T>> {
    if text.is_empty() {
        return Ok(None);
    }
    text.parse()
        .map(Some)
        .map_err(|_| DomainError::invalid(field, msg!("'{}' is not {}", text, word(what))))
}

fn member(line: &str) -> DomainResult<MemberInput> {
    let c = pasted_cells(line);
    let cell = |i: usize| c.get(i).copied().unwrap_or("");
    Ok(MemberInput {
        name: cell(0).to_string(),
        rating: number("rating", cell(1), "a rating")?,
        title: cell(2).to_string(),
        federation: cell(3).to_string(),
        fide_id: number("fide_id", cell(4), "a FIDE id")?,
    })
}

/// The pasted text's teams: (line of the team, lines of its players, the team).
fn blocks(text: &str) -> Vec<(usize, Vec<usize>, TeamInput)> {
    let mut out: Vec<(usize, Vec<usize>, TeamInput)> = vec![];
    let mut open = false;
    for (i, line) in text.lines().enumerate() {
        let t = line.trim();
        if t.starts_with('#') {
            continue;
        }
        if t.is_empty() {
            open = false;
            continue;
        }
        if !open {
            let c = pasted_cells(t);
            let cell = |i: usize| c.get(i).map_or(String::new(), |c| c.to_string());
            out.push((
                i + 1,
                vec![],
                TeamInput {
                    name: cell(0),
                    federation: cell(1),
                    rating: None,
                    captain: String::new(),
                    captain_username: Some(cell(2)).filter(|u| !u.is_empty()),
                    roster: vec![],
                },
            ));
            open = true;
        } else if let Some(last) = out.last_mut() {
            last.1.push(i + 1);
        }
    }
    out
}

/// The line a problem of a team belongs to: its player's (`roster[k]…`) or
/// the team's.
fn line_of(field: &str, team_line: usize, player_lines: &[usize]) -> usize {
    field
        .strip_prefix("roster[")
        .and_then(|r| r.split(']').next())
        .and_then(|k| k.parse::<usize>().ok())
        .and_then(|k| player_lines.get(k).copied())
        .unwrap_or(team_line)
}

/// Enters the pasted teams (until round 1 is paired), numbered in the order
/// they come.
pub fn paste_teams(
    conn: &mut DbConnection,
    actor: &Actor,
    tid: TournamentId,
    text: &str,
) -> DomainResult<Vec<TeamView>> {
    require_role(conn, actor, tid, &[Role::Organizer])?;
    settings_of(conn, tid)?;
    require_not_started(conn, tid, "the list of teams")?;
    let blocks = blocks(text);
    if blocks.is_empty() {
        return Err(DomainError::invalid(
            "teams",
            msg!("paste at least one team: its line, then its players"),
        ));
    }
    let mut problems = vec![];
    let mut numbers = vec![];
    for (team_line, player_lines, mut team) in blocks {
        let mut ok = true;
        let lines: Vec<String> = text.lines().map(str::to_string).collect();
        for &l in &player_lines {
            match member(&lines[l - 1]) {
                Ok(m) => team.roster.push(m),
                Err(DomainError::Invalid { field, message }) => {
                    ok = false;
                    problems.push(msg!("line {}: {}: {}", l, field, nested(message)));
                }
                Err(other) => return Err(other),
            }
        }
        if !ok {
            continue;
        }
        match validate_team(&team).and_then(|_| insert_team(conn, tid, &team)) {
            Ok(n) => numbers.push(n),
            Err(
                DomainError::Invalid { field, message }
                | DomainError::ConflictOn { field, message },
            ) => problems.push(msg!(
                "line {}: {}",
                line_of(&field, team_line, &player_lines),
                nested(message)
            )),
            Err(DomainError::Conflict { message, .. }) => {
                problems.push(msg!("line {}: {}", team_line, nested(message)))
            }
            Err(other) => return Err(other),
        }
    }
    if !problems.is_empty() {
        return Err(DomainError::invalid("teams", msg!("{}", Lines(problems))));
    }
    let mut v = vec![];
    for n in numbers {
        v.push(team_view(conn, tid, n)?);
    }
    Entry::at(tid, "team.paste", "team_event", tid).made(conn, actor, &v)?;
    Ok(v)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn blocks_are_teams_and_their_players_with_their_lines() {
        let text = "# comment\nHetman; POL; kapitan\nKowalski, Jan; 2300; FM; POL; 1100\nNowak, Ewa\n\n\nPolonia|POL\nA|1900\n";
        let b = blocks(text);
        assert_eq!(b.len(), 2);
        assert_eq!((b[0].0, b[0].1.clone()), (2, vec![3, 4]));
        assert_eq!(b[0].2.name, "Hetman");
        assert_eq!(b[0].2.captain_username.as_deref(), Some("kapitan"));
        assert_eq!((b[1].0, b[1].1.clone()), (7, vec![8]));
        assert_eq!(b[1].2.captain_username, None);
        let m = member("Kowalski, Jan; 2300; FM; POL; 1100").unwrap();
        assert_eq!(
            (m.name.as_str(), m.rating, m.title.as_str(), m.fide_id),
            ("Kowalski, Jan", Some(2300), "FM", Some(1100))
        );
        assert!(member("X; twelve").is_err());
        assert_eq!(line_of("roster[1].name", 2, &[3, 4]), 4);
        assert_eq!(line_of("name", 2, &[3, 4]), 2);
    }
}
