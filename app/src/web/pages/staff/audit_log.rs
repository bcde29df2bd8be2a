//! The audit log, for the staff (`views::audit_lines`).

use super::*;
use crate::domain::ids::TournamentId;
pub use crate::domain::views::AuditLine;

#[derive(Template)]
#[template(path = "audit.html")]
pub struct AuditPage {
    pub base: Base,
    pub tid: TournamentId,
    pub lines: Vec<AuditLine>,
    pub offset: i64,
    pub more: bool,
}

pub(super) const AUDIT_PAGE: i64 = 200;

pub async fn audit(
    state: web::Data<AppState>,
    req: HttpRequest,
    tid: web::Path<TournamentId>,
) -> Result<HttpResponse, PageError> {
    let tid = tid.into_inner();
    let offset = super::super::query_number(&req, "offset")
        .unwrap_or(0i64)
        .max(0);
    page(&state, &req, move |conn, viewer| {
        require_role(conn, &viewer.actor, tid, &[Role::Organizer, Role::Arbiter])?;
        let nav = TournamentNav::load(conn, viewer, tid, "audit")?;
        let (mut lines, more) = crate::domain::views::audit_lines(conn, tid, AUDIT_PAGE, offset)?;
        for l in &mut lines {
            l.at = crate::web::pages::local_time(&l.at);
        }
        let title = format!("{} · {}", viewer.tr().t("audit"), nav.name);
        let base = Base::new(viewer, title, Some(nav));
        Ok(AuditPage {
            base,
            tid,
            lines,
            offset,
            more,
        })
    })
    .await
}
