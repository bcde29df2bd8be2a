//! Semi-static proofs that a side can never mate, for positions whose pawn
//! structure (and some pieces) can never change.
//!
//! The analysis computes, as a greatest fixed point, a set of *fixed* pieces
//! (pieces that can never move nor be captured, whatever both sides play) and,
//! for every other piece, the *region* of squares it can ever stand on:
//!
//! * every piece starts as "fixed"; a fixed piece stops being fixed
//!   as soon as it has somewhere to go (a pawn whose square in front is not
//!   held by a fixed piece; a piece with a target not held by a fixed piece of
//!   its own side or a fixed enemy king — a mobile king, its own included,
//!   steps away; an enemy piece can step onto a square it attacks) or can be
//!   captured (an enemy piece can reach or attack its square; a king can step
//!   next to it while it is not defended unblockably by a fixed piece);
//! * regions are closures of the pieces' moves on a board whose only
//!   obstacles are the fixed pieces; a king never enters a square attacked by
//!   a fixed enemy pawn or knight, or next to a fixed enemy slider along its
//!   lines (those attacks can never be blocked); a pawn
//!   captures only where an enemy piece can come.
//!
//! Both steps only ever over-approximate what can happen, so once nothing
//! changes, the fixed pieces really never move and every piece stays in its
//! region in every game continuation. A mate needs the losing king on a square
//! `s` of its region that a mobile piece of the winner can attack, and every
//! square next to `s` attacked by the winner (from its regions), held by a
//! fixed piece of the loser, or occupied by a distinct mobile piece of the
//! loser that can reach it (a bipartite matching); the winning king helps
//! from one square of its region that is not next to `s`. When no square passes, the
//! winner can never mate. A pawn that could promote, castling rights and an
//! en passant capture make the analysis give up.

use super::KeyMap;
use crate::attacks::{
    bishop_attacks, king_attacks, knight_attacks, pawn_attacks, queen_attacks, rook_attacks,
};
use crate::{Bitboard, Color, Position, Role, Square};

#[derive(Clone, Copy)]
struct Unit {
    sq: Square,
    color: Color,
    role: Role,
}

fn leaper_or_slider(role: Role, sq: Square, occ: Bitboard) -> Bitboard {
    match role {
        Role::Knight => knight_attacks(sq),
        Role::Bishop => bishop_attacks(sq, occ),
        Role::Rook => rook_attacks(sq, occ),
        Role::Queen => queen_attacks(sq, occ),
        Role::King => king_attacks(sq),
        Role::Pawn => Bitboard::EMPTY,
    }
}

/// Semi-static verdicts by position key (searches meet the same positions
/// again). The analysis is only a pruning aid for the searches (skipping it
/// never makes them unsound, only longer), so where it keeps failing it is
/// applied to a sample of the positions only.
#[derive(Default)]
pub(crate) struct SemiCache {
    verdicts: KeyMap<bool>,
    /// Analyses run and how many of them proved something.
    runs: usize,
    proved: usize,
    /// Positions offered since the last analysis.
    skipped: usize,
}

impl SemiCache {
    /// [`cannot_mate_semistatic`] for `pos` (whose key is `key`), remembered;
    /// `false` without analysis when the analysis has succeeded in fewer than
    /// a quarter of its first 64 or more runs in this search (then only every
    /// 64th position is analysed: where it proves little, its cost outweighs
    /// the positions it prunes: 8 % fewer instructions on the
    /// unwinnability sample than with "below 1 in 64, every 16th", and 3 %
    /// fewer again than after 256 runs).
    pub(crate) fn proves(&mut self, pos: &Position, key: u64, winner: Color) -> bool {
        // The verdict does not depend on the side to move.
        let key = if pos.turn() == Color::Black {
            key ^ crate::zobrist::black_to_move_key()
        } else {
            key
        };
        if let Some(&v) = self.verdicts.get(&key) {
            return v;
        }
        if self.runs >= 64 && self.proved * 4 < self.runs {
            self.skipped += 1;
            if self.skipped < 64 {
                return false;
            }
        }
        self.skipped = 0;
        let v = cannot_mate_semistatic(pos, winner);
        self.runs += 1;
        self.proved += usize::from(v);
        self.verdicts.insert(key, v);
        v
    }
}

