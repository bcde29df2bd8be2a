//! The errors of the `pairing` and `rules` crates as messages a page
//! translates.
//!
//! The crate's error types are typed frames (`PairError`, `LineupError`,
//! `TrfError`, `TeamTrfError`) around English phrases (a pairing's reason,
//! what a TRF column should hold). Each frame becomes its own `msg!`
//! template here, variant by variant, keeping the round, line, column and
//! ids; each phrase is read back against [`PHRASES`] (`msg::phrase`), the
//! crate's phrases with `{}` for what varies, so that it is translated too
//! (the catalogues in `i18n/errors/` hold them like any template).
//! The test below reads the crate's source and fails on a phrase missing
//! from the list. The English of every message is the crate's `Display`.

use super::msg::{nested, phrase, word, Phrase};
use super::Msg;
use pairing::team::trf::TeamTrfError;
use pairing::team::LineupError;
use pairing::trf::TrfError;
use pairing::PairError;
use rules::fen::{FenError, FenErrorKind, FenField};
use rules::pgn::{PgnError, PgnErrorKind};

/// The phrases of the pairing crate inside its errors: the reasons of
/// `PairError` (`pairing/src/dutch/mod.rs`, `berger.rs`, `team/mod.rs`,
/// `team/schedule.rs`, `team/swiss.rs`), what a TRF field should hold and
/// why a file is inconsistent (`pairing/src/trf.rs`, `team/trf.rs`).
pub const PHRASES: &[&str] = &[
    // PairError reasons.
    "rounds are numbered from 1",
    "the tournament has {} rounds",
    "the event has {} rounds",
    "player {} is listed with pairing number {}",
    "the players cannot all be paired without a rematch, a forbidden pair, two players with the same absolute colour preference, or a second pairing-allocated bye",
    "a round robin needs at least 2 players, this one has {}",
    "a round robin of {} players has {} rounds",
    "a round robin needs at least 2 teams, this one has {}",
    "a round robin of {} teams has {} rounds",
    "a Scheveningen event has two teams, this one has {}",
    "both rosters need {} players",
    "a Scheveningen event of {} boards has {} rounds",
    "no team can take the bye and leave the others pairable",
    "the teams cannot all be paired without a rematch",
    "a bracket cannot be completed",
    // TRF: inconsistencies.
    "pairing number {} is used twice",
    "pairing numbers must run 1..n without gaps: {} is missing",
    "round {}: opponent {} of player {} is not a player of this tournament",
    "player {} is not a player of this tournament",
    // TRF: what a field holds.
    "a pairing number (1-9999)",
    "a pairing number (1-9999) in columns 5-8",
    "a rating in columns 49-52",
    "points in columns 81-84 (e.g. `3.5`)",
    "a FIDE id in columns 58-68",
    "a rank in columns 86-89",
    "an opponent's pairing number",
    "a colour (`w`, `b`, `-`) for round {}",
    "a bye code (`U`, `F`, `H`, `Z` or blank) for round {}",
    "a result (`1`, `=`, `0`, `+`, `-`, `W`, `D`, `L`) for round {}",
    "a colour (`w` or `b`) for the game of round {}",
    "the number of rounds",
    "an initial colour (`white1`/`black1` or `W`/`B`)",
    "points such as `1.0` after a result code",
    "a result code `W`, `D`, `L`, `A`, `P` or `X`",
    "a pairing number",
    "points (0.0, 0.5, 1.0 …)",
    "points in columns 14-17 (e.g. `0.5`)",
    "a round number in columns 20-22",
    "a bye type `F`, `H` or `Z`",
    "a round number",
    // Team TRF records.
    "expected {}, found {}",
    "unknown setting {}",
    "expected a number in {}",
    "a player's pairing number",
    "no player {}",
    "expected round and team",
    "a team number",
    "rounds count from 1",
    "expected round, team and opponent",
    "a team number (0000 for the bye)",
    "expected id|name|rating|federation|captain|withdrawn",
    "no team {}",
    "a rating",
    "team number out of range",
    "round {}: the line-ups put players {} and {} on board {} but their `001` records do not show that game",
    // Team TRF-2026 records (`352`, `362`, `320`, `310`, `202`/`212`).
    "the file has no team (no `013` or `310` record)",
    "a team pairing number in columns 5-7",
    "team pairing number {}: expected {}",
    "match points must be whole, found {}",
    "expected points such as `2.0`, found {}",
    "expected a colour sequence such as WBWB",
    "colour sequence {}: only White on odd boards (WBWB…) or on every board (WWWW…) is supported",
    "unknown result code {} (TW, TD or TL)",
    "expected the bye's match points and game points",
    "round {}: the bye is team {} here, team {} in the `300` records",
];

