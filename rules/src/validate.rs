//! Game validation (SPEC §6): replay a game from its start position and report
//! the first unplayable move, how the game ended on the board, moves recorded
//! after the end, draw claims, and whether the recorded result agrees.
//!
//! [`validate_game`] numbers its articles as the 2009 Laws and only remarks on
//! fivefold repetition and 75 moves; [`validate_game_under`] validates under
//! an edition of [`crate::laws`]: under the 2018 and 2023 Laws the game ends
//! at the first automatic draw (9.6.1, 9.6.2, 5.2.2) and later moves do not count.
//!
//! Over 700 lines because one replay serves every edition: the articles it
//! cites come from the table of [`crate::laws`], and the verdicts that differ
//! (automatic draws, 5.1.2 of 2023, the arbiter's decisions) sit in the one
//! decision over the termination.
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

use crate::laws::{self, article, automatic_draws, Edition, Rule};
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
    /// The automatic draw that ended the game (fivefold repetition, 75 moves),
    /// under an edition that has them (2018, 2023; see [`validate_game_under`]).
    pub automatic_draw: Option<AutomaticDraw>,
}

/// Which automatic draw.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum AutomaticDrawKind {
    /// The same position for the fifth time (2018/2023 art. 9.6.1).
    FivefoldRepetition,
    /// 75 moves by each player without pawn move or capture (2018/2023 art. 9.6.2).
    SeventyFiveMoves,
}

impl AutomaticDrawKind {
    /// `fivefold` or `seventyfive`.
    pub fn as_str(self) -> &'static str {
        match self {
            AutomaticDrawKind::FivefoldRepetition => "fivefold",
            AutomaticDrawKind::SeventyFiveMoves => "seventyfive",
        }
    }

    /// The rule of [`laws::TABLE`].
    pub fn rule(self) -> Rule {
        match self {
            AutomaticDrawKind::FivefoldRepetition => Rule::FivefoldRepetition,
            AutomaticDrawKind::SeventyFiveMoves => Rule::SeventyFiveMoves,
        }
    }
}

/// A game drawn without a claim under 9.6 of the 2018 and 2023 Laws.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct AutomaticDraw {
    /// Which rule.
    pub kind: AutomaticDrawKind,
    /// The ply after which the game was drawn.
    pub ply: usize,
    /// The article in the edition the game was validated under.
    pub article: &'static str,
}

/// The article numbers validation cites, read from [`laws::TABLE`].
struct Articles {
    edition: Edition,
    checkmate: &'static str,
    stalemate: &'static str,
    dead: &'static str,
    resignation: &'static str,
    flag: &'static str,
    illegal_moves: &'static str,
    device: &'static str,
    refusal: &'static str,
    game_lost: &'static str,
    agreement_minimum: Option<&'static str>,
    threefold: &'static str,
    fifty: &'static str,
    incorrect_claim: &'static str,
}

impl Articles {
    fn of(edition: Edition) -> Articles {
        let a = |rule| article(edition, rule).unwrap_or("?");
        Articles {
            edition,
            checkmate: a(Rule::Checkmate),
            stalemate: a(Rule::Stalemate),
            dead: a(Rule::DeadPosition),
            resignation: a(Rule::Resignation),
            flag: a(Rule::FlagFall),
            illegal_moves: a(Rule::IllegalMovePenalty),
            device: a(Rule::ElectronicDevice),
            refusal: a(Rule::PersistentRefusal),
            game_lost: a(Rule::PenaltyGameLost),
            agreement_minimum: article(edition, Rule::DrawAgreementMinimum),
            threefold: a(Rule::ThreefoldClaim),
            fifty: a(Rule::FiftyMoveClaim),
            incorrect_claim: a(Rule::IncorrectDrawClaim),
        }
    }

