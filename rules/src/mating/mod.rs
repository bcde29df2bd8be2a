//! "Can this side still checkmate by any series of legal moves?" (art. 5.2(b),
//! 6.9, 7.4(b), 9.6, 12.3(b)), exactly where it can be decided within a budget.
//!
//! The answer is [`CanMate::Yes`] with a witness (a line of legal moves ending
//! in mate by that side, re-played and checked before it is returned),
//! [`CanMate::No`] with a proof, or [`CanMate::Unknown`] when the budget runs
//! out. How:
//!
//! 1. terminal positions and sound static rules: a bare king; a lone knight or
//!    bishop against a bare king; only bishops on one square colour on both
//!    sides (a mated king always has a flight square of the other colour that
//!    nothing can cover or block); a lone bishop against only rooks, queens and
//!    bishops of its own colour (a rook or queen always stands ready to
//!    interpose) or a lone knight against only queens (one of them can always
//!    take the knight): see `cannot_mate_statically`;
//! 2. a semi-static proof (module `semistatic`): pieces that can never move
//!    nor be captured (locked pawn chains and what they wall in), the regions
//!    the other pieces can ever reach, and for every square the losing king
//!    can reach, whether it could be attacked with every flight square covered
//!    or blocked; a king capture that always stalemates at once does not
//!    count as freeing a piece;
//! 3. two guided cooperative play-outs (fixed-seed random tie-break): the
//!    mating side promotes, captures and brings its pieces; the other side
//!    walks its king to the edge or offers its material; mate in one is
//!    checked every move;
//! 4. a quick helpmate search (module `search`: depth-first, iterative
//!    deepening on a move cost where progress is free, transposition table by
//!    Zobrist key) and a quick breadth-first search of every reachable
//!    position; both prune positions the static rules settle and, after a
//!    capture or pawn move, the semi-static proof. Either one is a proof of
//!    `No` when it runs out of positions before its limit;
//! 5. the remaining play-outs, then the two searches again with 1/16 of the
//!    full limits and with the full limits, then `Unknown`.
//!
//! The default budget ([`Budget::default`]) is 2,000 then 62,500 then
//! 1,000,000 helpmate-search positions, 5,000 then 62,500 then 1,000,000
//! breadth-first positions, and 24 play-outs of up to 300 plies that together
//! evaluate at most 150,000 candidate moves. On the shared fixture samples
//! (1,258 questions) nothing is left undecided; the slowest question takes
//! about 0.3 s on the development machine (see `PERFORMANCE.md`).
//!
//! ```
//! use rules::{can_mate, CanMate, Color, Position};
//! let kq = Position::from_fen("7k/8/5K2/8/8/8/8/Q7 w - - 0 1").unwrap();
//! assert!(matches!(can_mate(&kq, Color::White), CanMate::Yes(_)));
//! assert_eq!(can_mate(&kq, Color::Black), CanMate::No);
//! let kn = Position::from_fen("7k/8/5K2/8/8/8/8/N7 w - - 0 1").unwrap();
//! assert_eq!(can_mate(&kn, Color::White), CanMate::No);
//! ```

use crate::attacks::Prng;
use crate::{Bitboard, Color, Move, Position, Role, Square};
use std::collections::{HashMap, HashSet, VecDeque};

mod search;
mod semistatic;

use semistatic::{cannot_mate_semistatic, SemiCache};
use std::hash::{BuildHasherDefault, Hasher};

/// Zobrist keys are already uniformly random: hashing them again (SipHash)
/// only costs time.
#[derive(Default)]
pub(crate) struct KeyHasher(u64);

impl Hasher for KeyHasher {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = self.0.rotate_left(8) ^ u64::from(b);
        }
    }
    fn write_u64(&mut self, n: u64) {
        self.0 = n;
    }
}

pub(crate) type KeyMap<V> = HashMap<u64, V, BuildHasherDefault<KeyHasher>>;
type KeySet = HashSet<u64, BuildHasherDefault<KeyHasher>>;

