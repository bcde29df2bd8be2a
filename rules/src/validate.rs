//! Game validation (SPEC §6): replay a game from its start position and report
//! the first unplayable move, how the game ended on the board, moves recorded
//! after the end, draw claims, and whether the recorded result agrees.
//!
//! ```
//! use rules::validate::{validate_game, GameInput, Termination};
//! use rules::san::LetterSet;
//! use rules::{Color, Position};
//! let input = GameInput {
//!     start: Position::startpos(),
//!     moves: "f3 e5 g4 Qh4# Nc3".split(' ').map(String::from).collect(),
//!     letters: LetterSet::ENGLISH,
//!     result: Some("0-1".into()),
//!     termination: Termination::Unknown,
//!     min_moves_before_draw: None,
//! };
//! let report = validate_game(&input);
//! assert_eq!(report.ending.map(|e| e.as_str()), Some("checkmate"));
//! assert_eq!(report.plies, 4);
//! assert_eq!(report.moves_after_end, 1);
//! assert!(report.result_consistent);
//! ```

use crate::mating::{can_mate, CanMate};
use crate::outcome::{
    board_ending, draw_facts, insufficient_material, BoardEnding, Claim, DrawFacts, History,
};
use crate::pgn::{normalise_result, MoveErrorKind, PgnGame};
use crate::san::{read_move, LetterSet, MoveReading};
use crate::{Color, Position};

/// How the game was said to end.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Termination {
    /// Not stated.
    Unknown,
    /// Checkmate on the board (5.1(a)).
    Checkmate,
    /// A player resigned (5.1(b)).
    Resignation,
    /// Draw by agreement (9.1).
    Agreement,
    /// A draw claim (9.2 / 9.3) by the side to move in the final position.
    Claim(ClaimKind),
    /// A flag fell (6.9): the player who ran out of time.
    Time {
        /// Who lost on time.
        flagged: Color,
    },
    /// The arbiter declared the game lost (12.3(b), 12.8): the offender.
    ArbiterDecision {
        /// The player the game was declared lost for.
        offender: Color,
    },
    /// Loss by the third (or configured) illegal move (7.4(b)): the offender.
    IllegalMoves {
        /// The player who completed the illegal moves.
        offender: Color,
    },
}

/// Which draw claim.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum ClaimKind {
    /// Art. 9.2.
    Threefold,
    /// Art. 9.3.
    FiftyMoves,
}

/// A game to validate.
#[derive(Clone, Debug)]
pub struct GameInput {
    /// Start position (standard, a Chess960 start, or a FEN).
    pub start: Position,
    /// Moves as written.
    pub moves: Vec<String>,
    /// The letter set the moves are written in.
    pub letters: LetterSet,
    /// The recorded result (`1-0`, `0-1`, `1/2-1/2`, `*`, also `½-½`).
    pub result: Option<String>,
    /// How the game was said to end.
    pub termination: Termination,
    /// Art. 9.1(a): agreed draws before this many moves (by each side) are flagged.
    pub min_moves_before_draw: Option<u32>,
}

/// The first move that could not be played.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveProblem {
    /// 1-based ply.
    pub ply: usize,
    /// The move as written.
    pub text: String,
    /// `illegal`, `ambiguous`, `illegible` (or `syntax` for PGN syntax problems).
    pub kind: &'static str,
    /// A sentence for the arbiter.
    pub why: String,
}

/// The checked draw claim.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ClaimCheck {
    /// Which claim.
    pub kind: ClaimKind,
    /// The claim as it would be valid, if it is.
    pub valid: Option<Claim>,
}

/// What validation found.
#[derive(Clone, Debug)]
pub struct ValidationReport {
    /// Plies that are part of the game (up to the first error or the end on the board).
    pub plies: usize,
    /// The position after those plies.
    pub final_fen: String,
    /// How the game ended on the board, if it did.
    pub ending: Option<BoardEnding>,
    /// The ply at which it ended.
    pub ending_ply: Option<usize>,
    /// The first move that could not be played.
    pub error: Option<MoveProblem>,
    /// Moves recorded after the game had already ended on the board.
    pub moves_after_end: usize,
    /// The checked claim, when the game was said to end by a claim.
    pub claim: Option<ClaimCheck>,
    /// The result the rules give, when they decide it.
    pub expected_result: Option<String>,
    /// The recorded result, normalised.
    pub result: Option<String>,
    /// Whether the recorded result agrees with everything above.
    pub result_consistent: bool,
    /// Repetition and fifty-move facts of the replayed line.
    pub facts: DrawFacts,
    /// Sentences for the arbiter.
    pub notes: Vec<String>,
}

