//! One test per rule of the Double-Swiss system (C.04.5, applied from
//! 1 February 2026), each a small case worked by hand from the text in its
//! comment. Scores are in half-points (a game won is 2, a match won 2-0 is
//! 4). Where the rule was read through summaries rather than word for word,
//! the comment says "(interpretation)"; see the README.
//!
//! Two kinds of case: a tournament written as TRF columns (two per match,
//! see `pairing::double_swiss`), paired with `double_swiss::pair`; or the
//! players' states written out and paired with `double_swiss::pair_players`.

use pairing::double_swiss::{self, game_one_colour, pair_players, DsPlayer};
use pairing::{ByeKind, Color, GameResult, Player, RoundEntry, Tournament};

// ---------------------------------------------------------------- helpers

fn event(n: u32, matches: u32) -> Tournament {
    Tournament {
        total_rounds: 2 * matches,
        players: (1..=n)
            .map(|id| Player {
                id,
                name: format!("P{id}"),
                ..Player::default()
            })
            .collect(),
        ..Tournament::default()
    }
}

/// `a`'s result in a game: `W`, `D`, `L`, `+` (forfeit win), `-` (forfeit
/// loss), `x` (both forfeit); the opponent's.
fn results(r: char) -> (GameResult, GameResult) {
    use GameResult::*;
    match r {
        'W' => (Win, Loss),
        'D' => (Draw, Draw),
        'L' => (Loss, Win),
        '+' => (ForfeitWin, ForfeitLoss),
        '-' => (ForfeitLoss, ForfeitWin),
        'x' => (ForfeitLoss, ForfeitLoss),
        _ => panic!("result {r}"),
    }
}

/// Match `m`: `a` has White in game 1; `g1`, `g2` are `a`'s results.
fn play(t: &mut Tournament, m: u32, a: u32, b: u32, g1: char, g2: char) {
    let (a1, b1) = results(g1);
    let (a2, b2) = results(g2);
    for (id, opp, colour, r1, r2) in [(a, b, Color::White, a1, a2), (b, a, Color::Black, b1, b2)] {
        let p = &mut t.players[id as usize - 1];
        p.rounds.resize(2 * (m as usize - 1), RoundEntry::NotPaired);
        p.rounds.push(RoundEntry::Game {
            opponent: opp,
            color: colour,
            result: Some(r1),
        });
        p.rounds.push(RoundEntry::Game {
            opponent: opp,
            color: colour.opposite(),
            result: Some(r2),
        });
    }
}

/// A bye for match `m`: the pairing-allocated one is `U` then `H`, a
/// requested one the same letter twice (the TRF convention of the module).
fn bye(t: &mut Tournament, m: u32, id: u32, kind: ByeKind) {
    let p = &mut t.players[id as usize - 1];
    p.rounds.resize(2 * (m as usize - 1), RoundEntry::NotPaired);
    p.rounds.push(RoundEntry::Bye(kind));
    p.rounds
        .push(RoundEntry::Bye(if kind == ByeKind::PairingAllocated {
            ByeKind::Half
        } else {
            kind
        }));
}

fn boards(t: &Tournament, m: u32) -> (Vec<(u32, u32)>, Option<u32>) {
    let p = double_swiss::pair(t, m).expect("the match pairs");
    (p.boards, p.bye)
}

/// A player's state before a match: `score` in half-points, nothing else.
fn st(id: u32, score: i32) -> DsPlayer {
    DsPlayer {
        id,
        tpn: id,
        score,
        matches: 0,
        bye_barred: false,
        colours: Vec::new(),
        floated: Vec::new(),
        met: Vec::new(),
    }
}

fn met(s: &mut [DsPlayer], a: u32, b: u32) {
    for p in s.iter_mut() {
        if p.id == a {
            p.met.push(b);
        }
        if p.id == b {
            p.met.push(a);
        }
    }
}

