//! FIDE (Dutch) Swiss system, handbook C.04.3 (effective from 1 July 2025),
//! with the basic rules C.04.1 and the general handling rules C.04.2.
//!
//! - [`pair`] makes the pairing of a round;
//! - [`check_pairing`] lists the criteria a (possibly hand-edited) pairing breaks.
//!
//! The pairing follows the criteria in their order of priority by solving a
//! sequence of maximum-weight matchings (see `engine`): absolute criteria C1–C3,
//! completion C4, the pairing-allocated bye (C.04.2, C5, C9), then the quality
//! criteria C6–C21 bracket by bracket from the top score down, and finally the
//! order of exchanges and transpositions of C.04.3 art. 3. Colours follow art. 5
//! (E1–E5), with the initial colour of `XXC` for round 1 and the rank-parity rule.
//!
//! Players absent from the round (an entry already made for it: a half-point,
//! zero-point or full-point bye, or "not paired") and withdrawn players are not
//! paired. Forfeited games are not games: they give no colour and the two players
//! may meet again, but a forfeit win, like the pairing-allocated bye, excludes a
//! later pairing-allocated bye (C.04.1).

mod check;
pub(crate) mod colour;
mod engine;
mod infer;
pub(crate) mod state;

pub use check::{
    absolute_violations, check_pairing, check_tournament, Finding, RoundCheck, Violation,
};
pub use infer::{as_checked, inferred_initial_colour, initial_colour_stated};

use crate::model::{Color, PairError, Pairing, PlayerId, Tournament};

/// What the engine needs to pair `round` of `t`: the participants (players
/// not absent from the round, not withdrawn) by score, then rank.
fn engine_setup<'a>(
    t: &Tournament,
    round: u32,
    states: &'a [state::PlayerState],
) -> engine::Setup<'a> {
    let mut sorted: Vec<usize> = (0..t.players.len())
        .filter(|&i| state::takes_part(t, t.players[i].id, round))
        .collect();
    sorted.sort_by_key(|&i| (std::cmp::Reverse(states[i].score), states[i].rank, i));
    engine::Setup::new(
        states,
        sorted,
        round - 1,
        t.total_rounds,
        t.points.win.max(t.points.draw),
    )
}

/// Whether `round` (1-based) can be paired in `t`: rounds count from 1, do
/// not go past `XXR`, and the players are listed by pairing number.
pub fn check_round(t: &Tournament, round: u32) -> Result<(), PairError> {
    let invalid = |reason: String| Err(PairError::InvalidRound { round, reason });
    if round == 0 {
        return invalid("rounds are numbered from 1".into());
    }
    if t.total_rounds > 0 && round > t.total_rounds {
        return invalid(format!("the tournament has {} rounds", t.total_rounds));
    }
    for (i, p) in t.players.iter().enumerate() {
        if p.id as usize != i + 1 {
            return invalid(format!(
                "player {} is listed with pairing number {}",
                i + 1,
                p.id
            ));
        }
    }
    Ok(())
}

/// The pairing of round `round` (1-based) of a Swiss tournament under the FIDE
/// (Dutch) System. Uses the rounds before `round`; players whose entry for
/// `round` is already a bye or "not paired" are absent, and withdrawn players
/// are not paired. Boards are ordered by the higher score on the board, then
/// the lower score, then the rank of the higher-ranked player; the bye is not a board.
pub fn pair(t: &Tournament, round: u32) -> Result<Pairing, PairError> {
    check_round(t, round)?;
    let states = state::build(t, round);
    let setup = engine_setup(t, round, &states);
    let outcome = engine::run(&setup).map_err(|_| PairError::NoValidPairing {
        round,
        reason: "the players cannot all be paired without a rematch, a forbidden pair, \
                 two players with the same absolute colour preference, or a second \
                 pairing-allocated bye"
            .into(),
    })?;
    let mut boards: Vec<(PlayerId, PlayerId)> = outcome
        .pairs
        .iter()
        .map(|&(a, b)| {
            let (pa, pb) = (&states[setup.sorted[a]], &states[setup.sorted[b]]);
            let (lo, hi) = if pa.id < pb.id { (pa, pb) } else { (pb, pa) };
            match colour::colour_of(lo, hi, t.initial_color) {
                Color::White => (lo.id, hi.id),
                Color::Black => (hi.id, lo.id),
            }
        })
        .collect();
    order_boards(&states, &mut boards);
    Ok(Pairing {
        boards,
        bye: outcome
            .unpaired
            .first()
            .map(|&v| states[setup.sorted[v]].id),
    })
}

