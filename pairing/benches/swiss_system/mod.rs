//! The benchmark the Swiss systems' engines share (`burstein_pairing`,
//! `dubov_pairing`, `lim_pairing`): a tournament of 100, 500, 1,000 and
//! 2,000 players and 9 rounds made by our generator with the system (draws,
//! forfeits, half-point byes), then rounds 1, 5 and 9 paired again from the
//! state before them; each pairing is timed, one thread, no harness.

use std::time::Instant;

use pairing::generator::{generate_with, Config, System};
use pairing::{PairError, Pairing, Tournament};

/// Times rounds 1, 5 and 9 of generated tournaments of the sizes given on
/// the command line (default 100, 500, 1,000, 2,000 players), paired by
/// `pair` from the state before them, and checks each pairing is the one the
/// generator recorded with the same system.
pub fn run(system: System, pair: fn(&Tournament, u32) -> Result<Pairing, PairError>) {
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
        let t = generate_with(&config, 20_261_127 + u64::from(n), system).tournament;
        let made = start.elapsed().as_secs_f64();
        let mut line = format!("{n} players: 9 rounds generated in {made:.2} s;");
        for round in [1u32, 5, 9] {
            let before = pairing::dutch::state_before(&t, round);
            let start = Instant::now();
            let p = pair(&before, round).expect("the round pairs");
            let secs = start.elapsed().as_secs_f64();
            assert_eq!(
                p,
                pairing::dutch::recorded_pairing(&t, round).sorted_like(&p)
            );
            line.push_str(&format!(" round {round} paired in {secs:.3} s;"));
        }
        println!("{}", line.trim_end_matches(';'));
    }
}

trait SortedLike {
    fn sorted_like(self, other: &Pairing) -> Pairing;
}

impl SortedLike for Pairing {
    /// The same boards in the order of `other` (the recorded pairing has
    /// them by pairing number).
    fn sorted_like(mut self, other: &Pairing) -> Pairing {
        let pos = |b: &(u32, u32)| {
            other
                .boards
                .iter()
                .position(|x| x == b)
                .unwrap_or(usize::MAX)
        };
        self.boards.sort_by_key(pos);
        self
    }
}
