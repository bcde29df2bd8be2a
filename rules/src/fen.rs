//! FEN, X-FEN and Shredder-FEN reading and writing.
//!
//! Every FEN is read in Chess960-aware mode: castling letters `K`/`Q` mean the
//! outermost rook on that side of the king (X-FEN), `A`–`H` name the rook's
//! file (Shredder-FEN). Written FEN uses `KQkq` when the castling layout is the
//! standard one (king on e, rooks on a/h), otherwise Shredder letters.
//!
//! Validation policy (strict mode, [`Position::from_fen`]): exactly one king per
//! side; no pawns on the first or eighth rank; at most 16 pieces and 8 pawns per
//! side; the side not to move is not in check; at most two checkers, and two
//! checkers never on one line with the king; an en passant square must be on
//! the right rank behind a pawn that could just have made a double step; every
//! castling right must name a rook on the back rank with the king on the back
//! rank. [`Position::from_fen_lenient`] keeps only the structural checks (one
//! king each) and silently drops castling rights and en passant squares that do
//! not fit.
//!
//! ```
//! use rules::Position;
//! let pos = Position::from_fen("bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9").unwrap();
//! assert_eq!(pos.to_fen(), "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9");
//! let err = Position::from_fen("rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1").unwrap_err();
//! assert_eq!(err.field, rules::fen::FenField::Board);
//! ```

use crate::{CastlingSide, Color, Piece, Position, Role, Square};
use std::fmt;
use std::str::FromStr;

/// Which part of the FEN is wrong.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum FenField {
    /// The text as a whole (number of fields).
    Whole,
    /// Piece placement.
    Board,
    /// Side to move.
    Turn,
    /// Castling rights.
    Castling,
    /// En passant square.
    EnPassant,
    /// Half-move clock.
    Halfmoves,
    /// Move number.
    Fullmoves,
    /// The pieces are readable but the position cannot occur.
    Position,
}

/// What is wrong.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FenErrorKind {
    /// Needs 4 to 6 space-separated fields.
    FieldCount(usize),
    /// A character that does not belong there.
    UnexpectedChar(char),
    /// A rank with more or fewer than 8 squares.
    RankLength,
    /// Not exactly 8 ranks.
    RankCount,
    /// A number that cannot be read.
    BadNumber,
    /// A side has no king.
    MissingKing(Color),
    /// A side has more than one king.
    TooManyKings(Color),
    /// A pawn on the first or eighth rank.
    PawnOnBackRank,
    /// More than 16 pieces for a side.
    TooManyPieces(Color),
    /// More than 8 pawns for a side.
    TooManyPawns(Color),
    /// The side that just moved is in check.
    OppositeCheck,
    /// More than two pieces give check.
    TooManyCheckers,
    /// A check no legal last move can produce.
    ImpossibleCheck,
    /// En passant square that no double step can explain.
    InvalidEpSquare,
    /// A castling right without the matching king and rook.
    InvalidCastling(char),
}

/// A FEN that cannot be read or describes an impossible position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FenError {
    /// The field with the problem.
    pub field: FenField,
    /// 0-based character offset in the whole FEN text where the problem is.
    pub column: usize,
    /// What is wrong.
    pub kind: FenErrorKind,
}