/// The phrases of the rules crate's game validation (`rules/src/validate.rs`):
/// why a move cannot be played (`MoveProblem.why`) and the report's notes
/// (claims, endings, results), with `{}` for what varies. The reports are
/// stored in English (`game_records.report`), so a page reads each sentence
/// back into its template with [`record_phrase`]; the test below reads the
/// crate's source and fails on a sentence missing from the list.
pub const RECORD_PHRASES: &[&str] = &[
    // The sides (`side_name`).
    "White",
    "Black",
    // Why a move cannot be played (art. 3, 4.3).
    "{} ({} to move): {}",
    "fits {} legal moves",
    "no legal move fits (a move may not leave the own king in check)",
    "cannot be read as a move",
    "a null move while in check",
    // The notes.
    "ply {}: null move `{}` (not a move of chess)",
    "{} move(s) recorded after the game ended at ply {} (art. {})",
    "ply {}: the same position for the fifth time (9.6 in later editions)",
    "ply {}: 75 moves without pawn move or capture (9.6 in later editions)",
    "said to end by checkmate, but the final position is not mate",
    "no result recorded",
    "recorded result {} does not agree{}",
    " with {}",
    // The same when the rules give no result (its second `{}` is empty).
    "recorded result {} does not agree",
    "art. {}: {} cannot mate by any series of legal moves, so the game is drawn",
    "art. {}: could not decide within the search budget whether {} can still mate",
    "art. 9.1(a): draw agreed after {} moves, before the minimum of {}",
    "art. {}: the claim is correct",
    "art. {}: the claim is correct with the move {} written down",
    "art. {}: the claim is incorrect; the game continues (9.5(b))",
    "{} cannot mate by any series of legal moves: the win stands only by resignation (5.1(b)); on time or by penalty it is a draw (6.9, 12.3(b))",
    // Under an edition with automatic draws (`validate_game_under`), and the
    // articles of the edition given as arguments.
    "ply {}: {}: the game is drawn (art. {}, Laws {})",
    "the same position for the fifth time",
    "75 moves by each player without pawn move or capture",
    "{} move(s) recorded after the game was drawn at ply {} (art. {}) do not count",
    "said to end by checkmate, but the game was drawn before",
    "art. {}/{}: the game is lost for {}; {} cannot mate by any series of legal moves, and the arbiter decides his score",
    "art. {}: a draw may be agreed only after both players have made at least one move",
    "{}: draw agreed after {} moves, before the minimum of {}",
    "art. {}",
    "the regulations",
    "art. {}: the claim is incorrect; the game continues ({})",
    "art. {}: {} cannot mate by any series of legal moves, so the resignation gives a draw",
    "{} cannot mate by any series of legal moves: by resignation, on time or for illegal moves it is a draw ({}, {}, {}); a win stands only by the arbiter's decision ({})",
    "{} cannot mate by any series of legal moves: the win stands only by resignation ({}) or the arbiter's decision ({}); on time or for illegal moves it is a draw ({}, {})",
    "{} cannot mate by any series of legal moves: the win stands only by resignation ({}); on time or by penalty it is a draw ({}, {})",
    "{} token(s) in the movetext are not moves and were skipped: {}",
];

