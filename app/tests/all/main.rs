//! The app's integration tests, in one test binary (one link instead of one
//! per file): a module per area, sharing the harness in `common`.
//!
//! Run one area: `cargo test -p app --test all visibility::`.

mod common;

mod api_guards;
mod backup;
mod crash;
mod desk;
mod e2e_tournaments;
mod exports_pdf;
mod exports_trf;
mod fide_mode;
mod pages_browser;
mod pages_crawl;
mod pages_desk;
mod pages_forms;
mod sealed_log;
mod trust;
mod visibility;
