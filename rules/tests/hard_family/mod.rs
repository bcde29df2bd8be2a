//! A generated "hard family" for `can_mate` (issue 40): positions of the
//! kind of the Chess Unwinnability Analyzer's test vectors — locked pawn
//! walls across the board with a king on each side, bishops of one colour,
//! a knight, a rook or queen that can or cannot get through a gap, kings
//! boxed in by their own men so that the only moves are forced captures —
//! with their colour-flipped and file-mirrored variants; and an exhaustive
//! reference (every position reachable by both sides' legal moves,
//! independent of `rules::mating`) that settles a question when the
//! reachable set is below its cap.
//!
//! Used by `tests/can_mate_hard.rs` (verdicts against the reference) and
//! `benches/rules_bench.rs` (mean time on the family).

// Board grids read best with explicit (rank, file) indices.
#![allow(dead_code, clippy::needless_range_loop)]

use rules::{Color, Move, Position, Role};
use std::collections::{HashMap, VecDeque};

/// xorshift64*.
pub struct Rng(pub u64);

impl Rng {
    pub fn new(seed: u64) -> Rng {
        Rng(seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) | 1)
    }
    pub fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }
    pub fn below(&mut self, n: usize) -> usize {
        (self.next() % n.max(1) as u64) as usize
    }
    pub fn chance(&mut self, num: u64, den: u64) -> bool {
        self.next() % den < num
    }
}

/// [rank][file], b'.' empty.
pub type Grid = [[u8; 8]; 8];

pub fn fen_of(g: &Grid, white_to_move: bool) -> String {
    let mut s = String::new();
    for r in (0..8).rev() {
        let mut empty = 0u8;
        for f in 0..8 {
            let c = g[r][f];
            if c == b'.' {
                empty += 1;
            } else {
                if empty > 0 {
                    s.push((b'0' + empty) as char);
                    empty = 0;
                }
                s.push(c as char);
            }
        }
        if empty > 0 {
            s.push((b'0' + empty) as char);
        }
        if r > 0 {
            s.push('/');
        }
    }
    format!("{s} {} - - 0 1", if white_to_move { 'w' } else { 'b' })
}

fn grid_of(fen: &str) -> (Grid, bool) {
    let mut parts = fen.split_whitespace();
    let board = parts.next().unwrap_or("");
    let white = parts.next() != Some("b");
    let mut g = [[b'.'; 8]; 8];
    for (i, row) in board.split('/').enumerate().take(8) {
        let r = 7 - i;
        let mut f = 0;
        for c in row.bytes() {
            if c.is_ascii_digit() {
                f += (c - b'0') as usize;
            } else if f < 8 {
                g[r][f] = c;
                f += 1;
            }
        }
    }
    (g, white)
}

/// The colour-flipped (ranks reversed, colours swapped, other side to move)
/// and file-mirrored variants of a FEN, and the mirror of the flip.
pub fn variants(fen: &str) -> Vec<String> {
    let (g, white) = grid_of(fen);
    let mut flip: Grid = [[b'.'; 8]; 8];
    for r in 0..8 {
        for f in 0..8 {
            let c = g[7 - r][f];
            flip[r][f] = if c.is_ascii_uppercase() {
                c.to_ascii_lowercase()
            } else {
                c.to_ascii_uppercase()
            };
        }
    }
    let mirror = |mut x: Grid| {
        for row in x.iter_mut() {
            row.reverse();
        }
        x
    };
    vec![
        fen_of(&flip, !white),
        fen_of(&mirror(g), white),
        fen_of(&mirror(flip), !white),
    ]
}

pub fn is_white(c: u8) -> bool {
    c.is_ascii_uppercase()
}

fn put(g: &mut Grid, rng: &mut Rng, piece: u8, ok: impl Fn(usize, usize) -> bool) -> bool {
    for _ in 0..64 {
        let f = rng.below(8);
        let r = rng.below(8);
        if g[r][f] != b'.' || !ok(f, r) {
            continue;
        }
        if piece.eq_ignore_ascii_case(&b'p') && (r == 0 || r == 7) {
            continue;
        }
        g[r][f] = piece;
        return true;
    }
    false
}

