//! Team tie-breaks (C.07 applied to teams) on small events worked out by hand,
//! match and game points with forfeits and asymmetric results, and board
//! statistics.

mod team_support;

use pairing::model::GameResult;
use pairing::team::tiebreak::{
    board_ranking, board_statistics, team_standings, TeamTieBreak, TeamTieBreaks,
};
use pairing::team::{BoardResult, Match, MatchOutcome, TeamRound, TeamSystem, TeamTournament};
use pairing::tiebreak::TieBreakValue;
use team_support::event;

const W: BoardResult = BoardResult::HOME_WIN;
const D: BoardResult = BoardResult::DRAW;
const L: BoardResult = BoardResult::AWAY_WIN;

fn result(t: &TeamTournament, home: u32, away: u32, boards: &[BoardResult]) -> Match {
    let mut m = Match::new(home, away, &t.settings);
    let h: Vec<Option<u32>> = t.teams[home as usize - 1]
        .roster
        .iter()
        .map(|&p| Some(p))
        .collect();
    let a: Vec<Option<u32>> = t.teams[away as usize - 1]
        .roster
        .iter()
        .map(|&p| Some(p))
        .collect();
    m.set_lineups(t, &h, &a).unwrap();
    for (b, r) in m.boards.iter_mut().zip(boards) {
        b.result = Some(*r);
    }
    m
}

/// Four teams of two boards, a round robin (Berger: 1–4 2–3, 4–3 1–2,
/// 2–4 3–1):
///
/// | round | match | game points | match points |
/// | --- | --- | --- | --- |
/// | 1 | 1–4 | 2–0 | 2–0 |
/// | 1 | 2–3 | 1½–½ | 2–0 |
/// | 2 | 4–3 | 0–2 | 0–2 |
/// | 2 | 1–2 | 1–1 | 1–1 |
/// | 3 | 2–4 | 2–0 | 2–0 |
/// | 3 | 3–1 | 1–1 | 1–1 |
///
/// MP: 1 = 4, 2 = 5, 3 = 3, 4 = 0. GP: 1 = 4, 2 = 4½, 3 = 3½, 4 = 0.
fn worked_event() -> TeamTournament {
    let mut t = event(4, 2, 2, 3, TeamSystem::RoundRobin { double: false });
    let rounds = [
        vec![result(&t, 1, 4, &[W, W]), result(&t, 2, 3, &[W, D])],
        vec![result(&t, 4, 3, &[L, L]), result(&t, 1, 2, &[W, L])],
        vec![result(&t, 2, 4, &[W, W]), result(&t, 3, 1, &[D, D])],
    ];
    for matches in rounds {
        t.rounds.push(TeamRound {
            matches,
            bye: None,
            ..TeamRound::default()
        });
    }
    t
}

fn values(t: &TeamTournament, code: &str) -> Vec<f64> {
    let tb: TeamTieBreak = code.parse().unwrap();
    TeamTieBreaks::new(t)
        .values(&tb)
        .into_iter()
        .map(|v| v.unwrap().as_f64())
        .collect()
}

#[test]
fn scores_of_the_worked_event() {
    let t = worked_event();
    assert_eq!(values(&t, "MP"), vec![4.0, 5.0, 3.0, 0.0]);
    assert_eq!(values(&t, "GP"), vec![4.0, 4.5, 3.5, 0.0]);
    assert_eq!(values(&t, "WIN"), vec![1.0, 2.0, 1.0, 0.0]);
    assert_eq!(values(&t, "WON"), vec![1.0, 2.0, 1.0, 0.0]);
}

#[test]
fn buchholz_for_teams() {
    // BH:MP: 1 met 4, 2, 3 → 0 + 5 + 3 = 8; 2 met 3, 1, 4 → 3 + 4 + 0 = 7;
    // 3 met 2, 4, 1 → 5 + 0 + 4 = 9; 4 met 1, 3, 2 → 4 + 3 + 5 = 12.
    let t = worked_event();
    assert_eq!(values(&t, "BH:MP"), vec![8.0, 7.0, 9.0, 12.0]);
    // BH:GP: 1 → 0 + 4½ + 3½ = 8; 2 → 3½ + 4 + 0 = 7½; 3 → 4½ + 0 + 4 = 8½;
    // 4 → 4 + 3½ + 4½ = 12.
    assert_eq!(values(&t, "BH:GP"), vec![8.0, 7.5, 8.5, 12.0]);
    // Cut 1 drops the lowest: 1 → 8, 2 → 7, 3 → 9, 4 → 12 − 3 = 9.
    assert_eq!(values(&t, "BH:MP/C1"), vec![8.0, 7.0, 9.0, 9.0]);
}