fn is_dead(pos: &Position) -> bool {
    board_ending(pos) == Some(BoardEnding::DeadPosition)
}

fn side_name(c: Color) -> &'static str {
    c.fold("White", "Black")
}

fn win_for(c: Color) -> &'static str {
    c.fold("1-0", "0-1")
}

/// Validates a game (see the module docs).
pub fn validate_game(input: &GameInput) -> ValidationReport {
    let mut notes = Vec::new();
    let mut h = History::new(input.start.clone());
    let mut error = None;
    let mut ending: Option<(BoardEnding, usize)> = None;
    let mut moves_after_end = 0;
    for (i, text) in input.moves.iter().enumerate() {
        if ending.is_some() {
            moves_after_end = input.moves.len() - i;
            break;
        }
        let pos = h.current().clone();
        if matches!(text.as_str(), "--" | "Z0" | "0000") {
            match pos.null_move() {
                Some(next) => {
                    notes.push(format!(
                        "ply {}: null move `{text}` (not a move of chess)",
                        i + 1
                    ));
                    h.push_position(next);
                    continue;
                }
                None => {
                    error = Some(MoveProblem {
                        ply: i + 1,
                        text: text.clone(),
                        kind: "illegal",
                        why: "a null move while in check".to_string(),
                    });
                    break;
                }
            }
        }
        match read_move(&pos, text, input.letters) {
            MoveReading::Legal(m) => {
                h.push(m);
                let cur = h.current();
                if !cur.has_legal_move() || insufficient_material(cur) {
                    if let Some(e) = board_ending(cur) {
                        ending = Some((e, i + 1));
                    }
                }
            }
            other => {
                let (kind, why) = match other {
                    MoveReading::Ambiguous(c) => (
                        MoveErrorKind::Ambiguous,
                        format!("fits {} legal moves", c.len()),
                    ),
                    MoveReading::Illegal => (
                        MoveErrorKind::Illegal,
                        "no legal move fits (a move may not leave the own king in check)"
                            .to_string(),
                    ),
                    _ => (
                        MoveErrorKind::Illegible,
                        "cannot be read as a move".to_string(),
                    ),
                };
                error = Some(MoveProblem {
                    ply: i + 1,
                    text: text.clone(),
                    kind: kind.as_str(),
                    why: format!("{} ({} to move): {why}", text, side_name(pos.turn())),
                });
                break;
            }
        }
    }
    // Dead positions that need a search: once dead, always dead, so find the
    // first dead ply by bisection over the line.
    if ending.is_none() && is_dead(h.current()) {
        let positions = h.positions();
        let (mut lo, mut hi) = (0usize, positions.len() - 1);
        while lo < hi {
            let mid = (lo + hi) / 2;
            if is_dead(&positions[mid]) {
                hi = mid;
            } else {
                lo = mid + 1;
            }
        }
        ending = Some((BoardEnding::DeadPosition, hi));
        if hi < h.plies() {
            moves_after_end += h.plies() - hi;
        }
    }
    let played = match ending {
        Some((_, ply)) => ply,
        None => h.plies(),
    };
    let final_pos = h.positions()[played].clone();
    if moves_after_end > 0 {
        notes.push(format!(
            "{moves_after_end} move(s) recorded after the game ended at ply {played} (art. {})",
            match ending.map(|e| e.0) {
                Some(BoardEnding::Checkmate { .. }) => "5.1(a)",
                Some(BoardEnding::Stalemate) => "5.2(a)",
                _ => "5.2(b)",
            }
        ));
    }
    let facts = draw_facts(&h.positions()[..=played]);
    if let Some(p) = facts.fivefold {
        notes.push(format!(
            "ply {p}: the same position for the fifth time (9.6 in later editions)"
        ));
    }
    if let Some(p) = facts.seventyfive {
        notes.push(format!(
            "ply {p}: 75 moves without pawn move or capture (9.6 in later editions)"
        ));
    }

    let result = input.result.as_deref().and_then(normalise_result);
    let mut claim = None;
    let expected: Option<String> = if let Some((e, _)) = ending {
        if input.termination == Termination::Checkmate
            && !matches!(e, BoardEnding::Checkmate { .. })
        {
            notes.push("said to end by checkmate, but the final position is not mate".into());
        }
        Some(e.result().to_string())
    } else {
        let mut hist = History::new(input.start.clone());
        for p in &h.positions()[1..=played] {
            hist.push_position(p.clone());
        }
        decide_without_ending(input, &final_pos, &hist, &mut claim, &mut notes)
    };
    let result_consistent = match (&result, &expected) {
        (Some(r), Some(e)) => r == e,
        (Some(r), None) => {
            // A decisive result needs a reason only the arbiter knows; a draw by
            // agreement is always possible. Check what the termination demands.
            match input.termination {
                Termination::Resignation => r == "1-0" || r == "0-1",
                Termination::Checkmate => false,
                Termination::Claim(_) => r != "1/2-1/2",
                _ => true,
            }
        }
        (None, _) => false,
    };
    if result.is_none() {
        notes.push("no result recorded".to_string());
    } else if !result_consistent {
        notes.push(format!(
            "recorded result {} does not agree{}",
            result.as_deref().unwrap_or("(none)"),
            expected
                .as_deref()
                .map(|e| format!(" with {e}"))
                .unwrap_or_default()
        ));
    }
    ValidationReport {
        plies: played,
        final_fen: final_pos.to_fen(),
        ending: ending.map(|e| e.0),
        ending_ply: ending.map(|e| e.1),
        error,
        moves_after_end,
        claim,
        expected_result: expected,
        result,
        result_consistent,
        facts,
        notes,
    }
}

