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
//! 3. a guided cooperative play-out (fixed-seed random tie-break): the
//!    mating side brings its pieces and builds a net; the other side walks
//!    its king to the edge; mate in one is checked every move (the
//!    play-outs of step 6 alternate this plan with one where the mating side
//!    first promotes and captures and the other side offers its material);
//! 4. a quick cooperative ("helpmate") search (module `search`): a
//!    uniform-cost search over positions (Zobrist key, move counters
//!    ignored) on a move cost where progress towards a mate is free,
//!    depth first among positions of equal cost, so that it follows a
//!    promising line to its end; every position is expanded once (twice at
//!    most, see the module), so it needs no more positions to exhaust the
//!    reachable set than a breadth-first search;
//! 5. a quick breadth-first search of every reachable position (the
//!    shortest mate where it is near but the move costs lead astray);
//! 6. seven more play-outs, then the search of step 4 resumed with four
//!    times the limit each round until its full limit (the rest of the
//!    breadth-first search and the remaining play-outs after its first
//!    round);
//! 7. depth-first helpmate searches (module `dfs`: iterative deepening on
//!    the same move costs, transposition table by Zobrist key), one per
//!    mating plan (the corner of step 4 and the others, the winning king
//!    on either side of the corner: `search::plans`) and way of costing
//!    the loser's pawn steps (free or not), each resumed with four times
//!    the limit each round. Against a lone knight or bishop they run from
//!    the start, a round after each round of steps 4 and 6; otherwise they
//!    are the last resort, after step 6. They need little memory and their
//!    deep dives find the long lines of free moves of lone-knight and
//!    lone-bishop mates against material (the losing king boxed in a
//!    corner by its own men, often promoted ones) that the uniform-cost
//!    search misses in millions of positions (issue 40: one plan, run only
//!    after the uniform-cost search, left such questions unknown after a
//!    second; sixteen from the start settle them in milliseconds). Then
//!    `Unknown`.
//!
//! All searches prune positions the static rules settle and, after a
//! capture or pawn move, the semi-static proof; each one is a proof of
//! `No` when it runs out of positions before its limit (every reachable
//! position was expanded or settled). A single search that both looks for
//! the mate and exhausts the positions replaced (issue 18) a depth-first
//! helpmate search with iterative deepening beside a long breadth-first
//! search: each did work the other one then did again.
//!
//! The default budget ([`Budget::default`]) is 2,000 positions for the quick
//! search, then 8,000, 32,000, … up to 250,000 positions in all; 5,000
//! breadth-first positions; for the depth-first searches together
//! 1,000,000 positions in the last round (each of the at most sixteen
//! 500, 2,000, 8,000, … positions a round up to its share); and 24
//! play-outs of up to 300 plies that
//! together evaluate at most 150,000 candidate moves. On the shared fixture
//! samples (1,258 questions) nothing is left undecided (figures in
//! `PERFORMANCE.md`).
//!
//! Speed: successor keys are computed incrementally (from the moving and
//! the captured role, read from the bitboards) and looked up before the
//! move is played, in an open-addressing table of keys (`KeyTable`); a
//! successor that is wanted is made with `Position::play_plain` (a few bit
//! operations) where no castling right or en passant square is involved;
//! the static rules are re-checked only when material changes; the
//! semi-static verdicts are cached by placement (side to move ignored) and,
//! where they keep failing in a search, applied to a sample of the
//! positions only (a pruning aid, never needed for soundness).
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

mod dfs;
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

/// Legal moves into a reusable vector (a `MoveList` is a large array that
/// every call would initialise and copy).
impl crate::movegen::MoveSink for Vec<Move> {
    #[inline]
    fn push(&mut self, m: Move) {
        Vec::push(self, m);
    }
}

/// The legal moves of a position in a reused fixed buffer: pushing a move is
/// a store and an increment (no capacity check against a growing vector).
/// 256 entries: no legal position has more than 218 moves.
pub(crate) struct MoveBuf {
    moves: Box<[Move; 256]>,
    len: usize,
}

impl MoveBuf {
    pub(crate) fn new() -> MoveBuf {
        let none = Move::normal(Square::from_index(0), Square::from_index(0));
        MoveBuf {
            moves: Box::new([none; 256]),
            len: 0,
        }
    }

