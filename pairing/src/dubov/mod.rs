//! The Dubov Swiss system, FIDE Handbook C.04.4.1 (edition approved by the
//! Council on 28 October 2025, applied from 1 February 2026), written from
//! the text of the rules; `pairing/README.md` ("Dubov system") lists every
//! point of interpretation.
//!
//! - [`pair`] makes the pairing of a round;
//! - [`check_tournament`] re-pairs every round of a file and compares.
//!
//! The text, in short:
//!
//! - **Definitions (art. 1).** Scoregroups; a bracket holds the resident
//!   players of a scoregroup and possibly upfloaters from lower scoregroups
//!   (there are no downfloaters). Colour preference (1.6): absolute when the
//!   colour difference is beyond ±1 or the last two games had the same
//!   colour, strong at ±1, mild at 0 (alternate); a player without games has
//!   a mild preference for Black. ARO (1.7): the average rating of the
//!   opponents met over the board, rounded half up, 0 without games. A
//!   maximum upfloater (1.8) has been upfloated MaxT = 2 + ⌊Rnds/5⌋ times.
//! - **Criteria (art. 2).** Absolute: [C1] no rematch, [C2] no second
//!   pairing-allocated bye (nor after a forfeit win), [C3] two players with
//!   the same absolute colour preference do not meet. Completion: [C4] the
//!   round-pairing can be completed. Quality, in order: [C5] fewest
//!   upfloaters; [C6] smallest score differences of the pairs with
//!   upfloaters (descending order), i.e. upfloaters with the highest scores;
//!   [C7] fewest players without their colour preference; unless it is the
//!   last round, [C8] fewest maximum upfloaters among the upfloaters, [C9]
//!   fewest upfloats of maximum upfloaters, [C10] fewest upfloaters who
//!   upfloated in the previous round.
//! - **Process (art. 3).** The pairing-allocated bye first (3.1: eligible,
//!   allowing a complete pairing, lowest score, most games played, largest
//!   TPN); then the scoregroups from the top (3.2): the minimum number of
//!   upfloaters, the first best set of them (order of art. 4.2), G1 (White
//!   seekers, or the first half by TPN when nobody in the bracket has played)
//!   and G2; shifts between them (3.2.4, order of art. 4.3) so that they are
//!   of equal size; S1 = G1 by ascending ARO then TPN; T2 = the first
//!   transposition of G2 (art. 4.4, TPN order) that gives a legal pairing,
//!   S1\[i\] against T2\[i\].
//! - **Colours (art. 5.2).** Both without games: the higher ranked player
//!   gets the initial colour if their TPN is odd; then grant both
//!   preferences; the stronger preference; alternate to the most recent
//!   game in which they had different colours; the preference of the higher
//!   ranked player.
//!
//! The per-player state (score, colour history, opponents, bye eligibility)
//! is the one the FIDE (Dutch) engine builds (`crate::dutch::state`); the
//! bracket procedure is in `engine.rs`, as a sequence of maximum-weight
//! matchings whose weights hold the criteria in their order of priority.

mod engine;

use crate::dutch::state::{self, PlayerState};
use crate::dutch::RoundCheck;
use crate::model::{ByeKind, Color, PairError, Pairing, RoundEntry, Tournament};

pub use crate::dutch::{paired_rounds, recorded_pairing, state_before};
pub use engine::middle_out;

/// Strength of a colour preference (art. 1.6).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Strength {
    Mild,
    Strong,
    Absolute,
}

/// What the Dubov pairing knows of a player before the round.
#[derive(Clone, Debug)]
pub struct DubovPlayer {
    pub id: u32,
    /// Tournament pairing number (TPN), 1-based, among the players in the event.
    pub tpn: u32,
    /// Score before the round, half-points (with `XXA` points, if any).
    pub score: i32,
    pub rating: u32,
    /// Average rating of the opponents met over the board (art. 1.7).
    pub aro: u32,
    /// The colour preference (art. 1.6); a player without games prefers Black, mildly.
    pub preference: Color,
    pub strength: Strength,
    /// Colours of the games played over the board, oldest first.
    pub colors: Vec<Color>,
    /// Times upfloated: paired with an opponent who had a higher score.
    pub upfloats: u32,
    /// Upfloated in the previous round.
    pub previous_upfloat: bool,
    pub bye_eligible: bool,
    pub played_games: u32,
    /// Opponents met over the board and `XXP` pairs.
    pub forbidden: std::collections::HashSet<u32>,
}