/// A sentence of a validation report (a note, why a move cannot be played)
/// as the message of its template in [`RECORD_PHRASES`]; one of no template
/// stays as it is. The English is `text` exactly.
pub fn record_phrase(text: &str) -> Msg {
    phrase(text, RECORD_PHRASES).into_msg()
}

/// The notes of a report joined by "; ", as one message (the English is
/// `notes.join("; ")`); `None` when there are none.
pub fn record_notes(notes: &[String]) -> Option<Msg> {
    let mut it = notes.iter().map(|n| record_phrase(n));
    let first = it.next()?;
    Some(it.fold(first, |all, n| msg!("{}; {}", nested(all), nested(n))))
}

/// The notes of an opened envelope's judgement (`rules/src/sealed.rs`),
/// joined by "; " into `games.reason` (`domain/adjournments.rs`) and read
/// back by [`sealed_notes`]; the test below reads the crate's source.
pub const SEALED_PHRASES: &[&str] = &[
    // The joiner of the notes.
    "{}; {}",
    "{}; but the opponent cannot mate by any series of legal moves, so the game is drawn",
    "{}; whether the opponent can still mate was not decided within the search budget",
    "the sealed move mates (art. 5.1(a)): the sealer wins",
    "the sealed move stalemates (art. 5.2(a)): draw",
    "the sealed move leaves a dead position (art. 5.2(b)): draw",
    "the present player's flag had fallen (art. 6.9): the arbiter applies 6.9 first",
    "the replying player's flag fell (6.9)",
    "the sealer is more than the lateness limit late (Guidelines §10)",
    "the replying player is more than the lateness limit late (Guidelines §10)",
    "the sealed move is {} (Guidelines §8)",
    // The same, citing the point and articles of the tournament's edition
    // (`rules::sealed::judge_sealed_move_under`; the fixed ones above are
    // read back from rows stored before).
    "the sealer is more than the lateness limit late ({})",
    "the replying player is more than the lateness limit late ({})",
    "the sealed move is {} ({})",
    "the sealed move mates (art. {}): the sealer wins",
    "the sealed move stalemates (art. {}): draw",
    "the sealed move leaves a dead position (art. {}): draw",
    "the present player's flag had fallen (art. {}): the arbiter applies {} first",
    "the replying player's flag fell ({})",
    // How an envelope ended without being opened (`domain/adjournments.rs`),
    // with the point of the tournament's edition.
    "draw agreed before resumption ({})",
    "White resigned before resumption ({})",
    "Black resigned before resumption ({})",
    "envelope lost: resume from the adjourned position with the recorded times; the sealer plays the move he says he sealed ({})",
    "envelope lost and the position cannot be restored: the game is annulled and replayed ({})",
];

/// A stored game reason made of a sealed-move judgement's notes, as the
/// message of their templates; `None` when it is none of them (a reason
/// typed by the arbiter, a penalty's effect).
pub fn sealed_notes(text: &str) -> Option<Msg> {
    fn judged(m: &Msg) -> bool {
        m.template() != "{}; {}"
            || m.args().iter().any(|a| match a {
                super::msg::Arg::Msg(inner) => judged(inner),
                _ => false,
            })
    }
    let m = phrase(text, SEALED_PHRASES).into_msg();
    (m.template() != "{}" && judged(&m)).then_some(m)
}

fn known(text: &str) -> Phrase {
    phrase(text, PHRASES)
}

/// Why a round could not be paired.
pub fn pair_error(e: &PairError) -> Msg {
    match e {
        PairError::InvalidRound { round, reason } => {
            msg!("round {} cannot be paired: {}", round, known(reason))
        }
        PairError::NoValidPairing { round, reason } => msg!(
            "no pairing of round {} satisfies the absolute criteria: {}",
            round,
            known(reason)
        ),
    }
}

