//! Chess960 start positions (Guidelines II; 2009 Appendix F), numbered 0–959 in
//! Scharnagl order; 518 is the standard array.
//!
//! ```
//! use rules::chess960;
//! assert_eq!(chess960::back_rank(518).unwrap(), "RNBQKBNR");
//! assert_eq!(chess960::number_of("RNBQKBNR"), Some(518));
//! let sp = chess960::random_start_number();
//! assert!(sp < 960);
//! ```

use crate::{CastlingSide, Color, Piece, Position, Role, Square};

/// Knight placements among the five squares left after bishops and queen.
const KNIGHTS: [(usize, usize); 10] = [
    (0, 1),
    (0, 2),
    (0, 3),
    (0, 4),
    (1, 2),
    (1, 3),
    (1, 4),
    (2, 3),
    (2, 4),
    (3, 4),
];

/// The white back rank of start position `sp` (a-file first), e.g. `RNBQKBNR`.
pub fn back_rank_roles(sp: u16) -> Option<[Role; 8]> {
    if sp >= 960 {
        return None;
    }
    let mut n = sp as usize;
    let mut rank: [Option<Role>; 8] = [None; 8];
    rank[(n % 4) * 2 + 1] = Some(Role::Bishop);
    n /= 4;
    rank[(n % 4) * 2] = Some(Role::Bishop);
    n /= 4;
    let q = n % 6;
    n /= 6;
    let place = |rank: &mut [Option<Role>; 8], nth: usize, role: Role| {
        if let Some(i) = (0..8).filter(|&i| rank[i].is_none()).nth(nth) {
            rank[i] = Some(role);
        }
    };
    place(&mut rank, q, Role::Queen);
    let (a, b) = KNIGHTS[n];
    // Place the later knight first so the earlier index still counts empty squares correctly.
    place(&mut rank, b, Role::Knight);
    place(&mut rank, a, Role::Knight);
    place(&mut rank, 0, Role::Rook);
    place(&mut rank, 0, Role::King);
    place(&mut rank, 0, Role::Rook);
    let mut out = [Role::Pawn; 8];
    for (o, r) in out.iter_mut().zip(rank) {
        *o = r?;
    }
    Some(out)
}

/// The back rank of start position `sp` as uppercase English letters.
pub fn back_rank(sp: u16) -> Option<String> {
    Some(
        back_rank_roles(sp)?
            .iter()
            .map(|r| r.upper_char())
            .collect(),
    )
}

/// The number of a back rank such as `RNBQKBNR`, if it is a Chess960 array.
pub fn number_of(back_rank_text: &str) -> Option<u16> {
    (0..960).find(|&sp| back_rank(sp).as_deref() == Some(back_rank_text))
}

/// The start position `sp` with full castling rights.
pub fn start_position(sp: u16) -> Option<Position> {
    let roles = back_rank_roles(sp)?;
    let mut pos = Position::empty();
    for (file, role) in roles.iter().enumerate() {
        let file = file as u8;
        for color in Color::ALL {
            let back = color.fold(0, 7);
            let pawn_rank = color.fold(1, 6);
            pos.put(
                Square::from_coords(file, back)?,
                Piece { color, role: *role },
            );
            pos.put(
                Square::from_coords(file, pawn_rank)?,
                Piece {
                    color,
                    role: Role::Pawn,
                },
            );
        }
    }
    let king_file = roles.iter().position(|r| *r == Role::King)? as u8;
    for color in Color::ALL {
        let back = color.fold(0, 7);
        for (file, role) in roles.iter().enumerate() {
            if *role == Role::Rook {
                let side = if (file as u8) > king_file {
                    CastlingSide::KingSide
                } else {
                    CastlingSide::QueenSide
                };
                pos.castling[color.index()][side.index()] = Square::from_coords(file as u8, back);
            }
        }
    }
    Some(pos)
}

/// The start position number of `pos` if it is a Chess960 start position
/// (pieces, castling rights, White to move).
pub fn start_number(pos: &Position) -> Option<u16> {
    let rank: String = (0..8)
        .map(|f| {
            Square::from_coords(f, 0)
                .and_then(|sq| pos.piece_at(sq))
                .map(|p| p.role.upper_char())
                .unwrap_or('.')
        })
        .collect();
    let sp = number_of(&rank)?;
    let start = start_position(sp)?;
    let same = start.board_fen() == pos.board_fen()
        && start.turn() == pos.turn()
        && start.castling_rooks() == pos.castling_rooks();
    same.then_some(sp)
}

/// A start position number drawn at random (for a round, SPEC §9). Uses a small
/// own generator seeded from the clock; not for cryptographic use.
pub fn random_start_number() -> u16 {
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_nanos() as u64)
        .unwrap_or(0x1234_5678);
    let mut x = nanos ^ 0x9e37_79b9_7f4a_7c15;
    // splitmix64 finaliser
    x = (x ^ (x >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    x = (x ^ (x >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    x ^= x >> 31;
    (x % 960) as u16
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbering() {
        assert_eq!(back_rank(0).unwrap(), "BBQNNRKR");
        assert_eq!(back_rank(518).unwrap(), "RNBQKBNR");
        assert_eq!(back_rank(959).unwrap(), "RKRNNQBB");
        assert!(back_rank(960).is_none());
        assert_eq!(start_number(&Position::startpos()), Some(518));
        assert_eq!(start_number(&start_position(7).unwrap()), Some(7));
        let moved =
            Position::from_fen("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1")
                .unwrap();
        assert_eq!(start_number(&moved), None);
        for sp in 0..960 {
            assert_eq!(number_of(&back_rank(sp).unwrap()), Some(sp));
        }
    }

    #[test]
    fn startpos_fen() {
        assert_eq!(
            Position::startpos().to_fen(),
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
        );
        assert_eq!(
            start_position(0).unwrap().to_fen(),
            "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w HFhf - 0 1"
        );
    }
}
