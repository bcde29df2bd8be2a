//! Cooperative ("helpmate") depth-first search with iterative deepening and a
//! transposition table: both sides play for a mate by the intended winner.
//! `can_mate` runs one per mating plan (module docs there): it needs memory
//! only for its transposition table and the current line, and its deep
//! dives find the long lines of free moves (lone-knight and lone-bishop
//! mates against material) that the uniform-cost search of module `search`
//! misses within its limit.
//!
//! Each move has a cost: progress (a capture or pawn push by the winner, a
//! useful promotion, a piece of the winner or the losing king heading for the
//! mating corner, a losing piece heading for the square next to that corner,
//! a pawn step of the loser that captures nothing) is free, ordinary moves cost 1 (free right after progress; a capture by
//! the loser is ordinary: in locked positions it is what opens the way),
//! moves that work against the plan (promoting to a piece that spoils the
//! mate) cost 3.
//! Iteration `n` explores every line of total cost at most `n`, cheapest
//! moves first and, among equally cheap ones, real progress first. The next
//! iteration's limit is the smallest total cost that reaches a position the
//! current one cut off (standard IDA*). The position key ignores move
//! counters.
//!
//! The search is also a proof: an iteration that never cut off a move to a
//! position it did not visit has visited every position reachable from the
//! root (all other branches end in mate, stalemate, or a position the static
//! or semi-static rules settle), so if it found no mate, there is none.
//!
//! A run that reaches its node limit stops in the middle of an iteration;
//! the next run resumes it: the positions on the interrupted line are
//! removed from the transposition table (everything else in it was fully
//! explored), so the resumed iteration re-enters them and skips the rest.

use super::semistatic::SemiCache;
use super::{cannot_mate_statically, legal_moves_into, KeyMap};
use crate::{Color, Move, Position, Role, Square};
use std::collections::hash_map::Entry;

use super::search::{chebyshev, knight_distance, Outcome};

struct Search<'a> {
    winner: Color,
    semi: &'a mut SemiCache,
    tt: KeyMap<u32>,
    nodes: usize,
    max_nodes: usize,
    cut: bool,
    /// The smallest raise of the cost limit that reaches a position cut off in
    /// this iteration.
    overshoot: u32,
    line: Vec<Move>,
    /// Reused move-ordering buffers (one per recursion level in use).
    pool: Vec<(Vec<Move>, Vec<Ordered>)>,
    /// The mating corner (relative to the winner) and its neighbours.
    corner: Square,
    corner_king: Square,
    corner_block: Square,
    /// Whether the loser's pawn steps are free (see [`Search::cost`]).
    pawns_free: bool,
}

/// A move with its cost, the moving piece and whether it is real progress.
type Ordered = (u32, Move, Role, bool);

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
                // A pawn's step towards promotion: the piece it becomes is
                // often the man that blocks its own king's last flight
                // square against a lone knight or bishop (issue 40: free,
                // such lines are found in a few milliseconds instead of a
                // second; pawn moves cannot be repeated, so free ones add
                // no cycles).
                Role::Pawn => self.pawns_free && !capture,
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

    /// Returns true when a mate was found (the line is in `self.line`).
    /// `key` is the Zobrist key of `pos`.
    fn dfs(&mut self, pos: &Position, key: u64, budget: u32, past_progress: bool) -> bool {
        self.nodes += 1;
        let (mut moves, mut order) = self.pool.pop().unwrap_or_default();
        legal_moves_into(pos, &mut moves);
        let result = self.expand(pos, key, budget, past_progress, &moves, &mut order);
        self.pool.push((moves, order));
        result
    }

    /// [`Search::dfs`] with the legal moves generated.
    fn expand(
        &mut self,
        pos: &Position,
        key: u64,
        budget: u32,
        past_progress: bool,
        moves: &[Move],
        order: &mut Vec<Ordered>,
    ) -> bool {
        if moves.is_empty() {
            return pos.turn() != self.winner && pos.is_check();
        }
        if self.nodes >= self.max_nodes {
            // Interrupted: this position counts as not visited.
            return false;
        }
        if self.line.len() >= MAX_PLIES {
            self.cut = true;
            self.overshoot = 1;
            return false;
        }
        match self.tt.entry(key) {
            Entry::Occupied(mut e) => {
                if *e.get() >= budget {
                    return false;
                }
                e.insert(budget);
            }
            Entry::Vacant(e) => {
                e.insert(budget);
            }
        }
        order.clear();
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
        // Cheapest first; among equally cheap moves, real progress first.
        order.sort_by_key(|e| (e.0, !e.3));
        let theirs = pos.by_color(pos.turn().other());
        let mut found = false;
        for &(c, m, role, progress) in order.iter() {
            if c > budget {
                // Cut by the cost limit; it only matters (for the proof and
                // for the next limit) when it leads somewhere not yet visited
                // in this iteration, and only until a cut with the least
                // possible overshoot (1) has been seen.
                if self.cut && self.overshoot <= 1 {
                    // Moves are sorted by cost: the rest are cut too.
                    break;
                }
                let nk = match pos.zobrist_after_move(key, m) {
                    Some(nk) => nk,
                    None => {
                        let mut next = pos.clone();
                        next.play_unchecked(m);
                        next.zobrist_after(pos, key)
                    }
                };
                if !self.tt.contains_key(&nk) {
                    self.cut = true;
                    self.overshoot = self.overshoot.min(c - budget);
                }
                continue;
            }
            // Check the transposition table before playing the move.
            let fast = pos.zobrist_after_move(key, m);
            if fast.is_some_and(|nk| self.tt.get(&nk).is_some_and(|&b| b >= budget - c)) {
                continue;
            }
            let mut next = pos.clone();
            next.play_unchecked(m);
            let nk = match fast {
                Some(nk) => nk,
                None => {
                    let nk = next.zobrist_after(pos, key);
                    if self.tt.get(&nk).is_some_and(|&b| b >= budget - c) {
                        continue;
                    }
                    nk
                }
            };
            debug_assert_eq!(nk, next.zobrist());
            let capture = theirs.contains(m.to()) || m.kind() == crate::MoveKind::EnPassant;
            // The static rules depend on the material only.
            if (capture || m.promotion_role().is_some())
                && cannot_mate_statically(&next, self.winner)
            {
                continue;
            }
            if (capture || role == Role::Pawn) && self.semi.proves(&next, nk, self.winner) {
                continue;
            }
            self.line.push(m);
            if self.dfs(&next, nk, budget - c, progress) {
                found = true;
                break;
            }
            self.line.pop();
            if self.nodes >= self.max_nodes {
                // Interrupted: forget this position, so that the resumed
                // iteration explores it again (its finished successors stay
                // in the table and are skipped).
                self.tt.remove(&key);
                break;
            }
        }
        found
    }
}

