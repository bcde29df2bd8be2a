//! The Double-Swiss system (FIDE Handbook C.04.5, approved by the Council on
//! 28/10/2025, applied from 1 February 2026): every pairing is a match of
//! two games between the same two players, played in succession with the
//! colours reversed, each game scored as usual (1, ½, 0).
//!
//! What was read of the text, and what is interpretation, is listed in the
//! crate's README ("Double-Swiss system"). In short, read word for word:
//! the preface (match results, a match forfeited only when a player forfeits
//! both games, byes apply to matches only) and art. 1.1–1.3.2 (TPN, order by
//! score then TPN, scoregroups, a bracket is an even group of resident
//! players and upfloaters from lower scoregroups). The rest (1.4 the bye's
//! value, 1.5 floaters, 1.6 colours, the criteria [C1]–[C8] of art. 2, the
//! procedure of art. 3, the colours of art. 4) is taken from summaries of the
//! text and from its stated identity with C.04.6 art. 3.3–3.6 (read as
//! `crate::team::swiss` reads them); every such point is marked
//! "Interpretation" below.
//!
//! # TRF convention (ours; the text gives none)
//!
//! TRF has one opponent, colour and result per player per round column, so a
//! match takes **two round columns**: match *k* is columns 2*k*−1 (game 1)
//! and 2*k* (game 2), same opponent, colours reversed. `XXR` counts columns
//! (twice the matches); the command line and this module count matches.
//! The pairing-allocated bye, worth a game won and a game drawn (1½), is
//! `U` in the game-1 column and `H` in the game-2 column; a requested bye
//! is the same letter in both columns (`F F` 2 points, `H H` 1, `Z Z` 0).
//! The file says `092 FIDE_DOUBLESWISS`.
//!
//! # The procedure ([`pair`])
//!
//! 1. The players to pair: not withdrawn and without an absence already
//!    recorded in the match's game-1 column; ranked by score (game points of
//!    all columns before the match), then TPN (art. 1.2). TPN = pairing number.
//! 2. The pairing-allocated bye first (art. 3.4): among the players who may
//!    have it ([C2]: no earlier PAB, no match won by forfeit, no full-point
//!    bye), the lowest score, then the most matches played, then the largest
//!    TPN, whose bye leaves the others pairable ([C1], [C3]).
//! 3. Brackets from the top (art. 3.5): the highest scoregroup still to pair
//!    with the upfloaters chosen by [C3] (legal bracket, the rest pairable),
//!    [C4] (fewest), [C5] (their scores in ascending order as high as
//!    possible), [C6] (the following scoregroup can then pair with the fewest
//!    upfloaters its size allows), [C7] (fewest that floated in the previous
//!    match, except in the last), then the first set in the order of 3.5.4
//!    (by score level, then TPN, lexicographically).
//! 4. The bracket's pairing (art. 3.6): no rematch ([C1]); the fewest
//!    upfloaters whose opponent floated in the previous match ([C8], except
//!    in the last match); among those the smallest pairing identifier: the
//!    top members (the smaller TPN of each pair) as small as possible, then
//!    the bottom members in the order of their top members.
//! 5. Colours of game 1 (art. 4): [`game_one_colour`]. Game 2 reverses them.
//!    There is no colour criterion in the pairing itself.

mod engine;

use crate::dutch::RoundCheck;
use crate::generator::{Config, Generated, SplitMix64};
use crate::model::{
    ByeKind, Color, GameResult, HalfPoints, PairError, Pairing, Player, PlayerId, RoundEntry,
    Tournament,
};

pub use engine::{pair_players, Paired};

/// What the pairing needs to know of one player before a match.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DsPlayer {
    pub id: PlayerId,
    /// Tournament pairing number (art. 1.1): the pairing number.
    pub tpn: u32,
    /// Game points of every column before the match, in half-points.
    pub score: HalfPoints,
    /// Matches actually played (art. 3.4.3): meetings, not byes, not matches
    /// forfeited as a whole.
    pub matches: u32,
    /// May not receive the pairing-allocated bye ([C2]).
    pub bye_barred: bool,
    /// The game-1 colour of each earlier match (index 0 = match 1), `None`
    /// when the player had no colour in it (art. 1.6, interpretation: no game
    /// of the match played over the board, or no match).
    pub colours: Vec<Option<Color>>,
    /// Whether the player was a floater in each earlier match (art. 1.5,
    /// interpretation: paired with an opponent of a different score).
    pub floated: Vec<bool>,
    /// Opponents met (C.04.1 art. b with the preface: a match forfeited as a
    /// whole is no meeting; `XXP` pairs count as met).
    pub met: Vec<PlayerId>,
}

