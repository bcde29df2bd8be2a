//! The moves of a game (SPEC §6): a PGN or a scoresheet typed in the
//! tournament's notation letters, stored with the rules core's validation report.
//! When the report and the entered result disagree the arbiter is warned; nothing
//! is changed silently.

use super::audit::Entry;
use super::library;
use super::msg::{nested, word};
use super::rounds::fmt_points;
use super::rounds::load_game;
use super::tournaments::load as load_tournament;
use super::Msg;
use super::{now, require_role, Actor, Audience, DomainError, DomainResult, Role};
use crate::db::models::{GameRow, TournamentRow};
use crate::db::schema::game_records;
use crate::db::DbConnection;
use crate::domain::ids::{GameId, TournamentId};
use crate::domain::kinds::{parse_field, GameKind, Notation, RecordFormat, Variant};
use diesel::prelude::*;
use rules::san::LetterSet;
use rules::validate::{validate_game_under, GameInput, Termination};
use rules::Position;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

#[derive(Clone, Debug, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct SubmitMoves {
    pub format: RecordFormat,
    pub text: String,
    /// Notation letters (default: the tournament's; English for PGN).
    #[serde(default)]
    pub notation: Option<Notation>,
    /// Start position: a FEN, or for Chess960 the start position number; default
    /// the round's (standard, or its Chess960 position).
    #[serde(default)]
    pub start: Option<String>,
    /// How the game was said to end: `checkmate`, `resignation`, `agreement`,
    /// `threefold`, `fifty_moves`, `time_white`/`time_black` (who flagged),
    /// `arbiter_white`/`arbiter_black` (who was declared lost).
    #[serde(default)]
    pub termination: Option<String>,
}

impl SubmitMoves {
    /// The moves form's fields, as the API's body: an empty format is a typed
    /// scoresheet; an empty notation, start or termination is the default.
    pub fn from_fields(
        format: &str,
        text: String,
        notation: &str,
        start: &str,
        termination: &str,
    ) -> DomainResult<SubmitMoves> {
        let given = |s: &str| (!s.trim().is_empty()).then(|| s.trim().to_string());
        Ok(SubmitMoves {
            format: if format.trim().is_empty() {
                RecordFormat::Scoresheet
            } else {
                parse_field("format", format)?
            },
            text,
            notation: match given(notation) {
                Some(n) => Some(parse_field("notation", &n)?),
                None => None,
            },
            start: given(start),
            termination: given(termination),
        })
    }
}

/// The rules core's report, as clients see it.
#[derive(Clone, Debug, Serialize, Deserialize, ToSchema, PartialEq)]
pub struct ValidationView {
    pub plies: usize,
    pub final_fen: String,
    /// `checkmate`, `stalemate`, `dead`, `fivefold` or `seventyfive` (the
    /// automatic draws of art. 9.6 from the 2018 Laws on), or null (the game
    /// did not end on the board).
    pub ending: Option<String>,
    pub ending_ply: Option<usize>,
    /// The first move that could not be played: ply, text, kind, why.
    #[schema(value_type = Option<Value>)]
    pub error: Option<serde_json::Value>,
    pub moves_after_end: usize,
    pub expected_result: Option<String>,
    pub result: Option<String>,
    pub result_consistent: bool,
    pub notes: Vec<String>,
}

#[derive(Clone, Debug, Serialize, ToSchema)]
pub struct GameRecordView {
    #[schema(value_type = i32)]
    pub game_id: GameId,
    pub format: RecordFormat,
    pub notation: Notation,
    pub start_fen: String,
    pub text: String,
    pub report: ValidationView,
    /// Where the report and the entered result disagree (English in the API;
    /// a page translates them).
    #[schema(value_type = Vec<String>)]
    pub warnings: Vec<Msg>,
}

