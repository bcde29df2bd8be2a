//! The audit log, for the staff.

use super::*;
use crate::domain::ids::TournamentId;

pub struct AuditLine {
    pub at: String,
    pub user: String,
    pub action: String,
    pub entity: String,
    pub before: String,
    pub after: String,
}

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
    let offset: i64 = web::Query::<HashMap<String, String>>::from_query(req.query_string())
        .ok()
        .and_then(|q| q.get("offset").and_then(|o| o.parse().ok()))
        .unwrap_or(0i64)
        .max(0);
    page(&state, &req, move |conn, viewer| {
        require_role(conn, &viewer.actor, tid, &[Role::Organizer, Role::Arbiter])?;
        let nav = TournamentNav::load(conn, viewer, tid, "audit")?;
        let rows: Vec<AuditRow> = audit::for_tournament(conn, tid, AUDIT_PAGE + 1, offset)?;
        let more = rows.len() as i64 > AUDIT_PAGE;
        let names = users::user_names(conn)?;
        let pretty = |s: &Option<String>| {
            s.as_deref()
                .and_then(|s| serde_json::from_str::<serde_json::Value>(s).ok())
                .map(|v| serde_json::to_string_pretty(&v).unwrap_or_default())
                .unwrap_or_default()
        };
        let lines = rows
            .iter()
            .take(AUDIT_PAGE as usize)
            .map(|r| AuditLine {
                at: crate::web::pages::local_time(&r.at),
                user: r
                    .user_id
                    .and_then(|u| names.get(&u).cloned())
                    .unwrap_or_else(|| "system".into()),
                action: r.action.clone(),
                entity: format!(
                    "{} {}",
                    r.entity,
                    r.entity_id.map(|i| i.to_string()).unwrap_or_default()
                ),
                before: pretty(&r.before_state),
                after: pretty(&r.after_state),
            })
            .collect();
        let title = format!("{} · {}", viewer.tr().t("audit"), nav.name);
        Ok(AuditPage {
            base: Base::new(viewer, title, Some(nav)),
            tid,
            lines,
            offset,
            more,
        })
    })
    .await
}