/// Squares the man on (f, r) could move to now (own men block; enemy men
/// can be taken), for placing men where they are stuck.
pub fn mobility(g: &Grid, f: usize, r: usize) -> usize {
    let c = g[r][f];
    let white = is_white(c);
    let own = |x: u8| x != b'.' && is_white(x) == white;
    let at = |f: i32, r: i32| -> Option<u8> {
        if (0..8).contains(&f) && (0..8).contains(&r) {
            Some(g[r as usize][f as usize])
        } else {
            None
        }
    };
    let (f, r) = (f as i32, r as i32);
    let rays = |dirs: &[(i32, i32)], slide: bool| {
        let mut n = 0;
        for &(df, dr) in dirs {
            let (mut x, mut y) = (f + df, r + dr);
            while let Some(t) = at(x, y) {
                if own(t) {
                    break;
                }
                n += 1;
                if t != b'.' || !slide {
                    break;
                }
                x += df;
                y += dr;
            }
        }
        n
    };
    const DIAG: [(i32, i32); 4] = [(1, 1), (1, -1), (-1, 1), (-1, -1)];
    const ORTH: [(i32, i32); 4] = [(1, 0), (-1, 0), (0, 1), (0, -1)];
    const KNIGHT: [(i32, i32); 8] = [
        (1, 2),
        (2, 1),
        (-1, 2),
        (-2, 1),
        (1, -2),
        (2, -1),
        (-1, -2),
        (-2, -1),
    ];
    match c.to_ascii_lowercase() {
        b'b' => rays(&DIAG, true),
        b'r' => rays(&ORTH, true),
        b'q' => rays(&DIAG, true) + rays(&ORTH, true),
        b'n' => rays(&KNIGHT, false),
        b'k' => rays(&DIAG, false) + rays(&ORTH, false),
        _ => {
            let dr = if white { 1 } else { -1 };
            usize::from(at(f, r + dr) == Some(b'.'))
        }
    }
}

/// Puts `piece` on an empty square: the one with the fewest moves among a
/// few tries (or any, at random). Pawns never on the first or last rank.
pub fn place(g: &mut Grid, rng: &mut Rng, piece: u8, stuck: bool) -> bool {
    let mut best: Option<(usize, usize, usize)> = None;
    let tries = if stuck { 24 } else { 1 };
    for _ in 0..tries * 4 {
        let f = rng.below(8);
        let r = rng.below(8);
        if g[r][f] != b'.' || (piece.eq_ignore_ascii_case(&b'p') && (r == 0 || r == 7)) {
            continue;
        }
        g[r][f] = piece;
        let m = mobility(g, f, r) * 8 + rng.below(8);
        g[r][f] = b'.';
        if best.is_none_or(|b| m < b.0) {
            best = Some((m, f, r));
        }
        if !stuck {
            break;
        }
    }
    match best {
        Some((_, f, r)) => {
            g[r][f] = piece;
            true
        }
        None => false,
    }
}

/// A wall of head-to-head pawns across the board (a chain whose rank moves
/// by at most one from file to file), sometimes with a gap or a loose pawn,
/// the white king below it and the black one above (sometimes on the same
/// side), and a few pieces: bishops mostly of one square colour, knights,
/// rooks and queens, on either side of the wall.
fn wall(rng: &mut Rng) -> String {
    let mut g: Grid = [[b'.'; 8]; 8];
    // The rank of the white pawn on each file (the black one is above it).
    let mut base = [0usize; 8];
    let mut r = 1 + rng.below(5);
    for f in 0..8 {
        if f > 0 {
            r = match rng.below(3) {
                0 if r > 1 => r - 1,
                1 if r < 5 => r + 1,
                _ => r,
            };
        }
        base[f] = r;
    }
    let gaps = match rng.below(6) {
        0..=2 => 0,
        3 | 4 => 1,
        _ => 2,
    };
    let mut gap = [false; 8];
    for _ in 0..gaps {
        gap[rng.below(8)] = true;
    }
    for f in 0..8 {
        if gap[f] {
            // An open file, or only one of the two pawns.
            match rng.below(3) {
                0 => {}
                1 => g[base[f]][f] = b'P',
                _ => g[base[f] + 1][f] = b'p',
            }
            continue;
        }
        g[base[f]][f] = b'P';
        g[base[f] + 1][f] = b'p';
    }
    // Extra pawns behind the wall (doubled, or a second chain).
    for _ in 0..rng.below(3) {
        let white = rng.chance(1, 2);
        let p = if white { b'P' } else { b'p' };
        put(&mut g, rng, p, |f, r| {
            if white {
                r < base[f]
            } else {
                r > base[f] + 1
            }
        });
    }
    let below = |f: usize, r: usize| r < base[f];
    let above = |f: usize, r: usize| r > base[f] + 1;
    let swap = rng.chance(1, 8);
    let same = rng.chance(1, 8);
    if swap {
        put(&mut g, rng, b'K', above);
        put(&mut g, rng, b'k', below);
    } else if same {
        let side_below = rng.chance(1, 2);
        put(&mut g, rng, b'K', |f, r| below(f, r) == side_below);
        put(&mut g, rng, b'k', |f, r| below(f, r) == side_below);
    } else {
        put(&mut g, rng, b'K', below);
        put(&mut g, rng, b'k', above);
    }
    pieces(&mut g, rng, &|f, r| below(f, r), &|f, r| above(f, r));
    fen_of(&g, rng.chance(1, 2))
}

