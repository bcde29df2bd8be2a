//! Round robins by the FIDE Berger tables (Handbook C.05, Annex 1).
//!
//! For an even number of players `n`, round 1 is `1-n, 2-(n-1), …`; player `n`
//! stays on board 1, with Black in odd rounds and White in even rounds, while the
//! others turn around him. With an odd number of players the highest number
//! `n + 1` is a dummy: whoever meets it has the free round. In a double round
//! robin the second cycle repeats the first with colours reversed.
//!
//! ```
//! use pairing::berger;
//! assert_eq!(berger::table(6, 2), vec![(6, 4), (5, 3), (1, 2)]);
//! assert_eq!(berger::table(5, 1), vec![(1, 6), (2, 5), (3, 4)]); // 1 has the bye
//! ```

use crate::model::{
    PairError, Pairing, Player, PlayerId, RoundEntry, Tournament, TournamentKind, TrfLine,
};

/// The table size used for `players` players: the next even number.
pub fn table_size(players: u32) -> u32 {
    players + players % 2
}

/// Rounds of one cycle for `players` players.
pub fn rounds_per_cycle(players: u32) -> u32 {
    table_size(players).saturating_sub(1)
}

/// Round `round` (1-based, within one cycle) of the Berger table for `players`
/// players, as (white, black) pairing numbers in board order. With an odd number
/// of players one board holds the dummy `players + 1`. Empty when `players < 2`
/// or the round is outside the cycle.
pub fn table(players: u32, round: u32) -> Vec<(u32, u32)> {
    let size = table_size(players);
    if players < 2 || round == 0 || round > size - 1 {
        return Vec::new();
    }
    let turning = size - 1; // players 1..size-1 turn around `size`
    let wrap = |x: i64| -> u32 { (x - 1).rem_euclid(i64::from(turning)) as u32 + 1 };
    // The player facing `size`: 1 in round 1, then n/2 places further each round.
    let facing = wrap(1 + i64::from(round - 1) * i64::from(size / 2));
    let mut boards = Vec::with_capacity((size / 2) as usize);
    boards.push(if round % 2 == 1 {
        (facing, size)
    } else {
        (size, facing)
    });
    for k in 1..i64::from(size / 2) {
        boards.push((wrap(i64::from(facing) + k), wrap(i64::from(facing) - k)));
    }
    boards
}

/// Pairs round `round` (1-based) of a round robin: the Berger table for the
/// number of players, colours reversed in even cycles (double round robin), the
/// player meeting the dummy given the round off (`Pairing::bye`; in a round robin
/// it is the free round, worth what the regulations say, not a pairing-allocated
/// bye).
pub fn pair_round(t: &Tournament, round: u32) -> Result<Pairing, PairError> {
    let players = t.players.len() as u32;
    if players < 2 {
        return Err(PairError::InvalidRound {
            round,
            reason: format!("a round robin needs at least 2 players, this one has {players}"),
        });
    }
    let per_cycle = rounds_per_cycle(players);
    let mut cycles = match t.kind {
        TournamentKind::RoundRobin { double: true } => 2,
        _ => 1,
    };
    cycles = cycles.max(t.total_rounds.div_ceil(per_cycle));
    if round == 0 || round > cycles * per_cycle {
        return Err(PairError::InvalidRound {
            round,
            reason: format!(
                "a round robin of {players} players has {} rounds",
                cycles * per_cycle
            ),
        });
    }
    let cycle = (round - 1) / per_cycle;
    let reverse = cycle % 2 == 1;
    let mut pairing = Pairing::default();
    for (white, black) in table(players, (round - 1) % per_cycle + 1) {
        let (white, black) = if reverse {
            (black, white)
        } else {
            (white, black)
        };
        if white > players {
            pairing.bye = Some(black);
        } else if black > players {
            pairing.bye = Some(white);
        } else {
            pairing.boards.push((white, black));
        }
    }
    Ok(pairing)
}

/// The round to pair next: one more than the last round anybody has an entry in.
pub fn next_round(t: &Tournament) -> u32 {
    t.players
        .iter()
        .map(|p| {
            p.rounds
                .iter()
                .rposition(|e| *e != RoundEntry::NotPaired)
                .map_or(0, |r| r + 1)
        })
        .max()
        .unwrap_or(0) as u32
        + 1
}

/// Pairing numbers by rating (C.05: when the regulations order by rating):
/// highest rating first, unrated last, then by title (GM, IM, WGM, FM, WIM, CM,
/// WFM, WCM), then alphabetically. Returns the players' current ids in their new
/// order (the first gets pairing number 1).
pub fn order_by_rating(players: &[Player]) -> Vec<PlayerId> {
    let title_rank = |t: &Option<String>| -> usize {
        const TITLES: [&str; 8] = ["GM", "IM", "WGM", "FM", "WIM", "CM", "WFM", "WCM"];
        t.as_deref()
            .and_then(|t| TITLES.iter().position(|x| x.eq_ignore_ascii_case(t)))
            .unwrap_or(TITLES.len())
    };
    let mut order: Vec<&Player> = players.iter().collect();
    order.sort_by(|a, b| {
        b.rating
            .unwrap_or(0)
            .cmp(&a.rating.unwrap_or(0))
            .then_with(|| title_rank(&a.title).cmp(&title_rank(&b.title)))
            .then_with(|| a.name.cmp(&b.name))
            .then_with(|| a.id.cmp(&b.id))
    });
    order.into_iter().map(|p| p.id).collect()
}

