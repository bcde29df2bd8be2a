//! Attack tables: knight, king and pawn steps, sliding attacks through magic
//! bitboards, and the lines and segments between squares.
//!
//! The magic multipliers were found by the search in this file (a fixed-seed
//! pseudo-random generator); the ones found are kept as constants, so start-up
//! only verifies them while filling the tables (any that failed would be
//! searched for again). The sliding and line tables are built once, at first
//! use, in a [`OnceLock`]; the knight, king and pawn tables are constants.
//!
//! ```
//! use rules::{attacks, Bitboard, Square};
//! let a1 = Square::from_index(0);
//! assert_eq!(attacks::rook_attacks(a1, Bitboard::EMPTY).count(), 14);
//! assert_eq!(attacks::knight_attacks(a1).count(), 2);
//! ```

use crate::{Bitboard, Color, Square};
use std::sync::OnceLock;

const ROOK_DIRS: [(i8, i8); 4] = [(1, 0), (-1, 0), (0, 1), (0, -1)];
const BISHOP_DIRS: [(i8, i8); 4] = [(1, 1), (1, -1), (-1, 1), (-1, -1)];
const KNIGHT_STEPS: [(i8, i8); 8] = [
    (1, 2),
    (2, 1),
    (2, -1),
    (1, -2),
    (-1, -2),
    (-2, -1),
    (-2, 1),
    (-1, 2),
];
const KING_STEPS: [(i8, i8); 8] = [
    (1, 0),
    (1, 1),
    (0, 1),
    (-1, 1),
    (-1, 0),
    (-1, -1),
    (0, -1),
    (1, -1),
];

/// Magic multipliers found by [`find_magics`] with the seeds used in `build`
/// (kept so start-up only verifies them instead of searching again; a
/// multiplier that fails verification is searched for afresh).
const ROOK_MAGICS: [u64; 64] = [
    0x1080_0040_0880_1020,
    0x0840_0920_02c0_3000,
    0x1900_2000_1040_0900,
    0x0880_1000_0800_0480,
    0x4200_1004_2008_0200,
    0x8100_0201_0008_0400,
    0x0200_0401_1088_6200,
    0x0200_0080_4022_0411,
    0x0404_8000_8440_0220,
    0x0000_4010_0040_2000,
    0x0086_0010_8122_0440,
    0x0408_8008_0010_0280,
    0x000a_0012_0104_0820,
    0x8848_8002_0084_0080,
    0x4001_0001_0004_0200,
    0x0442_0001_0210_5084,
    0x9080_0100_2080_4100,
    0x0040_4040_0020_1009,
    0x0000_8080_1000_2009,
    0x2200_0900_21d0_0100,
    0x0008_0080_0804_0080,
    0x0004_0040_0201_0040,
    0x0011_0400_0801_5042,
    0x0000_0a00_0176_8104,
    0x0000_8000_8020_4009,
    0x2010_0041_4000_2001,
    0x9800_2002_8010_0080,
    0x1000_1000_8008_0080,
    0x0442_000a_0004_9020,
    0x2100_0400_8002_0080,
    0x0800_1204_0090_0148,
    0x0010_040a_0012_8541,
    0x2800_8040_0080_0030,
    0x1010_0020_0040_0041,
    0x4000_2000_1100_4100,
    0x0610_0084_1080_0800,
    0x0400_8024_0280_0800,
    0xc100_0200_8080_0400,
    0x0002_0008_0200_0401,
    0x0182_0858_8200_0401,
    0x0220_2040_0080_8000,
    0x2860_1000_4002_4022,
    0x0001_0020_0411_0040,
    0x9910_1042_000a_0020,
    0x0004_0800_0400_8080,
    0x0010_0400_0200_8080,
    0x2012_0048_8102_0004,
    0x8300_8424_4482_0011,
    0x0088_4038_8201_0200,
    0x0820_4000_8021_0100,
    0x0110_9100_40a0_0300,
    0x0801_1002_8008_0480,
    0x0242_0090_0820_0600,
    0x1002_0004_8950_0200,
    0x0040_8002_0001_0080,
    0x0091_8000_4100_0080,
    0x0000_2093_0048_8001,
    0x04c1_0024_1482_4001,
    0x0200_2000_0b00_1041,
    0x7000_1000_0420_0901,
    0x8002_0020_0410_0802,
    0x3001_0002_084c_0007,
    0x0888_2218_0081_3004,
    0x4000_0028_4084_0112,
];

