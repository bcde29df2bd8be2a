//! How a game stands on the board: checkmate (5.1(a)), stalemate (5.2(a)),
//! dead position (5.2(b), 9.6), and the repetition and fifty-move counts behind
//! draw claims (9.2, 9.3) and the automatic 75-move / fivefold draws (9.6.1,
//! 9.6.2 of the 2018 and 2023 Laws; validation under those editions ends the
//! game there, see `validate::validate_game_under`).
//!
//! Position identity (9.2): same side to move, same pieces on the same squares,
//! same castling rights (by rook, so Chess960 rights count exactly), and the
//! en passant square only if an en passant capture is actually playable — the
//! [`Position::zobrist`] key.
//!
//! ```
//! use rules::outcome::{board_ending, BoardEnding, History};
//! use rules::Position;
//! let mut h = History::new(Position::startpos());
//! for uci in ["g1f3", "g8f6", "f3g1", "f6g8", "g1f3", "g8f6", "f3g1"] {
//!     let mv = rules::uci::parse_uci(h.current(), uci).unwrap();
//!     h.push(mv);
//! }
//! // White can claim: ...Ng8 would produce the start position for the third time.
//! assert!(h.threefold_claim().is_some());
//! assert_eq!(board_ending(h.current()), None);
//! ```

use crate::mating::{can_mate, cannot_mate_statically, CanMate};
use crate::{Color, Move, Position};
use std::collections::HashMap;

/// How a game ended on the board.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum BoardEnding {
    /// Art. 5.1(a): the side to move is checkmated.
    Checkmate {
        /// The side that gave mate.
        winner: Color,
    },
    /// Art. 5.2(a): the side to move has no legal move and is not in check.
    Stalemate,
    /// Art. 5.2(b): no series of legal moves can mate either king.
    DeadPosition,
}

impl BoardEnding {
    /// `checkmate`, `stalemate` or `dead`.
    pub fn as_str(self) -> &'static str {
        match self {
            BoardEnding::Checkmate { .. } => "checkmate",
            BoardEnding::Stalemate => "stalemate",
            BoardEnding::DeadPosition => "dead",
        }
    }

    /// The result the ending gives.
    pub fn result(self) -> &'static str {
        match self {
            BoardEnding::Checkmate {
                winner: Color::White,
            } => "1-0",
            BoardEnding::Checkmate {
                winner: Color::Black,
            } => "0-1",
            _ => "1/2-1/2",
        }
    }
}

/// Neither side has mating material by the simple static rules (fast path of 5.2(b)).
pub fn insufficient_material(pos: &Position) -> bool {
    cannot_mate_statically(pos, Color::White) && cannot_mate_statically(pos, Color::Black)
}

/// Whether the game has ended on the board, with the full dead-position test.
/// A dead position that the search cannot decide within its budget is not reported.
pub fn board_ending(pos: &Position) -> Option<BoardEnding> {
    if !pos.has_legal_move() {
        return Some(if pos.is_check() {
            BoardEnding::Checkmate {
                winner: pos.turn().other(),
            }
        } else {
            BoardEnding::Stalemate
        });
    }
    if insufficient_material(pos) {
        return Some(BoardEnding::DeadPosition);
    }
    // A Yes for either side ends the test: ask first the side with more
    // men, the likelier to have a quick one.
    let first = if pos.by_color(Color::White).count() >= pos.by_color(Color::Black).count() {
        Color::White
    } else {
        Color::Black
    };
    let a = can_mate(pos, first);
    if matches!(a, CanMate::Yes(_)) {
        return None;
    }
    let b = can_mate(pos, first.other());
    if a == CanMate::No && b == CanMate::No {
        Some(BoardEnding::DeadPosition)
    } else {
        None
    }
}

/// A valid draw claim (art. 9.2 / 9.3).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Claim {
    /// The condition holds in the current position (9.2(b) / 9.3(a)).
    HasArisen,
    /// It will hold after this move, which the claimant writes down (9.2(a) / 9.3(b)).
    AfterMove(Move),
}

/// The positions of a game so far, with repetition counts.
#[derive(Clone, Debug)]
pub struct History {
    positions: Vec<Position>,
    keys: Vec<u64>,
    counts: HashMap<u64, u32>,
    /// Positions that have stood at least twice (only they can make a claim
    /// "after my move" possible).
    twice: usize,
}

impl History {
    /// A history starting at `start` (ply 0).
    pub fn new(start: Position) -> History {
        let key = start.zobrist();
        let mut counts = HashMap::new();
        counts.insert(key, 1);
        History {
            positions: vec![start],
            keys: vec![key],
            counts,
            twice: 0,
        }
    }

    /// Plays a move (assumed legal in the current position).
    pub fn push(&mut self, mv: Move) {
        let mut next = self.current().clone();
        next.play_unchecked(mv);
        self.push_position(next);
    }

    /// Appends a position (after a move or a null move).
    pub fn push_position(&mut self, pos: Position) {
        let key = pos.zobrist();
        let n = self.counts.entry(key).or_insert(0);
        *n += 1;
        if *n == 2 {
            self.twice += 1;
        }
        self.keys.push(key);
        self.positions.push(pos);
    }

    /// The current position.
    pub fn current(&self) -> &Position {
        self.positions.last().unwrap_or_else(|| unreachable_start())
    }

    /// The number of plies played.
    pub fn plies(&self) -> usize {
        self.positions.len() - 1
    }

