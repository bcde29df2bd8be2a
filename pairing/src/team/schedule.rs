//! Fixed schedules: team round robins by the Berger tables (C.05, the same
//! tables as for individuals, via [`crate::berger`]) and the Scheveningen
//! system for two teams.
//!
//! **Scheveningen scheme.** Teams A (first-named) and B with `n` boards each
//! play `n` rounds. In round `r` (0-based) A's player on board `i` (roster
//! place `i`) meets B's player of roster place `j = (i + r) mod n`, so every
//! player of A meets every player of B exactly once. Colours:
//! - `n` a multiple of 4: A's board `i` has White when `i + ⌊r / 2⌋` is even,
//!   so boards alternate colours within every round and the pattern shifts
//!   every second round; every player has as many Whites as Blacks;
//! - otherwise: A's player has White when `i + j` is even. Every player then
//!   has as many Whites as Blacks (`n` even) or one more of one colour (`n`
//!   odd), the best possible; the boards of a round need not alternate.

use crate::berger;
use crate::model::{Color, PairError};

use super::model::{Board, Match, TeamId, TeamRound, TeamSystem, TeamTournament};

/// One round's pairing of teams: `(first-named, second)` (the first-named
/// team has White on board 1 under the default colour rule) and the bye.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct TeamPairing {
    pub matches: Vec<(TeamId, TeamId)>,
    pub bye: Option<TeamId>,
}

impl TeamPairing {
    /// The round with empty line-ups, boards coloured by the rule.
    pub fn to_round(&self, t: &TeamTournament) -> TeamRound {
        TeamRound {
            matches: self
                .matches
                .iter()
                .map(|&(home, away)| Match::new(home, away, &t.settings))
                .collect(),
            bye: self.bye,
            half_byes: Vec::new(),
        }
    }
}

/// Round `round` (1-based) of a team round robin by the Berger tables, the
/// colours (which team is named first) reversed in even cycles of a double
/// round robin. With an odd number of teams the team meeting the dummy has
/// the free round ([`TeamPairing::bye`]).
pub fn round_robin(t: &TeamTournament, round: u32) -> Result<TeamPairing, PairError> {
    let teams = t.teams.len() as u32;
    if teams < 2 {
        return Err(PairError::InvalidRound {
            round,
            reason: format!("a round robin needs at least 2 teams, this one has {teams}"),
        });
    }
    let per_cycle = berger::rounds_per_cycle(teams);
    let cycles = match t.system {
        TeamSystem::RoundRobin { double: true } => 2,
        _ => 1,
    }
    .max(t.total_rounds.div_ceil(per_cycle));
    if round == 0 || round > cycles * per_cycle {
        return Err(PairError::InvalidRound {
            round,
            reason: format!(
                "a round robin of {teams} teams has {} rounds",
                cycles * per_cycle
            ),
        });
    }
    let reverse = ((round - 1) / per_cycle) % 2 == 1;
    let mut pairing = TeamPairing::default();
    for (a, b) in berger::table(teams, (round - 1) % per_cycle + 1) {
        let (a, b) = if reverse { (b, a) } else { (a, b) };
        if a > teams {
            pairing.bye = Some(b);
        } else if b > teams {
            pairing.bye = Some(a);
        } else {
            pairing.matches.push((a, b));
        }
    }
    Ok(pairing)
}

/// The Scheveningen schedule for `n` boards: per round (0-based), per board
/// `i` of the first team, `(i, opponent's roster place, first team's colour)`.
pub fn scheveningen_table(n: usize) -> Vec<Vec<(usize, usize, Color)>> {
    (0..n)
        .map(|r| {
            let shift = r / 2;
            (0..n)
                .map(|i| {
                    let j = (i + r) % n;
                    let key = if n.is_multiple_of(4) {
                        i + shift
                    } else {
                        i + j
                    };
                    let colour = if key % 2 == 0 {
                        Color::White
                    } else {
                        Color::Black
                    };
                    (i, j, colour)
                })
                .collect()
        })
        .collect()
}

/// Round `round` (1-based) of a Scheveningen event: one match of the two
/// teams, line-ups filled from the rosters' first `boards` players.
pub fn scheveningen_round(t: &TeamTournament, round: u32) -> Result<TeamRound, PairError> {
    let [a, b] = t.teams.as_slice() else {
        return Err(PairError::InvalidRound {
            round,
            reason: format!(
                "a Scheveningen event has two teams, this one has {}",
                t.teams.len()
            ),
        });
    };
    let n = t.settings.boards as usize;
    if a.roster.len() < n || b.roster.len() < n || n == 0 {
        return Err(PairError::InvalidRound {
            round,
            reason: format!("both rosters need {n} players"),
        });
    }
    if round == 0 || round as usize > n {
        return Err(PairError::InvalidRound {
            round,
            reason: format!("a Scheveningen event of {n} boards has {n} rounds"),
        });
    }
    let table = scheveningen_table(n);
    let boards = table[round as usize - 1]
        .iter()
        .map(|&(i, j, colour)| Board {
            home: Some(a.roster[i]),
            away: Some(b.roster[j]),
            home_colour: colour,
            result: None,
        })
        .collect();
    Ok(TeamRound {
        matches: vec![Match {
            home: a.id,
            away: b.id,
            boards,
        }],
        bye: None,
        half_byes: Vec::new(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn scheveningen_everybody_meets_everybody_once_with_balanced_colours() {
        for n in 1..=12usize {
            let table = scheveningen_table(n);
            assert_eq!(table.len(), n);
            let mut met = vec![vec![0u32; n]; n];
            let mut a_white = vec![0i32; n];
            let mut b_white = vec![0i32; n];
            for (r, round) in table.iter().enumerate() {
                if n % 4 == 0 {
                    // Boards alternate within the round.
                    for pair in round.windows(2) {
                        assert_ne!(pair[0].2, pair[1].2, "n={n} round {r}");
                    }
                }
                let mut opponents: Vec<usize> = round.iter().map(|x| x.1).collect();
                opponents.sort_unstable();
                assert_eq!(opponents, (0..n).collect::<Vec<_>>(), "n={n}");
                for &(i, j, c) in round {
                    met[i][j] += 1;
                    if c == Color::White {
                        a_white[i] += 1;
                    } else {
                        b_white[j] += 1;
                    }
                }
            }
            assert!(met.iter().flatten().all(|&m| m == 1), "n={n}");
            for w in a_white.iter().chain(&b_white) {
                let diff = (2 * w - n as i32).abs();
                assert_eq!(diff, (n % 2) as i32, "n={n}: {w} whites");
            }
        }
    }
}
