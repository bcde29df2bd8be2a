//! A chess position: pieces, side to move, castling rights (by rook square, so
//! Chess960 is exact), en passant square and move counters.
//!
//! ```
//! use rules::Position;
//! let pos = Position::startpos();
//! let mv = pos.legal_moves()[0];
//! let next = pos.play(mv).unwrap();
//! assert_eq!(next.legal_moves().len(), 20);
//! assert_eq!(Position::chess960(518).unwrap(), pos);
//! ```

use crate::attacks::{bishop_attacks, king_attacks, knight_attacks, pawn_attacks, rook_attacks};
use crate::{Bitboard, CastlingSide, Color, Move, MoveKind, Piece, Role, Square};
use std::fmt;

/// A position. Always has exactly one king per side (every constructor checks it).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Position {
    pub(crate) by_role: [Bitboard; 6],
    pub(crate) by_color: [Bitboard; 2],
    pub(crate) turn: Color,
    /// Castling rook squares, `[color][side]`.
    pub(crate) castling: [[Option<Square>; 2]; 2],
    pub(crate) ep_square: Option<Square>,
    pub(crate) halfmoves: u32,
    pub(crate) fullmoves: u32,
}

/// The move is not legal in this position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct IllegalMoveError {
    /// The move, in UCI.
    pub uci: String,
}

impl fmt::Display for IllegalMoveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} is not a legal move in this position", self.uci)
    }
}

impl std::error::Error for IllegalMoveError {}

impl Position {
    /// An empty board (used while building positions).
    pub(crate) fn empty() -> Position {
        Position {
            by_role: [Bitboard::EMPTY; 6],
            by_color: [Bitboard::EMPTY; 2],
            turn: Color::White,
            castling: [[None; 2]; 2],
            ep_square: None,
            halfmoves: 0,
            fullmoves: 1,
        }
    }

    /// The standard starting position.
    pub fn startpos() -> Position {
        crate::chess960::start_position(518).unwrap_or_else(Position::empty)
    }

    /// Chess960 starting position number `sp` (0–959; 518 is the standard position).
    pub fn chess960(sp: u16) -> Option<Position> {
        crate::chess960::start_position(sp)
    }

    /// Side to move.
    #[inline]
    pub fn turn(&self) -> Color {
        self.turn
    }

    /// The en passant square as recorded (set after a double step only when a
    /// legal en passant capture exists; from FEN as written).
    pub fn ep_square(&self) -> Option<Square> {
        self.ep_square
    }

    /// Half-moves since the last capture or pawn move (art. 9.3).
    pub fn halfmoves(&self) -> u32 {
        self.halfmoves
    }

    /// The move number (starts at 1, incremented after Black's move).
    pub fn fullmoves(&self) -> u32 {
        self.fullmoves
    }

    /// Sets the move counters.
    pub fn set_counters(&mut self, halfmoves: u32, fullmoves: u32) {
        self.halfmoves = halfmoves;
        self.fullmoves = fullmoves.max(1);
    }

    /// The square of the rook that may castle on `side`, if the right exists.
    pub fn castling_rook(&self, color: Color, side: CastlingSide) -> Option<Square> {
        self.castling[color.index()][side.index()]
    }

    /// All castling rook squares of both sides.
    pub fn castling_rooks(&self) -> Bitboard {
        let mut bb = Bitboard::EMPTY;
        for c in self.castling {
            for sq in c.into_iter().flatten() {
                bb = bb.with(sq);
            }
        }
        bb
    }

    /// All occupied squares.
    #[inline]
    pub fn occupied(&self) -> Bitboard {
        self.by_color[0] | self.by_color[1]
    }

    /// The squares of one side's pieces.
    #[inline]
    pub fn by_color(&self, color: Color) -> Bitboard {
        self.by_color[color.index()]
    }

    /// The squares of all pieces of one kind.
    #[inline]
    pub fn by_role(&self, role: Role) -> Bitboard {
        self.by_role[role.index()]
    }