#[test]
fn sonneborn_berger_variants_for_teams() {
    let t = worked_event();
    // EMMSB = Σ opponent's MP × own MP in the match:
    // 1: 0·2 + 5·1 + 3·1 = 8; 2: 3·2 + 4·1 + 0·2 = 10; 3: 5·0 + 0·2 + 4·1 = 4.
    assert_eq!(values(&t, "EMMSB"), vec![8.0, 10.0, 4.0, 0.0]);
    // EMGSB = Σ opponent's MP × own GP: 1: 0·2 + 5·1 + 3·1 = 8;
    // 2: 3·1½ + 4·1 + 0·2 = 8½; 3: 5·½ + 0·2 + 4·1 = 6½; 4: 0.
    assert_eq!(values(&t, "EMGSB"), vec![8.0, 8.5, 6.5, 0.0]);
    // EGGSB = Σ opponent's GP × own GP: 1: 0·2 + 4½·1 + 3½·1 = 8;
    // 2: 3½·1½ + 4·1 + 0·2 = 9¼; 3: 4½·½ + 0·2 + 4·1 = 6¼.
    assert_eq!(values(&t, "EGGSB"), vec![8.0, 9.25, 6.25, 0.0]);
    // EGMSB = Σ opponent's GP × own MP: 1: 0·2 + 4½·1 + 3½·1 = 8;
    // 2: 3½·2 + 4·1 + 0·2 = 11; 3: 4½·0 + 0·2 + 4·1 = 4.
    assert_eq!(values(&t, "EGMSB"), vec![8.0, 11.0, 4.0, 0.0]);
    // Exact values: quarter points keep their denominator.
    let tb: TeamTieBreak = "EGGSB".parse().unwrap();
    assert_eq!(
        TeamTieBreaks::new(&t).values(&tb)[1],
        Some(TieBreakValue {
            numerator: 37,
            denominator: 4
        })
    );
}

#[test]
fn standings_and_direct_encounter() {
    // After round 1 only: 1 and 2 have 2 MP each and have not met, so DE
    // cannot separate them; GP does (2 against 1½). 3 and 4 have 0 MP; 3
    // has ½ GP, 4 none.
    let mut t = worked_event();
    t.rounds.truncate(1);
    let order: Vec<TeamTieBreak> = ["DE", "GP"].iter().map(|c| c.parse().unwrap()).collect();
    let rows = team_standings(&t, &order);
    let ranks: Vec<(u32, u32)> = rows.iter().map(|r| (r.team, r.rank)).collect();
    assert_eq!(ranks, vec![(1, 1), (2, 2), (3, 3), (4, 4)]);
    // In a round robin the missing match cannot help (art. 6.3 is for
    // Swiss events): the group is not separated, place 0 for both.
    assert_eq!(rows[0].values[0].unwrap().as_f64(), 0.0);
    // After round 2: 1 (3 MP) and 3 (2 MP)… now make 1 and 2 meet: round 2
    // 1–2 1–1 leaves them on 3 MP each; DE: 1 point each, tied; GP: 1 has
    // 3, 2 has 2½.
    let mut t = worked_event();
    t.rounds.truncate(2);
    let rows = team_standings(&t, &order);
    let ranks: Vec<(u32, u32)> = rows.iter().map(|r| (r.team, r.rank)).collect();
    assert_eq!(ranks, vec![(1, 1), (2, 2), (3, 3), (4, 4)]);
    assert_eq!(rows[0].values[0].unwrap().as_f64(), 0.0);
    assert_eq!(rows[1].values[0].unwrap().as_f64(), 0.0);
    // Full event: by MP 2, 1, 3, 4.
    let rows = team_standings(&worked_event(), &["BH:MP".parse().unwrap()]);
    assert_eq!(
        rows.iter().map(|r| r.team).collect::<Vec<_>>(),
        vec![2, 1, 3, 4]
    );
    // Teams still tied share a rank: two teams, one drawn match.
    let mut t = event(2, 2, 2, 1, TeamSystem::Swiss);
    let m = result(&t, 1, 2, &[W, L]);
    t.rounds.push(TeamRound {
        matches: vec![m],
        ..TeamRound::default()
    });
    let rows = team_standings(&t, &["DE".parse().unwrap(), "GP".parse().unwrap()]);
    assert_eq!(rows.iter().map(|r| r.rank).collect::<Vec<_>>(), vec![1, 1]);
}

#[test]
fn forfeits_and_asymmetric_results_in_match_and_game_points() {
    let t = event(2, 4, 4, 1, TeamSystem::Swiss);
    let mut m = Match::new(1, 2, &t.settings);
    // Team 2 fills three boards: board 4 is empty (forfeit win for 1).
    m.set_lineups(
        &t,
        &[Some(1), Some(2), Some(3), Some(4)],
        &[Some(5), Some(6), Some(7), None],
    )
    .unwrap();
    assert_eq!(
        m.boards[3].result,
        Some(BoardResult {
            home: GameResult::ForfeitWin,
            away: GameResult::ForfeitLoss
        })
    );
    // Board 1: 0–½ (art. 12.3(b)); board 2: 0–0 (art. 12.9); board 3 lost by 1.
    m.boards[0].result = Some(BoardResult {
        home: GameResult::Adjusted(0),
        away: GameResult::Adjusted(1),
    });
    m.boards[1].result = Some(BoardResult {
        home: GameResult::Adjusted(0),
        away: GameResult::Adjusted(0),
    });
    m.boards[2].result = Some(L);
    // Game points 1 (forfeit) : 1½ → team 2 wins the match 2–0.
    assert_eq!(m.game_points(&t.points), (2, 3));
    assert_eq!(m.outcome(&t.points), Some(MatchOutcome::AwayWin));
    assert_eq!(m.match_points(&t.points, &t.settings), Some((0, 2)));
    // A line-up out of roster order is refused.
    let mut bad = Match::new(1, 2, &t.settings);
    assert!(bad.set_lineups(&t, &[Some(2), Some(1)], &[]).is_err());
    assert!(bad.set_lineups(&t, &[Some(5)], &[]).is_err());
}

