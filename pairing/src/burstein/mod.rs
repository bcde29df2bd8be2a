//! The Burstein Swiss system (FIDE Handbook C.04.4.2), paired as the
//! FIDE-endorsed engine that implements it pairs, so that our pairing
//! checker and generator agree with that engine round by round.
//!
//! - [`pair`] makes the pairing of a round;
//! - [`check_tournament`] re-pairs every round of a file and compares.
//!
//! C.04.4.2 (preface) pairs, after a few seeding rounds, the players with a
//! high Index against those with a low Index in the same score group, the
//! Index being made of tie-break methods over the opponents' scores, and
//! ratings counting only when all else is equal. The endorsed engine reads
//! that as follows, and so do we (its author calls it an implementation of
//! an earlier text of the system; where it departs from the current text,
//! identity with the endorsed engine is what this module keeps):
//!
//! - **Seeding rounds.** In rounds 1 and 2 the upper half of the field, by
//!   pairing number, counts one win more for the pairing: ⌈(n − 1) / 2⌉ of
//!   the n players of round 1 get it, taken in pairing-number order (an
//!   absentee among them gets it too but does not use up a place). So round
//!   1 pairs 1 against n/2, 2 against n/2 − 1, … in the upper half, and the
//!   lower half likewise. A file with `XXA` records uses those instead.
//! - **Index.** Inside a score group the players are ordered by their
//!   Sonneborn-Berger, then Buchholz, then median Buchholz score, then the
//!   pairing number. Unplayed games count against a virtual opponent who had
//!   the player's score before the round, got the opposite result and drew
//!   every later round (as in the tie-break rules C.07 of the time); for
//!   opponents' scores, an unplayed game counts as a draw. A floater from
//!   the group above is compared with the Buchholz and median scores
//!   multiplied by each player's own score.
//! - **Bye.** The lowest player in score-and-index order who has not yet
//!   received a pairing-allocated bye or a forfeit win (C.04.1).
//! - **Score groups.** From the top, a group (with the floater from the group
//!   above, if the count of players down to it is odd) must be pairable in
//!   full without a rematch or two players of the same absolute colour
//!   preference, leaving at most one floater; otherwise it merges with the
//!   next score, and the last group merges upwards while it cannot be paired.
//! - **Pairing in a group.** The top player of the group (in index order)
//!   meets the lowest player with whom the rest can still be paired with as
//!   many colour preferences granted as possible; then the next one, and so
//!   on. A player who cannot be paired inside the group floats down.
//! - **Colours.** As C.04.3 art. 5 (E1–E4); where they do not decide, the
//!   higher in the index gets their preference, and with no preference at all
//!   the initial colour by pairing-number parity (E5).
//!
//! The engine is in `engine.rs`; the per-player state (score, colour
//! history, opponents, bye eligibility) is the one the FIDE (Dutch) engine
//! uses, and so is the reading of files without `XXC`/`XXR`
//! ([`crate::dutch::as_checked`]).

mod engine;

use crate::dutch::colour::decided_by_history;
use crate::dutch::state::{self, PlayerState};
use crate::dutch::RoundCheck;
use crate::model::{ByeKind, Color, GameResult, PairError, Pairing, RoundEntry, Tournament};

pub use crate::dutch::{paired_rounds, recorded_pairing, state_before};

/// What the Burstein index of a player is made of (scores in half-points,
/// products of two scores for the tie-breaks).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Index {
    /// Score before the round, with the seeding-round extra point.
    pub score: i64,
    pub sonneborn_berger: i64,
    pub buchholz: i64,
    pub median: i64,
    /// Effective pairing number, 0-based.
    pub rank: u32,
}

impl Index {
    /// The order of the index: higher is better. Between players of the same
    /// score: Sonneborn-Berger, Buchholz, median, then the lower pairing
    /// number; a floater is compared with the Buchholz and median scores
    /// multiplied by each player's own score.
    pub fn compare(&self, o: &Index) -> std::cmp::Ordering {
        use std::cmp::Reverse;
        if self.score == o.score {
            (
                self.sonneborn_berger,
                self.buchholz,
                self.median,
                Reverse(self.rank),
            )
                .cmp(&(o.sonneborn_berger, o.buchholz, o.median, Reverse(o.rank)))
        } else {
            (
                self.sonneborn_berger,
                self.buchholz * self.score,
                self.median * self.score,
                Reverse(self.rank),
            )
                .cmp(&(
                    o.sonneborn_berger,
                    o.buchholz * o.score,
                    o.median * o.score,
                    Reverse(o.rank),
                ))
        }
    }
}

