//! Team competitions: the model ([`model`]), round robins and Scheveningen
//! ([`schedule`]), the FIDE Swiss system for teams C.04.6 ([`swiss`]), team
//! tie-breaks and board statistics (C.07, [`tiebreak`]), TRF with team
//! records ([`trf`]), and the pairing checker ([`check`]) and random event
//! generator ([`generator`]) for the team Swiss.
//!
//! ```
//! use pairing::team::{self, Team, TeamSettings, TeamSystem, TeamTournament};
//! let mut t = TeamTournament {
//!     name: "League".into(),
//!     system: TeamSystem::Swiss,
//!     total_rounds: 3,
//!     settings: TeamSettings::new(4),
//!     ..TeamTournament::default()
//! };
//! for id in 1..=4 {
//!     t.teams.push(Team { id, name: format!("Team {id}"), ..Team::default() });
//! }
//! let round = team::pair_next_round(&t).unwrap();
//! assert_eq!(round.matches.len(), 2);
//! assert_eq!((round.matches[0].home, round.matches[0].away), (1, 3));
//! ```

pub mod check;
pub mod generator;
pub mod model;
pub mod schedule;
pub mod swiss;
pub mod tiebreak;
pub mod trf;

pub use model::*;
pub use schedule::TeamPairing;

use crate::model::PairError;

/// The round to pair next (1-based).
pub fn next_round(t: &TeamTournament) -> u32 {
    t.rounds.len() as u32 + 1
}

/// Pairs the next round by the event's system: the matches with empty
/// line-ups (Scheveningen: with the boards filled from the rosters). Append
/// the result to [`TeamTournament::rounds`].
pub fn pair_next_round(t: &TeamTournament) -> Result<TeamRound, PairError> {
    let round = next_round(t);
    if t.total_rounds > 0 && round > t.total_rounds {
        return Err(PairError::InvalidRound {
            round,
            reason: format!("the event has {} rounds", t.total_rounds),
        });
    }
    match t.system {
        TeamSystem::Swiss => Ok(swiss::pair_round(t, round)?.to_round(t)),
        TeamSystem::RoundRobin { .. } => Ok(schedule::round_robin(t, round)?.to_round(t)),
        TeamSystem::Scheveningen => schedule::scheveningen_round(t, round),
    }
}
