//! The Dubov system (C.04.4.1, edition applied from 1 February 2026), one
//! test per rule of the text, each a small tournament worked by hand from
//! the text in its comment (the text's own examples where it gives them:
//! art. 4.3.3 and 4.4.2). Ratings fall with the pairing number unless said
//! otherwise; points are counted in half-points (a win is 2); `XXC` is
//! `white1` (the initial colour is White).

use std::collections::HashSet;

use pairing::dubov::{self, DubovPlayer, Strength};
use pairing::{ByeKind, Color, GameResult, PairError, Pairing, Player, RoundEntry, Tournament};

/// A tournament from its rounds, one string a round: `"1-2 1-0"` (1 has
/// White and wins), `"3-4 ="`, `"5-6 0-1"`; `"7 F"`, `"7 H"`, `"7 Z"` (full,
/// half, zero-point byes), `"7 P"` (the pairing-allocated bye); items
/// separated by commas.
fn event(ratings: &[u32], total: u32, rounds: &[&str]) -> Tournament {
    let mut players: Vec<Player> = ratings
        .iter()
        .enumerate()
        .map(|(i, &r)| Player {
            id: i as u32 + 1,
            name: format!("P{}", i + 1),
            rating: Some(r),
            ..Player::default()
        })
        .collect();
    for (k, round) in rounds.iter().enumerate() {
        for item in round.split(',').map(str::trim).filter(|x| !x.is_empty()) {
            let (who, what) = item.split_once(' ').expect("an item");
            if let Some((w, b)) = who.split_once('-') {
                let (w, b): (u32, u32) = (w.parse().unwrap(), b.parse().unwrap());
                let (rw, rb) = match what {
                    "1-0" => (GameResult::Win, GameResult::Loss),
                    "0-1" => (GameResult::Loss, GameResult::Win),
                    "=" => (GameResult::Draw, GameResult::Draw),
                    x => panic!("result {x}"),
                };
                for (id, opp, color, res) in [(w, b, Color::White, rw), (b, w, Color::Black, rb)] {
                    let p = &mut players[id as usize - 1];
                    assert_eq!(p.rounds.len(), k, "player {id} twice in round {}", k + 1);
                    p.rounds.push(RoundEntry::Game {
                        opponent: opp,
                        color,
                        result: Some(res),
                    });
                }
            } else {
                let id: u32 = who.parse().unwrap();
                let kind = match what {
                    "F" => ByeKind::Full,
                    "H" => ByeKind::Half,
                    "Z" => ByeKind::Zero,
                    "P" => ByeKind::PairingAllocated,
                    x => panic!("bye {x}"),
                };
                players[id as usize - 1].rounds.push(RoundEntry::Bye(kind));
            }
        }
        for p in &players {
            assert_eq!(
                p.rounds.len(),
                k + 1,
                "player {} missing in round {}",
                p.id,
                k + 1
            );
        }
    }
    Tournament {
        name: "hand".into(),
        total_rounds: total,
        initial_color: Color::White,
        players,
        ..Tournament::default()
    }
}

fn ratings(n: u32) -> Vec<u32> {
    (0..n).map(|i| 2500 - 100 * i).collect()
}

fn pair(t: &Tournament) -> Pairing {
    let round = t.players[0].rounds.len() as u32 + 1;
    dubov::pair(t, round).expect("the round pairs")
}

/// The pairs without colours, sorted.
fn pairs(p: &Pairing) -> Vec<(u32, u32)> {
    let mut v: Vec<(u32, u32)> = p
        .boards
        .iter()
        .map(|&(a, b)| (a.min(b), a.max(b)))
        .collect();
    v.sort_unstable();
    v
}

fn player(t: &Tournament, id: u32) -> DubovPlayer {
    let round = t.players[0].rounds.len() as u32 + 1;
    dubov::players(t, round)
        .into_iter()
        .find(|p| p.id == id)
        .expect("the player")
}