fn decide_without_ending(
    input: &GameInput,
    final_pos: &Position,
    hist: &History,
    claim: &mut Option<ClaimCheck>,
    notes: &mut Vec<String>,
) -> Option<String> {
    let loss_unless_cannot_mate = |loser: Color, article: &str, notes: &mut Vec<String>| {
        let winner = loser.other();
        match can_mate(final_pos, winner) {
            CanMate::No => {
                notes.push(format!(
                    "art. {article}: {} cannot mate by any series of legal moves, so the game is drawn",
                    side_name(winner)
                ));
                Some("1/2-1/2".to_string())
            }
            CanMate::Yes(_) => Some(win_for(winner).to_string()),
            CanMate::Unknown => {
                notes.push(format!(
                    "art. {article}: could not decide within the search budget whether {} can still mate",
                    side_name(winner)
                ));
                None
            }
        }
    };
    match input.termination {
        Termination::Time { flagged } => loss_unless_cannot_mate(flagged, "6.9", notes),
        Termination::IllegalMoves { offender } => {
            loss_unless_cannot_mate(offender, "7.4(b)", notes)
        }
        Termination::ArbiterDecision { offender } => {
            loss_unless_cannot_mate(offender, "12.3(b)/12.8", notes)
        }
        Termination::Agreement => {
            if let Some(min) = input.min_moves_before_draw {
                let moves = (hist.plies() as u32).div_ceil(2);
                if moves < min {
                    notes.push(format!(
                        "art. 9.1(a): draw agreed after {moves} moves, before the minimum of {min}"
                    ));
                }
            }
            Some("1/2-1/2".to_string())
        }
        Termination::Claim(kind) => {
            let valid = match kind {
                ClaimKind::Threefold => hist.threefold_claim(),
                ClaimKind::FiftyMoves => hist.fifty_claim(),
            };
            *claim = Some(ClaimCheck { kind, valid });
            let art = match kind {
                ClaimKind::Threefold => "9.2",
                ClaimKind::FiftyMoves => "9.3",
            };
            match valid {
                Some(Claim::HasArisen) => {
                    notes.push(format!("art. {art}: the claim is correct"));
                    Some("1/2-1/2".to_string())
                }
                Some(Claim::AfterMove(m)) => {
                    notes.push(format!(
                        "art. {art}: the claim is correct with the move {} written down",
                        crate::san::write_san(final_pos, m)
                    ));
                    Some("1/2-1/2".to_string())
                }
                None => {
                    notes.push(format!(
                        "art. {art}: the claim is incorrect; the game continues (9.5(b))"
                    ));
                    None
                }
            }
        }
        Termination::Checkmate => {
            notes.push("said to end by checkmate, but the final position is not mate".into());
            None
        }
        Termination::Resignation | Termination::Unknown => {
            let winner = match input
                .result
                .as_deref()
                .and_then(normalise_result)
                .as_deref()
            {
                Some("1-0") => Some(Color::White),
                Some("0-1") => Some(Color::Black),
                _ => None,
            };
            if let Some(w) = winner {
                if can_mate(final_pos, w) == CanMate::No {
                    notes.push(format!(
                        "{} cannot mate by any series of legal moves: the win stands only by resignation (5.1(b)); on time or by penalty it is a draw (6.9, 12.3(b))",
                        side_name(w)
                    ));
                }
            }
            None
        }
    }
}

