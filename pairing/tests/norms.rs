//! Title norms (FIDE B.01, 2024 edition, art. 1.4), each clause on a small
//! tournament whose result is worked out by hand from the regulation's text.

mod norms_support;

use norms_support::{trf, P, R};
use pairing::norms::{
    self, evaluate_candidate, NormCandidate, NormEvent, NormEventKind, NormOpponent, NormResult,
    NormRound, NormRules, NormTitle, Outcome, Title,
};

fn swiss(rounds: u32) -> String {
    format!("012 Norm test\n032 POL\n042 2025/05/01\n092 Individual: Swiss-System\nXXR {rounds}\n")
}

fn result_for(text: &str, event: &NormEvent, id: u32, title: NormTitle) -> NormResult {
    let t = pairing::trf::parse(text).expect("test TRF reads");
    let all = norms::evaluate(&t, event);
    let p = all.iter().find(|p| p.id == id).expect("player judged");
    p.results
        .iter()
        .find(|r| r.title == title)
        .cloned()
        .unwrap_or_else(|| panic!("{title:?} not judged for {id}"))
}

fn failing(r: &NormResult) -> Vec<String> {
    r.requirements
        .iter()
        .filter(|q| !q.holds)
        .map(|q| q.key.clone())
        .collect()
}

/// Case A. IM of POL rated 2450 meets in 9 rounds:
/// GM 2550 GER, GM 2530 FRA, GM 2510 POL, GM 2500 GER, IM 2450 FRA, IM 2420 POL,
/// IM 2400 GER, FM 2350 FRA, untitled 2300 POL.
/// Sum 22010, /9 = 2445.56 → Ra 2446 (1.4.7b). 1.4.5a: 8 titled of 9 (≥ 4.5);
/// 1.4.5b: 4 GMs ≥ max(3, 9/3). 1.4.3: GER and FRA; 1.4.4: 3 POL ≤ 5, at most 3
/// from one ≤ 6. With 6½: 72.2 % → 72 %, dp 166, Rp 2612 ≥ 2600: GM norm.
/// With 6: 66.7 % → 67 %, dp 125, Rp 2571: no norm.
fn case_a_players() -> Vec<P> {
    vec![
        P("IM", 2450, "POL", 'm'),
        P("GM", 2550, "GER", 'm'),
        P("GM", 2530, "FRA", 'm'),
        P("GM", 2510, "POL", 'm'),
        P("GM", 2500, "GER", 'm'),
        P("IM", 2450, "FRA", 'm'),
        P("IM", 2420, "POL", 'm'),
        P("IM", 2400, "GER", 'm'),
        P("FM", 2350, "FRA", 'm'),
        P("", 2300, "POL", 'm'),
    ]
}

fn case_a_rounds(results: [char; 9]) -> Vec<R> {
    (0..9).map(|k| R::G(k as u32 + 2, results[k])).collect()
}

#[test]
fn gm_norm_with_nine_games_and_its_performance() {
    let text = trf(
        &swiss(9),
        &case_a_players(),
        &case_a_rounds(['1', '1', '1', '1', '=', '=', '=', '0', '1']),
    );
    let r = result_for(&text, &NormEvent::default(), 1, NormTitle::Gm);
    assert!(r.achieved, "{:?}", r.requirements);
    assert_eq!((r.games, r.score, r.percent), (9, 13, 72));
    assert_eq!(r.average, Some(2446));
    assert_eq!(r.performance, Some(2612));
    assert_eq!(r.required_score, Some(13));
    assert_eq!((r.extra_games, r.counts_as_games), (0, 9));
    assert_eq!(r.raised, None);
    // An IM is not judged for the IM norm; a man not for WGM / WIM.
    let t = pairing::trf::parse(&text).unwrap();
    let titles: Vec<NormTitle> = norms::evaluate(&t, &NormEvent::default())[0]
        .results
        .iter()
        .map(|r| r.title)
        .collect();
    assert_eq!(titles, vec![NormTitle::Gm]);
}

#[test]
fn half_a_point_less_is_no_norm_and_says_why() {
    let text = trf(
        &swiss(9),
        &case_a_players(),
        &case_a_rounds(['1', '1', '1', '1', '=', '=', '0', '0', '1']),
    );
    let r = result_for(&text, &NormEvent::default(), 1, NormTitle::Gm);
    assert!(!r.achieved);
    assert_eq!(r.performance, Some(2571));
    assert_eq!(failing(&r), vec!["performance"]);
    let q = r
        .requirements
        .iter()
        .find(|q| q.key == "performance")
        .unwrap();
    assert!(
        q.detail.contains("2571") && q.detail.contains("2600"),
        "{}",
        q.detail
    );
}

/// 1.4.1d: 7½/9 against the same field is 83 %, dp 273, Rp 2719; the norm
/// needs 6½ (13 half-points), so one full point above: one extra game.
#[test]
fn a_point_above_the_norm_counts_as_an_extra_game() {
    let text = trf(
        &swiss(9),
        &case_a_players(),
        &case_a_rounds(['1', '1', '1', '1', '1', '=', '=', '=', '1']),
    );
    let r = result_for(&text, &NormEvent::default(), 1, NormTitle::Gm);
    assert!(r.achieved);
    assert_eq!((r.score, r.performance), (15, Some(2719)));
    assert_eq!((r.extra_games, r.counts_as_games), (1, 10));
}

