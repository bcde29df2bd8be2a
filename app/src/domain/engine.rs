//! The calls into the `pairing` crate (the same library functions its CLI uses):
//! FIDE Dutch, Burstein, Dubov, Lim or Double-Swiss for a Swiss, Berger tables for a round robin, the
//! pairing checker, and standings with tie-breaks.

use super::kinds::PairingSystem;
use super::{DomainError, DomainResult, Msg};
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
    /// The criterion's id in C.04.3 (`C1` no rematch, `C3` colours, …), or
    /// for the other systems the Handbook section whose pairing it is not
    /// (`C.04.4.2` Burstein, `C.04.4.1` Dubov, `C.04.4.3` Lim, `C.04.5`
    /// Double-Swiss, `C.05` Berger tables).
    pub criterion: String,
    pub description: String,
    /// The description as a message the pages translate (when there is one).
    #[serde(skip)]
    pub message: Option<Msg>,
}

/// What a hand-edited pairing breaks: the Dutch criteria for the Dutch
/// system; for the other systems, which have no such list here, whether it
/// is the pairing the system itself gives (and if not, the system's boards).
pub fn check(t: &Tournament, system: PairingSystem, round: u32, p: &Pairing) -> Vec<ViolationView> {
    if matches!(t.kind, TournamentKind::Swiss) && system == PairingSystem::Swiss {
        return pairing::dutch::check_pairing(t, round, p)
            .into_iter()
            .map(|v| ViolationView {
                criterion: v.criterion,
                description: v.message,
                message: None,
            })
            .collect();
    }
    // A system that cannot pair the round has nothing to compare with.
    let Ok(own) = pair(t, system, round) else {
        return vec![];
    };
    if own == *p {
        return vec![];
    }
    // Players by name and pairing number (the number alone is not on the screen).
    let who = |n: u32| match n.checked_sub(1).and_then(|i| t.players.get(i as usize)) {
        Some(p) if !p.name.is_empty() => format!("{} ({n})", p.name),
        _ => n.to_string(),
    };
    let boards: Vec<String> = own
        .boards
        .iter()
        .enumerate()
        .map(|(i, &(w, b))| format!("{}. {} – {}", i + 1, who(w), who(b)))
        .collect();
    let section = match (t.kind, system) {
        (TournamentKind::RoundRobin { .. }, _) => "C.05",
        (_, PairingSystem::Dubov) => "C.04.4.1",
        (_, PairingSystem::Burstein) => "C.04.4.2",
        (_, PairingSystem::Lim) => "C.04.4.3",
        (_, PairingSystem::DoubleSwiss) => "C.04.5",
        _ => "C.04.3",
    };
    let m = match own.bye {
        None => msg!(
            "not the pairing of the tournament's system ({}), which is: {}",
            section,
            boards.join(", ")
        ),
        Some(bye) => msg!(
            "not the pairing of the tournament's system ({}), which is: {}; the pairing-allocated bye: {}",
            section,
            boards.join(", "),
            who(bye)
        ),
    };
    vec![ViolationView {
        criterion: section.to_string(),
        description: m.to_string(),
        message: Some(m),
    }]
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