/// Pairs the states (sorted here by score, then TPN): the pairs as
/// (smaller id, larger id), sorted, and the bye.
fn pairs(mut s: Vec<DsPlayer>, last: bool) -> (Vec<(u32, u32)>, Option<u32>) {
    s.sort_by_key(|p| (-p.score, p.tpn));
    let (p, b) = pair_players(&s, last).expect("pairs");
    let mut v: Vec<(u32, u32)> = p
        .iter()
        .map(|&(i, j)| (s[i].id.min(s[j].id), s[i].id.max(s[j].id)))
        .collect();
    v.sort_unstable();
    (v, b.map(|i| s[i].id))
}

// ---------------------------------------------------------------- preface

/// Preface: "points assigned for each game"; a match 1½-½ gives 1½ and ½.
/// Player 1 wins game 1 (2 half-points) and draws game 2 (1): 3; player 2
/// gets 0 + 1 = 1; players 3 and 4 draw both games: 2 each. Order before
/// match 2 (art. 1.2): 1 (3), 3 (2), 4 (2), 2 (1).
#[test]
fn preface_a_match_scores_the_points_of_its_two_games() {
    let mut t = event(4, 3);
    play(&mut t, 1, 1, 2, 'W', 'D');
    play(&mut t, 1, 3, 4, 'D', 'D');
    let s = double_swiss::players(&t, 2);
    let got: Vec<(u32, i32)> = s.iter().map(|p| (p.id, p.score)).collect();
    assert_eq!(got, vec![(1, 3), (3, 2), (4, 2), (2, 1)]);
}

/// Preface: "A match ends by forfeit only if at least one player forfeits
/// both games. In this case, the same pairing may be repeated". Two players,
/// three matches: 2 forfeits both games of match 1, so 1 and 2 may meet in
/// match 2. If 2 forfeits only game 1 and plays game 2, the match counts as
/// played: they have met and match 2 cannot be paired at all.
#[test]
fn preface_only_a_match_forfeited_in_both_games_may_be_repeated() {
    let mut t = event(2, 3);
    play(&mut t, 1, 1, 2, '+', '+');
    let (b, bye) = boards(&t, 2);
    assert_eq!(b.len(), 1);
    assert_eq!(bye, None);
    let mut t = event(2, 3);
    play(&mut t, 1, 1, 2, '+', 'W');
    assert!(double_swiss::pair(&t, 2).is_err());
}

/// Preface: "Byes (requested or assigned) apply only to matches". Player 4
/// asked for a half-point bye for match 2 (`H` in both columns): it is not
/// paired, and the other three are (one of them gets the pairing-allocated
/// bye); the bye is worth one point, two half-points per column.
#[test]
fn preface_a_requested_bye_is_for_the_whole_match() {
    let mut t = event(4, 3);
    play(&mut t, 1, 1, 3, 'W', 'W');
    play(&mut t, 1, 4, 2, 'D', 'D');
    bye(&mut t, 2, 4, ByeKind::Half);
    let (b, bye_to) = boards(&t, 2);
    assert!(b.iter().all(|&(w, bl)| w != 4 && bl != 4));
    assert_eq!(b.len(), 1);
    assert!(bye_to.is_some());
    assert_eq!(double_swiss::score_before(&t, 4, 3), 2 + 2);
}

// ---------------------------------------------------------------- art. 1

/// Art. 1.2: order by score, then TPN. After match 1 (2 beats 4 2-0, 1 and
/// 3 draw 1-1): 2 (4), 1 (2), 3 (2), 4 (0). Art. 1.3.2: the bracket is even:
/// the scoregroup {2} takes one upfloater from {1, 3}, the first by TPN (1)
/// (3.5.4); then 3-4.
#[test]
fn art_1_2_order_and_1_3_2_an_odd_scoregroup_takes_an_upfloater() {
    let mut t = event(4, 3);
    play(&mut t, 1, 1, 3, 'D', 'D');
    play(&mut t, 1, 2, 4, 'W', 'W');
    let order: Vec<u32> = double_swiss::players(&t, 2).iter().map(|p| p.id).collect();
    assert_eq!(order, vec![2, 1, 3, 4]);
    let (mut b, _) = boards(&t, 2);
    for x in &mut b {
        *x = (x.0.min(x.1), x.0.max(x.1));
    }
    b.sort_unstable();
    assert_eq!(b, vec![(1, 2), (3, 4)]);
}