#[test]
fn board_statistics_count_forfeits_as_unplayed() {
    let t = worked_event();
    let stats = board_statistics(&t);
    // Player 1 (team 1, board 1): won, won, drew → 2½ in 3 games.
    let p1 = stats
        .iter()
        .find(|s| s.player == 1 && s.board == 1)
        .unwrap();
    assert_eq!((p1.games, p1.played, p1.points), (3, 3, 5));
    assert!(p1.performance.is_some());
    // With a forfeit: the game counts in `games`, not in `played`.
    let mut t = event(2, 2, 2, 1, TeamSystem::Swiss);
    let mut m = Match::new(1, 2, &t.settings);
    m.set_lineups(&t, &[Some(1), Some(2)], &[Some(3), None])
        .unwrap();
    m.boards[0].result = Some(D);
    t.rounds.push(TeamRound {
        matches: vec![m],
        ..TeamRound::default()
    });
    let stats = board_statistics(&t);
    let p2 = stats.iter().find(|s| s.player == 2).unwrap();
    assert_eq!(
        (p2.board, p2.games, p2.played, p2.points, p2.performance),
        (2, 1, 0, 2, None)
    );
    // Board prizes with a minimum of one game played: board 2 has nobody.
    assert!(board_ranking(&t, 2, 1).is_empty());
    assert_eq!(board_ranking(&t, 1, 1).len(), 2);
}

#[test]
fn tie_break_codes_read_and_print() {
    for code in [
        "MP", "GP", "MPVGP", "BH:MP", "BH:GP/C1", "BH:MP/M1", "BH:GP/M2", "EMGSB", "EMMSB/C1",
        "EGGSB/C2", "DE", "EDE", "EDEBT", "EDEBB", "EDET", "EDEB", "BC", "TBR", "BBE", "SSSC",
        "WIN", "WON", "TPN",
    ] {
        let tb: TeamTieBreak = code.parse().unwrap();
        assert_eq!(tb.to_string(), code);
    }
    assert!("BH:XP".parse::<TeamTieBreak>().is_err());
    assert!("EMXSB".parse::<TeamTieBreak>().is_err());
    assert!("DE/C1".parse::<TeamTieBreak>().is_err());
    assert!("BH:MP/Q1".parse::<TeamTieBreak>().is_err());
    // Art. 14.1.2: the Sonneborn-Berger variants take no median.
    assert!("EMMSB/M1".parse::<TeamTieBreak>().is_err());
    assert!("BH:MP/C3".parse::<TeamTieBreak>().is_err());
    assert!("EDEBT/C1".parse::<TeamTieBreak>().is_err());
}

// ---------------------------------------------------------------------------
// The TEC's worked team examples.
//
// The C.07 text itself has no numeric examples for teams. The FIDE Technical
// Commission published worked exercises on it: IA Mario Held, "Exercises in
// Tie-Breaking" (rev. 2403220900, written for C.07 as applied from 2023),
// exercises 34–49, on a 14-team, 4-board, 7-round Swiss with match points
// 2/1/0 (primary) and game points 1/½/0. The crosstable below is that
// exercise's (opponent, colour of the team on board 1, game points scored);
// the expected values are the exercise's answers. They were worked under the
// 2023/2024 unplayed-round rules, so they are checked with
// `Edition::E2024`; the 2026 values (art. 16.4 caps) are worked out by hand
// below.
//
// Unplayed rounds in the crosstable: round 6, team 6 did not appear against
// team 1 (a match forfeited as a whole: 4–0 game points for team 1); round 5,
// team 12 had the pairing-allocated bye and team 14 a half-point bye; round
// 7, team 14 had the pairing-allocated bye and team 7 a zero-point bye. A
// bye is worth a drawn match (1 MP, 2 GP), as C.04.6 art. 1.4 says.
// ---------------------------------------------------------------------------

mod held {
    use super::*;
    use pairing::team::tiebreak::{team_standings_with, Edition};
    use pairing::team::PrimaryScore;

    /// `(opponent, White on board 1, game points × 2)`; `None`: unplayed.
    type Entry = Option<(u32, bool, u32)>;

    fn e(opponent: u32, white: bool, gp: f64) -> Entry {
        Some((opponent, white, (gp * 2.0) as u32))
    }

