//! C.04.6 (Swiss system for teams, applied from 1 February 2026) colour
//! rules, one test per rule, each worked by hand from the text in its
//! comment: the team's colour (art. 1.6.1), the colour preferences of Type A
//! and Type B (art. 1.7), the colour allocation (art. 4.2, 4.3.1–4.3.8), the
//! absence of absolute colour preferences (preface), and a match forfeited
//! as a whole (no meeting, no colour: C.04.1 art. b with C.04.2).
//!
//! Notation: a team's colour history is its board-1 colour in each round,
//! `W`/`B`, `-` for a round without a match played (bye, absence, a match
//! forfeited as a whole). CD = number of Whites − number of Blacks.

mod team_support;

use pairing::model::Color;
use pairing::team::swiss::{self, allocate_colours, preference, Preference, TeamState};
use pairing::team::{
    BoardResult, ColourPreferenceType, Match, TeamRound, TeamSystem, TeamTournament,
};
use team_support::event;

use Color::{Black, White};
use ColourPreferenceType::{A, B};

fn colours(s: &str) -> Vec<Option<Color>> {
    s.chars()
        .map(|c| match c {
            'W' => Some(White),
            'B' => Some(Black),
            _ => None,
        })
        .collect()
}

fn history(s: &str) -> Vec<Color> {
    colours(s).into_iter().flatten().collect()
}

fn wants(colour: Color, strong: bool) -> Preference {
    Preference::Wants { colour, strong }
}

// ---------------------------------------------------------------- art. 1.7

#[test]
fn type_a_white_when_the_colour_difference_is_below_minus_one() {
    // Art. 1.7, Type A: a preference for White when CD < −1.
    // BB: CD −2. WBBB: CD 1 − 3 = −2. BWBBB: CD −3.
    for h in ["BB", "WBBB", "BWBBB"] {
        assert_eq!(preference(&history(h), A, false), wants(White, true), "{h}");
    }
}

#[test]
fn type_a_white_after_two_blacks_with_a_difference_of_zero_or_minus_one() {
    // Art. 1.7, Type A: also White when CD is 0 or −1 and the last two
    // matches were played with Black. WWBB: CD 0, last two BB. WBB: CD −1,
    // last two BB. Not with CD +1 (WWWBB: CD 3 − 2 = +1, no preference),
    // nor with CD −1 when the last two differ (BWB: last two W, B).
    assert_eq!(preference(&history("WWBB"), A, false), wants(White, true));
    assert_eq!(preference(&history("WBB"), A, false), wants(White, true));
    assert_eq!(preference(&history("WWWBB"), A, false), Preference::None);
    assert_eq!(preference(&history("BWB"), A, false), Preference::None);
}

#[test]
fn type_a_black_symmetrically() {
    // The same rules with the colours exchanged: WW (CD +2), BBWW (CD 0,
    // last two WW), BWW (CD +1, last two WW) want Black.
    for h in ["WW", "BBWW", "BWW", "BWWWW"] {
        assert_eq!(preference(&history(h), A, false), wants(Black, true), "{h}");
    }
}

#[test]
fn type_a_has_no_other_preference() {
    // Type A knows no mild preference: no match played, W (CD +1), B
    // (CD −1), WB (CD 0) and BW give none; no preference in the last round
    // either.
    for h in ["", "W", "B", "WB", "BW", "WBWB"] {
        assert_eq!(preference(&history(h), A, false), Preference::None, "{h}");
        assert_eq!(preference(&history(h), A, true), Preference::None, "{h}");
    }
}

#[test]
fn type_b_strong_preferences_are_the_type_a_ones() {
    // Art. 1.7, Type B: the Type A conditions give a strong preference.
    for (h, c) in [("BB", White), ("WBB", White), ("WW", Black), ("BWW", Black)] {
        assert_eq!(preference(&history(h), B, false), wants(c, true), "{h}");
        assert_eq!(preference(&history(h), B, true), wants(c, true), "{h}");
    }
}

#[test]
fn type_b_mild_preference_with_a_difference_of_one() {
    // Type B: CD −1 without two Blacks in a row gives a mild preference for
    // White (B; BWB: CD −1, last two W, B); CD +1 a mild one for Black.
    // Also in the last round (only the CD-0 preference lapses there).
    for last in [false, true] {
        assert_eq!(preference(&history("B"), B, last), wants(White, false));
        assert_eq!(preference(&history("BWB"), B, last), wants(White, false));
        assert_eq!(preference(&history("W"), B, last), wants(Black, false));
        assert_eq!(preference(&history("WBW"), B, last), wants(Black, false));
    }
}

