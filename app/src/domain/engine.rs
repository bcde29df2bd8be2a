//! The calls into the `pairing` crate (the same library functions its CLI uses):
//! FIDE Dutch, Burstein, Dubov, Lim or Double-Swiss for a Swiss, Berger tables for a round robin, the
//! pairing checker, and standings with tie-breaks.

use super::kinds::PairingSystem;
use super::{DomainError, DomainResult};
use pairing::tiebreak::TieBreak;
use pairing::{Pairing, Tournament, TournamentKind};
use serde::Serialize;
use utoipa::ToSchema;

/// Pairs `round`. For the Double-Swiss that is a match's first game (an odd
/// round): the crate pairs match (`round` + 1) / 2 and gives game 1's colours;
/// the second game is written from the first (`rounds::write_pairing`).
pub fn pair(t: &Tournament, system: PairingSystem, round: u32) -> DomainResult<Pairing> {
    if system.is_double_swiss() && round.is_multiple_of(2) {
        // the second game: nothing for the engine to decide
        return Ok(Pairing::default());
    }
    let result = match (t.kind, system) {
        (TournamentKind::Swiss, PairingSystem::DoubleSwiss) => {
            pairing::double_swiss::pair(t, round.div_ceil(2))
        }
        (TournamentKind::Swiss, PairingSystem::Burstein) => pairing::burstein::pair(t, round),
        (TournamentKind::Swiss, PairingSystem::Lim) => pairing::lim::pair(t, round),
        (TournamentKind::Swiss, PairingSystem::Dubov) => pairing::dubov::pair(t, round),
        (TournamentKind::Swiss, _) => pairing::dutch::pair(t, round),
        (TournamentKind::RoundRobin { .. }, _) => pairing::berger::pair_round(t, round),
    };
    result.map_err(|e| DomainError::Pairing(super::library::pair_error(&e)))
}

/// A pairing criterion that a (hand-edited) pairing breaks.
#[derive(Clone, Debug, Serialize, ToSchema)]
pub struct ViolationView {
    /// The criterion's id in C.04.3 (`C1` no rematch, `C3` colours, …).
    pub criterion: String,
    pub description: String,
}

/// The Dutch criteria a pairing breaks. (The other Swiss systems' criteria
/// are not the Dutch C1–C21: a hand-edited pairing of theirs is not checked.)
pub fn check(t: &Tournament, system: PairingSystem, round: u32, p: &Pairing) -> Vec<ViolationView> {
    if !matches!(t.kind, TournamentKind::Swiss) || system != PairingSystem::Swiss {
        return vec![];
    }
    pairing::dutch::check_pairing(t, round, p)
        .into_iter()
        .map(|v| ViolationView {
            criterion: v.criterion,
            description: v.message,
        })
        .collect()
}

pub struct EngineRow {
    pub start_no: u32,
    pub rank: u32,
    pub points: i32,
    pub values: Vec<Option<f64>>,
    pub performance: Option<i32>,
}

pub fn standings(t: &Tournament, codes: &[String]) -> DomainResult<Vec<EngineRow>> {
    let order: Vec<TieBreak> = codes
        .iter()
        .map(|c| c.parse::<TieBreak>())
        .collect::<Result<_, _>>()
        .map_err(|_| {
            DomainError::invalid(
                "tiebreaks",
                msg!("the tie-break order holds an unknown code"),
            )
        })?;
    let rows = pairing::standings::compute(t, &order, pairing::tiebreak::Edition::default());
    Ok(rows
        .into_iter()
        .map(|r| EngineRow {
            start_no: r.id,
            rank: r.rank,
            points: r.points,
            values: r.values.iter().map(|v| v.map(|v| v.as_f64())).collect(),
            performance: r.performance,
        })
        .collect())
}