/// A resumable helpmate search for one question: [`DepthFirst::run`] continues
/// the iteration an earlier run was interrupted in (finished parts of it stay
/// in the transposition table), so runs with growing limits waste nothing.
pub(crate) struct DepthFirst {
    winner: Color,
    corner: Square,
    corner_king: Square,
    corner_block: Square,
    pawns_free: bool,
    /// The cost limit of the current iteration.
    limit: u32,
    root_key: u64,
    /// State of the current iteration, kept when a run is interrupted.
    tt: KeyMap<u32>,
    cut: bool,
    overshoot: u32,
    in_progress: bool,
}

impl DepthFirst {
    /// A search whose move costs follow the plan `(corner, corner_king,
    /// corner_block)` (see `search::plans`).
    pub(crate) fn with_plan(
        root: &Position,
        winner: Color,
        (corner, corner_king, corner_block): (Square, Square, Square),
        pawns_free: bool,
    ) -> DepthFirst {
        DepthFirst {
            pawns_free,
            winner,
            corner,
            corner_king,
            corner_block,
            limit: 0,
            root_key: root.zobrist(),
            tt: KeyMap::default(),
            cut: false,
            overshoot: u32::MAX,
            in_progress: false,
        }
    }

    /// Helpmate search from `root` (the position given to [`DepthFirst::new`]),
    /// expanding at most `max_nodes` positions in this run.
    pub(crate) fn run(
        &mut self,
        root: &Position,
        max_nodes: usize,
        semi: &mut SemiCache,
    ) -> Outcome {
        let mut s = Search {
            winner: self.winner,
            semi,
            tt: std::mem::take(&mut self.tt),
            nodes: 0,
            max_nodes,
            cut: self.cut,
            overshoot: self.overshoot,
            line: Vec::new(),
            pool: Vec::new(),
            corner: self.corner,
            corner_king: self.corner_king,
            corner_block: self.corner_block,
            pawns_free: self.pawns_free,
        };
        let outcome = loop {
            if !self.in_progress {
                s.cut = false;
                s.overshoot = u32::MAX;
                s.tt.clear();
                self.in_progress = true;
            }
            s.line.clear();
            let found = s.dfs(root, self.root_key, self.limit, false);
            if found {
                break Outcome::Mate(std::mem::take(&mut s.line));
            }
            if s.nodes >= s.max_nodes {
                // Interrupted: the next run resumes this iteration.
                break Outcome::OutOfBudget;
            }
            self.in_progress = false;
            if !s.cut {
                break Outcome::NoMate;
            }
            // No limit in between reaches anything new (standard IDA*).
            self.limit = self.limit.saturating_add(s.overshoot.clamp(1, PUNISH));
        };
        self.tt = s.tt;
        self.cut = s.cut;
        self.overshoot = s.overshoot;
        outcome
    }
}
