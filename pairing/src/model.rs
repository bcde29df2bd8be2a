//! The tournament model shared by every part of the crate (TRF, Dutch system,
//! Berger tables, tie-breaks, standings) and by the `app` crate.
//!
//! This file is a contract: add to it freely, but do not rename or remove what is
//! here without updating every caller in the workspace.
//!
//! Points are integer **half-points** everywhere (`HalfPoints`): a win under the
//! usual system is 2, a draw 1. Formatting to `1`, `½`, `1.5` happens at the edges.

use serde::{Deserialize, Serialize};

/// Points in half-point units (1 point = 2).
pub type HalfPoints = i32;

/// A player's pairing number (starting rank), 1-based, as in TRF columns 5–8.
pub type PlayerId = u32;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Color {
    White,
    Black,
}

impl Default for Color {
    /// White: the top-ranked player's usual colour in round 1 (`XXC white1`).
    fn default() -> Self {
        Color::White
    }
}

impl Color {
    pub fn opposite(self) -> Color {
        match self {
            Color::White => Color::Black,
            Color::Black => Color::White,
        }
    }
}

/// The points each kind of round outcome is worth, in half-points.
/// Defaults: win 1, draw ½, loss 0, forfeit win 1, forfeit loss 0, pairing-allocated
/// bye 1, full-point bye 1, half-point bye ½, zero-point bye 0, not paired 0.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PointSystem {
    pub win: HalfPoints,
    pub draw: HalfPoints,
    pub loss: HalfPoints,
    pub forfeit_win: HalfPoints,
    pub forfeit_loss: HalfPoints,
    pub pairing_bye: HalfPoints,
    pub full_bye: HalfPoints,
    pub half_bye: HalfPoints,
    pub zero_bye: HalfPoints,
    pub not_paired: HalfPoints,
}

impl Default for PointSystem {
    fn default() -> Self {
        PointSystem {
            win: 2,
            draw: 1,
            loss: 0,
            forfeit_win: 2,
            forfeit_loss: 0,
            pairing_bye: 2,
            full_bye: 2,
            half_bye: 1,
            zero_bye: 0,
            not_paired: 0,
        }
    }
}

/// The result of a scheduled game from one player's side.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum GameResult {
    /// Played over the board.
    Win,
    Draw,
    Loss,
    /// Not played: `+` (the opponent did not appear) / `-`. A double forfeit is
    /// `ForfeitLoss` on both sides. Forfeits give no colour and are no "meeting".
    ForfeitWin,
    ForfeitLoss,
    /// Played over the board, but the points were set by an arbiter's penalty and
    /// need not be symmetric (art. 12.3(b) `0–½`, art. 12.9 `0–0`): the player's
    /// own points, in half-points.
    Adjusted(HalfPoints),
}

impl GameResult {
    /// Whether the game was played over the board (counts for colours, rematches,
    /// and over-the-board tie-breaks).
    pub fn played(self) -> bool {
        !matches!(self, GameResult::ForfeitWin | GameResult::ForfeitLoss)
    }
}

/// The kinds of bye (round without an opponent).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum ByeKind {
    /// Pairing-allocated bye (TRF `U`).
    PairingAllocated,
    /// Requested / awarded full-point bye (TRF `F`).
    Full,
    /// Requested half-point bye (TRF `H`).
    Half,
    /// Zero-point bye, a known absence (TRF `Z`).
    Zero,
}

/// What happened to one player in one round.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum RoundEntry {
    /// A scheduled game (played or forfeited). `result: None` while it is not
    /// finished (a paired round being played).
    Game {
        opponent: PlayerId,
        color: Color,
        result: Option<GameResult>,
    },
    Bye(ByeKind),
    /// Not paired (blank TRF block): withdrawn, late entry, free round of an odd
    /// round robin. Worth `PointSystem::not_paired`.
    NotPaired,
}

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Player {
    /// Pairing number, 1-based; `players[i].id == i as u32 + 1`.
    pub id: PlayerId,
    pub name: String,
    pub rating: Option<u32>,
    pub title: Option<String>,
    pub federation: Option<String>,
    pub fide_id: Option<u64>,
    /// As written in TRF (`YYYY/MM/DD`), kept verbatim.
    pub birth_date: Option<String>,
    pub sex: Option<char>,
    /// One entry per round, index 0 = round 1. May be shorter than the number of
    /// rounds played so far (missing entries mean `NotPaired`).
    pub rounds: Vec<RoundEntry>,
    /// Withdrawn from the event: not paired in rounds not yet paired.
    pub withdrawn: bool,
    /// Points as recorded in the source (TRF columns 81–84), if any.
    pub recorded_points: Option<HalfPoints>,
    /// Rank as recorded in the source (TRF columns 86–89; ties allowed), if any.
    #[serde(default)]
    pub recorded_rank: Option<u32>,
}

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum TournamentKind {
    #[default]
    Swiss,
    RoundRobin {
        double: bool,
    },
}