/// The seeding-round extra points: for round index `k` (0-based) 0 or 1,
/// the upper half of the players of round 1, by pairing number, get a win's
/// points. Players absent from round 1 between them get it too but do not
/// take a place. Empty from round 3 on.
pub fn seeding_points(t: &Tournament, round: u32) -> Vec<(u32, Vec<i32>)> {
    if round > 2 {
        return Vec::new();
    }
    let in_round_one = |id: u32| -> bool {
        match state::entry(t, id, 0) {
            RoundEntry::Game { .. } | RoundEntry::Bye(ByeKind::PairingAllocated) => true,
            _ if round == 1 => state::takes_part(t, id, 1),
            _ => false,
        }
    };
    let mut bound = t.players.iter().filter(|p| in_round_one(p.id)).count();
    let mut out = Vec::new();
    if bound > 1 {
        for p in &t.players {
            out.push((p.id, vec![t.points.win; 2]));
            if in_round_one(p.id) {
                bound -= 2;
                if bound <= 1 {
                    break;
                }
            }
        }
    }
    out
}

/// The virtual opponent's points in an unplayed round (C.02, 2017, art.
/// 13.15.2): the opposite result of the player's.
fn virtual_opponent_points(t: &Tournament, e: &RoundEntry) -> i64 {
    let ps = &t.points;
    let (win, draw) = (i64::from(ps.win), i64::from(ps.draw));
    match *e {
        RoundEntry::Game {
            result: Some(GameResult::ForfeitWin),
            ..
        } => i64::from(ps.forfeit_loss),
        RoundEntry::Game { .. } => win,
        RoundEntry::Bye(ByeKind::Half) => draw,
        RoundEntry::Bye(ByeKind::Full) => i64::from(ps.forfeit_loss),
        RoundEntry::Bye(ByeKind::PairingAllocated) => {
            let bye = ps.pairing_bye;
            if bye < ps.win {
                if bye < ps.draw {
                    win
                } else {
                    draw
                }
            } else {
                i64::from(ps.forfeit_loss)
            }
        }
        RoundEntry::Bye(ByeKind::Zero) | RoundEntry::NotPaired => win,
    }
}

/// The index of every player of the event before `round` (index = id − 1).
fn indexes(t: &Tournament, states: &[PlayerState], round: u32) -> Vec<Index> {
    let before = round as usize - 1;
    let draw = i64::from(t.points.draw);
    let acc = |id: u32| i64::from(t.acceleration(id, before));
    // opponents' scores: an unplayed game counts as a draw
    let adjusted: Vec<i64> = t
        .players
        .iter()
        .map(|p| {
            acc(p.id)
                + (0..before)
                    .map(|k| {
                        let f = state::round_fact(t, &state::entry(t, p.id, k));
                        if f.played {
                            i64::from(f.points)
                        } else {
                            draw
                        }
                    })
                    .sum::<i64>()
        })
        .collect();
    t.players
        .iter()
        .zip(states)
        .map(|(p, s)| {
            let mut sb = 0i64;
            let mut bh = 0i64;
            let (mut lo, mut hi) = (i64::MAX, i64::MIN);
            if before > 0 {
                let mut virtual_points = (before as i64 - 1) * draw + acc(p.id);
                for k in 0..before {
                    let e = state::entry(t, p.id, k);
                    let f = state::round_fact(t, &e);
                    let pts = i64::from(f.points);
                    let opp = match (f.played, f.opponent) {
                        (true, Some(o)) => adjusted.get(o as usize - 1).copied().unwrap_or(0),
                        _ => virtual_points + virtual_opponent_points(t, &e),
                    };
                    sb += pts * opp;
                    bh += opp;
                    lo = lo.min(opp);
                    hi = hi.max(opp);
                    virtual_points += pts - draw;
                }
            }
            let median = if before <= 2 { 0 } else { bh - lo - hi };
            Index {
                score: i64::from(s.score),
                sonneborn_berger: sb,
                buchholz: bh,
                median,
                rank: s.rank,
            }
        })
        .collect()
}

/// The colour `p` gets against `o`: C.04.3 art. 5 E1–E4 on the colour
/// histories; then the preference of the one higher in the index; then, with
/// no preference, the initial colour by the pairing-number parity of the
/// higher-ranked player.
fn colour(p: &PlayerState, o: &PlayerState, ip: &Index, io: &Index, initial: Color) -> Color {
    if let Some((c, _)) = decided_by_history(p, o) {
        return c;
    }
    match (p.preference, o.preference) {
        (None, _) => {
            if p.rank < o.rank {
                if p.rank & 1 == 1 {
                    initial.opposite()
                } else {
                    initial
                }
            } else if o.rank & 1 == 1 {
                initial
            } else {
                initial.opposite()
            }
        }
        (Some(mine), theirs) => {
            if ip.compare(io) == std::cmp::Ordering::Less {
                theirs.map_or(mine, Color::opposite)
            } else {
                mine
            }
        }
    }
}

