//! Synthetic tournaments for load tests: a large Swiss with a plausible history,
//! written as TRF so it goes in through the normal import. The history is made
//! quickly (neighbours in score order meet, results drawn from the ratings): it
//! is load-test data, not a pairing — real pairings come from `pairing::dutch`.

use pairing::{Color, GameResult, Player, RoundEntry, Tournament};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

/// A finished Swiss of `players` players and `rounds` rounds.
pub fn swiss(players: u32, rounds: u32, seed: u64) -> Tournament {
    let mut dice = StdRng::seed_from_u64(seed);
    let mut t = Tournament {
        name: format!("Load test Open ({players} players)"),
        total_rounds: rounds,
        players: (1..=players)
            .map(|i| Player {
                id: i,
                name: format!("Player {i:04}, Łukasz"),
                rating: Some(2700 - i * 1500 / players.max(1)),
                federation: Some(if i % 2 == 0 { "POL" } else { "CZE" }.into()),
                ..Default::default()
            })
            .collect(),
        ..Default::default()
    };
    let mut points = vec![0i32; players as usize];
    for r in 0..rounds {
        let mut order: Vec<usize> = (0..players as usize).collect();
        order.sort_by_key(|&i| (-points[i], i));
        let mut bye = None;
        if order.len() % 2 == 1 {
            bye = order.pop();
        }
        for pair in order.chunks(2) {
            let (w, b) = if (r as usize + pair[0]).is_multiple_of(2) {
                (pair[0], pair[1])
            } else {
                (pair[1], pair[0])
            };
            let d = (t.players[w].rating.unwrap_or(1500) as f64
                - t.players[b].rating.unwrap_or(1500) as f64)
                / 400.0;
            let e = 1.0 / (1.0 + 10f64.powf(-d));
            let u: f64 = dice.gen();
            let (rw, rb) = if u < e - 0.15 {
                (GameResult::Win, GameResult::Loss)
            } else if u < e + 0.15 {
                (GameResult::Draw, GameResult::Draw)
            } else {
                (GameResult::Loss, GameResult::Win)
            };
            let pts = |g: GameResult| match g {
                GameResult::Win => 2,
                GameResult::Draw => 1,
                _ => 0,
            };
            points[w] += pts(rw);
            points[b] += pts(rb);
            t.players[w].rounds.push(RoundEntry::Game {
                opponent: b as u32 + 1,
                color: Color::White,
                result: Some(rw),
            });
            t.players[b].rounds.push(RoundEntry::Game {
                opponent: w as u32 + 1,
                color: Color::Black,
                result: Some(rb),
            });
        }
        if let Some(p) = bye {
            points[p] += 2;
            t.players[p]
                .rounds
                .push(RoundEntry::Bye(pairing::ByeKind::PairingAllocated));
        }
    }
    t
}