fn termination(t: Option<&str>) -> DomainResult<Termination> {
    use rules::validate::ClaimKind;
    use rules::Color;
    Ok(match t.unwrap_or("") {
        "" => Termination::Unknown,
        "checkmate" => Termination::Checkmate,
        "resignation" => Termination::Resignation,
        "agreement" => Termination::Agreement,
        "threefold" => Termination::Claim(ClaimKind::Threefold),
        "fifty_moves" => Termination::Claim(ClaimKind::FiftyMoves),
        "time_white" => Termination::Time { flagged: Color::White },
        "time_black" => Termination::Time { flagged: Color::Black },
        "arbiter_white" => Termination::ArbiterDecision { offender: Color::White },
        "arbiter_black" => Termination::ArbiterDecision { offender: Color::Black },
        other => {
            return Err(DomainError::invalid(
                "termination",
                msg!("'{}' is not a way a game ends (checkmate, resignation, agreement, threefold, fifty_moves, time_white, time_black, arbiter_white, arbiter_black)", other),
            ))
        }
    })
}

/// The start position of a game: given FEN or SP number, else the drawn one
/// (the board's or the round's, Guidelines II.1), else the standard position.
fn start_position(
    conn: &mut DbConnection,
    g: &GameRow,
    given: Option<&str>,
    variant: Variant,
) -> DomainResult<Position> {
    if let Some(s) = given.map(str::trim).filter(|s| !s.is_empty()) {
        if let Ok(sp) = s.parse::<u16>() {
            return Position::chess960(sp).ok_or_else(|| {
                DomainError::invalid("start", msg!("a Chess960 start position is numbered 0–959"))
            });
        }
        return Position::from_fen(s).map_err(|e| {
            DomainError::invalid(
                "start",
                msg!("the FEN is not valid: {}", nested(library::fen_error(&e))),
            )
        });
    }
    if variant == Variant::Chess960 {
        if let Some(sp) = super::chess960::game_position(conn, g)? {
            return u16::try_from(sp)
                .ok()
                .and_then(Position::chess960)
                .ok_or_else(|| DomainError::invalid("start", msg!("bad Chess960 number")));
        }
        return Err(DomainError::invalid(
            "start",
            msg!("no start position is drawn for this round: draw one, or give the Chess960 start position number of this game"),
        ));
    }
    Ok(Position::startpos())
}

fn report_view(r: &rules::validate::ValidationReport) -> ValidationView {
    use rules::outcome::BoardEnding;
    ValidationView {
        plies: r.plies,
        final_fen: r.final_fen.clone(),
        ending: match (r.ending, r.automatic_draw) {
            (Some(e), _) => Some(
                match e {
                    BoardEnding::Checkmate { .. } => "checkmate",
                    BoardEnding::Stalemate => "stalemate",
                    BoardEnding::DeadPosition => "dead",
                }
                .to_string(),
            ),
            (None, Some(d)) => Some(d.kind.as_str().to_string()),
            (None, None) => None,
        },
        ending_ply: r.ending_ply.or(r.automatic_draw.map(|d| d.ply)),
        error: r.error.as_ref().map(
            |e| serde_json::json!({"ply": e.ply, "text": e.text, "kind": e.kind, "why": e.why}),
        ),
        moves_after_end: r.moves_after_end,
        expected_result: r.expected_result.clone(),
        result: r.result.clone(),
        result_consistent: r.result_consistent,
        notes: r.notes.clone(),
    }
}

/// Splits a typed scoresheet into the moves as written: move numbers, result
/// marks and the draw-offer mark `(=)` are not moves.
pub(crate) fn scoresheet_moves(text: &str) -> Vec<String> {
    let mut out = vec![];
    for raw in text.split_whitespace() {
        let tok = raw.trim_end_matches("(=)");
        let tok = match tok.rfind('.') {
            Some(i) if tok[..i].chars().all(|c| c.is_ascii_digit() || c == '.') => &tok[i + 1..],
            _ => tok,
        };
        if tok.is_empty()
            || matches!(
                tok,
                "1-0" | "0-1" | "1/2-1/2" | "½-½" | "*" | "(=)" | "e.p." | "ep"
            )
        {
            if matches!(tok, "e.p." | "ep") {
                if let Some(last) = out.last_mut() {
                    let last: &mut String = last;
                    last.push_str(" e.p.");
                }
            }
            continue;
        }
        out.push(tok.to_string());
    }
    out
}