/// The fixed pieces and the regions (see module docs); `None` when a pawn
/// could promote, or castling or en passant is possible.
fn fixed_point(pos: &Position) -> Option<FixedPoint> {
    if pos.castling_rooks().any() || pos.has_legal_ep() {
        return None;
    }
    // A pawn with nothing at all in front of it moves at once and then walks
    // to promotion over squares no fixed piece can ever hold: give up now.
    let occ = pos.occupied();
    for sq in pos.pieces(Color::White, Role::Pawn) {
        let ahead = Bitboard::file(sq.file()) & Bitboard(u64::MAX << sq.index() << 1);
        if (ahead & occ).is_empty() {
            return None;
        }
    }
    for sq in pos.pieces(Color::Black, Role::Pawn) {
        let ahead = Bitboard::file(sq.file()) & Bitboard((1u64 << sq.index()) - 1);
        if (ahead & occ).is_empty() {
            return None;
        }
    }
    // Pawns first: a pawn that can promote ends the analysis as soon as its
    // region is closed, before the other (costlier) regions of that round.
    // The order changes nothing else (within a round every unit works from
    // the state at the start of the round).
    let pawns = pos.by_role(Role::Pawn);
    let mut units: Vec<Unit> = Vec::with_capacity(occ.count() as usize);
    units.extend(pawns.into_iter().chain(occ.minus(pawns)).filter_map(|sq| {
        pos.piece_at(sq).map(|p| Unit {
            sq,
            color: p.color,
            role: p.role,
        })
    }));
    let n = units.len();
    let kings = pos.by_role(Role::King);
    let mut fixed = pos.occupied();
    let mut region: Vec<Bitboard> = units.iter().map(|u| Bitboard::from_square(u.sq)).collect();
    let color_bb = [pos.by_color(Color::White), pos.by_color(Color::Black)];
    // Fixed pieces of `c` attacking `t` (sliders see through everything not fixed).
    let fixed_attackers = |fixed: Bitboard, c: Color, t: Square| -> Bitboard {
        let f = fixed & color_bb[c.index()];
        ((pawn_attacks(c.other(), t) & pos.by_role(Role::Pawn))
            | (knight_attacks(t) & pos.by_role(Role::Knight))
            | (bishop_attacks(t, fixed) & (pos.by_role(Role::Bishop) | pos.by_role(Role::Queen)))
            | (rook_attacks(t, fixed) & (pos.by_role(Role::Rook) | pos.by_role(Role::Queen)))
            | (king_attacks(t) & kings))
            & f
    };
    let hard_attacks = |fixed: Bitboard, c: Color| hard_attacks(pos, fixed, c);
    loop {
        let mut unfix = Bitboard::EMPTY;
        let mut grew = false;
        let hard = [
            hard_attacks(fixed, Color::White),
            hard_attacks(fixed, Color::Black),
        ];
        // Where mobile non-king pieces of each side can stand (pawn capture targets).
        let mut reach = [Bitboard::EMPTY; 2];
        let mut king_region = [Bitboard::EMPTY; 2];
        let mut has_mobile = [false; 2];
        // Whether a side has a piece moving along diagonals / along ranks and files.
        let mut sliders = [[false; 2]; 2];
        for (i, u) in units.iter().enumerate() {
            let c = u.color.index();
            if u.role == Role::King {
                king_region[c] = region[i];
                continue;
            }
            if !fixed.contains(u.sq) {
                reach[c] |= region[i];
                has_mobile[c] = true;
            }
            if matches!(u.role, Role::Bishop | Role::Queen) {
                sliders[0][c] = true;
            }
            if matches!(u.role, Role::Rook | Role::Queen) {
                sliders[1][c] = true;
            }
        }
        // Whether the enemy king taking the fixed piece of `d` on `x` always
        // stalemates `d` at once: `d` has nothing but its king and fixed
        // pieces, its king (wherever it may stand, not next to `x`) has no
        // square to go to, no fixed pawn of `d` can ever capture, and no slider
        // of the capturing side can give a discovered check. Such a capture
        // ends the game, so it does not make the piece mobile.
        let harmless = |x: Square, d: Color| -> bool {
            let c = d.other();
            let di = d.index();
            if has_mobile[di] {
                return false;
            }
            for p in fixed & color_bb[di] & pos.by_role(Role::Pawn) {
                if (pawn_attacks(d, p) & reach[c.index()]).any() {
                    return false;
                }
            }
            let near_x = king_attacks(x).with(x);
            // Once the king of `c` has captured, the neighbours of its old
            // square are free again: a fixed king's attacks are "hard" only
            // while it stands still.
            let hard_no_king = hard_attacks(fixed.minus(kings), c);
            let from_squares = king_attacks(x) & king_region[c.index()];
            // The square the capturing king leaves must not free a fixed
            // man of `d` (a fixed king's square is an obstacle in the
            // analysis, so a man may be fixed only because of it).
            let occ_after = fixed.minus(from_squares);
            for p in fixed & color_bb[di] {
                let targets = match pos.role_at(p) {
                    Some(Role::Pawn) => {
                        if d == Color::White {
                            Bitboard::from_square(p).north()
                        } else {
                            Bitboard::from_square(p).south()
                        }
                    }
                    Some(Role::King) | None => Bitboard::EMPTY,
                    Some(role) => leaper_or_slider(role, p, occ_after),
                };
                if (targets & from_squares).any() {
                    return false;
                }
            }
            for k in king_region[di].minus(near_x) {
                let flights = king_attacks(k).minus((fixed & color_bb[di]) | hard_no_king | near_x);
                if flights.any() {
                    return false;
                }
                for f in from_squares {
                    let l = crate::attacks::line(k, f);
                    if l.is_empty() || (crate::attacks::between(k, f) & fixed).any() {
                        continue;
                    }
                    let diagonal = k.file() != f.file() && k.rank() != f.rank();
                    let kind = if diagonal { 0 } else { 1 };
                    if sliders[kind][c.index()] {
                        return false;
                    }
                }
            }
            true
        };
        for i in 0..n {
            let u = units[i];
            let us = u.color.index();
            let them = u.color.other();
            let own_fixed = fixed & color_bb[us];
            let their_fixed = fixed & color_bb[them.index()];
            // Kings are never captured.
            let their_prey = their_fixed.minus(kings);
            if fixed.contains(u.sq) {
                // Can the fixed piece move?
                let moves = if u.role == Role::Pawn {
                    let fwd = if u.color == Color::White {
                        Bitboard::from_square(u.sq).north()
                    } else {
                        Bitboard::from_square(u.sq).south()
                    };
                    let caps = pawn_attacks(u.color, u.sq);
                    unfix |= caps & their_prey;
                    fwd.minus(fixed) | (caps & (reach[them.index()] | their_prey))
                } else if u.role == Role::King {
                    let t = king_attacks(u.sq).minus(own_fixed | hard[them.index()]);
                    for x in t & their_prey {
                        if !harmless(x, them) {
                            unfix = unfix.with(x);
                        }
                    }
                    t.minus(their_fixed)
                } else {
                    let t = leaper_or_slider(u.role, u.sq, fixed).minus(own_fixed);
                    unfix |= t & their_prey;
                    // Only a fixed enemy king stays in the way: a mobile
                    // king (of either side) can step off its square.
                    t.minus(kings & fixed)
                };
                if moves.any() {
                    unfix = unfix.with(u.sq);
                }
                continue;
            }
            // Close the region of a mobile piece.
            let mut r = region[i];
            let mut frontier = r;
            while frontier.any() {
                let mut next = Bitboard::EMPTY;
                for sq in frontier {
                    let targets = match u.role {
                        Role::Pawn => {
                            let mut t = Bitboard::EMPTY;
                            let one = if u.color == Color::White {
                                Bitboard::from_square(sq).north()
                            } else {
                                Bitboard::from_square(sq).south()
                            };
                            let one = one.minus(fixed);
                            t |= one;
                            let start = u.color.fold(1, 6);
                            if sq.rank() == start && one.any() {
                                let two = if u.color == Color::White {
                                    one.north()
                                } else {
                                    one.south()
                                };
                                t |= two.minus(fixed);
                            }
                            let caps = pawn_attacks(u.color, sq);
                            unfix |= caps & their_prey;
                            t | (caps & reach[them.index()])
                        }
                        role => {
                            let t = leaper_or_slider(role, sq, fixed).minus(own_fixed);
                            if role == Role::King {
                                // Captures of undefended fixed pieces.
                                for x in t & their_prey.minus(hard[them.index()]) {
                                    if !harmless(x, them) {
                                        unfix = unfix.with(x);
                                    }
                                }
                                t.minus(their_fixed | hard[them.index()])
                            } else {
                                unfix |= t & their_prey;
                                t.minus(their_fixed)
                            }
                        }
                    };
                    next |= targets;
                }
                frontier = next.minus(r);
                r |= next;
            }
            if u.role != Role::King {
                // Fixed enemy pieces that could capture it somewhere in its
                // region (a king only where no fixed piece defends it).
                for sq in r {
                    let mut att = fixed_attackers(fixed, them, sq);
                    if hard[us].contains(sq) {
                        att = att.minus(kings);
                    }
                    unfix |= att;
                }
            }
            if u.role == Role::Pawn && (r & (Bitboard::rank(0) | Bitboard::rank(7))).any() {
                // Regions only grow: final.
                return None;
            }
            if r != region[i] {
                region[i] = r;
                grew = true;
            }
        }
        if unfix.any() {
            fixed = fixed.minus(unfix);
            grew = true;
        }
        if !grew {
            break;
        }
    }

    Some(FixedPoint {
        units,
        fixed,
        region,
    })
}

