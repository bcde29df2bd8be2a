//! The Laws of Chess (FIDE) as an exact, dependency-free library.
//!
//! Positions with FEN / X-FEN / Shredder-FEN, legal move generation (standard
//! and Chess960), SAN in many languages, PGN, and the adjudication questions
//! an arbiter asks (mate, stalemate, dead position, can a side still mate).
//!
//! | module | what |
//! |---|---|
//! | [`Position`], [`fen`] | positions; FEN, X-FEN, Shredder-FEN; legal moves; Zobrist keys |
//! | [`chess960`] | start positions 0–959, random draw |
//! | [`san`], [`uci`] | notation: SAN writer, reader in 17 letter sets, coordinates |
//! | [`pgn`] | PGN reader (many games, any bytes) and writer; replay |
//! | [`perft`] | move-generator check |
//! | [`mating`] | can a side still mate ([`can_mate`]), dead positions |
//! | [`outcome`] | mate, stalemate, dead position; repetition and fifty-move claims |
//! | [`laws`] | editions of the Laws (2005, 2009, 2018, 2023): article numbers and consequences |
//! | [`validate`] | validating a recorded game and its result, by edition |
//! | [`sealed`] | sealed-move verdicts at adjourned games |
//!
//! ```
//! use rules::{san, Position};
//! let pos = Position::startpos();
//! let letters = san::LetterSet::from_code("pl").unwrap();
//! match san::read_move(&pos, "Sf3", letters) {
//!     san::MoveReading::Legal(mv) => assert_eq!(san::write_san(&pos, mv), "Nf3"),
//!     other => panic!("{other:?}"),
//! }
//! ```

pub mod attacks;
mod bitboard;
pub mod chess960;
mod color;
pub mod fen;
pub mod laws;
pub mod mating;
mod movegen;
mod moves;
pub mod outcome;
pub mod perft;
pub mod pgn;
mod piece;
mod position;
mod role;
pub mod san;
pub mod sealed;
mod square;
pub mod uci;
pub mod validate;
mod zobrist;

pub use bitboard::Bitboard;
pub use color::Color;
pub use mating::{can_mate, is_dead_position, CanMate};
pub use moves::{CastlingSide, Move, MoveKind, MoveList, MAX_MOVES};
pub use piece::Piece;
pub use position::{IllegalMoveError, Position};
pub use role::Role;
pub use square::Square;
