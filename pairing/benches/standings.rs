//! Standings of a generated 2,000-player, 11-round Swiss with six tie-breaks.
//!
//! `cargo bench -p pairing --bench standings` (no external harness): prints the
//! best and median time of several runs.

use std::time::{Duration, Instant};

use pairing::model::{ByeKind, Color, GameResult, Player, RoundEntry, Tournament, TournamentKind};
use pairing::standings;
use pairing::tiebreak::{Edition, TieBreak};

const PLAYERS: usize = 2_000;
const ROUNDS: usize = 11;

/// A Swiss-like tournament: each round the players are sorted by score and
/// paired neighbour with neighbour, results drawn from a fixed-seed generator;
/// now and then a forfeit, a half-point bye or a withdrawal.
fn generate() -> Tournament {
    let mut state: u64 = 0x853C_49E6_748F_EA9B;
    let mut next = move || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state
    };
    let mut players: Vec<Player> = (1..=PLAYERS as u32)
        .map(|id| Player {
            id,
            name: format!("Player {id:04}"),
            rating: Some(2700 - id),
            ..Player::default()
        })
        .collect();
    let mut score = vec![0i32; PLAYERS];
    for _round in 0..ROUNDS {
        let mut order: Vec<usize> = (0..PLAYERS).collect();
        order.sort_by_key(|&i| (-score[i], i));
        let mut k = 0;
        while k < order.len() {
            let a = order[k];
            if next() % 200 == 0 || k + 1 == order.len() {
                players[a].rounds.push(RoundEntry::Bye(ByeKind::Half));
                score[a] += 1;
                k += 1;
                continue;
            }
            let b = order[k + 1];
            let (ra, rb, pa, pb) = match next() % 100 {
                0 => (GameResult::ForfeitWin, GameResult::ForfeitLoss, 2, 0),
                1..=40 => (GameResult::Win, GameResult::Loss, 2, 0),
                41..=70 => (GameResult::Draw, GameResult::Draw, 1, 1),
                _ => (GameResult::Loss, GameResult::Win, 0, 2),
            };
            let a_white = next() % 2 == 0;
            players[a].rounds.push(RoundEntry::Game {
                opponent: b as u32 + 1,
                color: if a_white { Color::White } else { Color::Black },
                result: Some(ra),
            });
            players[b].rounds.push(RoundEntry::Game {
                opponent: a as u32 + 1,
                color: if a_white { Color::Black } else { Color::White },
                result: Some(rb),
            });
            score[a] += pa;
            score[b] += pb;
            k += 2;
        }
    }
    Tournament {
        name: "Generated open".into(),
        kind: TournamentKind::Swiss,
        total_rounds: ROUNDS as u32,
        players,
        ..Tournament::default()
    }
}

fn main() {
    let t = generate();
    let order: Vec<TieBreak> = ["PTS", "BH/C1", "BH", "SB", "DE", "WIN", "ARO"]
        .iter()
        .map(|c| c.parse().unwrap())
        .collect();
    let mut times: Vec<Duration> = Vec::new();
    let mut checksum = 0u64;
    for _ in 0..15 {
        let start = Instant::now();
        let rows = standings::compute(&t, &order, Edition::E2026);
        times.push(start.elapsed());
        checksum = checksum.wrapping_add(u64::from(rows[0].id) + u64::from(rows[PLAYERS - 1].rank));
    }
    times.sort();
    println!(
        "standings: {PLAYERS} players, {ROUNDS} rounds, tie-breaks {}: best {:.2} ms, median {:.2} ms (checksum {checksum})",
        order.iter().skip(1).map(ToString::to_string).collect::<Vec<_>>().join(","),
        times[0].as_secs_f64() * 1e3,
        times[times.len() / 2].as_secs_f64() * 1e3,
    );
}