    /// 2018 and later: article numbers of the form 5.1.2.
    fn modern(&self) -> bool {
        self.edition >= Edition::Laws2018
    }
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

/// Validates a game (see the module docs) as the 2009 Laws number their
/// articles: fivefold repetition and 75 moves are remarks, not endings. The
/// same as [`validate_game_under`] with [`Edition::Laws2009`].
pub fn validate_game(input: &GameInput) -> ValidationReport {
    validate_core(input, &Articles::of(Edition::Laws2009), false)
}

/// Validates a game under an edition of the Laws. Under 2005 and 2009 the
/// verdicts are those of [`validate_game`] (fivefold repetition and 75 moves
/// are remarks; the notes cite the edition's articles). Under 2018 and 2023 the
/// game ends at the first automatic draw — fivefold repetition (9.6.1), 75
/// moves (9.6.2) or a dead position (5.2.2) — with that article; moves
/// recorded after it are counted in `moves_after_end` and not read (neither
/// played nor judged). Under 2023 a resignation against a side that cannot
/// checkmate is a draw (5.1.2).
///
/// ```
/// use rules::laws::Edition;
/// use rules::validate::{validate_game_under, AutomaticDrawKind, GameInput, Termination};
/// use rules::san::LetterSet;
/// use rules::Position;
/// let shuffle = "Nf3 Nf6 Ng1 Ng8 ".repeat(5); // the start position a fifth time at ply 16
/// let input = GameInput {
///     start: Position::startpos(),
///     moves: format!("{shuffle} e4").split_whitespace().map(String::from).collect(),
///     letters: LetterSet::ENGLISH,
///     result: Some("1-0".into()),
///     termination: Termination::Unknown,
///     min_moves_before_draw: None,
/// };
/// let now = validate_game_under(&input, Edition::Laws2023);
/// assert_eq!(now.automatic_draw.map(|d| (d.kind, d.ply, d.article)),
///            Some((AutomaticDrawKind::FivefoldRepetition, 16, "9.6.1")));
/// assert_eq!(now.moves_after_end, 5);
/// assert_eq!(now.expected_result.as_deref(), Some("1/2-1/2"));
/// assert!(!now.result_consistent);
/// let then = validate_game_under(&input, Edition::Laws2009);
/// assert_eq!(then.plies, 21);
/// assert!(then.automatic_draw.is_none() && then.result_consistent);
/// ```
pub fn validate_game_under(input: &GameInput, edition: Edition) -> ValidationReport {
    validate_core(input, &Articles::of(edition), automatic_draws(edition))
}

fn validate_core(input: &GameInput, arts: &Articles, automatic: bool) -> ValidationReport {
    let mut notes = Vec::new();
    let mut h = History::new(input.start.clone());
    let mut error = None;
    let mut ending: Option<(BoardEnding, usize)> = None;
    let mut moves_after_end = 0;
    let automatic_at = |h: &History, ply: usize| -> Option<AutomaticDraw> {
        if !automatic {
            return None;
        }
        let kind = if h.is_fivefold() {
            AutomaticDrawKind::FivefoldRepetition
        } else if h.is_seventyfive() {
            AutomaticDrawKind::SeventyFiveMoves
        } else {
            return None;
        };
        Some(AutomaticDraw {
            kind,
            ply,
            article: article(arts.edition, kind.rule()).unwrap_or("9.6"),
        })
    };
    // A start position may already be past 75 moves (its FEN's halfmove clock).
    let mut auto_draw: Option<AutomaticDraw> = automatic_at(&h, 0);
    for (i, text) in input.moves.iter().enumerate() {
        if ending.is_some() || auto_draw.is_some() {
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
                    auto_draw = automatic_at(&h, i + 1);
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
                if ending.is_none() {
                    auto_draw = automatic_at(&h, i + 1);
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
        // A dead position at or before the automatic draw ends the game first.
        auto_draw = None;
        if hi < h.plies() {
            moves_after_end += h.plies() - hi;
        }
    }
    let played = match (ending, auto_draw) {
        (Some((_, ply)), _) => ply,
        (None, Some(d)) => d.ply,
        (None, None) => h.plies(),
    };
    let final_pos = h.positions()[played].clone();
    if let Some(d) = auto_draw {
        notes.push(format!(
            "ply {}: {}: the game is drawn (art. {}, Laws {})",
            d.ply,
            match d.kind {
                AutomaticDrawKind::FivefoldRepetition => "the same position for the fifth time",
                AutomaticDrawKind::SeventyFiveMoves =>
                    "75 moves by each player without pawn move or capture",
            },
            d.article,
            arts.edition
        ));
        if moves_after_end > 0 {
            notes.push(format!(
                "{moves_after_end} move(s) recorded after the game was drawn at ply {played} (art. {}) do not count",
                d.article
            ));
        }
    } else if moves_after_end > 0 {
        notes.push(format!(
            "{moves_after_end} move(s) recorded after the game ended at ply {played} (art. {})",
            match ending.map(|e| e.0) {
                Some(BoardEnding::Checkmate { .. }) => arts.checkmate,
                Some(BoardEnding::Stalemate) => arts.stalemate,
                _ => arts.dead,
            }
        ));
    }
    let facts = draw_facts(&h.positions()[..=played]);
    if !automatic {
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
    } else if auto_draw.is_some() {
        if input.termination == Termination::Checkmate {
            notes.push("said to end by checkmate, but the game was drawn before".into());
        }
        Some("1/2-1/2".to_string())
    } else {
        let mut hist = History::new(input.start.clone());
        for p in &h.positions()[1..=played] {
            hist.push_position(p.clone());
        }
        decide_without_ending(input, &final_pos, &hist, arts, &mut claim, &mut notes)
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
        automatic_draw: auto_draw,
    }
}

fn decide_without_ending(
    input: &GameInput,
    final_pos: &Position,
    hist: &History,
    arts: &Articles,
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
        Termination::Time { flagged } => loss_unless_cannot_mate(flagged, arts.flag, notes),
        Termination::IllegalMoves { offender } => {
            loss_unless_cannot_mate(offender, arts.illegal_moves, notes)
        }
        Termination::ArbiterDecision { offender } if arts.modern() => {
            // 2018/2023: a device loses with a win for the opponent (11.3.2);
            // otherwise the arbiter decides the opponent's score (11.7, 12.9.6).
            let winner = offender.other();
            match can_mate(final_pos, winner) {
                CanMate::Yes(_) => Some(win_for(winner).to_string()),
                CanMate::No => {
                    notes.push(format!(
                        "art. {}/{}: the game is lost for {}; {} cannot mate by any series of legal moves, and the arbiter decides his score",
                        arts.game_lost,
                        arts.refusal,
                        side_name(offender),
                        side_name(winner)
                    ));
                    None
                }
                CanMate::Unknown => {
                    notes.push(format!(
                        "art. {}: could not decide within the search budget whether {} can still mate",
                        arts.game_lost,
                        side_name(winner)
                    ));
                    None
                }
            }
        }
        Termination::ArbiterDecision { offender } => {
            let art = format!("{}/{}", arts.device, arts.refusal);
            loss_unless_cannot_mate(offender, &art, notes)
        }
        Termination::Agreement => {
            if laws::draw_agreement_needs_a_move_each(arts.edition) && hist.plies() < 2 {
                notes.push(format!(
                    "art. {}: a draw may be agreed only after both players have made at least one move",
                    article(arts.edition, Rule::DrawAgreement).unwrap_or("5.2.3")
                ));
            }
            if let Some(min) = input.min_moves_before_draw {
                let moves = (hist.plies() as u32).div_ceil(2);
                if moves < min {
                    notes.push(format!(
                        "{}: draw agreed after {moves} moves, before the minimum of {min}",
                        arts.agreement_minimum
                            .map(|a| format!("art. {a}"))
                            .unwrap_or_else(|| "the regulations".to_string())
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
                ClaimKind::Threefold => arts.threefold,
                ClaimKind::FiftyMoves => arts.fifty,
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
                        "art. {art}: the claim is incorrect; the game continues ({})",
                        arts.incorrect_claim
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
                    if laws::resignation_draws_when_opponent_cannot_mate(arts.edition) {
                        if input.termination == Termination::Resignation {
                            notes.push(format!(
                                "art. {}: {} cannot mate by any series of legal moves, so the resignation gives a draw",
                                arts.resignation,
                                side_name(w)
                            ));
                            return Some("1/2-1/2".to_string());
                        }
                        notes.push(format!(
                            "{} cannot mate by any series of legal moves: by resignation, on time or for illegal moves it is a draw ({}, {}, {}); a win stands only by the arbiter's decision ({})",
                            side_name(w),
                            arts.resignation,
                            arts.flag,
                            arts.illegal_moves,
                            arts.game_lost
                        ));
                    } else if arts.modern() {
                        notes.push(format!(
                            "{} cannot mate by any series of legal moves: the win stands only by resignation ({}) or the arbiter's decision ({}); on time or for illegal moves it is a draw ({}, {})",
                            side_name(w),
                            arts.resignation,
                            arts.game_lost,
                            arts.flag,
                            arts.illegal_moves
                        ));
                    } else {
                        notes.push(format!(
                            "{} cannot mate by any series of legal moves: the win stands only by resignation ({}); on time or by penalty it is a draw ({}, {})",
                            side_name(w),
                            arts.resignation,
                            arts.flag,
                            arts.device
                        ));
                    }
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
    pgn_core(game, letters, None)
}

/// [`validate_pgn_game`] under an edition of the Laws (see [`validate_game_under`]).
pub fn validate_pgn_game_under(
    game: &PgnGame,
    letters: LetterSet,
    edition: Edition,
) -> ValidationReport {
    pgn_core(game, letters, Some(edition))
}

fn pgn_core(game: &PgnGame, letters: LetterSet, edition: Option<Edition>) -> ValidationReport {
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
            let mut report = match edition {
                None => validate_game(&input),
                Some(e) => validate_game_under(&input, e),
            };
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
            automatic_draw: None,
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
    /// `checkmate`, `stalemate`, `dead`, `fivefold`, `seventyfive` or `none`.
    pub fn ending_str(&self) -> &'static str {
        match (self.ending, self.automatic_draw) {
            (Some(e), _) => e.as_str(),
            (None, Some(d)) => d.kind.as_str(),
            (None, None) => "none",
        }
    }

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
            json_string(self.ending_str()),
            self.result
                .as_deref()
                .map(json_string)
                .unwrap_or_else(|| "null".to_string()),
            self.result_consistent,
            notes.join(",")
        )
    }
}