/// Case B. FM of GER rated 2400, 9 rounds, a pairing-allocated bye in round 5
/// and 8 games: GM 2500 ESP, GM 2480 FRA, IM 2420 NED, IM 2400 ESP, FM 2350 FRA,
/// 2300 GER, 2250 NED, 2200 GER. Sum 18900 / 8 = 2362.5 → 2363 (.5 up, 1.4.7b).
/// 5/8 = 62.5 % → 63 % (1.4.9 note), dp 95, Rp 2458 ≥ 2450; Ra ≥ 2230.
/// Titled 5 of 8 ≥ 4; IM or higher 4 ≥ 3; GER 2 ≤ 4 (3/5 of 8 rounded down),
/// ESP, FRA, NED foreign. 1.4.1c: 8 games + the bye in a 9-round event count
/// as a 9-game IM norm.
fn case_b_players() -> Vec<P> {
    vec![
        P("FM", 2400, "GER", 'm'),
        P("GM", 2500, "ESP", 'm'),
        P("GM", 2480, "FRA", 'm'),
        P("IM", 2420, "NED", 'm'),
        P("IM", 2400, "ESP", 'm'),
        P("FM", 2350, "FRA", 'm'),
        P("", 2300, "GER", 'm'),
        P("", 2250, "NED", 'm'),
        P("", 2200, "GER", 'm'),
    ]
}

fn case_b_rounds(round5: R) -> Vec<R> {
    vec![
        R::G(2, '='),
        R::G(3, '0'),
        R::G(4, '1'),
        R::G(5, '='),
        round5,
        R::G(6, '='),
        R::G(7, '1'),
        R::G(8, '1'),
        R::G(9, '='),
    ]
}

#[test]
fn eight_games_and_a_pairing_allocated_bye_make_a_nine_game_norm() {
    let text = trf(&swiss(9), &case_b_players(), &case_b_rounds(R::B('U')));
    let r = result_for(&text, &NormEvent::default(), 1, NormTitle::Im);
    assert!(r.achieved, "{:?}", r.requirements);
    assert_eq!((r.games, r.score, r.percent), (8, 10, 63));
    assert_eq!((r.average, r.performance), (Some(2363), Some(2458)));
    assert!(r.eight_game_rule);
    assert_eq!(r.counts_as_games, 9);
    let gm = result_for(&text, &NormEvent::default(), 1, NormTitle::Gm);
    assert!(!gm.achieved);
    assert!(failing(&gm).contains(&"average".to_string()));
}

/// The same with a half-point bye in round 5: 1.4.1c needs a forfeit win or
/// a pairing-allocated bye; 8 games are too few.
#[test]
fn a_requested_bye_does_not_count_for_the_ninth_game() {
    let text = trf(&swiss(9), &case_b_players(), &case_b_rounds(R::B('H')));
    let r = result_for(&text, &NormEvent::default(), 1, NormTitle::Im);
    assert!(!r.achieved);
    assert_eq!(failing(&r), vec!["games"]);
}

/// 1.4.2c: a forfeit is no game. A forfeit win in round 5 (player 10 did not
/// come) is the other case of 1.4.1c and keeps the 9-game norm; a forfeit
/// loss (player 1 did not come) breaks it: 8 games, no norm.
#[test]
fn a_forfeit_win_keeps_the_norm_and_a_forfeit_loss_breaks_it() {
    let mut players = case_b_players();
    players.push(P("", 2100, "SWE", 'm'));
    let win = trf(&swiss(9), &players, &case_b_rounds(R::G(10, '+')));
    let r = result_for(&win, &NormEvent::default(), 1, NormTitle::Im);
    assert!(r.achieved, "{:?}", r.requirements);
    assert!(r.eight_game_rule);
    assert_eq!(
        r.rounds_not_counted,
        vec![(5, "1.4.2c: forfeit".to_string())]
    );
    let loss = trf(&swiss(9), &players, &case_b_rounds(R::G(10, '-')));
    let r = result_for(&loss, &NormEvent::default(), 1, NormTitle::Im);
    assert!(!r.achieved);
    assert_eq!(r.games, 8);
    assert_eq!(failing(&r), vec!["games"]);
}

/// 1.4.2: a game against a computer does not count (given by the caller).
#[test]
fn a_game_against_a_computer_does_not_count() {
    let text = trf(
        &swiss(9),
        &case_a_players(),
        &case_a_rounds(['1', '1', '1', '1', '=', '=', '=', '0', '1']),
    );
    let event = NormEvent {
        computers: vec![10],
        ..NormEvent::default()
    };
    let r = result_for(&text, &event, 1, NormTitle::Gm);
    assert!(!r.achieved);
    assert_eq!(r.games, 8);
    assert!(r.rounds_not_counted[0].1.contains("computer"));
}