impl fmt::Display for FenError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let field = match self.field {
            FenField::Whole => "FEN",
            FenField::Board => "piece placement",
            FenField::Turn => "side to move",
            FenField::Castling => "castling rights",
            FenField::EnPassant => "en passant square",
            FenField::Halfmoves => "half-move clock",
            FenField::Fullmoves => "move number",
            FenField::Position => "position",
        };
        write!(f, "{field} (column {}): ", self.column + 1)?;
        match &self.kind {
            FenErrorKind::FieldCount(n) => write!(f, "expected 4 to 6 fields, found {n}"),
            FenErrorKind::UnexpectedChar(c) => write!(f, "unexpected character {c:?}"),
            FenErrorKind::RankLength => f.write_str("a rank must have exactly 8 squares"),
            FenErrorKind::RankCount => f.write_str("there must be exactly 8 ranks"),
            FenErrorKind::BadNumber => f.write_str("not a number"),
            FenErrorKind::MissingKing(c) => write!(f, "{c} has no king"),
            FenErrorKind::TooManyKings(c) => write!(f, "{c} has more than one king"),
            FenErrorKind::PawnOnBackRank => f.write_str("a pawn stands on the first or last rank"),
            FenErrorKind::TooManyPieces(c) => write!(f, "{c} has more than 16 pieces"),
            FenErrorKind::TooManyPawns(c) => write!(f, "{c} has more than 8 pawns"),
            FenErrorKind::OppositeCheck => f.write_str("the side not to move is in check"),
            FenErrorKind::TooManyCheckers => f.write_str("more than two pieces give check"),
            FenErrorKind::ImpossibleCheck => f.write_str("no legal last move gives this check"),
            FenErrorKind::InvalidEpSquare => f.write_str("no double pawn step explains it"),
            FenErrorKind::InvalidCastling(c) => {
                write!(f, "castling right {c:?} has no matching king and rook")
            }
        }
    }
}

impl std::error::Error for FenError {}

/// How castling rights are written.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum CastlingLetters {
    /// `KQkq` by side (exact only for the standard layout).
    Standard,
    /// Rook files, e.g. `HAha`.
    Shredder,
    /// `KQkq` for the outermost rook, the file otherwise.
    XFen,
}

fn err(field: FenField, column: usize, kind: FenErrorKind) -> FenError {
    FenError {
        field,
        column,
        kind,
    }
}

impl Position {
    /// Reads a FEN (4–6 fields; X-FEN and Shredder-FEN castling) and validates it strictly.
    pub fn from_fen(fen: &str) -> Result<Position, FenError> {
        parse(fen, true)
    }

    /// Reads a FEN with only structural checks (exactly one king per side);
    /// castling rights and en passant squares that do not fit are dropped.
    pub fn from_fen_lenient(fen: &str) -> Result<Position, FenError> {
        parse(fen, false)
    }

    /// Writes FEN: `KQkq` letters for the standard castling layout, Shredder-FEN otherwise.
    pub fn to_fen(&self) -> String {
        if self.has_standard_castling_layout() {
            self.fen_with(CastlingLetters::Standard)
        } else {
            self.fen_with(CastlingLetters::Shredder)
        }
    }

    /// Writes Shredder-FEN (castling by rook file, e.g. `HAha`).
    pub fn to_shredder_fen(&self) -> String {
        self.fen_with(CastlingLetters::Shredder)
    }

    /// Writes X-FEN (`KQkq` for the outermost rook, the file letter otherwise).
    pub fn to_xfen(&self) -> String {
        self.fen_with(CastlingLetters::XFen)
    }

    /// The piece placement field.
    pub fn board_fen(&self) -> String {
        let mut s = String::with_capacity(72);
        for rank in (0..8).rev() {
            let mut empty = 0;
            for file in 0..8 {
                let piece = Square::from_coords(file, rank).and_then(|sq| self.piece_at(sq));
                match piece {
                    Some(p) => {
                        if empty > 0 {
                            s.push(char::from(b'0' + empty));
                            empty = 0;
                        }
                        s.push(p.char());
                    }
                    None => empty += 1,
                }
            }
            if empty > 0 {
                s.push(char::from(b'0' + empty));
            }
            if rank > 0 {
                s.push('/');
            }
        }
        s
    }

    fn fen_with(&self, style: CastlingLetters) -> String {
        let mut s = self.board_fen();
        s.push(' ');
        s.push(self.turn.char());
        s.push(' ');
        let mut c = String::new();
        for color in Color::ALL {
            for side in CastlingSide::ALL {
                let Some(rook) = self.castling_rook(color, side) else {
                    continue;
                };
                let by_side = match style {
                    CastlingLetters::Standard => true,
                    CastlingLetters::Shredder => false,
                    CastlingLetters::XFen => self.outermost_rook(color, side) == Some(rook),
                };
                let ch = match (by_side, side) {
                    (true, CastlingSide::KingSide) => 'K',
                    (true, CastlingSide::QueenSide) => 'Q',
                    (false, _) => rook.file_char().to_ascii_uppercase(),
                };
                c.push(color.fold(ch, ch.to_ascii_lowercase()));
            }
        }
        self.finish_fen(s, c)
    }