    /// How often the current position has stood on the board.
    pub fn repetitions(&self) -> u32 {
        self.keys
            .last()
            .and_then(|k| self.counts.get(k))
            .copied()
            .unwrap_or(0)
    }

    /// Art. 9.2: the side to move may claim a draw by threefold repetition.
    pub fn threefold_claim(&self) -> Option<Claim> {
        if self.repetitions() >= 3 {
            return Some(Claim::HasArisen);
        }
        if self.twice == 0 {
            // No position has stood twice: no move can make one stand a third time.
            return None;
        }
        let pos = self.current();
        let key = self.keys.last().copied().unwrap_or_else(|| pos.zobrist());
        for &m in pos.legal_moves().iter() {
            let next_key = pos.zobrist_after_move(key, m).unwrap_or_else(|| {
                let mut next = pos.clone();
                next.play_unchecked(m);
                next.zobrist()
            });
            if self.counts.get(&next_key).copied().unwrap_or(0) >= 2 {
                return Some(Claim::AfterMove(m));
            }
        }
        None
    }

    /// Art. 9.3: the side to move may claim a draw by the fifty-move rule.
    pub fn fifty_claim(&self) -> Option<Claim> {
        let pos = self.current();
        if fifty_moves_completed(pos) {
            return Some(Claim::HasArisen);
        }
        if pos.halfmoves() >= 99 {
            for &m in pos.legal_moves().iter() {
                let mut next = pos.clone();
                next.play_unchecked(m);
                if fifty_moves_completed(&next) {
                    return Some(Claim::AfterMove(m));
                }
            }
        }
        None
    }

    /// The current position has stood five times (automatic draw in later editions, 9.6).
    pub fn is_fivefold(&self) -> bool {
        self.repetitions() >= 5
    }

    /// 75 moves by each side without pawn move or capture (automatic draw in later editions).
    pub fn is_seventyfive(&self) -> bool {
        let pos = self.current();
        pos.halfmoves() >= 150 && pos.has_legal_move()
    }

    /// The positions, ply 0 first.
    pub fn positions(&self) -> &[Position] {
        &self.positions
    }
}

fn unreachable_start() -> &'static Position {
    // `positions` is never empty (created with a start position); this is a
    // harmless fallback that keeps the accessor panic-free.
    static START: std::sync::OnceLock<Position> = std::sync::OnceLock::new();
    START.get_or_init(Position::startpos)
}

/// Fifty moves by each side without pawn move or capture, and the game not over by mate.
pub fn fifty_moves_completed(pos: &Position) -> bool {
    pos.halfmoves() >= 100 && pos.has_legal_move()
}

/// The first plies at which each draw condition holds in a sequence of positions.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct DrawFacts {
    /// First ply after which the position has stood three times.
    pub threefold_occurred: Option<usize>,
    /// First ply at which the side to move could claim 9.2 (including by announcing a move).
    pub threefold_claimable: Option<usize>,
    /// First ply at which fifty moves are complete.
    pub fifty_completed: Option<usize>,
    /// First ply at which 9.3 can be claimed (including by announcing a move).
    pub fifty_claimable: Option<usize>,
    /// First ply at which the position stands a fifth time.
    pub fivefold: Option<usize>,
    /// First ply at which 75 moves are complete.
    pub seventyfive: Option<usize>,
}

/// Replays `positions` (ply 0 first) and records [`DrawFacts`].
pub fn draw_facts(positions: &[Position]) -> DrawFacts {
    let mut facts = DrawFacts::default();
    let Some(first) = positions.first() else {
        return facts;
    };
    let mut h = History::new(first.clone());
    for (ply, pos) in positions.iter().enumerate() {
        if ply > 0 {
            h.push_position(pos.clone());
        }
        let set = |slot: &mut Option<usize>, cond: bool| {
            if slot.is_none() && cond {
                *slot = Some(ply);
            }
        };
        set(&mut facts.threefold_occurred, h.repetitions() >= 3);
        if facts.threefold_claimable.is_none() && h.threefold_claim().is_some() {
            facts.threefold_claimable = Some(ply);
        }
        set(&mut facts.fifty_completed, fifty_moves_completed(pos));
        if facts.fifty_claimable.is_none() && h.fifty_claim().is_some() {
            facts.fifty_claimable = Some(ply);
        }
        set(&mut facts.fivefold, h.is_fivefold());
        set(&mut facts.seventyfive, h.is_seventyfive());
    }
    facts
}

#[cfg(test)]
mod tests {
    use super::*;

    fn fen(s: &str) -> Position {
        Position::from_fen(s).unwrap()
    }

    #[test]
    fn endings() {
        // 5.1(a) checkmate.
        let mate = fen("rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3");
        assert_eq!(
            board_ending(&mate),
            Some(BoardEnding::Checkmate {
                winner: Color::Black
            })
        );
        // 5.2(a) stalemate.
        assert_eq!(
            board_ending(&fen("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1")),
            Some(BoardEnding::Stalemate)
        );
        // 5.2(b) dead: K+B v K.
        assert_eq!(
            board_ending(&fen("7k/8/6K1/8/8/8/8/2B5 b - - 0 1")),
            Some(BoardEnding::DeadPosition)
        );
        // 5.2(b) dead with pawns: locked pawns, kings cannot reach them.
        assert_eq!(
            board_ending(&fen("8/8/8/1k6/p1p1p1p1/P1P1P1P1/8/1K6 w - - 0 1")),
            Some(BoardEnding::DeadPosition)
        );
        assert_eq!(board_ending(&Position::startpos()), None);
    }
}