#[test]
fn type_b_mild_preference_to_alternate_with_a_difference_of_zero() {
    // Type B: CD 0 (without two equal colours last) gives a mild preference
    // for the colour other than the last one: WB → White, BW → Black; none
    // when pairing the last round.
    assert_eq!(preference(&history("WB"), B, false), wants(White, false));
    assert_eq!(preference(&history("BW"), B, false), wants(Black, false));
    assert_eq!(preference(&history("WB"), B, true), Preference::None);
    assert_eq!(preference(&history("BW"), B, true), Preference::None);
}

#[test]
fn without_preference_type_colours_give_no_preference() {
    // The regulations may choose no colour preferences (art. 1.7).
    for h in ["BB", "WW", "B", "WB"] {
        assert_eq!(
            preference(&history(h), ColourPreferenceType::None, false),
            Preference::None
        );
    }
}

// ---------------------------------------------------------------- art. 4

/// A team's state before the round: scores, TPN = id, colours per round
/// ("W", "B", "-"), its preference of type `kind`.
fn team(id: u32, primary: i64, secondary: i64, c: &str, kind: ColourPreferenceType) -> TeamState {
    TeamState {
        id,
        tpn: id,
        primary,
        secondary,
        matches: history(c).len() as u32,
        bye_barred: false,
        colours: colours(c),
        floated: vec![false; c.len()],
        preference: preference(&history(c), kind, false),
    }
}

/// The team that gets White on board 1 (C.04.6 art. 1.6.1: the team's
/// colour), with the initial colour `initial`.
fn white(a: &TeamState, b: &TeamState, initial: Color) -> u32 {
    let t = TeamTournament {
        initial_colour: initial,
        ..TeamTournament::default()
    };
    allocate_colours(a, b, &t).0.id
}

#[test]
fn art_4_2_the_first_team() {
    // Art. 4.2: the first-team has the higher primary score, then the
    // higher secondary score, then the smaller TPN. Both teams WB (Type A:
    // no preference, CD 0, the same colours in every round), so nothing
    // before art. 4.3.8 decides and the first-team alternates from its last
    // colour, Black: the first-team gets White.
    let one = |p, s| team(1, p, s, "WB", A);
    let two = |p, s| team(2, p, s, "WB", A);
    // Team 2 has more match points.
    assert_eq!(white(&one(2, 9), &two(3, 5), White), 2);
    // Equal match points; team 2 has more game points.
    assert_eq!(white(&one(3, 5), &two(3, 6), White), 2);
    // Equal scores: the smaller TPN, team 1.
    assert_eq!(white(&one(3, 5), &two(3, 5), White), 1);
    // The order the two are given in does not matter.
    assert_eq!(white(&two(3, 5), &one(3, 5), White), 1);
}

#[test]
fn art_4_3_1_neither_team_has_played() {
    // Art. 4.3.1: when neither team has played a match, the first-team gets
    // the initial colour (drawn by lot, art. 4.1) if its TPN is odd, the
    // other colour if even.
    // Teams 1 and 2, equal scores: first-team 1 (odd) → initial colour.
    let (t1, t2) = (team(1, 0, 0, "", A), team(2, 0, 0, "", A));
    assert_eq!(white(&t1, &t2, White), 1);
    assert_eq!(white(&t1, &t2, Black), 2);
    // Team 2 ahead (a bye in round 1: a score, no colour): first-team 2,
    // even TPN → the other colour than the initial one.
    let (t1, t2) = (team(1, 0, 0, "-", A), team(2, 1, 2, "-", A));
    assert_eq!(white(&t1, &t2, White), 1);
    assert_eq!(white(&t1, &t2, Black), 2);
    // A team that has played is not covered: team 1 played W (CD +1, no
    // Type A preference), team 2 has not played (CD 0); art. 4.3.5, the
    // lower CD, gives team 2 White whatever the initial colour.
    let (t1, t2) = (team(1, 2, 3, "W", A), team(2, 0, 0, "-", A));
    assert_eq!(white(&t1, &t2, White), 2);
    assert_eq!(white(&t1, &t2, Black), 2);
}

#[test]
fn art_4_3_2_only_one_team_has_a_preference() {
    // Art. 4.3.2: team 2 has BB (strong White), team 1 WB (none): team 2
    // gets White although team 1 is the first-team (more points) and would
    // alternate to White by art. 4.3.8.
    let (t1, t2) = (team(1, 4, 6, "WB", A), team(2, 2, 4, "BB", A));
    assert_eq!(white(&t1, &t2, White), 2);
    // The same with team 1 wanting Black (WW) and team 2 none (BW).
    let (t1, t2) = (team(1, 4, 6, "WW", A), team(2, 2, 4, "BW", A));
    assert_eq!(white(&t1, &t2, White), 2);
}

