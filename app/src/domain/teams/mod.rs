//! Team competitions (issue 20): a tournament run as a team event.
//!
//! The mathematics is the `pairing` crate's team engine (`pairing/src/team/`,
//! described in `pairing/README.md`, "Team competitions"): this module keeps
//! the event in the database (migrations `*_teams`), rebuilds the engine's
//! [`TeamTournament`] from the rows ([`load`]) and runs every operation in ONE
//! transaction with ONE audit row (the audit row bumps the tournament's
//! version, `migrations/*/2026-11-24-180000_instances`).
//!
//! - Teams are numbered in the order they are entered (their pairing number,
//!   C.04.6 leaves the initial order to the regulations); a roster is in
//!   board order, reserves after the regulars, fixed once round 1 is paired.
//! - A line-up names roster places board by board (`null`: an empty board,
//!   a forfeit once both line-ups are in); the engine's `check_lineup` keeps
//!   roster order. A team's captain (a user account linked to the team) may
//!   submit his own team's line-up of a published round until the deadline
//!   the organizer set; an arbiter may do so at any time (audited as such).
//! - Board results are written as for individual games (`1-0`, `½-½`, `+/-`,
//!   `-/-`, `0-½`, `0-0`, …); match results follow from the game points.
//! - Visibility: a paired round stays with the staff until it is published
//!   ([`Audience`]); the public also sees the players of a match only once
//!   both line-ups are in.

use super::audit::Entry;
use super::kinds::{
    BoardColourRule, InitialColour, RoundState, TeamColourPreference, TeamPrimaryScore,
    TeamSystemKind, TournamentStatus,
};
use super::results::parse_result;
use super::{now, require_role, Actor, Audience, DomainError, DomainResult, Role};
use crate::db::schema::{
    rounds as individual_rounds, team_boards, team_events, team_matches, team_members, team_rounds,
    teams, tournaments, users,
};
use crate::db::DbConnection;
use crate::domain::kinds::GameKind;
use diesel::prelude::*;
use pairing::team::tiebreak::{board_ranking, team_standings, TeamTieBreak};
use pairing::team::{
    self as engine, Board, BoardColours, BoardResult, ColourPreferenceType, Match, PrimaryScore,
    Team, TeamRound, TeamSettings, TeamSystem, TeamTournament,
};
use pairing::{Color, GameResult, HalfPoints, Player, PointSystem};
use serde::{Deserialize, Serialize};
use std::collections::HashMap;
use utoipa::ToSchema;

mod absences;
mod lineups;
mod model;
mod paste;
mod regulations;
mod results;
mod roster;
mod rounds;
mod standings;
mod trf;

pub use absences::*;
pub use lineups::*;
pub use model::*;
pub use paste::*;
pub use regulations::*;
pub use results::*;
pub use roster::*;
pub use rounds::*;
pub use standings::*;
pub use trf::*;

#[cfg(test)]
mod tests;
