//! The app's integration tests, in one test binary (one link instead of one
//! per file): a module per area, sharing the harness in `common`.
//!
//! Run one area: `cargo test -p app --test all visibility::`.

mod common;

mod api_contract;
mod api_guards;
mod backup;
mod chess960;
mod crash;
mod demo_games;
mod desk;
mod e2e_tournaments;
mod entries;
mod event_browser;
mod exports_pdf;
mod exports_trf;
mod fide_mode;
mod hall;
mod instances;
mod laws_editions;
mod norms;
mod norms_teams;
mod numbers;
mod operations;
mod page_reach;
mod pages_admin;
mod pages_browser;
mod pages_crawl;
mod pages_desk;
mod pages_desk_frictions;
mod pages_forms;
mod pages_prizes;
mod pages_readers;
mod pages_regulations;
mod pages_round_tools;
mod personal_data;
mod pgn_import;
mod pgn_roundtrip;
mod prizes;
mod rating_lists;
mod screens;
mod sealed_log;
mod security;
mod systems;
mod teams;
mod teams_browser;
mod teams_pages;
mod translations;
mod trust;
mod venue;
mod visibility;
