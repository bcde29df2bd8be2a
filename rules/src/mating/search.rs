//! Cooperative ("helpmate") search: both sides play for a mate by the
//! intended winner.
//!
//! Each move has a cost: progress (a capture or pawn push by the winner, a
//! useful promotion, a piece of the winner or the losing king heading for the
//! mating corner, a losing piece heading for the square next to that corner)
//! is free, ordinary moves cost 1 (free right after progress; a capture by
//! the loser is ordinary: in locked positions it is what opens the way),
//! moves that work against the plan (promoting to a piece that spoils the
//! mate) cost 3.
//!
//! Positions (by Zobrist key; move counters ignored) are expanded in order of
//! the cheapest total cost they were reached with (uniform-cost search with
//! one stack per cost): among equally cheap positions the one queued last
//! comes first, and a position's successors are queued so that real
//! progress comes out first, in move generation order. So the search follows
//! a line of free moves to its end before it tries the next one, as a
//! depth-first search would, and it tries costlier lines only when every
//! cheaper one is exhausted.
//!
//! A position is expanded once, with the cheapest cost it can be reached
//! with; once more only when it was expanded after an ordinary move and is
//! then reached at the same cost by real progress (its next ordinary move
//! is then free). It is reached again cheaply never: costs are not negative
//! and positions come out cheapest first.
//!
//! The search is also a proof: when nothing is left to expand, every
//! position reachable from the root has been expanded or settled (mate,
//! stalemate, or a position the static or semi-static rules settle), so if
//! it found no mate, there is none.
//!
//! The witness is read back along the parents: a position's parent is the
//! position it was last queued from before it was first expanded, and that
//! one was expanded before it, so the chain of parents always ends at the
//! root; every step is a legal move (and the line is replayed before it is
//! returned).

use super::semistatic::SemiCache;
use super::{cannot_mate_statically, KeyTable, MoveBuf, Probe};
use crate::attacks::knight_attacks;
use crate::{Bitboard, Color, Move, Position, Role, Square};
use std::sync::OnceLock;

pub(crate) enum Outcome {
    Mate(Vec<Move>),
    NoMate,
    OutOfBudget,
}

pub(super) fn chebyshev(a: Square, b: Square) -> u8 {
    a.file().abs_diff(b.file()).max(a.rank().abs_diff(b.rank()))
}