    fn finish_fen(&self, mut s: String, castling: String) -> String {
        if castling.is_empty() {
            s.push('-');
        } else {
            s.push_str(&castling);
        }
        s.push(' ');
        match self.ep_square {
            Some(sq) => s.push_str(&sq.to_string()),
            None => s.push('-'),
        }
        s.push_str(&format!(" {} {}", self.halfmoves, self.fullmoves));
        s
    }

    fn outermost_rook(&self, color: Color, side: CastlingSide) -> Option<Square> {
        let king = self.king_of(color)?;
        let back = color.fold(0, 7);
        if king.rank() != back {
            return None;
        }
        let rooks = self.pieces(color, Role::Rook);
        let files: Vec<u8> = match side {
            CastlingSide::KingSide => (king.file() + 1..8).rev().collect(),
            CastlingSide::QueenSide => (0..king.file()).collect(),
        };
        files
            .into_iter()
            .filter_map(|f| Square::from_coords(f, back))
            .find(|sq| rooks.contains(*sq))
    }

    /// Checks the position rules of the strict validation policy (see module docs).
    pub fn validate(&self) -> Result<(), FenErrorKind> {
        for color in Color::ALL {
            let kings = self.pieces(color, Role::King).count();
            if kings == 0 {
                return Err(FenErrorKind::MissingKing(color));
            }
            if kings > 1 {
                return Err(FenErrorKind::TooManyKings(color));
            }
        }
        let back_ranks = crate::Bitboard::rank(0) | crate::Bitboard::rank(7);
        if (self.by_role(Role::Pawn) & back_ranks).any() {
            return Err(FenErrorKind::PawnOnBackRank);
        }
        for color in Color::ALL {
            if self.by_color(color).count() > 16 {
                return Err(FenErrorKind::TooManyPieces(color));
            }
            if self.pieces(color, Role::Pawn).count() > 8 {
                return Err(FenErrorKind::TooManyPawns(color));
            }
        }
        let them = self.turn.other();
        if let Some(k) = self.king_of(them) {
            if self.is_attacked(k, self.turn, self.occupied()) {
                return Err(FenErrorKind::OppositeCheck);
            }
        }
        let checkers = self.checkers();
        if checkers.count() > 2 {
            return Err(FenErrorKind::TooManyCheckers);
        }
        if let Some(ep) = self.ep_square {
            if !self.ep_square_plausible(ep) {
                return Err(FenErrorKind::InvalidEpSquare);
            }
            // After a double step, only the pawn that moved (or a piece it
            // uncovered) can give check.
            if let (Some(ksq), Some(pushed_to)) = (
                self.king_of(self.turn),
                Square::from_coords(ep.file(), self.turn.fold(4, 3)),
            ) {
                let pushed_from = Square::from_coords(ep.file(), self.turn.fold(6, 1));
                if let Some(pushed_from) = pushed_from {
                    let before = self.occupied().without(pushed_to).with(pushed_from);
                    let discovered = self.attackers(ksq, them, before).without(pushed_to);
                    if checkers.more_than_one()
                        || (checkers.any()
                            && checkers.first() != Some(pushed_to)
                            && discovered.any())
                    {
                        return Err(FenErrorKind::ImpossibleCheck);
                    }
                }
            }
        } else if let (Some(a), Some(ksq)) = (checkers.first(), self.king_of(self.turn)) {
            if checkers.more_than_one() {
                let b = Square::from_index(63 - checkers.0.leading_zeros());
                if crate::attacks::aligned(a, b, ksq) {
                    return Err(FenErrorKind::ImpossibleCheck);
                }
            }
        }
        Ok(())
    }

