//! HTML pages (askama templates in `templates/`).

use actix_web::web;

/// Registers the pages.
pub fn configure(_cfg: &mut web::ServiceConfig) {}