impl DsPlayer {
    /// The colours of the matches in which the player had one, in order.
    pub fn history(&self) -> Vec<Color> {
        self.colours.iter().flatten().copied().collect()
    }
    /// Floated in the previous match.
    pub fn floated_last(&self) -> bool {
        self.floated.last().copied().unwrap_or(false)
    }
}

/// The two columns of match `m` (1-based) of player `id`.
fn columns(t: &Tournament, id: PlayerId, m: u32) -> (RoundEntry, RoundEntry) {
    let k = 2 * (m as usize - 1);
    let get = |c: usize| {
        t.player(id)
            .and_then(|p| p.rounds.get(c).copied())
            .unwrap_or(RoundEntry::NotPaired)
    };
    (get(k), get(k + 1))
}

/// The points of one column entry (half-points).
pub fn entry_points(t: &Tournament, e: &RoundEntry) -> HalfPoints {
    let ps = &t.points;
    match *e {
        RoundEntry::Game { result, .. } => match result {
            None => 0,
            Some(GameResult::Win) => ps.win,
            Some(GameResult::Draw) => ps.draw,
            Some(GameResult::Loss) => ps.loss,
            Some(GameResult::Adjusted(p)) => p,
            Some(GameResult::ForfeitWin) => ps.forfeit_win,
            Some(GameResult::ForfeitLoss) => ps.forfeit_loss,
        },
        RoundEntry::Bye(ByeKind::PairingAllocated) => ps.pairing_bye,
        RoundEntry::Bye(ByeKind::Full) => ps.full_bye,
        RoundEntry::Bye(ByeKind::Half) => ps.half_bye,
        RoundEntry::Bye(ByeKind::Zero) => ps.zero_bye,
        RoundEntry::NotPaired => ps.not_paired,
    }
}

/// A player's score before match `m` (the game points of every earlier column).
pub fn score_before(t: &Tournament, id: PlayerId, m: u32) -> HalfPoints {
    t.player(id).map_or(0, |p| {
        p.rounds
            .iter()
            .take(2 * (m as usize - 1))
            .map(|e| entry_points(t, e))
            .sum()
    })
}

fn forfeited(e: &RoundEntry) -> bool {
    matches!(
        e,
        RoundEntry::Game {
            result: Some(GameResult::ForfeitLoss),
            ..
        }
    )
}

/// How match `m` went for player `id`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MatchView {
    /// Paired with `opponent`, `colour` in game 1; `meeting`: not forfeited
    /// as a whole (preface); `coloured`: at least one game played over the
    /// board; `points` and `opponent_points` of the match.
    Match {
        opponent: PlayerId,
        colour: Color,
        meeting: bool,
        coloured: bool,
        points: HalfPoints,
        opponent_points: HalfPoints,
    },
    /// A bye for the match (the game-1 column's kind).
    Bye(ByeKind),
    NotPaired,
}

/// Match `m` (1-based) of player `id` as the two columns record it.
pub fn match_view(t: &Tournament, id: PlayerId, m: u32) -> MatchView {
    let (a, b) = columns(t, id, m);
    match a {
        RoundEntry::Game {
            opponent, color, ..
        } => {
            let (oa, ob) = columns(t, opponent, m);
            // Preface: a match ends by forfeit only if at least one player
            // forfeits both games.
            let whole = (forfeited(&a) && forfeited(&b)) || (forfeited(&oa) && forfeited(&ob));
            let played = |e: &RoundEntry| match e {
                RoundEntry::Game { result, .. } => result.is_none_or(|r| r.played()),
                _ => false,
            };
            MatchView::Match {
                opponent,
                colour: color,
                meeting: !whole,
                coloured: !whole && (played(&a) || played(&b)),
                points: entry_points(t, &a) + entry_points(t, &b),
                opponent_points: entry_points(t, &oa) + entry_points(t, &ob),
            }
        }
        RoundEntry::Bye(kind) => MatchView::Bye(kind),
        RoundEntry::NotPaired => MatchView::NotPaired,
    }
}