/// Case D. FM of POL: GM 2450 GER, GM 2430 CZE, IM 2400 GER, IM 2380 CZE,
/// IM 2350 HUN, FM 2300 HUN, FM 2280 SVK, untitled 2040 POL, untitled 1800 POL;
/// 6½/9 = 72 %, dp 166. As rated the sum is 20430, Ra 2270, Rp 2436 < 2450.
/// 1.4.6b, c: the lowest (1800) is raised to the IM floor 2050 (only one: the
/// 2040 stays): sum 20680 / 9 = 2297.8 → 2298, Rp 2464: IM norm.
#[test]
fn the_rating_floor_changes_the_verdict() {
    let players = vec![
        P("FM", 2380, "POL", 'm'),
        P("GM", 2450, "GER", 'm'),
        P("GM", 2430, "CZE", 'm'),
        P("IM", 2400, "GER", 'm'),
        P("IM", 2380, "CZE", 'm'),
        P("IM", 2350, "HUN", 'm'),
        P("FM", 2300, "HUN", 'm'),
        P("FM", 2280, "SVK", 'm'),
        P("", 2040, "POL", 'm'),
        P("", 1800, "POL", 'm'),
    ];
    let rounds: Vec<R> = ['=', '=', '1', '0', '1', '=', '1', '1', '1']
        .iter()
        .enumerate()
        .map(|(k, &c)| R::G(k as u32 + 2, c))
        .collect();
    let text = trf(&swiss(9), &players, &rounds);
    let r = result_for(&text, &NormEvent::default(), 1, NormTitle::Im);
    assert!(r.achieved, "{:?}", r.requirements);
    assert_eq!(r.raised, Some((9, 1800, 2050)));
    assert_eq!((r.average, r.performance), (Some(2298), Some(2464)));
    // Without the floor (the 1800 player rated 2050 on the list would be the
    // same sum): rate him 1799 and the floor still lifts him to 2050.
    let mut lower = players.clone();
    lower[9] = P("", 1400, "POL", 'm');
    let text = trf(&swiss(9), &lower, &rounds);
    let r = result_for(&text, &NormEvent::default(), 1, NormTitle::Im);
    assert_eq!(r.raised, Some((9, 1400, 2050)));
    assert_eq!(r.average, Some(2298));
    assert!(r.achieved);
}

/// Case E. IM of HUN rated 2480, 9 rounds: GM 2600 HUN, GM 2580 HUN, GM 2560
/// HUN, GM 2550 GER, IM 2500 HUN, IM 2480 HUN, IM 2450 AUT, FM 2400 HUN,
/// IM 2380 HUN. Sum 22500, Ra 2500; 6/9 = 67 %, dp 125, Rp 2625; 4 GMs.
/// 1.4.4: 7 opponents from HUN, more than 5 (3/5 of 9) from his own and more
/// than 6 (2/3 of 9) from one federation: no norm. The final of the national
/// championship of HUN (1.4.3a) is exempt from 1.4.3 and 1.4.4 for HUN
/// players; a zonal (1.4.3c) for everyone.
#[test]
fn a_federation_limit_fails_and_the_same_event_is_exempted() {
    let players = vec![
        P("IM", 2480, "HUN", 'm'),
        P("GM", 2600, "HUN", 'm'),
        P("GM", 2580, "HUN", 'm'),
        P("GM", 2560, "HUN", 'm'),
        P("GM", 2550, "GER", 'm'),
        P("IM", 2500, "HUN", 'm'),
        P("IM", 2480, "HUN", 'm'),
        P("IM", 2450, "AUT", 'm'),
        P("FM", 2400, "HUN", 'm'),
        P("IM", 2380, "HUN", 'm'),
    ];
    let rounds: Vec<R> = ['=', '=', '0', '1', '1', '=', '1', '1', '=']
        .iter()
        .enumerate()
        .map(|(k, &c)| R::G(k as u32 + 2, c))
        .collect();
    let header = "012 Hungarian championship\n032 HUN\n092 Individual: Swiss-System\nXXR 9\n";
    let text = trf(header, &players, &rounds);
    let ordinary = result_for(&text, &NormEvent::default(), 1, NormTitle::Gm);
    assert!(!ordinary.achieved);
    assert_eq!(ordinary.performance, Some(2625));
    assert_eq!(failing(&ordinary), vec!["own-federation", "one-federation"]);
    let own = ordinary
        .requirements
        .iter()
        .find(|q| q.key == "own-federation")
        .unwrap();
    assert!(own.detail.starts_with("7 of 9"), "{}", own.detail);
    for kind in [NormEventKind::NationalChampionship, NormEventKind::Zonal] {
        let event = NormEvent {
            kind,
            ..NormEvent::default()
        };
        let r = result_for(&text, &event, 1, NormTitle::Gm);
        assert!(r.achieved, "{kind:?}: {:?}", r.requirements);
        assert!(r.requirements.iter().filter(|q| q.exempt).count() == 3);
    }
    // 1.4.3a is for the registering federation's players only: host GER.
    let event = NormEvent {
        kind: NormEventKind::NationalChampionship,
        host_federation: Some("GER".into()),
        ..NormEvent::default()
    };
    assert!(!result_for(&text, &event, 1, NormTitle::Gm).achieved);
}