/// Art. 1.6: colour difference and preference. After two rounds (1-3, 2-4;
/// 1-2, 4-3; 5 and 6 have half-point byes in round 1 and meet in round 2;
/// 7 has two zero-point byes):
/// 1 had W, W: absolute for Black (the last two games); 3 had B, B:
/// absolute for White; 2 had W, B: difference 0, mild for White (the
/// opposite of the last); 4 had B, W: mild for Black; 5 had W: difference
/// +1, strong for Black; 6 had B: strong for White; 7 has no games: mild
/// for Black (1.6.4).
#[test]
fn art_1_6_colour_preferences() {
    let t = event(
        &ratings(7),
        5,
        &["1-3 =, 2-4 =, 5 H, 6 H, 7 Z", "1-2 =, 4-3 =, 5-6 =, 7 Z"],
    );
    let want = [
        (1, Color::Black, Strength::Absolute),
        (2, Color::White, Strength::Mild),
        (3, Color::White, Strength::Absolute),
        (4, Color::Black, Strength::Mild),
        (5, Color::Black, Strength::Strong),
        (6, Color::White, Strength::Strong),
        (7, Color::Black, Strength::Mild),
    ];
    for (id, colour, strength) in want {
        let p = player(&t, id);
        assert_eq!(
            (p.preference, p.strength),
            (colour, strength),
            "player {id}"
        );
    }
}

/// Art. 1.7: ARO, the average of the ratings of the opponents met over the
/// board, to the nearest integer, .5 upwards; 0 without games. Ratings
/// 2500, 2400, 2300, 2201, 2100, 2000. 1 met 2 and 3: (2400 + 2300) / 2 =
/// 2350. 2 met 1 and 4: (2500 + 2201) / 2 = 2350.5 → 2351. 5 met 3 only
/// (a half-point bye is no opponent): 2300. 6 had byes only: 0.
#[test]
fn art_1_7_aro() {
    let t = event(
        &[2500, 2400, 2300, 2201, 2100, 2000],
        5,
        &["1-2 =, 3-5 =, 4 H, 6 F", "3-1 =, 2-4 =, 5 H, 6 F"],
    );
    assert_eq!(player(&t, 1).aro, 2350);
    assert_eq!(player(&t, 2).aro, 2351);
    assert_eq!(player(&t, 5).aro, 2300);
    assert_eq!(player(&t, 6).aro, 0);
    assert_eq!(dubov::aro(&[1500, 1501]), 1501);
    assert_eq!(dubov::aro(&[1500, 1500, 1501]), 1500);
    assert_eq!(dubov::aro(&[]), 0);
}

/// Art. 1.8.2: MaxT = 2 + ⌊Rnds/5⌋.
#[test]
fn art_1_8_max_t() {
    for (rounds, want) in [(4, 2), (5, 3), (9, 3), (10, 4), (11, 4), (15, 5)] {
        assert_eq!(dubov::max_t(rounds), want, "{rounds} rounds");
    }
}

/// Art. 3.2.3 and 5.2.1, the first round: nobody has played, so G1 is the
/// first half by TPN (1–4), G2 the rest (5–8); S1 by ARO (all 0) then TPN:
/// 1, 2, 3, 4; T2 the first transposition: 5, 6, 7, 8. Colours: the higher
/// ranked player gets the initial colour (White) with an odd TPN: 1 and 3
/// White, 2 and 4 Black.
#[test]
fn art_3_2_3_first_round() {
    let t = event(&ratings(8), 5, &[]);
    assert_eq!(pair(&t).boards, vec![(1, 5), (6, 2), (3, 7), (8, 4)]);
    let mut black = t.clone();
    black.initial_color = Color::Black;
    assert_eq!(pair(&black).boards, vec![(5, 1), (2, 6), (7, 3), (4, 8)]);
}

/// Art. 3.2.5 and 4.4: S1 (G1 by ascending ARO) meets T2 (G2 in TPN order).
/// Round 1 drawn: 1-7, 2-8, 3-5, 4-6 (ratings 2500, 2400, …, 1800). In
/// round 2 everyone has 1 point; the White seekers 5, 6, 7, 8 form G1, the
/// others G2. ARO: 5 met 3 (2300), 6 met 4 (2200), 7 met 1 (2500), 8 met 2
/// (2400): S1 = 6, 5, 8, 7; T2 = 1, 2, 3, 4, legal as it stands: the lowest
/// ARO meets the highest rating. Colours: both preferences granted (5.2.2).
/// (By TPN instead of ARO it would be 5-1, 6-2, 7-3, 8-4.) With four
/// players (1-3, 2-4 drawn): S1 = 4 (ARO 2400), 3 (ARO 2500): 4-1, 3-2.
#[test]
fn art_3_2_5_low_aro_meets_high_rating() {
    let t = event(&ratings(8), 5, &["1-7 =, 2-8 =, 3-5 =, 4-6 ="]);
    assert_eq!(pair(&t).boards, vec![(6, 1), (5, 2), (8, 3), (7, 4)]);
    let t = event(&ratings(4), 5, &["1-3 =, 2-4 ="]);
    assert_eq!(pair(&t).boards, vec![(4, 1), (3, 2)]);
}

