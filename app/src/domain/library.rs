//! The errors of the `pairing` and `rules` crates as messages a page
//! translates.
//!
//! The crate's error types are typed frames (`PairError`, `LineupError`,
//! `TrfError`, `TeamTrfError`) around English phrases (a pairing's reason,
//! what a TRF column should hold). Each frame becomes its own `msg!`
//! template here, variant by variant, keeping the round, line, column and
//! ids; each phrase is read back against [`PHRASES`] (`msg::phrase`), the
//! crate's phrases with `{}` for what varies, so that it is translated too
//! (the catalogues in `web/pages/i18n/errors/` hold them like any template).
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
];

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
        // The FEN tag's error reaches here as the rules crate's text.
        PgnErrorKind::BadFen(text) => msg!("FEN tag: {}", text),
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
