//! Zobrist keys: a 64-bit hash of what makes positions "the same" for
//! repetition (art. 9.2): pieces on squares, side to move, castling rights (by
//! rook square, so Chess960 rights count exactly), and the en passant file
//! only when an en passant capture is actually playable.
//!
//! ```
//! use rules::Position;
//! let a = Position::startpos();
//! let b = Position::from_fen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 7 30").unwrap();
//! assert_eq!(a.zobrist(), b.zobrist());
//! ```

use crate::{Color, Move, MoveKind, Position, Role};

struct Keys {
    pieces: [[u64; 64]; 12],
    castling: [u64; 64],
    ep_file: [u64; 8],
    black: u64,
}

/// splitmix64: the next state and its output.
const fn splitmix(state: u64) -> (u64, u64) {
    let state = state.wrapping_add(0x9e37_79b9_7f4a_7c15);
    let mut z = state;
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    (state, z ^ (z >> 31))
}

/// The keys, computed at compile time (the searches of `mating` read them
/// for every move they look at; a constant needs no initialisation check).
static KEYS: Keys = {
    let mut state: u64 = 0x0123_4567_89ab_cdef;
    let mut pieces = [[0; 64]; 12];
    let mut p = 0;
    while p < 12 {
        let mut sq = 0;
        while sq < 64 {
            let (s, k) = splitmix(state);
            state = s;
            pieces[p][sq] = k;
            sq += 1;
        }
        p += 1;
    }
    let mut castling = [0; 64];
    let mut sq = 0;
    while sq < 64 {
        let (s, k) = splitmix(state);
        state = s;
        castling[sq] = k;
        sq += 1;
    }
    let mut ep_file = [0; 8];
    let mut f = 0;
    while f < 8 {
        let (s, k) = splitmix(state);
        state = s;
        ep_file[f] = k;
        f += 1;
    }
    let (_, black) = splitmix(state);
    Keys {
        pieces,
        castling,
        ep_file,
        black,
    }
};

#[inline]
fn keys() -> &'static Keys {
    &KEYS
}

/// The key component of `color`'s `role` on `sq`.
#[inline]
pub(crate) fn piece_key(color: Color, role: Role, sq: crate::Square) -> u64 {
    keys().pieces[color.index() * 6 + role.index()][sq.index()]
}

/// The key component for "Black to move" (a key with it removed identifies
/// the placement, castling rights and en passant file alone).
pub(crate) fn black_to_move_key() -> u64 {
    keys().black
}

impl Position {
    /// The Zobrist key of the position (repetition identity, art. 9.2).
    pub fn zobrist(&self) -> u64 {
        let k = keys();
        let mut h = 0;
        for color in Color::ALL {
            for role in crate::Role::ALL {
                let table = &k.pieces[color.index() * 6 + role.index()];
                for sq in self.pieces(color, role) {
                    h ^= table[sq.index()];
                }
            }
        }
        for sq in self.castling_rooks() {
            h ^= k.castling[sq.index()];
        }
        if let Some(ep) = self.legal_ep_square() {
            h ^= k.ep_file[ep.file() as usize];
        }
        if self.turn == Color::Black {
            h ^= k.black;
        }
        h
    }

    /// The Zobrist key of `self` computed from the key of an earlier
    /// position `before` (typically `self` is `before` after one move): only
    /// the squares whose contents differ, the castling rights, the playable
    /// en passant file and the side to move are updated. Always equal to
    /// [`Position::zobrist`] of `self` when `before_key == before.zobrist()`.
    pub(crate) fn zobrist_after(&self, before: &Position, before_key: u64) -> u64 {
        let k = keys();
        let mut h = before_key;
        for color in Color::ALL {
            let c = color.index();
            for role in crate::Role::ALL {
                let r = role.index();
                let diff =
                    (before.by_color[c] & before.by_role[r]) ^ (self.by_color[c] & self.by_role[r]);
                let table = &k.pieces[c * 6 + r];
                for sq in diff {
                    h ^= table[sq.index()];
                }
            }
        }
        if before.castling != self.castling {
            for sq in before.castling_rooks() ^ self.castling_rooks() {
                h ^= k.castling[sq.index()];
            }
        }
        if let Some(ep) = before.legal_ep_square() {
            h ^= k.ep_file[ep.file() as usize];
        }
        if let Some(ep) = self.legal_ep_square() {
            h ^= k.ep_file[ep.file() as usize];
        }
        if before.turn != self.turn {
            h ^= k.black;
        }
        debug_assert_eq!(h, self.zobrist());
        h
    }

