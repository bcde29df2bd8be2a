//! The Lim system (C.04.4.3, edition effective from 1 February 2026), one
//! test per rule of the text, each a small case worked by hand in its
//! comment (the reading of the text is in `src/lim/mod.rs` and
//! `pairing/README.md`, "Lim system"). The text's own examples: art. 4.2
//! (six players, the exchanges for #1) and art. 7.2 (round 1 of forty
//! players).
//!
//! `cargo test -p pairing --test lim_rules`

use std::collections::BTreeSet;

use pairing::lim::{self, FloaterType};
use pairing::{ByeKind, Color, GameResult, Pairing, Player, RoundEntry, Tournament};

use Color::{Black as B, White as W};

/// `n` players (pairing numbers 1..n, ratings descending) and the rounds
/// played: each game as (white, black, result for white: 2 win, 1 draw, 0 loss).
fn event(n: u32, rounds: &[&[(u32, u32, u8)]]) -> Tournament {
    let mut players: Vec<Player> = (1..=n)
        .map(|id| Player {
            id,
            name: format!("Player {id}"),
            rating: Some(2500 - id * 10),
            ..Player::default()
        })
        .collect();
    for (k, games) in rounds.iter().enumerate() {
        for &(w, b, r) in games.iter() {
            let (rw, rb) = match r {
                2 => (GameResult::Win, GameResult::Loss),
                1 => (GameResult::Draw, GameResult::Draw),
                _ => (GameResult::Loss, GameResult::Win),
            };
            for (id, opp, color, result) in [(w, b, W, rw), (b, w, B, rb)] {
                let p = &mut players[id as usize - 1];
                p.rounds.resize(k, RoundEntry::NotPaired);
                p.rounds.push(RoundEntry::Game {
                    opponent: opp,
                    color,
                    result: Some(result),
                });
            }
        }
    }
    Tournament {
        name: "rules".into(),
        total_rounds: 9,
        initial_color: W,
        players,
        ..Tournament::default()
    }
}

fn bye_in(t: &mut Tournament, id: u32, round: usize) {
    let p = &mut t.players[id as usize - 1];
    p.rounds.resize(round - 1, RoundEntry::NotPaired);
    p.rounds.push(RoundEntry::Bye(ByeKind::PairingAllocated));
}

fn boards(p: &Pairing) -> BTreeSet<(u32, u32)> {
    p.boards.iter().copied().collect()
}

/// Art. 1.1: the bye goes to the player with the lowest rank in the lowest
/// scoregroup. Round 1, five players: all on 0, the lowest rank is #5.
/// Round 2 after 1–3 (1 wins), 4–2 (2 wins), 5 the bye: scoregroups
/// {1, 2, 5} on 1 point, {3, 4} on 0; the lowest rank of the lowest
/// scoregroup is #4.
#[test]
fn art_1_1_bye_to_the_lowest_rank_of_the_lowest_scoregroup() {
    let t = event(5, &[]);
    assert_eq!(lim::pair(&t, 1).unwrap().bye, Some(5));
    let mut t = event(5, &[&[(1, 3, 2), (4, 2, 0)]]);
    bye_in(&mut t, 5, 1);
    assert_eq!(lim::pair(&t, 2).unwrap().bye, Some(4));
}

/// Art. 1.1 with C.04.1 (Article 3 of the basic rules): a player who had
/// the bye does not get it again. Five players, round 3. Round 1: 1–3 (1
/// wins), 2–4 (2 wins), bye 5; round 2: 4–5 (4 wins), 3–2 (3 wins), bye 1.
/// Scores: 1: 2; 2, 3, 4, 5: 1. The lowest scoregroup is {2, 3, 4, 5}; its
/// lowest-ranked, #5, had the bye: #4 gets it.
#[test]
fn art_1_1_no_second_bye() {
    let mut t = event(5, &[&[(1, 3, 2), (2, 4, 2)], &[(4, 5, 2), (3, 2, 2)]]);
    bye_in(&mut t, 5, 1);
    bye_in(&mut t, 1, 2);
    assert_eq!(lim::pair(&t, 3).unwrap().bye, Some(4));
}