/// Why `entered` contradicts the game's stored moves (a mate, stalemate or dead
/// position on the board decides the result, art. 5.1–5.2), or `None`.
pub fn contradiction(
    conn: &mut DbConnection,
    gid: GameId,
    (kind, white, black): (GameKind, Option<i32>, Option<i32>),
) -> DomainResult<Option<super::Msg>> {
    let report: Option<String> = game_records::table
        .find(gid)
        .select(game_records::report)
        .first(conn)
        .optional()?;
    let Some(report) = report.and_then(|r| serde_json::from_str::<ValidationView>(&r).ok()) else {
        return Ok(None);
    };
    let (Some(expected), Some(text)) = (
        report.expected_result.as_deref(),
        recorded_result(kind, white, black),
    ) else {
        return Ok(None);
    };
    if expected == text {
        return Ok(None);
    }
    let ending = match report.ending.as_deref() {
        Some("checkmate") => "checkmate",
        Some("stalemate") => "stalemate",
        Some("dead") => "a dead position",
        _ => "the stored moves",
    };
    Ok(Some(msg!(
        "the stored moves end in {} after {} half-moves, which gives {}; {} contradicts them — confirm to enter it anyway",
        super::msg::word(ending),
        report.ending_ply.unwrap_or(report.plies),
        expected,
        text
    )))
}

/// The entered result of a game as PGN writes it.
pub(crate) fn recorded_result(kind: GameKind, w: Option<i32>, b: Option<i32>) -> Option<String> {
    if kind != GameKind::Played {
        return None;
    }
    Some(match (w?, b?) {
        (w, b) if w > b => "1-0".into(),
        (w, b) if w < b => "0-1".into(),
        (w, b) if w == b && w > 0 => "1/2-1/2".into(),
        (w, b) => format!("{}-{}", fmt_points(w), fmt_points(b)),
    })
}

pub fn submit(
    conn: &mut DbConnection,
    actor: &Actor,
    tid: TournamentId,
    gid: GameId,
    cmd: SubmitMoves,
) -> DomainResult<GameRecordView> {
    require_role(conn, actor, tid, &[Role::Arbiter])?;
    let t = load_tournament(conn, tid)?;
    let g = load_game(conn, tid, gid)?;
    let (v, before) = check_and_store(conn, &t, &g, cmd)?;
    Entry::at(
        tid,
        if before.is_some() {
            "moves.replace"
        } else {
            "moves.submit"
        },
        "game",
        gid,
    )
    .record(conn, actor, before.as_ref(), Some(&v))?;
    Ok(v)
}