/// Art. 4.4.2 (the transpositions of G2 in TPN order: for A, B, C: ABC,
/// ACB, BAC, …) with [C1]. Round 1 drawn: 1-4, 2-5, 3-6; round 2: G1 = the
/// White seekers 4, 5, 6 with AROs 2500, 2400, 2300: S1 = 6, 5, 4. T2 =
/// 1, 2, 3 would pair 5 with 2 again; the next transposition, 1, 3, 2, is
/// legal: 6-1, 5-3, 4-2, each White seeker with White.
#[test]
fn art_4_4_first_legal_transposition() {
    let t = event(&ratings(6), 5, &["1-4 =, 2-5 =, 3-6 ="]);
    assert_eq!(pair(&t).boards, vec![(6, 1), (4, 2), (5, 3)]);
}

/// Art. 4.3.3, the text's example: seven players A…G sorted get the
/// sequence numbers from the middle: D, C, E, B, F, A, G.
#[test]
fn art_4_3_3_middle_out_sequence() {
    let got = dubov::middle_out(&['A', 'B', 'C', 'D', 'E', 'F', 'G']);
    assert_eq!(got, vec!['D', 'C', 'E', 'B', 'F', 'A', 'G']);
    assert_eq!(dubov::middle_out(&[1, 2, 3, 4]), vec![2, 3, 1, 4]);
}

/// [C1] (art. 2.1.1) with the re-composition of art. 3.2.4. Rounds 1 and 2
/// drawn (1-3, 2-4; then 4-1, 3-2, as `art_3_2_5…` pairs it): in round 3
/// all have 2 points; G1 = {1, 2} (White seekers), G2 = {3, 4}. 1 has met 3
/// and 4, so 1 and 2 must meet: one player of G1 (the smaller, or G1 when
/// equal) is shifted: by 4.3 (ARO 2150 both, then TPN; from the middle) 1
/// goes to G2; then G2 (3 players) gives one to G1: by TPN from the middle,
/// 3 first, and G1 = {2, 3}, G2 = {1, 4} pairs legally: 2-1, 3-4. Colours:
/// same preferences, same strength, same histories: the higher ranked
/// player's preference (5.2.5): 1 White (mild), 3 Black.
#[test]
fn art_2_1_1_no_rematch_and_shifts() {
    let t = event(&ratings(4), 5, &["1-3 =, 2-4 =", "4-1 =, 3-2 ="]);
    let p = pair(&t);
    assert_eq!(p.boards, vec![(1, 2), (4, 3)]);
}

/// [C2] (art. 2.1.2): no second pairing-allocated bye. Three players: 3 gets
/// the bye in round 1 (lowest score, largest TPN), 1 beats 2. Round 2: 3 may
/// not have it again; 2 has the lowest score: bye 2. Round 3 (1 beat 3):
/// 1 has 4 points, 2 and 3 have 2 but both had the bye: 1 gets it.
#[test]
fn art_2_1_2_no_second_bye() {
    let t = event(&ratings(3), 3, &[]);
    assert_eq!(pair(&t).bye, Some(3));
    let t = event(&ratings(3), 3, &["1-2 1-0, 3 P"]);
    assert_eq!(pair(&t).bye, Some(2));
    let t = event(&ratings(3), 3, &["1-2 1-0, 3 P", "3-1 0-1, 2 P"]);
    let p = pair(&t);
    assert_eq!((p.bye, p.boards.len()), (Some(1), 1));
    assert_eq!(pairs(&p), vec![(2, 3)]);
}

/// [C3] (art. 2.1.3): two players with the same absolute preference do not
/// meet. 1 and 2 played White twice (absolute for Black), 3 and 4 Black
/// twice; 1 met 3 and 4, 2 met 4 and 3: 1-2 and 3-4 are the only pairs
/// left and both are forbidden: no pairing.
#[test]
fn art_2_1_3_same_absolute_preference() {
    let t = event(&ratings(4), 5, &["1-3 =, 2-4 =", "1-4 =, 2-3 ="]);
    assert!(matches!(
        dubov::pair(&t, 3),
        Err(PairError::NoValidPairing { .. })
    ));
}