/// The answer to "can `color` still mate?".
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CanMate {
    /// Yes: a line of legal moves from the position that ends in mate by that side
    /// (empty when the position already is mate by that side).
    Yes(Vec<Move>),
    /// No series of legal moves ends in mate by that side.
    No,
    /// Not decided within the search budget.
    Unknown,
}

/// Search limits for [`can_mate_with`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Budget {
    /// Positions the first, quick helpmate search may visit.
    pub quick_search_nodes: usize,
    /// Positions the last helpmate search may visit (the one before it: 1/16).
    pub search_nodes: usize,
    /// Positions the first, quick exhaustive search may expand.
    pub quick_proof_nodes: usize,
    /// Positions the last exhaustive search may expand (the one before it: 1/16).
    pub proof_nodes: usize,
    /// Number of guided play-outs.
    pub playouts: u32,
    /// Plies per play-out.
    pub playout_plies: u32,
    /// Candidate moves the play-outs may evaluate in total.
    pub playout_work: usize,
}

impl Default for Budget {
    fn default() -> Budget {
        Budget {
            quick_search_nodes: 2_000,
            search_nodes: 1_000_000,
            quick_proof_nodes: 5_000,
            proof_nodes: 1_000_000,
            playouts: 24,
            playout_plies: 300,
            playout_work: 150_000,
        }
    }
}

/// Can `color` checkmate from `pos` by some series of legal moves? (default budget)
pub fn can_mate(pos: &Position, color: Color) -> CanMate {
    can_mate_with(pos, color, &Budget::default())
}

/// Whether the position is dead (art. 5.2(b), 9.6): neither side can mate.
/// `None` when undecided within the budget.
pub fn is_dead_position(pos: &Position) -> Option<bool> {
    let w = can_mate(pos, Color::White);
    if matches!(w, CanMate::Yes(_)) {
        return Some(false);
    }
    let b = can_mate(pos, Color::Black);
    match (w, b) {
        (_, CanMate::Yes(_)) => Some(false),
        (CanMate::No, CanMate::No) => Some(true),
        _ => None,
    }
}

/// [`can_mate`] with explicit limits.
pub fn can_mate_with(pos: &Position, winner: Color, budget: &Budget) -> CanMate {
    let moves = pos.legal_moves();
    if moves.is_empty() {
        return if pos.is_check() && pos.turn() != winner {
            CanMate::Yes(Vec::new())
        } else {
            CanMate::No
        };
    }
    if cannot_mate_statically(pos, winner) || cannot_mate_semistatic(pos, winner) {
        return CanMate::No;
    }
    let mut rng = Prng(0x5eed_1234_abcd_ef01 ^ pos.zobrist());
    let mut work = budget.playout_work;
    // Play-outs alternate two plans: build a mating net, or win material first.
    let mut playouts = |range: std::ops::Range<u32>| {
        for i in range {
            let line = playout(
                pos,
                winner,
                &mut rng,
                budget.playout_plies,
                &mut work,
                i % 2 == 1,
            );
            if let Some(CanMate::Yes(l)) = line.map(|line| verified(pos, winner, line)) {
                return Some(CanMate::Yes(l));
            }
        }
        None
    };
    let mut semi = SemiCache::default();
    // Most positions with mating material give a witness on the first tries.
    let first = budget.playouts.min(2);
    if let Some(yes) = playouts(0..first) {
        return yes;
    }
    match search::helpmate(pos, winner, budget.quick_search_nodes, &mut semi) {
        search::Outcome::Mate(line) => return verified(pos, winner, line),
        search::Outcome::NoMate => return CanMate::No,
        search::Outcome::OutOfBudget => {}
    }
    match exhaustive(pos, winner, budget.quick_proof_nodes, &mut semi) {
        Proof::Mate(line) => return verified(pos, winner, line),
        Proof::NoMate => return CanMate::No,
        Proof::OutOfBudget => {}
    }
    if let Some(yes) = playouts(first..budget.playouts) {
        return yes;
    }
    // Then alternate the two searches with growing limits.
    for div in [16, 1] {
        match search::helpmate(pos, winner, budget.search_nodes / div, &mut semi) {
            search::Outcome::Mate(line) => return verified(pos, winner, line),
            search::Outcome::NoMate => return CanMate::No,
            search::Outcome::OutOfBudget => {}
        }
        match exhaustive(pos, winner, budget.proof_nodes / div, &mut semi) {
            Proof::Mate(line) => return verified(pos, winner, line),
            Proof::NoMate => return CanMate::No,
            Proof::OutOfBudget => {}
        }
    }
    CanMate::Unknown
}