    fn ep_square_plausible(&self, ep: Square) -> bool {
        let us = self.turn;
        if ep.rank() != us.fold(5, 2) {
            return false;
        }
        let (Some(pawn), Some(origin)) = (
            Square::from_coords(ep.file(), us.fold(4, 3)),
            Square::from_coords(ep.file(), us.fold(6, 1)),
        ) else {
            return false;
        };
        self.pieces(us.other(), Role::Pawn).contains(pawn)
            && !self.occupied().contains(ep)
            && !self.occupied().contains(origin)
    }
}

fn parse(fen: &str, strict: bool) -> Result<Position, FenError> {
    let fen = fen.trim();
    let mut fields: Vec<(usize, &str)> = Vec::new();
    let mut start = None;
    for (i, c) in fen.char_indices() {
        if c.is_whitespace() {
            if let Some(s) = start.take() {
                fields.push((s, &fen[s..i]));
            }
        } else if start.is_none() {
            start = Some(i);
        }
    }
    if let Some(s) = start {
        fields.push((s, &fen[s..]));
    }
    if !(4..=6).contains(&fields.len()) {
        return Err(err(
            FenField::Whole,
            0,
            FenErrorKind::FieldCount(fields.len()),
        ));
    }
    let mut pos = Position::empty();

    // Piece placement.
    let (board_col, board) = fields[0];
    let mut rank: i32 = 7;
    let mut file: u8 = 0;
    for (i, c) in board.char_indices() {
        let col = board_col + i;
        match c {
            '/' => {
                if file != 8 {
                    return Err(err(FenField::Board, col, FenErrorKind::RankLength));
                }
                rank -= 1;
                file = 0;
                if rank < 0 {
                    return Err(err(FenField::Board, col, FenErrorKind::RankCount));
                }
            }
            '1'..='8' => {
                file += c as u8 - b'0';
                if file > 8 {
                    return Err(err(FenField::Board, col, FenErrorKind::RankLength));
                }
            }
            _ => {
                let piece = Piece::from_char(c).ok_or(err(
                    FenField::Board,
                    col,
                    FenErrorKind::UnexpectedChar(c),
                ))?;
                let sq = Square::from_coords(file, rank as u8).ok_or(err(
                    FenField::Board,
                    col,
                    FenErrorKind::RankLength,
                ))?;
                pos.put(sq, piece);
                file += 1;
            }
        }
    }
    if file != 8 {
        return Err(err(
            FenField::Board,
            board_col + board.len(),
            FenErrorKind::RankLength,
        ));
    }
    if rank != 0 {
        return Err(err(
            FenField::Board,
            board_col + board.len(),
            FenErrorKind::RankCount,
        ));
    }

    // Side to move.
    let (turn_col, turn) = fields[1];
    pos.turn = match turn {
        "w" | "W" => Color::White,
        "b" | "B" => Color::Black,
        _ => {
            let c = turn.chars().next().unwrap_or(' ');
            return Err(err(
                FenField::Turn,
                turn_col,
                FenErrorKind::UnexpectedChar(c),
            ));
        }
    };

    // Kings first: castling needs them, and movegen needs exactly one each.
    for color in Color::ALL {
        let n = pos.pieces(color, Role::King).count();
        if n == 0 {
            return Err(err(FenField::Position, 0, FenErrorKind::MissingKing(color)));
        }
        if n > 1 {
            return Err(err(
                FenField::Position,
                0,
                FenErrorKind::TooManyKings(color),
            ));
        }
    }

    // Castling.
    let (cast_col, castling) = fields[2];
    if castling != "-" {
        for (i, c) in castling.char_indices() {
            let col = cast_col + i;
            let color = if c.is_ascii_uppercase() {
                Color::White
            } else {
                Color::Black
            };
            let back = color.fold(0, 7);
            let king = pos.king_of(color).filter(|k| k.rank() == back);
            let rook = match (c.to_ascii_lowercase(), king) {
                ('k', Some(_)) => pos.outermost_rook(color, CastlingSide::KingSide),
                ('q', Some(_)) => pos.outermost_rook(color, CastlingSide::QueenSide),
                (f @ 'a'..='h', Some(_)) => Square::file_from_char(f)
                    .and_then(|f| Square::from_coords(f, back))
                    .filter(|sq| pos.pieces(color, Role::Rook).contains(*sq)),
                ('k' | 'q' | 'a'..='h', None) => None,
                _ => {
                    return Err(err(
                        FenField::Castling,
                        col,
                        FenErrorKind::UnexpectedChar(c),
                    ))
                }
            };
            match (rook, king) {
                (Some(r), Some(k)) if r.file() != k.file() => {
                    let side = if r.file() > k.file() {
                        CastlingSide::KingSide
                    } else {
                        CastlingSide::QueenSide
                    };
                    pos.castling[color.index()][side.index()] = Some(r);
                }
                _ => {
                    if strict {
                        return Err(err(
                            FenField::Castling,
                            col,
                            FenErrorKind::InvalidCastling(c),
                        ));
                    }
                }
            }
        }
    }

    // En passant.
    let (ep_col, ep) = fields[3];
    if ep != "-" {
        let sq: Square = ep.parse().map_err(|_| {
            let c = ep.chars().next().unwrap_or(' ');
            err(FenField::EnPassant, ep_col, FenErrorKind::UnexpectedChar(c))
        })?;
        if pos.ep_square_plausible(sq) {
            pos.ep_square = Some(sq);
        } else if strict {
            return Err(err(
                FenField::EnPassant,
                ep_col,
                FenErrorKind::InvalidEpSquare,
            ));
        }
    }

    // Counters.
    if let Some(&(col, half)) = fields.get(4) {
        pos.halfmoves = half
            .parse()
            .map_err(|_| err(FenField::Halfmoves, col, FenErrorKind::BadNumber))?;
    }
    if let Some(&(col, full)) = fields.get(5) {
        let n: u32 = full
            .parse()
            .map_err(|_| err(FenField::Fullmoves, col, FenErrorKind::BadNumber))?;
        pos.fullmoves = n.max(1);
    }

    if strict {
        pos.validate()
            .map_err(|kind| err(FenField::Position, 0, kind))?;
    }
    Ok(pos)
}