/// Case F. Case A's nine games, then two losses in rounds 10 and 11 (GM 2500
/// GER, IM 2400 FRA). Over 11 games: 6½/11 = 59 %, dp 65, Ra 26910/11 →
/// 2446, Rp 2511: no. 1.4.1e: in a Swiss the games after the title result may
/// be left out: rounds 1–9 make the norm. With predetermined pairings all
/// scheduled rounds count: no norm.
#[test]
fn a_norm_kept_by_leaving_out_the_last_rounds() {
    let mut players = case_a_players();
    players.push(P("GM", 2500, "GER", 'm'));
    players.push(P("IM", 2400, "FRA", 'm'));
    let mut rounds = case_a_rounds(['1', '1', '1', '1', '=', '=', '=', '0', '1']);
    rounds.push(R::G(11, '0'));
    rounds.push(R::G(12, '0'));
    let text = trf(&swiss(11), &players, &rounds);
    let r = result_for(&text, &NormEvent::default(), 1, NormTitle::Gm);
    assert!(r.achieved, "{:?}", r.requirements);
    assert_eq!(r.rounds_used, (1..=9).collect::<Vec<u32>>());
    assert_eq!(
        r.rounds_left_out,
        vec![
            (10, "1.4.1e: after the title result".to_string()),
            (11, "1.4.1e: after the title result".to_string())
        ]
    );
    assert_eq!(r.performance, Some(2612));
    let fixed = NormEvent {
        predetermined_pairings: Some(true),
        ..NormEvent::default()
    };
    let r = result_for(&text, &fixed, 1, NormTitle::Gm);
    assert!(!r.achieved);
    assert_eq!(
        (r.games, r.average, r.performance),
        (11, Some(2446), Some(2511))
    );
}

/// Case I. 1.4.1f: a win may be left out. FM of POL, 10 rounds; round 1 a win
/// against an untitled 1600 (POL), rounds 2–10: 2100 POL, IM 2400 CZE, IM 2380
/// AUT, FM 2350 SVK, FM 2300 GER, WGM 2250 CZE, 2250 AUT, 2220 SVK, GM 2450 GER
/// (sum 20700, Ra 2300), 6½ of them (the GM beaten in round 10).
/// All 10: IM or higher 3 < max(3, ⌈10/3⌉ = 4): no. Rounds 1–9 (1.4.1e): only
/// 2 IMs: no. Without round 1: 9 games, 3 ≥ 3, 6½/9 = 72 %, dp 166, Rp 2466 ≥
/// 2450: IM norm. (Leaving out another win instead: the 1600 is raised to
/// 2050 and Ra is 2267 or 2278, Rp 2433 or 2444: no.)
#[test]
fn a_win_left_out_makes_the_norm() {
    let players = vec![
        P("FM", 2350, "POL", 'm'),
        P("", 1600, "POL", 'm'),
        P("", 2100, "POL", 'm'),
        P("IM", 2400, "CZE", 'm'),
        P("IM", 2380, "AUT", 'm'),
        P("FM", 2350, "SVK", 'm'),
        P("FM", 2300, "GER", 'm'),
        P("WGM", 2250, "CZE", 'w'),
        P("", 2250, "AUT", 'm'),
        P("", 2220, "SVK", 'm'),
        P("GM", 2450, "GER", 'm'),
    ];
    let rounds: Vec<R> = ['1', '=', '=', '=', '1', '=', '1', '1', '=', '1']
        .iter()
        .enumerate()
        .map(|(k, &c)| R::G(k as u32 + 2, c))
        .collect();
    let text = trf(&swiss(10), &players, &rounds);
    let r = result_for(&text, &NormEvent::default(), 1, NormTitle::Im);
    assert!(r.achieved, "{:?}", r.requirements);
    assert_eq!(
        r.rounds_left_out,
        vec![(1, "1.4.1f: win left out".to_string())]
    );
    assert_eq!(
        (r.games, r.average, r.performance),
        (9, Some(2300), Some(2466))
    );
}

/// Case G. 1.4.6d: unrated opponents count as 1400; the lowest of them is
/// the one raised to the floor. WFM of ENG (a woman), WIM norm: WGM 2350 SCO,
/// WIM 2300 WLS, WIM 2280 IRL, IM 2400 SCO, WFM 2150 ENG, FM 2250 IRL, 2100
/// ENG, unrated ENG, unrated WLS. Sum of the rated 15830; one unrated to the
/// WIM floor 1850, the other 1400: 19080 / 9 = 2120 ≥ 2030. 6½/9 = 72 %, dp
/// 166, Rp 2286 ≥ 2250: WIM norm. WGM: the floor is 2000: 19230 / 9 = 2136.7
/// → 2137 < 2180: no.
#[test]
fn unrated_opponents_count_as_1400() {
    let players = vec![
        P("WFM", 2150, "ENG", 'w'),
        P("WGM", 2350, "SCO", 'w'),
        P("WIM", 2300, "WLS", 'w'),
        P("WIM", 2280, "IRL", 'w'),
        P("IM", 2400, "SCO", 'm'),
        P("WFM", 2150, "ENG", 'w'),
        P("FM", 2250, "IRL", 'm'),
        P("", 2100, "ENG", 'm'),
        P("", 0, "ENG", 'm'),
        P("", 0, "WLS", 'w'),
    ];
    let rounds: Vec<R> = ['=', '1', '=', '0', '1', '=', '1', '1', '1']
        .iter()
        .enumerate()
        .map(|(k, &c)| R::G(k as u32 + 2, c))
        .collect();
    let text = trf(&swiss(9), &players, &rounds);
    let r = result_for(&text, &NormEvent::default(), 1, NormTitle::Wim);
    assert!(r.achieved, "{:?}", r.requirements);
    assert_eq!(r.raised, Some((8, 1400, 1850)));
    assert_eq!((r.average, r.performance), (Some(2120), Some(2286)));
    let wgm = result_for(&text, &NormEvent::default(), 1, NormTitle::Wgm);
    assert_eq!(wgm.average, Some(2137));
    assert!(!wgm.achieved);
}