impl DubovPlayer {
    /// [C1] and [C3]: the two may meet.
    pub fn may_meet(&self, o: &DubovPlayer) -> bool {
        let same_absolute = self.strength == Strength::Absolute
            && o.strength == Strength::Absolute
            && self.preference == o.preference;
        !(self.forbidden.contains(&o.id) || o.forbidden.contains(&self.id) || same_absolute)
    }

    /// Ranks above `o` for art. 5.2.1: more points, then the smaller TPN.
    pub fn ranks_above(&self, o: &DubovPlayer) -> bool {
        (self.score, std::cmp::Reverse(self.tpn)) > (o.score, std::cmp::Reverse(o.tpn))
    }
}

/// MaxT (art. 1.8.2): 2 + ⌊Rnds/5⌋.
pub fn max_t(rounds: u32) -> u32 {
    2 + rounds / 5
}

/// ARO (art. 1.7.1): the sum of the opponents' ratings over the number of
/// opponents, to the nearest integer, the higher one at .5; 0 without games.
pub fn aro(ratings: &[u32]) -> u32 {
    if ratings.is_empty() {
        return 0;
    }
    let sum: u64 = ratings.iter().map(|&r| u64::from(r)).sum();
    let n = ratings.len() as u64;
    ((2 * sum + n) / (2 * n)) as u32
}

fn player_info(t: &Tournament, s: &PlayerState, round: u32) -> DubovPlayer {
    let before = round as usize - 1;
    let rating = |id: u32| t.player(id).and_then(|p| p.rating).unwrap_or(0);
    let facts: Vec<_> = (0..before)
        .map(|k| state::round_fact(t, &state::entry(t, s.id, k)))
        .collect();
    let opponents: Vec<u32> = facts
        .iter()
        .filter(|f| f.played)
        .filter_map(|f| f.opponent)
        .map(rating)
        .collect();
    // scores before round k (0-based), with the pairing-only points
    let score_before = |id: u32, k: usize| -> i32 {
        (0..k)
            .map(|j| state::round_fact(t, &state::entry(t, id, j)).points)
            .sum::<i32>()
            + t.acceleration(id, k)
    };
    let upfloated = |k: usize| -> bool {
        matches!(state::entry(t, s.id, k), RoundEntry::Game { opponent, .. }
            if score_before(opponent, k) > score_before(s.id, k))
    };
    let upfloats = (0..before).filter(|&k| upfloated(k)).count() as u32;
    let previous_upfloat = before > 0 && upfloated(before - 1);
    let (preference, strength) = match s.preference {
        None => (Color::Black, Strength::Mild),
        Some(c) if s.absolute() => (c, Strength::Absolute),
        Some(c) if s.imbalance == 1 => (c, Strength::Strong),
        Some(c) => (c, Strength::Mild),
    };
    DubovPlayer {
        id: s.id,
        tpn: s.rank + 1,
        score: s.score,
        rating: rating(s.id),
        aro: aro(&opponents),
        preference,
        strength,
        colors: s.colors.clone(),
        upfloats,
        previous_upfloat,
        bye_eligible: s.bye_eligible,
        played_games: s.played_games,
        forbidden: s.forbidden.clone(),
    }
}

/// The Dubov view of every player taking part in `round` (1-based), in
/// pairing-number order.
pub fn players(t: &Tournament, round: u32) -> Vec<DubovPlayer> {
    let states = state::build(t, round);
    states
        .iter()
        .filter(|s| state::takes_part(t, s.id, round))
        .map(|s| player_info(t, s, round))
        .collect()
}

/// The colour of `p` against `o` (art. 5.2), `initial` being the initial colour.
pub fn colour(p: &DubovPlayer, o: &DubovPlayer, initial: Color) -> Color {
    let (hi, lo, flip) = if p.ranks_above(o) {
        (p, o, false)
    } else {
        (o, p, true)
    };
    let hi_colour = colour_of_higher(hi, lo, initial);
    if flip {
        hi_colour.opposite()
    } else {
        hi_colour
    }
}

/// The colour of the higher ranked player `hi` against `lo` (art. 5.2.1–5.2.5).
fn colour_of_higher(hi: &DubovPlayer, lo: &DubovPlayer, initial: Color) -> Color {
    // 5.2.1 both have yet to play a game
    if hi.colors.is_empty() && lo.colors.is_empty() {
        return if hi.tpn % 2 == 1 {
            initial
        } else {
            initial.opposite()
        };
    }
    // 5.2.2 grant both preferences
    if hi.preference != lo.preference {
        return hi.preference;
    }
    // 5.2.3 grant the stronger preference
    if hi.strength != lo.strength {
        return if hi.strength > lo.strength {
            hi.preference
        } else {
            lo.preference.opposite()
        };
    }
    // 5.2.4 alternate to the most recent time one had White and the other Black
    for (a, b) in hi.colors.iter().rev().zip(lo.colors.iter().rev()) {
        if a != b {
            return a.opposite();
        }
    }
    // 5.2.5 the preference of the higher ranked player
    hi.preference
}

