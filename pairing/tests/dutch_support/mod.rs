//! Generated Swiss tournaments for the FIDE (Dutch) self-check and benchmark:
//! random results from a tiny fixed-seed PRNG, with forfeits, requested byes
//! (half-point and zero-point) and withdrawals.

#![allow(dead_code)]

use pairing::dutch;
use pairing::{ByeKind, Color, GameResult, Player, RoundEntry, Tournament};

/// xorshift64* — small, fast, reproducible.
pub struct Rng(u64);

impl Rng {
    pub fn new(seed: u64) -> Self {
        Rng(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1)
    }
    pub fn next(&mut self) -> u64 {
        let mut x = self.0;
        x ^= x >> 12;
        x ^= x << 25;
        x ^= x >> 27;
        self.0 = x;
        x.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }
    /// Uniform in 0..n.
    pub fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
    /// True with probability `per_mille` / 1000.
    pub fn chance(&mut self, per_mille: u64) -> bool {
        self.below(1000) < per_mille
    }
}

/// A tournament of `players` players and `rounds` rounds, nothing played yet.
pub fn new_tournament(players: u32, rounds: u32, rng: &mut Rng) -> Tournament {
    let mut ps: Vec<Player> = Vec::new();
    let mut rating = 2700u32;
    for id in 1..=players {
        rating = rating.saturating_sub(rng.below(8) as u32).max(1000);
        ps.push(Player {
            id,
            name: format!("Player {id:04}"),
            rating: Some(rating),
            ..Default::default()
        });
    }
    Tournament {
        name: "Generated".into(),
        total_rounds: rounds,
        initial_color: if rng.chance(500) {
            Color::White
        } else {
            Color::Black
        },
        players: ps,
        ..Default::default()
    }
}

/// Enters the known absences for `round`: half-point and zero-point byes, and
/// now and then a withdrawal.
pub fn enter_absences(t: &mut Tournament, round: u32, rng: &mut Rng) {
    let k = round as usize - 1;
    for p in &mut t.players {
        if p.withdrawn {
            continue;
        }
        if round > 2 && rng.chance(4) {
            p.withdrawn = true;
            continue;
        }
        let absent = if rng.chance(20) {
            Some(ByeKind::Half)
        } else if rng.chance(10) {
            Some(ByeKind::Zero)
        } else {
            None
        };
        if let Some(kind) = absent {
            p.rounds.resize(k, RoundEntry::NotPaired);
            p.rounds.push(RoundEntry::Bye(kind));
        }
    }
}

/// Enters the pairing of `round` with random results (rating-based, with
/// draws and forfeits).
pub fn play_round(t: &mut Tournament, round: u32, p: &pairing::Pairing, rng: &mut Rng) {
    let k = round as usize - 1;
    for &(w, b) in &p.boards {
        let rw = t.players[w as usize - 1].rating.unwrap_or(1500) as i64;
        let rb = t.players[b as usize - 1].rating.unwrap_or(1500) as i64;
        let (res_w, res_b) = if rng.chance(30) {
            if rng.chance(500) {
                (GameResult::ForfeitWin, GameResult::ForfeitLoss)
            } else {
                (GameResult::ForfeitLoss, GameResult::ForfeitWin)
            }
        } else {
            let white_edge = 500 + (rw - rb).clamp(-400, 400) + 30;
            let roll = rng.below(1000) as i64;
            let draw = 250;
            if roll < white_edge - draw / 2 {
                (GameResult::Win, GameResult::Loss)
            } else if roll < white_edge + draw / 2 {
                (GameResult::Draw, GameResult::Draw)
            } else {
                (GameResult::Loss, GameResult::Win)
            }
        };
        for (id, opp, color, res) in [(w, b, Color::White, res_w), (b, w, Color::Black, res_b)] {
            let pl = &mut t.players[id as usize - 1];
            pl.rounds.resize(k, RoundEntry::NotPaired);
            pl.rounds.push(RoundEntry::Game {
                opponent: opp,
                color,
                result: Some(res),
            });
        }
    }
    if let Some(b) = p.bye {
        let pl = &mut t.players[b as usize - 1];
        pl.rounds.resize(k, RoundEntry::NotPaired);
        pl.rounds.push(RoundEntry::Bye(ByeKind::PairingAllocated));
    }
}

/// Plays `upto` rounds (pairing each with the engine); returns the tournament
/// with the absences of round `upto + 1` entered.
pub fn simulate(players: u32, rounds: u32, upto: u32, seed: u64) -> Tournament {
    let mut rng = Rng::new(seed);
    let mut t = new_tournament(players, rounds, &mut rng);
    for r in 1..=upto {
        enter_absences(&mut t, r, &mut rng);
        let p = dutch::pair(&t, r).expect("generated round pairs");
        play_round(&mut t, r, &p, &mut rng);
    }
    if upto < rounds {
        enter_absences(&mut t, upto + 1, &mut rng);
    }
    t
}

/// A quick history for benchmarks: rounds paired greedily inside score order
/// (no rematch, colours by alternation), not by the Dutch rules.
pub fn quick_history(players: u32, rounds: u32, upto: u32, seed: u64) -> Tournament {
    let mut rng = Rng::new(seed);
    let mut t = new_tournament(players, rounds, &mut rng);
    for r in 1..=upto {
        enter_absences(&mut t, r, &mut rng);
        let k = r as usize - 1;
        let score = |t: &Tournament, id: u32| -> i32 {
            t.players[id as usize - 1]
                .rounds
                .iter()
                .map(|e| match e {
                    RoundEntry::Game {
                        result: Some(GameResult::Win | GameResult::ForfeitWin),
                        ..
                    } => 2,
                    RoundEntry::Game {
                        result: Some(GameResult::Draw),
                        ..
                    } => 1,
                    RoundEntry::Bye(ByeKind::PairingAllocated) => 2,
                    RoundEntry::Bye(ByeKind::Half) => 1,
                    _ => 0,
                })
                .sum()
        };
        let mut ids: Vec<u32> = t
            .players
            .iter()
            .filter(|p| !p.withdrawn && p.rounds.get(k).is_none())
            .map(|p| p.id)
            .collect();
        ids.sort_by_key(|&id| (std::cmp::Reverse(score(&t, id)), id));
        let met = |t: &Tournament, a: u32, b: u32| {
            t.players[a as usize - 1]
                .rounds
                .iter()
                .any(|e| matches!(e, RoundEntry::Game { opponent, .. } if *opponent == b))
        };
        let mut used = vec![false; ids.len()];
        let mut p = pairing::Pairing::default();
        for i in 0..ids.len() {
            if used[i] {
                continue;
            }
            used[i] = true;
            let j = (i + 1..ids.len()).find(|&j| !used[j] && !met(&t, ids[i], ids[j]));
            match j {
                Some(j) => {
                    used[j] = true;
                    let (a, b) = (ids[i], ids[j]);
                    let last_white = |id: u32| {
                        t.players[id as usize - 1]
                            .rounds
                            .iter()
                            .rev()
                            .find_map(|e| match e {
                                RoundEntry::Game { color, .. } => Some(*color == Color::White),
                                _ => None,
                            })
                    };
                    if last_white(a) == Some(true) {
                        p.boards.push((b, a));
                    } else {
                        p.boards.push((a, b));
                    }
                }
                None => p.bye = Some(ids[i]),
            }
        }
        play_round(&mut t, r, &p, &mut rng);
    }
    enter_absences(&mut t, upto + 1, &mut rng);
    t
}