    /// The exercise's crosstable, one row per team, rounds 1–7.
    fn rows() -> Vec<[Entry; 7]> {
        let (w, b) = (true, false);
        vec![
            [
                e(8, w, 2.5),
                e(4, b, 1.5),
                e(7, w, 3.0),
                e(2, b, 2.5),
                e(5, w, 1.5),
                None,
                e(3, b, 2.5),
            ],
            [
                e(9, b, 3.0),
                e(3, w, 4.0),
                e(5, b, 0.0),
                e(1, w, 1.5),
                e(13, w, 3.0),
                e(4, b, 2.5),
                e(10, b, 3.0),
            ],
            [
                e(10, w, 2.5),
                e(2, b, 0.0),
                e(9, w, 3.0),
                e(6, b, 2.5),
                e(4, w, 3.0),
                e(5, b, 3.5),
                e(1, w, 1.5),
            ],
            [
                e(11, b, 3.0),
                e(1, w, 2.5),
                e(13, b, 3.0),
                e(5, w, 3.5),
                e(3, b, 1.0),
                e(2, w, 1.5),
                e(9, b, 2.5),
            ],
            [
                e(12, w, 4.0),
                e(6, b, 3.0),
                e(2, w, 4.0),
                e(4, b, 0.5),
                e(1, b, 2.5),
                e(3, w, 0.5),
                e(13, b, 3.5),
            ],
            [
                e(13, b, 2.0),
                e(5, w, 1.0),
                e(8, b, 3.0),
                e(3, w, 1.5),
                e(11, b, 2.5),
                None,
                e(12, w, 2.5),
            ],
            [
                e(14, w, 2.0),
                e(8, b, 2.0),
                e(1, b, 1.0),
                e(10, w, 2.5),
                e(9, b, 2.0),
                e(13, w, 2.0),
                None,
            ],
            [
                e(1, b, 1.5),
                e(7, w, 2.0),
                e(6, w, 1.0),
                e(12, b, 3.5),
                e(10, b, 2.0),
                e(9, w, 2.0),
                e(11, w, 3.0),
            ],
            [
                e(2, w, 1.0),
                e(12, b, 4.0),
                e(3, b, 1.0),
                e(14, w, 3.0),
                e(7, w, 2.0),
                e(8, b, 2.0),
                e(4, w, 1.5),
            ],
            [
                e(3, b, 1.5),
                e(11, w, 1.5),
                e(12, b, 2.5),
                e(7, b, 1.5),
                e(8, w, 2.0),
                e(14, b, 3.0),
                e(2, w, 1.0),
            ],
            [
                e(4, w, 1.0),
                e(10, b, 2.5),
                e(14, w, 2.0),
                e(13, b, 1.5),
                e(6, w, 1.5),
                e(12, w, 2.0),
                e(8, b, 1.0),
            ],
            [
                e(5, b, 0.0),
                e(9, w, 0.0),
                e(10, w, 1.5),
                e(8, w, 0.5),
                None,
                e(11, b, 2.0),
                e(6, b, 1.5),
            ],
            [
                e(6, w, 2.0),
                e(14, b, 2.5),
                e(4, w, 1.0),
                e(11, w, 2.5),
                e(2, b, 1.0),
                e(7, b, 2.0),
                e(5, w, 0.5),
            ],
            [
                e(7, b, 2.0),
                e(13, w, 1.5),
                e(11, b, 2.0),
                e(9, b, 1.0),
                None,
                e(10, w, 1.0),
                None,
            ],
        ]
    }

    /// The board results of a match in which the first-named team scored
    /// `gp2` half-points: its wins on the top boards, then a draw, then
    /// losses. Only the boards of 11–14 (round 3) matter to the exercises
    /// (46–48): there team 11 won board 1, drew boards 2 and 3 and lost
    /// board 4.
    fn boards(gp2: u32) -> Vec<BoardResult> {
        let mut out = vec![W; (gp2 / 2) as usize];
        if gp2 % 2 == 1 {
            out.push(D);
        }
        out.resize(4, L);
        out
    }

    pub fn tournament(primary: PrimaryScore) -> TeamTournament {
        let rows = rows();
        let mut t = event(14, 4, 4, 7, TeamSystem::Swiss);
        t.settings.primary = primary;
        for r in 0..7 {
            let mut round = TeamRound::default();
            for (k, row) in rows.iter().enumerate() {
                let team = k as u32 + 1;
                let Some((opponent, white, gp2)) = row[r] else {
                    continue;
                };
                // The opponent's row says the same match from the other side.
                assert_eq!(
                    rows[opponent as usize - 1][r],
                    Some((team, !white, 8 - gp2)),
                    "round {} team {team}",
                    r + 1
                );
                if !white {
                    continue;
                }
                let results = if (team, opponent, r) == (11, 14, 2) {
                    vec![W, D, D, L]
                } else {
                    boards(gp2)
                };
                round.matches.push(result(&t, team, opponent, &results));
            }
            match r {
                4 => {
                    round.bye = Some(12);
                    round.half_byes = vec![14];
                }
                5 => {
                    // Team 6 did not appear: every board a forfeit.
                    let mut m = Match::new(1, 6, &t.settings);
                    let home: Vec<Option<u32>> =
                        t.teams[0].roster.iter().map(|&p| Some(p)).collect();
                    m.set_lineups(&t, &home, &[]).unwrap();
                    round.matches.push(m);
                }
                6 => round.bye = Some(14),
                _ => {}
            }
            t.rounds.push(round);
        }
        t
    }

    pub fn values(t: &TeamTournament, code: &str, edition: Edition) -> Vec<f64> {
        let tb: TeamTieBreak = code.parse().unwrap();
        TeamTieBreaks::with_edition(t, edition)
            .values(&tb)
            .into_iter()
            .map(|v| v.unwrap().as_f64())
            .collect()
    }

    pub fn order(t: &TeamTournament, codes: &[&str], edition: Edition) -> Vec<(u32, u32)> {
        let order: Vec<TeamTieBreak> = codes.iter().map(|c| c.parse().unwrap()).collect();
        team_standings_with(t, &order, edition)
            .into_iter()
            .map(|r| (r.team, r.rank))
            .collect()
    }

