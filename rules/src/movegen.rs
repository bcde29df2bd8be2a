//! Legal move generation with check and pin masks (no make/unmake test per move).
//!
//! ```
//! use rules::Position;
//! let pos = Position::from_fen("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1").unwrap();
//! assert_eq!(pos.legal_moves().len(), 48);
//! assert_eq!(pos.count_legal_moves(), 48);
//! ```

use crate::attacks::{
    between, bishop_attacks, king_attacks, knight_attacks, line, pawn_attacks, rook_attacks,
};
use crate::{Bitboard, CastlingSide, Move, MoveList, Position, Role, Square};

/// Where generated moves go: a list, or just a count.
pub(crate) trait MoveSink {
    fn push(&mut self, m: Move);

    #[inline]
    fn add_targets(&mut self, from: Square, targets: Bitboard) {
        for to in targets {
            self.push(Move::normal(from, to));
        }
    }

    #[inline]
    fn add_pawn(&mut self, from: Square, to: Square) {
        if to.rank() == 0 || to.rank() == 7 {
            for r in [Role::Queen, Role::Rook, Role::Bishop, Role::Knight] {
                self.push(Move::promotion(from, to, r));
            }
        } else {
            self.push(Move::normal(from, to));
        }
    }
}

impl MoveSink for MoveList {
    #[inline]
    fn push(&mut self, m: Move) {
        MoveList::push(self, m);
    }
}

/// Counts moves without storing them (perft bulk counting).
pub(crate) struct Counter(pub u64);

impl MoveSink for Counter {
    #[inline]
    fn push(&mut self, _m: Move) {
        self.0 += 1;
    }

    #[inline]
    fn add_targets(&mut self, _from: Square, targets: Bitboard) {
        self.0 += u64::from(targets.count());
    }

    #[inline]
    fn add_pawn(&mut self, _from: Square, to: Square) {
        self.0 += if to.rank() == 0 || to.rank() == 7 {
            4
        } else {
            1
        };
    }
}

/// Only whether there is a move (no counting: `count_ones` is a long
/// sequence on the baseline x86-64 target).
pub(crate) struct AnyMove(pub bool);

impl MoveSink for AnyMove {
    #[inline]
    fn push(&mut self, _m: Move) {
        self.0 = true;
    }

    #[inline]
    fn add_targets(&mut self, _from: Square, targets: Bitboard) {
        self.0 |= targets.any();
    }

    #[inline]
    fn add_pawn(&mut self, _from: Square, _to: Square) {
        self.0 = true;
    }
}

impl Position {
    /// All legal moves.
    pub fn legal_moves(&self) -> MoveList {
        let mut list = MoveList::new();
        self.generate(&mut list);
        list
    }

    /// The number of legal moves (faster than generating them).
    pub fn count_legal_moves(&self) -> u64 {
        let mut c = Counter(0);
        self.generate(&mut c);
        c.0
    }

    /// Squares of the side-to-move's pieces pinned against its own king.
    pub fn pinned(&self) -> Bitboard {
        let us = self.turn;
        match self.king_of(us) {
            Some(k) => self.pinned_to(k),
            None => Bitboard::EMPTY,
        }
    }

    #[inline(always)]
    fn pinned_to(&self, ksq: Square) -> Bitboard {
        let us = self.turn;
        let them = us.other();
        let occ = self.occupied();
        let theirs = self.by_color(them);
        let rq = (self.by_role(Role::Rook) | self.by_role(Role::Queen)) & theirs;
        let bq = (self.by_role(Role::Bishop) | self.by_role(Role::Queen)) & theirs;
        if (rq | bq).is_empty() {
            return Bitboard::EMPTY;
        }
        let snipers =
            (rook_attacks(ksq, Bitboard::EMPTY) & rq) | (bishop_attacks(ksq, Bitboard::EMPTY) & bq);
        let mut pinned = Bitboard::EMPTY;
        for s in snipers {
            let b = between(ksq, s) & occ;
            if !b.more_than_one() {
                pinned |= b & self.by_color(us);
            }
        }
        pinned
    }

    /// Squares next to the king of the side to move that the other side
    /// attacks once that king has left `ksq` (a slider's attack goes through
    /// the king's square): one bulk attack map instead of an attack test per
    /// square.
    #[inline(always)]
    fn king_danger(&self, ksq: Square, occ: Bitboard) -> Bitboard {
        let them = self.turn.other();
        let theirs = self.by_color(them);
        let kocc = occ.without(ksq);
        let zone = king_attacks(ksq);
        let pawns = (self.by_role(Role::Pawn) & theirs).0;
        const NOT_A: u64 = !0x0101_0101_0101_0101;
        const NOT_H: u64 = !0x8080_8080_8080_8080;
        let mut danger = Bitboard(if them == crate::Color::White {
            ((pawns & NOT_H) << 9) | ((pawns & NOT_A) << 7)
        } else {
            ((pawns & NOT_A) >> 9) | ((pawns & NOT_H) >> 7)
        });
        for sq in self.by_role(Role::King) & theirs {
            danger |= king_attacks(sq);
        }
        for sq in self.by_role(Role::Knight) & theirs {
            danger |= knight_attacks(sq);
        }
        let queens = self.by_role(Role::Queen);
        for sq in (self.by_role(Role::Bishop) | queens) & theirs {
            danger |= bishop_attacks(sq, kocc);
        }
        for sq in (self.by_role(Role::Rook) | queens) & theirs {
            danger |= rook_attacks(sq, kocc);
        }
        danger & zone
    }