/// Why a team's line-up was refused (ids are the engine's: team and player
/// numbers of the event).
pub fn lineup_error(e: &LineupError) -> Msg {
    match e {
        LineupError::NoSuchTeam(team) => msg!("team {} does not exist", team),
        LineupError::TooManyBoards {
            team,
            given,
            boards,
        } => msg!(
            "team {}: {} boards given, the match has {}",
            team,
            given,
            boards
        ),
        LineupError::NotOnRoster { team, player } => {
            msg!("team {}: player {} is not on the roster", team, player)
        }
        LineupError::Twice { team, player } => {
            msg!("team {}: player {} is lined up twice", team, player)
        }
        LineupError::OutOfOrder {
            team,
            player,
            board,
        } => msg!(
            "team {}: player {} on board {} is above a player higher on the roster (board order must keep roster order)",
            team,
            player,
            board
        ),
    }
}

/// Why a TRF file could not be read.
pub fn trf_error(e: &TrfError) -> Msg {
    match e {
        TrfError::Unexpected {
            line,
            column,
            expected,
            found,
        } => msg!(
            "line {}, column {}: expected {}, found {}",
            line,
            column,
            known(expected),
            format!("{found:?}")
        ),
        TrfError::Inconsistent { line, message } => {
            msg!("line {}: {}", line, known(message))
        }
        TrfError::NoPlayers => msg!("the file has no player (no `001` record)"),
    }
}

/// Why a team TRF file could not be read.
pub fn team_trf_error(e: &TeamTrfError) -> Msg {
    match e {
        TeamTrfError::Trf(e) => trf_error(e),
        TeamTrfError::Record {
            line,
            column,
            message,
        } => msg!("line {}, column {}: {}", line, column, known(message)),
        TeamTrfError::NoTeams => msg!("the file has no team (no `013` record)"),
    }
}

/// Why a FEN cannot be read (`rules/src/fen.rs`): the field, the column
/// and what is wrong, each a template; a side is the interface word
/// `white` or `black` (the rules crate's own text writes `w` or `b`).
pub fn fen_error(e: &FenError) -> Msg {
    let field = match e.field {
        FenField::Whole => "FEN",
        FenField::Board => "piece placement",
        FenField::Turn => "side to move",
        FenField::Castling => "castling rights",
        FenField::EnPassant => "en passant square",
        FenField::Halfmoves => "half-move clock",
        FenField::Fullmoves => "move number",
        FenField::Position => "position",
    };
    let side = |c: &rules::Color| {
        word(match c {
            rules::Color::White => "white",
            rules::Color::Black => "black",
        })
    };
    let what = match &e.kind {
        FenErrorKind::FieldCount(n) => msg!("expected 4 to 6 fields, found {}", n),
        FenErrorKind::UnexpectedChar(c) => {
            msg!("unexpected character {}", format!("{c:?}"))
        }
        FenErrorKind::RankLength => msg!("a rank must have exactly 8 squares"),
        FenErrorKind::RankCount => msg!("there must be exactly 8 ranks"),
        FenErrorKind::BadNumber => msg!("not a number"),
        FenErrorKind::MissingKing(c) => msg!("{} has no king", side(c)),
        FenErrorKind::TooManyKings(c) => msg!("{} has more than one king", side(c)),
        FenErrorKind::PawnOnBackRank => msg!("a pawn stands on the first or last rank"),
        FenErrorKind::TooManyPieces(c) => msg!("{} has more than 16 pieces", side(c)),
        FenErrorKind::TooManyPawns(c) => msg!("{} has more than 8 pawns", side(c)),
        FenErrorKind::OppositeCheck => msg!("the side not to move is in check"),
        FenErrorKind::TooManyCheckers => msg!("more than two pieces give check"),
        FenErrorKind::ImpossibleCheck => msg!("no legal last move gives this check"),
        FenErrorKind::InvalidEpSquare => msg!("no double pawn step explains it"),
        FenErrorKind::InvalidCastling(c) => msg!(
            "castling right {} has no matching king and rook",
            format!("{c:?}")
        ),
    };
    msg!(
        "{} (column {}): {}",
        word(field),
        e.column + 1,
        nested(what)
    )
}

