//! Generated tournaments (the crate's generator with titles, sex and
//! federations drawn) through the norm check: every norm claimed is
//! re-verified here by a computation written from B.01 1.4 and table 1.4.9,
//! not by calling the crate's norm code; and every player whose counted games
//! meet every requirement as they stand must be given the norm.

mod norms_support;

use norms_support::table_dp;
use pairing::generator::{generate, Config};
use pairing::model::{ByeKind, GameResult, RoundEntry, Tournament};
use pairing::norms::{self, NormEvent, NormResult, NormTitle};

fn config(seed: u64) -> Config {
    let rounds = 9 + seed % 3;
    let players = 20 + (seed * 7) % 41;
    let text = format!(
        "PlayersNumber = {players}\nRoundsNumber = {rounds}\nHighestRating = 2700\n\
         LowestRating = {}\nDrawPercentage = 35\nForfeitRate = {}\nHalfPointByeRate = {}\n\
         Titles = 1\nFederations = {}\n",
        2050 + (seed % 5) * 50,
        if seed.is_multiple_of(4) { 25 } else { 0 },
        if seed.is_multiple_of(3) { 40 } else { 0 },
        2 + seed % 7,
    );
    Config::parse(&text).unwrap()
}

/// Titles as written: norm title or higher, and "titled" for 1.4.5a.
fn title_rank(title: Option<&str>) -> Option<&'static str> {
    match title?.trim().to_ascii_uppercase().as_str() {
        "GM" | "G" => Some("GM"),
        "IM" | "M" => Some("IM"),
        "WGM" | "WG" => Some("WGM"),
        "WIM" | "WM" => Some("WIM"),
        "FM" | "F" => Some("FM"),
        "WFM" | "WF" => Some("WFM"),
        "CM" | "C" => Some("CM"),
        "WCM" | "WC" => Some("WCM"),
        _ => None,
    }
}

fn meets(norm: NormTitle, title: Option<&str>) -> bool {
    let Some(t) = title_rank(title) else {
        return false;
    };
    match norm {
        NormTitle::Gm => t == "GM",
        NormTitle::Im => ["GM", "IM"].contains(&t),
        NormTitle::Wgm => ["GM", "IM", "WGM"].contains(&t),
        NormTitle::Wim => ["GM", "IM", "WGM", "WIM"].contains(&t),
    }
}

/// (performance, average, floor) of each title, from 1.4.6b and 1.4.8.
fn limits(norm: NormTitle) -> (i64, i64, i64) {
    match norm {
        NormTitle::Gm => (2600, 2380, 2200),
        NormTitle::Im => (2450, 2230, 2050),
        NormTitle::Wgm => (2400, 2180, 2000),
        NormTitle::Wim => (2250, 2030, 1850),
    }
}

/// The games of `id` in `rounds`: (opponent id, half-points), played only.
fn played(t: &Tournament, id: u32, rounds: &[u32]) -> Option<Vec<(u32, i64)>> {
    let p = t.player(id)?;
    rounds
        .iter()
        .map(|&r| match p.rounds.get(r as usize - 1)? {
            RoundEntry::Game {
                opponent,
                result: Some(res),
                ..
            } => match res {
                GameResult::Win => Some((*opponent, 2)),
                GameResult::Draw => Some((*opponent, 1)),
                GameResult::Loss => Some((*opponent, 0)),
                GameResult::Adjusted(x) => Some((*opponent, i64::from(*x))),
                _ => None,
            },
            _ => None,
        })
        .collect()
}