    /// The legal moves of `pos` (what was there before is dropped).
    #[inline]
    pub(crate) fn fill(&mut self, pos: &Position) {
        self.len = 0;
        pos.generate(self);
    }

    #[inline]
    pub(crate) fn as_slice(&self) -> &[Move] {
        &self.moves[..self.len]
    }
}

impl crate::movegen::MoveSink for MoveBuf {
    #[inline]
    fn push(&mut self, m: Move) {
        self.moves[self.len] = m;
        self.len += 1;
    }
}

/// The legal moves of `pos`, into `buf` (cleared first).
pub(crate) fn legal_moves_into(pos: &Position, buf: &mut Vec<Move>) {
    buf.clear();
    pos.generate(buf);
}

pub(crate) type KeyMap<V> = HashMap<u64, V, BuildHasherDefault<KeyHasher>>;

/// Where a key is (or would go) in a [`KeyTable`].
#[derive(Clone, Copy)]
pub(crate) enum Probe {
    Found(usize),
    Vacant(usize),
}

/// A map from Zobrist keys to small values for the searches: open
/// addressing with linear probing, at most 3/4 full (the keys are
/// uniformly random, so the low bits are the hash), one probe per look-up
/// or insertion, entries stored inline beside their keys. Key 0 marks an
/// empty slot, so the value of key 0 itself is kept apart (exact for every
/// key).
pub(crate) struct KeyTable<V: Copy + Default> {
    slots: Vec<(u64, V)>,
    len: usize,
    zero: Option<V>,
}

/// The index [`KeyTable::probe`] gives key 0.
const ZERO_SLOT: usize = usize::MAX;

impl<V: Copy + Default> KeyTable<V> {
    /// An empty table with room for `capacity` keys before it grows.
    pub(crate) fn with_capacity(capacity: usize) -> KeyTable<V> {
        let n = (capacity.max(8) * 2).next_power_of_two();
        KeyTable {
            slots: vec![(0, V::default()); n],
            len: 0,
            zero: None,
        }
    }

    pub(crate) fn len(&self) -> usize {
        self.len
    }

    #[inline]
    pub(crate) fn probe(&self, key: u64) -> Probe {
        if key == 0 {
            return match self.zero {
                Some(_) => Probe::Found(ZERO_SLOT),
                None => Probe::Vacant(ZERO_SLOT),
            };
        }
        let mask = self.slots.len() - 1;
        let mut i = key as usize & mask;
        loop {
            let k = self.slots[i].0;
            if k == key {
                return Probe::Found(i);
            }
            if k == 0 {
                return Probe::Vacant(i);
            }
            i = (i + 1) & mask;
        }
    }

    /// The value at a slot [`KeyTable::probe`] found.
    #[inline]
    pub(crate) fn at(&mut self, slot: usize) -> &mut V {
        if slot == ZERO_SLOT {
            self.zero.get_or_insert_with(V::default)
        } else {
            &mut self.slots[slot].1
        }
    }

    /// Stores `key` with `value` in the vacant slot [`KeyTable::probe`]
    /// gave it (no other insertion in between); slot numbers change when
    /// the table grows, so probe again afterwards.
    #[inline]
    pub(crate) fn insert_at(&mut self, slot: usize, key: u64, value: V) {
        if slot == ZERO_SLOT {
            self.zero = Some(value);
            self.len += 1;
            return;
        }
        debug_assert_eq!(self.slots[slot].0, 0);
        self.slots[slot] = (key, value);
        self.len += 1;
        if self.len * 4 > self.slots.len() * 3 {
            self.grow();
        }
    }

    pub(crate) fn get(&self, key: u64) -> Option<&V> {
        match self.probe(key) {
            Probe::Found(ZERO_SLOT) => self.zero.as_ref(),
            Probe::Found(i) => Some(&self.slots[i].1),
            Probe::Vacant(_) => None,
        }
    }

    pub(crate) fn get_mut(&mut self, key: u64) -> Option<&mut V> {
        match self.probe(key) {
            Probe::Found(i) => Some(self.at(i)),
            Probe::Vacant(_) => None,
        }
    }

