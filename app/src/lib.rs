//! Arbiter: the chess tournament server. See the README for the architecture:
//! `web` (HTTP) → `domain` (one transaction per operation, audited) → `pairing`
//! and `rules` (the mathematics and the Laws) → `db` (SQLite or PostgreSQL).

pub mod config;
pub mod db;
pub mod demo;
pub mod domain;
pub mod fuzzing;
pub mod loadgen;
pub mod pdf;
pub mod ratinggen;
pub mod secrets;
pub mod server;
pub mod sync;
pub mod web;