/// Art. 1.4 (interpretation: a game won and a game drawn): the
/// pairing-allocated bye is worth 1½. Three players: match 1 gives the bye
/// to 3 (lowest score, all 0; largest TPN), written `U` then `H`; before
/// match 2 player 3 has 2 + 1 = 3 half-points. The generator writes it so.
#[test]
fn art_1_4_the_pairing_allocated_bye_is_worth_one_and_a_half() {
    let t = event(3, 2);
    let (_, b) = boards(&t, 1);
    assert_eq!(b, Some(3));
    let mut t = t;
    play(&mut t, 1, 1, 2, 'D', 'D');
    bye(&mut t, 1, 3, ByeKind::PairingAllocated);
    assert_eq!(double_swiss::score_before(&t, 3, 2), 3);
    let c = pairing::generator::Config::parse("PlayersNumber = 5\nRoundsNumber = 2\n").unwrap();
    let g = double_swiss::generate(&c, 1);
    assert!(g.trf.contains("0000 - U  0000 - H"), "{}", g.trf);
}

// ---------------------------------------------------------------- criteria

/// [C1]: no rematch. Four players on 0, 1 has met 3. The first pairing
/// identifier would be 1-3, 2-4; without it, the top members {1, 2} still
/// fit with 1-4, 2-3.
#[test]
fn c1_two_players_meet_once() {
    let mut s = vec![st(1, 0), st(2, 0), st(3, 0), st(4, 0)];
    met(&mut s, 1, 3);
    assert_eq!(pairs(s, false), (vec![(1, 4), (2, 3)], None));
}

/// [C2]: no pairing-allocated bye to a player who had one or won a match by
/// forfeit. Match 1: 2 forfeits both games against 1 (1 wins the match by
/// forfeit), 3 has the bye. Match 2: 1 and 3 may not have it, so 2 does,
/// though it is not the largest TPN; 1-3 play.
#[test]
fn c2_no_second_bye_and_none_after_a_match_won_by_forfeit() {
    let mut t = event(3, 3);
    play(&mut t, 1, 1, 2, '+', '+');
    bye(&mut t, 1, 3, ByeKind::PairingAllocated);
    let (b, bye_to) = boards(&t, 2);
    assert_eq!(bye_to, Some(2));
    assert_eq!(b.len(), 1);
    assert!(b[0] == (1, 3) || b[0] == (3, 1));
}

/// Art. 3.4: the bye to the lowest score, then the most matches played,
/// then the largest TPN. 1 has 4; 2, 3, 4, 5 have 2; 2 played one match, the
/// others two; 5 had a bye ([C2]). So 4.
#[test]
fn art_3_4_bye_lowest_score_most_matches_largest_tpn() {
    let mut s = vec![st(1, 4), st(2, 2), st(3, 2), st(4, 2), st(5, 2)];
    s[1].matches = 1;
    for p in &mut s[2..] {
        p.matches = 2;
    }
    s[4].bye_barred = true;
    assert_eq!(pairs(s, false).1, Some(4));
}

/// Art. 3.4.1 with [C3]: the bye leaves a legal pairing. Three players on 0,
/// 1 has met 2: the bye to 3 would leave 1-2, a rematch; so 2 has it and
/// 1-3 play.
#[test]
fn art_3_4_1_the_bye_leaves_the_others_pairable() {
    let mut s = vec![st(1, 0), st(2, 0), st(3, 0)];
    met(&mut s, 1, 2);
    assert_eq!(pairs(s, false), (vec![(1, 3)], Some(2)));
}

/// [C3], [C4]: the fewest upfloaters that give a legal bracket and leave the
/// rest pairable. 1 and 2 (4) have met; 3–6 have 2. The bracket needs two
/// upfloaters; the first set (3.5.4) is {3, 4}: 1-3, 2-4; then 5-6.
#[test]
fn c3_c4_fewest_upfloaters_for_a_legal_bracket() {
    let mut s = vec![st(1, 4), st(2, 4), st(3, 2), st(4, 2), st(5, 2), st(6, 2)];
    met(&mut s, 1, 2);
    assert_eq!(pairs(s, false).0, vec![(1, 3), (2, 4), (5, 6)]);
}