/// [C4] (art. 2.2.1) before [C7]: the upfloater must leave the rest
/// pairable. 1, 2, 3 have two full-point byes (4 points); 4, 5, 6 have 2
/// points, 4 and 5 having met 6. One of them upfloats to the odd top group:
/// 4 or 5 would leave the other with 6, met already; so 6, although 5 (a
/// White seeker against Black seekers) would suit [C7] better. Then G1 is
/// empty (everyone seeks Black) and two of G2 = 1, 2, 3, 6 move to it, the
/// first set from the middle: 2 and 3 (ARO 0, then TPN): 2-1 and 3-6; 4-5.
/// Colours: 1-2 as in round 1 (5.2.1); 6 and 3 seek Black mildly, 3 has no
/// history: 3, the higher ranked, gets Black (5.2.5); 5 seeks White, 4
/// Black (5.2.2).
#[test]
fn art_2_2_1_completion() {
    let t = event(
        &ratings(6),
        5,
        &["1 F, 2 F, 3 F, 4-6 =, 5 H", "1 F, 2 F, 3 F, 6-5 =, 4 H"],
    );
    assert_eq!(pair(&t).boards, vec![(1, 2), (6, 3), (5, 4)]);
}

/// [C5] (art. 2.3.1): the fewest upfloaters. 1 and 2 drew in round 1 and
/// are the top group; they cannot meet again, so two upfloaters are needed,
/// not more: 3 and 4 (the first by TPN among the players with 0). In the
/// bracket G1 = {2} (Black in round 1), G2 = {1, 3, 4}: one from the middle
/// of G2 by TPN, 3, joins G1; S1 = 3 (ARO 0), 2 (ARO 2500); T2 = 1, 4.
/// Colours: 1 (strong) and 3 (mild) both seek Black, the stronger is
/// granted (5.2.3); 2 seeks White, 4 Black; 5-6 as in round 1.
#[test]
fn art_2_3_1_fewest_upfloaters() {
    let t = event(&ratings(6), 5, &["1-2 =, 3 Z, 4 Z, 5 Z, 6 Z"]);
    assert_eq!(pair(&t).boards, vec![(3, 1), (2, 4), (5, 6)]);
}

/// [C6] (art. 2.3.2) before [C7]: the upfloater with the highest score.
/// 1, 2, 3 have 4 points (byes); 4 beat 6 in round 1 (2 points, seeks
/// Black like the residents); 5 and 6 have 0 (6 seeks White). 6 would suit
/// [C7], but 4 is nearer in score. Bracket 1, 2, 3, 4: everyone seeks
/// Black; 2 and 3 move to G1: 2-1, 3-4; then 5-6. Colours: 1-2 (5.2.1); 4
/// seeks Black strongly, 3 mildly: 4 Black (5.2.3); 6 seeks White, 5 Black.
#[test]
fn art_2_3_2_upfloaters_with_the_highest_score() {
    let t = event(
        &ratings(6),
        5,
        &[
            "1 F, 2 F, 3 F, 4-6 1-0, 5 Z",
            "1 F, 2 F, 3 F, 4 Z, 5 Z, 6 Z",
        ],
    );
    assert_eq!(pair(&t).boards, vec![(1, 2), (3, 4), (6, 5)]);
}

/// [C7] (art. 2.3.3): the fewest players without their preference. 1, 2, 3
/// (full-point byes, seeking Black) need an upfloater from 4, 5, 7, 8 (1
/// point each; 4 and 8 seek Black, 5 and 7 White) and 6 (0). With a White
/// seeker one pair grants both preferences: 5, the first White seeker (by
/// TPN), not 4. Bracket: G1 = {5}, G2 = {1, 2, 3}, 2 moves (from the
/// middle): S1 = 2 (ARO 0), 5: 2-1, 5-3. Then 4, 7, 8 with 6 upfloating
/// (the only one left): G1 = {7}, G2 = {4, 6, 8}, 6 moves: S1 = 6, 7; T2 =
/// 4, 8: 6-4, 7-8.
#[test]
fn art_2_3_3_colour_preferences() {
    let t = event(&ratings(8), 5, &["1 F, 2 F, 3 F, 4-7 =, 8-5 =, 6 Z"]);
    assert_eq!(pairs(&pair(&t)), vec![(1, 2), (3, 5), (4, 6), (7, 8)]);
}