    pub(crate) fn generate<S: MoveSink>(&self, sink: &mut S) {
        let us = self.turn;
        let them = us.other();
        let ours = self.by_color(us);
        let occ = self.occupied();
        let Some(ksq) = self.king_of(us) else {
            return;
        };
        let checkers = self.attackers(ksq, them, occ);

        let kcandidates = king_attacks(ksq).minus(ours);
        let ktargets = if kcandidates.any() {
            kcandidates.minus(self.king_danger(ksq, occ))
        } else {
            kcandidates
        };
        sink.add_targets(ksq, ktargets);
        if checkers.more_than_one() {
            return;
        }
        let target = match checkers.single() {
            Some(c) => between(ksq, c).with(c),
            None => !ours,
        };
        let pinned = self.pinned_to(ksq);

        for from in self.pieces(us, Role::Knight).minus(pinned) {
            sink.add_targets(from, knight_attacks(from) & target);
        }
        let queens = self.by_role(Role::Queen);
        for from in (self.by_role(Role::Bishop) | queens) & ours {
            let mut t = bishop_attacks(from, occ) & target;
            if pinned.contains(from) {
                t &= line(ksq, from);
            }
            sink.add_targets(from, t);
        }
        for from in (self.by_role(Role::Rook) | queens) & ours {
            let mut t = rook_attacks(from, occ) & target;
            if pinned.contains(from) {
                t &= line(ksq, from);
            }
            sink.add_targets(from, t);
        }

        let theirs = self.by_color(them);
        let start_rank = us.fold(1, 6);
        // Only pawns with a free square ahead or an enemy man diagonally in
        // front can move (en passant aside, below): skip the others (in
        // locked positions most pawns are blocked), in the same order.
        let pawns = self.pieces(us, Role::Pawn);
        const NOT_A: u64 = !0x0101_0101_0101_0101;
        const NOT_H: u64 = !0x8080_8080_8080_8080;
        let (free_ahead, can_take) = if us == crate::Color::White {
            (
                !occ.0 >> 8,
                ((theirs.0 >> 9) & NOT_H) | ((theirs.0 >> 7) & NOT_A),
            )
        } else {
            (
                !occ.0 << 8,
                ((theirs.0 << 9) & NOT_A) | ((theirs.0 << 7) & NOT_H),
            )
        };
        for from in pawns & Bitboard(free_ahead | can_take) {
            let allowed = if pinned.contains(from) {
                target & line(ksq, from)
            } else {
                target
            };
            let caps = pawn_attacks(us, from) & theirs & allowed;
            for to in caps {
                sink.add_pawn(from, to);
            }
            let step = if us == crate::Color::White { 8i32 } else { -8 };
            let one = from.index() as i32 + step;
            if !(0..64).contains(&one) {
                continue;
            }
            let one = Square::from_index(one as u32);
            if occ.contains(one) {
                continue;
            }
            if allowed.contains(one) {
                sink.add_pawn(from, one);
            }
            if from.rank() == start_rank {
                let two = Square::from_index((one.index() as i32 + step) as u32);
                if !occ.contains(two) && allowed.contains(two) {
                    sink.push(Move::normal(from, two));
                }
            }
        }

        self.gen_en_passant(sink);

        if checkers.is_empty() {
            self.gen_castling(sink, ksq);
        }
    }

    pub(crate) fn gen_en_passant<S: MoveSink>(&self, sink: &mut S) {
        let Some(ep) = self.ep_square else {
            return;
        };
        let us = self.turn;
        let them = us.other();
        let Some(ksq) = self.king_of(us) else {
            return;
        };
        let occ = self.occupied();
        if occ.contains(ep) {
            return;
        }
        for from in pawn_attacks(them, ep) & self.pieces(us, Role::Pawn) {
            let Some(cap) = Square::from_coords(ep.file(), from.rank()) else {
                continue;
            };
            if !self.pieces(them, Role::Pawn).contains(cap) {
                continue;
            }
            let after = occ.without(from).without(cap).with(ep);
            if (self.attackers(ksq, them, after).without(cap)).is_empty() {
                sink.push(Move::en_passant(from, ep));
            }
        }
    }

    fn gen_castling<S: MoveSink>(&self, sink: &mut S, ksq: Square) {
        let us = self.turn;
        let them = us.other();
        let back = us.fold(0, 7);
        if ksq.rank() != back {
            return;
        }
        let occ = self.occupied();
        for side in CastlingSide::ALL {
            let Some(rsq) = self.castling_rook(us, side) else {
                continue;
            };
            if !self.pieces(us, Role::Rook).contains(rsq) {
                continue;
            }
            let (Some(kto), Some(rto)) = (
                Square::from_coords(side.king_to_file(), back),
                Square::from_coords(side.rook_to_file(), back),
            ) else {
                continue;
            };
            let must_be_empty = (between(ksq, kto).with(kto) | between(rsq, rto).with(rto))
                .without(ksq)
                .without(rsq);
            if (must_be_empty & occ).any() {
                continue;
            }
            let without = occ.without(ksq).without(rsq);
            let king_path = between(ksq, kto).with(kto);
            if king_path
                .into_iter()
                .any(|sq| self.is_attacked(sq, them, without))
            {
                continue;
            }
            sink.push(Move::castle(ksq, rsq));
        }
    }
}