/// Squares attacked by fixed pawns and knights of `c`, and by fixed sliders
/// and kings on their neighbouring squares (never blockable).
fn hard_attacks(pos: &Position, fixed: Bitboard, c: Color) -> Bitboard {
    let mut out = Bitboard::EMPTY;
    let own = fixed & pos.by_color(c);
    for sq in own & pos.by_role(Role::Pawn) {
        out |= pawn_attacks(c, sq);
    }
    for sq in own & pos.by_role(Role::Knight) {
        out |= knight_attacks(sq);
    }
    // A fixed slider's attack on a neighbouring square cannot be blocked.
    for sq in own & pos.by_role(Role::Bishop) {
        out |= king_attacks(sq) & bishop_attacks(sq, Bitboard::EMPTY);
    }
    for sq in own & pos.by_role(Role::Rook) {
        out |= king_attacks(sq) & rook_attacks(sq, Bitboard::EMPTY);
    }
    for sq in own & (pos.by_role(Role::Queen) | pos.by_role(Role::King)) {
        out |= king_attacks(sq);
    }
    out
}

/// The result of the fixed-point computation: every unit, the fixed pieces
/// and every unit's region.
struct FixedPoint {
    units: Vec<Unit>,
    fixed: Bitboard,
    region: Vec<Bitboard>,
}