const BISHOP_MAGICS: [u64; 64] = [
    0x2048_0170_2091_0100,
    0x0044_4104_2400_8008,
    0x0408_28a4_0090_0000,
    0x8002_2092_0002_2000,
    0x0002_0210_0054_0002,
    0x0021_0188_4000_0000,
    0x0000_9e84_2020_4002,
    0x00a0_9201_1008_4480,
    0x4003_0620_1801_0110,
    0x0221_0468_1200_4e09,
    0x01e1_1002_9589_12a0,
    0x0000_0444_1080_4000,
    0x0000_8212_1000_0080,
    0x0802_0110_2210_a800,
    0x0080_0404_1104_5004,
    0x0070_4a18_4202_1000,
    0x1005_0610_7032_2800,
    0x0018_0010_1041_0444,
    0x0010_0008_0040_1420,
    0x2204_0028_4400_0800,
    0x2052_0204_1202_2280,
    0x000a_0201_0100_8208,
    0x0040_4002_0104_2000,
    0x03e1_0820_4048_0410,
    0x1004_2000_0420_8414,
    0x0870_0400_9848_08c8,
    0x0088_0800_0400_4410,
    0x008c_0240_1401_00a2,
    0x0008_8400_0182_2000,
    0x0050_0880_0108_0100,
    0x9814_0840_040a_2200,
    0x3002_0209_0021_0110,
    0x1004_0406_4020_6000,
    0x1090_9090_0084_0400,
    0x9002_4448_1010_0020,
    0x4000_0200_8008_0080,
    0x0028_0204_0001_1010,
    0x0290_8083_0002_0100,
    0x8010_0208_8200_4410,
    0x0604_0100_4008_2c20,
    0x2004_0104_c080_1008,
    0x6004_2084_2400_1050,
    0x1002_8400_4100_0800,
    0x0200_0420_1800_0102,
    0xa800_2000_a082_1c00,
    0x0040_0808_0220_1910,
    0x0222_6204_4400_0100,
    0x0002_0800_4102_0088,
    0x1500_8201_1040_1050,
    0x0000_4920_9010_0080,
    0x0900_4100_4110_0000,
    0x0302_0004_2088_0000,
    0x0010_5012_0202_0020,
    0x0008_2004_9004_9040,
    0x0462_0802_14a4_0120,
    0x2421_3101_0200_8100,
    0x2400_4200_8088_4060,
    0x0800_8044_0618_4208,
    0x0b00_8012_4a08_4400,
    0x082e_0823_0084_0412,
    0x6051_0490_4008_2200,
    0xc610_2110_0210_2101,
    0x0000_0488_0801_0433,
    0x0010_2008_0440_5440,
];

#[derive(Clone, Copy, Default)]
struct Magic {
    mask: u64,
    magic: u64,
    shift: u32,
    offset: usize,
}

struct Tables {
    rook_magics: [Magic; 64],
    bishop_magics: [Magic; 64],
    rook_table: Vec<u64>,
    bishop_table: Vec<u64>,
    /// Squares strictly between two squares on a line (else empty).
    between: Vec<u64>,
    /// The full line through two squares (else empty).
    line: Vec<u64>,
}

fn offset(sq: usize, df: i8, dr: i8) -> Option<usize> {
    let f = (sq % 8) as i8 + df;
    let r = (sq / 8) as i8 + dr;
    if (0..8).contains(&f) && (0..8).contains(&r) {
        Some((r * 8 + f) as usize)
    } else {
        None
    }
}

/// [`steps`] at compile time: the leaper tables are constants, so their
/// look-ups need no initialisation check (move generation and the
/// cooperative searches read them for every position).
const fn const_steps(sq: usize, deltas: &[(i8, i8)]) -> u64 {
    let mut out = 0u64;
    let mut i = 0;
    while i < deltas.len() {
        let f = (sq % 8) as i8 + deltas[i].0;
        let r = (sq / 8) as i8 + deltas[i].1;
        if f >= 0 && f < 8 && r >= 0 && r < 8 {
            out |= 1 << (r * 8 + f) as u32;
        }
        i += 1;
    }
    out
}

const fn leaper_table(deltas: &[(i8, i8)]) -> [u64; 64] {
    let mut t = [0u64; 64];
    let mut sq = 0;
    while sq < 64 {
        t[sq] = const_steps(sq, deltas);
        sq += 1;
    }
    t
}

static KNIGHT: [u64; 64] = leaper_table(&KNIGHT_STEPS);
static KING: [u64; 64] = leaper_table(&KING_STEPS);
static PAWN: [[u64; 64]; 2] = [
    leaper_table(&[(-1, 1), (1, 1)]),
    leaper_table(&[(-1, -1), (1, -1)]),
];

#[cfg(test)]
fn steps(sq: usize, deltas: &[(i8, i8)]) -> u64 {
    deltas
        .iter()
        .filter_map(|&(df, dr)| offset(sq, df, dr))
        .fold(0, |acc, s| acc | 1 << s)
}

