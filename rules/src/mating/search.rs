//! Cooperative ("helpmate") depth-first search with iterative deepening and a
//! transposition table: both sides play for a mate by the intended winner.
//!
//! Each move has a cost: progress (a capture or pawn push by the winner, a
//! useful promotion, a piece of the winner or the losing king heading for the
//! mating corner, a losing piece heading for the square next to that corner)
//! is free, ordinary moves cost 1 (free right after progress), moves that work
//! against the plan (the loser capturing, promoting to rook or bishop) cost 3.
//! Iteration `n` explores every line of total cost at most `n`. The position
//! key ignores move counters.
//!
//! The search is also a proof: an iteration that was never cut short by the
//! cost limit has visited every position reachable from the root (all other
//! branches end in mate, stalemate, or a position the static or semi-static
//! rules settle), so if it found no mate, there is none.

use super::semistatic::SemiCache;
use super::{cannot_mate_statically, KeyMap};
use crate::attacks::knight_attacks;
use crate::{Bitboard, Color, Move, Position, Role, Square};
use std::sync::OnceLock;

pub(crate) enum Outcome {
    Mate(Vec<Move>),
    NoMate,
    OutOfBudget,
}

fn chebyshev(a: Square, b: Square) -> u8 {
    a.file().abs_diff(b.file()).max(a.rank().abs_diff(b.rank()))
}

fn knight_distance(a: Square, b: Square) -> u8 {
    static TABLE: OnceLock<Vec<u8>> = OnceLock::new();
    let t = TABLE.get_or_init(|| {
        let mut t = vec![u8::MAX; 64 * 64];
        for from in 0..64u32 {
            let base = from as usize * 64;
            t[base + from as usize] = 0;
            let mut frontier = Bitboard::from_square(Square::from_index(from));
            let mut seen = frontier;
            let mut d = 0;
            while frontier.any() {
                d += 1;
                let mut next = Bitboard::EMPTY;
                for sq in frontier {
                    next |= knight_attacks(sq);
                }
                next = next.minus(seen);
                for sq in next {
                    t[base + sq.index()] = d;
                }
                seen |= next;
                frontier = next;
            }
        }
        t
    });
    t[a.index() * 64 + b.index()]
}

struct Search<'a> {
    winner: Color,
    semi: &'a mut SemiCache,
    tt: KeyMap<u32>,
    nodes: usize,
    max_nodes: usize,
    cut: bool,
    line: Vec<Move>,
    /// The mating corner (relative to the winner) and its neighbours.
    corner: Square,
    corner_king: Square,
    corner_block: Square,
}

/// Longest line searched (keeps the recursion shallow).
const MAX_PLIES: usize = 160;

const REWARD: u32 = 0;
const NORMAL: u32 = 1;
const PUNISH: u32 = 3;