/// 1.4.2b: in a round robin, an unrated opponent who scored zero against the
/// rated players does not count. Case A as a round robin where the untitled
/// opponent (player 10) is unrated and lost every game: 8 games, no norm.
#[test]
fn an_unrated_opponent_without_a_point_in_a_round_robin_does_not_count() {
    let mut players = case_a_players();
    players[9] = P("", 0, "POL", 'm');
    let header = "012 Round robin\n032 POL\n092 Individual: round robin\nXXR 9\n";
    let text = trf(
        header,
        &players,
        &case_a_rounds(['1', '1', '1', '1', '=', '=', '=', '0', '1']),
    );
    let r = result_for(&text, &NormEvent::default(), 1, NormTitle::Gm);
    assert_eq!(r.games, 8);
    assert!(r.rounds_not_counted[0].1.starts_with("1.4.2b"));
    assert!(!r.achieved);
}

/// Case H. A team event judged by board: the caller gives the player's own
/// games. IM of CRO on board 1 of a 7-round World Team Championship: GM 2650
/// ARM, GM 2620 USA, GM 2600 IND, GM 2580 CHN, IM 2500 NED, GM 2550 ESP, IM
/// 2480 GER. Sum 17980 / 7 = 2568.6 → 2569; 4/7 = 57 %, dp 50, Rp 2619 ≥
/// 2600; 5 GMs ≥ max(3, ⌈7/3⌉). 1.4.1b: 7 games suffice in a 7-round team
/// championship; in an ordinary event 9 are needed.
#[test]
fn a_team_event_by_board() {
    let opponents = [
        ("GM", 2650, "ARM", 2),
        ("GM", 2620, "USA", 1),
        ("GM", 2600, "IND", 1),
        ("GM", 2580, "CHN", 0),
        ("IM", 2500, "NED", 2),
        ("GM", 2550, "ESP", 1),
        ("IM", 2480, "GER", 1),
    ];
    let candidate = NormCandidate {
        id: 1,
        name: "Board one".into(),
        title: Some(Title::Im),
        federation: Some("CRO".into()),
        sex: Some('m'),
        rounds: opponents
            .iter()
            .enumerate()
            .map(|(i, &(title, rating, fed, points))| NormRound::Game {
                opponent: NormOpponent {
                    id: Some(i as u32 + 10),
                    name: format!("Opponent {i}"),
                    title: Title::parse(title),
                    federation: Some(fed.into()),
                    rating: Some(rating),
                    ..NormOpponent::default()
                },
                points,
            })
            .collect(),
    };
    let team = NormRules {
        kind: NormEventKind::TeamChampionship,
        total_rounds: 7,
        ..NormRules::default()
    };
    let judged = evaluate_candidate(&candidate, &team);
    let gm = judged
        .results
        .iter()
        .find(|r| r.title == NormTitle::Gm)
        .unwrap();
    assert!(gm.achieved, "{:?}", gm.requirements);
    assert_eq!(
        (gm.games, gm.average, gm.performance),
        (7, Some(2569), Some(2619))
    );
    assert_eq!(gm.counts_as_games, 7);
    let ordinary = NormRules {
        total_rounds: 7,
        ..NormRules::default()
    };
    let judged = evaluate_candidate(&candidate, &ordinary);
    let gm = judged
        .results
        .iter()
        .find(|r| r.title == NormTitle::Gm)
        .unwrap();
    assert!(!gm.achieved);
    assert_eq!(failing(gm), vec!["games"]);
}