fn slide(sq: usize, occ: u64, dirs: &[(i8, i8); 4]) -> u64 {
    let mut out = 0;
    for &(df, dr) in dirs {
        let mut cur = sq;
        while let Some(next) = offset(cur, df, dr) {
            out |= 1 << next;
            if occ & (1 << next) != 0 {
                break;
            }
            cur = next;
        }
    }
    out
}

fn relevant_mask(sq: usize, dirs: &[(i8, i8); 4]) -> u64 {
    let mut out = 0;
    for &(df, dr) in dirs {
        let mut cur = sq;
        while let Some(next) = offset(cur, df, dr) {
            // The last square of a ray never blocks anything behind it.
            if offset(next, df, dr).is_none() {
                break;
            }
            out |= 1 << next;
            cur = next;
        }
    }
    out
}

/// xorshift64*: small, fast, and good enough to find magics (and, seeded per
/// position, for the reproducible play-outs of `mating`).
pub(crate) struct Prng(pub(crate) u64);

impl Prng {
    pub(crate) fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }
    fn sparse(&mut self) -> u64 {
        self.next() & self.next() & self.next()
    }
}

fn find_magics(dirs: &[(i8, i8); 4], seed: u64, known: &[u64; 64]) -> ([Magic; 64], Vec<u64>) {
    let mut magics = [Magic::default(); 64];
    let mut table = Vec::new();
    let mut rng = Prng(seed);
    let mut occs = Vec::with_capacity(4096);
    let mut atts = Vec::with_capacity(4096);
    let mut used: Vec<u32> = vec![0; 4096];
    let mut epoch = 0u32;
    let mut slot: Vec<u64> = vec![0; 4096];
    for (sq, entry) in magics.iter_mut().enumerate() {
        let mask = relevant_mask(sq, dirs);
        let bits = mask.count_ones();
        let shift = 64 - bits;
        occs.clear();
        atts.clear();
        // Carry-Rippler enumeration of all subsets of the mask.
        let mut sub: u64 = 0;
        loop {
            occs.push(sub);
            atts.push(slide(sq, sub, dirs));
            sub = sub.wrapping_sub(mask) & mask;
            if sub == 0 {
                break;
            }
        }
        let size = 1usize << bits;
        let mut first = Some(known[sq]);
        let magic = loop {
            let candidate = match first.take() {
                Some(k) if k != 0 => k,
                _ => rng.sparse(),
            };
            if (mask.wrapping_mul(candidate) >> 56).count_ones() < 6 {
                continue;
            }
            epoch += 1;
            let mut ok = true;
            for (o, a) in occs.iter().zip(atts.iter()) {
                let idx = (o.wrapping_mul(candidate) >> shift) as usize;
                if used[idx] != epoch {
                    used[idx] = epoch;
                    slot[idx] = *a;
                } else if slot[idx] != *a {
                    ok = false;
                    break;
                }
            }
            if ok {
                break candidate;
            }
        };
        let offset = table.len();
        table.resize(offset + size, 0);
        for (o, a) in occs.iter().zip(atts.iter()) {
            let idx = (o.wrapping_mul(magic) >> shift) as usize;
            table[offset + idx] = *a;
        }
        *entry = Magic {
            mask,
            magic,
            shift,
            offset,
        };
    }
    (magics, table)
}

fn build() -> Tables {
    let (rook_magics, rook_table) = find_magics(&ROOK_DIRS, 0x9e37_79b9_7f4a_7c15, &ROOK_MAGICS);
    let (bishop_magics, bishop_table) =
        find_magics(&BISHOP_DIRS, 0xd1b5_4a32_d192_ed03, &BISHOP_MAGICS);
    let mut between = vec![0u64; 64 * 64];
    let mut line = vec![0u64; 64 * 64];
    for a in 0..64 {
        for &(df, dr) in ROOK_DIRS.iter().chain(BISHOP_DIRS.iter()) {
            let mut full = 1u64 << a;
            let mut cur = a;
            while let Some(n) = offset(cur, df, dr) {
                full |= 1 << n;
                cur = n;
            }
            cur = a;
            while let Some(n) = offset(cur, -df, -dr) {
                full |= 1 << n;
                cur = n;
            }
            let mut seg = 0u64;
            cur = a;
            while let Some(n) = offset(cur, df, dr) {
                between[a * 64 + n] = seg;
                line[a * 64 + n] = full;
                seg |= 1 << n;
                cur = n;
            }
        }
    }
    Tables {
        rook_magics,
        bishop_magics,
        rook_table,
        bishop_table,
        between,
        line,
    }
}

#[inline]
fn tables() -> &'static Tables {
    static TABLES: OnceLock<Tables> = OnceLock::new();
    TABLES.get_or_init(build)
}