/// [C5]: the upfloaters' scores as high as possible. 1 has 6; 3 has 4; 2
/// and 4 have 2. The upfloater is 3 (score 4), not 2 (smaller TPN, score
/// 2): 1-3, 2-4.
#[test]
fn c5_upfloaters_with_the_highest_scores() {
    let s = vec![st(1, 6), st(2, 2), st(3, 4), st(4, 2)];
    assert_eq!(pairs(s, false).0, vec![(1, 3), (2, 4)]);
}

/// [C6] (interpretation): the following scoregroup can then pair with the
/// fewest upfloaters its size allows. 1 has 6; 2, 3, 4 have 4 (3 and 4 have
/// met); 5, 6 have 2. Taking 2 up (first by 3.5.4) leaves {3, 4}, who cannot
/// pair together; taking 3 leaves {2, 4}, who can. So 1-3, 2-4, 5-6.
#[test]
fn c6_the_following_scoregroup_stays_pairable() {
    let mut s = vec![st(1, 6), st(2, 4), st(3, 4), st(4, 4), st(5, 2), st(6, 2)];
    met(&mut s, 3, 4);
    assert_eq!(pairs(s, false).0, vec![(1, 3), (2, 4), (5, 6)]);
}

/// [C7]: the fewest upfloaters who floated in the previous match, except in
/// the last match. 1 has 6; 2, 3 have 4; 4 has 2; 2 floated in the previous
/// match. Upfloater 3: 1-3, 2-4 (2 still pairs with 4, [C6]). In the last
/// match [C7] lapses and 2, first by TPN, goes up: 1-2, 3-4.
#[test]
fn c7_upfloaters_who_floated_in_the_previous_match() {
    let mut s = vec![st(1, 6), st(2, 4), st(3, 4), st(4, 2)];
    s[1].floated = vec![true];
    assert_eq!(pairs(s.clone(), false).0, vec![(1, 3), (2, 4)]);
    assert_eq!(pairs(s, true).0, vec![(1, 2), (3, 4)]);
}

/// [C8]: the fewest upfloaters whose opponent floated in the previous
/// match, except in the last. Bracket {1, 2, 3} (4) with the upfloater 4 (2);
/// 2 floated in the previous match. The first identifier 1-3, 2-4 gives 4 an
/// opponent who floated; 1-4, 2-3 does not and keeps the top members {1, 2}.
/// In the last match: 1-3, 2-4.
#[test]
fn c8_upfloaters_opponents_who_floated() {
    let mut s = vec![st(1, 4), st(2, 4), st(3, 4), st(4, 2)];
    s[1].floated = vec![true];
    assert_eq!(pairs(s.clone(), false).0, vec![(1, 4), (2, 3)]);
    assert_eq!(pairs(s, true).0, vec![(1, 3), (2, 4)]);
}

/// Art. 3.5.4 with [C3]: the sets of upfloaters in lexicographic order of
/// TPN, the first legal one. {1, 2, 3} (4) need one upfloater from {4, 5, 6}
/// (2); 4 has met 1, 2 and 3, so the first legal set is {5}: bracket
/// {1, 2, 3, 5} paired 1-3, 2-5 (top members {1, 2}, then 1's smallest
/// bottom member that leaves 2 an opponent), then 4-6.
#[test]
fn art_3_5_4_the_first_legal_set_of_upfloaters() {
    let mut s = vec![st(1, 4), st(2, 4), st(3, 4), st(4, 2), st(5, 2), st(6, 2)];
    for o in 1..=3 {
        met(&mut s, 4, o);
    }
    assert_eq!(pairs(s, false).0, vec![(1, 3), (2, 5), (4, 6)]);
}

/// Art. 3.6: the smallest pairing identifier. Match 1 of eight players: the
/// top members as small as possible, {1, 2, 3, 4}, then the bottom members
/// in their order: 1-5, 2-6, 3-7, 4-8. Colours (4.3.1, initial colour
/// White): the higher ranked player has White in game 1 when its TPN is odd.
#[test]
fn art_3_6_smallest_identifier_and_first_match_colours() {
    let t = event(8, 5);
    let (b, bye_to) = boards(&t, 1);
    assert_eq!(bye_to, None);
    assert_eq!(b, vec![(1, 5), (6, 2), (3, 7), (8, 4)]);
}