/// Checks the moves of game `g` with the rules core and stores them with the
/// report, replacing earlier ones (returned as they were). No role check and no
/// audit row: the caller's.
pub(crate) fn check_and_store(
    conn: &mut DbConnection,
    t: &TournamentRow,
    g: &GameRow,
    cmd: SubmitMoves,
) -> DomainResult<(GameRecordView, Option<String>)> {
    let (tid, gid) = (t.id, g.id);
    if g.black_id.is_none() {
        return Err(DomainError::invalid("game", msg!("a bye has no moves")));
    }
    if cmd.text.len() > 1_000_000 {
        return Err(DomainError::invalid(
            "text",
            msg!("the game text is longer than 1 MB"),
        ));
    }
    // PGN is English SAN by its standard; a scoresheet is in the tournament's letters.
    let default_notation = match cmd.format {
        RecordFormat::Pgn => Notation::En,
        RecordFormat::Scoresheet => t.notation,
    };
    let notation = cmd.notation.unwrap_or(default_notation);
    let letters = LetterSet::from_code(notation.as_str()).ok_or_else(|| {
        DomainError::invalid(
            "notation",
            msg!("'{}' is not a notation language", notation),
        )
    })?;
    let entered = recorded_result(g.kind, g.white_score, g.black_score);
    let term = termination(cmd.termination.as_deref())?;
    let (start, moves, result_in_text) = match cmd.format {
        RecordFormat::Pgn => {
            let games = rules::pgn::read_games(&cmd.text);
            let game = match games.into_iter().next() {
                Some(Ok(game)) => game,
                Some(Err(e)) => {
                    return Err(DomainError::invalid(
                        "text",
                        msg!("the PGN cannot be read: {}", nested(library::pgn_error(&e))),
                    ))
                }
                None => return Err(DomainError::invalid("text", msg!("the PGN holds no game"))),
            };
            let (pos, _) = rules::pgn::start_position(&game).map_err(|e| {
                DomainError::invalid(
                    "text",
                    msg!(
                        "the PGN's start position: {}",
                        nested(library::pgn_error(&e))
                    ),
                )
            })?;
            // Without a FEN tag the game starts where this board starts: the
            // given position, or the drawn Chess960 position.
            let pos = if game.tag("FEN").is_some_and(|f| !f.trim().is_empty()) {
                pos
            } else if cmd.start.is_some() || t.variant == Variant::Chess960 {
                start_position(conn, g, cmd.start.as_deref(), t.variant)?
            } else {
                pos
            };
            let moves: Vec<String> = game.moves.iter().map(|m| m.text.clone()).collect();
            (pos, moves, game.result())
        }
        RecordFormat::Scoresheet => {
            let pos = start_position(conn, g, cmd.start.as_deref(), t.variant)?;
            (pos, scoresheet_moves(&cmd.text), None)
        }
    };
    let input = GameInput {
        start: start.clone(),
        moves,
        letters,
        result: entered.clone().or(result_in_text),
        termination: term,
        min_moves_before_draw: (t.draw_offer_min_moves > 0)
            .then_some(t.draw_offer_min_moves as u32),
    };
    // Under the tournament's edition: from 2018 on, a fivefold repetition or
    // 75 moves ends the game there (art. 9.6), and later moves do not count.
    let report = report_view(&validate_game_under(&input, t.laws_edition.rules()));
    let mut warnings = warnings(&report, entered.as_deref(), report.result_consistent);
    if t.variant == Variant::Chess960 {
        if let Some(sp) = super::chess960::game_position(conn, g)? {
            let drawn = u16::try_from(sp).ok().and_then(Position::chess960);
            if drawn.is_some_and(|d| d.to_fen() != start.to_fen()) {
                warnings.push(msg!(
                    "the moves start from {}, not from the drawn position {}",
                    start.to_fen(),
                    sp
                ));
            }
        }
    }
    let report_text = serde_json::to_string(&report).unwrap_or_default();
    let before: Option<String> = game_records::table
        .find(gid)
        .select(game_records::text)
        .first(conn)
        .optional()?;
    diesel::delete(game_records::table.find(gid)).execute(conn)?;
    diesel::insert_into(game_records::table)
        .values((
            game_records::game_id.eq(gid),
            game_records::tournament_id.eq(tid),
            game_records::format.eq(cmd.format),
            game_records::notation.eq(notation),
            game_records::start_fen.eq(start.to_fen()),
            game_records::text.eq(&cmd.text),
            game_records::report.eq(&report_text),
            game_records::uploaded_at.eq(now()),
        ))
        .execute(conn)?;
    let v = GameRecordView {
        game_id: gid,
        format: cmd.format,
        notation,
        start_fen: start.to_fen(),
        text: cmd.text,
        report,
        warnings,
    };
    Ok((v, before))
}