/// Pairing numbers by lot: a permutation of `1..=count` drawn from `seed`
/// (SplitMix64 and a Fisher–Yates shuffle, so that a recorded seed replays the
/// draw).
pub fn draw_lots(count: u32, seed: u64) -> Vec<u32> {
    let mut state = seed;
    let mut next = move || {
        state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = state;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    };
    let mut numbers: Vec<u32> = (1..=count).collect();
    for i in (1..numbers.len()).rev() {
        let j = (next() % (i as u64 + 1)) as usize;
        numbers.swap(i, j);
    }
    numbers
}

/// Why players could not be given new pairing numbers.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum NumberingError {
    #[error("the new order must list each of the {players} pairing numbers once ({found})")]
    NotAPermutation { players: usize, found: String },
}

/// Gives the players new pairing numbers (after the drawing of lots or the
/// ordering by rating): the player now numbered `order[k]` becomes `k + 1`.
/// Opponents, forbidden pairs and the TRF layout follow.
pub fn renumber(t: &mut Tournament, order: &[PlayerId]) -> Result<(), NumberingError> {
    let n = t.players.len();
    let mut new_number = vec![0u32; n + 1];
    for (k, &old) in order.iter().enumerate() {
        match new_number.get_mut(old as usize) {
            Some(slot) if old >= 1 && *slot == 0 => *slot = k as u32 + 1,
            _ => {
                return Err(NumberingError::NotAPermutation {
                    players: n,
                    found: format!("{old} is out of range or repeated"),
                })
            }
        }
    }
    if order.len() != n {
        return Err(NumberingError::NotAPermutation {
            players: n,
            found: format!("{} given", order.len()),
        });
    }
    let map = |id: PlayerId| new_number.get(id as usize).copied().unwrap_or(id);
    let mut players = std::mem::take(&mut t.players);
    for p in &mut players {
        p.id = map(p.id);
        for entry in &mut p.rounds {
            if let RoundEntry::Game { opponent, .. } = entry {
                *opponent = map(*opponent);
            }
        }
    }
    players.sort_by_key(|p| p.id);
    t.players = players;
    for pair in &mut t.forbidden {
        *pair = (map(pair.0), map(pair.1));
    }
    for line in &mut t.trf.lines {
        if let TrfLine::Player { id, .. } = line {
            *id = map(*id);
        }
    }
    for game in &mut t.trf.unrated_games {
        game.0 = map(game.0);
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_player_meets_every_other_once() {
        for n in 2..=24u32 {
            let size = table_size(n);
            let mut met = vec![vec![0u32; size as usize + 1]; size as usize + 1];
            for round in 1..size {
                let boards = table(n, round);
                assert_eq!(boards.len() as u32, size / 2);
                for (w, b) in boards {
                    met[w as usize][b as usize] += 1;
                    met[b as usize][w as usize] += 1;
                }
            }
            for (a, row) in met.iter().enumerate().skip(1) {
                for (b, &count) in row.iter().enumerate().skip(1) {
                    assert_eq!(count, u32::from(a != b), "n={n} {a}-{b}");
                }
            }
        }
    }

    #[test]
    fn renumbering_follows_opponents() {
        let text = "001    1      A                                 1800                             1.0    1     2 w 1\n\
                    001    2      B                                 2000                             0.0    2     1 b 0\n";
        let mut t = crate::trf::parse(text).unwrap();
        let order = order_by_rating(&t.players);
        assert_eq!(order, vec![2, 1]);
        renumber(&mut t, &order).unwrap();
        assert_eq!(t.players[0].name, "B");
        assert_eq!(
            t.players[0].rounds[0],
            RoundEntry::Game {
                opponent: 2,
                color: crate::model::Color::Black,
                result: Some(crate::model::GameResult::Loss)
            }
        );
        let again = crate::trf::parse(&crate::trf::write(&t)).unwrap();
        assert_eq!(again.players, t.players);
        assert!(renumber(&mut t, &[1, 1]).is_err());
        assert!(renumber(&mut t, &[1]).is_err());
    }

    #[test]
    fn lots_are_a_permutation() {
        let mut lots = draw_lots(10, 42);
        lots.sort_unstable();
        assert_eq!(lots, (1..=10).collect::<Vec<_>>());
        assert_eq!(draw_lots(10, 42), draw_lots(10, 42));
    }
}
