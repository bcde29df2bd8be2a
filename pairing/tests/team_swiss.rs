//! The FIDE Swiss system for teams (C.04.6) and the fixed schedules: hand-worked
//! cases and properties over generated events.

mod team_support;

use pairing::model::Color;
use pairing::team::swiss::{self, preference, Preference};
use pairing::team::{
    self, BoardResult, ColourPreferenceType, Match, TeamRound, TeamSystem, TeamTournament,
};
use proptest::prelude::*;
use team_support::{event, play, Rng};

/// Sets a finished match with the given board results (home side).
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
    m.set_lineups(t, &h[..boards.len()], &a[..boards.len()])
        .unwrap();
    for (b, r) in m.boards.iter_mut().zip(boards) {
        b.result = Some(*r);
    }
    m
}

const W: BoardResult = BoardResult::HOME_WIN;
const D: BoardResult = BoardResult::DRAW;
const L: BoardResult = BoardResult::AWAY_WIN;

#[test]
fn round_one_pairs_top_half_against_bottom_half() {
    // Six teams, all on 0: one bracket, S1 = {1,2,3}, S2 = {4,5,6}; the
    // first candidate 1–4, 2–5, 3–6 is valid. No team has played: the
    // first-team (smaller TPN) gets the initial colour (White) when its TPN
    // is odd, Black when even (art. 4, step 2): 1–4, 5–2, 3–6.
    let t = event(6, 4, 4, 5, TeamSystem::Swiss);
    let p = swiss::pair_round(&t, 1).unwrap();
    assert_eq!(p.matches, vec![(1, 4), (5, 2), (3, 6)]);
    assert_eq!(p.bye, None);
}

#[test]
fn round_two_brackets_upfloaters_and_colours() {
    // Round 1: 1–4 3–1 (1 wins), 5–2 2½–1½ (5 wins), 3–6 2–2.
    // Scores (MP, GP): 1 (2, 3), 5 (2, 2½), 3 (1, 2), 6 (1, 2), 2 (0, 1½),
    // 4 (0, 1). Order: 1, 5, 3, 6, 2, 4.
    // Bracket 2 MP {1, 5}: 1–5. First-team 1 (more GP). Type A: neither
    // has a preference (one White each); equal colour difference; no round
    // with different colours; 1 alternates from White: 5–1.
    // Bracket 1 MP {3, 6}: they met, so two upfloaters come up: 2 and 4
    // (both 0 MP). Art. 3.6 on the bracket 2, 3, 4, 6 (TPN = team number,
    // art. 1.1): the pairings without a rematch are 2–3 4–6 (identifier
    // 2 4 3 6) and 2–6 3–4 (identifier 2 3 6 4); nobody has a Type A
    // preference after one match, so the smaller identifier wins: 2–6, 3–4.
    // 3–4: first-team 3 (1 MP); the lower colour difference (4 had Black)
    // gets White: 4–3.
    // 2–6: both had Black; first-team 6 (1 MP) alternates: 6–2.
    let mut t = event(6, 4, 4, 5, TeamSystem::Swiss);
    let r1 = TeamRound {
        matches: vec![
            result(&t, 1, 4, &[W, W, D, D]),
            result(&t, 5, 2, &[W, D, L, W]),
            result(&t, 3, 6, &[W, L, D, D]),
        ],
        bye: None,
        half_byes: vec![],
    };
    t.rounds.push(r1);
    let scores = t.scores();
    assert_eq!((scores[0].match_points, scores[0].game_points), (2, 6));
    assert_eq!((scores[4].match_points, scores[4].game_points), (2, 5));
    let p = swiss::pair_round(&t, 2).unwrap();
    assert_eq!(p.matches, vec![(5, 1), (4, 3), (6, 2)]);
}

#[test]
fn odd_number_of_teams_gives_the_bye_to_the_lowest() {
    // Five teams on 0, none has played: the bye goes to the largest TPN (5);
    // then 1–3 and 4–2 (team 2 has an even TPN: Black).
    let t = event(5, 4, 4, 4, TeamSystem::Swiss);
    let p = swiss::pair_round(&t, 1).unwrap();
    assert_eq!(p.bye, Some(5));
    assert_eq!(p.matches, vec![(1, 3), (4, 2)]);
}

