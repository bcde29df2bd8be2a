//! Perft counts: the in-repo set always; the shared fixture suites when present.
//!
//! Ordinary runs check every count up to a node budget per count: 1e6 for
//! perft-suite and perft-chess960, 1e5 for the 6,838 positions of perft-random,
//! 4e6 for the small hand-picked files (about 5 s with the workspace's dev
//! opt-level 2). The `#[ignore]`d test `perft_deep` checks every count up to
//! 2e8 nodes in perft-cpw, perft-suite, perft-tricky*; up to 3e7 in
//! perft-chess960; up to 2e6 in perft-random (run: `cargo test --release -p
//! rules -- --ignored`; 217 s measured on the shared 2-core box under load).

mod common;

use rules::perft::{parse_epd, perft};
use rules::Position;

/// Checks every count not above `budget`; returns (checked, total).
fn check_file(text: &str, budget: u64, lenient: bool) -> (usize, usize) {
    let mut checked = 0;
    let mut total = 0;
    for case in parse_epd(text) {
        let pos = if lenient {
            Position::from_fen_lenient(&case.fen)
        } else {
            Position::from_fen(&case.fen)
        }
        .unwrap_or_else(|e| panic!("{}: {e}", case.fen));
        for &(depth, nodes) in &case.counts {
            total += 1;
            if nodes > budget {
                continue;
            }
            assert_eq!(perft(&pos, depth), nodes, "{} depth {depth}", case.fen);
            checked += 1;
        }
    }
    (checked, total)
}

#[test]
fn perft_in_repo_data() {
    let (checked, total) = check_file(&common::data("perft.epd"), u64::MAX, false);
    assert_eq!(checked, total);
    println!("perft (in-repo): {checked}/{total} counts checked");
}

#[test]
fn mirrored_positions_have_same_counts() {
    for case in parse_epd(&common::data("perft.epd")) {
        let pos = Position::from_fen(&case.fen).unwrap();
        let m = pos.mirror();
        assert_eq!(perft(&pos, 3), perft(&m, 3), "{}", case.fen);
    }
}

fn shared_suite(files: &[(&str, u64)]) {
    let Some(dir) = common::shared_fixtures("perft") else {
        return;
    };
    for &(name, budget) in files {
        let text = common::read_text(&dir.join("rules").join(name));
        // Perft checks move generation: load leniently (perft-suite has one position with a check
        // no legal last move can give, which the strict validator refuses).
        let lenient = true;
        let (checked, total) = check_file(&text, budget, lenient);
        println!("perft {name}: {checked}/{total} counts checked (budget {budget} nodes)");
        assert!(checked > 0);
    }
}

#[test]
fn perft_shared_small_files() {
    shared_suite(&[
        ("perft-cpw.epd", 4_000_000),
        ("perft-tricky.epd", 4_000_000),
        ("perft-tricky-unusual.epd", 4_000_000),
    ]);
}

#[test]
fn perft_shared_suite() {
    shared_suite(&[("perft-suite.epd", 1_000_000)]);
}

#[test]
fn perft_shared_chess960() {
    shared_suite(&[("perft-chess960.epd", 1_000_000)]);
}

#[test]
fn perft_shared_random() {
    shared_suite(&[("perft-random.epd", 100_000)]);
}

#[test]
#[ignore = "deep perft; run with --release -- --ignored"]
fn perft_deep() {
    shared_suite(&[
        ("perft-cpw.epd", 200_000_000),
        ("perft-tricky.epd", 200_000_000),
        ("perft-tricky-unusual.epd", 200_000_000),
        ("perft-suite.epd", 200_000_000),
        ("perft-chess960.epd", 30_000_000),
        ("perft-random.epd", 2_000_000),
    ]);
}