#[test]
fn art_4_3_3_opposite_preferences_are_both_granted() {
    // Art. 4.3.3: team 1 BB wants White, team 2 WW wants Black: 1 White.
    // Team 2 is the first-team here; it still gets Black.
    let (t1, t2) = (team(1, 0, 0, "BB", A), team(2, 4, 8, "WW", A));
    assert_eq!(white(&t1, &t2, White), 1);
}

#[test]
fn art_4_3_4_type_b_the_strong_preference_is_granted() {
    // Art. 4.3.4 (Type B): both want White, team 1 mildly (B: CD −1), team 2
    // strongly (WBB: CD −1, two Blacks last): team 2 gets White, though team
    // 1 is the first-team and the CDs are equal.
    let (t1, t2) = (team(1, 4, 8, "--B", B), team(2, 2, 4, "WBB", B));
    assert_eq!(t1.preference, wants(White, false));
    assert_eq!(t2.preference, wants(White, true));
    assert_eq!(white(&t1, &t2, White), 2);
    // Under Type A team 1 has no preference at all: art. 4.3.2, same result.
    let (t1, t2) = (team(1, 4, 8, "--B", A), team(2, 2, 4, "WBB", A));
    assert_eq!(white(&t1, &t2, White), 2);
}

#[test]
fn art_4_3_5_the_lower_colour_difference_gets_white() {
    // Art. 4.3.5: both strongly want White, team 1 BB (CD −2), team 2 WBB
    // (CD −1): team 1, the lower CD, gets White — team 2, first-team, gets
    // its third Black in a row.
    let (t1, t2) = (team(1, 0, 0, "-BB", A), team(2, 2, 4, "WBB", A));
    assert_eq!(white(&t1, &t2, White), 1);
    // Both want Black: WW (CD +2) and BWW (CD +1): the lower CD, team 2,
    // gets White.
    let (t1, t2) = (team(1, 4, 8, "-WW", A), team(2, 0, 0, "BWW", A));
    assert_eq!(white(&t1, &t2, White), 2);
}

#[test]
fn art_4_3_6_both_alternate_from_the_latest_different_colours() {
    // Art. 4.3.6: both want White with CD −2: team 1 BWBB, team 2 WBBB.
    // From the latest match back: B/B, B/B, then W/B: team 1 had White, team
    // 2 Black; both alternate from there: team 2 White. (Team 1 is the
    // first-team and would get White by art. 4.3.7.)
    let (t1, t2) = (team(1, 6, 9, "BWBB", A), team(2, 6, 8, "WBBB", A));
    assert_eq!(white(&t1, &t2, White), 2);
}

#[test]
fn art_4_3_6_compares_played_matches_not_rounds() {
    // Art. 4.3.6 with C.04.2 (only played matches make the colour history):
    // team 1 BWBB- (a bye in round 5), team 2 -WBBB (a bye in round 1).
    // Played matches from the latest back: B/B, B/B, W/B → team 1 had
    // White: team 2 White. (Round by round there would be no round with
    // different colours — r5 -/B, r4 B/B, r3 B/B, r2 W/W, r1 B/- — and art.
    // 4.3.7 would give the first-team, team 1, its preference, White. Our
    // reading: README "Team competitions", choice 7.)
    let (t1, t2) = (team(1, 6, 9, "BWBB-", A), team(2, 6, 8, "-WBBB", A));
    assert_eq!(white(&t1, &t2, White), 2);
}

#[test]
fn art_4_3_7_the_first_team_preference() {
    // Art. 4.3.7: both WBB (strong White, CD −1, the same colour in every
    // round): nothing before decides; the first-team's preference is
    // granted. Team 2 has more points: team 2 White; with equal scores the
    // first-team is team 1 (smaller TPN).
    let (t1, t2) = (team(1, 2, 4, "WBB", A), team(2, 4, 6, "WBB", A));
    assert_eq!(white(&t1, &t2, White), 2);
    let (t1, t2) = (team(1, 4, 6, "WBB", A), team(2, 4, 6, "WBB", A));
    assert_eq!(white(&t1, &t2, White), 1);
}

#[test]
fn art_4_3_8_the_first_team_alternates_else_the_other_team() {
    // Art. 4.3.8: no preferences (Type A, WBWB: CD 0), equal CD, the same
    // colours: the first-team (team 2, more points) alternates from its last
    // colour, Black → White.
    let (t1, t2) = (team(1, 2, 4, "WBWB", A), team(2, 4, 6, "WBWB", A));
    assert_eq!(white(&t1, &t2, White), 2);
    // The first-team (team 1, more points) has played no match (byes
    // only); team 2 WB. No preference, CD 0 both; no colours to compare;
    // the first-team has no last colour: the other team alternates from
    // its own, Black → White.
    let (t1, t2) = (team(1, 4, 8, "--", A), team(2, 2, 4, "WB", A));
    assert_eq!(white(&t1, &t2, White), 2);
}

// ------------------------------------------- no absolute colour preferences