    /// Inserts or replaces.
    pub(crate) fn insert(&mut self, key: u64, value: V) {
        match self.probe(key) {
            Probe::Found(i) => *self.at(i) = value,
            Probe::Vacant(i) => self.insert_at(i, key, value),
        }
    }

    /// Makes room for `n` keys in all (one rebuild instead of several).
    pub(crate) fn reserve(&mut self, n: usize) {
        let mut slots = self.slots.len();
        while n * 4 > slots * 3 {
            slots *= 2;
        }
        if slots > self.slots.len() {
            self.rebuild(slots);
        }
    }

    fn grow(&mut self) {
        // Quadruple while small (fewer rebuilds), double once large: the
        // large tables of the long searches are what the processor's caches
        // miss, so they stay at least 3/8 full (with at most half full they
        // took fewer instructions and more time).
        let n = self.slots.len() * if self.slots.len() < 1 << 14 { 4 } else { 2 };
        self.rebuild(n);
    }

    fn rebuild(&mut self, n: usize) {
        let old = std::mem::replace(&mut self.slots, vec![(0, V::default()); n]);
        let mask = self.slots.len() - 1;
        // By reference: only the occupied slots are copied.
        for e in &old {
            if e.0 == 0 {
                continue;
            }
            let mut i = e.0 as usize & mask;
            while self.slots[i].0 != 0 {
                i = (i + 1) & mask;
            }
            self.slots[i] = *e;
        }
    }
}
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
    /// Positions the first, quick round of the cooperative search may expand.
    pub quick_search_nodes: usize,
    /// Positions the cooperative search may expand in all its rounds
    /// together (each round may expand four times as many as the one
    /// before).
    pub search_nodes: usize,
    /// Positions the quick breadth-first search may expand (a fifth of
    /// them before the first round of the cooperative search, the rest
    /// after it).
    pub quick_proof_nodes: usize,
    /// Positions the depth-first helpmate searches with iterative
    /// deepening (step 7 of the module docs) may visit together in their
    /// last round (the rounds before it: a quarter of the next each, from a
    /// quarter of `quick_search_nodes` per plan).
    pub dfs_nodes: usize,
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
            search_nodes: 250_000,
            quick_proof_nodes: 5_000,
            dfs_nodes: 1_000_000,
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
    // Most positions with mating material give a witness on the first try
    // (a second play-out here, the material-first plan, cost 4 % more
    // instructions on the unwinnability sample and saved nothing on the
    // can-mate sample: the quick search settles what it would).
    let first = budget.playouts.min(1);
    if let Some(yes) = playouts(0..first) {
        return yes;
    }
    let mut semi = SemiCache::default();
    let mut search = search::Helpmate::new(pos, winner);
    let mut limit = budget.quick_search_nodes.min(budget.search_nodes);
    match search.run(limit, &mut semi) {
        search::Outcome::Mate(line) => return verified(pos, winner, line),
        search::Outcome::NoMate => return CanMate::No,
        search::Outcome::OutOfBudget => {}
    }
    // A quick breadth-first search: finds the shortest mate when it is near,
    // where the move costs lead the search astray.
    let mut bfs = Bfs::new(pos);
    match bfs.run(winner, budget.quick_proof_nodes / 5, &mut semi) {
        Proof::Mate(line) => return verified(pos, winner, line),
        Proof::NoMate => return CanMate::No,
        Proof::OutOfBudget => {}
    }
    // A few more play-outs now; the rest after the first round of the
    // search (most hard questions are settled by then, and a play-out that
    // fails costs up to 300 plies of move evaluation).
    let mid = budget.playouts.min(8).max(first);
    if let Some(yes) = playouts(first..mid) {
        return yes;
    }
    // The depth-first searches, one per plan (`search::plans`) and way of
    // costing the loser's pawn steps (free or not: module `dfs`). Against a
    // lone knight or bishop they run in rounds between those of the
    // uniform-cost search from the start: there they find in a few thousand
    // positions the long lines of free moves that the uniform-cost search
    // misses in millions. Otherwise they are the last resort, after it.
    let plans = search::plans(pos, winner);
    let mut dfs: Vec<dfs::DepthFirst> = Vec::with_capacity(2 * plans.len());
    for pawns_free in [true, false] {
        for &p in &plans {
            dfs.push(dfs::DepthFirst::with_plan(pos, winner, p, pawns_free));
        }
    }
    let dfs_cap = (budget.dfs_nodes / dfs.len().max(1)).max(1);
    let mut dfs_limit = (budget.quick_search_nodes / 4).min(dfs_cap);
    let mut dfs_round = |nodes: usize, semi: &mut SemiCache| -> Option<CanMate> {
        for d in dfs.iter_mut() {
            match d.run(pos, nodes, semi) {
                search::Outcome::Mate(line) => return Some(verified(pos, winner, line)),
                search::Outcome::NoMate => return Some(CanMate::No),
                search::Outcome::OutOfBudget => {}
            }
        }
        None
    };
    let interleave = lone_minor(pos, winner);
    let mut dfs_started = false;
    if interleave && dfs_limit > 0 {
        dfs_started = true;
        if let Some(v) = dfs_round(dfs_limit, &mut semi) {
            return v;
        }
    }
    let mut search_done = false;
    for round in 1.. {
        if !search_done {
            limit = limit.saturating_mul(4).max(1).min(budget.search_nodes);
            match search.run(limit, &mut semi) {
                search::Outcome::Mate(line) => return verified(pos, winner, line),
                search::Outcome::NoMate => return CanMate::No,
                search::Outcome::OutOfBudget => {}
            }
            search_done = limit >= budget.search_nodes;
        }
        if round == 1 {
            match bfs.run(winner, budget.quick_proof_nodes, &mut semi) {
                Proof::Mate(line) => return verified(pos, winner, line),
                Proof::NoMate => return CanMate::No,
                Proof::OutOfBudget => {}
            }
            if let Some(yes) = playouts(mid..budget.playouts) {
                return yes;
            }
        }
        if interleave || search_done {
            if dfs_started {
                dfs_limit = dfs_limit.saturating_mul(4).max(1).min(dfs_cap);
            }
            dfs_started = true;
            if let Some(v) = dfs_round(dfs_limit, &mut semi) {
                return v;
            }
        }
        if search_done && dfs_limit >= dfs_cap {
            break;
        }
    }
    CanMate::Unknown
}