/// Replays a witness; returns `Yes` only if it is legal and ends in mate by `winner`.
fn verified(pos: &Position, winner: Color, line: Vec<Move>) -> CanMate {
    let mut p = pos.clone();
    for &m in &line {
        match p.play(m) {
            Ok(next) => p = next,
            Err(_) => return CanMate::Unknown,
        }
    }
    if p.turn() != winner && p.is_checkmate() {
        CanMate::Yes(line)
    } else {
        CanMate::Unknown
    }
}

fn value(role: Role) -> i32 {
    match role {
        Role::Pawn => 10,
        Role::Knight | Role::Bishop => 30,
        Role::Rook => 50,
        Role::Queen => 90,
        Role::King => 0,
    }
}

/// Sound static rules: `true` means `winner` can never mate (see module docs).
pub fn cannot_mate_statically(pos: &Position, winner: Color) -> bool {
    let loser = winner.other();
    let w = pos.by_color(winner);
    let l = pos.by_color(loser);
    let kings = pos.by_role(Role::King);
    let w_other = w.minus(kings);
    if w_other.is_empty() {
        return true;
    }
    let l_other = l.minus(kings);
    let minors = pos.by_role(Role::Knight) | pos.by_role(Role::Bishop);
    // A lone minor piece cannot mate a bare king.
    if l_other.is_empty() && w_other.count() == 1 && (w_other & minors).any() {
        return true;
    }
    // A lone bishop against rooks, queens and bishops of its own square colour:
    // a bishop check leaves the two squares next to the king and next to the
    // interposing square (both of the other colour) to be covered; the mating
    // king covers at most one, so a rook or queen of the defender stands on the
    // other and can always interpose or capture. Never mate.
    let bishops_w = pos.pieces(winner, Role::Bishop);
    if w_other == bishops_w && bishops_w.count() == 1 {
        let colour = if (bishops_w & Bitboard::LIGHT).any() {
            Bitboard::LIGHT
        } else {
            Bitboard::DARK
        };
        let heavy = pos.by_role(Role::Rook) | pos.by_role(Role::Queen);
        let same_colour_bishops = pos.by_role(Role::Bishop) & colour;
        if l_other.minus(heavy | same_colour_bishops).is_empty() {
            return true;
        }
    }
    // A lone knight against queens only: of the two squares next to both the
    // king and the checking knight, one would hold a queen (which takes the
    // knight) unless the mating king covers both, from the one square that can;
    // then the square beside the king on the knight's side is a flight square
    // or holds a queen that takes the knight along the line. Never mate.
    let knights_w = pos.pieces(winner, Role::Knight);
    if w_other == knights_w
        && knights_w.count() == 1
        && l_other.minus(pos.by_role(Role::Queen)).is_empty()
    {
        return true;
    }
    // Only bishops on one square colour, on both sides.
    let bishops = pos.by_role(Role::Bishop);
    let all_other = w_other | l_other;
    if all_other.minus(bishops).is_empty() {
        let on_light = (all_other & Bitboard::LIGHT).any();
        let on_dark = (all_other & Bitboard::DARK).any();
        if !(on_light && on_dark) {
            return true;
        }
    }
    false
}

enum Proof {
    Mate(Vec<Move>),
    NoMate,
    OutOfBudget,
}