#[test]
fn withdrawn_teams_are_not_paired() {
    let mut t = event(6, 4, 4, 5, TeamSystem::Swiss);
    t.teams[1].withdrawn = true;
    let p = swiss::pair_round(&t, 1).unwrap();
    // Teams 1, 3, 4, 5, 6 keep their pairing numbers (art. 1.1.3); the bye
    // to the largest, 6; then 1–4 and 3–5, the first-teams 1 and 3 (odd
    // TPNs) with the initial colour, White.
    assert_eq!(p.bye, Some(6));
    assert_eq!(p.matches, vec![(1, 4), (3, 5)]);
}

#[test]
fn colour_preferences_type_a_and_b() {
    use Color::{Black as B, White as Wh};
    let pa = |h: &[Color]| preference(h, ColourPreferenceType::A, false);
    let pb = |h: &[Color], last: bool| preference(h, ColourPreferenceType::B, last);
    let wants = |colour, strong| Preference::Wants { colour, strong };
    assert_eq!(pa(&[]), Preference::None);
    assert_eq!(pa(&[B, B]), wants(Wh, true)); // difference −2
    assert_eq!(pa(&[Wh, B, B]), wants(Wh, true)); // −1 after two Blacks
    assert_eq!(pa(&[B, Wh, Wh]), wants(B, true));
    assert_eq!(pa(&[Wh, B]), Preference::None);
    assert_eq!(pa(&[B]), Preference::None); // −1 alone: no Type A preference
    assert_eq!(pb(&[B], false), wants(Wh, false)); // mild
    assert_eq!(pb(&[Wh, B], false), wants(Wh, false)); // 0: alternate
    assert_eq!(pb(&[Wh, B], true), Preference::None); // not in the last round
    assert_eq!(pb(&[B, B], true), wants(Wh, true));
    assert_eq!(
        preference(&[B, B], ColourPreferenceType::None, false),
        Preference::None
    );
}

#[test]
fn round_robin_for_teams_follows_berger() {
    // Five teams: the Berger table for 6 with a dummy; every pair meets once
    // and every team has one free round.
    let t = event(5, 4, 4, 5, TeamSystem::RoundRobin { double: false });
    let mut met = [[0; 6]; 6];
    let mut byes = [0; 6];
    for r in 1..=5 {
        let p = team::schedule::round_robin(&t, r).unwrap();
        byes[p.bye.unwrap() as usize] += 1;
        for (a, b) in p.matches {
            met[a as usize][b as usize] += 1;
            met[b as usize][a as usize] += 1;
        }
    }
    for (a, row) in met.iter().enumerate().skip(1) {
        assert_eq!(byes[a], 1);
        for (b, &count) in row.iter().enumerate().skip(1) {
            assert_eq!(count, u32::from(a != b));
        }
    }
    assert_eq!(
        team::schedule::round_robin(&t, 1).unwrap().matches,
        vec![(2, 5), (3, 4)]
    );
    // Double round robin: the second cycle reverses who is named first.
    let d = event(4, 4, 4, 6, TeamSystem::RoundRobin { double: true });
    let first = team::schedule::round_robin(&d, 1).unwrap();
    let fourth = team::schedule::round_robin(&d, 4).unwrap();
    let reversed: Vec<(u32, u32)> = first.matches.iter().map(|&(a, b)| (b, a)).collect();
    assert_eq!(fourth.matches, reversed);
    assert!(team::schedule::round_robin(&d, 7).is_err());
}

#[test]
fn scheveningen_rounds_fill_the_boards() {
    let mut t = event(2, 4, 4, 4, TeamSystem::Scheveningen);
    let mut seen = std::collections::HashSet::new();
    for _ in 0..4 {
        let r = team::pair_next_round(&t).unwrap();
        for b in &r.matches[0].boards {
            assert!(seen.insert((b.home.unwrap(), b.away.unwrap())));
        }
        t.rounds.push(r);
    }
    assert_eq!(seen.len(), 16);
    assert!(team::pair_next_round(&t).is_err());
}