pub(super) fn knight_distance(a: Square, b: Square) -> u8 {
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

/// The plan the move costs follow: mate in a corner (relative to the
/// winner) with the winning king on `corner_king` and a losing piece
/// blocking on `corner_block`.
struct Plan {
    winner: Color,
    /// Per square: king distance to the corner, to the winning king's
    /// square and to the blocking square; knight distance to the corner and
    /// to the blocking square.
    to_corner: [u8; 64],
    to_corner_king: [u8; 64],
    to_corner_block: [u8; 64],
    knight_to_corner: [u8; 64],
    knight_to_corner_block: [u8; 64],
}

const REWARD: u32 = 0;
const NORMAL: u32 = 1;
const PUNISH: u32 = 3;

impl Plan {
    fn new(winner: Color, corner: Square, corner_king: Square, corner_block: Square) -> Plan {
        let table = |f: &dyn Fn(Square) -> u8| -> [u8; 64] {
            std::array::from_fn(|i| f(Square::from_index(i as u32)))
        };
        Plan {
            winner,
            to_corner: table(&|s| chebyshev(s, corner)),
            to_corner_king: table(&|s| chebyshev(s, corner_king)),
            to_corner_block: table(&|s| chebyshev(s, corner_block)),
            knight_to_corner: table(&|s| knight_distance(s, corner)),
            knight_to_corner_block: table(&|s| knight_distance(s, corner_block)),
        }
    }

    /// The distance table a move of `role` by the winner (or the loser)
    /// is rewarded for shortening, if any (see [`Plan::cost`]).
    #[inline]
    fn closer_table(&self, winner_moves: bool, role: Role) -> Option<&[u8; 64]> {
        if winner_moves {
            match role {
                Role::King => Some(&self.to_corner_king),
                Role::Knight => Some(&self.knight_to_corner),
                _ => None,
            }
        } else {
            match role {
                Role::King => Some(&self.to_corner),
                Role::Knight => Some(&self.knight_to_corner_block),
                Role::Bishop | Role::Rook | Role::Queen => Some(&self.to_corner_block),
                Role::Pawn => None,
            }
        }
    }

    /// The cost of `m` (a move of `role`, taking `captured`) in `pos`.
    fn cost(&self, pos: &Position, m: Move, role: Role, captured: bool) -> u32 {
        let from = m.from().index();
        let to = m.to().index();
        let closer = |t: &[u8; 64]| t[to] < t[from];
        if pos.turn() == self.winner {
            if let Some(p) = m.promotion_role() {
                return if matches!(p, Role::Queen | Role::Knight) {
                    REWARD
                } else {
                    PUNISH
                };
            }
            if captured || role == Role::Pawn {
                return REWARD;
            }
            let closer = match role {
                Role::King => closer(&self.to_corner_king),
                Role::Knight => closer(&self.knight_to_corner),
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
                Role::King => closer(&self.to_corner),
                Role::Knight => closer(&self.knight_to_corner_block),
                Role::Bishop | Role::Rook | Role::Queen => closer(&self.to_corner_block),
                Role::Pawn => false,
            };
            if closer {
                REWARD
            } else {
                // A capture by the loser is an ordinary move: it may well
                // be what opens a locked position.
                NORMAL
            }
        }
    }
}

/// What the search knows about a position it has generated (16 bytes: the
/// key table of a long search is what the processor's caches miss).
#[derive(Clone, Copy)]
struct Seen {
    /// The position it was (best) reached from, and the move.
    parent: u64,
    mv: Move,
    /// Bits 0–28: the cheapest total cost it was reached with so far; bit
    /// 29: reached by real progress (the next ordinary move is free); bits
    /// 30–31, "done": 0: not expanded yet; 1: expanded at that cost after an
    /// ordinary move (expanded again if reached at the same cost by real
    /// progress, which makes its next ordinary move free); 2: expanded after
    /// progress, or settled by the static rules: never queued again.
    state: u32,
}

/// Keys reserved per position a resumed search may expand, up to
/// [`RESERVE_MAX`] (beyond it the table grows as needed: a table reserved
/// for the last round's full limit costs more to set up than the rebuilds
/// it saves, and most searches end well before that limit).
const RESERVE_PER_EXPANSION: usize = 1;
const RESERVE_MAX: usize = 1 << 15;

/// The largest cost a [`Seen`] holds ([`Helpmate::run`] stops before a
/// cost could exceed it).
const MAX_COST: u32 = (1 << 29) - 1;

impl Seen {
    fn new(parent: u64, mv: Move, cost: u32, after_progress: bool, done: u8) -> Seen {
        debug_assert!(cost <= MAX_COST && done <= 2);
        Seen {
            parent,
            mv,
            state: (cost & MAX_COST) | (u32::from(after_progress) << 29) | (u32::from(done) << 30),
        }
    }

    #[inline]
    fn cost(&self) -> u32 {
        self.state & MAX_COST
    }

    #[inline]
    fn after_progress(&self) -> bool {
        self.state & (1 << 29) != 0
    }

    #[inline]
    fn done(&self) -> u8 {
        (self.state >> 30) as u8
    }

    #[inline]
    fn set_done(&mut self, done: u8) {
        self.state = (self.state & !(3 << 30)) | (u32::from(done) << 30);
    }

    #[inline]
    fn set_after_progress(&mut self) {
        self.state |= 1 << 29;
    }
}

impl Default for Seen {
    fn default() -> Seen {
        Seen::new(
            0,
            Move::normal(Square::from_index(0), Square::from_index(0)),
            0,
            false,
            0,
        )
    }
}

/// The role on an occupied square (pawns first: the locked positions the
/// searches spend their time in are mostly pawns).
#[inline]
pub(super) fn role_on(pos: &Position, sq: Square) -> Role {
    let b = Bitboard::from_square(sq);
    if (pos.by_role(Role::Pawn) & b).any() {
        Role::Pawn
    } else if (pos.by_role(Role::King) & b).any() {
        Role::King
    } else if (pos.by_role(Role::Bishop) & b).any() {
        Role::Bishop
    } else if (pos.by_role(Role::Knight) & b).any() {
        Role::Knight
    } else if (pos.by_role(Role::Rook) & b).any() {
        Role::Rook
    } else {
        Role::Queen
    }
}

/// Whether a successor reached at `cost` (by real progress or not) is worth
/// queueing, given what the search knows about it (see [`Helpmate::run`]).
#[inline]
fn wanted(s: &Seen, cost: u32, progress: bool) -> bool {
    match s.done() {
        0 => cost < s.cost() || (cost == s.cost() && progress && !s.after_progress()),
        1 => cost == s.cost() && progress,
        _ => false,
    }
}

/// A successor worth queueing, found in the first pass over the moves.
struct Candidate {
    m: Move,
    role: Role,
    captured: Option<Role>,
    key: u64,
    cost: u32,
    progress: bool,
    /// Where the successor is in `Helpmate::played`, when it was played to
    /// compute its key (`u32::MAX`: not played).
    played: u32,
}

/// A queued position.
struct Queued {
    pos: Position,
    key: u64,
    cost: u32,
    after_progress: bool,
    /// Reached by a capture or pawn move: the semi-static analysis applies
    /// before it is expanded.
    check_semi: bool,
}

/// The search for one question (see module docs); [`Helpmate::run`]
/// continues where the last run stopped.
pub(crate) struct Helpmate {
    plan: Plan,
    root_key: u64,
    seen: KeyTable<Seen>,
    /// Queued positions by total cost; each bucket is a stack.
    buckets: Vec<Vec<Queued>>,
    /// Emptied buckets below `current`, kept for their capacity (a new
    /// bucket takes one instead of growing from nothing).
    spare: Vec<Vec<Queued>>,
    /// No bucket below this one holds anything.
    current: usize,
    expanded: usize,
    moves: MoveBuf,
    /// The successors worth queueing (first pass over the moves).
    wanted: Vec<Candidate>,
    /// Successors played in the first pass (castling rights, en passant,
    /// castling and double steps: their keys come from the position).
    played: Vec<Position>,
}

impl Helpmate {
    pub(crate) fn new(root: &Position, winner: Color) -> Helpmate {
        let (corner, corner_king, corner_block) = corners(root, winner);
        let root_key = root.zobrist();
        let mut seen = KeyTable::with_capacity(256);
        seen.insert(
            root_key,
            Seen::new(
                root_key,
                Move::normal(Square::from_index(0), Square::from_index(0)),
                0,
                false,
                0,
            ),
        );
        Helpmate {
            plan: Plan::new(winner, corner, corner_king, corner_block),
            root_key,
            seen,
            buckets: vec![vec![Queued {
                pos: root.clone(),
                key: root_key,
                cost: 0,
                after_progress: false,
                check_semi: false,
            }]],
            spare: Vec::new(),
            current: 0,
            expanded: 0,
            moves: MoveBuf::new(),
            wanted: Vec::with_capacity(64),
            played: Vec::new(),
        }
    }

    /// Expands positions until `limit` positions have been expanded in all
    /// runs together.
    pub(crate) fn run(&mut self, limit: usize, semi: &mut SemiCache) -> Outcome {
        let winner = self.plan.winner;
        if self.expanded > 0 {
            let expected = (RESERVE_PER_EXPANSION * limit).min(RESERVE_MAX);
            self.seen.reserve(expected);
        }
        loop {
            while self.buckets.get(self.current).is_some_and(|b| b.is_empty()) {
                self.spare
                    .push(std::mem::take(&mut self.buckets[self.current]));
                self.current += 1;
            }
            if self.current >= self.buckets.len() {
                // Every reachable position has been expanded or settled.
                return Outcome::NoMate;
            }
            // Costs grow by at most 3 a move: stop before one could exceed
            // what a `Seen` holds (never within any real budget).
            if self.expanded >= limit || self.current + 3 > MAX_COST as usize {
                return Outcome::OutOfBudget;
            }
            let Some(q) = self.buckets[self.current].pop() else {
                continue;
            };
            let Some(s) = self.seen.get_mut(q.key) else {
                continue;
            };
            // A copy queued before a cheaper way to it was found, or already expanded.
            if s.done() == 2
                || s.cost() != q.cost
                || s.after_progress() != q.after_progress
                || (s.done() == 1 && !q.after_progress)
            {
                continue;
            }
            s.set_done(if q.after_progress { 2 } else { 1 });
            self.expanded += 1;
            let pos = &q.pos;
            let key = q.key;
            self.moves.fill(pos);
            if self.moves.as_slice().is_empty() {
                if pos.turn() != winner && pos.is_check() {
                    return Outcome::Mate(self.line_to(key));
                }
                continue;
            }
            if q.check_semi && semi.proves(pos, key, winner) {
                continue;
            }
            let us = pos.turn();
            let theirs = pos.by_color(us.other());
            let pawns = pos.by_role(Role::Pawn);
            // Whether keys can be updated from the move alone.
            let plain = pos.castling == [[None; 2]; 2] && pos.ep_square().is_none();
            // First pass: every move's cost and successor key; only the
            // successors worth queueing go on. Worth queueing: not
            // expanded yet and reached at least as cheaply (queued again on
            // top, so that the line being followed goes on through it: depth
            // first within a cost), or expanded after an ordinary move and
            // now reached by progress at the same cost. (The successors of
            // one position are distinct positions, so queueing one of them
            // does not change whether another is wanted.)
            self.wanted.clear();
            self.played.clear();
            // Moves come piece by piece: what depends on the piece alone
            // (its role, its part of the key, how far it is from where the
            // move costs want it) is worked out once per piece.
            let winner_moves = us == winner;
            let them = us.other();
            let side_key = key ^ crate::zobrist::black_to_move_key();
            let mut last_from = None;
            let mut role = Role::King;
            let mut piece_base = 0;
            let mut table: Option<&[u8; 64]> = None;
            for &m in self.moves.as_slice() {
                let from = m.from();
                let to = m.to();
                if last_from != Some(from) {
                    role = role_on(pos, from);
                    last_from = Some(from);
                    piece_base = side_key ^ crate::zobrist::piece_key(us, role, from);
                    table = self.plan.closer_table(winner_moves, role);
                }
                let capture = theirs.contains(to);
                let taking = capture || m.kind() == crate::MoveKind::EnPassant;
                let raw = if m.promotion_role().is_some() {
                    self.plan.cost(pos, m, role, taking)
                } else if (winner_moves && (taking || role == Role::Pawn))
                    || table.is_some_and(|t| t[to.index()] < t[from.index()])
                {
                    REWARD
                } else {
                    NORMAL
                };
                debug_assert_eq!(raw, self.plan.cost(pos, m, role, taking));
                let c = if raw == NORMAL && q.after_progress {
                    REWARD
                } else {
                    raw
                };
                let progress = raw == REWARD;
                let cost = q.cost + c;
                let captured = capture.then(|| role_on(pos, to));
                let fast = plain
                    && m.kind() == crate::MoveKind::Normal
                    && !(role == Role::Pawn && from.rank().abs_diff(to.rank()) == 2);
                // The successor's key first (most successors were seen
                // before); the successor itself only when it is wanted.
                let (nk, played) = if fast {
                    let nk = match m.promotion_role() {
                        None => {
                            let k = piece_base ^ crate::zobrist::piece_key(us, role, to);
                            match captured {
                                Some(c) => k ^ crate::zobrist::piece_key(them, c, to),
                                None => k,
                            }
                        }
                        Some(p) => crate::zobrist::key_after_plain_move(
                            key, us, role, p, from, to, captured,
                        ),
                    };
                    debug_assert_eq!(
                        nk,
                        crate::zobrist::key_after_plain_move(
                            key,
                            us,
                            role,
                            m.promotion_role().unwrap_or(role),
                            from,
                            to,
                            captured
                        )
                    );
                    (nk, u32::MAX)
                } else {
                    let mut next = pos.clone();
                    next.play_unchecked(m);
                    let nk = next.zobrist_after(pos, key);
                    self.played.push(next);
                    (nk, self.played.len() as u32 - 1)
                };
                if let Probe::Found(i) = self.seen.probe(nk) {
                    if !wanted(self.seen.at(i), cost, progress) {
                        continue;
                    }
                }
                self.wanted.push(Candidate {
                    m,
                    role,
                    captured,
                    key: nk,
                    cost,
                    progress,
                    played,
                });
            }
            // Stacks: what is pushed last is expanded first. Ordinary moves
            // first, then real progress; each in reverse generation order.
            for pass_progress in [false, true] {
                for i in (0..self.wanted.len()).rev() {
                    if self.wanted[i].progress != pass_progress {
                        continue;
                    }
                    let Candidate {
                        m,
                        role,
                        captured,
                        key: nk,
                        cost,
                        progress,
                        played,
                    } = self.wanted[i];
                    let from = m.from();
                    let probe = self.seen.probe(nk);
                    let again = match probe {
                        Probe::Found(i) => {
                            let s = self.seen.at(i);
                            if !wanted(s, cost, progress) {
                                continue;
                            }
                            s.done() == 1
                        }
                        Probe::Vacant(_) => false,
                    };
                    let capture = captured.is_some() || m.kind() == crate::MoveKind::EnPassant;
                    let slot = cost as usize;
                    if self.buckets.len() <= slot {
                        let spare = &mut self.spare;
                        self.buckets
                            .resize_with(slot + 1, || spare.pop().unwrap_or_default());
                    }
                    // The successor is made in its place on the stack (no
                    // copy of the position).
                    let bucket = &mut self.buckets[slot];
                    let next = match self.played.get(played as usize) {
                        Some(p) => p.clone(),
                        None => pos.clone(),
                    };
                    bucket.push(Queued {
                        pos: next,
                        key: nk,
                        cost,
                        after_progress: progress,
                        check_semi: capture || pawns.contains(from),
                    });
                    let Some(Queued { pos: next, .. }) = bucket.last_mut() else {
                        continue;
                    };
                    if played == u32::MAX {
                        let new_role = m.promotion_role().unwrap_or(role);
                        next.play_plain(from, m.to(), role, new_role, captured);
                    }
                    debug_assert_eq!(nk, next.zobrist());
                    if again {
                        // Keep its first parent: parents are always
                        // expanded before their children, so the chain
                        // of parents ends at the root.
                        if let Probe::Found(i) = probe {
                            self.seen.at(i).set_after_progress();
                        }
                    } else {
                        // The static rules depend on the material only.
                        let settled = (capture || m.promotion_role().is_some())
                            && cannot_mate_statically(next, winner);
                        let seen = Seen::new(key, m, cost, progress, if settled { 2 } else { 0 });
                        match probe {
                            Probe::Found(i) => *self.seen.at(i) = seen,
                            Probe::Vacant(i) => self.seen.insert_at(i, nk, seen),
                        }
                        if settled {
                            bucket.pop();
                        }
                    }
                }
            }
        }
    }

    /// The moves from the root to the position with key `key`.
    fn line_to(&self, key: u64) -> Vec<Move> {
        let mut line = Vec::new();
        let mut k = key;
        // Every parent was expanded before its child: the chain ends at the root.
        while k != self.root_key && line.len() <= self.seen.len() {
            match self.seen.get(k) {
                Some(s) => {
                    line.push(s.mv);
                    k = s.parent;
                }
                None => break,
            }
        }
        line.reverse();
        line
    }
}

/// The mating corner the move costs aim at, the winning king's square
/// and the blocking square next to it: a corner of the colour of the
/// winner's bishops (or, without them, the colour the loser's bishops cannot
/// guard), on the loser's home side.
pub(super) fn corners(root: &Position, winner: Color) -> (Square, Square, Square) {
    let loser = winner.other();
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
    (rel(7, 7), rel(7, 5), rel(6, 7))
}

/// The mating plans the last-resort depth-first searches follow in turn
/// (module `dfs`): the plan of [`corners`] first; then the same corner
/// with the winning king two squares from it along the rank instead of the
/// file (the blocking square then next to the corner along the file); then
/// both shapes in the corner nearest the losing king, then in the other
/// corners, among the corners of the colour of the first one (any corner
/// when neither side has a bishop): at most eight plans. A lone knight
/// mates a king in a corner its own men block, and the shortest such line
/// often uses the corner the king already stands in, the one its pawn
/// promotes next to, or the winning king on the other side of the corner
/// (issue 40: with the first plan alone, such questions stayed unknown).
pub(super) fn plans(root: &Position, winner: Color) -> Vec<(Square, Square, Square)> {
    let first = corners(root, winner);
    // The other shape of a plan in corner `c`: king two squares away along
    // the rank, blocker next to the corner along the file.
    let shapes = |c: Square| -> [(Square, Square, Square); 2] {
        let (f, r) = (c.file(), c.rank());
        let toward = |x: u8, d: u8| if x == 0 { x + d } else { x - d };
        let sq = |f: u8, r: u8| Square::from_coords(f, r).unwrap_or(c);
        [
            (c, sq(f, toward(r, 2)), sq(toward(f, 1), r)),
            (c, sq(toward(f, 2), r), sq(f, toward(r, 1))),
        ]
    };
    let mut out = vec![first];
    out.extend(shapes(first.0));
    let loser = winner.other();
    let bishops = pos_bishops(root, winner) | pos_bishops(root, loser);
    if let Some(k) = root.king_of(loser) {
        let allowed = |c: Square| -> bool {
            if bishops.is_empty() {
                return true;
            }
            // The colour of the first plan's corner.
            Bitboard::DARK.contains(c) == Bitboard::DARK.contains(first.0)
        };
        let nearest = [(0u8, 0u8), (7, 0), (0, 7), (7, 7)]
            .into_iter()
            .filter_map(|(f, r)| Square::from_coords(f, r))
            .filter(|&c| allowed(c))
            .min_by_key(|&c| chebyshev(c, k));
        if let Some(c) = nearest {
            out.extend(shapes(c));
        }
        for (f, r) in [(0u8, 0u8), (7, 0), (0, 7), (7, 7)] {
            if let Some(c) = Square::from_coords(f, r).filter(|&c| allowed(c)) {
                out.extend(shapes(c));
            }
        }
    }
    let mut plans: Vec<(Square, Square, Square)> = Vec::with_capacity(out.len());
    for p in out {
        if !plans.contains(&p) {
            plans.push(p);
        }
    }
    plans
}

fn pos_bishops(pos: &Position, c: Color) -> Bitboard {
    pos.pieces(c, Role::Bishop)
}