/// What the desk is told about checked moves: the first move that could not
/// be played, and an entered result that does not agree with the game.
fn warnings(report: &ValidationView, entered: Option<&str>, consistent: bool) -> Vec<Msg> {
    let mut out = vec![];
    if let Some(e) = &report.error {
        out.push(msg!(
            "move {} ('{}') is {}: {}",
            e["ply"],
            e["text"].as_str().unwrap_or(""),
            word(e["kind"].as_str().unwrap_or("")),
            nested(library::record_phrase(e["why"].as_str().unwrap_or("")))
        ));
    }
    if !consistent {
        let why = match report.expected_result.as_deref() {
            Some(r) => Some(msg!("the rules give {}", r)),
            None => library::record_notes(&report.notes),
        };
        // The result checked is the one entered, else the one written in the
        // record (a PGN's result tag).
        out.push(match (entered, report.result.as_deref(), why) {
            (Some(r), _, Some(why)) => msg!(
                "the entered result {} does not agree with the game: {}",
                r,
                nested(why)
            ),
            (Some(r), _, None) => msg!("the entered result {} does not agree with the game", r),
            (None, Some(r), Some(why)) => msg!(
                "no result is entered, and the result {} written in the record does not agree with the game: {}",
                r,
                nested(why)
            ),
            (None, Some(r), None) => msg!(
                "no result is entered, and the result {} written in the record does not agree with the game",
                r
            ),
            (None, None, Some(why)) => msg!("no result is entered: {}", nested(why)),
            (None, None, None) => msg!("no result is entered"),
        });
    }
    out
}

/// The stored moves of a game, as `audience` sees them.
pub fn get(
    conn: &mut DbConnection,
    tid: TournamentId,
    gid: GameId,
    audience: Audience,
) -> DomainResult<GameRecordView> {
    let g = load_game(conn, tid, gid)?;
    audience.check_game(conn, tid, &g)?;
    let row: Option<(RecordFormat, Notation, String, String, String)> = game_records::table
        .find(gid)
        .select((
            game_records::format,
            game_records::notation,
            game_records::start_fen,
            game_records::text,
            game_records::report,
        ))
        .first(conn)
        .optional()?;
    let Some((format, notation, start_fen, text, report)) = row else {
        return Err(DomainError::NotFound(msg!("moves of game {}", gid)));
    };
    let report: ValidationView = serde_json::from_str(&report).map_err(|_| {
        DomainError::conflict(msg!(
            "the stored report is unreadable; submit the moves again"
        ))
    })?;
    let entered = recorded_result(g.kind, g.white_score, g.black_score);
    // The result may have been entered or corrected since the moves were checked.
    let consistent = match (&report.expected_result, &entered) {
        (Some(exp), Some(ent)) => exp == ent,
        _ => true,
    };
    let warnings = warnings(&report, entered.as_deref(), consistent);
    Ok(GameRecordView {
        game_id: gid,
        format,
        notation,
        start_fen,
        text,
        report,
        warnings,
    })
}

/// The stored moves of a game replayed from its start position, up to the first
/// move that cannot be played: (start, moves). `None` without stored moves.
pub fn stored_game(
    conn: &mut DbConnection,
    gid: GameId,
) -> DomainResult<Option<(Position, Vec<rules::Move>)>> {
    let row: Option<(RecordFormat, Notation, String, String)> = game_records::table
        .find(gid)
        .select((
            game_records::format,
            game_records::notation,
            game_records::start_fen,
            game_records::text,
        ))
        .first(conn)
        .optional()?;
    let Some((format, notation, start_fen, text)) = row else {
        return Ok(None);
    };
    let Ok(start) = Position::from_fen_lenient(&start_fen) else {
        return Ok(None);
    };
    let letters = LetterSet::from_code(notation.as_str()).unwrap_or(LetterSet::ENGLISH);
    let written: Vec<String> = if format == RecordFormat::Pgn {
        match rules::pgn::read_games(&text).into_iter().next() {
            Some(Ok(g)) => g.moves.iter().map(|m| m.text.clone()).collect(),
            _ => return Ok(None),
        }
    } else {
        scoresheet_moves(&text)
    };
    let mut pos = start.clone();
    let mut moves = Vec::new();
    for m in &written {
        let rules::san::MoveReading::Legal(mv) = rules::san::read_move(&pos, m, letters) else {
            break;
        };
        match pos.play(mv) {
            Ok(next) => pos = next,
            Err(_) => break,
        }
        moves.push(mv);
    }
    Ok(Some((start, moves)))
}

