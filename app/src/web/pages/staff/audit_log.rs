//! The audit log, for the staff.

use super::*;
use crate::domain::audit_text::Object;
use crate::domain::ids::TournamentId;

pub struct AuditLine {
    pub at: String,
    pub user: String,
    /// What was done, in the viewer's language (`domain::audit_text`).
    pub what: String,
    /// To what: a game, a player, a round.
    pub object: String,
    /// What changed, a line each.
    pub details: Vec<String>,
}

impl AuditLine {
    /// A stored row as the staff read it.
    fn of(r: &AuditRow, user: String, tr: &crate::i18n::Tr) -> AuditLine {
        let state = |s: &Option<String>| {
            s.as_deref()
                .and_then(|s| serde_json::from_str::<serde_json::Value>(s).ok())
        };
        let (before, after) = (state(&r.before_state), state(&r.after_state));
        let t = crate::domain::audit_text::describe(
            &r.action,
            &r.entity,
            r.entity_id,
            before.as_ref(),
            after.as_ref(),
        );
        let mut details: Vec<String> = t.details.iter().map(|m| tr.msg(m)).collect();
        details.extend(
            t.stored
                .iter()
                .map(|s| crate::i18n::errors::stored(s, tr.lang)),
        );
        AuditLine {
            at: crate::web::pages::local_time(&r.at),
            user,
            what: tr.msg(&t.what),
            object: match t.object {
                Some(Object::Msg(m)) => tr.msg(&m),
                Some(Object::Name(n)) => n,
                None => String::new(),
            },
            details,
        }
    }
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
        let tr = viewer.tr();
        let lines = rows
            .iter()
            .take(AUDIT_PAGE as usize)
            .map(|r| {
                let user = r.user_id.and_then(|u| names.get(&u).cloned());
                AuditLine::of(r, user.unwrap_or_else(|| "system".into()), &tr)
            })
            .collect();
        let title = format!("{} · {}", tr.t("audit"), nav.name);
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