/// `true` when `winner` can provably never mate (see module docs).
pub(crate) fn cannot_mate_semistatic(pos: &Position, winner: Color) -> bool {
    let Some(FixedPoint {
        units,
        fixed,
        region,
    }) = fixed_point(pos)
    else {
        return false;
    };
    let color_bb = [pos.by_color(Color::White), pos.by_color(Color::Black)];
    // Attack sets of the winner.
    let loser = winner.other();
    let mut check_from = Bitboard::EMPTY; // squares mobile winner pieces can attack
    let mut cover = hard_attacks(pos, fixed, winner);
    let mut winner_king = Bitboard::EMPTY;
    for (i, u) in units.iter().enumerate() {
        if u.color != winner {
            continue;
        }
        if u.role == Role::King {
            winner_king = region[i];
            continue;
        }
        let mut att = Bitboard::EMPTY;
        for sq in region[i] {
            att |= match u.role {
                Role::Pawn => pawn_attacks(winner, sq),
                role => leaper_or_slider(role, sq, fixed),
            };
        }
        cover |= att;
        if u.role != Role::King && !fixed.contains(u.sq) {
            check_from |= att;
        }
    }
    let Some(lk) = units
        .iter()
        .position(|u| u.color == loser && u.role == Role::King)
    else {
        return false;
    };
    let mut blockers: Vec<Bitboard> = Vec::with_capacity(units.len());
    blockers.extend(
        units
            .iter()
            .zip(&region)
            .filter(|(u, _)| u.color == loser && u.role != Role::King && !fixed.contains(u.sq))
            .map(|(_, r)| *r),
    );
    let loser_fixed = fixed & color_bb[loser.index()];
    let winner_fixed = fixed & color_bb[winner.index()];
    for s in region[lk] & check_from {
        let flights = king_attacks(s).minus(loser_fixed | cover);
        // The winning king helps from a square not next to `s` (or not at all).
        let helpers = winner_king.minus(king_attacks(s).with(s));
        for w in helpers.into_iter().map(Some).chain([None]) {
            let left = match w {
                Some(w) => flights.minus(king_attacks(w)),
                None => flights,
            };
            if (left & winner_fixed).any() || left.count() as usize > blockers.len() {
                continue;
            }
            if can_block_all(left, &blockers) {
                return false;
            }
        }
    }
    true
}

