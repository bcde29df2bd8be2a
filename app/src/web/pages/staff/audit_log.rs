//! The audit log, for the staff (`views::audit_lines`).

use super::*;
use crate::domain::audit_text::Object;
use crate::domain::ids::TournamentId;
use crate::web::{Cx, Tid};

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
    /// A line of the log in the viewer's language, its time as local time.
    fn of(l: crate::domain::views::AuditLine, tr: &crate::i18n::Tr) -> AuditLine {
        let t = l.text;
        let mut details: Vec<String> = t.details.iter().map(|m| tr.msg(m)).collect();
        details.extend(
            t.stored
                .iter()
                .map(|s| crate::i18n::errors::stored(s, tr.lang)),
        );
        AuditLine {
            at: crate::web::pages::local_time(&l.at),
            user: l.user,
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

pub async fn audit(cx: Cx, Tid(tid): Tid) -> Result<HttpResponse, PageError> {
    let Cx { state, req } = cx;
    let offset = super::super::query_number(&req, "offset")
        .unwrap_or(0i64)
        .max(0);
    page(&state, &req, move |conn, viewer| {
        require_role(conn, &viewer.actor, tid, &[Role::Organizer, Role::Arbiter])?;
        let nav = TournamentNav::load(conn, viewer, tid, "audit")?;
        let (lines, more) = crate::domain::views::audit_lines(conn, tid, AUDIT_PAGE, offset)?;
        let tr = viewer.tr();
        let lines = lines.into_iter().map(|l| AuditLine::of(l, &tr)).collect();
        let title = format!("{} · {}", tr.t("audit"), nav.name);
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
