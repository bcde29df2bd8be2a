//! Benchmark of the FIDE (Dutch) engine: pairing one late round (round 8 of 9)
//! of 100, 500, 1,000 and 2,000 players, one thread, no harness.
//!
//! `cargo bench -p pairing --bench dutch_pairing [-- SIZES]`, e.g. `-- 100 500`;
//! `DUTCH_BENCH_ROUND=1` pairs round 1 instead (one bracket of everyone).
//! Rounds 1–7 are a quick synthetic history (greedy pairing inside score order,
//! random results with draws, forfeits, half- and zero-point byes,
//! withdrawals); only the pairing of round 8 is timed.

#[path = "../tests/dutch_support/mod.rs"]
mod dutch_support;

use std::time::Instant;

/// CPU time of this process so far (user + system), in seconds, when the
/// system tells it (Linux); the wall time is what the targets are about, the
/// CPU time shows how much of it was spent waiting on a loaded machine.
fn cpu_seconds() -> Option<f64> {
    let stat = std::fs::read_to_string("/proc/self/stat").ok()?;
    // the fields after the command name, which is in parentheses
    let rest = &stat[stat.rfind(')')? + 2..];
    let f: Vec<&str> = rest.split_whitespace().collect();
    let ticks: f64 = f.get(11)?.parse::<f64>().ok()? + f.get(12)?.parse::<f64>().ok()?;
    Some(ticks / 100.0)
}

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
    // another round than the 8th: DUTCH_BENCH_ROUND=1 (a single bracket)
    let round: u32 = std::env::var("DUTCH_BENCH_ROUND")
        .ok()
        .and_then(|r| r.parse().ok())
        .filter(|r| (1..=9).contains(r))
        .unwrap_or(8);
    // another history: DUTCH_BENCH_SEED=k; DUTCH_BENCH_PAIRS=1 prints a
    // checksum of the pairing, to compare two builds of the engine
    let seed: u64 = std::env::var("DUTCH_BENCH_SEED")
        .ok()
        .and_then(|r| r.parse().ok())
        .unwrap_or(0);
    let checksum = std::env::var("DUTCH_BENCH_PAIRS").is_ok();
    let mut last: Option<(f64, f64)> = None;
    for n in sizes {
        let t =
            dutch_support::quick_history(n, 9, round - 1, 20_260_000 + u64::from(n) + seed * 7_919);
        let cpu_start = cpu_seconds();
        let start = Instant::now();
        let p = pairing::dutch::pair(&t, round).expect("the round pairs");
        let secs = start.elapsed().as_secs_f64();
        let cpu = match (cpu_start, cpu_seconds()) {
            (Some(a), Some(b)) => format!(", cpu {:.2} s", b - a),
            _ => String::new(),
        };
        let growth = last
            .map(|(ln, lt)| {
                format!(
                    ", growth exponent {:.2}",
                    (secs / lt).ln() / (f64::from(n) / ln).ln()
                )
            })
            .unwrap_or_default();
        let sum = if checksum {
            // FNV-1a of the pairing in the `.pairs` form
            let text = pairing::dutch::to_pairs_text(&p);
            let h = text.bytes().fold(0xcbf2_9ce4_8422_2325u64, |h, b| {
                (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
            });
            format!(", pairing {h:016x}")
        } else {
            String::new()
        };
        println!(
            "dutch_pairing: {n} players, round {round}: {secs:.3} s ({} boards{cpu}{growth}{sum})",
            p.boards.len()
        );
        last = Some((f64::from(n), secs));
    }
}