/// Art. 2.1, the colour part: no colour a third time running, and never
/// three more of one colour than of the other.
#[test]
fn art_2_1_colours_a_player_may_take() {
    assert!(!lim::may_take(&[B, W, W], W), "third white running");
    assert!(lim::may_take(&[B, W, W], B));
    assert!(
        !lim::may_take(&[W, B, W, W, B, W], W),
        "four whites against two"
    );
    assert!(lim::may_take(&[W, B, W, B, W], W), "three against two");
    assert!(lim::may_take(&[], W) && lim::may_take(&[], B));
}

/// Art. 2.1 in a pairing: two players who met are not compatible. Four
/// players, all draws: round 1 1–3, 2–4; round 2 4–1, 3–2. Round 3: all on
/// 1 point, the median. Proposed 1 v 3: met; #1 looks at #4: met; then #2:
/// 1 v 2, and 3 v 4 (also the only pairing left). Colours: 1 and 2 both
/// W B, due white, identical: the higher-ranked, #1, gets it (downward);
/// 3 and 4 both B W, due black: #3 gets black.
#[test]
fn art_2_1_no_rematch() {
    let t = event(4, &[&[(1, 3, 1), (2, 4, 1)], &[(4, 1, 1), (3, 2, 1)]]);
    let p = lim::pair(&t, 3).unwrap();
    assert_eq!(boards(&p), BTreeSet::from([(1, 2), (4, 3)]));
}

/// Art. 2.1, colours making two players incompatible. Six players, all
/// draws: round 1 1–5, 4–2, 3–6; round 2 1–6, 4–3, 2–5. All on 1 point
/// (the median). Colours: 1 W W, 4 W W (both must have black), 2 B W,
/// 3 W B, 5 B B, 6 B B. Proposed 1 v 4: both must have black, not
/// compatible; #1 then looks at 5 (met), 6 (met), 3: 1 v 3 leaves 2, 4, 5,
/// 6, which pair (2 met 4 and 5: 2 v 6; 4 v 5). #2: 5 met, 6: 2 v 6; then
/// 4 v 5. Colours: 3–1 (1 must have black), 6–2 (6 must have white),
/// 5–4 (4 must have black).
#[test]
fn art_2_1_colours_in_a_pairing() {
    let t = event(
        6,
        &[
            &[(1, 5, 1), (4, 2, 1), (3, 6, 1)],
            &[(1, 6, 1), (4, 3, 1), (2, 5, 1)],
        ],
    );
    let p = lim::pair(&t, 3).unwrap();
    assert_eq!(boards(&p), BTreeSet::from([(3, 1), (6, 2), (5, 4)]));
}

/// Art. 2.2 (with 2.3, 3.2, 3.9): the scoregroups above the median from the
/// top down, those below it from the bottom up, the median one last.
/// Eight players, round 3 (median: 1 point). Round 1: 1–5, 6–2, 3–7, 8–4
/// won by 1, 2, 3, 4; round 2: 3–1 (1 wins), 2–4 draw, 7–5 (5 wins), 6–8
/// draw. Scores and colours: 1: 2 (W B); 2: 1½ (B W); 4: 1½ (B B);
/// 3: 1 (W W); 5: 1 (B B); 6: ½ (W W); 8: ½ (W B); 7: 0 (B W).
/// - {1} alone floats down to {2, 4}.
/// - {1, 2, 4}: 2–4 met, so one floater: #1 (arrived) has no compatible
///   player in the median scoregroup {3, 5} (met both): type A; #2 and #4
///   are type D; the lowest-ranked, #4, floats. 1 v 2.
/// - {7} alone floats up to {6, 8}.
/// - {6, 8, 7} paired upward (scrutiny 7, 8, 6): 6–8 met; #7 is type A
///   (met 3 and 5); #6 and #8 type D; upward the highest-ranked, #6,
///   floats. 7 v 8.
/// - median {4, 3, 5, 6}: proposed 4 v 5 (both must have white: no), so
///   4 v 6, then 3 v 5.
///
/// Colours: 1 (due white) v 2 (due black): 1–2; 8 (due white) v 7 (due
/// black): 8–7; 4 must have white: 4–6; 3 must have black: 5–3.
#[test]
fn art_2_2_scoregroups_from_both_ends_to_the_median() {
    let t = event(
        8,
        &[
            &[(1, 5, 2), (6, 2, 0), (3, 7, 2), (8, 4, 0)],
            &[(3, 1, 0), (2, 4, 1), (7, 5, 0), (6, 8, 1)],
        ],
    );
    let p = lim::pair(&t, 3).unwrap();
    assert_eq!(boards(&p), BTreeSet::from([(1, 2), (8, 7), (4, 6), (5, 3)]));
    assert_eq!(p.bye, None);
}