/// Every requirement of B.01 1.4.1–1.4.9 on these games (ordinary event, no
/// exemption), written out again. `eight`: the 1.4.1c case. Returns the
/// failures and (average, performance).
fn independent(
    t: &Tournament,
    id: u32,
    games: &[(u32, i64)],
    norm: NormTitle,
    eight: bool,
    federations_exempt: bool,
) -> (Vec<&'static str>, i64, i64) {
    let mut failures = Vec::new();
    let n = games.len() as i64;
    if n == 0 {
        return (vec!["games"], 0, 0);
    }
    if !(n >= 9 || (eight && n == 8)) {
        failures.push("games");
    }
    let opp = |o: u32| t.player(o).unwrap();
    let titled = games
        .iter()
        .filter(|(o, _)| {
            title_rank(opp(*o).title.as_deref()).is_some_and(|t| t != "CM" && t != "WCM")
        })
        .count() as i64;
    if 2 * titled < n {
        failures.push("titled");
    }
    let high = games
        .iter()
        .filter(|(o, _)| meets(norm, opp(*o).title.as_deref()))
        .count() as i64;
    if high < 3.max((n + 2) / 3) {
        failures.push("title-or-higher");
    }
    let own = t.player(id).unwrap().federation.clone();
    let feds: Vec<String> = games
        .iter()
        .filter_map(|(o, _)| opp(*o).federation.clone())
        .filter(|f| f != "FID")
        .collect();
    let mut foreign: Vec<&String> = feds.iter().filter(|f| Some(*f) != own.as_ref()).collect();
    foreign.sort();
    foreign.dedup();
    if foreign.len() < 2 {
        failures.push("foreign-federations");
    }
    let own_count = feds.iter().filter(|f| Some(*f) == own.as_ref()).count() as i64;
    if 5 * own_count > 3 * n {
        failures.push("own-federation");
    }
    let most = feds
        .iter()
        .map(|f| feds.iter().filter(|g| *g == f).count() as i64)
        .max()
        .unwrap_or(0);
    if 3 * most > 2 * n {
        failures.push("one-federation");
    }
    if federations_exempt {
        failures.retain(|f| !f.contains("federation"));
    }
    let (perf_min, avg_min, floor) = limits(norm);
    let mut ratings: Vec<i64> = games
        .iter()
        .map(|(o, _)| opp(*o).rating.map_or(1400, i64::from))
        .collect();
    let lowest = ratings.iter().copied().min().unwrap();
    if lowest < floor {
        let at = ratings.iter().position(|&r| r == lowest).unwrap();
        ratings[at] = floor;
    }
    let sum: i64 = ratings.iter().sum();
    // nearest whole number, .5 up
    let average = (sum * 2 + n) / (2 * n);
    if average < avg_min {
        failures.push("average");
    }
    let score: i64 = games.iter().map(|(_, s)| s).sum();
    let p = (score * 100 + n) / (2 * n);
    let performance = average + table_dp(p);
    if performance < perf_min {
        failures.push("performance");
    }
    if 20 * score < 7 * 2 * n {
        failures.push("score");
    }
    (failures, average, performance)
}

fn is_eight_game_case(t: &Tournament, id: u32, r: &NormResult) -> bool {
    let p = t.player(id).unwrap();
    if r.games != 8 || t.total_rounds != 9 || p.rounds.len() != 9 {
        return false;
    }
    let missing: Vec<&RoundEntry> = p
        .rounds
        .iter()
        .filter(|e| {
            !matches!(
                e,
                RoundEntry::Game {
                    result: Some(
                        GameResult::Win
                            | GameResult::Draw
                            | GameResult::Loss
                            | GameResult::Adjusted(_)
                    ),
                    ..
                }
            )
        })
        .collect();
    missing.len() == 1
        && matches!(
            missing[0],
            RoundEntry::Bye(ByeKind::PairingAllocated)
                | RoundEntry::Game {
                    result: Some(GameResult::ForfeitWin),
                    ..
                }
        )
}

#[test]
fn generated_norms_are_verified_independently() {
    verify_generated(&NormEvent::default(), false);
}

/// The same events as zonals (1.4.3c): no federation requirement.
#[test]
fn generated_zonal_norms_are_verified_independently() {
    let zonal = NormEvent {
        kind: pairing::norms::NormEventKind::Zonal,
        ..NormEvent::default()
    };
    verify_generated(&zonal, true);
}

