//! `can_mate` on a generated hard family (issue 40; generator and exhaustive
//! reference in `tests/hard_family/mod.rs`): every verdict is compared with
//! the reference where the reference settles the question (its reachable set
//! below the cap), and the test prints the unknown count (all, and where the
//! reference settles), the mean and worst time per question.
//!
//! Run (release; figures in `PERFORMANCE.md`):
//!
//! ```sh
//! HARD_SEEDS=1,2,3 HARD_POSITIONS=300 cargo test --release -p rules \
//!     --test can_mate_hard -- --ignored --nocapture
//! ```
//!
//! Environment: `HARD_SEEDS` (comma-separated, default `1,2,3`),
//! `HARD_POSITIONS` (positions per seed, default 300), `HARD_CAP` (reference
//! node cap, default 200,000; 0: no reference, timing only), `HARD_VERBOSE`
//! (print every unknown question and the slowest ones).
//! A wrong verdict (a `No` where the reference finds a mate, a `Yes` whose
//! witness does not mate) fails the test, and so does an `Unknown` on a
//! question the reference settles.

mod hard_family;

use rules::{can_mate, CanMate, Color, Position};
use std::time::Instant;

fn env_num(name: &str, default: u64) -> u64 {
    std::env::var(name)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

#[derive(Default)]
struct Tally {
    questions: usize,
    settled: usize,
    unknown: usize,
    unknown_settled: usize,
    yes: usize,
    no: usize,
    times: Vec<f64>,
    slow: Vec<(f64, String)>,
    wrong: Vec<String>,
}

impl Tally {
    fn line(&self, name: &str) -> String {
        let n = self.times.len().max(1);
        let mean = self.times.iter().sum::<f64>() / n as f64;
        let worst = self.times.iter().copied().fold(0.0, f64::max);
        format!(
            "{name}: {} questions ({} settled by the reference), {} yes, {} no, {} unknown ({:.2} %; {} of them settled by the reference), {} wrong; mean {:.3} ms, worst {:.1} ms",
            self.questions,
            self.settled,
            self.yes,
            self.no,
            self.unknown,
            100.0 * self.unknown as f64 / n as f64,
            self.unknown_settled,
            self.wrong.len(),
            mean * 1e3,
            worst * 1e3
        )
    }
}

#[test]
#[ignore = "long: the hard family (see module docs)"]
fn hard_family() {
    let seeds: Vec<u64> = std::env::var("HARD_SEEDS")
        .unwrap_or_else(|_| "1,2,3".to_string())
        .split(',')
        .filter_map(|s| s.trim().parse().ok())
        .collect();
    let count = env_num("HARD_POSITIONS", 300) as usize;
    let cap = env_num("HARD_CAP", 200_000) as usize;
    let verbose = std::env::var_os("HARD_VERBOSE").is_some();
    let mut all = Tally::default();
    let start = Instant::now();
    for &seed in &seeds {
        let mut t = Tally::default();
        for fen in hard_family::generate(seed, count) {
            let pos = Position::from_fen(&fen).expect("generated positions are legal");
            let truth = if cap > 0 {
                hard_family::reference(&pos, cap)
            } else {
                None
            };
            for color in [Color::White, Color::Black] {
                let side = if color == Color::White { "w" } else { "b" };
                let q = format!("{fen}\t{side}");
                t.questions += 1;
                let exp = truth.as_ref().map(|r| r[color.index()].is_some());
                t.settled += usize::from(exp.is_some());
                let clock = Instant::now();
                let got = can_mate(&pos, color);
                let secs = clock.elapsed().as_secs_f64();
                t.times.push(secs);
                t.slow.push((secs, q.clone()));
                match (&got, exp) {
                    (CanMate::Unknown, e) => {
                        t.unknown += 1;
                        t.unknown_settled += usize::from(e.is_some());
                        if verbose {
                            println!("UNKNOWN\t{q}\treference {e:?}\t{:.1} ms", secs * 1e3);
                        }
                    }
                    (CanMate::Yes(line), e) => {
                        t.yes += 1;
                        if !hard_family::mates(&pos, color, line) || e == Some(false) {
                            t.wrong.push(format!("WRONG YES\t{q}"));
                        }
                    }
                    (CanMate::No, e) => {
                        t.no += 1;
                        if e == Some(true) {
                            t.wrong.push(format!("WRONG NO\t{q}"));
                        }
                    }
                }
            }
        }
        println!("{}", t.line(&format!("seed {seed}")));
        all.questions += t.questions;
        all.settled += t.settled;
        all.unknown += t.unknown;
        all.unknown_settled += t.unknown_settled;
        all.yes += t.yes;
        all.no += t.no;
        all.times.extend(t.times);
        all.slow.extend(t.slow);
        all.wrong.extend(t.wrong);
    }
    for w in &all.wrong {
        println!("{w}");
    }
    if verbose {
        all.slow.sort_by(|a, b| b.0.total_cmp(&a.0));
        for (s, q) in all.slow.iter().take(20) {
            println!("SLOW\t{:.1} ms\t{q}", s * 1e3);
        }
    }
    println!(
        "{} (cap {cap}; {:.1} s in all)",
        all.line("hard family, all seeds"),
        start.elapsed().as_secs_f64()
    );
    assert!(all.wrong.is_empty(), "{} wrong verdicts", all.wrong.len());
    assert_eq!(
        all.unknown_settled, 0,
        "unknown on questions the exhaustive reference settles"
    );
}

/// The generator gives legal, distinct positions with their variants.
#[test]
fn generator_is_sound() {
    let v = hard_family::generate(7, 60);
    assert_eq!(v.len(), 60);
    let distinct: std::collections::HashSet<_> = v.iter().collect();
    assert_eq!(distinct.len(), v.len());
    for f in &v {
        assert!(Position::from_fen(f).is_ok(), "{f}");
    }
    assert_eq!(hard_family::generate(7, 60), v, "deterministic");
}