/// The number of matches with pairings in the file (games or a
/// pairing-allocated bye in a game-1 column).
pub fn paired_rounds(t: &Tournament) -> u32 {
    t.players
        .iter()
        .filter_map(|p| {
            p.rounds.iter().enumerate().rposition(|(c, e)| {
                c % 2 == 0
                    && matches!(
                        e,
                        RoundEntry::Game { .. } | RoundEntry::Bye(ByeKind::PairingAllocated)
                    )
            })
        })
        .max()
        .map_or(0, |c| c as u32 / 2 + 1)
}

/// Whether match `m` is the last planned one (`XXR` counts columns; without
/// `XXR` no match is the last).
pub fn is_last(t: &Tournament, m: u32) -> bool {
    t.total_rounds > 0 && m >= t.total_rounds.div_ceil(2)
}

/// The players to pair in match `m` (1-based) and their state before it, in
/// the order of art. 1.2 (score descending, then TPN).
pub fn players(t: &Tournament, m: u32) -> Vec<DsPlayer> {
    let before = m - 1;
    let first_col = 2 * (m as usize - 1);
    let mut out: Vec<DsPlayer> = t
        .players
        .iter()
        .filter(|p| !p.withdrawn && p.rounds.get(first_col).is_none())
        .map(|p| {
            let mut s = DsPlayer {
                id: p.id,
                tpn: p.id,
                score: score_before(t, p.id, m),
                matches: 0,
                bye_barred: false,
                colours: Vec::new(),
                floated: Vec::new(),
                met: Vec::new(),
            };
            for k in 1..=before {
                match match_view(t, p.id, k) {
                    MatchView::Match {
                        opponent,
                        colour,
                        meeting,
                        coloured,
                        points,
                        opponent_points,
                    } => {
                        if meeting {
                            s.matches += 1;
                            s.met.push(opponent);
                        } else if points > opponent_points {
                            s.bye_barred = true;
                        }
                        s.colours.push(coloured.then_some(colour));
                        s.floated
                            .push(score_before(t, p.id, k) != score_before(t, opponent, k));
                    }
                    MatchView::Bye(kind) => {
                        if matches!(kind, ByeKind::PairingAllocated | ByeKind::Full) {
                            s.bye_barred = true;
                        }
                        s.colours.push(None);
                        s.floated.push(false);
                    }
                    MatchView::NotPaired => {
                        s.colours.push(None);
                        s.floated.push(false);
                    }
                }
            }
            for &(a, b) in &t.forbidden {
                if a == p.id {
                    s.met.push(b);
                } else if b == p.id {
                    s.met.push(a);
                }
            }
            s
        })
        .collect();
    out.sort_by_key(|p| (-p.score, p.tpn));
    out
}

/// The game-1 colour of the higher ranked player `h` (art. 1.2) against `o`
/// (art. 4.3; interpretation from summaries, see the README):
///
/// 1. (4.3.1) neither has a colour yet: `initial` when `h`'s TPN is odd,
///    the other colour when even;
/// 2. (4.3.2) White to the one with fewer Whites;
/// 3. (4.3.3) the latest difference: going back over the colours each had
///    (matches without a colour left out), at the first position where they
///    differ, each gets the other's colour of then;
/// 4. (4.3.4) `h` alternates from its last colour;
/// 5. (4.3.5) `o` alternates from its last colour.
pub fn game_one_colour(h: &DsPlayer, o: &DsPlayer, initial: Color) -> Color {
    let (hh, ho) = (h.history(), o.history());
    if hh.is_empty() && ho.is_empty() {
        return if h.tpn % 2 == 1 {
            initial
        } else {
            initial.opposite()
        };
    }
    let whites = |v: &[Color]| v.iter().filter(|&&c| c == Color::White).count();
    match whites(&hh).cmp(&whites(&ho)) {
        std::cmp::Ordering::Less => return Color::White,
        std::cmp::Ordering::Greater => return Color::Black,
        std::cmp::Ordering::Equal => {}
    }
    if let Some((a, _)) = hh.iter().rev().zip(ho.iter().rev()).find(|(a, b)| a != b) {
        return a.opposite();
    }
    if let Some(last) = hh.last() {
        return last.opposite();
    }
    // `o` has a colour (both empty was handled above)
    *ho.last().unwrap_or(&initial.opposite())
}