fn verify_generated(event: &NormEvent, exempt: bool) {
    let (mut claimed, mut judged, mut by_rule_f, mut by_rule_e, mut eight) = (0, 0, 0, 0, 0);
    let mut by_title = [0usize; 4];
    for seed in 1..=40u64 {
        let g = generate(&config(seed), seed);
        let t = &g.tournament;
        for p in norms::evaluate(t, event) {
            let played_rounds: Vec<u32> =
                (1..=t.player(p.id).unwrap().rounds.len() as u32).collect();
            for r in &p.results {
                judged += 1;
                // Completeness: all the player's played games, as they stand.
                let all: Vec<u32> = played_rounds
                    .iter()
                    .copied()
                    .filter(|&k| played(t, p.id, &[k]).is_some())
                    .collect();
                let games = played(t, p.id, &all).unwrap();
                let eight_case = all.len() == 8 && is_eight_game_case(t, p.id, r);
                let (fails, _, _) = independent(t, p.id, &games, r.title, eight_case, exempt);
                if fails.is_empty() {
                    assert!(
                        r.achieved,
                        "seed {seed}, player {}: {:?} met on all games but not given",
                        p.id, r.title
                    );
                    assert!(
                        r.games as usize >= games.len() || r.counts_as_games >= games.len() as u32
                    );
                }
                if !r.achieved {
                    continue;
                }
                claimed += 1;
                by_title[r.title as usize] += 1;
                // Soundness: the games the claim uses meet every requirement.
                let games = played(t, p.id, &r.rounds_used)
                    .unwrap_or_else(|| panic!("seed {seed}: a used round is no played game"));
                let eight_claim = r.eight_game_rule;
                if eight_claim {
                    eight += 1;
                    assert!(
                        is_eight_game_case(t, p.id, r),
                        "seed {seed}: 1.4.1c claimed wrongly"
                    );
                }
                let (fails, average, performance) =
                    independent(t, p.id, &games, r.title, eight_claim, exempt);
                assert!(
                    fails.is_empty(),
                    "seed {seed}, player {} {:?}: claimed, but {fails:?} fail",
                    p.id,
                    r.title
                );
                assert_eq!(
                    r.average.map(i64::from),
                    Some(average),
                    "seed {seed}, player {}",
                    p.id
                );
                assert_eq!(
                    r.performance.map(i64::from),
                    Some(performance),
                    "seed {seed}, player {}",
                    p.id
                );
                // Left out: wins (1.4.1f) or rounds after the last used (1.4.1e).
                let last_used = *r.rounds_used.iter().max().unwrap();
                for (round, why) in &r.rounds_left_out {
                    if why.starts_with("1.4.1f") {
                        by_rule_f += 1;
                        assert_eq!(played(t, p.id, &[*round]).unwrap()[0].1, 2);
                    } else {
                        by_rule_e += 1;
                        assert!(*round > last_used);
                    }
                }
                // Nothing else left out: every played game is used or left out.
                for k in &all {
                    assert!(
                        r.rounds_used.contains(k) || r.rounds_left_out.iter().any(|(x, _)| x == k),
                        "seed {seed}: round {k} neither used nor left out"
                    );
                }
            }
        }
    }
    eprintln!(
        "{judged} judged, {claimed} norms (GM/IM/WGM/WIM {by_title:?}), \
         {by_rule_f} wins left out, {by_rule_e} late rounds left out, {eight} by 1.4.1c"
    );
    assert!(
        claimed >= 10,
        "the generated events should give some norms: {claimed}"
    );
}