/// Adds 0–3 pieces a side: mostly on the own side of the wall
/// (`home_white`, `home_black`), bishops mostly of one square colour.
fn pieces(
    g: &mut Grid,
    rng: &mut Rng,
    home_white: &dyn Fn(usize, usize) -> bool,
    home_black: &dyn Fn(usize, usize) -> bool,
) {
    const POOL: &[u8] = b"BBBBNNNRRQ";
    // The square colour (file + rank parity) bishops keep to, this position.
    let parity = rng.below(2);
    let one_colour = rng.chance(3, 4);
    for white in [true, false] {
        let n = match rng.below(8) {
            0 | 1 => 0,
            2..=4 => 1,
            5 | 6 => 2,
            _ => 3,
        };
        for _ in 0..n {
            let p = POOL[rng.below(POOL.len())];
            let home = rng.chance(3, 4);
            let bishop = p == b'B';
            let piece = if white { p } else { p.to_ascii_lowercase() };
            put(g, rng, piece, |f, r| {
                let side = if white {
                    home_white(f, r)
                } else {
                    home_black(f, r)
                };
                (!home || side) && (!bishop || !one_colour || (f + r) % 2 == parity)
            });
        }
    }
}

/// A king in a corner boxed in by its own men, pawns locked head to head
/// in front of them, the other king and a few pieces elsewhere: the boxed
/// side's only moves are often forced captures, or none (stalemate).
fn boxed(rng: &mut Rng) -> String {
    let mut g: Grid = [[b'.'; 8]; 8];
    g[0][0] = b'K';
    for &(f, r) in &[(1usize, 0usize), (0, 1), (1, 1), (2, 0), (0, 2), (2, 1)] {
        if rng.chance(2, 3) {
            g[r][f] = if r == 0 {
                b"RBNRBQ"[rng.below(6)]
            } else {
                b"PPPPB"[rng.below(5)]
            };
        }
    }
    for f in 0..8 {
        let mut r = 1;
        while r < 6 && g[r][f] != b'.' {
            r += 1;
        }
        if rng.chance(3, 4) && g[r][f] == b'.' {
            if g[r - 1][f] != b'P' && rng.chance(1, 2) {
                g[r][f] = b'P';
                r += 1;
            }
            if r < 7 {
                g[r][f] = b'p';
            }
        }
    }
    put(&mut g, rng, b'k', |_, r| r >= 4);
    for _ in 0..rng.below(4) {
        let p = b"PpBbbRrNnqQ"[rng.below(11)];
        put(&mut g, rng, p, |_, _| true);
    }
    fen_of(&g, rng.chance(1, 2))
}

/// A pawn ending of the hard kind: kings boxed in (often in a corner
/// behind their own pawns), pawn pairs locked head to head, a few pawns
/// free to run (and promote), at most a minor piece or two.
fn pawn_ending(rng: &mut Rng) -> String {
    let mut g: Grid = [[b'.'; 8]; 8];
    for _ in 0..rng.below(4) {
        let f = rng.below(8);
        let r = 1 + rng.below(5);
        if g[r][f] == b'.' && g[r + 1][f] == b'.' {
            g[r][f] = b'P';
            g[r + 1][f] = b'p';
        }
    }
    for _ in 0..1 + rng.below(5) {
        let p = if rng.chance(1, 2) { b'P' } else { b'p' };
        let stuck = rng.chance(1, 2);
        place(&mut g, rng, p, stuck);
    }
    // Kings: mostly stuck (boxed in), often in a corner.
    for k in [b'K', b'k'] {
        if rng.chance(1, 3) {
            let f = if rng.chance(1, 2) { 0 } else { 7 };
            let r = if k == b'K' { 0 } else { 7 };
            if g[r][f] == b'.' {
                g[r][f] = k;
                continue;
            }
        }
        let stuck = rng.chance(2, 3);
        place(&mut g, rng, k, stuck);
    }
    for _ in 0..rng.below(3) {
        let p = b"BbNnBbRrq"[rng.below(9)];
        let stuck = rng.chance(2, 3);
        place(&mut g, rng, p, stuck);
    }
    fen_of(&g, rng.chance(1, 2))
}