/// The same team event read from the players' `001` records of a TRF (one
/// record per player, each with their board games), as the app's team TRF
/// holds them: the 7-round team championship rule applies.
#[test]
fn a_team_event_from_its_board_records() {
    let players = vec![
        P("IM", 2450, "CRO", 'm'),
        P("GM", 2650, "ARM", 'm'),
        P("GM", 2620, "USA", 'm'),
        P("GM", 2600, "IND", 'm'),
        P("GM", 2580, "CHN", 'm'),
        P("IM", 2500, "NED", 'm'),
        P("GM", 2550, "ESP", 'm'),
        P("IM", 2480, "GER", 'm'),
    ];
    let rounds: Vec<R> = ['1', '=', '=', '0', '1', '=', '=']
        .iter()
        .enumerate()
        .map(|(k, &c)| R::G(k as u32 + 2, c))
        .collect();
    let header = "012 World Team Championship\n092 Team Swiss\nXXR 7\n";
    let text = trf(header, &players, &rounds);
    let event = NormEvent {
        kind: NormEventKind::TeamChampionship,
        ..NormEvent::default()
    };
    let r = result_for(&text, &event, 1, NormTitle::Gm);
    assert!(r.achieved, "{:?}", r.requirements);
    assert_eq!(r.performance, Some(2619));
}

/// 1.4.3d: a Swiss with, in every round, 20 rated players not of the host
/// federation from 3 federations, 10 of them GM/IM/WGM/WIM, is exempt. Case
/// E's field (7 HUN opponents) in an event where 24 foreign players (8 each
/// of GER, AUT, SVK; 12 GMs) play every round: exempt, GM norm.
#[test]
fn a_large_international_swiss_is_exempt() {
    let mut players = vec![
        P("IM", 2480, "HUN", 'm'),
        P("GM", 2600, "HUN", 'm'),
        P("GM", 2580, "HUN", 'm'),
        P("GM", 2560, "HUN", 'm'),
        P("GM", 2550, "GER", 'm'),
        P("IM", 2500, "HUN", 'm'),
        P("IM", 2480, "HUN", 'm'),
        P("IM", 2450, "AUT", 'm'),
        P("FM", 2400, "HUN", 'm'),
        P("IM", 2380, "HUN", 'm'),
    ];
    let feds = ["GER", "AUT", "SVK"];
    for i in 0..24 {
        players.push(P(
            if i % 2 == 0 { "GM" } else { "" },
            2300,
            feds[i % 3],
            'm',
        ));
    }
    let rounds: Vec<R> = ['=', '=', '0', '1', '1', '=', '1', '1', '=']
        .iter()
        .enumerate()
        .map(|(k, &c)| R::G(k as u32 + 2, c))
        .collect();
    let header = "012 Big open\n032 HUN\n092 Individual: Swiss-System\nXXR 9\n";
    let mut text = trf(header, &players, &rounds);
    let t = pairing::trf::parse(&text).unwrap();
    // The 24 have no games yet: they missed every round, 1.4.3d fails.
    assert!(!norms::large_swiss_check(&t, &NormEvent::default()).holds);
    // Pair them among themselves in every round (11..34: 12 boards).
    text = add_games_among(&text, 11, 34, 9);
    let t = pairing::trf::parse(&text).unwrap();
    let check = norms::large_swiss_check(&t, &NormEvent::default());
    // Players 5 (GER) and 8 (AUT) play player 1 once and miss the other 8
    // rounds: not counted. The 24 are, in every round.
    assert!(check.holds, "{}", check.detail);
    assert!(check
        .rounds
        .iter()
        .all(|&(n, f, g)| n == 24 && f == 3 && g == 12));
    let r = result_for(&text, &NormEvent::default(), 1, NormTitle::Gm);
    assert!(r.achieved, "{:?}", r.requirements);
}

/// Writes games among players `first..=last` (paired in order, draws) into
/// the first `rounds` rounds of their `001` records.
fn add_games_among(text: &str, first: u32, last: u32, rounds: usize) -> String {
    let mut out = String::new();
    for line in text.lines() {
        if let Some(id) = line.get(4..8).and_then(|s| s.trim().parse::<u32>().ok()) {
            if line.starts_with("001") && (first..=last).contains(&id) {
                let mut s = format!("{:<91}", line);
                for k in 0..rounds {
                    let offset = id - first;
                    // boards rotate each round so nobody meets twice
                    let m = last - first + 1;
                    let partner_offset = ((k as u32 + 1) + m - offset % m) % m;
                    let partner = if partner_offset == offset {
                        (offset + m / 2) % m
                    } else {
                        partner_offset
                    };
                    let colour = if offset < partner { 'w' } else { 'b' };
                    s.push_str(&format!("{:>4} {} =  ", first + partner, colour));
                }
                out.push_str(s.trim_end());
                out.push('\n');
                continue;
            }
        }
        out.push_str(line);
        out.push('\n');
    }
    out
}

/// The forecast before the last round: Case A after 8 rounds with 5½ and the
/// last game paired against player 10 (2300). A win gives 6½: GM norm; a draw
/// 6/9 → Rp 2571: no.
#[test]
fn forecast_before_the_last_round() {
    let text = trf(
        &swiss(9),
        &case_a_players(),
        &case_a_rounds(['1', '1', '1', '1', '=', '=', '=', '0', ' ']),
    );
    let t = pairing::trf::parse(&text).unwrap();
    let f = norms::forecast(&t, &NormEvent::default());
    let p = f.iter().find(|p| p.id == 1).expect("player 1 in reach");
    assert_eq!(p.remaining, vec![(9, Some(10))]);
    let gm = &p.titles[0];
    assert_eq!(gm.title, NormTitle::Gm);
    assert!(!gm.already);
    assert_eq!(
        gm.by_score,
        vec![
            (0, Outcome::Never),
            (1, Outcome::Never),
            (2, Outcome::Always)
        ]
    );
    assert_eq!(gm.needs, Some(2));
    // Player 10 has nothing in reach (untitled, no IM/GM performance).
    assert!(f.iter().all(|p| p.id != 10));
}

