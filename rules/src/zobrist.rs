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

use crate::{Color, Position};
use std::sync::OnceLock;

struct Keys {
    pieces: [[u64; 64]; 12],
    castling: [u64; 64],
    ep_file: [u64; 8],
    black: u64,
}

fn keys() -> &'static Keys {
    static KEYS: OnceLock<Keys> = OnceLock::new();
    KEYS.get_or_init(|| {
        let mut state: u64 = 0x0123_4567_89ab_cdef;
        let mut next = || {
            // splitmix64
            state = state.wrapping_add(0x9e37_79b9_7f4a_7c15);
            let mut z = state;
            z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
            z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
            z ^ (z >> 31)
        };
        let mut pieces = [[0; 64]; 12];
        for row in pieces.iter_mut() {
            for k in row.iter_mut() {
                *k = next();
            }
        }
        let mut castling = [0; 64];
        for k in castling.iter_mut() {
            *k = next();
        }
        let mut ep_file = [0; 8];
        for k in ep_file.iter_mut() {
            *k = next();
        }
        Keys {
            pieces,
            castling,
            ep_file,
            black: next(),
        }
    })
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
}