// ---------------------------------------------------------------- art. 4

fn hist(id: u32, colours: &[Color]) -> DsPlayer {
    let mut p = st(id, 0);
    p.colours = colours.iter().map(|&c| Some(c)).collect();
    p
}

/// Art. 4.3 (interpretation), the game-1 colour of the higher ranked player
/// h against o:
/// - 4.3.1 both without colours: the initial colour (White) when h's TPN is
///   odd (3: White), the other when even (4: Black);
/// - 4.3.2 fewer Whites: h W B W (two) against o B W B (one): Black; h new
///   against o W: White;
/// - 4.3.3 the latest difference: h W B B, o B W B (one White each); from
///   the back: B = B, then B against W: h gets White (the earlier
///   difference, W against B, would give Black);
/// - 4.3.4 identical histories W B: h alternates, White;
/// - 4.3.5 h without a colour, o with B (no Whites either): o alternates to
///   White, h gets Black.
#[test]
fn art_4_3_colour_of_game_one() {
    use Color::{Black as B, White as W};
    assert_eq!(game_one_colour(&hist(3, &[]), &hist(6, &[]), W), W);
    assert_eq!(game_one_colour(&hist(4, &[]), &hist(6, &[]), W), B);
    assert_eq!(game_one_colour(&hist(4, &[]), &hist(6, &[]), B), W);
    assert_eq!(
        game_one_colour(&hist(1, &[W, B, W]), &hist(2, &[B, W, B]), W),
        B
    );
    assert_eq!(game_one_colour(&hist(1, &[]), &hist(2, &[W]), W), W);
    assert_eq!(
        game_one_colour(&hist(1, &[W, B, B]), &hist(2, &[B, W, B]), W),
        W
    );
    assert_eq!(game_one_colour(&hist(1, &[W, B]), &hist(2, &[W, B]), W), W);
    assert_eq!(game_one_colour(&hist(1, &[]), &hist(2, &[B]), W), B);
}

/// Art. 1.6 (interpretation): a player's colour in a match is its game-1
/// colour, when at least one of the two games was played over the board.
/// Match 1: 1 (White in game 1) against 2, game 1 forfeited by 2, game 2
/// played: the match counts (preface) and 1 has White. 3-4 both games
/// forfeited by 4: no meeting, no colour.
#[test]
fn art_1_6_the_colour_of_a_match_is_the_colour_of_game_one() {
    let mut t = event(4, 3);
    play(&mut t, 1, 1, 2, '+', 'D');
    play(&mut t, 1, 3, 4, '+', '+');
    let s = double_swiss::players(&t, 2);
    let of = |id: u32| s.iter().find(|p| p.id == id).unwrap().clone();
    assert_eq!(of(1).history(), vec![Color::White]);
    assert_eq!(of(2).history(), vec![Color::Black]);
    assert_eq!(of(3).history(), Vec::<Color>::new());
    assert_eq!(of(1).met, vec![2]);
    assert!(of(3).met.is_empty());
    assert!(of(3).bye_barred && !of(1).bye_barred);
}

// ---------------------------------------------------------------- checker

/// The checker (`-c`) names a match recorded otherwise: a generated event
/// with the colours of game 1 and game 2 of the last board of match 1
/// swapped differs in match 1, and re-checks identical unchanged.
#[test]
fn checker_reports_a_match_recorded_otherwise() {
    let c = pairing::generator::Config::parse(
        "PlayersNumber = 10\nRoundsNumber = 4\nInitialColour = W\n",
    )
    .unwrap();
    let t = double_swiss::generate(&c, 7).tournament;
    assert!(double_swiss::check_tournament(&t)
        .iter()
        .all(|c| c.identical()));
    let mut bad = t.clone();
    let (w, b) = *double_swiss::recorded_pairing(&t, 1).boards.last().unwrap();
    for id in [w, b] {
        for e in &mut bad.players[id as usize - 1].rounds[0..2] {
            if let RoundEntry::Game { color, .. } = e {
                *color = color.opposite();
            }
        }
    }
    let checks = double_swiss::check_tournament(&bad);
    assert!(!checks[0].identical());
}