    /// The squares of one side's pieces of one kind.
    #[inline]
    pub fn pieces(&self, color: Color, role: Role) -> Bitboard {
        self.by_color[color.index()] & self.by_role[role.index()]
    }

    /// The king of `color`.
    #[inline]
    pub fn king_of(&self, color: Color) -> Option<Square> {
        self.pieces(color, Role::King).first()
    }

    /// What stands on a square.
    pub fn piece_at(&self, sq: Square) -> Option<Piece> {
        let color = if self.by_color[0].contains(sq) {
            Color::White
        } else if self.by_color[1].contains(sq) {
            Color::Black
        } else {
            return None;
        };
        let role = self.role_at(sq)?;
        Some(Piece { color, role })
    }

    /// The kind of piece on a square.
    #[inline]
    pub fn role_at(&self, sq: Square) -> Option<Role> {
        Role::ALL
            .into_iter()
            .find(|r| self.by_role[r.index()].contains(sq))
    }

    pub(crate) fn put(&mut self, sq: Square, piece: Piece) {
        self.remove(sq);
        self.by_role[piece.role.index()] |= Bitboard::from_square(sq);
        self.by_color[piece.color.index()] |= Bitboard::from_square(sq);
    }

    pub(crate) fn remove(&mut self, sq: Square) {
        let mask = !Bitboard::from_square(sq);
        for bb in self.by_role.iter_mut() {
            *bb &= mask;
        }
        for bb in self.by_color.iter_mut() {
            *bb &= mask;
        }
    }

    /// Pieces of `attacker` that attack `sq`, given the occupancy `occ`.
    #[inline(always)]
    pub fn attackers(&self, sq: Square, attacker: Color, occ: Bitboard) -> Bitboard {
        let them = self.by_color[attacker.index()];
        let rq = (self.by_role[Role::Rook.index()] | self.by_role[Role::Queen.index()]) & them;
        let bq = (self.by_role[Role::Bishop.index()] | self.by_role[Role::Queen.index()]) & them;
        // The sliding look-ups only where there are sliders (pawn and
        // minor-piece endings are what the cooperative searches expand).
        let rooks = if rq.any() {
            rook_attacks(sq, occ) & rq
        } else {
            Bitboard::EMPTY
        };
        let bishops = if bq.any() {
            bishop_attacks(sq, occ) & bq
        } else {
            Bitboard::EMPTY
        };
        (rooks
            | bishops
            | (knight_attacks(sq) & self.by_role[Role::Knight.index()])
            | (king_attacks(sq) & self.by_role[Role::King.index()])
            | (pawn_attacks(attacker.other(), sq) & self.by_role[Role::Pawn.index()]))
            & them
            & occ
    }

    /// Whether `attacker` attacks `sq`.
    #[inline]
    pub fn is_attacked(&self, sq: Square, attacker: Color, occ: Bitboard) -> bool {
        self.attackers(sq, attacker, occ).any()
    }

    /// Pieces giving check to the side to move.
    pub fn checkers(&self) -> Bitboard {
        match self.king_of(self.turn) {
            Some(k) => self.attackers(k, self.turn.other(), self.occupied()),
            None => Bitboard::EMPTY,
        }
    }

    /// Whether the side to move is in check.
    pub fn is_check(&self) -> bool {
        self.checkers().any()
    }

    /// Whether the side to move is checkmated (art. 5.1(a)).
    pub fn is_checkmate(&self) -> bool {
        self.is_check() && !self.has_legal_move()
    }

    /// Whether the side to move is stalemated (art. 5.2(a)).
    pub fn is_stalemate(&self) -> bool {
        !self.is_check() && !self.has_legal_move()
    }

    /// Whether the side to move has any legal move.
    pub fn has_legal_move(&self) -> bool {
        let mut any = crate::movegen::AnyMove(false);
        self.generate(&mut any);
        any.0
    }

    /// Whether the move is legal here.
    pub fn is_legal(&self, mv: Move) -> bool {
        self.legal_moves().contains(&mv)
    }