/// Whether `winner` has nothing but its king and one knight or bishop (the
/// mates that need the losing king boxed in by its own men).
fn lone_minor(pos: &Position, winner: Color) -> bool {
    let men = pos.by_color(winner).minus(pos.by_role(Role::King));
    men.count() == 1 && (men & (pos.by_role(Role::Knight) | pos.by_role(Role::Bishop))).any()
}

/// Replays a witness; returns `Yes` only if it is legal and ends in mate by `winner`.
fn verified(pos: &Position, winner: Color, line: Vec<Move>) -> CanMate {
    let mut p = pos.clone();
    let mut legal = Vec::with_capacity(64);
    for &m in &line {
        // `Position::play`'s check, into a reused buffer.
        legal_moves_into(&p, &mut legal);
        if !legal.contains(&m) {
            return CanMate::Unknown;
        }
        p.play_unchecked(m);
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

/// A position's predecessor in the breadth-first search, and the move from there.
#[derive(Clone, Copy)]
struct Parent {
    key: u64,
    mv: Move,
}

impl Default for Parent {
    fn default() -> Parent {
        Parent {
            key: 0,
            mv: Move::normal(Square::from_index(0), Square::from_index(0)),
        }
    }
}

enum Proof {
    Mate(Vec<Move>),
    NoMate,
    OutOfBudget,
}

/// Breadth-first search of all reachable positions (no move preferences): a
/// proof of `No` when the reachable set is small (positions compared by
/// Zobrist key, so move counters are ignored), pruned by the static rules and,
/// after captures and pawn moves, by the semi-static analysis (applied when
/// the position is expanded). Finds the shortest mate when one is near.
/// Resumable: each [`Bfs::run`] continues where the last one stopped.
struct Bfs {
    root_key: u64,
    /// Every position seen, with its predecessor and the move from there.
    parent: KeyTable<Parent>,
    /// Positions to expand, with their keys and whether the semi-static
    /// analysis is still to be applied.
    queue: VecDeque<(Position, u64, bool)>,
    expanded: usize,
}

impl Bfs {
    fn new(root: &Position) -> Bfs {
        let root_key = root.zobrist();
        let mut parent: KeyTable<Parent> = KeyTable::with_capacity(1024);
        parent.insert(
            root_key,
            Parent {
                key: root_key,
                mv: Move::normal(Square::from_index(0), Square::from_index(0)),
            },
        );
        let mut queue = VecDeque::new();
        queue.push_back((root.clone(), root_key, false));
        Bfs {
            root_key,
            parent,
            queue,
            expanded: 0,
        }
    }

    /// Expands positions until `limit` positions have been expanded in all runs together.
    fn run(&mut self, winner: Color, limit: usize, semi: &mut SemiCache) -> Proof {
        let mut buf = MoveBuf::new();
        while let Some((pos, key, check_semi)) = self.queue.pop_front() {
            if self.expanded >= limit {
                self.queue.push_front((pos, key, check_semi));
                return Proof::OutOfBudget;
            }
            self.expanded += 1;
            buf.fill(&pos);
            let moves = buf.as_slice();
            if moves.is_empty() {
                if pos.turn() != winner && pos.is_check() {
                    // Found: walk back to the root.
                    let mut line = Vec::new();
                    let mut k = key;
                    while k != self.root_key {
                        match self.parent.get(k) {
                            Some(p) => {
                                line.push(p.mv);
                                k = p.key;
                            }
                            None => break,
                        }
                    }
                    line.reverse();
                    return Proof::Mate(line);
                }
                continue;
            }
            if check_semi && semi.proves(&pos, key, winner) {
                continue;
            }
            let us = pos.turn();
            let theirs = pos.by_color(us.other());
            let pawns = pos.by_role(Role::Pawn);
            // Whether keys can be updated from the move alone.
            let plain = pos.castling == [[None; 2]; 2] && pos.ep_square().is_none();
            for &m in moves.iter() {
                let from = m.from();
                let to = m.to();
                let role = search::role_on(&pos, from);
                let captured = theirs.contains(to).then(|| search::role_on(&pos, to));
                let fast = plain
                    && m.kind() == crate::MoveKind::Normal
                    && !(role == Role::Pawn && from.rank().abs_diff(to.rank()) == 2);
                // Most successors were seen before: look the key up first.
                let new_role = m.promotion_role().unwrap_or(role);
                let (nk, played) = if fast {
                    let nk = crate::zobrist::key_after_plain_move(
                        key, us, role, new_role, from, to, captured,
                    );
                    (nk, None)
                } else {
                    let mut next = pos.clone();
                    next.play_unchecked(m);
                    (next.zobrist_after(&pos, key), Some(next))
                };
                let Probe::Vacant(slot) = self.parent.probe(nk) else {
                    continue;
                };
                self.parent.insert_at(slot, nk, Parent { key, mv: m });
                let next = played.unwrap_or_else(|| {
                    let mut next = pos.clone();
                    next.play_plain(from, to, role, new_role, captured);
                    next
                });
                debug_assert_eq!(nk, next.zobrist());
                let capture = captured.is_some() || m.kind() == crate::MoveKind::EnPassant;
                // The static rules depend on the material only (a position
                // they settle stays marked as seen, never expanded).
                if (capture || m.promotion_role().is_some())
                    && cannot_mate_statically(&next, winner)
                {
                    continue;
                }
                let irreversible = capture || pawns.contains(from);
                self.queue.push_back((next, nk, irreversible));
            }
        }
        Proof::NoMate
    }
}

/// King distance between every two squares (the play-outs' scoring reads it
/// for every piece of every candidate move).
static CHEBYSHEV: [[u8; 64]; 64] = {
    let mut t = [[0u8; 64]; 64];
    let mut a = 0;
    while a < 64 {
        let mut b = 0;
        while b < 64 {
            let df = (a % 8) as i32 - (b % 8) as i32;
            let dr = (a / 8) as i32 - (b / 8) as i32;
            let df = if df < 0 { -df } else { df };
            let dr = if dr < 0 { -dr } else { dr };
            t[a][b] = if df > dr { df } else { dr } as u8;
            b += 1;
        }
        a += 1;
    }
    t
};

#[inline]
fn chebyshev(a: crate::Square, b: crate::Square) -> i32 {
    i32::from(CHEBYSHEV[a.index()][b.index()])
}

/// The number of squares in a small set.
#[inline]
fn few(b: Bitboard) -> i32 {
    let mut x = b.0;
    let mut n = 0;
    while x != 0 {
        x &= x - 1;
        n += 1;
    }
    n
}

/// How promising a position is for a cooperative mate by `winner` (higher is better).
fn score(pos: &Position, winner: Color, material_first: bool) -> i32 {
    let (wmat, lmat) = material_terms(pos, winner);
    score_with(pos, winner, material_first, wmat, lmat)
}

/// What a pawn of `winner` on `sq` counts in its material term (more the
/// further it has advanced).
#[inline]
fn winner_pawn_value(winner: Color, sq: Square) -> i32 {
    let adv = if winner == Color::White {
        i32::from(sq.rank())
    } else {
        7 - i32::from(sq.rank())
    };
    value(Role::Pawn) + adv * adv / 2
}

/// The material terms of [`score`]: the winner's (its pawns counted by how
/// far they have advanced) and the loser's.
fn material_terms(pos: &Position, winner: Color) -> (i32, i32) {
    let loser = winner.other();
    // Material (`value` of each man): counted bit by bit, as the sets are
    // small (`count_ones` is a long bit-twiddling sequence on the baseline
    // x86-64 target, and this runs for every candidate move).
    let material = |c: Color| -> i32 {
        let ours = pos.by_color(c);
        let minors = (pos.by_role(Role::Knight) | pos.by_role(Role::Bishop)) & ours;
        value(Role::Knight) * few(minors)
            + value(Role::Rook) * few(pos.by_role(Role::Rook) & ours)
            + value(Role::Queen) * few(pos.by_role(Role::Queen) & ours)
    };
    let mut wmat = material(winner);
    let lmat = material(loser) + value(Role::Pawn) * few(pos.pieces(loser, Role::Pawn));
    for sq in pos.pieces(winner, Role::Pawn) {
        wmat += winner_pawn_value(winner, sq);
    }
    (wmat, lmat)
}

/// The material terms of [`score`] after a plain move (no castling, no en
/// passant) of `mover`'s `role` from `from` to `to`, becoming `new_role`
/// and taking `captured`, from the terms before it: only what the move
/// changes is counted again (the play-outs score every candidate move).
#[allow(clippy::too_many_arguments)]
fn material_after(
    (mut wmat, mut lmat): (i32, i32),
    winner: Color,
    mover: Color,
    from: Square,
    to: Square,
    role: Role,
    new_role: Role,
    captured: Option<Role>,
) -> (i32, i32) {
    if mover == winner {
        if role == Role::Pawn {
            wmat -= winner_pawn_value(winner, from);
            wmat += if new_role == Role::Pawn {
                winner_pawn_value(winner, to)
            } else {
                value(new_role)
            };
        }
        if let Some(c) = captured {
            lmat -= value(c);
        }
    } else {
        if new_role != role {
            lmat += value(new_role) - value(Role::Pawn);
        }
        match captured {
            Some(Role::Pawn) => wmat -= winner_pawn_value(winner, to),
            Some(c) => wmat -= value(c),
            None => {}
        }
    }
    (wmat, lmat)
}

/// [`score`] with the material terms given.
fn score_with(pos: &Position, winner: Color, material_first: bool, wmat: i32, lmat: i32) -> i32 {
    let loser = winner.other();
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
    let mut buf = MoveBuf::new();
    for _ in 0..max_plies {
        buf.fill(&pos);
        let moves = buf.as_slice();
        if moves.is_empty() || *work < moves.len() {
            return None;
        }
        *work -= moves.len();
        let mut best: Option<(i32, Move, Position)> = None;
        let theirs = pos.by_color(pos.turn().other());
        let winner_moves = pos.turn() == winner;
        let plain = pos.castling == [[None; 2]; 2] && pos.ep_square().is_none();
        let material = material_terms(&pos, winner);
        for &m in moves.iter() {
            let mut next = pos.clone();
            let (from, to) = (m.from(), m.to());
            let role = search::role_on(&pos, from);
            let material_next = if plain
                && m.kind() == crate::MoveKind::Normal
                && !(role == Role::Pawn && from.rank().abs_diff(to.rank()) == 2)
            {
                let captured = theirs.contains(to).then(|| search::role_on(&pos, to));
                let new_role = m.promotion_role().unwrap_or(role);
                next.play_plain(from, to, role, new_role, captured);
                material_after(
                    material,
                    winner,
                    pos.turn(),
                    from,
                    to,
                    role,
                    new_role,
                    captured,
                )
            } else {
                next.play_unchecked(m);
                material_terms(&next, winner)
            };

            // Mate in one is taken at once (the first in move order).
            if winner_moves && next.is_checkmate() {
                line.push(m);
                return Some(line);
            }
            // The static rules depend on the material only.
            let capture = theirs.contains(m.to()) || m.kind() == crate::MoveKind::EnPassant;
            if (capture || m.promotion_role().is_some()) && cannot_mate_statically(&next, winner) {
                continue;
            }
            let (wmat, lmat) = material_next;
            let quality = score_with(&next, winner, material_first, wmat, lmat);
            debug_assert_eq!(quality, score(&next, winner, material_first));
            let mut s = quality + (rng.next() % 24) as i32;
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
        // A stalemate or a mate of the winner ends the line at the next
        // ply, where no move is generated.
        seen.insert(quick_key(&next));
        line.push(m);
        pos = next;
    }
    None
}

/// A cheap position key (pieces and side to move) for cycle avoidance.
fn quick_key(pos: &Position) -> u64 {
    let mut h: u64 = if pos.turn() == Color::White { 1 } else { 2 };
    // Two plain loops: a chained iterator cost three times the instructions.
    for bb in &pos.by_role {
        h = (h ^ bb.0)
            .wrapping_mul(0x9e37_79b9_7f4a_7c15)
            .rotate_left(23);
    }
    for bb in &pos.by_color {
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

    /// Zero limits end (in `Unknown` at worst) instead of looping.
    #[test]
    fn zero_budget_ends() {
        let zero = Budget {
            quick_search_nodes: 0,
            search_nodes: 0,
            quick_proof_nodes: 0,
            dfs_nodes: 0,
            playouts: 0,
            playout_plies: 0,
            playout_work: 0,
        };
        let p = fen("k7/p1p1p3/8/8/8/6p1/P1P1P1Pp/7K w - - 0 1");
        assert_eq!(can_mate_with(&p, Color::White, &zero), CanMate::Unknown);
        let small = Budget {
            quick_search_nodes: 0,
            search_nodes: 100,
            dfs_nodes: 100,
            ..zero
        };
        assert_eq!(can_mate_with(&p, Color::White, &small), CanMate::Unknown);
    }

    /// Tiny round limits interrupt and resume both searches many times; the
    /// verdicts stay the same.
    #[test]
    fn resumed_searches_decide() {
        let tiny = Budget {
            quick_search_nodes: 3,
            search_nodes: 200_000,
            quick_proof_nodes: 3,
            dfs_nodes: 200_000,
            playouts: 0,
            playout_plies: 0,
            playout_work: 0,
        };
        for (f, c, yes) in [
            // Long mate through a locked chain (Black must under-promote).
            (
                "7k/8/8/8/8/4p1p1/4PpPb/1B3BbK w - - 0 1",
                Color::White,
                true,
            ),
            // The only mating pattern is stalemate one move early.
            (
                "8/8/7p/5p1P/3b1p1K/5Pp1/6P1/5kb1 b - - 0 1",
                Color::Black,
                false,
            ),
            (
                "1k6/1P1p1p1p/BP6/1P1P3p/5P2/8/6KP/8 b - - 0 1",
                Color::Black,
                false,
            ),
            ("3kn3/8/8/8/8/3KB3/8/8 b - - 0 1", Color::Black, true),
        ] {
            let p = fen(f);
            let got = can_mate_with(&p, c, &tiny);
            match got {
                CanMate::Yes(line) => {
                    assert!(yes, "{f}");
                    assert!(matches!(verified(&p, c, line), CanMate::Yes(_)));
                }
                CanMate::No => assert!(!yes, "{f}"),
                CanMate::Unknown => panic!("{f}: unknown"),
            }
        }
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
