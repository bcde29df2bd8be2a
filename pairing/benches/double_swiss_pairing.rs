//! Benchmark of the Double-Swiss engine (C.04.5): a tournament of 100, 500,
//! 1,000 and 2,000 players and 9 matches made by our Double-Swiss generator
//! (draws, forfeits, half-point byes), then matches 1, 5 and 9 paired again
//! from the state before them; each pairing is timed, one thread, no harness.
//!
//! `cargo bench -p pairing --bench double_swiss_pairing [-- SIZES]`, e.g. `-- 1000`.

use std::time::Instant;

use pairing::double_swiss;
use pairing::generator::Config;

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
    for n in sizes {
        let config = Config::parse(&format!(
            "PlayersNumber = {n}\nRoundsNumber = 9\nHighestRating = 2700\nLowestRating = 1100\n\
             DrawPercentage = 30\nForfeitRate = 40\nHalfPointByeRate = 50\n"
        ))
        .expect("the settings read");
        let start = Instant::now();
        let t = double_swiss::generate(&config, 20_261_128 + u64::from(n)).tournament;
        let made = start.elapsed().as_secs_f64();
        let mut line = format!("{n} players: 9 matches generated in {made:.2} s;");
        for round in [1u32, 5, 9] {
            let before = double_swiss::state_before(&t, round);
            let start = Instant::now();
            let p = double_swiss::pair(&before, round).expect("the match pairs");
            let secs = start.elapsed().as_secs_f64();
            let mut a = p.boards.clone();
            a.sort_unstable();
            let recorded = double_swiss::recorded_pairing(&t, round);
            let mut b = recorded.boards.clone();
            b.sort_unstable();
            assert_eq!((a, p.bye), (b, recorded.bye), "match {round}");
            line.push_str(&format!(" match {round} paired in {secs:.3} s;"));
        }
        println!("{}", line.trim_end_matches(';'));
    }
}