/// Art. 2.3.1: a player who has played all the others of the scoregroup is
/// transferred. Positions 0..3 of a scoregroup paired downward, #0 met all:
/// #0 floats, and the three others keep one floater more (2.3.4): the
/// lowest-ranked, #3; 1 v 2 remain.
#[test]
fn art_2_3_1_a_player_who_met_everyone_floats() {
    let (pairs, floaters) =
        lim::pair_scoregroup(4, |a, b| a != 0 && b != 0, |_| FloaterType::D, true).unwrap();
    assert_eq!(pairs, vec![(1, 2)]);
    let f: BTreeSet<usize> = floaters.into_iter().collect();
    assert_eq!(f, BTreeSet::from([0, 3]));
}

/// Art. 2.3.2 and 2.3.3: players who can have only one colour, which no
/// one left in the scoregroup can give them, are transferred. Four players
/// paired downward: #1 B W W (white twice running: must have black), #2
/// W B W W and #3 W W B W (two whites more than blacks: must have black),
/// #4 B B (must have white). Only #4 can give black, so two of #1–#3
/// float: the fewest floaters is two, taken from the bottom (#3, then #2,
/// since #1 v #4 then pairs).
#[test]
fn art_2_3_2_and_2_3_3_no_permissible_colour_in_the_scoregroup() {
    let h: [&[Color]; 4] = [&[B, W, W], &[W, B, W, W], &[W, W, B, W], &[B, B]];
    let ok = |a: usize, b: usize| {
        [W, B]
            .iter()
            .any(|&c| lim::may_take(h[a], c) && lim::may_take(h[b], c.opposite()))
    };
    let (pairs, floaters) = lim::pair_scoregroup(4, ok, |_| FloaterType::D, true).unwrap();
    assert_eq!(pairs, vec![(0, 3)]);
    assert_eq!(floaters, vec![2, 1]);
}

/// Art. 2.3.4 and 3.2: an odd scoregroup sends one floater: the
/// lowest-ranked when pairing downward, the highest-ranked when pairing
/// upward (the scoregroup then read from its bottom: position 0 is the
/// lowest-ranked player, so the floater is the last position). Five
/// players, all compatible: 0 v 2, 1 v 3, #4 floats.
#[test]
fn art_3_2_the_floater_of_an_odd_scoregroup() {
    let (pairs, floaters) = lim::pair_scoregroup(5, |_, _| true, |_| FloaterType::D, true).unwrap();
    assert_eq!(floaters, vec![4]);
    assert_eq!(pairs, vec![(0, 2), (1, 3)]);
}