/// The stored moves as PGN movetext in English SAN (`1. e4 e5 2. Nf3 …`), up to
/// the first move that cannot be played, from whatever position the game
/// started (Chess960 too). `None` without stored moves.
pub fn english_movetext(conn: &mut DbConnection, gid: GameId) -> DomainResult<Option<String>> {
    let Some((start, moves)) = stored_game(conn, gid)? else {
        return Ok(None);
    };
    let mut pos = start;
    let mut out = Vec::new();
    for (i, &mv) in moves.iter().enumerate() {
        let san = rules::san::write_san(&pos, mv);
        if pos.turn() == rules::Color::White {
            out.push(format!("{}. {san}", pos.fullmoves()));
        } else if i == 0 {
            out.push(format!("{}... {san}", pos.fullmoves()));
        } else {
            out.push(san);
        }
        pos.play_unchecked(mv);
    }
    Ok((!out.is_empty()).then(|| out.join(" ")))
}

/// The final position of a game's stored moves, if any.
pub fn final_position(conn: &mut DbConnection, gid: GameId) -> DomainResult<Option<Position>> {
    let report: Option<String> = game_records::table
        .find(gid)
        .select(game_records::report)
        .first(conn)
        .optional()?;
    Ok(report
        .and_then(|r| serde_json::from_str::<ValidationView>(&r).ok())
        .and_then(|r| Position::from_fen(&r.final_fen).ok()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn scoresheet_tokens_are_the_moves() {
        let m = scoresheet_moves("1.e4 e5 2.Sf3 Sf6 6.exd6 e.p. Sxd6 11.Kb1 (=)");
        assert_eq!(
            m,
            vec!["e4", "e5", "Sf3", "Sf6", "exd6 e.p.", "Sxd6", "Kb1"]
        );
    }

    fn report(result: Option<&str>, expected: Option<&str>) -> ValidationView {
        ValidationView {
            plies: 4,
            final_fen: String::new(),
            ending: None,
            ending_ply: None,
            error: None,
            moves_after_end: 0,
            expected_result: expected.map(str::to_string),
            result: result.map(str::to_string),
            result_consistent: false,
            notes: vec![],
        }
    }

    /// The desk's warning says whose result disagrees: the arbiter's entry,
    /// or (none entered) the one written in the record — never "(none)".
    #[test]
    fn a_disagreeing_result_is_named_by_where_it_came_from() {
        let text = |r: &ValidationView, entered: Option<&str>| {
            warnings(r, entered, false)
                .iter()
                .map(|m| m.to_string())
                .collect::<Vec<_>>()
                .join("; ")
        };
        let mate = report(Some("1-0"), Some("0-1"));
        assert_eq!(
            text(&mate, Some("1-0")),
            "the entered result 1-0 does not agree with the game: the rules give 0-1"
        );
        let unfinished = report(Some("1-0"), None);
        let said = text(&unfinished, None);
        assert!(
            said.starts_with("no result is entered, and the result 1-0 written in the record"),
            "{said}"
        );
        assert!(!said.contains("(none)"), "{said}");
        assert_eq!(text(&report(None, None), None), "no result is entered");
        assert!(warnings(&mate, Some("0-1"), true).is_empty());
    }
}