/// Board order: higher score on the board, then lower score, then the rank of
/// the higher-ranked player.
fn order_boards(states: &[state::PlayerState], boards: &mut [(PlayerId, PlayerId)]) {
    let key = |&(w, b): &(PlayerId, PlayerId)| {
        let (pw, pb) = (&states[w as usize - 1], &states[b as usize - 1]);
        let (hi, lo) = if colour::ranks_above(pw, pb) {
            (pw, pb)
        } else {
            (pb, pw)
        };
        (
            std::cmp::Reverse(hi.score),
            std::cmp::Reverse(lo.score),
            hi.rank,
        )
    };
    boards.sort_by_key(key);
}

/// The pairing in the `.pairs` form of the endorsed engines: the number of lines
/// that follow, one `white black` line per board, `bye 0` last.
pub fn to_pairs_text(p: &Pairing) -> String {
    let mut s = format!("{}\n", p.boards.len() + p.bye.is_some() as usize);
    for (w, b) in &p.boards {
        s.push_str(&format!("{w} {b}\n"));
    }
    if let Some(b) = p.bye {
        s.push_str(&format!("{b} 0\n"));
    }
    s
}

/// Reads the `.pairs` form back (see [`to_pairs_text`]).
pub fn parse_pairs_text(text: &str) -> Option<Pairing> {
    let mut lines = text.lines().map(str::trim).filter(|l| !l.is_empty());
    let count: usize = lines.next()?.parse().ok()?;
    let mut p = Pairing::default();
    for _ in 0..count {
        let mut it = lines.next()?.split_whitespace();
        let a: PlayerId = it.next()?.parse().ok()?;
        let b: PlayerId = it.next()?.parse().ok()?;
        if b == 0 {
            p.bye = Some(a);
        } else {
            p.boards.push((a, b));
        }
    }
    Some(p)
}

/// A copy of the tournament as it stood before `round` was paired: later
/// rounds removed, and for `round` itself only the absences kept (byes other
/// than the pairing-allocated one, "not paired").
pub fn state_before(t: &Tournament, round: u32) -> Tournament {
    use crate::model::{ByeKind, RoundEntry};
    let mut c = t.clone();
    let k = round as usize - 1;
    for p in &mut c.players {
        p.rounds.truncate(round as usize);
        if let Some(e) = p.rounds.get(k) {
            let keep = matches!(
                e,
                RoundEntry::Bye(ByeKind::Half | ByeKind::Zero | ByeKind::Full)
            );
            if !keep {
                p.rounds.truncate(k);
            }
        }
        while p.rounds.last() == Some(&RoundEntry::NotPaired) {
            p.rounds.pop();
        }
        // a player who took part in this round was not yet withdrawn
        if p.withdrawn
            && t.player(p.id)
                .and_then(|o| o.rounds.get(k))
                .is_some_and(|e| {
                    matches!(
                        e,
                        RoundEntry::Game { .. } | RoundEntry::Bye(ByeKind::PairingAllocated)
                    )
                })
        {
            p.withdrawn = false;
        }
    }
    c
}

/// The pairing actually recorded for `round` in the tournament.
pub fn recorded_pairing(t: &Tournament, round: u32) -> Pairing {
    use crate::model::{ByeKind, RoundEntry};
    let k = round as usize - 1;
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

/// Number of rounds that have pairings (games or a pairing-allocated bye).
pub fn paired_rounds(t: &Tournament) -> u32 {
    use crate::model::{ByeKind, RoundEntry};
    t.players
        .iter()
        .filter_map(|p| {
            p.rounds.iter().rposition(|e| {
                matches!(
                    e,
                    RoundEntry::Game { .. } | RoundEntry::Bye(ByeKind::PairingAllocated)
                )
            })
        })
        .max()
        .map_or(0, |i| i as u32 + 1)
}