/// Pairs match `round` (1-based) of a Double-Swiss tournament: the boards as
/// (White in game 1, Black in game 1), and the pairing-allocated bye.
pub fn pair(t: &Tournament, round: u32) -> Result<Pairing, PairError> {
    if round == 0 {
        return Err(PairError::InvalidRound {
            round,
            reason: "matches count from 1".into(),
        });
    }
    let s = players(t, round);
    let last = is_last(t, round);
    let (pairs, bye) = pair_players(&s, last).map_err(|reason| PairError::NoValidPairing {
        round,
        reason: reason.to_string(),
    })?;
    let mut boards: Vec<(usize, usize)> = pairs
        .into_iter()
        .map(|(i, j)| if i < j { (i, j) } else { (j, i) })
        .collect();
    // Board order (C.04.2 art. 3.6, interpretation): the higher score on
    // the board, then the sum of the scores, then the higher ranked player.
    boards.sort_by_key(|&(i, j)| (-s[i].score, -(s[i].score + s[j].score), i));
    Ok(Pairing {
        boards: boards
            .into_iter()
            .map(|(h, o)| {
                if game_one_colour(&s[h], &s[o], t.initial_color) == Color::White {
                    (s[h].id, s[o].id)
                } else {
                    (s[o].id, s[h].id)
                }
            })
            .collect(),
        bye: bye.map(|i| s[i].id),
    })
}

/// The tournament as it stood before match `round` was paired: later columns
/// removed, and of the match's own columns only requested byes kept.
pub fn state_before(t: &Tournament, round: u32) -> Tournament {
    let mut c = t.clone();
    let k = 2 * (round as usize - 1);
    for p in &mut c.players {
        let keep = matches!(
            p.rounds.get(k),
            Some(RoundEntry::Bye(
                ByeKind::Half | ByeKind::Zero | ByeKind::Full
            ))
        );
        p.rounds.truncate(if keep { k + 2 } else { k });
        while p.rounds.last() == Some(&RoundEntry::NotPaired) {
            p.rounds.pop();
        }
        let took_part = t
            .player(p.id)
            .and_then(|o| o.rounds.get(k))
            .is_some_and(|e| {
                matches!(
                    e,
                    RoundEntry::Game { .. } | RoundEntry::Bye(ByeKind::PairingAllocated)
                )
            });
        if p.withdrawn && took_part {
            p.withdrawn = false;
        }
    }
    c
}

/// The pairing recorded for match `round`: the game-1 boards and the bye.
pub fn recorded_pairing(t: &Tournament, round: u32) -> Pairing {
    let k = 2 * (round as usize - 1);
    let mut p = Pairing::default();
    for pl in &t.players {
        match pl.rounds.get(k) {
            Some(RoundEntry::Game {
                opponent,
                color: Color::White,
                ..
            }) => p.boards.push((pl.id, *opponent)),
            Some(RoundEntry::Bye(ByeKind::PairingAllocated)) => p.bye = Some(pl.id),
            _ => {}
        }
    }
    p
}

fn same(a: &Pairing, b: &Pairing) -> bool {
    let set = |p: &Pairing| {
        let mut v = p.boards.clone();
        v.sort_unstable();
        (v, p.bye)
    };
    set(a) == set(b)
}

/// Re-pairs every match paired in the file from the state before it and
/// compares with the recorded pairing (rounds of the report are matches).
/// Without `XXR`, the last match in the file is the last one; without `XXC`,
/// the initial colour is the one under which the first match whose pairing
/// depends on it was paired as recorded.
pub fn check_tournament(t: &Tournament) -> Vec<RoundCheck> {
    let mut t = t.clone();
    let rounds = paired_rounds(&t);
    if t.total_rounds == 0 {
        t.total_rounds = 2 * rounds;
    }
    if !crate::dutch::initial_colour_stated(&t) {
        for round in 1..=rounds {
            let before = state_before(&t, round);
            let mut other = before.clone();
            other.initial_color = before.initial_color.opposite();
            if let (Ok(a), Ok(b)) = (pair(&before, round), pair(&other, round)) {
                if !same(&a, &b) {
                    if same(&b, &recorded_pairing(&t, round)) {
                        t.initial_color = other.initial_color;
                    }
                    break;
                }
            }
        }
    }
    (1..=rounds)
        .map(|round| RoundCheck {
            round,
            recorded: recorded_pairing(&t, round),
            engine: pair(&state_before(&t, round), round),
            violations: Vec::new(),
        })
        .collect()
}

