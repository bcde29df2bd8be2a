//! The leaf every layer may use: typed ids (`ids`) and the closed sets of
//! words stored in the database (`kinds`). It names no other module of the
//! crate, so `db` and `domain` can both use it without `db` depending on
//! `domain`.

pub mod ids;
pub mod kinds;