/// 1.4.5: in a double round robin the number of opponents with the title
/// (one third, at least 3) is halved, rounded up, and counts different
/// players. 6 players, 10 rounds: IM of SRB meets GM 2600 GER, GM 2580 FRA,
/// IM 2500 SRB, IM 2480 ESP, FM 2440 NED twice each. Sum 25200, Ra 2520;
/// 6½/10 = 65 %, dp 110, Rp 2630. GMs needed: max(3, ⌈10/3⌉) = 4, halved: 2
/// different GMs: met. With the second GM an IM instead: 1 different GM (2
/// games against GMs): no norm.
#[test]
fn a_double_round_robin_counts_different_titled_players() {
    let mut players = vec![
        P("IM", 2450, "SRB", 'm'),
        P("GM", 2600, "GER", 'm'),
        P("GM", 2580, "FRA", 'm'),
        P("IM", 2500, "SRB", 'm'),
        P("IM", 2480, "ESP", 'm'),
        P("FM", 2440, "NED", 'm'),
    ];
    let results = ['=', '=', '1', '=', '1', '0', '=', '1', '=', '1'];
    let rounds: Vec<R> = results
        .iter()
        .enumerate()
        .map(|(k, &c)| R::G(k as u32 % 5 + 2, c))
        .collect();
    let header = "012 Double round robin\n092 Individual: double round robin\nXXR 10\n";
    let text = trf(header, &players, &rounds);
    let t = pairing::trf::parse(&text).unwrap();
    assert_eq!(t.kind, pairing::TournamentKind::RoundRobin { double: true });
    let r = result_for(&text, &NormEvent::default(), 1, NormTitle::Gm);
    assert!(r.achieved, "{:?}", r.requirements);
    assert_eq!(
        (r.games, r.average, r.performance),
        (10, Some(2520), Some(2630))
    );
    players[2] = P("IM", 2580, "FRA", 'm');
    let text = trf(header, &players, &rounds);
    let r = result_for(&text, &NormEvent::default(), 1, NormTitle::Gm);
    assert!(!r.achieved);
    assert_eq!(failing(&r), vec!["title-or-higher"]);
}

/// The board opponents of the team model test below: title, rating,
/// federation, and the half-points player 1 (board 1 of team 1) scores.
const BOARD_ONE: [(&str, u32, &str, i32); 7] = [
    ("GM", 2550, "GER", 0),
    ("GM", 2500, "CZE", 1),
    ("GM", 2480, "HUN", 1),
    ("IM", 2450, "SVK", 2),
    ("IM", 2420, "POL", 2),
    ("FM", 2400, "UKR", 2),
    ("", 2380, "LTU", 2),
];

/// Eight teams of two boards; team 1 meets team `k + 1` in round `k` (the
/// other matches do not matter here). Team 1: player 1 (POL, 2350) on board
/// 1, player 2 (POL, 2000) on board 2; team `t`'s board 1 is player `2t - 1`
/// as [`BOARD_ONE`] gives him, its board 2 an untitled 2100 of CZE. Board 2
/// of team 1 loses every game. `last`: the result of round 7's board 1, `None`
/// while it is played.
fn team_event(last: Option<pairing::GameResult>) -> pairing::team::TeamTournament {
    use pairing::team::{Board, BoardResult, Match, Team, TeamRound, TeamTournament};
    use pairing::{Color, GameResult, Player};
    let mut t = TeamTournament {
        name: "Team norms".into(),
        total_rounds: 7,
        ..TeamTournament::default()
    };
    let player = |t: &mut TeamTournament, title: &str, rating: u32, fed: &str| {
        let id = t.players.len() as u32 + 1;
        t.players.push(Player {
            id,
            name: format!("Player {id}"),
            rating: Some(rating),
            title: Some(title.to_string()).filter(|s| !s.is_empty()),
            federation: Some(fed.into()),
            ..Player::default()
        });
        id
    };
    for team in 1..=8u32 {
        let roster = if team == 1 {
            vec![
                player(&mut t, "", 2350, "POL"),
                player(&mut t, "", 2000, "POL"),
            ]
        } else {
            let (title, rating, fed, _) = BOARD_ONE[team as usize - 2];
            vec![
                player(&mut t, title, rating, fed),
                player(&mut t, "", 2100, "CZE"),
            ]
        };
        t.teams.push(Team {
            id: team,
            name: format!("Team {team}"),
            rating: None,
            federation: None,
            captain: None,
            roster,
            withdrawn: false,
        });
    }
    let mine = |half: i32| match half {
        2 => BoardResult::HOME_WIN,
        1 => BoardResult::DRAW,
        _ => BoardResult::AWAY_WIN,
    };
    for k in 1..=7u32 {
        let other = k + 1;
        let board_one = if k == 7 {
            last.map(|r| BoardResult {
                home: r,
                away: match r {
                    GameResult::Win => GameResult::Loss,
                    GameResult::Loss => GameResult::Win,
                    x => x,
                },
            })
        } else {
            Some(mine(BOARD_ONE[k as usize - 1].3))
        };
        t.rounds.push(TeamRound {
            matches: vec![Match {
                home: 1,
                away: other,
                boards: vec![
                    Board {
                        home: Some(1),
                        away: Some(2 * other - 1),
                        home_colour: Color::White,
                        result: board_one,
                    },
                    Board {
                        home: Some(2),
                        away: Some(2 * other),
                        home_colour: Color::Black,
                        result: Some(BoardResult::AWAY_WIN),
                    },
                ],
            }],
            bye: None,
            half_byes: vec![],
        });
    }
    t
}