    /// Plays a legal move and returns the new position.
    pub fn play(&self, mv: Move) -> Result<Position, IllegalMoveError> {
        if self.is_legal(mv) {
            let mut next = self.clone();
            next.play_unchecked(mv);
            Ok(next)
        } else {
            Err(IllegalMoveError {
                uci: mv.to_uci(true),
            })
        }
    }

    /// Plays a move known to be legal (from [`Position::legal_moves`]). A move that
    /// is not legal leaves some consistent but meaningless position; it never panics.
    pub fn play_unchecked(&mut self, mv: Move) {
        let us = self.turn;
        let them = us.other();
        let from = mv.from();
        let to = mv.to();
        let Some(role) = self.role_at(from) else {
            return;
        };
        self.ep_square = None;
        self.halfmoves = self.halfmoves.saturating_add(1);
        let back = us.fold(0, 7);
        match mv.kind() {
            MoveKind::Castle => {
                let side = mv.castling_side().unwrap_or(CastlingSide::KingSide);
                self.remove(from);
                self.remove(to);
                let kto = Square::from_coords(side.king_to_file(), back).unwrap_or(from);
                let rto = Square::from_coords(side.rook_to_file(), back).unwrap_or(to);
                self.put(
                    kto,
                    Piece {
                        color: us,
                        role: Role::King,
                    },
                );
                self.put(
                    rto,
                    Piece {
                        color: us,
                        role: Role::Rook,
                    },
                );
                self.castling[us.index()] = [None, None];
            }
            MoveKind::EnPassant => {
                if let Some(cap) = Square::from_coords(to.file(), from.rank()) {
                    self.remove(cap);
                }
                self.remove(from);
                self.put(
                    to,
                    Piece {
                        color: us,
                        role: Role::Pawn,
                    },
                );
                self.halfmoves = 0;
            }
            MoveKind::Normal => {
                if self.by_color[them.index()].contains(to) {
                    self.halfmoves = 0;
                }
                self.remove(from);
                let new_role = mv.promotion_role().unwrap_or(role);
                self.put(
                    to,
                    Piece {
                        color: us,
                        role: new_role,
                    },
                );
                if role == Role::Pawn {
                    self.halfmoves = 0;
                    if from.rank().abs_diff(to.rank()) == 2 {
                        let mid = Square::from_index(((from.index() + to.index()) / 2) as u32);
                        if (pawn_attacks(us, mid) & self.pieces(them, Role::Pawn)).any() {
                            self.ep_square = Some(mid);
                        }
                    }
                } else if role == Role::King {
                    self.castling[us.index()] = [None, None];
                }
                for side in self.castling.iter_mut() {
                    for right in side.iter_mut() {
                        if *right == Some(from) || *right == Some(to) {
                            *right = None;
                        }
                    }
                }
            }
        }
        if us == Color::Black {
            self.fullmoves = self.fullmoves.saturating_add(1);
        }
        self.turn = them;
        if self.ep_square.is_some() && !self.has_legal_ep() {
            self.ep_square = None;
        }
    }

    /// [`Position::play_unchecked`] for a legal normal move (no castling, no
    /// en passant capture, no double pawn step) in a position without
    /// castling rights or en passant square, given the role that moves, the
    /// role it stands on afterwards (a promotion) and the role it takes: the
    /// same position from a few bit operations (the cooperative searches of
    /// `mating` know the roles already).
    #[inline]
    pub(crate) fn play_plain(
        &mut self,
        from: Square,
        to: Square,
        role: Role,
        new_role: Role,
        captured: Option<Role>,
    ) {
        #[cfg(debug_assertions)]
        let expected = {
            let mut p = self.clone();
            p.play_unchecked(Move::normal(from, to));
            if new_role != role {
                p = self.clone();
                p.play_unchecked(Move::promotion(from, to, new_role));
            }
            p
        };
        debug_assert!(self.castling == [[None; 2]; 2] && self.ep_square.is_none());
        let us = self.turn;
        let them = us.other();
        let f = 1u64 << from.index();
        let t = 1u64 << to.index();
        self.halfmoves = self.halfmoves.saturating_add(1);
        if let Some(c) = captured {
            self.by_role[c.index()].0 ^= t;
            self.by_color[them.index()].0 ^= t;
            self.halfmoves = 0;
        }
        self.by_role[role.index()].0 ^= f;
        self.by_role[new_role.index()].0 ^= t;
        self.by_color[us.index()].0 ^= f | t;
        if role == Role::Pawn {
            self.halfmoves = 0;
        }
        if us == Color::Black {
            self.fullmoves = self.fullmoves.saturating_add(1);
        }
        self.turn = them;
        #[cfg(debug_assertions)]
        debug_assert_eq!(*self, expected);
    }

