//! Arbiter: the chess tournament server. See `docs/architecture.md` for the map:
//! `web` (HTTP) → `domain` (one transaction per operation, audited) → `pairing`
//! and `rules` (the mathematics and the Laws) → `db` (SQLite or PostgreSQL).

/// Builds a [`domain::Msg`]: `msg!("round {} is already paired", n)`. The template is
/// a string literal with one `{}` per argument (no names, no format specs:
/// format such an argument at the site).
#[macro_export]
macro_rules! msg {
    ($template:literal $(,)?) => {
        $crate::domain::msg::Msg::new($template, ::std::vec::Vec::new())
    };
    ($template:literal, $($arg:expr),+ $(,)?) => {
        $crate::domain::msg::Msg::new(
            $template,
            ::std::vec![$($crate::domain::msg::ToArg::to_arg(&$arg)),+],
        )
    };
}

pub mod config;
pub mod db;
pub mod demo;
pub mod domain;
pub mod fuzzing;
pub mod i18n;
#[cfg(test)]
mod layers;
pub mod loadgen;
pub mod pdf;
pub mod publish;
pub mod ratinggen;
pub mod secrets;
pub mod server;
pub mod sync;
pub mod types;
pub mod web;