/// A team event judged by board from the team model (`evaluate_team`),
/// B.01 1.4 and 1.4.1b (a 7-round team championship: 7 games suffice).
/// Player 1's board-1 opponents: GM 2550 GER, GM 2500 CZE, GM 2480 HUN, IM
/// 2450 SVK, IM 2420 POL, FM 2400 UKR, untitled 2380 LTU; his results 0, ½,
/// ½, 1, 1, 1, 1 = 5 of 7.
/// - 1.4.5a: 6 of 7 titled ≥ 50 %; 1.4.5b: 3 GMs ≥ max(3, ⌈7/3⌉ = 3).
/// - 1.4.3/1.4.4: one POL ≤ ⌊3/5 · 7⌋ = 4; one of each, ≤ ⌊2/3 · 7⌋ = 4;
///   six other federations.
/// - 1.4.7: 2550 + 2500 + 2480 + 2450 + 2420 + 2400 + 2380 = 17180, / 7 =
///   2454.3 → 2454 ≥ 2380; the lowest 2380 is above the GM floor 2200.
/// - 1.4.8: 5/7 = 71.4 % → 71 %, dp 158, 2454 + 158 = 2612 ≥ 2600: GM norm
///   (and IM). With 4½ (64 %, dp 102, 2556) no GM norm, an IM norm.
///
/// Board 2's games (player 2's, against CZE 2100s) are not his.
#[test]
fn a_team_event_judged_board_by_board_from_the_team_model() {
    use pairing::GameResult;
    let event = NormEvent {
        kind: NormEventKind::TeamChampionship,
        ..NormEvent::default()
    };
    let t = team_event(Some(GameResult::Win));
    let judged = norms::evaluate_team(&t, &event);
    let one = judged.iter().find(|p| p.id == 1).expect("player 1 judged");
    let gm = one
        .results
        .iter()
        .find(|r| r.title == NormTitle::Gm)
        .unwrap();
    assert!(gm.achieved, "{:?}", gm.requirements);
    assert_eq!(
        (gm.games, gm.score, gm.average, gm.performance, gm.percent),
        (7, 10, Some(2454), Some(2612), 71)
    );
    assert_eq!(gm.rounds_used, (1..=7).collect::<Vec<u32>>());
    // Player 2 (board 2): seven losses against 2100s, no norm of any kind.
    let two = judged.iter().find(|p| p.id == 2).expect("player 2 judged");
    assert!(two.results.iter().all(|r| !r.achieved && r.score == 0));
    // A draw in round 7 instead: 4½, no GM norm, an IM norm.
    let judged = norms::evaluate_team(&team_event(Some(GameResult::Draw)), &event);
    let one = judged.iter().find(|p| p.id == 1).unwrap();
    let gm = one
        .results
        .iter()
        .find(|r| r.title == NormTitle::Gm)
        .unwrap();
    let im = one
        .results
        .iter()
        .find(|r| r.title == NormTitle::Im)
        .unwrap();
    assert_eq!((gm.achieved, gm.performance), (false, Some(2556)));
    assert!(im.achieved, "{:?}", im.requirements);

    // Before round 7's game ends (4 after six rounds, neither norm made on
    // six games): the GM norm needs the win (5 of 7); the IM norm comes
    // whatever the result (4 of 7 = 57 %, dp 50, 2504 ≥ 2450).
    let forecast = norms::forecast_team(&team_event(None), &event);
    let f = forecast
        .iter()
        .find(|f| f.id == 1)
        .expect("player 1 forecast");
    assert_eq!(f.remaining, vec![(7, Some(15))]);
    let needs = |title: NormTitle| {
        let x = f.titles.iter().find(|x| x.title == title).unwrap();
        (x.already, x.needs)
    };
    assert_eq!(needs(NormTitle::Gm), (false, Some(2)));
    assert_eq!(needs(NormTitle::Im), (false, Some(0)));
    assert!(
        forecast.iter().all(|f| f.id != 2),
        "player 2 is out of reach"
    );
    // Round 7's board 1 before the other team's line-up is in: no game yet,
    // not a forfeit win.
    let mut t = team_event(None);
    t.rounds[6].matches[0].boards[0].away = None;
    let c = norms::team_candidates(&t, &event);
    assert_eq!(c[0].rounds[6], NormRound::NoGame);
}
