//! Interchange (SPEC §10): FIDE TRF export and import, PGN export.
//!
//! **TRF export** writes the tournament as the `pairing` crate's model sees it
//! (`model::build`), through `pairing::trf::write`: the header (name, place,
//! federation, dates, time control, rounds, initial colour, point system), one
//! `001` record per player with points and rank, the published rounds, and the
//! requested byes already known for the next round (`H`/`Z`/`F`).
//!
//! **TRF import** makes a new tournament of a TRF file in ONE transaction with
//! ONE audit row: regulations from the header, players by pairing number, every
//! paired round with its games and byes, and the byes in rounds not yet paired
//! as requested byes, so the event can be paired on where it stands. Export →
//! import → export gives the same file.
//!
//! **PGN export** of a game, a round or the whole tournament, through the rules
//! core's writer (`rules::pgn::write_game_with_comment`): the Seven Tag Roster
//! plus `WhiteElo`/`BlackElo`, `WhiteFideId`/`BlackFideId`, `Variant "Chess960"`
//! in a Chess960 event and `SetUp`/`FEN` for any start other than the standard
//! position. The movetext is the moves entered (`records::stored_game`), from
//! where they started, or the result alone.

use super::audit::Entry;
use super::model::{self, players_in_order};
use super::tournaments::{
    self, point_system, tiebreak_codes, Period, Regulations, TimeControl, TournamentView,
};
use super::{engine, now, Actor, Audience, DomainError, DomainResult};
use crate::db::models::{GameRow, NewGame, PlayerRow, RoundRow, TournamentRow};
use crate::db::schema::{
    bye_requests, forbidden_pairs, games, players, rounds, tournaments as tournaments_table,
};
use crate::db::DbConnection;
use crate::domain::kinds::{
    ByeRequestKind, GameKind, InitialColour, LateEntryBye, LawsEdition, Notation, PairingSystem,
    PlayerStatus, RatingOrder, RoundState, TournamentStatus, Variant,
};
use diesel::prelude::*;
use pairing::{ByeKind, Color, GameResult, PlayerId, PointSystem, RoundEntry};
use serde::Serialize;
use std::collections::HashMap;
use utoipa::ToSchema;

mod pgn;
mod trf_export;
mod trf_import;

pub use pgn::*;
pub use trf_export::*;
pub use trf_import::*;

#[cfg(test)]
mod tests;
