//! Builders for team events in the tests: teams with rosters, a result
//! simulator driven by SplitMix64 (deterministic per seed).

#![allow(dead_code)]

use pairing::model::{GameResult, Player};
use pairing::team::{self, BoardResult, Team, TeamSettings, TeamSystem, TeamTournament};

pub struct Rng(u64);

impl Rng {
    pub fn new(seed: u64) -> Self {
        Rng(seed)
    }
    pub fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
    pub fn below(&mut self, n: u64) -> u64 {
        self.next() % n.max(1)
    }
}

/// `teams` teams of `roster` players (team k has players
/// `(k-1)·roster + 1 ..`), ratings falling with the pairing number.
pub fn event(
    teams: u32,
    roster: u32,
    boards: u32,
    rounds: u32,
    system: TeamSystem,
) -> TeamTournament {
    let mut t = TeamTournament {
        name: "Test League".into(),
        system,
        total_rounds: rounds,
        settings: TeamSettings::new(boards),
        ..TeamTournament::default()
    };
    for k in 1..=teams {
        let roster: Vec<u32> = ((k - 1) * roster + 1..=k * roster).collect();
        for &p in &roster {
            t.players.push(Player {
                id: p,
                name: format!("Player {p}"),
                rating: Some(2400 - 3 * (p % 200)),
                ..Player::default()
            });
        }
        t.teams.push(Team {
            id: k,
            name: format!("Team {k}"),
            rating: Some(2400 - (k % 200)),
            federation: Some("NED".into()),
            captain: Some(format!("Captain {k}")),
            roster,
            withdrawn: false,
        });
    }
    t
}

/// Pairs the next round, fills line-ups (sometimes with an empty board) and
/// results (sometimes a forfeit or an asymmetric result), and appends it.
pub fn play_round(t: &mut TeamTournament, rng: &mut Rng, odd_results: bool) {
    let round = team::pair_next_round(t).expect("round pairs");
    play(t, round, rng, odd_results);
}

/// Fills line-ups and results of a paired round and appends it.
pub fn play(
    t: &mut TeamTournament,
    mut round: pairing::team::TeamRound,
    rng: &mut Rng,
    odd_results: bool,
) {
    let boards = t.settings.boards as usize;
    for m in &mut round.matches {
        let lineup = |team: u32, rng: &mut Rng| -> Vec<Option<u32>> {
            let roster = &t.teams[team as usize - 1].roster;
            // Keep roster order: drop some reserves at random.
            let mut chosen: Vec<u32> = roster.clone();
            while chosen.len() > boards {
                let k = rng.below(chosen.len() as u64) as usize;
                chosen.remove(k);
            }
            let mut list: Vec<Option<u32>> = chosen.into_iter().map(Some).collect();
            if odd_results && rng.below(12) == 0 {
                let k = rng.below(boards as u64) as usize;
                list[k] = None;
            }
            list
        };
        let home = lineup(m.home, rng);
        let away = lineup(m.away, rng);
        m.set_lineups(t, &home, &away).expect("valid line-ups");
        for b in &mut m.boards {
            if b.result.is_some() {
                continue;
            }
            let roll = rng.below(100);
            b.result = Some(match roll {
                0 if odd_results => BoardResult {
                    home: GameResult::Adjusted(0),
                    away: GameResult::Adjusted(1),
                },
                1 if odd_results => BoardResult {
                    home: GameResult::Adjusted(0),
                    away: GameResult::Adjusted(0),
                },
                2 if odd_results => BoardResult {
                    home: GameResult::ForfeitWin,
                    away: GameResult::ForfeitLoss,
                },
                3..=39 => BoardResult::HOME_WIN,
                40..=69 => BoardResult::DRAW,
                _ => BoardResult::AWAY_WIN,
            });
        }
    }
    t.rounds.push(round);
}