impl FromStr for Position {
    type Err = FenError;
    fn from_str(s: &str) -> Result<Position, FenError> {
        Position::from_fen(s)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trips() {
        for fen in [
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            "2kr2r1/ppp2ppp/B1b1p1n1/3p2q1/3P4/PQP1P3/5PPP/R1K3RN w GA - 5 11",
            "7r/4b1p1/1k1p1pP1/1Pp1pPpP/P3P3/3P1B2/1R6/2K5 b - a3 0 35",
        ] {
            assert_eq!(Position::from_fen(fen).unwrap().to_fen(), fen);
        }
    }

    #[test]
    fn xfen_reads_outermost_rook() {
        let p =
            Position::from_fen("nnbqrbkr/pppppppp/8/8/8/8/PPPPPPPP/NNBQRBKR w KQkq - 0 1").unwrap();
        assert_eq!(p.to_shredder_fen().split(' ').nth(2), Some("HEhe"));
        assert_eq!(p.to_xfen().split(' ').nth(2), Some("KQkq"));
    }

    #[test]
    fn errors_say_where() {
        let e = Position::from_fen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1")
            .unwrap_err();
        assert_eq!(e.field, FenField::Turn);
        assert_eq!(e.column, 44);
        let e = Position::from_fen("rnbqkbnr/pppxpppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1")
            .unwrap_err();
        assert_eq!((e.field, e.column), (FenField::Board, 12));
        assert!(Position::from_fen("").is_err());
        assert!(Position::from_fen("8/8/8/8/8/8/8/8 w - - 0 1").is_err());
        assert!(Position::from_fen("4k3/8/8/8/8/8/8/4K3 w - - 0 x").is_err());
    }
}