/// A lone minor piece (sometimes with a blocked pawn) against a king with
/// material that may have to block its own king's flight squares: pawns
/// (some of them free to promote), a knight, a bishop or a rook; mostly
/// open boards, the kings anywhere (the mate, where there is one, is a
/// long cooperative line).
fn minor_against_material(rng: &mut Rng) -> String {
    let mut g: Grid = [[b'.'; 8]; 8];
    let white_minor = rng.chance(1, 2);
    let case = |c: u8, white: bool| if white { c } else { c.to_ascii_lowercase() };
    place(&mut g, rng, case(b'K', white_minor), false);
    let stuck = rng.chance(1, 3);
    place(&mut g, rng, case(b'K', !white_minor), stuck);
    let minor = if rng.chance(1, 2) { b'N' } else { b'B' };
    place(&mut g, rng, case(minor, white_minor), false);
    if rng.chance(1, 4) {
        place(&mut g, rng, case(b'P', white_minor), true);
    }
    for _ in 0..1 + rng.below(3) {
        let p = b"PPPNBBRQ"[rng.below(8)];
        let stuck = rng.chance(1, 3);
        place(&mut g, rng, case(p, !white_minor), stuck);
    }
    fen_of(&g, rng.chance(1, 2))
}

/// Positions of the family already in the repository (`tests/data/
/// can-mate-locked.tsv` and the examples in `src/mating`), seeds for
/// [`mutate`].
pub fn seeds() -> Vec<String> {
    let mut s: Vec<String> = [
        "k7/p1p1p3/8/8/8/6p1/P1P1P1Pp/7K w - - 0 1",
        "8/8/7p/5p1P/3b1p1K/5Pp1/6P1/5kb1 b - - 0 1",
        "1k6/1P1p1p1p/BP6/1P1P3p/5P2/8/6KP/8 b - - 0 1",
        "7k/8/8/8/8/4p1p1/4PpPb/1B3BbK w - - 0 1",
        "7k/8/8/3B4/8/6p1/1b4Pp/2b4K w - - 0 1",
        "2k5/b7/8/p1p1p1p1/P1P1P1P1/8/B5B1/4K3 w - - 0 1",
        "k7/1p6/1Pp5/n1P5/N1p2B2/1pP5/1P6/1K6 w - - 0 1",
        "8/k7/1p6/1P6/BP6/1P1p4/1P1P4/KRB5 b - - 0 1",
    ]
    .iter()
    .map(|s| s.to_string())
    .collect();
    let path =
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/can-mate-locked.tsv");
    if let Ok(text) = std::fs::read_to_string(path) {
        for line in text.lines() {
            if line.starts_with('#') || line.trim().is_empty() {
                continue;
            }
            s.push(line.split('\t').next().unwrap_or("").to_string());
        }
    }
    s
}

/// A random change of a seed: a man moved, removed or added, sometimes the
/// other side to move.
fn mutate(fen: &str, rng: &mut Rng) -> String {
    mutate_with(fen, rng, 3, b"PpPpBbRrNnQq")
}

/// A random change of `fen`: one to `changes` men moved, removed or added
/// (an added man drawn from `pieces`), sometimes the other side to move.
pub fn mutate_with(fen: &str, rng: &mut Rng, changes: usize, pieces: &[u8]) -> String {
    let (mut g, white) = grid_of(fen);
    let men: Vec<(usize, usize)> = (0..64)
        .map(|i| (i % 8, i / 8))
        .filter(|&(f, r)| g[r][f] != b'.')
        .collect();
    if men.is_empty() {
        return fen.to_string();
    }
    for _ in 0..1 + rng.below(changes) {
        match rng.below(4) {
            0 | 1 => {
                let (f, r) = men[rng.below(men.len())];
                let c = g[r][f];
                g[r][f] = b'.';
                let stuck = rng.chance(1, 2);
                if !place(&mut g, rng, c, stuck) {
                    g[r][f] = c;
                }
            }
            2 => {
                let (f, r) = men[rng.below(men.len())];
                if !g[r][f].eq_ignore_ascii_case(&b'k') {
                    g[r][f] = b'.';
                }
            }
            _ => {
                let p = pieces[rng.below(pieces.len())];
                let stuck = rng.chance(2, 3);
                place(&mut g, rng, p, stuck);
            }
        }
    }
    let stm = if rng.chance(1, 4) { !white } else { white };
    fen_of(&g, stm)
}

