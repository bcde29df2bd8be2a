//! Registration from pasted text: a list of players, one a line
//! (`name; rating; title; federation; FIDE id; club; sex`), each line registered
//! as one registration (`register`) in one transaction, every wrong line named.

use super::*;
use crate::domain::msg::{nested, Lines};

/// The cells of a pasted line, trimmed: `;`, tab or `|` between them, in that
/// order of preference — never a comma, since names are often written
/// "Surname, First". Also the cells of a pasted roster (`teams/paste.rs`).
pub(crate) fn pasted_cells(line: &str) -> Vec<&str> {
    let sep = if line.contains(';') {
        ';'
    } else if line.contains('\t') {
        '\t'
    } else {
        '|'
    };
    line.split(sep).map(str::trim).collect()
}

/// One CSV line: `name; rating; title; federation; FIDE id; club; sex`
/// ([`pasted_cells`]).
fn csv_player(line: &str) -> DomainResult<RegisterPlayer> {
    let cells = pasted_cells(line);
    let cell = |i: usize| cells.get(i).copied().unwrap_or("");
    Ok(RegisterPlayer {
        name: cell(0).to_string(),
        rating: cell_number("rating", cell(1), "a rating")?,
        title: cell(2).to_string(),
        federation: cell(3).to_string(),
        fide_id: cell_number("fide_id", cell(4), "a FIDE id")?,
        club: cell(5).to_string(),
        sex: Sex::of_typed(cell(6)).ok_or_else(|| {
            DomainError::invalid(
                "sex",
                msg!("'{}' is not a sex: write m, or f (also w, k, ž)", cell(6)),
            )
        })?,
        ..Default::default()
    })
}

/// Whether a CSV line is a header (`Name; Rating; …`) rather than a player.
fn csv_header(line: &str) -> bool {
    let first = line
        .split([';', '\t', '|'])
        .next()
        .unwrap_or("")
        .trim()
        .to_lowercase();
    [
        "name",
        "player",
        "nazwisko",
        "zawodnik",
        "imię",
        "jméno",
        "hráč",
        "příjmení",
    ]
    .iter()
    .any(|h| first.starts_with(h))
}

/// A number in a cell of the pasted list; an empty cell is none.
fn cell_number<T: std::str::FromStr>(
    field: &str,
    text: &str,
    what: &str,
) -> DomainResult<Option<T>> {
    let t = text.trim();
    if t.is_empty() {
        return Ok(None);
    }
    t.parse()
        .map(Some)
        .map_err(|_| DomainError::invalid(field, msg!("'{}' is not {}", t, word(what))))
}

/// A pasted list of players, one a line (`name; rating; title; federation;
/// FIDE id; club; sex`), registered in this one transaction: every wrong line is
/// named at once (`field: "csv"`, a line each) and then nothing is
/// registered; a first line of column names and `#` comments are skipped.
pub fn import_list(
    conn: &mut DbConnection,
    actor: &Actor,
    tid: TournamentId,
    text: &str,
) -> DomainResult<usize> {
    crate::domain::require_individual_entry(conn, tid)?;
    let mut n = 0;
    let mut problems = Vec::new();
    let mut first = true;
    for (i, line) in text.lines().enumerate() {
        if line.trim().is_empty() || line.trim_start().starts_with('#') {
            continue;
        }
        if std::mem::take(&mut first) && csv_header(line) {
            continue;
        }
        match csv_player(line).and_then(|cmd| register(conn, actor, tid, cmd)) {
            Ok(_) => n += 1,
            Err(
                DomainError::Invalid { field, message }
                | DomainError::ConflictOn { field, message },
            ) => problems.push(msg!("line {}: {}: {}", i + 1, field, nested(message))),
            Err(DomainError::NeedsConfirmation { what, message }) => problems.push(msg!(
                "line {}: {}: {}",
                i + 1,
                what.field(),
                nested(message)
            )),
            Err(DomainError::Conflict { message, .. }) => {
                problems.push(msg!("line {}: {}", i + 1, nested(message)))
            }
            Err(other) => return Err(other),
        }
    }
    if problems.is_empty() {
        Ok(n)
    } else {
        Err(DomainError::invalid("csv", msg!("{}", Lines(problems))))
    }
}