/// Whether the teams can be paired without a rematch (one bye, to a team not
/// barred from it, when their number is odd), by exhaustive search.
fn exists_pairing(teams: &[u32], met: &[Vec<bool>], barred: &[u32]) -> bool {
    match teams {
        [] => true,
        [only] => !barred.contains(only),
        [first, rest @ ..] => {
            if teams.len() % 2 == 1 && !barred.contains(first) && exists_pairing(rest, met, barred)
            {
                return true;
            }
            rest.iter().enumerate().any(|(k, &other)| {
                if met[*first as usize][other as usize] {
                    return false;
                }
                let mut left = rest.to_vec();
                left.remove(k);
                exists_pairing(&left, met, barred)
            })
        }
    }
}

fn check_event(
    teams: u32,
    rounds: u32,
    seed: u64,
    kind: ColourPreferenceType,
) -> Result<usize, TestCaseError> {
    let mut t = event(teams, 5, 4, rounds, TeamSystem::Swiss);
    t.settings.colour_preference = kind;
    let mut rng = Rng::new(seed);
    for round in 1..=rounds {
        let (states, met) = swiss::states(&t, round);
        let p = match swiss::pair_round(&t, round) {
            Ok(p) => p,
            Err(e) => {
                // Only when no pairing at all exists (checked exhaustively).
                let barred: Vec<u32> = states
                    .iter()
                    .filter(|s| s.bye_barred)
                    .map(|s| s.id)
                    .collect();
                prop_assert!(
                    !exists_pairing(&(1..=teams).collect::<Vec<_>>(), &met, &barred),
                    "{}",
                    e
                );
                return Ok(t.rounds.len());
            }
        };
        let before = t.clone();
        // Deterministic: the same state pairs the same way.
        prop_assert_eq!(swiss::pair_round(&before, round).unwrap(), p.clone());
        play(&mut t, p.to_round(&before), &mut rng, true);
        let paired: Vec<u32> = p
            .matches
            .iter()
            .flat_map(|&(a, b)| [a, b])
            .chain(p.bye)
            .collect();
        let mut sorted = paired.clone();
        sorted.sort_unstable();
        prop_assert_eq!(sorted, (1..=teams).collect::<Vec<_>>());
        for &(a, b) in &p.matches {
            // No rematch of a match played over the board.
            for old in &before.rounds {
                for m in old.matches.iter().filter(|m| m.played()) {
                    prop_assert!(!(m.involves(a) && m.involves(b)), "rematch {} {}", a, b);
                }
            }
            // Colour preferences: opposite preferences are both met, a
            // lone preference is met (art. 4 steps 3 and 4).
            let pref = |id: u32| states.iter().find(|s| s.id == id).unwrap().preference;
            let want = |p: Preference| match p {
                Preference::Wants { colour, .. } => Some(colour),
                Preference::None => None,
            };
            match (want(pref(a)), want(pref(b))) {
                (Some(x), Some(y)) if x != y => prop_assert_eq!(x, Color::White),
                (Some(x), None) => prop_assert_eq!(x, Color::White),
                (None, Some(y)) => prop_assert_eq!(y, Color::Black),
                _ => {}
            }
        }
        if let Some(b) = p.bye {
            prop_assert!(
                before.rounds.iter().all(|r| r.bye != Some(b)),
                "second bye for {}",
                b
            );
        }
    }
    Ok(t.rounds.len())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 24, .. ProptestConfig::default() })]

    #[test]
    fn generated_events_keep_the_absolute_criteria(
        teams in 4u32..=11,
        seed in any::<u64>(),
        type_b in any::<bool>(),
    ) {
        let rounds = (teams - 1).min(7);
        let kind = if type_b { ColourPreferenceType::B } else { ColourPreferenceType::A };
        check_event(teams, rounds, seed, kind)?;
    }
}

#[test]
fn large_event_pairs_quickly() {
    // 200 teams, 11 rounds: every round pairs, with the same checks.
    let started = std::time::Instant::now();
    assert_eq!(
        check_event(200, 11, 7, ColourPreferenceType::B).unwrap(),
        11
    );
    println!(
        "200 teams, 11 rounds paired and played in {:?}",
        started.elapsed()
    );
    assert!(started.elapsed().as_secs() < 120, "{:?}", started.elapsed());
}