/// Art. 3.9: the floater is chosen by type first: in five players where #4
/// (the lowest) would have no compatible opponent in the next scoregroup
/// (type C) and #3 has one (type D), #3 floats: 0 v 2, 1 v 4.
/// And a player who arrived as a floater (type B) floats only when no
/// player of the scoregroup can: with #0 of type B and all others type C,
/// a C floats (#4).
#[test]
fn art_3_9_floater_types() {
    let kind = |p: usize| {
        if p == 4 {
            FloaterType::C
        } else {
            FloaterType::D
        }
    };
    let (pairs, floaters) = lim::pair_scoregroup(5, |_, _| true, kind, true).unwrap();
    assert_eq!(floaters, vec![3]);
    assert_eq!(pairs, vec![(0, 2), (1, 4)]);
    let kind = |p: usize| {
        if p == 0 {
            FloaterType::B
        } else {
            FloaterType::C
        }
    };
    let (_, floaters) = lim::pair_scoregroup(5, |_, _| true, kind, true).unwrap();
    assert_eq!(floaters, vec![4]);
}

/// Art. 4.1: upper half against lower half in order. Round 1 of eight:
/// 1 v 5, 2 v 6, 3 v 7, 4 v 8, colours by art. 7.2 (odd-numbered of the
/// upper half white with `XXC white1`): 1–5, 6–2, 3–7, 8–4.
#[test]
fn art_4_1_upper_half_against_lower_half() {
    let p = lim::pair(&event(8, &[]), 1).unwrap();
    assert_eq!(p.boards, vec![(1, 5), (6, 2), (3, 7), (8, 4)]);
}

/// Art. 4.2, the text's example: six players, proposed 1 v 4, 2 v 5,
/// 3 v 6; if 1 v 4 is not compatible, #1 looks at 4, 5, 6, 3, 2 in turn.
/// With 1–4 incompatible: 1 v 5; #2 looks at 5 (taken), 6: 2 v 6; #3 at 6
/// (taken), 5 (taken), 4: 3 v 4.
#[test]
fn art_4_2_the_text_example_of_exchanges() {
    let order: Vec<usize> = lim::exchange_order(0, 6).map(|c| c + 1).collect();
    assert_eq!(order, vec![4, 5, 6, 3, 2]);
    let no_1_4 = |a: usize, b: usize| !matches!((a.min(b), a.max(b)), (0, 3));
    let (pairs, floaters) = lim::pair_scoregroup(6, no_1_4, |_| FloaterType::D, true).unwrap();
    assert!(floaters.is_empty());
    assert_eq!(pairs, vec![(0, 4), (1, 5), (2, 3)]);
}

/// Art. 4: an exchange that would leave the rest unpairable is passed over.
/// Four players (positions 0–3 are #1–#4), 2–4 and 1–2 incompatible.
/// Proposed 1 v 3 would leave 2 v 4, and #2 has nobody else (#1 taken):
/// #1 takes its next, #4, and 2 v 3.
#[test]
fn art_4_2_an_exchange_must_leave_the_rest_pairable() {
    let ok = |a: usize, b: usize| !matches!((a.min(b), a.max(b)), (1, 3) | (0, 1));
    let (pairs, _) = lim::pair_scoregroup(4, ok, |_| FloaterType::D, true).unwrap();
    assert_eq!(pairs, vec![(0, 3), (1, 2)]);
}

/// Art. 4, pairing upward: scrutiny begins with the lowest-ranked player.
/// Six players ranked 1..6 below the median, 1–4 incompatible. Read from
/// the bottom (6, 5, 4, 3, 2, 1): 6 v 3, 5 v 2, then 4 v 1 fails and #4
/// has nobody left, so #5 takes its next, #1: 6 v 3, 5 v 1, 4 v 2 — where
/// the downward pairing of the same players is 1 v 5, 2 v 6, 3 v 4.
#[test]
fn art_4_scrutiny_from_the_bottom_when_pairing_upward() {
    // positions in scrutiny order: position p is player 6 − p
    let player = |p: usize| 6 - p;
    let ok = |a: usize, b: usize| {
        let (x, y) = (player(a).min(player(b)), player(a).max(player(b)));
        (x, y) != (1, 4)
    };
    let (pairs, _) = lim::pair_scoregroup(6, ok, |_| FloaterType::D, true).unwrap();
    let got: BTreeSet<(usize, usize)> = pairs
        .iter()
        .map(|&(a, b)| (player(a).min(player(b)), player(a).max(player(b))))
        .collect();
    assert_eq!(got, BTreeSet::from([(3, 6), (1, 5), (2, 4)]));
}