    pub fn rank_of(ranks: &[(u32, u32)], team: u32) -> u32 {
        ranks.iter().find(|r| r.0 == team).unwrap().1
    }

    pub const MP: [f64; 14] = [10., 10., 10., 10., 10., 7., 6., 7., 6., 5., 4., 2., 6., 4.];
    pub const GP: [f64; 14] = [
        17.5, 17., 16., 17., 18., 12.5, 11.5, 15., 14.5, 13., 11.5, 7.5, 11.5, 11.5,
    ];
    /// Exercise 35.
    pub const BH_MP: [f64; 14] = [
        64., 57., 58., 56., 55., 46., 44., 41., 50., 44., 41., 41., 52., 36.,
    ];
    /// Exercise 36.
    pub const BH_MP_C1: [f64; 14] = [
        57., 52., 53., 52., 53., 39., 38., 39., 48., 42., 39., 39., 48., 32.,
    ];
    /// Exercise 37.
    pub const BH_GP: [f64; 14] = [
        114., 107.5, 109.5, 106., 99., 92., 94.5, 90., 97.5, 92., 88., 92., 101., 87.,
    ];
    pub const BH_GP_C1: [f64; 14] = [
        100.5, 96., 97., 94.5, 91.5, 79.5, 83., 82.5, 90., 84.5, 80.5, 84.5, 89.5, 75.5,
    ];
    /// Exercise 49, to the hundredth.
    pub const SSSC: [f64; 14] = [
        38.83, 36.00, 35.33, 35.67, 36.33, 27.83, 26.17, 28.67, 31.17, 27.67, 25.17, 21.17, 28.83,
        23.50,
    ];
}

use pairing::team::tiebreak::Edition;
use pairing::team::PrimaryScore;

#[test]
fn held_exercise_34_match_points_and_game_points() {
    let t = held::tournament(PrimaryScore::MatchPoints);
    assert_eq!(held::values(&t, "MP", Edition::E2024), held::MP);
    assert_eq!(held::values(&t, "GP", Edition::E2024), held::GP);
    // C.07 art. 13.1: MP first, then GP (the secondary score).
    let teams: Vec<u32> = held::order(&t, &["MPVGP"], Edition::E2024)
        .iter()
        .map(|r| r.0)
        .collect();
    assert_eq!(teams, [5, 1, 2, 4, 3, 8, 6, 9, 7, 13, 10, 11, 14, 12]);
    // GP primary, then MP.
    let t = held::tournament(PrimaryScore::GamePoints);
    let teams: Vec<u32> = held::order(&t, &["MPVGP"], Edition::E2024)
        .iter()
        .map(|r| r.0)
        .collect();
    assert_eq!(teams, [5, 1, 2, 4, 3, 8, 9, 10, 6, 7, 13, 11, 14, 12]);
}

#[test]
fn held_exercises_35_to_37_team_buchholz() {
    // C.07 art. 8.1 with 13 and 16; the byes and the forfeit count as matches
    // against a dummy with the team's own score (16.4, 2024 text), e.g. team
    // 7 (6 MP): 14 (4) + 8 (7) + 1 (10) + 10 (5) + 9 (6) + 13 (6) + dummy (6)
    // = 44; its zero-point bye in the last round is a VUR, cut first by
    // Cut-1 (16.5): 44 − 6 = 38, although team 14 scored less. Team 7's
    // last-round bye counts as a draw for its opponents (16.3.2): 7 MP.
    let t = held::tournament(PrimaryScore::MatchPoints);
    assert_eq!(held::values(&t, "BH:MP", Edition::E2024), held::BH_MP);
    assert_eq!(held::values(&t, "BH:MP/C1", Edition::E2024), held::BH_MP_C1);
    assert_eq!(held::values(&t, "BH:GP", Edition::E2024), held::BH_GP);
    assert_eq!(held::values(&t, "BH:GP/C1", Edition::E2024), held::BH_GP_C1);
}

#[test]
fn held_exercises_38_to_41_extended_sonneborn_berger() {
    let t = held::tournament(PrimaryScore::MatchPoints);
    let first5 = |v: Vec<f64>| v[..5].to_vec();
    // Exercise 38, EMMSB/C1 (art. 13.2.1, 14.1.2): team 1 scored 2 MP
    // against 8 (7 MP), 7 (7), 2 (10), the dummy (10) and 3 (10): 88; Cut-1
    // drops a product of an opponent with the lowest MP (7): 88 − 14 = 74.
    assert_eq!(
        first5(held::values(&t, "EMMSB/C1", Edition::E2024)),
        [74., 64., 66., 64., 66.]
    );
    // Exercise 39, EGMSB (13.2.3).
    assert_eq!(
        first5(held::values(&t, "EGMSB", Edition::E2024)),
        [158., 144., 150., 146., 132.]
    );
    // Exercise 40, EMGSB (13.2.2), teams 7, 9, 13.
    let v = held::values(&t, "EMGSB", Edition::E2024);
    assert_eq!([v[6], v[8], v[12]], [68.5, 83., 73.]);
    // Exercise 41, EGGSB (13.2.4), teams 6, 8.
    let v = held::values(&t, "EGGSB", Edition::E2024);
    assert_eq!([v[5], v[7]], [157.5, 181.5]);
}