/// Reads a PGN `Termination` tag and the result into a [`Termination`].
pub fn termination_from_tags(termination: Option<&str>, result: Option<&str>) -> Termination {
    let t = termination.unwrap_or("").to_ascii_lowercase();
    let loser = match result.and_then(normalise_result).as_deref() {
        Some("1-0") => Some(Color::Black),
        Some("0-1") => Some(Color::White),
        _ => None,
    };
    if t.contains("time") {
        if let Some(flagged) = loser {
            return Termination::Time { flagged };
        }
    }
    if t.contains("infraction") || t.contains("abandon") || t.contains("adjudicat") {
        if let Some(offender) = loser {
            return Termination::ArbiterDecision { offender };
        }
    }
    Termination::Unknown
}

/// Validates a PGN game; PGN problems (variant, FEN) become a `syntax` error.
pub fn validate_pgn_game(game: &PgnGame, letters: LetterSet) -> ValidationReport {
    let result = game.result();
    match crate::pgn::start_position(game) {
        Ok((start, _)) => {
            let input = GameInput {
                start,
                moves: game.moves.iter().map(|m| m.text.clone()).collect(),
                letters,
                result: result.clone(),
                termination: termination_from_tags(game.tag("Termination"), result.as_deref()),
                min_moves_before_draw: None,
            };
            let mut report = validate_game(&input);
            if !game.noise.is_empty() {
                let shown: Vec<String> = game
                    .noise
                    .iter()
                    .take(5)
                    .map(|t| format!("{:?} (line {}, column {})", t.text, t.line, t.column))
                    .collect();
                report.notes.push(format!(
                    "{} token(s) in the movetext are not moves and were skipped: {}",
                    game.noise.len(),
                    shown.join(", ")
                ));
            }
            report
        }
        Err(e) => ValidationReport {
            plies: 0,
            final_fen: String::new(),
            ending: None,
            ending_ply: None,
            error: Some(MoveProblem {
                ply: 0,
                text: String::new(),
                kind: "syntax",
                why: e.to_string(),
            }),
            moves_after_end: 0,
            claim: None,
            expected_result: None,
            result,
            result_consistent: false,
            facts: DrawFacts::default(),
            notes: vec![e.to_string()],
        },
    }
}

/// Escapes a string for JSON.
pub fn json_string(s: &str) -> String {
    let mut out = String::with_capacity(s.len() + 2);
    out.push('"');
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            c if (c as u32) < 0x20 => out.push_str(&format!("\\u{:04x}", c as u32)),
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

impl ValidationReport {
    /// One JSON object (the `chess-rules validate` line format).
    pub fn to_json(&self, index: usize) -> String {
        let error = match &self.error {
            None => "null".to_string(),
            Some(e) => format!(
                "{{\"ply\":{},\"text\":{},\"kind\":{}}}",
                e.ply,
                json_string(&e.text),
                json_string(e.kind)
            ),
        };
        let notes: Vec<String> = self.notes.iter().map(|n| json_string(n)).collect();
        format!(
            "{{\"index\":{index},\"plies\":{},\"final_fen\":{},\"ending\":{},\"error\":{error},\"result\":{},\"result_consistent\":{},\"notes\":[{}]}}",
            self.plies,
            json_string(&self.final_fen),
            json_string(self.ending.map(|e| e.as_str()).unwrap_or("none")),
            self.result
                .as_deref()
                .map(json_string)
                .unwrap_or_else(|| "null".to_string()),
            self.result_consistent,
            notes.join(",")
        )
    }
}