/// The pairing of round `round` (1-based) under the Burstein system. Uses the
/// rounds before `round`; players whose entry for `round` is already a bye or
/// "not paired" are absent, and withdrawn players are not paired.
pub fn pair(t: &Tournament, round: u32) -> Result<Pairing, PairError> {
    crate::dutch::check_round(t, round)?;
    let mut t = t.clone();
    if t.accelerations.is_empty() {
        t.accelerations = seeding_points(&t, round);
    }
    let states = state::build(&t, round);
    let index = indexes(&t, &states, round);
    let sorted: Vec<usize> = (0..t.players.len())
        .filter(|&i| state::takes_part(&t, t.players[i].id, round))
        .collect();
    // by score, then index (a consistent order)
    let sorted = engine::list_sort(sorted, |a, b| {
        index[a].score > index[b].score
            || (index[a].score == index[b].score
                && index[a].compare(&index[b]) == std::cmp::Ordering::Greater)
    });
    let no_pairing = |reason: &str| PairError::NoValidPairing {
        round,
        reason: reason.into(),
    };
    let mut sorted = sorted;
    let mut bye = None;
    if sorted.len() % 2 == 1 {
        let Some(pos) = sorted.iter().rposition(|&i| states[i].bye_eligible) else {
            return Err(no_pairing(
                "no player may receive the pairing-allocated bye",
            ));
        };
        bye = Some(sorted.remove(pos));
    }
    let pairs = engine::run(&states, &index, &sorted).ok_or_else(|| {
        no_pairing(
            "the players cannot all be paired without a rematch, a forbidden pair or \
             two players with the same absolute colour preference",
        )
    })?;
    let mut boards: Vec<(u32, u32)> = pairs
        .iter()
        .map(|&(a, b)| {
            let (pa, pb) = (&states[a], &states[b]);
            match colour(pa, pb, &index[a], &index[b], t.initial_color) {
                Color::White => (pa.id, pb.id),
                Color::Black => (pb.id, pa.id),
            }
        })
        .collect();
    // board order: the higher score on the board (without the seeding
    // point), then the lower score, then the pairing number of the higher
    let plain = |id: u32| {
        i64::from(states[id as usize - 1].score) - i64::from(t.acceleration(id, round as usize - 1))
    };
    boards.sort_by_key(|&(w, b)| {
        let (hi, lo) = if (plain(w), std::cmp::Reverse(states[w as usize - 1].rank))
            >= (plain(b), std::cmp::Reverse(states[b as usize - 1].rank))
        {
            (w, b)
        } else {
            (b, w)
        };
        (
            std::cmp::Reverse(plain(hi)),
            std::cmp::Reverse(plain(lo)),
            states[hi as usize - 1].rank,
        )
    });
    Ok(Pairing {
        boards,
        bye: bye.map(|i| states[i].id),
    })
}

/// Re-pairs every round paired in the file from the state before it and
/// compares with the recorded pairing (the file read as a checker must read
/// it: see [`crate::dutch::as_checked`]). The violations stay empty: the
/// differing boards are the report.
pub fn check_tournament(t: &Tournament) -> Vec<RoundCheck> {
    check_with(t, pair)
}

/// [`check_tournament`] for a system whose engine is `pair` (Burstein, Lim):
/// every paired round re-paired from the state before it, absences read as
/// the endorsed engine reads them.
pub fn check_with(
    t: &Tournament,
    pair: fn(&Tournament, u32) -> Result<Pairing, PairError>,
) -> Vec<RoundCheck> {
    let t = crate::dutch::as_checked(t);
    (1..=paired_rounds(&t))
        .map(|round| {
            let mut before = state_before(&t, round);
            // A player with an empty entry for the round, or whose line
            // ends before it (a late entry, a withdrawal), was absent from
            // it, as with a zero-point bye: neither paired nor counted in the
            // pairing numbers (the endorsed engine reads such a file so).
            let k = round as usize - 1;
            for (p, o) in before.players.iter_mut().zip(&t.players) {
                if matches!(o.rounds.get(k), None | Some(RoundEntry::NotPaired)) {
                    let mut rounds: Vec<RoundEntry> = o.rounds.iter().take(k).copied().collect();
                    rounds.resize(k, RoundEntry::NotPaired);
                    rounds.push(RoundEntry::Bye(ByeKind::Zero));
                    p.rounds = rounds;
                }
            }
            RoundCheck {
                round,
                recorded: recorded_pairing(&t, round),
                engine: pair(&before, round),
                violations: Vec::new(),
            }
        })
        .collect()
}
