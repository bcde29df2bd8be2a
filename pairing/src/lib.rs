//! Tournament mathematics: the scoring model, FIDE TRF, the FIDE (Dutch) Swiss
//! system, Berger round-robin tables, tie-breaks and standings. Pure functions,
//! no I/O beyond what the `pairing` command-line tool does.

pub mod berger;
pub mod blossom;
pub mod burstein;
pub mod double_swiss;
pub mod dubov;
pub mod dutch;
pub mod generator;
pub mod lim;
pub mod model;
pub mod norms;
pub mod rating;
pub mod rating_change;
pub mod standings;
pub mod team;
pub mod tiebreak;
pub mod trf;
mod upfloaters;

pub use model::*;
