//! can_mate against the shared samples: unwinnability-sample.txt (labels WB,
//! W-, -B, --), timeout-unwinnable-sample.tsv (the side not to move cannot
//! mate) and can-mate-sample.tsv (yes/no per side; our witnesses are replayed
//! and checked, theirs too). Every question must be decided: a wrong verdict
//! (Yes where the sample says No or the reverse) or an Unknown fails the test.
//!
//! Built with optimizations (`cargo test --release`) the whole files are run;
//! in an unoptimized build (plain `cargo test`, where the searches are some 30
//! times slower) a fixed subset, every `SUBSET_STEP`-th question, and the
//! report line says so. Without `../shared` the tests print `SKIPPED` and pass.

mod common;

use rules::{can_mate, CanMate, Color, Position};
use std::time::Instant;

/// In unoptimized builds only every `SUBSET_STEP`-th fixture line is checked.
const SUBSET_STEP: usize = if cfg!(debug_assertions) { 10 } else { 1 };

/// The fixture lines to check (all, or the fixed subset in debug builds).
fn selected(text: &str) -> impl Iterator<Item = &str> {
    text.lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .step_by(SUBSET_STEP)
}

fn scope() -> &'static str {
    if SUBSET_STEP == 1 {
        "full file"
    } else {
        "SUBSET (every 10th line; unoptimized build, run with --release for the full file)"
    }
}

fn check_witness(pos: &Position, color: Color, line: &[rules::Move]) {
    let mut p = pos.clone();
    for &m in line {
        p = p.play(m).expect("witness move legal");
    }
    assert!(
        p.is_checkmate() && p.turn() != color,
        "witness does not mate"
    );
}

struct Tally {
    agree: usize,
    unknown: usize,
    wrong: Vec<String>,
    total: usize,
    times: Vec<f64>,
}

impl Tally {
    fn new() -> Tally {
        Tally {
            agree: 0,
            unknown: 0,
            wrong: Vec::new(),
            total: 0,
            times: Vec::new(),
        }
    }
    fn check(&mut self, pos: &Position, color: Color, expect_yes: bool, what: &str) {
        self.total += 1;
        let t = Instant::now();
        let got = can_mate(pos, color);
        self.times.push(t.elapsed().as_secs_f64());
        match (&got, expect_yes) {
            (CanMate::Yes(line), true) => {
                check_witness(pos, color, line);
                self.agree += 1;
            }
            (CanMate::No, false) => self.agree += 1,
            (CanMate::Unknown, _) => {
                println!("UNKNOWN {what}: {} {color:?}", pos.to_fen());
                self.unknown += 1;
            }
            _ => self.wrong.push(format!(
                "{what}: {} {color:?} expected {expect_yes} got {got:?}",
                pos.to_fen()
            )),
        }
    }
    fn report(&mut self, name: &str) {
        let scope = if name == "in-repo" { "all" } else { scope() };
        self.times.sort_by(|a, b| a.total_cmp(b));
        let n = self.times.len().max(1);
        let mean = self.times.iter().sum::<f64>() / n as f64;
        let median = self.times.get(n / 2).copied().unwrap_or(0.0);
        let worst = self.times.last().copied().unwrap_or(0.0);
        println!(
            "{name} ({}): {}/{} questions agree, {} unknown, {} wrong; mean {:.3} ms, median {:.3} ms, worst {:.1} ms",
            scope, self.agree, self.total, self.unknown, self.wrong.len(), mean * 1e3, median * 1e3, worst * 1e3
        );
        for w in &self.wrong {
            println!("WRONG {w}");
        }
    }
    /// Every question decided, and decided as the sample says.
    fn assert_all_agree(&self) {
        assert!(self.wrong.is_empty(), "wrong verdicts: {:?}", self.wrong);
        assert_eq!(self.unknown, 0, "undecided questions");
        assert_eq!(self.agree, self.total);
    }
}

