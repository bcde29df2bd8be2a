//! Benchmark of the FIDE (Dutch) engine: pairing one late round (round 8 of 9)
//! of 100, 500, 1,000 and 2,000 players, one thread, no harness.
//!
//! `cargo bench -p pairing --bench dutch_pairing [-- SIZES]`, e.g. `-- 100 500`.
//! Rounds 1–7 are a quick synthetic history (greedy pairing inside score order,
//! random results with draws, forfeits, half- and zero-point byes,
//! withdrawals); only the pairing of round 8 is timed.

#[path = "../tests/dutch_support/mod.rs"]
mod dutch_support;

use std::time::Instant;

fn main() {
    let args: Vec<u32> = std::env::args()
        .skip(1)
        .filter_map(|a| a.parse().ok())
        .collect();
    let sizes = if args.is_empty() {
        vec![100, 500, 1000, 2000]
    } else {
        args
    };
    let mut last: Option<(f64, f64)> = None;
    for n in sizes {
        let t = dutch_support::quick_history(n, 9, 7, 20_260_000 + u64::from(n));
        let start = Instant::now();
        let p = pairing::dutch::pair(&t, 8).expect("round 8 pairs");
        let secs = start.elapsed().as_secs_f64();
        let growth = last
            .map(|(ln, lt)| {
                format!(
                    ", growth exponent {:.2}",
                    (secs / lt).ln() / (f64::from(n) / ln).ln()
                )
            })
            .unwrap_or_default();
        println!(
            "dutch_pairing: {n} players, round 8: {secs:.3} s ({} boards{growth})",
            p.boards.len()
        );
        last = Some((f64::from(n), secs));
    }
}