/// Whether every square of `need` can get its own blocker (bipartite matching).
fn can_block_all(need: Bitboard, blockers: &[Bitboard]) -> bool {
    let squares: Vec<Square> = need.into_iter().collect();
    let mut owner: Vec<Option<usize>> = vec![None; blockers.len()];
    fn augment(
        s: usize,
        squares: &[Square],
        blockers: &[Bitboard],
        owner: &mut [Option<usize>],
        seen: &mut [bool],
    ) -> bool {
        for b in 0..blockers.len() {
            if seen[b] || !blockers[b].contains(squares[s]) {
                continue;
            }
            seen[b] = true;
            if owner[b].is_none_or(|o| augment(o, squares, blockers, owner, seen)) {
                owner[b] = Some(s);
                return true;
            }
        }
        false
    }
    for s in 0..squares.len() {
        let mut seen = vec![false; blockers.len()];
        if !augment(s, &squares, blockers, &mut owner, &mut seen) {
            return false;
        }
    }
    true
}

#[cfg(test)]
mod tests {
    use super::*;

    fn no(fen: &str, c: Color) -> bool {
        cannot_mate_semistatic(&Position::from_fen_lenient(fen).unwrap(), c)
    }

    #[test]
    fn blocked_chains() {
        let f = "2k5/b7/8/p1p1p1p1/P1P1P1P1/8/B5B1/4K3 w - - 0 1";
        assert!(no(f, Color::White));
        assert!(no(f, Color::Black));
        let f = "3k4/p2p2p1/P2P2P1/8/8/P2P4/P2P2P1/3K4 w - - 0 1";
        assert!(no(f, Color::White));
        assert!(no(f, Color::Black));
        // Knights and bishops walled in with the pawns; the kings cannot meet.
        let f = "k7/1p6/1Pp5/n1P5/N1p2B2/1pP5/1P6/1K6 w - - 0 1";
        assert!(no(f, Color::White));
        // The white king can never leave h1 (its only capture would be of a
        // defended pawn); dark bishops never check it.
        assert!(no("7k/8/8/3B4/8/6p1/1b4Pp/2b4K w - - 0 1", Color::Black));
        // Taking g2 always stalemates White: the pawn stays where it is.
        assert!(no(
            "8/8/7p/5p1P/3b1p1K/5Pp1/6P1/5kb1 b - - 0 1",
            Color::White
        ));
        // Open position: nothing proved.
        assert!(!no("4k3/8/8/8/8/8/8/R3K3 w - - 0 1", Color::White));
    }
}