#[test]
fn in_repo_positions() {
    let mut t = Tally::new();
    // K+R vs K: yes; K vs K+R: no.
    let p = Position::from_fen("8/8/8/4k3/8/8/8/R3K3 w - - 0 1").unwrap();
    t.check(&p, Color::White, true, "KR");
    t.check(&p, Color::Black, false, "KR");
    // Bare kings.
    let p = Position::from_fen("8/8/8/8/8/8/8/k1K5 w - - 0 1").unwrap();
    t.check(&p, Color::White, false, "bare");
    // Blocked pawns only, kings cannot cross: dead (needs a proof beyond material).
    let p = Position::from_fen("3k4/p2p2p1/P2P2P1/8/8/P2P4/P2P2P1/3K4 w - - 0 1").unwrap();
    t.check(&p, Color::White, false, "blocked");
    t.check(&p, Color::Black, false, "blocked");
    // Bishops of one colour behind a locked chain: dead.
    let p = Position::from_fen("2k5/b7/8/p1p1p1p1/P1P1P1P1/8/B5B1/4K3 w - - 0 1").unwrap();
    t.check(&p, Color::White, false, "chain");
    t.check(&p, Color::Black, false, "chain");
    // Only capture is forced and stalemates: Black cannot mate.
    let p = Position::from_fen("7k/8/8/3B4/8/6p1/1b4Pp/2b4K w - - 0 1").unwrap();
    t.check(&p, Color::Black, false, "stuck king");
    t.report("in-repo");
    t.assert_all_agree();
}

#[test]
fn unwinnability_sample() {
    let Some(dir) = common::shared_fixtures("unwinnability-sample.txt") else {
        return;
    };
    let text = common::read_text(&dir.join("rules/unwinnability-sample.txt"));
    let mut t = Tally::new();
    for line in selected(&text) {
        let (label, fen) = line.split_once(' ').unwrap();
        let pos = Position::from_fen_lenient(fen).unwrap();
        let b = label.as_bytes();
        t.check(&pos, Color::White, b[0] == b'W', label);
        t.check(&pos, Color::Black, b[1] == b'B', label);
    }
    t.report("unwinnability-sample");
    t.assert_all_agree();
}

#[test]
fn timeout_unwinnable_sample() {
    let Some(dir) = common::shared_fixtures("timeout-unwinnable-sample.tsv") else {
        return;
    };
    let text = common::read_text(&dir.join("rules/timeout-unwinnable-sample.tsv"));
    let mut t = Tally::new();
    for line in selected(&text) {
        let fen = line.split('\t').next().unwrap();
        let pos = Position::from_fen_lenient(fen).unwrap();
        t.check(&pos, pos.turn().other(), false, "timeout");
    }
    t.report("timeout-unwinnable-sample");
    t.assert_all_agree();
}

#[test]
fn can_mate_sample() {
    let Some(dir) = common::shared_fixtures("can-mate-sample.tsv") else {
        return;
    };
    let text = common::read_text(&dir.join("rules/can-mate-sample.tsv"));
    let mut t = Tally::new();
    for line in selected(&text) {
        let f: Vec<&str> = line.split('\t').collect();
        let pos = Position::from_fen_lenient(f[0]).unwrap();
        for (i, color) in [(2, Color::White), (3, Color::Black)] {
            let yes = f[i] == "yes";
            if yes {
                // Their witness must replay too (checks our SAN-free UCI path).
                let wit = f.get(i + 2).copied().unwrap_or("");
                let mut p = pos.clone();
                for u in wit.split_whitespace() {
                    let m = rules::uci::parse_uci(&p, u).expect("their witness legal");
                    p = p.play(m).unwrap();
                }
                assert!(p.is_checkmate() && p.turn() != color);
            }
            t.check(&pos, color, yes, "can-mate");
        }
    }
    t.report("can-mate-sample");
    t.assert_all_agree();
}

/// Issue 18: positions where men that cannot move now (locked in by their
/// own pawns, or next to their own king) are freed later — moved away or
/// captured — and the side can still mate. Found by the differential tester
/// (`tests/can_mate_differential.rs`); every line was a wrong "no" before.
/// The stored witness must mate, and `can_mate` must answer `Yes` with a
/// witness of its own.
#[test]
fn locked_family_regressions() {
    let text = common::data("can-mate-locked.tsv");
    let mut t = Tally::new();
    let mut positions = std::collections::HashSet::new();
    for line in text
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
    {
        let f: Vec<&str> = line.split('\t').collect();
        assert_eq!(f.len(), 4, "{line}");
        let pos = Position::from_fen(f[0]).unwrap();
        let color = if f[1] == "w" {
            Color::White
        } else {
            Color::Black
        };
        assert_eq!(f[2], "no", "verdict before issue 18: {line}");
        let mut p = pos.clone();
        for u in f[3].split_whitespace() {
            let m = rules::uci::parse_uci(&p, u).expect("stored witness legal");
            p = p.play(m).unwrap();
        }
        assert!(
            p.is_checkmate() && p.turn() != color,
            "stored witness: {line}"
        );
        positions.insert(f[0]);
        t.check(&pos, color, true, "locked family");
    }
    t.report("in-repo");
    t.assert_all_agree();
    assert!(positions.len() >= 40, "{} positions", positions.len());
}
