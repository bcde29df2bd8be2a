//! Moves and move lists.
//!
//! Castling is stored as "king takes own rook" (`from` = king square, `to` =
//! rook square), which is unambiguous in Chess960; [`Move::king_target`] gives
//! the square the king lands on.
//!
//! ```
//! use rules::{Move, Position};
//! let pos = Position::startpos();
//! let moves = pos.legal_moves();
//! assert_eq!(moves.len(), 20);
//! let e4: Move = moves.iter().copied().find(|m| m.to().to_string() == "e4").unwrap();
//! assert_eq!(e4.from().to_string(), "e2");
//! ```

use crate::{Role, Square};
use std::fmt;

/// What kind of move it is.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum MoveKind {
    /// An ordinary move or capture (including pawn moves and promotions).
    Normal,
    /// A pawn capturing en passant; `to` is the square the pawn lands on.
    EnPassant,
    /// Castling; `to` is the square of the rook that castles.
    Castle,
}

/// The side towards which a king castles.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum CastlingSide {
    /// Towards the h-file: king to g1/g8, rook to f1/f8 (`O-O`).
    KingSide,
    /// Towards the a-file: king to c1/c8, rook to d1/d8 (`O-O-O`).
    QueenSide,
}

impl CastlingSide {
    /// 0 for king side, 1 for queen side.
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The king's file after castling (g or c).
    pub const fn king_to_file(self) -> u8 {
        match self {
            CastlingSide::KingSide => 6,
            CastlingSide::QueenSide => 2,
        }
    }

    /// The rook's file after castling (f or d).
    pub const fn rook_to_file(self) -> u8 {
        match self {
            CastlingSide::KingSide => 5,
            CastlingSide::QueenSide => 3,
        }
    }

    /// Both sides, king side first.
    pub const ALL: [CastlingSide; 2] = [CastlingSide::KingSide, CastlingSide::QueenSide];
}

/// A move on the board. Only meaningful together with the position it is played in.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Move {
    from: Square,
    to: Square,
    promotion: Option<Role>,
    kind: MoveKind,
}

impl Move {
    /// An ordinary move.
    #[inline]
    pub const fn normal(from: Square, to: Square) -> Move {
        Move {
            from,
            to,
            promotion: None,
            kind: MoveKind::Normal,
        }
    }

    /// A pawn promotion.
    #[inline]
    pub const fn promotion(from: Square, to: Square, role: Role) -> Move {
        Move {
            from,
            to,
            promotion: Some(role),
            kind: MoveKind::Normal,
        }
    }

    /// An en passant capture.
    #[inline]
    pub const fn en_passant(from: Square, to: Square) -> Move {
        Move {
            from,
            to,
            promotion: None,
            kind: MoveKind::EnPassant,
        }
    }

    /// Castling: king on `king`, rook on `rook`.
    #[inline]
    pub const fn castle(king: Square, rook: Square) -> Move {
        Move {
            from: king,
            to: rook,
            promotion: None,
            kind: MoveKind::Castle,
        }
    }

    /// The square the moving piece (the king, when castling) starts on.
    #[inline]
    pub const fn from(self) -> Square {
        self.from
    }

    /// The destination; for castling the castling rook's square.
    #[inline]
    pub const fn to(self) -> Square {
        self.to
    }

    /// The promotion piece, if any.
    #[inline]
    pub const fn promotion_role(self) -> Option<Role> {
        self.promotion
    }

    /// The kind of move.
    #[inline]
    pub const fn kind(self) -> MoveKind {
        self.kind
    }

    /// Whether it is castling.
    #[inline]
    pub const fn is_castle(self) -> bool {
        matches!(self.kind, MoveKind::Castle)
    }

    /// For castling, which side.
    pub fn castling_side(self) -> Option<CastlingSide> {
        if !self.is_castle() {
            None
        } else if self.to.file() > self.from.file() {
            Some(CastlingSide::KingSide)
        } else {
            Some(CastlingSide::QueenSide)
        }
    }

    /// Where the moving piece ends (for castling: the king's square, g- or c-file).
    pub fn king_target(self) -> Square {
        match self.castling_side() {
            Some(side) => self.from.with_file(side.king_to_file()),
            None => self.to,
        }
    }

    /// UCI text. Castling is written king-to-rook when `chess960`, else king two squares.
    pub fn to_uci(self, chess960: bool) -> String {
        let to = if self.is_castle() && !chess960 {
            self.king_target()
        } else {
            self.to
        };
        let mut s = format!("{}{}", self.from, to);
        if let Some(r) = self.promotion {
            s.push(r.char());
        }
        s
    }
}

impl fmt::Display for Move {
    /// UCI text with king-to-rook castling (exact in Chess960).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.to_uci(true))
    }
}

/// The most moves a [`MoveList`] holds. Legal chess positions have at most 218;
/// positions with impossible material (accepted by the lenient FEN reader) can
/// have more — the fixture's maximum is 270.
pub const MAX_MOVES: usize = 320;

/// Up to [`MAX_MOVES`] moves without heap allocation.
#[derive(Clone)]
pub struct MoveList {
    moves: [Move; MAX_MOVES],
    len: usize,
}

impl MoveList {
    /// An empty list.
    pub fn new() -> MoveList {
        let a = Square::from_index(0);
        MoveList {
            moves: [Move::normal(a, a); MAX_MOVES],
            len: 0,
        }
    }

    /// Adds a move (ignored once [`MAX_MOVES`] are stored).
    #[inline]
    pub fn push(&mut self, m: Move) {
        if let Some(slot) = self.moves.get_mut(self.len) {
            *slot = m;
            self.len += 1;
        }
    }

    /// Keeps only the moves for which `f` is true.
    pub fn retain(&mut self, mut f: impl FnMut(&Move) -> bool) {
        let mut j = 0;
        for i in 0..self.len {
            let m = self.moves[i];
            if f(&m) {
                self.moves[j] = m;
                j += 1;
            }
        }
        self.len = j;
    }

    /// Swaps two entries (for move ordering).
    pub fn swap(&mut self, a: usize, b: usize) {
        self.as_mut_slice().swap(a, b);
    }

    /// The moves as a mutable slice.
    pub fn as_mut_slice(&mut self) -> &mut [Move] {
        &mut self.moves[..self.len]
    }
}

impl Default for MoveList {
    fn default() -> MoveList {
        MoveList::new()
    }
}

impl std::ops::Deref for MoveList {
    type Target = [Move];
    fn deref(&self) -> &[Move] {
        &self.moves[..self.len]
    }
}

impl fmt::Debug for MoveList {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}

impl<'a> IntoIterator for &'a MoveList {
    type Item = &'a Move;
    type IntoIter = std::slice::Iter<'a, Move>;
    fn into_iter(self) -> Self::IntoIter {
        self.iter()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn uci_text() {
        let e1: Square = "e1".parse().unwrap();
        let h1: Square = "h1".parse().unwrap();
        let c = Move::castle(e1, h1);
        assert_eq!(c.to_uci(false), "e1g1");
        assert_eq!(c.to_uci(true), "e1h1");
        assert_eq!(c.castling_side(), Some(CastlingSide::KingSide));
        let p = Move::promotion("e7".parse().unwrap(), "e8".parse().unwrap(), Role::Queen);
        assert_eq!(p.to_string(), "e7e8q");
    }

    #[test]
    fn list_retain() {
        let mut l = MoveList::new();
        for i in 0..10 {
            l.push(Move::normal(
                Square::from_index(i),
                Square::from_index(i + 8),
            ));
        }
        l.retain(|m| m.from().index() % 2 == 0);
        assert_eq!(l.len(), 5);
    }
}