/// Why PGN text cannot be read (`rules/src/pgn.rs`), with its line and
/// column.
pub fn pgn_error(e: &PgnError) -> Msg {
    let what = match &e.kind {
        PgnErrorKind::UnterminatedComment => msg!("a { comment is never closed"),
        PgnErrorKind::UnterminatedVariation => msg!("a ( variation is never closed"),
        PgnErrorKind::UnexpectedCloseParen => msg!(") without a matching ("),
        PgnErrorKind::BadTag => msg!("a tag must look like [Name \"value\"]"),
        PgnErrorKind::UnsupportedVariant(v) => {
            msg!("variant {} is not chess or Chess960", format!("{v:?}"))
        }
        PgnErrorKind::BadFen(e) => msg!("FEN tag: {}", nested(fen_error(e))),
    };
    msg!("line {}, column {}: {}", e.line, e.column, nested(what))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The string literals of `source` (comments and char literals skipped,
    /// line continuations joined), with `{name}`, `{name:?}` and `{}` all
    /// written `{}`.
    fn literals(source: &str) -> Vec<(usize, String)> {
        let s: Vec<char> = source.chars().collect();
        let mut out = Vec::new();
        let mut i = 0;
        while i < s.len() {
            if s[i] == '/' && s.get(i + 1) == Some(&'/') {
                while i < s.len() && s[i] != '\n' {
                    i += 1;
                }
            } else if s[i] == '\'' && s.get(i + 2) == Some(&'\'') {
                i += 3;
            } else if s[i] == '\'' && s.get(i + 1) == Some(&'\\') && s.get(i + 3) == Some(&'\'') {
                i += 4;
            } else if s[i] == '"' {
                let start = i;
                let mut lit = String::new();
                i += 1;
                while s[i] != '"' {
                    if s[i] == '\\' {
                        if s[i + 1] == '\n' {
                            i += 2;
                            while s[i].is_whitespace() {
                                i += 1;
                            }
                            continue;
                        }
                        lit.push(s[i + 1]);
                        i += 2;
                    } else {
                        lit.push(s[i]);
                        i += 1;
                    }
                }
                i += 1;
                let mut t = String::new();
                let mut rest = lit.as_str();
                while let Some(a) = rest.find('{') {
                    t.push_str(&rest[..a]);
                    match rest[a..].find('}') {
                        Some(b) => {
                            t.push_str("{}");
                            rest = &rest[a + b + 1..];
                        }
                        None => {
                            rest = &rest[a..];
                            break;
                        }
                    }
                }
                t.push_str(rest);
                out.push((start, t));
            } else {
                i += 1;
            }
        }
        out
    }

    fn source(path: &str) -> String {
        let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../pairing/src");
        let text = std::fs::read_to_string(root.join(path)).unwrap();
        match text.find("#[cfg(test)]") {
            Some(i) => text[..i].to_string(),
            None => text,
        }
    }

    /// Every phrase the pairing crate puts in an error is in [`PHRASES`]: in
    /// the TRF readers, every literal that is a lower-case sentence (less the
    /// `Display` frames, which `trf_error` translates as a whole); in the
    /// pairers, each literal after `reason:` or in `fail(`.
    #[test]
    fn every_phrase_of_the_pairing_crate_is_known() {
        let frames = [
            "line {}, column {}: expected {}, found {}",
            "line {}: {}",
            "the file has no player (no `001` record)",
            "line {}, column {}: {}",
            "the file has no team (no `013` record)",
        ];
        let mut missing = Vec::new();
        let mut seen = 0;
        for file in ["trf.rs", "team/trf.rs"] {
            for (_, l) in literals(&source(file)) {
                let sentence = l.starts_with(|c: char| c.is_ascii_lowercase()) && l.contains(' ');
                if sentence && !frames.contains(&l.as_str()) {
                    seen += 1;
                    if !PHRASES.contains(&l.as_str()) {
                        missing.push(format!("{file}: {l:?}"));
                    }
                }
            }
        }
        for file in [
            "dutch/mod.rs",
            "berger.rs",
            "team/mod.rs",
            "team/schedule.rs",
            "team/swiss.rs",
        ] {
            let text = source(file);
            let lits = literals(&text);
            for (i, _) in text
                .match_indices("reason:")
                .chain(text.match_indices("fail("))
            {
                // The reason's literal is the first one after the marker.
                let at = text[..i].chars().count();
                if let Some((_, l)) = lits.iter().find(|(start, _)| *start > at) {
                    seen += 1;
                    if !PHRASES.contains(&l.as_str()) {
                        missing.push(format!("{file}: {l:?}"));
                    }
                }
            }
        }
        assert!(seen > 40, "the scan finds the phrases: {seen}");
        assert!(
            missing.is_empty(),
            "not in PHRASES:\n{}",
            missing.join("\n")
        );
    }

    /// Every sentence the rules crate's game validation writes (a note, why
    /// a move cannot be played) is in [`RECORD_PHRASES`]: each literal of
    /// `rules/src/validate.rs` with a space in it, less the items of the
    /// skipped-token list (quoted tokens with their place, shown as written).
    #[test]
    fn every_sentence_of_the_game_validation_is_known() {
        let path =
            std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../rules/src/validate.rs");
        let text = std::fs::read_to_string(path).unwrap();
        let text = &text[..text.find("#[cfg(test)]").unwrap_or(text.len())];
        let kept = ["{} (line {}, column {})"];
        let mut missing = Vec::new();
        let mut seen = 0;
        for (_, l) in literals(text) {
            if l.contains(' ')
                && l.contains(|c: char| c.is_ascii_alphabetic())
                && !kept.contains(&l.as_str())
            {
                seen += 1;
                if !RECORD_PHRASES.contains(&l.as_str()) {
                    missing.push(l);
                }
            }
        }
        // The sides, in `side_name`.
        for side in ["White", "Black"] {
            assert!(text.contains(&format!("\"{side}\"")) && RECORD_PHRASES.contains(&side));
        }
        assert!(seen > 20, "the scan finds the sentences: {seen}");
        assert!(
            missing.is_empty(),
            "not in RECORD_PHRASES:\n{}",
            missing.join("\n")
        );
    }

    /// Every note of a sealed-move judgement (`rules/src/sealed.rs`) is in
    /// [`SEALED_PHRASES`]: each literal with a space in it.
    #[test]
    fn every_note_of_a_sealed_move_judgement_is_known() {
        let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../rules/src/sealed.rs");
        let text = std::fs::read_to_string(path).unwrap();
        let text = &text[..text.find("#[cfg(test)]").unwrap_or(text.len())];
        let mut seen = 0;
        for (_, l) in literals(text) {
            if l.contains(' ') && l.contains(|c: char| c.is_ascii_alphabetic()) {
                seen += 1;
                assert!(
                    SEALED_PHRASES.contains(&l.as_str()),
                    "not in SEALED_PHRASES: {l:?}"
                );
            }
        }
        assert!(seen >= 10, "the scan finds the notes: {seen}");
        // The rook on h1 cannot reach d2: illegal, and Black cannot mate.
        let pos = rules::Position::from_fen("4k3/8/8/8/8/8/4K3/7R w - - 0 40").unwrap();
        let j = rules::sealed::judge_sealed_move_under(
            &pos,
            "Rd2",
            rules::san::LetterSet::ENGLISH,
            rules::sealed::Attendance::BothPresent,
            rules::laws::Edition::Laws2023,
        );
        let reason = j.notes.join("; ");
        let m = sealed_notes(&reason).expect("a judgement");
        assert_eq!(m.to_string(), reason);
        use crate::i18n::{errors::message, Lang};
        let cs = message(&m, Lang::Cs);
        assert_eq!(
            cs,
            "zapečetěný tah je nemožný (I.8); soupeř však nemůže dát mat žádnou posloupností možných tahů, a proto partie končí remízou",
            "{reason}"
        );
        // A 2009 point is named in the page's language too.
        let pl = message(
            &sealed_notes("the sealed move is illegal (Guidelines 8)").expect("a 2009 judgement"),
            Lang::Pl,
        );
        assert_eq!(
            pl,
            "zapieczętowane posunięcie jest nieprawidłowe (Wytyczne 8)"
        );
        // A reason stored before the notes cited the edition still reads back.
        let stored = "the sealed move is illegal (Guidelines §8); but the opponent cannot mate by any series of legal moves, so the game is drawn";
        let cs = message(&sealed_notes(stored).expect("a stored judgement"), Lang::Cs);
        assert!(
            cs.starts_with("zapečetěný tah je nemožný (Pokyny §8); "),
            "{cs}"
        );
        assert_eq!(sealed_notes("decided by hand; see the report"), None);
        assert_eq!(sealed_notes("decided by hand"), None);
    }

    /// A report's sentences read back into their templates: the English as
    /// stored, each part a template of its own.
    #[test]
    fn a_validation_report_is_read_back_into_its_templates() {
        use rules::san::LetterSet;
        use rules::validate::{validate_game, GameInput, Termination};
        let report = validate_game(&GameInput {
            start: rules::Position::startpos(),
            moves: "e4 e5 Ke3".split(' ').map(String::from).collect(),
            letters: LetterSet::ENGLISH,
            result: Some("1-0".into()),
            termination: Termination::Checkmate,
            min_moves_before_draw: None,
        });
        assert_eq!(report.notes.len(), 2, "{:?}", report.notes);
        let why = &report.error.as_ref().unwrap().why;
        let m = record_phrase(why);
        assert_eq!(&m.to_string(), why);
        assert_eq!(m.template(), "{} ({} to move): {}");
        let m = record_notes(&report.notes).unwrap();
        assert_eq!(m.to_string(), report.notes.join("; "));
        let templates: Vec<&str> = std::iter::once(m.template())
            .chain(m.args().iter().filter_map(|a| match a {
                super::super::msg::Arg::Msg(inner) => Some(inner.template()),
                _ => None,
            }))
            .collect();
        assert!(
            templates
                .iter()
                .all(|t| RECORD_PHRASES.contains(t) || *t == "{}; {}"),
            "{templates:?} for {:?}",
            report.notes
        );
        assert_eq!(record_phrase("something new").to_string(), "something new");
        assert_eq!(record_notes(&[]), None);
    }

    #[test]
    fn a_pairing_error_keeps_its_english_and_names_its_phrase() {
        let e = PairError::InvalidRound {
            round: 3,
            reason: "a round robin of 6 players has 5 rounds".into(),
        };
        let m = pair_error(&e);
        assert_eq!(m.to_string(), e.to_string());
        assert_eq!(m.template(), "round {} cannot be paired: {}");
        match &m.args()[1] {
            super::super::msg::Arg::Msg(inner) => {
                assert_eq!(
                    inner.template(),
                    "a round robin of {} players has {} rounds"
                )
            }
            other => panic!("{other:?}"),
        }
        let t = pairing::trf::parse("001 abcd      Novak").unwrap_err();
        assert_eq!(trf_error(&t).to_string(), t.to_string());
        let unknown = PairError::NoValidPairing {
            round: 2,
            reason: "something new".into(),
        };
        assert_eq!(pair_error(&unknown).to_string(), unknown.to_string());
    }
}