/// A finished match: `home` first-named (White on board 1), full line-ups,
/// `results` from the home side.
fn played(t: &TeamTournament, home: u32, away: u32, results: &[BoardResult]) -> Match {
    let mut m = Match::new(home, away, &t.settings);
    let side = |team: u32| -> Vec<Option<u32>> {
        t.teams[team as usize - 1]
            .roster
            .iter()
            .take(results.len())
            .map(|&p| Some(p))
            .collect()
    };
    m.set_lineups(t, &side(home), &side(away)).unwrap();
    for (b, r) in m.boards.iter_mut().zip(results) {
        b.result = Some(*r);
    }
    m
}

const W: BoardResult = BoardResult::HOME_WIN;
const D: BoardResult = BoardResult::DRAW;

#[test]
fn colours_never_prevent_a_pairing_nor_forbid_a_third_colour_in_a_row() {
    // C.04.6 preface: the articles of C.04.1 on colours (no CD beyond ±2,
    // no three equal colours in a row) never apply to teams; there are no
    // absolute colour preferences, and colour never stops two teams from
    // playing each other ([C8] is a quality criterion).
    // Round 1: 1–2 (1 wins 3–1), 3–4 (3 wins 3–1). Round 2: 3–2 and 1–4,
    // both 2–2. Before round 3: 1 and 3 have 3 MP, 5 GP, WW (strong
    // Black); 2 and 4 have 1 MP, 3 GP, BB (strong White). 1 has met 2 and 4,
    // 3 has met 4 and 2: the only pairing is 1–3, 2–4, each pair wanting the
    // same colour.
    // 1–3: first-team 1 (equal scores, smaller TPN); same preference, same
    // CD (+2), the same colours in every round (art. 4.3.6 finds nothing);
    // art. 4.3.7: 1 gets its Black, 3 gets a third White in a row.
    // 2–4: first-team 2; likewise 2 gets White, 4 a third Black in a row.
    let mut t = event(4, 4, 4, 4, TeamSystem::Swiss);
    t.rounds.push(TeamRound {
        matches: vec![
            played(&t, 1, 2, &[W, W, D, D]),
            played(&t, 3, 4, &[W, W, D, D]),
        ],
        ..TeamRound::default()
    });
    t.rounds.push(TeamRound {
        matches: vec![played(&t, 3, 2, &[D; 4]), played(&t, 1, 4, &[D; 4])],
        ..TeamRound::default()
    });
    let p = swiss::pair_round(&t, 3).unwrap();
    assert_eq!(p.matches, vec![(3, 1), (2, 4)]);
}

// --------------------------------------------- a match forfeited as a whole

#[test]
fn a_match_forfeited_as_a_whole_is_no_meeting_and_no_colour() {
    // C.04.1 art. b: two teams do not play each other more than once;
    // C.04.2 (general handling rules): participants who did not play their
    // match may be paired together again. Our reading (README "Team
    // competitions", choice 1): a match in which no board was played over
    // the board is no meeting. Team 2 did not appear in round 1 (every board
    // empty): team 1 wins by forfeit.
    let mut t = event(2, 4, 4, 3, TeamSystem::Swiss);
    let mut m = Match::new(1, 2, &t.settings);
    let full: Vec<Option<u32>> = t.teams[0].roster.iter().map(|&p| Some(p)).collect();
    m.set_lineups(&t, &full, &[None; 4]).unwrap();
    assert!(m.finished() && !m.played());
    t.rounds.push(TeamRound {
        matches: vec![m],
        ..TeamRound::default()
    });
    let (s, met) = swiss::states(&t, 2);
    assert!(!met[1][2]);
    // No colour from it, no match played; the forfeit win bars team 1 from
    // the bye (C.04.1 art. d).
    assert!(s.iter().all(|x| x.colours == vec![None] && x.matches == 0));
    assert!(s.iter().find(|x| x.id == 1).unwrap().bye_barred);
    // So the two are paired again in round 2; neither has played, so art.
    // 4.3.1: the first-team 1 (2 MP, odd TPN) gets the initial colour.
    let p = swiss::pair_round(&t, 2).unwrap();
    assert_eq!(p.matches, vec![(1, 2)]);
    // Had one board been played (the rest forfeited), the match was played:
    // no second meeting, no pairing for round 2.
    let mut t2 = event(2, 4, 4, 3, TeamSystem::Swiss);
    let mut m = Match::new(1, 2, &t2.settings);
    let away = [Some(t2.teams[1].roster[0]), None, None, None];
    m.set_lineups(&t2, &full, &away).unwrap();
    m.boards[0].result = Some(D);
    assert!(m.played());
    t2.rounds.push(TeamRound {
        matches: vec![m],
        ..TeamRound::default()
    });
    assert!(swiss::pair_round(&t2, 2).is_err());
}