#[test]
fn held_exercises_42_to_45_extended_direct_encounter() {
    let t = held::tournament(PrimaryScore::MatchPoints);
    let ranks = held::order(&t, &["EDE"], Edition::E2024);
    // 42: teams 11 and 14 (4 MP) drew 2–2: still tied.
    assert_eq!(held::rank_of(&ranks, 11), held::rank_of(&ranks, 14));
    // 43: team 6 beat team 8 (7 MP each).
    assert!(held::rank_of(&ranks, 6) < held::rank_of(&ranks, 8));
    // 44: 7, 9 and 13 (6 MP) did not all meet, and no team is ahead whatever
    // the missing match 9–13 would have given (art. 6.3): tied.
    let r = held::rank_of(&ranks, 7);
    assert_eq!(
        (held::rank_of(&ranks, 9), held::rank_of(&ranks, 13)),
        (r, r)
    );
    // 45: the five teams on 10 MP all met and each won two matches: MP
    // separate nobody, so GP among them decide (art. 13.3.1): 4 has 8½, 1, 2
    // and 3 have 8, 5 has 7½. Among 1, 2, 3 the GP again: 2 has 5½ (1½ + 4),
    // 1 has 5 (2½ + 2½), 3 has 1½.
    let top: Vec<u32> = ranks.iter().take(5).map(|r| r.0).collect();
    assert_eq!(top, [4, 2, 1, 3, 5]);
    assert_eq!(
        ranks.iter().take(5).map(|r| r.1).collect::<Vec<_>>(),
        [1, 2, 3, 4, 5]
    );
}

#[test]
fn held_exercises_46_to_48_knock_out_steps_after_ede() {
    // 11–14, round 3: boards W D D L from team 11's side. Board count (art.
    // 12.1, lower is better): 11 → 1·1 + 2·½ + 3·½ + 4·0 = 3½, 14 → 0 + 1 +
    // 1½ + 4 = 6½. Top board (12.2): 1 against 0. Bottom board elimination
    // (12.3): boards 1–3, 2 against 1. Each puts 11 ahead.
    let t = held::tournament(PrimaryScore::MatchPoints);
    for code in ["EDEBT", "EDEBB", "EDET", "EDEB"] {
        let ranks = held::order(&t, &[code], Edition::E2024);
        assert!(
            held::rank_of(&ranks, 11) < held::rank_of(&ranks, 14),
            "{code}"
        );
    }
}

#[test]
fn held_exercise_49_scores_and_schedule_strength() {
    // Art. 13.4: GP + BH:MP ÷ the normalising factor, 7 rounds × 2 MP ÷ 4 GP
    // = 3½, truncated to 3. Team 1: 17½ + 64/3 = 38.83.
    let t = held::tournament(PrimaryScore::MatchPoints);
    assert_eq!(TeamTieBreaks::new(&t).normalising_factor(), 3);
    let v = held::values(&t, "SSSC", Edition::E2024);
    for (k, (got, want)) in v.iter().zip(held::SSSC).enumerate() {
        assert!((got - want).abs() < 0.006, "team {}: {got} {want}", k + 1);
    }
}

#[test]
fn held_crosstable_under_the_2026_caps() {
    // C.07 2026 art. 16.4.1: the dummy of a forfeit scores at most what the
    // scheduled opponent scored as its opponents see it. Only team 1 is
    // touched: its forfeit win against team 6 (7 MP, 12½ GP) now counts 7 MP
    // instead of 10 and 12½ GP instead of 17½:
    // BH:MP 64 − 3 = 61; Cut-1 drops a 7: 54.
    // BH:GP 114 − 5 = 109; Cut-1 drops the dummy's 12½: 96½.
    // EMMSB: 2 MP × 7 instead of × 10: 88 − 6 = 82; Cut-1 drops a 7 × 2: 68.
    // EGMSB: 2 MP × 12½ instead of × 17½: 158 − 10 = 148.
    // SSSC: 17½ + 61/3 = 37.83.
    // The byes (16.4.2, cap 1 MP × 7 rounds = 7 MP and 2 GP × 7 = 14 GP)
    // touch nobody: teams 12, 14 and 7 score less than that. Team 6's own
    // forfeit loss: min(7, 10) MP and min(12½, 17½) GP, unchanged.
    let t = held::tournament(PrimaryScore::MatchPoints);
    let with = |code: &str, first: f64, old: &[f64]| {
        let v = held::values(&t, code, Edition::E2026);
        assert_eq!(v[0], first, "{code}");
        assert_eq!(v[1..], old[1..], "{code}");
    };
    with("BH:MP", 61., &held::BH_MP);
    with("BH:MP/C1", 54., &held::BH_MP_C1);
    with("BH:GP", 109., &held::BH_GP);
    with("BH:GP/C1", 96.5, &held::BH_GP_C1);
    let old = held::values(&t, "EMMSB/C1", Edition::E2024);
    with("EMMSB/C1", 68., &old);
    let old = held::values(&t, "EGMSB", Edition::E2024);
    with("EGMSB", 148., &old);
    let v = held::values(&t, "SSSC", Edition::E2026);
    assert!((v[0] - (17.5 + 61. / 3.)).abs() < 1e-9);
    // The default edition is the one in force.
    assert_eq!(values(&t, "BH:MP")[0], 61.);
}