    /// The position with the other side to move and no en passant square (a
    /// "null move"; used by PGN `--` and by analysis). `None` if the side to
    /// move is in check (passing would leave the king capturable).
    pub fn null_move(&self) -> Option<Position> {
        if self.is_check() {
            return None;
        }
        let mut next = self.clone();
        next.ep_square = None;
        next.halfmoves = next.halfmoves.saturating_add(1);
        if next.turn == Color::Black {
            next.fullmoves = next.fullmoves.saturating_add(1);
        }
        next.turn = next.turn.other();
        Some(next)
    }

    /// Whether a legal en passant capture exists (what counts for repetition, art. 9.2).
    pub fn has_legal_ep(&self) -> bool {
        if self.ep_square.is_none() {
            return false;
        }
        let mut count = crate::movegen::Counter(0);
        self.gen_en_passant(&mut count);
        count.0 > 0
    }

    /// The en passant square only if an en passant capture is actually playable.
    pub fn legal_ep_square(&self) -> Option<Square> {
        if self.has_legal_ep() {
            self.ep_square
        } else {
            None
        }
    }

    /// Whether this position came about from the standard start array's
    /// castling layout (king on e-file, castling rooks on a/h), so `KQkq` is exact.
    pub fn has_standard_castling_layout(&self) -> bool {
        for color in Color::ALL {
            let back = color.fold(0, 7);
            for side in CastlingSide::ALL {
                if let Some(rook) = self.castling_rook(color, side) {
                    let want = match side {
                        CastlingSide::KingSide => 7,
                        CastlingSide::QueenSide => 0,
                    };
                    let king_ok = self
                        .king_of(color)
                        .is_some_and(|k| k.file() == 4 && k.rank() == back);
                    if rook.file() != want || !king_ok {
                        return false;
                    }
                }
            }
        }
        true
    }

    /// The same position with colours swapped and the board mirrored (for tests).
    pub fn mirror(&self) -> Position {
        let mut out = Position::empty();
        for sq in self.occupied() {
            if let Some(p) = self.piece_at(sq) {
                out.put(
                    sq.flip_vertical(),
                    Piece {
                        color: p.color.other(),
                        role: p.role,
                    },
                );
            }
        }
        out.turn = self.turn.other();
        out.castling = [
            self.castling[1].map(|o| o.map(Square::flip_vertical)),
            self.castling[0].map(|o| o.map(Square::flip_vertical)),
        ];
        out.ep_square = self.ep_square.map(Square::flip_vertical);
        out.halfmoves = self.halfmoves;
        out.fullmoves = self.fullmoves;
        out
    }
}

impl Default for Position {
    fn default() -> Position {
        Position::startpos()
    }
}

impl fmt::Display for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.to_fen())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn start_has_twenty_moves() {
        let pos = Position::startpos();
        assert_eq!(pos.legal_moves().len(), 20);
        assert!(!pos.is_check());
    }

    #[test]
    fn fools_mate() {
        let mut pos = Position::startpos();
        for uci in ["f2f3", "e7e5", "g2g4", "d8h4"] {
            let mv = crate::uci::parse_uci(&pos, uci).unwrap();
            pos = pos.play(mv).unwrap();
        }
        assert!(pos.is_checkmate());
    }
}