/// The pairing of round `round` (1-based) under the Dubov system. Uses the
/// rounds before `round`; players whose entry for `round` is already a bye
/// or "not paired" are absent, and withdrawn players are not paired.
pub fn pair(t: &Tournament, round: u32) -> Result<Pairing, PairError> {
    crate::dutch::check_round(t, round)?;
    let ps = players(t, round);
    let rounds = t.total_rounds.max(round);
    let last_round = t.total_rounds > 0 && round == t.total_rounds;
    let out =
        engine::run(&ps, max_t(rounds), last_round).ok_or_else(|| PairError::NoValidPairing {
            round,
            reason: "the players cannot all be paired without a rematch, a forbidden pair, \
                     two players with the same absolute colour preference or a second \
                     pairing-allocated bye"
                .into(),
        })?;
    let mut boards: Vec<(u32, u32)> = out
        .pairs
        .iter()
        .map(|&(a, b)| {
            let (pa, pb) = (&ps[a], &ps[b]);
            match colour(pa, pb, t.initial_color) {
                Color::White => (pa.id, pb.id),
                Color::Black => (pb.id, pa.id),
            }
        })
        .collect();
    // board order: the higher score on the board, then the lower score, then
    // the TPN of the higher ranked player
    let by_id = |id: u32| ps.iter().find(|p| p.id == id);
    boards.sort_by_key(|&(w, b)| {
        let (pw, pb) = (by_id(w), by_id(b));
        let key = |p: Option<&DubovPlayer>| p.map_or((0, 0), |p| (p.score, p.tpn));
        let (kw, kb) = (key(pw), key(pb));
        let (hi, lo) = if (kw.0, std::cmp::Reverse(kw.1)) >= (kb.0, std::cmp::Reverse(kb.1)) {
            (kw, kb)
        } else {
            (kb, kw)
        };
        (std::cmp::Reverse(hi.0), std::cmp::Reverse(lo.0), hi.1)
    });
    Ok(Pairing {
        boards,
        bye: out.bye.map(|i| ps[i].id),
    })
}

/// The state before `round` as a checker reads it: a player with an empty
/// entry for the round, or whose line ends before it, was absent from it,
/// as with a zero-point bye.
fn checked_state_before(t: &Tournament, round: u32) -> Tournament {
    let mut before = state_before(t, round);
    let k = round as usize - 1;
    for (p, o) in before.players.iter_mut().zip(&t.players) {
        if matches!(o.rounds.get(k), None | Some(RoundEntry::NotPaired)) {
            let mut rounds: Vec<RoundEntry> = o.rounds.iter().take(k).copied().collect();
            rounds.resize(k, RoundEntry::NotPaired);
            rounds.push(RoundEntry::Bye(ByeKind::Zero));
            p.rounds = rounds;
        }
    }
    before
}

/// Same boards (in any order) and the same bye.
fn same(a: &Pairing, b: &Pairing) -> bool {
    let set = |p: &Pairing| {
        let mut v = p.boards.clone();
        v.sort_unstable();
        (v, p.bye)
    };
    set(a) == set(b)
}

/// Re-pairs every round paired in the file from the state before it and
/// compares with the recorded pairing (the file read as a checker must read
/// it: see [`crate::dutch::as_checked`]). Without `XXC`, the initial colour
/// is the one under which the first round whose pairing depends on it was
/// paired as recorded (art. 5.2.1 gives it to the higher ranked of two
/// players who have yet to play, by score then TPN, which the Dutch
/// inference from the first round with colours does not follow). The
/// violations stay empty: the differing boards are the report.
pub fn check_tournament(t: &Tournament) -> Vec<RoundCheck> {
    let mut t = crate::dutch::as_checked(t);
    let rounds = paired_rounds(&t);
    if !crate::dutch::initial_colour_stated(&t) {
        for round in 1..=rounds {
            let before = checked_state_before(&t, round);
            let mut other = before.clone();
            other.initial_color = before.initial_color.opposite();
            let (a, b) = (pair(&before, round), pair(&other, round));
            if let (Ok(a), Ok(b)) = (&a, &b) {
                if !same(a, b) {
                    if same(b, &recorded_pairing(&t, round)) {
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
            engine: pair(&checked_state_before(&t, round), round),
            violations: Vec::new(),
        })
        .collect()
}