/// The forecast agrees with the verdict once the last round is played: the
/// last round's results removed, the score each player then made must be
/// forecast as giving the norm (always or sometimes) when it did, and never
/// as always giving it when it did not.
#[test]
fn forecast_agrees_with_the_final_verdict() {
    let event = NormEvent::default();
    let mut checked = 0;
    for seed in 1..=15u64 {
        let g = generate(&config(seed), seed);
        let t = &g.tournament;
        let last = t.players.iter().map(|p| p.rounds.len()).max().unwrap_or(0);
        if last < 9 {
            continue;
        }
        let finals = norms::evaluate(t, &event);
        let mut before = t.clone();
        let mut last_score = vec![None; t.players.len()];
        for (i, p) in before.players.iter_mut().enumerate() {
            if let Some(RoundEntry::Game { result, .. }) = p.rounds.get_mut(last - 1) {
                if let Some(r) = result {
                    if r.played() {
                        last_score[i] = Some(match r {
                            GameResult::Win => 2,
                            GameResult::Draw => 1,
                            GameResult::Loss => 0,
                            GameResult::Adjusted(x) => *x,
                            _ => unreachable!(),
                        });
                        *result = None;
                    }
                }
            }
        }
        for f in norms::forecast(&before, &event) {
            let Some(score) = last_score[f.id as usize - 1] else {
                continue;
            };
            for tf in &f.titles {
                let outcome = tf.by_score[score as usize].1;
                let made = finals
                    .iter()
                    .find(|p| p.id == f.id)
                    .unwrap()
                    .results
                    .iter()
                    .any(|r| r.title == tf.title && r.achieved);
                checked += 1;
                if made {
                    assert_ne!(
                        outcome,
                        norms::Outcome::Never,
                        "seed {seed}, player {}",
                        f.id
                    );
                } else {
                    assert_ne!(
                        outcome,
                        norms::Outcome::Always,
                        "seed {seed}, player {}",
                        f.id
                    );
                }
            }
        }
    }
    assert!(checked > 0);
    eprintln!("{checked} forecasts checked against the final verdict");
}

/// Titles and federations come from a second stream: the same seed gives the
/// same pairings and results with them on or off.
#[test]
fn titles_and_federations_change_nothing_else() {
    for seed in [3u64, 17, 29] {
        let on = config(seed);
        let off = Config {
            titles: false,
            federations: 0,
            ..on.clone()
        };
        let a = generate(&on, seed).tournament;
        let b = generate(&off, seed).tournament;
        assert_eq!(a.players.len(), b.players.len());
        for (p, q) in a.players.iter().zip(&b.players) {
            assert_eq!(
                (p.rating, &p.rounds, p.recorded_points),
                (q.rating, &q.rounds, q.recorded_points)
            );
            assert!(q.title.is_none() && q.federation.is_none());
        }
        assert!(a.players.iter().any(|p| p.title.is_some()));
        assert!(a.players.iter().all(|p| p.federation.is_some()));
    }
}

/// Team events board by board: `evaluate_team` on the team model and
/// `evaluate` on the same event as individual games
/// (`team::trf::individual_tournament`) give the same verdicts and numbers.
/// Titles and federations are given to the generated players by rating.
#[test]
fn team_events_judged_by_board_agree_with_their_individual_games() {
    use pairing::team::generator::{generate as generate_team, Config as TeamConfig};
    let feds = ["POL", "GER", "CZE", "HUN", "FRA", "ESP"];
    let event = NormEvent {
        kind: pairing::norms::NormEventKind::TeamChampionship,
        ..NormEvent::default()
    };
    let (mut compared, mut achieved) = (0, 0);
    for seed in 1..=12u64 {
        let mut c = TeamConfig::from_seed(seed);
        c.highest_rating = 2700;
        c.lowest_rating = 2200;
        let mut t = generate_team(&c, seed).tournament;
        for (i, p) in t.players.iter_mut().enumerate() {
            let r = p.rating.unwrap_or(0);
            p.title = match r {
                2550.. => Some("GM".into()),
                2400..=2549 => Some("IM".into()),
                2300..=2399 => Some("FM".into()),
                _ => None,
            };
            p.federation = Some(feds[i % feds.len()].into());
        }
        let by_team = norms::evaluate_team(&t, &event);
        let individual = pairing::team::trf::individual_tournament(&t);
        let by_games = norms::evaluate(&individual, &event);
        for p in &by_team {
            let q = by_games.iter().find(|q| q.id == p.id).expect("same player");
            for (a, b) in p.results.iter().zip(&q.results) {
                compared += 1;
                achieved += usize::from(a.achieved);
                assert_eq!(
                    (
                        a.title,
                        a.achieved,
                        a.games,
                        a.score,
                        a.average,
                        a.performance
                    ),
                    (
                        b.title,
                        b.achieved,
                        b.games,
                        b.score,
                        b.average,
                        b.performance
                    ),
                    "seed {seed}, player {}",
                    p.id
                );
                assert_eq!(a.rounds_used, b.rounds_used);
            }
        }
    }
    eprintln!("{compared} team results compared, {achieved} norms");
    assert!(compared > 0);
}