/// Builds the tables now (otherwise done on first use).
pub fn init() {
    let _ = tables();
}

/// Squares a knight on `sq` attacks.
#[inline]
pub fn knight_attacks(sq: Square) -> Bitboard {
    Bitboard(KNIGHT[sq.index()])
}

/// Squares a king on `sq` attacks.
#[inline]
pub fn king_attacks(sq: Square) -> Bitboard {
    Bitboard(KING[sq.index()])
}

/// Squares a pawn of `color` on `sq` attacks.
#[inline]
pub fn pawn_attacks(color: Color, sq: Square) -> Bitboard {
    Bitboard(PAWN[color.index()][sq.index()])
}

#[inline]
fn magic_lookup(m: &Magic, table: &[u64], occ: Bitboard) -> Bitboard {
    let idx = ((occ.0 & m.mask).wrapping_mul(m.magic) >> m.shift) as usize;
    Bitboard(table.get(m.offset + idx).copied().unwrap_or(0))
}

/// Squares a rook on `sq` attacks with the given occupancy.
#[inline]
pub fn rook_attacks(sq: Square, occ: Bitboard) -> Bitboard {
    let t = tables();
    magic_lookup(&t.rook_magics[sq.index()], &t.rook_table, occ)
}

/// Squares a bishop on `sq` attacks with the given occupancy.
#[inline]
pub fn bishop_attacks(sq: Square, occ: Bitboard) -> Bitboard {
    let t = tables();
    magic_lookup(&t.bishop_magics[sq.index()], &t.bishop_table, occ)
}

/// Squares a queen on `sq` attacks with the given occupancy.
#[inline]
pub fn queen_attacks(sq: Square, occ: Bitboard) -> Bitboard {
    rook_attacks(sq, occ) | bishop_attacks(sq, occ)
}

/// Squares strictly between `a` and `b` if they share a rank, file or diagonal.
#[inline]
pub fn between(a: Square, b: Square) -> Bitboard {
    Bitboard(tables().between[a.index() * 64 + b.index()])
}

/// The whole line (rank, file or diagonal) through `a` and `b`, or empty.
#[inline]
pub fn line(a: Square, b: Square) -> Bitboard {
    Bitboard(tables().line[a.index() * 64 + b.index()])
}

/// Whether `a`, `b` and `c` lie on one line.
#[inline]
pub fn aligned(a: Square, b: Square, c: Square) -> bool {
    line(a, b).contains(c)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The compile-time leaper tables equal the step-by-step ones.
    #[test]
    fn leaper_tables() {
        for i in 0..64 {
            assert_eq!(KNIGHT[i], steps(i, &KNIGHT_STEPS));
            assert_eq!(KING[i], steps(i, &KING_STEPS));
            assert_eq!(PAWN[0][i], steps(i, &[(-1, 1), (1, 1)]));
            assert_eq!(PAWN[1][i], steps(i, &[(-1, -1), (1, -1)]));
        }
        assert_eq!(KNIGHT[0], (1 << 10) | (1 << 17));
    }

    fn sq(s: &str) -> Square {
        s.parse().unwrap()
    }

    #[test]
    fn sliders_match_slow_version() {
        let mut rng = Prng(42);
        for _ in 0..2000 {
            let occ = rng.next() & rng.next();
            for s in 0..64 {
                let square = Square::from_index(s);
                assert_eq!(
                    rook_attacks(square, Bitboard(occ)).0,
                    slide(s as usize, occ, &ROOK_DIRS)
                );
                assert_eq!(
                    bishop_attacks(square, Bitboard(occ)).0,
                    slide(s as usize, occ, &BISHOP_DIRS)
                );
            }
        }
    }

    #[test]
    fn magic_search_finds_working_multipliers() {
        // Without the stored constants the search must still succeed.
        let (m, table) = find_magics(&BISHOP_DIRS, 7, &[0; 64]);
        for (s, magic) in m.iter().enumerate() {
            let occ = 0x0000_2400_0018_0000u64;
            let idx = ((occ & magic.mask).wrapping_mul(magic.magic) >> magic.shift) as usize;
            assert_eq!(table[magic.offset + idx], slide(s, occ, &BISHOP_DIRS));
        }
    }

    #[test]
    fn lines() {
        assert_eq!(between(sq("a1"), sq("a4")).count(), 2);
        assert_eq!(between(sq("a1"), sq("b3")).count(), 0);
        assert_eq!(line(sq("a1"), sq("c3")).count(), 8);
        assert!(aligned(sq("a1"), sq("h8"), sq("d4")));
        assert_eq!(pawn_attacks(Color::White, sq("a2")).count(), 1);
    }
}