/// Breadth-first search of all reachable positions (no move preferences): a
/// proof of `No` when the reachable set is small (positions compared by
/// Zobrist key, so move counters are ignored), pruned by the static rules and,
/// after captures and pawn moves, by the semi-static analysis. Finds the
/// shortest mate when one is near.
fn exhaustive(root: &Position, winner: Color, limit: usize, semi: &mut SemiCache) -> Proof {
    let root_key = root.zobrist();
    let mut parent: KeyMap<(u64, Move)> = KeyMap::default();
    let mut queue: VecDeque<(Position, u64)> = VecDeque::new();
    parent.insert(
        root_key,
        (
            root_key,
            Move::normal(Square::from_index(0), Square::from_index(0)),
        ),
    );
    queue.push_back((root.clone(), root_key));
    let mut expanded = 0usize;
    while let Some((pos, key)) = queue.pop_front() {
        if expanded >= limit {
            return Proof::OutOfBudget;
        }
        expanded += 1;
        let moves = pos.legal_moves();
        if moves.is_empty() {
            if pos.turn() != winner && pos.is_check() {
                // Found: walk back to the root.
                let mut line = Vec::new();
                let mut k = key;
                while k != root_key {
                    match parent.get(&k) {
                        Some(&(pk, pm)) => {
                            line.push(pm);
                            k = pk;
                        }
                        None => break,
                    }
                }
                line.reverse();
                return Proof::Mate(line);
            }
            continue;
        }
        let occ = pos.occupied();
        let pawns = pos.by_role(Role::Pawn);
        for &m in moves.iter() {
            let mut next = pos.clone();
            next.play_unchecked(m);
            let nk = next.zobrist();
            if parent.contains_key(&nk) {
                continue;
            }
            if cannot_mate_statically(&next, winner) {
                continue;
            }
            let irreversible = pawns.contains(m.from()) || (occ.contains(m.to()) && !m.is_castle());
            if irreversible && semi.proves(&next, nk, winner) {
                continue;
            }
            parent.insert(nk, (key, m));
            queue.push_back((next, nk));
        }
    }
    Proof::NoMate
}

fn chebyshev(a: crate::Square, b: crate::Square) -> i32 {
    i32::from(a.file().abs_diff(b.file()).max(a.rank().abs_diff(b.rank())))
}

/// How promising a position is for a cooperative mate by `winner` (higher is better).
fn score(pos: &Position, winner: Color, material_first: bool) -> i32 {
    let loser = winner.other();
    let mut wmat = 0;
    let mut lmat = 0;
    for role in [
        Role::Knight,
        Role::Bishop,
        Role::Rook,
        Role::Queen,
        Role::Pawn,
    ] {
        wmat += value(role) * pos.pieces(winner, role).count() as i32;
        lmat += value(role) * pos.pieces(loser, role).count() as i32;
    }
    for sq in pos.pieces(winner, Role::Pawn) {
        let adv = if winner == Color::White {
            i32::from(sq.rank())
        } else {
            7 - i32::from(sq.rank())
        };
        wmat += adv * adv / 2;
    }
    let (Some(wk), Some(lk)) = (pos.king_of(winner), pos.king_of(loser)) else {
        return i32::MIN / 2;
    };
    let f = i32::from(lk.file());
    let r = i32::from(lk.rank());
    let edge = f.min(7 - f).min(r).min(7 - r);
    let kd = chebyshev(wk, lk);
    // Bring the mating side's pieces near the target king, and the defending
    // side's pieces next to their own king (where they block its flight squares).
    let mut near = 0;
    for sq in pos
        .by_color(winner)
        .minus(pos.by_role(Role::King) | pos.by_role(Role::Pawn))
    {
        near -= chebyshev(sq, lk);
    }
    for sq in pos
        .by_color(loser)
        .minus(pos.by_role(Role::King) | pos.by_role(Role::Pawn))
    {
        near -= chebyshev(sq, lk);
    }
    let heavy = (pos.pieces(winner, Role::Queen) | pos.pieces(winner, Role::Rook)).any();
    if material_first && !heavy {
        // Clear the way first: win the other side's material and promote. The
        // loser's pieces walk up to the winning king (to be taken) and its
        // pawns run; the winning king heads for them.
        let mut offer = 0;
        let mut hunt = 0;
        for sq in pos.by_color(loser).minus(pos.by_role(Role::King)) {
            let d = chebyshev(sq, wk);
            offer -= d;
            hunt = hunt.min(-d);
        }
        for sq in pos.pieces(loser, Role::Pawn) {
            let adv = if loser == Color::White {
                i32::from(sq.rank())
            } else {
                7 - i32::from(sq.rank())
            };
            offer += adv;
        }
        4 * wmat - 3 * lmat - 2 * edge - kd + offer + 2 * hunt
    } else {
        4 * wmat - lmat - 8 * edge - 4 * kd + 2 * near
    }
}