/// Three teams of two boards, one round of a Swiss: 1–2 with board 1 won by
/// team 1 and board 2 by team 2 (1–1, 1 MP each), team 3 the
/// pairing-allocated bye (a drawn match: 1 MP, 1 GP). All three are tied on
/// both scores.
fn knock_out_event() -> TeamTournament {
    let mut t = event(3, 2, 2, 3, TeamSystem::Swiss);
    let m = result(&t, 1, 2, &[W, L]);
    t.rounds.push(TeamRound {
        matches: vec![m],
        bye: Some(3),
        ..TeamRound::default()
    });
    t
}

#[test]
fn knock_out_tie_breaks_over_all_matches() {
    // Art. 12 preamble: the bye counts as a win on every board.
    // BC (12.1, lower first): 1 → 1·1 + 2·0 = 1; 2 → 1·0 + 2·1 = 2;
    // 3 → 1·1 + 2·1 = 3.
    let t = knock_out_event();
    assert_eq!(values(&t, "MP"), vec![1.0, 1.0, 1.0]);
    assert_eq!(values(&t, "GP"), vec![1.0, 1.0, 1.0]);
    assert_eq!(values(&t, "BC"), vec![1.0, 2.0, 3.0]);
    let teams = |codes: &[&str]| {
        let order: Vec<TeamTieBreak> = codes.iter().map(|c| c.parse().unwrap()).collect();
        team_standings(&t, &order)
            .iter()
            .map(|r| (r.team, r.rank))
            .collect::<Vec<_>>()
    };
    assert_eq!(teams(&["BC"]), vec![(1, 1), (2, 2), (3, 3)]);
    // TBR (12.2): board 1: 1, 0, 1 → 1 and 3 ahead of 2; board 2: 0 against
    // 1 → 3 ahead of 1.
    assert_eq!(teams(&["TBR"]), vec![(3, 1), (1, 2), (2, 3)]);
    // BBE (12.3): without board 2: 1, 0, 1 → 1 and 3 stay tied (two boards:
    // nothing more to drop).
    assert_eq!(teams(&["BBE"]), vec![(1, 1), (3, 1), (2, 3)]);
}

#[test]
fn direct_encounter_in_a_swiss_with_missing_matches() {
    // Art. 6.3 on the group {1, 2, 3}. Round 1: 1 and 2 drew (1 MP each
    // among the group, at most 1 + 2 = 3 with the match against 3 still to
    // come); 3 met neither (0, at most 4): nobody is first whatever the
    // missing matches give, so the group stays tied (place 0).
    let mut t = event(4, 2, 2, 3, TeamSystem::Swiss);
    t.rounds.push(TeamRound {
        matches: vec![result(&t, 1, 2, &[W, L]), result(&t, 3, 4, &[D, D])],
        ..TeamRound::default()
    });
    let de: TeamTieBreak = "DE".parse().unwrap();
    let tb = TeamTieBreaks::new(&t);
    let group = vec![0, 1, 2];
    let v = tb.group_values(&de, std::slice::from_ref(&group));
    assert_eq!(v[..3], [Some(TieBreakValue::integer(0)); 3]);
    // Round 2: 1 beats 3 2–0; 2 beats 4 2–0. Now 1 has 3 MP among 1, 2, 3
    // with every match played; 2 has 1 and could reach 3; 3 has 0 and could
    // reach 2: nobody is alone at the top whatever 2–3 gives: still tied.
    t.rounds.push(TeamRound {
        matches: vec![result(&t, 1, 3, &[W, W]), result(&t, 2, 4, &[W, W])],
        ..TeamRound::default()
    });
    let tb = TeamTieBreaks::new(&t);
    assert_eq!(
        tb.group_values(&de, std::slice::from_ref(&group))[..3],
        [Some(TieBreakValue::integer(0)); 3]
    );
    // Round 3: 2 beats 3 as well: all met; 1 has 3, 2 has 1 + 2 = 3, 3 has
    // 0: 1 and 2 share first place, 3 third.
    t.rounds.push(TeamRound {
        matches: vec![result(&t, 2, 3, &[W, W]), result(&t, 1, 4, &[D, D])],
        ..TeamRound::default()
    });
    let tb = TeamTieBreaks::new(&t);
    let v: Vec<i64> = tb.group_values(&de, &[group])[..3]
        .iter()
        .map(|x| x.unwrap().numerator)
        .collect();
    assert_eq!(v, [1, 1, 3]);
}

#[test]
fn schedule_strength_with_game_points_primary() {
    // Art. 13.4 with GP primary: the factor is 3 rounds × 2 GP (two boards)
    // ÷ 2 MP (a match won) = 3. Team 3 after round 1 of the knock-out event
    // (bye, 1 MP, 1 GP): SSSC = 1 MP + BH:GP ÷ 3, BH:GP = the dummy's 1 GP
    // (own score; under 2026 capped at 1 GP × 1 round = 1): 1 + 1/3.
    let mut t = knock_out_event();
    t.settings.primary = PrimaryScore::GamePoints;
    let tb = TeamTieBreaks::new(&t);
    assert_eq!(tb.normalising_factor(), 3);
    let v = values(&t, "SSSC");
    assert!((v[2] - (1.0 + 1.0 / 3.0)).abs() < 1e-9, "{v:?}");
    // MPVGP with GP primary is the match points.
    assert_eq!(values(&t, "MPVGP"), vec![1.0, 1.0, 1.0]);
}