/// The upfloat histories of the tests of [C8]–[C10]: residents 1–5 take
/// full-point byes or beat 6 or 7, who lose every game they play (each an
/// upfloat: they have 0 points, the resident more) and otherwise take
/// zero-point byes, as 8, 9 and 10 always do; 8, 9 and 10 may not meet
/// 1–5 (`XXP`), so that the upfloater is 6 or 7. `games` lists, round by
/// round, who plays 6 and who plays 7 (6 and 7 have White); `apart`, the
/// residents 7 may not meet either.
fn upfloat_event(total: u32, games: &[(Option<u32>, Option<u32>)], apart: &[u32]) -> Tournament {
    let rounds: Vec<String> = games
        .iter()
        .map(|&(a, b)| {
            let mut items = Vec::new();
            for r in 1..=5 {
                if Some(r) == a {
                    items.push(format!("6-{r} 0-1"));
                } else if Some(r) == b {
                    items.push(format!("7-{r} 0-1"));
                } else {
                    items.push(format!("{r} F"));
                }
            }
            if a.is_none() {
                items.push("6 Z".into());
            }
            if b.is_none() {
                items.push("7 Z".into());
            }
            for z in 8..=10 {
                items.push(format!("{z} Z"));
            }
            items.join(", ")
        })
        .collect();
    let rounds: Vec<&str> = rounds.iter().map(String::as_str).collect();
    let mut t = event(&ratings(10), total, &rounds);
    for r in 1..=5 {
        t.forbidden.extend([(8, r), (9, r), (10, r)]);
    }
    t.forbidden.extend(apart.iter().map(|&r| (7, r)));
    t
}

/// The player of 6 and 7 who upfloats into the top group (the other is paired lower).
fn upfloater(p: &Pairing) -> u32 {
    let mut ups: Vec<u32> = pairs(p)
        .into_iter()
        .filter(|&(a, b)| a <= 5 && (b == 6 || b == 7))
        .map(|x| x.1)
        .collect();
    assert_eq!(ups.len(), 1, "one of 6 and 7 upfloats: {p:?}");
    ups.pop().unwrap_or(0)
}

/// [C8] (art. 2.3.4), and not in the last round. 6 lost to 1, 2, 3 in
/// rounds 2–4 as White (three upfloats: a maximum upfloater, MaxT = 3 for 6
/// rounds); 7 only took zero-point byes, and may not meet 1, 2, 3 (`XXP`).
/// In round 5 the residents 1–5 (8 points; 1, 2, 3 seek White, 4 and 5
/// Black) need one upfloater, 6 or 7 (0 points, both seeking Black, both
/// able to meet only 4 and 5: the same for [C6] and [C7]). 6 comes first by
/// TPN, but it is a maximum upfloater: 7. With 5 rounds, round 5 is the
/// last: [C8] does not apply, and 6 upfloats.
#[test]
fn art_2_3_4_maximum_upfloaters() {
    let games = [
        (None, None),
        (Some(1), None),
        (Some(2), None),
        (Some(3), None),
    ];
    assert_eq!(upfloater(&pair(&upfloat_event(6, &games, &[1, 2, 3]))), 7);
    assert_eq!(upfloater(&pair(&upfloat_event(5, &games, &[1, 2, 3]))), 6);
}

/// [C9] (art. 2.3.5): the fewest upfloats of maximum upfloaters. 6 lost to
/// 1, 2, 3, 4 (rounds 2–5), 7 to 3, 4, 5 (rounds 3–5): both are maximum
/// upfloaters (MaxT = 3 for 7 rounds), both upfloated in round 5, both seek
/// Black absolutely; in round 6, 6 has 4 upfloats and 7 has 3: 7 upfloats
/// (it can meet 1 or 2, and 6 can meet 5; every resident seeks White, so a
/// bracket of six has two players without their colour either way).
#[test]
fn art_2_3_5_upfloats_of_maximum_upfloaters() {
    let games = [
        (None, None),
        (Some(1), None),
        (Some(2), Some(3)),
        (Some(3), Some(4)),
        (Some(4), Some(5)),
    ];
    assert_eq!(upfloater(&pair(&upfloat_event(7, &games, &[]))), 7);
}

/// [C10] (art. 2.3.6), and not in the last round: 6 lost to 3 in round 4
/// (an upfloat in the previous round), 7 to 2 in round 2; both seek Black
/// strongly. In round 5 of 6, 7 upfloats; of 5 (the last), 6, the first by TPN.
#[test]
fn art_2_3_6_upfloaters_of_the_previous_round() {
    let games = [(None, None), (None, Some(2)), (None, None), (Some(3), None)];
    assert_eq!(upfloater(&pair(&upfloat_event(6, &games, &[]))), 7);
    assert_eq!(upfloater(&pair(&upfloat_event(5, &games, &[]))), 6);
}