impl Search<'_> {
    fn cost(&self, pos: &Position, m: Move, role: Role) -> u32 {
        let from = m.from();
        let to = m.to();
        let capture =
            pos.by_color(pos.turn().other()).contains(to) || m.kind() == crate::MoveKind::EnPassant;
        if pos.turn() == self.winner {
            if let Some(p) = m.promotion_role() {
                return if matches!(p, Role::Queen | Role::Knight) {
                    REWARD
                } else {
                    PUNISH
                };
            }
            if capture || role == Role::Pawn {
                return REWARD;
            }
            let closer = match role {
                Role::King => chebyshev(to, self.corner_king) < chebyshev(from, self.corner_king),
                Role::Knight => {
                    knight_distance(to, self.corner) < knight_distance(from, self.corner)
                }
                _ => false,
            };
            if closer {
                REWARD
            } else {
                NORMAL
            }
        } else {
            if let Some(p) = m.promotion_role() {
                return if matches!(p, Role::Queen | Role::Rook) {
                    PUNISH
                } else {
                    REWARD
                };
            }
            let closer = match role {
                Role::King => chebyshev(to, self.corner) < chebyshev(from, self.corner),
                Role::Knight => {
                    knight_distance(to, self.corner_block)
                        < knight_distance(from, self.corner_block)
                }
                Role::Bishop | Role::Rook | Role::Queen => {
                    chebyshev(to, self.corner_block) < chebyshev(from, self.corner_block)
                }
                Role::Pawn => false,
            };
            if closer {
                REWARD
            } else if capture {
                PUNISH
            } else {
                NORMAL
            }
        }
    }

    /// Returns true when a mate was found (the line is in `self.line`).
    fn dfs(&mut self, pos: &Position, budget: u32, past_progress: bool) -> bool {
        self.nodes += 1;
        let moves = pos.legal_moves();
        if moves.is_empty() {
            return pos.turn() != self.winner && pos.is_check();
        }
        if self.nodes >= self.max_nodes || self.line.len() >= MAX_PLIES {
            self.cut = true;
            return false;
        }
        let key = pos.zobrist();
        if let Some(&b) = self.tt.get(&key) {
            if b >= budget {
                return false;
            }
        }
        self.tt.insert(key, budget);
        let mut order: Vec<(u32, Move, Role, bool)> = Vec::with_capacity(moves.len());
        for &m in moves.iter() {
            let role = pos.role_at(m.from()).unwrap_or(Role::Pawn);
            let raw = self.cost(pos, m, role);
            let c = if raw == NORMAL && past_progress {
                REWARD
            } else {
                raw
            };
            order.push((c, m, role, raw == REWARD));
        }
        order.sort_by_key(|e| e.0);
        for (c, m, role, progress) in order {
            if c > budget {
                self.cut = true;
                continue;
            }
            let mut next = pos.clone();
            next.play_unchecked(m);
            let nk = next.zobrist();
            if self.tt.get(&nk).is_some_and(|&b| b >= budget - c) {
                continue;
            }
            let irreversible = role == Role::Pawn
                || pos.occupied().contains(m.to()) && !m.is_castle()
                || m.kind() == crate::MoveKind::EnPassant;
            if cannot_mate_statically(&next, self.winner) {
                continue;
            }
            if irreversible && self.semi.proves(&next, nk, self.winner) {
                continue;
            }
            self.line.push(m);
            if self.dfs(&next, budget - c, progress) {
                return true;
            }
            self.line.pop();
            if self.nodes >= self.max_nodes {
                self.cut = true;
                return false;
            }
        }
        false
    }
}

/// Helpmate search for `winner` from `root`, expanding at most `max_nodes` positions.
pub(crate) fn helpmate(
    root: &Position,
    winner: Color,
    max_nodes: usize,
    semi: &mut SemiCache,
) -> Outcome {
    let loser = winner.other();
    // Mate in a corner of the colour of the winner's bishops (or, without them,
    // the colour the loser's bishops cannot guard), on the loser's home side.
    let dark = (pos_bishops(root, winner) & Bitboard::DARK).any()
        || (pos_bishops(root, winner).is_empty()
            && (pos_bishops(root, loser) & Bitboard::LIGHT).any());
    let rel = |file: u8, rank: u8| -> Square {
        let f = if dark { file } else { 7 - file };
        let (f, r) = if winner == Color::White {
            (f, rank)
        } else {
            (7 - f, 7 - rank)
        };
        Square::from_coords(f, r).unwrap_or(Square::from_index(0))
    };
    let mut s = Search {
        winner,
        semi,
        tt: KeyMap::default(),
        nodes: 0,
        max_nodes,
        cut: false,
        line: Vec::new(),
        corner: rel(7, 7),
        corner_king: rel(7, 5),
        corner_block: rel(6, 7),
    };
    let mut limit = 0;
    loop {
        s.cut = false;
        s.tt.clear();
        s.line.clear();
        if s.dfs(root, limit, false) {
            return Outcome::Mate(std::mem::take(&mut s.line));
        }
        if s.nodes >= s.max_nodes {
            return Outcome::OutOfBudget;
        }
        if !s.cut {
            return Outcome::NoMate;
        }
        limit += 1;
    }
}

fn pos_bishops(pos: &Position, c: Color) -> Bitboard {
    pos.pieces(c, Role::Bishop)
}