/// The median scoregroup keeps no floater: when it cannot be paired
/// completely, it is extended by the nearest scoregroup on each side (their
/// pairings undone). Four players, 1 and 2 may not meet (`XXP`). Round 1:
/// 1–3, 2–4, won by 1 and 2. Round 2 (median ½, nobody on it): {1, 2}
/// cannot pair, both float to the median scoregroup; {3, 4} pair; the
/// median scoregroup {1, 2} cannot. Extended by {1, 2} and {3, 4}, it is
/// 1, 2, 3, 4 paired downward: 1 v 3 met, so 1 v 4, then 2 v 3. Colours:
/// 4–1 (1 due black, 4 due white), 3–2.
#[test]
fn the_median_scoregroup_keeps_no_floater() {
    let mut t = event(4, &[&[(1, 3, 2), (2, 4, 2)]]);
    t.forbidden = vec![(1, 2)];
    let p = lim::pair(&t, 2).unwrap();
    assert_eq!(boards(&p), BTreeSet::from([(4, 1), (3, 2)]));
}

/// Art. 5: the colours of a pair.
/// - A player who had one colour twice running gets the other: W W against
///   B W → the first black.
/// - Different due colours are both granted: W (due black) against B (due
///   white) → the first black.
/// - The same due colour: back to the latest round in which they had
///   different colours: W B W B and B W W B are both due white; going back,
///   round 4 B/B, round 3 W/W, round 2 B/W: the first had black then, so
///   white now.
/// - Identical histories: the higher-ranked gets the due colour when the
///   scoregroup is paired downward, the lower-ranked when upward.
#[test]
fn art_5_colour_allocation() {
    let c = |a: &[Color], b: &[Color], higher: bool, downward: bool| {
        lim::colour_of(a, b, higher, 0, 1, downward, W)
    };
    assert_eq!(c(&[W, W], &[B, W], true, true), B);
    assert_eq!(
        c(&[B, W], &[W, W], false, true),
        W,
        "the other must have black"
    );
    assert_eq!(c(&[W], &[B], true, true), B);
    assert_eq!(c(&[B], &[W], true, true), W);
    assert_eq!(c(&[W, B, W, B], &[B, W, W, B], true, true), W);
    assert_eq!(c(&[B, W, W, B], &[W, B, W, B], true, true), B);
    // identical: both due black after W
    assert_eq!(c(&[W], &[W], true, true), B, "downward: the higher-ranked");
    assert_eq!(c(&[W], &[W], true, false), W, "upward: the lower-ranked");
    assert_eq!(c(&[W], &[W], false, false), B);
}

/// Art. 7.2, the text's example: round 1 of forty players, with white for
/// the first: 1 v 21, 22 v 2, 3 v 23, 24 v 4, … 40 v 20 (white first);
/// with black for the first: 21 v 1, 2 v 22, ….
#[test]
fn art_7_2_round_one_of_forty() {
    let mut t = event(40, &[]);
    let p = lim::pair(&t, 1).unwrap();
    let want: Vec<(u32, u32)> = (1..=20)
        .map(|i| if i % 2 == 1 { (i, i + 20) } else { (i + 20, i) })
        .collect();
    assert_eq!(p.boards, want);
    t.initial_color = B;
    let p = lim::pair(&t, 1).unwrap();
    let flipped: Vec<(u32, u32)> = want.iter().map(|&(a, b)| (b, a)).collect();
    assert_eq!(p.boards, flipped);
}

/// Bad input is an error, not a panic: round 0, a round beyond `XXR`.
#[test]
fn rounds_out_of_range_are_errors() {
    let t = event(4, &[]);
    assert!(lim::pair(&t, 0).is_err());
    assert!(lim::pair(&t, 10).is_err());
}
