//! Tournament mathematics: the scoring model, FIDE TRF, the FIDE (Dutch) Swiss
//! system, Berger round-robin tables, tie-breaks and standings. Pure functions,
//! no I/O beyond what the `pairing` command-line tool does.

pub mod model;

pub use model::*;