fn playout(
    root: &Position,
    winner: Color,
    rng: &mut Prng,
    max_plies: u32,
    work: &mut usize,
    material_first: bool,
) -> Option<Vec<Move>> {
    let mut pos = root.clone();
    let mut line = Vec::new();
    let mut seen: KeySet = KeySet::default();
    for _ in 0..max_plies {
        let moves = pos.legal_moves();
        if moves.is_empty() || *work < moves.len() {
            return None;
        }
        *work -= moves.len();
        if pos.turn() == winner {
            for &m in moves.iter() {
                let mut next = pos.clone();
                next.play_unchecked(m);
                if next.is_checkmate() {
                    line.push(m);
                    return Some(line);
                }
            }
        }
        let mut best: Option<(i32, Move, Position)> = None;
        for &m in moves.iter() {
            let mut next = pos.clone();
            next.play_unchecked(m);
            if cannot_mate_statically(&next, winner) {
                continue;
            }
            let mut s = score(&next, winner, material_first) + (rng.next() % 24) as i32;
            let key = quick_key(&next);
            if seen.contains(&key) {
                s -= 200;
            }
            if next.turn() == winner && next.is_check() {
                // The winner in check gets in the way of the plan.
                s -= 10;
            }
            if best.as_ref().is_none_or(|(bs, _, _)| s > *bs) {
                best = Some((s, m, next));
            }
        }
        let (_, m, next) = best?;
        if next.count_legal_moves() == 0 {
            // Stalemate or mate of the winner: this line is lost.
            return None;
        }
        seen.insert(quick_key(&next));
        line.push(m);
        pos = next;
    }
    None
}

/// A cheap position key (pieces and side to move) for cycle avoidance.
fn quick_key(pos: &Position) -> u64 {
    let mut h: u64 = if pos.turn() == Color::White { 1 } else { 2 };
    for bb in pos.by_role.iter().chain(pos.by_color.iter()) {
        h = (h ^ bb.0)
            .wrapping_mul(0x9e37_79b9_7f4a_7c15)
            .rotate_left(23);
    }
    h
}

#[cfg(test)]
mod tests {
    use super::*;

    fn fen(s: &str) -> Position {
        Position::from_fen(s).unwrap()
    }

    #[test]
    fn static_rules() {
        assert!(cannot_mate_statically(
            &fen("8/8/8/4k3/8/8/8/4K3 w - - 0 1"),
            Color::White
        ));
        assert!(cannot_mate_statically(
            &fen("8/8/8/4k3/8/8/8/3BK3 w - - 0 1"),
            Color::White
        ));
        assert!(!cannot_mate_statically(
            &fen("8/8/8/4k3/8/8/8/2B1KB2 w - - 0 1"),
            Color::White
        ));
        // Bishops on one colour on both sides.
        assert!(cannot_mate_statically(
            &fen("8/8/1b6/4k3/8/8/8/2B1K3 w - - 0 1"),
            Color::White
        ));
    }

    #[test]
    fn forced_capture_leaves_bare_king() {
        // Lichess ai1EGv56: White must take the rook; Black is left with a bare king.
        let p = fen("8/8/8/4R2P/8/5k2/7K/7r w - - 9 48");
        assert_eq!(can_mate(&p, Color::Black), CanMate::No);
        assert!(matches!(can_mate(&p, Color::White), CanMate::Yes(_)));
    }

    #[test]
    fn witness_is_checked() {
        let p = fen("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1");
        match can_mate(&p, Color::White) {
            CanMate::Yes(line) => assert_eq!(line.len(), 1),
            other => panic!("{other:?}"),
        }
    }
}
