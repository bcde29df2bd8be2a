//! No panics on any input: fixed-seed random and mutated texts through the FEN,
//! SAN, UCI and PGN readers (a cheap, always-on complement to the cargo-fuzz
//! targets in `fuzz/`).

mod common;

use rules::pgn::{read_games, replay};
use rules::san::{read_move, LetterSet};
use rules::Position;

struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n.max(1) as u64) as usize
    }
}

const ALPHABET: &[char] = &[
    'K', 'Q', 'R', 'B', 'N', 'P', 'k', 'q', 'r', 'b', 'n', 'p', 'a', 'c', 'd', 'e', 'f', 'g', 'h',
    '1', '2', '3', '4', '5', '8', '9', '0', '/', ' ', '-', 'x', ':', '=', '+', '#', '!', '?', '(',
    ')', '{', '}', '[', ']', '"', ';', '$', '.', 'O', 'o', 'w', '\n', '\t', '½', '–', 'é', '\\',
    '%', '*', 'D', 'S', 'H', 'W', 'G', 'J', 'V', 'T', 'L', 'C', 'A', 'F',
];

fn random_text(rng: &mut Rng, max: usize) -> String {
    let n = rng.below(max);
    (0..n)
        .map(|_| ALPHABET[rng.below(ALPHABET.len())])
        .collect()
}

fn mutate(rng: &mut Rng, base: &str) -> String {
    let mut chars: Vec<char> = base.chars().collect();
    for _ in 0..1 + rng.below(4) {
        match rng.below(3) {
            0 if !chars.is_empty() => {
                let i = rng.below(chars.len());
                chars.remove(i);
            }
            1 => {
                let i = rng.below(chars.len() + 1);
                chars.insert(i, ALPHABET[rng.below(ALPHABET.len())]);
            }
            _ if !chars.is_empty() => {
                let i = rng.below(chars.len());
                chars[i] = ALPHABET[rng.below(ALPHABET.len())];
            }
            _ => {}
        }
    }
    chars.into_iter().collect()
}

#[test]
fn fen_reader_never_panics() {
    let mut rng = Rng(0x1234_5678_9abc_def1);
    let bases = [
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",
        "rnbqkbnr/ppp1pppp/8/8/3pP3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1",
    ];
    for i in 0..30_000 {
        let text = if i % 3 == 0 {
            random_text(&mut rng, 80)
        } else {
            let base = bases[rng.below(bases.len())];
            mutate(&mut rng, base)
        };
        for pos in [Position::from_fen(&text), Position::from_fen_lenient(&text)]
            .into_iter()
            .flatten()
        {
            let _ = pos.to_fen();
            let moves = pos.legal_moves();
            if let Some(&m) = moves.first() {
                let _ = pos.play(m);
                let _ = rules::san::write_san(&pos, m);
            }
            let _ = rules::perft::perft(&pos, 2);
        }
    }
}

#[test]
fn san_and_uci_readers_never_panic() {
    let mut rng = Rng(0xfeed_beef_0000_0001);
    let positions = [
        Position::startpos(),
        Position::from_fen("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1")
            .unwrap(),
        Position::from_fen("4k3/1P6/8/8/8/8/6p1/4K3 w - - 0 1").unwrap(),
    ];
    let sets: Vec<LetterSet> = LetterSet::codes()
        .filter_map(LetterSet::from_code)
        .collect();
    let bases = [
        "Nf3",
        "exd6 e.p.",
        "O-O-O",
        "e7e8q",
        "Ng1-f3",
        "d8=Q+",
        "Hxd4",
        "0-0 (=)",
    ];
    for i in 0..40_000 {
        let text = if i % 2 == 0 {
            random_text(&mut rng, 12)
        } else {
            let base = bases[rng.below(bases.len())];
            mutate(&mut rng, base)
        };
        let pos = &positions[rng.below(positions.len())];
        let set = sets[rng.below(sets.len())];
        let _ = read_move(pos, &text, set);
        let _ = rules::uci::parse_uci(pos, &text);
    }
}

#[test]
fn pgn_reader_never_panics() {
    let mut rng = Rng(0x0bad_cafe_1234_5678);
    let base = common::data("games.pgn");
    for i in 0..3_000 {
        let text = if i % 3 == 0 {
            random_text(&mut rng, 400)
        } else {
            let mut t = base.clone();
            for _ in 0..rng.below(20) {
                t = mutate(&mut rng, &t);
            }
            t
        };
        for game in read_games(&text).into_iter().flatten() {
            if let Ok(r) = replay(&game, LetterSet::ENGLISH) {
                let _ = rules::pgn::write_game(&game.tags, &r.start, &r.moves, "*");
            }
            let _ = rules::validate::validate_pgn_game(&game, LetterSet::ENGLISH);
        }
    }
    let bytes: Vec<u8> = (0..5000).map(|_| rng.next() as u8).collect();
    let _ = read_games(&rules::pgn::decode(&bytes));
}