/// Art. 3.1: the pairing-allocated bye goes to the player with the lowest
/// score, then the most games played, then the largest TPN. Round 1: 4 is
/// absent (zero-point bye), 1 beats 2, 3 beats 5. Round 2: 2, 4 and 5 have
/// 0 points; 2 and 5 played a game, 4 did not; of 2 and 5 the larger TPN:
/// 5 (not 4, though its TPN is larger still).
#[test]
fn art_3_1_bye_order() {
    let t = event(&ratings(5), 5, &["1-2 1-0, 3-5 1-0, 4 Z"]);
    assert_eq!(pair(&t).bye, Some(5));
}

/// Art. 3.1.2 ([C4] for the bye): the bye must leave the others pairable.
/// Round 1 of five players, 1 forbidden (`XXP`) to meet 2, 3 and 4: the
/// bye would go to 5 (all equal, largest TPN), but 1 could then meet
/// nobody; 4 is next and leaves 1, 2, 3, 5 pairable: bye 4. The bracket
/// 1, 2, 3, 5: G1 = 1, 2 (first half by TPN), G2 = 3, 5; T2 = 3, 5 would
/// pair 1 with 3: the next transposition, 5, 3: 1-5, 2-3 (5.2.1: 1 odd,
/// White; 2 even, Black).
#[test]
fn art_3_1_2_bye_allows_a_complete_pairing() {
    let mut t = event(&ratings(5), 5, &[]);
    t.forbidden = vec![(1, 2), (1, 3), (4, 1)];
    let p = pair(&t);
    assert_eq!(p.bye, Some(4));
    assert_eq!(p.boards, vec![(1, 5), (3, 2)]);
}

fn colour_player(
    tpn: u32,
    score: i32,
    pref: Color,
    strength: Strength,
    colors: &[Color],
) -> DubovPlayer {
    DubovPlayer {
        id: tpn,
        tpn,
        score,
        rating: 2000,
        aro: 0,
        preference: pref,
        strength,
        colors: colors.to_vec(),
        upfloats: 0,
        previous_upfloat: false,
        bye_eligible: true,
        played_games: colors.len() as u32,
        forbidden: HashSet::new(),
    }
}

/// Art. 5.2: 5.2.1 both without games: the higher ranked (more points, then
/// smaller TPN) gets the initial colour with an odd TPN, the other colour
/// with an even one; 5.2.2 different preferences are both granted; 5.2.3
/// the stronger one is granted; 5.2.4 alternate to the most recent game in
/// which they had different colours (histories read from the last game:
/// hi B W B W B, lo W B B W B: last games B/B, W/W, B/B, then W/B: hi had
/// White then, so Black now); 5.2.5 the higher ranked player's preference.
#[test]
fn art_5_2_colour_allocation() {
    use Color::{Black as B, White as W};
    let none = |tpn, score| colour_player(tpn, score, B, Strength::Mild, &[]);
    // 5.2.1
    assert_eq!(dubov::colour(&none(3, 2), &none(1, 0), W), W);
    assert_eq!(dubov::colour(&none(2, 0), &none(5, 0), W), B);
    assert_eq!(dubov::colour(&none(5, 0), &none(2, 0), B), B);
    // 5.2.2
    let a = colour_player(4, 2, W, Strength::Mild, &[W, B]);
    let b = colour_player(1, 2, B, Strength::Mild, &[B, W]);
    assert_eq!(dubov::colour(&a, &b, W), W);
    // 5.2.3: 2 (lower ranked) seeks White absolutely, 1 mildly
    let hi = colour_player(1, 2, W, Strength::Mild, &[W, B]);
    let lo = colour_player(2, 2, W, Strength::Absolute, &[B, B]);
    assert_eq!(dubov::colour(&hi, &lo, W), B);
    // 5.2.4
    let hi = colour_player(1, 4, W, Strength::Strong, &[B, W, B, W, B]);
    let lo = colour_player(2, 4, W, Strength::Strong, &[W, B, B, W, B]);
    assert_eq!(dubov::colour(&hi, &lo, W), B);
    assert_eq!(dubov::colour(&lo, &hi, W), W);
    // 5.2.5
    let hi = colour_player(1, 2, B, Strength::Mild, &[W, B, W]);
    let lo = colour_player(2, 2, B, Strength::Mild, &[W, B, W]);
    assert_eq!(dubov::colour(&hi, &lo, W), B);
    assert_eq!(dubov::colour(&lo, &hi, W), W);
}