/// A random Double-Swiss tournament (`pairing --double-swiss -g`): the
/// settings of [`crate::generator::Config`] (`RoundsNumber` counts matches;
/// `Baku`, titles and federations are not used), each match's absences
/// drawn (a requested bye for the whole match), the match paired by
/// [`pair`], each game's result drawn by the generator's rating model
/// (a player who forfeits game 1 forfeits game 2 too in half the cases).
pub fn generate(c: &Config, seed: u64) -> Generated {
    let mut r = SplitMix64::new(seed);
    let mut ratings: Vec<u32> = (0..c.players)
        .map(|_| r.range(u64::from(c.lowest_rating), u64::from(c.highest_rating)) as u32)
        .collect();
    ratings.sort_unstable_by(|a, b| b.cmp(a));
    let initial = c.initial_colour.unwrap_or(if r.below(2) == 0 {
        Color::White
    } else {
        Color::Black
    });
    let mut t = Tournament {
        name: format!("Random Double-Swiss tournament, seed {seed}"),
        total_rounds: 2 * c.rounds,
        initial_color: initial,
        players: ratings
            .iter()
            .enumerate()
            .map(|(i, &rating)| Player {
                id: i as u32 + 1,
                name: format!("Player {:04}", i + 1),
                rating: Some(rating),
                ..Player::default()
            })
            .collect(),
        ..Tournament::default()
    };
    let mut retired = vec![false; c.players as usize];
    for round in 1..=c.rounds {
        let k = 2 * (round as usize - 1);
        for (i, p) in t.players.iter_mut().enumerate() {
            p.rounds.resize(k, RoundEntry::NotPaired);
            if round > 1 && !retired[i] && r.one_in(c.retired_rate) {
                retired[i] = true;
            }
            let bye = if retired[i] {
                Some(ByeKind::Zero)
            } else if round < c.rounds && r.one_in(c.half_bye_rate) {
                Some(ByeKind::Half)
            } else if r.one_in(c.zero_bye_rate) {
                Some(ByeKind::Zero)
            } else if r.one_in(c.full_bye_rate) {
                Some(ByeKind::Full)
            } else {
                None
            };
            if let Some(kind) = bye {
                p.rounds.push(RoundEntry::Bye(kind));
                p.rounds.push(RoundEntry::Bye(kind));
            }
        }
        let Ok(pairing) = pair(&t, round) else {
            for p in &mut t.players {
                p.rounds.truncate(k);
            }
            break;
        };
        for &(w, b) in &pairing.boards {
            let rating = |id: PlayerId| t.players[id as usize - 1].rating.unwrap_or(0);
            let (rw, rb) = (rating(w), rating(b));
            let (w1, b1) = crate::generator::game(&mut r, c, rw, rb);
            let (b2, w2) = if matches!((w1, b1), (GameResult::ForfeitLoss, _))
                && b1 != GameResult::ForfeitLoss
                && r.one_in(2)
            {
                (GameResult::ForfeitWin, GameResult::ForfeitLoss)
            } else if matches!(b1, GameResult::ForfeitLoss)
                && w1 != GameResult::ForfeitLoss
                && r.one_in(2)
            {
                (GameResult::ForfeitLoss, GameResult::ForfeitWin)
            } else {
                crate::generator::game(&mut r, c, rb, rw)
            };
            for (id, opp, colour, g1, g2) in
                [(w, b, Color::White, w1, w2), (b, w, Color::Black, b1, b2)]
            {
                let p = &mut t.players[id as usize - 1];
                p.rounds.push(RoundEntry::Game {
                    opponent: opp,
                    color: colour,
                    result: Some(g1),
                });
                p.rounds.push(RoundEntry::Game {
                    opponent: opp,
                    color: colour.opposite(),
                    result: Some(g2),
                });
            }
        }
        if let Some(b) = pairing.bye {
            let p = &mut t.players[b as usize - 1];
            p.rounds.push(RoundEntry::Bye(ByeKind::PairingAllocated));
            p.rounds.push(RoundEntry::Bye(ByeKind::Half));
        }
    }
    let rows = crate::standings::compute(
        &t,
        &[crate::tiebreak::TieBreak::Points],
        crate::tiebreak::Edition::default(),
    );
    for row in &rows {
        let p = &mut t.players[row.id as usize - 1];
        p.recorded_points = Some(row.points);
        p.recorded_rank = Some(row.rank);
    }
    let mut text = crate::trf::write(&t);
    let line = "092 FIDE_DOUBLESWISS\n";
    text = text
        .split_inclusive('\n')
        .map(|l| if l.starts_with("092 ") { line } else { l })
        .collect();
    if !text.contains("\n092 ") {
        text.push_str(line);
    }
    let t = crate::trf::parse(&text).expect("the generator writes TRF it reads");
    Generated {
        tournament: t,
        trf: text,
    }
}