    /// The Zobrist key after the legal move `m`, from the key `key` of `self`,
    /// without playing the move: for ordinary moves and promotions in
    /// positions without castling rights or en passant square (the common case
    /// in endings). `None` for castling, en passant, a double pawn step or when
    /// castling rights or an en passant square exist; then play the move and
    /// use [`Position::zobrist_after`].
    pub(crate) fn zobrist_after_move(&self, key: u64, m: Move) -> Option<u64> {
        if m.kind() != MoveKind::Normal
            || self.ep_square.is_some()
            || self.castling != [[None; 2]; 2]
        {
            return None;
        }
        let from = m.from();
        let to = m.to();
        let role = self.role_at(from)?;
        if role == Role::Pawn && from.rank().abs_diff(to.rank()) == 2 {
            return None;
        }
        let k = keys();
        let us = self.turn.index();
        let them = self.turn.other().index();
        let new_role = m.promotion_role().unwrap_or(role);
        let mut h = key
            ^ k.black
            ^ k.pieces[us * 6 + role.index()][from.index()]
            ^ k.pieces[us * 6 + new_role.index()][to.index()];
        if self.by_color[them].contains(to) {
            let captured = self.role_at(to)?;
            h ^= k.pieces[them * 6 + captured.index()][to.index()];
        }
        Some(h)
    }
}

/// The Zobrist key after a move of `role` (of the side to move in a
/// position with key `key`, no castling rights and no playable en passant
/// capture after the move) from `from` to `to`, becoming `new_role`, taking
/// `captured` there. For callers that know the roles already (the can-mate
/// searches); otherwise see [`Position::zobrist_after_move`].
pub(crate) fn key_after_plain_move(
    key: u64,
    us: Color,
    role: Role,
    new_role: Role,
    from: crate::Square,
    to: crate::Square,
    captured: Option<Role>,
) -> u64 {
    let k = keys();
    let u = us.index() * 6;
    let mut h = key
        ^ k.black
        ^ k.pieces[u + role.index()][from.index()]
        ^ k.pieces[u + new_role.index()][to.index()];
    if let Some(c) = captured {
        h ^= k.pieces[us.other().index() * 6 + c.index()][to.index()];
    }
    h
}

#[cfg(test)]
mod tests {
    use crate::Position;

    #[test]
    fn ep_counts_only_when_playable() {
        // After 1.e4 no black pawn can capture en passant: same as without ep square.
        let a = Position::from_fen("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1")
            .unwrap();
        let b = Position::from_fen("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1")
            .unwrap();
        assert_eq!(a.zobrist(), b.zobrist());
        let c = Position::from_fen("rnbqkbnr/ppp1pppp/8/8/3pP3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1")
            .unwrap();
        let d = Position::from_fen("rnbqkbnr/ppp1pppp/8/8/3pP3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1")
            .unwrap();
        assert_ne!(c.zobrist(), d.zobrist());
    }

    #[test]
    fn incremental_keys_match() {
        for fen in [
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
            "rnbqkbnr/ppp1pppp/8/8/3pP3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1",
            "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
            "n1n5/PPPk4/8/8/8/8/4Kppp/5N1N b - - 0 1",
            "8/8/7p/5p1P/3b1p1K/5Pp1/6P1/5kb1 b - - 0 1",
            "r3k3/1P6/8/8/8/8/6p1/4K2R w Kq - 0 1",
        ] {
            let root = Position::from_fen(fen).unwrap();
            let rk = root.zobrist();
            for &m in root.legal_moves().iter() {
                let mut next = root.clone();
                next.play_unchecked(m);
                let nk = next.zobrist_after(&root, rk);
                assert_eq!(nk, next.zobrist(), "{fen} {m:?}");
                if let Some(fast) = root.zobrist_after_move(rk, m) {
                    assert_eq!(fast, nk, "{fen} {m:?}");
                }
                for &m2 in next.legal_moves().iter() {
                    let mut third = next.clone();
                    third.play_unchecked(m2);
                    assert_eq!(third.zobrist_after(&next, nk), third.zobrist());
                    if let Some(fast) = next.zobrist_after_move(nk, m2) {
                        assert_eq!(fast, third.zobrist(), "{fen} {m:?} {m2:?}");
                    }
                }
            }
        }
    }
}