/// Descriptive data of the event (TRF records 022–132), as written by the organizer.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct TournamentDetails {
    /// `022`
    pub city: Option<String>,
    /// `032`
    pub federation: Option<String>,
    /// `042`, as written (`YYYY/MM/DD`).
    pub start_date: Option<String>,
    /// `052`, as written.
    pub end_date: Option<String>,
    /// `102`
    pub chief_arbiter: Option<String>,
    /// `112`, one per deputy.
    pub deputy_arbiters: Vec<String>,
    /// `122`, free text (e.g. `90'+30"`).
    pub time_control: Option<String>,
    /// `132`: the date of each round, as written (`YY/MM/DD`); empty = not given.
    pub round_dates: Vec<String>,
}

/// What a TRF file held beyond the model, so that `trf::write(&trf::parse(x)?)`
/// gives back `x`. Empty for a tournament not read from a file.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct TrfLayout {
    /// The file's records in order.
    pub lines: Vec<TrfLine>,
    /// The line terminator of the file (`"\n"`, `"\r\n"` or `"\r"`); empty = `"\n"`.
    pub line_ending: String,
    /// Whether the last line was terminated.
    pub final_line_ending: bool,
    /// Games recorded with `W` / `D` / `L` (the game lasted less than one move):
    /// counted as played but never rated. (player, round) pairs, round 1-based.
    pub unrated_games: Vec<(PlayerId, u32)>,
}

/// One line of a TRF file as it was read.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum TrfLine {
    /// A `001` record of this player, as written.
    Player { id: PlayerId, text: String },
    /// Any other record, as written (header records, comments, unknown records).
    Record(String),
}

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Tournament {
    pub name: String,
    pub kind: TournamentKind,
    /// Total rounds of the event (TRF `XXR`), not the rounds played so far.
    pub total_rounds: u32,
    pub points: PointSystem,
    /// Colour of the top-ranked player in round 1 (`XXC white1` / `black1`).
    pub initial_color: Color,
    /// Pairs that must not meet (`XXP`), in either order.
    pub forbidden: Vec<(PlayerId, PlayerId)>,
    /// Accelerated rounds (C.04.5, e.g. Baku): points a player gets for pairing
    /// purposes only (`XXA`), per player, indexed by round − 1 (half-points).
    #[serde(default)]
    pub accelerations: Vec<(PlayerId, Vec<HalfPoints>)>,
    pub players: Vec<Player>,
    /// City, dates, arbiters, time control, round dates.
    #[serde(default)]
    pub details: TournamentDetails,
    /// The source file's layout, for a faithful TRF round trip.
    #[serde(default)]
    pub trf: TrfLayout,
}

impl Tournament {
    /// The pairing-only points of player `id` in round `k + 1` (0 without acceleration).
    pub fn acceleration(&self, id: PlayerId, k: usize) -> HalfPoints {
        self.accelerations
            .iter()
            .find(|(p, _)| *p == id)
            .and_then(|(_, a)| a.get(k).copied())
            .unwrap_or(0)
    }

    pub fn player(&self, id: PlayerId) -> Option<&Player> {
        self.players.get((id as usize).checked_sub(1)?)
    }

    /// The tournament without the layout of the file it was read from (for
    /// comparing models; a TRF written from it uses the standard layout).
    pub fn without_layout(&self) -> Tournament {
        Tournament {
            trf: TrfLayout {
                unrated_games: self.trf.unrated_games.clone(),
                ..TrfLayout::default()
            },
            ..self.clone()
        }
    }
}

/// One round's pairing: boards as (white, black) pairing numbers, and at most one
/// pairing-allocated bye.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Pairing {
    pub boards: Vec<(PlayerId, PlayerId)>,
    pub bye: Option<PlayerId>,
}

/// Why a round could not be paired.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PairError {
    #[error("round {round} cannot be paired: {reason}")]
    InvalidRound { round: u32, reason: String },
    #[error("no pairing of round {round} satisfies the absolute criteria: {reason}")]
    NoValidPairing { round: u32, reason: String },
}
