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
        t.rounds.push(TeamRound { matches, bye: None });
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
    assert_eq!(rows[0].values[0], None);
    // After round 2: 1 (3 MP) and 3 (2 MP)… now make 1 and 2 meet: round 2
    // 1–2 1–1 leaves them on 3 MP each; DE: 1 point each, tied; GP: 1 has
    // 3, 2 has 2½.
    let mut t = worked_event();
    t.rounds.truncate(2);
    let rows = team_standings(&t, &order);
    let ranks: Vec<(u32, u32)> = rows.iter().map(|r| (r.team, r.rank)).collect();
    assert_eq!(ranks, vec![(1, 1), (2, 2), (3, 3), (4, 4)]);
    assert_eq!(rows[0].values[0].unwrap().as_f64(), 1.0);
    assert_eq!(rows[1].values[0].unwrap().as_f64(), 1.0);
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
        bye: None,
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
        bye: None,
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
        "MP", "GP", "BH:MP", "BH:GP/C1", "BH:MP/M1", "EMGSB", "EGGSB", "DE", "WIN", "WON", "TPN",
    ] {
        let tb: TeamTieBreak = code.parse().unwrap();
        assert_eq!(tb.to_string(), code);
    }
    assert!("BH:XP".parse::<TeamTieBreak>().is_err());
    assert!("EMXSB".parse::<TeamTieBreak>().is_err());
    assert!("DE/C1".parse::<TeamTieBreak>().is_err());
    assert!("BH:MP/Q1".parse::<TeamTieBreak>().is_err());
}