/// `n` distinct legal positions of the family from `seed`: each generated
/// position is followed by its colour-flipped and mirrored variants.
pub fn generate(seed: u64, n: usize) -> Vec<String> {
    let mut rng = Rng::new(seed);
    let mut out = Vec::with_capacity(n);
    let mut seen = std::collections::HashSet::new();
    let seeds = seeds();
    let mut tries = 0usize;
    while out.len() < n && tries < n * 200 {
        tries += 1;
        let fen = match rng.below(10) {
            0 | 1 => wall(&mut rng),
            2 => boxed(&mut rng),
            3..=5 => pawn_ending(&mut rng),
            6 | 7 => minor_against_material(&mut rng),
            _ => mutate(&seeds[rng.below(seeds.len())], &mut rng),
        };
        let Ok(pos) = Position::from_fen(&fen) else {
            continue;
        };
        // Positions already over are not hard.
        if pos.legal_moves().is_empty() {
            continue;
        }
        for f in std::iter::once(fen.clone()).chain(variants(&fen)) {
            if out.len() < n && Position::from_fen(&f).is_ok() && seen.insert(f.clone()) {
                out.push(f);
            }
        }
    }
    out
}

/// The reference's answer: for each side (White, Black), a shortest mating
/// line if one is reachable; `None` when the reachable set is larger than
/// the cap (nothing is known then).
pub type Reference = Option<[Option<Vec<Move>>; 2]>;

/// Only kings, or kings and one minor piece and no pawns: no checkmate can
/// ever be reached (a textbook fact, independent of `rules::mating`).
fn no_mate_material(pos: &Position) -> bool {
    let others = pos.occupied().minus(pos.by_role(Role::King));
    if others.is_empty() {
        return true;
    }
    others.count() == 1 && (others & (pos.by_role(Role::Knight) | pos.by_role(Role::Bishop))).any()
}

/// Breadth-first search of every position reachable from `root` (positions
/// compared by Zobrist key), stopping early once both sides have a mate.
pub fn reference(root: &Position, cap: usize) -> Reference {
    let root_key = root.zobrist();
    let mut parent: HashMap<u64, (u64, Move)> = HashMap::new();
    let null = Move::normal(rules::Square::from_index(0), rules::Square::from_index(0));
    parent.insert(root_key, (root_key, null));
    let mut queue = VecDeque::new();
    queue.push_back((root.clone(), root_key));
    let mut found: [Option<Vec<Move>>; 2] = [None, None];
    let line_to = |parent: &HashMap<u64, (u64, Move)>, mut k: u64| {
        let mut line = Vec::new();
        while k != root_key {
            let (pk, m) = parent[&k];
            line.push(m);
            k = pk;
        }
        line.reverse();
        line
    };
    while let Some((pos, key)) = queue.pop_front() {
        let moves = pos.legal_moves();
        if moves.is_empty() {
            if pos.is_check() {
                let w = pos.turn().other().index();
                if found[w].is_none() {
                    found[w] = Some(line_to(&parent, key));
                    if found[0].is_some() && found[1].is_some() {
                        return Some(found);
                    }
                }
            }
            continue;
        }
        if no_mate_material(&pos) {
            continue;
        }
        for &m in moves.iter() {
            let mut next = pos.clone();
            next.play_unchecked(m);
            let nk = next.zobrist();
            if let std::collections::hash_map::Entry::Vacant(e) = parent.entry(nk) {
                e.insert((key, m));
                if parent.len() > cap {
                    return None;
                }
                queue.push_back((next, nk));
            }
        }
    }
    Some(found)
}

/// Whether `line` is legal from `pos` and ends in mate by `winner`.
pub fn mates(pos: &Position, winner: Color, line: &[Move]) -> bool {
    let mut p = pos.clone();
    for &m in line {
        match p.play(m) {
            Ok(n) => p = n,
            Err(_) => return false,
        }
    }
    p.is_checkmate() && p.turn() != winner
}