#[test]
fn half_point_byes_score_a_drawn_match_and_travel_in_trf() {
    // A half-point bye: the match points and game points of a drawn match
    // (4 boards: 1 MP, 2 GP); it is a VUR (C.07 art. 16.1), so Cut-1 drops
    // it first.
    let mut t = event(3, 4, 4, 2, TeamSystem::Swiss);
    t.rounds.push(TeamRound {
        matches: vec![result(&t, 1, 2, &[W, W, W, D])],
        half_byes: vec![3],
        ..TeamRound::default()
    });
    let s = t.scores();
    assert_eq!((s[2].match_points, s[2].game_points), (1, 4));
    let text = pairing::team::trf::write(&t);
    assert!(text.contains("XTH   1    3"), "{text}");
    let back = pairing::team::trf::parse(&text).unwrap();
    assert_eq!(back, t);
    // A half-point bye of a team that does not exist is refused with its
    // place.
    let bad = text.replace("XTH   1    3", "XTH   1    9");
    let err = pairing::team::trf::parse(&bad).unwrap_err().to_string();
    assert!(err.contains("no team 9"), "{err}");
}

/// A match both teams forfeited (every board `-/-`, 0–0) is lost by both
/// (C.04.6 art. 1.4 and C.07 art. 16.2.4 count a forfeited match as lost):
/// the match-loss points and no game point to each, no meeting; boards
/// forfeited by both inside an otherwise played match give nothing to
/// either side and the outcome follows the other boards.
#[test]
fn a_match_both_teams_forfeited_is_lost_by_both() {
    let mut t = event(4, 2, 2, 3, TeamSystem::Swiss);
    let ff = BoardResult {
        home: GameResult::ForfeitLoss,
        away: GameResult::ForfeitLoss,
    };
    // Round 1: 1–3 with no line-up from either team; 2–4 with both
    // line-ups in but both players missing on board 1 and board 2 won by 2.
    let mut m13 = Match::new(1, 3, &t.settings);
    m13.set_lineups(&t, &[None, None], &[None, None]).unwrap();
    assert_eq!(m13.boards[0].result, Some(ff));
    assert!(m13.double_forfeit(&t.points));
    assert!(!m13.played());
    assert_eq!(m13.game_points(&t.points), (0, 0));
    assert_eq!(m13.outcome(&t.points), Some(MatchOutcome::BothLost));
    assert_eq!(m13.match_points(&t.points, &t.settings), Some((0, 0)));
    let m24 = result(&t, 2, 4, &[ff, W]);
    assert!(!m24.double_forfeit(&t.points));
    assert!(m24.played());
    assert_eq!(m24.game_points(&t.points), (2, 0));
    assert_eq!(m24.outcome(&t.points), Some(MatchOutcome::HomeWin));
    t.rounds.push(TeamRound {
        matches: vec![m13, m24],
        ..TeamRound::default()
    });
    // Round 2: both players lined up on every board, none came: still a
    // match both lost (no game over the board), and no meeting.
    let m12 = result(&t, 1, 2, &[ff, ff]);
    assert!(!m12.played());
    assert_eq!(m12.outcome(&t.points), Some(MatchOutcome::BothLost));
    // 3–4: a double forfeit on board 1, a draw on board 2: a drawn match.
    let m34 = result(&t, 3, 4, &[ff, D]);
    assert_eq!(m34.game_points(&t.points), (1, 1));
    assert_eq!(m34.outcome(&t.points), Some(MatchOutcome::Draw));
    t.rounds.push(TeamRound {
        matches: vec![m12, m34],
        ..TeamRound::default()
    });
    let s = t.scores();
    // (MP, GP, wins, draws, losses)
    let row = |i: usize| {
        (
            s[i].match_points,
            s[i].game_points,
            s[i].wins,
            s[i].draws,
            s[i].losses,
        )
    };
    assert_eq!(row(0), (0, 0, 0, 0, 2));
    assert_eq!(row(1), (2, 2, 1, 0, 1));
    assert_eq!(row(2), (1, 1, 0, 1, 1));
    assert_eq!(row(3), (1, 1, 0, 1, 1));
    assert_eq!(values(&t, "MP"), vec![0.0, 2.0, 1.0, 1.0]);
    // Neither side of a double forfeit has a win (WIN counts rounds with a
    // win's match points, played or not).
    assert_eq!(values(&t, "WIN"), vec![0.0, 1.0, 0.0, 0.0]);
    assert_eq!(values(&t, "WON"), vec![0.0, 1.0, 0.0, 0.0]);
    // The standings agree, and the TRF carries the double forfeits.
    let order: Vec<TeamTieBreak> = vec!["MP".parse().unwrap()];
    let rows = team_standings(&t, &order);
    assert_eq!(rows.first().map(|r| r.team), Some(2));
    let back = pairing::team::trf::parse(&pairing::team::trf::write(&t)).unwrap();
    assert_eq!(back.scores(), t.scores());
    assert_eq!(
        back.rounds[0].matches[0].outcome(&back.points),
        Some(MatchOutcome::BothLost)
    );
}
